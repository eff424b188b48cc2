"""Reading Morrigan's position notation (see :mod:`~boardgames.games.morrigan.position`).

:func:`read` turns the lines of a text into a
:class:`~boardgames.games.morrigan.position.MorriganPosition`, or raises a
:class:`~boardgames.NotationError` that names the token at fault.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any, Final

import attrs

from boardgames.core.errors import NotationError, UnknownComponentError
from boardgames.core.notation import Line, Token, header
from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan import actions
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    CARDS,
    CardId,
    CardKind,
    card_kind,
)
from boardgames.games.morrigan.position import (
    _BY_ID,
    _COPIES,
    _MOVES_BY_WORD,
    _PHASES_BY_NAME,
    GAME_NAME,
    HoldingPosition,
    MorriganPosition,
    OrdealPosition,
    ReinforcementPosition,
    SeatPosition,
    StakePosition,
    _canonical,
    _kind_of,
    _TooMany,
)
from boardgames.games.morrigan.state import (
    Attack,
    Clue,
    Duel,
    Effect,
    HistoryEntry,
    Place,
    Window,
    Zone,
)

__all__ = ["read"]

_KEYWORDS: Final = frozenset({"by", "on-play", "seen", "bluff", "blessed", "under", "with"})


def _items(tokens: Sequence[Token]) -> list[list[Token]]:
    """Split tokens into comma-separated items (a comma ends a token or stands alone)."""
    items: list[list[Token]] = [[]]
    for token in tokens:
        text = token.text
        parts = text.split(",")
        column = token.column
        for number, part in enumerate(parts):
            if part:
                items[-1].append(Token(part, token.line, column))
            column += len(part) + 1
            if number < len(parts) - 1:
                items.append([])
    return items


_NAMES: ContextVar[list[tuple[int, Token, int]] | None] = ContextVar("_NAMES", default=None)
"""The cards named so far in the text being read: kind, first token, count (for errors)."""


def _name(words: Sequence[Token], line: Line, hidden: bool, count: int = 1) -> CardId | None:
    """Read a card's name (``?``, ``NAME`` or ``NAME@ID``) from its words."""
    first = words[0]
    text = " ".join(word.text for word in words)
    if text == "?":
        return None
    name, hash_, number = text.partition("@")
    try:
        kind = card_kind(name)
    except UnknownComponentError as error:
        raise first.error(f"expected a card name such as 'Action 3' or 'Curse': {error}") from None
    named = _NAMES.get()
    if named is not None:
        named.append((int(kind), first, count))
    if not hash_:
        return -1 - int(kind)
    if hidden:
        raise first.error(f"a hidden card is named by its kind only, found {text!r}")
    if not number.isdecimal() or int(number) not in _COPIES[kind]:
        ids = ", ".join(map(str, _COPIES[kind]))
        raise first.error(f"expected an id of a {kind} card ({ids}) after '@', found {text!r}")
    return int(number)


def _card_list(line: Line, tokens: Sequence[Token], hidden: bool, what: str) -> list[CardId | None]:
    if not tokens:
        raise line.end_error(f"expected {what} (or '-' for none), found the end of the line")
    if len(tokens) == 1 and tokens[0].text == "-":
        return []
    cards: list[CardId | None] = []
    for item in _items(tokens):
        if not item:
            raise line.end_error(f"expected {what}: a card name between commas, found none")
        count = 1
        if item[0].text.isdecimal() and len(item) > 1:
            count = int(item[0].text)
            if not 1 <= count <= len(CARDS):
                raise item[0].error(f"expected a count of cards, found {item[0].text!r}")
            item = item[1:]
        card = _name(item, line, hidden, count)
        if count > 1 and card is not None and card >= 0:
            raise item[0].error("a count names cards of a kind, not one card with its id")
        cards += [card] * count
    return cards


def _known(cards: list[CardId | None], token: Token | None, what: str) -> list[CardId]:
    if any(card is None for card in cards):
        assert token is not None
        raise token.error(f"{what} are in view: each is named, not '?'")
    return [card for card in cards if card is not None]


def _seat(token: Token, players: int) -> PlayerId:
    if not token.text.isdecimal() or not 0 <= int(token.text) < players:
        raise token.error(f"expected a seat (0 to {players - 1}), found {token.text!r}")
    return int(token.text)


def _seats(line: Line, players: int, what: str) -> tuple[PlayerId, ...]:
    tokens = line.rest()
    if len(tokens) == 1 and tokens[0].text == "-":
        return ()
    if not tokens:
        raise line.end_error(f"expected {what} (or '-' for none), found the end of the line")
    return tuple(_seat(token, players) for token in tokens)


def _split_flags(item: list[Token], flags: frozenset[str]) -> tuple[list[Token], list[Token]]:
    for index, token in enumerate(item):
        if token.text in flags:
            return item[:index], item[index:]
    return item, []


def _reinforcement(
    item: list[Token], line: Line, players: int, owner: PlayerId | None
) -> ReinforcementPosition:
    words, flags = _split_flags(item, frozenset({"by", "on-play", "seen", "bluff"}))
    if not words:
        raise (flags[0] if flags else line.tokens[-1]).error("expected the card under it (or '?')")
    placer = owner
    on_play = seen = bluff = False
    tokens = iter(flags)
    for token in tokens:
        if token.text == "by" and owner is None:
            seat = next(tokens, None)
            if seat is None:
                raise token.error("expected a seat after 'by'")
            placer = _seat(seat, players)
        elif token.text == "on-play" and owner is None:
            on_play = True
        elif token.text == "seen":
            seen = True
        elif token.text == "bluff":
            bluff = True
        else:
            allowed = "seen, bluff" if owner is not None else "by SEAT, on-play, seen, bluff"
            raise token.error(f"expected {allowed} after the card, found {token.text!r}")
    if placer is None:
        raise words[0].error("expected 'by SEAT' after a card under an Adversary: who placed it")
    card = _name(words, line, hidden=not seen)
    if seen and card is None:
        raise words[0].error("a card everyone has seen is named, not '?'")
    return ReinforcementPosition(card, placer, not on_play, seen, bluff)


def _holding(line: Line, players: int, owner: PlayerId | None, what: str) -> HoldingPosition:
    tokens = line.rest()
    if not tokens:
        raise line.end_error(f"expected {what}, found the end of the line")
    words, rest = _split_flags(list(tokens), frozenset({"under"}))
    if not words:
        raise rest[0].error(f"expected {what} before 'under'")
    card = _name(words, line, hidden=False)
    if card is None:
        raise words[0].error(f"{what} is in view: it is named, not '?'")
    reinforcements: list[ReinforcementPosition] = []
    if rest:
        if len(rest) == 1:
            raise rest[0].error("expected the cards under it after 'under'")
        for item in _items(rest[1:]):
            if not item:
                raise rest[0].error("expected a card under it between commas, found none")
            reinforcements.append(_reinforcement(item, line, players, owner))
    return HoldingPosition(card, tuple(reinforcements))


def _clue_place(token: Token, players: int) -> Place:
    parts = token.text.split(":")
    try:
        if parts == ["draw"]:
            return (Zone.DRAW, 0, 0)
        if parts[0] in ("hand", "stake") and len(parts) == 2:
            zone = Zone.HAND if parts[0] == "hand" else Zone.STAKE
            return (zone, _seat(Token(parts[1], token.line, token.column), players), 0)
        if (
            parts[0] in ("under", "seen")
            and len(parts) == 3
            and parts[1].isdecimal()
            and parts[2].isdecimal()
        ):
            zone = Zone.SLOT if parts[0] == "under" else Zone.SEEN
            return (zone, int(parts[1]), int(parts[2]))
    except NotationError:
        pass
    raise token.error(
        "expected a clue's place: hand:SEAT, stake:SEAT, draw, under:ID:INDEX or "
        f"seen:STAMP:KIND, found {token.text!r}"
    )


def _clue(line: Line, players: int) -> Clue:
    tokens = list(line.rest())
    places_tokens, rest = _split_flags(tokens, frozenset({"="}))
    if not places_tokens:
        if rest:
            raise rest[0].error("expected the places of a clue before '='")
        raise line.end_error("expected the places of a clue, then '=' and its cards")
    if not rest:
        raise line.end_error("expected '=' and the cards of the clue, found the end of the line")
    places = sorted({_clue_place(token, players) for token in places_tokens})
    counts = [0] * len(CardKind)
    cards = _card_list(line, rest[1:], True, "the cards of the clue")
    if not cards:
        raise rest[0].error("a clue stands for one card or more")
    for card in cards:
        if card is None:
            raise rest[0].error("a clue names the kinds of its cards, not '?'")
        counts[_kind_of(card)] += 1
    return Clue(tuple(places), tuple(counts))


def _kind_word(token: Token, text: str) -> CardKind:
    try:
        return card_kind(text.replace("-", " "))
    except UnknownComponentError as error:
        raise token.error(
            f"expected a card kind such as 'Action-3' in {token.text!r}: {error}"
        ) from None


def _value_of(token: Token, text: str) -> int:
    if not text.isdecimal() or not 1 <= int(text) <= 5:
        raise token.error(f"expected a value from 1 to 5 in {token.text!r}")
    return int(text)


def _id_of(token: Token, text: str) -> CardId:
    if not text.isdecimal() or not 0 <= int(text) < len(CARDS):
        raise token.error(f"expected a card id from 0 to {len(CARDS) - 1} in {token.text!r}")
    return int(text)


def _move(token: Token, players: int) -> tuple[PlayerId, actions.PublicAction]:
    seat_text, _, move = token.text.partition(":")
    seat = _seat(Token(seat_text, token.line, token.column), players)
    word, _, argument = move.partition(":")
    action: actions.PublicAction
    if word in _MOVES_BY_WORD and not argument:
        action = _MOVES_BY_WORD[word]()
    elif word in ("staked", "staked+blessing") and not argument:
        action = actions.Staked(word != "staked")
    elif word == "play":
        kind = _kind_word(token, argument)
        if kind in (CardKind.SORCERY, CardKind.CURSE, CardKind.BLESSING, CardKind.CATAPULT):
            raise token.error(f"{kind} is not played alone: found {token.text!r}")
        value = kind.face_value
        if kind.type.name == "TERRITORY":
            action = actions.PlayTerritory(value)
        elif kind.type.name == "ADVERSARY":
            action = actions.PlayAdversary(value)
        elif kind.type.name == "ORDEAL":
            action = actions.PlayOrdeal(value)
        elif kind.type.name == "SPECIAL":
            action = actions.PlaySpecial(kind)
        else:
            raise token.error(f"an Action card is not played alone: found {token.text!r}")
    elif word == "sorcery":
        action = actions.PlaySorcery(_seat(Token(argument, token.line, token.column), players))
    elif word in ("fight", "conquer", "choose", "lose"):
        target = _id_of(token, argument)
        action = _BY_ID[word](target)
    elif word in ("action", "maletar"):
        value = _value_of(token, argument)
        action = actions.AddAction(value) if word == "action" else actions.ReinforceMaletar(value)
    elif word in ("take", "discard"):
        kind = _kind_word(token, argument)
        action = actions.TakeFromDiscard(kind) if word == "take" else actions.Discard(kind)
    else:
        raise token.error(
            f"expected a move SEAT:MOVE such as '1:play:Territory-3' or '2:down', found "
            f"{token.text!r}"
        )
    return seat, _rules_actions().get(action, action)


@functools.cache
def _rules_actions() -> dict[object, actions.PublicAction]:
    """The rules' own public action objects, by value (the history shares them)."""
    from boardgames.games.morrigan.rules import _public_actions  # the rules are heavy to load

    return {action: action for action in _public_actions()}


_SEAT_KEYS: Final = ("hand", "territory", "won", "floor", "clue")
_TOP_KEYS: Final = (
    "turn",
    "active",
    "phase",
    "discard",
    "draw",
    "adversary",
    "effect",
    "window",
    "ordeal",
    "stake",
    "attack",
    "duel",
    "reinforced",
    "target",
    "winner",
    "seat",
    "moves",
    "origin",
)
_REPEATED: Final = frozenset({"adversary", "effect", "stake", "duel", "moves", "origin"})


@attrs.define
class _Reading:
    """What the lines of a text said so far."""

    players: int
    fields: dict[str, Any] = attrs.Factory(dict)
    seats: list[dict[str, Any]] = attrs.Factory(list)
    adversaries: list[HoldingPosition] = attrs.Factory(list)
    effects: list[Effect] = attrs.Factory(list)
    stakes: list[StakePosition] = attrs.Factory(list)
    duel: dict[str, Any] = attrs.Factory(dict)
    targets: list[tuple[str, Token, CardId]] = attrs.Factory(list)
    history: list[HistoryEntry] = attrs.Factory(list)
    origin: list[Line] = attrs.Factory(list)
    seen: set[str] = attrs.Factory(set)


def _target(line: Line, words: Sequence[Token]) -> tuple[Token, CardId]:
    if not words:
        raise line.end_error("expected a card on the table, found the end of the line")
    card = _name(words, line, hidden=False)
    if card is None:
        raise words[0].error("expected a card on the table, found '?'")
    return words[0], card


def read(all_lines: list[Line]) -> MorriganPosition:
    """Read a position from the lines of its text.

    Raises:
        NotationError: The text is not a position; the message names the token at fault.
    """
    first, players = header(all_lines, GAME_NAME, 2, 5)
    first.finish()
    reading = _Reading(players, seats=[{} for _ in range(players)])
    names = _NAMES.set([])
    try:
        for line in all_lines[1:]:
            _read_line(line, reading)
        return _assemble(reading)
    finally:
        _NAMES.reset(names)


def _once(reading: _Reading, key: str, token: Token) -> None:
    if key in reading.seen:
        raise token.error(f"'{key}' is given twice")
    reading.seen.add(key)


def _read_line(line: Line, reading: _Reading) -> None:
    players = reading.players
    token = line.take("a keyword")
    key = token.text
    if key not in _TOP_KEYS:
        raise token.error(
            f"expected a line starting with one of {', '.join(_TOP_KEYS)}; found {key!r}"
        )
    if key not in _REPEATED and key != "seat":
        _once(reading, key, token)
    fields = reading.fields
    if key == "origin":
        origin_line = line.rest_line()
        if origin_line is None:
            raise line.end_error("expected a line of the origin after 'origin'")
        reading.origin.append(origin_line)
        return
    if key == "moves":
        turn = line.integer("the turn of the moves", 1, 10**6)
        moves = line.rest()
        if not moves:
            raise line.end_error("expected moves SEAT:MOVE after the turn")
        reading.history += [(turn, *_move(move, players)) for move in moves]
        return
    if key == "turn":
        fields["turn"] = line.integer("the turn", 1, 10**6)
    elif key == "active":
        fields["active"] = line.integer("the active player's seat", 0, players - 1)
    elif key == "phase":
        name = line.take("a phase")
        if name.text not in _PHASES_BY_NAME:
            raise name.error(
                f"expected a phase ({', '.join(_PHASES_BY_NAME)}), found {name.text!r}"
            )
        fields["phase"] = _PHASES_BY_NAME[name.text]
    elif key == "discard":
        cards = _card_list(line, line.rest(), False, "the discard pile")
        fields["discard_pile"] = tuple(_known(cards, line.tokens[1], "the discarded cards"))
    elif key == "draw":
        fields["draw_pile"] = tuple(
            _known(
                _card_list(line, line.rest(), True, "the top of the draw pile"),
                line.tokens[1],
                "the named cards of the draw pile",
            )
        )
    elif key == "adversary":
        reading.adversaries.append(_holding(line, players, None, "an Adversary"))
    elif key == "effect":
        words, rest = _split_flags(list(line.rest()), frozenset({"by"}))
        if len(rest) != 2:
            if rest:
                raise rest[0].error("expected 'by SEAT' after the effect's card")
            raise line.end_error("expected 'by SEAT' after the effect's card")
        _, card = _target(line, words)
        reading.effects.append(Effect(card, _seat(rest[1], players)))
    elif key == "window":
        fields["window"] = _seats(line, players, "the players still to decide")
    elif key == "ordeal":
        words, rest = _split_flags(list(line.rest()), frozenset({"round"}))
        _, card = _target(line, words)
        if len(rest) < 4 or rest[2].text != "waiting":
            raise (rest[0] if rest else words[-1]).error(
                "expected 'round R waiting SEAT ...' after the Ordeal"
            )
        round_token = rest[1]
        if not round_token.text.isdecimal() or not 1 <= int(round_token.text) <= 6:
            raise round_token.error(
                f"expected the staking round (1 to 6), found {round_token.text!r}"
            )
        waiting: tuple[PlayerId, ...] = ()
        if not (len(rest) == 4 and rest[3].text == "-"):
            waiting = tuple(_seat(t, players) for t in rest[3:])
        fields["ordeal"] = (card, int(round_token.text), waiting)
    elif key == "stake":
        seat = line.integer("the staker's seat", 0, players - 1)
        words, flags = _split_flags(list(line.rest()), frozenset({"blessed", "bluff"}))
        if not words:
            raise line.end_error("expected the staked card (or '?')")
        staked = _name(words, line, hidden=True)
        texts = [flag.text for flag in flags]
        for flag in flags:
            if texts.count(flag.text) > 1 or flag.text not in ("blessed", "bluff"):
                raise flag.error(f"unexpected {flag.text!r} after the stake")
        blessing = -1 - int(CardKind.BLESSING) if "blessed" in texts else None
        reading.stakes.append(StakePosition(seat, staked, blessing, "bluff" in texts))
    elif key == "attack":
        how = line.take("fight or conquer")
        if how.text not in ("fight", "conquer"):
            raise how.error(f"expected fight or conquer, found {how.text!r}")
        words, rest = _split_flags(list(line.rest()), frozenset({"with"}))
        where, target = _target(line, words)
        reading.targets.append(("attack", where, target))
        cards = []
        if rest:
            cards = _card_list(line, rest[1:], False, "the attack's cards")
            cards = list(_known(cards, rest[0], "the attack's cards"))
        catapult = -1 - int(CardKind.CATAPULT)
        fields["attack"] = (
            how.text == "conquer",
            tuple(c for c in cards if c is not None and _kind_of(c) != CardKind.CATAPULT),
            tuple(
                c
                for c in cards
                if c is not None and (_kind_of(c) == CardKind.CATAPULT or c == catapult)
            ),
        )
    elif key == "duel":
        part = line.take("attack, maletar or waiting")
        if part.text not in ("attack", "maletar", "waiting"):
            raise part.error(
                f"expected attack, maletar or waiting after 'duel', found {part.text!r}"
            )
        _once(reading, f"duel {part.text}", part)
        if part.text == "waiting":
            reading.duel["waiting"] = _seats(line, players, "the opponents still to decide")
        else:
            cards = _card_list(line, line.rest(), False, f"the duel's {part.text} cards")
            reading.duel[part.text] = tuple(_known(cards, part, "the duel's cards"))
    elif key == "reinforced":
        for item in _items(line.rest()):
            where, card = _target(line, item)
            reading.targets.append(("reinforced", where, card))
    elif key == "target":
        where, card = _target(line, line.rest())
        reading.targets.append(("target", where, card))
    elif key == "winner":
        fields["winner"] = line.integer("the winner's seat", 0, players - 1)
    elif key == "seat":
        seat = line.integer("a seat", 0, players - 1)
        name = line.take("what the line says of the seat")
        if name.text not in _SEAT_KEYS:
            raise name.error(
                f"expected one of {', '.join(_SEAT_KEYS)} after 'seat {seat}', found {name.text!r}"
            )
        values = reading.seats[seat]
        if name.text in ("hand", "won", "floor"):
            _once(reading, f"seat {seat} {name.text}", name)
        if name.text == "hand":
            values["hand"] = tuple(_card_list(line, line.rest(), True, "the hand's cards"))
        elif name.text == "territory":
            values.setdefault("territories", []).append(
                _holding(line, players, seat, "a Territory")
            )
        elif name.text == "won":
            cards = _card_list(line, line.rest(), False, "the won cards")
            values["won"] = tuple(_known(cards, name, "won cards"))
        elif name.text == "floor":
            values["floor"] = line.integer(
                "how many cards are known not to be Action cards", 0, 100
            )
        else:
            values.setdefault("clues", []).append(_clue(line, players))
    line.finish()


def _assemble(reading: _Reading) -> MorriganPosition:
    fields = reading.fields
    keywords: dict[str, Any] = {
        key: fields[key]
        for key in ("turn", "active", "phase", "discard_pile", "draw_pile", "winner")
        if key in fields
    }
    seats = []
    for values in reading.seats:
        seat: dict[str, Any] = dict(values)
        if "territories" in seat:
            seat["territories"] = tuple(seat["territories"])
        if "clues" in seat:
            seat["clues"] = tuple(sorted(seat["clues"], key=lambda clue: clue.places))
        seats.append(SeatPosition(**seat))
    keywords["seats"] = tuple(seats)
    keywords["adversaries"] = tuple(reading.adversaries)
    keywords["effects"] = tuple(reading.effects)
    if "ordeal" in fields:
        card, round, waiting = fields["ordeal"]
        keywords["ordeal"] = OrdealPosition(card, waiting, round, tuple(reading.stakes))
    elif reading.stakes:
        raise NotationError("stakes are given, but no 'ordeal' line")
    if reading.duel:
        keywords["duel"] = Duel(
            reading.duel.get("attack", ()),
            reading.duel.get("maletar", ()),
            reading.duel.get("waiting", ()),
        )
    attack = fields.get("attack")
    if attack is not None:
        keywords["attack"] = Attack(-1, attack[0], attack[1], attack[2])
    position = MorriganPosition(players=reading.players, history=tuple(reading.history), **keywords)
    try:
        position = _canonical(position, lambda card: True)
    except _TooMany as error:
        seen = 0
        for kind, token, count in _NAMES.get() or ():
            seen += count if kind == error.kind else 0
            if seen > len(_COPIES[error.kind]):
                raise token.error(str(error)) from None
        raise NotationError(str(error)) from None
    position = _resolve_targets(position, reading.targets)
    if "window" in fields:
        if not position.adversaries:
            raise NotationError("a window is given, but no Adversary is in the centre")
        position = attrs.evolve(
            position, window=Window(position.adversaries[-1].card, fields["window"])
        )
    if reading.origin:
        if not reading.history:
            raise (
                reading.origin[0].tokens[0].error("an origin is given, but no moves start from it")
            )
        position = attrs.evolve(position, origin=read(reading.origin))
    return position


def _resolve_targets(
    position: MorriganPosition, targets: list[tuple[str, Token, CardId]]
) -> MorriganPosition:
    holdings = [h.card for h in position.adversaries] + [
        h.card for seat in position.seats for h in seat.territories
    ]
    reinforced: set[CardId] = set()
    for what, token, card in targets:
        if card < 0:
            matches = [h for h in holdings if CARD_KINDS[h] == _kind_of(card)]
            if len(matches) != 1:
                found = "none" if not matches else f"{len(matches)}: write NAME@ID"
                raise token.error(
                    f"expected a card on the table, found {CardKind(_kind_of(card))} ({found})"
                )
            card = matches[0]
        elif card not in holdings:
            raise token.error(f"expected a card on the table, found {CARDS[card].kind}@{card}")
        if what == "attack":
            assert position.attack is not None
            position = attrs.evolve(position, attack=attrs.evolve(position.attack, target=card))
        elif what == "target":
            position = attrs.evolve(position, target=card)
        else:
            reinforced.add(card)
    if reinforced:
        position = attrs.evolve(position, reinforced=frozenset(reinforced))
    return position

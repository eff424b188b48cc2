"""Positions of Magellan: Elcano: a table written down as people see it, and read back.

A :class:`MagellanPosition` describes what people set up: the round, who holds the
Pigafetta card and who is to move, each captain's cards in hand and on the table, the
ocean and storm cards shown and won, and what everyone remembers of cards hidden again.
Whatever it leaves out is whatever the rules allow, drawn from the seed of
:meth:`MagellanElcano.setup <boardgames.games.magellan_elcano.MagellanElcano.setup>`: the
order of every deck, the cards of a hand it does not name, the face-down cards written
``?``, and the face-up ocean and storm cards of a colour it does not list. The sizes
follow from the rules: in round ``r`` each captain's deck holds ``10 - 2 (r - 1)`` cards,
so his hand holds the rest of his 15 once the cards on the table are counted.

The text notation has one fact a line; ``#`` starts a comment::

    >>> from boardgames.games.magellan_elcano.position import MagellanPosition
    >>> position = MagellanPosition.parse('''
    ...     magellan-elcano players 2
    ...     round 2
    ...     first 1
    ...     to-move 0
    ...     seat 0 hand R1/B4 G7
    ...     seat 1 red R2/B3 G3/R5
    ...     seat 1 won green 3
    ... ''')
    >>> position.seats[1].columns[0], position.round
    ((1, 10), 2)
    >>> print(position)
    magellan-elcano players 2
    round 2
    first 1
    to-move 0
    seat 0 hand R1/B4 G7
    seat 1 red R2/B3 G3/R5
    seat 1 won green 3

The lines, in the order ``str`` writes them (each at most once):

* ``magellan-elcano players N [storms]``: first, always.
* ``round R``, ``first S``, ``to-move S`` (or ``to-move none`` once the game is over).
* ``ocean COLOUR V V ...``: the face-up ocean cards of a colour by value, oldest first
  (``-`` for none); a colour without a line has ``round`` less the cards of that colour
  won, drawn from the seed.
* ``storm-pile V ...``: the face-up storm cards by value (``-`` for none); with storms and
  no line, ``round`` less the storm cards won, drawn from the seed.
* ``seat S hand-size N``: the number of cards in hand, when it is not the number the round
  and the cards on the table leave: the cards left over go to the face-up discard, drawn
  from the seed.
* ``seat S hand CARD ...``: cards known to be in the hand (the rest are drawn).
* ``seat S red|blue|green CARD ...``: a face-up column, in play order.
* ``seat S storm CARD|? ...``: the face-down storm column, in play order.
* ``seat S discard CARD ...``: the face-up discard; ``seat S face-down CARD|? ...``: the
  face-down discard.
* ``seat S won COLOUR V V ... COLOUR V ...``: the ocean cards won, in the order won;
  ``seat S won-storms V ...``: the storm cards won, by value.
* ``seat S passed``: the captain has passed this round.
* ``seat S known CARD=PLACES ...``: a card everyone saw face up that is hidden again, and
  the places it may be in now (``hand``, ``storm``, ``face-down``, joined by ``|``).
* ``seat S groups SIZE:CARDS:NEVER ...``: the face-down groups (see
  :class:`~boardgames.games.magellan_elcano.state.Crew`), ``CARDS`` joined by ``,`` or
  ``-``; without the line, one group of all the face-down cards, each of them possibly never
  seen, that may hold every known card whose places include ``face-down``.
* ``moves SEAT:MOVE ...``: the public history since the position the lines describe was
  set up, oldest first: ``0:R2/B3@red`` (a card played face up, and its colour),
  ``1:down`` (a card played face down), ``2:pass``.
* ``origin LINE``: a line of the public position the moves start from, when there are
  moves and it is not the deal.

Crew cards are written as printed (``R2/B3``, ``G7``); ocean cards by colour and value;
storm cards by value, since the storm cards of a value are identical.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

import attrs

from boardgames.core.errors import ConfigurationError
from boardgames.core.notation import Line, Token, header, lines
from boardgames.core.protocol import PlayerId
from boardgames.core.values import resolve_signature
from boardgames.games.magellan_elcano.actions import FaceDownPlayed, Pass, PlayCard, PublicAction
from boardgames.games.magellan_elcano.components import (
    CREW_CARDS,
    CREW_DECK_SIZE,
    OCEAN_CARDS,
    OCEAN_CARDS_PER_COLOUR,
    STORM_CARDS,
    CardId,
    Colour,
    crew_card,
)
from boardgames.games.magellan_elcano.state import Place

__all__ = ["GAME_NAME", "MagellanPosition", "SeatPosition"]

GAME_NAME: Final = "magellan-elcano"
"""The first word of every position's text."""

_HAND_SIZE: Final = 5
_DRAW: Final = 2
_ROUNDS: Final = 6
_COLOUR_NAMES: Final = {str(colour): colour for colour in Colour}
_PLACE_NAMES: Final = {Place.HAND: "hand", Place.STORM: "storm", Place.HIDDEN_DISCARD: "face-down"}
_PLACES_BY_NAME: Final = {name: place for place, name in _PLACE_NAMES.items()}
_STORM_VALUES: Final = tuple(sorted({card.points for card in STORM_CARDS}))

Columns = tuple[tuple[CardId, ...], tuple[CardId, ...], tuple[CardId, ...]]
Group = tuple[int, frozenset[CardId], int]
Entry = tuple[PlayerId, PublicAction]


def _frozenset(cards: Iterable[CardId]) -> frozenset[CardId]:
    return frozenset(cards)


def _face_down(cards: Iterable[CardId | None]) -> tuple[CardId | None, ...]:
    """Known face-down cards first, by id, then the unknown ones (``None``)."""
    items = tuple(cards)
    known = sorted(card for card in items if card is not None)
    return (*known, *(None for card in items if card is None))


@attrs.frozen
class SeatPosition:
    """One captain's crew cards in a position, and what everyone knows of them.

    Args:
        hand: Cards known to be in the hand; the rest of the hand is drawn from the seed.
        columns: The face-up red, blue and green columns, in play order.
        storm: The face-down storm column in play order, ``None`` for a card left to the
            seed.
        discard: The face-up discard (columns that won), in order.
        face_down: The face-down discard (storm columns that won): its known cards, then
            ``None`` for each card left to the seed.
        passed: Whether the captain has passed this round.
        won: The ids of the ocean cards won, in the order won.
        won_storms: The values of the storm cards won, in the order won.
        known: Cards everyone saw face up that are hidden again, each with the places it
            may be in now, sorted by card.
        face_down_groups: The public knowledge of the face-down discard (see
            :class:`~boardgames.games.magellan_elcano.state.Crew`), or ``None`` for the
            default: one group of all of it, which may hold every known card that may be
            face down, and whose cards may all be never seen.
        hand_size: The number of cards in hand, or ``None`` (the default) for the number
            the round and the cards on the table leave. Given, the cards it leaves over
            are added to the face-up discard, drawn from the seed: a table late in the
            game needs only its hands written.
    """

    hand: frozenset[CardId] = attrs.field(default=frozenset(), converter=_frozenset)
    columns: Columns = ((), (), ())
    storm: tuple[CardId | None, ...] = ()
    discard: tuple[CardId, ...] = ()
    face_down: tuple[CardId | None, ...] = attrs.field(default=(), converter=_face_down)
    passed: bool = False
    won: tuple[CardId, ...] = ()
    won_storms: tuple[int, ...] = ()
    known: tuple[tuple[CardId, frozenset[Place]], ...] = ()
    face_down_groups: tuple[Group, ...] | None = None
    hand_size: int | None = None

    def table_size(self) -> int:
        """The crew cards on the table and in the discards (not in the hand or the deck)."""
        return (
            sum(map(len, self.columns)) + len(self.storm) + len(self.discard) + len(self.face_down)
        )

    def groups(self) -> tuple[Group, ...]:
        """The face-down groups: ``face_down_groups``, or the default ones if it is ``None``."""
        if self.face_down_groups is not None:
            return self.face_down_groups
        if not self.face_down:
            return ()
        candidates = frozenset(
            card for card, places in self.known if Place.HIDDEN_DISCARD in places
        )
        size = len(self.face_down)
        return ((size, candidates, size),)

    def public(self) -> SeatPosition:
        """What every player sees of this crew: the same, with the hidden cards unknown."""
        return attrs.evolve(
            self,
            hand=frozenset(),
            storm=(None,) * len(self.storm),
            face_down=(None,) * len(self.face_down),
        )


def _deck_size(round: int) -> int:
    """Cards in each crew deck during ``round``: 15, less 5 dealt, less 2 a round after."""
    return CREW_DECK_SIZE - _HAND_SIZE - _DRAW * (round - 1)


def _to_move_default(position: MagellanPosition) -> PlayerId | None:
    return position.first_player


def _seats_default(position: MagellanPosition) -> tuple[SeatPosition, ...]:
    return (SeatPosition(),) * position.players if type(position.players) is int else ()


@attrs.frozen
class MagellanPosition:
    """A position of Magellan: Elcano: the table as people set it up or see it.

    Every field but ``players`` has a default, so a position names only what matters;
    :meth:`~boardgames.games.magellan_elcano.MagellanElcano.setup` checks it and draws the
    rest from its seed. ``str`` gives the text notation (see the module) and :meth:`parse`
    reads it back: ``MagellanPosition.parse(str(position)) == position``.

    Args:
        players: The number of captains, 2 to 5.
        storms: Whether the storm deck is used (always with 5 players, at 4 a variant).
        round: The round, 1 to 6.
        first_player: The holder of the Pigafetta card.
        to_move: The captain to play or pass (``None`` once the game is over); the first
            player by default.
        seats: Each captain's crew cards; empty crews by default.
        ocean_piles: The face-up ocean cards of each colour (ids, oldest first), or
            ``None`` for a colour whose cards the seed draws.
        storm_pile: The values of the face-up storm cards, oldest first, or ``None`` to
            draw them from the seed.
        history: The public moves since ``origin`` (or since the deal), oldest first.
        origin: The public position the moves start from (``None``: the deal, or no
            moves). Only its public facts count.
    """

    players: int
    storms: bool = attrs.field(
        default=attrs.Factory(lambda self: self.players == 5, takes_self=True)
    )
    round: int = 1
    first_player: PlayerId = 0
    to_move: PlayerId | None = attrs.field(default=attrs.Factory(_to_move_default, takes_self=True))
    seats: tuple[SeatPosition, ...] = attrs.field(
        default=attrs.Factory(_seats_default, takes_self=True)
    )
    ocean_piles: tuple[tuple[CardId, ...] | None, ...] = (None, None, None)
    storm_pile: tuple[int, ...] | None = None
    history: tuple[Entry, ...] = ()
    origin: MagellanPosition | None = None

    def public(self) -> MagellanPosition:
        """What every captain sees of the table: hidden cards unknown, no moves, no origin."""
        return attrs.evolve(
            self, seats=tuple(seat.public() for seat in self.seats), history=(), origin=None
        )

    def hand_size(self, seat: PlayerId) -> int:
        """The number of cards in ``seat``'s hand: as given, or as the round and table leave."""
        given = self.seats[seat].hand_size
        if given is not None:
            return given
        return CREW_DECK_SIZE - _deck_size(self.round) - self.seats[seat].table_size()

    def __str__(self) -> str:
        return "\n".join(_write(self))

    @classmethod
    def parse(cls, text: str) -> MagellanPosition:
        """Read a position from its text notation (see the module).

        Raises:
            NotationError: The text is not a position; the message names the line, the
                column and the token at fault, and what was expected there.
        """
        return _read(lines(text))


resolve_signature(MagellanPosition)  # its ``origin`` names the class itself


# --- writing ---------------------------------------------------------------------------------


def _cards(cards: tuple[CardId | None, ...]) -> str:
    return " ".join("?" if card is None else str(CREW_CARDS[card]) for card in cards)


def _ocean_values(cards: tuple[CardId, ...]) -> str:
    """Ocean cards as ``red 2 5 blue 3``: a colour before each run of its cards."""
    words: list[str] = []
    colour = None
    for card in cards:
        if OCEAN_CARDS[card].colour is not colour:
            colour = OCEAN_CARDS[card].colour
            words.append(str(colour))
        words.append(str(OCEAN_CARDS[card].points))
    return " ".join(words)


def _move(entry: Entry) -> str:
    seat, action = entry
    if isinstance(action, PlayCard):
        return f"{seat}:{CREW_CARDS[action.card]}@{action.colour}"
    return f"{seat}:{'down' if isinstance(action, FaceDownPlayed) else 'pass'}"


def _write(position: MagellanPosition) -> list[str]:
    out = [f"{GAME_NAME} players {position.players}" + (" storms" if position.storms else "")]
    out.append(f"round {position.round}")
    out.append(f"first {position.first_player}")
    to_move = "none" if position.to_move is None else position.to_move
    out.append(f"to-move {to_move}")
    for colour, pile in zip(Colour, position.ocean_piles, strict=True):
        if pile is not None:
            values = " ".join(str(OCEAN_CARDS[card].points) for card in pile)
            out.append(f"ocean {colour} {values or '-'}")
    if position.storm_pile is not None and position.storms:
        out.append(f"storm-pile {' '.join(map(str, position.storm_pile)) or '-'}")
    for number, seat in enumerate(position.seats):
        head = f"seat {number}"
        if seat.hand_size is not None:
            out.append(f"{head} hand-size {seat.hand_size}")
        if seat.hand:
            out.append(f"{head} hand {_cards(tuple(sorted(seat.hand)))}")
        for colour, column in zip(Colour, seat.columns, strict=True):
            if column:
                out.append(f"{head} {colour} {_cards(column)}")
        if seat.storm:
            out.append(f"{head} storm {_cards(seat.storm)}")
        if seat.discard:
            out.append(f"{head} discard {_cards(seat.discard)}")
        if seat.face_down:
            out.append(f"{head} face-down {_cards(seat.face_down)}")
        if seat.won:
            out.append(f"{head} won {_ocean_values(seat.won)}")
        if seat.won_storms:
            out.append(f"{head} won-storms {' '.join(map(str, seat.won_storms))}")
        if seat.passed:
            out.append(f"{head} passed")
        if seat.known:
            words = [
                f"{CREW_CARDS[card]}="
                + "|".join(_PLACE_NAMES[place] for place in Place if place in places)
                for card, places in seat.known
            ]
            out.append(f"{head} known {' '.join(words)}")
        if seat.face_down_groups is not None:
            groups = [
                f"{size}:{','.join(str(CREW_CARDS[c]) for c in sorted(cards)) or '-'}:{never}"
                for size, cards, never in seat.face_down_groups
            ]
            out.append(f"{head} groups {' '.join(groups) or '-'}")
    for start in range(0, len(position.history), 12):
        out.append("moves " + " ".join(map(_move, position.history[start : start + 12])))
    if position.origin is not None and position.history:
        out.extend(f"origin {line}" for line in _write(position.origin.public()))
    return out


# --- reading ---------------------------------------------------------------------------------


def _crew(token: Token) -> CardId:
    try:
        return crew_card(token.text).id
    except LookupError as error:
        raise token.error(f"expected a crew card such as 'R2/B3', found {token.text!r}") from (
            error
        )


def _crew_or_unknown(token: Token) -> CardId | None:
    return None if token.text == "?" else _crew(token)


def _value(token: Token, what: str, values: tuple[int, ...]) -> int:
    if not token.text.isdecimal() or int(token.text) not in values:
        allowed = ", ".join(map(str, values))
        raise token.error(f"expected {what} ({allowed}), found {token.text!r}")
    return int(token.text)


_OCEAN_VALUES: Final = tuple(sorted({card.points for card in OCEAN_CARDS}))


def _ocean_card(colour: Colour, token: Token) -> CardId:
    value = _value(token, f"a {colour} ocean card's value", _OCEAN_VALUES)
    return colour * OCEAN_CARDS_PER_COLOUR + _OCEAN_VALUES.index(value)


def _dashed(line: Line, what: str) -> tuple[Token, ...]:
    """The rest of the line, ``()`` for a lone ``-``; at least one token."""
    tokens = line.rest()
    if not tokens:
        raise line.end_error(f"expected {what} (or '-' for none), found the end of the line")
    if len(tokens) == 1 and tokens[0].text == "-":
        return ()
    return tokens


def _won(line: Line) -> tuple[CardId, ...]:
    cards: list[CardId] = []
    colour: Colour | None = None
    tokens = line.rest()
    if not tokens:
        raise line.end_error("expected the ocean cards won, such as 'red 2 5 blue 3'")
    for token in tokens:
        if token.text in _COLOUR_NAMES:
            colour = _COLOUR_NAMES[token.text]
        elif colour is None:
            raise token.error(f"expected a colour (red, blue or green), found {token.text!r}")
        else:
            cards.append(_ocean_card(colour, token))
    return tuple(cards)


def _known(token: Token) -> tuple[CardId, frozenset[Place]]:
    card, _, places = token.text.partition("=")
    if not places:
        raise token.error(f"expected CARD=PLACES such as 'R2/B3=hand|storm', found {token.text!r}")
    found = set()
    for name in places.split("|"):
        if name not in _PLACES_BY_NAME:
            raise token.error(
                f"expected places among hand, storm and face-down, found {name!r} in {token.text!r}"
            )
        found.add(_PLACES_BY_NAME[name])
    return _crew(Token(card, token.line, token.column)), frozenset(found)


def _group(token: Token) -> Group:
    parts = token.text.split(":")
    if len(parts) != 3 or not parts[0].isdecimal() or not parts[2].isdecimal():
        raise token.error(
            f"expected a group SIZE:CARDS:NEVER such as '2:R2/B3,G7:1', found {token.text!r}"
        )
    names = [] if parts[1] == "-" else parts[1].split(",")
    cards = frozenset(_crew(Token(name, token.line, token.column)) for name in names)
    return (int(parts[0]), cards, int(parts[2]))


def _entry(token: Token, players: int) -> Entry:
    seat, _, move = token.text.partition(":")
    if not seat.isdecimal() or int(seat) >= players:
        raise token.error(
            f"expected a move SEAT:MOVE with a seat from 0 to {players - 1}, found {token.text!r}"
        )
    action: PublicAction
    if move == "pass":
        action = Pass()
    elif move == "down":
        action = FaceDownPlayed()
    else:
        card, _, colour = move.partition("@")
        if colour not in _COLOUR_NAMES:
            raise token.error(
                f"expected a move CARD@COLOUR, 'down' or 'pass' after the seat, found "
                f"{token.text!r}"
            )
        played = _crew(Token(card, token.line, token.column))
        action = PlayCard(played, _COLOUR_NAMES[colour])
    return (int(seat), action)


_SEAT_KEYS: Final = (
    "hand-size",
    "hand",
    "red",
    "blue",
    "green",
    "storm",
    "discard",
    "face-down",
    "won",
    "won-storms",
    "passed",
    "known",
    "groups",
)


def _read(all_lines: list[Line]) -> MagellanPosition:
    first, players = header(all_lines, GAME_NAME, 2, 5)
    storms = players == 5
    flag = first.peek()
    if flag is not None and flag.text == "storms":
        first.take("'storms'")
        storms = True
    first.finish()
    fields: dict[str, object] = {}
    seats: list[dict[str, object]] = [{} for _ in range(players)]
    ocean: list[tuple[CardId, ...] | None] = [None, None, None]
    seen: set[str] = set()
    history: list[Entry] = []
    origin_lines: list[Line] = []
    for line in all_lines[1:]:
        token = line.take("a keyword")
        key = token.text
        if key == "origin":
            rest = line.rest_line()
            if rest is None:
                raise line.end_error("expected a line of the origin after 'origin'")
            origin_lines.append(rest)
            continue
        if key == "moves":
            history += [_entry(move, players) for move in line.rest()]
            continue
        if key == "seat":
            seat = line.integer("a seat", 0, players - 1)
            name = line.take("what the line says of the seat")
            key = f"seat {seat} {name.text}"
            if name.text not in _SEAT_KEYS:
                raise name.error(
                    f"expected one of {', '.join(_SEAT_KEYS)} after 'seat {seat}', found "
                    f"{name.text!r}"
                )
            if key in seen:
                raise name.error(f"'{key}' is given twice")
            seen.add(key)
            seats[seat][name.text] = _seat_value(name.text, line)
        elif key == "ocean":
            colour_token = line.take("a colour")
            if colour_token.text not in _COLOUR_NAMES:
                raise colour_token.error(
                    f"expected a colour (red, blue or green), found {colour_token.text!r}"
                )
            colour = _COLOUR_NAMES[colour_token.text]
            key = f"ocean {colour}"
            if key in seen:
                raise colour_token.error(f"'{key}' is given twice")
            seen.add(key)
            ocean[colour] = tuple(
                _ocean_card(colour, value) for value in _dashed(line, "ocean card values")
            )
        elif key in _TOP_KEYS:
            if key in seen:
                raise token.error(f"'{key}' is given twice")
            seen.add(key)
            fields[key] = _TOP_KEYS[key](line, players)
        else:
            allowed = ", ".join([*_TOP_KEYS, "ocean", "seat", "moves", "origin"])
            raise token.error(f"expected a line starting with one of {allowed}; found {key!r}")
        line.finish()
    origin = _read(origin_lines) if origin_lines else None
    if origin is not None and not history:
        token = origin_lines[0].tokens[0]
        raise token.error("an origin is given, but no moves start from it")
    keywords: dict[str, Any] = {
        "players": players,
        "storms": storms,
        "seats": tuple(SeatPosition(**_seat_fields(seat)) for seat in seats),
        "ocean_piles": tuple(ocean),
        "history": tuple(history),
        "origin": origin,
    }
    if "round" in fields:
        keywords["round"] = fields["round"]
    if "first" in fields:
        keywords["first_player"] = fields["first"]
    if "to-move" in fields:
        keywords["to_move"] = fields["to-move"]
    if "storm-pile" in fields:
        keywords["storm_pile"] = fields["storm-pile"]
    return MagellanPosition(**keywords)


def _to_move(line: Line, players: int) -> PlayerId | None:
    token = line.peek()
    if token is not None and token.text == "none":
        line.take("'none'")
        return None
    return line.integer("the seat to move (or 'none')", 0, players - 1)


_TOP_KEYS: Final[dict[str, Callable[[Line, int], object]]] = {
    "round": lambda line, _: line.integer("the round", 1, _ROUNDS),
    "first": lambda line, players: line.integer("the first player's seat", 0, players - 1),
    "to-move": _to_move,
    "storm-pile": lambda line, _: tuple(
        _value(token, "a storm card's value", _STORM_VALUES)
        for token in _dashed(line, "storm card values")
    ),
}


def _seat_value(key: str, line: Line) -> object:
    if key == "passed":
        return True
    if key == "hand-size":
        return line.integer("the number of cards in hand", 0, CREW_DECK_SIZE)
    if key == "won":
        return _won(line)
    if key == "won-storms":
        tokens = line.rest()
        if not tokens:
            raise line.end_error("expected the values of the storm cards won")
        return tuple(_value(token, "a storm card's value", _STORM_VALUES) for token in tokens)
    if key == "known":
        tokens = line.rest()
        if not tokens:
            raise line.end_error("expected known cards such as 'R2/B3=hand|storm'")
        return tuple(sorted(map(_known, tokens), key=lambda pair: pair[0]))
    if key == "groups":
        return tuple(map(_group, _dashed(line, "face-down groups")))
    tokens = line.rest()
    if not tokens:
        raise line.end_error(f"expected the cards of '{key}'")
    if key in ("storm", "face-down"):
        return tuple(map(_crew_or_unknown, tokens))
    return tuple(map(_crew, tokens))


def _seat_fields(values: dict[str, object]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    columns = tuple(values.get(str(colour), ()) for colour in Colour)
    if any(columns):
        fields["columns"] = columns
    names = {
        "hand-size": "hand_size",
        "hand": "hand",
        "storm": "storm",
        "discard": "discard",
        "face-down": "face_down",
        "won": "won",
        "won-storms": "won_storms",
        "passed": "passed",
        "known": "known",
        "groups": "face_down_groups",
    }
    for key, field in names.items():
        if key in values:
            fields[field] = values[key]
    return fields


def _check_storms(position: MagellanPosition, storms: bool) -> None:
    """Check that ``position`` uses the storm deck iff this configuration does.

    Raises:
        ConfigurationError: It is a position of the other storm setting.
    """
    if position.storms != storms:
        raise ConfigurationError(
            f"the position is for {position.players} players"
            f"{' with storms' if position.storms else ' without storms'}; this game has "
            f"{position.players} players{' with storms' if storms else ' without storms'}"
        )

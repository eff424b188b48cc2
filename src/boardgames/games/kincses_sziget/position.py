"""Positions of Irány a Kincses Sziget!: a table written down as people see it, and read back.

A :class:`KincsesPosition` describes what people set up: the round and turn, each captain's
ship, anchor disc, pearls, crew cards, treasures and missions, the rows, the discards, the
board (islands, pearl beds, activated event cards), the decision pending, and what each
captain knows of cards hidden from the others. Whatever it leaves out is whatever the rules
allow, drawn from the seed of
:meth:`KincsesSziget.setup <boardgames.games.kincses_sziget.KincsesSziget.setup>`: the order
of every pile at the places nobody knows, the cards written ``?``, the face-down islands
written ``?``. Every card not named anywhere lies in its pile (crew cards, treasures of its
value, missions) or in the event piles, whose sizes a position gives.

Cards are written by their printed names (see
:mod:`~boardgames.games.kincses_sziget.components`), separated by commas. Identical event
cards share a name, as they share an id in play: ``intrigue`` is any of the four.

The text notation has one fact a line; ``#`` starts a comment::

    >>> from boardgames.games.kincses_sziget.position import KincsesPosition
    >>> position = KincsesPosition.parse('''
    ...     kincses-sziget players 2
    ...     turn 3
    ...     seat 0 at 12
    ...     seat 0 hand Tim Cook, gambling game, ?, ?
    ...     seat 1 pearls 2
    ... ''')
    >>> position.seats[0].space, position.seats[0].hand[:2]
    (12, (40, 69))
    >>> print(position)
    kincses-sziget players 2
    turn 3
    seat 0 at 12
    seat 0 hand Tim Cook, gambling game, ?, ?
    seat 1 pearls 2

The lines, in the order ``str`` writes them (each at most once):

* ``kincses-sziget players N``: first, always.
* ``round R``, ``turn T`` (turns started), ``marker S`` (the starting player of the round),
  ``turn-index I`` (turns of the round started before this one).
* ``seat S at SPACE`` (0 is START, 43 Treasure Island), ``seat S anchor N``,
  ``seat S pearls N``, ``seat S exchanges N`` (weapons exchanged at the setup),
  ``seat S owed N`` (crew cards to replace), ``seat S committed``.
* ``seat S hand CARDS``, ``seat S treasures CARDS``, ``seat S missions CARDS``,
  ``seat S offer CARDS`` (the two setup missions), ``seat S drawn CARD`` (a mission drawn by
  anchoring), ``seat S commit CARDS`` (a secret composition), ``seat S played CARDS``
  (revealed battle cards); ``?`` for a card drawn from the seed. Without a hand line a seat
  holds 4 cards drawn from the seed; without a missions line, one.
* ``seat S setup-hand CARDS`` and ``seat S setup-live SEATS``: the seat's 4 cards right after
  its last setup exchange, and the seats that still track them.
* ``crew-row``, ``mission-row`` (slots, ``-`` for an empty one), ``treasure-row VALUE CARDS``,
  ``crew-discard``, ``treasure-discard``, ``event-discard``, ``chest``,
  ``mission-returned`` (setup missions returned, ``?`` for unknown ones).
* ``crew-pile I=CARD, ...``, ``treasure-pile VALUE I=CARD, ...``, ``mission-pile I=CARD, ...``:
  the cards at known places of a pile (``I`` from the top, 0 first); the pile holds every
  other card of its kind not named elsewhere, in an order drawn from the seed.
* ``event-pile P SIZE [I=CARD, ...]``: the size of event pile ``P`` (0-2) and its cards at
  known places; without a line, its size at the start (22, 21, 21).
* ``space N event CARD``, ``space N island NAME|?``, ``space N occupant S``,
  ``space N pearls K``: the board. Without any island line, face-down islands drawn from the
  seed lie on spaces 15, 25, 30 and 35; without any pearls line, the beds lie on 5, 12, 18
  and 28.
* ``known KIND SEATS CARDS``: who knows a card's place when it is not the rule for where it
  lies (``SEATS`` joined by ``+``, or ``-`` for nobody). The rule: a seat's own cards are
  known to it only, the rows, discards, the chest, the board and the table to everyone, pile
  cards to nobody (a treasure pile's values to everyone), face-down islands to nobody.
  ``KIND`` is ``crew``, ``treasure``, ``treasure-value``, ``mission``, ``island``,
  ``mission-somewhere`` (the seats that know a mission lies somewhere in its pile) or
  ``event-top``, whose ``CARDS`` are event pile numbers (the seats that know the pile's top
  card, which its ``event-pile`` line names: ``known event-top 0+1 2``).
* ``steal OBSERVER VICTIM THIEF HIDDEN CARDS``: what a seat keeps of a random crew steal
  (see :class:`~boardgames.games.kincses_sziget.state.KincsesState`).
* ``task NAME FIELD=VALUE ...``: the task stack, bottom first, the pending decision last
  (``TurnStep player=0``); without task lines, the turn of the seat to move.
* ``move SEAT NAME FIELD=VALUE ...``: the public history since the position the lines
  describe was set up, oldest first (``move 0 Move steps=2``,
  ``move 0 Showed cards=Tim_Cook,gambling_game``): in tasks and moves, cards are named with
  their spaces written ``_``, several joined by ``,`` (``-`` for none).
* ``origin LINE``: a line of the public position the moves start from, when there are
  moves and it is not the deal.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable, Iterable
from typing import Any, Final, get_args

import attrs

from boardgames.core.errors import UnknownComponentError
from boardgames.core.notation import Line, Token, header, lines
from boardgames.core.protocol import PlayerId
from boardgames.core.values import resolve_signature
from boardgames.games.kincses_sziget import actions as _actions
from boardgames.games.kincses_sziget import state as _state
from boardgames.games.kincses_sziget.actions import PublicAction
from boardgames.games.kincses_sziget.components import (
    CREW_ROW_SIZE,
    EVENT_CARDS,
    EVENT_PILES,
    ISLAND,
    LAST_SPACE,
    MISSION_ROW_SIZE,
    PEARL_BEDS,
    START,
    STARTING_HAND,
    TREASURE_VALUES,
    CardId,
    EventId,
    IslandId,
    MissionId,
    Space,
    TreasureId,
    crew_card,
    crew_card_name,
    event_card_name,
    event_cards_named,
    island_card,
    island_card_name,
    mission,
    mission_name,
    treasure,
    treasure_name,
)
from boardgames.games.kincses_sziget.state import _EVENT_CARD_TASKS, HistoryEntry, Task, TurnStep

__all__ = ["GAME_NAME", "KincsesPosition", "SeatPosition"]

GAME_NAME: Final = "kincses-sziget"
"""The first word of every position's text."""

KNOWLEDGE_KINDS: Final = (
    "crew",
    "treasure",
    "treasure-value",
    "mission",
    "island",
    "mission-somewhere",
    "event-top",
)
"""The kinds of ``known`` line, in the order they are written."""

DEFAULT_ISLAND_SPACES: Final = (15, 25, 30, 35)
"""Where a position without island lines has its face-down islands (zones B, C, C, D)."""

DEFAULT_BED_SPACES: Final = (5, 12, 18, 28)
"""Where a position without pearls lines has its pearl beds (zones A, B, B, C)."""

_INITIAL_EVENT_PILES: Final = tuple(
    len(range(pile, len(EVENT_CARDS), EVENT_PILES)) for pile in range(EVENT_PILES)
)

Knowledge = tuple[str, int, int]
"""``(kind, card, seats)``: a card whose knowledge mask is not the rule's."""
Steal = tuple[PlayerId, PlayerId, PlayerId, tuple[CardId, ...], int]
Island = tuple[Space, IslandId | None, PlayerId | None]


def _default_islands() -> tuple[Island, ...]:
    return tuple((space, None, None) for space in DEFAULT_ISLAND_SPACES)


@attrs.frozen
class SeatPosition:
    """One captain's ship and cards in a position.

    Args:
        space: The ship's position (0 START, 1-42, 43 Treasure Island).
        anchor: The anchor disc, 0-2.
        pearls: Pearls held.
        exchanges: Weapons exchanged at the setup (0-2).
        owed: Crew cards still to replace after a battle or duel.
        committed: Whether the seat has committed a secret composition or offer.
        hand: The crew cards in hand, ``None`` for one drawn from the seed (sorted, the
            unknown ones last).
        treasures: The treasures held (the same).
        missions: The missions held (the same).
        offer: The two setup missions drawn and not yet decided, in draw order.
        drawn: The mission just drawn by anchoring (0 or 1).
        commit: The secret composition or offer (cards of the hand).
        played: Revealed battle cards on the table.
        setup_hand: The seat's 4 cards right after its last setup exchange, while others
            track them.
        setup_live: The seats that still track the setup hand (bit mask).
    """

    space: Space = START
    anchor: int = 0
    pearls: int = 0
    exchanges: int = 0
    owed: int = 0
    committed: bool = False
    hand: tuple[CardId | None, ...] = (None,) * STARTING_HAND
    treasures: tuple[TreasureId | None, ...] = ()
    missions: tuple[MissionId | None, ...] = (None,)
    offer: tuple[MissionId | None, ...] = ()
    drawn: tuple[MissionId | None, ...] = ()
    commit: tuple[CardId, ...] = ()
    played: tuple[CardId, ...] = ()
    setup_hand: tuple[CardId, ...] = ()
    setup_live: int = 0


def _seats_default(position: KincsesPosition) -> tuple[SeatPosition, ...]:
    return (SeatPosition(),) * position.players if type(position.players) is int else ()


def _beds_default(position: KincsesPosition) -> tuple[int, ...]:
    pearls = [0] * (LAST_SPACE + 1)
    beds = PEARL_BEDS.get(position.players, ()) if type(position.players) is int else ()
    for space, count in zip(DEFAULT_BED_SPACES, beds, strict=False):
        pearls[space] = count
    return tuple(pearls)


@attrs.frozen
class KincsesPosition:
    """A position of Irány a Kincses Sziget!: the table as people set it up or see it.

    Every field but ``players`` has a default, so a position names only what matters;
    :meth:`~boardgames.games.kincses_sziget.KincsesSziget.setup` checks it and draws the
    rest from its seed. ``str`` gives the text notation (see the module) and :meth:`parse`
    reads it back: ``KincsesPosition.parse(str(position)) == position``.

    Args:
        players: The number of captains, 2 to 4.
        round: The round, from 1.
        turn: The turns started (0 during the setup).
        start_player: The holder of the starting-player marker.
        turn_index: Turns of this round started before the current one.
        seats: Each captain's ship and cards.
        crew_row: The six crew row slots (``None`` for an empty one), or ``None`` for
            six cards drawn from the seed.
        crew_pile: ``(index, card)`` for the crew pile's cards at known places.
        crew_discard: The crew discard pile, oldest first.
        chest: The chest's cards on the table.
        treasure_rows: The face-up treasures of values 1, 3 and 5 (``None`` for a row of
            two drawn from the seed).
        treasure_piles: ``(pile, index, card)`` for the treasure piles' known places.
        treasure_discard: Treasures discarded, oldest first.
        mission_row: The three mission row slots, or ``None`` for three drawn from the
            seed.
        mission_pile: ``(index, mission)`` for the mission pile's known places.
        mission_returned: Setup missions returned (``None``: one drawn from the seed).
        event_pile_sizes: The sizes of the three event piles.
        event_piles: ``(pile, index, card)`` for the event piles' known places.
        event_discard: Event cards discarded, oldest first.
        board_events: The event card on each space 0-42.
        islands: ``(space, island or None, occupant)`` for each island card on the board,
            by space; ``None`` for a face-down card drawn from the seed.
        board_pearls: The pearls on each space 0-42.
        knowledge: ``(kind, card, seats)`` for each card whose knowledge mask is not the
            rule's (see the module), sorted; for ``"event-top"``, ``card`` is the pile.
        steals: What seats keep of random crew steals.
        tasks: The task stack, the pending decision last; ``None`` for the turn of the
            seat to move.
        history: The public moves since ``origin`` (or since the deal), oldest first.
        origin: The public position the moves start from (``None``: the deal, or no
            moves). Only its public facts count.
    """

    players: int
    round: int = 1
    turn: int = 1
    start_player: PlayerId = 0
    turn_index: int = 0
    seats: tuple[SeatPosition, ...] = attrs.field(
        default=attrs.Factory(_seats_default, takes_self=True)
    )
    crew_row: tuple[CardId | None, ...] | None = None
    crew_pile: tuple[tuple[int, CardId], ...] = ()
    crew_discard: tuple[CardId, ...] = ()
    chest: tuple[CardId, ...] = ()
    treasure_rows: tuple[tuple[TreasureId, ...] | None, ...] = (None, None, None)
    treasure_piles: tuple[tuple[int, int, TreasureId], ...] = ()
    treasure_discard: tuple[TreasureId, ...] = ()
    mission_row: tuple[MissionId | None, ...] | None = None
    mission_pile: tuple[tuple[int, MissionId], ...] = ()
    mission_returned: tuple[MissionId | None, ...] = ()
    event_pile_sizes: tuple[int, ...] = _INITIAL_EVENT_PILES
    event_piles: tuple[tuple[int, int, EventId], ...] = ()
    event_discard: tuple[EventId, ...] = ()
    board_events: tuple[EventId | None, ...] = (None,) * (LAST_SPACE + 1)
    islands: tuple[tuple[Space, IslandId | None, PlayerId | None], ...] = attrs.Factory(
        _default_islands
    )
    board_pearls: tuple[int, ...] = attrs.field(
        default=attrs.Factory(_beds_default, takes_self=True)
    )
    knowledge: tuple[tuple[str, int, int], ...] = ()
    steals: tuple[tuple[PlayerId, PlayerId, PlayerId, tuple[CardId, ...], int], ...] = ()
    tasks: tuple[Task, ...] | None = None
    history: tuple[tuple[PlayerId, PublicAction], ...] = ()
    origin: KincsesPosition | None = None

    def public(self) -> KincsesPosition:
        """What every captain sees of the table: hidden cards unknown, no moves, no origin.

        Hands, collections, missions and compositions keep their sizes, with every card
        unknown; the knowledge masks, pile places and steals are dropped, and the islands
        that lie face down are unknown.
        """
        seats = tuple(
            attrs.evolve(
                seat,
                hand=(None,) * len(seat.hand),
                treasures=(None,) * len(seat.treasures),
                missions=(None,) * len(seat.missions),
                offer=(None,) * len(seat.offer),
                drawn=(None,) * len(seat.drawn),
                commit=(),
                setup_hand=(),
                setup_live=0,
            )
            for seat in self.seats
        )
        return attrs.evolve(
            self,
            seats=seats,
            crew_pile=(),
            treasure_piles=(),
            mission_pile=(),
            mission_returned=(None,) * len(self.mission_returned),
            event_piles=(),
            islands=tuple(
                (space, island if owner is not None else None, owner)
                for space, island, owner in self.islands
            ),
            knowledge=(),
            steals=(),
            history=(),
            origin=None,
        )

    def to_move(self) -> PlayerId:
        """The seat whose turn it is: the marker's holder, then clockwise."""
        return (self.start_player + self.turn_index) % self.players

    def pending(self) -> tuple[Task, ...]:
        """The task stack: ``tasks``, or the turn of the seat to move."""
        return (TurnStep(self.to_move()),) if self.tasks is None else self.tasks

    def __str__(self) -> str:
        return "\n".join(_write(self))

    @classmethod
    def parse(cls, text: str) -> KincsesPosition:
        """Read a position from its text notation (see the module).

        Raises:
            NotationError: The text is not a position; the message names the line, the
                column and the token at fault, and what was expected there.
        """
        return _read(lines(text))


resolve_signature(KincsesPosition)  # its ``origin`` names the class itself


# --- names ------------------------------------------------------------------------------------


def _event_lookup(name: str) -> EventId:
    return event_cards_named(name)[0]  # the id in play: the lowest of the copies


def _pile_number(text: str) -> int:
    if not text.isdecimal() or not 0 <= int(text) < EVENT_PILES:
        raise UnknownComponentError(f"an event pile is 0 to {EVENT_PILES - 1}, not {text!r}")
    return int(text)


_WRITERS: Final[dict[str, Callable[[int], str]]] = {
    "crew": crew_card_name,
    "treasure": treasure_name,
    "mission": mission_name,
    "event": event_card_name,
    "island": island_card_name,
    "pile": str,
}
_READERS: Final[dict[str, Callable[[str], int]]] = {
    "crew": lambda name: crew_card(name).id,
    "treasure": lambda name: treasure(name).id,
    "mission": lambda name: mission(name).id,
    "event": _event_lookup,
    "island": lambda name: island_card(name).id,
    "pile": _pile_number,
}
_KNOWLEDGE_KIND: Final = {
    "crew": "crew",
    "treasure": "treasure",
    "treasure-value": "treasure",
    "mission": "mission",
    "island": "island",
    "mission-somewhere": "mission",
    "event-top": "pile",
}


def _names(kind: str, cards: Iterable[int | None], empty: str = "?") -> str:
    write = _WRITERS[kind]
    return ", ".join(empty if card is None else write(card) for card in cards)


def _placed(kind: str, cards: Iterable[tuple[int, int]]) -> str:
    write = _WRITERS[kind]
    return ", ".join(f"{index}={write(card)}" for index, card in cards)


def _seats(mask: int) -> str:
    seats = [str(seat) for seat in range(mask.bit_length()) if mask >> seat & 1]
    return "+".join(seats) or "-"


# --- writing ----------------------------------------------------------------------------------


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(map(_value, value)) or "-"
    return str(value)


_FIELD_KINDS: Final = {
    **{(name, "card"): "event" for name in (*sorted(_EVENT_CARD_TASKS), "EventDrawn")},
    ("DiscardCrew", "card"): "crew",
    ("TakeFromTable", "card"): "crew",
    ("TakeWeapon", "card"): "crew",
    ("DiscardTreasure", "treasure"): "treasure",
    ("Revealed", "cards"): "crew",
    ("Showed", "cards"): "crew",
}
"""The kind of card each field of a task or a public action that names cards holds."""


def _card_word(kind: str, card: int) -> str:
    """A card's name as one word: its spaces written ``_``."""
    return _WRITERS[kind](card).replace(" ", "_")


def _record(value: Any) -> str:
    """An attrs value as ``NAME FIELD=VALUE ...``, cards by name (spaces written ``_``)."""
    words = [type(value).__name__]
    for field in attrs.fields(type(value)):
        item = getattr(value, field.name)
        kind = _FIELD_KINDS.get((type(value).__name__, field.name))
        if kind is None:
            text = _value(item)
        elif isinstance(item, tuple):
            text = ",".join(_card_word(kind, card) for card in item) or "-"
        else:
            text = _card_word(kind, item)
        words.append(f"{field.name}={text}")
    return " ".join(words)


def _write(position: KincsesPosition) -> list[str]:
    out = [f"{GAME_NAME} players {position.players}"]
    defaults = KincsesPosition(players=position.players)
    for key, name in (
        ("round", "round"),
        ("turn", "turn"),
        ("marker", "start_player"),
        ("turn-index", "turn_index"),
    ):
        if getattr(position, name) != getattr(defaults, name):
            out.append(f"{key} {getattr(position, name)}")
    blank = SeatPosition()
    for number, seat in enumerate(position.seats):
        head = f"seat {number}"
        for key, name in (
            ("at", "space"),
            ("anchor", "anchor"),
            ("pearls", "pearls"),
            ("exchanges", "exchanges"),
            ("owed", "owed"),
        ):
            if getattr(seat, name) != getattr(blank, name):
                out.append(f"{head} {key} {getattr(seat, name)}")
        if seat.committed:
            out.append(f"{head} committed")
        for key, kind, name in _SEAT_CARDS:
            cards = getattr(seat, name)
            if cards != getattr(blank, name):
                out.append(f"{head} {key} {_names(kind, cards) or '-'}")
        if seat.setup_live:
            out.append(f"{head} setup-live {_seats(seat.setup_live)}")
    if position.crew_row is not None:
        out.append(f"crew-row {_names('crew', position.crew_row, '-')}")
    if position.crew_pile:
        out.append(f"crew-pile {_placed('crew', position.crew_pile)}")
    if position.crew_discard:
        out.append(f"crew-discard {_names('crew', position.crew_discard)}")
    if position.chest:
        out.append(f"chest {_names('crew', position.chest)}")
    for value, row in zip(TREASURE_VALUES, position.treasure_rows, strict=True):
        if row is not None:
            out.append(f"treasure-row {value} {_names('treasure', row) or '-'}")
    for rank, value in enumerate(TREASURE_VALUES):
        known = [(index, card) for pile, index, card in position.treasure_piles if pile == rank]
        if known:
            out.append(f"treasure-pile {value} {_placed('treasure', known)}")
    if position.treasure_discard:
        out.append(f"treasure-discard {_names('treasure', position.treasure_discard)}")
    if position.mission_row is not None:
        out.append(f"mission-row {_names('mission', position.mission_row, '-')}")
    if position.mission_pile:
        out.append(f"mission-pile {_placed('mission', position.mission_pile)}")
    if position.mission_returned:
        out.append(f"mission-returned {_names('mission', position.mission_returned)}")
    for pile, size in enumerate(position.event_pile_sizes):
        known = [(index, card) for number, index, card in position.event_piles if number == pile]
        if known or size != _INITIAL_EVENT_PILES[pile]:
            words = f" {_placed('event', known)}" if known else ""
            out.append(f"event-pile {pile} {size}{words}")
    if position.event_discard:
        out.append(f"event-discard {_names('event', position.event_discard)}")
    for space, card in enumerate(position.board_events):
        if card is not None:
            out.append(f"space {space} event {event_card_name(card)}")
    if position.islands != defaults.islands:
        for space, island, owner in position.islands:
            out.append(f"space {space} island {_names('island', (island,))}")
            if owner is not None:
                out.append(f"space {space} occupant {owner}")
    if position.board_pearls != defaults.board_pearls:
        for space, count in enumerate(position.board_pearls):
            if count:
                out.append(f"space {space} pearls {count}")
        if not any(position.board_pearls):
            out.append("space 0 pearls 0")
    for kind in KNOWLEDGE_KINDS:
        by_mask: dict[int, list[int]] = {}
        for entry_kind, card, mask in position.knowledge:
            if entry_kind == kind:
                by_mask.setdefault(mask, []).append(card)
        for mask, cards in sorted(by_mask.items()):
            out.append(f"known {kind} {_seats(mask)} {_names(_KNOWLEDGE_KIND[kind], cards)}")
    for observer, victim, thief, cards, hidden in position.steals:
        names = f" {_names('crew', cards)}" if cards else ""
        out.append(f"steal {observer} {victim} {thief} {hidden}{names}")
    if position.tasks is not None:
        out.extend(f"task {_record(task)}" for task in position.tasks)
        if not position.tasks:
            out.append("task none")
    out.extend(f"move {seat} {_record(action)}" for seat, action in position.history)
    if position.origin is not None and position.history:
        out.extend(f"origin {line}" for line in _write(position.origin.public()))
    return out


_SEAT_CARDS: Final = (
    ("hand", "crew", "hand"),
    ("treasures", "treasure", "treasures"),
    ("missions", "mission", "missions"),
    ("offer", "mission", "offer"),
    ("drawn", "mission", "drawn"),
    ("commit", "crew", "commit"),
    ("played", "crew", "played"),
    ("setup-hand", "crew", "setup_hand"),
)


# --- reading ----------------------------------------------------------------------------------


def _items(line: Line, what: str, tokens: tuple[Token, ...] | None = None) -> list[Token]:
    """The rest of the line as comma-separated items, each a token of its words."""
    if tokens is None:
        tokens = line.rest()
    if not tokens:
        raise line.end_error(f"expected {what}, found the end of the line")
    items: list[Token] = []
    words: list[str] = []
    first: Token | None = None
    for token in tokens:
        text = token.text
        closes = text.endswith(",")
        text = text.rstrip(",")
        if text:
            if first is None:
                first = token
            words.append(text)
        if closes:
            if first is None:
                raise token.error(f"expected {what} before ','")
            items.append(Token(" ".join(words), first.line, first.column))
            words, first = [], None
    if first is not None:
        items.append(Token(" ".join(words), first.line, first.column))
    elif tokens[-1].text.endswith(","):
        raise line.end_error(f"expected {what} after the last ','")
    return items


def _expected(kind: str) -> str:
    return "an event pile number" if kind == "pile" else f"the name of a {kind} card"


def _card(kind: str, token: Token, blank: str | None = "?") -> int | None:
    if blank is not None and token.text == blank:
        return None
    try:
        return _READERS[kind](token.text)
    except UnknownComponentError as error:
        raise token.error(f"expected {_expected(kind)}, found {token.text!r}: {error}") from None


def _named(kind: str, token: Token) -> int:
    card = _card(kind, token, None)
    assert card is not None
    return card


def _cards(kind: str, line: Line, blank: str | None = "?") -> tuple[Any, ...]:
    tokens = line.rest()
    if len(tokens) == 1 and tokens[0].text == "-":
        return ()
    return tuple(_card(kind, token, blank) for token in _items(line, f"{kind} cards", tokens))


def _places(kind: str, line: Line) -> tuple[tuple[int, int], ...]:
    result: list[tuple[int, int]] = []
    seen: set[int] = set()
    for token in _items(line, f"{kind} cards at places such as '0=NAME'"):
        index, equals, name = token.text.partition("=")
        if not equals or not index.strip().isdecimal():
            raise token.error(f"expected a place INDEX=NAME such as '0=...', found {token.text!r}")
        place = int(index)
        if place in seen:
            raise token.error(f"place {place} is given twice")
        seen.add(place)
        column = token.column + len(index) + 1
        result.append((place, _named(kind, Token(name.strip(), token.line, column))))
    return tuple(result)


def _mask(token: Token, players: int) -> int:
    if token.text == "-":
        return 0
    mask = 0
    for part in token.text.split("+"):
        if not part.isdecimal() or int(part) >= players:
            raise token.error(
                f"expected seats from 0 to {players - 1} joined by '+' (or '-'), "
                f"found {token.text!r}"
            )
        mask |= 1 << int(part)
    return mask


def _classes(union: object) -> dict[str, Any]:
    return {cls.__name__: cls for cls in get_args(union)}


_TASK_CLASSES: Final = _classes(Task)
_ACTION_CLASSES: Final = _classes(PublicAction)


def _field_value(token: Token, hint: object, text: str) -> object:
    origin = typing.get_origin(hint)
    arguments = get_args(hint)
    if origin is tuple:
        if text == "-":
            return ()
        return tuple(_field_value(token, arguments[0], part) for part in text.split(","))
    if arguments and type(None) in arguments:
        if text == "none":
            return None
        hint = next(argument for argument in arguments if argument is not type(None))
    if hint is bool:
        if text not in ("true", "false"):
            raise token.error(f"expected true or false, found {text!r} in {token.text!r}")
        return text == "true"
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint[text.upper()]
        except KeyError:
            allowed = ", ".join(member.name.lower() for member in hint)
            raise token.error(f"expected one of {allowed}, found {text!r}") from None
    if text.isdecimal():
        return int(text)
    raise token.error(f"expected a whole number, found {text!r} in {token.text!r}")


def _hints(cls: type) -> dict[str, Any]:
    namespace = {**vars(_actions), **vars(_state)}
    return typing.get_type_hints(cls, globalns=namespace)


def _card_of_word(kind: str, token: Token, word: str) -> int:
    try:
        return _READERS[kind](word.replace("_", " "))
    except UnknownComponentError as error:
        raise token.error(f"expected {_expected(kind)}, found {word!r}: {error}") from None


def _record_of(line: Line, classes: dict[str, type], what: str) -> Any:
    token = line.take(what)
    cls = classes.get(token.text)
    if cls is None:
        raise token.error(f"expected {what}, found {token.text!r}")
    hints = _hints(cls)
    values: dict[str, object] = {}
    for field in attrs.fields(cls):
        word = line.take(f"{field.name}=VALUE")
        name, equals, text = word.text.partition("=")
        if name != field.name or not equals:
            raise word.error(f"expected {field.name}=VALUE, found {word.text!r}")
        kind = _FIELD_KINDS.get((cls.__name__, field.name))
        if kind is None:
            values[field.name] = _field_value(word, hints[field.name], text)
        elif typing.get_origin(hints[field.name]) is tuple:
            names = () if text == "-" else text.split(",")
            values[field.name] = tuple(_card_of_word(kind, word, name) for name in names)
        else:
            values[field.name] = _card_of_word(kind, word, text)
    return cls(**values)


_TOP: Final = {
    "round": "round",
    "turn": "turn",
    "marker": "start_player",
    "turn-index": "turn_index",
}
_SEAT_NUMBERS: Final = {
    "at": ("space", ISLAND),
    "anchor": ("anchor", 2),
    "pearls": ("pearls", 99),
    "exchanges": ("exchanges", 2),
    "owed": ("owed", 3),
}
_SEAT_KEYS: Final = (*_SEAT_NUMBERS, "committed", *(key for key, _, _ in _SEAT_CARDS), "setup-live")
_TOP_KEYS: Final = (
    *_TOP,
    "seat",
    "crew-row",
    "crew-pile",
    "crew-discard",
    "chest",
    "treasure-row",
    "treasure-pile",
    "treasure-discard",
    "mission-row",
    "mission-pile",
    "mission-returned",
    "event-pile",
    "event-discard",
    "space",
    "known",
    "steal",
    "task",
    "move",
    "origin",
)


def _once(seen: set[str], token: Token, key: str) -> None:
    if key in seen:
        raise token.error(f"'{key}' is given twice")
    seen.add(key)


def _read(all_lines: list[Line]) -> KincsesPosition:
    first, players = header(all_lines, GAME_NAME, 2, 4)
    first.finish()
    fields: dict[str, Any] = {}
    seats: list[dict[str, Any]] = [{} for _ in range(players)]
    seen: set[str] = set()
    treasure_rows: list[tuple[int, ...] | None] = [None, None, None]
    treasure_piles: list[tuple[int, int, int]] = []
    event_sizes = list(_INITIAL_EVENT_PILES)
    event_piles: list[tuple[int, int, int]] = []
    board_events: list[int | None] = [None] * (LAST_SPACE + 1)
    islands: dict[int, list[Any]] = {}
    pearls: list[int] | None = None
    knowledge: list[Knowledge] = []
    steals: list[Steal] = []
    tasks: list[Task] | None = None
    history: list[HistoryEntry] = []
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
        if key in _TOP:
            _once(seen, token, key)
            fields[_TOP[key]] = line.integer(f"the {key}", 0, 10_000)
        elif key == "seat":
            seat = line.integer("a seat", 0, players - 1)
            name = line.take("what the line says of the seat")
            if name.text not in _SEAT_KEYS:
                raise name.error(
                    f"expected one of {', '.join(_SEAT_KEYS)} after 'seat {seat}', found "
                    f"{name.text!r}"
                )
            _once(seen, name, f"seat {seat} {name.text}")
            values = seats[seat]
            if name.text in _SEAT_NUMBERS:
                field, high = _SEAT_NUMBERS[name.text]
                values[field] = line.integer(f"seat {seat}'s {name.text}", 0, high)
            elif name.text == "committed":
                values["committed"] = True
            elif name.text == "setup-live":
                values["setup_live"] = _mask(line.take("seats"), players)
            else:
                _, kind, field = next(entry for entry in _SEAT_CARDS if entry[0] == name.text)
                blank = (
                    "?" if field in ("hand", "treasures", "missions", "offer", "drawn") else None
                )
                cards = _cards(kind, line, blank)
                values[field] = cards
        elif key in ("crew-row", "mission-row"):
            _once(seen, token, key)
            kind = key.removesuffix("-row")
            slots = tuple(_card(kind, item, "-") for item in _items(line, f"{kind} row slots"))
            size = CREW_ROW_SIZE if kind == "crew" else MISSION_ROW_SIZE
            if len(slots) != size:
                raise token.error(
                    f"the {key} has {size} slots ('-' for an empty one), not {len(slots)}"
                )
            fields[key.replace("-", "_")] = slots
        elif key in ("crew-discard", "chest", "treasure-discard", "event-discard"):
            _once(seen, token, key)
            kind = "crew" if key in ("crew-discard", "chest") else key.removesuffix("-discard")
            fields[key.replace("-", "_")] = _cards(kind, line, None)
        elif key in ("crew-pile", "mission-pile"):
            _once(seen, token, key)
            fields[key.replace("-", "_")] = _places(key.removesuffix("-pile"), line)
        elif key == "mission-returned":
            _once(seen, token, key)
            fields["mission_returned"] = _cards("mission", line)
        elif key in ("treasure-row", "treasure-pile"):
            value_token = line.take("a treasure value (1, 3 or 5)")
            if value_token.text not in ("1", "3", "5"):
                raise value_token.error(
                    f"expected a treasure value (1, 3 or 5), found {value_token.text!r}"
                )
            rank = TREASURE_VALUES.index(int(value_token.text))
            _once(seen, value_token, f"{key} {value_token.text}")
            if key == "treasure-row":
                treasure_rows[rank] = _cards("treasure", line, None)
            else:
                treasure_piles += [(rank, index, card) for index, card in _places("treasure", line)]
        elif key == "event-pile":
            pile = line.integer("an event pile", 0, EVENT_PILES - 1)
            _once(seen, token, f"event-pile {pile}")
            event_sizes[pile] = line.integer(f"event pile {pile}'s size", 0, len(EVENT_CARDS))
            if not line.done():
                event_piles += [(pile, index, card) for index, card in _places("event", line)]
        elif key == "space":
            space = line.integer("a space", 0, LAST_SPACE)
            name = line.take("event, island, occupant or pearls")
            _once(seen, name, f"space {space} {name.text}")
            if name.text == "event":
                board_events[space] = _named("event", _items(line, "an event card")[0])
            elif name.text == "island":
                island = _card("island", _items(line, "an island card or '?'")[0])
                islands.setdefault(space, [space, None, None])[1] = island
            elif name.text == "occupant":
                if space not in islands:
                    raise name.error(f"space {space} has no island line before its occupant")
                islands[space][2] = line.integer("the occupant", 0, players - 1)
            elif name.text == "pearls":
                if pearls is None:
                    pearls = [0] * (LAST_SPACE + 1)
                pearls[space] = line.integer("the pearls", 0, 99)
            else:
                raise name.error(
                    f"expected event, island, occupant or pearls after 'space {space}', "
                    f"found {name.text!r}"
                )
        elif key == "known":
            kind_token = line.take("a kind of knowledge")
            if kind_token.text not in KNOWLEDGE_KINDS:
                raise kind_token.error(
                    f"expected one of {', '.join(KNOWLEDGE_KINDS)}, found {kind_token.text!r}"
                )
            mask = _mask(line.take("the seats who know"), players)
            kind = _KNOWLEDGE_KIND[kind_token.text]
            knowledge += [
                (kind_token.text, _named(kind, item), mask)
                for item in _items(line, f"{kind} cards")
            ]
        elif key == "steal":
            observer = line.integer("the observer", 0, players - 1)
            victim = line.integer("the victim", 0, players - 1)
            thief = line.integer("the thief", 0, players - 1)
            hidden = line.integer("the hidden cards", 0, 7)
            cards = _cards("crew", line, None) if not line.done() else ()
            steals.append((observer, victim, thief, cards, hidden))
        elif key == "task":
            if tasks is None:
                tasks = []
            nothing = line.peek()
            if nothing is not None and nothing.text == "none" and len(line.tokens) == 2:
                line.take("'none'")
            else:
                tasks.append(_record_of(line, _TASK_CLASSES, "a task's name"))
        elif key == "move":
            seat = line.integer("a seat", 0, players - 1)
            history.append((seat, _record_of(line, _ACTION_CLASSES, "a public action's name")))
        else:
            raise token.error(
                f"expected a line starting with one of {', '.join(_TOP_KEYS)}; found {key!r}"
            )
        line.finish()
    origin = _read(origin_lines) if origin_lines else None
    if origin is not None and not history:
        raise origin_lines[0].tokens[0].error("an origin is given, but no moves start from it")
    keywords: dict[str, Any] = {
        "players": players,
        **fields,
        "seats": tuple(SeatPosition(**seat) for seat in seats),
        "treasure_rows": tuple(treasure_rows),
        "treasure_piles": tuple(treasure_piles),
        "event_pile_sizes": tuple(event_sizes),
        "event_piles": tuple(event_piles),
        "board_events": tuple(board_events),
        "knowledge": tuple(sorted(knowledge)),
        "steals": tuple(steals),
        "tasks": None if tasks is None else tuple(tasks),
        "history": tuple(history),
        "origin": origin,
    }
    if islands:
        keywords["islands"] = tuple(tuple(islands[space]) for space in sorted(islands))
    if pearls is not None:
        keywords["board_pearls"] = tuple(pearls)
    return KincsesPosition(**keywords)

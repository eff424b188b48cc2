"""The public history of a Magellan: Elcano state or observation, replayed and checked.

:func:`check_history` replays the history in public, from the deal, as every captain sees
it: every entry by the captain then to move, each face-up card one that may be in his
hand, no pass the rules forbid, each round ending when every captain has passed and
anchored as its columns decide. What the replay ends with must be what the table shows:
the round, the first player, who is to move, every column, passed flag, face-up discard
and known card, each storm column's and face-down discard's size, the face-down groups,
and how many ocean cards of each colour (and storm cards) are on the table and have been
won by each captain. The replay costs a few operations per entry, and a game
has at most 66 entries per captain (:func:`max_history`).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Sequence
from typing import Any, Final

import attrs

from boardgames.core.errors import ConfigurationError, InvalidStateError
from boardgames.core.guards import shown
from boardgames.core.history import History
from boardgames.games.magellan_elcano import _knowledge
from boardgames.games.magellan_elcano.actions import FaceDownPlayed, Pass, PlayCard
from boardgames.games.magellan_elcano.components import (
    CREW_DECK_SIZE,
    OCEAN_CARDS,
    CardId,
    Colour,
)
from boardgames.games.magellan_elcano.rules import (
    _COLOUR_VALUES,
    _FACE_DOWN_ENTRY,
    _IN_HAND,
    _MAX_SEATS,
    _PASS_ENTRY,
    _PLAY_ENTRY,
    _STORM_DISCARDED,
    _STORM_TAKEN_BACK,
    _VALUE,
    _WIDENED,
    DRAW,
    HAND_SIZE,
    ROUNDS,
    _unique_winner,
)
from boardgames.games.magellan_elcano.state import _PLACE_SETS, Place

__all__ = ["check_history", "max_history", "replayed_groups"]


_HAS_HAND: Final = {places: Place.HAND in places for places in _PLACE_SETS}
"""Whether a known card with these places may be in its owner's hand. The tables here are
keyed by sets of places, whose hashes are cached, as a place's own hash is computed in
Python."""


_COLOURS: Final = tuple(Colour)


_COLOUR_INDICES: Final = tuple(map(int, Colour))


_OCEAN_COLOUR: Final = tuple(int(card.colour) for card in OCEAN_CARDS)
"""The colour of each ocean card, as an index."""


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


_MOST_ENTRIES: Final = sum(HAND_SIZE + DRAW * (round - 1) + 1 for round in range(1, ROUNDS + 1))
"""The most history entries of one captain: 66 (see :func:`max_history`)."""


def max_history(players: int) -> int:
    """The most entries a game of ``players`` captains can have in its history.

    In round ``r`` a captain holds at most ``5 + 2 (r - 1)`` cards when it starts, plays
    each at most once and passes at most once: at most 66 entries per captain in 6 rounds.
    """
    return players * _MOST_ENTRIES


def _is_int(value: object) -> bool:
    return type(value) is int


def _shared_entry_ids(players: int, storms: bool) -> frozenset[int]:
    """The identities of the shared history entries a game of this configuration can hold."""
    entries = [
        entry
        for seat in range(players)
        for plays in _PLAY_ENTRY[seat]
        for entry in plays
        if entry is not None
    ]
    entries.extend(_PASS_ENTRY[:players])
    if storms:
        entries.extend(_FACE_DOWN_ENTRY[:players])
    return frozenset(map(id, entries))


_SHARED_ENTRY_IDS: Final = {
    (players, storms): _shared_entry_ids(players, storms)
    for players in range(2, _MAX_SEATS + 1)
    for storms in (False, True)
}
"""For each configuration, the identities of its shared history entries: the rules module
keeps them alive, so an entry with one of these identities is that entry, and valid."""


def _check_entries(history: Any, players: int, storms: bool) -> None:
    """Check the form of every history entry, in ``O(len(history))``.

    The entries :func:`~boardgames.games.magellan_elcano.rules.apply` appends (and those
    :func:`boardgames.loads` reads) are shared objects known to be valid, recognised by
    identity; any other entry is checked in full.
    """
    if type(history) is not History:
        raise _fail(f"history must be a boardgames.History, not {type(history).__name__}")
    most = max_history(players)
    if len(history) > most:
        raise _fail(
            f"the history has {len(history)} entries; a game of {players} players has at "
            f"most {most} (each captain plays each card in hand and passes at most once a "
            "round)"
        )
    shared = _SHARED_ENTRY_IDS[(players, storms)]
    if all(map(shared.__contains__, map(id, history))):
        return
    for index, entry in enumerate(history):
        if id(entry) not in shared:
            _check_entry(index, entry, players, storms)


def _check_entry(index: int, entry: Any, players: int, storms: bool) -> None:
    if type(entry) is not tuple or len(entry) != 2:
        raise _fail(f"history entry {index}, {shown(entry)}, is not a (seat, action) pair")
    seat, action = entry
    if not _is_int(seat) or not 0 <= seat < players:
        raise _fail(
            f"history entry {index}: the history names seat {shown(seat)}, which does not exist"
        )
    if type(action) is FaceDownPlayed:
        if not storms:
            raise _fail(
                f"history entry {index}: the history has a face-down play in a game without storms"
            )
    elif type(action) is PlayCard:
        card, colour = action.card, action.colour
        if not (
            _is_int(card)
            and 0 <= card < CREW_DECK_SIZE
            and type(colour) is Colour
            and _VALUE[card][colour]
        ):
            raise _fail(
                f"history entry {index}: the history has an impossible play {shown(action)}"
            )
    elif type(action) is not Pass:
        raise _fail(f"history entry {index}, {shown(entry)}, holds no public action")


class _Seat:
    """One captain's public crew, as the replay of the history rebuilds it."""

    __slots__ = (
        "columns",
        "discard",
        "face_up",
        "groups",
        "hand",
        "hidden",
        "known",
        "passed",
        "storm",
    )

    def __init__(self) -> None:
        self.hand = HAND_SIZE
        self.columns: tuple[list[CardId], list[CardId], list[CardId]] = ([], [], [])
        self.face_up: set[CardId] = set()
        """The cards in the columns and the face-up discard: not in the hand."""
        self.storm = 0
        self.passed = False
        self.discard: list[CardId] = []
        self.hidden = 0
        self.known: dict[CardId, frozenset[Place]] = {}
        self.groups: tuple[_knowledge.Group, ...] = ()


def _may_hold(crew: _Seat, card: CardId | None) -> bool:
    """Whether ``crew``'s hand may hold known ``card`` (``None``: a never-seen card) now.

    The replay calls it only when counting may rule the card out: for a never-seen card,
    when the hand holds no more cards than there are known cards (a larger hand holds a
    never-seen card in every arrangement, and the replayed knowledge always has one: each
    entry it accepts keeps an arrangement of the one before), and for a known card, when
    the captain has a storm column or face-down groups (without them, a known card that
    may be in the hand is in it).
    """
    known = sorted(crew.known)
    unseen = CREW_DECK_SIZE - len(crew.face_up) - len(known)
    if not crew.groups and not crew.storm:
        if card is not None:
            return True
        return crew.hand > len(known)
    return _knowledge.may_hold(crew.groups, known, crew.hand, crew.storm, unseen, card)


def _next_to_move(seats: list[_Seat], start: int, passing: int = -1) -> int | None:
    """The first captain clockwise from ``start`` who may still play (as the rules pick)."""
    count = len(seats)
    for offset in range(count):
        seat = (start + offset) % count
        crew = seats[seat]
        if not crew.passed and crew.hand and seat != passing:
            return seat
    return None


_Public = tuple[
    tuple[tuple[CardId, ...], tuple[CardId, ...], tuple[CardId, ...]],
    int,
    int,
    bool,
    tuple[CardId, ...],
    int,
    tuple[tuple[CardId, frozenset[Place]], ...],
    tuple[_knowledge.Group, ...],
]
"""One captain's public crew as the table shows it: columns, hand size, storm column size,
passed, face-up discard, face-down discard size, known cards, face-down groups."""


@attrs.frozen
class _Replayed:
    """The public table that the replay of a history ends with.

    Args:
        seats: Each captain's public crew (no longer changed once the replay is over).
        round: The round.
        to_move: The captain to move, ``None`` once the game is over.
        first_has_played: Whether the first player has played a card this round.
        ocean_piles: How many face-up ocean cards of each colour are on the table.
        won_colours: The colour (an index) of each ocean card each captain won, in order.
        storm_pile: How many face-up storm cards are on the table.
        won_storms: How many storm cards each captain won.
    """

    seats: tuple[_Seat, ...]
    round: int
    to_move: int | None
    first_has_played: bool
    ocean_piles: tuple[int, ...]
    won_colours: tuple[tuple[int, ...], ...]
    storm_pile: int
    won_storms: tuple[int, ...]


def check_history(
    history: object,
    players: int,
    storms: bool,
    round: int,
    first_player: int,
    to_move: int | None,
    first_has_played: bool,
    crews: Sequence[_Public],
    ocean_piles: Sequence[Sequence[CardId]],
    won: Sequence[Sequence[CardId]],
    storm_pile: Sequence[CardId],
    won_storms: Sequence[Sequence[CardId]],
) -> None:
    """Replay the history in public and check that it leads to the table shown.

    The replay starts from the deal (5 cards each, nothing on the table) with the first
    player of round 1 that ``first_player`` and ``round`` give ("The Pigafetta card is
    given to the player to the left of the current first player"), and follows the rules
    as every captain sees them: who is to move, which cards are on the table, which go back
    to a hand (and are known there) or to a discard, which colours and storm columns win.
    Ocean and storm cards are not named by the history, only counted.

    Raises:
        InvalidStateError: An entry is one the rules cannot have made, or the replay does
            not end with the table shown; the message says where they part.
    """
    _check_entries(history, players, storms)
    assert isinstance(history, History)
    replayed = _replay(history, players, storms, round, first_player)
    _compare(
        replayed,
        round,
        to_move,
        first_has_played,
        crews,
        ocean_piles,
        won,
        storm_pile,
        won_storms,
    )


def _replay(
    history: History[tuple[int, Any]], players: int, storms: bool, round: int, first_player: int
) -> _Replayed:
    """Replay a history whose entries have the right form; see :func:`check_history`."""
    moving: int | None
    if history.origin is None:
        seats = [_Seat() for _ in range(players)]
        replayed_round = 1
        first = (first_player - (round - 1)) % players
        moving = first
        played_first = False
        piles = [1, 1, 1]
        won_colours: list[list[int]] = [[] for _ in range(players)]
        storm_on_table = 1 if storms else 0
        storms_won = [0] * players
    else:
        start = _origin(history.origin, players, storms)
        seats = [copy.copy(crew) for crew in start.seats]
        for crew in seats:
            crew.columns = (list(crew.columns[0]), list(crew.columns[1]), list(crew.columns[2]))
            crew.face_up = set(crew.face_up)
            crew.discard = list(crew.discard)
            crew.known = dict(crew.known)
        replayed_round = start.round
        first = start.first
        moving = start.to_move
        played_first = start.first_has_played
        piles = list(start.ocean_piles)
        won_colours = [list(colours) for colours in start.won_colours]
        storm_on_table = start.storm_pile
        storms_won = list(start.won_storms)
    for index, (seat, action) in enumerate(history):
        if seat != moving:
            if moving is None:
                raise _fail(f"history entry {index} comes after the end of the game")
            raise _fail(
                f"history entry {index} is by seat {seat}, but seat {moving} was to move "
                f"(round {replayed_round})"
            )
        crew = seats[seat]
        kind = type(action)
        if kind is Pass:
            if seat == first and not played_first:
                raise _fail(
                    f"history entry {index}: the first player, seat {seat}, passes before "
                    "playing a card"
                )
            following = _next_to_move(seats, seat + 1, seat)
            if following is not None:
                crew.passed = True
        else:
            if kind is PlayCard:
                card = action.card
                known = crew.known
                places = known.pop(card, None) if known else None
                if card in crew.face_up or (places is not None and not _HAS_HAND[places]):
                    raise _fail(
                        f"history entry {index}: seat {seat} plays card {card} face up, but "
                        "it cannot be in his hand"
                    )
                if places is None:
                    if crew.hand <= len(known) and not _may_hold(crew, None):
                        raise _fail(
                            f"history entry {index}: seat {seat} plays card {card} face up, "
                            "but every card in his hand is a known card"
                        )
                elif crew.groups or crew.storm:
                    known[card] = places
                    if not _may_hold(crew, card):
                        raise _fail(
                            f"history entry {index}: seat {seat} plays card {card} face up, "
                            "but it cannot be in his hand (counting shows it is in his storm "
                            "column or face-down discard)"
                        )
                    del known[card]
                    if crew.groups:
                        crew.groups = _knowledge.seen_in_hand(crew.groups, card)
                crew.columns[action.colour].append(card)
                crew.face_up.add(card)
            else:  # FaceDownPlayed
                crew.storm += 1
                if crew.known:
                    crew.known = {card: _WIDENED[places] for card, places in crew.known.items()}
            crew.hand -= 1
            crew.passed = not crew.hand
            if seat == first:
                played_first = True
            following = seat + 1 if seat + 1 < players else 0
            after = seats[following]
            if after.passed or not after.hand:  # the next seat clockwise cannot play
                following = _next_to_move(seats, following)
        if following is not None:
            moving = following
            continue
        # Phase C: every captain has passed.
        over = replayed_round == ROUNDS
        winners = [
            _unique_winner(
                [sum(map(_COLOUR_VALUES[colour].__getitem__, s.columns[colour])) for s in seats]
            )
            for colour in _COLOUR_INDICES
        ]
        storm_winner = _unique_winner([s.storm for s in seats]) if storms else None
        for number, crew in enumerate(seats):
            taken = 0
            if crew.storm or crew.groups:
                crew.groups = _knowledge.anchored(
                    crew.groups,
                    sorted(crew.known),
                    crew.storm,
                    storm_winner == number,
                    crew.hand + crew.storm + crew.hidden - len(crew.known),
                )
            if crew.storm:
                if storm_winner == number:
                    crew.hidden += crew.storm
                    table = _STORM_DISCARDED
                else:
                    taken += crew.storm
                    table = _STORM_TAKEN_BACK
                crew.known = {card: table[places] for card, places in crew.known.items()}
            for colour in _COLOUR_INDICES:
                column = crew.columns[colour]
                if not column:
                    continue
                if winners[colour] == number:
                    crew.discard += column
                else:  # taken back, as cards everyone has seen
                    taken += len(column)
                    crew.face_up.difference_update(column)
                    for card in column:
                        crew.known[card] = _IN_HAND
            crew.hand += taken + (0 if over else DRAW)
            crew.columns = ([], [], [])
            crew.storm = 0
            crew.passed = False
        for colour, winner in enumerate(winners):
            if winner is not None:
                won_colours[winner] += [colour] * piles[colour]
                piles[colour] = 0
        if storm_winner is not None:
            storms_won[storm_winner] += storm_on_table
            storm_on_table = 0
        played_first = False
        if over:
            moving = None
            continue
        replayed_round += 1
        first = (first + 1) % players
        moving = first
        piles = [pile + 1 for pile in piles]
        if storms:
            storm_on_table += 1
    if history.origin is not None and first != first_player:
        raise _fail(
            f"the history does not lead to this table: after it the first player is seat "
            f"{first}, but the table shows seat {first_player}"
        )
    return _Replayed(
        seats=tuple(seats),
        round=replayed_round,
        to_move=moving,
        first_has_played=played_first,
        ocean_piles=tuple(piles),
        won_colours=tuple(map(tuple, won_colours)),
        storm_pile=storm_on_table,
        won_storms=tuple(storms_won),
    )


@attrs.frozen
class _Start:
    """The public table a history with an origin starts from (see :func:`_origin`)."""

    seats: tuple[_Seat, ...]
    round: int
    first: int
    to_move: int | None
    first_has_played: bool
    ocean_piles: tuple[int, ...]
    won_colours: tuple[tuple[int, ...], ...]
    storm_pile: int
    won_storms: tuple[int, ...]


@functools.lru_cache(maxsize=64)
def _origin(text: str, players: int, storms: bool) -> _Start:
    """Read a history's origin: the public table its first entry was taken in.

    The seats it returns are shared by every call with the same text: the replay copies
    them before it changes them.

    Raises:
        InvalidStateError: The origin is not a position of this configuration.
    """
    from boardgames.games.magellan_elcano.position import MagellanPosition

    try:
        position = MagellanPosition.parse(text)
    except ConfigurationError as error:
        raise _fail(f"the history's origin is not a position: {error}") from None
    if position.players != players or position.storms != storms:
        raise _fail(
            f"the history's origin is a position of {position.players} players"
            f"{' with storms' if position.storms else ''}, not of this game"
        )
    seats = []
    for number, seat in enumerate(position.seats):
        crew = _Seat()
        crew.hand = position.hand_size(number)
        crew.columns = (list(seat.columns[0]), list(seat.columns[1]), list(seat.columns[2]))
        crew.face_up = {*seat.columns[0], *seat.columns[1], *seat.columns[2], *seat.discard}
        crew.storm = len(seat.storm)
        crew.passed = seat.passed
        crew.discard = list(seat.discard)
        crew.hidden = len(seat.face_down)
        crew.known = dict(seat.known)
        crew.groups = seat.groups()
        seats.append(crew)
    round = position.round
    won_colours = tuple(tuple(_OCEAN_COLOUR[card] for card in seat.won) for seat in position.seats)
    piles = tuple(
        round - sum(colours.count(colour) for colours in won_colours) if pile is None else len(pile)
        for colour, pile in enumerate(position.ocean_piles)
    )
    won_storms = tuple(len(seat.won_storms) for seat in position.seats)
    if not storms:
        storm_pile = 0
    elif position.storm_pile is None:
        storm_pile = round - sum(won_storms)
    else:
        storm_pile = len(position.storm_pile)
    first = position.first_player
    first_seat = position.seats[first] if 0 <= first < players else None
    return _Start(
        seats=tuple(seats),
        round=round,
        first=first,
        to_move=position.to_move,
        first_has_played=bool(
            first_seat is not None and (any(first_seat.columns) or first_seat.storm)
        ),
        ocean_piles=piles,
        won_colours=won_colours,
        storm_pile=storm_pile,
        won_storms=won_storms,
    )


def replayed_groups(
    history: History[tuple[int, Any]], players: int, storms: bool, round: int, first_player: int
) -> list[tuple[_knowledge.Group, ...]]:
    """Return every captain's face-down groups after the public replay of ``history``.

    Raises:
        InvalidStateError: The history is not one the rules can have made.
    """
    _check_entries(history, players, storms)
    return [seat.groups for seat in _replay(history, players, storms, round, first_player).seats]


def _compare(
    replayed: _Replayed,
    round: int,
    to_move: int | None,
    first_has_played: bool,
    crews: Sequence[_Public],
    ocean_piles: Sequence[Sequence[CardId]],
    won: Sequence[Sequence[CardId]],
    storm_pile: Sequence[CardId],
    won_storms: Sequence[Sequence[CardId]],
) -> None:
    """Check that the table is the one the replay of the history ended with."""

    def differ(what: str, replayed: object, actual: object) -> InvalidStateError:
        return _fail(
            f"the history does not lead to this table: after it {what} is "
            f"{shown(replayed, 80)}, but the table shows {shown(actual, 80)}"
        )

    if replayed.round != round:
        raise differ("the round", replayed.round, round)
    if replayed.to_move != to_move:
        raise differ("the seat to move", replayed.to_move, to_move)
    if replayed.first_has_played != first_has_played:
        raise differ("first_has_played", replayed.first_has_played, first_has_played)
    won_colours = replayed.won_colours
    for seat, (crew, public) in enumerate(zip(replayed.seats, crews, strict=True)):
        columns, hand, storm, passed, discard, hidden, known, face_down_groups = public
        replayed_columns = tuple(map(tuple, crew.columns))
        if replayed_columns != columns:
            colour = next(c for c in _COLOURS if replayed_columns[c] != columns[c])
            what = f"seat {seat}'s {colour} column"
            raise differ(what, replayed_columns[colour], columns[colour])
        if crew.storm != storm:
            raise differ(f"seat {seat}'s storm column size", crew.storm, storm)
        if crew.passed != passed:
            raise differ(f"seat {seat}'s passed flag", crew.passed, passed)
        if tuple(crew.discard) != discard:
            raise differ(f"seat {seat}'s face-up discard", tuple(crew.discard), discard)
        if crew.hidden != hidden:
            raise differ(f"seat {seat}'s face-down discard size", crew.hidden, hidden)
        if crew.hand != hand:
            raise differ(f"seat {seat}'s hand size", crew.hand, hand)
        replayed_known = tuple(sorted(crew.known.items()))
        if replayed_known != known:
            raise differ(f"seat {seat}'s known cards", replayed_known, known)
        if crew.groups != face_down_groups:
            raise differ(f"seat {seat}'s face-down groups", crew.groups, face_down_groups)
        colours = tuple(map(_OCEAN_COLOUR.__getitem__, won[seat]))
        if colours != won_colours[seat]:
            raise differ(
                f"the colours of the ocean cards seat {seat} won",
                [str(Colour(colour)) for colour in won_colours[seat]],
                [str(Colour(colour)) for colour in colours],
            )
        if replayed.won_storms[seat] != len(won_storms[seat]):
            raise differ(
                f"the storm cards seat {seat} won", replayed.won_storms[seat], won_storms[seat]
            )
    for colour in _COLOURS:
        if replayed.ocean_piles[colour] != len(ocean_piles[colour]):
            raise differ(
                f"the number of face-up {colour} ocean cards",
                replayed.ocean_piles[colour],
                ocean_piles[colour],
            )
    if replayed.storm_pile != len(storm_pile):
        raise differ("the number of face-up storm cards", replayed.storm_pile, storm_pile)

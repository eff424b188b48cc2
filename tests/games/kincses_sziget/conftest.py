"""Fixtures for the Irány a Kincses Sziget! rule tests: the game and hand-made states.

Test modules in this folder are not a package (pytest runs in importlib mode), so the
builders are handed to the tests as session-scoped fixtures that return plain functions.

* ``register_kincses_sziget`` (autouse, session): registers the game for the test session
  and unregisters it at the end, so ``boardgames.make``, ``dumps`` and ``loads`` work.
* ``make_game(players, **options)`` builds a game through :func:`boardgames.make`.
* ``make_state(players, **fields)`` builds a :class:`KincsesState` from the fields a test
  cares about and fills in the rest (see :func:`build_state`), with a public history that
  leads there (see :func:`history_for`); the result is checked with ``check_state``, so a
  malformed scenario fails loudly instead of testing nonsense.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence

import pytest

import boardgames
from boardgames.core.registry import unregister_game
from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    AnchorDraw,
    CrewFromPile,
    Done,
    EventDrawn,
    MissionKept,
    Move,
    TreasureFromPile,
)
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    EVENT_CARDS,
    EVENT_ID_IN_PLAY,
    ISLANDS,
    MISSIONS,
    PEARL_BEDS,
    TREASURES,
)
from boardgames.games.kincses_sziget.rules import check_state
from boardgames.games.kincses_sziget.state import HistoryEntry, Task, TurnStep

INITIAL_EVENT_PILES = tuple(len(range(pile, len(EVENT_CARDS), 3)) for pile in range(3))
"""The event piles' sizes before any draw: 22, 21 and 21 (the 64 cards dealt round-robin)."""

DEFAULT_ISLANDS = {15: 0, 25: 3, 30: 6, 35: 9}
"""Default island layout: space -> island id (zones B, C, C, D)."""

DEFAULT_BED_SPACES = (5, 12, 18, 28)
"""Default pearl bed spaces (zones A, B, B, C)."""


def default_beds(players: int) -> dict[int, int]:
    """Return the default pearl beds for ``players``: space -> pearls."""
    return dict(zip(DEFAULT_BED_SPACES, PEARL_BEDS[players], strict=True))


def _turn_seat(first: int, turn: int, players: int) -> int:
    return (first + (turn - 1) // players + (turn - 1) % players) % players


def history_for(
    players: int,
    first: int,
    turns: int,
    anchors: Sequence[int],
    drawn: Sequence[tuple[int, int, int]],
    taken: Sequence[tuple[int, int]],
) -> boardgames.History[HistoryEntry]:
    """Return a public history that the other fields of a hand-made state agree with.

    The setup (each seat stops exchanging, then keeps a mission, in turn order from
    ``first``), then ``turns`` turns: each seat's last ``anchors[seat]`` turns are anchorings
    that draw a crew card, the others moves. The event cards ``drawn`` (``(seat, pile,
    card)``) are drawn in the drawer's last move, the treasures ``taken`` (``(seat,
    value)``) in the last move of all.
    """
    order = [(first + offset) % players for offset in range(players)]
    entries: list[HistoryEntry] = [(seat, Done()) for seat in order]
    entries += [(seat, MissionKept()) for seat in order]
    seats = [_turn_seat(first, turn, players) for turn in range(1, turns + 1)]
    moves = [seats[turn:].count(seat) >= anchors[seat] for turn, seat in enumerate(seats, 1)]
    last_move = {seat: turn for turn, seat in enumerate(seats) if moves[turn]}
    last_of_all = max(last_move.values(), default=-1)
    for turn, seat in enumerate(seats):
        if not moves[turn]:
            entries += [(seat, AnchorDraw()), (seat, CrewFromPile())]
            continue
        entries.append((seat, Move(1)))
        entries += [
            (seat, EventDrawn(pile, card))
            for drawer, pile, card in drawn
            if drawer == seat and last_move[seat] == turn
        ]
        if turn == last_of_all:
            entries += [(holder, TreasureFromPile(value)) for holder, value in taken]
    return boardgames.History(entries)


def build_state(
    players: int = 2,
    *,
    hands: Sequence[Sequence[int]] | None = None,
    positions: Sequence[int] | None = None,
    tasks: Sequence[Task] | None = None,
    treasures: Sequence[Sequence[int]] | None = None,
    blind_treasures: Sequence[Sequence[int]] | None = None,
    missions: Sequence[Sequence[int]] | None = None,
    pearls: Sequence[int] | None = None,
    anchors: Sequence[int] | None = None,
    board_events: Mapping[int, int] | None = None,
    islands: Mapping[int, int] | None = None,
    island_owners: Mapping[int, int] | None = None,
    island_known: Mapping[int, int] | None = None,
    beds: Mapping[int, int] | None = None,
    crew_row: Sequence[int | None] | None = None,
    crew_pile_top: Sequence[int] = (),
    crew_discard: Sequence[int] = (),
    treasure_rows: Sequence[Sequence[int]] | None = None,
    treasure_pile_tops: Sequence[Sequence[int]] = ((), (), ()),
    mission_row: Sequence[int | None] | None = None,
    mission_pile_top: Sequence[int] = (),
    event_pile_tops: Sequence[Sequence[int]] = ((), (), ()),
    event_discard: Sequence[int] = (),
    start_player: int = 0,
    turn_index: int = 0,
    round: int | None = None,
    max_turns: int = 500,
    reveal_shown_cards: bool = True,
    tiebreak_by_position: bool = False,
    seed: int = 0,
) -> KincsesState:
    """Return a checked state; every card not placed by the test goes to its pile.

    Defaults: each seat holds pirates ``4p .. 4p+3`` and mission ``p``; ships on START;
    the islands of :data:`DEFAULT_ISLANDS` face down; the default pearl beds; the crew row
    holds the six lowest unused crew ids; each treasure row the two lowest unused ids of its
    value; the mission row the three lowest unused missions. Piles hold their given top
    cards first, then the unused cards in id order (event cards are dealt round-robin, each
    pile as long as the cards the history draws from it leave it). ``blind_treasures`` are
    held besides ``treasures``, drawn blindly from their piles: everyone knows their value.
    The task stack is ``TurnStep(start_player + turn_index)``. The round is the first in
    which the history can hold the turns the state needs (an anchoring streak, an event
    card drawn, a treasure taken), unless given; the turn counter follows from it and
    ``turn_index``.
    """
    everyone = (1 << players) - 1
    hands = [
        tuple(sorted(hand)) for hand in (hands or [range(4 * p, 4 * p + 4) for p in range(players)])
    ]
    positions = tuple(positions or (0,) * players)
    blind = [tuple(t) for t in (blind_treasures or [()] * players)]
    treasures = [
        tuple(sorted((*t, *blind[seat]))) for seat, t in enumerate(treasures or [()] * players)
    ]
    missions = [tuple(sorted(m)) for m in (missions or [(p,) for p in range(players)])]
    # Identical event copies share one id in play: a test may name any copy.
    board_events = {space: EVENT_ID_IN_PLAY[card] for space, card in (board_events or {}).items()}
    event_discard = [EVENT_ID_IN_PLAY[card] for card in event_discard]
    event_pile_tops = [tuple(EVENT_ID_IN_PLAY[card] for card in top) for top in event_pile_tops]
    islands = dict(DEFAULT_ISLANDS if islands is None else islands)
    beds = dict(default_beds(players) if beds is None else beds)
    used_crew = {card for hand in hands for card in hand} | set(crew_pile_top) | set(crew_discard)
    if crew_row is None:
        free = [card for card in range(len(CREW_CARDS)) if card not in used_crew]
        crew_row = free[:6]
    used_crew |= {card for card in crew_row if card is not None}
    crew_pile = (
        *crew_pile_top,
        *(card for card in range(len(CREW_CARDS)) if card not in used_crew),
    )
    used_treasures = {t for held in treasures for t in held}
    used_treasures |= {t for top in treasure_pile_tops for t in top}
    rows = []
    piles = []
    for rank in range(3):
        ids = range(12 * rank, 12 * rank + 12)
        if treasure_rows is None:
            row = tuple([t for t in ids if t not in used_treasures][:2])
        else:
            row = tuple(treasure_rows[rank])
        used_treasures |= set(row)
        rows.append(row)
        piles.append((*treasure_pile_tops[rank], *(t for t in ids if t not in used_treasures)))
    used_missions = {m for held in missions for m in held} | set(mission_pile_top)
    if mission_row is None:
        mission_row = [m for m in range(len(MISSIONS)) if m not in used_missions][:3]
    used_missions |= {m for m in mission_row if m is not None}
    mission_pile = (
        *mission_pile_top,
        *(m for m in range(len(MISSIONS)) if m not in used_missions),
    )
    left = Counter(EVENT_ID_IN_PLAY)
    left.subtract([*board_events.values(), *event_discard])
    left.subtract(e for top in event_pile_tops for e in top)
    rest = sorted(left.elements())
    draws = [0, 0, 0]
    drawn_from: list[tuple[int | None, int, int]] = []
    for space, card in [*board_events.items(), *((None, card) for card in event_discard)]:
        slack = [INITIAL_EVENT_PILES[i] - draws[i] - len(event_pile_tops[i]) for i in range(3)]
        pile = slack.index(max(slack))
        draws[pile] += 1
        drawn_from.append((space, pile, card))
    room = [INITIAL_EVENT_PILES[i] - draws[i] - len(event_pile_tops[i]) for i in range(3)]
    deals: list[list[int]] = [[], [], []]
    pile = 0
    for card in rest:
        while len(deals[pile]) >= room[pile]:
            pile = (pile + 1) % 3
        deals[pile].append(card)
        pile = (pile + 1) % 3
    event_piles = tuple((*event_pile_tops[i], *deals[i]) for i in range(3))
    crew_known = [0] * len(CREW_CARDS)
    for seat, hand in enumerate(hands):
        for card in hand:
            crew_known[card] = 1 << seat
    for card in [*(c for c in crew_row if c is not None), *crew_discard]:
        crew_known[card] = everyone
    treasure_known = [0] * len(TREASURES)
    for seat, held in enumerate(treasures):
        for t in held:
            treasure_known[t] = 1 << seat
    for row in rows:
        for t in row:
            treasure_known[t] = everyone
    # Everyone knows the value of a card in a pile (its pile shows it) or face up.
    treasure_value_known = list(treasure_known)
    for cards in (*piles, *rows, *blind):
        for t in cards:
            treasure_value_known[t] = everyone
    mission_known = [0] * len(MISSIONS)
    for seat, held in enumerate(missions):
        for m in held:
            mission_known[m] = 1 << seat
    for slot in mission_row:
        if slot is not None:
            mission_known[slot] = everyone
    owners = [None] * len(ISLANDS)
    island_masks = [0] * len(ISLANDS)
    for island, owner in (island_owners or {}).items():
        owners[island] = owner  # type: ignore[call-overload]
        island_masks[island] = everyone
    for island, mask in (island_known or {}).items():
        island_masks[island] = mask
    tasks = (
        tuple(tasks) if tasks is not None else (TurnStep((start_player + turn_index) % players),)
    )
    anchors = tuple(anchors or (0,) * players)
    ships = {position: seat for seat, position in enumerate(positions) if 0 < position < 43}
    drawn = [
        (0 if space is None else ships.get(space, 0), pile, card)
        for space, pile, card in drawn_from
    ]
    taken = [(seat, TREASURES[t].value) for seat, held in enumerate(treasures) for t in held]
    turn_started = bool(tasks) and tasks[-1].__class__ is TurnStep
    for first_round in [round] if round is not None else range(1, 12):
        turn = (first_round - 1) * players + turn_index + 1
        first = (start_player - first_round + 1) % players
        recorded = [_turn_seat(first, t, players) for t in range(1, turn + (not turn_started))]
        needs = [anchors[seat] + any(d == seat for d, _, _ in drawn) for seat in range(players)]
        moves = len(recorded) - sum(anchors)
        if all(recorded.count(seat) >= needs[seat] for seat in range(players)) and (
            moves > 0 or not (drawn or taken)
        ):
            break
    history = history_for(players, first, len(recorded), anchors, drawn, taken)
    state = KincsesState(
        players=players,
        max_turns=max_turns,
        reveal_shown_cards=reveal_shown_cards,
        tiebreak_by_position=tiebreak_by_position,
        round=first_round,
        turn=turn,
        start_player=start_player,
        turn_index=turn_index,
        positions=positions,
        anchors=anchors,
        hands=tuple(tuple(hand) for hand in hands),
        treasures=tuple(tuple(held) for held in treasures),
        missions=tuple(tuple(held) for held in missions),
        mission_offers=((),) * players,
        drawn_missions=((),) * players,
        pearls=tuple(pearls or (0,) * players),
        commits=((),) * players,
        committed=(False,) * players,
        played=((),) * players,
        owed=(0,) * players,
        crew_pile=crew_pile,
        crew_row=tuple(crew_row),
        crew_discard=tuple(crew_discard),
        chest=(),
        treasure_piles=tuple(piles),
        treasure_rows=tuple(rows),
        treasure_discard=(),
        mission_pile=mission_pile,
        mission_row=tuple(mission_row),
        mission_returned=(),
        event_piles=event_piles,
        event_discard=tuple(event_discard),
        board_events=tuple(board_events.get(space) for space in range(43)),
        board_islands=tuple(islands.get(space) for space in range(43)),
        island_owners=tuple(owners),
        board_pearls=tuple(beds.get(space, 0) for space in range(43)),
        crew_known=tuple(crew_known),
        treasure_known=tuple(treasure_known),
        treasure_value_known=tuple(treasure_value_known),
        mission_known=tuple(mission_known),
        event_tops_known=(0, 0, 0),
        island_known=tuple(island_masks),
        setup_exchanges=(0,) * players,
        setup_hands=((),) * players,
        setup_live=(0,) * players,
        mission_somewhere=(0,) * len(MISSIONS),
        steal_records=(),
        tasks=tasks,
        history=history,
        rng=boardgames.Rng.from_seed(seed),
    )
    check_state(state)
    return state


def build_game(players: int = 2, **options: object) -> KincsesSziget:
    """Return a game built through the public registry."""
    game = boardgames.make("kincses-sziget", players=players, **options)
    assert isinstance(game, KincsesSziget)
    return game


@pytest.fixture(scope="session", autouse=True)
def register_kincses_sziget() -> Iterator[None]:
    """Register the game for this test session only (it is not in the built-in list yet)."""
    registered = "kincses-sziget" in boardgames.game_names()
    if not registered:
        boardgames.register_game(KincsesSziget)
    yield
    if not registered:
        unregister_game("kincses-sziget")


@pytest.fixture(scope="session")
def make_game() -> Callable[..., KincsesSziget]:
    """Build a configured game: ``make_game(players, **options)``."""
    return build_game


@pytest.fixture(scope="session")
def make_state() -> Callable[..., KincsesState]:
    """Build a checked hand-made state (see :func:`build_state`)."""
    return build_state

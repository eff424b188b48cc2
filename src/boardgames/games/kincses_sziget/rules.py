"""The rules of Irány a Kincses Sziget! as pure functions: setup, legal actions, transitions.

:func:`apply` copies the state into a mutable work object, applies the action to the step
on top of the task stack, then runs automatic tasks (draws, reveals, comparisons, moves,
the end of a turn or round) until the next decision or the end of the game, and freezes
the result into a new state. Nothing of the input state is modified; unchanged tuples are
shared.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

import attrs

from boardgames.core.errors import IllegalActionError, InvalidStateError
from boardgames.core.protocol import PlayerId
from boardgames.core.ranking import places_from_keys
from boardgames.core.rng import Rng
from boardgames.games.kincses_sziget.actions import (
    Action,
    AddMission,
    Advance,
    AnchorDiscard,
    AnchorDraw,
    AnchorExchange,
    AnchorMission,
    BattleAdd,
    Challenge,
    Committed,
    Compose,
    CrewFromPile,
    CrewFromRow,
    Decline,
    DiscardCrew,
    DiscardTreasure,
    Done,
    DrawEvent,
    EventDrawn,
    ExchangeWeapon,
    KeepMission,
    MissionFromPile,
    MissionFromRow,
    MissionKept,
    MissionPutBack,
    Move,
    MoveIsland,
    MovePearlBed,
    Offer,
    PeekCrewTop,
    PeekEventTops,
    PeekHand,
    PeekIsland,
    PeekMissions,
    PeekMissionTop,
    PeekTreasures,
    PeekTreasureTops,
    PlaceAt,
    PublicAction,
    RedealCrewRow,
    RedealMissions,
    RedealTreasures,
    RejectMission,
    ReplaceMission,
    Revealed,
    SellPearls,
    Showed,
    Steal,
    StealTarget,
    StepBack,
    TakeFromTable,
    TakeWeapon,
    Theft,
    TreasureFromPile,
    TreasureFromRow,
    WeaponExchanged,
)
from boardgames.games.kincses_sziget.components import (
    ARRIVAL_POINTS,
    CREW_CARDS,
    EVENT_CARDS,
    FORBIDDEN_ISLAND_SPACES,
    ISLAND,
    ISLANDS,
    ISLANDS_PER_ZONE,
    LAST_SPACE,
    MISSIONS,
    PEARL_BED_ZONES,
    PEARL_BEDS,
    PIRATE_COUNT,
    START,
    TREASURE_VALUES,
    TREASURES,
    WEAPON_MULTIPLIER,
    ZONE_OF,
    ZONE_PENALTY,
    ZONE_POINTS,
    ZONE_SPACES,
    CardId,
    Colour,
    DuelMark,
    EventId,
    EventKind,
    MissionKind,
    Pirate,
    Space,
    TreasureId,
    Weapon,
    Zone,
)
from boardgames.games.kincses_sziget.state import (
    AfterEventTask,
    BattleCommitStep,
    BattlePickStep,
    BattleRetreatTask,
    BattleRevealTask,
    ChestCleanupTask,
    ChestStep,
    CrewSourceStep,
    DiscardPurpose,
    DiscardStep,
    DuelCommitStep,
    DuelPrizeStep,
    DuelRevealTask,
    DuelTargetStep,
    EventPileStep,
    ExchangeStep,
    IntrigueStep,
    KeepStep,
    KincsesState,
    LandTask,
    MerchantCommitStep,
    MerchantRevealTask,
    MissionDisposeStep,
    MissionSourceStep,
    MoveBackTask,
    ParrotPlaceStep,
    ParrotStep,
    PearlSaleStep,
    RepairStep,
    ReplaceTask,
    RewardStep,
    SetupTask,
    Step,
    Task,
    TelescopeStep,
    TreasureLossStep,
    TreasureSourceStep,
    TurnStep,
)

__all__ = [
    "CREW_ROW_SIZE",
    "EVENT_PILES",
    "HAND_MAX",
    "HAND_MIN",
    "MISSION_ROW_SIZE",
    "STARTING_HAND",
    "TREASURE_ROW_SIZE",
    "apply",
    "backward",
    "best_total",
    "check_action_fields",
    "check_state",
    "colour_total",
    "composition_total",
    "current_player",
    "forward",
    "is_free",
    "legal_actions",
    "mission_achieved",
    "new_game",
    "ranking",
    "score",
    "score_breakdown",
    "shown_cards",
    "treasure_points",
]

HAND_MIN = 2
"""No player may hold fewer than 2 crew cards."""
HAND_MAX = 7
"""No player may hold more than 7 crew cards."""
STARTING_HAND = 4
"""Crew cards dealt to each player."""
CREW_ROW_SIZE = 6
"""Slots in the visible crew row."""
MISSION_ROW_SIZE = 3
"""Slots in the visible mission row."""
TREASURE_ROW_SIZE = 2
"""Face-up treasures of each value."""
EVENT_PILES = 3
"""Event piles."""
ANCHOR_LIMIT = 2
"""Consecutive anchoring turns allowed (E2)."""

_CREW_COUNT = len(CREW_CARDS)
_PIRATE_VALUES = tuple(
    card.values if isinstance(card, Pirate) else (0, 0, 0, 0) for card in CREW_CARDS
)
_PIRATE_ICON = tuple(card.icon if isinstance(card, Pirate) else None for card in CREW_CARDS)
_WEAPON_COLOUR = tuple(card.colour if isinstance(card, Weapon) else None for card in CREW_CARDS)
_WEAPON_VALUE = tuple(card.value if isinstance(card, Weapon) else 0 for card in CREW_CARDS)
_WEAPON_ICON = tuple(card.icon if isinstance(card, Weapon) else None for card in CREW_CARDS)
_REUSABLE = tuple(card.reusable for card in EVENT_CARDS)
_TREASURE_RANK = tuple(TREASURE_VALUES.index(treasure.value) for treasure in TREASURES)
_CASKET = 0
_FEMALE = tuple(isinstance(card, Pirate) and card.female for card in CREW_CARDS)
_ONE_EYED = tuple(isinstance(card, Pirate) and card.one_eyed for card in CREW_CARDS)
_HAND_POINTS = tuple(card.hand_points if isinstance(card, Pirate) else 0 for card in CREW_CARDS)

_MOVES = (Move(1), Move(2), Move(3))
_ADVANCES = (Advance(0), Advance(1), Advance(2), Advance(3))
_STEP_BACKS = (StepBack(1), StepBack(2), StepBack(3))
_DECLINE = Decline()
_DONE = Done()
_CREW_FROM_ROW = tuple(CrewFromRow(slot) for slot in range(CREW_ROW_SIZE))
_CREW_FROM_PILE = CrewFromPile()
_DISCARD = tuple(DiscardCrew(card) for card in range(_CREW_COUNT))
_BATTLE_ADD = tuple(BattleAdd(card) for card in range(_CREW_COUNT))
_COMMITTED = Committed()


def _is_pirate(card: CardId) -> bool:
    return card < PIRATE_COUNT


def _bit(seat: PlayerId) -> int:
    return 1 << seat


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _add_sorted(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, card)))


def _remove(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


# --- strength of cards ------------------------------------------------------------------------


def composition_total(cards: Iterable[CardId], colour: Colour) -> int:
    """Return the strength of a set of crew cards in ``colour``.

    Pirates add their value in ``colour``; weapons of ``colour`` add their value, multiplied
    (x3 for 3 and 5, x2 for 10) when some pirate of the set shows the weapon's icon
    (A-IRA-21: each weapon counts once; one pirate may boost several weapons). Weapons of
    other colours add nothing.

    >>> composition_total([40, 69], Colour.BLACK)  # Tim Cook + the gambling game
    26
    """
    cards = tuple(cards)
    icons = {_PIRATE_ICON[card] for card in cards if _is_pirate(card)}
    total = 0
    for card in cards:
        if _is_pirate(card):
            total += _PIRATE_VALUES[card][colour]
        elif _WEAPON_COLOUR[card] is colour:
            value = _WEAPON_VALUE[card]
            total += value * WEAPON_MULTIPLIER[value] if _WEAPON_ICON[card] in icons else value
    return total


def best_total(hand: Iterable[CardId], colour: Colour) -> int:
    """Return the largest total a hand can show in ``colour``: the whole hand (A-IRA-20)."""
    return composition_total(hand, colour)


def shown_cards(hand: Sequence[CardId], colour: Colour, value: int) -> tuple[CardId, ...] | None:
    """Return the canonical minimal set of cards that reaches ``value`` (E7), or ``None``.

    Among the smallest sufficient subsets, the first in the lexicographic order of sorted
    card ids is shown.
    """
    cards = sorted(hand)
    for size in range(1, len(cards) + 1):
        for subset in itertools.combinations(cards, size):
            if composition_total(subset, colour) >= value:
                return subset
    return None


def colour_total(hand: Iterable[CardId], colour: Colour) -> int:
    """Return a hand's total in ``colour`` for the majority missions (E24: no multipliers)."""
    total = 0
    for card in hand:
        if _is_pirate(card):
            total += _PIRATE_VALUES[card][colour]
        elif _WEAPON_COLOUR[card] is colour:
            total += _WEAPON_VALUE[card]
    return total


# --- the work object --------------------------------------------------------------------------

_FIELDS = tuple(field.name for field in attrs.fields(KincsesState))


class _Work:
    """A mutable copy of a state's fields, frozen back into a state at the end of apply."""

    __slots__ = (*_FIELDS, "all", "over")

    players: int
    max_turns: int
    reveal_shown_cards: bool
    tiebreak_by_position: bool
    round: int
    turn: int
    start_player: int
    turn_index: int
    positions: tuple[int, ...]
    anchors: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    treasures: tuple[tuple[int, ...], ...]
    missions: tuple[tuple[int, ...], ...]
    mission_offers: tuple[tuple[int, ...], ...]
    drawn_missions: tuple[tuple[int, ...], ...]
    pearls: tuple[int, ...]
    commits: tuple[tuple[int, ...], ...]
    committed: tuple[bool, ...]
    played: tuple[tuple[int, ...], ...]
    owed: tuple[int, ...]
    crew_pile: tuple[int, ...]
    crew_row: tuple[int | None, ...]
    crew_discard: tuple[int, ...]
    chest: tuple[int, ...]
    treasure_piles: tuple[tuple[int, ...], ...]
    treasure_rows: tuple[tuple[int, ...], ...]
    treasure_discard: tuple[int, ...]
    mission_pile: tuple[int, ...]
    mission_row: tuple[int | None, ...]
    mission_returned: tuple[int, ...]
    event_piles: tuple[tuple[int, ...], ...]
    event_discard: tuple[int, ...]
    board_events: tuple[int | None, ...]
    board_islands: tuple[int | None, ...]
    island_owners: tuple[int | None, ...]
    board_pearls: tuple[int, ...]
    crew_known: tuple[int, ...]
    treasure_known: tuple[int, ...]
    treasure_value_known: tuple[int, ...]
    mission_known: tuple[int, ...]
    event_known: tuple[int, ...]
    island_known: tuple[int, ...]
    tasks: tuple[Task, ...]
    history: tuple[tuple[PlayerId, PublicAction], ...]
    rng: Rng
    all: int
    over: bool

    def __init__(self, state: KincsesState) -> None:
        for name in _FIELDS:
            setattr(self, name, getattr(state, name))
        self.all = (1 << state.players) - 1
        self.over = not state.tasks

    def freeze(self) -> KincsesState:
        return KincsesState(*[getattr(self, name) for name in _FIELDS])

    # --- small helpers -----------------------------------------------------------------------

    def log(self, seat: PlayerId, entry: PublicAction) -> None:
        self.history = (*self.history, (seat, entry))

    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first one given runs first."""
        self.tasks = self.tasks + tasks[::-1]

    def order_from(self, seat: PlayerId) -> tuple[PlayerId, ...]:
        return tuple((seat + offset) % self.players for offset in range(self.players))

    def set_crew_known(self, card: CardId, mask: int) -> None:
        self.crew_known = _set(self.crew_known, card, mask)

    def set_treasure_known(self, treasure: TreasureId, mask: int, value_mask: int) -> None:
        """Set who knows ``treasure`` and who knows its value (a superset: ``mask`` is added)."""
        self.treasure_known = _set(self.treasure_known, treasure, mask)
        self.treasure_value_known = _set(self.treasure_value_known, treasure, value_mask | mask)

    def set_mission_known(self, mission: int, mask: int) -> None:
        self.mission_known = _set(self.mission_known, mission, mask)

    # --- crew cards --------------------------------------------------------------------------

    def give_crew(self, seat: PlayerId, card: CardId, mask: int) -> None:
        self.hands = _set(self.hands, seat, _add_sorted(self.hands[seat], card))
        self.set_crew_known(card, mask | _bit(seat))

    def take_crew(self, seat: PlayerId, card: CardId) -> None:
        self.hands = _set(self.hands, seat, _remove(self.hands[seat], card))

    def discard_crew(self, card: CardId) -> None:
        self.crew_discard = (*self.crew_discard, card)
        self.set_crew_known(card, self.all)

    def crew_available(self) -> bool:
        return bool(self.crew_pile or self.crew_discard)

    def pop_crew_pile(self) -> CardId | None:
        """Take the top card of the crew pile, reshuffling the discards into it if empty."""
        if not self.crew_pile:
            if not self.crew_discard:
                return None
            pile, self.rng = self.rng.shuffled(self.crew_discard)
            self.crew_discard = ()
            known = list(self.crew_known)
            for card in pile:
                known[card] = 0
            self.crew_known = tuple(known)
            self.crew_pile = pile
        card = self.crew_pile[0]
        self.crew_pile = self.crew_pile[1:]
        return card

    def draw_crew_blind(self, seat: PlayerId) -> None:
        """``seat`` draws a crew card blindly (A-IRA-48: reshuffle the discards if needed)."""
        card = self.pop_crew_pile()
        if card is not None:
            self.give_crew(seat, card, 0)  # E21: earlier peeks at the pile top expire

    def deal_crew_row(self) -> None:
        """Fill every empty slot of the crew row from the pile."""
        row = list(self.crew_row)
        for slot in range(CREW_ROW_SIZE):
            if row[slot] is None:
                card = self.pop_crew_pile()
                if card is None:
                    break
                row[slot] = card
                self.set_crew_known(card, self.all)
        self.crew_row = tuple(row)

    def shuffle_crew_pile(self) -> None:
        pile, self.rng = self.rng.shuffled(self.crew_pile)
        self.crew_pile = pile
        known = list(self.crew_known)
        for card in pile:
            known[card] = 0
        self.crew_known = tuple(known)

    # --- treasures ---------------------------------------------------------------------------

    def give_treasure(
        self, seat: PlayerId, treasure: TreasureId, mask: int, value_mask: int
    ) -> None:
        """``seat`` takes ``treasure``; ``mask`` also knows the card, ``value_mask`` its value."""
        self.treasures = _set(self.treasures, seat, _add_sorted(self.treasures[seat], treasure))
        self.set_treasure_known(treasure, mask | _bit(seat), value_mask)

    def refill_treasure_row(self, rank: int) -> None:
        row = self.treasure_rows[rank]
        pile = self.treasure_piles[rank]
        while len(row) < TREASURE_ROW_SIZE and pile:
            row = (*row, pile[0])
            self.set_treasure_known(pile[0], self.all, self.all)
            pile = pile[1:]
        self.treasure_rows = _set(self.treasure_rows, rank, row)
        self.treasure_piles = _set(self.treasure_piles, rank, pile)

    # --- missions ----------------------------------------------------------------------------

    def refill_mission_row(self) -> None:
        row = list(self.mission_row)
        for slot in range(MISSION_ROW_SIZE):
            if row[slot] is None and self.mission_pile:
                row[slot] = self.mission_pile[0]
                self.set_mission_known(self.mission_pile[0], self.all)
                self.mission_pile = self.mission_pile[1:]
        self.mission_row = tuple(row)

    def shuffle_mission_pile(self) -> None:
        pile, self.rng = self.rng.shuffled(self.mission_pile)
        self.mission_pile = pile
        known = list(self.mission_known)
        for mission in pile:
            known[mission] = 0
        self.mission_known = tuple(known)


# --- the track --------------------------------------------------------------------------------


def _free(work: _Work | KincsesState, space: Space, mover: PlayerId) -> bool:
    event = work.board_events[space]
    if event is not None and not _REUSABLE[event]:
        return False
    island = work.board_islands[space]
    if island is not None and work.island_owners[island] is not None:
        return False
    positions = work.positions
    return all(positions[seat] != space for seat in range(len(positions)) if seat != mover)


def is_free(state: KincsesState, space: Space, mover: PlayerId) -> bool:
    """Return whether ``space`` (1-42) is free for ``mover``'s ship.

    A free space holds no other ship and no activated event card; parrot and telescope
    cards, pearl beds and face-down islands do not occupy it; an occupied island does.
    """
    return _free(state, space, mover)


def forward(state: KincsesState, start: Space, steps: int, mover: PlayerId) -> Space:
    """Return the ``steps``-th free space after ``start``, or Treasure Island (A-IRA-2)."""
    return _forward(state, start, steps, mover)


def backward(state: KincsesState, start: Space, steps: int, mover: PlayerId) -> Space:
    """Return the ``steps``-th free space before ``start``, or START (A-IRA-13)."""
    return _backward(state, start, steps, mover)


def _forward(state: KincsesState | _Work, start: Space, steps: int, mover: PlayerId) -> Space:
    count = 0
    for space in range(start + 1, LAST_SPACE + 1):
        if _free(state, space, mover):
            count += 1
            if count == steps:
                return space
    return ISLAND


def _backward(state: KincsesState | _Work, start: Space, steps: int, mover: PlayerId) -> Space:
    count = 0
    for space in range(min(start, ISLAND) - 1, START, -1):
        if _free(state, space, mover):
            count += 1
            if count == steps:
                return space
    return START


def _penalty(position: Space) -> int:
    return ZONE_PENALTY[ZONE_OF[position]]


def _finish(work: _Work, arrived: PlayerId | None) -> None:
    """End the game at once (a ship reached Treasure Island, or the turn limit)."""
    work.over = True
    work.tasks = ()
    if arrived is not None:
        work.positions = _set(work.positions, arrived, ISLAND)


def _reward_move(work: _Work, seat: PlayerId, steps: int) -> bool:
    """Move ``seat`` forward ``steps`` free spaces; activates nothing. True if he arrived."""
    if steps <= 0:
        return False
    target = _forward(work, work.positions[seat], steps, seat)
    if target == ISLAND:
        _finish(work, seat)
        return True
    work.positions = _set(work.positions, seat, target)
    return False


def _penalty_move(work: _Work, seat: PlayerId) -> None:
    """Move ``seat`` back his zone's SPACE value in free spaces; activates nothing."""
    position = work.positions[seat]
    if position == ISLAND:
        return
    target = _backward(work, position, _penalty(position), seat)
    work.positions = _set(work.positions, seat, target)


# --- setup ------------------------------------------------------------------------------------


def _zone_spaces(zone: Zone) -> range:
    first, last = ZONE_SPACES[zone]
    return range(first, last + 1)


def new_game(
    players: int,
    seed: int,
    *,
    max_turns: int = 500,
    reveal_shown_cards: bool = True,
    tiebreak_by_position: bool = False,
) -> KincsesState:
    """Set up a game from ``seed`` and run it to the first decision.

    The start player is drawn at random; each player gets 4 crew cards and 2 missions;
    4 island cards go face down on random spaces (1 in zone B, 2 in C, 1 in D, never on
    40-42); the pearl beds go on random free spaces of their zones; the 64 event cards are
    dealt round-robin into three piles of 22, 21 and 21 (A-IRA-4); each treasure value has
    a pile and two face-up cards. The weapon exchanges and mission choices come first; the
    mission row and the crew row are dealt after them (RULINGS §4.1).
    """
    rng = Rng.from_seed(seed)
    start, rng = rng.randbelow(players)
    everyone = (1 << players) - 1
    crew, rng = rng.shuffled(range(_CREW_COUNT))
    hands = tuple(
        tuple(sorted(crew[seat * STARTING_HAND : (seat + 1) * STARTING_HAND]))
        for seat in range(players)
    )
    crew_pile = crew[players * STARTING_HAND :]
    crew_known = [0] * _CREW_COUNT
    for seat, hand in enumerate(hands):
        for card in hand:
            crew_known[card] = _bit(seat)
    missions, rng = rng.shuffled(range(len(MISSIONS)))
    offers = tuple(tuple(missions[2 * seat : 2 * seat + 2]) for seat in range(players))
    mission_known = [0] * len(MISSIONS)
    for seat, offer in enumerate(offers):
        for mission in offer:
            mission_known[mission] = _bit(seat)
    islands, rng = rng.shuffled(range(len(ISLANDS)))
    board_islands: list[int | None] = [None] * (LAST_SPACE + 1)
    used: set[int] = set()
    next_island = 0
    for zone in Zone:
        for _ in range(ISLANDS_PER_ZONE[zone]):
            spaces = [
                space
                for space in _zone_spaces(zone)
                if space not in FORBIDDEN_ISLAND_SPACES and space not in used
            ]
            space, rng = rng.choice(spaces)
            used.add(space)
            board_islands[space] = islands[next_island]
            next_island += 1
    board_pearls = [0] * (LAST_SPACE + 1)
    for zone, pearls in zip(PEARL_BED_ZONES, PEARL_BEDS[players], strict=True):
        spaces = [space for space in _zone_spaces(zone) if space not in used]
        space, rng = rng.choice(spaces)
        used.add(space)
        board_pearls[space] = pearls
    events, rng = rng.shuffled(range(len(EVENT_CARDS)))
    event_piles = tuple(tuple(events[index::EVENT_PILES]) for index in range(EVENT_PILES))
    treasure_known = [0] * len(TREASURES)
    treasure_value_known = [everyone] * len(TREASURES)  # every card lies in its value's pile
    treasure_piles = []
    treasure_rows = []
    for rank in range(len(TREASURE_VALUES)):
        cards, rng = rng.shuffled(range(12 * rank, 12 * rank + 12))
        treasure_rows.append(cards[:TREASURE_ROW_SIZE])
        treasure_piles.append(cards[TREASURE_ROW_SIZE:])
        for card in cards[:TREASURE_ROW_SIZE]:
            treasure_known[card] = everyone
    order = tuple((start + offset) % players for offset in range(players))
    tasks: tuple[Task, ...] = (
        SetupTask(),
        *(KeepStep(seat) for seat in reversed(order)),
        *(ExchangeStep(seat) for seat in reversed(order)),
    )
    state = KincsesState(
        players=players,
        max_turns=max_turns,
        reveal_shown_cards=reveal_shown_cards,
        tiebreak_by_position=tiebreak_by_position,
        round=1,
        turn=0,
        start_player=start,
        turn_index=0,
        positions=(START,) * players,
        anchors=(0,) * players,
        hands=hands,
        treasures=((),) * players,
        missions=((),) * players,
        mission_offers=offers,
        drawn_missions=((),) * players,
        pearls=(0,) * players,
        commits=((),) * players,
        committed=(False,) * players,
        played=((),) * players,
        owed=(0,) * players,
        crew_pile=crew_pile,
        crew_row=(None,) * CREW_ROW_SIZE,
        crew_discard=(),
        chest=(),
        treasure_piles=tuple(treasure_piles),
        treasure_rows=tuple(treasure_rows),
        treasure_discard=(),
        mission_pile=missions[2 * players :],
        mission_row=(None,) * MISSION_ROW_SIZE,
        mission_returned=(),
        event_piles=event_piles,
        event_discard=(),
        board_events=(None,) * (LAST_SPACE + 1),
        board_islands=tuple(board_islands),
        island_owners=(None,) * len(ISLANDS),
        board_pearls=tuple(board_pearls),
        crew_known=tuple(crew_known),
        treasure_known=tuple(treasure_known),
        treasure_value_known=tuple(treasure_value_known),
        mission_known=tuple(mission_known),
        event_known=(0,) * len(EVENT_CARDS),
        island_known=(0,) * len(ISLANDS),
        tasks=tasks,
        history=(),
        rng=rng,
    )
    work = _Work(state)
    _run(work)
    return work.freeze()


# --- legal actions ----------------------------------------------------------------------------


def current_player(state: KincsesState) -> PlayerId | None:
    """Return the seat whose decision is pending, or ``None`` when the game is over."""
    if not state.tasks:
        return None
    return state.tasks[-1].player  # type: ignore[union-attr]


def _weapons(hand: Iterable[CardId]) -> list[CardId]:
    return [card for card in hand if not _is_pirate(card)]


def _crew_sources(state: KincsesState | _Work) -> list[Action]:
    actions: list[Action] = [
        _CREW_FROM_ROW[slot] for slot, card in enumerate(state.crew_row) if card is not None
    ]
    if state.crew_pile or state.crew_discard:
        actions.append(_CREW_FROM_PILE)
    return actions


def _treasure_sources(state: KincsesState | _Work, maximum: int) -> list[Action]:
    actions: list[Action] = []
    for rank, value in enumerate(TREASURE_VALUES):
        if value > maximum:
            break
        actions.extend(
            TreasureFromRow(value, slot) for slot in range(len(state.treasure_rows[rank]))
        )
        if state.treasure_piles[rank]:
            actions.append(TreasureFromPile(value))
    return actions


def _duel_compositions(hand: tuple[CardId, ...], colour: Colour) -> list[Action]:
    pirates = [card for card in hand if _is_pirate(card)]
    weapons = _weapons(hand)
    if not pirates:
        return [Compose(None, weapon) for weapon in weapons]
    matching = [weapon for weapon in weapons if _WEAPON_COLOUR[weapon] is colour]
    actions: list[Action] = []
    for pirate in pirates:
        actions.append(Compose(pirate, None))
        actions.extend(Compose(pirate, weapon) for weapon in matching)
    return actions


def _battle_options(
    hand: tuple[CardId, ...], chosen: tuple[CardId, ...], colours: tuple[Colour, ...]
) -> list[Action]:
    """Cards in increasing id order (pirates come before weapons), at most 3, >= 1 pirate."""
    has_pirates = any(_is_pirate(card) for card in hand)
    actions: list[Action] = []
    if not has_pirates:
        if not chosen:
            actions.extend(_BATTLE_ADD[card] for card in hand)
        else:
            actions.append(_DONE)
        return actions
    chosen_pirate = any(_is_pirate(card) for card in chosen)
    if len(chosen) < 3:
        last = chosen[-1] if chosen else -1
        for card in hand:
            if card <= last:
                continue
            if _is_pirate(card) or (chosen_pirate and _WEAPON_COLOUR[card] in colours):
                actions.append(_BATTLE_ADD[card])
    if chosen_pirate:
        actions.append(_DONE)
    return actions


def _empty_spaces(state: KincsesState | _Work, zone: Zone, island: bool) -> list[Space]:
    """Free, empty spaces of ``zone`` for a parrot move (no ship, event, island or bed)."""
    return [
        space
        for space in _zone_spaces(zone)
        if state.board_events[space] is None
        and state.board_islands[space] is None
        and state.board_pearls[space] == 0
        and space not in state.positions
        and not (island and space in FORBIDDEN_ISLAND_SPACES)
    ]


def _face_down_islands(state: KincsesState | _Work) -> list[Space]:
    return [
        space
        for space, island in enumerate(state.board_islands)
        if island is not None and state.island_owners[island] is None
    ]


def _intrigue_options(state: KincsesState | _Work, seat: PlayerId) -> list[Action]:
    actions: list[Action] = []
    own_hand = len(state.hands[seat])
    for victim in range(state.players):
        if victim == seat:
            continue
        if own_hand < HAND_MAX and HAND_MIN < len(state.hands[victim]) < HAND_MAX:
            actions.append(Steal(victim, StealTarget.CREW))
        if len(state.treasures[victim]) >= 3:
            actions.append(Steal(victim, StealTarget.TREASURE))
    return actions


def _legal(state: KincsesState | _Work, step: Step) -> list[Action]:
    seat = step.player
    hand = state.hands[seat]
    cls = step.__class__
    if cls is TurnStep:
        actions: list[Action] = list(_MOVES)
        if state.anchors[seat] < ANCHOR_LIMIT:
            crew = bool(
                state.crew_pile
                or state.crew_discard
                or any(card is not None for card in state.crew_row)
            )
            if len(hand) < HAND_MAX and crew:
                actions.append(AnchorDraw())
            if len(hand) > HAND_MIN:
                actions.append(AnchorDiscard())
            actions.append(AnchorExchange())
            if state.mission_pile or any(mission is not None for mission in state.mission_row):
                actions.append(AnchorMission())
        return actions
    if cls is DiscardStep:
        return [_DISCARD[card] for card in hand]
    if cls is CrewSourceStep:
        return _crew_sources(state)
    if cls is TreasureSourceStep:
        return _treasure_sources(state, step.maximum)  # type: ignore[union-attr]
    if cls is EventPileStep:
        return [DrawEvent(pile) for pile in range(EVENT_PILES) if state.event_piles[pile]]
    if cls is ExchangeStep:
        weapons = _weapons(hand)
        result: list[Action] = []
        if len(weapons) > 2:
            result.extend(ExchangeWeapon(card) for card in weapons)
        result.append(_DONE)
        return result
    if cls is KeepStep:
        return [KeepMission(index) for index in range(len(state.mission_offers[seat]))]
    if cls is MissionSourceStep:
        result = [
            MissionFromRow(slot)
            for slot, mission in enumerate(state.mission_row)
            if mission is not None
        ]
        if state.mission_pile:
            result.append(MissionFromPile())
        return result
    if cls is MissionDisposeStep:
        return [
            AddMission(),
            *(ReplaceMission(mission) for mission in state.missions[seat]),
            RejectMission(),
        ]
    if cls is DuelTargetStep:
        return [Challenge(other) for other in range(state.players) if other != seat]
    if cls is DuelCommitStep:
        colour = EVENT_CARDS[step.card].colours[0]  # type: ignore[union-attr]
        return _duel_compositions(hand, colour)
    if cls is DuelPrizeStep:
        return [_ADVANCES[1], _ADVANCES[2], _ADVANCES[3], Theft()]
    if cls is BattleCommitStep:
        colours = EVENT_CARDS[step.card].colours  # type: ignore[union-attr]
        return _battle_options(hand, state.commits[seat], colours)
    if cls is BattlePickStep:
        table = sorted(card for cards in state.played for card in cards)
        return [*(TakeFromTable(card) for card in table), _DECLINE]
    if cls is MerchantCommitStep:
        colours = EVENT_CARDS[step.card].colours  # type: ignore[union-attr]
        return [
            *(Offer(card) for card in _weapons(hand) if _WEAPON_COLOUR[card] in colours),
            _DECLINE,
        ]
    if cls is IntrigueStep:
        return [*_intrigue_options(state, seat), _DECLINE]
    if cls is TreasureLossStep:
        return [DiscardTreasure(treasure) for treasure in state.treasures[seat]]
    if cls is RewardStep:
        return list(_ADVANCES[step.minimum :])  # type: ignore[union-attr]
    if cls is ChestStep:
        weapons = _weapons(state.chest)
        return [*(TakeWeapon(card) for card in weapons), _DONE]
    if cls is RepairStep:
        least = max(1, _penalty(state.positions[seat]))
        return list(_STEP_BACKS[least - 1 :])
    if cls is TelescopeStep:
        return _telescope_options(state, seat)
    if cls is ParrotStep:
        return _parrot_options(state)
    if cls is ParrotPlaceStep:
        zone = ZONE_OF[step.origin]  # type: ignore[union-attr]
        return [PlaceAt(space) for space in _empty_spaces(state, zone, step.island)]  # type: ignore[union-attr]
    if cls is PearlSaleStep:
        return [SellPearls(), _DECLINE]
    raise AssertionError(f"unknown step {step!r}")


def _telescope_options(state: KincsesState | _Work, seat: PlayerId) -> list[Action]:
    others = [other for other in range(state.players) if other != seat]
    actions: list[Action] = []
    if any(state.event_piles):
        actions.append(PeekEventTops())
    actions.extend(PeekHand(other) for other in others if state.hands[other])
    actions.extend(PeekTreasures(other) for other in others if state.treasures[other])
    actions.extend(PeekIsland(space) for space in _face_down_islands(state))
    actions.extend(PeekMissions(other) for other in others if state.missions[other])
    if state.crew_pile:
        actions.append(PeekCrewTop())
    if any(state.treasure_piles):
        actions.append(PeekTreasureTops())
    if state.mission_pile:
        actions.append(PeekMissionTop())
    actions.append(_DECLINE)
    return actions


def _parrot_options(state: KincsesState | _Work) -> list[Action]:
    actions: list[Action] = [
        RedealTreasures(value)
        for rank, value in enumerate(TREASURE_VALUES)
        if state.treasure_rows[rank]
    ]
    if state.crew_pile or any(card is not None for card in state.crew_row):
        actions.append(RedealCrewRow())
    if state.mission_pile or any(mission is not None for mission in state.mission_row):
        actions.append(RedealMissions())
    actions.extend(
        MoveIsland(space)
        for space in _face_down_islands(state)
        if _empty_spaces(state, ZONE_OF[space], True)
    )
    actions.extend(
        MovePearlBed(space)
        for space, pearls in enumerate(state.board_pearls)
        if pearls and _empty_spaces(state, ZONE_OF[space], False)
    )
    actions.append(_DECLINE)
    return actions


def legal_actions(state: KincsesState) -> Sequence[Action]:
    """Return the legal actions of the seat to move, in a fixed order; empty iff over."""
    if not state.tasks:
        return ()
    return tuple(_legal(state, state.tasks[-1]))  # type: ignore[arg-type]


def _vacuous(work: _Work, step: Task) -> bool:
    """Whether a step on top of the stack offers no real choice and is skipped (§0.3).

    Only steps whose skipping reveals nothing hidden are ever skipped: a full hand, an empty
    supply, a hand of 2, no pearls, no weapon in the chest. The weapon exchange and the
    secret commitments are always asked, so that nobody learns a hand from their absence.
    """
    cls = step.__class__
    if cls is CrewSourceStep:
        seat = step.player  # type: ignore[union-attr]
        return (
            step.count <= 0  # type: ignore[union-attr]
            or len(work.hands[seat]) >= HAND_MAX
            or not (
                work.crew_pile or work.crew_discard or any(c is not None for c in work.crew_row)
            )
        )
    if cls is TreasureSourceStep:
        return not _treasure_sources(work, step.maximum)  # type: ignore[union-attr]
    if cls is DiscardStep:
        purpose = step.purpose  # type: ignore[union-attr]
        if purpose in (DiscardPurpose.CROSS, DiscardPurpose.MUTINY, DiscardPurpose.ISLAND):
            return len(work.hands[step.player]) <= HAND_MIN  # type: ignore[union-attr]
        return False
    if cls is BattlePickStep:
        return work.owed[step.player] <= 0 or not any(work.played)  # type: ignore[union-attr]
    if cls is IntrigueStep:
        return not _intrigue_options(work, step.player)  # type: ignore[union-attr]
    if cls is TreasureLossStep:
        return not work.treasures[step.player]  # type: ignore[union-attr]
    if cls is ChestStep:
        return len(work.hands[step.player]) >= HAND_MAX or not _weapons(work.chest)  # type: ignore[union-attr]
    if cls is PearlSaleStep:
        return work.pearls[step.player] < 2  # type: ignore[union-attr]
    return False


# --- the automatic engine ---------------------------------------------------------------------


def _run(work: _Work) -> None:
    """Run automatic tasks until a step with a real choice is on top, or the game is over."""
    while True:
        if work.over:
            work.tasks = ()
            return
        if not work.tasks:
            _end_turn(work)
            continue
        task = work.tasks[-1]
        handler = _AUTOMATIC.get(task.__class__)
        if handler is not None:
            work.tasks = work.tasks[:-1]
            handler(work, task)
            continue
        if _vacuous(work, task):
            work.tasks = work.tasks[:-1]
            continue
        return


def _end_turn(work: _Work) -> None:
    """End the turn; at the end of a round refresh the crew row and pass the marker."""
    work.turn_index += 1
    if work.turn_index >= work.players:
        for card in work.crew_row:
            if card is not None:
                work.discard_crew(card)
        work.crew_row = (None,) * CREW_ROW_SIZE
        work.deal_crew_row()
        work.start_player = (work.start_player + 1) % work.players
        work.round += 1
        work.turn_index = 0
    if work.turn >= work.max_turns:
        _finish(work, None)
        return
    _start_turn(work)


def _start_turn(work: _Work) -> None:
    work.turn += 1
    work.push(TurnStep((work.start_player + work.turn_index) % work.players))


def _auto_setup(work: _Work, task: SetupTask) -> None:
    work.mission_pile = work.mission_pile + work.mission_returned
    work.mission_returned = ()
    work.shuffle_mission_pile()
    work.refill_mission_row()
    work.deal_crew_row()
    work.turn_index = 0
    _start_turn(work)


def _auto_land(work: _Work, task: LandTask) -> None:
    seat, space = task.player, task.space
    island = work.board_islands[space]
    if island is not None:
        _island_landing(work, seat, space, island)
        return
    if work.board_pearls[space]:
        work.board_pearls = _set(work.board_pearls, space, work.board_pearls[space] - 1)
        work.pearls = _set(work.pearls, seat, work.pearls[seat] + 1)
    event = work.board_events[space]
    if event is not None:  # a parrot or telescope lying here (A-IRA-10)
        _activate(work, seat, event, space)
        return
    if any(work.event_piles):  # A-IRA-16: with all piles empty nothing happens
        work.push(EventPileStep(seat, space))


def _check(work: _Work, seat: PlayerId, colour: Colour, value: int) -> bool:
    """Decide an island, mutiny or reef check on the whole hand (A-IRA-20, E7)."""
    hand = work.hands[seat]
    if best_total(hand, colour) < value:
        return False
    if work.reveal_shown_cards:
        shown = shown_cards(hand, colour, value)
        assert shown is not None
        for card in shown:
            work.set_crew_known(card, work.all)
        work.log(seat, Showed(shown))
    return True


def _island_landing(work: _Work, seat: PlayerId, space: Space, island: int) -> None:
    work.island_known = _set(work.island_known, island, work.all)
    card = ISLANDS[island]
    if _check(work, seat, card.colour, card.value):
        work.island_owners = _set(work.island_owners, island, seat)
        work.push(TreasureSourceStep(seat, 5))
        return
    # Failure: a treasure, a crew card, the zone's step back; the card goes face down again.
    work.push(
        TreasureLossStep(seat),
        DiscardStep(seat, DiscardPurpose.ISLAND),
        MoveBackTask(seat),
    )


def _activate(work: _Work, seat: PlayerId, card: EventId, space: Space) -> None:
    """Carry out the event ``card`` activated by ``seat`` on ``space``."""
    event = EVENT_CARDS[card]
    kind = event.kind
    if kind is EventKind.DUEL:
        work.push(DuelTargetStep(seat, card))
    elif kind is EventKind.BATTLE:
        if len(work.hands[seat]) < HAND_MAX:
            work.draw_crew_blind(seat)
        work.commits = ((),) * work.players
        work.committed = (False,) * work.players
        work.push(
            *(BattleCommitStep(other, card) for other in work.order_from(seat)),
            BattleRevealTask(seat, card),
        )
    elif kind is EventKind.MERCHANT:
        work.commits = ((),) * work.players
        work.committed = (False,) * work.players
        work.push(
            *(MerchantCommitStep(other, card) for other in work.order_from(seat)),
            MerchantRevealTask(seat, card),
        )
    elif kind is EventKind.INTRIGUE:
        work.push(IntrigueStep(seat))
    elif kind is EventKind.MUTINY:
        if _check(work, seat, event.colours[0], event.value):
            work.push(CrewSourceStep(seat, 1))
        else:
            work.push(DiscardStep(seat, DiscardPurpose.MUTINY))
    elif kind is EventKind.REEFS:
        if _check(work, seat, Colour.ORANGE, event.value):
            work.push(RewardStep(seat, 0))
        else:
            _penalty_move(work, seat)
    elif kind is EventKind.CHEST:
        drawn = []
        for _ in range(3):
            drawn_card = work.pop_crew_pile()
            if drawn_card is None:
                break
            drawn.append(drawn_card)
            work.set_crew_known(drawn_card, work.all)
        work.chest = tuple(drawn)
        work.log(seat, Revealed(work.chest))
        work.push(ChestStep(seat), ChestCleanupTask())
    elif kind is EventKind.REPAIR:
        least = max(1, _penalty(work.positions[seat]))
        if least == 3:  # zone D: the only choice is 3 (a forced step, §0.3)
            _repair_move(work, seat, 3)
        else:
            work.push(RepairStep(seat))
    elif kind is EventKind.TAILWIND:
        work.push(RewardStep(seat, 1))
    elif kind is EventKind.TELESCOPE:
        work.push(TelescopeStep(seat))
    elif kind is EventKind.STORM:
        _storm(work, seat)
    elif kind is EventKind.PARROT:
        work.push(ParrotStep(seat))


def _repair_move(work: _Work, seat: PlayerId, steps: int) -> None:
    target = _backward(work, work.positions[seat], steps, seat)
    work.positions = _set(work.positions, seat, target)
    if target != START:  # A-IRA-17: the start activates nothing
        work.push(LandTask(seat, target))


def _storm(work: _Work, seat: PlayerId) -> None:
    """Back to the first free space behind the rearmost other ship (A-IRA-18)."""
    position = work.positions[seat]
    rearmost = min(work.positions[other] for other in range(work.players) if other != seat)
    if position < rearmost:
        _penalty_move(work, seat)
    elif rearmost == START:
        work.positions = _set(work.positions, seat, START)
    else:
        target = _backward(work, rearmost, 1, seat)
        work.positions = _set(work.positions, seat, target)


def _auto_after_event(work: _Work, task: AfterEventTask) -> None:
    work.push(PearlSaleStep(task.player, task.card, task.space))


def _auto_move_back(work: _Work, task: MoveBackTask) -> None:
    _penalty_move(work, task.player)


def _auto_chest_cleanup(work: _Work, task: ChestCleanupTask) -> None:
    for card in work.chest:
        work.discard_crew(card)
    work.chest = ()


def _auto_duel_reveal(work: _Work, task: DuelRevealTask) -> None:
    colour = EVENT_CARDS[task.card].colours[0]
    totals = {}
    valid = {}
    for seat in (task.challenger, task.challenged):
        cards = work.commits[seat]
        work.log(seat, Revealed(cards))
        for card in cards:
            work.take_crew(seat, card)
            work.discard_crew(card)
        work.owed = _set(work.owed, seat, len(cards))
        valid[seat] = any(_is_pirate(card) for card in cards)
        totals[seat] = composition_total(cards, colour)
    work.commits = ((),) * work.players
    work.committed = (False,) * work.players
    challenger, challenged = task.challenger, task.challenged
    draw = False
    if valid[challenger] and valid[challenged]:
        if totals[challenger] > totals[challenged]:
            winner, loser = challenger, challenged
        elif totals[challenged] > totals[challenger]:
            winner, loser = challenged, challenger
        else:
            draw = True
    elif valid[challenger]:
        winner, loser = challenger, challenged
    elif valid[challenged]:
        winner, loser = challenged, challenger
    else:  # A-IRA-30: both invalid is a draw
        draw = True
    if draw:  # "On a draw, the challenged party wins"
        winner, loser = challenged, challenger
    work.push(DuelPrizeStep(winner, loser, draw), ReplaceTask((winner, loser)))


def _battle_result(
    played: Sequence[tuple[CardId, ...]], colours: tuple[Colour, ...]
) -> tuple[list[PlayerId | None], PlayerId | None]:
    """Return the winner of each battle colour (``None`` on a tie) and the absolute winner."""
    valid = [any(_is_pirate(card) for card in cards) for cards in played]
    winners: list[PlayerId | None] = []
    for colour in colours:
        totals = [
            composition_total(cards, colour) if valid[seat] else -1
            for seat, cards in enumerate(played)
        ]
        best = max(totals)
        if best < 0 or totals.count(best) != 1:
            winners.append(None)
        else:
            winners.append(totals.index(best))
    absolute = None
    for seat in range(len(played)):
        if sum(1 for winner in winners if winner == seat) >= 2:
            absolute = seat
    return winners, absolute


def _auto_battle_reveal(work: _Work, task: BattleRevealTask) -> None:
    colours = EVENT_CARDS[task.card].colours
    played = list(work.played)
    owed = list(work.owed)
    for seat in work.order_from(task.initiator):
        cards = work.commits[seat]
        work.log(seat, Revealed(cards))
        for card in cards:
            work.take_crew(seat, card)
            work.set_crew_known(card, work.all)
        played[seat] = cards
        owed[seat] = len(cards)
    work.played = tuple(played)
    work.owed = tuple(owed)
    work.commits = ((),) * work.players
    work.committed = (False,) * work.players
    winners, absolute = _battle_result(work.played, colours)
    after: list[Task] = []
    if absolute is not None:
        after += [
            RewardStep(absolute, 1),
            TreasureSourceStep(absolute, 3),
            BattleRetreatTask(absolute),
        ]
    after += [
        BattlePickStep(winner, rank) for rank, winner in enumerate(winners) if winner is not None
    ]
    after.append(ReplaceTask(work.order_from(work.start_player)))
    work.push(*after)


def _auto_battle_retreat(work: _Work, task: BattleRetreatTask) -> None:
    losers = sorted(
        (seat for seat in range(work.players) if seat != task.winner),
        key=lambda seat: (work.positions[seat], seat),
    )
    for seat in losers:  # A-IRA-14: rearmost first
        _penalty_move(work, seat)


def _auto_replace(work: _Work, task: ReplaceTask) -> None:
    for cards in work.played:
        for card in cards:
            work.discard_crew(card)
    work.played = ((),) * work.players
    draws = [CrewSourceStep(seat, work.owed[seat]) for seat in task.order if work.owed[seat]]
    work.owed = (0,) * work.players
    work.push(*draws)


def _auto_merchant_reveal(work: _Work, task: MerchantRevealTask) -> None:
    order = work.order_from(task.activator)
    offers = {}
    for seat in order:
        work.log(seat, Revealed(work.commits[seat]))
        if work.commits[seat]:
            offers[seat] = work.commits[seat][0]
    work.commits = ((),) * work.players
    work.committed = (False,) * work.players
    if not offers:
        return
    top = max(_WEAPON_VALUE[card] for card in offers.values())
    winners = [seat for seat in order if seat in offers and _WEAPON_VALUE[offers[seat]] == top]
    prize = 5 if len(winners) == 1 else 3 if len(winners) == 2 else 1
    steps: list[Task] = []
    for seat, card in offers.items():
        if seat in winners:  # the merchant buys it
            work.take_crew(seat, card)
            work.discard_crew(card)
        else:  # taken back, seen by everyone
            work.set_crew_known(card, work.all)
    for seat in winners:
        steps += [TreasureSourceStep(seat, prize), CrewSourceStep(seat, 1)]
    work.push(*steps)


_AUTOMATIC: dict[type, Callable[[_Work, Any], None]] = {
    SetupTask: _auto_setup,
    LandTask: _auto_land,
    AfterEventTask: _auto_after_event,
    DuelRevealTask: _auto_duel_reveal,
    BattleRevealTask: _auto_battle_reveal,
    BattleRetreatTask: _auto_battle_retreat,
    ReplaceTask: _auto_replace,
    MerchantRevealTask: _auto_merchant_reveal,
    MoveBackTask: _auto_move_back,
    ChestCleanupTask: _auto_chest_cleanup,
}


# --- transitions of the steps -----------------------------------------------------------------


def _steal_random(work: _Work, thief: PlayerId, victim: PlayerId, treasure: bool) -> None:
    """Move a random card from the victim to the thief; only the two know which.

    The others no longer know which cards are left with the victim, nor, for treasures,
    which values are left with him and which value was taken (with perfect recall they
    would still know the values the two hold between them: a little less, never more).
    """
    pair = _bit(thief) | _bit(victim)
    if treasure:
        cards = work.treasures[victim]
        index, work.rng = work.rng.randbelow(len(cards))
        card = cards[index]
        rest = cards[:index] + cards[index + 1 :]
        work.treasures = _set(work.treasures, victim, rest)
        known = list(work.treasure_known)
        values = list(work.treasure_value_known)
        for other in rest:  # the others no longer know which card is left
            known[other] &= pair
            values[other] &= pair
        work.treasure_known = tuple(known)
        work.treasure_value_known = tuple(values)
        work.give_treasure(thief, card, pair, pair)
    else:
        cards = work.hands[victim]
        index, work.rng = work.rng.randbelow(len(cards))
        card = cards[index]
        rest = cards[:index] + cards[index + 1 :]
        work.hands = _set(work.hands, victim, rest)
        known = list(work.crew_known)
        for other in rest:
            known[other] &= pair
        work.crew_known = tuple(known)
        work.give_crew(thief, card, pair)


def _do_turn(work: _Work, step: TurnStep, action: Action) -> None:
    seat = step.player
    cls = action.__class__
    if cls is Move:
        work.anchors = _set(work.anchors, seat, 0)
        target = _forward(work, work.positions[seat], action.steps, seat)  # type: ignore[union-attr]
        if target == ISLAND:
            _finish(work, seat)
            return
        work.positions = _set(work.positions, seat, target)
        work.push(LandTask(seat, target))
        return
    work.anchors = _set(work.anchors, seat, work.anchors[seat] + 1)
    if cls is AnchorDraw:
        work.push(CrewSourceStep(seat, 1))
    elif cls is AnchorDiscard:
        work.push(DiscardStep(seat, DiscardPurpose.ANCHOR))
    elif cls is AnchorExchange:
        work.push(DiscardStep(seat, DiscardPurpose.EXCHANGE))
    else:
        work.push(MissionSourceStep(seat))


def _do_discard(work: _Work, step: DiscardStep, action: DiscardCrew) -> None:
    work.take_crew(step.player, action.card)
    work.discard_crew(action.card)
    if step.purpose is DiscardPurpose.EXCHANGE:
        work.push(CrewSourceStep(step.player, 1))


def _do_crew_source(work: _Work, step: CrewSourceStep, action: Action) -> None:
    seat = step.player
    if action.__class__ is CrewFromRow:
        slot = action.slot
        card = work.crew_row[slot]
        assert card is not None
        work.crew_row = _set(work.crew_row, slot, None)  # A-IRA-48: stays empty this round
        work.give_crew(seat, card, work.all)
    else:
        work.draw_crew_blind(seat)
    if step.count > 1:
        work.push(CrewSourceStep(seat, step.count - 1))


def _do_treasure_source(work: _Work, step: TreasureSourceStep, action: Action) -> None:
    seat = step.player
    rank = TREASURE_VALUES.index(action.value)  # type: ignore[union-attr]
    if action.__class__ is TreasureFromRow:
        row = work.treasure_rows[rank]
        slot = action.slot
        treasure = row[slot]
        work.treasure_rows = _set(work.treasure_rows, rank, row[:slot] + row[slot + 1 :])
        work.give_treasure(seat, treasure, work.all, work.all)
        work.refill_treasure_row(rank)  # "refreshed immediately"
    else:
        pile = work.treasure_piles[rank]
        work.treasure_piles = _set(work.treasure_piles, rank, pile[1:])
        # Everyone sees which value pile he draws from; only he sees the card (and earlier
        # peeks at the pile top expire, E21).
        work.give_treasure(seat, pile[0], 0, work.all)


def _do_exchange(work: _Work, step: ExchangeStep, action: Action) -> None:
    seat = step.player
    if action.__class__ is Done:
        return
    weapon = action.card  # type: ignore[union-attr]
    pirates = [card for card in work.crew_pile if _is_pirate(card)]
    if not pirates:  # cannot happen with 48 pirates; nothing to exchange for
        return
    pirate, work.rng = work.rng.choice(pirates)
    work.crew_pile = _remove(work.crew_pile, pirate)
    work.take_crew(seat, weapon)
    work.crew_pile = (*work.crew_pile, weapon)
    work.shuffle_crew_pile()
    work.give_crew(seat, pirate, 0)
    work.push(ExchangeStep(seat))


def _do_keep(work: _Work, step: KeepStep, action: KeepMission) -> None:
    seat = step.player
    offer = work.mission_offers[seat]
    kept = offer[action.index]
    returned = offer[1 - action.index]
    work.missions = _set(work.missions, seat, (kept,))
    work.mission_offers = _set(work.mission_offers, seat, ())
    work.mission_returned = (*work.mission_returned, returned)


def _do_mission_source(work: _Work, step: MissionSourceStep, action: Action) -> None:
    seat = step.player
    if action.__class__ is MissionFromRow:
        slot = action.slot
        mission = work.mission_row[slot]
        assert mission is not None
        work.mission_row = _set(work.mission_row, slot, None)
        work.set_mission_known(mission, work.all)
        work.refill_mission_row()  # A-IRA-33: refilled at once
    else:
        mission = work.mission_pile[0]
        work.mission_pile = work.mission_pile[1:]
        work.set_mission_known(mission, _bit(seat))
    work.drawn_missions = _set(work.drawn_missions, seat, (mission,))
    work.push(MissionDisposeStep(seat))


def _do_mission_dispose(work: _Work, step: MissionDisposeStep, action: Action) -> None:
    seat = step.player
    drawn = work.drawn_missions[seat][0]
    work.drawn_missions = _set(work.drawn_missions, seat, ())
    cls = action.__class__
    if cls is AddMission:
        work.missions = _set(work.missions, seat, _add_sorted(work.missions[seat], drawn))
        return
    if cls is ReplaceMission:
        put_back = action.mission  # type: ignore[union-attr]
        held = _add_sorted(_remove(work.missions[seat], put_back), drawn)
    else:
        put_back = drawn
        held = work.missions[seat]
    work.missions = _set(work.missions, seat, held)
    work.mission_pile = (*work.mission_pile, put_back)  # A-IRA-33: under the pile
    own = _bit(seat)
    work.set_mission_known(put_back, own)
    for mission in held:  # the others cannot tell which card went back
        work.set_mission_known(mission, work.mission_known[mission] & own)


def _do_event_pile(work: _Work, step: EventPileStep, action: DrawEvent) -> None:
    seat, space = step.player, step.space
    pile = work.event_piles[action.pile]
    card = pile[0]
    work.event_piles = _set(work.event_piles, action.pile, pile[1:])
    work.event_known = _set(work.event_known, card, work.all)
    work.log(seat, EventDrawn(action.pile, card))
    if work.board_pearls[space] and not _REUSABLE[card]:
        work.event_discard = (*work.event_discard, card)  # a bed with pearls left
    else:
        work.board_events = _set(work.board_events, space, card)
    if EVENT_CARDS[card].shell:
        work.push(AfterEventTask(seat, card, space))
    _activate(work, seat, card, space)


def _do_duel_target(work: _Work, step: DuelTargetStep, action: Challenge) -> None:
    seat = step.player
    mark = EVENT_CARDS[step.card].mark
    work.commits = ((),) * work.players
    work.committed = (False,) * work.players
    work.push(
        DuelCommitStep(seat, step.card),
        DuelCommitStep(action.opponent, step.card),
        DuelRevealTask(seat, action.opponent, step.card),
    )
    if mark is DuelMark.DOUBLE_CIRCLE:
        if len(work.hands[seat]) < HAND_MAX:
            work.draw_crew_blind(seat)
    elif mark is DuelMark.CROSS:
        work.push(DiscardStep(seat, DiscardPurpose.CROSS))


def _do_commit(work: _Work, step: DuelCommitStep | MerchantCommitStep, action: Action) -> None:
    seat = step.player
    if action.__class__ is Compose:
        cards = tuple(card for card in (action.pirate, action.weapon) if card is not None)
    elif action.__class__ is Offer:
        cards = (action.weapon,)
    else:
        cards = ()
    work.commits = _set(work.commits, seat, cards)
    work.committed = _set(work.committed, seat, True)


def _do_duel_prize(work: _Work, step: DuelPrizeStep, action: Action) -> None:
    winner, loser = step.player, step.loser
    if action.__class__ is Advance:
        if _reward_move(work, winner, action.steps):
            return
        if not step.draw:
            _penalty_move(work, loser)
        return
    if not step.draw and len(work.treasures[loser]) >= 3:
        _steal_random(work, winner, loser, treasure=True)
        return
    if step.draw:
        work.push(TreasureSourceStep(winner, 3))
    else:
        work.push(TreasureSourceStep(winner, 3), MoveBackTask(loser))


def _do_battle_commit(work: _Work, step: BattleCommitStep, action: Action) -> None:
    seat = step.player
    if action.__class__ is BattleAdd:
        work.commits = _set(work.commits, seat, (*work.commits[seat], action.card))
        work.push(step)
        return
    work.committed = _set(work.committed, seat, True)


def _do_battle_pick(work: _Work, step: BattlePickStep, action: Action) -> None:
    if action.__class__ is Decline:
        return
    card = action.card  # type: ignore[union-attr]
    owner = next(seat for seat, cards in enumerate(work.played) if card in cards)
    work.played = _set(work.played, owner, _remove(work.played[owner], card))
    work.give_crew(step.player, card, work.all)
    work.owed = _set(work.owed, step.player, work.owed[step.player] - 1)


def _do_intrigue(work: _Work, step: IntrigueStep, action: Action) -> None:
    if action.__class__ is Decline:
        return
    _steal_random(
        work,
        step.player,
        action.opponent,  # type: ignore[union-attr]
        treasure=action.target is StealTarget.TREASURE,  # type: ignore[union-attr]
    )


def _do_treasure_loss(work: _Work, step: TreasureLossStep, action: DiscardTreasure) -> None:
    seat = step.player
    work.treasures = _set(work.treasures, seat, _remove(work.treasures[seat], action.treasure))
    work.treasure_discard = (*work.treasure_discard, action.treasure)
    work.set_treasure_known(action.treasure, work.all, work.all)


def _do_reward(work: _Work, step: RewardStep, action: Advance) -> None:
    _reward_move(work, step.player, action.steps)


def _do_chest(work: _Work, step: ChestStep, action: Action) -> None:
    if action.__class__ is Done:
        return
    card = action.card  # type: ignore[union-attr]
    work.chest = _remove(work.chest, card)
    work.give_crew(step.player, card, work.all)
    work.push(step)


def _do_repair(work: _Work, step: RepairStep, action: StepBack) -> None:
    _repair_move(work, step.player, action.steps)


def _do_telescope(work: _Work, step: TelescopeStep, action: Action) -> None:
    seat = step.player
    mine = _bit(seat)
    cls = action.__class__
    if cls is PeekEventTops:
        known = list(work.event_known)
        for pile in work.event_piles:
            if pile:
                known[pile[0]] |= mine
        work.event_known = tuple(known)
    elif cls is PeekHand:
        known = list(work.crew_known)
        for card in work.hands[action.opponent]:  # type: ignore[union-attr]
            known[card] |= mine
        work.crew_known = tuple(known)
    elif cls is PeekTreasures:
        known = list(work.treasure_known)
        values = list(work.treasure_value_known)
        for treasure in work.treasures[action.opponent]:  # type: ignore[union-attr]
            known[treasure] |= mine
            values[treasure] |= mine
        work.treasure_known = tuple(known)
        work.treasure_value_known = tuple(values)
    elif cls is PeekIsland:
        island = work.board_islands[action.space]  # type: ignore[union-attr]
        assert island is not None
        work.island_known = _set(work.island_known, island, work.island_known[island] | mine)
    elif cls is PeekMissions:
        known = list(work.mission_known)
        for mission in work.missions[action.opponent]:  # type: ignore[union-attr]
            known[mission] |= mine
        work.mission_known = tuple(known)
    elif cls is PeekCrewTop:
        top = work.crew_pile[0]
        work.set_crew_known(top, work.crew_known[top] | mine)
    elif cls is PeekTreasureTops:
        known = list(work.treasure_known)
        for pile in work.treasure_piles:
            if pile:
                known[pile[0]] |= mine
        work.treasure_known = tuple(known)
    elif cls is PeekMissionTop:
        top = work.mission_pile[0]
        work.set_mission_known(top, work.mission_known[top] | mine)


def _do_parrot(work: _Work, step: ParrotStep, action: Action) -> None:
    cls = action.__class__
    if cls is RedealTreasures:
        rank = TREASURE_VALUES.index(action.value)  # type: ignore[union-attr]
        cards = work.treasure_rows[rank] + work.treasure_piles[rank]
        pile, work.rng = work.rng.shuffled(cards)
        known = list(work.treasure_known)
        for card in pile:
            known[card] = 0  # the value of each stays public: it lies in its value's pile
        work.treasure_known = tuple(known)
        work.treasure_rows = _set(work.treasure_rows, rank, ())
        work.treasure_piles = _set(work.treasure_piles, rank, pile)
        work.refill_treasure_row(rank)
    elif cls is RedealCrewRow:
        work.crew_pile = work.crew_pile + tuple(card for card in work.crew_row if card is not None)
        work.crew_row = (None,) * CREW_ROW_SIZE
        work.shuffle_crew_pile()
        work.deal_crew_row()
    elif cls is RedealMissions:
        work.mission_pile = work.mission_pile + tuple(
            mission for mission in work.mission_row if mission is not None
        )
        work.mission_row = (None,) * MISSION_ROW_SIZE
        work.shuffle_mission_pile()
        work.refill_mission_row()
    elif cls is MoveIsland:
        work.push(ParrotPlaceStep(step.player, action.space, True))  # type: ignore[union-attr]
    elif cls is MovePearlBed:
        work.push(ParrotPlaceStep(step.player, action.space, False))  # type: ignore[union-attr]


def _do_parrot_place(work: _Work, step: ParrotPlaceStep, action: PlaceAt) -> None:
    origin, target = step.origin, action.space
    if step.island:
        island = work.board_islands[origin]
        work.board_islands = _set(_set(work.board_islands, origin, None), target, island)
    else:
        pearls = work.board_pearls[origin]
        work.board_pearls = _set(_set(work.board_pearls, origin, 0), target, pearls)


def _do_pearl_sale(work: _Work, step: PearlSaleStep, action: Action) -> None:
    if action.__class__ is Decline:
        return
    seat, space = step.player, step.space
    work.pearls = _set(work.pearls, seat, work.pearls[seat] - 2)
    work.board_pearls = _set(work.board_pearls, space, work.board_pearls[space] + 2)
    if work.board_events[space] == step.card:  # the card is discarded; the space is a bed
        work.board_events = _set(work.board_events, space, None)
        work.event_discard = (*work.event_discard, step.card)
    work.push(TreasureSourceStep(seat, 5))


_STEPS: dict[type, Callable[[_Work, Any, Any], None]] = {
    TurnStep: _do_turn,
    DiscardStep: _do_discard,
    CrewSourceStep: _do_crew_source,
    TreasureSourceStep: _do_treasure_source,
    ExchangeStep: _do_exchange,
    KeepStep: _do_keep,
    MissionSourceStep: _do_mission_source,
    MissionDisposeStep: _do_mission_dispose,
    EventPileStep: _do_event_pile,
    DuelTargetStep: _do_duel_target,
    DuelCommitStep: _do_commit,
    DuelPrizeStep: _do_duel_prize,
    BattleCommitStep: _do_battle_commit,
    BattlePickStep: _do_battle_pick,
    MerchantCommitStep: _do_commit,
    IntrigueStep: _do_intrigue,
    TreasureLossStep: _do_treasure_loss,
    RewardStep: _do_reward,
    ChestStep: _do_chest,
    RepairStep: _do_repair,
    TelescopeStep: _do_telescope,
    ParrotStep: _do_parrot,
    ParrotPlaceStep: _do_parrot_place,
    PearlSaleStep: _do_pearl_sale,
}

_SECRET: dict[type, PublicAction | None] = {
    ExchangeWeapon: WeaponExchanged(),
    KeepMission: MissionKept(),
    Compose: _COMMITTED,
    Offer: _COMMITTED,
    ReplaceMission: MissionPutBack(),
    RejectMission: MissionPutBack(),
    BattleAdd: None,
    DrawEvent: None,  # recorded with its card as EventDrawn
}
"""Secret actions and their public form (``None``: not recorded at all)."""


def _public(step: Step, action: Action) -> PublicAction | None:
    cls = action.__class__
    if cls in _SECRET:
        return _SECRET[cls]
    if cls is Done and step.__class__ is BattleCommitStep:
        return _COMMITTED
    if cls is Decline and step.__class__ is MerchantCommitStep:
        return _COMMITTED
    return action  # type: ignore[return-value]


def public_text(task: Task, action: Action) -> str | None:
    """Describe ``action``, taken at the decision ``task``, as the other players see it.

    ``None`` for a card added to a battle composition: the others see only that the
    composition was committed, not how many cards it holds (E4).
    """
    public = _public(task, action)  # type: ignore[arg-type]
    if public is not None:
        return str(public)
    if action.__class__ is BattleAdd:
        return None
    return str(action)


def _illegal(action: object, reason: str) -> IllegalActionError:
    return IllegalActionError(f"illegal action {action!r}: {reason}")


def apply(state: KincsesState, action: Action) -> KincsesState:
    """Return the state after the seat to move takes ``action``.

    Raises:
        IllegalActionError: The game is over, or ``action`` is not one of the legal
            actions; the message says what is expected.
    """
    if not state.tasks:
        raise _illegal(action, "the game is over")
    step: Step = state.tasks[-1]  # type: ignore[assignment]
    legal = _legal(state, step)
    try:
        index = legal.index(action)
    except ValueError:
        kinds = sorted({type(option).__name__ for option in legal})
        raise _illegal(
            action,
            f"seat {step.player} must decide on {step.phase} with one of "
            f"{len(legal)} legal actions ({', '.join(kinds)})",
        ) from None
    action = legal[index]  # the canonical value (never a look-alike such as Move(True))
    work = _Work(state)
    work.tasks = work.tasks[:-1]
    public = _public(step, action)
    if public is not None:
        work.log(step.player, public)
    _STEPS[step.__class__](work, step, action)
    _run(work)
    return work.freeze()


# --- scoring ----------------------------------------------------------------------------------


def treasure_points(treasures: Iterable[TreasureId]) -> int:
    """Return the points of a treasure collection with the best sets (A-IRA-31).

    A set scores its set value *instead of* its cards' face values: 1-1-1 = 5, 3-3-3 = 12,
    1-3-5 = 12; each card is in at most one set; the partition maximises the total.

    >>> treasure_points([0, 1, 2, 12, 24])  # 1, 1, 1, 3, 5: 1-3-5 = 12, plus 1 + 1
    14
    """
    counts = [0, 0, 0]
    for treasure in treasures:
        counts[_TREASURE_RANK[treasure]] += 1
    ones, threes, fives = counts
    base = ones + 3 * threes + 5 * fives
    best = 0
    for runs in range(min(ones, threes, fives) + 1):  # 1-3-5 sets gain 3 each
        gain = 3 * runs + 2 * ((ones - runs) // 3) + 3 * ((threes - runs) // 3)
        best = max(best, gain)
    return base + best


def _position_points(position: Space) -> int:
    if position == ISLAND:
        return ARRIVAL_POINTS
    return ZONE_POINTS[ZONE_OF[position]]


def mission_achieved(state: KincsesState, seat: PlayerId, kind: MissionKind) -> bool:
    """Return whether ``seat`` meets a mission's goal now (A-IRA-32, E24)."""
    hands = state.hands
    others = [other for other in range(state.players) if other != seat]

    def most(measure: Callable[[tuple[CardId, ...]], int]) -> bool:
        mine = measure(hands[seat])
        return all(mine > measure(hands[other]) for other in others)

    if kind in _MAJORITY:
        colour = _MAJORITY[kind]
        return most(lambda hand: colour_total(hand, colour))
    if kind is MissionKind.MOST_FEMALE:
        return most(lambda hand: sum(1 for card in hand if _FEMALE[card]))
    if kind is MissionKind.MOST_ONE_EYED:
        return most(lambda hand: sum(1 for card in hand if _ONE_EYED[card]))
    if kind is MissionKind.FIRST_TO_ISLAND:
        return state.positions[seat] == ISLAND
    if kind is MissionKind.SECOND_TO_ARRIVE:
        mine = state.positions[seat]
        ahead = sum(1 for other in others if state.positions[other] > mine)
        level = any(state.positions[other] == mine for other in others)
        return ahead == 1 and not level
    if kind is MissionKind.SECRET_CASKET:
        return _CASKET in state.treasures[seat]
    colour = Colour.BLACK if kind is MissionKind.THREE_BLACK_WEAPONS else Colour.GREEN
    return sum(1 for card in hands[seat] if _WEAPON_COLOUR[card] is colour) >= 3


_MAJORITY = {
    MissionKind.MOST_ORANGE: Colour.ORANGE,
    MissionKind.MOST_BLUE: Colour.BLUE,
    MissionKind.MOST_GREEN: Colour.GREEN,
    MissionKind.MOST_BLACK: Colour.BLACK,
}


def score_breakdown(state: KincsesState, seat: PlayerId) -> dict[str, int]:
    """Return ``seat``'s points by heading: position, treasures, islands, pearls, crew, missions."""
    missions = 0
    for mission in state.missions[seat]:
        card = MISSIONS[mission]
        missions += card.bonus if mission_achieved(state, seat, card.kind) else -card.penalty
    return {
        "position": _position_points(state.positions[seat]),
        "treasures": treasure_points(state.treasures[seat]),
        "islands": 5 * sum(1 for owner in state.island_owners if owner == seat),
        "pearls": state.pearls[seat],
        "crew": sum(_HAND_POINTS[card] for card in state.hands[seat]),
        "missions": missions,
    }


def score(state: KincsesState) -> tuple[float, ...]:
    """Return each seat's score as the final scoring would count it now."""
    return tuple(float(sum(score_breakdown(state, seat).values())) for seat in range(state.players))


def ranking(state: KincsesState) -> tuple[int, ...]:
    """Return places by score; ties share a place (A-IRA-42) unless broken by position."""
    points = score(state)
    if state.tiebreak_by_position:
        return places_from_keys(
            [(points[seat], state.positions[seat]) for seat in range(state.players)]
        )
    return places_from_keys(points)


# --- invariants -------------------------------------------------------------------------------

_STEP_CLASSES = (
    ExchangeStep,
    KeepStep,
    TurnStep,
    DiscardStep,
    CrewSourceStep,
    MissionSourceStep,
    MissionDisposeStep,
    EventPileStep,
    DuelTargetStep,
    DuelCommitStep,
    DuelPrizeStep,
    TreasureSourceStep,
    BattleCommitStep,
    BattlePickStep,
    MerchantCommitStep,
    IntrigueStep,
    TreasureLossStep,
    RewardStep,
    ChestStep,
    RepairStep,
    TelescopeStep,
    ParrotStep,
    ParrotPlaceStep,
    PearlSaleStep,
)


_EVENT_TASK_KINDS: dict[type, EventKind] = {
    DuelTargetStep: EventKind.DUEL,
    DuelCommitStep: EventKind.DUEL,
    DuelRevealTask: EventKind.DUEL,
    BattleCommitStep: EventKind.BATTLE,
    BattleRevealTask: EventKind.BATTLE,
    MerchantCommitStep: EventKind.MERCHANT,
    MerchantRevealTask: EventKind.MERCHANT,
}


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def _int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _ids(name: str, cards: object, count: int) -> list[int]:
    if not isinstance(cards, tuple):
        raise _fail(f"{name} must be a tuple")
    for card in cards:
        if not _int(card, 0, count - 1):
            raise _fail(f"{name} holds {card!r}, which is not an id from 0 to {count - 1}")
    return list(cards)


def _per_seat(state: KincsesState, name: str) -> tuple[Any, ...]:
    values = getattr(state, name)
    if not isinstance(values, tuple) or len(values) != state.players:
        raise _fail(f"{name} must have one entry per seat ({state.players})")
    return values


def _partition(name: str, zones: list[int], count: int) -> None:
    if sorted(zones) != list(range(count)):
        missing = sorted(set(range(count)) - set(zones))
        doubled = sorted({card for card in zones if zones.count(card) > 1})
        raise _fail(
            f"the {count} {name} are not each in exactly one place "
            f"(missing {missing}, in two places {doubled})"
        )


def _check_task(state: KincsesState, task: object) -> None:
    players = state.players
    for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(task))):
        value = getattr(task, field.name)
        if field.name in (
            "player",
            "loser",
            "challenger",
            "challenged",
            "initiator",
            "activator",
            "winner",
        ):
            if not _int(value, 0, players - 1):
                raise _fail(f"task {task!r} names {value!r}, which is not a seat")
        elif field.name in ("space", "origin"):
            if not _int(value, 1, LAST_SPACE):
                raise _fail(f"task {task!r} names space {value!r}, not a space 1-42")
        elif field.name == "card":
            if not _int(value, 0, len(EVENT_CARDS) - 1):
                raise _fail(f"task {task!r} names event {value!r}, which does not exist")
        elif field.name == "order":
            if not isinstance(value, tuple) or len(set(value)) != len(value):
                raise _fail(f"task {task!r} has a bad seat order")
            for seat in value:
                if not _int(seat, 0, players - 1):
                    raise _fail(f"task {task!r} names {seat!r}, which is not a seat")
        elif field.name == "count":
            if not _int(value, 0, HAND_MAX):
                raise _fail(f"task {task!r} has a bad count")
        elif field.name == "maximum":
            if value not in TREASURE_VALUES:
                raise _fail(f"task {task!r} has a bad treasure value")
        elif field.name == "rank":
            if not _int(value, 0, 2):
                raise _fail(f"task {task!r} has a bad colour rank")
        elif field.name == "minimum" and not _int(value, 0, 1):
            raise _fail(f"task {task!r} has a bad minimum")
    expected = _EVENT_TASK_KINDS.get(type(task))
    if expected is not None and EVENT_CARDS[task.card].kind is not expected:  # type: ignore[attr-defined]
        raise _fail(f"task {task!r} names an event card that is not a {expected}")


def check_state(state: KincsesState) -> None:
    """Check every invariant of a state (used on untrusted input).

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    players = state.players
    if not _int(players, 2, 4):
        raise _fail(f"players={players!r} is out of range 2 to 4")
    if not _int(state.max_turns, 1, 1 << 62):
        raise _fail(f"max_turns={state.max_turns!r} must be a positive integer")
    everyone = (1 << players) - 1
    if not _int(state.round, 1, 1 << 62) or not _int(state.turn, 0, state.max_turns):
        raise _fail(f"round={state.round!r} or turn={state.turn!r} is out of range")
    if not _int(state.start_player, 0, players - 1):
        raise _fail(f"start_player={state.start_player!r} is not a seat")
    if not _int(state.turn_index, 0, players - 1):
        raise _fail(f"turn_index={state.turn_index!r} is out of range")
    for name in (
        "positions",
        "anchors",
        "hands",
        "treasures",
        "missions",
        "mission_offers",
        "drawn_missions",
        "pearls",
        "commits",
        "committed",
        "played",
        "owed",
    ):
        _per_seat(state, name)
    for seat in range(players):
        if not _int(state.positions[seat], START, ISLAND):
            raise _fail(f"seat {seat}'s position {state.positions[seat]!r} is not on the track")
        if not _int(state.anchors[seat], 0, ANCHOR_LIMIT):
            raise _fail(f"seat {seat}'s anchor streak {state.anchors[seat]!r} is not 0-2")
        if not _int(state.pearls[seat], 0, 10) or not _int(state.owed[seat], 0, 3):
            raise _fail(f"seat {seat}'s pearls or owed cards are out of range")
        if type(state.committed[seat]) is not bool:
            raise _fail(f"seat {seat}'s committed flag must be a bool")
    occupied = [p for p in state.positions if START < p < ISLAND]
    if len(occupied) != len(set(occupied)):
        raise _fail("two ships share a space")
    if state.positions.count(ISLAND) > 1:
        raise _fail("only one ship can reach Treasure Island")
    if ISLAND in state.positions and state.tasks:
        raise _fail("the game must be over once a ship has reached Treasure Island")

    # Crew cards.
    crew: list[int] = []
    for seat in range(players):
        hand = _ids(f"seat {seat}'s hand", state.hands[seat], _CREW_COUNT)
        if hand != sorted(set(hand)):
            raise _fail(f"seat {seat}'s hand must be sorted and distinct")
        if len(hand) > HAND_MAX:
            raise _fail(f"seat {seat} holds {len(hand)} crew cards; at most {HAND_MAX} allowed")
        commit = _ids(f"seat {seat}'s commitment", state.commits[seat], _CREW_COUNT)
        if not set(commit) <= set(hand) or len(commit) > 3 or len(set(commit)) != len(commit):
            raise _fail(f"seat {seat}'s commitment {commit} is not part of the hand")
        crew += hand
        crew += _ids(f"seat {seat}'s played cards", state.played[seat], _CREW_COUNT)
    if not isinstance(state.crew_row, tuple) or len(state.crew_row) != CREW_ROW_SIZE:
        raise _fail(f"the crew row must have {CREW_ROW_SIZE} slots")
    row = [card for card in state.crew_row if card is not None]
    crew += _ids("the crew row", tuple(row), _CREW_COUNT)
    crew += _ids("the crew pile", state.crew_pile, _CREW_COUNT)
    crew += _ids("the crew discard pile", state.crew_discard, _CREW_COUNT)
    crew += _ids("the chest", state.chest, _CREW_COUNT)
    _partition("crew cards", crew, _CREW_COUNT)

    # Treasures.
    if len(state.treasure_piles) != 3 or len(state.treasure_rows) != 3:
        raise _fail("there must be three treasure piles and three treasure rows")
    treasure: list[int] = []
    for rank in range(3):
        pile = _ids(f"treasure pile {rank}", state.treasure_piles[rank], len(TREASURES))
        row_cards = _ids(f"treasure row {rank}", state.treasure_rows[rank], len(TREASURES))
        if any(_TREASURE_RANK[card] != rank for card in pile + row_cards):
            raise _fail(
                f"the treasure pile or row of value {TREASURE_VALUES[rank]} holds another value"
            )
        if len(row_cards) > TREASURE_ROW_SIZE or (len(row_cards) < TREASURE_ROW_SIZE and pile):
            raise _fail(f"the treasure row of value {TREASURE_VALUES[rank]} must hold 2 cards")
        treasure += pile + row_cards
    for seat in range(players):
        held = _ids(f"seat {seat}'s treasures", state.treasures[seat], len(TREASURES))
        if held != sorted(set(held)):
            raise _fail(f"seat {seat}'s treasures must be sorted and distinct")
        treasure += held
    treasure += _ids("the treasure discard pile", state.treasure_discard, len(TREASURES))
    _partition("treasures", treasure, len(TREASURES))

    # Missions.
    if not isinstance(state.mission_row, tuple) or len(state.mission_row) != MISSION_ROW_SIZE:
        raise _fail(f"the mission row must have {MISSION_ROW_SIZE} slots")
    mission: list[int] = [m for m in state.mission_row if m is not None]
    _ids("the mission row", tuple(mission), len(MISSIONS))
    mission += _ids("the mission pile", state.mission_pile, len(MISSIONS))
    mission += _ids("the returned missions", state.mission_returned, len(MISSIONS))
    setup = any(isinstance(task, SetupTask) for task in state.tasks)
    for seat in range(players):
        held = _ids(f"seat {seat}'s missions", state.missions[seat], len(MISSIONS))
        if held != sorted(set(held)):
            raise _fail(f"seat {seat}'s missions must be sorted and distinct")
        offer = _ids(f"seat {seat}'s setup missions", state.mission_offers[seat], len(MISSIONS))
        drawn = _ids(f"seat {seat}'s drawn mission", state.drawn_missions[seat], len(MISSIONS))
        if len(offer) not in (0, 2) or len(drawn) > 1 or (offer and held):
            raise _fail(f"seat {seat}'s setup or drawn missions are malformed")
        if not setup and (offer or not held):
            raise _fail(f"seat {seat} must hold at least one mission after the setup")
        mission += held + offer + drawn
    _partition("missions", mission, len(MISSIONS))
    if not setup and state.mission_pile and None in state.mission_row:
        raise _fail("the mission row must be full while the mission pile has cards")

    # Events and the board.
    if len(state.event_piles) != EVENT_PILES:
        raise _fail("there must be three event piles")
    for name in ("board_events", "board_islands", "board_pearls"):
        values = getattr(state, name)
        if not isinstance(values, tuple) or len(values) != LAST_SPACE + 1:
            raise _fail(f"{name} must have an entry for each position 0-{LAST_SPACE}")
    events: list[int] = []
    for number in range(EVENT_PILES):
        events += _ids(f"event pile {number}", state.event_piles[number], len(EVENT_CARDS))
    events += _ids("the event discard pile", state.event_discard, len(EVENT_CARDS))
    on_board = [card for card in state.board_events if card is not None]
    events += _ids("the board's event cards", tuple(on_board), len(EVENT_CARDS))
    _partition("event cards", events, len(EVENT_CARDS))
    if not isinstance(state.island_owners, tuple) or len(state.island_owners) != len(ISLANDS):
        raise _fail("island_owners must have one entry per island card")
    placed = [island for island in state.board_islands if island is not None]
    _ids("the board's islands", tuple(placed), len(ISLANDS))
    if len(placed) != sum(ISLANDS_PER_ZONE) or len(set(placed)) != len(placed):
        raise _fail(f"the board must hold {sum(ISLANDS_PER_ZONE)} distinct island cards")
    for zone in Zone:
        count = sum(1 for space in _zone_spaces(zone) if state.board_islands[space] is not None)
        if count != ISLANDS_PER_ZONE[zone]:
            raise _fail(f"zone {zone} must hold {ISLANDS_PER_ZONE[zone]} islands, not {count}")
    for island, owner in enumerate(state.island_owners):
        if owner is not None and (not _int(owner, 0, players - 1) or island not in placed):
            raise _fail(f"island {island} has an impossible occupant {owner!r}")
    if state.board_events[START] is not None or state.board_islands[START] is not None:
        raise _fail("nothing lies on the start position")
    for space in range(START, LAST_SPACE + 1):
        pearls = state.board_pearls[space]
        event = state.board_events[space]
        island_here = state.board_islands[space]
        if not _int(pearls, 0, 10):
            raise _fail(f"space {space} holds {pearls!r} pearls")
        if island_here is not None and (
            space in FORBIDDEN_ISLAND_SPACES or event is not None or pearls
        ):
            raise _fail(f"the island on space {space} shares it or lies on 40-42")
        if event is not None and pearls and not _REUSABLE[event]:
            raise _fail(f"space {space} holds both pearls and an activated event card")
    total_pearls = sum(state.board_pearls) + sum(state.pearls)
    if total_pearls != sum(PEARL_BEDS[players]):
        raise _fail(f"there must be {sum(PEARL_BEDS[players])} pearls, not {total_pearls}")

    # Knowledge.
    for name, count in (
        ("crew_known", _CREW_COUNT),
        ("treasure_known", len(TREASURES)),
        ("treasure_value_known", len(TREASURES)),
        ("mission_known", len(MISSIONS)),
        ("event_known", len(EVENT_CARDS)),
        ("island_known", len(ISLANDS)),
    ):
        masks = getattr(state, name)
        if not isinstance(masks, tuple) or len(masks) != count:
            raise _fail(f"{name} must have one mask per card ({count})")
        if any(not _int(mask, 0, everyone) for mask in masks):
            raise _fail(f"{name} holds a mask that names no seat set")
    public_crew = row + list(state.crew_discard) + list(state.chest)
    public_crew += [card for cards in state.played for card in cards]
    if any(state.crew_known[card] != everyone for card in public_crew):
        raise _fail("a face-up crew card must be known to everyone")
    for seat in range(players):
        bit = _bit(seat)
        if any(not state.crew_known[card] & bit for card in state.hands[seat]):
            raise _fail(f"seat {seat} must know his own crew cards")
        if any(not state.treasure_known[card] & bit for card in state.treasures[seat]):
            raise _fail(f"seat {seat} must know his own treasures")
        own = state.missions[seat] + state.mission_offers[seat] + state.drawn_missions[seat]
        if any(not state.mission_known[mission] & bit for mission in own):
            raise _fail(f"seat {seat} must know his own missions")
    public_treasure = [card for row_cards in state.treasure_rows for card in row_cards]
    public_treasure += list(state.treasure_discard)
    if any(state.treasure_known[card] != everyone for card in public_treasure):
        raise _fail("a face-up treasure must be known to everyone")
    in_piles = [card for pile_cards in state.treasure_piles for card in pile_cards]
    if any(state.treasure_value_known[card] != everyone for card in public_treasure + in_piles):
        raise _fail("the value of a treasure in a pile or face up must be known to everyone")
    if any(
        known & ~value
        for known, value in zip(state.treasure_known, state.treasure_value_known, strict=True)
    ):
        raise _fail("a seat that knows a treasure must know its value")
    if any(state.mission_known[m] != everyone for m in state.mission_row if m is not None):
        raise _fail("a face-up mission must be known to everyone")
    if any(state.event_known[card] != everyone for card in on_board + list(state.event_discard)):
        raise _fail("an activated event card must be known to everyone")
    for island, owner in enumerate(state.island_owners):
        if owner is not None and state.island_known[island] != everyone:
            raise _fail(f"the occupied island {island} must be known to everyone")

    # Tasks and history.
    if not isinstance(state.tasks, tuple):
        raise _fail("tasks must be a tuple")
    for task in state.tasks:
        if not attrs.has(type(task)):
            raise _fail(f"{task!r} is not a task")
        _check_task(state, task)
    if state.tasks:
        if not isinstance(state.tasks[-1], _STEP_CLASSES):
            raise _fail(f"the top task {state.tasks[-1]!r} is not a decision")
        if state.tasks[-1].__class__ is TurnStep:
            seat = state.tasks[-1].player
            if seat != (state.start_player + state.turn_index) % players:
                raise _fail(f"it is not seat {seat}'s turn in this round")
            if any(state.commits) or any(state.committed) or any(state.played) or state.chest:
                raise _fail("no cards may be committed or on the table between turns")
            supply = bool(state.crew_pile or state.crew_discard or row)
            if supply and any(len(hand) < HAND_MIN for hand in state.hands):
                raise _fail(f"every player must hold at least {HAND_MIN} crew cards")
        top = state.tasks[-1]
        if top.__class__ is MissionDisposeStep and not state.drawn_missions[top.player]:
            raise _fail("a mission decision is pending without a drawn mission")
        if top.__class__ is KeepStep and len(state.mission_offers[top.player]) != 2:
            raise _fail("a mission keep is pending without two missions drawn")
    elif ISLAND not in state.positions and state.turn < state.max_turns:
        raise _fail("the game can only be over when a ship arrived or the turn limit is reached")
    for entry in state.history:
        if not isinstance(entry, tuple) or len(entry) != 2 or not _int(entry[0], 0, players - 1):
            raise _fail(f"the history entry {entry!r} names no seat")
        check_action_fields(entry[1])
    state.rng.check()


_FIELD_RANGES: dict[str, tuple[int, int]] = {
    "card": (0, _CREW_COUNT - 1),
    "pirate": (0, _CREW_COUNT - 1),
    "weapon": (0, _CREW_COUNT - 1),
    "mission": (0, len(MISSIONS) - 1),
    "treasure": (0, len(TREASURES) - 1),
    "slot": (0, CREW_ROW_SIZE - 1),
    "pile": (0, EVENT_PILES - 1),
    "steps": (0, 3),
    "opponent": (0, 3),
    "space": (1, LAST_SPACE),
    "index": (0, 1),
}


def check_action_fields(value: object) -> None:
    """Check the ids and numbers of an action or history entry (used on untrusted input).

    Raises:
        InvalidStateError: A field is out of range, such as a crew card id above 71.
    """
    cls = type(value)
    if not attrs.has(cls):
        raise _fail(f"{value!r} is not an action")
    for field in attrs.fields(cls):
        item = getattr(value, field.name)
        if field.name == "value":
            if item not in TREASURE_VALUES:
                raise _fail(f"{value!r}: the treasure value must be 1, 3 or 5")
        elif field.name == "cards":
            if not isinstance(item, tuple) or not all(_int(c, 0, _CREW_COUNT - 1) for c in item):
                raise _fail(f"{value!r}: cards must be crew card ids 0 to {_CREW_COUNT - 1}")
        elif field.name == "card" and cls is EventDrawn:
            if not _int(item, 0, len(EVENT_CARDS) - 1):
                raise _fail(f"{value!r}: card must be an event card id 0 to 63")
        elif field.name in _FIELD_RANGES and item is not None:
            low, high = _FIELD_RANGES[field.name]
            if not _int(item, low, high):
                raise _fail(f"{value!r}: {field.name}={item!r} is out of range {low} to {high}")

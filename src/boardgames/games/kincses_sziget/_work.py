"""The work object of one move, the entry of a decision step, and the shared card tables.

:class:`_Work` is a state being changed by :func:`~boardgames.games.kincses_sziget.rules.apply`:
it copies a field of the original state only when the move first uses it, and builds the
next state from the original's fields and the few the move changed. :class:`StepRule` is
one kind of decision: what may be chosen and what each choice does, typed together; each
rule module defines the entries of its steps, and the rules' table collects them.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar

import attrs

from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.core.values import replaced
from boardgames.games.kincses_sziget.actions import (
    Action,
    Advance,
    AnchorDiscard,
    AnchorDraw,
    AnchorExchange,
    AnchorMission,
    BattleAdd,
    Committed,
    CrewFromPile,
    CrewFromRow,
    Decline,
    DiscardCrew,
    Done,
    DrawEvent,
    Move,
    PublicAction,
    StepBack,
)
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    CREW_ROW_SIZE,
    EVENT_CARDS,
    EVENT_PILES,
    MISSION_ROW_SIZE,
    PIRATE_COUNT,
    TREASURE_ROW_SIZE,
    TREASURE_VALUES,
    TREASURES,
    WEAPON_MULTIPLIER,
    ZONE_SPACES,
    CardId,
    Colour,
    Pirate,
    TreasureId,
    Weapon,
    Zone,
)
from boardgames.games.kincses_sziget.state import (
    HistoryEntry,
    KincsesState,
    Step,
    Task,
    _keep_legal,
    _new_state,
)

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
_ANCHOR_DRAW = AnchorDraw()
_ANCHOR_DISCARD = AnchorDiscard()
_ANCHOR_EXCHANGE = AnchorExchange()
_ANCHOR_MISSION = AnchorMission()
_DRAW_EVENT = tuple(DrawEvent(pile) for pile in range(EVENT_PILES))


def _is_pirate(card: CardId) -> bool:
    return card < PIRATE_COUNT


def _bit(seat: PlayerId) -> int:
    return 1 << seat


def _add_sorted(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, card)))


def _remove(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


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


_FIELDS = tuple(field.name for field in attrs.fields(KincsesState))
_FIELD_INDEX = {name: index for index, name in enumerate(_FIELDS)}
_ALL_FIELDS = operator.attrgetter(*_FIELDS)


class _FromState:
    """A field of :class:`_Work` that is read from the original state on first use.

    A non-data descriptor: once the value is stored in the work object's ``__dict__`` (by
    this first read, or by a write), attribute lookup finds it there and never calls this.
    """

    __slots__ = ("name", "read")

    def __init__(self, name: str) -> None:
        self.name = name
        self.read = operator.attrgetter(name)

    def __get__(self, work: _Work, owner: type | None = None) -> Any:
        value = work.__dict__[self.name] = self.read(work.state)
        return value


class _Work:
    """A state being changed by one :func:`apply`: only what the move touches is copied.

    A field is read from the original state the first time it is used and kept here; the
    rules then replace it with new values (each a new tuple: nothing of the original is
    ever modified). :meth:`freeze` builds the next state from the original's fields and
    the ones kept here, so a move costs what it changes, not the size of the state.
    """

    __slots__ = ("__dict__", "all", "over", "state")

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
    event_tops_known: tuple[int, ...]
    island_known: tuple[int, ...]
    setup_exchanges: tuple[int, ...]
    setup_hands: tuple[tuple[int, ...], ...]
    setup_live: tuple[int, ...]
    mission_somewhere: tuple[int, ...]
    steal_records: tuple[tuple[int, int, int, tuple[int, ...], int], ...]
    tasks: tuple[Task, ...]
    history: History[HistoryEntry]
    rng: Rng
    state: KincsesState
    all: int
    over: bool

    def __init__(self, state: KincsesState) -> None:
        self.state = state
        self.all = (1 << state.players) - 1
        self.over = not state.tasks

    def freeze(self) -> KincsesState:
        """Return the new state: the original's fields, with the ones this move used."""
        values = list(_ALL_FIELDS(self.state))
        for name, value in self.__dict__.items():
            values[_FIELD_INDEX[name]] = value
        state = _new_state(*values)
        _keep_legal(state, None)
        return state

    # --- small helpers -----------------------------------------------------------------------

    def log(self, seat: PlayerId, entry: PublicAction) -> None:
        self.history = self.history.append((seat, entry))

    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first one given runs first."""
        self.tasks = self.tasks + tasks[::-1]

    def order_from(self, seat: PlayerId) -> tuple[PlayerId, ...]:
        return tuple((seat + offset) % self.players for offset in range(self.players))

    def set_crew_known(self, card: CardId, mask: int) -> None:
        self.crew_known = replaced(self.crew_known, card, mask)

    def set_treasure_known(self, treasure: TreasureId, mask: int, value_mask: int) -> None:
        """Set who knows ``treasure`` and who knows its value (a superset: ``mask`` is added)."""
        self.treasure_known = replaced(self.treasure_known, treasure, mask)
        self.treasure_value_known = replaced(self.treasure_value_known, treasure, value_mask | mask)

    def set_mission_known(self, mission: int, mask: int) -> None:
        self.mission_known = replaced(self.mission_known, mission, mask)

    # --- crew cards --------------------------------------------------------------------------

    def give_crew(self, seat: PlayerId, card: CardId, mask: int) -> None:
        self.hands = replaced(self.hands, seat, _add_sorted(self.hands[seat], card))
        self.set_crew_known(card, mask | _bit(seat))

    def take_crew(self, seat: PlayerId, card: CardId) -> None:
        """Take ``card`` from ``seat``'s hand to a face-up place (everyone sees it go)."""
        if self.setup_live[seat]:
            self.blur_setup(seat, (card,), self.all, leaving=True)
        if self.steal_records:
            self.drop_steals(seat)
        self.hands = replaced(self.hands, seat, _remove(self.hands[seat], card))

    def drop_steals(self, seat: PlayerId) -> None:
        """Forget the steal records whose victim or thief is ``seat``: a card leaves or shows.

        The candidates stay forgotten: what the observer still knew of them is dropped.
        """
        records = self.steal_records
        kept = tuple(record for record in records if seat not in (record[1], record[2]))
        if len(kept) != len(records):
            self.steal_records = kept

    def blur_setup(
        self, seat: PlayerId, cards: Iterable[CardId], shown_to: int, *, leaving: bool
    ) -> None:
        """Note that ``cards`` of ``seat``'s hand are shown to ``shown_to`` (before it happens).

        With ``leaving`` they leave the hand, seen only by ``shown_to``. Who tracks the
        seat's setup hand (see :mod:`~boardgames.games.kincses_sziget._setup_knowledge`)
        stops when a card leaves unseen by him, or when a card hidden from him is shown
        while his hidden cards of that hand are both setup cards and later ones (he cannot
        tell which it was).
        """
        live = self.setup_live[seat]
        keep = live & shown_to if leaving else live
        setup = self.setup_hands[seat]
        hand = self.hands[seat]
        known = self.crew_known
        shown = tuple(cards)
        for observer in range(self.players):
            bit = 1 << observer
            if not keep & bit & shown_to or all(known[card] & bit for card in shown):
                continue
            hidden = [card for card in hand if not known[card] & bit]
            if any(card in setup for card in hidden) and any(card not in setup for card in hidden):
                keep &= ~bit
        if keep != live:
            self.setup_live = replaced(self.setup_live, seat, keep)
            if not keep:
                self.setup_hands = replaced(self.setup_hands, seat, ())

    def lose_sight_of_setup(self, cards: Iterable[CardId], keep: int) -> None:
        """Note that only ``keep`` still see where ``cards`` are (a random steal moves them).

        A seen setup card that has left its hand must stay in sight of whoever tracks that
        hand; the others stop tracking it (see
        :mod:`~boardgames.games.kincses_sziget._setup_knowledge`).
        """
        moved = set(cards)
        for seat, setup in enumerate(self.setup_hands):
            live = self.setup_live[seat]
            if live & ~keep and any(card in moved for card in setup):
                self.setup_live = replaced(self.setup_live, seat, live & keep)
                if not live & keep:
                    self.setup_hands = replaced(self.setup_hands, seat, ())

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
            self.forget_shuffled_setup(self.crew_discard)
            self.crew_discard = ()
            known = list(self.crew_known)
            for card in pile:
                known[card] = 0
            self.crew_known = tuple(known)
            self.crew_pile = pile
        card = self.crew_pile[0]
        self.crew_pile = self.crew_pile[1:]
        return card

    def forget_shuffled_setup(self, cards: tuple[CardId, ...]) -> None:
        """Stop tracking every setup hand one of whose seen cards is shuffled face down."""
        if not any(self.setup_live):
            return
        for seat, setup in enumerate(self.setup_hands):
            if setup and any(card in cards for card in setup):
                self.setup_live = replaced(self.setup_live, seat, 0)
                self.setup_hands = replaced(self.setup_hands, seat, ())

    def draw_crew_blind(self, seat: PlayerId) -> None:
        """``seat`` draws a crew card blindly (A-IRA-48: reshuffle the discards if needed)."""
        card = self.pop_crew_pile()
        if card is not None:
            # E21: whoever peeked at the pile top knows it is now in the drawer's hand.
            self.give_crew(seat, card, self.crew_known[card])

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
        self.treasures = replaced(self.treasures, seat, _add_sorted(self.treasures[seat], treasure))
        self.set_treasure_known(treasure, mask | _bit(seat), value_mask)

    def refill_treasure_row(self, rank: int) -> None:
        row = self.treasure_rows[rank]
        pile = self.treasure_piles[rank]
        while len(row) < TREASURE_ROW_SIZE and pile:
            row = (*row, pile[0])
            self.set_treasure_known(pile[0], self.all, self.all)
            pile = pile[1:]
        self.treasure_rows = replaced(self.treasure_rows, rank, row)
        self.treasure_piles = replaced(self.treasure_piles, rank, pile)

    # --- missions ----------------------------------------------------------------------------

    def refill_mission_row(self) -> None:
        row = list(self.mission_row)
        for slot in range(MISSION_ROW_SIZE):
            if row[slot] is None and self.mission_pile:
                top = row[slot] = self.mission_pile[0]
                self.set_mission_known(top, self.all)
                if self.mission_somewhere[top]:
                    self.mission_somewhere = replaced(self.mission_somewhere, top, 0)
                self.mission_pile = self.mission_pile[1:]
        self.mission_row = tuple(row)

    def shuffle_mission_pile(self) -> None:
        """Shuffle the mission pile: who knew where a card was now knows it is in the pile."""
        pile, self.rng = self.rng.shuffled(self.mission_pile)
        self.mission_pile = pile
        known = list(self.mission_known)
        somewhere = list(self.mission_somewhere)
        for mission in pile:
            somewhere[mission] |= known[mission]
            known[mission] = 0
        self.mission_known = tuple(known)
        self.mission_somewhere = tuple(somewhere)

    def draw_mission_blind(self, seat: PlayerId) -> int:
        """``seat`` takes the mission pile's top card; return it.

        Whoever peeked at the top (E21) knows it is now his. A card others knew to be
        somewhere in the pile may be the one drawn: only the drawer, who sees the card,
        and those who knew the top still know the others are in the pile.
        """
        mission = self.mission_pile[0]
        self.mission_pile = self.mission_pile[1:]
        seen = self.mission_known[mission] | _bit(seat)
        self.set_mission_known(mission, seen)
        if any(self.mission_somewhere):
            self.mission_somewhere = tuple(
                0 if card == mission else mask & seen
                for card, mask in enumerate(self.mission_somewhere)
            )
        return mission


for _name in _FIELDS:
    setattr(_Work, _name, _FromState(_name))


def _zone_spaces(zone: Zone) -> range:
    first, last = ZONE_SPACES[zone]
    return range(first, last + 1)


def _weapons(hand: Iterable[CardId]) -> list[CardId]:
    return [card for card in hand if not _is_pirate(card)]


StepT = TypeVar("StepT", bound=Step)
ActionT = TypeVar("ActionT", bound=Action)


@attrs.frozen
class StepRule(Generic[StepT, ActionT]):
    """One kind of decision step: the actions it offers and what each of them does.

    The two are typed together: ``apply`` is only ever given one of the values ``options``
    listed (the canonical legal value, never a look-alike), so it takes exactly the action
    classes the step offers and tells them apart by narrowing.

    Args:
        step: The step class.
        options: The legal actions at such a step, in their fixed order.
        apply: Carry out one of those actions on the work object of the move (the step is
            already popped from the stack).
        skipped: Whether such a step is passed over because it offers no real choice
            (a forced step), tested when it reaches the top of the stack; ``None``: never
            skipped.
    """

    step: type[StepT]
    options: Callable[[KincsesState | _Work, StepT], Sequence[ActionT]]
    apply: Callable[[_Work, StepT, ActionT], None]
    skipped: Callable[[_Work, StepT], bool] | None = None

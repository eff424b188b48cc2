"""Helpers of :func:`~boardgames.games.kincses_sziget.observation.sample_state`.

Filling a pile around the cards whose places the observer knows, and drawing the secret
compositions of the seats that have committed from their sampled hands.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.rng import Rng, lehmer_order
from boardgames.games.kincses_sziget._battle import _battle_options
from boardgames.games.kincses_sziget._duel import _duel_compositions
from boardgames.games.kincses_sziget._work import _TREASURE_RANK, _WEAPON_COLOUR, _is_pirate
from boardgames.games.kincses_sziget.actions import BattleAdd
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    EVENT_CARDS,
    EVENT_ID_IN_PLAY,
    ISLANDS,
    MISSIONS,
    TREASURE_VALUES,
    TREASURES,
    CardId,
    TreasureId,
)
from boardgames.games.kincses_sziget.state import (
    BattleRevealTask,
    DuelRevealTask,
    MerchantRevealTask,
)

if TYPE_CHECKING:
    from boardgames.games.kincses_sziget.observation import KincsesObservation

_T = TypeVar("_T")


@attrs.frozen(eq=False)
class _SamplePlan:
    """What a sample works out from its observation alone, before any draw.

    It is the same for every seed of
    :func:`~boardgames.games.kincses_sziget.observation.sample_state`.

    Args:
        public_crew: The crew cards face up (known to everyone).
        crew_unknown: The crew cards the observer cannot place, sorted (a steal's
            candidates are placed: the draw only says which seat holds which).
        treasures: The treasures' plan, from :func:`_treasure_plan`.
        public_missions: The missions face up.
        spare_missions: The missions the observer cannot place, sorted.
        hidden_events: The event cards the observer cannot place, sorted (by their ids in
            play: identical copies repeat an id).
        unseen_islands: The island cards he has not seen, sorted.
        radices: The radices of the orders after the crew cards' (see :class:`_Orders`).
    """

    public_crew: frozenset[CardId]
    crew_unknown: list[CardId]
    treasures: tuple[list[dict[int, TreasureId]], list[list[TreasureId]], int]
    public_missions: frozenset[int]
    spare_missions: list[int]
    hidden_events: list[int]
    unseen_islands: list[int]
    radices: list[int]


class _Planned:
    """A slot for an observation's :class:`_SamplePlan` (private, never saved).

    It is no attrs field: equality, hashing, ``repr``, JSON and pickling ignore it, and an
    observation that lacks it gets it on first use by :func:`_plan_of`. The plan is a pure
    function of the observation's fields, so keeping it changes nothing but speed: a
    search samples the same observation once per iteration.
    """

    __slots__ = ("_plan",)

    _plan: _SamplePlan


_keep_plan = _Planned.__dict__["_plan"].__set__


def _plan_of(observation: KincsesObservation) -> _SamplePlan:
    """Return the observation's sampling plan, worked out on first use and kept."""
    try:
        return observation._plan
    except AttributeError:
        plan = _sample_plan(observation)
        _keep_plan(observation, plan)
        return plan


def unplaced_events(observation: KincsesObservation) -> Counter[int]:
    """The event cards the observer cannot place, by their ids in play, with their copies.

    Identical copies share an id, so this is a multiset: the game's copies of each id less
    those on the board, discarded, or at a pile top he has seen.
    """
    left = Counter(EVENT_ID_IN_PLAY)
    left.subtract(card for card in observation.board_events if card is not None)
    left.subtract(observation.event_discard)
    left.subtract(card for _, _, card in observation.event_pile_known)
    return +left  # drops the ids with no copy left


def _sample_plan(observation: KincsesObservation) -> _SamplePlan:
    """Work out the :class:`_SamplePlan` of an observation.

    Raises:
        InvalidStateError: Too few hidden treasures for the piles and the known values.
    """
    seats = observation.seats
    public_crew = {card for card in observation.crew_row if card is not None}
    public_crew |= set(observation.crew_discard) | set(observation.chest)
    public_crew |= {card for view in seats for card in view.played}
    known_crew = {card for view in seats for card in view.known_hand}
    known_crew |= {card for _, card in observation.crew_pile_known}
    for _, _, candidates, _ in observation.steals:
        known_crew.update(candidates)
    treasures = _treasure_plan(observation)
    public_missions = {mission for mission in observation.mission_row if mission is not None}
    known_missions = set(observation.mission_returned_known)
    known_missions |= {mission for _, mission in observation.mission_pile_known}
    known_missions.update(observation.mission_pile_somewhere)
    for view in seats:
        known_missions |= set(view.known_missions) | set(view.known_offer)
        known_missions |= set(view.known_drawn)
    spare_missions = sorted(set(range(len(MISSIONS))) - public_missions - known_missions)
    hidden_events = sorted(unplaced_events(observation).elements())
    seen_islands = {view.island for view in observation.islands if view.island is not None}
    unseen_islands = sorted(set(range(len(ISLANDS))) - seen_islands)
    # The orders of each value's treasures, the treasures of unknown value, the missions,
    # the event cards and the islands.
    sizes = (
        *(len(cards) for cards in treasures[1]),
        treasures[2],
        len(spare_missions),
        len(hidden_events),
        len(unseen_islands),
    )
    return _SamplePlan(
        public_crew=frozenset(public_crew),
        crew_unknown=sorted(set(range(len(CREW_CARDS))) - public_crew - known_crew),
        treasures=treasures,
        public_missions=frozenset(public_missions),
        spare_missions=spare_missions,
        hidden_events=hidden_events,
        unseen_islands=unseen_islands,
        radices=[math.factorial(size) for size in sizes],
    )


def _fill(
    size: int, known: dict[int, int], unknown: Sequence[int], taken: int
) -> tuple[tuple[int, ...], int]:
    """Build a pile of ``size`` with known cards at their indices, the rest from ``unknown``.

    Returns the pile and how many cards of ``unknown`` are now taken.

    Raises:
        InvalidStateError: ``unknown`` has too few cards left for the pile.
    """
    places = sorted(index for index in known if index < size)
    count = size - len(places)
    if len(unknown) - taken < count:
        raise InvalidStateError(f"too few hidden cards for a pile of {size}")
    pile = list(unknown[taken : taken + count])
    for index in places:  # in increasing order: each lands at its index
        pile.insert(index, known[index])
    return tuple(pile), taken + count


class _Orders:
    """Uniformly random orders of several sequences, and other draws, from one uniform draw.

    A uniform integer below the product of the *radices* has, in that mixed radix,
    independent uniform digits, one below each radix; a digit below ``n!`` read as a Lehmer
    code (:func:`~boardgames.core.rng.lehmer_order`) is a uniform order of ``n`` items. So
    a sample's unknown orders cost one draw instead of one each. The draws must be taken in
    the order of the radices, each with its radix (checked).

    Args:
        radices: The bound of each digit, in the order they are taken.
        rng: The stream to draw from.
    """

    def __init__(self, radices: list[int], rng: Rng) -> None:
        bound = 1
        for radix in radices:
            bound *= radix
        self._code, self.rng = rng.below(bound) if bound > 1 else (0, rng)
        """The stream after the draw."""
        self._radices = iter(radices)

    def below(self, bound: int) -> int:
        """Take the next digit, uniform in ``0 .. bound - 1``."""
        if next(self._radices, None) != bound:
            raise AssertionError(f"a draw below {bound} was not planned here")
        self._code, digit = divmod(self._code, bound)
        return digit

    def order(self, items: Sequence[_T]) -> tuple[_T, ...]:
        """Take the next digit as a uniformly random order of ``items``."""
        return lehmer_order(self.below(math.factorial(len(items))), items)[0]


def _treasure_plan(
    observation: KincsesObservation,
) -> tuple[list[dict[int, TreasureId]], list[list[TreasureId]], int]:
    """Find the treasures the observer cannot see, by value, for :func:`_deal_treasures`.

    Returns:
        The known cards of each value's pile by index, the hidden cards of each value, and
        how many of them are held by a seat without the observer knowing the value.

    Raises:
        InvalidStateError: Too few hidden cards of a value for its pile and the held
            cards of that value.
    """
    seen = [False] * len(TREASURES)
    for card in observation.treasure_discard:
        seen[card] = True
    for row in observation.treasure_rows:
        for card in row:
            seen[card] = True
    for view in observation.seats:
        for card in view.known_treasures:
            seen[card] = True
    pile_known: list[dict[int, TreasureId]] = [{} for _ in TREASURE_VALUES]
    for pile, index, card in observation.treasure_pile_known:
        seen[card] = True
        pile_known[pile][index] = card
    hidden: list[list[TreasureId]] = [[] for _ in TREASURE_VALUES]
    for card in range(len(TREASURES)):
        if not seen[card]:
            hidden[_TREASURE_RANK[card]].append(card)
    left = []
    for rank, size in enumerate(observation.treasure_pile_sizes):
        count = len(hidden[rank]) - size + sum(1 for index in pile_known[rank] if index < size)
        if count < 0:
            raise InvalidStateError(f"too few hidden cards for a pile of {size}")
        left.append(count)
    for seat, view in enumerate(observation.seats):
        for value in view.known_treasure_values:
            rank = TREASURE_VALUES.index(value)
            if not left[rank]:
                raise InvalidStateError(f"no hidden treasure of value {value!r} for seat {seat}")
            left[rank] -= 1
    unvalued = sum(left)
    return pile_known, hidden, unvalued


def _deal_treasures(
    observation: KincsesObservation,
    plan: tuple[list[dict[int, TreasureId]], list[list[TreasureId]], int],
    orders: _Orders,
) -> tuple[tuple[tuple[TreasureId, ...], ...], list[tuple[TreasureId, ...]], list[int], list[int]]:
    """Deal the treasures the observer cannot see: the piles, by value, and the collections.

    Each value's hidden cards (``plan``, from :func:`_treasure_plan`) are put in a random
    order: the first fill the places of its pile the observer does not know, in that
    order, and a held card whose value he knows is taken from the end of the others (so it
    is any of the hidden cards of its value left, each as likely). The cards left of every
    value are then dealt in a random order to the held cards whose value he does not know.

    Returns:
        The piles, each seat's collection, and the ``treasure_known`` and
        ``treasure_value_known`` masks of the sample.

    Raises:
        InvalidStateError: A collection is smaller than the cards the observer knows in it.
    """
    pile_known, hidden, _ = plan
    me = observation.player
    everyone = (1 << observation.players) - 1
    mine = 1 << me
    seats = observation.seats
    treasure_known = [0] * len(TREASURES)
    treasure_value_known = [everyone] * len(TREASURES)  # piles, rows and discards
    for card in observation.treasure_discard:
        treasure_known[card] = everyone
    for row in observation.treasure_rows:
        for card in row:
            treasure_known[card] = everyone
    treasure_piles: list[tuple[TreasureId, ...]] = []
    left: list[list[TreasureId]] = []
    for rank, size in enumerate(observation.treasure_pile_sizes):
        order = orders.order(hidden[rank])
        cards, taken = _fill(size, pile_known[rank], order, 0)
        treasure_piles.append(cards)
        left.append(list(order[taken:]))
        for card in pile_known[rank].values():
            treasure_known[card] = mine
    valued: list[list[TreasureId]] = []
    for seat, view in enumerate(seats):
        found_cards = []
        for value in view.known_treasure_values:
            found = left[TREASURE_VALUES.index(value)].pop()  # enough: see the plan
            found_cards.append(found)
            treasure_known[found] = 1 << seat
            treasure_value_known[found] = mine | (1 << seat)
        valued.append(found_cards)
    unvalued = orders.order([card for rest in left for card in rest])
    taken = 0
    treasures = []
    for seat, view in enumerate(seats):
        extra = view.treasure_count - len(view.known_treasures) - len(valued[seat])
        if extra < 0:
            raise InvalidStateError(f"seat {seat} holds fewer treasures than the observer knows")
        dealt = unvalued[taken : taken + extra]
        taken += extra
        treasures.append(tuple(sorted((*view.known_treasures, *valued[seat], *dealt))))
        for card in view.known_treasures:
            treasure_known[card] = treasure_value_known[card] = mine | (1 << seat)
        for card in dealt:
            treasure_known[card] = treasure_value_known[card] = 1 << seat
    return tuple(treasure_piles), treasures, treasure_known, treasure_value_known


def _sample_commits(
    observation: KincsesObservation, hands: list[tuple[CardId, ...]], rng: Rng
) -> tuple[tuple[tuple[CardId, ...], ...], Rng]:
    """Give each other seat that has committed a random valid composition or offer."""
    me = observation.player
    commits: list[tuple[CardId, ...]] = [() for _ in range(observation.players)]
    commits[me] = observation.commit
    reveal = next(
        (
            task
            for task in reversed(observation.tasks)
            if isinstance(task, DuelRevealTask | BattleRevealTask | MerchantRevealTask)
        ),
        None,
    )
    if reveal is None:
        return tuple(commits), rng
    card = EVENT_CARDS[reveal.card]
    for seat, view in enumerate(observation.seats):
        if seat == me or not view.committed:
            continue
        hand = hands[seat]
        if isinstance(reveal, DuelRevealTask):
            compositions = _duel_compositions(hand, card.colours[0])
            if not compositions:
                raise InvalidStateError(f"seat {seat} committed to a duel with no crew card")
            composition, rng = rng.choice(compositions)
            commits[seat] = tuple(
                c for c in (composition.pirate, composition.weapon) if c is not None
            )
        elif isinstance(reveal, BattleRevealTask):
            chosen: tuple[CardId, ...] = ()
            while True:
                options = _battle_options(hand, chosen, card.colours)
                if not options:
                    raise InvalidStateError(f"seat {seat} committed to a battle with no crew card")
                choice, rng = rng.choice(options)
                if not isinstance(choice, BattleAdd):
                    break
                chosen = (*chosen, choice.card)
            commits[seat] = chosen
        else:
            weapons = [c for c in hand if not _is_pirate(c) and _WEAPON_COLOUR[c] in card.colours]
            index, rng = rng.randbelow(len(weapons) + 1)
            commits[seat] = (weapons[index],) if index < len(weapons) else ()
    return tuple(commits), rng

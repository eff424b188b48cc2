"""The exact public knowledge of a captain's face-down cards, and its arrangements.

A captain's face-down discard is the union of the storm columns he won, each a *group* of
cards that went face down together. What the others know of it, with a perfect memory of
the public history, is kept as one tuple per won storm column, oldest first::

    (size, cards, never_seen)

- ``size``: the cards of that storm column;
- ``cards``: the known cards (seen face up and hidden again) that may be among them: those
  that were hidden in his hand or storm column when it won and have not been seen since;
- ``never_seen``: the most cards never seen face up that this group and the earlier ones
  can hold together. Every card played face up was drawn before it was played, so in each
  round the never-seen cards drawn so far are the draws less the cards seen face up by
  then: each anchoring bounds the groups already won.

An arrangement of the captain's hidden cards (hand, storm column, face-down discard and
deck) is consistent with the public history exactly when each known card is in the hand,
the storm column, or a group that lists it, the deck holds only never-seen cards, every
zone has its public size, and the cards of the face-down discard can be split into the
groups: each group ``size`` cards, only known cards it lists, and at most ``never_seen``
never-seen cards in it and the earlier groups together. (The never-seen cards are alike to
the others, and the hand and storm column constrain nothing more: the draws, the plays
and the anchorings of the history give nothing else.)

:func:`plan` lists the arrangements by the numbers that matter (how many known cards of
each *class* are in the face-down discard, a class being the known cards first listed by
the same group, and how many known cards are in the storm column), each with the number of
arrangements it stands for, so that :func:`place` draws one uniformly.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Final, TypeAlias

from boardgames.core.errors import InvalidStateError
from boardgames.core.rng import lehmer_order
from boardgames.games.magellan_elcano.components import CREW_DECK_SIZE, CardId

__all__ = [
    "Group",
    "Plan",
    "anchored",
    "classes",
    "discard_share",
    "holds",
    "layout",
    "lower_bounds",
    "may_hold",
    "place",
    "plan",
    "seen_in_hand",
]

Group: TypeAlias = tuple[int, frozenset[CardId], int]
"""One won storm column: ``(size, cards, never_seen)`` (see the module's docstring)."""

_Entry: TypeAlias = tuple[tuple[int, ...], int]
"""One choice of a plan: known cards in the discard per class, known cards in the storm."""


class Plan:
    """The consistent arrangements of one captain's hidden cards, counted by choice.

    Attributes:
        total: The number of arrangements of the hand, storm column and face-down discard
            (as sets; the deck holds the rest).
        entries: Each choice ``(in_discard, in_storm)``: how many known cards of each class
            are in the face-down discard, and how many known cards are in the storm column.
        cumulative: The running total of the arrangements of the entries, for a draw.
        weights: The arrangements of each entry.
    """

    __slots__ = ("cumulative", "entries", "total", "weights")

    def __init__(self, entries: list[_Entry], weights: list[int]) -> None:
        self.entries = entries
        self.weights = weights
        running = 0
        cumulative = []
        for weight in weights:
            running += weight
            cumulative.append(running)
        self.cumulative = cumulative
        self.total = running


_PLANS: dict[tuple[object, ...], Plan] = {}
"""Every plan computed so far, by its counts (a few hundred keys in practice)."""


def _normalised(groups: Sequence[Group]) -> tuple[Group, ...]:
    """Make each bound at most the group sizes so far and at most every later bound."""
    result = list(groups)
    bound = math.inf
    for index in range(len(result) - 1, -1, -1):
        size, cards, never_seen = result[index]
        bound = min(bound, never_seen)
        result[index] = (size, cards, int(bound))
    total = 0
    for index, (size, cards, never_seen) in enumerate(result):
        total += size
        if never_seen > total:
            result[index] = (size, cards, total)
    return tuple(result)


def anchored(
    groups: tuple[Group, ...],
    known: Iterable[CardId],
    storm: int,
    won: bool,
    never_seen: int,
) -> tuple[Group, ...]:
    """Return a captain's groups after phase C of a round, before his columns go back.

    Args:
        groups: His groups before phase C.
        known: His known cards before phase C (not those his columns give back now).
        storm: The size of his storm column.
        won: Whether his storm column won and went to the face-down discard.
        never_seen: The cards he has drawn that were never seen face up: his hand, storm
            column and face-down discard, less his known cards (before phase C).
    """
    if won:
        return _normalised((*groups, (storm, frozenset(known), never_seen)))
    if not groups or groups[-1][2] <= never_seen:
        return groups
    size, cards, _ = groups[-1]
    return _normalised((*groups[:-1], (size, cards, never_seen)))


def seen_in_hand(groups: tuple[Group, ...], card: CardId) -> tuple[Group, ...]:
    """Return the groups after known card ``card`` is played face up (it was in the hand)."""
    return tuple((size, cards - {card}, never_seen) for size, cards, never_seen in groups)


def classes(groups: Sequence[Group], known: Iterable[CardId]) -> list[int]:
    """Return the class of each known card: the first group listing it, or ``len(groups)``."""
    count = len(groups)
    result = []
    for card in known:
        index = count
        for position, (_, cards, _) in enumerate(groups):
            if card in cards:
                index = position
                break
        result.append(index)
    return result


def _fits(groups: Sequence[Group], in_discard: Sequence[int]) -> bool:
    """Whether these numbers of known cards per class can be split into the groups.

    Each group takes as many of the known cards that may be in it as it can, as early as it
    can: that leaves the fewest never-seen cards in every run of groups, and the most room
    for the cards that may only be in later groups.
    """
    waiting = 0
    placed = 0
    total = 0
    for (size, _, never_seen), cards in zip(groups, in_discard, strict=True):
        waiting += cards
        taken = min(size, waiting)
        waiting -= taken
        placed += taken
        total += size
        if total - placed > never_seen:
            return False
    return waiting == 0


def plan(
    groups: tuple[Group, ...],
    class_sizes: tuple[int, ...],
    hand: int,
    storm: int,
    never_seen: int,
) -> Plan:
    """Count the arrangements of one captain's hidden cards, by choice (cached).

    Args:
        groups: His groups.
        class_sizes: How many known cards are in each class (one more class than groups:
            the known cards no group lists).
        hand: His hand size.
        storm: His storm column's size.
        never_seen: How many of his cards were never seen face up (in his hand, storm
            column, face-down discard or deck).
    """
    key = (
        tuple((size, never) for size, _, never in groups),
        class_sizes,
        hand,
        storm,
        never_seen,
    )
    found = _PLANS.get(key)
    if found is not None:
        return found
    discard = sum(size for size, _, _ in groups)
    known = sum(class_sizes)
    entries: list[_Entry] = []
    weights: list[int] = []
    for in_discard in product(*(range(size + 1) for size in class_sizes[:-1])):
        if not _fits(groups, in_discard):
            continue
        ways = 1
        for size, count in zip(class_sizes, in_discard, strict=False):
            ways *= math.comb(size, count)
        rest = known - sum(in_discard)
        unseen_discard = discard - sum(in_discard)
        if unseen_discard < 0 or unseen_discard > never_seen:
            continue
        for in_storm in range(max(0, rest - hand), min(rest, storm) + 1):
            unseen_storm = storm - in_storm
            unseen_hand = hand - (rest - in_storm)
            deck = never_seen - unseen_discard - unseen_storm - unseen_hand
            if deck < 0:
                continue
            weight = (
                ways
                * math.comb(rest, in_storm)
                * math.comb(never_seen, unseen_discard)
                * math.comb(never_seen - unseen_discard, unseen_storm)
                * math.comb(deck + unseen_hand, unseen_hand)
            )
            entries.append((in_discard, in_storm))
            weights.append(weight)
    result = _PLANS[key] = Plan(entries, weights)
    return result


_FACTORIALS: Final = tuple(math.factorial(size) for size in range(CREW_DECK_SIZE + 1))


def layout(
    groups: tuple[Group, ...], known: Sequence[CardId], hand: int, storm: int, unseen: int
) -> tuple[list[int], Plan]:
    """Return the classes of the known cards and the plan of one captain's hidden cards.

    The classes are those of :func:`classes`; the plan is :func:`plan`'s for his hand and
    storm column sizes and his ``unseen`` cards never seen face up.
    """
    if not groups:  # one class: every known card
        return [0] * len(known), plan(groups, (len(known),), hand, storm, unseen)
    member = classes(groups, known)
    sizes = [0] * (len(groups) + 1)
    for index in member:
        sizes[index] += 1
    return member, plan(groups, tuple(sizes), hand, storm, unseen)


def place(
    groups: tuple[Group, ...],
    known: Sequence[CardId],
    member: Sequence[int],
    counts: Plan,
    unseen: Sequence[CardId],
    hand: int,
    storm: int,
    code: int,
    choice: int,
) -> tuple[list[CardId], list[CardId], list[CardId], Sequence[CardId], int]:
    """Put one captain's hidden cards in his zones: one arrangement, uniformly.

    ``member`` and ``counts`` are the classes of the known cards and the plan, from
    :func:`layout`. ``choice`` (uniform below the plan's total) picks the counts; ``code``
    orders the known cards and then the never-seen ones (a code uniform below
    ``len(known)! len(unseen)!``, see :func:`~boardgames.core.rng.lehmer_order`), which
    picks the cards. Returns the hand, the storm column (not yet in play order), the
    face-down discard and the deck (in deck order), and the rest of the code.
    """
    in_discard, in_storm = counts.entries[bisect_right(counts.cumulative, choice)]
    discard: list[CardId] = []
    rest: list[CardId] = []
    if in_storm or any(in_discard):
        ordering, code = lehmer_order(code, range(len(known)))
        left = list(in_discard)
        for position in ordering:
            index = member[position]
            if index < len(left) and left[index]:
                left[index] -= 1
                discard.append(known[position])
            else:
                rest.append(known[position])
    else:  # every known card is in the hand, in whatever order the code gives
        code //= _FACTORIALS[len(known)]
        rest = list(known)
    storm_cards = rest[:in_storm]
    hand_cards = rest[in_storm:]
    shuffled, code = lehmer_order(code, unseen)
    unseen_discard = sum(size for size, _, _ in groups) - len(discard)
    cut = unseen_discard + storm - in_storm
    end = cut + hand - len(hand_cards)
    discard += shuffled[:unseen_discard]
    storm_cards += shuffled[unseen_discard:cut]
    hand_cards += shuffled[cut:end]
    return hand_cards, storm_cards, discard, shuffled[end:], code


def may_hold(
    groups: tuple[Group, ...],
    known: Sequence[CardId],
    hand: int,
    storm: int,
    unseen: int,
    card: CardId | None,
) -> bool:
    """Whether the hand may hold known card ``card`` (or, for ``None``, a never-seen card)."""
    member = classes(groups, known)
    sizes = [0] * (len(groups) + 1)
    for index in member:
        sizes[index] += 1
    counts = plan(groups, tuple(sizes), hand, storm, unseen)
    known_count = len(known)
    target = None if card is None else member[list(known).index(card)]
    for in_discard, in_storm in counts.entries:
        rest = known_count - sum(in_discard)
        known_hand = rest - in_storm
        if card is None:
            unseen_hand = hand - known_hand
            if unseen_hand > 0:
                return True
            continue
        assert target is not None
        taken = in_discard[target] if target < len(in_discard) else 0
        if known_hand > 0 and taken < sizes[target]:
            return True
    return False


def holds(groups: tuple[Group, ...], known: Sequence[CardId], discard: frozenset[CardId]) -> bool:
    """Whether a face-down discard (its cards) can be split into the groups."""
    member = classes(groups, known)
    in_discard = [0] * len(groups)
    for card, index in zip(known, member, strict=True):
        if card in discard:
            if index == len(groups):
                return False
            in_discard[index] += 1
    unseen = len(discard) - sum(in_discard)
    return _fits(groups, in_discard) and unseen >= 0


def lower_bounds(groups: Sequence[Group]) -> list[tuple[frozenset[CardId], int]]:
    """Return what the groups force: at least ``n`` of ``cards`` are in the face-down discard.

    For each group, the known cards that may be in it or an earlier one, and how many of
    them the never-seen bound forces into those groups (only those forcing at least one).
    """
    result = []
    running = 0
    for size, cards, never_seen in groups:
        running += size
        if running - never_seen > 0:
            result.append((cards, running - never_seen))
    return result


def discard_share(
    groups: tuple[Group, ...], known: Sequence[CardId], hand: int, storm: int, unseen: int
) -> dict[CardId, float]:
    """Return, for each known card, the share of the arrangements with it face-down discarded."""
    member = classes(groups, known)
    sizes = [0] * (len(groups) + 1)
    for index in member:
        sizes[index] += 1
    counts = plan(groups, tuple(sizes), hand, storm, unseen)
    if not counts.total:
        raise InvalidStateError("the observation's knowledge of the known cards is inconsistent")
    shares = [0.0] * len(groups)
    for (in_discard, _), weight in zip(counts.entries, counts.weights, strict=True):
        for index, count in enumerate(in_discard):
            shares[index] += weight * count
    return {
        card: shares[index] / (counts.total * sizes[index]) if index < len(groups) else 0.0
        for card, index in zip(known, member, strict=True)
    }

"""What each player knows about cards he cannot see: the clue operations, and their checks.

A player's knowledge is his tuple of :class:`~boardgames.games.morrigan.state.Clue` records,
one per set of places, sorted by places (the form the state and the observation hold). The
operations here take that tuple and return the tuple after one event; they touch only the
clues the event concerns, keep every other :class:`Clue` object as it is, and return the
very same tuple when nothing changes (the common case: a draw by a player whose hand every
clue already names). So a move costs what it changes, not what the player has seen so far.

The meaning of a clue, and how each event changes it, is described on the docs page
(section "Clues"); ``tests/games/morrigan/test_hidden_information.py`` checks it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import TypeAlias

from boardgames.core.errors import InvalidStateError
from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan._assign import assign
from boardgames.games.morrigan.components import CARD_KINDS, CardId, CardKind
from boardgames.games.morrigan.state import Clue, MorriganState, Place, Zone

__all__ = [
    "DRAW_PLACE",
    "Clues",
    "add",
    "add_counts",
    "check_clues",
    "consume",
    "forget_seen",
    "hand_place",
    "has_place",
    "hidden_places",
    "remove_place",
    "reveal",
    "seen_place",
    "stake_place",
    "widen",
]

Clues: TypeAlias = tuple[Clue, ...]
"""One player's clues, sorted by places, one per place set."""

DRAW_PLACE: Place = (Zone.DRAW, 0, 0)
"""The draw pile as a hidden place."""

_KINDS = len(CardKind)
_CARD_KINDS: tuple[CardKind, ...] = tuple(CardKind)
_NO_COUNTS = (0,) * _KINDS
_Pieces: TypeAlias = list[tuple[tuple[Place, ...], Sequence[int]]]


_HANDS: tuple[Place, ...] = tuple((Zone.HAND, seat, 0) for seat in range(5))
_STAKES: tuple[Place, ...] = tuple((Zone.STAKE, seat, 0) for seat in range(5))


def hand_place(seat: PlayerId) -> Place:
    """Return the place of ``seat``'s hand."""
    return _HANDS[seat]


def stake_place(seat: PlayerId) -> Place:
    """Return the place of ``seat``'s stake in the Ordeal in progress."""
    return _STAKES[seat]


def _places(clue: Clue) -> tuple[Place, ...]:
    return clue.places


# A clue's places are sorted, and every event that grows a clue adds its SEEN places (which
# sort last) at the end: the helpers below find, add and drop one place by bisection, so an
# event costs the same however many cards were seen leaving since the last reshuffle.


def has_place(places: tuple[Place, ...], place: Place) -> bool:
    """Return whether the sorted ``places`` hold ``place`` (by bisection)."""
    index = bisect_left(places, place)
    return index < len(places) and places[index] == place


def _with(places: tuple[Place, ...], place: Place) -> tuple[Place, ...]:
    """Return the sorted ``places`` with ``place`` (not among them) added."""
    index = bisect_left(places, place)
    return (*places[:index], place, *places[index:])


def _without(places: tuple[Place, ...], place: Place) -> tuple[Place, ...]:
    """Return the sorted ``places`` without ``place`` (one of them)."""
    index = bisect_left(places, place)
    return (*places[:index], *places[index + 1 :])


def _union(place_sets: Sequence[tuple[Place, ...]]) -> tuple[Place, ...]:
    """Return the sorted union of several place sets."""
    union: set[Place] = set()
    union.update(*place_sets)
    return tuple(sorted(union))


def _merge(clues: Clues, replaced: Sequence[Clue], pieces: _Pieces) -> Clues:
    """Return ``clues`` without ``replaced`` and with ``pieces`` (places, counts) added.

    Counts of pieces with the same places as each other or as a kept clue are summed; a
    group left with no card is dropped; the result is sorted by places. A player has a
    few clues, and place sets of different sizes differ at once: they are compared, not
    hashed (hashing a place set costs its size).
    """
    groups: list[tuple[tuple[Place, ...], Clue | list[int]]] = [
        (clue.places, clue) for clue in clues if all(clue is not old for old in replaced)
    ]
    for places, counts in pieces:
        for index, (other, group) in enumerate(groups):
            if other == places:
                if isinstance(group, Clue):
                    group = list(group.counts)
                    groups[index] = (places, group)
                for kind, count in enumerate(counts):
                    if count:
                        group[kind] += count
                break
        else:
            groups.append((places, list(counts)))
    result = [
        group if isinstance(group, Clue) else Clue(places, tuple(group))
        for places, group in groups
        if isinstance(group, Clue) or any(group)
    ]
    if len(result) > 1:
        result.sort(key=_places)
    return tuple(result)


def add(clues: Clues, kind: CardKind, place: Place, count: int) -> Clues:
    """Everybody (or this player) saw ``count`` cards of ``kind`` go to ``place``."""
    counts = list(_NO_COUNTS)
    counts[kind] = count
    return _merge(clues, (), [((place,), counts)])


def add_counts(clues: Clues, counts: Sequence[int], place: Place) -> Clues:
    """This player saw ``counts[k]`` cards of each kind ``k`` go to ``place``."""
    return _merge(clues, (), [((place,), counts)])


def widen(clues: Clues, source: Place, added: Place) -> Clues:
    """A hidden card moved unseen from ``source`` to ``added``: widen every clue at ``source``."""
    moved = [
        clue
        for clue in clues
        if has_place(clue.places, source) and not has_place(clue.places, added)
    ]
    if not moved:
        return clues
    return _merge(clues, moved, [(_with(clue.places, added), clue.counts) for clue in moved])


def seen_place(stamp: int, kind: CardKind) -> Place:
    """Return the :attr:`~Zone.SEEN` place of a card of ``kind`` seen leaving with ``stamp``."""
    return (Zone.SEEN, stamp, int(kind))


def consume(
    clues: Clues, kind: CardKind, source: Place, number: int, seen: Sequence[Place] = ()
) -> Clues:
    """``number`` cards of ``kind`` were seen leaving ``source``: forget as many clues.

    The seen cards may or may not be the ones a clue stands for. If a clue that may be
    there names the draw pile (which then holds only clue cards, see
    :class:`~boardgames.games.morrigan.state.Clue`) and ``seen`` gives the seen cards'
    :attr:`~Zone.SEEN` places, every such clue keeps its counts and gains those places.
    Otherwise the clues of that kind which may be at ``source`` are merged into one over
    all their places, less ``number`` (a clue that does not name the draw pile says only
    where its cards are at least, so this forgets nothing that matters).
    """
    hits = [clue for clue in clues if clue.counts[kind] and has_place(clue.places, source)]
    if not hits:
        return clues
    if seen and source != DRAW_PLACE and any(has_place(clue.places, DRAW_PLACE) for clue in hits):
        # Each hit gains the same new places, so no two place sets become equal: replace the
        # hits where they are (SEEN places sort last, and usually come in stamp order).
        added = tuple(sorted(seen))
        result = list(clues)
        for clue in hits:
            places = clue.places
            grown = (*places, *added) if places[-1] < added[0] else tuple(sorted((*places, *added)))
            result[clues.index(clue)] = Clue(grown, clue.counts)
        if len(result) > 1:
            result.sort(key=_places)
        return tuple(result)
    if len(hits) == 1:  # the clue keeps its places: only its count of ``kind`` goes down
        (clue,) = hits
        counts = clue.counts
        left = counts[kind] - number
        counts = (*counts[:kind], left if left > 0 else 0, *counts[kind + 1 :])
        index = clues.index(clue)
        if left > 0 or any(counts):
            return (*clues[:index], Clue(clue.places, counts), *clues[index + 1 :])
        return (*clues[:index], *clues[index + 1 :])
    total = 0
    pieces: _Pieces = []
    for clue in hits:
        total += clue.counts[kind]
        rest = list(clue.counts)
        rest[kind] = 0
        pieces.append((clue.places, rest))
    if total > number:
        remaining = list(_NO_COUNTS)
        remaining[kind] = total - number
        pieces.append((_union([clue.places for clue in hits]), remaining))
    return _merge(clues, hits, pieces)


def remove_place(clues: Clues, place: Place, kinds: frozenset[CardKind] | None = None) -> Clues:
    """No card (of ``kinds``, or of any kind) that a clue stands for is at ``place`` any more."""
    hits = [
        clue
        for clue in clues
        if has_place(clue.places, place)
        and (kinds is None or any(clue.counts[kind] for kind in kinds))
    ]
    if not hits:
        return clues
    pieces: _Pieces = []
    for clue in hits:
        places = _without(clue.places, place)
        if kinds is None:
            moved: Sequence[int] = clue.counts
        else:
            moved = [count if kind in kinds else 0 for kind, count in enumerate(clue.counts)]
            pieces.append(
                (clue.places, [0 if kind in kinds else c for kind, c in enumerate(clue.counts)])
            )
        if not places:
            raise AssertionError(f"a clue about {list(moved)} lost its last place {place}")
        pieces.append((places, moved))
    return _merge(clues, hits, pieces)


def reveal(
    clues: Clues,
    place: Place,
    cards: Iterable[CardId],
    kinds: frozenset[CardKind] | None = None,
    stamp: int = 0,
) -> Clues:
    """Everybody saw every card at ``place`` (or every card of ``kinds`` there).

    ``cards`` are the seen cards' public names; ``stamp`` is ``100 *`` the number of history
    entries (see :attr:`~Zone.SEEN`).
    """
    if not clues:
        return clues
    by_kind: dict[CardKind, list[CardId]] = defaultdict(list)
    for card in cards:
        by_kind[CARD_KINDS[card]].append(card)
    for kind, shown in by_kind.items():
        seen = [seen_place(stamp + card, kind) for card in shown]
        clues = consume(clues, kind, place, len(shown), seen)
    return remove_place(clues, place, kinds)


def forget_seen(clues: Clues) -> Clues:
    """Drop the :attr:`~Zone.SEEN` places of the clues that no longer name the draw pile.

    Such a clue says only where its cards are at least: each seen place of a kind is one
    card fewer of that kind (as :func:`consume` counts for such clues).
    """
    hits = [
        clue
        for clue in clues
        if clue.places[-1][0] == Zone.SEEN and not has_place(clue.places, DRAW_PLACE)
    ]
    if not hits:
        return clues
    pieces: _Pieces = []
    for clue in hits:
        counts = list(clue.counts)
        places = []
        for place in clue.places:
            if place[0] == Zone.SEEN:
                counts[place[2]] = max(0, counts[place[2]] - 1)
            else:
                places.append(place)
        if places:
            pieces.append((tuple(places), counts))
    return _merge(clues, hits, pieces)


# --------------------------------------------------------------------------------------------
# Checks


def hidden_places(state: MorriganState, observer: PlayerId) -> dict[Place, list[CardId]]:
    """Return the cards in each place ``observer`` cannot look into.

    Places are :data:`~boardgames.games.morrigan.state.Place` tuples.
    """
    places: dict[Place, list[CardId]] = {}
    for seat, hand in enumerate(state.hands):
        if seat != observer:
            places[hand_place(seat)] = sorted(hand)
    for holdings in (*state.territories, state.adversaries):
        for holding in holdings:
            for index, r in enumerate(holding.reinforcements):
                if not r.public and r.placer != observer:
                    places[(Zone.SLOT, holding.card, index)] = [r.card]
    if state.ordeal is not None:
        for stake in state.ordeal.stakes:
            if stake.seat != observer:
                places[stake_place(stake.seat)] = [stake.card]
    places[DRAW_PLACE] = list(state.draw_pile)
    return places


def check_clues(state: MorriganState, observer: PlayerId, clues: Clues) -> None:
    """Check that each clue's cards can be found, distinct, in its places (a transport problem).

    Raises:
        InvalidStateError: A clue is malformed, names a place the observer can see, or
            claims cards the state does not hold there.
    """
    hidden = hidden_places(state, observer)
    groups: dict[CardKind, list[tuple[tuple[Place, ...], int]]] = defaultdict(list)
    for clue in clues:
        if len(clue.counts) != _KINDS or any(
            type(count) is not int or count < 0 for count in clue.counts
        ):
            raise InvalidStateError(f"seat {observer}'s clue {clue!r} needs 30 counts of 0 or more")
        if not any(clue.counts) or not clue.places:
            raise InvalidStateError(f"seat {observer}'s clue {clue!r} is empty")
        if list(clue.places) != sorted(set(clue.places)):
            raise InvalidStateError(f"seat {observer}'s clue places are not sorted and distinct")
        for place in clue.places:
            if place[0] == Zone.SEEN and type(place[2]) is int and 0 <= place[2] < _KINDS:
                continue  # holds the one card seen, of its kind
            if place not in hidden:
                raise InvalidStateError(f"seat {observer}'s clue names {place!r}, which he can see")
        for kind, count in enumerate(clue.counts):
            if count:
                groups[_CARD_KINDS[kind]].append((clue.places, count))
    if len({clue.places for clue in clues}) != len(clues):
        raise InvalidStateError(f"seat {observer}'s clues are not grouped by place set")
    # The hidden cards of each kind at each real place a clue names; a SEEN place holds one
    # card of its kind. For each clue, one pass over its places finds, per kind, the places
    # that hold cards of that kind (the others can take none of them).
    real: dict[Place, dict[int, int]] = {}
    holding: dict[int, dict[int, list[Place]]] = {}  # by id of the places: kind -> places
    for clue in clues:
        by_kind: dict[int, list[Place]] = {}
        for place in clue.places:
            if place[0] == Zone.SEEN:
                by_kind.setdefault(place[2], []).append(place)
                continue
            kinds = real.get(place)
            if kinds is None:
                kinds = real[place] = {}
                for card in hidden[place]:
                    kinds[CARD_KINDS[card]] = kinds.get(CARD_KINDS[card], 0) + 1
            for kind in kinds:
                by_kind.setdefault(kind, []).append(place)
        holding[id(clue.places)] = by_kind

    def found(place: Place, kind: CardKind) -> int:
        if place[0] == Zone.SEEN:
            return 1
        return real[place][kind]

    for kind, kind_groups in groups.items():
        if len(kind_groups) == 1:
            places, count = kind_groups[0]
            if count > sum(found(place, kind) for place in holding[id(places)].get(kind, ())):
                raise InvalidStateError(
                    f"seat {observer}'s clues about {kind} contradict the state"
                )
            continue
        held = [holding[id(places)].get(kind, []) for places, _ in kind_groups]
        order = sorted({place for places in held for place in places})
        index = {place: position for position, place in enumerate(order)}
        flows = assign(
            [count for _, count in kind_groups],
            [[index[place] for place in places] for places in held],
            [found(place, kind) for place in order],
        )
        if flows is None:
            raise InvalidStateError(f"seat {observer}'s clues about {kind} contradict the state")

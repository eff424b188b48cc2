"""Clues computed when read: each move records its clue events, and a reader folds them.

What each player knows of the hidden cards (:class:`~boardgames.games.morrigan.state.Clue`)
is derived data: no rule reads it, only the observations, ``sample_state``, the checks and the
serializer do. So :func:`~boardgames.games.morrigan.rules.apply` does not compute it. The
working :class:`~boardgames.games.morrigan._table.Table` of a move records each event (a draw,
a card put face down, a card seen leaving a hand, ...) as an :data:`Event`, and the next state
holds a :class:`PendingClues`: the clues of the state before it and the events of the move.
Reading ``state.clues`` (see :class:`~boardgames.games.morrigan.state.MorriganState`) folds
the events that no read has folded yet, once, and keeps the result; an observation folds only
its observer's (:func:`clues_of`). A playout that nobody observes, as in a search, pays
nothing for the knowledge of its players, and a move costs the events it records.

Each event is a pure function of one observer and his clues before it; its arguments are the
values the table knew when it happened (seats, kinds, places, the stamp of seen cards). Folded
in order, they give exactly the clues the eager computation gave.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan import _hidden_information as knowledge
from boardgames.games.morrigan._hidden_information import DRAW_PLACE, Clues, hand_place
from boardgames.games.morrigan.components import CardId, CardKind
from boardgames.games.morrigan.state import MorriganState, Place, stored_clues

__all__ = [
    "Event",
    "PendingClues",
    "clues_of",
    "draw",
    "hidden",
    "public_gain",
    "reshuffle",
    "reveal",
    "steal",
    "visible",
]

Event: TypeAlias = tuple[Callable[..., Clues], tuple[Any, ...]]
"""One clue event: a function of ``(observer, clues, *arguments)`` and its arguments."""

AllClues: TypeAlias = tuple[Clues, ...]


class PendingClues:
    """The clues of a state not folded yet: those of the state before, and the move's events.

    Args:
        parent: The clues of the state before (a tuple, or pending themselves).
        events: The clue events of the move, in order.
        players: The number of seats.
    """

    __slots__ = ("_events", "_parent", "_values")

    def __init__(
        self, parent: AllClues | PendingClues, events: tuple[Event, ...], players: int
    ) -> None:
        self._parent: AllClues | PendingClues | None = parent
        self._events = events
        self._values: list[Clues | None] = [None] * players

    def of(self, observer: PlayerId) -> Clues:
        """Return ``observer``'s clues, folding the events of the states not folded yet."""
        chain: list[tuple[PendingClues, tuple[Event, ...]]] = []
        node = self
        while True:
            # Read the past before the value: a node forgets its past only once every
            # observer's value is set, so a missing value means the past read is still whole
            # (another thread may be folding the same node).
            events = node._events
            parent = node._parent
            value = node._values[observer]
            if value is not None:
                break
            chain.append((node, events))
            assert parent is not None  # a node forgets its parent only once fully folded
            if type(parent) is not PendingClues:
                value = parent[observer]  # type: ignore[index]
                break
            node = parent
        for node, events in reversed(chain):
            before = value
            for function, arguments in events:
                value = function(observer, value, *arguments)
            if value is not before and value == before:
                value = before  # events that cancel out: keep sharing the old clues
            node._values[observer] = value
            if None not in node._values:  # every observer folded: the past is not needed
                node._parent = None
                node._events = ()
        return value

    def resolve(self) -> AllClues:
        """Return every observer's clues."""
        return tuple(self.of(observer) for observer in range(len(self._values)))


def clues_of(state: MorriganState, observer: PlayerId) -> Clues:
    """Return ``observer``'s clues in ``state``, folding only his if they are pending."""
    clues: AllClues | PendingClues = stored_clues(state)
    if type(clues) is PendingClues:
        return clues.of(observer)
    assert type(clues) is tuple
    return clues[observer]


# --------------------------------------------------------------------------------------------
# The events: (observer, his clues before) -> his clues after


def draw(observer: PlayerId, clues: Clues, seat: PlayerId, kind: CardKind) -> Clues:
    """``seat`` drew a card of ``kind``: he saw its kind, the others did not."""
    if not clues:
        return clues
    if observer == seat:
        return knowledge.consume(clues, kind, DRAW_PLACE, 1)
    return knowledge.widen(clues, DRAW_PLACE, hand_place(seat))


def hidden(observer: PlayerId, clues: Clues, seat: PlayerId, place: Place) -> Clues:
    """``seat`` put a card from his hand face down at ``place``."""
    if not clues or observer == seat:
        return clues
    return knowledge.widen(clues, hand_place(seat), place)


def visible(
    observer: PlayerId, clues: Clues, seat: PlayerId, kind: CardKind, seen: Sequence[Place]
) -> Clues:
    """A card of ``kind`` left ``seat``'s hand face up (``seen``: its SEEN place)."""
    if not clues or observer == seat:
        return clues
    return knowledge.consume(clues, kind, hand_place(seat), 1, seen)


def steal(
    observer: PlayerId,
    clues: Clues,
    victim: PlayerId,
    taker: PlayerId,
    kind: CardKind,
    seen: Sequence[Place],
) -> Clues:
    """``taker`` drew a card of ``kind`` from ``victim``'s hand: only the two of them saw it."""
    if observer == victim:
        return knowledge.add(clues, kind, hand_place(taker), 1)
    if not clues:
        return clues
    if observer == taker:
        return knowledge.consume(clues, kind, hand_place(victim), 1, seen)
    return knowledge.widen(clues, hand_place(victim), hand_place(taker))


def public_gain(observer: PlayerId, clues: Clues, seat: PlayerId, kind: CardKind) -> Clues:
    """Everybody saw a card of ``kind`` go into ``seat``'s hand."""
    if observer == seat:
        return clues
    return knowledge.add(clues, kind, hand_place(seat), 1)


def reveal(
    observer: PlayerId,
    clues: Clues,
    place: Place,
    shown: tuple[CardId, ...],
    kinds: frozenset[CardKind] | None,
    stamp: int,
) -> Clues:
    """Everybody saw every card at ``place`` (or every card of ``kinds`` there)."""
    return knowledge.reveal(clues, place, shown, kinds, stamp)


def reshuffle(observer: PlayerId, clues: Clues, counts: tuple[int, ...]) -> Clues:
    """The discard pile, ``counts[k]`` cards of each kind ``k``, became the draw pile."""
    result = knowledge.forget_seen(knowledge.remove_place(clues, DRAW_PLACE))
    return knowledge.add_counts(result, counts, DRAW_PLACE)

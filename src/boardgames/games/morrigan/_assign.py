"""A small transport solver: place units from sources into capacity-limited sinks.

Used to check that what a player knows about hidden cards is consistent with a state, and to
deal hidden cards consistently with an observation. Each source ``s`` has ``supplies[s]``
units that may go only to the sinks in ``allowed[s]``; sink ``t`` holds at most
``capacities[t]`` units. The solver fills greedily in the order given (so callers randomise
the order to vary the result) and then repairs with augmenting paths, so it always finds a
complete placement when one exists.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

__all__ = ["assign"]


def assign(
    supplies: Sequence[int], allowed: Sequence[Sequence[int]], capacities: Sequence[int]
) -> list[dict[int, int]] | None:
    """Return, for each source, how many units go to each sink; ``None`` if impossible.

    >>> assign([2, 1], [[0, 1], [0]], [1, 2])
    [{1: 2}, {0: 1}]
    """
    left = list(capacities)
    flows: list[dict[int, int]] = [{} for _ in supplies]
    missing = 0
    pending: list[tuple[int, int]] = []
    for source, supply in enumerate(supplies):
        need = supply
        for sink in allowed[source]:
            if not need:
                break
            take = min(need, left[sink])
            if take > 0:
                left[sink] -= take
                flows[source][sink] = flows[source].get(sink, 0) + take
                need -= take
        if need:
            pending.append((source, need))
            missing += need
    for source, need in pending:
        for _ in range(need):
            if not _augment(source, allowed, left, flows):
                return None
    return flows


def _augment(
    start: int, allowed: Sequence[Sequence[int]], left: list[int], flows: list[dict[int, int]]
) -> bool:
    """Move one more unit of ``start`` into the sinks, shifting other units if needed."""
    holders: dict[int, list[int]] = {}
    for source, flow in enumerate(flows):
        for sink, amount in flow.items():
            if amount > 0:
                holders.setdefault(sink, []).append(source)
    came_from: dict[int, int] = {}  # sink -> the source that reaches it
    reached_by: dict[int, int] = {start: -1}  # source -> the sink it was pushed out of
    queue = deque([start])
    while queue:
        source = queue.popleft()
        for sink in allowed[source]:
            if sink in came_from:
                continue
            came_from[sink] = source
            if left[sink] > 0:
                _apply_path(sink, came_from, reached_by, left, flows)
                return True
            for other in holders.get(sink, ()):
                if other not in reached_by:
                    reached_by[other] = sink
                    queue.append(other)
    return False


def _apply_path(
    sink: int,
    came_from: dict[int, int],
    reached_by: dict[int, int],
    left: list[int],
    flows: list[dict[int, int]],
) -> None:
    left[sink] -= 1
    while True:
        source = came_from[sink]
        flows[source][sink] = flows[source].get(sink, 0) + 1
        previous = reached_by[source]
        if previous < 0:
            return
        flows[source][previous] -= 1
        if not flows[source][previous]:
            del flows[source][previous]
        sink = previous

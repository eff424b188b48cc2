"""A small transport solver: place units from sources into capacity-limited sinks.

Used to check that what a player knows about hidden cards is consistent with a state, and to
deal hidden cards consistently with an observation. Each source ``s`` has ``supplies[s]``
units that may go only to the sinks in ``allowed[s]``; sink ``t`` holds at most
``capacities[t]`` units. The solver fills greedily in the order given (so callers randomise
the order to vary the result) and then repairs with augmenting paths, so it always finds a
complete placement when one exists.
"""

from __future__ import annotations

from bisect import insort
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
    if not pending:
        return flows
    # Which sources hold units in each sink, in source order: kept up to date as paths move
    # units, rather than gathered again for each unit.
    holders: list[list[int]] = [[] for _ in capacities]
    for source, flow in enumerate(flows):
        for sink in flow:
            holders[sink].append(source)
    for source, need in pending:
        for _ in range(need):
            if not _augment(source, allowed, left, flows, holders):
                return None
    return flows


def _augment(
    start: int,
    allowed: Sequence[Sequence[int]],
    left: list[int],
    flows: list[dict[int, int]],
    holders: list[list[int]],
) -> bool:
    """Move one more unit of ``start`` into the sinks, shifting other units if needed.

    A breadth-first search from ``start``: through each sink it may use, to the sources
    holding units there, until a sink with room is found.
    """
    came_from = [-1] * len(left)  # sink -> the source that reaches it
    reached_by = {start: -1}  # source -> the sink it was pushed out of
    queue = deque([start])
    while queue:
        source = queue.popleft()
        for sink in allowed[source]:
            if came_from[sink] >= 0:
                continue
            came_from[sink] = source
            if left[sink] > 0:
                _apply_path(sink, came_from, reached_by, left, flows, holders)
                return True
            for other in holders[sink]:
                if other not in reached_by:
                    reached_by[other] = sink
                    queue.append(other)
    return False


def _apply_path(
    sink: int,
    came_from: list[int],
    reached_by: dict[int, int],
    left: list[int],
    flows: list[dict[int, int]],
    holders: list[list[int]],
) -> None:
    left[sink] -= 1
    while True:
        source = came_from[sink]
        flow = flows[source]
        if sink in flow:
            flow[sink] += 1
        else:
            flow[sink] = 1
            insort(holders[sink], source)
        previous = reached_by[source]
        if previous < 0:
            return
        flow[previous] -= 1
        if not flow[previous]:
            del flow[previous]
            holders[previous].remove(source)
        sink = previous

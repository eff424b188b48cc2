"""The memory figures of ``boardgames bench``: keeping every state of a game, and its history.

Two measures, each generic over any Python state value:

- :func:`allocated` runs a function under :mod:`tracemalloc` and returns the bytes still
  allocated when it returns, together with its result (which keeps them alive). Replaying
  a game while keeping every state in a list, against building one full state alone,
  gives the cost of a kept state as a share of a full one. The function may also look at
  its result while the allocations are still traced.
- :func:`history_copies` walks every object reachable from a list of states, each counted
  once by ``id`` with :func:`sys.getsizeof`, following :func:`gc.get_referents`, and
  walks again without entering any state's ``history`` attribute. The bytes that only
  the first walk reaches are those held by the histories alone, however a game stores
  them: a :class:`boardgames.History` that shares its entries, or a tuple or a string
  copied into every state. Less the one full history of the last state, they are the
  cost of the copies. Run on the states of a traced replay, it counts only the
  objects the replay allocated, not the game's component tables or interned constants.
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
import types
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

__all__ = ["HISTORY_ATTRIBUTE", "allocated", "history_copies", "reachable_bytes"]

HISTORY_ATTRIBUTE: Final = "history"
"""The attribute of a state that holds its history, if it has one."""

T = TypeVar("T")
R = TypeVar("R")

# Shared by every value of a program, never held by one state: not counted.
_SHARED: Final = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
    types.FrameType,
)


def allocated(
    build: Callable[[], T], inspect: Callable[[T], R] | None = None
) -> tuple[T, int, R | None]:
    """Call ``build`` under :mod:`tracemalloc`; return its result and the bytes it still holds.

    The bytes are those allocated during the call and not freed when it returns; the
    result is returned so that they stay allocated until the caller drops it.

    Args:
        build: A function of no arguments.
        inspect: Called on the result while the allocations are still traced, so that it
            can tell new objects from old ones (see :func:`history_copies`).

    Returns:
        ``build()``, the bytes allocated during it and still allocated after it, and
        ``inspect(build())`` (``None`` without ``inspect``).
    """
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        # A full collection empties the free lists of tuples, lists and dicts, whose
        # blocks were allocated before tracing: new objects then get traced blocks.
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        value = build()
        after = tracemalloc.get_traced_memory()[0]
        seen = None if inspect is None else inspect(value)
    finally:
        if not was_tracing:
            tracemalloc.stop()
    return value, max(after - before, 0), seen


def reachable_bytes(
    roots: Iterable[object], blocked: Iterable[object] = (), *, new_only: bool = False
) -> dict[int, int]:
    """Return the size of every object reachable from ``roots``, by ``id``, each once.

    The walk follows :func:`gc.get_referents` and does not enter the ``blocked`` objects,
    classes, modules or functions (shared by the whole program).

    Args:
        roots: Where the walk starts.
        blocked: Objects the walk neither counts nor enters.
        new_only: Neither count nor enter objects allocated before :mod:`tracemalloc`
            started tracing (the game's component tables, interned strings, small
            integers): only what was built while tracing. Needs tracing to be on.

    Returns:
        ``{id(object): sys.getsizeof(object)}`` for every object reached.
    """
    skip = {id(value) for value in blocked}
    seen: dict[int, int] = {}
    stack: list[object] = list(roots)
    while stack:
        value = stack.pop()
        key = id(value)
        if key in seen or key in skip or isinstance(value, _SHARED):
            continue
        if new_only and tracemalloc.get_object_traceback(value) is None:
            continue
        seen[key] = sys.getsizeof(value)
        stack.extend(gc.get_referents(value))
    return seen


def history_copies(states: Sequence[Any], *, new_only: bool = False) -> float | None:
    """Return the share (0 to 1) of the bytes of ``states`` spent on copies of their histories.

    The bytes held by the histories are those reachable from the states' ``history``
    attributes and from nothing else in the states (see the module docstring). One copy
    of the longest history is needed: its entries, and the containers of the last
    state's history. The rest, the containers that every earlier state holds, are the
    copies: all of the earlier tuples or strings, or the few objects by which one
    :class:`boardgames.History` differs from the one before it.

    Args:
        states: The states of one game, in order (the last one has the whole history).
        new_only: Count only the objects allocated while :mod:`tracemalloc` traced
            (see :func:`reachable_bytes`).

    Returns:
        The share, or ``None`` when the states have no ``history`` attribute holding a
        value (a method is not a history).
    """
    histories = [getattr(state, HISTORY_ATTRIBUTE, None) for state in states]
    if not histories or any(history is None or callable(history) for history in histories):
        return None
    everything = reachable_bytes(states, new_only=new_only)
    elsewhere = reachable_bytes(states, blocked=histories, new_only=new_only)
    total = sum(everything.values())
    if not total:
        return None
    only_history = {key: size for key, size in everything.items() if key not in elsewhere}
    needed = reachable_bytes(histories[-1:], new_only=new_only)
    copies = sum(size for key, size in only_history.items() if key not in needed)
    return copies / total

"""Caches of values derived from immutable objects, keyed by the objects' identity.

States and observations are immutable, and the hot path asks the same question of the same
object several times in a row (``legal_actions`` then ``apply``, the seats of one state in
turn). These caches answer the repeat without hashing the object: they compare it with
``is``, and keep the object alive while its entry lasts, so that its ``id`` is not reused.

Both are safe to share between threads: an entry is one tuple, written in one step, so a
reader sees a key and a value that belong together (at worst a miss).
"""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["LastOne", "Recent"]

K = TypeVar("K")
V = TypeVar("V")


class LastOne(Generic[K, V]):
    """The value derived from the last object it was told about (one entry).

    >>> last: LastOne[list[int], int] = LastOne()
    >>> key = [1, 2]
    >>> last.put(key, 3)
    >>> last.get(key)
    3
    >>> last.get([1, 2]) is None  # an equal object, not the same one: a miss
    True
    """

    __slots__ = ("_entry",)

    def __init__(self) -> None:
        self._entry: tuple[K, V] | None = None

    def get(self, key: K) -> V | None:
        """Return the value put with ``key`` itself (not an equal object), or ``None``."""
        entry = self._entry
        return entry[1] if entry is not None and entry[0] is key else None

    def put(self, key: K, value: V) -> None:
        """Remember ``value`` as derived from ``key``; the previous entry is dropped."""
        self._entry = (key, value)


class Recent(Generic[K, V]):
    """The values derived from the last few objects it was told about.

    When full, it starts again empty (cheaper than keeping an order, and the hot path asks
    about a handful of objects at a time).

    Args:
        size: How many entries it keeps at the most (at least 1).
    """

    __slots__ = ("_entries", "_size")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a cache keeps at least 1 entry, not {size}")
        self._size = size
        self._entries: dict[int, tuple[K, V]] = {}

    def get(self, key: K) -> V | None:
        """Return the value put with ``key`` itself (not an equal object), or ``None``."""
        entry = self._entries.get(id(key))
        return entry[1] if entry is not None and entry[0] is key else None

    def put(self, key: K, value: V) -> None:
        """Remember ``value`` as derived from ``key``, emptying the cache first if full."""
        entries = self._entries
        if len(entries) >= self._size:
            entries.clear()
        entries[id(key)] = (key, value)

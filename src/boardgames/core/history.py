"""An immutable, persistent sequence for a game's public history.

Every state of a game holds the history of the decisions that led to it. A plain tuple
would be copied whole by every move, so a game of ``n`` decisions would write ``n**2 / 2``
entries and keeping all of its states would cost memory quadratic in its length.
:class:`History` shares its entries between a state and every state that follows it:
:meth:`History.append` costs the same on the thousandth decision as on the first.

The entries live in a chain of chunks of :data:`CHUNK` entries. A history is its last,
partly filled chunk and a link to the history of all the full chunks before it, which
is shared, never copied. The chunks a history is cut into depend only on its length, so
two equal histories have the same shape, and comparing or hashing them can stop at the
first shared link.

>>> from boardgames.core.history import History
>>> first = History(["a", "b"])
>>> second = first.append("c")
>>> list(second), len(first)
(['a', 'b', 'c'], 2)
>>> second[-1], second[:2]
('c', ('a', 'b'))

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, Generic, SupportsIndex, TypeVar, overload

__all__ = ["CHUNK", "History"]

CHUNK: Final = 16
"""The number of entries in each full chunk of a :class:`History`."""

T_co = TypeVar("T_co", covariant=True)

_NO_HASH: Final = -1  # a hash is never -1 in CPython, so -1 marks "not computed yet"
_new = object.__new__


class History(Sequence[T_co], Generic[T_co]):
    """An immutable sequence that grows by sharing, not copying.

    It behaves as a read-only :class:`~collections.abc.Sequence`: ``len``, indexing
    (negative indices too), slicing (which returns a plain :class:`tuple`), iteration in
    both directions, ``in``, ``index`` and ``count``. :meth:`append` returns a new history
    and leaves this one as it was; both share every entry they have in common.

    A history equals another history with the same entries in the same order, and only
    that: like a tuple and a list, it never equals a tuple, even one with the same entries.
    Histories are hashable when their entries are.

    Costs, for a history of ``n`` entries: :meth:`append`, ``len``, the last
    :data:`CHUNK` entries and hashing a history grown from a hashed one are constant;
    iteration is ``O(n)``; other indices cost ``O(n / CHUNK)``.

    Args:
        entries: The entries, oldest first.

    .. versionadded:: 0.1.0
    """

    __slots__ = ("_hash", "_length", "_prefix", "_tail")

    _prefix: History[T_co] | None
    _tail: tuple[T_co, ...]
    _length: int
    _hash: int

    def __init__(self, entries: Iterable[T_co] = ()) -> None:
        items = tuple(entries)
        cut = (len(items) - 1) // CHUNK * CHUNK if items else 0
        prefix: History[T_co] | None = None
        for start in range(0, cut, CHUNK):
            prefix = History._node(prefix, items[start : start + CHUNK], start + CHUNK)
        self._prefix = prefix
        self._tail = items[cut:]
        self._length = len(items)
        self._hash = _NO_HASH

    @staticmethod
    def _node(prefix: History[Any] | None, tail: tuple[Any, ...], length: int) -> History[Any]:
        node: History[Any] = _new(History)
        node._prefix = prefix
        node._tail = tail
        node._length = length
        node._hash = _NO_HASH
        return node

    def append(self, entry: T_co) -> History[T_co]:  # type: ignore[misc]
        """Return a new history with ``entry`` after the last one; this one is unchanged.

        The cost does not depend on the length: at most :data:`CHUNK` references are copied.
        """
        tail = self._tail
        if len(tail) < CHUNK:
            return History._node(self._prefix, (*tail, entry), self._length + 1)
        return History._node(self, (entry,), self._length + 1)

    def __len__(self) -> int:
        return self._length

    def _chunks(self) -> list[tuple[T_co, ...]]:
        """Return the chunks, newest first."""
        chunks = []
        node: History[T_co] | None = self
        while node is not None:
            chunks.append(node._tail)
            node = node._prefix
        return chunks

    def __iter__(self) -> Iterator[T_co]:
        for chunk in reversed(self._chunks()):
            yield from chunk

    def __reversed__(self) -> Iterator[T_co]:
        node: History[T_co] | None = self
        while node is not None:
            yield from reversed(node._tail)
            node = node._prefix

    @overload
    def __getitem__(self, index: SupportsIndex) -> T_co: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T_co, ...]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> T_co | tuple[T_co, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        position = index.__index__()
        length = self._length
        if position < 0:
            position += length
        if not 0 <= position < length:
            raise IndexError(f"history index {index!r} out of range for {length} entries")
        node = self
        # Every link before the last chunk holds whole chunks, so the entry's chunk is found
        # by walking back from the end.
        start = length - len(node._tail)
        while position < start:
            prefix = node._prefix
            assert prefix is not None
            node = prefix
            start -= CHUNK
        return node._tail[position - start]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, History):
            return NotImplemented
        if self._length != other._length:
            return False
        mine: History[Any] | None = self
        theirs: History[Any] | None = other
        while mine is not None and theirs is not None:
            if mine is theirs:
                return True
            if mine._tail != theirs._tail:
                return False
            mine, theirs = mine._prefix, theirs._prefix
        return mine is theirs

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        if self._hash != _NO_HASH:
            return self._hash
        # Hash the links oldest first, each from the one before, without recursion.
        pending: list[History[T_co]] = []
        node: History[T_co] | None = self
        while node is not None and node._hash == _NO_HASH:
            pending.append(node)
            node = node._prefix
        previous = node._hash if node is not None else 0
        for link in reversed(pending):
            value = hash((previous, link._tail))
            link._hash = _NO_HASH - 1 if value == _NO_HASH else value
            previous = link._hash
        return self._hash

    def __repr__(self) -> str:
        return f"History({list(self)!r})"

    def __reduce__(self) -> tuple[type[History[Any]], tuple[tuple[T_co, ...]]]:
        # A flat tuple, so pickling a long history never recurses down its links.
        return (History, (tuple(self),))

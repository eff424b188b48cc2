"""An immutable, persistent sequence for a game's public history.

Every state of a game holds the history of the decisions that led to it. A plain tuple
would be copied whole by every move, so a game of ``n`` decisions would write ``n**2 / 2``
entries and keeping all of its states would cost memory quadratic in its length.
:class:`~boardgames.History` shares its entries between a state and every state that
follows it: :meth:`History.append <boardgames.History.append>` costs the same on the
thousandth decision as on the first, and a kept state costs one small object for its
history, however long the game.

The entries live in a chain of frozen chunks of :data:`CHUNK` entries each, and a last,
partly filled chunk. That last chunk is a buffer shared by every history grown from the
same one: a history owns only the first entries of the buffer, up to its length, and
``append`` writes into the buffer only when nothing has been written past those entries
yet; a second history appended to the same one (a branch, as in a search) gets a copy of
at most :data:`CHUNK` entries instead. Written entries are never changed,
so every history sees the same entries for its whole life. The chunks a history is cut
into depend only on its length, so two equal histories have the same shape, and comparing
or hashing them stops at the first shared chunk.

>>> from boardgames.core.history import History
>>> first = History(["a", "b"])
>>> second = first.append("c")
>>> list(second), len(first)
(['a', 'b', 'c'], 2)
>>> second[-1], second[:2]
('c', ('a', 'b'))

A game set up part-way through, from a position rather than a deal, starts its history
there: :attr:`History.origin <boardgames.History.origin>` is the game's text of the
public position the first entry was taken in, and every history appended to it keeps it.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, islice
from typing import Any, Final, Generic, SupportsIndex, TypeVar, overload

from boardgames.core.errors import ConfigurationError
from boardgames.core.guards import given

__all__ = ["CHUNK", "History"]

CHUNK: Final = 16
"""The number of entries in each frozen chunk of a :class:`History`."""

T_co = TypeVar("T_co", covariant=True)

_NO_HASH: Final = -1  # a hash is never -1 in CPython, so -1 marks "not computed yet"
_new = object.__new__


class _Chunk:
    """``CHUNK`` frozen entries, a link to the chunks before them, and their total length."""

    __slots__ = ("entries", "hash", "length", "previous")

    previous: _Chunk | None
    entries: tuple[Any, ...]
    length: int
    hash: int

    def __init__(self, previous: _Chunk | None, entries: tuple[Any, ...]) -> None:
        self.previous = previous
        self.entries = entries
        self.length = (previous.length if previous is not None else 0) + len(entries)
        self.hash = _NO_HASH

    def hash_value(self) -> int:
        """Return the hash of the entries of this chunk and every chunk before it."""
        if self.hash != _NO_HASH:
            return self.hash
        # Hash the chunks oldest first, each from the one before, without recursion.
        pending = []
        chunk: _Chunk | None = self
        while chunk is not None and chunk.hash == _NO_HASH:
            pending.append(chunk)
            chunk = chunk.previous
        previous = chunk.hash if chunk is not None else 0
        for link in reversed(pending):
            value = hash((previous, link.entries))
            link.hash = previous = _NO_HASH - 1 if value == _NO_HASH else value
        return self.hash


def _chunks_equal(mine: _Chunk | None, theirs: _Chunk | None) -> bool:
    """Return whether two chains of chunks of the same total length hold the same entries."""
    while mine is not None and theirs is not None:
        if mine is theirs:
            return True
        if mine.entries != theirs.entries:
            return False
        mine, theirs = mine.previous, theirs.previous
    return mine is theirs


def _history(
    chunks: _Chunk | None, tail: list[Any], count: int, origin: str | None
) -> History[Any]:
    history: History[Any] = _new(History)
    history._chunks = chunks
    history._tail = tail
    history._count = count
    history._origin = origin
    return history


class History(Sequence[T_co], Generic[T_co]):
    """An immutable sequence that grows by sharing, not copying.

    It behaves as a read-only :class:`~collections.abc.Sequence`: ``len``, indexing
    (negative indices too), slicing (which returns a plain :class:`tuple`), iteration in
    both directions, ``in``, ``index`` and ``count``. :meth:`append` returns a new history
    and leaves this one as it was; both share every entry they have in common.

    A history equals another history with the same entries in the same order and the same
    :attr:`origin`, and only that: like a tuple and a list, it never equals a tuple, even
    one with the same entries. Histories are hashable when their entries are. They are safe
    to share between threads. Their attributes are private: nothing outside this module
    writes them.

    Costs, for a history of ``n`` entries: :meth:`append`, ``len``, the last
    :data:`~boardgames.core.history.CHUNK` entries and hashing are constant (once the older
    chunks have been hashed: they keep their hash); iteration is ``O(n)``; other indices
    cost ``O(n / CHUNK)``.

    Args:
        entries: The entries, oldest first.
        origin: Where the first entry was taken: ``None`` for a game from its start, or
            the game's text of the public position it was set up from (see
            :attr:`origin`).

    .. versionadded:: 0.1.0
    """

    __slots__ = ("_chunks", "_count", "_origin", "_tail")

    _chunks: _Chunk | None
    _tail: list[Any]
    _count: int
    _origin: str | None

    def __init__(self, entries: Iterable[T_co] = (), origin: str | None = None) -> None:
        if origin is not None and not isinstance(origin, str):
            raise ConfigurationError(
                f"a History's origin is the text of a position or None, not {given(origin)}"
            )
        try:
            items = tuple(entries)
        except TypeError:
            if isinstance(entries, Iterable):  # an iterable that failed: not our message
                raise
            raise ConfigurationError(
                f"a History is made from an iterable of entries, not {given(entries)}"
            ) from None
        cut = (len(items) - 1) // CHUNK * CHUNK if items else 0
        chunks: _Chunk | None = None
        for start in range(0, cut, CHUNK):
            chunks = _Chunk(chunks, items[start : start + CHUNK])
        self._chunks = chunks
        self._tail = list(items[cut:])
        self._count = len(items) - cut
        self._origin = origin

    @property
    def origin(self) -> str | None:
        """The public position the history starts from, or ``None`` from the game's start.

        A game dealt by ``new_game`` has ``None``. A game set up part-way through has the
        game's text of what every player could see of the position it was set up in, so
        that the entries can be replayed from there; histories appended to it keep it.
        """
        return self._origin

    def append(self, entry: T_co) -> History[T_co]:  # type: ignore[misc]
        """Return a new history with ``entry`` after the last one; this one is unchanged.

        The cost does not depend on the length: at most
        :data:`~boardgames.core.history.CHUNK` references are copied.
        """
        tail = self._tail
        count = self._count
        if count < CHUNK:
            if len(tail) == count:
                tail.append(entry)
                # Another thread may have appended to the same history in between; then
                # this entry is not the one at ``count``, and a copy is made instead.
                if tail[count] is entry:
                    return _history(self._chunks, tail, count + 1, self._origin)
            copy = tail[:count]
            copy.append(entry)
            return _history(self._chunks, copy, count + 1, self._origin)
        return _history(_Chunk(self._chunks, tuple(tail[:count])), [entry], 1, self._origin)

    def __len__(self) -> int:
        chunks = self._chunks
        return self._count if chunks is None else chunks.length + self._count

    def __iter__(self) -> Iterator[T_co]:
        chunks: list[Iterable[T_co]] = [islice(self._tail, self._count)]
        chunk = self._chunks
        while chunk is not None:
            chunks.append(chunk.entries)
            chunk = chunk.previous
        chunks.reverse()
        return chain.from_iterable(chunks)

    def __reversed__(self) -> Iterator[T_co]:
        tail = self._tail
        for index in range(self._count - 1, -1, -1):
            yield tail[index]
        chunk = self._chunks
        while chunk is not None:
            yield from reversed(chunk.entries)
            chunk = chunk.previous

    @overload
    def __getitem__(self, index: SupportsIndex) -> T_co: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T_co, ...]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> T_co | tuple[T_co, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        position = index.__index__()
        length = len(self)
        if position < 0:
            position += length
        if not 0 <= position < length:
            raise IndexError(f"history index {index!r} out of range for {length} entries")
        chunk = self._chunks
        if chunk is None or position >= chunk.length:
            return self._tail[position - (length - self._count)]  # type: ignore[no-any-return]
        # Walk back to the chunk that holds the entry.
        while position < chunk.length - CHUNK:
            previous = chunk.previous
            assert previous is not None
            chunk = previous
        return chunk.entries[position - (chunk.length - CHUNK)]  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, History):
            return NotImplemented
        count = self._count
        if count != other._count or len(self) != len(other) or self._origin != other._origin:
            return False
        if self._tail is not other._tail and self._tail[:count] != other._tail[:count]:
            return False
        return _chunks_equal(self._chunks, other._chunks)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        chunks = self._chunks
        previous = 0 if chunks is None else chunks.hash_value()
        return hash((previous, tuple(islice(self._tail, self._count)), self._origin))

    def __repr__(self) -> str:
        if self._origin is None:
            return f"History({list(self)!r})"
        return f"History({list(self)!r}, origin={self._origin!r})"

    def __reduce__(self) -> tuple[type[History[Any]], tuple[tuple[T_co, ...], str | None]]:
        # A flat tuple, so pickling a long history never recurses down its chunks.
        return (History, (tuple(self), self._origin))

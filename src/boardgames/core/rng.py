"""A small, immutable, counter-based random number generator.

Every random event in a game (a shuffle, a blind draw) is taken from the :class:`Rng`
value stored in the state, so that ``apply`` is a pure function and a seed fixes a whole
game on every Python version and in every process. The generator is SplitMix64 used in
counter mode: output ``i`` is a fixed mixing function of ``seed + i * golden_ratio``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TypeVar

import attrs

from boardgames.core.errors import ConfigurationError, InvalidStateError
from boardgames.core.guards import shown

__all__ = ["Rng", "lehmer_order"]

_T = TypeVar("_T")
_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _digit_order(code: int, items: Sequence[_T]) -> tuple[tuple[_T, ...], int]:
    """:func:`lehmer_order` one digit at a time: the definition the tables are built from."""
    size = len(items)
    if size < 2:
        return tuple(items), code
    pool = list(items)
    result = []
    for base in range(size, 1, -1):
        code, index = divmod(code, base)
        result.append(pool.pop(index))
    result.append(pool[0])
    return tuple(result), code


_TAIL = 6
"""The last items of an order are put in place by a table of at most ``6!`` entries."""

_FACTORIALS = tuple(math.factorial(size) for size in range(_TAIL + 1))

_TAIL_ORDERS = tuple(
    tuple(_digit_order(digits, range(size))[0] for digits in range(_FACTORIALS[size]))
    for size in range(_TAIL + 1)
)
"""For each size ``n`` up to :data:`_TAIL` and each code below ``n!``, the positions of the
items in the order the code gives (874 orders)."""


def lehmer_order(code: int, items: Sequence[_T]) -> tuple[tuple[_T, ...], int]:
    """Return ``items`` in the order that ``code`` gives, and the rest of the code.

    The digits of ``code`` in the bases ``len(items)``, ``len(items) - 1``, ... ``2`` are a
    Lehmer code: each picks the next item among those left. A code drawn uniformly below
    ``len(items)!`` gives a uniform order; a code drawn uniformly below a product of
    factorials gives a uniform order for each sequence read from it in turn (the rest of
    the code is uniform for the next one), so one draw can order several sequences.

    The first picks are made one digit at a time and the last six together, from a table
    (the order is the one the digits give).

    >>> lehmer_order(5, "abc")
    (('c', 'b', 'a'), 0)

    .. versionadded:: 0.1.0
    """
    size = len(items)
    if size < 2:
        return tuple(items), code
    if size <= _TAIL:
        code, digits = divmod(code, _FACTORIALS[size])
        return tuple([items[position] for position in _TAIL_ORDERS[size][digits]]), code
    pool = list(items)
    result = []
    for base in range(size, _TAIL, -1):
        code, index = divmod(code, base)
        result.append(pool.pop(index))
    code, digits = divmod(code, _FACTORIALS[_TAIL])
    result += [pool[position] for position in _TAIL_ORDERS[_TAIL][digits]]
    return tuple(result), code


@functools.cache
def _factorial(size: int) -> int:
    return math.factorial(size)


def _mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


@attrs.frozen
class Rng:
    """An immutable random stream: each draw returns a value and the next generator.

    Args:
        seed: The stream's key, an integer in ``0 .. 2**64 - 1``.
        counter: How many 64-bit words have been drawn so far.

    >>> rng = Rng.from_seed(7)
    >>> value, rng = rng.randbelow(6)
    >>> 0 <= value < 6, rng.counter
    (True, 1)
    """

    seed: int
    counter: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """Start a stream from any integer seed (taken modulo ``2**64``).

        Raises:
            ConfigurationError: ``seed`` is not an ``int`` (``bool`` is refused too).

        .. versionchanged:: 0.1.0
           ``ConfigurationError`` instead of ``TypeError``, like every bad seed.
        """
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ConfigurationError(f"seed must be an int, not {type(seed).__name__}")
        return cls(seed & _MASK64, 0)

    def check(self) -> None:
        """Check that this is a generator :meth:`from_seed` and draws can produce.

        Raises:
            InvalidStateError: The seed or the counter is not in ``0 .. 2**64 - 1`` (a
                counter of ``2**64`` or more repeats the stream of a smaller one; no game
                draws that many words).
        """
        if type(self.seed) is not int or not 0 <= self.seed <= _MASK64:
            raise InvalidStateError(
                f"rng seed {shown(self.seed, 60)} is not an integer in 0 .. 2**64 - 1"
            )
        if type(self.counter) is not int or not 0 <= self.counter <= _MASK64:
            raise InvalidStateError(
                f"rng counter {shown(self.counter, 60)} is not an integer in 0 .. 2**64 - 1"
            )

    def derive(self, *keys: int) -> Rng:
        """Return an independent stream keyed by this one's seed and ``keys``.

        Used to give each bot, each sample and each tournament game its own stream.
        """
        seed = self.seed
        for key in keys:
            seed = _mix64(((seed ^ _mix64(key & _MASK64)) + _GOLDEN) & _MASK64)
        return Rng(seed, 0)

    def next64(self) -> tuple[int, Rng]:
        """Draw a uniform 64-bit integer."""
        counter = self.counter + 1
        return _mix64((self.seed + counter * _GOLDEN) & _MASK64), Rng(self.seed, counter)

    def randbelow(self, n: int) -> tuple[int, Rng]:
        """Draw a uniform integer in ``0 .. n - 1`` (rejection sampling, no modulo bias).

        Raises:
            ValueError: ``n`` is not positive.
        """
        if not 0 < n <= 1 << 64:
            raise ValueError(f"randbelow needs a bound from 1 to 2**64, not {n!r}")
        shift = 64 - (n - 1).bit_length()
        seed, counter = self.seed, self.counter
        while True:
            counter += 1
            value = _mix64((seed + counter * _GOLDEN) & _MASK64) >> shift
            if value < n:
                return value, Rng(seed, counter)

    def shuffled(self, items: Sequence[_T]) -> tuple[tuple[_T, ...], Rng]:
        """Return ``items`` in a uniformly random order (Fisher-Yates) and the next stream."""
        result = list(items)
        seed, counter = self.seed, self.counter
        for i in range(len(result) - 1, 0, -1):
            bound = i + 1
            shift = 64 - i.bit_length()
            while True:  # randbelow(bound), inlined: this is the setup's hot loop
                counter += 1
                z = (seed + counter * _GOLDEN) & _MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                j = (z ^ (z >> 31)) >> shift
                if j < bound:
                    break
            result[i], result[j] = result[j], result[i]
        return tuple(result), Rng(seed, counter)

    def below(self, bound: int) -> tuple[int, Rng]:
        """Draw a uniform integer in ``0 .. bound - 1`` for a positive bound of any size.

        Bounds up to ``2**64`` draw as :meth:`randbelow` does; larger ones take as many
        64-bit words as they need and reject values out of range (each try succeeds with a
        probability above one half).

        Raises:
            ValueError: ``bound`` is not positive.

        .. versionadded:: 0.1.0
        """
        if type(bound) is not int or bound < 1:
            raise ValueError(f"below needs a positive integer bound, not {bound!r}")
        if bound <= 1 << 64:
            return self.randbelow(bound)
        bits = bound.bit_length()
        words = -(-bits // 64)
        excess = words * 64 - bits
        seed, counter = self.seed, self.counter
        while True:
            value = 0
            for _ in range(words):
                counter += 1
                value = value << 64 | _mix64((seed + counter * _GOLDEN) & _MASK64)
            value >>= excess
            if value < bound:
                return value, Rng(seed, counter)

    def permuted(self, items: Sequence[_T]) -> tuple[tuple[_T, ...], Rng]:
        """Return ``items`` in a uniformly random order, from a single draw.

        One uniform integer below ``len(items)!`` (:meth:`below`) is read as a Lehmer code:
        its digits in the bases ``n, n - 1, ..., 2`` pick each next item among those left.
        It draws about ``log2(n!) / 64`` words instead of one per item, so it is several
        times faster than :meth:`shuffled` for long sequences. The two give different
        orders from the same generator; :meth:`shuffled` stays what the games' setups use,
        so that every seed keeps dealing the same game.

        .. versionadded:: 0.1.0
        """
        size = len(items)
        if size < 2:
            return tuple(items), self
        code, rng = self.below(_factorial(size))
        return lehmer_order(code, items)[0], rng

    def choice(self, items: Sequence[_T]) -> tuple[_T, Rng]:
        """Pick one element of a non-empty sequence uniformly.

        Raises:
            ValueError: ``items`` is empty.
        """
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        index, rng = self.randbelow(len(items))
        return items[index], rng

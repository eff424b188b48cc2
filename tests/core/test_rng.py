"""The immutable SplitMix64 stream that every random event in a game is drawn from."""

from __future__ import annotations

import math
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardgames
from boardgames import ConfigurationError, Rng

MASK64 = (1 << 64) - 1


@pytest.mark.parametrize(
    ("seed", "expected"),
    [(0, 0), (7, 7), (-1, MASK64), (1 << 64, 0), ((1 << 64) + 5, 5), (-(1 << 70) + 3, 3)],
)
def test_from_seed_takes_any_int_modulo_2_to_the_64(seed: int, expected: int) -> None:
    assert Rng(expected, 0) == Rng.from_seed(seed)


@pytest.mark.parametrize("seed", [True, False, 1.0, 2.5, "7", None])
def test_from_seed_refuses_what_is_not_an_int(seed: object) -> None:
    with pytest.raises(ConfigurationError) as caught:
        Rng.from_seed(seed)  # type: ignore[arg-type]
    assert f"seed must be an int, not {type(seed).__name__}" == str(caught.value)


def test_next64_is_splitmix64() -> None:
    """The first output of SplitMix64 seeded with 0 is a published constant."""
    value, rng = Rng.from_seed(0).next64()
    assert 0xE220A8397B1DCDAF == value
    assert Rng(0, 1) == rng


def test_draws_leave_the_generator_unchanged() -> None:
    rng = Rng.from_seed(3)
    first = rng.randbelow(1000)
    assert first == rng.randbelow(1000)
    assert Rng(3, 0) == rng
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rng.counter = 5  # type: ignore[misc]


@given(seed=st.integers(), bound=st.integers(min_value=1, max_value=1 << 64))
def test_randbelow_is_in_range(seed: int, bound: int) -> None:
    rng = Rng.from_seed(seed)
    value, after = rng.randbelow(bound)
    assert 0 <= value < bound
    assert rng.seed == after.seed
    assert after.counter >= 1


@pytest.mark.parametrize("bound", [0, -1, -(1 << 70), (1 << 64) + 1])
def test_randbelow_refuses_a_bound_outside_one_to_two_to_the_64(bound: int) -> None:
    with pytest.raises(ValueError, match="bound from 1 to 2\\*\\*64"):
        Rng.from_seed(1).randbelow(bound)


def test_randbelow_accepts_the_largest_bound() -> None:
    value, _ = Rng.from_seed(1).randbelow(1 << 64)
    assert 0 <= value < 1 << 64


@pytest.mark.parametrize(
    ("rng", "complaint"),
    [
        (Rng(-1, 0), "seed"),
        (Rng(1 << 64, 0), "seed"),
        (Rng(1, -1), "counter"),
        (Rng(1, 1 << 64), "counter"),
    ],
)
def test_check_refuses_generators_that_from_seed_cannot_make(rng: Rng, complaint: str) -> None:
    with pytest.raises(boardgames.InvalidStateError, match=complaint):
        rng.check()


def test_randbelow_of_one_is_always_zero() -> None:
    rng = Rng.from_seed(11)
    for _ in range(50):
        value, rng = rng.randbelow(1)
        assert 0 == value


@pytest.mark.parametrize("bound", [2, 6, 7, 10])
def test_randbelow_is_uniform(bound: int) -> None:
    """A chi-square statistic far below what a biased generator gives (fixed seed: no flakes).

    The 0.9999 quantile of chi-square with 9 degrees of freedom is about 33.7.
    """
    draws = 20_000 * bound
    rng = Rng.from_seed(20240601).derive(bound)
    counts: Counter[int] = Counter()
    for _ in range(draws):
        value, rng = rng.randbelow(bound)
        counts[value] += 1
    assert set(range(bound)) == set(counts)
    expected = draws / bound
    chi_square = sum((counts[value] - expected) ** 2 / expected for value in range(bound))
    assert chi_square < 33.7


def test_randbelow_uses_no_modulo() -> None:
    """A bound of two thirds of 2**64 would make low values twice as likely with ``% bound``."""
    bound = (1 << 64) // 3 * 2
    rng = Rng.from_seed(99)
    low = 0
    draws = 6000
    for _ in range(draws):
        value, rng = rng.randbelow(bound)
        low += value < bound // 2
    assert abs(low - draws / 2) < 4 * (draws / 4) ** 0.5


def test_shuffled_output_is_pinned() -> None:
    """Pins the stream across Python versions, platforms and releases of this library."""
    shuffled, rng = Rng.from_seed(42).shuffled(range(10))
    assert (5, 3, 6, 8, 7, 1, 0, 9, 4, 2) == shuffled
    assert Rng(42, 12) == rng


@given(seed=st.integers(), items=st.lists(st.integers(), max_size=40))
def test_shuffled_is_a_deterministic_permutation(seed: int, items: list[int]) -> None:
    rng = Rng.from_seed(seed)
    shuffled, after = rng.shuffled(items)
    assert sorted(items) == sorted(shuffled)
    assert (shuffled, after) == rng.shuffled(items)
    assert isinstance(shuffled, tuple)


@pytest.mark.parametrize("items", [(), ("only",)])
def test_shuffled_short_sequences_draw_nothing(items: tuple[str, ...]) -> None:
    rng = Rng.from_seed(8)
    assert (items, rng) == rng.shuffled(items)


def test_shuffled_reaches_every_order() -> None:
    """All 6 orders of 3 items occur, each about equally often."""
    counts: Counter[tuple[str, ...]] = Counter()
    rng = Rng.from_seed(5)
    for _ in range(6000):
        order, rng = rng.shuffled("abc")
        counts[order] += 1
    assert 6 == len(counts)
    assert all(850 < count < 1150 for count in counts.values())


def test_permuted_output_is_pinned() -> None:
    """Pins the stream across Python versions, platforms and releases of this library."""
    permuted, rng = Rng.from_seed(42).permuted(range(10))
    assert (8, 3, 9, 0, 7, 4, 1, 6, 5, 2) == permuted
    assert Rng(42, 1) == rng


def test_permuted_reads_one_draw_as_a_lehmer_code() -> None:
    """The digits of one draw below n!, in bases n, n - 1, ... 2, pick each next item."""
    rng = Rng.from_seed(7)
    code, after = rng.below(math.factorial(6))
    pool, expected = list("abcdef"), []
    for base in range(6, 0, -1):
        code, index = divmod(code, base)
        expected.append(pool.pop(index))
    assert (tuple(expected), after) == rng.permuted("abcdef")


@given(seed=st.integers(), items=st.lists(st.integers(), max_size=60))
def test_permuted_is_a_deterministic_permutation(seed: int, items: list[int]) -> None:
    rng = Rng.from_seed(seed)
    permuted, after = rng.permuted(items)
    assert sorted(items) == sorted(permuted)
    assert (permuted, after) == rng.permuted(items)
    assert isinstance(permuted, tuple)


@pytest.mark.parametrize("items", [(), ("only",)])
def test_permuted_short_sequences_draw_nothing(items: tuple[str, ...]) -> None:
    rng = Rng.from_seed(8)
    assert (items, rng) == rng.permuted(items)


def test_permuted_reaches_every_order_equally_often() -> None:
    """All 24 orders of 4 items, chi-square below its 0.9999 quantile (about 52.6 for 23 d.f.)."""
    counts: Counter[tuple[str, ...]] = Counter()
    rng = Rng.from_seed(11)
    draws = 24 * 1000
    for _ in range(draws):
        order, rng = rng.permuted("abcd")
        counts[order] += 1
    assert 24 == len(counts)
    expected = draws / 24
    assert sum((count - expected) ** 2 / expected for count in counts.values()) < 52.6


@pytest.mark.parametrize("bound", [3, 1 << 64, (1 << 64) + 1, 10**40, math.factorial(52)])
def test_below_is_in_range_for_any_bound(bound: int) -> None:
    rng = Rng.from_seed(3)
    for _ in range(200):
        value, rng = rng.below(bound)
        assert 0 <= value < bound


def test_below_large_bounds_are_not_biased_to_low_values() -> None:
    """A bound of 1.5 * 2**128 would make low values likelier if the excess were folded in."""
    bound = 3 << 127
    rng = Rng.from_seed(12)
    draws = 4000
    low = 0
    for _ in range(draws):
        value, rng = rng.below(bound)
        low += value < bound // 2
    assert abs(low - draws / 2) < 4 * (draws / 4) ** 0.5


@pytest.mark.parametrize("bound", [0, -5])
def test_below_refuses_a_bound_that_is_not_positive(bound: int) -> None:
    with pytest.raises(ValueError, match="below needs a positive integer bound, not"):
        Rng.from_seed(1).below(bound)


def test_choice_picks_an_element() -> None:
    rng = Rng.from_seed(2)
    seen = set()
    for _ in range(100):
        item, rng = rng.choice("xyz")
        seen.add(item)
    assert {"x", "y", "z"} == seen


def test_choice_refuses_an_empty_sequence() -> None:
    with pytest.raises(ValueError, match="empty"):
        Rng.from_seed(2).choice([])


def _first_draws(rng: Rng, count: int = 4) -> tuple[int, ...]:
    values = []
    for _ in range(count):
        value, rng = rng.next64()
        values.append(value)
    return tuple(values)


def test_derive_gives_a_different_stream_for_each_key() -> None:
    base = Rng.from_seed(1234)
    streams = {_first_draws(base.derive(key)) for key in range(200)}
    assert 200 == len(streams)
    assert _first_draws(base) not in streams


def test_derive_is_deterministic_and_order_sensitive() -> None:
    base = Rng.from_seed(1234)
    assert base.derive(1, 2) == Rng.from_seed(1234).derive(1, 2)
    assert base.derive(1, 2) == base.derive(1).derive(2)
    assert base.derive(1, 2) != base.derive(2, 1)
    assert base.derive(1) != Rng.from_seed(1235).derive(1)
    assert 0 == base.derive(7).counter


def test_derive_ignores_the_counter() -> None:
    """A derived stream depends on the key and the seed, not on how much was drawn."""
    rng = Rng.from_seed(77)
    _, later = rng.next64()
    assert rng.derive(3) == later.derive(3)


@given(seed=st.integers(), key=st.integers())
def test_derive_keys_are_taken_modulo_2_to_the_64(seed: int, key: int) -> None:
    rng = Rng.from_seed(seed)
    assert rng.derive(key) == rng.derive(key & MASK64)
    assert 0 <= rng.derive(key).seed <= MASK64

"""The conformance kit's check of a sampler against a reasoner (see :mod:`boardgames.testing`).

:func:`sample_worlds` draws states from an observation, reads each one's world with the
caller's function and counts them against the set of worlds a reasoner says are consistent;
:func:`chi_square_quantile` gives the threshold a uniform sampler stays below. Problems are
reported through ``fail(message)``, the kit's own error factory.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from typing import Any

import attrs

from boardgames.core.errors import BoardgamesError
from boardgames.core.protocol import Game

__all__ = ["SamplerReport", "chi_square_quantile", "sample_worlds"]

Fail = Callable[[str], Exception]

_SHOWN = 300  # characters of a world shown in a message


@attrs.frozen
class SamplerReport:
    """What :func:`~boardgames.testing.check_sampler` drew and measured.

    Args:
        samples: States drawn with ``sample_state``.
        worlds: Worlds the reasoner called consistent.
        counts: How often each world was drawn, in the order the worlds were given.
        chi_square: Pearson's statistic of ``counts`` against a uniform draw.
        threshold: The quantile ``chi_square`` had to stay below (``math.inf`` when
            uniformity was not checked).
    """

    samples: int
    worlds: int
    counts: tuple[int, ...]
    chi_square: float
    threshold: float


def _lower_regularized_gamma(shape: float, x: float) -> float:
    """P(shape, x), the regularized lower incomplete gamma function (series or fraction)."""
    if x <= 0.0:
        return 0.0
    log_prefix = shape * math.log(x) - x - math.lgamma(shape)
    if x < shape + 1.0:
        term = total = 1.0 / shape
        denominator = shape
        while abs(term) > abs(total) * 1e-15:
            denominator += 1.0
            term *= x / denominator
            total += term
        return min(1.0, total * math.exp(log_prefix))
    # Lentz's continued fraction for the upper function Q = 1 - P.
    tiny = 1e-300
    b = x + 1.0 - shape
    c = 1.0 / tiny
    d = 1.0 / b
    fraction = d
    step = 1
    while True:
        a = -step * (step - shape)
        b += 2.0
        d = a * d + b
        d = tiny if abs(d) < tiny else d
        c = b + a / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        change = d * c
        fraction *= change
        step += 1
        if abs(change - 1.0) < 1e-15 or step > 10_000:
            break
    return max(0.0, 1.0 - math.exp(log_prefix) * fraction)


def chi_square_quantile(degrees: int, probability: float) -> float:
    """The ``probability`` quantile of the chi-square distribution with ``degrees`` d.f.

    Found by bisection on the distribution function, to about nine significant digits.

    >>> round(chi_square_quantile(9, 0.9999), 1)
    33.7
    >>> round(chi_square_quantile(1, 0.95), 3)
    3.841
    """
    if degrees < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {degrees}")
    if not 0.0 < probability < 1.0:
        raise ValueError(f"the probability must lie strictly between 0 and 1, not {probability}")
    low, high = 0.0, max(1.0, 2.0 * degrees)
    while _lower_regularized_gamma(degrees / 2.0, high / 2.0) < probability:
        high *= 2.0
    for _ in range(200):
        middle = (low + high) / 2.0
        if _lower_regularized_gamma(degrees / 2.0, middle / 2.0) < probability:
            low = middle
        else:
            high = middle
        if high - low <= 1e-9 * high:
            break
    return high


def _shown(world: object) -> str:
    text = repr(world)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def sample_worlds(
    game: Game[Any, Any, Any],
    observation: object,
    seat: int,
    worlds: Iterable[Hashable],
    world_of: Callable[[Any], Hashable],
    *,
    samples: int | None,
    seed: int,
    uniform: bool,
    fail: Fail,
) -> SamplerReport:
    """Draw, count and judge samples; see :func:`boardgames.testing.check_sampler`."""
    order = list(dict.fromkeys(worlds))
    if not order:
        raise fail("the reasoner gave no consistent world (the observation is one of them)")
    index = {world: position for position, world in enumerate(order)}
    drawn = samples if samples is not None else max(200, 30 * len(order))
    if drawn < len(order):
        raise fail(
            f"{drawn} samples cannot draw each of the {len(order)} consistent worlds; "
            "ask for more samples"
        )
    counts = [0] * len(order)
    for offset in range(drawn):
        try:
            state = game.sample_state(observation, seed + offset)
        except BoardgamesError as error:
            raise fail(f"sample_state(seed={seed + offset}) failed: {error}") from error
        if game.observe(state, seat) != observation:
            raise fail(
                f"the state sampled with seed {seed + offset} looks different to seat {seat} "
                "than the observation it was drawn from"
            )
        world = world_of(state)
        position = index.get(world)
        if position is None:
            raise fail(
                f"sample_state(seed={seed + offset}) drew a world the reasoner rules out: "
                f"{_shown(world)} (it allows {len(order)} worlds, e.g. {_shown(order[0])})"
            )
        counts[position] += 1
    missing = [world for world, count in zip(order, counts, strict=True) if count == 0]
    if missing:
        raise fail(
            f"{len(missing)} of {len(order)} consistent worlds were never drawn in {drawn} "
            f"samples, e.g. {_shown(missing[0])}"
        )
    expected = drawn / len(order)
    chi_square = sum((count - expected) ** 2 / expected for count in counts)
    threshold = math.inf
    if uniform and len(order) > 1:
        threshold = chi_square_quantile(len(order) - 1, 0.9999)
        if chi_square >= threshold:
            low, high = min(counts), max(counts)
            raise fail(
                f"the samples are not uniform over the {len(order)} consistent worlds: "
                f"chi-square {chi_square:.1f} is above its 0.9999 quantile {threshold:.1f} "
                f"({drawn} samples; a world was drawn {low} to {high} times, "
                f"{expected:.1f} expected)"
            )
    return SamplerReport(
        samples=drawn,
        worlds=len(order),
        counts=tuple(counts),
        chi_square=chi_square,
        threshold=threshold,
    )

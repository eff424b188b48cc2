"""Turning sort keys into places, shared by every game's ``ranking``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["places_from_keys", "rewards_from_ranking"]


def places_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """Return competition places (1 best, ties share, gaps after ties) for sort keys.

    A larger key is better; equal keys tie.

    >>> places_from_keys([(10, 3), (12, 0), (10, 3), (4, 9)])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def rewards_from_ranking(ranking: Sequence[int]) -> tuple[float, ...]:
    """Return each seat's reward for a final ranking: the learning adapters' returns.

    A seat gets +1 for every seat placed below it and -1 for every seat placed above it,
    divided by ``players - 1``: so the sole winner gets 1, the sole last -1, tied seats
    the same, and the rewards of a game always sum to 0.

    >>> rewards_from_ranking((1, 2, 2, 4))
    (1.0, 0.0, 0.0, -1.0)
    >>> rewards_from_ranking((1, 1))
    (0.0, 0.0)

    .. versionadded:: 0.1.0
    """
    others = max(len(ranking) - 1, 1)
    return tuple(
        (sum(other > place for other in ranking) - sum(other < place for other in ranking)) / others
        for place in ranking
    )

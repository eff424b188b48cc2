"""Turning sort keys into places, shared by every game's ``ranking``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["places_from_keys"]


def places_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """Return competition places (1 best, ties share, gaps after ties) for sort keys.

    A larger key is better; equal keys tie.

    >>> places_from_keys([(10, 3), (12, 0), (10, 3), (4, 9)])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)

"""The uniformly random bot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from boardgames.core.play import Bot

__all__ = ["RandomBot"]


@attrs.frozen
class RandomBot(Bot[Any, Any]):
    """Choose uniformly among the legal actions, using only the generator it is given.

    >>> import random
    >>> RandomBot().choose(None, ["a", "b", "c"], random.Random(3)) in {"a", "b", "c"}
    True
    """

    def choose(self, observation: object, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Return a uniformly random legal action."""
        return legal_actions[rng.randrange(len(legal_actions))]

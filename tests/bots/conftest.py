"""Shared measurement of the bot tests: how often one bot comes first, seats rotated."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import boardgames
from boardgames import Game, make_bot

FirstPlaces = Callable[[Game[Any, Any, Any], str, str, int], float]
"""``first_places(game, bot, opponent, games)``: see :func:`first_places`."""


def _first_places(game: Game[Any, Any, Any], bot: str, opponent: str, games: int) -> float:
    """First places of ``bot`` against ``opponent`` bots in ``games`` games, seeds 0 to games-1.

    The bot takes seat ``seed % players``, so every seat is played equally often; a first
    place shared by ``k`` seats counts ``1 / k``. A bot no better than its opponents scores
    about ``games / players``.
    """
    wins = 0.0
    for seed in range(games):
        seat = seed % game.players
        bots = [make_bot(opponent, game) for _ in range(game.players)]
        bots[seat] = make_bot(bot, game)
        ranking = boardgames.play(game, bots, seed=seed).ranking
        if ranking[seat] == 1:
            wins += 1 / ranking.count(1)
    return wins


@pytest.fixture
def first_places() -> FirstPlaces:
    """The seat-rotated first-place count of one bot against others of one kind."""
    return _first_places

"""Tests of the Morrigan heuristic bot, reached as ``make_bot("heuristic", game)``."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import boardgames
from boardgames import make_bot
from boardgames.core.play import Bot
from boardgames.games.morrigan import Action, Morrigan, MorriganObservation
from boardgames.games.morrigan.heuristic import MorriganHeuristicBot

GAMES = 20
"""Seat-rotated games per test; seeds 0 to GAMES - 1."""


def test_make_bot_heuristic_returns_the_morrigan_bot() -> None:
    game = boardgames.make("morrigan", players=3)
    assert isinstance(make_bot("heuristic", game), MorriganHeuristicBot)
    assert isinstance(Morrigan(players=3).heuristic_bot(), MorriganHeuristicBot)


def test_heuristic_beats_random_bots_at_three_players(
    first_places: Callable[..., float],
) -> None:
    """A random seat would win about 1 game in 3; the heuristic won 18 of 20 (88 of 100)."""
    game = boardgames.make("morrigan", players=3)
    assert 14 <= first_places(game, "heuristic", "random", GAMES)


class _CheckingBot(MorriganHeuristicBot):
    """The heuristic bot, checking each answer against the legal actions and the rng."""

    def choose(
        self,
        observation: MorriganObservation,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        again = super().choose(observation, legal_actions, random.Random(7))
        assert again == super().choose(observation, legal_actions, random.Random(7))
        choice = super().choose(observation, legal_actions, rng)
        assert choice in legal_actions
        return choice


@pytest.mark.parametrize("players", [2, 3, 5])
def test_heuristic_always_returns_a_legal_action(players: int) -> None:
    game = boardgames.make("morrigan", players=players)
    for seed in range(5):
        bots: list[Bot[Any, Any]] = [boardgames.RandomBot() for _ in range(players)]
        bots[seed % players] = _CheckingBot()
        bots[(seed + 1) % players] = _CheckingBot()
        record = boardgames.play(game, bots, seed=seed)
        assert len(record.ranking) == players

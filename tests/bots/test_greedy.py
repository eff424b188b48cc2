"""Tests of :class:`boardgames.GreedyBot`: legal, deterministic, one ply from samples."""

from __future__ import annotations

import random
from typing import Any

import pytest

import boardgames
from boardgames import ConfigurationError, GreedyBot


def _player_counts() -> list[tuple[str, int]]:
    cases: list[tuple[str, int]] = []
    for name in boardgames.game_names():
        info = boardgames.game_info(name)
        cases.extend((name, players) for players in sorted({info.min_players, info.max_players}))
    return cases


@pytest.mark.parametrize(("name", "players"), _player_counts())
def test_greedy_plays_legally_in_every_registered_game(name: str, players: int) -> None:
    game = boardgames.make(name, players)
    bots: list[boardgames.Bot[Any, Any]] = [boardgames.RandomBot()] * players
    bots[0] = GreedyBot(game)
    record = boardgames.play(game, bots, seed=2)
    assert record.terminal or record.truncated


def test_greedy_games_replay_identically() -> None:
    game = boardgames.make("magellan-elcano", players=4)
    bots: list[boardgames.Bot[Any, Any]] = [GreedyBot(game, samples=2), boardgames.RandomBot()] * 2
    assert boardgames.play(game, bots, seed=6) == boardgames.play(game, bots, seed=6)


def _margin(scores: tuple[float, ...], seat: int) -> float:
    return scores[seat] - max(score for other, score in enumerate(scores) if other != seat)


def test_greedy_takes_an_action_with_the_best_margin_one_decision_ahead() -> None:
    """In Magellan the score moves when the last captain passes: the piles are taken.

    Who takes them follows from the columns, which are public, so the margin after each
    action is the same in every sampled state and in the real one.
    """
    game = boardgames.make("magellan-elcano", players=3)
    checked = 0
    for seed in range(4):
        record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=seed)
        for state in boardgames.replay(record):
            seat = game.current_player(state)
            if seat is None:
                continue
            legal = game.legal_actions(state)
            margins = [_margin(game.score(game.apply(state, action)), seat) for action in legal]
            if len(set(margins)) == 1:
                continue
            observation = game.observe(state, seat)
            choice = GreedyBot(game).choose(observation, legal, random.Random(seed))
            assert max(margins) == margins[list(legal).index(choice)]
            checked += 1
    assert 5 <= checked


def test_greedy_refuses_a_bad_sample_count() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    with pytest.raises(ConfigurationError, match="samples=0 must be an int of 1 or more"):
        GreedyBot(game, samples=0)

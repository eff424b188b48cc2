"""Tests of the Magellan: Elcano heuristic bot, reached as ``make_bot("heuristic", game)``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import boardgames
from boardgames import ConfigurationError
from boardgames.games.magellan_elcano import Pass, PlayCard
from boardgames.games.magellan_elcano.heuristic import MagellanHeuristicBot
from boardgames.testing import check_bot

CONFIGURATIONS = ((2, False), (3, False), (4, False), (4, True), (5, False))
GAMES = 20
"""Seat-rotated games per configuration and opponent; seeds 0 to GAMES - 1."""


@pytest.mark.parametrize(("players", "storm_variant"), CONFIGURATIONS)
def test_heuristic_beats_random_bots(
    players: int, storm_variant: bool, first_places: Callable[..., float]
) -> None:
    """A random seat would win about 1 game in ``players``; the heuristic wins most."""
    game = boardgames.make("magellan-elcano", players, storm_variant=storm_variant)
    assert 14 <= first_places(game, "heuristic", "random", GAMES)


@pytest.mark.parametrize(("players", "storm_variant"), CONFIGURATIONS)
def test_heuristic_beats_greedy_bots(
    players: int, storm_variant: bool, first_places: Callable[..., float]
) -> None:
    game = boardgames.make("magellan-elcano", players, storm_variant=storm_variant)
    assert 13 <= first_places(game, "heuristic", "greedy", GAMES)


@pytest.mark.parametrize(("players", "storm_variant"), CONFIGURATIONS)
def test_heuristic_passes_the_bot_checks(players: int, storm_variant: bool) -> None:
    """Each answer is legal, the same for the same generator and for a JSON copy (check_bot)."""
    game = boardgames.make("magellan-elcano", players, storm_variant=storm_variant)
    report = check_bot(game, MagellanHeuristicBot(), seed=players)
    assert report.decisions > 10 * players


def test_heuristic_ignores_its_random_generator() -> None:
    game = boardgames.make("magellan-elcano", players=4)
    bot = MagellanHeuristicBot()
    record = boardgames.play(game, [bot, boardgames.RandomBot()] * 2, seed=3)
    for state in boardgames.replay(record):
        seat = game.current_player(state)
        if seat not in (0, 2):
            continue
        observation = game.observe(state, seat)
        legal = game.legal_actions(state)
        choices = {bot.choose(observation, legal, random.Random(draw)) for draw in range(3)}
        assert 1 == len(choices)


def test_the_first_captain_must_play_and_does() -> None:
    game = boardgames.make("magellan-elcano", players=3)
    state = game.new_game(seed=9)
    seat = game.current_player(state)
    assert seat is not None
    legal = game.legal_actions(state)
    assert Pass() not in legal
    choice = MagellanHeuristicBot().choose(game.observe(state, seat), legal, random.Random(0))
    assert isinstance(choice, PlayCard)


def test_the_last_captain_passes_when_he_already_wins_everything_he_can() -> None:
    """Everyone else has passed, so a pass ends the round; more cards would only cost."""
    game = boardgames.make("magellan-elcano", players=2)
    bot = MagellanHeuristicBot()
    found = 0
    for seed in range(30):
        record = boardgames.play(game, [bot, boardgames.RandomBot()], seed=seed)
        states = list(boardgames.replay(record))
        for state, action in zip(states, record.actions, strict=False):
            if game.current_player(state) != 0 or not state.crews[1].passed:
                continue
            if action == Pass():
                found += 1
                # Passing now ends the round: nothing else was worth a card.
                after = game.apply(state, action)
                assert after.round == state.round + 1 or game.is_terminal(after)
    assert found


@pytest.mark.parametrize("parameters", [{"card_price": -1.0}, {"denial": -0.5}])
def test_bad_parameters_are_configuration_errors(parameters: dict[str, Any]) -> None:
    with pytest.raises(ConfigurationError, match="cannot be negative"):
        MagellanHeuristicBot(**parameters)

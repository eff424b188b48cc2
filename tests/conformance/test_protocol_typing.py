"""The shipped engines satisfy the public protocols, statically (mypy --strict runs over tests)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import boardgames
from boardgames import Game, GameFactory
from boardgames.games.magellan_elcano import (
    Action,
    MagellanElcano,
    MagellanObservation,
    MagellanState,
)


def test_magellan_is_a_game_and_its_class_a_factory() -> None:
    game: Game[MagellanState, Action, MagellanObservation] = MagellanElcano(players=3)
    factory: GameFactory = MagellanElcano
    assert "magellan-elcano" == factory.info.name == game.info.name
    assert isinstance(boardgames.make("magellan-elcano", 3), MagellanElcano)


class _FirstBot:
    """A user's bot that subclasses nothing."""

    def choose(
        self, observation: MagellanObservation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return legal_actions[0]


def test_a_list_of_a_users_bot_and_built_in_bots_is_a_list_of_bots() -> None:
    """``mypy --strict`` infers these lists as lists of bots, so ``play`` takes them.

    The built-in bots subclass :class:`boardgames.Bot`, so a list that starts with a bot of
    one's own and goes on with built-in ones is a ``list[Bot[...]]``, not a
    ``list[object]``.
    """
    game = MagellanElcano(players=4)
    bots = [
        _FirstBot(),
        boardgames.RandomBot(),
        boardgames.GreedyBot(game),
        boardgames.ISMCTSBot(game, iterations=2),
    ]
    record = boardgames.play(game, bots, seed=1)
    assert record.terminal
    seated: list[boardgames.Bot[MagellanObservation, Action]] = [
        boardgames.RandomBot(),
        _FirstBot(),
    ]
    assert 2 == len(seated)

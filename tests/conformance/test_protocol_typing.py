"""The shipped engines satisfy the public protocols, statically (mypy --strict runs over tests)."""

from __future__ import annotations

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

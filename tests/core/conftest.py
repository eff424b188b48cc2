"""Fixtures for the core tests: played games of Magellan: Elcano, the only registered game.

Test modules are not a package (pytest runs in importlib mode), so shared data is handed to
the tests as session-scoped fixtures (which Hypothesis tests may use too).

* ``magellan_records``: one finished game per configuration (2 to 5 players, and the 4-player
  storm variant), played by random bots.
* ``magellan_values``: states, observations and actions taken from those games, with the
  configured game each belongs to.
* ``restore_registry``: restores the game registry after a test that registers games.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames.core import registry

CONFIGURATIONS: tuple[tuple[int, bool], ...] = (
    (2, False),
    (3, False),
    (4, False),
    (4, True),
    (5, False),
)
"""``(players, storm_variant)`` of every configuration the fixtures play."""


@pytest.fixture(scope="session")
def magellan_records() -> tuple[boardgames.GameRecord, ...]:
    """One finished, seeded game for every configuration in :data:`CONFIGURATIONS`."""
    records = []
    for players, storm_variant in CONFIGURATIONS:
        game = boardgames.make("magellan-elcano", players, storm_variant=storm_variant)
        records.append(boardgames.play(game, [boardgames.RandomBot()] * players, seed=players))
    return tuple(records)


@pytest.fixture(scope="session")
def magellan_values(
    magellan_records: tuple[boardgames.GameRecord, ...],
) -> tuple[tuple[boardgames.Game[Any, Any, Any], object], ...]:
    """``(game, value)`` pairs: states (first, every 9th, last), observations and actions."""
    values: list[tuple[boardgames.Game[Any, Any, Any], object]] = []
    for record in magellan_records:
        game = record.make_game()
        states = list(boardgames.replay(record))
        for index in sorted({*range(0, len(states), 9), len(states) - 1}):
            state = states[index]
            values.append((game, state))
            values.append((game, game.observe(state, index % game.players)))
        values.extend((game, action) for action in sorted(set(record.actions), key=repr))
    return tuple(values)


@pytest.fixture
def restore_registry() -> Iterator[None]:
    """Let a test register games; put the registry back as it was afterwards."""
    registry.game_names()  # discover the built-in and entry-point games before the snapshot
    factories = dict(registry._factories)
    sources = dict(registry._sources)
    problems = dict(registry._problems)
    discovered = registry._discovered
    yield
    registry._factories.clear()
    registry._factories.update(factories)
    registry._sources.clear()
    registry._sources.update(sources)
    registry._problems.clear()
    registry._problems.update(problems)
    registry._discovered = discovered

"""The public names of :mod:`boardgames`: pinned, so a change to them is a deliberate one."""

from __future__ import annotations

import importlib
import inspect
from importlib.metadata import version
from types import ModuleType

import pytest

import boardgames

EXPORTED = [
    "BoardgamesError",
    "Bot",
    "Codec",
    "ConfigurationError",
    "DescribesActions",
    "DrawsPictures",
    "ExplainsNotation",
    "Game",
    "GameFactory",
    "GameInfo",
    "GameRecord",
    "GreedyBot",
    "History",
    "ISMCTSBot",
    "IllegalActionError",
    "InvalidStateError",
    "NotationError",
    "OptionSpec",
    "OptionValue",
    "PlayerId",
    "PluginError",
    "RandomBot",
    "RecordError",
    "Rng",
    "SerializationError",
    "SetsUpPositions",
    "TournamentResult",
    "UnknownComponentError",
    "UnknownGameError",
    "dumps",
    "game_info",
    "game_names",
    "loads",
    "make",
    "make_bot",
    "play",
    "plugin_errors",
    "register_game",
    "render_svg",
    "replay",
    "tournament",
    "unregister_game",
]

CORE_MODULES = [
    "boardgames.core.codec",
    "boardgames.core.errors",
    "boardgames.core.guards",
    "boardgames.core.play",
    "boardgames.core.protocol",
    "boardgames.core.ranking",
    "boardgames.core.record",
    "boardgames.core.registry",
    "boardgames.core.rng",
    "boardgames.serialization",
    "boardgames.bots",
    "boardgames.bots.greedy",
    "boardgames.bots.human",
    "boardgames.bots.ismcts",
    "boardgames.bots.random_bot",
    "boardgames.bots.specs",
]


def test_exported_names_are_pinned() -> None:
    assert EXPORTED == boardgames.__all__


def test_exported_names_are_sorted_and_distinct() -> None:
    assert sorted(set(boardgames.__all__)) == boardgames.__all__


def test_every_exported_name_resolves() -> None:
    for name in boardgames.__all__:
        assert hasattr(boardgames, name), name


def test_star_import_gives_exactly_the_exported_names() -> None:
    namespace: dict[str, object] = {}
    exec("from boardgames import *", namespace)
    assert set(EXPORTED) == set(namespace) - {"__builtins__"}


def test_exported_classes_and_functions_are_defined_in_the_package() -> None:
    checked = 0
    for name in boardgames.__all__:
        value = getattr(boardgames, name)
        if not (isinstance(value, type) or inspect.isfunction(value)):
            continue  # a type alias such as OptionValue = bool | int | str
        if value.__module__ == "builtins":
            continue  # a type alias of a built-in, such as PlayerId = int
        assert value.__module__.startswith("boardgames."), f"{name} is {value.__module__}"
        checked += 1
    assert len(EXPORTED) - 2 == checked


def test_version_matches_the_distribution() -> None:
    assert version("boardgames") == boardgames.__version__


@pytest.mark.parametrize("module_name", CORE_MODULES)
def test_module_all_is_sorted_and_resolves(module_name: str) -> None:
    module: ModuleType = importlib.import_module(module_name)
    names: list[str] = module.__all__
    assert sorted(set(names)) == names
    for name in names:
        assert hasattr(module, name), f"{module_name}.{name}"

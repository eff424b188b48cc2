"""Finding games by name, registering new ones, and building configured games."""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any, ClassVar, cast

import pytest

import boardgames
from boardgames import GameFactory, GameInfo, OptionSpec, OptionValue
from boardgames.core import registry
from boardgames.core.guards import shown
from boardgames.games.magellan_elcano import MagellanElcano
from boardgames.games.morrigan import Morrigan

TOY_INFO = GameInfo(
    name="toy-race",
    title="Toy Race",
    min_players=1,
    max_players=3,
    default_players=2,
    options=(
        OptionSpec(name="target", default=10, description="points to win", minimum=1, maximum=99),
        OptionSpec(name="speed", default="fast", description="pace", choices=("fast", "slow")),
    ),
)


class ToyRace:
    """The least a factory needs: an ``info`` and a constructor taking players and options."""

    info: ClassVar[GameInfo] = TOY_INFO

    def __init__(self, *, players: int, **options: OptionValue) -> None:
        self.players = players
        self.options = options


class OtherToyRace(ToyRace):
    """A second factory under the same name."""


def as_factory(factory: object) -> GameFactory:
    """The toy builds no full :class:`~boardgames.Game`, which only the type checker minds."""
    return cast(GameFactory, factory)


def test_game_names_lists_the_builtin_game_sorted() -> None:
    names = boardgames.game_names()
    assert "magellan-elcano" in names
    assert tuple(sorted(names)) == names


def test_game_info_of_magellan_elcano() -> None:
    info = boardgames.game_info("magellan-elcano")
    assert MagellanElcano.info is info
    assert ("magellan-elcano", "Magellan: Elcano", 2, 5, 4) == (
        info.name,
        info.title,
        info.min_players,
        info.max_players,
        info.default_players,
    )
    assert ("storm_variant",) == tuple(spec.name for spec in info.options)


def test_game_info_of_an_unknown_game() -> None:
    with pytest.raises(boardgames.UnknownGameError, match="unknown game 'go'"):
        boardgames.game_info("go")


def test_make_uses_the_default_player_count_and_options() -> None:
    game = boardgames.make("magellan-elcano")
    assert 4 == game.players
    assert {"storm_variant": False} == dict(game.options)
    assert "magellan-elcano" == game.info.name


def test_make_passes_players_and_options() -> None:
    game = boardgames.make("magellan-elcano", 4, storm_variant=True)
    assert isinstance(game, MagellanElcano)
    assert 4 == game.players
    assert {"storm_variant": True} == dict(game.options)
    assert game.storms


def test_register_game_adds_a_toy_game(restore_registry: None) -> None:
    boardgames.register_game(as_factory(ToyRace))
    assert "toy-race" in boardgames.game_names()
    assert "magellan-elcano" in boardgames.game_names()
    assert TOY_INFO is boardgames.game_info("toy-race")
    game = cast(Any, boardgames.make("toy-race", target=3))
    assert isinstance(game, ToyRace)
    assert 2 == game.players
    assert {"target": 3, "speed": "fast"} == game.options


def test_make_checks_the_toy_game_options(restore_registry: None) -> None:
    boardgames.register_game(as_factory(ToyRace))
    with pytest.raises(boardgames.ConfigurationError) as caught:
        boardgames.make("toy-race", 1, colour="red")
    assert "unknown option 'colour' for toy-race; allowed options: speed, target" == str(
        caught.value
    )
    with pytest.raises(boardgames.ConfigurationError, match="above the maximum 99"):
        boardgames.make("toy-race", 1, target=100)
    with pytest.raises(boardgames.ConfigurationError, match=r"choose one of \['fast', 'slow'\]"):
        boardgames.make("toy-race", 1, speed="medium")
    with pytest.raises(boardgames.ConfigurationError, match="allowed 1 to 3"):
        boardgames.make("toy-race", 4)


def test_register_game_twice_is_harmless(restore_registry: None) -> None:
    boardgames.register_game(as_factory(ToyRace))
    boardgames.register_game(as_factory(ToyRace))
    assert 1 == boardgames.game_names().count("toy-race")


def test_register_game_refuses_a_taken_name(restore_registry: None) -> None:
    boardgames.register_game(as_factory(ToyRace))
    with pytest.raises(boardgames.ConfigurationError) as caught:
        boardgames.register_game(as_factory(OtherToyRace))
    message = str(caught.value)
    assert message.startswith("a game named 'toy-race' is already registered (by register_game(")
    assert "ToyRace'>)); pass replace=True to replace it" in message
    assert isinstance(boardgames.make("toy-race"), ToyRace)
    assert not isinstance(boardgames.make("toy-race"), OtherToyRace)


def test_register_game_refuses_to_shadow_a_builtin_game(restore_registry: None) -> None:
    class Impostor(ToyRace):
        info: ClassVar[GameInfo] = GameInfo("magellan-elcano", "Impostor", 1, 3, 2)

    with pytest.raises(boardgames.ConfigurationError, match="already registered"):
        boardgames.register_game(as_factory(Impostor))
    assert isinstance(boardgames.make("magellan-elcano"), MagellanElcano)


def test_register_game_replaces_when_asked(restore_registry: None) -> None:
    boardgames.register_game(as_factory(ToyRace))
    boardgames.register_game(as_factory(OtherToyRace), replace=True)
    assert isinstance(boardgames.make("toy-race"), OtherToyRace)


class NoInfo:
    def __init__(self, *, players: int) -> None:
        self.players = players


class WrongInfo(NoInfo):
    info: ClassVar[object] = {"name": "wrong"}


@pytest.mark.parametrize("factory", [NoInfo, WrongInfo, TOY_INFO, object(), None])
def test_register_game_refuses_what_is_not_a_factory(
    restore_registry: None, factory: object
) -> None:
    names = boardgames.game_names()
    with pytest.raises(boardgames.ConfigurationError) as caught:
        boardgames.register_game(as_factory(factory))
    assert f"{shown(factory)} is not a game factory" in str(caught.value)
    assert "needs an 'info' GameInfo attribute" in str(caught.value)
    assert names == boardgames.game_names()


def test_register_game_refuses_an_info_without_a_constructor(restore_registry: None) -> None:
    class NotCallable:
        info = TOY_INFO

    with pytest.raises(boardgames.ConfigurationError, match="is not a game factory"):
        boardgames.register_game(as_factory(NotCallable()))


def test_restore_registry_fixture_undoes_registrations(restore_registry: None) -> None:
    """The fixture snapshots a discovered registry, so the toy is gone after each test."""
    assert "toy-race" not in registry._factories
    assert "magellan-elcano" in registry._factories


# Plugins: games declared by other packages under the "boardgames.games" entry points.

PLUGIN = """
from typing import ClassVar
from boardgames import GameInfo

class Plugged:
    info: ClassVar[GameInfo] = GameInfo(
        name={name!r}, title="Plugged", min_players=2, max_players=2, default_players=2
    )

    def __init__(self, *, players: int) -> None:
        self.players = players
"""


@pytest.fixture
def plugins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restore_registry: None
) -> Callable[..., None]:
    """Declare entry points and rediscover the registry with them.

    Each entry point is a name and a module source (``None`` for a missing module).
    """
    monkeypatch.syspath_prepend(str(tmp_path))

    def declare(**points: str | None) -> None:
        found = []
        for index, (name, source) in enumerate(points.items()):
            module = f"plugin_{tmp_path.name.replace('-', '_')}_{index}"
            if source is not None:
                (tmp_path / f"{module}.py").write_text(source, encoding="utf-8")
            found.append(EntryPoint(name, f"{module}:Plugged", registry.ENTRY_POINT_GROUP))
        monkeypatch.setattr(registry, "entry_points", lambda group: found)
        registry._factories.clear()
        registry._sources.clear()
        registry._problems.clear()
        registry._discovered = False

    return declare


def test_a_plugin_game_is_registered_under_its_name(plugins: Callable[..., None]) -> None:
    plugins(plugged=PLUGIN.format(name="plugged"))
    assert "plugged" in boardgames.game_names()
    assert 2 == boardgames.make("plugged").players
    assert () == boardgames.plugin_errors()


def test_a_plugin_never_replaces_a_builtin_game(plugins: Callable[..., None]) -> None:
    """A plugin game called "morrigan" (under another entry-point name) replaced Morrigan.

    It did so silently; now asking for the name raises an error naming both sources.
    """
    plugins(other=PLUGIN.format(name="morrigan"))
    with pytest.raises(boardgames.PluginError) as raised:
        boardgames.make("morrigan")
    message = str(raised.value)
    assert "'morrigan' is claimed twice" in message
    assert "boardgames.games.morrigan:Morrigan" in message
    assert "entry point 'other'" in message
    assert len(message) < 300
    assert [str(raised.value)] == [str(error) for error in boardgames.plugin_errors()]
    assert "magellan-elcano" in boardgames.game_names()  # the other games are untouched


def test_a_plugin_that_fails_to_import_is_reported_and_the_others_load(
    plugins: Callable[..., None],
) -> None:
    plugins(
        broken="raise RuntimeError('this plugin is broken')",
        missing=None,
        plugged=PLUGIN.format(name="plugged"),
    )
    assert "plugged" in boardgames.game_names()  # loaded although two plugins before it fail
    assert "morrigan" in boardgames.game_names()
    with pytest.raises(boardgames.PluginError, match=r"'broken'.*RuntimeError.*broken"):
        boardgames.make("broken")
    with pytest.raises(boardgames.PluginError, match=r"'missing'.*ModuleNotFoundError"):
        boardgames.game_info("missing")
    errors = boardgames.plugin_errors()
    assert 2 == len(errors)
    assert all(isinstance(error, ImportError) and len(str(error)) < 300 for error in errors)


def test_a_plugin_that_is_not_a_factory_is_reported(plugins: Callable[..., None]) -> None:
    plugins(odd="Plugged = 42", plugged=PLUGIN.format(name="plugged"))
    assert "plugged" in boardgames.game_names()
    with pytest.raises(boardgames.PluginError, match="not a game factory"):
        boardgames.make("odd")


def test_register_game_with_replace_settles_a_claimed_name(
    plugins: Callable[..., None],
) -> None:
    plugins(other=PLUGIN.format(name="morrigan"))

    boardgames.register_game(Morrigan, replace=True)
    assert isinstance(boardgames.make("morrigan"), Morrigan)
    assert () == boardgames.plugin_errors()


@pytest.mark.parametrize("name", [["morrigan"], None, 3, b"morrigan"])
def test_make_refuses_a_name_that_is_not_a_str(name: Any) -> None:
    with pytest.raises(boardgames.UnknownGameError, match="a game name must be a str"):
        boardgames.make(name)


def test_make_takes_no_option_called_name() -> None:
    """``make(name, name="x")`` used to raise a bare TypeError."""
    with pytest.raises(boardgames.ConfigurationError, match="unknown option 'name'"):
        boardgames.make("morrigan", name="x")


def test_a_huge_name_gives_a_short_message() -> None:
    with pytest.raises(boardgames.UnknownGameError) as raised:
        boardgames.make("x" * 10_000_000)
    assert len(str(raised.value)) < 300
    assert "(10000002 characters)" in str(raised.value)

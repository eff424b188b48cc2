"""Finding games by name, registering new ones, and building configured games."""

from __future__ import annotations

from typing import Any, ClassVar, cast

import pytest

import boardgames
from boardgames import GameFactory, GameInfo, OptionSpec, OptionValue
from boardgames.core import registry
from boardgames.games.magellan_elcano import MagellanElcano

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
    assert "a game named 'toy-race' is already registered" == str(caught.value)
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
    assert f"{factory!r} is not a game factory" in str(caught.value)
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

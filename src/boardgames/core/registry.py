"""Finding games by name: the built-in ones and those registered through entry points."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from boardgames.core.errors import ConfigurationError, UnknownGameError
from boardgames.core.protocol import Game, GameFactory, GameInfo

__all__ = [
    "ENTRY_POINT_GROUP",
    "game_info",
    "game_names",
    "make",
    "register_game",
    "unregister_game",
]

ENTRY_POINT_GROUP = "boardgames.games"
"""The entry-point group in which third-party packages register game factories."""

_BUILTIN = {
    "kincses-sziget": "boardgames.games.kincses_sziget:KincsesSziget",
    "magellan-elcano": "boardgames.games.magellan_elcano:MagellanElcano",
    "morgans-magic-map": "boardgames.games.morgans_magic_map:MorgansMagicMap",
    "morrigan": "boardgames.games.morrigan:Morrigan",
}

_factories: dict[str, GameFactory] = {}
_discovered = False


def _load(target: str) -> Any:
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def _check_factory(factory: object, where: str) -> GameFactory:
    info = getattr(factory, "info", None)
    if not isinstance(info, GameInfo) or not callable(factory):
        raise ConfigurationError(
            f"{where} is not a game factory: it needs an 'info' GameInfo attribute and must "
            "be callable with players= and the game's options"
        )
    return factory  # type: ignore[return-value]


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for name, target in _BUILTIN.items():
        _factories.setdefault(name, _check_factory(_load(target), target))
    for entry_point in entry_points(group=ENTRY_POINT_GROUP):
        if entry_point.name in _factories:
            continue
        factory = _check_factory(entry_point.load(), f"entry point {entry_point.value!r}")
        _factories[factory.info.name] = factory


def register_game(factory: GameFactory, *, replace: bool = False) -> None:
    """Register a game factory under ``factory.info.name``.

    Entry points are the usual way; this is for games defined at run time (tests,
    notebooks).

    Args:
        factory: A :class:`~boardgames.core.protocol.GameFactory`, usually the game class.
        replace: Allow replacing a game already registered under the same name.

    Raises:
        ConfigurationError: ``factory`` is not a factory, or the name is taken and
            ``replace`` is false.
    """
    _discover()
    checked = _check_factory(factory, repr(factory))
    name = checked.info.name
    if name in _factories and not replace and _factories[name] is not checked:
        raise ConfigurationError(f"a game named {name!r} is already registered")
    _factories[name] = checked


def unregister_game(name: str) -> None:
    """Remove a game registered under ``name`` (for tests and notebooks).

    Raises:
        UnknownGameError: No game has that name.
    """
    _discover()
    if name not in _factories:
        raise UnknownGameError(
            f"unknown game {name!r}; registered games: {', '.join(sorted(_factories))}"
        )
    del _factories[name]


def game_names() -> tuple[str, ...]:
    """Return the names of every registered game, sorted.

    >>> "magellan-elcano" in game_names()
    True
    """
    _discover()
    return tuple(sorted(_factories))


def _factory(name: str) -> GameFactory:
    _discover()
    try:
        return _factories[name]
    except KeyError:
        known = ", ".join(sorted(_factories))
        raise UnknownGameError(f"unknown game {name!r}; registered games: {known}") from None


def game_info(name: str) -> GameInfo:
    """Return the :class:`~boardgames.core.protocol.GameInfo` of a registered game.

    Raises:
        UnknownGameError: No game has that name.
    """
    return _factory(name).info


def make(name: str, players: int | None = None, **options: Any) -> Game[Any, Any, Any]:
    """Build a configured game by its registered name.

    Args:
        name: A name from :func:`game_names`, such as ``"magellan-elcano"``.
        players: The seat count; the game's default when omitted.
        **options: The game's options (see ``game_info(name).options``).

    Returns:
        The game object, ready for ``new_game(seed)``.

    Raises:
        UnknownGameError: No game has that name.
        ConfigurationError: The player count or an option is not allowed.

    >>> game = make("magellan-elcano", players=3)
    >>> game.players
    3
    """
    factory = _factory(name)
    seats = factory.info.default_players if players is None else players
    resolved = factory.info.resolve(seats, options)
    return factory(players=seats, **resolved)

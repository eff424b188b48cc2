"""Finding games by name: the built-in ones and those registered through entry points.

Plugins are games that other packages declare under the entry-point group
:data:`ENTRY_POINT_GROUP`. They are loaded once, on the first lookup, each on its own: a
plugin that fails to import, is not a game factory, or claims a name that another game
already has is set aside as a :class:`~boardgames.PluginError` (listed by
:func:`~boardgames.plugin_errors`), and every other game still loads. A name is never silently taken
over: asking for a name that two sources claim raises an error naming both.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from boardgames.core.errors import ConfigurationError, PluginError, UnknownGameError
from boardgames.core.guards import given, shown
from boardgames.core.protocol import Game, GameFactory, GameInfo

__all__ = [
    "ENTRY_POINT_GROUP",
    "game_info",
    "game_names",
    "make",
    "plugin_errors",
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
_sources: dict[str, str] = {}
"""Where each registered factory came from, for the messages of name conflicts."""
_problems: dict[str, PluginError] = {}
"""Plugins set aside, by the name they were asked for under (entry-point or game name)."""
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
        if name not in _factories:
            _factories[name] = _check_factory(_load(target), target)
            _sources[name] = f"boardgames ({target})"
    found = entry_points(group=ENTRY_POINT_GROUP)
    for entry_point in sorted(found, key=lambda point: (point.name, point.value)):
        _load_plugin(entry_point)


def _load_plugin(entry_point: Any) -> None:
    """Register one entry point's game, or set it aside with the reason why."""
    source = f"entry point {entry_point.name!r} ({entry_point.value})"
    try:
        loaded = entry_point.load()
    except Exception as error:  # a broken plugin must not stop the other games
        _problems[entry_point.name] = PluginError(
            f"the game plugin {source} fails to import: {type(error).__name__}: "
            f"{shown(str(error), 150)}"
        )
        return
    try:
        factory = _check_factory(loaded, source)
    except ConfigurationError as error:
        _problems[entry_point.name] = PluginError(str(error))
        return
    name = factory.info.name
    if name in _factories:
        if _factories[name] is not factory:
            _problems[name] = PluginError(
                f"the game name {shown(name, 60)} is claimed twice: by {_sources[name]} and by "
                f"{source}; uninstall one of them, or choose one with "
                "register_game(factory, replace=True)"
            )
        return
    _factories[name] = factory
    _sources[name] = source


def plugin_errors() -> tuple[PluginError, ...]:
    """Return the problems met while loading game plugins, in the order of their names.

    Each one is a :class:`~boardgames.PluginError`: a plugin that fails to import, that is
    not a game factory, or whose game name another source already claims. :func:`make`
    raises the same error for the name concerned.

    >>> plugin_errors()
    ()

    .. versionadded:: 0.1.0
    """
    _discover()
    return tuple(_problems[name] for name in sorted(_problems))


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
    checked = _check_factory(factory, shown(factory))
    name = checked.info.name
    if name in _factories and not replace and _factories[name] is not checked:
        raise ConfigurationError(
            f"a game named {shown(name)} is already registered (by {_sources[name]}); "
            "pass replace=True to replace it"
        )
    _factories[name] = checked
    _sources[name] = f"register_game({shown(checked, 80)})"
    _problems.pop(name, None)


def unregister_game(name: str) -> None:
    """Remove a game registered under ``name`` (for tests and notebooks).

    Raises:
        UnknownGameError: No game has that name.
    """
    _discover()
    if not isinstance(name, str) or name not in _factories:
        raise _unknown(name)
    del _factories[name]
    _sources.pop(name, None)


def game_names() -> tuple[str, ...]:
    """Return the names of every registered game, sorted.

    >>> "magellan-elcano" in game_names()
    True
    """
    _discover()
    return tuple(sorted(_factories))


def _unknown(name: object) -> UnknownGameError:
    known = ", ".join(sorted(_factories))
    if not isinstance(name, str):
        return UnknownGameError(
            f"a game name must be a str, not {given(name)}; registered games: {known}"
        )
    return UnknownGameError(f"unknown game {shown(name, 100)}; registered games: {known}")


def _factory(name: str) -> GameFactory:
    _discover()
    problem = _problems.get(name) if type(name) is str else None
    if problem is not None:
        raise PluginError(str(problem))
    try:
        return _factories[name]
    except (KeyError, TypeError):  # TypeError: an unhashable name
        raise _unknown(name) from None


def game_info(name: str) -> GameInfo:
    """Return the :class:`~boardgames.core.protocol.GameInfo` of a registered game.

    Raises:
        UnknownGameError: No game has that name.
        PluginError: The plugin that declares that name cannot be loaded.
    """
    return _factory(name).info


def make(name: str, /, players: int | None = None, **options: Any) -> Game[Any, Any, Any]:
    """Build a configured game by its registered name.

    Args:
        name: A name from :func:`game_names`, such as ``"magellan-elcano"``.
        players: The seat count; the game's default when omitted.
        **options: The game's options (see ``game_info(name).options``).

    Returns:
        The game object, ready for ``new_game(seed)``.

    Raises:
        UnknownGameError: No game has that name (or ``name`` is not a str).
        PluginError: The plugin that declares that name cannot be loaded, or two sources
            claim the name.
        ConfigurationError: The player count or an option is not allowed.

    >>> game = make("magellan-elcano", players=3)
    >>> game.players
    3
    """
    factory = _factory(name)
    seats = factory.info.default_players if players is None else players
    resolved = factory.info.resolve(seats, options)
    return factory(players=seats, **resolved)

"""Bots by name: ``"random"``, ``"greedy"``, ``"ismcts:iterations=400"``, and third-party ones.

A *bot spec* is a bot name, optionally followed by ``:key=value`` parameters separated by
colons: ``ismcts:iterations=400:exploration=0.7``. Commas never appear inside a spec, so a
list of seats can be written ``random,greedy,ismcts:seconds=0.5``.

Bots register a factory under a name, either with :func:`register_bot` or through the
``boardgames.bots`` entry-point group. A factory is called with the configured game and the
spec's parameters as strings, and returns a :class:`~boardgames.Bot`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any, TypeAlias

import attrs

from boardgames.bots.random_bot import RandomBot
from boardgames.core.errors import ConfigurationError
from boardgames.core.play import Bot
from boardgames.core.protocol import Game

__all__ = [
    "BOT_ENTRY_POINT_GROUP",
    "BotFactory",
    "BotSpec",
    "bot_names",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
]

BOT_ENTRY_POINT_GROUP = "boardgames.bots"
"""The entry-point group in which third-party packages register bot factories."""

BotFactory: TypeAlias = Callable[[Game[Any, Any, Any], Mapping[str, str]], Bot[Any, Any]]
"""Builds a bot for a configured game from the spec's parameters (all strings)."""


@attrs.frozen
class BotSpec:
    """A parsed bot spec.

    Args:
        name: The registered bot name.
        parameters: The ``key=value`` parameters, in the order given.
    """

    name: str
    parameters: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return ":".join([self.name, *(f"{key}={value}" for key, value in self.parameters)])


def parse_bot_spec(text: str) -> BotSpec:
    """Parse ``name[:key=value[:key=value...]]``.

    Raises:
        ConfigurationError: The text is empty, has an empty name, or a parameter without
            ``=`` or given twice.

    >>> parse_bot_spec("ismcts:iterations=400")
    BotSpec(name='ismcts', parameters=(('iterations', '400'),))
    """
    name, *parts = text.strip().split(":")
    if not name:
        raise ConfigurationError(f"invalid bot spec {text!r}: it needs a bot name first")
    parameters: list[tuple[str, str]] = []
    for part in parts:
        key, equals, value = part.partition("=")
        if not equals or not key:
            raise ConfigurationError(
                f"invalid bot spec {text!r}: parameter {part!r} should read key=value"
            )
        if any(key == seen for seen, _ in parameters):
            raise ConfigurationError(f"invalid bot spec {text!r}: parameter {key!r} given twice")
        parameters.append((key, value))
    return BotSpec(name, tuple(parameters))


def _random_bot(game: Game[Any, Any, Any], parameters: Mapping[str, str]) -> Bot[Any, Any]:
    if parameters:
        raise ConfigurationError(f"bot 'random' takes no parameters, got {sorted(parameters)}")
    return RandomBot()


_factories: dict[str, BotFactory] = {"random": _random_bot}
_discovered = False


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for entry_point in entry_points(group=BOT_ENTRY_POINT_GROUP):
        _factories.setdefault(entry_point.name, entry_point.load())


def register_bot(name: str, factory: BotFactory, *, replace: bool = False) -> None:
    """Register a bot factory under ``name``.

    Raises:
        ConfigurationError: The name is taken and ``replace`` is false, or it contains a
            ``:``, ``,`` or ``=``.
    """
    _discover()
    if not name or any(mark in name for mark in ":,="):
        raise ConfigurationError(f"invalid bot name {name!r}: it cannot contain ':', ',' or '='")
    if name in _factories and not replace and _factories[name] is not factory:
        raise ConfigurationError(f"a bot named {name!r} is already registered")
    _factories[name] = factory


def bot_names() -> tuple[str, ...]:
    """Return every registered bot name, sorted."""
    _discover()
    return tuple(sorted(_factories))


def make_bot(spec: str | BotSpec, game: Game[Any, Any, Any]) -> Bot[Any, Any]:
    """Build the bot a spec names, for a configured game.

    Args:
        spec: A spec string such as ``"ismcts:iterations=400"``, or a :class:`BotSpec`.
        game: The game the bot will play.

    Raises:
        ConfigurationError: The spec is malformed, names no registered bot, or has
            parameters the bot does not accept.

    >>> import boardgames
    >>> make_bot("random", boardgames.make("magellan-elcano"))
    RandomBot()
    """
    parsed = parse_bot_spec(spec) if isinstance(spec, str) else spec
    _discover()
    factory = _factories.get(parsed.name)
    if factory is None:
        raise ConfigurationError(
            f"unknown bot {parsed.name!r}; registered bots: {', '.join(bot_names())}"
        )
    return factory(game, dict(parsed.parameters))

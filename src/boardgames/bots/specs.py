"""Bots by name: ``"random"``, ``"greedy"``, ``"ismcts:iterations=400"``, and third-party ones.

A *bot spec* is a bot name, optionally followed by ``:key=value`` parameters separated by
colons: ``ismcts:iterations=400:exploration=0.7``. Commas never appear inside a spec, so a
list of seats can be written ``random,greedy,ismcts:seconds=0.5``.

The built-in bots:

========================  ===================================================================
``random``                :class:`~boardgames.RandomBot`; no parameters.
``greedy``                :class:`~boardgames.bots.GreedyBot`; ``samples`` (int).
``ismcts``                :class:`~boardgames.bots.ISMCTSBot`; ``iterations`` (int), ``seconds``
                          (float), ``decisions`` (int), ``exploration`` (float),
                          ``max_depth`` (int), ``seed`` (int), ``rollout_depth`` (int).
``heuristic``             The game's own heuristic bot, from its optional
                          :class:`~boardgames.bots.HasHeuristicBot` hook; no parameters.
``human``                 :class:`~boardgames.bots.HumanBot` on standard input and
                          output; no parameters.
========================  ===================================================================

A bot of your own needs no registration: name it by where its code is, as
``module.path:ClassName`` (an importable module) or ``path/to/file.py:ClassName`` (a file,
relative to the working directory), followed by ``:key=value`` parameters as usual. The
module or file is imported, and so **its code runs**, just as ``python file.py`` would run
it. The named class (or any callable) is called with the configured game and the
parameters as keyword arguments (strings), ``ClassName(game, **parameters)``, or with the
parameters alone if it takes no game, and must return a bot.

Bots register a factory under a name, either with :func:`~boardgames.bots.register_bot` or
through the ``boardgames.bots`` entry-point group (a bot plugin that fails to import, or
whose name is taken, is set aside: :func:`~boardgames.bots.make_bot` raises a
:class:`~boardgames.PluginError` for that name, and the other bots still load). A factory
is called with the configured game and the spec's parameters as strings, and returns a
:class:`~boardgames.Bot`.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Protocol, TypeAlias, runtime_checkable

import attrs

from boardgames.bots.greedy import GreedyBot
from boardgames.bots.human import HumanBot
from boardgames.bots.ismcts import ISMCTSBot
from boardgames.bots.random_bot import RandomBot
from boardgames.core.errors import ConfigurationError, PluginError
from boardgames.core.guards import given, require_game, shown
from boardgames.core.play import Bot
from boardgames.core.protocol import Game

__all__ = [
    "BOT_ENTRY_POINT_GROUP",
    "BotFactory",
    "BotSpec",
    "HasHeuristicBot",
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
        ConfigurationError: The text is not a str, is empty, has an empty name, or a
            parameter without ``=`` or given twice.

    A name with a ``.`` or a ``/`` is a reference to code, ``module:Class`` or
    ``file.py:Class``: its next part is the class, and the name keeps both.

    >>> parse_bot_spec("ismcts:iterations=400")
    BotSpec(name='ismcts', parameters=(('iterations', '400'),))
    >>> parse_bot_spec("bots/mine.py:CautiousBot:depth=2")
    BotSpec(name='bots/mine.py:CautiousBot', parameters=(('depth', '2'),))
    """
    if not isinstance(text, str):
        raise ConfigurationError(
            f"a bot spec must be a str such as 'ismcts:iterations=400', not {given(text)}"
        )
    name, *parts = text.strip().split(":")
    if not name:
        raise ConfigurationError(f"invalid bot spec {text!r}: it needs a bot name first")
    if _is_code(name):
        if not parts or not parts[0].isidentifier():
            raise ConfigurationError(
                f"invalid bot spec {text!r}: after the module or file {name!r} comes the "
                "name of the bot class, as in 'mybots.py:MyBot' or 'mypackage.bots:MyBot'"
            )
        name = f"{name}:{parts.pop(0)}"
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


@runtime_checkable
class HasHeuristicBot(Protocol):
    """The optional hook by which a game offers its own heuristic bot, the ``heuristic`` spec.

    A game that has a heuristic bot defines a ``heuristic_bot()`` method returning a bot
    for that configured game; ``make_bot("heuristic", game)`` calls it. Games without one
    simply lack the method. The hook keeps :mod:`boardgames.bots` free of game imports.

    .. versionadded:: 0.1.0
    """

    def heuristic_bot(self) -> Bot[Any, Any]:
        """Return this game's heuristic bot."""
        ...


def _converted(
    name: str, parameters: Mapping[str, str], kinds: Mapping[str, type[int] | type[float]]
) -> dict[str, Any]:
    """Check parameter names against ``kinds`` and convert each value to its type."""
    unknown = sorted(set(parameters) - set(kinds))
    if unknown:
        allowed = ", ".join(sorted(kinds)) or "none"
        raise ConfigurationError(
            f"unknown parameter {unknown[0]!r} for bot {name!r}; allowed parameters: {allowed}"
        )
    values: dict[str, Any] = {}
    for key, text in parameters.items():
        kind = kinds[key]
        try:
            values[key] = kind(text)
        except ValueError:
            expected = "an integer" if kind is int else "a number"
            raise ConfigurationError(
                f"parameter {key}={text!r} of bot {name!r} is not {expected}"
            ) from None
    return values


def _random_bot(game: Game[Any, Any, Any], parameters: Mapping[str, str]) -> Bot[Any, Any]:
    _converted("random", parameters, {})
    return RandomBot()


def _greedy_bot(game: Game[Any, Any, Any], parameters: Mapping[str, str]) -> Bot[Any, Any]:
    return GreedyBot(game, **_converted("greedy", parameters, {"samples": int}))


_ISMCTS_PARAMETERS: Mapping[str, type[int] | type[float]] = {
    "decisions": int,
    "exploration": float,
    "iterations": int,
    "max_depth": int,
    "rollout_depth": int,
    "seconds": float,
    "seed": int,
}


def _ismcts_bot(game: Game[Any, Any, Any], parameters: Mapping[str, str]) -> Bot[Any, Any]:
    return ISMCTSBot(game, **_converted("ismcts", parameters, _ISMCTS_PARAMETERS))


def _heuristic_bot(game: Game[Any, Any, Any], parameters: Mapping[str, str]) -> Bot[Any, Any]:
    _converted("heuristic", parameters, {})
    if not isinstance(game, HasHeuristicBot):
        raise ConfigurationError(
            f"game {game.info.name!r} has no heuristic bot; the bots for every game are "
            "greedy, ismcts and random"
        )
    return game.heuristic_bot()


def _is_code(name: str) -> bool:
    """Whether a spec's name is a module path or a file rather than a registered name."""
    return "." in name or "/" in name or "\\" in name


def _load(where: str) -> Any:
    """Import the module ``where`` names: a dotted module path, or a ``.py`` file."""
    if where.endswith(".py"):
        path = Path(where).resolve()
        if not path.is_file():
            raise ConfigurationError(f"no bot file {where!r} (looked for {path})")
        module_name = "_boardgames_bot_file_" + "".join(
            character if character.isalnum() else "_" for character in str(path)
        )
        if module_name in sys.modules:
            return sys.modules[module_name]
        found = importlib.util.spec_from_file_location(module_name, path)
        if found is None or found.loader is None:
            raise ConfigurationError(f"cannot import the bot file {where!r}")
        module = importlib.util.module_from_spec(found)
        sys.modules[module_name] = module
        try:
            found.loader.exec_module(module)
        except BaseException:
            del sys.modules[module_name]
            raise
        return module
    try:
        return importlib.import_module(where)
    except ImportError as error:
        raise ConfigurationError(f"cannot import the bot module {where!r}: {error}") from error


def _bot_from_code(
    where: str, attribute: str, game: Game[Any, Any, Any], parameters: Mapping[str, str]
) -> Bot[Any, Any]:
    """Build the bot of a ``module:Class`` or ``file.py:Class`` spec (running that code)."""
    module = _load(where)
    maker = getattr(module, attribute, None)
    if not callable(maker):
        raise ConfigurationError(f"{where!r} defines no class or function {attribute!r}")
    try:
        signature = inspect.signature(maker)
    except (TypeError, ValueError):  # a builtin without a signature: try with the game
        signature = None
    with_game = True
    if signature is not None:
        try:
            signature.bind(game, **parameters)
        except TypeError:
            try:
                signature.bind(**parameters)
            except TypeError:
                allowed = ", ".join(signature.parameters) or "none"
                raise ConfigurationError(
                    f"{where}:{attribute} does not take the parameters "
                    f"{', '.join(parameters) or '(none)'}; its parameters: {allowed}"
                ) from None
            with_game = False
    bot = maker(game, **parameters) if with_game else maker(**parameters)
    if not callable(getattr(bot, "choose", None)):
        raise ConfigurationError(
            f"{where}:{attribute} gave {given(bot)}, not a bot: a bot has a "
            "choose(observation, legal_actions, rng) method"
        )
    result: Bot[Any, Any] = bot
    return result


def _human_bot(game: Game[Any, Any, Any], parameters: Mapping[str, str]) -> Bot[Any, Any]:
    _converted("human", parameters, {})
    return HumanBot(game)


_factories: dict[str, BotFactory] = {
    "greedy": _greedy_bot,
    "heuristic": _heuristic_bot,
    "human": _human_bot,
    "ismcts": _ismcts_bot,
    "random": _random_bot,
}
_problems: dict[str, PluginError] = {}
"""Bot plugins set aside, by name: they fail to import, or their name is taken."""
_discovered = False


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    found = entry_points(group=BOT_ENTRY_POINT_GROUP)
    for entry_point in sorted(found, key=lambda point: (point.name, point.value)):
        name = entry_point.name
        source = f"entry point {name!r} ({entry_point.value})"
        if name in _factories:
            _problems[name] = PluginError(
                f"the bot name {name!r} is claimed twice: by boardgames or register_bot and by "
                f"{source}; uninstall one of them, or choose one with register_bot(name, "
                "factory, replace=True)"
            )
            continue
        try:
            factory = entry_point.load()
        except Exception as error:  # a broken plugin must not stop the other bots
            _problems[name] = PluginError(
                f"the bot plugin {source} fails to import: {type(error).__name__}: "
                f"{shown(str(error), 150)}"
            )
            continue
        if not callable(factory):
            _problems[name] = PluginError(f"the bot plugin {source} is not a bot factory")
            continue
        _factories[name] = factory


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
    _problems.pop(name, None)


def bot_names() -> tuple[str, ...]:
    """Return every registered bot name, sorted."""
    _discover()
    return tuple(sorted(_factories))


def make_bot(spec: str | BotSpec, game: Game[Any, Any, Any]) -> Bot[Any, Any]:
    """Build the bot a spec names, for a configured game.

    Args:
        spec: A spec string such as ``"ismcts:iterations=400"``, or a :class:`BotSpec`.
        game: The game the bot will play.

    Returns:
        A new bot. The ``heuristic`` bot comes from the game's
        :class:`~boardgames.bots.HasHeuristicBot` hook.

    Raises:
        ConfigurationError: The spec is malformed, names no registered bot, has parameters
            the bot does not accept or values out of range, or asks for a heuristic bot the
            game does not have.
        PluginError: The bot plugin of that name fails to import, is not a factory, or
            its name is also claimed by another bot.

    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano")
    >>> make_bot("random", game)
    RandomBot()
    >>> bot = make_bot("ismcts:iterations=200:exploration=0.5", game)
    >>> bot.iterations, bot.exploration
    (200, 0.5)
    >>> try:
    ...     make_bot("ismcts:depth=3", game)
    ... except boardgames.ConfigurationError as error:
    ...     print(error)  # doctest: +ELLIPSIS
    unknown parameter 'depth' for bot 'ismcts'; allowed parameters: decisions, exploration, ...
    """
    parsed = spec if isinstance(spec, BotSpec) else parse_bot_spec(spec)
    require_game(game)
    where, colon, attribute = parsed.name.rpartition(":")
    if colon and _is_code(where):
        return _bot_from_code(where, attribute, game, dict(parsed.parameters))
    _discover()
    problem = _problems.get(parsed.name)
    if problem is not None:
        raise PluginError(str(problem))
    factory = _factories.get(parsed.name)
    if factory is None:
        raise ConfigurationError(
            f"unknown bot {parsed.name!r}; registered bots: {', '.join(bot_names())}"
        )
    return factory(game, dict(parsed.parameters))

"""What every adapter needs of a game, without importing any learning library."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardgames.core.encoding import GameEncoding, encoding_of
from boardgames.core.errors import ConfigurationError
from boardgames.core.protocol import Game
from boardgames.core.registry import make

__all__ = ["configured_game", "require_encoding"]


def configured_game(
    name_or_game: str | Game[Any, Any, Any], players: int | None, options: Mapping[str, Any]
) -> Game[Any, Any, Any]:
    """Return the game to adapt: made from a registered name, or the game given.

    Raises:
        UnknownGameError: No game has that name.
        ConfigurationError: The player count or an option is not allowed, or either is
            given along with a game that is configured already.
    """
    if isinstance(name_or_game, str):
        return make(name_or_game, players, **options)
    if players is not None or options:
        given = ", ".join(["players", *options] if players is not None else list(options))
        raise ConfigurationError(
            f"{given} given with the configured game {name_or_game!r}; give them with a "
            "game name only"
        )
    return name_or_game


def require_encoding(game: Game[Any, Any, Any]) -> GameEncoding[Any, Any]:
    """Return the game's encoding, or say that the adapters need one.

    Raises:
        ConfigurationError: The game has no encoding.
    """
    encoding = encoding_of(game)
    if encoding is None:
        raise ConfigurationError(
            f"{game!r} has no encoding: the adapters need a game with integer actions and "
            "observation vectors (see boardgames.core.encoding)"
        )
    return encoding

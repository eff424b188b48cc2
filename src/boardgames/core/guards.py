"""Argument checks every game needs, with the same errors and messages in every game.

A :class:`~boardgames.Game` checks its arguments before its rules run: the seed of
``new_game``, the seat of ``observe``, and that a state handed to ``legal_actions`` or
``apply`` was made by a game of the same configuration (player count and options).
These helpers do it the same way for every game, built-in or third-party.

>>> check_seat(1, players=3)
1
>>> check_seat(3, players=3)
Traceback (most recent call last):
    ...
boardgames.core.errors.ConfigurationError: player=3 is not a seat (0 to 2)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Mapping

from boardgames.core.errors import ConfigurationError, IllegalActionError
from boardgames.core.protocol import PlayerId

__all__ = [
    "check_seat",
    "check_seed",
    "describe_configuration",
    "foreign_state",
    "foreign_state_action",
]


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is an int (not a bool), for ``new_game``.

    Raises:
        ConfigurationError: ``seed`` is not an int.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigurationError(f"seed={seed!r} must be an int")
    return seed


def check_seat(player: object, players: int) -> PlayerId:
    """Return ``player`` if it is a seat of a ``players``-seat game, for ``observe``.

    Raises:
        ConfigurationError: ``player`` is not an int from 0 to ``players - 1`` (a bool is
            not a seat).
    """
    if type(player) is not int or not 0 <= player < players:
        raise ConfigurationError(f"player={player!r} is not a seat (0 to {players - 1})")
    return player


def describe_configuration(players: int, options: Mapping[str, object]) -> str:
    """Describe a configuration for the messages of :func:`foreign_state`.

    >>> describe_configuration(3, {"storm_variant": False})
    '3 players, storm_variant=False'
    """
    settings = [f"{name}={value!r}" for name, value in options.items()]
    return ", ".join([f"{players} players", *settings])


def foreign_state(game: object, state_configuration: str) -> ConfigurationError:
    """Return the error for a state of another configuration given to ``legal_actions``.

    Args:
        game: The game the state was given to (its ``repr`` names its configuration).
        state_configuration: The state's configuration, as
            :func:`describe_configuration` gives it.

    >>> foreign_state("Nim(players=2)", "3 players")
    ConfigurationError("the state is for 3 players, but this game is 'Nim(players=2)'")
    """
    return ConfigurationError(f"the state is for {state_configuration}, but this game is {game!r}")


def foreign_state_action(
    game: object, action: object, state_configuration: str
) -> IllegalActionError:
    """Return the error for a state of another configuration given to ``apply``.

    ``apply`` refuses every action it cannot take with an
    :class:`~boardgames.IllegalActionError`, this one included.

    Args:
        game: The game the state was given to.
        action: The action refused.
        state_configuration: The state's configuration, as for :func:`foreign_state`.
    """
    return IllegalActionError(
        f"illegal action {action!r}: the state belongs to a different configuration "
        f"({state_configuration}) than {game!r}"
    )

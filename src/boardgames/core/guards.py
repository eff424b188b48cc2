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

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from boardgames.core.errors import ConfigurationError, IllegalActionError

if TYPE_CHECKING:  # the protocol module reads shown() from here
    from boardgames.core.protocol import PlayerId

_T = TypeVar("_T")

__all__ = [
    "check_seat",
    "check_seed",
    "describe_configuration",
    "find_action",
    "foreign_state",
    "foreign_state_action",
    "given",
    "illegal_action",
    "look_alike",
    "not_a_state",
    "require_game",
    "shown",
]


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is an int (not a bool), for ``new_game``.

    Raises:
        ConfigurationError: ``seed`` is not an int.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigurationError(f"seed={shown(seed)} must be an int")
    return seed


def require_game(game: object) -> None:
    """Refuse a value that is not a configured game, for the functions that take one.

    Raises:
        ConfigurationError: ``game`` lacks the protocol's methods (``None``, a game's
            name, a game class instead of a configured game).
    """
    if isinstance(game, type) or not all(
        callable(getattr(game, name, None))
        for name in ("new_game", "current_player", "legal_actions", "apply", "observe")
    ):
        raise ConfigurationError(
            f"expected a configured game, such as boardgames.make('magellan-elcano'), got "
            f"{shown(game, 80)}"
        )


def check_seat(player: object, players: int) -> PlayerId:
    """Return ``player`` if it is a seat of a ``players``-seat game, for ``observe``.

    Raises:
        ConfigurationError: ``player`` is not an int from 0 to ``players - 1`` (a bool is
            not a seat).
    """
    if type(player) is not int or not 0 <= player < players:
        raise ConfigurationError(f"player={shown(player)} is not a seat (0 to {players - 1})")
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
    return illegal_action(
        action,
        f"the state belongs to a different configuration ({state_configuration}) than {game!r}",
    )


def not_a_state(game: Any, value: object) -> ConfigurationError:
    """Return the error for a value given where one of ``game``'s states is expected.

    Args:
        game: The game (its ``info.name`` and ``types.state`` name what was expected).
        value: The value given instead (an observation, another game's state, ``None``).
    """
    expected = game.types.state.__name__
    return ConfigurationError(
        f"expected a {expected} (a state of {game.info.name}), got {given(value)}"
    )


def given(value: object) -> str:
    """Name what was given instead of a game's value: its type, or ``None``.

    >>> given(None), given((1, 2))
    ('None', 'a tuple')
    """
    if value is None:
        return "None"
    name = type(value).__name__
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def shown(value: object, limit: int = 200) -> str:
    """Return ``repr(value)``, cut to about ``limit`` characters for an error message.

    A message names the bad input, but a ten-megabyte name must not make a ten-megabyte
    message.

    >>> shown("x" * 1000, 20)
    "'xxxxxxxxxxxxxx... (1002 characters)"
    >>> shown([1, 2])
    '[1, 2]'
    """
    try:
        text = repr(value)
    except Exception:  # a foreign object whose repr fails still gets a message
        text = f"<{type(value).__name__} object>"
    if len(text) <= limit:
        return text
    return f"{text[: max(limit - 5, 1)]}... ({len(text)} characters)"


def illegal_action(action: object, reason: str) -> IllegalActionError:
    """Return the error for an ``action`` that ``apply`` refuses, with the reason why.

    Every game words the refusal the same way: the action's ``repr``, then the reason,
    which says what was wrong and what the player may do instead. The error carries the
    refused value as :attr:`~boardgames.IllegalActionError.action`.

    >>> error = illegal_action("Pass()", "seat 1 must play a card")
    >>> str(error), error.action
    ("illegal action 'Pass()': seat 1 must play a card", 'Pass()')
    """
    return IllegalActionError(f"illegal action {shown(action)}: {reason}", action)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = tuple(field.name for field in attrs.fields(cls)) if attrs.has(cls) else ()
        _FIELD_NAMES[cls] = names
    return names


def look_alike(legal: Sequence[_T], action: object) -> _T | None:
    """Return the legal action that ``action`` equals without being it, if there is one.

    ``Move(True)`` and ``Move(steps=1.0)`` compare equal to ``Move(1)``, but
    :func:`find_action` refuses them; a refusal can name the legal form instead. Call it
    only for a refused action (it compares with every legal action of the same class).

    >>> look_alike([1, 2], 2.0), look_alike([1, 2], 3.0)
    (None, None)
    """
    for option in legal:
        if type(option) is type(action):
            try:
                if option == action:
                    return option
            except Exception:  # a field whose comparison fails is no look-alike
                return None
    return None


def find_action(legal: Sequence[object], action: object) -> int:
    """Return the index of ``action`` in ``legal``, or -1 if it is not one of them.

    The one way every game finds the legal action it was given:

    * by identity first, the usual case (a bot passes back one of the listed values),
      without an ``__eq__`` call per listed action;
    * then by equality, but only for a value of exactly the class of the legal action it
      equals and with exactly the type of each of its fields, so that look-alikes are
      refused: ``Move(steps=1.0)`` or ``Move(True)`` equal ``Move(1)`` but are not it, nor
      is an object whose ``__eq__`` says yes to everything;
    * an ``__eq__`` that raises counts as not equal.

    Callers apply ``legal[index]``, the canonical value, never ``action`` itself.

    >>> find_action((3, 4, 5), 4), find_action((3, 4, 5), 4.0), find_action((3,), 6)
    (1, -1, -1)
    """
    for index, candidate in enumerate(legal):
        if candidate is action:
            return index
    cls = type(action)
    for index, candidate in enumerate(legal):
        if type(candidate) is not cls:
            continue
        try:
            equal = candidate == action
        except Exception:
            return -1
        if equal is True and all(
            type(getattr(action, name)) is type(getattr(candidate, name))
            for name in _field_names(cls)
        ):
            return index
    return -1

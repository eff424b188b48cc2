"""The exceptions raised by :mod:`boardgames`.

Every error the library raises on purpose derives from :class:`BoardgamesError`, and each
is also an instance of the built-in exception that fits it, so ``except ValueError`` keeps
working in code that does not know this library::

    BoardgamesError
    ├── IllegalActionError      (ValueError)   an action that is not legal in this state
    ├── ConfigurationError      (ValueError)   bad arguments to make(), new_game() or play()
    │   └── NotationError                      text that does not parse as a position
    ├── InvalidStateError       (ValueError)   a value breaks the game's invariants
    ├── SerializationError      (ValueError)   text that loads() cannot turn into a value
    ├── RecordError             (ValueError)   a game record that does not replay as it claims
    ├── UnknownGameError        (LookupError)  no game is registered under that name
    ├── UnknownComponentError   (LookupError)  no card, tile or event has that printed name
    └── PluginError             (ImportError)  a game plugin that cannot be loaded

Messages are lowercase, name the bad input first and then say what is allowed.
"""

from __future__ import annotations

__all__ = [
    "BoardgamesError",
    "ConfigurationError",
    "IllegalActionError",
    "InvalidStateError",
    "NotationError",
    "PluginError",
    "RecordError",
    "SerializationError",
    "UnknownComponentError",
    "UnknownGameError",
]


class BoardgamesError(Exception):
    """Root of every exception raised on purpose by :mod:`boardgames`."""


class IllegalActionError(BoardgamesError, ValueError):
    """An action was applied that is not among the legal actions of the state.

    Raised by ``Game.apply`` for an action that is not legal now, for any action on a
    terminal state, and for an object that is not an action of the game. The state that
    was passed in is never modified.

    Args:
        message: What was refused and what is allowed.
        action: The refused value, if there is one (it may be any object, a look-alike
            of an action or no action at all).

    Attributes:
        action: The refused value, or ``None`` when the error is about no single value.

    .. versionchanged:: 0.1.0
       The ``action`` attribute.
    """

    def __init__(self, message: str, action: object = None) -> None:
        super().__init__(message)
        self.action = action

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[str, object]]:
        # So that the error crosses process boundaries (tournaments) with its action.
        return (type(self), (str(self), self.action))


class ConfigurationError(BoardgamesError, ValueError):
    """Bad arguments: an out-of-range player count, an unknown or mistyped option, a bad seed.

    A position that cannot be set up (a card in two places, a hand too large for the
    round) raises it too, naming the first fact that cannot hold.
    """


class NotationError(ConfigurationError):
    """Text that does not parse as a position in the game's notation.

    Args:
        message: What was expected, and what stood there instead.
        token: The offending token (``""`` at the end of a line or of the text).
        line: Its line, counted from 1.
        column: Its column, counted from 1.

    Attributes:
        token: The offending token (``""`` at the end of a line or of the text).
        line: Its line, counted from 1.
        column: Its column, counted from 1.

    .. versionadded:: 0.1.0
    """

    def __init__(self, message: str, token: str = "", line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.token = token
        self.line = line
        self.column = column

    def __reduce__(self) -> tuple[type[NotationError], tuple[str, str, int, int]]:
        # So that the error crosses process boundaries with its place.
        return (type(self), (str(self), self.token, self.line, self.column))


class InvalidStateError(BoardgamesError, ValueError):
    """A state, observation or action breaks one of the game's invariants.

    For example a card that is in two zones at once, or a hand size that the rules cannot
    produce. Raised by ``Game.check_state`` and wrapped by :func:`boardgames.loads`.
    """


class SerializationError(BoardgamesError, ValueError):
    """Text given to :func:`boardgames.loads` is not a valid serialized value.

    Attributes:
        path: Where the problem is, as a JSON path such as ``$.data.hands[2]``, or ``$``
            when the text as a whole is at fault.
    """

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(message)
        self.path = path


class RecordError(BoardgamesError, ValueError):
    """A game record does not replay to the scores, ranking or end it claims."""


class UnknownGameError(BoardgamesError, LookupError):
    """No game is registered under the requested name."""


class UnknownComponentError(BoardgamesError, LookupError):
    """No component of the game (card, tile, event) has the requested printed name.

    Raised by the name lookups of each game's ``components`` module; the message says the
    closest names there are.

    .. versionadded:: 0.1.0
    """


class PluginError(BoardgamesError, ImportError):
    """A game plugin (an entry point) cannot be used.

    It fails to import, is not a game factory, or declares a game name that another source
    (a built-in game or another plugin) already has. The other games still load;
    :func:`boardgames.plugin_errors` lists every such problem, and
    :func:`boardgames.make` raises it for the name concerned.

    .. versionadded:: 0.1.0
    """

"""The :class:`Game` protocol every engine implements, and the metadata that describes it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias, TypeVar, runtime_checkable

import attrs

from boardgames.core.errors import ConfigurationError
from boardgames.core.guards import shown

if TYPE_CHECKING:
    from boardgames.core.codec import Codec

__all__ = [
    "DescribesActions",
    "DrawsPictures",
    "ExplainsNotation",
    "Game",
    "GameFactory",
    "GameInfo",
    "OptionSpec",
    "OptionValue",
    "PlayerId",
    "SetsUpPositions",
]

PlayerId: TypeAlias = int
"""A seat number, ``0 .. players - 1``, in clockwise order."""

OptionValue: TypeAlias = bool | int | str
"""The value of a game option."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")


@attrs.frozen
class OptionSpec:
    """One option a game accepts in :func:`boardgames.make`.

    Args:
        name: The keyword argument's name.
        default: The value used when the option is not given; its type is the option's type.
        description: One sentence for ``boardgames games`` and the docs.
        minimum: For integer options, the smallest allowed value.
        maximum: For integer options, the largest allowed value.
        choices: For string options, the allowed values.
    """

    name: str
    default: OptionValue
    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None

    MAX_TURN_LIMIT: ClassVar[int] = 1_000_000
    """The largest ``max_turns`` that :meth:`turn_limit` allows."""

    @classmethod
    def turn_limit(cls, description: str, *, default: int = 500) -> OptionSpec:
        """Return the ``max_turns`` option of a game that stops, truncated, at a turn limit.

        The one definition of the option that every game with a turn limit shares: an int
        from 1 to :attr:`MAX_TURN_LIMIT`, 500 by default.

        >>> OptionSpec.turn_limit("stop after this many turns").maximum
        1000000

        .. versionadded:: 0.1.0
        """
        return cls(
            name="max_turns",
            default=default,
            description=description,
            minimum=1,
            maximum=cls.MAX_TURN_LIMIT,
        )

    def check(self, value: object) -> OptionValue:
        """Return ``value`` if it is allowed for this option.

        Raises:
            ConfigurationError: The value has the wrong type or is out of range.
        """
        expected = type(self.default)
        if type(value) is not expected:
            raise ConfigurationError(
                f"option {self.name}={shown(value, 100)} has type {type(value).__name__}; "
                f"expected {expected.__name__}"
            )
        assert isinstance(value, bool | int | str)
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise ConfigurationError(
                    f"option {self.name}={shown(value, 100)} is below the minimum {self.minimum}"
                )
            if self.maximum is not None and value > self.maximum:
                raise ConfigurationError(
                    f"option {self.name}={shown(value, 100)} is above the maximum {self.maximum}"
                )
        if self.choices is not None and value not in self.choices:
            raise ConfigurationError(
                f"option {self.name}={shown(value, 100)} is not allowed; "
                f"choose one of {list(self.choices)}"
            )
        return value


@attrs.frozen
class GameInfo:
    """What a game is called, how many may play it and which options it takes.

    Args:
        name: The registered name, such as ``"magellan-elcano"``.
        title: The published title, such as ``"Magellan: Elcano"``.
        min_players: The fewest seats allowed.
        max_players: The most seats allowed.
        default_players: The seat count used when :func:`boardgames.make` is given none.
        options: The options the game accepts, each with its default.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[OptionSpec, ...] = ()

    def resolve(self, players: int, options: Mapping[str, object]) -> dict[str, OptionValue]:
        """Check a player count and options and return every option's value.

        Returns:
            A dict with a value for every option: the given one or the default.

        Raises:
            ConfigurationError: The player count is out of range, an option is unknown, or an
                option value has the wrong type or range.
        """
        if type(players) is not int:
            raise ConfigurationError(
                f"players={shown(players, 100)} must be an int from {self.min_players} to "
                f"{self.max_players}"
            )
        if not self.min_players <= players <= self.max_players:
            raise ConfigurationError(
                f"players={shown(players, 100)} is out of range for {self.name}: "
                f"allowed {self.min_players} to {self.max_players}"
            )
        specs = {spec.name: spec for spec in self.options}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            allowed = ", ".join(sorted(specs)) or "none"
            raise ConfigurationError(
                f"unknown option {shown(unknown[0], 100)} for {self.name}; "
                f"allowed options: {allowed}"
            )
        return {
            name: spec.check(options[name]) if name in options else spec.default
            for name, spec in specs.items()
        }


class Game(Protocol[StateT, ActionT, ObservationT]):
    """A configured game: the rules as pure functions over immutable states.

    A game object holds only configuration (the seat count and the options); every method
    is a pure function of its arguments. States, actions and observations are immutable,
    hashable values. Exactly one seat has a decision pending in every non-terminal state.

    Third-party engines implement this protocol structurally (no base class is needed) and
    register a factory in the ``boardgames.games`` entry-point group.
    """

    @property
    def info(self) -> GameInfo:
        """The game's name, player range and options."""
        ...

    @property
    def players(self) -> int:
        """The number of seats, ``0 .. players - 1`` clockwise."""
        ...

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """Every option's value for this configuration, defaults included."""
        ...

    @property
    def codec(self) -> Codec:
        """The serialization types and converter of this game."""
        ...

    def new_game(self, seed: int) -> StateT:
        """Set up a game, resolving all setup randomness from ``seed``."""
        ...

    def current_player(self, state: StateT) -> PlayerId | None:
        """Return the seat whose decision is pending, or ``None`` iff the game is over."""
        ...

    def legal_actions(self, state: StateT) -> Sequence[ActionT]:
        """Return the current player's legal actions in a fixed order; empty iff terminal."""
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """Return the state after ``action``; ``state`` itself is unchanged.

        Raises:
            IllegalActionError: ``action`` is not in ``legal_actions(state)``.
        """
        ...

    def observe(self, state: StateT, player: PlayerId) -> ObservationT:
        """Return what ``player`` knows of ``state`` under the rules, and nothing more."""
        ...

    def score(self, state: StateT) -> tuple[float, ...]:
        """Return each seat's score as the rules count it now."""
        ...

    def ranking(self, state: StateT) -> tuple[int, ...]:
        """Return each seat's place (1 is best; tied seats share a place)."""
        ...

    def is_terminal(self, state: StateT) -> bool:
        """Return whether the game is over."""
        ...

    def is_truncated(self, state: StateT) -> bool:
        """Return whether the game was stopped by a turn limit rather than by its rules."""
        ...

    def sample_state(self, observation: ObservationT, seed: int) -> StateT:
        """Return a full state consistent with everything ``observation``'s player knows.

        Only what that player cannot know is drawn at random, from ``seed``.
        """
        ...

    def check_state(self, state: StateT) -> None:
        """Check every invariant of ``state``.

        Raises:
            InvalidStateError: An invariant is broken; the message says which.
        """
        ...

    def render_state(self, state: StateT) -> str:
        """Describe a full state as readable text."""
        ...

    def render_observation(self, observation: ObservationT) -> str:
        """Describe an observation as readable text, as its player would see the table."""
        ...


@runtime_checkable
class DescribesActions(Protocol):
    """The optional hook by which a game says how a decision looks to each seat.

    A game with this method lets tools show one player the others' moves without showing
    what he may not see: the command line names a bot's move to a person at the table
    (``boardgames play``) with it. A game without it simply lacks the method, and such
    tools say only that the seat moved. :func:`boardgames.testing.check_game` checks the
    hook whenever a game has it: two moves that leave a seat with the same observation
    must be described to that seat in the same words, and a move is described as ``None``
    exactly when it leaves that seat's observation unchanged.

    .. versionadded:: 0.1.0
    """

    def describe_action(self, observation: Any, action: Any, viewer: PlayerId) -> str | None:
        """Return ``action`` as ``viewer`` sees it being taken.

        Args:
            observation: The observation of the seat taking ``action`` (the seat to move),
                taken just before.
            action: One of that seat's legal actions.
            viewer: The seat the text is for; the mover himself sees his whole action.

        Returns:
            A short text, such as ``"play the red 5"`` or ``"stake a face-down card"``;
            ``None`` if ``viewer`` cannot even tell that the move was made (one card of a
            secret composition whose size is hidden).
        """
        ...


@runtime_checkable
class ExplainsNotation(Protocol):
    """The optional hooks by which a game explains itself to a person at the terminal.

    ``boardgames play`` shows :meth:`explain_action` beside each choice it offers a person,
    and :meth:`legend` when he answers ``?``. :func:`boardgames.testing.check_game` checks
    that the explanations are non-empty text and that they depend only on the observation
    (the same observation, whatever the hidden world, gets the same words).

    .. versionadded:: 0.2.0
    """

    def explain_action(self, observation: Any, action: Any) -> str:
        """Say in plain words what ``action`` does.

        Args:
            observation: The observation of the seat to move.
            action: One of that seat's legal actions.

        Returns:
            One line, such as ``"keep mission 'Skull Island' (3 pearls)"``.
        """
        ...

    def legend(self) -> str:
        """Explain every abbreviation and symbol of the game's text renderings and actions."""
        ...


@runtime_checkable
class DrawsPictures(Protocol):
    """The optional hooks by which a game draws its states and observations as SVG.

    Use :func:`boardgames.render_svg`, which works on a state (the whole table, or one
    seat's view of it) or an observation. Each picture is one self-contained ``<svg>``
    document: no script, no external image or font. :func:`boardgames.testing.check_game`
    checks that each picture is well-formed and that the picture of an observation depends
    only on that observation, so that it never shows what the seat may not see.

    .. versionadded:: 0.2.0
    """

    def render_state_svg(self, state: Any) -> str:
        """Draw the whole table, hidden parts face up."""
        ...

    def render_observation_svg(self, observation: Any) -> str:
        """Draw what the observation's seat knows, and nothing else."""
        ...


@runtime_checkable
class SetsUpPositions(Protocol):
    """The optional hooks by which a game sets up any position, and reads one off a state.

    A *position* is a frozen value that describes a table the way people set it up (hands,
    cards on the table, scores, the seat to move); whatever it leaves out is drawn from
    the seed, as the rules allow. ``str(position)`` is its text notation, which
    :meth:`parse_position` reads back. :func:`boardgames.testing.check_game` checks the
    round trips whenever a game has these hooks: for every state ``s`` it reaches,
    ``parse_position(str(position(s))) == position(s)``, and ``setup(position(s), k)``
    passes ``check_state``, gives back the same position, and gives every seat the same
    observation and legal actions as ``s``, for any seed ``k``.

    .. versionadded:: 0.1.0
    """

    def setup(self, position: Any, seed: int = 0) -> Any:
        """Return the state of ``position``, everything it leaves out drawn from ``seed``.

        Raises:
            ConfigurationError: A fact of the position cannot hold; the message names the
                first.
        """
        ...

    def position(self, state: Any) -> Any:
        """Return the position of ``state``: all it holds but what no one can know."""
        ...

    def parse_position(self, text: str) -> Any:
        """Read a position from its text notation.

        Raises:
            NotationError: The text is not a position of the game; the error names the
                token, its line and its column.
        """
        ...


class GameFactory(Protocol):
    """What the ``boardgames.games`` entry point must name: usually the game class itself.

    It carries the game's :class:`GameInfo` and builds a :class:`Game` from a seat count
    and option values that :meth:`GameInfo.resolve` has already checked.
    """

    @property
    def info(self) -> GameInfo:
        """The game's name, player range and options."""
        ...

    def __call__(self, *args: Any, **options: Any) -> Game[Any, Any, Any]:
        """Build the configured game; called as ``factory(players=n, **options)``."""
        ...

"""One implementation of the :class:`~boardgames.Game` protocol, over a game's rule modules.

Every built-in game is a :class:`StandardGame`: a small class that names its
:class:`~boardgames.GameInfo`, the types its values have (:class:`GameTypes`) and three
modules, each described by a :class:`typing.Protocol` so that ``mypy`` checks that every
game supplies the same pieces:

* ``rules``, a :class:`Rules`: the configuration, setup, legal actions, transitions,
  scores and invariants;
* ``knowledge``, a :class:`Knowledge`: what a seat observes and the worlds it cannot rule
  out;
* ``text``, a :class:`Text`: how states, observations and moves read;
* ``picture``, a :class:`Picture`: how they look, as SVG.

The base class does the rest once for every game: it checks the player count and
options, refuses states of another configuration, checks seats and seeds, wires the codec
and checks loaded values (an observation is checked by sampling a state from it and
observing that state again), and writes the ``repr``. A game class adds only what is its
own: its typed keyword ``__init__``, ``describe_action`` if its moves hide something, and
hooks such as ``heuristic_bot``.

A minimal game (the template under ``examples/`` is a complete one)::

    class Nim(StandardGame[NimState, Take, NimObservation, int]):
        info = GameInfo(name="nim", title="Nim", min_players=2, max_players=4,
                        default_players=2)
        types = GameTypes(state=NimState, observation=NimObservation, action=Take)
        rules = nim_rules
        knowledge = nim_knowledge
        text = nim_text
        picture = nim_picture

        def __init__(self, *, players: int) -> None:
            super().__init__(players=players)

Rule modules are plain modules of functions; a module matches a protocol when it defines
each of the protocol's functions with compatible types (parameter names are free: every
parameter is positional).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast, get_args

import attrs

from boardgames.core.codec import Codec, ValueKind, configure_tagged_action, make_converter
from boardgames.core.encoding import Encoder, GameEncoding
from boardgames.core.errors import BoardgamesError, ConfigurationError, InvalidStateError
from boardgames.core.guards import (
    check_seat,
    check_seed,
    given,
    illegal_action,
    not_a_state,
)
from boardgames.core.history import History
from boardgames.core.protocol import GameInfo, OptionValue, PlayerId

if TYPE_CHECKING:
    import cattrs

__all__ = [
    "GameTypes",
    "Knowledge",
    "Moving",
    "Observed",
    "Positions",
    "Rules",
    "Seated",
    "StandardGame",
    "StandardPositions",
    "Text",
    "finish_setup",
    "origin_text",
    "setup_failure",
]


class Observed(Protocol):
    """What :class:`StandardGame` needs of an observation: the seat it belongs to."""

    @property
    def player(self) -> PlayerId:
        """The observing seat."""
        ...


StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT", bound=Observed)
ConfigurationT = TypeVar("ConfigurationT")
StateT_contra = TypeVar("StateT_contra", contravariant=True)
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)
ObservationT_contra = TypeVar("ObservationT_contra", contravariant=True)


class Rules(Protocol[StateT, ActionT, ConfigurationT]):
    """The forward model of a game: what its ``rules`` module defines.

    ``ConfigurationT`` is the game's *configuration*: one value that holds the seat count
    and every option as the rules read them (for example a tuple, or a frozen attrs
    class). Two configurations are the same game iff they are equal.
    """

    def configure(self, players: int, options: Mapping[str, OptionValue], /) -> ConfigurationT:
        """Build the configuration from a checked player count and every option's value.

        Raises:
            ConfigurationError: Options that are each allowed but not together.
        """
        ...

    def configuration(self, state: StateT, /) -> ConfigurationT:
        """Return the configuration ``state`` was made for.

        It is called on every move: keep it cheap, and return the same object where the
        state holds one.
        """
        ...

    def describe_configuration(self, configuration: ConfigurationT, /) -> str:
        """Describe a configuration for error messages, such as ``"3 players, x=True"``."""
        ...

    def new_game(self, configuration: ConfigurationT, seed: int, /) -> StateT:
        """Set up a game, every random choice drawn from ``seed``."""
        ...

    def current_player(self, state: StateT, /) -> PlayerId | None:
        """Return the seat to decide, or ``None`` iff the game is over."""
        ...

    def legal_actions(self, state: StateT, /) -> Sequence[ActionT]:
        """Return the legal actions of the seat to decide, in a fixed order."""
        ...

    def apply(self, state: StateT, action: ActionT, /) -> StateT:
        """Return the state after ``action``.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state`` (see
                :func:`~boardgames.core.guards.find_action` and
                :func:`~boardgames.core.guards.illegal_action`).
        """
        ...

    def score(self, state: StateT, /) -> tuple[float, ...]:
        """Return each seat's score."""
        ...

    def ranking(self, state: StateT, /) -> tuple[int, ...]:
        """Return each seat's place."""
        ...

    def is_truncated(self, state: StateT, /) -> bool:
        """Return whether a turn limit, not the rules, ended the game."""
        ...

    def check_state(self, state: StateT, /) -> None:
        """Check every invariant of ``state``; raise ``InvalidStateError`` if one breaks."""
        ...

    def check_action(self, action: ActionT, /) -> None:
        """Check a loaded action's fields (ids in range); raise ``InvalidStateError``."""
        ...


class Knowledge(Protocol[StateT, ObservationT]):
    """What each seat knows: what a game's ``knowledge`` module (its observations) defines."""

    def observe(self, state: StateT, player: PlayerId, /) -> ObservationT:
        """Return what ``player`` knows of ``state``."""
        ...

    def sample_state(self, observation: ObservationT, seed: int, /) -> StateT:
        """Return a state the observation's player cannot rule out, drawn from ``seed``."""
        ...

    def check_observation(self, observation: ObservationT, /) -> None:
        """Check what must hold before a state can be sampled from a loaded observation.

        Lengths, seat numbers and ids in range: whatever ``sample_state`` relies on. The
        base class then samples a state, checks it and observes it again, which checks
        the rest.

        Raises:
            InvalidStateError: Something no state can give.
        """
        ...


class Text(Protocol[StateT_contra, ActionT_contra, ObservationT_contra]):
    """How a game reads as text: what its ``render`` module defines."""

    def render_state(self, state: StateT_contra, /) -> str:
        """Describe a full state as readable text."""
        ...

    def render_observation(self, observation: ObservationT_contra, /) -> str:
        """Describe an observation as its player sees the table."""
        ...

    def describe_action(
        self, observation: ObservationT_contra, action: ActionT_contra, viewer: PlayerId, /
    ) -> str | None:
        """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

        ``viewer`` is a checked seat; see :class:`~boardgames.DescribesActions`.
        """
        ...

    def explain_action(self, observation: ObservationT_contra, action: ActionT_contra, /) -> str:
        """Say in plain words what ``action``, a legal action of ``observation``'s seat, does.

        See :class:`~boardgames.ExplainsNotation`.
        """
        ...

    def legend(self) -> str:
        """Explain the notation of the game's text renderings and action names."""
        ...


class Picture(Protocol[StateT_contra, ObservationT_contra]):
    """How a game looks: what its ``picture`` module defines (see :mod:`boardgames.core.svg`)."""

    def svg_state(self, state: StateT_contra, /) -> str:
        """Draw a full state as an SVG document, everything hidden shown face up."""
        ...

    def svg_observation(self, observation: ObservationT_contra, /) -> str:
        """Draw an observation as an SVG document: only what its seat knows."""
        ...


@attrs.frozen
class GameTypes:
    """The types of a game's values, from which :class:`StandardGame` builds its codec.

    Args:
        state: The class of the game's states.
        observation: The class of its observations.
        action: The union of its action classes (or its one action class).
        public_action: The union of the classes its histories hold where they are not
            actions (such as "a card was played face down"), written with the same
            ``"type"`` tag; ``None`` if the histories hold actions only.
        converter_hooks: Called with the new converter to register the game's own hooks
            (quick paths for bulky fields); ``None`` for none.
        upgrade: The codec's ``upgrade`` hook for older envelope formats (see
            :class:`~boardgames.core.codec.Codec`).
        position: The class of its positions (a :class:`StandardPositions` needs it), or
            ``None``.
    """

    state: type
    observation: type
    action: Any
    public_action: Any = None
    converter_hooks: Callable[[cattrs.Converter], None] | None = None
    upgrade: Callable[[object, ValueKind, int], object] | None = None
    position: type | None = None

    @property
    def action_classes(self) -> tuple[type, ...]:
        """Each class of ``action``, in the order of the union."""
        return get_args(self.action) or (self.action,)


_codecs: dict[type, Codec] = {}


class StandardGame(Generic[StateT, ActionT, ObservationT, ConfigurationT]):
    """The :class:`~boardgames.Game` protocol, implemented once over a game's modules.

    Subclasses set :attr:`info`, :attr:`types`, :attr:`rules`, :attr:`knowledge`,
    :attr:`text`, :attr:`picture` and :attr:`encoder` in their body, and define a
    keyword-only ``__init__`` that names each option with its type and default and passes
    them on to this one.

    Args:
        players: The number of seats.
        **options: Every option the game's :class:`~boardgames.GameInfo` lists (those not
            given take their default).

    Raises:
        ConfigurationError: The player count or an option is out of range, or options
            that are each allowed do not go together.
    """

    info: ClassVar[GameInfo]
    """The game's name, player range and options."""
    types: ClassVar[GameTypes]
    """The types of the game's values."""
    rules: Rules[StateT, ActionT, ConfigurationT]
    """The game's forward model (a module)."""
    knowledge: Knowledge[StateT, ObservationT]
    """What each seat observes and the worlds it cannot rule out (a module)."""
    text: Text[StateT, ActionT, ObservationT]
    """How states, observations and moves read (a module)."""
    picture: Picture[StateT, ObservationT]
    """How states and observations look, as SVG (a module)."""
    encoder: Encoder[ConfigurationT, ActionT, ObservationT]
    """The action numbering and observation vector (a module)."""

    def __init__(self, *, players: int, **options: OptionValue) -> None:
        resolved = self.info.resolve(players, options)
        self._players = players
        self._options = resolved
        self._configuration = self.rules.configure(players, resolved)
        # The last state this game made or checked: it is of this configuration, and so is
        # every state ``apply`` makes from it, so a game played through one game object
        # checks the configuration once, not on every call. Only a cache: a state that
        # misses it is checked in full.
        self._known: object = _NOTHING
        self._encoding: GameEncoding[ActionT, ObservationT] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its configuration, so a pickled game never carries a state along.
        return (_rebuild, (type(self), self._players, self._options))

    def __repr__(self) -> str:
        settings = "".join(f", {name}={value!r}" for name, value in self._options.items())
        return f"{type(self).__name__}(players={self._players}{settings})"

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """Every option's value, defaults included (a new dict each time)."""
        return dict(self._options)

    @property
    def configuration(self) -> ConfigurationT:
        """The seat count and options as the rules read them."""
        return self._configuration

    @property
    def encoding(self) -> GameEncoding[ActionT, ObservationT]:
        """The integer actions and numeric observations of this configuration.

        See :mod:`boardgames.core.encoding`; the game's page documents its numbering and
        its observation layout.
        """
        encoding = self._encoding
        if encoding is None:
            encoder = self.encoder
            configuration = self._configuration
            encoding = self._encoding = GameEncoding(
                encoder.numbering(configuration),
                encoder.observation_layout(configuration),
                _Writer(type(self), configuration),
            )
        return encoding

    @property
    def codec(self) -> Codec:
        """The serialization codec of the game (one per game class, built once)."""
        cls = type(self)
        codec = _codecs.get(cls)
        if codec is None:
            codec = _codecs[cls] = _build_codec(cls)
        return codec

    def _require(self, state: StateT) -> None:
        """Refuse a value that is not a state of this configuration."""
        if state is not self._known:
            foreign = self._foreign(state)
            if foreign is not None:
                raise ConfigurationError(f"the state is for {foreign}")

    def _require_observation(self, observation: ObservationT) -> None:
        """Refuse a value that is not an observation of this game."""
        if type(observation) is not self.types.observation:
            expected = self.types.observation.__name__
            raise ConfigurationError(
                f"expected a {expected} (an observation of {self.info.name}), got "
                f"{given(observation)}"
            )

    def _foreign(self, state: StateT) -> str | None:
        """Say how the state's configuration differs from this game's, if it does.

        Returns:
            ``None`` for a state of this configuration, else the settings that differ:
            ``"4 players, but this game is for 2 players"``.

        Raises:
            ConfigurationError: ``state`` is not a state of this game at all.
        """
        if state is self._known:
            return None
        if type(state) is not self.types.state:
            raise not_a_state(self, state)
        configuration = self.rules.configuration(state)
        if configuration is self._configuration or configuration == self._configuration:
            self._known = state
            return None
        describe = self.rules.describe_configuration
        theirs = describe(configuration).split(", ")
        mine = describe(self._configuration).split(", ")
        if len(theirs) == len(mine):  # name only the settings that differ
            theirs, mine = (
                [part for part, other in zip(one, two, strict=True) if part != other]
                for one, two in ((theirs, mine), (mine, theirs))
            )
        return f"{', '.join(theirs)}, but this game is for {', '.join(mine)}"

    def new_game(self, seed: int) -> StateT:
        """Set up a game, every random choice drawn from ``seed``.

        Raises:
            ConfigurationError: ``seed`` is not an int.
        """
        state = self.rules.new_game(self._configuration, check_seed(seed))
        self._known = state
        return state

    def current_player(self, state: StateT) -> PlayerId | None:
        """Return the seat whose decision is pending, or ``None`` when the game is over.

        Raises:
            ConfigurationError: ``state`` is not a state of this configuration.
        """
        if state is not self._known:
            self._require(state)
        return self.rules.current_player(state)

    def legal_actions(self, state: StateT) -> Sequence[ActionT]:
        """Return the legal actions of the seat to move, in a fixed order (empty iff over).

        Raises:
            ConfigurationError: ``state`` is not a state of this configuration.
        """
        if state is not self._known:
            self._require(state)
        return self.rules.legal_actions(state)

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """Return the state after ``action``; ``state`` itself is unchanged.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state`` (the error's
                ``action`` is the refused value), or ``state`` is not a state of this
                configuration.
        """
        if state is not self._known:
            try:
                foreign = self._foreign(state)
            except ConfigurationError as error:
                raise illegal_action(action, str(error)) from None
            if foreign is not None:
                raise illegal_action(action, f"the state is for {foreign}")
        after = self.rules.apply(state, action)
        self._known = after
        return after

    def observe(self, state: StateT, player: PlayerId) -> ObservationT:
        """Return what ``player`` knows of ``state``.

        Raises:
            ConfigurationError: ``player`` is not a seat, or ``state`` is not a state of
                this configuration.
        """
        if state is not self._known:
            self._require(state)
        return self.knowledge.observe(state, check_seat(player, self._players))

    def score(self, state: StateT) -> tuple[float, ...]:
        """Return each seat's score as the rules count it now.

        Raises:
            ConfigurationError: ``state`` is not a state of this configuration.
        """
        if state is not self._known:
            self._require(state)
        return self.rules.score(state)

    def ranking(self, state: StateT) -> tuple[int, ...]:
        """Return each seat's place (1 is best; tied seats share a place).

        Raises:
            ConfigurationError: ``state`` is not a state of this configuration.
        """
        if state is not self._known:
            self._require(state)
        return self.rules.ranking(state)

    def is_terminal(self, state: StateT) -> bool:
        """Return whether the game is over (no seat has a decision pending).

        Raises:
            ConfigurationError: ``state`` is not a state of this configuration.
        """
        if state is not self._known:
            self._require(state)
        return self.rules.current_player(state) is None

    def is_truncated(self, state: StateT) -> bool:
        """Return whether the game was stopped by a turn limit rather than by its rules.

        Raises:
            ConfigurationError: ``state`` is not a state of this configuration.
        """
        if state is not self._known:
            self._require(state)
        return self.rules.is_truncated(state)

    def sample_state(self, observation: ObservationT, seed: int) -> StateT:
        """Return a full state consistent with everything ``observation``'s player knows.

        Only what that player cannot know is drawn at random, from ``seed``.

        Raises:
            ConfigurationError: ``seed`` is not an int, or ``observation`` is not an
                observation of this configuration.
        """
        self._require_observation(observation)
        sampled = self.knowledge.sample_state(observation, check_seed(seed))
        foreign = self._foreign(sampled)
        if foreign is not None:
            raise ConfigurationError(f"the observation is for {foreign}")
        return sampled

    def check_state(self, state: StateT) -> None:
        """Check every invariant of ``state``.

        Raises:
            InvalidStateError: An invariant is broken; the message says which.
            ConfigurationError: ``state`` is not a state of this configuration.
        """
        if state is not self._known:
            self._require(state)
        self.rules.check_state(state)

    def render_state(self, state: StateT) -> str:
        """Describe a full state as readable text.

        Raises:
            ConfigurationError: ``state`` is not a state of this configuration.
        """
        if state is not self._known:
            self._require(state)
        return self.text.render_state(state)

    def render_observation(self, observation: ObservationT) -> str:
        """Describe an observation as readable text, as its player would see the table.

        Raises:
            ConfigurationError: ``observation`` is not an observation of this game.
        """
        self._require_observation(observation)
        return self.text.render_observation(observation)

    def _require_action(self, action: ActionT) -> None:
        if type(action) not in self.types.action_classes:
            raise ConfigurationError(f"expected an action of {self.info.name}, got {given(action)}")
        try:
            self.rules.check_action(action)
        except InvalidStateError as error:
            raise ConfigurationError(f"not an action of {self.info.name}: {error}") from None

    def describe_action(
        self, observation: ObservationT, action: ActionT, viewer: PlayerId
    ) -> str | None:
        """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

        This is the :class:`~boardgames.DescribesActions` hook; the mover always sees
        his whole action.

        Raises:
            ConfigurationError: ``viewer`` is not a seat, ``observation`` is not an
                observation of this game, or ``action`` is not an action of it.
        """
        self._require_observation(observation)
        self._require_action(action)
        return self.text.describe_action(observation, action, check_seat(viewer, self._players))

    def explain_action(self, observation: ObservationT, action: ActionT) -> str:
        """Say in plain words what ``action``, a legal action of ``observation``'s seat, does.

        This is the :class:`~boardgames.ExplainsNotation` hook: what a person choosing
        among the legal actions is shown beside each (the mission offered, the card's
        values, the tile's destination).

        Raises:
            ConfigurationError: ``observation`` is not an observation of this game, or
                ``action`` is not an action of it.
        """
        self._require_observation(observation)
        self._require_action(action)
        return self.text.explain_action(observation, action)

    def legend(self) -> str:
        """Explain the notation of the game's text renderings and action names.

        This is the :class:`~boardgames.ExplainsNotation` hook; ``boardgames play`` shows
        it when a person answers ``?``.
        """
        return self.text.legend()

    def render_state_svg(self, state: StateT) -> str:
        """Draw a full state as a self-contained SVG document, hidden parts shown face up.

        This is the :class:`~boardgames.DrawsPictures` hook; :func:`boardgames.render_svg`
        is the entry point that works for every game.

        Raises:
            ConfigurationError: ``state`` is not a state of this configuration.
        """
        if state is not self._known:
            self._require(state)
        return self.picture.svg_state(state)

    def render_observation_svg(self, observation: ObservationT) -> str:
        """Draw an observation as a self-contained SVG document: only what its seat knows.

        Raises:
            ConfigurationError: ``observation`` is not an observation of this game.
        """
        self._require_observation(observation)
        return self.picture.svg_observation(observation)


_NOTHING = object()
"""The known state of a game that has seen none yet (``None`` is a value to refuse)."""


class Seated(Protocol):
    """What :class:`StandardPositions` needs of a position: the player count it is for."""

    @property
    def players(self) -> int:
        """The number of seats."""
        ...


PositionT = TypeVar("PositionT", bound=Seated)
ConfigurationT_contra = TypeVar("ConfigurationT_contra", contravariant=True)


class Positions(Protocol[StateT, PositionT, ConfigurationT_contra]):
    """What :class:`StandardPositions` needs of a game's positions (a module).

    .. versionadded:: 0.1.0
    """

    def setup(
        self, configuration: ConfigurationT_contra, position: PositionT, seed: int, /
    ) -> StateT:
        """Build the state of ``position`` (drawing what it leaves out from ``seed``).

        :class:`StandardPositions` has checked that ``position`` is of the game's position
        type and player count; the options it fixes are this function's to check.

        Raises:
            ConfigurationError: ``position`` is for other options than ``configuration``,
                or a fact of it cannot hold; the message names the first.
        """
        ...

    def position_of(self, state: StateT, /) -> PositionT:
        """Return the position of ``state``."""
        ...

    def parse(self, text: str, /) -> PositionT:
        """Read a position from its text notation.

        Raises:
            NotationError: ``text`` is not a position; the error names the token at fault.
        """
        ...


class Moving(Protocol):
    """What :func:`origin_text` needs of a position: its moves and where they start."""

    @property
    def history(self) -> Sequence[Any]:
        """The public moves since :attr:`origin`, oldest first."""
        ...

    @property
    def origin(self) -> Any:
        """The position the moves start from (``None``: the deal, or no moves)."""
        ...


def setup_failure(message: str) -> ConfigurationError:
    """Return the error of a position whose ``message`` names the fact that cannot hold.

    >>> setup_failure("seat 2 holds 9 cards")
    ConfigurationError('the position cannot be set up: seat 2 holds 9 cards')

    .. versionadded:: 0.2.0
    """
    return ConfigurationError(f"the position cannot be set up: {message}")


def origin_text(
    position: Moving,
    *,
    at_deal: bool,
    table: Callable[[], str],
    of_origin: Callable[[Any], str | None] | None = None,
) -> str | None:
    """Return the :attr:`History.origin <boardgames.History.origin>` of a set-up table.

    A position with moves starts them from its own ``origin`` (the deal when it has
    none), written by ``of_origin`` (by default ``str(origin.public())``); a position
    without moves is its own origin, written by ``table`` (the public part of the set-up
    table), unless it is the deal (``at_deal``), whose history starts from nothing.

    .. versionadded:: 0.2.0
    """
    if position.history:
        if position.origin is None:
            return None
        return str(position.origin.public()) if of_origin is None else of_origin(position.origin)
    return None if at_deal else table()


def finish_setup(
    state: StateT,
    moves: Sequence[Any],
    origin: str | None,
    check_state: Callable[[StateT], None],
) -> StateT:
    """Give a set-up table its history of ``moves`` since ``origin``, and check it.

    Raises:
        ConfigurationError: The state fails ``check_state`` (its message, from
            :func:`setup_failure`, says why).

    .. versionadded:: 0.2.0
    """
    state = cast("StateT", attrs.evolve(cast("Any", state), history=History(moves, origin=origin)))
    try:
        check_state(state)
    except InvalidStateError as error:
        raise setup_failure(str(error)) from None
    return state


class StandardPositions(
    StandardGame[StateT, ActionT, ObservationT, ConfigurationT],
    Generic[StateT, ActionT, ObservationT, ConfigurationT, PositionT],
):
    """A :class:`StandardGame` that also sets up positions (:class:`~boardgames.SetsUpPositions`).

    Subclasses set :attr:`positions` besides the other modules, and name the position
    class in :attr:`GameTypes.position <GameTypes>`. The game's page documents its position
    type and notation.

    .. versionadded:: 0.1.0
    """

    positions: Positions[StateT, PositionT, ConfigurationT]
    """The game's positions (a module)."""

    def setup(self, position: PositionT, seed: int = 0) -> StateT:
        """Return the state of ``position``, everything it leaves out drawn from ``seed``.

        What a position leaves out (deck orders, cards it does not name) is drawn as the
        rules allow. Unless the position is the start of a game, the state's history
        starts from the position's public table (:attr:`History.origin
        <boardgames.History.origin>`): the game goes on from there, and
        ``check_state`` replays its moves from there.

        Raises:
            ConfigurationError: ``position`` is not a position of this game's
                configuration, ``seed`` is not an int, or a fact of the position cannot
                hold (the message names the first).
        """
        expected = self.types.position
        if type(position) is not expected:
            name = expected.__name__ if expected is not None else "position"
            raise ConfigurationError(
                f"expected a {name} (a position of {self.info.name}), got {given(position)}; "
                f"read a text with parse_position"
            )
        if position.players != self._players:
            raise ConfigurationError(
                f"the position is for {position.players!r} players; this game has {self._players}"
            )
        return self.positions.setup(self._configuration, position, check_seed(seed))

    def position(self, state: StateT) -> PositionT:
        """Return the position of ``state``: everything it holds but the order of its decks.

        ``setup(position(state), seed)`` gives every seat the same observation and legal
        actions as ``state``, whatever the seed, and has the same position.

        Raises:
            ConfigurationError: ``state`` is not a state of this configuration.
        """
        if state is not self._known:
            self._require(state)
        return self.positions.position_of(state)

    def parse_position(self, text: str) -> PositionT:
        """Read a position of this game from its text notation.

        Raises:
            NotationError: ``text`` is not a position; the error names the token at fault,
                its line and its column.
        """
        return self.positions.parse(text)


@attrs.frozen
class _Writer:
    """Writes observations of one configuration; it pickles (a closure would not)."""

    game: type[StandardGame[Any, Any, Any, Any]]
    configuration: Any

    def __call__(self, observation: Any, out: Any) -> None:
        expected = self.game.types.observation
        if type(observation) is not expected:
            raise ConfigurationError(
                f"expected a {expected.__name__} (an observation of {self.game.info.name}), "
                f"got {given(observation)}"
            )
        self.game.encoder.encode_observation(self.configuration, observation, out)


def _rebuild(
    cls: type[StandardGame[Any, Any, Any, Any]], players: int, options: Mapping[str, OptionValue]
) -> StandardGame[Any, Any, Any, Any]:
    return cls(players=players, **options)


def _build_codec(cls: type[StandardGame[Any, Any, Any, Any]]) -> Codec:
    types = cls.types
    converter = make_converter(action_union=types.action)
    if types.public_action is not None:
        configure_tagged_action(converter, types.public_action)
    if types.converter_hooks is not None:
        types.converter_hooks(converter)
    state_type = types.state
    observation_type = types.observation
    action_classes = types.action_classes
    rules = cls.rules
    knowledge = cls.knowledge

    def check(value: object) -> None:
        if type(value) is state_type:
            rules.check_state(value)
        elif type(value) is observation_type:
            _check_observation(rules, knowledge, value)
        elif type(value) in action_classes:
            rules.check_action(value)

    return Codec(
        game=cls.info.name,
        converter=converter,
        state_type=state_type,
        observation_type=observation_type,
        action_type=types.action,
        action_classes=action_classes,
        check=check,
        upgrade=types.upgrade,
    )


def _check_observation(
    rules: Rules[Any, Any, Any], knowledge: Knowledge[Any, Any], observation: Any
) -> None:
    """Check an observation by sampling a state from it and observing that state again."""
    knowledge.check_observation(observation)
    try:
        sampled = knowledge.sample_state(observation, 0)
    except BoardgamesError:
        raise
    except Exception as error:  # a malformed observation may break the sampler anywhere
        raise InvalidStateError(f"no state gives this observation: {error}") from error
    rules.check_state(sampled)
    if knowledge.observe(sampled, observation.player) != observation:
        raise InvalidStateError("the observation is not one the rules can produce")

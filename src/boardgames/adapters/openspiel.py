"""Every game as an OpenSpiel game: a ``pyspiel`` Python game over the library's engine.

>>> from boardgames.adapters import openspiel as adapter
>>> game = adapter.load_game("magellan-elcano", players=3)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 256)
>>> for byte in (7, 0, 0, 0):  # the deal: the game's seed, 7, one byte at a time
...     state.apply_action(byte)
>>> state.seed, state.current_player() in (0, 1, 2)
(7, True)

:func:`load_game` returns an :class:`OpenSpielGame`, a subclass of ``pyspiel.Game``
built on OpenSpiel's Python game interface, whose states (:class:`OpenSpielState`)
subclass ``pyspiel.State``, so OpenSpiel's algorithms, bots and tests run on them as on
its own Python games. :func:`register` registers every game with OpenSpiel under the
short name :func:`short_name` gives (``python_boardgames_magellan_elcano``), so that
``pyspiel.load_game("python_boardgames_magellan_elcano(players=3)")`` builds it too.

The game type:

* **dynamics** sequential; **information** imperfect; **reward model** terminal;
* **utility** zero-sum: the returns are
  :func:`~boardgames.core.ranking.rewards_from_ranking` of the final ranking, from -1
  (sole last) to 1 (sole winner), summing to 0; every reward before the end is 0;
* **chance mode** explicit stochastic. All of a game's randomness comes from the seed of
  ``new_game(seed)``, so the only chance nodes are the deal of that seed: the first
  :data:`SEED_DRAWS` states, each with 256 equally likely outcomes, the seed's bytes
  from the lowest. The seed is thus uniform over ``0 .. 2**32 - 1``, and whoever samples
  chance outcomes (OpenSpiel's tests, bots and environments) supplies it;
  :meth:`OpenSpielState.deal` deals a seed of your choice. (OpenSpiel's own
  sampled-stochastic games draw from a generator inside the game, whose state
  ``pyspiel.serialize_game_and_state`` saves; a Python game cannot provide that state,
  so the adapter deals the seed openly instead);
* **actions** ``0 .. num_distinct_actions - 1``, the game's
  :attr:`~boardgames.core.encoding.GameEncoding.num_distinct_actions`; ``legal_actions``
  are the numbers of the legal actions, sorted;
* **observations**: ``observation_tensor`` is the game's observation vector
  (:meth:`~boardgames.core.encoding.GameEncoding.encode_observation`), one named piece per
  segment of its layout; ``observation_string`` is ``render_observation``;
  ``information_state_string`` is the observation in the library's JSON form, the text
  :func:`boardgames.dumps` writes for it (see the how-to page for why);
* ``max_game_length``: the most decisions a game can take, from the game's turn limits
  (see ``docs/howto/openspiel.md``). A game that reaches it ends there, scored like a
  game the engine's ``max_turns`` stopped.

Importing this module imports ``pyspiel`` and ``numpy``; without them it raises
:class:`~boardgames.ConfigurationError` naming the extra to install
(``pip install "boardgames[openspiel]"``).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from boardgames.adapters._extras import missing_extra

try:
    import numpy as np

    # Imported by name: mypy has no type information for this compiled module.
    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError as error:
    raise missing_extra(error, "openspiel", __name__) from error

from boardgames.adapters._game_lengths import decision_bound
from boardgames.adapters._games import configured_game, require_encoding
from boardgames.core.encoding import GameEncoding
from boardgames.core.errors import ConfigurationError, IllegalActionError
from boardgames.core.protocol import Game, GameFactory, GameInfo, OptionValue, PlayerId
from boardgames.core.ranking import rewards_from_ranking
from boardgames.core.registry import game_info, game_names, make
from boardgames.serialization import FORMAT_VERSION

__all__ = [
    "PARAMETERS",
    "SEED_DRAWS",
    "SEED_RANGE",
    "SHORT_NAME_PREFIX",
    "OpenSpielGame",
    "OpenSpielObserver",
    "OpenSpielState",
    "load_game",
    "register",
    "resampler",
    "short_name",
]

SHORT_NAME_PREFIX: Final = "python_boardgames_"
"""The start of every OpenSpiel short name this adapter registers."""

PARAMETERS: Final = ("players", "max_game_length")
"""The OpenSpiel parameters every game has besides its own options.

``players`` is the seat count; ``max_game_length`` is the decision limit (``0``: the
bound from the game's turn limits).
"""

SEED_DRAWS: Final = 4
"""The chance nodes of the deal: one per byte of the seed, the lowest byte first."""
SEED_RANGE: Final = 256**SEED_DRAWS
"""Seeds are dealt from ``0 .. SEED_RANGE - 1``."""

_CHANCE: Final[int] = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final[int] = int(pyspiel.PlayerId.TERMINAL)
_OUTCOMES: Final = tuple((byte, 1.0 / 256) for byte in range(256))
_SAMPLER_SCALE: Final = 2**53  # a float in [0, 1) has 53 bits


if TYPE_CHECKING:
    # For mypy only: the typed interface of the ``pyspiel.Game`` and ``pyspiel.State``
    # methods that this module and its users call (pyspiel carries no type information;
    # the methods the adapter defines itself are typed where it defines them).

    class _SpielGame:
        get_parameters: Callable[[], dict[str, Any]]
        get_type: Callable[[], Any]
        num_players: Callable[[], int]
        num_distinct_actions: Callable[[], int]
        max_game_length: Callable[[], int]
        max_chance_outcomes: Callable[[], int]
        min_utility: Callable[[], float]
        max_utility: Callable[[], float]
        utility_sum: Callable[[], float]
        observation_tensor_shape: Callable[[], list[int]]
        observation_tensor_size: Callable[[], int]
        deserialize_state: Callable[[str], Any]

        def __init__(self, game_type: Any, game_info: Any, params: Mapping[str, Any]) -> None:
            pass

    class _SpielState:
        get_game: Callable[[], Any]
        legal_actions: Callable[..., list[int]]
        legal_actions_mask: Callable[..., list[int]]
        apply_action: Callable[[int], None]
        action_to_string: Callable[..., str]
        history: Callable[[], list[int]]
        history_str: Callable[[], str]
        information_state_string: Callable[..., str]
        observation_string: Callable[..., str]
        observation_tensor: Callable[..., list[float]]
        clone: Callable[[], Any]
        child: Callable[[int], Any]
        serialize: Callable[[], str]
        is_chance_node: Callable[[], bool]
        is_initial_state: Callable[[], bool]
        is_player_node: Callable[[], bool]
        move_number: Callable[[], int]
        num_players: Callable[[], int]

        def __init__(self, game: Any) -> None:
            pass

else:
    _SpielGame = pyspiel.Game
    _SpielState = pyspiel.State


def short_name(name: str) -> str:
    """Return the OpenSpiel short name of a game: ``"python_boardgames_"`` + its name.

    The name's hyphens become underscores.

    >>> short_name("magellan-elcano")
    'python_boardgames_magellan_elcano'
    """
    return SHORT_NAME_PREFIX + name.replace("-", "_")


class _Node:
    """One engine state and what the adapter derives from it, each computed once.

    The engine's states are immutable, so a node is shared, never copied: ``copy.deepcopy``
    (which OpenSpiel's ``clone`` applies to a Python state's attributes) returns it, and a
    pickle holds the engine state only.
    """

    __slots__ = ("_actions", "_info", "_numbers", "_observations", "_text", "player", "state")

    def __init__(self, state: object, player: PlayerId | None) -> None:
        self.state = state
        self.player = player
        self._numbers: list[int] | None = None
        self._actions: dict[int, Any] = {}
        self._observations: dict[PlayerId, Any] = {}
        self._info: dict[PlayerId, str] = {}
        self._text: str | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Node, (self.state, self.player))

    def numbers(self, game: OpenSpielGame) -> list[int]:
        """Return the sorted numbers of the legal actions."""
        if self._numbers is None:
            encode = game.encoding.encode_action
            legal = game.boardgames_game.legal_actions(self.state)
            self._actions = {encode(action): action for action in legal}
            self._numbers = sorted(self._actions)
        return self._numbers

    def action(self, game: OpenSpielGame, number: int) -> Any:
        """Return the legal action numbered ``number``.

        Raises:
            IllegalActionError: ``number`` is not the number of a legal action.
        """
        self.numbers(game)
        action = self._actions.get(number)
        if action is None:
            return game.encoding.legal_action(list(self._actions.values()), number)
        return action

    def observation(self, game: OpenSpielGame, player: PlayerId) -> Any:
        """Return ``player``'s observation."""
        observation = self._observations.get(player)
        if observation is None:
            observation = self._observations[player] = game.boardgames_game.observe(
                self.state, player
            )
        return observation

    def text(self, game: OpenSpielGame) -> str:
        """Return the state rendered (``render_state``)."""
        text = self._text
        if text is None:
            text = self._text = game.boardgames_game.render_state(self.state)
        return text

    def information(self, game: OpenSpielGame, player: PlayerId) -> str:
        """Return ``player``'s information state string."""
        text = self._info.get(player)
        if text is None:
            text = self._info[player] = game._observation_json(self.observation(game, player))
        return text


class OpenSpielGame(_SpielGame):
    """A configured game of the library as an OpenSpiel game (a ``pyspiel.Game``).

    Build it with :func:`load_game`, or with ``pyspiel.load_game`` after :func:`register`.

    Args:
        game: A configured game with an ``encoding``
            (:class:`~boardgames.core.encoding.HasEncoding`).
        max_game_length: The decision limit; ``None`` (or 0) for the bound from the game's
            turn limits, which the built-in games know.

    Raises:
        ConfigurationError: The game has no encoding, ``max_game_length`` is not a
            positive int, or no bound is known and none is given.
    """

    def __init__(self, game: Game[Any, Any, Any], *, max_game_length: int | None = None) -> None:
        self._game = game
        self._encoding = require_encoding(game)
        info = game.info
        length = _length(game, max_game_length)
        name = _register(info, _builder(game))
        params: dict[str, OptionValue] = {
            "players": game.players,
            **game.options,
            "max_game_length": length,
        }
        super().__init__(
            _game_types[name],
            pyspiel.GameInfo(
                num_distinct_actions=self._encoding.num_distinct_actions,
                max_chance_outcomes=len(_OUTCOMES),
                num_players=game.players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=length,
            ),
            params,
        )
        self._action_strings: list[str] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> OpenSpielGame:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel's own pickling restores the C++ game only; rebuild it from its string.
        return (_unpickle, (self._game.info.name, str(self)))

    @property
    def boardgames_game(self) -> Game[Any, Any, Any]:
        """The library's game this OpenSpiel game plays."""
        return self._game

    @property
    def encoding(self) -> GameEncoding[Any, Any]:
        """The game's action numbering and observation vector."""
        return self._encoding

    def new_initial_state(self) -> OpenSpielState:
        """Return the initial state: the first chance node of the deal."""
        return OpenSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> OpenSpielObserver:
        """Return the observer OpenSpiel uses for the observation and information state.

        Args:
            iig_obs_type: A ``pyspiel.IIGObservationType`` with public information and the
                observer's own private information: without perfect recall (the default)
                it gives the observation tensor and string, with it the information state
                string.
            params: Observer parameters: none are supported.

        Raises:
            ConfigurationError: Parameters, or another observation type.
        """
        if params:
            raise ConfigurationError(f"observer parameters are not supported; got {params!r}")
        if iig_obs_type is None:
            return OpenSpielObserver(self, perfect_recall=False)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ConfigurationError(
                f"observation type {iig_obs_type!r} is not supported: an observation holds "
                "the public information and the observer's own private information"
            )
        return OpenSpielObserver(self, perfect_recall=bool(iig_obs_type.perfect_recall))

    def _make_node(self, state: object) -> _Node:
        """Return a new node for an engine state of this game."""
        return _Node(state, self._game.current_player(state))

    def _action_string(self, number: int) -> str:
        """Return the text of action ``number``: its ``str``, or ``repr`` if not unique.

        Raises:
            IllegalActionError: ``number`` is not an action number of the game.
        """
        strings = self._action_strings
        if strings is None:
            strings = self._action_strings = _unique_strings(self._encoding)
        if type(number) is not int or not 0 <= number < len(strings):
            self._encoding.decode_action(number)  # raises the numbering's own error
        return strings[number]

    def _observation_json(self, observation: object) -> str:
        """Return ``observation`` as :func:`boardgames.dumps` writes it."""
        codec = self._game.codec
        envelope = {
            "format": FORMAT_VERSION,
            "game": codec.game,
            "type": "observation",
            "data": codec.unstructure(observation, "observation"),
        }
        return json.dumps(envelope, separators=(",", ":"), allow_nan=False)

    def _returns(self, state: object) -> list[float]:
        """Return each seat's return for a finished or stopped engine state."""
        return list(rewards_from_ranking(self._game.ranking(state)))


class OpenSpielState(_SpielState):
    """A state of an :class:`OpenSpielGame` (a ``pyspiel.State``).

    It holds the seed's bytes dealt so far, then the engine's state and the number of
    decisions taken. Everything OpenSpiel copies or pickles of it is a
    plain value, so ``clone``, ``serialize`` and ``pickle`` work.

    Args:
        game: The game; states are made by ``game.new_initial_state()``.
    """

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self._node: _Node | None = None
        self._bytes: tuple[int, ...] = ()
        self._seed: int | None = None
        self._decisions = 0
        self._limit = game.max_game_length()

    # --- what the library adds ---------------------------------------------------------

    @property
    def boardgames_state(self) -> object | None:
        """The engine's state, ``None`` before the deal."""
        return None if self._node is None else self._node.state

    @property
    def seed(self) -> int | None:
        """The seed the game was dealt from; ``None`` before the deal and in a sample."""
        return self._seed

    @property
    def decisions(self) -> int:
        """The number of decisions taken so far (the deal not counted)."""
        return self._decisions

    @property
    def truncated(self) -> bool:
        """Whether a turn limit ended the game: the game's own, or ``max_game_length``."""
        node = self._node
        if node is None or not self.is_terminal():
            return False
        return node.player is not None or self._spiel_game().boardgames_game.is_truncated(
            node.state
        )

    def deal(self, seed: int) -> None:
        """Deal ``seed``: apply its :data:`SEED_DRAWS` bytes as the chance outcomes.

        Raises:
            IllegalActionError: The state is not the initial state.
            ConfigurationError: ``seed`` is not an int from 0 to ``SEED_RANGE - 1``.
        """
        if self._node is not None or self._bytes:
            raise IllegalActionError("cannot deal a seed: the deal has begun already", seed)
        if type(seed) is not int or not 0 <= seed < SEED_RANGE:
            raise ConfigurationError(f"seed={seed!r} must be an int from 0 to {SEED_RANGE - 1}")
        for index in range(SEED_DRAWS):
            self.apply_action((seed >> (8 * index)) & 255)

    # --- the pyspiel.State interface ---------------------------------------------------

    def _spiel_game(self) -> OpenSpielGame:
        game: OpenSpielGame = self.get_game()
        return game

    def current_player(self) -> int:
        """Return the seat to move, ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``."""
        node = self._node
        if node is None:
            return _CHANCE
        if node.player is None or self._decisions >= self._limit:
            return _TERMINAL
        return node.player

    def is_terminal(self) -> bool:
        """Return whether the game is over (or stopped at ``max_game_length``)."""
        return self.current_player() == _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        """Return the numbers of the legal actions of ``player``, the seat to move."""
        node = self._node
        assert node is not None  # OpenSpiel asks only at player nodes
        return node.numbers(self._spiel_game())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the 256 equally likely bytes at a chance node, and nothing elsewhere."""
        return list(_OUTCOMES) if self._node is None else []

    def _apply_action(self, action: int) -> None:
        """Apply a byte of the seed, or the action numbered ``action``.

        Raises:
            IllegalActionError: The number is not legal now.
        """
        game = self._spiel_game()
        node = self._node
        if node is None:
            if type(action) is not int or not 0 <= action < len(_OUTCOMES):
                raise IllegalActionError(
                    f"chance outcome {action!r} is not legal: a byte of the seed is 0 to 255",
                    action,
                )
            self._bytes = dealt = (*self._bytes, action)
            if len(dealt) == SEED_DRAWS:
                self._seed = seed = sum(byte << (8 * index) for index, byte in enumerate(dealt))
                self._node = game._make_node(game.boardgames_game.new_game(seed))
            return
        if self.is_terminal():
            raise IllegalActionError(
                f"action number {action!r} is not legal: the game is over", action
            )
        chosen = node.action(game, action)
        self._node = game._make_node(game.boardgames_game.apply(node.state, chosen))
        self._decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        """Return the text of ``action``: the deal, or the action's notation."""
        if player == _CHANCE:
            return f"seed byte {len(self._bytes) + 1} of {SEED_DRAWS}: {action}"
        return self._spiel_game()._action_string(action)

    def returns(self) -> list[float]:
        """Return each seat's return: the ranking's rewards at the end, 0 before."""
        node = self._node
        game = self._spiel_game()
        if node is None or not self.is_terminal():
            return [0.0] * game.boardgames_game.players
        return game._returns(node.state)

    def rewards(self) -> list[float]:
        """Return the rewards of the last transition: the returns at the end, else 0."""
        return self.returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> OpenSpielState:
        """Return a state that ``player_id`` cannot tell from this one.

        It is the engine's ``sample_state`` of the player's observation, with a seed drawn
        from ``probability_sampler`` (a callable returning a float in [0, 1), such as
        ``pyspiel.UniformProbabilitySampler``). The sample's ``history()`` is empty, since
        the actions that led to the world it samples are not known, and so is its
        ``seed``; its decision count is this state's, which everyone knows. During the
        deal, nothing is known yet: the sample is a clone.

        Raises:
            ConfigurationError: ``player_id`` is not a seat.
        """
        game = self._spiel_game()
        engine = game.boardgames_game
        if type(player_id) is not int or not 0 <= player_id < engine.players:
            raise ConfigurationError(
                f"player_id={player_id!r} is not a seat (0 to {engine.players - 1})"
            )
        node = self._node
        if node is None:
            clone: OpenSpielState = self.clone()
            return clone
        seed = int(float(probability_sampler()) * _SAMPLER_SCALE)
        sampled = engine.sample_state(node.observation(game, player_id), seed)
        result = game.new_initial_state()
        result._node = game._make_node(sampled)
        result._decisions = self._decisions
        return result

    def __str__(self) -> str:
        """Return the full state as the game renders it (``render_state``)."""
        node = self._node
        game = self._spiel_game()
        engine = game.boardgames_game
        if node is None:
            return f"{engine.info.title}, {engine.players} players: {_pending(self)}"
        text = node.text(game)
        if node.player is not None and self.is_terminal():
            text += f"\nstopped at the decision limit ({self._decisions} decisions)"
        return text


class OpenSpielObserver:
    """What :meth:`OpenSpielGame.make_py_observer` returns: an observer as OpenSpiel's are.

    ``tensor`` is the observation vector (``None`` for the information state) and
    ``dict`` one view of it per non-empty segment of the game's layout, in order.
    ``open_spiel.python.observation.make_observation(game)`` returns it.

    Args:
        game: The game.
        perfect_recall: Whether it gives the information state string (and no tensor)
            rather than the observation tensor and string.
    """

    def __init__(self, game: OpenSpielGame, *, perfect_recall: bool) -> None:
        self._game = game
        self._perfect_recall = perfect_recall
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        if perfect_recall:
            return
        encoding = game.encoding
        self.tensor = np.zeros(encoding.observation_size, np.float32)
        segments = [segment for segment in encoding.layout if segment.size]
        if len({segment.name for segment in segments}) == len(segments):
            for segment in segments:
                self.dict[segment.name] = self.tensor[segment.start : segment.stop]
        else:
            self.dict["observation"] = self.tensor

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """Write ``player``'s observation vector of ``state`` into ``tensor``."""
        if self.tensor is None:
            return
        node = state._node
        if node is None:
            self.tensor.fill(0.0)
            return
        game = self._game
        # A numpy array is a mutable sequence of numbers in all but its declared type.
        out = cast("MutableSequence[float]", self.tensor)
        game.encoding.encode_observation(node.observation(game, player), out)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """Return ``player``'s observation string, or information state string, of ``state``."""
        node = state._node
        if node is None:
            return _pending(state)
        game = self._game
        if self._perfect_recall:
            return node.information(game, player)
        return game.boardgames_game.render_observation(node.observation(game, player))


def load_game(
    name_or_game: str | Game[Any, Any, Any],
    players: int | None = None,
    *,
    max_game_length: int | None = None,
    **options: OptionValue,
) -> OpenSpielGame:
    """Return a game of the library as an OpenSpiel game.

    Its OpenSpiel type is registered on the way, so ``pyspiel.load_game(str(game))``
    builds the same game again (OpenSpiel's serialization relies on it).

    Args:
        name_or_game: A registered game name, such as ``"magellan-elcano"``, or a
            configured game with an ``encoding``.
        players: The seat count, with a name (the game's default when omitted).
        max_game_length: The decision limit; ``None`` for the bound from the game's turn
            limits (needed for a game other than the built-in ones).
        **options: The game's options, with a name.

    Raises:
        UnknownGameError: No game has that name.
        ConfigurationError: The player count or an option is not allowed, either is given
            with a configured game, the game has no encoding, or its decision limit is
            neither known nor given.

    >>> game = load_game("magellan-elcano", players=2)
    >>> str(game)
    'python_boardgames_magellan_elcano(max_game_length=132,players=2,storm_variant=False)'
    >>> game.num_distinct_actions() == game.encoding.num_distinct_actions
    True
    """
    game = configured_game(name_or_game, players, options)
    return OpenSpielGame(game, max_game_length=max_game_length)


def register(names: Sequence[str] | None = None) -> dict[str, str]:
    """Register games with OpenSpiel, so that ``pyspiel.load_game`` builds them by name.

    Every option of a game is a parameter of its OpenSpiel game, with the game's default,
    besides :data:`PARAMETERS`. Registering again is harmless.

    Args:
        names: The games to register; every name of :func:`boardgames.game_names` when
            omitted (the built-in games and those registered so far).

    Returns:
        Each game's name mapped to its OpenSpiel short name.

    Raises:
        UnknownGameError: A name is not a registered game.
        ConfigurationError: A game has an option named like one of :data:`PARAMETERS`.

    >>> register(["magellan-elcano"])
    {'magellan-elcano': 'python_boardgames_magellan_elcano'}
    """
    chosen = list(game_names() if names is None else names)
    result: dict[str, str] = {}
    for name in chosen:
        info = game_info(name)
        result[name] = _register(info, _by_name(name))
    return result


def resampler(seed: int) -> Callable[[Any, int], OpenSpielState]:
    """Return a resampling callback for OpenSpiel's ``ISMCTSBot.set_resampler``.

    OpenSpiel's Python ISMCTS resamples with a new ``pyspiel.UniformProbabilitySampler``
    each time, whose seed comes from the operating system; this callback draws every
    sample's seed from one generator seeded with ``seed``, so that a search can be
    repeated.

    >>> callback = resampler(0)
    >>> state = load_game("magellan-elcano", players=2).new_initial_state()
    >>> state.deal(3)
    >>> callback(state, 0).information_state_string(0) == state.information_state_string(0)
    True
    """
    generator = random.Random(seed)

    def resample(state: Any, player: int) -> OpenSpielState:
        sample: OpenSpielState = state.resample_from_infostate(player, generator.random)
        return sample

    return resample


# --- registration ----------------------------------------------------------------------

_Builder = Callable[[int, Mapping[str, OptionValue]], Game[Any, Any, Any]]
"""Builds a configured game from a seat count and every option's value."""

_builders: dict[str, _Builder] = {}
"""Each registered short name's builder (the last one registered under the name)."""
_game_types: dict[str, Any] = {}
"""Each registered short name's ``pyspiel.GameType``."""
_specifications: dict[str, dict[str, OptionValue]] = {}


def _length(game: Game[Any, Any, Any], given: int | None) -> int:
    """Return the decision limit: ``given``, or the bound of the game's configuration."""
    if given is not None and given != 0:
        if type(given) is not int or given < 1:
            raise ConfigurationError(f"max_game_length={given!r} must be a positive int")
        return given
    bound = decision_bound(game.info.name, game.players, game.options)
    if bound is None:
        raise ConfigurationError(
            f"no decision limit is known for {game.info.name!r}; pass max_game_length, the "
            "most decisions a game of it can take"
        )
    return bound


def _by_name(name: str) -> _Builder:
    def build(players: int, options: Mapping[str, OptionValue]) -> Game[Any, Any, Any]:
        return make(name, players, **options)

    return build


def _builder(game: Game[Any, Any, Any]) -> _Builder:
    """Return what rebuilds ``game`` from its options: its class, else the registry."""
    info = getattr(type(game), "info", None)
    if isinstance(info, GameInfo) and info == game.info:
        # A game class that carries its GameInfo is its own factory, as StandardGame is.
        factory = cast(GameFactory, type(game))

        def build(players: int, options: Mapping[str, OptionValue]) -> Game[Any, Any, Any]:
            return factory(players=players, **info.resolve(players, options))

        return build
    return _by_name(game.info.name)


def _specification(info: GameInfo) -> dict[str, OptionValue]:
    """Return the OpenSpiel parameters of a game, each with its default."""
    clash = sorted({spec.name for spec in info.options} & set(PARAMETERS))
    if clash:
        raise ConfigurationError(
            f"{info.name!r} has an option named {clash[0]!r}, which is an OpenSpiel "
            "parameter of every game"
        )
    return {
        "players": info.default_players,
        **{spec.name: spec.default for spec in info.options},
        "max_game_length": 0,
    }


def _register(info: GameInfo, builder: _Builder) -> str:
    """Register the OpenSpiel type of a game (again if its parameters changed)."""
    name = short_name(info.name)
    specification = _specification(info)
    _builders[name] = builder
    if _specifications.get(name) != specification:
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"boardgames: {info.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=info.max_players,
            min_num_players=info.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=specification,
        )
        pyspiel.register_game(game_type, _loaded_class(name))
        _game_types[name] = game_type
        _specifications[name] = specification
    return name


def _loaded_class(name: str) -> type[OpenSpielGame]:
    """Return the class ``pyspiel.load_game`` builds a registered game with.

    OpenSpiel keeps a game's creator until the process ends, after Python has shut down.
    A class, as OpenSpiel's own Python games register, is never freed then (it refers to
    itself); a function or an instance would be, without the interpreter lock, and the
    process would crash on exit.
    """

    def __init__(self: OpenSpielGame, params: Mapping[str, Any] | None = None) -> None:
        specification = _specifications[name]
        unknown = sorted(set(params or {}) - set(specification))
        if unknown:
            allowed = ", ".join(sorted(specification))
            raise ConfigurationError(
                f"unknown parameter {unknown[0]!r} for {name}; allowed parameters: {allowed}"
            )
        values = {**specification, **(params or {})}
        players = values.pop("players")
        length = values.pop("max_game_length")
        options = {key: _option_value(value, specification[key]) for key, value in values.items()}
        game = _builders[name](players, options)
        OpenSpielGame.__init__(self, game, max_game_length=length)

    loaded: type[OpenSpielGame] = type(
        "LoadedOpenSpielGame", (OpenSpielGame,), {"__init__": __init__, "__module__": __name__}
    )
    return loaded


def _unpickle(name: str, text: str) -> OpenSpielGame:
    """Rebuild a pickled game from its OpenSpiel string (registering its type if need be)."""
    if short_name(name) not in _builders:
        register([name])
    game: OpenSpielGame = pyspiel.load_game(text)
    return game


def _pending(state: OpenSpielState) -> str:
    """Describe a state during the deal: nobody sees the seed, only how far the deal is."""
    return f"the deal is pending ({len(state._bytes)} of {SEED_DRAWS} seed bytes dealt)"


def _option_value(value: object, default: OptionValue) -> Any:
    """Return a parameter's value as its option's type (a game string reads ``7`` as int)."""
    if isinstance(default, str) and isinstance(value, bool | int | float):
        return str(value)
    return value


def _unique_strings(encoding: GameEncoding[Any, Any]) -> list[str]:
    """Return each action's ``str``, its ``repr`` where that is shared, its number if need be."""
    actions = [encoding.decode_action(number) for number in range(encoding.num_distinct_actions)]
    strings = [str(action) for action in actions]
    counts: dict[str, int] = {}
    for text in strings:
        counts[text] = counts.get(text, 0) + 1
    strings = [
        text if counts[text] == 1 else repr(action)
        for text, action in zip(strings, actions, strict=True)
    ]
    if len(set(strings)) < len(strings):
        strings = [f"{number}: {text}" for number, text in enumerate(strings)]
    return strings

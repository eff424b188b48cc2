"""Every game as a PettingZoo AEC environment: one agent per seat, turn by turn.

>>> from boardgames.adapters import pettingzoo
>>> env = pettingzoo.env("magellan-elcano", players=3)
>>> env.reset(seed=7)
>>> env.possible_agents
['player_0', 'player_1', 'player_2']
>>> env.agent_selection == f"player_{env.game.current_player(env.game_state)}"
True
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((364,), True)

The agents are ``player_0`` to ``player_{n-1}``, seat 0 first; the agent to act is
always the game's :meth:`~boardgames.Game.current_player`, so an agent may act several
times in a row. Spaces, observations, rewards, seeding and the handling of illegal
actions are described on the how-to page :doc:`/howto/pettingzoo`.

Importing this module imports ``pettingzoo``, ``gymnasium`` and ``numpy``; without them
it raises :class:`~boardgames.ConfigurationError` naming the extra to install
(``pip install "boardgames[pettingzoo]"``).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias, overload

from boardgames.adapters._extras import missing_extra

try:
    import gymnasium
    import numpy as np
    import pettingzoo  # type: ignore[import-untyped]  # pettingzoo ships no type information
except ImportError as error:
    raise missing_extra(error, "pettingzoo", __name__) from error

from boardgames.adapters._games import configured_game
from boardgames.adapters._spaces import (
    RENDER_MODES,
    ArrayView,
    Observation,
    check_render_mode,
)
from boardgames.core.errors import ConfigurationError, IllegalActionError
from boardgames.core.protocol import Game, OptionValue, PlayerId
from boardgames.core.ranking import rewards_from_ranking

__all__ = ["BoardgameAECEnv", "env"]

_Info: TypeAlias = dict[str, Any]

_SEED_RANGE = 2**63
"""Game seeds are drawn from ``0 .. 2**63 - 1``."""


def env(
    name_or_game: str | Game[Any, Any, Any],
    players: int | None = None,
    *,
    render_mode: str | None = None,
    **options: OptionValue,
) -> BoardgameAECEnv:
    """Return an AEC environment of a game, not reset yet.

    Args:
        name_or_game: A registered game name, such as ``"magellan-elcano"``, or a
            configured game with an ``encoding``.
        players: The seat count, with a name (the game's default when omitted).
        render_mode: ``None``, ``"ansi"`` (:meth:`~BoardgameAECEnv.render` returns the
            table as text) or ``"human"`` (it prints it, after every step too).
        **options: The game's options, with a name.

    Raises:
        UnknownGameError: No game has that name.
        ConfigurationError: The player count, an option or the render mode is not
            allowed, players or options come with a configured game, or the game has no
            encoding.
    """
    return BoardgameAECEnv(configured_game(name_or_game, players, options), render_mode=render_mode)


class BoardgameAECEnv(pettingzoo.AECEnv):  # type: ignore[misc]  # AECEnv is untyped (Any)
    """A configured game as a PettingZoo ``AECEnv``; build it with :func:`env`.

    It follows PettingZoo's AEC API (``reset``, ``step``, ``last``, ``observe``,
    ``agent_iter``, ``observation_space``, ``action_space``, ``render``, ``close``) and
    passes ``pettingzoo.test.api_test`` and ``seed_test``. ``last()`` raises
    :class:`~boardgames.ConfigurationError` when no agent is left (before the first
    ``reset``, or once every agent has left) instead of PettingZoo's ``KeyError``.

    Args:
        game: A configured game with an ``encoding``.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.

    Raises:
        ConfigurationError: The game has no encoding, or the render mode is unknown.

    Attributes:
        metadata: ``name`` is ``"boardgames/<game>_v0"``; ``render_modes`` are
            ``["ansi", "human"]``; ``is_parallelizable`` is false (seats act in turn).
        possible_agents: ``player_0`` to ``player_{n-1}``.
        agents: The agents still in the episode (none before the first ``reset``).
        render_mode: The render mode.
    """

    metadata: dict[str, Any]
    possible_agents: list[str]
    agents: list[str]
    render_mode: str | None

    def __init__(self, game: Game[Any, Any, Any], *, render_mode: str | None = None) -> None:
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self._view = view = ArrayView(game)
        self.metadata = {
            "name": f"boardgames/{game.info.name}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
            "render_fps": 1,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {agent: view.observation_space() for agent in self._seats}
        self._action_spaces = {agent: view.action_space() for agent in self._seats}
        self._rng = np.random.default_rng()
        self._state: Any = None
        self.agents = []
        self.agent_selection: str = self.possible_agents[0]
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The configured game."""
        return self._view.game

    @property
    def game_state(self) -> Any:
        """The state of the episode's game (``None`` before the first ``reset``)."""
        return self._state

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """Return the agent's observation space (the same object on every call).

        Raises:
            ConfigurationError: ``agent`` is not one of :attr:`possible_agents`.
        """
        self._seat(agent)
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """Return the agent's action space (the same object on every call).

        Raises:
            ConfigurationError: ``agent`` is not one of :attr:`possible_agents`.
        """
        self._seat(agent)
        return self._action_spaces[agent]

    def reset(
        self, seed: int | np.integer[Any] | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Start a new game, its seed drawn from the environment's generator.

        Args:
            seed: Reseeds the generator first; ``None`` keeps drawing from it (seeded
                from the operating system when the environment was built).
            options: Accepted for PettingZoo's API and ignored.

        Raises:
            ConfigurationError: ``seed`` is not ``None`` or an int from 0 up.
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
                raise ConfigurationError(f"seed={seed!r} must be None or an int from 0 up")
            self._rng = np.random.default_rng(int(seed))
        game = self.game
        self._state = state = game.new_game(int(self._rng.integers(_SEED_RANGE)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        seat = game.current_player(state)
        if seat is None:
            self._finish(state)
        else:
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """Return the agent's observation: new ``observation`` and ``action_mask`` arrays.

        ``observation`` is the float32 vector of
        :meth:`~boardgames.core.encoding.GameEncoding.encode_observation` of what the
        agent's seat observes; ``action_mask`` is an int8 array with a 1 at the number of
        each legal action, all zeros for an agent that is not to act.

        Raises:
            ConfigurationError: ``agent`` is unknown, or the environment was never reset.
        """
        seat = self._seat(agent)
        return self._view.observation(self._require_state("observe"), seat)

    @overload
    def last(
        self, observe: Literal[True] = True
    ) -> tuple[Observation, float, bool, bool, _Info]: ...

    @overload
    def last(self, observe: Literal[False]) -> tuple[None, float, bool, bool, _Info]: ...

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, _Info]:
        """Return the selected agent's observation, its reward since it last acted, and flags.

        Args:
            observe: Whether to compute the observation (``None`` in its place if not).

        Returns:
            ``(observation, reward, terminated, truncated, info)`` of
            ``agent_selection``.

        Raises:
            ConfigurationError: No agent is left (the environment was never reset, or
                every agent has left).
        """
        if self.agent_selection not in self._cumulative_rewards:
            raise ConfigurationError("no agent is left in the episode; call reset()")
        result: tuple[Observation | None, float, bool, bool, _Info] = super().last(observe)
        return result

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Apply the selected agent's action, by its number; ``None`` for a done agent.

        Args:
            action: An int (or numpy integer) whose ``action_mask`` entry is 1, or
                ``None`` when the selected agent is terminated or truncated.

        Raises:
            IllegalActionError: The action is not legal now (out of range, not an
                integer, masked out, or not ``None`` for a done agent), or no agent is
                left (the environment was never reset, or every agent has left).
        """
        if not self.agents:
            raise IllegalActionError(
                f"cannot take action {action!r}: no agent is left in the episode; call reset()",
                action,
            )
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalActionError(
                    f"action {action!r} for {agent}, whose episode is over: step(None) removes it",
                    action,
                )
            self._was_dead_step(None)
            return
        if action is None:
            raise IllegalActionError(f"action None for {agent}, who is to act", action)
        view = self._view
        game = view.game
        chosen = view.action(self._state, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._state = state = game.apply(self._state, chosen)
        seat = game.current_player(state)
        if seat is None:
            self._finish(state)
        else:
            self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """Return the whole table as text (``"ansi"``), or print it (``"human"``).

        It is the view of a spectator: hidden cards are shown. With no render mode it
        warns, as Gymnasium's environments do, and returns ``None``.

        Raises:
            ConfigurationError: The environment was never reset.
        """
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode."
            )
            return None
        text = self.game.render_state(self._require_state("render"))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Release nothing: the environment holds no window, process or file."""

    def _finish(self, state: Any) -> None:
        """Give every agent its final reward and end the episode."""
        game = self.game
        truncated = bool(game.is_truncated(state))
        for agent, reward in zip(
            self.agents, rewards_from_ranking(game.ranking(state)), strict=True
        ):
            self.rewards[agent] = reward
            self.terminations[agent] = True
            self.truncations[agent] = truncated

    def _seat(self, agent: object) -> PlayerId:
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ConfigurationError(
                f"unknown agent {agent!r}; the agents are {', '.join(self.possible_agents)}"
            )
        return seat

    def _require_state(self, what: str) -> Any:
        if self._state is None:
            raise ConfigurationError(f"cannot {what}: the environment has no game; call reset()")
        return self._state

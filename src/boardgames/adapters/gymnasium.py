"""Every game as a single-agent Gymnasium environment: one seat learns, bots play the others.

>>> from boardgames.adapters import gymnasium as adapter
>>> env = adapter.env("magellan-elcano", players=3, seat=1)
>>> observation, info = env.reset(seed=7)
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((364,), True)

Importing the module registers every game with Gymnasium as ``boardgames/<name>-v0``
(:func:`env_id`), so ``gymnasium.make("boardgames/magellan-elcano-v0", players=3)``
works too; call :func:`register_games` for games registered later. Spaces, rewards,
seeding and the illegal-action policy are described on the how-to page
:doc:`/howto/gymnasium`.

Importing this module imports ``gymnasium`` and ``numpy``; without them it raises
:class:`~boardgames.ConfigurationError` naming the extra to install
(``pip install "boardgames[gymnasium]"``).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal, TypeAlias, cast

from boardgames.adapters._extras import missing_extra

try:
    import gymnasium
    import numpy as np
    from numpy.typing import NDArray
except ImportError as error:
    raise missing_extra(error, "gymnasium", __name__) from error

from boardgames.adapters._games import configured_game
from boardgames.adapters._spaces import (
    RENDER_MODES,
    ArrayView,
    Observation,
    check_render_mode,
)
from boardgames.bots import RandomBot
from boardgames.bots.specs import make_bot
from boardgames.core.errors import ConfigurationError, IllegalActionError
from boardgames.core.guards import check_seat
from boardgames.core.play import Bot
from boardgames.core.protocol import Game, OptionValue, PlayerId
from boardgames.core.ranking import rewards_from_ranking
from boardgames.core.registry import game_names

__all__ = ["ILLEGAL_ACTION_REWARD", "BoardgameEnv", "env", "env_id", "register_games"]

ILLEGAL_ACTION_REWARD = -1.0
"""The reward of an illegal action under ``illegal_action="penalty"``: a sole last place."""

_SEED_RANGE = 2**63
"""Game seeds and the bots' seeds are drawn from ``0 .. 2**63 - 1``."""

IllegalActionPolicy = Literal["penalty", "raise"]
"""What :meth:`BoardgameEnv.step` does with an action that is not legal now."""

Opponents: TypeAlias = str | Sequence[str | Bot[Any, Any]] | None
"""The other seats' bots: one spec for all, one bot or spec per seat, or ``None``."""


def env(
    name_or_game: str | Game[Any, Any, Any],
    players: int | None = None,
    seat: PlayerId = 0,
    opponents: Opponents = None,
    illegal_action: IllegalActionPolicy = "penalty",
    *,
    render_mode: str | None = None,
    **options: OptionValue,
) -> BoardgameEnv:
    """Return a Gymnasium environment in which the agent plays one seat of a game.

    Args:
        name_or_game: A registered game name, such as ``"magellan-elcano"``, or a
            configured game with an ``encoding``.
        players: The seat count, with a name (the game's default when omitted).
        seat: The agent's seat.
        opponents: A bot spec for every other seat (any spec ``boardgames play``
            accepts, such as ``"random"`` or ``"ismcts:iterations=50"``), or one bot or
            spec for each other seat, in seat order; a :class:`~boardgames.RandomBot` in
            each when omitted.
        illegal_action: ``"penalty"``: an action that is not legal now ends the episode
            with the reward :data:`ILLEGAL_ACTION_REWARD`; ``"raise"``: it raises
            :class:`~boardgames.IllegalActionError`.
        render_mode: ``None``, ``"ansi"`` (:meth:`~BoardgameEnv.render` returns the table
            as text) or ``"human"`` (it prints it, after every step too).
        **options: The game's options, with a name.

    Raises:
        UnknownGameError: No game has that name.
        ConfigurationError: A bad player count, option, seat, opponent list, policy or
            render mode; players or options along with a configured game; or a game
            without an encoding.
    """
    return BoardgameEnv(
        configured_game(name_or_game, players, options),
        seat=seat,
        opponents=opponents,
        illegal_action=illegal_action,
        render_mode=render_mode,
    )


def env_id(name: str) -> str:
    """Return the Gymnasium id of a game: ``boardgames/<name>-v0``.

    >>> env_id("magellan-elcano")
    'boardgames/magellan-elcano-v0'
    """
    return f"boardgames/{name}-v0"


def register_games() -> tuple[str, ...]:
    """Register every registered game with Gymnasium that is not registered with it yet.

    The module calls it once when imported; call it again after
    :func:`~boardgames.register_game`. ``gymnasium.make(env_id(name), **kwargs)`` then
    passes ``kwargs`` on to :func:`env`.

    Returns:
        The ids it registered.
    """
    registered = []
    for name in game_names():
        identifier = env_id(name)
        if identifier not in gymnasium.registry:
            gymnasium.register(
                identifier, entry_point=f"{__name__}:env", kwargs={"name_or_game": name}
            )
            registered.append(identifier)
    return tuple(registered)


class BoardgameEnv(gymnasium.Env[Observation, int | np.integer[Any]]):
    """One seat of a configured game as a Gymnasium ``Env``; build it with :func:`env`.

    It follows Gymnasium's API (``reset``, ``step``, ``render``, ``close``,
    ``observation_space``, ``action_space``, ``np_random``) and passes
    ``gymnasium.utils.env_checker.check_env``.

    Args:
        game: A configured game with an ``encoding``.
        seat: The agent's seat.
        opponents: A bot spec for every other seat, or one bot or spec per other seat,
            in seat order (random bots when ``None``).
        illegal_action: ``"penalty"`` or ``"raise"`` (see :func:`env`).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.

    Raises:
        ConfigurationError: A bad seat, opponent list, policy or render mode, or a game
            without an encoding.

    Attributes:
        seat: The agent's seat.
        opponents: The bot of each other seat, in seat order.
        illegal_action: The illegal-action policy.
        render_mode: The render mode.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 - Gymnasium's attribute

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        seat: PlayerId = 0,
        opponents: Opponents = None,
        illegal_action: IllegalActionPolicy = "penalty",
        render_mode: str | None = None,
    ) -> None:
        self.render_mode = check_render_mode(render_mode)
        self._view = view = ArrayView(game)
        self.seat = check_seat(seat, game.players)
        self.opponents = _opponents(opponents, game)
        if illegal_action not in ("penalty", "raise"):
            raise ConfigurationError(
                f"illegal_action={illegal_action!r} is not a policy; use 'penalty' or 'raise'"
            )
        self.illegal_action: IllegalActionPolicy = illegal_action
        # Gymnasium types the elements of a Dict space as spaces, not as their samples.
        self.observation_space = cast(
            "gymnasium.spaces.Space[Observation]", view.observation_space()
        )
        self.action_space: gymnasium.spaces.Discrete = view.action_space()
        self._bots: dict[PlayerId, tuple[Bot[Any, Any], random.Random]] = {}
        self._state: Any = None
        self._over = False

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The configured game."""
        return self._view.game

    @property
    def game_state(self) -> Any:
        """The state of the episode's game (``None`` before the first ``reset``)."""
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new game and let the bots play until the agent's seat is to act.

        The game's seed, then each bot's seed, are drawn from ``np_random``.

        Args:
            seed: Reseeds ``np_random`` first (Gymnasium's ``super().reset``).
            options: Accepted for Gymnasium's API and ignored.

        Returns:
            The agent's observation and an empty info dict.
        """
        super().reset(seed=seed)
        rng = self.np_random
        game = self.game
        state = game.new_game(int(rng.integers(_SEED_RANGE)))
        others = (other for other in range(game.players) if other != self.seat)
        self._bots = {
            other: (bot, random.Random(int(rng.integers(_SEED_RANGE))))
            for other, bot in zip(others, self.opponents, strict=True)
        }
        self._state = self._play_bots(state)
        self._over = False
        if self.render_mode == "human":
            self.render()
        return self._view.observation(self._state, self.seat), {}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Apply the agent's action, by its number, then the bots' until it is to act again.

        Returns:
            ``(observation, reward, terminated, truncated, info)``: the reward is the
            seat's :func:`~boardgames.core.ranking.rewards_from_ranking` value once the
            game is over and 0 before; ``terminated`` is true once the game is over (or
            after an illegal action); ``truncated`` is true if the game's turn limit
            ended it. At the end ``info`` has the game's ``"scores"`` and
            ``"ranking"``; after an illegal action, ``"illegal_action"`` (its number)
            and ``"reason"``.

        Raises:
            IllegalActionError: The number is not an integer of the action space; or it
                is not legal now and the policy is ``"raise"``; or the episode is over
                (or was never started): call ``reset()``.
        """
        if self._state is None or self._over:
            raise IllegalActionError(
                f"cannot take action {action!r}: the episode is over; call reset()"
                if self._over
                else f"cannot take action {action!r}: call reset() first",
                action,
            )
        view = self._view
        game = view.game
        state = self._state
        number = view.number(action)
        if game.current_player(state) is None:  # the bots ended the game before the seat
            return self._end(state)
        try:
            chosen = view.action(state, number)
        except IllegalActionError as error:
            if self.illegal_action == "raise":
                raise
            self._over = True
            info = {"illegal_action": number, "reason": str(error)}
            return view.observation(state, self.seat), ILLEGAL_ACTION_REWARD, True, False, info
        self._state = state = self._play_bots(game.apply(state, chosen))
        if self.render_mode == "human":
            self.render()
        if game.current_player(state) is None:
            return self._end(state)
        return view.observation(state, self.seat), 0.0, False, False, {}

    def action_masks(self) -> NDArray[np.bool_]:
        """Return the mask of the agent's legal actions as booleans (for ``MaskablePPO``).

        sb3-contrib's ``MaskablePPO`` calls this method; it is the observation's
        ``action_mask``, all false once the game is over.

        Raises:
            ConfigurationError: The environment was never reset.
        """
        return self._view.mask(self._require_state("compute a mask"), self.seat).astype(bool)

    def render(self) -> str | None:
        """Return the whole table as text (``"ansi"``), or print it (``"human"``).

        It is the view of a spectator: the bots' hidden cards are shown. With no render
        mode it warns, as Gymnasium's environments do, and returns ``None``.

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

    def _play_bots(self, state: Any) -> Any:
        """Let the bots act until the agent's seat is to act or the game is over."""
        game = self.game
        while (mover := game.current_player(state)) is not None and mover != self.seat:
            bot, rng = self._bots[mover]
            legal = game.legal_actions(state)
            choice = bot.choose(game.observe(state, mover), legal, rng)
            try:
                state = game.apply(state, choice)
            except IllegalActionError as error:
                raise IllegalActionError(f"bot {bot!r} in seat {mover}: {error}") from error
        return state

    def _end(self, state: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Return the last step of an episode whose game is over."""
        game = self.game
        self._over = True
        reward = rewards_from_ranking(game.ranking(state))[self.seat]
        info = {"scores": tuple(game.score(state)), "ranking": tuple(game.ranking(state))}
        truncated = bool(game.is_truncated(state))
        return self._view.observation(state, self.seat), reward, True, truncated, info

    def _require_state(self, what: str) -> Any:
        if self._state is None:
            raise ConfigurationError(f"cannot {what}: the environment has no game; call reset()")
        return self._state


def _opponents(opponents: Opponents, game: Game[Any, Any, Any]) -> tuple[Bot[Any, Any], ...]:
    """Return one bot per other seat: specs built, bots checked, or random bots."""
    players = game.players
    if opponents is None:
        return (RandomBot(),) * (players - 1)
    if isinstance(opponents, str):
        return tuple(make_bot(opponents, game) for _ in range(players - 1))
    bots = (
        tuple(make_bot(bot, game) if isinstance(bot, str) else bot for bot in opponents)
        if isinstance(opponents, Sequence)
        else ()
    )
    if len(bots) != players - 1 or not all(callable(getattr(bot, "choose", None)) for bot in bots):
        raise ConfigurationError(
            f"opponents={opponents!r} must be a bot spec such as 'random', or "
            f"{players - 1} bots or specs, one per other seat of the {players}-player game"
        )
    return bots


register_games()

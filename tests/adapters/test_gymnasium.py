"""The Gymnasium adapter: Gymnasium's checker, then episodes, seeds, rewards and errors.

Every game at every player count, for the first and the last seat, goes through
``gymnasium.utils.env_checker.check_env`` with warnings recorded, and none is allowed:
the environment is made with ``gymnasium.make`` (so that it has a spec, without which
the checker warns that it cannot try the other render modes) and checked unwrapped.
"""

from __future__ import annotations

import copy
import functools
import importlib
import pickle
import random
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

_EXTRA = "(uv sync --group dev installs it)"
pytest.importorskip("numpy", reason=f"needs the optional package numpy {_EXTRA}")
pytest.importorskip("gymnasium", reason=f"needs the optional package gymnasium {_EXTRA}")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import boardgames
from boardgames import ConfigurationError, Game, IllegalActionError, RandomBot
from boardgames.adapters import gymnasium as adapter
from boardgames.core.encoding import GameEncoding, HasEncoding
from boardgames.core.ranking import rewards_from_ranking

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
if str(EXAMPLES) not in sys.path:
    sys.path.insert(0, str(EXAMPLES))

from goofspiel import Goofspiel  # needs the path above


def _cases() -> list[Any]:
    infos = [boardgames.game_info(name) for name in boardgames.game_names()]
    infos.append(Goofspiel.info)
    return [
        pytest.param(info.name, players, id=f"{info.name}-{players}")
        for info in infos
        for players in range(info.min_players, info.max_players + 1)
    ]


CASES = _cases()


@pytest.fixture(scope="module", autouse=True)
def _goofspiel() -> Iterator[None]:
    """Register the template game, a third-party game, with boardgames and Gymnasium."""
    boardgames.register_game(Goofspiel)
    try:
        assert (adapter.env_id("goofspiel"),) == adapter.register_games()
        assert () == adapter.register_games()
        yield
    finally:
        boardgames.unregister_game(Goofspiel.info.name)
        del gymnasium.registry[adapter.env_id("goofspiel")]


def _encoding(env: adapter.BoardgameEnv) -> GameEncoding[Any, Any]:
    game = env.game
    assert isinstance(game, HasEncoding)
    return game.encoding


def _warnings_of(run: Callable[[], object]) -> set[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    return {str(warning.message) for warning in caught}


@pytest.mark.parametrize(("name", "players"), CASES)
def test_check_env_passes_for_the_first_and_the_last_seat(name: str, players: int) -> None:
    for seat in (0, players - 1):
        made = gymnasium.make(adapter.env_id(name), players=players, seat=seat)
        assert set() == _warnings_of(functools.partial(check_env, made.unwrapped))


def _legal(env: adapter.BoardgameEnv, observation: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_an_episode_ends_with_the_ranking_reward(name: str, players: int) -> None:
    """Masks are the seat's legal actions at every step; the last reward is its ranking's."""
    seat = players - 1
    env = adapter.env(name, players=players, seat=seat)
    encoding = _encoding(env)
    game = env.game
    rng = np.random.default_rng(players)
    observation, info = env.reset(seed=players)
    assert {} == info
    rewards = []
    terminated = truncated = False
    while not terminated:
        state = env.game_state
        assert seat == game.current_player(state)
        assert env.observation_space.contains(observation)
        assert encoding.legal_mask(game.legal_actions(state)) == observation["action_mask"].tolist()
        assert observation["action_mask"].astype(bool).tolist() == env.action_masks().tolist()
        observation, reward, terminated, truncated, info = env.step(_legal(env, observation, rng))
        assert bool is type(terminated) is type(truncated)
        rewards.append(reward)
    state = env.game_state
    assert game.current_player(state) is None
    assert game.is_truncated(state) is truncated
    assert rewards_from_ranking(game.ranking(state))[seat] == rewards[-1]
    assert [0.0] * (len(rewards) - 1) == rewards[:-1]
    assert {"scores": tuple(game.score(state)), "ranking": tuple(game.ranking(state))} == info
    assert [0] * encoding.num_distinct_actions == observation["action_mask"].tolist()
    with pytest.raises(IllegalActionError, match="the episode is over"):
        env.step(0)


def _episode(env: adapter.BoardgameEnv, seed: int | None) -> list[Any]:
    """Play one episode, the first legal action each time; return what it showed."""
    observation, _ = env.reset(seed=seed)
    seen: list[Any] = [env.game_state]
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, terminated, _, _ = env.step(action)
        seen.extend([observation["observation"].tolist(), reward])
    return seen


def test_the_seed_fixes_the_game_and_the_bots() -> None:
    first = adapter.env("magellan-elcano", players=4, seat=2)
    second = adapter.env("magellan-elcano", players=4, seat=2)
    assert _episode(first, 9) == _episode(second, 9)
    assert _episode(first, None) == _episode(second, None)
    assert _episode(first, 9) != _episode(second, 10)


def test_the_game_seed_and_then_the_bots_seeds_come_from_np_random() -> None:
    env = adapter.env("magellan-elcano", players=3, seat=2)
    env.np_random = np.random.default_rng(42)
    env.reset()
    draws = np.random.default_rng(42)
    game = env.game
    state = start = game.new_game(int(draws.integers(2**63)))
    rngs = [random.Random(int(draws.integers(2**63))) for _ in range(2)]
    while (mover := game.current_player(state)) != 2:
        assert mover is not None
        state = game.apply(state, RandomBot().choose(None, game.legal_actions(state), rngs[mover]))
    assert state != start  # the bots have moved
    assert state == env.game_state


@attrs.define
class Recorder:
    """A random bot that records which seat's observation it was given."""

    seen: list[int] = attrs.field(factory=list)

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        self.seen.append(observation.player)
        return RandomBot().choose(observation, legal_actions, rng)


def test_the_opponents_play_the_other_seats_in_order() -> None:
    bots = [Recorder(), Recorder()]
    env = adapter.env("magellan-elcano", players=3, seat=1, opponents=bots)
    _episode(env, 3)
    assert {0} == set(bots[0].seen)
    assert {2} == set(bots[1].seen)


@attrs.frozen
class Cheat:
    """A bot that answers with something that is not an action."""

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return "pass"


def test_a_bot_that_cheats_is_named() -> None:
    env = adapter.env("magellan-elcano", players=2, seat=1, opponents=[Cheat()])
    with pytest.raises(IllegalActionError, match=r"bot Cheat\(\) in seat 0: illegal action 'pass'"):
        _episode(env, 0)


def _illegal_number(observation: dict[str, Any]) -> int:
    return int(np.flatnonzero(observation["action_mask"] == 0)[0])


def test_an_illegal_action_ends_the_episode_with_a_penalty() -> None:
    env = adapter.env("magellan-elcano", players=3)
    observation, _ = env.reset(seed=2)
    state = env.game_state
    number = _illegal_number(observation)
    after, reward, terminated, truncated, info = env.step(number)
    assert (adapter.ILLEGAL_ACTION_REWARD, True, False) == (reward, terminated, truncated)
    assert number == info["illegal_action"]
    assert f"action number {number} " in info["reason"]
    assert "is not legal now" in info["reason"]
    assert state is env.game_state
    assert observation["observation"].tolist() == after["observation"].tolist()
    with pytest.raises(IllegalActionError, match="the episode is over"):
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_an_illegal_action_raises_under_the_raise_policy() -> None:
    env = adapter.env("magellan-elcano", players=3, illegal_action="raise")
    observation, _ = env.reset(seed=2)
    state = env.game_state
    with pytest.raises(IllegalActionError, match="is not legal now"):
        env.step(_illegal_number(observation))
    assert state is env.game_state
    _, reward, terminated, _, _ = env.step(np.int64(np.flatnonzero(observation["action_mask"])[0]))
    assert (0.0, False) == (reward, terminated)


@pytest.mark.parametrize("action", [46, -1, True, 1.0, None, "0"])
def test_a_number_outside_the_action_space_always_raises(action: Any) -> None:
    env = adapter.env("magellan-elcano", players=3)
    env.reset(seed=2)
    assert 46 == env.action_space.n
    with pytest.raises(IllegalActionError):
        env.step(action)
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # the episode goes on


class OverAtOnce:
    """A game whose states all count as over, as if the bots had ended it before the seat."""

    def __init__(self, game: Goofspiel) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def current_player(self, state: Any) -> None:
        return None


def test_a_game_the_bots_end_first_ends_at_the_first_step() -> None:
    game = cast(Game[Any, Any, Any], OverAtOnce(Goofspiel(players=2)))  # a Game by delegation
    env = adapter.env(game, seat=1)
    observation, _ = env.reset(seed=0)
    assert 0 == observation["action_mask"].sum()
    _, reward, terminated, _, info = env.step(0)
    assert (0.0, True) == (reward, terminated)
    assert (1, 1) == info["ranking"]


def test_the_spaces_are_sized_by_the_encoding() -> None:
    env = adapter.env("morrigan", players=4)
    encoding = _encoding(env)
    assert (encoding.observation_size,) == env.observation_space["observation"].shape  # type: ignore[index]
    assert (encoding.num_distinct_actions,) == env.observation_space["action_mask"].shape  # type: ignore[index]
    assert gymnasium.spaces.Discrete(encoding.num_distinct_actions) == env.action_space


@pytest.mark.parametrize("opponents", ["greedy", ["random", "ismcts:iterations=2"]])
def test_opponents_may_be_bot_specs(opponents: str | list[str]) -> None:
    """Any spec the command line accepts seats a library bot in the other seats."""
    env = adapter.env("magellan-elcano", players=3, opponents=opponents)
    specs = [opponents] * 2 if isinstance(opponents, str) else opponents
    expected = [type(boardgames.make_bot(spec, env.game)) for spec in specs]
    assert expected == [type(bot) for bot in env.opponents]
    env.reset(seed=3)
    terminated = truncated = False
    while not (terminated or truncated):
        mask = env.action_masks()
        action = int(np.flatnonzero(mask)[0])
        _, _, terminated, truncated, _ = env.step(action)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seat": 3}, "player=3 is not a seat"),
        ({"seat": True}, "is not a seat"),
        ({"opponents": [RandomBot()]}, "must be a bot spec such as 'random', or 2 bots"),
        ({"opponents": RandomBot()}, "or 2 bots or specs, one per other seat"),
        ({"opponents": [RandomBot(), "bot"]}, "bot"),
        ({"opponents": [RandomBot(), object()]}, "or 2 bots or specs"),
        ({"opponents": "no-such-bot"}, "no-such-bot"),
        ({"illegal_action": "ignore"}, "is not a policy"),
        ({"render_mode": "rgb_array"}, "is not supported"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        adapter.env("magellan-elcano", players=3, **arguments)


def test_using_it_before_reset_is_an_error() -> None:
    env = adapter.env("magellan-elcano")
    with pytest.raises(IllegalActionError, match="call reset"):
        env.step(0)
    with pytest.raises(ConfigurationError, match="call reset"):
        env.action_masks()


def test_gymnasium_make_passes_its_arguments_on() -> None:
    made = gymnasium.make("boardgames/morrigan-v0", players=4, seat=2, max_turns=50)
    env = made.unwrapped
    assert isinstance(env, adapter.BoardgameEnv)
    assert (4, 2, 50) == (env.game.players, env.seat, env.game.options["max_turns"])
    assert "boardgames/morrigan-v0" == adapter.env_id("morrigan")


def test_ansi_rendering_returns_the_whole_table() -> None:
    env = adapter.env("magellan-elcano", render_mode="ansi")
    env.reset(seed=3)
    assert env.game.render_state(env.game_state) == env.render()
    env.close()


def test_human_rendering_prints_after_reset_and_every_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = adapter.env("magellan-elcano", players=2, render_mode="human")
    observation, _ = env.reset(seed=3)
    first = env.game.render_state(env.game_state)
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    second = env.game.render_state(env.game_state)
    assert f"{first}\n{second}\n" == capsys.readouterr().out


def test_rendering_without_a_mode_warns() -> None:
    env = adapter.env("magellan-elcano")
    env.reset(seed=3)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert None is env.render()


@pytest.mark.parametrize("duplicate", [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))])
def test_a_copy_goes_on_like_the_original(duplicate: Callable[[Any], Any]) -> None:
    env = adapter.env("morrigan", players=3, seat=1)
    env.reset(seed=8)
    twin = duplicate(env)
    assert _episode(env, None) == _episode(twin, None)


def test_without_gymnasium_the_import_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gymnasium", None)  # makes `import gymnasium` fail
    monkeypatch.delitem(sys.modules, adapter.__name__)
    with pytest.raises(ConfigurationError, match=r"install the extra boardgames\[gymnasium\]"):
        importlib.import_module(adapter.__name__)

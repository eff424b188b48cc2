"""The PettingZoo adapter: PettingZoo's own test suites, then masks, seeds, rewards and errors.

Every game at every player count goes through ``pettingzoo.test.api_test`` and
``seed_test`` with warnings recorded: the only warnings allowed are the two that
``api_test`` gives every environment with a dict observation whose name is not on its
list of PettingZoo's own classic games (see :data:`TOLERATED`).
"""

from __future__ import annotations

import copy
import functools
import importlib
import pickle
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator, MutableSequence
from pathlib import Path
from typing import Any

import pytest

_EXTRA = "(uv sync --group dev installs it)"
pytest.importorskip("numpy", reason=f"needs the optional package numpy {_EXTRA}")
pytest.importorskip("pettingzoo", reason=f"needs the optional package pettingzoo {_EXTRA}")

import numpy as np
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

import boardgames
from boardgames import ConfigurationError, IllegalActionError, UnknownGameError
from boardgames.adapters import pettingzoo as adapter
from boardgames.core.encoding import GameEncoding, HasEncoding
from boardgames.core.ranking import rewards_from_ranking

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
if str(EXAMPLES) not in sys.path:
    sys.path.insert(0, str(EXAMPLES))

from goofspiel import Goofspiel  # needs the path above

TOLERATED = frozenset(
    {
        # api_test leaves out the environments named in its lists ``env_obs_dicts`` and
        # ``env_obs_space`` (PettingZoo's own chess, connect four, tic-tac-toe, ...), whose
        # observation is the same dict of "observation" and "action_mask"; every other
        # name gets these two. test_the_two_warnings_depend_on_the_name_alone shows it.
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box or "
        "gymnasium.spaces.discrete",
    }
)

CYCLES = 1000
"""Rounds of every agent for api_test and seed_test: enough for every game to end."""


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
    """Register the template game, a third-party game, for this module."""
    boardgames.register_game(Goofspiel)
    try:
        yield
    finally:
        boardgames.unregister_game(Goofspiel.info.name)


def _factory(name: str, players: int) -> Callable[[], adapter.BoardgameAECEnv]:
    """Return a constructor without arguments, as ``seed_test`` calls it."""
    return functools.partial(adapter.env, name, players=players)


def _encoding(env: adapter.BoardgameAECEnv) -> GameEncoding[Any, Any]:
    game = env.game
    assert isinstance(game, HasEncoding)
    return game.encoding


def _warnings_of(run: Callable[[], object]) -> set[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    return {str(warning.message) for warning in caught}


@pytest.mark.parametrize(("name", "players"), CASES)
def test_api_test_passes(name: str, players: int) -> None:
    make = _factory(name, players)
    messages = _warnings_of(lambda: api_test(make(), num_cycles=CYCLES))
    assert set() == messages - TOLERATED


@pytest.mark.parametrize(("name", "players"), CASES)
def test_seed_test_passes(name: str, players: int) -> None:
    make = _factory(name, players)
    assert set() == _warnings_of(lambda: seed_test(make, num_cycles=CYCLES))


def test_the_two_warnings_depend_on_the_name_alone() -> None:
    """Under the name of PettingZoo's own tic-tac-toe, api_test warns nothing at all."""
    env = adapter.env("magellan-elcano", players=3)
    env.metadata["name"] = "tictactoe_v3"
    assert set() == _warnings_of(lambda: api_test(env, num_cycles=CYCLES))
    assert TOLERATED == _warnings_of(
        lambda: api_test(adapter.env("magellan-elcano", players=3), num_cycles=CYCLES)
    )


def _check_observations(env: adapter.BoardgameAECEnv, agents: list[str]) -> None:
    """Each agent's vector is its observation's encoding; only the mover's mask is set."""
    game = env.game
    encoding = _encoding(env)
    state = env.game_state
    mover = game.current_player(state)
    for agent in agents:
        seat = env.possible_agents.index(agent)
        observation = env.observe(agent)
        expected = np.asarray(encoding.encode_observation(game.observe(state, seat)), np.float32)
        assert np.array_equal(expected, observation["observation"])
        mask = observation["action_mask"].tolist()
        if seat == mover:
            assert env.observation_space(agent).contains(observation)
            assert encoding.legal_mask(game.legal_actions(state)) == mask
        else:
            assert [0] * encoding.num_distinct_actions == mask


@pytest.mark.parametrize(("name", "players"), CASES)
def test_masks_are_the_legal_actions_at_every_step(name: str, players: int) -> None:
    """The mover's observation at every step, every agent's at every tenth step."""
    env = _factory(name, players)()
    rng = np.random.default_rng(players)
    env.reset(seed=players)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert 0.0 == reward
        assert f"player_{env.game.current_player(env.game_state)}" == agent
        _check_observations(env, env.possible_agents if steps % 10 == 0 else [agent])
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    assert steps > 0
    assert [] == env.agents


@pytest.mark.parametrize("players", [2, 5])
def test_the_rewards_at_the_end_are_the_ranking_rewards(players: int) -> None:
    env = adapter.env("magellan-elcano", players=players)
    env.reset(seed=11)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    finished: dict[str, tuple[bool, bool]] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        returns[agent] += reward
        if terminated or truncated:
            finished[agent] = (terminated, truncated)
            assert {} == info
            assert [0] * _encoding(env).num_distinct_actions == observation["action_mask"].tolist()
            env.step(None)
        else:
            env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    game, state = env.game, env.game_state
    expected = rewards_from_ranking(game.ranking(state))
    assert dict(zip(env.possible_agents, expected, strict=True)) == returns
    truncated = game.is_truncated(state)
    assert dict.fromkeys(env.possible_agents, (True, truncated)) == finished


def test_a_turn_limit_truncates_and_terminates_every_agent() -> None:
    """A game ended by its turn limit is over: final rewards, both flags set."""
    env = adapter.env("morrigan", players=2, max_turns=1)
    env.reset(seed=1)
    _play_to_the_end(env)
    game, state = env.game, env.game_state
    assert game.is_truncated(state)
    assert dict.fromkeys(env.agents, True) == env.terminations == env.truncations
    expected = rewards_from_ranking(game.ranking(state))
    assert dict(zip(env.agents, expected, strict=True)) == env._cumulative_rewards


def _observations(env: adapter.BoardgameAECEnv) -> list[list[float]]:
    return [env.observe(agent)["observation"].tolist() for agent in env.possible_agents]


def test_a_seed_fixes_the_game_and_the_seeds_after_it() -> None:
    first, second = adapter.env("morrigan", players=3), adapter.env("morrigan", players=3)
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.game_state == second.game_state
    for _ in range(3):
        first.reset()
        second.reset()
        assert first.game_state == second.game_state
        assert _observations(first) == _observations(second)
    second.reset(seed=6)
    assert first.game_state != second.game_state


def test_an_unseeded_reset_draws_a_new_game() -> None:
    env = adapter.env("magellan-elcano", players=4)
    env.reset(seed=0)
    seeded = env.game_state
    env.reset()
    assert seeded != env.game_state


@pytest.mark.parametrize("seed", [-1, True, 1.5, "7"])
def test_a_bad_seed_is_refused(seed: Any) -> None:
    env = adapter.env("magellan-elcano")
    with pytest.raises(ConfigurationError, match="must be None or an int from 0 up"):
        env.reset(seed=seed)


def test_numpy_integers_are_actions_and_seeds() -> None:
    env = adapter.env("magellan-elcano", players=3)
    env.reset(seed=np.int64(3))
    state = env.game_state
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    env.step(np.int32(legal[0]))
    assert state is not env.game_state


def test_the_spaces_are_cached_per_agent_and_sized_by_the_encoding() -> None:
    env = adapter.env("magellan-elcano", players=3)
    encoding = _encoding(env)
    first, second = env.possible_agents[:2]
    assert env.observation_space(first) is env.observation_space(first)
    assert env.action_space(first) is env.action_space(first)
    assert env.observation_space(first) is not env.observation_space(second)
    space = env.observation_space(first)
    assert isinstance(space, spaces.Dict)
    assert (encoding.observation_size,) == space["observation"].shape
    assert np.float32 == space["observation"].dtype
    assert (encoding.num_distinct_actions,) == space["action_mask"].shape
    assert np.int8 == space["action_mask"].dtype
    assert spaces.Discrete(encoding.num_distinct_actions) == env.action_space(first)
    assert ["player_0", "player_1", "player_2"] == env.possible_agents
    assert "boardgames/magellan-elcano_v0" == str(env)
    assert False is env.metadata["is_parallelizable"]


def test_an_observation_is_new_arrays_each_time() -> None:
    env = adapter.env("magellan-elcano")
    env.reset(seed=1)
    first, second = env.observe("player_0"), env.observe("player_0")
    assert first["observation"] is not second["observation"]
    assert first["action_mask"] is not second["action_mask"]


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = adapter.env("magellan-elcano", players=3)
    env.reset(seed=2)
    agent, state = env.agent_selection, env.game_state
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=f"action number {illegal} .* is not legal now"):
        env.step(illegal)
    bad_actions: list[Any] = [env.action_space(agent).n, -1, None, 1.5, True]
    for bad in bad_actions:
        with pytest.raises(IllegalActionError):
            env.step(bad)
    assert agent == env.agent_selection
    assert state is env.game_state


def _play_to_the_end(env: adapter.BoardgameAECEnv) -> None:
    while not env.terminations[env.agent_selection]:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))


def test_a_finished_agent_steps_with_none_only() -> None:
    env = adapter.env("magellan-elcano", players=2)
    env.reset(seed=4)
    _play_to_the_end(env)
    with pytest.raises(IllegalActionError, match="whose episode is over"):
        env.step(0)
    env.step(None)
    env.step(None)
    assert [] == env.agents
    with pytest.raises(IllegalActionError, match="no agent is left"):
        env.step(None)
    with pytest.raises(ConfigurationError, match="no agent is left"):
        env.last()


def test_using_it_before_reset_is_an_error() -> None:
    env = adapter.env("magellan-elcano", render_mode="ansi")
    with pytest.raises(IllegalActionError, match="call reset"):
        env.step(0)
    with pytest.raises(ConfigurationError, match="call reset"):
        env.observe("player_0")
    with pytest.raises(ConfigurationError, match="call reset"):
        env.render()
    with pytest.raises(ConfigurationError, match="no agent is left"):
        env.last(observe=False)


@pytest.mark.parametrize("agent", ["player_9", "player", 0, None])
def test_an_unknown_agent_is_refused(agent: Any) -> None:
    env = adapter.env("magellan-elcano", players=3)
    env.reset(seed=0)
    for call in (env.observe, env.observation_space, env.action_space):
        with pytest.raises(ConfigurationError, match="unknown agent"):
            call(agent)


class Unencoded(Goofspiel):
    """Goofspiel without its encoding: a game the adapters cannot take."""

    @property
    def encoding(self) -> Any:
        raise AttributeError("no encoding")


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(UnknownGameError):
        adapter.env("no-such-game")
    with pytest.raises(ConfigurationError):
        adapter.env("magellan-elcano", players=9)
    with pytest.raises(ConfigurationError, match="players given with the configured game"):
        adapter.env(boardgames.make("magellan-elcano"), players=3)
    with pytest.raises(ConfigurationError, match="has no encoding"):
        adapter.env(Unencoded(players=2))
    with pytest.raises(ConfigurationError, match="render_mode='rgb_array' is not supported"):
        adapter.env("magellan-elcano", render_mode="rgb_array")


class Overflowing(Goofspiel):
    """Goofspiel whose encoding writes a number too large for float32 into its vector."""

    @property
    def encoding(self) -> GameEncoding[Any, Any]:
        encoding = super().encoding

        def write(observation: Any, out: MutableSequence[float]) -> None:
            encoding.encode_observation(observation, out)
            out[5] = 1e39

        return GameEncoding(encoding.numbering, encoding.layout, write)


def test_a_number_that_is_not_a_finite_float32_is_refused() -> None:
    env = adapter.env(Overflowing(players=2, cards=4))
    env.reset(seed=0)
    with pytest.raises(ConfigurationError, match=r"holds inf at index 5 \(segment 'prizes'\)"):
        env.observe("player_0")


def test_a_configured_game_is_taken_as_it_is() -> None:
    game = Goofspiel(players=3, cards=4)
    env = adapter.env(game)
    env.reset(seed=0)
    assert game is env.game
    assert (4,) == env.observe("player_0")["action_mask"].shape


def test_ansi_rendering_returns_the_whole_table() -> None:
    env = adapter.env("magellan-elcano", render_mode="ansi")
    env.reset(seed=3)
    assert env.game.render_state(env.game_state) == env.render()
    env.close()


def test_human_rendering_prints_after_reset_and_every_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = adapter.env("magellan-elcano", players=2, render_mode="human")
    env.reset(seed=3)
    first = env.game.render_state(env.game_state)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    second = env.game.render_state(env.game_state)
    assert f"{first}\n{second}\n" == capsys.readouterr().out
    assert None is env.render()


def test_rendering_without_a_mode_warns() -> None:
    env = adapter.env("magellan-elcano")
    env.reset(seed=3)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert None is env.render()


@pytest.mark.parametrize("duplicate", [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))])
def test_a_copy_goes_on_like_the_original(duplicate: Callable[[Any], Any]) -> None:
    env = adapter.env("morrigan", players=3)
    env.reset(seed=8)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    twin = duplicate(env)
    for _ in range(2):
        env.reset()
        twin.reset()
        assert env.game_state == twin.game_state
        assert env.agent_selection == twin.agent_selection


def test_importing_boardgames_imports_no_learning_library() -> None:
    code = (
        "import sys, boardgames, boardgames.adapters; boardgames.make('magellan-elcano'); "
        "print(sorted({'numpy', 'gymnasium', 'pettingzoo', 'pyspiel'} & set(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert "[]" == result.stdout.strip()


def test_without_pettingzoo_the_import_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # makes `import pettingzoo` fail
    monkeypatch.delitem(sys.modules, adapter.__name__)
    with pytest.raises(ConfigurationError, match=r"install the extra boardgames\[pettingzoo\]"):
        importlib.import_module(adapter.__name__)

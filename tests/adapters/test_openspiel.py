"""The OpenSpiel adapter: OpenSpiel's own test and bots, then the game type, chance and views.

Every game at every player count goes through ``pyspiel.random_sim_test`` with
serialization (which rebuilds the game from its string and the state from its pickle);
OpenSpiel's Python ``MCTSBot`` and ``ISMCTSBot`` each play one complete game of every
game. Games with a turn limit are played with a short one (``max_turns=4``), so that the
module stays fast: full-length games are in ``benchmarks/openspiel_adapter.py``.
"""

from __future__ import annotations

import importlib
import json
import pickle
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_EXTRA = "(uv sync --group dev installs it)"
pytest.importorskip("numpy", reason=f"needs the optional package numpy {_EXTRA}")
pytest.importorskip("pyspiel", reason=f"needs the optional package open-spiel {_EXTRA}")

import numpy as np

import boardgames
from boardgames import ConfigurationError, Game, IllegalActionError
from boardgames.adapters import openspiel as adapter
from boardgames.adapters._game_lengths import BOUNDS, decision_bound
from boardgames.core.encoding import HasEncoding
from boardgames.core.ranking import rewards_from_ranking

# pyspiel and OpenSpiel's Python algorithms ship no type information: Any, on purpose.
pyspiel: Any = importlib.import_module("pyspiel")
mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")
ismcts: Any = importlib.import_module("open_spiel.python.algorithms.ismcts")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
if str(EXAMPLES) not in sys.path:
    sys.path.insert(0, str(EXAMPLES))

from goofspiel import Goofspiel  # needs the path above

SHORT = 4
"""The turn limit of the games played here (games without one are played in full)."""


def _options(name: str) -> dict[str, int]:
    """Return the options of a short game: ``max_turns=SHORT`` where the game has it."""
    names = {spec.name for spec in boardgames.game_info(name).options}
    return {"max_turns": SHORT} if "max_turns" in names else {}


def _cases() -> list[Any]:
    return [
        pytest.param(name, players, id=f"{name}-{players}")
        for name in boardgames.game_names()
        for players in range(
            boardgames.game_info(name).min_players, boardgames.game_info(name).max_players + 1
        )
    ]


CASES = _cases()
NAMES = boardgames.game_names()


@pytest.fixture(scope="module", autouse=True)
def _goofspiel() -> Iterator[None]:
    """Register the template game, a third-party game, for the tests that use it."""
    boardgames.register_game(Goofspiel)
    try:
        yield
    finally:
        boardgames.unregister_game(Goofspiel.info.name)


def _dealt(game: adapter.OpenSpielGame, seed: int) -> adapter.OpenSpielState:
    state = game.new_initial_state()
    state.deal(seed)
    return state


def _random_walk(
    game: adapter.OpenSpielGame, seed: int, steps: int
) -> Iterator[adapter.OpenSpielState]:
    """Yield (clones of) the states of a random game from its deal, up to ``steps`` decisions."""
    choices = random.Random(seed)
    state = _dealt(game, seed)
    yield state.clone()
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(choices.choice(state.legal_actions()))
        yield state.clone()


def _play(game: adapter.OpenSpielGame, bots: list[Any], seed: int) -> adapter.OpenSpielState:
    """Play a game to the end with one OpenSpiel bot per seat, chance from ``seed``."""
    generator = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(generator.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return state


def _check_finished(game: adapter.OpenSpielGame, state: adapter.OpenSpielState) -> None:
    """The game ended by its own rules, and the returns are the ranking's rewards."""
    engine_state = state.boardgames_state
    assert engine_state is not None
    engine = game.boardgames_game
    assert engine.is_terminal(engine_state)
    expected = list(rewards_from_ranking(engine.ranking(engine_state)))
    assert expected == state.returns()
    assert expected == state.rewards()
    assert 0.0 == pytest.approx(sum(state.returns()))


# --- OpenSpiel's test and bots ----------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_sim_test_passes(name: str, players: int) -> None:
    game = adapter.load_game(name, players=players, **_options(name))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_passes_for_a_third_party_game() -> None:
    game = adapter.load_game("goofspiel", players=3, cards=5, max_game_length=15)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_mcts_bot_plays_a_complete_game(name: str) -> None:
    players = boardgames.game_info(name).min_players
    game = adapter.load_game(name, players=players, **_options(name))
    generator = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, generator)
    bot = mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=generator, solve=False)
    _check_finished(game, _play(game, [bot] * players, seed=1))


@pytest.mark.parametrize("name", NAMES)
def test_ismcts_bot_plays_a_complete_game(name: str) -> None:
    players = boardgames.game_info(name).max_players
    game = adapter.load_game(name, players=players, **_options(name))
    generator = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(1, generator)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=generator)
    bot.set_resampler(adapter.resampler(2))
    _check_finished(game, _play(game, [bot] * players, seed=2))


def test_rl_environment_plays_an_episode() -> None:
    rl_environment: Any = importlib.import_module("open_spiel.python.rl_environment")
    game = adapter.load_game("magellan-elcano", players=3)
    environment = rl_environment.Environment(game, seed=3)
    step = environment.reset()
    choices = random.Random(3)
    while not step.last():
        seat = step.observations["current_player"]
        step = environment.step([choices.choice(step.observations["legal_actions"][seat])])
    assert 0.0 == pytest.approx(sum(step.rewards))
    assert [game.observation_tensor_size()] * 3 == [
        len(vector) for vector in step.observations["info_state"]
    ]


# --- the game ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_the_game_type_and_info(name: str) -> None:
    game = adapter.load_game(name)
    engine = game.boardgames_game
    assert isinstance(engine, HasEncoding)
    kind = game.get_type()
    assert pyspiel.GameType.Dynamics.SEQUENTIAL == kind.dynamics
    assert pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC == kind.chance_mode
    assert pyspiel.GameType.Information.IMPERFECT_INFORMATION == kind.information
    assert pyspiel.GameType.Utility.ZERO_SUM == kind.utility
    assert pyspiel.GameType.RewardModel.TERMINAL == kind.reward_model
    assert adapter.short_name(name) == kind.short_name
    assert (True, False, True, True) == (
        kind.provides_information_state_string,
        kind.provides_information_state_tensor,
        kind.provides_observation_string,
        kind.provides_observation_tensor,
    )
    assert (-1.0, 1.0, 0.0) == (game.min_utility(), game.max_utility(), game.utility_sum())
    assert engine.encoding.num_distinct_actions == game.num_distinct_actions()
    assert [engine.encoding.observation_size] == game.observation_tensor_shape()
    assert decision_bound(name, engine.players, engine.options) == game.max_game_length()
    assert 256 == game.max_chance_outcomes()
    specification = dict(kind.parameter_specification)
    options = {spec.name: spec.default for spec in engine.info.options}
    assert {"players": engine.info.default_players, "max_game_length": 0, **options} == (
        specification
    )


def test_every_built_in_game_has_a_bound() -> None:
    assert {"kincses-sziget", "magellan-elcano", "morgans-magic-map", "morrigan"} == set(BOUNDS)
    assert 66 * 5 == decision_bound("magellan-elcano", 5, {"storm_variant": True})
    assert 16 + 250 * 500 == decision_bound("kincses-sziget", 4, {"max_turns": 500})
    assert 4 + 40 * 10 == decision_bound("morgans-magic-map", 4, {"max_turns": 10})
    assert 100 * 7 == decision_bound("morrigan", 3, {"max_turns": 7})
    assert None is decision_bound("goofspiel", 2, {"cards": 13})


def test_register_makes_every_game_loadable_by_its_string() -> None:
    names = adapter.register()
    assert {name: adapter.short_name(name) for name in boardgames.game_names()} == names
    assert names == adapter.register()  # again: harmless
    registered = set(pyspiel.registered_names())
    assert set(names.values()) <= registered
    default = pyspiel.load_game("python_boardgames_magellan_elcano")
    assert 4 == default.num_players()
    game = adapter.load_game("morrigan", players=3, max_turns=40, wide_curse=True)
    assert (
        "python_boardgames_morrigan(ally_top_only=False,lone_bluff_wins=True,"
        "max_game_length=4000,max_turns=40,players=3,wide_curse=True)"
    ) == str(game)
    again = pyspiel.load_game(str(game))
    assert isinstance(again, adapter.OpenSpielGame)
    assert str(game) == str(again)
    assert game.boardgames_game.options == again.boardgames_game.options
    assert game.get_parameters() == again.get_parameters()
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'max_turn'"):
        pyspiel.load_game("python_boardgames_morrigan(max_turn=3)")
    with pytest.raises(ConfigurationError, match="above the maximum"):
        pyspiel.load_game("python_boardgames_morrigan(max_turns=9999999)")


def test_load_game_takes_a_configured_game() -> None:
    engine = boardgames.make("magellan-elcano", players=2)
    game = adapter.load_game(engine)
    assert engine is game.boardgames_game
    with pytest.raises(ConfigurationError, match="given with the configured game"):
        adapter.load_game(engine, players=2)
    with pytest.raises(boardgames.UnknownGameError):
        adapter.load_game("no-such-game")
    with pytest.raises(ConfigurationError, match="out of range"):
        adapter.load_game("magellan-elcano", players=9)


def test_a_game_without_a_known_bound_needs_max_game_length() -> None:
    with pytest.raises(ConfigurationError, match="pass max_game_length"):
        adapter.load_game("goofspiel", players=2)
    with pytest.raises(ConfigurationError, match="positive int"):
        adapter.load_game("goofspiel", players=2, max_game_length=-3)
    game = adapter.load_game(Goofspiel(players=2, cards=3), max_game_length=6)
    assert 6 == game.max_game_length()
    assert "python_boardgames_goofspiel(cards=3,max_game_length=6,players=2)" == str(game)
    assert str(game) == str(pyspiel.load_game(str(game)))


def test_a_game_without_an_encoding_is_refused() -> None:
    engine: Game[Any, Any, Any] = boardgames.make("magellan-elcano", players=2)

    class Plain:
        """The game seen through the protocol alone, without its encoding."""

        def __getattr__(self, name: str) -> Any:
            if name == "encoding":
                raise AttributeError(name)
            return getattr(engine, name)

    with pytest.raises(ConfigurationError, match="has no encoding"):
        adapter.load_game(Plain())


def test_games_and_states_pickle() -> None:
    game = adapter.load_game("magellan-elcano", players=3)
    state = _dealt(game, 11)
    state.apply_action(state.legal_actions()[0])
    restored_game = pickle.loads(pickle.dumps(game))
    assert str(game) == str(restored_game)
    restored = pickle.loads(pickle.dumps(state))
    assert str(state) == str(restored)
    assert state.history() == restored.history()
    assert state.legal_actions() == restored.legal_actions()
    serialized = pyspiel.serialize_game_and_state(game, state)
    _, loaded = pyspiel.deserialize_game_and_state(serialized)
    assert state.information_state_string(0) == loaded.information_state_string(0)


# --- chance and the deal ----------------------------------------------------------------


def test_the_seed_is_dealt_a_byte_at_a_time() -> None:
    game = adapter.load_game("magellan-elcano", players=2)
    state = game.new_initial_state()
    assert [(byte, 1 / 256) for byte in range(256)] == state.chance_outcomes()
    assert list(range(256)) == state.legal_actions()
    for byte in (0x39, 0x30, 0, 0):
        assert state.is_chance_node()
        assert None is state.seed
        assert [0.0, 0.0] == state.returns()
        state.apply_action(byte)
    assert 0x3039 == state.seed
    assert [0x39, 0x30, 0, 0] == state.history()
    assert game.boardgames_game.new_game(12345) == state.boardgames_state
    assert [] == state.chance_outcomes()


def test_deal_takes_a_seed_once() -> None:
    game = adapter.load_game("magellan-elcano", players=2)
    state = _dealt(game, adapter.SEED_RANGE - 1)
    assert [255] * adapter.SEED_DRAWS == state.history()
    with pytest.raises(IllegalActionError, match="has begun"):
        state.deal(3)
    fresh = game.new_initial_state()
    for seed in (-1, adapter.SEED_RANGE, True, 1.0):
        with pytest.raises(ConfigurationError, match="must be an int"):
            fresh.deal(seed)  # type: ignore[arg-type]  # refused at run time
    with pytest.raises(IllegalActionError, match="byte of the seed"):
        fresh.apply_action(256)
    assert fresh.is_initial_state()


def test_the_same_chance_outcomes_make_the_same_game() -> None:
    game = adapter.load_game("kincses-sziget", players=3, max_turns=SHORT)
    first = [str(state) for state in _random_walk(game, 4, 30)]
    second = [str(state) for state in _random_walk(game, 4, 30)]
    assert first == second
    assert first != [str(state) for state in _random_walk(game, 5, 30)]


# --- actions, returns and the decision limit --------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_legal_actions_are_the_sorted_action_numbers(name: str) -> None:
    game = adapter.load_game(name, players=2, **_options(name))
    engine = game.boardgames_game
    assert isinstance(engine, HasEncoding)
    encoding = engine.encoding
    for state in _random_walk(game, 3, 40):
        engine_state = state.boardgames_state
        if state.is_terminal():
            assert [] == state.legal_actions()
            continue
        expected = sorted(encoding.encode_action(a) for a in engine.legal_actions(engine_state))
        assert expected == state.legal_actions()
        mover = state.current_player()
        assert engine.current_player(engine_state) == mover
        assert all([] == state.legal_actions(seat) for seat in range(2) if seat != mover)
    strings = [state.action_to_string(0, number) for number in range(encoding.num_distinct_actions)]
    assert len(strings) == len(set(strings))


def test_an_illegal_action_raises() -> None:
    game = adapter.load_game("magellan-elcano", players=2)
    state = _dealt(game, 1)
    illegal = next(n for n in range(game.num_distinct_actions()) if n not in state.legal_actions())
    with pytest.raises(IllegalActionError, match=f"action number {illegal} .* is not legal now"):
        state.apply_action(illegal)
    with pytest.raises(IllegalActionError, match="out of range"):
        state.apply_action(game.num_distinct_actions())
    assert [1, 0, 0, 0] == state.history()


def test_returns_are_zero_until_the_end() -> None:
    game = adapter.load_game("magellan-elcano", players=3)
    *states, last = list(_random_walk(game, 8, 10_000))
    for state in states[:5]:
        assert [0.0, 0.0, 0.0] == state.returns() == state.rewards()
    assert last.is_terminal()
    assert not last.truncated
    _check_finished(game, last)
    with pytest.raises(IllegalActionError, match="the game is over"):
        last.apply_action(0)


def test_the_decision_limit_stops_a_game() -> None:
    game = adapter.load_game("magellan-elcano", players=2, max_game_length=5)
    states = list(_random_walk(game, 2, 100))
    last = states[-1]
    assert 5 == last.decisions == len(states) - 1
    assert last.is_terminal()
    assert last.truncated
    assert [] == last.legal_actions()
    engine = game.boardgames_game
    engine_state = last.boardgames_state
    assert not engine.is_terminal(engine_state)
    assert list(rewards_from_ranking(engine.ranking(engine_state))) == last.returns()
    assert str(last).endswith("stopped at the decision limit (5 decisions)")


def test_a_game_stopped_by_its_turn_limit_is_truncated() -> None:
    game = adapter.load_game("morrigan", players=2, max_turns=2)
    last = list(_random_walk(game, 6, 10_000))[-1]
    assert last.is_terminal()
    assert last.truncated
    assert game.boardgames_game.is_truncated(last.boardgames_state)


# --- observations and resampling --------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_observations_are_the_engines(name: str) -> None:
    game = adapter.load_game(name, players=2, **_options(name))
    engine = game.boardgames_game
    assert isinstance(engine, HasEncoding)
    encoding = engine.encoding
    observer = game.make_py_observer()
    assert [s.name for s in encoding.layout if s.size] == list(observer.dict)
    for state in list(_random_walk(game, 5, 30))[::7]:
        for seat in range(2):
            observation = engine.observe(state.boardgames_state, seat)
            vector = np.asarray(encoding.encode_observation(observation), np.float32)
            assert vector.tolist() == state.observation_tensor(seat)
            assert engine.render_observation(observation) == state.observation_string(seat)
            text = state.information_state_string(seat)
            assert boardgames.dumps(observation) == text
            assert observation == boardgames.loads(text)
        assert engine.render_state(state.boardgames_state) == str(state)


def test_the_deal_is_observed_as_pending() -> None:
    game = adapter.load_game("morrigan", players=2)
    state = game.new_initial_state()
    state.apply_action(7)
    assert "the deal is pending (1 of 4 seed bytes dealt)" == state.observation_string(1)
    assert state.observation_string(1) == state.information_state_string(0)
    assert [0.0] * game.observation_tensor_size() == state.observation_tensor(0)
    clone = state.resample_from_infostate(0, random.Random(0).random)
    assert str(state) == str(clone)


def test_unsupported_observers_are_refused() -> None:
    game = adapter.load_game("magellan-elcano", players=2)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ConfigurationError, match="not supported"):
        game.make_py_observer(public)
    with pytest.raises(ConfigurationError, match="parameters are not supported"):
        game.make_py_observer(None, {"x": 1})
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert None is recall.tensor


@pytest.mark.parametrize("name", NAMES)
def test_resampled_states_have_the_same_information_state(name: str) -> None:
    game = adapter.load_game(name, players=3, **_options(name))
    engine = game.boardgames_game
    for state in list(_random_walk(game, 9, 24))[::6]:
        for seat in range(3):
            sampler = random.Random(seat).random
            sample = state.resample_from_infostate(seat, sampler)
            assert state.information_state_string(seat) == sample.information_state_string(seat)
            if seat == state.current_player():
                assert state.legal_actions() == sample.legal_actions()
            assert (None, [], state.decisions) == (sample.seed, sample.history(), sample.decisions)
            value = random.Random(seat).random()
            expected = engine.sample_state(
                engine.observe(state.boardgames_state, seat), int(value * 2**53)
            )
            assert expected == sample.boardgames_state
    with pytest.raises(ConfigurationError, match="not a seat"):
        state.resample_from_infostate(3, random.Random(0).random)


def test_resampler_repeats_its_samples() -> None:
    game = adapter.load_game("magellan-elcano", players=4)
    state = list(_random_walk(game, 3, 12))[-1]
    player = state.current_player()
    first = [str(adapter.resampler(7)(state, player)) for _ in range(3)]
    callback = adapter.resampler(7)
    second = [str(callback(state, player)) for _ in range(3)]
    assert [first[0]] * 3 == first
    assert first[0] == second[0]
    assert len(set(second)) > 1


def test_the_information_state_is_the_observation_as_json() -> None:
    game = adapter.load_game("magellan-elcano", players=2)
    state = _dealt(game, 3)
    data = json.loads(state.information_state_string(1))
    assert ("observation", "magellan-elcano") == (data["type"], data["game"])
    assert 1 == data["data"]["player"]


# --- importing --------------------------------------------------------------------------


def test_importing_the_library_does_not_import_openspiel_and_a_missing_one_is_named() -> None:
    code = (
        "import sys\n"
        "import boardgames, boardgames.adapters\n"
        "assert 'pyspiel' not in sys.modules and 'numpy' not in sys.modules\n"
        "sys.modules['pyspiel'] = None\n"
        "try:\n"
        "    import boardgames.adapters.openspiel\n"
        "except boardgames.ConfigurationError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )
    assert 0 == result.returncode, result.stderr
    assert "pip install 'boardgames[openspiel]'" in result.stdout

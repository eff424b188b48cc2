"""Tests of :class:`boardgames.ISMCTSBot`: observations only, determinism, legality, budgets."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest

import boardgames
from boardgames import ConfigurationError, ISMCTSBot
from boardgames.bots import SearchResult, rank_utilities
from boardgames.bots.ismcts import DEFAULT_DECISIONS, value_utilities
from boardgames.core.codec import Codec, make_converter
from boardgames.core.protocol import GameInfo, OptionValue
from boardgames.core.ranking import places_from_keys
from boardgames.games.magellan_elcano import (
    MagellanElcano,
    MagellanObservation,
    MagellanState,
)

# --- a bot's game that notices any state it did not build itself ---------------------------


class SpyMagellan(MagellanElcano):
    """Magellan for a bot: fails if given any state not built from its own ``sample_state``.

    The real game is played with a plain :class:`MagellanElcano`; its states never pass
    through this object. Every state this object builds is remembered (kept alive, so that
    identities stay unique), and every rules call checks that its state is one of them.
    """

    def __init__(self, *, players: int, storm_variant: bool = False) -> None:
        super().__init__(players=players, storm_variant=storm_variant)
        self.built: dict[int, MagellanState] = {}
        self.observations: list[MagellanObservation] = []

    def _own(self, state: MagellanState) -> MagellanState:
        assert self.built.get(id(state)) is state, "the bot used a state it did not sample"
        return state

    def _keep(self, state: MagellanState) -> MagellanState:
        self.built[id(state)] = state
        return state

    def sample_state(self, observation: MagellanObservation, seed: int) -> MagellanState:
        self.observations.append(observation)
        return self._keep(super().sample_state(observation, seed))

    def apply(self, state: MagellanState, action: Any) -> MagellanState:
        return self._keep(super().apply(self._own(state), action))

    def legal_actions(self, state: MagellanState) -> Sequence[Any]:
        return super().legal_actions(self._own(state))

    def current_player(self, state: MagellanState) -> int | None:
        return super().current_player(self._own(state))

    def score(self, state: MagellanState) -> tuple[float, ...]:
        return super().score(self._own(state))

    def ranking(self, state: MagellanState) -> tuple[int, ...]:
        return super().ranking(self._own(state))

    def is_terminal(self, state: MagellanState) -> bool:
        return super().is_terminal(self._own(state))


def test_ismcts_uses_only_states_it_sampled_from_its_observation() -> None:
    game = boardgames.make("magellan-elcano", players=5)
    spy = SpyMagellan(players=5)
    bots: list[boardgames.Bot[Any, Any]] = [boardgames.RandomBot()] * 5
    bots[2] = ISMCTSBot(spy, iterations=10)
    record = boardgames.play(game, bots, seed=3)
    assert record.terminal
    assert spy.observations
    assert all(observation.player == 2 for observation in spy.observations)


# --- a toy game with a sealed choice and an out-of-turn decision ----------------------------

HEADS, TAILS, PLAY, CONCEDE = "heads", "tails", "play", "concede"


@attrs.frozen
class Choice:
    """A coin side, or the last decision: play the round out or concede it."""

    name: str

    def __str__(self) -> str:
        return self.name


@attrs.frozen
class PenniesState:
    coins: tuple[str | None, str | None] = (None, None)
    final: str | None = None


@attrs.frozen
class PenniesObservation:
    player: int
    own: str | None
    other: str | None
    other_has_chosen: bool
    final: str | None


class SealedPennies:
    """Seat 0 chooses a coin side face down, then seat 1 does; both are revealed to seat 0.

    Then seat 0 decides again, out of turn: *play* (seat 0 wins if the sides differ, seat 1
    if they match) or *concede* (a tie). A seat that knew the other's sealed coin would
    always win its coin choice; one that sees only its observation cannot do better than
    half the time. Seat 0's last decision is easy: play when the sides differ.
    """

    info: ClassVar[GameInfo] = GameInfo(
        name="sealed-pennies", title="Sealed Pennies", min_players=2, max_players=2,
        default_players=2,
    )  # fmt: skip

    @property
    def players(self) -> int:
        return 2

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return {}

    @property
    def codec(self) -> Codec:
        return Codec(
            game=self.info.name,
            converter=make_converter(action_union=Choice),
            state_type=PenniesState,
            observation_type=PenniesObservation,
            action_type=Choice,
            action_classes=(Choice,),
            check=lambda value: None,
        )

    def new_game(self, seed: int) -> PenniesState:
        return PenniesState()

    def current_player(self, state: PenniesState) -> int | None:
        if state.coins[0] is None:
            return 0
        if state.coins[1] is None:
            return 1
        return 0 if state.final is None else None

    def legal_actions(self, state: PenniesState) -> Sequence[Choice]:
        seat = self.current_player(state)
        if seat is None:
            return ()
        if state.coins[1] is None:
            return (Choice(HEADS), Choice(TAILS))
        return (Choice(PLAY), Choice(CONCEDE))

    def apply(self, state: PenniesState, action: Choice) -> PenniesState:
        if action not in self.legal_actions(state):
            raise boardgames.IllegalActionError(f"illegal action {action!r}")
        if state.coins[0] is None:
            return PenniesState((action.name, None))
        if state.coins[1] is None:
            return PenniesState((state.coins[0], action.name))
        return PenniesState(state.coins, action.name)

    def observe(self, state: PenniesState, player: int) -> PenniesObservation:
        over = self.current_player(state) is None
        revealed = over or (state.coins[1] is not None and player == 0)
        other = state.coins[1 - player]
        return PenniesObservation(
            player=player,
            own=state.coins[player],
            other=other if revealed else None,
            other_has_chosen=other is not None,
            final=state.final,
        )

    def score(self, state: PenniesState) -> tuple[float, ...]:
        if state.final != PLAY:
            return (0.0, 0.0)
        differ = state.coins[0] != state.coins[1]
        return (1.0, 0.0) if differ else (0.0, 1.0)

    def ranking(self, state: PenniesState) -> tuple[int, ...]:
        return places_from_keys(self.score(state))

    def is_terminal(self, state: PenniesState) -> bool:
        return self.current_player(state) is None

    def is_truncated(self, state: PenniesState) -> bool:
        return False

    def sample_state(self, observation: PenniesObservation, seed: int) -> PenniesState:
        other = observation.other
        if observation.other_has_chosen and other is None:
            other = random.Random(seed).choice((HEADS, TAILS))
        coins = [observation.own, other]
        if observation.player == 1:
            coins.reverse()
        return PenniesState((coins[0], coins[1]), observation.final)

    def check_state(self, state: PenniesState) -> None:
        return None

    def render_state(self, state: PenniesState) -> str:
        return repr(state)

    def render_observation(self, observation: PenniesObservation) -> str:
        return repr(observation)


def test_ismcts_cannot_see_a_sealed_choice() -> None:
    """A bot that peeked at seat 0's coin would match it in every game."""
    game = SealedPennies()
    bot = ISMCTSBot(game, iterations=40)
    matches = 0
    for seed in range(60):
        record = boardgames.play(game, [boardgames.RandomBot(), bot], seed=seed)
        matches += record.actions[0] == record.actions[1]
    assert 15 <= matches <= 45


def test_ismcts_decides_out_of_turn_from_what_is_revealed() -> None:
    """Seat 0 decides twice in a row of the game; the second time it sees both coins."""
    game = SealedPennies()
    bot = ISMCTSBot(game, iterations=40)
    for seed in range(20):
        record = boardgames.play(game, [bot, boardgames.RandomBot()], seed=seed)
        differ = record.actions[0] != record.actions[1]
        assert (Choice(PLAY) if differ else Choice(CONCEDE)) == record.actions[2]
        assert 1 == record.ranking[0]


# --- every registered game ------------------------------------------------------------------


def _player_counts() -> list[tuple[str, int]]:
    cases: list[tuple[str, int]] = []
    for name in boardgames.game_names():
        info = boardgames.game_info(name)
        cases.extend((name, players) for players in sorted({info.min_players, info.max_players}))
    return cases


class Sometimes:
    """Search with ``bot`` on every ``stride``-th decision of the seat, else play at random.

    Some engines have long games with slow random playouts; searching a spread of
    decisions covers every phase of a game at a small cost.
    """

    def __init__(self, bot: ISMCTSBot, stride: int) -> None:
        self.bot = bot
        self.stride = stride
        self.decisions = 0
        self.searches = 0

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        self.decisions += 1
        if self.decisions % self.stride != 1 % self.stride:
            return legal_actions[rng.randrange(len(legal_actions))]
        self.searches += 1
        action = self.bot.choose(observation, legal_actions, rng)
        assert action in legal_actions
        return action


@pytest.mark.parametrize(("name", "players"), _player_counts())
def test_ismcts_plays_legally_in_every_registered_game(name: str, players: int) -> None:
    """About a dozen searches spread over a whole game, in the last seat."""
    game = boardgames.make(name, players)
    randoms: list[boardgames.Bot[Any, Any]] = [boardgames.RandomBot()] * players
    length = len(boardgames.play(game, randoms, seed=players).actions)
    bot = Sometimes(ISMCTSBot(game, iterations=8, max_depth=100), length // players // 12 + 1)
    record = boardgames.play(game, [*randoms[1:], bot], seed=players)  # refuses illegal actions
    assert record.terminal or record.truncated
    assert 1 <= bot.searches


@pytest.mark.parametrize(("name", "players"), _player_counts())
def test_ismcts_search_returns_a_legal_action_with_its_statistics(name: str, players: int) -> None:
    game = boardgames.make(name, players)
    state = game.new_game(seed=11)
    seat = game.current_player(state)
    assert seat is not None
    legal = game.legal_actions(state)
    result = ISMCTSBot(game, iterations=30, max_depth=60).search(
        game.observe(state, seat), legal, random.Random(0)
    )
    assert result.action in legal
    assert 30 == result.iterations
    assert 30 == sum(visits for _, visits, _ in result.root)
    assert all(action in legal and 0 <= mean <= 1 for action, _, mean in result.root)
    assert (
        max(visits for _, visits, _ in result.root)
        == {action: visits for action, visits, _ in result.root}[result.action]
    )


# --- determinism ----------------------------------------------------------------------------


def _middle_decision(players: int) -> tuple[boardgames.Game[Any, Any, Any], Any, Any]:
    game = boardgames.make("magellan-elcano", players)
    record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=21)
    states = list(boardgames.replay(record))
    state = states[len(states) // 2]
    seat = game.current_player(state)
    assert seat is not None
    return game, game.observe(state, seat), game.legal_actions(state)


def test_search_is_a_function_of_observation_legal_actions_and_rng_state() -> None:
    game, observation, legal = _middle_decision(4)
    bot = ISMCTSBot(game, iterations=60)
    first = bot.search(observation, legal, random.Random(5))
    again = ISMCTSBot(game, iterations=60).search(observation, legal, random.Random(5))
    assert first == again
    assert isinstance(first, SearchResult)


def test_seed_changes_the_search_reproducibly() -> None:
    game, observation, legal = _middle_decision(3)
    results = [
        ISMCTSBot(game, iterations=40, seed=seed).search(observation, legal, random.Random(1))
        for seed in (None, 1, 1, 2)
    ]
    assert results[1] == results[2]
    assert len({result.root for result in results}) == 3


def test_games_with_ismcts_seats_replay_identically() -> None:
    game = boardgames.make("magellan-elcano", players=3)
    bot = ISMCTSBot(game, iterations=15)
    first = boardgames.play(game, [bot, bot, boardgames.RandomBot()], seed=8)
    again = boardgames.play(game, [bot, bot, boardgames.RandomBot()], seed=8)
    assert first == again


_CHILD = """
import random, boardgames
game = boardgames.make("magellan-elcano", players=5)
state = game.new_game(seed=4)
seat = game.current_player(state)
result = boardgames.ISMCTSBot(game, iterations=40).search(
    game.observe(state, seat), game.legal_actions(state), random.Random(9)
)
print(repr(result))
"""


def test_search_does_not_depend_on_string_hashing() -> None:
    """Action hashes involve enum names, whose hashes change between processes."""
    outputs = set()
    for hash_seed in ("1", "2"):
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", _CHILD],
            capture_output=True,
            text=True,
            check=True,
            env=environment,
            timeout=120,
        )
        outputs.add(result.stdout)
    assert 1 == len(outputs)


def test_a_single_legal_action_is_returned_without_drawing() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    rng = random.Random(3)
    before = rng.getstate()
    assert "only" == ISMCTSBot(game).choose(None, ["only"], rng)
    assert before == rng.getstate()


def test_a_seconds_budget_runs_at_least_one_iteration() -> None:
    game, observation, legal = _middle_decision(2)
    result = ISMCTSBot(game, seconds=1e-6).search(observation, legal, random.Random(0))
    assert 1 <= result.iterations
    assert result.action in legal
    capped = ISMCTSBot(game, iterations=5, seconds=60.0).search(
        observation, legal, random.Random(0)
    )
    assert 5 == capped.iterations


def test_a_depth_cap_still_gives_a_legal_action() -> None:
    game, observation, legal = _middle_decision(4)
    result = ISMCTSBot(game, iterations=30, max_depth=1).search(
        observation, legal, random.Random(0)
    )
    assert result.action in legal


# --- parameters and utilities ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("parameters", "message"),
    [
        ({"iterations": 0}, "iterations=0 must be an int of 1 or more"),
        ({"iterations": 2.5}, "iterations=2.5 must be an int"),
        ({"seconds": 0.0}, "seconds=0.0 must be a positive, finite number"),
        ({"seconds": float("inf")}, "seconds=inf must be a positive"),
        ({"exploration": -1.0}, "exploration=-1.0 must be a finite number of 0 or more"),
        ({"exploration": float("nan")}, "exploration=nan must be"),
        ({"max_depth": 0}, "max_depth=0 must be an int of 1 or more"),
        ({"seed": "7"}, "seed='7' must be an int"),
    ],
)
def test_bad_parameters_are_configuration_errors(parameters: dict[str, Any], message: str) -> None:
    game = boardgames.make("magellan-elcano", players=2)
    with pytest.raises(ConfigurationError, match=message.replace("(", r"\(")):
        ISMCTSBot(game, **parameters)


def test_the_default_budget_is_a_budget_of_simulated_decisions() -> None:
    bot = ISMCTSBot(boardgames.make("magellan-elcano", players=2))
    assert (None, None, DEFAULT_DECISIONS) == (bot.iterations, bot.seconds, bot.decisions)
    assert f"decisions={DEFAULT_DECISIONS}" in repr(bot)


def test_a_decision_budget_counts_every_apply_and_stops_once_crossed() -> None:
    """Each iteration reports the applies it made; the search stops at the first that crosses."""
    _, observation, legal = _middle_decision(3)
    spy = SpyMagellan(players=3)
    result = ISMCTSBot(spy, decisions=500).search(observation, legal, random.Random(0))
    applied = len(spy.built) - len(spy.observations)  # every state built but the samples
    assert applied == result.decisions
    assert 500 <= result.decisions
    assert 2 <= result.iterations
    shorter = ISMCTSBot(spy, iterations=result.iterations - 1).search(
        observation, legal, random.Random(0)
    )
    assert shorter.decisions < 500
    capped = ISMCTSBot(spy, decisions=500, iterations=2).search(
        observation, legal, random.Random(0)
    )
    assert 2 == capped.iterations


@pytest.mark.parametrize("decisions", [0, -3, 2.0, True])
def test_a_bad_decision_budget_is_a_configuration_error(decisions: Any) -> None:
    game = boardgames.make("magellan-elcano", players=2)
    with pytest.raises(ConfigurationError, match=r"decisions=.* must be an int of 1 or more"):
        ISMCTSBot(game, decisions=decisions)


def test_search_refuses_empty_legal_actions() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    with pytest.raises(ValueError, match="without legal actions"):
        ISMCTSBot(game, iterations=1).search(None, [], random.Random(0))


@pytest.mark.parametrize(
    ("ranking", "expected"),
    [
        ((1, 2), (1.0, 0.0)),
        ((1, 1), (0.5, 0.5)),
        ((2, 1, 3), (0.5, 1.0, 0.0)),
        ((1, 1, 3, 4), (5 / 6, 5 / 6, 1 / 3, 0.0)),
        ((1, 2, 2, 2, 5), (1.0, 0.5, 0.5, 0.5, 0.0)),
        ((1,), (1.0,)),
    ],
)
def test_rank_utilities(ranking: tuple[int, ...], expected: tuple[float, ...]) -> None:
    assert expected == pytest.approx(rank_utilities(ranking))


# --- rollouts cut short and judged by the game's evaluation ---------------------------------


@pytest.mark.parametrize("depth", [-1, 1.5, True, "3"])
def test_a_bad_rollout_depth_is_a_configuration_error(depth: Any) -> None:
    game = boardgames.make("magellan-elcano", players=2)
    with pytest.raises(ConfigurationError, match=r"rollout_depth=.* must be None or an int of 0"):
        ISMCTSBot(game, rollout_depth=depth)


def test_value_utilities_place_the_seats_by_their_values() -> None:
    assert (1.0, 0.0) == value_utilities((2.0, -5.0))
    assert (0.5, 0.5) == value_utilities((1.0, 1.0))
    assert (0.5, 1.0, 0.5, 0.0) == value_utilities((3.5, 10.0, 3.5, -1.0))


class FavouringMagellan(MagellanElcano):
    """Magellan with a ``heuristic_value`` that likes one history entry, and counts its calls.

    The value is 1 for ``seat`` in every state whose history holds ``entry`` at index
    ``at``, 0 otherwise: a search that judges its rollouts by the value must choose an action
    that makes that entry, and one that judges them by the unfinished game's ranking has no
    reason to.
    """

    def __init__(self, *, players: int, seat: int, at: int, entry: Any) -> None:
        super().__init__(players=players)
        self.seat, self.at, self.entry = seat, at, entry
        self.calls = 0

    def heuristic_value(self, state: MagellanState) -> tuple[float, ...]:
        self.calls += 1
        history = state.history
        liked = len(history) > self.at and history[self.at] == self.entry
        return tuple(float(liked and seat == self.seat) for seat in range(self.players))


def _favouring_search(
    rollout_depth: int | None,
) -> tuple[FavouringMagellan, set[Any], SearchResult]:
    """Search a mid-game decision of a game that favours the entry of the last legal action."""
    game, observation, legal = _middle_decision(3)
    sample = game.sample_state(observation, 0)
    seat = game.current_player(sample)
    assert seat is not None
    at = len(observation.history)
    entry = game.apply(sample, legal[-1]).history[at]
    liked = {action for action in legal if game.apply(sample, action).history[at] == entry}
    assert len(liked) < len(legal)  # some legal action makes another entry
    favouring = FavouringMagellan(players=3, seat=seat, at=at, entry=entry)
    bot = ISMCTSBot(favouring, iterations=80, rollout_depth=rollout_depth)
    return favouring, liked, bot.search(observation, legal, random.Random(1))


@pytest.mark.parametrize("rollout_depth", [0, 3])
def test_rollouts_cut_short_are_judged_by_the_heuristic_value(rollout_depth: int) -> None:
    favouring, liked, result = _favouring_search(rollout_depth)
    assert result.action in liked
    assert 1 <= favouring.calls <= result.iterations


def test_full_rollouts_never_read_the_heuristic_value() -> None:
    favouring, _, result = _favouring_search(None)
    assert 0 == favouring.calls
    assert 80 == result.iterations


def test_a_rollout_depth_bounds_the_decisions_of_each_iteration() -> None:
    """Each iteration walks the tree (at most one new node deep) and rolls out 2 decisions."""
    game, observation, legal = _middle_decision(4)
    full = ISMCTSBot(game, iterations=40).search(observation, legal, random.Random(2))
    cut = ISMCTSBot(game, iterations=40, rollout_depth=2).search(
        observation, legal, random.Random(2)
    )
    assert cut.action in legal
    assert cut.decisions < full.decisions
    assert cut.decisions <= 40 * (2 + 40)


def test_without_a_heuristic_value_a_cut_rollout_is_judged_by_the_ranking() -> None:
    game, observation, legal = _middle_decision(2)
    bot = ISMCTSBot(game, iterations=30, rollout_depth=1)
    first = bot.search(observation, legal, random.Random(4))
    assert first == bot.search(observation, legal, random.Random(4))
    assert first.action in legal
    assert "rollout_depth=1" in repr(bot)


def test_rollout_depth_is_a_bot_spec_parameter() -> None:
    game = boardgames.make("morrigan", players=2)
    bot = boardgames.make_bot("ismcts:rollout_depth=12:iterations=5", game)
    assert isinstance(bot, ISMCTSBot)
    assert (12, 5) == (bot.rollout_depth, bot.iterations)

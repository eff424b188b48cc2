"""Timing helpers behind ``boardgames bench``: playouts, serialization, sampling and search.

Every measurement runs for a time budget (at least one iteration), uses a fixed sequence of
seeds (``0, 1, 2, ...``, the same in every repeat) and is timed with
:func:`time.perf_counter`. Only the game protocol, :func:`boardgames.dumps`,
:func:`boardgames.loads` and :class:`boardgames.ISMCTSBot` are used, so every registered
game can be measured.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import attrs

from boardgames.bots.ismcts import ISMCTSBot
from boardgames.core.protocol import Game
from boardgames.core.registry import make
from boardgames.serialization import dumps, loads

__all__ = [
    "SEARCH_ITERATIONS",
    "BenchResult",
    "PlayoutTiming",
    "bench",
    "mid_game_states",
    "random_playouts",
    "round_trips",
    "samples",
    "searches",
]

SEARCH_ITERATIONS = 32
"""The iteration budget of each search that :func:`searches` times (if time allows)."""


@attrs.frozen
class PlayoutTiming:
    """What one run of :func:`random_playouts` did and how long it took.

    Args:
        playouts: Complete games played.
        decisions: Decisions taken over all those games.
        seconds: Wall time of the whole run, setups included.
        decision_seconds: Wall time spent in the decision loops only.
    """

    playouts: int
    decisions: int
    seconds: float
    decision_seconds: float


@attrs.frozen
class BenchResult:
    """The median rates of one game at one player count.

    Args:
        game: The registered game name.
        players: The seat count.
        playouts_per_second: Complete random games (setup included) per second.
        decisions_per_second: ``legal_actions`` + random choice + ``apply`` per second.
        round_trips_per_second: ``loads(dumps(state))`` of mid-game states per second.
        samples_per_second: ``sample_state`` calls from mid-game observations per second.
        search_iterations_per_second: :class:`~boardgames.ISMCTSBot` iterations per second,
            in searches of :data:`SEARCH_ITERATIONS` iterations from mid-game observations.
    """

    game: str
    players: int
    playouts_per_second: float
    decisions_per_second: float
    round_trips_per_second: float
    samples_per_second: float
    search_iterations_per_second: float


def _random_game(game: Game[Any, Any, Any], seed: int) -> list[Any]:
    """Play one random game from ``seed`` and return every state, the setup first."""
    state = game.new_game(seed)
    choices = random.Random(seed)
    states = [state]
    while game.current_player(state) is not None:
        legal = game.legal_actions(state)
        state = game.apply(state, legal[choices.randrange(len(legal))])
        states.append(state)
    return states


def random_playouts(game: Game[Any, Any, Any], seconds: float) -> PlayoutTiming:
    """Play random games from seeds 0, 1, 2, ... until ``seconds`` have passed.

    Args:
        game: The configured game.
        seconds: The time budget; at least one game is always played.

    Returns:
        The counts and times of the run.
    """
    playouts = decisions = 0
    decision_seconds = 0.0
    start = time.perf_counter()
    while True:
        state = game.new_game(playouts)
        choices = random.Random(playouts)
        loop_start = time.perf_counter()
        while game.current_player(state) is not None:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[choices.randrange(len(legal))])
            decisions += 1
        now = time.perf_counter()
        decision_seconds += now - loop_start
        playouts += 1
        if now - start >= seconds:
            return PlayoutTiming(playouts, decisions, now - start, decision_seconds)


def mid_game_states(game: Game[Any, Any, Any], count: int) -> list[Any]:
    """Return the middle state of ``count`` random games (seeds 0 to ``count - 1``)."""
    middles = []
    for seed in range(count):
        states = _random_game(game, seed)
        middles.append(states[len(states) // 2])
    return middles


def round_trips(states: Sequence[Any], seconds: float) -> tuple[int, float]:
    """Run ``loads(dumps(state))`` over ``states`` in turn until ``seconds`` have passed.

    Returns:
        The number of round-trips and the time they took (at least one round-trip).
    """
    count = 0
    start = time.perf_counter()
    while True:
        loads(dumps(states[count % len(states)]))
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count, elapsed


def _decisions(game: Game[Any, Any, Any], states: Sequence[Any]) -> list[tuple[Any, Any]]:
    """Return ``(observation, legal actions)`` of the seat to move in each unfinished state."""
    decisions = []
    for state in states:
        seat = game.current_player(state)
        if seat is not None:
            decisions.append((game.observe(state, seat), game.legal_actions(state)))
    return decisions


def samples(
    game: Game[Any, Any, Any], observations: Sequence[Any], seconds: float
) -> tuple[int, float]:
    """Call ``sample_state`` on ``observations`` in turn (seeds 0, 1, 2, ...) for ``seconds``.

    Returns:
        The number of calls and the time they took (at least one call).
    """
    count = 0
    start = time.perf_counter()
    while True:
        game.sample_state(observations[count % len(observations)], count)
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count, elapsed


def searches(
    game: Game[Any, Any, Any], decisions: Sequence[tuple[Any, Any]], seconds: float
) -> tuple[int, float]:
    """Search each decision in turn, :data:`SEARCH_ITERATIONS` iterations each, for ``seconds``.

    A search is cut short when the time budget runs out, so a game whose playouts are slow
    is measured within about one iteration of the budget.

    Args:
        game: The configured game.
        decisions: ``(observation, legal actions)`` pairs of the seat to move.
        seconds: The time budget; at least one iteration is always run.

    Returns:
        The number of search iterations and the time they took.
    """
    count = iterations = 0
    start = time.perf_counter()
    while True:
        remaining = seconds - (time.perf_counter() - start)
        bot = ISMCTSBot(game, iterations=SEARCH_ITERATIONS, seconds=max(remaining, 1e-6))
        observation, legal = decisions[count % len(decisions)]
        iterations += bot.search(observation, legal, random.Random(count)).iterations
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return iterations, elapsed


def bench(name: str, players: int, *, seconds: float, repeats: int) -> BenchResult:
    """Measure one game at one player count; every rate is the median of ``repeats`` runs.

    Args:
        name: A registered game name.
        players: The seat count.
        seconds: The time budget of each measurement in each repeat.
        repeats: How many times each measurement is repeated.

    Returns:
        The median rates.
    """
    game = make(name, players)
    playout_rates: list[float] = []
    decision_rates: list[float] = []
    for _ in range(repeats):
        timing = random_playouts(game, seconds)
        playout_rates.append(timing.playouts / timing.seconds)
        decision_rates.append(timing.decisions / max(timing.decision_seconds, 1e-9))
    states = mid_game_states(game, 8)
    round_trip_rates: list[float] = []
    for _ in range(repeats):
        count, elapsed = round_trips(states, seconds)
        round_trip_rates.append(count / elapsed)
    decisions = _decisions(game, states)
    sample_rates: list[float] = []
    search_rates: list[float] = []
    if decisions:  # games that end before their middle state has a decision are not measured
        observations = [observation for observation, _ in decisions]
        for _ in range(repeats):
            count, elapsed = samples(game, observations, seconds)
            sample_rates.append(count / elapsed)
            count, elapsed = searches(game, decisions, seconds)
            search_rates.append(count / elapsed)
    return BenchResult(
        game=name,
        players=players,
        playouts_per_second=statistics.median(playout_rates),
        decisions_per_second=statistics.median(decision_rates),
        round_trips_per_second=statistics.median(round_trip_rates),
        samples_per_second=statistics.median(sample_rates) if sample_rates else math.nan,
        search_iterations_per_second=statistics.median(search_rates) if search_rates else math.nan,
    )

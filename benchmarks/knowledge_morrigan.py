"""Morrigan's knowledge model: the cost of a decision, of ``observe`` and of ``sample_state``.

Plays random games (fixed seeds) and reports medians, in microseconds of CPU time
(``time.thread_time``), of one decision (legal actions + apply, in playouts), one
``observe`` and one ``sample_state`` (of states picked across those games, so not the
state the last move made), each over five rounds. The sampler's exactness is checked by
``tests/games/morrigan/test_knowledge.py``.

Run it as ``uv run --no-sync python benchmarks/knowledge_morrigan.py [players ...]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import boardgames


def _states(players: int, games: int) -> list[object]:
    game = boardgames.make("morrigan", players=players)
    states: list[object] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(seed)
        while game.current_player(state) is not None:
            states.append(state)
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    return states


def measure(players: int, games: int = 20, rounds: int = 5) -> dict[str, float]:
    """Return the median cost in µs of a decision, an ``observe`` and a ``sample_state``."""
    game = boardgames.make("morrigan", players=players)
    states = _states(players, games)
    picks = states[:: max(1, len(states) // 600)]
    decision: list[float] = []
    observing: list[float] = []
    sampling: list[float] = []
    for _ in range(rounds):
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_game(seed)
            count = 0
            start = time.thread_time()
            while game.current_player(state) is not None:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
                count += 1
            decision.append((time.thread_time() - start) / count * 1e6)
        start = time.thread_time()
        views = [game.observe(state, index % players) for index, state in enumerate(picks)]
        observing.append((time.thread_time() - start) / len(picks) * 1e6)
        start = time.thread_time()
        for index, view in enumerate(views):
            game.sample_state(view, index)
        sampling.append((time.thread_time() - start) / len(views) * 1e6)
    return {
        "decision": statistics.median(decision),
        "observe": statistics.median(observing),
        "sample_state": statistics.median(sampling),
    }


def main(arguments: list[str]) -> None:
    """Print the figures for the player counts given (default 2 and 4)."""
    for players in [int(argument) for argument in arguments] or [2, 4]:
        figures = measure(players)
        print(
            f"{players} players: decision {figures['decision']:.1f} µs, "
            f"observe {figures['observe']:.1f} µs, sample_state {figures['sample_state']:.1f} µs"
        )


if __name__ == "__main__":
    main(sys.argv[1:])

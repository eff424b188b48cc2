"""Magellan: Elcano exact knowledge: the cost of ``observe`` and ``sample_state``.

Plays random games (seeds 0 to 19) of 2, 3, 4 (with storms) and 5 captains, takes every
fifth state and every observer, and prints the median CPU time of ``observe`` and of
``sample_state`` per configuration (``time.thread_time``, in microseconds). Run with
``PYTHONPATH=src python benchmarks/knowledge_magellan.py``; pass another ``src`` on
``PYTHONPATH`` to measure another checkout the same way.
"""

from __future__ import annotations

import statistics
import time

import boardgames


def measure(players: int, storm_variant: bool, rounds: int = 5) -> tuple[float, float]:
    """Return the median µs of ``observe`` and ``sample_state`` over many positions."""
    game = boardgames.make("magellan-elcano", players=players, storm_variant=storm_variant)
    positions = []
    for seed in range(20):
        record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
        positions.extend(list(boardgames.replay(record))[::5])
    observe_times = []
    sample_times = []
    for _ in range(rounds):
        start = time.thread_time()
        observations = [game.observe(state, seat) for state in positions for seat in range(players)]
        observe_times.append((time.thread_time() - start) / len(observations))
        start = time.thread_time()
        for index, observation in enumerate(observations):
            game.sample_state(observation, index)
        sample_times.append((time.thread_time() - start) / len(observations))
    return statistics.median(observe_times) * 1e6, statistics.median(sample_times) * 1e6


def main() -> None:
    """Print the figures."""
    for players, storm_variant in ((2, False), (3, False), (4, False), (4, True), (5, False)):
        observe_us, sample_us = measure(players, storm_variant)
        label = f"{players} players{' with storms' if storm_variant or players == 5 else ''}"
        print(f"{label:24} observe {observe_us:6.1f} µs   sample_state {sample_us:6.1f} µs")


if __name__ == "__main__":
    main()

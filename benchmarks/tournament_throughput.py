"""Measure the tournament runner's throughput on 1 and 2 worker processes.

Each measurement is a whole :func:`boardgames.tournament.tournament` call (the process pool
is started inside it, so its start-up is included), repeated and reported as the median.
With games of a few milliseconds, the chunking keeps the per-task overhead small, so two
workers on two free cores should be close to twice as fast as one::

    uv run python benchmarks/tournament_throughput.py
    uv run python benchmarks/tournament_throughput.py --bots greedy,random --games 600

Other programs running on the machine take cores away, so the script first measures how
much faster a pure-Python loop runs on the same numbers of worker processes: that is the
best speed-up the machine offers at that moment, and the tournament's speed-up should come
close to it. CI does not run this script: it measures the machine as much as the code.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from boardgames.tournament import tournament


def run_once(game: str, bots: list[str], players: int | None, games: int, workers: int) -> float:
    """Return the wall time of one whole tournament."""
    start = time.perf_counter()
    tournament(game, bots, games, players=players, workers=workers)
    return time.perf_counter() - start


def spin(count: int) -> int:
    """Burn CPU in pure Python: the work a perfectly parallel task would do."""
    total = 0
    for value in range(count):
        total += value * value
    return total


def baseline(workers: int, tasks: int = 16, count: int = 2_000_000) -> float:
    """Return the seconds that ``tasks`` pure-Python loops take on ``workers`` processes."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        list(pool.map(spin, [1000] * workers))  # start the workers before timing
        start = time.perf_counter()
        list(pool.map(spin, [count] * tasks))
        return time.perf_counter() - start


def main() -> None:
    """Measure every worker count and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="magellan-elcano")
    parser.add_argument("--bots", default="random", help="comma-separated bot specs")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    parser.add_argument("--repeats", type=int, default=3)
    arguments = parser.parse_args()
    bots = arguments.bots.split(",")
    counts = [int(count) for count in arguments.workers.split(",")]
    print(
        f"{arguments.game}, {arguments.players} players, bots {', '.join(bots)}: "
        f"median of {arguments.repeats} runs; 'loop' is the speed-up of a pure-Python loop "
        "on as many processes, measured alongside"
    )
    # Interleave the worker counts, so that a change in the machine's load hits them alike.
    loops: dict[int, list[float]] = {workers: [] for workers in counts}
    times: dict[int, list[float]] = {workers: [] for workers in counts}
    for _ in range(arguments.repeats):
        for workers in counts:
            loops[workers].append(baseline(workers))
            times[workers].append(
                run_once(arguments.game, bots, arguments.players, arguments.games, workers)
            )
    games = arguments.games + (-arguments.games) % len(bots)
    loop_base = statistics.median(loops[counts[0]])
    game_base = statistics.median(times[counts[0]])
    headers = ("workers", "games", "seconds", "games/s", "speed-up", "loop")
    print("  ".join(f"{header:>8}" for header in headers))
    for workers in counts:
        seconds = statistics.median(times[workers])
        loop = loop_base / statistics.median(loops[workers])
        print(
            f"{workers:>8}  {games:>8}  {seconds:>8.2f}  {games / seconds:>8.1f}  "
            f"{game_base / seconds:>7.2f}x  {loop:>7.2f}x"
        )


if __name__ == "__main__":
    main()

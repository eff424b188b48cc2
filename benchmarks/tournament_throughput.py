"""Measure the tournament runner's throughput on 1 and 2 worker processes.

Each measurement is a whole :func:`boardgames.tournaments.tournament` call (the process pool
is started inside it, so its start-up is included), repeated and reported as the median.
With games of a few milliseconds, the chunking keeps the per-task overhead small, so two
workers on two free cores should be close to twice as fast as one::

    uv run python benchmarks/tournament_throughput.py
    uv run python benchmarks/tournament_throughput.py --bots greedy,random --games 600

Other programs running on the machine take cores away, so the script also measures, run by
run, how much faster a pure-Python loop goes on the same numbers of worker processes (the
``loop`` column): that is the best speed-up the machine offers at that moment. The last
column is the CPU time of each worker process (read from ``/proc`` on Linux): it shows
whether the games were shared evenly and, against the wall time, whether each worker had
a core of its own. CI does not run this script: it measures the machine as much as the
code.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from boardgames.tournaments import tournament


def _descendant_cpu_seconds() -> dict[int, float]:
    """Return the CPU seconds so far of every descendant process (Linux ``/proc`` only)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    found: dict[int, float] = {}
    frontier = {os.getpid()}
    while frontier:
        frontier = {pid for pid, (parent, _) in parents.items() if parent in frontier}
        found.update((pid, parents[pid][1]) for pid in frontier)
    return found


def run_once(
    game: str, bots: list[str], players: int | None, games: int, workers: int
) -> tuple[float, list[float]]:
    """Return the wall time of one whole tournament and the CPU seconds of each busy worker.

    The CPU seconds show how the work was shared and whether the workers had a core each;
    they are sampled from ``/proc`` and empty where there is none.
    """
    finished = threading.Event()
    cpu: dict[int, float] = {}

    def sample() -> None:
        while not finished.is_set() and Path("/proc/self/stat").exists():
            cpu.update(_descendant_cpu_seconds())
            finished.wait(0.05)

    sampler = threading.Thread(target=sample)
    sampler.start()
    start = time.perf_counter()
    try:
        tournament(game, bots, games, players=players, workers=workers)
    finally:
        seconds = time.perf_counter() - start
        finished.set()
        sampler.join()
    return seconds, sorted(value for value in cpu.values() if value > 0.1 * seconds)


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
    cpus: dict[int, list[list[float]]] = {workers: [] for workers in counts}
    for _ in range(arguments.repeats):
        for workers in counts:
            loops[workers].append(baseline(workers))
            seconds, cpu = run_once(
                arguments.game, bots, arguments.players, arguments.games, workers
            )
            times[workers].append(seconds)
            cpus[workers].append(cpu)
    games = arguments.games + (-arguments.games) % len(bots)
    loop_base = statistics.median(loops[counts[0]])
    game_base = statistics.median(times[counts[0]])
    headers = ("workers", "games", "seconds", "games/s", "speed-up", "loop")
    print("  ".join(f"{header:>8}" for header in headers) + "  worker CPU seconds")
    for workers in counts:
        seconds = statistics.median(times[workers])
        loop = loop_base / statistics.median(loops[workers])
        median_run = times[workers].index(sorted(times[workers])[len(times[workers]) // 2])
        shares = " + ".join(f"{value:.2f}" for value in cpus[workers][median_run])
        print(
            f"{workers:>8}  {games:>8}  {seconds:>8.2f}  {games / seconds:>8.1f}  "
            f"{game_base / seconds:>7.2f}x  {loop:>7.2f}x  {shares}"
        )


if __name__ == "__main__":
    main()

"""The work unit of a tournament: plain data in, a JSON-ready record out.

Everything here is a pure, top-level function of plain data (names, numbers, strings), so
that any backend can run it: a process pool pickles it by reference, Ray ships it as a
task, a thread pool just calls it. A game's record depends only on the game name, the seat
count, the options, the seed and the seating; the bots get their random generators from
:func:`boardgames.play`, derived from the seed.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

from boardgames.bots.specs import make_bot
from boardgames.core.play import play
from boardgames.core.protocol import OptionValue
from boardgames.core.registry import make
from boardgames.core.rng import Rng

__all__ = [
    "Job",
    "deal_seed",
    "play_chunk",
    "play_game",
    "seating",
    "start_worker",
]

_DEAL_KEY = 0x70A7
"""The key that separates the tournament's deal seeds from every other derived stream."""

Job: TypeAlias = tuple[int, int, int, tuple[str, ...]]
"""One game to play: ``(deal, rotation, seed, seating)``."""


def deal_seed(seed: int, deal: int) -> int:
    """Return the game seed of deal number ``deal`` in a tournament seeded with ``seed``.

    Every rotation of a deal uses this seed, so each seating meets the same setup and the
    same random events: the seeds are *paired* across rotations. Seeds are derived with
    :meth:`~boardgames.Rng.derive`, so two tournaments with nearby seeds share no deals.
    The value fits in 63 bits (a signed 64-bit integer in any data tool).

    Args:
        seed: The tournament seed.
        deal: The deal number, ``0, 1, 2, ...``.

    Returns:
        The seed given to ``new_game`` (and to :func:`boardgames.play`) for that deal.

    >>> deal_seed(0, 0) == deal_seed(0, 0) != deal_seed(0, 1)
    True
    """
    value, _ = Rng.from_seed(seed).derive(_DEAL_KEY, deal).next64()
    return value >> 1


def seating(bots: Sequence[str], players: int, rotation: int) -> tuple[str, ...]:
    """Return the bot spec in each seat, seat 0 first, for one rotation.

    Rotation ``r`` moves every bot ``r`` seats clockwise: seat ``s`` holds bot
    ``(s - r) mod k``, for ``k`` bots. With as many bots as seats, the ``k`` rotations put
    every bot in every seat exactly once. With fewer bots than seats, the bots are cycled
    over the seats (a bot may sit in several seats of one game), and over the ``k``
    rotations every bot still sits in every seat exactly once.

    Args:
        bots: The bot specs, ``1 <= k <= players`` of them.
        players: The seat count.
        rotation: The rotation number, ``0 .. k - 1``.

    Returns:
        One bot spec per seat.

    >>> seating(["a", "b", "c"], 3, 1)
    ('c', 'a', 'b')
    >>> seating(["a", "b"], 3, 0)
    ('a', 'b', 'a')
    """
    count = len(bots)
    return tuple(bots[(seat - rotation) % count] for seat in range(players))


def play_game(
    game: str,
    players: int,
    options: Mapping[str, OptionValue],
    seed: int,
    seats: Sequence[str],
) -> dict[str, Any]:
    """Play one game and return its summary as a JSON-ready dict.

    A fresh bot is built for each seat from its spec with ``boardgames.bots.make_bot``,
    and the game is played with :func:`boardgames.play`. The result depends only on the
    arguments (for bots whose choices depend only on their generator, which excludes bots
    with a time budget), except ``"seconds"``, the wall time of the game.

    Args:
        game: A registered game name.
        players: The seat count.
        options: The game's options.
        seed: The game seed.
        seats: One bot spec per seat, seat 0 first.

    Returns:
        ``{"seed", "seating", "scores", "ranking", "decisions", "terminal", "truncated",
        "seconds"}``: the seat order of every list is seat 0 first.

    Raises:
        UnknownGameError: The game is not registered in this process.
        ConfigurationError: A bot spec names no registered bot, or the configuration is
            not allowed.

    >>> summary = play_game("magellan-elcano", 2, {}, seed=5, seats=["random", "random"])
    >>> summary["seating"], summary["terminal"]
    (['random', 'random'], True)
    """
    start = time.perf_counter()
    configured = make(game, players, **options)
    bots = [make_bot(spec, configured) for spec in seats]
    record = play(configured, bots, seed)
    return {
        "seed": seed,
        "seating": list(seats),
        "scores": [float(score) for score in record.scores],
        "ranking": list(record.ranking),
        "decisions": len(record.actions),
        "terminal": record.terminal,
        "truncated": record.truncated,
        "seconds": time.perf_counter() - start,
    }


def play_chunk(
    game: str,
    players: int,
    options: Mapping[str, OptionValue],
    jobs: Sequence[Job],
) -> list[dict[str, Any]]:
    """Play several games with :func:`play_game`; the task that every backend runs.

    Running a chunk of games per task keeps the per-task overhead (pickling, scheduling)
    small next to the games themselves.

    Args:
        game: A registered game name.
        players: The seat count.
        options: The game's options.
        jobs: ``(deal, rotation, seed, seating)`` of each game.

    Returns:
        One summary per job, in the order of ``jobs``, each with ``"deal"`` and
        ``"rotation"`` first and then the keys of :func:`play_game`.
    """
    results = []
    for deal, rotation, seed, seats in jobs:
        summary = play_game(game, players, options, seed, seats)
        results.append({"deal": deal, "rotation": rotation, **summary})
    return results


def start_worker() -> None:
    """Set up a pool worker: the initializer of the process backend's workers.

    Only the main process handles Ctrl-C, and a worker dies with the process that started
    it: the pool's own pipes never tell a worker that the main process was killed
    (SIGKILL, or SIGTERM before its handler runs), so a watcher thread waits on the
    parent's sentinel, which closes when the parent dies, and ends the worker then.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_exit_with, args=(parent,), name="boardgames-parent-watch", daemon=True
        ).start()


def _exit_with(parent: Any) -> None:
    """Wait until ``parent`` is gone, then end this process at once."""
    parent.join()
    os._exit(1)

"""The :func:`tournament` function: plan the games, run them, stream and summarize them."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from boardgames._version import __version__
from boardgames.bots.specs import make_bot, parse_bot_spec
from boardgames.core.errors import ConfigurationError
from boardgames.core.guards import shown
from boardgames.core.protocol import Game, GameInfo, OptionValue
from boardgames.core.registry import game_info, make
from boardgames.tournaments._backends import BACKENDS, open_runner
from boardgames.tournaments._extras import require
from boardgames.tournaments._files import (
    append_games,
    read_results,
    rewrite_sorted,
    summary_from_data,
    write_header,
)
from boardgames.tournaments._results import GameSummary, TournamentConfig, TournamentResult
from boardgames.tournaments._summary import check_ratings_available, summarize
from boardgames.tournaments._work import Job, deal_seed, seating

__all__ = ["tournament"]

_TARGET_SECONDS = 0.5
"""How long a task should take: long next to its overhead, short enough to stop quickly."""

_MAX_CHUNK = 64
"""The most games in one task."""


def _check_count(name: str, value: object, *, allow_none: bool = False) -> None:
    if value is None and allow_none:
        return
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ConfigurationError(f"{name}={value!r} must be a positive integer")


def _bot_specs(bots: Sequence[str]) -> tuple[str, ...]:
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise ConfigurationError(
            f"bots={shown(bots, 80)} must be a sequence of bot specs, such as "
            "['greedy', 'random'], not one string"
            if isinstance(bots, str)
            else f"bots={shown(bots, 80)} must be a sequence of bot specs, such as "
            "['greedy', 'random']"
        )
    specs = tuple(str(parse_bot_spec(bot)) for bot in bots)
    if not specs:
        raise ConfigurationError("a tournament needs at least one bot")
    for index, spec in enumerate(specs):
        if spec in specs[:index]:
            raise ConfigurationError(
                f"bot {spec!r} is listed twice; a tournament compares different bots"
            )
    return specs


def _configure(
    game: str,
    specs: tuple[str, ...],
    players: int | None,
    options: Mapping[str, OptionValue] | None,
    seed: int,
) -> TournamentConfig:
    info = game_info(game)
    if players is None:
        if not info.min_players <= len(specs) <= info.max_players:
            raise ConfigurationError(
                f"{len(specs)} bots cannot fill {game} by themselves "
                f"({info.min_players} to {info.max_players} players); give players="
            )
        players = len(specs)
    resolved = info.resolve(players, dict(options or {}))
    if len(specs) > players:
        raise ConfigurationError(
            f"got {len(specs)} bots for a {players}-player game; give at most {players} bots "
            "(with fewer bots than seats, the bots are cycled over the seats)"
        )
    configured = make(game, players, **resolved)
    for spec in specs:
        make_bot(spec, configured)  # fail now on an unknown bot or a bad parameter
    return TournamentConfig(
        game=game,
        players=players,
        options=tuple(sorted(resolved.items())),
        bots=specs,
        seed=seed,
    )


def _game_name(
    game: str | Game[Any, Any, Any],
    players: int | None,
    options: Mapping[str, OptionValue] | None,
) -> tuple[str, int | None, Mapping[str, OptionValue] | None]:
    """Read a configured game as its name, seat count and options (a name passes through)."""
    if isinstance(game, str):
        return game, players, options
    if not isinstance(getattr(game, "info", None), GameInfo):
        raise ConfigurationError(
            f"game={shown(game, 80)} must be a registered game's name or a configured game"
        )
    name = game.info.name
    if players is not None and players != game.players:
        raise ConfigurationError(
            f"players={players} differs from the {game.players} seats of {game!r}; give one"
        )
    differ = [
        name
        for name, value in (options or {}).items()
        if name not in game.options or game.options[name] != value
    ]
    if differ:
        raise ConfigurationError(
            f"options= sets {', '.join(map(repr, differ))} otherwise than {game!r}; give the "
            "options in one place"
        )
    if repr(make(name, game.players, **game.options)) != repr(game):
        raise ConfigurationError(
            f"{game!r} is not the registered {name!r} game (the workers make the game by "
            "name): register its factory under another name"
        )
    return name, game.players, game.options


def tournament(
    game: str | Game[Any, Any, Any],
    bots: Sequence[str],
    games: int,
    *,
    players: int | None = None,
    options: Mapping[str, OptionValue] | None = None,
    seed: int = 0,
    workers: int | None = None,
    backend: str = "process",
    executor: Executor | None = None,
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: bool = True,
    chunk_size: int | None = None,
    progress: bool = False,
) -> TournamentResult:
    """Play bots against each other in every seating and summarize the results.

    The games are grouped in *deals*: every deal has one seed
    (:func:`~boardgames.tournaments.deal_seed`) and is played once per rotation of the
    seats (:func:`~boardgames.tournaments.seating`), so every bot plays every seat equally
    often and meets the same setups and random events as the others. With ``k`` bots
    there are ``k`` rotations, and ``games`` is rounded up to a multiple of ``k``.

    A game's result depends only on the game, the seat count, the options, its seed and
    its seating, so every backend and every number of workers gives the same games, and
    the result is sorted by deal and rotation whatever order the games finished in.

    Args:
        game: A registered game name, or a configured game (which fixes the seat count and
            the options; it must be the registered game of its name, since the workers
            make it by name).
        bots: Bot specs for ``boardgames.bots.make_bot``, such as
            ``["ismcts:iterations=200", "greedy", "random"]``; all different.
        games: How many games to play in all (rounded up to a multiple of ``len(bots)``).
        players: The seat count; by default one seat per bot. With fewer bots than
            seats, the bots are cycled over the seats.
        options: The game's options; the defaults for those not given.
        seed: The tournament seed; the deal seeds are derived from it.
        workers: How many games run at once; by default the number of CPUs (for
            ``"ray"``: the CPUs of the Ray cluster). With ``executor``, give its number of
            workers: twice as many tasks are kept in flight.
        backend: ``"process"`` (a local process pool, the default) or ``"ray"`` (Ray
            tasks, on a new local instance, the cluster at ``address``, or the one this
            process is already connected to). Needs ``boardgames[ray]``.
        executor: Any ``concurrent.futures.Executor`` to run the games on instead,
            such as a thread pool or Dask's ``client.get_executor()``; it is not shut
            down. ``backend`` must then stay ``"process"``.
        address: The Ray cluster to connect to (``"auto"``, ``"ray://host:10001"`` ...);
            only with ``backend="ray"``.
        out: A JSON Lines file that receives a header line and then one line per game as
            soon as it is finished (see :doc:`/howto/run-a-tournament`).
        resume: Keep the games already in ``out`` and play only the missing ones; the
            file must hold the same tournament. If false, ``out`` is started afresh.
        chunk_size: How many games each task plays; by default one for the first tasks,
            then as many as take about half a second (at most 64), measured as the games
            finish.
        progress: Show a progress bar (games done, games per second, time left) on
            standard error. Needs ``boardgames[tournament]``.

    Returns:
        Every game, sorted by deal and rotation, and the summary table.

    Raises:
        ConfigurationError: A bad argument, an unknown bot, an ``out`` file that holds
            another tournament, or a missing extra (``boardgames[tournament]`` for the
            ratings and the progress bar, ``boardgames[ray]`` for Ray).
        UnknownGameError: The game is not registered.
        SerializationError: ``out`` has a line that is not a game of this tournament.
        OSError: ``out`` cannot be read or written.

    Games and bots registered at run time (with :func:`boardgames.register_game` or
    ``boardgames.bots.register_bot``) exist only in the process that registered them:
    run those tournaments with a thread pool as ``executor``, or register them through
    entry points.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       ``game`` may be a configured game.
    """
    game, players, options = _game_name(game, players, options)
    specs = _bot_specs(bots)
    _check_count("games", games)
    _check_count("workers", workers, allow_none=True)
    _check_count("chunk_size", chunk_size, allow_none=True)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigurationError(f"seed={seed!r} must be an integer")
    if backend not in BACKENDS:
        raise ConfigurationError(
            f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}"
        )
    if executor is not None and backend != "process":
        raise ConfigurationError(f"give either executor= or backend={backend!r}, not both")
    if address is not None and backend != "ray":
        raise ConfigurationError(f"address={address!r} is only used by backend='ray'")
    config = _configure(game, specs, players, options, seed)
    check_ratings_available()
    if progress:
        require("tqdm", "tournament", "the progress bar")
    if backend == "ray" and executor is None:
        require("ray", "ray", "the ray backend")

    start = time.perf_counter()
    rotations = config.rotations
    deals = math.ceil(games / rotations)
    path = None if out is None else Path(out)
    recorded: list[GameSummary] = []
    if path is not None:
        has_header = False
        if resume:
            recorded, has_header = read_results(path, config)
        if not has_header:
            write_header(path, config, __version__)
    finished = {
        (summary.deal, summary.rotation): summary
        for summary in recorded
        if summary.deal < deals  # games beyond the requested ones stay in the file only
    }
    jobs: list[Job] = [
        (deal, rotation, deal_seed(seed, deal), seating(specs, config.players, rotation))
        for deal in range(deals)
        for rotation in range(rotations)
        if (deal, rotation) not in finished
    ]
    played: list[GameSummary] = []
    if jobs:
        played = _run(
            config,
            jobs,
            path=path,
            workers=workers,
            backend=backend,
            executor=executor,
            address=address,
            chunk_size=chunk_size,
            progress=progress,
            done=len(finished),
        )
    in_order = sorted(recorded, key=lambda g: (g.deal, g.rotation)) == recorded
    if path is not None and (played or not in_order):
        rewrite_sorted(path, config, __version__, [*recorded, *played])
    all_games = sorted([*finished.values(), *played], key=lambda g: (g.deal, g.rotation))
    return TournamentResult(
        config=config,
        games=tuple(all_games),
        standings=summarize(all_games, specs),
        played=len(played),
        seconds=time.perf_counter() - start,
    )


class _Chunks:
    """Cut the jobs into chunks, sized from the measured time of the games so far.

    The first chunks hold one game each; after that, a chunk holds about
    :data:`_TARGET_SECONDS` of games (at most :data:`_MAX_CHUNK`), and never more than half
    a worker's share of what is left, so that the workers finish together. How the jobs are
    chunked never changes the games, only the overhead and how often progress is reported.
    """

    def __init__(self, jobs: Sequence[Job], slots: int, fixed: int | None) -> None:
        self._jobs = jobs
        self._slots = slots
        self._fixed = fixed
        self._games = 0
        self._seconds = 0.0

    def record(self, games: Sequence[GameSummary]) -> None:
        """Take the time of finished games into account for the next chunks."""
        self._games += len(games)
        self._seconds += sum(game.seconds for game in games)

    def _size(self, remaining: int) -> int:
        if self._fixed is not None:
            return self._fixed
        if not self._games:
            return 1
        mean = max(self._seconds / self._games, 1e-6)
        balanced = math.ceil(remaining / (2 * self._slots))
        return max(1, min(_MAX_CHUNK, round(_TARGET_SECONDS / mean), balanced))

    def __iter__(self) -> Iterator[Sequence[Job]]:
        index = 0
        while index < len(self._jobs):
            size = self._size(len(self._jobs) - index)
            yield self._jobs[index : index + size]
            index += size


def _run(
    config: TournamentConfig,
    jobs: list[Job],
    *,
    path: Path | None,
    workers: int | None,
    backend: str,
    executor: Executor | None,
    address: str | None,
    chunk_size: int | None,
    progress: bool,
    done: int,
) -> list[GameSummary]:
    """Run the jobs on the backend, appending each finished chunk to ``path``."""
    played: list[GameSummary] = []
    with open_runner(
        backend=backend,
        workers=workers,
        executor=executor,
        address=address,
        game=config.game,
        players=config.players,
        options=dict(config.options),
    ) as runner:
        chunks = _Chunks(jobs, runner.slots, chunk_size)
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(
                total=done + len(jobs),
                initial=done,
                unit="game",
                desc=config.game,
                dynamic_ncols=True,
            )
        try:
            for results in runner.run(chunks):
                summaries = [
                    summary_from_data(
                        data, config, f"game {data.get('deal')}/{data.get('rotation')}"
                    )
                    for data in results
                ]
                if path is not None:
                    append_games(path, summaries)
                chunks.record(summaries)
                played.extend(summaries)
                if bar is not None:
                    bar.update(len(summaries))
        finally:
            if bar is not None:
                bar.close()
    return played

"""Where the games run: a local process pool, any executor, or Ray.

Every backend runs the same top-level function, :func:`~boardgames.tournaments._work.
play_chunk`, on plain data, and hands back its results as chunks finish. At most two
chunks per worker are in flight at a time, so an interrupted run loses little work and a
large tournament does not queue every task up front.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, Protocol

from boardgames.core.errors import ConfigurationError
from boardgames.core.protocol import OptionValue
from boardgames.tournaments._extras import require
from boardgames.tournaments._work import Job, play_chunk, start_worker

__all__ = ["BACKENDS", "Runner", "cpu_count", "open_runner"]

BACKENDS = ("process", "ray")
"""The backends :func:`~boardgames.tournaments.tournament` can start by name."""

_IN_FLIGHT_PER_WORKER = 2


class Runner(Protocol):
    """Runs chunks of games and yields each chunk's results as it finishes."""

    @property
    def slots(self) -> int:
        """How many chunks can run at once."""
        ...

    def run(self, chunks: Iterable[Sequence[Job]]) -> Iterator[list[dict[str, Any]]]:
        """Yield the results of every chunk, in the order they finish."""
        ...


def cpu_count() -> int:
    """Return the number of CPUs this process may use (at least 1)."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counter is not None:
        return int(counter() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Terminate the worker processes of a pool now, abandoning their running chunks."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    processes: dict[int, multiprocessing.Process] = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        process.terminate()


class _ExecutorRunner:
    def __init__(
        self,
        executor: Executor,
        slots: int,
        game: str,
        players: int,
        options: Mapping[str, OptionValue],
    ) -> None:
        self._executor = executor
        self._slots = slots
        self._arguments = (game, players, dict(options))

    @property
    def slots(self) -> int:
        return self._slots

    def run(self, chunks: Iterable[Sequence[Job]]) -> Iterator[list[dict[str, Any]]]:
        game, players, options = self._arguments
        waiting = iter(chunks)
        in_flight: set[Future[list[dict[str, Any]]]] = set()

        def submit_next() -> None:
            chunk = next(waiting, None)
            if chunk is not None:
                in_flight.add(self._executor.submit(play_chunk, game, players, options, chunk))

        try:
            for _ in range(self._slots * _IN_FLIGHT_PER_WORKER):
                submit_next()
            while in_flight:
                done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
                in_flight -= done
                failed = [future for future in done if future.exception() is not None]
                for future in done:  # keep what finished before raising what failed
                    if future not in failed:
                        submit_next()
                        yield future.result()
                for future in failed:
                    future.result()
        finally:
            for future in in_flight:
                future.cancel()


class _RayRunner:
    def __init__(
        self,
        ray: Any,
        slots: int,
        game: str,
        players: int,
        options: Mapping[str, OptionValue],
    ) -> None:
        self._ray = ray
        self._slots = slots
        self._remote = ray.remote(play_chunk)
        self._arguments = (game, players, dict(options))

    @property
    def slots(self) -> int:
        return self._slots

    def run(self, chunks: Iterable[Sequence[Job]]) -> Iterator[list[dict[str, Any]]]:
        ray = self._ray
        game, players, options = self._arguments
        waiting = iter(chunks)
        in_flight: list[Any] = []

        def submit_next() -> None:
            chunk = next(waiting, None)
            if chunk is not None:
                in_flight.append(self._remote.remote(game, players, options, list(chunk)))

        try:
            for _ in range(self._slots * _IN_FLIGHT_PER_WORKER):
                submit_next()
            while in_flight:
                done, _ = ray.wait(in_flight, num_returns=1)
                in_flight.remove(done[0])
                results: list[dict[str, Any]] = ray.get(done[0])
                submit_next()
                yield results
        finally:
            for reference in in_flight:
                ray.cancel(reference)


@contextmanager
def open_runner(
    *,
    backend: str,
    workers: int | None,
    executor: Executor | None,
    address: str | None,
    game: str,
    players: int,
    options: Mapping[str, OptionValue],
) -> Iterator[Runner]:
    """Start (or borrow) the backend and yield a runner for it; stop what was started.

    Raises:
        ConfigurationError: The backend is unknown, Ray is not installed, or Ray cannot be
            started or reached (a wrong address or authentication token).
    """
    if executor is not None:
        yield _ExecutorRunner(executor, workers or cpu_count(), game, players, options)
        return
    if backend == "process":
        slots = workers or cpu_count()
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        pool = ProcessPoolExecutor(slots, mp_context=context, initializer=start_worker)
        try:
            yield _ExecutorRunner(pool, slots, game, players, options)
        except BrokenProcessPool as error:
            error.add_note(
                "a tournament worker process stopped abruptly: it was killed, ran out of "
                "memory, or could not import the main module again (a script read from "
                "standard input cannot be); run the script from a file, or pass executor="
            )
            raise
        except BaseException:
            _stop_workers(pool)  # Ctrl-C or a failed game: do not wait for running chunks
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return
    if backend == "ray":
        require("ray", "ray", "the ray backend")
        import ray

        started = False
        if not ray.is_initialized():
            settings: dict[str, Any] = {}
            if address is None and workers is not None and "RAY_ADDRESS" not in os.environ:
                settings["num_cpus"] = workers
            try:
                ray.init(address=address, **settings)
            except (ConnectionError, RuntimeError, ValueError) as error:
                where = "a local Ray instance" if address is None else f"Ray at {address!r}"
                raise ConfigurationError(f"cannot start or reach {where}: {error}") from error
            started = True
        try:
            cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
            slots = workers or max(1, int(cpus))
            yield _RayRunner(ray, slots, game, players, options)
        finally:
            if started:
                ray.shutdown()
        return
    raise ConfigurationError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")

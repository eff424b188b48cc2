"""Every backend plays the same games: process pools of any size, executors, and Ray."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames.tournaments import TournamentResult, tournament

GAME = "magellan-elcano"


@pytest.fixture(scope="module")
def by_process_one_worker() -> TournamentResult:
    """12 random games of 3 players, on one worker process, in chunks of 5."""
    return tournament(GAME, ["random"], 12, players=3, seed=7, workers=1, chunk_size=5)


def test_two_worker_processes_give_the_same_games(
    by_process_one_worker: TournamentResult,
) -> None:
    two = tournament(GAME, ["random"], 12, players=3, seed=7, workers=2, chunk_size=2)
    assert by_process_one_worker == two
    assert [game.seconds for game in two.games] != [0.0] * 12  # measured, but not compared


def test_a_thread_pool_executor_gives_the_same_games(
    by_process_one_worker: TournamentResult,
) -> None:
    with ThreadPoolExecutor(3) as executor:
        threaded = tournament(GAME, ["random"], 12, players=3, seed=7, executor=executor)
    assert by_process_one_worker == threaded
    assert 12 == threaded.played


def test_a_game_is_the_same_as_boardgames_play(by_process_one_worker: TournamentResult) -> None:
    game = boardgames.make(GAME, 3)
    for summary in by_process_one_worker.games[:3]:
        record = boardgames.play(game, [boardgames.RandomBot()] * 3, summary.seed)
        assert record.scores == summary.scores
        assert record.ranking == summary.ranking
        assert len(record.actions) == summary.decisions


def test_the_built_in_bots_play_in_worker_processes() -> None:
    """Greedy and ISMCTS bots, with a small search, in every seating on two workers."""
    bots = ["ismcts:iterations=5", "greedy", "random"]
    one = tournament(GAME, bots, 3, workers=1)
    two = tournament(GAME, bots, 3, workers=2, chunk_size=1)
    assert one == two
    assert sorted(bots) == sorted(standing.bot for standing in two.standings)


@pytest.mark.ray
def test_ray_gives_the_same_games_as_the_process_pool(
    ray_instance: Any, by_process_one_worker: TournamentResult, tmp_path: Path
) -> None:
    out = tmp_path / "results.jsonl"
    by_ray = tournament(
        GAME, ["random"], 12, players=3, seed=7, backend="ray", chunk_size=3, out=out
    )
    assert by_process_one_worker == by_ray
    assert ray_instance.is_initialized()  # a connection it did not open is left open
    again = tournament(GAME, ["random"], 12, players=3, seed=7, backend="ray", out=out)
    assert 0 == again.played


@pytest.mark.ray
@pytest.mark.usefixtures("test_bots")
def test_ray_tasks_raise_the_errors_of_their_games(ray_instance: Any) -> None:
    """A bot registered at run time exists only in the process that registered it."""
    with pytest.raises(boardgames.ConfigurationError, match="unknown bot 'first'"):
        tournament(GAME, ["first", "random"], 2, backend="ray")


@pytest.mark.usefixtures("test_bots")
def test_worker_processes_raise_the_errors_of_their_games() -> None:
    with pytest.raises(boardgames.ConfigurationError, match="unknown bot 'first'"):
        tournament(GAME, ["first", "random"], 2, workers=1)

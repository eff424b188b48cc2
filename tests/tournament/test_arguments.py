"""Bad arguments, missing extras, and what importing the library does not import."""

from __future__ import annotations

import importlib
import pickle
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import boardgames
from boardgames.tournaments import tournament

GAME = "magellan-elcano"


@pytest.mark.parametrize(
    ("bots", "settings", "message"),
    [
        ("random", {}, "must be a sequence of bot specs"),
        ([], {}, "at least one bot"),
        (["random", "random"], {"players": 2}, "'random' is listed twice"),
        (["nobody", "random"], {}, "unknown bot 'nobody'"),
        (["random"], {}, "1 bots cannot fill magellan-elcano by themselves"),
        (["random"], {"players": 9}, "players=9 is out of range"),
        (["random", "greedy", "heuristic"], {"players": 2}, "got 3 bots for a 2-player game"),
        (["random"], {"players": 2, "games": 0}, "games=0 must be a positive integer"),
        (["random"], {"players": 2, "workers": 0}, "workers=0 must be a positive integer"),
        (["random"], {"players": 2, "chunk_size": -1}, "chunk_size=-1 must be a positive"),
        (["random"], {"players": 2, "seed": 1.5}, "seed=1.5 must be an integer"),
        (["random"], {"players": 2, "backend": "dask"}, "unknown backend 'dask'"),
        (["random"], {"players": 2, "address": "auto"}, "only used by backend='ray'"),
        (["random"], {"players": 2, "options": {"storms": True}}, "unknown option 'storms'"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(
    bots: Any, settings: dict[str, Any], message: str
) -> None:
    games = settings.pop("games", 2)
    with pytest.raises(boardgames.ConfigurationError, match=message):
        tournament(GAME, bots, games, **settings)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(boardgames.UnknownGameError, match="unknown game 'chess'"):
        tournament("chess", ["random"], 2)


def test_an_executor_and_the_ray_backend_exclude_each_other() -> None:
    with (
        ThreadPoolExecutor(1) as executor,
        pytest.raises(boardgames.ConfigurationError, match="either executor= or backend='ray'"),
    ):
        tournament(GAME, ["random"], 2, players=2, executor=executor, backend="ray")


@pytest.mark.parametrize(
    ("module", "settings", "extra"),
    [
        ("openskill", {}, "boardgames[tournament]"),
        ("tqdm", {"progress": True}, "boardgames[tournament]"),
        ("ray", {"backend": "ray"}, "boardgames[ray]"),
    ],
)
def test_a_missing_extra_is_named(
    monkeypatch: pytest.MonkeyPatch, module: str, settings: dict[str, Any], extra: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # makes `import module` fail
    monkeypatch.setitem(sys.modules, f"{module}.models", None)
    with pytest.raises(
        boardgames.ConfigurationError, match=re.escape(f"install the extra {extra}")
    ):
        tournament(GAME, ["random"], 2, players=2, **settings)


def test_importing_the_library_imports_no_optional_dependency() -> None:
    code = (
        "import sys, boardgames, boardgames.cli, boardgames.tournaments\n"
        "print(sorted({'openskill', 'ray', 'tqdm'} & set(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert "[]" == result.stdout.strip()


def test_the_progress_bar_goes_to_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    with ThreadPoolExecutor(1) as executor:
        tournament(GAME, ["random"], 4, players=2, executor=executor, progress=True)
    captured = capsys.readouterr()
    assert "" == captured.out
    assert "4/4" in captured.err
    assert "game/s" in captured.err


def test_the_public_names_are_sorted_and_documented_under_the_module() -> None:
    # Not `import boardgames.tournaments as module`: that would give the function if the
    # package re-exported `tournament` at the top level.
    module = importlib.import_module("boardgames.tournaments")
    assert len(set(module.__all__)) == len(module.__all__)  # ruff (RUF022) keeps the order
    for name in module.__all__:
        value = getattr(module, name)
        if callable(value):
            assert "boardgames.tournaments" == value.__module__, name
            assert value.__doc__, name


def test_results_pickle_and_compare_equal() -> None:
    with ThreadPoolExecutor(1) as executor:
        result = tournament(GAME, ["random"], 2, players=2, executor=executor)
    assert result == pickle.loads(pickle.dumps(result))


def test_a_configured_game_stands_for_its_name_seats_and_options() -> None:
    game = boardgames.make(GAME, players=4, storm_variant=True)
    pool = ThreadPoolExecutor(2)
    try:
        by_object = tournament(game, ["random", "greedy"], 4, executor=pool, workers=2)
        by_name = tournament(
            GAME,
            ["random", "greedy"],
            4,
            players=4,
            options={"storm_variant": True},
            executor=pool,
            workers=2,
        )
    finally:
        pool.shutdown()
    assert by_object.config == by_name.config
    assert by_object.games == by_name.games


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"players": 3}, "players=3 differs from the 4 seats"),
        ({"options": {"storm_variant": False}}, "options= sets 'storm_variant' otherwise"),
    ],
)
def test_a_configured_game_refuses_other_settings(settings: dict[str, Any], message: str) -> None:
    game = boardgames.make(GAME, players=4, storm_variant=True)
    with pytest.raises(boardgames.ConfigurationError, match=message):
        tournament(game, ["random"], 2, **settings)


def test_something_else_than_a_game_is_refused() -> None:
    with pytest.raises(boardgames.ConfigurationError, match="must be a registered game's name"):
        tournament(42, ["random"], 2, players=2)  # type: ignore[arg-type]

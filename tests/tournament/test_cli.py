"""The ``boardgames tournament`` command, end to end with a handful of games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardgames.cli import EXIT_OK, EXIT_USAGE, main

GAME = "magellan-elcano"


def test_a_tournament_prints_the_table_and_writes_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.jsonl"
    arguments = ["tournament", GAME, "--bots", "random", "--players", "2", "--games", "4"]
    arguments += ["--workers", "2", "--seed", "3", "--out", str(out), "--no-progress"]
    assert EXIT_OK == main(arguments)
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert (
        f"{GAME}, 2 players, storm_variant=false, seed 3: 4 games (4 deals x 1 seating)"
        == (lines[0])
    )
    assert lines[1].split()[:2] == ["bot", "seat-games"]
    assert lines[2].split()[:2] == ["random", "8"]
    assert lines[3].startswith("4 games played in")
    assert lines[3].endswith(f"; all 4 games are in {out}")
    assert "" == captured.err
    header, *games = out.read_text(encoding="utf-8").splitlines()
    assert 3 == json.loads(header)["seed"]
    assert 4 == len(games)

    assert EXIT_OK == main(arguments)  # everything is in the file: nothing is played
    assert "0 games played" in capsys.readouterr().out


def test_options_and_bot_lists_are_read(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["tournament", GAME, "--bots", "random, greedy", "--players", "4"]
    arguments += ["--option", "storm_variant=yes", "--games", "2", "--workers", "1"]
    assert EXIT_OK == main(arguments)
    out = capsys.readouterr().out
    assert f"{GAME}, 4 players, storm_variant=true, seed 0: 2 games" in out
    assert {"random", "greedy"} <= {line.split()[0] for line in out.splitlines()[2:4]}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", " , "], "error: --bots needs at least one bot spec"),
        (["--bots", "random,random", "--players", "2"], "error: bot 'random' is listed twice"),
        (["--bots", "random", "--players", "2", "--address", "auto"], "error: address='auto'"),
        (["--bots", "random", "--backend", "dask"], "invalid choice: 'dask'"),
        (["--bots", "random", "--games", "0"], "'0' must be 1 or more"),
    ],
)
def test_bad_arguments_are_usage_errors(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert EXIT_USAGE == main(["tournament", GAME, *extra])
    assert message in capsys.readouterr().err


def test_another_tournament_in_the_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "results.jsonl")
    base = ["tournament", GAME, "--bots", "random", "--players", "2", "--games", "2"]
    assert EXIT_OK == main([*base, "--workers", "1", "--out", out])
    capsys.readouterr()
    assert EXIT_USAGE == main([*base, "--seed", "1", "--out", out])
    assert "holds the results of another tournament: its seed is 0" in capsys.readouterr().err


def test_an_unwritable_file_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "missing" / "results.jsonl")
    arguments = ["tournament", GAME, "--bots", "random", "--players", "2", "--out", out]
    assert 1 == main(arguments)
    assert "error: cannot read or write the results" in capsys.readouterr().err

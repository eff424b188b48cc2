"""The benchmark behind ``boardgames bench``: structure and sanity of its figures, never speed."""

from __future__ import annotations

import math
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import attrs
import pytest

import boardgames
from boardgames import _bench, _bench_report
from boardgames._bench_memory import allocated, history_copies, reachable_bytes
from boardgames.cli import EXIT_OK, EXIT_USAGE, main

GAME = "magellan-elcano"
"""The quickest registered game: the bench tests use it at every player count."""

TINY = 0.001
"""A budget of a millisecond: every measurement still does at least one unit of work."""

EVERY_FIGURE = {figure.key for figure in _bench.FIGURES}


def _subject(name: str = GAME, players: int = 2) -> _bench.GameSubject:
    return _bench.GameSubject(boardgames.make(name, players))


def test_a_run_measures_every_figure_of_our_games() -> None:
    subject = _subject()
    run = _bench.run([subject], budget=TINY, rounds=2)
    assert (subject.id,) == run.subjects
    assert 2 == len(run.rounds)
    for key in EVERY_FIGURE:
        value = run.median(subject.id, key)
        assert value is not None, key
        assert math.isfinite(value), key
        assert value > 0, key
    assert run.overhead >= 0
    assert run.seconds > 0


@pytest.mark.parametrize("name", boardgames.game_names())
def test_every_game_can_be_measured(name: str) -> None:
    players = boardgames.game_info(name).min_players
    subject = _subject(name, players)
    for kind in _bench.KINDS:
        figures = subject.measure(kind, TINY, 0.0)
        assert figures, kind
        assert all(math.isfinite(value) and value > 0 for value in figures.values())
    memory = subject.memory()
    assert {"states_kept", "kept_state_pct", "history_pct"} == set(memory)


def _run(rounds: list[dict[str, dict[str, float]]]) -> _bench.BenchRun:
    subjects = {
        "ours": _bench.SubjectId("boardgames", GAME, 2),
        "team": _bench.SubjectId("OpenSpiel", "python_team_dominoes", 4),
        "kuhn": _bench.SubjectId("OpenSpiel", "python_kuhn_poker", 2),
    }
    return _bench.BenchRun(
        subjects=tuple(subjects.values()),
        rounds=tuple(
            {subjects[name]: figures for name, figures in figures_of.items()}
            for figures_of in rounds
        ),
        memory={subjects["ours"]: {"history_pct": 2.0, "kept_state_pct": 12.0}},
        budget=TINY,
        overhead=0.0,
        started=0.0,
        seconds=1.0,
    )


def test_ratios_are_medians_of_per_round_ratios() -> None:
    run = _run(
        [
            {"ours": {"decision_us": 10.0}, "team": {"decision_us": 20.0}},
            {"ours": {"decision_us": 30.0}, "team": {"decision_us": 20.0}},
            {"ours": {"decision_us": 12.0}, "team": {"decision_us": 40.0}},
        ]
    )
    ours, team, kuhn = run.subjects
    assert 12.0 == run.median(ours, "decision_us")
    assert 0.5 == run.ratio(ours, team, "decision_us")  # of 0.5, 1.5 and 0.3
    assert run.ratio(ours, kuhn, "decision_us") is None
    assert run.median(ours, "sample_us") is None
    assert 2.0 == run.median(ours, "history_pct")
    assert team == run.find("OpenSpiel", "python_team_dominoes")
    assert run.find("OpenSpiel", "hearts") is None


def test_targets_are_met_or_not_or_not_measured() -> None:
    run = _run([{"ours": {"decision_us": 10.0, "late_ratio": 1.3}, "team": {"decision_us": 20.0}}])
    results = _bench_report.evaluate(run)
    assert list(_bench_report.TARGETS) == [result.target for result in results]
    by_text = {result.target.text: result for result in results}
    team, kuhn, late, small_sample, large_sample, *_, history, kept, search = (
        by_text[target.text] for target in _bench_report.TARGETS
    )
    assert ("met", "worst 0.50x (magellan-elcano (2 players)); 1 of 1 meet it") == (
        team.status,
        team.measured,
    )
    assert ("not measured", "no figure") == (kuhn.status, kuhn.measured)
    assert "met" == late.status  # "at most 1.3x"
    assert "not measured" == small_sample.status
    assert ("not measured", "no such game measured") == (
        large_sample.status,
        large_sample.measured,
    )
    assert "met" == history.status
    assert "not met" == kept.status
    assert ("not measured", "needs --compare-openspiel") == (search.status, search.measured)


def test_the_page_has_the_method_the_tables_and_the_targets() -> None:
    run = _bench.run([_subject()], budget=TINY, rounds=1)
    page = _bench_report.page(run, command="boardgames bench", openspiel="2.0.2")
    assert page.startswith("# Performance\n")
    for heading in ("## How it is measured", "## The last run", "## Targets"):
        assert f"\n{heading}\n" in page
    for table in _bench_report.tables(run):
        assert f"\n### {table.title}\n" in page
    assert "- OpenSpiel: 2.0.2\n" in page
    assert len(_bench_report.TARGETS) + 2 == page.split("## Targets")[1].count("\n|")


@attrs.frozen
class _State:
    history: Any
    other: tuple[int, ...]


def _states(history: Any, grow: Any, moves: int = 40) -> list[_State]:
    states = [_State(history, ())]
    for move in range(moves):
        history = grow(history, move)
        states.append(_State(history, (move * 1000,)))
    return states


def test_history_copies_are_found_whatever_the_history_type() -> None:
    tuples = history_copies(_states((), lambda history, move: (*history, f"move {move}")))
    strings = history_copies(_states("", lambda history, move: history + f"move {move};"))
    shared = history_copies(
        _states(boardgames.History(), lambda history, move: history.append(f"move {move}"))
    )
    assert tuples is not None
    assert strings is not None
    assert shared is not None
    assert 0 < shared < tuples < 1
    assert 0 < strings < 1
    assert history_copies([_State(None, ())]) is None
    assert history_copies([1, 2]) is None  # no history attribute


def test_the_history_of_one_state_is_no_copy() -> None:
    assert 0.0 == history_copies([_State(("a", "b"), (1,))])


def test_allocated_counts_what_the_result_keeps() -> None:
    value, kept, new_bytes = allocated(
        lambda: [bytes(1000) for _ in range(10)],
        lambda value: sum(reachable_bytes([value], new_only=True).values()),
    )
    assert 10 == len(value)
    assert kept >= 10_000
    assert new_bytes is not None
    assert new_bytes >= 10_000
    assert not tracemalloc.is_tracing()


def test_the_page_needs_the_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    assert EXIT_USAGE == main(["bench", "--write-page", "page.md"])
    assert "--write-page needs --compare-openspiel" in capsys.readouterr().err


def test_without_open_spiel_the_comparison_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes `import pyspiel` fail
    assert EXIT_USAGE == main(["bench", "--games", GAME, "--compare-openspiel"])
    err = capsys.readouterr().err
    assert "install the extra boardgames[bench]" in err
    assert "pip install 'boardgames[bench]'" in err


def test_importing_the_library_imports_neither_open_spiel_nor_numpy() -> None:
    code = (
        "import sys, boardgames, boardgames.cli, boardgames._bench, boardgames._bench_report\n"
        "print(sorted({'numpy', 'open_spiel', 'pyspiel'} & set(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert "[]" == result.stdout.strip()


def test_the_comparison_with_open_spiel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Runs where the extra is installed (CI's bench step); skipped elsewhere."""
    pytest.importorskip("pyspiel", reason="needs the optional package open-spiel (the bench extra)")
    page = tmp_path / "performance.md"
    arguments = ["bench", "--games", GAME, "--seconds", "0.001", "--rounds", "1"]
    assert EXIT_OK == main([*arguments, "--compare-openspiel", "--write-page", str(page)])
    out = capsys.readouterr().out
    for name in ("python_kuhn_poker", "python_team_dominoes", "hearts", "gin_rummy"):
        assert name in out
    assert "x python_team_dominoes" in out
    assert "x OpenSpiel hearts" in out
    assert "needs --compare-openspiel" not in out
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Performance\n")
    assert "- OpenSpiel: 2." in text

"""The tables, targets and Performance page of ``boardgames bench``.

Everything here reads a finished :class:`boardgames._bench.BenchRun`: the same tables are
printed as aligned text on the terminal and written as MyST markdown tables on the
Performance page of the docs (``--write-page``).
"""

from __future__ import annotations

import datetime
import math
import os
import platform
from collections.abc import Callable, Mapping, Sequence
from typing import Final

import attrs

from boardgames._bench import (
    CORPUS_GAMES,
    DEFAULT_ROUNDS,
    DEFAULT_SECONDS,
    FIGURES,
    SEARCH_ITERATIONS,
    BenchRun,
    SubjectId,
)
from boardgames._version import __version__

__all__ = [
    "DECISION_REFERENCES",
    "SEARCH_REFERENCE",
    "TARGETS",
    "Table",
    "Target",
    "TargetResult",
    "evaluate",
    "machine",
    "page",
    "tables",
    "text",
]

DECISION_REFERENCES: Final = ("python_team_dominoes", "python_kuhn_poker")
"""The OpenSpiel games that our per-decision figures are divided by."""

SEARCH_REFERENCE: Final = "hearts"
"""The OpenSpiel game whose Python ISMCTS our searches are compared with."""

_OURS: Final = "boardgames"
_OPENSPIEL: Final = "OpenSpiel"
_TITLES: Final = {figure.key: figure.title for figure in FIGURES}


@attrs.frozen
class Table:
    """A table: a title, column headers, rows of cells and a note under it."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@attrs.frozen
class Target:
    """A speed or memory target for our games.

    Args:
        text: The target, as the issue states it.
        key: The figure (:attr:`boardgames._bench.Figure.key`).
        limit: The bound the figure (or its ratio) must stay under.
        games: The games it applies to (empty: every game of ours).
        reference: An OpenSpiel game: the target bounds the median per-round ratio to it.
        strict: ``True`` for "below", ``False`` for "at most".
        unit: How the figure is written: ``"x"`` (a ratio), ``" µs"`` or ``" %"``.
    """

    text: str
    key: str
    limit: float
    games: tuple[str, ...] = ()
    reference: str | None = None
    strict: bool = True
    unit: str = "x"


_SMALL: Final = ("magellan-elcano", "morrigan")
_LARGE: Final = ("morgans-magic-map", "kincses-sziget")

TARGETS: Final = (
    Target(
        "µs per decision below 1.0x python_team_dominoes, every game at every player count",
        "decision_us",
        1.0,
        reference="python_team_dominoes",
    ),
    Target(
        "µs per decision below 1.0x python_kuhn_poker: Magellan and Morrigan",
        "decision_us",
        1.0,
        _SMALL,
        reference="python_kuhn_poker",
    ),
    Target(
        "last fifth of a game at most 1.3x the first fifth per decision, every game",
        "late_ratio",
        1.3,
        strict=False,
    ),
    Target(
        "sample_state under 50 µs: Magellan and Morrigan", "sample_us", 50.0, _SMALL, unit=" µs"
    ),
    Target(
        "sample_state under 200 µs: Morgan's Magic Map and Kincses Sziget",
        "sample_us",
        200.0,
        _LARGE,
        unit=" µs",
    ),
    Target(
        "dumps+loads under 200 µs: Magellan and Morrigan",
        "round_trip_us",
        200.0,
        _SMALL,
        unit=" µs",
    ),
    Target(
        "dumps+loads under 1 ms: Morgan's Magic Map and Kincses Sziget",
        "round_trip_us",
        1000.0,
        _LARGE,
        unit=" µs",
    ),
    Target(
        "history copies under 5 % of the memory of keeping every state",
        "history_pct",
        5.0,
        unit=" %",
    ),
    Target(
        "each kept state at most 10 % of one full state",
        "kept_state_pct",
        10.0,
        strict=False,
        unit=" %",
    ),
    Target(
        "ISMCTS µs per iteration per remaining decision at most OpenSpiel's Python ISMCTS "
        "on hearts, every game",
        "search_us_per_remaining",
        1.0,
        reference=SEARCH_REFERENCE,
        strict=False,
    ),
)
"""The targets of the issue "Speed and memory", each checked by every run."""


@attrs.frozen
class TargetResult:
    """How a run did against one target.

    Args:
        target: The target.
        status: ``"met"``, ``"not met"`` or ``"not measured"``.
        measured: The worst figure and where it was found, and how many subjects met it.
    """

    target: Target
    status: str
    measured: str


def _number(value: float | None) -> str:
    if value is None or not math.isfinite(value):
        return "n/a"
    if value == int(value):
        return f"{int(value):,}"
    if abs(value) >= 99.95:
        return f"{value:,.0f}"
    if abs(value) >= 9.995:
        return f"{value:.1f}"
    return f"{value:.2f}"


def _times(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}x"


def _ours(run: BenchRun) -> list[SubjectId]:
    return [subject for subject in run.subjects if subject.origin == _OURS]


def evaluate(run: BenchRun) -> list[TargetResult]:
    """Check every target of :data:`TARGETS` against a run."""
    results = []
    for target in TARGETS:
        subjects = [s for s in _ours(run) if not target.games or s.name in target.games]
        reference = run.find(_OPENSPIEL, target.reference) if target.reference else None
        if not subjects or (target.reference and reference is None):
            why = "needs --compare-openspiel" if target.reference else "no such game measured"
            results.append(TargetResult(target, "not measured", why))
            continue
        found: list[tuple[float, SubjectId]] = []
        for subject in subjects:
            if reference is not None:
                value = run.ratio(subject, reference, target.key)
            else:
                value = run.median(subject, target.key)
            if value is not None:
                found.append((value, subject))
        if not found:
            results.append(TargetResult(target, "not measured", "no figure"))
            continue
        value, worst = max(found, key=lambda pair: pair[0])
        passing = sum(
            1 for v, _ in found if (v < target.limit if target.strict else v <= target.limit)
        )
        shown = _times(value) if target.unit == "x" else _number(value) + target.unit
        measured = f"worst {shown} ({worst}); {passing} of {len(found)} meet it"
        if len(found) < len(subjects):
            measured += f"; {len(subjects) - len(found)} not measured"
        status = "met" if passing == len(found) == len(subjects) else "not met"
        results.append(TargetResult(target, status, measured))
    return results


def _rows(
    run: BenchRun, cells: Callable[[SubjectId], Sequence[str]]
) -> tuple[tuple[str, ...], ...]:
    return tuple(
        (subject.origin, subject.name, str(subject.players), *cells(subject))
        for subject in run.subjects
    )


def tables(run: BenchRun) -> list[Table]:
    """Build the four tables of a run: decisions, operations, memory and ISMCTS."""
    head = ("engine", "game", "players")
    references = [
        (name, found) for name in DECISION_REFERENCES if (found := run.find(_OPENSPIEL, name))
    ]
    search_reference = run.find(_OPENSPIEL, SEARCH_REFERENCE)

    def decision_cells(subject: SubjectId) -> list[str]:
        cells = [
            _number(run.median(subject, "decisions")),
            _number(run.median(subject, "decision_us")),
        ]
        cells += [_times(run.ratio(subject, found, "decision_us")) for _, found in references]
        cells.append(_times(run.median(subject, "late_ratio")))
        return cells

    decisions = Table(
        "Decisions",
        (
            *head,
            _TITLES["decisions"],
            _TITLES["decision_us"],
            *(f"x {name}" for name, _ in references),
            _TITLES["late_ratio"],
        ),
        _rows(run, decision_cells),
        "Ratios are medians of per-round ratios; last/first fifth is µs per decision in the "
        "last fifth of each game over the first fifth.",
    )
    operation_keys = ("apply_us", "observe_us", "encode_us", "sample_us", "round_trip_us")
    operations = Table(
        "Operations (CPU µs per call)",
        (*head, *(_TITLES[key] for key in operation_keys)),
        _rows(run, lambda s: [_number(run.median(s, key)) for key in operation_keys]),
        "n/a: the engine has no such operation (OpenSpiel's Python games cannot resample a "
        "state from an information state).",
    )
    memory_keys = ("states_kept", "kept_state_pct", "history_pct")
    memory = Table(
        "Memory of keeping every state of one game",
        (*head, *(_TITLES[key] for key in memory_keys)),
        _rows(run, lambda s: [_number(run.median(s, key)) for key in memory_keys]),
        "The random game of seed 0; n/a: not measurable (a C++ state is not allocated through "
        "Python; an OpenSpiel state keeps its history in C++).",
    )

    def search_cells(subject: SubjectId) -> list[str]:
        cells = [
            _number(run.median(subject, "search_per_s")),
            _number(run.median(subject, "search_us_per_remaining")),
        ]
        if search_reference is not None:
            cells.append(_times(run.ratio(subject, search_reference, "search_us_per_remaining")))
        return cells

    searched = [s for s in run.subjects if run.median(s, "search_per_s") is not None]
    search = Table(
        "ISMCTS",
        (
            *head,
            _TITLES["search_per_s"],
            _TITLES["search_us_per_remaining"],
            *((f"x OpenSpiel {SEARCH_REFERENCE}",) if search_reference else ()),
        ),
        tuple(
            row
            for row, s in zip(_rows(run, search_cells), run.subjects, strict=True)
            if s in searched
        ),
        f"Searches of {SEARCH_ITERATIONS} iterations (cut short at the budget) from mid-game "
        "observations; µs/iter/remaining divides the µs per iteration by the decisions left "
        "in the game searched.",
    )
    return [decisions, operations, memory, search]


def _aligned(table: Table) -> list[str]:
    widths = [
        max(len(cell) for cell in column) for column in zip(table.headers, *table.rows, strict=True)
    ]

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.ljust(width) if index < 2 else cell.rjust(width)
            for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    return [table.title, line(table.headers), *(line(row) for row in table.rows)]


def _markdown(table: Table) -> list[str]:
    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(cells) + " |"

    align = ["---" if index < 2 else "---:" for index in range(len(table.headers))]
    lines = [line(table.headers), "|" + "|".join(align) + "|"]
    lines += [line(row) for row in table.rows]
    return lines


def _settings(run: BenchRun, rounds: int) -> str:
    return (
        f"{rounds} rounds, {run.budget:g} CPU s per measurement, CPU clock "
        f"(time.thread_time, {run.overhead * 1e9:.0f} ns per reading taken off), "
        f"{run.seconds:.0f} s in all"
    )


def text(run: BenchRun) -> str:
    """Render a run for the terminal: settings, the four tables and the targets."""
    lines = [_settings(run, len(run.rounds)), ""]
    for table in tables(run):
        lines += _aligned(table)
        lines.append("")
    lines.append("Targets")
    for result in evaluate(run):
        lines.append(f"  [{result.status}] {result.target.text}: {result.measured}")
    return "\n".join(lines) + "\n"


def machine() -> dict[str, str]:
    """Describe the machine and interpreter: CPU, cores, system, Python and the load now."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as file:
            for line in file:
                if line.startswith("model name"):
                    cpu = line.partition(":")[2].strip()
                    break
    except OSError:
        pass
    facts = {
        "CPU": f"{cpu} ({platform.machine()}), {os.cpu_count()} logical cores",
        "system": f"{platform.system()} {platform.release()}",
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
    }
    if hasattr(os, "getloadavg"):
        loads = ", ".join(f"{load:.1f}" for load in os.getloadavg())
        facts["load"] = f"{loads} (load average over 1, 5 and 15 minutes, at the end)"
    return facts


_METHOD: Final = """\
## How it is measured

The command runs our games at every player count and six OpenSpiel games
(`python_kuhn_poker`, `python_liars_poker`, `python_block_dominoes` and
`python_team_dominoes`, written in Python, and the C++ games `hearts` and `gin_rummy`) in
one process. Each *round* measures every subject once, one kind of measurement at a time for
all subjects, so that what is compared runs close together in time; the rounds are
repeated. Every figure below is the median over the rounds, and every ratio is the median
of the ratios measured within each round, which cancels most of the noise of a shared
machine.

- **Clock.** CPU time of the measuring thread (`time.thread_time`), so other programs
  slow a measurement far less than on a wall clock. Reading that clock costs about a
  microsecond; the cost of one reading, measured at the start, is taken off every timed
  interval. A measurement runs until its timed CPU seconds reach the budget (at least one
  unit of work); every round starts again from seed 0, so every round times the same work.
- **µs/decision.** Whole random games from seeds 0, 1, 2, ...: `legal_actions`, a choice by
  `random.Random(seed)` and `apply`, with the check of whose turn it is. The setup deal is
  not timed. For OpenSpiel only player nodes are timed (`legal_actions()`, the same random
  choice, `apply_action`); chance outcomes (deals, draws) are drawn off the clock.
  **decisions/game** counts player decisions. **last/first fifth** is µs per decision in the
  last 20 % of each game's decisions over the first 20 %.
- **Operations.** Over the states of the random games of seeds 0 to {last_seed}: `apply`
  alone (OpenSpiel: `apply_action` while replaying the game), `observe` of the seat to move
  (OpenSpiel: `information_state_string`, or `observation_string` for `gin_rummy`),
  `sample_state` from the observation of every seat of each game's mid-game state
  (OpenSpiel: `resample_from_infostate`), and `loads(dumps(state))` of the mid-game state
  (OpenSpiel: `serialize` and `deserialize_state`). The mid-game state is the first
  decision from the middle of the game on with at least two legal actions.
- **Memory.** `tracemalloc` counts the bytes still allocated after replaying the random
  game of seed 0 while keeping every state in a list, and the bytes of one full state built alone
  (`loads(dumps(final_state))`; OpenSpiel: `clone()` of the final state, the Python games
  only). **kept state %** is the first divided by the number of states, as a % of the
  second: what each kept state costs next to a full copy. **history copies %** is the
  share of the bytes reachable from the kept states that copies of the history take: a walk
  over `gc.get_referents` from the states, each object counted once by `id` with
  `sys.getsizeof` and only if the replay allocated it, finds the bytes reachable only
  through the states' `history` attributes; less those of the last state's history (one
  full history is needed), they are the copies, whatever type the history has.
- **ISMCTS.** Our `ISMCTSBot` searches, {iterations} iterations each (cut short when the
  budget runs out), from the mid-game observation of the seat to move; OpenSpiel's Python
  `ISMCTSBot` with a one-rollout `RandomRolloutEvaluator` does the same on `hearts`.
  **µs/iter/remaining** divides the CPU µs per iteration by the decisions left in the game
  from the searched state, so that games of different lengths can be compared.
"""


def page(run: BenchRun, *, command: str, openspiel: str | None) -> str:
    """Render the Performance page of the docs (MyST markdown) for a run.

    Args:
        run: The finished run.
        command: The command that made it, shown on the page.
        openspiel: The installed ``open-spiel`` version (``None``: not compared).
    """
    started = datetime.datetime.fromtimestamp(run.started, tz=datetime.UTC)
    facts: Mapping[str, str] = {
        "date": started.strftime("%Y-%m-%d %H:%M UTC"),
        **machine(),
        "boardgames": __version__,
        "OpenSpiel": openspiel or "not compared",
        "settings": _settings(run, len(run.rounds)),
    }
    lines = [
        "# Performance",
        "",
        "How fast our engines are, how much memory they keep, and how they compare with",
        "[OpenSpiel](https://github.com/google-deepmind/open_spiel)'s games on the same machine,",
        "in the same process. This page is written by the benchmark itself; to measure again",
        "and rewrite it (with the extra `boardgames[bench]`, which installs `open-spiel`):",
        "",
        "```console",
        f"$ uv run --extra bench {command}",
        "```",
        "",
        "Without `--compare-openspiel`, `boardgames bench` prints the same tables for our games",
        f"only. The defaults ({DEFAULT_ROUNDS} rounds of {DEFAULT_SECONDS:g} CPU seconds per "
        "measurement) take a few minutes;",
        "`--seconds` and `--rounds` change them. Other programs running at the same time slow",
        "every figure down (the load below says how busy the machine was), and the ratios",
        "much less: compare ratios between runs, not µs.",
        "",
        _METHOD.format(last_seed=CORPUS_GAMES - 1, iterations=SEARCH_ITERATIONS).rstrip(),
        "",
        "## The last run",
        "",
        *(f"- {name}: {value}" for name, value in facts.items()),
        "",
    ]
    for table in tables(run):
        lines += [f"### {table.title}", "", *_markdown(table), ""]
        if table.note:
            lines += [table.note, ""]
    lines += ["## Targets", "", "| target | measured | status |", "|---|---|---|"]
    for result in evaluate(run):
        lines.append(f"| {result.target.text} | {result.measured} | {result.status} |")
    return "\n".join(lines) + "\n"

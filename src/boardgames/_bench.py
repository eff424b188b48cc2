"""The measurements behind ``boardgames bench``: subjects, figures, rounds and medians.

A *subject* is one game at one player count: one of ours (:class:`GameSubject`, through
the :class:`~boardgames.Game` protocol, :func:`boardgames.dumps`, :func:`boardgames.loads`
and :class:`boardgames.ISMCTSBot` only) or one of OpenSpiel's
(:mod:`boardgames._bench_openspiel`). :func:`run` measures every subject once per
*round*, each measurement kind for all subjects in turn, so that what is compared runs
close together in time; it repeats the rounds and keeps every figure of every round.
:class:`BenchRun` reports the median of each figure and the median of per-round ratios
between two subjects.

Everything is timed on the CPU clock of the calling thread (:func:`time.thread_time`),
so other programs on the machine slow a measurement less than they would on a wall
clock. A clock reading costs about a microsecond; :func:`clock_overhead` measures that
cost and every timed interval has it subtracted. Each measurement runs until its timed
seconds reach the budget (at least one unit of work), and every round starts again from
seed 0, so that every round measures the same work.
"""

from __future__ import annotations

import gc
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol, TextIO

import attrs

from boardgames._bench_memory import allocated, history_copies
from boardgames.bots.ismcts import ISMCTSBot
from boardgames.core.encoding import encoding_of
from boardgames.core.protocol import Game
from boardgames.serialization import dumps, loads

__all__ = [
    "CLOCK",
    "CORPUS_GAMES",
    "DEFAULT_ROUNDS",
    "DEFAULT_SECONDS",
    "FIGURES",
    "KINDS",
    "SEARCH_ITERATIONS",
    "BenchRun",
    "Figure",
    "GameSubject",
    "Interval",
    "Subject",
    "SubjectId",
    "clock_overhead",
    "middle_decision",
    "repeat_until",
    "run",
]

CLOCK: Final = time.thread_time
"""The clock of every measurement: CPU seconds of the calling thread."""

CORPUS_GAMES: Final = 4
"""Random games (seeds 0, 1, ...) whose states each subject keeps for the timed operations."""

SEARCH_ITERATIONS: Final = 32
"""The iteration budget of each timed ISMCTS search (cut short when the budget runs out)."""

DEFAULT_SECONDS: Final = 0.2
"""The default CPU seconds of each measurement in each round (``boardgames bench --seconds``)."""

DEFAULT_ROUNDS: Final = 7
"""The default number of rounds (``boardgames bench --rounds``)."""

KINDS: Final = ("decisions", "apply", "observe", "encode", "sample", "round_trip", "search")
"""The measurement kinds of one round, in the order they run."""


@attrs.frozen
class Figure:
    """One reported figure.

    Args:
        key: The name the measurements use.
        title: The column title.
        description: What it measures.
    """

    key: str
    title: str
    description: str


FIGURES: Final = (
    Figure(
        "decision_us",
        "µs/decision",
        "CPU µs per decision in whole random games: `legal_actions` + a choice by "
        "`random.Random(seed)` + `apply`, seeds 0, 1, 2, ...",
    ),
    Figure("decisions", "decisions/game", "player decisions per random game"),
    Figure(
        "late_ratio",
        "last/first fifth",
        "µs per decision in the last fifth of each game's decisions over the first fifth",
    ),
    Figure("apply_us", "apply µs", "CPU µs per `apply` alone, over every decision of the games"),
    Figure(
        "observe_us",
        "observe µs",
        "CPU µs per `observe` of the seat to move, over every decision of the games",
    ),
    Figure(
        "encode_us",
        "encode µs",
        "CPU µs per observation vector, for every seat of mid-game states (ours: "
        "`encoding.encode_observation` into a reused buffer, a numpy array where numpy is "
        "installed; OpenSpiel: `observation_tensor`)",
    ),
    Figure(
        "sample_us",
        "sample_state µs",
        "CPU µs per `sample_state`, from the observation of every seat of mid-game states",
    ),
    Figure(
        "round_trip_us", "dumps+loads µs", "CPU µs per `loads(dumps(state))` of a mid-game state"
    ),
    Figure(
        "search_per_s",
        "ISMCTS iter/s",
        "ISMCTS iterations per CPU second, searching from mid-game observations",
    ),
    Figure(
        "search_us_per_remaining",
        "µs/iter/remaining",
        "CPU µs per ISMCTS iteration, divided by the decisions left in the game searched",
    ),
    Figure(
        "kept_state_pct",
        "kept state %",
        "memory of each state kept while replaying a whole game, as a % of one full state",
    ),
    Figure(
        "history_pct",
        "history copies %",
        "share of the memory of all the kept states spent on copies of their histories",
    ),
    Figure("states_kept", "states kept", "states kept in the memory measurement"),
)
"""Every figure a run reports, in table order."""


@attrs.frozen(order=True)
class SubjectId:
    """Which subject: where it comes from, its name and its seat count.

    Args:
        origin: ``"boardgames"`` or ``"OpenSpiel"``.
        name: The game name (registered name, or OpenSpiel's ``load_game`` name).
        players: The seat count.
    """

    origin: str
    name: str
    players: int

    def __str__(self) -> str:
        return f"{self.name} ({self.players} players)"


class Subject(Protocol):
    """A game at a seat count that :func:`run` can measure."""

    @property
    def id(self) -> SubjectId:
        """Which subject this is."""
        ...

    def prepare(self) -> None:
        """Play the random games the timed operations use (not timed)."""
        ...

    def measure(self, kind: str, budget: float, overhead: float) -> dict[str, float]:
        """Measure one kind of :data:`KINDS` for ``budget`` CPU seconds.

        Returns:
            The figures measured, by :attr:`Figure.key`; none if the subject lacks the
            operation.
        """
        ...

    def memory(self) -> dict[str, float]:
        """Return the memory figures (``kept_state_pct``, ``history_pct``, ``states_kept``)."""
        ...


def clock_overhead(samples: int = 2001) -> float:
    """Return the median CPU seconds between two back-to-back :data:`CLOCK` readings."""
    clock = CLOCK
    gaps = []
    for _ in range(samples):
        start = clock()
        gaps.append(clock() - start)
    return statistics.median(gaps)


@attrs.define
class Interval:
    """A sum of timed intervals, each with the clock's overhead taken off.

    Args:
        overhead: The cost of one clock reading, from :func:`clock_overhead`.
    """

    overhead: float
    seconds: float = 0.0
    count: int = 0

    def add(self, start: float, end: float, count: int) -> None:
        """Add the interval from ``start`` to ``end`` (clock readings) covering ``count`` units."""
        self.seconds += max(end - start - self.overhead, 0.0)
        self.count += count

    def micros(self) -> float:
        """Return the µs per unit (NaN if no unit was timed)."""
        return self.seconds * 1e6 / self.count if self.count else math.nan

    def search_figures(self, weighted: int) -> dict[str, float]:
        """Return the search figures of timed searches (units: iterations).

        Args:
            weighted: The sum over searches of iterations times the decisions left.
        """
        return {
            "search_per_s": self.count / self.seconds,
            "search_us_per_remaining": self.seconds * 1e6 / weighted,
        }


def _buffer(size: int) -> Any:
    """A reusable buffer for observation vectors: a numpy array if numpy is installed."""
    try:
        import numpy
    except ImportError:
        return [0.0] * size
    return numpy.zeros(size, dtype=numpy.float32)


def repeat_until(budget: float, chunk: Callable[[int], tuple[int, float]]) -> tuple[int, float]:
    """Call ``chunk(0)``, ``chunk(1)``, ... until their timed seconds reach ``budget``.

    Each call returns the units it timed and their seconds. Untimed work inside the
    calls (preparing the next chunk) does not count against the budget, but the calls
    stop once they have taken ten budgets of CPU time in all, so a chunk that times
    almost nothing cannot run for ever.

    Returns:
        The units and the timed seconds over all the calls (at least one call).
    """
    count = 0
    seconds = 0.0
    start = CLOCK()
    index = 0
    while True:
        done, spent = chunk(index)
        count += done
        seconds += spent
        index += 1
        if seconds >= budget or CLOCK() - start >= 10 * budget:
            return count, seconds


@attrs.frozen
class _Playout:
    """One random game: every state (the setup first, the end last) and the actions taken."""

    states: list[Any]
    actions: list[Any]
    middle: int


def middle_decision(choices: Sequence[int]) -> int:
    """Return the mid-game decision of a game, given the number of choices at each decision.

    It is the first decision from the middle of the game on with two or more choices (a
    search from a single choice would be no search), or the middle one if there is none.
    """
    middle = len(choices) // 2
    for index in range(middle, len(choices)):
        if choices[index] > 1:
            return index
    return middle


class GameSubject:
    """One of our games at one seat count, measured through the protocol only.

    Args:
        game: The configured game.
    """

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        self._id = SubjectId("boardgames", game.info.name, game.players)
        self._corpus: list[_Playout] = []
        self._lengths: dict[int, int] = {}
        self._decisions: list[tuple[Any, Any, int]] = []
        self._observations: list[Any] = []
        self._middles: list[Any] = []
        self._moves: list[list[tuple[Any, Any]]] = []
        self._seats: list[list[tuple[Any, int]]] = []

    @property
    def id(self) -> SubjectId:
        """Which subject this is."""
        return self._id

    def _playout(self, seed: int) -> _Playout:
        game = self.game
        state = game.new_game(seed)
        choices = random.Random(seed)
        states = [state]
        actions = []
        counts = []
        while game.current_player(state) is not None:
            legal = game.legal_actions(state)
            action = legal[choices.randrange(len(legal))]
            state = game.apply(state, action)
            states.append(state)
            actions.append(action)
            counts.append(len(legal))
        return _Playout(states, actions, middle_decision(counts))

    def prepare(self) -> None:
        """Play the random games of seeds ``0`` to ``CORPUS_GAMES - 1`` (not timed)."""
        if self._corpus:
            return
        game = self.game
        self._corpus = [self._playout(seed) for seed in range(CORPUS_GAMES)]
        for seed, playout in enumerate(self._corpus):
            self._lengths[seed] = len(playout.actions)
        for playout in self._corpus:
            if playout.actions:
                state = playout.states[playout.middle]
                seat = game.current_player(state)
                assert seat is not None  # a state before the end has a seat to move
                remaining = len(playout.actions) - playout.middle
                self._decisions.append(
                    (game.observe(state, seat), game.legal_actions(state), remaining)
                )
                self._observations.extend(game.observe(state, seat) for seat in range(game.players))
        self._middles = [playout.states[playout.middle] for playout in self._corpus]
        self._moves = [
            list(zip(playout.states, playout.actions, strict=False)) for playout in self._corpus
        ]
        self._seats = [
            [
                (state, seat)
                for state in playout.states
                if (seat := game.current_player(state)) is not None
            ]
            for playout in self._corpus
        ]
        # First calls build caches (the converter's generated code): make them untimed.
        for state in self._middles:
            loads(dumps(state))
        for number, observation in enumerate(self._observations):
            game.sample_state(observation, number)

    def _length(self, seed: int) -> int:
        """Return the decisions of the random game of ``seed`` (played once, untimed)."""
        if seed not in self._lengths:
            self._lengths[seed] = len(self._playout(seed).actions)
        return self._lengths[seed]

    def measure(self, kind: str, budget: float, overhead: float) -> dict[str, float]:
        """Measure one kind of :data:`KINDS` for ``budget`` CPU seconds."""
        self.prepare()
        if kind == "decisions":
            return self._measure_decisions(budget, overhead)
        if kind == "search":
            return self._measure_search(budget, overhead)
        if kind == "encode" and encoding_of(self.game) is None:
            return {}  # a game without an observation vector
        chunks: dict[str, Callable[[int], tuple[int, float]]] = {
            "apply": self._apply_chunk,
            "observe": self._observe_chunk,
            "encode": self._encode_chunk,
            "sample": self._sample_chunk,
            "round_trip": self._round_trip_chunk,
        }
        measured = chunks[kind]

        def chunk(index: int) -> tuple[int, float]:
            count, seconds = measured(index)
            return count, max(seconds - overhead, 0.0)

        count, seconds = repeat_until(budget, chunk)
        return {f"{kind}_us": seconds * 1e6 / count} if count else {}

    def _measure_decisions(self, budget: float, overhead: float) -> dict[str, float]:
        game = self.game
        clock = CLOCK
        whole = Interval(overhead)
        first = Interval(overhead)
        last = Interval(overhead)
        games = 0
        while True:
            seed = games
            length = self._length(seed)
            fifth = length // 5
            state = game.new_game(seed)
            choices = random.Random(seed)
            # Three segments: the first fifth, the middle, the last fifth (to the end).
            for segment, size in ((first, fifth), (None, length - 2 * fifth), (last, length)):
                start = clock()
                done = 0
                while done < size and game.current_player(state) is not None:
                    legal = game.legal_actions(state)
                    state = game.apply(state, legal[choices.randrange(len(legal))])
                    done += 1
                end = clock()
                whole.add(start, end, done)
                if segment is not None and fifth:
                    segment.add(start, end, done)
            games += 1
            if whole.seconds >= budget:
                break
        figures = {"decision_us": whole.micros(), "decisions": whole.count / games}
        if first.count and first.seconds > 0:
            figures["late_ratio"] = last.micros() / first.micros()
        return figures

    def _apply_chunk(self, index: int) -> tuple[int, float]:
        pairs = self._moves[index % len(self._moves)]
        apply = self.game.apply
        start = CLOCK()
        for state, action in pairs:
            apply(state, action)
        return len(pairs), CLOCK() - start

    def _observe_chunk(self, index: int) -> tuple[int, float]:
        pairs = self._seats[index % len(self._seats)]
        observe = self.game.observe
        start = CLOCK()
        for state, seat in pairs:
            observe(state, seat)
        return len(pairs), CLOCK() - start

    def _encode_chunk(self, index: int) -> tuple[int, float]:
        encoding = encoding_of(self.game)
        assert encoding is not None  # checked by measure
        observations = self._observations
        buffer = _buffer(encoding.observation_size)
        encode = encoding.encode_observation
        start = CLOCK()
        for observation in observations:
            encode(observation, buffer)
        return len(observations), CLOCK() - start

    def _sample_chunk(self, index: int) -> tuple[int, float]:
        observations = self._observations
        sample = self.game.sample_state
        seed = index * len(observations)
        start = CLOCK()
        for observation in observations:
            sample(observation, seed)
            seed += 1
        return len(observations), CLOCK() - start

    def _round_trip_chunk(self, index: int) -> tuple[int, float]:
        states = self._middles
        start = CLOCK()
        for state in states:
            loads(dumps(state))
        return len(states), CLOCK() - start

    def _measure_search(self, budget: float, overhead: float) -> dict[str, float]:
        if not self._decisions:
            return {}
        timed = Interval(overhead)
        weighted = 0
        index = 0
        while True:
            observation, legal, remaining = self._decisions[index % len(self._decisions)]
            # The wall-clock cut keeps a slow game's search within about the budget.
            bot = ISMCTSBot(
                self.game,
                iterations=SEARCH_ITERATIONS,
                seconds=max(budget - timed.seconds, 1e-3),
            )
            start = CLOCK()
            iterations = bot.search(observation, legal, random.Random(index)).iterations
            timed.add(start, CLOCK(), iterations)
            weighted += iterations * remaining
            index += 1
            if timed.seconds >= budget:
                break
        return timed.search_figures(weighted)

    def memory(self) -> dict[str, float]:
        """Return the memory figures of keeping every state of the random game of seed 0."""
        self.prepare()
        game = self.game
        playout = self._corpus[0]

        def replay() -> list[Any]:
            state = game.new_game(0)
            states = [state]
            for action in playout.actions:
                state = game.apply(state, action)
                states.append(state)
            return states

        text = dumps(playout.states[-1])
        loads(text)  # warm the converter's caches and the game's first,
        replay()  # so that neither counts as memory kept
        gc.collect()
        states, all_bytes, copies = allocated(
            replay, lambda states: history_copies(states, new_only=True)
        )
        full, one_bytes, _ = allocated(lambda: loads(text))
        del full
        figures: dict[str, float] = {"states_kept": len(states)}
        if one_bytes:
            figures["kept_state_pct"] = 100 * all_bytes / len(states) / one_bytes
        if copies is not None:
            figures["history_pct"] = 100 * copies
        return figures


@attrs.frozen
class BenchRun:
    """Every figure of every round of one run, and how the run was made.

    Args:
        subjects: The subjects, in the order they were measured.
        rounds: For each round, each subject's figures by :attr:`Figure.key`.
        memory: Each subject's memory figures (measured once: they do not vary).
        budget: The CPU seconds of each measurement.
        overhead: The clock-reading cost taken off every interval, in seconds.
        started: When the run started (``time.time()``).
        seconds: The wall seconds the run took.
    """

    subjects: tuple[SubjectId, ...]
    rounds: tuple[Mapping[SubjectId, Mapping[str, float]], ...]
    memory: Mapping[SubjectId, Mapping[str, float]]
    budget: float
    overhead: float
    started: float
    seconds: float

    def values(self, subject: SubjectId, key: str) -> list[float]:
        """Return the finite values of one figure of one subject, one per round."""
        if key in self.memory.get(subject, {}):
            return [self.memory[subject][key]]
        found = [
            figures.get(key, math.nan) for figures in (r.get(subject, {}) for r in self.rounds)
        ]
        return [value for value in found if math.isfinite(value)]

    def median(self, subject: SubjectId, key: str) -> float | None:
        """Return the median of one figure over the rounds, or ``None`` if never measured."""
        found = self.values(subject, key)
        return statistics.median(found) if found else None

    def ratio(self, subject: SubjectId, reference: SubjectId, key: str) -> float | None:
        """Return the median over the rounds of ``subject``'s figure over ``reference``'s.

        Memory figures, measured once, give their single ratio.
        """
        if key in self.memory.get(subject, {}):
            mine, theirs = self.median(subject, key), self.median(reference, key)
            return mine / theirs if mine is not None and theirs else None
        ratios = []
        for figures in self.rounds:
            mine = figures.get(subject, {}).get(key, math.nan)
            theirs = figures.get(reference, {}).get(key, math.nan)
            if math.isfinite(mine) and math.isfinite(theirs) and theirs > 0:
                ratios.append(mine / theirs)
        return statistics.median(ratios) if ratios else None

    def find(self, origin: str, name: str) -> SubjectId | None:
        """Return the first subject with this origin and name, if the run has one."""
        for subject in self.subjects:
            if subject.origin == origin and subject.name == name:
                return subject
        return None


def run(
    subjects: Sequence[Subject],
    *,
    budget: float,
    rounds: int,
    progress: TextIO | None = None,
) -> BenchRun:
    """Measure every subject, every kind in turn, ``rounds`` times; then their memory.

    Args:
        subjects: What to measure.
        budget: The CPU seconds of each measurement of each round.
        rounds: How many rounds.
        progress: Where to report each round's start (``None``: nowhere).

    Returns:
        Every figure of every round.
    """
    started = time.time()
    wall = time.perf_counter()
    for subject in subjects:
        subject.prepare()
    overhead = clock_overhead()
    results: list[dict[SubjectId, dict[str, float]]] = []
    for number in range(rounds):
        if progress is not None:
            print(f"round {number + 1} of {rounds}", file=progress, flush=True)
        gc.collect()
        figures: dict[SubjectId, dict[str, float]] = {subject.id: {} for subject in subjects}
        for kind in KINDS:
            for subject in subjects:
                figures[subject.id].update(subject.measure(kind, budget, overhead))
        results.append(figures)
    if progress is not None:
        print("memory", file=progress, flush=True)
    memory = {subject.id: subject.memory() for subject in subjects}
    return BenchRun(
        subjects=tuple(subject.id for subject in subjects),
        rounds=tuple(results),
        memory=memory,
        budget=budget,
        overhead=overhead,
        started=started,
        seconds=time.perf_counter() - wall,
    )

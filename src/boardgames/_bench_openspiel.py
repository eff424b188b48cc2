"""OpenSpiel's games as subjects of ``boardgames bench --compare-openspiel``.

Imported only for that flag: it needs the ``open-spiel`` package (the extra
``boardgames[bench]``), which brings numpy. Each game is measured like ours
(:class:`boardgames._bench.GameSubject`), as far as OpenSpiel offers the operation:

- a *decision* is ``legal_actions()`` + a choice by ``random.Random(seed)`` +
  ``apply_action``, at player nodes only. Chance outcomes (the deal, a draw) are drawn
  with the same generator off the clock, as our games' setup deal is;
- ``apply`` is ``apply_action`` on a clone made off the clock; ``observe`` is
  ``information_state_string`` of the seat to move (``observation_string`` where the
  game has no information state string); ``sample_state`` is
  ``resample_from_infostate`` (C++ ``hearts`` and ``gin_rummy`` only); ``dumps`` +
  ``loads`` is ``serialize`` + ``game.deserialize_state``;
- memory is measured for the Python games only (states kept as ``clone()``): a C++
  state's memory is not allocated through Python, so :mod:`tracemalloc` cannot see it;
- ISMCTS is OpenSpiel's Python ``ISMCTSBot`` with a one-rollout
  ``RandomRolloutEvaluator``, on ``hearts`` only.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable
from importlib import metadata
from types import ModuleType
from typing import Any, Final

import attrs

from boardgames._bench import (
    CLOCK,
    CORPUS_GAMES,
    SEARCH_ITERATIONS,
    Interval,
    SubjectId,
    middle_decision,
    repeat_until,
)
from boardgames._bench_memory import allocated
from boardgames.tournaments._extras import require

__all__ = ["GAMES", "REFERENCES", "OpenSpielSubject", "subjects", "version"]


@attrs.frozen
class _Spec:
    """What to measure of one OpenSpiel game."""

    name: str
    python: bool
    resample: bool = False
    search: bool = False


GAMES: Final = (
    _Spec("python_kuhn_poker", python=True),
    _Spec("python_liars_poker", python=True),
    _Spec("python_block_dominoes", python=True),
    _Spec("python_team_dominoes", python=True),
    _Spec("hearts", python=False, resample=True, search=True),
    _Spec("gin_rummy", python=False, resample=True),
)
"""The OpenSpiel games measured, with the operations each one offers."""

REFERENCES: Final = ("python_team_dominoes", "python_kuhn_poker")
"""The OpenSpiel games our per-decision figures are compared with."""

_PURPOSE: Final = "boardgames bench --compare-openspiel"
_CHANCE_SEED: Final = 1 << 32  # chance outcomes come from their own generator, seeded apart


def _modules() -> tuple[ModuleType, ModuleType, ModuleType, ModuleType]:
    """Import ``pyspiel``, numpy, OpenSpiel's Python games, ISMCTS and MCTS, or explain."""
    pyspiel = require("pyspiel", "bench", _PURPOSE)
    require("open_spiel.python.games", "bench", _PURPOSE)  # registers the python_* games
    numpy = require("numpy", "bench", _PURPOSE)
    ismcts = require("open_spiel.python.algorithms.ismcts", "bench", _PURPOSE)
    mcts = require("open_spiel.python.algorithms.mcts", "bench", _PURPOSE)
    return pyspiel, numpy, ismcts, mcts


def version() -> str:
    """Return the installed version of the ``open-spiel`` package."""
    return metadata.version("open-spiel")


def subjects() -> list[OpenSpielSubject]:
    """Return every game of :data:`GAMES` as a subject.

    Raises:
        ConfigurationError: ``open-spiel`` is not installed (the message names the extra).
    """
    modules = _modules()
    return [OpenSpielSubject(spec, *modules) for spec in GAMES]


@attrs.frozen
class _Playout:
    """One random game: the actions (chance ones too) and its player nodes."""

    actions: list[int]
    runs: list[tuple[bool, list[int]]]  # (chance?, actions) in order, alternating
    decisions: int
    moves: list[tuple[Any, int]]  # (state at a player node, the action taken there)
    middle: int  # index into moves
    final: Any


class OpenSpielSubject:
    """One OpenSpiel game, measured as :class:`boardgames._bench.GameSubject` measures ours.

    Args:
        spec: The game and what it offers.
        pyspiel: The ``pyspiel`` module.
        numpy: The numpy module (for OpenSpiel's ISMCTS random state).
        ismcts: ``open_spiel.python.algorithms.ismcts``.
        mcts: ``open_spiel.python.algorithms.mcts``.
    """

    def __init__(
        self,
        spec: _Spec,
        pyspiel: ModuleType,
        numpy: ModuleType,
        ismcts: ModuleType,
        mcts: ModuleType,
    ) -> None:
        self.spec = spec
        self.game = pyspiel.load_game(spec.name)
        self._pyspiel = pyspiel
        self._numpy = numpy
        self._ismcts = ismcts
        self._mcts = mcts
        self._id = SubjectId("OpenSpiel", spec.name, self.game.num_players())
        kind = self.game.get_type()
        self._information_state = bool(kind.provides_information_state_string)
        self._tensor = bool(kind.provides_observation_tensor)
        self._corpus: list[_Playout] = []
        self._games: dict[int, tuple[int, list[int]]] = {}
        self._runs: list[list[tuple[bool, list[int]]]] = []
        self._overhead = 0.0

    @property
    def id(self) -> SubjectId:
        """Which subject this is."""
        return self._id

    def _playout(self, seed: int, *, keep: bool = True) -> _Playout:
        """Play the random game of ``seed``; keep its player nodes' states only if ``keep``."""
        choices = random.Random(seed)
        chance = random.Random(_CHANCE_SEED + seed)
        state = self.game.new_initial_state()
        actions: list[int] = []
        moves: list[tuple[Any, int]] = []
        counts: list[int] = []
        runs: list[tuple[bool, list[int]]] = []
        while not state.is_terminal():
            at_chance = state.is_chance_node()
            if at_chance:
                action = self._chance(state, chance)
            else:
                legal = state.legal_actions()
                action = legal[choices.randrange(len(legal))]
                counts.append(len(legal))
                if keep:
                    moves.append((state.clone(), action))
            state.apply_action(action)
            actions.append(action)
            if not runs or runs[-1][0] != at_chance:
                runs.append((at_chance, []))
            runs[-1][1].append(action)
        return _Playout(actions, runs, len(counts), moves, middle_decision(counts), state)

    @staticmethod
    def _chance(state: Any, rng: random.Random) -> int:
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        action: int = rng.choices(outcomes, weights)[0]
        return action

    def prepare(self) -> None:
        """Play the random games of seeds ``0`` to ``CORPUS_GAMES - 1`` (not timed)."""
        if self._corpus:
            return
        self._corpus = [self._playout(seed) for seed in range(CORPUS_GAMES)]
        for seed, playout in enumerate(self._corpus):
            self._games[seed] = self._record(playout)
        self._runs = [playout.runs for playout in self._corpus]

    @staticmethod
    def _record(playout: _Playout) -> tuple[int, list[int]]:
        """Return the number of player decisions of a playout and all its actions."""
        return playout.decisions, playout.actions

    def _game(self, seed: int) -> tuple[int, list[int]]:
        if seed not in self._games:
            self._games[seed] = self._record(self._playout(seed, keep=False))
        return self._games[seed]

    def _observe(self, state: Any, player: int) -> str:
        if self._information_state:
            text: str = state.information_state_string(player)
        else:
            text = state.observation_string(player)
        return text

    def measure(self, kind: str, budget: float, overhead: float) -> dict[str, float]:
        """Measure one kind of :data:`boardgames._bench.KINDS` for ``budget`` CPU seconds."""
        self.prepare()
        if kind == "decisions":
            return self._measure_decisions(budget, overhead)
        if kind == "search":
            return self._measure_search(budget, overhead) if self.spec.search else {}
        chunks: dict[str, Callable[[int], tuple[int, float]] | None] = {
            "apply": self._apply_chunk,
            "observe": self._observe_chunk,
            "encode": self._encode_chunk if self._tensor else None,
            "sample": self._sample_chunk if self.spec.resample else None,
            "round_trip": self._round_trip_chunk,
        }
        chunk = chunks[kind]
        if chunk is None:
            return {}
        self._overhead = overhead
        count, seconds = repeat_until(budget, chunk)
        return {f"{kind}_us": seconds * 1e6 / count} if count else {}

    def _measure_decisions(self, budget: float, overhead: float) -> dict[str, float]:
        clock = CLOCK
        whole = Interval(overhead)
        first = Interval(overhead)
        last = Interval(overhead)
        games = 0
        while True:
            seed = games
            length, actions = self._game(seed)
            fifth = length // 5
            choices = random.Random(seed)
            state = self.game.new_initial_state()
            position = done = 0
            # The recorded game again: the same generator makes the same player choices,
            # and its chance outcomes are replayed off the clock.
            while position < len(actions):
                if state.current_player() < 0:
                    state.apply_action(actions[position])
                    position += 1
                    continue
                # A run of decisions: to a chance node, the end or the edge of a fifth.
                stop = min(
                    (edge for edge in (fifth, length - fifth) if edge > done), default=length
                )
                segment = first if done < fifth else last if done >= length - fifth else None
                count = 0
                start = clock()
                while done < stop and state.current_player() >= 0:
                    legal = state.legal_actions()
                    state.apply_action(legal[choices.randrange(len(legal))])
                    done += 1
                    count += 1
                end = clock()
                position += count
                whole.add(start, end, count)
                if segment is not None and fifth:
                    segment.add(start, end, count)
            games += 1
            if whole.seconds >= budget:
                break
        figures = {"decision_us": whole.micros(), "decisions": whole.count / games}
        if first.count and first.seconds > 0:
            figures["late_ratio"] = last.micros() / first.micros()
        return figures

    def _apply_chunk(self, index: int) -> tuple[int, float]:
        clock = CLOCK
        timed = Interval(self._overhead)
        state = self.game.new_initial_state()
        for chance, run in self._runs[index % len(self._runs)]:
            if chance:
                for action in run:
                    state.apply_action(action)
                continue
            start = clock()
            for action in run:
                state.apply_action(action)
            timed.add(start, clock(), len(run))
        return timed.count, timed.seconds

    def _observe_chunk(self, index: int) -> tuple[int, float]:
        playout = self._corpus[index % len(self._corpus)]
        pairs = [(state, state.current_player()) for state, _ in playout.moves]
        observe = self._observe
        start = CLOCK()
        for state, player in pairs:
            observe(state, player)
        return len(pairs), max(CLOCK() - start - self._overhead, 0.0)

    def _encode_chunk(self, index: int) -> tuple[int, float]:
        players = range(self.game.num_players())
        middles = [playout.moves[playout.middle][0] for playout in self._corpus if playout.moves]
        start = CLOCK()
        for state in middles:
            for player in players:
                state.observation_tensor(player)
        count = len(middles) * len(players)
        return count, max(CLOCK() - start - self._overhead, 0.0)

    def _sample_chunk(self, index: int) -> tuple[int, float]:
        players = range(self.game.num_players())
        middles = [playout.moves[playout.middle][0] for playout in self._corpus if playout.moves]
        sampler = self._pyspiel.UniformProbabilitySampler(index, 0.0, 1.0)
        start = CLOCK()
        for state in middles:
            for player in players:
                state.resample_from_infostate(player, sampler)
        return len(middles) * len(players), max(CLOCK() - start - self._overhead, 0.0)

    def _round_trip_chunk(self, index: int) -> tuple[int, float]:
        middles = [playout.moves[playout.middle][0] for playout in self._corpus if playout.moves]
        game = self.game
        start = CLOCK()
        for state in middles:
            game.deserialize_state(state.serialize())
        return len(middles), max(CLOCK() - start - self._overhead, 0.0)

    def _measure_search(self, budget: float, overhead: float) -> dict[str, float]:
        searched = [playout for playout in self._corpus if playout.moves]
        timed = Interval(overhead)
        weighted = 0
        index = 0
        while True:
            playout = searched[index % len(searched)]
            state = playout.moves[playout.middle][0]
            remaining = len(playout.moves) - playout.middle
            random_state = self._numpy.random.RandomState(index)
            evaluator = self._mcts.RandomRolloutEvaluator(1, random_state)
            bot = self._ismcts.ISMCTSBot(
                self.game, evaluator, 2.0, SEARCH_ITERATIONS, random_state=random_state
            )
            start = CLOCK()
            bot.get_policy(state)
            timed.add(start, CLOCK(), SEARCH_ITERATIONS)
            weighted += SEARCH_ITERATIONS * remaining
            index += 1
            if timed.seconds >= budget:
                break
        return timed.search_figures(weighted)

    def memory(self) -> dict[str, float]:
        """Return the memory figures of the Python games (none for C++ games), seed 0."""
        self.prepare()
        if not self.spec.python:
            return {}
        game = self.game
        playout = self._corpus[0]

        def replay() -> list[Any]:
            state = game.new_initial_state()
            states = [state.clone()]
            for action in playout.actions:
                state.apply_action(action)
                states.append(state.clone())
            return states

        replay()
        gc.collect()
        states, all_bytes, _ = allocated(replay)
        clone, one_bytes, _ = allocated(playout.final.clone)
        del clone
        figures: dict[str, float] = {"states_kept": len(states)}
        if one_bytes:
            figures["kept_state_pct"] = 100 * all_bytes / len(states) / one_bytes
        return figures

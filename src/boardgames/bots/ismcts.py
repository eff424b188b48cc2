"""Information-set Monte Carlo tree search: a strong bot for every game, from observations only.

:class:`ISMCTSBot` is single-observer ISMCTS (SO-ISMCTS, Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012). Each iteration:

1. **Determinize.** Draw a full state from the bot's observation with
   ``game.sample_state(observation, seed)``: the hidden cards are guessed, the rest is what
   the bot knows. The bot never sees a real state.
2. **Select.** Walk down one tree shared by every determinization. A node is a sequence of
   decisions from the root, split by the seat to move; its edges are keyed by action.
   Only the actions legal in *this* determinization compete, by ISUCT: the mean utility of
   the seat to move plus ``exploration * sqrt(ln(available) / visits)``, where
   ``available`` counts the iterations in which the action was legal at that node.
3. **Expand** one action not yet tried at the first node that has one, chosen at random.
4. **Roll out** with uniformly random actions to the end of the game, or until
   ``max_depth`` decisions have been simulated in the iteration, or (with
   ``rollout_depth``) until the rollout has taken that many decisions.
5. **Back up** the utility of the final state: each edge adds the utility of the seat that
   took it, so that every node maximizes for the seat to move there (the multi-player
   "max-n" reading).

The utility of seat ``i`` in an ``n``-seat game is ``(n - place_i) / (n - 1)`` from
``game.ranking`` (1 for first, 0 for last; tied seats get the mean of the places they
share), so it rewards places, tie-breaks included, and not the score margin. At the
``max_depth`` cap the ranking of the unfinished game is used, as the rules count it then.

In a long game, random rollouts to the end are costly and say little: a budget of 30,000
simulated decisions is about 30 rollouts of a game of 1,000 decisions. ``rollout_depth``
cuts every rollout short and judges the unfinished game by the game's evaluation instead,
the optional :class:`~boardgames.bots.HasHeuristicValue` hook that the greedy bot reads: the
seats are placed by their values (equal values share a place) and those places give the
utilities, as a ranking would. A game without the hook is judged by its ranking, as at the
``max_depth`` cap.

The move played is the root action with the most visits (ties: the higher mean utility,
then the earlier legal action).

Opponents' decisions are edges like the bot's own. In a game where a move is partly hidden
(a card played face down, a sealed bid), the tree therefore branches on the hidden part as
it was drawn in each determinization; the statistics average over those draws. This is
the usual SO-ISMCTS simplification; the decision at the root only ever uses what the
bot's observation shows.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any, Final

import attrs

from boardgames.bots.greedy import HasHeuristicValue
from boardgames.core.errors import ConfigurationError
from boardgames.core.guards import require_game
from boardgames.core.play import Bot
from boardgames.core.protocol import Game, PlayerId
from boardgames.core.rng import Rng

__all__ = ["DEFAULT_DECISIONS", "ISMCTSBot", "SearchResult", "rank_utilities", "value_utilities"]

DEFAULT_DECISIONS: Final = 30_000
"""The budget of an :class:`ISMCTSBot` given no budget: simulated decisions per search.

A budget in simulated decisions (each ``apply`` of the search, in the tree or in a rollout)
fits games of every length: a game with long playouts runs fewer iterations, one with short
playouts more, and a search stays reproducible, unlike a time budget. One search then costs
what 30,000 decisions of the game cost: on a 2-core machine of 2026 about 0.4 to 0.5 s in
Magellan: Elcano, 0.7 to 1.2 s in Morrigan, 0.9 to 1.6 s in Irány a Kincses Sziget! and
about 2 s in Morgan's Magic Map (mid-game searches; the Performance page of the docs has
each game's cost per decision).

.. versionadded:: 0.1.0
"""

_DEFAULT_EXPLORATION: Final = 0.7
_DEFAULT_MAX_DEPTH: Final = 1000


def rank_utilities(ranking: Sequence[int]) -> tuple[float, ...]:
    """Turn places into utilities in ``[0, 1]``: 1 for first alone, 0 for last alone.

    Seat ``i`` gets ``(n - p_i) / (n - 1)``, where ``p_i`` is the mean of the places its tie
    group spans: two seats tied for first in a two-seat game get ``0.5`` each.

    Args:
        ranking: Competition places, as :meth:`boardgames.Game.ranking` returns them.

    Returns:
        One utility per seat.

    >>> rank_utilities((2, 1, 2, 4))
    (0.5, 1.0, 0.5, 0.0)
    """
    count = len(ranking)
    if count < 2:
        return (1.0,) * count
    tied = {place: ranking.count(place) for place in set(ranking)}
    return tuple((count - place - (tied[place] - 1) / 2) / (count - 1) for place in ranking)


def value_utilities(values: Sequence[float]) -> tuple[float, ...]:
    """Turn a value per seat into utilities in ``[0, 1]`` by the places the values give.

    Seat ``i`` is placed ``1 +`` the number of seats with a higher value (equal values
    share a place, as in a ranking), and those places go through :func:`rank_utilities`:
    only the order of the values counts, not their scale.

    Args:
        values: One value per seat, higher is better (a ``heuristic_value``).

    Returns:
        One utility per seat.

    >>> value_utilities((3.5, 10.0, 3.5, -1.0))
    (0.5, 1.0, 0.5, 0.0)

    .. versionadded:: 0.2.0
    """
    return rank_utilities(tuple(1 + sum(other > value for other in values) for value in values))


@attrs.frozen
class SearchResult:
    """What one search found: the chosen action and the root statistics.

    Args:
        action: The action chosen (the most visited root action).
        iterations: The iterations run.
        root: For each root action tried, in the order of the legal actions:
            ``(action, visits, mean utility)``.
        decisions: The decisions simulated over all iterations (each ``apply``, in the tree
            and in the rollouts).

            .. versionadded:: 0.1.0
    """

    action: Any
    iterations: int
    root: tuple[tuple[Any, int, float], ...]
    decisions: int = 0


class _Edge:
    """The statistics of one action at one node, and the nodes it leads to, by seat to move."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[PlayerId, dict[Hashable, _Edge]] = {}


class ISMCTSBot(Bot[Any, Any]):
    """Choose by information-set Monte Carlo tree search over sampled states.

    The bot holds the configured game (the rules) and, per call, only the observation it is
    given. Without a ``seconds`` budget, :meth:`choose` is a pure function of the
    observation, the legal actions and the state of ``rng`` (and ``seed``). A ``seconds``
    budget depends on the machine's speed, so it is not reproducible.

    A search stops at the first of its budgets that runs out, after at least one iteration.
    When no budget is given, a search simulates
    :data:`~boardgames.bots.ismcts.DEFAULT_DECISIONS` decisions, about a second (0.4 to 2 s,
    by game) on a 2-core machine.

    Args:
        game: The configured game.
        iterations: Stop after this many iterations.
        seconds: Stop once this much wall time has passed.
        decisions: Stop once the iterations have simulated this many decisions together
            (every ``apply``, in the tree and in the rollouts). The iteration that crosses
            the budget is finished.
        exploration: The ISUCT exploration constant (utilities are in ``[0, 1]``).
        max_depth: The most decisions simulated in one iteration, tree and rollout together;
            at the cap the unfinished game's ranking is used.
        rollout_depth: Stop each rollout after this many decisions and judge the
            unfinished game by the game's ``heuristic_value`` (its ranking if the game has
            no :class:`~boardgames.bots.HasHeuristicValue` hook); ``None`` rolls out to the
            end of the game (or ``max_depth``). ``0`` judges the state the tree walk
            reaches.

            .. versionadded:: 0.2.0
        seed: Mixed into the search's random generator together with the ``rng`` given to
            :meth:`choose`, to get a different but reproducible bot.

    Raises:
        ConfigurationError: ``game`` is not a configured game, or a budget or parameter is
            out of range.

    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano", players=2)
    >>> bot = ISMCTSBot(game, iterations=50)
    >>> record = boardgames.play(game, [bot, boardgames.RandomBot()], seed=1)
    >>> record.terminal
    True
    """

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        decisions: int | None = None,
        exploration: float = _DEFAULT_EXPLORATION,
        max_depth: int = _DEFAULT_MAX_DEPTH,
        seed: int | None = None,
        rollout_depth: int | None = None,
    ) -> None:
        require_game(game)
        if iterations is None and seconds is None and decisions is None:
            decisions = DEFAULT_DECISIONS
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ConfigurationError(f"iterations={iterations!r} must be an int of 1 or more")
        if decisions is not None and (type(decisions) is not int or decisions < 1):
            raise ConfigurationError(f"decisions={decisions!r} must be an int of 1 or more")
        if seconds is not None and not (
            isinstance(seconds, int | float) and 0 < seconds < math.inf
        ):
            raise ConfigurationError(f"seconds={seconds!r} must be a positive, finite number")
        if not (isinstance(exploration, int | float) and 0 <= exploration < math.inf):
            raise ConfigurationError(
                f"exploration={exploration!r} must be a finite number of 0 or more"
            )
        if type(max_depth) is not int or max_depth < 1:
            raise ConfigurationError(f"max_depth={max_depth!r} must be an int of 1 or more")
        if seed is not None and type(seed) is not int:
            raise ConfigurationError(f"seed={seed!r} must be an int")
        if rollout_depth is not None and (type(rollout_depth) is not int or rollout_depth < 0):
            raise ConfigurationError(
                f"rollout_depth={rollout_depth!r} must be None or an int of 0 or more"
            )
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.decisions = decisions
        self.exploration = float(exploration)
        self.max_depth = max_depth
        self.seed = seed
        self.rollout_depth = rollout_depth
        self._evaluate = game.heuristic_value if isinstance(game, HasHeuristicValue) else None

    def __repr__(self) -> str:
        budget = [f"iterations={self.iterations}"] if self.iterations is not None else []
        budget += [f"seconds={self.seconds}"] if self.seconds is not None else []
        budget += [f"decisions={self.decisions}"] if self.decisions is not None else []
        extra = f", seed={self.seed}" if self.seed is not None else ""
        if self.rollout_depth is not None:
            extra += f", rollout_depth={self.rollout_depth}"
        return (
            f"ISMCTSBot({self.game!r}, {', '.join(budget)}, exploration={self.exploration}, "
            f"max_depth={self.max_depth}{extra})"
        )

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Return the legal action the search visits most.

        A single legal action is returned at once, without a search or a draw from ``rng``.
        """
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self.search(observation, legal_actions, rng).action

    def search(
        self, observation: Any, legal_actions: Sequence[Any], rng: random.Random
    ) -> SearchResult:
        """Run one search from ``observation`` and return its choice and root statistics.

        Args:
            observation: What the searching seat knows; it must be that seat's turn.
            legal_actions: The seat's legal actions (not empty).
            rng: The only source of randomness, with ``seed``.

        Returns:
            The chosen action, the iterations run and the root statistics.

        Raises:
            ConfigurationError: ``legal_actions`` is empty.
        """
        if not legal_actions:
            raise ConfigurationError("cannot search without legal actions")
        draw = rng.getrandbits(64)
        if self.seed is not None:
            draw = Rng.from_seed(self.seed).derive(draw).seed
        search_rng = random.Random(draw)
        root: dict[Hashable, _Edge] = {}
        root_legal = tuple(legal_actions)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        decision_limit = self.decisions
        iterations = decisions = 0
        while True:
            decisions += self._iterate(observation, root, root_legal, search_rng)
            iterations += 1
            if limit is not None and iterations >= limit:
                break
            if decision_limit is not None and decisions >= decision_limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        statistics = tuple(
            (action, edge.visits, edge.total / edge.visits)
            for action in root_legal
            if (edge := root.get(action)) is not None and edge.visits
        )
        best = max(
            range(len(statistics)), key=lambda index: (statistics[index][1:], -index), default=None
        )
        action = root_legal[0] if best is None else statistics[best][0]
        return SearchResult(
            action=action, iterations=iterations, root=statistics, decisions=decisions
        )

    def _iterate(
        self,
        observation: Any,
        root: dict[Hashable, _Edge],
        root_legal: Sequence[Any],
        search_rng: random.Random,
    ) -> int:
        """Run one determinize-select-expand-rollout-backup iteration; return its decisions."""
        game = self.game
        exploration = self.exploration
        rand = search_rng.random
        state = game.sample_state(observation, search_rng.getrandbits(64))
        player = game.current_player(state)
        edges = root
        legal: Sequence[Any] = root_legal
        path: list[tuple[PlayerId, _Edge]] = []
        depth = 0
        # Selection and expansion: walk down while every legal action has been tried.
        while player is not None and depth < self.max_depth:
            untried = []
            for action in legal:
                tried = edges.get(action)
                if tried is None:
                    untried.append(action)
                else:
                    tried.available += 1
            if untried:
                action = untried[int(rand() * len(untried))]
                edge = edges[action] = _Edge()
                edge.available = 1
            else:
                action, edge = _select(edges, legal, exploration)
            path.append((player, edge))
            state = game.apply(state, action)
            depth += 1
            player = game.current_player(state)
            if untried or player is None:
                break
            children = edge.children.get(player)
            if children is None:
                children = edge.children[player] = {}
            edges = children
            legal = game.legal_actions(state)
        # Rollout: uniformly random actions to the end, or to the depth cap. The legal
        # actions are empty exactly when the game is over, so no seat needs to be asked for.
        cut = False
        if player is not None:
            legal_actions, apply = game.legal_actions, game.apply
            max_depth = self.max_depth
            if self.rollout_depth is not None:
                cut = depth + self.rollout_depth < max_depth
                max_depth = min(max_depth, depth + self.rollout_depth)
            while depth < max_depth:
                options = legal_actions(state)
                if not options:
                    cut = False
                    break
                state = apply(state, options[int(rand() * len(options))])
                depth += 1
        if cut and self._evaluate is not None and game.current_player(state) is not None:
            utilities = value_utilities(self._evaluate(state))
        else:
            utilities = rank_utilities(game.ranking(state))
        for seat, edge in path:
            edge.visits += 1
            edge.total += utilities[seat]
        return depth


def _select(
    edges: dict[Hashable, _Edge], legal: Sequence[Any], exploration: float
) -> tuple[Any, _Edge]:
    """Return the legal action with the highest ISUCT value, the first of equals, and its edge."""
    best_value = -math.inf
    best_action = legal[0]
    best_edge = edges[best_action]
    for action in legal:
        edge = edges[action]
        value = edge.total / edge.visits + exploration * math.sqrt(
            math.log(edge.available) / edge.visits
        )
        if value > best_value:
            best_value, best_action, best_edge = value, action, edge
    return best_action, best_edge

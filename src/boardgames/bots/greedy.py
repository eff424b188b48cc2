"""The one-ply greedy bot: the best immediate score margin, for every game.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from boardgames.core.errors import ConfigurationError
from boardgames.core.guards import require_game
from boardgames.core.play import Bot
from boardgames.core.protocol import Game

__all__ = ["GreedyBot", "HasHeuristicValue"]


@runtime_checkable
class HasHeuristicValue(Protocol):
    """The optional hook by which a game tells the greedy bot how good a state is.

    Where a game's score misleads one decision ahead (it moves only at the end, or says
    nothing of the cards in hand), the game defines ``heuristic_value``, and
    :class:`GreedyBot` compares these values instead of the scores.

    .. versionadded:: 0.2.0
    """

    def heuristic_value(self, state: Any) -> tuple[float, ...]:
        """Return how well each seat stands in ``state``, seat 0 first (higher is better).

        Values of different seats are compared with each other, so they share one scale;
        at the end of the game they should order the seats as the ranking does.
        """
        ...


class GreedyBot(Bot[Any, Any]):
    """Take the action whose immediate result has the best score margin; break ties at random.

    For each legal action, the bot applies it to ``samples`` states drawn from its
    observation with ``game.sample_state`` (the same states for every action) and scores
    the results by its margin: its own score minus the best other score, averaged over the
    samples. A game with the :class:`HasHeuristicValue` hook is judged by its
    ``heuristic_value`` instead of its score. It looks one decision ahead and never
    further, so it is cheap, and in a game whose score moves only now and then most of its
    choices are ties, taken at random.

    Args:
        game: The configured game.
        samples: Sampled states per decision.

    Raises:
        ConfigurationError: ``game`` is not a configured game, or ``samples`` is not an
            int of 1 or more.

    >>> import random
    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano", players=2)
    >>> state = game.new_game(seed=3)
    >>> seat = game.current_player(state)
    >>> legal = game.legal_actions(state)
    >>> GreedyBot(game).choose(game.observe(state, seat), legal, random.Random(0)) in legal
    True
    """

    def __init__(self, game: Game[Any, Any, Any], *, samples: int = 1) -> None:
        require_game(game)
        if type(samples) is not int or samples < 1:
            raise ConfigurationError(f"samples={samples!r} must be an int of 1 or more")
        self.game = game
        self.samples = samples
        self._value = game.heuristic_value if isinstance(game, HasHeuristicValue) else game.score

    def __repr__(self) -> str:
        return f"GreedyBot({self.game!r}, samples={self.samples})"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Return a legal action with the best mean score margin one decision ahead."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = self.game
        states = [game.sample_state(observation, rng.getrandbits(64)) for _ in range(self.samples)]
        seat = game.current_player(states[0])
        assert seat is not None, "a bot is only asked to choose when it is its turn"
        best: list[Any] = []
        best_margin = -float("inf")
        for action in legal_actions:
            margin = sum(_margin(self._value(game.apply(state, action)), seat) for state in states)
            if margin > best_margin:
                best, best_margin = [action], margin
            elif margin == best_margin:
                best.append(action)
        return best[rng.randrange(len(best))]


def _margin(scores: Sequence[float], seat: int) -> float:
    """Return ``seat``'s score minus the best score of any other seat (0 if it is alone)."""
    others = (score for other, score in enumerate(scores) if other != seat)
    return scores[seat] - max(others, default=0.0)

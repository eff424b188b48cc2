"""Write a bot: a small look-ahead player that works for every registered game.

A bot is any object with a ``choose(observation, legal_actions, rng)`` method (the
:class:`boardgames.Bot` protocol). It is given what its seat may see, never the state, so
it cannot cheat. This one knows the rules (it holds the configured game, whose methods are
pure functions) but not the hidden cards: for each legal action it imagines a few states
that agree with its observation (``game.sample_state``), applies the action, plays the rest
of the game at random, and keeps the action whose playouts end with the best score margin
(its score minus the best other score). Ties are broken with its own ``rng``.

It then plays against the built-in bots, named by spec as on the command line
(``boardgames.make_bot("greedy", game)``), changing seats each game.

Run it with ``uv run python examples/write_a_bot.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import boardgames


class PlayoutBot:
    """Choose the action whose random playouts, from sampled states, score best for us.

    Args:
        game: The configured game (the rules; the bot never sees the real state).
        playouts: Sampled states played out per legal action.
    """

    def __init__(self, game: boardgames.Game[Any, Any, Any], playouts: int = 2) -> None:
        self.game = game
        self.playouts = playouts

    def __repr__(self) -> str:
        return f"PlayoutBot(playouts={self.playouts})"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Return the legal action with the best average score margin after random play."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        best: list[Any] = []
        best_value = float("-inf")
        for action in legal_actions:
            value = sum(self._playout(observation, action, rng) for _ in range(self.playouts))
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[rng.randrange(len(best))]

    def _playout(self, observation: Any, action: Any, rng: random.Random) -> float:
        game = self.game
        state = game.sample_state(observation, rng.getrandbits(64))
        me = game.current_player(state)
        assert me is not None, "a bot is only asked to choose in its own turn"
        state = game.apply(state, action)
        while game.current_player(state) is not None:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
        scores = game.score(state)
        return scores[me] - max(score for seat, score in enumerate(scores) if seat != me)


def main() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    mine = PlayoutBot(game)
    for opponent in ("random", "greedy"):
        wins = 0
        for number in range(4):
            seat = number % 2
            bots = [boardgames.make_bot(opponent, game) for _ in range(game.players)]
            bots[seat] = mine
            record = boardgames.play(game, bots, seed=100 + number)
            wins += record.ranking[seat] == 1
            print(
                f"game {number + 1} against {opponent}: playout bot in seat {seat}, "
                f"scores {record.scores}, place {record.ranking[seat]}"
            )
        print(f"the playout bot won {wins} of 4 games against the {opponent!r} bot")


if __name__ == "__main__":
    main()

"""Quickstart: build a game, set it up from a seed, and play it to the end at random.

Every game in :mod:`boardgames` is used the same way: ``make`` a configured game,
``new_game(seed)`` for the first state, then ``legal_actions`` and ``apply`` until
``current_player`` is ``None``. States are immutable values: ``apply`` returns a new one.

Run it with ``uv run python examples/quickstart.py``.
"""

from __future__ import annotations

import random

import boardgames


def main() -> None:
    print("registered games:", ", ".join(boardgames.game_names()))
    game = boardgames.make("magellan-elcano", players=3)
    state = game.new_game(seed=42)
    choices = random.Random(42)
    decisions = 0
    while (seat := game.current_player(state)) is not None:
        legal = game.legal_actions(state)
        action = choices.choice(legal)
        if decisions < 5:
            print(f"seat {seat} chooses {action} (from {len(legal)} legal actions)")
        state = game.apply(state, action)
        decisions += 1
    print(f"... {decisions} decisions in all\n")
    print(game.render_state(state))
    print("scores:", game.score(state))
    print("places:", game.ranking(state))


if __name__ == "__main__":
    main()

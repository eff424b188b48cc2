"""Play a game of the library with OpenSpiel: its MCTS bot against a random player.

``boardgames.adapters.openspiel.register()`` registers every game with OpenSpiel, so
``pyspiel.load_game`` builds it from its short name and parameters. A game starts with
four chance nodes that deal its seed, one byte each; the returns are the ranking's
rewards, from +1 (sole winner) to -1 (sole last).

This script plays one game of Magellan: Elcano for two, OpenSpiel's ``MCTSBot`` in seat 0
and a uniformly random player in seat 1, then checks that a state resampled for seat 0
looks the same to seat 0. Run it with ``uv run python examples/openspiel_game.py`` (it
needs the extra ``boardgames[openspiel]``).
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import numpy as np

from boardgames.adapters import openspiel as adapter

# pyspiel and OpenSpiel's Python algorithms ship no type information.
pyspiel: Any = importlib.import_module("pyspiel")
mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")

print(adapter.register())
game = pyspiel.load_game("python_boardgames_magellan_elcano(players=2)")
print(game, "- actions:", game.num_distinct_actions(), "- tensor:", game.observation_tensor_shape())

generator = np.random.RandomState(0)
evaluator = mcts.RandomRolloutEvaluator(1, generator)
bot = mcts.MCTSBot(game, 2.0, 16, evaluator, random_state=generator, solve=False)
choices = random.Random(0)

state = game.new_initial_state()
state.deal(2024)  # the four chance outcomes of the seed 2024
while not state.is_terminal():
    if state.current_player() == 0:
        action = int(bot.step(state))
    else:
        action = choices.choice(state.legal_actions())
    state.apply_action(action)
print(state)
print("decisions:", state.decisions, "- returns (MCTS, random):", state.returns())

state = game.new_initial_state()
state.deal(7)
sample = state.resample_from_infostate(0, random.Random(1).random)
same = sample.information_state_string(0) == state.information_state_string(0)
print("a sample for seat 0 looks the same to seat 0:", same)
print("and differs in what seat 0 cannot see:", str(sample) != str(state))

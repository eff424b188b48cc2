"""Run OpenSpiel's test and bots on full-length games of the OpenSpiel adapter.

The CI tests (``tests/adapters/test_openspiel.py``) play short games; this script plays
every game at every player count at full length, with each game's default options::

    uv run python benchmarks/openspiel_adapter.py
    uv run python benchmarks/openspiel_adapter.py --sims 5 --search 4 --games magellan-elcano

For each configuration it runs ``pyspiel.random_sim_test`` (with serialization) on
``--sims`` games, then plays one game with OpenSpiel's Python ``MCTSBot`` in every seat
and one with its ``ISMCTSBot``, each with ``--search`` simulations per move and a
one-rollout ``RandomRolloutEvaluator``. It prints the CPU seconds of each part, the
decisions of the bots' games and their returns, and the most decisions any game took
against the adapter's ``max_game_length``. CI does not run it: it takes minutes.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from typing import Any

import numpy as np

import boardgames
from boardgames.adapters import openspiel as adapter

# OpenSpiel ships no type information: its modules are Any here, on purpose.
pyspiel: Any = importlib.import_module("pyspiel")
mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")
ismcts: Any = importlib.import_module("open_spiel.python.algorithms.ismcts")


def play(game: adapter.OpenSpielGame, bots: list[Any], seed: int) -> adapter.OpenSpielState:
    """Play one game with one bot per seat, the chance outcomes drawn from ``seed``."""
    generator = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(generator.randrange(256))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return state


def longest_random_game(game: adapter.OpenSpielGame, games: int) -> int:
    """Return the most decisions of ``games`` uniformly random games."""
    longest = 0
    for seed in range(games):
        choices = random.Random(seed)
        state = game.new_initial_state()
        state.deal(seed)
        while not state.is_terminal():
            state.apply_action(choices.choice(state.legal_actions()))
        longest = max(longest, state.decisions)
    return longest


def run(name: str, players: int, sims: int, search: int, random_games: int) -> str:
    """Run every check on one configuration and return its line of the report."""
    game = adapter.load_game(name, players=players)
    start = time.process_time()
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
    sim_seconds = time.process_time() - start
    parts = [f"{name:18} {players}p  random_sim_test x{sims} {sim_seconds:6.1f}s"]
    for label, make in (("MCTS", _mcts), ("ISMCTS", _ismcts)):
        generator = np.random.RandomState(players)
        bot = make(game, search, generator)
        start = time.process_time()
        end = play(game, [bot] * players, seed=players)
        seconds = time.process_time() - start
        returns = ", ".join(f"{value:+.2f}" for value in end.returns())
        parts.append(f"{label} {end.decisions} decisions {seconds:6.1f}s [{returns}]")
    longest = longest_random_game(game, random_games)
    parts.append(f"longest of {random_games} random games {longest} / {game.max_game_length()}")
    return "  ".join(parts)


def _mcts(game: adapter.OpenSpielGame, search: int, generator: Any) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(1, generator)
    return mcts.MCTSBot(game, 2.0, search, evaluator, random_state=generator, solve=False)


def _ismcts(game: adapter.OpenSpielGame, search: int, generator: Any) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(1, generator)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, search, random_state=generator)
    bot.set_resampler(adapter.resampler(0))
    return bot


def main() -> None:
    """Parse the arguments and print one line per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(boardgames.game_names()))
    parser.add_argument("--sims", type=int, default=3, help="random_sim_test games")
    parser.add_argument("--search", type=int, default=4, help="simulations per move")
    parser.add_argument("--random-games", type=int, default=50, help="games for the length")
    arguments = parser.parse_args()
    for name in arguments.games.split(","):
        info = boardgames.game_info(name)
        for players in range(info.min_players, info.max_players + 1):
            line = run(name, players, arguments.sims, arguments.search, arguments.random_games)
            print(line, flush=True)


if __name__ == "__main__":
    main()

"""A seed fixes a whole game: equal states and byte-identical text, in any process."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import boardgames

SCRIPT = """
import boardgames

game = boardgames.make("magellan-elcano", 5)
record = boardgames.play(game, [boardgames.RandomBot()] * 5, seed=2024)
states = list(boardgames.replay(record))
print(boardgames.dumps(record))
for state in states[::10]:
    print(boardgames.dumps(state))
    print(boardgames.dumps(game.observe(state, 3)))
"""
"""Plays a seeded 5-player game (storms, so sets of places are written) and prints it."""


def run_in_process() -> str:
    namespace: dict[str, object] = {}
    lines: list[str] = []
    namespace["print"] = lines.append
    exec(SCRIPT, namespace)
    return "".join(f"{line}\n" for line in lines)


def test_same_seed_and_actions_give_equal_states() -> None:
    game = boardgames.make("magellan-elcano", 4, storm_variant=True)
    record = boardgames.play(game, [boardgames.RandomBot()] * 4, seed=77)
    first = list(boardgames.replay(record))
    second = list(boardgames.replay(record))
    assert first == second
    assert [boardgames.dumps(state) for state in first] == [
        boardgames.dumps(state) for state in second
    ]


def test_same_seed_gives_byte_identical_records() -> None:
    game = boardgames.make("magellan-elcano", 3)
    texts = {
        boardgames.dumps(boardgames.play(game, [boardgames.RandomBot()] * 3, seed=5))
        for _ in range(3)
    }
    assert 1 == len(texts)


def test_different_seeds_give_different_games() -> None:
    game = boardgames.make("magellan-elcano", 3)
    setups = {boardgames.dumps(game.new_game(seed)) for seed in range(20)}
    assert 20 == len(setups)


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_another_process_with_another_hash_seed_writes_the_same_text(hash_seed: str) -> None:
    """String hashing (and so set and enum order) changes with PYTHONHASHSEED; the text must not."""
    environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
        timeout=120,
    )
    assert 0 == result.returncode, result.stderr
    assert run_in_process() == result.stdout

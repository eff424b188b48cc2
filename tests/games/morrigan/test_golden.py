"""A golden playthrough: seed 216, three random bots, every state rendered.

Seed 216 was picked because its game shows most of the rules: Ordeal ties and withdrawals,
failed attacks and conquests with a Catapult, Earthquake, Sorcery, The King's Favourite,
Deluge, Glacial Winter, a reshuffle, a lost duel and a won one. Regenerate the file after an
intended change with::

    BOARDGAMES_REGEN_GOLDEN=1 uv run pytest tests/games/morrigan/test_golden.py

and review the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import boardgames

GOLDEN = Path(__file__).parent / "golden" / "seed216_3p.txt"


def playthrough() -> str:
    """Return the text of the seed-216 3-player game: each action, then the new state."""
    game = boardgames.make("morrigan", players=3)
    record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=216)
    states = list(boardgames.replay(record))
    lines = [
        "# Morrigan golden playthrough: seed 216, 3 players, RandomBot in every seat",
        "",
        "## setup",
        game.render_state(states[0]),
    ]
    for number, (before, action, after) in enumerate(
        zip(states[:-1], record.actions, states[1:], strict=True), start=1
    ):
        seat = game.current_player(before)
        lines += ["", f"## {number}. seat {seat}: {action}", game.render_state(after)]
    lines += ["", f"## result: scores {record.scores}, ranking {record.ranking}"]
    return "\n".join(lines) + "\n"


def test_the_seed_216_playthrough_matches_the_golden_file() -> None:
    """The engine replays the recorded game exactly as before (STYLE.md: golden files)."""
    text = playthrough()
    if os.environ.get("BOARDGAMES_REGEN_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert expected == text

"""A golden playthrough: seed 2032, two random bots, ten turns, every state rendered.

A whole random game runs to about a thousand decisions, so the recorded game is cut by the
``max_turns=10`` option (it ends truncated); seed 2032 has four digs and two bonuses in
those ten turns. Regenerate the file after an intended change with::

    BOARDGAMES_REGEN_GOLDEN=1 uv run pytest tests/games/morgans_magic_map/test_golden.py

and review the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import boardgames
from boardgames.games.morgans_magic_map.actions import notation

GOLDEN = Path(__file__).parent / "golden" / "seed2032_2p_10turns.txt"


def playthrough() -> str:
    """Return the text of the seed-2032 game: each action, then the new state."""
    game = boardgames.make("morgans-magic-map", players=2, max_turns=10)
    record = boardgames.play(game, [boardgames.RandomBot()] * 2, seed=2032)
    states = list(boardgames.replay(record))
    lines = [
        "# Morgan's Magic Map golden playthrough: seed 2032, 2 players, max_turns=10, "
        "RandomBot in every seat",
        "",
        "## setup",
        game.render_state(states[0]),
    ]
    for number, (before, action, after) in enumerate(
        zip(states[:-1], record.actions, states[1:], strict=True), start=1
    ):
        seat = game.current_player(before)
        forced = after.history[len(before.history) + 1 :]
        codes = " ".join(f"{seat}{notation(action)}" for seat, action in forced)
        note = f" (then forced: {codes})" if forced else ""
        lines += ["", f"## {number}. seat {seat}: {action}{note}", game.render_state(after)]
    lines += [
        "",
        f"## result: scores {record.scores}, ranking {record.ranking}, "
        f"truncated {record.truncated}",
    ]
    return "\n".join(lines) + "\n"


def test_the_seed_2032_playthrough_matches_the_golden_file() -> None:
    """The engine replays the recorded game exactly as before (STYLE.md: golden files)."""
    text = playthrough()
    if os.environ.get("BOARDGAMES_REGEN_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert expected == text

"""A golden playthrough: seed 2045, two random bots, every action and every turn's state.

Each decision is printed as it is taken; the full state (the serpentine track, the rows, every
hand) is printed at the start of every turn and at the end. Regenerate the file after an
intended change with::

    BOARDGAMES_REGEN_GOLDEN=1 uv run pytest tests/games/kincses_sziget/test_golden.py

and review the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import boardgames
from boardgames.games.kincses_sziget.state import TurnStep

GOLDEN = Path(__file__).parent / "golden" / "seed2045_2p.txt"


def playthrough() -> str:
    """Return the text of the seed-2045 2-player game."""
    game = boardgames.make("kincses-sziget", players=2)
    record = boardgames.play(game, [boardgames.RandomBot()] * 2, seed=2045)
    states = list(boardgames.replay(record))
    lines = [
        "# Irány a Kincses Sziget! golden playthrough: seed 2045, 2 players, RandomBot in every"
        " seat",
        "",
        "## setup",
        game.render_state(states[0]),
    ]
    for number, (before, action, after) in enumerate(
        zip(states[:-1], record.actions, states[1:], strict=True), start=1
    ):
        lines.append(f"{number}. seat {game.current_player(before)}: {action}")
        if game.is_terminal(after) or isinstance(after.tasks[-1], TurnStep):
            lines += ["", f"## after decision {number}", game.render_state(after), ""]
    lines += [f"## result: scores {record.scores}, ranking {record.ranking}"]
    return "\n".join(lines) + "\n"


def test_the_seed_2045_playthrough_matches_the_golden_file() -> None:
    """The engine replays the recorded game exactly as before (STYLE.md: golden files)."""
    text = playthrough()
    if os.environ.get("BOARDGAMES_REGEN_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert expected == text

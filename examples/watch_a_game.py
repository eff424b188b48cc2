"""Draw a game: an SVG picture of one position, and an HTML page that steps through it all.

:func:`boardgames.render_svg` draws a state (the whole table) or what one seat sees;
:func:`boardgames.viewer.replay_html` writes a recorded game as one self-contained HTML
page with previous / next buttons, a slider and the arrow keys.

Run it with ``uv run python examples/watch_a_game.py [FOLDER]``; it writes
``table.svg``, ``seat0.svg`` and ``replay.html`` into FOLDER (a temporary folder, removed
at the end, if none is given). Open the HTML file in a browser.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import boardgames
from boardgames.viewer import replay_html


def write(folder: Path) -> None:
    game = boardgames.make("kincses-sziget", players=3)
    record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=12)
    states = list(boardgames.replay(record))
    middle = states[len(states) // 2]
    files = {
        "table.svg": boardgames.render_svg(game, middle),
        "seat0.svg": boardgames.render_svg(game, middle, seat=0),
        "replay.html": replay_html(record, seat=0),
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
        print(f"{name}: {len(text.encode()):,} bytes")
    print(f"the replay steps through {len(record.actions)} decisions as seat 0 saw them")


def main() -> None:
    if len(sys.argv) > 1:
        write(Path(sys.argv[1]))
        return
    with tempfile.TemporaryDirectory() as directory:
        write(Path(directory))


if __name__ == "__main__":
    main()

"""Run a tournament: seat-rotated games on local processes, streamed to a file, resumed.

``boardgames.tournament`` plays every deal once per rotation of the seats, so each bot
plays each seat equally often against the same cards. Finished games stream to a JSON
Lines file; running the same call again keeps them and plays only what is missing, which
is how an interrupted run is resumed. The result prints as a table of mean score, mean
rank, win share with a 95% interval and a Plackett-Luce rating.

Run it with ``uv run python examples/run_a_tournament.py``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import boardgames


def main() -> None:
    bots = ["heuristic", "greedy", "random"]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "magellan.jsonl"
        # A first, short run: 12 games (4 deals x 3 seatings) on two worker processes.
        first = boardgames.tournament("magellan-elcano", bots, 12, seed=7, workers=2, out=out)
        # Asking for 30 games keeps the 12 already in the file and plays the other 18.
        result = boardgames.tournament("magellan-elcano", bots, 30, seed=7, workers=2, out=out)
        lines = len(out.read_text(encoding="utf-8").splitlines())
    print(f"first run: played {first.played} games")
    print(f"second run: played {result.played} more, {len(result.games)} games in all")
    print(f"the file holds a header line and {lines - 1} games")
    print(result.format_table())


if __name__ == "__main__":
    main()

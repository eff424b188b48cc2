"""Edit many serialized states and observations of every game and check what loads.

The CI suite checks a few thousand edited documents (``tests/conformance``); this script
runs the long check behind the hardening targets: for every game, at every player count
with default options and with each boolean option flipped, it calls
:func:`boardgames.testing.check_edits` until ``--documents`` edited documents per game
have been checked::

    uv run python benchmarks/edited_documents.py
    uv run python benchmarks/edited_documents.py --documents 2000 --games morrigan

An edited document must be refused with ``SerializationError`` or load to a value that
survives two legal moves of play (see ``check_loaded``). The script prints, per game, the
documents checked, refused and accepted, the states played from accepted ones and the CPU
seconds, and stops with the first document that breaks the rule.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import boardgames
from boardgames.testing import check_edits


def configurations(name: str) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with default options, then each boolean option flipped."""
    info = boardgames.game_info(name)
    runs: list[tuple[int, dict[str, Any]]] = [
        (players, {}) for players in range(info.min_players, info.max_players + 1)
    ]
    runs += [
        (info.default_players, {option.name: not option.default})
        for option in info.options
        if isinstance(option.default, bool)
    ]
    return runs


def main() -> None:
    """Parse the arguments and check every game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=100_000, help="per game")
    parser.add_argument("--games", default=",".join(boardgames.game_names()))
    parser.add_argument("--per-seed", type=int, default=500, help="documents per game played")
    arguments = parser.parse_args()
    for name in arguments.games.split(","):
        runs = configurations(name)
        share = -(-arguments.documents // len(runs))
        totals = {"documents": 0, "refused": 0, "accepted": 0, "states": 0}
        started = time.thread_time()
        for players, options in runs:
            game = boardgames.make(name, players, **options)
            seeds = tuple(range(max(1, share // arguments.per_seed)))
            report = check_edits(game, seeds=seeds, documents=share)
            totals["documents"] += report.documents
            totals["refused"] += report.refused
            totals["accepted"] += report.accepted
            totals["states"] += report.states_checked
        seconds = time.thread_time() - started
        print(
            f"{name}: {totals['documents']} documents, {totals['refused']} refused, "
            f"{totals['accepted']} accepted, {totals['states']} states played from them, "
            f"{seconds:.0f} CPU s",
            flush=True,
        )


if __name__ == "__main__":
    main()

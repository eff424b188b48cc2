"""Save a played game to a file, load it back, and replay it move by move.

:func:`boardgames.play` returns a :class:`~boardgames.GameRecord`: the configuration, the
seed and every action. :func:`boardgames.dumps` writes it as JSON, :func:`boardgames.loads`
reads it back (checking that it replays to the result it claims), and
:func:`boardgames.replay` yields every state of the game again.

Run it with ``uv run python examples/save_and_replay.py``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import boardgames


def main() -> None:
    game = boardgames.make("magellan-elcano", players=4, storm_variant=True)
    record = boardgames.play(game, [boardgames.RandomBot()] * game.players, seed=2024)

    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "game.json"
        path.write_text(boardgames.dumps(record), encoding="utf-8")
        print(f"saved {len(record.actions)} actions to {path.name} ({path.stat().st_size} bytes)")
        loaded = boardgames.loads(path.read_text(encoding="utf-8"))

    assert isinstance(loaded, boardgames.GameRecord)
    assert loaded == record
    replayed = loaded.make_game()
    states = list(boardgames.replay(loaded))
    for number, (state, action) in enumerate(zip(states[:-1], loaded.actions, strict=True)):
        if number < 8:
            print(f"{number + 1:>3}. seat {replayed.current_player(state)}: {action}")
    print(f"... {len(loaded.actions)} actions replayed\n")
    print(replayed.render_state(states[-1]))
    print("scores:", loaded.scores, "places:", loaded.ranking)


if __name__ == "__main__":
    main()

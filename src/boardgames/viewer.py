"""A recorded game as one self-contained HTML page that steps through it: :func:`replay_html`.

The page needs no server, no network and no external script or font: open it in any
browser. It shows the picture of each step (the whole table, or what one seat saw), the
move that led to it, and the scores, with previous / next buttons, a slider, and the
arrow keys (Home and End jump to the start and the end).

>>> import boardgames
>>> game = boardgames.make("magellan-elcano", players=2)
>>> record = boardgames.play(game, [boardgames.RandomBot()] * 2, seed=3)
>>> page = replay_html(record, seat=0)
>>> page.startswith("<!DOCTYPE html>") and "<script src" not in page
True

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

from boardgames.core.errors import ConfigurationError
from boardgames.core.guards import check_seat, given
from boardgames.core.picture import render_svg
from boardgames.core.protocol import DescribesActions, DrawsPictures, Game
from boardgames.core.record import GameRecord, replay

__all__ = ["replay_html"]


def _move_text(
    game: Game[Any, Any, Any], state: Any, action: Any, seat: int | None
) -> tuple[int, str | None]:
    """Return the mover and the move as ``seat`` saw it (``None``: ``seat`` saw nothing)."""
    mover = game.current_player(state)
    assert mover is not None  # a recorded action was taken by a seat
    if not isinstance(game, DescribesActions):
        return mover, str(action) if seat is None or seat == mover else "moved"
    observation = game.observe(state, mover)
    return mover, game.describe_action(observation, action, mover if seat is None else seat)


def _frames(
    game: Game[Any, Any, Any], record: GameRecord, seat: int | None
) -> tuple[list[str], list[dict[str, Any]]]:
    """Each step's picture (by index into a table of distinct pictures), move and scores.

    A move ``seat`` cannot see at all leaves his picture as it was and is folded into the
    step before, so the page shows no more than he saw. Scores are shown at every step of
    the whole table, and only at the end of a seat's view (during the game they may
    depend on what the seat does not know).
    """
    pictures: list[str] = []
    index: dict[str, int] = {}
    frames: list[dict[str, Any]] = []
    previous = None
    states = list(replay(record))
    for number, state in enumerate(states):
        picture = render_svg(game, state, seat=seat)
        move: str | None = "the game begins"
        mover: int | None = None
        if number:
            mover, move = _move_text(game, previous, record.actions[number - 1], seat)
        previous = state
        if move is None and frames and picture == pictures[frames[-1]["picture"]]:
            frames[-1]["step"] = number
            continue
        if picture not in index:
            index[picture] = len(pictures)
            pictures.append(picture)
        last = number == len(states) - 1
        scores = list(game.score(state)) if seat is None or last else None
        frames.append(
            {
                "step": number,
                "picture": index[picture],
                "mover": mover,
                "move": move if move is not None else "a move this seat could not see",
                "scores": scores,
                "last": last,
            }
        )
    return pictures, frames


def _line_table(pictures: Sequence[str]) -> tuple[list[str], list[list[int]]]:
    """Write each picture as the numbers of its lines in one table of distinct lines.

    Pictures of successive steps share most of their lines (one element per line), so a
    whole game takes a small fraction of its pictures' total size.
    """
    lines: list[str] = []
    number: dict[str, int] = {}
    drawn = []
    for picture in pictures:
        indexes = []
        for line in picture.split("\n"):
            if line not in number:
                number[line] = len(lines)
                lines.append(line)
            indexes.append(number[line])
        drawn.append(indexes)
    return lines, drawn


def _seat_names(record: GameRecord) -> list[str]:
    return [
        f"seat {seat}" + (f" ({record.seats[seat]})" if record.seats else "")
        for seat in range(record.players)
    ]


def _ending(record: GameRecord) -> str:
    if not record.terminal:
        return f"unfinished: the record stops after {len(record.actions)} decisions"
    if record.truncated:
        return f"cut short by the turn limit after {len(record.actions)} decisions"
    winners = [seat for seat, place in enumerate(record.ranking) if place == 1]
    if len(winners) == 1:
        return f"game over after {len(record.actions)} decisions: seat {winners[0]} wins"
    tied = ", ".join(map(str, winners))
    return f"game over after {len(record.actions)} decisions: seats {tied} tie for first"


def replay_html(record: GameRecord, *, seat: int | None = None, title: str | None = None) -> str:
    """Write a recorded game as one self-contained HTML page that steps through it.

    Args:
        record: A game record (from :func:`~boardgames.play`, ``boardgames play
            --record`` or :func:`~boardgames.loads`); it is replayed and checked.
        seat: Show the game as this seat saw it: his pictures, the moves as he was told
            them, and the scores at the end only. ``None`` shows the whole table and every
            move.
        title: The page title; by default the game's title, seed and point of view.

    Returns:
        The HTML document.

    Raises:
        ConfigurationError: ``record`` is not a record, its game draws no pictures, or
            ``seat`` is not one of its seats.
        RecordError: The record does not replay.
    """
    if not isinstance(record, GameRecord):
        raise ConfigurationError(f"expected a GameRecord, got {given(record)}")
    game = record.make_game()
    if not isinstance(game, DrawsPictures):
        raise ConfigurationError(f"{record.game} draws no pictures, so it has no HTML replay")
    if seat is not None:
        seat = check_seat(seat, record.players)
    pictures, frames = _frames(game, record, seat)
    lines, drawn = _line_table(pictures)
    view = "the whole table" if seat is None else f"as seat {seat} saw it"
    heading = title or f"{game.info.title}, seed {record.seed}, {view}"
    data = {
        "lines": lines,
        "pictures": drawn,
        "frames": frames,
        "seats": _seat_names(record),
        "ending": _ending(record),
        "ranking": list(record.ranking),
    }
    # Inside <script>, "</" could end the element early; JSON allows "<\/" for "</".
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return _PAGE.replace("@TITLE@", html.escape(heading)).replace("@DATA@", payload)


def _lines(parts: Sequence[str]) -> str:
    return "\n".join(parts)


_STYLE = _lines(
    [
        "body{font-family:sans-serif;margin:1em;background:#fbfaf6;color:#222}",
        "h1{font-size:1.2em;margin:0 0 .5em}",
        "#controls{display:flex;gap:.5em;align-items:center;margin:.5em 0}",
        "#slider{flex:1;max-width:40em}",
        "#move{font-size:1.05em;min-height:1.4em;margin:.3em 0}",
        "#picture svg{max-width:100%;height:auto;border:1px solid #ccc}",
        "table{border-collapse:collapse;margin:.5em 0}",
        "td,th{border:1px solid #ccc;padding:.15em .6em;text-align:right}",
        "th:first-child,td:first-child{text-align:left}",
        "#ending{font-weight:bold}",
    ]
)

_SCRIPT = _lines(
    [
        '"use strict";',
        'const data = JSON.parse(document.getElementById("data").textContent);',
        "const frames = data.frames;",
        'const slider = document.getElementById("slider");',
        "slider.max = String(frames.length - 1);",
        "let current = 0;",
        "function scoresTable(frame) {",
        '  const body = document.getElementById("scores");',
        '  body.textContent = "";',
        "  data.seats.forEach((name, seat) => {",
        '    const row = document.createElement("tr");',
        '    const score = frame.scores === null ? "?" : String(frame.scores[seat]);',
        '    const place = frame.last ? String(data.ranking[seat]) : "";',
        "    for (const text of [name, score, place]) {",
        '      const cell = document.createElement("td");',
        "      cell.textContent = text;",
        "      row.appendChild(cell);",
        "    }",
        "    body.appendChild(row);",
        "  });",
        "}",
        "function show(number) {",
        "  current = Math.max(0, Math.min(frames.length - 1, number));",
        "  const frame = frames[current];",
        "  const lines = data.pictures[frame.picture].map((line) => data.lines[line]);",
        '  document.getElementById("picture").innerHTML = lines.join("\\n");',
        '  const who = frame.mover === null ? "" : data.seats[frame.mover] + ": ";',
        '  document.getElementById("move").textContent = who + frame.move;',
        '  document.getElementById("step").textContent =',
        '    "step " + frame.step + " of " + frames[frames.length - 1].step;',
        '  document.getElementById("ending").textContent = frame.last ? data.ending : "";',
        "  slider.value = String(current);",
        '  document.getElementById("previous").disabled = current === 0;',
        '  document.getElementById("next").disabled = current === frames.length - 1;',
        "  scoresTable(frame);",
        "}",
        'document.getElementById("first").addEventListener("click", () => show(0));',
        'document.getElementById("previous").addEventListener("click", () => show(current - 1));',
        'document.getElementById("next").addEventListener("click", () => show(current + 1));',
        'document.getElementById("last").addEventListener("click", () => show(frames.length - 1));',
        'slider.addEventListener("input", () => show(Number(slider.value)));',
        'document.addEventListener("keydown", (event) => {',
        "  if (event.target === slider) return;",
        "  const moves = {ArrowLeft: current - 1, ArrowRight: current + 1,",
        "                 Home: 0, End: frames.length - 1};",
        "  if (event.key in moves) { event.preventDefault(); show(moves[event.key]); }",
        "});",
        "show(0);",
    ]
)

_PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>
{_STYLE}
</style>
</head>
<body>
<h1>@TITLE@</h1>
<div id="controls">
<button id="first" title="the start (Home)">|&#x25C0; start</button>
<button id="previous" title="the step before (left arrow)">&#x25C0; previous</button>
<button id="next" title="the next step (right arrow)">next &#x25B6;</button>
<button id="last" title="the end (End)">end &#x25B6;|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<span id="step"></span>
</div>
<div id="move"></div>
<div id="ending"></div>
<div id="picture"></div>
<table><thead><tr><th>seat</th><th>score</th><th>place</th></tr></thead>
<tbody id="scores"></tbody></table>
<script id="data" type="application/json">@DATA@</script>
<script>
{_SCRIPT}
</script>
</body>
</html>
"""

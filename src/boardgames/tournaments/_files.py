"""The JSON Lines results file: a header line, then one line per finished game.

The first line describes the tournament::

    {"format": "boardgames-tournament", "version": 1, "game": "magellan-elcano",
     "players": 3, "options": {"storm_variant": false}, "bots": ["greedy", "random"],
     "seed": 0, "boardgames": "0.1.0"}

and every other line is one game, written as soon as its chunk is back::

    {"deal": 0, "rotation": 1, "seed": 4021..., "seating": ["random", "greedy", "random"],
     "scores": [41.0, 55.0, 38.0], "ranking": [2, 1, 3], "decisions": 72,
     "terminal": true, "truncated": false, "seconds": 0.0123}

A last line without its newline is what an interrupted write leaves: it is dropped, and
its game is played again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from boardgames.core.errors import ConfigurationError, SerializationError
from boardgames.tournaments._results import GameSummary, TournamentConfig
from boardgames.tournaments._work import deal_seed, seating

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "append_games",
    "game_line",
    "header_line",
    "read_results",
    "rewrite_sorted",
    "summary_from_data",
    "write_header",
]

FORMAT = "boardgames-tournament"
"""The ``"format"`` of a results file's header line."""

FORMAT_VERSION = 1
"""The ``"version"`` of a results file's header line."""

_GAME_KEYS = (
    "deal",
    "rotation",
    "seed",
    "seating",
    "scores",
    "ranking",
    "decisions",
    "terminal",
    "truncated",
    "seconds",
)


def header_line(config: TournamentConfig, version: str) -> str:
    """Return the header line (without its newline) of a results file."""
    return json.dumps(
        {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": config.game,
            "players": config.players,
            "options": dict(config.options),
            "bots": list(config.bots),
            "seed": config.seed,
            "boardgames": version,
        }
    )


def game_line(game: GameSummary) -> str:
    """Return the line (without its newline) of one game."""
    return json.dumps(
        {
            "deal": game.deal,
            "rotation": game.rotation,
            "seed": game.seed,
            "seating": list(game.seating),
            "scores": list(game.scores),
            "ranking": list(game.ranking),
            "decisions": game.decisions,
            "terminal": game.terminal,
            "truncated": game.truncated,
            "seconds": game.seconds,
        }
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def summary_from_data(data: object, config: TournamentConfig, where: str) -> GameSummary:
    """Check one game's data against the tournament and turn it into a summary.

    Args:
        data: A decoded line, or a dict returned by the work function.
        config: The tournament it must belong to.
        where: Where the data comes from, for messages: ``"'out.jsonl' line 7"``.

    Raises:
        SerializationError: A key is missing, unknown or of the wrong type, or the seed or
            the seating is not the tournament's for that deal and rotation; ``path`` names
            the field.
    """

    def fail(message: str, path: str = "$") -> SerializationError:
        return SerializationError(f"{where}: {message}", path)

    if not isinstance(data, dict):
        raise fail(f"expected a JSON object, got {type(data).__name__}")
    missing = [key for key in _GAME_KEYS if key not in data]
    if missing:
        raise fail(f"missing key {missing[0]!r}")
    unknown = sorted(set(data) - set(_GAME_KEYS))
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}", f"$.{unknown[0]}")
    players, rotations = config.players, config.rotations
    deal, rotation = data["deal"], data["rotation"]
    if not _is_int(deal) or deal < 0:
        raise fail(f"deal {deal!r} is not a non-negative integer", "$.deal")
    if not _is_int(rotation) or not 0 <= rotation < rotations:
        raise fail(
            f"rotation {rotation!r} is not an integer from 0 to {rotations - 1}", "$.rotation"
        )
    expected_seed = deal_seed(config.seed, deal)
    if data["seed"] != expected_seed or not _is_int(data["seed"]):
        raise fail(
            f"seed {data['seed']!r} is not the seed of deal {deal} ({expected_seed})", "$.seed"
        )
    expected_seating = list(seating(config.bots, players, rotation))
    if data["seating"] != expected_seating:
        raise fail(
            f"seating {data['seating']!r} is not rotation {rotation} ({expected_seating!r})",
            "$.seating",
        )
    for key, check, kind in (
        ("scores", _is_number, "numbers"),
        ("ranking", lambda place: _is_int(place) and 1 <= place <= players, "places"),
    ):
        values = data[key]
        if not isinstance(values, list) or len(values) != players:
            raise fail(f"{key} must be a list of {players} {kind}", f"$.{key}")
        for index, value in enumerate(values):
            if not check(value):
                raise fail(
                    f"{key}[{index}] = {value!r} is not one of the {kind}", f"$.{key}[{index}]"
                )
    if not _is_int(data["decisions"]) or data["decisions"] < 0:
        raise fail(f"decisions {data['decisions']!r} is not a non-negative integer", "$.decisions")
    for key in ("terminal", "truncated"):
        if not isinstance(data[key], bool):
            raise fail(f"{key} {data[key]!r} is not true or false", f"$.{key}")
    if not _is_number(data["seconds"]) or not data["seconds"] >= 0:
        raise fail(f"seconds {data['seconds']!r} is not a non-negative number", "$.seconds")
    return GameSummary(
        deal=deal,
        rotation=rotation,
        seed=expected_seed,
        seating=tuple(expected_seating),
        scores=tuple(float(score) for score in data["scores"]),
        ranking=tuple(data["ranking"]),
        decisions=data["decisions"],
        terminal=data["terminal"],
        truncated=data["truncated"],
        seconds=float(data["seconds"]),
    )


def _check_header(data: object, config: TournamentConfig, path: Path) -> None:
    where = f"{str(path)!r} line 1"
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SerializationError(
            f"{where}: not the header of a tournament results file "
            f'(expected a JSON object with "format": {FORMAT!r})'
        )
    if data.get("version") != FORMAT_VERSION:
        raise SerializationError(
            f"{where}: results format version {data.get('version')!r} is not supported; "
            f"this library reads version {FORMAT_VERSION}",
            "$.version",
        )
    theirs: Mapping[str, Any] = data
    ours: dict[str, Any] = {
        "game": config.game,
        "players": config.players,
        "options": dict(config.options),
        "bots": list(config.bots),
        "seed": config.seed,
    }
    for key, value in ours.items():
        if theirs.get(key) != value or type(theirs.get(key)) is not type(value):
            raise ConfigurationError(
                f"{str(path)!r} holds the results of another tournament: its {key} is "
                f"{theirs.get(key)!r}, this one's is {value!r}; resume only with the same "
                "game, players, options, bots and seed, or write to another file"
            )


def read_results(path: Path, config: TournamentConfig) -> tuple[list[GameSummary], bool]:
    """Read the finished games of a results file and make it ready for appending.

    A missing or empty file is written with a header. A last line without a newline (an
    interrupted write) is cut off the file; blank lines are skipped.

    Args:
        path: The results file.
        config: The tournament that is resuming; the header must describe it.

    Returns:
        The games in the file, in file order, and whether the file already existed with
        a header.

    Raises:
        ConfigurationError: The header describes another tournament.
        SerializationError: A line is not valid JSON, is not a game of this tournament,
            or repeats a game.
        OSError: The file cannot be read or written.
    """
    try:
        content = path.read_bytes()
    except FileNotFoundError:
        return [], False
    complete, newline, _partial = content.rpartition(b"\n")
    if not newline:  # nothing but a partial header
        return [], False
    lines = complete.split(b"\n")
    games: list[GameSummary] = []
    seen: dict[tuple[int, int], int] = {}
    header = False
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():  # a blank line (an editor's, or a copy's) holds no game
            continue
        where = f"{str(path)!r} line {number}"
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise SerializationError(f"{where}: not valid JSON: {error}") from error
        if not header:
            _check_header(data, config, path)
            header = True
            continue
        game = summary_from_data(data, config, where)
        key = (game.deal, game.rotation)
        if key in seen:
            raise SerializationError(
                f"{where}: deal {game.deal} rotation {game.rotation} is already on line {seen[key]}"
            )
        seen[key] = number
        games.append(game)
    if not header:  # blank lines only
        return [], False
    if len(complete) + 1 != len(content):  # cut the partial line, once the rest is checked
        with path.open("r+b") as file:
            file.truncate(len(complete) + 1)
    return games, True


def write_header(path: Path, config: TournamentConfig, version: str) -> None:
    """Start a results file with its header, replacing whatever was there."""
    path.write_text(header_line(config, version) + "\n", encoding="utf-8")


def append_games(path: Path, games: Iterable[GameSummary]) -> None:
    """Append games to a results file and flush them to the operating system."""
    with path.open("a", encoding="utf-8") as file:
        for game in games:
            file.write(game_line(game) + "\n")


def rewrite_sorted(
    path: Path, config: TournamentConfig, version: str, games: Sequence[GameSummary]
) -> None:
    """Rewrite a results file with its games sorted by deal and rotation, atomically."""
    temporary = path.with_name(path.name + ".tmp")
    lines = [header_line(config, version)]
    lines.extend(game_line(game) for game in sorted(games, key=lambda g: (g.deal, g.rotation)))
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(temporary, path)

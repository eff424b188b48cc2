"""The strength ladder: every table of bots at one player count, and their win shares."""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs

from boardgames.core.errors import ConfigurationError
from boardgames.core.guards import shown
from boardgames.core.registry import game_info
from boardgames.tournaments._results import GameSummary
from boardgames.tournaments._summary import wilson_interval
from boardgames.tournaments._tournament import tournament

__all__ = ["LADDER_BOTS", "Ladder", "LadderRow", "ladder"]

LADDER_BOTS = ("ismcts", "heuristic", "greedy", "random")
"""The bots of a game page's ladder, strongest expected first (ISMCTS at its default budget)."""


@attrs.frozen
class LadderRow:
    """One bot's results over every table of a ladder.

    Args:
        bot: The bot spec.
        seat_games: The seats it held, over all games.
        wins: Its first places (a tie for first shared among the tied seats).
        win_share: ``wins / seat_games``.
        win_share_low: The low end of its 95% Wilson interval.
        win_share_high: The high end.
        mean_rank: Its mean place (1 best).
    """

    bot: str
    seat_games: int
    wins: float
    win_share: float
    win_share_low: float
    win_share_high: float
    mean_rank: float


@attrs.frozen
class Ladder:
    """The result of :func:`ladder`.

    Args:
        game: The game name.
        players: The seat count.
        tables: The bots of each table, in the order played.
        games_per_table: The games each table played (a multiple of its bot count).
        rows: One row per bot, in the order the bots were given.
        games: Every game played, table after table.
    """

    game: str
    players: int
    tables: tuple[tuple[str, ...], ...]
    games_per_table: int
    rows: tuple[LadderRow, ...]
    games: tuple[GameSummary, ...] = attrs.field(repr=False)

    def in_order(self) -> bool:
        """Whether every bot's win share is above the next one's (the bots' order as given)."""
        shares = [row.win_share for row in self.rows]
        return all(high > low for high, low in itertools.pairwise(shares))

    def to_markdown(self) -> str:
        """Return the ladder as a Markdown table with one row per bot."""
        lines = [
            "| bot | seat-games | win share | 95% interval | mean place |",
            "|---|---:|---:|---:|---:|",
        ]
        for row in self.rows:
            lines.append(
                f"| `{row.bot}` | {row.seat_games} | {row.win_share:.1%} | "
                f"{row.win_share_low:.1%} to {row.win_share_high:.1%} | {row.mean_rank:.2f} |"
            )
        return "\n".join(lines)


def _tables(bots: tuple[str, ...], players: int) -> tuple[tuple[str, ...], ...]:
    if len(bots) <= players:
        return (bots,)
    return tuple(itertools.combinations(bots, players))


def ladder(
    game: str,
    bots: Sequence[str] = LADDER_BOTS,
    *,
    players: int,
    games: int,
    seed: int = 0,
    workers: int | None = None,
    executor: Executor | None = None,
    options: dict[str, Any] | None = None,
    results: str | os.PathLike[str] | None = None,
) -> Ladder:
    """Rank bots at one player count by seat-rotated, seed-paired tournaments.

    With at most ``players`` bots, one tournament seats them all (cycled over the seats if
    there are fewer bots than seats). With more, every set of ``players`` bots plays its
    own table, so that each bot meets each other one; each table is a
    :func:`~boardgames.tournaments.tournament` from the same ``seed``, so every table
    plays the same deals. Each bot's win share is taken over all its seat-games.

    Args:
        game: A registered game name.
        bots: The bot specs, strongest expected first (see :meth:`Ladder.in_order`).
        players: The seat count.
        games: The games of each table (rounded up to a multiple of its bot count).
        seed: The tournament seed of every table.
        workers: Games run at once (the CPUs by default).
        executor: An executor to run them on (see :func:`~boardgames.tournaments.tournament`).
        options: The game's options.
        results: A folder that keeps every finished game, one JSON Lines results file per
            table (``<game>-<players>p-table<k>.jsonl``, ``k`` counting the tables from 1 in
            the order of the ladder's ``tables``). A ladder run again with the same folder and
            arguments plays only the games the files lack, so a long ladder can be stopped
            and resumed; a file of another ladder is refused (see ``resume`` in
            :func:`~boardgames.tournaments.tournament`). The folder is made if needed.

    Returns:
        The :class:`Ladder`.

    Raises:
        ConfigurationError: A bad argument (see :func:`~boardgames.tournaments.tournament`).
    """
    specs = tuple(bots)
    if len(specs) < 2 or len(set(specs)) != len(specs):
        raise ConfigurationError(f"a ladder needs two or more different bots, got {shown(specs)}")
    info = game_info(game)
    if type(players) is not int or not info.min_players <= players <= info.max_players:
        raise ConfigurationError(
            f"players={shown(players)} must be from {info.min_players} to {info.max_players}"
        )
    tables = _tables(specs, players)
    folder = None if results is None else Path(results)
    if folder is not None:
        if folder.exists() and not folder.is_dir():
            raise ConfigurationError(f"results={str(folder)!r} is a file, not a folder")
        folder.mkdir(parents=True, exist_ok=True)
    played: list[GameSummary] = []
    per_table = 0
    for number, table in enumerate(tables, start=1):
        out = None if folder is None else folder / f"{game}-{players}p-table{number}.jsonl"
        result = tournament(
            game,
            list(table),
            games,
            players=players,
            options=options,
            seed=seed,
            workers=workers,
            executor=executor,
            out=out,
        )
        per_table = len(result.games)
        played.extend(result.games)
    rows = []
    for bot in specs:
        places = [
            (place, summary.ranking.count(1))
            for summary in played
            for seat_bot, place in zip(summary.seating, summary.ranking, strict=True)
            if seat_bot == bot
        ]
        wins = sum(1 / tied for place, tied in places if place == 1)
        count = len(places)
        low, high = wilson_interval(wins, count)
        rows.append(
            LadderRow(
                bot=bot,
                seat_games=count,
                wins=wins,
                win_share=wins / count if count else math.nan,
                win_share_low=low,
                win_share_high=high,
                mean_rank=sum(place for place, _ in places) / count if count else math.nan,
            )
        )
    return Ladder(
        game=game,
        players=players,
        tables=tables,
        games_per_table=per_table,
        rows=tuple(rows),
        games=tuple(played),
    )

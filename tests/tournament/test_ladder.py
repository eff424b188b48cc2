"""The strength ladder: ``boardgames.tournaments.ladder`` and ``boardgames ladder``."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import boardgames
from boardgames.cli import EXIT_OK, EXIT_USAGE, LADDER_BEGIN, LADDER_END, main
from boardgames.tournaments import Ladder, ladder


def _ladder(game: str, bots: list[str], players: int, games: int) -> Ladder:
    with ThreadPoolExecutor(2) as pool:
        return ladder(game, bots, players=players, games=games, executor=pool, workers=2)


def test_more_bots_than_seats_play_every_table() -> None:
    result = _ladder("magellan-elcano", ["greedy", "heuristic", "random"], 2, 4)
    assert (("greedy", "heuristic"), ("greedy", "random"), ("heuristic", "random")) == result.tables
    assert 4 == result.games_per_table
    assert 12 == len(result.games)
    for row in result.rows:
        assert 8 == row.seat_games  # two tables of four games, one seat each
        assert row.win_share_low <= row.win_share <= row.win_share_high
    assert sum(row.wins for row in result.rows) == pytest.approx(12)


def test_fewer_bots_than_seats_share_one_table() -> None:
    result = _ladder("magellan-elcano", ["heuristic", "random"], 4, 4)
    assert (("heuristic", "random"),) == result.tables
    assert 16 == sum(row.seat_games for row in result.rows)


@pytest.mark.parametrize(
    ("bots", "players", "message"),
    [
        (["random"], 2, "two or more different bots"),
        (["random", "random"], 2, "two or more different bots"),
        (["random", "greedy"], 9, "players=9 must be from 2 to 5"),
    ],
)
def test_bad_ladders_are_refused(bots: list[str], players: int, message: str) -> None:
    with pytest.raises(boardgames.ConfigurationError, match=message):
        ladder("magellan-elcano", bots, players=players, games=2)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players", "games"),
    [
        ("magellan-elcano", 3, 24),
        ("morrigan", 2, 24),
        ("kincses-sziget", 2, 16),
        ("morgans-magic-map", 2, 8),
    ],
)
def test_the_heuristic_bot_beats_random(game: str, players: int, games: int) -> None:
    """Every game's heuristic bot wins more often than a random one (a fixed seed)."""
    result = _ladder(game, ["heuristic", "random"], players, games)
    heuristic, random_bot = result.rows
    assert heuristic.win_share > random_bot.win_share
    assert heuristic.win_share_low > 1 / players


@pytest.mark.slow
@pytest.mark.parametrize(("game", "games"), [("magellan-elcano", 24)])
def test_a_small_search_beats_random(game: str, games: int) -> None:
    """ISMCTS, even with 40 iterations a decision, wins more often than random.

    Magellan: Elcano only: a search is cheapest there, and the test must stay short.
    """
    result = _ladder(game, ["ismcts:iterations=40", "random"], 2, games)
    search, random_bot = result.rows
    assert search.win_share > random_bot.win_share
    assert search.win_share_low > 0.5


def test_the_command_writes_the_ladder_into_a_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "game.md"
    page.write_text(f"# A game\n\n{LADDER_BEGIN}\nold\n{LADDER_END}\n\nthe end\n", "utf-8")
    arguments = ["ladder", "magellan-elcano", "--players", "2", "--games", "2", "--workers", "1"]
    assert EXIT_OK == main([*arguments, "--bots", "greedy,random", "--write-page", str(page)])
    out = capsys.readouterr().out
    assert "magellan-elcano, 2 players" in out
    text = page.read_text(encoding="utf-8")
    assert "old" not in text
    assert text.startswith(f"# A game\n\n{LADDER_BEGIN}\n")
    assert text.endswith(f"{LADDER_END}\n\nthe end\n")
    assert "`boardgames ladder magellan-elcano --players 2 --games 2 --bots greedy,random" in text
    assert "| `greedy` | 2 |" in text
    page.write_text("no markers\n", "utf-8")
    assert EXIT_USAGE == main([*arguments, "--bots", "greedy,random", "--write-page", str(page)])
    assert "needs one line" in capsys.readouterr().err

"""The strength ladder: ``boardgames.tournaments.ladder`` and ``boardgames ladder``."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import boardgames
from boardgames.cli import EXIT_OK, EXIT_USAGE, LADDER_BEGIN, LADDER_END, main
from boardgames.tournaments import Ladder, ladder


def _ladder(
    game: str, bots: list[str], players: int, games: int, results: Path | None = None, seed: int = 0
) -> Ladder:
    with ThreadPoolExecutor(2) as pool:
        return ladder(
            game,
            bots,
            players=players,
            games=games,
            seed=seed,
            executor=pool,
            workers=2,
            results=results,
        )


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


def test_a_ladder_keeps_its_games_and_resumes_where_it_stopped(tmp_path: Path) -> None:
    bots = ["greedy", "heuristic", "random"]
    fresh = _ladder("magellan-elcano", bots, 2, 4)
    folder = tmp_path / "results"
    kept = _ladder("magellan-elcano", bots, 2, 4, results=folder)
    assert fresh == kept
    files = sorted(folder.iterdir())
    names = [f"magellan-elcano-2p-table{number}.jsonl" for number in (1, 2, 3)]
    assert names == [path.name for path in files]
    assert all(5 == len(path.read_text("utf-8").splitlines()) for path in files)  # header + 4
    # Stopped in the middle of the second table: its last two games and the third table lost.
    lines = files[1].read_text("utf-8").splitlines(keepends=True)
    files[1].write_text("".join(lines[:3]), "utf-8")
    files[2].unlink()
    again = _ladder("magellan-elcano", bots, 2, 4, results=folder)
    assert fresh == again
    replayed = files[1].read_text("utf-8").splitlines(keepends=True)
    assert lines[:3] == replayed[:3]  # the two kept games were not played again
    assert 5 == len(replayed)
    assert 5 == len(files[2].read_text("utf-8").splitlines())


def test_a_ladder_refuses_the_results_of_another(tmp_path: Path) -> None:
    _ladder("magellan-elcano", ["greedy", "random"], 2, 2, results=tmp_path)
    with pytest.raises(boardgames.ConfigurationError, match="results of another tournament"):
        _ladder("magellan-elcano", ["greedy", "random"], 2, 2, results=tmp_path, seed=1)
    (tmp_path / "a-file").write_text("", "utf-8")
    with pytest.raises(boardgames.ConfigurationError, match="is a file, not a folder"):
        _ladder("magellan-elcano", ["greedy", "random"], 2, 2, results=tmp_path / "a-file")


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
@pytest.mark.parametrize(
    ("game", "search", "games"),
    [
        ("magellan-elcano", "ismcts:iterations=40", 24),
        ("morrigan", "ismcts:decisions=300:rollout_depth=4", 16),
        ("kincses-sziget", "ismcts:decisions=150:rollout_depth=4", 12),
        ("morgans-magic-map", "ismcts:decisions=100:rollout_depth=4", 4),
    ],
)
def test_a_small_search_beats_random(game: str, search: str, games: int) -> None:
    """ISMCTS, even on a tiny budget, wins more often than random, in every game (2 players).

    Magellan: Elcano rolls out to the end, 40 iterations a decision; the longer games cut
    their rollouts after 4 decisions and judge them by their ``heuristic_value``, with a
    budget of 100 to 300 simulated decisions, so that the test stays short.
    """
    result = _ladder(game, [search, "random"], 2, games)
    searching, random_bot = result.rows
    assert searching.win_share > random_bot.win_share
    assert searching.win_share_low > 0.5


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
    assert EXIT_OK == main(
        [*arguments, "--bots", "greedy,random", "--results", str(tmp_path / "kept")]
    )
    (kept,) = (tmp_path / "kept").iterdir()
    assert "magellan-elcano-2p-table1.jsonl" == kept.name
    assert 3 == len(kept.read_text("utf-8").splitlines())  # the header and two games
    page.write_text("no markers\n", "utf-8")
    assert EXIT_USAGE == main([*arguments, "--bots", "greedy,random", "--write-page", str(page)])
    assert "needs one line" in capsys.readouterr().err

"""The summary table on hand-made games: means, shared wins, Wilson intervals, ratings."""

from __future__ import annotations

import math

import pytest

from boardgames.tournaments import (
    BotStanding,
    GameSummary,
    TournamentConfig,
    TournamentResult,
    summarize,
    wilson_interval,
)


def game(
    deal: int,
    rotation: int,
    seating: tuple[str, ...],
    scores: tuple[float, ...],
    ranking: tuple[int, ...],
) -> GameSummary:
    return GameSummary(deal, rotation, 0, seating, scores, ranking, decisions=10)


HAND_MADE = (
    game(0, 0, ("a", "b", "c"), (10, 5, 5), (1, 2, 2)),
    game(0, 1, ("c", "a", "b"), (7, 7, 1), (1, 1, 3)),
    game(0, 2, ("b", "c", "a"), (3, 2, 9), (2, 3, 1)),
)


def rows(games: tuple[GameSummary, ...], bots: list[str]) -> dict[str, BotStanding]:
    return {standing.bot: standing for standing in summarize(games, bots)}


def test_means_and_shared_wins() -> None:
    table = rows(HAND_MADE, ["a", "b", "c"])
    assert (3, 3, 3) == (table["a"].games, table["b"].games, table["c"].games)
    assert pytest.approx(26 / 3) == table["a"].mean_score
    assert pytest.approx(3.0) == table["b"].mean_score
    assert pytest.approx(14 / 3) == table["c"].mean_score
    assert pytest.approx(1.0) == table["a"].mean_rank
    assert pytest.approx(7 / 3) == table["b"].mean_rank
    assert pytest.approx(2.0) == table["c"].mean_rank
    # A tie for first place shares one win: a and c each get half of game 0/1.
    assert (2.5, 0.0, 0.5) == (table["a"].wins, table["b"].wins, table["c"].wins)
    assert pytest.approx(2.5 / 3) == table["a"].win_share
    assert 0.0 == table["b"].win_share
    assert math.isclose(1.0, sum(row.wins for row in table.values()) / 3)


def test_win_share_intervals_are_wilson_score_intervals() -> None:
    table = rows(HAND_MADE, ["a", "b", "c"])
    for row in table.values():
        assert wilson_interval(row.wins, row.games) == (row.win_share_low, row.win_share_high)
    low, high = wilson_interval(2.5, 3)
    assert (0.3100, 0.9823) == (round(low, 4), round(high, 4))


@pytest.mark.parametrize(
    ("successes", "trials", "expected"),
    [
        (5, 10, (0.2366, 0.7634)),
        (0, 10, (0.0, 0.2775)),
        (10, 10, (0.7225, 1.0)),
        (50, 200, (0.1951, 0.3143)),  # p = 0.25: centre 0.2547, half-width 0.0596
    ],
)
def test_wilson_interval_known_values(
    successes: float, trials: int, expected: tuple[float, float]
) -> None:
    low, high = wilson_interval(successes, trials)
    assert expected == (round(low, 4), round(high, 4))


def test_wilson_interval_without_trials_is_everything() -> None:
    assert (0.0, 1.0) == wilson_interval(0, 0)


def test_a_dominated_bot_is_rated_last() -> None:
    bots = ["weak", "strong", "middle"]
    games = []
    for deal in range(20):
        for rotation in range(3):
            seats = tuple(bots[(seat - rotation) % 3] for seat in range(3))
            places = {"strong": 1, "middle": 2, "weak": 3}
            ranking = tuple(places[bot] for bot in seats)
            games.append(game(deal, rotation, seats, tuple(10.0 - p for p in ranking), ranking))
    standings = summarize(games, bots)
    assert ["strong", "middle", "weak"] == [standing.bot for standing in standings]
    strong, middle, weak = standings
    assert strong.rating_mu > middle.rating_mu > 25 > weak.rating_mu
    assert all(standing.rating_sigma < 25 / 3 for standing in standings)
    assert weak.rating_ordinal == weak.rating_mu - 3 * weak.rating_sigma
    assert (1.0, 0.0) == (strong.win_share, weak.win_share)


def test_a_bot_in_several_seats_is_placed_by_its_mean_place() -> None:
    tied = game(0, 0, ("a", "b", "a"), (3, 2, 1), (1, 2, 3))  # a's places average 2
    table = rows((tied,), ["a", "b"])
    assert table["a"].rating_mu == pytest.approx(table["b"].rating_mu)
    assert (2, 1) == (table["a"].games, table["b"].games)
    assert pytest.approx(2.0) == table["a"].mean_rank


def test_one_bot_alone_keeps_its_prior_rating() -> None:
    table = rows((game(0, 0, ("a", "a"), (1, 2), (2, 1)),), ["a"])
    assert 25.0 == table["a"].rating_mu
    assert pytest.approx(25 / 3) == table["a"].rating_sigma
    assert 0.5 == table["a"].win_share


def test_a_bot_without_games_has_empty_statistics() -> None:
    table = rows((), ["a"])
    assert 0 == table["a"].games
    assert math.isnan(table["a"].mean_score)
    assert math.isnan(table["a"].win_share)


def test_unknown_bots_in_games_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot 'c'"):
        summarize(HAND_MADE, ["a", "b"])


def test_seconds_are_not_compared() -> None:
    fast = GameSummary(0, 0, 0, ("a",), (1.0,), (1,), 3, seconds=0.1)
    slow = GameSummary(0, 0, 0, ("a",), (1.0,), (1,), 3, seconds=9.0)
    assert fast == slow


def test_the_table_shows_every_column() -> None:
    config = TournamentConfig("magellan-elcano", 3, (("storm_variant", False),), ("a", "b", "c"), 0)
    result = TournamentResult(config, HAND_MADE, summarize(HAND_MADE, ["a", "b", "c"]))
    lines = str(result).splitlines()
    assert (
        "magellan-elcano, 3 players, storm_variant=false, seed 0: 3 games (1 deal x 3 seatings)"
        == lines[0]
    )
    assert ["bot", "games", "mean", "score", "mean", "rank", "win", "share", "95%", "CI"] == (
        lines[1].split()[:10]
    )
    assert lines[2].startswith("a ")
    assert "0.833" in lines[2]
    assert "0.310 to 0.982" in lines[2]
    assert result.format_table() == str(result)

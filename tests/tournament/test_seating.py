"""Seat rotation and paired deals: every bot plays every seat equally, on the same deals."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames.tournaments import deal_seed, seating, tournament

GAME = "magellan-elcano"


@given(bots=st.integers(1, 5), extra=st.integers(0, 3))
def test_rotations_put_every_bot_in_every_seat_once(bots: int, extra: int) -> None:
    names = [f"bot{index}" for index in range(bots)]
    players = bots + extra
    counts = Counter(
        (seat, bot)
        for rotation in range(bots)
        for seat, bot in enumerate(seating(names, players, rotation))
    )
    expected = {(seat, bot): 1 for seat in range(players) for bot in names}
    assert expected == counts


def test_each_rotation_moves_every_bot_one_seat_clockwise() -> None:
    assert ("a", "b", "c") == seating(["a", "b", "c"], 3, 0)
    assert ("c", "a", "b") == seating(["a", "b", "c"], 3, 1)
    assert ("b", "c", "a") == seating(["a", "b", "c"], 3, 2)


def test_fewer_bots_than_seats_are_cycled() -> None:
    assert ("a", "b", "a", "b") == seating(["a", "b"], 4, 0)
    assert ("b", "a", "b", "a") == seating(["a", "b"], 4, 1)
    assert ("a", "b", "a") == seating(["a", "b"], 3, 0)
    assert ("b", "a", "b") == seating(["a", "b"], 3, 1)


def test_deal_seeds_are_fixed_distinct_and_fit_in_63_bits() -> None:
    seeds = [deal_seed(0, deal) for deal in range(1000)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed < 2**63 for seed in seeds)
    assert seeds == [deal_seed(0, deal) for deal in range(1000)]
    assert not set(seeds) & {deal_seed(1, deal) for deal in range(1000)}


@pytest.mark.usefixtures("test_bots")
def test_a_tournament_pairs_seeds_and_balances_seats() -> None:
    bots = ["first", "last", "random"]
    with ThreadPoolExecutor(2) as executor:
        result = tournament(GAME, bots, games=12, executor=executor)
    assert 12 == len(result.games)
    assert [(deal, rotation) for deal in range(4) for rotation in range(3)] == [
        (game.deal, game.rotation) for game in result.games
    ]
    for game in result.games:
        assert deal_seed(0, game.deal) == game.seed
        assert seating(bots, 3, game.rotation) == game.seating
    seats = Counter((seat, bot) for game in result.games for seat, bot in enumerate(game.seating))
    assert {(seat, bot): 4 for seat in range(3) for bot in bots} == seats
    assert all(standing.games == 12 for standing in result.standings)


@pytest.mark.usefixtures("test_bots")
def test_games_are_rounded_up_to_whole_deals() -> None:
    with ThreadPoolExecutor(1) as executor:
        result = tournament(GAME, ["first", "last"], games=5, executor=executor)
    assert 6 == len(result.games)
    assert {0, 1, 2} == {game.deal for game in result.games}


@pytest.mark.usefixtures("test_bots")
def test_fewer_bots_than_seats_fill_every_seat() -> None:
    with ThreadPoolExecutor(1) as executor:
        result = tournament(GAME, ["first", "last"], games=4, players=3, executor=executor)
    assert [("first", "last", "first"), ("last", "first", "last")] * 2 == [
        game.seating for game in result.games
    ]
    standings = {standing.bot: standing for standing in result.standings}
    assert 6 == standings["first"].games == standings["last"].games
    assert "seat-games" in result.format_table()

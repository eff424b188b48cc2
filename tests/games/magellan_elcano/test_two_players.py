"""The 2-player rule: the 4/1 ocean cards are worth 1."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames.games.magellan_elcano import Crew, MagellanElcano, MagellanState, Pass
from boardgames.games.magellan_elcano.components import OCEAN_CARDS

FOURS = (2, 8, 14)  # red 4, blue 4, green 4


def one_card_won(
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    players: int,
    card: int,
) -> MagellanState:
    """Return round 1 where seat 0 has already won ocean ``card`` (its colour's pile is empty)."""
    colour = card // 6
    piles: list[tuple[int, ...]] = [(0,), (6,), (12,)]
    piles[colour] = ()
    won = [(card,)] + [()] * (players - 1)
    return make_state([make_crew([0, 1, 2, 3, 4]) for _ in range(players)], piles=piles, won=won)


@pytest.mark.parametrize("card", range(18))
def test_only_the_4_1_card_loses_value_with_two_players(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    card: int,
) -> None:
    """With two players a 4-point ocean card scores 1; every other card its printed value.

    Rulebook: "At the end of the game these 4/1 ocean cards are only worth 1 victory point
    when totalling up the ocean cards." Ruling A-MAG-2: "only cards marked '4/1' change in
    2p (worth 1); all others keep their value."
    """
    points = OCEAN_CARDS[card].points
    two_player = make_game(2).score(one_card_won(make_crew, make_state, 2, card))
    assert (float(1 if points == 4 else points), 0.0) == two_player


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("card", FOURS)
def test_the_4_1_card_is_worth_4_with_three_or_more_players(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    players: int,
    card: int,
) -> None:
    """With three or more players the 4/1 card keeps its 4 points.

    Rulebook: "In a 2-player game a small variation is introduced." (only then)
    """
    score = make_game(players).score(one_card_won(make_crew, make_state, players, card))
    assert 4.0 == score[0]


def test_a_4_1_card_won_in_anchoring_counts_1(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """The red 4 revealed in phase A and won with R7 is worth 1 point in a 2-player game.

    Rulebook: "When, in phase A (Chart The Course), a 4/1 ocean card is drawn, that card
    must be immediately rotated to show the value 1 as marked with a 2-player icon."
    """
    game = make_game(2)
    crews = [make_crew([0, 1, 2, 3], red=[12]), make_crew([0, 1, 2, 3, 4], passed=True)]
    state = make_state(crews, piles=((2,), (6,), (12,)))
    state = game.apply(state, Pass())
    assert ((2,), ()) == state.won
    assert (1.0, 0.0) == game.score(state)


def test_the_two_player_ranking_uses_the_reduced_value(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Red 4 (1 point) + blue 4 (1 point) loses to a single red 3 with two players.

    Rulebook: "At the end of the game these 4/1 ocean cards are only worth 1 victory point
    when totalling up the ocean cards."
    """
    game = make_game(2)
    crews = [make_crew([12, 13, 14], round=6), make_crew([], round=6)]
    won = ((2, 8), (1,))
    piles = ((0, 3, 4, 5), (6, 7, 9, 10, 11), tuple(range(12, 18)))
    state = make_state(crews, round=6, to_move=None, piles=piles, won=won)
    assert (2.0, 3.0) == game.score(state)
    assert (2, 1) == game.ranking(state)


@pytest.mark.parametrize(("players", "shown"), [(2, 1), (3, 4)])
def test_the_face_up_4_1_card_is_shown_as_1_only_with_two_players(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    players: int,
    shown: int,
) -> None:
    """The red 4/1 card on the table reads 1 with two players, 4 with three, in every view.

    Rulebook: "When, in phase A (Chart The Course), a 4/1 ocean card is drawn, that card
    must be immediately rotated to show the value 1 as marked with a 2-player icon."
    Ruling A-MAG-2: "only cards marked '4/1' change in 2p (worth 1)".
    """
    game = make_game(players)
    crews = [make_crew([0, 1, 2, 3, 4]) for _ in range(players)]
    state = make_state(crews, piles=((FOURS[0],), (6,), (12,)))
    line = f"ocean  red: {shown} (deck 5) | blue: 2 (deck 5) | green: 2 (deck 5)"
    assert line in game.render_state(state).splitlines()
    for seat in range(players):
        assert line in game.render_observation(game.observe(state, seat)).splitlines()

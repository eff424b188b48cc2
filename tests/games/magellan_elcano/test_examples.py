"""The rulebook's worked examples, as hand-made states."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.magellan_elcano import Crew, MagellanElcano, MagellanState, Pass, Place
from boardgames.games.magellan_elcano.components import (
    CREW_CARDS,
    OCEAN_CARDS,
    STORM_CARDS,
    Colour,
)
from boardgames.games.magellan_elcano.rules import column_totals, storm_column_totals

RITA, TOMMY = 0, 1
MARIANNE = 0
JOE = 2


def test_rita_wins_the_green_anchoring_and_tommy_takes_his_card_back(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Rita's green 3 + 2 = 5 beats Tommy's green 4 for the 2-point green ocean card.

    Rulebook: "Example: Rita won the green anchoring this round with a value of 3 + 2 = 5
    crew. Rita takes the green ocean card = 2 victory points. Rita places her 2 crew cards
    used to win into her discard pile. Tommy played a single green card and lost the
    competition for the green anchoring (4 < 5). Because of this he takes the card back
    into his hand for the next round."
    """
    game = make_game(2)
    crews = [
        make_crew([0, 1, 2], green=[10, 9]),  # Rita: G3/R5 as green 3, G2/R3 as green 2
        make_crew([0, 1, 2, 3], green=[4], passed=True),  # Tommy: B1/G4 as green 4
    ]
    state = make_state(crews, first_player=RITA, to_move=RITA, piles=((0,), (6,), (12,)))
    assert "green 2" == str(OCEAN_CARDS[12])
    assert (5, 4) == column_totals(state, Colour.GREEN)
    state = game.apply(state, Pass())
    assert ((12,), ()) == state.won
    assert (2.0, 0.0) == game.score(state)
    assert (10, 9) == state.crews[RITA].discard
    assert 4 in state.crews[TOMMY].hand
    assert ((4, frozenset({Place.HAND})),) == game.observe(state, RITA).crews[TOMMY].known


def test_marianne_beats_rita_on_the_hand_tie_break(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Both have 16 points; Marianne's one card (7) beats Rita's two (3 + 3 = 6).

    Rulebook: "Example: Marianne won the game with 16 victory points, coming from 5 ocean
    cards conquered!" and "Example: Rita also ended the game with 16 victory points. Two
    crew cards remained in her hand (she did not place them on the table during the last
    round). Marianne ended the game with a single crew card in hand. Marianne won because
    she adds a maximum value of 7 while Rita adds in her two cards the maximum value of 6!"
    """
    game = make_game(3)
    rita = 1
    crews = [
        make_crew([12], round=6),  # Marianne: R7
        make_crew([1, 9], round=6),  # Rita: R2/B3 and G2/R3
        make_crew([14], round=6),  # a third captain, with G7
    ]
    won = ((0, 7, 13, 2, 8), (3, 9, 16), (1, 6))  # 2+3+3+4+4, 5+5+6, 3+2
    piles = ((4, 5), (10, 11), (12, 14, 15, 17))
    state = make_state(crews, round=6, to_move=None, piles=piles, won=won)
    assert 5 == len(state.won[MARIANNE])
    assert (16.0, 16.0, 5.0) == game.score(state)
    assert [7] == [CREW_CARDS[card].highest for card in state.crews[MARIANNE].hand]
    assert 6 == sum(CREW_CARDS[card].highest for card in state.crews[rita].hand)
    assert (1, 2, 3) == game.ranking(state)


def test_joe_wins_both_storm_cards_with_two_face_down_cards(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Joe's two astrolabes beat everyone's one; he takes the 1- and 2-point storm cards.

    Rulebook: "Example: Joe won the storm competition this round with a value of 2, 1 per
    crew card. Joe wins the 2 storm cards available this round, earning 1+2 victory
    points."
    """
    game = make_game(5)
    crews = [
        make_crew([0, 1, 2, 3, 4, 6], storm=[5], round=2),
        make_crew([0, 1, 2, 3, 4, 5, 6], round=2, passed=True),
        make_crew([0, 1, 2, 4, 6], storm=[3, 12], round=2, passed=True),  # Joe
        make_crew([0, 1, 2, 3, 4, 5], storm=[7], round=2, passed=True),
        make_crew([0, 1, 2, 3, 4, 5, 6], round=2, passed=True),
    ]
    piles = ((0, 1), (6, 7), (12, 13))
    state = make_state(crews, round=2, piles=piles, storm_pile=(0, 1))
    assert [1, 2] == [STORM_CARDS[card].points for card in state.storm_pile]
    assert (1, 0, 2, 1, 0) == storm_column_totals(state)
    state = game.apply(state, Pass())
    assert ((), (), (0, 1), (), ()) == state.won_storms
    assert 3.0 == game.score(state)[JOE]
    assert frozenset({3, 12}) == state.crews[JOE].hidden_discard

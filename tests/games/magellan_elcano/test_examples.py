"""The rulebook's worked examples, each set up from a position's text."""

from __future__ import annotations

from boardgames.games.magellan_elcano import (
    MagellanElcano,
    MagellanPosition,
    MagellanState,
    Pass,
    Place,
)
from boardgames.games.magellan_elcano.components import CREW_CARDS, crew_card, ocean_card

RITA, TOMMY = 0, 1
MARIANNE, RITA_OF_THREE = 0, 1
JOE = 2


def set_up(text: str) -> tuple[MagellanElcano, MagellanState]:
    """The game and the state of a position's text (the unnamed cards from seed 0)."""
    position = MagellanPosition.parse(text)
    game = MagellanElcano(players=position.players)
    return game, game.setup(position, seed=0)


def test_rita_wins_the_green_anchoring_and_tommy_takes_his_card_back() -> None:
    """Rita's green 3 + 2 = 5 beats Tommy's green 4 for the 2-point green ocean card.

    Rulebook: "Example: Rita won the green anchoring this round with a value of 3 + 2 = 5
    crew. Rita takes the green ocean card = 2 victory points. Rita places her 2 crew cards
    used to win into her discard pile. Tommy played a single green card and lost the
    competition for the green anchoring (4 < 5). Because of this he takes the card back
    into his hand for the next round."
    """
    game, state = set_up("""
        magellan-elcano players 2
        ocean green 2
        seat 0 green G3/R5 G2/R3
        seat 1 green B1/G4
        seat 1 passed
    """)
    state = game.apply(state, Pass())
    assert ((ocean_card("green 2").id,), ()) == state.won
    assert (2.0, 0.0) == game.score(state)
    assert (crew_card("G3/R5").id, crew_card("G2/R3").id) == state.crews[RITA].discard
    tommys_four = crew_card("B1/G4").id
    assert ((tommys_four, frozenset({Place.HAND})),) == game.observe(state, RITA).crews[TOMMY].known


def test_marianne_beats_rita_on_the_hand_tie_break() -> None:
    """Both have 16 points; Marianne's one card (7) beats Rita's two (3 + 3 = 6).

    Rulebook: "Example: Marianne won the game with 16 victory points, coming from 5 ocean
    cards conquered!" and "Example: Rita also ended the game with 16 victory points. Two
    crew cards remained in her hand (she did not place them on the table during the last
    round). Marianne ended the game with a single crew card in hand. Marianne won because
    she adds a maximum value of 7 while Rita adds in her two cards the maximum value of 6!"
    """
    game, state = set_up("""
        magellan-elcano players 3
        round 6
        to-move none
        ocean red 6 7
        ocean blue 6 7
        ocean green 2 4 5 7
        seat 0 hand-size 1
        seat 0 hand R7
        seat 0 won red 2 blue 3 green 3 red 4 blue 4
        seat 1 hand-size 2
        seat 1 hand R2/B3 G2/R3
        seat 1 won red 5 blue 5 green 6
        seat 2 hand-size 1
        seat 2 won red 3 blue 2
    """)
    assert (16.0, 16.0, 5.0) == game.score(state)
    assert [7] == [CREW_CARDS[card].highest for card in state.crews[MARIANNE].hand]
    assert 6 == sum(CREW_CARDS[card].highest for card in state.crews[RITA_OF_THREE].hand)
    assert (1, 2, 3) == game.ranking(state)


def test_joe_wins_both_storm_cards_with_two_face_down_cards() -> None:
    """Joe's two astrolabes beat everyone's one; he takes the 1- and 2-point storm cards.

    Rulebook: "Example: Joe won the storm competition this round with a value of 2, 1 per
    crew card. Joe wins the 2 storm cards available this round, earning 1+2 victory
    points."
    """
    game, state = set_up("""
        magellan-elcano players 5
        round 2
        storm-pile 1 2
        seat 0 storm ?
        seat 1 passed
        seat 2 storm ? ?
        seat 2 passed
        seat 3 storm ?
        seat 3 passed
        seat 4 passed
    """)
    joes = frozenset(state.crews[JOE].storm)
    state = game.apply(state, Pass())
    assert 3.0 == game.score(state)[JOE]
    assert joes == state.crews[JOE].hidden_discard

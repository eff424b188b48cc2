"""The card tables satisfy the counts the rulebook prints and the constraints of A-MAG-1/2."""

from __future__ import annotations

from collections import Counter

from boardgames.games.magellan_elcano.components import (
    CREW_CARDS,
    CREW_DECK_SIZE,
    OCEAN_CARDS,
    OCEAN_CARDS_PER_COLOUR,
    STORM_CARDS,
    Colour,
)
from boardgames.games.magellan_elcano.rules import HAND_SIZE, ROUNDS


def test_a_crew_deck_has_15_cards() -> None:
    """Each crew deck has 15 cards, ids 0 to 14.

    Rulebook: "15 crew cards per player."
    """
    assert 15 == CREW_DECK_SIZE
    assert 15 == len(CREW_CARDS)
    assert list(range(15)) == [card.id for card in CREW_CARDS]


def test_most_crew_cards_have_two_colours_and_the_sevens_have_one() -> None:
    """Twelve crew cards have two colours; R7, B7 and G7 have one.

    Rulebook: "Most cards have values in two colors." Ruling A-MAG-1 fixes the table.
    """
    two_colour = [card for card in CREW_CARDS if len(card.values) == 2]
    single = [card for card in CREW_CARDS if len(card.values) == 1]
    assert 12 == len(two_colour)
    assert [((Colour.RED, 7),), ((Colour.BLUE, 7),), ((Colour.GREEN, 7),)] == [
        card.values for card in single
    ]
    assert all(card.values[0][0] is not card.values[1][0] for card in two_colour)


def test_crew_card_ids_match_the_documented_table() -> None:
    """The crew table is the A-MAG-1 default, in id order.

    Ruling A-MAG-1: "for each colour X and the next colour Y in red→blue→green, four cards
    X/Y = 1/4, 2/3, 3/5, 6/2, plus single-colour R7, B7, G7."
    """
    expected = [
        "R1/B4", "R2/B3", "R3/B5", "R6/B2",
        "B1/G4", "B2/G3", "B3/G5", "B6/G2",
        "G1/R4", "G2/R3", "G3/R5", "G6/R2",
        "R7", "B7", "G7",
    ]  # fmt: skip
    assert expected == [str(card) for card in CREW_CARDS]


def test_crew_cards_satisfy_the_tie_break_example() -> None:
    """Two cards with maxima adding to 6 and a card with maximum 7 exist.

    Rulebook: "Marianne won because she adds a maximum value of 7 while Rita adds in her
    two cards the maximum value of 6!"
    """
    highest = Counter(card.highest for card in CREW_CARDS)
    assert 2 <= highest[3]
    assert 3 == highest[7]


def test_crew_cards_satisfy_the_anchoring_example() -> None:
    """Green ends of value 3, 2 and 4 exist.

    Rulebook: "Rita won the green anchoring this round with a value of 3 + 2 = 5 crew."
    and Tommy lost with a single green card "(4 < 5)".
    """
    green = {card.value(Colour.GREEN) for card in CREW_CARDS}
    assert {2, 3, 4} <= green


def test_a_card_counts_only_in_its_own_colours() -> None:
    """A two-colour card has a value in each of its colours and none in the third.

    Rulebook: "When playing a card with two colors, players must decide which color the
    card will take for the round."
    """
    assert 0 == CREW_CARDS[0].value(Colour.GREEN)
    assert (1, 4) == (CREW_CARDS[0].value(Colour.RED), CREW_CARDS[0].value(Colour.BLUE))
    assert 7 == CREW_CARDS[12].highest


def test_ocean_cards_are_6_per_colour_with_ids_6c_to_6c_plus_5() -> None:
    """Each colour has six ocean cards worth 2 to 7, ids 6c to 6c+5.

    Rulebook: "6 ocean cards per color/anchor." Values: ruling A-MAG-2.
    """
    assert 18 == len(OCEAN_CARDS)
    assert 6 == OCEAN_CARDS_PER_COLOUR
    for card in OCEAN_CARDS:
        assert card.id // 6 == card.colour
    for colour in Colour:
        assert [2, 3, 4, 5, 6, 7] == [card.points for card in OCEAN_CARDS if card.colour is colour]


def test_only_the_4_point_ocean_cards_change_in_a_two_player_game() -> None:
    """The 4/1 card is worth 1 with two players; no other card changes.

    Rulebook: "At the end of the game these 4/1 ocean cards are only worth 1 victory point
    when totalling up the ocean cards." Ruling A-MAG-2: do not invent other 2-player values.
    """
    for card in OCEAN_CARDS:
        expected = 1 if card.points == 4 else card.points
        assert expected == card.two_player_points


def test_storm_cards_values() -> None:
    """The six storm cards are worth 1, 2, 2, 2, 3 and 3.

    Rulebook: "Storm cards have lower values: 1 x 1 victory point; 3 x 2 vp; 2 x 3 vp."
    """
    assert 6 == len(STORM_CARDS)
    assert [1, 2, 2, 2, 3, 3] == sorted(card.points for card in STORM_CARDS)
    assert list(range(6)) == [card.id for card in STORM_CARDS]


def test_deck_arithmetic_gives_exactly_six_rounds() -> None:
    """Five cards in hand plus two per phase D for five rounds use up a 15-card deck.

    Rulebook: "The game is divided into 6 rounds." (The page's deck arithmetic.)
    """
    assert 5 == HAND_SIZE
    assert 6 == ROUNDS
    assert CREW_DECK_SIZE == HAND_SIZE + 2 * (ROUNDS - 1)
    assert OCEAN_CARDS_PER_COLOUR == ROUNDS
    assert len(STORM_CARDS) == ROUNDS

"""Phase C (Anchoring), then D (Sailors Shift), E (Pigafetta on Board) and A (Chart the Course).

Each scenario is a hand-made round in which every captain but seat 0 has passed; seat 0's
pass ends phase B, and the engine runs phases C, D, E and A of the next round at once.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames.games.magellan_elcano import (
    Crew,
    MagellanElcano,
    MagellanState,
    Pass,
    Place,
    PlayCard,
)
from boardgames.games.magellan_elcano.components import Colour
from boardgames.games.magellan_elcano.rules import column_totals

RED, BLUE, GREEN = Colour.RED, Colour.BLUE, Colour.GREEN
IN_HAND = frozenset({Place.HAND})


@pytest.fixture
def contested(
    make_crew: Callable[..., Crew], make_state: Callable[..., MagellanState]
) -> MagellanState:
    """Round 1, three captains; red 7/6/0, blue 0/0/7, green 3/7/6; seat 0 to pass."""
    crews = [
        make_crew([0, 1, 2], red=[12], green=[10]),  # R7; G3/R5 as green 3
        make_crew([5, 6, 7], red=[3], green=[14], passed=True),  # R6/B2 as red 6; G7
        make_crew([0, 1], blue=[13], green=[4, 9], passed=True),  # B7; G4 + G2
    ]
    return make_state(crews)


@pytest.fixture
def tied(make_crew: Callable[..., Crew], make_state: Callable[..., MagellanState]) -> MagellanState:
    """Round 1, three captains; red 7/7/1 (a tie), blue 0/0/7, green: nobody; seat 0 to pass."""
    crews = [
        make_crew([0, 1, 4, 5], red=[12]),  # R7
        make_crew([0, 1, 4], red=[2, 8], passed=True),  # R3 + R4
        make_crew([1, 4, 5], red=[0], blue=[13], passed=True),  # R1; B7
    ]
    return make_state(crews)


def test_the_largest_sum_in_a_colour_wins_its_ocean_card(
    make_game: Callable[..., MagellanElcano], contested: MagellanState
) -> None:
    """Red goes to seat 0 (7 > 6), blue to seat 2 (7), green to seat 1 (7 > 6 > 3).

    Rulebook: "The player who has the largest sum in a color (i.e. is the strongest in
    that color) wins all the ocean cards face up of that color - including cards from
    previous rounds if any."
    """
    game = make_game(3)
    state = game.apply(contested, Pass())
    assert ((0,), (12,), (6,)) == state.won
    assert (2.0, 2.0, 2.0) == game.score(state)


def test_won_ocean_cards_are_placed_face_up_in_front_of_the_winner(
    make_game: Callable[..., MagellanElcano], contested: MagellanState
) -> None:
    """Every captain sees every captain's won ocean cards.

    Rulebook: "For each color, the winning players place the ocean cards in front of them
    face up."
    """
    game = make_game(3)
    state = game.apply(contested, Pass())
    for seat in range(3):
        assert ((0,), (12,), (6,)) == game.observe(state, seat).won


def test_the_winner_discards_the_winning_column_face_up(
    make_game: Callable[..., MagellanElcano], contested: MagellanState
) -> None:
    """Each winner's column goes to his face-up discard pile, seen by all.

    Rulebook: "when a player wins an ocean card of a certain color/anchor they have to
    discard the crew cards played of that color (i.e. the entire column of cards of the
    winning color)."
    """
    game = make_game(3)
    state = game.apply(contested, Pass())
    assert [(12,), (14,), (13,)] == [crew.discard for crew in state.crews]
    assert [(12,), (14,), (13,)] == [view.discard for view in game.observe(state, 1).crews]
    for crew in state.crews:
        assert not crew.hand & set(crew.discard)


def test_losing_columns_go_back_to_the_hand(
    make_game: Callable[..., MagellanElcano], contested: MagellanState
) -> None:
    """Seat 0's green 3, seat 1's red 6 and seat 2's green 4 + 2 return to their hands.

    Rulebook: "when a player does not win an ocean card in a certain color, the played crew
    cards of that color (column) are taken back to the player's hand."
    """
    game = make_game(3)
    state = game.apply(contested, Pass())
    returned = ({10}, {3}, {4, 9})
    for seat, crew in enumerate(state.crews):
        before = contested.crews[seat]
        assert before.hand | returned[seat] | set(before.deck[:2]) == crew.hand
        assert ((), (), ()) == crew.columns


def test_cards_taken_back_are_public_knowledge(
    make_game: Callable[..., MagellanElcano], contested: MagellanState
) -> None:
    """Returned cards are listed as known to be in hand, in everyone's observation.

    Ruling A-MAG-11: cards returned to hand after a lost or tied colour were seen on the table,
    so they are known to all.
    """
    game = make_game(3)
    state = game.apply(contested, Pass())
    expected = (((10, IN_HAND),), ((3, IN_HAND),), ((4, IN_HAND), (9, IN_HAND)))
    for seat in range(3):
        assert expected == tuple(view.known for view in game.observe(state, seat).crews)


def test_a_known_card_is_forgotten_once_it_is_played_again(
    make_game: Callable[..., MagellanElcano], contested: MagellanState
) -> None:
    """A returned card that is played face up again is on the table, no longer 'known'.

    Hidden information: a hand card becomes public when played face up; the known
    list is only for cards that are hidden again.
    """
    game = make_game(3)
    state = game.apply(contested, Pass())  # round 2, seat 1 starts
    state = game.apply(state, PlayCard(3, BLUE))
    assert () == state.crews[1].known
    assert (3,) == state.crews[1].columns[BLUE]


def test_a_single_bidder_wins_and_empty_colours_stay_on_the_table(
    make_game: Callable[..., MagellanElcano], tied: MagellanState
) -> None:
    """Blue 7 against nothing wins; green, where nobody bid, is not awarded (A-MAG-6).

    Ruling A-MAG-6: "a colour is won only by a unique maximum > 0; all-zero is a tie → no
    award."
    """
    game = make_game(3)
    state = game.apply(tied, Pass())
    assert ((), (), (6,)) == state.won
    assert (12, 13) == state.ocean_piles[GREEN]


def test_a_tie_awards_nothing_and_the_tied_players_take_their_cards_back(
    make_game: Callable[..., MagellanElcano], tied: MagellanState
) -> None:
    """Red 7 = 7: the red card stays, seats 0 and 1 (and seat 2's lower red) go back to hand.

    Rulebook: "Ties: in the event of a tie, the ocean card in the tied color is not awarded
    and remains face up in the center of the table. The tied players take their crew cards
    back into their hands."
    """
    game = make_game(3)
    state = game.apply(tied, Pass())
    assert ((), (), (6,)) == state.won  # only blue was awarded
    assert (0, 1) == state.ocean_piles[RED]
    assert {12} <= state.crews[0].hand
    assert {2, 8} <= state.crews[1].hand
    assert {0} <= state.crews[2].hand
    assert [(), (), (13,)] == [crew.discard for crew in state.crews]


def test_a_tie_below_the_top_does_not_stop_the_largest_sum_from_winning(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Red 5 / 7 / 5: seat 1's 7 wins the red card; the two tied 5s simply lose.

    Seat 1 discards his R7; seat 0's R5 and seat 2's R3 + R2 go back to their hands.

    Rulebook: "The player who has the largest sum in a color (i.e. is the strongest in that
    color) wins all the ocean cards face up of that color" and "All the other crew cards
    played by all players are taken back into their hands." Ruling A-MAG-6: "a colour is
    won only by a unique maximum > 0" (the tie rule concerns the largest sum only).
    """
    game = make_game(3)
    crews = [
        make_crew([0, 1, 2, 3], red=[10]),  # G3/R5 as red 5
        make_crew([0, 1, 2, 3], red=[12], passed=True),  # R7
        make_crew([0, 1, 3], red=[9, 11], passed=True),  # G2/R3 + G6/R2 as red 3 + 2
    ]
    before = make_state(crews)
    assert (5, 7, 5) == column_totals(before, RED)
    state = game.apply(before, Pass())
    assert ((), (0,), ()) == state.won
    assert (0.0, 2.0, 0.0) == game.score(state)
    assert before.ocean_decks[RED][:1] == state.ocean_piles[RED]  # only round 2's card is left
    assert [(), (12,), ()] == [crew.discard for crew in state.crews]
    returned: tuple[set[int], set[int], set[int]] = ({10}, set(), {9, 11})
    for seat, crew in enumerate(state.crews):
        old = before.crews[seat]
        assert old.hand | returned[seat] | set(old.deck[:2]) == crew.hand
        assert ((), (), ()) == crew.columns
    assert 12 not in state.crews[1].hand


def test_leftover_cards_stay_visible_under_the_new_card(
    make_game: Callable[..., MagellanElcano], tied: MagellanState
) -> None:
    """After the red tie, round 2's red pile is the old card then the new one, seen by all.

    Rulebook: "Important: if any ocean cards remain from the previous round the new card is
    placed on top of them so that the values of all cards are visible."
    """
    game = make_game(3)
    new_red = tied.ocean_decks[RED][0]
    state = game.apply(tied, Pass())
    assert (0, new_red) == state.ocean_piles[RED]
    for seat in range(3):
        assert (0, new_red) == game.observe(state, seat).ocean_piles[RED]
    assert "red: 2 3 (deck 4)" in game.render_state(state)


def test_phase_a_reveals_one_card_of_each_colour_each_round(
    make_game: Callable[..., MagellanElcano], contested: MagellanState
) -> None:
    """After round 1, each pile holds the next card of its deck; each deck has one fewer.

    Rulebook: "Draw one ocean card from each deck and place it face up on the table, below
    each deck."
    """
    game = make_game(3)
    state = game.apply(contested, Pass())
    assert tuple(deck[:1] for deck in contested.ocean_decks) == state.ocean_piles
    assert tuple(deck[1:] for deck in contested.ocean_decks) == state.ocean_decks


def test_several_leftover_cards_of_one_colour_are_won_at_once(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Green 2, 3 and 4 lie on the table after two tied rounds; G3 + G6 = 9 wins all three.

    Rulebook: "It is possible that several ocean cards of the same color remain face up from
    round to round." and the winner "wins all the ocean cards face up of that color -
    including cards from previous rounds if any."
    """
    game = make_game(3)
    crews = [
        make_crew([0, 1, 2, 3, 4, 5, 6], green=[10, 11], round=3),  # G3 + G6 = 9
        make_crew([0, 1, 2, 3, 4, 5, 6, 7], green=[14], round=3, passed=True),  # G7
        make_crew([0, 1, 2, 3, 4, 5, 6, 7, 8], round=3, passed=True),
    ]
    state = make_state(
        crews,
        round=3,
        piles=((2,), (8,), (12, 13, 14)),
        won=((0,), (1, 6), (7,)),
    )
    state = game.apply(state, Pass())
    assert (0, 12, 13, 14) == state.won[0]
    assert 2 + 2 + 3 + 4 == game.score(state)[0]
    assert (15,) == state.ocean_piles[GREEN]


def test_each_player_draws_two_cards_whatever_his_hand_size(
    make_game: Callable[..., MagellanElcano], tied: MagellanState
) -> None:
    """Every hand gains the top two cards of its deck, even a hand that played nothing.

    Rulebook: "Each player draws the top two cards from their draw deck and adds the cards
    to their hand, no matter how many cards they have in the hand already."
    """
    game = make_game(3)
    state = game.apply(tied, Pass())
    expected_sizes = [4 + 1 + 2, 3 + 2 + 2, 3 + 1 + 2]  # hand + returned + drawn
    assert expected_sizes == [len(crew.hand) for crew in state.crews]
    for before, after in zip(tied.crews, state.crews, strict=True):
        assert set(before.deck[:2]) <= after.hand
        assert before.deck[2:] == after.deck
        assert 8 == len(after.deck)


def test_drawn_cards_are_not_public_knowledge(
    make_game: Callable[..., MagellanElcano], tied: MagellanState
) -> None:
    """Phase D draws are seen by their owner only, so they are not listed as known.

    Hidden information: the deck's cards become visible when drawn, to their owner only.
    """
    game = make_game(3)
    state = game.apply(tied, Pass())
    for before, after in zip(tied.crews, state.crews, strict=True):
        assert not {card for card, _ in after.known} & set(before.deck[:2])


@pytest.mark.parametrize(("first", "expected"), [(0, 1), (1, 2), (2, 0)])
def test_pigafetta_passes_to_the_left_and_the_new_first_player_starts(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    first: int,
    expected: int,
) -> None:
    """The Pigafetta card moves one seat clockwise; its new holder acts first.

    Rulebook: "The Pigafetta card is given to the player to the left of the current first
    player. The next round continues starting at phase A."
    """
    game = make_game(3)
    crews = [make_crew([0, 1, 2, 3], red=[12], passed=seat != first) for seat in range(3)]
    state = make_state(crews, first_player=first, to_move=first)
    state = game.apply(state, Pass())
    assert (2, expected, expected) == (state.round, state.first_player, state.to_move)
    assert not state.first_has_played
    assert not any(crew.passed for crew in state.crews)

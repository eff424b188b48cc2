"""Phase B, Cross the Seas: playing crew cards, turn order and passing."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import boardgames
from boardgames.games.magellan_elcano import (
    Crew,
    MagellanElcano,
    MagellanState,
    Pass,
    PlayCard,
    PlayFaceDown,
)
from boardgames.games.magellan_elcano.components import Colour
from boardgames.games.magellan_elcano.rules import column_totals

RED, BLUE, GREEN = Colour.RED, Colour.BLUE, Colour.GREEN
HAND = (0, 4, 9, 10, 12)  # R1/B4, B1/G4, G2/R3, G3/R5, R7


def fresh_table(
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    players: int = 3,
    first_player: int = 0,
) -> MagellanState:
    """Return round 1, nothing played yet, every captain holding ``HAND``."""
    crews = [make_crew(HAND) for _ in range(players)]
    return make_state(crews, first_player=first_player, to_move=first_player)


def test_a_card_may_be_played_in_either_of_its_colours(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Each two-colour card is offered in both colours, a single-colour card in its one.

    Rulebook: "When playing a card with two colors, players must decide which color the
    card will take for the round."
    """
    game = make_game(3)
    state = fresh_table(make_crew, make_state)
    expected = [
        PlayCard(0, RED), PlayCard(0, BLUE),
        PlayCard(4, BLUE), PlayCard(4, GREEN),
        PlayCard(9, GREEN), PlayCard(9, RED),
        PlayCard(10, GREEN), PlayCard(10, RED),
        PlayCard(12, RED),
    ]  # fmt: skip
    assert expected == list(game.legal_actions(state))


@pytest.mark.parametrize(("colour", "value"), [(GREEN, 3), (RED, 5)])
def test_the_card_counts_the_value_of_the_chosen_end_in_that_colours_column(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    colour: Colour,
    value: int,
) -> None:
    """G3/R5 played as green counts 3 in the green column; played as red, 5 in the red.

    Rulebook: "The crew card played takes the larger number on the compass facing the
    center of the table. The card may be played upside down."
    """
    game = make_game(3)
    state = game.apply(fresh_table(make_crew, make_state), PlayCard(10, colour))
    crew = state.crews[0]
    assert (10,) == crew.columns[colour]
    assert 1 == sum(len(column) for column in crew.columns)
    assert 10 not in crew.hand
    expected_totals = [0, 0, 0]
    expected_totals[colour] = value
    assert expected_totals == [column_totals(state, c)[0] for c in Colour]


def test_cards_of_one_colour_share_one_column_and_add_up(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Two green cards go into the same green column and their values add up.

    Rulebook: "The players can place up to three columns of cards, each one in a different
    color/anchor (red, blue, green). All cards in a column must be of the same
    color/anchor".
    """
    game = make_game(3)
    state = fresh_table(make_crew, make_state)
    state = game.apply(state, PlayCard(10, GREEN))  # seat 0: green 3
    state = game.apply(state, Pass())  # seat 1
    state = game.apply(state, Pass())  # seat 2
    state = game.apply(state, PlayCard(4, GREEN))  # seat 0: green 4
    state = game.apply(state, PlayCard(0, BLUE))  # seat 0 again: the others passed
    assert ((), (0,), (10, 4)) == state.crews[0].columns
    assert (7, 0, 0) == column_totals(state, GREEN)
    assert (4, 0, 0) == column_totals(state, BLUE)


def test_a_played_card_keeps_its_place_and_orientation(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """After G3/R5 is played as green, nothing may move or turn it.

    Rulebook: "The placement and orientation of a card may not be changed once it has been
    played."
    """
    game = make_game(3)
    state = game.apply(fresh_table(make_crew, make_state), PlayCard(10, GREEN))
    state = game.apply(state, Pass())
    state = game.apply(state, Pass())
    assert 0 == game.current_player(state)
    assert all(getattr(action, "card", None) != 10 for action in game.legal_actions(state))
    with pytest.raises(boardgames.IllegalActionError):
        game.apply(state, PlayCard(10, RED))
    state = game.apply(state, PlayCard(9, GREEN))
    assert (10, 9) == state.crews[0].columns[GREEN]
    assert () == state.crews[0].columns[RED]


def test_players_play_one_card_per_turn_clockwise_from_the_first_player(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """With four captains and Pigafetta at seat 2, turns go 2, 3, 0, 1, 2.

    Rulebook: "Starting with the first player and following clockwise, on their turn the
    players place one of the crew cards from their hand face up on the table."
    """
    game = make_game(4)
    state = fresh_table(make_crew, make_state, players=4, first_player=2)
    order = [game.current_player(state)]
    for card, colour in ((0, RED), (4, BLUE), (9, GREEN), (10, GREEN)):
        state = game.apply(state, PlayCard(card, colour))
        order.append(game.current_player(state))
    assert [2, 3, 0, 1, 2] == order
    assert [(4, 1)] * 4 == [(len(crew.hand), len(sum(crew.columns, ()))) for crew in state.crews]


def test_a_player_who_passed_is_skipped_for_the_rest_of_the_round(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Seat 1 passes; turns then go 0, 2, 0, 2, ... until the round ends.

    Rulebook: "A player who passes cannot play any more cards in the current round."
    """
    game = make_game(3)
    state = fresh_table(make_crew, make_state)
    state = game.apply(state, PlayCard(12, RED))  # seat 0
    state = game.apply(state, Pass())  # seat 1
    assert state.crews[1].passed
    assert game.observe(state, 0).crews[1].passed
    order = []
    for card, colour in ((0, BLUE), (4, GREEN), (9, RED), (10, GREEN)):
        order.append(game.current_player(state))
        state = game.apply(state, PlayCard(card, colour))
    assert [2, 0, 2, 0] == order
    assert 5 == len(state.crews[1].hand)
    assert ((), (), ()) == state.crews[1].columns


def test_the_round_goes_on_until_all_players_pass(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """The last captain keeps playing alone; his pass ends phase B and starts round 2.

    Rulebook: "The players may play a card from their hands, on their turn, until all
    players pass."
    """
    game = make_game(3)
    state = fresh_table(make_crew, make_state)
    state = game.apply(state, PlayCard(12, RED))  # seat 0
    state = game.apply(state, Pass())  # seat 1
    state = game.apply(state, Pass())  # seat 2
    state = game.apply(state, PlayCard(0, BLUE))  # seat 0 alone
    assert (0, 1) == (game.current_player(state), state.round)
    state = game.apply(state, Pass())
    assert 2 == state.round


def test_the_start_player_may_not_pass_before_playing_a_card(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Pass is not offered to the first player until he has played (ruling A-MAG-4).

    Rulebook: "Note: the start player must play at least one card, but may pass
    thereafter."
    """
    game = make_game(3)
    state = fresh_table(make_crew, make_state, first_player=1)
    assert 1 == game.current_player(state)
    assert Pass() not in game.legal_actions(state)
    with pytest.raises(boardgames.IllegalActionError, match="first player"):
        game.apply(state, Pass())
    state = game.apply(state, PlayCard(12, RED))
    assert state.first_has_played
    assert Pass() in game.legal_actions(state)  # seat 2 may pass at once
    state = game.apply(state, Pass())  # seat 2
    state = game.apply(state, Pass())  # seat 0
    assert 1 == game.current_player(state)
    assert Pass() in game.legal_actions(state)  # the first player, after his card


def test_other_players_may_pass_without_playing(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Only the start player is bound to play a card (ruling A-MAG-4).

    Rulebook: "Note: the start player must play at least one card, but may pass
    thereafter."
    """
    game = make_game(3)
    state = game.apply(fresh_table(make_crew, make_state), PlayCard(12, RED))
    assert Pass() == game.legal_actions(state)[-1]
    state = game.apply(state, Pass())
    assert 2 == game.current_player(state)
    assert Pass() == game.legal_actions(state)[-1]


def test_a_face_down_card_counts_as_the_start_players_card(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """With storms, a face-down card lets the start player pass (ruling A-MAG-4).

    Ruling A-MAG-4: "a face-down storm card also counts as a played card".
    """
    game = make_game(5)
    state = fresh_table(make_crew, make_state, players=5)
    assert Pass() not in game.legal_actions(state)
    state = game.apply(state, PlayFaceDown(12))
    for _ in range(4):
        state = game.apply(state, Pass())
    assert 0 == game.current_player(state)
    assert Pass() in game.legal_actions(state)


def test_a_player_with_an_empty_hand_passes_automatically(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Seat 1 plays his last card and is never asked again this round (ruling A-MAG-5).

    Ruling A-MAG-5: "automatic pass (the summary pages say 'until all players have passed
    or have no cards remaining')".
    """
    game = make_game(3)
    crews = [
        make_crew(HAND),
        make_crew([14], red=[12, 3], blue=[13], green=[10]),
        make_crew(HAND),
    ]
    state = make_state(crews)
    state = game.apply(state, PlayCard(12, RED))  # seat 0
    state = game.apply(state, PlayCard(14, GREEN))  # seat 1: his last card
    assert frozenset() == state.crews[1].hand
    order = []
    for card, colour in ((0, RED), (0, RED), (4, BLUE), (4, BLUE)):
        order.append(game.current_player(state))
        state = game.apply(state, PlayCard(card, colour))
    assert [2, 0, 2, 0] == order
    assert 2 == game.current_player(state)


def test_the_round_ends_when_the_only_other_player_runs_out_of_cards(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """When everyone else has passed, playing one's last card ends phase B (A-MAG-5).

    Ruling A-MAG-5: "automatic pass (the summary pages say "until all players have passed
    or have no cards remaining")".
    """
    game = make_game(2)
    crews = [make_crew(HAND), make_crew([14], red=[12, 3], blue=[13], green=[10])]
    state = make_state(crews, first_player=1, to_move=1)
    state = game.apply(state, PlayCard(14, GREEN))  # seat 1 (first player), last card
    assert (0, 1) == (game.current_player(state), state.round)
    state = game.apply(state, Pass())  # seat 0: all have passed or are out of cards
    assert 2 == state.round
    assert 0 == state.first_player


def test_no_face_down_play_without_storms(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Without storms no face-down action is offered, and one is refused.

    Rulebook: "In addition to the three columns where players can place green, blue and red
    crew cards, the players, on their turn, can play any card face down in a fourth
    column." (5-player rules only.)
    """
    game = make_game(4)
    state = fresh_table(make_crew, make_state, players=4)
    assert not any(isinstance(action, PlayFaceDown) for action in game.legal_actions(state))
    with pytest.raises(boardgames.IllegalActionError, match="storm"):
        game.apply(state, PlayFaceDown(12))


@pytest.mark.parametrize("seed", [3, 0, 1])  # first players 0, 1 and 2
def test_check_state_refuses_another_player_to_move_before_the_first_players_card(
    make_game: Callable[..., MagellanElcano], seed: int
) -> None:
    """At the start of a round only the first player may be to move (ruling A-MAG-4).

    Rulebook: "Starting with the first player and following clockwise, on their turn the
    players place one of the crew cards from their hand face up on the table." and "Note:
    the start player must play at least one card, but may pass thereafter."
    """
    game = make_game(3)
    state = game.new_game(seed=seed)
    first = state.first_player
    game.check_state(state)
    for offset in (1, 2):
        other = (first + offset) % 3
        wrong = attrs.evolve(state, to_move=other)
        with pytest.raises(boardgames.InvalidStateError) as caught:
            game.check_state(wrong)
        assert "is to move before the first player" in str(caught.value)
    card = game.legal_actions(state)[0]
    played = game.apply(state, card)  # once he has played, the next seat clockwise moves
    assert (first + 1) % 3 == played.to_move
    game.check_state(played)
    with pytest.raises(boardgames.InvalidStateError, match="the seat to move is"):
        game.check_state(attrs.evolve(played, to_move=(first + 2) % 3))

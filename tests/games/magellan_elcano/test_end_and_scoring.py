"""End of the game, victory points and the ranking with its tie-breaks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames.games.magellan_elcano import (
    Crew,
    MagellanElcano,
    MagellanState,
    Pass,
    PlayCard,
)
from boardgames.games.magellan_elcano._invariants import check_table
from boardgames.games.magellan_elcano.components import CREW_CARDS, OCEAN_CARDS, Colour

# Round 6: every ocean deck is empty; the 7s lie on the table, the rest has been won.
LAST_PILES = ((5,), (11,), (17,))
LAST_WON = ((0, 1, 6, 12), (2, 3, 7, 8, 13, 14), (4, 9, 10, 15, 16))  # 9, 23 and 28 VP
# Also round 6, for the tie-breaks: 9, 9 and 4 VP.
TIED_PILES = ((4, 5), (7, 9, 10, 11), (13, 14, 15, 16, 17))
TIED_WON = ((0, 1, 6, 12), (3, 8), (2,))


@pytest.fixture
def last_round(
    make_crew: Callable[..., Crew], make_state: Callable[..., MagellanState]
) -> MagellanState:
    """Round 6 of a 3-player game; seat 0 (R7, G7 on the table) is the last to pass."""
    crews = [
        make_crew([0, 1], red=[12], green=[14], round=6),
        make_crew([2, 3], red=[8], round=6, passed=True),  # G1/R4 as red 4
        make_crew([4], green=[6], round=6, passed=True),  # B3/G5 as green 5
    ]
    return make_state(crews, round=6, piles=LAST_PILES, won=LAST_WON)


def first_card_then_pass(game: MagellanElcano, state: MagellanState) -> MagellanState:
    """Play the first player's first legal card, then let everyone pass, for one round."""
    state = game.apply(state, game.legal_actions(state)[0])
    start_round = state.round
    while not game.is_terminal(state) and state.round == start_round:
        state = game.apply(state, Pass())
    return state


def test_the_game_ends_after_anchoring_in_round_6(
    make_game: Callable[..., MagellanElcano], last_round: MagellanState
) -> None:
    """Round 6's anchoring is scored, then the game is over: no phase D, E or round 7.

    Rulebook: "The game ends immediately if, after phase C (Anchoring), the players have no
    more crew cards to draw from their deck and add to the hand (it's not possible to
    perform phase D)."
    """
    game = make_game(3)
    state = game.apply(last_round, Pass())
    assert game.is_terminal(state)
    assert game.current_player(state) is None
    assert () == tuple(game.legal_actions(state))
    assert (6, 0) == (state.round, state.first_player)  # Pigafetta did not move
    assert ((0, 1, 6, 12, 5, 17), LAST_WON[1], LAST_WON[2]) == state.won
    assert ((), (11,), ()) == state.ocean_piles
    assert [{0, 1}, {2, 3, 8}, {4, 6}] == [set(crew.hand) for crew in state.crews]
    check_table(state)  # a hand-made round 6 has no history that leads to it


def test_the_game_goes_on_after_round_5(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """After round 5's anchoring the decks still hold 2 cards: phase D, then round 6.

    Rulebook: "The game is divided into 6 rounds."
    """
    game = make_game(2)
    crews = [make_crew([0, 1, 2], red=[12], round=5), make_crew([0], round=5, passed=True)]
    state = make_state(
        crews,
        round=5,
        piles=((4,), (10,), (16,)),
        won=((0, 1, 2, 3), (6, 7, 8, 9, 12, 13, 14, 15)),
    )
    state = game.apply(state, Pass())
    assert not game.is_terminal(state)
    assert (6, 1, 1) == (state.round, state.first_player, state.to_move)
    assert [0, 0] == [len(crew.deck) for crew in state.crews]
    assert ((5,), (10, 11), (16, 17)) == state.ocean_piles
    assert [{0, 1, 2} | set(crews[0].deck), {0} | set(crews[1].deck)] == [
        set(crew.hand) for crew in state.crews
    ]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_game_lasts_exactly_six_rounds(
    make_game: Callable[..., MagellanElcano], players: int
) -> None:
    """Six rounds are played, Pigafetta moving left each time, and every deck runs out.

    Rulebook: "The game is divided into 6 rounds."
    """
    game = make_game(players)
    state = game.new_game(seed=players)
    start = state.first_player
    rounds = []
    while not game.is_terminal(state):
        rounds.append((state.round, state.first_player))
        state = first_card_then_pass(game, state)
    assert [(r, (start + r - 1) % players) for r in range(1, 7)] == rounds
    assert [()] * players == [crew.deck for crew in state.crews]
    assert ((), (), ()) == state.ocean_decks
    assert () == state.storm_deck


def test_victory_points_are_the_sum_of_won_ocean_cards(
    make_game: Callable[..., MagellanElcano], last_round: MagellanState
) -> None:
    """Each captain scores the printed points of his ocean cards.

    Rulebook: "The players add up the total number of victory points on their conquered
    ocean cards. The player with the most victory points wins."
    """
    game = make_game(3)
    assert (9.0, 23.0, 28.0) == game.score(last_round)
    state = game.apply(last_round, Pass())
    expected = tuple(float(sum(OCEAN_CARDS[card].points for card in won)) for won in state.won)
    assert expected == game.score(state)
    assert (23.0, 23.0, 28.0) == game.score(state)


def test_the_most_victory_points_ranks_first(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Seat 2 (28 VP) first, then seat 1 (23), then seat 0 (9), whatever the hands.

    Rulebook: "The player with the most victory points wins."
    """
    game = make_game(3)
    crews = [
        make_crew([12, 13, 14], round=6),
        make_crew([0], round=6),
        make_crew([], round=6),
    ]
    state = make_state(crews, round=6, to_move=None, piles=LAST_PILES, won=LAST_WON)
    assert (3, 2, 1) == game.ranking(state)


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        (([3], [0, 8]), (2, 1)),  # 6 < 4 + 4: the larger end of each card counts
        (([1, 5], [12]), (2, 1)),  # 3 + 3 < 7: values, not the number of cards
        (([13], [1, 5]), (1, 2)),  # 7 > 3 + 3
        (([], [4]), (2, 1)),  # an empty hand counts 0
    ],
)
def test_a_points_tie_is_broken_by_the_sum_of_the_hand_cards_maximum_values(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    hands: tuple[list[int], list[int]],
    expected: tuple[int, int],
) -> None:
    """Equal points: the hand with the larger sum of each card's maximum value wins (A-MAG-3).

    Rulebook: "If there is a tie the player with the highest sum of crew cards still in
    their hand wins."
    """
    game = make_game(3)
    crews = [make_crew(hands[0], round=6), make_crew(hands[1], round=6), make_crew([], round=6)]
    state = make_state(crews, round=6, to_move=None, piles=TIED_PILES, won=TIED_WON)
    assert (9.0, 9.0, 4.0) == game.score(state)
    assert (*expected, 3) == game.ranking(state)


def test_a_persisting_tie_shares_the_place(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Equal points and equal hand sums: both captains share first place; the next is third.

    Rulebook: "If the tie persists, the players share the victory."
    """
    game = make_game(3)
    crews = [make_crew([1, 9], round=6), make_crew([7], round=6), make_crew([12], round=6)]
    state = make_state(crews, round=6, to_move=None, piles=TIED_PILES, won=TIED_WON)
    assert (1, 1, 3) == game.ranking(state)


def test_the_ranking_at_the_end_of_a_played_game_follows_the_rules(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """A played game's ranking agrees with points, then hand strength (A-MAG-3).

    Rulebook: "The player with the most victory points wins." and "If there is a tie the
    player with the highest sum of crew cards still in their hand wins."
    """
    game = make_game(4)
    state = game.new_game(seed=99)
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        state = game.apply(state, actions[len(actions) // 2])
    points = game.score(state)
    strength = [sum(CREW_CARDS[card].highest for card in crew.hand) for crew in state.crews]
    keys = list(zip(points, strength, strict=True))
    expected = tuple(1 + sum(other > key for other in keys) for key in keys)
    assert expected == game.ranking(state)


def test_playing_on_keeps_scores_unchanged_until_anchoring(
    make_game: Callable[..., MagellanElcano], last_round: MagellanState
) -> None:
    """Cards on the table score nothing until phase C awards the ocean cards.

    Rulebook: "After all players have passed the played crew cards are evaluated and the
    ocean cards will reward the best captains."
    """
    game = make_game(3)
    state = game.apply(last_round, PlayCard(0, Colour.BLUE))
    assert game.score(last_round) == game.score(state)

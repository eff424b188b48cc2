"""Invariants of whole random games, checked with Hypothesis."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames.games.magellan_elcano import MagellanElcano, MagellanState
from boardgames.games.magellan_elcano.components import CREW_CARDS, OCEAN_CARDS, STORM_CARDS

CONFIGURATIONS = [(2, False), (3, False), (4, False), (4, True), (5, False)]


def playout(game: MagellanElcano, rng: random.Random) -> list[MagellanState]:
    """Play a game choosing uniformly among legal actions; return every state."""
    states = [game.new_game(rng.randrange(2**32))]
    while not game.is_terminal(states[-1]):
        actions = game.legal_actions(states[-1])
        states.append(game.apply(states[-1], actions[rng.randrange(len(actions))]))
    return states


def ocean_points(game: MagellanElcano, card: int) -> int:
    """Return an ocean card's value in this game (the 4/1 card is 1 with two players)."""
    ocean = OCEAN_CARDS[card]
    return ocean.two_player_points if game.players == 2 else ocean.points


@settings(max_examples=150, deadline=None)
@given(configuration=st.sampled_from(CONFIGURATIONS), rng=st.randoms(use_true_random=False))
def test_every_card_is_in_exactly_one_zone_after_every_action(
    make_game: Callable[..., MagellanElcano],
    configuration: tuple[int, bool],
    rng: random.Random,
) -> None:
    """check_state holds after every apply, and apply never changes its input.

    Rulebook: "15 crew cards per player." and "6 ocean cards per color/anchor." (each card
    is in exactly one place at any time).
    """
    players, storm_variant = configuration
    game = make_game(players, storm_variant=storm_variant)
    state = game.new_game(rng.randrange(2**32))
    game.check_state(state)
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        assert 0 < len(actions)
        assert len(set(actions)) == len(actions)
        before = hash(state)
        following = game.apply(state, actions[rng.randrange(len(actions))])
        assert before == hash(state)
        game.check_state(following)
        assert len(state.history) + 1 == len(following.history)
        state = following
    assert () == tuple(game.legal_actions(state))
    assert game.current_player(state) is None


@settings(max_examples=150, deadline=None)
@given(configuration=st.sampled_from(CONFIGURATIONS), rng=st.randoms(use_true_random=False))
def test_scores_are_the_points_of_the_cards_won_and_no_point_is_lost(
    make_game: Callable[..., MagellanElcano],
    configuration: tuple[int, bool],
    rng: random.Random,
) -> None:
    """Each score is the value of its won cards; won plus table plus decks is every point.

    Rulebook: "The players add up the total number of victory points on their conquered
    ocean cards."
    """
    players, storm_variant = configuration
    game = make_game(players, storm_variant=storm_variant)
    total = sum(ocean_points(game, card.id) for card in OCEAN_CARDS)
    if game.storms:
        total += sum(card.points for card in STORM_CARDS)
    for state in playout(game, rng):
        scores = game.score(state)
        for seat in range(players):
            won = sum(ocean_points(game, card) for card in state.won[seat])
            won += sum(STORM_CARDS[card].points for card in state.won_storms[seat])
            assert float(won) == scores[seat]
        elsewhere = sum(
            ocean_points(game, card)
            for cards in (*state.ocean_piles, *state.ocean_decks)
            for card in cards
        )
        elsewhere += sum(
            STORM_CARDS[card].points for card in (*state.storm_pile, *state.storm_deck)
        )
        assert total == sum(scores) + elsewhere


@settings(max_examples=100, deadline=None)
@given(configuration=st.sampled_from(CONFIGURATIONS), rng=st.randoms(use_true_random=False))
def test_six_rounds_with_pigafetta_moving_left_and_a_rule_conform_ranking(
    make_game: Callable[..., MagellanElcano],
    configuration: tuple[int, bool],
    rng: random.Random,
) -> None:
    """Rounds go 1 to 6 with Pigafetta moving left; the ranking is points, then hand.

    Rulebook: "The game is divided into 6 rounds." and "The Pigafetta card is given to the
    player to the left of the current first player."
    """
    players, storm_variant = configuration
    game = make_game(players, storm_variant=storm_variant)
    states = playout(game, rng)
    start = states[0].first_player
    rounds = sorted({(state.round, state.first_player) for state in states})
    assert [(r, (start + r - 1) % players) for r in range(1, 7)] == rounds
    for state in states:
        if not game.is_terminal(state) and not state.first_has_played:
            assert state.first_player == game.current_player(state)
    final = states[-1]
    keys = [
        (points, sum(CREW_CARDS[card].highest for card in crew.hand))
        for points, crew in zip(game.score(final), final.crews, strict=True)
    ]
    assert tuple(1 + sum(other > key for other in keys) for key in keys) == game.ranking(final)

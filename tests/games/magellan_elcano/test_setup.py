"""Preparation and phase A of round 1, and the game's configuration options."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import boardgames
from boardgames.games.magellan_elcano import MagellanElcano
from boardgames.games.magellan_elcano.components import OCEAN_CARDS, Colour


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_draws_5_cards_from_a_15_card_deck(
    make_game: Callable[..., MagellanElcano], players: int
) -> None:
    """Every crew starts with 5 cards in hand and 10 in its deck, all 15 cards distinct.

    Rulebook: "Then all players draw the top 5 cards from their deck to form their
    starting hand."
    """
    state = make_game(players).new_game(seed=11)
    assert players == len(state.crews)
    for crew in state.crews:
        assert 5 == len(crew.hand)
        assert 10 == len(crew.deck)
        assert set(range(15)) == set(crew.hand) | set(crew.deck)
        assert ((), (), ()) == crew.columns
        assert () == crew.discard
        assert not crew.passed


def test_each_crew_deck_is_shuffled_separately(make_game: Callable[..., MagellanElcano]) -> None:
    """The crews' deck orders differ (with overwhelming probability for a fixed seed).

    Rulebook: "The players shuffle their cards and place them face down on the table as
    their draw deck."
    """
    state = make_game(5).new_game(seed=3)
    orders = {(tuple(sorted(crew.hand)), crew.deck) for crew in state.crews}
    assert 5 == len(orders)


def test_three_ocean_decks_of_six_with_the_top_card_revealed(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """Each colour's six ocean cards: one face up on the table, five in its deck.

    Rulebook: "The 3 decks of 6 ocean cards are shuffled separately to form 3 face down
    decks in the center of the table." and "Draw one ocean card from each deck and place it
    face up on the table, below each deck."
    """
    state = make_game(3).new_game(seed=5)
    assert 3 == len(state.ocean_decks)
    for colour in Colour:
        pile = state.ocean_piles[colour]
        deck = state.ocean_decks[colour]
        assert 1 == len(pile)
        assert 5 == len(deck)
        assert set(range(6 * colour, 6 * colour + 6)) == set(pile) | set(deck)
        assert all(OCEAN_CARDS[card].colour is colour for card in (*pile, *deck))


def test_ocean_decks_are_shuffled(make_game: Callable[..., MagellanElcano]) -> None:
    """Across seeds, every ocean card can be the first one revealed.

    Rulebook: "The 3 decks of 6 ocean cards are shuffled separately".
    """
    game = make_game(3)
    revealed = {
        card for seed in range(60) for pile in game.new_game(seed).ocean_piles for card in pile
    }
    assert set(range(18)) == revealed


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_start_player_holds_pigafetta_and_moves_first(
    make_game: Callable[..., MagellanElcano], players: int
) -> None:
    """The first player comes from the seed, holds Pigafetta and is the first to act.

    Rulebook: "A starting player is determined and takes the Pigafetta card."
    """
    game = make_game(players)
    firsts = set()
    for seed in range(40):
        state = game.new_game(seed)
        assert state.first_player == game.current_player(state)
        assert game.new_game(seed) == state
        firsts.add(state.first_player)
    assert set(range(players)) == firsts


def test_the_game_starts_in_round_1_with_nothing_won(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """Round 1, no points, no cards won, the first player has not played yet.

    Rulebook: "The game is divided into 6 rounds."
    """
    game = make_game(4)
    state = game.new_game(seed=8)
    assert 1 == state.round
    assert (0.0, 0.0, 0.0, 0.0) == game.score(state)
    assert ((), (), (), ()) == state.won
    assert not state.first_has_played
    assert not game.is_terminal(state)
    assert () == tuple(state.history)
    assert isinstance(state.history, boardgames.History)
    game.check_state(state)


@pytest.mark.parametrize(("players", "storms"), [(2, False), (3, False), (4, False), (5, True)])
def test_storm_deck_only_with_five_players_by_default(
    make_game: Callable[..., MagellanElcano], players: int, storms: bool
) -> None:
    """The storm deck is used with five players, and not with two to four by default.

    Rulebook: "These cards are used in the 5-player game (and in a 4-player game variant)."
    """
    state = make_game(players).new_game(seed=1)
    assert storms == state.storms
    assert (1 if storms else 0) == len(state.storm_pile)
    assert (5 if storms else 0) == len(state.storm_deck)


def test_the_four_player_storm_variant_uses_the_storm_deck(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """With storm_variant=True, four players play with storms (ruling A-MAG-9).

    Rulebook: "Note: the storm cards can also be used as a variant in 4-player games. The
    rules set out for 5-player games are maintained."
    """
    game = make_game(4, storm_variant=True)
    state = game.new_game(seed=1)
    assert state.storms
    assert 1 == len(state.storm_pile)
    assert 5 == len(state.storm_deck)
    assert set(range(6)) == set(state.storm_pile) | set(state.storm_deck)


@pytest.mark.parametrize("players", [2, 3])
def test_the_storm_variant_is_refused_with_two_or_three_players(players: int) -> None:
    """storm_variant=True with 2 or 3 players is a configuration error.

    Rulebook: "the storm cards can also be used as a variant in 4-player games." (ruling
    A-MAG-9: a flag for 4 players only.)
    """
    with pytest.raises(boardgames.ConfigurationError, match="storm_variant"):
        boardgames.make("magellan-elcano", players=players, storm_variant=True)


@pytest.mark.parametrize("players", [1, 6])
def test_player_count_outside_two_to_five_is_refused(players: int) -> None:
    """Two to five captains may play.

    Rulebook: "Preparation for a 2-4 Player Game" and "5-Player Game".
    """
    with pytest.raises(boardgames.ConfigurationError):
        boardgames.make("magellan-elcano", players=players)


def test_same_seed_same_game(make_game: Callable[..., MagellanElcano]) -> None:
    """A seed fixes the whole setup (the state holds its randomness); another, another setup."""
    game = make_game(3)
    assert game.new_game(42) == game.new_game(42)
    assert game.new_game(42) != game.new_game(43)

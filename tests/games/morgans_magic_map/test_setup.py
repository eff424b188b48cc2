"""Setup: the map, the decks, the hands, the doubloons and the pawn placement."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames.core.standard import Knowledge, Rules, Text
from boardgames.games.morgans_magic_map import (
    Action,
    Corner,
    MorganObservation,
    MorgansMagicMap,
    MorganState,
    Phase,
    PlacePawn,
    Variant,
    observation,
    render,
    rules,
)
from boardgames.games.morgans_magic_map.components import CORNERS, TREASURE_CARDS
from boardgames.games.morgans_magic_map.geometry import analyse, edges_match


@pytest.mark.parametrize("seed", range(12))
def test_the_map_is_a_legal_4_by_5_rectangle(
    make_game: Callable[..., MorgansMagicMap], seed: int
) -> None:
    """Every seed gives a legal starting rectangle, land against land, water against water.

    Rulebook: "Draw tiles one at a time to build the island map by randomly connecting all
    the map tiles in a starting rectangle 4 tiles wide and 5 tiles long. The map tiles must
    be placed so that land edges are next to other land edges and water edges are next to
    other water edges."
    """
    state = make_game(4).new_game(seed)
    assert {(x, y) for x in range(4) for y in range(5)} == {(x, y) for x, y, _ in state.tiles}
    assert edges_match(state.tiles)


def test_the_layout_and_rotations_depend_on_the_seed(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """Rulebook: "The map tiles have no predefined orientation." (random order and turns)."""
    game = make_game(2)
    layouts = {game.new_game(seed).tiles for seed in range(10)}
    assert 10 == len(layouts)
    assert {0, 1, 2, 3} == {rotation for tiles in layouts for _, _, rotation in tiles}


def test_the_treasure_board_shows_the_top_five_sorted_by_rank(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """The treasure board shows the top five sorted by rank.

    Rulebook: "Reveal the top 5 treasure cards from the deck, putting them face up on the
    treasure board from the lowest treasure rank value at the top to the highest treasure
    rank value at the bottom."
    """
    state = make_game(3).new_game(5)
    ranks = [TREASURE_CARDS[card].rank for card in state.treasure_board]
    assert 5 == len(ranks)
    assert sorted(ranks) == ranks
    assert 24 == len(state.treasure_deck)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_has_four_cards_and_two_doubloons(
    make_game: Callable[..., MorgansMagicMap], players: int
) -> None:
    """Rulebook: "Each player takes ... 2 doubloons. A hand of 4 map cards"."""
    state = make_game(players).new_game(1)
    assert [4] * players == [len(hand) for hand in state.hands]
    assert (2,) * players == state.coins
    assert 72 - 4 * players == len(state.map_deck)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pawns_are_placed_counterclockwise_from_the_start_players_right(
    make_game: Callable[..., MorgansMagicMap], players: int
) -> None:
    """The start player places last; then he takes the first turn.

    Rulebook: "Starting with the player to the right of the starting player and going
    around the table counterclockwise, each player chooses one corner of the island map to
    place their pirate pawn." and "Beginning with the start player and moving clockwise,
    players take turns".
    """
    game = make_game(players)
    state = game.new_game(3)
    start = state.start_player
    order = []
    while state.phase is Phase.PLACE_PAWN:
        order.append(game.current_player(state))
        state = game.apply(state, PlacePawn(Corner(len(order) % 4)))
    assert [(start - 1 - index) % players for index in range(players)] == order
    assert start == game.current_player(state)
    assert 1 == state.turn_number


def test_a_corner_taken_by_others_costs_one_doubloon_each(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """A corner taken by others costs one doubloon each.

    Rulebook: "Players may choose an already occupied corner, but they must pay 1 doubloon
    to each player who has already put their pirate pawn there."
    """
    game = make_game(4)
    state = game.new_game(8)
    placers: list[int] = []
    for _ in range(3):
        seat = game.current_player(state)
        assert seat is not None
        placers.append(seat)
        state = game.apply(state, PlacePawn(Corner.SOUTH_EAST))
    coins = {seat: state.coins[seat] for seat in placers}
    assert {placers[0]: 4, placers[1]: 2, placers[2]: 0} == coins
    corner_tile = analyse(state.tiles).at[CORNERS[Corner.SOUTH_EAST]]
    assert all(state.pawns[seat] == corner_tile for seat in placers)


def test_a_corner_that_cannot_be_paid_for_is_not_offered(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """Ruling E11: "A player may take a corner only if he can pay the owed doubloons"."""
    game = make_game(4)
    state = game.new_game(8)
    for _ in range(3):
        state = game.apply(state, PlacePawn(Corner.NORTH_EAST))
    assert 2 == state.coins[game.current_player(state) or 0]
    assert [
        PlacePawn(Corner.NORTH_WEST),
        PlacePawn(Corner.SOUTH_WEST),
        PlacePawn(Corner.SOUTH_EAST),
    ] == list(game.legal_actions(state))


def test_pawns_start_only_on_corners(make_game: Callable[..., MorgansMagicMap]) -> None:
    """Pawns start only on corners.

    Rulebook: "each player chooses one corner of the island map" (A-MMM-19: the corners
    of the starting rectangle).
    """
    game = make_game(2)
    state = game.new_game(4)
    assert [PlacePawn(corner) for corner in Corner] == list(game.legal_actions(state))


def test_the_start_player_is_drawn_from_the_seed(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """The start player is drawn from the seed.

    Rulebook: "The players choose a starting player using any mutually agreed upon method."

    The engine draws him from the seed, so every seat can start.
    """
    game = make_game(4)
    starts = {game.new_game(seed).start_player for seed in range(40)}
    assert {0, 1, 2, 3} == starts


def test_new_game_is_deterministic(make_game: Callable[..., MorgansMagicMap]) -> None:
    """The same seed gives the same setup (all randomness comes from the seed)."""
    game = make_game(3)
    first: MorganState = game.new_game(99)
    assert first == game.new_game(99)
    assert first != game.new_game(100)


def test_the_rule_modules_satisfy_the_protocols() -> None:
    """The assignments are checked by mypy; at run time each module exports every name."""
    checked_rules: Rules[MorganState, Action, rules.Configuration] = rules
    knowledge: Knowledge[MorganState, MorganObservation] = observation
    text: Text[MorganState, Action, MorganObservation] = render
    for module, protocol in ((checked_rules, Rules), (knowledge, Knowledge), (text, Text)):
        names = {name for name in vars(protocol) if not name.startswith("_")}
        assert names <= set(vars(module))
        assert names <= set(vars(module)["__all__"])


def test_the_options_are_the_variant_of_every_state(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    game = make_game(2, max_turns=40, exact_bonus_cards=True)
    expected = Variant(max_turns=40, exact_bonus_cards=True)
    assert expected == game.variant
    assert (2, expected) == game.configuration
    assert expected == game.new_game(5).variant
    assert "2 players, max_turns=40" in rules.describe_configuration(game.configuration)

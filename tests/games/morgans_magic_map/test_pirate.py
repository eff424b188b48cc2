"""Move the Pirate: steps, gaps, payments and Boots bonuses.

The states start in the Move the Pirate action on the reference layout, seat 0 on the
Tomb (1, 1), seat 1 on the Green Tree (2, 1) east of it, seat 2 on the Oasis (2, 2).
"""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.morgans_magic_map import (
    Direction,
    EndMove,
    MorgansMagicMap,
    MorganState,
    Phase,
    Step,
    UseBonus,
    UsePair,
)
from boardgames.games.morgans_magic_map.components import MAP_CARDS, Symbol
from boardgames.games.morgans_magic_map.geometry import Placement

OASIS, TOMB, ANTHILL, TREE, LIGHTHOUSE, JUNGLE, SHIPWRECK = 1, 2, 3, 5, 0, 19, 12
BOOTS = [c.id for c in MAP_CARDS if c.symbol is Symbol.BOOTS]

NORTH, EAST, SOUTH, WEST = (Step(direction) for direction in Direction)


def moving(make_state: Callable[..., MorganState], **fields: object) -> MorganState:
    return make_state(phase=Phase.MOVE_STEP, **fields)


def test_the_pirate_steps_orthogonally_onto_adjacent_tiles(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The pirate steps orthogonally onto adjacent tiles.

    Rulebook: "The pirate moves orthogonally, either horizontally or vertically, from one
    tile to the next on the island map, regardless of whether there was land or sea terrain
    between the two tiles."
    """
    game = make_game(3)
    state = moving(make_state)
    assert [NORTH, EAST, SOUTH, WEST, EndMove()] == list(game.legal_actions(state))
    assert LIGHTHOUSE == game.apply(state, NORTH).pawns[0]  # Tomb and Lighthouse meet at water
    assert ANTHILL == game.apply(state, WEST).pawns[0]  # ... Tomb and Anthill at land


def test_the_pirate_moves_up_to_two_steps(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """After two steps the move ends by itself.

    Rulebook: "The player may choose to move their pirate pawn up to 2 steps. Moving the
    pawn from one map tile to an adjacent map tile counts as one step."
    """
    game = make_game(3)
    state = game.apply(moving(make_state), NORTH)
    assert 1 == state.steps_left
    state = game.apply(state, SOUTH)
    assert Phase.DIG_PLAY is state.phase
    assert ((0, NORTH), (0, SOUTH), (0, EndMove())) == tuple(state.history)


def test_moving_is_optional(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Rulebook: "The player may choose to move their pirate pawn"."""
    game = make_game(3)
    state = game.apply(moving(make_state), EndMove())
    assert (Phase.DIG_PLAY, TOMB) == (state.phase, state.pawns[0])


def test_the_pirate_never_enters_a_gap(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    layout: Callable[..., tuple[Placement, ...]],
) -> None:
    """With the Shipwreck moved away, the Green Tree has a gap to its east.

    Rulebook: "The pirate pawn may not move onto or through a gap in the island map where
    there is no tile."
    """
    game = make_game(3)
    tiles = layout({SHIPWRECK: (4, 2, 0)})
    state = moving(make_state, tiles=tiles, pawns=(TREE, TOMB, OASIS))
    assert EAST not in game.legal_actions(state)
    assert [NORTH, SOUTH, WEST, EndMove()] == list(game.legal_actions(state))


def test_entering_a_tile_with_a_pawn_costs_a_doubloon(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Entering a tile with a pawn costs a doubloon.

    Rulebook: "If the player's pirate pawn passes through or stops on a map tile that is
    occupied by another player's pirate pawn, the player who is moving must pay a doubloon to
    the other player."
    """
    game = make_game(3)
    state = game.apply(moving(make_state, coins=(3, 0, 0)), EAST)
    assert (2, 1, 0) == state.coins
    assert TREE == state.pawns[0]


def test_passing_through_is_paid_too(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Seat 0 passes through the Green Tree to the Shipwreck: seat 1 is paid once."""
    game = make_game(3)
    state = game.apply(game.apply(moving(make_state, coins=(3, 0, 0)), EAST), EAST)
    assert (2, 1, 0) == state.coins
    assert SHIPWRECK == state.pawns[0]


def test_every_pawn_on_the_tile_is_paid(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Every pawn on the tile is paid.

    Rulebook: "If more than one player has their pirate pawn on the tile, all opposing
    players are paid a doubloon."
    """
    game = make_game(3)
    state = moving(make_state, pawns=(TOMB, TREE, TREE), coins=(2, 0, 0))
    state = game.apply(state, EAST)
    assert (0, 1, 1) == state.coins


def test_a_tile_that_cannot_be_paid_for_cannot_be_entered(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Rulebook: "If the player cannot pay the cost, they may not enter the map tile."."""
    game = make_game(3)
    broke = moving(make_state, coins=(0, 2, 2))
    assert EAST not in game.legal_actions(broke)
    assert NORTH in game.legal_actions(broke)
    two_owed = moving(make_state, pawns=(TOMB, TREE, TREE), coins=(1, 0, 0))
    assert EAST not in game.legal_actions(two_owed)


def test_going_back_and_forth_pays_each_entry(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Going back and forth pays each entry.

    Ruling A-MMM-15: back-and-forth is legal, each entry into an occupied tile is paid;
    the tile a move starts on is not paid for (A-MMM-16).
    """
    game = make_game(3)
    state = moving(make_state, pawns=(TREE, TREE, OASIS), coins=(3, 0, 0), steps_left=4)
    state = game.apply(state, WEST)  # leaving the shared tile costs nothing
    assert (3, 0, 0) == state.coins
    state = game.apply(state, EAST)
    state = game.apply(state, WEST)
    state = game.apply(state, EAST)
    assert (1, 2, 0) == state.coins


def test_boots_add_two_steps(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Boots add two steps.

    Rulebook: "A player may discard map cards with the 'boots' symbol on them during the
    Move the Pirate action. This allows the player to move their pirate pawn up to 2
    additional steps for each map card they discard. If a player discards two 'boots' map
    cards, they could move their pirate up to 6 total steps during that action."
    """
    game = make_game(3)
    state = moving(make_state, play_areas={0: BOOTS[:2]})
    assert UseBonus(BOOTS[0]) in game.legal_actions(state)
    state = game.apply(state, UseBonus(BOOTS[0]))
    state = game.apply(state, UseBonus(BOOTS[1]))
    assert 6 == state.steps_left
    assert (BOOTS[0], BOOTS[1]) == state.map_discard


def test_boots_may_be_used_after_stepping(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A Boots bonus may extend the move after the first steps, before it ends."""
    game = make_game(3)
    state = moving(make_state, play_areas={0: BOOTS[:1]})
    state = game.apply(game.apply(state, NORTH), SOUTH)
    assert Phase.MOVE_STEP is state.phase  # the Boots card keeps the decision open
    assert [EndMove(), UseBonus(BOOTS[0])] == list(game.legal_actions(state))
    state = game.apply(state, UseBonus(BOOTS[0]))
    assert 2 == state.steps_left


def test_boots_are_used_only_while_the_pirate_moves(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Boots are used only while the pirate moves.

    Rulebook: "discard map cards with the 'boots' symbol on them during the Move the Pirate
    action" (not in the map change or the dig).
    """
    game = make_game(3)
    for phase in (Phase.MAP_SELECT_TILE, Phase.DRAW_DISCARD):
        state = make_state(phase=phase, play_areas={0: BOOTS[:2]})
        kinds = {
            action.bonus if isinstance(action, UsePair) else Symbol.BOOTS
            for action in game.legal_actions(state)
            if isinstance(action, UseBonus | UsePair)
        }
        assert Symbol.BOOTS not in kinds

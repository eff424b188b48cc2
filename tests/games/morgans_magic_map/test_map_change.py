"""Change the Island Map: which tiles may move, where, how they turn, and Map bonuses.

The rulebook's six illustrated examples are reproduced on the reference layout (the
design-default 4 x 5 layout the tile edges were generated from):

       0       1       2       3
      ####    ####    ~~~~    ~~~~
  0 # VOLC ## LIGH ## FALL ~~ SKUL ~
      ####    ~~~~    ####    ####
      ####    ~~~~    ####    ####
  1 ~ ANTH ## TOMB ~~ TREE ~~ SHIP ~
      ...
"""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.morgans_magic_map import (
    ChooseCell,
    ChooseRotation,
    EndMapChange,
    MorgansMagicMap,
    MorganState,
    Phase,
    SelectTile,
    UseBonus,
    UsePair,
    Variant,
)
from boardgames.games.morgans_magic_map.components import MAP_CARDS, Symbol
from boardgames.games.morgans_magic_map.geometry import Placement, analyse, is_connected
from boardgames.games.morgans_magic_map.rules import destinations, movable_tiles

LIGHTHOUSE, OASIS, TOMB, ANTHILL, SWAMP, TREE, CAVE, SKULL = 0, 1, 2, 3, 4, 5, 6, 7
BAY, VOLCANO, WATERFALL, SHIPWRECK, WELL, GALLOWS = 9, 10, 11, 12, 13, 17

MAP_CARD = next(c.id for c in MAP_CARDS if c.symbol is Symbol.MAP)
"""The Lighthouse 0, a card with the Map symbol."""


def move(
    game: MorgansMagicMap, state: MorganState, tile: int, cell: tuple[int, int], rotation: int
) -> MorganState:
    """Move ``tile`` to ``cell`` turned ``rotation`` (the cell and rotation may be forced)."""
    state = game.apply(state, SelectTile(tile))
    if state.phase is Phase.MAP_SELECT_CELL:
        state = game.apply(state, ChooseCell(*cell))
    if state.phase is Phase.MAP_SELECT_ROTATION:
        state = game.apply(state, ChooseRotation(rotation))
    return state


def split_top_right(layout: Callable[..., tuple[Placement, ...]]) -> tuple[Placement, ...]:
    """The reference layout with the Shipwreck moved east: the Skull hangs on the Waterfall."""
    return layout({SHIPWRECK: (4, 2, 0)})


def test_a_tile_may_be_moved_if_properly_rotated(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The Lighthouse fits east of the Skull only turned 180 degrees.

    Rulebook: "A tile could be moved to the spot indicated by the green arrow if the tile
    is properly rotated to connect to the map so that water would connect to water and land
    to land."
    """
    game = make_game(3)
    state = make_state()
    assert (2,) == destinations(state, LIGHTHOUSE)[(4, 0)]
    state = game.apply(game.apply(state, SelectTile(LIGHTHOUSE)), ChooseCell(4, 0))
    assert (4, 0, 2) == state.tiles[LIGHTHOUSE]
    # The only rotation is forced, then the end of the map change.
    assert (
        (0, SelectTile(LIGHTHOUSE)),
        (0, ChooseCell(4, 0)),
        (0, ChooseRotation(2)),
        (0, EndMapChange()),
    ) == tuple(state.history)


def test_a_spot_where_no_rotation_matches_is_refused(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The all-land Volcano cannot go west of the Anthill, whose west edge is water.

    Rulebook: "A tile could not be moved to the spot indicated by the red arrow because
    there is no way to orient the tile so that it follows the placement rules for matching
    edge types."
    """
    game = make_game(3)
    state = make_state()
    assert (-1, 1) in destinations(state, LIGHTHOUSE)
    assert (-1, 1) not in destinations(state, VOLCANO)
    selected = game.apply(state, SelectTile(VOLCANO))
    assert ChooseCell(-1, 1) not in game.legal_actions(selected)


def test_a_move_may_leave_an_empty_space(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    layout: Callable[..., tuple[Placement, ...]],
) -> None:
    """Moving the Shipwreck east leaves a gap inside the starting rectangle.

    Rulebook: "The chosen tile may be placed so that it creates a hole in the island map."
    and "A tile could be moved to the spot indicated by the green arrow even though this
    creates an empty space because it still results in a single connected island map."
    """
    game = make_game(3)
    state = move(game, make_state(), SHIPWRECK, (4, 2), 0)
    assert split_top_right(layout) == state.tiles
    assert (3, 1) not in analyse(state.tiles).at
    assert is_connected(state.tiles)


def test_a_tile_may_fill_a_hole(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    layout: Callable[..., tuple[Placement, ...]],
) -> None:
    """A tile may fill a hole.

    Rulebook: "A tile may be placed so that it fills a hole in the map as long as it meets
    the other placement requirements."
    """
    game = make_game(3)
    state = make_state(tiles=split_top_right(layout))
    assert {(3, 1): (1,)} == destinations(state, WATERFALL)
    state = move(game, state, WATERFALL, (3, 1), 1)
    assert (3, 1, 1) == state.tiles[WATERFALL]


def test_a_move_that_splits_the_map_is_refused(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    layout: Callable[..., tuple[Placement, ...]],
) -> None:
    """The Waterfall holds the Skull to the map: every spot but the hole would cut it off.

    Rulebook: "at the end of the action, all map tiles must be accessible from all other map
    tiles." and "A tile could not be moved to the spot indicated by the red arrow. This would
    split the island into two parts ... which is not permitted."
    """
    state = make_state(tiles=split_top_right(layout))
    island = analyse(state.tiles)
    edge_matching = {cell for cell, _, _ in island.moves(WATERFALL)}
    assert (-1, 0) in edge_matching
    assert [(3, 1)] == list(destinations(state, WATERFALL))


def test_a_tile_with_a_pawn_cannot_be_moved(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Any pawn, the mover's or another's, pins its tile.

    Rulebook: "The chosen tile must not be occupied by a pirate pawn. This includes the
    player whose turn it is as well as all other players." and "A tile may not be moved
    because it is occupied by a pirate pawn."
    """
    game = make_game(3)
    free = make_state(pawns=(TOMB, TOMB, TOMB))
    assert BAY in movable_tiles(free)
    for seat in range(3):
        pawns = [TOMB, TOMB, TOMB]
        pawns[seat] = BAY
        state = make_state(pawns=pawns)
        assert BAY not in movable_tiles(state)
        assert SelectTile(BAY) not in game.legal_actions(state)


def test_a_surrounded_tile_cannot_be_moved(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The Tomb has tiles on all four sides.

    Rulebook: "The chosen tile must have at least one edge that is not connected to another
    tile. A tile that is surrounded on all sides by other tiles may not be moved."
    """
    game = make_game(3)
    state = make_state()
    interior = {TOMB, TREE, OASIS, 19, 8, 18}  # the six inner cells of the 4 x 5 rectangle
    assert not interior & set(movable_tiles(state))
    assert SelectTile(TOMB) not in game.legal_actions(state)


def test_a_tile_whose_only_free_edge_faces_a_hole_can_be_moved(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    layout: Callable[..., tuple[Placement, ...]],
) -> None:
    """The Green Tree, boxed in on the reference layout, is freed by a hole beside it.

    Two holes are tried: the gap the Shipwreck leaves east of the Tree (open to the east), and
    the cell the Tomb leaves west of it (walled in on all four sides). Either way the Tree's
    other three sides hold tiles, so only the edge facing the hole can make it free.

    Ruling A-MMM-4: "an edge is free iff the orthogonally adjacent cell on that side holds no
    tile (edges facing a hole count as free)."

    Rulebook: "The chosen tile must have at least one edge that is not connected to another
    tile."
    """
    game = make_game(3)
    pawns = (OASIS, OASIS, OASIS)  # no pawn pins the Green Tree

    def sides(cell: tuple[int, int]) -> set[tuple[int, int]]:
        x, y = cell
        return {(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)}

    reference = make_state(pawns=pawns)
    assert sides(analyse(reference.tiles).cell(TREE)) <= set(analyse(reference.tiles).at)
    assert TREE not in movable_tiles(reference)
    assert SelectTile(TREE) not in game.legal_actions(reference)

    holes = {
        (3, 1): split_top_right(layout),  # the Shipwreck moved east
        (1, 1): layout({TOMB: (4, 0, 1)}),  # the Tomb moved to the north-east corner
    }
    for hole, tiles in holes.items():
        state = make_state(tiles=tiles, pawns=pawns)
        island = analyse(state.tiles)
        assert (2, 1) == island.cell(TREE)
        assert {hole} == sides(island.cell(TREE)) - set(island.at)  # the only open side
        xs = [x for x, _ in island.at]
        ys = [y for _, y in island.at]
        assert min(xs) < hole[0] < max(xs)  # the hole lies inside the map
        assert min(ys) < hole[1] < max(ys)
        assert TREE in movable_tiles(state)
        assert SelectTile(TREE) in game.legal_actions(state)
    assert sides((1, 1)) <= set(analyse(holes[(1, 1)]).at)  # the Tomb's cell is walled in


def test_the_placed_tile_must_touch_the_map(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The placed tile must touch the map.

    Rulebook: "The chosen tile must be placed so that at least one edge of the tile is
    connected to an existing tile on the island map."
    """
    state = make_state()
    island = analyse(state.tiles)
    for tile in movable_tiles(state):
        for x, y in destinations(state, tile):
            neighbours = {(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)}
            assert neighbours & (set(island.at) - {island.cell(tile)})
            assert (x, y) not in island.at


def test_the_map_may_grow_beyond_the_starting_rectangle(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A tile placed above row 0 extends the map; coordinates shift so the corner is (0, 0).

    Rulebook: "The chosen tile may be placed in such a way that it extends the island map
    outside of the starting 4 x 5 grid of tiles. There is no limit to the length or width of
    the island map."
    """
    game = make_game(3)
    state = move(game, make_state(), BAY, (2, -1), 0)
    assert (2, 0) == state.tiles[BAY][:2]
    assert (1, 1) == state.tiles[LIGHTHOUSE][:2]  # everything else moved down one row
    assert 6 == max(y for _, y, _ in state.tiles) + 1


def test_one_tile_move_without_bonus_then_the_phase_ends(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """After one move with no Map bonus available, the pirate moves next.

    Rulebook: "The player may choose to move 1 map tile from the island map and place it in
    any new legal spot on the island map."
    """
    game = make_game(3)
    state = move(game, make_state(), BAY, (2, -1), 0)
    assert Phase.MOVE_STEP is state.phase
    assert (
        (0, SelectTile(BAY)),
        (0, ChooseCell(2, -1)),
        (0, ChooseRotation(0)),
        (0, EndMapChange()),
    ) == tuple(state.history)


def test_changing_the_map_is_optional(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Rulebook: "The player may choose to move 1 map tile"."""
    game = make_game(3)
    state = make_state()
    assert EndMapChange() in game.legal_actions(state)
    after = game.apply(state, EndMapChange())
    assert Phase.MOVE_STEP is after.phase
    assert state.tiles == after.tiles


def test_a_map_bonus_moves_one_more_tile(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A map bonus moves one more tile.

    Rulebook: "A player may discard map cards with the 'map' symbol on them during the
    Change the Island Map action. This allows the player to change the position of one
    additional map tile for each map card they discard."
    """
    game = make_game(3)
    state = make_state(play_areas={0: [MAP_CARD]})
    state = move(game, state, BAY, (2, -1), 0)
    assert Phase.MAP_SELECT_TILE is state.phase
    assert UseBonus(MAP_CARD) in game.legal_actions(state)
    state = game.apply(state, UseBonus(MAP_CARD))
    assert 1 == state.map_moves_left
    assert MAP_CARD in state.map_discard
    assert frozenset() == state.play_areas[0]
    cell, rotations = next(iter(destinations(state, GALLOWS).items()))
    state = move(game, state, GALLOWS, cell, rotations[0])
    assert Phase.MOVE_STEP is state.phase


def test_a_tile_moves_at_most_once_per_map_change(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A tile moves at most once per map change.

    Ruling E10: "Each tile may be moved at most once per map phase (the bonus moves 'one
    additional map tile')".
    """
    game = make_game(3)
    state = make_state(play_areas={0: [MAP_CARD]})
    state = game.apply(state, UseBonus(MAP_CARD))
    state = move(game, state, BAY, (2, -1), 0)
    assert BAY in state.moved_tiles
    assert SelectTile(BAY) not in game.legal_actions(state)
    assert SelectTile(GALLOWS) in game.legal_actions(state)


def test_two_map_bonuses_give_three_moves(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Two map bonuses give three moves.

    Rulebook: "a player who discards two of these map cards could change the position of a
    total of 3 map tiles as a part of the action."
    """
    game = make_game(3)
    second = next(c.id for c in MAP_CARDS if c.symbol is Symbol.MAP and c.id != MAP_CARD)
    state = make_state(play_areas={0: [MAP_CARD, second]})
    state = game.apply(state, UseBonus(MAP_CARD))
    state = game.apply(state, UseBonus(second))
    assert 3 == state.map_moves_left


def test_a_map_bonus_is_not_offered_when_no_tile_can_move(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A Map bonus with no movable tile would be a pure loss, so it is not offered."""
    game = make_game(3)
    corner_pawns = make_state(play_areas={0: [MAP_CARD]})
    assert UseBonus(MAP_CARD) in game.legal_actions(corner_pawns)
    state = make_state(
        play_areas={0: [MAP_CARD]},
        map_moves_left=0,
        moved_tiles=movable_tiles(corner_pawns),
    )
    assert not movable_tiles(state)
    assert UseBonus(MAP_CARD) not in game.legal_actions(state)


def test_the_end_of_action_variant_allows_a_split_that_a_later_move_rejoins(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    layout: Callable[..., tuple[Placement, ...]],
) -> None:
    """The end of action variant allows a split that a later move rejoins.

    With ``connectivity_at_end_of_action``, the Waterfall may leave the Skull cut off if a
    move is left to rejoin it; the map change cannot end while the map is split.

    Rulebook: "The island map may be broken into two more or separate parts momentarily
    while a tile is being moved. However, at the end of the action, all map tiles must be
    accessible from all other map tiles." (Erratum E5.)
    """
    game = make_game(3, connectivity_at_end_of_action=True)
    variant = Variant(connectivity_at_end_of_action=True)
    alone = make_state(tiles=split_top_right(layout), variant=variant)
    assert (-1, 0) not in destinations(alone, WATERFALL)  # no move left to rejoin
    state = make_state(tiles=split_top_right(layout), variant=variant, map_moves_left=2)
    assert (-1, 0) in destinations(state, WATERFALL)
    state = move(game, state, WATERFALL, (-1, 0), 1)
    assert not is_connected(state.tiles)
    assert EndMapChange() not in game.legal_actions(state)
    skull_moves = destinations(state, SKULL)
    assert skull_moves
    cell, rotations = next(iter(skull_moves.items()))
    state = move(game, state, SKULL, cell, rotations[0])
    assert is_connected(state.tiles)
    assert Phase.MOVE_STEP is state.phase


def test_the_end_of_action_variant_keeps_the_cards_needed_to_rejoin(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    layout: Callable[..., tuple[Placement, ...]],
) -> None:
    """A split map with no move left must turn its pair of Boots into a Map bonus.

    Spending the pair on doubloons would leave the map split for good, so it is not offered
    (ruling E5: every offered option stays completable); the Map use is then forced.
    """
    game = make_game(3, connectivity_at_end_of_action=True)
    variant = Variant(connectivity_at_end_of_action=True)
    boots = [c.id for c in MAP_CARDS if c.symbol is Symbol.BOOTS][:2]
    state = make_state(tiles=split_top_right(layout), variant=variant, play_areas={0: boots})
    assert UsePair(boots[0], boots[1], Symbol.DOUBLOONS) in game.legal_actions(state)
    state = move(game, state, WATERFALL, (-1, 0), 1)
    assert not is_connected(state.tiles)
    assert (0, UsePair(boots[0], boots[1], Symbol.MAP)) == state.history[-1]
    assert 1 == state.map_moves_left
    assert EndMapChange() not in game.legal_actions(state)

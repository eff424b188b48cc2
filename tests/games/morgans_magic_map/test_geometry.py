"""The map geometry against a slow, obviously correct reading of the tile-moving rules.

The engine finds legal tile destinations with cached graph searches (articulation tiles,
the parts a lifted tile leaves, empty cells grouped by the edges they require). These
tests check those shortcuts against the rules read literally: lift the tile, try every
empty cell that touches another tile and every rotation, keep the placements whose edges
all match, and note whether the map is connected afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import boardgames
from boardgames.games.morgans_magic_map.components import DIRECTION_OFFSETS, Cell
from boardgames.games.morgans_magic_map.geometry import (
    IslandMap,
    Placement,
    TileMove,
    edges_match,
    is_connected,
)


def naive_moves(tiles: tuple[Placement, ...], tile: int) -> tuple[TileMove, ...]:
    """Every edge-matching destination of ``tile``, by brute force, in the engine's order."""
    others = {(x, y) for other, (x, y, _) in enumerate(tiles) if other != tile}
    own = (tiles[tile][0], tiles[tile][1])
    cells: set[Cell] = set()
    for x, y in others:
        for dx, dy in DIRECTION_OFFSETS:
            cell = (x + dx, y + dy)
            if cell not in others and cell != own:
                cells.add(cell)
    found: list[TileMove] = []
    for cell in sorted(cells, key=lambda cell: (cell[1], cell[0])):
        for rotation in range(4):
            moved = list(tiles)
            moved[tile] = (cell[0], cell[1], rotation)
            if edges_match(moved):
                found.append((cell, rotation, is_connected(moved)))
    return tuple(found)


def played_maps(options: dict[str, bool], seed: int, count: int) -> Iterator[tuple[Placement, ...]]:
    """Up to ``count`` distinct maps met in one random game."""
    game = boardgames.make("morgans-magic-map", players=3, **options)
    state = game.new_game(seed)
    rng = random.Random(seed)
    seen: set[tuple[Placement, ...]] = set()
    while not game.is_terminal(state) and len(seen) < count:
        if state.tiles not in seen:
            seen.add(state.tiles)
            yield state.tiles
        state = game.apply(state, rng.choice(game.legal_actions(state)))


MAPS = [
    *played_maps({}, seed=3, count=12),
    *played_maps({"connectivity_at_end_of_action": True}, seed=5, count=12),
]


def test_the_sample_includes_maps_with_articulation_tiles_and_split_maps() -> None:
    """The sample exercises both shortcuts of the engine.

    Lifting a tile that splits the map, and a map already in parts (possible only with
    ``connectivity_at_end_of_action``).
    """
    islands = [IslandMap(tiles) for tiles in MAPS]
    assert any(island.articulation for island in islands)
    assert any(not island.connected for island in islands)


@pytest.mark.parametrize("index", range(len(MAPS)))
def test_tile_destinations_match_the_rules_read_literally(index: int) -> None:
    """Each destination touches the map and matches every edge; connectivity is flagged.

    "The chosen tile must be placed so that at least one edge of the tile is connected to
    an existing tile on the island map." "The chosen tile must be placed so that all sides
    match adjacent tiles." And for each destination the engine says whether "all map tiles
    [are] accessible from all other map tiles" afterwards.
    """
    tiles = MAPS[index]
    for tile in range(len(tiles)):
        expected = naive_moves(tiles, tile)
        assert IslandMap(tiles).moves(tile) == expected, f"tile {tile}"
        # A fresh analysis answers without listing the moves first (the fast path).
        assert IslandMap(tiles).has_connected_move(tile) == any(
            joined for _, _, joined in expected
        ), f"tile {tile}"


@pytest.mark.parametrize("index", range(len(MAPS)))
def test_the_movers_left_out_are_never_examined(index: int) -> None:
    """Leaving tiles out (under pawns, moved already) gives the other movers, in id order.

    A tile may be moved only if "at least one of its sides [is] not adjacent to another map
    tile" and it has a legal new spot.
    """
    tiles = MAPS[index]
    expected = tuple(
        tile
        for tile in range(len(tiles))
        if any(
            (tiles[tile][0] + dx, tiles[tile][1] + dy) not in {(x, y) for x, y, _ in tiles}
            for dx, dy in DIRECTION_OFFSETS
        )
        and any(joined for _, _, joined in naive_moves(tiles, tile))
    )
    assert expected == IslandMap(tiles).movers()
    excluded = (None, 3, 7, 11)
    left = tuple(tile for tile in expected if tile not in excluded)
    assert left == IslandMap(tiles).movers(excluded)  # a fresh analysis
    island = IslandMap(tiles)
    assert expected == island.movers()
    assert left == island.movers(excluded)  # after the full list

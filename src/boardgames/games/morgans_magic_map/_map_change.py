"""The map change's queries: which tiles may be picked up now, and where they may go.

Without the ``connectivity_at_end_of_action`` variant a tile move must leave the island map
connected; with it (erratum E5) a move may split the map if the moves left (and the Map
bonuses the play area can still buy) can join it again, which the cached searches below
decide. The analysis of a state's map (:func:`island_of`) is kept with the state.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from boardgames.games.morgans_magic_map.components import (
    MAP_CARDS,
    TILES,
    Cell,
    MapCardId,
    Rotation,
    Symbol,
    TileId,
)
from boardgames.games.morgans_magic_map.geometry import IslandMap, Placement, analyse
from boardgames.games.morgans_magic_map.state import MorganState

__all__ = [
    "allowed_destinations",
    "blocked_tiles",
    "destinations",
    "island_of",
    "map_capacity",
    "movable_tiles",
    "repairable",
]

_TILE_COUNT: Final = len(TILES)
_SYMBOL: Final = tuple(card.symbol for card in MAP_CARDS)


def island_of(state: MorganState) -> IslandMap:
    """Return the analysis of ``state``'s map, kept with the state after the first use."""
    try:
        island: IslandMap = state._island
    except AttributeError:
        island = analyse(state.tiles)
        # Kept in the state's private slot (see ``state._Derived``): a pure function of
        # the map, so keeping it changes nothing but speed.
        object.__setattr__(state, "_island", island)
    return island


def blocked_tiles(state: MorganState) -> frozenset[TileId]:
    """Tiles that may not be picked up: under a pawn, or already moved in this map change."""
    return state.moved_tiles.union(tile for tile in state.pawns if tile is not None)


def map_capacity(play_area: frozenset[MapCardId]) -> int:
    """The most extra tile moves the cards of a play area can still buy (Map singly, pairs)."""
    counts = [0, 0, 0, 0]
    for card in play_area:
        counts[_SYMBOL[card]] += 1
    return counts[Symbol.MAP] + sum(count // 2 for count in counts[1:])


@lru_cache(maxsize=4096)
def repairable(tiles: tuple[Placement, ...], blocked: frozenset[TileId]) -> bool:
    """Whether one move of a tile not in ``blocked`` can reconnect the (split) map."""
    island = analyse(tiles)
    return any(
        tile not in blocked and island.has_free_edge(tile) and island.has_connected_move(tile)
        for tile in range(_TILE_COUNT)
    )


@lru_cache(maxsize=4096)
def _split_moves(
    tiles: tuple[Placement, ...], tile: TileId, blocked: frozenset[TileId]
) -> frozenset[tuple[Cell, Rotation]]:
    """E5: the destinations of ``tile`` that split the map but that one move can rejoin."""
    island = analyse(tiles)
    return frozenset(
        (cell, rotation)
        for cell, rotation, joined in island.moves(tile)
        if not joined and repairable(island.moved(tile, cell, rotation), blocked | {tile})
    )


@lru_cache(maxsize=4096)
def _has_split_move(tiles: tuple[Placement, ...], tile: TileId, blocked: frozenset[TileId]) -> bool:
    """E5: whether ``tile`` has a destination that splits the map and can be rejoined."""
    island = analyse(tiles)
    return any(
        not joined and repairable(island.moved(tile, cell, rotation), blocked | {tile})
        for cell, rotation, joined in island.moves(tile)
    )


def _split_budget(state: MorganState) -> int:
    """E5: tile moves that would be left after one more move (including bonus cards)."""
    seat = state.to_move
    assert seat is not None
    return state.map_moves_left - 1 + map_capacity(state.play_areas[seat])


def allowed_destinations(state: MorganState, tile: TileId) -> dict[Cell, tuple[Rotation, ...]]:
    """:func:`destinations`, shared (not to be changed): the map's own, without E5."""
    if state.variant.connectivity_at_end_of_action:
        result: dict[Cell, list[Rotation]] = {}
        for cell, rotation in _allowed_moves(state, tile):
            result.setdefault(cell, []).append(rotation)
        return {cell: tuple(rotations) for cell, rotations in result.items()}
    return island_of(state).connected_destinations(tile)


def _allowed_moves(state: MorganState, tile: TileId) -> list[tuple[Cell, Rotation]]:
    """The destinations of ``tile`` allowed now: connected ones, or (E5) repairable splits."""
    moves = island_of(state).moves(tile)
    if not state.variant.connectivity_at_end_of_action or _split_budget(state) < 1:
        return [(cell, rotation) for cell, rotation, joined in moves if joined]
    split = _split_moves(state.tiles, tile, blocked_tiles(state))
    return [
        (cell, rotation) for cell, rotation, joined in moves if joined or (cell, rotation) in split
    ]


def _may_move(state: MorganState, island: IslandMap, tile: TileId) -> bool:
    """Whether ``tile`` may be picked up now (ignoring the number of moves left)."""
    if tile in state.moved_tiles or tile in state.pawns or not island.has_free_edge(tile):
        return False
    if island.has_connected_move(tile):
        return True
    return (
        state.variant.connectivity_at_end_of_action
        and _split_budget(state) >= 1
        and _has_split_move(state.tiles, tile, blocked_tiles(state))
    )


def movable_tiles(state: MorganState) -> tuple[TileId, ...]:
    """Return the tiles the player to move could pick up now, by id.

    A tile qualifies if no pawn stands on it, it has not been moved in this map change
    (E10), at least one of its sides touches no tile, and it has an allowed destination.
    Whether a move is left is not considered (only, with ``connectivity_at_end_of_action``,
    as the budget for rejoining a map split by the move).
    """
    island = island_of(state)
    if not state.variant.connectivity_at_end_of_action:
        # A tuple of pawn tiles (None before a pawn is placed) serves as well as a set.
        return island.movers(blocked_tiles(state) if state.moved_tiles else state.pawns)
    return tuple(tile for tile in range(_TILE_COUNT) if _may_move(state, island, tile))


def destinations(state: MorganState, tile: TileId) -> dict[Cell, tuple[Rotation, ...]]:
    """Return each cell ``tile`` may be moved to now, with the rotations allowed there."""
    return dict(allowed_destinations(state, tile))

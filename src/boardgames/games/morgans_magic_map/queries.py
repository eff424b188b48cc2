"""Questions about a position that the legal actions answer only in their own phase.

:func:`tile_destinations` says where a map tile may be moved to, cell and rotation, from a
state or from any player's observation, in every phase. The legal actions say it only in
the middle of a map change, one decision at a time (:class:`~.actions.SelectTile`, then
:class:`~.actions.ChooseCell`, then :class:`~.actions.ChooseRotation`); the query asks the
same map analysis the rules use, and everything it reads is public (the map, the pawns,
the tiles moved in this map change and, with ``connectivity_at_end_of_action``, the play
areas), so an observation answers as the state does.

>>> import boardgames
>>> from boardgames.games.morgans_magic_map.components import tile
>>> game = boardgames.make("morgans-magic-map", players=2)
>>> state = game.new_game(seed=7)
>>> state.phase.name
'PLACE_PAWN'
>>> tile_destinations(state, tile("The Lighthouse"))  # surrounded on every side
()
>>> tile_destinations(state, tile("The Volcano"))[:5]  # all land: any rotation fits
(((1, -1), 0), ((1, -1), 1), ((1, -1), 2), ((1, -1), 3), ((4, 2), 0))

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import Final, TypeAlias

from boardgames.core.errors import UnknownComponentError
from boardgames.games.morgans_magic_map._map_change import (
    _split_moves,
    island_of,
    map_capacity,
)
from boardgames.games.morgans_magic_map.components import TILES, Cell, Rotation, Tile, TileId
from boardgames.games.morgans_magic_map.geometry import IslandMap, analyse
from boardgames.games.morgans_magic_map.observation import MorganObservation
from boardgames.games.morgans_magic_map.state import MorganState, Phase

__all__ = ["Destination", "tile_destinations"]

Destination: TypeAlias = tuple[Cell, Rotation]
"""Where a moved tile is put down: its new cell ``(x, y)`` and its rotation there.

.. versionadded:: 0.1.0
"""

_MAP_CHANGE: Final = frozenset(
    {Phase.MAP_SELECT_TILE, Phase.MAP_SELECT_CELL, Phase.MAP_SELECT_ROTATION}
)
_MOVING: Final = frozenset({Phase.MAP_SELECT_CELL, Phase.MAP_SELECT_ROTATION})


def tile_destinations(
    table: MorganState | MorganObservation, tile: Tile | TileId
) -> tuple[Destination, ...]:
    """Return every cell and rotation ``tile`` may be moved to, sorted by row, column, rotation.

    The answer is for the map change under way, or else for the next one (the next
    player's, or the start player's while the pawns are placed), with the map and the
    pawns as they are now. It is empty when the tile may not be picked up: a pawn stands
    on it, it was moved already in this map change, every side touches a tile, or no cell
    fits it (or the game is over). Otherwise it is where the rules let it go: an empty
    cell touching the map, under a rotation in which every touching edge matches, leaving
    the map connected (with ``connectivity_at_end_of_action``, also a split that the
    moves left, or the Map bonuses the play area can still pay for, can join again).

    While a tile is being moved (a cell or a rotation is pending) no other tile may be
    picked up, so only that tile has destinations: the cells still offered, or once its
    cell is chosen, the rotations there. Whether a move is left is not considered: with
    none left, the answer is where a Map bonus would let the tile go.

    In the map change, the answer is exactly what the legal actions offer, decision by
    decision: the tiles with a destination are those :class:`~.actions.SelectTile`
    offers, and a tile's destinations are the :class:`~.actions.ChooseCell` and
    :class:`~.actions.ChooseRotation` choices after it.

    Args:
        table: A state, or any seat's observation of it (it answers the same).
        tile: The tile, or its id.

    Returns:
        ``((x, y), rotation)`` pairs; cells are in the state's coordinates (they may lie
        one step outside the map, where the map grows).

    Raises:
        UnknownComponentError: ``tile`` is neither one of the 20 tiles nor a tile id.

    .. versionadded:: 0.1.0
    """
    tile_id = _tile_id(tile)
    phase = table.phase
    if phase is Phase.GAME_OVER or table.to_move is None:
        return ()
    moving = phase in _MOVING
    if moving and tile_id != table.selected_tile:
        return ()
    if phase in _MAP_CHANGE:
        seat = table.to_move
        moved = table.moved_tiles
        moves_left = table.map_moves_left
    else:  # the next map change: its first move, nothing moved yet
        seat = table.start_player if phase is Phase.PLACE_PAWN else (table.to_move + 1)
        seat %= table.players
        moved = frozenset()
        moves_left = 1
    blocked = moved.union(pawn for pawn in table.pawns if pawn is not None)
    island = _island(table)
    if not moving and (tile_id in blocked or not island.has_free_edge(tile_id)):
        return ()
    found: list[Destination]
    if not table.variant.connectivity_at_end_of_action:
        found = [
            (cell, rotation)
            for cell, rotations in island.connected_destinations(tile_id).items()
            for rotation in rotations
        ]
    else:
        # The budget for joining a split map again after this move, as the rules count it.
        budget = moves_left - 1 + map_capacity(table.play_areas[seat])
        split = _split_moves(table.tiles, tile_id, blocked) if budget >= 1 else frozenset()
        found = [
            (cell, rotation)
            for cell, rotation, joined in island.moves(tile_id)
            if joined or (cell, rotation) in split
        ]
    if phase is Phase.MAP_SELECT_ROTATION:
        found = [(cell, rotation) for cell, rotation in found if cell == table.selected_cell]
    return tuple(sorted(found, key=_order))


def _order(destination: Destination) -> tuple[int, int, Rotation]:
    (x, y), rotation = destination
    return (y, x, rotation)


def _tile_id(tile: Tile | TileId) -> TileId:
    """The id of ``tile``, given as a tile or as its id."""
    if isinstance(tile, Tile):
        if 0 <= tile.id < len(TILES) and TILES[tile.id] == tile:
            return tile.id
    elif type(tile) is int and 0 <= tile < len(TILES):
        return tile
    raise UnknownComponentError(f"{tile!r} is not a tile or a tile id (0 to {len(TILES) - 1})")


def _island(table: MorganState | MorganObservation) -> IslandMap:
    """The analysis of the map: the state's own, or the cached one of the observed map."""
    if isinstance(table, MorganState):
        return island_of(table)
    return analyse(table.tiles)

"""The island map as a grid: edges, connectivity, legal tile moves, distances, the setup layout.

A map is a tuple with one :data:`Placement` ``(x, y, rotation)`` per tile, indexed by tile
id (all 20 tiles are always on the map). Cells are unbounded; after every tile move the
map is shifted so that its smallest ``x`` and ``y`` are 0 (:func:`normalized`), which
changes nothing in the game (only relative positions matter) and keeps equal maps equal.

Everything here is a pure function of a map. :func:`analyse` caches the analysis of the
maps met recently, because the legal actions of the map phase ask the same questions
many times.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Final, TypeAlias

from boardgames.core.rng import Rng
from boardgames.games.morgans_magic_map.components import (
    DIRECTION_OFFSETS,
    LAYOUT_COLUMNS,
    LAYOUT_ROWS,
    TILES,
    Cell,
    Rotation,
    TileId,
    edge_after_rotation,
)

__all__ = [
    "IslandMap",
    "Placement",
    "TileMove",
    "analyse",
    "distance",
    "edges_match",
    "is_connected",
    "normalized",
    "random_layout",
]

Placement: TypeAlias = tuple[int, int, Rotation]
"""Where a tile lies: ``(x, y, rotation)``."""

TileMove: TypeAlias = tuple[Cell, Rotation, bool]
"""A legal destination of a tile: ``(cell, rotation, connected)``, where ``connected`` says
whether the whole map is orthogonally connected after the move."""

_TILE_COUNT: Final = len(TILES)

# _EDGE[tile][rotation][direction]: the terrain (0 water, 1 land) facing that direction;
# _EDGE_BITS[tile][rotation]: the same as a 4-bit number (bit d for direction d).
_EDGE: Final = tuple(
    tuple(
        tuple(int(edge_after_rotation(tile, rotation, direction)) for direction in range(4))
        for rotation in range(4)
    )
    for tile in TILES
)


_EDGE_BITS: Final = tuple(
    tuple(sum(terrain << direction for direction, terrain in enumerate(edges)) for edges in turns)
    for turns in _EDGE
)


def distance(first: Cell, second: Cell) -> int:
    """Return the orthogonal (Manhattan) distance between two cells; gaps count as steps.

    >>> distance((0, 0), (2, 1))
    3
    """
    return abs(first[0] - second[0]) + abs(first[1] - second[1])


def normalized(tiles: Sequence[Placement]) -> tuple[Placement, ...]:
    """Return the map shifted so that its smallest ``x`` and smallest ``y`` are 0."""
    min_x = min(placement[0] for placement in tiles)
    min_y = min(placement[1] for placement in tiles)
    if min_x == 0 and min_y == 0:
        return tuple(tiles)
    return tuple((x - min_x, y - min_y, rotation) for x, y, rotation in tiles)


def edges_match(tiles: Sequence[Placement]) -> bool:
    """Return whether every pair of touching edges shows the same terrain."""
    at = {(x, y): tile for tile, (x, y, _) in enumerate(tiles)}
    for tile, (x, y, rotation) in enumerate(tiles):
        for direction in (1, 2):  # east and south: each touching pair once
            dx, dy = DIRECTION_OFFSETS[direction]
            other = at.get((x + dx, y + dy))
            if other is not None:
                facing = _EDGE[other][tiles[other][2]][direction ^ 2]
                if _EDGE[tile][rotation][direction] != facing:
                    return False
    return True


def _components(at: dict[Cell, TileId]) -> list[set[Cell]]:
    """Return the orthogonally connected groups of occupied cells."""
    unseen = set(at)
    groups: list[set[Cell]] = []
    while unseen:
        start = unseen.pop()
        group = {start}
        stack = [start]
        while stack:
            x, y = stack.pop()
            for dx, dy in DIRECTION_OFFSETS:
                cell = (x + dx, y + dy)
                if cell in unseen:
                    unseen.remove(cell)
                    group.add(cell)
                    stack.append(cell)
        groups.append(group)
    return groups


def is_connected(tiles: Sequence[Placement]) -> bool:
    """Return whether every tile can be reached from every other by orthogonal steps."""
    return len(_components({(x, y): tile for tile, (x, y, _) in enumerate(tiles)})) == 1


class IslandMap:
    """The analysis of one map: which cell holds which tile, and where each tile may go.

    Build it with :func:`analyse`, which caches it. Results are computed on first use:
    the empty cells next to the map with the edges they require, and the articulation
    tiles (those whose removal splits the map, found by one depth-first search).

    Args:
        tiles: The map, one placement per tile id.
    """

    __slots__ = (
        "_articulation",
        "_connected",
        "_frontier",
        "_has_connected_move",
        "_moves",
        "at",
        "tiles",
    )

    def __init__(self, tiles: tuple[Placement, ...]) -> None:
        self.tiles = tiles
        self.at: dict[Cell, TileId] = {(x, y): tile for tile, (x, y, _) in enumerate(tiles)}
        self._moves: dict[TileId, tuple[TileMove, ...]] = {}
        self._has_connected_move: dict[TileId, bool] = {}
        self._connected: bool | None = None
        self._frontier: dict[Cell, tuple[tuple[int, TileId, int], ...]] | None = None
        self._articulation: frozenset[TileId] | None = None

    @property
    def connected(self) -> bool:
        """Whether the map is orthogonally connected."""
        if self._connected is None:
            self._connected = len(_components(self.at)) == 1
        return self._connected

    def cell(self, tile: TileId) -> Cell:
        """Return the cell of ``tile``."""
        x, y, _ = self.tiles[tile]
        return (x, y)

    def has_free_edge(self, tile: TileId) -> bool:
        """Return whether some side of ``tile`` touches no tile (a gap or the open sea)."""
        x, y, _ = self.tiles[tile]
        at = self.at
        return (
            (x, y - 1) not in at
            or (x + 1, y) not in at
            or (x, y + 1) not in at
            or (x - 1, y) not in at
        )

    def neighbour(self, tile: TileId, direction: int) -> TileId | None:
        """Return the tile orthogonally next to ``tile`` in ``direction``, if any."""
        x, y, _ = self.tiles[tile]
        dx, dy = DIRECTION_OFFSETS[direction]
        return self.at.get((x + dx, y + dy))

    @property
    def frontier(self) -> dict[Cell, tuple[tuple[int, TileId, int], ...]]:
        """The empty cells next to the map, each with its neighbours.

        Each neighbour is ``(direction, tile, terrain)``: the direction from the empty
        cell to the tile, and the terrain of the tile's edge facing the cell.
        """
        if self._frontier is None:
            at = self.at
            tiles = self.tiles
            found: dict[Cell, list[tuple[int, TileId, int]]] = {}
            for (x, y), tile in at.items():
                edges = _EDGE[tile][tiles[tile][2]]
                for direction in range(4):
                    dx, dy = DIRECTION_OFFSETS[direction]
                    cell = (x + dx, y + dy)
                    if cell not in at:
                        # seen from the empty cell, the tile lies the opposite way
                        found.setdefault(cell, []).append((direction ^ 2, tile, edges[direction]))
            self._frontier = {cell: tuple(entries) for cell, entries in found.items()}
        return self._frontier

    @property
    def articulation(self) -> frozenset[TileId]:
        """The tiles whose removal splits the map (for a connected map)."""
        if self._articulation is None:
            self._articulation = self._find_articulation()
        return self._articulation

    def _find_articulation(self) -> frozenset[TileId]:
        at = self.at
        tiles = self.tiles
        order: dict[TileId, int] = {}
        low: dict[TileId, int] = {}
        result: set[TileId] = set()
        for root in range(len(tiles)):
            if root in order:
                continue
            order[root] = low[root] = len(order)
            children = 0
            stack: list[tuple[TileId, TileId, int]] = [(root, -1, 0)]
            while stack:
                tile, parent, direction = stack.pop()
                if direction == 4:
                    if parent >= 0:
                        low[parent] = min(low[parent], low[tile])
                        grand = stack[-1][1] if stack else -1
                        if grand >= 0 and low[tile] >= order[parent]:
                            result.add(parent)
                    continue
                stack.append((tile, parent, direction + 1))
                x, y, _ = tiles[tile]
                dx, dy = DIRECTION_OFFSETS[direction]
                other = at.get((x + dx, y + dy))
                if other is None or other == parent:
                    continue
                if other in order:
                    low[tile] = min(low[tile], order[other])
                    continue
                order[other] = low[other] = len(order)
                if tile == root:
                    children += 1
                stack.append((other, tile, 0))
            if children > 1:
                result.add(root)
        return frozenset(result)

    def _groups_without(self, tile: TileId) -> dict[Cell, int]:
        """The group index of every cell once ``tile`` is lifted (articulation tiles only)."""
        at = dict(self.at)
        del at[self.cell(tile)]
        return {cell: index for index, group in enumerate(_components(at)) for cell in group}

    def _destinations(self, tile: TileId) -> Iterator[tuple[Cell, int, int, bool]]:
        """Yield the cells ``tile`` could touch the map from: ``(cell, mask, terrain, joined)``.

        ``mask`` has bit ``d`` set when a tile lies in direction ``d`` of the cell, and
        ``terrain`` the terrain bit that side requires; ``joined`` says whether the map
        would be connected with ``tile`` there. Unordered.
        """
        splits = tile in self.articulation or not self.connected
        group_of = self._groups_without(tile) if splits else {}
        groups = len(set(group_of.values()))
        tiles = self.tiles
        for cell, neighbours in self.frontier.items():
            mask = terrain = 0
            touched = 0
            for direction, other, edge in neighbours:
                if other != tile:
                    mask |= 1 << direction
                    terrain |= edge << direction
                    if splits:
                        x, y, _ = tiles[other]
                        touched |= 1 << group_of[(x, y)]
            if mask:
                yield cell, mask, terrain, not splits or touched.bit_count() == groups

    def moves(self, tile: TileId) -> tuple[TileMove, ...]:
        """Return every edge-matching destination of ``tile``, connected or not.

        A destination is an empty cell other than the tile's own, touching at least one
        other tile, with a rotation under which every touching edge matches. Each comes
        with whether the map is connected afterwards. Sorted by row, then column, then
        rotation.
        """
        cached = self._moves.get(tile)
        if cached is not None:
            return cached
        bits = _EDGE_BITS[tile]
        found = sorted(self._destinations(tile), key=lambda entry: (entry[0][1], entry[0][0]))
        moves = tuple(
            (cell, rotation, joined)
            for cell, mask, terrain, joined in found
            for rotation in range(4)
            if not (bits[rotation] ^ terrain) & mask
        )
        self._moves[tile] = moves
        return moves

    def has_connected_move(self, tile: TileId) -> bool:
        """Return whether ``tile`` has a destination after which the map is connected."""
        cached = self._has_connected_move.get(tile)
        if cached is None and tile in self._moves:
            cached = any(joined for _, _, joined in self._moves[tile])
        if cached is None:
            bits = _EDGE_BITS[tile]
            cached = any(
                joined and not (bits[rotation] ^ terrain) & mask
                for _, mask, terrain, joined in self._destinations(tile)
                for rotation in range(4)
            )
            self._has_connected_move[tile] = cached
        return cached

    def moved(self, tile: TileId, cell: Cell, rotation: Rotation) -> tuple[Placement, ...]:
        """Return the normalized map after putting ``tile`` at ``cell`` turned ``rotation``."""
        tiles = list(self.tiles)
        tiles[tile] = (cell[0], cell[1], rotation)
        return normalized(tiles)


@lru_cache(maxsize=4096)
def analyse(tiles: tuple[Placement, ...]) -> IslandMap:
    """Return the (cached) :class:`IslandMap` of a map."""
    return IslandMap(tiles)


def random_layout(rng: Rng) -> tuple[tuple[Placement, ...], Rng]:
    """Lay the 20 tiles out in a legal 4 x 5 rectangle, at random, and return the next stream.

    The tiles are shuffled and each gets a random starting rotation, as if drawn face down
    one at a time; then a backtracking search fills the cells row by row, trying the
    tiles in the shuffled order and each tile's rotations from its random one, keeping a
    tile only where its edges match the tiles already placed to the north and west. The
    search always succeeds because a legal layout exists
    (:data:`~boardgames.games.morgans_magic_map.components.REFERENCE_LAYOUT`), and its
    result depends only on the stream.

    Raises:
        RuntimeError: The tile data admit no legal 4 x 5 layout (never with the defaults).
    """
    order, rng = rng.shuffled(range(_TILE_COUNT))
    starts = []
    for _ in range(_TILE_COUNT):
        start, rng = rng.randbelow(4)
        starts.append(start)
    cells = [(x, y) for y in range(LAYOUT_ROWS) for x in range(LAYOUT_COLUMNS)]
    placed: list[tuple[TileId, Rotation]] = []
    used = [False] * _TILE_COUNT

    def fits(index: int, tile: TileId, rotation: Rotation) -> bool:
        x, y = cells[index]
        edges = _EDGE[tile][rotation]
        if x > 0:
            west, west_rotation = placed[index - 1]
            if edges[3] != _EDGE[west][west_rotation][1]:
                return False
        if y > 0:
            north, north_rotation = placed[index - LAYOUT_COLUMNS]
            if edges[0] != _EDGE[north][north_rotation][2]:
                return False
        return True

    def search(index: int) -> bool:
        if index == len(cells):
            return True
        for tile in order:
            if used[tile]:
                continue
            for turn in range(4):
                rotation = (starts[tile] + turn) % 4
                if fits(index, tile, rotation):
                    used[tile] = True
                    placed.append((tile, rotation))
                    if search(index + 1):
                        return True
                    placed.pop()
                    used[tile] = False
        return False

    if not search(0):
        raise RuntimeError("the tile data admit no legal 4 x 5 layout")
    result: list[Placement] = [(0, 0, 0)] * _TILE_COUNT
    for (x, y), (tile, rotation) in zip(cells, placed, strict=True):
        result[tile] = (x, y, rotation)
    return tuple(result), rng

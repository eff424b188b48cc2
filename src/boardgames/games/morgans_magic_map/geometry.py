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

from collections.abc import Sequence
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


def _fitting_rotations(tile: TileId) -> tuple[tuple[Rotation, ...], ...]:
    """For each ``mask << 4 | terrain``, the rotations of ``tile`` that fit those edges."""
    bits = _EDGE_BITS[tile]
    return tuple(
        tuple(rotation for rotation in range(4) if not (bits[rotation] ^ terrain) & mask)
        for mask in range(16)
        for terrain in range(16)
    )


# _ROTATIONS[tile][mask << 4 | terrain]: the rotations of a tile that match a cell whose
# neighbours are in the directions of ``mask`` and show the terrain bits of ``terrain``;
# _FITS[tile]: the same as a 256-bit number, bit ``mask << 4 | terrain`` set when some
# rotation fits (and some neighbour exists).
_ROTATIONS: Final = tuple(_fitting_rotations(tile) for tile in range(len(TILES)))
_FITS: Final = tuple(
    sum(1 << key for key, rotations in enumerate(table) if rotations and key >> 4)
    for table in _ROTATIONS
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
    the empty cells next to the map with the edges they require, and one depth-first
    search of the tiles that finds the articulation tiles (those whose removal splits the
    map) and, for each, the parts the map falls into.

    Args:
        tiles: The map, one placement per tile id.
    """

    __slots__ = (
        "_frontier",
        "_has_connected_move",
        "_key_counts",
        "_moves",
        "_search",
        "_shared",
        "at",
        "tiles",
    )

    def __init__(self, tiles: tuple[Placement, ...]) -> None:
        self.tiles = tiles
        self.at: dict[Cell, TileId] = {(x, y): tile for tile, (x, y, _) in enumerate(tiles)}
        self._moves: dict[TileId, tuple[TileMove, ...]] = {}
        self._has_connected_move: dict[TileId, bool] = {}
        self._frontier: dict[Cell, tuple[int, int, tuple[tuple[int, TileId], ...]]] | None = None
        self._key_counts: dict[int, int] | None = None
        self._search: _Search | None = None
        self._shared: list[tuple[int, int, tuple[tuple[int, TileId], ...]]] | None = None

    @property
    def connected(self) -> bool:
        """Whether the map is orthogonally connected."""
        return self._dfs().roots == 1

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
    def articulation(self) -> frozenset[TileId]:
        """The tiles whose removal splits a connected map."""
        return self._dfs().articulation

    def _frontier_cells(self) -> dict[Cell, tuple[int, int, tuple[tuple[int, TileId], ...]]]:
        """The empty cells next to the map: ``cell -> (mask, terrain, neighbours)``.

        ``mask`` has bit ``d`` set when a tile lies in direction ``d`` of the cell, and
        ``terrain`` the terrain bit that tile's facing edge shows; ``neighbours`` are the
        ``(direction, tile)`` pairs.
        """
        if self._frontier is None:
            at = self.at
            tiles = self.tiles
            found: dict[Cell, list[int]] = {}
            touching: dict[Cell, list[tuple[int, TileId]]] = {}
            for (x, y), tile in at.items():
                edges = _EDGE[tile][tiles[tile][2]]
                for direction in range(4):
                    dx, dy = DIRECTION_OFFSETS[direction]
                    cell = (x + dx, y + dy)
                    if cell not in at:
                        side = direction ^ 2  # seen from the empty cell
                        entry = found.setdefault(cell, [0, 0])
                        entry[0] |= 1 << side
                        entry[1] |= edges[direction] << side
                        touching.setdefault(cell, []).append((side, tile))
            self._frontier = {
                cell: (mask, terrain, tuple(touching[cell]))
                for cell, (mask, terrain) in found.items()
            }
        return self._frontier

    def _dfs(self) -> _Search:
        if self._search is None:
            self._search = _Search(self.tiles, self.at)
        return self._search

    def _destinations(self, tile: TileId) -> list[tuple[Cell, int, int, bool]]:
        """The cells ``tile`` could touch the map from: ``(cell, mask, terrain, joined)``.

        ``mask`` and ``terrain`` are the edges the cell requires once ``tile`` is lifted;
        ``joined`` says whether the map would be connected with ``tile`` there. Unordered.
        """
        search = self._dfs()
        splits = search.roots != 1 or tile in search.articulation
        group_of = self._groups_without(tile) if splits else None
        groups = len(set(group_of.values())) if group_of is not None else 1
        result = []
        for cell, (mask, terrain, neighbours) in self._frontier_cells().items():
            touched = 0
            for side, other in neighbours:
                if other == tile:
                    mask &= ~(1 << side)
                    terrain &= ~(1 << side)
                elif group_of is not None:
                    touched |= 1 << group_of[other]
            if mask:
                result.append(
                    (cell, mask, terrain, group_of is None or touched.bit_count() == groups)
                )
        return result

    def _groups_without(self, tile: TileId) -> dict[TileId, int]:
        """The part of the map each other tile is in once ``tile`` is lifted."""
        return self._dfs().parts_without(tile)

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
        fitting = _ROTATIONS[tile]
        found = sorted(self._destinations(tile), key=lambda entry: (entry[0][1], entry[0][0]))
        moves = tuple(
            (cell, rotation, joined)
            for cell, mask, terrain, joined in found
            for rotation in fitting[mask << 4 | terrain]
        )
        self._moves[tile] = moves
        return moves

    def has_connected_move(self, tile: TileId) -> bool:
        """Return whether ``tile`` has a destination after which the map is connected."""
        cached = self._has_connected_move.get(tile)
        if cached is None:
            search = self._dfs()
            if tile in self._moves:
                cached = any(joined for _, _, joined in self._moves[tile])
            elif search.roots == 1 and tile not in search.articulation:
                cached = self._fits_somewhere(tile)
            else:
                cached = self._rejoins_somewhere(tile)
            self._has_connected_move[tile] = cached
        return cached

    def _fits_somewhere(self, tile: TileId) -> bool:
        """Whether ``tile``, lifted without splitting the map, fits some empty cell.

        The empty cells are grouped by the edges they require (``mask << 4 | terrain``), so
        most of them are checked at once against the tile's table of fitting requirements;
        only the up to four cells next to the tile itself need their requirement changed.
        """
        frontier = self._frontier_cells()
        if self._key_counts is None:
            counts: dict[int, int] = {}
            for mask, terrain, _ in frontier.values():
                key = mask << 4 | terrain
                counts[key] = counts.get(key, 0) + 1
            self._key_counts = counts
        fits = _FITS[tile]
        present = dict(self._key_counts)
        x, y, _ = self.tiles[tile]
        for dx, dy in DIRECTION_OFFSETS:
            entry = frontier.get((x + dx, y + dy))
            if entry is None:
                continue
            mask, terrain, neighbours = entry
            present[mask << 4 | terrain] -= 1
            for side, other in neighbours:
                if other == tile:
                    mask &= ~(1 << side)
                    terrain &= ~(1 << side)
            if fits >> (mask << 4 | terrain) & 1:
                return True
        return any(count and fits >> key & 1 for key, count in present.items())

    def _rejoins_somewhere(self, tile: TileId) -> bool:
        """Whether ``tile``, whose lifting leaves the map in parts, fits a cell touching all.

        The parts are read from the depth-first search (:meth:`_Search.part_of`)
        rather than listed, and only the empty cells touching at least as many tiles as
        there are parts are tried.
        """
        search = self._dfs()
        cut = search.cut_children(tile)
        groups = len(cut) + search.roots - 1 + (0 if search.is_root[tile] else 1)
        if groups > 4:  # a cell touches at most four tiles
            return False
        if self._shared is None:
            self._shared = [
                entry for entry in self._frontier_cells().values() if len(entry[2]) >= 2
            ]
        candidates = self._shared if groups >= 2 else self._frontier_cells().values()
        fits = _FITS[tile]
        part_of = search.part_of
        for mask, terrain, neighbours in candidates:
            if len(neighbours) < groups:
                continue
            touched = 0
            for side, other in neighbours:
                if other == tile:
                    mask &= ~(1 << side)
                    terrain &= ~(1 << side)
                    continue
                touched |= 1 << part_of(tile, cut, other)
            if touched.bit_count() == groups and fits >> (mask << 4 | terrain) & 1:
                return True
        return False

    def moved(self, tile: TileId, cell: Cell, rotation: Rotation) -> tuple[Placement, ...]:
        """Return the normalized map after putting ``tile`` at ``cell`` turned ``rotation``."""
        tiles = list(self.tiles)
        tiles[tile] = (cell[0], cell[1], rotation)
        return normalized(tiles)


class _Search:
    """One depth-first search of the tile graph (Tarjan's low-link method).

    It counts the connected parts (``roots``), finds the articulation tiles, and keeps
    each tile's discovery order, subtree size, tree children and search tree, so that the
    parts left by lifting a tile are known without searching again.
    """

    __slots__ = ("articulation", "children", "is_root", "low", "order", "roots", "size", "tree")

    def __init__(self, tiles: tuple[Placement, ...], at: dict[Cell, TileId]) -> None:
        count = len(tiles)
        order = [-1] * count
        low = [0] * count
        size = [1] * count
        children: list[list[TileId]] = [[] for _ in range(count)]
        tree = [0] * count
        is_root = [False] * count
        articulation: set[TileId] = set()
        roots = 0
        counter = 0
        for root in range(count):
            if order[root] >= 0:
                continue
            roots += 1
            tree[root] = roots - 1
            is_root[root] = True
            order[root] = low[root] = counter
            counter += 1
            stack: list[tuple[TileId, int]] = [(root, 0)]
            while stack:
                tile, direction = stack[-1]
                if direction == 4:
                    stack.pop()
                    if stack:
                        parent = stack[-1][0]
                        low[parent] = min(low[parent], low[tile])
                        size[parent] += size[tile]
                        if parent != root and low[tile] >= order[parent]:
                            articulation.add(parent)
                    continue
                stack[-1] = (tile, direction + 1)
                x, y, _ = tiles[tile]
                dx, dy = DIRECTION_OFFSETS[direction]
                other = at.get((x + dx, y + dy))
                if other is None:
                    continue
                if order[other] >= 0:
                    low[tile] = min(low[tile], order[other])
                    continue
                order[other] = low[other] = counter
                counter += 1
                tree[other] = roots - 1
                children[tile].append(other)
                stack.append((other, 0))
            if len(children[root]) > 1:
                articulation.add(root)
        self.order = order
        self.low = low
        self.size = size
        self.children = children
        self.articulation = frozenset(articulation)
        self.roots = roots
        self.tree = tree
        self.is_root = is_root

    def cut_children(self, tile: TileId) -> list[tuple[int, int]]:
        """The discovery-order ranges of the subtrees that lifting ``tile`` cuts off.

        A tree child whose subtree cannot reach above ``tile`` becomes a part of its own;
        its tiles are those discovered in ``[first, last)``.
        """
        order = self.order
        rank = order[tile]
        size = self.size
        low = self.low
        return [
            (order[child], order[child] + size[child])
            for child in self.children[tile]
            if low[child] >= rank
        ]

    def part_of(self, tile: TileId, cut: list[tuple[int, int]], other: TileId) -> int:
        """The part ``other`` is in once ``tile`` is lifted (``cut`` from :meth:`cut_children`).

        Numbered as in :meth:`parts_without`.
        """
        if self.tree[other] != self.tree[tile]:
            return 5 + self.tree[other]
        rank = self.order[other]
        for index, (first, last) in enumerate(cut, start=1):
            if first <= rank < last:
                return index
        return 0

    def parts_without(self, tile: TileId) -> dict[TileId, int]:
        """Return the part index of every other tile once ``tile`` is removed.

        In ``tile``'s own search tree, each cut-off subtree (:meth:`cut_children`) becomes
        its own part (1 to 4) and everything else stays in part 0; the tiles of every other
        search tree (a split map) form one part each (5 and up).
        """
        cut = self.cut_children(tile)
        return {
            other: self.part_of(tile, cut, other)
            for other in range(len(self.order))
            if other != tile
        }


@lru_cache(maxsize=512)
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

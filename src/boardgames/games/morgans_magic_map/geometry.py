"""The island map as a grid: edges, connectivity, legal tile moves, distances, the setup layout.

A map is a tuple with one :data:`Placement` ``(x, y, rotation)`` per tile, indexed by tile
id (all 20 tiles are always on the map). Cells are unbounded; after every tile move the
map is shifted so that its smallest ``x`` and ``y`` are 0 (:func:`normalized`), which
changes nothing in the game (only relative positions matter) and keeps equal maps equal.

Everything here is a pure function of a map. :func:`analyse` caches the analysis of the
maps met recently, and the rules keep each state's analysis with the state (shared by the
states that follow while the map stays the same), so a map is analysed once.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
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

    Build it with :func:`analyse`, which caches it. The cells are numbered row by row in a
    grid one cell wider than the map on every side, so that a set of cells is one integer
    with a bit per cell (a *bitboard*) and a whole set steps one cell in a direction with
    one shift. Results are computed on first use: the edges each empty cell requires (as
    eight bitboards), and one depth-first search of the tiles that finds the articulation
    tiles (those whose removal splits the map) and, for each tile, the parts the map falls
    into when it is lifted. The destinations of a tile are then a few operations on
    bitboards: the cells touching every part, minus those where some edge would not match.

    Args:
        tiles: The map, one placement per tile id.
    """

    __slots__ = (
        "_bits",
        "_columns",
        "_connected_move",
        "_destinations",
        "_fitting",
        "_movers",
        "_moves",
        "_occupied",
        "_origin",
        "_search",
        "_sees",
        "at",
        "tiles",
    )

    def __init__(self, tiles: tuple[Placement, ...]) -> None:
        self.tiles = tiles
        self.at: dict[Cell, TileId] = {(x, y): tile for tile, (x, y, _) in enumerate(tiles)}
        min_x = min(x for x, _, _ in tiles)
        min_y = min(y for _, y, _ in tiles)
        # The grid starts one cell west and north of the map and is one cell wider on
        # each side, so no shift of a tile's bit wraps around to another row.
        columns = max(x for x, _, _ in tiles) - min_x + 3
        west, north = min_x - 1, min_y - 1
        bits = [1 << (x - west + (y - north) * columns) for x, y, _ in tiles]
        occupied = 0
        for bit in bits:
            occupied |= bit
        self._columns = columns
        self._origin = (west, north)
        self._bits = bits
        self._occupied = occupied
        self._sees: _Boards | None = None
        self._search: _Search | None = None
        self._moves: dict[TileId, tuple[TileMove, ...]] = {}
        self._connected_move: dict[TileId, bool] = {}
        self._destinations: dict[TileId, dict[Cell, tuple[Rotation, ...]]] = {}
        self._movers: tuple[TileId, ...] | None = None
        self._fitting: tuple[int, ...] | None = None

    @property
    def connected(self) -> bool:
        """Whether the map is orthogonally connected."""
        return len(self._dfs().trees) == 1

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

    def _neighbours(self) -> list[list[TileId]]:
        """The tiles orthogonally next to each tile (north, east, south, west, if any)."""
        columns = self._columns
        where: list[TileId | None] = [None] * ((max(self._bits).bit_length()) + columns + 1)
        places = [bit.bit_length() - 1 for bit in self._bits]
        for tile, place in enumerate(places):
            where[place] = tile
        neighbours = []
        for place in places:
            neighbours.append(
                [
                    other
                    for other in (
                        where[place - columns],
                        where[place + 1],
                        where[place + columns],
                        where[place - 1],
                    )
                    if other is not None
                ]
            )
        return neighbours

    def _dfs(self) -> _Search:
        if self._search is None:
            self._search = _Search(self)
        return self._search

    def _boards(self) -> _Boards:
        """What each empty cell requires of a tile placed there, as bitboards.

        ``sees[d][terrain]`` has the bit of every cell whose neighbour in direction ``d``
        shows ``terrain`` (0 water, 1 land) on the edge facing it; ``clash[pattern]`` the
        cells where a tile whose edges show ``pattern`` (bit ``d`` set for land in
        direction ``d``) would not match some neighbour.
        """
        if self._sees is None:
            land = [0, 0, 0, 0]  # the tiles whose edge in direction d is land
            tiles = self.tiles
            for tile, bit in enumerate(self._bits):
                for direction in _LAND_DIRECTIONS[_EDGE_BITS[tile][tiles[tile][2]]]:
                    land[direction] |= bit
            occupied = self._occupied
            columns = self._columns
            # A cell sees in direction d the edge opposite d of its neighbour there.
            sees = (
                ((occupied & ~land[2]) << columns, land[2] << columns),
                ((occupied & ~land[3]) >> 1, land[3] >> 1),
                ((occupied & ~land[0]) >> columns, land[0] >> columns),
                ((occupied & ~land[1]) << 1, land[1] << 1),
            )
            # A pattern clashes where a neighbour shows the other terrain.
            low = [sees[0][1 - (bits & 1)] | sees[1][1 - (bits >> 1)] for bits in range(4)]
            high = [sees[2][1 - (bits & 1)] | sees[3][1 - (bits >> 1)] for bits in range(4)]
            clash = tuple(low[pattern & 3] | high[pattern >> 2] for pattern in range(16))
            self._sees = (sees, clash)
        return self._sees

    def _fits(self) -> tuple[int, ...]:
        """For each edge pattern, the empty cells next to the map where it matches."""
        if self._fitting is None:
            occupied = self._occupied
            columns = self._columns
            empty = (
                (occupied >> columns) | (occupied << 1) | (occupied << columns) | (occupied >> 1)
            ) & ~occupied
            self._fitting = tuple(empty & ~clash for clash in self._boards()[1])
        return self._fitting

    def _parts_without(self, tile: TileId) -> list[int]:
        """The bitboards of the parts the map falls into once ``tile`` is lifted."""
        search = self._dfs()
        tree = search.tree_of[tile]
        parts = list(search.cuts[tile])
        if tile not in search.roots:
            rest = search.trees[tree] & ~self._bits[tile]
            for part in parts:
                rest &= ~part
            parts.append(rest)
        if len(search.trees) > 1:
            parts.extend(bits for index, bits in enumerate(search.trees) if index != tree)
        return parts

    def _everywhere(self, tile: TileId) -> int:
        """The empty cells where ``tile`` would touch every part of the map once lifted.

        Whether its edges match there is not considered.
        """
        columns = self._columns
        lifted = self._bits[tile]
        search = self._dfs()
        occupied = self._occupied
        if len(search.trees) == 1:
            rest = occupied & ~lifted
            if tile not in search.articulation:
                cells = (rest >> columns) | (rest << 1) | (rest << columns) | (rest >> 1)
                return cells & ~occupied
            # The subtrees cut off, then what is left (unless the tile was the root).
            cells = ~occupied
            for part in search.cuts[tile]:
                cells &= (part >> columns) | (part << 1) | (part << columns) | (part >> 1)
                if not cells:
                    return 0
                rest &= ~part
            if rest:
                cells &= (rest >> columns) | (rest << 1) | (rest << columns) | (rest >> 1)
            return cells
        parts = self._parts_without(tile)
        if len(parts) == 1:
            rest = parts[0]
            cells = (rest >> columns) | (rest << 1) | (rest << columns) | (rest >> 1)
        else:
            cells = -1
            for part in parts:
                cells &= (part >> columns) | (part << 1) | (part << columns) | (part >> 1)
        return cells & ~(self._occupied | lifted)

    def _clash_without(self, tile: TileId, pattern: int) -> int:
        """:meth:`_boards` ``clash[pattern]``, with ``tile`` lifted off the map.

        Only the (up to four) cells next to ``tile`` change: they no longer see it.
        """
        sees, clash = self._boards()
        columns = self._columns
        lifted = self._bits[tile]
        # The cell south of the tile sees it to the north, and so on.
        south, west = lifted << columns, lifted >> 1
        north, east = lifted >> columns, lifted << 1
        near = south | west | north | east
        return (
            clash[pattern] & ~near
            | sees[0][1 - (pattern & 1)] & (west | north | east)
            | sees[1][1 - (pattern >> 1 & 1)] & (south | north | east)
            | sees[2][1 - (pattern >> 2 & 1)] & (south | west | east)
            | sees[3][1 - (pattern >> 3)] & (south | west | north)
        )

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
        columns = self._columns
        lifted = self._bits[tile]
        rest = self._occupied & ~lifted
        touching = ((rest >> columns) | (rest << 1) | (rest << columns) | (rest >> 1)) & ~(
            rest | lifted
        )
        joins = bin(self._everywhere(tile))[:1:-1]
        moves: list[TileMove] = []
        for index, cell, rotations in self._fitting_cells(tile, touching):
            joined = index < len(joins) and joins[index] == "1"
            moves.extend((cell, rotation, joined) for rotation in rotations)
        result = tuple(moves)
        self._moves[tile] = result
        return result

    def has_connected_move(self, tile: TileId) -> bool:
        """Return whether ``tile`` has a destination after which the map is connected."""
        cached = self._connected_move.get(tile)
        if cached is None:
            if tile in self._moves:
                cached = any(joined for _, _, joined in self._moves[tile])
            else:
                search = self._dfs()
                cached = False
                if len(search.trees) == 1 and tile not in search.articulation:
                    # Lifting the tile leaves the map whole: then a cell that is not next
                    # to the tile fits as the map's own table says (the fast path).
                    bit = self._bits[tile]
                    columns = self._columns
                    near = (bit << columns) | (bit >> 1) | (bit >> columns) | (bit << 1)
                    fits = self._fits()
                    cached = any(fits[pattern] & ~near for pattern in _PATTERNS[tile])
                if not cached:
                    cached = self._fits_somewhere(tile)
            self._connected_move[tile] = cached
        return cached

    def movers(self, excluded: Collection[TileId | None] = ()) -> tuple[TileId, ...]:
        """Return the tiles with a free side and a connected move, by id (see the rules).

        Whether a pawn stands on a tile, or it was moved already, is not considered; the
        tiles in ``excluded`` (such as those) are left out without being examined. Each
        tile is examined once per map.

        .. versionadded:: 0.1.0
        """
        if self._movers is not None:
            if not excluded:
                return self._movers
            return tuple(tile for tile in self._movers if tile not in excluded)
        occupied = self._occupied
        columns = self._columns
        enclosed = (  # the tiles whose four sides all touch a tile
            occupied
            & (occupied << columns)
            & (occupied >> columns)
            & (occupied << 1)
            & (occupied >> 1)
        )
        search = self._dfs()
        # Lifting a tile that is no articulation leaves the map whole: then a cell that is
        # not next to the tile fits as the map's own table says (the fast path).
        easy = len(search.trees) == 1
        articulation = search.articulation
        fits = self._fits()
        known = self._connected_move
        found = []
        for tile, bit in enumerate(self._bits):
            if bit & enclosed or tile in excluded:
                continue
            movable = known.get(tile)
            if movable is None:
                if easy and tile not in articulation:
                    near = (bit << columns) | (bit >> 1) | (bit >> columns) | (bit << 1)
                    movable = any(fits[pattern] & ~near for pattern in _PATTERNS[tile])
                if not movable:
                    movable = self._fits_somewhere(tile)
                known[tile] = movable
            if movable:
                found.append(tile)
        result = tuple(found)
        if not excluded:
            self._movers = result
        return result

    def connected_destinations(self, tile: TileId) -> dict[Cell, tuple[Rotation, ...]]:
        """Return each cell where ``tile`` may go with the map connected, with its rotations.

        The result is computed once and shared by every caller: do not change it.

        .. versionadded:: 0.1.0
        """
        cached = self._destinations.get(tile)
        if cached is None:
            cells = self._fitting_cells(tile, self._everywhere(tile))
            cached = {cell: rotations for _, cell, rotations in cells}
            self._destinations[tile] = cached
        return cached

    def _fitting_cells(
        self, tile: TileId, cells: int
    ) -> list[tuple[int, Cell, tuple[Rotation, ...]]]:
        """The ``cells`` where ``tile`` (lifted) matches every edge, with the rotations.

        Each comes as ``(bit index, cell, rotations)``, row by row, west to east.
        """
        fitting = [cells & ~self._clash_without(tile, pattern) for pattern in _EDGE_BITS[tile]]
        # Bit i of a bitboard is character i of its reversed binary digits.
        found = bin(fitting[0] | fitting[1] | fitting[2] | fitting[3])[:1:-1]
        fits = [bin(bits)[:1:-1] for bits in fitting]
        columns = self._columns
        west, north = self._origin
        result = []
        index = found.find("1")
        while index >= 0:
            turns = 0
            for rotation, text in enumerate(fits):
                if index < len(text) and text[index] == "1":
                    turns |= 1 << rotation
            row, column = divmod(index, columns)
            result.append((index, (west + column, north + row), _TURNS[turns]))
            index = found.find("1", index + 1)
        return result

    def _fits_somewhere(self, tile: TileId) -> bool:
        """Whether ``tile`` fits some cell where it touches every part of the map."""
        columns = self._columns
        lifted = self._bits[tile]
        near = (lifted << columns) | (lifted >> 1) | (lifted >> columns) | (lifted << 1)
        patterns = _PATTERNS[tile]
        search = self._dfs()
        if len(search.trees) == 1 and tile not in search.articulation:
            # Lifting the tile leaves the map whole: any empty cell next to the map fits,
            # and those not next to the tile are read off the map's own table.
            fits = self._fits()
            for pattern in patterns:
                if fits[pattern] & ~near:
                    return True
            everywhere = self._everywhere(tile) & near
            return any(everywhere & ~self._clash_without(tile, pattern) for pattern in patterns)
        everywhere = self._everywhere(tile)
        if not everywhere:
            return False
        clash = self._boards()[1]
        far = everywhere & ~near  # these cells do not see the tile: the plain table holds
        if far:
            for pattern in patterns:
                if far & ~clash[pattern]:
                    return True
        close = everywhere & near
        if close:
            for pattern in patterns:
                if close & ~self._clash_without(tile, pattern):
                    return True
        return False

    def moved(self, tile: TileId, cell: Cell, rotation: Rotation) -> tuple[Placement, ...]:
        """Return the normalized map after putting ``tile`` at ``cell`` turned ``rotation``."""
        tiles = list(self.tiles)
        tiles[tile] = (cell[0], cell[1], rotation)
        return normalized(tiles)

    def after_move(self, tile: TileId, cell: Cell, rotation: Rotation) -> IslandMap:
        """Return the analysis of the map after the move (see :meth:`moved`).

        .. versionadded:: 0.1.0
        """
        return analyse(self.moved(tile, cell, rotation))


# The rotations whose bit is set in a 4-bit number.
_TURNS: Final = tuple(
    tuple(rotation for rotation in range(4) if turns >> rotation & 1) for turns in range(16)
)

# The distinct edge patterns of each tile's four rotations.
_PATTERNS: Final = tuple(tuple(sorted(set(patterns))) for patterns in _EDGE_BITS)

_Boards: TypeAlias = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]

# The directions in which a 4-bit edge pattern (bit d: land in direction d) shows land.
_LAND_DIRECTIONS: Final = tuple(
    tuple(direction for direction in range(4) if pattern >> direction & 1) for pattern in range(16)
)


class _Search:
    """One depth-first search of the tile graph (Tarjan's low-link method).

    It finds the connected parts of the map (``trees``, as bitboards, with the part of each
    tile in ``tree_of`` and the first tile searched in each in ``roots``), the articulation
    tiles and, for each tile, the bitboards of the subtrees that lifting it cuts off
    (``cuts``): the tree children whose subtree reaches no tile above it.
    """

    __slots__ = ("articulation", "cuts", "roots", "tree_of", "trees")

    def __init__(self, island: IslandMap) -> None:
        bits = island._bits
        count = len(bits)
        neighbours = island._neighbours()
        order = [0] * count  # discovery rank from 1; 0 while undiscovered
        low = [0] * count
        subtree = list(bits)
        tree_of = [0] * count
        cuts: list[list[int]] = [[] for _ in range(count)]
        trees: list[int] = []
        roots = []
        articulation = []
        counter = 0
        for root in range(count):
            if order[root]:
                continue
            tree = len(trees)
            roots.append(root)
            counter += 1
            order[root] = low[root] = counter
            tree_of[root] = tree
            stack = [(root, iter(neighbours[root]))]
            while stack:
                tile, pending = stack[-1]
                for other in pending:
                    rank = order[other]
                    if not rank:
                        counter += 1
                        order[other] = low[other] = counter
                        tree_of[other] = tree
                        stack.append((other, iter(neighbours[other])))
                        break
                    if rank < low[tile]:
                        low[tile] = rank
                else:  # every neighbour seen: report to the parent
                    stack.pop()
                    if stack:
                        parent = stack[-1][0]
                        subtree[parent] |= subtree[tile]
                        if low[tile] >= order[parent]:
                            cuts[parent].append(subtree[tile])
                            if parent != root or len(cuts[parent]) == 2:
                                articulation.append(parent)
                        elif low[tile] < low[parent]:
                            low[parent] = low[tile]
            trees.append(subtree[root])
        self.roots = frozenset(roots)
        self.trees = trees
        self.tree_of = tree_of
        self.cuts = cuts
        self.articulation = frozenset(articulation)


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

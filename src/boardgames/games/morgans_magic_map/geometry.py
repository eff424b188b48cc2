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

from collections import OrderedDict
from collections.abc import Collection, Sequence
from contextlib import suppress
from operator import itemgetter
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
_ROW: Final = itemgetter(1)

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
    min_x = min(tiles)[0]
    min_y = min(tiles, key=_ROW)[1]
    if min_x == 0 and min_y == 0:
        return tuple(tiles)
    return tuple([(x - min_x, y - min_y, rotation) for x, y, rotation in tiles])


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

    Build it with :func:`analyse`, which caches it, or with :meth:`after_move` from the
    map before a tile move. The cells are numbered row by row in a grid with an empty
    margin around the map, so that a set of cells is one integer with a bit per cell (a
    *bitboard*) and a whole set steps one cell in a direction with one shift (no tile is
    on the grid's first or last column, so no shift of a tile's bit wraps around to
    another row). The grid is fixed to the tiles, not to the normalized
    coordinates: after a move the other tiles keep their cells in it, so the analysis of
    the next map starts from this one's and changes only what is near the moved tile (the
    grid is laid out again only when the map outgrows its margin). Results are computed
    on first use: the edges each empty cell requires (as bitboards), and one depth-first
    search of the tiles that finds the articulation tiles (those whose removal splits the
    map) and, for each tile, the parts the map falls into when it is lifted. The
    destinations of a tile are then a few operations on bitboards: the cells touching
    every part, minus those where some edge would not match.

    Args:
        tiles: The map, one placement per tile id.
    """

    __slots__ = (
        "_at",
        "_bits",
        "_columns",
        "_connected_move",
        "_destinations",
        "_fitting",
        "_free",
        "_land",
        "_movers",
        "_moves",
        "_neighbours",
        "_occupied",
        "_origin",
        "_places",
        "_search",
        "_sees",
        "_steps",
        "_where",
        "tiles",
    )

    def __init__(self, tiles: tuple[Placement, ...]) -> None:
        min_x = min(tiles)[0]
        # Around the map: the empty margin every grid has, and room for the map to move
        # before the grid must be laid out again.
        columns = max(tiles)[0] - min_x + 3 + 2 * _SLACK
        west = min_x - 1 - _SLACK
        north = min(tiles, key=_ROW)[1] - 1 - _SLACK
        places = [x - west + (y - north) * columns for x, y, _ in tiles]
        bits = [1 << place for place in places]
        occupied = 0
        for bit in bits:
            occupied |= bit
        where = {place: tile for tile, place in enumerate(places)}
        get = where.get
        self._start(tiles, columns, (west, north), places, bits, occupied)
        self._where = where
        self._neighbours = [
            [
                other
                for other in (
                    get(place - columns),
                    get(place + 1),
                    get(place + columns),
                    get(place - 1),
                )
                if other is not None
            ]
            for place in places
        ]

    def _start(
        self,
        tiles: tuple[Placement, ...],
        columns: int,
        origin: Cell,
        places: list[int],
        bits: list[int],
        occupied: int,
    ) -> None:
        """Set the map and its grid, and empty the caches (the caller sets the rest)."""
        self.tiles = tiles
        self._columns = columns
        self._steps = (-columns, 1, columns, -1)
        self._origin = origin
        self._places = places
        self._bits = bits
        self._occupied = occupied
        self._at: dict[Cell, TileId] | None = None
        self._land: list[int] | None = None
        self._free: list[TileId] | None = None
        self._sees: _Boards | None = None
        self._search: _Search | None = None
        self._moves: dict[TileId, tuple[TileMove, ...]] = {}
        self._connected_move: dict[TileId, bool] = {}
        self._destinations: dict[TileId, dict[Cell, tuple[Rotation, ...]]] = {}
        self._movers: tuple[TileId, ...] | None = None
        self._fitting: tuple[int, ...] | None = None

    @property
    def at(self) -> dict[Cell, TileId]:
        """The tile on each occupied cell (do not change it)."""
        at = self._at
        if at is None:
            at = self._at = {(x, y): tile for tile, (x, y, _) in enumerate(self.tiles)}
        return at

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
        return len(self._neighbours[tile]) < 4

    def neighbour(self, tile: TileId, direction: int) -> TileId | None:
        """Return the tile orthogonally next to ``tile`` in ``direction``, if any."""
        return self._where.get(self._places[tile] + self._steps[direction])

    @property
    def articulation(self) -> frozenset[TileId]:
        """The tiles whose removal splits a connected map."""
        return self._dfs().articulation

    def _dfs(self) -> _Search:
        search = self._search
        if search is None:
            search = self._search = _Search(self._neighbours, self._bits)
        return search

    def _boards(self) -> _Boards:
        """What each empty cell requires of a tile placed there, as bitboards.

        ``sees[d][terrain]`` has the bit of every cell whose neighbour in direction ``d``
        shows ``terrain`` (0 water, 1 land) on the edge facing it; ``clash[pattern]`` the
        cells where a tile whose edges show ``pattern`` (bit ``d`` set for land in
        direction ``d``) would not match some neighbour.
        """
        if self._sees is None:
            land = self._lands()
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

    def _lands(self) -> list[int]:
        """For each direction, the bitboard of the tiles whose edge that way is land."""
        land = self._land
        if land is None:
            land = [0, 0, 0, 0]
            tiles = self.tiles
            for tile, bit in enumerate(self._bits):
                for direction in _LAND_DIRECTIONS[_EDGE_BITS[tile][tiles[tile][2]]]:
                    land[direction] |= bit
            self._land = land
        return land

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
                self._examine([tile])
                cached = self._connected_move[tile]
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
        free = self._free
        if free is None:  # the tiles with a side that touches no tile
            free = self._free = [
                tile for tile, adjacent in enumerate(self._neighbours) if len(adjacent) < 4
            ]
        known = self._connected_move
        candidates = [tile for tile in free if tile not in excluded] if excluded else free
        self._examine([tile for tile in candidates if tile not in known])
        result = tuple(tile for tile in candidates if known[tile])
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
        clashes = self._clashes_without(tile)
        fitting = [cells & ~clashes[pattern] for pattern in _EDGE_BITS[tile]]
        # Bit i of a bitboard is character i of its reversed binary digits.
        found = bin(fitting[0] | fitting[1] | fitting[2] | fitting[3])[:1:-1]
        length = len(found)
        turned = [bin(bits)[:1:-1].ljust(length, "0") for bits in fitting]
        columns = self._columns
        left, top = self._origin
        result = []
        index = found.find("1")
        while index >= 0:
            turns = (
                (turned[0][index] == "1")
                | (turned[1][index] == "1") << 1
                | (turned[2][index] == "1") << 2
                | (turned[3][index] == "1") << 3
            )
            row, column = divmod(index, columns)
            result.append((index, (left + column, top + row), _TURNS[turns]))
            index = found.find("1", index + 1)
        return result

    def _examine(self, tiles: list[TileId]) -> None:
        """Find whether each of ``tiles`` has a destination after which the map is connected.

        The answers go to ``_connected_move``. A tile whose lifting leaves the map whole
        may go to any empty cell next to the map where it fits, and the cells that are
        not next to it fit as the map's own table says. A tile whose lifting splits the
        map must go where it touches every part.
        """
        known = self._connected_move
        if not tiles:
            return
        columns = self._columns
        occupied = self._occupied
        bits = self._bits
        fits = self._fits()
        search = self._dfs()
        whole = len(search.trees) == 1
        articulation = search.articulation
        cuts = search.cuts
        # A tile is next to at most four cells: a pattern that fits more cells fits one
        # that is not next to the tile.
        plenty = [cells.bit_count() > 4 for cells in fits]
        for tile in tiles:
            patterns = _PATTERNS[tile]
            easy = whole and tile not in articulation
            if easy and any(plenty[pattern] for pattern in patterns):
                known[tile] = True
                continue
            lifted = bits[tile]
            near = (lifted << columns) | (lifted >> 1) | (lifted >> columns) | (lifted << 1)
            far = 0  # the cells not next to the tile where it fits: they do not see it
            for pattern in patterns:
                far |= fits[pattern]
            far &= ~near
            rest = occupied ^ lifted
            if easy:
                # Only the cells next to the tile are left: those next to another tile.
                close = near & ((rest >> columns) | (rest << 1) | (rest << columns) | (rest >> 1))
                close &= ~rest
            elif whole:
                # The cells next to every part: each subtree cut off, then the rest.
                everywhere = ~occupied
                for part in cuts[tile]:
                    everywhere &= (part >> columns) | (part << 1) | (part << columns) | (part >> 1)
                    rest ^= part
                if rest:
                    everywhere &= (rest >> columns) | (rest << 1) | (rest << columns) | (rest >> 1)
                far &= everywhere
                close = near & everywhere
            else:  # a split map (E5 only)
                everywhere = self._everywhere(tile)
                far &= everywhere
                close = near & everywhere
            movable = bool(far)
            if not movable and close:
                movable = any(close & ~clash for clash in self._clashes_without(tile).values())
            known[tile] = movable

    def _clashes_without(self, tile: TileId) -> dict[int, int]:
        """:meth:`_boards` ``clash[pattern]`` with ``tile`` lifted off the map, per pattern.

        One entry for each edge pattern of the tile's rotations. Only the (up to four)
        cells next to the tile change: they no longer see it.
        """
        sees, clash = self._boards()
        columns = self._columns
        lifted = self._bits[tile]
        # The cell south of the tile sees it to the north, and so on.
        south, west = lifted << columns, lifted >> 1
        north, east = lifted >> columns, lifted << 1
        keep = ~(south | west | north | east)
        seen = (
            sees[0][0] & (west | north | east),
            sees[1][0] & (south | north | east),
            sees[2][0] & (south | west | east),
            sees[3][0] & (south | west | north),
        )
        seen_land = (
            sees[0][1] & (west | north | east),
            sees[1][1] & (south | north | east),
            sees[2][1] & (south | west | east),
            sees[3][1] & (south | west | north),
        )
        # A pattern clashes where it shows land and the neighbour water, or the reverse.
        return {
            pattern: clash[pattern] & keep
            | (seen[0] if pattern & 1 else seen_land[0])
            | (seen[1] if pattern & 2 else seen_land[1])
            | (seen[2] if pattern & 4 else seen_land[2])
            | (seen[3] if pattern & 8 else seen_land[3])
            for pattern in _PATTERNS[tile]
        }

    def moved(self, tile: TileId, cell: Cell, rotation: Rotation) -> tuple[Placement, ...]:
        """Return the normalized map after putting ``tile`` at ``cell`` turned ``rotation``."""
        tiles = list(self.tiles)
        tiles[tile] = (cell[0], cell[1], rotation)
        return normalized(tiles)

    def after_move(self, tile: TileId, cell: Cell, rotation: Rotation) -> IslandMap:
        """Return the analysis of the map after the move (see :meth:`moved`).

        It is the cached analysis of that map if there is one; else it is built from this
        one: the other tiles keep their cells in the grid, so only what is next to the
        tile's old and new cells is looked at again.

        .. versionadded:: 0.1.0
        """
        tiles = self.moved(tile, cell, rotation)
        island = _cached(tiles)
        if island is None:
            island = self._moved_analysis(tiles, tile, cell, rotation)
            _remember(tiles, island)
        return island

    def _moved_analysis(
        self, tiles: tuple[Placement, ...], tile: TileId, cell: Cell, rotation: Rotation
    ) -> IslandMap:
        """The analysis of ``tiles``, this map after the move, built from this one."""
        columns = self._columns
        west, north = self._origin
        column = cell[0] - west
        row = cell[1] - north
        new = column + row * columns
        if not (0 < column < columns - 1 and 0 < row < _MAX_ROW) or new in self._where:
            # The tile leaves the grid's margin (or lands on a tile): lay the grid out again.
            return IslandMap(tiles)
        # The normalized map is shifted by as much as its own origin.
        x, y, _ = tiles[tile]
        origin = (west + x - cell[0], north + y - cell[1])
        old = self._places[tile]
        places = self._places.copy()
        places[tile] = new
        bits = self._bits.copy()
        bits[tile] = 1 << new
        island = IslandMap.__new__(IslandMap)
        occupied = self._occupied ^ (1 << old) | bits[tile]
        island._start(tiles, columns, origin, places, bits, occupied)
        where = self._where.copy()
        del where[old]
        where[new] = tile
        island._where = where
        land = self._land
        if land is not None:  # else computed when first needed
            kept = ~(1 << old)
            land = [board & kept for board in land]
            for direction in _LAND_DIRECTIONS[_EDGE_BITS[tile][rotation]]:
                land[direction] |= bits[tile]
        island._land = land
        # Only the tile and the tiles next to its old or new cell have other neighbours.
        neighbours = self._neighbours.copy()
        neighbours[tile] = _adjacent(where, new, columns)
        for other in (*self._neighbours[tile], *neighbours[tile]):
            neighbours[other] = _adjacent(where, places[other], columns)
        island._neighbours = neighbours
        return island


def _adjacent(where: dict[int, TileId], place: int, columns: int) -> list[TileId]:
    """The tiles next to grid cell ``place`` (north, east, south, west, if any)."""
    return [
        other
        for other in (
            where.get(place - columns),
            where.get(place + 1),
            where.get(place + columns),
            where.get(place - 1),
        )
        if other is not None
    ]


_SLACK: Final = 1
"""The empty columns (and rows north) a grid laid out afresh has around a map, besides the
one every grid has: room for tiles to move before the grid must be laid out again."""

_MAX_ROW: Final = 24
"""A grid is laid out again once a tile would sit this many rows down (bitboards stay short)."""

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

    def __init__(self, neighbours: list[list[TileId]], bits: list[int]) -> None:
        count = len(bits)
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


_ANALYSED: Final[OrderedDict[tuple[Placement, ...], IslandMap]] = OrderedDict()
"""The analyses of the maps used most recently (the latest last), at most :data:`_CACHED`."""

_CACHED: Final = 512


def _cached(tiles: tuple[Placement, ...]) -> IslandMap | None:
    """Return the cached analysis of a map, if there is one, as the latest used."""
    island = _ANALYSED.get(tiles)
    if island is not None:
        with suppress(KeyError):  # dropped by another thread in between
            _ANALYSED.move_to_end(tiles)
    return island


def _remember(tiles: tuple[Placement, ...], island: IslandMap) -> None:
    """Keep the analysis of a map in the cache, dropping the least recently used beyond it."""
    cache = _ANALYSED
    cache[tiles] = island
    if len(cache) > _CACHED:
        with suppress(KeyError):  # emptied by another thread in between
            cache.popitem(last=False)


def analyse(tiles: tuple[Placement, ...]) -> IslandMap:
    """Return the (cached) :class:`IslandMap` of a map."""
    island = _cached(tiles)
    if island is None:
        island = IslandMap(tiles)
        _remember(tiles, island)
    return island


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

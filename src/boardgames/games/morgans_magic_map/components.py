"""The tiles, map cards and treasure cards of Morgan's Magic Map, and the grid geometry.

The rulebook prints the component counts (20 map tiles, 72 map cards, 29 treasure cards in
sets of 8, 5, 5, 4, 4 and 3), a few names, and the rules that use the components, but not
the edges of the tiles, the reference point, distance and symbol of each map card, or the
value and rank of each treasure. Those three tables are **design defaults** of this
library, chosen to satisfy every constraint the rulebook implies (rulings
A-MMM-1 to A-MMM-3, A-MMM-6):

* **Tiles** (:data:`TILES`). Twenty tiles; eighteen carry a reference point ("most contain
  a reference point"), two do not. Every name the rulebook mentions is a reference point
  (the Lighthouse, the Tomb, the Oasis, the Anthill, the Swamp, the Biting Cave, the Green
  Tree, the Skull, the 3 Columns and Big Nose Bay), and each reference point is on exactly
  one tile (A-MMM-6). Each edge is land or water, one terrain per edge (A-MMM-1). The edges
  were *generated from* a legal 4 x 5 layout, :data:`REFERENCE_LAYOUT`, and each tile was
  then turned by a fixed rotation, so a legal setup always exists. The set has two
  all-water tiles, one all-land tile, and tiles with one, two (opposite and adjacent) and
  three land edges.
* **Map cards** (:data:`MAP_CARDS`). The 18 reference points times the distances 0, 1, 2
  and 3 make the 72 cards (A-MMM-2), so distance-0 cards exist ("Cards with a tile distance
  of '0'"). The bonus symbol of the card for reference point ``i`` at distance
  ``d`` is ``(i + d) mod 4`` in the order Map, Boots, Shovel, 2 doubloons: each symbol is on
  18 cards and every reference point has each symbol once. The order of the reference
  points makes the rulebook's examples come out: "The Tomb" at distance 0 has a shovel
  (Anna's turn), "The Biting Cave" at 0 has a shovel and "The Green Tree" at 2 and "The
  Oasis" at 2 have the 2-doubloons symbol (Luke's turn), and a Skull card has a shovel.
* **Treasures** (:data:`TREASURE_CARDS`). The six sets have 8, 5, 5, 4, 4 and 3 cards, as
  printed; the Silver Teapot, the Diadem and the Jade Dragon exist. Values run from 1 to 10;
  ranks are unique, 1 to 29, and increase with the value ("the more valuable cards being
  deeper"; ties in value are ranked by set, then by id). The values make the final scoring
  example possible: Anna, Beth and Connor can hold exactly the printed set counts with
  treasure values 34, 30 and 32.

**Names.** Every tile, map card and treasure card is one of a kind, so each has a name of
its own, the one its ``__str__`` prints: a tile by its tile name (``"The Lighthouse"``,
``"Open Sea"``), a map card by its reference point and distance (``"The Tomb 2"``, "2
steps away from the Tomb"), a treasure card by its name (``"Silver Teapot"``).
:func:`tile`, :func:`map_card` and :func:`treasure_card` look a name up (case and spacing
do not matter) and :func:`tile_name`, :func:`map_card_name` and :func:`treasure_card_name`
give it back; an unknown name raises :class:`~boardgames.UnknownComponentError`, which
lists the closest names:

>>> tile("the oasis").id, map_card("The Tomb  2").id, treasure_card("SILVER TEAPOT").value
(1, 10, 5)
>>> tile_name(1), map_card_name(10), treasure_card_name(12)
('The Oasis', 'The Tomb 2', 'Silver Teapot')
>>> tile("Oases")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
boardgames.core.errors.UnknownComponentError: unknown tile 'Oases'; did you mean 'The Oasis'? ...

Replace the three tables with the printed data if you have it; the rules code reads
nothing else. The treasure board's level bonuses (0 to 4 doubloons for levels I to V) are
derived from the rulebook's examples and are not a design default.
"""

from __future__ import annotations

import enum
from typing import Final, TypeAlias

import attrs

from boardgames.core.names import ComponentNames, by_id

__all__ = [
    "BOARD_LEVELS",
    "CORNERS",
    "DIRECTION_OFFSETS",
    "LAYOUT_COLUMNS",
    "LAYOUT_ROWS",
    "LEVEL_DOUBLOONS",
    "MAP_CARDS",
    "MAP_CARD_DISTANCES",
    "MAP_CARD_NAMES",
    "REFERENCE_LAYOUT",
    "SET_SIZES",
    "TILES",
    "TILE_NAMES",
    "TREASURE_CARDS",
    "TREASURE_CARD_NAMES",
    "Cell",
    "Corner",
    "Direction",
    "MapCard",
    "MapCardId",
    "Rotation",
    "Symbol",
    "Terrain",
    "Tile",
    "TileId",
    "TreasureCard",
    "TreasureId",
    "TreasureSet",
    "edge_after_rotation",
    "map_card",
    "map_card_name",
    "tile",
    "tile_name",
    "treasure_card",
    "treasure_card_name",
]

TileId: TypeAlias = int
"""The index of a map tile in :data:`TILES` (0 to 19)."""

MapCardId: TypeAlias = int
"""The index of a map card in :data:`MAP_CARDS` (0 to 71)."""

TreasureId: TypeAlias = int
"""The index of a treasure card in :data:`TREASURE_CARDS` (0 to 28)."""

Cell: TypeAlias = tuple[int, int]
"""A grid cell ``(x, y)``: ``x`` grows to the east, ``y`` to the south."""

Rotation: TypeAlias = int
"""Quarter turns clockwise from the tile's printed orientation, 0 to 3."""


class Terrain(enum.IntEnum):
    """What a tile edge shows."""

    WATER = 0
    """A water edge: it may only touch water edges."""
    LAND = 1
    """A land edge: it may only touch land edges."""

    def __str__(self) -> str:
        return self.name.lower()


class Direction(enum.IntEnum):
    """The four orthogonal directions, clockwise from north (also the four tile edges)."""

    NORTH = 0
    """Towards smaller ``y``."""
    EAST = 1
    """Towards larger ``x``."""
    SOUTH = 2
    """Towards larger ``y``."""
    WEST = 3
    """Towards smaller ``x``."""

    def __str__(self) -> str:
        return self.name.lower()

    @property
    def opposite(self) -> Direction:
        """The direction pointing the other way."""
        return Direction((self + 2) % 4)


DIRECTION_OFFSETS: Final[tuple[Cell, Cell, Cell, Cell]] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The ``(dx, dy)`` step of each :class:`Direction`, in direction order."""


class Symbol(enum.IntEnum):
    """The bonus symbol printed on a map card, and the bonus it gives."""

    MAP = 0
    """Move one more map tile in the Change the Island Map action."""
    BOOTS = 1
    """Move the pirate up to 2 more steps in the Move the Pirate action."""
    SHOVEL = 2
    """Take a treasure one level deeper in the Dig action."""
    DOUBLOONS = 3
    """Take 2 doubloons, at any time during one's turn."""

    def __str__(self) -> str:
        return "doubloons" if self is Symbol.DOUBLOONS else self.name.lower()


class TreasureSet(enum.IntEnum):
    """The six sets (colours) of treasure cards."""

    GEMS = 0
    """Pink, 8 cards."""
    SILVER = 1
    """Cyan, 5 cards."""
    GOLD = 2
    """Yellow, 5 cards."""
    PEARL = 3
    """White, 4 cards."""
    JEWELRY = 4
    """Red, 4 cards."""
    JADE = 5
    """Green, 3 cards."""

    def __str__(self) -> str:
        return self.name.lower()


SET_SIZES: Final = {
    TreasureSet.GEMS: 8,
    TreasureSet.SILVER: 5,
    TreasureSet.GOLD: 5,
    TreasureSet.PEARL: 4,
    TreasureSet.JEWELRY: 4,
    TreasureSet.JADE: 3,
}
"""The number of cards in each treasure set, as the rulebook prints it."""


class Corner(enum.IntEnum):
    """The four corners of the starting 4 x 5 rectangle, where the pawns start."""

    NORTH_WEST = 0
    """Cell (0, 0)."""
    NORTH_EAST = 1
    """Cell (3, 0)."""
    SOUTH_WEST = 2
    """Cell (0, 4)."""
    SOUTH_EAST = 3
    """Cell (3, 4)."""

    def __str__(self) -> str:
        return self.name.lower().replace("_", "-")


LAYOUT_COLUMNS: Final = 4
"""The starting rectangle is "4 tiles wide" (``x`` = 0 to 3)."""

LAYOUT_ROWS: Final = 5
"""The starting rectangle is "5 tiles long" (``y`` = 0 to 4)."""

CORNERS: Final[tuple[Cell, Cell, Cell, Cell]] = (
    (0, 0),
    (LAYOUT_COLUMNS - 1, 0),
    (0, LAYOUT_ROWS - 1),
    (LAYOUT_COLUMNS - 1, LAYOUT_ROWS - 1),
)
"""The cell of each :class:`Corner`, in corner order."""

BOARD_LEVELS: Final = 5
"""Treasure cards face up on the treasure board (levels I to V)."""

LEVEL_DOUBLOONS: Final = (0, 1, 2, 3, 4)
"""Doubloons taken with a treasure from levels I to V (rulebook examples: II 1, III 2,
IV 3, V 4; level I shows none)."""

MAP_CARD_DISTANCES: Final = (0, 1, 2, 3)
"""The distances printed on map cards (design default)."""


@attrs.frozen
class Tile:
    """A map tile.

    Args:
        id: The tile's index in :data:`TILES`.
        name: The printed name.
        code: A four-letter abbreviation for text maps.
        reference: Whether the tile carries a reference point named ``name`` (map cards
            point at it).
        edges: The terrain of the north, east, south and west edges in the printed
            orientation (rotation 0).
    """

    id: TileId
    name: str
    code: str
    reference: bool
    edges: tuple[Terrain, Terrain, Terrain, Terrain]

    def __str__(self) -> str:
        return self.name


def _edges(text: str) -> tuple[Terrain, Terrain, Terrain, Terrain]:
    terrains = tuple(Terrain.LAND if char == "L" else Terrain.WATER for char in text)
    return (terrains[0], terrains[1], terrains[2], terrains[3])


_TILE_DATA: Final = (
    # name, code, reference point?, edges N E S W (L land, W water) in printed orientation
    ("The Lighthouse", "LIGH", True, "LWLL"),
    ("The Oasis", "OASI", True, "LLWW"),
    ("The Tomb", "TOMB", True, "WWWL"),
    ("The Anthill", "ANTH", True, "LWLL"),
    ("The Swamp", "SWMP", True, "WWWL"),
    ("The Green Tree", "TREE", True, "LWLW"),
    ("The Biting Cave", "CAVE", True, "WWLW"),
    ("The Skull", "SKUL", True, "WWLW"),
    ("The 3 Columns", "3COL", True, "LLWW"),
    ("Big Nose Bay", "BNBY", True, "WWWW"),
    ("The Volcano", "VOLC", True, "LLLL"),
    ("The Waterfall", "FALL", True, "LWWL"),
    ("The Shipwreck", "SHIP", True, "WWWL"),
    ("The Old Well", "WELL", True, "LWWL"),
    ("The Giant Turtle", "TURT", True, "LWWW"),
    ("Parrot Rock", "PARR", True, "WLLL"),
    ("The Hanging Bridge", "BRDG", True, "WLWL"),
    ("The Gallows", "GALL", True, "LLLW"),
    ("Open Sea", "SEA ", False, "WWWW"),
    ("Jungle", "JUNG", False, "WWWL"),
)

TILES: Final = tuple(
    Tile(id=index, name=name, code=code, reference=reference, edges=_edges(edges))
    for index, (name, code, reference, edges) in enumerate(_TILE_DATA)
)
"""The 20 map tiles. Edges and the two tiles without a reference point: design default."""

REFERENCE_LAYOUT: Final[tuple[tuple[int, int, Rotation], ...]] = (
    (1, 0, 1),  # The Lighthouse
    (2, 2, 3),  # The Oasis
    (1, 1, 0),  # The Tomb
    (0, 1, 2),  # The Anthill
    (0, 2, 1),  # The Swamp
    (2, 1, 2),  # The Green Tree
    (0, 3, 3),  # The Biting Cave
    (3, 0, 0),  # The Skull
    (1, 3, 2),  # The 3 Columns
    (0, 4, 1),  # Big Nose Bay
    (0, 0, 0),  # The Volcano
    (2, 0, 3),  # The Waterfall
    (3, 1, 1),  # The Shipwreck
    (3, 2, 2),  # The Old Well
    (3, 3, 0),  # The Giant Turtle
    (1, 4, 3),  # Parrot Rock
    (2, 4, 2),  # The Hanging Bridge
    (3, 4, 1),  # The Gallows
    (2, 3, 0),  # Open Sea
    (1, 2, 2),  # Jungle
)
"""A legal 4 x 5 layout of the default tiles: ``(x, y, rotation)`` of each tile, by id.

The tile edges were generated from this layout, so it proves that a legal setup exists.
"""


def edge_after_rotation(tile: Tile, rotation: Rotation, direction: Direction | int) -> Terrain:
    """Return the terrain of the edge of ``tile`` that faces ``direction`` after ``rotation``.

    A tile turned ``r`` quarter turns clockwise shows its printed edge ``(d - r) mod 4`` on
    side ``d``.

    >>> edge_after_rotation(TILES[0], 1, Direction.EAST) is TILES[0].edges[Direction.NORTH]
    True
    """
    return tile.edges[(direction - rotation) % 4]


@attrs.frozen
class MapCard:
    """A map card: "a treasure may be found ``distance`` steps away from ``reference``".

    Args:
        id: The card's index in :data:`MAP_CARDS`.
        reference: The tile carrying the reference point.
        distance: The orthogonal distance from the reference point, 0 to 3.
        symbol: The bonus symbol.
    """

    id: MapCardId
    reference: TileId
    distance: int
    symbol: Symbol

    def __str__(self) -> str:
        return f"{TILES[self.reference].name} {self.distance}"


MAP_CARDS: Final = tuple(
    MapCard(
        id=reference * len(MAP_CARD_DISTANCES) + index,
        reference=reference,
        distance=distance,
        symbol=Symbol((reference + distance) % 4),
    )
    for reference in range(18)
    for index, distance in enumerate(MAP_CARD_DISTANCES)
)
"""The 72 map cards: reference tile ``i`` (0 to 17) at distance ``d`` has id ``4i + d`` and
symbol ``(i + d) mod 4``. Design default."""


@attrs.frozen
class TreasureCard:
    """A treasure card.

    Args:
        id: The card's index in :data:`TREASURE_CARDS`.
        name: The printed name.
        set: The set (colour) it belongs to.
        value: Its worth in doubloons at the end of the game.
        rank: Its place on the treasure board: the lowest rank lies on level I.
    """

    id: TreasureId
    name: str
    set: TreasureSet
    value: int
    rank: int

    def __str__(self) -> str:
        return self.name


_TREASURE_DATA: Final = (
    # name, set, value, rank
    ("Rose Quartz", TreasureSet.GEMS, 1, 1),
    ("Pink Agate", TreasureSet.GEMS, 1, 2),
    ("Rhodonite", TreasureSet.GEMS, 2, 3),
    ("Pink Topaz", TreasureSet.GEMS, 2, 4),
    ("Spinel", TreasureSet.GEMS, 3, 8),
    ("Ruby", TreasureSet.GEMS, 3, 9),
    ("Pink Sapphire", TreasureSet.GEMS, 4, 15),
    ("Pink Diamond", TreasureSet.GEMS, 4, 16),
    ("Silver Spoons", TreasureSet.SILVER, 2, 5),
    ("Silver Bell", TreasureSet.SILVER, 2, 6),
    ("Silver Goblet", TreasureSet.SILVER, 3, 10),
    ("Silver Candlestick", TreasureSet.SILVER, 4, 17),
    ("Silver Teapot", TreasureSet.SILVER, 5, 21),
    ("Gold Coins", TreasureSet.GOLD, 3, 11),
    ("Gold Ring", TreasureSet.GOLD, 3, 12),
    ("Gold Chalice", TreasureSet.GOLD, 4, 18),
    ("Gold Idol", TreasureSet.GOLD, 5, 22),
    ("Gold Crown", TreasureSet.GOLD, 6, 25),
    ("Pearl Earrings", TreasureSet.PEARL, 2, 7),
    ("Pearl Bracelet", TreasureSet.PEARL, 3, 13),
    ("Black Pearl", TreasureSet.PEARL, 4, 19),
    ("Pearl Necklace", TreasureSet.PEARL, 5, 23),
    ("Cameo", TreasureSet.JEWELRY, 3, 14),
    ("Bangle", TreasureSet.JEWELRY, 4, 20),
    ("Amulet", TreasureSet.JEWELRY, 5, 24),
    ("Diadem", TreasureSet.JEWELRY, 6, 26),
    ("Jade Mask", TreasureSet.JADE, 6, 27),
    ("Jade Tiger", TreasureSet.JADE, 8, 28),
    ("Jade Dragon", TreasureSet.JADE, 10, 29),
)

TREASURE_CARDS: Final = tuple(
    TreasureCard(id=index, name=name, set=treasure_set, value=value, rank=rank)
    for index, (name, treasure_set, value, rank) in enumerate(_TREASURE_DATA)
)
"""The 29 treasure cards. Names (but the three the rulebook names), values and ranks:
design default."""


# ----------------------------------------------------------------------------- names


TILE_NAMES: Final[ComponentNames[Tile]] = ComponentNames("tile", {str(t): t for t in TILES})
"""The 20 tiles by their printed tile names, in id order.

.. versionadded:: 0.1.0
"""

MAP_CARD_NAMES: Final[ComponentNames[MapCard]] = ComponentNames(
    "map card", {str(card): card for card in MAP_CARDS}
)
"""The 72 map cards by reference point and distance (``"The Tomb 2"``), in id order.

.. versionadded:: 0.1.0
"""

TREASURE_CARD_NAMES: Final[ComponentNames[TreasureCard]] = ComponentNames(
    "treasure card", {str(card): card for card in TREASURE_CARDS}
)
"""The 29 treasure cards by their names, in id order.

.. versionadded:: 0.1.0
"""


def tile(name: str) -> Tile:
    """Return the tile printed ``name`` (case and spacing do not matter).

    >>> tile("big nose bay").id
    9

    Raises:
        UnknownComponentError: No tile has that name; the message lists the closest.

    .. versionadded:: 0.1.0
    """
    return TILE_NAMES.get(name)


def tile_name(tile: Tile | TileId) -> str:
    """Return the printed name of a tile, given as itself or as its id.

    >>> tile_name(18)
    'Open Sea'

    Raises:
        UnknownComponentError: ``tile`` is no tile and no tile id.

    .. versionadded:: 0.1.0
    """
    return TILE_NAMES.name(by_id("tile", TILES, tile))


def map_card(name: str) -> MapCard:
    """Return the map card printed ``name``: its reference point, a space, its distance.

    >>> card = map_card("The Lighthouse 3")
    >>> card.id, card.distance, str(card.symbol)
    (3, 3, 'doubloons')

    Raises:
        UnknownComponentError: No map card has that name; the message lists the closest.

    .. versionadded:: 0.1.0
    """
    return MAP_CARD_NAMES.get(name)


def map_card_name(card: MapCard | MapCardId) -> str:
    """Return the name of a map card, given as itself or as its id.

    >>> map_card_name(71)
    'The Gallows 3'

    Raises:
        UnknownComponentError: ``card`` is no map card and no map card id.

    .. versionadded:: 0.1.0
    """
    return MAP_CARD_NAMES.name(by_id("map card", MAP_CARDS, card))


def treasure_card(name: str) -> TreasureCard:
    """Return the treasure card printed ``name`` (case and spacing do not matter).

    >>> treasure_card("jade dragon").value
    10

    Raises:
        UnknownComponentError: No treasure card has that name; the message lists the
            closest.

    .. versionadded:: 0.1.0
    """
    return TREASURE_CARD_NAMES.get(name)


def treasure_card_name(card: TreasureCard | TreasureId) -> str:
    """Return the printed name of a treasure card, given as itself or as its id.

    >>> treasure_card_name(25)
    'Diadem'

    Raises:
        UnknownComponentError: ``card`` is no treasure card and no treasure card id.

    .. versionadded:: 0.1.0
    """
    return TREASURE_CARD_NAMES.name(by_id("treasure card", TREASURE_CARDS, card))

"""The actions of Morgan's Magic Map: one class per kind of decision, and their notation.

A turn is split into small decisions: a tile move is chosen as a tile, then
a cell, then a rotation; the pirate moves one step per decision; map cards are played one
per decision. Bonus actions (:class:`UseBonus`, :class:`UsePair`) name the cards they
discard from the player's play area. Every action is public: played and discarded map
cards are face up, and the history shows them all.

Each action also has a compact notation (:func:`notation`, read back by
:func:`parse_notation`), the action's letter and its arguments:

* ``PlacePawn``: ``p<corner>``, e.g. ``p2`` (south-west);
* ``SelectTile``: ``t<tile>``, e.g. ``t14``;
* ``ChooseCell``: ``c<x>,<y>``, e.g. ``c-1,3``;
* ``ChooseRotation``: ``r<quarter turns>``, e.g. ``r3``;
* ``EndMapChange``: ``e``; ``EndMove``: ``m``; ``StopPlaying``: ``x``; ``KeepHand``: ``k``;
* ``Step``: ``s`` and the direction's initial, e.g. ``sn``;
* ``PlayMapCard``: ``d<card>``; ``DiscardFromHand``: ``h<card>``; ``UseBonus``: ``b<card>``;
* ``TakeTreasure``: ``l<level>``, e.g. ``l3``;
* ``UsePair``: ``b<first>+<second>=<bonus>``, the bonus as ``m``, ``b``, ``s`` or ``d``
  (map, boots, shovel, doubloons), e.g. ``b3+7=s``.

A state's history (a :class:`~boardgames.History` of ``(seat, action)`` entries) is written
by :func:`boardgames.dumps` as a JSON list of such codes, each after the seat's digit
(``["3p1", "0t14", "0c2,-1", "0r3"]``). Envelope format 1 wrote the same codes as one
string separated by spaces (``"3p1 0t14 0c2,-1 0r3"``); :func:`boardgames.loads` still
reads it.

>>> print(parse_notation("c2,-1"), "/", notation(ChooseCell(2, -1)))
to (2, -1) / c2,-1
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from boardgames.games.morgans_magic_map.components import (
    MAP_CARDS,
    TILES,
    Corner,
    Direction,
    MapCardId,
    Rotation,
    Symbol,
    TileId,
)

__all__ = [
    "NOTATION_SUMMARY",
    "Action",
    "ChooseCell",
    "ChooseRotation",
    "DiscardFromHand",
    "EndMapChange",
    "EndMove",
    "KeepHand",
    "PlacePawn",
    "PlayMapCard",
    "SelectTile",
    "Step",
    "StopPlaying",
    "TakeTreasure",
    "UseBonus",
    "UsePair",
    "notation",
    "parse_notation",
]

_LEVEL_NAMES = ("I", "II", "III", "IV", "V")


def _card(card: object) -> str:
    if type(card) is int and 0 <= card < len(MAP_CARDS):
        return f"{MAP_CARDS[card]} ({MAP_CARDS[card].symbol})"
    return f"card {card!r}"


@attrs.frozen
class PlacePawn:
    """Set up: put one's pirate pawn on a corner of the island map, paying who is there.

    Args:
        corner: The corner of the starting rectangle.
    """

    corner: Corner

    def __str__(self) -> str:
        return f"place the pawn on the {self.corner} corner"


@attrs.frozen
class SelectTile:
    """Change the island map: pick up a tile to move.

    Args:
        tile: The tile's id.
    """

    tile: TileId

    def __str__(self) -> str:
        if type(self.tile) is int and 0 <= self.tile < len(TILES):
            return f"move {TILES[self.tile]}"
        return f"move tile {self.tile!r}"


@attrs.frozen
class ChooseCell:
    """Change the island map: choose the cell the picked-up tile goes to.

    Args:
        x: The column (may be -1 or one past the map's edge: the map may grow).
        y: The row.
    """

    x: int
    y: int

    def __str__(self) -> str:
        return f"to ({self.x}, {self.y})"


@attrs.frozen
class ChooseRotation:
    """Change the island map: choose how the tile is turned at its new cell.

    Args:
        rotation: Quarter turns clockwise from the tile's printed orientation, 0 to 3.
    """

    rotation: Rotation

    def __str__(self) -> str:
        return f"turned {self.rotation * 90} degrees"


@attrs.frozen
class EndMapChange:
    """Stop changing the island map (possibly without moving any tile)."""

    def __str__(self) -> str:
        return "end the map change"


@attrs.frozen
class Step:
    """Move the pirate one step to the orthogonally adjacent tile.

    Args:
        direction: Where to step.
    """

    direction: Direction

    def __str__(self) -> str:
        return f"step {self.direction}"


@attrs.frozen
class EndMove:
    """Stop moving the pirate."""

    def __str__(self) -> str:
        return "end the move"


@attrs.frozen
class PlayMapCard:
    """Dig: play a map card from hand whose condition the pawn's tile meets.

    Args:
        card: The map card's id.
    """

    card: MapCardId

    def __str__(self) -> str:
        return f"play {_card(self.card)}"


@attrs.frozen
class StopPlaying:
    """Dig: play no more map cards this turn."""

    def __str__(self) -> str:
        return "stop playing map cards"


@attrs.frozen
class TakeTreasure:
    """Dig: take the treasure card on a level of the treasure board.

    Args:
        level: 1 (level I, the top) to 5 (level V).
    """

    level: int

    def __str__(self) -> str:
        if type(self.level) is int and 1 <= self.level <= len(_LEVEL_NAMES):
            return f"take the treasure on level {_LEVEL_NAMES[self.level - 1]}"
        return f"take the treasure on level {self.level!r}"


@attrs.frozen
class DiscardFromHand:
    """Draw: discard one map card from hand before refilling it.

    Args:
        card: The map card's id.
    """

    card: MapCardId

    def __str__(self) -> str:
        return f"discard {_card(self.card)} from the hand"


@attrs.frozen
class KeepHand:
    """Draw: refill the hand without discarding."""

    def __str__(self) -> str:
        return "keep the hand"


@attrs.frozen
class UseBonus:
    """Discard a map card from one's play area for the bonus of its symbol.

    Args:
        card: The map card's id.
    """

    card: MapCardId

    def __str__(self) -> str:
        if type(self.card) is int and 0 <= self.card < len(MAP_CARDS):
            return f"use the {MAP_CARDS[self.card].symbol} bonus of {MAP_CARDS[self.card]}"
        return f"use the bonus of card {self.card!r}"


@attrs.frozen
class UsePair:
    """Discard two map cards with the same symbol from one's play area for any one bonus.

    Args:
        first: The lower card id.
        second: The higher card id.
        bonus: The bonus taken (it obeys its own timing).
    """

    first: MapCardId
    second: MapCardId
    bonus: Symbol

    def __str__(self) -> str:
        return f"discard {_card(self.first)} and {_card(self.second)} for a {self.bonus} bonus"


NOTATION_SUMMARY = (
    "p<corner 0-3>, t<tile 0-19>, c<x>,<y>, r<rotation 0-3>, e, s<n|e|s|w>, m, d<card>, x, "
    "l<level 1-5>, h<card>, k, b<card> and b<first>+<second>=<m|b|s|d> (cards 0-71)"
)
"""The grammar of :func:`notation` in one line, for error messages.

.. versionadded:: 0.1.0
"""

_DIRECTION_LETTERS = "nesw"
_SYMBOL_LETTERS = "mbsd"


def notation(action: Action) -> str:
    """Return the compact notation of an action (see the module docstring).

    >>> notation(UsePair(3, 7, Symbol.SHOVEL))
    'b3+7=s'
    """
    if isinstance(action, PlacePawn):
        return f"p{int(action.corner)}"
    if isinstance(action, SelectTile):
        return f"t{action.tile}"
    if isinstance(action, ChooseCell):
        return f"c{action.x},{action.y}"
    if isinstance(action, ChooseRotation):
        return f"r{action.rotation}"
    if isinstance(action, EndMapChange):
        return "e"
    if isinstance(action, Step):
        return f"s{_DIRECTION_LETTERS[action.direction]}"
    if isinstance(action, EndMove):
        return "m"
    if isinstance(action, PlayMapCard):
        return f"d{action.card}"
    if isinstance(action, StopPlaying):
        return "x"
    if isinstance(action, TakeTreasure):
        return f"l{action.level}"
    if isinstance(action, DiscardFromHand):
        return f"h{action.card}"
    if isinstance(action, KeepHand):
        return "k"
    if isinstance(action, UseBonus):
        return f"b{action.card}"
    return f"b{action.first}+{action.second}={_SYMBOL_LETTERS[action.bonus]}"


def parse_notation(code: str) -> Action:
    """Return the action written ``code`` in the compact notation.

    Raises:
        ValueError: ``code`` is not an action's notation.
    """
    kind, rest = code[:1], code[1:]
    try:
        if kind == "p":
            return PlacePawn(Corner(int(rest)))
        if kind == "t":
            return SelectTile(int(rest))
        if kind == "c":
            x, y = rest.split(",")
            return ChooseCell(int(x), int(y))
        if kind == "r":
            return ChooseRotation(int(rest))
        if kind == "s" and len(rest) == 1:
            return Step(Direction(_DIRECTION_LETTERS.index(rest)))
        if kind == "d":
            return PlayMapCard(int(rest))
        if kind == "l":
            return TakeTreasure(int(rest))
        if kind == "h":
            return DiscardFromHand(int(rest))
        if kind == "b" and "+" in rest:
            cards, _, letter = rest.partition("=")
            first, second = cards.split("+")
            return UsePair(int(first), int(second), Symbol(_SYMBOL_LETTERS.index(letter)))
        if kind == "b":
            return UseBonus(int(rest))
        simple: dict[str, Action] = {
            "e": EndMapChange(),
            "m": EndMove(),
            "x": StopPlaying(),
            "k": KeepHand(),
        }
        if not rest and kind in simple:
            return simple[kind]
    except ValueError:
        pass
    raise ValueError(f"invalid action notation {code!r}")


Action: TypeAlias = (
    PlacePawn
    | SelectTile
    | ChooseCell
    | ChooseRotation
    | EndMapChange
    | Step
    | EndMove
    | PlayMapCard
    | StopPlaying
    | TakeTreasure
    | DiscardFromHand
    | KeepHand
    | UseBonus
    | UsePair
)
"""Any Morgan's Magic Map action. All of them are public."""

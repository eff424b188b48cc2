"""The engine's one instance of each action, and of each history entry.

The rules hand out these instances (in legal actions, and so in the history), and
:func:`boardgames.loads` reads actions into them, so that an action seen a thousand times in
a history is one object, an entry ``(seat, action)`` is one tuple, and a value known to be
one of them needs no further check. Actions stay ordinary values: an equal action built
elsewhere (with fields of the same types) is just as legal, and is replaced by the
engine's instance when it is applied.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, cast

from boardgames.core.protocol import PlayerId
from boardgames.games.morgans_magic_map import actions
from boardgames.games.morgans_magic_map.actions import Action
from boardgames.games.morgans_magic_map.components import (
    BOARD_LEVELS,
    MAP_CARDS,
    TILES,
    Cell,
    Corner,
    Direction,
    MapCardId,
    Symbol,
)

__all__ = [
    "DISCARD",
    "END_MAP",
    "END_MOVE",
    "KEEP",
    "PLACE_PAWN",
    "PLAY",
    "ROTATE",
    "SELECT_TILE",
    "STEP",
    "STOP",
    "TAKE",
    "USE",
    "are_entries",
    "choose_cell",
    "choose_cells",
    "engine_action",
    "entry",
    "is_entry",
    "is_known",
    "use_pair",
]

PLACE_PAWN: Final = tuple(actions.PlacePawn(corner) for corner in Corner)
SELECT_TILE: Final = tuple(actions.SelectTile(tile) for tile in range(len(TILES)))
ROTATE: Final = tuple(actions.ChooseRotation(rotation) for rotation in range(4))
STEP: Final = tuple(actions.Step(direction) for direction in Direction)
PLAY: Final = tuple(actions.PlayMapCard(card) for card in range(len(MAP_CARDS)))
DISCARD: Final = tuple(actions.DiscardFromHand(card) for card in range(len(MAP_CARDS)))
USE: Final = tuple(actions.UseBonus(card) for card in range(len(MAP_CARDS)))
TAKE: Final = tuple(actions.TakeTreasure(level) for level in range(1, BOARD_LEVELS + 1))
END_MAP: Final = actions.EndMapChange()
END_MOVE: Final = actions.EndMove()
STOP: Final = actions.StopPlaying()
KEEP: Final = actions.KeepHand()

_REACH: Final = 64
"""Cells are interned up to this far from the origin (a map of 20 tiles spans at most 21)."""

_KNOWN: Final[dict[int, Action]] = {
    id(action): action
    for table in (PLACE_PAWN, SELECT_TILE, ROTATE, STEP, PLAY, DISCARD, USE, TAKE)
    for action in table
}
_KNOWN.update((id(action), action) for action in (END_MAP, END_MOVE, STOP, KEEP))
_CELLS: Final[dict[Cell, actions.ChooseCell]] = {}
_PAIRS: Final[dict[tuple[MapCardId, MapCardId, Symbol], actions.UsePair]] = {}
_ENTRIES: Final[dict[tuple[PlayerId, int], tuple[PlayerId, Action]]] = {}
_ENTRY_IDS: Final[set[int]] = set()
_SEATED_BELOW: Final[tuple[set[int], ...]] = tuple(set() for _ in range(5))
"""``_SEATED_BELOW[n]``: the ids of the interned entries of the seats below ``n``."""


def _remember(action: Action) -> None:
    _KNOWN[id(action)] = action  # kept forever, so the id is never reused


def choose_cell(cell: Cell) -> actions.ChooseCell:
    """Return the engine's ``ChooseCell`` for ``cell`` (a fresh one far off the map)."""
    action = _CELLS.get(cell)
    if action is None:
        action = actions.ChooseCell(*cell)
        if abs(cell[0]) <= _REACH and abs(cell[1]) <= _REACH:
            action = _CELLS.setdefault(cell, action)
            _remember(action)
    return action


def choose_cells(cells: Iterable[Cell]) -> tuple[actions.ChooseCell, ...]:
    """Return :func:`choose_cell` of each cell, in order (one lookup each if all are known)."""
    cells = tuple(cells)
    found = tuple(map(_CELLS.get, cells))
    if all(found):  # no None: every cell has its action already
        return cast(tuple[actions.ChooseCell, ...], found)
    return tuple(map(choose_cell, cells))


def use_pair(first: MapCardId, second: MapCardId, bonus: Symbol) -> actions.UsePair:
    """Return the engine's ``UsePair`` of two map card ids (lower first) and a bonus.

    Raises:
        ValueError: The ids are not two map cards of one symbol, the lower first.
    """
    key = (first, second, bonus)
    action = _PAIRS.get(key)
    if action is None:
        cards = len(MAP_CARDS)
        if not (
            type(first) is int
            and type(second) is int
            and 0 <= first < second < cards
            and MAP_CARDS[first].symbol is MAP_CARDS[second].symbol
            and type(bonus) is Symbol
        ):
            raise ValueError(f"no pair of map cards {first!r}, {second!r} for {bonus!r}")
        action = _PAIRS.setdefault(key, actions.UsePair(first, second, bonus))
        _remember(action)
    return action


def is_known(action: object) -> bool:
    """Whether ``action`` is one of the engine's instances (so its fields are in range)."""
    return _KNOWN.get(id(action)) is action


_CONSTANTS: Final[dict[type, Action]] = {
    actions.EndMapChange: END_MAP,
    actions.EndMove: END_MOVE,
    actions.StopPlaying: STOP,
    actions.KeepHand: KEEP,
}


def _in(table: tuple[Action, ...], index: object, first: int = 0) -> Action | None:
    if type(index) is int and 0 <= index - first < len(table):
        return table[index - first]
    return None


def engine_action(action: Action) -> Action:
    """Return the engine's instance equal to ``action``, or ``action`` if there is none.

    There is none for a value out of range (a tile, card or level id that does not exist,
    a cell far off the map, two cards that make no pair): such an action is never legal.
    """
    if is_known(action):
        return action
    found: Action | None = None
    if isinstance(action, actions.PlacePawn):
        if type(action.corner) is Corner:
            found = PLACE_PAWN[action.corner]
    elif isinstance(action, actions.SelectTile):
        found = _in(SELECT_TILE, action.tile)
    elif isinstance(action, actions.ChooseCell):
        if type(action.x) is int and type(action.y) is int:
            found = choose_cell((action.x, action.y))
    elif isinstance(action, actions.ChooseRotation):
        found = _in(ROTATE, action.rotation)
    elif isinstance(action, actions.Step):
        if type(action.direction) is Direction:
            found = STEP[action.direction]
    elif isinstance(action, actions.PlayMapCard):
        found = _in(PLAY, action.card)
    elif isinstance(action, actions.DiscardFromHand):
        found = _in(DISCARD, action.card)
    elif isinstance(action, actions.UseBonus):
        found = _in(USE, action.card)
    elif isinstance(action, actions.TakeTreasure):
        found = _in(TAKE, action.level, 1)
    elif isinstance(action, actions.UsePair):
        try:
            found = use_pair(action.first, action.second, action.bonus)
        except ValueError:
            found = None
    else:
        found = _CONSTANTS.get(type(action))
    return action if found is None or found != action else found


def entry(seat: PlayerId, action: Action) -> tuple[PlayerId, Action]:
    """Return the history entry ``(seat, action)``: one tuple per seat and engine action."""
    key = (seat, id(action))
    found = _ENTRIES.get(key)
    if found is not None and found[1] is action:
        return found
    made = (seat, action)
    if type(seat) is int and 0 <= seat < 4 and is_known(action):
        _ENTRIES[key] = made
        _ENTRY_IDS.add(id(made))
        for players in range(seat + 1, len(_SEATED_BELOW)):
            _SEATED_BELOW[players].add(id(made))
    return made


def is_entry(value: object) -> bool:
    """Whether ``value`` is an interned entry (a seat from 0 to 3 and a known action)."""
    return id(value) in _ENTRY_IDS


def are_entries(entries: Iterable[object], players: int) -> bool:
    """Whether every value is an interned entry of a seat below ``players`` (2 to 4)."""
    return _SEATED_BELOW[players].issuperset(map(id, entries))

"""Morgan's Magic Map for learning agents: a number for every action, a vector per observation.

**The size of the map.** The island map has no fixed board: tiles move and the map may
grow in any direction, but after every tile move it is shifted so that its smallest ``x``
and ``y`` are 0. A connected map of 20 tiles is at most ``w`` wide and ``h`` long with
``w + h <= 21`` (each row or column beyond the first needs a tile of its own), so it fits
a 20 x 20 grid. With ``connectivity_at_end_of_action`` (erratum E5) a map change may split
the map, and a split map can be wider: each tile move lands next to a tile already there,
so it widens the box around every cell the map has covered since the map change began
(``w + h <= 21`` at its start) by at most one row or column, and a map stays split only
while an unmoved tile without a pawn can rejoin it, so at most ``20 - 1 - 1 = 18`` moves
(one tile at least carries the pawns) are made while it is split: ``w + h <= 39``, a
38 x 38 grid. (A row of 20 tiles whose tiles move one by one, a Map bonus per move, from
its west end to its east end, away from a tile left behind, reaches that bound where the
edges allow.) :func:`grid_side` gives the side: 20, or 38 with E5.

**Action numbers.** :func:`numbering` gives each class of
:data:`~boardgames.games.morgans_magic_map.actions.Action` a block of numbers, in the
union's order, and numbers the actions of a class by their fields, the first field the most
significant digit: corners and directions in enum order, tiles 0-19, the cells ``x`` and
``y`` from -1 to :func:`grid_side` (a tile may go one cell west or north of the map, or
one past its east or south edge), rotations 0-3, map cards 0-71, levels 1-5.
:class:`~boardgames.games.morgans_magic_map.actions.UsePair` is the exception: two card
fields numbered independently would give 72 x 72 x 4 numbers of which 2,448 can ever be
legal, so its block (the last one) numbers only the 612 pairs of two cards with one symbol,
the lower id first, in ``(first, second)`` order, times the 4 bonuses in
:class:`~boardgames.games.morgans_magic_map.components.Symbol` order. That gives 3,189
numbers, 4,305 with E5 (its ``ChooseCell`` block is 40 x 40 instead of 22 x 22). The
player count and the other options change nothing. The numbering changes if the union's
classes, their fields or the fields' order change, if the component tables change (the
tile, card and level counts, or the card symbols, which decide the pairs), or if the grid
bound does.

**Observation vector.** :func:`observation_layout` names each slice (5,610 numbers for the
default four players; 4,454 for two; about three times that with E5, whose grid is
38 x 38). Seats are counted from the observer (0 is he, 1 the player on his left, ...). The
map is a grid of ``5 + players`` planes of ``side x side`` cells (a plane per feature, each
row by row, ``y`` then ``x``): the occupied cells, the land edges facing north, east, south
and west, and each seat's pawn; a segment per tile gives its cell and rotation (the grid
alone does not tell which tile is where, and map cards name tiles). Map cards are placed by
id; a hidden card (in another hand or the deck) gets, for each other hand and for the
deck, the chance that it lies there given what the observation records (how many cards of
each shuffle each hand holds), so cards of one shuffle the observer has not seen look
alike. With ``hide_claimed_treasures`` the vector shows what the observation shows: the
observer's own treasures, and only the number of the others'. The history is not encoded:
everything it tells that still matters is on the table, except, with
``hide_claimed_treasures``, the level each hidden treasure was taken from.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
import functools
import itertools
import operator
from collections.abc import Iterable, MutableSequence
from typing import Final, get_args

from boardgames.core.encoding import ActionNumbering, Segment, segments
from boardgames.core.errors import IllegalActionError, InvalidStateError
from boardgames.games.morgans_magic_map import actions
from boardgames.games.morgans_magic_map.actions import Action
from boardgames.games.morgans_magic_map.components import (
    BOARD_LEVELS,
    MAP_CARDS,
    TILES,
    TREASURE_CARDS,
    Corner,
    Direction,
    Symbol,
    Terrain,
    edge_after_rotation,
)
from boardgames.games.morgans_magic_map.geometry import Placement
from boardgames.games.morgans_magic_map.observation import MorganObservation
from boardgames.games.morgans_magic_map.rules import HAND_SIZE, Configuration
from boardgames.games.morgans_magic_map.state import Phase

__all__ = ["encode_observation", "grid_side", "numbering", "observation_layout"]

_TILES: Final = len(TILES)
_CARDS: Final = len(MAP_CARDS)
_TREASURES: Final = len(TREASURE_CARDS)
_TAKEN_MAX: Final = _TREASURES - BOARD_LEVELS
"""Treasures that can be taken in a game (24): the scale of the treasure counts."""
_CONNECTED_SIDE: Final = _TILES
"""The grid side for maps that are always connected: ``w + h <= 21``, so ``w, h <= 20``."""
_SPLIT_SIDE: Final = 2 * _TILES - 2
"""The grid side with E5: a split map has ``w + h <= 21 + 18``, so ``w, h <= 38``."""
_ROTATIONS: Final = 4
_PHASES: Final = tuple(Phase)
_PHASE_INDEX: Final = {phase: index for index, phase in enumerate(_PHASES)}
_MAP_PLANES: Final = 5
"""Grid planes before the pawns: occupied, land north, east, south, west."""
_LAND: Final = tuple(
    tuple(
        tuple(
            1 + direction
            for direction in Direction
            if edge_after_rotation(tile, rotation, direction) is Terrain.LAND
        )
        for rotation in range(_ROTATIONS)
    )
    for tile in TILES
)
"""``_LAND[tile][rotation]``: the grid planes (1 to 4) of the tile's land edges there."""
_PAIRS: Final = tuple(
    (first.id, second.id)
    for first, second in itertools.combinations(MAP_CARDS, 2)
    if first.symbol is second.symbol
)
"""Every pair ``UsePair`` can name: two cards with one symbol, the lower id first."""
_MOVES_SCALE: Final = 4
_STEPS_SCALE: Final = 8
_COINS_SCALE: Final = 20


def grid_side(configuration: Configuration) -> int:
    """Return the side of the square grid that holds every map of a configuration.

    20 when the map is connected after every tile move; 38 with
    ``connectivity_at_end_of_action``, whose split maps can be wider (see the module
    docstring for the bound).

    Args:
        configuration: ``(players, variant)``, as the rules configure it.

    >>> from boardgames.games.morgans_magic_map.state import Variant
    >>> grid_side((4, Variant())), grid_side((4, Variant(connectivity_at_end_of_action=True)))
    (20, 38)
    """
    _, variant = configuration
    return _SPLIT_SIDE if variant.connectivity_at_end_of_action else _CONNECTED_SIDE


class _Numbering(ActionNumbering[Action]):
    """An :class:`ActionNumbering` whose last block numbers only the pairs a rule allows.

    Every class but ``UsePair`` is numbered by the base class; ``UsePair(first, second,
    bonus)`` is ``start + 4 * pair + bonus``, ``pair`` the index of ``(first, second)`` in
    :data:`_PAIRS`. It uses only the base class's public methods.
    """

    def __init__(
        self,
        classes: Iterable[tuple[type, dict[str, Iterable[object] | type[enum.Enum]]]],
    ) -> None:
        super().__init__(classes)
        self._pair_start = super().size
        self._pair_index = {pair: index for index, pair in enumerate(_PAIRS)}
        self._pair_stop = self._pair_start + len(_PAIRS) * len(Symbol)

    @property
    def size(self) -> int:
        """The number of distinct actions."""
        return self._pair_stop

    @property
    def blocks(self) -> tuple[tuple[type, int, int], ...]:
        """Each action class with the first number of its block and one past its last."""
        return (*super().blocks, (actions.UsePair, self._pair_start, self._pair_stop))

    def encode(self, action: Action) -> int:
        """Return the number of ``action``.

        Raises:
            IllegalActionError: ``action`` is not an action of this numbering.
        """
        if type(action) is not actions.UsePair:
            return super().encode(action)
        first, second, bonus = action.first, action.second, action.bonus
        index = None
        if type(first) is int and type(second) is int and type(bonus) is Symbol:
            index = self._pair_index.get((first, second))
        if index is None:
            raise IllegalActionError(
                f"cannot number {action!r}: a pair names two map cards with one symbol, "
                "the lower id first, and a Symbol",
                action,
            )
        return self._pair_start + index * len(Symbol) + int(bonus)

    def decode(self, number: int) -> Action:
        """Return the action numbered ``number``.

        Raises:
            IllegalActionError: ``number`` is not an int from 0 to ``size - 1``.
        """
        if isinstance(number, bool) or not hasattr(type(number), "__index__"):
            raise IllegalActionError(
                f"action number {number!r} must be an int from 0 to {self.size - 1}", number
            )
        value = operator.index(number)
        if not 0 <= value < self._pair_stop:
            raise IllegalActionError(
                f"action number {value} is out of range 0 to {self.size - 1}", number
            )
        if value < self._pair_start:
            return super().decode(value)
        pair, bonus = divmod(value - self._pair_start, len(Symbol))
        first, second = _PAIRS[pair]
        return actions.UsePair(first, second, Symbol(bonus))


@functools.cache
def numbering(configuration: Configuration) -> ActionNumbering[Action]:
    """Number every action of a configuration (see the module docstring for the blocks).

    >>> from boardgames.games.morgans_magic_map import ChooseCell, UsePair, Symbol, Variant
    >>> actions = numbering((4, Variant()))
    >>> actions.size, actions.encode(ChooseCell(-1, -1)), actions.decode(3188)
    (3189, 24, UsePair(first=67, second=70, bonus=<Symbol.DOUBLOONS: 3>))

    Args:
        configuration: ``(players, variant)``, as the rules configure it.
    """
    cells = range(-1, grid_side(configuration) + 1)
    cards = range(_CARDS)
    domains: dict[type, dict[str, Iterable[object] | type[enum.Enum]]] = {
        actions.PlacePawn: {"corner": Corner},
        actions.SelectTile: {"tile": range(_TILES)},
        actions.ChooseCell: {"x": cells, "y": cells},
        actions.ChooseRotation: {"rotation": range(_ROTATIONS)},
        actions.EndMapChange: {},
        actions.Step: {"direction": Direction},
        actions.EndMove: {},
        actions.PlayMapCard: {"card": cards},
        actions.StopPlaying: {},
        actions.TakeTreasure: {"level": range(1, BOARD_LEVELS + 1)},
        actions.DiscardFromHand: {"card": cards},
        actions.KeepHand: {},
        actions.UseBonus: {"card": cards},
    }
    classes = get_args(Action)
    assert classes[-1] is actions.UsePair  # numbered last, by _Numbering
    return _Numbering((cls, domains[cls]) for cls in classes[:-1])  # a KeyError: a new class


@functools.cache
def observation_layout(configuration: Configuration) -> tuple[Segment, ...]:
    """Return the slices of the vector: the decision, the map, the map cards, the treasures.

    A segment "per seat" holds one block for each seat, the observer's first, then
    clockwise.

    Args:
        configuration: ``(players, variant)``, as the rules configure it.
    """
    players, _ = configuration
    side = grid_side(configuration)
    cells = side * side
    return segments(
        ("phase", len(_PHASES), "1 at the pending decision's Phase, in Phase order"),
        ("to_move", players, "1 at the seat to decide, from the observer on; all 0 once over"),
        ("start_player", players, "1 at the start player, from the observer on"),
        ("turn", 1, "turn_number / max_turns (0 while the pawns are placed)"),
        (
            "counters",
            4,
            f"map moves left / {_MOVES_SCALE}, pirate steps left / {_STEPS_SCALE}, map cards "
            f"played in this dig / {HAND_SIZE}, shovels used in it / {HAND_SIZE}",
        ),
        (
            "selected_cell",
            2 * (side + 2),
            f"the cell chosen for the picked-up tile: 1 at its x, then 1 at its y, each "
            f"from -1 to {side} (the cell before the map is shifted); all 0 if none",
        ),
        (
            "grid",
            (_MAP_PLANES + players) * cells,
            f"the map, {_MAP_PLANES + players} planes of {side} x {side} cells, each row by "
            "row (y, then x): 1 where a tile lies; 1 where its edge facing north, east, "
            "south, west is land (one plane each); then per seat from the observer on, 1 "
            "at the cell of his pawn",
        ),
        ("tile_x", _TILES * side, f"per tile id, 1 at its x (0 to {side - 1})"),
        ("tile_y", _TILES * side, f"per tile id, 1 at its y (0 to {side - 1})"),
        ("tile_rotation", _TILES * _ROTATIONS, "per tile id, 1 at its rotation (0 to 3)"),
        (
            "selected_tile",
            _TILES,
            "1 at the tile picked up, while its cell and rotation are chosen",
        ),
        ("moved_tiles", _TILES, "1 at each tile already moved in this map change"),
        ("coins", players, f"per seat from the observer on, doubloons / {_COINS_SCALE}"),
        ("hand_sizes", players, f"per seat from the observer on, cards in hand / {HAND_SIZE}"),
        ("hand", _CARDS, "1 at each map card id in the observer's hand"),
        (
            "other_hands",
            (players - 1) * _CARDS,
            "per other seat from the observer's left on, for each map card id the chance "
            "that it is in that hand (0 or 1 for the cards everyone has seen)",
        ),
        ("deck", _CARDS, "for each map card id, the chance that it is in the map card deck"),
        (
            "play_areas",
            players * _CARDS,
            "per seat from the observer on, 1 at each map card id in its play area",
        ),
        ("discard", _CARDS, "1 at each map card id in the discard pile"),
        ("map_deck_size", 1, f"cards in the map card deck / {_CARDS}"),
        (
            "treasure_board",
            BOARD_LEVELS * _TREASURES,
            "per level I to V, 1 at the treasure card id lying there",
        ),
        (
            "treasures",
            players * _TREASURES,
            "per seat from the observer on, 1 at each treasure card id the observation shows "
            "it took (with hide_claimed_treasures, the observer's only)",
        ),
        (
            "unseen_treasures",
            _TREASURES,
            "1 at each treasure card id the observation does not place (the treasure deck, "
            "and with hide_claimed_treasures the others' treasures)",
        ),
        (
            "treasure_counts",
            players,
            f"per seat from the observer on, treasures taken / {_TAKEN_MAX}",
        ),
        ("treasure_deck_size", 1, f"cards in the treasure deck / {_TAKEN_MAX}"),
    )


@functools.cache
def _starts(configuration: Configuration) -> dict[str, int]:
    """The first index of each segment of a configuration's layout, by name."""
    return {segment.name: segment.start for segment in observation_layout(configuration)}


def _fail_outside(what: str, value: object, side: int) -> InvalidStateError:
    return InvalidStateError(
        f"{what} {value!r} lies outside the {side} x {side} grid of this configuration "
        "(no map the rules can reach)"
    )


def encode_observation(
    configuration: Configuration, observation: MorganObservation, out: MutableSequence[float]
) -> None:
    """Write ``observation`` into ``out`` (zeroed, of the layout's size).

    Args:
        configuration: ``(players, variant)``, as the rules configure it.
        observation: An observation of that configuration.
        out: The buffer to write (a list or a numpy array).

    Raises:
        InvalidStateError: A tile or the selected cell lies outside the grid (a map that
            no game of this configuration reaches).
    """
    players, variant = configuration
    side = grid_side(configuration)
    cells = side * side
    start = _starts(configuration)
    me = observation.player

    def seat_of(seat: int) -> int:
        return (seat - me) % players

    out[start["phase"] + _PHASE_INDEX[observation.phase]] = 1.0
    if observation.to_move is not None:
        out[start["to_move"] + seat_of(observation.to_move)] = 1.0
    out[start["start_player"] + seat_of(observation.start_player)] = 1.0
    out[start["turn"]] = observation.turn_number / variant.max_turns
    base = start["counters"]
    out[base] = observation.map_moves_left / _MOVES_SCALE
    out[base + 1] = observation.steps_left / _STEPS_SCALE
    out[base + 2] = observation.cards_played / HAND_SIZE
    out[base + 3] = observation.shovels / HAND_SIZE
    if observation.selected_cell is not None:
        x, y = observation.selected_cell
        if not (-1 <= x <= side and -1 <= y <= side):
            raise _fail_outside("the selected cell", observation.selected_cell, side)
        base = start["selected_cell"]
        out[base + x + 1] = 1.0
        out[base + side + 2 + y + 1] = 1.0

    for index in _map_ones(configuration, observation.tiles):
        out[index] = 1.0
    grid = start["grid"]
    pawns = grid + _MAP_PLANES * cells
    for seat, tile in enumerate(observation.pawns):
        if tile is not None:
            x, y, _ = observation.tiles[tile]
            out[pawns + seat_of(seat) * cells + y * side + x] = 1.0
    if observation.selected_tile is not None:
        out[start["selected_tile"] + observation.selected_tile] = 1.0
    base = start["moved_tiles"]
    for tile in observation.moved_tiles:
        out[base + tile] = 1.0

    coins, sizes = start["coins"], start["hand_sizes"]
    for seat in range(players):
        relative = seat_of(seat)
        out[coins + relative] = observation.coins[seat] / _COINS_SCALE
        out[sizes + relative] = observation.hand_sizes[seat] / HAND_SIZE
    _write_map_cards(observation, out, start, players)
    _write_treasures(observation, out, start, players)


@functools.lru_cache(maxsize=1024)
def _map_ones(configuration: Configuration, tiles: tuple[Placement, ...]) -> tuple[int, ...]:
    """The indices of the ones a map writes in the grid's map planes and the tile segments.

    A map stays the same for most decisions of a turn (and tiles tuples are shared
    between the states of a turn), so it is laid out once.

    Raises:
        InvalidStateError: A tile lies outside the grid.
    """
    side = grid_side(configuration)
    cells = side * side
    start = _starts(configuration)
    grid = start["grid"]
    tile_x, tile_y = start["tile_x"], start["tile_y"]
    tile_rotation = start["tile_rotation"]
    ones = []
    for tile, (x, y, rotation) in enumerate(tiles):
        if not (0 <= x < side and 0 <= y < side):
            raise _fail_outside(f"tile {tile} at", (x, y), side)
        cell = grid + y * side + x
        ones.append(cell)
        ones.extend(cell + plane * cells for plane in _LAND[tile][rotation])
        ones.append(tile_x + tile * side + x)
        ones.append(tile_y + tile * side + y)
        ones.append(tile_rotation + tile * _ROTATIONS + rotation)
    return tuple(ones)


def _write_map_cards(
    observation: MorganObservation, out: MutableSequence[float], start: dict[str, int], players: int
) -> None:
    """The hand, the chances of the hidden cards, the play areas and the discard pile."""
    me = observation.player
    hand = observation.hand
    base = start["hand"]
    for card in hand:
        out[base + card] = 1.0
    others = start["other_hands"]
    deck = start["deck"]
    groups = observation.hidden_groups
    last = len(groups) - 1
    for index, group in enumerate(groups):
        unseen = group - hand  # the cards of the group the observer cannot place
        if not unseen:
            continue
        count = len(unseen)
        chances = []  # (the row of another hand, the chance that a card is in it)
        for offset in range(1, players):
            held = observation.hand_groups[(me + offset) % players][index]
            if held:
                chances.append((others + (offset - 1) * _CARDS, held / count))
        in_deck = observation.map_deck_size / count if index == last else 0.0
        for card in unseen:
            for row, chance in chances:
                out[row + card] = chance
            if in_deck:
                out[deck + card] = in_deck
    base = start["play_areas"]
    for seat, area in enumerate(observation.play_areas):
        row = base + ((seat - me) % players) * _CARDS
        for card in area:
            out[row + card] = 1.0
    base = start["discard"]
    for card in observation.map_discard:
        out[base + card] = 1.0
    out[start["map_deck_size"]] = observation.map_deck_size / _CARDS


def _write_treasures(
    observation: MorganObservation, out: MutableSequence[float], start: dict[str, int], players: int
) -> None:
    """The treasure board, the treasures the observation shows, the unseen ones, the counts."""
    me = observation.player
    base = start["treasure_board"]
    placed = set(observation.treasure_board)
    for level, card in enumerate(observation.treasure_board):
        out[base + level * _TREASURES + card] = 1.0
    base = start["treasures"]
    for seat, cards in enumerate(observation.treasures):
        row = base + ((seat - me) % players) * _TREASURES
        for card in cards:
            out[row + card] = 1.0
        placed.update(cards)
    base = start["unseen_treasures"]
    for card in range(_TREASURES):
        if card not in placed:
            out[base + card] = 1.0
    base = start["treasure_counts"]
    for seat, count in enumerate(observation.treasure_counts):
        out[base + (seat - me) % players] = count / _TAKEN_MAX
    out[start["treasure_deck_size"]] = observation.treasure_deck_size / _TAKEN_MAX

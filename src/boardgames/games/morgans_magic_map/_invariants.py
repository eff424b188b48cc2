"""The invariants of a Morgan's Magic Map state, checked on untrusted input.

:func:`~boardgames.games.morgans_magic_map.rules.check_state` runs them: the shapes and
ranges of every field (the history entry by entry, the random stream), the counters within
what the rules allow, each card in exactly one place, the treasure board, the map
(normalized, within the span a map change can reach, edges matching, connected or joinable
again), the counters of the pending decision, and last the history against the state
(:mod:`~boardgames.games.morgans_magic_map._history_account`). :func:`check_position` runs
all but the last: a position set up by hand for a rule test has no history.
"""

from __future__ import annotations

import itertools
from typing import Final

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import shown
from boardgames.core.history import History
from boardgames.core.protocol import OptionSpec
from boardgames.core.rng import Rng
from boardgames.games.morgans_magic_map import _interned
from boardgames.games.morgans_magic_map._history_account import check_history_agrees
from boardgames.games.morgans_magic_map._map_change import (
    blocked_tiles,
    destinations,
    map_capacity,
    repairable,
)
from boardgames.games.morgans_magic_map.components import BOARD_LEVELS
from boardgames.games.morgans_magic_map.geometry import analyse, edges_match
from boardgames.games.morgans_magic_map.rules import (
    _CARD_COUNT,
    _RECTANGLE,
    _TILE_COUNT,
    _TREASURE_COUNT,
    HAND_SIZE,
    STEPS,
    _sorted_board,
    check_action,
    dig_depth,
)
from boardgames.games.morgans_magic_map.state import MorganState, Phase, Variant

__all__ = ["MAP_SPAN", "check_position", "check_state"]


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def _is_int(value: object) -> bool:
    return type(value) is int


_INT_ONLY: Final = {int}
_TURN_LIMIT: Final = OptionSpec.MAX_TURN_LIMIT
_FLAGS: Final = tuple(field.name for field in attrs.fields(Variant) if field.name != "max_turns")
_ROTATIONS: Final = frozenset(range(4))

MAP_SPAN: Final = _TILE_COUNT - 1
"""The largest ``x + y`` of a tile in a connected, normalized map of 20 tiles.

A connected set of ``n`` cells in a box ``w`` wide and ``h`` high holds at least a path
from side to side and top to bottom, ``w + h - 1`` cells, so ``(w - 1) + (h - 1) <= n - 1``.
Each tile moved in a map change goes next to a tile (rulebook: "at least one edge of the
tile is connected to an existing tile"), which grows the span by at most 1.
"""


def _check_ids(
    name: str, values: object, bound: int, kind: type[tuple[int, ...] | frozenset[int]] = tuple
) -> list[int]:
    """Check a ``kind`` (tuple or frozenset) of ids in ``0 .. bound - 1``; return a list."""
    if type(values) is not kind:
        raise _fail(f"{name} must be a {kind.__name__}, not {type(values).__name__}")
    result = list(values)
    if result and (set(map(type, result)) != _INT_ONLY or min(result) < 0 or max(result) >= bound):
        bad = next(value for value in result if not _is_int(value) or not 0 <= value < bound)
        raise _fail(f"{name} holds {bad!r}, which is not an id from 0 to {bound - 1}")
    return result


def _check_history(state: MorganState) -> None:
    """Check that the history is a History of ``(seat, action)`` entries of existing seats."""
    history = state.history
    if not isinstance(history, History):
        raise _fail(f"history must be a History, not {type(history).__name__}")
    seats = range(state.players)
    players = state.players
    if _interned.are_entries(history, players):
        return  # the engine's own entries: seats that exist and checked actions
    is_entry = _interned.is_entry
    for index, entry in enumerate(history):
        if is_entry(entry) and entry[0] < players:
            continue  # the engine's own entry: a seat from 0 and a checked action
        if type(entry) is not tuple or len(entry) != 2:
            raise _fail(f"history entry {index} is {entry!r}, not a (seat, action) pair")
        seat, action = entry
        if not _is_int(seat) or seat not in seats:
            raise _fail(f"history entry {index} names seat {seat!r}, which is not a seat")
        try:
            check_action(action)
        except InvalidStateError as error:
            raise _fail(f"history entry {index}: {error}") from None


def _check_shapes(state: MorganState) -> None:
    players = state.players
    if not _is_int(players) or not 2 <= players <= 4:
        raise _fail(f"players={players!r} is out of range 2 to 4")
    variant = state.variant
    if not isinstance(variant, Variant):
        raise _fail("variant must be a Variant")
    if not _is_int(variant.max_turns) or not 1 <= variant.max_turns <= _TURN_LIMIT:
        raise _fail(
            f"max_turns={shown(variant.max_turns)} is not an option value (1 to {_TURN_LIMIT})"
        )
    for option in _FLAGS:
        if type(getattr(variant, option)) is not bool:
            raise _fail(f"{option}={shown(getattr(variant, option))} must be True or False")
    if not isinstance(state.phase, Phase):
        raise _fail(f"phase={shown(state.phase)} is not a Phase")
    for name in ("pawns", "coins", "hands", "play_areas", "treasures"):
        value = getattr(state, name)
        if not isinstance(value, tuple) or len(value) != players:
            raise _fail(f"{name} must be a tuple with one entry per seat ({players})")
    if not _is_int(state.start_player) or not 0 <= state.start_player < players:
        raise _fail(f"start_player={state.start_player!r} is not a seat")
    seat = state.to_move
    if seat is not None and (not _is_int(seat) or not 0 <= seat < players):
        raise _fail(f"to_move={seat!r} is not a seat")
    if (state.phase is Phase.GAME_OVER) != (seat is None):
        raise _fail("to_move must be None exactly when the game is over")
    for name in ("turn_number", "map_moves_left", "steps_left", "cards_played", "shovels"):
        value = getattr(state, name)
        if not _is_int(value) or value < 0:
            raise _fail(f"{name}={shown(value)} must be a non-negative int")
    if not isinstance(state.tiles, tuple) or len(state.tiles) != _TILE_COUNT:
        raise _fail(f"tiles must hold one placement per tile ({_TILE_COUNT})")
    shapes_ok = all(type(placement) is tuple and len(placement) == 3 for placement in state.tiles)
    if (
        not shapes_ok
        or set(map(type, itertools.chain(*state.tiles))) != _INT_ONLY
        or not {placement[2] for placement in state.tiles} <= _ROTATIONS
    ):
        tile, placement = next(
            (tile, placement)
            for tile, placement in enumerate(state.tiles)
            if not isinstance(placement, tuple)
            or len(placement) != 3
            or not all(_is_int(value) for value in placement)
            or not 0 <= placement[2] <= 3
        )
        raise _fail(f"tile {tile} has placement {shown(placement)}; expected (x, y, rotation 0-3)")
    for seat_index, pawn in enumerate(state.pawns):
        if pawn is not None and (not _is_int(pawn) or not 0 <= pawn < _TILE_COUNT):
            raise _fail(f"seat {seat_index}'s pawn is on {shown(pawn)}, which is not a tile id")
    for seat_index, coins in enumerate(state.coins):
        if not _is_int(coins) or coins < 0:
            raise _fail(
                f"seat {seat_index} has {shown(coins)} doubloons; must be a non-negative int"
            )
    moved = _check_ids("moved_tiles", state.moved_tiles, _TILE_COUNT, frozenset)
    _check_span(state.tiles, len(moved))
    if state.selected_tile is not None:
        _check_ids("selected_tile", (state.selected_tile,), _TILE_COUNT)
    cell = state.selected_cell
    if cell is not None and (
        not isinstance(cell, tuple) or len(cell) != 2 or not all(_is_int(v) for v in cell)
    ):
        raise _fail(f"selected_cell={cell!r} must be an (x, y) pair")
    _check_history(state)
    if not isinstance(state.rng, Rng):
        raise _fail("rng must be an Rng")
    state.rng.check()
    _check_counters(state)


def _check_span(tiles: tuple[tuple[int, int, int], ...], moved: int) -> None:
    """The map is normalized and no wider than a map change can make it (before analysis)."""
    low_x = min(x for x, _, _ in tiles)
    low_y = min(y for _, y, _ in tiles)
    if low_x != 0 or low_y != 0:
        raise _fail("the map is not normalized (smallest x and y must be 0)")
    span = max(x + y for x, y, _ in tiles)
    if span > MAP_SPAN + moved:
        raise _fail(
            f"a tile lies at x + y = {shown(span)}; a connected map of 20 tiles reaches "
            f"{MAP_SPAN} at most, and each of the {moved} tiles moved in this map change "
            "adds at most 1"
        )


def _check_counters(state: MorganState) -> None:
    """The dig's counters within what a hand and the treasure board allow.

    The other counters of a turn (tile moves and steps left, the tiles moved) are exactly
    what the history of the turn gives; ``check_state`` compares them last.
    """
    if state.cards_played > HAND_SIZE:
        raise _fail(f"cards_played={shown(state.cards_played)}: a hand of 4 cards plays 4 at most")
    if state.shovels > BOARD_LEVELS or (
        not state.variant.shovel_without_play and state.cards_played + state.shovels > BOARD_LEVELS
    ):
        raise _fail(
            f"shovels={shown(state.shovels)} with {state.cards_played} cards played: each "
            "shovel digs one level deeper, and none is used at level V (A-MMM-11)"
        )


def _check_cards(state: MorganState) -> None:
    zones: list[int] = []
    for seat in range(state.players):
        hand = _check_ids(f"seat {seat}'s hand", state.hands[seat], _CARD_COUNT, frozenset)
        if len(hand) > HAND_SIZE:
            raise _fail(f"seat {seat} holds {len(hand)} map cards; a hand has at most 4")
        zones += hand
        zones += _check_ids(
            f"seat {seat}'s play area", state.play_areas[seat], _CARD_COUNT, frozenset
        )
    deck = _check_ids("map_deck", state.map_deck, _CARD_COUNT)
    zones += deck
    zones += _check_ids("map_discard", state.map_discard, _CARD_COUNT)
    if sorted(zones) != list(range(_CARD_COUNT)):
        raise _fail("the 72 map cards are not each in exactly one place")
    hidden = set(deck).union(*state.hands)
    if not isinstance(state.hidden_groups, tuple):
        raise _fail("hidden_groups must be a tuple")
    grouped: list[int] = []
    for index, group in enumerate(state.hidden_groups):
        cards = _check_ids(f"hidden group {index}", group, _CARD_COUNT, frozenset)
        if not cards:
            raise _fail(f"hidden group {index} is empty")
        grouped += cards
    if sorted(grouped) != sorted(hidden):
        raise _fail("the hidden-card groups must hold exactly the cards in hands and the deck")
    if deck and not set(deck) <= state.hidden_groups[-1]:
        raise _fail("the map card deck may only hold cards of the last hidden group")


def _check_treasures(state: MorganState) -> None:
    board = _check_ids("treasure_board", state.treasure_board, _TREASURE_COUNT)
    deck = _check_ids("treasure_deck", state.treasure_deck, _TREASURE_COUNT)
    taken: list[int] = []
    for seat in range(state.players):
        taken += _check_ids(f"seat {seat}'s treasures", state.treasures[seat], _TREASURE_COUNT)
    if sorted(board + deck + taken) != list(range(_TREASURE_COUNT)):
        raise _fail("the 29 treasure cards are not each in exactly one place")
    if len(board) != BOARD_LEVELS:
        raise _fail(f"the treasure board holds {len(board)} cards; it always holds 5")
    if tuple(board) != _sorted_board(board):
        raise _fail("the treasure board is not sorted by rank (lowest rank on level I)")


def _check_map(state: MorganState) -> None:
    tiles = state.tiles
    cells = {(x, y) for x, y, _ in tiles}
    if len(cells) != _TILE_COUNT:
        raise _fail("two tiles share a cell")
    if not edges_match(tiles):
        raise _fail("two touching tile edges show different terrain")
    island = analyse(tiles)
    in_map_change = state.phase in (
        Phase.MAP_SELECT_TILE,
        Phase.MAP_SELECT_CELL,
        Phase.MAP_SELECT_ROTATION,
    )
    if not island.connected:
        if not (state.variant.connectivity_at_end_of_action and in_map_change):
            raise _fail("the island map is split into parts")
        if not state.moved_tiles:
            raise _fail("the island map is split before any tile moved in this map change")
        seat = state.to_move
        assert seat is not None
        if state.map_moves_left + map_capacity(state.play_areas[seat]) < 1 or not repairable(
            tiles, blocked_tiles(state)
        ):
            raise _fail("the island map is split and cannot be joined again this map change")


def _check_phase(state: MorganState) -> None:
    phase = state.phase
    seat = state.to_move
    players = state.players
    placed = [pawn is not None for pawn in state.pawns]
    if phase is Phase.PLACE_PAWN:
        assert seat is not None
        if state.turn_number != 0:
            raise _fail("pawns are placed before turn 1")
        if {(x, y) for x, y, _ in state.tiles} != _RECTANGLE:
            raise _fail("the pawns are placed on the starting 4 x 5 rectangle")
        order = [(state.start_player - 1 - index) % players for index in range(players)]
        done = order.index(seat)
        if placed != [order.index(other) < done for other in range(players)]:
            raise _fail(f"seat {seat} places a pawn, but the pawns placed before do not match")
        if any(state.play_areas) or state.map_discard or state.treasures != ((),) * players:
            raise _fail("nothing is played before the pawns are placed")
    else:
        if not all(placed):
            raise _fail("every pawn is placed once the turns begin")
        if not 1 <= state.turn_number <= state.variant.max_turns:
            raise _fail(
                f"turn_number={state.turn_number} is out of range 1 to {state.variant.max_turns}"
            )
    if phase is Phase.GAME_OVER:
        if state.treasure_deck and state.turn_number != state.variant.max_turns:
            raise _fail("the game can end only when the treasure deck or the turn limit runs out")
        return
    if not state.treasure_deck:
        raise _fail(
            "the treasure deck is empty but the game goes on; it ends the moment the last "
            "treasure card is placed on the board"
        )
    if phase is not Phase.PLACE_PAWN:
        assert seat is not None
        first = state.start_player
        if seat != (first + state.turn_number - 1) % players:
            raise _fail(
                f"turn {state.turn_number} belongs to seat "
                f"{(first + state.turn_number - 1) % players}, not {seat}"
            )
    in_map = phase in (Phase.MAP_SELECT_TILE, Phase.MAP_SELECT_CELL, Phase.MAP_SELECT_ROTATION)
    if (state.selected_tile is not None) != (
        phase in (Phase.MAP_SELECT_CELL, Phase.MAP_SELECT_ROTATION)
    ):
        raise _fail("a tile is selected exactly while its cell and rotation are chosen")
    if (state.selected_cell is not None) != (phase is Phase.MAP_SELECT_ROTATION):
        raise _fail("a cell is selected exactly while the rotation is chosen")
    if not in_map and (state.map_moves_left or state.moved_tiles):
        raise _fail("tile moves are counted only during the map change")
    if phase in (Phase.MAP_SELECT_CELL, Phase.MAP_SELECT_ROTATION):
        tile = state.selected_tile
        assert tile is not None
        if state.map_moves_left < 1 or tile in state.moved_tiles or tile in state.pawns:
            raise _fail(f"tile {tile} cannot be moved now")
        options = destinations(state, tile)
        if not options or (
            phase is Phase.MAP_SELECT_ROTATION and state.selected_cell not in options
        ):
            raise _fail(f"tile {tile} has no legal destination from this point")
    if phase in (
        Phase.PLACE_PAWN,
        Phase.MAP_SELECT_TILE,
        Phase.MAP_SELECT_CELL,
        Phase.MAP_SELECT_ROTATION,
    ):
        if phase is not Phase.PLACE_PAWN and state.steps_left != STEPS:
            raise _fail("the pirate has 2 steps before he moves")
    elif phase is not Phase.MOVE_STEP and state.steps_left:
        raise _fail("steps are counted only while the pirate moves")
    if phase in (Phase.DIG_PLAY, Phase.DIG_TAKE):
        if phase is Phase.DIG_TAKE and dig_depth(state) < 1:
            raise _fail("a treasure is taken only after a card (or shovel) was played")
        if not state.variant.shovel_without_play and state.cards_played == 0 and state.shovels:
            raise _fail("shovels are used only after a card was played")
    elif (state.cards_played or state.shovels) and phase is not Phase.DRAW_DISCARD:
        raise _fail("cards played and shovels are counted only in the dig")


def check_position(state: MorganState) -> None:
    """Check every invariant of a state but one: that its history leads to it.

    A position set up by hand (for a rule test) has no history; everything else about it
    must hold.

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    if not isinstance(state, MorganState):
        raise _fail(f"expected a MorganState, got {type(state).__name__}")
    _check_shapes(state)
    _check_cards(state)
    _check_treasures(state)
    _check_map(state)
    _check_phase(state)


def check_state(state: MorganState) -> None:
    """Check every invariant of a state, its history against its fields last.

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    check_position(state)
    check_history_agrees(state)

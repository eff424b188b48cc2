"""The rules of Morgan's Magic Map as pure functions: setup, legal actions, transitions, scoring.

The decision machine follows RULINGS §1.1. A turn is: change the island map (pick a tile,
a cell, a rotation; again for each Map bonus), move the pirate (one step per decision),
dig (one map card per decision, then take a treasure), draw (discard one card or keep the
hand). Bonus actions are offered at the phase-level decisions (tile selection, pirate
steps, card play, treasure take, discard), each bonus at its own moment.

After every action :func:`apply` runs the automatic steps (payments, board refills,
reshuffles, the end of a turn, the end of the game) and applies every *forced* decision,
one with a single legal action, until a real choice is pending. A forced decision is
applied only when everyone can see that it is forced: the card-play and discard decisions
are always asked while the player holds a card, so that an automatic skip never reveals
that his hand had nothing playable.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

from boardgames.core.errors import IllegalActionError, InvalidStateError
from boardgames.core.protocol import PlayerId
from boardgames.core.ranking import places_from_keys
from boardgames.core.rng import Rng
from boardgames.games.morgans_magic_map.actions import (
    Action,
    ChooseCell,
    ChooseRotation,
    DiscardFromHand,
    EndMapChange,
    EndMove,
    KeepHand,
    PlacePawn,
    PlayMapCard,
    SelectTile,
    Step,
    StopPlaying,
    TakeTreasure,
    UseBonus,
    UsePair,
    notation,
)
from boardgames.games.morgans_magic_map.components import (
    BOARD_LEVELS,
    CORNERS,
    LAYOUT_COLUMNS,
    LAYOUT_ROWS,
    LEVEL_DOUBLOONS,
    MAP_CARDS,
    TILES,
    TREASURE_CARDS,
    Cell,
    Corner,
    Direction,
    MapCardId,
    Rotation,
    Symbol,
    TileId,
    TreasureId,
    TreasureSet,
)
from boardgames.games.morgans_magic_map.geometry import (
    IslandMap,
    Placement,
    analyse,
    edges_match,
    random_layout,
)
from boardgames.games.morgans_magic_map.state import MorganState, Phase, Variant

__all__ = [
    "BOOTS_STEPS",
    "HAND_SIZE",
    "MAJORITY_BONUS",
    "STARTING_DOUBLOONS",
    "STEPS",
    "apply",
    "check_state",
    "destinations",
    "dig_depth",
    "is_truncated",
    "legal_actions",
    "movable_tiles",
    "new_game",
    "pawn_cell",
    "playable_cards",
    "ranking",
    "score",
    "set_bonuses",
    "treasure_values",
]

HAND_SIZE: Final = 4
"""Map cards in a full hand."""

STARTING_DOUBLOONS: Final = 2
"""Doubloons each player starts with."""

STEPS: Final = 2
"""Pirate steps allowed in the Move the Pirate action."""

BOOTS_STEPS: Final = 2
"""Extra pirate steps per Boots bonus."""

MAJORITY_BONUS: Final = {1: 6, 2: 3, 3: 2, 4: 1}
"""The set-majority bonus each holder gets, by the number of players tied for the most."""

_TILE_COUNT: Final = len(TILES)
_CARD_COUNT: Final = len(MAP_CARDS)
_TREASURE_COUNT: Final = len(TREASURE_CARDS)
_ALL_CARDS: Final = frozenset(range(_CARD_COUNT))
_SYMBOL: Final = tuple(card.symbol for card in MAP_CARDS)
_REFERENCE: Final = tuple(card.reference for card in MAP_CARDS)
_DISTANCE: Final = tuple(card.distance for card in MAP_CARDS)
_RANK: Final = tuple(card.rank for card in TREASURE_CARDS)
_VALUE: Final = tuple(card.value for card in TREASURE_CARDS)
_SET: Final = tuple(card.set for card in TREASURE_CARDS)

_PLACE_PAWN: Final = tuple(PlacePawn(corner) for corner in Corner)
_SELECT_TILE: Final = tuple(SelectTile(tile) for tile in range(_TILE_COUNT))
_ROTATE: Final = tuple(ChooseRotation(rotation) for rotation in range(4))
_STEP: Final = tuple(Step(direction) for direction in Direction)
_PLAY: Final = tuple(PlayMapCard(card) for card in range(_CARD_COUNT))
_DISCARD: Final = tuple(DiscardFromHand(card) for card in range(_CARD_COUNT))
_USE: Final = tuple(UseBonus(card) for card in range(_CARD_COUNT))
_TAKE: Final = tuple(TakeTreasure(level) for level in range(1, BOARD_LEVELS + 1))
_END_MAP: Final = EndMapChange()
_END_MOVE: Final = EndMove()
_STOP: Final = StopPlaying()
_KEEP: Final = KeepHand()
_ACTION_TYPES: Final = (
    PlacePawn,
    SelectTile,
    ChooseCell,
    ChooseRotation,
    EndMapChange,
    Step,
    EndMove,
    PlayMapCard,
    StopPlaying,
    TakeTreasure,
    DiscardFromHand,
    KeepHand,
    UseBonus,
    UsePair,
)
_RECTANGLE: Final = frozenset((x, y) for x in range(LAYOUT_COLUMNS) for y in range(LAYOUT_ROWS))
_BONUS_PHASES: Final = frozenset(
    {Phase.MAP_SELECT_TILE, Phase.MOVE_STEP, Phase.DIG_PLAY, Phase.DIG_TAKE, Phase.DRAW_DISCARD}
)


def _replace(state: MorganState, **changes: Any) -> MorganState:
    """Return ``state`` with some fields replaced (unchanged fields are shared)."""
    return MorganState(
        changes.get("players", state.players),
        changes.get("variant", state.variant),
        changes.get("phase", state.phase),
        changes.get("to_move", state.to_move),
        changes.get("start_player", state.start_player),
        changes.get("turn_number", state.turn_number),
        changes.get("map_moves_left", state.map_moves_left),
        changes.get("moved_tiles", state.moved_tiles),
        changes.get("selected_tile", state.selected_tile),
        changes.get("selected_cell", state.selected_cell),
        changes.get("steps_left", state.steps_left),
        changes.get("cards_played", state.cards_played),
        changes.get("shovels", state.shovels),
        changes.get("tiles", state.tiles),
        changes.get("pawns", state.pawns),
        changes.get("coins", state.coins),
        changes.get("hands", state.hands),
        changes.get("play_areas", state.play_areas),
        changes.get("map_deck", state.map_deck),
        changes.get("map_discard", state.map_discard),
        changes.get("hidden_groups", state.hidden_groups),
        changes.get("treasure_deck", state.treasure_deck),
        changes.get("treasure_board", state.treasure_board),
        changes.get("treasures", state.treasures),
        changes.get("history", state.history),
        changes.get("rng", state.rng),
    )


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _sorted_board(cards: Sequence[TreasureId]) -> tuple[TreasureId, ...]:
    return tuple(sorted(cards, key=lambda card: (_RANK[card], card)))


# ----------------------------------------------------------------------------- setup


def new_game(players: int, variant: Variant, seed: int) -> MorganState:
    """Set up a game: a legal random 4 x 5 map, the decks, the hands, the start player.

    Then the pawns are placed: the first decision is the corner of the player to the right
    of the start player (RULINGS A-MMM-19).
    """
    rng = Rng.from_seed(seed)
    tiles, rng = random_layout(rng)
    treasures, rng = rng.shuffled(range(_TREASURE_COUNT))
    cards, rng = rng.shuffled(range(_CARD_COUNT))
    start, rng = rng.randbelow(players)
    hands = tuple(
        frozenset(cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]) for seat in range(players)
    )
    return MorganState(
        players=players,
        variant=variant,
        phase=Phase.PLACE_PAWN,
        to_move=(start - 1) % players,
        start_player=start,
        turn_number=0,
        map_moves_left=0,
        moved_tiles=frozenset(),
        selected_tile=None,
        selected_cell=None,
        steps_left=0,
        cards_played=0,
        shovels=0,
        tiles=tiles,
        pawns=(None,) * players,
        coins=(STARTING_DOUBLOONS,) * players,
        hands=hands,
        play_areas=(frozenset(),) * players,
        map_deck=cards[players * HAND_SIZE :],
        map_discard=(),
        hidden_groups=(_ALL_CARDS,),
        treasure_deck=treasures[BOARD_LEVELS:],
        treasure_board=_sorted_board(treasures[:BOARD_LEVELS]),
        treasures=((),) * players,
        history="",
        rng=rng,
    )


# ----------------------------------------------------------------------------- queries


def pawn_cell(state: MorganState, seat: PlayerId) -> Cell | None:
    """Return the cell of ``seat``'s pawn, or ``None`` before it is placed."""
    tile = state.pawns[seat]
    if tile is None:
        return None
    x, y, _ = state.tiles[tile]
    return (x, y)


def dig_depth(state: MorganState) -> int:
    """Return the deepest level the player to move may take from: cards played + shovels."""
    return min(state.cards_played + state.shovels, BOARD_LEVELS)


def playable_cards(state: MorganState, seat: PlayerId) -> tuple[MapCardId, ...]:
    """Return the cards in ``seat``'s hand whose condition his pawn's tile meets, by id.

    A card is met when the pawn's cell lies exactly ``distance`` orthogonal steps from the
    cell of the card's reference tile; gaps count as steps (A-MMM-5).
    """
    cell = pawn_cell(state, seat)
    if cell is None:
        return ()
    tiles = state.tiles
    result = []
    for card in sorted(state.hands[seat]):
        x, y, _ = tiles[_REFERENCE[card]]
        if abs(x - cell[0]) + abs(y - cell[1]) == _DISTANCE[card]:
            result.append(card)
    return tuple(result)


def _blocked(state: MorganState) -> frozenset[TileId]:
    """Tiles that may not be picked up: under a pawn, or already moved in this map change."""
    return state.moved_tiles.union(tile for tile in state.pawns if tile is not None)


def _map_capacity(play_area: frozenset[MapCardId]) -> int:
    """The most extra tile moves the cards of a play area can still buy (Map singly, pairs)."""
    counts = [0, 0, 0, 0]
    for card in play_area:
        counts[_SYMBOL[card]] += 1
    return counts[Symbol.MAP] + sum(count // 2 for count in counts[1:])


@lru_cache(maxsize=4096)
def _repairable(tiles: tuple[Placement, ...], blocked: frozenset[TileId]) -> bool:
    """Whether one move of a tile not in ``blocked`` can reconnect the (split) map."""
    island = analyse(tiles)
    return any(
        tile not in blocked and island.has_free_edge(tile) and island.has_connected_move(tile)
        for tile in range(_TILE_COUNT)
    )


@lru_cache(maxsize=4096)
def _split_moves(
    tiles: tuple[Placement, ...], tile: TileId, blocked: frozenset[TileId]
) -> frozenset[tuple[Cell, Rotation]]:
    """E5: the destinations of ``tile`` that split the map but that one move can rejoin."""
    island = analyse(tiles)
    return frozenset(
        (cell, rotation)
        for cell, rotation, joined in island.moves(tile)
        if not joined and _repairable(island.moved(tile, cell, rotation), blocked | {tile})
    )


@lru_cache(maxsize=4096)
def _has_split_move(tiles: tuple[Placement, ...], tile: TileId, blocked: frozenset[TileId]) -> bool:
    """E5: whether ``tile`` has a destination that splits the map and can be rejoined."""
    island = analyse(tiles)
    return any(
        not joined and _repairable(island.moved(tile, cell, rotation), blocked | {tile})
        for cell, rotation, joined in island.moves(tile)
    )


def _split_budget(state: MorganState) -> int:
    """E5: tile moves that would be left after one more move (including bonus cards)."""
    seat = state.to_move
    assert seat is not None
    return state.map_moves_left - 1 + _map_capacity(state.play_areas[seat])


def _allowed_moves(state: MorganState, tile: TileId) -> list[tuple[Cell, Rotation]]:
    """The destinations of ``tile`` allowed now: connected ones, or (E5) repairable splits."""
    moves = analyse(state.tiles).moves(tile)
    if not state.variant.connectivity_at_end_of_action or _split_budget(state) < 1:
        return [(cell, rotation) for cell, rotation, joined in moves if joined]
    split = _split_moves(state.tiles, tile, _blocked(state))
    return [
        (cell, rotation) for cell, rotation, joined in moves if joined or (cell, rotation) in split
    ]


def _may_move(state: MorganState, island: IslandMap, tile: TileId) -> bool:
    """Whether ``tile`` may be picked up now (ignoring the number of moves left)."""
    if tile in state.moved_tiles or tile in state.pawns or not island.has_free_edge(tile):
        return False
    if island.has_connected_move(tile):
        return True
    return (
        state.variant.connectivity_at_end_of_action
        and _split_budget(state) >= 1
        and _has_split_move(state.tiles, tile, _blocked(state))
    )


def movable_tiles(state: MorganState) -> tuple[TileId, ...]:
    """Return the tiles the player to move could pick up now, by id.

    A tile qualifies if no pawn stands on it, it has not been moved in this map change
    (E10), at least one of its sides touches no tile, and it has an allowed destination.
    Whether a move is left is not considered (only, with ``connectivity_at_end_of_action``,
    as the budget for rejoining a map split by the move).
    """
    island = analyse(state.tiles)
    return tuple(tile for tile in range(_TILE_COUNT) if _may_move(state, island, tile))


def destinations(state: MorganState, tile: TileId) -> dict[Cell, tuple[Rotation, ...]]:
    """Return each cell ``tile`` may be moved to now, with the rotations allowed there."""
    result: dict[Cell, list[Rotation]] = {}
    for cell, rotation in _allowed_moves(state, tile):
        result.setdefault(cell, []).append(rotation)
    return {cell: tuple(rotations) for cell, rotations in result.items()}


# ----------------------------------------------------------------------------- legal actions


def _bonus_effects(state: MorganState) -> tuple[Symbol, ...]:
    """The bonuses whose moment is open at the current decision (Symbol order)."""
    phase = state.phase
    if phase is Phase.MAP_SELECT_TILE:
        return (Symbol.MAP, Symbol.DOUBLOONS)
    if phase is Phase.MOVE_STEP:
        return (Symbol.BOOTS, Symbol.DOUBLOONS)
    digging = phase is Phase.DIG_TAKE or (
        phase is Phase.DIG_PLAY and state.variant.shovel_without_play
    )
    if digging and dig_depth(state) < BOARD_LEVELS:
        return (Symbol.SHOVEL, Symbol.DOUBLOONS)
    return (Symbol.DOUBLOONS,)


def _bonus_actions(
    state: MorganState, seat: PlayerId, movable: tuple[TileId, ...] = ()
) -> list[Action]:
    """``UseBonus`` and ``UsePair`` actions for the open bonuses (RULINGS §1.1 table).

    In the map change, ``movable`` are the tiles that could be moved now: a Map bonus is
    offered only if there is one (it would be a pure loss otherwise).
    """
    area = state.play_areas[seat]
    if not area:
        return []
    effects = _bonus_effects(state)
    if state.phase is Phase.MAP_SELECT_TILE and not movable:
        effects = (Symbol.DOUBLOONS,)
    by_symbol: tuple[list[MapCardId], ...] = ([], [], [], [])
    for card in sorted(area):
        by_symbol[_SYMBOL[card]].append(card)
    exact = state.variant.exact_bonus_cards
    actions: list[Action] = []
    for symbol in effects:
        cards = by_symbol[symbol]
        if cards:
            actions.extend(_USE[card] for card in (cards if exact else cards[:1]))
    for symbol in Symbol:
        cards = by_symbol[symbol]
        if len(cards) < 2:
            continue
        pairs = list(itertools.combinations(cards, 2)) if exact else [(cards[0], cards[1])]
        for effect in effects:
            actions.extend(UsePair(first, second, effect) for first, second in pairs)
    if state.phase is Phase.MAP_SELECT_TILE and state.variant.connectivity_at_end_of_action:
        actions = [action for action in actions if _bonus_keeps_map_joinable(state, seat, action)]
    return actions


def _bonus_keeps_map_joinable(state: MorganState, seat: PlayerId, action: Action) -> bool:
    """Whether a bonus in the map change keeps a split map joinable (E5 variant only).

    A bonus may not spend the cards needed to rejoin a split map, and a Map bonus needs a
    tile it can move with the budget left after it.
    """
    after = _use_bonus(state, seat, action)
    if _bonus_symbol(action) is Symbol.MAP and not movable_tiles(after):
        return False
    if analyse(state.tiles).connected:
        return True
    return after.map_moves_left + _map_capacity(after.play_areas[seat]) >= 1


def _bonus_symbol(action: Action) -> Symbol:
    if isinstance(action, UsePair):
        return action.bonus
    assert isinstance(action, UseBonus)
    return _SYMBOL[action.card]


def _step_actions(state: MorganState, seat: PlayerId) -> list[Action]:
    if state.steps_left < 1:
        return []
    tile = state.pawns[seat]
    assert tile is not None
    island = analyse(state.tiles)
    coins = state.coins[seat]
    actions: list[Action] = []
    for direction in Direction:
        target = island.neighbour(tile, direction)
        if target is not None and coins >= _owed(state, seat, target):
            actions.append(_STEP[direction])
    return actions


def _owed(state: MorganState, seat: PlayerId, tile: TileId) -> int:
    """Doubloons ``seat`` pays on entering ``tile``: one per other pawn there."""
    return sum(1 for other, pawn in enumerate(state.pawns) if pawn == tile and other != seat)


_last_legal: tuple[MorganState | None, tuple[Action, ...]] = (None, ())


def legal_actions(state: MorganState) -> tuple[Action, ...]:
    """Return the legal actions of the player to move, in a fixed order (empty iff over).

    Main actions come first (in id, cell, direction or level order), then the "end" action
    of the phase, then bonus actions (single cards by symbol, then pairs).
    """
    global _last_legal
    cached_state, cached = _last_legal  # one atomic read: the pair is consistent
    if cached_state is state:  # states are immutable; the cache holds a reference
        return cached
    actions = _compute_legal_actions(state)
    _last_legal = (state, actions)
    return actions


def _compute_legal_actions(state: MorganState) -> tuple[Action, ...]:
    seat = state.to_move
    if seat is None:
        return ()
    phase = state.phase
    if phase is Phase.PLACE_PAWN:
        coins = state.coins[seat]
        return tuple(
            _PLACE_PAWN[corner]
            for corner, cell in enumerate(CORNERS)
            if coins >= _owed(state, seat, analyse(state.tiles).at[cell])
        )
    actions: list[Action]
    movable: tuple[TileId, ...] = ()
    if phase is Phase.MAP_SELECT_TILE:
        actions = []
        movable = movable_tiles(state)
        if state.map_moves_left >= 1:
            actions.extend(_SELECT_TILE[tile] for tile in movable)
        if not state.variant.connectivity_at_end_of_action or analyse(state.tiles).connected:
            actions.append(_END_MAP)
    elif phase is Phase.MAP_SELECT_CELL:
        assert state.selected_tile is not None
        return tuple(ChooseCell(x, y) for x, y in destinations(state, state.selected_tile))
    elif phase is Phase.MAP_SELECT_ROTATION:
        assert state.selected_tile is not None
        assert state.selected_cell is not None
        rotations = destinations(state, state.selected_tile).get(state.selected_cell, ())
        return tuple(_ROTATE[rotation] for rotation in rotations)
    elif phase is Phase.MOVE_STEP:
        actions = _step_actions(state, seat)
        actions.append(_END_MOVE)
    elif phase is Phase.DIG_PLAY:
        actions = [_PLAY[card] for card in playable_cards(state, seat)]
        actions.append(_STOP)
    elif phase is Phase.DIG_TAKE:
        actions = list(_TAKE[: dig_depth(state)])
    elif phase is Phase.DRAW_DISCARD:
        actions = [_DISCARD[card] for card in sorted(state.hands[seat])]
        actions.append(_KEEP)
    else:  # pragma: no cover - GAME_OVER has no player to move
        return ()
    actions.extend(_bonus_actions(state, seat, movable))
    return tuple(actions)


# ----------------------------------------------------------------------------- apply


def _illegal(action: object, reason: str) -> IllegalActionError:
    return IllegalActionError(f"illegal action {action!r}: {reason}")


_PHASE_WORDS: Final = {
    Phase.PLACE_PAWN: "place a pawn on a corner (PlacePawn)",
    Phase.MAP_SELECT_TILE: "pick a tile to move (SelectTile), use a bonus or end the map change",
    Phase.MAP_SELECT_CELL: "choose a cell for the picked-up tile (ChooseCell)",
    Phase.MAP_SELECT_ROTATION: "choose a rotation for the tile (ChooseRotation)",
    Phase.MOVE_STEP: "step the pirate (Step), use a bonus or end the move",
    Phase.DIG_PLAY: "play a map card (PlayMapCard), use a bonus or stop playing",
    Phase.DIG_TAKE: "take a treasure (TakeTreasure) or use a bonus",
    Phase.DRAW_DISCARD: "discard a card from hand (DiscardFromHand) or keep it (KeepHand)",
}


def _reason(state: MorganState, action: object) -> str:
    """Explain why ``action`` is not legal in ``state`` (it is known not to be)."""
    seat = state.to_move
    if seat is None:
        return "the game is over"
    if not isinstance(action, _ACTION_TYPES):
        return "not a Morgan's Magic Map action"
    phase = state.phase
    need = f"seat {seat} must {_PHASE_WORDS[phase]}"
    if isinstance(action, UseBonus | UsePair):
        return _bonus_reason(state, seat, action, need)
    expected = {
        Phase.PLACE_PAWN: (PlacePawn,),
        Phase.MAP_SELECT_TILE: (SelectTile, EndMapChange),
        Phase.MAP_SELECT_CELL: (ChooseCell,),
        Phase.MAP_SELECT_ROTATION: (ChooseRotation,),
        Phase.MOVE_STEP: (Step, EndMove),
        Phase.DIG_PLAY: (PlayMapCard, StopPlaying),
        Phase.DIG_TAKE: (TakeTreasure,),
        Phase.DRAW_DISCARD: (DiscardFromHand, KeepHand),
    }[phase]
    if not isinstance(action, expected):
        return f"not possible now: {need}"
    if isinstance(action, PlacePawn):
        return "the pawn cannot pay 1 doubloon to each pawn already on that corner"
    if isinstance(action, SelectTile):
        return _tile_reason(state, action.tile)
    if isinstance(action, EndMapChange):
        return "the island map is split; a tile move must join it before the map change ends"
    if isinstance(action, ChooseCell | ChooseRotation):
        return (
            "the tile cannot go there: it must touch the map, match every touching edge "
            "and leave the map connected"
        )
    if isinstance(action, Step):
        if state.steps_left < 1:
            return "the pirate has no steps left (a Boots bonus gives 2 more)"
        return (
            "there is no tile in that direction (pirates never enter gaps), or the "
            "pirate cannot pay 1 doubloon to each pawn on it"
        )
    if isinstance(action, PlayMapCard):
        if action.card not in state.hands[seat]:
            return f"card {action.card!r} is not in seat {seat}'s hand"
        return "the pawn is not at the card's distance from its reference point"
    if isinstance(action, TakeTreasure):
        return f"the dig reaches level {dig_depth(state)} at most (cards played + shovels)"
    if isinstance(action, DiscardFromHand):
        return f"card {action.card!r} is not in seat {seat}'s hand"
    return f"not possible now: {need}"  # pragma: no cover - every legal kind is covered


def _tile_reason(state: MorganState, tile: object) -> str:
    if type(tile) is not int or not 0 <= tile < _TILE_COUNT:
        return f"{tile!r} is not a tile id (0 to {_TILE_COUNT - 1})"
    if state.map_moves_left < 1:
        return "no tile moves left in this map change (a Map bonus gives one more)"
    if tile in state.pawns:
        return f"{TILES[tile]} is occupied by a pirate pawn"
    if tile in state.moved_tiles:
        return f"{TILES[tile]} was already moved in this map change"
    if not analyse(state.tiles).has_free_edge(tile):
        return f"{TILES[tile]} is surrounded on all sides by other tiles"
    return f"{TILES[tile]} has no legal new spot (edges must match, the map must stay joined)"


def _bonus_reason(state: MorganState, seat: PlayerId, action: UseBonus | UsePair, need: str) -> str:
    cards = (action.card,) if isinstance(action, UseBonus) else (action.first, action.second)
    for card in cards:
        if type(card) is not int or card not in state.play_areas[seat]:
            return f"card {card!r} is not in seat {seat}'s play area (bonuses come only from there)"
    if isinstance(action, UsePair) and (
        type(action.bonus) is not Symbol
        or _SYMBOL[action.first] is not _SYMBOL[action.second]
        or action.first >= action.second
    ):
        return "a pair must be two different cards (lower id first) with the same symbol"
    if state.phase not in _BONUS_PHASES:
        return f"bonuses are not used in the middle of a tile move: {need}"
    symbol = _bonus_symbol(action)
    if symbol not in _bonus_effects(state):
        return f"the {symbol} bonus cannot be used now: {need}"
    if not state.variant.exact_bonus_cards:
        return "the engine discards the lowest-id cards of a symbol (A-MMM-13)"
    return "that bonus would be wasted or would leave the split map impossible to rejoin"


def apply(state: MorganState, action: Action) -> MorganState:
    """Return the state after the player to move takes ``action``.

    Raises:
        IllegalActionError: The game is over, ``action`` is not a Morgan's Magic Map
            action, or it is not legal now; the message says why.
    """
    legal = legal_actions(state)
    if state.to_move is None or action not in legal:
        raise _illegal(action, _reason(state, action))
    # Store the engine's own instance (an int equal to an enum member is not kept).
    return _settle(_apply_legal(state, legal[legal.index(action)]))


def _apply_legal(state: MorganState, action: Action) -> MorganState:
    """Apply a legal action and record it in the history."""
    seat = state.to_move
    assert seat is not None
    token = f"{seat}{notation(action)}"
    state = _replace(state, history=f"{state.history} {token}" if state.history else token)
    cls = action.__class__
    if cls is UseBonus or cls is UsePair:
        return _use_bonus(state, seat, action)
    if cls is PlacePawn:
        return _place_pawn(state, seat, action.corner)  # type: ignore[union-attr]
    if cls is SelectTile:
        return _replace(
            state,
            phase=Phase.MAP_SELECT_CELL,
            selected_tile=action.tile,  # type: ignore[union-attr]
        )
    if cls is ChooseCell:
        cell = (action.x, action.y)  # type: ignore[union-attr]
        return _replace(state, phase=Phase.MAP_SELECT_ROTATION, selected_cell=cell)
    if cls is ChooseRotation:
        return _move_tile(state, action.rotation)  # type: ignore[union-attr]
    if cls is EndMapChange:
        return _replace(state, phase=Phase.MOVE_STEP, map_moves_left=0, moved_tiles=frozenset())
    if cls is Step:
        return _step(state, seat, action.direction)  # type: ignore[union-attr]
    if cls is EndMove:
        return _replace(state, phase=Phase.DIG_PLAY, steps_left=0)
    if cls is PlayMapCard:
        card = action.card  # type: ignore[union-attr]
        return _replace(
            state,
            hands=_set(state.hands, seat, state.hands[seat] - {card}),
            play_areas=_set(state.play_areas, seat, state.play_areas[seat] | {card}),
            hidden_groups=_reveal(state.hidden_groups, card),
            cards_played=state.cards_played + 1,
        )
    if cls is StopPlaying:
        digs = state.cards_played >= 1 or (state.variant.shovel_without_play and state.shovels >= 1)
        return _replace(state, phase=Phase.DIG_TAKE if digs else Phase.DRAW_DISCARD)
    if cls is TakeTreasure:
        return _take(state, seat, action.level)  # type: ignore[union-attr]
    if cls is DiscardFromHand:
        card = action.card  # type: ignore[union-attr]
        state = _replace(
            state,
            hands=_set(state.hands, seat, state.hands[seat] - {card}),
            map_discard=(*state.map_discard, card),
            hidden_groups=_reveal(state.hidden_groups, card),
        )
        return _end_turn(_refill(state, seat))
    assert cls is KeepHand
    return _end_turn(_refill(state, seat))


def _settle(state: MorganState) -> MorganState:
    """Apply forced decisions (a single legal action that everyone can see is forced)."""
    while state.to_move is not None:
        if state.phase in (Phase.DIG_PLAY, Phase.DRAW_DISCARD) and state.hands[state.to_move]:
            return state  # asked even if forced: skipping would reveal the hand (see above)
        actions = legal_actions(state)
        if len(actions) != 1:
            return state
        state = _apply_legal(state, actions[0])
    return state


def _place_pawn(state: MorganState, seat: PlayerId, corner: Corner) -> MorganState:
    tile = analyse(state.tiles).at[CORNERS[corner]]
    coins = list(state.coins)
    for other, pawn in enumerate(state.pawns):
        if pawn == tile:
            coins[other] += 1
            coins[seat] -= 1
    pawns = _set(state.pawns, seat, tile)
    if seat == state.start_player:
        return _start_turn(_replace(state, pawns=pawns, coins=tuple(coins)), seat, 1)
    return _replace(state, pawns=pawns, coins=tuple(coins), to_move=(seat - 1) % state.players)


def _start_turn(state: MorganState, seat: PlayerId, number: int) -> MorganState:
    return _replace(
        state,
        phase=Phase.MAP_SELECT_TILE,
        to_move=seat,
        turn_number=number,
        map_moves_left=1,
        moved_tiles=frozenset(),
        selected_tile=None,
        selected_cell=None,
        steps_left=STEPS,
        cards_played=0,
        shovels=0,
    )


def _move_tile(state: MorganState, rotation: Rotation) -> MorganState:
    tile = state.selected_tile
    cell = state.selected_cell
    assert tile is not None
    assert cell is not None
    return _replace(
        state,
        phase=Phase.MAP_SELECT_TILE,
        tiles=analyse(state.tiles).moved(tile, cell, rotation),
        map_moves_left=state.map_moves_left - 1,
        moved_tiles=state.moved_tiles | {tile},
        selected_tile=None,
        selected_cell=None,
    )


def _step(state: MorganState, seat: PlayerId, direction: Direction) -> MorganState:
    tile = state.pawns[seat]
    assert tile is not None
    target = analyse(state.tiles).neighbour(tile, direction)
    assert target is not None
    coins = list(state.coins)
    for other, pawn in enumerate(state.pawns):
        if pawn == target and other != seat:
            coins[other] += 1
            coins[seat] -= 1
    return _replace(
        state,
        pawns=_set(state.pawns, seat, target),
        coins=tuple(coins),
        steps_left=state.steps_left - 1,
    )


def _use_bonus(state: MorganState, seat: PlayerId, action: Action) -> MorganState:
    """Discard the named card(s) from the play area and apply the bonus."""
    if isinstance(action, UseBonus):
        used: tuple[MapCardId, ...] = (action.card,)
        bonus = _SYMBOL[action.card]
    else:
        assert isinstance(action, UsePair)
        used = (action.first, action.second)
        bonus = action.bonus
    play_areas = _set(state.play_areas, seat, state.play_areas[seat].difference(used))
    map_discard = state.map_discard + used
    if bonus is Symbol.DOUBLOONS:
        return _replace(
            state,
            play_areas=play_areas,
            map_discard=map_discard,
            coins=_set(state.coins, seat, state.coins[seat] + 2),
        )
    if bonus is Symbol.MAP:
        return _replace(
            state,
            play_areas=play_areas,
            map_discard=map_discard,
            map_moves_left=state.map_moves_left + 1,
        )
    if bonus is Symbol.BOOTS:
        return _replace(
            state,
            play_areas=play_areas,
            map_discard=map_discard,
            steps_left=state.steps_left + BOOTS_STEPS,
        )
    return _replace(
        state, play_areas=play_areas, map_discard=map_discard, shovels=state.shovels + 1
    )


def _take(state: MorganState, seat: PlayerId, level: int) -> MorganState:
    board = state.treasure_board
    taken = board[level - 1]
    deck = state.treasure_deck
    board = _sorted_board((*board[: level - 1], *board[level:], *deck[:1]))
    deck = deck[1:]
    state = _replace(
        state,
        coins=_set(state.coins, seat, state.coins[seat] + LEVEL_DOUBLOONS[level - 1]),
        treasures=_set(state.treasures, seat, (*state.treasures[seat], taken)),
        treasure_board=board,
        treasure_deck=deck,
    )
    if not deck:  # "The game ends immediately when all cards ... have been placed"
        return _replace(state, phase=Phase.GAME_OVER, to_move=None)
    return _replace(state, phase=Phase.DRAW_DISCARD)


def _reveal(
    groups: tuple[frozenset[MapCardId], ...], card: MapCardId
) -> tuple[frozenset[MapCardId], ...]:
    """Remove a card that everyone has now seen from the hidden-card groups."""
    result = []
    for group in groups:
        if card in group:
            group = group - {card}
            if not group:
                continue
        result.append(group)
    return tuple(result)


def _refill(state: MorganState, seat: PlayerId) -> MorganState:
    """Draw up to 4 cards, shuffling the discard pile into a new deck when the deck is out."""
    hand = state.hands[seat]
    missing = HAND_SIZE - len(hand)
    if missing <= 0:
        return state
    deck = state.map_deck
    discard = state.map_discard
    groups = state.hidden_groups
    rng = state.rng
    drawn: list[MapCardId] = []
    while len(drawn) < missing:
        if not deck:
            if not discard:
                break  # A-MMM-24: nothing left to draw
            deck, rng = rng.shuffled(discard)
            groups = (*groups, frozenset(discard))
            discard = ()
        drawn.append(deck[0])
        deck = deck[1:]
    return _replace(
        state,
        hands=_set(state.hands, seat, hand.union(drawn)),
        map_deck=deck,
        map_discard=discard,
        hidden_groups=groups,
        rng=rng,
    )


def _end_turn(state: MorganState) -> MorganState:
    seat = state.to_move
    assert seat is not None
    if state.turn_number >= state.variant.max_turns:
        return _replace(
            state,
            phase=Phase.GAME_OVER,
            to_move=None,
            map_moves_left=0,
            moved_tiles=frozenset(),
            steps_left=0,
            cards_played=0,
            shovels=0,
        )
    return _start_turn(state, (seat + 1) % state.players, state.turn_number + 1)


# ----------------------------------------------------------------------------- scoring


def treasure_values(state: MorganState) -> tuple[int, ...]:
    """Return the total printed value of each seat's treasures (the tie-break, A-MMM-22)."""
    return tuple(sum(_VALUE[card] for card in cards) for cards in state.treasures)


def set_bonuses(state: MorganState) -> tuple[int, ...]:
    """Return each seat's set-majority bonus: 6, or 3 / 2 / 1 each when 2 / 3 / 4 tie.

    A set nobody holds awards nothing (A-MMM-21).
    """
    bonuses = [0] * state.players
    for treasure_set in TreasureSet:
        counts = [
            sum(1 for card in cards if _SET[card] is treasure_set) for cards in state.treasures
        ]
        best = max(counts)
        if best == 0:
            continue
        holders = [seat for seat, count in enumerate(counts) if count == best]
        for seat in holders:
            bonuses[seat] += MAJORITY_BONUS[len(holders)]
    return tuple(bonuses)


def score(state: MorganState) -> tuple[float, ...]:
    """Return each seat's score: doubloons + set bonuses + treasure values."""
    values = treasure_values(state)
    bonuses = set_bonuses(state)
    return tuple(
        float(coins + bonus + value)
        for coins, bonus, value in zip(state.coins, bonuses, values, strict=True)
    )


def ranking(state: MorganState) -> tuple[int, ...]:
    """Return places by score, then by treasure value; still tied players share a place."""
    return places_from_keys(list(zip(score(state), treasure_values(state), strict=True)))


def is_truncated(state: MorganState) -> bool:
    """Return whether the game ended by the turn limit (the treasure deck is not used up)."""
    return state.phase is Phase.GAME_OVER and bool(state.treasure_deck)


# ----------------------------------------------------------------------------- invariants


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def _is_int(value: object) -> bool:
    return type(value) is int


_INT_ONLY: Final = {int}
_ROTATIONS: Final = frozenset(range(4))


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


@lru_cache(maxsize=8)
def _history_pattern(players: int) -> re.Pattern[str]:
    """The shape of a history string (see :mod:`~boardgames.games.morgans_magic_map.actions`)."""
    card = r"(?:7[01]|[1-6]?\d)"
    code = (
        rf"(?:p[0-3]|t1?\d|c-?\d+,-?\d+|r[0-3]|[emxk]|s[nesw]|[dhb]{card}|l[1-5]"
        rf"|b{card}\+{card}=[mbsd])"
    )
    token = rf"[0-{players - 1}]{code}"
    return re.compile(rf"(?:{token}(?: {token})*)?")


def _check_shapes(state: MorganState) -> None:
    players = state.players
    if not _is_int(players) or not 2 <= players <= 4:
        raise _fail(f"players={players!r} is out of range 2 to 4")
    variant = state.variant
    if not isinstance(variant, Variant):
        raise _fail("variant must be a Variant")
    if not _is_int(variant.max_turns) or variant.max_turns < 1:
        raise _fail(f"max_turns={variant.max_turns!r} must be a positive int")
    if not isinstance(state.phase, Phase):
        raise _fail(f"phase={state.phase!r} is not a Phase")
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
            raise _fail(f"{name}={value!r} must be a non-negative int")
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
        raise _fail(f"tile {tile} has placement {placement!r}; expected (x, y, rotation 0-3)")
    for seat_index, pawn in enumerate(state.pawns):
        if pawn is not None and (not _is_int(pawn) or not 0 <= pawn < _TILE_COUNT):
            raise _fail(f"seat {seat_index}'s pawn is on {pawn!r}, which is not a tile id")
    for seat_index, coins in enumerate(state.coins):
        if not _is_int(coins) or coins < 0:
            raise _fail(f"seat {seat_index} has {coins!r} doubloons; must be a non-negative int")
    _check_ids("moved_tiles", state.moved_tiles, _TILE_COUNT, frozenset)
    if state.selected_tile is not None:
        _check_ids("selected_tile", (state.selected_tile,), _TILE_COUNT)
    cell = state.selected_cell
    if cell is not None and (
        not isinstance(cell, tuple) or len(cell) != 2 or not all(_is_int(v) for v in cell)
    ):
        raise _fail(f"selected_cell={cell!r} must be an (x, y) pair")
    if not isinstance(state.history, str) or not _history_pattern(players).fullmatch(state.history):
        raise _fail("history must be space-separated action tokens of existing seats")
    if not isinstance(state.rng, Rng):
        raise _fail("rng must be an Rng")


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
    if min(x for x, _, _ in tiles) != 0 or min(y for _, y, _ in tiles) != 0:
        raise _fail("the map is not normalized (smallest x and y must be 0)")
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
        seat = state.to_move
        assert seat is not None
        if state.map_moves_left + _map_capacity(state.play_areas[seat]) < 1 or not _repairable(
            tiles, _blocked(state)
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
        if state.cards_played > HAND_SIZE:
            raise _fail("at most 4 map cards can be played in a dig")
        if phase is Phase.DIG_TAKE and dig_depth(state) < 1:
            raise _fail("a treasure is taken only after a card (or shovel) was played")
        if not state.variant.shovel_without_play and state.cards_played == 0 and state.shovels:
            raise _fail("shovels are used only after a card was played")
    elif (state.cards_played or state.shovels) and phase is not Phase.DRAW_DISCARD:
        raise _fail("cards played and shovels are counted only in the dig")


def check_state(state: MorganState) -> None:
    """Check every invariant of a state (used on untrusted input).

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

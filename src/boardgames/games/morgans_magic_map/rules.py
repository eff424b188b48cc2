"""The rules of Morgan's Magic Map as pure functions: setup, legal actions, transitions, scoring.

A turn is: change the island map (pick a tile,
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
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias, TypeVar, get_args

import attrs

from boardgames.core import guards
from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import find_action, illegal_action
from boardgames.core.history import History
from boardgames.core.protocol import OptionValue, PlayerId
from boardgames.core.ranking import places_from_keys
from boardgames.core.rng import Rng
from boardgames.core.values import replaced
from boardgames.games.morgans_magic_map import _interned, actions
from boardgames.games.morgans_magic_map._map_change import (
    allowed_destinations,
    destinations,
    island_of,
    map_capacity,
    movable_tiles,
)
from boardgames.games.morgans_magic_map.actions import Action
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
    Symbol,
    TileId,
    TreasureId,
    TreasureSet,
)
from boardgames.games.morgans_magic_map.geometry import random_layout
from boardgames.games.morgans_magic_map.state import MorganState, Phase, Variant

__all__ = [
    "BOOTS_STEPS",
    "HAND_SIZE",
    "MAJORITY_BONUS",
    "STARTING_DOUBLOONS",
    "STEPS",
    "Configuration",
    "apply",
    "check_action",
    "check_state",
    "configuration",
    "configure",
    "current_player",
    "describe_configuration",
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
_ACTION_CLASSES: Final[tuple[type, ...]] = get_args(Action)
_RECTANGLE: Final = frozenset((x, y) for x in range(LAYOUT_COLUMNS) for y in range(LAYOUT_ROWS))
_HAND_PHASES: Final = (Phase.DIG_PLAY, Phase.DRAW_DISCARD)
_DIRECTIONS: Final = tuple(Direction)
_NO_TILES: Final[frozenset[TileId]] = frozenset()
_BONUS_PHASES: Final = frozenset(
    {Phase.MAP_SELECT_TILE, Phase.MOVE_STEP, Phase.DIG_PLAY, Phase.DIG_TAKE, Phase.DRAW_DISCARD}
)

_Changes: TypeAlias = dict[str, Any]
"""The fields a transition changes, by name (the rest is shared with the state before)."""
_Bonus: TypeAlias = actions.UseBonus | actions.UsePair


def _make_replace() -> Callable[..., MorganState]:
    """Build ``_replace(state, **changes)``: ``state`` with some fields replaced.

    The unchanged fields are shared with ``state``, not copied, and so is the analysis of
    the map while the map is the same (a transition that moves a tile passes the new
    map's analysis as ``_island``). The function is generated from the fields of
    :class:`MorganState` (as attrs generates ``__init__``), so it stays in step with them
    and costs one comparison per field.
    """
    names = [field.name for field in attrs.fields(MorganState)]
    parameters = ", ".join(f"{name}=_SAME" for name in names)
    # Each slot is set through its descriptor, as attrs' own __init__ does (without the
    # call): the values come from a valid state or from the rules.
    body = "".join(
        f"    _set_{name}(new, state.{name} if {name} is _SAME else {name})\n" for name in names
    )
    source = (
        f"def _replace(state, *, {parameters}, _island=_SAME):\n"
        "    new = _new(_State)\n"
        f"{body}"
        "    if _island is not _SAME:  # the analysis of the new map, made by the transition\n"
        "        _set__island(new, _island)\n"
        "    elif tiles is _SAME:  # the same map: share its analysis\n"
        "        try:\n"
        "            _set__island(new, state._island)\n"
        "        except AttributeError:\n"
        "            pass\n"
        "    return new\n"
    )
    namespace: dict[str, Any] = {"_SAME": object(), "_State": MorganState, "_new": object.__new__}
    for name in (*names, "_island"):
        namespace[f"_set_{name}"] = getattr(MorganState, name).__set__
    exec(source, namespace)  # the source is built from the attrs field names only
    replace: Callable[..., MorganState] = namespace["_replace"]
    return replace


_replace: Final = _make_replace()


def _remember(state: MorganState, name: str, value: object) -> None:
    """Keep a value derived from ``state`` in one of its private slots (see ``_Derived``)."""
    object.__setattr__(state, name, value)


def _sorted_board(cards: Sequence[TreasureId]) -> tuple[TreasureId, ...]:
    return tuple(sorted(cards, key=lambda card: (_RANK[card], card)))


# ----------------------------------------------------------------------------- setup

Configuration: TypeAlias = tuple[int, Variant]
"""What a game is configured by: the number of pirates and the options.

The options are a :class:`~boardgames.games.morgans_magic_map.state.Variant`.
"""


def configure(players: int, options: Mapping[str, OptionValue]) -> Configuration:
    """Return the configuration of ``players`` pirates with checked option values.

    Every combination of the options is allowed.
    """
    return (
        players,
        Variant(
            max_turns=int(options["max_turns"]),
            connectivity_at_end_of_action=options["connectivity_at_end_of_action"] is True,
            shovel_without_play=options["shovel_without_play"] is True,
            exact_bonus_cards=options["exact_bonus_cards"] is True,
            hide_claimed_treasures=options["hide_claimed_treasures"] is True,
        ),
    )


def configuration(state: MorganState) -> Configuration:
    """Return the configuration ``state`` was made for."""
    return (state.players, state.variant)


def describe_configuration(configuration: Configuration) -> str:
    """Describe a configuration for error messages."""
    players, variant = configuration
    return guards.describe_configuration(players, attrs.asdict(variant))


def new_game(configuration: Configuration, seed: int) -> MorganState:
    """Set up a game: a legal random 4 x 5 map, the decks, the hands, the start player.

    Then the pawns are placed: the first decision is the corner of the player to the right
    of the start player (ruling A-MMM-19).
    """
    players, variant = configuration
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
        history=History(),
        rng=rng,
    )


# ----------------------------------------------------------------------------- queries


def current_player(state: MorganState) -> PlayerId | None:
    """Return the seat to decide, or ``None`` when the game is over."""
    return state.to_move


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
) -> list[_Bonus]:
    """``UseBonus`` and ``UsePair`` actions for the open bonuses.

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
    offered: list[_Bonus] = []
    for symbol in effects:
        cards = by_symbol[symbol]
        if cards:
            offered.extend(_interned.USE[card] for card in (cards if exact else cards[:1]))
    for cards in by_symbol:
        if len(cards) < 2:
            continue
        pairs = list(itertools.combinations(cards, 2)) if exact else [(cards[0], cards[1])]
        for effect in effects:
            offered.extend(_interned.use_pair(first, second, effect) for first, second in pairs)
    if state.phase is Phase.MAP_SELECT_TILE and state.variant.connectivity_at_end_of_action:
        offered = [action for action in offered if _bonus_keeps_map_joinable(state, seat, action)]
    return offered


def _bonus_keeps_map_joinable(state: MorganState, seat: PlayerId, action: _Bonus) -> bool:
    """Whether a bonus in the map change keeps a split map joinable (E5 variant only).

    A bonus may not spend the cards needed to rejoin a split map, and a Map bonus needs a
    tile it can move with the budget left after it.
    """
    after = _replace(state, **_use_bonus(state, seat, action))
    if _bonus_symbol(action) is Symbol.MAP and not movable_tiles(after):
        return False
    if island_of(state).connected:
        return True
    return after.map_moves_left + map_capacity(after.play_areas[seat]) >= 1


def _bonus_symbol(action: _Bonus) -> Symbol:
    if isinstance(action, actions.UsePair):
        return action.bonus
    return _SYMBOL[action.card]


def _step_actions(state: MorganState, seat: PlayerId) -> list[Action]:
    if state.steps_left < 1:
        return []
    tile = state.pawns[seat]
    assert tile is not None
    island = island_of(state)
    coins = state.coins[seat]
    steps: list[Action] = []
    for direction in _DIRECTIONS:
        target = island.neighbour(tile, direction)
        if target is not None and coins >= _owed(state, seat, target):
            steps.append(_interned.STEP[direction])
    return steps


def _owed(state: MorganState, seat: PlayerId, tile: TileId) -> int:
    """Doubloons ``seat`` pays on entering ``tile``: one per other pawn there."""
    pawns = state.pawns
    return pawns.count(tile) - (pawns[seat] == tile)


def legal_actions(state: MorganState) -> tuple[Action, ...]:
    """Return the legal actions of the player to move, in a fixed order (empty iff over).

    Main actions come first (in id, cell, direction or level order), then the "end" action
    of the phase, then bonus actions (single cards by symbol, then pairs). They are
    computed once per state and kept with it.
    """
    try:
        legal: tuple[Action, ...] = state._legal
    except AttributeError:
        legal = _compute_legal_actions(state)
        _remember(state, "_legal", legal)
    return legal


def _compute_legal_actions(state: MorganState) -> tuple[Action, ...]:
    seat = state.to_move
    if seat is None:
        return ()
    phase = state.phase
    if phase is Phase.PLACE_PAWN:
        coins = state.coins[seat]
        return tuple(
            _interned.PLACE_PAWN[corner]
            for corner, cell in enumerate(CORNERS)
            if coins >= _owed(state, seat, island_of(state).at[cell])
        )
    legal: list[Action]
    movable: tuple[TileId, ...] = ()
    if phase is Phase.MAP_SELECT_TILE:
        legal = []
        movable = movable_tiles(state)
        if state.map_moves_left >= 1:
            legal.extend(_interned.SELECT_TILE[tile] for tile in movable)
        if not state.variant.connectivity_at_end_of_action or island_of(state).connected:
            legal.append(_interned.END_MAP)
    elif phase is Phase.MAP_SELECT_CELL:
        assert state.selected_tile is not None
        cells = allowed_destinations(state, state.selected_tile)
        return _interned.choose_cells(cells)
    elif phase is Phase.MAP_SELECT_ROTATION:
        assert state.selected_tile is not None
        assert state.selected_cell is not None
        cells = allowed_destinations(state, state.selected_tile)
        return tuple(_interned.ROTATE[rotation] for rotation in cells.get(state.selected_cell, ()))
    elif phase is Phase.MOVE_STEP:
        legal = _step_actions(state, seat)
        legal.append(_interned.END_MOVE)
    elif phase is Phase.DIG_PLAY:
        legal = [_interned.PLAY[card] for card in playable_cards(state, seat)]
        legal.append(_interned.STOP)
    elif phase is Phase.DIG_TAKE:
        legal = list(_interned.TAKE[: dig_depth(state)])
    elif phase is Phase.DRAW_DISCARD:
        legal = [_interned.DISCARD[card] for card in sorted(state.hands[seat])]
        legal.append(_interned.KEEP)
    else:  # pragma: no cover - GAME_OVER has no player to move
        return ()
    legal.extend(_bonus_actions(state, seat, movable))
    return tuple(legal)


# ----------------------------------------------------------------------------- apply


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
_PHASE_ACTIONS: Final[dict[Phase, tuple[type, ...]]] = {
    Phase.PLACE_PAWN: (actions.PlacePawn,),
    Phase.MAP_SELECT_TILE: (actions.SelectTile, actions.EndMapChange),
    Phase.MAP_SELECT_CELL: (actions.ChooseCell,),
    Phase.MAP_SELECT_ROTATION: (actions.ChooseRotation,),
    Phase.MOVE_STEP: (actions.Step, actions.EndMove),
    Phase.DIG_PLAY: (actions.PlayMapCard, actions.StopPlaying),
    Phase.DIG_TAKE: (actions.TakeTreasure,),
    Phase.DRAW_DISCARD: (actions.DiscardFromHand, actions.KeepHand),
}
"""The kinds of action (besides bonuses) each decision takes."""


def _reason(state: MorganState, action: object) -> str:
    """Explain why ``action`` is not legal in ``state`` (it is known not to be)."""
    seat = state.to_move
    if seat is None:
        return "the game is over"
    if not isinstance(action, _ACTION_CLASSES):
        return "not a Morgan's Magic Map action"
    look_alike = _equal_legal_action(state, action)
    if look_alike is not None:
        return f"a field has the wrong type; the legal action is {look_alike!r}"
    phase = state.phase
    need = f"seat {seat} must {_PHASE_WORDS[phase]}"
    if isinstance(action, actions.UseBonus | actions.UsePair):
        return _bonus_reason(state, seat, action, need)
    if not isinstance(action, _PHASE_ACTIONS[phase]):
        return f"not possible now: {need}"
    if isinstance(action, actions.PlacePawn):
        return "the pawn cannot pay 1 doubloon to each pawn already on that corner"
    if isinstance(action, actions.SelectTile):
        return _tile_reason(state, action.tile)
    if isinstance(action, actions.EndMapChange):
        return "the island map is split; a tile move must join it before the map change ends"
    if isinstance(action, actions.ChooseCell | actions.ChooseRotation):
        return (
            "the tile cannot go there: it must touch the map, match every touching edge "
            "and leave the map connected"
        )
    if isinstance(action, actions.Step):
        if state.steps_left < 1:
            return "the pirate has no steps left (a Boots bonus gives 2 more)"
        return (
            "there is no tile in that direction (pirates never enter gaps), or the "
            "pirate cannot pay 1 doubloon to each pawn on it"
        )
    if isinstance(action, actions.PlayMapCard):
        if action.card not in state.hands[seat]:
            return f"card {action.card!r} is not in seat {seat}'s hand"
        return "the pawn is not at the card's distance from its reference point"
    if isinstance(action, actions.TakeTreasure):
        return f"the dig reaches level {dig_depth(state)} at most (cards played + shovels)"
    if isinstance(action, actions.DiscardFromHand):
        return f"card {action.card!r} is not in seat {seat}'s hand"
    return f"not possible now: {need}"  # pragma: no cover - every legal kind is covered


def _equal_legal_action(state: MorganState, action: object) -> Action | None:
    """The legal action equal to ``action`` although a field's type differs (``Step(0)``)."""
    for candidate in legal_actions(state):
        try:
            if candidate == action:
                return candidate
        except Exception:  # a field whose comparison raises is no legal value either
            return None
    return None


def _tile_reason(state: MorganState, tile: object) -> str:
    if type(tile) is not int or not 0 <= tile < _TILE_COUNT:
        return f"{tile!r} is not a tile id (0 to {_TILE_COUNT - 1})"
    if state.map_moves_left < 1:
        return "no tile moves left in this map change (a Map bonus gives one more)"
    if tile in state.pawns:
        return f"{TILES[tile]} is occupied by a pirate pawn"
    if tile in state.moved_tiles:
        return f"{TILES[tile]} was already moved in this map change"
    if not island_of(state).has_free_edge(tile):
        return f"{TILES[tile]} is surrounded on all sides by other tiles"
    return f"{TILES[tile]} has no legal new spot (edges must match, the map must stay joined)"


def _bonus_reason(state: MorganState, seat: PlayerId, action: _Bonus, need: str) -> str:
    if isinstance(action, actions.UseBonus):
        cards: tuple[object, ...] = (action.card,)
    else:
        cards = (action.first, action.second)
    for card in cards:
        if type(card) is not int or card not in state.play_areas[seat]:
            return f"card {card!r} is not in seat {seat}'s play area (bonuses come only from there)"
    if isinstance(action, actions.UsePair) and (
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

    The engine's own instance of the action is applied (see
    :func:`~boardgames.core.guards.find_action`), then every forced decision after it.

    Raises:
        IllegalActionError: The game is over, ``action`` is not a Morgan's Magic Map
            action, or it is not legal now; the message says why.
    """
    legal = legal_actions(state)
    index = find_action(legal, action)
    if index < 0:
        raise illegal_action(action, _reason(state, action))
    return _settle(_apply_legal(state, legal[index]))


def _apply_legal(state: MorganState, action: Action) -> MorganState:
    """Apply a legal action and record it in the history: one new state."""
    seat = state.to_move
    assert seat is not None
    history = state.history.append(_interned.entry(seat, action))
    changes = _TRANSITIONS[action.__class__](state, seat, action)
    return _replace(state, history=history, **changes)


def _settle(state: MorganState) -> MorganState:
    """Apply forced decisions (a single legal action that everyone can see is forced)."""
    while state.to_move is not None:
        if state.phase in _HAND_PHASES and state.hands[state.to_move]:
            return state  # asked even if forced: skipping would reveal the hand (see above)
        legal = legal_actions(state)
        if len(legal) != 1:
            return state
        state = _apply_legal(state, legal[0])
    return state


# ----------------------------------------------------------------------------- transitions


def _place_pawn(state: MorganState, seat: PlayerId, action: actions.PlacePawn) -> _Changes:
    tile = island_of(state).at[CORNERS[action.corner]]
    coins = list(state.coins)
    for other, pawn in enumerate(state.pawns):
        if pawn == tile:
            coins[other] += 1
            coins[seat] -= 1
    changes: _Changes = {"pawns": replaced(state.pawns, seat, tile), "coins": tuple(coins)}
    if seat == state.start_player:
        changes.update(_start_turn(seat, 1))
    else:
        changes["to_move"] = (seat - 1) % state.players
    return changes


def _start_turn(seat: PlayerId, number: int) -> _Changes:
    return {
        "phase": Phase.MAP_SELECT_TILE,
        "to_move": seat,
        "turn_number": number,
        "map_moves_left": 1,
        "moved_tiles": _NO_TILES,
        "selected_tile": None,
        "selected_cell": None,
        "steps_left": STEPS,
        "cards_played": 0,
        "shovels": 0,
    }


def _select_tile(state: MorganState, seat: PlayerId, action: actions.SelectTile) -> _Changes:
    return {"phase": Phase.MAP_SELECT_CELL, "selected_tile": action.tile}


def _choose_cell(state: MorganState, seat: PlayerId, action: actions.ChooseCell) -> _Changes:
    return {"phase": Phase.MAP_SELECT_ROTATION, "selected_cell": (action.x, action.y)}


def _move_tile(state: MorganState, seat: PlayerId, action: actions.ChooseRotation) -> _Changes:
    tile = state.selected_tile
    cell = state.selected_cell
    assert tile is not None
    assert cell is not None
    island = island_of(state).after_move(tile, cell, action.rotation)
    return {
        "phase": Phase.MAP_SELECT_TILE,
        "tiles": island.tiles,
        "_island": island,
        "map_moves_left": state.map_moves_left - 1,
        "moved_tiles": state.moved_tiles | {tile},
        "selected_tile": None,
        "selected_cell": None,
    }


def _end_map_change(state: MorganState, seat: PlayerId, action: actions.EndMapChange) -> _Changes:
    return {"phase": Phase.MOVE_STEP, "map_moves_left": 0, "moved_tiles": _NO_TILES}


def _step(state: MorganState, seat: PlayerId, action: actions.Step) -> _Changes:
    tile = state.pawns[seat]
    assert tile is not None
    target = island_of(state).neighbour(tile, action.direction)
    assert target is not None
    coins = state.coins
    for other, pawn in enumerate(state.pawns):
        if pawn == target and other != seat:
            coins = replaced(replaced(coins, other, coins[other] + 1), seat, coins[seat] - 1)
    return {
        "pawns": replaced(state.pawns, seat, target),
        "coins": coins,
        "steps_left": state.steps_left - 1,
    }


def _end_move(state: MorganState, seat: PlayerId, action: actions.EndMove) -> _Changes:
    return {"phase": Phase.DIG_PLAY, "steps_left": 0}


def _play(state: MorganState, seat: PlayerId, action: actions.PlayMapCard) -> _Changes:
    card = action.card
    return {
        "hands": replaced(state.hands, seat, state.hands[seat] - {card}),
        "play_areas": replaced(state.play_areas, seat, state.play_areas[seat] | {card}),
        "hidden_groups": _reveal(state.hidden_groups, card),
        "cards_played": state.cards_played + 1,
    }


def _stop_playing(state: MorganState, seat: PlayerId, action: actions.StopPlaying) -> _Changes:
    digs = state.cards_played >= 1 or (state.variant.shovel_without_play and state.shovels >= 1)
    return {"phase": Phase.DIG_TAKE if digs else Phase.DRAW_DISCARD}


def _use_bonus(state: MorganState, seat: PlayerId, action: _Bonus) -> _Changes:
    """Discard the named card(s) from the play area and apply the bonus."""
    if isinstance(action, actions.UseBonus):
        used: tuple[MapCardId, ...] = (action.card,)
        bonus = _SYMBOL[action.card]
    else:
        used = (action.first, action.second)
        bonus = action.bonus
    changes: _Changes = {
        "play_areas": replaced(state.play_areas, seat, state.play_areas[seat].difference(used)),
        "map_discard": state.map_discard + used,
    }
    if bonus is Symbol.DOUBLOONS:
        changes["coins"] = replaced(state.coins, seat, state.coins[seat] + 2)
    elif bonus is Symbol.MAP:
        changes["map_moves_left"] = state.map_moves_left + 1
    elif bonus is Symbol.BOOTS:
        changes["steps_left"] = state.steps_left + BOOTS_STEPS
    else:
        changes["shovels"] = state.shovels + 1
    return changes


def _take(state: MorganState, seat: PlayerId, action: actions.TakeTreasure) -> _Changes:
    level = action.level
    board = state.treasure_board
    taken = board[level - 1]
    deck = state.treasure_deck
    board = _sorted_board((*board[: level - 1], *board[level:], *deck[:1]))
    deck = deck[1:]
    changes: _Changes = {
        "coins": replaced(state.coins, seat, state.coins[seat] + LEVEL_DOUBLOONS[level - 1]),
        "treasures": replaced(state.treasures, seat, (*state.treasures[seat], taken)),
        "treasure_board": board,
        "treasure_deck": deck,
        "phase": Phase.DRAW_DISCARD,
    }
    if not deck:  # "The game ends immediately when all cards ... have been placed"
        changes["phase"] = Phase.GAME_OVER
        changes["to_move"] = None
    return changes


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


def _refill(
    state: MorganState,
    seat: PlayerId,
    hand: frozenset[MapCardId],
    discard: tuple[MapCardId, ...],
    groups: tuple[frozenset[MapCardId], ...],
) -> _Changes:
    """Draw ``hand`` up to 4 cards, shuffling ``discard`` into a new deck when the deck is out."""
    changes: _Changes = {"map_discard": discard, "hidden_groups": groups}
    missing = HAND_SIZE - len(hand)
    deck = state.map_deck
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
    if drawn:
        hand = hand.union(drawn)
        changes.update(map_deck=deck, map_discard=discard, hidden_groups=groups, rng=rng)
    if hand is not state.hands[seat]:
        changes["hands"] = replaced(state.hands, seat, hand)
    return changes


def _end_turn(state: MorganState) -> _Changes:
    """The changes that end the turn of the player to move (``state`` is before the draw)."""
    seat = state.to_move
    assert seat is not None
    if state.turn_number >= state.variant.max_turns:
        return {
            "phase": Phase.GAME_OVER,
            "to_move": None,
            "map_moves_left": 0,
            "moved_tiles": _NO_TILES,
            "steps_left": 0,
            "cards_played": 0,
            "shovels": 0,
        }
    return _start_turn((seat + 1) % state.players, state.turn_number + 1)


def _discard(state: MorganState, seat: PlayerId, action: actions.DiscardFromHand) -> _Changes:
    card = action.card
    changes = _refill(
        state,
        seat,
        state.hands[seat] - {card},
        (*state.map_discard, card),
        _reveal(state.hidden_groups, card),
    )
    changes.update(_end_turn(state))
    return changes


def _keep_hand(state: MorganState, seat: PlayerId, action: actions.KeepHand) -> _Changes:
    changes = _refill(state, seat, state.hands[seat], state.map_discard, state.hidden_groups)
    changes.update(_end_turn(state))
    return changes


_Transition: TypeAlias = Callable[[MorganState, PlayerId, Any], _Changes]
_ActionT = TypeVar("_ActionT", bound=Action)


def _transition(
    cls: type[_ActionT], change: Callable[[MorganState, PlayerId, _ActionT], _Changes]
) -> tuple[type, _Transition]:
    """Pair an action class with the changes its actions make (``change`` takes a ``cls``)."""
    return cls, change


_TRANSITIONS: Final[dict[type, _Transition]] = dict(
    (
        _transition(actions.PlacePawn, _place_pawn),
        _transition(actions.SelectTile, _select_tile),
        _transition(actions.ChooseCell, _choose_cell),
        _transition(actions.ChooseRotation, _move_tile),
        _transition(actions.EndMapChange, _end_map_change),
        _transition(actions.Step, _step),
        _transition(actions.EndMove, _end_move),
        _transition(actions.PlayMapCard, _play),
        _transition(actions.StopPlaying, _stop_playing),
        _transition(actions.TakeTreasure, _take),
        _transition(actions.DiscardFromHand, _discard),
        _transition(actions.KeepHand, _keep_hand),
        _transition(actions.UseBonus, _use_bonus),
        _transition(actions.UsePair, _use_bonus),
    )
)
"""The transition of each action class, looked up by the action's exact class: so each
function is given only actions of the class it is paired with, as its type says."""


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


def _is_id(value: object, count: int) -> bool:
    return type(value) is int and 0 <= value < count


def check_action(action: object) -> None:
    """Check a loaded action's kind and its fields' types and ranges (legality needs a state).

    Raises:
        InvalidStateError: ``action`` is not a Morgan's Magic Map action, names a tile,
            rotation, level or map card that does not exist or a pair that is none, or has
            a field of another type (a corner, direction or bonus that is no member of its
            enum, a cell of other values than ints).
    """
    if not isinstance(action, _ACTION_CLASSES):
        raise InvalidStateError(f"{guards.shown(action)} is not a Morgan's Magic Map action")
    cards = _CARD_COUNT
    if isinstance(action, actions.PlacePawn) and type(action.corner) is not Corner:
        raise InvalidStateError(f"corner {guards.shown(action.corner)} is not a Corner")
    if isinstance(action, actions.ChooseCell) and not (
        type(action.x) is int and type(action.y) is int
    ):
        raise InvalidStateError(
            f"cell ({guards.shown(action.x)}, {guards.shown(action.y)}) is not two ints"
        )
    if isinstance(action, actions.Step) and type(action.direction) is not Direction:
        raise InvalidStateError(f"direction {guards.shown(action.direction)} is not a Direction")
    if isinstance(action, actions.SelectTile) and not _is_id(action.tile, _TILE_COUNT):
        raise InvalidStateError(
            f"tile {guards.shown(action.tile)} is not a tile id (0 to {_TILE_COUNT - 1})"
        )
    if isinstance(action, actions.ChooseRotation) and not _is_id(action.rotation, 4):
        raise InvalidStateError(f"rotation {guards.shown(action.rotation)} is not 0 to 3")
    if isinstance(action, actions.TakeTreasure) and not (
        type(action.level) is int and 1 <= action.level <= BOARD_LEVELS
    ):
        raise InvalidStateError(f"level {guards.shown(action.level)} is not 1 to {BOARD_LEVELS}")
    if isinstance(
        action, actions.PlayMapCard | actions.DiscardFromHand | actions.UseBonus
    ) and not _is_id(action.card, cards):
        raise InvalidStateError(
            f"card {guards.shown(action.card)} is not a map card id (0 to {cards - 1})"
        )
    if isinstance(action, actions.UsePair):
        if not (_is_id(action.first, cards) and _is_id(action.second, cards)):
            raise InvalidStateError("a pair must name two map card ids (0 to 71)")
        if action.first >= action.second:
            raise InvalidStateError("a pair names its lower card id first")
        if _SYMBOL[action.first] is not _SYMBOL[action.second]:
            raise InvalidStateError("the two cards of a pair must show the same symbol")
        if type(action.bonus) is not Symbol:
            raise InvalidStateError(f"bonus {guards.shown(action.bonus)} is not a Symbol")


def check_state(state: MorganState) -> None:
    """Check every invariant of a state (used on untrusted input).

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    # The checks read the rules, so they are imported when first used.
    from boardgames.games.morgans_magic_map import _invariants

    _invariants.check_state(state)

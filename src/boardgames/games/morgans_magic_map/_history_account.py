"""What the public history says of a state: an account kept entry by entry.

Every action is public and recorded, forced ones included, so the history fixes much of a
state without its seed: whose turn it is and in which decision, the counters of the turn
(tile moves, steps, cards played, shovels), where each face-up map card lies (each play
area, the discard pile in order), how many cards each hand holds from each hidden group
(public knowledge, see :mod:`~boardgames.games.morgans_magic_map.observation`), the
deck's size, the treasures each seat took, the doubloons in play (payments only move them
between seats), the corners chosen and the rotation of each tile moved.
:func:`check_history_agrees` reads the entries one by one, refusing an entry the rules
could not have recorded at that point, and compares the result with the state.

It is no replay: the map, the pawns after the setup, the order of the decks and the
treasures drawn are not rebuilt, so an entry costs a few operations whatever the length
of the game.

A history with an :attr:`~boardgames.History.origin` (a game set up part-way through,
from a :class:`~boardgames.games.morgans_magic_map.position.MorganPosition`) is read from
the public table the origin describes instead of the deal: its decision, turn and
counters, the doubloons, the corners of the pawns placed, the treasures taken, the play
areas, the discard pile and the hidden groups with each hand's share of them.
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any, Final, TypeAlias

import attrs

from boardgames.core.errors import ConfigurationError, InvalidStateError
from boardgames.core.guards import shown
from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.games.morgans_magic_map import _interned, actions
from boardgames.games.morgans_magic_map.actions import Action, notation
from boardgames.games.morgans_magic_map.components import (
    BOARD_LEVELS,
    CORNERS,
    LEVEL_DOUBLOONS,
    MAP_CARDS,
    TILES,
    TREASURE_CARDS,
    Cell,
    MapCardId,
    Rotation,
    Symbol,
    TileId,
)
from boardgames.games.morgans_magic_map.state import MorganState, Phase, Variant

__all__ = ["cell_reach", "check_history_agrees"]

_HAND_SIZE: Final = 4
_STEPS: Final = 2
_BOOTS_STEPS: Final = 2
_STARTING_DOUBLOONS: Final = 2
_CARD_COUNT: Final = len(MAP_CARDS)
_TILE_COUNT: Final = len(TILES)
_TAKES: Final = len(TREASURE_CARDS) - BOARD_LEVELS
"""Treasures taken in a whole game: the game ends when the 24th take empties the deck."""
_SYMBOL: Final = tuple(card.symbol for card in MAP_CARDS)
_BONUS_PHASES: Final = frozenset(
    {Phase.MAP_SELECT_TILE, Phase.MOVE_STEP, Phase.DIG_PLAY, Phase.DIG_TAKE, Phase.DRAW_DISCARD}
)


def cell_reach(variant: Variant) -> int:
    """Return the largest ``x`` or ``y`` a ``ChooseCell`` can name (the smallest is -1).

    A connected map of 20 tiles spans at most 19 in ``x + y`` (normalized: smallest ``x``
    and ``y`` 0), so a cell next to it is at most 20. With ``connectivity_at_end_of_action``
    (E5) a split map spans at most 19 plus the moves made since it was last connected (each
    puts a tile next to the map); while it is split an unmoved tile without a pawn must be
    left to rejoin it, so at most 18 tiles have moved: 37, and a cell next to it 38 (the
    bounds of :mod:`~boardgames.games.morgans_magic_map.encoding`).
    """
    return 2 * _TILE_COUNT - 2 if variant.connectivity_at_end_of_action else _TILE_COUNT


_FACE_UP: Final = -1
"""``group_of`` of a card that is not hidden (in a play area or the discard pile)."""


# The kinds of entry, as the account reads them (the commonest first).
_STEP: Final = 0
_END_MAP: Final = 1
_END_MOVE: Final = 2
_STOP: Final = 3
_SELECT: Final = 4
_CELL: Final = 5
_ROTATE: Final = 6
_DISCARD: Final = 7
_KEEP: Final = 8
_PLAY: Final = 9
_TAKE: Final = 10
_BONUS: Final = 11
_PLACE: Final = 12

_Operation: TypeAlias = tuple[int, int, int]
"""An action as the account reads it: its kind and up to two numbers (see ``_operation``)."""

_OPERATIONS: Final[dict[int, _Operation]] = {}
"""The operation of each of the engine's own actions (see ``_interned``), by the action's
id: they live as long as the module, so an id is never reused."""


def _operation(action: Action) -> _Operation:
    """Return ``action``'s kind and numbers: the tile, cell, rotation, card or level.

    A bonus keeps its bonus symbol and the number of cards it pays with (its cards are read
    from the action, rarely); a pawn placement keeps its corner.
    """
    match action:
        case actions.Step():
            operation = (_STEP, 0, 0)
        case actions.EndMapChange():
            operation = (_END_MAP, 0, 0)
        case actions.EndMove():
            operation = (_END_MOVE, 0, 0)
        case actions.StopPlaying():
            operation = (_STOP, 0, 0)
        case actions.SelectTile(tile=tile):
            operation = (_SELECT, tile, 0)
        case actions.ChooseCell(x=x, y=y):
            operation = (_CELL, x, y)
        case actions.ChooseRotation(rotation=rotation):
            operation = (_ROTATE, rotation, 0)
        case actions.DiscardFromHand(card=card):
            operation = (_DISCARD, card, 0)
        case actions.KeepHand():
            operation = (_KEEP, 0, 0)
        case actions.PlayMapCard(card=card):
            operation = (_PLAY, card, 0)
        case actions.TakeTreasure(level=level):
            operation = (_TAKE, level, 0)
        case actions.UseBonus(card=card):
            operation = (_BONUS, int(_SYMBOL[card]), 1)
        case actions.UsePair(bonus=bonus):
            operation = (_BONUS, int(bonus), 2)
        case actions.PlacePawn(corner=corner):
            operation = (_PLACE, int(corner), 0)
    if _interned.is_known(action):
        _OPERATIONS[id(action)] = operation
    return operation


def _paid(action: Action) -> tuple[MapCardId, ...]:
    """The cards a bonus action pays with."""
    if isinstance(action, actions.UseBonus):
        return (action.card,)
    if isinstance(action, actions.UsePair):
        return (action.first, action.second)
    return ()  # pragma: no cover - only bonus actions are asked


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def _refuse(index: int, seat: PlayerId, action: Action, why: str) -> InvalidStateError:
    return _fail(
        f"history entry {index} ({seat}{notation(action)}: {action}) cannot come there: {why}"
    )


def _in_decision(phase: Phase, turn: int) -> str:
    where = f"turn {turn}" if turn else "the setup"
    return f"{where} is in the {phase.name} decision"


def _bonus_effects(phase: Phase, depth: int, variant: Variant) -> tuple[Symbol, ...]:
    """The bonuses open in a decision (as ``rules._bonus_effects`` offers them)."""
    if phase is Phase.MAP_SELECT_TILE:
        return (Symbol.MAP, Symbol.DOUBLOONS)
    if phase is Phase.MOVE_STEP:
        return (Symbol.BOOTS, Symbol.DOUBLOONS)
    digging = phase is Phase.DIG_TAKE or (phase is Phase.DIG_PLAY and variant.shovel_without_play)
    if digging and depth < BOARD_LEVELS:
        return (Symbol.SHOVEL, Symbol.DOUBLOONS)
    return (Symbol.DOUBLOONS,)


class _Cards:
    """Where the map cards are, as far as everyone knows.

    Face up (each play area, the discard pile in order) or hidden in a group (see
    ``MorganState.hidden_groups``), with how many cards of each group each hand holds and
    the size of the deck.
    """

    __slots__ = ("areas", "deck", "discard", "group_of", "groups", "held")

    def __init__(self, players: int) -> None:
        self.groups: list[set[MapCardId]] = [set(range(_CARD_COUNT))]
        self.group_of = [0] * _CARD_COUNT
        self.held = [[_HAND_SIZE] for _ in range(players)]
        self.deck = _CARD_COUNT - _HAND_SIZE * players
        self.discard: list[MapCardId] = []
        self.areas: list[set[MapCardId]] = [set() for _ in range(players)]

    @classmethod
    def at(cls, start: _Start) -> _Cards:
        """The cards as the public table ``start`` shows them (a history's origin)."""
        cards = cls(len(start.held))
        cards.groups = [set(group) for group in start.groups]
        cards.group_of = [_FACE_UP] * _CARD_COUNT
        for index, group in enumerate(start.groups):
            for card in group:
                cards.group_of[card] = index
        cards.held = [list(counts) for counts in start.held]
        held_last = sum(counts[-1] for counts in start.held) if start.groups else 0
        cards.deck = len(start.groups[-1]) - held_last if start.groups else 0
        cards.discard = list(start.discard)
        cards.areas = [set(area) for area in start.areas]
        return cards

    def reveal(self, seat: PlayerId, card: MapCardId) -> str | None:
        """``seat`` shows ``card`` from his hand; return why he cannot, if so."""
        group = self.group_of[card]
        if group == _FACE_UP:
            return "that card lies face up, in no hand"
        held = self.held[seat]
        if not held[group]:
            return f"seat {seat} holds no hidden card of the shuffle it belongs to"
        held[group] -= 1
        self.groups[group].discard(card)
        self.group_of[card] = _FACE_UP
        return None

    def pay(self, seat: PlayerId, cards: tuple[MapCardId, ...], exact: bool) -> str | None:
        """``seat`` discards ``cards`` from his play area; return why he cannot, if so."""
        area = self.areas[seat]
        if not area.issuperset(cards):
            return f"seat {seat}'s play area lacks the card"
        if not exact:  # A-MMM-13: the engine pays with the lowest ids of the symbol
            symbol = _SYMBOL[cards[0]]
            lowest = sorted(card for card in area if _SYMBOL[card] is symbol)
            if tuple(lowest[: len(cards)]) != cards:
                return "the engine pays with the lowest-id cards of the symbol (A-MMM-13)"
        area.difference_update(cards)
        self.discard.extend(cards)
        return None

    def refill(self, seat: PlayerId) -> None:
        """Refill ``seat``'s hand to 4, shuffling the discard pile into a new deck if needed."""
        held = self.held[seat]
        missing = _HAND_SIZE - sum(held)
        while missing > 0:
            if not self.deck:
                if not self.discard:
                    return  # A-MMM-24: nothing left to draw
                group = len(self.groups)
                self.groups.append(set(self.discard))
                for card in self.discard:
                    self.group_of[card] = group
                for counts in self.held:
                    counts.append(0)
                self.deck = len(self.discard)
                self.discard = []
            self.deck -= 1
            held[-1] += 1  # the deck holds cards of the last shuffle only
            missing -= 1

    def check(self, state: MorganState) -> None:
        """Compare with the state's play areas, discard pile, deck and hidden cards."""
        for seat, area in enumerate(self.areas):
            if state.play_areas[seat] != area:
                raise _fail(
                    f"seat {seat}'s play area holds {sorted(state.play_areas[seat])}, but the "
                    f"history leaves {sorted(area)} there"
                )
        if list(state.map_discard) != self.discard:
            raise _fail("the map card discard pile is not the one the history leaves")
        if len(state.map_deck) != self.deck:
            raise _fail(
                f"the map card deck holds {len(state.map_deck)} cards, but the history leaves "
                f"{self.deck}"
            )
        kept = [index for index, group in enumerate(self.groups) if group]
        if state.hidden_groups != tuple(frozenset(self.groups[index]) for index in kept):
            raise _fail("the hidden-card groups are not the ones the history leaves")
        for seat, hand in enumerate(state.hands):
            counts = self.held[seat]
            for place, index in enumerate(kept):
                found = len(hand & state.hidden_groups[place])
                if found != counts[index]:
                    raise _fail(
                        f"seat {seat}'s hand holds {found} cards of hidden group {place}, but "
                        f"the history says {counts[index]}"
                    )


def _check_coins(state: MorganState, purses: list[int], gains: list[int], steps: list[int]) -> None:
    """The doubloons: their sum exactly, each seat's within what its steps can move.

    A seat starts with 2 doubloons and what the corners cost or earned it (``purses``),
    takes ``gains`` from the bank (2 per doubloons bonus, the doubloons of the levels it took
    from; the bank never runs out, A-MMM-17), and pays or is paid the rest: 1 doubloon to
    each other pawn on a tile it steps onto, so at most ``players - 1`` per step of its own,
    and at most 1 per step of another seat.
    """
    total = sum(purses) + sum(gains)
    if sum(state.coins) != total:
        raise _fail(
            f"the doubloons add up to {shown(sum(state.coins))}, but the history accounts for "
            f"{total} (2 per seat, 2 per doubloons bonus, the doubloons of the levels)"
        )
    others = state.players - 1
    all_steps = sum(steps)
    for seat, coins in enumerate(state.coins):
        own = purses[seat] + gains[seat]
        low, high = own - others * steps[seat], own + all_steps - steps[seat]
        if not low <= coins <= high:
            raise _fail(
                f"seat {seat} holds {shown(coins)} doubloons, but its history allows "
                f"{max(low, 0)} to {high}: {own} from the bank and the corners, and at most 1 "
                "doubloon per other pawn paid or received per step"
            )


@attrs.frozen
class _Start:
    """The public table a history with an origin starts from (see :func:`_origin`)."""

    phase: Phase
    to_move: PlayerId | None
    turn: int
    map_moves_left: int
    moved_tiles: frozenset[TileId]
    selected_tile: TileId | None
    selected_cell: Cell | None
    steps_left: int
    cards_played: int
    shovels: int
    coins: tuple[int, ...]
    corners: tuple[int | None, ...]
    taken: tuple[int, ...]
    groups: tuple[frozenset[MapCardId], ...]
    held: tuple[tuple[int, ...], ...]
    discard: tuple[MapCardId, ...]
    areas: tuple[frozenset[MapCardId], ...]


@functools.lru_cache(maxsize=64)
def _origin(text: str, players: int, variant: Variant) -> _Start:
    """Read a history's origin: the public table its first entry was taken in.

    Raises:
        InvalidStateError: The origin is not a position of this configuration.
    """
    from boardgames.games.morgans_magic_map.position import MorganPosition

    try:
        position = MorganPosition.parse(text)
    except ConfigurationError as error:
        raise _fail(f"the history's origin is not a position: {error}") from None
    if position.players != players or position.variant != variant:
        raise _fail(
            f"the history's origin is a position of {position.players} players with "
            f"{position.variant!r}, not of this game"
        )
    corners: list[int | None] = [None] * players
    if position.tiles is not None:
        at = {(x, y): tile for tile, (x, y, _) in enumerate(position.tiles)}
        corner_of = {at.get(cell): corner for corner, cell in enumerate(CORNERS)}
        corners = [corner_of.get(seat.pawn) for seat in position.seats]
    return _Start(
        phase=position.phase,
        to_move=position.to_move,
        turn=position.turn,
        map_moves_left=position.map_moves_left,
        moved_tiles=position.moved_tiles,
        selected_tile=position.selected_tile,
        selected_cell=position.selected_cell,
        steps_left=position.steps_left,
        cards_played=position.cards_played,
        shovels=position.shovels,
        coins=tuple(seat.coins for seat in position.seats),
        corners=tuple(corners),
        taken=tuple(len(seat.treasures) for seat in position.seats),
        groups=position.hidden_groups(),
        held=tuple(position.hand_counts(seat) for seat in range(players)),
        discard=position.discard,
        areas=tuple(seat.played for seat in position.seats),
    )


@attrs.frozen
class _Told:
    """What a history says of the state it leads to (read once, never changed after)."""

    phase: Phase
    to_move: PlayerId | None
    turn: int
    counters: dict[str, object]
    rotations: dict[TileId, Rotation]
    purses: list[int]
    gains: list[int]
    steps: list[int]
    corners: list[int | None]
    taken: list[int]
    cards: _Cards

    def check(self, state: MorganState) -> None:
        """Compare with ``state``, whose fields are known to be well formed."""
        told = (self.phase, self.to_move, self.turn)
        if told != (state.phase, state.to_move, state.turn_number):
            raise _fail(
                f"the history leads to {self.phase.name} in turn {self.turn} with seat "
                f"{self.to_move} to move, but the state is in {state.phase.name} in turn "
                f"{state.turn_number} with seat {state.to_move} to move"
            )
        for name, value in self.counters.items():
            found = getattr(state, name)
            if found != value:
                raise _fail(
                    f"{name} is {shown(found)}, but the history of the turn gives {value!r}"
                )
        for tile, rotation in self.rotations.items():
            if state.tiles[tile][2] != rotation:
                raise _fail(
                    f"tile {tile} lies in rotation {state.tiles[tile][2]}, but it was last "
                    f"moved in rotation {rotation}"
                )
        _check_coins(state, self.purses, self.gains, self.steps)
        if state.phase is Phase.PLACE_PAWN:
            at = {(x, y): tile for tile, (x, y, _) in enumerate(state.tiles)}
            pawns = tuple(
                None if corner is None else at[CORNERS[corner]] for corner in self.corners
            )
            if state.pawns != pawns:
                raise _fail(f"the pawns are on {state.pawns}, but the corners chosen give {pawns}")
        self.cards.check(state)
        for seat, count in enumerate(self.taken):
            if len(state.treasures[seat]) != count:
                raise _fail(
                    f"seat {seat} holds {len(state.treasures[seat])} treasures, but the "
                    f"history shows {count} taken"
                )


_Key: TypeAlias = tuple[int, int, PlayerId, Variant]
_RECENT: Final[dict[_Key, tuple[History[Any], _Told]]] = {}
"""The last histories read, by identity (with the game's seats, start player and options):
the kit and ``loads`` check several states that share one history object (an observation
and the states sampled from it). The history is kept with its reading, so its id is not
reused while the entry lives; a history never changes."""
_RECENT_SIZE: Final = 16


def check_history_agrees(state: MorganState) -> None:
    """Check that the state's history leads to its public fields (see the module docstring).

    The entries are read in one pass, each in a few operations (the reading of the last
    few history objects is kept). The history's entries must be well formed already (seats
    that exist, actions whose fields are in range), and so must the state's fields.

    Raises:
        InvalidStateError: An entry is not possible where it stands, or the state differs
            from what the history says.
    """
    history = state.history
    key = (id(history), state.players, state.start_player, state.variant)
    recent = _RECENT.get(key)
    if recent is not None and recent[0] is history:
        told = recent[1]
    else:
        told = _read(history, state.players, state.start_player, state.variant)
        if len(_RECENT) >= _RECENT_SIZE:
            with contextlib.suppress(KeyError, RuntimeError, StopIteration):  # a thread's race
                del _RECENT[next(iter(_RECENT))]  # the oldest
        _RECENT[key] = (history, told)
    told.check(state)


def _read(
    history: History[tuple[PlayerId, Action]], players: int, start: PlayerId, variant: Variant
) -> _Told:
    """Read a history entry by entry, refusing the first entry the rules could not record."""
    last_turn = variant.max_turns
    exact = variant.exact_bonus_cards
    gains = [0] * players  # doubloons from the bank: bonuses and the levels' doubloons
    steps = [0] * players  # each step pays or is paid at most 1 doubloon per other pawn
    rotations: dict[TileId, Rotation] = {}
    to_move: PlayerId | None
    selected_tile: TileId | None
    selected_cell: Cell | None
    if history.origin is None:
        cards = _Cards(players)
        phase = Phase.PLACE_PAWN
        to_move = (start - 1) % players
        turn = 0
        corners: list[int | None] = [None] * players
        purses = [_STARTING_DOUBLOONS] * players
        moves_left = steps_left = cards_played = shovels = takes = 0
        moved: set[TileId] = set()
        selected_tile = None
        selected_cell = None
        taken = [0] * players
    else:
        origin = _origin(history.origin, players, variant)
        cards = _Cards.at(origin)
        phase, to_move, turn = origin.phase, origin.to_move, origin.turn
        corners = list(origin.corners)
        purses = list(origin.coins)
        moves_left, steps_left = origin.map_moves_left, origin.steps_left
        cards_played, shovels = origin.cards_played, origin.shovels
        moved = set(origin.moved_tiles)
        selected_tile, selected_cell = origin.selected_tile, origin.selected_cell
        taken = list(origin.taken)
        takes = sum(taken)
    known = _OPERATIONS.get
    reach = cell_reach(variant)
    # The decisions, as local names: the loop below runs once per entry.
    move_step, dig_play, dig_take = Phase.MOVE_STEP, Phase.DIG_PLAY, Phase.DIG_TAKE
    select_tile, select_cell = Phase.MAP_SELECT_TILE, Phase.MAP_SELECT_CELL
    select_rotation, draw_discard = Phase.MAP_SELECT_ROTATION, Phase.DRAW_DISCARD
    for index, (seat, action) in enumerate(history):
        if seat != to_move:
            why = "the game was over" if to_move is None else f"seat {to_move} was to move"
            raise _refuse(index, seat, action, why)
        kind, first, second = known(id(action)) or _operation(action)
        problem: str | None = None
        if kind == _STEP:
            if phase is not move_step or steps_left < 1:
                problem = _in_decision(phase, turn) + f" with {steps_left} steps left"
            steps_left -= 1
            steps[seat] += 1
        elif kind == _END_MAP:
            if phase is not select_tile:
                problem = _in_decision(phase, turn)
            phase = move_step
            moves_left = 0
            moved = set()
        elif kind == _END_MOVE:
            if phase is not move_step:
                problem = _in_decision(phase, turn)
            phase = dig_play
            steps_left = 0
        elif kind == _STOP:
            if phase is not dig_play:
                problem = _in_decision(phase, turn)
            digs = cards_played >= 1 or (variant.shovel_without_play and shovels >= 1)
            phase = dig_take if digs else draw_discard
        elif kind == _SELECT:
            if phase is not select_tile or moves_left < 1:
                problem = _in_decision(phase, turn) + f" with {moves_left} tile moves left"
            elif first in moved:
                problem = "that tile was moved already in this map change (E10)"
            phase = select_cell
            selected_tile = first
        elif kind == _CELL:
            if phase is not select_cell:
                problem = _in_decision(phase, turn)
            elif not (-1 <= first <= reach and -1 <= second <= reach):
                problem = f"a cell next to the map has x and y from -1 to {reach}"
            phase = select_rotation
            selected_cell = (first, second)
        elif kind == _ROTATE:
            if phase is not select_rotation or selected_tile is None:
                problem = _in_decision(phase, turn)
            else:
                moved.add(selected_tile)
                rotations[selected_tile] = first
            phase = select_tile
            moves_left -= 1
            selected_tile = selected_cell = None
        elif kind in (_DISCARD, _KEEP):
            if phase is not draw_discard:
                problem = _in_decision(phase, turn)
            elif kind == _DISCARD:
                problem = cards.reveal(seat, first)
                cards.discard.append(first)
            cards.refill(seat)
            if turn >= last_turn:
                phase = Phase.GAME_OVER
                to_move = None
                steps_left = cards_played = shovels = 0
            else:
                phase = select_tile
                to_move = (seat + 1) % players
                turn += 1
                moves_left = 1
                steps_left = _STEPS
                cards_played = shovels = 0
        elif kind == _PLAY:
            if phase is not dig_play:
                problem = _in_decision(phase, turn)
            else:
                problem = cards.reveal(seat, first)
                cards.areas[seat].add(first)
            cards_played += 1
        elif kind == _TAKE:
            depth = min(cards_played + shovels, BOARD_LEVELS)
            if phase is not dig_take:
                problem = _in_decision(phase, turn)
            elif first > depth:
                problem = f"the dig reached level {depth} only"
            taken[seat] += 1
            takes += 1
            gains[seat] += LEVEL_DOUBLOONS[first - 1]
            if takes == _TAKES:  # the refill emptied the treasure deck
                phase = Phase.GAME_OVER
                to_move = None
            else:
                phase = draw_discard
        elif kind == _BONUS:
            bonus = Symbol(first)
            depth = min(cards_played + shovels, BOARD_LEVELS)
            if phase not in _BONUS_PHASES:
                problem = f"no bonus is used in the {phase.name} decision"
            elif bonus not in _bonus_effects(phase, depth, variant):
                problem = f"the {bonus} bonus is not open in the {phase.name} decision"
            else:
                problem = cards.pay(seat, _paid(action), exact)
            if bonus is Symbol.DOUBLOONS:
                gains[seat] += 2
            elif bonus is Symbol.MAP:
                moves_left += 1
            elif bonus is Symbol.BOOTS:
                steps_left += _BOOTS_STEPS
            else:
                shovels += 1
        else:  # a pawn placed on corner ``first``
            owners = [other for other, chosen in enumerate(corners) if chosen == first]
            if phase is not Phase.PLACE_PAWN:
                problem = _in_decision(phase, turn)
            elif len(owners) > purses[seat]:  # E11: a corner is offered if paid for
                problem = "the pawn cannot pay 1 doubloon to each pawn on that corner"
            for other in owners:
                purses[other] += 1
                purses[seat] -= 1
            corners[seat] = first
            if seat == start:
                phase = select_tile
                turn = 1
                moves_left = 1
                steps_left = _STEPS
            else:
                to_move = (seat - 1) % players
        if problem is not None:
            raise _refuse(index, seat, action, problem)
    return _Told(
        phase=phase,
        to_move=to_move,
        turn=turn,
        counters={
            "map_moves_left": moves_left,
            "moved_tiles": frozenset(moved),
            "selected_tile": selected_tile,
            "selected_cell": selected_cell,
            "steps_left": steps_left,
            "cards_played": cards_played,
            "shovels": shovels,
        },
        rotations=rotations,
        purses=purses,
        gains=gains,
        steps=steps,
        corners=corners,
        taken=taken,
        cards=cards,
    )

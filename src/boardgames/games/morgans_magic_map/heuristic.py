"""A hand-written Morgan's Magic Map pirate, the game's ``heuristic`` bot, and a state value.

The bot reads only its observation and the legal actions. Its core is the *plan* of a
turn: for one island map (the real one, or the map after a hypothetical tile move) it
walks the pawn's reach (breadth first, at most the steps left, paying one doubloon per
other pawn on a tile it enters and never more than it has) and, at each cell of the reach,
looks at the map cards in hand whose condition the cell meets. The *dig value* of those
cards is the best treasure they reach (one level per card, deeper with the Shovel cards in
the play area and among them, each shovel used costing ``token_worth``), plus what the
played cards are then worth as bonus cards (a 2-doubloons card 2, any other
``token_worth``). A treasure is worth its value, its level's doubloons and the change in
the set-majority bonus as the treasures stand: the bot's own change, minus ``denial``
times the opponents' mean change (with ``hide_claimed_treasures``, a flat 6 / players
instead). The value of a cell is its dig value, less 1.5 per doubloon paid on the way and
``token_worth`` per Boots card its steps need; when no card is met there, it is instead a
small credit (``prospect_weight``) per card in hand whose reference point lies within two
steps of the right distance, so that an idle pirate waits where its cards are near.

Decision by decision, it then:

1. **places its pawn** on the corner with the best plan, less the doubloons it costs;
2. **cashes** a single 2-doubloons card at the first decision that allows it (2 doubloons
   now beat keeping it);
3. **changes the map**: it tries every tile it may pick up that is the reference point of
   a card in hand at every cell it may go to, and every other tile at the cells within
   two steps of its pawn (elsewhere such a move can only shrink the reach), each with the
   plan of the two normal steps; it picks up the tile of the best plan if that beats the
   plan without a move, puts it on the best cell (preferring cells that keep the map
   joined) with a random rotation, and otherwise ends the map change. With no move left
   it pays a Map bonus (a single card, or a pair) for another move when the best move
   gains more than the cards cost;
4. **moves the pirate** one step at a time towards the best cell of its reach (the nearest
   of equal ones), counting up to two single Boots cards of its play area (two more steps
   each), and pays a Boots card when the steps run out before the target;
5. **digs**: plays every card it can (each played card also becomes a bonus card), then
   digs deeper with a Shovel card (a pair only when worth two cards) while the next level
   gains more than the card costs, and takes the treasure worth most to it. On the take
   that ends the game the shovels cost nothing and pairs are first cashed as 2 doubloons.
   (With ``shovel_without_play`` and no card played, it digs with a single Shovel card
   when level I is worth more than the card);
6. **ends its turn**: when the game may end before its next turn (no more treasures left
   in the deck than opponents), it turns every pair in its play area into 2 doubloons;
   then it discards the card in hand with the worst prospect if that is below
   ``discard_below`` (1 when a cell of its reach meets the card now, 0.5 when the card's
   reference tile can be moved, 0 otherwise), so that hopeless cards are replaced.

Ties are broken with the bot's random generator, so the bot is deterministic given it. Any
decision not covered above (it should not occur) gets a random legal action.

:func:`heuristic_value` is the game's value of a full state for the greedy bot: the score,
the bonus cards in play areas, and the dig in reach of the seat to move.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Final, TypeAlias

from boardgames.core.errors import ConfigurationError
from boardgames.core.play import Bot
from boardgames.core.protocol import PlayerId
from boardgames.games.morgans_magic_map import actions, rules
from boardgames.games.morgans_magic_map.actions import Action
from boardgames.games.morgans_magic_map.components import (
    BOARD_LEVELS,
    CORNERS,
    DIRECTION_OFFSETS,
    LEVEL_DOUBLOONS,
    MAP_CARDS,
    TREASURE_CARDS,
    Cell,
    MapCardId,
    Symbol,
    TileId,
)
from boardgames.games.morgans_magic_map.geometry import IslandMap, analyse
from boardgames.games.morgans_magic_map.observation import MorganObservation
from boardgames.games.morgans_magic_map.state import MorganState, Phase

__all__ = ["MorganHeuristicBot", "heuristic_value"]

_SYMBOL: Final = tuple(card.symbol for card in MAP_CARDS)
_REFERENCE: Final = tuple(card.reference for card in MAP_CARDS)
_DISTANCE: Final = tuple(card.distance for card in MAP_CARDS)
_VALUE: Final = tuple(card.value for card in TREASURE_CARDS)
_SET: Final = tuple(int(card.set) for card in TREASURE_CARDS)
_SETS: Final = 6
_TOLL: Final = 1.5
"""What one doubloon paid to another pawn costs the bot (its own loss and his gain)."""
_NEAR: Final = 2
"""A card is *near* a cell when its reference point is within this many steps of the right
distance from the cell."""
_EPSILON: Final = 1e-9
_DOUBLOON_CARD: Final = 2.0
"""A 2-doubloons card in the play area is worth its 2 doubloons."""


def _check_weight(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigurationError(f"{name}={value!r} must be a number")
    number = float(value)
    if not math.isfinite(number) or number < 0:
        raise ConfigurationError(f"{name}={value!r} must be a finite number of 0 or more")
    return number


class MorganHeuristicBot(Bot[MorganObservation, Action]):
    """Plan each turn's tile move and walk for the deepest dig; play all; dig with shovels.

    See the module docstring for the plan and each decision, step by step.

    Args:
        token_worth: What a bonus card in the play area (other than a 2-doubloons card,
            worth its 2 doubloons) is worth, in doubloons: the price of spending one on
            a shovel, a Map or a Boots bonus, and what playing a card adds besides the dig.
        prospect_weight: The credit, per card in hand, for ending the move near the
            card's spot when no card is met (0 to turn it off).
        discard_below: Discard the card in hand with the worst prospect (1 playable now,
            0.5 its reference tile movable, 0 neither) when it is below this (0 never
            discards, more than 1 always does).
        denial: How much the opponents' mean gain in set-majority bonus counts against a
            treasure (0 ignores them).

    Raises:
        ConfigurationError: A parameter is not a finite number of 0 or more.

    >>> import boardgames
    >>> game = boardgames.make("morgans-magic-map", players=2, max_turns=40)
    >>> record = boardgames.play(game, [MorganHeuristicBot(), boardgames.RandomBot()], seed=3)
    >>> record.scores[0] > record.scores[1]
    True
    """

    def __init__(
        self,
        *,
        token_worth: float = 1.5,
        prospect_weight: float = 0.25,
        discard_below: float = 0.75,
        denial: float = 1.0,
    ) -> None:
        self.token_worth = _check_weight("token_worth", token_worth)
        self.prospect_weight = _check_weight("prospect_weight", prospect_weight)
        self.discard_below = _check_weight("discard_below", discard_below)
        self.denial = _check_weight("denial", denial)

    def __repr__(self) -> str:
        return (
            f"MorganHeuristicBot(token_worth={self.token_worth}, "
            f"prospect_weight={self.prospect_weight}, discard_below={self.discard_below}, "
            f"denial={self.denial})"
        )

    def choose(
        self,
        observation: MorganObservation,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """Return the action the plan of the turn calls for (see the module docstring)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        turn = _Turn(self, observation)
        phase = observation.phase
        if phase is Phase.PLACE_PAWN:
            return turn.place_pawn(legal_actions, rng)
        cash = _single_bonus(legal_actions, Symbol.DOUBLOONS)
        if cash is not None:
            return cash
        if phase is Phase.MAP_SELECT_TILE:
            return turn.select_tile(legal_actions, rng)
        if phase is Phase.MAP_SELECT_CELL:
            return turn.choose_cell(legal_actions, rng)
        if phase is Phase.MOVE_STEP:
            return turn.step(legal_actions, rng)
        if phase is Phase.DIG_PLAY:
            return turn.play(legal_actions)
        if phase is Phase.DIG_TAKE:
            return turn.take(legal_actions, rng)
        if phase is Phase.DRAW_DISCARD:
            return turn.discard(legal_actions, rng)
        # MAP_SELECT_ROTATION: the rotation changes no distance; any will do.
        return legal_actions[rng.randrange(len(legal_actions))]


def _single_bonus(legal: Iterable[Action], symbol: Symbol) -> actions.UseBonus | None:
    """The first legal ``UseBonus`` of a card showing ``symbol``, if any."""
    for action in legal:
        if isinstance(action, actions.UseBonus) and _SYMBOL[action.card] is symbol:
            return action
    return None


def _pair_bonus(legal: Iterable[Action], symbol: Symbol) -> actions.UsePair | None:
    """The first legal ``UsePair`` that buys ``symbol``, if any."""
    for action in legal:
        if isinstance(action, actions.UsePair) and action.bonus is symbol:
            return action
    return None


def _pick(candidates: Sequence[Action], rng: random.Random) -> Action:
    return candidates[0] if len(candidates) == 1 else candidates[rng.randrange(len(candidates))]


def _best(scored: Iterable[tuple[float, Action]], rng: random.Random) -> tuple[float, Action]:
    """The highest-scored action, ties broken with ``rng`` (``scored`` must not be empty)."""
    best_value = -math.inf
    best: list[Action] = []
    for value, action in scored:
        if value > best_value + _EPSILON:
            best_value, best = value, [action]
        elif value >= best_value - _EPSILON:
            best.append(action)
    return best_value, _pick(best, rng)


_Reach: TypeAlias = dict[Cell, tuple[int, int, int]]
"""For each reachable cell: (steps, doubloons paid, direction of the first step or -1)."""


def _reach(
    at: dict[Cell, TileId], start: Cell, budget: int, tolls: dict[Cell, int], coins: int
) -> _Reach:
    """The cells a pawn at ``start`` can reach in ``budget`` steps (breadth first)."""
    seen: _Reach = {start: (0, 0, -1)}
    frontier = [start]
    for steps in range(1, budget + 1):
        following = []
        for cell in frontier:
            _, paid, first = seen[cell]
            x, y = cell
            for direction, (dx, dy) in enumerate(DIRECTION_OFFSETS):
                target = (x + dx, y + dy)
                if target in seen or target not in at:
                    continue
                cost = paid + tolls.get(target, 0)
                if cost > coins:
                    continue
                seen[target] = (steps, cost, direction if first < 0 else first)
                following.append(target)
        if not following:
            break
        frontier = following
    return seen


class _Turn:
    """What the bot works out from one observation: the map, its cards, the treasure worths."""

    def __init__(self, bot: MorganHeuristicBot, observation: MorganObservation) -> None:
        self.bot = bot
        self.observation = observation
        me = observation.player
        self.me = me
        self.token = bot.token_worth
        tiles = observation.tiles
        self.tiles = tiles
        self.cells: list[Cell] = [(x, y) for x, y, _ in tiles]
        self.at: dict[Cell, TileId] = {cell: tile for tile, cell in enumerate(self.cells)}
        tolls: dict[Cell, int] = {}
        for seat, pawn in enumerate(observation.pawns):
            if pawn is not None and seat != me:
                cell = self.cells[pawn]
                tolls[cell] = tolls.get(cell, 0) + 1
        self.tolls = tolls
        pawn = observation.pawns[me]
        self.pawn: Cell | None = None if pawn is None else self.cells[pawn]
        self.coins = observation.coins[me]
        self.hand = sorted(observation.hand)
        area = observation.play_areas[me]
        self.area_symbols = [0, 0, 0, 0]
        for card in area:
            self.area_symbols[_SYMBOL[card]] += 1
        self._fixed: dict[tuple[TileId | None, Cell], tuple[int, int]] = {}
        self._island: IslandMap | None = None

    @cached_property
    def _cards(self) -> list[tuple[int, Cell, int, TileId]]:
        """Each card in hand: its bit, its reference point's cell, distance and tile."""
        return [
            (1 << index, self.cells[_REFERENCE[card]], _DISTANCE[card], _REFERENCE[card])
            for index, card in enumerate(self.hand)
        ]

    @cached_property
    def _moving(self) -> dict[TileId, list[tuple[int, int]]]:
        """The bits and distances of the cards in hand that point at each tile."""
        moving: dict[TileId, list[tuple[int, int]]] = {}
        for bit, _, distance, reference in self._cards:
            moving.setdefault(reference, []).append((bit, distance))
        return moving

    @cached_property
    def _digs(self) -> list[float]:
        """The dig value of each set of cards in hand, by mask."""
        hand = self.hand
        return [
            self._dig_value([card for index, card in enumerate(hand) if mask >> index & 1])
            for mask in range(1 << len(hand))
        ]

    @cached_property
    def _nears(self) -> list[float]:
        """The credit for the cards near a cell, by mask."""
        weight = self.bot.prospect_weight
        return [weight * mask.bit_count() for mask in range(1 << len(self.hand))]

    # ------------------------------------------------------------------ treasure worths

    @cached_property
    def gains(self) -> list[float]:
        """The worth to the bot of taking the treasure on each level (index 0 is level I)."""
        observation = self.observation
        players = observation.players
        hidden = observation.variant.hide_claimed_treasures
        counts = [[0] * _SETS for _ in range(players)]
        for seat, cards in enumerate(observation.treasures):
            for card in cards:
                counts[seat][_SET[card]] += 1
        gains = []
        for level, card in enumerate(observation.treasure_board):
            worth = float(_VALUE[card] + LEVEL_DOUBLOONS[level])
            if hidden:
                worth += 6.0 / players  # an even chance at the majority, unknown rivals
            else:
                worth += self._majority_change(counts, _SET[card])
            gains.append(worth)
        return gains

    def _majority_change(self, counts: list[list[int]], treasure_set: int) -> float:
        """The change in the bot's set bonus, minus the opponents' mean change (x denial)."""
        column = [seat_counts[treasure_set] for seat_counts in counts]
        before = _set_bonus(column)
        column[self.me] += 1
        after = _set_bonus(column)
        mine = after[self.me] - before[self.me]
        others = len(column) - 1
        theirs = sum(after) - after[self.me] - (sum(before) - before[self.me])
        return mine - self.bot.denial * theirs / others

    @cached_property
    def _deepest(self) -> list[float]:
        """The best worth among the top ``k`` levels, for ``k`` from 0 (none) to 5."""
        result = [-math.inf]
        for gain in self.gains:
            result.append(max(result[-1], gain))
        return result

    def best_treasure(self, depth: int, shovels: int) -> float:
        """The best worth ``depth`` cards played and up to ``shovels`` shovels reach.

        Each shovel used costs a bonus card (``depth`` is 1 or more).
        """
        deepest = self._deepest
        top = len(deepest) - 1
        depth = min(depth, top)
        top = min(depth + shovels, top)
        token = self.token
        return max(deepest[level] - (level - depth) * token for level in range(depth, top + 1))

    def _dig_value(self, met: Sequence[MapCardId]) -> float:
        """What playing the cards ``met`` is worth: the best treasure and the bonus cards."""
        if not met:
            return 0.0
        shovels = self.area_symbols[Symbol.SHOVEL]
        value = 0.0
        for card in met:
            symbol = _SYMBOL[card]
            shovels += symbol is Symbol.SHOVEL
            value += _DOUBLOON_CARD if symbol is Symbol.DOUBLOONS else self.token
        return value + self.best_treasure(len(met), shovels)

    # ------------------------------------------------------------------ plans
    #
    # The cards in hand are numbered by their position in ``self.hand``; a set of them is a
    # bit mask. A cell's *masks* are the cards it meets and the cards near it.

    def _masks(self, cell: Cell, moved: TileId | None, to: Cell | None) -> tuple[int, int]:
        """The masks of ``cell`` when ``moved`` lies at ``to`` (every other tile stays)."""
        key = (moved, cell)
        fixed = self._fixed.get(key)
        x, y = cell
        if fixed is None:
            met = near = 0
            for bit, (rx, ry), distance, reference in self._cards:
                if reference == moved:
                    continue
                gap = abs(abs(rx - x) + abs(ry - y) - distance)
                if gap == 0:
                    met |= bit
                elif gap <= _NEAR:
                    near |= bit
            fixed = (met, near)
            self._fixed[key] = fixed
        if to is None or moved is None:
            return fixed
        met, near = fixed
        tx, ty = to
        for bit, distance in self._moving[moved]:
            gap = abs(abs(tx - x) + abs(ty - y) - distance)
            if gap == 0:
                met |= bit
            elif gap <= _NEAR:
                near |= bit
        return met, near

    def plan(
        self,
        reach: _Reach,
        steps: int,
        moved: TileId | None = None,
        to: Cell | None = None,
    ) -> tuple[float, Cell, int]:
        """The best cell of ``reach``: its net value, the cell, the first step's direction.

        The value is the cell's (its dig value, or the credit for the cards near it), less
        the doubloons paid on the way and a bonus card per two steps beyond ``steps``.
        ``moved`` is a tile moved to ``to`` (``None`` for the map as it is).
        """
        if moved is not None and moved not in self._moving:
            moved = to = None  # no card points at the tile: only the reach changed
        digs = self._digs
        nears = self._nears
        token = self.token
        best_value = -math.inf
        best_cell: Cell | None = None
        best_first = -1
        best_distance = 0
        for cell, (distance, paid, first) in reach.items():
            met, near = self._masks(cell, moved, to)
            value = (digs[met] if met else nears[near]) - _TOLL * paid
            if distance > steps:
                value -= token * ((distance - steps + 1) // 2)
            if value > best_value + _EPSILON or (
                value >= best_value - _EPSILON and distance < best_distance
            ):
                best_value, best_cell, best_first, best_distance = value, cell, first, distance
        assert best_cell is not None
        return best_value, best_cell, best_first

    def island(self) -> IslandMap:
        """The analysis of the map as it is (shared with the engine's cache)."""
        if self._island is None:
            self._island = analyse(self.tiles)
        return self._island

    def reach(self, start: Cell, steps: int) -> _Reach:
        """The reach of a pawn at ``start`` on the map as it is."""
        return _reach(self.at, start, steps, self.tolls, self.coins)

    def reach_without(self, tile: TileId, base_reach: _Reach) -> _Reach:
        """The pawn's reach once ``tile`` is lifted (``base_reach`` if it is not in it)."""
        start = self.pawn
        assert start is not None
        old = self.cells[tile]
        if old not in base_reach:
            return base_reach
        at = dict(self.at)
        del at[old]
        return _reach(at, start, rules.STEPS, self.tolls, self.coins)

    def move_value(self, tile: TileId, to: Cell, lifted: _Reach) -> float:
        """The plan's value after moving ``tile`` to ``to``, given the reach without it."""
        start = self.pawn
        assert start is not None
        reach = lifted
        if abs(to[0] - start[0]) + abs(to[1] - start[1]) <= rules.STEPS:
            at = dict(self.at)
            del at[self.cells[tile]]
            at[to] = tile
            reach = _reach(at, start, rules.STEPS, self.tolls, self.coins)
        return self.plan(reach, rules.STEPS, tile, to)[0]

    def best_moves(self, tiles: Iterable[TileId]) -> tuple[float, list[tuple[float, TileId, Cell]]]:
        """The plan without a move, and each candidate move with its plan's value.

        A tile that is no card's reference point is tried only at the cells within the
        pawn's steps: elsewhere its move can only shrink the reach.
        """
        start = self.pawn
        assert start is not None
        base_reach = self.reach(start, rules.STEPS)
        base = self.plan(base_reach, rules.STEPS)[0]
        island = self.island()
        moves = []
        # A tile that no card points at and that lies out of reach gives the same plan
        # wherever it comes from: one value per destination.
        outside: dict[Cell, float] = {}
        for tile in tiles:
            referenced = tile in self._moving
            lifted: _Reach | None = None
            for cell in island.connected_destinations(tile):
                if not referenced:
                    if abs(cell[0] - start[0]) + abs(cell[1] - start[1]) > rules.STEPS:
                        continue
                    if self.cells[tile] not in base_reach:
                        value = outside.get(cell)
                        if value is None:
                            value = outside[cell] = self.move_value(tile, cell, base_reach)
                        moves.append((value, tile, cell))
                        continue
                if lifted is None:
                    lifted = self.reach_without(tile, base_reach)
                moves.append((self.move_value(tile, cell, lifted), tile, cell))
        return base, moves

    # ------------------------------------------------------------------ decisions

    def place_pawn(self, legal: Sequence[Action], rng: random.Random) -> Action:
        scored = []
        for action in legal:
            if not isinstance(action, actions.PlacePawn):
                continue
            cell = CORNERS[action.corner]
            tile = self.at.get(cell)
            cost = sum(
                1
                for seat, pawn in enumerate(self.observation.pawns)
                if pawn is not None and pawn == tile and seat != self.me
            )
            value = self.plan(self.reach(cell, rules.STEPS), rules.STEPS)[0]
            scored.append((value - _TOLL * cost, action))
        if not scored:
            return _pick(legal, rng)
        return _best(scored, rng)[1]

    def select_tile(self, legal: Sequence[Action], rng: random.Random) -> Action:
        end = next((a for a in legal if isinstance(a, actions.EndMapChange)), None)
        selectable = [a.tile for a in legal if isinstance(a, actions.SelectTile)]
        if self.pawn is None:  # pragma: no cover - pawns are placed before any map change
            return _pick(legal, rng)
        if selectable:
            base, moves = self.best_moves(selectable)
            if moves:
                value, tile = _best(
                    ((value, actions.SelectTile(tile)) for value, tile, _ in moves), rng
                )
                if value > base + _EPSILON or end is None:
                    return next(a for a in legal if a == tile)
            if end is not None:
                return end
            return _pick([a for a in legal if isinstance(a, actions.SelectTile)], rng)
        if end is None:  # pragma: no cover - a split map always offers a tile (E5)
            return _pick(legal, rng)
        single = _single_bonus(legal, Symbol.MAP)
        pair = _pair_bonus(legal, Symbol.MAP)
        if single is None and pair is None:
            return end
        observation = self.observation
        blocked = observation.moved_tiles.union(p for p in observation.pawns if p is not None)
        base, moves = self.best_moves(self.island().movers(blocked))
        gain = max((value for value, _, _ in moves), default=base) - base
        if single is not None and gain > self.token + _EPSILON:
            return single
        if pair is not None and gain > 2 * self.token + _EPSILON:
            return pair
        return end

    def choose_cell(self, legal: Sequence[Action], rng: random.Random) -> Action:
        tile = self.observation.selected_tile
        start = self.pawn
        if tile is None or start is None:  # pragma: no cover - a cell follows a tile
            return _pick(legal, rng)
        cells = [a for a in legal if isinstance(a, actions.ChooseCell)]
        joined = self.island().connected_destinations(tile)
        keep = [a for a in cells if (a.x, a.y) in joined] or cells
        lifted = self.reach_without(tile, self.reach(start, rules.STEPS))
        return _best(((self.move_value(tile, (a.x, a.y), lifted), a) for a in keep), rng)[1]

    def step(self, legal: Sequence[Action], rng: random.Random) -> Action:
        start = self.pawn
        assert start is not None
        boots_card = _single_bonus(legal, Symbol.BOOTS)
        boots = min(self.area_symbols[Symbol.BOOTS], 2) if boots_card is not None else 0
        steps = self.observation.steps_left
        _, target, first = self.plan(self.reach(start, steps + 2 * boots), steps)
        if target == start:
            return next(a for a in legal if isinstance(a, actions.EndMove))
        if steps < 1:
            assert boots_card is not None
            return boots_card
        for action in legal:
            if isinstance(action, actions.Step) and action.direction == first:
                return action
        return next(a for a in legal if isinstance(a, actions.EndMove))  # pragma: no cover

    def play(self, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, actions.PlayMapCard):
                return action
        observation = self.observation
        if observation.variant.shovel_without_play and observation.cards_played == 0:
            shovel = _single_bonus(legal, Symbol.SHOVEL)
            if shovel is not None and self.gains and self.gains[0] > self.token + _EPSILON:
                return shovel
        return next(a for a in legal if isinstance(a, actions.StopPlaying))

    def take(self, legal: Sequence[Action], rng: random.Random) -> Action:
        observation = self.observation
        depth = min(observation.cards_played + observation.shovels, BOARD_LEVELS)
        last = observation.treasure_deck_size <= 1  # this take ends the game
        single = _single_bonus(legal, Symbol.SHOVEL)
        pair = _pair_bonus(legal, Symbol.SHOVEL)
        token = 0.0 if last else self.token
        now = max(self.gains[:depth])
        deeper = max(self.gains[: depth + 1])
        if single is not None and deeper - now > token + _EPSILON:
            return single
        if pair is not None and deeper - now > 2 * (1.0 if last else token) + _EPSILON:
            return pair
        if last:
            cash = _pair_bonus(legal, Symbol.DOUBLOONS)
            if cash is not None:
                return cash
        takes = [a for a in legal if isinstance(a, actions.TakeTreasure)]
        return _best(((self.gains[a.level - 1], a) for a in takes), rng)[1]

    def discard(self, legal: Sequence[Action], rng: random.Random) -> Action:
        observation = self.observation
        if observation.treasure_deck_size <= observation.players - 1:
            cash = _pair_bonus(legal, Symbol.DOUBLOONS)
            if cash is not None:
                return cash
        keep = next(a for a in legal if isinstance(a, actions.KeepHand))
        discards = [a for a in legal if isinstance(a, actions.DiscardFromHand)]
        start = self.pawn
        if not discards or start is None:
            return keep
        reach = self.reach(start, rules.STEPS)
        pawn_tiles = {p for p in observation.pawns if p is not None}
        island = self.island()
        scored: list[tuple[float, Action]] = []
        for discard in discards:
            card = discard.card
            reference = _REFERENCE[card]
            rx, ry = self.cells[reference]
            distance = _DISTANCE[card]
            if any(abs(rx - x) + abs(ry - y) == distance for x, y in reach):
                prospect = 1.0
            elif reference not in pawn_tiles and reference in island.movers(()):
                prospect = 0.5
            else:
                prospect = 0.0
            scored.append((-prospect, discard))
        worst, choice = _best(scored, rng)
        return choice if -worst < self.bot.discard_below - _EPSILON else keep


def _set_bonus(counts: Sequence[int]) -> list[float]:
    """Each seat's majority bonus for one set, given how many cards of it each holds."""
    best = max(counts)
    if best == 0:
        return [0.0] * len(counts)
    holders = counts.count(best)
    share = float(rules.MAJORITY_BONUS[holders])
    return [share if count == best else 0.0 for count in counts]


# ---------------------------------------------------------------------- heuristic value

_TIE_BREAK: Final = 1e-3
"""The weight of the treasure value (the ranking's tie-break) in :func:`heuristic_value`;
scores are whole doubloons, so it never reorders different scores."""
_CARD_WORTH: Final = 1.0
"""What a bonus card in a play area is worth in :func:`heuristic_value` (a 2-doubloons card:
2)."""


def _area_worth(area: Iterable[MapCardId]) -> float:
    return sum(
        _DOUBLOON_CARD if _SYMBOL[card] is Symbol.DOUBLOONS else _CARD_WORTH for card in area
    )


def _dig_in_reach(state: MorganState, seat: PlayerId) -> float:
    """What the seat to move can still dig this turn, seen from ``state``."""
    phase = state.phase
    board = state.treasure_board
    gains = [_VALUE[card] + LEVEL_DOUBLOONS[level] for level, card in enumerate(board)]
    if phase is Phase.DIG_TAKE:
        depth = rules.dig_depth(state)
        return float(max(gains[:depth])) if depth else 0.0
    if phase not in (
        Phase.MAP_SELECT_TILE,
        Phase.MAP_SELECT_CELL,
        Phase.MAP_SELECT_ROTATION,
        Phase.MOVE_STEP,
        Phase.DIG_PLAY,
    ):
        return 0.0
    tile = state.pawns[seat]
    if tile is None:  # pragma: no cover - pawns are placed before a turn starts
        return 0.0
    cells = [(x, y) for x, y, _ in state.tiles]
    hand = state.hands[seat]
    start = cells[tile]
    if phase is Phase.DIG_PLAY:
        reach: Iterable[Cell] = (start,)
    else:
        at = {cell: index for index, cell in enumerate(cells)}
        steps = state.steps_left if phase is Phase.MOVE_STEP else rules.STEPS
        reach = _reach(at, start, steps, {}, 1 << 30)
    most = 0
    for x, y in reach:
        met = 0
        for card in hand:
            rx, ry = cells[_REFERENCE[card]]
            met += abs(rx - x) + abs(ry - y) == _DISTANCE[card]
        most = max(most, met)
    depth = min(state.cards_played + state.shovels + most, BOARD_LEVELS)
    if depth < 1:
        return 0.0
    return max(gains[:depth]) + _CARD_WORTH * most


def heuristic_value(state: MorganState) -> tuple[float, ...]:
    """Return how well each seat stands, on the score's scale (for the greedy bot).

    At the end of the game it is the score plus a thousandth of the treasure value, so it
    orders the seats as :func:`~boardgames.games.morgans_magic_map.rules.ranking` does.
    Before, each seat also counts its play area's bonus cards (a 2-doubloons card 2, any
    other 1), and the seat to move the dig still in its reach this turn: the best treasure
    (with its level's doubloons) that the cards played, the shovels used and the most hand
    cards met at one cell of its pawn's reach (the pawn's own cell once it digs) reach,
    plus 1 for each of those cards.

    >>> import boardgames
    >>> game = boardgames.make("morgans-magic-map", players=2)
    >>> state = game.new_game(seed=1)
    >>> heuristic_value(state) == game.score(state)
    True
    """
    scores = rules.score(state)
    values = rules.treasure_values(state)
    result = [score + _TIE_BREAK * value for score, value in zip(scores, values, strict=True)]
    if state.phase is Phase.GAME_OVER:
        return tuple(result)
    for seat, area in enumerate(state.play_areas):
        result[seat] += _area_worth(area)
    mover = state.to_move
    if mover is not None and state.phase is not Phase.PLACE_PAWN:
        result[mover] += _dig_in_reach(state, mover)
    return tuple(result)

"""Readable text, and an SVG picture, for states and observations of Morgan's Magic Map.

In the text map each tile takes 8 columns and 3 lines: its north edge on top, its west
edge, code and east edge in the middle, its south edge below, with ``#`` for land and
``~`` for water. The digits on the bottom line are the seats whose pawns stand on the
tile. Gaps and the sea around the map are blank. :func:`legend` explains every code of
the renderings, and :func:`explain_action` says in plain words what a legal action does.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from boardgames.core.protocol import PlayerId
from boardgames.games.morgans_magic_map import actions
from boardgames.games.morgans_magic_map.actions import Action
from boardgames.games.morgans_magic_map.components import (
    BOARD_LEVELS,
    CORNERS,
    DIRECTION_OFFSETS,
    LEVEL_DOUBLOONS,
    MAP_CARDS,
    TILES,
    TREASURE_CARDS,
    Cell,
    Direction,
    MapCardId,
    Symbol,
    Terrain,
    TileId,
    TreasureId,
    edge_after_rotation,
)
from boardgames.games.morgans_magic_map.geometry import Placement
from boardgames.games.morgans_magic_map.observation import (
    MorganObservation,
    observe,
    sample_state,
)
from boardgames.games.morgans_magic_map.rules import (
    BOOTS_STEPS,
    HAND_SIZE,
    destinations,
    score,
    set_bonuses,
)
from boardgames.games.morgans_magic_map.state import MorganState, Phase

__all__ = [
    "describe_action",
    "explain_action",
    "legend",
    "render_map",
    "render_map_svg",
    "render_observation",
    "render_state",
]

_LEVEL_NAMES = ("I", "II", "III", "IV", "V")
_CELL_WIDTH = 8


def _edge_char(tile: TileId, rotation: int, direction: int) -> str:
    terrain = edge_after_rotation(TILES[tile], rotation, direction)
    return "#" if terrain is Terrain.LAND else "~"


def render_map(
    tiles: Sequence[Placement],
    pawns: Sequence[TileId | None] = (),
    selected: TileId | None = None,
) -> str:
    """Draw the island map as text: one 8 x 3 block per tile (see the module docstring).

    Args:
        tiles: ``(x, y, rotation)`` of each tile, by tile id.
        pawns: The tile of each seat's pawn (``None`` before it is placed).
        selected: A tile being moved, marked with ``*`` on its top line.

    Returns:
        The map with a column ruler on top and row numbers on the left.
    """
    at = {(x, y): tile for tile, (x, y, _) in enumerate(tiles)}
    width = max(x for x, _, _ in tiles) + 1
    height = max(y for _, y, _ in tiles) + 1
    ruler = "   " + "".join(f"{x:^{_CELL_WIDTH}}" for x in range(width))
    lines = [ruler.rstrip()]
    for y in range(height):
        rows = ["   ", f"{y:>2} ", "   "]
        for x in range(width):
            tile = at.get((x, y))
            if tile is None:
                for index in range(3):
                    rows[index] += " " * _CELL_WIDTH
                continue
            rotation = tiles[tile][2]
            north, east, south, west = (_edge_char(tile, rotation, d) for d in range(4))
            marks = "".join(str(seat) if pawn == tile else " " for seat, pawn in enumerate(pawns))
            marks = marks.ljust(4)[:4]
            star = "*" if tile == selected else " "
            rows[0] += f"{star} {north * 4} {star}"
            rows[1] += f"{west} {TILES[tile].code} {east}"
            rows[2] += f"{marks[:2]}{south * 4}{marks[2:]}"
        lines.extend(row.rstrip() for row in rows)
    return "\n".join(lines)


def _card(card: MapCardId) -> str:
    return f"{MAP_CARDS[card]} ({MAP_CARDS[card].symbol})"


def _cards(cards: Sequence[MapCardId] | frozenset[MapCardId]) -> str:
    return ", ".join(_card(card) for card in sorted(cards)) or "-"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _levels(depth: int) -> str:
    """``"level I"`` or ``"levels I to III"``: the levels a dig of ``depth`` reaches."""
    return "level I" if depth <= 1 else f"levels I to {_LEVEL_NAMES[depth - 1]}"


def _depth(observation: MorganObservation) -> int:
    return min(observation.cards_played + observation.shovels, BOARD_LEVELS)


def _decision_words(observation: MorganObservation) -> str:
    """Say what the seat to move decides now, in a few plain words (for headers and titles).

    >>> import boardgames
    >>> game = boardgames.make("morgans-magic-map", players=2)
    >>> _decision_words(game.observe(game.new_game(seed=7), 0))
    'place a pawn on a corner of the map'
    """
    phase = observation.phase
    tile = TILES[observation.selected_tile or 0]
    played = f"{observation.cards_played} played, {_plural(observation.shovels, 'shovel')} used"
    if phase is Phase.PLACE_PAWN:
        return "place a pawn on a corner of the map"
    if phase is Phase.MAP_SELECT_TILE:
        return (
            "change the map: pick a tile to move, or end the change "
            f"({_plural(observation.map_moves_left, 'tile move')} left)"
        )
    if phase is Phase.MAP_SELECT_CELL:
        return f"change the map: choose the cell {tile} goes to"
    if phase is Phase.MAP_SELECT_ROTATION:
        x, y = observation.selected_cell or (0, 0)
        return f"change the map: choose how {tile} is turned at ({x}, {y})"
    if phase is Phase.MOVE_STEP:
        return f"move the pirate ({_plural(observation.steps_left, 'step')} left)"
    if phase is Phase.DIG_PLAY:
        return f"dig: play map cards that fit ({played})"
    if phase is Phase.DIG_TAKE:
        return f"dig: take a treasure from {_levels(_depth(observation))} ({played})"
    if phase is Phase.DRAW_DISCARD:
        return f"draw: discard a card or keep the hand, then refill it to {HAND_SIZE}"
    return "the game is over"


def _header(observation: MorganObservation) -> list[str]:
    phase = observation.phase
    title = f"Morgan's Magic Map, {observation.players} players"
    if phase is Phase.GAME_OVER:
        return [f"{title} - game over after turn {observation.turn_number}"]
    if phase is Phase.PLACE_PAWN:
        return [
            f"{title} - setup, seat {observation.to_move} to move - "
            f"{_decision_words(observation)} (start player {observation.start_player})"
        ]
    return [
        f"{title} - turn {observation.turn_number}, seat {observation.to_move} to move - "
        f"{_decision_words(observation)}"
    ]


def _treasure(card: TreasureId) -> str:
    treasure = TREASURE_CARDS[card]
    return f"{treasure} ({treasure.set} {treasure.value})"


def _board(observation: MorganObservation) -> str:
    levels = " | ".join(
        f"{_LEVEL_NAMES[index]} {_treasure(card)}"
        for index, card in enumerate(observation.treasure_board)
    )
    return (
        f"treasure board: {levels}; treasure deck {observation.treasure_deck_size}; "
        f"map deck {observation.map_deck_size}, discard pile {len(observation.map_discard)}"
    )


def _scores_known(observation: MorganObservation) -> bool:
    """Whether the observation shows every score: no treasure it counts is hidden.

    The score (doubloons, set bonuses, treasure values) is public unless
    ``hide_claimed_treasures`` hides treasures the others took.
    """
    return all(
        len(shown) == count
        for count, shown in zip(observation.treasure_counts, observation.treasures, strict=True)
    )


def _public_scores(observation: MorganObservation) -> tuple[float, ...] | None:
    """Every seat's score if the observation shows it (any state sampled from it agrees)."""
    return score(sample_state(observation, 0)) if _scores_known(observation) else None


def _seat_lines(observation: MorganObservation, points: tuple[float, ...] | None) -> list[str]:
    lines = []
    for seat in range(observation.players):
        marker = "*" if observation.to_move == seat else " "
        pawn = observation.pawns[seat]
        where = "no pawn yet" if pawn is None else f"pawn on {TILES[pawn].name}"
        taken = observation.treasures[seat]
        if taken or observation.treasure_counts[seat] == 0:
            treasures = ", ".join(str(TREASURE_CARDS[card]) for card in taken) or "-"
        else:
            treasures = f"{observation.treasure_counts[seat]} face down"
        total = f"; score {points[seat]:g}" if points is not None else ""
        lines.append(
            f"{marker} seat {seat}: {observation.coins[seat]} doubloons, {where}, "
            f"{observation.hand_sizes[seat]} in hand{total}"
        )
        lines.append(f"    play area: {_cards(observation.play_areas[seat])}")
        lines.append(f"    treasures: {treasures}")
    return lines


def render_observation(observation: MorganObservation) -> str:
    """Describe the table as ``observation.player`` sees it."""
    lines = _header(observation)
    lines.append(render_map(observation.tiles, observation.pawns, observation.selected_tile))
    lines.append(_board(observation))
    lines.extend(_seat_lines(observation, _public_scores(observation)))
    lines.append(f"your hand (seat {observation.player}): {_cards(observation.hand)}")
    return "\n".join(lines)


def render_state(state: MorganState) -> str:
    """Describe a full state, every hand and every treasure included."""
    observation = observe(state, 0)
    if state.variant.hide_claimed_treasures:
        observation = attrs.evolve(observation, treasures=state.treasures)
    lines = _header(observation)
    lines.append(render_map(state.tiles, state.pawns, state.selected_tile))
    lines.append(_board(observation))
    lines.extend(_seat_lines(observation, score(state)))
    for seat, hand in enumerate(state.hands):
        lines.append(f"  seat {seat} hand: {_cards(hand)}")
    if state.phase is Phase.GAME_OVER:
        bonuses = ", ".join(str(bonus) for bonus in set_bonuses(state))
        lines.append(f"set bonuses: {bonuses}")
    return "\n".join(lines)


def describe_action(observation: MorganObservation, action: Action, viewer: PlayerId) -> str:
    """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

    Every decision is public: everyone sees the whole action.
    """
    return str(action)


# ----------------------------------------------------------------------------- legend


def _packed(head: str, entries: list[str], width: int = 84) -> list[str]:
    """Lines of ``head`` and ``entries`` separated by commas, no entry split across lines."""
    lines = [head]
    for index, entry in enumerate(entries):
        entry += "." if index == len(entries) - 1 else ","
        if len(lines[-1]) + 1 + len(entry) > width:
            lines.append(" ")
        lines[-1] += " " + entry
    return lines


def legend() -> str:
    """Explain every code of the text renderings and of the action names.

    >>> "# land" in legend()
    True
    """
    return "\n".join(
        [
            "Header: the turn, the seat to move and what it decides now.",
            "Map: each tile is 3 lines of 8 columns: its north edge on top, then its west",
            "  edge, its code and its east edge, then its south edge. # land, ~ water (touching",
            "  edges always match). Digits under a tile: the seats whose pawns stand there.",
            "  * * around a tile: the tile picked up to be moved. Blank: a gap or open sea.",
            "  The numbers on top are the columns x, on the left the rows y; a cell is (x, y)",
            "  and may be -1 or one past the map: a moved tile may extend it on any side.",
            *_packed("Tile codes:", [f"{tile.code.strip()} {tile.name}" for tile in TILES]),
            "Map card 'The Tomb 3 (boots)': a treasure lies 3 steps (orthogonal, gaps count)",
            "  from The Tomb; 0 means standing on it. In brackets, its bonus symbol: map (move",
            "  one more tile), boots (2 more steps), shovel (dig one level deeper), doubloons",
            "  (take 2 doubloons). Two cards of one symbol together give any one bonus.",
            "Treasure board: levels I, II, III, IV, V from the top; 'II Silver Bell (silver 2)':",
            "  on level II, the Silver Bell of the silver set, worth 2 (the sets: gems, silver,",
            "  gold, pearl, jewelry, jade). Levels I to V pay 0, 1, 2, 3, 4 doubloons more;",
            "  the lowest rank lies on level I. A dig with n cards (and shovels) reaches",
            "  levels I to n; level V needs a shovel. Then the cards left in the treasure",
            "  deck, the map card deck and the discard pile.",
            "Seats: '*' marks the seat to move; 'N in hand' counts its map cards; 'play area'",
            "  lists its face-up played cards, waiting to be used for bonuses; 'treasures'",
            "  those it took ('face down': how many, with hide_claimed_treasures).",
            "  'score' (shown where every treasure taken is known): doubloons + treasure",
            "  values + set bonuses (6 for the most cards of a set; 3, 2 or 1 each when",
            "  2, 3 or 4 tie). 'set bonuses' (at the end): each seat's, seat 0 first.",
            "Actions: 'to (x, y)' puts the picked-up tile on cell (x, y); 'turned 90 degrees'",
            "  turns it clockwise from its printed side; 'use the boots bonus of C' discards",
            "  card C from the play area for its bonus; 'discard A and B for a shovel bonus'",
            "  uses a pair of one symbol.",
            "History codes: p corner (0 NW, 1 NE, 2 SW, 3 SE), t tile, c x,y cell, r quarter",
            "  turns, e end map change, s n/e/s/w step, m end move, d play card, x stop",
            "  playing, l level taken, h discard from hand, k keep hand, b card bonus,",
            "  b first+second=m/b/s/d pair bonus (map, boots, shovel, doubloons).",
        ]
    )


# ----------------------------------------------------------------------------- explain_action


def _cell_words(cell: Cell) -> str:
    return f"column {cell[0]}, row {cell[1]}"


def _tile_at(observation: MorganObservation) -> dict[Cell, TileId]:
    return {(x, y): tile for tile, (x, y, _) in enumerate(observation.tiles)}


def _neighbour_words(observation: MorganObservation, cell: Cell) -> str:
    """Name the tiles next to ``cell``, the tile being moved left out."""
    at = _tile_at(observation)
    near = []
    for direction in Direction:
        dx, dy = DIRECTION_OFFSETS[direction]
        tile = at.get((cell[0] + dx, cell[1] + dy))
        if tile is not None and tile != observation.selected_tile:
            near.append(f"{TILES[tile]} {direction} of it")
    return ", ".join(near) if near else "no tile"


def _others_on(observation: MorganObservation, tile: TileId) -> list[PlayerId]:
    return [
        seat
        for seat, pawn in enumerate(observation.pawns)
        if pawn == tile and seat != observation.to_move
    ]


def _payment(observation: MorganObservation, tile: TileId) -> str:
    others = _others_on(observation, tile)
    if not others:
        return "nobody to pay"
    seats = " and ".join(f"seat {seat}" for seat in others)
    return f"pay 1 doubloon to {seats}"


def _bonus_effect(observation: MorganObservation, bonus: Symbol) -> str:
    seat = observation.to_move or 0
    if bonus is Symbol.MAP:
        return f"move one more tile ({_plural(observation.map_moves_left + 1, 'tile move')} left)"
    if bonus is Symbol.BOOTS:
        steps = observation.steps_left + BOOTS_STEPS
        return f"walk {BOOTS_STEPS} more steps ({_plural(steps, 'step')} left)"
    if bonus is Symbol.SHOVEL:
        depth = min(_depth(observation) + 1, BOARD_LEVELS)
        return f"dig one level deeper, to {_levels(depth)}"
    return f"take 2 doubloons (you then have {observation.coins[seat] + 2})"


def _fitting(observation: MorganObservation) -> int:
    """How many cards of the observer's hand fit the tile his pawn stands on."""
    pawn = observation.pawns[observation.player]
    if pawn is None:
        return 0
    x, y, _ = observation.tiles[pawn]
    count = 0
    for card in observation.hand:
        rx, ry, _ = observation.tiles[MAP_CARDS[card].reference]
        count += abs(rx - x) + abs(ry - y) == MAP_CARDS[card].distance
    return count


def _explain_map(observation: MorganObservation, action: Action) -> str | None:
    tile = observation.selected_tile
    if isinstance(action, actions.SelectTile):
        x, y, _ = observation.tiles[action.tile]
        return (
            f"pick up {TILES[action.tile]} ({TILES[action.tile].code.strip()}) from "
            f"{_cell_words((x, y))} to put it somewhere else on the map"
        )
    if isinstance(action, actions.ChooseCell) and tile is not None:
        cell = (action.x, action.y)
        turns = destinations(sample_state(observation, 0), tile).get(cell, ())
        how = (
            f"it fits only turned {turns[0] * 90} degrees"
            if len(turns) == 1
            else f"then choose one of {len(turns)} ways to turn it"
        )
        return (
            f"put {TILES[tile]} on {_cell_words(cell)}, with "
            f"{_neighbour_words(observation, cell)}; {how}"
        )
    if isinstance(action, actions.ChooseRotation) and tile is not None:
        cell = observation.selected_cell or (0, 0)
        edges = ", ".join(
            f"{direction} {edge_after_rotation(TILES[tile], action.rotation, direction)}"
            for direction in Direction
        )
        turn = "as printed" if action.rotation == 0 else f"{action.rotation * 90} degrees clockwise"
        return f"put {TILES[tile]} down on {_cell_words(cell)} turned {turn}: edges {edges}"
    if isinstance(action, actions.EndMapChange):
        if not observation.moved_tiles:
            return "move no tile: end the map change and go on to move your pirate"
        moved = _plural(len(observation.moved_tiles), "tile")
        return f"move no more tiles ({moved} moved): go on to move your pirate"
    return None


def _explain_move(observation: MorganObservation, action: Action) -> str | None:
    seat = observation.to_move or 0
    pawn = observation.pawns[seat]
    if isinstance(action, actions.PlacePawn):
        corner = TILES[_tile_at(observation)[CORNERS[action.corner]]]
        tile = _tile_at(observation)[CORNERS[action.corner]]
        return (
            f"put your pawn on {corner}, the {action.corner} corner ({_payment(observation, tile)})"
        )
    if isinstance(action, actions.Step) and pawn is not None:
        x, y, _ = observation.tiles[pawn]
        dx, dy = DIRECTION_OFFSETS[action.direction]
        target = _tile_at(observation)[(x + dx, y + dy)]
        left = _plural(observation.steps_left - 1, "step")
        return (
            f"walk {action.direction} from {TILES[pawn]} to {TILES[target]} "
            f"({_payment(observation, target)}; {left} left)"
        )
    if isinstance(action, actions.EndMove) and pawn is not None:
        fit = _fitting(observation)
        return (
            f"stop on {TILES[pawn]} and go on to dig "
            f"({_plural(fit, 'card')} of your hand fit{'s' if fit == 1 else ''} there)"
        )
    return None


def _explain_dig(observation: MorganObservation, action: Action) -> str | None:
    seat = observation.to_move or 0
    if isinstance(action, actions.PlayMapCard):
        card = MAP_CARDS[action.card]
        pawn = observation.pawns[seat]
        where = TILES[pawn] if pawn is not None else "your tile"
        depth = min(_depth(observation) + 1, BOARD_LEVELS)
        return (
            f"play {_card(action.card)} face up: {where} is {_plural(card.distance, 'step')} "
            f"from {TILES[card.reference]}; the dig then reaches {_levels(depth)}"
        )
    if isinstance(action, actions.StopPlaying):
        if observation.cards_played or (
            observation.variant.shovel_without_play and observation.shovels
        ):
            return f"play no more cards and take a treasure from {_levels(_depth(observation))}"
        return "play no card: no treasure this turn, go on to draw"
    if isinstance(action, actions.TakeTreasure):
        treasure = TREASURE_CARDS[observation.treasure_board[action.level - 1]]
        extra = LEVEL_DOUBLOONS[action.level - 1]
        paid = f"and {_plural(extra, 'doubloon')}" if extra else "(no doubloons on level I)"
        end = "; the last card of the deck refills the board: the game ends" * (
            observation.treasure_deck_size == 1
        )
        return (
            f"take {treasure} ({treasure.set}, worth {treasure.value}, rank {treasure.rank}) "
            f"from level {_LEVEL_NAMES[action.level - 1]} {paid}{end}"
        )
    return None


def _explain_draw(observation: MorganObservation, action: Action) -> str | None:
    if isinstance(action, actions.DiscardFromHand):
        draws = HAND_SIZE - len(observation.hand) + 1
        return f"discard {_card(action.card)} from your hand, then draw {_plural(draws, 'card')}"
    if isinstance(action, actions.KeepHand):
        draws = HAND_SIZE - len(observation.hand)
        if not draws:
            return f"keep your {HAND_SIZE} cards (nothing to draw)"
        return f"keep your hand and draw {_plural(draws, 'card')}"
    if isinstance(action, actions.UseBonus):
        symbol = MAP_CARDS[action.card].symbol
        return (
            f"discard {_card(action.card)} from your play area for its {symbol} bonus: "
            f"{_bonus_effect(observation, symbol)}"
        )
    if isinstance(action, actions.UsePair):
        symbol = MAP_CARDS[action.first].symbol
        return (
            f"discard {_card(action.first)} and {_card(action.second)} (two {symbol} cards) "
            f"from your play area for a {action.bonus} bonus: "
            f"{_bonus_effect(observation, action.bonus)}"
        )
    return None


def explain_action(observation: MorganObservation, action: Action) -> str:
    """Say in plain words what ``action``, a legal action of the seat to move, does.

    Only the observation is used: the tile, the cell and its neighbours, the rotation's
    edges, the card and what it fits, the treasure and its doubloons, the bonus's effect.

    >>> import boardgames
    >>> from boardgames.games.morgans_magic_map import Corner, PlacePawn
    >>> game = boardgames.make("morgans-magic-map", players=2)
    >>> observation = game.observe(game.new_game(seed=7), 0)
    >>> explain_action(observation, PlacePawn(Corner.SOUTH_EAST))
    'put your pawn on The Hanging Bridge, the south-east corner (nobody to pay)'
    """
    for explain in (_explain_map, _explain_move, _explain_dig, _explain_draw):
        words = explain(observation, action)
        if words is not None:
            return words
    return str(action)


def render_map_svg(
    tiles: Sequence[Placement],
    pawns: Sequence[TileId | None] = (),
    *,
    cell_size: int = 100,
) -> str:
    """Draw the island map as an SVG picture.

    Each tile is a square split into four triangles, one per edge, green for land and blue
    for water, with the tile's name in the middle. Pawns are discs in the seat colours
    (red, green, blue, yellow for seats 0 to 3) marked with the seat number. The whole
    table is drawn by :func:`boardgames.render_svg`, with this same map.

    Args:
        tiles: ``(x, y, rotation)`` of each tile, by tile id.
        pawns: The tile of each seat's pawn (``None`` before it is placed).
        cell_size: The side of a tile in SVG units.

    Returns:
        A complete ``<svg>`` document as a string.

    >>> from boardgames.games.morgans_magic_map.components import REFERENCE_LAYOUT
    >>> render_map_svg(REFERENCE_LAYOUT).startswith("<svg")
    True
    """
    # The picture module draws the map for the table's pictures too; it uses this
    # module's words, so it is imported here, when it is needed, not at the top.
    from boardgames.games.morgans_magic_map.picture import _map_svg

    return _map_svg(tiles, pawns, cell_size)

"""Readable text, and an SVG picture, for states and observations of Morgan's Magic Map.

In the text map each tile takes 8 columns and 3 lines: its north edge on top, its west
edge, code and east edge in the middle, its south edge below, with ``#`` for land and
``~`` for water. The digits on the bottom line are the seats whose pawns stand on the
tile. Gaps and the sea around the map are blank.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import attrs

from boardgames.core.protocol import PlayerId
from boardgames.games.morgans_magic_map.actions import Action
from boardgames.games.morgans_magic_map.components import (
    MAP_CARDS,
    TILES,
    TREASURE_CARDS,
    MapCardId,
    Terrain,
    TileId,
    edge_after_rotation,
)
from boardgames.games.morgans_magic_map.geometry import Placement
from boardgames.games.morgans_magic_map.observation import MorganObservation, observe
from boardgames.games.morgans_magic_map.rules import score, set_bonuses
from boardgames.games.morgans_magic_map.state import MorganState, Phase

__all__ = [
    "describe_action",
    "render_map",
    "render_map_svg",
    "render_observation",
    "render_state",
]

_LEVELS = ("I", "II", "III", "IV", "V")
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


def _header(observation: MorganObservation) -> list[str]:
    phase = observation.phase
    title = f"Morgan's Magic Map, {observation.players} players"
    if phase is Phase.GAME_OVER:
        return [f"{title} - game over after turn {observation.turn_number}"]
    if phase is Phase.PLACE_PAWN:
        return [
            f"{title} - setup: seat {observation.to_move} places a pawn "
            f"(start player {observation.start_player})"
        ]
    counters = {
        Phase.MAP_SELECT_TILE: f"tile moves left {observation.map_moves_left}",
        Phase.MAP_SELECT_CELL: f"moving {TILES[observation.selected_tile or 0]}",
        Phase.MAP_SELECT_ROTATION: f"moving {TILES[observation.selected_tile or 0]} "
        f"to {observation.selected_cell}",
        Phase.MOVE_STEP: f"steps left {observation.steps_left}",
        Phase.DIG_PLAY: f"cards played {observation.cards_played}, shovels {observation.shovels}",
        Phase.DIG_TAKE: f"cards played {observation.cards_played}, shovels {observation.shovels}",
        Phase.DRAW_DISCARD: "before drawing",
    }[phase]
    return [
        f"{title} - turn {observation.turn_number}, seat {observation.to_move}: "
        f"{phase.name.lower()} ({counters})"
    ]


def _board(observation: MorganObservation) -> str:
    levels = " | ".join(
        f"{_LEVELS[index]} {TREASURE_CARDS[card]} ({TREASURE_CARDS[card].set} "
        f"{TREASURE_CARDS[card].value})"
        for index, card in enumerate(observation.treasure_board)
    )
    return (
        f"treasure board: {levels}; treasure deck {observation.treasure_deck_size}; "
        f"map deck {observation.map_deck_size}, discard pile {len(observation.map_discard)}"
    )


def _seat_lines(observation: MorganObservation, points: tuple[float, ...] | None) -> list[str]:
    lines = []
    for seat in range(observation.players):
        marker = "*" if observation.to_move == seat else " "
        pawn = observation.pawns[seat]
        where = "-" if pawn is None else TILES[pawn].name
        taken = observation.treasures[seat]
        if taken or observation.treasure_counts[seat] == 0:
            treasures = ", ".join(str(TREASURE_CARDS[card]) for card in taken) or "-"
        else:
            treasures = f"{observation.treasure_counts[seat]} face down"
        total = f"; score {points[seat]:g}" if points is not None else ""
        lines.append(
            f"{marker} seat {seat}: {observation.coins[seat]} doubloons, pawn on {where}, "
            f"hand {observation.hand_sizes[seat]}{total}"
        )
        lines.append(f"    play area: {_cards(observation.play_areas[seat])}")
        lines.append(f"    treasures: {treasures}")
    return lines


def render_observation(observation: MorganObservation) -> str:
    """Describe the table as ``observation.player`` sees it."""
    lines = _header(observation)
    lines.append(render_map(observation.tiles, observation.pawns, observation.selected_tile))
    lines.append(_board(observation))
    lines.extend(_seat_lines(observation, None))
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


_LAND_COLOUR = "#8fbf6a"
_WATER_COLOUR = "#5b9bd5"
_SEAT_COLOURS = ("#d62728", "#2ca02c", "#1f77b4", "#e6b800")


def _name_lines(name: str) -> list[str]:
    words = name.split()
    if len(name) <= 11 or len(words) == 1:
        return [name]
    best = min(
        range(1, len(words)),
        key=lambda cut: abs(len(" ".join(words[:cut])) - len(" ".join(words[cut:]))),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def render_map_svg(
    tiles: Sequence[Placement],
    pawns: Sequence[TileId | None] = (),
    *,
    cell_size: int = 100,
) -> str:
    """Draw the island map as an SVG picture.

    Each tile is a square split into four triangles, one per edge, green for land and blue
    for water, with the tile's name in the middle. Pawns are discs in the seat colours
    (red, green, blue, yellow for seats 0 to 3) marked with the seat number.

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
    size = cell_size
    width = (max(x for x, _, _ in tiles) + 1) * size
    height = (max(y for _, y, _ in tiles) + 1) * size
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#f4f1e8"/>',
    ]
    for tile, (x, y, rotation) in enumerate(tiles):
        left, top = x * size, y * size
        right, bottom = left + size, top + size
        centre_x, centre_y = left + size / 2, top + size / 2
        corners = (
            ((left, top), (right, top)),
            ((right, top), (right, bottom)),
            ((right, bottom), (left, bottom)),
            ((left, bottom), (left, top)),
        )
        for direction, ((x1, y1), (x2, y2)) in enumerate(corners):
            terrain = edge_after_rotation(TILES[tile], rotation, direction)
            colour = _LAND_COLOUR if terrain is Terrain.LAND else _WATER_COLOUR
            parts.append(
                f'<polygon points="{x1},{y1} {x2},{y2} {centre_x:g},{centre_y:g}" fill="{colour}"/>'
            )
        parts.append(
            f'<rect x="{left}" y="{top}" width="{size}" height="{size}" fill="none" '
            'stroke="#4d4d4d" stroke-width="1"/>'
        )
        lines = _name_lines(TILES[tile].name)
        font = max(8, size // 9)
        box_height = font * 1.3 * len(lines) + 4
        box_width = max(len(line) for line in lines) * font * 0.6 + 8
        parts.append(
            f'<rect x="{centre_x - box_width / 2:g}" y="{centre_y - box_height / 2:g}" '
            f'width="{box_width:g}" height="{box_height:g}" rx="4" fill="#ffffff" '
            'fill-opacity="0.85"/>'
        )
        for index, line in enumerate(lines):
            baseline = centre_y - box_height / 2 + 2 + font * 1.3 * (index + 0.8)
            parts.append(
                f'<text x="{centre_x:g}" y="{baseline:g}" font-size="{font}" '
                f'text-anchor="middle" fill="#222222">{html.escape(line)}</text>'
            )
        here = [seat for seat, pawn in enumerate(pawns) if pawn == tile]
        radius = size / 10
        for slot, seat in enumerate(here):
            pawn_x = left + size / 2 + (slot - (len(here) - 1) / 2) * radius * 2.4
            pawn_y = bottom - radius * 1.6
            colour = _SEAT_COLOURS[seat % len(_SEAT_COLOURS)]
            parts.append(
                f'<circle cx="{pawn_x:g}" cy="{pawn_y:g}" r="{radius:g}" fill="{colour}" '
                'stroke="#000000" stroke-width="1"/>'
            )
            parts.append(
                f'<text x="{pawn_x:g}" y="{pawn_y + radius * 0.45:g}" '
                f'font-size="{radius * 1.3:g}" text-anchor="middle" fill="#ffffff">{seat}</text>'
            )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"

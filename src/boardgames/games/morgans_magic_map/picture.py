"""SVG pictures of Morgan's Magic Map: the island, the treasure board, the seats.

:func:`svg_state` draws the whole table, every hand and the top of both decks face up
(dashed and labelled "hidden", since the players do not see them); :func:`svg_observation`
draws what one seat knows: its own hand face up, the other hands as backs, with
``hide_claimed_treasures`` the others' treasures as backs, and its own panel marked "you".
Both first build a private table value (what is shown) and then draw it with one function.

The island map is drawn as in :func:`~boardgames.games.morgans_magic_map.render.render_map_svg`
(which draws it alone): each tile a blue (water) square with a green triangle on each land
edge, its name in the middle, the pawns as discs in the seat colours. The
pending decision is marked on it: the tiles that may be picked up (or stepped to, or the
corners a pawn may take) with a dashed outline in the mover's colour, the tile being
moved with a thick one, and the cells it may go to as dashed squares with their
coordinates.

>>> import boardgames
>>> game = boardgames.make("morgans-magic-map", players=2)
>>> state = game.new_game(seed=7)
>>> svg_observation(game.observe(state, 0)).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from boardgames.core.protocol import PlayerId
from boardgames.core.svg import FACE_DOWN, INK, PAPER, Drawing, seat_colour
from boardgames.games.morgans_magic_map import actions, rules
from boardgames.games.morgans_magic_map.components import (
    CORNERS,
    DIRECTION_OFFSETS,
    LEVEL_DOUBLOONS,
    MAP_CARDS,
    TILES,
    TREASURE_CARDS,
    Cell,
    MapCardId,
    Symbol,
    Terrain,
    TileId,
    TreasureId,
    TreasureSet,
    edge_after_rotation,
)
from boardgames.games.morgans_magic_map.geometry import Placement
from boardgames.games.morgans_magic_map.observation import (
    MorganObservation,
    observe,
    sample_state,
)
from boardgames.games.morgans_magic_map.render import (
    _LEVEL_NAMES,
    _decision_words,
    _scores_known,
)
from boardgames.games.morgans_magic_map.state import MorganState, Phase

__all__ = ["svg_observation", "svg_state"]

_LAND = "#8b6"
_WATER = "#59d"
_CARD = "#fffdf5"
_SET_COLOURS = {
    TreasureSet.GEMS: "#f49ac1",
    TreasureSet.SILVER: "#9fdde6",
    TreasureSet.GOLD: "#f2c94c",
    TreasureSet.PEARL: "#ffffff",
    TreasureSet.JEWELRY: "#e8705f",
    TreasureSet.JADE: "#6cbf84",
}
"""The colours of the sets, as the rulebook names them (pink, cyan, yellow, white, red, green)."""
_SYMBOL_COLOURS = {
    Symbol.MAP: "#8c564b",
    Symbol.BOOTS: "#6a3d9a",
    Symbol.SHOVEL: "#444444",
    Symbol.DOUBLOONS: "#a67c00",
}
_WIDTH = 1000
_MARGIN = 10
_MAP_TOP = 70
_MAP_WIDTH = 600
_MAP_HEIGHT = 460
_RULER = 18
_COLUMN = 630
_COLUMN_WIDTH = 360
_CARD_WIDTH = 90
_ITEM_HEIGHT = 36
_BACK_WIDTH = 24
_GAP = 4
_COLUMN_BOTTOM = 450
"""Where the right column (board, decks, key) ends: the seats are drawn below it."""


# ----------------------------------------------------------------------------- what is shown


@attrs.frozen
class _Island:
    """The map as drawn: tiles, pawns, and the marks of the pending decision."""

    tiles: tuple[Placement, ...]
    pawns: tuple[TileId | None, ...]
    mover: PlayerId | None = None
    selected: TileId | None = None
    target: Cell | None = None
    destinations: tuple[Cell, ...] = ()
    choices: tuple[TileId, ...] = ()


@attrs.frozen
class _Seat:
    """One seat's panel.

    ``None`` and the counts of backs stand for what the picture's seat does not know;
    ``*_secret`` marks faces shown that the other players do not see.
    """

    seat: PlayerId
    you: bool
    to_move: bool
    coins: int
    score: float | None
    worth: int | None
    place: int | None
    pawn: TileId | None
    hand: tuple[MapCardId, ...]
    hand_backs: int
    hand_secret: bool
    play_area: tuple[MapCardId, ...]
    treasures: tuple[TreasureId, ...]
    treasure_backs: int
    treasures_secret: bool


@attrs.frozen
class _Table:
    """Everything one picture shows."""

    title: str
    decision: str
    island: _Island
    board: tuple[TreasureId, ...]
    reach: int
    treasure_deck: int
    treasure_next: tuple[TreasureId, ...]
    map_deck: int
    map_next: tuple[MapCardId, ...]
    discard: tuple[MapCardId, ...]
    seats: tuple[_Seat, ...]
    secrets: bool


def _at(tiles: Sequence[Placement]) -> dict[Cell, TileId]:
    return {(x, y): tile for tile, (x, y, _) in enumerate(tiles)}


def _island(observation: MorganObservation, state: MorganState) -> tuple[_Island, str]:
    """The map with its decision marks, and the words for the choices not drawn on it.

    Only public parts of ``state`` are read: the legal actions of these decisions do not
    depend on any hand.
    """
    phase = observation.phase
    mover = observation.to_move
    tiles = observation.tiles
    at = _at(tiles)
    choices: list[TileId] = []
    destinations: list[Cell] = []
    extra = ""
    if phase in (Phase.PLACE_PAWN, Phase.MAP_SELECT_TILE, Phase.MAP_SELECT_CELL, Phase.MOVE_STEP):
        for action in rules.legal_actions(state):
            if isinstance(action, actions.PlacePawn):
                choices.append(at[CORNERS[action.corner]])
            elif isinstance(action, actions.SelectTile):
                choices.append(action.tile)
            elif isinstance(action, actions.ChooseCell):
                destinations.append((action.x, action.y))
            elif isinstance(action, actions.Step) and mover is not None:
                pawn = observation.pawns[mover]
                assert pawn is not None
                x, y, _ = tiles[pawn]
                dx, dy = DIRECTION_OFFSETS[action.direction]
                choices.append(at[(x + dx, y + dy)])
    elif phase is Phase.MAP_SELECT_ROTATION:
        turns = [
            str(action.rotation * 90)
            for action in rules.legal_actions(state)
            if isinstance(action, actions.ChooseRotation)
        ]
        extra = f"; it may be turned {', '.join(turns)} degrees clockwise"
    island = _Island(
        tiles=tiles,
        pawns=observation.pawns,
        mover=mover,
        selected=observation.selected_tile,
        target=observation.selected_cell if phase is Phase.MAP_SELECT_ROTATION else None,
        destinations=tuple(destinations),
        choices=tuple(choices),
    )
    return island, extra


def _title(observation: MorganObservation, viewer: PlayerId | None) -> str:
    when = {Phase.PLACE_PAWN: "setup", Phase.GAME_OVER: "game over after turn "}.get(
        observation.phase, "turn "
    )
    if when != "setup":
        when += str(observation.turn_number)
    seen = "the whole table" if viewer is None else f"as seat {viewer} sees it"
    return f"Morgan's Magic Map, {observation.players} players - {when} - {seen}"


def _decision(
    observation: MorganObservation, state: MorganState, places: tuple[int, ...] | None, extra: str
) -> str:
    mover = observation.to_move
    if mover is not None:
        return f"Seat {mover} to move - {_decision_words(observation)}{extra}"
    how = "the turn limit was reached" if rules.is_truncated(state) else "the treasure deck ran out"
    if places is None:
        return f"Game over: {how}; the scores are hidden"
    winners = " and ".join(f"seat {seat}" for seat, place in enumerate(places) if place == 1)
    return f"Game over: {how}; {winners} win{'s' if ' and ' not in winners else ''}"


def _table(observation: MorganObservation, state: MorganState, viewer: PlayerId | None) -> _Table:
    """Build what a picture shows.

    Args:
        observation: The public table and, for an observation picture, what ``viewer``
            knows.
        state: The true state (``viewer`` is ``None``), or one sampled from the
            observation, of which only the public parts are read.
        viewer: The seat whose knowledge is drawn, ``None`` for the whole table.
    """
    whole = viewer is None
    known = whole or _scores_known(observation)
    scores = rules.score(state) if known else None
    places = rules.ranking(state) if known and observation.phase is Phase.GAME_OVER else None
    island, extra = _island(observation, state)
    seats = []
    for seat in range(observation.players):
        mine = whole or seat == viewer
        taken = state.treasures[seat] if whole else observation.treasures[seat]
        shown_all = len(taken) == observation.treasure_counts[seat]
        seats.append(
            _Seat(
                seat=seat,
                you=seat == viewer,
                to_move=seat == observation.to_move,
                coins=observation.coins[seat],
                score=None if scores is None else scores[seat],
                worth=sum(TREASURE_CARDS[card].value for card in taken) if shown_all else None,
                place=None if places is None else places[seat],
                pawn=observation.pawns[seat],
                hand=tuple(sorted(state.hands[seat])) if mine else (),
                hand_backs=0 if mine else observation.hand_sizes[seat],
                hand_secret=whole,
                play_area=tuple(sorted(observation.play_areas[seat])),
                treasures=taken,
                treasure_backs=observation.treasure_counts[seat] - len(taken),
                treasures_secret=whole and observation.variant.hide_claimed_treasures,
            )
        )
    digging = observation.phase in (Phase.DIG_PLAY, Phase.DIG_TAKE)
    return _Table(
        title=_title(observation, viewer),
        decision=_decision(observation, state, places, extra),
        island=island,
        board=observation.treasure_board,
        reach=min(observation.cards_played + observation.shovels, 5) if digging else 0,
        treasure_deck=observation.treasure_deck_size,
        treasure_next=state.treasure_deck[:3] if whole else (),
        map_deck=observation.map_deck_size,
        map_next=state.map_deck[:3] if whole else (),
        discard=observation.map_discard,
        seats=tuple(seats),
        secrets=whole,
    )


def svg_state(state: MorganState) -> str:
    """Draw the whole table; hands and the top of both decks face up, marked hidden.

    With ``hide_claimed_treasures`` the treasures taken are marked hidden too.
    """
    observation = observe(state, 0)
    return _draw(_table(observation, state, None))


def svg_observation(observation: MorganObservation) -> str:
    """Draw the table as ``observation.player`` knows it (a function of the observation).

    Its own hand is face up, the other hands are backs, the decks are counts; with
    ``hide_claimed_treasures`` the others' treasures are backs and the scores "?".
    """
    state = sample_state(observation, 0)
    return _draw(_table(observation, state, observation.player))


# ----------------------------------------------------------------------------- the map


def _name_lines(name: str) -> list[str]:
    words = name.split()
    if len(name) <= 11 or len(words) == 1:
        return [name]
    best = min(
        range(1, len(words)),
        key=lambda cut: abs(len(" ".join(words[:cut])) - len(" ".join(words[cut:]))),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def _draw_tile(
    drawing: Drawing, tile: TileId, rotation: int, left: float, top: float, size: float
) -> None:
    """One tile: blue (water) with a green triangle on each land edge, and its name.

    It is drawn one unit inside its cell, so that a seam of paper parts it from its
    neighbours.
    """
    left, top, size = left + 1, top + 1, size - 2
    right, bottom = left + size, top + size
    centre = (left + size / 2, top + size / 2)
    sides = (
        ((left, top), (right, top)),
        ((right, top), (right, bottom)),
        ((right, bottom), (left, bottom)),
        ((left, bottom), (left, top)),
    )
    drawing.rect(left, top, size, size, fill=_WATER)
    for direction, (first, second) in enumerate(sides):
        if edge_after_rotation(TILES[tile], rotation, direction) is Terrain.LAND:
            drawing.polygon([first, second, centre], fill=_LAND)
    if size >= 60:
        lines = _name_lines(TILES[tile].name)
        font = max(8, round(size / 8))
    else:
        lines = [TILES[tile].code.strip()]
        font = round(size / 3.6)
    box_height = round(font * 1.3 * len(lines) + 4)
    box_width = round(max(len(line) for line in lines) * font * 0.6 + 8)
    box_top = round(centre[1] - box_height / 2)
    drawing.rect(
        round(centre[0] - box_width / 2), box_top, box_width, box_height, fill="#fff", rx=4
    )
    for index, line in enumerate(lines):
        baseline = round(box_top + 2 + font * 1.3 * (index + 0.8))
        drawing.text(centre[0], baseline, line, size=font, anchor="middle")


def _draw_island(
    drawing: Drawing, island: _Island, left: float, top: float, size: float, origin: Cell
) -> None:
    """Draw the map with ``origin`` (a cell) at ``(left, top)``, cells ``size`` wide."""

    def corner(cell: Cell) -> tuple[float, float]:
        return left + (cell[0] - origin[0]) * size, top + (cell[1] - origin[1]) * size

    for tile, (column, row, rotation) in enumerate(island.tiles):
        _draw_tile(drawing, tile, rotation, *corner((column, row)), size)
    colour = INK if island.mover is None else seat_colour(island.mover)
    for tile in island.choices:
        px, py = corner(island.tiles[tile][:2])
        drawing.rect(
            px + 3, py + 3, size - 6, size - 6, stroke=colour, stroke_width=2.5, dash="6 4"
        )
    if island.selected is not None:
        px, py = corner(island.tiles[island.selected][:2])
        drawing.rect(px + 2, py + 2, size - 4, size - 4, stroke=colour, stroke_width=5)
        drawing.text(
            px + size / 2,
            py + size * 0.22,
            "moving",
            size=max(8, size / 8),
            anchor="middle",
            bold=True,
        )
    for cell in island.destinations:
        px, py = corner(cell)
        drawing.rect(px + 3, py + 3, size - 6, size - 6, stroke=colour, stroke_width=2, dash="5 4")
        drawing.text(
            px + size / 2,
            py + size / 2 + 4,
            f"{cell[0]},{cell[1]}",
            size=max(8, size / 7),
            anchor="middle",
        )
    if island.target is not None:
        px, py = corner(island.target)
        drawing.rect(px + 3, py + 3, size - 6, size - 6, stroke=colour, stroke_width=4, dash="8 4")
        drawing.text(
            px + size / 2,
            py + size / 2 + 4,
            "goes here",
            size=max(8, size / 8),
            anchor="middle",
            bold=True,
        )
    radius = size / 10
    for tile in range(len(island.tiles)):
        here = [seat for seat, pawn in enumerate(island.pawns) if pawn == tile]
        px, py = corner(island.tiles[tile][:2])
        for slot, seat in enumerate(here):
            pawn_x = px + size / 2 + (slot - (len(here) - 1) / 2) * radius * 2.4
            pawn_y = py + size - radius * 1.6
            if seat == island.mover:
                drawing.circle(pawn_x, pawn_y, radius + 3, stroke=INK, stroke_width=2)
            drawing.circle(
                pawn_x, pawn_y, radius, fill=seat_colour(seat), stroke="#000000", stroke_width=1
            )
            drawing.text(
                pawn_x,
                pawn_y + radius * 0.45,
                str(seat),
                size=radius * 1.3,
                anchor="middle",
                fill="#ffffff",
            )


def _map_svg(tiles: Sequence[Placement], pawns: Sequence[TileId | None], size: int) -> str:
    """Draw the island map alone (what :func:`~.render.render_map_svg` returns)."""
    columns = max(x for x, _, _ in tiles) + 1
    rows = max(y for _, y, _ in tiles) + 1
    drawing = Drawing(columns * size, rows * size)
    drawing.rect(0, 0, columns * size, rows * size, fill=PAPER)
    _draw_island(drawing, _Island(tiles=tuple(tiles), pawns=tuple(pawns)), 0, 0, size, (0, 0))
    return drawing.to_svg()


# ----------------------------------------------------------------------------- the table


def _short(card: MapCardId) -> str:
    name = TILES[MAP_CARDS[card].reference].name
    return name.removeprefix("The ")


def _draw_card(drawing: Drawing, card: MapCardId, x: float, y: float, secret: bool) -> None:
    """A map card: reference point, distance and bonus symbol (its full name as a tooltip)."""
    face = MAP_CARDS[card]
    colour = _SYMBOL_COLOURS[face.symbol]
    drawing.rect(
        x,
        y,
        _CARD_WIDTH,
        _ITEM_HEIGHT,
        fill=_CARD,
        stroke=INK,
        rx=3,
        dash="4 3" if secret else None,
        tooltip=f"{face} ({face.symbol})",
    )
    drawing.text(x + 4, y + 14, _short(card), size=9.5)
    drawing.text(
        x + 4, y + 30, f"{face.distance} \u00b7 {face.symbol}", size=11, bold=True, fill=colour
    )


def _treasure_width(card: TreasureId) -> int:
    return round(len(TREASURE_CARDS[card].name) * 5.8 + 26)


def _draw_treasure(drawing: Drawing, card: TreasureId, x: float, y: float, secret: bool) -> None:
    """A treasure card in its set's colour, with its name and value."""
    treasure = TREASURE_CARDS[card]
    drawing.rect(
        x,
        y,
        _treasure_width(card),
        _ITEM_HEIGHT,
        fill=_SET_COLOURS[treasure.set],
        stroke=INK,
        rx=3,
        dash="4 3" if secret else None,
    )
    drawing.text(x + 5, y + 22, f"{treasure.name} {treasure.value}", size=10, bold=True)


def _draw_back(drawing: Drawing, x: float, y: float) -> None:
    drawing.rect(x, y, _BACK_WIDTH, _ITEM_HEIGHT, fill=FACE_DOWN, stroke=INK, rx=3)


@attrs.frozen
class _Item:
    """One thing in a seat's row of cards: a label, a map card, a treasure or a back."""

    kind: str
    value: int | str
    width: float
    secret: bool = False


def _label(text: str) -> _Item:
    return _Item("label", text, round(len(text) * 5.6 + 8))


def _seat_items(seat: _Seat) -> list[_Item]:
    items: list[_Item] = []
    if seat.hand_backs:
        items.append(_label(f"hand: {seat.hand_backs} face down"))
        items.extend(_Item("back", 0, _BACK_WIDTH) for _ in range(seat.hand_backs))
    else:
        items.append(_label("hand (hidden):" if seat.hand_secret else "hand:"))
        items.extend(_Item("card", card, _CARD_WIDTH, seat.hand_secret) for card in seat.hand)
    items.append(_Item("gap", 0, 10))
    items.append(_label("play area:" if seat.play_area else "play area: -"))
    items.extend(_Item("card", card, _CARD_WIDTH) for card in seat.play_area)
    items.append(_Item("break", 0, 0))
    hidden = "treasures (hidden from the others):" if seat.treasures_secret else "treasures:"
    if not seat.treasures and not seat.treasure_backs:
        hidden += " -"
    items.append(_label(hidden))
    items.extend(
        _Item("treasure", card, _treasure_width(card), seat.treasures_secret)
        for card in seat.treasures
    )
    if seat.treasure_backs:
        items.append(_label(f"{seat.treasure_backs} face down"))
        items.extend(_Item("back", 0, _BACK_WIDTH) for _ in range(seat.treasure_backs))
    return items


def _flow(items: Sequence[_Item], left: float, right: float) -> list[tuple[_Item, float, int]]:
    """Place items left to right, wrapping to a new row: ``(item, x, row)`` for each.

    A ``break`` item starts a new row.
    """
    placed = []
    x, row = left, 0
    for item in items:
        if item.kind == "break" or (x + item.width > right and x > left):
            x, row = left, row + 1
        placed.append((item, x, row))
        x += item.width + _GAP
    return placed


def _draw_item(drawing: Drawing, item: _Item, x: float, y: float) -> None:
    if item.kind == "label":
        drawing.text(x, y + 22, str(item.value), size=10, italic=True)
    elif item.kind == "card":
        _draw_card(drawing, int(item.value), x, y, item.secret)
    elif item.kind == "treasure":
        _draw_treasure(drawing, int(item.value), x, y, item.secret)
    elif item.kind == "back":
        _draw_back(drawing, x, y)


def _seat_summary(seat: _Seat) -> str:
    where = "no pawn yet" if seat.pawn is None else f"pawn on {TILES[seat.pawn]}"
    worth = "?" if seat.worth is None else str(seat.worth)
    total = "?" if seat.score is None else f"{seat.score:g}"
    place = "" if seat.place is None else f" - place {seat.place}"
    return f"{seat.coins} doubloons - treasures worth {worth} - score {total}{place} - {where}"


def _seat_height(seat: _Seat) -> float:
    rows = 1 + max(row for _, _, row in _flow(_seat_items(seat), _MARGIN + 8, _WIDTH - 18))
    return 26 + rows * (_ITEM_HEIGHT + 4) + 4


def _draw_seat(drawing: Drawing, seat: _Seat, top: float) -> float:
    """Draw one seat's panel from ``top``; return its height."""
    height = _seat_height(seat)
    colour = seat_colour(seat.seat)
    drawing.rect(
        _MARGIN,
        top,
        _WIDTH - 2 * _MARGIN,
        height,
        fill="#ffffff",
        stroke=colour,
        stroke_width=3 if seat.you or seat.to_move else 1,
        rx=6,
        opacity=0.6,
    )
    drawing.circle(_MARGIN + 14, top + 14, 7, fill=colour, stroke="#000000")
    name = f"Seat {seat.seat}" + (" (you)" if seat.you else "")
    drawing.text(_MARGIN + 27, top + 19, name, size=13, bold=True)
    x = _MARGIN + 27 + len(name) * 8 + 8
    if seat.to_move:
        drawing.rect(x, top + 6, 58, 17, fill=colour, rx=8)
        drawing.text(
            x + 29, top + 19, "to move", size=11, anchor="middle", fill="#ffffff", bold=True
        )
        x += 66
    drawing.text(x, top + 19, _seat_summary(seat), size=11.5)
    for item, item_x, row in _flow(_seat_items(seat), _MARGIN + 8, _WIDTH - 18):
        _draw_item(drawing, item, item_x, top + 26 + row * (_ITEM_HEIGHT + 4))
    return height


def _draw_board(drawing: Drawing, table: _Table, top: float) -> float:
    """Draw the treasure board and the decks in the right column; return the bottom."""
    left = _COLUMN
    drawing.text(left, top + 12, "Treasure board (level I on top)", size=13, bold=True)
    colour = INK if table.island.mover is None else seat_colour(table.island.mover)
    y = top + 20
    for index, card in enumerate(table.board):
        treasure = TREASURE_CARDS[card]
        reached = index < table.reach
        drawing.rect(
            left,
            y,
            _COLUMN_WIDTH,
            38,
            fill="#ffffff",
            stroke=colour if reached else INK,
            stroke_width=3 if reached else 1,
            rx=4,
        )
        drawing.text(left + 22, y + 18, _LEVEL_NAMES[index], size=15, bold=True, anchor="middle")
        drawing.text(left + 22, y + 32, f"+{LEVEL_DOUBLOONS[index]}", size=9.5, anchor="middle")
        drawing.rect(left + 44, y, 12, 38, fill=_SET_COLOURS[treasure.set], stroke=INK)
        drawing.text(left + 64, y + 16, treasure.name, size=12, bold=True)
        details = f"{treasure.set} - worth {treasure.value} - rank {treasure.rank}"
        drawing.text(left + 64, y + 31, details, size=10)
        if reached:
            drawing.text(
                left + _COLUMN_WIDTH - 6, y + 16, "in reach", size=10, anchor="end", bold=True
            )
        y += 42
    y += 8
    rows = (
        (
            "Treasure deck",
            table.treasure_deck,
            ", ".join(str(TREASURE_CARDS[c]) for c in table.treasure_next),
        ),
        ("Map card deck", table.map_deck, ", ".join(str(MAP_CARDS[c]) for c in table.map_next)),
    )
    for name, count, upcoming in rows:
        if count:
            drawing.rect(left, y, 18, 26, fill=FACE_DOWN, stroke=INK, rx=2)
        drawing.text(left + 26, y + 11, f"{name}: {count} face down", size=11, bold=True)
        if upcoming:
            drawing.rect(left + 24, y + 14, _COLUMN_WIDTH - 24, 15, stroke=INK, dash="4 3")
            drawing.text(left + 28, y + 25, f"hidden, next: {upcoming}", size=9.5, italic=True)
        y += 34
    drawing.text(left, y + 11, f"Discard pile: {len(table.discard)} face up", size=11, bold=True)
    if table.discard:
        drawing.text(left + 150, y + 11, "top:", size=10, italic=True)
        _draw_card(drawing, table.discard[-1], left + 176, y - 4, secret=False)
    return _draw_key(drawing, table, y + 42)


def _draw_key(drawing: Drawing, table: _Table, top: float) -> float:
    """A small key to the colours; return the bottom."""
    left = _COLUMN
    drawing.rect(left, top, 14, 10, fill=_LAND)
    drawing.text(left + 18, top + 9, "land edge", size=10)
    drawing.rect(left + 80, top, 14, 10, fill=_WATER)
    drawing.text(left + 98, top + 9, "water edge", size=10)
    drawing.rect(left + 170, top, 10, 12, fill=FACE_DOWN)
    drawing.text(left + 184, top + 9, "face down", size=10)
    if table.secrets:
        drawing.rect(left + 245, top, 14, 10, stroke=INK, dash="3 2")
        drawing.text(left + 263, top + 9, "hidden", size=10)
    y = top + 16
    x = left
    for treasure_set, colour in _SET_COLOURS.items():
        drawing.rect(x, y, 12, 10, fill=colour, stroke=INK, stroke_width=0.5)
        drawing.text(x + 15, y + 9, str(treasure_set), size=10)
        x += 60
    drawing.text(
        left,
        y + 26,
        "Map card: reference point, distance (steps), bonus symbol",
        size=10,
        italic=True,
    )
    return y + 32


def _draw(table: _Table) -> str:
    """Draw a table: title, map, board, seats."""
    island = table.island
    cells = [(x, y) for x, y, _ in island.tiles] + list(island.destinations)
    if island.target is not None:
        cells.append(island.target)
    min_x, max_x = min(x for x, _ in cells), max(x for x, _ in cells)
    min_y, max_y = min(y for _, y in cells), max(y for _, y in cells)
    columns, rows = max_x - min_x + 1, max_y - min_y + 1
    size = min(90, (_MAP_WIDTH - _RULER) // columns, (_MAP_HEIGHT - _RULER) // rows) // 2 * 2
    map_left, map_top = _MARGIN + _RULER, _MAP_TOP + _RULER
    map_bottom = map_top + rows * size
    seats_top = max(map_bottom, _COLUMN_BOTTOM) + 12
    height = seats_top + sum(_seat_height(seat) + 8 for seat in table.seats) + 4
    drawing = Drawing(_WIDTH, height, title=table.title)
    drawing.rect(0, 0, _WIDTH, height, fill=PAPER)
    drawing.text(_MARGIN, 24, table.title, size=16, bold=True)
    drawing.text(_MARGIN, 46, table.decision, size=13)
    font = max(8.0, min(11.0, size / 3))
    for column in range(columns):
        x = map_left + (column + 0.5) * size
        drawing.text(
            x, map_top - 5, str(min_x + column), size=font, anchor="middle", fill="#666666"
        )
    for row in range(rows):
        y = map_top + (row + 0.5) * size + 4
        drawing.text(map_left - 4, y, str(min_y + row), size=font, anchor="end", fill="#666666")
    _draw_island(drawing, island, map_left, map_top, size, (min_x, min_y))
    _draw_board(drawing, table, _MAP_TOP - 8)
    y = seats_top
    for seat in table.seats:
        y += _draw_seat(drawing, seat, y) + 8
    return drawing.to_svg()

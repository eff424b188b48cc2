"""Irány a Kincses Sziget! as a picture: the serpentine track, the supply and one panel per seat.

Both pictures are drawn by one function from one small value, ``_Table``, that says what
is shown: :func:`svg_state` builds it from a state (every hand, collection, mission, secret
composition, face-down island and pile top face up, inside dashed outlines that mark them
as hidden from the other players, with each seat's score), :func:`svg_observation` from
an observation alone (what the seat does not know as purple backs, a treasure whose value
only is known as a back showing that value, and its own panel marked "you").

The track is drawn as the board prints it: six rows of seven spaces along the serpentine
(START left of space 1, Treasure Island below space 42), tinted by zone; a space shows its
number and zone, the ship on it, the event card activated there (its kind, colours as
letters ``O B G K``, its value), an island card (purple ``?`` face down, its colour and value
once known, outlined in the occupant's colour) and a pearl bed (a white pearl with its
count). Beside it: the crew row, the treasure rows, the mission row, the piles and the chest.
Below: one panel per seat with its ship's colour, position, anchor disc, pearls, islands,
hand (values in orange/blue/green/black order and the item the pirate masters), treasures,
missions, setup offer, drawn mission, secret composition and cards on the table.

>>> import boardgames
>>> game = boardgames.make("kincses-sziget", players=3)
>>> state = game.new_game(seed=3)
>>> svg_state(state).startswith("<svg")
True
>>> "seat 0 (you)" in svg_observation(game.observe(state, 0))
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

from boardgames.core.protocol import PlayerId
from boardgames.core.svg import FACE_DOWN, INK, PAPER, Drawing, seat_colour
from boardgames.games.kincses_sziget.components import (
    ARRIVAL_POINTS,
    CREW_CARDS,
    EVENT_CARDS,
    ISLAND,
    ISLANDS,
    LAST_SPACE,
    MISSIONS,
    START,
    TREASURE_VALUES,
    TREASURES,
    ZONE_OF,
    ZONE_PENALTY,
    ZONE_POINTS,
    ZONE_SPACES,
    CardId,
    Colour,
    DuelMark,
    EventId,
    EventKind,
    MissionKind,
    Pirate,
    Space,
)
from boardgames.games.kincses_sziget.observation import KincsesObservation, observe
from boardgames.games.kincses_sziget.render import _decision
from boardgames.games.kincses_sziget.rules import ranking, score
from boardgames.games.kincses_sziget.state import KincsesState, _pending_step

__all__ = ["svg_observation", "svg_state"]

_WIDTH = 1000
_MUTED = "#666"
_CARD_FACE = "#fff"
_CHIP = "#eee6d2"
_YOU = "#fff6d5"
_GRID = "#b9b09c"
_LETTERS = "OBGK"
_ABILITY = {
    Colour.ORANGE: "#d60",
    Colour.BLUE: "#25b",
    Colour.GREEN: "#284",
    Colour.BLACK: "#222",
}
"""The ink of each ability colour."""
_TINT = {
    Colour.ORANGE: "#fbe1c2",
    Colour.BLUE: "#d6e2f6",
    Colour.GREEN: "#d5eed8",
    Colour.BLACK: "#d9d9d9",
}
"""A pale background of each ability colour (event cards, island cards)."""
_ZONE_TINT = ("#f1e2bf", "#e2edd5", "#d7e5f2", "#e8dcef")
"""The background of zones A, B, C and D."""

_CELL_W = 70
_CELL_H = 56
_TRACK_X = 66
_TRACK_Y = 54
_SIDE_X = 568
_CARD_W = 68
_CARD_H = 46
_CHIP_H = 15
_LINE = 18

_MARKS = {DuelMark.DOUBLE_CIRCLE: " ◎", DuelMark.CROSS: " ✕", DuelMark.PLAIN: ""}
_MISSION_NAMES = {
    MissionKind.MOST_ORANGE: "most orange",
    MissionKind.MOST_BLUE: "most blue",
    MissionKind.MOST_GREEN: "most green",
    MissionKind.MOST_BLACK: "most black",
    MissionKind.FIRST_TO_ISLAND: "first to the island",
    MissionKind.SECOND_TO_ARRIVE: "second to arrive",
    MissionKind.SECRET_CASKET: "secret casket",
    MissionKind.MOST_FEMALE: "most female pirates",
    MissionKind.MOST_ONE_EYED: "most one-eyed pirates",
    MissionKind.THREE_BLACK_WEAPONS: "3 black weapons",
    MissionKind.THREE_GREEN_WEAPONS: "3 green weapons",
}


# --- what is shown ----------------------------------------------------------------------------


@attrs.frozen
class _Card:
    """One card as drawn: its face (``None``: its back) and whether it is hidden.

    ``secret`` draws the face inside a dashed outline: it is hidden from (some of) the
    other players. ``hint`` is what a back shows (a treasure's known value, or ``?``).
    """

    face: int | None
    secret: bool = False
    hint: str = "?"


@attrs.frozen
class _Seat:
    """What is shown of one seat."""

    position: Space
    anchor: int
    pearls: int
    islands: int
    points: float | None
    place: int | None
    hand: tuple[_Card, ...]
    treasures: tuple[_Card, ...]
    missions: tuple[_Card, ...]
    offer: tuple[_Card, ...]
    drawn: tuple[_Card, ...]
    commit: tuple[_Card, ...]
    committed: bool
    commit_known: bool
    played: tuple[CardId, ...]
    owed: int


@attrs.frozen
class _Island:
    space: Space
    island: int | None
    owner: PlayerId | None
    secret: bool


@attrs.frozen
class _Table:
    """Everything one picture shows: built from a state or from an observation."""

    heading: str
    decision: str
    viewer: PlayerId | None
    to_move: PlayerId | None
    start_player: PlayerId
    seats: tuple[_Seat, ...]
    board_events: tuple[EventId | None, ...]
    board_pearls: tuple[int, ...]
    islands: tuple[_Island, ...]
    crew_row: tuple[CardId | None, ...]
    crew_pile: int
    crew_top: _Card | None
    crew_discard: tuple[CardId, ...]
    chest: tuple[CardId, ...]
    treasure_rows: tuple[tuple[int, ...], ...]
    treasure_piles: tuple[int, ...]
    treasure_tops: tuple[_Card | None, ...]
    mission_row: tuple[int | None, ...]
    mission_pile: int
    mission_top: _Card | None
    event_piles: tuple[int, ...]
    event_tops: tuple[_Card | None, ...]
    event_discard: int


def _heading(observation: KincsesObservation, view: str) -> str:
    return (
        f"Irány a Kincses Sziget! - {observation.players} players, round {observation.round}, "
        f"turn {observation.turn}/{observation.max_turns} - {view}"
    )


def _table(
    observation: KincsesObservation,
    viewer: PlayerId | None,
    *,
    seats: tuple[_Seat, ...],
    islands: tuple[_Island, ...],
    crew_top: _Card | None,
    treasure_tops: tuple[_Card | None, ...],
    mission_top: _Card | None,
    event_tops: tuple[_Card | None, ...],
) -> _Table:
    """A ``_Table`` of what ``seats`` and the piles show, with the public rest."""
    view = "the whole table (dashed: hidden from the players)"
    if viewer is not None:
        view = f"as seat {viewer} sees it"
    return _Table(
        heading=_heading(observation, view),
        decision=_decision(observation),
        viewer=viewer,
        to_move=_pending_step(observation.tasks).player if observation.tasks else None,
        start_player=observation.start_player,
        seats=seats,
        board_events=observation.board_events,
        board_pearls=observation.board_pearls,
        islands=islands,
        crew_row=observation.crew_row,
        crew_pile=observation.crew_pile_size,
        crew_top=crew_top,
        crew_discard=observation.crew_discard,
        chest=observation.chest,
        treasure_rows=observation.treasure_rows,
        treasure_piles=observation.treasure_pile_sizes,
        treasure_tops=treasure_tops,
        mission_row=observation.mission_row,
        mission_pile=observation.mission_pile_size,
        mission_top=mission_top,
        event_piles=observation.event_pile_sizes,
        event_tops=event_tops,
        event_discard=len(observation.event_discard),
    )


def _shown(cards: Sequence[int], masks: Sequence[int], everyone: int) -> tuple[_Card, ...]:
    return tuple(_Card(card, secret=masks[card] != everyone) for card in cards)


def _top(pile: Sequence[int], masks: Sequence[int], everyone: int) -> _Card | None:
    return _Card(pile[0], secret=masks[pile[0]] != everyone) if pile else None


def _from_state(state: KincsesState) -> _Table:
    everyone = (1 << state.players) - 1
    public = observe(state, 0)
    points = score(state)
    places = ranking(state) if not state.tasks else None
    seats = tuple(
        _Seat(
            position=state.positions[seat],
            anchor=state.anchors[seat],
            pearls=state.pearls[seat],
            islands=sum(1 for owner in state.island_owners if owner == seat),
            points=points[seat],
            place=places[seat] if places is not None else None,
            hand=_shown(state.hands[seat], state.crew_known, everyone),
            treasures=_shown(state.treasures[seat], state.treasure_known, everyone),
            missions=_shown(state.missions[seat], state.mission_known, everyone),
            offer=_shown(state.mission_offers[seat], state.mission_known, everyone),
            drawn=_shown(state.drawn_missions[seat], state.mission_known, everyone),
            commit=tuple(_Card(card, secret=True) for card in state.commits[seat]),
            committed=state.committed[seat],
            commit_known=True,
            played=state.played[seat],
            owed=state.owed[seat],
        )
        for seat in range(state.players)
    )
    islands = tuple(
        _Island(space, island, state.island_owners[island], state.island_owners[island] is None)
        for space, island in enumerate(state.board_islands)
        if island is not None
    )
    return _table(
        public,
        None,
        seats=seats,
        islands=islands,
        crew_top=_top(state.crew_pile, state.crew_known, everyone),
        treasure_tops=tuple(
            _top(pile, state.treasure_known, everyone) for pile in state.treasure_piles
        ),
        mission_top=_top(state.mission_pile, state.mission_known, everyone),
        event_tops=tuple(
            _Card(pile[0], secret=known != everyone) if pile else None
            for pile, known in zip(state.event_piles, state.event_tops_known, strict=True)
        ),
    )


def _backs(count: int, hint: str = "?") -> tuple[_Card, ...]:
    return tuple(_Card(None, hint=hint) for _ in range(count))


def _from_observation(observation: KincsesObservation) -> _Table:
    me = observation.player
    seats = []
    for seat, view in enumerate(observation.seats):
        treasures = tuple(_Card(card) for card in view.known_treasures)
        treasures += tuple(_Card(None, hint=str(value)) for value in view.known_treasure_values)
        unknown = view.treasure_count - len(treasures)
        commit: tuple[_Card, ...] = ()
        if seat == me:
            commit = tuple(_Card(card) for card in observation.commit)
        seats.append(
            _Seat(
                position=view.position,
                anchor=view.anchor,
                pearls=view.pearls,
                islands=sum(1 for island in observation.islands if island.owner == seat),
                points=None,
                place=None,
                hand=tuple(_Card(card) for card in view.known_hand)
                + _backs(view.hand_size - len(view.known_hand)),
                treasures=treasures + _backs(unknown),
                missions=tuple(_Card(m) for m in view.known_missions)
                + _backs(view.mission_count - len(view.known_missions)),
                offer=tuple(_Card(m) for m in view.known_offer)
                + _backs(view.offer_count - len(view.known_offer)),
                drawn=tuple(_Card(m) for m in view.known_drawn)
                + _backs(view.drawn_count - len(view.known_drawn)),
                commit=commit,
                committed=view.committed,
                commit_known=seat == me,
                played=view.played,
                owed=view.owed,
            )
        )
    islands = tuple(
        _Island(view.space, view.island, view.owner, view.owner is None and view.island is not None)
        for view in observation.islands
    )

    # A pile's top card the seat knows (a telescope's peek) is shown face up.
    crew_top = next((_Card(c) for i, c in observation.crew_pile_known if i == 0), None)
    mission_top = next((_Card(m) for i, m in observation.mission_pile_known if i == 0), None)
    treasure_tops = tuple(
        next((_Card(t) for r, i, t in observation.treasure_pile_known if (r, i) == (rank, 0)), None)
        for rank in range(len(TREASURE_VALUES))
    )
    event_tops = tuple(
        next((_Card(c) for p, i, c in observation.event_pile_known if (p, i) == (pile, 0)), None)
        for pile in range(len(observation.event_pile_sizes))
    )
    return _table(
        observation,
        me,
        seats=tuple(seats),
        islands=islands,
        crew_top=crew_top,
        treasure_tops=treasure_tops,
        mission_top=mission_top,
        event_tops=event_tops,
    )


# --- drawing helpers --------------------------------------------------------------------------


def _text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` in a sans-serif font."""
    return len(text) * size * 0.54


def _dash(card: _Card) -> str | None:
    return "3 2" if card.secret else None


def _split_name(name: str, size: float, width: float) -> list[str]:
    """The name on one line, or on two split at the space nearest its middle."""
    if _text_width(name, size) <= width or " " not in name:
        return [name]
    spaces = [index for index, char in enumerate(name) if char == " "]
    cut = min(spaces, key=lambda index: abs(index - len(name) / 2))
    return [name[:cut], name[cut + 1 :]]


def _crew_card(drawing: Drawing, x: float, y: float, card: _Card) -> None:
    """A crew card: name, values (orange/blue/green/black) and item, or a purple back."""
    if card.face is None:
        drawing.rect(x, y, _CARD_W, _CARD_H, fill=FACE_DOWN)
        drawing.text(x + _CARD_W / 2, y + 28, card.hint, size=12, anchor="middle", fill=PAPER)
        return
    crew = CREW_CARDS[card.face]
    drawing.rect(x, y, _CARD_W, _CARD_H, fill=_CARD_FACE, stroke=INK, dash=_dash(card))
    for index, line in enumerate(_split_name(crew.name, 8.5, _CARD_W - 4)):
        drawing.text(x + 3, y + 10 + 9 * index, line, size=8.5)
    if isinstance(crew, Pirate):
        values = " ".join(str(value) for value in crew.values)  # orange, blue, green, black
        drawing.text(x + 4, y + 31, values, size=10)
        if crew.icon is not None:
            drawing.text(x + 4, y + 40, str(crew.icon), size=8, fill=_MUTED)
        return
    drawing.rect(x + 1, y + _CARD_H - 4, _CARD_W - 2, 3, fill=_ABILITY[crew.colour])
    ink = _ABILITY[crew.colour]
    drawing.text(x + 4, y + 31, f"{crew.colour} {crew.value}", size=10, fill=ink)
    drawing.text(x + 4, y + 40, str(crew.icon), size=8, fill=_MUTED)


def _chip(
    drawing: Drawing, x: float, y: float, text: str, *, fill: str, secret: bool = False
) -> float:
    """A small labelled card (a treasure, a mission, a pile); return its width."""
    width = math.ceil(_text_width(text, 9)) + 8
    if secret:
        drawing.rect(x, y, width, _CHIP_H, fill=fill, stroke=INK, dash="3 2")
    else:
        drawing.rect(x, y, width, _CHIP_H, fill=_CHIP if fill == _CARD_FACE else fill)
    ink = PAPER if fill == FACE_DOWN else INK
    drawing.text(x + 4, y + 11, text, size=9, fill=ink)
    return width


def _treasure_text(card: _Card) -> str:
    if card.face is None:
        return card.hint
    treasure = TREASURES[card.face]
    return f"{treasure.name} {treasure.value}"


def _mission_text(mission: int) -> str:
    card = MISSIONS[mission]
    return f"{_MISSION_NAMES[card.kind]} +{card.bonus}/-{card.penalty}"


def _event_text(card: EventId) -> str:
    event = EVENT_CARDS[card]
    text = str(event.kind)
    if event.colours and event.kind is not EventKind.REEFS:
        text += " " + "".join(_LETTERS[colour] for colour in event.colours)
    if event.value:
        text += f" {event.value}"
    if event.mark is not None and event.kind is EventKind.DUEL:
        text += _MARKS[event.mark]
    if event.shell:
        text += " $"
    return text


class _Measure(Drawing):
    """A drawing that draws nothing: the layout runs on it once to learn the heights."""

    def rect(self, *args: Any, **kwargs: Any) -> None:
        """Draw nothing."""

    def circle(self, *args: Any, **kwargs: Any) -> None:
        """Draw nothing."""

    def line(self, *args: Any, **kwargs: Any) -> None:
        """Draw nothing."""

    def polygon(self, *args: Any, **kwargs: Any) -> None:
        """Draw nothing."""

    def polyline(self, *args: Any, **kwargs: Any) -> None:
        """Draw nothing."""

    def text(self, *args: Any, **kwargs: Any) -> None:
        """Draw nothing."""


class _Flow:
    """Places chips left to right within a width, wrapping to a new line when full."""

    def __init__(self, drawing: Drawing, x: float, y: float, width: float) -> None:
        self.drawing = drawing
        self.left = x
        self.right = x + width
        self.x = x
        self.y = y

    def fits(self, width: float) -> None:
        if self.x + width > self.right and self.x > self.left:
            self.x = self.left
            self.y += _LINE

    def label(self, text: str) -> None:
        width = math.ceil(_text_width(text, 9))
        self.fits(width + 4)
        self.drawing.text(self.x, self.y + 11, text, size=9, fill=_MUTED)
        self.x += width + 2

    def chip(self, text: str, *, fill: str, secret: bool = False) -> None:
        self.fits(_text_width(text, 9) + 10)
        self.x += _chip(self.drawing, self.x, self.y, text, fill=fill, secret=secret) + 3

    def card(self, card: _Card, text: str) -> None:
        if card.face is None:
            self.chip(card.hint, fill=FACE_DOWN)
        else:
            self.chip(text, fill=_CARD_FACE, secret=card.secret)

    def newline(self) -> None:
        if self.x > self.left:
            self.x = self.left
            self.y += _LINE

    @property
    def bottom(self) -> float:
        return self.y + (_LINE if self.x > self.left else 0)


def _ship(drawing: Drawing, x: float, y: float, seat: PlayerId) -> None:
    """A ship's hull in the seat's colour, with the seat number on it."""
    drawing.polygon(
        [(x, y), (x + 24, y), (x + 19, y + 12), (x + 5, y + 12)],
        fill=seat_colour(seat),
        stroke=INK,
        stroke_width=0.6,
    )
    drawing.text(x + 12, y + 10, str(seat), size=10, bold=True, anchor="middle", fill="#fff")


# --- the track --------------------------------------------------------------------------------


def _cell(space: Space) -> tuple[float, float]:
    """The top-left corner of a numbered space's cell (serpentine rows of seven)."""
    row, column = divmod(space - 1, 7)
    if row % 2:
        column = 6 - column
    return _TRACK_X + column * _CELL_W, _TRACK_Y + row * _CELL_H


def _draw_track(drawing: Drawing, table: _Table) -> float:
    """Draw the board; return its bottom."""
    for zone, (first, last) in enumerate(ZONE_SPACES):  # one tinted band per row and zone
        space = first
        while space <= last:
            row_end = min(last, ((space - 1) // 7 + 1) * 7)
            x1, y = _cell(space)
            x2, _ = _cell(row_end)
            left = min(x1, x2)
            width = abs(x2 - x1) + _CELL_W
            drawing.rect(left, y, width, _CELL_H, fill=_ZONE_TINT[zone])
            space = row_end + 1
    # The grid as two zigzag lines: one draws every row's edges, the other every column's.
    right, bottom = _TRACK_X + 7 * _CELL_W, _TRACK_Y + 6 * _CELL_H
    rows: list[tuple[float, float]] = []
    for row in range(7):
        ends = (_TRACK_X, right) if row % 2 == 0 else (right, _TRACK_X)
        rows += [(ends[0], _TRACK_Y + row * _CELL_H), (ends[1], _TRACK_Y + row * _CELL_H)]
    columns: list[tuple[float, float]] = []
    for column in range(8):
        ends = (_TRACK_Y, bottom) if column % 2 == 0 else (bottom, _TRACK_Y)
        columns += [(_TRACK_X + column * _CELL_W, ends[0]), (_TRACK_X + column * _CELL_W, ends[1])]
    drawing.polyline(rows, stroke=_GRID)
    drawing.polyline(columns, stroke=_GRID)
    for row in range(1, 6):  # the direction of each row, in the left margin
        arrow = "←" if row % 2 else "→"
        drawing.text(_TRACK_X - 30, _TRACK_Y + row * _CELL_H + 33, arrow, size=16, fill=_MUTED)
    islands = {island.space: island for island in table.islands}
    ships: dict[Space, list[PlayerId]] = {}
    for seat, view in enumerate(table.seats):
        ships.setdefault(view.position, []).append(seat)
    for space in range(1, LAST_SPACE + 1):
        x, y = _cell(space)
        drawing.text(x + 3, y + 11, f"{space}{ZONE_OF[space]}", size=9, fill=_MUTED)
        for seat in ships.get(space, []):
            _ship(drawing, x + 5, y + 15, seat)
        island = islands.get(space)
        if island is not None:
            _draw_island(drawing, x + 40, y + 3, island)
        pearls = table.board_pearls[space]
        if pearls:
            drawing.circle(x + 38, y + 24, 5, fill="#fff", stroke=_MUTED, stroke_width=0.8)
            drawing.text(x + 46, y + 28, str(pearls), size=10, bold=True)
        event = table.board_events[space]
        if event is not None:
            _draw_event(drawing, x + 2, y + 35, event)
    # START, left of space 1, and Treasure Island, below space 42.
    drawing.rect(6, _TRACK_Y, 56, _CELL_H, fill=_ZONE_TINT[0], stroke=_GRID)
    drawing.text(34, _TRACK_Y + 11, "START →", size=9, bold=True, anchor="middle")
    for index, seat in enumerate(ships.get(START, [])):
        _ship(drawing, 8 + 27 * (index % 2), _TRACK_Y + 16 + 19 * (index // 2), seat)
    island_y = _TRACK_Y + 6 * _CELL_H + 4
    drawing.rect(_TRACK_X, island_y, 2 * _CELL_W, 40, fill="#f7e7a8", stroke=INK, rx=8)
    drawing.text(
        _TRACK_X + 6, island_y + 13, f"↑ TREASURE ISLAND +{ARRIVAL_POINTS}", size=9, bold=True
    )
    for index, seat in enumerate(ships.get(ISLAND, [])):
        _ship(drawing, _TRACK_X + 6 + 28 * index, island_y + 20, seat)
    _draw_key(drawing, _TRACK_X + 2 * _CELL_W + 8, island_y)
    return island_y + 54


def _draw_island(drawing: Drawing, x: float, y: float, island: _Island) -> None:
    """An island card: a purple ``?`` face down, else its colour and value."""
    if island.island is None:
        drawing.rect(x, y, 26, 18, fill=FACE_DOWN, stroke=INK, stroke_width=0.5, rx=2)
        drawing.text(x + 13, y + 13, "?", size=11, bold=True, anchor="middle", fill=PAPER)
        return
    card = ISLANDS[island.island]
    if island.owner is not None:
        drawing.rect(
            x, y, 26, 18, fill=_TINT[card.colour], stroke=seat_colour(island.owner),
            stroke_width=3, rx=2,
        )  # fmt: skip
    else:
        drawing.rect(
            x, y, 26, 18, fill=_TINT[card.colour], stroke=INK, stroke_width=1, rx=2,
            dash="3 2" if island.secret else None,
        )  # fmt: skip
    drawing.text(
        x + 13,
        y + 13,
        f"{_LETTERS[card.colour]}{card.value}",
        size=9,
        bold=True,
        anchor="middle",
        fill=_ABILITY[card.colour],
        tooltip=str(card),
    )


def _draw_event(drawing: Drawing, x: float, y: float, event: EventId) -> None:
    """An activated event card lying on a space."""
    card = EVENT_CARDS[event]
    fill = _TINT[card.colours[0]] if card.colours else "#fff"
    drawing.rect(x, y, _CELL_W - 4, 17, fill=fill)
    drawing.text(x + 3, y + 12, _event_text(event), size=9)


def _draw_key(drawing: Drawing, x: float, y: float) -> None:
    """What the colours and outlines mean."""
    for zone, (first, last) in enumerate(ZONE_SPACES):
        left = x + 88 * zone
        drawing.rect(left, y, 84, 16, fill=_ZONE_TINT[zone], stroke=_GRID, stroke_width=0.6)
        points = ZONE_POINTS[zone]
        drawing.text(
            left + 3,
            y + 11,
            f"{'ABCD'[zone]} {first}-{last}: -{ZONE_PENALTY[zone]}, {points:+d}pt",
            size=8,
        )
    for line, text in enumerate(
        (
            "zone: its spaces, step back, points · pirates: orange blue green black values",
            "O B G K: colours · duel ◎ draw, ✕ discard first · $ pearl sale",
            "purple: face down · dashed: hidden from the others",
        )
    ):
        drawing.text(x, y + 27 + 11 * line, text, size=8, fill=_MUTED)


# --- the supply -------------------------------------------------------------------------------


def _pile(flow: _Flow, name: str, size: int, top: _Card | None, text: str | None) -> None:
    flow.chip(f"{name} {size}", fill=FACE_DOWN)
    if top is not None and text is not None:  # its top card, known or (dashed) hidden
        flow.card(top, text)


def _draw_supply(drawing: Drawing, table: _Table) -> float:
    """The crew row, the chest, the treasure, mission and event supplies; return the bottom."""
    x, width = _SIDE_X, _WIDTH - _SIDE_X - 6
    y: float = _TRACK_Y
    drawing.text(x, y + 9, "crew row (slots 0-5)", size=9, bold=True)
    y += 13
    if all(card is None for card in table.crew_row) and table.crew_pile and not table.crew_discard:
        drawing.text(x, y + 25, "dealt after the setup", size=10, italic=True, fill=_MUTED)
    else:
        for slot, card in enumerate(table.crew_row):
            left = x + slot * (_CARD_W + 3)
            if card is None:
                drawing.rect(left, y, _CARD_W, _CARD_H, stroke=_MUTED, stroke_width=0.6, dash="2 2")
            else:
                _crew_card(drawing, left, y, _Card(card))
    y += _CARD_H + 5
    flow = _Flow(drawing, x, y, width)
    crew_top = table.crew_top
    top_text = None
    if crew_top is not None and crew_top.face is not None:
        top_text = CREW_CARDS[crew_top.face].name
    _pile(flow, "crew pile", table.crew_pile, crew_top, top_text)
    discard = f"discards {len(table.crew_discard)}"
    if table.crew_discard:
        discard += f", top: {CREW_CARDS[table.crew_discard[-1]].name}"
    flow.label(discard)
    flow.newline()
    y = flow.bottom
    if table.chest:
        drawing.text(x, y + 10, "chest (the activator keeps its weapons)", size=9, bold=True)
        for index, card in enumerate(table.chest):
            _crew_card(drawing, x + index * (_CARD_W + 3), y + 14, _Card(card))
        y += 14 + _CARD_H + 5
        flow = _Flow(drawing, x, y, width)
    drawing.text(x, y + 10, "treasures (face up, then the pile)", size=9, bold=True)
    flow.y = y + 14
    for rank, value in enumerate(TREASURE_VALUES):
        flow.label(f"{value}:")
        for treasure in table.treasure_rows[rank]:
            flow.chip(_treasure_text(_Card(treasure)), fill=_CARD_FACE)
        top = table.treasure_tops[rank]
        _pile(flow, "pile", table.treasure_piles[rank], top, _treasure_text(top) if top else None)
        flow.newline()
    y = flow.bottom
    drawing.text(x, y + 10, "missions (slots 0-2, then the pile)", size=9, bold=True)
    flow.y = y + 14
    if all(mission is None for mission in table.mission_row) and table.mission_pile:
        flow.label("dealt after the setup")
    for mission in table.mission_row:
        if mission is not None:
            flow.chip(_mission_text(mission), fill=_CARD_FACE)
    mission_top = table.mission_top
    mission_text = None
    if mission_top is not None and mission_top.face is not None:
        mission_text = _mission_text(mission_top.face)
    _pile(flow, "pile", table.mission_pile, mission_top, mission_text)
    flow.newline()
    y = flow.bottom
    drawing.text(x, y + 10, "event piles 0, 1, 2", size=9, bold=True)
    flow.y = y + 14
    for pile, size in enumerate(table.event_piles):
        top = table.event_tops[pile]
        text = _event_text(top.face) if top is not None and top.face is not None else None
        _pile(flow, f"pile {pile}:", size, top, text)
    flow.label(f"discards {table.event_discard}")
    flow.newline()
    return flow.bottom


# --- the seats --------------------------------------------------------------------------------


def _where(position: Space) -> str:
    if position == START:
        return "START"
    if position == ISLAND:
        return "Treasure Island"
    return f"space {position} ({ZONE_OF[position]})"


def _seat_heading(table: _Table, seat: PlayerId, view: _Seat) -> str:
    parts = [_where(view.position), f"anchor {view.anchor}", f"pearls {view.pearls}"]
    parts.append(f"islands {view.islands}")
    if view.points is not None:
        parts.append(f"{view.points:g} point" + ("" if view.points == 1 else "s"))
    if view.place is not None:
        parts.append(f"place {view.place}")
    if table.start_player == seat:
        parts.append("start player")
    return " · ".join(parts)


def _draw_seat(drawing: Drawing, table: _Table, seat: PlayerId, top: float) -> float:
    """One seat's panel; return its bottom."""
    view = table.seats[seat]
    you = table.viewer == seat
    moving = table.to_move == seat
    colour = seat_colour(seat)
    left, width = 6, _WIDTH - 12
    hand_width = 7 * (_CARD_W + 3)
    chips = (left + 14 + hand_width, top + 24, width - hand_width - 22)
    measure = _Flow(_Measure(1, 1), *chips)  # lay the chips out once to learn the height
    _seat_chips(measure, view)
    bottom = max(top + 26 + _CARD_H, measure.bottom) + 6
    drawing.rect(
        left, top, width, bottom - top, fill=_YOU if you else "#fff", stroke=colour,
        stroke_width=3 if moving else 1.2, rx=5,
    )  # fmt: skip
    _seat_chips(_Flow(drawing, *chips), view)
    _ship(drawing, left + 6, top + 5, seat)
    name = f"seat {seat}" + (" (you)" if you else "")
    drawing.text(left + 36, top + 16, name, size=12, bold=True, fill=colour)
    heading = _seat_heading(table, seat, view)
    drawing.text(left + 40 + _text_width(name, 12), top + 16, heading, size=10)
    if moving:
        drawing.text(left + width - 8, top + 16, "▶ to move", size=11, bold=True, anchor="end")
    x = left + 8
    for card in view.hand:
        _crew_card(drawing, x, top + 24, card)
        x += _CARD_W + 3
    if not view.hand:
        drawing.text(x, top + 50, "no crew cards", size=9, italic=True, fill=_MUTED)
    return bottom


def _seat_chips(flow: _Flow, view: _Seat) -> None:
    """A seat's treasures, missions, offers, secret composition and cards on the table."""
    flow.label("treasures:")
    for card in view.treasures:
        flow.card(card, _treasure_text(card))
    if not view.treasures:
        flow.label("none")
    flow.newline()
    flow.label("missions:")
    for card in view.missions:
        flow.card(card, _mission_text(card.face) if card.face is not None else "")
    if not view.missions:
        flow.label("none")
    if view.offer:
        flow.newline()
        flow.label("mission offer (keeps one):")
        for index, card in enumerate(view.offer):
            text = f"{index}: {_mission_text(card.face)}" if card.face is not None else ""
            flow.card(card, text)
    if view.drawn:
        flow.newline()
        flow.label("drawn mission:")
        for card in view.drawn:
            flow.card(card, _mission_text(card.face) if card.face is not None else "")
    if view.commit:
        flow.newline()
        flow.label("secret composition:" if view.committed else "composition so far:")
        for card in view.commit:
            flow.card(card, CREW_CARDS[card.face].name if card.face is not None else "")
    elif view.committed:
        flow.newline()
        flow.label("committed: nothing offered" if view.commit_known else "committed in secret")
    if view.played:
        flow.newline()
        flow.label("on the table:")
        for played in view.played:
            flow.chip(CREW_CARDS[played].name, fill=_CARD_FACE)
    if view.owed:
        flow.label(f"owes {view.owed}")


# --- the whole picture ------------------------------------------------------------------------


def _draw(table: _Table) -> str:
    # The panels' heights depend on their contents: lay out on a scratch drawing first.
    scratch = _Measure(_WIDTH, 1)
    track_bottom = _draw_track(scratch, table)
    supply_bottom = _draw_supply(scratch, table)
    top = max(track_bottom, supply_bottom) + 6
    for seat in range(len(table.seats)):
        top = _draw_seat(scratch, table, seat, top) + 6
    drawing = Drawing(_WIDTH, top, title=table.heading)
    drawing.rect(0, 0, _WIDTH, top, fill=PAPER)
    drawing.text(8, 20, table.heading, size=14, bold=True)
    mover = table.to_move
    drawing.text(8, 40, table.decision, size=11, fill=INK if mover is None else seat_colour(mover))
    _draw_track(drawing, table)
    _draw_supply(drawing, table)
    top = max(track_bottom, supply_bottom) + 6
    for seat in range(len(table.seats)):
        top = _draw_seat(drawing, table, seat, top) + 6
    return drawing.to_svg()


def svg_state(state: KincsesState) -> str:
    """Draw the whole table, every hidden card face up inside a dashed outline."""
    return _draw(_from_state(state))


def svg_observation(observation: KincsesObservation) -> str:
    """Draw the table as ``observation.player`` knows it (unknown cards as backs)."""
    return _draw(_from_observation(observation))

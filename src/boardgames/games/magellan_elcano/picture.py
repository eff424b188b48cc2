"""Magellan: Elcano as a picture: the ocean piles, then one panel per captain.

Both pictures are drawn by one function from one small value, ``_Table``, that says
what is shown: :func:`svg_state` builds it from a state (every hand, storm column, draw
deck and face-down discard face up, inside dashed outlines that mark them as hidden from
the other players), :func:`svg_observation` from an observation alone (the other captains'
hands and storm columns as face-down backs, with the cards everyone saw go back into a
hand shown face up on pale yellow).

Each captain's panel shows his three face-up columns (red, blue, green; each headed by
its values in play order and their total), his storm column in storm games, his hand,
the ocean and storm cards he has won and his victory points, and marks for the captain to
move, the holder of the Pigafetta card and a captain who has passed.

>>> import boardgames
>>> game = boardgames.make("magellan-elcano", players=3)
>>> state = game.new_game(seed=3)
>>> svg_state(state).startswith("<svg")
True
>>> "seat 0 (you)" in svg_observation(game.observe(state, 0))
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from boardgames.core.svg import FACE_DOWN, INK, PAPER, Drawing, seat_colour
from boardgames.games.magellan_elcano import _knowledge
from boardgames.games.magellan_elcano.components import (
    CREW_CARDS,
    OCEAN_CARDS,
    STORM_CARDS,
    CardId,
    Colour,
)
from boardgames.games.magellan_elcano.observation import MagellanObservation, observe
from boardgames.games.magellan_elcano.rules import ROUNDS, ranking
from boardgames.games.magellan_elcano.state import Crew, MagellanState, Place

__all__ = ["svg_observation", "svg_state"]

_WIDTH = 1000
_CARD_WIDTH = 30
_CARD_HEIGHT = 40
_OCEAN_TOP = 62
_OCEAN_HEIGHT = 88
_PANEL_TOP = 160
_PANEL_HEIGHT = 106
_PANEL_GAP = 6
_COLUMN_WIDTH = 118
_MUTED = "#555"
_SEEN = "#fff1b8"
_STORM_INK = "#444"
_STORM_TINT = "#e4e2dc"
_INKS = {Colour.RED: "#b22", Colour.BLUE: "#15a", Colour.GREEN: "#272"}
"""The text colour of each anchor colour."""
_TINTS = {Colour.RED: "#f6dbd7", Colour.BLUE: "#d8e5f5", Colour.GREEN: "#d9ecd9"}
"""The background colour of each anchor colour's piles and columns."""


@attrs.frozen
class _Pile:
    """An ocean or storm pile in the middle of the table.

    Args:
        colour: The anchor colour, ``None`` for the storm pile.
        points: The victory points of its face-up cards, oldest first.
        labels: A small label under each card's points (``"4/1"`` for a turned card).
        deck_size: The cards left in its face-down deck.
        deck: The deck's points, top first, in the picture of a state; ``None`` when hidden.
    """

    colour: Colour | None
    points: tuple[int, ...]
    labels: tuple[str, ...]
    deck_size: int
    deck: tuple[int, ...] | None


@attrs.frozen
class _Captain:
    """One captain's panel.

    Args:
        seat: The seat.
        you: Whether it is the observer's own seat.
        to_move: Whether he is to move.
        first: Whether he holds the Pigafetta card.
        passed: Whether he has passed this round.
        points: His victory points.
        won: The cards he has won, as ``(colour, points)``; ``None`` for a storm card.
        columns: His red, blue and green columns, in play order.
        storm: His storm column (``None`` for a card shown face down, its face unknown);
            ``None`` when storms are not in play.
        hand: His hand, each card or ``None`` for a back.
        seen: The hand cards shown because everyone saw them go back into his hand.
        notes: One line of the rest: deck, discards, what is known of hidden cards.
    """

    seat: int
    you: bool
    to_move: bool
    first: bool
    passed: bool
    points: int
    won: tuple[tuple[Colour | None, int], ...]
    columns: tuple[tuple[CardId, ...], ...]
    storm: tuple[CardId | None, ...] | None
    hand: tuple[CardId | None, ...]
    seen: frozenset[CardId]
    notes: str


@attrs.frozen
class _Table:
    """What one picture shows.

    Args:
        title: The headline: round, phase and whose move it is (or the result).
        subtitle: Whose view it is, the configuration and the Pigafetta card.
        whole: Whether it is a state's picture (hidden cards shown, marked hidden).
        piles: The red, blue and green ocean piles, then the storm pile in storm games.
        captains: One panel per seat, seat 0 first.
    """

    title: str
    subtitle: str
    whole: bool
    piles: tuple[_Pile, ...]
    captains: tuple[_Captain, ...]


def _names(cards: Sequence[CardId]) -> str:
    return " ".join(str(CREW_CARDS[card]) for card in cards) or "-"


def _ocean_points(card: CardId, players: int) -> int:
    ocean = OCEAN_CARDS[card]
    return ocean.two_player_points if players == 2 else ocean.points


def _seats(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _title(
    observation: MagellanObservation, points: Sequence[int], places: Sequence[int] | None
) -> str:
    """The headline; ``places`` is the final ranking, ``None`` if the hands are unknown."""
    head = f"Magellan: Elcano · round {observation.round} of {ROUNDS}"
    if observation.to_move is not None:
        return f"{head} · Cross the Seas · seat {observation.to_move} to move"
    best = max(points)
    if places is None:
        leaders = [seat for seat, mine in enumerate(points) if mine == best]
        if len(leaders) > 1:
            return (
                f"{head} · game over · {_seats(leaders)} tie on {best} VP: "
                "the strongest hand left wins"
            )
        places = [1 if seat in leaders else 2 for seat in range(len(points))]
    winners = [seat for seat, place in enumerate(places) if place == 1]
    if len(winners) == 1:
        tie_break = " on the hand tie-break" if points.count(best) > 1 else ""
        return f"{head} · game over · seat {winners[0]} wins{tie_break} with {best} VP"
    return f"{head} · game over · {_seats(winners)} share the win with {best} VP"


def _known_notes(observation: MagellanObservation, seat: int) -> list[str]:
    """What the observer knows of another captain's hidden cards besides his hand."""
    view = observation.crews[seat]
    notes = []
    for card, places in view.known:
        if places != {Place.HAND}:
            where = " or ".join(
                name
                for place, name in (
                    (Place.HAND, "hand"),
                    (Place.STORM, "storm column"),
                    (Place.HIDDEN_DISCARD, "face-down discard"),
                )
                if place in places
            )
            notes.append(f"{CREW_CARDS[card]} is in his {where}")
    for cards, at_least in _knowledge.lower_bounds(view.face_down_groups):
        notes.append(f"at least {at_least} of {_names(sorted(cards))} face-down discarded")
    return notes


def _captain(
    observation: MagellanObservation, seat: int, crew: Crew | None, points: int
) -> _Captain:
    """Build one panel: from ``crew`` (a state's), or from the observation alone."""
    view = observation.crews[seat]
    you = crew is None and seat == observation.player
    storm: tuple[CardId | None, ...] | None = None
    seen: frozenset[CardId] = frozenset()
    notes = [f"discard: {_names(view.discard)}"]
    if crew is not None:
        hand: tuple[CardId | None, ...] = tuple(sorted(crew.hand))
        storm = crew.storm
        notes.insert(0, f"deck, top first (hidden): {_names(crew.deck)}")
        hidden_discard = sorted(crew.hidden_discard)
        if observation.storms:
            notes.append(f"face-down discard (hidden): {_names(hidden_discard)}")
    elif you:
        hand = tuple(sorted(observation.hand))
        storm = observation.storm
        notes.insert(0, f"deck: {view.deck_size}")
        if observation.storms:
            own = _names(sorted(observation.hidden_discard))
            notes.append(f"your face-down discard: {own}")
    else:
        seen = frozenset(card for card, places in view.known if places == {Place.HAND})
        hand = (*sorted(seen), *[None] * (view.hand_size - len(seen)))
        storm = (None,) * view.storm_size
        notes.insert(0, f"deck: {view.deck_size}")
        if observation.storms:
            notes.append(f"face-down discard: {view.hidden_discard_size} cards")
        notes.extend(_known_notes(observation, seat))
    won: list[tuple[Colour | None, int]] = [
        (OCEAN_CARDS[card].colour, _ocean_points(card, observation.players))
        for card in observation.won[seat]
    ]
    won.extend((None, STORM_CARDS[card].points) for card in observation.won_storms[seat])
    return _Captain(
        seat=seat,
        you=you,
        to_move=observation.to_move == seat,
        first=observation.first_player == seat,
        passed=view.passed,
        points=points,
        won=tuple(won),
        columns=view.columns,
        storm=storm if observation.storms else None,
        hand=hand,
        seen=seen,
        notes=" · ".join(notes),
    )


def _table(observation: MagellanObservation, state: MagellanState | None) -> _Table:
    """Build what is shown: the whole ``state``, or ``observation`` alone when it is ``None``."""
    players = observation.players
    points = [
        sum(_ocean_points(card, players) for card in won)
        + sum(STORM_CARDS[card].points for card in storms)
        for won, storms in zip(observation.won, observation.won_storms, strict=True)
    ]
    places = None if state is None or state.to_move is not None else ranking(state)
    piles = []
    for colour in Colour:
        pile = observation.ocean_piles[colour]
        piles.append(
            _Pile(
                colour=colour,
                points=tuple(_ocean_points(card, players) for card in pile),
                labels=tuple(
                    "4/1" if _ocean_points(card, players) != OCEAN_CARDS[card].points else "VP"
                    for card in pile
                ),
                deck_size=observation.ocean_deck_sizes[colour],
                deck=None
                if state is None
                else tuple(_ocean_points(card, players) for card in state.ocean_decks[colour]),
            )
        )
    if observation.storms:
        piles.append(
            _Pile(
                colour=None,
                points=tuple(STORM_CARDS[card].points for card in observation.storm_pile),
                labels=("VP",) * len(observation.storm_pile),
                deck_size=observation.storm_deck_size,
                deck=None
                if state is None
                else tuple(STORM_CARDS[card].points for card in state.storm_deck),
            )
        )
    view = "whole table, hidden cards shown in dashed outlines"
    if state is None:
        view = f"seat {observation.player}'s view"
    storms = ", storm deck in play" if observation.storms else ""
    subtitle = (
        f"{view} · {players} players{storms} · Pigafetta card (first player): "
        f"seat {observation.first_player}"
    )
    captains = tuple(
        _captain(observation, seat, None if state is None else state.crews[seat], points[seat])
        for seat in range(players)
    )
    return _Table(
        title=_title(observation, points, places),
        subtitle=subtitle,
        whole=state is not None,
        piles=tuple(piles),
        captains=captains,
    )


def _width(text: str, size: float) -> float:
    """Roughly how wide ``text`` is in the sans-serif font at ``size``."""
    return len(text) * size * 0.56


def _crew_face(drawing: Drawing, x: float, y: float, card: CardId, fill: str) -> None:
    """Draw a crew card face up: each end's colour and value, one above the other."""
    drawing.rect(x, y, _CARD_WIDTH, _CARD_HEIGHT, fill=fill, stroke=INK, rx=3)
    ends = CREW_CARDS[card].values
    middle = x + _CARD_WIDTH / 2
    for index, (colour, value) in enumerate(ends):
        baseline = y + (25 if len(ends) == 1 else 17 + 17 * index)
        label = f"{colour.name[0]}{value}"
        drawing.text(
            middle, baseline, label, size=13, anchor="middle", fill=_INKS[colour], bold=True
        )


def _back(drawing: Drawing, x: float, y: float, card: CardId | None, hidden: bool) -> None:
    """Draw a face-down card; ``card`` names it when the picture may show its face."""
    drawing.rect(
        x,
        y,
        _CARD_WIDTH,
        _CARD_HEIGHT,
        fill=FACE_DOWN,
        stroke=INK,
        rx=3,
        dash="3 2" if hidden else None,
    )
    if card is not None:
        drawing.text(
            x + _CARD_WIDTH / 2,
            y + 24,
            str(CREW_CARDS[card]),
            size=8,
            anchor="middle",
            fill="#fff",
        )


def _step(count: int, room: float, wanted: float) -> float:
    """The distance between cards so that ``count`` of them fit in ``room``."""
    if count <= 1:
        return wanted
    return min(wanted, (room - _CARD_WIDTH) / (count - 1))


def _pile_name(pile: _Pile) -> str:
    return "storm pile" if pile.colour is None else f"{pile.colour} ocean"


def _draw_pile(drawing: Drawing, x: float, pile: _Pile, width: float) -> None:
    """Draw a pile: its deck's back with the count, then its face-up cards' points."""
    ink = _STORM_INK if pile.colour is None else _INKS[pile.colour]
    tint = _STORM_TINT if pile.colour is None else _TINTS[pile.colour]
    name = _pile_name(pile)
    top = _OCEAN_TOP
    drawing.rect(x, top, width, _OCEAN_HEIGHT, fill=tint, stroke=ink, rx=5)
    total = f"{sum(pile.points)} VP on the table" if pile.points else "no card on the table"
    drawing.text(x + 8, top + 15, f"{name}: {total}", size=12, bold=True, fill=ink)
    drawing.rect(x + 8, top + 22, _CARD_WIDTH, _CARD_HEIGHT, fill=FACE_DOWN, stroke=INK, rx=3)
    drawing.text(
        x + 8 + _CARD_WIDTH / 2,
        top + 47,
        str(pile.deck_size),
        size=14,
        anchor="middle",
        fill="#fff",
        bold=True,
    )
    drawing.text(x + 8 + _CARD_WIDTH / 2, top + 74, "deck", size=9, anchor="middle", fill=_MUTED)
    left = x + 50
    step = _step(len(pile.points), width - 58, 34)
    for index, (points, label) in enumerate(zip(pile.points, pile.labels, strict=True)):
        card_x = left + index * step
        drawing.rect(card_x, top + 22, _CARD_WIDTH, _CARD_HEIGHT, fill="#fff", stroke=ink, rx=3)
        drawing.text(
            card_x + _CARD_WIDTH / 2,
            top + 44,
            str(points),
            size=16,
            anchor="middle",
            fill=ink,
            bold=True,
        )
        drawing.text(
            card_x + _CARD_WIDTH / 2, top + 57, label, size=8, anchor="middle", fill=_MUTED
        )
    if pile.deck is not None:
        order = " ".join(map(str, pile.deck)) or "-"
        drawing.text(
            left, top + 78, f"deck, top first (hidden): {order}", size=9, italic=True, fill=_MUTED
        )


def _badge(drawing: Drawing, x: float, y: float, text: str, fill: str, ink: str) -> float:
    """Draw a small label on a rounded box; return the x after it."""
    width = _width(text, 11) + 10
    drawing.rect(x, y - 12, width, 16, fill=fill, rx=8)
    drawing.text(x + 5, y, text, size=11, fill=ink, bold=True)
    return x + width + 6


def _draw_column(
    drawing: Drawing, x: float, y: float, colour: Colour, cards: tuple[CardId, ...]
) -> None:
    """Draw a face-up column: its heading (values and total), then each card's value."""
    values = [CREW_CARDS[card].value(colour) for card in cards]
    drawing.rect(x, y, _COLUMN_WIDTH, 60, fill=_TINTS[colour], rx=4)
    heading = f"{colour} " + ("+".join(map(str, values)) + f" = {sum(values)}" if values else "-")
    if _width(heading, 11) > _COLUMN_WIDTH - 8:
        heading = f"{colour}: {len(values)} cards = {sum(values)}"
    drawing.text(x + 5, y + 13, heading, size=11, bold=True, fill=_INKS[colour])
    step = _step(len(cards), _COLUMN_WIDTH - 8, 32)
    for index, card in enumerate(cards):
        card_x = x + 4 + index * step
        drawing.rect(
            card_x, y + 18, _CARD_WIDTH, _CARD_HEIGHT, fill="#fff", stroke=_INKS[colour], rx=3
        )
        drawing.text(
            card_x + _CARD_WIDTH / 2,
            y + 38,
            str(values[index]),
            size=16,
            anchor="middle",
            fill=_INKS[colour],
            bold=True,
        )
        drawing.text(
            card_x + _CARD_WIDTH / 2,
            y + 52,
            str(CREW_CARDS[card]),
            size=7,
            anchor="middle",
            fill=_MUTED,
        )


def _draw_header(drawing: Drawing, top: float, captain: _Captain) -> None:
    """Draw a panel's first line: the seat and its marks, the cards won and the points."""
    name = f"seat {captain.seat} (you)" if captain.you else f"seat {captain.seat}"
    drawing.text(26, top + 19, name, size=14, bold=True)
    x = 34 + _width(name, 13)
    if captain.to_move:
        x = _badge(drawing, x, top + 18, "▶ to move", INK, "#fff")
    if captain.first:
        x = _badge(drawing, x, top + 18, "Pigafetta · first player", "#e6d7ae", INK)
    if captain.passed:
        x = _badge(drawing, x, top + 18, "passed", "#d6d2c8", _MUTED)
    right = _WIDTH - 22
    drawing.text(right, top + 20, f"{captain.points} VP", size=15, bold=True, anchor="end")
    if not captain.won:
        return
    chip_x = right - 62 - 24 * len(captain.won)
    with drawing.group(label=f"seat {captain.seat} won"):
        drawing.text(chip_x - 6, top + 19, "won", size=11, anchor="end", fill=_MUTED)
        for index, (colour, points) in enumerate(captain.won):
            ink = _STORM_INK if colour is None else _INKS[colour]
            tint = _STORM_TINT if colour is None else _TINTS[colour]
            left = chip_x + index * 24
            drawing.rect(left, top + 6, 21, 18, fill=tint, stroke=ink, rx=3)
            drawing.text(
                left + 10.5, top + 19, str(points), size=11, anchor="middle", fill=ink, bold=True
            )


def _draw_storm(drawing: Drawing, x: float, y: float, storm: tuple[CardId | None, ...]) -> None:
    """Draw a storm column: face-down cards, named where the picture may show them."""
    drawing.rect(x, y, _COLUMN_WIDTH, 60, fill=_STORM_TINT, rx=4)
    heading = f"storm = {len(storm)} face down"
    drawing.text(x + 5, y + 13, heading, size=11, bold=True, fill=_STORM_INK)
    step = _step(len(storm), _COLUMN_WIDTH - 8, 32)
    for index, card in enumerate(storm):
        _back(drawing, x + 4 + index * step, y + 18, card, card is not None)


def _draw_hand(drawing: Drawing, x: float, y: float, captain: _Captain, whole: bool) -> None:
    """Draw a hand inside a dashed outline (a hand is hidden from the other players)."""
    width = _WIDTH - 20 - x
    drawing.rect(x, y, width, 60, stroke=_MUTED, dash="4 3", rx=4)
    count = len(captain.hand)
    if whole:
        heading = f"hand: {count} cards (hidden)"
    elif captain.you:
        heading = f"your hand: {count} cards (hidden from the others)"
    elif captain.seen:
        heading = f"hand: {count} cards, {len(captain.seen)} seen on the table, the rest unknown"
    else:
        heading = f"hand: {count} cards, face down"
    drawing.text(x + 5, y + 13, heading, size=11, bold=True, fill=_MUTED)
    step = _step(count, width - 8, 33)
    for index, card in enumerate(captain.hand):
        left = x + 4 + index * step
        if card is None:
            drawing.rect(left, y + 18, _CARD_WIDTH, _CARD_HEIGHT, fill=FACE_DOWN, stroke=INK, rx=3)
        else:
            _crew_face(drawing, left, y + 18, card, _SEEN if card in captain.seen else "#fff")


def _draw_captain(drawing: Drawing, top: float, captain: _Captain, whole: bool) -> None:
    """Draw one captain's panel: header, columns, storm column, hand and a line of notes."""
    seat = captain.seat
    drawing.rect(
        10,
        top,
        _WIDTH - 20,
        _PANEL_HEIGHT,
        fill="#fffdf7" if captain.you else "#faf7ef",
        stroke=INK if captain.you else "#b9b09c",
        stroke_width=2.5 if captain.you else 1,
        rx=6,
    )
    drawing.rect(10, top, 7, _PANEL_HEIGHT, fill=seat_colour(seat), rx=3)
    _draw_header(drawing, top, captain)
    body = top + 26
    for colour in Colour:
        with drawing.group(label=f"seat {seat} {colour} column"):
            left = 20 + colour * (_COLUMN_WIDTH + 6)
            _draw_column(drawing, left, body, colour, captain.columns[colour])
    hand_x = 20 + 3 * (_COLUMN_WIDTH + 6)
    if captain.storm is not None:
        with drawing.group(label=f"seat {seat} storm column"):
            _draw_storm(drawing, hand_x, body, captain.storm)
        hand_x += _COLUMN_WIDTH + 6
    with drawing.group(label=f"seat {seat} hand"):
        _draw_hand(drawing, hand_x, body, captain, whole)
    drawing.text(26, top + _PANEL_HEIGHT - 6, captain.notes, size=10, fill=_MUTED)


_KEY = (
    "Key: a crew card shows each end's colour and value (R red, B blue, G green); a column "
    "heading lists its values in play order and their total; ocean and storm cards show "
    "victory points.",
    "Purple: a face-down card. Dashed outline: hidden from the other players. Pale yellow: "
    "a card everyone saw go back into that hand. The stripe's colour only tells the seats apart.",
)


def _draw(table: _Table) -> str:
    """Draw ``table``: the one drawing path of states and observations."""
    bottom = _PANEL_TOP + len(table.captains) * (_PANEL_HEIGHT + _PANEL_GAP)
    height = bottom + 40
    drawing = Drawing(_WIDTH, height, title=table.title)
    drawing.rect(0, 0, _WIDTH, height, fill=PAPER)
    drawing.text(12, 26, table.title, size=18, bold=True)
    drawing.text(12, 48, table.subtitle, size=12, fill=_MUTED)
    width = (_WIDTH - 20 - 8 * (len(table.piles) - 1)) / len(table.piles)
    for index, pile in enumerate(table.piles):
        with drawing.group(label=_pile_name(pile)):
            _draw_pile(drawing, 10 + index * (width + 8), pile, width)
    for index, captain in enumerate(table.captains):
        top = _PANEL_TOP + index * (_PANEL_HEIGHT + _PANEL_GAP)
        with drawing.group(label=f"seat {captain.seat}"):
            _draw_captain(drawing, top, captain, table.whole)
    for index, line in enumerate(_KEY):
        drawing.text(12, bottom + 12 + 14 * index, line, size=10, fill=_MUTED)
    return drawing.to_svg()


def svg_state(state: MagellanState) -> str:
    """Draw the whole table: every hand, storm column, deck and face-down discard face up.

    The hidden parts are drawn inside dashed outlines or labelled ``hidden``.

    .. versionadded:: 0.2.0
    """
    return _draw(_table(observe(state, 0), state))


def svg_observation(observation: MagellanObservation) -> str:
    """Draw the table as ``observation.player`` knows it: the others' hidden cards face down.

    .. versionadded:: 0.2.0
    """
    return _draw(_table(observation, None))

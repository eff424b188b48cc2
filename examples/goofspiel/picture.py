"""Goofspiel as a picture: the prize, and each seat's hand and bid, one row per seat."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core.svg import FACE_DOWN, INK, PAPER, Drawing, seat_colour

from .components import CardValue, card_name
from .observation import GoofspielObservation
from .rules import points, unrevealed
from .state import GoofspielState

__all__ = ["svg_observation", "svg_state"]

_CARD = 30
_ROW = 50


def _card(drawing: Drawing, x: float, y: float, label: str | None) -> None:
    """Draw a card face up with ``label``, or face down when ``label`` is ``None``."""
    fill = FACE_DOWN if label is None else "#ffffff"
    drawing.rect(x, y, _CARD - 4, _CARD + 6, fill=fill, stroke=INK, rx=3)
    if label is not None:
        drawing.text(x + (_CARD - 4) / 2, y + _CARD - 6, label, size=13, anchor="middle")


def _draw(
    players: int,
    prize: CardValue | None,
    totals: Sequence[int],
    rows: Sequence[tuple[str, Sequence[str | None], str | None]],
) -> str:
    """Draw the table: ``rows`` holds each seat's label, hand (``None``: hidden) and bid."""
    width = 40 + 14 * _CARD + 80
    drawing = Drawing(width, 70 + players * _ROW, title="Goofspiel")
    drawing.rect(0, 0, width, 70 + players * _ROW, fill=PAPER)
    shown = "game over" if prize is None else f"prize {card_name(prize)}"
    drawing.text(10, 24, f"Goofspiel: {shown}", size=16, bold=True)
    for seat, (label, hand, bid) in enumerate(rows):
        top = 50 + seat * _ROW
        drawing.text(10, top + 22, f"{label}: {totals[seat]}", size=13, fill=seat_colour(seat))
        for index, card in enumerate(hand):
            _card(drawing, 110 + index * _CARD, top, card)
        drawing.text(width - 70, top + 22, "bid", size=11)
        if bid != "":
            _card(drawing, width - 45, top, bid)
    return drawing.to_svg()


def svg_state(state: GoofspielState) -> str:
    """Draw the whole table: every hand and bid face up."""
    rows = []
    for seat, hand in enumerate(state.hands):
        bid = card_name(state.bids[seat]) if seat < len(state.bids) else ""
        rows.append((f"seat {seat}", [card_name(card) for card in sorted(hand)], bid))
    return _draw(len(state.hands), state.prize, points(state.history, len(state.hands)), rows)


def svg_observation(observation: GoofspielObservation) -> str:
    """Draw the table as the observer sees it: the others' cards and bids face down."""
    placed = 0 if observation.to_move is None else observation.to_move
    rows: list[tuple[str, Sequence[str | None], str | None]] = []
    for seat in range(observation.players):
        if seat == observation.player:
            bid = "" if observation.bid is None else card_name(observation.bid)
            hand = [card_name(card) for card in sorted(observation.hand)]
            rows.append((f"seat {seat} (you)", hand, bid))
        else:
            left = unrevealed(observation.cards, observation.history, seat)
            count = len(left) - (1 if seat < placed else 0)
            rows.append((f"seat {seat}", [None] * count, None if seat < placed else ""))
    totals = points(observation.history, observation.players)
    return _draw(observation.players, observation.prize, totals, rows)

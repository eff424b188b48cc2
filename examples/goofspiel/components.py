"""The cards of Goofspiel: one suit of a standard deck per bidder, and one suit of prizes.

Goofspiel, also called the Game of Pure Strategy, is a traditional card game. It uses a
standard 52-card deck: each bidder takes one suit, ace to king, and the diamonds are the
prizes. A card is worth its rank (ace 1, jack 11, queen 12, king 13). The ``cards``
option plays with the ranks 1 to ``cards`` only, for a shorter game.
"""

from __future__ import annotations

from typing import Final, TypeAlias

__all__ = ["MAX_CARDS", "RANKS", "CardValue", "card_name"]

CardValue: TypeAlias = int
"""A card's rank, which is also what it is worth: 1 (ace) to 13 (king)."""

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""The rank printed on each card, ace first."""

MAX_CARDS: Final = len(RANKS)
"""The cards in a suit of a standard deck."""


def card_name(value: object) -> str:
    """Return a card's rank as printed on it (``A``, ``2`` to ``10``, ``J``, ``Q``, ``K``).

    A value that is no card is shown as its ``repr``, so that refused actions still print.
    """
    if type(value) is int and 1 <= value <= MAX_CARDS:
        return RANKS[value - 1]
    return repr(value)

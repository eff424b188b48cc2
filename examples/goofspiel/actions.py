"""The one action of Goofspiel: bid a card from your hand for the prize on the table."""

from __future__ import annotations

import attrs

from .components import CardValue, card_name

__all__ = ["Bid"]


@attrs.frozen
class Bid:
    """Bid a card from your hand, face down, for the prize on the table.

    Args:
        card: The card's value, 1 (ace) to 13 (king).
    """

    card: CardValue

    def __str__(self) -> str:
        return f"bid {card_name(self.card)}"

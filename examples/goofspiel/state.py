"""The state of a game of Goofspiel, and the rounds of its public history."""

from __future__ import annotations

import attrs

from boardgames import History, PlayerId, Rng

from .components import CardValue

__all__ = ["GoofspielState", "Round"]


@attrs.frozen
class Round:
    """One revealed round, as every player saw it.

    Args:
        prize: The prize card bid for.
        bids: Each seat's bid, seat 0 first.
        winner: The seat that took the prize, or ``None`` if the highest bid was tied
            (the prize is then discarded).
    """

    prize: CardValue
    bids: tuple[CardValue, ...]
    winner: PlayerId | None


@attrs.frozen
class GoofspielState:
    """A full game state, with everything hidden from any player.

    Args:
        cards: The cards in each suit (the ``cards`` option).
        prize: The face-up prize card, or ``None`` when the game is over.
        prizes: The face-down prize cards left. The next one is drawn from ``rng`` when it
            is turned up, so the state holds no order for them.
        hands: Each seat's cards in hand; a card bid this round is no longer in it.
        bids: This round's face-down bids, seat 0 first: seat ``len(bids)`` bids next.
        history: The revealed rounds, oldest first. Each state shares the entries of the
            state it came from.
        rng: The random stream the prize cards are drawn from.
    """

    cards: int
    prize: CardValue | None
    prizes: frozenset[CardValue]
    hands: tuple[frozenset[CardValue], ...]
    bids: tuple[CardValue, ...]
    history: History[Round]
    rng: Rng

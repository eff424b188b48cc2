"""Goofspiel as text: the whole table, one player's view, and bids as others see them."""

from __future__ import annotations

from collections.abc import Iterable

from boardgames import History, PlayerId

from .actions import Bid
from .components import CardValue, card_name
from .observation import GoofspielObservation
from .rules import points, unrevealed
from .state import GoofspielState, Round

__all__ = [
    "describe_action",
    "explain_action",
    "legend",
    "render_observation",
    "render_state",
]


def _cards(cards: Iterable[CardValue]) -> str:
    return " ".join(card_name(card) for card in sorted(cards)) or "none"


def _table(cards: int, prize: CardValue | None, prizes: frozenset[CardValue]) -> str:
    if prize is None:
        return f"Goofspiel with {cards} cards: game over"
    return f"Goofspiel with {cards} cards: prize {card_name(prize)}, face down {_cards(prizes)}"


def _last_round(history: History[Round]) -> list[str]:
    if not history:
        return []
    last = history[-1]
    bids = ", ".join(f"seat {seat} {card_name(bid)}" for seat, bid in enumerate(last.bids))
    taken = "tied, discarded" if last.winner is None else f"seat {last.winner} takes it"
    return [f"last round: prize {card_name(last.prize)}; {bids}; {taken}"]


def render_state(state: GoofspielState) -> str:
    """Describe the whole table, every hand and face-down bid included."""
    lines = [_table(state.cards, state.prize, state.prizes), *_last_round(state.history)]
    totals = points(state.history, len(state.hands))
    for seat, hand in enumerate(state.hands):
        bid = card_name(state.bids[seat]) if seat < len(state.bids) else "-"
        lines.append(f"seat {seat}: score {totals[seat]}, bid {bid}, hand {_cards(hand)}")
    return "\n".join(lines)


def render_observation(observation: GoofspielObservation) -> str:
    """Describe the table as the observer sees it: other hands are the unrevealed cards."""
    history = observation.history
    lines = [_table(observation.cards, observation.prize, observation.prizes)]
    lines.extend(_last_round(history))
    totals = points(history, observation.players)
    placed = 0 if observation.to_move is None else observation.to_move
    for seat in range(observation.players):
        if seat == observation.player:
            bid = "-" if observation.bid is None else card_name(observation.bid)
            hand = _cards(observation.hand)
            lines.append(f"seat {seat} (you): score {totals[seat]}, bid {bid}, hand {hand}")
        else:
            bid = "face down" if seat < placed else "-"
            left = _cards(unrevealed(observation.cards, history, seat))
            lines.append(f"seat {seat}: score {totals[seat]}, bid {bid}, unrevealed {left}")
    return "\n".join(lines)


def describe_action(observation: GoofspielObservation, action: Bid, viewer: PlayerId) -> str:
    """Return a bid by ``observation``'s seat as ``viewer`` sees it.

    The bidder sees his card. So does everyone when it is the last bid of the round, which
    reveals all of them; otherwise the others only see that a card was bid.
    """
    last = observation.player == observation.players - 1
    return str(action) if viewer == observation.player or last else "bid a card face down"


def explain_action(observation: GoofspielObservation, action: Bid) -> str:
    """Say what a bid offers for the prize on the table, in plain words."""
    prize = "nothing" if observation.prize is None else card_name(observation.prize)
    return f"bid your {card_name(action.card)} (worth {action.card}) for the prize {prize}"


def legend() -> str:
    """Explain the notation of Goofspiel's renderings."""
    return (
        "Cards are named by rank: A (1), 2 to 10, J (11), Q (12), K (13); a card is worth "
        "its rank.\n"
        "prize: the face-up prize card of this round; face down: the prize cards to come.\n"
        "bid: your face-down bid this round; unrevealed: the cards a seat has not bid yet."
    )

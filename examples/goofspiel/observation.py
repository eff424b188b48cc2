"""What one player knows: the observation, and states sampled to agree with it.

A player sees the prize on the table, which prize cards are still face down (not their
order), his own hand and bid, who has bid this round, and every revealed round. Two
things are hidden from him: the other players' bids of this round, and the order in
which the remaining prizes will come up.
"""

from __future__ import annotations

import attrs

from boardgames import History, InvalidStateError, PlayerId, Rng

from .components import CardValue
from .rules import current_player, unrevealed
from .state import GoofspielState, Round

__all__ = ["GoofspielObservation", "check_observation", "observe", "sample_state"]


@attrs.frozen
class GoofspielObservation:
    """One player's view of the table.

    Args:
        player: The observing seat.
        players: The number of seats.
        cards: The cards in each suit.
        prize: The face-up prize card, or ``None`` when the game is over.
        prizes: The face-down prize cards left.
        hand: The observer's hand.
        bid: The observer's face-down bid this round, or ``None`` before he has bid.
        to_move: The seat to bid (seats before it have bid), ``None`` when the game is over.
        history: The revealed rounds: the state's own history, shared, not copied.
    """

    player: PlayerId
    players: int
    cards: int
    prize: CardValue | None
    prizes: frozenset[CardValue]
    hand: frozenset[CardValue]
    bid: CardValue | None
    to_move: PlayerId | None
    history: History[Round]


def observe(state: GoofspielState, player: PlayerId) -> GoofspielObservation:
    """Return what ``player`` knows of ``state``."""
    return GoofspielObservation(
        player=player,
        players=len(state.hands),
        cards=state.cards,
        prize=state.prize,
        prizes=state.prizes,
        hand=state.hands[player],
        bid=state.bids[player] if player < len(state.bids) else None,
        to_move=current_player(state),
        history=state.history,
    )


def sample_state(observation: GoofspielObservation, seed: int) -> GoofspielState:
    """Return a state the observer cannot tell from the real one, drawn from ``seed``.

    Each other player who has bid this round gets one of his unrevealed cards as his bid,
    and the state gets a new random stream for the prizes still to come.
    """
    rng = Rng.from_seed(seed)
    placed = 0 if observation.to_move is None else observation.to_move
    hands: list[frozenset[CardValue]] = []
    bids: list[CardValue] = []
    for seat in range(observation.players):
        if seat == observation.player:
            hands.append(observation.hand)
            if observation.bid is not None:
                bids.append(observation.bid)
            continue
        left = unrevealed(observation.cards, observation.history, seat)
        if seat < placed:
            bid, rng = rng.choice(sorted(left))
            bids.append(bid)
            left -= {bid}
        hands.append(left)
    return GoofspielState(
        cards=observation.cards,
        prize=observation.prize,
        prizes=observation.prizes,
        hands=tuple(hands),
        bids=tuple(bids),
        history=observation.history,
        rng=rng,
    )


def check_observation(observation: GoofspielObservation) -> None:
    """Check a loaded observation's seats and rounds, which :func:`sample_state` relies on.

    The rest is checked by sampling a state from it and observing that state again.

    Raises:
        InvalidStateError: The observation is not one a player can have.
    """
    players = observation.players
    if not 0 <= observation.player < players:
        raise InvalidStateError(f"player={observation.player!r} is not a seat of {players}")
    to_move = observation.to_move
    if to_move is not None and not 0 <= to_move < players:
        raise InvalidStateError(f"to_move={to_move!r} is not a seat of {players}")
    has_bid = to_move is not None and observation.player < to_move
    if (observation.bid is not None) != has_bid:
        raise InvalidStateError("the observer's bid must be known exactly when he has bid")
    if any(len(revealed.bids) != players for revealed in observation.history):
        raise InvalidStateError(f"every revealed round must hold {players} bids")

"""The rules of Goofspiel: setup, bids, the reveal, scores and the state's invariants.

Each round one prize card is turned up and every player bids one card from his hand,
face down. When all have bid, the bids are revealed: the highest bid takes the prize, and
if the highest bid is tied the prize is discarded. Bid cards are out of the game. After
as many rounds as there are cards in a suit, the player with the most prize points wins.

The rules have the players bid at the same time. Here they bid one after another, seat 0
first, each face down: no seat sees another's bid before the reveal, so it is the same
game, and every state has exactly one seat to decide.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeAlias

from boardgames import History, InvalidStateError, OptionValue, PlayerId, Rng
from boardgames.core import guards
from boardgames.core.guards import find_action, illegal_action
from boardgames.core.ranking import places_from_keys

from .actions import Bid
from .components import MAX_CARDS, CardValue, card_name
from .state import GoofspielState, Round

__all__ = [
    "Configuration",
    "apply",
    "check_action",
    "check_state",
    "configuration",
    "configure",
    "current_player",
    "describe_configuration",
    "is_truncated",
    "legal_actions",
    "new_game",
    "points",
    "ranking",
    "score",
    "unrevealed",
    "winner",
]

Configuration: TypeAlias = tuple[int, int]
"""What a game is configured by: the number of players and the cards in each suit."""


def configure(players: int, options: Mapping[str, OptionValue]) -> Configuration:
    """Return the configuration of ``players`` bidders with the option ``cards``.

    Every allowed value of ``cards`` goes with every player count, so this raises nothing.
    """
    return (players, int(options["cards"]))


def configuration(state: GoofspielState) -> Configuration:
    """Return the configuration ``state`` was made for."""
    return (len(state.hands), state.cards)


def describe_configuration(configuration: Configuration) -> str:
    """Describe a configuration for error messages, such as ``"2 players, cards=13"``."""
    players, cards = configuration
    return guards.describe_configuration(players, {"cards": cards})


def _turn_up(prizes: frozenset[CardValue], rng: Rng) -> tuple[CardValue, frozenset[CardValue], Rng]:
    """Draw the next prize card from the face-down ones."""
    prize, rng = rng.choice(sorted(prizes))
    return prize, prizes - {prize}, rng


def new_game(configuration: Configuration, seed: int) -> GoofspielState:
    """Deal each player a suit and turn up the first prize, drawn from ``seed``."""
    players, cards = configuration
    suit = frozenset(range(1, cards + 1))
    prize, prizes, rng = _turn_up(suit, Rng.from_seed(seed))
    return GoofspielState(cards, prize, prizes, (suit,) * players, (), History(), rng)


def current_player(state: GoofspielState) -> PlayerId | None:
    """Return the seat to bid, or ``None`` when every prize has been bid for."""
    return None if state.prize is None else len(state.bids)


def legal_actions(state: GoofspielState) -> Sequence[Bid]:
    """Return a bid of each card in the hand of the seat to bid, lowest first."""
    seat = current_player(state)
    if seat is None:
        return ()
    return tuple(Bid(card) for card in sorted(state.hands[seat]))


def winner(bids: Sequence[CardValue]) -> PlayerId | None:
    """Return the seat of the single highest bid, or ``None`` if the highest bid is tied."""
    highest = max(bids)
    return bids.index(highest) if bids.count(highest) == 1 else None


def apply(state: GoofspielState, action: Bid) -> GoofspielState:
    """Return the state after the seat to bid bids ``action``; the last bid reveals the round.

    Raises:
        IllegalActionError: The game is over, or ``action`` is not a card of the bidder's hand.
    """
    prize = state.prize
    if prize is None:
        raise illegal_action(action, "the game is over")
    seat = len(state.bids)
    legal = legal_actions(state)
    index = find_action(legal, action)
    if index < 0:
        held = " ".join(card_name(bid.card) for bid in legal)
        raise illegal_action(action, f"seat {seat} may bid only a card in hand ({held})")
    card = legal[index].card
    hands = (*state.hands[:seat], state.hands[seat] - {card}, *state.hands[seat + 1 :])
    bids = (*state.bids, card)
    if len(bids) < len(hands):
        return GoofspielState(
            state.cards, prize, state.prizes, hands, bids, state.history, state.rng
        )
    history = state.history.append(Round(prize, bids, winner(bids)))
    if not state.prizes:
        return GoofspielState(state.cards, None, state.prizes, hands, (), history, state.rng)
    prize, prizes, rng = _turn_up(state.prizes, state.rng)
    return GoofspielState(state.cards, prize, prizes, hands, (), history, rng)


def points(history: Iterable[Round], players: int) -> tuple[int, ...]:
    """Return the value of the prizes each seat has taken in ``history``."""
    totals = [0] * players
    for revealed in history:
        if revealed.winner is not None:
            totals[revealed.winner] += revealed.prize
    return tuple(totals)


def unrevealed(cards: int, history: Iterable[Round], seat: PlayerId) -> frozenset[CardValue]:
    """Return the cards of ``seat`` that no reveal has shown: his hand and his pending bid."""
    return frozenset(range(1, cards + 1)).difference(revealed.bids[seat] for revealed in history)


def score(state: GoofspielState) -> tuple[float, ...]:
    """Return each seat's prize points so far."""
    return tuple(float(total) for total in points(state.history, len(state.hands)))


def ranking(state: GoofspielState) -> tuple[int, ...]:
    """Return places by prize points; equal points share a place."""
    return places_from_keys(points(state.history, len(state.hands)))


def is_truncated(state: GoofspielState) -> bool:
    """Return ``False``: a game always ends after one round per card."""
    return False


def check_action(action: Bid) -> None:
    """Check that a loaded bid names a card.

    Raises:
        InvalidStateError: The card is not from 1 to 13.
    """
    if not 1 <= action.card <= MAX_CARDS:
        raise InvalidStateError(f"card {action.card!r} is not a card value (1 to {MAX_CARDS})")


def _check_each_once(cards: int, parts: Iterable[Iterable[CardValue]], what: str) -> None:
    seen = [card for part in parts for card in part]
    if len(seen) != cards or set(seen) != set(range(1, cards + 1)):
        raise InvalidStateError(f"{what} are not the cards 1 to {cards}, each once")


def check_state(state: GoofspielState) -> None:
    """Check that every card is in exactly one place and that the rounds were scored right.

    Raises:
        InvalidStateError: An invariant is broken; the message says which.
    """
    cards, players, bids = state.cards, len(state.hands), state.bids
    if not 1 <= cards <= MAX_CARDS:
        raise InvalidStateError(f"cards={cards!r} is not from 1 to {MAX_CARDS}")
    if not 2 <= players <= 3:
        raise InvalidStateError(f"{players} hands; Goofspiel is played by 2 or 3")
    if len(bids) >= players:
        raise InvalidStateError(f"{len(bids)} pending bids; the last bid reveals the round")
    for number, revealed in enumerate(state.history, 1):
        if len(revealed.bids) != players or revealed.winner != winner(revealed.bids):
            raise InvalidStateError(f"round {number} {revealed!r} was not scored by the rules")
    for seat, hand in enumerate(state.hands):
        pending = bids[seat : seat + 1]
        played = (revealed.bids[seat] for revealed in state.history)
        _check_each_once(cards, (hand, pending, played), f"seat {seat}'s cards")
    turned = [revealed.prize for revealed in state.history]
    if state.prize is not None:
        turned.append(state.prize)
    _check_each_once(cards, (turned, state.prizes), "the prize cards")
    if (state.prize is None) != (len(state.history) == cards):
        raise InvalidStateError("a prize must be on the table until every round is revealed")
    state.rng.check()

"""Goofspiel for learning agents: one number per bid, and a vector per observation.

The action numbers are the bids in rank order: number ``k`` is ``Bid(k + 1)``, so a game
with ``cards`` cards per suit has ``cards`` actions. The vector, of
``4 * cards + players * (cards + 2)`` numbers, is laid out by
:func:`observation_layout`; it is computed from the observation alone.
"""

from __future__ import annotations

import functools
from collections.abc import MutableSequence

from boardgames.core.encoding import ActionNumbering, Segment, segments

from .actions import Bid
from .observation import GoofspielObservation
from .rules import Configuration, points

__all__ = ["encode_observation", "numbering", "observation_layout"]


@functools.cache
def numbering(configuration: Configuration) -> ActionNumbering[Bid]:
    """Number the bids of a configuration: ``Bid(1)`` is 0, ``Bid(cards)`` is ``cards - 1``."""
    _, cards = configuration
    return ActionNumbering([(Bid, {"card": range(1, cards + 1)})])


@functools.cache
def observation_layout(configuration: Configuration) -> tuple[Segment, ...]:
    """Return the slices of the vector: the cards, whose turn it is, the bids and points."""
    players, cards = configuration
    return segments(
        ("prize", cards, "1 at the face-up prize card (rank 1 first); all 0 at the end"),
        ("prizes", cards, "1 at each prize card still face down"),
        ("hand", cards, "1 at each card in the observer's hand"),
        ("bid", cards, "1 at the observer's face-down bid of this round, if he has bid"),
        ("to_move", players, "1 at the seat to bid, counted from the observer (0 = him)"),
        (
            "revealed_bids",
            players * cards,
            "for each seat from the observer on, 1 at each card a reveal has shown it bid",
        ),
        ("points", players, "each seat's prize points from the observer on, over 91"),
    )


def encode_observation(
    configuration: Configuration, observation: GoofspielObservation, out: MutableSequence[float]
) -> None:
    """Write ``observation`` into ``out`` (zeroed, of the layout's size).

    Seats are counted from the observer, so that one policy serves every seat.
    """
    players, cards = configuration
    me = observation.player
    if observation.prize is not None:
        out[observation.prize - 1] = 1.0
    for card in observation.prizes:
        out[cards + card - 1] = 1.0
    for card in observation.hand:
        out[2 * cards + card - 1] = 1.0
    if observation.bid is not None:
        out[3 * cards + observation.bid - 1] = 1.0
    base = 4 * cards
    if observation.to_move is not None:
        out[base + (observation.to_move - me) % players] = 1.0
    base += players
    for revealed in observation.history:
        for seat, card in enumerate(revealed.bids):
            out[base + ((seat - me) % players) * cards + card - 1] = 1.0
    base += players * cards
    for seat, total in enumerate(points(observation.history, players)):
        out[base + (seat - me) % players] = total / 91

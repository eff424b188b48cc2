"""The state of a game of Magellan: Elcano."""

from __future__ import annotations

import enum
import itertools
from typing import TYPE_CHECKING, Final

import attrs

from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.core.values import trusted_constructor
from boardgames.games.magellan_elcano.actions import PublicAction
from boardgames.games.magellan_elcano.components import CardId

__all__ = ["Crew", "MagellanState", "Place"]


class Place(enum.Enum):
    """Where a crew card that everyone has seen, and that is hidden again, may now be."""

    HAND = 1
    """In its owner's hand."""
    STORM = 2
    """Face down in its owner's storm column."""
    HIDDEN_DISCARD = 3
    """Face down in its owner's discard pile, after a won storm."""

    def __repr__(self) -> str:
        return f"Place.{self.name}"


_PLACE_SETS: Final = {
    places: places
    for size in range(1, len(Place) + 1)
    for places in map(frozenset, itertools.combinations(Place, size))
}
"""Every non-empty set of places, each mapped to itself: the one object that the rules,
the sampler and the codec use for it. A place's hash is computed in Python, so comparing
two distinct but equal sets costs a call per place; the same object compares at once."""


@attrs.frozen
class Crew:
    """One captain's 15 crew cards, in every zone they can be in.

    Args:
        deck: The draw deck, top card first (hidden from everyone).
        hand: The hand (hidden from the other players; its size is public).
        columns: The face-up columns, red, blue and green, in the order the cards were played.
        storm: The face-down storm column, in play order (only its size is public).
        discard: Face-up discards: the columns that won an ocean card.
        hidden_discard: Face-down discards: storm columns that won a storm card.
        passed: Whether the captain has passed this round.
        known: Public knowledge about cards the other players have seen face up and that
            are hidden again: for each such card, the places it may be in now. Sorted by card.
        face_down_groups: Public knowledge of the face-down discard: one
            ``(size, cards, never_seen)`` per storm column won, oldest first. ``size`` cards
            went face down with it; ``cards`` are the known cards that may be among them;
            at most ``never_seen`` cards never seen face up are in it and the earlier groups
            together (the draws, less the cards seen face up by then, bound them). With
            ``known``, this is exactly what a perfect memory of the public history tells
            (see the private module ``_knowledge``).
    """

    deck: tuple[CardId, ...]
    hand: frozenset[CardId]
    columns: tuple[tuple[CardId, ...], tuple[CardId, ...], tuple[CardId, ...]]
    storm: tuple[CardId, ...]
    discard: tuple[CardId, ...]
    hidden_discard: frozenset[CardId]
    passed: bool
    known: tuple[tuple[CardId, frozenset[Place]], ...]
    face_down_groups: tuple[tuple[int, frozenset[CardId], int], ...] = ()


@attrs.frozen
class MagellanState:
    """A full game state, with everything hidden from any player.

    .. versionchanged:: 0.1.0
       ``history`` is a :class:`~boardgames.History`, not a tuple.

    Args:
        players: The number of seats.
        storms: Whether the storm deck and the face-down storm column are used.
        round: The round, 1 to 6.
        first_player: The holder of the Pigafetta card, who starts phase B.
        to_move: The seat to play or pass in phase B; ``None`` when the game is over.
        first_has_played: Whether the first player has played a card this round (he may not
            pass before he has).
        crews: Each seat's crew cards.
        ocean_decks: Each colour's face-down ocean deck, top card first.
        ocean_piles: Each colour's face-up ocean cards on the table, oldest first.
        storm_deck: The face-down storm deck, top card first (empty without storms).
        storm_pile: The face-up storm cards on the table, oldest first.
        won: The ocean cards each seat has won, in the order won.
        won_storms: The storm cards each seat has won, in the order won.
        history: Every decision so far as ``(seat, action)``, as all players saw it, oldest
            first. A :class:`~boardgames.History`: each state shares the entries of the
            state it came from, so a move costs the same late in a game as early.
        rng: The random stream (used for the setup shuffles).
    """

    players: int
    storms: bool
    round: int
    first_player: PlayerId
    to_move: PlayerId | None
    first_has_played: bool
    crews: tuple[Crew, ...]
    ocean_decks: tuple[tuple[CardId, ...], ...]
    ocean_piles: tuple[tuple[CardId, ...], ...]
    storm_deck: tuple[CardId, ...]
    storm_pile: tuple[CardId, ...]
    won: tuple[tuple[CardId, ...], ...]
    won_storms: tuple[tuple[CardId, ...], ...]
    history: History[tuple[PlayerId, PublicAction]]
    rng: Rng


if TYPE_CHECKING:
    _new_state = MagellanState
    _new_crew = Crew
else:
    # The rules and the sampler build states and crews on every move: trusted
    # constructors store the fields straight into their slots (the same values as the
    # attrs constructors).
    _new_state = trusted_constructor(MagellanState)
    _new_crew = trusted_constructor(Crew)

"""What one captain knows: the observation, and states sampled to agree with it."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import TypeVar

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng, lehmer_order
from boardgames.games.magellan_elcano.actions import PublicAction
from boardgames.games.magellan_elcano.components import (
    CREW_DECK_SIZE,
    OCEAN_CARDS_PER_COLOUR,
    STORM_CARDS,
    CardId,
    Colour,
)
from boardgames.games.magellan_elcano.state import Crew, MagellanState, Place, _new_crew, _new_state

__all__ = ["CrewView", "MagellanObservation", "check_observation", "observe", "sample_state"]


@attrs.frozen
class CrewView:
    """What every player can see of one captain's crew cards.

    Args:
        hand_size: Cards in hand.
        deck_size: Cards in the draw deck.
        columns: The face-up red, blue and green columns, in play order.
        storm_size: Face-down cards in the storm column.
        discard: Face-up discards (won columns).
        hidden_discard_size: Face-down discards (won storm columns).
        passed: Whether the captain has passed this round.
        known: Cards everyone has seen face up that are hidden again, each with the places
            it may be in now (see :class:`~boardgames.games.magellan_elcano.state.Place`).
        in_hidden_discard: Public constraints ``(cards, at_least)``: at least ``at_least``
            of the known ``cards`` are in the face-down discard (learnt when a storm column
            won; see :class:`~boardgames.games.magellan_elcano.state.Crew`).
    """

    hand_size: int
    deck_size: int
    columns: tuple[tuple[CardId, ...], tuple[CardId, ...], tuple[CardId, ...]]
    storm_size: int
    discard: tuple[CardId, ...]
    hidden_discard_size: int
    passed: bool
    known: tuple[tuple[CardId, frozenset[Place]], ...]
    in_hidden_discard: tuple[tuple[frozenset[CardId], int], ...] = ()


@attrs.frozen
class MagellanObservation:
    """One captain's view of the table.

    Args:
        player: The observing seat.
        players: The number of seats.
        storms: Whether storms are in play.
        round: The round, 1 to 6.
        first_player: The holder of the Pigafetta card.
        to_move: The seat to act, ``None`` when the game is over.
        first_has_played: Whether the first player has played a card this round.
        hand: The observer's own hand.
        storm: The observer's own face-down storm column, in play order.
        hidden_discard: The observer's own face-down discards.
        crews: Every seat's public crew view (the observer's own included).
        ocean_piles: The face-up ocean cards of each colour on the table.
        ocean_deck_sizes: The cards left in each ocean deck.
        storm_pile: The face-up storm cards on the table.
        storm_deck_size: The cards left in the storm deck.
        won: The ocean cards each seat has won.
        won_storms: The storm cards each seat has won.
        history: Every decision so far, face-down cards not named: the state's own
            :class:`~boardgames.History`, shared, not copied.

    .. versionchanged:: 0.1.0
       ``history`` is a :class:`~boardgames.History`, not a tuple.
    """

    player: PlayerId
    players: int
    storms: bool
    round: int
    first_player: PlayerId
    to_move: PlayerId | None
    first_has_played: bool
    hand: frozenset[CardId]
    storm: tuple[CardId, ...]
    hidden_discard: frozenset[CardId]
    crews: tuple[CrewView, ...]
    ocean_piles: tuple[tuple[CardId, ...], ...]
    ocean_deck_sizes: tuple[int, ...]
    storm_pile: tuple[CardId, ...]
    storm_deck_size: int
    won: tuple[tuple[CardId, ...], ...]
    won_storms: tuple[tuple[CardId, ...], ...]
    history: History[tuple[PlayerId, PublicAction]]


def _view(crew: Crew) -> CrewView:
    return CrewView(
        hand_size=len(crew.hand),
        deck_size=len(crew.deck),
        columns=crew.columns,
        storm_size=len(crew.storm),
        discard=crew.discard,
        hidden_discard_size=len(crew.hidden_discard),
        passed=crew.passed,
        known=crew.known,
        in_hidden_discard=crew.in_hidden_discard,
    )


def observe(state: MagellanState, player: PlayerId) -> MagellanObservation:
    """Return what ``player`` knows of ``state``."""
    own = state.crews[player]
    return MagellanObservation(
        player=player,
        players=state.players,
        storms=state.storms,
        round=state.round,
        first_player=state.first_player,
        to_move=state.to_move,
        first_has_played=state.first_has_played,
        hand=own.hand,
        storm=own.storm,
        hidden_discard=own.hidden_discard,
        crews=tuple(_view(crew) for crew in state.crews),
        ocean_piles=state.ocean_piles,
        ocean_deck_sizes=tuple(len(deck) for deck in state.ocean_decks),
        storm_pile=state.storm_pile,
        storm_deck_size=len(state.storm_deck),
        won=state.won,
        won_storms=state.won_storms,
        history=state.history,
    )


_PLACES = (Place.HAND, Place.STORM, Place.HIDDEN_DISCARD)
_PLACE_SETS = [
    frozenset(places)
    for size in range(1, len(_PLACES) + 1)
    for places in itertools.combinations(_PLACES, size)
]
_ALL_CREW = frozenset(range(CREW_DECK_SIZE))
_OCEAN_DECKS = tuple(
    frozenset(range(colour * OCEAN_CARDS_PER_COLOUR, (colour + 1) * OCEAN_CARDS_PER_COLOUR))
    for colour in Colour
)
_STORM_DECK = frozenset(range(len(STORM_CARDS)))
_FACTORIALS = tuple(math.factorial(size) for size in range(CREW_DECK_SIZE + 1))
_OPTIONS = {
    places: tuple(index for index, place in enumerate(_PLACES) if place in places)
    for places in _PLACE_SETS
}
"""Each set of places as the indices of its places in :data:`_PLACES`, in that order."""
_MASKS = {places: sum(1 << index for index in options) for places, options in _OPTIONS.items()}
"""Each set of places as a bit mask: hand 1, storm 2, face-down discard 4."""
_OPTION_MASKS = {options: _MASKS[places] for places, options in _OPTIONS.items()}
_DISCARD = 2
_HAND_OR_STORM, _HAND_OR_DISCARD, _STORM_OR_DISCARD, _ANYWHERE = 3, 5, 6, 7

_T = TypeVar("_T")


def _orders(rng: Rng, sizes: Iterable[int]) -> tuple[int, Rng]:
    """Draw one code for uniform random orders of sequences of each of ``sizes``.

    The code is uniform below the product of the sizes' factorials; ``lehmer_order`` reads
    each order from it in turn, whatever the order of the sizes.
    """
    bound = 1
    for size in sizes:
        bound *= _FACTORIALS[size]
    return rng.below(bound)


def _place_known(
    known: tuple[tuple[CardId, frozenset[Place]], ...],
    in_hidden_discard: tuple[tuple[frozenset[CardId], int], ...],
    room: list[int],
    code: int,
) -> tuple[list[list[CardId]], int]:
    """Put each known card in one of its possible places, at random, respecting room.

    ``room`` holds the hidden room in the hand, the storm column and the face-down discard
    (in the order of :data:`_PLACES`); it is left holding the room that remains. Every
    constraint of ``in_hidden_discard`` holds too: at least so many of its cards go to the
    face-down discard. The random choices are read from ``code`` (see ``lehmer_order`` and
    :func:`_choice_sizes`); the rest of the code is returned.

    A card with one possible place goes there. The others are taken in a random order and
    each tries its places in a random order; a choice that leaves no room for the rest
    (Hall's condition) or too few cards for a constraint is undone (a depth-first search,
    so it always finds a placement when there is one, and without constraints it never has
    to backtrack). The cards left to place all have two or three places, so Hall's
    condition is four comparisons of counts.

    Raises:
        InvalidStateError: No placement satisfies the room and the constraints.
    """
    placed: list[list[CardId]] = [[], [], []]
    free: list[tuple[CardId, tuple[int, ...]]] = []
    for card, places in known:
        options = _OPTIONS.get(places, ())
        if len(options) == 1:
            placed[options[0]].append(card)
            room[options[0]] -= 1
        elif options:
            free.append((card, options))
        else:
            raise _inconsistent()
    if min(room) < 0:
        raise _inconsistent()
    # For each constraint: how many more of its cards must go to the face-down discard,
    # and how many of its cards are still to be placed.
    needed = [
        at_least - len(cards.intersection(placed[_DISCARD]))
        for cards, at_least in in_hidden_discard
    ]
    if not free:
        if any(need > 0 for need in needed):
            raise _inconsistent()
        return placed, code
    order, code = lehmer_order(code, free)
    tries = []
    for _, options in order:
        shuffled, code = lehmer_order(code, options)
        tries.append(shuffled)
    counts = [0] * 8  # how many cards left to place have each set of places
    masks = [_OPTION_MASKS[options] for _, options in order]
    for mask in masks:
        counts[mask] += 1
    member: list[list[int]] = [[] for _ in order]
    left = [0] * len(needed)
    for position, (card, _) in enumerate(order):
        for index, (cards, _) in enumerate(in_hidden_discard):
            if card in cards:
                member[position].append(index)
                left[index] += 1

    def feasible() -> bool:
        hand, storm, discard = room
        both = counts[_HAND_OR_STORM] + counts[_HAND_OR_DISCARD] + counts[_STORM_OR_DISCARD]
        return (
            counts[_HAND_OR_STORM] <= hand + storm
            and counts[_HAND_OR_DISCARD] <= hand + discard
            and counts[_STORM_OR_DISCARD] <= storm + discard
            and both + counts[_ANYWHERE] <= hand + storm + discard
        )

    def search(index: int) -> bool:
        if needed and any(need > rest for need, rest in zip(needed, left, strict=True)):
            return False
        if index == len(order):
            return True
        card = order[index][0]
        counts[masks[index]] -= 1
        for constraint in member[index]:
            left[constraint] -= 1
        for place in tries[index]:
            if room[place] <= 0:
                continue
            room[place] -= 1
            if feasible():
                hits = member[index] if place == _DISCARD else []
                for constraint in hits:
                    needed[constraint] -= 1
                placed[place].append(card)
                if search(index + 1):
                    return True
                placed[place].pop()
                for constraint in hits:
                    needed[constraint] += 1
            room[place] += 1
        for constraint in member[index]:
            left[constraint] += 1
        counts[masks[index]] += 1
        return False

    if not search(0):
        raise _inconsistent()
    return placed, code


def _choice_sizes(known: tuple[tuple[CardId, frozenset[Place]], ...]) -> list[int]:
    """Return the sizes of the orders :func:`_place_known` draws for ``known``.

    One order of the cards with a choice of places, then one order of each card's places.
    """
    choices = [len(_OPTIONS.get(places, ())) for _, places in known]
    choices = [count for count in choices if count > 1]
    return [len(choices), *choices]


def _inconsistent() -> InvalidStateError:
    return InvalidStateError("the observation's knowledge of the known cards is inconsistent")


def sample_state(observation: MagellanObservation, seed: int) -> MagellanState:
    """Return a state that agrees with everything the observation's player knows.

    What he cannot know is drawn at random from ``seed``: the order of every deck, the
    unseen cards in the other hands, storm columns and face-down discards, and which of
    those places holds each card that was seen and hidden again. Each shuffle takes one
    draw, and every part of the observation that the state shows as it is (the table, the
    won cards, the history) is shared, not copied.
    """
    rng = Rng.from_seed(seed).derive(0x5A11)
    me = observation.player
    views = observation.crews
    # What is hidden, seat by seat: the cards not on the table, less those the observer
    # holds or the public knows of.
    hidden_cards = []
    sizes = []
    for seat, view in enumerate(views):
        off_table = _ALL_CREW.difference(view.discard, *view.columns)
        if seat == me:
            cards = off_table.difference(
                observation.hand, observation.storm, observation.hidden_discard
            )
        else:
            cards = off_table.difference([pair[0] for pair in view.known])
            sizes.append(view.storm_size)
            sizes.extend(_choice_sizes(view.known))
        hidden_cards.append(sorted(cards))
        sizes.append(len(cards))
    won_ocean = [card for won in observation.won for card in won]
    ocean_left = [
        sorted(_OCEAN_DECKS[colour].difference(pile, won_ocean))
        for colour, pile in enumerate(observation.ocean_piles)
    ]
    storm_left = (
        sorted(_STORM_DECK.difference(observation.storm_pile, *observation.won_storms))
        if observation.storms
        else []
    )
    sizes.extend(map(len, ocean_left))
    sizes.append(len(storm_left))
    code, rng = _orders(rng, sizes)  # every shuffle of the sample, in one draw
    crews = []
    for seat, view in enumerate(views):
        if seat == me:
            deck, code = lehmer_order(code, hidden_cards[seat])
            crews.append(
                _new_crew(
                    deck,
                    observation.hand,
                    view.columns,
                    observation.storm,
                    view.discard,
                    observation.hidden_discard,
                    view.passed,
                    view.known,
                    view.in_hidden_discard,
                )
            )
            continue
        room = [view.hand_size, view.storm_size, view.hidden_discard_size]
        placed, code = _place_known(view.known, view.in_hidden_discard, room, code)
        unseen, code = lehmer_order(code, hidden_cards[seat])
        hand_room, storm_room, hidden_room = room
        hand, storm, hidden = placed
        hand += unseen[:hand_room]
        storm += unseen[hand_room : hand_room + storm_room]
        position = hand_room + storm_room + hidden_room
        hidden += unseen[hand_room + storm_room : position]
        storm_order, code = lehmer_order(code, storm)
        crews.append(
            _new_crew(
                unseen[position:],
                frozenset(hand),
                view.columns,
                storm_order,
                view.discard,
                frozenset(hidden),
                view.passed,
                view.known,
                view.in_hidden_discard,
            )
        )
    ocean_decks = []
    for left in ocean_left:
        deck, code = lehmer_order(code, left)
        ocean_decks.append(deck)
    storm_deck, code = lehmer_order(code, storm_left)
    return _new_state(
        observation.players,
        observation.storms,
        observation.round,
        observation.first_player,
        observation.to_move,
        observation.first_has_played,
        tuple(crews),
        tuple(ocean_decks),
        observation.ocean_piles,
        storm_deck,
        observation.storm_pile,
        observation.won,
        observation.won_storms,
        observation.history,
        rng,
    )


def check_observation(observation: MagellanObservation) -> None:
    """Check that a loaded observation is one a captain can have.

    Every field's shape and range, every count against what a state of its configuration
    can give (hand, deck, storm column and discard sizes, the ocean and storm decks), the
    observer's own cards against his public counts, and the history replayed in public,
    which must lead to the table shown (see the private module ``_invariants``). The base
    class then samples a state from it, checks that state and observes it again
    (:class:`~boardgames.core.standard.StandardGame`).

    Raises:
        InvalidStateError: The observation is not one a captain can have.
    """
    # The checks read the rules and this module, so they are imported when first used.
    from boardgames.games.magellan_elcano import _invariants

    _invariants.check_observation(observation)

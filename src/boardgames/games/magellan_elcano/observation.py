"""What one captain knows: the observation, and states sampled to agree with it."""

from __future__ import annotations

import itertools

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.games.magellan_elcano.actions import PublicAction
from boardgames.games.magellan_elcano.components import (
    CREW_DECK_SIZE,
    OCEAN_CARDS_PER_COLOUR,
    STORM_CARDS,
    CardId,
    Colour,
)
from boardgames.games.magellan_elcano.state import Crew, MagellanState, Place

__all__ = ["CrewView", "MagellanObservation", "observe", "sample_state"]


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
        history: Every decision so far, face-down cards not named.
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
    history: tuple[tuple[PlayerId, PublicAction], ...]


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


def _feasible(allowed: list[frozenset[Place]], room: dict[Place, int]) -> bool:
    """Hall's condition: every group of places has room for the cards confined to it."""
    return all(
        sum(1 for places in allowed if places <= group) <= sum(room[place] for place in group)
        for group in _PLACE_SETS
    )


def _place_known(
    known: tuple[tuple[CardId, frozenset[Place]], ...],
    in_hidden_discard: tuple[tuple[frozenset[CardId], int], ...],
    room: dict[Place, int],
    rng: Rng,
) -> tuple[dict[Place, list[CardId]], Rng]:
    """Put each known card in one of its possible places, at random, respecting room.

    Every constraint of ``in_hidden_discard`` holds too: at least so many of its cards go to
    the face-down discard. The cards are taken in a random order and each tries its places
    in a random order; a choice that leaves no room for the rest (Hall's condition) or too
    few cards for a constraint is undone (a depth-first search, so it always finds a
    placement when there is one, and without constraints it never has to backtrack).
    """
    placed: dict[Place, list[CardId]] = {place: [] for place in _PLACES}
    order, rng = rng.shuffled(known)
    remaining = [places for _, places in order]
    # For each constraint: how many more of its cards must go to the face-down discard,
    # and how many of its cards are still to be placed.
    needed = [at_least for _, at_least in in_hidden_discard]
    left = [sum(1 for card, _ in known if card in cards) for cards, _ in in_hidden_discard]
    member = [
        [index for index, (cards, _) in enumerate(in_hidden_discard) if card in cards]
        for card, _ in order
    ]
    stream = [rng]

    def search(index: int) -> bool:
        if any(need > rest for need, rest in zip(needed, left, strict=True)):
            return False
        if index == len(order):
            return True
        card, places = order[index]
        options, stream[0] = stream[0].shuffled(sorted(places, key=lambda place: place.value))
        rest = remaining[index + 1 :]
        for constraint in member[index]:
            left[constraint] -= 1
        for place in options:
            if room[place] <= 0:
                continue
            room[place] -= 1
            if _feasible(rest, room):
                hits = member[index] if place is Place.HIDDEN_DISCARD else []
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
        return False

    if not search(0):
        raise InvalidStateError("the observation's knowledge of the known cards is inconsistent")
    return placed, stream[0]


def sample_state(observation: MagellanObservation, seed: int) -> MagellanState:
    """Return a state that agrees with everything the observation's player knows.

    What he cannot know is drawn at random from ``seed``: the order of every deck, the
    unseen cards in the other hands, storm columns and face-down discards, and which of
    those places holds each card that was seen and hidden again.
    """
    rng = Rng.from_seed(seed).derive(0x5A11)
    me = observation.player
    crews = []
    for seat, view in enumerate(observation.crews):
        on_table = {card for column in view.columns for card in column} | set(view.discard)
        if seat == me:
            hidden = sorted(
                set(range(CREW_DECK_SIZE))
                - on_table
                - observation.hand
                - set(observation.storm)
                - observation.hidden_discard
            )
            deck, rng = rng.shuffled(hidden)
            crews.append(
                Crew(
                    deck=deck,
                    hand=observation.hand,
                    columns=view.columns,
                    storm=observation.storm,
                    discard=view.discard,
                    hidden_discard=observation.hidden_discard,
                    passed=view.passed,
                    known=view.known,
                    in_hidden_discard=view.in_hidden_discard,
                )
            )
            continue
        room = {
            Place.HAND: view.hand_size,
            Place.STORM: view.storm_size,
            Place.HIDDEN_DISCARD: view.hidden_discard_size,
        }
        placed, rng = _place_known(view.known, view.in_hidden_discard, room, rng)
        known_cards = {card for card, _ in view.known}
        unseen, rng = rng.shuffled(sorted(set(range(CREW_DECK_SIZE)) - on_table - known_cards))
        position = 0
        for place in _PLACES:
            take = room[place]
            placed[place].extend(unseen[position : position + take])
            position += take
        storm, rng = rng.shuffled(placed[Place.STORM])
        crews.append(
            Crew(
                deck=unseen[position:],
                hand=frozenset(placed[Place.HAND]),
                columns=view.columns,
                storm=storm,
                discard=view.discard,
                hidden_discard=frozenset(placed[Place.HIDDEN_DISCARD]),
                passed=view.passed,
                known=view.known,
                in_hidden_discard=view.in_hidden_discard,
            )
        )
    won_ocean = {card for won in observation.won for card in won}
    ocean_decks = []
    for colour in Colour:
        start = colour * OCEAN_CARDS_PER_COLOUR
        left = sorted(
            set(range(start, start + OCEAN_CARDS_PER_COLOUR))
            - set(observation.ocean_piles[colour])
            - won_ocean
        )
        deck, rng = rng.shuffled(left)
        ocean_decks.append(deck)
    storm_deck: tuple[CardId, ...] = ()
    if observation.storms:
        won_storm = {card for won in observation.won_storms for card in won}
        left = sorted(set(range(len(STORM_CARDS))) - set(observation.storm_pile) - won_storm)
        storm_deck, rng = rng.shuffled(left)
    return MagellanState(
        players=observation.players,
        storms=observation.storms,
        round=observation.round,
        first_player=observation.first_player,
        to_move=observation.to_move,
        first_has_played=observation.first_has_played,
        crews=tuple(crews),
        ocean_decks=tuple(ocean_decks),
        ocean_piles=observation.ocean_piles,
        storm_deck=storm_deck,
        storm_pile=observation.storm_pile,
        won=observation.won,
        won_storms=observation.won_storms,
        history=observation.history,
        rng=rng,
    )

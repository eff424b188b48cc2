"""What one captain knows: the observation, and states sampled to agree with it."""

from __future__ import annotations

import math

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng, lehmer_order
from boardgames.games.magellan_elcano import _knowledge
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
        face_down_groups: Public knowledge of the face-down discard, one
            ``(size, cards, never_seen)`` per storm column won: its size, the known cards
            that may be in it, and the most never-seen cards it and the earlier groups can
            hold (see :class:`~boardgames.games.magellan_elcano.state.Crew`).
    """

    hand_size: int
    deck_size: int
    columns: tuple[tuple[CardId, ...], tuple[CardId, ...], tuple[CardId, ...]]
    storm_size: int
    discard: tuple[CardId, ...]
    hidden_discard_size: int
    passed: bool
    known: tuple[tuple[CardId, frozenset[Place]], ...]
    face_down_groups: tuple[tuple[int, frozenset[CardId], int], ...] = ()


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
        face_down_groups=crew.face_down_groups,
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


_ALL_CREW = frozenset(range(CREW_DECK_SIZE))
_OCEAN_DECKS = tuple(
    frozenset(range(colour * OCEAN_CARDS_PER_COLOUR, (colour + 1) * OCEAN_CARDS_PER_COLOUR))
    for colour in Colour
)
_STORM_DECK = frozenset(range(len(STORM_CARDS)))
_FACTORIALS = tuple(math.factorial(size) for size in range(CREW_DECK_SIZE + 1))


def _inconsistent() -> InvalidStateError:
    return InvalidStateError("the observation's knowledge of the known cards is inconsistent")


def sample_state(observation: MagellanObservation, seed: int) -> MagellanState:
    """Return a state that agrees with everything the observation's player knows.

    What he cannot know is drawn at random from ``seed``, uniformly over every state he
    cannot rule out: the order of every deck, and for each other captain an arrangement
    of his hidden cards (which known cards and which never-seen cards are in his hand,
    storm column and face-down discard) drawn uniformly among those consistent with the
    public history (see the private module ``_knowledge``), with his storm column and
    deck in a uniform order. Every random choice is read from one draw, and every part of
    the observation that the state shows as it is (the table, the won cards, the history)
    is shared, not copied.

    Raises:
        InvalidStateError: No state agrees with the observation.
    """
    rng = Rng.from_seed(seed).derive(0x5A11)
    me = observation.player
    views = observation.crews
    factorials = _FACTORIALS
    # What is hidden, seat by seat: the cards not on the table, less those the observer
    # holds or the public knows of; and how many choices the draw must cover: one order
    # of each hidden sequence, and each other captain's arrangement.
    hidden_cards = []
    known_cards: list[list[CardId]] = []
    layouts: list[tuple[list[int], _knowledge.Plan] | None] = []
    bound = 1
    for seat, view in enumerate(views):
        off_table = _ALL_CREW.difference(view.discard, *view.columns)
        known = [pair[0] for pair in view.known]
        found = None
        if seat == me:
            cards = sorted(
                off_table.difference(
                    observation.hand, observation.storm, observation.hidden_discard
                )
            )
        else:
            cards = sorted(off_table.difference(known))
            if view.storm_size or view.face_down_groups:
                found = _knowledge.layout(
                    view.face_down_groups, known, view.hand_size, view.storm_size, len(cards)
                )
                if not found[1].total:
                    raise _inconsistent()
                bound *= found[1].total
            elif len(known) > view.hand_size:
                raise _inconsistent()
            bound *= factorials[view.storm_size] * factorials[len(known)]
        known_cards.append(known)
        hidden_cards.append(cards)
        layouts.append(found)
        bound *= factorials[len(cards)]
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
    for left in ocean_left:
        bound *= factorials[len(left)]
    bound *= factorials[len(storm_left)]
    code, rng = rng.below(bound)  # every random choice of the sample, in one draw
    order = lehmer_order
    crews = []
    for seat, view in enumerate(views):
        if seat == me:
            deck, code = order(code, hidden_cards[seat])
            crews.append(
                _new_crew(
                    tuple(deck),
                    observation.hand,
                    view.columns,
                    observation.storm,
                    view.discard,
                    observation.hidden_discard,
                    view.passed,
                    view.known,
                    view.face_down_groups,
                )
            )
            continue
        known = known_cards[seat]
        unseen = hidden_cards[seat]
        found = layouts[seat]
        if found is not None:
            member, counts = found
            code, choice = divmod(code, counts.total)
            hand, storm, hidden, rest, code = _knowledge.place(
                view.face_down_groups,
                known,
                member,
                counts,
                unseen,
                view.hand_size,
                view.storm_size,
                code,
                choice,
            )
            storm_order, code = order(code, storm)
        else:
            # Nothing face down: the known cards are in the hand, with any unseen cards.
            shuffled, code = order(code, unseen)
            cut = view.hand_size - len(known)
            hand = [*known, *shuffled[:cut]]
            rest = shuffled[cut:]
            storm_order = ()
            hidden = []
        crews.append(
            _new_crew(
                tuple(rest),
                frozenset(hand),
                view.columns,
                tuple(storm_order),
                view.discard,
                frozenset(hidden),
                view.passed,
                view.known,
                view.face_down_groups,
            )
        )
    ocean_decks = []
    for left in ocean_left:
        deck, code = order(code, left)
        ocean_decks.append(tuple(deck))
    storm_deck, code = order(code, storm_left)
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
        tuple(storm_deck),
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

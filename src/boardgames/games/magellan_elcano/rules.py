"""The rules of Magellan: Elcano as pure functions: setup, legal actions, transitions, scoring.

Only phase B (Cross the Seas) has decisions. Phases A, C, D and E, and the end of the game,
run automatically inside :func:`apply` as soon as every captain has passed.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from typing import TypeAlias

from boardgames.core import guards
from boardgames.core.errors import ConfigurationError, InvalidStateError
from boardgames.core.guards import illegal_action
from boardgames.core.history import History
from boardgames.core.protocol import OptionValue, PlayerId
from boardgames.core.ranking import places_from_keys
from boardgames.core.rng import Rng
from boardgames.games.magellan_elcano import _knowledge
from boardgames.games.magellan_elcano.actions import (
    Action,
    FaceDownPlayed,
    Pass,
    PlayCard,
    PlayFaceDown,
    PublicAction,
)
from boardgames.games.magellan_elcano.components import (
    CREW_CARDS,
    CREW_DECK_SIZE,
    OCEAN_CARDS,
    OCEAN_CARDS_PER_COLOUR,
    STORM_CARDS,
    CardId,
    Colour,
)
from boardgames.games.magellan_elcano.state import (
    _PLACE_SETS,
    Crew,
    MagellanState,
    Place,
    _new_crew,
    _new_state,
)

__all__ = [
    "DRAW",
    "HAND_SIZE",
    "ROUNDS",
    "Configuration",
    "apply",
    "check_action",
    "check_face_down_groups",
    "check_state",
    "column_totals",
    "configuration",
    "configure",
    "current_player",
    "describe_configuration",
    "hand_strength",
    "is_truncated",
    "legal_actions",
    "new_game",
    "ranking",
    "score",
    "storm_column_totals",
]

HAND_SIZE = 5
"""Cards each captain draws at the start of the game."""

DRAW = 2
"""Cards each captain draws in phase D."""

ROUNDS = 1 + (CREW_DECK_SIZE - HAND_SIZE) // DRAW
"""Rounds in a game: the crew decks run out after phase C of round 6."""

_PASS = Pass()
_FACE_DOWN_PLAYED = FaceDownPlayed()
_PLAYS: tuple[tuple[PlayCard, ...], ...] = tuple(
    tuple(PlayCard(card.id, colour) for colour, _ in card.values) for card in CREW_CARDS
)
"""Each card's face-up plays, in the order its ends are printed."""
_PLAY: tuple[tuple[PlayCard | None, ...], ...] = tuple(
    tuple(next((play for play in plays if play.colour is colour), None) for colour in Colour)
    for plays in _PLAYS
)
"""Each card's face-up play in each colour (indexed by colour), ``None`` without that end."""
_FACE_DOWN = tuple(PlayFaceDown(card.id) for card in CREW_CARDS)
_VALUE = tuple(tuple(card.value(colour) for colour in Colour) for card in CREW_CARDS)
_EMPTY_COLUMNS: tuple[tuple[CardId, ...], tuple[CardId, ...], tuple[CardId, ...]] = ((), (), ())
_IN_HAND = _PLACE_SETS[frozenset({Place.HAND})]
_COLOUR_VALUES = tuple(tuple(values[colour] for values in _VALUE) for colour in Colour)
"""Each colour's value of every card (0 without that end), indexed by colour then card."""
_COLOURS = tuple(int(colour) for colour in Colour)
"""The colours as plain indices, red, blue, green (iterating the enum costs more)."""
_HAND_OR_STORM = _PLACE_SETS[frozenset({Place.HAND, Place.STORM})]
_MAX_SEATS = 5

_Entry: TypeAlias = tuple[PlayerId, PublicAction]
# Every history entry a game can hold, built once: a move appends a shared entry.
_PLAY_ENTRY: tuple[tuple[tuple[_Entry | None, ...], ...], ...] = tuple(
    tuple(tuple(None if play is None else (seat, play) for play in plays) for plays in _PLAY)
    for seat in range(_MAX_SEATS)
)
_FACE_DOWN_ENTRY: tuple[_Entry, ...] = tuple(
    (seat, _FACE_DOWN_PLAYED) for seat in range(_MAX_SEATS)
)
_PASS_ENTRY: tuple[_Entry, ...] = tuple((seat, _PASS) for seat in range(_MAX_SEATS))
_EMPTY_HISTORY: History[_Entry] = History()


class _Hand:
    """What the rules derive from one hand, computed once and shared by every state holding it.

    Hands are interned: every hand the rules build is the canonical frozenset of its cards,
    so finding its entry is one lookup with a cached hash, and equal hands in different
    states are one object.
    """

    __slots__ = ("actions", "cards", "minus")

    def __init__(self, cards: frozenset[CardId]) -> None:
        self.cards = cards
        self.actions: list[tuple[Action, ...] | None] = [None, None, None, None]
        """The legal actions, by ``2 * storms + may_pass``, each built on first use."""
        self.minus: list[frozenset[CardId] | None] = [None] * CREW_DECK_SIZE
        """The canonical hand left after playing each card, built on first use."""

    def legal(self, storms: bool, may_pass: bool) -> tuple[Action, ...]:
        """Return the legal actions of a captain holding this hand."""
        index = 2 * storms + may_pass
        actions = self.actions[index]
        if actions is None:
            ordered = sorted(self.cards)
            result: list[Action] = [play for card in ordered for play in _PLAYS[card]]
            if storms:
                result.extend(_FACE_DOWN[card] for card in ordered)
            if may_pass:
                result.append(_PASS)
            actions = self.actions[index] = tuple(result)
        return actions

    def without(self, card: CardId) -> frozenset[CardId]:
        """Return the canonical hand left after playing ``card`` (which it holds)."""
        rest = self.minus[card]
        if rest is None:
            rest = self.minus[card] = _hand(self.cards - {card}).cards
        return rest


_HANDS: dict[frozenset[CardId], _Hand] = {}
"""Every hand seen so far (at most 2 ** 15), each with its derived data."""


def _hand(cards: frozenset[CardId]) -> _Hand:
    """Return the entry of the hand holding ``cards``, creating it on first sight."""
    entry = _HANDS.get(cards)
    if entry is None:
        entry = _HANDS[cards] = _Hand(cards)
    return entry


def _played(cards: frozenset[CardId], card: CardId) -> frozenset[CardId]:
    """Return the canonical hand left when ``card`` is played from ``cards``."""
    entry = _HANDS.get(cards) or _hand(cards)
    rest = entry.minus[card]
    return entry.without(card) if rest is None else rest


Configuration: TypeAlias = tuple[int, bool]
"""What a game is configured by: the number of captains and whether storms are used."""


def configure(players: int, options: Mapping[str, OptionValue]) -> Configuration:
    """Return the configuration of ``players`` captains with the option ``storm_variant``.

    Storms are always used with 5 players and never with 2 or 3.

    Raises:
        ConfigurationError: ``storm_variant`` with fewer than 4 players.
    """
    storm_variant = options["storm_variant"] is True
    if storm_variant and players < 4:
        raise ConfigurationError(
            f"storm_variant=True needs 4 or 5 players, not {players}; "
            "storms are a 4-player variant and a 5-player rule"
        )
    return (players, players == 5 or storm_variant)


def configuration(state: MagellanState) -> Configuration:
    """Return the configuration ``state`` was made for."""
    return (state.players, state.storms)


def describe_configuration(configuration: Configuration) -> str:
    """Describe a configuration for error messages."""
    players, storms = configuration
    return guards.describe_configuration(players, {"storm_variant": storms})


def current_player(state: MagellanState) -> PlayerId | None:
    """Return the captain to play or pass, or ``None`` when the game is over."""
    return state.to_move


def is_truncated(state: MagellanState) -> bool:
    """Return ``False``: Magellan: Elcano always ends after six rounds."""
    return False


def check_action(action: Action) -> None:
    """Check a loaded action's card id (and that the card has the colour played).

    Raises:
        InvalidStateError: The card is not a crew card, or has no end of that colour.
    """
    if isinstance(action, PlayCard | PlayFaceDown):
        if not 0 <= action.card < len(CREW_CARDS):
            raise InvalidStateError(f"card {action.card} is not a crew card id (0 to 14)")
        if isinstance(action, PlayCard) and not CREW_CARDS[action.card].value(action.colour):
            raise InvalidStateError(f"card {CREW_CARDS[action.card]} has no {action.colour} end")


def new_game(configuration: Configuration, seed: int) -> MagellanState:
    """Set up a game: Pigafetta to a random captain, shuffled decks, 5 cards each, phase A."""
    players, storms = configuration
    rng = Rng.from_seed(seed)
    first_player, rng = rng.randbelow(players)
    crews = []
    for _ in range(players):
        deck, rng = rng.shuffled(range(CREW_DECK_SIZE))
        crews.append(
            _new_crew(
                deck=deck[HAND_SIZE:],
                hand=_hand(frozenset(deck[:HAND_SIZE])).cards,
                columns=_EMPTY_COLUMNS,
                storm=(),
                discard=(),
                hidden_discard=frozenset(),
                passed=False,
                known=(),
                face_down_groups=(),
            )
        )
    ocean_decks = []
    for colour in Colour:
        start = colour * OCEAN_CARDS_PER_COLOUR
        deck, rng = rng.shuffled(range(start, start + OCEAN_CARDS_PER_COLOUR))
        ocean_decks.append(deck)
    storm_deck: tuple[CardId, ...] = ()
    if storms:
        storm_deck, rng = rng.shuffled(range(len(STORM_CARDS)))
    state = _new_state(
        players=players,
        storms=storms,
        round=1,
        first_player=first_player,
        to_move=first_player,
        first_has_played=False,
        crews=tuple(crews),
        ocean_decks=tuple(ocean_decks),
        ocean_piles=((), (), ()),
        storm_deck=storm_deck,
        storm_pile=(),
        won=((),) * players,
        won_storms=((),) * players,
        history=_EMPTY_HISTORY,
        rng=rng,
    )
    decks = state.ocean_decks
    won_storms, storm_pile, storm_deck = _storm_ids(
        state.won_storms, storm_deck[:1], storm_deck[1:]
    )
    # Phase A of round 1. The first player holds 5 cards, so he moves first.
    return _new_state(
        players,
        storms,
        1,
        first_player,
        first_player,
        False,
        state.crews,
        (decks[0][1:], decks[1][1:], decks[2][1:]),
        (decks[0][:1], decks[1][:1], decks[2][:1]),
        storm_deck,
        storm_pile,
        state.won,
        won_storms,
        _EMPTY_HISTORY,
        rng,
    )


_STORM_COPIES: dict[int, tuple[CardId, ...]] = {
    card.points: tuple(other.id for other in STORM_CARDS if other.points == card.points)
    for card in STORM_CARDS
}
"""For each storm card value, the ids of the cards worth it, lowest first."""


def _storm_ids(
    won_storms: tuple[tuple[CardId, ...], ...],
    pile: tuple[CardId, ...],
    deck: tuple[CardId, ...],
) -> tuple[tuple[tuple[CardId, ...], ...], tuple[CardId, ...], tuple[CardId, ...]]:
    """Give the storm cards the ids their places decide, keeping every card's value.

    Storm cards of one value are identical, so their ids must not tell them apart: the
    ids of each value go, lowest first, to the cards won by seat 0 (in the order won),
    then seat 1 and so on, then the face-up pile (oldest first), then the deck (top first).
    The rules call this whenever storm cards move, so the ids on the table depend only on
    where the values lie: a deal with two identical storm cards swapped gives the same
    observations, and a position that names storm cards by value sets them up exactly.
    """
    free = {points: list(ids) for points, ids in _STORM_COPIES.items()}

    def relabel(cards: tuple[CardId, ...]) -> tuple[CardId, ...]:
        return tuple(free[STORM_CARDS[card].points].pop(0) for card in cards)

    won = tuple(map(relabel, won_storms))
    return won, relabel(pile), relabel(deck)


def legal_actions(state: MagellanState) -> Sequence[Action]:
    """Return the legal actions of the captain to move, in a fixed order.

    Cards in id order, each with its colours (and then face down, with storms), and
    ``Pass`` last. Empty iff the game is over. The tuple is built once per distinct hand
    and shared.
    """
    seat = state.to_move
    if seat is None:
        return ()
    may_pass = seat != state.first_player or state.first_has_played
    hand = _HANDS.get(state.crews[seat].hand)
    if hand is not None:
        actions = hand.actions[2 * state.storms + may_pass]
        if actions is not None:
            return actions
    return _hand(state.crews[seat].hand).legal(state.storms, may_pass)


def apply(state: MagellanState, action: Action) -> MagellanState:
    """Return the state after the captain to move takes ``action``.

    Only the moving captain's crew is rebuilt; every other part of ``state`` is shared with
    the new state, and the history grows by one shared entry.

    Raises:
        IllegalActionError: The game is over, ``action`` is not a Magellan action, or it is
            not legal now; the message says why.
    """
    seat = state.to_move
    if seat is None:
        raise illegal_action(action, "the game is over")
    crew = state.crews[seat]
    cls = action.__class__
    entry: _Entry | None
    following: PlayerId | None
    if type(action) is PlayCard:  # exactly the class: a subclass is a look-alike
        card = action.card
        colour = action.colour
        if type(card) is not int:
            raise illegal_action(
                action, f"card {card!r} is not a crew card id (an int from 0 to 14)"
            )
        if card not in crew.hand:
            raise illegal_action(action, f"card {card!r} is not in seat {seat}'s hand")
        if type(colour) is not Colour:
            colours = ", ".join(f"Colour.{member.name}" for member in Colour)
            raise illegal_action(action, f"colour {colour!r} is not a Colour ({colours})")
        entry = _PLAY_ENTRY[seat][card][colour]
        if entry is None:
            raise illegal_action(action, f"card {CREW_CARDS[card]} has no {colour} end")
        red, blue, green = crew.columns
        if colour is Colour.RED:
            columns = ((*red, card), blue, green)
        elif colour is Colour.BLUE:
            columns = (red, (*blue, card), green)
        else:
            columns = (red, blue, (*green, card))
        known = crew.known
        face_down_groups = crew.face_down_groups
        if known:
            # Known cards are sorted by card: a binary search finds this one, if known.
            index = bisect_left(known, (card,))
            if index < len(known) and known[index][0] == card:
                known = known[:index] + known[index + 1 :]
                if face_down_groups:
                    face_down_groups = _knowledge.seen_in_hand(face_down_groups, card)
        hand = _played(crew.hand, card)
        crew = _new_crew(
            crew.deck,
            hand,
            columns,
            crew.storm,
            crew.discard,
            crew.hidden_discard,
            not hand,  # an empty hand passes automatically (A-MAG-5)
            known,
            face_down_groups,
        )
    elif type(action) is PlayFaceDown:
        card = action.card
        if not state.storms:
            raise illegal_action(action, "face-down storm cards are only played in storm games")
        if type(card) is not int:
            raise illegal_action(
                action, f"card {card!r} is not a crew card id (an int from 0 to 14)"
            )
        if card not in crew.hand:
            raise illegal_action(action, f"card {card!r} is not in seat {seat}'s hand")
        hand = _played(crew.hand, card)
        known = crew.known
        crew = _new_crew(
            crew.deck,
            hand,
            crew.columns,
            (*crew.storm, card),
            crew.discard,
            crew.hidden_discard,
            not hand,  # an empty hand passes automatically (A-MAG-5)
            _move_known(known, _WIDENED) if known else known,
            crew.face_down_groups,
        )
        entry = _FACE_DOWN_ENTRY[seat]
    elif cls is Pass:
        if seat == state.first_player and not state.first_has_played:
            raise illegal_action(
                action, "the first player must play at least one card before passing"
            )
        following = _next_to_move(state.crews, seat + 1, seat)
        if following is None:
            # The last captain passes and phase B is over. Anchoring rebuilds every crew
            # (passed flags included), so his crew is not rebuilt first.
            return _anchor(state, state.crews, state.history.append(_PASS_ENTRY[seat]))
        crew = _new_crew(
            crew.deck,
            crew.hand,
            crew.columns,
            crew.storm,
            crew.discard,
            crew.hidden_discard,
            True,
            crew.known,
            crew.face_down_groups,
        )
        entry = _PASS_ENTRY[seat]
    else:
        raise illegal_action(
            action, "not a Magellan: Elcano action (PlayCard, PlayFaceDown or Pass)"
        )
    crews = (*state.crews[:seat], crew, *state.crews[seat + 1 :])
    history = state.history.append(entry)
    if cls is not Pass:
        following = _next_to_move(crews, seat + 1)
    if following is not None:
        return _new_state(
            state.players,
            state.storms,
            state.round,
            state.first_player,
            following,
            state.first_has_played or (seat == state.first_player and cls is not Pass),
            crews,
            state.ocean_decks,
            state.ocean_piles,
            state.storm_deck,
            state.storm_pile,
            state.won,
            state.won_storms,
            history,
            state.rng,
        )
    return _anchor(state, crews, history)


def _place_table(
    change: Callable[[frozenset[Place]], frozenset[Place]],
) -> dict[frozenset[Place], frozenset[Place]]:
    """Tabulate ``change`` over every non-empty set of places (interned results)."""
    return {places: _PLACE_SETS[change(places)] for places in _PLACE_SETS}


_WIDENED = _place_table(lambda places: places | {Place.STORM} if Place.HAND in places else places)
"""A known card's places after its owner plays a card face down: in hand, or now in storm."""
_STORM_TAKEN_BACK = _place_table(
    lambda places: (places - {Place.STORM}) | {Place.HAND} if Place.STORM in places else places
)
"""A known card's places after its owner's storm column lost and went back to his hand."""
_STORM_DISCARDED = _place_table(
    lambda places: (
        (places - {Place.STORM}) | {Place.HIDDEN_DISCARD} if Place.STORM in places else places
    )
)
"""A known card's places after its owner's storm column won and went to his face-down discard."""
_MAY_BE_DISCARDED = {places: Place.HIDDEN_DISCARD in places for places in _PLACE_SETS}
"""Whether a known card with these places may be in its owner's face-down discard."""


def _move_known(
    known: tuple[tuple[CardId, frozenset[Place]], ...],
    table: dict[frozenset[Place], frozenset[Place]],
) -> tuple[tuple[CardId, frozenset[Place]], ...]:
    """Change the places of every known card by ``table`` (one of the tables above)."""
    if not known:
        return known
    cards, places = zip(*known, strict=True)
    return tuple(zip(cards, map(table.__getitem__, places), strict=True))


def _next_to_move(crews: tuple[Crew, ...], start: int, passing: int = -1) -> PlayerId | None:
    """Return the first captain clockwise from ``start`` who has not passed, or ``None``.

    A captain with an empty hand is treated as passed (he cannot play: A-MAG-5), and so is
    the captain ``passing``, who is passing now.
    """
    count = len(crews)
    for offset in range(count):
        seat = (start + offset) % count
        crew = crews[seat]
        if not crew.passed and crew.hand and seat != passing:
            return seat
    return None


def column_totals(state: MagellanState, colour: Colour) -> tuple[int, ...]:
    """Return each seat's total in the face-up column of ``colour``."""
    return tuple(sum(_VALUE[card][colour] for card in crew.columns[colour]) for crew in state.crews)


def storm_column_totals(state: MagellanState) -> tuple[int, ...]:
    """Return each seat's number of face-down cards (astrolabes) in the storm column."""
    return tuple(len(crew.storm) for crew in state.crews)


def _unique_winner(totals: Sequence[int]) -> PlayerId | None:
    """Return the seat with the strictly largest positive total, or ``None`` on a tie."""
    best = max(totals)
    if best <= 0 or totals.count(best) != 1:
        return None
    return totals.index(best)


def _column_winners(crews: Sequence[Crew]) -> tuple[PlayerId | None, ...]:
    """Return the winner of each colour, red, blue, green: the unique highest total, if any.

    Every card in a column counts at least 1 there, so a column that is not empty has a
    positive total, and a total equal to the best so far is a tie (for now).
    """
    red_values, blue_values, green_values = _COLOUR_VALUES
    red = blue = green = None
    best_red = best_blue = best_green = 0
    for seat, crew in enumerate(crews):
        columns = crew.columns
        if columns is _EMPTY_COLUMNS:
            continue
        red_column, blue_column, green_column = columns
        if red_column:
            total = sum(map(red_values.__getitem__, red_column))
            if total > best_red:
                best_red, red = total, seat
            elif total == best_red:
                red = None
        if blue_column:
            total = sum(map(blue_values.__getitem__, blue_column))
            if total > best_blue:
                best_blue, blue = total, seat
            elif total == best_blue:
                blue = None
        if green_column:
            total = sum(map(green_values.__getitem__, green_column))
            if total > best_green:
                best_green, green = total, seat
            elif total == best_green:
                green = None
    return red, blue, green


def _anchor(
    state: MagellanState,
    crews: tuple[Crew, ...],
    history: History[_Entry],
) -> MagellanState:
    """Phase C, then (unless the game ends) phases D, E and A of the next round.

    Each colour goes to the unique highest positive total, with all its face-up ocean
    cards; the winner discards that column and everybody else takes theirs back, as cards
    everyone has seen. The storm column is decided the same way by number of cards and
    stays face down. Each crew is rebuilt once, with its phase D draw already made.
    """
    winners = _column_winners(crews)
    red_winner, blue_winner, green_winner = winners
    storm_winner = _unique_winner([len(crew.storm) for crew in crews]) if state.storms else None
    game_over = any(len(crew.deck) < DRAW for crew in crews)  # A-MAG-12
    new_crews = []
    for seat, crew in enumerate(crews):
        discard = crew.discard
        known = crew.known
        face_down_groups = crew.face_down_groups
        if crew.storm or face_down_groups:
            # What the others learn: the storm column is a new group if it wins, and the
            # cards drawn and never seen bound the never-seen cards of the groups.
            face_down_groups = _knowledge.anchored(
                face_down_groups,
                [card for card, _ in known],
                len(crew.storm),
                storm_winner == seat,
                len(crew.hand) + len(crew.storm) + len(crew.hidden_discard) - len(known),
            )
        taken: list[CardId] = []  # the cards that join the hand
        if crew.columns is not _EMPTY_COLUMNS:
            red, blue, green = crew.columns
            if red:
                if red_winner == seat:
                    discard += red
                else:
                    taken += red
            if blue:
                if blue_winner == seat:
                    discard += blue
                else:
                    taken += blue
            if green:
                if green_winner == seat:
                    discard += green
                else:
                    taken += green
            if taken:
                # Everyone saw the returned cards: they are known to be in the hand now.
                merged = dict(known)
                merged.update(dict.fromkeys(taken, _IN_HAND))
                known = tuple(sorted(merged.items()))
        hidden_discard = crew.hidden_discard
        if crew.storm:
            if storm_winner == seat:
                hidden_discard = hidden_discard.union(crew.storm)
                known = _move_known(known, _STORM_DISCARDED)
            else:
                taken += crew.storm
                known = _move_known(known, _STORM_TAKEN_BACK)
        deck = crew.deck
        if not game_over:  # Phase D: draw two.
            taken += deck[:DRAW]
            deck = deck[DRAW:]
        hand = crew.hand
        if taken:
            hand = hand.union(taken)
            hand = (_HANDS.get(hand) or _hand(hand)).cards  # the interned hand
        new_crews.append(
            _new_crew(
                deck,
                hand,
                _EMPTY_COLUMNS,
                (),
                discard,
                hidden_discard,
                False,
                known,
                face_down_groups,
            )
        )
    won = list(state.won)
    piles = list(state.ocean_piles)
    for colour, winner in enumerate(winners):
        if winner is not None:
            won[winner] += piles[colour]
            piles[colour] = ()
    storm_pile = state.storm_pile
    won_storms = state.won_storms
    storm_deck = state.storm_deck
    if storm_winner is not None:
        won_storms = (
            *won_storms[:storm_winner],
            won_storms[storm_winner] + storm_pile,
            *won_storms[storm_winner + 1 :],
        )
        storm_pile = ()
    if state.storms and not game_over:  # phase A turns up the next storm card
        storm_pile, storm_deck = storm_pile + storm_deck[:1], storm_deck[1:]
    if storm_winner is not None or (state.storms and not game_over):
        won_storms, storm_pile, storm_deck = _storm_ids(won_storms, storm_pile, storm_deck)
    if game_over:  # "The game ends immediately if, after phase C, ..."
        return _new_state(
            state.players,
            state.storms,
            state.round,
            state.first_player,
            None,
            False,
            tuple(new_crews),
            state.ocean_decks,
            tuple(piles),
            storm_deck,
            storm_pile,
            tuple(won),
            won_storms,
            history,
            state.rng,
        )
    # Phase E: the Pigafetta card passes left. Phase A: one new card from each deck.
    first_player = (state.first_player + 1) % state.players
    decks = state.ocean_decks
    all_crews = tuple(new_crews)
    return _new_state(
        state.players,
        state.storms,
        state.round + 1,
        first_player,
        _next_to_move(all_crews, first_player),
        False,
        all_crews,
        (decks[0][1:], decks[1][1:], decks[2][1:]),
        (piles[0] + decks[0][:1], piles[1] + decks[1][:1], piles[2] + decks[2][:1]),
        storm_deck,
        storm_pile,
        tuple(won),
        won_storms,
        history,
        state.rng,
    )


def score(state: MagellanState) -> tuple[float, ...]:
    """Return each seat's victory points from won ocean and storm cards.

    In a two-player game the "4/1" ocean cards count 1.
    """
    two_player = state.players == 2
    return tuple(
        float(
            sum(
                OCEAN_CARDS[card].two_player_points if two_player else OCEAN_CARDS[card].points
                for card in won
            )
            + sum(STORM_CARDS[card].points for card in storms)
        )
        for won, storms in zip(state.won, state.won_storms, strict=True)
    )


def hand_strength(crew: Crew) -> int:
    """Return the tie-break value of a hand: the sum of each card's largest value (A-MAG-3)."""
    return sum(CREW_CARDS[card].highest for card in crew.hand)


def ranking(state: MagellanState) -> tuple[int, ...]:
    """Return each seat's place by victory points; tied seats share the place.

    At the end of the game, ties are broken by the strength of the hand (A-MAG-3): "If
    there is a tie the player with the highest sum of crew cards still in their hand wins."
    During the game that tie-break does not apply yet, so equal points share a place.
    """
    points = score(state)
    if state.to_move is not None:
        return places_from_keys(points)
    return places_from_keys(
        [(points[seat], hand_strength(crew)) for seat, crew in enumerate(state.crews)]
    )


def check_state(state: MagellanState) -> None:
    """Check every invariant of a state (used on untrusted input).

    The shapes and ranges of every field, each card in exactly one place, the deck sizes
    the round allows, and the history replayed in public, which must lead to the table
    shown (see the private module ``_invariants``).

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    # The checks read the rules, so they are imported when first used.
    from boardgames.games.magellan_elcano import _invariants

    _invariants.check_state(state)


def _shared_entries() -> list[_Entry]:
    """Return every shared history entry, for the codec (see :func:`_check_history`)."""
    entries = [entry for seat in _PLAY_ENTRY for plays in seat for entry in plays if entry]
    return [*entries, *_PASS_ENTRY, *_FACE_DOWN_ENTRY]


def check_face_down_groups(
    seat: int,
    known: tuple[tuple[CardId, frozenset[Place]], ...],
    face_down_groups: tuple[tuple[int, frozenset[CardId], int], ...],
    hidden_discard: int,
) -> None:
    """Check the form of a crew's face-down groups against its known cards.

    Raises:
        InvalidStateError: A group has no card or names a card that is not a known card
            that may be in the face-down discard, a bound is out of range, or the groups
            do not add up to the face-down discard.
    """
    may_be_there = set()
    if face_down_groups:
        for card, places in known:
            discarded = _MAY_BE_DISCARDED.get(places)
            if discarded is None:  # not a canonical set of places
                discarded = Place.HIDDEN_DISCARD in places
            if discarded:
                may_be_there.add(card)
    total = 0
    for size, cards, never_seen in face_down_groups:
        if type(size) is not int or type(never_seen) is not int or size < 1:
            raise InvalidStateError(
                f"seat {seat}'s face-down group {(size, sorted(cards), never_seen)!r} needs a "
                "size of at least 1 and an int bound"
            )
        total += size
        if not 0 <= never_seen <= total:
            raise InvalidStateError(
                f"seat {seat}'s face-down group bounds its never-seen cards by {never_seen}, "
                f"not from 0 to the {total} cards of the groups so far"
            )
        if not cards <= may_be_there:
            raise InvalidStateError(
                f"seat {seat}'s face-down group names cards {sorted(cards - may_be_there)} "
                "that are not known cards that may be in the face-down discard"
            )
    if total != hidden_discard:
        raise InvalidStateError(
            f"seat {seat}'s face-down groups hold {total} cards, but the face-down discard "
            f"holds {hidden_discard}"
        )

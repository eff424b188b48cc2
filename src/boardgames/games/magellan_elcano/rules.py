"""The rules of Magellan: Elcano as pure functions: setup, legal actions, transitions, scoring.

Only phase B (Cross the Seas) has decisions. Phases A, C, D and E, and the end of the game,
run automatically inside :func:`apply` as soon as every captain has passed.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core.errors import IllegalActionError, InvalidStateError
from boardgames.core.protocol import PlayerId
from boardgames.core.ranking import places_from_keys
from boardgames.core.rng import Rng
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
from boardgames.games.magellan_elcano.state import Crew, MagellanState, Place

__all__ = [
    "DRAW",
    "HAND_SIZE",
    "ROUNDS",
    "apply",
    "check_state",
    "column_totals",
    "hand_strength",
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

_ALL_CREW = frozenset(range(CREW_DECK_SIZE))
_PASS = Pass()
_FACE_DOWN_PLAYED = FaceDownPlayed()
_PLAY = tuple(
    {colour: PlayCard(card.id, colour) for colour, _ in card.values} for card in CREW_CARDS
)
_FACE_DOWN = tuple(PlayFaceDown(card.id) for card in CREW_CARDS)
_VALUE = tuple(tuple(card.value(colour) for colour in Colour) for card in CREW_CARDS)
_EMPTY_COLUMNS: tuple[tuple[CardId, ...], tuple[CardId, ...], tuple[CardId, ...]] = ((), (), ())
_IN_HAND = frozenset({Place.HAND})
_HAND_OR_STORM = frozenset({Place.HAND, Place.STORM})
_legal_cache: dict[tuple[frozenset[CardId], bool, bool], tuple[Action, ...]] = {}


def new_game(players: int, storms: bool, seed: int) -> MagellanState:
    """Set up a game: Pigafetta to a random captain, shuffled decks, 5 cards each, phase A."""
    rng = Rng.from_seed(seed)
    first_player, rng = rng.randbelow(players)
    crews = []
    for _ in range(players):
        deck, rng = rng.shuffled(range(CREW_DECK_SIZE))
        crews.append(
            Crew(
                deck=deck[HAND_SIZE:],
                hand=frozenset(deck[:HAND_SIZE]),
                columns=_EMPTY_COLUMNS,
                storm=(),
                discard=(),
                hidden_discard=frozenset(),
                passed=False,
                known=(),
                in_hidden_discard=(),
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
    state = MagellanState(
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
        history=(),
        rng=rng,
    )
    decks = state.ocean_decks
    # Phase A of round 1. The first player holds 5 cards, so he moves first.
    return MagellanState(
        players,
        storms,
        1,
        first_player,
        first_player,
        False,
        state.crews,
        (decks[0][1:], decks[1][1:], decks[2][1:]),
        (decks[0][:1], decks[1][:1], decks[2][:1]),
        storm_deck[1:],
        storm_deck[:1],
        state.won,
        state.won_storms,
        (),
        rng,
    )


def legal_actions(state: MagellanState) -> Sequence[Action]:
    """Return the legal actions of the captain to move, in a fixed order.

    Cards in id order, each with its colours (and then face down, with storms), and
    ``Pass`` last. Empty iff the game is over.
    """
    seat = state.to_move
    if seat is None:
        return ()
    hand = state.crews[seat].hand
    may_pass = seat != state.first_player or state.first_has_played
    key = (hand, state.storms, may_pass)
    actions = _legal_cache.get(key)
    if actions is None:
        result: list[Action] = []
        for card in sorted(hand):
            result.extend(_PLAY[card].values())
        if state.storms:
            result.extend(_FACE_DOWN[card] for card in sorted(hand))
        if may_pass:
            result.append(_PASS)
        actions = _legal_cache[key] = tuple(result)
    return actions


def _illegal(action: object, reason: str) -> IllegalActionError:
    return IllegalActionError(f"illegal action {action!r}: {reason}")


def apply(state: MagellanState, action: Action) -> MagellanState:
    """Return the state after the captain to move takes ``action``.

    Raises:
        IllegalActionError: The game is over, ``action`` is not a Magellan action, or it is
            not legal now; the message says why.
    """
    seat = state.to_move
    if seat is None:
        raise _illegal(action, "the game is over")
    crew = state.crews[seat]
    cls = action.__class__
    public: PlayCard | FaceDownPlayed | Pass
    if cls is PlayCard:
        card = action.card  # type: ignore[union-attr]
        colour = action.colour  # type: ignore[union-attr]
        if type(card) is not int:
            raise _illegal(action, f"card {card!r} is not a crew card id (an int from 0 to 14)")
        if card not in crew.hand:
            raise _illegal(action, f"card {card!r} is not in seat {seat}'s hand")
        if type(colour) is not Colour:
            colours = ", ".join(f"Colour.{member.name}" for member in Colour)
            raise _illegal(action, f"colour {colour!r} is not a Colour ({colours})")
        if not _VALUE[card][colour]:
            raise _illegal(action, f"card {CREW_CARDS[card]} has no {colour} end")
        columns = list(crew.columns)
        columns[colour] = (*columns[colour], card)
        known = crew.known
        in_hidden_discard = crew.in_hidden_discard
        if known:
            known = tuple(entry for entry in known if entry[0] != card)
            if in_hidden_discard:
                in_hidden_discard = _seen_in_hand(in_hidden_discard, card)
        hand = crew.hand - {card}
        crew = Crew(
            crew.deck,
            hand,
            (columns[0], columns[1], columns[2]),
            crew.storm,
            crew.discard,
            crew.hidden_discard,
            not hand,  # an empty hand passes automatically (A-MAG-5)
            known,
            in_hidden_discard,
        )
        public = _PLAY[card][colour]
    elif cls is PlayFaceDown:
        card = action.card  # type: ignore[union-attr]
        if not state.storms:
            raise _illegal(action, "face-down storm cards are only played in storm games")
        if type(card) is not int:
            raise _illegal(action, f"card {card!r} is not a crew card id (an int from 0 to 14)")
        if card not in crew.hand:
            raise _illegal(action, f"card {card!r} is not in seat {seat}'s hand")
        hand = crew.hand - {card}
        crew = Crew(
            crew.deck,
            hand,
            crew.columns,
            (*crew.storm, card),
            crew.discard,
            crew.hidden_discard,
            not hand,  # an empty hand passes automatically (A-MAG-5)
            _widen(crew.known, Place.HAND, Place.STORM),
            crew.in_hidden_discard,
        )
        public = _FACE_DOWN_PLAYED
    elif cls is Pass:
        if seat == state.first_player and not state.first_has_played:
            raise _illegal(action, "the first player must play at least one card before passing")
        crew = Crew(
            crew.deck,
            crew.hand,
            crew.columns,
            crew.storm,
            crew.discard,
            crew.hidden_discard,
            True,
            crew.known,
            crew.in_hidden_discard,
        )
        public = _PASS
    else:
        raise _illegal(action, "not a Magellan: Elcano action (PlayCard, PlayFaceDown or Pass)")
    crews = (*state.crews[:seat], crew, *state.crews[seat + 1 :])
    first_has_played = state.first_has_played or (seat == state.first_player and cls is not Pass)
    history = (*state.history, (seat, public))
    following = _next_to_move(crews, seat + 1)
    if following is not None:
        return MagellanState(
            state.players,
            state.storms,
            state.round,
            state.first_player,
            following,
            first_has_played,
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


def _widen(
    known: tuple[tuple[CardId, frozenset[Place]], ...], source: Place, added: Place
) -> tuple[tuple[CardId, frozenset[Place]], ...]:
    """Add ``added`` to the possible places of every known card that may be in ``source``."""
    return tuple(
        (card, places | {added}) if source in places else (card, places) for card, places in known
    )


def _move_known(
    known: tuple[tuple[CardId, frozenset[Place]], ...], source: Place, target: Place
) -> tuple[tuple[CardId, frozenset[Place]], ...]:
    """Replace ``source`` by ``target`` among the possible places of every known card."""
    return tuple(
        (card, (places - {source}) | {target}) if source in places else (card, places)
        for card, places in known
    )


def _seen_in_hand(
    in_hidden_discard: tuple[tuple[frozenset[CardId], int], ...], card: CardId
) -> tuple[tuple[frozenset[CardId], int], ...]:
    """Remove ``card``, just played face up from the hand, from every constraint."""
    return tuple((cards - {card}, at_least) for cards, at_least in in_hidden_discard)


def _storm_constraint(crew: Crew) -> tuple[frozenset[CardId], int] | None:
    """What a perfect reasoner learns when ``crew``'s storm column wins (phase C).

    The storm column and the hand form a pool. Known cards that must be in the pool (their
    places are within hand and storm) leave room for at most ``pool - certain`` never-seen
    cards in it, so at least ``storm - (pool - certain)`` of the storm column's cards are
    known cards that may be in the storm column. They go to the face-down discard.
    """
    pool = len(crew.hand) + len(crew.storm)
    certain = sum(1 for _, places in crew.known if places <= _HAND_OR_STORM)
    at_least = len(crew.storm) - (pool - certain)
    if at_least <= 0:
        return None
    cards = frozenset(card for card, places in crew.known if Place.STORM in places)
    return cards, at_least


def _next_to_move(crews: tuple[Crew, ...], start: int) -> PlayerId | None:
    """Return the first captain clockwise from ``start`` who has not passed, or ``None``.

    A captain with an empty hand is treated as passed (he cannot play: A-MAG-5).
    """
    count = len(crews)
    for offset in range(count):
        seat = (start + offset) % count
        crew = crews[seat]
        if not crew.passed and crew.hand:
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


def _anchor(
    state: MagellanState,
    crews: tuple[Crew, ...],
    history: tuple[tuple[PlayerId, PublicAction], ...],
) -> MagellanState:
    """Phase C, then (unless the game ends) phases D, E and A of the next round.

    Each colour goes to the unique highest positive total, with all its face-up ocean
    cards; the winner discards that column and everybody else takes theirs back, as cards
    everyone has seen. The storm column is decided the same way by number of cards and
    stays face down. Each crew is rebuilt once, with its phase D draw already made.
    """
    winners = [
        _unique_winner(
            [sum(_VALUE[card][colour] for card in crew.columns[colour]) for crew in crews]
        )
        for colour in Colour
    ]
    storm_winner = _unique_winner([len(crew.storm) for crew in crews]) if state.storms else None
    game_over = any(len(crew.deck) < DRAW for crew in crews)  # A-MAG-12
    new_crews = []
    for seat, crew in enumerate(crews):
        hand = crew.hand
        discard = crew.discard
        known = crew.known
        in_hidden_discard = crew.in_hidden_discard
        returned: list[CardId] = []
        for colour, column in enumerate(crew.columns):
            if not column:
                continue
            if winners[colour] == seat:
                discard += column
            else:
                returned.extend(column)
        if returned:
            hand = hand.union(returned)
            merged = dict(known)
            merged.update((card, _IN_HAND) for card in returned)
            known = tuple(sorted(merged.items()))
        hidden_discard = crew.hidden_discard
        if crew.storm:
            if storm_winner == seat:
                hidden_discard = hidden_discard.union(crew.storm)
                constraint = _storm_constraint(crew)
                if constraint is not None:
                    in_hidden_discard = (*in_hidden_discard, constraint)
                known = _move_known(known, Place.STORM, Place.HIDDEN_DISCARD)
            else:
                hand = hand.union(crew.storm)
                known = _move_known(known, Place.STORM, Place.HAND)
        deck = crew.deck
        if not game_over:  # Phase D: draw two.
            hand = hand.union(deck[:DRAW])
            deck = deck[DRAW:]
        new_crews.append(
            Crew(
                deck,
                hand,
                _EMPTY_COLUMNS,
                (),
                discard,
                hidden_discard,
                False,
                known,
                in_hidden_discard,
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
    if storm_winner is not None:
        won_storms = (
            *won_storms[:storm_winner],
            won_storms[storm_winner] + storm_pile,
            *won_storms[storm_winner + 1 :],
        )
        storm_pile = ()
    if game_over:  # "The game ends immediately if, after phase C, ..."
        return MagellanState(
            state.players,
            state.storms,
            state.round,
            state.first_player,
            None,
            False,
            tuple(new_crews),
            state.ocean_decks,
            tuple(piles),
            state.storm_deck,
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
    return MagellanState(
        state.players,
        state.storms,
        state.round + 1,
        first_player,
        _next_to_move(all_crews, first_player),
        False,
        all_crews,
        (decks[0][1:], decks[1][1:], decks[2][1:]),
        (piles[0] + decks[0][:1], piles[1] + decks[1][:1], piles[2] + decks[2][:1]),
        state.storm_deck[1:],
        storm_pile + state.storm_deck[:1],
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

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    fail = InvalidStateError
    players = state.players
    if not 2 <= players <= 5:
        raise fail(f"players={players} is out of range 2 to 5")
    if state.storms and players < 4:
        raise fail(f"storms are used only with 4 or 5 players, not {players}")
    if players == 5 and not state.storms:
        raise fail("a 5-player game always uses storms")
    if not 1 <= state.round <= ROUNDS:
        raise fail(f"round={state.round} is out of range 1 to {ROUNDS}")
    if not 0 <= state.first_player < players:
        raise fail(f"first_player={state.first_player} is not a seat")
    for name in ("crews", "won", "won_storms"):
        if len(getattr(state, name)) != players:
            raise fail(f"{name} has {len(getattr(state, name))} entries for {players} players")
    expected_deck = CREW_DECK_SIZE - HAND_SIZE - DRAW * (state.round - 1)
    for index, crew in enumerate(state.crews):
        _check_crew(index, crew, state.storms, expected_deck)
    seat = state.to_move
    if seat is None:
        if state.round != ROUNDS:
            raise fail(f"the game can only be over after round {ROUNDS}, not {state.round}")
        if any(crew.columns != _EMPTY_COLUMNS or crew.storm for crew in state.crews):
            raise fail("no card can be on the table once the game is over")
    else:
        if not 0 <= seat < players:
            raise fail(f"to_move={seat} is not a seat")
        if state.crews[seat].passed or not state.crews[seat].hand:
            raise fail(f"seat {seat} is to move but has passed or has no cards")
        first = state.crews[state.first_player]
        if state.first_has_played != (any(first.columns) or bool(first.storm)):
            raise fail("first_has_played does not match the first player's cards on the table")
        if not state.first_has_played and seat != state.first_player:
            raise fail(
                f"seat {seat} is to move before the first player ({state.first_player}) "
                "has played a card"
            )
    if len(state.ocean_decks) != len(Colour) or len(state.ocean_piles) != len(Colour):
        raise fail("there must be exactly three ocean decks and three ocean piles")
    ocean_won = [card for won in state.won for card in won]
    ocean_ids = [*ocean_won, *(c for deck in state.ocean_decks for c in deck)]
    ocean_ids.extend(c for pile in state.ocean_piles for c in pile)
    if any(not 0 <= card < len(OCEAN_CARDS) for card in ocean_ids):
        raise fail(f"ocean card ids must be 0 to {len(OCEAN_CARDS) - 1}")
    storm_ids = [
        *state.storm_deck,
        *state.storm_pile,
        *(c for won in state.won_storms for c in won),
    ]
    if any(not 0 <= card < len(STORM_CARDS) for card in storm_ids):
        raise fail(f"storm card ids must be 0 to {len(STORM_CARDS) - 1}")
    for colour in Colour:
        cards = [
            *state.ocean_decks[colour],
            *state.ocean_piles[colour],
            *(card for card in ocean_won if OCEAN_CARDS[card].colour is colour),
        ]
        start = colour * OCEAN_CARDS_PER_COLOUR
        if sorted(cards) != list(range(start, start + OCEAN_CARDS_PER_COLOUR)):
            raise fail(f"the {colour} ocean cards are not each in exactly one place")
        if len(state.ocean_decks[colour]) != OCEAN_CARDS_PER_COLOUR - state.round:
            raise fail(
                f"the {colour} ocean deck should hold {OCEAN_CARDS_PER_COLOUR - state.round}"
            )
    storm_cards = [
        *state.storm_deck,
        *state.storm_pile,
        *(c for won in state.won_storms for c in won),
    ]
    expected_storms = list(range(len(STORM_CARDS))) if state.storms else []
    if sorted(storm_cards) != expected_storms:
        raise fail("the storm cards are not each in exactly one place")
    if state.storms and len(state.storm_deck) != len(STORM_CARDS) - state.round:
        raise fail(f"the storm deck should hold {len(STORM_CARDS) - state.round} cards")
    for seat, action in state.history:
        if not 0 <= seat < players:
            raise fail(f"the history names seat {seat}, which does not exist")
        if isinstance(action, FaceDownPlayed) and not state.storms:
            raise fail("the history has a face-down play in a game without storms")
        if isinstance(action, PlayCard) and not (
            0 <= action.card < CREW_DECK_SIZE and _VALUE[action.card][action.colour]
        ):
            raise fail(f"the history has an impossible play {action!r}")
    state.rng.check()


def _check_crew(seat: int, crew: Crew, storms: bool, expected_deck: int) -> None:
    zones: list[CardId] = [
        *crew.deck,
        *crew.hand,
        *(card for column in crew.columns for card in column),
        *crew.storm,
        *crew.discard,
        *crew.hidden_discard,
    ]
    if sorted(zones) != sorted(_ALL_CREW):
        raise InvalidStateError(f"seat {seat}'s 15 crew cards are not each in exactly one zone")
    if len(crew.deck) != expected_deck:
        raise InvalidStateError(
            f"seat {seat}'s deck holds {len(crew.deck)} cards; "
            f"this round it must hold {expected_deck}"
        )
    for colour, column in zip(Colour, crew.columns, strict=True):
        for card in column:
            if not _VALUE[card][colour]:
                raise InvalidStateError(
                    f"seat {seat}'s {colour} column holds card {card} with no {colour} end"
                )
    if not storms and (crew.storm or crew.hidden_discard):
        raise InvalidStateError(f"seat {seat} has face-down cards in a game without storms")
    places = {
        Place.HAND: crew.hand,
        Place.STORM: frozenset(crew.storm),
        Place.HIDDEN_DISCARD: crew.hidden_discard,
    }
    cards = [card for card, _ in crew.known]
    if cards != sorted(set(cards)):
        raise InvalidStateError(f"seat {seat}'s known cards are not sorted and distinct")
    for card, possible in crew.known:
        if not possible or not any(card in places[place] for place in possible):
            raise InvalidStateError(f"seat {seat}'s known card {card} is not where it may be")
    check_in_hidden_discard(seat, crew.known, crew.in_hidden_discard)
    for group, at_least in crew.in_hidden_discard:
        if len(group & crew.hidden_discard) < at_least:
            raise InvalidStateError(
                f"seat {seat}'s face-down discard holds fewer than {at_least} of cards "
                f"{sorted(group)}"
            )


def check_in_hidden_discard(
    seat: int,
    known: tuple[tuple[CardId, frozenset[Place]], ...],
    in_hidden_discard: tuple[tuple[frozenset[CardId], int], ...],
) -> None:
    """Check the form of a crew's face-down discard constraints against its known cards.

    Raises:
        InvalidStateError: A constraint names a card that is not a known card that may be in
            the face-down discard, or asks for fewer than one or more than all of its cards.
    """
    may_be_there = {card for card, places in known if Place.HIDDEN_DISCARD in places}
    for cards, at_least in in_hidden_discard:
        if type(at_least) is not int or not 1 <= at_least <= len(cards):
            raise InvalidStateError(
                f"seat {seat}'s constraint on cards {sorted(cards)} needs at least 1 and at "
                f"most {len(cards)} of them in the face-down discard, not {at_least!r}"
            )
        if not cards <= may_be_there:
            raise InvalidStateError(
                f"seat {seat}'s constraint names cards {sorted(cards - may_be_there)} that "
                "are not known cards that may be in the face-down discard"
            )

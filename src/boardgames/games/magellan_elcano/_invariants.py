"""The invariants of Magellan: Elcano states and observations, checked on untrusted input.

:func:`~boardgames.games.magellan_elcano.rules.check_state` and
:func:`~boardgames.games.magellan_elcano.observation.check_observation` run them:

* **shapes and ranges**: the configuration (2 to 5 captains, storms with 4 or 5 only and
  always with 5), the round (1 to 6), seats, card ids, flags and the RNG;
* **the table**: each captain's 15 crew cards each in exactly one zone, his draw deck as
  large as the round allows, each ocean and storm card in exactly one place, the decks as
  large as the round allows, known cards where they may be, the face-down discard
  constraints holding (an observation: every count a state of its configuration can give);
* **the history**, replayed in public by the private module ``_history_check``: what the
  replay ends with must be what the table shows.

Checking is linear in the size of the state: the replay costs a few operations per entry,
and a game has at most 66 entries per captain.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, Final

from boardgames.core.guards import shown
from boardgames.core.rng import Rng
from boardgames.games.magellan_elcano import _knowledge
from boardgames.games.magellan_elcano._history_check import (
    _COLOURS,
    _fail,
    _is_int,
    check_history,
    max_history,
)
from boardgames.games.magellan_elcano.components import (
    CREW_DECK_SIZE,
    OCEAN_CARDS,
    OCEAN_CARDS_PER_COLOUR,
    STORM_CARDS,
    CardId,
    Colour,
)
from boardgames.games.magellan_elcano.rules import (
    _COLOUR_VALUES,
    _MAX_SEATS,
    DRAW,
    HAND_SIZE,
    ROUNDS,
    check_face_down_groups,
)
from boardgames.games.magellan_elcano.state import _PLACE_SETS, Crew, MagellanState, Place

if TYPE_CHECKING:
    from boardgames.games.magellan_elcano.observation import CrewView, MagellanObservation

__all__ = ["check_history", "check_observation", "check_state", "check_table", "max_history"]

_ALL_CREW: Final = frozenset(range(CREW_DECK_SIZE))
_OCEAN_RANGES: Final = tuple(
    frozenset(range(colour * OCEAN_CARDS_PER_COLOUR, (colour + 1) * OCEAN_CARDS_PER_COLOUR))
    for colour in Colour
)
_STORM_IDS: Final = frozenset(range(len(STORM_CARDS)))
_COLOUR_CARDS: Final = tuple(
    frozenset(card for card in range(CREW_DECK_SIZE) if _COLOUR_VALUES[colour][card])
    for colour in Colour
)
"""The crew cards with an end of each colour."""
_BITS: Final = {
    places: sum(
        1 << bit
        for bit, place in enumerate((Place.HAND, Place.STORM, Place.HIDDEN_DISCARD))
        if place in places
    )
    for places in _PLACE_SETS
}
"""Each set of places as bits: 1 the hand, 2 the storm column, 4 the face-down discard."""


def deck_size(round: int) -> int:
    """Cards in each crew draw deck during ``round``: 15, less 5 dealt, less 2 per phase D."""
    return CREW_DECK_SIZE - HAND_SIZE - DRAW * (round - 1)


# --- shapes -----------------------------------------------------------------------------


def _check_seat(name: str, value: Any, players: int) -> None:
    if not _is_int(value) or not 0 <= value < players:
        raise _fail(f"{name}={shown(value)} is not a seat (0 to {players - 1})")


def _check_configuration(players: Any, storms: Any) -> int:
    if not _is_int(players) or not 2 <= players <= _MAX_SEATS:
        raise _fail(f"players={shown(players)} is out of range 2 to {_MAX_SEATS}")
    if type(storms) is not bool:
        raise _fail(f"storms={shown(storms)} must be a bool")
    if storms and players < 4:
        raise _fail(f"storms are used only with 4 or 5 players, not {players}")
    if players == _MAX_SEATS and not storms:
        raise _fail("a 5-player game always uses storms")
    return int(players)


def _check_counters(
    round: Any, first_player: Any, to_move: Any, first_has_played: Any, players: int
) -> int:
    """Check the round ("The game is divided into 6 rounds"), the seats and the flag."""
    if not _is_int(round) or not 1 <= round <= ROUNDS:
        raise _fail(f"round={shown(round)} is out of range 1 to {ROUNDS}")
    _check_seat("first_player", first_player, players)
    if to_move is not None:
        _check_seat("to_move", to_move, players)
    if type(first_has_played) is not bool:
        raise _fail(f"first_has_played={shown(first_has_played)} must be a bool")
    return int(round)


_INT_ONLY: Final = frozenset({int})
_TUPLE_ONLY: Final = {tuple}
_ZONE_TYPES: Final = (tuple, frozenset, tuple, tuple, frozenset)
_ZONE_NAMES: Final = ("deck", "hand", "storm column", "discard", "face-down discard")
"""The types and names of a crew's zones other than its columns, in the order checked."""


def _check_ids(values: Any, ids: frozenset[int], kind: type, what: str, *parts: object) -> None:
    """Check that ``values`` is a ``kind`` (tuple or frozenset) of distinct ids from ``ids``.

    ``what.format(*parts)`` names the field in the message (built only on failure).
    """
    same_kind = type(values) is kind
    if (
        same_kind
        and _INT_ONLY.issuperset(map(type, values))
        and ids.issuperset(values)
        and (kind is frozenset or len(set(values)) == len(values))
    ):
        return
    name = what.format(*parts)
    if not same_kind:
        raise _fail(f"{name} must be a {kind.__name__}, not {type(values).__name__}")
    for value in values:
        if not _is_int(value) or value not in ids:
            raise _fail(f"{name} holds {shown(value)}, which is not a card id of it")
    raise _fail(f"{name} holds a card twice: {shown(values)}")


def _check_table_cards(
    players: int,
    storms: bool,
    round: int,
    ocean_piles: Any,
    ocean_deck_sizes: Sequence[int],
    won: Any,
    storm_pile: Any,
    storm_deck_size: int,
    won_storms: Any,
) -> None:
    """Check the ocean and storm cards: each in one place, the decks as the round allows.

    "The 3 decks of 6 ocean cards" each turn up one card per round ("Draw one ocean card
    from each deck"), so each holds ``6 - round``; so does the storm deck of "the 6 storm
    cards" with storms, and there is none without.
    """
    for name, value in (("won", won), ("won_storms", won_storms)):
        if type(value) is not tuple or len(value) != players:
            raise _fail(f"{name} must be a tuple with one entry per seat ({players})")
    if type(ocean_piles) is not tuple or len(ocean_piles) != len(Colour):
        raise _fail("there must be exactly three ocean piles")
    ocean_ids = frozenset(range(len(OCEAN_CARDS)))
    won_by_colour: list[list[CardId]] = [[], [], []]
    for seat, cards in enumerate(won):
        _check_ids(cards, ocean_ids, tuple, "won[{}]", seat)
        for card in cards:
            won_by_colour[OCEAN_CARDS[card].colour].append(card)
    left = OCEAN_CARDS_PER_COLOUR - round
    for colour in _COLOURS:
        pile = ocean_piles[colour]
        _check_ids(pile, _OCEAN_RANGES[colour], tuple, "the {} ocean pile", colour)
        shown_cards = [*pile, *won_by_colour[colour]]
        if len(set(shown_cards)) != len(shown_cards):
            raise _fail(f"a {colour} ocean card is both on the table and won, or won twice")
        if ocean_deck_sizes[colour] != left:
            raise _fail(
                f"the {colour} ocean deck holds {shown(ocean_deck_sizes[colour])} cards; "
                f"in round {round} it must hold {left} (6 less one turned up per round)"
            )
        if len(shown_cards) != round:
            raise _fail(
                f"{len(shown_cards)} {colour} ocean cards are face up or won; in round "
                f"{round} there must be {round} (one turned up per round)"
            )
    storm_cards: list[CardId] = []
    _check_ids(storm_pile, _STORM_IDS, tuple, "storm_pile")
    storm_cards.extend(storm_pile)
    for seat, cards in enumerate(won_storms):
        _check_ids(cards, _STORM_IDS, tuple, "won_storms[{}]", seat)
        storm_cards.extend(cards)
    if len(set(storm_cards)) != len(storm_cards):
        raise _fail("a storm card is both on the table and won, or won twice")
    if not storms:
        if storm_cards or storm_deck_size:
            raise _fail("a game without storms has no storm cards")
        return
    if storm_deck_size != len(STORM_CARDS) - round:
        raise _fail(
            f"the storm deck holds {shown(storm_deck_size)} cards; in round {round} it must "
            f"hold {len(STORM_CARDS) - round} (6 less one turned up per round)"
        )
    if len(storm_cards) != round:
        raise _fail(
            f"{len(storm_cards)} storm cards are face up or won; in round {round} there must "
            f"be {round} (one turned up per round)"
        )


def _check_known(
    seat: int,
    known: Any,
    face_down_groups: Any,
    face_up: frozenset[CardId],
    sizes: tuple[int, int, int],
) -> None:
    """Check the form of a crew's known cards and face-down groups.

    ``face_up`` holds the crew's cards on the table or in the face-up discard, which are
    seen, not hidden again; ``sizes`` the sizes of his hand, storm column and face-down
    discard, the places a known card may be in.
    """
    if type(known) is not tuple:
        raise _fail(f"seat {seat}'s known cards must be a tuple")
    hand, storm, hidden = sizes
    occupied = (1 if hand else 0) | (2 if storm else 0) | (4 if hidden else 0)
    previous = -1
    for pair in known:
        if type(pair) is not tuple or len(pair) != 2:
            raise _fail(f"seat {seat}'s known card {shown(pair)} is not a (card, places) pair")
        card, places = pair
        if type(card) is not int or card not in _ALL_CREW:
            raise _fail(f"seat {seat}'s known card {shown(card)} is not a crew card id")
        if card <= previous:
            raise _fail(f"seat {seat}'s known cards are not sorted and distinct")
        previous = card
        if type(places) is not frozenset or places not in _PLACE_SETS:
            raise _fail(f"seat {seat}'s known card {card} may be in {shown(places)}, not places")
        if card in face_up:
            raise _fail(f"seat {seat}'s known card {card} is face up, not hidden again")
        if not _BITS[places] & occupied:
            raise _fail(f"seat {seat}'s known card {card} may only be in empty places")
    if type(face_down_groups) is not tuple:
        raise _fail(f"seat {seat}'s face-down groups must be a tuple")
    for group in face_down_groups:
        if (
            type(group) is not tuple
            or len(group) != 3
            or type(group[1]) is not frozenset
            or not _INT_ONLY.issuperset(map(type, group[1]))
        ):
            raise _fail(
                f"seat {seat}'s face-down group {shown(group)} is not (size, cards, never_seen)"
            )
    check_face_down_groups(seat, known, face_down_groups, hidden)


def _check_columns(seat: int, columns: Any) -> list[CardId]:
    """Check a crew's three face-up columns; return their cards."""
    if type(columns) is not tuple or len(columns) != len(Colour):
        raise _fail(f"seat {seat} must have three columns (red, blue, green)")
    cards: list[CardId] = []
    for colour in _COLOURS:
        column = columns[colour]
        _check_ids(column, _ALL_CREW, tuple, "seat {}'s {} column", seat, colour)
        values = _COLOUR_VALUES[colour]
        for card in column:
            if not values[card]:
                raise _fail(f"seat {seat}'s {colour} column holds card {card} with no {colour} end")
        cards.extend(column)
    return cards


def _check_crew(seat: int, crew: Any, storms: bool, expected_deck: int) -> None:
    """Check one captain's crew cards: each in one zone, deck size, columns, known cards."""
    if type(crew) is not Crew:
        raise _fail(f"crews[{seat}] must be a Crew, not {type(crew).__name__}")
    columns = crew.columns
    zones = (crew.deck, crew.hand, crew.storm, crew.discard, crew.hidden_discard)
    if not (
        type(columns) is tuple
        and len(columns) == len(Colour)
        and set(map(type, columns)) == _TUPLE_ONLY
        and tuple(map(type, zones)) == _ZONE_TYPES
        and _INT_ONLY.issuperset(map(type, chain(*columns, *zones)))
        and sum(map(len, zones)) + sum(map(len, columns)) == CREW_DECK_SIZE
        and set().union(*columns, *zones) == _ALL_CREW
    ):
        # Something is wrong: find what, field by field, for the message.
        _check_columns(seat, columns)
        for zone, kind, name in zip(zones, _ZONE_TYPES, _ZONE_NAMES, strict=True):
            _check_ids(zone, _ALL_CREW, kind, "seat {}'s {}", seat, name)
        raise _fail(f"seat {seat}'s 15 crew cards are not each in exactly one zone")
    for colour in _COLOURS:
        if not _COLOUR_CARDS[colour].issuperset(columns[colour]):
            values = _COLOUR_VALUES[colour]
            card = next(card for card in columns[colour] if not values[card])
            raise _fail(f"seat {seat}'s {colour} column holds card {card} with no {colour} end")
    if type(crew.passed) is not bool:
        raise _fail(f"seat {seat}'s passed={shown(crew.passed)} must be a bool")
    if len(crew.deck) != expected_deck:
        raise _fail(
            f"seat {seat}'s deck holds {len(crew.deck)} cards; this round it must hold "
            f"{expected_deck} (15, less 5 dealt, less 2 drawn in each phase D)"
        )
    if not storms and (crew.storm or crew.hidden_discard):
        raise _fail(f"seat {seat} has face-down cards in a game without storms")
    face_up = frozenset(crew.discard).union(*columns)
    sizes = (len(crew.hand), len(crew.storm), len(crew.hidden_discard))
    _check_known(seat, crew.known, crew.face_down_groups, face_up, sizes)
    hand, storm, hidden = crew.hand, crew.storm, crew.hidden_discard
    for card, possible in crew.known:
        bits = _BITS[possible]
        if not (
            (bits & 1 and card in hand)
            or (bits & 2 and card in storm)
            or (bits & 4 and card in hidden)
        ):
            raise _fail(f"seat {seat}'s known card {card} is not where it may be")
    known = [card for card, _ in crew.known]
    if crew.face_down_groups and not _knowledge.holds(
        crew.face_down_groups, known, crew.hidden_discard
    ):
        raise _fail(
            f"seat {seat}'s face-down discard cannot be split into its groups (their sizes, "
            "the known cards each may hold, and their never-seen bounds)"
        )


def _check_turn(
    round: int,
    first_player: int,
    to_move: int | None,
    first_has_played: bool,
    passed: Sequence[bool],
    hand_sizes: Sequence[int],
    table: Sequence[bool],
) -> None:
    """Check who is to move against the passed flags, hands and cards on the table.

    ``table[seat]`` says whether ``seat`` has cards on the table (face up or face down).
    """
    if to_move is None:
        if round != ROUNDS:
            raise _fail(f"the game can only be over after round {ROUNDS}, not {round}")
        if any(table):
            raise _fail("no card can be on the table once the game is over")
        return
    if passed[to_move] or not hand_sizes[to_move]:
        raise _fail(f"seat {to_move} is to move but has passed or has no cards")
    if first_has_played != table[first_player]:
        raise _fail("first_has_played does not match the first player's cards on the table")
    if not first_has_played and to_move != first_player:
        raise _fail(
            f"seat {to_move} is to move before the first player ({first_player}) has played a card"
        )


def _check_rng(rng: Any) -> None:
    """Check the random stream: a 64-bit seed and a count of draws below ``2**64``."""
    if type(rng) is not Rng:
        raise _fail(f"rng must be a boardgames.Rng, not {type(rng).__name__}")
    rng.check()


def check_table(state: MagellanState) -> None:
    """Check every invariant of ``state`` except its history's agreement with the table.

    The tests' hand-made tables, which no history leads to, are checked with this.

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    if type(state) is not MagellanState:
        raise _fail(f"expected a MagellanState, not {type(state).__name__}")
    players = _check_configuration(state.players, state.storms)
    storms = state.storms
    round = _check_counters(
        state.round, state.first_player, state.to_move, state.first_has_played, players
    )
    crews = state.crews
    if type(crews) is not tuple or len(crews) != players:
        raise _fail(f"crews must be a tuple with one entry per seat ({players})")
    expected_deck = deck_size(round)
    for seat, crew in enumerate(crews):
        _check_crew(seat, crew, storms, expected_deck)
    _check_turn(
        round,
        state.first_player,
        state.to_move,
        state.first_has_played,
        [crew.passed for crew in crews],
        [len(crew.hand) for crew in crews],
        [any(crew.columns) or bool(crew.storm) for crew in crews],
    )
    decks = state.ocean_decks
    if type(decks) is not tuple or len(decks) != len(Colour):
        raise _fail("there must be exactly three ocean decks")
    for colour in _COLOURS:
        _check_ids(decks[colour], _OCEAN_RANGES[colour], tuple, "the {} ocean deck", colour)
    _check_ids(state.storm_deck, _STORM_IDS, tuple, "storm_deck")
    _check_table_cards(
        players,
        storms,
        round,
        state.ocean_piles,
        [len(deck) for deck in decks],
        state.won,
        state.storm_pile,
        len(state.storm_deck),
        state.won_storms,
    )
    for colour in _COLOURS:  # the deck holds exactly the cards not shown
        if set(decks[colour]) & set(state.ocean_piles[colour]) or any(
            card in decks[colour] for won in state.won for card in won
        ):
            raise _fail(f"a {colour} ocean card is both in the deck and shown")
    if set(state.storm_deck) & set(state.storm_pile) or any(
        card in state.storm_deck for won in state.won_storms for card in won
    ):
        raise _fail("a storm card is both in the deck and shown")
    _check_rng(state.rng)


def check_state(state: MagellanState) -> None:
    """Check every invariant of a state, its history included (used on untrusted input).

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    check_table(state)
    check_history(
        state.history,
        state.players,
        state.storms,
        state.round,
        state.first_player,
        state.to_move,
        state.first_has_played,
        [
            (
                crew.columns,
                len(crew.hand),
                len(crew.storm),
                crew.passed,
                crew.discard,
                len(crew.hidden_discard),
                crew.known,
                crew.face_down_groups,
            )
            for crew in state.crews
        ],
        state.ocean_piles,
        state.won,
        state.storm_pile,
        state.won_storms,
    )


def check_observation(observation: MagellanObservation) -> None:
    """Check that a loaded observation is one a captain can have, its history included.

    Every count must be one a state of its configuration can give: hand, deck, storm
    column and face-down discard sizes adding up to 15 with the columns and discard, deck
    sizes as the round allows, the observer's own cards matching his public counts.

    Raises:
        InvalidStateError: The observation is not one a captain can have.
    """
    from boardgames.games.magellan_elcano.observation import CrewView, MagellanObservation

    if type(observation) is not MagellanObservation:
        raise _fail(f"expected a MagellanObservation, not {type(observation).__name__}")
    players = _check_configuration(observation.players, observation.storms)
    storms = observation.storms
    _check_seat("player", observation.player, players)
    round = _check_counters(
        observation.round,
        observation.first_player,
        observation.to_move,
        observation.first_has_played,
        players,
    )
    views = observation.crews
    if type(views) is not tuple or len(views) != players:
        raise _fail(f"crews must be a tuple with one entry per seat ({players})")
    expected_deck = deck_size(round)
    for seat, view in enumerate(views):
        if type(view) is not CrewView:
            raise _fail(f"crews[{seat}] must be a CrewView, not {type(view).__name__}")
        _check_view(seat, view, storms, expected_deck)
    me = observation.player
    own = views[me]
    _check_ids(observation.hand, _ALL_CREW, frozenset, "hand")
    _check_ids(observation.storm, _ALL_CREW, tuple, "storm")
    _check_ids(observation.hidden_discard, _ALL_CREW, frozenset, "hidden_discard")
    if (
        len(observation.hand) != own.hand_size
        or len(observation.storm) != own.storm_size
        or len(observation.hidden_discard) != own.hidden_discard_size
    ):
        raise _fail("the observer's own cards do not match his public counts")
    private = [*observation.hand, *observation.storm, *observation.hidden_discard]
    face_up = {*own.discard, *own.columns[0], *own.columns[1], *own.columns[2]}
    if len(set(private)) != len(private) or face_up.intersection(private):
        raise _fail("the observer's own cards are not each in exactly one zone")
    _check_turn(
        round,
        observation.first_player,
        observation.to_move,
        observation.first_has_played,
        [view.passed for view in views],
        [view.hand_size for view in views],
        [any(view.columns) or bool(view.storm_size) for view in views],
    )
    sizes = observation.ocean_deck_sizes
    if (
        type(sizes) is not tuple
        or len(sizes) != len(Colour)
        or not all(_is_int(size) for size in sizes)
    ):
        raise _fail(f"ocean_deck_sizes={shown(sizes)} must be three ints, one per colour")
    if not _is_int(observation.storm_deck_size):
        raise _fail(f"storm_deck_size={shown(observation.storm_deck_size)} must be an int")
    _check_table_cards(
        players,
        storms,
        round,
        observation.ocean_piles,
        sizes,
        observation.won,
        observation.storm_pile,
        observation.storm_deck_size,
        observation.won_storms,
    )
    check_history(
        observation.history,
        players,
        storms,
        round,
        observation.first_player,
        observation.to_move,
        observation.first_has_played,
        [
            (
                view.columns,
                view.hand_size,
                view.storm_size,
                view.passed,
                view.discard,
                view.hidden_discard_size,
                view.known,
                view.face_down_groups,
            )
            for view in views
        ],
        observation.ocean_piles,
        observation.won,
        observation.storm_pile,
        observation.won_storms,
    )


def _check_view(seat: int, view: CrewView, storms: bool, expected_deck: int) -> None:
    """Check one captain's public view: counts adding up to 15, ids, known cards."""
    counts = (view.hand_size, view.deck_size, view.storm_size, view.hidden_discard_size)
    names = ("hand_size", "deck_size", "storm_size", "hidden_discard_size")
    for name, count in zip(names, counts, strict=True):
        if not _is_int(count) or not 0 <= count <= CREW_DECK_SIZE:
            raise _fail(f"seat {seat}'s {name}={shown(count)} is not a count from 0 to 15")
    if view.deck_size != expected_deck:
        raise _fail(
            f"seat {seat}'s deck holds {view.deck_size} cards; this round it must hold "
            f"{expected_deck} (15, less 5 dealt, less 2 drawn in each phase D)"
        )
    on_table = _check_columns(seat, view.columns)
    _check_ids(view.discard, _ALL_CREW, tuple, "seat {}'s discard", seat)
    if type(view.passed) is not bool:
        raise _fail(f"seat {seat}'s passed={shown(view.passed)} must be a bool")
    face_up = [*on_table, *view.discard]
    if len(set(face_up)) != len(face_up):
        raise _fail(f"seat {seat}'s face-up cards hold a card twice")
    total = sum(counts) + len(face_up)
    if total != CREW_DECK_SIZE:
        raise _fail(
            f"seat {seat}'s zones hold {total} crew cards; every captain has {CREW_DECK_SIZE}"
        )
    if not storms and (view.storm_size or view.hidden_discard_size):
        raise _fail(f"seat {seat} has face-down cards in a game without storms")
    sizes = (view.hand_size, view.storm_size, view.hidden_discard_size)
    _check_known(seat, view.known, view.face_down_groups, frozenset(face_up), sizes)

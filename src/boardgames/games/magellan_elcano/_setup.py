"""Setting up a Magellan: Elcano state from a position, and reading a state's position."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.history import History
from boardgames.core.rng import Rng
from boardgames.core.standard import finish_setup, origin_text, setup_failure
from boardgames.games.magellan_elcano import _invariants
from boardgames.games.magellan_elcano.components import (
    CREW_CARDS,
    CREW_DECK_SIZE,
    OCEAN_CARDS,
    OCEAN_CARDS_PER_COLOUR,
    STORM_CARDS,
    CardId,
    Colour,
)
from boardgames.games.magellan_elcano.position import (
    MagellanPosition,
    SeatPosition,
    _check_storms,
    _deck_size,
)
from boardgames.games.magellan_elcano.rules import Configuration, _storm_ids
from boardgames.games.magellan_elcano.state import Crew, MagellanState

__all__ = ["parse", "position_of", "setup"]

_ZONES = ("hand", "red column", "blue column", "green column", "storm column", "discard")


_fail = setup_failure


def _seat_cards(number: int, seat: SeatPosition) -> list[tuple[CardId, str]]:
    """Every named crew card of a seat with the zone it is in; each card checked."""
    named: list[tuple[CardId, str]] = []
    zones: list[tuple[str, Sequence[CardId | None]]] = [
        ("hand", sorted(seat.hand)),
        *zip(_ZONES[1:4], seat.columns, strict=True),
        ("storm column", seat.storm),
        ("discard", seat.discard),
        ("face-down discard", seat.face_down),
    ]
    where: dict[CardId, str] = {}
    for zone, cards in zones:
        for card in cards:
            if card is None:
                continue
            if type(card) is not int or not 0 <= card < CREW_DECK_SIZE:
                raise _fail(f"seat {number}'s {zone} holds {card!r}, which is no crew card id")
            if card in where:
                raise _fail(
                    f"seat {number}'s card {CREW_CARDS[card]} is in two places: his "
                    f"{where[card]} and his {zone}"
                )
            where[card] = zone
            named.append((card, zone))
    if (None in seat.columns[0] or None in seat.columns[1] or None in seat.columns[2]) or (
        None in seat.discard
    ):
        raise _fail(f"seat {number}'s face-up cards must all be named")
    for card, _places in seat.known:
        if card not in where:
            raise _fail(
                f"seat {number}'s known card {CREW_CARDS[card]} must be placed (in his hand, "
                "storm column or face-down discard)"
            )
    return named


def _crew(number: int, seat: SeatPosition, round: int, rng: Rng) -> tuple[Crew, Rng]:
    named = {card for card, _ in _seat_cards(number, seat)}
    drawn = CREW_DECK_SIZE - _deck_size(round)
    hand_size = drawn - seat.table_size() if seat.hand_size is None else seat.hand_size
    if type(hand_size) is not int or hand_size < len(seat.hand):
        raise _fail(
            f"seat {number}'s hand of {hand_size!r} cards cannot hold the {len(seat.hand)} "
            "named in it"
        )
    left_over = drawn - seat.table_size() - hand_size
    if left_over < 0:
        raise _fail(
            f"seat {number} has {seat.table_size()} cards on the table and in his discards "
            f"and {hand_size} in his hand: more than the {drawn} he has drawn by round {round}"
        )
    unknown, rng = rng.shuffled(sorted(set(range(CREW_DECK_SIZE)) - named))
    cut = 0

    def draw(count: int) -> tuple[CardId, ...]:
        nonlocal cut
        cut += count
        return unknown[cut - count : cut]

    storm_cards = iter(draw(seat.storm.count(None)))
    storm = tuple(next(storm_cards) if card is None else card for card in seat.storm)
    hidden = {card for card in seat.face_down if card is not None}
    hidden.update(draw(seat.face_down.count(None)))
    hand = seat.hand | frozenset(draw(hand_size - len(seat.hand)))
    discard = seat.discard + draw(left_over)
    crew = Crew(
        deck=unknown[cut:],
        hand=hand,
        columns=seat.columns,
        storm=storm,
        discard=discard,
        hidden_discard=frozenset(hidden),
        passed=seat.passed,
        known=seat.known,
        face_down_groups=seat.groups(),
    )
    return crew, rng


def _ocean(
    position: MagellanPosition, rng: Rng
) -> tuple[tuple[tuple[CardId, ...], ...], tuple[tuple[CardId, ...], ...], Rng]:
    decks: list[tuple[CardId, ...]] = []
    piles: list[tuple[CardId, ...]] = []
    for colour in Colour:
        cards = set(range(colour * OCEAN_CARDS_PER_COLOUR, (colour + 1) * OCEAN_CARDS_PER_COLOUR))
        won = [
            card
            for seat in position.seats
            for card in seat.won
            if OCEAN_CARDS[card].colour is colour
        ]
        pile = position.ocean_piles[colour]
        shown = won + list(pile or ())
        for card in shown:
            if card not in cards:
                raise _fail(f"the {OCEAN_CARDS[card]} ocean card is shown twice")
            cards.remove(card)
        left, rng = rng.shuffled(sorted(cards))
        if pile is None:
            count = position.round - len(won)
            if count < 0:
                raise _fail(
                    f"{len(won)} {colour} ocean cards are won by round {position.round}, but "
                    "one is turned up a round"
                )
            pile, left = left[:count], left[count:]
        piles.append(pile)
        decks.append(left)
    return tuple(decks), tuple(piles), rng


def _storms(
    position: MagellanPosition, rng: Rng
) -> tuple[tuple[tuple[CardId, ...], ...], tuple[CardId, ...], tuple[CardId, ...], Rng]:
    won_values = [seat.won_storms for seat in position.seats]
    if not position.storms:
        if any(won_values) or position.storm_pile:
            raise _fail("storm cards are shown, but this game has no storms")
        return ((),) * position.players, (), (), rng
    left = [card.points for card in STORM_CARDS]
    shown = [value for values in won_values for value in values]
    for value in [*shown, *(position.storm_pile or ())]:
        if value not in left:
            raise _fail(f"more storm cards worth {value!r} are shown than there are")
        left.remove(value)
    deck, rng = rng.shuffled(left)
    pile_values = position.storm_pile
    if pile_values is None:
        count = position.round - len(shown)
        if count < 0:
            raise _fail(
                f"{len(shown)} storm cards are won by round {position.round}, but one is "
                "turned up a round"
            )
        pile_values, deck = deck[:count], deck[count:]

    def ids(values: Sequence[int]) -> tuple[CardId, ...]:  # any card of each value
        return tuple(next(c.id for c in STORM_CARDS if c.points == value) for value in values)

    won, pile, storm_deck = _storm_ids(tuple(map(ids, won_values)), ids(pile_values), ids(deck))
    return won, pile, storm_deck, rng


def _check_turn_order(position: MagellanPosition) -> None:
    """Check that the cards played this round are what play clockwise can have left.

    "Starting with the first player and going clockwise", each captain who has not passed
    plays one card in turn: the captains from the first player up to the one to move have
    each played one card more than those from him on.
    """
    to_move, first, players = position.to_move, position.first_player, position.players
    if to_move is None or type(to_move) is not int or not 0 <= to_move < players:
        return  # the invariants name a bad seat
    if type(first) is not int or not 0 <= first < players:
        return
    played = [sum(map(len, seat.columns)) + len(seat.storm) for seat in position.seats]
    order = [(first + offset) % players for offset in range(players)]
    before = True
    for seat in order:
        if seat == to_move:
            before = False
        if position.seats[seat].passed:
            continue
        expected = played[to_move] + (1 if before else 0)
        if played[seat] != expected:
            raise _fail(
                f"seat {seat} has played {played[seat]} cards this round, but play goes "
                f"clockwise from the first player (seat {first}) and seat {to_move}, to move, "
                f"has played {played[to_move]}: seat {seat} should have played {expected}"
            )


def _is_deal(position: MagellanPosition) -> bool:
    """Whether the position's public table is one the deal gives (nothing played yet)."""
    return (
        position.round == 1
        and position.to_move == position.first_player
        and all(seat.public() == SeatPosition() for seat in position.seats)
        and all(pile is None or len(pile) == 1 for pile in position.ocean_piles)
        and (not position.storms or position.storm_pile is None or len(position.storm_pile) == 1)
    )


def parse(text: str) -> MagellanPosition:
    """Read a position from its text (``MagellanPosition.parse``)."""
    return MagellanPosition.parse(text)


def setup(configuration: Configuration, position: MagellanPosition, seed: int) -> MagellanState:
    """Build the state of ``position``, drawing what it leaves out from ``seed``.

    Raises:
        ConfigurationError: The position is of the other storm setting, or a fact of it
            cannot hold; the message names the first.
    """
    players, storms = configuration
    _check_storms(position, storms)
    if type(position.round) is not int or not 1 <= position.round <= 6:
        raise _fail(f"round {position.round!r} is not a round from 1 to 6")
    if type(position.seats) is not tuple or len(position.seats) != players:
        raise _fail(f"it must give exactly one SeatPosition per seat ({players})")
    rng = Rng.from_seed(seed)
    crews = []
    for number, seat in enumerate(position.seats):
        if not isinstance(seat, SeatPosition):
            raise _fail(f"seat {number} is {type(seat).__name__}, not a SeatPosition")
        crew, rng = _crew(number, seat, position.round, rng)
        crews.append(crew)
    _check_turn_order(position)
    ocean_decks, ocean_piles, rng = _ocean(position, rng)
    won_storms, storm_pile, storm_deck, rng = _storms(position, rng)
    first = position.first_player
    first_crew = position.seats[first] if type(first) is int and 0 <= first < players else None
    state = MagellanState(
        players=players,
        storms=storms,
        round=position.round,
        first_player=first,
        to_move=position.to_move,
        first_has_played=bool(
            first_crew is not None and (any(first_crew.columns) or first_crew.storm)
        ),
        crews=tuple(crews),
        ocean_decks=ocean_decks,
        ocean_piles=ocean_piles,
        storm_deck=storm_deck,
        storm_pile=storm_pile,
        won=tuple(seat.won for seat in position.seats),
        won_storms=won_storms,
        history=History(),
        rng=rng,
    )

    def table() -> str:  # the table must hold before it is read as a position
        try:
            _invariants.check_table(state)
        except InvalidStateError as error:
            raise _fail(str(error)) from None
        return str(position_of(state).public())

    origin = origin_text(position, at_deal=_is_deal(position), table=table)
    return finish_setup(state, position.history, origin, _invariants.check_state)


def position_of(state: MagellanState) -> MagellanPosition:
    """Return everything ``state`` shows and hides, as a position (deck orders aside)."""
    seats = []
    for crew, won, won_storms in zip(state.crews, state.won, state.won_storms, strict=True):
        seat = SeatPosition(
            hand=crew.hand,
            columns=crew.columns,
            storm=crew.storm,
            discard=crew.discard,
            face_down=crew.hidden_discard,
            passed=crew.passed,
            won=won,
            won_storms=tuple(STORM_CARDS[card].points for card in won_storms),
            known=crew.known,
        )
        if seat.groups() != crew.face_down_groups:
            seat = attrs.evolve(seat, face_down_groups=crew.face_down_groups)
        seats.append(seat)
    history = state.history
    origin = history.origin
    return MagellanPosition(
        players=state.players,
        storms=state.storms,
        round=state.round,
        first_player=state.first_player,
        to_move=state.to_move,
        seats=tuple(seats),
        ocean_piles=state.ocean_piles,
        storm_pile=tuple(STORM_CARDS[card].points for card in state.storm_pile)
        if state.storms
        else None,
        history=tuple(history),
        origin=MagellanPosition.parse(origin) if origin is not None and len(history) else None,
    )

"""Setting up a Morgan's Magic Map state from a position, and reading a state's position."""

from __future__ import annotations

from typing import Final

import attrs

from boardgames.core.errors import ConfigurationError, InvalidStateError
from boardgames.core.history import History
from boardgames.core.rng import Rng
from boardgames.core.standard import finish_setup, origin_text, setup_failure
from boardgames.games.morgans_magic_map import _invariants
from boardgames.games.morgans_magic_map.components import (
    BOARD_LEVELS,
    MAP_CARDS,
    TILES,
    TREASURE_CARDS,
    MapCardId,
    TreasureId,
)
from boardgames.games.morgans_magic_map.geometry import random_layout
from boardgames.games.morgans_magic_map.position import (
    MorganPosition,
    SeatPosition,
    _check_variant,
)
from boardgames.games.morgans_magic_map.rules import _sorted_board
from boardgames.games.morgans_magic_map.state import MorganState, Phase, Variant

__all__ = ["parse", "position_of", "setup"]

_CARD_COUNT: Final = len(MAP_CARDS)
_TILE_COUNT: Final = len(TILES)
_TREASURE_COUNT: Final = len(TREASURE_CARDS)
_HAND_SIZE: Final = 4


_fail = setup_failure


def _is_id(value: object, count: int) -> bool:
    return type(value) is int and 0 <= value < count


def _card_name(card: MapCardId) -> str:
    return str(MAP_CARDS[card])


def _check_fields(position: MorganPosition, players: int) -> None:
    """The shapes the drawing below relies on; the state check does the rest."""
    if not isinstance(position.phase, Phase):
        raise _fail(f"phase {position.phase!r} is not a Phase")
    if type(position.seats) is not tuple or len(position.seats) != players:
        raise _fail(f"it must give exactly one SeatPosition per seat ({players})")
    for number, seat in enumerate(position.seats):
        if not isinstance(seat, SeatPosition):
            raise _fail(f"seat {number} is {type(seat).__name__}, not a SeatPosition")
        if seat.pawn is not None and not _is_id(seat.pawn, _TILE_COUNT):
            raise _fail(f"seat {number}'s pawn is on {seat.pawn!r}, which is no tile id")
        for card in (*seat.hand, *seat.played):
            if card is not None and not _is_id(card, _CARD_COUNT):
                raise _fail(f"seat {number} holds {card!r}, which is no map card id")
        for treasure in seat.treasures:
            if treasure is not None and not _is_id(treasure, _TREASURE_COUNT):
                raise _fail(f"seat {number} took {treasure!r}, which is no treasure card id")
        if seat.hand_groups is not None and not all(
            type(count) is int and count >= 0 for count in seat.hand_groups
        ):
            raise _fail(f"seat {number}'s hand groups {seat.hand_groups!r} are not counts")
    for card in position.discard:
        if not _is_id(card, _CARD_COUNT):
            raise _fail(f"the discard pile holds {card!r}, which is no map card id")
    for group in position.reshuffled:
        if not all(_is_id(card, _CARD_COUNT) for card in group):
            raise _fail(f"a reshuffled group holds {sorted(group, key=repr)!r}: no map card ids")
    for tile in (*position.moved_tiles, position.selected_tile):
        if tile is not None and not _is_id(tile, _TILE_COUNT):
            raise _fail(f"{tile!r} is no tile id")
    if position.treasure_board is not None:
        for treasure in position.treasure_board:
            if not _is_id(treasure, _TREASURE_COUNT):
                raise _fail(f"the board holds {treasure!r}, which is no treasure card id")


def _map_cards(
    position: MorganPosition, rng: Rng
) -> tuple[tuple[frozenset[MapCardId], ...], tuple[MapCardId, ...], Rng]:
    """Deal the hands and stack the deck as the position's cards and groups allow."""
    where: dict[MapCardId, str] = {}

    def place(card: MapCardId, zone: str) -> None:
        if card in where:
            raise _fail(
                f"the map card {_card_name(card)} is in two places: {where[card]} and {zone}"
            )
        where[card] = zone

    for number, seat in enumerate(position.seats):
        for card in sorted(seat.played):
            place(card, f"seat {number}'s play area")
    for card in position.discard:
        place(card, "the discard pile")
    for index, group in enumerate(position.reshuffled):
        if not group:
            raise _fail(f"reshuffled group {index} is empty; leave it out")
        for card in sorted(group):
            place(card, f"reshuffled group {index}")
    for number, seat in enumerate(position.seats):
        for held in seat.hand:
            zone = where.get(held) if held is not None else None
            if held is not None and zone is not None and not zone.startswith("reshuffled"):
                raise _fail(
                    f"the map card {_card_name(held)} is in two places: {zone} and seat "
                    f"{number}'s hand"
                )
    groups = position.hidden_groups()
    hands: list[set[MapCardId]] = [set() for _ in position.seats]
    named: set[MapCardId] = set()
    for number, seat in enumerate(position.seats):
        for held in seat.hand:
            if held is None:
                continue
            if held in named:
                raise _fail(f"the map card {_card_name(held)} is in two hands")
            named.add(held)
            hands[number].add(held)
    counts = []
    for number in range(len(position.seats)):
        seat_counts = position.hand_counts(number)
        if len(seat_counts) != len(groups):
            raise _fail(
                f"seat {number}'s hand groups {seat_counts!r} must count the cards of each of "
                f"the {len(groups)} groups of hidden cards"
            )
        if sum(seat_counts) != len(position.seats[number].hand):
            raise _fail(
                f"seat {number}'s hand groups {seat_counts!r} add up to {sum(seat_counts)}, but "
                f"the hand holds {len(position.seats[number].hand)} cards"
            )
        counts.append(seat_counts)
    deck: tuple[MapCardId, ...] = ()
    for index, group in enumerate(groups):
        pool = sorted(group - named)
        shuffled, rng = rng.shuffled(pool)
        taken = 0
        for number, seat_counts in enumerate(counts):
            known = len(hands[number] & group)
            missing = seat_counts[index] - known
            if missing < 0:
                raise _fail(
                    f"seat {number}'s hand holds {known} named cards of hidden group {index}, "
                    f"more than the {seat_counts[index]} its hand groups say"
                )
            if taken + missing > len(shuffled):
                raise _fail(
                    f"hidden group {index} has {len(group)} cards, too few for the hands that "
                    "hold cards of it"
                )
            hands[number].update(shuffled[taken : taken + missing])
            taken += missing
        rest = shuffled[taken:]
        if index == len(groups) - 1:
            deck = rest
        elif rest:
            raise _fail(
                f"hidden group {index} has {len(rest)} cards in no hand, but only the last "
                "group's cards can be in the deck (the deck holds the cards of the last "
                "reshuffle)"
            )
    return tuple(frozenset(hand) for hand in hands), deck, rng


def _treasures(
    position: MorganPosition, rng: Rng
) -> tuple[tuple[tuple[TreasureId, ...], ...], tuple[TreasureId, ...], tuple[TreasureId, ...], Rng]:
    """Fill the treasures taken and the board, and stack the treasure deck."""
    where: dict[TreasureId, str] = {}
    shown = [
        (treasure, f"seat {n}'s treasures")
        for n, s in enumerate(position.seats)
        for treasure in s.treasures
        if treasure is not None
    ]
    shown += [(treasure, "the board") for treasure in position.treasure_board or ()]
    for treasure, zone in shown:
        if treasure in where:
            raise _fail(
                f"the treasure {TREASURE_CARDS[treasure]} is in two places: {where[treasure]} "
                f"and {zone}"
            )
        where[treasure] = zone
    pool, rng = rng.shuffled(sorted(set(range(_TREASURE_COUNT)) - set(where)))
    left = list(pool)
    taken = []
    for number, seat in enumerate(position.seats):
        treasures = []
        for known in seat.treasures:
            if known is None:
                if not left:
                    raise _fail(f"seat {number} took more treasures than there are")
                known = left.pop()
            treasures.append(known)
        taken.append(tuple(treasures))
    board = position.treasure_board
    if board is None:
        if len(left) < BOARD_LEVELS:
            raise _fail("too few treasures are left to fill the board")
        board, left = _sorted_board(left[:BOARD_LEVELS]), left[BOARD_LEVELS:]
    return tuple(taken), tuple(board), tuple(left), rng


def _is_deal(position: MorganPosition) -> bool:
    """Whether the position's public table is one the deal gives (no pawn placed yet)."""
    return (
        position.phase is Phase.PLACE_PAWN
        and position.turn == 0
        and not position.discard
        and not position.reshuffled
        and all(
            attrs.evolve(seat, hand=(None,) * len(seat.hand), hand_groups=None) == SeatPosition()
            and seat.hand_groups in (None, (_HAND_SIZE,))
            for seat in position.seats
        )
    )


def parse(text: str) -> MorganPosition:
    """Read a position from its text (``MorganPosition.parse``)."""
    return MorganPosition.parse(text)


def setup(configuration: tuple[int, Variant], position: MorganPosition, seed: int) -> MorganState:
    """Build the state of ``position``, drawing what it leaves out from ``seed``.

    What a position leaves out (the map without its ``tile`` lines, a pawn's tile once the
    turns have begun, the hand cards and treasures written ``?``, the treasure board, the
    order of both decks) is drawn as the rules allow.

    Raises:
        ConfigurationError: The position is for other options, or a fact of it
            cannot hold (the message names the first: a card in two places, a hand larger
            than 4, a map whose edges clash, a seat to move whose turn it is not).
    """
    players, variant = configuration
    _check_variant(position, variant)
    _check_fields(position, players)
    rng = Rng.from_seed(seed)
    tiles = position.tiles
    if tiles is None:
        tiles, rng = random_layout(rng)
    elif type(tiles) is not tuple or len(tiles) != _TILE_COUNT:
        raise _fail(f"the map must give one (x, y, rotation) per tile ({_TILE_COUNT})")
    pawns = []
    busy = set(position.moved_tiles) | {position.selected_tile}
    free = [tile for tile in range(_TILE_COUNT) if tile not in busy]
    for seat in position.seats:
        pawn = seat.pawn
        if pawn is None and position.phase is not Phase.PLACE_PAWN:
            index, rng = rng.randbelow(len(free))
            pawn = free[index]
        pawns.append(pawn)
    hands, map_deck, rng = _map_cards(position, rng)
    treasures, board, treasure_deck, rng = _treasures(position, rng)
    state = MorganState(
        players=players,
        variant=variant,
        phase=position.phase,
        to_move=position.to_move,
        start_player=position.start_player,
        turn_number=position.turn,
        map_moves_left=position.map_moves_left,
        moved_tiles=position.moved_tiles,
        selected_tile=position.selected_tile,
        selected_cell=position.selected_cell,
        steps_left=position.steps_left,
        cards_played=position.cards_played,
        shovels=position.shovels,
        tiles=tiles,
        pawns=tuple(pawns),
        coins=tuple(seat.coins for seat in position.seats),
        hands=hands,
        play_areas=tuple(seat.played for seat in position.seats),
        map_deck=map_deck,
        map_discard=position.discard,
        hidden_groups=position.hidden_groups(),
        treasure_deck=treasure_deck,
        treasure_board=board,
        treasures=treasures,
        history=History(),
        rng=rng,
    )
    try:
        _invariants.check_position(state)
    except InvalidStateError as error:
        raise _fail(str(error)) from None
    origin = origin_text(
        position,
        at_deal=_is_deal(position),
        table=lambda: str(position_of(state).public()),
        of_origin=lambda start: _origin_text(start, seed),
    )
    return finish_setup(state, position.history, origin, _invariants.check_state)


def _origin_text(origin: MorganPosition, seed: int) -> str | None:
    """The text of the public table the moves start from: the origin, set up and complete.

    ``None`` if the origin is the deal. What the origin leaves to the seed (the map, the
    pawns, the board) is drawn, so that the history can be checked from it.
    """
    if not isinstance(origin, MorganPosition):
        raise _fail(f"the origin is {type(origin).__name__}, not a MorganPosition")
    start = attrs.evolve(origin.public(), history=(), origin=None)
    try:
        state = setup((origin.players, origin.variant), start, seed)
    except ConfigurationError as error:
        raise _fail(f"its origin cannot be set up: {error}") from None
    return state.history.origin


def position_of(state: MorganState) -> MorganPosition:
    """Return everything ``state`` shows and hides, as a position (deck orders aside)."""
    seats = tuple(
        SeatPosition(
            pawn=state.pawns[seat],
            coins=state.coins[seat],
            hand=state.hands[seat],
            played=state.play_areas[seat],
            treasures=state.treasures[seat],
        )
        for seat in range(state.players)
    )
    history = state.history
    origin = history.origin
    return MorganPosition(
        players=state.players,
        variant=state.variant,
        phase=state.phase,
        start_player=state.start_player,
        turn=state.turn_number,
        seats=seats,
        to_move=state.to_move,
        map_moves_left=state.map_moves_left,
        moved_tiles=state.moved_tiles,
        selected_tile=state.selected_tile,
        selected_cell=state.selected_cell,
        steps_left=state.steps_left,
        cards_played=state.cards_played,
        shovels=state.shovels,
        tiles=state.tiles,
        discard=state.map_discard,
        reshuffled=state.hidden_groups[1:],
        treasure_board=state.treasure_board,
        history=tuple(history),
        origin=MorganPosition.parse(origin) if origin is not None and len(history) else None,
    )

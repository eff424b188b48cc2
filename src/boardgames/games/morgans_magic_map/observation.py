"""What one player knows: the observation, and states sampled to agree with it.

Everything on the table is public: the island map, the pawns, the doubloons, the play
areas, the discard pile, the treasure board and every action taken. Hidden are the hands
(each player sees his own), the order of both decks and, with the
``hide_claimed_treasures`` variant, which treasures the other players have taken.

Public knowledge about hidden map cards is kept as *groups* (perfect
recall): at the start all 72 cards form one group; each reshuffle of the discard pile
starts a new group, the cards everyone just saw go into the new deck. A hand holds cards
from several groups, and everyone knows how many from each (he saw from which deck they
were drawn), but not which.
"""

from __future__ import annotations

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.games.morgans_magic_map.actions import Action
from boardgames.games.morgans_magic_map.components import (
    TREASURE_CARDS,
    Cell,
    MapCardId,
    TileId,
    TreasureId,
)
from boardgames.games.morgans_magic_map.geometry import Placement
from boardgames.games.morgans_magic_map.state import MorganState, Phase, Variant

__all__ = ["MorganObservation", "check_observation", "observe", "sample_state"]


@attrs.frozen
class MorganObservation:
    """One player's view of the table.

    Args:
        player: The observing seat.
        players: The number of seats.
        variant: The game's options.
        phase: The kind of decision pending.
        to_move: The seat to decide, ``None`` when the game is over.
        start_player: The seat that takes the first turn.
        turn_number: The current player turn (0 while the pawns are placed).
        map_moves_left: Tile moves left in the current map change.
        moved_tiles: Tiles already moved in the current map change.
        selected_tile: The tile being moved, if any.
        selected_cell: The cell chosen for it, if any.
        steps_left: Pirate steps left.
        cards_played: Map cards played in the current dig.
        shovels: Shovel bonuses used in the current dig.
        tiles: The island map, ``(x, y, rotation)`` per tile.
        pawns: The tile of each seat's pawn.
        coins: Each seat's doubloons.
        hand: The observer's own hand.
        hand_sizes: The number of cards in each hand.
        hand_groups: For each seat, how many of its hand cards belong to each hidden group.
        play_areas: Each seat's face-up played map cards.
        map_deck_size: Cards left in the map card deck.
        map_discard: The face-up discard pile, oldest first.
        hidden_groups: The unseen map cards of each shuffle, oldest first (the deck holds
            cards of the last group only).
        treasure_deck_size: Cards left in the treasure deck.
        treasure_board: The treasure board, level I first.
        treasures: The treasures each seat has taken, in order; with
            ``hide_claimed_treasures``, the other seats' entries are empty.
        treasure_counts: The number of treasures each seat has taken.
        history: Every action so far (all actions are public), as ``(seat, action)``
            entries: the state's own :class:`~boardgames.History`, shared, not copied.
    """

    player: PlayerId
    players: int
    variant: Variant
    phase: Phase
    to_move: PlayerId | None
    start_player: PlayerId
    turn_number: int
    map_moves_left: int
    moved_tiles: frozenset[TileId]
    selected_tile: TileId | None
    selected_cell: Cell | None
    steps_left: int
    cards_played: int
    shovels: int
    tiles: tuple[Placement, ...]
    pawns: tuple[TileId | None, ...]
    coins: tuple[int, ...]
    hand: frozenset[MapCardId]
    hand_sizes: tuple[int, ...]
    hand_groups: tuple[tuple[int, ...], ...]
    play_areas: tuple[frozenset[MapCardId], ...]
    map_deck_size: int
    map_discard: tuple[MapCardId, ...]
    hidden_groups: tuple[frozenset[MapCardId], ...]
    treasure_deck_size: int
    treasure_board: tuple[TreasureId, ...]
    treasures: tuple[tuple[TreasureId, ...], ...]
    treasure_counts: tuple[int, ...]
    history: History[tuple[PlayerId, Action]]


def _group_counts(
    hand: frozenset[MapCardId], groups: tuple[frozenset[MapCardId], ...]
) -> tuple[int, ...]:
    return tuple(len(hand & group) for group in groups)


def observe(state: MorganState, player: PlayerId) -> MorganObservation:
    """Return what ``player`` knows of ``state``."""
    groups = state.hidden_groups
    treasures = state.treasures
    if state.variant.hide_claimed_treasures:
        treasures = tuple(
            cards if seat == player else () for seat, cards in enumerate(state.treasures)
        )
    return MorganObservation(
        player=player,
        players=state.players,
        variant=state.variant,
        phase=state.phase,
        to_move=state.to_move,
        start_player=state.start_player,
        turn_number=state.turn_number,
        map_moves_left=state.map_moves_left,
        moved_tiles=state.moved_tiles,
        selected_tile=state.selected_tile,
        selected_cell=state.selected_cell,
        steps_left=state.steps_left,
        cards_played=state.cards_played,
        shovels=state.shovels,
        tiles=state.tiles,
        pawns=state.pawns,
        coins=state.coins,
        hand=state.hands[player],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        hand_groups=tuple(_group_counts(hand, groups) for hand in state.hands),
        play_areas=state.play_areas,
        map_deck_size=len(state.map_deck),
        map_discard=state.map_discard,
        hidden_groups=groups,
        treasure_deck_size=len(state.treasure_deck),
        treasure_board=state.treasure_board,
        treasures=treasures,
        treasure_counts=tuple(len(cards) for cards in state.treasures),
        history=state.history,
    )


def _ints(value: object) -> bool:
    return isinstance(value, tuple | frozenset) and all(type(item) is int for item in value)


def _check_types(observation: MorganObservation) -> None:
    """Check the container and item types the counting below relies on."""
    checks = {
        "variant": isinstance(observation.variant, Variant),
        "hand": type(observation.hand) is frozenset and _ints(observation.hand),
        "hand_sizes": type(observation.hand_sizes) is tuple and _ints(observation.hand_sizes),
        "coins": type(observation.coins) is tuple and _ints(observation.coins),
        "treasure_counts": type(observation.treasure_counts) is tuple
        and _ints(observation.treasure_counts),
        "treasure_board": type(observation.treasure_board) is tuple
        and _ints(observation.treasure_board),
        "hand_groups": type(observation.hand_groups) is tuple
        and all(type(counts) is tuple and _ints(counts) for counts in observation.hand_groups),
        "hidden_groups": type(observation.hidden_groups) is tuple
        and all(type(group) is frozenset and _ints(group) for group in observation.hidden_groups),
        "treasures": type(observation.treasures) is tuple
        and all(type(cards) is tuple and _ints(cards) for cards in observation.treasures),
        "map_deck_size": type(observation.map_deck_size) is int,
        "treasure_deck_size": type(observation.treasure_deck_size) is int,
    }
    for name, ok in checks.items():
        if not ok:
            raise InvalidStateError(f"observation field {name} has the wrong type")


def check_observation(observation: MorganObservation) -> None:
    """Check that an observation's counts agree with each other before it is sampled.

    Raises:
        InvalidStateError: The observation cannot come from any state.
    """
    fail = InvalidStateError
    _check_types(observation)
    players = observation.players
    if type(players) is not int or not 2 <= players <= 4:
        raise fail(f"players={players!r} is out of range 2 to 4")
    if type(observation.player) is not int or not 0 <= observation.player < players:
        raise fail(f"player={observation.player!r} is not a seat")
    for name in ("hand_sizes", "hand_groups", "treasures", "treasure_counts", "coins"):
        if len(getattr(observation, name)) != players:
            raise fail(f"{name} must have one entry per seat")
    groups = observation.hidden_groups
    for seat in range(players):
        counts = observation.hand_groups[seat]
        if len(counts) != len(groups) or any(type(c) is not int or c < 0 for c in counts):
            raise fail(f"hand_groups[{seat}] must count cards in each of the {len(groups)} groups")
        if sum(counts) != observation.hand_sizes[seat]:
            raise fail(f"seat {seat}'s hand size does not match its group counts")
    me = observation.player
    if observation.hand_groups[me] != _group_counts(observation.hand, groups):
        raise fail("the observer's hand does not match his group counts")
    for index, group in enumerate(groups):
        held = sum(counts[index] for counts in observation.hand_groups)
        spare = len(group) - held
        last = index == len(groups) - 1
        if spare < 0 or (spare and not last):
            raise fail(f"hidden group {index} does not match the cards held from it")
        if last and spare != observation.map_deck_size:
            raise fail("the map deck size does not match the last hidden group")
    if not groups and observation.map_deck_size:
        raise fail("a map deck needs a hidden group")
    hide = observation.variant.hide_claimed_treasures
    for seat in range(players):
        visible = len(observation.treasures[seat])
        expected = 0 if hide and seat != me else observation.treasure_counts[seat]
        if visible != expected:
            raise fail(f"seat {seat}'s visible treasures do not match its treasure count")
    seen = {card for cards in observation.treasures for card in cards}
    seen |= set(observation.treasure_board)
    hidden = len(TREASURE_CARDS) - len(seen)
    unseen_taken = sum(observation.treasure_counts) - sum(map(len, observation.treasures))
    if hidden != observation.treasure_deck_size + unseen_taken:
        raise fail("the treasure counts do not add up to 29 cards")


def sample_state(observation: MorganObservation, seed: int) -> MorganState:
    """Return a state that agrees with everything the observation's player knows.

    What he cannot know is drawn at random from ``seed``: the other hands (respecting how
    many cards of each hidden group each holds), the order of both decks, and with
    ``hide_claimed_treasures`` the other players' treasures.

    Raises:
        InvalidStateError: The observation's counts do not agree with each other.
    """
    check_observation(observation)
    rng = Rng.from_seed(seed).derive(0x3A9)
    me = observation.player
    players = observation.players
    hands: list[set[MapCardId]] = [set() for _ in range(players)]
    hands[me] = set(observation.hand)
    deck: tuple[MapCardId, ...] = ()
    groups = observation.hidden_groups
    for index, group in enumerate(groups):
        pool, rng = rng.permuted(sorted(group - observation.hand))
        position = 0
        for seat in range(players):
            if seat == me:
                continue
            take = observation.hand_groups[seat][index]
            hands[seat].update(pool[position : position + take])
            position += take
        if index == len(groups) - 1:
            deck = pool[position:]
    treasures = list(observation.treasures)
    seen = {card for cards in treasures for card in cards} | set(observation.treasure_board)
    pool_treasures, rng = rng.permuted(sorted(set(range(len(TREASURE_CARDS))) - seen))
    position = 0
    for seat in range(players):
        missing = observation.treasure_counts[seat] - len(treasures[seat])
        if missing:
            treasures[seat] = pool_treasures[position : position + missing]
            position += missing
    state_rng = Rng.from_seed(seed).derive(0x5EED)
    return MorganState(
        players=players,
        variant=observation.variant,
        phase=observation.phase,
        to_move=observation.to_move,
        start_player=observation.start_player,
        turn_number=observation.turn_number,
        map_moves_left=observation.map_moves_left,
        moved_tiles=observation.moved_tiles,
        selected_tile=observation.selected_tile,
        selected_cell=observation.selected_cell,
        steps_left=observation.steps_left,
        cards_played=observation.cards_played,
        shovels=observation.shovels,
        tiles=observation.tiles,
        pawns=observation.pawns,
        coins=observation.coins,
        hands=tuple(frozenset(hand) for hand in hands),
        play_areas=observation.play_areas,
        map_deck=deck,
        map_discard=observation.map_discard,
        hidden_groups=groups,
        treasure_deck=pool_treasures[position:],
        treasure_board=observation.treasure_board,
        treasures=tuple(treasures),
        history=observation.history,
        rng=state_rng,
    )

"""Fixtures for the Morgan's Magic Map rule tests: configured games and hand-made states.

Test modules in this folder are not a package (pytest runs in importlib mode), so the
builders are handed to the tests as session-scoped fixtures that return plain functions.

* ``make_game(players=3, **options)`` builds a game through :func:`boardgames.make`.
* ``make_state(**fields)`` builds a :class:`MorganState` from the reference layout (or
  ``tiles``), with every field defaulted to the start of seat ``to_move``'s turn in the
  first round, pawns on inner tiles (the Tomb, the Green Tree, the Oasis, the Jungle: they
  cannot move anyway). Hands not given get the lowest unused card ids; the map card deck holds the
  remaining cards in id order (if ``map_deck`` is given, they go to the bottom of the
  discard pile instead); the treasure board defaults to the five lowest-ranked
  treasures not taken, and the treasure deck to the rest in id order. The result is
  checked with ``check_position``, so a malformed scenario fails loudly: every invariant
  of ``check_state`` but the last, that the history leads to the state (a position set up
  by hand has an empty history, so ``loads`` and ``check_state`` refuse it).
* ``layout(moves, base=REFERENCE_LAYOUT)`` returns a map with some tiles put elsewhere:
  ``moves`` maps a tile id to ``(x, y, rotation)``. The result is normalized.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest

import boardgames
from boardgames.games.morgans_magic_map import MorgansMagicMap, MorganState, Phase, Variant
from boardgames.games.morgans_magic_map._invariants import check_position
from boardgames.games.morgans_magic_map.components import (
    MAP_CARDS,
    REFERENCE_LAYOUT,
    TREASURE_CARDS,
    MapCardId,
    TileId,
    TreasureId,
)
from boardgames.games.morgans_magic_map.geometry import Placement, normalized

MAP_PHASES = (Phase.MAP_SELECT_TILE, Phase.MAP_SELECT_CELL, Phase.MAP_SELECT_ROTATION)


def build_game(players: int = 3, **options: Any) -> MorgansMagicMap:
    """Return a Morgan's Magic Map game built through the public registry."""
    game = boardgames.make("morgans-magic-map", players=players, **options)
    assert isinstance(game, MorgansMagicMap)
    return game


def build_layout(
    moves: Mapping[TileId, Placement], base: Sequence[Placement] = REFERENCE_LAYOUT
) -> tuple[Placement, ...]:
    """Return ``base`` with the tiles in ``moves`` put at new cells, normalized."""
    tiles = list(base)
    for tile, placement in moves.items():
        tiles[tile] = placement
    return normalized(tiles)


def build_state(
    *,
    players: int = 3,
    variant: Variant | None = None,
    phase: Phase = Phase.MAP_SELECT_TILE,
    to_move: int | None = 0,
    start_player: int = 0,
    turn_number: int | None = None,
    tiles: Sequence[Placement] = REFERENCE_LAYOUT,
    pawns: Sequence[TileId | None] | None = None,
    coins: Sequence[int] | None = None,
    hands: Mapping[int, Iterable[MapCardId]] | None = None,
    play_areas: Mapping[int, Iterable[MapCardId]] | None = None,
    map_discard: Sequence[MapCardId] = (),
    map_deck: Sequence[MapCardId] | None = None,
    board: Sequence[TreasureId] | None = None,
    treasure_deck: Sequence[TreasureId] | None = None,
    treasures: Sequence[Sequence[TreasureId]] | None = None,
    map_moves_left: int | None = None,
    moved_tiles: Iterable[TileId] = (),
    selected_tile: TileId | None = None,
    selected_cell: tuple[int, int] | None = None,
    steps_left: int | None = None,
    cards_played: int = 0,
    shovels: int = 0,
) -> MorganState:
    """Return a position checked but for its history (see the module docstring)."""
    variant = variant or Variant()
    seat = 0 if to_move is None else to_move
    if turn_number is None:
        turn_number = 0 if phase is Phase.PLACE_PAWN else (seat - start_player) % players + 1
    hand_map = {seat_id: tuple(cards) for seat_id, cards in (hands or {}).items()}
    area_map = {seat_id: tuple(cards) for seat_id, cards in (play_areas or {}).items()}
    used = {card for cards in (*hand_map.values(), *area_map.values()) for card in cards}
    used |= set(map_discard)
    if map_deck is not None:
        used |= set(map_deck)
    spare = [card for card in range(len(MAP_CARDS)) if card not in used]
    final_hands = []
    for seat_id in range(players):
        if seat_id in hand_map:
            final_hands.append(frozenset(hand_map[seat_id]))
        else:
            final_hands.append(frozenset(spare[:4]))
            spare = spare[4:]
    deck = tuple(spare) if map_deck is None else tuple(map_deck)
    if map_deck is not None:  # the cards placed nowhere go under the given discard pile
        map_discard = (*spare, *map_discard)
    taken = [tuple(cards) for cards in (treasures or [()] * players)]
    claimed = {card for cards in taken for card in cards}
    if board is None:
        free = sorted((card.rank, card.id) for card in TREASURE_CARDS if card.id not in claimed)
        board = [card for _, card in free[:5]]
    claimed |= set(board)
    if treasure_deck is None:
        treasure_deck = [card.id for card in TREASURE_CARDS if card.id not in claimed]
    if map_moves_left is None:
        map_moves_left = 1 if phase in MAP_PHASES else 0
    if steps_left is None:
        steps_left = 2 if phase in (*MAP_PHASES, Phase.MOVE_STEP) else 0
    hidden = set(deck).union(*final_hands)
    state = MorganState(
        players=players,
        variant=variant,
        phase=phase,
        to_move=to_move,
        start_player=start_player,
        turn_number=turn_number,
        map_moves_left=map_moves_left,
        moved_tiles=frozenset(moved_tiles),
        selected_tile=selected_tile,
        selected_cell=selected_cell,
        steps_left=steps_left,
        cards_played=cards_played,
        shovels=shovels,
        tiles=tuple(tiles),
        pawns=tuple(pawns) if pawns is not None else tuple([2, 5, 1, 19][:players]),
        coins=tuple(coins) if coins is not None else (2,) * players,
        hands=tuple(final_hands),
        play_areas=tuple(frozenset(area_map.get(seat_id, ())) for seat_id in range(players)),
        map_deck=deck,
        map_discard=tuple(map_discard),
        hidden_groups=(frozenset(hidden),) if hidden else (),
        treasure_deck=tuple(treasure_deck),
        treasure_board=tuple(sorted(board, key=lambda card: TREASURE_CARDS[card].rank)),
        treasures=tuple(taken),
        history=boardgames.History(),
        rng=boardgames.Rng.from_seed(0),
    )
    check_position(state)
    return state


@pytest.fixture(scope="session")
def make_game() -> Callable[..., MorgansMagicMap]:
    """Build a configured game: ``make_game(players=3, **options)``."""
    return build_game


@pytest.fixture(scope="session")
def make_state() -> Callable[..., MorganState]:
    """Build a checked hand-made state (see the module docstring)."""
    return build_state


@pytest.fixture(scope="session")
def layout() -> Callable[..., tuple[Placement, ...]]:
    """Move some tiles of a map: ``layout({tile: (x, y, rotation)}, base=...)``."""
    return build_layout

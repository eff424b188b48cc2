"""The action numbering and the observation vector (``game.encoding``).

Random games at every player count check the general contract (every legal action has its
own number, the mask, ``legal_action``, vectors that follow the observation); hand-made
states pin the layout (the hand, the grid planes, the chances of hidden cards, hidden
treasures) and the bounds of the map grid and of ``ChooseCell``.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import Any, get_args

import attrs
import pytest

import boardgames
from boardgames.core.encoding import GameEncoding
from boardgames.games.morgans_magic_map import (
    Action,
    ChooseCell,
    MorganObservation,
    MorgansMagicMap,
    MorganState,
    Phase,
    SelectTile,
    Symbol,
    UseBonus,
    UsePair,
    Variant,
)
from boardgames.games.morgans_magic_map._invariants import check_position
from boardgames.games.morgans_magic_map.components import (
    MAP_CARDS,
    TILES,
    Direction,
    Terrain,
    edge_after_rotation,
)
from boardgames.games.morgans_magic_map.encoding import grid_side
from boardgames.games.morgans_magic_map.geometry import Placement

CONFIGURATIONS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"connectivity_at_end_of_action": True, "exact_bonus_cards": True}),
    (3, {"hide_claimed_treasures": True, "shovel_without_play": True}),
    (4, {"connectivity_at_end_of_action": True, "hide_claimed_treasures": True}),
]
"""Every player count, and each option at least once."""

SIZES = {
    (2, False): (3189, 4454),
    (3, False): (3189, 5032),
    (4, False): (3189, 5610),
    (2, True): (4305, 12518),
    (3, True): (4305, 14140),
    (4, True): (4305, 15762),
}
"""``(num_distinct_actions, observation_size)`` by players and E5, as the game page says."""


def make(players: int, **options: Any) -> MorgansMagicMap:
    game = boardgames.make("morgans-magic-map", players=players, **options)
    assert isinstance(game, MorgansMagicMap)
    return game


def encoding_of(game: MorgansMagicMap) -> GameEncoding[Action, MorganObservation]:
    return game.encoding


@functools.cache
def random_game(players: int, options: tuple[tuple[str, Any], ...], seed: int) -> list[Any]:
    """The states of a random game (kept for both contract tests)."""
    game = boardgames.make("morgans-magic-map", players=players, **dict(options))
    state = game.new_game(seed)
    choices = random.Random(seed)
    states = [state]
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        state = game.apply(state, legal[choices.randrange(len(legal))])
        states.append(state)
    return states


def played(players: int, options: dict[str, Any]) -> tuple[MorgansMagicMap, list[MorganState]]:
    return make(players, **options), random_game(
        players, tuple(sorted(options.items())), 11 + players
    )


@pytest.mark.parametrize(("players", "options"), CONFIGURATIONS)
def test_every_legal_action_has_its_own_number(players: int, options: dict[str, Any]) -> None:
    """Each legal action met in a random game has a number in range that decodes to it.

    No two legal actions share a number, the mask marks exactly them, ``legal_action``
    gives each back, and refuses an illegal number and numbers out of range, naming them.
    """
    game, states = played(players, options)
    encoding = encoding_of(game)
    size = encoding.num_distinct_actions
    for state in states[:-1]:
        legal = game.legal_actions(state)
        numbers = [encoding.encode_action(action) for action in legal]
        for action, number in zip(legal, numbers, strict=True):
            assert type(number) is int
            assert 0 <= number < size
            decoded = encoding.decode_action(number)
            assert action == decoded
            assert type(action) is type(decoded)
            assert encoding.legal_action(legal, number) is action
        assert len(legal) == len(set(numbers))
        mask = encoding.legal_mask(legal)
        assert size == len(mask)
        assert sorted(numbers) == [number for number, bit in enumerate(mask) if bit]
        illegal = next(number for number in range(size) if not mask[number])
        with pytest.raises(boardgames.IllegalActionError, match=f"action number {illegal} "):
            encoding.legal_action(legal, illegal)
    legal = game.legal_actions(states[-1])
    for number in (size, -1):
        with pytest.raises(boardgames.IllegalActionError, match=f"action number {number} "):
            encoding.legal_action(legal, number)


@pytest.mark.parametrize(("players", "options"), CONFIGURATIONS)
def test_vectors_follow_the_observation(players: int, options: dict[str, Any]) -> None:
    """Each seat's vector has ``observation_size`` finite entries and follows the observation.

    An equal observation (loaded back from JSON) and the observation of a state sampled
    from it give the same vector.
    """
    game, states = played(players, options)
    encoding = encoding_of(game)
    for step in range(0, len(states), 9):
        state = states[step]
        for seat in range(players):
            observation = game.observe(state, seat)
            vector = list(encoding.encode_observation(observation))
            assert encoding.observation_size == len(vector)
            assert all(map(math.isfinite, vector))
            if step % 4 == seat:
                again = boardgames.loads(boardgames.dumps(observation))
                assert observation == again
                assert observation is not again
                assert vector == list(encoding.encode_observation(again))
                sampled = game.sample_state(observation, step)
                assert vector == list(encoding.encode_observation(game.observe(sampled, seat)))


@pytest.mark.parametrize(("players", "e5"), sorted(SIZES))
def test_the_sizes_are_the_documented_ones(players: int, e5: bool) -> None:
    """The action count and the vector size are the documented ones, with and without E5.

    The segments are laid end to end, and the grid has ``5 + players`` planes of
    ``side * side`` cells.
    """
    encoding = make(players, connectivity_at_end_of_action=e5).encoding
    assert SIZES[players, e5] == (encoding.num_distinct_actions, encoding.observation_size)
    layout = encoding.layout
    assert [0] + [segment.stop for segment in layout[:-1]] == [s.start for s in layout]
    side = 38 if e5 else 20
    sizes = {segment.name: segment.size for segment in layout}
    assert (5 + players) * side * side == sizes["grid"]
    assert 20 * side == sizes["tile_x"] == sizes["tile_y"]
    assert (players - 1) * 72 == sizes["other_hands"]
    assert players * 29 == sizes["treasures"]


def test_the_numbering_follows_the_action_union() -> None:
    """One block per class of ``Action``, in the union's order, of the documented sizes.

    ChooseCell is 22 x 22 cells (-1 to 20), 40 x 40 with E5; the players change nothing.
    """
    expected = [4, 20, 22 * 22, 4, 1, 4, 1, 72, 1, 5, 72, 1, 72, 612 * 4]
    for players in (2, 3, 4):
        blocks = make(players).encoding.numbering.blocks
        assert list(get_args(Action)) == [cls for cls, _, _ in blocks]
        assert expected == [stop - start for _, start, stop in blocks]
        assert [0] + [stop for _, _, stop in blocks[:-1]] == [start for _, start, _ in blocks]
    e5 = make(2, connectivity_at_end_of_action=True)
    sizes = {cls: stop - start for cls, start, stop in e5.encoding.numbering.blocks}
    assert 40 * 40 == sizes[ChooseCell]


def test_pairs_are_numbered_only_as_the_rules_name_them() -> None:
    """The UsePair block holds each pair of two cards with one symbol once per bonus.

    The lower id comes first (A-MMM-12 pairs); any other pair, or a bonus that is no
    Symbol, has no number, and a number must be an int.
    """
    encoding = make(2).encoding
    _, start, stop = encoding.numbering.blocks[-1]
    pairs = [encoding.decode_action(number) for number in range(start, stop)]
    assert all(type(pair) is UsePair for pair in pairs)
    assert len(pairs) == len(set(pairs))
    for pair in pairs:
        assert isinstance(pair, UsePair)
        assert pair.first < pair.second
        assert MAP_CARDS[pair.first].symbol is MAP_CARDS[pair.second].symbol
        assert type(pair.bonus) is Symbol
    same = [card.id for card in MAP_CARDS if card.symbol is MAP_CARDS[0].symbol][:2]
    other = next(card.id for card in MAP_CARDS if card.symbol is not MAP_CARDS[0].symbol)
    assert start + 2 == encoding.encode_action(UsePair(same[0], same[1], Symbol.SHOVEL))
    for wrong in (
        UsePair(same[1], same[0], Symbol.MAP),
        UsePair(0, other, Symbol.MAP),
        UsePair(same[0], same[1], 0),  # type: ignore[arg-type]
    ):
        with pytest.raises(boardgames.IllegalActionError, match="cannot number"):
            encoding.encode_action(wrong)
    not_ints: tuple[Any, ...] = (True, 3.0, "3")
    for number in not_ints:
        with pytest.raises(boardgames.IllegalActionError, match="must be an int"):
            encoding.decode_action(number)
    assert UseBonus(71) == encoding.decode_action(start - 1)


def segment(game: MorgansMagicMap, observation: MorganObservation, name: str) -> list[float]:
    """The slice ``name`` of the observation's vector."""
    vector = game.encoding.encode_observation(observation)
    (found,) = [part for part in game.encoding.layout if part.name == name]
    return list(vector[found.start : found.stop])


def test_the_hand_segment_holds_the_observers_cards(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The hand segment has ones exactly at the observer's map cards.

    The other hands' rows say nothing of them (he knows where they are).
    """
    game = make_game(3)
    state = make_state(hands={0: (5, 17, 40, 66), 1: (1, 2, 3, 4)})
    observation = game.observe(state, 0)
    hand = segment(game, observation, "hand")
    assert [5, 17, 40, 66] == [card for card, value in enumerate(hand) if value]
    assert {1.0} == {hand[card] for card in (5, 17, 40, 66)}
    others = segment(game, observation, "other_hands")
    assert all(others[row * 72 + card] == 0 for row in range(2) for card in (5, 17, 40, 66))


def test_the_grid_shows_tiles_land_edges_and_pawns(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The grid's planes show the tiles, their land edges and the pawns.

    Plane 0 has a one at each tile's cell, planes 1-4 at the cells whose tile shows land
    to the north, east, south, west, and the pawn planes (from the observer on) at each
    pawn's cell; the tile segments give each tile's cell and turn.
    """
    game = make_game(3)
    state = make_state(pawns=(2, 5, 1))  # the Tomb, the Green Tree, the Oasis
    observation = game.observe(state, 1)  # seat 1 sees seat 2 next, then seat 0
    grid = segment(game, observation, "grid")
    cells = 20 * 20

    def plane(index: int) -> set[tuple[int, int]]:
        return {divmod(i, 20)[::-1] for i in range(cells) if grid[index * cells + i]}

    assert {(x, y) for x, y, _ in state.tiles} == plane(0)
    for direction in Direction:
        land = {
            (x, y)
            for tile, (x, y, rotation) in enumerate(state.tiles)
            if edge_after_rotation(TILES[tile], rotation, direction) is Terrain.LAND
        }
        assert land == plane(1 + direction)
    cell = {tile: (x, y) for tile, (x, y, _) in enumerate(state.tiles)}
    assert [{cell[5]}, {cell[1]}, {cell[2]}] == [plane(5), plane(6), plane(7)]
    x, y, rotation = state.tiles[7]
    assert x == segment(game, observation, "tile_x")[7 * 20 :][:20].index(1.0)
    assert y == segment(game, observation, "tile_y")[7 * 20 :][:20].index(1.0)
    assert rotation == segment(game, observation, "tile_rotation")[7 * 4 :][:4].index(1.0)


def test_hidden_cards_get_the_chance_of_each_place(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """Hidden cards get the chance of each place the observation leaves open.

    At the start every card outside the observer's hand is one of 68: each other hand
    holds 4 of them, the deck 56, and cards of one shuffle look alike.
    """
    game = make_game(4)
    observation = game.observe(game.new_game(3), 2)
    others = segment(game, observation, "other_hands")
    deck = segment(game, observation, "deck")
    for card in range(72):
        if card in observation.hand:
            assert [0.0] * 4 == [others[card], others[72 + card], others[144 + card], deck[card]]
        else:
            assert [4 / 68] * 3 + [56 / 68] == [
                others[card],
                others[72 + card],
                others[144 + card],
                deck[card],
            ]


def test_hidden_claimed_treasures_show_only_their_number(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """With hide_claimed_treasures the vector shows only the number of the others' treasures.

    The observer's own are shown, so trading another seat's treasure for a deck card
    changes nothing; without the option, the others' treasures are shown.
    """
    treasures = [(0, 8), (13,), ()]
    for hide in (True, False):
        game = make_game(3, hide_claimed_treasures=hide)
        variant = Variant(hide_claimed_treasures=hide)
        state = make_state(variant=variant, treasures=treasures)
        observation = game.observe(state, 1)
        shown = segment(game, observation, "treasures")
        rows = [
            {card for card in range(29) if shown[row * 29 + card]} for row in range(3)
        ]  # seat 1, seat 2, seat 0
        assert [{13}, set(), set() if hide else {0, 8}] == rows
        assert [1 / 24, 0.0, 2 / 24] == segment(game, observation, "treasure_counts")
        unseen = segment(game, observation, "unseen_treasures")
        assert (hide, hide) == (bool(unseen[0]), bool(unseen[8]))
        swapped_card = state.treasure_deck[0]
        swapped = attrs.evolve(
            state,
            treasures=((swapped_card, 8), (13,), ()),
            treasure_deck=(0, *state.treasure_deck[1:]),
        )
        check_position(swapped)  # a position set up by hand: it has no history
        same = game.encoding.encode_observation(game.observe(swapped, 1))
        assert hide == (game.encoding.encode_observation(observation) == same)


def line_of_tiles() -> tuple[Placement, ...]:
    """The 20 tiles in one row, ``x`` 0 to 19, every touching edge matching."""
    placed: dict[int, Placement] = {}

    def extend(x: int, east: Terrain | None) -> bool:
        if x == len(TILES):
            return True
        for tile in range(len(TILES)):
            if tile in placed:
                continue
            for rotation in range(4):
                west = edge_after_rotation(TILES[tile], rotation, Direction.WEST)
                if east is None or west is east:
                    placed[tile] = (x, 0, rotation)
                    after = edge_after_rotation(TILES[tile], rotation, Direction.EAST)
                    if extend(x + 1, after):
                        return True
                    del placed[tile]
        return False

    assert extend(0, None)
    return tuple(placed[tile] for tile in range(len(TILES)))


def test_a_row_of_twenty_tiles_fills_the_grid_and_the_cells(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A connected map can be 20 tiles wide, and a tile can go one cell past its end.

    The row of 20 tiles (x 0 to 19) fills the grid's width; the tile lifted off its west
    end can go to ChooseCell(20, 0), the last x of the ChooseCell domain.
    """
    game = make_game(2)
    tiles = line_of_tiles()
    first = next(tile for tile, (x, _, _) in enumerate(tiles) if x == 0)
    pawns = tuple(tile for tile, (x, _, _) in enumerate(tiles) if x in (5, 6))
    state = make_state(players=2, tiles=tiles, pawns=pawns)
    assert 20 == grid_side(game.configuration)
    assert 20 == sum(segment(game, game.observe(state, 0), "grid")[: 20 * 20])
    cells = game.legal_actions(game.apply(state, SelectTile(first)))
    assert ChooseCell(20, 0) in cells
    number = game.encoding.encode_action(ChooseCell(20, 0))
    assert ChooseCell(20, 0) == game.encoding.legal_action(cells, number)


def test_a_split_map_wider_than_twenty_cells_needs_the_e5_grid(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """With E5 a split map can be wider than 20 cells; the E5 grid holds it.

    The row of 20 with a gap after its first tile (one move rejoins it, A-MMM-8 and E5)
    is 21 cells wide, and a tile can then go to x = 21: the E5 grid (38 x 38) and
    ChooseCell domain hold them; the default grid refuses such a map. (The tile now at
    x = 20 made the gap: it was moved in this map change, and a Map bonus pays the next
    move.)
    """
    game = make_game(2, connectivity_at_end_of_action=True)
    tiles = tuple((x + (x >= 1), y, rotation) for x, y, rotation in line_of_tiles())
    pawns = tuple(tile for tile, (x, _, _) in enumerate(tiles) if x in (5, 6))
    last = next(tile for tile, (x, _, _) in enumerate(tiles) if x == 20)
    state = make_state(
        players=2,
        tiles=tiles,
        pawns=pawns,
        variant=Variant(connectivity_at_end_of_action=True),
        moved_tiles=[last],
    )
    assert Phase.MAP_SELECT_TILE is state.phase
    observation = game.observe(state, 0)
    assert 20 == sum(segment(game, observation, "grid")[: 38 * 38])
    offered: list[Action] = []
    for action in game.legal_actions(state):
        if isinstance(action, SelectTile):
            offered.extend(game.legal_actions(game.apply(state, action)))
    assert any(isinstance(cell, ChooseCell) and cell.x == 21 for cell in offered)
    for action in offered:
        assert action == game.encoding.decode_action(game.encoding.encode_action(action))
    plain = make_game(2)
    with pytest.raises(boardgames.InvalidStateError, match="outside the 20 x 20 grid"):
        plain.encoding.encode_observation(attrs.evolve(observation, variant=Variant()))


def test_a_numpy_buffer_gets_the_same_numbers(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """The vector written into a reused numpy array equals the list one."""
    numpy = pytest.importorskip(
        "numpy", reason="needs the optional package numpy (uv sync --group dev installs it)"
    )
    game = make_game(4)
    states = random_game(4, (), 15)
    buffer = numpy.ones(game.encoding.observation_size)
    for state in states[100:400:50]:
        observation = game.observe(state, 3)
        expected = game.encoding.encode_observation(observation)
        game.encoding.encode_observation(observation, buffer)
        assert list(expected) == buffer.tolist()

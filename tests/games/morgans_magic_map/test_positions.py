"""Positions: set up any table from its text, read any state's position back.

The rulebook example is Luke's turn ("Complete Turn Examples"); the other tests check the
round trips on states reached by random play, the errors of the notation (their token,
line and column) and the facts that ``setup`` refuses.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

import boardgames
from boardgames import ConfigurationError, NotationError
from boardgames.games.morgans_magic_map import (
    MorganPosition,
    MorgansMagicMap,
    MorganState,
    Phase,
    SeatPosition,
    TakeTreasure,
    UseBonus,
    UsePair,
    Variant,
)
from boardgames.games.morgans_magic_map.components import (
    REFERENCE_LAYOUT,
    TILES,
    Symbol,
    map_card,
    tile,
    treasure_card,
)

LUKE = """
    morgans-magic-map players 2
    turn 2                # Luke (seat 1) takes the second turn
    decision dig-take
    cards-played 3
    seat 1 pawn The Biting Cave
    seat 1 hand The Skull 3
    seat 1 played The Biting Cave 0, The Green Tree 2, The Oasis 2
"""


def test_luke_turns_a_pair_of_doubloons_cards_into_a_shovel(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """Luke's turn: a shovel and a pair of doubloons cards dig to level V.

    Rulebook: "he decides to discard his card with the "shovel" symbol and the two
    cards with the "doubloons" symbol to turn them into another "shovel": in this way, he
    can reach the maximum depth on the treasure board and recover the "Jade Dragon" plus
    the 4 doubloons as a bonus." And "Luke could not have discarded "The Skull" map card
    to dig deeper because this card was in his hand."
    """
    game = make_game(2)
    state = game.setup(game.parse_position(LUKE), seed=3)
    skull, cave = map_card("The Skull 3").id, map_card("The Biting Cave 0").id
    assert UseBonus(skull) not in game.legal_actions(state)
    state = game.apply(state, UseBonus(cave))
    pair = UsePair(map_card("The Oasis 2").id, map_card("The Green Tree 2").id, Symbol.SHOVEL)
    state = game.apply(game.apply(state, pair), TakeTreasure(5))
    assert (treasure_card("Jade Dragon").id,) == state.treasures[1]
    assert (2, 6) == state.coins


# --- round trips -----------------------------------------------------------------------------

CONFIGURATIONS = [
    (2, {}),
    (3, {"hide_claimed_treasures": True}),
    (4, {"connectivity_at_end_of_action": True}),
    (3, {"shovel_without_play": True, "exact_bonus_cards": True, "max_turns": 60}),
]


def _states(game: MorgansMagicMap, seed: int, every: int) -> list[MorganState]:
    rng = random.Random(seed)
    state = game.new_game(seed)
    states = [state]
    while game.legal_actions(state):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        if len(state.history) % every == 0:
            states.append(state)
    return [*states, state]


def _assert_same_table(game: MorgansMagicMap, mine: MorganState, theirs: MorganState) -> None:
    for seat in range(game.players):
        expected = game.observe(theirs, seat)
        actual = attrs.evolve(game.observe(mine, seat), history=expected.history)
        assert expected == actual
    assert game.legal_actions(theirs) == game.legal_actions(mine)


@pytest.mark.parametrize(("players", "options"), CONFIGURATIONS)
def test_the_position_of_a_state_sets_it_up_again(
    make_game: Callable[..., MorgansMagicMap], players: int, options: dict[str, object]
) -> None:
    game = make_game(players, **options)
    for number, state in enumerate(_states(game, seed=players, every=97)):
        position = game.position(state)
        assert position == game.parse_position(str(position))
        again = game.setup(position, seed=number)
        assert position == game.position(again)
        assert game.observe(state, 0) == game.observe(again, 0)
        # Without its moves: the history starts from the table itself.
        table = game.setup(attrs.evolve(position, history=(), origin=None), seed=number)
        _assert_same_table(game, table, state)
        deal = state.phase is Phase.PLACE_PAWN and all(pawn is None for pawn in state.pawns)
        assert deal == (table.history.origin is None)


@pytest.mark.parametrize(("players", "options"), CONFIGURATIONS[:2])
def test_a_game_set_up_part_way_goes_on_and_round_trips(
    make_game: Callable[..., MorgansMagicMap], players: int, options: dict[str, object]
) -> None:
    game = make_game(players, **options)
    state = _states(game, seed=5, every=400)[1]
    table = game.setup(attrs.evolve(game.position(state), history=(), origin=None), seed=1)
    rng = random.Random(2)
    for _ in range(60):
        if game.legal_actions(table):
            table = game.apply(table, rng.choice(game.legal_actions(table)))
    game.check_state(table)
    assert table == boardgames.loads(boardgames.dumps(table))
    position = game.position(table)
    assert position.origin is not None
    assert position == game.parse_position(str(position))
    again = game.setup(position, seed=9)
    assert position == game.position(again)
    assert game.observe(table, 1) == game.observe(again, 1)


def test_the_deal_is_set_up_with_a_history_from_the_deal(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    game = make_game(3)
    state = game.new_game(4)
    again = game.setup(game.position(state), seed=8)
    assert again.history.origin is None
    assert game.observe(state, 2) == game.observe(again, 2)


def test_the_public_position_hides_hands_and_hidden_treasures(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    game = make_game(2, hide_claimed_treasures=True)
    state = _states(game, seed=1, every=300)[2]
    public = game.position(state).public()
    assert all(set(seat.hand) <= {None} for seat in public.seats)
    assert all(set(seat.treasures) <= {None} for seat in public.seats)
    assert all(
        len(seat.treasures) == len(taken)
        for seat, taken in zip(public.seats, state.treasures, strict=True)
    )


def test_the_notation_names_components_as_printed() -> None:
    position = MorganPosition(
        players=2,
        phase=Phase.MAP_SELECT_ROTATION,
        selected_tile=tile("The Oasis").id,
        selected_cell=(-1, 3),
        tiles=REFERENCE_LAYOUT,
        seats=(SeatPosition(hand=(map_card("The Tomb 2").id, None)), SeatPosition(coins=0)),
    )
    text = str(position)
    assert "decision select-rotation The Oasis at -1,3" in text
    assert "tile The Lighthouse at 1,0 turned 90" in text
    assert "seat 0 hand The Tomb 2, ?" in text
    assert "seat 1 coins 0" in text
    assert position == MorganPosition.parse(text)


def _map_lines(moved: dict[int, tuple[int, int]]) -> list[str]:
    """The reference layout's ``tile`` lines, some tiles at other cells (not turned)."""
    return [
        f"tile {TILES[number]} at {x},{y} turned {rotation * 90}"
        for number, (x, y, rotation) in enumerate(REFERENCE_LAYOUT)
        for x, y in [moved.get(number, (x, y))]
    ]


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "token", "line", "column"),
    [
        ("morgans-magic-map players 5", "5", 1, 27),
        ("morgans-magic-map players 2 fast", "fast", 1, 29),
        ("morgans-magic-map players 2\nseat 0 hand The Tomb 2, The Tmob 1", "The Tmob 1", 2, 25),
        ("morgans-magic-map players 2\nseat 0 hand The Tomb 2,, ?", "2,,", 2, 22),
        ("morgans-magic-map players 2\nturn 3\nturn 4", "turn", 3, 1),
        ("morgans-magic-map players 2\ndecision dig", "dig", 2, 10),
        ("morgans-magic-map players 2\ntile Jungle at 1,2 turned 45", "45", 2, 27),
        ("morgans-magic-map players 2\ntile Jungle at 1,2 turned 90", "tile", 2, 1),
        ("morgans-magic-map players 2\nseat 1 hand-groups 1 x", "x", 2, 22),
        ("morgans-magic-map players 2\nmoves 0p1 2p0", "2p0", 2, 11),
        ("morgans-magic-map players 2\nseat 0 pawn", "", 2, 12),
        ("morgans-magic-map players 2\ncoins 3", "coins", 2, 1),
    ],
)
def test_a_parse_error_names_its_token_line_and_column(
    text: str, token: str, line: int, column: int
) -> None:
    with pytest.raises(NotationError) as caught:
        MorganPosition.parse(text)
    assert (token, line, column) == (caught.value.token, caught.value.line, caught.value.column)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seat 0 hand The Tomb 2\nseat 1 played The Tomb 2", "in two places"),
        ("seat 0 hand ?, ?, ?, ?, ?", "a hand has at most 4"),
        ("to-move 1", "turn 1 belongs to seat 0, not 1"),
        ("seat 0 hand-groups 2 2", "must count the cards of each of the 1 groups"),
        ("discard The Tomb 2\nreshuffled The Oasis 1", "only the last group's cards"),
        ("board Rose Quartz\nseat 1 treasures Rose Quartz", "in two places"),
        ("\n".join(_map_lines({0: (9, 9)})), "the island map is split into parts"),
    ],
)
def test_setup_names_the_fact_that_cannot_hold(
    make_game: Callable[..., MorgansMagicMap], text: str, message: str
) -> None:
    game = make_game(2)
    position = game.parse_position("morgans-magic-map players 2\n" + text)
    with pytest.raises(ConfigurationError, match="the position cannot be set up: .*" + message):
        game.setup(position)


def test_setup_refuses_a_position_of_another_game(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    with pytest.raises(ConfigurationError, match="the position is for 3 players"):
        make_game(2).setup(MorganPosition(players=3))
    with pytest.raises(ConfigurationError, match="expected a MorganPosition"):
        make_game(2).setup("morgans-magic-map players 2")  # type: ignore[arg-type]
    hidden = MorganPosition(players=2, variant=Variant(hide_claimed_treasures=True))
    with pytest.raises(ConfigurationError, match=r"hide_claimed_treasures=True.*; this game"):
        make_game(2).setup(hidden)


def test_setup_refuses_moves_that_do_not_lead_to_the_table(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    game = make_game(2)
    state = _states(game, seed=3, every=200)[1]
    position = game.position(state)
    cut = attrs.evolve(position, history=position.history[1:])
    with pytest.raises(ConfigurationError, match="the position cannot be set up: history"):
        game.setup(cut)


def test_json_keeps_the_origin_and_refuses_a_false_one(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    game = make_game(2)
    state = game.setup(game.parse_position(LUKE), seed=3)
    state = game.apply(state, TakeTreasure(3))
    assert state.history.origin is not None
    observation = game.observe(state, 0)
    assert observation == boardgames.loads(boardgames.dumps(observation))
    text = boardgames.dumps(state)
    assert '"origin":"morgans-magic-map players 2' in text
    false = text.replace("cards-played 3", "cards-played 1")
    with pytest.raises(boardgames.SerializationError, match="history entry 0"):
        boardgames.loads(false)

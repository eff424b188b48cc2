"""Positions: set up from text, read off any state, and played on from there."""

from __future__ import annotations

import random

import attrs
import pytest

import boardgames
from boardgames import ConfigurationError, NotationError
from boardgames.games.magellan_elcano import (
    MagellanElcano,
    MagellanPosition,
    MagellanState,
    SeatPosition,
)
from boardgames.games.magellan_elcano.components import crew_card

CONFIGURATIONS = [(2, False), (3, False), (4, False), (4, True), (5, True)]


def played(game: MagellanElcano, seed: int, every: int = 7) -> list[MagellanState]:
    """Every ``every``-th state of a random game, and its last."""
    state, chooser, states = game.new_game(seed), random.Random(seed), []
    while not game.is_terminal(state):
        if len(state.history) % every == 0:
            states.append(state)
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    return [*states, state]


@pytest.mark.parametrize(("players", "storms"), CONFIGURATIONS)
def test_the_position_of_a_state_sets_it_up_again(players: int, storms: bool) -> None:
    game = MagellanElcano(players=players, storm_variant=storms and players == 4)
    for state in played(game, seed=players):
        position = game.position(state)
        assert MagellanPosition.parse(str(position)) == position
        again = game.setup(position, seed=99)
        assert game.position(again) == position
        assert game.legal_actions(again) == game.legal_actions(state)
        for seat in range(players):
            assert game.observe(again, seat) == game.observe(state, seat)


@pytest.mark.parametrize(("players", "storms"), CONFIGURATIONS)
def test_a_table_set_up_part_way_plays_on_and_round_trips(players: int, storms: bool) -> None:
    """Without its moves, a position starts a history of its own (``History.origin``)."""
    game = MagellanElcano(players=players, storm_variant=storms and players == 4)
    for state in played(game, seed=10 + players, every=17)[1:-1]:
        table = attrs.evolve(game.position(state), history=())
        later = game.setup(table, seed=3)
        assert later.history.origin is not None
        for seat in range(players):
            assert attrs.evolve(game.observe(later, seat), history=state.history) == (
                game.observe(state, seat)
            )
        chooser = random.Random(players)
        for _ in range(15):
            if game.is_terminal(later):
                break
            later = game.apply(later, chooser.choice(game.legal_actions(later)))
            game.check_state(later)
            assert boardgames.loads(boardgames.dumps(later)) == later
            position = game.position(later)
            assert position.origin is not None
            assert MagellanPosition.parse(str(position)) == position
            again = game.setup(position, seed=5)
            assert game.observe(again, 0) == game.observe(later, 0)
            mover = game.current_player(later)
            if mover is not None:
                observation = game.observe(later, mover)
                assert boardgames.loads(boardgames.dumps(observation)) == observation
                sample = game.sample_state(observation, seed=len(later.history))
                game.check_state(sample)
                assert game.observe(sample, mover) == observation


def test_the_deal_sets_up_without_an_origin() -> None:
    game = MagellanElcano(players=3)
    state = game.new_game(4)
    assert game.setup(game.position(state), seed=8).history.origin is None


def test_what_a_position_leaves_out_is_drawn_from_the_seed() -> None:
    """In round 3 a captain has drawn 5 + 2 + 2 cards: the hand holds what is not on the table."""
    game = MagellanElcano(players=2)
    text = "magellan-elcano players 2\nround 3\nto-move 1\nseat 0 hand G7\nseat 0 red R2/B3"
    first, second = (game.setup(MagellanPosition.parse(text), seed) for seed in (1, 2))
    assert len(first.crews[0].hand) == 8
    assert crew_card_id("G7") in first.crews[0].hand
    assert len(first.crews[0].deck) == 6
    assert [len(pile) for pile in first.ocean_piles] == [3, 3, 3]
    assert first.crews != second.crews
    public = game.position(second).public()
    assert attrs.evolve(game.position(first).public(), ocean_piles=public.ocean_piles) == public


def crew_card_id(name: str) -> int:
    return crew_card(name).id


@pytest.mark.parametrize(
    ("text", "token", "line", "column", "message"),
    [
        ("chess players 2", "chess", 1, 1, "expected the game's name 'magellan-elcano'"),
        ("magellan-elcano players 7", "7", 1, 25, r"number of players \(2 to 5\)"),
        ("magellan-elcano players 2\nround 9", "9", 2, 7, r"the round \(1 to 6\)"),
        ("magellan-elcano players 2\nseat 0 hand R2/B3 R9", "R9", 2, 19, "a crew card"),
        ("magellan-elcano players 2\nseat 2 hand G7", "2", 2, 6, r"a seat \(0 to 1\)"),
        ("magellan-elcano players 2\nseat 0 pocket G7", "pocket", 2, 8, "expected one of"),
        ("magellan-elcano players 2\nround 2\nround 3", "round", 3, 1, "given twice"),
        ("magellan-elcano players 2\nseat 1 won 3", "3", 2, 12, "expected a colour"),
        ("magellan-elcano players 2\nocean red 8", "8", 2, 11, r"value \(2, 3, 4, 5, 6, 7\)"),
        ("magellan-elcano players 2\nmoves 0:R7@pink", "0:R7@pink", 2, 7, "CARD@COLOUR"),
        ("magellan-elcano players 2\nseat 0 known R7=pocket", "R7=pocket", 2, 14, "places"),
        ("magellan-elcano players 2\nround", "", 2, 6, "found the end of the line"),
        ("magellan-elcano players 2 # c\nfirst 0 1", "1", 2, 9, "unexpected '1'"),
    ],
)
def test_a_text_that_is_no_position_is_refused_at_its_token(
    text: str, token: str, line: int, column: int, message: str
) -> None:
    with pytest.raises(NotationError, match=message) as caught:
        MagellanPosition.parse(text)
    assert (caught.value.token, caught.value.line, caught.value.column) == (token, line, column)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("to-move 1\nseat 0 hand G7\nseat 0 red G7", "G7 is in two places: his hand and his red"),
        ("round 6\nto-move 1\nseat 0 hand-size 15\nseat 0 red R7", "more than the 15 he has drawn"),
        ("seat 0 known G7=hand", "known card G7 must be placed"),
        ("first 0\nto-move 0\nseat 1 red R7", "seat 1 has played 1 cards this round"),
        ("seat 0 won red 2\nseat 1 won red 2", "the red 2 ocean card is shown twice"),
        ("round 2\nseat 0 won red 2 3 4", "3 red ocean cards are won by round 2"),
        ("seat 0 hand R1/B4 R2/B3 R3/B5 R6/B2 B1/G4 B2/G3", "cannot hold the 6 named in it"),
    ],
)
def test_a_position_that_cannot_hold_names_the_first_fact(text: str, message: str) -> None:
    game = MagellanElcano(players=2)
    position = MagellanPosition.parse(f"magellan-elcano players 2\n{text}")
    with pytest.raises(ConfigurationError, match=message):
        game.setup(position, seed=0)


def test_a_position_of_another_game_or_no_position_is_refused() -> None:
    game = MagellanElcano(players=2)
    with pytest.raises(ConfigurationError, match="the position is for 3 players"):
        game.setup(MagellanPosition(players=3), seed=0)
    with pytest.raises(ConfigurationError, match=r"expected a MagellanPosition .*got a str"):
        game.setup("magellan-elcano players 2", seed=0)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match=r"4 players with storms; this game has 4 .*out"):
        MagellanElcano(players=4).setup(MagellanPosition(players=4, storms=True))
    with pytest.raises(ConfigurationError, match="seed"):
        game.setup(MagellanPosition(players=2), seed="1")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="storm cards are shown"):
        game.setup(MagellanPosition(players=2, storm_pile=(2,)), seed=0)


def test_positions_are_values_with_defaults() -> None:
    position = MagellanPosition(players=3, round=2, first_player=1)
    assert position.to_move == 1
    assert position.seats == (SeatPosition(),) * 3
    assert not position.storms
    assert MagellanPosition(players=5).storms
    assert SeatPosition(face_down=(None, 3, 1)).face_down == (1, 3, None)
    assert MagellanPosition.parse(str(position)) == position

"""Positions: set up a table from its text, read a state's position, and their round trips."""

from __future__ import annotations

import random

import attrs
import pytest

from boardgames import ConfigurationError, NotationError
from boardgames.games.kincses_sziget import KincsesPosition, KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import DrawEvent, EventDrawn, Move, Showed
from boardgames.games.kincses_sziget.components import crew_card
from boardgames.games.kincses_sziget.position import _ACTION_CLASSES, _FIELD_KINDS, _TASK_CLASSES
from boardgames.games.kincses_sziget.state import CrewSourceStep


def test_tim_cook_with_the_gambling_game_puts_down_a_black_mutiny_of_23() -> None:
    """The rulebook's example: Tim Cook with the gambling game shows black 26, and wins.

    "Playing Tim Cook with a weapon card depicting a gambling game raises his black
    (influence) value from 11 to 26"; "a player wins if they can show crew cards ... whose
    combined value ... reaches or exceeds the value of the mutiny card. If the player wins,
    the reward is one more crew card."
    """
    game = KincsesSziget(players=2)
    text = """kincses-sziget players 2
        seat 0 at 1
        seat 0 hand Tim Cook, gambling game, Black Bart, Calico Jack
        event-pile 0 22 0=black mutiny 23
        known event-top 0 0"""
    state = game.apply(game.apply(game.setup(game.parse_position(text), 3), Move(1)), DrawEvent(0))
    tim_cook, gambling_game = crew_card("Tim Cook").id, crew_card("gambling game").id
    assert (0, Showed((tim_cook, gambling_game))) == state.history[-1]
    assert (CrewSourceStep(0, 1),) == state.tasks


def _states(players: int, seed: int, every: int = 9) -> list[KincsesState]:
    game = KincsesSziget(players=players, reveal_shown_cards=seed % 2 == 0)
    state = game.new_game(seed=seed)
    chooser = random.Random(seed)
    states = []
    for step in range(300):
        if game.is_terminal(state):
            break
        if step % every == 0:
            states.append(state)
        state = game.apply(state, chooser.choice(list(game.legal_actions(state))))
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_positions_of_states_reached_by_play_round_trip(players: int) -> None:
    game = KincsesSziget(players=players, reveal_shown_cards=players != 3)
    for state in _states(players, seed=players):
        position = game.position(state)
        assert position == game.parse_position(str(position))
        again = game.setup(position, seed=11)
        game.check_state(again)
        assert position == game.position(again)
        for seat in range(players):
            assert game.observe(state, seat) == game.observe(again, seat)
        assert list(game.legal_actions(state)) == list(game.legal_actions(again))


@pytest.mark.parametrize("players", [2, 4])
def test_a_table_set_up_part_way_through_goes_on_from_its_origin(players: int) -> None:
    game = KincsesSziget(players=players)
    for state in _states(players, seed=20 + players, every=13):
        position = attrs.evolve(game.position(state), history=(), origin=None)
        again = game.setup(position, seed=5)
        origin = again.history.origin
        assert origin is None or position.public() == KincsesPosition.parse(origin)
        for seat in range(players):
            mine, theirs = game.observe(again, seat), game.observe(state, seat)
            assert theirs == attrs.evolve(mine, history=theirs.history)
        if not game.is_terminal(again):
            after = game.apply(again, game.legal_actions(again)[0])
            game.check_state(after)
            assert game.position(after) == game.parse_position(str(game.position(after)))


def test_the_default_position_is_the_first_seat_s_turn_with_everything_drawn() -> None:
    game = KincsesSziget(players=3)
    state = game.setup(KincsesPosition(players=3), seed=2)
    assert (0, 1, 4) == (game.current_player(state), state.turn, len(state.hands[2]))
    assert game.setup(KincsesPosition(players=3), seed=2) == state


def test_moves_name_their_cards_in_one_word() -> None:
    position = KincsesPosition.parse(
        "kincses-sziget players 2\nmove 0 Move steps=1\n"
        "move 0 EventDrawn pile=0 card=black_mutiny_23"
    )
    assert ((0, Move(1)), (0, EventDrawn(0, 32))) == position.history


def test_every_field_of_a_task_or_move_that_names_cards_is_written_by_name() -> None:
    kinds = {"CardId": "crew", "EventId": "event", "TreasureId": "treasure"}
    found = {
        (name, field): kinds[annotation.removeprefix("tuple[").removesuffix(", ...]")]
        for classes in (_TASK_CLASSES, _ACTION_CLASSES)
        for name, cls in classes.items()
        for field, annotation in cls.__annotations__.items()
        if annotation.removeprefix("tuple[").removesuffix(", ...]") in kinds
    }
    assert found == _FIELD_KINDS


def test_identical_event_cards_are_written_by_their_one_name() -> None:
    """Rulebook: "The deck contains 4 intrigue cards in total.".

    Identical copies share a name and an id in play. Two intrigues on the board are both
    ``intrigue`` (id 26); a fifth is refused at setup, and who knows a pile's top is written
    by the pile's number.
    """
    text = """kincses-sziget players 2
        space 4 event intrigue
        space 6 event intrigue
        event-pile 0 20
        event-pile 1 21 0=intrigue
        known event-top 1 1"""
    position = KincsesPosition.parse(text)
    assert (26, 26) == (position.board_events[4], position.board_events[6])
    assert ((1, 0, 26),) == position.event_piles
    assert (("event-top", 1, 2),) == position.knowledge
    assert "space 6 event intrigue" in str(position)
    assert "known event-top 1 1" in str(position)
    assert KincsesPosition.parse(str(position)) == position
    game = KincsesSziget(players=2)
    state = game.setup(position, seed=1)
    assert (0, 2, 0) == state.event_tops_known
    assert ((1, 0, 26),) == game.observe(state, 1).event_pile_known
    assert () == game.observe(state, 0).event_pile_known
    crowded = text + "\n        event-discard intrigue, intrigue"
    with pytest.raises(ConfigurationError, match=r"event card 26 is in 5 places .* 4 copies"):
        game.setup(KincsesPosition.parse(crowded), seed=1)


@pytest.mark.parametrize(
    ("text", "token", "line", "column"),
    [
        ("kincses-sziget players 5", "5", 1, 24),
        ("magellan players 2", "magellan", 1, 1),
        ("kincses-sziget players 2\nseat 0 hand Tim Cook, Jack Sparrow", "Jack Sparrow", 2, 23),
        ("kincses-sziget players 2\nseat 2 at 4", "2", 2, 6),
        ("kincses-sziget players 2\nseat 0 sails 4", "sails", 2, 8),
        ("kincses-sziget players 2\nround 2\nround 3", "round", 3, 1),
        ("kincses-sziget players 2\ncrew-pile top=Tim Cook", "top=Tim Cook", 2, 11),
        ("kincses-sziget players 2\nknown crew 0+5 Tim Cook", "0+5", 2, 12),
        ("kincses-sziget players 2\ntask TurnStep seat=0", "seat=0", 2, 15),
        ("kincses-sziget players 2\nmove 0 Fly steps=1", "Fly", 2, 8),
        ("kincses-sziget players 2\nmove 0 Showed cards=Jack_Sparrow", "cards=Jack_Sparrow", 2, 15),
        ("kincses-sziget players 2\nspace 4 event intrigue*2", "intrigue*2", 2, 15),
        ("kincses-sziget players 2\nknown event-top 0 3", "3", 2, 19),
    ],
)
def test_parse_errors_name_the_token_its_line_and_its_column(
    text: str, token: str, line: int, column: int
) -> None:
    with pytest.raises(NotationError) as caught:
        KincsesPosition.parse(text)
    assert (token, line, column) == (caught.value.token, caught.value.line, caught.value.column)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seat 0 hand Tim Cook\nseat 1 hand Tim Cook", "crew card 40 is in two places"),
        ("crew-pile 70=Tim Cook", "has no place 70"),
        ("event-pile 0 3", "the event piles hold"),
        ("seat 0 hand Tim Cook, gambling game\nseat 0 commit Black Bart", "not in his hand"),
        ("turn 2", "turn 2 is turn 1 of round 1"),
    ],
)
def test_setup_names_the_first_fact_that_cannot_hold(text: str, message: str) -> None:
    game = KincsesSziget(players=2)
    with pytest.raises(ConfigurationError, match=message):
        game.setup(game.parse_position("kincses-sziget players 2\n" + text))


def test_setup_refuses_a_position_of_another_player_count() -> None:
    with pytest.raises(ConfigurationError, match="for 3 players; this game has 2"):
        KincsesSziget(players=2).setup(KincsesPosition(players=3))

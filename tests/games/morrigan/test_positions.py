"""Positions of Morrigan: the notation, its round trips, setup and its errors."""

from __future__ import annotations

import random

import attrs
import pytest

from boardgames import ConfigurationError, NotationError
from boardgames._position_checks import check_positions
from boardgames.games.morrigan import (
    AddAction,
    Commit,
    Effect,
    Fight,
    Morrigan,
    MorriganPosition,
    Phase,
)
from boardgames.games.morrigan.components import CARD_KINDS, CardKind

TABLE = """
morrigan players 3
turn 6
active 1
phase action
discard Action 1, Curse
adversary Adversary 4 under ? by 2 on-play
seat 1 hand 2 Action 3, Territory 5, 4 ?
seat 2 territory Territory 3 under Action 2 seen, ?
seat 2 won Ordeal 2
"""


def test_losing_a_combat_leaves_the_reinforcements_known_to_all() -> None:
    """A lost fight discards only the attacker's cards; the defence is known to all.

    "If the player's attack strength is less than or equal to the Adversary's defence
    value, the player loses the combat. Only the cards placed by the player are discarded.
    The reinforcement cards remain in play [...] its current defence value is now known to
    all." (Fight an Adversary)
    """
    game = Morrigan(players=3)
    text = "morrigan players 3\nadversary Adversary 3 under Action 2 by 1\nseat 0 hand Action 4"
    state = game.setup(game.parse_position(text), seed=3)
    for action in (Fight(state.adversaries[0].card), AddAction(4), Commit()):
        state = game.apply(state, action)
    after = game.position(state).public()
    assert "adversary Adversary 3 under Action 2 by 1 seen" in str(after).splitlines()
    assert [CardKind.ACTION_4] == [CARD_KINDS[card] for card in after.discard_pile]


def test_a_written_table_reads_back_as_written() -> None:
    position = MorriganPosition.parse(TABLE)
    assert TABLE.strip() == str(position)
    assert position == MorriganPosition.parse(str(position))
    assert 1 == position.to_move


def test_the_default_position_is_a_deal() -> None:
    game = Morrigan(players=4)
    state = game.setup(MorriganPosition(players=4), seed=5)
    assert [7, 5, 5, 5] == [len(hand) for hand in state.hands]
    assert state.history.origin is None
    game.check_state(state)


def test_a_table_set_up_part_way_through_starts_its_history_there() -> None:
    game = Morrigan(players=3)
    state = game.setup(MorriganPosition.parse(TABLE), seed=2)
    assert str(game.position(state).public()) == state.history.origin
    assert "seat 0 hand 5 ?" in state.history.origin.splitlines()
    failures: list[str] = []

    def expect(ok: bool, why: str) -> None:
        if not ok:
            failures.append(why)

    rng = random.Random(1)
    for _ in range(60):
        if state.phase is Phase.GAME_OVER:
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        game.check_state(state)
        if len(state.history) % 5 == 0:
            check_positions(game, state, len(state.history), expect)
    assert [] == failures
    assert state.history.origin is not None
    assert len(state.history) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_positions_of_played_states_round_trip(players: int) -> None:
    game = Morrigan(players=players, ally_top_only=players == 4, wide_curse=players == 5)
    failures: list[str] = []

    def expect(ok: bool, why: str) -> None:
        if not ok:
            failures.append(why)

    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_game(seed)
        for step in range(160):
            if step % 9 == 0:
                check_positions(game, state, step, expect)
            if state.phase is Phase.GAME_OVER:
                break
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert [] == failures


@pytest.mark.parametrize("seed", [11, 12])
def test_a_finished_game_sets_up_without_its_moves(seed: int) -> None:
    """The table at the end of a game, set up from its text alone, is a finished game."""
    game = Morrigan(players=2, max_turns=40)
    state, rng = game.new_game(seed), random.Random(seed)
    while state.phase is not Phase.GAME_OVER:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    table = attrs.evolve(game.position(state), history=(), origin=None)
    finished = game.setup(table, seed=1)
    assert game.is_terminal(finished)
    assert game.score(finished) == game.score(state)
    assert attrs.evolve(game.observe(finished, 0), history=state.history) == game.observe(state, 0)


@pytest.mark.parametrize(
    ("text", "token", "line", "column"),
    [
        ("morrigan players 6", "6", 1, 18),
        ("morrigan players 3\nseat 1 hand Action 7", "Action", 2, 13),
        ("morrigan players 3\nphase lunch", "lunch", 2, 7),
        ("morrigan players 3\ndiscard Action 1@40", "Action", 2, 9),
        ("morrigan players 3\nadversary Adversary 2 under ?", "?", 2, 29),
        ("morrigan players 3\nseat 0 hand Curse@96", "Curse@96", 2, 13),
        ("morrigan players 3\nmoves 1 0:dance", "0:dance", 2, 9),
        ("morrigan players 3\nturn 2\nturn 3", "turn", 3, 1),
        ("morrigan players 3\ndiscard 2 Curse@96", "Curse@96", 2, 11),
        ("morrigan players 3\ndiscard 2 Ordeal 1\nseat 2 won Ordeal 1", "Ordeal", 3, 12),
    ],
)
def test_parse_errors_name_the_token_line_and_column(
    text: str, token: str, line: int, column: int
) -> None:
    with pytest.raises(NotationError) as caught:
        MorriganPosition.parse(text)
    assert (token, line, column) == (caught.value.token, caught.value.line, caught.value.column)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("morrigan players 3\nseat 1 hand 6 ?", "holds 6 cards out of his turn"),
        ("morrigan players 3\nphase attack", "attack must be set exactly"),
        ("morrigan players 3\nseat 2 clue hand:1 = Curse\nseat 1 hand Action 1", "contradict"),
        ("morrigan players 3\nturn 900", "turn 900 is not a turn"),
    ],
)
def test_setup_errors_name_the_fact_that_cannot_hold(text: str, message: str) -> None:
    game = Morrigan(players=3)
    with pytest.raises(ConfigurationError, match=message):
        game.setup(game.parse_position(text), seed=0)


def test_setup_refuses_a_card_in_two_places() -> None:
    position = MorriganPosition(players=3, discard_pile=(96,), adversaries=())
    position = attrs.evolve(position, effects=(Effect(96, 0),))
    with pytest.raises(ConfigurationError, match="Curse#96 is in two places: the discard"):
        Morrigan(players=3).setup(position)


def test_setup_refuses_a_position_of_another_player_count() -> None:
    with pytest.raises(ConfigurationError, match="for 4 players"):
        Morrigan(players=3).setup(MorriganPosition(players=4))

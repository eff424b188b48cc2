"""Invariants of whole random games, checked with Hypothesis."""

from __future__ import annotations

import random
import typing
from collections.abc import Callable

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.games.morrigan import Morrigan, MorriganState, Phase
from boardgames.games.morrigan._clue_log import Event, PendingClues
from boardgames.games.morrigan._table import Table
from boardgames.games.morrigan.state import stored_clues

CONFIGURATIONS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (3, {"wide_curse": True}),
    (4, {"lone_bluff_wins": False}),
    (5, {"ally_top_only": True}),
]


@settings(max_examples=12, deadline=None)
@given(configuration=st.sampled_from(CONFIGURATIONS), rng=st.randoms(use_true_random=False))
def test_every_state_of_a_random_game_is_valid_and_apply_is_pure(
    make_game: Callable[..., Morrigan],
    configuration: tuple[int, dict[str, bool]],
    rng: random.Random,
) -> None:
    """check_state holds after every apply, and apply never changes its input.

    Rulebook: every card is somewhere (deck, hands, table, discard pile); the protocol:
    ``apply`` is pure.
    """
    players, options = configuration
    game = make_game(players, **options)
    state = game.new_game(rng.randrange(2**32))
    game.check_state(state)
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        assert legal
        before = boardgames.dumps(state) if rng.random() < 0.05 else None
        after = game.apply(state, legal[rng.randrange(len(legal))])
        if before is not None:
            assert before == boardgames.dumps(state)
        game.check_state(after)
        state = after
    assert (state.winner is not None) != state.truncated


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4, 5]))
def test_games_between_bots_always_end(
    make_game: Callable[..., Morrigan], seed: int, players: int
) -> None:
    """A game between random bots ends, by a won duel or by the turn limit.

    Ruling A-MOR-23: nobody may reach or defend 15 prestige, so ``max_turns`` ends a game.
    """
    game = make_game(players)
    record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
    assert record.terminal
    assert record.truncated or 1.0 in record.scores


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), limit=st.integers(1, 12))
def test_a_short_turn_limit_truncates_random_games(
    make_game: Callable[..., Morrigan], seed: int, limit: int
) -> None:
    """With ``max_turns`` a game never plays more turns than allowed.

    Ruling A-MOR-23 (the turn limit).
    """
    game = make_game(4, max_turns=limit)
    record = boardgames.play(game, [boardgames.RandomBot()] * 4, seed=seed)
    final = list(boardgames.replay(record))[-1]
    assert final.turn <= limit
    assert record.truncated == (final.winner is None)


@settings(max_examples=6, deadline=None)
@given(players=st.sampled_from([2, 3, 4, 5]), rng=st.randoms(use_true_random=False))
def test_a_move_shares_the_history_and_every_unchanged_part(
    make_game: Callable[..., Morrigan], players: int, rng: random.Random
) -> None:
    """Each state shares its history and the parts a move did not change with the state before.

    Transitions build new values; unchanged parts are shared, not copied
    (docs/explanation/design.md); the
    observation and a sampled state hand on the very history object of the state. A move
    that ends a turn, or a duel declaration, runs several steps, and a part changed and
    changed back by them may be an equal copy; every other move is checked part by part.
    """
    game = make_game(players)
    state = game.new_game(rng.randrange(2**32))
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        after = game.apply(state, legal[rng.randrange(len(legal))])
        assert isinstance(after.history, boardgames.History)
        assert len(state.history) + 1 == len(after.history)
        assert all(old is new for old, new in zip(state.history, after.history, strict=False))
        if after.turn == state.turn and state.phase is not Phase.TURN_START:
            for name in ("hands", "territories", "won", "clues"):
                for old, new in zip(getattr(state, name), getattr(after, name), strict=True):
                    assert old is new or old != new, f"{name} was rebuilt unchanged"
            for name in ("draw_pile", "adversaries", "effects", "floors"):
                old, new = getattr(state, name), getattr(after, name)
                assert old is new or old != new, f"{name} was rebuilt unchanged"
        observation = game.observe(after, game.current_player(after) or 0)
        assert after.history is observation.history
        assert after.history is game.sample_state(observation, 0).history
        state = after
    loaded = boardgames.loads(boardgames.dumps(state))
    assert isinstance(loaded.history, boardgames.History)
    assert tuple(state.history) == tuple(loaded.history)


def test_the_working_table_mirrors_every_field_of_the_state(
    make_game: Callable[..., Morrigan],
) -> None:
    """``Table`` declares each field of ``MorriganState`` with its type, and nothing else.

    The table is the mutable mirror of a state that one transition edits (its only extra
    fields: ``clue_events`` records the move's clue events, folded when the next state's
    clues are read, and ``public`` the mask of the cards in view; ``clues`` may hold the
    events still to fold): a field added to the state but not to the table would be
    dropped, or fail, on the next move.
    """
    state_types = typing.get_type_hints(MorriganState)
    table_types = typing.get_type_hints(Table)
    assert table_types.pop("clue_events") == list[Event]
    assert table_types.pop("public") == tuple[int, ...] | None
    assert table_types["clues"] == state_types["clues"] | PendingClues
    table_types["clues"] = state_types["clues"]
    assert [field.name for field in attrs.fields(MorriganState)] == list(table_types)
    assert state_types == table_types
    assert sorted([*state_types, "clue_events", "public"]) == sorted(Table.__slots__)
    state = make_game(3).new_game(5)
    assert state == Table(state).freeze()


def _random_game(game: Morrigan, seed: int) -> list[MorriganState]:
    state = game.new_game(seed)
    choices = random.Random(seed)
    states = [state]
    while game.current_player(state) is not None:
        legal = game.legal_actions(state)
        state = game.apply(state, legal[choices.randrange(len(legal))])
        states.append(state)
    return states


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([2, 3, 4, 5]), seed=st.integers(0, 10_000), order=st.randoms())
def test_clues_worked_out_when_read_do_not_depend_on_the_order_of_reading(
    make_game: Callable[..., Morrigan], players: int, seed: int, order: random.Random
) -> None:
    """Clues are folded from each move's events when first read, in any order, per seat.

    The same game played twice gives the same clues whether each state's clues are read
    all at once, state after state, or one seat at a time by observations in a random
    order of states; and they agree with the state (``check_state``).
    """
    game = make_game(players)
    forward = _random_game(game, seed)
    scrambled = _random_game(game, seed)
    expected = [state.clues for state in forward]
    indices = list(range(len(scrambled)))
    order.shuffle(indices)
    seen = {index: list(range(players)) for index in indices}
    for index in indices:
        order.shuffle(seen[index])
        for seat in seen[index]:
            assert game.observe(scrambled[index], seat).clues == expected[index][seat]
    for index, state in enumerate(scrambled):
        assert state.clues == expected[index]
    for state in forward[:: max(1, len(forward) // 8)]:
        game.check_state(state)


def test_a_move_records_clue_events_instead_of_working_them_out(
    make_game: Callable[..., Morrigan],
) -> None:
    """Once clues exist, ``apply`` leaves them pending until read; reading keeps the result."""
    game = make_game(3)
    for seed in range(40):
        states = _random_game(game, seed)
        pending = [state for state in states if type(stored_clues(state)) is PendingClues]
        if pending:
            break
    else:
        raise AssertionError("no random game gave clues")
    state = pending[-1]
    clues = state.clues
    assert type(stored_clues(state)) is tuple
    assert state.clues is clues

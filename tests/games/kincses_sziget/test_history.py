"""The public history: one shared, persistent :class:`boardgames.History` per game.

Each move extends the history of the state before it with ``History.append``; observations
and sampled states hold the very same object, and JSON writes it as a plain list.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import attrs
import pytest

import boardgames
from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import Move


def play(game: KincsesSziget, seed: int, decisions: int) -> list[KincsesState]:
    """Return the states of the first ``decisions`` random decisions of a game."""
    rng = random.Random(seed)
    states = [game.new_game(seed)]
    while len(states) <= decisions and not game.is_terminal(states[-1]):
        state = states[-1]
        states.append(game.apply(state, rng.choice(game.legal_actions(state))))
    return states


@pytest.mark.parametrize("players", [2, 4])
def test_each_move_extends_the_history_and_leaves_the_earlier_one_unchanged(
    make_game: Callable[..., KincsesSziget], players: int
) -> None:
    """A state's history is a History; the next state's starts with all of it."""
    game = make_game(players)
    states = play(game, seed=11, decisions=80)
    copies = [tuple(state.history) for state in states]
    for after, copy in zip(states[1:], copies, strict=False):
        assert isinstance(after.history, boardgames.History)
        assert copy == tuple(after.history)[: len(copy)]
        assert len(copy) <= len(after.history)
    assert copies == [tuple(state.history) for state in states]  # nothing was modified


def test_observations_and_samples_share_the_state_history(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """``observe`` passes the state's history object on, and ``sample_state`` keeps it."""
    game = make_game(3)
    state = play(game, seed=4, decisions=60)[-1]
    for seat in range(3):
        observation = game.observe(state, seat)
        assert observation.history is state.history
        assert game.sample_state(observation, seed=seat).history is state.history


def test_json_writes_the_history_as_a_list_of_seat_and_entry(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """The history is a JSON list of ``[seat, entry]`` pairs and reads back as a History."""
    game = make_game(2)
    state = play(game, seed=2, decisions=40)[-1]
    text = boardgames.dumps(state)
    data = json.loads(text)["data"]["history"]
    assert len(state.history) == len(data)
    assert all(isinstance(item, list) and len(item) == 2 for item in data)
    loaded = boardgames.loads(text)
    assert isinstance(loaded.history, boardgames.History)
    assert state.history == loaded.history


def test_a_format_1_document_reads_the_same(make_game: Callable[..., KincsesSziget]) -> None:
    """Format 1 wrote this game's history as the same list, so it loads unchanged."""
    game = make_game(2)
    state = play(game, seed=3, decisions=30)[-1]
    document = json.loads(boardgames.dumps(state))
    document["format"] = 1
    assert state == boardgames.loads(json.dumps(document))


def test_check_state_refuses_a_history_that_is_not_a_history(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """A tuple in place of the History is refused, as is an entry naming no seat."""
    game = make_game(2)
    state = play(game, seed=5, decisions=20)[-1]
    with pytest.raises(boardgames.InvalidStateError, match="must be a History"):
        game.check_state(attrs.evolve(state, history=tuple(state.history)))  # type: ignore[arg-type]
    with pytest.raises(boardgames.InvalidStateError, match="names no seat"):
        game.check_state(attrs.evolve(state, history=state.history.append((7, Move(1)))))

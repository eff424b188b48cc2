"""How the rules build states, and what a state keeps besides its fields.

Each move builds its state with a trusted constructor (the fields stored straight into their
slots) and the JSON reader builds most history entries the same way: the values must be the
ones the attrs constructors build. A state keeps its listed legal actions in a private slot
that is no field: equality, hashing, ``attrs.evolve``, pickling and JSON ignore it.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from typing import Any, get_args, get_type_hints

import attrs
import pytest

import boardgames
from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import PublicAction
from boardgames.games.kincses_sziget.state import _new_state


def play(game: KincsesSziget, seed: int, decisions: int) -> list[KincsesState]:
    """Return the states of the first ``decisions`` random decisions of a game."""
    rng = random.Random(seed)
    states = [game.new_game(seed)]
    while len(states) <= decisions and not game.is_terminal(states[-1]):
        state = states[-1]
        states.append(game.apply(state, rng.choice(game.legal_actions(state))))
    return states


def fields_of(state: KincsesState) -> list[Any]:
    return [getattr(state, field.name) for field in attrs.fields(KincsesState)]


@pytest.mark.parametrize("players", [2, 4])
def test_the_trusted_constructor_builds_the_same_values_as_attrs(
    make_game: Callable[..., KincsesSziget], players: int
) -> None:
    game = make_game(players)
    for state in play(game, seed=8, decisions=200)[::7]:
        assert KincsesState is type(state)
        fields = fields_of(state)
        built = _new_state(*fields)
        assert KincsesState is type(built)
        assert KincsesState(*fields) == built == state
        assert hash(KincsesState(*fields)) == hash(built) == hash(state)
        assert fields == fields_of(built)


def test_every_history_entry_reads_back_from_json_with_all_its_fields(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """The quick JSON reader of the history builds each entry with every field it had.

    (A field named ``value`` once came back unset from a generated constructor.)
    """
    game = make_game(2)
    state = play(game, seed=1, decisions=10)[-1]
    history = state.history
    for cls in get_args(PublicAction):
        hints = get_type_hints(cls)
        if not set(hints.values()) <= {int, tuple[int, ...]}:
            continue  # enum fields: read by the generic hooks
        values = [
            (1, 2) if hints[field.name] == tuple[int, ...] else 3 if field.name == "value" else 1
            for field in attrs.fields(cls)
        ]
        history = history.append((1, cls(*values)))
    written = attrs.evolve(state, history=history)  # no history of a game: read unchecked
    data = json.loads(boardgames.dumps(written))["data"]
    read = game.codec.converter.structure(data, KincsesState)
    assert tuple(written.history) == tuple(read.history)
    for (_, entry), (_, again) in zip(written.history, read.history, strict=True):
        assert type(entry) is type(again)
        assert attrs.astuple(entry) == attrs.astuple(again)


def test_listed_legal_actions_are_kept_with_the_state(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Listing twice gives the same tuple; another state's listing does not disturb it."""
    game = make_game(3)
    first, second = play(game, seed=3, decisions=30)[-2:]
    listed = game.legal_actions(first)
    assert listed is game.legal_actions(first)
    game.legal_actions(second)
    assert game.apply(first, listed[0]) == game.apply(first, listed[0])
    assert listed is game.legal_actions(first)


def test_the_kept_legal_actions_are_no_part_of_the_value(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Equality, hashing, evolve, pickling and JSON ignore the kept legal actions."""
    game = make_game(2)
    states = play(game, seed=6, decisions=40)
    state = states[-1]
    listed = tuple(game.legal_actions(state))
    fresh = KincsesState(*fields_of(state))  # built by attrs: nothing kept yet
    assert fresh == state
    assert hash(fresh) == hash(state)
    assert listed == tuple(game.legal_actions(fresh))
    assert "_legal" not in {field.name for field in attrs.fields(KincsesState)}
    assert "_legal" not in json.loads(boardgames.dumps(state))["data"]
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled == state
    assert listed == tuple(game.legal_actions(unpickled))
    # An evolved state lists its own actions, not the ones kept with the original.
    earlier = states[0]
    game.legal_actions(earlier)
    moved = attrs.evolve(state, tasks=earlier.tasks, turn=earlier.turn)
    assert tuple(game.legal_actions(moved)) == tuple(
        game.legal_actions(KincsesState(*fields_of(moved)))
    )

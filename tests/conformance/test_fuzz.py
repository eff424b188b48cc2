"""Fuzzing every game's JSON: an edited document is refused, or it loads to a playable value.

Hypothesis takes a state or an observation from a random game, replaces one value anywhere
in its JSON with a value of any kind (a number, a flag, a string, null, a short list, or a
value from elsewhere in the same document), and hands the document to
:func:`boardgames.testing.check_loaded`: ``loads`` must refuse it with
:class:`~boardgames.SerializationError`, or load something whose every state up to two
legal moves on passes ``check_state`` and is not a dead end, with no other exception
anywhere. The ``ci`` profile runs a few hundred documents per game; the long runs of the
issue's targets are in ``benchmarks/edited_documents.py``.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.testing import check_loaded

_Path = tuple[str | int, ...]


@functools.cache
def _documents(name: str) -> tuple[str, ...]:
    """Every fifth state of two random games, and one seat's observation of each."""
    game = boardgames.make(name)
    documents = []
    for seed in (3, 4):
        choices = random.Random(seed)
        state = game.new_game(seed)
        step = 0
        while True:
            if step % 5 == 0:
                documents.append(boardgames.dumps(state))
                documents.append(boardgames.dumps(game.observe(state, step % game.players)))
            if game.is_terminal(state):
                break
            state = game.apply(state, choices.choice(game.legal_actions(state)))
            step += 1
    return tuple(documents)


def _nodes(data: Any, path: _Path = ()) -> list[tuple[_Path, Any]]:
    found = [(path, data)]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _nodes(value, (*path, index))
    return found


def _replaced(data: Any, path: _Path, value: Any) -> Any:
    if not path:
        return value
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], value)  # type: ignore[index]
    return copy


_VALUES = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=40),
    st.booleans(),
    st.none(),
    st.text(max_size=4),
    st.lists(st.integers(min_value=-1, max_value=20), max_size=3),
    st.floats(allow_nan=False, allow_infinity=False),
)


@pytest.mark.parametrize("name", boardgames.game_names())
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_edited_document_is_refused_or_playable(name: str, data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(_documents(name)), label="document")
    envelope = json.loads(text)
    nodes = _nodes(envelope["data"])
    path, old = data.draw(st.sampled_from(nodes), label="edited value")
    others = [value for _, value in nodes if value != old]
    new = data.draw(_VALUES | st.sampled_from(others) if others else _VALUES, label="new value")
    envelope["data"] = _replaced(envelope["data"], path, new)
    check_loaded(boardgames.make(name), json.dumps(envelope))

"""The public history: shared between states, written as a list, and read from format 1.

The two documents under ``format1/`` were written by the library before envelope format 2
(``boardgames.dumps`` of the state after 120 random decisions of a 3-player game from seed
11 with ``exact_bonus_cards``, and seat 1's observation of it), when the history was one
string in the compact notation.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path

import attrs
import pytest

import boardgames
from boardgames import History, InvalidStateError, SerializationError
from boardgames.games.morgans_magic_map import (
    ChooseCell,
    MorganObservation,
    MorganState,
    PlacePawn,
    SelectTile,
    UsePair,
)
from boardgames.games.morgans_magic_map.actions import notation
from boardgames.games.morgans_magic_map.components import Corner, Symbol

FORMAT1 = Path(__file__).parent / "format1"


def replay(seed: int = 11, decisions: int = 120) -> MorganState:
    """Play the game the format-1 documents were written from."""
    game = boardgames.make("morgans-magic-map", players=3, exact_bonus_cards=True)
    state = game.new_game(seed)
    choices = random.Random(seed)
    for _ in range(decisions):
        actions = game.legal_actions(state)
        state = game.apply(state, actions[choices.randrange(len(actions))])
    assert isinstance(state, MorganState)
    return state


def test_every_later_state_shares_the_history_of_an_earlier_one() -> None:
    """A move appends one entry; the entries before it are the same objects, not copies."""
    game = boardgames.make("morgans-magic-map", players=2)
    state = game.new_game(3)
    choices = random.Random(3)
    for _ in range(60):
        actions = game.legal_actions(state)
        after = game.apply(state, actions[choices.randrange(len(actions))])
        assert len(state.history) < len(after.history)
        assert all(
            mine is theirs for mine, theirs in zip(state.history, after.history, strict=False)
        )
        state = after
    assert game.observe(state, 1).history is state.history
    assert game.sample_state(game.observe(state, 1), 5).history is state.history


def test_the_history_is_a_history_of_seats_and_actions() -> None:
    """Each entry is ``(seat, action)``: the seats place their pawns first (A-MMM-19)."""
    game = boardgames.make("morgans-magic-map", players=2)
    state = game.new_game(0)
    first = state.to_move
    state = game.apply(state, PlacePawn(Corner.SOUTH_EAST))
    assert isinstance(state.history, History)
    assert ((first, PlacePawn(Corner.SOUTH_EAST)),) == tuple(state.history)


def test_a_history_is_written_as_a_list_of_notation_tokens() -> None:
    """Format 2 writes one string per entry: the seat's digit, then the action's notation."""
    state = replay()
    data = json.loads(boardgames.dumps(state))["data"]
    assert [f"{seat}{notation(action)}" for seat, action in state.history] == data["history"]
    assert state == boardgames.loads(boardgames.dumps(state))
    observation = boardgames.make("morgans-magic-map", players=3, exact_bonus_cards=True).observe(
        state, 2
    )
    assert data["history"] == json.loads(boardgames.dumps(observation))["data"]["history"]


@pytest.mark.parametrize("name", ["state_seed11_3p.json", "observation_seed11_3p_seat1.json"])
def test_a_format_1_document_is_read_with_its_compact_history(name: str) -> None:
    """The string history of format 1 is read into the same entries as a replay makes."""
    text = (FORMAT1 / name).read_text(encoding="utf-8")
    document = json.loads(text)
    assert 1 == document["format"]
    assert isinstance(document["data"]["history"], str)
    value = boardgames.loads(text)
    state = replay()
    if isinstance(value, MorganObservation):
        game = boardgames.make("morgans-magic-map", players=3, exact_bonus_cards=True)
        assert game.observe(state, 1) == value
    else:
        assert state == value
    assert document["data"]["history"] == " ".join(
        f"{seat}{notation(action)}" for seat, action in value.history
    )
    assert any(isinstance(action, UsePair) for _, action in value.history)
    assert boardgames.loads(boardgames.dumps(value)) == value


@pytest.mark.parametrize(
    ("history", "message"),
    [
        ("0t5 0zz", "invalid action notation 'zz'"),
        ("0t5  0e", "invalid history entry ''"),
        (["0t5"], "a format-1 history is a string"),
        ("7t5", "names seat 7"),
    ],
)
def test_a_bad_format_1_history_is_refused(history: object, message: str) -> None:
    """A format-1 history that is no history of this game is refused with the reason."""
    document = json.loads((FORMAT1 / "state_seed11_3p.json").read_text(encoding="utf-8"))
    document["data"]["history"] = history
    with pytest.raises(SerializationError, match=message):
        boardgames.loads(json.dumps(document))


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ([0, {"type": "SelectTile", "tile": 5}], "expected a string"),
        ("", "must start with the seat's digit"),
        ("x0t5", "must start with the seat's digit"),
        ("0zz", "invalid action notation 'zz'"),
        ("0t", "invalid action notation 't'"),
        ("0t05", "not written as the notation writes it \\('t5'\\)"),
        ("0t+5", "not written as the notation writes it"),
        ("0c 1,2", "not written as the notation writes it"),
        ("0t20", "tile 20 is not a tile id"),
        ("0r4", "rotation 4 is not 0 to 3"),
        ("0l0", "level 0 is not 1 to 5"),
        ("0d72", "card 72 is not a map card id"),
        ("0b7+3=s", "a pair names its lower card id first"),
    ],
)
def test_a_bad_history_token_is_refused_with_its_path(token: object, message: str) -> None:
    """A token that is no seat and canonical action notation names the entry and the rule."""
    document = json.loads(boardgames.dumps(replay()))
    document["data"]["history"][2] = token
    with pytest.raises(SerializationError, match=message) as caught:
        boardgames.loads(json.dumps(document))
    assert "$.data.history[2]" == caught.value.path
    if token != "" and type(token) is str and token[0].isdigit():
        assert "the notation allows p<corner 0-3>" in str(caught.value)


def test_a_history_token_of_a_missing_seat_is_refused() -> None:
    """A well-formed token of a seat the game does not have breaks an invariant."""
    document = json.loads(boardgames.dumps(replay()))
    document["data"]["history"][2] = "3t5"
    with pytest.raises(SerializationError, match="history entry 2 names seat 3"):
        boardgames.loads(json.dumps(document))


def test_a_history_of_the_wrong_type_is_refused() -> None:
    """The history is a JSON list of tokens, not one string (that was format 1)."""
    document = json.loads(boardgames.dumps(replay()))
    document["data"]["history"] = " ".join(document["data"]["history"])
    with pytest.raises(SerializationError, match="expected a list of history tokens") as caught:
        boardgames.loads(json.dumps(document))
    assert "$.data.history" == caught.value.path


def test_check_state_reads_every_entry() -> None:
    """A hand-made history of a wrong shape is an invalid state, not a crash."""
    state = replay()
    game = boardgames.make("morgans-magic-map", players=3, exact_bonus_cards=True)
    pair = UsePair(3, 2, Symbol.MAP)
    cases: list[tuple[object, str]] = [
        (History([(0, SelectTile(4)), (1, ChooseCell(0, 0)), (0, pair)]), "entry 2: a pair"),
        (History([(0, SelectTile(4)), (True, ChooseCell(0, 0))]), "entry 1 names seat True"),
        ((), "must be a History"),
    ]
    for history, message in cases:
        with pytest.raises(InvalidStateError, match=message):
            game.check_state(attrs.evolve(state, history=history))  # type: ignore[arg-type]


def test_a_copied_or_pickled_state_plays_on_the_same() -> None:
    """What the rules keep with a state is no field: copies compare equal and play on."""
    game = boardgames.make("morgans-magic-map", players=3, exact_bonus_cards=True)
    state = replay(decisions=40)
    legal = game.legal_actions(state)
    for twin in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert state == twin
        assert hash(state) == hash(twin)
        assert legal == game.legal_actions(twin)
        assert game.apply(state, legal[-1]) == game.apply(twin, legal[-1])

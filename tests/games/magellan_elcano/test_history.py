"""The public history: a shared ``boardgames.History``, checked, saved as a plain list.

Also the mechanisms that keep a decision cheap: shared parts between consecutive states,
interned hands and trusted constructors that build the same values as attrs does.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable
from itertools import pairwise, permutations
from typing import Any, cast

import attrs
import pytest

import boardgames
from boardgames.core.codec import configure_tagged_action, make_converter
from boardgames.core.rng import lehmer_order
from boardgames.games.magellan_elcano import (
    Action,
    Colour,
    Crew,
    FaceDownPlayed,
    MagellanElcano,
    MagellanState,
    Pass,
    PlayCard,
    PlayFaceDown,
    PublicAction,
)
from boardgames.games.magellan_elcano.state import _new_crew, _new_state

CONFIGURATIONS = [(2, False), (3, False), (4, False), (4, True), (5, False)]


def random_game(game: MagellanElcano, seed: int) -> tuple[list[MagellanState], list[object]]:
    """Play one game with seeded random choices; return every state and every action."""
    choices = random.Random(seed)
    states = [game.new_game(seed)]
    actions: list[object] = []
    while legal := game.legal_actions(states[-1]):
        action = legal[choices.randrange(len(legal))]
        actions.append(action)
        states.append(game.apply(states[-1], action))
    return states, actions


@pytest.mark.parametrize(("players", "storm_variant"), CONFIGURATIONS)
def test_each_state_extends_the_history_of_the_one_before(
    make_game: Callable[..., MagellanElcano], players: int, storm_variant: bool
) -> None:
    """Every decision appends ``(seat, action as all saw it)``; nothing else changes in it.

    Ruling A-MAG-7: a face-down card appears as "play a card face down".
    """
    game = make_game(players, storm_variant=storm_variant)
    states, actions = random_game(game, seed=players)
    for before, action, after in zip(states, actions, states[1:], strict=False):
        assert isinstance(after.history, boardgames.History)
        seat = before.to_move
        assert seat is not None
        public = FaceDownPlayed() if isinstance(action, PlayFaceDown) else action
        assert (*before.history, (seat, public)) == tuple(after.history)
        assert before.history == after.history[: len(before.history)] or (
            tuple(before.history) == after.history[: len(before.history)]
        )


def test_observations_and_samples_share_the_states_history(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """The history is public: every seat's observation and every sample hold the same object."""
    game = make_game(5)
    states, _ = random_game(game, seed=11)
    state = states[len(states) // 2]
    for seat in range(5):
        observation = game.observe(state, seat)
        assert state.history is observation.history
        assert state.history is game.sample_state(observation, seat).history


def test_check_state_rejects_a_history_that_is_not_a_history(
    make_game: Callable[..., MagellanElcano],
) -> None:
    game = make_game(3)
    state = game.new_game(seed=1)
    state = game.apply(state, game.legal_actions(state)[0])
    as_tuple = attrs.evolve(state, history=cast(Any, tuple(state.history)))
    with pytest.raises(
        boardgames.InvalidStateError, match=r"history must be a boardgames\.History"
    ):
        game.check_state(as_tuple)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ((7, Pass()), "the history names seat 7, which does not exist"),
        ((0, FaceDownPlayed()), "the history has a face-down play in a game without storms"),
        ((0, PlayCard(12, Colour.BLUE)), "the history has an impossible play"),
        ((0, PlayFaceDown(1)), "holds no public action"),
        ((0,), "is not a (seat, action) pair"),
    ],
)
def test_check_state_checks_every_history_entry(
    make_game: Callable[..., MagellanElcano], entry: tuple[object, ...], message: str
) -> None:
    """Entries the rules never append are checked in full, wherever they are."""
    game = make_game(3)
    state = game.new_game(seed=1)
    history: Any = boardgames.History([(1, Pass()), entry, (2, Pass())])
    with pytest.raises(boardgames.InvalidStateError, match=re.escape(message)):
        game.check_state(attrs.evolve(state, history=history))


def test_check_state_accepts_equal_entries_built_elsewhere(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """An entry equal to one the rules append is valid, whether or not it is the same object."""
    game = make_game(4, storm_variant=True)
    states, _ = random_game(game, seed=2)
    state = states[30]
    rebuilt: list[tuple[int, PublicAction]] = []
    for seat, action in state.history:
        copy: PublicAction = attrs.evolve(action)
        assert copy == action
        assert copy is not action
        rebuilt.append((seat, copy))
    history: boardgames.History[tuple[int, PublicAction]] = boardgames.History(rebuilt)
    game.check_state(attrs.evolve(state, history=history))


def test_the_history_is_saved_as_a_plain_list_and_loads_as_a_history(
    make_game: Callable[..., MagellanElcano],
) -> None:
    game = make_game(5)
    states, _ = random_game(game, seed=3)
    state = states[40]
    document = json.loads(boardgames.dumps(state))
    history = document["data"]["history"]
    assert 40 == len(history)
    for (seat, action), (saved_seat, saved) in zip(state.history, history, strict=True):
        assert [seat, type(action).__name__] == [saved_seat, saved["type"]]
        if isinstance(action, PlayCard):
            assert {"card": action.card, "colour": str(action.colour)} == {
                "card": saved["card"],
                "colour": saved["colour"],
            }
    loaded = boardgames.loads(boardgames.dumps(state))
    assert isinstance(loaded.history, boardgames.History)
    assert state == loaded
    # A loaded history continues like the original one.
    move = game.legal_actions(state)[0]
    assert game.apply(state, move) == game.apply(loaded, move)


def test_a_loaded_history_refuses_lookalike_fields() -> None:
    """JSON ``true`` or ``3.0`` is not the card 1 or 3: the strict path refuses them."""
    game = boardgames.make("magellan-elcano", 2)
    state = game.apply(game.new_game(seed=4), game.legal_actions(game.new_game(seed=4))[0])
    document = json.loads(boardgames.dumps(state))
    entry = document["data"]["history"][0]
    for bad in (True, float(entry[1]["card"])):
        entry[1]["card"] = bad
        with pytest.raises(boardgames.SerializationError) as caught:
            boardgames.loads(json.dumps(document))
        assert "$.data.history[0][1]" in caught.value.path


def test_apply_rebuilds_only_the_moving_crew(make_game: Callable[..., MagellanElcano]) -> None:
    """Unchanged parts are shared between consecutive states; hands are interned."""
    game = make_game(4)
    states, _ = random_game(game, seed=5)
    for before, after in pairwise(states):
        if after.round != before.round or after.to_move is None:
            continue
        seat = before.to_move
        assert seat is not None
        for other in range(4):
            if other != seat:
                assert after.crews[other] is before.crews[other]
        assert after.crews[seat].deck is before.crews[seat].deck
        assert after.ocean_decks is before.ocean_decks
        assert after.won is before.won
    hands: dict[frozenset[int], frozenset[int]] = {}
    for state in states:
        for crew in state.crews:
            assert hands.setdefault(crew.hand, crew.hand) is crew.hand


def test_the_trusted_constructors_build_the_same_values_as_attrs(
    make_game: Callable[..., MagellanElcano],
) -> None:
    game = make_game(5)
    states, _ = random_game(game, seed=6)
    for state in states[::10]:
        fields = [getattr(state, field.name) for field in attrs.fields(MagellanState)]
        built = _new_state(*fields)
        assert MagellanState is type(built)
        assert MagellanState(*fields) == built
        assert hash(MagellanState(*fields)) == hash(built)
        crew = state.crews[0]
        crew_fields = {field.name: getattr(crew, field.name) for field in attrs.fields(Crew)}
        assert Crew(**crew_fields) == _new_crew(**crew_fields)
    assert () == _new_crew(*list(crew_fields.values())[:-1]).face_down_groups


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5])
def test_each_code_below_n_factorial_decodes_to_a_different_order(size: int) -> None:
    """The sampler's shuffles are uniform: the n! codes give the n! orders, once each."""
    items = list("abcdef"[:size])
    orders = {lehmer_order(code, items)[0] for code in range(math.factorial(size))}
    assert set(permutations(items)) == orders
    # What is left of a code is the code for the next sequence.
    assert 7 == lehmer_order(8 * math.factorial(size) - 1, items)[1]


def test_a_draw_below_a_large_bound_is_in_range_and_varies() -> None:
    bound = math.factorial(15) ** 4 + 12345  # about 160 bits: three 64-bit words
    rng = boardgames.Rng.from_seed(9)
    values = set()
    for _ in range(50):
        value, rng = rng.below(bound)
        assert 0 <= value < bound
        values.add(value)
    assert 50 == len(values)
    assert max(values).bit_length() > 150


@pytest.mark.parametrize(("players", "storm_variant"), CONFIGURATIONS)
def test_the_fast_json_paths_write_and_read_what_the_converter_does(
    make_game: Callable[..., MagellanElcano], players: int, storm_variant: bool
) -> None:
    """The game's hooks for histories and crews change the speed of JSON, not the JSON."""
    generic = make_converter(action_union=Action)
    configure_tagged_action(generic, PublicAction)
    fast = make_game(players, storm_variant=storm_variant).codec.converter
    game = make_game(players, storm_variant=storm_variant)
    for seed in range(4):
        states, _ = random_game(game, seed)
        for state in states[::7]:
            text = json.dumps(generic.unstructure(state, MagellanState))
            assert text == json.dumps(fast.unstructure(state, MagellanState))
            data = json.loads(text)
            read = fast.structure(data, MagellanState)
            assert generic.structure(data, MagellanState) == read
            assert all(type(crew) is Crew for crew in read.crews)

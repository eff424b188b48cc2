"""States, actions, observations and records are immutable values that share unchanged parts."""

from __future__ import annotations

import enum
import typing
from typing import Any

import attrs
import pytest

import boardgames
from boardgames.core.values import resolve_signature, trusted_constructor
from boardgames.games.magellan_elcano import Colour, MagellanState, Pass, PlayCard


def first_play_card_by_seat_zero() -> tuple[Any, MagellanState, PlayCard, MagellanState]:
    """Return a game, a state where seat 0 moves, a ``PlayCard`` and the state after it.

    The play does not end the round, so only seat 0's crew, the seat to move and the
    history change.
    """
    game = boardgames.make("magellan-elcano", 3)
    for seed in range(100):
        state = game.new_game(seed)
        if 0 == state.to_move:
            action = game.legal_actions(state)[0]
            assert isinstance(action, PlayCard)
            return game, state, action, game.apply(state, action)
    raise AssertionError("no seed of 100 gives seat 0 the first move")


def assert_deeply_immutable(value: object, where: str = "value") -> None:
    """Fail unless ``value`` holds only frozen attrs values, tuples, sets, histories, scalars."""
    if value is None or isinstance(value, bool | int | float | str | enum.Enum):
        return
    if isinstance(value, tuple | frozenset | boardgames.History):
        for index, item in enumerate(value):
            assert_deeply_immutable(item, f"{where}[{index}]")
        return
    assert attrs.has(type(value)), f"{where} is a mutable {type(value).__name__}"
    cls: Any = type(value)
    fields = attrs.fields(cls)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(value, fields[0].name if fields else "anything", None)
    for field in fields:
        assert_deeply_immutable(getattr(value, field.name), f"{where}.{field.name}")


def test_state_attributes_cannot_be_assigned() -> None:
    state: MagellanState = boardgames.make("magellan-elcano", 3).new_game(seed=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.round = 2  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.crews[0].passed = True  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del state.round
    assert 1 == state.round


def test_actions_and_records_cannot_be_assigned() -> None:
    action = PlayCard(0, Colour.RED)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        action.card = 1  # type: ignore[misc]
    record = boardgames.play(
        boardgames.make("magellan-elcano", 2), [boardgames.RandomBot()] * 2, seed=1
    )
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.seed = 2  # type: ignore[misc]


def test_every_value_is_deeply_immutable(
    magellan_values: tuple[tuple[boardgames.Game[Any, Any, Any], object], ...],
    magellan_records: tuple[boardgames.GameRecord, ...],
) -> None:
    for _, value in magellan_values:
        assert_deeply_immutable(value)
    for record in magellan_records:
        assert_deeply_immutable(record)


def test_values_are_equal_by_value_and_hashable(
    magellan_values: tuple[tuple[boardgames.Game[Any, Any, Any], object], ...],
) -> None:
    for _, value in magellan_values:
        copy = boardgames.loads(boardgames.dumps(value))
        assert copy is not value
        assert value == copy
        assert hash(value) == hash(copy)
    assert len({boardgames.dumps(value) for _, value in magellan_values}) == len(
        {value for _, value in magellan_values}
    )


def test_new_game_gives_equal_but_distinct_states() -> None:
    game = boardgames.make("magellan-elcano", 4)
    first, second = game.new_game(seed=3), game.new_game(seed=3)
    assert first is not second
    assert first == second
    assert hash(first) == hash(second)
    assert game.new_game(seed=4) != first


def test_apply_leaves_its_input_unchanged(
    magellan_records: tuple[boardgames.GameRecord, ...],
) -> None:
    """Every legal action from every fourth state of each recorded game."""
    for record in magellan_records:
        game = record.make_game()
        for state in list(boardgames.replay(record))[:-1:4]:
            before = boardgames.loads(boardgames.dumps(state))
            for action in game.legal_actions(state):
                game.apply(state, action)
            assert before == state


def test_illegal_apply_leaves_its_input_unchanged() -> None:
    game = boardgames.make("magellan-elcano", 3)
    state = game.new_game(seed=6)
    before = boardgames.loads(boardgames.dumps(state))
    with pytest.raises(boardgames.IllegalActionError):
        game.apply(state, Pass())
    assert before == state


def test_apply_shares_the_unchanged_parts() -> None:
    _, old, action, new = first_play_card_by_seat_zero()
    assert old.round == new.round
    assert old.crews[0] != new.crews[0]
    assert action.card not in new.crews[0].hand
    for seat in range(1, old.players):
        assert new.crews[seat] is old.crews[seat]
    assert new.ocean_decks is old.ocean_decks
    assert new.ocean_piles is old.ocean_piles
    assert new.won is old.won
    assert new.won_storms is old.won_storms
    assert new.rng is old.rng
    assert new.crews[0].deck is old.crews[0].deck


def test_attrs_evolve_builds_a_new_value() -> None:
    state = boardgames.make("magellan-elcano", 3).new_game(seed=1)
    changed = attrs.evolve(state, first_has_played=True)
    assert not state.first_has_played
    assert changed.first_has_played
    assert state.crews is changed.crews


@attrs.frozen
class _Point:
    x: int
    y: int = 0
    label: str = "p"


@attrs.frozen
class _Awkward:
    value: int
    _new: str = "n"
    _cls: int = 2


def test_a_trusted_constructor_takes_any_field_name_and_attrs_aliases() -> None:
    """Field names the generated code might use itself, and private fields passed by alias."""
    build = trusted_constructor(_Awkward)
    assert _Awkward(1, new="m", cls=3) == build(1, new="m", cls=3)
    assert _Awkward(value=4) == build(value=4)
    assert 4 == build(value=4).value


def test_a_trusted_constructor_builds_what_attrs_builds() -> None:
    build = trusted_constructor(_Point)
    cases: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((1,), {}),
        ((1, 2), {}),
        ((1,), {"label": "q"}),
        ((), {"x": 3}),
    ]
    for arguments, keywords in cases:
        built = build(*arguments, **keywords)
        expected = _Point(*arguments, **keywords)
        assert _Point is type(built)
        assert expected == built
        assert hash(expected) == hash(built)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.x = 5  # type: ignore[misc]


def test_a_trusted_constructor_refuses_a_class_it_would_check_less() -> None:
    @attrs.frozen
    class Checked:
        value: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Hooked:
        value: int

        def __attrs_post_init__(self) -> None:
            pass

    with pytest.raises(TypeError, match="needs its attrs __init__"):
        trusted_constructor(Checked)
    with pytest.raises(TypeError, match="init hook"):
        trusted_constructor(Hooked)
    with pytest.raises(TypeError, match="not a slotted attrs class"):
        trusted_constructor(int)


@attrs.frozen
class _Nested:
    depth: int
    inner: _Nested | None = None


def test_a_class_that_names_itself_gets_a_readable_signature() -> None:
    with pytest.raises(NameError):
        typing.get_type_hints(_Nested.__init__)
    resolve_signature(_Nested)
    assert typing.get_type_hints(_Nested.__init__)["inner"] == _Nested | None

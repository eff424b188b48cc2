"""Checking game options and player counts: ``OptionSpec.check`` and ``GameInfo.resolve``."""

from __future__ import annotations

import pytest

import boardgames
from boardgames import ConfigurationError, GameInfo, OptionSpec

ROUNDS = OptionSpec(name="rounds", default=6, description="rounds", minimum=1, maximum=9)
PACE = OptionSpec(name="pace", default="fast", description="pace", choices=("fast", "slow"))
EXPERT = OptionSpec(name="expert", default=False, description="expert rules")
SEED = OptionSpec(name="seed", default=0, description="no bounds")

INFO = GameInfo(
    name="test-game",
    title="Test Game",
    min_players=2,
    max_players=4,
    default_players=3,
    options=(ROUNDS, PACE, EXPERT),
)


@pytest.mark.parametrize(
    ("spec", "value"),
    [(ROUNDS, 1), (ROUNDS, 9), (ROUNDS, 6), (PACE, "slow"), (EXPERT, True), (SEED, -(10**30))],
)
def test_check_returns_an_allowed_value(spec: OptionSpec, value: object) -> None:
    assert value == spec.check(value)


@pytest.mark.parametrize(
    ("spec", "value", "message"),
    [
        (ROUNDS, "6", "option rounds='6' has type str; expected int"),
        (ROUNDS, 6.0, "option rounds=6.0 has type float; expected int"),
        (ROUNDS, True, "option rounds=True has type bool; expected int"),
        (ROUNDS, None, "option rounds=None has type NoneType; expected int"),
        (EXPERT, 1, "option expert=1 has type int; expected bool"),
        (EXPERT, "true", "option expert='true' has type str; expected bool"),
        (PACE, 1, "option pace=1 has type int; expected str"),
        (ROUNDS, 0, "option rounds=0 is below the minimum 1"),
        (ROUNDS, -5, "option rounds=-5 is below the minimum 1"),
        (ROUNDS, 10, "option rounds=10 is above the maximum 9"),
        (PACE, "medium", "option pace='medium' is not allowed; choose one of ['fast', 'slow']"),
        (PACE, "FAST", "option pace='FAST' is not allowed; choose one of ['fast', 'slow']"),
    ],
)
def test_check_refuses_a_wrong_type_or_range(spec: OptionSpec, value: object, message: str) -> None:
    with pytest.raises(ConfigurationError) as caught:
        spec.check(value)
    assert message == str(caught.value)


def test_resolve_fills_in_defaults() -> None:
    assert {"rounds": 6, "pace": "fast", "expert": False} == INFO.resolve(2, {})


def test_resolve_keeps_given_values() -> None:
    assert {"rounds": 3, "pace": "slow", "expert": True} == INFO.resolve(
        4, {"expert": True, "pace": "slow", "rounds": 3}
    )


@pytest.mark.parametrize("players", [1, 5, 0, -2])
def test_resolve_refuses_a_player_count_out_of_range(players: int) -> None:
    with pytest.raises(ConfigurationError) as caught:
        INFO.resolve(players, {})
    assert f"players={players} is out of range for test-game: allowed 2 to 4" == str(caught.value)


@pytest.mark.parametrize("players", ["3", 3.0, True, None])
def test_resolve_refuses_a_player_count_that_is_not_an_int(players: object) -> None:
    with pytest.raises(ConfigurationError) as caught:
        INFO.resolve(players, {})  # type: ignore[arg-type]
    assert f"players={players!r} must be an int from 2 to 4" == str(caught.value)


def test_resolve_refuses_an_unknown_option_and_lists_the_allowed_ones() -> None:
    with pytest.raises(ConfigurationError) as caught:
        INFO.resolve(3, {"zeta": 1, "alpha": 2, "rounds": 3})
    assert "unknown option 'alpha' for test-game; allowed options: expert, pace, rounds" == str(
        caught.value
    )


def test_resolve_without_options_says_none_are_allowed() -> None:
    info = GameInfo("bare", "Bare", 1, 1, 1)
    assert {} == info.resolve(1, {})
    with pytest.raises(ConfigurationError) as caught:
        info.resolve(1, {"x": 1})
    assert "unknown option 'x' for bare; allowed options: none" == str(caught.value)


def test_resolve_checks_every_given_option() -> None:
    with pytest.raises(ConfigurationError, match="option rounds=99 is above the maximum 9"):
        INFO.resolve(3, {"pace": "slow", "rounds": 99})


def test_specs_and_infos_are_frozen_values() -> None:
    assert OptionSpec("rounds", 6, "rounds", minimum=1, maximum=9) == ROUNDS
    assert hash(OptionSpec("rounds", 6, "rounds", minimum=1, maximum=9)) == hash(ROUNDS)
    with pytest.raises(AttributeError):
        INFO.name = "other"  # type: ignore[misc]


@pytest.mark.parametrize("name", ["morrigan", "morgans-magic-map", "kincses-sziget"])
def test_every_turn_limit_is_the_shared_option_with_its_bounds(name: str) -> None:
    """One definition of ``max_turns``: a turn limit no state could hold is refused."""
    spec = {option.name: option for option in boardgames.game_info(name).options}["max_turns"]
    assert (1, boardgames.OptionSpec.MAX_TURN_LIMIT, 500) == (
        spec.minimum,
        spec.maximum,
        spec.default,
    )
    with pytest.raises(boardgames.ConfigurationError, match="above the maximum 1000000"):
        boardgames.make(name, 2, max_turns=2**62 + 1)
    game = boardgames.make(name, 2, max_turns=boardgames.OptionSpec.MAX_TURN_LIMIT)
    game.check_state(game.new_game(1))

"""Every public function of every game refuses a bad argument with a short library error.

A value of the wrong kind where a state, an observation, an action or a seed is expected
(an observation for a state, another game's state, ``None``, a string seed) used to let a
bare ``AttributeError`` or ``TypeError`` out, or was silently answered. Each case below
must raise a :class:`~boardgames.BoardgamesError` subclass whose message says what was
given and what is allowed, in under 300 characters.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

import boardgames
from boardgames import ConfigurationError, IllegalActionError

NAMES = boardgames.game_names()
LIMIT = 300


def short_error(expected: type[Exception], run: Callable[[], object]) -> str:
    """Run ``run``, require ``expected`` with a short message, and return the message."""
    with pytest.raises(expected) as raised:
        run()
    message = str(raised.value)
    assert isinstance(raised.value, boardgames.BoardgamesError)
    assert 0 < len(message) < LIMIT, message
    return message


def other_game_state(name: str) -> Any:
    other = next(candidate for candidate in NAMES if candidate != name)
    return boardgames.make(other).new_game(1)


def wrong_states(name: str) -> list[Any]:
    game = boardgames.make(name)
    state = game.new_game(1)
    return [game.observe(state, 0), other_game_state(name), None, "state", 7]


STATE_METHODS = [
    "current_player",
    "legal_actions",
    "score",
    "ranking",
    "is_terminal",
    "is_truncated",
    "check_state",
    "render_state",
]


@pytest.mark.parametrize("method", STATE_METHODS)
@pytest.mark.parametrize("name", NAMES)
def test_a_value_that_is_not_a_state_is_refused(name: str, method: str) -> None:
    game = boardgames.make(name)
    state_type = type(game.new_game(1)).__name__
    for wrong in wrong_states(name):
        message = short_error(ConfigurationError, functools.partial(getattr(game, method), wrong))
        assert f"expected a {state_type} (a state of {name}), got" in message


@pytest.mark.parametrize("name", NAMES)
def test_apply_and_observe_refuse_a_value_that_is_not_a_state(name: str) -> None:
    game = boardgames.make(name)
    action = game.legal_actions(game.new_game(1))[0]
    for wrong in wrong_states(name):
        short_error(IllegalActionError, functools.partial(game.apply, wrong, action))
        short_error(ConfigurationError, functools.partial(game.observe, wrong, 0))


@pytest.mark.parametrize("name", NAMES)
def test_a_state_of_another_seat_count_is_refused(name: str) -> None:
    info = boardgames.game_info(name)
    game = boardgames.make(name, info.min_players)
    other = boardgames.make(name, info.max_players).new_game(1)
    for method in STATE_METHODS:
        message = short_error(ConfigurationError, functools.partial(getattr(game, method), other))
        assert f"the state is for {info.max_players} players" in message
    short_error(ConfigurationError, lambda: game.observe(other, 0))


@pytest.mark.parametrize("seed", ["1", 1.5, None, True])
@pytest.mark.parametrize("name", NAMES)
def test_sample_state_refuses_a_seed_that_is_not_an_int(name: str, seed: Any) -> None:
    game = boardgames.make(name)
    observation = game.observe(game.new_game(1), 0)
    message = short_error(ConfigurationError, lambda: game.sample_state(observation, seed))
    assert f"seed={seed!r} must be an int" == message


@pytest.mark.parametrize("name", NAMES)
def test_sample_state_refuses_what_is_not_an_observation(name: str) -> None:
    game = boardgames.make(name)
    state = game.new_game(1)
    for wrong in (state, other_game_state(name), None):
        message = short_error(ConfigurationError, functools.partial(game.sample_state, wrong, 1))
        assert f"(an observation of {name}), got" in message
        short_error(ConfigurationError, functools.partial(game.render_observation, wrong))


@pytest.mark.parametrize("name", NAMES)
def test_sample_state_refuses_an_observation_of_another_seat_count(name: str) -> None:
    info = boardgames.game_info(name)
    game = boardgames.make(name, info.min_players)
    other = boardgames.make(name, info.max_players)
    observation = other.observe(other.new_game(1), 0)
    message = short_error(ConfigurationError, lambda: game.sample_state(observation, 1))
    assert f"the observation is for {info.max_players} players" in message


@pytest.mark.parametrize("name", NAMES)
def test_describe_action_refuses_what_is_not_an_action(name: str) -> None:
    """``describe_action(observation, None, viewer)`` used to answer ``'None'``."""
    game: Any = boardgames.make(name)
    state = game.new_game(1)
    observation = game.observe(state, game.current_player(state))
    for wrong in (None, "Pass()", object(), 3):
        message = short_error(
            ConfigurationError, functools.partial(game.describe_action, observation, wrong, 0)
        )
        assert f"expected an action of {name}, got" in message
    action = game.legal_actions(state)[0]
    short_error(ConfigurationError, lambda: game.describe_action(state, action, 0))


@pytest.mark.parametrize("name", NAMES)
def test_a_huge_option_or_player_count_gives_a_short_message(name: str) -> None:
    huge: Any = [2] * 10**6
    long_seed: Any = "1" * 10**6
    short_error(ConfigurationError, lambda: boardgames.make(name, players=huge))
    short_error(ConfigurationError, lambda: boardgames.make(name, **{"x" * 10**6: 1}))
    short_error(ConfigurationError, lambda: boardgames.make(name).new_game(long_seed))


@pytest.mark.parametrize(
    "name",
    [
        name
        for name in NAMES
        if "max_turns" in {option.name for option in boardgames.game_info(name).options}
    ],
)
def test_a_turn_limit_beyond_the_maximum_is_refused(name: str) -> None:
    """``max_turns=2**62+1`` used to be accepted, and every state made failed check_state."""
    message = short_error(ConfigurationError, lambda: boardgames.make(name, max_turns=2**62 + 1))
    assert "is above the maximum 1000000" in message


# The functions around the games: play, records, bots, tournaments, encodings, values.

GAME = "magellan-elcano"
NONE: Any = None  # values of the wrong type, typed Any so that the type checker lets them by
TEXT: Any = "x"
NUMBER: Any = 5
RANDOM: Any = [boardgames.RandomBot()] * 2


@pytest.mark.parametrize(
    ("case", "call"),
    [
        ("seed", lambda game: boardgames.play(game, RANDOM, seed=TEXT)),
        ("bots None", lambda game: boardgames.play(game, NONE, seed=1)),
        ("bots not bots", lambda game: boardgames.play(game, [NUMBER, NUMBER], seed=1)),
        ("game None", lambda game: boardgames.play(NONE, RANDOM, seed=1)),
        (
            "max_decisions",
            lambda game: boardgames.play(game, RANDOM, 1, max_decisions=TEXT),
        ),
        ("replay None", lambda game: boardgames.replay(NONE)),
        ("record seed", lambda game: boardgames.GameRecord.of(game, TEXT, [], game.new_game(1))),
        ("bot spec None", lambda game: boardgames.make_bot(NONE, game)),
        ("bot game None", lambda game: boardgames.make_bot("random", NONE)),
        ("ismcts game None", lambda game: boardgames.ISMCTSBot(NONE)),
        ("greedy game None", lambda game: boardgames.GreedyBot(NONE)),
        ("tournament bots None", lambda game: boardgames.tournament(GAME, NONE, 2)),
        ("rng seed", lambda game: boardgames.Rng.from_seed(TEXT)),
        ("history of a number", lambda game: boardgames.History(NUMBER)),
        ("mask of None", lambda game: game.encoding.legal_mask(None)),
        ("vector of a state", lambda game: game.encoding.encode_observation(game.new_game(1))),
        ("vector of None", lambda game: game.encoding.encode_observation(None)),
    ],
)
def test_bad_arguments_around_the_games_are_refused(case: str, call: Callable[[Any], Any]) -> None:
    """Each of these let a bare TypeError or AttributeError out, or was accepted."""
    game: Any = boardgames.make(GAME)
    short_error(ConfigurationError, functools.partial(call, game))


@pytest.mark.parametrize("name", NAMES)
def test_numbering_a_foreign_value_gives_a_short_message(name: str) -> None:
    game: Any = boardgames.make(name)
    encoding = game.encoding
    short_error(IllegalActionError, functools.partial(encoding.encode_action, None))

"""The shared base of every built-in game, and the one way actions are found and refused."""

from __future__ import annotations

import pickle
import threading
from typing import Any

import attrs
import pytest

import boardgames
from boardgames import ConfigurationError, History, InvalidStateError
from boardgames.core.guards import find_action, illegal_action
from boardgames.core.standard import (
    Knowledge,
    Rules,
    StandardGame,
    Text,
    finish_setup,
    origin_text,
)
from boardgames.games.magellan_elcano import (
    Action,
    Colour,
    MagellanElcano,
    MagellanObservation,
    MagellanState,
    Pass,
    PlayCard,
)
from boardgames.games.magellan_elcano import observation as magellan_observation
from boardgames.games.magellan_elcano import render as magellan_render
from boardgames.games.magellan_elcano import rules as magellan_rules

GAMES = ["magellan-elcano", "morrigan", "morgans-magic-map", "kincses-sziget"]


@attrs.frozen
class _Move:
    steps: int


class _YesToEverything:
    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class _RaisesOnCompare:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing me")

    def __hash__(self) -> int:
        return 0


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_the_rule_modules_satisfy_the_protocols() -> None:
    """The assignments are checked by mypy; at run time each module has every protocol name."""
    rules: Rules[MagellanState, Action, magellan_rules.Configuration] = magellan_rules
    knowledge: Knowledge[MagellanState, MagellanObservation] = magellan_observation
    text: Text[MagellanState, Action, MagellanObservation] = magellan_render
    for module, protocol in ((rules, Rules), (knowledge, Knowledge), (text, Text)):
        names = {name for name in vars(protocol) if not name.startswith("_")}
        assert names <= set(vars(module)), protocol.__name__


@pytest.mark.parametrize("name", GAMES)
def test_every_builtin_game_is_a_standard_game(name: str) -> None:
    game = boardgames.make(name)
    assert isinstance(game, StandardGame)
    assert game.rules.configuration(game.new_game(1)) == game.configuration


@pytest.mark.parametrize("name", GAMES)
def test_repr_names_the_class_players_and_every_option(name: str) -> None:
    game = boardgames.make(name, 2)
    options = "".join(f", {key}={value!r}" for key, value in game.options.items())
    assert f"{type(game).__name__}(players=2{options})" == repr(game)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_pickles_as_its_configuration_without_the_last_state(name: str) -> None:
    game = boardgames.make(name, 2)
    state = game.new_game(3)
    game.apply(state, game.legal_actions(state)[0])  # the game now remembers a state
    text = pickle.dumps(game)
    copy = pickle.loads(text)
    assert type(copy) is type(game)
    assert repr(copy) == repr(game)
    assert len(text) < 400, "a pickled game object should carry its configuration only"
    assert copy.legal_actions(state) == game.legal_actions(state)


def test_options_is_a_fresh_dict() -> None:
    game = MagellanElcano(players=4, storm_variant=True)
    options = dict(game.options)
    game.options["storm_variant"] = False  # type: ignore[index]  # a Mapping, written to
    assert options == game.options


def test_a_foreign_state_is_refused_even_after_a_state_of_this_game() -> None:
    """The known-state cache never lets a state of another configuration through."""
    two, three = MagellanElcano(players=2), MagellanElcano(players=3)
    state = two.new_game(1)
    three.legal_actions(three.new_game(1))
    for call in (three.legal_actions, lambda s: three.observe(s, 0)):
        with pytest.raises(boardgames.ConfigurationError, match="the state is for 2 players"):
            call(state)
    with pytest.raises(boardgames.IllegalActionError, match="for 2 players, but") as caught:
        three.apply(state, Pass())
    assert Pass() == caught.value.action


def test_states_of_a_game_are_accepted_by_an_equal_game() -> None:
    one, other = MagellanElcano(players=3), MagellanElcano(players=3)
    state = one.new_game(5)
    after = other.apply(state, other.legal_actions(state)[0])
    assert one.legal_actions(after) == other.legal_actions(after)


def test_games_shared_between_threads_stay_correct() -> None:
    """Two threads play through one game object; every state is checked as in one thread."""
    game = MagellanElcano(players=3)
    results: list[list[MagellanState]] = [[], []]

    def play(slot: int) -> None:
        state = game.new_game(11)
        while not game.is_terminal(state):
            state = game.apply(state, game.legal_actions(state)[-1])
            results[slot].append(state)

    threads = [threading.Thread(target=play, args=(slot,)) for slot in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results[0]
    assert results[0] == results[1]


def test_is_terminal_is_having_no_player_to_move() -> None:
    game = MagellanElcano(players=2)
    state = game.new_game(2)
    while game.current_player(state) is not None:
        assert not game.is_terminal(state)
        state = game.apply(state, game.legal_actions(state)[0])
    assert game.is_terminal(state)


def test_describe_action_checks_the_viewer() -> None:
    game = MagellanElcano(players=2)
    state = game.new_game(2)
    observation = game.observe(state, 0)
    with pytest.raises(boardgames.ConfigurationError, match="player=2 is not a seat"):
        game.describe_action(observation, game.legal_actions(state)[0], 2)


def test_a_loaded_observation_no_state_can_give_is_refused() -> None:
    """The base checks an observation by sampling a state from it and observing it again."""
    game = MagellanElcano(players=3)
    state = game.new_game(4)
    observation = game.observe(state, 0)
    # Another seat's public view changed: a sampled state cannot look like this.
    crews = list(observation.crews)
    crews[1] = attrs.evolve(crews[1], passed=True)
    forged = attrs.evolve(observation, crews=tuple(crews))
    with pytest.raises(boardgames.InvalidStateError):
        game.codec.check(forged)
    game.codec.check(observation)


# --- find_action and illegal_action -------------------------------------------------------


def test_find_action_finds_by_identity_first() -> None:
    legal = (_Move(1), _Move(2), _Move(3))
    assert 2 == find_action(legal, legal[2])


def test_find_action_finds_an_equal_value_of_the_same_types() -> None:
    assert 1 == find_action((_Move(1), _Move(2)), _Move(2))


@pytest.mark.parametrize(
    "look_alike",
    [_Move(True), _Move(2.0), _YesToEverything(), _RaisesOnCompare(), 2, None],  # type: ignore[arg-type]
)
def test_find_action_refuses_look_alikes(look_alike: Any) -> None:
    assert -1 == find_action((_Move(1), _Move(2)), look_alike)


def test_illegal_action_carries_the_refused_value() -> None:
    action = _Move(7)
    error = illegal_action(action, "seat 0 must pass")
    assert isinstance(error, boardgames.IllegalActionError)
    assert "illegal action _Move(steps=7): seat 0 must pass" == str(error)
    assert error.action is action


def test_illegal_action_survives_a_broken_repr() -> None:
    error = illegal_action(_BadRepr(), "not an action")
    assert "illegal action <_BadRepr object>: not an action" == str(error)


def test_illegal_action_errors_pickle_with_their_action() -> None:
    error = illegal_action(PlayCard(3, Colour.RED), "card 3 is not in seat 0's hand")
    copy = pickle.loads(pickle.dumps(error))
    assert str(error) == str(copy)
    assert PlayCard(3, Colour.RED) == copy.action


@pytest.mark.parametrize("name", GAMES)
def test_every_game_refuses_with_the_action_attached(name: str) -> None:
    game = boardgames.make(name)
    state = game.new_game(9)
    action = _Move(1)
    with pytest.raises(boardgames.IllegalActionError) as caught:
        game.apply(state, action)  # not an action of the game
    assert caught.value.action is action
    assert str(caught.value).startswith("illegal action _Move(steps=1): ")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("hostile", [_YesToEverything(), _RaisesOnCompare()])
def test_every_game_refuses_hostile_objects_with_a_library_error(name: str, hostile: Any) -> None:
    game = boardgames.make(name)
    state = game.new_game(9)
    with pytest.raises(boardgames.IllegalActionError):
        game.apply(state, hostile)


def test_the_version_is_the_package_version() -> None:
    from importlib.metadata import version

    from boardgames._version import __version__

    assert boardgames.__version__ == __version__ == version("boardgames")


@attrs.frozen
class _Table:
    """A stand-in position: its moves, where they start, and its public part."""

    history: tuple[str, ...] = ()
    origin: _Table | None = None
    name: str = "table"

    def public(self) -> str:
        return f"public {self.name}"


@attrs.frozen
class _SetUp:
    history: History[str] = attrs.field(factory=History)


def test_a_set_up_table_starts_its_history_from_its_origin() -> None:
    """Moves start from the position's own origin; a table without moves is its own origin."""
    start = _Table(name="start")
    assert "public start" == origin_text(
        _Table(history=("a",), origin=start), at_deal=False, table=lambda: "unused"
    )
    assert origin_text(_Table(history=("a",)), at_deal=False, table=lambda: "unused") is None
    assert "written" == origin_text(
        _Table(history=("a",), origin=start),
        at_deal=False,
        table=lambda: "unused",
        of_origin=lambda origin: "written",
    )
    assert "mid-game" == origin_text(_Table(), at_deal=False, table=lambda: "mid-game")
    assert origin_text(_Table(), at_deal=True, table=lambda: "mid-game") is None


def test_finishing_a_setup_gives_the_history_and_turns_a_bad_table_into_a_setup_error() -> None:
    state = finish_setup(_SetUp(), ("a", "b"), "origin", lambda state: None)
    assert ("a", "b") == tuple(state.history)
    assert "origin" == state.history.origin

    def refuse(state: _SetUp) -> None:
        raise InvalidStateError("seat 2 holds 9 cards")

    with pytest.raises(
        ConfigurationError, match=r"^the position cannot be set up: .*seat 2 holds 9 cards"
    ):
        finish_setup(_SetUp(), (), None, refuse)

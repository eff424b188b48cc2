"""The exception tree, and the messages of the errors a user meets first."""

from __future__ import annotations

import pickle

import pytest

import boardgames
from boardgames.core import errors
from boardgames.games.magellan_elcano import Pass

ERROR_BASES: tuple[tuple[type[Exception], type[Exception]], ...] = (
    (boardgames.IllegalActionError, ValueError),
    (boardgames.ConfigurationError, ValueError),
    (boardgames.NotationError, boardgames.ConfigurationError),
    (boardgames.InvalidStateError, ValueError),
    (boardgames.SerializationError, ValueError),
    (boardgames.RecordError, ValueError),
    (boardgames.UnknownGameError, LookupError),
    (boardgames.UnknownComponentError, LookupError),
    (boardgames.PluginError, ImportError),
)
"""Each error class and the built-in exception it is mixed into."""


def test_root_is_a_plain_exception() -> None:
    assert (boardgames.BoardgamesError, Exception, BaseException, object) == (
        boardgames.BoardgamesError.__mro__
    )


@pytest.mark.parametrize(("error_class", "builtin"), ERROR_BASES)
def test_every_error_derives_from_the_root_and_its_builtin(
    error_class: type[Exception], builtin: type[Exception]
) -> None:
    assert issubclass(error_class, boardgames.BoardgamesError)
    assert issubclass(error_class, builtin)
    with pytest.raises(builtin):
        raise error_class("boom")


def test_a_notation_error_keeps_its_place_across_processes() -> None:
    error = boardgames.NotationError("unexpected token 'X'", token="X", line=2, column=7)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.token, copy.line, copy.column) == (str(error), "X", 2, 7)


def test_unknown_game_error_is_not_a_key_error() -> None:
    """``LookupError`` is the fitting built-in, but not ``KeyError``, whose str is a repr."""
    assert not issubclass(boardgames.UnknownGameError, KeyError)


def test_every_error_is_exported_and_drawn_in_the_tree() -> None:
    names = {cls.__name__ for cls, _ in ERROR_BASES} | {"BoardgamesError"}
    assert sorted(names) == sorted(errors.__all__)
    assert errors.__doc__ is not None
    for name in names:
        assert getattr(boardgames, name) is getattr(errors, name)
        assert name in errors.__doc__


def test_serialization_error_path_defaults_to_the_whole_document() -> None:
    error = boardgames.SerializationError("invalid JSON: nothing")
    assert "$" == error.path
    assert "invalid JSON: nothing" == str(error)


def test_serialization_error_keeps_its_path() -> None:
    error = boardgames.SerializationError("expected an integer", "$.data.card")
    assert "$.data.card" == error.path
    assert "expected an integer" == str(error)


def test_make_unknown_game_names_it_and_the_registered_games() -> None:
    with pytest.raises(boardgames.UnknownGameError) as caught:
        boardgames.make("chess")
    message = str(caught.value)
    assert message.startswith("unknown game 'chess'")
    assert "magellan-elcano" in message


@pytest.mark.parametrize("players", [0, 1, 6, -3, 100])
def test_make_player_count_out_of_range_gives_the_allowed_range(players: int) -> None:
    with pytest.raises(boardgames.ConfigurationError) as caught:
        boardgames.make("magellan-elcano", players=players)
    assert f"players={players} is out of range for magellan-elcano: allowed 2 to 5" == str(
        caught.value
    )


@pytest.mark.parametrize("players", ["3", 3.0, True])
def test_make_player_count_of_the_wrong_type_gives_the_allowed_range(players: object) -> None:
    with pytest.raises(boardgames.ConfigurationError) as caught:
        boardgames.make("magellan-elcano", players=players)  # type: ignore[arg-type]
    assert f"players={players!r} must be an int from 2 to 5" == str(caught.value)


def test_make_unknown_option_lists_the_allowed_options() -> None:
    with pytest.raises(boardgames.ConfigurationError) as caught:
        boardgames.make("magellan-elcano", players=4, storms=True)
    assert "unknown option 'storms' for magellan-elcano; allowed options: storm_variant" == str(
        caught.value
    )


@pytest.mark.parametrize(("value", "type_name"), [(1, "int"), ("yes", "str"), (None, "NoneType")])
def test_make_option_of_the_wrong_type_names_the_expected_type(
    value: object, type_name: str
) -> None:
    with pytest.raises(boardgames.ConfigurationError) as caught:
        boardgames.make("magellan-elcano", players=4, storm_variant=value)
    assert f"option storm_variant={value!r} has type {type_name}; expected bool" == str(
        caught.value
    )


def test_make_rejects_an_option_the_player_count_forbids() -> None:
    with pytest.raises(boardgames.ConfigurationError) as caught:
        boardgames.make("magellan-elcano", players=3, storm_variant=True)
    assert str(caught.value).startswith("storm_variant=True needs 4 or 5 players, not 3")


def test_illegal_action_names_the_action_and_the_reason() -> None:
    game = boardgames.make("magellan-elcano", players=3)
    with pytest.raises(boardgames.IllegalActionError) as caught:
        game.apply(game.new_game(seed=5), Pass())  # the first player must play first
    assert (
        "illegal action Pass(): the first player must play at least one card before passing"
        == str(caught.value)
    )


def test_illegal_action_refuses_foreign_objects() -> None:
    game = boardgames.make("magellan-elcano", players=3)
    with pytest.raises(boardgames.IllegalActionError) as caught:
        game.apply(game.new_game(seed=5), "pass")
    assert str(caught.value).startswith("illegal action 'pass': not a Magellan: Elcano action")


def test_messages_start_lowercase() -> None:
    """House style: messages are lowercase and name the problem first."""
    messages = []
    for call in (
        lambda: boardgames.make("chess"),
        lambda: boardgames.make("magellan-elcano", players=9),
        lambda: boardgames.make("magellan-elcano", colour="red"),
        lambda: boardgames.make("magellan-elcano", storm_variant="no"),
        lambda: boardgames.loads("{"),
        lambda: boardgames.loads("[]"),
        lambda: boardgames.dumps(object()),
    ):
        with pytest.raises(boardgames.BoardgamesError) as caught:
            call()
        messages.append(str(caught.value))
    assert [message[0].lower() + message[1:] for message in messages] == messages

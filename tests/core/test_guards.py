"""The shared argument checks: the same errors and messages in every game."""

from __future__ import annotations

import pytest

import boardgames
from boardgames.core.guards import (
    check_seat,
    check_seed,
    describe_configuration,
    foreign_state,
    foreign_state_action,
)


@pytest.mark.parametrize("seed", [0, -5, 2**70])
def test_int_seeds_are_accepted(seed: int) -> None:
    assert seed == check_seed(seed)


@pytest.mark.parametrize("seed", ["1", 1.0, True, None])
def test_other_seeds_are_refused(seed: object) -> None:
    with pytest.raises(boardgames.ConfigurationError) as caught:
        check_seed(seed)
    assert f"seed={seed!r} must be an int" == str(caught.value)


@pytest.mark.parametrize("player", [0, 1, 2])
def test_seats_are_accepted(player: int) -> None:
    assert player == check_seat(player, 3)


@pytest.mark.parametrize("player", [-1, 3, True, False, 1.0, "1", None])
def test_other_players_are_refused(player: object) -> None:
    with pytest.raises(boardgames.ConfigurationError) as caught:
        check_seat(player, 3)
    assert f"player={player!r} is not a seat (0 to 2)" == str(caught.value)


def test_foreign_state_messages_name_both_configurations() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    described = describe_configuration(3, {"storm_variant": False})
    assert "3 players, storm_variant=False" == described
    error = foreign_state(game, described)
    assert isinstance(error, boardgames.ConfigurationError)
    assert (
        "the state is for 3 players, storm_variant=False, "
        "but this game is MagellanElcano(players=2, storm_variant=False)"
    ) == str(error)
    refused = foreign_state_action(game, "Pass()", described)
    assert isinstance(refused, boardgames.IllegalActionError)
    assert str(refused).startswith("illegal action 'Pass()': the state belongs to a different")


@pytest.mark.parametrize(
    "name", ["magellan-elcano", "morrigan", "morgans-magic-map", "kincses-sziget"]
)
def test_every_game_names_the_state_configuration(name: str) -> None:
    """A state of a 2-player game given to the 3-player game names both seat counts.

    Only the settings that differ are named.
    """
    two = boardgames.make(name, players=2)
    three = boardgames.make(name, players=3)
    state = two.new_game(1)
    with pytest.raises(boardgames.ConfigurationError) as caught:
        three.legal_actions(state)
    assert "the state is for 2 players, but this game is for 3 players" == str(caught.value)
    action = two.legal_actions(state)[0]
    with pytest.raises(boardgames.IllegalActionError) as refused:
        three.apply(state, action)
    assert str(refused.value).endswith(
        ": the state is for 2 players, but this game is for 3 players"
    )


@pytest.mark.parametrize(
    ("name", "option"), [("morrigan", "wide_curse"), ("kincses-sziget", "reveal_shown_cards")]
)
def test_a_state_of_other_options_names_the_option(name: str, option: str) -> None:
    default = boardgames.make(name)
    flipped = boardgames.make(name, **{option: not default.options[option]})
    with pytest.raises(boardgames.ConfigurationError) as caught:
        default.legal_actions(flipped.new_game(1))
    value = default.options[option]
    assert f"the state is for {option}={not value}, but this game is for {option}={value}" == str(
        caught.value
    )

"""Illegal actions raise IllegalActionError naming the action and the reason, and change nothing."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import boardgames
from boardgames.core.errors import InvalidStateError
from boardgames.games.morrigan import (
    AddAction,
    AddCatapult,
    CardKind,
    ChooseTarget,
    Commit,
    Conquer,
    DeclareDuel,
    Decline,
    EndActions,
    Fight,
    LoseCard,
    Morrigan,
    MorriganState,
    PlayOrdeal,
    PlaySorcery,
    PlaySpecial,
    PlayTerritory,
    Reinforce,
    Stake,
    Staked,
    Withdraw,
)

K = CardKind


def assert_refused(
    game: Morrigan, state: MorriganState, action: object, reason: str, *, offered: bool = False
) -> None:
    """Check that ``action`` raises, names itself and the reason, and leaves ``state`` alone.

    Unless ``offered`` (an action equal to a legal one but of the wrong field type), also
    check that it is not among the legal actions.
    """
    before = copy.deepcopy(state)
    with pytest.raises(boardgames.IllegalActionError) as caught:
        game.apply(state, action)  # type: ignore[arg-type]
    message = str(caught.value)
    assert repr(action) in message
    assert reason in message
    assert before == state
    if not offered:
        assert action not in game.legal_actions(state)


@pytest.fixture
def table(make_state: Callable[..., MorriganState]) -> MorriganState:
    """Seat 0 to act in a 3-player game, with a Deluge cast by seat 2 in force."""
    return make_state(
        3,
        hands=[[K.ACTION_2, K.TERRITORY_3, K.ORDEAL_1, K.CURSE, K.SORCERY, K.UNEXPECTED_ALLY]],
        territories={0: [K.TERRITORY_1], 1: [K.TERRITORY_2]},
        adversaries=[K.ADVERSARY_4],
        effects=[(K.DELUGE, 2)],
    )


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (PlayTerritory(3), "a Deluge forbids playing Territory cards"),
        (PlayOrdeal(4), "does not hold the card"),
        (PlaySpecial(K.CURSE), "is not played on its own"),
        (PlaySpecial(K.UNEXPECTED_ALLY), "the discard pile is empty"),
        (PlaySorcery(0), "Sorcery must target another player"),
        (Conquer(75), "cannot conquer his own Territory"),
        (Conquer(99), "is not a Territory in play"),
        (Fight(3), "is not an Adversary in the centre"),
        (Stake(K.ACTION_2), "must decide in the action phase"),
        (DeclareDuel(), "must decide in the action phase"),
        (object(), "not a Morrigan action"),
        (None, "not a Morrigan action"),
    ],
)
def test_the_action_menu_refuses_with_a_reason(
    make_game: Callable[..., Morrigan], table: MorriganState, action: object, reason: str
) -> None:
    """Each refused action names itself and why.

    House style: "Messages are lowercase, problem first, the bad input with `!r`, then
    context a user can act on."
    """
    assert_refused(make_game(3), table, action, reason)


def test_a_field_of_the_wrong_type_is_refused(
    make_game: Callable[..., Morrigan], table: MorriganState
) -> None:
    """``PlaySorcery(True)`` equals ``PlaySorcery(1)`` in Python but is not an action.

    Protocol: `apply` "raises `IllegalActionError` naming the action and saying why".
    """
    assert_refused(
        make_game(3), table, PlaySorcery(True), "a parameter has the wrong type", offered=True
    )


def test_an_attack_refuses_commit_without_cards_and_catapults_in_fights(
    make_game: Callable[..., Morrigan],
    table: MorriganState,
    play: Callable[..., MorriganState],
) -> None:
    """Commit needs an Action card; a Catapult only joins a conquest.

    Ruling A-MOR-11 and the Catapult's "Playable only together with one or more Action
    cards in a conquest."
    """
    game = make_game(3)
    state = play(game, table, Fight(table.adversaries[0].card))
    assert_refused(game, state, Commit(), "at least one Action card")
    assert_refused(game, state, AddAction(5), "does not hold the card")
    assert_refused(game, state, AddCatapult(), "only in the conquest of a Territory")
    assert_refused(game, state, EndActions(), "must decide in the attack phase")


def test_stakes_refuse_decline_in_extra_rounds_and_blessing_without_one(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Withdraw belongs to extra rounds, Decline to the first; Blessing needs the card.

    Rulebook: "A player who has declined to stake cannot go back on his decision" and
    "During an additional staking round, a player may decide to stop staking."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ORDEAL_2], [K.ACTION_2, K.ACTION_1], [K.ACTION_2]])
    state = play(game, state, PlayOrdeal(2))
    assert_refused(game, state, Withdraw(), "declines (Decline) in the first staking round")
    assert_refused(game, state, Stake(K.ACTION_2, blessed=True), "does not hold a Blessing")
    state = play(game, state, Stake(K.ACTION_2), Stake(K.ACTION_2))
    assert_refused(game, state, Decline(), "a tied player withdraws")


def test_reinforcement_targets_and_duel_losses_are_checked(
    make_game: Callable[..., Morrigan],
    table: MorriganState,
    play: Callable[..., MorriganState],
) -> None:
    """Another player's Territory is no target; LoseCard outside a lost duel is refused.

    Rulebook: "Reinforce each of his Territories with ONE card from his hand".
    """
    game = make_game(3)
    state = play(game, table, EndActions())
    assert_refused(game, state, ChooseTarget(78), "still to be reinforced this turn")
    assert_refused(game, state, LoseCard(75), "must decide in the reinforce_target phase")
    assert_refused(game, state, Reinforce(K.ACTION_2), "must decide")


def test_a_finished_game_refuses_everything(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """No action is legal once the game is over.

    Protocol: "`apply` … raises `IllegalActionError` … also for … terminal states".
    """
    game = make_game(2, max_turns=5)
    state = make_state(2, options=game.new_game(0).options)
    state = game.apply(state, EndActions())
    assert game.is_terminal(state)
    assert_refused(game, state, EndActions(), "the game is over")


def test_a_state_of_another_configuration_is_refused(
    make_game: Callable[..., Morrigan], table: MorriganState
) -> None:
    """A 3-player state does not belong to a 4-player game.

    Protocol: states carry their configuration.
    """
    with pytest.raises(boardgames.IllegalActionError, match="the state is for 3 players"):
        make_game(4).apply(table, EndActions())
    with pytest.raises(boardgames.ConfigurationError):
        make_game(4).legal_actions(table)


@pytest.mark.parametrize(
    "fake",
    [
        PlayTerritory(True),
        PlayTerritory(1.0),  # type: ignore[arg-type]
        Staked(1),  # type: ignore[arg-type]
        Fight(0),  # card 0 is an Action card, not an Adversary
        ChooseTarget(0),
        LoseCard(0),
        Reinforce(K.ACTION_1),  # the history shows a reinforcement face down
        Stake(K.ACTION_1),  # and a stake
    ],
    ids=repr,
)
def test_a_history_entry_that_only_looks_like_a_public_action_is_refused(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    fake: object,
) -> None:
    """The history holds the public actions the rules write: look-alikes are refused.

    A field of the wrong type, a card of the wrong type, or a face-down card named.
    """
    game = make_game(3)
    state = play(game, make_state(3, hands=[[K.TERRITORY_1, K.ACTION_1]]), PlayTerritory(1))
    turn, seat, _ = state.history[-1]
    entries: list[Any] = [*state.history[:-1], (turn, seat, fake)]
    with pytest.raises(InvalidStateError):
        game.check_state(attrs.evolve(state, history=boardgames.History(entries)))

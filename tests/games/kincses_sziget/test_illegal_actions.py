"""Illegal actions are refused with a clear message and leave the state unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import boardgames
from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    Action,
    Advance,
    AnchorDiscard,
    AnchorDraw,
    Challenge,
    Compose,
    CrewFromRow,
    DiscardCrew,
    DrawEvent,
    Move,
    Offer,
    Steal,
    StealTarget,
)


def test_an_action_of_the_wrong_step_is_refused(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Only the step on top of the stack may be answered."""
    game = make_game(2)
    state = make_state()
    before = boardgames.dumps(state)
    with pytest.raises(boardgames.IllegalActionError, match="turn choice"):
        game.apply(state, Challenge(1))
    assert before == boardgames.dumps(state)


@pytest.mark.parametrize(
    "action",
    [Move(0), Move(4), DiscardCrew(9), DrawEvent(3), Compose(0, None), object(), None, "move 1"],
)
def test_malformed_or_foreign_actions_are_refused(
    make_game: Callable[..., KincsesSziget],
    make_state: Callable[..., KincsesState],
    action: object,
) -> None:
    """``apply`` raises IllegalActionError for anything not in ``legal_actions``."""
    game = make_game(2)
    state = make_state()
    with pytest.raises(boardgames.IllegalActionError, match="illegal action"):
        game.apply(state, action)  # type: ignore[arg-type]


def test_anchoring_a_third_time_is_refused(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Rulebook: "In the round that follows, they must move: they must raise the anchor."."""
    game = make_game(2)
    state = make_state(anchors=(2, 0))
    for action in (AnchorDraw(), AnchorDiscard()):
        with pytest.raises(boardgames.IllegalActionError):
            game.apply(state, action)


def test_forbidden_compositions_and_offers_are_refused(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Forbidden compositions and offers are refused.

    Rulebook: "If a player has a pirate card in hand, they must play one." and "Playing a weapon
    card of another colour is forbidden." (A-IRA-19).
    """
    game = make_game(2)
    state = make_state(hands=((40, 69, 48, 1), (4, 5, 6, 7)), event_pile_tops=((14,), (), ()))
    for action in (Move(1), DrawEvent(0), Challenge(1), DiscardCrew(1)):
        state = game.apply(state, action)
    for bad in (Compose(None, 69), Compose(40, 48), Compose(4, None), Offer(69)):
        with pytest.raises(boardgames.IllegalActionError):
            game.apply(state, bad)


def test_intrigue_on_a_protected_player_is_refused(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Intrigue on a protected player is refused.

    Rulebook: "a player who has fewer than 3 crew cards or treasure cards is protected".
    """
    game = make_game(2)
    state = make_state(hands=((0, 1, 2), (4, 5, 6)), event_pile_tops=((26,), (), ()))
    state = game.apply(state, Move(1))
    state = game.apply(state, DrawEvent(0))
    with pytest.raises(boardgames.IllegalActionError):
        game.apply(state, Steal(1, StealTarget.TREASURE))


def test_a_finished_game_refuses_every_action(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """No decision is pending once a ship has reached Treasure Island."""
    game = make_game(2)
    state = make_state(positions=(43, 10), tasks=())
    with pytest.raises(boardgames.IllegalActionError, match="game is over"):
        game.apply(state, Move(1))


def test_a_state_of_another_configuration_is_refused(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A game only accepts states made for its own player count and options."""
    state = make_state(2)
    with pytest.raises(boardgames.IllegalActionError, match="the state is for 2 players"):
        make_game(3).apply(state, Move(1))
    with pytest.raises(boardgames.ConfigurationError):
        make_game(2, max_turns=7).legal_actions(state)


DUEL, TAILWIND = 0, 47
"""A duel (orange, double circle) and a tailwind event card."""


@pytest.mark.parametrize(
    ("before", "action", "legal"),
    [
        ((), Move(True), Move(1)),  # a bool is an int
        ((), Move(steps=1.0), Move(1)),  # type: ignore[arg-type]
        ((Move(1),), DrawEvent(False), DrawEvent(0)),  # a bool is an int
        ((Move(1),), DrawEvent(pile=0.0), DrawEvent(0)),  # type: ignore[arg-type]
        ((Move(1), DrawEvent(0)), Challenge(True), Challenge(1)),  # a bool is an int
        ((Move(1), DrawEvent(1)), Advance(1.0), Advance(1)),  # type: ignore[arg-type]
        ((AnchorDraw(),), CrewFromRow(slot=0.0), CrewFromRow(0)),  # type: ignore[arg-type]
        ((AnchorDiscard(),), DiscardCrew(card=True), DiscardCrew(1)),  # a bool is an int
    ],
)
def test_a_look_alike_of_a_legal_action_is_refused(
    make_game: Callable[..., KincsesSziget],
    make_state: Callable[..., KincsesState],
    before: tuple[Action, ...],
    action: Action,
    legal: Action,
) -> None:
    """A value that equals a legal action but has another field type is not that action.

    ``Move(True)`` and ``Move(steps=1.0)`` compare equal to ``Move(1)`` (and so on for
    every action with a number in it); ``apply`` refuses them (it used to take them for
    the legal action) with a message that names the legal form to pass instead.
    """
    game = make_game(2)
    state = make_state(event_pile_tops=((DUEL,), (TAILWIND,), ()))
    for earlier in before:
        state = game.apply(state, earlier)
    assert legal == action
    assert legal in game.legal_actions(state)
    before_text = boardgames.dumps(state)
    with pytest.raises(boardgames.IllegalActionError) as caught:
        game.apply(state, action)
    assert action is caught.value.action
    message = str(caught.value)
    assert message.startswith(
        f"illegal action {action!r}: it equals the legal {legal!r}, but a field is of another "
        f"type; pass {legal!r} itself (seat 0 must decide on "
    ), message
    assert before_text == boardgames.dumps(state)

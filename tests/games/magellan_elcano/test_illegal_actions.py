"""Illegal actions raise IllegalActionError naming the action, and change nothing."""

from __future__ import annotations

import copy
from collections.abc import Callable

import attrs
import pytest

import boardgames
from boardgames.games.magellan_elcano import (
    Crew,
    FaceDownPlayed,
    MagellanElcano,
    MagellanState,
    Pass,
    PlayCard,
    PlayFaceDown,
)
from boardgames.games.magellan_elcano.components import CREW_CARDS, Colour

RED, BLUE, GREEN = Colour.RED, Colour.BLUE, Colour.GREEN
HAND = (0, 4, 9, 10, 12)  # R1/B4, B1/G4, G2/R3, G3/R5, R7


def assert_refused(
    game: MagellanElcano,
    state: MagellanState,
    action: object,
    reason: str,
    *,
    offered: bool = False,
) -> None:
    """Check that ``action`` raises, names itself and the reason, and leaves ``state`` as it was.

    Unless ``offered``, also check that the action is not among the legal actions.
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
def opening(
    make_crew: Callable[..., Crew], make_state: Callable[..., MagellanState]
) -> MagellanState:
    """Round 1 of a 3-player game, seat 0 (the first player) to play, holding ``HAND``."""
    return make_state([make_crew(HAND) for _ in range(3)])


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (PlayCard(3, RED), "not in seat 0's hand"),
        (PlayCard(99, RED), "not in seat 0's hand"),
        (PlayCard(-1, BLUE), "not in seat 0's hand"),
        (PlayCard(0, GREEN), "has no green end"),
        (PlayCard(12, BLUE), "has no blue end"),
        (PlayFaceDown(12), "only played in storm games"),
        (Pass(), "must play at least one card"),
        ("pass", "not a Magellan: Elcano action"),
        (None, "not a Magellan: Elcano action"),
        (42, "not a Magellan: Elcano action"),
    ],
)
def test_an_illegal_action_is_refused_and_leaves_the_state_unchanged(
    make_game: Callable[..., MagellanElcano],
    opening: MagellanState,
    action: object,
    reason: str,
) -> None:
    """Refuse cards not in hand, missing colours, face-down cards, early passes, non-actions.

    No face-down play without storms; the start player may not pass first; a string, None
    or an int is not an action.

    Rulebook: "on their turn the players place one of the crew cards from their hand face
    up on the table" and "Note: the start player must play at least one card, but may pass
    thereafter." (ruling A-MAG-4)
    """
    assert_refused(make_game(3), opening, action, reason)


def test_a_card_may_not_be_played_in_a_colour_it_lacks(
    make_game: Callable[..., MagellanElcano], opening: MagellanState
) -> None:
    """No action offered for a colour the card lacks, and such a play is refused.

    Rulebook: "All cards in a column must be of the same color/anchor".
    """
    game = make_game(3)
    offered = {(a.card, a.colour) for a in game.legal_actions(opening) if isinstance(a, PlayCard)}
    assert (0, GREEN) not in offered
    assert (12, BLUE) not in offered
    assert (12, GREEN) not in offered
    assert_refused(game, opening, PlayCard(0, GREEN), "has no green end")


def test_a_face_down_card_not_in_hand_is_refused(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """With storms, only a card from the hand may go face down.

    Rulebook: "the players, on their turn, can play any card face down in a fourth column."
    (a card from their hand, as in every play)
    """
    state = make_state([make_crew(HAND) for _ in range(5)])
    assert_refused(make_game(5), state, PlayFaceDown(3), "not in seat 0's hand")


def test_no_action_is_legal_once_the_game_is_over(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """After round 6 every action is refused and none is offered.

    Rulebook: "The game ends immediately if, after phase C (Anchoring), the players have no
    more crew cards to draw from their deck and add to the hand".
    """
    game = make_game(3)
    record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=5)
    *_, state = boardgames.replay(record)
    assert game.is_terminal(state)
    assert () == tuple(game.legal_actions(state))
    card = min(state.crews[0].hand, default=0)
    for action in (Pass(), PlayCard(card, CREW_CARDS[card].values[0][0]), "pass"):
        assert_refused(game, state, action, "the game is over")


def test_a_state_of_another_configuration_is_refused(
    make_game: Callable[..., MagellanElcano], opening: MagellanState
) -> None:
    """A 3-player state given to a 4-player game is refused, whatever the action (protocol).

    ``legal_actions`` refuses the state too, so the action is not checked against it.
    """
    game = make_game(4)
    reason = "the state is for 3 players, but this game is for 4 players"
    assert_refused(game, opening, PlayCard(12, RED), reason, offered=True)
    with pytest.raises(boardgames.ConfigurationError, match=reason):
        game.legal_actions(opening)


def test_the_same_action_is_legal_again_after_a_refusal(
    make_game: Callable[..., MagellanElcano], opening: MagellanState
) -> None:
    """A refused action leaves the state usable: a legal action then applies normally.

    Protocol: ``apply`` is pure and refuses anything not in ``legal_actions``.
    """
    game = make_game(3)
    with pytest.raises(boardgames.IllegalActionError):
        game.apply(opening, Pass())
    state = game.apply(opening, PlayCard(12, RED))
    assert (12,) == state.crews[0].columns[RED]
    assert HAND == tuple(sorted(opening.crews[0].hand))


@pytest.mark.parametrize("card", [0.0, True, False, "0", (0,)])
def test_a_card_id_that_is_not_an_int_is_refused(
    make_game: Callable[..., MagellanElcano],
    make_state: Callable[..., MagellanState],
    make_crew: Callable[..., Crew],
    card: object,
) -> None:
    """A malformed card id is refused, even one equal to a card in hand (0.0, True).

    Protocol: ``apply`` is pure and refuses anything not in ``legal_actions``; crew cards are
    named by their int id (identical cards are one kind).
    """
    three = make_state([make_crew(HAND) for _ in range(3)])
    five = make_state([make_crew(HAND) for _ in range(5)])
    play = PlayCard(card, RED)  # type: ignore[arg-type]
    face_down = PlayFaceDown(card)  # type: ignore[arg-type]
    offered = card == 0  # PlayCard(0.0, RED) == PlayCard(0, RED), a legal action
    assert_refused(make_game(3), three, play, "not a crew card id", offered=offered)
    assert_refused(make_game(5), five, face_down, "not a crew card id", offered=offered)


@pytest.mark.parametrize(("card", "colour"), [(0, 1), (12, 0), (4, 2)])
def test_a_colour_that_is_a_plain_int_is_refused(
    make_game: Callable[..., MagellanElcano],
    opening: MagellanState,
    card: int,
    colour: int,
) -> None:
    """A colour given as an int is refused, even one equal to an end of the card.

    PlayCard(0, 1) equals PlayCard(0, Colour.BLUE), a legal play of R1/B4, but 1 is not a
    Colour; the message names the three colours instead of claiming the card lacks that end.

    Rulebook: "When playing a card with two colors, players must decide which color the card
    will take for the round." Protocol: ``apply`` is pure and refuses anything not in
    ``legal_actions``.
    """
    assert CREW_CARDS[card].value(Colour(colour))  # the card has that end
    play = PlayCard(card, colour)  # type: ignore[arg-type]
    reason = f"colour {colour} is not a Colour (Colour.RED, Colour.BLUE, Colour.GREEN)"
    game = make_game(3)
    assert play in game.legal_actions(opening)  # it equals the legal play with a Colour
    assert_refused(game, opening, play, reason, offered=True)


@attrs.frozen
class _PassLookAlike(Pass):
    """A subclass of ``Pass``: not the game's action, though it reads the same."""


@attrs.frozen
class _PlayLookAlike(PlayCard):
    """A subclass of ``PlayCard`` with the fields of a legal play."""


@pytest.mark.parametrize(
    "action",
    [
        FaceDownPlayed(),
        _PassLookAlike(),
        _PlayLookAlike(12, RED),
        (0, PlayCard(12, RED)),
    ],
)
def test_an_action_that_only_looks_like_one_is_refused(
    make_game: Callable[..., MagellanElcano], opening: MagellanState, action: object
) -> None:
    """Only the game's own action classes are actions; look-alikes are refused.

    ``FaceDownPlayed`` is how the history shows a face-down card (ruling A-MAG-7), not a
    move; a subclass of ``Pass`` or ``PlayCard`` and a history entry are not actions either.
    Protocol: ``apply`` is pure and refuses anything not in ``legal_actions``.
    """
    game = make_game(3)
    played = game.apply(opening, PlayCard(12, RED))  # so that passing would be legal
    for state in (opening, played):
        assert_refused(game, state, action, "not a Magellan: Elcano action")

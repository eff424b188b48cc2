"""Prestige, scores, ranking, and the turn limit."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.morrigan import (
    CardKind,
    EndActions,
    Morrigan,
    MorriganOptions,
    MorriganState,
    Phase,
)
from boardgames.games.morrigan.rules import prestige

K = CardKind


def test_prestige_adds_territories_won_ordeals_and_defeated_adversaries(
    make_state: Callable[..., MorriganState],
) -> None:
    """Territories 4 + 1, Ordeal 3 and Adversary 5 make 13 prestige.

    Rulebook: "To find the number of prestige points a player has accumulated, add up the
    values of the Territories he controls, the Ordeals he has won and the Adversaries he
    has defeated."
    """
    state = make_state(
        3,
        territories={1: [K.TERRITORY_4, K.TERRITORY_1]},
        won={1: [K.ORDEAL_3, K.ADVERSARY_5]},
    )
    assert (0, 13, 0) == tuple(prestige(state, seat) for seat in range(3))


def test_prestige_is_public(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """Every observation shows every player's scoring cards.

    Rulebook: "at any time during the game, a player must courteously answer any question
    about the number of prestige points he currently has."
    """
    game = make_game(3)
    state = make_state(3, territories={1: [K.TERRITORY_4]}, won={2: [K.ORDEAL_3]})
    for seat in range(3):
        view = game.observe(state, seat)
        assert [state.territories[1][0].card] == [h.card for h in view.territories[1]]
        assert state.won == view.won


def test_during_the_game_the_score_is_prestige_and_ties_share_a_place(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """Scores are prestige; equal prestige shares a place.

    Ruling A-MOR-23: a truncated game is scored by prestige, ties shared (and a game not
    over scores the current prestige too).
    """
    game = make_game(3)
    state = make_state(3, territories={0: [K.TERRITORY_2], 2: [K.TERRITORY_2]})
    assert (2.0, 0.0, 2.0) == game.score(state)
    assert (1, 3, 1) == game.ranking(state)


def test_max_turns_truncates_the_game(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """At the end of turn ``max_turns`` the game stops, truncated, scored by prestige.

    Ruling A-MOR-23: ``max_turns`` (default 500) ends the game, truncated, scored by prestige.
    """
    game = make_game(3, max_turns=5)
    state = make_state(
        3,
        hands=[[K.ACTION_1]],
        territories={1: [K.TERRITORY_3]},
        turn=5,
        options=MorriganOptions(max_turns=5),
    )
    state = play(game, state, EndActions())
    assert game.is_terminal(state)
    assert game.is_truncated(state)
    assert (Phase.GAME_OVER, None, None) == (state.phase, state.to_move, state.winner)
    assert (0.0, 3.0, 0.0) == game.score(state)
    assert (2, 1, 2) == game.ranking(state)
    assert () == tuple(game.legal_actions(state))


def test_max_turns_one_ends_after_the_first_turn(make_game: Callable[..., Morrigan]) -> None:
    """The option's minimum is one turn.

    Ruling A-MOR-23 (the turn limit).
    """
    game = make_game(2, max_turns=1)
    state = game.new_game(seed=1)
    while not game.is_terminal(state):
        state = game.apply(state, game.legal_actions(state)[-1])
    assert (1, True) == (state.turn, state.truncated)

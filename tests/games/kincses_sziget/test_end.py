"""The end of the game: passing space 42 (also by a reward move) and the turn limit."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    Advance,
    AnchorDiscard,
    BattleAdd,
    Challenge,
    Compose,
    DiscardCrew,
    Done,
    DrawEvent,
    Move,
)
from boardgames.games.kincses_sziget.rules import score_breakdown

TAILWIND = 47
BATTLE = 17
BLACK_CROSS = 14


def test_the_game_ends_when_a_ship_passes_space_42(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The game ends when a ship passes space 42.

    Rulebook: "The game ends immediately when the first ship reaches Treasure Island, that is, when
    it passes space 42. The other ships do not move any further" (A-IRA-2: Treasure Island lies
    after space 42).
    """
    game = make_game(2)
    state = make_state(positions=(40, 41))
    assert 42 == game.apply(state, Move(1)).positions[0]  # 41 holds a ship
    state = game.apply(state, Move(2))  # there is no second free space: the island
    assert (43, 41) == state.positions
    assert game.is_terminal(state)
    assert not game.is_truncated(state)
    assert game.current_player(state) is None
    assert () == tuple(game.legal_actions(state))
    assert 15 == score_breakdown(state, 0)["position"]


def test_a_reward_move_onto_the_island_ends_the_game_at_once(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A reward move onto the island ends the game at once.

    Rulebook: "The game ends immediately when the first ship reaches Treasure Island" (A-IRA-15:
    also by a reward move, even of a player who is not the active one).
    """
    game = make_game(2)
    state = make_state(positions=(39, 5), event_pile_tops=((TAILWIND,), (), ()))
    state = game.apply(state, Move(1))
    state = game.apply(state, DrawEvent(0))
    state = game.apply(state, Advance(3))
    assert 43 == state.positions[0]
    assert game.is_terminal(state)
    # The challenged player wins a duel and sails in from 41: nothing else happens.
    duel = make_state(
        hands=((0, 1, 2, 3), (44, 71, 6, 7)),
        positions=(2, 41),
        event_pile_tops=((BLACK_CROSS,), (), ()),
    )
    for action in (Move(1), DrawEvent(0), Challenge(1), DiscardCrew(3), Compose(0, None)):
        duel = game.apply(duel, action)
    duel = game.apply(duel, Compose(44, 71))
    assert 1 == duel.tasks[-1].player  # type: ignore[union-attr]
    duel = game.apply(duel, Advance(2))
    assert (3, 43) == duel.positions  # the loser does not even step back
    assert game.is_terminal(duel)


def test_a_battle_winner_reaching_the_island_ends_the_battle_too(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A battle winner reaching the island ends the battle too.

    Rulebook: "The other ships do not move any further, even if the rest of the race is not yet
    over." (the losers' step back and the picks never happen).
    """
    game = make_game(2)
    state = make_state(
        hands=((20, 29, 59), (30, 63)),
        positions=(39, 30),
        event_pile_tops=((BATTLE,), (), ()),
        crew_pile_top=(47,),
    )
    state = game.apply(state, Move(1))
    state = game.apply(state, DrawEvent(0))
    for action in (BattleAdd(20), BattleAdd(29), BattleAdd(59), Done(), BattleAdd(30), Done()):
        state = game.apply(state, action)
    state = game.apply(state, Advance(3))
    assert (43, 30) == state.positions
    assert game.is_terminal(state)


def test_the_turn_limit_ends_the_game_scored_as_it_stands(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """The turn limit ends the game scored as it stands.

    Ruling A-IRA-47: a player may loop forever, so ``max_turns`` ends the game with
    ``is_truncated`` true, scored by the normal formula.
    """
    game = make_game(2, max_turns=3)
    state = game.new_game(seed=4)
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        anchor = AnchorDiscard() if AnchorDiscard() in actions else actions[0]
        state = game.apply(state, anchor)
    assert 3 == state.turn
    assert game.is_truncated(state)
    assert 43 not in state.positions
    assert len(game.score(state)) == 2

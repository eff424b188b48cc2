"""The end of the game, set majorities, final scores, ranking and the turn limit."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from boardgames.games.morgans_magic_map import (
    DiscardFromHand,
    KeepHand,
    MorgansMagicMap,
    MorganState,
    Phase,
    TakeTreasure,
    Variant,
)
from boardgames.games.morgans_magic_map.components import TREASURE_CARDS, TreasureSet
from boardgames.games.morgans_magic_map.rules import set_bonuses, treasure_values

GEMS = [c.id for c in TREASURE_CARDS if c.set is TreasureSet.GEMS]
SILVER = [c.id for c in TREASURE_CARDS if c.set is TreasureSet.SILVER]
JADE = [c.id for c in TREASURE_CARDS if c.set is TreasureSet.JADE]


def test_the_game_ends_when_the_treasure_deck_runs_out(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The game ends when the treasure deck runs out.

    The last refill empties the deck: the game is over at once, the five cards on the
    board are never claimed, and the level bonus of that take is still paid.

    Rulebook: "The game ends immediately when all cards from the treasure deck have been
    placed on the treasure board. The last five treasure cards on the treasure board will
    not be claimed." (A-MMM-20.)
    """
    game = make_game(3)
    others = [c.id for c in TREASURE_CARDS][:23]
    state = make_state(phase=Phase.DIG_TAKE, cards_played=2, treasures=[others, [], []])
    assert 1 == len(state.treasure_deck)
    after = game.apply(state, TakeTreasure(2))
    assert game.is_terminal(after)
    assert game.current_player(after) is None
    assert () == tuple(game.legal_actions(after))
    assert 5 == len(after.treasure_board)
    assert 3 == after.coins[0]
    assert not game.is_truncated(after)
    assert after.hands == state.hands  # no draw after the end


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ((1, 0, 0, 0), (6, 0, 0, 0)),
        ((2, 2, 1, 0), (3, 3, 0, 0)),
        ((1, 1, 1, 0), (2, 2, 2, 0)),
        ((1, 1, 1, 1), (1, 1, 1, 1)),
        ((0, 0, 0, 0), (0, 0, 0, 0)),
    ],
)
def test_set_majorities_pay_6_or_a_share(
    make_state: Callable[..., MorganState],
    counts: tuple[int, int, int, int],
    expected: tuple[int, int, int, int],
) -> None:
    """Set majorities pay 6 or a share.

    Rulebook: "the player who holds the most of that type is given a bonus of 6 doubloons.
    If there is a tie for the most, the bonus is divided equally among all tied players; 3
    doubloons each in case of a two-way tie, 2 doubloons each in case of a three-way tie. If
    4 players tie, give each player 1 doubloon." (A-MMM-21: nobody holding a set, no bonus.)
    """
    gems = iter(GEMS)
    treasures = [[next(gems) for _ in range(count)] for count in counts]
    state = make_state(
        players=4, phase=Phase.DRAW_DISCARD, treasures=treasures, board=JADE + SILVER[:2]
    )
    assert expected == set_bonuses(state)


def test_the_number_of_items_on_a_card_does_not_count(
    make_state: Callable[..., MorganState],
) -> None:
    """The number of items on a card does not count.

    Rulebook: "The number of items shown on the cards does not affect scoring." (cards are
    counted, whatever their value.)
    """
    cheap, dear = GEMS[0], GEMS[-1]
    state = make_state(phase=Phase.DRAW_DISCARD, treasures=[[cheap, GEMS[1]], [dear], []])
    assert (6, 0, 0) == set_bonuses(state)


def test_the_score_adds_doubloons_bonuses_and_treasure_values(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The score adds doubloons bonuses and treasure values.

    Rulebook: "The final score is the sum of each player's doubloons that were collected
    during the game plus the doubloon value of the treasures they have at the end of the
    game." (plus the set bonuses).
    """
    game = make_game(3)
    state = make_state(
        phase=Phase.DRAW_DISCARD, coins=(5, 1, 0), treasures=[[JADE[2]], [GEMS[0], GEMS[1]], []]
    )
    assert (10 + 6 + 5, 1 + 1 + 6 + 1, 0.0) == game.score(state)


def test_ties_are_broken_by_treasure_value_then_shared(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Ties are broken by treasure value then shared.

    Rulebook: "In case of a tie, the player with the highest total doubloon value of
    treasure cards (not counting the bonuses) is declared the winner. If there is still a
    tie, the players involved in the tie must reluctantly accept the result."
    """
    game = make_game(3)
    # Seat 0: 5 + Jade Dragon 10 + jade share 3 = 18 (treasure value 10);
    # seat 1: 0 + Jade Tiger 8 + gem 1 + jade share 3 + gems 6 = 18 (value 9); seat 2: 18.
    state = make_state(
        phase=Phase.DRAW_DISCARD,
        coins=(5, 0, 18),
        treasures=[[JADE[2]], [JADE[1], GEMS[0]], []],
    )
    assert (18.0, 18.0, 18.0) == game.score(state)
    assert (1, 2, 3) == game.ranking(state)
    shared = make_state(phase=Phase.DRAW_DISCARD, coins=(3, 3, 0), treasures=[[], [], []])
    assert (1, 1, 3) == game.ranking(shared)
    assert (0, 0, 0) == treasure_values(shared)


def test_the_turn_limit_truncates_the_game(make_game: Callable[..., MorgansMagicMap]) -> None:
    """The turn limit truncates the game.

    Ruling A-MMM-26: ``max_turns`` ends the game, truncated, scored by the normal formula.
    """
    game = make_game(2, max_turns=3)
    state = game.new_game(5)
    choices = random.Random(5)
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        state = game.apply(state, actions[choices.randrange(len(actions))])
    assert 3 == state.turn_number
    assert game.is_truncated(state)
    assert isinstance(state.history[-1][1], KeepHand | DiscardFromHand)  # it ended after a draw
    values = treasure_values(state)
    bonuses = set_bonuses(state)
    assert tuple(
        float(c + b + v) for c, b, v in zip(state.coins, bonuses, values, strict=True)
    ) == game.score(state)


def test_a_game_may_be_stopped_after_any_draw(make_state: Callable[..., MorganState]) -> None:
    """With ``max_turns=1`` the first turn's draw ends the game."""
    from boardgames.games.morgans_magic_map import rules

    state = make_state(phase=Phase.DRAW_DISCARD, variant=Variant(max_turns=1))
    after = rules.apply(state, KeepHand())
    assert Phase.GAME_OVER is after.phase
    assert rules.is_truncated(after)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end(make_game: Callable[..., MorgansMagicMap], players: int) -> None:
    """Random players use up the treasure deck well before the turn limit."""
    game = make_game(players)
    for seed in range(2):
        state = game.new_game(seed)
        choices = random.Random(seed)
        while not game.is_terminal(state):
            actions = game.legal_actions(state)
            state = game.apply(state, actions[choices.randrange(len(actions))])
        assert not game.is_truncated(state)
        assert 24 == sum(len(cards) for cards in state.treasures)

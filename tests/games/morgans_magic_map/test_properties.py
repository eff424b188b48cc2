"""Invariants of whole random games, checked with Hypothesis."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames import History
from boardgames.games.morgans_magic_map import MorgansMagicMap, MorganState, Phase
from boardgames.games.morgans_magic_map.components import TREASURE_CARDS, TreasureId
from boardgames.games.morgans_magic_map.geometry import edges_match, is_connected

CONFIGURATIONS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (3, {"connectivity_at_end_of_action": True}),
    (2, {"shovel_without_play": True}),
    (4, {"exact_bonus_cards": True}),
]

MAX_LEGAL = 60
"""A bound on every legal-action list (at most 40 cells, 30 at tile selection)."""


SHARE_OF_SIX = {1: 6, 2: 3, 3: 2, 4: 1}
"""The set bonus each of the tied leaders gets, by how many tie (rulebook, End of Game)."""


def expected_set_bonuses(treasures: Sequence[Sequence[TreasureId]]) -> list[int]:
    """Work out each seat's set-majority bonus from the printed sets of its treasure cards."""
    bonuses = [0] * len(treasures)
    held = {TREASURE_CARDS[card].set for cards in treasures for card in cards}
    for treasure_set in held:  # a set nobody holds awards nothing
        counts = [
            len([card for card in cards if TREASURE_CARDS[card].set == treasure_set])
            for cards in treasures
        ]
        leaders = [seat for seat, count in enumerate(counts) if count == max(counts)]
        for seat in leaders:
            bonuses[seat] += SHARE_OF_SIX[len(leaders)]
    return bonuses


def playout(game: MorgansMagicMap, seed: int) -> list[MorganState]:
    """Play a game from ``seed`` choosing uniformly among legal actions; return every state."""
    rng = random.Random(seed)
    states = [game.new_game(seed)]
    while not game.is_terminal(states[-1]):
        actions = game.legal_actions(states[-1])
        states.append(game.apply(states[-1], actions[rng.randrange(len(actions))]))
    return states


@settings(max_examples=6, deadline=None)
@given(
    configuration=st.sampled_from(CONFIGURATIONS),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_every_state_of_a_random_game_is_valid(
    make_game: Callable[..., MorgansMagicMap],
    configuration: tuple[int, dict[str, bool]],
    seed: int,
) -> None:
    """check_state holds after every apply; apply never changes its input; lists stay small.

    Rulebook: "72 map cards", "29 treasure cards" (each card is in exactly one place), and
    the map always obeys the placement rules outside a map change.
    """
    players, options = configuration
    game = make_game(players, **options)
    rng = random.Random(seed)
    state = game.new_game(seed)
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        assert 0 < len(actions) <= MAX_LEGAL
        assert len(set(actions)) == len(actions)
        before = hash(state)
        following = game.apply(state, actions[rng.randrange(len(actions))])
        assert before == hash(state)
        game.check_state(following)
        assert edges_match(following.tiles)
        if following.phase not in (
            Phase.MAP_SELECT_TILE,
            Phase.MAP_SELECT_CELL,
            Phase.MAP_SELECT_ROTATION,
        ):
            assert is_connected(following.tiles)
        assert tuple(state.history) == following.history[: len(state.history)]
        assert state.history == History(following.history[: len(state.history)])
        state = following
    assert () == tuple(game.legal_actions(state))


@settings(max_examples=4, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_doubloons_are_never_negative_and_scores_add_up(
    make_game: Callable[..., MorgansMagicMap], players: int, seed: int
) -> None:
    """Doubloons are never negative and scores add up.

    Payments never overdraw ("If the player cannot pay the cost, they may not enter"). The
    final score is doubloons + set bonuses + printed treasure values, worked out here from
    the cards themselves: "For each treasure card type, the player who holds the most of
    that type is given a bonus of 6 doubloons. If there is a tie for the most, the bonus is
    divided equally among all tied players; 3 doubloons each in case of a two-way tie, 2
    doubloons each in case of a three-way tie. If 4 players tie, give each player 1
    doubloon." and "The final score is the sum of each player's doubloons that were
    collected during the game plus the doubloon value of the treasures they have at the end
    of the game." Ruling A-MMM-21: "'Most' requires ≥1 card (no award for 0)."

    The score is checked at every state, not only the last, so that the rarer ties (three
    or four players level on a set) are met early in the game, when hands are small.
    """
    game = make_game(players)
    states = playout(game, seed)
    for state in states:  # "as the rules count it now": every hand of treasures met on the way
        assert all(coins >= 0 for coins in state.coins)
        values = [sum(TREASURE_CARDS[card].value for card in cards) for cards in state.treasures]
        bonuses = expected_set_bonuses(state.treasures)
        assert tuple(
            float(coins + bonus + value)
            for coins, bonus, value in zip(state.coins, bonuses, values, strict=True)
        ) == game.score(state)
        assert sum(bonuses) <= 6 * 6  # each set pays out 6 at most
    assert 24 == sum(len(cards) for cards in states[-1].treasures)


@settings(max_examples=3, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_states_and_observations_round_trip(
    make_game: Callable[..., MorgansMagicMap], players: int, seed: int
) -> None:
    """Every 25th state, and every seat's observation of it, survives dumps/loads."""
    game = make_game(players)
    for state in playout(game, seed)[::25]:
        assert state == boardgames.loads(boardgames.dumps(state))
        for seat in range(players):
            observation = game.observe(state, seat)
            assert observation == boardgames.loads(boardgames.dumps(observation))

"""Invariants of whole random games, checked with Hypothesis."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.games.morgans_magic_map import MorgansMagicMap, MorganState, Phase
from boardgames.games.morgans_magic_map.geometry import edges_match, is_connected
from boardgames.games.morgans_magic_map.rules import set_bonuses, treasure_values

CONFIGURATIONS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (3, {"connectivity_at_end_of_action": True}),
    (2, {"shovel_without_play": True}),
    (4, {"exact_bonus_cards": True}),
]

MAX_LEGAL = 60
"""A bound on every legal-action list (RULINGS §6: at most 40 cells, 30 at tile selection)."""


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
        assert following.history.startswith(state.history)
        state = following
    assert () == tuple(game.legal_actions(state))


@settings(max_examples=4, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_doubloons_are_never_negative_and_scores_add_up(
    make_game: Callable[..., MorgansMagicMap], players: int, seed: int
) -> None:
    """Doubloons are never negative and scores add up.

    Payments never overdraw ("If the player cannot pay the cost, they may not enter"), and
    the final score is doubloons + set bonuses + treasure values.
    """
    game = make_game(players)
    states = playout(game, seed)
    for state in states:
        assert all(coins >= 0 for coins in state.coins)
    final = states[-1]
    assert 24 == sum(len(cards) for cards in final.treasures)
    values = treasure_values(final)
    bonuses = set_bonuses(final)
    assert tuple(
        float(coins + bonus + value)
        for coins, bonus, value in zip(final.coins, bonuses, values, strict=True)
    ) == game.score(final)
    assert sum(bonuses) <= 6 * 6  # each set pays out 6 at most


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

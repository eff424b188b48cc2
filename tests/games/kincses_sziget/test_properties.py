"""Invariants of whole random games, checked with Hypothesis, and the conformance kit."""

from __future__ import annotations

import random
from typing import get_args

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.games.kincses_sziget import KincsesState, KincsesSziget, rules
from boardgames.games.kincses_sziget._work import _Work
from boardgames.games.kincses_sziget.actions import Action, PublicAction, TreasureFromPile
from boardgames.games.kincses_sziget.components import (
    ISLAND,
    PEARL_BEDS,
    TREASURE_VALUES,
    TREASURES,
)
from boardgames.games.kincses_sziget.rules import HAND_MAX, HAND_MIN
from boardgames.games.kincses_sziget.state import Step, TurnStep
from boardgames.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_conformance_kit_passes(players: int) -> None:
    """The game passes :func:`boardgames.testing.check_game` at every player count."""
    game = boardgames.make("kincses-sziget", players)
    report = check_game(game, seeds=(5,), sample_every=7)
    assert 1 == report.games
    assert report.max_legal_actions <= 18


def test_the_work_object_mirrors_every_field_of_the_state() -> None:
    """The mutable work object of ``apply`` declares each state field, with the same name."""
    fields = [field.name for field in attrs.fields(KincsesState)]
    declared = [name for name in _Work.__annotations__ if name not in ("state", "all", "over")]
    assert fields == declared


def test_every_step_class_has_one_entry_and_every_action_a_public_form() -> None:
    """Each decision step has its entry in the rules' table, under its own class.

    Every action is either secret (with its public form in ``_SECRET``) or recorded as it
    is, so a legal action is never silently left out of the history.
    """
    assert set(get_args(Step)) == set(rules._STEP_RULES)
    assert all(cls is rule.step for cls, rule in rules._STEP_RULES.items())
    public = set(get_args(PublicAction))
    for cls in get_args(Action):
        assert (cls in rules._SECRET) != (cls in public), cls.__name__


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), rng=st.randoms(use_true_random=False))
def test_random_games_end_and_keep_every_invariant(players: int, rng: random.Random) -> None:
    """Random games end and keep every invariant.

    check_state holds after every apply; the hand bound holds at every turn; the pearls are
    conserved; the game ends by arrival or at the turn limit (A-IRA-47).
    """
    game = boardgames.make("kincses-sziget", players, max_turns=120)
    assert isinstance(game, KincsesSziget)
    state = game.new_game(rng.randrange(2**32))
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        held = max(len(missions) for missions in state.missions)
        assert 0 < len(actions) <= max(18, 2 + held)
        before = boardgames.dumps(state) if rng.random() < 0.02 else None
        after = game.apply(state, actions[rng.randrange(len(actions))])
        if before is not None:
            assert before == boardgames.dumps(state)
        state = after
        game.check_state(state)
        assert all(len(hand) <= HAND_MAX for hand in state.hands)
        if isinstance(state.tasks[-1] if state.tasks else None, TurnStep):
            assert all(len(hand) >= HAND_MIN for hand in state.hands)
        assert sum(PEARL_BEDS[players]) == sum(state.board_pearls) + sum(state.pearls)
    assert (ISLAND in state.positions) != game.is_truncated(state)
    assert state.turn <= 120


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([3, 4]), rng=st.randoms(use_true_random=False))
def test_observations_tell_the_truth_about_treasures_and_the_value_of_blind_draws(
    players: int, rng: random.Random
) -> None:
    """Observations tell the truth about treasures, and everyone sees a blind draw's value.

    Rulebook: "Sort the treasure cards by value (1, 3 and 5). For each of the three values,
    place one face-down draw pile". After a blind draw every other seat knows the value of
    the new card but not the card (blind draws are private to the receiver), unless he peeked
    at that pile's top with a telescope (E21): then he knows the card. At
    every point, what a seat's view says of another's treasures is true: the known cards are
    held, and the known values are values of his other treasures.
    """
    game = boardgames.make("kincses-sziget", players, max_turns=150)
    assert isinstance(game, KincsesSziget)
    state = game.new_game(rng.randrange(2**32))
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        after = game.apply(state, actions[rng.randrange(len(actions))])
        for viewer in range(players):
            observation = game.observe(after, viewer)
            for seat, view in enumerate(observation.seats):
                assert set(view.known_treasures) <= set(after.treasures[seat])
                values = [
                    TREASURES[card].value
                    for card in after.treasures[seat]
                    if card not in view.known_treasures
                ]
                for value in view.known_treasure_values:
                    values.remove(value)  # a ValueError here: a value he cannot know
        for seat, entry in after.history[len(state.history) :]:
            if isinstance(entry, TreasureFromPile):
                (card,) = set(after.treasures[seat]) - set(state.treasures[seat])
                for viewer in set(range(players)) - {seat}:
                    view = game.observe(after, viewer).seats[seat]
                    tops = game.observe(state, viewer).treasure_pile_known
                    if (TREASURE_VALUES.index(entry.value), 0, card) in tops:
                        assert card in view.known_treasures  # E21: he peeked at it
                    else:
                        assert card not in view.known_treasures
                        assert entry.value in view.known_treasure_values
        state = after

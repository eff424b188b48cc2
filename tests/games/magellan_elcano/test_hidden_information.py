"""What each captain may see (RULINGS §2.2), and states sampled from an observation."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.games.magellan_elcano import (
    CrewView,
    MagellanElcano,
    MagellanObservation,
    MagellanState,
    Place,
    PlayFaceDown,
)


def played_states(game: MagellanElcano, seed: int) -> list[MagellanState]:
    """Return every state of a random game from ``seed``."""
    record = boardgames.play(game, [boardgames.RandomBot()] * game.players, seed=seed)
    return list(boardgames.replay(record))


def test_an_observation_has_no_field_for_hidden_cards() -> None:
    """Other hands, deck orders and the random stream have no place in an observation.

    Ruling A-MAG-11: "Not stated; ruling hidden (count public)." and RULINGS §0.2:
    "`observe` never exposes RNG state, deck order or any card a player may not see."
    """
    crew_fields = set(attrs.fields_dict(CrewView))
    assert {"hand_size", "deck_size", "storm_size", "hidden_discard_size"} <= crew_fields
    assert not {"hand", "deck", "storm", "hidden_discard"} & crew_fields
    fields = set(attrs.fields_dict(MagellanObservation))
    assert not {"rng", "ocean_decks", "storm_deck", "crews_hands"} & fields
    assert {"ocean_deck_sizes", "storm_deck_size"} <= fields


def test_a_player_sees_his_own_hand_and_only_the_size_of_the_others(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """Seat p's observation holds p's hand, and the counts of every hand and deck.

    Ruling A-MAG-11: "Not stated; ruling hidden (count public)."
    """
    game = make_game(4)
    state = game.new_game(seed=21)
    for seat in range(4):
        observation = game.observe(state, seat)
        assert state.crews[seat].hand == observation.hand
        assert [5, 5, 5, 5] == [view.hand_size for view in observation.crews]
        assert [10, 10, 10, 10] == [view.deck_size for view in observation.crews]
        assert (5, 5, 5) == observation.ocean_deck_sizes


def test_another_players_hidden_cards_do_not_change_an_observation(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """Swap a card between seat 1's hand and deck, reorder decks: seat 0 sees no difference.

    Ruling (RULINGS §0.2): "`observe` never exposes RNG state, deck order or any card a
    player may not see."
    """
    game = make_game(3)
    state = game.new_game(seed=8)
    crew = state.crews[1]
    out, into = min(crew.hand), crew.deck[-1]
    other = attrs.evolve(
        crew, hand=(crew.hand - {out}) | {into}, deck=(out, *reversed(crew.deck[:-1]))
    )
    changed = attrs.evolve(
        state,
        crews=(state.crews[0], other, state.crews[2]),
        ocean_decks=tuple(tuple(reversed(deck)) for deck in state.ocean_decks),
        rng=boardgames.Rng.from_seed(12345),
    )
    game.check_state(changed)
    assert state != changed
    assert game.observe(state, 0) == game.observe(changed, 0)
    assert game.observe(state, 2) == game.observe(changed, 2)
    assert game.observe(state, 1) != game.observe(changed, 1)


def test_returned_cards_are_known_to_everyone_but_drawn_cards_are_not(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """Throughout a game, every known card was seen on the table and is hidden again.

    Ruling (RULINGS §2.2): returned cards "were seen on the table, so they are *known* to
    all"; A-MAG-11: expose "the *known* returned cards (§0.5) but not unseen draws."
    """
    game = make_game(3)
    states = played_states(game, seed=17)
    seen_known = 0
    for previous, state in itertools.pairwise(states):
        for seat, crew in enumerate(state.crews):
            for card, places in crew.known:
                seen_known += 1
                assert card not in crew.deck
                assert places <= {Place.HAND}  # no storms: only the hand
                assert card in crew.hand
                was_public = (
                    card in previous.crews[seat].hand
                    and (card, places) in previous.crews[seat].known
                )
                on_table = any(card in column for column in previous.crews[seat].columns)
                assert was_public or on_table
    assert 0 < seen_known


@pytest.mark.parametrize(
    ("players", "storm_variant"), [(2, False), (3, False), (4, True), (5, False)]
)
def test_a_sampled_state_agrees_with_everything_the_player_sees(
    make_game: Callable[..., MagellanElcano], players: int, storm_variant: bool
) -> None:
    """For states along a game, sample_state gives a valid state with the same observation.

    Protocol (RULINGS §0.1): "`observe` is a redacted view that never leaks another
    player's secret", so a sample must look the same to the observer.
    """
    game = make_game(players, storm_variant=storm_variant)
    states = played_states(game, seed=players)
    for index, state in enumerate(states[:: max(1, len(states) // 12)]):
        for seat in range(players):
            observation = game.observe(state, seat)
            sampled = game.sample_state(observation, seed=index)
            game.check_state(sampled)
            assert observation == game.observe(sampled, seat)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4, 5]), cut=st.floats(0, 1))
def test_sampling_keeps_the_observation_for_random_games_and_points(
    make_game: Callable[..., MagellanElcano], seed: int, players: int, cut: float
) -> None:
    """Property: observe(sample_state(observe(s, p)), p) == observe(s, p), and it is valid.

    Protocol (RULINGS §0.1): ``observe`` "is a redacted view that never leaks another
    player's secret", and a sample must be a state the observer cannot tell apart.
    """
    game = make_game(players, storm_variant=players == 4 and seed % 2 == 0)
    states = played_states(game, seed)
    state = states[int(cut * (len(states) - 1))]
    for seat in range(players):
        observation = game.observe(state, seat)
        sampled = game.sample_state(observation, seed=seed + seat)
        game.check_state(sampled)
        assert observation == game.observe(sampled, seat)


def test_samples_vary_the_opponents_hidden_hands(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """Different sample seeds give different hands to the other captains, never to oneself.

    Engine contract (``sample_state``): what the observer cannot know is drawn at random.
    """
    game = make_game(3)
    observation = game.observe(game.new_game(seed=3), 0)
    samples = [game.sample_state(observation, seed) for seed in range(20)]
    assert {observation.hand} == {sample.crews[0].hand for sample in samples}
    assert 10 < len({sample.crews[1].hand for sample in samples})
    assert 10 < len({sample.crews[2].deck for sample in samples})
    assert 1 < len({sample.ocean_decks for sample in samples})


def test_samples_respect_public_knowledge_of_returned_cards(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """A card everyone saw return to an opponent's hand is in that hand in every sample.

    Ruling (RULINGS §0.5): "`observe` must return what a perfect-recall player knows".
    """
    game = make_game(3)
    states = played_states(game, seed=17)
    state = next(s for s in states if s.crews[1].known and s.round > 1)
    observation = game.observe(state, 0)
    for seed in range(10):
        sampled = game.sample_state(observation, seed)
        for card, places in state.crews[1].known:
            assert {Place.HAND} == set(places)
            assert card in sampled.crews[1].hand


def test_the_rendered_observation_shows_only_the_observers_hand(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """The text view of an observation lists one hand: the observer's.

    Ruling A-MAG-11: "Not stated; ruling hidden (count public)."
    """
    game = make_game(3)
    state = game.new_game(seed=2)
    text = game.render_observation(game.observe(state, 1))
    assert "your hand (seat 1)" in text
    assert "seat 0 hand:" not in text
    assert "seat 0 hand:" in game.render_state(state)


def test_a_card_played_face_down_is_described_to_the_others_without_its_name() -> None:
    """The others see that a card went face down, as the history records it; its player which.

    "The players, on their turn, can play any card face down in a fourth column."
    """
    game = boardgames.make("magellan-elcano", players=5)
    assert isinstance(game, MagellanElcano)
    record = boardgames.play(game, [boardgames.RandomBot()] * 5, seed=11)
    states = list(boardgames.replay(record))
    face_down = 0
    for state, action, after in zip(states, record.actions, states[1:], strict=False):
        seat = state.to_move
        assert seat is not None
        observation = game.observe(state, seat)
        seen, public = after.history[len(state.history)]
        assert seat == seen
        for viewer in range(5):
            text = game.describe_action(observation, action, viewer)
            assert (str(action) if viewer == seat else str(public)) == text
        face_down += isinstance(action, PlayFaceDown)
    assert face_down

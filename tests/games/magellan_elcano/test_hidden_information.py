"""What each captain may see (the page's hidden information), and states sampled from it."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.games.magellan_elcano import (
    Colour,
    Crew,
    CrewView,
    MagellanElcano,
    MagellanObservation,
    MagellanState,
    Pass,
    Place,
    PlayCard,
    PlayFaceDown,
)
from boardgames.games.magellan_elcano.components import CREW_CARDS

PILES_2 = ((0, 1), (6, 7), (12, 13))
"""Round-2 ocean piles: the two lowest cards of each colour."""


def played_states(game: MagellanElcano, seed: int) -> list[MagellanState]:
    """Return every state of a random game from ``seed``."""
    record = boardgames.play(game, [boardgames.RandomBot()] * game.players, seed=seed)
    return list(boardgames.replay(record))


def test_an_observation_has_no_field_for_hidden_cards() -> None:
    """Other hands, deck orders and the random stream have no place in an observation.

    Ruling A-MAG-11: hands are hidden, their sizes public; and an observation never holds the
    random stream, a deck order or a card the player may not see (docs/explanation/design.md).
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

    An observation never holds the random stream, a deck order or a card the player may not
    see (docs/explanation/design.md).
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

    Ruling A-MAG-11: returned cards were seen on the table, so they are known to all; the
    observation shows them but not unseen draws.
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

    Protocol: ``observe`` never leaks another player's secret, so a sample must look the same
    to the observer.
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

    Protocol: ``observe`` never leaks another player's secret, and a sample must be a state the
    observer cannot tell apart.
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

    An observation holds what a player with a perfect memory knows (docs/explanation/design.md).
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


def storm_won_with_a_whole_hand() -> tuple[MagellanElcano, MagellanState, int, int]:
    """Return a game, a state, a seat, and a card he discarded face down for certain.

    The seat held the card (returned in view of all) and six never-seen cards, played all
    seven face down and won the storm.
    Round 1: every captain plays his best red card face up, then passes; the losers take
    their red card back. Round 2: one of them plays his whole hand face down; the first
    player plays one card face up and everyone else passes.
    """
    game = build_storm_game()
    state = game.new_game(seed=1)
    while state.round == 1:
        crew = state.crews[state.to_move or 0]
        if not any(crew.columns):
            card = max(
                (card for card in crew.hand if CREW_CARDS[card].value(Colour.RED)),
                key=lambda card: CREW_CARDS[card].value(Colour.RED),
            )
            state = game.apply(state, PlayCard(card, Colour.RED))
        else:
            state = game.apply(state, Pass())
    seat = next(seat for seat in range(4) if state.crews[seat].known)
    card = state.crews[seat].known[0][0]
    while state.round == 2:
        mover = state.to_move
        crew = state.crews[mover or 0]
        if mover == seat:
            state = game.apply(state, PlayFaceDown(min(crew.hand)))
        elif mover == state.first_player and not state.first_has_played:
            first = min(crew.hand)
            state = game.apply(state, PlayCard(first, CREW_CARDS[first].values[0][0]))
        else:
            state = game.apply(state, Pass())
    return game, state, seat, card


def build_storm_game() -> MagellanElcano:
    """Return the 4-player game with the storm variant."""
    game = boardgames.make("magellan-elcano", players=4, storm_variant=True)
    assert isinstance(game, MagellanElcano)
    return game


def test_a_card_certainly_discarded_face_down_is_never_sampled_back_into_the_hand() -> None:
    """A known card certainly in a won storm column is in the face-down discard in samples.

    The captain played a returned card and six never-seen cards face down and won.
    "the face up storm card is won by the player with the most astrolabes in sight";
    ruling A-MAG-7: "the winner discards them face down"; an observation holds what a player
    with a perfect memory knows. Seven cards went face down and the captain
    held only six never-seen ones, so the returned card is among them.
    """
    game, state, seat, card = storm_won_with_a_whole_hand()
    crew = state.crews[seat]
    assert card in crew.hidden_discard
    assert 7 == len(crew.hidden_discard)
    # One group of 7 cards, holding at most 6 never-seen ones: the known card is in it.
    assert ((7, frozenset({card}), 6),) == crew.face_down_groups
    for observer in range(4):
        observation = game.observe(state, observer)
        assert crew.face_down_groups == observation.crews[seat].face_down_groups
    observation = game.observe(state, (seat + 1) % 4)
    assert (card, frozenset({Place.HAND, Place.HIDDEN_DISCARD})) in observation.crews[seat].known
    for seed in range(200):
        sampled = game.sample_state(observation, seed)
        assert card in sampled.crews[seat].hidden_discard
        assert observation == game.observe(sampled, (seat + 1) % 4)


def test_face_down_discard_constraints_round_trip_through_json() -> None:
    """States and observations carrying a constraint are written and read back unchanged.

    Hidden information: the face-down discard's size is public, its cards are not; the constraint
    is public knowledge, so the observation carries it.
    """
    game, state, seat, _ = storm_won_with_a_whole_hand()
    for value in (state, game.observe(state, (seat + 1) % 4), game.observe(state, seat)):
        text = boardgames.dumps(value)
        assert value == boardgames.loads(text)
        assert text == boardgames.dumps(boardgames.loads(text))


def test_a_constrained_card_played_face_up_leaves_the_constraint(
    make_crew: Callable[..., Crew], make_state: Callable[..., MagellanState]
) -> None:
    """A card of a constraint played face up was in the hand, so the others must be discarded.

    "On their turn, players play one crew card from their hand" face up: it was in the
    hand, not in the face-down discard, and "at least m of these cards" now counts among
    the remaining cards (perfect recall).
    """
    either = frozenset({Place.HAND, Place.HIDDEN_DISCARD})
    crews = [make_crew([1, 2, 3, 4, 5], round=2) for _ in range(5)]
    crews[0] = make_crew(
        [1, 2, 3], hidden_discard=[4, 5, 6], known=[(1, either), (4, either)], round=2
    )
    crews[0] = attrs.evolve(crews[0], face_down_groups=((3, frozenset({1, 4}), 2),))
    game = make_game_5()
    state = make_state(crews, round=2, piles=PILES_2)
    after = game.apply(state, PlayCard(1, Colour.RED))
    assert ((3, frozenset({4}), 2),) == after.crews[0].face_down_groups
    assert ((4, either),) == after.crews[0].known
    for seed in range(20):
        sampled = game.sample_state(game.observe(after, 1), seed)
        assert 4 in sampled.crews[0].hidden_discard


def make_game_5() -> MagellanElcano:
    """Return the 5-player game."""
    game = boardgames.make("magellan-elcano", players=5)
    assert isinstance(game, MagellanElcano)
    return game


@pytest.mark.parametrize(
    ("group", "message"),
    [
        ((0, frozenset({4}), 0), "size of at least 1"),
        ((3, frozenset({4}), 5), "not from 0 to the 3 cards"),
        ((3, frozenset({4, 2}), 2), "not known cards"),
        ((2, frozenset({4}), 1), "hold 2 cards, but"),
        ((3, frozenset({1}), 2), "cannot be split"),
    ],
)
def test_check_state_rejects_a_broken_face_down_group(
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    group: tuple[int, frozenset[int], int],
    message: str,
) -> None:
    """A group must name known cards that may be discarded face down, add up, and hold.

    Ruling A-MAG-13: "storm columns face down" go to the discard pile, which is never
    reshuffled; a constraint about it is checked like every other invariant.
    """
    either = frozenset({Place.HAND, Place.HIDDEN_DISCARD})
    crews = [make_crew([1, 2, 3, 4, 5], round=2) for _ in range(5)]
    crews[0] = make_crew(
        [1, 2, 3], hidden_discard=[4, 5, 6], known=[(1, either), (4, either)], round=2
    )
    crews[0] = attrs.evolve(crews[0], face_down_groups=(group,))
    with pytest.raises(boardgames.InvalidStateError, match=message):
        make_state(crews, round=2, piles=PILES_2)
    state = make_state(
        [attrs.evolve(crews[0], face_down_groups=((3, frozenset({1, 4}), 3),)), *crews[1:]],
        round=2,
        piles=PILES_2,
    )
    observation = make_game_5().observe(state, 1)
    views = list(observation.crews)
    views[0] = attrs.evolve(views[0], face_down_groups=(group,))
    broken = attrs.evolve(observation, crews=tuple(views))
    if message == "cannot be split":
        # Seat 1 cannot tell from the table (card 1 may be in the discard), but no history
        # leads to this hand-made table; test_loaded_states checks groups against the
        # history of a real game.
        message = "the history does not lead to this table"
    with pytest.raises(boardgames.SerializationError, match=message):
        boardgames.loads(boardgames.dumps(broken))

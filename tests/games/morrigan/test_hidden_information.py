"""What each player may see (RULINGS §3.2), and states sampled from an observation."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.games.morrigan import (
    CardKind,
    ChooseTarget,
    EndActions,
    Morrigan,
    MorriganObservation,
    MorriganState,
    PlaySpecial,
    Reinforce,
    ReinforcedFaceDown,
    Stake,
    Staked,
    TakeFromDiscard,
    Zone,
)
from boardgames.games.morrigan.components import CARD_KINDS

K = CardKind


def played_states(game: Morrigan, seed: int) -> list[MorriganState]:
    """Return every state of a random game from ``seed``."""
    record = boardgames.play(game, [boardgames.RandomBot()] * game.players, seed=seed)
    return list(boardgames.replay(record))


def test_an_observation_has_no_field_for_hidden_cards() -> None:
    """Other hands, the draw pile's order and the random stream are not in an observation.

    Rulebook: hands are held secretly; RULINGS §0.2: "`observe` never exposes RNG state,
    deck order or any card a player may not see."
    """
    fields = set(attrs.fields_dict(MorriganObservation))
    assert not {"hands", "draw_pile", "rng"} & fields
    assert {"hand", "hand_sizes", "draw_pile_size", "clues"} <= fields


def test_hands_are_secret_and_their_sizes_public(make_game: Callable[..., Morrigan]) -> None:
    """Each player sees his own hand and every hand's size.

    RULINGS §3.2: "hands | owner; others see counts".
    """
    game = make_game(4)
    state = game.new_game(seed=5)
    sizes = tuple(len(hand) for hand in state.hands)
    for seat in range(4):
        view = game.observe(state, seat)
        assert (state.hands[seat], sizes) == (view.hand, view.hand_sizes)
        assert len(state.draw_pile) == view.draw_pile_size


def test_what_a_player_cannot_see_does_not_change_his_observation(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """Changing cards seat 0 cannot see leaves his observation as it was.

    Seat 1's hand and seat 2's face-down card are swapped with draw-pile cards: seats 1
    and 2 see the difference, seat 0 does not.

    RULINGS §3.2: a reinforcement is known to "the player who placed it"; the draw pile to
    "nobody".
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_1], [K.CURSE, K.ACTION_5], []],
        adversaries=[(K.ADVERSARY_2, [(K.ACTION_4, 2, False, False)])],
    )
    hand = state.hands[1]
    out, into = min(hand), state.draw_pile[-1]
    hidden = state.adversaries[0].reinforcements[0]
    other = state.draw_pile[0]
    pile = tuple(
        out if card == into else hidden.card if card == other else card
        for card in reversed(state.draw_pile)
    )
    changed = attrs.evolve(
        state,
        hands=(state.hands[0], (hand - {out}) | {into}, state.hands[2]),
        adversaries=(
            attrs.evolve(
                state.adversaries[0],
                reinforcements=(attrs.evolve(hidden, card=other),),
            ),
        ),
        draw_pile=pile,
        rng=boardgames.Rng.from_seed(99),
    )
    game.check_state(changed)
    assert game.observe(state, 0) == game.observe(changed, 0)
    assert game.observe(state, 1) != game.observe(changed, 1)
    assert game.observe(state, 2) != game.observe(changed, 2)


def test_an_observation_never_names_another_players_hidden_card(
    make_game: Callable[..., Morrigan],
) -> None:
    """Across a random game no observation names a card in another hand or an unseen slot.

    RULINGS §3.2 (hidden information table).
    """
    game = make_game(4)
    for state in played_states(game, seed=8)[::7]:
        for seat in range(4):
            view = game.observe(state, seat)
            named = set(view.hand) | set(view.discard_pile)
            for holdings in (*view.territories, view.adversaries):
                for holding in holdings:
                    named |= {r.card for r in holding.reinforcements if r.card is not None}
            if view.ordeal is not None:
                named |= {stake.card for stake in view.ordeal.stakes if stake.card is not None}
            for other in range(4):
                if other != seat:
                    assert not named & state.hands[other]
            assert not named & set(state.draw_pile)


def test_the_kings_favourite_victim_keeps_track_of_his_card(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """The victim knows where his Curse went, and no more than that.

    Once the taker puts a card face down, the victim knows only that the Curse is in the
    taker's hand or under that Adversary.

    Ruling A-MOR-13 ("known to that victim and the taker") and RULINGS §0.5 (perfect
    recall, nothing more).
    """
    game = make_game(2)
    state = make_state(
        2,
        hands=[[K.KINGS_FAVOURITE, K.ACTION_1, K.ACTION_2], [K.CURSE]],
        adversaries=[K.ADVERSARY_3],
    )
    adversary = state.adversaries[0].card
    state = play(game, state, PlaySpecial(K.KINGS_FAVOURITE))
    (clue,) = game.observe(state, 1).clues
    assert ((Zone.HAND, 0, 0),) == clue.places
    state = play(game, state, EndActions(), ChooseTarget(adversary), Reinforce(K.ACTION_2))
    (clue,) = game.observe(state, 1).clues
    assert ((Zone.HAND, 0, 0), (Zone.SLOT, adversary, 0)) == clue.places
    assert 1 == clue.counts[K.CURSE]
    assert () == game.observe(state, 0).clues


def test_samples_respect_a_card_everyone_saw_taken_from_the_discard_pile(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """The Territory 5 seat 0 took with Unexpected Ally is in his hand in every sample.

    RULINGS §0.5: "`observe` must return what a perfect-recall player knows".
    """
    game = make_game(3)
    state = make_state(
        3, hands=[[K.UNEXPECTED_ALLY, K.ACTION_1]], discard=[K.TERRITORY_5, K.ACTION_3]
    )
    state = play(game, state, PlaySpecial(K.UNEXPECTED_ALLY), TakeFromDiscard(K.TERRITORY_5))
    view = game.observe(state, 1)
    for seed in range(10):
        sampled = game.sample_state(view, seed)
        assert K.TERRITORY_5 in {CARD_KINDS[card] for card in sampled.hands[0]}


def test_everyone_knows_what_the_reshuffled_draw_pile_holds(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """After a reshuffle each player's clue lists the discarded cards in the draw pile.

    RULINGS §3.2: the discard pile is "public, face up", so its composition is known when
    it becomes the draw pile (A-MOR-14).
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ACTION_1]], rest="discard")
    discarded = sorted(CARD_KINDS[card] for card in state.discard_pile)
    state = play(game, state, EndActions())  # seat 1 draws from the reshuffled pile
    for seat in (0, 2):
        (clue,) = game.observe(state, seat).clues
        assert {(Zone.DRAW, 0, 0), (Zone.HAND, 1, 0)} == set(clue.places)
        assert len(discarded) == sum(clue.counts)
    (own,) = game.observe(state, 1).clues
    assert ((Zone.DRAW, 0, 0),) == own.places
    assert len(discarded) - 2 == sum(own.counts)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_sampled_state_agrees_with_everything_the_player_sees(
    make_game: Callable[..., Morrigan], players: int
) -> None:
    """For states along a game, sample_state gives a valid state with the same observation.

    Protocol (RULINGS §0.1): "`observe` is a redacted view that never leaks another
    player's secret", so a sample must look the same to the observer.
    """
    game = make_game(players)
    states = played_states(game, seed=players)
    for index, state in enumerate(states[:: max(1, len(states) // 15)]):
        for seat in range(players):
            observation = game.observe(state, seat)
            sampled = game.sample_state(observation, seed=index)
            game.check_state(sampled)
            assert observation == game.observe(sampled, seat)
            if state.to_move == seat:
                assert game.legal_actions(state) == game.legal_actions(sampled)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4, 5]), cut=st.floats(0, 1))
def test_sampling_keeps_the_observation_at_random_points(
    make_game: Callable[..., Morrigan], seed: int, players: int, cut: float
) -> None:
    """Property: observe(sample_state(observe(s, p)), p) == observe(s, p), and it is valid.

    Protocol (RULINGS §0.1): a sample must be a state the observer cannot tell apart.
    """
    game = make_game(players)
    rng = random.Random(seed)
    state = game.new_game(seed)
    steps = int(cut * 400)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    for seat in range(players):
        observation = game.observe(state, seat)
        sampled = game.sample_state(observation, seed=seed + seat)
        game.check_state(sampled)
        assert observation == game.observe(sampled, seat)


def test_samples_vary_what_the_player_cannot_see(make_game: Callable[..., Morrigan]) -> None:
    """Different sample seeds deal different opponents' hands and draw piles.

    Engine contract (``sample_state``): what the observer cannot know is drawn at random.
    """
    game = make_game(3)
    observation = game.observe(game.new_game(seed=3), 0)
    samples = [game.sample_state(observation, seed) for seed in range(20)]
    assert {observation.hand} == {sample.hands[0] for sample in samples}
    assert 10 < len({sample.hands[1] for sample in samples})
    assert 10 < len({sample.draw_pile for sample in samples})


def test_the_rendered_observation_shows_only_the_observers_hand(
    make_game: Callable[..., Morrigan],
) -> None:
    """The text view of an observation lists one hand: the observer's.

    RULINGS §3.2: "hands | owner; others see counts".
    """
    game = make_game(3)
    state = game.new_game(seed=2)
    text = game.render_observation(game.observe(state, 1))
    assert "your hand (seat 1)" in text
    assert "seat 0 hand:" not in text
    assert "seat 0 hand:" in game.render_state(state)


@pytest.mark.parametrize("seed", [3, 8])
def test_the_public_history_holds_every_decision_with_face_down_cards_unnamed(
    make_game: Callable[..., Morrigan], seed: int
) -> None:
    """Every player sees the whole history; the card of a reinforcement or a stake is not named.

    "The other players now have the opportunity to place one card from their hand, face
    down, under the Adversary played." "Each participant must take a card of his choice
    from his hand and place it in front of him, face down". The history shows that such a
    card was placed (and a stake's Blessing, which is played face up), never the card.
    """
    game = make_game(4)
    record = boardgames.play(game, [boardgames.RandomBot()] * 4, seed=seed)
    states = list(boardgames.replay(record))
    expected = []
    for state, action in zip(states, record.actions, strict=False):
        public: object = action
        if isinstance(action, Reinforce):
            public = ReinforcedFaceDown()
        elif isinstance(action, Stake):
            public = Staked(action.blessed)
        expected.append((state.turn, state.to_move, public))
    for seat in range(4):
        assert expected == list(game.observe(states[-1], seat).history)
    assert any(isinstance(entry[2], ReinforcedFaceDown) for entry in expected)


@pytest.mark.parametrize("seed", [3, 8])
def test_moves_are_described_to_the_others_as_the_public_history_shows_them(
    make_game: Callable[..., Morrigan], seed: int
) -> None:
    """A reinforcement or a stake is placed "face down": the others are not told the card.

    ``describe_action`` gives every other seat the text of the public history entry, and
    the mover his whole action.
    """
    game = make_game(4)
    record = boardgames.play(game, [boardgames.RandomBot()] * 4, seed=seed)
    states = list(boardgames.replay(record))
    history = states[-1].history
    for index, (state, action) in enumerate(zip(states, record.actions, strict=False)):
        seat = state.to_move
        assert seat is not None
        observation = game.observe(state, seat)
        _, seen, public = history[index]
        assert seat == seen
        for viewer in range(4):
            expected = action if viewer == seat else public
            assert str(expected) == game.describe_action(observation, action, viewer)

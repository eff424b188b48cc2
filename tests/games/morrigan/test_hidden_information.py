"""What each player may see (the page's hidden information), and states sampled from it."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.core.errors import InvalidStateError
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
from boardgames.games.morrigan.components import CARD_KINDS, CardType

K = CardKind


def played_states(game: Morrigan, seed: int) -> list[MorriganState]:
    """Return every state of a random game from ``seed``."""
    record = boardgames.play(game, [boardgames.RandomBot()] * game.players, seed=seed)
    return list(boardgames.replay(record))


def test_an_observation_has_no_field_for_hidden_cards() -> None:
    """Other hands, the draw pile's order and the random stream are not in an observation.

    Rulebook: hands are held secretly; an observation never holds the random stream, a deck
    order or a card the player may not see (docs/explanation/design.md).
    """
    fields = set(attrs.fields_dict(MorriganObservation))
    assert not {"hands", "draw_pile", "rng"} & fields
    assert {"hand", "hand_sizes", "draw_pile_size", "clues"} <= fields


def test_hands_are_secret_and_their_sizes_public(make_game: Callable[..., Morrigan]) -> None:
    """Each player sees his own hand and every hand's size.

    Hidden information: a hand is seen by its owner; the others see its size.
    """
    game = make_game(4)
    state = game.new_game(seed=5)
    sizes = tuple(len(hand) for hand in state.hands)
    for seat in range(4):
        view = game.observe(state, seat)
        kinds = sorted(CARD_KINDS[card] for card in state.hands[seat])
        assert (kinds, sizes) == (sorted(CARD_KINDS[card] for card in view.hand), view.hand_sizes)
        assert len(state.draw_pile) == view.draw_pile_size


def test_what_a_player_cannot_see_does_not_change_his_observation(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """Changing cards seat 0 cannot see leaves his observation as it was.

    Seat 1's hand and seat 2's face-down card are swapped with draw-pile cards: seats 1
    and 2 see the difference, seat 0 does not.

    Hidden information: a reinforcement is known to the player who placed it; the draw pile
    to nobody.
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
    """Across a random game an observation shows hidden cards only under canonical names.

    The page's hidden information table and its section on card names: the cards in view
    keep the state's ids (their public names); the cards only the observer sees (his hand,
    his face-down cards) are shown as the lowest ids of their kinds that no card in view
    holds, so no id he sees is the id of a card in another hand or the draw pile, unless
    it is that canonical name.
    """
    game = make_game(4)
    for state in played_states(game, seed=8)[::7]:
        hidden = set(state.draw_pile).union(*state.hands)
        for holdings in (*state.territories, state.adversaries):
            for holding in holdings:
                hidden |= {r.card for r in holding.reinforcements if not r.public}
        if state.ordeal is not None:
            hidden |= {stake.card for stake in state.ordeal.stakes}
        for seat in range(4):
            view = game.observe(state, seat)
            private = sorted(view.hand)
            for views in (*view.territories, view.adversaries):
                for holding_view in views:
                    private += [
                        r.card
                        for r in holding_view.reinforcements
                        if r.card is not None and not r.public
                    ]
            if view.ordeal is not None:
                private += [stake.card for stake in view.ordeal.stakes if stake.card is not None]
            assert len(set(private)) == len(private)
            for card in private:
                kind = CARD_KINDS[card]
                lower = [other for other in range(card) if CARD_KINDS[other] is kind]
                # Every lower id of the kind is in view or another private name.
                assert all(other not in hidden or other in private for other in lower)
            # The observer's cards are of the kinds he holds.
            assert sorted(CARD_KINDS[card] for card in view.hand) == sorted(
                CARD_KINDS[card] for card in state.hands[seat]
            )
            assert not set(private) & (set(range(100)) - hidden)


def test_the_kings_favourite_victim_keeps_track_of_his_card(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """The victim knows where his Curse went, and no more than that.

    Once the taker puts a card face down, the victim knows only that the Curse is in the
    taker's hand or under that Adversary.

    Ruling A-MOR-13 (only the taker and each victim see the card) and perfect recall,
    nothing more (docs/explanation/design.md).
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

    An observation holds what a player with a perfect memory knows (docs/explanation/design.md).
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

    Ruling A-MOR-14: the discard pile is public, face up, so its composition is known when
    it becomes the draw pile.
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

    Protocol: ``observe`` never leaks another player's secret, so a sample must look the same
    to the observer.
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

    Protocol: a sample must be a state the observer cannot tell apart.
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

    Hidden information: a hand is seen by its owner; the others see its size.
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


# ---- a beaten duelist's face-down card is a known bluff ----------------------------------------


def _known_bluff_place(
    before: MorriganState, after: MorriganState, seat: int
) -> tuple[Zone, int, int] | None:
    """Return where the card ``seat`` put face down between the two states went, if he did."""
    left = before.hands[seat] - after.hands[seat]
    if len(left) != 1:
        return None
    (card,) = left
    for holding in (*(h for hs in after.territories for h in hs), *after.adversaries):
        for index, r in enumerate(holding.reinforcements):
            if r.card == card and not r.public:
                return (Zone.SLOT, holding.card, index)
    if after.ordeal is not None:
        for stake in after.ordeal.stakes:
            if stake.card == card:
                return (Zone.STAKE, stake.seat, 0)
    return None


def _card_at(state: MorriganState, place: tuple[Zone, int, int]) -> int:
    zone, key, index = place
    if zone is Zone.STAKE:
        assert state.ordeal is not None
        return next(stake.card for stake in state.ordeal.stakes if stake.seat == key)
    holdings = (*(h for hs in state.territories for h in hs), *state.adversaries)
    holding = next(h for h in holdings if h.card == key)
    return holding.reinforcements[index].card


def _flag_at(view: MorriganObservation, place: tuple[Zone, int, int]) -> bool:
    zone, key, index = place
    if zone is Zone.STAKE:
        assert view.ordeal is not None
        return next(stake.known_bluff for stake in view.ordeal.stakes if stake.seat == key)
    holdings = (*(h for hs in view.territories for h in hs), *view.adversaries)
    holding = next(h for h in holdings if h.card == key)
    return holding.reinforcements[index].known_bluff


def _is_action(card: int) -> bool:
    return CARD_KINDS[card].type is CardType.ACTION


@pytest.mark.parametrize(
    ("seed", "observer", "action_type"), [(5, 1, Reinforce), (27, 0, Stake)], ids=["slot", "stake"]
)
def test_a_card_a_beaten_duelist_puts_face_down_is_a_known_bluff(
    make_game: Callable[..., Morrigan], seed: int, observer: int, action_type: type
) -> None:
    """A beaten duelist's next face-down card is publicly known not to be an Action card.

    Rulebook: "He then takes all the Action cards from his new hand", so after a lost duel
    everyone knows the rest of his hand holds none; a card he then puts face down (a
    reinforcement, an Ordeal stake) before he can hold an Action card again is a bluff
    ("a card of another type, which has only a deterrent effect (bluff)"). Hidden information:
    the others see only that he placed a card, so the flag is all they learn, and samples must
    never make that card an Action card.
    """
    game = make_game(2)
    record = boardgames.play(game, [boardgames.RandomBot()] * 2, seed=seed)
    states = list(boardgames.replay(record))
    for step, action in enumerate(record.actions):
        before, after = states[step], states[step + 1]
        seat = before.to_move
        if not isinstance(action, action_type) or seat == observer or seat is None:
            continue
        if before.floors[seat] and before.floors[seat] == len(before.hands[seat]):
            break
    else:
        pytest.fail("the game has no face-down card from a hand of known non-Action cards")
    place = _known_bluff_place(before, after, seat)
    assert place is not None
    assert not _is_action(_card_at(after, place))
    for viewer in range(2):
        assert _flag_at(game.observe(after, viewer), place)
    assert boardgames.loads(boardgames.dumps(after)) == after
    view = game.observe(after, observer)
    assert boardgames.loads(boardgames.dumps(view)) == view
    for sample_seed in range(200):
        sample = game.sample_state(view, seed=sample_seed)
        assert game.observe(sample, observer) == view
        assert not _is_action(_card_at(sample, place))
    text = game.render_observation(view)
    assert ("s" if action_type is Reinforce else "seat ") + f"{seat}" in text
    assert "bluff" in text.replace("lone_bluff_wins", "")


def test_flagged_face_down_cards_are_never_action_cards_in_play_or_in_samples(
    make_game: Callable[..., Morrigan],
) -> None:
    """In random games with lost duels, every known bluff is a non-Action card, also in samples.

    Rulebook: "He then takes all the Action cards from his new hand". A card leaving unseen
    a hand whose cards are all known not to be Action cards is itself known not to be one;
    sampling must respect what every player knows (``sample_state``).
    """
    placed = flagged_seen = 0
    for players, seed in [(2, seed) for seed in range(40)] + [(3, seed) for seed in range(20)]:
        game = make_game(players)
        record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
        states = list(boardgames.replay(record))
        rng = random.Random(seed)
        for step, action in enumerate(record.actions):
            before, after = states[step], states[step + 1]
            seat = before.to_move
            if isinstance(action, (Reinforce, Stake)) and seat is not None:
                place = _known_bluff_place(before, after, seat)
                if place is not None:
                    known = before.floors[seat] == len(before.hands[seat]) > 0
                    assert _flag_at(game.observe(after, seat), place) == known
                    placed += known
        for state in states:
            flagged = [
                (Zone.SLOT, h.card, i)
                for h in (*(h for hs in state.territories for h in hs), *state.adversaries)
                for i, r in enumerate(h.reinforcements)
                if r.known_bluff
            ]
            if state.ordeal is not None:
                flagged += [(Zone.STAKE, s.seat, 0) for s in state.ordeal.stakes if s.known_bluff]
            if not flagged:
                continue
            flagged_seen += 1
            assert not any(_is_action(_card_at(state, place)) for place in flagged)
            observer = rng.randrange(players)
            view = game.observe(state, observer)
            for sample_seed in range(3):
                sample = game.sample_state(view, seed=sample_seed)
                assert not any(_is_action(_card_at(sample, place)) for place in flagged)
    assert placed
    assert flagged_seen


def test_a_card_taken_from_a_hand_of_known_non_action_cards_counts_in_the_takers_floor(
    make_game: Callable[..., Morrigan],
) -> None:
    """The King's Favourite taking from a beaten duelist gives the taker a known non-Action card.

    Rulebook: "He then takes all the Action cards from his new hand", so everyone knows the
    beaten duelist's remaining cards are not Action cards; whichever one is taken, the
    taker's hand then holds one more card everyone knows is not an Action card.
    """
    game = make_game(2)
    record = boardgames.play(game, [boardgames.RandomBot()] * 2, seed=239)
    states = list(boardgames.replay(record))
    for step, action in enumerate(record.actions):
        before, after = states[step], states[step + 1]
        taker = before.to_move
        if (
            isinstance(action, PlaySpecial)
            and action.special is K.KINGS_FAVOURITE
            and taker is not None
            and before.floors[1 - taker] == len(before.hands[1 - taker]) > 0
        ):
            break
    else:
        pytest.fail("the game has no King's Favourite taken from a beaten duelist")
    # The King's Favourite itself leaves face up (one known non-Action card fewer at most),
    # and the stolen card is one more.
    assert after.floors[taker] == max(before.floors[taker] - 1, 0) + 1
    assert after.floors[1 - taker] == before.floors[1 - taker] - 1
    view = game.observe(after, 1 - taker)
    for sample_seed in range(50):
        sample = game.sample_state(view, seed=sample_seed)
        non_action = [card for card in sample.hands[taker] if not _is_action(card)]
        assert len(non_action) >= after.floors[taker]


def test_check_state_rejects_an_action_card_marked_as_a_known_bluff(
    make_game: Callable[..., Morrigan],
) -> None:
    """A reinforcement or stake marked ``known_bluff`` must really be a non-Action card.

    Rulebook: a bluff is "a card of another type" than an Action card.
    """
    game = make_game(2)
    states = [state for seed in range(10) for state in played_states(game, seed)]
    for state in states:
        for seat, holdings in enumerate(state.territories):
            for position, holding in enumerate(holdings):
                for index, r in enumerate(holding.reinforcements):
                    if not _is_action(r.card):
                        continue
                    game.check_state(state)
                    marked = attrs.evolve(r, known_bluff=True)
                    reinforcements = list(holding.reinforcements)
                    reinforcements[index] = marked
                    territories = list(state.territories)
                    changed = list(holdings)
                    changed[position] = attrs.evolve(holding, reinforcements=tuple(reinforcements))
                    territories[seat] = tuple(changed)
                    bad = attrs.evolve(state, territories=tuple(territories))
                    with pytest.raises(InvalidStateError, match="known bluff"):
                        game.check_state(bad)
                    return
    pytest.fail("the game has no Action card under a Territory")

"""What each player may see (the page's hidden information), and states sampled from it."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

import boardgames
from boardgames.games.morgans_magic_map import (
    DiscardFromHand,
    MorganObservation,
    MorgansMagicMap,
    MorganState,
    Phase,
    Variant,
)
from boardgames.games.morgans_magic_map.components import TREASURE_CARDS


def played_states(game: MorgansMagicMap, seed: int, limit: int = 100_000) -> list[MorganState]:
    """Return the states of a random game from ``seed`` (at most ``limit`` decisions)."""
    state = game.new_game(seed)
    choices = random.Random(seed)
    states = [state]
    while not game.is_terminal(state) and len(states) <= limit:
        actions = game.legal_actions(state)
        state = game.apply(state, actions[choices.randrange(len(actions))])
        states.append(state)
    return states


def test_an_observation_has_no_field_for_hidden_cards() -> None:
    """Hands, deck orders and the random stream have no place in an observation.

    Rulebook: "These cards should be kept secret from the other players at all times." and
    an observation never holds the random stream, a deck order or a card the player may not
    see (docs/explanation/design.md).
    """
    fields = set(attrs.fields_dict(MorganObservation))
    assert not {"hands", "map_deck", "treasure_deck", "rng"} & fields
    assert {"hand", "hand_sizes", "map_deck_size", "treasure_deck_size"} <= fields


def test_a_player_sees_his_hand_and_the_sizes_of_the_others(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """Seat p's observation holds p's hand and every hand size."""
    game = make_game(4)
    state = game.new_game(21)
    for seat in range(4):
        observation = game.observe(state, seat)
        assert state.hands[seat] == observation.hand
        assert (4, 4, 4, 4) == observation.hand_sizes
        assert 56 == observation.map_deck_size
        assert 24 == observation.treasure_deck_size


def test_hidden_cards_of_others_do_not_change_an_observation(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """Hidden cards of others do not change an observation.

    Swap a card between seat 1's hand and the deck and reorder both decks: seat 0 sees
    no difference, seat 1 does.
    """
    game = make_game(3)
    state = game.new_game(8)
    out, into = min(state.hands[1]), state.map_deck[-1]
    hands = (state.hands[0], (state.hands[1] - {out}) | {into}, state.hands[2])
    changed = attrs.evolve(
        state,
        hands=hands,
        map_deck=(out, *reversed(state.map_deck[:-1])),
        treasure_deck=tuple(reversed(state.treasure_deck)),
        rng=boardgames.Rng.from_seed(12345),
    )
    game.check_state(changed)
    assert game.observe(state, 0) == game.observe(changed, 0)
    assert game.observe(state, 2) == game.observe(changed, 2)
    assert game.observe(state, 1) != game.observe(changed, 1)


def test_taken_treasures_are_public_by_default(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Taken treasures are public by default.

    The rulebook keeps treasures face down, but each was taken face up from the board in
    view of everyone, so a player with a perfect memory knows them (A-MMM-25).
    """
    game = make_game(3)
    dragon = next(c.id for c in TREASURE_CARDS if c.name == "Jade Dragon")
    state = make_state(phase=Phase.DRAW_DISCARD, treasures=[[], [dragon], []])
    assert ((), (dragon,), ()) == game.observe(state, 0).treasures
    assert (0, 1, 0) == game.observe(state, 0).treasure_counts


def test_the_memory_variant_hides_the_others_treasures(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """With ``hide_claimed_treasures`` only the number of the others' treasures is known."""
    game = make_game(3, hide_claimed_treasures=True)
    dragon = next(c.id for c in TREASURE_CARDS if c.name == "Jade Dragon")
    state = make_state(
        phase=Phase.DRAW_DISCARD,
        variant=Variant(hide_claimed_treasures=True),
        treasures=[[], [dragon], []],
    )
    assert ((), (), ()) == game.observe(state, 0).treasures
    assert (0, 1, 0) == game.observe(state, 0).treasure_counts
    assert ((), (dragon,), ()) == game.observe(state, 1).treasures
    other = next(
        c.id for c in TREASURE_CARDS if c.id not in state.treasure_board and c.id != dragon
    )
    swapped = make_state(
        phase=Phase.DRAW_DISCARD,
        variant=Variant(hide_claimed_treasures=True),
        treasures=[[], [other], []],
    )
    assert game.observe(state, 0) == game.observe(swapped, 0)


def test_a_reshuffle_makes_the_new_deck_public_knowledge(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A reshuffle makes the new deck public knowledge.

    Everyone saw the discard pile go into the new deck: a perfect memory knows that the
    other hands hold their older cards from outside it (docs/explanation/design.md).
    """
    game = make_game(3)
    state = make_state(phase=Phase.DRAW_DISCARD, hands={0: [40]}, map_deck=[41])
    after = game.apply(state, DiscardFromHand(40))
    observation = game.observe(after, 1)
    assert 2 == len(observation.hidden_groups)
    assert (1, 3) == observation.hand_groups[0]  # the old deck's last card, three new
    assert (4, 0) == observation.hand_groups[2]
    for seed in range(5):
        sampled = game.sample_state(observation, seed)
        assert sampled.hands[2] <= observation.hidden_groups[0] - observation.hand
        assert set(sampled.map_deck) <= observation.hidden_groups[1]
        assert observation == game.observe(sampled, 1)


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"hide_claimed_treasures": True}), (4, {}), (3, {"exact_bonus_cards": True})],
)
def test_a_sampled_state_agrees_with_everything_the_player_sees(
    make_game: Callable[..., MorgansMagicMap], players: int, options: dict[str, bool]
) -> None:
    """A sampled state agrees with everything the player sees.

    Along a random game, sample_state gives a valid state that looks the same to the
    observer and offers the player to move the same actions.
    """
    game = make_game(players, **options)
    states = played_states(game, seed=players)
    for state in states[:: max(1, len(states) // 15)]:
        for seat in range(players):
            observation = game.observe(state, seat)
            sampled = game.sample_state(observation, seed=seat)
            game.check_state(sampled)
            assert observation == game.observe(sampled, seat)
            if seat == game.current_player(state):
                assert list(game.legal_actions(state)) == list(game.legal_actions(sampled))


def test_sampling_draws_the_hidden_cards_at_random(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """Only what the observer cannot know changes between samples."""
    game = make_game(3)
    state = game.new_game(30)
    observation = game.observe(state, 0)
    samples = [game.sample_state(observation, seed) for seed in range(6)]
    assert len({sample.hands[1] for sample in samples}) > 1
    assert {state.hands[0]} == {sample.hands[0] for sample in samples}
    assert {state.tiles} == {sample.tiles for sample in samples}
    assert {state.treasure_board} == {sample.treasure_board for sample in samples}


def test_observations_round_trip_and_are_checked(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """An observation survives dumps/loads; a tampered one is refused."""
    game = make_game(3)
    state = played_states(game, seed=4, limit=60)[-1]
    observation = game.observe(state, 2)
    assert observation == boardgames.loads(boardgames.dumps(observation))
    broken = attrs.evolve(observation, hand_sizes=(5, 4, 4))
    with pytest.raises(boardgames.SerializationError):
        boardgames.loads(boardgames.dumps(broken))


def test_every_move_is_described_whole_to_every_seat(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    """Every decision is taken in the open, so every seat is told the whole action.

    Even "players are permitted to discard one map card from their hand to the discard
    pile": the discard pile is open to all.
    """
    game = make_game(3)
    record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=4)
    kinds = set()
    for state, action in zip(boardgames.replay(record), record.actions, strict=False):
        seat = game.current_player(state)
        assert seat is not None
        observation = game.observe(state, seat)
        kinds.add(type(action).__name__)
        for viewer in range(3):
            assert str(action) == game.describe_action(observation, action, viewer)
    assert {"DiscardFromHand", "PlayMapCard", "SelectTile", "Step"} <= kinds

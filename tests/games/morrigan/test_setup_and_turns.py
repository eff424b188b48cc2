"""Setup, the draw, the reinforcement phase, the hand limit and the order of turns."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames.games.morrigan import (
    CardKind,
    ChooseTarget,
    Discard,
    EndActions,
    EndReinforcement,
    Morrigan,
    MorriganState,
    Phase,
    PlayAdversary,
    PlaySpecial,
    PlayTerritory,
    Reinforce,
)
from boardgames.games.morrigan.rules import prestige

K = CardKind


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_is_dealt_five_cards_and_the_first_player_draws_two(
    make_game: Callable[..., Morrigan], players: int
) -> None:
    """Five cards each, the rest face down; the first player's turn starts with his draw.

    Rulebook: "The cards are shuffled and each player is dealt 5 cards, which form their
    hand." and "The player draws the 2 cards on top of the draw pile. He may then
    temporarily exceed the maximum hand limit of 5 cards."
    """
    game = make_game(players)
    state = game.new_game(seed=4)
    first = state.active
    assert [7 if seat == first else 5 for seat in range(players)] == [
        len(hand) for hand in state.hands
    ]
    assert 100 - 5 * players - 2 == len(state.draw_pile)
    assert (Phase.ACTION, first, 1) == (state.phase, state.to_move, state.turn)


def test_the_first_player_comes_from_the_seed(make_game: Callable[..., Morrigan]) -> None:
    """Any seat may begin, and the seed decides which.

    Rulebook: "The player who explained the rules to the others chooses who begins the
    game." (the engine draws the first player from the seed).
    """
    game = make_game(4)
    assert {0, 1, 2, 3} == {game.new_game(seed).active for seed in range(40)}
    assert game.new_game(9) == game.new_game(9)


def test_play_proceeds_clockwise(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """After seat 2's turn comes seat 0's (seat + 1, wrapping round).

    Rulebook: "Play then proceeds clockwise."
    """
    game = make_game(3)
    state = make_state(3, hands=[[], [], [K.ACTION_1]], active=2)
    state = play(game, state, EndActions())
    assert (0, 6, 2) == (state.active, state.turn, len(state.hands[0]))


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """The next player draws the last card and one from the reshuffled discard pile.

    Rulebook: "If the draw pile runs out during this phase, the player whose turn it is
    shuffles all the discarded cards together. He must then rebuild a new draw pile before
    continuing to play."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ACTION_1]], draw=[K.ORDEAL_5], rest="discard")
    assert 1 == len(state.draw_pile)
    before = len(state.discard_pile)
    state = play(game, state, EndActions())
    assert 1 == state.active
    assert K.ORDEAL_5 in kinds(state.hands[1])
    assert 2 == len(state.hands[1])
    assert () == state.discard_pile
    assert before - 1 == len(state.draw_pile)


def test_any_draw_reshuffles_the_discard_pile_not_only_phase_one(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Secret Treasure draws past the end of the draw pile into a reshuffled discard pile.

    Ruling A-MOR-15: "same reshuffle whenever a draw is needed; if both piles are empty,
    draw as many as exist."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.SECRET_TREASURE]], draw=[K.ACTION_2], rest="discard")
    discarded = len(state.discard_pile)
    state = play(game, state, PlaySpecial(K.SECRET_TREASURE))
    assert 2 == len(state.hands[0])
    assert discarded - 1 == len(state.draw_pile)
    assert (state.discard_pile[0],) == state.discard_pile  # only the Treasure itself


def test_the_hand_limit_makes_the_player_choose_his_discards(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """With 7 cards at the end of his turn, the player discards two kinds of his choice.

    Rulebook: "At the end of his turn, a player must have 5 cards at most in his hand. If
    he holds more, he must discard until he reaches this maximum."
    """
    game = make_game(3)
    hand = [K.ACTION_1, K.ACTION_1, K.ACTION_5, K.ORDEAL_2, K.CURSE, K.TERRITORY_4, K.ACTION_3]
    state = make_state(3, hands=[hand])
    state = play(game, state, EndActions())
    assert Phase.HAND_LIMIT == state.phase
    assert [Discard(kind) for kind in sorted(set(hand))] == list(game.legal_actions(state))
    state = play(game, state, Discard(K.CURSE))
    assert (Phase.HAND_LIMIT, 0) == (state.phase, state.active)
    state = play(game, state, Discard(K.ACTION_1))
    assert 1 == state.active
    assert [K.ACTION_1, K.ACTION_3, K.ACTION_5, K.ORDEAL_2, K.TERRITORY_4] == kinds(state.hands[0])
    assert [K.CURSE, K.ACTION_1] == [kinds([card])[0] for card in state.discard_pile[-2:]]


def test_a_territory_scores_at_once_and_actions_repeat(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Two Territories played one after the other both score immediately.

    Rulebook: "The card immediately scores the prestige points indicated." and "A player
    may have as many Territories in play as he wishes."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.TERRITORY_4, K.TERRITORY_2, K.ACTION_1]])
    state = play(game, state, PlayTerritory(4))
    assert 4 == prestige(state, 0)
    assert PlayTerritory(2) in game.legal_actions(state)
    state = play(game, state, PlayTerritory(2))
    assert (6, Phase.ACTION) == (prestige(state, 0), state.phase)


def test_each_territory_and_adversary_takes_one_reinforcement_per_turn(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """A target reinforced this turn is not offered again; the others still are.

    Rulebook: "Reinforce each of his Territories with ONE card from his hand (one per
    Territory per turn)" and "Reinforce each Adversary in play with ONE card from his hand
    (one per Adversary per turn)".
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_1, K.ACTION_2, K.ACTION_3, K.CURSE]],
        territories={0: [K.TERRITORY_1, K.TERRITORY_2]},
        adversaries=[K.ADVERSARY_3],
    )
    terr_1, terr_2 = (holding.card for holding in state.territories[0])
    adversary = state.adversaries[0].card
    state = play(game, state, EndActions())
    assert Phase.REINFORCE_TARGET == state.phase
    assert [
        ChooseTarget(terr_1),
        ChooseTarget(terr_2),
        ChooseTarget(adversary),
        EndReinforcement(),
    ] == list(game.legal_actions(state))
    state = play(game, state, ChooseTarget(terr_2), Reinforce(K.ACTION_3))
    assert [ChooseTarget(terr_1), ChooseTarget(adversary), EndReinforcement()] == list(
        game.legal_actions(state)
    )
    state = play(game, state, ChooseTarget(adversary), Reinforce(K.CURSE))
    assert [ChooseTarget(terr_1), EndReinforcement()] == list(game.legal_actions(state))
    state = play(game, state, EndReinforcement())
    assert 1 == state.active
    assert [1] == [len(h.reinforcements) for h in state.adversaries]
    assert [0, 1] == [len(h.reinforcements) for h in state.territories[0]]


def test_the_reinforcement_limit_resets_each_turn_and_piles_have_no_limit(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """A Territory reinforced in one turn can be reinforced again the next; cards pile up.

    Rulebook: "A player may reinforce a particular Territory only once per turn, with one
    card." and "There is no limit to the total number of cards that may be placed as
    reinforcements under a Territory card."
    """
    game = make_game(2)
    state = make_state(
        2,
        hands=[[K.ACTION_1, K.ACTION_2], [K.ACTION_4]],
        territories={0: [(K.TERRITORY_1, [(K.ACTION_5, 0), (K.ORDEAL_1, 0)])]},
    )
    territory = state.territories[0][0].card
    state = play(game, state, EndActions(), ChooseTarget(territory), Reinforce(K.ACTION_2))
    state = play(game, state, EndActions())  # seat 1 has no target
    assert 0 == state.active
    state = play(game, state, EndActions(), ChooseTarget(territory), Reinforce(K.ACTION_1))
    assert 4 == len(state.territories[0][0].reinforcements)


def test_an_adversary_played_this_turn_can_be_reinforced_in_phase_three(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """The player who played an Adversary may reinforce it in his own reinforcement phase.

    Ruling A-MOR-19: "Reinforcing an Adversary one played this turn … allowed (one card per
    Adversary per turn in the Reinforcement phase)."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ADVERSARY_2, K.ACTION_1]])
    state = play(game, state, PlayAdversary(2))  # the others hold no cards: no window
    adversary = state.adversaries[0].card
    state = play(game, state, EndActions(), ChooseTarget(adversary), Reinforce(K.ACTION_1))
    assert 1 == len(state.adversaries[0].reinforcements)
    assert state.adversaries[0].reinforcements[0].in_reinforcement_phase


def test_the_reinforcement_phase_is_skipped_without_targets(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """With no own Territory and no Adversary in play, ending the actions ends the turn.

    Rulebook: "During this phase, a player may reinforce his Territories or the Adversaries
    in play." (nothing to reinforce: the engine does not ask).
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ACTION_1]], territories={1: [K.TERRITORY_3]})
    state = play(game, state, EndActions())
    assert (1, Phase.ACTION) == (state.active, state.phase)

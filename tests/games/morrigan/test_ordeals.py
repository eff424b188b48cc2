"""Ordeals: sealed stakes clockwise, the simultaneous reveal, ties, withdrawals, Blessing."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.morrigan import (
    CardKind,
    Decline,
    Morrigan,
    MorriganOptions,
    MorriganState,
    Phase,
    PlayOrdeal,
    Stake,
    Withdraw,
)
from boardgames.games.morrigan.components import CARD_KINDS
from boardgames.games.morrigan.rules import prestige

K = CardKind


def four_players(make_state: Callable[..., MorriganState], **extra: object) -> MorriganState:
    """Seat 1 holds an Ordeal 3; everybody holds a few cards."""
    return make_state(
        4,
        hands=[
            [K.ACTION_2, K.ACTION_4, K.TERRITORY_1],
            [K.ORDEAL_3, K.ACTION_1, K.ACTION_5],
            [K.ACTION_4, K.CURSE, K.ACTION_2],
            [K.ACTION_3, K.BLESSING, K.ADVERSARY_1],
        ],
        active=1,
        **extra,
    )


def test_stakes_go_clockwise_from_the_left_and_the_ordeal_player_stakes_last(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Seat 1 plays the Ordeal: seats 2, 3 and 0 stake in turn, then seat 1.

    Rulebook: "Stakes are placed clockwise, starting with the player to the left of the
    player who played the Ordeal." and ruling A-MOR-6 ("he stakes last").
    """
    game = make_game(4)
    state = play(game, four_players(make_state), PlayOrdeal(3))
    order = []
    while state.phase is Phase.ORDEAL_STAKE:
        order.append(state.to_move)
        state = play(game, state, Decline())
    assert [2, 3, 0, 1] == order


def test_the_highest_action_card_wins_and_all_stakes_are_discarded(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Stakes 4, 3 and a bluff: seat 2's Action 4 wins the Ordeal and its 3 prestige.

    Rulebook: "The winner of the Ordeal is the participant whose staked Action card has the
    highest value. The cards played by all players are discarded immediately after being
    revealed." and "The Ordeal scores the prestige points indicated, and the card is placed
    in plain view in front of its winner."
    """
    game = make_game(4)
    state = play(
        game,
        four_players(make_state),
        PlayOrdeal(3),
        Stake(K.ACTION_4),
        Stake(K.ACTION_3),
        Stake(K.TERRITORY_1),
        Decline(),
    )
    assert (Phase.ACTION, 1) == (state.phase, state.to_move)
    assert [K.ORDEAL_3] == kinds(state.won[2])
    assert 3 == prestige(state, 2)
    assert [K.ACTION_4, K.ACTION_3, K.TERRITORY_1] == [
        kinds([card])[0] for card in state.discard_pile[-3:]
    ]


def test_a_tie_gives_an_extra_round_reserved_for_the_tied(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Seats 2 and 0 tie at 4; only they stake again, seat 0 wins the extra round.

    Rulebook: "In case of a tie between two or more participants, another staking round is
    held, reserved for these players." and "A player who has declined to stake cannot go
    back on his decision, even when there are several staking rounds."
    """
    game = make_game(4)
    state = play(
        game,
        four_players(make_state),
        PlayOrdeal(3),
        Stake(K.ACTION_4),  # seat 2
        Decline(),  # seat 3
        Stake(K.ACTION_4),  # seat 0
        Stake(K.ACTION_1),  # seat 1
    )
    assert state.ordeal is not None
    assert (Phase.ORDEAL_STAKE, 2, (2, 0)) == (
        state.phase,
        state.ordeal.round,
        state.ordeal.waiting,
    )
    assert Withdraw() in game.legal_actions(state)
    assert Decline() not in game.legal_actions(state)
    state = play(game, state, Stake(K.ACTION_2), Stake(K.ACTION_2))
    assert state.ordeal is not None
    assert (3, (2, 0)) == (state.ordeal.round, state.ordeal.waiting)
    state = play(game, state, Stake(K.CURSE), Stake(K.TERRITORY_1))
    # Two bluffs tie again, and neither tied player has a card left for a fourth round.
    assert Phase.ACTION == state.phase
    assert [] == kinds(state.won[0]) == kinds(state.won[2])
    assert K.ORDEAL_3 is kinds([state.discard_pile[-1]])[0]


def test_all_bluffs_tie_and_a_lone_bluff_wins_an_extra_round(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Two bluffs tie; in the extra round seat 2's Action 4 beats seat 3's Blessing bluff.

    Rulebook: "A bluff is enough to avoid a tie and win the Ordeal if no other tied player
    stakes an Action card in that round. If all players play a bluff, the staking round is
    considered a tie."
    """
    game = make_game(4)
    state = play(
        game,
        four_players(make_state),
        PlayOrdeal(3),
        Stake(K.CURSE),  # seat 2
        Stake(K.ADVERSARY_1),  # seat 3
        Decline(),  # seat 0
        Decline(),  # seat 1
    )
    assert state.ordeal is not None
    assert (2, 3) == state.ordeal.waiting
    state = play(game, state, Stake(K.ACTION_4), Stake(K.BLESSING))  # 4 against a bluff
    assert [K.ORDEAL_3] == kinds(state.won[2])


def test_withdrawal_leaves_the_ordeal_to_the_others(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Seat 2 withdraws from the extra round; seat 0's bluff wins the Ordeal.

    Rulebook: "During an additional staking round, a player may decide to stop staking.
    The Ordeal continues normally for the other participants."
    """
    game = make_game(4)
    state = play(
        game,
        four_players(make_state),
        PlayOrdeal(3),
        Stake(K.ACTION_4),
        Decline(),
        Stake(K.ACTION_4),
        Decline(),
        Withdraw(),  # seat 2
        Stake(K.TERRITORY_1),  # seat 0 bluffs alone
    )
    assert [K.ORDEAL_3] == kinds(state.won[0])


def test_if_all_withdraw_the_ordeal_is_won_by_no_one(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Both tied players withdraw: the Ordeal is discarded.

    Rulebook: "If all players withdraw, the Ordeal is discarded and won by no one."
    """
    game = make_game(4)
    state = play(
        game,
        four_players(make_state),
        PlayOrdeal(3),
        Stake(K.ACTION_4),
        Decline(),
        Stake(K.ACTION_4),
        Decline(),
        Withdraw(),
        Withdraw(),
    )
    assert Phase.ACTION == state.phase
    assert all(not won for won in state.won)
    assert [K.ORDEAL_3] == kinds(state.discard_pile[-1:])


def test_nobody_staking_means_no_winner(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Everybody declines: the Ordeal is discarded.

    Rulebook: "Taking part in an Ordeal is not mandatory." (with no stake there is no
    winner; ruling A-MOR-7: "no stakers → Ordeal discarded").
    """
    game = make_game(4)
    state = play(
        game, four_players(make_state), PlayOrdeal(3), Decline(), Decline(), Decline(), Decline()
    )
    assert all(not won for won in state.won)
    assert Phase.ACTION == state.phase


def test_a_lone_bluff_wins_the_first_round_unless_the_option_says_otherwise(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """A single staker with a bluff wins by default; with ``lone_bluff_wins=False`` not.

    Erratum E15: "A lone bluff winning the first staking round extends the extra-round
    sentence ("A bluff is enough to avoid a tie and win the Ordeal"); keep it, say so, and
    offer a config."
    """
    moves = (PlayOrdeal(3), Stake(K.CURSE), Decline(), Decline(), Decline())
    game = make_game(4)
    state = play(game, four_players(make_state), *moves)
    assert [K.ORDEAL_3] == kinds(state.won[2])
    strict = make_game(4, lone_bluff_wins=False)
    state = play(
        strict, four_players(make_state, options=MorriganOptions(lone_bluff_wins=False)), *moves
    )
    assert all(not won for won in state.won)


def test_blessing_doubles_the_action_card_and_shows_face_up(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Seat 3's Action 3 with the Blessing (6) beats Action 5; later stakers see the Blessing.

    Rulebook: "Blessing (Bénédiction): Double the value of the Action card used in an Ordeal.
    Playable only together with a stake in an Ordeal." and ruling A-MOR-8 (face up).
    """
    game = make_game(4)
    state = play(game, four_players(make_state), PlayOrdeal(3), Decline())
    assert Stake(K.ACTION_3, blessed=True) in game.legal_actions(state)
    assert Stake(K.BLESSING, blessed=True) not in game.legal_actions(state)
    state = play(game, state, Stake(K.ACTION_3, blessed=True))
    view = game.observe(state, 0)
    assert view.ordeal is not None
    stake = view.ordeal.stakes[0]
    assert (3, None) == (stake.seat, stake.card)
    assert stake.blessing is not None
    state = play(game, state, Decline(), Stake(K.ACTION_5))
    assert [K.ORDEAL_3] == kinds(state.won[3])


def test_blessing_with_a_bluff_counts_nothing(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """A blessed bluff is worth 0 and loses to an Action 1.

    Ruling A-MOR-8: "doubles only an Action stake".
    """
    game = make_game(4)
    state = play(
        game,
        four_players(make_state),
        PlayOrdeal(3),
        Decline(),
        Stake(K.ADVERSARY_1, blessed=True),
        Decline(),
        Stake(K.ACTION_1),
    )
    assert [K.ORDEAL_3] == kinds(state.won[1])


def test_stakes_are_sealed_until_the_simultaneous_reveal(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """A later staker sees that seat 2 staked, never what; seat 2 sees his own card.

    Rulebook: "Each participant must take a card of his choice from his hand and place it
    in front of him, face down" and "All participants in the Ordeal reveal their cards at
    the same time."
    """
    game = make_game(4)
    state = play(game, four_players(make_state), PlayOrdeal(3), Stake(K.ACTION_4))
    assert state.ordeal is not None
    staked = state.ordeal.stakes[0].card
    for seat in (0, 1, 3):
        view = game.observe(state, seat).ordeal
        assert view is not None
        assert [(2, None)] == [(stake.seat, stake.card) for stake in view.stakes]
    mine = game.observe(state, 2).ordeal
    assert mine is not None
    assert mine.stakes[0].card is not None
    assert CARD_KINDS[staked] is CARD_KINDS[mine.stakes[0].card] is K.ACTION_4
    history = game.observe(state, 0).history
    assert "stake a face-down card" == str(history[-1][2])


def test_a_tied_player_with_no_card_left_cannot_stake(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Both tied players staked their last card: the Ordeal is discarded.

    Rulebook: "If none of the participants has a card to play in this additional round,
    the Ordeal is discarded and won by no one."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ORDEAL_2, K.ACTION_1], [K.ACTION_2], [K.ACTION_2]])
    state = play(game, state, PlayOrdeal(2), Stake(K.ACTION_2), Stake(K.ACTION_2), Decline())
    assert Phase.ACTION == state.phase
    assert all(not won for won in state.won)


def test_the_ordeal_player_may_play_it_with_an_empty_hand(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Seat 0 plays his last card, an Ordeal; seat 1 wins it with an Action 1.

    Ruling A-MOR-24: "p may still play it (participation is optional)".
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ORDEAL_1], [K.ACTION_1], []])
    state = play(game, state, PlayOrdeal(1), Stake(K.ACTION_1))
    assert [K.ORDEAL_1] == kinds(state.won[1])

"""Playing an Adversary: the other players' face-down reinforcement window."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.morrigan import (
    CardKind,
    ChooseTarget,
    Decline,
    EndActions,
    Fight,
    Morrigan,
    MorriganState,
    Phase,
    PlayAdversary,
    Reinforce,
)

K = CardKind


def test_the_others_reinforce_in_turn_from_the_players_left_and_may_decline(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Seat 2 plays an Adversary; seats 3, 0 and 1 decide in that order, seat 0 declines.

    Rulebook: "Reinforcements are placed one after another, clockwise, starting with the
    player to the left of the player who played the Adversary. Reinforcing is not
    mandatory, and a player may decline to take part."
    """
    game = make_game(4)
    state = make_state(
        4,
        hands=[[K.ACTION_2], [K.TERRITORY_3], [K.ADVERSARY_4, K.ACTION_1], [K.ACTION_5]],
        active=2,
    )
    state = play(game, state, PlayAdversary(4))
    order = []
    for action in (Reinforce(K.ACTION_5), Decline(), Reinforce(K.TERRITORY_3)):
        assert Phase.ON_PLAY_REINFORCE == state.phase
        order.append(state.to_move)
        state = play(game, state, action)
    assert [3, 0, 1] == order
    assert (Phase.ACTION, 2) == (state.phase, state.to_move)
    placed = state.adversaries[0].reinforcements
    assert [(3, False), (1, False)] == [(r.placer, r.in_reinforcement_phase) for r in placed]


def test_a_player_with_no_card_is_not_asked(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """With an empty hand (a public fact) a player has nothing to place.

    Rulebook: "The other players now have the opportunity to place one card from their
    hand, face down, under the Adversary played."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ADVERSARY_1], [], [K.ACTION_1]])
    state = play(game, state, PlayAdversary(1))
    assert 2 == state.to_move


def test_a_reinforcement_is_known_only_to_the_player_who_placed_it(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Seat 1 sees his card under the Adversary; seats 0 and 2 see a face-down card.

    Rulebook: "They may place either an Action card, which really increases the Adversary's
    power, or a card of another type, which has only a deterrent effect (bluff)."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ADVERSARY_1], [K.ACTION_4], [K.ACTION_1]])
    state = play(game, state, PlayAdversary(1), Reinforce(K.ACTION_4))
    card = state.adversaries[0].reinforcements[0].card
    seen = [game.observe(state, seat).adversaries[0].reinforcements[0] for seat in range(3)]
    assert [None, card, None] == [view.card for view in seen]
    assert {1} == {view.placer for view in seen}
    assert "reinforce with a face-down card" == str(game.observe(state, 2).history[-1][2])


def test_the_window_does_not_end_the_action_phase(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """After the window the player who played the Adversary carries on with his actions.

    Rulebook: "This special reinforcement of an Adversary by the other players does not
    interrupt the action phase of the player whose turn it is."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ADVERSARY_1, K.ADVERSARY_2], [K.ACTION_1], []])
    state = play(game, state, PlayAdversary(1), Decline())
    assert (Phase.ACTION, 0) == (state.phase, state.to_move)
    assert PlayAdversary(2) in game.legal_actions(state)


def test_anyone_may_later_reinforce_or_fight_an_adversary(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Seat 0's Adversary is reinforced and fought by seat 1 in his turn.

    Rulebook: "Once played, the Adversary no longer belongs to the player who placed it in
    play. In later turns, anyone may reinforce or fight this Adversary."
    """
    game = make_game(2)
    state = make_state(2, hands=[[K.ADVERSARY_1], [K.ACTION_3, K.ACTION_1]])
    state = play(game, state, PlayAdversary(1), Decline(), EndActions())
    assert 1 == state.active
    adversary = state.adversaries[0].card
    assert Fight(adversary) in game.legal_actions(state)
    state = play(game, state, EndActions(), ChooseTarget(adversary), Reinforce(K.ACTION_1))
    assert [1] == [r.placer for r in state.adversaries[0].reinforcements]

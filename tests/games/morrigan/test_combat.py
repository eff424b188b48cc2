"""Fighting Adversaries and conquering Territories: strength, defence, bluffs, Curse, Catapult."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.morrigan import (
    AddAction,
    AddCatapult,
    CardKind,
    ChooseTarget,
    Commit,
    Conquer,
    Decline,
    EndActions,
    Fight,
    Morrigan,
    MorriganOptions,
    MorriganState,
    Phase,
    PlayAdversary,
    Reinforce,
    Reinforcement,
)
from boardgames.games.morrigan.rules import attack_strength, defence, prestige

K = CardKind


def test_an_attack_stronger_than_the_defence_defeats_the_adversary(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Attack 4 + 3 = 7 against Adversary 3 + reinforcement 3 = 6: the Adversary is won.

    Rulebook: "If the player's attack strength is greater than the Adversary's defence
    value, the Adversary is defeated. All the cards played by the player and the cards
    placed as reinforcements of the Adversary are discarded. The Adversary immediately
    scores the prestige points indicated"
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_4, K.ACTION_3, K.ACTION_1]],
        adversaries=[(K.ADVERSARY_3, [(K.ACTION_3, 1, False, False)])],
    )
    adversary = state.adversaries[0].card
    state = play(game, state, Fight(adversary), AddAction(4), AddAction(3))
    assert state.attack is not None
    assert 7 == attack_strength(state.attack.cards, 0)
    state = play(game, state, Commit())
    assert (adversary,) == state.won[0]
    assert () == state.adversaries
    assert 3 == prestige(state, 0)
    assert [K.ACTION_3, K.ACTION_3, K.ACTION_4] == kinds(state.discard_pile)
    assert [K.ACTION_1] == kinds(state.hands[0])


def test_an_equal_attack_loses_and_only_the_attackers_cards_are_discarded(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Attack 6 against defence 3 + 3 = 6 fails; the bluff goes, the Action 3 stays, public.

    Rulebook: "If the player's attack strength is less than or equal to the Adversary's
    defence value, the player loses the combat. Only the cards placed by the player are
    discarded. The reinforcement cards remain in play and are placed face down under the
    Adversary again." and "The other cards, which served as bluffs, are discarded."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_5, K.ACTION_1]],
        adversaries=[
            (K.ADVERSARY_3, [(K.ACTION_3, 1, False, False), (K.TERRITORY_5, 2, False, False)])
        ],
    )
    adversary = state.adversaries[0].card
    state = play(game, state, Fight(adversary), AddAction(5), AddAction(1), Commit())
    assert () == state.won[0]
    (holding,) = state.adversaries
    assert [K.ACTION_3] == kinds([r.card for r in holding.reinforcements])
    assert holding.reinforcements[0].public
    assert [K.ACTION_1, K.ACTION_5, K.TERRITORY_5] == kinds(state.discard_pile)
    assert 6 == defence(state, adversary)


def test_after_a_failed_attack_the_defence_is_known_to_all(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Before the attack only the placer sees the card; afterwards every player does.

    Rulebook: "The Adversary remains in play, but its current defence value is now known
    to all. It may be reinforced normally during the next reinforcement phases."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_1, K.ACTION_2]],
        adversaries=[(K.ADVERSARY_2, [(K.ACTION_4, 1, False, False)])],
    )
    adversary = state.adversaries[0].card
    hidden = state.adversaries[0].reinforcements[0].card
    assert [None, hidden, None] == [
        game.observe(state, seat).adversaries[0].reinforcements[0].card for seat in range(3)
    ]
    state = play(game, state, Fight(adversary), AddAction(2), Commit())
    assert [hidden] * 3 == [
        game.observe(state, seat).adversaries[0].reinforcements[0].card for seat in range(3)
    ]
    state = play(game, state, EndActions())
    assert Phase.REINFORCE_TARGET == state.phase
    state = play(game, state, ChooseTarget(adversary), Reinforce(K.ACTION_1))
    later = game.observe(state, 2).adversaries[0].reinforcements
    assert [hidden, None] == [r.card for r in later]


def test_conquest_moves_the_territory_and_its_prestige(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Attack 5 against Territory 2 + 2 = 4: the Territory changes owner, unreinforced.

    Rulebook: "If the attacking player manages to accumulate an attack strength greater
    than the defence value of the other player's Territory, the Territory changes owner.
    All the cards played by the attacking player and the cards placed as reinforcements of
    the Territory are discarded. The Territory immediately scores the prestige points
    indicated, and the card is placed in plain view in front of its new owner."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_5]],
        territories={2: [(K.TERRITORY_2, [(K.ACTION_2, 2)])]},
    )
    territory = state.territories[2][0].card
    assert (0, 2) == (prestige(state, 0), prestige(state, 2))
    state = play(game, state, Conquer(territory), AddAction(5), Commit())
    assert (2, 0) == (prestige(state, 0), prestige(state, 2))
    assert [territory] == [holding.card for holding in state.territories[0]]
    assert () == state.territories[0][0].reinforcements
    assert [K.ACTION_2, K.ACTION_5] == kinds(state.discard_pile)


def test_a_failed_conquest_leaves_the_territory_with_a_public_defence(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Attack 3 against Territory 1 + 2 (and a bluff) = 3 fails; the defence is public.

    Rulebook: "If the player's attack strength is less than or equal to the Territory's
    defence value, the player loses the combat. Only the cards placed by the player are
    discarded." and "The Territory's current defence value is now known to all."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_3]],
        territories={1: [(K.TERRITORY_1, [(K.ACTION_2, 1), (K.ADVERSARY_5, 1)])]},
        turn=8,  # seat 1 has placed the two cards in two turns of his (turns 3 and 6)
    )
    territory = state.territories[1][0].card
    state = play(game, state, Conquer(territory), AddAction(3), Commit())
    (holding,) = state.territories[1]
    assert [True] == [r.public for r in holding.reinforcements]
    assert 3 == defence(state, territory)


def test_catapult_doubles_the_action_cards_of_a_conquest(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Action 3 with a Catapult (6) takes a Territory 5: without it, 3 would lose.

    Rulebook: "Catapult (Catapulte): Double the value of the Action cards used in the
    conquest of a Territory. Playable only together with one or more Action cards in a
    conquest."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_3, K.CATAPULT]],
        territories={1: [K.TERRITORY_5]},
        adversaries=[K.ADVERSARY_1],
    )
    territory = state.territories[1][0].card
    fight = play(game, state, Fight(state.adversaries[0].card))
    assert AddCatapult() not in game.legal_actions(fight)
    state = play(game, state, Conquer(territory))
    assert [AddAction(3), AddCatapult()] == list(game.legal_actions(state))
    state = play(game, state, AddCatapult())
    assert Commit() not in game.legal_actions(state)
    state = play(game, state, AddAction(3), Commit())
    assert [territory] == [holding.card for holding in state.territories[0]]


def test_curse_doubles_an_adversarys_defence(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Adversary 2 + Action 2 with a Curse is 8: an attack of 7 fails, of 9 wins.

    Rulebook: "Curse (Malédiction): Double the defence value of an Adversary by placing
    this card as a reinforcement. Playable only during a reinforcement phase."
    """
    game = make_game(3)
    cursed = [(K.ADVERSARY_2, [(K.ACTION_2, 1, False, False), (K.CURSE, 2, True, False)])]
    state = make_state(3, hands=[[K.ACTION_5, K.ACTION_2]], adversaries=cursed)
    adversary = state.adversaries[0].card
    assert 8 == defence(state, adversary)
    lost = play(game, state, Fight(adversary), AddAction(5), AddAction(2), Commit())
    assert () == lost.won[0]
    survivors = lost.adversaries[0].reinforcements  # the Curse stays, public
    assert [K.ACTION_2, K.CURSE] == kinds([r.card for r in survivors])
    assert all(r.public for r in survivors)
    assert 8 == defence(lost, adversary)
    state = make_state(3, hands=[[K.ACTION_5, K.ACTION_4]], adversaries=cursed)
    won = play(game, state, Fight(adversary), AddAction(5), AddAction(4), Commit())
    assert (adversary,) == won.won[0]


def test_a_curse_placed_in_its_owners_reinforcement_phase_doubles_the_defence(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Seat 0 curses an Adversary 3 in his phase 3: 6 fails against it, 5 + 4 = 9 wins.

    Rulebook: "Curse (Malédiction): Double the defence value of an Adversary by placing
    this card as a reinforcement. Playable only during a reinforcement phase." and erratum
    E3: "the Curse doubles an Adversary's defence only when placed in its holder's own
    Reinforcement phase (phase 3)". Ruling A-MOR-9: "it stays under the Adversary if the
    attack fails (publicly known) and is discarded if the Adversary is defeated."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.CURSE], [K.ACTION_5, K.ACTION_1, K.ACTION_5, K.ACTION_4]],
        adversaries=[K.ADVERSARY_3],
        draw=[K.ORDEAL_1, K.ORDEAL_1],
    )
    adversary = state.adversaries[0].card
    (curse,) = state.hands[0]
    state = play(game, state, EndActions())
    assert Phase.REINFORCE_TARGET == state.phase
    state = play(game, state, ChooseTarget(adversary))
    assert [Reinforce(K.CURSE)] == list(game.legal_actions(state))
    state = play(game, state, Reinforce(K.CURSE))
    assert (1, Phase.ACTION) == (state.active, state.phase)
    assert (Reinforcement(curse, 0, True, False),) == state.adversaries[0].reinforcements
    assert 6 == defence(state, adversary)
    assert game.observe(state, 1).adversaries[0].reinforcements[0].card is None
    # 5 + 1 = 6 would beat a bare Adversary 3, but not the cursed 6.
    state = play(game, state, Fight(adversary), AddAction(5), AddAction(1), Commit())
    assert () == state.won[1]
    assert (Reinforcement(curse, 0, True, True),) == state.adversaries[0].reinforcements
    assert [curse] * 3 == [
        game.observe(state, seat).adversaries[0].reinforcements[0].card for seat in range(3)
    ]
    assert [K.ACTION_1, K.ACTION_5] == kinds(state.discard_pile)
    assert 6 == defence(state, adversary)
    state = play(game, state, Fight(adversary), AddAction(5), AddAction(4), Commit())
    assert (adversary,) == state.won[1]
    assert () == state.adversaries
    assert 3 == prestige(state, 1)
    assert [K.ACTION_1, K.ACTION_4, K.ACTION_5, K.ACTION_5, K.CURSE] == kinds(state.discard_pile)


def test_a_curse_placed_on_play_is_a_bluff_unless_wide_curse(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """A Curse put under a new Adversary in the on-play window counts only with the option.

    Erratum E3: "In the on-play window (which is part of the Action phase) a Curse may be
    placed only as a bluff and counts 0. Optional config for the wider reading."
    """
    for wide, expected in ((False, 3), (True, 6)):
        game = make_game(3, wide_curse=wide)
        state = make_state(
            3,
            hands=[[K.ADVERSARY_3, K.ACTION_1], [K.CURSE], []],
            options=MorriganOptions(wide_curse=wide),
        )
        state = play(game, state, PlayAdversary(3), Reinforce(K.CURSE))
        assert expected == defence(state, state.adversaries[0].card)


def test_a_curse_under_a_territory_is_a_bluff(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """A Curse doubles Adversaries only: under a Territory it is discarded at the reveal.

    Ruling A-MOR-9: "Under a Territory it is a bluff."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ACTION_4]], territories={1: [(K.TERRITORY_3, [(K.CURSE, 1)])]})
    territory = state.territories[1][0].card
    assert 3 == defence(state, territory)
    state = play(game, state, Conquer(territory), AddAction(4), Commit())
    assert [territory] == [holding.card for holding in state.territories[0]]
    assert K.CURSE in kinds(state.discard_pile)


def test_an_adversary_can_be_fought_in_the_turn_it_is_played(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Seat 0 plays an Adversary, the others decline, and seat 0 fights it at once.

    Rulebook: "An Adversary may be faced in the same action phase in which it was played."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ADVERSARY_1, K.ACTION_2], [K.ACTION_1], [K.ACTION_1]])
    state = play(game, state, PlayAdversary(1), Decline(), Decline())
    adversary = state.adversaries[0].card
    state = play(game, state, Fight(adversary), AddAction(2), Commit())
    assert (adversary,) == state.won[0]


def test_several_fights_and_conquests_in_one_action_phase(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Two Adversaries and a Territory fall in one turn.

    Rulebook: "He may also face as many Adversaries and attempt to conquer as many
    Territories as he chooses, in the order he wishes. Each action must be resolved before
    another one is begun." (The number is unlimited.)
    """
    game = make_game(2)
    state = make_state(
        2,
        hands=[[K.ACTION_3, K.ACTION_3, K.ACTION_3]],
        adversaries=[K.ADVERSARY_1, K.ADVERSARY_2],
        territories={1: [K.TERRITORY_2]},
    )
    first, second = (holding.card for holding in state.adversaries)
    territory = state.territories[1][0].card
    state = play(
        game,
        state,
        Fight(first),
        AddAction(3),
        Commit(),
        Fight(second),
        AddAction(3),
        Commit(),
        Conquer(territory),
        AddAction(3),
        Commit(),
    )
    assert (first, second) == state.won[0]
    assert 5 == prestige(state, 0)


def test_an_attack_needs_an_action_card(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """No Fight without an Action card in hand; no Commit before one is added.

    Ruling A-MOR-11: "Attack with zero Action cards … Ruling: at least one Action card."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.TERRITORY_1]], adversaries=[K.ADVERSARY_1])
    assert not any(isinstance(action, Fight) for action in game.legal_actions(state))
    state = make_state(3, hands=[[K.ACTION_1]], adversaries=[K.ADVERSARY_1])
    state = play(game, state, Fight(state.adversaries[0].card))
    assert [AddAction(1)] == list(game.legal_actions(state))

"""The ten Special cards, each with its own timing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames.games.morrigan import (
    AddAction,
    CardKind,
    Commit,
    Conquer,
    Decline,
    Effect,
    EndActions,
    Morrigan,
    MorriganOptions,
    MorriganState,
    Phase,
    PlayAdversary,
    PlayOrdeal,
    PlaySorcery,
    PlaySpecial,
    PlayTerritory,
    Reinforce,
    TakeFromDiscard,
    Zone,
)
from boardgames.games.morrigan.components import CARD_KINDS
from boardgames.games.morrigan.rules import defence, prestige

K = CardKind


def test_unexpected_ally_takes_any_card_of_the_discard_pile(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """The player picks the Territory 5 from under the top card; everyone knows he has it.

    Rulebook: "Unexpected Ally (Allié Inattendu): Draw a card from the discard pile.
    Playable only during your turn." and ruling A-MOR-12 ("any card of the player's
    choice").
    """
    game = make_game(3)
    state = make_state(
        3, hands=[[K.UNEXPECTED_ALLY]], discard=[K.TERRITORY_5, K.ACTION_1, K.ACTION_1]
    )
    state = play(game, state, PlaySpecial(K.UNEXPECTED_ALLY))
    assert Phase.ALLY_PICK == state.phase
    assert [TakeFromDiscard(K.ACTION_1), TakeFromDiscard(K.TERRITORY_5)] == list(
        game.legal_actions(state)
    )
    state = play(game, state, TakeFromDiscard(K.TERRITORY_5))
    assert [K.TERRITORY_5] == kinds(state.hands[0])
    assert [K.ACTION_1, K.ACTION_1, K.UNEXPECTED_ALLY] == kinds(state.discard_pile)
    for seat in (1, 2):
        (clue,) = game.observe(state, seat).clues
        assert ((Zone.HAND, 0, 0),) == clue.places
        assert 1 == clue.counts[K.TERRITORY_5]


def test_unexpected_ally_top_only_variant(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """With ``ally_top_only`` the top discard (the last one) is taken at once.

    Ruling A-MOR-12: "Config `ally_top_only`."
    """
    game = make_game(3, ally_top_only=True)
    state = make_state(
        3,
        hands=[[K.UNEXPECTED_ALLY]],
        discard=[K.TERRITORY_5, K.ACTION_1],
        options=MorriganOptions(ally_top_only=True),
    )
    state = play(game, state, PlaySpecial(K.UNEXPECTED_ALLY))
    assert (Phase.ACTION, [K.ACTION_1]) == (state.phase, kinds(state.hands[0]))


def test_unexpected_ally_needs_a_discard_pile(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """With an empty discard pile there is nothing to draw, so the card is not offered.

    Ruling A-MOR-12: the card takes a card from the discard pile, so it needs one there.
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.UNEXPECTED_ALLY]])
    assert [EndActions()] == list(game.legal_actions(state))


def test_the_kings_favourite_takes_a_card_from_each_other_player(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Seats 1 and 3 lose one card each (seat 2 has none); only taker and victim know which.

    Rulebook: "The King's Favourite (Favori du Roi): Draw a card from the hand of each of
    the other players. Playable only during your turn." and ruling A-MOR-13 ("known to that
    victim and the taker").
    """
    game = make_game(4)
    state = make_state(4, hands=[[K.KINGS_FAVOURITE], [K.CURSE], [], [K.ORDEAL_4, K.ORDEAL_4]])
    state = play(game, state, PlaySpecial(K.KINGS_FAVOURITE))
    assert [K.ORDEAL_4, K.CURSE] == kinds(state.hands[0])
    assert [0, 0, 1] == [len(state.hands[seat]) for seat in (1, 2, 3)]
    victim_1 = game.observe(state, 1).clues
    assert [((Zone.HAND, 0, 0),)] == [clue.places for clue in victim_1]
    assert 1 == victim_1[0].counts[K.CURSE]
    victim_3 = game.observe(state, 3).clues
    assert 1 == victim_3[0].counts[K.ORDEAL_4]
    assert () == game.observe(state, 2).clues
    assert "Curse" not in game.render_observation(game.observe(state, 2))


def test_secret_treasure_draws_two_cards(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """The two top cards of the draw pile join the hand.

    Rulebook: "Secret Treasure (Trésor Secret): Immediately draw two cards and add them to
    your hand. Playable only during your turn."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.SECRET_TREASURE]], draw=[K.ACTION_5, K.CURSE])
    state = play(game, state, PlaySpecial(K.SECRET_TREASURE))
    assert [K.ACTION_5, K.CURSE] == kinds(state.hands[0])
    assert [K.SECRET_TREASURE] == kinds(state.discard_pile)


def test_sorcery_forces_another_player_to_discard_his_hand(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Seat 2's whole hand goes to the discard pile, face up; no self-target.

    Rulebook: "Sorcery (Sorcellerie): Force another player to discard his hand. Playable
    only during your turn." and ruling A-MOR-21 ("target any *other* player").
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.SORCERY], [K.ACTION_1], [K.ACTION_5, K.BLESSING]])
    assert [PlaySorcery(1), PlaySorcery(2), EndActions()] == list(game.legal_actions(state))
    state = play(game, state, PlaySorcery(2))
    assert frozenset() == state.hands[2]
    assert [K.ACTION_5, K.SORCERY, K.BLESSING] == kinds(state.discard_pile)


def test_deluge_forbids_territories_for_everyone_until_the_casters_next_turn(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """After a Deluge nobody, the caster included, plays a Territory until it expires.

    Rulebook: "Deluge (Déluge): Forbids playing Territory cards for one turn. Playable only
    during your turn." and erratum E16: "Deluge and Glacial Winter bind everyone, the
    caster included, from the moment they are played until the start of the caster's next
    turn".
    """
    game = make_game(2)
    state = make_state(
        2, hands=[[K.DELUGE, K.TERRITORY_1, K.TERRITORY_2], [K.TERRITORY_3, K.TERRITORY_4]]
    )
    state = play(game, state, PlaySpecial(K.DELUGE))
    assert [EndActions()] == list(game.legal_actions(state))
    state = play(game, state, EndActions())
    assert 1 == state.active
    assert not any(isinstance(a, PlayTerritory) for a in game.legal_actions(state))
    state = play(game, state, EndActions())
    assert 0 == state.active
    assert () == state.effects
    assert PlayTerritory(1) in game.legal_actions(state)


def test_glacial_winter_forbids_ordeals_but_not_territories(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """After a Glacial Winter no Ordeal may be played; Territories still may.

    Rulebook: "Glacial Winter (Hiver Glacial): Forbids playing Ordeal cards for one turn.
    Playable only during your turn."
    """
    game = make_game(2)
    state = make_state(2, hands=[[K.GLACIAL_WINTER, K.ORDEAL_1, K.TERRITORY_1], [K.ORDEAL_2]])
    state = play(game, state, PlaySpecial(K.GLACIAL_WINTER))
    legal = game.legal_actions(state)
    assert PlayOrdeal(1) not in legal
    assert PlayTerritory(1) in legal
    state = play(game, state, EndActions())
    assert PlayOrdeal(2) not in game.legal_actions(state)


def test_glacial_winter_binds_every_other_turn_and_lifts_at_the_casters_next_turn(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Seats 1 and 2 cannot play their Ordeals; at seat 0's next turn the Winter is discarded.

    Rulebook: "Glacial Winter (Hiver Glacial): Forbids playing Ordeal cards for one turn.
    Playable only during your turn." and erratum E16: "Deluge and Glacial Winter bind
    everyone, the caster included, from the moment they are played until the start of the
    caster's next turn".
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.GLACIAL_WINTER, K.ORDEAL_1], [K.ORDEAL_2], [K.ORDEAL_3]],
        draw=[K.ACTION_1] * 6,
    )
    (winter,) = (card for card in state.hands[0] if CARD_KINDS[card] is K.GLACIAL_WINTER)
    assert PlayOrdeal(1) in game.legal_actions(state)
    state = play(game, state, PlaySpecial(K.GLACIAL_WINTER))
    assert (Effect(winter, 0),) == state.effects
    assert PlayOrdeal(1) not in game.legal_actions(state)
    for seat in (1, 2):
        state = play(game, state, EndActions())
        assert (seat, Phase.ACTION) == (state.active, state.phase)
        assert (Effect(winter, 0),) == state.effects
        assert winter not in state.discard_pile
        assert [EndActions()] == list(game.legal_actions(state))  # no PlayOrdeal(seat + 1)
    state = play(game, state, EndActions())
    assert (0, Phase.ACTION) == (state.active, state.phase)
    assert () == state.effects
    assert (winter,) == state.discard_pile
    assert [K.GLACIAL_WINTER] == kinds(state.discard_pile)
    assert PlayOrdeal(1) in game.legal_actions(state)


def test_conquest_stays_allowed_under_a_deluge(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Under a Deluge seat 0 may not play his Territory 2 but may conquer seat 1's Territory.

    Ruling A-MOR-5: "Conquest (not 'playing a Territory') stays allowed." (docs: "Conquering
    a Territory is not 'playing' one and stays allowed.")
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.DELUGE, K.ACTION_3, K.TERRITORY_2]],
        territories={1: [K.TERRITORY_1]},
    )
    territory = state.territories[1][0].card
    assert PlayTerritory(2) in game.legal_actions(state)
    state = play(game, state, PlaySpecial(K.DELUGE))
    assert [Conquer(territory), EndActions()] == list(game.legal_actions(state))
    state = play(game, state, Conquer(territory), AddAction(3), Commit())
    assert [territory] == [holding.card for holding in state.territories[0]]
    assert (1, 0) == (prestige(state, 0), prestige(state, 1))
    assert [EndActions()] == list(game.legal_actions(state))  # still no PlayTerritory(2)


def test_earthquake_discards_every_territory_reinforcement(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """All players' Territory reinforcements go; Adversary reinforcements stay.

    Rulebook: "Earthquake (Séisme): All reinforcements of the Territory cards in play are
    discarded. Playable only during your turn."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.EARTHQUAKE]],
        territories={
            0: [(K.TERRITORY_1, [(K.ACTION_1, 0)])],
            2: [(K.TERRITORY_2, [(K.ACTION_5, 2), (K.CURSE, 2)]), K.TERRITORY_3],
        },
        adversaries=[(K.ADVERSARY_1, [(K.ACTION_2, 1)])],
    )
    state = play(game, state, PlaySpecial(K.EARTHQUAKE))
    assert all(not holding.reinforcements for holdings in state.territories for holding in holdings)
    assert 1 == len(state.adversaries[0].reinforcements)
    assert [K.ACTION_1, K.ACTION_5, K.CURSE, K.EARTHQUAKE] == kinds(state.discard_pile)


def test_earthquake_also_discards_reinforcements_revealed_by_a_failed_attack(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """A public Action 3 and a face-down Action 2 both leave the Territory 1 (defence 6 to 1).

    Rulebook: "Earthquake (Séisme): All reinforcements of the Territory cards in play are
    discarded."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.EARTHQUAKE]],
        territories={1: [(K.TERRITORY_1, [(K.ACTION_3, 1, True, True), (K.ACTION_2, 1)])]},
        turn=8,  # seat 1 has placed the two cards in two turns of his (turns 3 and 6)
    )
    territory = state.territories[1][0].card
    assert [True, False] == [r.public for r in state.territories[1][0].reinforcements]
    assert 6 == defence(state, territory)
    state = play(game, state, PlaySpecial(K.EARTHQUAKE))
    assert () == state.territories[1][0].reinforcements
    assert 1 == defence(state, territory)
    assert [K.ACTION_2, K.ACTION_3, K.EARTHQUAKE] == kinds(state.discard_pile)


@pytest.mark.parametrize("special", [K.CURSE, K.BLESSING, K.CATAPULT])
def test_curse_blessing_and_catapult_are_not_played_on_their_own(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    special: CardKind,
) -> None:
    """The action menu never offers Curse, Blessing or Catapult as a play.

    Rulebook: Curse "Playable only during a reinforcement phase", Blessing "Playable only
    together with a stake in an Ordeal", Catapult "Playable only together with one or more
    Action cards in a conquest".
    """
    game = make_game(3)
    state = make_state(3, hands=[[special, K.ACTION_1]])
    assert not any(isinstance(action, PlaySpecial) for action in game.legal_actions(state))


def test_specials_are_not_played_in_another_players_turn(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """In seat 0's on-play window seat 1 may only reinforce (any card, Specials as bluffs).

    Rulebook: "Playable only during your turn." and ruling A-MOR-4 ("during your own
    Action phase").
    """
    game = make_game(3)
    state = make_state(
        3, hands=[[K.ADVERSARY_1], [K.SECRET_TREASURE, K.SORCERY, K.DELUGE], [K.ACTION_1]]
    )
    state = play(game, state, PlayAdversary(1))
    assert [
        Reinforce(K.SECRET_TREASURE),
        Reinforce(K.SORCERY),
        Reinforce(K.DELUGE),
        Decline(),
    ] == list(game.legal_actions(state))

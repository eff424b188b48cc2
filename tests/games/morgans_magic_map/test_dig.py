"""Dig for Treasure: which map cards may be played, how deep the dig goes, what is taken.

The states start in the dig on the reference layout with seat 0 on the Tomb (1, 1): the
Anthill (0, 1) is 1 step away, the Oasis (2, 2) 2 steps, the Skull (3, 0) 3 steps.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames.games.morgans_magic_map import (
    MorgansMagicMap,
    MorganState,
    Phase,
    PlayMapCard,
    StopPlaying,
    TakeTreasure,
    UseBonus,
    Variant,
)
from boardgames.games.morgans_magic_map.components import MAP_CARDS, TILES, Symbol
from boardgames.games.morgans_magic_map.geometry import Placement

TREE, OASIS, TOMB = 5, 1, 2


def card(reference: str, distance: int) -> int:
    return next(
        c.id for c in MAP_CARDS if TILES[c.reference].name == reference and c.distance == distance
    )


TOMB_0 = card("The Tomb", 0)
ANTHILL_1 = card("The Anthill", 1)
ANTHILL_2 = card("The Anthill", 2)
OASIS_2 = card("The Oasis", 2)
SKULL_3 = card("The Skull", 3)
LIGHTHOUSE_2 = card("The Lighthouse", 2)
SHOVELS = [c.id for c in MAP_CARDS if c.symbol is Symbol.SHOVEL and c.reference > 9]


def digging(make_state: Callable[..., MorganState], **fields: object) -> MorganState:
    return make_state(phase=Phase.DIG_PLAY, **fields)


def test_a_card_is_played_only_at_exactly_its_distance(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Anthill 1 fits (1 step), Anthill 2 and Lighthouse 2 do not (the Lighthouse is 1 away).

    Rulebook: "Each map card has a number on it to indicate the distance from the reference
    point to the current location of the player's pirate pawn. The distance is always
    measured orthogonally and does not count the map tile where the pirate pawn is
    located." (A-MMM-5: exact match.)
    """
    game = make_game(3)
    state = digging(make_state, hands={0: [ANTHILL_1, ANTHILL_2, LIGHTHOUSE_2, SKULL_3]})
    assert [PlayMapCard(ANTHILL_1), PlayMapCard(SKULL_3), StopPlaying()] == list(
        game.legal_actions(state)
    )


def test_a_zero_card_needs_the_pawn_on_its_reference_point(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A zero card needs the pawn on its reference point.

    Rulebook: "Cards with a tile distance of '0' on them indicate that the pirate pawn must
    be standing on the map tile with the reference point."
    """
    game = make_game(3)
    on_tomb = digging(make_state, hands={0: [TOMB_0]})
    assert PlayMapCard(TOMB_0) in game.legal_actions(on_tomb)
    elsewhere = digging(make_state, hands={0: [TOMB_0]}, pawns=(OASIS, TREE, OASIS))
    assert PlayMapCard(TOMB_0) not in game.legal_actions(elsewhere)


def test_gaps_count_as_steps(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    layout: Callable[..., tuple[Placement, ...]],
) -> None:
    """From the Green Tree (2, 1) to the Shipwreck moved to (4, 2), the gap at (3, 1) counts.

    Rulebook: "Empty spaces in the map are counted as one space for each 'missing' map
    tile."
    """
    game = make_game(3)
    tiles = layout({12: (4, 2, 0)})
    shipwreck_3 = card("The Shipwreck", 3)
    state = digging(make_state, tiles=tiles, pawns=(TREE, TOMB, OASIS), hands={0: [shipwreck_3]})
    assert PlayMapCard(shipwreck_3) in game.legal_actions(state)


def test_any_number_of_fitting_cards_may_be_played(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Any number of fitting cards may be played.

    Rulebook: "The player may play as many map cards that apply to the current position as
    they want. Each map card that the player wishes to play is placed in front of them
    face-up."
    """
    game = make_game(3)
    state = digging(make_state, hands={0: [TOMB_0, ANTHILL_1, OASIS_2, SKULL_3]})
    for played in (TOMB_0, ANTHILL_1, OASIS_2):
        state = game.apply(state, PlayMapCard(played))
    assert 3 == state.cards_played
    assert frozenset({TOMB_0, ANTHILL_1, OASIS_2}) == state.play_areas[0]
    assert frozenset({SKULL_3}) == state.hands[0]
    # The Oasis 2 card shows 2 doubloons: its bonus may be used at once.
    assert [PlayMapCard(SKULL_3), StopPlaying(), UseBonus(OASIS_2)] == list(
        game.legal_actions(state)
    )
    state = game.apply(state, StopPlaying())
    assert Phase.DIG_TAKE is state.phase
    takes = [TakeTreasure(1), TakeTreasure(2), TakeTreasure(3)]
    # The Tomb 0 card shows a shovel, the Oasis 2 card 2 doubloons.
    assert [*takes, UseBonus(TOMB_0), UseBonus(OASIS_2)] == list(game.legal_actions(state))


def test_the_take_is_limited_to_the_levels_reached(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The take is limited to the levels reached.

    Rulebook: "The total number of map cards played allows the option to take from the
    corresponding level or higher. For example, if three map cards were played this turn, a
    single treasure card may be chosen from any one of the first three positions on the
    treasure board."
    """
    game = make_game(3)
    state = make_state(phase=Phase.DIG_TAKE, cards_played=2, play_areas={0: [ANTHILL_1, OASIS_2]})
    assert [TakeTreasure(1), TakeTreasure(2)] == [
        action for action in game.legal_actions(state) if isinstance(action, TakeTreasure)
    ]


@pytest.mark.parametrize(("level", "doubloons"), [(1, 0), (2, 1), (3, 2), (4, 3)])
def test_deeper_levels_pay_doubloons(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    level: int,
    doubloons: int,
) -> None:
    """Deeper levels pay doubloons.

    Rulebook: "If a treasure card is chosen from a position showing doubloons, the player
    takes the number of doubloons from the supply as a bonus." (II 1, III 2, IV 3, V 4.)
    """
    game = make_game(3)
    state = make_state(phase=Phase.DIG_TAKE, cards_played=4)
    taken = state.treasure_board[level - 1]
    after = game.apply(state, TakeTreasure(level))
    assert 2 + doubloons == after.coins[0]
    assert (taken,) == after.treasures[0]


def test_the_board_is_refilled_and_sorted_at_once(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The Spinel (rank 8) drawn after taking the Pink Agate goes to the bottom.

    Rulebook: "The treasure board is immediately refilled by drawing the next treasure card
    from the deck. The treasure cards are immediately reorganized on the board according to
    their treasure ranks, if necessary. The lowest rank goes into the top spot on the
    treasure board."
    """
    game = make_game(3)
    state = make_state(phase=Phase.DIG_TAKE, cards_played=2)
    assert (0, 1, 2, 3, 8) == state.treasure_board
    assert 4 == state.treasure_deck[0]
    after = game.apply(state, TakeTreasure(2))
    assert (0, 2, 3, 8, 4) == after.treasure_board
    assert state.treasure_deck[1:] == after.treasure_deck
    assert Phase.DRAW_DISCARD is after.phase


def test_level_five_needs_a_shovel(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Four cards reach level IV; only a shovel reaches level V.

    Rulebook: "The only way to claim the treasure card on the lowest level (Level V) on the
    treasure board is to use at least one 'shovel' map card bonus as part of your 'dig'
    action."
    """
    game = make_game(3)
    state = make_state(phase=Phase.DIG_TAKE, cards_played=4, play_areas={0: SHOVELS[:1]})
    takes = [action for action in game.legal_actions(state) if isinstance(action, TakeTreasure)]
    assert TakeTreasure(5) not in takes
    state = game.apply(state, UseBonus(SHOVELS[0]))
    assert TakeTreasure(5) in game.legal_actions(state)


def test_a_shovel_digs_one_level_deeper(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A shovel digs one level deeper.

    Rulebook: "Each map card with a 'shovel' symbol used in this way increases the
    available treasure cards by one position on the treasure board."
    """
    game = make_game(3)
    state = make_state(phase=Phase.DIG_TAKE, cards_played=1, play_areas={0: SHOVELS[:2]})
    state = game.apply(game.apply(state, UseBonus(SHOVELS[0])), UseBonus(SHOVELS[1]))
    assert 3 == max(a.level for a in game.legal_actions(state) if isinstance(a, TakeTreasure))


def test_a_shovel_is_not_offered_at_full_depth(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Ruling A-MMM-11: "a SHOVEL bonus is not offered when depth is already 5"."""
    game = make_game(3)
    state = make_state(
        phase=Phase.DIG_TAKE, cards_played=4, shovels=1, play_areas={0: SHOVELS[1:2]}
    )
    assert [TakeTreasure(level) for level in range(1, 6)] == list(game.legal_actions(state))


def test_a_treasure_must_be_taken_once_a_card_is_played(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A treasure must be taken once a card is played.

    Rulebook: "The player then takes one treasure card from the treasure board." (A-MMM-10:
    mandatory; there is no way to skip the take.)
    """
    game = make_game(3)
    state = make_state(phase=Phase.DIG_TAKE, cards_played=1)
    assert [TakeTreasure(1)] == list(game.legal_actions(state))
    state = digging(make_state, hands={0: [ANTHILL_1, LIGHTHOUSE_2]})
    after = game.apply(game.apply(state, PlayMapCard(ANTHILL_1)), StopPlaying())
    assert 1 == len(after.treasures[0])  # the only take was forced and applied
    assert ((0, StopPlaying()), (0, TakeTreasure(1))) == after.history[-2:]


def test_no_card_played_means_no_dig(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Ruling A-MMM-9: "a treasure can be taken only if ≥1 map card was played this turn"."""
    game = make_game(3)
    state = digging(make_state, hands={0: [TOMB_0]}, play_areas={0: SHOVELS[:1]})
    assert UseBonus(SHOVELS[0]) not in game.legal_actions(state)
    after = game.apply(state, StopPlaying())
    assert Phase.DRAW_DISCARD is after.phase
    assert () == after.treasures[0]


def test_the_shovel_without_play_variant_digs_with_shovels_alone(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The shovel without play variant digs with shovels alone.

    With ``shovel_without_play`` a shovel counts "as if they had played another map card"
    even when none was played (the literal reading of the shovel text).
    """
    game = make_game(3, shovel_without_play=True)
    variant = Variant(shovel_without_play=True)
    state = digging(
        make_state, variant=variant, hands={0: [LIGHTHOUSE_2]}, play_areas={0: SHOVELS[:1]}
    )
    assert UseBonus(SHOVELS[0]) in game.legal_actions(state)
    state = game.apply(state, UseBonus(SHOVELS[0]))
    state = game.apply(state, StopPlaying())
    assert 1 == len(state.treasures[0])


def test_played_cards_stay_face_up_in_the_play_area(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Played cards stay face up in the play area.

    Rulebook: "The map cards that are played as part of your turn are not discarded.
    Instead, they remain face-up in front of you until you use them for their map card
    bonus."
    """
    game = make_game(3)
    state = digging(make_state, hands={0: [ANTHILL_1, LIGHTHOUSE_2]})
    state = game.apply(game.apply(state, PlayMapCard(ANTHILL_1)), StopPlaying())
    assert Phase.DRAW_DISCARD is state.phase
    assert ANTHILL_1 in state.play_areas[0]
    assert ANTHILL_1 not in state.map_discard
    observed = game.observe(state, 1)
    assert ANTHILL_1 in observed.play_areas[0]

"""Map card bonuses: from the play area only, each at its own moment, singly or in pairs."""

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
    UsePair,
    Variant,
)
from boardgames.games.morgans_magic_map.components import MAP_CARDS, TILES, Symbol

MAPS = [c.id for c in MAP_CARDS if c.symbol is Symbol.MAP]
BOOTS = [c.id for c in MAP_CARDS if c.symbol is Symbol.BOOTS]
SHOVELS = [c.id for c in MAP_CARDS if c.symbol is Symbol.SHOVEL]
DOUBLOONS = [c.id for c in MAP_CARDS if c.symbol is Symbol.DOUBLOONS]
BONUS_PHASES = (
    Phase.MAP_SELECT_TILE,
    Phase.MOVE_STEP,
    Phase.DIG_PLAY,
    Phase.DIG_TAKE,
    Phase.DRAW_DISCARD,
)


def bonuses(game: MorgansMagicMap, state: MorganState) -> list[UseBonus | UsePair]:
    return [a for a in game.legal_actions(state) if isinstance(a, UseBonus | UsePair)]


def at(make_state: Callable[..., MorganState], phase: Phase, **fields: object) -> MorganState:
    extra: dict[str, object] = {"cards_played": 1} if phase is Phase.DIG_TAKE else {}
    extra.update(fields)
    return make_state(phase=phase, **extra)


@pytest.mark.parametrize("phase", BONUS_PHASES)
def test_two_doubloons_at_any_time_of_the_turn(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    phase: Phase,
) -> None:
    """Two doubloons at any time of the turn.

    Rulebook: "Each player may discard map cards with the '2 doubloons' symbol on them at
    any time during their turn to receive 2 doubloons for each card." and "Cards used in
    this manner are put in the discard pile."
    """
    game = make_game(3)
    state = at(make_state, phase, play_areas={0: DOUBLOONS[:1]})
    after = game.apply(state, UseBonus(DOUBLOONS[0]))
    assert 4 == after.coins[0]
    assert (DOUBLOONS[0],) == after.map_discard
    assert frozenset() == after.play_areas[0]


def test_bonuses_come_only_from_the_play_area(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Bonuses come only from the play area.

    Rulebook: "Map card bonuses may only be used from cards played in front of you, not
    from your hand." and "Luke could not have discarded 'The Skull' map card to dig deeper
    because this card was in his hand."
    """
    game = make_game(3)
    skull_shovel = next(
        c.id
        for c in MAP_CARDS
        if TILES[c.reference].name == "The Skull" and c.symbol is Symbol.SHOVEL
    )
    state = at(make_state, Phase.DIG_TAKE, hands={0: [skull_shovel, *DOUBLOONS[:3]]})
    assert [] == bonuses(game, state)
    assert UseBonus(skull_shovel) not in game.legal_actions(state)


def test_only_the_player_to_move_uses_bonuses(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Rulebook: "During their turn, players may discard map cards in their play area"."""
    game = make_game(3)
    state = at(make_state, Phase.MOVE_STEP, play_areas={1: DOUBLOONS[:2]})
    assert [] == bonuses(game, state)


@pytest.mark.parametrize(
    ("phase", "symbol", "usable"),
    [
        (Phase.MAP_SELECT_TILE, Symbol.MAP, True),
        (Phase.MOVE_STEP, Symbol.MAP, False),
        (Phase.MOVE_STEP, Symbol.BOOTS, True),
        (Phase.DIG_TAKE, Symbol.BOOTS, False),
        (Phase.DIG_TAKE, Symbol.SHOVEL, True),
        (Phase.DIG_PLAY, Symbol.SHOVEL, False),
        (Phase.MAP_SELECT_TILE, Symbol.SHOVEL, False),
        (Phase.DRAW_DISCARD, Symbol.MAP, False),
    ],
)
def test_each_bonus_has_its_moment(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    phase: Phase,
    symbol: Symbol,
    usable: bool,
) -> None:
    """Each bonus has its moment.

    Map "during the Change the Island Map action", Boots "during the Move the Pirate
    action", Shovel "during the Dig action" (to choose the treasure: the take).
    """
    game = make_game(3)
    cards = [c.id for c in MAP_CARDS if c.symbol is symbol]
    state = at(make_state, phase, play_areas={0: cards[:1]})
    assert usable == (UseBonus(cards[0]) in game.legal_actions(state))


def test_two_cards_of_a_symbol_give_any_bonus(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Two Boots cards give a shovel in the dig, or 2 doubloons.

    Rulebook: "A player may also discard two map cards with the same symbol to use a bonus
    of their choice from those described above." and "Two cards with the 'boots' symbols on
    them could be discarded from in front of the player in order to use a different map card
    bonus like 'dig', 'map', or 'doubloons'."
    """
    game = make_game(3)
    state = at(make_state, Phase.DIG_TAKE, play_areas={0: BOOTS[:2]})
    assert [
        UsePair(BOOTS[0], BOOTS[1], Symbol.SHOVEL),
        UsePair(BOOTS[0], BOOTS[1], Symbol.DOUBLOONS),
    ] == bonuses(game, state)
    deeper = game.apply(state, UsePair(BOOTS[0], BOOTS[1], Symbol.SHOVEL))
    assert TakeTreasure(2) in game.legal_actions(deeper)
    assert (BOOTS[0], BOOTS[1]) == deeper.map_discard
    richer = game.apply(state, UsePair(BOOTS[0], BOOTS[1], Symbol.DOUBLOONS))
    assert 4 == richer.coins[0]
    in_map = at(make_state, Phase.MAP_SELECT_TILE, play_areas={0: BOOTS[:2]})
    after = game.apply(in_map, UsePair(BOOTS[0], BOOTS[1], Symbol.MAP))
    assert 2 == after.map_moves_left


def test_a_pair_obeys_the_timing_of_the_bonus_it_gives(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Ruling A-MMM-12: "Timing is that of the chosen bonus" (no Map bonus while digging)."""
    game = make_game(3)
    state = at(make_state, Phase.DIG_TAKE, play_areas={0: DOUBLOONS[:2]})
    kinds = {action.bonus for action in bonuses(game, state) if isinstance(action, UsePair)}
    assert {Symbol.SHOVEL, Symbol.DOUBLOONS} == kinds


def test_a_pair_needs_two_cards_of_the_same_symbol(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Rulebook: "discard two map cards with the same symbol"."""
    game = make_game(3)
    state = at(make_state, Phase.DIG_TAKE, play_areas={0: [BOOTS[0], MAPS[0]]})
    assert not any(isinstance(action, UsePair) for action in game.legal_actions(state))


def test_the_lowest_ids_pay_for_a_bonus(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Ruling A-MMM-13: "canonical (lowest id of that symbol) to keep branching ≤10"."""
    game = make_game(3)
    state = at(make_state, Phase.DRAW_DISCARD, play_areas={0: DOUBLOONS[:3]})
    assert [
        UseBonus(DOUBLOONS[0]),
        UsePair(DOUBLOONS[0], DOUBLOONS[1], Symbol.DOUBLOONS),
    ] == bonuses(game, state)


def test_the_exact_cards_variant_offers_every_card_and_pair(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """With ``exact_bonus_cards`` (A-MMM-13's config) the player chooses the cards."""
    game = make_game(3, exact_bonus_cards=True)
    state = at(
        make_state,
        Phase.DRAW_DISCARD,
        variant=Variant(exact_bonus_cards=True),
        play_areas={0: DOUBLOONS[:3]},
    )
    first, second, third = DOUBLOONS[:3]
    assert [
        UseBonus(first),
        UseBonus(second),
        UseBonus(third),
        UsePair(first, second, Symbol.DOUBLOONS),
        UsePair(first, third, Symbol.DOUBLOONS),
        UsePair(second, third, Symbol.DOUBLOONS),
    ] == bonuses(game, state)


def test_map_and_boots_played_in_the_dig_only_pay_in_pairs(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Map and boots played in the dig only pay in pairs.

    Ruling E13: "Map and Boots cards played in the dig can still be used this turn only as
    part of a same-symbol pair, for a bonus whose moment is still open (Shovel, 2
    doubloons)."
    """
    game = make_game(3)
    anthill_1, volcano_2 = 13, 42  # both show the Map symbol; the pawn is on the Tomb
    assert {Symbol.MAP} == {MAP_CARDS[anthill_1].symbol, MAP_CARDS[volcano_2].symbol}
    state = make_state(phase=Phase.DIG_PLAY, hands={0: [anthill_1, volcano_2]})
    state = game.apply(game.apply(state, PlayMapCard(anthill_1)), PlayMapCard(volcano_2))
    assert [StopPlaying(), UsePair(anthill_1, volcano_2, Symbol.DOUBLOONS)] == list(
        game.legal_actions(state)
    )
    state = game.apply(state, StopPlaying())
    assert [
        TakeTreasure(1),
        TakeTreasure(2),
        UsePair(anthill_1, volcano_2, Symbol.SHOVEL),
        UsePair(anthill_1, volcano_2, Symbol.DOUBLOONS),
    ] == list(game.legal_actions(state))


def test_a_card_played_this_turn_may_be_used_at_once(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A card played this turn may be used at once.

    Rulebook: "You may use the map card bonuses on cards immediately, even on the turn
    during which the card was played."
    """
    game = make_game(3)
    tomb_0 = 8
    state = make_state(phase=Phase.DIG_PLAY, hands={0: [tomb_0, 2]})
    state = game.apply(state, PlayMapCard(tomb_0))
    state = game.apply(state, game.legal_actions(state)[-1])  # stop playing
    assert UseBonus(tomb_0) in game.legal_actions(state)

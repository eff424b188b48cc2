"""Draw Map Cards: the optional discard, the refill to 4, reshuffles, and the next turn."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.morgans_magic_map import (
    DiscardFromHand,
    KeepHand,
    MorgansMagicMap,
    MorganState,
    Phase,
    UseBonus,
)
from boardgames.games.morgans_magic_map.components import MAP_CARDS, Symbol

DOUBLOONS = [c.id for c in MAP_CARDS if c.symbol is Symbol.DOUBLOONS]


def drawing(make_state: Callable[..., MorganState], **fields: object) -> MorganState:
    return make_state(phase=Phase.DRAW_DISCARD, **fields)


def test_the_hand_is_refilled_to_four(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The hand is refilled to four.

    Rulebook: "The player must now refill their hand back to 4 map cards by drawing from
    the map card deck."
    """
    game = make_game(3)
    state = drawing(make_state, hands={0: [40]})
    top = state.map_deck[:3]
    after = game.apply(state, KeepHand())
    assert frozenset({40, *top}) == after.hands[0]
    assert state.map_deck[3:] == after.map_deck


def test_one_card_may_be_discarded_before_drawing(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """One card may be discarded before drawing.

    Rulebook: "Before drawing new map cards, players are permitted to discard one map card
    from their hand to the discard pile." (E9: exactly one card.)
    """
    game = make_game(3)
    state = drawing(make_state, hands={0: [40, 41, 42, 43]})
    assert [DiscardFromHand(card) for card in (40, 41, 42, 43)] + [KeepHand()] == list(
        game.legal_actions(state)
    )
    after = game.apply(state, DiscardFromHand(41))
    assert (41,) == after.map_discard
    assert frozenset({40, 42, 43, state.map_deck[0]}) == after.hands[0]


def test_play_passes_to_the_left_after_drawing(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Play passes to the left after drawing.

    Rulebook: "After refilling their hand up to 4 map cards, play continues with the player
    on this player's left." (Left is the next seat.)
    """
    game = make_game(3)
    state = drawing(make_state, to_move=2)
    after = game.apply(state, KeepHand())
    assert (0, Phase.MAP_SELECT_TILE) == (game.current_player(after), after.phase)
    assert state.turn_number + 1 == after.turn_number
    assert (1, 2) == (after.map_moves_left, after.steps_left)


def test_an_empty_deck_is_replaced_by_the_shuffled_discards(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """An empty deck is replaced by the shuffled discards.

    The deck has one card; the discard pile, with the card just discarded, becomes the
    new deck.

    Rulebook: "If the map card deck is empty, the discards are shuffled to create a new draw
    deck." (E9: "shuffle the discard pile (including a card just discarded) into a new deck
    and go on drawing".)
    """
    game = make_game(3)
    state = drawing(make_state, hands={0: [40]}, map_deck=[41])
    discards = set(state.map_discard)
    after = game.apply(state, DiscardFromHand(40))
    hand = after.hands[0]
    assert 4 == len(hand)
    assert 41 in hand
    assert (hand - {41}) <= discards | {40}
    assert set(after.map_deck) | (hand - {41}) == discards | {40}
    assert () == after.map_discard
    assert 2 == len(after.hidden_groups)
    assert frozenset(discards | {40}) == after.hidden_groups[-1]


def test_a_refill_that_takes_the_last_card_leaves_the_deck_empty_until_the_next_draw(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The discards are shuffled only when a card must be drawn from an empty deck.

    Rulebook: "If the map card deck is empty, the discards are shuffled to create a new draw
    deck." The engine reads it as E9 words it, a shuffle "when the deck runs out during a
    refill": a refill that needs exactly the deck's last card shuffles nothing (see the
    docs page, E9).
    """
    game = make_game(3)
    state = drawing(make_state, hands={0: [40, 41, 42]}, map_deck=[43])
    after = game.apply(state, KeepHand())
    assert frozenset({40, 41, 42, 43}) == after.hands[0]
    assert () == after.map_deck
    assert state.map_discard == after.map_discard
    assert state.hidden_groups == after.hidden_groups


def test_with_no_card_left_anywhere_the_hand_stays_short(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Ruling A-MMM-24: "Deck and discard both empty while refilling: draw what exists"."""
    game = make_game(2)
    area = [card for card in range(72) if card not in (0, 1, 2, 3, 40, 41)]
    state = drawing(
        make_state,
        players=2,
        hands={0: [40, 41], 1: [0, 1, 2, 3]},
        play_areas={0: area},
        map_deck=[],
    )
    assert () == state.map_discard
    after = game.apply(state, KeepHand())
    assert frozenset({40, 41}) == after.hands[0]
    assert 1 == game.current_player(after)


def test_doubloons_may_still_be_taken_before_drawing(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """The 2-doubloons bonus is "at any time during their turn", also before the draw."""
    game = make_game(3)
    state = drawing(make_state, play_areas={0: DOUBLOONS[:1]})
    after = game.apply(state, UseBonus(DOUBLOONS[0]))
    assert (Phase.DRAW_DISCARD, 4) == (after.phase, after.coins[0])

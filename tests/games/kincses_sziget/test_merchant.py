"""The merchant: sealed weapon offers in two colours, payouts by the number of top bidders."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    Committed,
    CrewFromPile,
    Decline,
    DrawEvent,
    Move,
    Offer,
    Revealed,
    TreasureFromPile,
    TreasureFromRow,
)
from boardgames.games.kincses_sziget.state import (
    CrewSourceStep,
    MerchantCommitStep,
    TreasureSourceStep,
    TurnStep,
)

MERCHANT = 24  # blue and black
RUSTY_CUTLASS = 54  # blue 3
SHARP_CUTLASS = 57  # blue 5
LONG_CANNON = 59  # blue 10
CASK_OF_RUM = 70  # black 5
ADMIRALS_MEDALLION = 71  # black 10
IRON_HOOK = 65  # green 10
BRASS_COMPASS = 48  # orange 3


def start_merchant(
    game: KincsesSziget,
    make_state: Callable[..., KincsesState],
    hands: tuple[tuple[int, ...], ...],
) -> KincsesState:
    players = len(hands)
    state = make_state(
        players,
        hands=hands,
        positions=(2, *range(10, 10 + players - 1)),
        event_pile_tops=((MERCHANT,), (), ()),
    )
    state = game.apply(state, Move(1))
    return game.apply(state, DrawEvent(0))


def test_each_player_may_offer_one_weapon_of_the_merchants_colours(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Each player may offer one weapon of the merchants colours.

    Rulebook: "Everyone may take part in the action, but it is not compulsory." and "Each
    participant may offer exactly one weapon card for sale. The merchant is interested only in
    weapons of the 2 colours shown on the merchant card, so only those may be offered.".
    """
    game = make_game(3)
    hands = (
        (0, RUSTY_CUTLASS, IRON_HOOK, CASK_OF_RUM),
        (1, 2, LONG_CANNON),
        (3, 4, BRASS_COMPASS),
    )
    state = start_merchant(game, make_state, hands)
    assert MerchantCommitStep(0, MERCHANT) == state.tasks[-1]
    assert [Offer(RUSTY_CUTLASS), Offer(CASK_OF_RUM), Decline()] == list(game.legal_actions(state))
    state = game.apply(state, Offer(CASK_OF_RUM))
    state = game.apply(state, Offer(LONG_CANNON))
    assert [Decline()] == list(game.legal_actions(state))  # an orange weapon is not wanted


def test_offers_are_sealed_and_even_participation_is_hidden(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Offers are sealed and even participation is hidden.

    Rulebook: "Everyone prepares for the action in secret, then on a signal shows the weapon card
    intended for sale (or an empty hand, if they do not wish to take part in the bartering)." (E4).
    """
    game = make_game(3)
    hands = ((0, RUSTY_CUTLASS), (1, LONG_CANNON), (3, 4))
    state = start_merchant(game, make_state, hands)
    offered = game.apply(state, Offer(RUSTY_CUTLASS))
    declined = game.apply(state, Decline())
    assert (0, Committed()) == offered.history[-1] == declined.history[-1]
    assert game.observe(offered, 1) == game.observe(declined, 1)


def test_a_single_top_offer_is_paid_with_a_treasure_of_value_five(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A single top offer is paid with a treasure of value five.

    Rulebook: "The merchant buys the highest-value weapon." and "a treasure card of value 5, if
    there is a single winner" and "The winner(s) draw a new crew card from the deck or the visible
    row; the others take back their card.".
    """
    game = make_game(3)
    hands = ((0, RUSTY_CUTLASS), (1, LONG_CANNON), (3, SHARP_CUTLASS))
    state = start_merchant(game, make_state, hands)
    state = game.apply(state, Offer(RUSTY_CUTLASS))
    state = game.apply(state, Offer(LONG_CANNON))
    state = game.apply(state, Offer(SHARP_CUTLASS))
    assert [
        (0, Revealed((RUSTY_CUTLASS,))),
        (1, Revealed((LONG_CANNON,))),
        (2, Revealed((SHARP_CUTLASS,))),
    ] == list(state.history[-3:])
    assert TreasureSourceStep(1, 5) == state.tasks[-1]
    assert LONG_CANNON in state.crew_discard
    assert RUSTY_CUTLASS in state.hands[0]  # taken back, now known to everyone
    assert 0b111 == state.crew_known[RUSTY_CUTLASS]
    # E8: "any treasure value up to the prize" (a category lower is allowed).
    assert TreasureFromPile(1) in game.legal_actions(state)
    state = game.apply(state, TreasureFromPile(5))
    assert CrewSourceStep(1, 1) == state.tasks[-1]
    state = game.apply(state, CrewFromPile())
    assert 2 == len(state.hands[1])
    assert TurnStep(1) == state.tasks[-1]


def test_two_top_offers_are_paid_three_each_and_more_are_paid_one(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Two top offers are paid three each and more are paid one.

    Rulebook: "If several players offer the highest value, the merchant buys each of them" and "a
    treasure card of value 3, if there are two winners; a treasure card of value 1 to each player
    whom the merchant buys from, if there are more than two winners.".
    """
    game = make_game(3)
    hands = ((0, LONG_CANNON), (1, ADMIRALS_MEDALLION), (3, SHARP_CUTLASS))
    state = start_merchant(game, make_state, hands)
    for action in (Offer(LONG_CANNON), Offer(ADMIRALS_MEDALLION), Offer(SHARP_CUTLASS)):
        state = game.apply(state, action)
    assert TreasureSourceStep(0, 3) == state.tasks[-1]
    state = game.apply(state, TreasureFromRow(3, 0))
    state = game.apply(state, CrewFromPile())
    assert TreasureSourceStep(1, 3) == state.tasks[-1]
    four = make_game(4)
    hands4 = ((0, RUSTY_CUTLASS), (1, 55), (3, 66), (5, 48))
    state = start_merchant(four, make_state, hands4)
    offers: tuple[Offer | Decline, ...] = (Offer(RUSTY_CUTLASS), Decline(), Offer(66), Decline())
    for offer in offers:
        state = four.apply(state, offer)
    assert TreasureSourceStep(0, 3) == state.tasks[-1]  # two winners of value 3
    state = start_merchant(four, make_state, ((0, 54), (1, 55), (3, 66), (5, 67)))
    for action in (Offer(54), Offer(55), Offer(66), Offer(67)):
        state = four.apply(state, action)
    assert TreasureSourceStep(0, 1) == state.tasks[-1]  # four winners of value 3


def test_nobody_offering_ends_the_merchant(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Rulebook: "Everyone may take part in the action, but it is not compulsory."."""
    game = make_game(2)
    state = start_merchant(game, make_state, ((0, RUSTY_CUTLASS), (1, 2)))
    state = game.apply(state, Decline())
    state = game.apply(state, Decline())
    assert TurnStep(1) == state.tasks[-1]
    assert ((0, 54), (1, 2)) == state.hands

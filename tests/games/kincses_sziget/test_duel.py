"""The duel: challenge, marks, compositions, secret reveal, prize, draw and replacement."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    Advance,
    Challenge,
    Committed,
    Compose,
    CrewFromPile,
    CrewFromRow,
    DiscardCrew,
    DrawEvent,
    Move,
    Revealed,
    Theft,
    TreasureFromPile,
    TreasureFromRow,
)
from boardgames.games.kincses_sziget.components import EVENT_ID_IN_PLAY, Colour
from boardgames.games.kincses_sziget.rules import composition_total
from boardgames.games.kincses_sziget.state import (
    CrewSourceStep,
    DiscardStep,
    DuelCommitStep,
    DuelPrizeStep,
    DuelTargetStep,
    TreasureSourceStep,
    TurnStep,
)

BLACK_DOUBLE_CIRCLE = 12
BLACK_CROSS = 14
GREEN_DOUBLE_CIRCLE = 8
TIM_COOK = 40
GAMBLING_GAME = 69
CASPAR_KEEL = 44  # black 12, medallion
CAPTAINS_MEDALLION = 68  # black 3, medallion
RUM_BARREL = 67  # black 3, rum
BRASS_COMPASS = 48  # orange 3
BLACK_BART = 0  # black 6
EDWARD_LOW = 3  # black 6


def start_duel(
    game: KincsesSziget,
    make_state: Callable[..., KincsesState],
    card: int,
    hands: tuple[tuple[int, ...], ...],
    **fields: object,
) -> KincsesState:
    """Seat 0 moves from 2 to 3 and draws ``card``; returns the state at the challenge."""
    players = len(hands)
    fields.setdefault("positions", (2, *range(10, 10 + players - 1)))
    state = make_state(players, hands=hands, event_pile_tops=((card,), (), ()), **fields)
    state = game.apply(state, Move(1))
    state = game.apply(state, DrawEvent(0))
    assert DuelTargetStep(0, EVENT_ID_IN_PLAY[card]) == state.tasks[-1]
    return state


def test_the_challenger_may_challenge_any_player(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The challenger may challenge any player.

    Rulebook: "When a player draws one of these cards, they must challenge another player of their
    choice to a duel. The challenge must be accepted." (A-IRA-46: anyone).
    """
    game = make_game(3)
    state = start_duel(game, make_state, BLACK_CROSS, ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)))
    assert [Challenge(1), Challenge(2)] == list(game.legal_actions(state))


def test_a_double_circle_makes_the_challenger_draw_blindly(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A double circle makes the challenger draw blindly.

    Rulebook: "A double circle means that the challenger draws one crew card before the duel begins
    (only blindly from the draw pile)".
    """
    game = make_game(2)
    state = start_duel(
        game, make_state, BLACK_DOUBLE_CIRCLE, ((0, 1, 2, 3), (4, 5, 6, 7)), crew_pile_top=(30,)
    )
    state = game.apply(state, Challenge(1))
    assert (0, 1, 2, 3, 30) == state.hands[0]
    assert DuelCommitStep(0, BLACK_DOUBLE_CIRCLE) == state.tasks[-1]


def test_no_double_circle_draw_with_seven_cards(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Rulebook: "and may not draw if they have 7 cards in hand"."""
    game = make_game(2)
    state = start_duel(game, make_state, BLACK_DOUBLE_CIRCLE, (tuple(range(7)), (10, 11, 12, 13)))
    state = game.apply(state, Challenge(1))
    assert tuple(range(7)) == state.hands[0]


def test_a_cross_makes_the_challenger_discard_a_card_that_is_not_replaced(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A cross makes the challenger discard a card that is not replaced.

    Rulebook: "a cross means that the challenger discards any crew card from their hand. (For this
    card, it is a loss and is not replaced.)".
    """
    game = make_game(2)
    state = start_duel(game, make_state, BLACK_CROSS, ((0, 1, 2, 3), (4, 5, 6, 7)))
    state = game.apply(state, Challenge(1))
    assert DiscardStep is type(state.tasks[-1])
    state = game.apply(state, DiscardCrew(3))
    assert (0, 1, 2) == state.hands[0]
    assert (3,) == state.crew_discard
    state = game.apply(state, Compose(0, None))
    state = game.apply(state, Compose(4, None))
    while not isinstance(state.tasks[-1], TurnStep):
        state = game.apply(state, game.legal_actions(state)[0])
    assert 3 == len(state.hands[0])  # the played card was replaced, the discarded one not


def test_no_cross_discard_with_fewer_than_three_cards(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """No cross discard with fewer than three cards.

    Rulebook: "Exceptions: A player need not discard a crew card if they have fewer than 3 cards in
    hand".
    """
    game = make_game(2)
    state = start_duel(game, make_state, BLACK_CROSS, ((0, 1), (4, 5, 6, 7)))
    state = game.apply(state, Challenge(1))
    assert DuelCommitStep(0, BLACK_CROSS) == state.tasks[-1]


def test_compositions_are_a_pirate_alone_or_with_a_weapon_of_the_duel_colour(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Compositions are a pirate alone or with a weapon of the duel colour.

    Rulebook: "A valid duel composition is one of the following: 1 pirate card, or 1 pirate card + 1
    weapon card of the matching colour" and "If a player has a pirate card in hand, they must play
    one. Playing a weapon card of another colour is forbidden." (A-IRA-19: forbidden compositions
    are not offered).
    """
    game = make_game(2)
    hand = (TIM_COOK, CASPAR_KEEL, GAMBLING_GAME, BRASS_COMPASS)
    state = start_duel(game, make_state, BLACK_CROSS, (hand, (4, 5, 6, 7)))
    state = game.apply(state, Challenge(1))
    state = game.apply(state, DiscardCrew(BRASS_COMPASS))
    assert [
        Compose(TIM_COOK, None),
        Compose(TIM_COOK, GAMBLING_GAME),
        Compose(CASPAR_KEEL, None),
        Compose(CASPAR_KEEL, GAMBLING_GAME),
    ] == list(game.legal_actions(state))


def test_without_a_pirate_a_weapon_of_any_colour_must_be_played_and_loses(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Without a pirate a weapon of any colour must be played and loses.

    Rulebook: "If a player has no pirate card, they must play a weapon card, but the composition is
    then invalid, so they lose.".
    """
    game = make_game(2)
    state = start_duel(game, make_state, 13, ((0, 1, 2, 3), (BRASS_COMPASS, RUM_BARREL)))
    state = game.apply(state, Challenge(1))
    state = game.apply(state, Compose(BLACK_BART, None))
    assert [Compose(None, BRASS_COMPASS), Compose(None, RUM_BARREL)] == list(
        game.legal_actions(state)
    )
    state = game.apply(state, Compose(None, RUM_BARREL))
    assert DuelPrizeStep(0, 1, False) == state.tasks[-1]  # seat 0's black 6 wins


def test_both_invalid_is_a_draw_won_by_the_challenged(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Both invalid is a draw won by the challenged.

    Rulebook: "(If every player takes part in an invalid composition, the duel counts as a draw.)"
    and "On a draw, the challenged party wins" (A-IRA-30).
    """
    game = make_game(2)
    state = start_duel(
        game, make_state, BLACK_CROSS, ((BRASS_COMPASS, 49), (RUM_BARREL, CAPTAINS_MEDALLION))
    )
    state = game.apply(state, Challenge(1))
    state = game.apply(state, Compose(None, BRASS_COMPASS))
    state = game.apply(state, Compose(None, RUM_BARREL))
    assert DuelPrizeStep(1, 0, True) == state.tasks[-1]


@pytest.mark.parametrize(
    ("cards", "colour", "total"),
    [
        ((TIM_COOK, GAMBLING_GAME), Colour.BLACK, 26),  # 11 + 3 x 5
        ((TIM_COOK, RUM_BARREL), Colour.BLACK, 14),  # no rum icon: 11 + 3
        ((CASPAR_KEEL, CAPTAINS_MEDALLION), Colour.BLACK, 21),  # 12 + 3 x 3
        ((CASPAR_KEEL, 71), Colour.BLACK, 32),  # 12 + 2 x 10 (admiral's medallion)
        ((TIM_COOK, 71), Colour.BLACK, 21),  # 11 + 10
        ((TIM_COOK, GAMBLING_GAME), Colour.ORANGE, 4),  # only the black values change
    ],
)
def test_weapon_values_add_in_their_colour_and_icons_multiply_them(
    cards: tuple[int, int], colour: Colour, total: int
) -> None:
    """Weapon values add in their colour and icons multiply them.

    Rulebook: "The value of a weapon card and the pirate played with it add together if they are in
    the same colour. Values printed in other colours are not affected by the card." and "A weapon of
    value 3 or 5 has its power tripled, and a weapon of value 10 has its power doubled.".
    """
    assert total == composition_total(cards, colour)


def test_the_compositions_are_secret_until_both_are_revealed(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The compositions are secret until both are revealed.

    Rulebook: "Both sides prepare in secret: they place the cards to be played face down on their
    personal board, then turn them face up on a signal." (E4: the later chooser sees only that the
    other has committed).
    """
    game = make_game(2)
    hands = ((TIM_COOK, GAMBLING_GAME, 1, 2), (CASPAR_KEEL, CAPTAINS_MEDALLION, 5, 6))
    state = start_duel(game, make_state, BLACK_CROSS, hands)
    state = game.apply(state, Challenge(1))
    state = game.apply(state, DiscardCrew(2))
    state = game.apply(state, Compose(TIM_COOK, GAMBLING_GAME))
    assert (0, Committed()) == state.history[-1]
    view = game.observe(state, 1)
    assert view.seats[0].committed
    assert () == view.commit
    assert TIM_COOK not in view.seats[0].known_hand
    assert (TIM_COOK, GAMBLING_GAME) == game.observe(state, 0).commit
    state = game.apply(state, Compose(CASPAR_KEEL, CAPTAINS_MEDALLION))
    assert [(0, Revealed((TIM_COOK, GAMBLING_GAME))), (1, Revealed((44, 68)))] == list(
        state.history[-2:]
    )
    assert DuelPrizeStep(0, 1, False) == state.tasks[-1]  # Tim Cook's 26 beats 21


def test_the_winner_advances_and_the_loser_steps_back_his_zone_penalty(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The winner advances and the loser steps back his zone penalty.

    Rulebook: "Advantage: The winner moves forward 1, 2 or 3 spaces on the track. The loser moves
    back a number of free spaces equal to their zone's penalty: 1 space in zones A and B, 2 in zone
    C, and 3 in zone D. (Free spaces that can be reused – the parrot, the telescope and face-down
    island cards – count when moving. Neither side performs any action or activates an event card on
    the space they arrive on by a reward or penalty move.)".
    """  # noqa: RUF002
    game = make_game(2)
    hands = ((TIM_COOK, GAMBLING_GAME, 1, 2), (CASPAR_KEEL, 5, 6, 7))
    state = start_duel(
        game, make_state, BLACK_CROSS, hands, positions=(2, 27), board_events={26: 58}
    )
    state = game.apply(state, Challenge(1))
    state = game.apply(state, DiscardCrew(2))
    state = game.apply(state, Compose(TIM_COOK, GAMBLING_GAME))
    state = game.apply(state, Compose(CASPAR_KEEL, None))
    assert [Advance(1), Advance(2), Advance(3), Theft()] == list(game.legal_actions(state))
    state = game.apply(state, Advance(2))
    assert 5 == state.positions[0]  # 3 -> 5: the winner's reward move activates nothing
    assert 24 == state.positions[1]  # zone C: back 2 free spaces (26 holds a storm card)
    assert None is state.board_events[5]
    assert CrewSourceStep(0, 2) == state.tasks[-1]  # then the winner replaces first


def test_theft_takes_a_random_treasure_from_a_loser_with_three(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Theft takes a random treasure from a loser with three.

    Rulebook: "Treasure theft: The winner draws a treasure card at random from the loser, if the
    loser has at least 3 treasure cards. In that case, the loser suffers no other penalty.".
    """
    game = make_game(2)
    hands = ((TIM_COOK, GAMBLING_GAME, 1, 2), (CASPAR_KEEL, 5, 6, 7))
    state = start_duel(
        game, make_state, BLACK_CROSS, hands, positions=(2, 27), treasures=((), (1, 13, 25))
    )
    state = game.apply(state, Challenge(1))
    state = game.apply(state, DiscardCrew(2))
    state = game.apply(state, Compose(TIM_COOK, GAMBLING_GAME))
    state = game.apply(state, Compose(CASPAR_KEEL, None))
    state = game.apply(state, Theft())
    assert 1 == len(state.treasures[0])
    assert 2 == len(state.treasures[1])
    assert set(state.treasures[0]) | set(state.treasures[1]) == {1, 13, 25}
    assert 27 == state.positions[1]  # no other penalty
    stolen = state.treasures[0][0]
    assert 0b11 == state.treasure_known[stolen]  # known to thief and victim only


def test_theft_from_a_poor_loser_takes_a_supply_treasure_and_steps_him_back(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Theft from a poor loser takes a supply treasure and steps him back.

    Rulebook: "If the loser has fewer than 3 treasure cards, the winner instead draws a treasure
    card of value 3 (or lower) from the treasure draw pile; in that case, the loser's penalty is the
    same as in the advance variant" (A-IRA-29: row or pile).
    """
    game = make_game(2)
    hands = ((TIM_COOK, GAMBLING_GAME, 1, 2), (CASPAR_KEEL, 5, 6, 7))
    state = start_duel(
        game, make_state, BLACK_CROSS, hands, positions=(2, 36), treasures=((), (1, 13))
    )
    state = game.apply(state, Challenge(1))
    state = game.apply(state, DiscardCrew(2))
    state = game.apply(state, Compose(TIM_COOK, GAMBLING_GAME))
    state = game.apply(state, Compose(CASPAR_KEEL, None))
    state = game.apply(state, Theft())
    assert TreasureSourceStep(0, 3) == state.tasks[-1]
    assert [
        TreasureFromRow(1, 0),
        TreasureFromRow(1, 1),
        TreasureFromPile(1),
        TreasureFromRow(3, 0),
        TreasureFromRow(3, 1),
        TreasureFromPile(3),
    ] == list(game.legal_actions(state))
    state = game.apply(state, TreasureFromPile(3))
    assert 1 == len(state.treasures[0])
    assert 33 == state.positions[1]  # zone D: back 3


def test_on_a_draw_the_challenged_wins_without_penalising_the_challenger(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """On a draw the challenged wins without penalising the challenger.

    Rulebook: "Draw: On a draw, the challenged party wins, and decides between an advance and a
    treasure theft in the same way. However, the other side is not penalised: it does not move back,
    and no treasure card may be taken from it (only from the draw pile).".
    """
    game = make_game(2)
    hands = ((BLACK_BART, 1, 2, 9), (EDWARD_LOW, 5, 6, 7))  # both black 6
    state = start_duel(
        game, make_state, BLACK_CROSS, hands, positions=(20, 30), treasures=((1, 2, 3), ())
    )
    state = game.apply(state, Challenge(1))
    state = game.apply(state, DiscardCrew(9))
    state = game.apply(state, Compose(BLACK_BART, None))
    state = game.apply(state, Compose(EDWARD_LOW, None))
    assert DuelPrizeStep(1, 0, True) == state.tasks[-1]
    theft = game.apply(state, Theft())
    assert TreasureSourceStep(1, 3) == theft.tasks[-1]  # not from the challenger
    assert (1, 2, 3) == theft.treasures[0]
    advance = game.apply(state, Advance(1))
    assert (21, 31) == advance.positions  # the challenger stays on 21


def test_played_cards_are_discarded_and_replaced_winner_first(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Played cards are discarded and replaced winner first.

    Rulebook: "Replacing cards: After the duel is resolved, the played cards are discarded by both
    sides. Then they must be replaced. Each side draws as many crew cards from the visible row or
    the draw pile as it played. The winner replaces first. Empty spaces created in the visible row
    remain empty until the end of the round.".
    """
    game = make_game(2)
    hands = ((TIM_COOK, GAMBLING_GAME, 1, 2), (CASPAR_KEEL, 5, 6, 7))
    state = start_duel(game, make_state, BLACK_CROSS, hands, crew_row=(20, 21, 22, 23, 24, 25))
    state = game.apply(state, Challenge(1))
    state = game.apply(state, DiscardCrew(2))
    state = game.apply(state, Compose(TIM_COOK, GAMBLING_GAME))
    state = game.apply(state, Compose(CASPAR_KEEL, None))
    state = game.apply(state, Advance(1))
    assert {2, TIM_COOK, GAMBLING_GAME, CASPAR_KEEL} == set(state.crew_discard)
    assert CrewSourceStep(0, 2) == state.tasks[-1]
    state = game.apply(state, CrewFromRow(0))
    state = game.apply(state, CrewFromPile())
    assert CrewSourceStep(1, 1) == state.tasks[-1]
    state = game.apply(state, CrewFromRow(1))
    assert (None, None, 22, 23, 24, 25) == state.crew_row
    assert [3, 4] == [len(hand) for hand in state.hands]
    assert TurnStep(1) == state.tasks[-1]

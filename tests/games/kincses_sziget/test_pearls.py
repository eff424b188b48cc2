"""Pearl oyster beds and pearl sales on shell cards."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    Advance,
    Challenge,
    Compose,
    CrewFromPile,
    Decline,
    DrawEvent,
    Move,
    SellPearls,
    TreasureFromRow,
)
from boardgames.games.kincses_sziget.rules import score_breakdown
from boardgames.games.kincses_sziget.state import (
    PearlSaleStep,
    RewardStep,
    TelescopeStep,
    TreasureSourceStep,
    TurnStep,
)

TAILWIND = 47
TELESCOPE = 51
BLACK_PLAIN_DUEL = 15  # carries the shell


def test_a_ship_on_a_bed_takes_a_pearl_and_discards_the_event_card(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A ship on a bed takes a pearl and discards the event card.

    Rulebook: "As long as there are pearls on the space, a player arriving here may take one of
    them. Then they draw and carry out an event card, but they do not leave it on the board; they
    discard it." (A-IRA-12: the pearl is taken automatically).
    """
    game = make_game(2)
    state = make_state(positions=(10, 0), event_pile_tops=((TAILWIND,), (), ()))
    state = game.apply(state, Move(2))  # onto the bed on 12 (2 pearls)
    state = game.apply(state, DrawEvent(0))
    assert (1, 0) == state.pearls
    assert 1 == state.board_pearls[12]
    assert state.board_events[12] is None
    assert (TAILWIND,) == state.event_discard
    assert RewardStep(0, 1) == state.tasks[-1]  # the card is still carried out


def test_whoever_takes_the_last_pearl_leaves_the_card_on_the_space(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Whoever takes the last pearl leaves the card on the space.

    Rulebook: "Whoever takes the last pearl places their event card in the usual way on the emptied
    space.".
    """
    game = make_game(2)
    state = make_state(positions=(3, 0), event_pile_tops=((TAILWIND,), (), ()))
    state = game.apply(state, Move(2))  # onto the bed on 5 (1 pearl)
    state = game.apply(state, DrawEvent(0))
    assert 0 == state.board_pearls[5]
    assert TAILWIND == state.board_events[5]


def test_a_reusable_card_drawn_on_a_bed_stays_and_the_bed_keeps_its_pearls(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A reusable card drawn on a bed stays and the bed keeps its pearls.

    Rulebook: "(Exception: the parrot and telescope cards, which can be activated several times, so
    they may remain on the space.)" (A-IRA-11: a later lander takes a pearl and activates that
    card).
    """
    game = make_game(2)
    state = make_state(positions=(10, 9), event_pile_tops=((TELESCOPE,), (), ()))
    state = game.apply(state, Move(2))
    state = game.apply(state, DrawEvent(0))
    assert (TELESCOPE, 1) == (state.board_events[12], state.board_pearls[12])
    second = make_state(
        positions=(20, 10),
        board_events={12: TELESCOPE},
        turn_index=1,
        beds={5: 1, 12: 1, 18: 1, 28: 2},
        pearls=(1, 0),
    )
    second = game.apply(second, Move(2))  # seat 1 from 10 onto 12
    assert (1, 1) == second.pearls
    assert 0 == second.board_pearls[12]
    assert TelescopeStep(1) == second.tasks[-1]
    assert TELESCOPE == second.board_events[12]


def test_reward_moves_take_no_pearl(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Reward moves take no pearl.

    Rulebook: "Neither side performs any action or activates an event card on the space they arrive
    on by a reward or penalty move." (E20: no pearl is taken either).
    """
    game = make_game(2)
    state = make_state(positions=(9, 0), event_pile_tops=((TAILWIND,), (), ()))
    state = game.apply(state, Move(1))
    state = game.apply(state, DrawEvent(0))
    state = game.apply(state, Advance(2))  # 10 -> 12, the bed
    assert 12 == state.positions[0]
    assert (0, 2) == (state.pearls[0], state.board_pearls[12])


def duel_with_pearls(
    game: KincsesSziget, make_state: Callable[..., KincsesState], pearls: int
) -> KincsesState:
    """Seat 0 (holding ``pearls`` pearls) wins a black plain duel on space 3."""
    beds = {5: 1, 12: 2, 18: 1, 28: 2 - pearls}
    state = make_state(
        hands=((40, 69, 1, 2), (44, 5, 6, 7)),
        positions=(2, 30),
        pearls=(pearls, 0),
        beds={space: n for space, n in beds.items() if n},
        event_pile_tops=((BLACK_PLAIN_DUEL,), (), ()),
    )
    state = game.apply(state, Move(1))
    state = game.apply(state, DrawEvent(0))
    state = game.apply(state, Challenge(1))
    state = game.apply(state, Compose(40, 69))
    state = game.apply(state, Compose(44, None))
    state = game.apply(state, Advance(1))
    for _ in range(3):
        state = game.apply(state, CrewFromPile())
    return state


def test_a_shell_card_lets_its_activator_sell_two_pearls_for_a_treasure(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A shell card lets its activator sell two pearls for a treasure.

    Rulebook: "When a player activates a card marked with the shell, in addition to carrying out its
    effect they may sell 2 pearls for a treasure card of value 5 (or lower)." and "the player places
    the pearls on that space, then draws a treasure card of value 5 (or lower). Then they take the
    activated event card and discard it. In this way the space is freed, so it is available again,
    and at the same time it becomes a source of new true pearls." (A-IRA-41: after the effect).
    """
    game = make_game(2)
    state = duel_with_pearls(game, make_state, 2)
    assert PearlSaleStep(0, BLACK_PLAIN_DUEL, 3) == state.tasks[-1]
    assert [SellPearls(), Decline()] == list(game.legal_actions(state))
    declined = game.apply(state, Decline())
    assert TurnStep(1) == declined.tasks[-1]
    assert BLACK_PLAIN_DUEL == declined.board_events[3]
    state = game.apply(state, SellPearls())
    assert 0 == state.pearls[0]
    assert 2 == state.board_pearls[3]
    assert state.board_events[3] is None
    assert BLACK_PLAIN_DUEL in state.event_discard
    assert TreasureSourceStep(0, 5) == state.tasks[-1]
    state = game.apply(state, TreasureFromRow(5, 0))
    assert 1 == len(state.treasures[0])


def test_there_is_no_sale_of_a_single_pearl(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Rulebook: "(There is no option to sell only 1 pearl.)"."""
    game = make_game(2)
    state = duel_with_pearls(game, make_state, 1)
    assert TurnStep(1) == state.tasks[-1]


def test_each_pearl_scores_one_point(make_state: Callable[..., KincsesState]) -> None:
    """Each pearl scores one point.

    Rulebook: "At final scoring, one pearl is worth 1 point." and "Each true pearl = 1 point.".
    """
    state = make_state(pearls=(3, 0), beds={12: 2, 28: 1})
    assert 3 == score_breakdown(state, 0)["pearls"]
    assert 0 == score_breakdown(state, 1)["pearls"]

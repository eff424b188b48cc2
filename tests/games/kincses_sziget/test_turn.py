"""A turn: free spaces, moving and activating, anchoring, the hand bound, the round."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    AddMission,
    AnchorDiscard,
    AnchorDraw,
    AnchorExchange,
    AnchorMission,
    CrewFromPile,
    CrewFromRow,
    DiscardCrew,
    DrawEvent,
    EventDrawn,
    MissionFromPile,
    MissionFromRow,
    MissionPutBack,
    Move,
    RejectMission,
    ReplaceMission,
)
from boardgames.games.kincses_sziget.rules import forward
from boardgames.games.kincses_sziget.state import (
    CrewSourceStep,
    DiscardStep,
    EventPileStep,
    MissionDisposeStep,
    RewardStep,
    TurnStep,
)

STORM = 56
TELESCOPE = 51
TAILWIND = 47
MOVES = [Move(1), Move(2), Move(3)]


def test_ships_and_activated_events_occupy_spaces_but_telescopes_and_islands_do_not(
    make_state: Callable[..., KincsesState],
) -> None:
    """Ships and activated events occupy spaces but telescopes and islands do not.

    Rulebook: "A free space is a space with no other ship on it and no activated event card.
    (Exceptions: the parrot and telescope cards, and island cards still lying face down.)".
    """
    state = make_state(positions=(5, 7), board_events={8: STORM, 9: TELESCOPE})
    assert 6 == forward(state, 5, 1, 0)
    assert 9 == forward(state, 5, 2, 0)  # 7 (a ship) and 8 (a storm card) are skipped
    assert 10 == forward(state, 5, 3, 0)
    assert 15 == forward(state, 13, 2, 0)  # the face-down island on 15 counts
    occupied = make_state(positions=(13, 0), island_owners={0: 1})
    assert 16 == forward(occupied, 13, 2, 0)  # an occupied island does not


def test_moving_draws_an_event_from_the_chosen_pile_onto_the_destination(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Moving draws an event from the chosen pile onto the destination.

    Rulebook: "Together with their movement, the players draw one event card from the top of one of
    the three event piles, and place it face up on the space they intend to move to. In this way
    they activate the card and the action associated with it, which must be carried out immediately.
    An activated card can no longer be moved onto by anyone else; that space counts as occupied.".
    """
    game = make_game(2)
    state = make_state(positions=(2, 0), event_pile_tops=((), (TAILWIND,), ()))
    state = game.apply(state, Move(2))
    assert EventPileStep(0, 4) == state.tasks[-1]
    assert [DrawEvent(0), DrawEvent(1), DrawEvent(2)] == list(game.legal_actions(state))
    state = game.apply(state, DrawEvent(1))
    assert TAILWIND == state.board_events[4]
    assert (0, EventDrawn(1, TAILWIND)) == state.history[-1]
    assert RewardStep(0, 1) == state.tasks[-1]  # resolved at once
    assert 5 == forward(state, 3, 1, 1)  # the tailwind card occupies space 4


def test_the_turn_offers_moves_and_the_four_anchoring_actions(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The turn offers moves and the four anchoring actions.

    Rulebook: "On each turn, the players decide for themselves whether to advance 1, 2 or 3 free
    spaces." and "Instead of moving, a player may at any time choose an action that draws, discards
    or exchanges cards. ... Draw one crew card ... Discard one crew card ... Exchange one crew card
    (discard it, and draw one). Draw one mission card".
    """
    game = make_game(2)
    state = make_state()
    assert [*MOVES, AnchorDraw(), AnchorDiscard(), AnchorExchange(), AnchorMission()] == list(
        game.legal_actions(state)
    )


def test_anchoring_is_allowed_in_at_most_two_consecutive_rounds(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Anchoring is allowed in at most two consecutive rounds.

    Rulebook: "A player may choose the anchoring action in at most two consecutive rounds. ... In
    the round that follows, they must move: they must raise the anchor." (E2).
    """
    game = make_game(2)
    state = make_state(anchors=(1, 0))
    state = game.apply(state, AnchorDiscard())
    state = game.apply(state, DiscardCrew(0))
    assert (2, 0) == state.anchors
    state = make_state(anchors=(2, 0))
    assert MOVES == list(game.legal_actions(state))
    state = game.apply(state, Move(1))
    assert 0 == state.anchors[0]


def test_no_anchor_draw_with_seven_cards_and_no_discard_with_two(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """No anchor draw with seven cards and no discard with two.

    Rulebook: "Draw one crew card (taking care not to hold more than 7 cards in hand). Discard one
    crew card (taking care not to be left with fewer than 2 cards in hand)." and "Important rule: No
    player may hold more than 7 or fewer than 2 crew cards!".
    """
    game = make_game(2)
    full = make_state(hands=(range(7), range(7, 11)))
    assert [*MOVES, AnchorDiscard(), AnchorExchange(), AnchorMission()] == list(
        game.legal_actions(full)
    )
    short = make_state(hands=((0, 1), range(7, 11)))
    assert [*MOVES, AnchorDraw(), AnchorExchange(), AnchorMission()] == list(
        game.legal_actions(short)
    )
    state = game.apply(short, AnchorExchange())  # A-IRA-35: allowed at 2
    state = game.apply(state, DiscardCrew(0))
    assert CrewSourceStep(0, 1) == state.tasks[-1]
    state = game.apply(state, CrewFromPile())
    assert 2 == len(state.hands[0])


def test_an_anchor_draw_comes_from_the_row_or_the_pile(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """An anchor draw comes from the row or the pile.

    A-IRA-34: the anchoring draw takes a crew row card or the top of the draw pile; a row slot taken
    stays empty until the end of the round (A-IRA-48).
    """
    game = make_game(3)
    state = make_state(3, turn_index=1, crew_row=(20, 21, None, 23, 24, 25))  # mid-round
    state = game.apply(state, AnchorDraw())
    assert [
        CrewFromRow(0),
        CrewFromRow(1),
        CrewFromRow(3),
        CrewFromRow(4),
        CrewFromRow(5),
        CrewFromPile(),
    ] == list(game.legal_actions(state))
    state = game.apply(state, CrewFromRow(3))
    assert 23 in state.hands[1]
    assert (20, 21, None, None, 24, 25) == state.crew_row
    assert TurnStep(2) == state.tasks[-1]


def test_the_crew_row_is_refreshed_and_the_marker_passes_once_per_round(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The crew row is refreshed and the marker passes once per round.

    Rulebook: "At the end of the round, the visible row of crew cards must be refreshed: the
    remaining cards are discarded, and new cards are placed in all 6 positions." and "The
    starting-player marker passes to the next player in turn order, who starts the new round. (The
    previous starting player closes the round.)" (A-IRA-8).
    """
    game = make_game(3)
    state = make_state(3, crew_row=(20, 21, 22, 23, 24, 25))
    order = []
    for _ in range(3):
        order.append(state.tasks[-1].player)  # type: ignore[union-attr]
        state = game.apply(state, AnchorDraw())
        state = game.apply(state, CrewFromRow(len(order) - 1))
    assert [0, 1, 2] == order
    assert 2 == state.round
    assert 1 == state.start_player
    assert TurnStep(1) == state.tasks[-1]
    assert (23, 24, 25) == state.crew_discard
    assert 6 == sum(1 for card in state.crew_row if card is not None)
    assert not {20, 21, 22, 23, 24, 25} & {c for c in state.crew_row if c is not None}
    for _ in range(3):
        order.append(state.tasks[-1].player)
        state = game.apply(state, AnchorDiscard())
        state = game.apply(state, game.legal_actions(state)[0])
    assert [0, 1, 2, 1, 2, 0] == order


def test_taking_a_mission_from_the_row_refills_it_and_may_add_it(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Taking a mission from the row refills it and may add it.

    Rulebook: "Draw one mission card and decide whether to add it to the existing missions, replace
    one of them, or simply discard it." (A-IRA-33: the row is refilled at once).
    """
    game = make_game(2)
    state = make_state(mission_row=(10, 11, 12), mission_pile_top=(13,))
    state = game.apply(state, AnchorMission())
    assert [MissionFromRow(0), MissionFromRow(1), MissionFromRow(2), MissionFromPile()] == list(
        game.legal_actions(state)
    )
    state = game.apply(state, MissionFromRow(1))
    assert (10, 13, 12) == state.mission_row
    assert MissionDisposeStep(0) == state.tasks[-1]
    assert [AddMission(), ReplaceMission(0), RejectMission()] == list(game.legal_actions(state))
    state = game.apply(state, AddMission())
    assert (0, 11) == state.missions[0]


def test_replaced_and_rejected_missions_go_under_the_pile_unseen(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Replaced and rejected missions go under the pile unseen.

    A-IRA-33: "rejected/replaced missions go face down to the bottom of the mission pile"; the
    others see only that one card went back (the choice is secret).
    """
    game = make_game(2)
    state = make_state(mission_row=(10, 11, 12), mission_pile_top=(13,))
    state = game.apply(state, AnchorMission())
    state = game.apply(state, MissionFromPile())
    assert (12, 13) != state.mission_row[1:]
    state = game.apply(state, ReplaceMission(0))
    assert (13,) == state.missions[0]
    assert 0 == state.mission_pile[-1]
    assert (0, MissionPutBack()) == state.history[-1]
    other = make_state(mission_row=(10, 11, 12))
    other = game.apply(other, AnchorMission())
    other = game.apply(other, MissionFromRow(0))
    other = game.apply(other, RejectMission())
    assert (0,) == other.missions[0]
    assert 10 == other.mission_pile[-1]
    assert 0 == other.mission_known[10] & 0b10  # seat 1 no longer knows where it is


def test_discarding_for_an_anchor_is_a_choice_of_card(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Discarding for an anchor is a choice of card.

    Rulebook: "Discard one crew card"; the card is a sub-step, and it goes face up on the
    discard pile.
    """
    game = make_game(2)
    state = game.apply(make_state(), AnchorDiscard())
    assert DiscardStep is type(state.tasks[-1])
    assert [DiscardCrew(card) for card in range(4)] == list(game.legal_actions(state))
    state = game.apply(state, DiscardCrew(2))
    assert (0, 1, 3) == state.hands[0]
    assert (2,) == state.crew_discard


def test_a_blind_draw_from_an_empty_pile_reshuffles_the_crew_discards(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A blind draw from an empty pile reshuffles the crew discards.

    Rulebook: "If the draw pile has run out in the meantime, a new draw pile is formed by shuffling
    the discarded crew cards (the discard pile)."; A-IRA-48: "Whenever a blind crew draw meets an
    empty draw pile, the crew discard pile is shuffled into a new draw pile (not only at the end of
    a round).".
    """
    game = make_game(2)
    discards = tuple(range(14, 72))  # hands 0-7 and the row 8-13 hold the other crew cards
    state = make_state(crew_discard=discards)
    assert () == state.crew_pile
    state = game.apply(state, AnchorDraw())
    assert CrewFromPile() in game.legal_actions(state)
    state = game.apply(state, CrewFromPile())
    (drawn,) = set(state.hands[0]) - {0, 1, 2, 3}
    assert drawn in discards
    assert () == state.crew_discard
    assert 57 == len(state.crew_pile)
    assert set(discards) - {drawn} == set(state.crew_pile)
    assert TurnStep(1) == state.tasks[-1]


def test_the_round_end_deals_the_crew_row_from_the_reshuffled_discards(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The round end deals the crew row from the reshuffled discards.

    Rulebook: "At the end of the round, the visible row of crew cards must be refreshed: the
    remaining cards are discarded, and new cards are placed in all 6 positions. If the draw pile has
    run out in the meantime, a new draw pile is formed by shuffling the discarded crew cards (the
    discard pile).".
    """
    game = make_game(2)
    discards = tuple(range(14, 72))
    state = make_state(crew_discard=discards, turn_index=1)  # seat 1 closes the round
    state = game.apply(state, AnchorDiscard())
    state = game.apply(state, DiscardCrew(4))
    assert 2 == state.round
    row = [card for card in state.crew_row if card is not None]
    assert 6 == len(row)
    # The discards, the old row (8-13) and the card just discarded made the new pile.
    assert {4, *range(8, 72)} == {*row, *state.crew_pile}
    assert 59 == len(state.crew_pile)
    assert () == state.crew_discard


def test_with_every_event_pile_empty_a_move_activates_nothing(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """With every event pile empty a move activates nothing.

    Rulebook: "Together with their movement, the players draw one event card from the top of one of
    the three event piles"; A-IRA-16 (all three event piles empty): "a normal move activates nothing
    (the space stays free)".
    """
    game = make_game(2)
    state = make_state(positions=(2, 0), event_discard=range(64))
    assert ((), (), ()) == state.event_piles
    state = game.apply(state, Move(2))
    assert 4 == state.positions[0]
    assert TurnStep(1) == state.tasks[-1]  # no event pile step: the turn passes
    assert state.board_events[4] is None
    assert (0, Move(2)) == state.history[-1]
    assert 4 == forward(state, 3, 1, 0)  # no card occupies 4, only seat 0's own ship

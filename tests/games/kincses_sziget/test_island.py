"""Island cards: landing, occupation, failure, passing through."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    DiscardCrew,
    DiscardTreasure,
    Move,
    Showed,
    TreasureFromPile,
    TreasureFromRow,
)
from boardgames.games.kincses_sziget.rules import forward, score_breakdown
from boardgames.games.kincses_sziget.state import (
    DiscardPurpose,
    DiscardStep,
    TreasureLossStep,
    TreasureSourceStep,
    TurnStep,
)

GULL_ROCK = 0  # orange 17, on space 15 by default
SAILORS = (0, 1, 2)  # orange 8 + 9 + 9 = 26
LANDLUBBERS = (17, 19, 29)  # orange 3 + 2 + 2 = 7


def test_landing_on_a_face_down_island_with_enough_strength_occupies_it(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Landing on a face down island with enough strength occupies it.

    Rulebook: "A player who moves onto such a space turns the card over and thereby activates it."
    and "If the player can show crew cards whose combined value, in the appropriate colour, reaches
    or exceeds the island card's value, the island is theirs. They mark the occupation with one of
    their marker cubes. The reward is a treasure card of any value from the draw pile, plus 5
    point-scoring points at the scoring stage for occupying the island.".
    """
    game = make_game(2)
    state = make_state(hands=(SAILORS, (4, 5, 6, 7)), positions=(13, 0))
    state = game.apply(state, Move(2))
    assert 15 == state.positions[0]
    assert 0 == state.island_owners[GULL_ROCK]
    assert 0b11 == state.island_known[GULL_ROCK]  # turned over: everyone saw it
    assert (0, Showed((0, 1))) == state.history[-1]  # 8 + 9 = 17
    assert TreasureSourceStep(0, 5) == state.tasks[-1]
    assert TreasureFromRow(5, 0) in game.legal_actions(state)
    state = game.apply(state, TreasureFromPile(5))
    assert 5 == score_breakdown(state, 0)["islands"]
    assert 16 == forward(state, 14, 1, 1)  # the occupied island is no longer free
    assert state.board_events[15] is None  # no event card is drawn on an island


def test_a_failed_landing_costs_a_treasure_a_crew_card_and_the_zone_step_back(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A failed landing costs a treasure a crew card and the zone step back.

    Rulebook: "If the player loses, they must discard one treasure card and one crew card, and also
    move back the number of spaces corresponding to the zone. The island then remains free and the
    card is turned face down again, so that another player has the chance to occupy it.".
    """
    game = make_game(2)
    state = make_state(
        hands=((*LANDLUBBERS, 48), (4, 5, 6, 7)), positions=(13, 0), treasures=((1, 13), ())
    )
    state = game.apply(state, Move(2))
    assert TreasureLossStep(0) == state.tasks[-1]
    assert [DiscardTreasure(1), DiscardTreasure(13)] == list(game.legal_actions(state))
    state = game.apply(state, DiscardTreasure(13))
    assert DiscardStep(0, DiscardPurpose.ISLAND) == state.tasks[-1]
    state = game.apply(state, DiscardCrew(48))
    assert 14 == state.positions[0]  # zone B: back 1
    assert (1,) == state.treasures[0]
    assert (13,) == state.treasure_discard
    assert (17, 19, 29) == state.hands[0]
    assert state.island_owners[GULL_ROCK] is None  # face down again, free to try
    assert 0b11 == state.island_known[GULL_ROCK]  # it stays public knowledge
    assert not any(isinstance(entry, Showed) for _, entry in state.history)
    assert TurnStep(1) == state.tasks[-1]


def test_a_failed_landing_skips_what_cannot_be_paid(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A failed landing skips what cannot be paid.

    A-IRA-36: with no treasure, or with only two crew cards (the hand bound wins), that part of the
    penalty is skipped.
    """
    game = make_game(2)
    state = make_state(hands=((17, 19), (4, 5, 6, 7)), positions=(13, 0))
    state = game.apply(state, Move(2))
    assert 14 == state.positions[0]
    assert TurnStep(1) == state.tasks[-1]


def test_face_down_islands_may_be_passed_without_stopping(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Face down islands may be passed without stopping.

    Rulebook: "Face-down island cards always count as free spaces, so they may be passed through;
    occupying them is not compulsory." (E6: the player chooses the distance).
    """
    game = make_game(2)
    state = make_state(hands=((*LANDLUBBERS, 48), (4, 5, 6, 7)), positions=(14, 0))
    state = game.apply(state, Move(2))
    assert 16 == state.positions[0]
    assert state.island_owners[GULL_ROCK] is None
    assert 0 == state.island_known[GULL_ROCK]  # nobody saw it

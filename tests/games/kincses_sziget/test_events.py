"""Intrigue, mutiny, reefs, chest, repair, tailwind and storm."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    Advance,
    Decline,
    DiscardCrew,
    Done,
    DrawEvent,
    Move,
    Revealed,
    Showed,
    Steal,
    StealTarget,
    StepBack,
    TakeWeapon,
)
from boardgames.games.kincses_sziget.components import Colour
from boardgames.games.kincses_sziget.rules import best_total, shown_cards
from boardgames.games.kincses_sziget.state import (
    ChestStep,
    CrewSourceStep,
    DiscardPurpose,
    DiscardStep,
    EventPileStep,
    IntrigueStep,
    RepairStep,
    RewardStep,
    TurnStep,
)

INTRIGUE = 26
BLUE_MUTINY_19 = 30
REEFS_17 = 34
CHEST = 38
REPAIR = 42
TAILWIND = 47
STORM = 56


def land(
    game: KincsesSziget,
    make_state: Callable[..., KincsesState],
    card: int,
    *,
    start: int = 2,
    steps: int = 1,
    **fields: object,
) -> KincsesState:
    """Seat 0 moves from ``start`` and draws ``card`` from pile 0."""
    players = fields.pop("players", 2)
    assert isinstance(players, int)
    fields.setdefault("positions", (start, *range(36, 36 + players - 1)))
    state = make_state(players, event_pile_tops=((card,), (), ()), **fields)
    state = game.apply(state, Move(steps))
    return game.apply(state, DrawEvent(0))


# --- intrigue --------------------------------------------------------------------------------


def test_intrigue_draws_a_crew_card_or_a_treasure_blindly_from_an_opponent(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Intrigue draws a crew card or a treasure blindly from an opponent.

    Rulebook: "Whoever gets this action may draw one card from any opponent. They may also decide to
    draw a crew card blindly from an opponent's hand, or to choose a treasure card from that
    player's collection (also blindly).".
    """
    game = make_game(3)
    state = land(
        game,
        make_state,
        INTRIGUE,
        players=3,
        hands=((0, 1, 2), (3, 4, 5, 6), (7, 8)),
        treasures=((), (), (1, 2, 13)),
    )
    assert IntrigueStep(0) == state.tasks[-1]
    assert [
        Steal(1, StealTarget.CREW),
        Steal(2, StealTarget.TREASURE),
        Decline(),
    ] == list(game.legal_actions(state))
    crew = game.apply(state, Steal(1, StealTarget.CREW))
    stolen = set(crew.hands[0]) - {0, 1, 2}
    assert 1 == len(stolen)
    assert stolen <= {3, 4, 5, 6}
    assert 3 == len(crew.hands[1])
    assert 0b011 == crew.crew_known[next(iter(stolen))]  # thief and victim only
    treasure = game.apply(state, Steal(2, StealTarget.TREASURE))
    assert 1 == len(treasure.treasures[0])
    assert TurnStep(1) == treasure.tasks[-1]


def test_intrigue_protects_small_hands_full_hands_and_small_collections(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Intrigue protects small hands full hands and small collections.

    Rulebook: "a player who has fewer than 3 crew cards or treasure cards is protected, and a player
    who holds 7 cards in hand may not have a crew card drawn from them by another player." (E1: and
    the thief may not exceed 7).
    """
    game = make_game(3)
    state = land(
        game,
        make_state,
        INTRIGUE,
        players=3,
        hands=((0, 1, 2), tuple(range(3, 10)), (10, 11)),
        treasures=((), (1, 2), (3, 4)),
    )
    assert TurnStep(1) == state.tasks[-1]  # nothing to steal: the step is skipped
    full_thief = land(
        game,
        make_state,
        INTRIGUE,
        players=3,
        hands=(tuple(range(7)), (10, 11, 12), (13, 14, 15)),
        treasures=((), (), (3, 4, 5)),
        crew_pile_top=(),
    )
    assert [Steal(2, StealTarget.TREASURE), Decline()] == list(game.legal_actions(full_thief))


def test_a_random_steal_erases_the_others_knowledge_of_the_victims_cards(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A random steal erases the others knowledge of the victims cards.

    E21 refined: only thief and victim see which card moved, so a third player who knew the victim's
    hand no longer knows which cards are left (else he could tell which was taken).
    """
    game = make_game(3)
    state = land(game, make_state, INTRIGUE, players=3, hands=((0, 1, 2), (3, 4, 5, 6), (7, 8)))
    known = tuple(m | 0b100 if c in (3, 4, 5, 6) else m for c, m in enumerate(state.crew_known))
    state = attrs.evolve(state, crew_known=known)  # seat 2 has peeked at seat 1's hand
    assert {3, 4, 5, 6} == set(game.observe(state, 2).seats[1].known_hand)
    state = game.apply(state, Steal(1, StealTarget.CREW))
    assert () == game.observe(state, 2).seats[1].known_hand


# --- mutiny ----------------------------------------------------------------------------------


def test_a_won_mutiny_gives_a_crew_card_and_shows_the_cards_that_won_it(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A won mutiny gives a crew card and shows the cards that won it.

    Rulebook: "A player wins if they can show crew cards (pirate and weapon cards together) whose
    combined value in the appropriate colour reaches or exceeds the value of the mutiny card. If the
    player wins, the reward is one more crew card." (A-IRA-20: the whole hand counts; E7: a
    canonical minimal set of cards is shown to all).
    """
    game = make_game(2)
    hand = (12, 13, 14, 15)  # blue 8, 9, 9, 10
    assert 36 == best_total(hand, Colour.BLUE)
    state = land(game, make_state, BLUE_MUTINY_19, hands=(hand, (4, 5, 6, 7)))
    assert CrewSourceStep(0, 1) == state.tasks[-1]
    assert (13, 15) == shown_cards(hand, Colour.BLUE, 19)
    assert (0, Showed((13, 15))) == state.history[-1]
    assert 0b11 == state.crew_known[13] == state.crew_known[15]
    assert 0b01 == state.crew_known[12]


def test_shown_cards_stay_hidden_when_the_option_says_so(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Shown cards stay hidden when the option says so.

    E7: "Config for hiding them": with ``reveal_shown_cards=False`` only the outcome is public.
    """
    game = make_game(2, reveal_shown_cards=False)
    state = land(
        game,
        make_state,
        BLUE_MUTINY_19,
        hands=((12, 13, 14, 15), (4, 5, 6, 7)),
        reveal_shown_cards=False,
    )
    assert CrewSourceStep(0, 1) == state.tasks[-1]
    assert not any(isinstance(entry, Showed) for _, entry in state.history)
    assert 0b01 == state.crew_known[13]


def test_a_lost_mutiny_costs_a_crew_card_of_the_players_choice(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A lost mutiny costs a crew card of the players choice.

    Rulebook: "If the player loses, they must discard one crew card (this may be any pirate or
    weapon card)." (and not below 2 cards).
    """
    game = make_game(2)
    state = land(game, make_state, BLUE_MUTINY_19, hands=((0, 5, 48), (4, 6, 7, 8)))
    assert DiscardStep(0, DiscardPurpose.MUTINY) == state.tasks[-1]
    assert [DiscardCrew(0), DiscardCrew(5), DiscardCrew(48)] == list(game.legal_actions(state))
    short = land(game, make_state, BLUE_MUTINY_19, hands=((0, 5), (4, 6, 7, 8)))
    assert TurnStep(1) == short.tasks[-1]
    assert (0, 5) == short.hands[0]


# --- reefs -----------------------------------------------------------------------------------


def test_passing_the_reefs_allows_an_advance_of_zero_to_three(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Passing the reefs allows an advance of zero to three.

    Rulebook: "For the reef action, only the orange values count." and "On success, the player may
    move forward 1, 2 or 3 spaces." (A-IRA-38: "may": 0 to 3).
    """
    game = make_game(2)
    state = land(game, make_state, REEFS_17, hands=((0, 1, 2), (4, 5, 6, 7)))  # orange 26
    assert RewardStep(0, 0) == state.tasks[-1]
    assert [Advance(0), Advance(1), Advance(2), Advance(3)] == list(game.legal_actions(state))
    state = game.apply(state, Advance(3))
    assert 6 == state.positions[0]
    assert state.board_events[6] is None  # a reward move activates nothing


def test_failing_the_reefs_steps_back_the_zone_penalty(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Failing the reefs steps back the zone penalty.

    Rulebook: "If the action fails, the penalty is a step back corresponding to the zone.".
    """
    game = make_game(2)
    state = land(game, make_state, REEFS_17, start=22, hands=((12, 13), (4, 5, 6, 7)))
    assert 21 == state.positions[0]  # from 23 (zone C) back 2 free spaces
    assert TurnStep(1) == state.tasks[-1]


# --- chest -----------------------------------------------------------------------------------


def test_the_chest_gives_the_weapons_among_three_cards(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The chest gives the weapons among three cards.

    Rulebook: "The player draws 3 crew cards from the draw pile. If among them there are weapon
    cards, they may take all of them (even all three).".
    """
    game = make_game(2)
    state = land(game, make_state, CHEST, crew_pile_top=(50, 30, 60))
    assert (0, Revealed((50, 30, 60))) == state.history[-1]
    assert ChestStep(0) == state.tasks[-1]
    assert [TakeWeapon(50), TakeWeapon(60), Done()] == list(game.legal_actions(state))
    state = game.apply(state, TakeWeapon(60))
    state = game.apply(state, TakeWeapon(50))
    assert TurnStep(1) == state.tasks[-1]
    assert {50, 60} <= set(state.hands[0])
    assert (30,) == state.crew_discard[-1:]


def test_a_chest_without_weapons_fails(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A chest without weapons fails.

    Rulebook: "If there are no weapon cards among the cards drawn, the action fails and there is no
    reward.".
    """
    game = make_game(2)
    state = land(game, make_state, CHEST, crew_pile_top=(20, 30, 40))
    assert TurnStep(1) == state.tasks[-1]
    assert (20, 30, 40) == state.crew_discard
    assert (0, 1, 2, 3) == state.hands[0]


def test_the_chest_fills_a_hand_only_up_to_seven(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The chest fills a hand only up to seven.

    Rulebook: "If the player has more than 4 cards, they may take only as many weapon cards as bring
    their number of crew cards up to 7 (choosing freely from among the cards drawn).".
    """
    game = make_game(2)
    state = land(
        game,
        make_state,
        CHEST,
        hands=((0, 1, 2, 3, 4, 5), (10, 11, 12, 13)),
        crew_pile_top=(50, 55, 60),
    )
    state = game.apply(state, TakeWeapon(55))
    assert 7 == len(state.hands[0])
    assert TurnStep(1) == state.tasks[-1]
    assert (50, 60) == state.crew_discard


# --- repair ----------------------------------------------------------------------------------


def test_repair_moves_back_at_least_the_zone_penalty_and_activates_the_arrival(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Repair moves back at least the zone penalty and activates the arrival.

    Rulebook: "The activating player moves backward to the first, second or third free space, but at
    least as far as the step back required by the zone. However, on the space where they arrive,
    unlike the usual rules for penalty moves, they activate an event card and carry out its
    instructions immediately.".
    """
    game = make_game(2)
    state = land(game, make_state, REPAIR, start=22)  # to 23, zone C
    assert RepairStep(0) == state.tasks[-1]
    assert [StepBack(2), StepBack(3)] == list(game.legal_actions(state))
    state = game.apply(state, StepBack(3))
    assert 20 == state.positions[0]
    assert EventPileStep(0, 20) == state.tasks[-1]
    assert REPAIR == state.board_events[23]


def test_repair_in_zone_d_goes_back_three_and_the_start_activates_nothing(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Repair in zone d goes back three and the start activates nothing.

    Rulebook: "but at least as far as the step back required by the zone" (zone D: 3, the only
    choice, applied at once); A-IRA-17: arriving on START activates nothing.
    """
    game = make_game(2)
    state = land(game, make_state, REPAIR, start=36, positions=(36, 10))
    assert 34 == state.positions[0]  # from 37 back 3 free spaces (36 is now free too)
    assert EventPileStep(0, 34) == state.tasks[-1]
    start = land(game, make_state, REPAIR, start=0, positions=(0, 10))
    assert RepairStep(0) == start.tasks[-1]
    start = game.apply(start, StepBack(1))
    assert 0 == start.positions[0]
    assert TurnStep(1) == start.tasks[-1]


def test_a_repair_arrival_activates_nothing_when_every_event_pile_is_empty(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A repair arrival activates nothing when every event pile is empty.

    Rulebook: "on the space where they arrive, unlike the usual rules for penalty moves, they
    activate an event card and carry out its instructions immediately"; A-IRA-16 (all three event
    piles empty): "a normal move activates nothing (the space stays free); the repair arrival
    likewise".
    """
    game = make_game(2)
    others = [card for card in range(64) if card != REPAIR]
    state = land(game, make_state, REPAIR, start=22, event_discard=others)  # the last card
    assert ((), (), ()) == state.event_piles
    state = game.apply(state, StepBack(3))
    assert 20 == state.positions[0]
    assert TurnStep(1) == state.tasks[-1]  # no event pile step: the turn passes
    assert state.board_events[20] is None
    assert REPAIR == state.board_events[23]


# --- tailwind and storm ----------------------------------------------------------------------


def test_a_tailwind_carries_the_ship_forward_without_activation(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A tailwind carries the ship forward without activation.

    Rulebook: "A "tailwind" carries the player forward 1, 2 or 3 spaces, as they choose. On the new
    space reached through this action, the player may not activate another event card.".
    """
    game = make_game(2)
    state = land(game, make_state, TAILWIND, start=12, positions=(12, 14))
    assert [Advance(1), Advance(2), Advance(3)] == list(game.legal_actions(state))
    state = game.apply(state, Advance(2))
    assert 16 == state.positions[0]  # 14 holds a ship, 15 a face-down island (free)
    assert TurnStep(1) == state.tasks[-1]


@pytest.mark.parametrize(
    ("positions", "expected"),
    [
        ((20, 8), 7),  # first free space behind the rearmost ship
        ((20, 0), 0),  # the rearmost ship is on START
        ((4, 9), 4),  # the player is last: zone A, back 1 from 5
        ((30, 33), 29),  # last in zone C: back 2 from 31
    ],
)
def test_the_storm_sends_the_ship_behind_the_rearmost_ship(
    make_game: Callable[..., KincsesSziget],
    make_state: Callable[..., KincsesState],
    positions: tuple[int, int],
    expected: int,
) -> None:
    """The storm sends the ship behind the rearmost ship.

    Rulebook: "The storm card sends the player back, namely to the first free space behind the most
    trailing ship. If the player who triggers the storm action is the one currently in last place,
    that player makes the step back prescribed for the zone." (A-IRA-18).
    """
    game = make_game(2)
    state = land(game, make_state, STORM, start=positions[0], positions=positions)
    assert expected == state.positions[0]
    assert TurnStep(1) == state.tasks[-1]

"""The final scoring: position, treasures and sets, islands, pearls, crew, every mission."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.components import MISSIONS, Colour, MissionKind
from boardgames.games.kincses_sziget.rules import (
    colour_total,
    mission_achieved,
    score_breakdown,
    treasure_points,
)

ONE, THREE, FIVE = (0, 1, 2, 3, 4), (12, 13, 14, 15), (24, 25, 26)


@pytest.mark.parametrize(
    ("position", "points"),
    [(0, -5), (7, -5), (11, 0), (21, 0), (22, 5), (33, 10), (42, 10), (43, 15)],
)
def test_position_points_by_zone_and_arrival(
    make_state: Callable[..., KincsesState], position: int, points: int
) -> None:
    """Position points by zone and arrival.

    Rulebook: "For arriving at the goal (for the only player to do so): 15 points. Players in zone
    D: 10 points each. Players in zone C: 5 points each. Players in zone B: no points. Players in
    zone A: –5 points each." (A-IRA-1: START is in zone A; A-IRA-43: the arrival replaces the zone
    points).
    """  # noqa: RUF002
    tasks = () if position == 43 else None
    state = make_state(positions=(position, 1), tasks=tasks)
    assert points == score_breakdown(state, 0)["position"]


@pytest.mark.parametrize(
    ("treasures", "points"),
    [
        ((ONE[0],), 1),
        (ONE[:3], 5),  # "3 treasure cards of value 1 = 5 points"
        (THREE[:3], 12),  # "3 treasure cards of value 3 = 12 points"
        ((ONE[0], THREE[0], FIVE[0]), 12),  # "A 1-3-5 sequence = 12 points"
        (FIVE, 15),  # "(Treasure cards of value 5 do not form sets.)"
        ((*ONE[:3], THREE[0], FIVE[0]), 14),  # 1-3-5 + 1 + 1 beats 1-1-1 + 3 + 5
        ((*ONE[:4], *THREE, FIVE[0]), 29),  # 1-3-5 + 1-1-1 + 3-3-3
        ((*ONE[:3], *THREE[:3], FIVE[0]), 22),  # 1-1-1 + 3-3-3 + 5
        ((*ONE[:2], *THREE[:2], *FIVE[:2]), 24),  # two 1-3-5 sets
    ],
)
def test_treasure_sets_replace_face_values_and_are_chosen_to_maximise(
    treasures: tuple[int, ...], points: int
) -> None:
    """Treasure sets replace face values and are chosen to maximise.

    Rulebook: "Treasure cards count at their stated value. Treasure sets: 3 treasure cards of value
    1 = 5 points. 3 treasure cards of value 3 = 12 points. A set of 1-3-5 = 12 points. (Treasure
    cards of value 5 do not form sets.)" (A-IRA-31: a set scores instead of its cards, each card in
    one set at most, the best partition).
    """
    assert points == treasure_points(treasures)


def test_islands_pearls_and_crew_cards_in_hand(make_state: Callable[..., KincsesState]) -> None:
    """Islands pearls and crew cards in hand.

    Rulebook: "Each island occupied = 5 points. Each true pearl = 1 point." and "Pirate cards held
    in hand are worth 1 point each, except that a card whose value in any colour is below 5 counts
    as –1 point instead. Weapon cards held in hand score no points.".
    """  # noqa: RUF002
    state = make_state(
        hands=((0, 1, 5, 48, 71), (4, 6, 7, 8)),  # +1 +1 -1, two weapons
        island_owners={0: 0, 3: 0},
        pearls=(2, 0),
        beds={5: 1, 18: 1, 28: 2},
    )
    breakdown = score_breakdown(state, 0)
    assert 10 == breakdown["islands"]
    assert 2 == breakdown["pearls"]
    assert 1 == breakdown["crew"]
    assert -2 == score_breakdown(state, 1)["crew"]  # Stede +1; Mary, Grace, Kidd -1 each


def test_majority_missions_need_strictly_more_and_count_weapons_at_face_value(
    make_state: Callable[..., KincsesState],
) -> None:
    """Majority missions need strictly more and count weapons at face value.

    Rulebook: "Your team should be made up of the best sailors! – In the final scoring, the total of
    the orange numbers is higher than that of the others." and the same for blue, green and black
    (A-IRA-32: ties fail; E24: weapons at face value, no icons).
    """  # noqa: RUF002
    state = make_state(hands=((40, 69), (44, 12)), missions=((6,), (7,)))
    assert 16 == colour_total((40, 69), Colour.BLACK)  # 11 + 5, the icon does not count
    assert 17 == colour_total((44, 12), Colour.BLACK)
    assert not mission_achieved(state, 0, MissionKind.MOST_BLACK)
    assert mission_achieved(state, 1, MissionKind.MOST_BLACK)
    assert -MISSIONS[6].penalty == score_breakdown(state, 0)["missions"]
    assert MISSIONS[7].bonus == score_breakdown(state, 1)["missions"]
    more = make_state(hands=((0, 2), (1, 3)))  # orange 8 + 9 = 17 against 9 + 10 = 19
    assert mission_achieved(more, 1, MissionKind.MOST_ORANGE)
    even = make_state(hands=((0, 10), (2, 24)))  # orange 8 + 9 = 17 against 9 + 7 = 16
    assert mission_achieved(even, 0, MissionKind.MOST_ORANGE)
    level = make_state(hands=((1, 24), (2, 12)))  # 9 + 7 = 16 against 9 + 7 = 16
    assert not mission_achieved(level, 0, MissionKind.MOST_ORANGE)
    assert not mission_achieved(level, 1, MissionKind.MOST_ORANGE)
    for kind, colour in (
        (MissionKind.MOST_BLUE, Colour.BLUE),
        (MissionKind.MOST_GREEN, Colour.GREEN),
    ):
        hands = ((20, 21), (4, 5)) if colour is Colour.BLUE else ((32, 33), (4, 5))
        state = make_state(hands=hands)
        assert mission_achieved(state, 0, kind)
        assert not mission_achieved(state, 1, kind)


def test_first_to_the_island_and_second_to_arrive(
    make_state: Callable[..., KincsesState],
) -> None:
    """First to the island and second to arrive.

    Rulebook: "Make sure you are the first to reach the island! – An addition to the main prize of
    the race; if it fails, it is a loss." and "Be the second to arrive! – When the first ship
    reaches the island, your ship must be second in the final order." (A-IRA-32: exactly one ship
    ahead and none level).
    """  # noqa: RUF002
    state = make_state(3, positions=(43, 30, 20), tasks=())
    assert mission_achieved(state, 0, MissionKind.FIRST_TO_ISLAND)
    assert not mission_achieved(state, 1, MissionKind.FIRST_TO_ISLAND)
    assert mission_achieved(state, 1, MissionKind.SECOND_TO_ARRIVE)
    assert not mission_achieved(state, 2, MissionKind.SECOND_TO_ARRIVE)
    assert not mission_achieved(state, 0, MissionKind.SECOND_TO_ARRIVE)
    level = make_state(3, positions=(43, 0, 0), tasks=())
    assert not mission_achieved(level, 1, MissionKind.SECOND_TO_ARRIVE)


def test_the_secret_casket(make_state: Callable[..., KincsesState]) -> None:
    """The secret casket.

    Rulebook: "Open the secret casket! – Of the treasures of value 1, the "casket" is worth much
    more to you. Its secret compartment holds valuable diamonds." and "Points for missions are
    awarded even if the player earns points for the cards or collections involved under another
    heading.".
    """  # noqa: RUF002
    state = make_state(treasures=((0, 1, 2), (3,)), missions=((12,), (13,)))
    assert mission_achieved(state, 0, MissionKind.SECRET_CASKET)
    assert not mission_achieved(state, 1, MissionKind.SECRET_CASKET)
    breakdown = score_breakdown(state, 0)
    assert (5, MISSIONS[12].bonus) == (breakdown["treasures"], breakdown["missions"])


def test_most_female_and_most_one_eyed_pirates(make_state: Callable[..., KincsesState]) -> None:
    """Most female and most one eyed pirates.

    Rulebook: "Recruit the most female pirates! – Up to 5 female pirates can be collected." and
    "Recruit the most one-eyed pirates! – Compared with the others' collections, you have more
    one-eyed pirates; it does not matter whether they are women or men." (A-IRA-32: "up to 5"
    describes, it does not cap).
    """  # noqa: RUF002
    state = make_state(hands=((5, 6, 7, 29), (2, 8, 20, 0)))  # 4 women, 2 one-eyed (7, 29)
    assert mission_achieved(state, 0, MissionKind.MOST_FEMALE)
    assert not mission_achieved(state, 1, MissionKind.MOST_FEMALE)
    assert mission_achieved(state, 1, MissionKind.MOST_ONE_EYED)  # 2, 8, 20: three
    assert not mission_achieved(state, 0, MissionKind.MOST_ONE_EYED)
    even = make_state(hands=((7, 1), (2, 3)))
    assert not mission_achieved(even, 0, MissionKind.MOST_ONE_EYED)


def test_three_weapons_of_a_colour(make_state: Callable[..., KincsesState]) -> None:
    """Three weapons of a colour.

    Rulebook: "Collect 3 black weapon cards! – Weapon cards of the same colour, of any value,
    count." and the same for green.
    """  # noqa: RUF002
    state = make_state(hands=((66, 67, 71, 0), (60, 61, 12, 13)))
    assert mission_achieved(state, 0, MissionKind.THREE_BLACK_WEAPONS)
    assert not mission_achieved(state, 1, MissionKind.THREE_GREEN_WEAPONS)
    more = make_state(hands=((60, 61, 65, 0), (66, 67, 12, 13)))
    assert mission_achieved(more, 0, MissionKind.THREE_GREEN_WEAPONS)
    assert not mission_achieved(more, 1, MissionKind.THREE_BLACK_WEAPONS)


def test_every_mission_adds_its_bonus_or_subtracts_its_penalty(
    make_state: Callable[..., KincsesState],
) -> None:
    """Every mission adds its bonus or subtracts its penalty.

    Rulebook: "If the player achieved the goal shown on a mission card, they receive the extra
    points shown on that card. If the goal was not achieved, the penalty points shown must be
    deducted." and "Completing several missions together means that their bonus points are added
    up.".
    """
    state = make_state(hands=((66, 67, 71, 40), (0, 1, 2, 3)), missions=((6, 20, 9), (1, 22)))
    # Seat 0: black 3+3+10+11 = 27 > 6+6+5+6 = 23 (+5), three black weapons (+7),
    # not on the island (-4).
    assert 5 + 7 - 4 == score_breakdown(state, 0)["missions"]
    assert 7 - 2 == score_breakdown(state, 1)["missions"]  # orange majority, no green weapons


def test_ties_share_a_place_unless_broken_by_position(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Ties share a place unless broken by position.

    A-IRA-42: the winner's tie-break is not given: tied players share the place; the option
    ``tiebreak_by_position`` gives it to the ship further along.
    """
    game = make_game(2)
    state = make_state(positions=(3, 4), hands=((0, 1), (3, 4)), missions=((16,), (19,)))
    assert game.score(state)[0] == game.score(state)[1]
    assert (1, 1) == game.ranking(state)
    tiebreak = make_game(2, tiebreak_by_position=True)
    broken = make_state(
        positions=(3, 4),
        hands=((0, 1), (3, 4)),
        missions=((16,), (19,)),
        tiebreak_by_position=True,
    )
    assert (2, 1) == tiebreak.ranking(broken)

"""The score breakdown query: each heading follows its rule, and the parts add up to the score."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import boardgames
from boardgames.games.kincses_sziget import (
    KincsesState,
    KincsesSziget,
    ScoreBreakdown,
    score_by_category,
)
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    ISLAND,
    MISSIONS,
    TREASURES,
    ZONE_OF,
    Colour,
    MissionKind,
    Pirate,
    Weapon,
    Zone,
    crew_card,
    mission,
    treasure,
)
from boardgames.games.kincses_sziget.rules import score

ZONE_POINTS_PRINTED = {Zone.A: -5, Zone.B: 0, Zone.C: 5, Zone.D: 10}
"""Rulebook (Scoring, By position): zone D 10, C 5, B none, A -5."""


# --- an independent reading of the rulebook's "Scoring" section, for random states ----------


def expected_position(position: int) -> int:
    if position == ISLAND:
        return 15
    return ZONE_POINTS_PRINTED[ZONE_OF[position]]


def expected_treasures(treasures: tuple[int, ...]) -> int:
    """The best total over every way of forming 1-1-1, 3-3-3 and 1-3-5 sets."""
    ones = sum(1 for card in treasures if TREASURES[card].value == 1)
    threes = sum(1 for card in treasures if TREASURES[card].value == 3)
    fives = sum(1 for card in treasures if TREASURES[card].value == 5)
    best = 0
    for runs in range(min(ones, threes, fives) + 1):
        for triple_ones in range((ones - runs) // 3 + 1):
            for triple_threes in range((threes - runs) // 3 + 1):
                left = (
                    (ones - runs - 3 * triple_ones)
                    + 3 * (threes - runs - 3 * triple_threes)
                    + 5 * (fives - runs)
                )
                best = max(best, 12 * runs + 5 * triple_ones + 12 * triple_threes + left)
    return best


def expected_crew(hand: tuple[int, ...]) -> int:
    points = 0
    for card in hand:
        face = CREW_CARDS[card]
        if isinstance(face, Pirate):
            points += -1 if any(value < 5 for value in face.values) else 1
    return points


def colour_sum(hand: tuple[int, ...], colour: Colour) -> int:
    total = 0
    for card in hand:
        face = CREW_CARDS[card]
        if isinstance(face, Pirate):
            total += face.values[colour]
        elif face.colour is colour:
            total += face.value
    return total


def achieved(state: KincsesState, seat: int, kind: MissionKind) -> bool:
    """The goals of "Quick Explanation of the Missions", as A-IRA-32 and E24 read them.

    Majorities are strict and count the hand, weapons at face value in their colour; the
    second to arrive has exactly one ship ahead and none level.
    """
    others = [other for other in range(state.players) if other != seat]

    def most(measure: Callable[[tuple[int, ...]], int]) -> bool:
        return all(measure(state.hands[seat]) > measure(state.hands[other]) for other in others)

    def weapons(colour: Colour) -> int:
        return sum(
            1
            for card in state.hands[seat]
            if isinstance(face := CREW_CARDS[card], Weapon) and face.colour is colour
        )

    def count(flag: str) -> Callable[[tuple[int, ...]], int]:
        return lambda hand: sum(
            1
            for card in hand
            if isinstance(CREW_CARDS[card], Pirate) and getattr(CREW_CARDS[card], flag)
        )

    positions = state.positions
    checks: dict[MissionKind, Callable[[], bool]] = {
        MissionKind.MOST_ORANGE: lambda: most(lambda hand: colour_sum(hand, Colour.ORANGE)),
        MissionKind.MOST_BLUE: lambda: most(lambda hand: colour_sum(hand, Colour.BLUE)),
        MissionKind.MOST_GREEN: lambda: most(lambda hand: colour_sum(hand, Colour.GREEN)),
        MissionKind.MOST_BLACK: lambda: most(lambda hand: colour_sum(hand, Colour.BLACK)),
        MissionKind.MOST_FEMALE: lambda: most(count("female")),
        MissionKind.MOST_ONE_EYED: lambda: most(count("one_eyed")),
        MissionKind.FIRST_TO_ISLAND: lambda: positions[seat] == ISLAND,
        MissionKind.SECOND_TO_ARRIVE: lambda: (
            [positions[other] > positions[seat] for other in others].count(True) == 1
            and positions[seat] not in [positions[other] for other in others]
        ),
        MissionKind.SECRET_CASKET: lambda: treasure("casket").id in state.treasures[seat],
        MissionKind.THREE_BLACK_WEAPONS: lambda: weapons(Colour.BLACK) >= 3,
        MissionKind.THREE_GREEN_WEAPONS: lambda: weapons(Colour.GREEN) >= 3,
    }
    return checks[kind]()


def expected_missions(state: KincsesState, seat: int) -> int:
    points = 0
    for held in state.missions[seat]:
        card = MISSIONS[held]
        points += card.bonus if achieved(state, seat, card.kind) else -card.penalty
    return points


def expected_breakdown(state: KincsesState, seat: int) -> ScoreBreakdown:
    return ScoreBreakdown(
        position=expected_position(state.positions[seat]),
        treasures=expected_treasures(state.treasures[seat]),
        islands=5 * sum(1 for owner in state.island_owners if owner == seat),
        pearls=state.pearls[seat],
        crew=expected_crew(state.hands[seat]),
        missions=expected_missions(state, seat),
    )


# --- each heading by its rule, on hand-made states ----------------------------------------------


@pytest.mark.parametrize(
    ("position", "points"),
    [(0, -5), (10, -5), (11, 0), (21, 0), (22, 5), (32, 5), (33, 10), (42, 10), (43, 15)],
)
def test_position_scores_the_zone_or_the_arrival(
    make_state: Callable[..., KincsesState], position: int, points: int
) -> None:
    """By position.

    Rulebook (Scoring): "For arriving at the goal (for the only player to do so): 15 points.",
    "Players in zone D: 10 points each.", "Players in zone C: 5 points each.", "Players in
    zone B: no points." and "Players in zone A: –5 points each." (A-IRA-1: START is in zone A;
    A-IRA-43: the arrival replaces the zone's points).
    """  # noqa: RUF002
    state = make_state(positions=(position, 1), tasks=() if position == ISLAND else None)
    assert points == score_by_category(state, 0).position
    assert -5 == score_by_category(state, 1).position


@pytest.mark.parametrize(
    ("names", "points"),
    [
        ((), 0),
        (("casket", "silver coins"), 2),
        (("casket", "silver coins", "ivory comb"), 5),
        (("gold dragon", "jade dragon", "marble statue"), 12),
        (("casket", "gold dragon", "royal crown"), 12),
        (("royal crown", "gold idol", "gold mask"), 15),
        (("casket", "silver coins", "ivory comb", "gold dragon", "royal crown"), 14),
    ],
)
def test_treasures_score_their_values_with_the_best_sets(
    make_state: Callable[..., KincsesState], names: tuple[str, ...], points: int
) -> None:
    """By treasures collected.

    Rulebook (Scoring): "Treasure cards count at their stated value.", "3 treasure cards of value
    1 = 5 points.", "3 treasure cards of value 3 = 12 points.", "A set of 1-3-5 = 12 points." and
    "(Treasure cards of value 5 do not form sets.)" (A-IRA-31: a set replaces its cards' values,
    and the best partition counts).
    """
    held = tuple(sorted(treasure(name).id for name in names))
    state = make_state(treasures=(held, ()))
    assert points == score_by_category(state, 0).treasures
    assert 0 == score_by_category(state, 1).treasures


def test_islands_and_pearls_score_five_and_one_each(
    make_state: Callable[..., KincsesState],
) -> None:
    """By other gains.

    Rulebook (Scoring): "Each island occupied = 5 points." and "Each true pearl = 1 point."
    """
    state = make_state(
        island_owners={0: 1, 3: 0, 6: 1}, pearls=(1, 3), beds={5: 1, 28: 1}
    )  # 2 players: beds of 1, 2, 1, 2 pearls, 4 of them taken
    zero, one = score_by_category(state, 0), score_by_category(state, 1)
    assert (5, 10) == (zero.islands, one.islands)
    assert (1, 3) == (zero.pearls, one.pearls)


def test_pirates_in_hand_score_one_or_minus_one_and_weapons_nothing(
    make_state: Callable[..., KincsesState],
) -> None:
    """By pirate cards held in hand.

    Rulebook (Scoring): "Pirate cards held in hand are worth 1 point each, except that a card
    whose value in any colour is below 5 counts as –1 point instead." and "Weapon cards held in
    hand score no points." (A-IRA-44).
    """  # noqa: RUF002
    hands = (
        ("Black Bart", "Long Ben", "gambling game", "admiral's medallion"),
        ("Tim Cook", "Calico Jack"),
    )
    state = make_state(hands=[sorted(crew_card(name).id for name in hand) for hand in hands])
    assert 2 == score_by_category(state, 0).crew  # all four values of both are 5 or more
    assert 0 == score_by_category(state, 1).crew  # Tim Cook (orange 4) -1, Calico Jack +1


def test_missions_add_their_bonus_or_subtract_their_penalty(
    make_state: Callable[..., KincsesState],
) -> None:
    """By missions.

    Rulebook (Scoring): "If the player achieved the goal shown on a mission card, they receive
    the extra points shown on that card. If the goal was not achieved, the penalty points shown
    must be deducted." (Mission Cards): "Completing several missions together means that their
    bonus points are added up."
    """
    casket = mission("Open the secret casket! (+8/-2)")
    first = mission("Make sure you are the first to reach the island! (+10/-4)")
    black = mission("Collect 3 black weapon cards! (+9/-3)")
    state = make_state(
        treasures=((treasure("casket").id,), ()), missions=((casket.id, first.id), (black.id,))
    )
    assert 8 - 4 == score_by_category(state, 0).missions
    assert -3 == score_by_category(state, 1).missions


def test_a_card_scores_under_its_heading_and_in_a_mission_too(
    make_state: Callable[..., KincsesState],
) -> None:
    """The total counts every heading.

    Rulebook (Scoring): "Note: Points for missions are awarded even if the player earns points
    for the cards or collections involved under another heading."
    """
    casket = mission("Open the secret casket! (+10/-3)")
    state = make_state(treasures=((treasure("casket").id,), ()), missions=((casket.id,), (0,)))
    breakdown = score_by_category(state, 0)
    assert (1, 10) == (breakdown.treasures, breakdown.missions)
    assert (
        breakdown.position
        + breakdown.treasures
        + breakdown.islands
        + breakdown.pearls
        + breakdown.crew
        + breakdown.missions
        == breakdown.total
    )
    assert score(state)[0] == breakdown.total


# --- agreement with the engine over random play ---------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_total_is_the_engine_s_final_score_and_each_heading_follows_its_rule(
    make_game: Callable[..., KincsesSziget], players: int
) -> None:
    """Over random games: every heading as the rulebook reads, the total as the engine scores.

    Rulebook (Scoring): "Each player's final score is made up of the following elements."
    """
    game = make_game(players)
    checked = 0
    for seed in range(25):
        record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
        states = list(boardgames.replay(record))
        final = states[-1]
        assert game.is_terminal(final)
        totals = tuple(float(score_by_category(final, seat).total) for seat in range(players))
        assert record.scores == totals
        assert game.score(final) == totals
        best = max(totals)
        assert [1 if total == best else 0 for total in totals] == [
            1 if place == 1 else 0 for place in record.ranking
        ]
        for state in (*states[::10], final):
            for seat in range(players):
                assert expected_breakdown(state, seat) == score_by_category(state, seat)
                assert score(state)[seat] == score_by_category(state, seat).total
                checked += 1
    assert checked > 30 * players


def test_random_play_reaches_every_heading(make_game: Callable[..., KincsesSziget]) -> None:
    """The random games above do test each heading: each is non-zero somewhere."""
    game = make_game(3)
    seen: set[str] = set()
    for seed in range(6):
        record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=seed)
        final = list(boardgames.replay(record))[-1]
        for seat in range(3):
            breakdown = attrs.asdict(score_by_category(final, seat))
            seen |= {heading for heading, points in breakdown.items() if points}
    assert {field.name for field in attrs.fields(ScoreBreakdown)} == seen


# --- the value and the arguments --------------------------------------------------------------


def test_the_breakdown_is_a_frozen_value_with_one_field_per_heading() -> None:
    """Six headings, as the rulebook's "Scoring" lists them; the total is derived."""
    breakdown = ScoreBreakdown(position=15, treasures=12, islands=5, pearls=2, crew=-1, missions=-3)
    assert ("position", "treasures", "islands", "pearls", "crew", "missions") == tuple(
        field.name for field in attrs.fields(ScoreBreakdown)
    )
    assert 30 == breakdown.total
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        breakdown.crew = 3  # type: ignore[misc]


def test_an_observation_is_refused_because_the_breakdown_reads_hidden_cards(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Hands, treasures and missions are hidden, so only a full state has a breakdown."""
    game = make_game(2)
    state = game.new_game(seed=1)
    with pytest.raises(boardgames.ConfigurationError, match="got a KincsesObservation"):
        score_by_category(game.observe(state, 0), 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 2, True, "0", None])
def test_a_seat_outside_the_game_is_refused(
    make_state: Callable[..., KincsesState], seat: object
) -> None:
    """Seats run from 0 to the player count minus one."""
    state = make_state()
    with pytest.raises(boardgames.ConfigurationError, match="is not a seat"):
        score_by_category(state, seat)  # type: ignore[arg-type]

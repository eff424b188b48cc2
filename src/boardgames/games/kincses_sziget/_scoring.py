"""The final scoring: position, treasure sets, islands, pearls, crew and missions.

Rulebook: "End of the game" and "Scoring" (A-IRA-31, A-IRA-32, A-IRA-42, E24).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from boardgames.core.protocol import PlayerId
from boardgames.core.ranking import places_from_keys
from boardgames.games.kincses_sziget._work import (
    _CASKET,
    _FEMALE,
    _HAND_POINTS,
    _ONE_EYED,
    _TREASURE_RANK,
    _WEAPON_COLOUR,
    colour_total,
)
from boardgames.games.kincses_sziget.components import (
    ARRIVAL_POINTS,
    ISLAND,
    MISSIONS,
    ZONE_OF,
    ZONE_POINTS,
    CardId,
    Colour,
    MissionKind,
    Space,
    TreasureId,
)
from boardgames.games.kincses_sziget.state import (
    KincsesState,
)


def treasure_points(treasures: Iterable[TreasureId]) -> int:
    """Return the points of a treasure collection with the best sets (A-IRA-31).

    A set scores its set value *instead of* its cards' face values: 1-1-1 = 5, 3-3-3 = 12,
    1-3-5 = 12; each card is in at most one set; the partition maximises the total.

    >>> treasure_points([0, 1, 2, 12, 24])  # 1, 1, 1, 3, 5: 1-3-5 = 12, plus 1 + 1
    14
    """
    counts = [0, 0, 0]
    for treasure in treasures:
        counts[_TREASURE_RANK[treasure]] += 1
    ones, threes, fives = counts
    base = ones + 3 * threes + 5 * fives
    best = 0
    for runs in range(min(ones, threes, fives) + 1):  # 1-3-5 sets gain 3 each
        gain = 3 * runs + 2 * ((ones - runs) // 3) + 3 * ((threes - runs) // 3)
        best = max(best, gain)
    return base + best


def _position_points(position: Space) -> int:
    if position == ISLAND:
        return ARRIVAL_POINTS
    return ZONE_POINTS[ZONE_OF[position]]


def mission_achieved(state: KincsesState, seat: PlayerId, kind: MissionKind) -> bool:
    """Return whether ``seat`` meets a mission's goal now (A-IRA-32, E24)."""
    hands = state.hands
    others = [other for other in range(state.players) if other != seat]

    def most(measure: Callable[[tuple[CardId, ...]], int]) -> bool:
        mine = measure(hands[seat])
        return all(mine > measure(hands[other]) for other in others)

    if kind in _MAJORITY:
        colour = _MAJORITY[kind]
        return most(lambda hand: colour_total(hand, colour))
    if kind is MissionKind.MOST_FEMALE:
        return most(lambda hand: sum(1 for card in hand if _FEMALE[card]))
    if kind is MissionKind.MOST_ONE_EYED:
        return most(lambda hand: sum(1 for card in hand if _ONE_EYED[card]))
    if kind is MissionKind.FIRST_TO_ISLAND:
        return state.positions[seat] == ISLAND
    if kind is MissionKind.SECOND_TO_ARRIVE:
        mine = state.positions[seat]
        ahead = sum(1 for other in others if state.positions[other] > mine)
        level = any(state.positions[other] == mine for other in others)
        return ahead == 1 and not level
    if kind is MissionKind.SECRET_CASKET:
        return _CASKET in state.treasures[seat]
    colour = Colour.BLACK if kind is MissionKind.THREE_BLACK_WEAPONS else Colour.GREEN
    return sum(1 for card in hands[seat] if _WEAPON_COLOUR[card] is colour) >= 3


_MAJORITY = {
    MissionKind.MOST_ORANGE: Colour.ORANGE,
    MissionKind.MOST_BLUE: Colour.BLUE,
    MissionKind.MOST_GREEN: Colour.GREEN,
    MissionKind.MOST_BLACK: Colour.BLACK,
}


def score_breakdown(state: KincsesState, seat: PlayerId) -> dict[str, int]:
    """Return ``seat``'s points by heading: position, treasures, islands, pearls, crew, missions."""
    missions = 0
    for mission in state.missions[seat]:
        card = MISSIONS[mission]
        missions += card.bonus if mission_achieved(state, seat, card.kind) else -card.penalty
    return {
        "position": _position_points(state.positions[seat]),
        "treasures": treasure_points(state.treasures[seat]),
        "islands": 5 * sum(1 for owner in state.island_owners if owner == seat),
        "pearls": state.pearls[seat],
        "crew": sum(_HAND_POINTS[card] for card in state.hands[seat]),
        "missions": missions,
    }


def score(state: KincsesState) -> tuple[float, ...]:
    """Return each seat's score as the final scoring would count it now."""
    return tuple(float(sum(score_breakdown(state, seat).values())) for seat in range(state.players))


def ranking(state: KincsesState) -> tuple[int, ...]:
    """Return places by score; ties share a place (A-IRA-42) unless broken by position."""
    points = score(state)
    if state.tiebreak_by_position:
        return places_from_keys(
            [(points[seat], state.positions[seat]) for seat in range(state.players)]
        )
    return places_from_keys(points)

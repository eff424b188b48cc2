"""Telescopes (what to inspect, E21) and parrots (what to shuffle or move)."""

from __future__ import annotations

from typing import TypeAlias

from boardgames.core.protocol import PlayerId
from boardgames.core.values import replaced
from boardgames.games.kincses_sziget._work import (
    _DECLINE,
    StepRule,
    _bit,
    _Work,
    _zone_spaces,
)
from boardgames.games.kincses_sziget.actions import (
    Decline,
    MoveIsland,
    MovePearlBed,
    PeekCrewTop,
    PeekEventTops,
    PeekHand,
    PeekIsland,
    PeekMissions,
    PeekMissionTop,
    PeekTreasures,
    PeekTreasureTops,
    PlaceAt,
    RedealCrewRow,
    RedealMissions,
    RedealTreasures,
)
from boardgames.games.kincses_sziget.components import (
    CREW_ROW_SIZE,
    FORBIDDEN_ISLAND_SPACES,
    MISSION_ROW_SIZE,
    TREASURE_VALUES,
    ZONE_OF,
    Space,
    Zone,
)
from boardgames.games.kincses_sziget.state import (
    KincsesState,
    ParrotPlaceStep,
    ParrotStep,
    TelescopeStep,
)

TelescopeChoice: TypeAlias = (
    PeekEventTops
    | PeekHand
    | PeekTreasures
    | PeekIsland
    | PeekMissions
    | PeekCrewTop
    | PeekTreasureTops
    | PeekMissionTop
    | Decline
)
"""What a telescope may inspect (or nothing)."""
ParrotChoice: TypeAlias = (
    RedealTreasures | RedealCrewRow | RedealMissions | MoveIsland | MovePearlBed | Decline
)
"""What a parrot may shuffle or move (or nothing)."""


def _empty_spaces(state: KincsesState | _Work, zone: Zone, island: bool) -> list[Space]:
    """Free, empty spaces of ``zone`` for a parrot move (no ship, event, island or bed)."""
    return [
        space
        for space in _zone_spaces(zone)
        if state.board_events[space] is None
        and state.board_islands[space] is None
        and state.board_pearls[space] == 0
        and space not in state.positions
        and not (island and space in FORBIDDEN_ISLAND_SPACES)
    ]


def _face_down_islands(state: KincsesState | _Work) -> list[Space]:
    return [
        space
        for space, island in enumerate(state.board_islands)
        if island is not None and state.island_owners[island] is None
    ]


def _telescope_step_options(
    state: KincsesState | _Work, step: TelescopeStep
) -> list[TelescopeChoice]:
    return _telescope_options(state, step.player)


def _parrot_step_options(state: KincsesState | _Work, step: ParrotStep) -> list[ParrotChoice]:
    return _parrot_options(state)


def _parrot_place_options(state: KincsesState | _Work, step: ParrotPlaceStep) -> list[PlaceAt]:
    spaces = _empty_spaces(state, ZONE_OF[step.origin], step.island)
    return [PlaceAt(space) for space in spaces]


def _telescope_options(state: KincsesState | _Work, seat: PlayerId) -> list[TelescopeChoice]:
    others = [other for other in range(state.players) if other != seat]
    actions: list[TelescopeChoice] = []
    if any(state.event_piles):
        actions.append(PeekEventTops())
    actions.extend(PeekHand(other) for other in others if state.hands[other])
    actions.extend(PeekTreasures(other) for other in others if state.treasures[other])
    actions.extend(PeekIsland(space) for space in _face_down_islands(state))
    actions.extend(PeekMissions(other) for other in others if state.missions[other])
    if state.crew_pile:
        actions.append(PeekCrewTop())
    if any(state.treasure_piles):
        actions.append(PeekTreasureTops())
    if state.mission_pile:
        actions.append(PeekMissionTop())
    actions.append(_DECLINE)
    return actions


def _parrot_options(state: KincsesState | _Work) -> list[ParrotChoice]:
    actions: list[ParrotChoice] = [
        RedealTreasures(value)
        for rank, value in enumerate(TREASURE_VALUES)
        if state.treasure_rows[rank]
    ]
    if state.crew_pile or any(card is not None for card in state.crew_row):
        actions.append(RedealCrewRow())
    if state.mission_pile or any(mission is not None for mission in state.mission_row):
        actions.append(RedealMissions())
    actions.extend(
        MoveIsland(space)
        for space in _face_down_islands(state)
        if _empty_spaces(state, ZONE_OF[space], True)
    )
    actions.extend(
        MovePearlBed(space)
        for space, pearls in enumerate(state.board_pearls)
        if pearls and _empty_spaces(state, ZONE_OF[space], False)
    )
    actions.append(_DECLINE)
    return actions


def _do_telescope(work: _Work, step: TelescopeStep, action: TelescopeChoice) -> None:
    mine = _bit(step.player)
    match action:
        case PeekEventTops():
            work.event_tops_known = tuple(
                known | mine if pile else known
                for known, pile in zip(work.event_tops_known, work.event_piles, strict=True)
            )
        case PeekHand(opponent=opponent):
            if work.setup_live[opponent]:
                work.blur_setup(opponent, work.hands[opponent], mine, leaving=False)
            if work.steal_records:
                work.drop_steals(opponent)
            known = list(work.crew_known)
            for card in work.hands[opponent]:
                known[card] |= mine
            work.crew_known = tuple(known)
        case PeekTreasures(opponent=opponent):
            known = list(work.treasure_known)
            values = list(work.treasure_value_known)
            for treasure in work.treasures[opponent]:
                known[treasure] |= mine
                values[treasure] |= mine
            work.treasure_known = tuple(known)
            work.treasure_value_known = tuple(values)
        case PeekIsland(space=space):
            island = work.board_islands[space]
            assert island is not None
            work.island_known = replaced(
                work.island_known, island, work.island_known[island] | mine
            )
        case PeekMissions(opponent=opponent):
            known = list(work.mission_known)
            for mission in work.missions[opponent]:
                known[mission] |= mine
            work.mission_known = tuple(known)
        case PeekCrewTop():
            top = work.crew_pile[0]
            work.set_crew_known(top, work.crew_known[top] | mine)
        case PeekTreasureTops():
            known = list(work.treasure_known)
            for pile in work.treasure_piles:
                if pile:
                    known[pile[0]] |= mine
            work.treasure_known = tuple(known)
        case PeekMissionTop():
            top = work.mission_pile[0]
            work.set_mission_known(top, work.mission_known[top] | mine)
        case Decline():
            pass


def _do_parrot(work: _Work, step: ParrotStep, action: ParrotChoice) -> None:
    match action:
        case RedealTreasures(value=value):
            rank = TREASURE_VALUES.index(value)
            cards = work.treasure_rows[rank] + work.treasure_piles[rank]
            pile, work.rng = work.rng.shuffled(cards)
            known = list(work.treasure_known)
            for card in pile:
                known[card] = 0  # the value of each stays public: it lies in its value's pile
            work.treasure_known = tuple(known)
            work.treasure_rows = replaced(work.treasure_rows, rank, ())
            work.treasure_piles = replaced(work.treasure_piles, rank, pile)
            work.refill_treasure_row(rank)
        case RedealCrewRow():
            work.crew_pile = work.crew_pile + tuple(
                card for card in work.crew_row if card is not None
            )
            work.crew_row = (None,) * CREW_ROW_SIZE
            work.shuffle_crew_pile()
            work.deal_crew_row()
        case RedealMissions():
            work.mission_pile = work.mission_pile + tuple(
                mission for mission in work.mission_row if mission is not None
            )
            work.mission_row = (None,) * MISSION_ROW_SIZE
            work.shuffle_mission_pile()
            work.refill_mission_row()
        case MoveIsland(space=space):
            work.push(ParrotPlaceStep(step.player, space, True))
        case MovePearlBed(space=space):
            work.push(ParrotPlaceStep(step.player, space, False))
        case Decline():
            pass


def _do_parrot_place(work: _Work, step: ParrotPlaceStep, action: PlaceAt) -> None:
    origin, target = step.origin, action.space
    if step.island:
        island = work.board_islands[origin]
        work.board_islands = replaced(replaced(work.board_islands, origin, None), target, island)
    else:
        pearls = work.board_pearls[origin]
        work.board_pearls = replaced(replaced(work.board_pearls, origin, 0), target, pearls)


_TELESCOPE_RULE = StepRule(TelescopeStep, _telescope_step_options, _do_telescope)
_PARROT_RULE = StepRule(ParrotStep, _parrot_step_options, _do_parrot)
_PARROT_PLACE_RULE = StepRule(ParrotPlaceStep, _parrot_place_options, _do_parrot_place)

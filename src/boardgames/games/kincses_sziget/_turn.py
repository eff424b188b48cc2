"""The track and the turn: moving, anchoring, drawing crew cards and missions, the turn's end.

Rulebook: "Movement", "Anchoring", "Crew cards" and "Missions" (A-IRA-2, A-IRA-13, A-IRA-33,
A-IRA-48; E2).
"""

from __future__ import annotations

from typing import TypeAlias

from boardgames.core.protocol import PlayerId
from boardgames.core.values import replaced
from boardgames.games.kincses_sziget._work import (
    _ADVANCES,
    _ANCHOR_DISCARD,
    _ANCHOR_DRAW,
    _ANCHOR_EXCHANGE,
    _ANCHOR_MISSION,
    _CREW_FROM_PILE,
    _CREW_FROM_ROW,
    _DISCARD,
    _MOVES,
    _REUSABLE,
    ANCHOR_LIMIT,
    StepRule,
    _add_sorted,
    _bit,
    _remove,
    _Work,
)
from boardgames.games.kincses_sziget.actions import (
    AddMission,
    Advance,
    AnchorDiscard,
    AnchorDraw,
    AnchorExchange,
    AnchorMission,
    CrewFromPile,
    CrewFromRow,
    DiscardCrew,
    MissionFromPile,
    MissionFromRow,
    Move,
    RejectMission,
    ReplaceMission,
)
from boardgames.games.kincses_sziget.components import (
    CREW_ROW_SIZE,
    HAND_MAX,
    HAND_MIN,
    ISLAND,
    LAST_SPACE,
    START,
    ZONE_OF,
    ZONE_PENALTY,
    Space,
)
from boardgames.games.kincses_sziget.state import (
    CrewSourceStep,
    DiscardPurpose,
    DiscardStep,
    KincsesState,
    LandTask,
    MissionDisposeStep,
    MissionSourceStep,
    RewardStep,
    TurnStep,
)

TurnChoice: TypeAlias = Move | AnchorDraw | AnchorDiscard | AnchorExchange | AnchorMission
"""What a turn offers: a move of 1-3 spaces or one of the four anchorings."""
CrewSource: TypeAlias = CrewFromRow | CrewFromPile
"""Where a crew card is drawn from."""
MissionSource: TypeAlias = MissionFromRow | MissionFromPile
"""Where a mission is drawn from."""
MissionDisposal: TypeAlias = AddMission | ReplaceMission | RejectMission
"""What becomes of a mission drawn by anchoring."""


def _free(work: _Work | KincsesState, space: Space, mover: PlayerId) -> bool:
    event = work.board_events[space]
    if event is not None and not _REUSABLE[event]:
        return False
    island = work.board_islands[space]
    if island is not None and work.island_owners[island] is not None:
        return False
    positions = work.positions
    others = positions.count(space) - (positions[mover] == space)
    return not others


def is_free(state: KincsesState, space: Space, mover: PlayerId) -> bool:
    """Return whether ``space`` (1-42) is free for ``mover``'s ship.

    A free space holds no other ship and no activated event card; parrot and telescope
    cards, pearl beds and face-down islands do not occupy it; an occupied island does.
    """
    return _free(state, space, mover)


def forward(state: KincsesState, start: Space, steps: int, mover: PlayerId) -> Space:
    """Return the ``steps``-th free space after ``start``, or Treasure Island (A-IRA-2)."""
    return _forward(state, start, steps, mover)


def backward(state: KincsesState, start: Space, steps: int, mover: PlayerId) -> Space:
    """Return the ``steps``-th free space before ``start``, or START (A-IRA-13)."""
    return _backward(state, start, steps, mover)


def _forward(state: KincsesState | _Work, start: Space, steps: int, mover: PlayerId) -> Space:
    count = 0
    for space in range(start + 1, LAST_SPACE + 1):
        if _free(state, space, mover):
            count += 1
            if count == steps:
                return space
    return ISLAND


def _backward(state: KincsesState | _Work, start: Space, steps: int, mover: PlayerId) -> Space:
    count = 0
    for space in range(min(start, ISLAND) - 1, START, -1):
        if _free(state, space, mover):
            count += 1
            if count == steps:
                return space
    return START


def _penalty(position: Space) -> int:
    return ZONE_PENALTY[ZONE_OF[position]]


def _finish(work: _Work, arrived: PlayerId | None) -> None:
    """End the game at once (a ship reached Treasure Island, or the turn limit)."""
    work.over = True
    work.tasks = ()
    if arrived is not None:
        work.positions = replaced(work.positions, arrived, ISLAND)


def _reward_move(work: _Work, seat: PlayerId, steps: int) -> bool:
    """Move ``seat`` forward ``steps`` free spaces; activates nothing. True if he arrived."""
    if steps <= 0:
        return False
    target = _forward(work, work.positions[seat], steps, seat)
    if target == ISLAND:
        _finish(work, seat)
        return True
    work.positions = replaced(work.positions, seat, target)
    return False


def _penalty_move(work: _Work, seat: PlayerId) -> None:
    """Move ``seat`` back his zone's SPACE value in free spaces; activates nothing."""
    position = work.positions[seat]
    if position == ISLAND:
        return
    target = _backward(work, position, _penalty(position), seat)
    work.positions = replaced(work.positions, seat, target)


def _crew_sources(state: KincsesState | _Work) -> list[CrewSource]:
    actions: list[CrewSource] = [
        _CREW_FROM_ROW[slot] for slot, card in enumerate(state.crew_row) if card is not None
    ]
    if state.crew_pile or state.crew_discard:
        actions.append(_CREW_FROM_PILE)
    return actions


def _turn_options(state: KincsesState | _Work, step: TurnStep) -> list[TurnChoice]:
    seat = step.player
    actions: list[TurnChoice] = list(_MOVES)
    if state.anchors[seat] < ANCHOR_LIMIT:
        hand = len(state.hands[seat])
        crew = bool(
            state.crew_pile
            or state.crew_discard
            or state.crew_row.count(None) < len(state.crew_row)
        )
        if hand < HAND_MAX and crew:
            actions.append(_ANCHOR_DRAW)
        if hand > HAND_MIN:
            actions.append(_ANCHOR_DISCARD)
        actions.append(_ANCHOR_EXCHANGE)
        if state.mission_pile or state.mission_row.count(None) < len(state.mission_row):
            actions.append(_ANCHOR_MISSION)
    return actions


def _discard_skipped(work: _Work, step: DiscardStep) -> bool:
    """A forced discard is skipped at 2 cards in hand; the anchoring discards never are."""
    if step.purpose in (DiscardPurpose.CROSS, DiscardPurpose.MUTINY, DiscardPurpose.ISLAND):
        return len(work.hands[step.player]) <= HAND_MIN
    return False


def _discard_options(state: KincsesState | _Work, step: DiscardStep) -> list[DiscardCrew]:
    return [_DISCARD[card] for card in state.hands[step.player]]


def _crew_source_skipped(work: _Work, step: CrewSourceStep) -> bool:
    """A draw is skipped when none is owed, the hand is full or the supply is empty."""
    return (
        step.count <= 0
        or len(work.hands[step.player]) >= HAND_MAX
        or not (
            work.crew_pile or work.crew_discard or work.crew_row.count(None) < len(work.crew_row)
        )
    )


def _crew_source_options(state: KincsesState | _Work, step: CrewSourceStep) -> list[CrewSource]:
    return _crew_sources(state)


def _mission_source_options(
    state: KincsesState | _Work, step: MissionSourceStep
) -> list[MissionSource]:
    actions: list[MissionSource] = [
        MissionFromRow(slot)
        for slot, mission in enumerate(state.mission_row)
        if mission is not None
    ]
    if state.mission_pile:
        actions.append(MissionFromPile())
    return actions


def _mission_dispose_options(
    state: KincsesState | _Work, step: MissionDisposeStep
) -> list[MissionDisposal]:
    return [
        AddMission(),
        *(ReplaceMission(mission) for mission in state.missions[step.player]),
        RejectMission(),
    ]


def _reward_options(state: KincsesState | _Work, step: RewardStep) -> list[Advance]:
    return list(_ADVANCES[step.minimum :])


def _end_turn(work: _Work) -> None:
    """End the turn; at the end of a round refresh the crew row and pass the marker."""
    work.turn_index += 1
    if work.turn_index >= work.players:
        for card in work.crew_row:
            if card is not None:
                work.discard_crew(card)
        work.crew_row = (None,) * CREW_ROW_SIZE
        work.deal_crew_row()
        work.start_player = (work.start_player + 1) % work.players
        work.round += 1
        work.turn_index = 0
    if work.turn >= work.max_turns:
        _finish(work, None)
        return
    _start_turn(work)


def _start_turn(work: _Work) -> None:
    work.turn += 1
    work.push(TurnStep((work.start_player + work.turn_index) % work.players))


def _do_turn(work: _Work, step: TurnStep, action: TurnChoice) -> None:
    seat = step.player
    if action.__class__ is Move:
        work.anchors = replaced(work.anchors, seat, 0)
        target = _forward(work, work.positions[seat], action.steps, seat)
        if target == ISLAND:
            _finish(work, seat)
            return
        work.positions = replaced(work.positions, seat, target)
        work.push(LandTask(seat, target))
        return
    work.anchors = replaced(work.anchors, seat, work.anchors[seat] + 1)
    cls = action.__class__
    if cls is AnchorDraw:
        work.push(CrewSourceStep(seat, 1))
    elif cls is AnchorDiscard:
        work.push(DiscardStep(seat, DiscardPurpose.ANCHOR))
    elif cls is AnchorExchange:
        work.push(DiscardStep(seat, DiscardPurpose.EXCHANGE))
    else:
        work.push(MissionSourceStep(seat))


def _do_discard(work: _Work, step: DiscardStep, action: DiscardCrew) -> None:
    work.take_crew(step.player, action.card)
    work.discard_crew(action.card)
    if step.purpose is DiscardPurpose.EXCHANGE:
        work.push(CrewSourceStep(step.player, 1))


def _do_crew_source(work: _Work, step: CrewSourceStep, action: CrewSource) -> None:
    seat = step.player
    if action.__class__ is CrewFromRow:
        slot = action.slot
        card = work.crew_row[slot]
        assert card is not None
        work.crew_row = replaced(work.crew_row, slot, None)  # A-IRA-48: stays empty this round
        work.give_crew(seat, card, work.all)
    else:
        work.draw_crew_blind(seat)
    if step.count > 1:
        work.push(CrewSourceStep(seat, step.count - 1))


def _do_mission_source(work: _Work, step: MissionSourceStep, action: MissionSource) -> None:
    seat = step.player
    if action.__class__ is MissionFromRow:
        slot = action.slot
        mission = work.mission_row[slot]
        assert mission is not None
        work.mission_row = replaced(work.mission_row, slot, None)
        work.set_mission_known(mission, work.all)
        work.refill_mission_row()  # A-IRA-33: refilled at once
    else:
        mission = work.draw_mission_blind(seat)
    work.drawn_missions = replaced(work.drawn_missions, seat, (mission,))
    work.push(MissionDisposeStep(seat))


def _do_mission_dispose(work: _Work, step: MissionDisposeStep, action: MissionDisposal) -> None:
    seat = step.player
    drawn = work.drawn_missions[seat][0]
    work.drawn_missions = replaced(work.drawn_missions, seat, ())
    if action.__class__ is AddMission:
        work.missions = replaced(work.missions, seat, _add_sorted(work.missions[seat], drawn))
        return
    if action.__class__ is ReplaceMission:
        put_back = action.mission
        held = _add_sorted(_remove(work.missions[seat], put_back), drawn)
    else:
        put_back = drawn
        held = work.missions[seat]
    work.missions = replaced(work.missions, seat, held)
    work.mission_pile = (*work.mission_pile, put_back)  # A-IRA-33: under the pile
    own = _bit(seat)
    work.set_mission_known(put_back, own)
    for mission in held:  # the others cannot tell which card went back
        work.set_mission_known(mission, work.mission_known[mission] & own)


def _do_reward(work: _Work, step: RewardStep, action: Advance) -> None:
    _reward_move(work, step.player, action.steps)


_TURN_RULE = StepRule(TurnStep, _turn_options, _do_turn)
_DISCARD_RULE = StepRule(DiscardStep, _discard_options, _do_discard, _discard_skipped)
_CREW_SOURCE_RULE = StepRule(
    CrewSourceStep, _crew_source_options, _do_crew_source, _crew_source_skipped
)
_MISSION_SOURCE_RULE = StepRule(MissionSourceStep, _mission_source_options, _do_mission_source)
_MISSION_DISPOSE_RULE = StepRule(MissionDisposeStep, _mission_dispose_options, _do_mission_dispose)
_REWARD_RULE = StepRule(RewardStep, _reward_options, _do_reward)

"""Landing on a space and the event cards that need no exchange of cards between players.

Drawing an event, mutiny, reefs, chest, repairs, tailwind, storm and intrigue (A-IRA-10,
A-IRA-16 to A-IRA-18); duels, battles, merchants, telescopes, parrots and shells have their
own modules.
"""

from __future__ import annotations

from boardgames.core.protocol import PlayerId
from boardgames.core.values import replaced
from boardgames.games.kincses_sziget._island import (
    _check,
    _island_landing,
)
from boardgames.games.kincses_sziget._turn import (
    _backward,
    _penalty,
    _penalty_move,
)
from boardgames.games.kincses_sziget._work import (
    _DECLINE,
    _DONE,
    _DRAW_EVENT,
    _REUSABLE,
    _STEP_BACKS,
    StepRule,
    _bit,
    _remove,
    _weapons,
    _Work,
)
from boardgames.games.kincses_sziget.actions import (
    Decline,
    Done,
    DrawEvent,
    EventDrawn,
    Revealed,
    Steal,
    StealTarget,
    StepBack,
    TakeWeapon,
)
from boardgames.games.kincses_sziget.components import (
    EVENT_CARDS,
    EVENT_PILES,
    HAND_MAX,
    HAND_MIN,
    START,
    Colour,
    EventId,
    EventKind,
    Space,
)
from boardgames.games.kincses_sziget.state import (
    AfterEventTask,
    BattleCommitStep,
    BattleRevealTask,
    ChestCleanupTask,
    ChestStep,
    CrewSourceStep,
    DiscardPurpose,
    DiscardStep,
    DuelTargetStep,
    EventPileStep,
    IntrigueStep,
    KincsesState,
    LandTask,
    MerchantCommitStep,
    MerchantRevealTask,
    MoveBackTask,
    ParrotStep,
    RepairStep,
    RewardStep,
    TelescopeStep,
)


def _intrigue_options(state: KincsesState | _Work, seat: PlayerId) -> list[Steal]:
    actions: list[Steal] = []
    own_hand = len(state.hands[seat])
    for victim in range(state.players):
        if victim == seat:
            continue
        if own_hand < HAND_MAX and HAND_MIN < len(state.hands[victim]) < HAND_MAX:
            actions.append(Steal(victim, StealTarget.CREW))
        if len(state.treasures[victim]) >= 3:
            actions.append(Steal(victim, StealTarget.TREASURE))
    return actions


def _event_pile_options(state: KincsesState | _Work, step: EventPileStep) -> list[DrawEvent]:
    return [_DRAW_EVENT[pile] for pile in range(EVENT_PILES) if state.event_piles[pile]]


def _intrigue_skipped(work: _Work, step: IntrigueStep) -> bool:
    """An intrigue is skipped when nobody can be robbed."""
    return not _intrigue_options(work, step.player)


def _intrigue_step_options(
    state: KincsesState | _Work, step: IntrigueStep
) -> list[Steal | Decline]:
    return [*_intrigue_options(state, step.player), _DECLINE]


def _chest_skipped(work: _Work, step: ChestStep) -> bool:
    """The chest is skipped with a full hand or no weapon among its cards."""
    return len(work.hands[step.player]) >= HAND_MAX or not _weapons(work.chest)


def _chest_options(state: KincsesState | _Work, step: ChestStep) -> list[TakeWeapon | Done]:
    return [*(TakeWeapon(card) for card in _weapons(state.chest)), _DONE]


def _repair_options(state: KincsesState | _Work, step: RepairStep) -> list[StepBack]:
    least = max(1, _penalty(state.positions[step.player]))
    return list(_STEP_BACKS[least - 1 :])


def _auto_land(work: _Work, task: LandTask) -> None:
    seat, space = task.player, task.space
    island = work.board_islands[space]
    if island is not None:
        _island_landing(work, seat, space, island)
        return
    if work.board_pearls[space]:
        work.board_pearls = replaced(work.board_pearls, space, work.board_pearls[space] - 1)
        work.pearls = replaced(work.pearls, seat, work.pearls[seat] + 1)
    event = work.board_events[space]
    if event is not None:  # a parrot or telescope lying here (A-IRA-10)
        _activate(work, seat, event, space)
        return
    if any(work.event_piles):  # A-IRA-16: with all piles empty nothing happens
        work.push(EventPileStep(seat, space))


def _activate(work: _Work, seat: PlayerId, card: EventId, space: Space) -> None:
    """Carry out the event ``card`` activated by ``seat`` on ``space``."""
    event = EVENT_CARDS[card]
    kind = event.kind
    if kind is EventKind.DUEL:
        work.push(DuelTargetStep(seat, card))
    elif kind is EventKind.BATTLE:
        if len(work.hands[seat]) < HAND_MAX:
            work.draw_crew_blind(seat)
        work.commits = ((),) * work.players
        work.committed = (False,) * work.players
        work.push(
            *(BattleCommitStep(other, card) for other in work.order_from(seat)),
            BattleRevealTask(seat, card),
        )
    elif kind is EventKind.MERCHANT:
        work.commits = ((),) * work.players
        work.committed = (False,) * work.players
        work.push(
            *(MerchantCommitStep(other, card) for other in work.order_from(seat)),
            MerchantRevealTask(seat, card),
        )
    elif kind is EventKind.INTRIGUE:
        work.push(IntrigueStep(seat))
    elif kind is EventKind.MUTINY:
        if _check(work, seat, event.colours[0], event.value):
            work.push(CrewSourceStep(seat, 1))
        else:
            work.push(DiscardStep(seat, DiscardPurpose.MUTINY))
    elif kind is EventKind.REEFS:
        if _check(work, seat, Colour.ORANGE, event.value):
            work.push(RewardStep(seat, 0))
        else:
            _penalty_move(work, seat)
    elif kind is EventKind.CHEST:
        drawn = []
        for _ in range(3):
            drawn_card = work.pop_crew_pile()
            if drawn_card is None:
                break
            drawn.append(drawn_card)
            work.set_crew_known(drawn_card, work.all)
        work.chest = tuple(drawn)
        work.log(seat, Revealed(work.chest))
        work.push(ChestStep(seat), ChestCleanupTask())
    elif kind is EventKind.REPAIR:
        least = max(1, _penalty(work.positions[seat]))
        if least == 3:  # zone D: the only choice is 3 (a forced step)
            _repair_move(work, seat, 3)
        else:
            work.push(RepairStep(seat))
    elif kind is EventKind.TAILWIND:
        work.push(RewardStep(seat, 1))
    elif kind is EventKind.TELESCOPE:
        work.push(TelescopeStep(seat))
    elif kind is EventKind.STORM:
        _storm(work, seat)
    elif kind is EventKind.PARROT:
        work.push(ParrotStep(seat))


def _repair_move(work: _Work, seat: PlayerId, steps: int) -> None:
    target = _backward(work, work.positions[seat], steps, seat)
    work.positions = replaced(work.positions, seat, target)
    if target != START:  # A-IRA-17: the start activates nothing
        work.push(LandTask(seat, target))


def _storm(work: _Work, seat: PlayerId) -> None:
    """Back to the first free space behind the rearmost other ship (A-IRA-18)."""
    position = work.positions[seat]
    rearmost = min(work.positions[other] for other in range(work.players) if other != seat)
    if position < rearmost:
        _penalty_move(work, seat)
    elif rearmost == START:
        work.positions = replaced(work.positions, seat, START)
    else:
        target = _backward(work, rearmost, 1, seat)
        work.positions = replaced(work.positions, seat, target)


def _auto_move_back(work: _Work, task: MoveBackTask) -> None:
    _penalty_move(work, task.player)


def _auto_chest_cleanup(work: _Work, task: ChestCleanupTask) -> None:
    for card in work.chest:
        work.discard_crew(card)
    work.chest = ()


def _steal_random(work: _Work, thief: PlayerId, victim: PlayerId, treasure: bool) -> None:
    """Move a random card from the victim to the thief; only the two know which.

    The others no longer know which cards are left with the victim, nor, for treasures,
    which values are left with him and which value was taken (with perfect recall they
    would still know the values the two hold between them: a little less, never more).
    """
    pair = _bit(thief) | _bit(victim)
    if treasure:
        cards = work.treasures[victim]
        index, work.rng = work.rng.randbelow(len(cards))
        card = cards[index]
        rest = cards[:index] + cards[index + 1 :]
        work.treasures = replaced(work.treasures, victim, rest)
        known = list(work.treasure_known)
        values = list(work.treasure_value_known)
        for other in rest:  # the others no longer know which card is left
            known[other] &= pair
            values[other] &= pair
        work.treasure_known = tuple(known)
        work.treasure_value_known = tuple(values)
        work.give_treasure(thief, card, pair, pair)
    else:
        cards = work.hands[victim]
        index, work.rng = work.rng.randbelow(len(cards))
        card = cards[index]
        if work.setup_live[victim]:
            work.blur_setup(victim, (card,), pair, leaving=True)
        if any(work.setup_live):
            work.lose_sight_of_setup(cards, pair)
        # The others keep the victim's cards they knew as candidates: one of them, or of
        # the hidden ones, went to the thief (a steal from either seat ends older records).
        records = [r for r in work.steal_records if victim not in (r[1], r[2])]
        for observer in range(work.players):
            bit = 1 << observer
            if not pair & bit:
                seen = tuple(c for c in cards if work.crew_known[c] & bit)
                if seen:
                    records.append((observer, victim, thief, seen, len(cards) - len(seen)))
        if records or work.steal_records:
            work.steal_records = tuple(records)
        rest = cards[:index] + cards[index + 1 :]
        work.hands = replaced(work.hands, victim, rest)
        known = list(work.crew_known)
        for other in rest:
            known[other] &= pair
        work.crew_known = tuple(known)
        work.give_crew(thief, card, pair)


def _do_event_pile(work: _Work, step: EventPileStep, action: DrawEvent) -> None:
    seat, space = step.player, step.space
    pile = work.event_piles[action.pile]
    card = pile[0]
    work.event_piles = replaced(work.event_piles, action.pile, pile[1:])
    if work.event_tops_known[action.pile]:  # the next card comes up unseen
        work.event_tops_known = replaced(work.event_tops_known, action.pile, 0)
    work.log(seat, EventDrawn(action.pile, card))
    if work.board_pearls[space] and not _REUSABLE[card]:
        work.event_discard = (*work.event_discard, card)  # a bed with pearls left
    else:
        work.board_events = replaced(work.board_events, space, card)
    if EVENT_CARDS[card].shell:
        work.push(AfterEventTask(seat, card, space))
    _activate(work, seat, card, space)


def _do_intrigue(work: _Work, step: IntrigueStep, action: Steal | Decline) -> None:
    if action.__class__ is not Steal:
        return
    _steal_random(
        work, step.player, action.opponent, treasure=action.target is StealTarget.TREASURE
    )


def _do_chest(work: _Work, step: ChestStep, action: TakeWeapon | Done) -> None:
    if action.__class__ is not TakeWeapon:
        return
    card = action.card
    work.chest = _remove(work.chest, card)
    work.give_crew(step.player, card, work.all)
    work.push(step)


def _do_repair(work: _Work, step: RepairStep, action: StepBack) -> None:
    _repair_move(work, step.player, action.steps)


_EVENT_PILE_RULE = StepRule(EventPileStep, _event_pile_options, _do_event_pile)
_INTRIGUE_RULE = StepRule(IntrigueStep, _intrigue_step_options, _do_intrigue, _intrigue_skipped)
_CHEST_RULE = StepRule(ChestStep, _chest_options, _do_chest, _chest_skipped)
_REPAIR_RULE = StepRule(RepairStep, _repair_options, _do_repair)

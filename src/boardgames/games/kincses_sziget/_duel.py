"""Duels: the challenge, the secret compositions, the comparison and the prize (A-IRA-30)."""

from __future__ import annotations

from boardgames.core.values import replaced
from boardgames.games.kincses_sziget._events import (
    _steal_random,
)
from boardgames.games.kincses_sziget._turn import (
    _penalty_move,
    _reward_move,
)
from boardgames.games.kincses_sziget._work import (
    _ADVANCES,
    _WEAPON_COLOUR,
    StepRule,
    _is_pirate,
    _weapons,
    _Work,
    composition_total,
)
from boardgames.games.kincses_sziget.actions import (
    Advance,
    Challenge,
    Compose,
    Decline,
    Offer,
    Revealed,
    Theft,
)
from boardgames.games.kincses_sziget.components import (
    EVENT_CARDS,
    HAND_MAX,
    CardId,
    Colour,
    DuelMark,
)
from boardgames.games.kincses_sziget.state import (
    DiscardPurpose,
    DiscardStep,
    DuelCommitStep,
    DuelPrizeStep,
    DuelRevealTask,
    DuelTargetStep,
    KincsesState,
    MerchantCommitStep,
    MoveBackTask,
    ReplaceTask,
    TreasureSourceStep,
)


def _duel_compositions(hand: tuple[CardId, ...], colour: Colour) -> list[Compose]:
    pirates = [card for card in hand if _is_pirate(card)]
    weapons = _weapons(hand)
    if not pirates:
        return [Compose(None, weapon) for weapon in weapons]
    matching = [weapon for weapon in weapons if _WEAPON_COLOUR[weapon] is colour]
    actions: list[Compose] = []
    for pirate in pirates:
        actions.append(Compose(pirate, None))
        actions.extend(Compose(pirate, weapon) for weapon in matching)
    return actions


def _duel_target_options(state: KincsesState | _Work, step: DuelTargetStep) -> list[Challenge]:
    return [Challenge(other) for other in range(state.players) if other != step.player]


def _duel_commit_options(state: KincsesState | _Work, step: DuelCommitStep) -> list[Compose]:
    return _duel_compositions(state.hands[step.player], EVENT_CARDS[step.card].colours[0])


def _duel_prize_options(state: KincsesState | _Work, step: DuelPrizeStep) -> list[Advance | Theft]:
    return [_ADVANCES[1], _ADVANCES[2], _ADVANCES[3], Theft()]


def _auto_duel_reveal(work: _Work, task: DuelRevealTask) -> None:
    colour = EVENT_CARDS[task.card].colours[0]
    totals = {}
    valid = {}
    for seat in (task.challenger, task.challenged):
        cards = work.commits[seat]
        work.log(seat, Revealed(cards))
        for card in cards:
            work.take_crew(seat, card)
            work.discard_crew(card)
        work.owed = replaced(work.owed, seat, len(cards))
        valid[seat] = any(_is_pirate(card) for card in cards)
        totals[seat] = composition_total(cards, colour)
    work.commits = ((),) * work.players
    work.committed = (False,) * work.players
    challenger, challenged = task.challenger, task.challenged
    draw = False
    if valid[challenger] and valid[challenged]:
        if totals[challenger] > totals[challenged]:
            winner, loser = challenger, challenged
        elif totals[challenged] > totals[challenger]:
            winner, loser = challenged, challenger
        else:
            draw = True
    elif valid[challenger]:
        winner, loser = challenger, challenged
    elif valid[challenged]:
        winner, loser = challenged, challenger
    else:  # A-IRA-30: both invalid is a draw
        draw = True
    if draw:  # "On a draw, the challenged party wins"
        winner, loser = challenged, challenger
    work.push(DuelPrizeStep(winner, loser, draw), ReplaceTask((winner, loser)))


def _do_duel_target(work: _Work, step: DuelTargetStep, action: Challenge) -> None:
    seat = step.player
    mark = EVENT_CARDS[step.card].mark
    work.commits = ((),) * work.players
    work.committed = (False,) * work.players
    work.push(
        DuelCommitStep(seat, step.card),
        DuelCommitStep(action.opponent, step.card),
        DuelRevealTask(seat, action.opponent, step.card),
    )
    if mark is DuelMark.DOUBLE_CIRCLE:
        if len(work.hands[seat]) < HAND_MAX:
            work.draw_crew_blind(seat)
    elif mark is DuelMark.CROSS:
        work.push(DiscardStep(seat, DiscardPurpose.CROSS))


def _do_commit(
    work: _Work, step: DuelCommitStep | MerchantCommitStep, action: Compose | Offer | Decline
) -> None:
    seat = step.player
    if action.__class__ is Compose:
        cards = tuple(card for card in (action.pirate, action.weapon) if card is not None)
    elif action.__class__ is Offer:
        cards = (action.weapon,)
    else:
        cards = ()
    work.commits = replaced(work.commits, seat, cards)
    work.committed = replaced(work.committed, seat, True)


def _do_duel_prize(work: _Work, step: DuelPrizeStep, action: Advance | Theft) -> None:
    winner, loser = step.player, step.loser
    if action.__class__ is Advance:
        if _reward_move(work, winner, action.steps):
            return
        if not step.draw:
            _penalty_move(work, loser)
        return
    if not step.draw and len(work.treasures[loser]) >= 3:
        _steal_random(work, winner, loser, treasure=True)
        return
    if step.draw:
        work.push(TreasureSourceStep(winner, 3))
    else:
        work.push(TreasureSourceStep(winner, 3), MoveBackTask(loser))


_DUEL_TARGET_RULE = StepRule(DuelTargetStep, _duel_target_options, _do_duel_target)
_DUEL_COMMIT_RULE = StepRule(DuelCommitStep, _duel_commit_options, _do_commit)
_DUEL_PRIZE_RULE = StepRule(DuelPrizeStep, _duel_prize_options, _do_duel_prize)

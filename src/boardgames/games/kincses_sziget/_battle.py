"""Battles: the secret compositions, the colours won, the retreat and the cards taken back.

Also the replacement of the crew cards played in a battle or a duel (A-IRA-14, A-IRA-21).
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core.protocol import PlayerId
from boardgames.core.values import replaced
from boardgames.games.kincses_sziget._turn import (
    _penalty_move,
)
from boardgames.games.kincses_sziget._work import (
    _BATTLE_ADD,
    _DECLINE,
    _DONE,
    _WEAPON_COLOUR,
    StepRule,
    _is_pirate,
    _remove,
    _Work,
    composition_total,
)
from boardgames.games.kincses_sziget.actions import (
    BattleAdd,
    Decline,
    Done,
    Revealed,
    TakeFromTable,
)
from boardgames.games.kincses_sziget.components import (
    EVENT_CARDS,
    CardId,
    Colour,
)
from boardgames.games.kincses_sziget.state import (
    BattleCommitStep,
    BattlePickStep,
    BattleRetreatTask,
    BattleRevealTask,
    CrewSourceStep,
    KincsesState,
    ReplaceTask,
    RewardStep,
    Task,
    TreasureSourceStep,
)


def _battle_options(
    hand: tuple[CardId, ...], chosen: tuple[CardId, ...], colours: tuple[Colour, ...]
) -> list[BattleAdd | Done]:
    """Cards in increasing id order (pirates come before weapons), at most 3, >= 1 pirate."""
    has_pirates = any(_is_pirate(card) for card in hand)
    actions: list[BattleAdd | Done] = []
    if not has_pirates:
        if not chosen:
            actions.extend(_BATTLE_ADD[card] for card in hand)
        else:
            actions.append(_DONE)
        return actions
    chosen_pirate = any(_is_pirate(card) for card in chosen)
    if len(chosen) < 3:
        last = chosen[-1] if chosen else -1
        for card in hand:
            if card <= last:
                continue
            if _is_pirate(card) or (chosen_pirate and _WEAPON_COLOUR[card] in colours):
                actions.append(_BATTLE_ADD[card])
    if chosen_pirate:
        actions.append(_DONE)
    return actions


def _battle_commit_options(
    state: KincsesState | _Work, step: BattleCommitStep
) -> list[BattleAdd | Done]:
    seat = step.player
    return _battle_options(state.hands[seat], state.commits[seat], EVENT_CARDS[step.card].colours)


def _battle_pick_skipped(work: _Work, step: BattlePickStep) -> bool:
    """Taking a card back is skipped when the winner owes none or the table is empty."""
    return work.owed[step.player] <= 0 or not any(work.played)


def _battle_pick_options(
    state: KincsesState | _Work, step: BattlePickStep
) -> list[TakeFromTable | Decline]:
    table = sorted(card for cards in state.played for card in cards)
    return [*(TakeFromTable(card) for card in table), _DECLINE]


def _battle_result(
    played: Sequence[tuple[CardId, ...]], colours: tuple[Colour, ...]
) -> tuple[list[PlayerId | None], PlayerId | None]:
    """Return the winner of each battle colour (``None`` on a tie) and the absolute winner."""
    valid = [any(_is_pirate(card) for card in cards) for cards in played]
    winners: list[PlayerId | None] = []
    for colour in colours:
        totals = [
            composition_total(cards, colour) if valid[seat] else -1
            for seat, cards in enumerate(played)
        ]
        best = max(totals)
        if best < 0 or totals.count(best) != 1:
            winners.append(None)
        else:
            winners.append(totals.index(best))
    absolute = None
    for seat in range(len(played)):
        if sum(1 for winner in winners if winner == seat) >= 2:
            absolute = seat
    return winners, absolute


def _auto_battle_reveal(work: _Work, task: BattleRevealTask) -> None:
    colours = EVENT_CARDS[task.card].colours
    played = list(work.played)
    owed = list(work.owed)
    for seat in work.order_from(task.initiator):
        cards = work.commits[seat]
        work.log(seat, Revealed(cards))
        for card in cards:
            work.take_crew(seat, card)
            work.set_crew_known(card, work.all)
        played[seat] = cards
        owed[seat] = len(cards)
    work.played = tuple(played)
    work.owed = tuple(owed)
    work.commits = ((),) * work.players
    work.committed = (False,) * work.players
    winners, absolute = _battle_result(work.played, colours)
    after: list[Task] = []
    if absolute is not None:
        after += [
            RewardStep(absolute, 1),
            TreasureSourceStep(absolute, 3),
            BattleRetreatTask(absolute),
        ]
    after += [
        BattlePickStep(winner, rank) for rank, winner in enumerate(winners) if winner is not None
    ]
    after.append(ReplaceTask(work.order_from(work.start_player)))
    work.push(*after)


def _auto_battle_retreat(work: _Work, task: BattleRetreatTask) -> None:
    losers = sorted(
        (seat for seat in range(work.players) if seat != task.winner),
        key=lambda seat: (work.positions[seat], seat),
    )
    for seat in losers:  # A-IRA-14: rearmost first
        _penalty_move(work, seat)


def _auto_replace(work: _Work, task: ReplaceTask) -> None:
    for cards in work.played:
        for card in cards:
            work.discard_crew(card)
    work.played = ((),) * work.players
    draws = [CrewSourceStep(seat, work.owed[seat]) for seat in task.order if work.owed[seat]]
    work.owed = (0,) * work.players
    work.push(*draws)


def _do_battle_commit(work: _Work, step: BattleCommitStep, action: BattleAdd | Done) -> None:
    seat = step.player
    if action.__class__ is BattleAdd:
        work.commits = replaced(work.commits, seat, (*work.commits[seat], action.card))
        work.push(step)
        return
    work.committed = replaced(work.committed, seat, True)


def _do_battle_pick(work: _Work, step: BattlePickStep, action: TakeFromTable | Decline) -> None:
    if action.__class__ is not TakeFromTable:
        return
    card = action.card
    owner = next(seat for seat, cards in enumerate(work.played) if card in cards)
    work.played = replaced(work.played, owner, _remove(work.played[owner], card))
    work.give_crew(step.player, card, work.all)
    work.owed = replaced(work.owed, step.player, work.owed[step.player] - 1)


_BATTLE_COMMIT_RULE = StepRule(BattleCommitStep, _battle_commit_options, _do_battle_commit)
_BATTLE_PICK_RULE = StepRule(
    BattlePickStep, _battle_pick_options, _do_battle_pick, _battle_pick_skipped
)

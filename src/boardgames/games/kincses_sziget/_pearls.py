"""Pearl beds and shell cards: selling two pearls for a treasure."""

from __future__ import annotations

from boardgames.core.values import replaced
from boardgames.games.kincses_sziget._work import (
    _DECLINE,
    StepRule,
    _Work,
)
from boardgames.games.kincses_sziget.actions import (
    Decline,
    SellPearls,
)
from boardgames.games.kincses_sziget.state import (
    AfterEventTask,
    KincsesState,
    PearlSaleStep,
    TreasureSourceStep,
)


def _pearl_sale_skipped(work: _Work, step: PearlSaleStep) -> bool:
    """A pearl sale is skipped with fewer than two pearls."""
    return work.pearls[step.player] < 2


def _pearl_sale_options(
    state: KincsesState | _Work, step: PearlSaleStep
) -> list[SellPearls | Decline]:
    return [SellPearls(), _DECLINE]


def _auto_after_event(work: _Work, task: AfterEventTask) -> None:
    work.push(PearlSaleStep(task.player, task.card, task.space))


def _do_pearl_sale(work: _Work, step: PearlSaleStep, action: SellPearls | Decline) -> None:
    if action.__class__ is Decline:
        return
    seat, space = step.player, step.space
    work.pearls = replaced(work.pearls, seat, work.pearls[seat] - 2)
    work.board_pearls = replaced(work.board_pearls, space, work.board_pearls[space] + 2)
    if work.board_events[space] == step.card:  # the card is discarded; the space is a bed
        work.board_events = replaced(work.board_events, space, None)
        work.event_discard = (*work.event_discard, step.card)
    work.push(TreasureSourceStep(seat, 5))


_PEARL_SALE_RULE = StepRule(PearlSaleStep, _pearl_sale_options, _do_pearl_sale, _pearl_sale_skipped)

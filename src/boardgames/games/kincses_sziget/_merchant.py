"""The merchant: secret weapon offers and the treasures paid for the best ones."""

from __future__ import annotations

from boardgames.games.kincses_sziget._duel import _do_commit
from boardgames.games.kincses_sziget._work import (
    _DECLINE,
    _WEAPON_COLOUR,
    _WEAPON_VALUE,
    StepRule,
    _weapons,
    _Work,
)
from boardgames.games.kincses_sziget.actions import (
    Decline,
    Offer,
    Revealed,
)
from boardgames.games.kincses_sziget.components import (
    EVENT_CARDS,
)
from boardgames.games.kincses_sziget.state import (
    CrewSourceStep,
    KincsesState,
    MerchantCommitStep,
    MerchantRevealTask,
    Task,
    TreasureSourceStep,
)


def _merchant_commit_options(
    state: KincsesState | _Work, step: MerchantCommitStep
) -> list[Offer | Decline]:
    colours = EVENT_CARDS[step.card].colours
    return [
        *(
            Offer(card)
            for card in _weapons(state.hands[step.player])
            if _WEAPON_COLOUR[card] in colours
        ),
        _DECLINE,
    ]


def _auto_merchant_reveal(work: _Work, task: MerchantRevealTask) -> None:
    order = work.order_from(task.activator)
    offers = {}
    for seat in order:
        work.log(seat, Revealed(work.commits[seat]))
        if work.commits[seat]:
            offers[seat] = work.commits[seat][0]
    work.commits = ((),) * work.players
    work.committed = (False,) * work.players
    if not offers:
        return
    top = max(_WEAPON_VALUE[card] for card in offers.values())
    winners = [seat for seat in order if seat in offers and _WEAPON_VALUE[offers[seat]] == top]
    prize = 5 if len(winners) == 1 else 3 if len(winners) == 2 else 1
    steps: list[Task] = []
    for seat, card in offers.items():
        if seat in winners:  # the merchant buys it
            work.take_crew(seat, card)
            work.discard_crew(card)
        else:  # taken back, seen by everyone
            if work.setup_live[seat]:
                work.blur_setup(seat, (card,), work.all, leaving=False)
            if work.steal_records:
                work.drop_steals(seat)
            work.set_crew_known(card, work.all)
    for seat in winners:
        steps += [TreasureSourceStep(seat, prize), CrewSourceStep(seat, 1)]
    work.push(*steps)


_MERCHANT_COMMIT_RULE = StepRule(MerchantCommitStep, _merchant_commit_options, _do_commit)

"""The setup: the deal, the weapon exchanges and the kept missions (A-IRA-4, A-IRA-7)."""

from __future__ import annotations

from boardgames.core.values import replaced
from boardgames.games.kincses_sziget._turn import (
    _start_turn,
)
from boardgames.games.kincses_sziget._work import (
    _DONE,
    StepRule,
    _bit,
    _is_pirate,
    _remove,
    _weapons,
    _Work,
)
from boardgames.games.kincses_sziget.actions import (
    Done,
    ExchangeWeapon,
    KeepMission,
)
from boardgames.games.kincses_sziget.state import (
    ExchangeStep,
    KeepStep,
    KincsesState,
    SetupTask,
)


def _exchange_options(
    state: KincsesState | _Work, step: ExchangeStep
) -> list[ExchangeWeapon | Done]:
    weapons = _weapons(state.hands[step.player])
    actions: list[ExchangeWeapon | Done] = []
    if len(weapons) > 2:
        actions.extend(ExchangeWeapon(card) for card in weapons)
    actions.append(_DONE)
    return actions


def _keep_options(state: KincsesState | _Work, step: KeepStep) -> list[KeepMission]:
    return [KeepMission(index) for index in range(len(state.mission_offers[step.player]))]


def _auto_setup(work: _Work, task: SetupTask) -> None:
    work.mission_pile = work.mission_pile + work.mission_returned
    work.mission_returned = ()
    work.shuffle_mission_pile()
    work.refill_mission_row()
    work.deal_crew_row()
    work.turn_index = 0
    _start_turn(work)


def _do_exchange(work: _Work, step: ExchangeStep, action: ExchangeWeapon | Done) -> None:
    seat = step.player
    if action.__class__ is not ExchangeWeapon:
        return
    weapon = action.card
    pirates = [card for card in work.crew_pile if _is_pirate(card)]
    if not pirates:  # cannot happen with 48 pirates; nothing to exchange for
        return
    pirate, work.rng = work.rng.choice(pirates)
    work.crew_pile = _remove(work.crew_pile, pirate)
    work.take_crew(seat, weapon)
    work.crew_pile = (*work.crew_pile, weapon)
    work.shuffle_crew_pile()
    work.give_crew(seat, pirate, 0)
    # The others now know this hand holds 2 to 4 - k weapons (k exchanges so far): each
    # exchange needed more than 2 (see _setup_knowledge).
    work.setup_exchanges = replaced(work.setup_exchanges, seat, work.setup_exchanges[seat] + 1)
    work.setup_hands = replaced(work.setup_hands, seat, work.hands[seat])
    work.setup_live = replaced(work.setup_live, seat, work.all & ~_bit(seat))
    work.push(ExchangeStep(seat))


def _do_keep(work: _Work, step: KeepStep, action: KeepMission) -> None:
    seat = step.player
    offer = work.mission_offers[seat]
    kept = offer[action.index]
    returned = offer[1 - action.index]
    work.missions = replaced(work.missions, seat, (kept,))
    work.mission_offers = replaced(work.mission_offers, seat, ())
    work.mission_returned = (*work.mission_returned, returned)


_EXCHANGE_RULE = StepRule(ExchangeStep, _exchange_options, _do_exchange)
_KEEP_RULE = StepRule(KeepStep, _keep_options, _do_keep)

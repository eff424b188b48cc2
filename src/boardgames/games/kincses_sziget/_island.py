"""Island cards and treasures: checks on the whole hand, landings, taking and losing treasures.

Rulebook: "Islands" and "Treasures" (A-IRA-20, E7).
"""

from __future__ import annotations

from typing import TypeAlias

from boardgames.core.protocol import PlayerId
from boardgames.core.values import replaced
from boardgames.games.kincses_sziget._work import (
    StepRule,
    _remove,
    _Work,
    best_total,
    shown_cards,
)
from boardgames.games.kincses_sziget.actions import (
    DiscardTreasure,
    Showed,
    TreasureFromPile,
    TreasureFromRow,
)
from boardgames.games.kincses_sziget.components import (
    ISLANDS,
    TREASURE_VALUES,
    Colour,
    Space,
)
from boardgames.games.kincses_sziget.state import (
    DiscardPurpose,
    DiscardStep,
    KincsesState,
    MoveBackTask,
    TreasureLossStep,
    TreasureSourceStep,
)

TreasureSource: TypeAlias = TreasureFromRow | TreasureFromPile
"""Where a treasure is taken from."""


def _treasure_sources(state: KincsesState | _Work, maximum: int) -> list[TreasureSource]:
    actions: list[TreasureSource] = []
    for rank, value in enumerate(TREASURE_VALUES):
        if value > maximum:
            break
        actions.extend(
            TreasureFromRow(value, slot) for slot in range(len(state.treasure_rows[rank]))
        )
        if state.treasure_piles[rank]:
            actions.append(TreasureFromPile(value))
    return actions


def _treasure_source_skipped(work: _Work, step: TreasureSourceStep) -> bool:
    """Taking a treasure is skipped when none of the allowed values is left."""
    return not _treasure_sources(work, step.maximum)


def _treasure_loss_skipped(work: _Work, step: TreasureLossStep) -> bool:
    """Losing a treasure is skipped when the seat holds none."""
    return not work.treasures[step.player]


def _treasure_source_options(
    state: KincsesState | _Work, step: TreasureSourceStep
) -> list[TreasureSource]:
    return _treasure_sources(state, step.maximum)


def _treasure_loss_options(
    state: KincsesState | _Work, step: TreasureLossStep
) -> list[DiscardTreasure]:
    return [DiscardTreasure(treasure) for treasure in state.treasures[step.player]]


def _check(work: _Work, seat: PlayerId, colour: Colour, value: int) -> bool:
    """Decide an island, mutiny or reef check on the whole hand (A-IRA-20, E7)."""
    hand = work.hands[seat]
    if best_total(hand, colour) < value:
        return False
    if work.reveal_shown_cards:
        shown = shown_cards(hand, colour, value)
        assert shown is not None
        if work.setup_live[seat]:
            work.blur_setup(seat, shown, work.all, leaving=False)
        if work.steal_records:
            work.drop_steals(seat)
        for card in shown:
            work.set_crew_known(card, work.all)
        work.log(seat, Showed(shown))
    return True


def _island_landing(work: _Work, seat: PlayerId, space: Space, island: int) -> None:
    work.island_known = replaced(work.island_known, island, work.all)
    card = ISLANDS[island]
    if _check(work, seat, card.colour, card.value):
        work.island_owners = replaced(work.island_owners, island, seat)
        work.push(TreasureSourceStep(seat, 5))
        return
    # Failure: a treasure, a crew card, the zone's step back; the card goes face down again.
    work.push(
        TreasureLossStep(seat),
        DiscardStep(seat, DiscardPurpose.ISLAND),
        MoveBackTask(seat),
    )


def _do_treasure_source(work: _Work, step: TreasureSourceStep, action: TreasureSource) -> None:
    seat = step.player
    rank = TREASURE_VALUES.index(action.value)
    if action.__class__ is TreasureFromRow:
        row = work.treasure_rows[rank]
        slot = action.slot
        treasure = row[slot]
        work.treasure_rows = replaced(work.treasure_rows, rank, row[:slot] + row[slot + 1 :])
        work.give_treasure(seat, treasure, work.all, work.all)
        work.refill_treasure_row(rank)  # "refreshed immediately"
    else:
        pile = work.treasure_piles[rank]
        work.treasure_piles = replaced(work.treasure_piles, rank, pile[1:])
        # Everyone sees which value pile he draws from; only he sees the card, and whoever
        # peeked at the pile top knows it is now his (E21).
        work.give_treasure(seat, pile[0], work.treasure_known[pile[0]], work.all)


def _do_treasure_loss(work: _Work, step: TreasureLossStep, action: DiscardTreasure) -> None:
    seat = step.player
    work.treasures = replaced(work.treasures, seat, _remove(work.treasures[seat], action.treasure))
    work.treasure_discard = (*work.treasure_discard, action.treasure)
    work.set_treasure_known(action.treasure, work.all, work.all)


_TREASURE_SOURCE_RULE = StepRule(
    TreasureSourceStep, _treasure_source_options, _do_treasure_source, _treasure_source_skipped
)
_TREASURE_LOSS_RULE = StepRule(
    TreasureLossStep, _treasure_loss_options, _do_treasure_loss, _treasure_loss_skipped
)

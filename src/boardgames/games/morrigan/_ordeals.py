"""Ordeals: sealed stakes clockwise, the simultaneous reveal, extra rounds, Blessing."""

from __future__ import annotations

from boardgames.games.morrigan._end_and_scoring import stake_value
from boardgames.games.morrigan._hidden_information import stake_place
from boardgames.games.morrigan._setup_and_turns import others, to_menu
from boardgames.games.morrigan._table import Table
from boardgames.games.morrigan.actions import Action, PlayOrdeal, Stake
from boardgames.games.morrigan.components import CardId, CardKind, CardType
from boardgames.games.morrigan.state import Ordeal, Phase, StakedCard

__all__ = ["decline", "ordeal_next", "place_stake", "play_ordeal", "reveal_stakes"]


def play_ordeal(table: Table, action: Action) -> None:
    """Put an Ordeal in the centre: everyone stakes, from the player's left, he last."""
    assert isinstance(action, PlayOrdeal)
    seat = table.active
    card = table.take_shown(seat, CardKind.of(CardType.ORDEAL, action.value))
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.ordeal = Ordeal(card, seat, 1, (*others(table, seat), seat))
    ordeal_next(table)


def ordeal_next(table: Table) -> None:
    """Ask the next participant with a card to stake, or reveal the round's stakes."""
    ordeal = table.ordeal
    assert ordeal is not None
    waiting = ordeal.waiting
    while waiting and not table.hands[waiting[0]]:
        waiting = waiting[1:]  # an empty hand cannot stake: a forced decline
    if waiting:
        table.ordeal = Ordeal(ordeal.card, ordeal.player, ordeal.round, waiting, ordeal.stakes)
        table.phase = Phase.ORDEAL_STAKE
        table.to_move = waiting[0]
        return
    reveal_stakes(table, ordeal)


def reveal_stakes(table: Table, ordeal: Ordeal) -> None:
    """All stakes of the round are turned up at once, discarded, and the round decided."""
    stakes = ordeal.stakes
    if stakes:
        names = table.shown([stake.card for stake in stakes], stakes=True)
        stakes = tuple(
            StakedCard(stake.seat, name, stake.blessing, stake.known_bluff)
            for stake, name in zip(stakes, names, strict=True)
        )
    for stake in stakes:
        table.clue_reveal(stake_place(stake.seat), (stake.card,))
    for stake in stakes:
        table.discard((stake.card,) if stake.blessing is None else (stake.card, stake.blessing))
    table.ordeal = None
    if not stakes:
        table.discard((ordeal.card,))  # nobody staked: won by no one
        to_menu(table)
        return
    values = [stake_value(stake.card, stake.blessing) for stake in stakes]
    best = max(values)
    tied = tuple(stake.seat for stake, value in zip(stakes, values, strict=True) if value == best)
    if len(tied) == 1:
        if best == 0 and ordeal.round == 1 and not table.options.lone_bluff_wins:
            table.discard((ordeal.card,))
        else:
            table.set_won(tied[0], (*table.won[tied[0]], ordeal.card))
        to_menu(table)
        return
    table.ordeal = Ordeal(ordeal.card, ordeal.player, ordeal.round + 1, tied)
    ordeal_next(table)


def place_stake(table: Table, action: Action) -> None:
    """The participant to move stakes a card face down (with a Blessing, face up)."""
    assert isinstance(action, Stake)
    ordeal = table.ordeal
    assert ordeal is not None
    seat = ordeal.waiting[0]
    blessing: CardId | None = None
    if action.blessed:
        blessing = table.take_shown(seat, CardKind.BLESSING)
        table.clue_visible(seat, blessing)
        table.left_hand(seat, blessing, visible=True)
    card = table.take(seat, action.kind)
    table.clue_hidden(seat, stake_place(seat))
    known_bluff = table.left_hand(seat, card, visible=False)
    table.ordeal = Ordeal(
        ordeal.card,
        ordeal.player,
        ordeal.round,
        ordeal.waiting[1:],
        (*ordeal.stakes, StakedCard(seat, card, blessing, known_bluff)),
    )
    ordeal_next(table)


def decline(table: Table) -> None:
    """The participant to move stakes nothing (declines, or withdraws from an extra round)."""
    ordeal = table.ordeal
    assert ordeal is not None
    table.ordeal = Ordeal(
        ordeal.card, ordeal.player, ordeal.round, ordeal.waiting[1:], ordeal.stakes
    )
    ordeal_next(table)

"""The duel against Maletar: the duel draw, Maletar's reinforcements, victory and defeat."""

from __future__ import annotations

from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan._end_and_scoring import loss_options
from boardgames.games.morrigan._hidden_information import hand_place
from boardgames.games.morrigan._setup_and_turns import hand_limit, others, to_menu
from boardgames.games.morrigan._table import Table
from boardgames.games.morrigan.actions import Action, LoseCard, ReinforceMaletar
from boardgames.games.morrigan.components import CARD_TYPES as _TYPE
from boardgames.games.morrigan.components import CARD_VALUES as _VALUE
from boardgames.games.morrigan.components import (
    DRAW,
    MALETAR_DEFENCE,
    CardId,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.state import Duel, Phase

__all__ = [
    "declare_duel",
    "decline",
    "duel_next",
    "lose",
    "lose_card",
    "normal_turn",
    "reinforce_maletar",
]

_ACTION = CardType.ACTION
_ACTION_KINDS = frozenset(kind for kind in CardKind if kind.type is _ACTION)


def declare_duel(table: Table, action: Action) -> None:
    """Face Maletar: draw the duel cards and show every Action card of the hand."""
    seat = table.active
    table.draw(seat, DRAW + table.players - 1)
    hand = table.hands[seat]
    attack = tuple(sorted(card for card in hand if _TYPE[card] is _ACTION))
    table.set_hand(seat, hand - set(attack))
    attack = table.shown(attack)
    # Everybody sees every Action card of the hand: the rest of it holds none.
    table.clue_reveal(hand_place(seat), attack, _ACTION_KINDS)
    table.set_floor(seat, len(table.hands[seat]))
    table.duel = Duel(attack, (), tuple(others(table, seat)))
    duel_next(table)


def normal_turn(table: Table, action: Action) -> None:
    """Play a normal turn instead of the duel: draw, then the action menu."""
    table.draw(table.active, DRAW)
    to_menu(table)


def duel_next(table: Table) -> None:
    """Ask the next opponent with a card to reinforce Maletar, or resolve the duel."""
    duel = table.duel
    assert duel is not None
    waiting = duel.waiting
    while waiting and not table.hands[waiting[0]]:
        waiting = waiting[1:]
    if waiting:
        table.duel = Duel(duel.attack, duel.maletar, waiting)
        table.phase = Phase.MALETAR_REINFORCE
        table.to_move = waiting[0]
        return
    seat = table.active
    strength = sum(_VALUE[card] for card in duel.attack)
    maletar = MALETAR_DEFENCE + sum(_VALUE[card] for card in duel.maletar)
    if strength > maletar:  # Maletar is defeated: the duel cards stay on the table
        table.duel = Duel(duel.attack, duel.maletar, ())
        table.winner = seat
        table.phase = Phase.GAME_OVER
        table.to_move = None
        return
    table.duel = None
    table.discard((*duel.attack, *duel.maletar))
    options = loss_options(table.territories, table.won, seat)
    if len(options) > 1:
        table.phase = Phase.DUEL_LOSS
        table.to_move = seat
        return
    if options:
        lose(table, seat, options[0])
    hand_limit(table)


def reinforce_maletar(table: Table, action: Action) -> None:
    """The opponent to move gives Maletar an Action card, face up."""
    assert isinstance(action, ReinforceMaletar)
    duel = table.duel
    assert duel is not None
    seat = duel.waiting[0]
    card = table.take_shown(seat, CardKind.of(CardType.ACTION, action.value))
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.duel = Duel(duel.attack, (*duel.maletar, card), duel.waiting[1:])
    duel_next(table)


def lose(table: Table, seat: PlayerId, card: CardId) -> None:
    """Discard one of ``seat``'s scoring cards (a Territory with its reinforcements)."""
    won = table.won[seat]
    if card in won:
        table.set_won(seat, tuple(other for other in won if other != card))
        table.discard((card,))
        return
    holdings = table.territories[seat]
    holding = next(holding for holding in holdings if holding.card == card)
    table.set_territories(seat, tuple(other for other in holdings if other.card != card))
    holding = table.reveal_holding(holding)
    table.discard((*(r.card for r in holding.reinforcements), card))


def lose_card(table: Table, action: Action) -> None:
    """The beaten duelist gives up the chosen scoring card."""
    assert isinstance(action, LoseCard)
    lose(table, table.active, action.card)
    hand_limit(table)


def decline(table: Table) -> None:
    """The opponent to move gives Maletar nothing."""
    duel = table.duel
    assert duel is not None
    table.duel = Duel(duel.attack, duel.maletar, duel.waiting[1:])
    duel_next(table)

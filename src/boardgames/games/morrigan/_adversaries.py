"""Playing an Adversary, and the other players' window to reinforce it face down on play."""

from __future__ import annotations

from boardgames.games.morrigan._setup_and_turns import others, to_menu
from boardgames.games.morrigan._table import Table
from boardgames.games.morrigan.actions import Action, PlayAdversary, Reinforce
from boardgames.games.morrigan.components import CardKind, CardType
from boardgames.games.morrigan.state import Holding, Phase, Window

__all__ = ["decline", "play_adversary", "reinforce_on_play", "window_next"]


def play_adversary(table: Table, action: Action) -> None:
    """Put an Adversary in the centre and open the others' window to reinforce it."""
    assert isinstance(action, PlayAdversary)
    seat = table.active
    card = table.take_shown(seat, CardKind.of(CardType.ADVERSARY, action.value))
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.adversaries = (*table.adversaries, Holding(card))
    table.window = Window(card, tuple(others(table, seat)))
    window_next(table)


def window_next(table: Table) -> None:
    """Ask the next player with a card in the window, or close it."""
    window = table.window
    assert window is not None
    waiting = window.waiting
    while waiting and not table.hands[waiting[0]]:
        waiting = waiting[1:]
    if waiting:
        table.window = Window(window.adversary, waiting)
        table.phase = Phase.ON_PLAY_REINFORCE
        table.to_move = waiting[0]
    else:
        table.window = None
        to_menu(table)


def reinforce_on_play(table: Table, action: Action) -> None:
    """The player to move puts a card face down under the Adversary just played."""
    assert isinstance(action, Reinforce)
    window = table.window
    assert window is not None
    seat = window.waiting[0]
    card = table.take(seat, action.kind)
    table.adversaries = tuple(
        table.place_face_down(holding, seat, card, False)
        if holding.card == window.adversary
        else holding
        for holding in table.adversaries
    )
    table.window = Window(window.adversary, window.waiting[1:])
    window_next(table)


def decline(table: Table) -> None:
    """The player to move does not reinforce the Adversary just played."""
    window = table.window
    assert window is not None
    table.window = Window(window.adversary, window.waiting[1:])
    window_next(table)

"""Fights and conquests: building an attack, revealing the defence, resolving the combat."""

from __future__ import annotations

import attrs

from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan._end_and_scoring import (
    adds_to_defence,
    attack_strength,
    holding_defence,
)
from boardgames.games.morrigan._setup_and_turns import to_menu
from boardgames.games.morrigan._table import Table
from boardgames.games.morrigan.actions import Action, AddAction, Conquer, Fight
from boardgames.games.morrigan.components import CardKind, CardType
from boardgames.games.morrigan.state import Attack, Holding, Phase

__all__ = ["add_action", "add_catapult", "commit", "start_attack"]


def start_attack(table: Table, action: Action) -> None:
    """Choose the Adversary to fight or the Territory to conquer; the attack is built next."""
    if isinstance(action, Fight):
        table.attack = Attack(action.adversary, False)
    else:
        assert isinstance(action, Conquer)
        table.attack = Attack(action.territory, True)
    table.phase = Phase.ATTACK


def add_action(table: Table, action: Action) -> None:
    """Add an Action card from hand, face up, to the attack."""
    assert isinstance(action, AddAction)
    attack = table.attack
    assert attack is not None
    seat = table.active
    card = table.take_shown(seat, CardKind.of(CardType.ACTION, action.value))
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.attack = Attack(attack.target, attack.conquest, (*attack.cards, card), attack.catapults)


def add_catapult(table: Table, action: Action) -> None:
    """Add the Catapult to a conquest."""
    attack = table.attack
    assert attack is not None
    seat = table.active
    card = table.take_shown(seat, CardKind.CATAPULT)
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.attack = Attack(attack.target, attack.conquest, attack.cards, (*attack.catapults, card))


def commit(table: Table, action: Action) -> None:
    """Launch the attack: reveal the defence, discard the bluffs, and resolve the combat."""
    attack = table.attack
    assert attack is not None
    seat = table.active
    target = attack.target
    owner: PlayerId | None = None
    if attack.conquest:
        owner, holding = next(
            (other, holding)
            for other, holdings in enumerate(table.territories)
            for holding in holdings
            if holding.card == target
        )
    else:
        holding = next(holding for holding in table.adversaries if holding.card == target)
    holding = table.reveal_holding(holding)
    wide_curse = table.options.wide_curse
    survivors = tuple(
        r if r.public else attrs.evolve(r, public=True)
        for r in holding.reinforcements
        if adds_to_defence(r, not attack.conquest, wide_curse)
    )
    bluffs = [
        r.card
        for r in holding.reinforcements
        if not adds_to_defence(r, not attack.conquest, wide_curse)
    ]
    table.discard(bluffs)
    strength = attack_strength(attack.cards, len(attack.catapults))
    kept = Holding(target, survivors)
    table.discard((*attack.cards, *attack.catapults))
    table.attack = None
    if strength > holding_defence(kept, not attack.conquest, wide_curse):
        table.discard(r.card for r in survivors)
        if owner is not None:
            table.set_territories(
                owner, tuple(other for other in table.territories[owner] if other.card != target)
            )
            table.set_territories(seat, (*table.territories[seat], Holding(target)))
        else:
            table.adversaries = tuple(other for other in table.adversaries if other.card != target)
            table.set_won(seat, (*table.won[seat], target))
    elif survivors == holding.reinforcements:
        pass  # the defence was already known and nothing was discarded: nothing changes
    elif owner is not None:
        table.set_territories(
            owner,
            tuple(kept if other.card == target else other for other in table.territories[owner]),
        )
    else:
        table.adversaries = tuple(
            kept if other.card == target else other for other in table.adversaries
        )
    to_menu(table)

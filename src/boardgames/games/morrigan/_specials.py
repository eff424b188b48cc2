"""The Special cards played on their own, and Sorcery."""

from __future__ import annotations

from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan._hidden_information import hand_place
from boardgames.games.morrigan._names import without
from boardgames.games.morrigan._setup_and_turns import others, to_menu
from boardgames.games.morrigan._table import Table
from boardgames.games.morrigan.actions import Action, PlaySorcery, PlaySpecial, TakeFromDiscard
from boardgames.games.morrigan.components import CARD_KINDS, CardId, CardKind
from boardgames.games.morrigan.state import Effect, Holding, Phase, Zone

__all__ = [
    "SPECIALS_PLAYED_ALONE",
    "ally_pick",
    "play_sorcery",
    "play_special",
    "take_from_discard",
]

SPECIALS_PLAYED_ALONE = (
    CardKind.UNEXPECTED_ALLY,
    CardKind.KINGS_FAVOURITE,
    CardKind.SECRET_TREASURE,
    CardKind.DELUGE,
    CardKind.GLACIAL_WINTER,
    CardKind.EARTHQUAKE,
)
"""The Special cards played with :class:`~boardgames.games.morrigan.actions.PlaySpecial`."""

_KIND = CARD_KINDS


def play_special(table: Table, action: Action) -> None:
    """Play a Special card that needs no target, and apply its effect."""
    assert isinstance(action, PlaySpecial)
    seat = table.active
    special = action.special
    card = table.take_shown(seat, special)
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    if special is CardKind.UNEXPECTED_ALLY:
        kinds = {_KIND[other] for other in table.discard_pile}
        if table.options.ally_top_only or len(kinds) == 1:
            take_from_discard(table, seat, table.discard_pile[-1])
            table.discard((card,))
        else:
            table.ally = card
            table.phase = Phase.ALLY_PICK
            return
    elif special is CardKind.KINGS_FAVOURITE:
        for victim in others(table, seat):
            hand = sorted(table.hands[victim])
            if not hand:
                continue
            index, table.rng = table.rng.randbelow(len(hand))
            stolen = hand[index]
            table.set_hand(victim, table.hands[victim] - {stolen})
            table.set_hand(seat, table.hands[seat] | {stolen})
            table.clue_steal(victim, seat, stolen)
            if table.left_hand(victim, stolen, visible=False):
                # Everyone knows the taker got a non-Action card.
                table.set_floor(seat, table.floors[seat] + 1)
        table.discard((card,))
    elif special is CardKind.SECRET_TREASURE:
        table.draw(seat, 2)
        table.discard((card,))
    elif special is CardKind.DELUGE or special is CardKind.GLACIAL_WINTER:
        table.effects = (*table.effects, Effect(card, seat))
    else:
        assert special is CardKind.EARTHQUAKE
        # Every face-down card under a Territory is turned up at once, then discarded.
        hidden = [
            r.card
            for holdings in table.territories
            for holding in holdings
            for r in holding.reinforcements
            if not r.public
        ]
        territories = frozenset(
            holding.card for holdings in table.territories for holding in holdings
        )
        names = dict(zip(hidden, table.shown(hidden, territories), strict=True))
        for owner, holdings in enumerate(table.territories):
            if any(holding.reinforcements for holding in holdings):
                for holding in holdings:
                    for index, r in enumerate(holding.reinforcements):
                        if not r.public:
                            shown = (names[r.card],)
                            table.clue_reveal((Zone.SLOT, holding.card, index), shown)
                    table.discard(names.get(r.card, r.card) for r in holding.reinforcements)
                table.set_territories(owner, tuple(Holding(holding.card) for holding in holdings))
        table.discard((card,))
    to_menu(table)


def take_from_discard(table: Table, seat: PlayerId, card: CardId) -> None:
    """Move ``card`` from the discard pile into ``seat``'s hand, in everybody's sight."""
    pile = table.discard_pile
    index = len(pile) - 1 - pile[::-1].index(card)
    table.discard_pile = pile[:index] + pile[index + 1 :]
    if table.public is not None:  # the card goes out of view
        table.public = without(table.public, (card,))
    table.set_hand(seat, table.hands[seat] | {card})
    table.clue_public_gain(seat, card)


def ally_pick(table: Table, action: Action) -> None:
    """Take the chosen kind from the discard pile (Unexpected Ally)."""
    assert isinstance(action, TakeFromDiscard)
    pile = table.discard_pile
    card = next(card for card in reversed(pile) if _KIND[card] is action.kind)
    take_from_discard(table, table.active, card)
    assert table.ally is not None
    table.discard((table.ally,))
    table.ally = None
    to_menu(table)


def play_sorcery(table: Table, action: Action) -> None:
    """Play Sorcery: its target discards his whole hand, face up."""
    assert isinstance(action, PlaySorcery)
    seat = table.active
    card = table.take_shown(seat, CardKind.SORCERY)
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    victim = action.target
    lost = tuple(sorted(table.hands[victim]))
    table.set_hand(victim, frozenset())
    lost = table.shown(lost)
    table.set_floor(victim, 0)
    table.clue_reveal(hand_place(victim), lost)
    table.discard((*lost, card))
    to_menu(table)

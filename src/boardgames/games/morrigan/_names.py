"""Card names a person at the table could use: canonical ids for the cards in view.

The cards of one kind are identical, so a person can tell two copies apart only while they
stay in view, by where they lie. The engine keeps that true of the ids it shows:

* **Public names.** A card that comes into everybody's view (played face up, revealed,
  discarded from a hand) takes the lowest id of its kind that no card in view holds; the
  hidden card that held that id takes the shown card's old id (hidden copies of one kind
  are interchangeable, so nothing anybody can see changes). A card keeps its name while it
  stays in view; it loses it when it goes out of view (a reshuffle, an Unexpected Ally
  pick). Which ids are in view, and so every public name, follows from the public history
  alone.
* **Private names.** The cards only the observer sees (his hand, his own face-down
  reinforcements and stake) are shown under the lowest ids of their kind that no card in
  view holds, hand first, then reinforcements in table order, then the stake
  (:func:`private_names`). Nothing names them across observations: actions name a hand's
  cards by kind.

So two games that differ only in which copy of a kind is where show every seat the same
observations, legal actions and history. The set of ids in view is kept as a :data:`Mask`
(one small bit mask per kind, each computed from the hidden places when first needed), and
the mask of the state :func:`~boardgames.games.morrigan.rules.apply` made last is kept, so
that a playout does not recompute it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeAlias

from boardgames.core._memo import LastOne
from boardgames.games.morrigan.components import CARD_KINDS, CARDS, CardId, CardKind
from boardgames.games.morrigan.state import Holding, MorriganState, Ordeal

__all__ = [
    "FIRST",
    "LAST",
    "NONE_IN_VIEW",
    "UNKNOWN",
    "Mask",
    "hidden_cards",
    "kind_mask",
    "name_and_mark",
    "private_names",
    "public_mask",
    "without",
]

Mask: TypeAlias = tuple[int, ...]
"""The cards in view, per :class:`~boardgames.games.morrigan.components.CardKind`: bit ``i``
of entry ``k`` is set when the copy of kind ``k`` with id ``FIRST[k] + i`` is in view; an
entry of ``-1`` is not known yet (it is computed when a card of that kind is named)."""

_KIND: tuple[int, ...] = tuple(int(kind) for kind in CARD_KINDS)
FIRST: tuple[CardId, ...] = tuple(
    min(card for card in range(len(CARDS)) if _KIND[card] == kind) for kind in range(len(CardKind))
)
_BIT: tuple[int, ...] = tuple(1 << (card - FIRST[_KIND[card]]) for card in range(len(CARDS)))
_COPIES: tuple[tuple[CardId, ...], ...] = tuple(
    tuple(card for card in range(len(CARDS)) if _KIND[card] == kind)
    for kind in range(len(CardKind))
)
_NONE: Mask = (0,) * len(CardKind)
NONE_IN_VIEW: Mask = _NONE
"""The mask of a new game: every card is in a hand or the draw pile."""
_ALL: Mask = tuple(sum(_BIT[card] for card in copies) for copies in _COPIES)
UNKNOWN: Mask = (-1,) * len(CardKind)
"""A mask with no entry known."""


class _Places(Protocol):
    """What :func:`hidden_cards` reads: a state or the working table of a transition."""

    @property
    def hands(self) -> tuple[frozenset[CardId], ...]: ...

    @property
    def draw_pile(self) -> tuple[CardId, ...]: ...

    @property
    def territories(self) -> tuple[tuple[Holding, ...], ...]: ...

    @property
    def adversaries(self) -> tuple[Holding, ...]: ...

    @property
    def ordeal(self) -> Ordeal | None: ...


def hidden_cards(places: _Places) -> set[CardId]:
    """Return the cards in hidden places: hands, the draw pile, unseen face-down cards."""
    hidden = set(places.draw_pile).union(*places.hands)
    for holdings in (*places.territories, places.adversaries):
        for holding in holdings:
            if holding.reinforcements:
                hidden.update(r.card for r in holding.reinforcements if not r.public)
    if places.ordeal is not None:
        hidden.update(stake.card for stake in places.ordeal.stakes)
    return hidden


def public_mask(places: _Places, in_transit: Iterable[CardId] = ()) -> Mask:
    """Return the mask of every card not in a hidden place nor ``in_transit`` (in no place)."""
    mask = list(_ALL)
    for card in hidden_cards(places).union(in_transit):
        mask[_KIND[card]] ^= _BIT[card]
    return tuple(mask)


def kind_mask(kind: int, out_of_view: set[CardId] | frozenset[CardId]) -> int:
    """Return the mask entry of ``kind``: its copies not in ``out_of_view``."""
    return sum(_BIT[card] for card in _COPIES[kind] if card not in out_of_view)


def without(mask: Mask, cards: Iterable[CardId]) -> Mask:
    """Return ``mask`` with ``cards`` out of view (an entry not yet known stays unknown)."""
    result = list(mask)
    for card in cards:
        kind = _KIND[card]
        if result[kind] >= 0:
            result[kind] &= ~_BIT[card]
    return tuple(result)


def name_and_mark(card: CardId, mask: list[int]) -> CardId:
    """Return the lowest id of ``card``'s kind out of view in ``mask``, and mark it in view."""
    kind = _KIND[card]
    bits = mask[kind]
    free = ~bits & (bits + 1)  # the lowest bit not set
    mask[kind] = bits | free
    return FIRST[kind] + free.bit_length() - 1


LAST: LastOne[MorriganState, Mask] = LastOne()
"""The last state whose public mask is known, and that mask."""


def private_names(state: MorriganState, cards: Iterable[CardId]) -> dict[CardId, CardId]:
    """Return the private name of each of ``cards`` (all out of view), given in order.

    Each card takes the lowest id of its kind that neither a card in view in ``state`` nor
    an earlier card of ``cards`` holds. Only the cards whose name differs are in the result.
    """
    mask = LAST.get(state)
    marks = list(UNKNOWN if mask is None else mask)
    hidden: set[CardId] | None = None
    names: dict[CardId, CardId] = {}
    for card in cards:
        kind = _KIND[card]
        bits = marks[kind]
        if bits < 0:  # only the kinds asked for are computed
            if hidden is None:
                hidden = hidden_cards(state)
            bits = kind_mask(kind, hidden)
        free = ~bits & (bits + 1)  # the lowest copy not in view nor named
        marks[kind] = bits | free
        name = FIRST[kind] + free.bit_length() - 1
        if name != card:
            names[card] = name
    return names

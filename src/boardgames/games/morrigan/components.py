"""The cards of Morrigan: five card types, and the design-default deck.

The rulebook describes the card types and their value range ("They may have a value between
1 and 5") and names the ten Special cards, but it does not print how many cards of each kind
the deck holds. :data:`DECK` is therefore a **design default** of this library (ruling
A-MOR-1), a 100-card deck:

======================  =====  ==========================================================
type                    cards  copies of each value 1 / 2 / 3 / 4 / 5
======================  =====  ==========================================================
Action                     50  12 / 12 / 10 / 8 / 8
Ordeal                     10  2 / 2 / 2 / 2 / 2
Adversary                  15  3 / 3 / 3 / 3 / 3
Territory                  15  3 / 3 / 3 / 3 / 3
Special                    10  one of each of the ten named cards
======================  =====  ==========================================================

It satisfies every constraint the rulebook puts on the deck:

* every type shows every value it "may have": Action, Ordeal, Adversary and Territory cards
  of each value 1 to 5;
* Action cards are "the most common cards in the game" (half the deck), and low values are
  more common than high ones, so a strong attack needs several cards;
* each of the ten Special cards the rulebook lists exists, once (no copy count is printed,
  and the rules always speak of "this card");
* 15 prestige is reachable many times over (Territories, Ordeals and Adversaries are worth
  45 + 30 + 45 = 120 points), and Maletar's base defence of 5 can be beaten by the Action
  cards of a duel draw;
* the deck deals 5 cards to each of 5 players and still leaves a draw pile of 75 cards.

Replace :data:`DECK` with the printed counts if you have them; the rules read nothing else.

Names
-----
The printed name of a card is its kind's ``str``: the type and value (``"Action 3"``,
``"Territory 5"``) for the twenty kinds with a value, and the English name the rulebook
prints for each of the ten Special cards (``"Unexpected Ally"``, ``"The King's
Favourite"``, ..., ``"Catapult"``). :func:`card_kind` reads such a name back, forgiving case
and spacing, and :func:`card_kind_name` prints it. The copies of one kind are identical, so
a name names the kind, never one copy; :func:`cards_named` gives the ids of all its copies.

>>> card_kind("territory 3")
CardKind.TERRITORY_3
>>> card_kind_name(CardKind.KINGS_FAVOURITE)
"The King's Favourite"
>>> cards_named("Ordeal 5")
(58, 59)
>>> card_kind("Action 6")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
boardgames.core.errors.UnknownComponentError: unknown card kind 'Action 6'; did you mean ...

.. versionadded:: 0.1.0
   The name table :data:`CARD_NAMES` and its functions.
"""

from __future__ import annotations

import enum
from typing import Final, TypeAlias

import attrs

from boardgames.core.errors import UnknownComponentError
from boardgames.core.names import ComponentNames

__all__ = [
    "CARDS",
    "CARD_KINDS",
    "CARD_NAMES",
    "CARD_TYPES",
    "CARD_VALUES",
    "DECK",
    "DRAW",
    "DUEL_PRESTIGE",
    "HAND_LIMIT",
    "HAND_SIZE",
    "KIND_TYPES",
    "KIND_VALUES",
    "MALETAR_DEFENCE",
    "Card",
    "CardId",
    "CardKind",
    "CardType",
    "card_kind",
    "card_kind_name",
    "cards_named",
]

CardId: TypeAlias = int
"""The index of a card in :data:`CARDS` (``0 .. 99`` with the default deck)."""

HAND_SIZE: Final = 5
"""Cards dealt to each player at the start ("each player is dealt 5 cards")."""

DRAW: Final = 2
"""Cards drawn in phase 1 ("The player draws the 2 cards on top of the draw pile")."""

HAND_LIMIT: Final = 5
"""Cards a player may keep at the end of his turn ("5 cards at most in his hand")."""

DUEL_PRESTIGE: Final = 15
"""Prestige needed at the start of a turn to face Maletar."""

MALETAR_DEFENCE: Final = 5
"""Maletar's defence before the opponents reinforce him ("5 is added")."""


class CardType(enum.IntEnum):
    """The five types of card, told apart by colour and symbol."""

    ACTION = 0
    """Black, eagle: a knight's potential for action; attack and stake value 1 to 5."""
    ORDEAL = 1
    """Red, shield: a quest; the best Action stake wins its prestige."""
    ADVERSARY = 2
    """Yellow, axe: an enemy in the centre; defeating it wins its prestige."""
    TERRITORY = 3
    """Blue, castle: a place in front of its owner, worth its prestige while held."""
    SPECIAL = 4
    """White, no symbol: an object or event with its own effect."""

    def __str__(self) -> str:
        return self.name.capitalize()

    def __repr__(self) -> str:
        return f"CardType.{self.name}"


class CardKind(enum.IntEnum):
    """A canonical card kind: a type and a value, or one of the ten Special cards.

    Cards of the same kind are interchangeable, so actions name kinds.
    """

    ACTION_1 = 0
    """Action card of value 1."""
    ACTION_2 = 1
    """Action card of value 2."""
    ACTION_3 = 2
    """Action card of value 3."""
    ACTION_4 = 3
    """Action card of value 4."""
    ACTION_5 = 4
    """Action card of value 5."""
    ORDEAL_1 = 5
    """Ordeal worth 1 prestige."""
    ORDEAL_2 = 6
    """Ordeal worth 2 prestige."""
    ORDEAL_3 = 7
    """Ordeal worth 3 prestige."""
    ORDEAL_4 = 8
    """Ordeal worth 4 prestige."""
    ORDEAL_5 = 9
    """Ordeal worth 5 prestige."""
    ADVERSARY_1 = 10
    """Adversary worth 1 prestige, base defence 1."""
    ADVERSARY_2 = 11
    """Adversary worth 2 prestige, base defence 2."""
    ADVERSARY_3 = 12
    """Adversary worth 3 prestige, base defence 3."""
    ADVERSARY_4 = 13
    """Adversary worth 4 prestige, base defence 4."""
    ADVERSARY_5 = 14
    """Adversary worth 5 prestige, base defence 5."""
    TERRITORY_1 = 15
    """Territory worth 1 prestige, base defence 1."""
    TERRITORY_2 = 16
    """Territory worth 2 prestige, base defence 2."""
    TERRITORY_3 = 17
    """Territory worth 3 prestige, base defence 3."""
    TERRITORY_4 = 18
    """Territory worth 4 prestige, base defence 4."""
    TERRITORY_5 = 19
    """Territory worth 5 prestige, base defence 5."""
    UNEXPECTED_ALLY = 20
    """Unexpected Ally (Allié Inattendu): draw a card from the discard pile."""
    KINGS_FAVOURITE = 21
    """The King's Favourite (Favori du Roi): draw a card from each other player's hand."""
    SECRET_TREASURE = 22
    """Secret Treasure (Trésor Secret): draw two cards."""
    SORCERY = 23
    """Sorcery (Sorcellerie): force another player to discard his hand."""
    DELUGE = 24
    """Deluge (Déluge): forbids playing Territory cards for one turn."""
    GLACIAL_WINTER = 25
    """Glacial Winter (Hiver Glacial): forbids playing Ordeal cards for one turn."""
    CURSE = 26
    """Curse (Malédiction): placed as a reinforcement, doubles an Adversary's defence."""
    EARTHQUAKE = 27
    """Earthquake (Séisme): all reinforcements of the Territories in play are discarded."""
    BLESSING = 28
    """Blessing (Bénédiction): with an Ordeal stake, doubles the Action card's value."""
    CATAPULT = 29
    """Catapult (Catapulte): in a conquest, doubles the value of the Action cards."""

    @property
    def type(self) -> CardType:
        """The card type of this kind."""
        return _TYPES[self]

    @property
    def face_value(self) -> int:
        """The printed value 1 to 5 (0 for a Special card)."""
        return _VALUES[self]

    @classmethod
    def of(cls, card_type: CardType, value: int) -> CardKind:
        """Return the kind of a non-Special card of ``card_type`` and ``value`` (1 to 5).

        >>> CardKind.of(CardType.TERRITORY, 3)
        CardKind.TERRITORY_3

        Raises:
            ValueError: ``card_type`` is Special or ``value`` is not 1 to 5.
        """
        if card_type is CardType.SPECIAL or type(value) is not int or not 1 <= value <= 5:
            raise ValueError(f"no {card_type} card of value {value!r}")
        return cls(card_type * 5 + value - 1)

    def __str__(self) -> str:
        if self < CardKind.UNEXPECTED_ALLY:
            return f"{_TYPES[self]} {_VALUES[self]}"
        return _SPECIAL_NAMES[self - CardKind.UNEXPECTED_ALLY]

    def __repr__(self) -> str:
        return f"CardKind.{self.name}"

    @property
    def short(self) -> str:
        """A compact name for tables: ``Ac3``, ``Or2``, ``Ad4``, ``Te5`` or a Special's name."""
        if self < CardKind.UNEXPECTED_ALLY:
            return f"{str(_TYPES[self])[:2]}{_VALUES[self]}"
        return _SPECIAL_SHORT[self - CardKind.UNEXPECTED_ALLY]


_SPECIAL_NAMES = (
    "Unexpected Ally",
    "The King's Favourite",
    "Secret Treasure",
    "Sorcery",
    "Deluge",
    "Glacial Winter",
    "Curse",
    "Earthquake",
    "Blessing",
    "Catapult",
)
_SPECIAL_SHORT = (
    "Ally",
    "Favourite",
    "Treasure",
    "Sorcery",
    "Deluge",
    "Winter",
    "Curse",
    "Quake",
    "Blessing",
    "Catapult",
)
_TYPES = tuple(CardType(min(kind // 5, 4)) for kind in range(30))
_VALUES = tuple(kind % 5 + 1 if kind < 20 else 0 for kind in range(30))


@attrs.frozen
class Card:
    """One physical card of the deck.

    Args:
        id: The card's index in :data:`CARDS`.
        kind: What is printed on it.
    """

    id: CardId
    kind: CardKind

    def __str__(self) -> str:
        return f"{self.kind}#{self.id}"


DECK: Final[tuple[tuple[CardKind, int], ...]] = (
    (CardKind.ACTION_1, 12),
    (CardKind.ACTION_2, 12),
    (CardKind.ACTION_3, 10),
    (CardKind.ACTION_4, 8),
    (CardKind.ACTION_5, 8),
    *((CardKind.of(CardType.ORDEAL, value), 2) for value in range(1, 6)),
    *((CardKind.of(CardType.ADVERSARY, value), 3) for value in range(1, 6)),
    *((CardKind.of(CardType.TERRITORY, value), 3) for value in range(1, 6)),
    *((CardKind(kind), 1) for kind in range(CardKind.UNEXPECTED_ALLY, CardKind.CATAPULT + 1)),
)
"""How many cards of each kind the deck holds. **Design default** (see the module notes)."""

CARDS: Final[tuple[Card, ...]] = tuple(
    Card(index, kind)
    for index, kind in enumerate(kind for kind, count in DECK for _ in range(count))
)
"""Every card of the deck, ids in kind order (the ids of one kind are consecutive)."""

CARD_KINDS: Final[tuple[CardKind, ...]] = tuple(card.kind for card in CARDS)
"""The kind of each card id: ``CARD_KINDS[card] is CARDS[card].kind``."""

CARD_TYPES: Final[tuple[CardType, ...]] = tuple(kind.type for kind in CARD_KINDS)
"""The type of each card id (the rules look it up on every move)."""

CARD_VALUES: Final[tuple[int, ...]] = tuple(kind.face_value for kind in CARD_KINDS)
"""The face value of each card id (0 for a card without one)."""

KIND_TYPES: Final[tuple[CardType, ...]] = tuple(CardKind(kind).type for kind in range(30))
"""The type of each :class:`CardKind`, by its number."""

KIND_VALUES: Final[tuple[int, ...]] = tuple(CardKind(kind).face_value for kind in range(30))
"""The face value of each :class:`CardKind`, by its number."""


CARD_NAMES: Final[ComponentNames[CardKind]] = ComponentNames(
    "card kind", {str(kind): kind for kind in CardKind}
)
"""The printed name of each :class:`CardKind` (its ``str``), in kind order.

.. versionadded:: 0.1.0
"""

_IDS_OF_KIND: Final[tuple[tuple[CardId, ...], ...]] = tuple(
    tuple(card.id for card in CARDS if card.kind is kind) for kind in CardKind
)


def card_kind(name: str) -> CardKind:
    """Return the card kind printed as ``name``, such as ``"Action 3"`` or ``"Curse"``.

    Case and runs of spaces do not matter: ``"action  3"`` names the Action 3.

    >>> card_kind("Glacial Winter")
    CardKind.GLACIAL_WINTER

    Args:
        name: A printed name (see the module notes).

    Returns:
        The kind; every copy of it bears this name.

    Raises:
        UnknownComponentError: No card kind has that name; the message lists the
            closest names.

    .. versionadded:: 0.1.0
    """
    return CARD_NAMES.get(name)


def card_kind_name(kind: CardKind) -> str:
    """Return the printed name of ``kind``: its ``str``, which :func:`card_kind` reads back.

    >>> card_kind_name(CardKind.ADVERSARY_4)
    'Adversary 4'

    Raises:
        UnknownComponentError: ``kind`` is not a :class:`CardKind` (a plain ``int`` is
            not one).

    .. versionadded:: 0.1.0
    """
    if not isinstance(kind, CardKind):
        raise UnknownComponentError(f"{kind!r} is not a card kind; expected a CardKind")
    return CARD_NAMES.name(kind)


def cards_named(name: str) -> tuple[CardId, ...]:
    """Return the ids of every card printed as ``name``, in id order.

    The copies of a kind are identical, so a name cannot tell them apart; this gives all
    of them (one id for a Special card).

    >>> cards_named("curse")
    (96,)

    Raises:
        UnknownComponentError: No card kind has that name.

    .. versionadded:: 0.1.0
    """
    return _IDS_OF_KIND[card_kind(name)]

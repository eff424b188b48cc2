"""The cards of Magellan: Elcano.

The rulebook prints the counts (75 crew cards, 15 per player; 18 ocean cards, 6 per
colour; 6 storm cards worth 1, 2, 2, 2, 3, 3) and the storm values, but neither the crew
card values nor the ocean card values. Those two tables are **design defaults** of this
library, chosen to satisfy every constraint the rulebook implies (rulings
A-MAG-1, A-MAG-2):

* every crew deck has the same 15 cards: for each colour X and the next colour Y in
  red → blue → green → red, four two-colour cards X/Y = 1/4, 2/3, 3/5, 6/2, plus one
  single-colour 7 in each colour ("most cards have values in two colors");
* the tie-break example needs two cards whose larger values add up to 6 (2/3 and 3/2 do)
  and a card whose larger value is 7 (the single-colour sevens);
* the anchoring example needs green cards of value 3, 2 and 4 (green 3 / red 5,
  green 2 / red 3 and blue 1 / green 4);
* each ocean colour has one card of each value 2 to 7; the 4 is the "4/1" card that is
  worth 1 in a two-player game. Marianne's 16 points from five cards (2+3+3+4+4) and
  Rita's green 2 are possible.

Replace :data:`CREW_CARDS` and :data:`OCEAN_CARDS` with the printed values if you have
them; the rules code reads nothing else.

Every card can be looked up by the name it prints as (case and spacing do not matter),
and printed back with ``str``:

>>> from boardgames.games.magellan_elcano import components
>>> card = components.crew_card("r2/b3")
>>> card.id, str(card), card.value(components.Colour.BLUE)
(1, 'R2/B3', 3)
>>> components.ocean_card("Green 7").id
17
>>> [card.id for card in components.storm_cards("storm 2")]
[1, 2, 3]

The three storm cards worth 2 (and the two worth 3) are identical, so one name stands for
all the copies of a value.
"""

from __future__ import annotations

import enum
from typing import Final, TypeAlias

import attrs

from boardgames.core.names import ComponentNames

__all__ = [
    "CREW_CARDS",
    "CREW_DECK_SIZE",
    "OCEAN_CARDS",
    "OCEAN_CARDS_PER_COLOUR",
    "STORM_CARDS",
    "CardId",
    "Colour",
    "CrewCard",
    "OceanCard",
    "StormCard",
    "crew_card",
    "ocean_card",
    "storm_cards",
]

CardId: TypeAlias = int
"""The index of a card in its table (crew cards: ``0 .. 14`` within each player's deck)."""


class Colour(enum.IntEnum):
    """The three colours (anchors) of crew columns and ocean decks."""

    RED = 0
    """The red anchor."""
    BLUE = 1
    """The blue anchor."""
    GREEN = 2
    """The green anchor."""

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


@attrs.frozen
class CrewCard:
    """A crew card: one or two colours, each with a value.

    Args:
        id: The card's index in the deck.
        values: ``(colour, value)`` for each end the card can be played with; one entry for a
            single-colour card, two for a two-colour card.
    """

    id: CardId
    values: tuple[tuple[Colour, int], ...]

    def value(self, colour: Colour) -> int:
        """Return the card's value when played in ``colour`` (0 if it has no such end)."""
        for end_colour, value in self.values:
            if end_colour is colour:
                return value
        return 0

    @property
    def highest(self) -> int:
        """The card's largest value, used by the end-of-game tie-break."""
        return max(value for _, value in self.values)

    def __str__(self) -> str:
        return "/".join(f"{colour.name[0]}{value}" for colour, value in self.values)


@attrs.frozen
class OceanCard:
    """An ocean card of one colour.

    Args:
        id: The card's index in :data:`OCEAN_CARDS`.
        colour: The deck it belongs to.
        points: Its victory points.
        two_player_points: Its victory points in a two-player game (1 for the "4/1" card).
    """

    id: CardId
    colour: Colour
    points: int
    two_player_points: int

    def __str__(self) -> str:
        return f"{self.colour.name.lower()} {self.points}"


@attrs.frozen
class StormCard:
    """A storm card (five players, or four with the storm variant).

    Args:
        id: The card's index in :data:`STORM_CARDS`.
        points: Its victory points.
    """

    id: CardId
    points: int

    def __str__(self) -> str:
        return f"storm {self.points}"


def _crew_deck() -> tuple[CrewCard, ...]:
    pairs = ((1, 4), (2, 3), (3, 5), (6, 2))
    cards: list[tuple[tuple[Colour, int], ...]] = []
    for colour in Colour:
        other = Colour((colour + 1) % 3)
        cards.extend(((colour, first), (other, second)) for first, second in pairs)
    cards.extend(((colour, 7),) for colour in Colour)
    return tuple(CrewCard(index, values) for index, values in enumerate(cards))


CREW_CARDS: Final = _crew_deck()
"""The 15 cards of one crew deck (every player's deck is the same). Design default."""

CREW_DECK_SIZE: Final = len(CREW_CARDS)
"""Cards in each player's crew deck (15)."""

OCEAN_CARDS_PER_COLOUR: Final = 6
"""Ocean cards in each colour's deck."""

OCEAN_CARDS: Final = tuple(
    OceanCard(
        id=index,
        colour=Colour(index // OCEAN_CARDS_PER_COLOUR),
        points=points,
        two_player_points=1 if points == 4 else points,
    )
    for index, points in enumerate((2, 3, 4, 5, 6, 7) * 3)
)
"""The 18 ocean cards, ids ``6c .. 6c+5`` for colour ``c``. Values: design default."""

STORM_CARDS: Final = tuple(
    StormCard(id=index, points=points) for index, points in enumerate((1, 2, 2, 2, 3, 3))
)
"""The 6 storm cards: 1 x 1, 3 x 2 and 2 x 3 victory points, as the rulebook prints."""


_CREW_NAMES: Final = ComponentNames("crew card", {str(card): card for card in CREW_CARDS})
_OCEAN_NAMES: Final = ComponentNames("ocean card", {str(card): card for card in OCEAN_CARDS})
_STORM_NAMES: Final = ComponentNames(
    "storm card",
    {
        str(card): tuple(other for other in STORM_CARDS if other.points == card.points)
        for card in STORM_CARDS
    },
)


def crew_card(name: str) -> CrewCard:
    """Return the crew card printed as ``name``, such as ``"R2/B3"`` or ``"G7"``.

    Every captain's deck has the same 15 cards, so a name stands for one card id in each
    deck.

    Raises:
        UnknownComponentError: No crew card has that name; the message lists the closest.
    """
    return _CREW_NAMES.get(name)


def ocean_card(name: str) -> OceanCard:
    """Return the ocean card printed as ``name``, such as ``"red 5"``.

    Raises:
        UnknownComponentError: No ocean card has that name; the message lists the closest.
    """
    return _OCEAN_NAMES.get(name)


def storm_cards(name: str) -> tuple[StormCard, ...]:
    """Return every storm card printed as ``name`` (``"storm 1"``, ``"storm 2"`` or ``"storm 3"``).

    Storm cards of one value are identical, so the name stands for all of them, in id
    order.

    Raises:
        UnknownComponentError: No storm card has that name; the message lists the closest.
    """
    return _STORM_NAMES.get(name)

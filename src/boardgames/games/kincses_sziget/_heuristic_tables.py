"""The tables and hand arithmetic of the Irány a Kincses Sziget! heuristic bot.

Per-card lookup tuples indexed by card id; the constants the bot's estimates rest on (duel
and battle means, mission chances, merchant pay); a hand's whole-hand totals and its
strength, which ``heuristic_value`` uses too; and the enum members the hot paths compare
with, bound once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from boardgames.games.kincses_sziget._scoring import treasure_points
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    EVENT_CARDS,
    MISSIONS,
    TREASURE_VALUES,
    WEAPON_MULTIPLIER,
    CardId,
    Colour,
    EventId,
    EventKind,
    MissionKind,
    Pirate,
    TreasureId,
    Weapon,
)

_PIRATE = tuple(isinstance(card, Pirate) for card in CREW_CARDS)
_VALUES = tuple(card.values if isinstance(card, Pirate) else (0, 0, 0, 0) for card in CREW_CARDS)
_ICON = tuple(card.icon if isinstance(card, Pirate) else None for card in CREW_CARDS)
_ICON_BIT = tuple(0 if icon is None else 1 << icon for icon in _ICON)
_WEAPON_COLOUR = tuple(card.colour if isinstance(card, Weapon) else None for card in CREW_CARDS)
_WEAPON_INDEX = tuple(-1 if colour is None else int(colour) for colour in _WEAPON_COLOUR)
_WEAPON_VALUE = tuple(card.value if isinstance(card, Weapon) else 0 for card in CREW_CARDS)
_WEAPON_ICON_BIT = tuple(1 << card.icon if isinstance(card, Weapon) else 0 for card in CREW_CARDS)
_BOOSTED_VALUE = tuple(value * WEAPON_MULTIPLIER[value] if value else 0 for value in _WEAPON_VALUE)
_HAND_POINTS = tuple(card.hand_points if isinstance(card, Pirate) else 0 for card in CREW_CARDS)
_FEMALE = tuple(isinstance(card, Pirate) and card.female for card in CREW_CARDS)
_ONE_EYED = tuple(isinstance(card, Pirate) and card.one_eyed for card in CREW_CARDS)
_CASKET: TreasureId = 0
"""The casket, the value-1 treasure of the secret-casket mission."""

_MEAN_COLOUR = (sum(map(sum, _VALUES)) + sum(_WEAPON_VALUE)) / 4 / len(CREW_CARDS)
"""The mean value of a crew card in one colour (about 4.9), weapons at face value."""
_MEAN_FEMALE = sum(_FEMALE) / len(CREW_CARDS)
_MEAN_ONE_EYED = sum(_ONE_EYED) / len(CREW_CARDS)
_MEAN_HAND_POINTS = sum(_HAND_POINTS) / len(CREW_CARDS)

_STRENGTH_LOW = 13.0
"""A whole-hand total in a colour up to which the hand's strength there counts nothing."""
_STRENGTH_SPAN = 14.0
"""How far above that the strength counts fully (27: the checks ask 17 to 26)."""
_COLOUR_WEIGHT = (1.5 / 4.5, 1.0 / 4.5, 1.0 / 4.5, 1.0 / 4.5)
"""Each colour's share of the strength: orange half again (islands and reefs test it)."""

_DUEL_MEAN = (0.0, 5.5, 7.2, 8.8, 10.4, 11.3, 12.1, 13.1)
"""The mean best duel total, in one colour, of a random hand of 0 to 7 cards (simulated)."""
_DUEL_SPREAD = 4.5
_BATTLE_MEAN = (0.0, 6.5, 9.5, 14.4, 18.7, 21.1, 23.0, 24.5)
"""The mean best battle total (3 cards), in one colour, of a random hand of 0 to 7 cards."""
_BATTLE_SPREAD = 6.0
_UNKNOWN_TREASURE = 3
"""The value assumed for a treasure whose value the bot does not know."""

_MISSION_KIND = tuple(mission.kind for mission in MISSIONS)
_MAJORITY = {
    MissionKind.MOST_ORANGE: int(Colour.ORANGE),
    MissionKind.MOST_BLUE: int(Colour.BLUE),
    MissionKind.MOST_GREEN: int(Colour.GREEN),
    MissionKind.MOST_BLACK: int(Colour.BLACK),
}
_MISSION_COLOUR = tuple(_MAJORITY.get(mission.kind, -1) for mission in MISSIONS)
"""The colour index of each colour-majority mission, -1 for the others."""
_RACE_MISSIONS = (MissionKind.FIRST_TO_ISLAND, MissionKind.SECOND_TO_ARRIVE)
_WEAPON_MISSIONS = {
    MissionKind.THREE_BLACK_WEAPONS: int(Colour.BLACK),
    MissionKind.THREE_GREEN_WEAPONS: int(Colour.GREEN),
}
_MISSION_WEAPONS = tuple(_WEAPON_MISSIONS.get(mission.kind, -1) for mission in MISSIONS)
"""The weapon colour index of each three-weapon mission, -1 for the others."""
_WEAPON_MISSION_CHANCE = (0.03, 0.1, 0.3, 1.0)
"""The chance of holding three weapons of a colour at the end, holding 0, 1, 2 or 3 now."""

_MERCHANT_PAY = {0: 0.0, 3: 0.8, 5: 2.0, 10: 4.0}
"""The worth of a merchant to the bot by the best weapon it could sell him."""
_MERCHANT_SALE = {3: (0.35, 1), 5: (0.6, 3), 10: (0.9, 5)}
"""For a weapon's value: the chance that the merchant buys it and the treasure he pays."""
_WIN = 1000.0
"""The worth of ending the game in the lead: more than anything else on offer."""


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


def _totals(hand: Iterable[CardId]) -> tuple[list[float], list[float]]:
    """Return the whole-hand totals per colour with weapon multipliers, and without."""
    hand = tuple(hand)
    icons = 0
    plain = [0.0, 0.0, 0.0, 0.0]
    for card in hand:
        if _PIRATE[card]:
            icons |= _ICON_BIT[card]
            orange, blue, green, black = _VALUES[card]
            plain[0] += orange
            plain[1] += blue
            plain[2] += green
            plain[3] += black
    boosted = plain.copy()
    for card in hand:
        colour = _WEAPON_INDEX[card]
        if colour >= 0:
            plain[colour] += _WEAPON_VALUE[card]
            boost = _WEAPON_ICON_BIT[card] & icons
            boosted[colour] += _BOOSTED_VALUE[card] if boost else _WEAPON_VALUE[card]
    return boosted, plain


def _strength(boosted: Sequence[float]) -> float:
    """Return a hand's strength, 0 to 1, from its whole-hand totals."""
    strength = 0.0
    for weight, total in zip(_COLOUR_WEIGHT, boosted, strict=True):
        level = (total - _STRENGTH_LOW) / _STRENGTH_SPAN
        strength += weight * (0.0 if level < 0.0 else 1.0 if level > 1.0 else level)
    return strength


def _pair_total(pirate: CardId, weapon: CardId | None, colour: Colour) -> int:
    """Return a duel composition's total in ``colour``."""
    total = _VALUES[pirate][colour]
    if weapon is not None and _WEAPON_COLOUR[weapon] is colour:
        boosted = _WEAPON_ICON_BIT[weapon] & _ICON_BIT[pirate]
        total += _BOOSTED_VALUE[weapon] if boosted else _WEAPON_VALUE[weapon]
    return total


def _set_value(values: Iterable[int]) -> int:
    """Return the points of a collection of treasure values with its best sets."""
    return treasure_points(12 * TREASURE_VALUES.index(value) + 1 for value in values)


def _representative(card: EventId) -> EventId:
    """Return the first event card that does what ``card`` does (its mark aside)."""
    event = EVENT_CARDS[card]
    return next(
        other.id
        for other in EVENT_CARDS
        if (other.kind, other.colours, other.value) == (event.kind, event.colours, event.value)
    )


_EVENT_KEYS = tuple(_representative(card) for card in range(len(EVENT_CARDS)))
"""For each event card, the first card that does the same: the bot values them alike."""


# Enum members bound once: an attribute lookup on an Enum class is slow in the hot paths.
_BATTLE = EventKind.BATTLE
_CHEST = EventKind.CHEST
_DUEL = EventKind.DUEL
_FIRST_TO_ISLAND = MissionKind.FIRST_TO_ISLAND
_INTRIGUE = EventKind.INTRIGUE
_MERCHANT = EventKind.MERCHANT
_MOST_FEMALE = MissionKind.MOST_FEMALE
_MOST_ONE_EYED = MissionKind.MOST_ONE_EYED
_MUTINY = EventKind.MUTINY
_REEFS = EventKind.REEFS
_REPAIR = EventKind.REPAIR
_SECOND_TO_ARRIVE = MissionKind.SECOND_TO_ARRIVE
_SECRET_CASKET = MissionKind.SECRET_CASKET
_STORM = EventKind.STORM
_TAILWIND = EventKind.TAILWIND
_TELESCOPE = EventKind.TELESCOPE
_ORANGE_INDEX = int(Colour.ORANGE)

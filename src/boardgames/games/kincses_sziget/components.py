"""The track and the cards of Irány a Kincses Sziget! (*Head for Treasure Island!*).

The rulebook prints the component counts (48 pirates, 24 weapons of values 3, 5 and 10, 36
treasures of values 1, 3 and 5, 12 islands, 64 event cards, 24 missions, 10 pearls), the
counts of most event kinds, the pearl-bed table and the scoring, but none of the card
lists. Every table below except :data:`PEARL_BEDS` is a **design default** of this library,
built to satisfy each constraint the rulebook implies and rulings A-IRA-1, A-IRA-5,
A-IRA-6 and E23 (replace the tables with the printed data if you have it; the rules code
reads nothing else):

* **Track** (A-IRA-1): START (index 0, beside space 1), spaces 1 to 42, Treasure Island
  (index 43, *after* space 42, A-IRA-2). Zones A 1-10, B 11-21, C 22-32, D 33-42; START counts as
  zone A. SPACE (penalty) values 1, 1, 2, 3 and POINT values -5, 0, +5, +10 are printed.
  Every zone has room for what setup puts there (A one pearl bed; B an island and two
  beds; C two islands and a bed; D an island below space 40).
* **Pirates** (:data:`CREW_CARDS` ids 0-47): four values each, orange (sailing), blue
  (strength), green (dexterity) and black (influence), from 2 to 12, so hand totals reach
  the island, mutiny and reef values below. Twelve pirates have each colour as their
  speciality (values 8-12); each colour sums to 322 or 323 over
  the deck. 19 pirates have all four values >= 5 (+1 in hand at the end), 29 have a value
  below 5 (-1). Tim Cook has black 11 and the gambling-game icon, so with the black
  value-5 "gambling game" weapon he reaches 11 + 3 x 5 = 26, as in the rulebook's example.
  12 pirates are female, each with a value below 5 ("these pirate cards are otherwise worth
  -1 point"); 10 are one-eyed (2 of them female). 36 pirates carry one item icon of their
  speciality colour (3 per icon), 12 carry none.
* **Weapons** (ids 48-71): six per colour, values 3, 3, 3, 5, 5 and 10 (12 x 3, 8 x 5,
  4 x 10), each with a colour and an item icon; each colour has three icons, so every icon
  is on two weapons and on three pirates. The black value-5 weapon is the gambling game.
  All 72 crew cards are distinct, so no canonical collapsing of identical cards is needed.
* **Treasures** (:data:`TREASURES`): 12 of each value 1, 3 and 5, all named; the casket is
  a value-1 treasure, as its mission says; the value-3 cards include the dragons, statues and
  vases of the rulebook's mission example.
* **Islands** (:data:`ISLANDS`): three per colour, values calibrated to whole-hand totals
  of 3 to 6 crew cards (see the docs page for the measured success rates).
* **Events** (:data:`EVENT_CARDS`): Duel 16 (4 per colour: 2 double circle, 1 cross,
  1 plain; the plain ones carry the shell, E23), Battle 4 (double circle, three ordered
  colours: each leaves out a different colour), Merchant 6 (the six colour pairs), Intrigue
  4, Mutiny 4 (blue, green, black, blue), Reefs 4 (orange), Chest 4, Tailwind 4, Storm 4,
  Parrot 4, and Repair 5 and Telescope 5 (64 - 54 = 10 split evenly, A-IRA-5).
* **Missions** (:data:`MISSIONS`): the eleven mission types the rulebook describes, 24
  cards: each colour majority twice, first to the island twice, second to arrive twice,
  the secret casket twice, most female pirates three times, most one-eyed pirates three
  times, three black weapons twice and three green weapons twice, each with a bonus (green
  disc) and a penalty (red disc).

**Names.** Every printed card kind has a table of names (case and spacing do not matter):

* a crew card by its name, a pirate's (``"Tim Cook"``) or a weapon's (``"gambling game"``):
  :func:`crew_card` and :func:`crew_card_name`;
* a treasure by its name (``"casket"``): :func:`treasure` and :func:`treasure_name`;
* an island card by its name (``"Gull Rock"``): :func:`island_card` and
  :func:`island_card_name`;
* a mission by its text and its two discs, as its ``__str__`` prints it (``"Open the secret
  casket! (+8/-2)"``): :func:`mission` and :func:`mission_name`;
* an event card by what its ``__str__`` prints (``"reefs 17"``, ``"blue duel (cross)"``,
  ``"intrigue"``). Several event cards are identical copies (the four intrigues, the two
  double-circle duels of a colour), so an event name names a kind of card, and
  :func:`event_cards_named` returns the ids of all its copies; :func:`event_card_name`
  gives the name of a card. In play a kind is always its first id
  (:data:`EVENT_ID_IN_PLAY`): nothing the engine shows tells copies apart.

Each crew card, treasure, island and mission is one of a kind, so its name names one card.
An unknown name raises :class:`~boardgames.UnknownComponentError`, which lists the closest
names:

>>> crew_card("tim  cook").id, treasure("Casket").value, island_card("gull rock").value
(40, 1, 17)
>>> event_cards_named("Blue duel (double circle)"), event_card_name(30)
((4, 5), 'blue mutiny 19')
>>> treasure("caskett")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
boardgames.core.errors.UnknownComponentError: unknown treasure 'caskett'; did you mean 'casket'? ...
"""

from __future__ import annotations

import enum
from typing import Final, TypeAlias

import attrs

from boardgames.core.errors import UnknownComponentError
from boardgames.core.names import ComponentNames, by_id

__all__ = [
    "ARRIVAL_POINTS",
    "CREW_CARDS",
    "CREW_CARD_NAMES",
    "CREW_ROW_SIZE",
    "EVENT_CARDS",
    "EVENT_CARD_NAMES",
    "EVENT_COPIES",
    "EVENT_IDS_IN_PLAY",
    "EVENT_ID_IN_PLAY",
    "EVENT_PILES",
    "FORBIDDEN_ISLAND_SPACES",
    "HAND_MAX",
    "HAND_MIN",
    "ISLAND",
    "ISLANDS",
    "ISLANDS_PER_ZONE",
    "ISLAND_NAMES",
    "ISLAND_VALUE_BY_ID",
    "LAST_SPACE",
    "MISSIONS",
    "MISSION_NAMES",
    "MISSION_ROW_SIZE",
    "PEARL_BEDS",
    "PEARL_BED_ZONES",
    "PIRATE_COUNT",
    "START",
    "STARTING_HAND",
    "TREASURES",
    "TREASURE_NAMES",
    "TREASURE_ROW_SIZE",
    "TREASURE_VALUES",
    "WEAPON_MULTIPLIER",
    "ZONE_OF",
    "ZONE_PENALTY",
    "ZONE_POINTS",
    "ZONE_SPACES",
    "CardId",
    "Colour",
    "CrewCard",
    "DuelMark",
    "EventCard",
    "EventId",
    "EventKind",
    "Icon",
    "IslandCard",
    "IslandId",
    "Mission",
    "MissionId",
    "MissionKind",
    "Pirate",
    "Space",
    "Treasure",
    "TreasureId",
    "Weapon",
    "Zone",
    "crew_card",
    "crew_card_name",
    "event_card_name",
    "event_cards_named",
    "island_card",
    "island_card_name",
    "mission",
    "mission_name",
    "treasure",
    "treasure_name",
]

CardId: TypeAlias = int
"""A crew card: an index into :data:`CREW_CARDS` (pirates 0-47, weapons 48-71)."""
TreasureId: TypeAlias = int
"""A treasure card: an index into :data:`TREASURES`."""
MissionId: TypeAlias = int
"""A mission card: an index into :data:`MISSIONS`."""
EventId: TypeAlias = int
"""An event card: an index into :data:`EVENT_CARDS`. In play, identical copies share one id,
the lowest of theirs (see :data:`EVENT_ID_IN_PLAY`)."""
IslandId: TypeAlias = int
"""An island card: an index into :data:`ISLANDS`."""
Space: TypeAlias = int
"""A track position: 0 is START, 1-42 the spaces, 43 Treasure Island."""


class Colour(enum.IntEnum):
    """The four ability colours of pirates, weapons, islands and events."""

    ORANGE = 0
    """Sailing skill (nautical knowledge)."""
    BLUE = 1
    """Physical strength."""
    GREEN = 2
    """Dexterity, cunning."""
    BLACK = 3
    """Influence, charisma, reputation."""

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


class Icon(enum.IntEnum):
    """The item icons of weapons and pirates; each belongs to one colour (three per colour)."""

    COMPASS = 0
    """Orange: a compass."""
    SEXTANT = 1
    """Orange: a sextant."""
    CHART = 2
    """Orange: a sea chart."""
    CUTLASS = 3
    """Blue: a cutlass."""
    AXE = 4
    """Blue: a boarding axe."""
    CANNON = 5
    """Blue: a cannon."""
    PISTOL = 6
    """Green: a pistol."""
    DAGGER = 7
    """Green: a dagger."""
    HOOK = 8
    """Green: a grappling hook."""
    DICE = 9
    """Black: a gambling game."""
    RUM = 10
    """Black: a barrel of rum."""
    MEDALLION = 11
    """Black: a captain's medallion."""

    @property
    def colour(self) -> Colour:
        """The colour of the weapons that show this icon."""
        return Colour(self.value // 3)

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Icon.{self.name}"


class Zone(enum.IntEnum):
    """The four zones of the track, in track order."""

    A = 0
    """Spaces 1-10 (and START): step back 1, -5 points."""
    B = 1
    """Spaces 11-21: step back 1, 0 points."""
    C = 2
    """Spaces 22-32: step back 2, +5 points."""
    D = 3
    """Spaces 33-42: step back 3, +10 points."""

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Zone.{self.name}"


class EventKind(enum.Enum):
    """The twelve kinds of event card (the island, the thirteenth event, is its own card)."""

    DUEL = 1
    """Challenge another player in the card's colour."""
    BATTLE = 2
    """Everyone fights in three ordered colours."""
    MERCHANT = 3
    """Everyone may sell one weapon of the card's two colours for treasure."""
    INTRIGUE = 4
    """Draw a crew card or a treasure blindly from an opponent."""
    MUTINY = 5
    """Show a total in the card's colour or lose a crew card."""
    REEFS = 6
    """Show an orange total to advance, or step back."""
    CHEST = 7
    """Draw three crew cards and keep the weapons among them."""
    REPAIR = 8
    """Move back to a free space and activate it."""
    TAILWIND = 9
    """Move forward 1, 2 or 3 spaces."""
    TELESCOPE = 10
    """Peek at hidden cards (reusable: the space stays free)."""
    STORM = 11
    """Fall back behind the last ship."""
    PARROT = 12
    """Redeal a row or move an island or pearl bed (reusable: the space stays free)."""

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"EventKind.{self.name}"


class DuelMark(enum.Enum):
    """The background mark of a duel or battle card."""

    DOUBLE_CIRCLE = 1
    """The challenger draws a crew card blindly before the duel."""
    CROSS = 2
    """The challenger discards a crew card before the duel."""
    PLAIN = 3
    """No mark (the plain duel cards carry the shell)."""

    def __str__(self) -> str:
        return self.name.lower().replace("_", " ")

    def __repr__(self) -> str:
        return f"DuelMark.{self.name}"


class MissionKind(enum.Enum):
    """The eleven missions the rulebook describes."""

    MOST_ORANGE = 1
    """"Your team should be made up of the best sailors!" (orange total)."""
    MOST_BLUE = 2
    """"Your team should be the strongest!" (blue total)."""
    MOST_GREEN = 3
    """"Your team should be the most agile!" (green total)."""
    MOST_BLACK = 4
    """"Be the most influential pirate!" (black total)."""
    FIRST_TO_ISLAND = 5
    """"Make sure you are the first to reach the island!"."""
    SECOND_TO_ARRIVE = 6
    """"Be the second to arrive!"."""
    SECRET_CASKET = 7
    """"Open the secret casket!" (hold the casket)."""
    MOST_FEMALE = 8
    """"Recruit the most female pirates!"."""
    MOST_ONE_EYED = 9
    """"Recruit the most one-eyed pirates!"."""
    THREE_BLACK_WEAPONS = 10
    """"Collect 3 black weapon cards!"."""
    THREE_GREEN_WEAPONS = 11
    """"Collect 3 green weapon cards!"."""

    def __str__(self) -> str:
        return self.name.lower().replace("_", " ")

    def __repr__(self) -> str:
        return f"MissionKind.{self.name}"


# --- the track ------------------------------------------------------------------------------

START: Final = 0
"""The start position, beside space 1 (zone A)."""
LAST_SPACE: Final = 42
"""The last numbered space."""
ISLAND: Final = 43
"""Treasure Island, reached by passing space 42 (A-IRA-2)."""

ZONE_SPACES: Final = ((1, 10), (11, 21), (22, 32), (33, 42))
"""The first and last space of zones A, B, C and D (A-IRA-1, design default)."""

ZONE_OF: Final = tuple(
    Zone.A
    if space == START
    else next(Zone(z) for z, (lo, hi) in enumerate(ZONE_SPACES) if lo <= space <= hi)
    for space in range(LAST_SPACE + 1)
)
"""The zone of each position 0-42 (START is in zone A)."""

ZONE_PENALTY: Final = (1, 1, 2, 3)
"""The SPACE value of zones A-D: free spaces to move back after a failure (printed)."""

ZONE_POINTS: Final = (-5, 0, 5, 10)
"""The POINT value of zones A-D in the final scoring (printed)."""

ARRIVAL_POINTS: Final = 15
"""Points for the ship that reaches Treasure Island (printed)."""

FORBIDDEN_ISLAND_SPACES: Final = frozenset({40, 41, 42})
"""Island cards may not lie on spaces 40, 41 and 42 (printed)."""

ISLANDS_PER_ZONE: Final = (0, 1, 2, 1)
"""Face-down island cards placed in zones A-D at setup (printed)."""

PEARL_BED_ZONES: Final = (Zone.A, Zone.B, Zone.B, Zone.C)
"""The zones of the four pearl oyster beds, in the order of the rulebook's table."""

PEARL_BEDS: Final = {2: (1, 2, 1, 2), 3: (2, 2, 2, 2), 4: (3, 2, 3, 2)}
"""Pearls on each bed (in :data:`PEARL_BED_ZONES` order) by player count (printed)."""

WEAPON_MULTIPLIER: Final = {3: 3, 5: 3, 10: 2}
"""A weapon played with a pirate showing its icon counts this many times (printed)."""


# --- crew cards -----------------------------------------------------------------------------


@attrs.frozen
class Pirate:
    """A pirate card.

    Args:
        id: The card's index in :data:`CREW_CARDS` (0-47).
        name: The pirate's name.
        values: The orange, blue, green and black values.
        icon: The item this pirate uses masterfully (multiplies a weapon showing it), if any.
        female: Whether the pirate is a woman (missions).
        one_eyed: Whether the pirate is one-eyed (missions).
    """

    id: CardId
    name: str
    values: tuple[int, int, int, int]
    icon: Icon | None
    female: bool
    one_eyed: bool

    def value(self, colour: Colour) -> int:
        """Return the pirate's value in ``colour``."""
        return self.values[colour]

    @property
    def hand_points(self) -> int:
        """Points in hand at the end: +1, or -1 if any value is below 5 (A-IRA-44)."""
        return -1 if min(self.values) < 5 else 1

    def __str__(self) -> str:
        return self.name


@attrs.frozen
class Weapon:
    """A weapon card (it may depict another item).

    Args:
        id: The card's index in :data:`CREW_CARDS` (48-71).
        name: What the card depicts.
        colour: The ability it supports.
        value: 3, 5 or 10.
        icon: The item icon; a pirate showing it multiplies the value.
    """

    id: CardId
    name: str
    colour: Colour
    value: int
    icon: Icon

    @property
    def boosted(self) -> int:
        """The value when played with a pirate showing the icon (x3 for 3 and 5, x2 for 10)."""
        return self.value * WEAPON_MULTIPLIER[self.value]

    def __str__(self) -> str:
        return f"{self.name} ({self.colour} {self.value})"


CrewCard: TypeAlias = Pirate | Weapon
"""A crew card: a pirate or a weapon."""

_PIRATES: Final = (
    ("Black Bart", (8, 5, 6, 6), Icon.COMPASS, False, False),
    ("Calico Jack", (9, 6, 6, 6), Icon.SEXTANT, False, False),
    ("Henry Avery", (9, 5, 7, 5), Icon.CHART, False, True),
    ("Edward Low", (10, 6, 6, 6), Icon.COMPASS, False, False),
    ("Stede Bonnet", (10, 6, 5, 6), Icon.SEXTANT, False, False),
    ("Anne Bonny", (10, 7, 2, 5), Icon.CHART, True, False),
    ("Mary Read", (11, 7, 3, 5), Icon.COMPASS, True, False),
    ("Grace O'Malley", (11, 5, 4, 6), Icon.SEXTANT, True, True),
    ("William Kidd", (12, 6, 8, 4), Icon.CHART, False, True),
    ("Sam Bellamy", (12, 2, 6, 7), None, False, False),
    ("Charles Vane", (9, 3, 7, 5), None, False, False),
    ("Ben Hornigold", (11, 6, 8, 4), None, False, False),
    ("Thomas Tew", (7, 8, 5, 5), Icon.CUTLASS, False, False),
    ("Henry Morgan", (8, 9, 5, 5), Icon.AXE, False, False),
    ("Jean Lafitte", (6, 9, 5, 6), Icon.CANNON, False, False),
    ("Olivier Levasseur", (8, 10, 5, 5), Icon.CUTLASS, False, True),
    ("Bart Sharp", (5, 10, 6, 6), Icon.AXE, False, False),
    ("Ching Shih", (3, 10, 7, 7), Icon.CANNON, True, False),
    ("Jacquotte Delahaye", (6, 11, 3, 8), Icon.CUTLASS, True, False),
    ("Sadie Farrell", (2, 11, 7, 6), Icon.AXE, True, False),
    ("Howell Davis", (8, 12, 3, 7), Icon.CANNON, False, True),
    ("Edward England", (7, 12, 7, 2), None, False, False),
    ("Chris Condent", (7, 9, 8, 3), None, False, False),
    ("Israel Hands", (4, 11, 6, 7), None, False, True),
    ("Long Ben", (7, 5, 8, 5), Icon.PISTOL, False, False),
    ("Peg-Leg Pete", (8, 5, 9, 5), Icon.DAGGER, False, True),
    ("Dirk Blackwater", (7, 5, 9, 5), Icon.HOOK, False, True),
    ("Silas Crowe", (6, 7, 10, 5), Icon.PISTOL, False, False),
    ("Jonas Gull", (7, 5, 10, 5), Icon.DAGGER, False, False),
    ("Rachel Wall", (2, 8, 10, 6), Icon.HOOK, True, True),
    ("Jeanne de Clisson", (3, 8, 11, 7), Icon.PISTOL, True, False),
    ("Charlotte Badger", (8, 5, 11, 2), Icon.DAGGER, True, False),
    ("Barnaby Flint", (6, 4, 12, 5), Icon.HOOK, False, False),
    ("Ezra Tallow", (8, 3, 12, 7), None, False, False),
    ("Nils Haddock", (3, 7, 9, 8), None, False, False),
    ("Rafe Marlow", (3, 7, 11, 7), None, False, False),
    ("Tobias Reef", (5, 6, 6, 8), Icon.DICE, False, False),
    ("Quentin Gale", (6, 5, 7, 9), Icon.RUM, False, False),
    ("Hugo Brine", (5, 6, 6, 9), Icon.MEDALLION, False, False),
    ("Ivo Saltmarsh", (5, 7, 6, 10), Icon.DICE, False, False),
    ("Tim Cook", (4, 6, 5, 11), Icon.DICE, False, False),
    ("Anne Dieu-le-Veut", (8, 6, 2, 10), Icon.MEDALLION, True, False),
    ("Flora Burns", (3, 5, 6, 11), Icon.RUM, True, False),
    ("Mary Killigrew", (6, 7, 4, 11), Icon.RUM, True, False),
    ("Caspar Keel", (4, 7, 8, 12), Icon.MEDALLION, False, False),
    ("Mateo Cordero", (4, 5, 7, 12), None, False, False),
    ("Duncan Squall", (6, 5, 2, 9), None, False, True),
    ("Finn Harrow", (5, 3, 6, 11), None, False, False),
)

_WEAPONS: Final = (
    ("brass compass", Colour.ORANGE, 3, Icon.COMPASS),
    ("old sextant", Colour.ORANGE, 3, Icon.SEXTANT),
    ("sea chart", Colour.ORANGE, 3, Icon.CHART),
    ("gilded compass", Colour.ORANGE, 5, Icon.COMPASS),
    ("fine sextant", Colour.ORANGE, 5, Icon.SEXTANT),
    ("treasure chart", Colour.ORANGE, 10, Icon.CHART),
    ("rusty cutlass", Colour.BLUE, 3, Icon.CUTLASS),
    ("boarding axe", Colour.BLUE, 3, Icon.AXE),
    ("swivel cannon", Colour.BLUE, 3, Icon.CANNON),
    ("sharp cutlass", Colour.BLUE, 5, Icon.CUTLASS),
    ("battle axe", Colour.BLUE, 5, Icon.AXE),
    ("long cannon", Colour.BLUE, 10, Icon.CANNON),
    ("flintlock pistol", Colour.GREEN, 3, Icon.PISTOL),
    ("throwing dagger", Colour.GREEN, 3, Icon.DAGGER),
    ("grappling hook", Colour.GREEN, 3, Icon.HOOK),
    ("twin pistols", Colour.GREEN, 5, Icon.PISTOL),
    ("stiletto", Colour.GREEN, 5, Icon.DAGGER),
    ("iron hook", Colour.GREEN, 10, Icon.HOOK),
    ("loaded dice", Colour.BLACK, 3, Icon.DICE),
    ("rum barrel", Colour.BLACK, 3, Icon.RUM),
    ("captain's medallion", Colour.BLACK, 3, Icon.MEDALLION),
    ("gambling game", Colour.BLACK, 5, Icon.DICE),
    ("cask of rum", Colour.BLACK, 5, Icon.RUM),
    ("admiral's medallion", Colour.BLACK, 10, Icon.MEDALLION),
)

PIRATE_COUNT: Final = len(_PIRATES)
"""Pirate cards have ids ``0 .. 47``; weapons follow."""

CREW_CARDS: Final[tuple[CrewCard, ...]] = (
    *(
        Pirate(index, name, values, icon, female, one_eyed)
        for index, (name, values, icon, female, one_eyed) in enumerate(_PIRATES)
    ),
    *(
        Weapon(PIRATE_COUNT + index, name, colour, value, icon)
        for index, (name, colour, value, icon) in enumerate(_WEAPONS)
    ),
)
"""The 72 crew cards: 48 pirates then 24 weapons. Design default."""


# --- treasures ------------------------------------------------------------------------------


@attrs.frozen
class Treasure:
    """A treasure card.

    Args:
        id: The card's index in :data:`TREASURES`.
        name: What it is.
        value: 1, 3 or 5 points.
    """

    id: TreasureId
    name: str
    value: int

    def __str__(self) -> str:
        return f"{self.name} ({self.value})"


TREASURE_VALUES: Final = (1, 3, 5)
"""The three treasure values; piles and rows are indexed 0, 1, 2 in this order."""

_TREASURE_NAMES: Final = (
    (
        "casket",
        "silver coins",
        "copper bracelet",
        "ivory comb",
        "silver spoon",
        "brass bell",
        "pearl earring",
        "jade button",
        "silk scarf",
        "tin goblet",
        "amber beads",
        "bone dice",
    ),
    (
        "gold dragon",
        "jade dragon",
        "marble statue",
        "bronze statue",
        "painted vase",
        "porcelain vase",
        "gold chalice",
        "gold bracelet",
        "silver candelabra",
        "emerald ring",
        "gold doubloons",
        "ruby brooch",
    ),
    (
        "royal crown",
        "jewelled sceptre",
        "diamond necklace",
        "gold idol",
        "sapphire tiara",
        "gold mask",
        "emerald cross",
        "chest of doubloons",
        "ruby goblet",
        "golden astrolabe",
        "star sapphire",
        "pearl diadem",
    ),
)

TREASURES: Final = tuple(
    Treasure(12 * rank + index, name, TREASURE_VALUES[rank])
    for rank, names in enumerate(_TREASURE_NAMES)
    for index, name in enumerate(names)
)
"""The 36 treasures: ids 0-11 are worth 1 (id 0 is the casket), 12-23 worth 3, 24-35 worth 5."""


# --- islands --------------------------------------------------------------------------------


@attrs.frozen
class IslandCard:
    """An island card: occupied by showing a total of at least ``value`` in ``colour``.

    Args:
        id: The card's index in :data:`ISLANDS`.
        name: The island's name.
        colour: The colour of its disc.
        value: The number on its disc.
    """

    id: IslandId
    name: str
    colour: Colour
    value: int

    def __str__(self) -> str:
        return f"{self.name} ({self.colour} {self.value})"


_ISLANDS: Final = (
    ("Gull Rock", Colour.ORANGE, 17),
    ("Driftwood Cay", Colour.ORANGE, 21),
    ("Lantern Isle", Colour.ORANGE, 25),
    ("Skull Rock", Colour.BLUE, 17),
    ("Cannon Key", Colour.BLUE, 21),
    ("Iron Isle", Colour.BLUE, 25),
    ("Serpent Cay", Colour.GREEN, 17),
    ("Monkey Isle", Colour.GREEN, 21),
    ("Mangrove Key", Colour.GREEN, 25),
    ("Smugglers' Den", Colour.BLACK, 17),
    ("Governor's Isle", Colour.BLACK, 21),
    ("Port Royal Rock", Colour.BLACK, 25),
)

ISLANDS: Final = tuple(
    IslandCard(index, name, colour, value) for index, (name, colour, value) in enumerate(_ISLANDS)
)
"""The 12 island cards, three per colour. Design default (values calibrated)."""

ISLAND_VALUE_BY_ID: Final = tuple(island.value for island in ISLANDS)
"""Each island's value, by id."""


# --- events ---------------------------------------------------------------------------------


@attrs.frozen
class EventCard:
    """An event card.

    Args:
        id: The card's index in :data:`EVENT_CARDS`.
        kind: What it does.
        colours: Duel and mutiny: one colour; merchant: two; battle: three, in order; reefs:
            orange; others: none.
        value: The total a mutiny or reef check must reach (0 for other kinds).
        mark: Duel and battle cards: the background mark.
        shell: Whether the card lets its activator sell two pearls (E23: the plain duels).
    """

    id: EventId
    kind: EventKind
    colours: tuple[Colour, ...] = ()
    value: int = 0
    mark: DuelMark | None = None
    shell: bool = False

    @property
    def reusable(self) -> bool:
        """Whether the card stays on the board as a free, reusable space (parrot, telescope)."""
        return self.kind in (EventKind.PARROT, EventKind.TELESCOPE)

    def __str__(self) -> str:
        colours = "/".join(str(colour) for colour in self.colours)
        text = f"{self.kind}"
        if self.kind is EventKind.DUEL:
            text = f"{colours} duel ({self.mark})"
        elif self.kind is EventKind.BATTLE:
            text = f"battle {colours}"
        elif self.kind is EventKind.MERCHANT:
            text = f"merchant {colours}"
        elif self.kind is EventKind.MUTINY:
            text = f"{colours} mutiny {self.value}"
        elif self.kind is EventKind.REEFS:
            text = f"reefs {self.value}"
        return text + (" [shell]" if self.shell else "")


def _event_cards() -> tuple[EventCard, ...]:
    cards: list[EventCard] = []

    def add(
        kind: EventKind,
        *,
        colours: tuple[Colour, ...] = (),
        value: int = 0,
        mark: DuelMark | None = None,
        shell: bool = False,
    ) -> None:
        cards.append(EventCard(len(cards), kind, colours, value, mark, shell))

    for colour in Colour:
        add(EventKind.DUEL, colours=(colour,), mark=DuelMark.DOUBLE_CIRCLE)
        add(EventKind.DUEL, colours=(colour,), mark=DuelMark.DOUBLE_CIRCLE)
        add(EventKind.DUEL, colours=(colour,), mark=DuelMark.CROSS)
        add(EventKind.DUEL, colours=(colour,), mark=DuelMark.PLAIN, shell=True)
    for first in Colour:
        order = tuple(Colour((first + offset) % 4) for offset in range(3))
        add(EventKind.BATTLE, colours=order, mark=DuelMark.DOUBLE_CIRCLE)
    for first in Colour:
        for second in Colour:
            if first < second:
                add(EventKind.MERCHANT, colours=(first, second))
    for _ in range(4):
        add(EventKind.INTRIGUE)
    for colour, value in (
        (Colour.BLUE, 19),
        (Colour.GREEN, 21),
        (Colour.BLACK, 23),
        (Colour.BLUE, 25),
    ):
        add(EventKind.MUTINY, colours=(colour,), value=value)
    for value in (17, 20, 23, 26):
        add(EventKind.REEFS, colours=(Colour.ORANGE,), value=value)
    for kind, count in (
        (EventKind.CHEST, 4),
        (EventKind.REPAIR, 5),
        (EventKind.TAILWIND, 4),
        (EventKind.TELESCOPE, 5),
        (EventKind.STORM, 4),
        (EventKind.PARROT, 4),
    ):
        for _ in range(count):
            add(kind)
    return tuple(cards)


EVENT_CARDS: Final = _event_cards()
"""The 64 event cards. Design default for colours and values (counts as printed or ruled)."""


# --- missions -------------------------------------------------------------------------------


@attrs.frozen
class Mission:
    """A mission card.

    Args:
        id: The card's index in :data:`MISSIONS`.
        kind: Its goal.
        bonus: Points gained at the end if the goal is met (green disc).
        penalty: Points lost at the end if it is not (red disc).
    """

    id: MissionId
    kind: MissionKind
    bonus: int
    penalty: int

    @property
    def title(self) -> str:
        """The mission's text, as the rulebook words it."""
        return _MISSION_TITLES[self.kind]

    def __str__(self) -> str:
        return f"{self.title} (+{self.bonus}/-{self.penalty})"


_MISSION_TITLES: Final = {
    MissionKind.MOST_ORANGE: "Your team should be made up of the best sailors!",
    MissionKind.MOST_BLUE: "Your team should be the strongest!",
    MissionKind.MOST_GREEN: "Your team should be the most agile!",
    MissionKind.MOST_BLACK: "Be the most influential pirate!",
    MissionKind.FIRST_TO_ISLAND: "Make sure you are the first to reach the island!",
    MissionKind.SECOND_TO_ARRIVE: "Be the second to arrive!",
    MissionKind.SECRET_CASKET: "Open the secret casket!",
    MissionKind.MOST_FEMALE: "Recruit the most female pirates!",
    MissionKind.MOST_ONE_EYED: "Recruit the most one-eyed pirates!",
    MissionKind.THREE_BLACK_WEAPONS: "Collect 3 black weapon cards!",
    MissionKind.THREE_GREEN_WEAPONS: "Collect 3 green weapon cards!",
}

_MISSIONS: Final = (
    (MissionKind.MOST_ORANGE, 5, 2),
    (MissionKind.MOST_ORANGE, 7, 3),
    (MissionKind.MOST_BLUE, 5, 2),
    (MissionKind.MOST_BLUE, 7, 3),
    (MissionKind.MOST_GREEN, 5, 2),
    (MissionKind.MOST_GREEN, 7, 3),
    (MissionKind.MOST_BLACK, 5, 2),
    (MissionKind.MOST_BLACK, 7, 3),
    (MissionKind.FIRST_TO_ISLAND, 8, 3),
    (MissionKind.FIRST_TO_ISLAND, 10, 4),
    (MissionKind.SECOND_TO_ARRIVE, 6, 2),
    (MissionKind.SECOND_TO_ARRIVE, 8, 3),
    (MissionKind.SECRET_CASKET, 8, 2),
    (MissionKind.SECRET_CASKET, 10, 3),
    (MissionKind.MOST_FEMALE, 5, 2),
    (MissionKind.MOST_FEMALE, 6, 3),
    (MissionKind.MOST_FEMALE, 8, 4),
    (MissionKind.MOST_ONE_EYED, 5, 2),
    (MissionKind.MOST_ONE_EYED, 6, 3),
    (MissionKind.MOST_ONE_EYED, 8, 4),
    (MissionKind.THREE_BLACK_WEAPONS, 7, 2),
    (MissionKind.THREE_BLACK_WEAPONS, 9, 3),
    (MissionKind.THREE_GREEN_WEAPONS, 7, 2),
    (MissionKind.THREE_GREEN_WEAPONS, 9, 3),
)

MISSIONS: Final = tuple(
    Mission(index, kind, bonus, penalty) for index, (kind, bonus, penalty) in enumerate(_MISSIONS)
)
"""The 24 mission cards. Design default (values calibrated)."""

HAND_MIN: Final = 2
"""No player may hold fewer than 2 crew cards."""
HAND_MAX: Final = 7
"""No player may hold more than 7 crew cards."""
STARTING_HAND: Final = 4
"""Crew cards dealt to each player."""
CREW_ROW_SIZE: Final = 6
"""Slots in the visible crew row."""
MISSION_ROW_SIZE: Final = 3
"""Slots in the visible mission row."""
TREASURE_ROW_SIZE: Final = 2
"""Face-up treasures of each value."""
EVENT_PILES: Final = 3
"""Event piles."""


# --- names ----------------------------------------------------------------------------------


CREW_CARD_NAMES: Final[ComponentNames[CrewCard]] = ComponentNames(
    "crew card", {card.name: card for card in CREW_CARDS}
)
"""The 72 crew cards by name, pirates (``"Black Bart"``) then weapons (``"brass compass"``).

.. versionadded:: 0.2.0
"""

TREASURE_NAMES: Final[ComponentNames[Treasure]] = ComponentNames(
    "treasure", {card.name: card for card in TREASURES}
)
"""The 36 treasures by name (``"casket"``, ``"gold dragon"``), in id order.

.. versionadded:: 0.2.0
"""

ISLAND_NAMES: Final[ComponentNames[IslandCard]] = ComponentNames(
    "island card", {card.name: card for card in ISLANDS}
)
"""The 12 island cards by name (``"Gull Rock"``), in id order.

.. versionadded:: 0.2.0
"""

MISSION_NAMES: Final[ComponentNames[Mission]] = ComponentNames(
    "mission", {str(card): card for card in MISSIONS}
)
"""The 24 missions by text and discs (``"Open the secret casket! (+8/-2)"``), in id order.

.. versionadded:: 0.2.0
"""


def _event_copies() -> dict[str, tuple[EventId, ...]]:
    """Each event card's ``__str__``, with the ids of the cards that print it, in id order."""
    copies: dict[str, tuple[EventId, ...]] = {}
    for card in EVENT_CARDS:
        copies[str(card)] = (*copies.get(str(card), ()), card.id)
    return copies


_EVENT_KINDS: Final = _event_copies()

EVENT_CARD_NAMES: Final[ComponentNames[tuple[EventId, ...]]] = ComponentNames(
    "event card", _EVENT_KINDS
)
"""The 37 kinds of event card by name (``"reefs 17"``), each with the ids of its copies.

Identical cards share a name: ``"intrigue"`` names the four intrigue cards, ids 26 to 29.

.. versionadded:: 0.2.0
"""

_EVENT_COPIES: Final = {EVENT_CARDS[card]: ids for ids in _EVENT_KINDS.values() for card in ids}
"""Each event card, with the ids of all its copies (its own included)."""

EVENT_ID_IN_PLAY: Final[tuple[EventId, ...]] = tuple(_EVENT_COPIES[card][0] for card in EVENT_CARDS)
"""For each of the 64 event card ids, the id that names the card in play: the lowest id of
its identical copies.

A person at the table cannot tell identical copies apart, so the engine does not either:
every state, observation and history names an event card by this id, and the copies of a
kind are the same id in as many places as the game has copies (the four intrigues are
id 26 in four places).

>>> EVENT_ID_IN_PLAY[29], EVENT_ID_IN_PLAY[32]
(26, 32)

.. versionadded:: 0.2.0
"""

EVENT_IDS_IN_PLAY: Final[tuple[EventId, ...]] = tuple(sorted(set(EVENT_ID_IN_PLAY)))
"""The 37 ids that name event cards in play, one per kind of card, in order.

.. versionadded:: 0.2.0
"""

EVENT_COPIES: Final[tuple[int, ...]] = tuple(len(_EVENT_COPIES[card]) for card in EVENT_CARDS)
"""For each event card id, how many identical copies of it the game has (its own included).

>>> EVENT_COPIES[26], EVENT_COPIES[32]
(4, 1)

.. versionadded:: 0.2.0
"""


def crew_card(name: str) -> CrewCard:
    """Return the pirate or weapon card printed ``name`` (case and spacing do not matter).

    >>> crew_card("grace o'malley").female, crew_card("Gambling Game").value
    (True, 5)

    Raises:
        UnknownComponentError: No crew card has that name; the message lists the closest.

    .. versionadded:: 0.2.0
    """
    return CREW_CARD_NAMES.get(name)


def crew_card_name(card: CrewCard | CardId) -> str:
    """Return the printed name of a crew card, given as itself or as its id.

    >>> crew_card_name(0), crew_card_name(69)
    ('Black Bart', 'gambling game')

    Raises:
        UnknownComponentError: ``card`` is no crew card and no crew card id.

    .. versionadded:: 0.2.0
    """
    return CREW_CARD_NAMES.name(by_id("crew card", CREW_CARDS, card))


def treasure(name: str) -> Treasure:
    """Return the treasure card printed ``name`` (case and spacing do not matter).

    >>> treasure("Gold Dragon")
    Treasure(id=12, name='gold dragon', value=3)

    Raises:
        UnknownComponentError: No treasure has that name; the message lists the closest.

    .. versionadded:: 0.2.0
    """
    return TREASURE_NAMES.get(name)


def treasure_name(card: Treasure | TreasureId) -> str:
    """Return the printed name of a treasure card, given as itself or as its id.

    >>> treasure_name(0)
    'casket'

    Raises:
        UnknownComponentError: ``card`` is no treasure and no treasure id.

    .. versionadded:: 0.2.0
    """
    return TREASURE_NAMES.name(by_id("treasure", TREASURES, card))


def island_card(name: str) -> IslandCard:
    """Return the island card printed ``name`` (case and spacing do not matter).

    >>> island_card("port royal rock")
    IslandCard(id=11, name='Port Royal Rock', colour=Colour.BLACK, value=25)

    Raises:
        UnknownComponentError: No island card has that name; the message lists the closest.

    .. versionadded:: 0.2.0
    """
    return ISLAND_NAMES.get(name)


def island_card_name(card: IslandCard | IslandId) -> str:
    """Return the printed name of an island card, given as itself or as its id.

    >>> island_card_name(3)
    'Skull Rock'

    Raises:
        UnknownComponentError: ``card`` is no island card and no island card id.

    .. versionadded:: 0.2.0
    """
    return ISLAND_NAMES.name(by_id("island card", ISLANDS, card))


def mission(name: str) -> Mission:
    """Return the mission card printed ``name``: its text, then its bonus and its penalty.

    >>> mission("Be the second to arrive! (+6/-2)").id
    10

    Raises:
        UnknownComponentError: No mission has that name; the message lists the closest
            (the text alone names no card: most missions come with two or three pairs of
            discs).

    .. versionadded:: 0.2.0
    """
    return MISSION_NAMES.get(name)


def mission_name(card: Mission | MissionId) -> str:
    """Return the printed name of a mission card, given as itself or as its id.

    >>> mission_name(13)
    'Open the secret casket! (+10/-3)'

    Raises:
        UnknownComponentError: ``card`` is no mission and no mission id.

    .. versionadded:: 0.2.0
    """
    return MISSION_NAMES.name(by_id("mission", MISSIONS, card))


def event_cards_named(name: str) -> tuple[EventId, ...]:
    """Return the ids of every event card printed ``name``, in id order.

    Identical copies share their name, so a name may stand for several cards:

    >>> event_cards_named("telescope")
    (51, 52, 53, 54, 55)
    >>> event_cards_named("black mutiny 23")
    (32,)

    Raises:
        UnknownComponentError: No event card has that name; the message lists the closest.

    .. versionadded:: 0.2.0
    """
    return EVENT_CARD_NAMES.get(name)


def event_card_name(card: EventCard | EventId) -> str:
    """Return the printed name of an event card, given as itself or as its id.

    Identical copies get the same name:

    >>> event_card_name(26) == event_card_name(29) == "intrigue"
    True
    >>> event_card_name(EVENT_CARDS[3])
    'orange duel (plain) [shell]'

    Raises:
        UnknownComponentError: ``card`` is no event card and no event card id.

    .. versionadded:: 0.2.0
    """
    try:
        copies = _EVENT_COPIES[by_id("event card", EVENT_CARDS, card)]
    except (KeyError, TypeError):
        raise UnknownComponentError(f"{card!r} is not an event card") from None
    return EVENT_CARD_NAMES.name(copies)

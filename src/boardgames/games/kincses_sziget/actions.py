"""The actions of Irány a Kincses Sziget!, and how they appear in the public history.

Every decision point of the turn has its own small set of actions. Compound choices
are split into sub-steps: the anchoring card choice follows the anchoring kind, a
battle composition is built one card at a time (:class:`BattleAdd`, then :class:`Done`),
a parrot move names the thing to move and then :class:`PlaceAt` its destination. Crew
cards are named by their id in
:data:`~boardgames.games.kincses_sziget.components.CREW_CARDS`; all 72 are distinct.

Secret choices never reach the public history as they are: a duel composition, a battle
composition and a merchant offer appear as :class:`Committed`, a kept setup mission as
:class:`MissionKept`, a setup weapon exchange as :class:`WeaponExchanged`, a mission put
back under the pile as :class:`MissionPutBack`. Automatic public happenings are recorded as
notes: :class:`Revealed` and :class:`Showed`; a :class:`DrawEvent` is recorded with the card
it turned up, as :class:`EventDrawn`.
"""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    EVENT_CARDS,
    CardId,
    EventId,
    MissionId,
    Space,
    TreasureId,
)

__all__ = [
    "Action",
    "AddMission",
    "Advance",
    "AnchorDiscard",
    "AnchorDraw",
    "AnchorExchange",
    "AnchorMission",
    "BattleAdd",
    "Challenge",
    "Committed",
    "Compose",
    "CrewFromPile",
    "CrewFromRow",
    "Decline",
    "DiscardCrew",
    "DiscardTreasure",
    "Done",
    "DrawEvent",
    "EventDrawn",
    "ExchangeWeapon",
    "KeepMission",
    "MissionFromPile",
    "MissionFromRow",
    "MissionKept",
    "MissionPutBack",
    "Move",
    "MoveIsland",
    "MovePearlBed",
    "Offer",
    "PeekCrewTop",
    "PeekEventTops",
    "PeekHand",
    "PeekIsland",
    "PeekMissionTop",
    "PeekMissions",
    "PeekTreasureTops",
    "PeekTreasures",
    "PlaceAt",
    "PublicAction",
    "RedealCrewRow",
    "RedealMissions",
    "RedealTreasures",
    "RejectMission",
    "ReplaceMission",
    "Revealed",
    "SellPearls",
    "Showed",
    "Steal",
    "StealTarget",
    "StepBack",
    "TakeFromTable",
    "TakeWeapon",
    "Theft",
    "TreasureFromPile",
    "TreasureFromRow",
    "WeaponExchanged",
]


def _crew(card: object) -> str:
    if type(card) is int and 0 <= card < len(CREW_CARDS):
        return str(CREW_CARDS[card])
    return f"card {card!r}"


def _crew_list(cards: tuple[CardId, ...]) -> str:
    return ", ".join(_crew(card) for card in cards) or "nothing"


class StealTarget(enum.Enum):
    """What an intrigue draws from its victim."""

    CREW = 1
    """A crew card, blindly from the hand."""
    TREASURE = 2
    """A treasure card, blindly from the collection."""

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"StealTarget.{self.name}"


# --- setup ------------------------------------------------------------------------------------


@attrs.frozen
class ExchangeWeapon:
    """Setup: return a weapon beyond the second to the deck for a random pirate (A-IRA-7).

    Args:
        card: The weapon's crew card id.
    """

    card: CardId

    def __str__(self) -> str:
        return f"exchange {_crew(self.card)} for a random pirate"


@attrs.frozen
class KeepMission:
    """Setup: keep one of the two missions drawn and return the other.

    Args:
        index: 0 or 1, the position of the kept mission among the two drawn.
    """

    index: int

    def __str__(self) -> str:
        return f"keep mission {self.index}"


# --- the turn ---------------------------------------------------------------------------------


@attrs.frozen
class Move:
    """Advance 1, 2 or 3 free spaces and activate the destination.

    Args:
        steps: 1, 2 or 3.
    """

    steps: int

    def __str__(self) -> str:
        return f"move {self.steps}"


@attrs.frozen
class AnchorDraw:
    """Anchor: draw one crew card (the source is the next choice)."""

    def __str__(self) -> str:
        return "anchor: draw a crew card"


@attrs.frozen
class AnchorDiscard:
    """Anchor: discard one crew card (the card is the next choice)."""

    def __str__(self) -> str:
        return "anchor: discard a crew card"


@attrs.frozen
class AnchorExchange:
    """Anchor: discard one crew card and draw one (A-IRA-35)."""

    def __str__(self) -> str:
        return "anchor: exchange a crew card"


@attrs.frozen
class AnchorMission:
    """Anchor: draw a mission card, then add it, replace one with it or reject it."""

    def __str__(self) -> str:
        return "anchor: draw a mission"


# --- cards in and out -------------------------------------------------------------------------


@attrs.frozen
class DiscardCrew:
    """Discard a crew card from hand, face up.

    Args:
        card: The crew card id.
    """

    card: CardId

    def __str__(self) -> str:
        return f"discard {_crew(self.card)}"


@attrs.frozen
class DiscardTreasure:
    """Discard a treasure card (a failed island landing).

    Args:
        treasure: The treasure id.
    """

    treasure: TreasureId

    def __str__(self) -> str:
        return f"discard treasure {self.treasure}"


@attrs.frozen
class CrewFromRow:
    """Take the face-up crew card in a slot of the visible row.

    Args:
        slot: 0 to 5.
    """

    slot: int

    def __str__(self) -> str:
        return f"take crew row slot {self.slot}"


@attrs.frozen
class CrewFromPile:
    """Draw the top crew card of the draw pile, blindly."""

    def __str__(self) -> str:
        return "draw a crew card blindly"


@attrs.frozen
class MissionFromRow:
    """Take the face-up mission in a slot of the mission row.

    Args:
        slot: 0 to 2.
    """

    slot: int

    def __str__(self) -> str:
        return f"take mission row slot {self.slot}"


@attrs.frozen
class MissionFromPile:
    """Draw the top mission of the mission pile, blindly."""

    def __str__(self) -> str:
        return "draw a mission blindly"


@attrs.frozen
class AddMission:
    """Keep the drawn mission beside the others."""

    def __str__(self) -> str:
        return "add the mission"


@attrs.frozen
class ReplaceMission:
    """Keep the drawn mission and put ``mission`` under the mission pile.

    Args:
        mission: The held mission given up.
    """

    mission: MissionId

    def __str__(self) -> str:
        return f"replace mission {self.mission} with the new one"


@attrs.frozen
class RejectMission:
    """Put the drawn mission under the mission pile."""

    def __str__(self) -> str:
        return "reject the mission"


@attrs.frozen
class TreasureFromRow:
    """Take a face-up treasure card.

    Args:
        value: 1, 3 or 5: which row.
        slot: 0 or 1.
    """

    value: int
    slot: int

    def __str__(self) -> str:
        return f"take the face-up treasure {self.value}/{self.slot}"


@attrs.frozen
class TreasureFromPile:
    """Draw the top treasure of a value's pile, blindly.

    Args:
        value: 1, 3 or 5.
    """

    value: int

    def __str__(self) -> str:
        return f"draw a treasure of value {self.value} blindly"


# --- events -----------------------------------------------------------------------------------


@attrs.frozen
class DrawEvent:
    """Draw the top card of an event pile onto the destination and activate it.

    Args:
        pile: 0, 1 or 2.
    """

    pile: int

    def __str__(self) -> str:
        return f"draw from event pile {self.pile}"


@attrs.frozen
class Challenge:
    """Duel: challenge an opponent.

    Args:
        opponent: The challenged seat.
    """

    opponent: PlayerId

    def __str__(self) -> str:
        return f"challenge seat {self.opponent}"


@attrs.frozen
class Compose:
    """Duel: the secret composition, a pirate and optionally a weapon of the duel colour.

    With no pirate in hand, a single weapon of any colour (an invalid composition).

    Args:
        pirate: The pirate, or ``None`` when the hand holds none.
        weapon: The weapon, or ``None``.
    """

    pirate: CardId | None
    weapon: CardId | None

    def __str__(self) -> str:
        parts = [_crew(card) for card in (self.pirate, self.weapon) if card is not None]
        return "duel with " + " + ".join(parts)


@attrs.frozen
class Advance:
    """Take a reward move forward (duel, battle, reefs, tailwind); activates nothing.

    Args:
        steps: 1 to 3 (0 to 3 after reefs, A-IRA-38).
    """

    steps: int

    def __str__(self) -> str:
        return f"advance {self.steps}"


@attrs.frozen
class Theft:
    """Duel prize: steal a treasure (or take one of value 3 or lower from the supply)."""

    def __str__(self) -> str:
        return "steal a treasure"


@attrs.frozen
class BattleAdd:
    """Battle: add one more card to the secret composition (cards in increasing id order).

    Args:
        card: The crew card id.
    """

    card: CardId

    def __str__(self) -> str:
        return f"add {_crew(self.card)} to the battle"


@attrs.frozen
class Done:
    """Finish a sequence: the setup weapon exchange, a battle composition, a chest."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen
class TakeFromTable:
    """Battle pick: take a played card from the table as a replacement.

    Args:
        card: The crew card id.
    """

    card: CardId

    def __str__(self) -> str:
        return f"take {_crew(self.card)} from the table"


@attrs.frozen
class Offer:
    """Merchant: the secret offer, one weapon of the merchant's colours.

    Args:
        weapon: The weapon's crew card id.
    """

    weapon: CardId

    def __str__(self) -> str:
        return f"offer {_crew(self.weapon)}"


@attrs.frozen
class Steal:
    """Intrigue: draw a card blindly from an opponent.

    Args:
        opponent: The victim.
        target: A crew card or a treasure.
    """

    opponent: PlayerId
    target: StealTarget

    def __str__(self) -> str:
        return f"steal a {self.target} card from seat {self.opponent}"


@attrs.frozen
class TakeWeapon:
    """Chest: keep one of the weapons drawn.

    Args:
        card: The weapon's crew card id.
    """

    card: CardId

    def __str__(self) -> str:
        return f"keep {_crew(self.card)} from the chest"


@attrs.frozen
class StepBack:
    """Repair: move back to the 1st, 2nd or 3rd free space (at least the zone's step back).

    Args:
        steps: 1 to 3.
    """

    steps: int

    def __str__(self) -> str:
        return f"step back {self.steps} for repairs"


@attrs.frozen
class PeekEventTops:
    """Telescope: look at the top card of each event pile."""

    def __str__(self) -> str:
        return "peek at the event piles"


@attrs.frozen
class PeekHand:
    """Telescope: look at an opponent's crew cards.

    Args:
        opponent: The seat looked at.
    """

    opponent: PlayerId

    def __str__(self) -> str:
        return f"peek at seat {self.opponent}'s hand"


@attrs.frozen
class PeekTreasures:
    """Telescope: look at an opponent's treasures.

    Args:
        opponent: The seat looked at.
    """

    opponent: PlayerId

    def __str__(self) -> str:
        return f"peek at seat {self.opponent}'s treasures"


@attrs.frozen
class PeekIsland:
    """Telescope: look at a face-down island card.

    Args:
        space: The island's space.
    """

    space: Space

    def __str__(self) -> str:
        return f"peek at the island on space {self.space}"


@attrs.frozen
class PeekMissions:
    """Telescope: look at an opponent's missions.

    Args:
        opponent: The seat looked at.
    """

    opponent: PlayerId

    def __str__(self) -> str:
        return f"peek at seat {self.opponent}'s missions"


@attrs.frozen
class PeekCrewTop:
    """Telescope: look at the top card of the crew draw pile."""

    def __str__(self) -> str:
        return "peek at the crew pile"


@attrs.frozen
class PeekTreasureTops:
    """Telescope: look at the top card of each treasure pile."""

    def __str__(self) -> str:
        return "peek at the treasure piles"


@attrs.frozen
class PeekMissionTop:
    """Telescope: look at the top card of the mission pile."""

    def __str__(self) -> str:
        return "peek at the mission pile"


@attrs.frozen
class RedealTreasures:
    """Parrot: shuffle a value's face-up treasures back into its pile and deal two.

    Args:
        value: 1, 3 or 5.
    """

    value: int

    def __str__(self) -> str:
        return f"redeal the treasures of value {self.value}"


@attrs.frozen
class RedealCrewRow:
    """Parrot: shuffle the crew row into the crew pile and deal six."""

    def __str__(self) -> str:
        return "redeal the crew row"


@attrs.frozen
class RedealMissions:
    """Parrot: shuffle the mission row into the mission pile and deal three."""

    def __str__(self) -> str:
        return "redeal the mission row"


@attrs.frozen
class MoveIsland:
    """Parrot: move a face-down island within its zone (the destination is the next choice).

    Args:
        space: The island's space.
    """

    space: Space

    def __str__(self) -> str:
        return f"move the island on space {self.space}"


@attrs.frozen
class MovePearlBed:
    """Parrot: move a pearl bed within its zone (the destination is the next choice).

    Args:
        space: The bed's space.
    """

    space: Space

    def __str__(self) -> str:
        return f"move the pearl bed on space {self.space}"


@attrs.frozen
class PlaceAt:
    """Parrot: the destination of the island or pearl bed being moved.

    Args:
        space: A free, empty space of the same zone.
    """

    space: Space

    def __str__(self) -> str:
        return f"place it on space {self.space}"


@attrs.frozen
class SellPearls:
    """Shell card: sell two pearls for a treasure of value 5 or lower."""

    def __str__(self) -> str:
        return "sell two pearls"


@attrs.frozen
class Decline:
    """Decline an optional step (intrigue, telescope, parrot, merchant, pick, pearl sale)."""

    def __str__(self) -> str:
        return "decline"


# --- public forms and notes -------------------------------------------------------------------


@attrs.frozen
class WeaponExchanged:
    """A setup weapon exchange as the others saw it: the weapon is not named."""

    def __str__(self) -> str:
        return "exchange a weapon for a random pirate"


@attrs.frozen
class MissionKept:
    """A setup mission choice as the others saw it."""

    def __str__(self) -> str:
        return "keep a mission"


@attrs.frozen
class Committed:
    """A secret duel or battle composition or merchant offer, as the others saw it."""

    def __str__(self) -> str:
        return "commit in secret"


@attrs.frozen
class MissionPutBack:
    """A replaced or rejected mission as the others saw it: one card under the pile."""

    def __str__(self) -> str:
        return "put a mission under the pile"


@attrs.frozen
class EventDrawn:
    """A :class:`DrawEvent` as everyone saw it: the pile and the card turned up.

    Args:
        pile: The event pile drawn from.
        card: The event card id.
    """

    pile: int
    card: EventId

    def __str__(self) -> str:
        if type(self.card) is int and 0 <= self.card < len(EVENT_CARDS):
            return f"draw {EVENT_CARDS[self.card]} from event pile {self.pile}"
        return f"draw event {self.card!r} from event pile {self.pile}"


@attrs.frozen
class Revealed:
    """Note: crew cards turned face up (a composition, an offer, a chest's three cards).

    Args:
        cards: The crew card ids (empty: an empty hand at the merchant).
    """

    cards: tuple[CardId, ...]

    def __str__(self) -> str:
        return f"reveal {_crew_list(self.cards)}"


@attrs.frozen
class Showed:
    """Note: the crew cards shown to pass an island, mutiny or reef check (E7).

    Args:
        cards: The crew card ids shown.
    """

    cards: tuple[CardId, ...]

    def __str__(self) -> str:
        return f"show {_crew_list(self.cards)}"


Action: TypeAlias = (
    ExchangeWeapon
    | KeepMission
    | Move
    | AnchorDraw
    | AnchorDiscard
    | AnchorExchange
    | AnchorMission
    | DiscardCrew
    | DiscardTreasure
    | CrewFromRow
    | CrewFromPile
    | MissionFromRow
    | MissionFromPile
    | AddMission
    | ReplaceMission
    | RejectMission
    | TreasureFromRow
    | TreasureFromPile
    | DrawEvent
    | Challenge
    | Compose
    | Advance
    | Theft
    | BattleAdd
    | Done
    | TakeFromTable
    | Offer
    | Steal
    | TakeWeapon
    | StepBack
    | PeekEventTops
    | PeekHand
    | PeekTreasures
    | PeekIsland
    | PeekMissions
    | PeekCrewTop
    | PeekTreasureTops
    | PeekMissionTop
    | RedealTreasures
    | RedealCrewRow
    | RedealMissions
    | MoveIsland
    | MovePearlBed
    | PlaceAt
    | SellPearls
    | Decline
)
"""Any Irány a Kincses Sziget! action."""

PublicAction: TypeAlias = (
    Move
    | AnchorDraw
    | AnchorDiscard
    | AnchorExchange
    | AnchorMission
    | DiscardCrew
    | DiscardTreasure
    | CrewFromRow
    | CrewFromPile
    | MissionFromRow
    | MissionFromPile
    | AddMission
    | TreasureFromRow
    | TreasureFromPile
    | Challenge
    | Advance
    | Theft
    | Done
    | TakeFromTable
    | Steal
    | TakeWeapon
    | StepBack
    | PeekEventTops
    | PeekHand
    | PeekTreasures
    | PeekIsland
    | PeekMissions
    | PeekCrewTop
    | PeekTreasureTops
    | PeekMissionTop
    | RedealTreasures
    | RedealCrewRow
    | RedealMissions
    | MoveIsland
    | MovePearlBed
    | PlaceAt
    | SellPearls
    | Decline
    | WeaponExchanged
    | MissionKept
    | Committed
    | MissionPutBack
    | EventDrawn
    | Revealed
    | Showed
)
"""An entry of the public history: an action as everyone saw it, or a note.

Secret actions (:class:`ExchangeWeapon`, :class:`KeepMission`, :class:`Compose`,
:class:`BattleAdd`, :class:`Offer`, :class:`ReplaceMission`, :class:`RejectMission`) never
appear; their public forms do.
"""

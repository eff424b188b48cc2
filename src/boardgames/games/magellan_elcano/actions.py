"""The actions of Magellan: Elcano, and how they appear in the public history.

The only decisions in the game are made in phase B, Cross the Seas: play a crew card face
up in one of its colours, play a crew card face down in the storm column (storm games
only), or pass. Crew decks are identical, so a card is named by its id in
:data:`~boardgames.games.magellan_elcano.components.CREW_CARDS`.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from boardgames.games.magellan_elcano.components import CREW_CARDS, CardId, Colour

__all__ = ["Action", "FaceDownPlayed", "Pass", "PlayCard", "PlayFaceDown", "PublicAction"]


def _is_card(card: object) -> bool:
    return type(card) is int and 0 <= card < len(CREW_CARDS)


@attrs.frozen
class PlayCard:
    """Play a crew card face up, in the column of ``colour``, counting that end's value.

    Args:
        card: The crew card's id.
        colour: Which end of the card faces the centre of the table.
    """

    card: CardId
    colour: Colour

    def __str__(self) -> str:
        if _is_card(self.card):
            value = CREW_CARDS[self.card].value(self.colour)
            return f"play {CREW_CARDS[self.card]} as {self.colour} {value}"
        return f"play card {self.card!r} as {self.colour}"


@attrs.frozen
class PlayFaceDown:
    """Play a crew card face down in the storm column, where it counts 1.

    Args:
        card: The crew card's id.
    """

    card: CardId

    def __str__(self) -> str:
        name = CREW_CARDS[self.card] if _is_card(self.card) else repr(self.card)
        return f"play {name} face down"


@attrs.frozen
class Pass:
    """Stop playing cards for the rest of this round."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class FaceDownPlayed:
    """A face-down card as the other players see it: the play, not the card."""

    def __str__(self) -> str:
        return "play a card face down"


Action: TypeAlias = PlayCard | PlayFaceDown | Pass
"""Any Magellan: Elcano action."""

PublicAction: TypeAlias = PlayCard | FaceDownPlayed | Pass
"""An action as every player saw it: face-down cards are not named."""

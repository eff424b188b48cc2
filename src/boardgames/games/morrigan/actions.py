"""The actions of Morrigan, one class per kind of decision, and their public forms.

Cards in a hand are named by their :class:`~boardgames.games.morrigan.components.CardKind`
(or, where the type is fixed, by their value 1 to 5): cards of one kind are interchangeable.
Cards on the table (Adversaries in the centre, Territories in front of their owners,
scoring cards) are named by their id, a public name that tells only what a person at the
table can (see the page, :ref:`morrigan-card-names`).

Most actions are public as they are. Two put a card face down, and appear in the public
history without the card: :class:`Reinforce` becomes :class:`ReinforcedFaceDown` and
:class:`Stake` becomes :class:`Staked`.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan.components import CARDS, CardId, CardKind, CardType

__all__ = [
    "Action",
    "AddAction",
    "AddCatapult",
    "ChooseTarget",
    "Commit",
    "Conquer",
    "DeclareDuel",
    "Decline",
    "Discard",
    "EndActions",
    "EndReinforcement",
    "Fight",
    "LoseCard",
    "NormalTurn",
    "PlayAdversary",
    "PlayOrdeal",
    "PlaySorcery",
    "PlaySpecial",
    "PlayTerritory",
    "PublicAction",
    "Reinforce",
    "ReinforceMaletar",
    "ReinforcedFaceDown",
    "Stake",
    "Staked",
    "TakeFromDiscard",
    "Withdraw",
]


def _card(card: object) -> str:
    if type(card) is int and 0 <= card < len(CARDS):
        return f"{CARDS[card].kind} #{card}"
    return f"card {card!r}"


def _kind(kind: object) -> str:
    return str(kind) if isinstance(kind, CardKind) else repr(kind)


@attrs.frozen
class DeclareDuel:
    """Face Maletar instead of playing a normal turn (prestige 15 or more)."""

    def __str__(self) -> str:
        return "declare a duel with Maletar"


@attrs.frozen
class NormalTurn:
    """Play a normal turn although the duel could be declared."""

    def __str__(self) -> str:
        return "play a normal turn"


@attrs.frozen
class PlayTerritory:
    """Place a Territory of ``value`` from hand face up in front of oneself.

    Args:
        value: The Territory's value, 1 to 5.
    """

    value: int

    def __str__(self) -> str:
        return f"play {CardType.TERRITORY} {self.value}"


@attrs.frozen
class PlayAdversary:
    """Place an Adversary of ``value`` from hand in the centre (the others may reinforce it).

    Args:
        value: The Adversary's value, 1 to 5.
    """

    value: int

    def __str__(self) -> str:
        return f"play {CardType.ADVERSARY} {self.value}"


@attrs.frozen
class PlayOrdeal:
    """Place an Ordeal of ``value`` from hand in the centre (everyone may stake a card).

    Args:
        value: The Ordeal's value, 1 to 5.
    """

    value: int

    def __str__(self) -> str:
        return f"play {CardType.ORDEAL} {self.value}"


@attrs.frozen
class Fight:
    """Challenge an Adversary in the centre; the attack is built next.

    Args:
        adversary: The Adversary card's id.
    """

    adversary: CardId

    def __str__(self) -> str:
        return f"fight {_card(self.adversary)}"


@attrs.frozen
class Conquer:
    """Attack another player's Territory; the attack is built next.

    Args:
        territory: The Territory card's id.
    """

    territory: CardId

    def __str__(self) -> str:
        return f"conquer {_card(self.territory)}"


@attrs.frozen
class PlaySpecial:
    """Play a Special card whose effect needs no target.

    Unexpected Ally, The King's Favourite, Secret Treasure, Deluge, Glacial Winter and
    Earthquake are played this way; Sorcery is :class:`PlaySorcery`, and Curse, Blessing and
    Catapult are used with a reinforcement, a stake and a conquest.

    Args:
        special: The Special card's kind.
    """

    special: CardKind

    def __str__(self) -> str:
        return f"play {_kind(self.special)}"


@attrs.frozen
class PlaySorcery:
    """Play Sorcery: ``target`` discards his whole hand.

    Args:
        target: The seat of another player.
    """

    target: PlayerId

    def __str__(self) -> str:
        return f"play Sorcery on seat {self.target!r}"


@attrs.frozen
class EndActions:
    """End the action phase and go on to the reinforcement phase."""

    def __str__(self) -> str:
        return "end the action phase"


@attrs.frozen
class Reinforce:
    """Place a card of ``kind`` from hand face down under the chosen Adversary or Territory.

    Used in another player's on-play window (under the Adversary just played) and, after
    :class:`ChooseTarget`, in one's own reinforcement phase. Any card may be used; only
    Action cards (and a Curse under an Adversary) add to the defence, the rest are bluffs.

    Args:
        kind: The kind of card to place.
    """

    kind: CardKind

    def __str__(self) -> str:
        return f"reinforce with {_kind(self.kind)}"


@attrs.frozen
class Decline:
    """Take no part: no reinforcement, no Ordeal stake, no card for Maletar."""

    def __str__(self) -> str:
        return "decline"


@attrs.frozen
class Stake:
    """Stake a card of ``kind`` face down in the Ordeal, with the Blessing if ``blessed``.

    Args:
        kind: The staked card's kind (an Action card counts its value, anything else is a
            bluff worth 0).
        blessed: Play Blessing with the stake, face up: it doubles an Action card's value.
    """

    kind: CardKind
    blessed: bool = False

    def __str__(self) -> str:
        return f"stake {_kind(self.kind)}" + (" with Blessing" if self.blessed is True else "")


@attrs.frozen
class Withdraw:
    """Stop staking in an extra round of an Ordeal."""

    def __str__(self) -> str:
        return "withdraw"


@attrs.frozen
class AddAction:
    """Add an Action card of ``value`` from hand to the attack being built.

    Args:
        value: The Action card's value, 1 to 5.
    """

    value: int

    def __str__(self) -> str:
        return f"attack with {CardType.ACTION} {self.value}"


@attrs.frozen
class AddCatapult:
    """Add the Catapult to a conquest: it doubles the Action cards' value."""

    def __str__(self) -> str:
        return "add Catapult"


@attrs.frozen
class Commit:
    """Launch the attack: the defence is revealed and the combat resolved."""

    def __str__(self) -> str:
        return "launch the attack"


@attrs.frozen
class TakeFromDiscard:
    """Take a card of ``kind`` from the discard pile into hand (Unexpected Ally).

    Args:
        kind: The kind of card to take.
    """

    kind: CardKind

    def __str__(self) -> str:
        return f"take {_kind(self.kind)} from the discard pile"


@attrs.frozen
class ChooseTarget:
    """Choose an own Territory or a centre Adversary to reinforce this reinforcement phase.

    Args:
        card: The Territory's or Adversary's card id.
    """

    card: CardId

    def __str__(self) -> str:
        return f"reinforce {_card(self.card)}"


@attrs.frozen
class EndReinforcement:
    """End the reinforcement phase."""

    def __str__(self) -> str:
        return "end the reinforcement phase"


@attrs.frozen
class Discard:
    """Discard a card of ``kind`` to come down to the hand limit of 5.

    Args:
        kind: The kind of card to discard.
    """

    kind: CardKind

    def __str__(self) -> str:
        return f"discard {_kind(self.kind)}"


@attrs.frozen
class ReinforceMaletar:
    """Give Maletar an Action card of ``value`` from hand, face up, for this duel.

    Args:
        value: The Action card's value, 1 to 5.
    """

    value: int

    def __str__(self) -> str:
        return f"reinforce Maletar with {CardType.ACTION} {self.value}"


@attrs.frozen
class LoseCard:
    """After a lost duel, give up this scoring card (a choice among equally valuable ones).

    Args:
        card: The id of a Territory, won Ordeal or defeated Adversary of the duelist.
    """

    card: CardId

    def __str__(self) -> str:
        return f"lose {_card(self.card)}"


@attrs.frozen
class ReinforcedFaceDown:
    """A reinforcement as the other players see it: a card placed face down."""

    def __str__(self) -> str:
        return "reinforce with a face-down card"


@attrs.frozen
class Staked:
    """An Ordeal stake as the other players see it: a face-down card (and any Blessing).

    Args:
        blessed: Whether the Blessing was played face up with the stake.
    """

    blessed: bool = False

    def __str__(self) -> str:
        return "stake a face-down card" + (" with Blessing" if self.blessed else "")


Action: TypeAlias = (
    DeclareDuel
    | NormalTurn
    | PlayTerritory
    | PlayAdversary
    | PlayOrdeal
    | Fight
    | Conquer
    | PlaySpecial
    | PlaySorcery
    | EndActions
    | Reinforce
    | Decline
    | Stake
    | Withdraw
    | AddAction
    | AddCatapult
    | Commit
    | TakeFromDiscard
    | ChooseTarget
    | EndReinforcement
    | Discard
    | ReinforceMaletar
    | LoseCard
)
"""Any Morrigan action."""

PublicAction: TypeAlias = (
    DeclareDuel
    | NormalTurn
    | PlayTerritory
    | PlayAdversary
    | PlayOrdeal
    | Fight
    | Conquer
    | PlaySpecial
    | PlaySorcery
    | EndActions
    | ReinforcedFaceDown
    | Decline
    | Staked
    | Withdraw
    | AddAction
    | AddCatapult
    | Commit
    | TakeFromDiscard
    | ChooseTarget
    | EndReinforcement
    | Discard
    | ReinforceMaletar
    | LoseCard
)
"""An action as every player saw it: face-down cards are not named."""

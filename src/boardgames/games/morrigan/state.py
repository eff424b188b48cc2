"""The state of a game of Morrigan, and the records it is built from."""

from __future__ import annotations

import enum
from typing import Any, TypeAlias

import attrs

from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.games.morrigan.actions import PublicAction
from boardgames.games.morrigan.components import CardId

__all__ = [
    "Attack",
    "Clue",
    "Duel",
    "Effect",
    "HistoryEntry",
    "Holding",
    "MorriganOptions",
    "MorriganState",
    "Ordeal",
    "Phase",
    "Place",
    "Reinforcement",
    "StakedCard",
    "Window",
    "Zone",
]


class Phase(enum.Enum):
    """The kind of decision pending (or the end of the game)."""

    TURN_START = 1
    """The active player, with 15 prestige or more, declares the duel or plays normally."""
    ACTION = 2
    """The active player's action phase: play cards, fight, conquer, or end the phase."""
    ON_PLAY_REINFORCE = 3
    """Another player may put one card face down under the Adversary just played."""
    ORDEAL_STAKE = 4
    """A participant stakes a card in the Ordeal in progress, declines or withdraws."""
    ATTACK = 5
    """The active player adds Action cards (and a Catapult) to an attack, or launches it."""
    ALLY_PICK = 6
    """The active player picks a card from the discard pile (Unexpected Ally)."""
    REINFORCE_TARGET = 7
    """The active player chooses what to reinforce next, or ends the reinforcement phase."""
    REINFORCE_CARD = 8
    """The active player chooses the card to put under the chosen target."""
    HAND_LIMIT = 9
    """The active player discards down to 5 cards at the end of his turn."""
    MALETAR_REINFORCE = 10
    """An opponent of the duelist may give Maletar one Action card."""
    DUEL_LOSS = 11
    """The beaten duelist chooses which of his most valuable scoring cards to lose."""
    GAME_OVER = 12
    """The game is over: a duelist beat Maletar, or the turn limit was reached."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class Zone(enum.IntEnum):
    """The hidden places a card can be in, as used by :data:`Place`."""

    HAND = 0
    """A player's hand: ``(HAND, seat, 0)``."""
    SLOT = 1
    """One face-down reinforcement: ``(SLOT, target card id, index under the target)``."""
    STAKE = 2
    """A player's face-down stake in the Ordeal in progress: ``(STAKE, seat, 0)``."""
    DRAW = 3
    """The draw pile: ``(DRAW, 0, 0)``."""
    SEEN = 4
    """A card everybody saw leave a hidden place: ``(SEEN, stamp, kind)``, where ``stamp`` is
    ``100 *`` the number of history entries then ``+`` the card's public name (``+ 99 -
    victim`` for a card taken with The King's Favourite, which only two players see). A clue
    naming it says that one of its cards may have been that card (see :class:`Clue`)."""

    def __repr__(self) -> str:
        return f"Zone.{self.name}"


Place: TypeAlias = tuple[int, int, int]
"""A hidden place ``(zone, key, index)``; see :class:`Zone` for the meaning of each part."""

HistoryEntry: TypeAlias = tuple[int, PlayerId, PublicAction]
"""One public decision: ``(turn, seat, action as everyone saw it)``."""


@attrs.frozen
class MorriganOptions:
    """The configuration a state was made for.

    Args:
        max_turns: The game is stopped (truncated) after this many turns.
        wide_curse: A Curse placed in the on-play window also doubles (erratum E3's
            alternative reading); by default it is then only a bluff.
        lone_bluff_wins: A single staker wins the first staking round even with a bluff
            (erratum E15, the default); if false, the Ordeal is then discarded.
        ally_top_only: Unexpected Ally takes the top card of the discard pile (A-MOR-12's
            alternative); by default the player chooses any card.
    """

    max_turns: int = 500
    wide_curse: bool = False
    lone_bluff_wins: bool = True
    ally_top_only: bool = False


@attrs.frozen
class Reinforcement:
    """One card face down under an Adversary or a Territory.

    Args:
        card: The card's id.
        placer: Who placed it (he knows the card; nobody else does until it is revealed).
        in_reinforcement_phase: Placed in the placer's own reinforcement phase (a Curse
            placed then doubles an Adversary's defence), rather than in an on-play window.
        public: Everyone has seen it: it survived a failed attack.
        known_bluff: Everyone knows this face-down card is not an Action card: it left a
            hand all of whose cards were publicly known not to be Action cards (a beaten
            duelist's, see ``MorriganState.floors``).
    """

    card: CardId
    placer: PlayerId
    in_reinforcement_phase: bool
    public: bool
    known_bluff: bool = False


@attrs.frozen
class Holding:
    """A Territory or an Adversary on the table, with the cards placed under it.

    Args:
        card: The Territory's or Adversary's id.
        reinforcements: The cards under it, in the order they were placed.
    """

    card: CardId
    reinforcements: tuple[Reinforcement, ...] = ()


@attrs.frozen
class Effect:
    """A Deluge or Glacial Winter in the centre, in force until its caster's next turn.

    Args:
        card: The Special card's id.
        caster: Who played it.
    """

    card: CardId
    caster: PlayerId


@attrs.frozen
class Window:
    """The other players' chance to reinforce an Adversary just played.

    Args:
        adversary: The Adversary's id.
        waiting: The players still to decide, in order (the first is to move).
    """

    adversary: CardId
    waiting: tuple[PlayerId, ...]


@attrs.frozen
class StakedCard:
    """One participant's stake in the current staking round of an Ordeal.

    Args:
        seat: The participant.
        card: The staked card, face down until the reveal.
        blessing: The Blessing played face up with it, if any.
        known_bluff: Everyone knows this face-down card is not an Action card: it left a
            hand all of whose cards were publicly known not to be Action cards (a beaten
            duelist's, see ``MorriganState.floors``).
    """

    seat: PlayerId
    card: CardId
    blessing: CardId | None = None
    known_bluff: bool = False


@attrs.frozen
class Ordeal:
    """An Ordeal being played.

    Args:
        card: The Ordeal's id.
        player: Who played it (he stakes last).
        round: The staking round, 1 for the first; later rounds are among the tied.
        waiting: The participants still to decide this round, in order.
        stakes: The stakes of this round so far, in the order they were placed.
    """

    card: CardId
    player: PlayerId
    round: int
    waiting: tuple[PlayerId, ...]
    stakes: tuple[StakedCard, ...] = ()


@attrs.frozen
class Attack:
    """An attack being built by the active player.

    Args:
        target: The Adversary's or Territory's id.
        conquest: Whether the target is another player's Territory.
        cards: The Action cards played so far, face up.
        catapults: The Catapults played with a conquest, face up.
    """

    target: CardId
    conquest: bool
    cards: tuple[CardId, ...] = ()
    catapults: tuple[CardId, ...] = ()


@attrs.frozen
class Duel:
    """A duel against Maletar in progress.

    Args:
        attack: The duelist's Action cards, face up.
        maletar: The Action cards the opponents gave Maletar, face up.
        waiting: The opponents still to decide, in order.
    """

    attack: tuple[CardId, ...]
    maletar: tuple[CardId, ...]
    waiting: tuple[PlayerId, ...]


@attrs.frozen
class Clue:
    """What one player knows about cards he cannot see: each is in one of ``places``.

    ``counts[k]`` is how many cards of kind ``CardKind(k)`` the clue stands for; each of them
    is in one of ``places``. Clues come from cards the player saw go into a hidden place he
    does not own: a card taken from him with The King's Favourite, a card taken from the
    discard pile with Unexpected Ally, the (public) discard pile shuffled into a new draw
    pile. When a hidden card moves where he cannot see which one it is, the places of every
    clue that may be that card grow (see the docs page).

    Once a reshuffle has happened, the draw pile holds only the cards of the clues that name
    it (the old discard pile, less what was drawn): a card seen leaving another place of such
    a clue may or may not be one of its cards, so the clue keeps its counts and gains a
    :attr:`Zone.SEEN` place for that card, which holds exactly that one card.

    Args:
        places: The hidden places, sorted.
        counts: For each card kind, in
            :class:`~boardgames.games.morrigan.components.CardKind` order, how many cards (30
            entries).
    """

    places: tuple[Place, ...]
    counts: tuple[int, ...]


@attrs.frozen
class MorriganState:
    """A full game state, with everything hidden from any player.

    Args:
        players: The number of seats.
        options: The configuration.
        turn: The number of the current turn, from 1.
        active: The player whose turn it is.
        phase: The kind of decision pending.
        to_move: The player to decide, ``None`` when the game is over.
        draw_pile: The face-down draw pile, top card first.
        discard_pile: The face-up discard pile, oldest first (the top card is last).
        hands: Each player's hand.
        territories: Each player's Territories in play, in the order they came to him.
        adversaries: The Adversaries in the centre, in the order they were played.
        won: Each player's won Ordeals and defeated Adversaries, in the order won.
        effects: The Deluges and Glacial Winters in force.
        window: The on-play reinforcement window in progress, if any.
        ordeal: The Ordeal in progress, if any.
        attack: The attack being built, if any.
        duel: The duel in progress, if any.
        ally: The Unexpected Ally waiting for its pick, if any.
        reinforced: The targets the active player has reinforced this reinforcement phase.
        target: The target chosen for the next reinforcement (in ``REINFORCE_CARD``).
        floors: For each player, how many cards of his hand everyone knows are not Action
            cards (after a lost duel his whole remaining hand is such). A card that leaves
            unseen a hand whose floor equals its size is marked ``known_bluff`` where it goes
            face down (:class:`Reinforcement`, :class:`StakedCard`).
        clues: What each player knows about cards he cannot see (see :class:`Clue`).
        history: Every decision of the game, as everybody saw it (face-down cards not
            named), in order. Each state shares the entries of the state before it (see
            :class:`~boardgames.History`), and its observations share it too.
        winner: The duelist who beat Maletar, if any.
        truncated: Whether the game was stopped by ``max_turns``.
        rng: The random stream.
    """

    players: int
    options: MorriganOptions
    turn: int
    active: PlayerId
    phase: Phase
    to_move: PlayerId | None
    draw_pile: tuple[CardId, ...]
    discard_pile: tuple[CardId, ...]
    hands: tuple[frozenset[CardId], ...]
    territories: tuple[tuple[Holding, ...], ...]
    adversaries: tuple[Holding, ...]
    won: tuple[tuple[CardId, ...], ...]
    effects: tuple[Effect, ...]
    window: Window | None
    ordeal: Ordeal | None
    attack: Attack | None
    duel: Duel | None
    ally: CardId | None
    reinforced: frozenset[CardId]
    target: CardId | None
    floors: tuple[int, ...]
    clues: tuple[tuple[Clue, ...], ...]
    history: History[HistoryEntry]
    winner: PlayerId | None
    truncated: bool
    rng: Rng


# The clues of a state made by ``rules.apply`` are computed when first read: the slot holds
# the move's clue events until then (``_clue_log.PendingClues``), and reading the attribute
# folds them, once, and stores the result in the slot. Every other reader (equality, repr,
# ``attrs.evolve``, the serializer) reads the attribute and so sees the clues themselves.

_CLUES_SLOT: Any = MorriganState.__dict__["clues"]


class _FoldedOnRead:
    """The ``clues`` attribute: the slot's value, with pending events folded on first read."""

    def __get__(self, state: MorriganState | None, owner: type | None = None) -> Any:
        if state is None:
            return self
        value = _CLUES_SLOT.__get__(state, owner)
        if type(value) is not tuple:
            value = value.resolve()
            _CLUES_SLOT.__set__(state, value)
        return value

    def __set__(self, state: MorriganState, value: Any) -> None:
        _CLUES_SLOT.__set__(state, value)


type.__setattr__(MorriganState, "clues", _FoldedOnRead())


def stored_clues(state: MorriganState) -> Any:
    """Return what the ``clues`` slot holds: the clues, or the events still to fold."""
    return _CLUES_SLOT.__get__(state, MorriganState)

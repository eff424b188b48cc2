"""The working copy of a state that one transition edits, and the card moves it is made of.

:func:`~boardgames.games.morrigan.rules.apply` copies the state's fields into a
:class:`Table`, lets the handler of the action move cards on it, and freezes it into the
next state once. Every collection stays the tuple (or frozenset) of the state it came from
until a move replaces it, so the parts of a state that a decision does not touch are shared
with the next state, not rebuilt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import attrs

from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.games.morrigan import _clue_log, _names
from boardgames.games.morrigan import _hidden_information as knowledge
from boardgames.games.morrigan._clue_log import Event, PendingClues
from boardgames.games.morrigan._hidden_information import Clues
from boardgames.games.morrigan.components import CARD_KINDS, CardId, CardKind, CardType
from boardgames.games.morrigan.components import CARD_TYPES as _TYPE
from boardgames.games.morrigan.state import (
    Attack,
    Duel,
    Effect,
    HistoryEntry,
    Holding,
    MorriganOptions,
    MorriganState,
    Ordeal,
    Phase,
    Place,
    Reinforcement,
    Window,
    Zone,
    stored_clues,
)

__all__ = ["Table", "replaced"]

_T = TypeVar("_T")
_KIND = CARD_KINDS
_ACTION = CardType.ACTION
_KINDS = len(CardKind)
_GIVE_CLUES = (_clue_log.steal, _clue_log.public_gain, _clue_log.reshuffle)


def _holds(holding: Holding, card: CardId) -> bool:
    return any(r.card == card and not r.public for r in holding.reinforcements)


def _relabel_holding(holding: Holding, old: CardId, new: CardId) -> Holding:
    return Holding(
        holding.card,
        tuple(attrs.evolve(r, card=new) if r.card == old else r for r in holding.reinforcements),
    )


def replaced(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """Return ``items`` with the entry at ``index`` replaced by ``value``."""
    return (*items[:index], value, *items[index + 1 :])


class Table:
    """A copy of a state that one transition edits, frozen once into the next state."""

    __slots__ = (
        "active",
        "adversaries",
        "ally",
        "attack",
        "clue_events",
        "clues",
        "discard_pile",
        "draw_pile",
        "duel",
        "effects",
        "floors",
        "hands",
        "history",
        "options",
        "ordeal",
        "phase",
        "players",
        "public",
        "reinforced",
        "rng",
        "target",
        "territories",
        "to_move",
        "truncated",
        "turn",
        "window",
        "winner",
        "won",
    )

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
    clues: tuple[Clues, ...] | PendingClues
    clue_events: list[Event]
    public: _names.Mask | None
    history: History[HistoryEntry]
    winner: PlayerId | None
    truncated: bool
    rng: Rng

    def __init__(self, state: MorriganState) -> None:
        self.players = state.players
        self.options = state.options
        self.turn = state.turn
        self.active = state.active
        self.phase = state.phase
        self.to_move = state.to_move
        self.draw_pile = state.draw_pile
        self.discard_pile = state.discard_pile
        self.hands = state.hands
        self.territories = state.territories
        self.adversaries = state.adversaries
        self.won = state.won
        self.effects = state.effects
        self.window = state.window
        self.ordeal = state.ordeal
        self.attack = state.attack
        self.duel = state.duel
        self.ally = state.ally
        self.reinforced = state.reinforced
        self.target = state.target
        self.floors = state.floors
        self.clues = stored_clues(state)  # the clues before the move, maybe still pending
        self.clue_events = []
        self.history = state.history
        self.winner = state.winner
        self.truncated = state.truncated
        self.rng = state.rng
        self.public = _names.LAST.get(state)  # known if the state was made last

    def freeze(self) -> MorriganState:
        """Return the state this table now describes."""
        clues = self.clues
        if self.clue_events:
            clues = PendingClues(clues, tuple(self.clue_events), self.players)
        state = MorriganState(
            self.players,
            self.options,
            self.turn,
            self.active,
            self.phase,
            self.to_move,
            self.draw_pile,
            self.discard_pile,
            self.hands,
            self.territories,
            self.adversaries,
            self.won,
            self.effects,
            self.window,
            self.ordeal,
            self.attack,
            self.duel,
            self.ally,
            self.reinforced,
            self.target,
            self.floors,
            clues,  # type: ignore[arg-type]  # folded when read (see ``_clue_log``)
            self.history,
            self.winner,
            self.truncated,
            self.rng,
        )
        if self.public is not None:
            _names.LAST.put(state, self.public)
        return state

    # ---- one seat's entries -----------------------------------------------------------------

    def set_hand(self, seat: PlayerId, hand: frozenset[CardId]) -> None:
        if hand != self.hands[seat]:  # sizes differ but for an empty hand emptied again
            self.hands = replaced(self.hands, seat, hand)

    def set_territories(self, seat: PlayerId, holdings: tuple[Holding, ...]) -> None:
        self.territories = replaced(self.territories, seat, holdings)

    def set_won(self, seat: PlayerId, won: tuple[CardId, ...]) -> None:
        self.won = replaced(self.won, seat, won)

    def set_floor(self, seat: PlayerId, floor: int) -> None:
        if self.floors[seat] != floor:
            self.floors = replaced(self.floors, seat, floor)

    # ---- cards in hand ----------------------------------------------------------------------

    def take(self, seat: PlayerId, kind: CardKind) -> CardId:
        """Remove a card of ``kind`` from ``seat``'s hand, a random one of several copies.

        Which copy it is tells nobody anything: a card shown takes its public name, and the
        cards only one player sees are shown to him under private names (see
        :mod:`~boardgames.games.morrigan._names`). The draw keeps the random stream of
        earlier versions, so that a seed plays the same game.
        """
        hand = self.hands[seat]
        copies = sorted(card for card in hand if _KIND[card] is kind)
        card = copies[0]
        if len(copies) > 1:
            index, self.rng = self.rng.randbelow(len(copies))
            card = copies[index]
        self.set_hand(seat, hand - {card})
        return card

    def take_shown(self, seat: PlayerId, kind: CardKind) -> CardId:
        """Remove a card of ``kind`` from ``seat``'s hand to show it: return its public name."""
        return self.shown((self.take(seat, kind),))[0]

    def shown(
        self,
        cards: Sequence[CardId],
        holdings: frozenset[CardId] = frozenset(),
        stakes: bool = False,
    ) -> tuple[CardId, ...]:
        """Give ``cards``, coming into everybody's view in this order, their public names.

        Each takes the lowest id of its kind that no card in view holds (see
        :mod:`~boardgames.games.morrigan._names`); the hidden card that held it takes the
        shown card's old id. ``cards`` must be out of view: in transit from a hand, or still
        in the face-down places they are being turned up from: under the ``holdings`` named
        (by card id), or the Ordeal's stakes if ``stakes``. Those places are not searched for
        the hidden card to relabel (they still hold the shown cards' old ids).
        """
        public = self.public
        if public is None:  # the cards in transit are in no place, and not in view
            public = _names.public_mask(self, cards)
        if len(cards) == 1:
            card = cards[0]
            kind = _KIND[card]
            bits = public[kind]
            free = ~bits & (bits + 1)  # the lowest copy out of view
            name = _names.FIRST[kind] + free.bit_length() - 1
            if name != card:
                self._relabel(name, card, holdings, stakes)
            self.public = (*public[:kind], bits | free, *public[kind + 1 :])
            return (name,)
        mask = list(public)
        batch = list(cards)
        for index, card in enumerate(batch):
            name = _names.name_and_mark(card, mask)
            if name != card:
                if name in batch:  # a later card of the batch: it takes the old id
                    batch[batch.index(name, index + 1)] = card
                else:
                    self._relabel(name, card, holdings, stakes)
                batch[index] = name
        self.public = tuple(mask)
        return tuple(batch)

    def _relabel(
        self, old: CardId, new: CardId, skipped: frozenset[CardId], skip_stakes: bool
    ) -> None:
        """Give the hidden card ``old`` the id ``new`` (a card of the same kind, now free).

        The face-down cards under the ``skipped`` holdings, and the stakes if
        ``skip_stakes``, are being shown: they are not searched.
        """
        pile = self.draw_pile
        if old in pile:
            index = pile.index(old)
            self.draw_pile = (*pile[:index], new, *pile[index + 1 :])
            return
        for seat, hand in enumerate(self.hands):
            if old in hand:
                self.hands = replaced(self.hands, seat, (hand - {old}) | {new})
                return
        ordeal = self.ordeal
        if ordeal is not None and not skip_stakes:
            for index, stake in enumerate(ordeal.stakes):
                if stake.card == old:
                    stakes = replaced(ordeal.stakes, index, attrs.evolve(stake, card=new))
                    self.ordeal = attrs.evolve(ordeal, stakes=stakes)
                    return
        for seat, holdings in enumerate(self.territories):
            for index, holding in enumerate(holdings):
                if holding.card not in skipped and _holds(holding, old):
                    relabelled = _relabel_holding(holding, old, new)
                    self.set_territories(seat, replaced(holdings, index, relabelled))
                    return
        for index, holding in enumerate(self.adversaries):
            if holding.card not in skipped and _holds(holding, old):
                relabelled = _relabel_holding(holding, old, new)
                self.adversaries = replaced(self.adversaries, index, relabelled)
                return
        raise AssertionError(f"card {old} is not in a hidden place")

    def left_hand(self, seat: PlayerId, card: CardId, *, visible: bool) -> bool:
        """Update the public count of known non-Action cards after ``card`` left a hand.

        Call it once ``card`` is out of ``seat``'s hand. Return whether everyone knows
        ``card`` is not an Action card because every card of the hand it left was known to
        be such (the floor equalled the hand's size): a card leaving unseen is then a known
        bluff.
        """
        floor = self.floors[seat]
        known = bool(floor) and floor == len(self.hands[seat]) + 1
        if floor and not (visible and _TYPE[card] is _ACTION):
            self.set_floor(seat, floor - 1)
        return known

    def discard(self, cards: Iterable[CardId]) -> None:
        self.discard_pile = (*self.discard_pile, *cards)

    def draw(self, seat: PlayerId, count: int) -> None:
        """Draw ``count`` cards, reshuffling the discard pile whenever the draw pile is empty."""
        hand = self.hands[seat]
        for _ in range(count):
            if not self.draw_pile:
                if not self.discard_pile:
                    break
                self.reshuffle()
            card = self.draw_pile[0]
            self.draw_pile = self.draw_pile[1:]
            hand = hand | {card}
            self.clue_draw(seat, card)
        self.set_hand(seat, hand)

    def reshuffle(self) -> None:
        cards = self.discard_pile
        if self.public is not None:  # the reshuffled cards go out of view
            self.public = _names.without(self.public, cards)
        self.draw_pile, self.rng = self.rng.shuffled(cards)
        self.discard_pile = ()
        counts = [0] * _KINDS
        for card in cards:
            counts[_KIND[card]] += 1
        self._record(_clue_log.reshuffle, (tuple(counts),))

    # ---- what each player knows about cards he cannot see -----------------------------------
    #
    # Each event is recorded, not computed: the next state folds the move's events into each
    # observer's clues when they are first read (see ``_clue_log``).

    def _record(self, event: Callable[..., Clues], arguments: tuple[Any, ...]) -> None:
        """Record a clue event, unless it changes nothing.

        While nobody has a clue, only an event that gives one (a steal, a card gained in
        view, a reshuffle) is kept.
        """
        quiet = not self.clue_events and type(self.clues) is tuple and not any(self.clues)
        if quiet and event not in _GIVE_CLUES:
            return
        self.clue_events.append((event, arguments))

    def clue_draw(self, seat: PlayerId, card: CardId) -> None:
        """``seat`` drew ``card``: he saw its kind, the others did not."""
        self._record(_clue_log.draw, (seat, _KIND[card]))

    def clue_hidden(self, seat: PlayerId, place: Place) -> None:
        """``seat`` put a card from his hand face down at ``place``."""
        self._record(_clue_log.hidden, (seat, place))

    def clue_visible(self, seat: PlayerId, card: CardId) -> None:
        """``card`` left ``seat``'s hand face up: everybody saw its kind."""
        kind = _KIND[card]
        seen = (knowledge.seen_place(self.stamp() + card, kind),)
        self._record(_clue_log.visible, (seat, kind, seen))

    def clue_steal(self, victim: PlayerId, taker: PlayerId, card: CardId) -> None:
        """``taker`` drew ``card`` from ``victim``'s hand: only the two of them saw it."""
        kind = _KIND[card]
        seen = (knowledge.seen_place(self.stamp() + 99 - victim, kind),)
        self._record(_clue_log.steal, (victim, taker, kind, seen))

    def clue_public_gain(self, seat: PlayerId, card: CardId) -> None:
        """Everybody saw ``card`` go into ``seat``'s hand."""
        self._record(_clue_log.public_gain, (seat, _KIND[card]))

    def clue_reveal(
        self, place: Place, cards: Iterable[CardId], kinds: frozenset[CardKind] | None = None
    ) -> None:
        """Everybody saw every card at ``place`` (or every card of ``kinds`` there)."""
        self._record(_clue_log.reveal, (place, tuple(cards), kinds, self.stamp()))

    def stamp(self) -> int:
        """The stamp of the cards seen leaving in this transition (see ``Zone.SEEN``)."""
        return 100 * len(self.history)

    def reveal_holding(self, holding: Holding) -> Holding:
        """Turn up the face-down cards under ``holding``: return it with their public names.

        The clues about them are settled. ``holding`` keeps its place in the table (the
        caller replaces or removes it).
        """
        hidden = [r.card for r in holding.reinforcements if not r.public]
        if not hidden:
            return holding
        names = iter(self.shown(hidden, frozenset((holding.card,))))
        reinforcements = tuple(
            r
            if r.public
            else Reinforcement(
                next(names), r.placer, r.in_reinforcement_phase, r.public, r.known_bluff
            )
            for r in holding.reinforcements
        )
        for index, reinforcement in enumerate(reinforcements):
            if not reinforcement.public:
                self.clue_reveal((Zone.SLOT, holding.card, index), (reinforcement.card,))
        return Holding(holding.card, reinforcements)

    def place_face_down(
        self, holding: Holding, seat: PlayerId, card: CardId, in_phase: bool
    ) -> Holding:
        """Return ``holding`` with ``card``, already out of ``seat``'s hand, face down under it."""
        self.clue_hidden(seat, (Zone.SLOT, holding.card, len(holding.reinforcements)))
        known_bluff = self.left_hand(seat, card, visible=False)
        return Holding(
            holding.card,
            (*holding.reinforcements, Reinforcement(card, seat, in_phase, False, known_bluff)),
        )

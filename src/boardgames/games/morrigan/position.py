"""Positions of Morrigan: a table written down as people see it, and read back.

A :class:`MorriganPosition` describes what people set up: the turn, whose turn it is and
the decision pending, each knight's hand, Territories (and the cards under them), won
cards, what everyone knows of his hand (``floor``) and what he remembers of cards he
cannot see (his clues), the discard pile, the Adversaries in the centre, the effects in
force, and the Ordeal, attack or duel in progress. Whatever it leaves out is whatever the
rules allow, drawn from the seed of
:meth:`Morrigan.setup <boardgames.games.morrigan.Morrigan.setup>`: the cards written
``?``, a hand without a line (5 cards, 7 for the active player in his action phase or at
the hand limit), and the draw pile (the cards left, shuffled; ``draw`` names its top).

The text notation has one fact a line; ``#`` starts a comment::

    >>> from boardgames.games.morrigan.position import MorriganPosition
    >>> position = MorriganPosition.parse('''
    ...     morrigan players 3
    ...     turn 6
    ...     active 1
    ...     discard Action 1, Curse
    ...     adversary Adversary 4 under ? by 2 on-play
    ...     seat 1 hand 2 Action 3, Territory 5, 4 ?
    ...     seat 2 territory Territory 3 under Action 2 seen, ?
    ...     seat 2 won Ordeal 2
    ... ''')
    >>> position.seats[1].hand[:3], position.adversaries[0].card
    ((24, 25, 87), 69)
    >>> print(position)
    morrigan players 3
    turn 6
    active 1
    phase action
    discard Action 1, Curse
    adversary Adversary 4 under ? by 2 on-play
    seat 1 hand 2 Action 3, Territory 5, 4 ?
    seat 2 territory Territory 3 under Action 2 seen, ?
    seat 2 won Ordeal 2

Cards are written by their printed names (see
:data:`~boardgames.games.morrigan.components.CARD_NAMES`), separated by commas; ``N NAME``
stands for ``N`` cards of a kind in a row, ``?`` for a hidden card left to the seed. The
copies of a kind are identical, and each card in view carries a public name (an id, see
:ref:`morrigan-card-names`): a card in view is written ``NAME@ID`` when its id is not the
one the notation gives by default (the lowest ids of its kind, in the order of the lines).
Hidden cards are named by kind only.

The lines, in the order ``str()`` writes them (each at most once but for ``adversary``,
``stake``, ``seat S territory``, ``seat S clue`` and ``moves``):

* ``morrigan players N``: first, always.
* ``turn T``, ``active S``: the turn (1 by default) and whose it is (seat 0 by default).
* ``phase NAME``: the decision pending (``action`` by default): ``turn-start``, ``action``,
  ``on-play-reinforce``, ``ordeal-stake``, ``attack``, ``ally-pick``, ``reinforce-target``,
  ``reinforce-card``, ``hand-limit``, ``maletar-reinforce``, ``duel-loss``, ``game-over``.
* ``discard CARDS``: the discard pile, oldest first.
* ``draw CARDS``: the top of the draw pile, top first (the rest is drawn from the seed).
* ``adversary CARD [under REINFORCEMENTS]``: an Adversary in the centre, in the order
  played; each reinforcement is ``CARD|? by SEAT [on-play] [seen] [bluff]`` (placed in a
  reinforcement phase unless ``on-play``; ``seen`` by everyone after a failed attack;
  ``bluff``: everyone knows it is no Action card).
* ``effect CARD by SEAT``: a Deluge or Glacial Winter in force, and its caster.
* ``window SEAT ...``: the players still to decide whether to reinforce the Adversary
  played last.
* ``ordeal CARD round R waiting SEAT ...``: the Ordeal in progress (played by the active
  player); ``stake SEAT CARD|? [blessed] [bluff]``: a stake of this round, in order.
* ``attack fight|conquer TARGET [with CARDS]``: the attack being built, its Action cards
  and Catapults.
* ``duel attack CARDS``, ``duel maletar CARDS``, ``duel waiting SEAT ...``: the duel in
  progress (``-`` for no card).
* ``reinforced TARGETS``, ``target TARGET``: the targets reinforced this reinforcement
  phase, and the one chosen for the next card.
* ``winner S``: the knight who beat Maletar (a game over without one was truncated).
* ``seat S hand CARDS``: the hand, ``-`` for none.
* ``seat S territory CARD [under CARDS [seen] [bluff]]``: a Territory, in the order it came
  to him, and the cards he placed under it.
* ``seat S won CARDS``: the Ordeals won and Adversaries defeated, in order.
* ``seat S floor N``: everyone knows ``N`` cards of the hand are no Action cards.
* ``seat S clue PLACES = COUNTED-CARDS``: one of his clues
  (:class:`~boardgames.games.morrigan.state.Clue`): so many cards of each kind are each in
  one of the places ``hand:S``, ``stake:S``, ``draw``, ``under:ID:INDEX`` (the card at
  ``INDEX`` under the card ``ID``) and ``seen:STAMP:KIND`` (see
  :attr:`~boardgames.games.morrigan.state.Zone.SEEN`; ``KIND`` is the kind's number).
* ``moves T SEAT:MOVE ...``: the public moves of turn ``T`` since the position the other
  lines describe, oldest first, such as ``1:play:Territory-3``, ``2:down``, ``0:fight:60``
  (a card named on the table is written by its id; see :func:`move_text`).
* ``origin LINE``: a line of the public position the moves start from, when there are
  moves and it is not the deal.

A target (``attack``, ``reinforced``, ``target``) names a card on the table: its name, with
``@ID`` when the table shows more than one card of that kind.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs

from boardgames.core.errors import ConfigurationError
from boardgames.core.notation import lines
from boardgames.core.protocol import PlayerId
from boardgames.core.values import resolve_signature
from boardgames.games.morrigan import actions
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    CARDS,
    DRAW,
    HAND_SIZE,
    CardId,
    CardKind,
)
from boardgames.games.morrigan.state import (
    Attack,
    Clue,
    Duel,
    Effect,
    HistoryEntry,
    Phase,
    Place,
    Window,
    Zone,
)

__all__ = [
    "GAME_NAME",
    "HoldingPosition",
    "MorriganPosition",
    "OrdealPosition",
    "ReinforcementPosition",
    "SeatPosition",
    "StakePosition",
    "move_text",
]

GAME_NAME: Final = "morrigan"
"""The first word of every position's text."""

_FIRST: Final = tuple(min(card.id for card in CARDS if card.kind is kind) for kind in CardKind)
_COPIES: Final = tuple(tuple(card.id for card in CARDS if card.kind is kind) for kind in CardKind)
_PHASE_NAMES: Final = {phase: phase.name.lower().replace("_", "-") for phase in Phase}
_PHASES_BY_NAME: Final = {name: phase for phase, name in _PHASE_NAMES.items()}
_NAME_WORDS: Final = {str(kind).lower(): kind for kind in CardKind}


def _sorted_hand(cards: Iterable[CardId | None] | None) -> tuple[CardId | None, ...] | None:
    """Known cards first, by id, then the unknown ones (``None``); ``None`` stays ``None``."""
    if cards is None:
        return None
    items = tuple(cards)
    known = sorted(card for card in items if card is not None)
    return (*known, *(None for card in items if card is None))


@attrs.frozen
class ReinforcementPosition:
    """A card face down under a Territory or an Adversary (or seen, face up, there).

    Args:
        card: The card (``None``: a card drawn from the seed).
        placer: Who placed it.
        in_reinforcement_phase: Placed in his reinforcement phase (not in an on-play
            window).
        public: Everyone has seen it (it survived a failed attack).
        known_bluff: Everyone knows it is not an Action card.
    """

    card: CardId | None
    placer: PlayerId
    in_reinforcement_phase: bool = True
    public: bool = False
    known_bluff: bool = False


@attrs.frozen
class HoldingPosition:
    """A Territory or an Adversary on the table, and the cards under it, in order.

    Args:
        card: The Territory or Adversary.
        reinforcements: The cards under it, in the order they were placed.
    """

    card: CardId
    reinforcements: tuple[ReinforcementPosition, ...] = ()


@attrs.frozen
class StakePosition:
    """A stake of the current round of the Ordeal in progress.

    Args:
        seat: The participant.
        card: The face-down card (``None``: drawn from the seed).
        blessing: The Blessing played face up with it, if any.
        known_bluff: Everyone knows the card is not an Action card.
    """

    seat: PlayerId
    card: CardId | None = None
    blessing: CardId | None = None
    known_bluff: bool = False


@attrs.frozen
class OrdealPosition:
    """The Ordeal in progress, played by the active player.

    Args:
        card: The Ordeal.
        waiting: The participants still to decide this round, in order.
        round: The staking round, 1 first.
        stakes: The stakes of this round, in the order placed.
    """

    card: CardId
    waiting: tuple[PlayerId, ...]
    round: int = 1
    stakes: tuple[StakePosition, ...] = ()


@attrs.frozen
class SeatPosition:
    """One knight's cards in a position, and what he and everyone know.

    Args:
        hand: The hand (``None`` for an unknown card), or ``None`` for the default: 5
            cards drawn from the seed, 7 for the active player in his action phase or at
            the hand limit.
        territories: His Territories, in the order they came to him.
        won: His won Ordeals and defeated Adversaries, in order.
        floor: How many cards of his hand everyone knows are not Action cards.
        clues: What he knows of cards he cannot see, sorted by places.
    """

    hand: tuple[CardId | None, ...] | None = attrs.field(default=None, converter=_sorted_hand)
    territories: tuple[HoldingPosition, ...] = ()
    won: tuple[CardId, ...] = ()
    floor: int = 0
    clues: tuple[Clue, ...] = ()

    def public(self) -> SeatPosition:
        """What everyone sees of this knight: his hand's size, his table, no clues."""
        return attrs.evolve(
            self,
            hand=None if self.hand is None else (None,) * len(self.hand),
            territories=tuple(_public_holding(holding) for holding in self.territories),
            clues=(),
        )


def _public_holding(holding: HoldingPosition) -> HoldingPosition:
    return attrs.evolve(
        holding,
        reinforcements=tuple(
            r if r.public else attrs.evolve(r, card=None) for r in holding.reinforcements
        ),
    )


def _seats_default(position: MorriganPosition) -> tuple[SeatPosition, ...]:
    return (SeatPosition(),) * position.players if type(position.players) is int else ()


@attrs.frozen
class MorriganPosition:
    """A position of Morrigan: the table as people set it up or see it.

    Every field but ``players`` has a default, so a position names only what matters;
    :meth:`~boardgames.games.morrigan.Morrigan.setup` checks it and draws the rest from its
    seed. ``str`` gives the text notation (see the module) and :meth:`parse` reads it back:
    ``MorriganPosition.parse(str(position)) == position``. Cards are ids; the hidden ones
    (hands, face-down cards, the draw pile's top) are held under the lowest ids of their
    kinds after those of the cards in view, as the notation gives them.

    Args:
        players: The number of knights, 2 to 5.
        turn: The turn, from 1.
        active: Whose turn it is.
        phase: The decision pending.
        seats: Each knight's cards and knowledge.
        discard_pile: The discard pile, oldest first.
        draw_pile: The top of the draw pile, top first; the rest is drawn from the seed.
        adversaries: The Adversaries in the centre, in the order played.
        effects: The Deluges and Glacial Winters in force.
        window: The on-play window in progress (for the Adversary played last), if any.
        ordeal: The Ordeal in progress, if any.
        attack: The attack being built, if any.
        duel: The duel in progress (or won), if any.
        reinforced: The targets the active player has reinforced this phase.
        target: The target chosen for the next reinforcement.
        winner: The knight who beat Maletar, if any.
        history: The public moves since ``origin`` (or since the deal), oldest first.
        origin: The public position the moves start from (``None``: the deal, or no
            moves). Only its public facts count.
    """

    players: int
    turn: int = 1
    active: PlayerId = 0
    phase: Phase = Phase.ACTION
    seats: tuple[SeatPosition, ...] = attrs.field(
        default=attrs.Factory(_seats_default, takes_self=True)
    )
    discard_pile: tuple[CardId, ...] = ()
    draw_pile: tuple[CardId, ...] = ()
    adversaries: tuple[HoldingPosition, ...] = ()
    effects: tuple[Effect, ...] = ()
    window: Window | None = None
    ordeal: OrdealPosition | None = None
    attack: Attack | None = None
    duel: Duel | None = None
    reinforced: frozenset[CardId] = frozenset()
    target: CardId | None = None
    winner: PlayerId | None = None
    history: tuple[HistoryEntry, ...] = ()
    origin: MorriganPosition | None = None

    @property
    def to_move(self) -> PlayerId | None:
        """Who decides now (derived from the phase, not given).

        The first one waiting in a window, an Ordeal or a duel's call for Maletar's
        reinforcements; nobody once the game is over; else the active player.
        """
        phase = self.phase
        if phase is Phase.GAME_OVER:
            return None
        waiting: tuple[PlayerId, ...] | None = None
        if phase is Phase.ON_PLAY_REINFORCE and self.window is not None:
            waiting = self.window.waiting
        elif phase is Phase.ORDEAL_STAKE and self.ordeal is not None:
            waiting = self.ordeal.waiting
        elif phase is Phase.MALETAR_REINFORCE and self.duel is not None:
            waiting = self.duel.waiting
        if waiting is not None:
            return waiting[0] if waiting else None
        return self.active

    def default_hand_size(self, seat: PlayerId) -> int:
        """The size of ``seat``'s hand when the position gives none (see :class:`SeatPosition`)."""
        drawn = seat == self.active and self.phase in (Phase.ACTION, Phase.HAND_LIMIT)
        return HAND_SIZE + (DRAW if drawn else 0)

    def public(self) -> MorriganPosition:
        """What every knight sees: hidden cards unknown, no clues, no moves, no origin."""
        ordeal = self.ordeal
        if ordeal is not None:
            ordeal = attrs.evolve(
                ordeal, stakes=tuple(attrs.evolve(s, card=None) for s in ordeal.stakes)
            )
        return attrs.evolve(
            self,
            seats=tuple(seat.public() for seat in self.seats),
            draw_pile=(),
            adversaries=tuple(_public_holding(holding) for holding in self.adversaries),
            ordeal=ordeal,
            history=(),
            origin=None,
        )

    def __str__(self) -> str:
        return "\n".join(_write(self))

    @classmethod
    def parse(cls, text: str) -> MorriganPosition:
        """Read a position from its text notation (see the module).

        Raises:
            NotationError: The text is not a position; the message names the line, the
                column and the token at fault, and what was expected there.
        """
        from boardgames.games.morrigan._position_read import read  # it reads positions

        return read(lines(text))


resolve_signature(MorriganPosition)  # its ``origin`` names the class itself


# --- the cards of a position, in the order of the notation -----------------------------------

# While a text is read, a card given by kind only is held as ``-1 - kind``; :func:`_resolve`
# then gives it its id. The walk below visits every card, in view first, in a fixed order.

CardMap = Callable[[CardId | None], CardId | None]


def _map_holding(holding: HoldingPosition, shown: CardMap, hidden: CardMap) -> HoldingPosition:
    card = shown(holding.card)
    assert card is not None
    return HoldingPosition(
        card,
        tuple(
            attrs.evolve(r, card=(shown if r.public else hidden)(r.card))
            for r in holding.reinforcements
        ),
    )


def _map_cards(position: MorriganPosition, shown: CardMap, hidden: CardMap) -> MorriganPosition:
    """Rebuild ``position`` with ``shown`` applied to each card in view, then ``hidden``.

    Each function is applied in the order of the lines: every card in view first, then
    the hidden cards (hands, cards under holdings, stakes, the draw pile's top).
    """

    def each(cards: Iterable[CardId | None], function: CardMap) -> tuple[Any, ...]:
        return tuple(function(card) for card in cards)

    def shown_only(holding: HoldingPosition) -> HoldingPosition:
        return _map_holding(holding, shown, lambda card: card)

    def hidden_only(holding: HoldingPosition) -> HoldingPosition:
        return _map_holding(holding, lambda card: card, hidden)

    discard = each(position.discard_pile, shown)
    adversaries = tuple(map(shown_only, position.adversaries))

    def one(card: CardId) -> CardId:
        mapped = shown(card)
        assert mapped is not None
        return mapped

    effects = tuple(attrs.evolve(e, card=one(e.card)) for e in position.effects)
    ordeal = position.ordeal
    if ordeal is not None:
        ordeal = attrs.evolve(
            ordeal,
            card=one(ordeal.card),
            stakes=tuple(
                attrs.evolve(s, blessing=None if s.blessing is None else shown(s.blessing))
                for s in ordeal.stakes
            ),
        )
    attack = position.attack
    if attack is not None:
        attack = attrs.evolve(
            attack, cards=each(attack.cards, shown), catapults=each(attack.catapults, shown)
        )
    duel = position.duel
    if duel is not None:
        duel = attrs.evolve(
            duel, attack=each(duel.attack, shown), maletar=each(duel.maletar, shown)
        )
    seats = [
        attrs.evolve(
            seat,
            territories=tuple(map(shown_only, seat.territories)),
            won=each(seat.won, shown),
        )
        for seat in position.seats
    ]
    # The hidden cards: hands, the cards under Adversaries and Territories, stakes, the draw.
    for number, seat in enumerate(seats):
        if seat.hand is not None:
            seats[number] = attrs.evolve(seat, hand=each(seat.hand, hidden))
    adversaries = tuple(map(hidden_only, adversaries))
    seats = [
        attrs.evolve(seat, territories=tuple(map(hidden_only, seat.territories))) for seat in seats
    ]
    if ordeal is not None:
        ordeal = attrs.evolve(
            ordeal, stakes=tuple(attrs.evolve(s, card=hidden(s.card)) for s in ordeal.stakes)
        )
    draw = each(position.draw_pile, hidden)
    return attrs.evolve(
        position,
        discard_pile=discard,
        adversaries=adversaries,
        effects=effects,
        ordeal=ordeal,
        attack=attack,
        duel=duel,
        seats=tuple(seats),
        draw_pile=draw,
    )


def _kind_of(card: CardId) -> int:
    return -1 - card if card < 0 else int(CARD_KINDS[card])


class _TooMany(ConfigurationError):
    """A position has more cards of a kind than the deck."""

    def __init__(self, kind: int, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _canonical(position: MorriganPosition, keep: Callable[[CardId], bool]) -> MorriganPosition:
    """Give the cards ``keep`` refuses, and those held by kind, the lowest free ids.

    Every card ``keep`` refuses, and every card held as ``-1 - kind``, gets the lowest id
    of its kind that no other card holds, in the order of the lines (cards in view first).

    Cards ``keep`` accepts keep their ids (they must be distinct); the others must be of
    kinds with enough copies left.

    Raises:
        ConfigurationError: A kind has more cards than the deck holds.
    """
    taken: set[CardId] = set()

    def collect(card: CardId | None) -> CardId | None:
        if card is not None and card >= 0 and keep(card):
            taken.add(card)
        return card

    _map_cards(position, collect, collect)
    free = {kind: [c for c in _COPIES[kind] if c not in taken] for kind in range(len(CardKind))}
    used = Counter[int]()

    def give(card: CardId | None) -> CardId | None:
        if card is None or (card >= 0 and keep(card)):
            return card
        kind = _kind_of(card)
        if used[kind] >= len(free[kind]):
            raise _TooMany(
                kind,
                f"the position has more {CardKind(kind)} cards than the deck's "
                f"{len(_COPIES[kind])}",
            )
        used[kind] += 1
        return free[kind][used[kind] - 1]

    return _map_cards(position, give, give)


# --- writing ---------------------------------------------------------------------------------


def _shown_ids(position: MorriganPosition) -> list[CardId]:
    ids: list[CardId] = []

    def note(card: CardId | None) -> CardId | None:
        if card is not None:
            ids.append(card)
        return card

    _map_cards(position, note, lambda card: card)
    return ids


def _named_kinds(position: MorriganPosition) -> set[int]:
    """The kinds whose cards in view the text must write with their ids."""
    ids = _shown_ids(position)
    stripped = _map_cards(
        position,
        lambda card: None if card is None else -1 - int(CARD_KINDS[card]),
        lambda card: card,
    )
    try:
        again = _shown_ids(_canonical(stripped, lambda card: False))
    except ConfigurationError:
        return {int(CARD_KINDS[card]) for card in ids}
    return {int(CARD_KINDS[a]) for a, b in zip(ids, again, strict=True) if a != b}


class _Writer:
    def __init__(self, position: MorriganPosition) -> None:
        self.named = _named_kinds(position)
        holdings = [h.card for h in position.adversaries] + [
            h.card for seat in position.seats for h in seat.territories
        ]
        counts = Counter(CARD_KINDS[card] for card in holdings)
        self.ambiguous = {kind for kind, count in counts.items() if count > 1}

    def card(self, card: CardId | None) -> str:
        if card is None:
            return "?"
        kind = CARD_KINDS[card]
        return f"{kind}@{card}" if kind in self.named else str(kind)

    def target(self, card: CardId) -> str:
        kind = CARD_KINDS[card]
        return f"{kind}@{card}" if kind in self.ambiguous else str(kind)

    def cards(self, cards: Sequence[CardId | None], hidden: bool = False) -> str:
        """Cards joined by commas, a run of equal names as ``N NAME``; ``-`` for none."""
        names = [
            "?" if c is None else str(CARD_KINDS[c]) if hidden else self.card(c) for c in cards
        ]
        words: list[str] = []
        index = 0
        while index < len(names):
            run = 1
            while index + run < len(names) and names[index + run] == names[index]:
                run += 1
            words.append(names[index] if run == 1 else f"{run} {names[index]}")
            index += run
        return ", ".join(words) or "-"

    def reinforcements(self, holding: HoldingPosition, adversary: bool) -> str:
        items = []
        for r in holding.reinforcements:
            words = [
                self.card(r.card)
                if r.public
                else "?"
                if r.card is None
                else str(CARD_KINDS[r.card])
            ]
            if adversary:
                words.append(f"by {r.placer}")
            if not r.in_reinforcement_phase:
                words.append("on-play")
            if r.public:
                words.append("seen")
            if r.known_bluff:
                words.append("bluff")
            items.append(" ".join(words))
        head = self.card(holding.card)
        return f"{head} under {', '.join(items)}" if items else head


def _place(place: Place) -> str:
    zone, key, index = place
    if zone == Zone.HAND:
        return f"hand:{key}"
    if zone == Zone.STAKE:
        return f"stake:{key}"
    if zone == Zone.DRAW:
        return "draw"
    if zone == Zone.SLOT:
        return f"under:{key}:{index}"
    return f"seen:{key}:{index}"


def _counted(counts: Sequence[int]) -> str:
    return ", ".join(
        str(CardKind(kind)) if count == 1 else f"{count} {CardKind(kind)}"
        for kind, count in enumerate(counts)
        if count
    )


def _write(position: MorriganPosition) -> list[str]:
    write = _Writer(position)
    out = [f"{GAME_NAME} players {position.players}"]
    out.append(f"turn {position.turn}")
    out.append(f"active {position.active}")
    out.append(f"phase {_PHASE_NAMES.get(position.phase, position.phase)}")
    if position.discard_pile:
        out.append(f"discard {write.cards(position.discard_pile)}")
    if position.draw_pile:
        out.append(f"draw {write.cards(position.draw_pile, hidden=True)}")
    for holding in position.adversaries:
        out.append(f"adversary {write.reinforcements(holding, True)}")
    for effect in position.effects:
        out.append(f"effect {write.card(effect.card)} by {effect.caster}")
    if position.window is not None:
        out.append(" ".join(["window", *map(str, position.window.waiting)]))
    ordeal = position.ordeal
    if ordeal is not None:
        waiting = " ".join(map(str, ordeal.waiting))
        out.append(
            f"ordeal {write.card(ordeal.card)} round {ordeal.round} waiting {waiting or '-'}"
        )
        for stake in ordeal.stakes:
            words = [
                f"stake {stake.seat}",
                "?" if stake.card is None else str(CARD_KINDS[stake.card]),
            ]
            if stake.blessing is not None:
                words.append("blessed")
            if stake.known_bluff:
                words.append("bluff")
            out.append(" ".join(words))
    attack = position.attack
    if attack is not None:
        kind = "conquer" if attack.conquest else "fight"
        line = f"attack {kind} {write.target(attack.target)}"
        if attack.cards or attack.catapults:
            line += f" with {write.cards((*attack.cards, *attack.catapults))}"
        out.append(line)
    duel = position.duel
    if duel is not None:
        out.append(f"duel attack {write.cards(duel.attack)}")
        if duel.maletar:
            out.append(f"duel maletar {write.cards(duel.maletar)}")
        if duel.waiting:
            out.append(" ".join(["duel waiting", *map(str, duel.waiting)]))
    if position.reinforced:
        out.append(
            f"reinforced {', '.join(write.target(card) for card in sorted(position.reinforced))}"
        )
    if position.target is not None:
        out.append(f"target {write.target(position.target)}")
    if position.winner is not None:
        out.append(f"winner {position.winner}")
    for number, seat in enumerate(position.seats):
        head = f"seat {number}"
        if seat.hand is not None:
            out.append(f"{head} hand {write.cards(seat.hand, hidden=True)}")
        for holding in seat.territories:
            out.append(f"{head} territory {write.reinforcements(holding, False)}")
        if seat.won:
            out.append(f"{head} won {write.cards(seat.won)}")
        if seat.floor:
            out.append(f"{head} floor {seat.floor}")
        for clue in seat.clues:
            places = " ".join(map(_place, clue.places))
            out.append(f"{head} clue {places} = {_counted(clue.counts)}")
    turn = None
    moves: list[str] = []
    for entry_turn, mover, action in position.history:
        if entry_turn != turn or len(moves) > 12:
            if moves:
                out.append(" ".join(moves))
            turn = entry_turn
            moves = [f"moves {entry_turn}"]
        moves.append(f"{mover}:{move_text(action)}")
    if moves:
        out.append(" ".join(moves))
    if position.origin is not None and position.history:
        out.extend(f"origin {line}" for line in _write(position.origin.public()))
    return out


def _word(kind: CardKind) -> str:
    return str(kind).replace(" ", "-")


_SIMPLE_MOVES: Final[dict[type, str]] = {
    actions.DeclareDuel: "duel",
    actions.NormalTurn: "normal",
    actions.EndActions: "end-actions",
    actions.ReinforcedFaceDown: "down",
    actions.Decline: "decline",
    actions.Withdraw: "withdraw",
    actions.AddCatapult: "catapult",
    actions.Commit: "commit",
    actions.EndReinforcement: "end-reinforcement",
}
_BY_ID: Final[dict[str, Callable[[CardId], actions.PublicAction]]] = {
    "fight": actions.Fight,
    "conquer": actions.Conquer,
    "choose": actions.ChooseTarget,
    "lose": actions.LoseCard,
}
_MOVES_BY_WORD: Final[dict[str, Callable[[], actions.PublicAction]]] = {
    word: cls for cls, word in _SIMPLE_MOVES.items()
}


def move_text(action: actions.PublicAction) -> str:
    """Return the notation of a public move: one word, such as ``play:Territory-3``.

    ``duel``, ``normal``, ``play:KIND`` (a Territory, Adversary or Ordeal by value, or a
    Special card), ``sorcery:SEAT``, ``fight:ID``, ``conquer:ID``, ``end-actions``, ``down``
    (a card put face down), ``decline``, ``staked`` or ``staked+blessing``, ``withdraw``,
    ``action:VALUE``, ``catapult``, ``commit``, ``take:KIND``, ``choose:ID``,
    ``end-reinforcement``, ``discard:KIND``, ``maletar:VALUE``, ``lose:ID``; a kind is its
    printed name with ``-`` for spaces.
    """
    simple = _SIMPLE_MOVES.get(type(action))
    if simple is not None:
        return simple
    match action:
        case actions.PlayTerritory(value=value):
            return f"play:Territory-{value}"
        case actions.PlayAdversary(value=value):
            return f"play:Adversary-{value}"
        case actions.PlayOrdeal(value=value):
            return f"play:Ordeal-{value}"
        case actions.PlaySpecial(special=kind):
            return f"play:{_word(kind)}"
        case actions.PlaySorcery(target=seat):
            return f"sorcery:{seat}"
        case actions.Fight(adversary=card):
            return f"fight:{card}"
        case actions.Conquer(territory=card):
            return f"conquer:{card}"
        case actions.ChooseTarget(card=card):
            return f"choose:{card}"
        case actions.LoseCard(card=card):
            return f"lose:{card}"
        case actions.Staked(blessed=blessed):
            return "staked+blessing" if blessed else "staked"
        case actions.AddAction(value=value):
            return f"action:{value}"
        case actions.ReinforceMaletar(value=value):
            return f"maletar:{value}"
        case actions.TakeFromDiscard(kind=kind):
            return f"take:{_word(kind)}"
        case actions.Discard(kind=kind):
            return f"discard:{_word(kind)}"
    raise ValueError(f"{action!r} is not a public move")

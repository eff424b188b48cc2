"""Morrigan for learning agents: a number for every action, a vector for every observation.

**Action numbers.** :func:`numbering` gives each class of the
:data:`~boardgames.games.morrigan.actions.Action` union a block of numbers, in the union's
order, and each field a digit (the first field the most significant). The domains are
what the rules can offer: card values 1 to 5, card kinds in
:class:`~boardgames.games.morrigan.components.CardKind` order, the Specials played alone in
the order of :data:`~boardgames.games.morrigan.rules.SPECIALS_PLAYED_ALONE`, seats
``0 .. players - 1`` and the card ids of the types a field names (Adversaries for
:class:`~boardgames.games.morrigan.actions.Fight`, Territories for
:class:`~boardgames.games.morrigan.actions.Conquer`, both for
:class:`~boardgames.games.morrigan.actions.ChooseTarget`, and Ordeals, Adversaries and
Territories for :class:`~boardgames.games.morrigan.actions.LoseCard`), in id order. With
the default deck there are ``289 + players`` numbers. The numbering changes if the union's
order, a class's fields or their order, the deck
(:data:`~boardgames.games.morrigan.components.DECK`, which fixes the card ids) or
:data:`~boardgames.games.morrigan.rules.SPECIALS_PLAYED_ALONE` change; the player count
changes the size of the :class:`~boardgames.games.morrigan.actions.PlaySorcery` block and
so shifts every later number. The options change nothing.

**Observation vector.** :func:`observation_layout` names each slice. Seats are counted
from the observer (0 is he, 1 the player on his left, ...), except in the ``seat`` segment,
which gives his own seat so that a policy can read the absolute seats of
:class:`~boardgames.games.morrigan.actions.PlaySorcery`. The vector never depends on which
of several identical copies of a kind a card id names: hands, piles and won cards are
counted by kind, and the Territories and Adversaries on the table fill per-kind slots,
copies of one kind sorted by what is known of them. The price of that: when two copies of
one kind lie at one place with different reinforcements, the vector does not tell which of
the two action numbers that name them (by id) is which. The public history is not encoded:
everything it tells a player that matters now is in the other fields (counts, clues, public
reinforcements, floors).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Iterable, MutableSequence, Sequence

from boardgames.core._memo import LastOne
from boardgames.core.encoding import ActionNumbering, Segment, segments
from boardgames.games.morrigan import actions
from boardgames.games.morrigan.actions import Action
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    CARD_VALUES,
    CARDS,
    DECK,
    DUEL_PRESTIGE,
    KIND_TYPES,
    KIND_VALUES,
    MALETAR_DEFENCE,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.observation import HoldingView, MorriganObservation
from boardgames.games.morrigan.rules import SPECIALS_PLAYED_ALONE, Configuration
from boardgames.games.morrigan.state import Phase, Zone

__all__ = ["encode_observation", "numbering", "observation_layout"]


def _ids(*types: CardType) -> tuple[int, ...]:
    """The ids of the cards of these types, in id order."""
    return tuple(card.id for card in CARDS if card.kind.type in types)


def _values(card_type: CardType) -> tuple[int, ...]:
    """The values the cards of a type show, in increasing order."""
    return tuple(sorted({kind.face_value for kind, _ in DECK if kind.type is card_type}))


_TERRITORY = CardType.TERRITORY
_ADVERSARY = CardType.ADVERSARY
_ORDEAL = CardType.ORDEAL
_ACTION = CardType.ACTION


def _domains(players: int) -> dict[type, dict[str, Iterable[object] | type[CardKind]]]:
    return {
        actions.DeclareDuel: {},
        actions.NormalTurn: {},
        actions.PlayTerritory: {"value": _values(_TERRITORY)},
        actions.PlayAdversary: {"value": _values(_ADVERSARY)},
        actions.PlayOrdeal: {"value": _values(_ORDEAL)},
        actions.Fight: {"adversary": _ids(_ADVERSARY)},
        actions.Conquer: {"territory": _ids(_TERRITORY)},
        actions.PlaySpecial: {"special": SPECIALS_PLAYED_ALONE},
        actions.PlaySorcery: {"target": range(players)},
        actions.EndActions: {},
        actions.Reinforce: {"kind": CardKind},
        actions.Decline: {},
        actions.Stake: {"kind": CardKind, "blessed": (False, True)},
        actions.Withdraw: {},
        actions.AddAction: {"value": _values(_ACTION)},
        actions.AddCatapult: {},
        actions.Commit: {},
        actions.TakeFromDiscard: {"kind": CardKind},
        actions.ChooseTarget: {"card": _ids(_ADVERSARY, _TERRITORY)},
        actions.EndReinforcement: {},
        actions.Discard: {"kind": CardKind},
        actions.ReinforceMaletar: {"value": _values(_ACTION)},
        actions.LoseCard: {"card": _ids(_ORDEAL, _ADVERSARY, _TERRITORY)},
    }


@functools.cache
def numbering(configuration: Configuration) -> ActionNumbering[Action]:
    """Number every action of a configuration (see the module notes for the blocks).

    >>> import boardgames
    >>> from boardgames.games.morrigan import Fight, LoseCard
    >>> encoding = boardgames.make("morrigan", players=4).encoding
    >>> encoding.num_distinct_actions, encoding.encode_action(Fight(60))
    (293, 17)
    >>> encoding.decode_action(292) == LoseCard(89)
    True
    """
    players, _ = configuration
    domains = _domains(players)
    return ActionNumbering((cls, domains[cls]) for cls in typing.get_args(Action))


# --------------------------------------------------------------------------------------------
# The observation layout

_KINDS = len(CardKind)
_PHASES = tuple(Phase)
_PHASE_INDEX = {phase: index for index, phase in enumerate(_PHASES)}
_COPIES = tuple(sum(count for kind, count in DECK if kind is other) for other in CardKind)
"""How many cards of each kind the deck holds."""
_HOLDING_KINDS = 5
"""Kinds of Adversary (or of Territory): one per value 1 to 5."""
_SLOTS = max(_COPIES[kind] for kind in CardKind if KIND_TYPES[kind] in (_ADVERSARY, _TERRITORY))
"""Slots per kind of Adversary or Territory: the most copies of one such kind."""
_HOLDING_FIXED = 16
"""Features of a holding before its per-seat counts."""
_SEAT_FEATURES = 14
_KIND_OF = tuple(int(kind) for kind in CARD_KINDS)
_VALUE_OF = CARD_VALUES
_IS_ACTION = tuple(KIND_TYPES[kind] is _ACTION for kind in _KIND_OF)
_ACTION_VALUE = tuple(KIND_VALUES[kind] if KIND_TYPES[kind] is _ACTION else 0 for kind in range(30))
"""The value of each kind as an attack or stake: an Action card's face value, else 0."""
_DELUGE = int(CardKind.DELUGE)
_CURSE = int(CardKind.CURSE)
_ORDEAL_BASE = int(CardKind.ORDEAL_1)
_ADVERSARY_BASE = int(CardKind.ADVERSARY_1)
_HAND = int(Zone.HAND)
_SLOT = int(Zone.SLOT)
_DRAW = int(Zone.DRAW)
_SEEN = int(Zone.SEEN)


def _holding_features(players: int) -> int:
    return _HOLDING_FIXED + players


_HOLDING_DESCRIPTION = (
    "{count} slots ({kinds}), each of {features} numbers: present; the Action value under "
    "it that the observer knows /10; Curses he knows of that double it (an Adversary's, "
    "placed in a reinforcement phase or with wide_curse); other cards he knows of (bluffs); "
    "face-down cards he does not know, not known bluffs; face-down cards he does not know "
    "that everyone knows are not Action cards (known_bluff); face-down cards he does not "
    "know placed in a reinforcement phase; his "
    "own cards under it that only he knows; cards everyone has seen; the least defence it "
    "can have (value and known Action cards, doubled per known Curse) /20; the Action value "
    "his clues put among the unknown cards /10; the cards his clues put there; reinforced "
    "this reinforcement phase; the chosen reinforcement target; the target of the attack; "
    "the Adversary of the on-play window; then, per seat from the observer on, the face-down "
    "cards he does not know that this seat placed. Copies of one kind are sorted by these "
    "numbers, largest first, so the slots do not depend on which copy an id names"
)


@functools.cache
def _layout(players: int) -> tuple[Segment, ...]:
    features = _holding_features(players)
    slots = _HOLDING_KINDS * _SLOTS
    return segments(
        ("seat", players, "1 at the observer's own seat (absolute: PlaySorcery names seats)"),
        ("phase", len(_PHASES), "1 at the pending decision's Phase, in Phase order"),
        ("active", players, "1 at the seat whose turn it is, counted from the observer"),
        ("to_move", players, "1 at the seat to decide, from the observer; 0s when over"),
        (
            "progress",
            3,
            "turn / max_turns; the draw pile's size / 100; the discard pile's size / 100",
        ),
        ("options", 3, "1 for each option set: wide_curse, lone_bluff_wins, ally_top_only"),
        ("hand", _KINDS, "the number of cards of each CardKind in the observer's hand"),
        (
            "unseen",
            _KINDS,
            "per CardKind, the copies whose place the observer does not see (other hands, "
            "the draw pile, face-down cards he did not place, other stakes)",
        ),
        ("discard", _KINDS, "the number of cards of each CardKind in the discard pile"),
        ("discard_top", _KINDS, "1 at the CardKind of the discard pile's top card"),
        (
            "seats",
            players * _SEAT_FEATURES,
            f"per seat from the observer on, {_SEAT_FEATURES} numbers: hand size / 10; "
            "cards of the hand known not to be Action cards (floor) / 10; prestige / 15; 1 "
            "if the prestige reaches 15; won Ordeals of value 1 to 5 (counts); defeated "
            "Adversaries of value 1 to 5 (counts)",
        ),
        (
            "effects",
            2 * players,
            "1 at the seat (from the observer) who cast the Deluge in force, then at the "
            "one who cast the Glacial Winter in force",
        ),
        (
            "centre",
            slots * features,
            _HOLDING_DESCRIPTION.format(
                count=slots,
                kinds=f"Adversary 1 to 5, {_SLOTS} copies each",
                features=features,
            ),
        ),
        (
            "territories",
            players * slots * features,
            "per seat from the observer on, his Territories: "
            + _HOLDING_DESCRIPTION.format(
                count=slots,
                kinds=f"Territory 1 to 5, {_SLOTS} copies each",
                features=features,
            ),
        ),
        (
            "window",
            _HOLDING_KINDS + players,
            "the on-play window: 1 at the value (1 to 5) of its Adversary; then 1 at each "
            "seat (from the observer) still to decide",
        ),
        (
            "ordeal",
            2 + _HOLDING_KINDS + 5 * players + _KINDS,
            "the Ordeal in progress: 1 if any; 1 at its value (1 to 5); 1 at the seat who "
            "played it; the staking round / 5; per seat, 1 if still to decide; per seat, 1 "
            "if staked this round; per seat, 1 if with a Blessing; per seat, 1 if the stake "
            "is known not to be an Action card; 1 at the CardKind of the observer's stake",
        ),
        (
            "attack",
            5 + 2 * _HOLDING_KINDS + players + 5,
            "the attack being built: 1 if any; 1 if a conquest; 1 at the target's value "
            "(Adversary 1 to 5, then Territory 1 to 5); 1 at the owner of a conquered "
            "Territory (from the observer); the Action cards of value 1 to 5 in it "
            "(counts); Catapults; its strength / 20; the least defence of the target / 20",
        ),
        (
            "duel",
            4 + 10 + players,
            "the duel in progress: 1 if any; the duelist's Action cards of value 1 to 5 "
            "(counts); his strength / 20; Maletar's Action cards of value 1 to 5 (counts); "
            "Maletar's defence / 20; 1 if the duelist's strength beats it; per seat (from "
            "the observer), 1 if still to decide",
        ),
        (
            "clues",
            (players + 2) * _KINDS,
            "what the observer's clues say of hidden cards, per CardKind: for each seat "
            "from the observer on, the cards in that hand; then in the draw pile; then "
            "face down on the table (reinforcements and stakes). A clue's cards count "
            "1 / (number of its places) at each of its places",
        ),
        ("result", players + 1, "1 at the winner (from the observer); 1 if truncated"),
    )


@functools.cache
def observation_layout(configuration: Configuration) -> tuple[Segment, ...]:
    """Return the slices of the vector (they depend on the player count only)."""
    players, _ = configuration
    return _layout(players)


@functools.cache
def _starts(players: int) -> dict[str, int]:
    return {segment.name: segment.start for segment in _layout(players)}


# --------------------------------------------------------------------------------------------
# Writing a vector

_LAST_DISCARD: LastOne[tuple[int, ...], list[float]] = LastOne()
"""The kind counts of the last discard pile seen: the seats of one state share the pile."""


def _kind_counts(cards: Iterable[int]) -> list[float]:
    counts = [0.0] * _KINDS
    for card in cards:
        counts[_KIND_OF[card]] += 1.0
    return counts


def encode_observation(
    configuration: Configuration, observation: MorriganObservation, out: MutableSequence[float]
) -> None:
    """Write ``observation`` into ``out`` (zeroed, of the layout's size).

    Only the observation is read; card ids count only through their kinds.
    """
    players = observation.players
    at = _starts(players)
    me = observation.player
    options = observation.options
    discard_pile = observation.discard_pile
    out[at["seat"] + me] = 1.0
    out[at["phase"] + _PHASE_INDEX[observation.phase]] = 1.0
    out[at["active"] + (observation.active - me) % players] = 1.0
    if observation.to_move is not None:
        out[at["to_move"] + (observation.to_move - me) % players] = 1.0
    base = at["progress"]  # and "options", right after it
    out[base : base + 6] = [
        min(observation.turn / options.max_turns, 1.0),
        observation.draw_pile_size / 100,
        len(discard_pile) / 100,
        1.0 if options.wide_curse else 0.0,
        1.0 if options.lone_bluff_wins else 0.0,
        1.0 if options.ally_top_only else 0.0,
    ]

    hand = _kind_counts(observation.hand)
    base = at["hand"]
    out[base : base + _KINDS] = hand
    discard = _LAST_DISCARD.get(discard_pile)
    if discard is None:
        discard = _kind_counts(discard_pile)
        _LAST_DISCARD.put(discard_pile, discard)
    base = at["discard"]
    out[base : base + _KINDS] = discard
    if discard_pile:
        out[at["discard_top"] + _KIND_OF[discard_pile[-1]]] = 1.0
    # The copies of each kind whose place the observer sees, counted down from the deck.
    unseen = [
        copies - mine - public for copies, mine, public in zip(_COPIES, hand, discard, strict=True)
    ]

    base = at["seats"]
    hand_sizes = observation.hand_sizes
    floors = observation.floors
    territories = observation.territories
    for seat, won in enumerate(observation.won):
        row = base + ((seat - me) % players) * _SEAT_FEATURES
        prestige = 0
        for card in won:
            kind = _KIND_OF[card]
            unseen[kind] -= 1
            prestige += _VALUE_OF[card]
            out[row + _WON_OFFSET[kind]] += 1.0
        for holding in territories[seat]:
            prestige += _VALUE_OF[holding.card]
        out[row : row + 4] = [
            hand_sizes[seat] / 10,
            floors[seat] / 10,
            prestige / 15,
            1.0 if prestige >= DUEL_PRESTIGE else 0.0,
        ]

    base = at["effects"]
    for effect in observation.effects:
        kind = _KIND_OF[effect.card]
        unseen[kind] -= 1
        offset = 0 if kind == _DELUGE else players
        out[base + offset + (effect.caster - me) % players] = 1.0

    clue_slots: dict[int, tuple[float, float]] = {}
    if observation.clues:
        clue_slots = _write_clues(observation, out, at["clues"])
    _write_holdings(observation, out, at, unseen, clue_slots)
    if observation.ordeal is not None:
        _write_ordeal(observation, out, at["ordeal"], unseen)
    if observation.attack is not None:
        _write_attack(observation, out, at["attack"], unseen)
    if observation.duel is not None:
        _write_duel(observation, out, at["duel"], unseen)
    if observation.ally is not None:
        unseen[_KIND_OF[observation.ally]] -= 1

    base = at["unseen"]
    out[base : base + _KINDS] = unseen
    base = at["result"]
    if observation.winner is not None:
        out[base + (observation.winner - me) % players] = 1.0
    if observation.truncated:
        out[base + players] = 1.0


_WON_OFFSET = tuple(
    4 + kind - _ORDEAL_BASE if kind < _ADVERSARY_BASE else 9 + kind - _ADVERSARY_BASE
    for kind in range(_KINDS)
)
"""Where a won card of each kind is counted in a seat's row (Ordeals and Adversaries only)."""


def _write_clues(
    observation: MorriganObservation, out: MutableSequence[float], base: int
) -> dict[int, tuple[float, float]]:
    """Spread each clue's cards over its places; return the (Action value, cards) per target.

    The hands come first, a row of kinds per seat from the observer on, then the draw
    pile, then the face-down cards on the table.
    """
    players = observation.players
    me = observation.player
    draw = base + players * _KINDS
    table = draw + _KINDS
    slots: dict[int, tuple[float, float]] = {}
    for clue in observation.clues:
        places = clue.places
        share = 1.0 / len(places)
        weights: dict[int, float] = {}  # the share of the clue's cards in each row
        for zone, key, _ in places:
            if zone == _HAND:
                row = base + ((key - me) % players) * _KINDS
            elif zone == _DRAW:
                row = draw
            elif zone == _SEEN:
                continue  # a card shown since: its share has no row
            else:
                row = table
            weights[row] = weights.get(row, 0.0) + share
        counts = [(kind, count) for kind, count in enumerate(clue.counts) if count]
        for row, weight in weights.items():
            for kind, count in counts:
                out[row + kind] += count * weight
        if table in weights:
            cards = sum(count for _, count in counts) * share
            value = share * sum(count * _ACTION_VALUE[kind] for kind, count in counts)
            for zone, key, _ in places:
                if zone == _SLOT:
                    before, number = slots.get(key, (0.0, 0.0))
                    slots[key] = (before + value, number + cards)
    return slots


def _write_holdings(
    observation: MorriganObservation,
    out: MutableSequence[float],
    at: dict[str, int],
    unseen: list[float],
    clue_slots: dict[int, tuple[float, float]],
) -> None:
    """Write the centre's Adversaries and each seat's Territories into their kind slots."""
    players = observation.players
    me = observation.player
    width = _HOLDING_FIXED + players
    attack = observation.attack
    window = observation.window
    flagged: dict[int, tuple[int, ...]] = dict.fromkeys(observation.reinforced, (12,))
    for card, flag in (
        (observation.target, 13),
        (None if attack is None else attack.target, 14),
        (None if window is None else window.adversary, 15),
    ):
        if card is not None:
            flagged[card] = (*flagged.get(card, ()), flag)
    rows = _rows(observation, observation.adversaries, True, unseen, clue_slots, flagged)
    _write_slots(out, at["centre"], rows, width)
    seat_width = _HOLDING_KINDS * _SLOTS * width
    base = at["territories"]
    for seat, holdings in enumerate(observation.territories):
        if holdings:
            rows = _rows(observation, holdings, False, unseen, clue_slots, flagged)
            _write_slots(out, base + ((seat - me) % players) * seat_width, rows, width)
    if window is not None:
        base = at["window"]
        out[base + _VALUE_OF[window.adversary] - 1] = 1.0
        for seat in window.waiting:
            out[base + _HOLDING_KINDS + (seat - me) % players] = 1.0


def _rows(
    observation: MorriganObservation,
    views: Sequence[HoldingView],
    adversary: bool,
    unseen: list[float],
    clue_slots: dict[int, tuple[float, float]],
    flagged: dict[int, tuple[int, ...]],
) -> dict[int, list[list[float]]]:
    """Return the numbers of each holding (see the layout's description), by value."""
    players = observation.players
    me = observation.player
    width = _HOLDING_FIXED + players
    counting_curse = adversary and observation.options.wide_curse
    by_value: dict[int, list[list[float]]] = {}
    bare = _bare_rows(width)
    for view in views:
        card = view.card
        value = _VALUE_OF[card]
        unseen[_KIND_OF[card]] -= 1
        if not view.reinforcements and card not in flagged and card not in clue_slots:
            row = bare[value]  # shared: written and sorted, never changed
            group = by_value.get(value)
            if group is None:
                by_value[value] = [row]
            else:
                group.append(row)
            continue
        row = [0.0] * width
        row[0] = 1.0
        known_value = 0
        curses = 0
        for reinforcement in view.reinforcements:
            under = reinforcement.card
            if under is None:
                row[5 if reinforcement.known_bluff else 4] += 1.0
                if reinforcement.in_reinforcement_phase:
                    row[6] += 1.0
                row[_HOLDING_FIXED + (reinforcement.placer - me) % players] += 1.0
                continue
            kind = _KIND_OF[under]
            unseen[kind] -= 1
            if _IS_ACTION[under]:
                known_value += _VALUE_OF[under]
            elif (
                kind == _CURSE
                and adversary
                and (counting_curse or reinforcement.in_reinforcement_phase)
            ):
                curses += 1
            else:
                row[3] += 1.0
            row[8 if reinforcement.public else 7] += 1.0
        row[1] = known_value / 10
        row[2] = float(curses)
        row[9] = ((value + known_value) << curses) / 20
        clue = clue_slots.get(card)
        if clue is not None:
            row[10] = clue[0] / 10
            row[11] = clue[1]
        for flag in flagged.get(card, ()):
            row[flag] = 1.0
        group = by_value.get(value)
        if group is None:
            by_value[value] = [row]
        else:
            group.append(row)
    return by_value


@functools.cache
def _bare_rows(width: int) -> tuple[list[float], ...]:
    """The numbers of a holding of each value (index 1 to 5) with nothing under or on it."""
    rows = []
    for value in range(_HOLDING_KINDS + 1):
        row = [0.0] * width
        row[0] = 1.0
        row[9] = value / 20
        rows.append(row)
    return tuple(rows)


def _write_slots(
    out: MutableSequence[float], base: int, rows: dict[int, list[list[float]]], width: int
) -> None:
    """Write holdings into their kind's slots, copies of a kind sorted largest first."""
    for value, group in rows.items():
        if len(group) > 1:
            group.sort(reverse=True)
        position = base + (value - 1) * _SLOTS * width
        for row in group:
            out[position : position + width] = row
            position += width


def _write_ordeal(
    observation: MorriganObservation, out: MutableSequence[float], base: int, unseen: list[float]
) -> None:
    ordeal = observation.ordeal
    assert ordeal is not None
    players = observation.players
    me = observation.player
    unseen[_KIND_OF[ordeal.card]] -= 1
    out[base] = 1.0
    out[base + 1 + _VALUE_OF[ordeal.card] - 1] = 1.0
    seats = base + 1 + _HOLDING_KINDS
    out[seats + (ordeal.player - me) % players] = 1.0
    out[seats + players] = ordeal.round / 5
    seats += players + 1
    for seat in ordeal.waiting:
        out[seats + (seat - me) % players] = 1.0
    for stake in ordeal.stakes:
        relative = (stake.seat - me) % players
        out[seats + players + relative] = 1.0
        if stake.blessing is not None:
            unseen[_KIND_OF[stake.blessing]] -= 1
            out[seats + 2 * players + relative] = 1.0
        if stake.known_bluff:
            out[seats + 3 * players + relative] = 1.0
        if stake.card is not None:
            kind = _KIND_OF[stake.card]
            unseen[kind] -= 1
            out[seats + 4 * players + kind] = 1.0


def _action_counts(
    out: MutableSequence[float], base: int, cards: Iterable[int], unseen: list[float]
) -> int:
    """Count Action cards by value at ``base`` (values 1 to 5); return their total value."""
    total = 0
    for card in cards:
        unseen[_KIND_OF[card]] -= 1
        value = _VALUE_OF[card]
        out[base + value - 1] += 1.0
        total += value
    return total


def _write_attack(
    observation: MorriganObservation, out: MutableSequence[float], base: int, unseen: list[float]
) -> None:
    attack = observation.attack
    assert attack is not None
    players = observation.players
    target = attack.target
    out[base] = 1.0
    value = _VALUE_OF[target]
    holdings: Sequence[HoldingView] = observation.adversaries
    if attack.conquest:
        owner = observation.player
        for seat, territories in enumerate(observation.territories):
            if any(view.card == target for view in territories):
                owner, holdings = seat, territories
        out[base + 1] = 1.0
        out[base + 2 + _HOLDING_KINDS + value - 1] = 1.0
        out[base + 2 + 2 * _HOLDING_KINDS + (owner - observation.player) % players] = 1.0
    else:
        out[base + 2 + value - 1] = 1.0
    row = base + 2 + 2 * _HOLDING_KINDS + players
    strength = _action_counts(out, row, attack.cards, unseen)
    for card in attack.catapults:
        unseen[_KIND_OF[card]] -= 1
    out[row + 5] = float(len(attack.catapults))
    out[row + 6] = (strength << len(attack.catapults)) / 20
    wide_curse = observation.options.wide_curse
    for view in holdings:
        if view.card == target:
            out[row + 7] = _least_defence(view, not attack.conquest, wide_curse) / 20


def _write_duel(
    observation: MorriganObservation, out: MutableSequence[float], base: int, unseen: list[float]
) -> None:
    duel = observation.duel
    assert duel is not None
    out[base] = 1.0
    strength = _action_counts(out, base + 1, duel.attack, unseen)
    out[base + 6] = strength / 20
    defence = MALETAR_DEFENCE + _action_counts(out, base + 7, duel.maletar, unseen)
    out[base + 12] = defence / 20
    out[base + 13] = 1.0 if strength > defence else 0.0
    for seat in duel.waiting:
        out[base + 14 + (seat - observation.player) % observation.players] = 1.0


def _least_defence(view: HoldingView, adversary: bool, wide_curse: bool) -> int:
    """The defence of a holding counting only the cards the observer knows."""
    total = _VALUE_OF[view.card]
    curses = 0
    for reinforcement in view.reinforcements:
        under = reinforcement.card
        if under is None:
            continue
        if _IS_ACTION[under]:
            total += _VALUE_OF[under]
        elif (
            _KIND_OF[under] == _CURSE
            and adversary
            and (reinforcement.in_reinforcement_phase or wide_curse)
        ):
            curses += 1
    return total << curses

"""Prestige, the strength of attacks and defences, Ordeal stakes, scores and rankings."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core.protocol import PlayerId
from boardgames.core.ranking import places_from_keys
from boardgames.games.morrigan.components import CARD_KINDS, CardId, CardKind, CardType
from boardgames.games.morrigan.components import CARD_TYPES as _TYPE
from boardgames.games.morrigan.components import CARD_VALUES as _VALUE
from boardgames.games.morrigan.components import KIND_TYPES as _KIND_TYPE
from boardgames.games.morrigan.state import Holding, MorriganState, Reinforcement

__all__ = [
    "adds_to_defence",
    "attack_strength",
    "defence",
    "holding_defence",
    "loss_options",
    "prestige",
    "prestige_of",
    "ranking",
    "score",
    "stake_value",
]

_KIND = CARD_KINDS
_ACTION = CardType.ACTION


def prestige(state: MorriganState, seat: PlayerId) -> int:
    """Return ``seat``'s prestige: his Territories, won Ordeals and defeated Adversaries."""
    return prestige_of(state.territories[seat], state.won[seat])


def prestige_of(territories: tuple[Holding, ...], won: tuple[CardId, ...]) -> int:
    """Return the prestige of these Territories and won cards."""
    return sum(_VALUE[holding.card] for holding in territories) + sum(_VALUE[c] for c in won)


def stake_value(card: CardId, blessing: CardId | None) -> int:
    """Return what a revealed Ordeal stake is worth.

    An Action card counts its value, doubled with a Blessing; any other card is a bluff
    worth 0.
    """
    if _TYPE[card] is not _ACTION:
        return 0
    return _VALUE[card] * (2 if blessing is not None else 1)


def attack_strength(cards: Sequence[CardId], catapults: int) -> int:
    """Return the strength of an attack: its Action cards, doubled once per Catapult."""
    return sum(_VALUE[card] for card in cards) << catapults


def adds_to_defence(reinforcement: Reinforcement, adversary: bool, wide_curse: bool) -> bool:
    """Whether a revealed reinforcement adds to the defence (else it was a bluff)."""
    kind = _KIND[reinforcement.card]
    if _KIND_TYPE[kind] is _ACTION:
        return True
    return (
        kind is CardKind.CURSE
        and adversary
        and (reinforcement.in_reinforcement_phase or wide_curse)
    )


def defence(state: MorriganState, target: CardId) -> int:
    """Return the defence the target would have if it were attacked now (all cards shown).

    Its value plus its Action reinforcements, doubled once per Curse that counts (placed
    under an Adversary in a reinforcement phase, or on play with ``wide_curse``).

    Raises:
        ValueError: ``target`` is neither an Adversary in the centre nor a Territory in play.
    """
    for holding in state.adversaries:
        if holding.card == target:
            return holding_defence(holding, True, state.options.wide_curse)
    for territories in state.territories:
        for holding in territories:
            if holding.card == target:
                return holding_defence(holding, False, state.options.wide_curse)
    raise ValueError(f"card {target!r} is not an Adversary or a Territory in play")


def holding_defence(holding: Holding, adversary: bool, wide_curse: bool) -> int:
    """Return the defence of ``holding`` with all its cards shown."""
    total = _VALUE[holding.card]
    curses = 0
    for reinforcement in holding.reinforcements:
        if adds_to_defence(reinforcement, adversary, wide_curse):
            if _TYPE[reinforcement.card] is _ACTION:
                total += _VALUE[reinforcement.card]
            else:
                curses += 1
    return total << curses


def score(state: MorriganState) -> tuple[float, ...]:
    """Return 1 for the player who beat Maletar and 0 for the others.

    Without a winner (during the game, and after a truncated one) return everyone's
    prestige.
    """
    if state.winner is not None:
        return tuple(1.0 if seat == state.winner else 0.0 for seat in range(state.players))
    return tuple(float(prestige(state, seat)) for seat in range(state.players))


def ranking(state: MorriganState) -> tuple[int, ...]:
    """Return places: the winner first and everybody else second.

    Without a winner, by prestige, ties shared (A-MOR-23).
    """
    return places_from_keys(score(state))


def loss_options(
    territories: Sequence[tuple[Holding, ...]], won: Sequence[tuple[CardId, ...]], seat: PlayerId
) -> list[CardId]:
    """Return the duelist's scoring cards of the highest value.

    Territories by id (each has its own reinforcements), and one won card per kind (won
    cards of one kind are interchangeable).
    """
    candidates = [holding.card for holding in territories[seat]]
    by_kind: dict[CardKind, CardId] = {}
    for card in won[seat]:
        kind = _KIND[card]
        if kind not in by_kind or card < by_kind[kind]:
            by_kind[kind] = card
    candidates.extend(by_kind.values())
    if not candidates:
        return []
    best = max(_VALUE[card] for card in candidates)
    return sorted(card for card in candidates if _VALUE[card] == best)

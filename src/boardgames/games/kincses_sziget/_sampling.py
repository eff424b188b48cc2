"""Helpers of :func:`~boardgames.games.kincses_sziget.observation.sample_state`.

Filling a pile around the cards whose places the observer knows, and drawing the secret
compositions of the seats that have committed from their sampled hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardgames.core.errors import InvalidStateError
from boardgames.core.rng import Rng
from boardgames.games.kincses_sziget._battle import _battle_options
from boardgames.games.kincses_sziget._duel import _duel_compositions
from boardgames.games.kincses_sziget._work import _WEAPON_COLOUR, _is_pirate
from boardgames.games.kincses_sziget.actions import BattleAdd
from boardgames.games.kincses_sziget.components import EVENT_CARDS, CardId
from boardgames.games.kincses_sziget.state import (
    BattleRevealTask,
    DuelRevealTask,
    MerchantRevealTask,
)

if TYPE_CHECKING:
    from boardgames.games.kincses_sziget.observation import KincsesObservation


def _fill(
    size: int, known: dict[int, int], unknown: Sequence[int], taken: int
) -> tuple[tuple[int, ...], int]:
    """Build a pile of ``size`` with known cards at their indices, the rest from ``unknown``.

    Returns the pile and how many cards of ``unknown`` are now taken.

    Raises:
        InvalidStateError: ``unknown`` has too few cards left for the pile.
    """
    if len(unknown) - taken < size - len(known):
        raise InvalidStateError(f"too few hidden cards for a pile of {size}")
    if not known:
        return tuple(unknown[taken : taken + size]), taken + size
    pile = []
    for index in range(size):
        if index in known:
            pile.append(known[index])
        else:
            pile.append(unknown[taken])
            taken += 1
    return tuple(pile), taken


def _sample_commits(
    observation: KincsesObservation, hands: list[tuple[CardId, ...]], rng: Rng
) -> tuple[tuple[tuple[CardId, ...], ...], Rng]:
    """Give each other seat that has committed a random valid composition or offer."""
    me = observation.player
    commits: list[tuple[CardId, ...]] = [() for _ in range(observation.players)]
    commits[me] = observation.commit
    reveal = next(
        (
            task
            for task in reversed(observation.tasks)
            if isinstance(task, DuelRevealTask | BattleRevealTask | MerchantRevealTask)
        ),
        None,
    )
    if reveal is None:
        return tuple(commits), rng
    card = EVENT_CARDS[reveal.card]
    for seat, view in enumerate(observation.seats):
        if seat == me or not view.committed:
            continue
        hand = hands[seat]
        if isinstance(reveal, DuelRevealTask):
            compositions = _duel_compositions(hand, card.colours[0])
            if not compositions:
                raise InvalidStateError(f"seat {seat} committed to a duel with no crew card")
            composition, rng = rng.choice(compositions)
            commits[seat] = tuple(
                c for c in (composition.pirate, composition.weapon) if c is not None
            )
        elif isinstance(reveal, BattleRevealTask):
            chosen: tuple[CardId, ...] = ()
            while True:
                options = _battle_options(hand, chosen, card.colours)
                if not options:
                    raise InvalidStateError(f"seat {seat} committed to a battle with no crew card")
                choice, rng = rng.choice(options)
                if not isinstance(choice, BattleAdd):
                    break
                chosen = (*chosen, choice.card)
            commits[seat] = chosen
        else:
            weapons = [c for c in hand if not _is_pirate(c) and _WEAPON_COLOUR[c] in card.colours]
            index, rng = rng.randbelow(len(weapons) + 1)
            commits[seat] = (weapons[index],) if index < len(weapons) else ()
    return tuple(commits), rng

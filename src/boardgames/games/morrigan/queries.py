"""Questions about the table: what the defence of a target can be.

A Territory's or an Adversary's defence is "the values of the reinforcements and the
prestige value ... added together" when it is attacked, the bluffs under it counting
nothing; a Curse placed under an Adversary in a reinforcement phase doubles it (ruling
E3; with ``wide_curse``, one placed on play too). The attack wins if its strength "is
greater than" that defence.

:func:`defence` answers from a state (which sees every card, so the answer is the value
the engine will use) or from one player's observation (which does not see the cards
other players put face down, so the answer is a range):

>>> import boardgames
>>> from boardgames.games.morrigan import CardKind, Decline, PlayAdversary, Reinforce
>>> game = boardgames.make("morrigan", players=3)
>>> state = game.new_game(seed=62)
>>> for move in [PlayAdversary(2), Reinforce(CardKind.ORDEAL_4), Decline()]:
...     state = game.apply(state, move)
>>> target = state.adversaries[0].card
>>> print(defence(state, target))
defence 2
>>> print(defence(game.observe(state, 1), target))  # seat 1 placed the Ordeal 4
defence 2
>>> seen_by_2 = defence(game.observe(state, 2), target)
>>> print(seen_by_2)
defence 2 to 7
>>> seen_by_2.exact is None, seen_by_2.beaten_by(3), seen_by_2.beaten_by(8)
(True, None, True)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections import Counter

import attrs

from boardgames.core.errors import ConfigurationError
from boardgames.core.guards import shown
from boardgames.games.morrigan._end_and_scoring import holding_defence
from boardgames.games.morrigan.components import CARD_KINDS, DECK, CardId, CardKind, CardType
from boardgames.games.morrigan.observation import (
    HoldingView,
    MorriganObservation,
    _visible_cards,
)
from boardgames.games.morrigan.state import Holding, MorriganState

__all__ = ["DefenceRange", "defence"]

_ACTION = CardType.ACTION
_COPIES: dict[CardKind, int] = dict(DECK)


@attrs.frozen
class DefenceRange:
    """What the defence of a Territory or an Adversary can be, to someone who asks.

    Args:
        least: The defence if every card under the target that the asker cannot see is a
            bluff (no card can lower a defence, so it is at least this).
        most: The defence if those cards are the strongest ones the asker has not seen
            anywhere: the highest Action cards, and a Curse where one would count.

    .. versionadded:: 0.1.0
    """

    least: int
    most: int

    @property
    def exact(self) -> int | None:
        """The defence, if the asker knows it (``least == most``); else ``None``."""
        return self.least if self.least == self.most else None

    def beaten_by(self, strength: int) -> bool | None:
        """Whether an attack of ``strength`` beats the defence, or ``None`` if that is unknown.

        The rulebook: "If the player's attack strength is greater than the Adversary's
        defence value, the Adversary is defeated" (the same for a Territory).

        >>> DefenceRange(3, 6).beaten_by(7), DefenceRange(3, 6).beaten_by(3)
        (True, False)
        >>> print(DefenceRange(3, 6).beaten_by(5))
        None
        """
        if strength > self.most:
            return True
        if strength <= self.least:
            return False
        return None

    def __str__(self) -> str:
        if self.least == self.most:
            return f"defence {self.least}"
        return f"defence {self.least} to {self.most}"


def defence(view: MorriganState | MorriganObservation, target: CardId) -> DefenceRange:
    """Return what the defence of ``target`` would be if it were attacked now.

    The defence is the target's value plus the Action cards under it, doubled once for
    each Curse that counts (under an Adversary, placed in a reinforcement phase, or on play
    with the ``wide_curse`` option); the other cards under it are bluffs.

    Args:
        view: A state, which sees every card: the range is the one value the engine
            compares an attack with. Or an observation, which is all it reads: the cards
            the observer placed, and those everyone has seen, count at their value; the
            others at the least and the most they could be (see :class:`DefenceRange`).
        target: The id of an Adversary in the centre or of a Territory in play (anyone's).

    Returns:
        The least and the most the defence can be; equal when the asker knows it.

    Raises:
        ConfigurationError: ``target`` is not an Adversary in the centre or a Territory in
            play; the message lists the targets there are.

    .. versionadded:: 0.1.0
    """
    holding, adversary = _find(view, target)
    if isinstance(holding, Holding):
        value = holding_defence(holding, adversary, view.options.wide_curse)
        return DefenceRange(value, value)
    assert isinstance(view, MorriganObservation)
    return _range(view, holding, adversary)


def _find(
    view: MorriganState | MorriganObservation, target: CardId
) -> tuple[Holding | HoldingView, bool]:
    """Return the holding of ``target`` and whether it is an Adversary."""
    if type(target) is int:
        for holding in view.adversaries:
            if holding.card == target:
                return holding, True
        for territories in view.territories:
            for holding in territories:
                if holding.card == target:
                    return holding, False
    targets = [h.card for h in view.adversaries]
    targets += [h.card for territories in view.territories for h in territories]
    there = ", ".join(f"{card} ({CARD_KINDS[card]})" for card in sorted(targets)) or "none"
    raise ConfigurationError(
        f"target {shown(target)} is not an Adversary in the centre or a Territory in play; "
        f"targets now: {there}"
    )


def _range(observation: MorriganObservation, view: HoldingView, adversary: bool) -> DefenceRange:
    wide_curse = observation.options.wide_curse
    total = CARD_KINDS[view.card].face_value
    curses = 0
    open_slots = 0  # unseen cards that may be Action cards
    open_curse_slots = 0  # ... of which a Curse would count
    bluff_curse_slots = 0  # unseen cards known not to be Action cards, where a Curse counts
    for reinforcement in view.reinforcements:
        curse_counts = adversary and (reinforcement.in_reinforcement_phase or wide_curse)
        card = reinforcement.card
        if card is None:
            if not reinforcement.known_bluff:
                open_slots += 1
                open_curse_slots += curse_counts
            else:
                bluff_curse_slots += curse_counts
            continue
        kind = CARD_KINDS[card]
        if kind.type is _ACTION:
            total += kind.face_value
        elif kind is CardKind.CURSE and curse_counts:
            curses += 1
    least = total << curses
    if not open_slots and not bluff_curse_slots:
        return DefenceRange(least, least)
    seen = Counter(CARD_KINDS[card] for card in _visible_cards(observation))
    actions = sorted(
        (
            kind.face_value
            for kind in CardKind
            if kind.type is _ACTION
            for _ in range(_COPIES.get(kind, 0) - seen[kind])
        ),
        reverse=True,
    )
    unseen_curses = _COPIES.get(CardKind.CURSE, 0) - seen[CardKind.CURSE]
    most = least
    # A Curse goes first where no Action card could (a known bluff), then in open slots;
    # the open slots left take the highest Action cards not seen.
    for extra in range(min(unseen_curses, bluff_curse_slots + open_curse_slots) + 1):
        action_slots = open_slots - max(0, extra - bluff_curse_slots)
        most = max(most, (total + sum(actions[:action_slots])) << (curses + extra))
    return DefenceRange(least, most)

"""Why an action is refused: the reason an :class:`~boardgames.IllegalActionError` gives."""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from boardgames.games.morrigan import actions
from boardgames.games.morrigan._specials import SPECIALS_PLAYED_ALONE
from boardgames.games.morrigan.actions import Action
from boardgames.games.morrigan.components import CARD_KINDS, CardKind, CardType
from boardgames.games.morrigan.components import CARD_TYPES as _TYPE
from boardgames.games.morrigan.state import MorriganState, Phase

__all__ = ["why_illegal"]

_KIND = CARD_KINDS
_ACTION = CardType.ACTION
_ACTION_CLASSES: tuple[type, ...] = get_args(Action)


_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.TURN_START: (actions.DeclareDuel, actions.NormalTurn),
    Phase.ACTION: (
        actions.PlayTerritory,
        actions.PlayAdversary,
        actions.PlayOrdeal,
        actions.Fight,
        actions.Conquer,
        actions.PlaySpecial,
        actions.PlaySorcery,
        actions.EndActions,
    ),
    Phase.ON_PLAY_REINFORCE: (actions.Reinforce, actions.Decline),
    Phase.ORDEAL_STAKE: (actions.Stake, actions.Decline, actions.Withdraw),
    Phase.ATTACK: (actions.AddAction, actions.AddCatapult, actions.Commit),
    Phase.ALLY_PICK: (actions.TakeFromDiscard,),
    Phase.REINFORCE_TARGET: (actions.ChooseTarget, actions.EndReinforcement),
    Phase.REINFORCE_CARD: (actions.Reinforce,),
    Phase.HAND_LIMIT: (actions.Discard,),
    Phase.MALETAR_REINFORCE: (actions.ReinforceMaletar, actions.Decline),
    Phase.DUEL_LOSS: (actions.LoseCard,),
    Phase.GAME_OVER: (),
}


def why_illegal(state: MorriganState, action: object, legal: Sequence[Action]) -> str:
    """Explain why ``action`` is not among ``legal``, the legal actions in ``state``."""
    if type(action) not in _ACTION_CLASSES:
        return "not a Morrigan action"
    if state.to_move is None:
        return "the game is over"
    if action in legal:
        return "a parameter has the wrong type (values and seats are int, kinds CardKind)"
    seat = state.to_move
    phase = state.phase
    allowed = _PHASE_ACTIONS[phase]
    if type(action) not in allowed:
        names = ", ".join(cls.__name__ for cls in allowed)
        return (
            f"seat {seat} must decide in the {phase.name.lower()} phase, where only "
            f"{names} may be played"
        )
    deluge = any(_KIND[e.card] is CardKind.DELUGE for e in state.effects)
    glacial = any(_KIND[e.card] is CardKind.GLACIAL_WINTER for e in state.effects)
    if isinstance(action, actions.PlayTerritory) and deluge:
        return "a Deluge forbids playing Territory cards until its caster's next turn"
    if isinstance(action, actions.PlayOrdeal) and glacial:
        return "a Glacial Winter forbids playing Ordeal cards until its caster's next turn"
    if isinstance(action, actions.Fight | actions.Conquer) and not any(
        _TYPE[card] is _ACTION for card in state.hands[seat]
    ):
        return f"seat {seat} has no Action card to attack with"
    if isinstance(action, actions.Conquer):
        owner = [
            other
            for other, holdings in enumerate(state.territories)
            for holding in holdings
            if holding.card == action.territory
        ]
        if owner == [seat]:
            return "a player cannot conquer his own Territory"
        if not owner:
            return f"card {action.territory!r} is not a Territory in play"
    if isinstance(action, actions.Fight):
        return f"card {action.adversary!r} is not an Adversary in the centre"
    if isinstance(action, actions.PlaySpecial) and action.special not in SPECIALS_PLAYED_ALONE:
        return (
            f"{action.special!r} is not played on its own "
            "(Sorcery needs a target; Curse, Blessing and Catapult go with a reinforcement, "
            "a stake and a conquest)"
        )
    if (
        isinstance(action, actions.PlaySpecial)
        and action.special is CardKind.UNEXPECTED_ALLY
        and not state.discard_pile
    ):
        return "the discard pile is empty, so Unexpected Ally has nothing to draw"
    if isinstance(action, actions.PlaySorcery) and action.target == seat:
        return "Sorcery must target another player"
    if isinstance(action, actions.Commit):
        return "an attack needs at least one Action card (A-MOR-11)"
    if isinstance(action, actions.AddCatapult):
        attack = state.attack
        if attack is not None and not attack.conquest:
            return "a Catapult is played only in the conquest of a Territory"
    if isinstance(action, actions.Stake) and action.blessed is True:
        return f"seat {seat} does not hold a Blessing besides the staked card"
    if isinstance(action, actions.Decline) and phase is Phase.ORDEAL_STAKE:
        return "in an extra staking round a tied player withdraws (Withdraw)"
    if isinstance(action, actions.Withdraw):
        return "a player declines (Decline) in the first staking round"
    if isinstance(action, actions.ChooseTarget):
        return (
            f"card {action.card!r} is not an own Territory or a centre Adversary "
            "still to be reinforced this turn"
        )
    if isinstance(action, actions.LoseCard):
        return f"card {action.card!r} is not one of seat {seat}'s most valuable scoring cards"
    if isinstance(action, actions.TakeFromDiscard):
        return f"no {action.kind!s} in the discard pile"
    return f"seat {seat} does not hold the card it needs, or its parameters are out of range"

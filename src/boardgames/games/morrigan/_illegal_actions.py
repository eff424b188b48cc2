"""Why an action is refused: the reason an :class:`~boardgames.IllegalActionError` gives."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from boardgames.core.errors import IllegalActionError
from boardgames.games.morrigan._specials import SPECIALS_PLAYED_ALONE
from boardgames.games.morrigan.actions import (
    Action,
    AddAction,
    AddCatapult,
    ChooseTarget,
    Commit,
    Conquer,
    DeclareDuel,
    Decline,
    Discard,
    EndActions,
    EndReinforcement,
    Fight,
    LoseCard,
    NormalTurn,
    PlayAdversary,
    PlayOrdeal,
    PlaySorcery,
    PlaySpecial,
    PlayTerritory,
    Reinforce,
    ReinforceMaletar,
    Stake,
    TakeFromDiscard,
    Withdraw,
)
from boardgames.games.morrigan.components import CARD_KINDS, CardKind, CardType
from boardgames.games.morrigan.state import MorriganState, Phase

__all__ = ["ACTION_CLASSES", "illegal", "same_types", "why_illegal"]

_KIND = CARD_KINDS
_TYPE = tuple(kind.type for kind in CARD_KINDS)
_ACTION = CardType.ACTION


def illegal(action: object, reason: str) -> IllegalActionError:
    """Return the error for ``action``, refused for ``reason``."""
    return IllegalActionError(f"illegal action {action!r}: {reason}")


ACTION_CLASSES: tuple[type, ...] = (
    DeclareDuel,
    NormalTurn,
    PlayTerritory,
    PlayAdversary,
    PlayOrdeal,
    Fight,
    Conquer,
    PlaySpecial,
    PlaySorcery,
    EndActions,
    Reinforce,
    Decline,
    Stake,
    Withdraw,
    AddAction,
    AddCatapult,
    Commit,
    TakeFromDiscard,
    ChooseTarget,
    EndReinforcement,
    Discard,
    ReinforceMaletar,
    LoseCard,
)


_FIELDS = {cls: tuple(field.name for field in attrs.fields(cls)) for cls in ACTION_CLASSES}


_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.TURN_START: (DeclareDuel, NormalTurn),
    Phase.ACTION: (
        PlayTerritory,
        PlayAdversary,
        PlayOrdeal,
        Fight,
        Conquer,
        PlaySpecial,
        PlaySorcery,
        EndActions,
    ),
    Phase.ON_PLAY_REINFORCE: (Reinforce, Decline),
    Phase.ORDEAL_STAKE: (Stake, Decline, Withdraw),
    Phase.ATTACK: (AddAction, AddCatapult, Commit),
    Phase.ALLY_PICK: (TakeFromDiscard,),
    Phase.REINFORCE_TARGET: (ChooseTarget, EndReinforcement),
    Phase.REINFORCE_CARD: (Reinforce,),
    Phase.HAND_LIMIT: (Discard,),
    Phase.MALETAR_REINFORCE: (ReinforceMaletar, Decline),
    Phase.DUEL_LOSS: (LoseCard,),
    Phase.GAME_OVER: (),
}


def why_illegal(state: MorriganState, action: object, legal: Sequence[Action]) -> str:
    """Explain why ``action`` is not among ``legal``, the legal actions in ``state``."""
    if type(action) not in ACTION_CLASSES:
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
    if isinstance(action, PlayTerritory) and deluge:
        return "a Deluge forbids playing Territory cards until its caster's next turn"
    if isinstance(action, PlayOrdeal) and glacial:
        return "a Glacial Winter forbids playing Ordeal cards until its caster's next turn"
    if isinstance(action, Fight | Conquer) and not any(
        _TYPE[card] is _ACTION for card in state.hands[seat]
    ):
        return f"seat {seat} has no Action card to attack with"
    if isinstance(action, Conquer):
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
    if isinstance(action, Fight):
        return f"card {action.adversary!r} is not an Adversary in the centre"
    if isinstance(action, PlaySpecial) and action.special not in SPECIALS_PLAYED_ALONE:
        return (
            f"{action.special!r} is not played on its own "
            "(Sorcery needs a target; Curse, Blessing and Catapult go with a reinforcement, "
            "a stake and a conquest)"
        )
    if (
        isinstance(action, PlaySpecial)
        and action.special is CardKind.UNEXPECTED_ALLY
        and not state.discard_pile
    ):
        return "the discard pile is empty, so Unexpected Ally has nothing to draw"
    if isinstance(action, PlaySorcery) and action.target == seat:
        return "Sorcery must target another player"
    if isinstance(action, Commit):
        return "an attack needs at least one Action card (A-MOR-11)"
    if isinstance(action, AddCatapult):
        attack = state.attack
        if attack is not None and not attack.conquest:
            return "a Catapult is played only in the conquest of a Territory"
    if isinstance(action, Stake) and action.blessed is True:
        return f"seat {seat} does not hold a Blessing besides the staked card"
    if isinstance(action, Decline) and phase is Phase.ORDEAL_STAKE:
        return "in an extra staking round a tied player withdraws (Withdraw)"
    if isinstance(action, Withdraw):
        return "a player declines (Decline) in the first staking round"
    if isinstance(action, ChooseTarget):
        return (
            f"card {action.card!r} is not an own Territory or a centre Adversary "
            "still to be reinforced this turn"
        )
    if isinstance(action, LoseCard):
        return f"card {action.card!r} is not one of seat {seat}'s most valuable scoring cards"
    if isinstance(action, TakeFromDiscard):
        return f"no {action.kind!s} in the discard pile"
    return f"seat {seat} does not hold the card it needs, or its parameters are out of range"


def same_types(canonical: Action, action: object) -> bool:
    """Whether ``action`` has exactly the field types of the legal action it equals.

    ``PlayTerritory(True)`` equals ``PlayTerritory(1)`` but is not a legal action.
    """
    if type(action) is not type(canonical):
        return False
    return all(
        type(getattr(action, name)) is type(getattr(canonical, name))
        for name in _FIELDS[type(canonical)]
    )

"""The rules of Morrigan as pure functions: setup, legal actions, transitions, scoring.

A turn is split into decisions. Everything else runs inside :func:`apply`
until the next decision: draws and reshuffles, the reveal and resolution of Ordeal stakes,
attacks and duels, Special card effects, skipping players who have no card to give, the
start and end of turns. Which of several identical cards leaves a hand is drawn at random
from the state's generator, so that card ids never tell anybody more than the card kinds.

This module holds the legal actions and :func:`apply`; the transitions live in private
modules named after the rule tests (``_setup_and_turns``, ``_adversaries``, ``_combat``,
``_ordeals``, ``_specials``, ``_duel``), on the working copy of ``_table``; what players
know of hidden cards is kept by ``_hidden_information``, scoring by ``_end_and_scoring``
and the checks of untrusted states by ``_invariants``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan import (
    _adversaries,
    _combat,
    _duel,
    _ordeals,
    _setup_and_turns,
    _specials,
)
from boardgames.games.morrigan._end_and_scoring import (
    attack_strength,
    defence,
    loss_options,
    prestige,
    ranking,
    score,
    stake_value,
)
from boardgames.games.morrigan._hidden_information import hidden_places
from boardgames.games.morrigan._illegal_actions import illegal, same_types, why_illegal
from boardgames.games.morrigan._invariants import check_action, check_state
from boardgames.games.morrigan._setup_and_turns import new_game, open_targets
from boardgames.games.morrigan._specials import SPECIALS_PLAYED_ALONE
from boardgames.games.morrigan._table import Table
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
    PublicAction,
    Reinforce,
    ReinforcedFaceDown,
    ReinforceMaletar,
    Stake,
    Staked,
    TakeFromDiscard,
    Withdraw,
)
from boardgames.games.morrigan.components import CARD_KINDS, CARDS, CardId, CardKind, CardType
from boardgames.games.morrigan.state import HistoryEntry, MorriganState, Phase

__all__ = [
    "SPECIALS_PLAYED_ALONE",
    "apply",
    "attack_strength",
    "check_action",
    "check_state",
    "defence",
    "hidden_places",
    "legal_actions",
    "new_game",
    "prestige",
    "ranking",
    "score",
    "stake_value",
]

_KIND = CARD_KINDS
_TYPE = tuple(kind.type for kind in CARD_KINDS)
_VALUE = tuple(kind.face_value for kind in CARD_KINDS)
_KIND_TYPE = tuple(CardKind(kind).type for kind in range(30))
_KIND_VALUE = tuple(CardKind(kind).face_value for kind in range(30))
_ACTION = CardType.ACTION

_DECLARE = DeclareDuel()
_NORMAL = NormalTurn()
_END_ACTIONS = EndActions()
_DECLINE = Decline()
_WITHDRAW = Withdraw()
_ADD_CATAPULT = AddCatapult()
_COMMIT = Commit()
_END_REINFORCEMENT = EndReinforcement()
_FACE_DOWN = ReinforcedFaceDown()
_STAKED = (Staked(False), Staked(True))
_PLAY_TERRITORY = {value: PlayTerritory(value) for value in range(1, 6)}
_PLAY_ADVERSARY = {value: PlayAdversary(value) for value in range(1, 6)}
_PLAY_ORDEAL = {value: PlayOrdeal(value) for value in range(1, 6)}
_ADD_ACTION = {value: AddAction(value) for value in range(1, 6)}
_MALETAR = {value: ReinforceMaletar(value) for value in range(1, 6)}
_REINFORCE = {kind: Reinforce(kind) for kind in CardKind}
_STAKE = {kind: Stake(kind, False) for kind in CardKind}
_STAKE_BLESSED = {kind: Stake(kind, True) for kind in CardKind}
_DISCARD = {kind: Discard(kind) for kind in CardKind}
_TAKE = {kind: TakeFromDiscard(kind) for kind in CardKind}
_PLAY_SPECIAL = {kind: PlaySpecial(kind) for kind in SPECIALS_PLAYED_ALONE}
_FIGHT = tuple(Fight(card) for card in range(len(CARDS)))
_CONQUER = tuple(Conquer(card) for card in range(len(CARDS)))
_CHOOSE_TARGET = tuple(ChooseTarget(card) for card in range(len(CARDS)))
_LOSE = tuple(LoseCard(card) for card in range(len(CARDS)))
_SORCERY = tuple(PlaySorcery(seat) for seat in range(5))


def _public_actions() -> tuple[PublicAction, ...]:
    """Return every public action the rules produce, each as the one object they use.

    Every action :func:`legal_actions` returns, and every history entry :func:`apply`
    writes, is one of these objects (or, for a face-down card, its public form), so
    serialization can recognise them by identity.
    """
    singles: tuple[PublicAction, ...] = (
        _DECLARE,
        _NORMAL,
        _END_ACTIONS,
        _DECLINE,
        _WITHDRAW,
        _ADD_CATAPULT,
        _COMMIT,
        _END_REINFORCEMENT,
        _FACE_DOWN,
        *_STAKED,
    )
    tables: tuple[Iterable[PublicAction], ...] = (
        _PLAY_TERRITORY.values(),
        _PLAY_ADVERSARY.values(),
        _PLAY_ORDEAL.values(),
        _ADD_ACTION.values(),
        _MALETAR.values(),
        _DISCARD.values(),
        _TAKE.values(),
        _PLAY_SPECIAL.values(),
        _FIGHT,
        _CONQUER,
        _CHOOSE_TARGET,
        _LOSE,
        _SORCERY,
    )
    return (*singles, *(action for table in tables for action in table))


# --------------------------------------------------------------------------------------------
# Legal actions

_last_legal: list[tuple[MorriganState | None, tuple[Action, ...]]] = [(None, ())]


def legal_actions(state: MorriganState) -> tuple[Action, ...]:
    """Return the legal actions of the player to move, in a fixed order (empty iff over)."""
    last_state, last_actions = _last_legal[0]
    if last_state is state:
        return last_actions
    actions = _legal(state)
    _last_legal[0] = (state, actions)
    return actions


def _kinds(hand: Iterable[CardId]) -> list[CardKind]:
    return sorted({_KIND[card] for card in hand})


def _legal(state: MorriganState) -> tuple[Action, ...]:
    phase = state.phase
    seat = state.to_move
    if seat is None:
        return ()
    hand = state.hands[seat]
    if phase is Phase.ACTION:
        return _menu(state, seat, hand)
    if phase is Phase.TURN_START:
        return (_DECLARE, _NORMAL)
    if phase is Phase.ON_PLAY_REINFORCE or phase is Phase.REINFORCE_CARD:
        actions: list[Action] = [_REINFORCE[kind] for kind in _kinds(hand)]
        if phase is Phase.ON_PLAY_REINFORCE:
            actions.append(_DECLINE)
        return tuple(actions)
    if phase is Phase.ORDEAL_STAKE:
        return _stakes(state, hand)
    if phase is Phase.ATTACK:
        attack = state.attack
        assert attack is not None
        values = sorted({_VALUE[card] for card in hand if _TYPE[card] is _ACTION})
        actions = [_ADD_ACTION[value] for value in values]
        if attack.conquest and any(_KIND[card] is CardKind.CATAPULT for card in hand):
            actions.append(_ADD_CATAPULT)
        if attack.cards:
            actions.append(_COMMIT)
        return tuple(actions)
    if phase is Phase.REINFORCE_TARGET:
        return (
            *(_CHOOSE_TARGET[card] for card in open_targets(state, seat)),
            _END_REINFORCEMENT,
        )
    if phase is Phase.HAND_LIMIT:
        return tuple(_DISCARD[kind] for kind in _kinds(hand))
    if phase is Phase.MALETAR_REINFORCE:
        values = sorted({_VALUE[card] for card in hand if _TYPE[card] is _ACTION})
        return (*(_MALETAR[value] for value in values), _DECLINE)
    if phase is Phase.ALLY_PICK:
        return tuple(_TAKE[kind] for kind in _kinds(state.discard_pile))
    if phase is Phase.DUEL_LOSS:
        return tuple(_LOSE[card] for card in loss_options(state.territories, state.won, seat))
    return ()


def _menu(state: MorriganState, seat: PlayerId, hand: frozenset[CardId]) -> tuple[Action, ...]:
    kinds = _kinds(hand)
    deluge = glacial = False
    for effect in state.effects:
        if _KIND[effect.card] is CardKind.DELUGE:
            deluge = True
        else:
            glacial = True
    actions: list[Action] = []
    if not deluge:
        actions.extend(
            _PLAY_TERRITORY[_KIND_VALUE[k]] for k in kinds if _KIND_TYPE[k] is CardType.TERRITORY
        )
    actions.extend(
        _PLAY_ADVERSARY[_KIND_VALUE[k]] for k in kinds if _KIND_TYPE[k] is CardType.ADVERSARY
    )
    if not glacial:
        actions.extend(
            _PLAY_ORDEAL[_KIND_VALUE[k]] for k in kinds if _KIND_TYPE[k] is CardType.ORDEAL
        )
    if kinds and _KIND_TYPE[kinds[0]] is _ACTION:  # kinds are sorted: Actions come first
        actions.extend(_FIGHT[holding.card] for holding in state.adversaries)
        for other in range(state.players):
            if other != seat:
                actions.extend(_CONQUER[holding.card] for holding in state.territories[other])
    for kind in kinds:
        if kind in _PLAY_SPECIAL:
            if kind is CardKind.UNEXPECTED_ALLY and not state.discard_pile:
                continue
            actions.append(_PLAY_SPECIAL[kind])
        elif kind is CardKind.SORCERY:
            actions.extend(_SORCERY[other] for other in range(state.players) if other != seat)
    actions.append(_END_ACTIONS)
    return tuple(actions)


def _stakes(state: MorriganState, hand: frozenset[CardId]) -> tuple[Action, ...]:
    kinds = _kinds(hand)
    actions: list[Action] = [_STAKE[kind] for kind in kinds]
    blessings = sum(1 for card in hand if _KIND[card] is CardKind.BLESSING)
    if blessings:
        actions.extend(
            _STAKE_BLESSED[kind] for kind in kinds if kind is not CardKind.BLESSING or blessings > 1
        )
    ordeal = state.ordeal
    assert ordeal is not None
    actions.append(_DECLINE if ordeal.round == 1 else _WITHDRAW)
    return tuple(actions)


# --------------------------------------------------------------------------------------------
# Transitions


def apply(state: MorriganState, action: Action) -> MorriganState:
    """Return the state after the player to move takes ``action``.

    Raises:
        IllegalActionError: The game is over, ``action`` is not a Morrigan action, or it is
            not legal now; the message says why.
    """
    legal = legal_actions(state)
    for canonical in legal:
        if canonical is action:  # an action taken from legal_actions, as bots do
            break
    else:
        try:
            canonical = legal[legal.index(action)]
        except ValueError:
            raise illegal(action, why_illegal(state, action, legal)) from None
        if not same_types(canonical, action):
            raise illegal(action, why_illegal(state, action, legal))
    seat = state.to_move
    assert seat is not None
    table = Table(state)
    entry: HistoryEntry = (state.turn, seat, public_action(canonical))
    table.history = state.history.append(entry)
    _HANDLERS[type(canonical)](table, canonical)
    return table.freeze()


def public_action(action: Action) -> PublicAction:
    """Return ``action`` as the other players see it: a face-down card is not named."""
    if isinstance(action, Reinforce):
        return _FACE_DOWN
    if isinstance(action, Stake):
        return _STAKED[action.blessed]
    return action


def _reinforce(table: Table, action: Action) -> None:
    if table.phase is Phase.ON_PLAY_REINFORCE:
        _adversaries.reinforce_on_play(table, action)
    else:
        _setup_and_turns.reinforce(table, action)


def _decline(table: Table, action: Action) -> None:
    phase = table.phase
    if phase is Phase.ON_PLAY_REINFORCE:
        _adversaries.decline(table)
    elif phase is Phase.ORDEAL_STAKE:
        _ordeals.decline(table)
    else:
        _duel.decline(table)


_HANDLERS: dict[type, Callable[[Table, Action], None]] = {
    DeclareDuel: _duel.declare_duel,
    NormalTurn: _duel.normal_turn,
    PlayTerritory: _setup_and_turns.play_territory,
    PlayAdversary: _adversaries.play_adversary,
    PlayOrdeal: _ordeals.play_ordeal,
    Fight: _combat.start_attack,
    Conquer: _combat.start_attack,
    PlaySpecial: _specials.play_special,
    PlaySorcery: _specials.play_sorcery,
    EndActions: _setup_and_turns.end_actions,
    Reinforce: _reinforce,
    Decline: _decline,
    Stake: _ordeals.place_stake,
    Withdraw: _decline,
    AddAction: _combat.add_action,
    AddCatapult: _combat.add_catapult,
    Commit: _combat.commit,
    TakeFromDiscard: _specials.ally_pick,
    ChooseTarget: _setup_and_turns.choose_target,
    EndReinforcement: _setup_and_turns.end_reinforcement,
    Discard: _setup_and_turns.discard,
    ReinforceMaletar: _duel.reinforce_maletar,
    LoseCard: _duel.lose_card,
}

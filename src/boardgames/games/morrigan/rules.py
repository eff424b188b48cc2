"""The rules of Morrigan as pure functions: setup, legal actions, transitions, scoring.

A turn is split into decisions. Everything else runs inside :func:`apply`
until the next decision: draws and reshuffles, the reveal and resolution of Ordeal stakes,
attacks and duels, Special card effects, skipping players who have no card to give, the
start and end of turns. A card that comes into view takes its public name, and observations
show the cards only their player sees under private names (``_names``), so that no id tells
anybody more than a person at the table could know.

This module holds the configuration (:func:`configure`), the legal actions and
:func:`apply`: the functions :class:`~boardgames.core.standard.Rules` names. The
transitions live in private modules named after the rule tests (``_setup_and_turns``,
``_adversaries``, ``_combat``, ``_ordeals``, ``_specials``, ``_duel``), on the working copy
of ``_table``; what players know of hidden cards is kept by ``_hidden_information``,
scoring by ``_end_and_scoring`` and the checks of untrusted states by ``_invariants``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeAlias

import attrs

from boardgames.core import guards
from boardgames.core._memo import LastOne
from boardgames.core.guards import find_action, illegal_action
from boardgames.core.protocol import OptionValue, PlayerId
from boardgames.games.morrigan import (
    _adversaries,
    _combat,
    _duel,
    _ordeals,
    _setup_and_turns,
    _specials,
    actions,
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
from boardgames.games.morrigan._illegal_actions import why_illegal
from boardgames.games.morrigan._invariants import check_parameters, check_state
from boardgames.games.morrigan._setup_and_turns import open_targets
from boardgames.games.morrigan._specials import SPECIALS_PLAYED_ALONE
from boardgames.games.morrigan._table import Table
from boardgames.games.morrigan.actions import Action, PublicAction, Reinforce, Stake
from boardgames.games.morrigan.components import CARD_KINDS, CARDS, CardId, CardKind, CardType
from boardgames.games.morrigan.components import CARD_TYPES as _TYPE
from boardgames.games.morrigan.components import CARD_VALUES as _VALUE
from boardgames.games.morrigan.components import KIND_TYPES as _KIND_TYPE
from boardgames.games.morrigan.components import KIND_VALUES as _KIND_VALUE
from boardgames.games.morrigan.state import HistoryEntry, MorriganOptions, MorriganState, Phase

__all__ = [
    "SPECIALS_PLAYED_ALONE",
    "Configuration",
    "apply",
    "attack_strength",
    "check_action",
    "check_state",
    "configuration",
    "configure",
    "current_player",
    "defence",
    "describe_configuration",
    "hidden_places",
    "is_truncated",
    "legal_actions",
    "new_game",
    "prestige",
    "ranking",
    "score",
    "stake_value",
]

_KIND = CARD_KINDS
_ACTION = CardType.ACTION

_DECLARE = actions.DeclareDuel()
_NORMAL = actions.NormalTurn()
_END_ACTIONS = actions.EndActions()
_DECLINE = actions.Decline()
_WITHDRAW = actions.Withdraw()
_ADD_CATAPULT = actions.AddCatapult()
_COMMIT = actions.Commit()
_END_REINFORCEMENT = actions.EndReinforcement()
_FACE_DOWN = actions.ReinforcedFaceDown()
_STAKED = (actions.Staked(False), actions.Staked(True))
_PLAY_TERRITORY = {value: actions.PlayTerritory(value) for value in range(1, 6)}
_PLAY_ADVERSARY = {value: actions.PlayAdversary(value) for value in range(1, 6)}
_PLAY_ORDEAL = {value: actions.PlayOrdeal(value) for value in range(1, 6)}
_ADD_ACTION = {value: actions.AddAction(value) for value in range(1, 6)}
_MALETAR = {value: actions.ReinforceMaletar(value) for value in range(1, 6)}
_REINFORCE = {kind: actions.Reinforce(kind) for kind in CardKind}
_STAKE = {kind: actions.Stake(kind, False) for kind in CardKind}
_STAKE_BLESSED = {kind: actions.Stake(kind, True) for kind in CardKind}
_DISCARD = {kind: actions.Discard(kind) for kind in CardKind}
_TAKE = {kind: actions.TakeFromDiscard(kind) for kind in CardKind}
_PLAY_SPECIAL = {kind: actions.PlaySpecial(kind) for kind in SPECIALS_PLAYED_ALONE}
_FIGHT = tuple(actions.Fight(card) for card in range(len(CARDS)))
_CONQUER = tuple(actions.Conquer(card) for card in range(len(CARDS)))
_CHOOSE_TARGET = tuple(actions.ChooseTarget(card) for card in range(len(CARDS)))
_LOSE = tuple(actions.LoseCard(card) for card in range(len(CARDS)))
_SORCERY = tuple(actions.PlaySorcery(seat) for seat in range(5))


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
# Configuration

Configuration: TypeAlias = tuple[int, MorriganOptions]
"""What a game is configured by: the number of knights and the options."""


def configure(players: int, options: Mapping[str, OptionValue]) -> Configuration:
    """Return the configuration of ``players`` knights with the given options.

    Every combination of the options is allowed.
    """
    return (
        players,
        MorriganOptions(
            max_turns=int(options["max_turns"]),
            wide_curse=options["wide_curse"] is True,
            lone_bluff_wins=options["lone_bluff_wins"] is True,
            ally_top_only=options["ally_top_only"] is True,
        ),
    )


def configuration(state: MorriganState) -> Configuration:
    """Return the configuration ``state`` was made for."""
    return (state.players, state.options)


def describe_configuration(configuration: Configuration) -> str:
    """Describe a configuration for error messages."""
    players, options = configuration
    return guards.describe_configuration(players, attrs.asdict(options))


def new_game(configuration: Configuration, seed: int) -> MorriganState:
    """Shuffle, deal 5 cards each, choose the first player at random and start his turn."""
    players, options = configuration
    return _setup_and_turns.new_game(players, options, seed)


def current_player(state: MorriganState) -> PlayerId | None:
    """Return the player to decide, or ``None`` when the game is over."""
    return state.to_move


def is_truncated(state: MorriganState) -> bool:
    """Return whether the game was stopped by ``max_turns``."""
    return state.truncated


def check_action(action: Action) -> None:
    """Check that a loaded action's parameters are in range (values, card ids, seats).

    Sorcery's target is checked against the largest table (5 seats): an action alone
    does not say how many seats its game has; :func:`apply` refuses a target that is not
    a seat of the state's game.

    Raises:
        InvalidStateError: A parameter is out of range.
    """
    check_parameters(action, 5)


# --------------------------------------------------------------------------------------------
# Legal actions

_LAST_LEGAL: LastOne[MorriganState, tuple[Action, ...]] = LastOne()


def legal_actions(state: MorriganState) -> tuple[Action, ...]:
    """Return the legal actions of the player to move, in a fixed order (empty iff over)."""
    legal = _LAST_LEGAL.get(state)
    if legal is None:
        legal = _legal(state)
        _LAST_LEGAL.put(state, legal)
    return legal


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
        choices: list[Action] = [_REINFORCE[kind] for kind in _kinds(hand)]
        if phase is Phase.ON_PLAY_REINFORCE:
            choices.append(_DECLINE)
        return tuple(choices)
    if phase is Phase.ORDEAL_STAKE:
        return _stakes(state, hand)
    if phase is Phase.ATTACK:
        attack = state.attack
        assert attack is not None
        values = sorted({_VALUE[card] for card in hand if _TYPE[card] is _ACTION})
        choices = [_ADD_ACTION[value] for value in values]
        if attack.conquest and any(_KIND[card] is CardKind.CATAPULT for card in hand):
            choices.append(_ADD_CATAPULT)
        if attack.cards:
            choices.append(_COMMIT)
        return tuple(choices)
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
    choices: list[Action] = []
    if not deluge:
        choices.extend(
            _PLAY_TERRITORY[_KIND_VALUE[k]] for k in kinds if _KIND_TYPE[k] is CardType.TERRITORY
        )
    choices.extend(
        _PLAY_ADVERSARY[_KIND_VALUE[k]] for k in kinds if _KIND_TYPE[k] is CardType.ADVERSARY
    )
    if not glacial:
        choices.extend(
            _PLAY_ORDEAL[_KIND_VALUE[k]] for k in kinds if _KIND_TYPE[k] is CardType.ORDEAL
        )
    if kinds and _KIND_TYPE[kinds[0]] is _ACTION:  # kinds are sorted: Actions come first
        choices.extend(_FIGHT[holding.card] for holding in state.adversaries)
        for other in range(state.players):
            if other != seat:
                choices.extend(_CONQUER[holding.card] for holding in state.territories[other])
    for kind in kinds:
        if kind in _PLAY_SPECIAL:
            if kind is CardKind.UNEXPECTED_ALLY and not state.discard_pile:
                continue
            choices.append(_PLAY_SPECIAL[kind])
        elif kind is CardKind.SORCERY:
            choices.extend(_SORCERY[other] for other in range(state.players) if other != seat)
    choices.append(_END_ACTIONS)
    return tuple(choices)


def _stakes(state: MorriganState, hand: frozenset[CardId]) -> tuple[Action, ...]:
    kinds = _kinds(hand)
    choices: list[Action] = [_STAKE[kind] for kind in kinds]
    blessings = sum(1 for card in hand if _KIND[card] is CardKind.BLESSING)
    if blessings:
        choices.extend(
            _STAKE_BLESSED[kind] for kind in kinds if kind is not CardKind.BLESSING or blessings > 1
        )
    ordeal = state.ordeal
    assert ordeal is not None
    choices.append(_DECLINE if ordeal.round == 1 else _WITHDRAW)
    return tuple(choices)


# --------------------------------------------------------------------------------------------
# Transitions


def apply(state: MorriganState, action: Action) -> MorriganState:
    """Return the state after the player to move takes ``action``.

    Raises:
        IllegalActionError: The game is over, ``action`` is not a Morrigan action, or it is
            not legal now; the message says why.
    """
    legal = legal_actions(state)
    index = find_action(legal, action)
    if index < 0:
        raise illegal_action(action, why_illegal(state, action, legal))
    canonical = legal[index]
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
    actions.DeclareDuel: _duel.declare_duel,
    actions.NormalTurn: _duel.normal_turn,
    actions.PlayTerritory: _setup_and_turns.play_territory,
    actions.PlayAdversary: _adversaries.play_adversary,
    actions.PlayOrdeal: _ordeals.play_ordeal,
    actions.Fight: _combat.start_attack,
    actions.Conquer: _combat.start_attack,
    actions.PlaySpecial: _specials.play_special,
    actions.PlaySorcery: _specials.play_sorcery,
    actions.EndActions: _setup_and_turns.end_actions,
    actions.Reinforce: _reinforce,
    actions.Decline: _decline,
    actions.Stake: _ordeals.place_stake,
    actions.Withdraw: _decline,
    actions.AddAction: _combat.add_action,
    actions.AddCatapult: _combat.add_catapult,
    actions.Commit: _combat.commit,
    actions.TakeFromDiscard: _specials.ally_pick,
    actions.ChooseTarget: _setup_and_turns.choose_target,
    actions.EndReinforcement: _setup_and_turns.end_reinforcement,
    actions.Discard: _setup_and_turns.discard,
    actions.ReinforceMaletar: _duel.reinforce_maletar,
    actions.LoseCard: _duel.lose_card,
}

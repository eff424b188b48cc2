"""The public history checked against the state it led to (``check_state``, ``loads``).

One pass over the entries, a few operations each, replays the *shape* of every turn
without the hidden cards: who may decide what, in which order, and what the entries say
was played. Then what the entries say is compared with where the cards are now:

* turns run from 1 without a gap to the state's turn; every turn has a decision (its
  first is the active player's: the duel choice or the action menu), and the active
  player of turn ``k`` is the state's active player ``turn - k`` seats back;
* each turn follows the order of the phases: the duel choice, then the action phase (with
  its on-play windows, Ordeal stakes, attacks and Unexpected Ally picks), the
  reinforcement phase and the hand limit; or the duel, Maletar's reinforcements, the
  duel loss and the hand limit. Only the active player decides outside those windows; a
  window asks the other players clockwise from his left, each once; an Ordeal asks every
  participant clockwise with its player last, and an extra round only the tied stakers
  of the round before;
* a turn ends only where the rules end one, and the last turn's position is the state's
  pending decision: the attack being built holds the Action values the entries added, the
  on-play window the face-down cards they placed, the Ordeal the round they reached and
  the stakes of it, the duel Maletar's cards, and ``reinforced`` the targets chosen;
* every Territory in play was played (``PlayTerritory`` of its value) by its owner or
  conquered by him; every Adversary in the centre or defeated was played
  (``PlayAdversary``), and each defeated one was fought by its winner; every won Ordeal
  was played and won by a player who staked; the Deluges and Glacial Winters in force are
  exactly those played since their caster's last turn began; each card placed in a
  reinforcement phase follows a ``ChooseTarget`` of its target by its placer, each card
  placed on play a face-down entry of its placer in a window; a reinforcement everyone
  has seen follows an attack on its target; a known non-Action card follows a duel.

A history emptied, cut, reversed, repeated or with a seat, a turn or a card changed fails
one of these. The pass never looks at a hidden card, so an observation's history is
checked the same way (through the state sampled from it).
"""

from __future__ import annotations

import contextlib
import functools
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from boardgames.core.errors import BoardgamesError, InvalidStateError
from boardgames.core.guards import shown
from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan import actions
from boardgames.games.morrigan.components import (
    CARD_TYPES,
    CARD_VALUES,
    CARDS,
    DRAW,
    HAND_SIZE,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.state import Holding, MorriganState, Phase

if TYPE_CHECKING:
    from boardgames.games.morrigan.position import MorriganPosition

__all__ = ["check_history"]

_VALUE = CARD_VALUES
_TYPE = CARD_TYPES

# The public decisions, by what the pass needs to tell apart.
(
    _DECLARE,
    _NORMAL,
    _PLAY_TERRITORY,
    _PLAY_ADVERSARY,
    _PLAY_ORDEAL,
    _FIGHT,
    _CONQUER,
    _SPECIAL,
    _SORCERY,
    _END_ACTIONS,
    _FACE_DOWN,
    _DECLINE,
    _STAKED,
    _WITHDRAW,
    _ADD_ACTION,
    _ADD_CATAPULT,
    _COMMIT,
    _TAKE,
    _CHOOSE,
    _END_REINFORCEMENT,
    _DISCARD,
    _MALETAR,
    _LOSE,
) = range(23)

# Where a turn is, as far as the public entries tell.
(
    _BEGIN,  # no decision yet this turn
    _ACTION,  # the action menu
    _WINDOW,  # an on-play window (it may have closed: the rest had no card)
    _ORDEAL,  # an Ordeal's stakes (it may be over)
    _ATTACK,  # an attack being built
    _ALLY,  # an Unexpected Ally played (its pick may have been made for the player)
    _REINFORCE,  # the reinforcement phase, between two reinforcements
    _REINFORCE_CARD,  # a target chosen, its card to come
    _LIMIT,  # the hand limit
    _DUEL,  # the duel, until its loss is settled
) = range(10)

_STAGE_NAMES = (
    "its start",
    "the action phase",
    "an on-play window",
    "an Ordeal",
    "an attack",
    "an Unexpected Ally pick",
    "the reinforcement phase",
    "a reinforcement",
    "the hand limit",
    "the duel",
)
_TURN_ENDS = frozenset({_REINFORCE, _LIMIT, _DUEL})
"""Where a turn can end: after the reinforcement phase, the hand limit, or a lost duel."""

_PHASE_STAGES: dict[Phase, frozenset[int]] = {
    Phase.TURN_START: frozenset({_BEGIN}),
    Phase.ACTION: frozenset({_BEGIN, _ACTION, _WINDOW, _ORDEAL, _ALLY}),
    Phase.ON_PLAY_REINFORCE: frozenset({_WINDOW}),
    Phase.ORDEAL_STAKE: frozenset({_ORDEAL}),
    Phase.ATTACK: frozenset({_ATTACK}),
    Phase.ALLY_PICK: frozenset({_ALLY}),
    Phase.REINFORCE_TARGET: frozenset({_REINFORCE}),
    Phase.REINFORCE_CARD: frozenset({_REINFORCE_CARD}),
    Phase.HAND_LIMIT: frozenset({_REINFORCE, _LIMIT, _DUEL}),
    Phase.MALETAR_REINFORCE: frozenset({_DUEL}),
    Phase.DUEL_LOSS: frozenset({_DUEL}),
    Phase.GAME_OVER: _TURN_ENDS,
}
"""The positions of the last turn from which the rules reach each pending decision."""

_EFFECT_KINDS = (CardKind.DELUGE, CardKind.GLACIAL_WINTER)
_SCORING = (CardType.ORDEAL, CardType.ADVERSARY, CardType.TERRITORY)


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def _card_of(action: object, field: str, types: tuple[CardType, ...]) -> int:
    card = getattr(action, field)
    if type(card) is not int or not 0 <= card < len(CARDS) or _TYPE[card] not in types:
        names = " or ".join(str(t) for t in types)
        raise _fail(f"the history's {shown(action)} does not name a card of type {names}")
    return card


def _classify(action: object) -> tuple[int, int]:
    """Return what the pass needs of one public action: its code and its argument."""
    if isinstance(action, actions.PlayTerritory):
        return _PLAY_TERRITORY, action.value
    if isinstance(action, actions.PlayAdversary):
        return _PLAY_ADVERSARY, action.value
    if isinstance(action, actions.PlayOrdeal):
        return _PLAY_ORDEAL, action.value
    if isinstance(action, actions.AddAction):
        return _ADD_ACTION, action.value
    if isinstance(action, actions.ReinforceMaletar):
        return _MALETAR, action.value
    if isinstance(action, actions.Fight):
        return _FIGHT, _card_of(action, "adversary", (CardType.ADVERSARY,))
    if isinstance(action, actions.Conquer):
        return _CONQUER, _card_of(action, "territory", (CardType.TERRITORY,))
    if isinstance(action, actions.ChooseTarget):
        return _CHOOSE, _card_of(action, "card", (CardType.ADVERSARY, CardType.TERRITORY))
    if isinstance(action, actions.LoseCard):
        return _LOSE, _card_of(action, "card", _SCORING)
    if isinstance(action, actions.PlaySpecial | actions.TakeFromDiscard | actions.Discard):
        kind = getattr(action, "special", getattr(action, "kind", None))
        if type(kind) is not CardKind:
            raise _fail(f"the history's {shown(action)} does not name a CardKind")
        if isinstance(action, actions.PlaySpecial):
            return _SPECIAL, int(kind)
    if isinstance(action, actions.Staked):
        if type(action.blessed) is not bool:
            raise _fail(f"the history's {shown(action)} has a non-bool blessed")
        return _STAKED, int(action.blessed)
    code = _SIMPLE.get(type(action))
    if code is None:
        raise _fail(f"the history holds {shown(action)}, which is not a public action")
    return code, 0


_known: list[dict[int, tuple[int, int]]] = []
"""The codes of the rules' own public action objects, by id (built at the first check).

Every history the rules write, or ``loads`` reads, shares these objects (see
``_codec``), and they live as long as the rules module, so their ids name them alone."""


def _known_codes() -> dict[int, tuple[int, int]]:
    if not _known:
        from boardgames.games.morrigan.rules import _public_actions  # rules import this module

        codes = {}
        for action in _public_actions():
            # Fight, Conquer, ChooseTarget and LoseCard exist for every card id.
            with contextlib.suppress(InvalidStateError):
                codes[id(action)] = _classify(action)
        _known.append(codes)
    return _known[0]


_SIMPLE: dict[type, int] = {
    actions.DeclareDuel: _DECLARE,
    actions.NormalTurn: _NORMAL,
    actions.PlaySorcery: _SORCERY,
    actions.EndActions: _END_ACTIONS,
    actions.ReinforcedFaceDown: _FACE_DOWN,
    actions.Decline: _DECLINE,
    actions.Withdraw: _WITHDRAW,
    actions.AddCatapult: _ADD_CATAPULT,
    actions.Commit: _COMMIT,
    actions.TakeFromDiscard: _TAKE,
    actions.EndReinforcement: _END_REINFORCEMENT,
    actions.Discard: _DISCARD,
}


def check_history(state: MorriganState, check_action: Callable[[object, int], None]) -> None:
    """Check that the public history can have led to ``state`` (see the module notes).

    Args:
        state: A state whose other fields are already checked.
        check_action: Checks one public action's parameters (values, ids, seats); called
            once per distinct action object.

    Raises:
        InvalidStateError: The history does not agree with the state; the message says how.
    """
    history = state.history
    players = state.players
    now = state.turn
    if not history and history.origin is None:
        _check_start(state)
        return
    codes = _known_codes().copy()  # other actions are checked once each, then added
    top_only = state.options.ally_top_only
    # What the entries say was played, for the comparison with the table.
    played_territories: Counter[tuple[PlayerId, int]] = Counter()
    played_adversaries: Counter[int] = Counter()
    played_ordeals: Counter[int] = Counter()
    attacks: set[tuple[PlayerId, int]] = set()  # (seat, target) of every Fight and Conquer
    attacked: set[int] = set()
    chosen: Counter[tuple[PlayerId, int]] = Counter()
    on_play: Counter[PlayerId] = Counter()  # face-down cards placed in windows, by seat
    stakers: set[PlayerId] = set()
    casts: list[tuple[int, PlayerId, int]] = []  # (turn, caster, kind) of Deluges and Winters
    duels = False
    # Where the turn being read is.
    turn = 0
    active = -1
    stage = _BEGIN
    offset = 0  # the last offset (clockwise from the active player) asked in a window
    chosen_now: set[int] = set()  # the targets chosen this turn
    target = -1  # the last one
    duel_turn = False
    window_placers: list[PlayerId] = []
    window_value = 0
    ordeal_value = 0
    ordeal_round = 1
    round_stakes: list[tuple[PlayerId, int]] = []
    tied: set[PlayerId] = set()  # the stakers of the round before the current one
    attack_target = -1
    attack_conquest = False
    attack_values: list[int] = []
    catapults = 0
    maletar_values: list[int] = []
    if history.origin is not None:
        start = _origin(history.origin, state, len(history))
        played_territories.update(start.played_territories)
        played_adversaries.update(start.played_adversaries)
        played_ordeals.update(start.played_ordeals)
        attacks.update(start.attacks)
        attacked.update(start.attacked)
        chosen.update(start.chosen)
        on_play.update(start.on_play)
        stakers.update(start.stakers)
        casts += start.casts
        duels = start.duels
        turn, active, stage, offset = start.turn, start.active, start.stage, start.offset
        chosen_now, target, duel_turn = set(start.chosen_now), start.target, start.duel_turn
        window_placers, window_value = list(start.window_placers), start.window_value
        ordeal_value, ordeal_round = start.ordeal_value, start.ordeal_round
        round_stakes, tied = list(start.round_stakes), set(start.tied)
        attack_target, attack_conquest = start.attack_target, start.attack_conquest
        attack_values, catapults = list(start.attack_values), start.catapults
        maletar_values = list(start.maletar_values)
    for entry in history:
        if type(entry) is not tuple or len(entry) != 3:
            raise _fail(f"a history entry {shown(entry)} is not (turn, seat, action)")
        entry_turn, seat, action = entry
        if type(seat) is not int or type(entry_turn) is not int or not 0 <= seat < players:
            raise _fail(f"the history names turn {shown(entry_turn)} and seat {shown(seat)}")
        if entry_turn != turn:
            if entry_turn != turn + 1 or entry_turn > now:
                raise _fail(
                    f"the history goes from turn {turn} to turn {shown(entry_turn)}: turns run "
                    f"from 1 without a gap to the state's turn {now}"
                )
            if turn and stage not in _TURN_ENDS:
                raise _fail(f"the history ends turn {turn} in {_STAGE_NAMES[stage]}")
            turn = entry_turn
            active = (state.active - (now - turn)) % players
            stage = _BEGIN
            chosen_now = set()
            duel_turn = False
        known = codes.get(id(action))
        if known is None:
            check_action(action, players)
            known = codes[id(action)] = _classify(action)
        code, argument = known
        if stage == _WINDOW:
            if seat != active and code in (_FACE_DOWN, _DECLINE):
                place = (seat - active) % players
                if place <= offset:
                    raise _fail(f"seat {seat} is asked out of turn in turn {turn}'s window")
                offset = place
                if code == _FACE_DOWN:
                    window_placers.append(seat)
                    on_play[seat] += 1
                continue
            stage = _ACTION  # the window is closed
        elif stage == _ORDEAL:
            if code in (_STAKED, _DECLINE, _WITHDRAW):
                place = (seat - active) % players or players  # the Ordeal's player is last
                if place <= offset:  # a new round, among the tied stakers of this one
                    if len(round_stakes) < 2:
                        raise _fail(
                            f"seat {seat} stakes again in turn {turn}'s Ordeal without a tie"
                        )
                    tied = {staker for staker, _ in round_stakes}
                    ordeal_round += 1
                    round_stakes = []
                if ordeal_round > 1 and seat not in tied:
                    raise _fail(f"seat {seat} is not tied in turn {turn}'s extra staking round")
                if (code == _DECLINE) != (ordeal_round == 1) and code != _STAKED:
                    raise _fail(
                        "a participant declines in an Ordeal's first round and withdraws "
                        "from an extra one"
                    )
                offset = place
                if code == _STAKED:
                    round_stakes.append((seat, argument))
                    stakers.add(seat)
                continue
            stage = _ACTION  # the Ordeal is over
        elif stage == _ALLY:
            stage = _ACTION  # picked for the player, or picked now
            if code == _TAKE and seat == active and not top_only:
                continue
        elif stage == _DUEL:
            if seat != active and code in (_MALETAR, _DECLINE):
                place = (seat - active) % players
                if place <= offset:
                    raise _fail(f"seat {seat} is asked out of turn in turn {turn}'s duel")
                offset = place
                if code == _MALETAR:
                    maletar_values.append(argument)
                continue
            if seat == active and code in (_LOSE, _DISCARD):
                stage = _LIMIT
                continue
            raise _fail(f"the history's {shown(action)} by seat {seat} cannot follow a duel")
        if seat != active:
            raise _fail(
                f"the history has seat {seat} decide {shown(action)} in turn {turn}, which is "
                f"seat {active}'s"
            )
        if stage == _ATTACK:
            if code == _ADD_ACTION:
                attack_values.append(argument)
            elif code == _ADD_CATAPULT and attack_conquest:
                catapults += 1
            elif code == _COMMIT and attack_values:
                stage = _ACTION
            else:
                raise _fail(f"the history's {shown(action)} cannot be part of an attack")
            continue
        if stage == _REINFORCE:
            if code == _CHOOSE and argument not in chosen_now:
                chosen_now.add(argument)
                target = argument
                stage = _REINFORCE_CARD
            elif code in (_END_REINFORCEMENT, _DISCARD):
                stage = _LIMIT
            else:
                raise _fail(f"the history's {shown(action)} cannot follow the action phase")
            continue
        if stage == _REINFORCE_CARD:
            if code != _FACE_DOWN:
                raise _fail(f"the history's {shown(action)} does not reinforce the chosen target")
            chosen[seat, target] += 1
            stage = _REINFORCE
            continue
        if stage == _LIMIT:
            if code != _DISCARD:
                raise _fail(f"the history's {shown(action)} cannot follow the hand limit")
            continue
        if stage == _BEGIN:
            if code == _DECLARE:
                stage = _DUEL
                offset = 0
                maletar_values = []
                duel_turn = duels = True
                continue
            stage = _ACTION
            if code == _NORMAL:
                continue
        # The action menu.
        if code == _PLAY_TERRITORY:
            played_territories[seat, argument] += 1
        elif code == _PLAY_ADVERSARY:
            played_adversaries[argument] += 1
            stage = _WINDOW
            offset = 0
            window_placers = []
            window_value = argument
        elif code == _PLAY_ORDEAL:
            played_ordeals[argument] += 1
            stage = _ORDEAL
            offset = 0
            ordeal_value = argument
            ordeal_round = 1
            round_stakes = []
        elif code in (_FIGHT, _CONQUER):
            attacks.add((seat, argument))
            attacked.add(argument)
            stage = _ATTACK
            attack_target = argument
            attack_conquest = code == _CONQUER
            attack_values = []
            catapults = 0
        elif code == _SPECIAL:
            if argument == CardKind.UNEXPECTED_ALLY:
                stage = _ALLY
            elif argument in _EFFECT_KINDS:
                casts.append((turn, seat, argument))
        elif code == _END_ACTIONS:
            stage = _REINFORCE
        elif code != _SORCERY:
            raise _fail(f"the history's {shown(action)} cannot be decided in the action phase")
    if turn < now - 1:
        raise _fail(f"the history stops at turn {turn} but the state is at turn {now}")
    if turn < now:  # the state's turn has just begun
        if stage not in _TURN_ENDS:
            raise _fail(f"the history ends turn {turn} in {_STAGE_NAMES[stage]}")
        stage = _BEGIN
        chosen_now = set()
        duel_turn = False
    phase = state.phase
    stages = _PHASE_STAGES[phase]
    if phase is Phase.GAME_OVER and state.winner is not None:
        stages = frozenset({_DUEL})
    if stage not in stages:
        raise _fail(
            f"the history leaves turn {now} in {_STAGE_NAMES[stage]}, which does not lead to "
            f"the {phase.name.lower()} phase"
        )
    reinforced = set(chosen_now)
    if phase is Phase.REINFORCE_CARD:
        if state.target != target:
            raise _fail("the target to reinforce is not the one the history chose last")
        reinforced.discard(target)
    if state.reinforced != reinforced:
        raise _fail(
            f"reinforced={sorted(state.reinforced)} but the history chose {sorted(reinforced)} "
            "this turn"
        )
    if duel_turn and state.floors[state.active] != len(state.hands[state.active]):
        raise _fail("after the duel draw the duelist's whole hand is known to hold no Action card")
    window = state.window
    if window is not None:
        if _VALUE[window.adversary] != window_value:
            raise _fail("the on-play window is not for the Adversary the history last played")
        holding = state.adversaries[-1]
        placers = [
            r.placer for r in holding.reinforcements if not (r.in_reinforcement_phase or r.public)
        ]
        if (
            holding.card != window.adversary
            or placers != window_placers
            or len(holding.reinforcements) != len(placers)
        ):
            raise _fail("the on-play window's Adversary does not hold the cards the history placed")
        if any((seat - state.active) % players <= offset for seat in window.waiting):
            raise _fail("the on-play window waits for a player who was already asked")
    ordeal = state.ordeal
    if ordeal is not None:
        if _VALUE[ordeal.card] != ordeal_value:
            raise _fail("the Ordeal in progress is not the one the history last played")
        if ordeal.round == ordeal_round + 1 and not ordeal.stakes and len(round_stakes) >= 2:
            last_offset = 0  # a new round among the stakers just revealed
            tied = {staker for staker, _ in round_stakes}
        elif ordeal.round == ordeal_round:
            stakes = [(stake.seat, int(stake.blessing is not None)) for stake in ordeal.stakes]
            if stakes != round_stakes:
                raise _fail("the Ordeal's stakes are not the ones the history staked this round")
            last_offset = offset
        else:
            raise _fail(f"ordeal round {ordeal.round!r} is not the round the history reached")
        for seat in ordeal.waiting:
            if ((seat - state.active) % players or players) <= last_offset or (
                ordeal.round > 1 and seat not in tied
            ):
                raise _fail(f"seat {seat} cannot be waiting to stake in this Ordeal round")
    attack = state.attack
    if attack is not None:
        if (attack.target, attack.conquest) != (attack_target, attack_conquest):
            raise _fail("the attack in progress is not the one the history started")
        if [_VALUE[card] for card in attack.cards] != attack_values or len(
            attack.catapults
        ) != catapults:
            raise _fail("the attack's cards are not the ones the history added")
    duel = state.duel
    if duel is not None:
        if [_VALUE[card] for card in duel.maletar] != maletar_values:
            raise _fail("Maletar's cards are not the ones the history gave him")
        if any((seat - state.active) % players <= offset for seat in duel.waiting):
            raise _fail("the duel waits for an opponent who was already asked")
    _check_cards(
        state,
        played_territories,
        played_adversaries,
        played_ordeals,
        attacks,
        attacked,
        chosen,
        on_play,
        stakers,
    )
    in_force = sorted((caster, kind) for turn, caster, kind in casts if turn > now - players)
    effects = sorted((effect.caster, int(CARDS[effect.card].kind)) for effect in state.effects)
    if in_force != effects:
        raise _fail("the Deluges and Glacial Winters in force are not the ones the history cast")
    if not duels and (
        any(state.floors)
        or any(r.known_bluff for holding in _holdings_of(state) for r in holding.reinforcements)
        or (ordeal is not None and any(stake.known_bluff for stake in ordeal.stakes))
    ):
        raise _fail("cards are known not to be Action cards, but nobody has lost a duel")
    if history.origin is not None and not history:
        from boardgames.games.morrigan._setup import position_of  # _setup imports this module

        if str(position_of(state).public()) != history.origin:
            raise _fail("the history has no move, but the table is not the one it starts from")


def _check_cards(
    state: MorriganState,
    played_territories: Counter[tuple[PlayerId, int]],
    played_adversaries: Counter[int],
    played_ordeals: Counter[int],
    attacks: set[tuple[PlayerId, int]],
    attacked: set[int],
    chosen: Counter[tuple[PlayerId, int]],
    on_play: Counter[PlayerId],
    stakers: set[PlayerId],
) -> None:
    """The cards on the table are the ones the history played, fought, won and placed."""
    in_play: Counter[int] = Counter()
    held: Counter[tuple[PlayerId, int]] = Counter()
    for seat, holdings in enumerate(state.territories):
        for holding in holdings:
            value = _VALUE[holding.card]
            in_play[value] += 1
            if (seat, holding.card) not in attacks:  # not conquered by him: he played it
                held[seat, value] += 1
    for (seat, value), count in held.items():
        if count > played_territories[seat, value]:
            raise _fail(f"seat {seat} holds a Territory {value} the history never has him play")
    for value, count in in_play.items():
        if count > sum(played_territories[seat, value] for seat in range(state.players)):
            raise _fail(f"more Territories {value} are in play than the history played")
    adversaries: Counter[int] = Counter(_VALUE[holding.card] for holding in state.adversaries)
    ordeals: Counter[int] = Counter()
    if state.ordeal is not None:
        ordeals[_VALUE[state.ordeal.card]] += 1
    for seat, won in enumerate(state.won):
        for card in won:
            if _TYPE[card] is CardType.ADVERSARY:
                adversaries[_VALUE[card]] += 1
                if (seat, card) not in attacks:
                    raise _fail(f"seat {seat} won {CARDS[card]} without fighting it")
            else:
                ordeals[_VALUE[card]] += 1
                if seat not in stakers:
                    raise _fail(f"seat {seat} won an Ordeal without ever staking")
    for value, count in adversaries.items():
        if count > played_adversaries[value]:
            raise _fail(f"more Adversaries {value} are in play than the history played")
    for value, count in ordeals.items():
        if count > played_ordeals[value]:
            raise _fail(f"more Ordeals {value} are won or in play than the history played")
    placed: Counter[PlayerId] = Counter()
    for holding in _holdings_of(state):
        in_phase: Counter[PlayerId] = Counter()
        for r in holding.reinforcements:
            if r.in_reinforcement_phase:
                in_phase[r.placer] += 1
            else:
                placed[r.placer] += 1
        for placer, count in in_phase.items():
            if count > chosen[placer, holding.card]:
                raise _fail(
                    f"seat {placer} has more cards under {CARDS[holding.card]} than the "
                    "history has him choose it"
                )
        if (
            holding.reinforcements
            and holding.reinforcements[0].public
            and (holding.card not in attacked)
        ):
            raise _fail(f"the cards under {CARDS[holding.card]} were seen without an attack")
    for placer, count in placed.items():
        if count > on_play[placer]:
            raise _fail(f"seat {placer} has more cards under Adversaries than he placed on play")


@attrs.frozen
class _Start:
    """Where the replay of a history with an origin starts (see :func:`_origin`)."""

    played_territories: Counter[tuple[PlayerId, int]]
    played_adversaries: Counter[int]
    played_ordeals: Counter[int]
    attacks: frozenset[tuple[PlayerId, int]]
    attacked: frozenset[int]
    chosen: Counter[tuple[PlayerId, int]]
    on_play: Counter[PlayerId]
    stakers: frozenset[PlayerId]
    casts: tuple[tuple[int, PlayerId, int], ...]
    duels: bool
    turn: int
    active: PlayerId
    stage: int
    offset: int
    chosen_now: frozenset[int]
    target: int
    duel_turn: bool
    window_placers: tuple[PlayerId, ...]
    window_value: int
    ordeal_value: int
    ordeal_round: int
    round_stakes: tuple[tuple[PlayerId, int], ...]
    tied: frozenset[PlayerId]
    attack_target: int
    attack_conquest: bool
    attack_values: tuple[int, ...]
    catapults: int
    maletar_values: tuple[int, ...]


_ORIGIN_STAGES: dict[Phase, int] = {
    Phase.TURN_START: _BEGIN,
    Phase.ACTION: _ACTION,
    Phase.ON_PLAY_REINFORCE: _WINDOW,
    Phase.ORDEAL_STAKE: _ORDEAL,
    Phase.ATTACK: _ATTACK,
    Phase.ALLY_PICK: _ALLY,
    Phase.REINFORCE_TARGET: _REINFORCE,
    Phase.REINFORCE_CARD: _REINFORCE_CARD,
    Phase.HAND_LIMIT: _LIMIT,
    Phase.MALETAR_REINFORCE: _DUEL,
    Phase.DUEL_LOSS: _DUEL,
}


def _origin(text: str, state: MorriganState, moves: int) -> _Start:
    """Read a history's origin: the public table its first entry was taken in.

    The cards on the table there count as played, placed and fought as the table shows, and
    the turn goes on from its pending decision.

    Raises:
        InvalidStateError: The origin is not a public position of this game that the
            state's turn and active player can follow.
    """
    start = _read_origin(text)
    players = state.players
    if start.players != players:
        raise _fail(f"the history's origin is a position of {start.players} players, not {players}")
    if not 1 <= start.turn <= state.turn:
        raise _fail(f"the history's origin is at turn {start.turn}, after the state's {state.turn}")
    if (start.active - start.turn) % players != (state.active - state.turn) % players:
        raise _fail(
            f"the history's origin has seat {start.active} play turn {start.turn}, but the "
            f"state has seat {state.active} play turn {state.turn}: turns go clockwise"
        )
    if start.phase is Phase.GAME_OVER and moves:
        raise _fail("the history's origin is a finished game: no move follows it")
    active = start.active
    played_territories: Counter[tuple[PlayerId, int]] = Counter()
    played_adversaries: Counter[int] = Counter()
    played_ordeals: Counter[int] = Counter()
    attacks: set[tuple[PlayerId, int]] = set()
    attacked: set[int] = set()
    chosen: Counter[tuple[PlayerId, int]] = Counter()
    on_play: Counter[PlayerId] = Counter()
    stakers: set[PlayerId] = set()
    duels = False
    holdings = [*start.adversaries, *(h for seat in start.seats for h in seat.territories)]
    for number, seat in enumerate(start.seats):
        duels = duels or seat.floor > 0
        for holding in seat.territories:
            played_territories[number, _VALUE[holding.card]] += 1
        for card in seat.won:
            if _TYPE[card] is CardType.ADVERSARY:
                played_adversaries[_VALUE[card]] += 1
                attacks.add((number, card))
            else:
                played_ordeals[_VALUE[card]] += 1
                stakers.add(number)
    for holding in start.adversaries:
        played_adversaries[_VALUE[holding.card]] += 1
    for holding in holdings:
        for r in holding.reinforcements:
            duels = duels or r.known_bluff
            if r.public:
                attacked.add(holding.card)
            if r.in_reinforcement_phase:
                chosen[r.placer, holding.card] += 1
            else:
                on_play[r.placer] += 1
    casts = tuple(
        (
            start.turn - (active - effect.caster) % players,
            effect.caster,
            int(CARDS[effect.card].kind),
        )
        for effect in start.effects
    )
    if start.phase is Phase.GAME_OVER:  # a finished table: no move may follow it
        stage = _DUEL if start.winner is not None else _REINFORCE
    else:
        stage = _ORIGIN_STAGES[start.phase]
    offset = 0
    window_placers: tuple[PlayerId, ...] = ()
    window_value = 0
    if start.window is not None and start.adversaries:
        last = start.adversaries[-1]
        window_placers = tuple(
            r.placer for r in last.reinforcements if not (r.in_reinforcement_phase or r.public)
        )
        window_value = _VALUE[last.card]
        if start.window.waiting:
            offset = (start.window.waiting[0] - active) % players - 1
    ordeal_value = 0
    ordeal_round = 1
    round_stakes: tuple[tuple[PlayerId, int], ...] = ()
    tied: frozenset[PlayerId] = frozenset()
    ordeal = start.ordeal
    if ordeal is not None:
        played_ordeals[_VALUE[ordeal.card]] += 1
        ordeal_value = _VALUE[ordeal.card]
        ordeal_round = ordeal.round
        round_stakes = tuple((s.seat, int(s.blessing is not None)) for s in ordeal.stakes)
        stakers.update(s.seat for s in ordeal.stakes)
        tied = frozenset({*(s.seat for s in ordeal.stakes), *ordeal.waiting})
        if ordeal.waiting:
            offset = ((ordeal.waiting[0] - active) % players or players) - 1
    attack = start.attack
    if attack is not None:
        attacks.add((active, attack.target))
        attacked.add(attack.target)
    duel = start.duel
    if duel is not None:
        duels = True
        offset = (duel.waiting[0] - active) % players - 1 if duel.waiting else players
    chosen_now = set(start.reinforced)
    if start.target is not None:
        chosen_now.add(start.target)
    return _Start(
        played_territories=played_territories,
        played_adversaries=played_adversaries,
        played_ordeals=played_ordeals,
        attacks=frozenset(attacks),
        attacked=frozenset(attacked),
        chosen=chosen,
        on_play=on_play,
        stakers=frozenset(stakers),
        casts=casts,
        duels=duels,
        turn=start.turn,
        active=active,
        stage=stage,
        offset=offset,
        chosen_now=frozenset(chosen_now),
        target=-1 if start.target is None else start.target,
        duel_turn=start.phase in (Phase.MALETAR_REINFORCE, Phase.DUEL_LOSS),
        window_placers=window_placers,
        window_value=window_value,
        ordeal_value=ordeal_value,
        ordeal_round=ordeal_round,
        round_stakes=round_stakes,
        tied=tied,
        attack_target=-1 if attack is None else attack.target,
        attack_conquest=attack is not None and attack.conquest,
        attack_values=() if attack is None else tuple(_VALUE[card] for card in attack.cards),
        catapults=0 if attack is None else len(attack.catapults),
        maletar_values=() if duel is None else tuple(_VALUE[card] for card in duel.maletar),
    )


@functools.lru_cache(maxsize=64)
def _read_origin(text: str) -> MorriganPosition:
    from boardgames.games.morrigan.position import MorriganPosition

    try:
        return MorriganPosition.parse(text)
    except BoardgamesError as error:
        raise _fail(f"the history's origin is not a position: {error}") from None


def _holdings_of(state: MorriganState) -> list[Holding]:
    return [*(h for holdings in state.territories for h in holdings), *state.adversaries]


def _check_start(state: MorriganState) -> None:
    """A state with no history is a new game: cards dealt, the first player's draw made."""
    active = state.active
    sizes = [len(hand) for hand in state.hands]
    dealt = [HAND_SIZE + DRAW if seat == active else HAND_SIZE for seat in range(state.players)]
    if (
        state.turn != 1
        or state.phase is not Phase.ACTION
        or sizes != dealt
        or state.discard_pile
        or state.adversaries
        or state.effects
        or any(state.territories)
        or any(state.won)
        or any(state.floors)
        or any(state.clues)
    ):
        raise _fail(
            "the history is empty, but the state is not a new game's first decision (turn 1, "
            "5 cards dealt to each, 2 drawn by the first player, nothing played)"
        )

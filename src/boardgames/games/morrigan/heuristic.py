"""A hand-written Morrigan knight, the game's ``heuristic`` bot.

The bot reads only its observation and legal actions; it may sample full states that agree
with its observation (as the greedy bot does), never the true state. Decision by decision:

* **Duel**: at the start of a turn with 15 prestige, sample 16 states, declare the duel in
  each, and count how often the Action cards of the hand and of the duel draw beat Maletar
  when each opponent in turn gives him his smallest Action card that stops the duelist on
  its own (if he has one). Declare the duel when that chance is at least 0.3.
* **Maletar**: give him the smallest Action card that stops the duelist, if any does; else
  the largest one (the opponents still to decide may add enough); decline when Maletar
  already holds.
* **Reinforcement with two players**: put the cards that the hand limit would discard
  anyway under one's own Territories (Action cards first, highest Territory first), and
  nothing under the Adversaries.
* **Every other decision** (the action phase, attacks, Ordeal stakes, on-play
  reinforcements, Unexpected Ally, the hand limit, a lost duel's card, reinforcement with
  more players): look one decision ahead. Each legal action is applied to the same 4
  sampled states (1 with more than two players), each result is valued by the bot's own
  evaluation, and the action with the best mean margin (the bot's value minus the best
  other seat's) is taken; ties are broken by the bot's generator. That evaluation is
  :func:`heuristic_value` with the best attack in reach counted more: all of it (not 0.8)
  for the player in his action phase, 0.6 of it (not 0.35) for the others, whose victims
  lose as much.

So the bot is deterministic given its generator. A decision costs about 1.1 ms on average
with two players (four sampled states) and 0.6 ms with four (one), rarely more than 2.5 ms;
a duel decision 3 to 6 ms on average, rarely more than 12 ms.

The module also holds :func:`heuristic_value`, the evaluation of a full state that the
greedy bot reads instead of the score (``Morrigan.heuristic_value``).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterable, Sequence

from boardgames.core.play import Bot
from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan import actions, rules
from boardgames.games.morrigan._end_and_scoring import (
    holding_defence,
    loss_options,
    prestige,
    stake_value,
)
from boardgames.games.morrigan.actions import Action
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    DECK,
    DRAW,
    DUEL_PRESTIGE,
    HAND_LIMIT,
    MALETAR_DEFENCE,
    CardId,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.observation import MorriganObservation, sample_state
from boardgames.games.morrigan.state import Holding, MorriganState, Phase

__all__ = ["WIN_VALUE", "MorriganHeuristicBot", "heuristic_value"]

_DUEL_SAMPLES = 16
"""The sampled states on which the bot estimates its chance against Maletar."""

_DUEL_CHANCE = 0.3
"""The least estimated chance against Maletar at which the bot declares the duel."""

_LOOKAHEAD_SAMPLES = 4
"""The sampled states of the one-decision lookahead with two players (one with more)."""

_DECK_SIZE = sum(count for _, count in DECK)
_EXPECTED_DRAW = (
    sum(kind.face_value * count for kind, count in DECK if kind.type is CardType.ACTION)
    / _DECK_SIZE
)
"""The expected Action strength of one card drawn blind (about 1.4)."""

_SPECIAL_WORTH = {
    CardKind.SECRET_TREASURE: 9.0,
    CardKind.KINGS_FAVOURITE: 9.0,
    CardKind.UNEXPECTED_ALLY: 6.0,
    CardKind.SORCERY: 6.0,
    CardKind.CATAPULT: 5.0,
    CardKind.BLESSING: 4.5,
    CardKind.EARTHQUAKE: 3.0,
    CardKind.CURSE: 1.5,
    CardKind.DELUGE: 1.0,
    CardKind.GLACIAL_WINTER: 1.0,
}

_DECLARE = actions.DeclareDuel()
_NORMAL = actions.NormalTurn()
_DECLINE = actions.Decline()
_END_REINFORCEMENT = actions.EndReinforcement()

_RULE_PHASES = frozenset((Phase.TURN_START, Phase.MALETAR_REINFORCE))
_TWO_PLAYER_RULE_PHASES = _RULE_PHASES | {Phase.REINFORCE_TARGET, Phase.REINFORCE_CARD}


def _worth(kind: CardKind) -> float:
    """How much keeping a card of ``kind`` in hand is worth (only the order matters)."""
    value = kind.face_value
    if kind.type is CardType.TERRITORY:
        return 10.0 + value
    if kind.type is CardType.ACTION:
        return 5.0 + value
    if kind.type is CardType.ORDEAL:
        return 3.0 + 0.5 * value
    if kind.type is CardType.ADVERSARY:
        return 1.0 + 0.3 * value
    return _SPECIAL_WORTH.get(kind, 1.0)


class MorriganHeuristicBot(Bot[MorriganObservation, Action]):
    """Duel Maletar when the odds are good, stop other duelists, else look one decision ahead.

    >>> import boardgames
    >>> game = boardgames.make("morrigan", players=3)
    >>> bots = [MorriganHeuristicBot(), boardgames.RandomBot(), boardgames.RandomBot()]
    >>> len(boardgames.play(game, bots, seed=1).ranking)
    3
    """

    def __repr__(self) -> str:
        return "MorriganHeuristicBot()"

    def choose(
        self,
        observation: MorriganObservation,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """Return the rule's choice, or the best legal action one decision ahead."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        phase = observation.phase
        ruled = _TWO_PLAYER_RULE_PHASES if observation.players == 2 else _RULE_PHASES
        if phase in ruled:
            choice = _Knight(observation, legal_actions, rng).choose()
            if choice is not None and choice in legal_actions:
                return choice
        return _look_ahead(observation, legal_actions, rng)


def _margin(values: Sequence[float], seat: PlayerId) -> float:
    return values[seat] - max(value for other, value in enumerate(values) if other != seat)


def _look_ahead(
    observation: MorriganObservation, legal: Sequence[Action], rng: random.Random
) -> Action:
    """The legal action whose results on sampled states have the best mean margin."""
    count = _LOOKAHEAD_SAMPLES if observation.players == 2 else 1
    states = [sample_state(observation, rng.getrandbits(64)) for _ in range(count)]
    seat = observation.player
    best: list[Action] = []
    best_margin = -math.inf
    for action in legal:
        margin = sum(_margin(_knight_value(rules.apply(state, action)), seat) for state in states)
        if margin > best_margin:
            best, best_margin = [action], margin
        elif margin == best_margin:
            best.append(action)
    return best[rng.randrange(len(best))]


def _duel_chance(observation: MorriganObservation, rng: random.Random) -> float:
    """The share of sampled states in which the declared duel beats Maletar.

    Each opponent in turn gives Maletar his smallest Action card that stops the duelist on
    its own, if he has one.
    """
    wins = 0
    for _ in range(_DUEL_SAMPLES):
        state = rules.apply(sample_state(observation, rng.getrandbits(64)), _DECLARE)
        duel = state.duel
        if state.winner is not None:  # nobody could reinforce Maletar
            wins += 1
            continue
        if duel is None:  # lost, for the same reason
            continue
        attack = sum(_FACE[card] for card in duel.attack)
        defence = MALETAR_DEFENCE + sum(_FACE[card] for card in duel.maletar)
        for seat in duel.waiting:
            if defence >= attack:
                break
            held = sorted(_FACE[card] for card in state.hands[seat] if _IS_ACTION[card])
            stop = bisect.bisect_left(held, attack - defence)
            if stop < len(held):
                defence += held[stop]
        wins += attack > defence
    return wins / _DUEL_SAMPLES


class _Knight:
    """One ruled decision, seen from the observation."""

    def __init__(
        self, observation: MorriganObservation, legal: Sequence[Action], rng: random.Random
    ) -> None:
        self.obs = observation
        self.legal = legal
        self.rng = rng
        self.me = observation.player
        self.kinds = sorted((CARD_KINDS[card] for card in observation.hand), key=_worth)

    def choose(self) -> Action | None:
        phase = self.obs.phase
        if phase is Phase.TURN_START:
            return _DECLARE if _duel_chance(self.obs, self.rng) >= _DUEL_CHANCE else _NORMAL
        if phase is Phase.MALETAR_REINFORCE:
            return self.maletar()
        if phase is Phase.REINFORCE_TARGET:
            return self.reinforce_target()
        if phase is Phase.REINFORCE_CARD:
            return self.reinforce_card()
        return None

    def maletar(self) -> Action | None:
        duel = self.obs.duel
        if duel is None:
            return None
        attack = sum(CARD_KINDS[card].face_value for card in duel.attack)
        defence = MALETAR_DEFENCE + sum(CARD_KINDS[card].face_value for card in duel.maletar)
        if defence >= attack:
            return _DECLINE
        gifts = sorted(
            (a for a in self.legal if isinstance(a, actions.ReinforceMaletar)),
            key=lambda a: a.value,
        )
        for gift in gifts:
            if defence + gift.value >= attack:
                return gift
        return gifts[-1] if gifts else _DECLINE

    # Reinforcement (two players).

    def spare(self) -> list[CardKind]:
        """The cards the hand limit would discard anyway, least useful first."""
        return self.kinds[: max(0, len(self.kinds) - HAND_LIMIT)]

    def reinforce_target(self) -> Action | None:
        targets = [a for a in self.legal if isinstance(a, actions.ChooseTarget)]
        own = {holding.card for holding in self.obs.territories[self.me]}
        mine = [a for a in targets if a.card in own]
        if self.spare() and mine:
            return max(mine, key=lambda a: CARD_KINDS[a.card].face_value)
        return _END_REINFORCEMENT

    def reinforce_card(self) -> Action | None:
        options = [a for a in self.legal if isinstance(a, actions.Reinforce)]
        if not options:
            return None
        spare = self.spare()
        pool: Iterable[actions.Reinforce] = [a for a in options if a.kind in spare] or options
        # An Action card adds to the defence; among the rest, give up the least useful.
        return max(
            pool,
            key=lambda a: (a.kind.type is CardType.ACTION, -_worth(a.kind)),
        )


# --------------------------------------------------------------------------------------------
# The heuristic value of a full state, for the greedy bot

WIN_VALUE = 100.0
"""What beating Maletar is worth in :func:`heuristic_value`, where a prestige point is 1."""

_ATTACK_NOW = 0.8
"""How much of its best attack the player in his action phase counts (he may still make it)."""

_ATTACK_LATER = 0.35
"""How much of his best attack another player counts (and its victim loses) for his next turn."""

_KNIGHT_ATTACK_NOW = 1.0
"""``_knight_value``'s share of ``_ATTACK_NOW``: the player in his action phase counts it all."""

_KNIGHT_ATTACK_LATER = 0.6
"""``_knight_value``'s share of ``_ATTACK_LATER``: the threats to one's Territories weigh more."""

_DUEL_LATER = 0.5
"""How much of his chance against Maletar a player with 15 prestige counts before the duel."""

_ORDEAL_SURE = 0.9
"""How much of an Ordeal's prestige its expected winner counts before the reveal."""

_UNBLOCKED = 0.3
"""A duelist's chance when Maletar can still be stopped, but only by the players yet to decide."""

_FACE_DOWN = 0.1
"""What one face-down card under one's own Territory is worth as a deterrent."""

_SPARE = 0.1
"""The fraction of its worth that a card beyond the best :data:`HAND_LIMIT` cards keeps."""

_DRAW_VARIANCE = (
    sum(kind.face_value**2 * count for kind, count in DECK if kind.type is CardType.ACTION)
    / _DECK_SIZE
    - _EXPECTED_DRAW**2
)
"""The variance of the Action strength of one card drawn blind (about 2.9)."""

_SPECIAL_VALUE = {
    CardKind.SECRET_TREASURE: 1.0,
    CardKind.KINGS_FAVOURITE: 1.0,
    CardKind.SORCERY: 1.0,
    CardKind.CATAPULT: 1.0,
    CardKind.UNEXPECTED_ALLY: 0.8,
    CardKind.BLESSING: 0.8,
    CardKind.EARTHQUAKE: 0.5,
    CardKind.CURSE: 0.4,
    CardKind.DELUGE: 0.3,
    CardKind.GLACIAL_WINTER: 0.3,
}


def _card_value(kind: CardKind) -> float:
    """What a card in hand is worth, in prestige points."""
    value = kind.face_value
    if kind.type is CardType.ACTION:
        return 0.3 + 0.35 * value
    if kind.type is CardType.TERRITORY:
        return 0.5 * value
    if kind.type is CardType.ORDEAL:
        return 0.2 + 0.2 * value
    if kind.type is CardType.ADVERSARY:
        return 0.1 + 0.1 * value
    return _SPECIAL_VALUE[kind]


_CARD_VALUE = tuple(_card_value(kind) for kind in CARD_KINDS)
"""The worth in hand of each card id."""

_ACTION_VALUE = tuple(_card_value(CardKind.of(CardType.ACTION, v)) if v else 0.0 for v in range(6))
"""The worth in hand of an Action card of each value (index 0 unused)."""

_CATAPULT_VALUE = _SPECIAL_VALUE[CardKind.CATAPULT]

_IS_ACTION = tuple(kind.type is CardType.ACTION for kind in CARD_KINDS)
_FACE = tuple(kind.face_value for kind in CARD_KINDS)
_CATAPULTS = frozenset(card for card, kind in enumerate(CARD_KINDS) if kind is CardKind.CATAPULT)
_BLESSINGS = frozenset(card for card, kind in enumerate(CARD_KINDS) if kind is CardKind.BLESSING)

_ACTING_PHASES = frozenset(
    (
        Phase.TURN_START,
        Phase.ACTION,
        Phase.ON_PLAY_REINFORCE,
        Phase.ORDEAL_STAKE,
        Phase.ATTACK,
        Phase.ALLY_PICK,
    )
)
"""The phases after which the active player's action phase still goes on."""


def heuristic_value(state: MorriganState) -> tuple[float, ...]:
    """Return how well each seat stands in ``state``, on one scale (a prestige point is 1).

    This is the greedy bot's evaluation (``Morrigan.heuristic_value``): it reads the whole
    state, so the greedy bot calls it on states sampled from its observation. At the end of
    the game the winner gets :data:`WIN_VALUE` and the others 0, or, after a truncated game,
    everyone his prestige: the seats are ordered as the ranking orders them. Before that,
    a seat's value is the sum of

    * his **prestige**;
    * his **hand**: each card's worth in prestige points (a Territory half its value, an
      Action card ``0.3 + 0.35 * value``, Ordeals, Adversaries and Special cards less), the
      cards beyond the best 5 at a tenth (the hand limit discards them);
    * his **best attack**: the Adversary or other player's Territory with the largest gain
      (its prestige minus the worth of the cheapest Action cards, with a Catapult if that is
      cheaper, that beat its defence), counted at 0.8 for the player in his action phase and
      0.35 for the others, whose next turn is further away; the owner of a Territory so
      threatened loses as much;
    * his **duel**: with 15 prestige or more, half of :data:`WIN_VALUE` times his estimated
      chance against Maletar (his Action cards plus the expected duel draw, against 5 plus
      each opponent's largest Action card, with a normal spread of the draw);
    * 0.1 per face-down card under his own Territories (a deterrent).

    A decision half made is valued as it will likely end: an attack being built as won at the
    cost of the cheapest Action cards that beat the defence (or as lost); an Ordeal as won by
    the largest stake, counting each player still to stake at his best Action card (doubled
    by a Blessing) and at 0.9 of its prestige; a duel as won when the players still to
    decide cannot stop it, as lost when Maletar already holds, and with a chance of 0.3
    otherwise; a card to pick with Unexpected Ally as the best in the discard pile; a card to
    put under a target as the least useful one of the hand; a lost duel's card as lost.

    The function is pure and cheap (about 30 to 100 microseconds a state).

    >>> import boardgames
    >>> game = boardgames.make("morrigan", players=3)
    >>> values = heuristic_value(game.new_game(seed=4))
    >>> len(values), all(value > 0 for value in values)
    (3, True)

    .. versionadded:: 0.2.0
    """
    players = state.players
    if state.to_move is None:
        if state.winner is not None:
            return tuple(WIN_VALUE if seat == state.winner else 0.0 for seat in range(players))
        return tuple(float(prestige(state, seat)) for seat in range(players))
    return _Standing(state, _ATTACK_NOW, _ATTACK_LATER).values()


def _knight_value(state: MorriganState) -> tuple[float, ...]:
    """Return how well each seat stands in ``state``, as the heuristic bot judges it.

    This is :func:`heuristic_value` with the best attacks in reach counted more: at 1.0
    (instead of 0.8) for the player in his action phase and 0.6 (instead of 0.35) for the
    others, whose victims lose as much. Looking one decision ahead with it, the bot beat
    the greedy bot (which reads :func:`heuristic_value`) more often than with
    :func:`heuristic_value` itself.

    >>> import boardgames
    >>> game = boardgames.make("morrigan", players=3)
    >>> state = game.new_game(seed=4)
    >>> _knight_value(state) == heuristic_value(state)  # no attack in reach yet
    True
    """
    if state.to_move is None:
        return heuristic_value(state)
    return _Standing(state, _KNIGHT_ATTACK_NOW, _KNIGHT_ATTACK_LATER).values()


class _Target:
    """An Adversary in the centre or a Territory in play, as an attacker sees it."""

    __slots__ = ("card", "defence", "owner", "value")

    def __init__(self, card: CardId, defence: int, owner: PlayerId | None) -> None:
        self.card = card
        self.value = _FACE[card]
        self.defence = defence
        self.owner = owner


def _cheapest(held: list[int], total: int, need: int) -> tuple[float, list[int]] | None:
    """Return the worth and values of cheap Action cards adding up to ``need``, if any do.

    ``held`` is sorted from the smallest and adds up to ``total``. The smallest card that
    covers the need ends the choice; until one does, the largest card is taken.
    """
    if need <= 0:
        return 0.0, []
    if total < need:
        return None
    if held[-1] >= need:
        value = held[bisect.bisect_left(held, need)]
        return _ACTION_VALUE[value], [value]
    pool = list(held)
    chosen: list[int] = []
    while pool[-1] < need:
        largest = pool.pop()
        chosen.append(largest)
        need -= largest
    chosen.append(pool[bisect.bisect_left(pool, need)])
    return sum(_ACTION_VALUE[v] for v in chosen), chosen


def _attack_cost(
    held: list[int], catapult: bool, target: _Target, strength: int, catapults: int
) -> tuple[float, list[int], bool] | None:
    """The cheapest way to beat ``target``: worth spent, Action values, Catapult used."""
    total = sum(held)
    plain = _cheapest(held, total, (target.defence >> catapults) + 1 - strength)
    if catapult and target.owner is not None:
        doubled = _cheapest(held, total, (target.defence >> (catapults + 1)) + 1 - strength)
        if doubled is not None and (plain is None or doubled[0] + _CATAPULT_VALUE < plain[0]):
            return doubled[0] + _CATAPULT_VALUE, doubled[1], True
    return None if plain is None else (plain[0], plain[1], False)


def _full_defence(holding: Holding, adversary: bool, wide_curse: bool) -> int:
    """The defence of a holding with all its cards shown (see ``holding_defence``)."""
    if not holding.reinforcements:
        return _FACE[holding.card]
    return holding_defence(holding, adversary, wide_curse)


class _Standing:
    """The parts of a state that :func:`heuristic_value` adds up.

    A pending choice is first settled as it will likely end.
    """

    def __init__(self, state: MorriganState, attack_now: float, attack_later: float) -> None:
        self.state = state
        self.attack_now = attack_now
        self.attack_later = attack_later
        wide = state.options.wide_curse
        self.prestige = [float(sum(_FACE[card] for card in won)) for won in state.won]
        self.hands = [list(hand) for hand in state.hands]
        self.bonus = [0.0] * state.players
        self.targets = [
            _Target(h.card, _full_defence(h, True, wide), None) for h in state.adversaries
        ]
        for seat, holdings in enumerate(state.territories):
            for h in holdings:
                self.prestige[seat] += _FACE[h.card]
                self.targets.append(_Target(h.card, _full_defence(h, False, wide), seat))
                if h.reinforcements:
                    hidden = sum(1 for r in h.reinforcements if not r.public)
                    self.bonus[seat] += _FACE_DOWN * hidden
        self.acting: PlayerId | None = state.active if state.phase in _ACTING_PHASES else None
        self.duelist_chance: float | None = None
        self._settle()

    # Settling a pending choice.

    def _settle(self) -> None:
        state = self.state
        phase = state.phase
        if phase is Phase.ATTACK:
            self._settle_attack()
        elif phase is Phase.ORDEAL_STAKE:
            self._settle_ordeal()
        elif phase is Phase.MALETAR_REINFORCE:
            self._settle_duel()
        elif phase is Phase.DUEL_LOSS:
            self._lose_best(state.active)
        elif phase is Phase.ALLY_PICK and state.discard_pile:
            best = max(state.discard_pile, key=lambda card: _CARD_VALUE[card])
            self.hands[state.active].append(best)
        elif phase is Phase.REINFORCE_CARD and self.hands[state.active]:
            hand = self.hands[state.active]
            card = min(hand, key=lambda card: _CARD_VALUE[card])
            hand.remove(card)
            for target in self.targets:
                if target.card == state.target and target.owner == state.active:
                    self.bonus[state.active] += _FACE_DOWN
                    if _IS_ACTION[card]:
                        target.defence += _FACE[card]

    def _take_actions(self, seat: PlayerId, values: Iterable[int]) -> None:
        hand = self.hands[seat]
        for value in values:
            hand.remove(next(c for c in hand if _IS_ACTION[c] and _FACE[c] == value))

    def _settle_attack(self) -> None:
        state = self.state
        attack = state.attack
        assert attack is not None
        seat = state.active
        hand = self.hands[seat]
        target = next(t for t in self.targets if t.card == attack.target)
        held = sorted(_FACE[c] for c in hand if _IS_ACTION[c])
        catapult = any(c in _CATAPULTS for c in hand)
        strength = sum(_FACE[c] for c in attack.cards)
        cost = _attack_cost(held, catapult, target, strength, len(attack.catapults))
        if cost is None:
            if not attack.cards and held:  # a first card must go, and will be lost
                self._take_actions(seat, held[:1])
            return
        _, values, with_catapult = cost
        self._take_actions(seat, values)
        if with_catapult:
            hand.remove(next(c for c in hand if c in _CATAPULTS))
        self.prestige[seat] += target.value
        if target.owner is not None:
            self.prestige[target.owner] -= target.value
        self.targets.remove(target)

    def _settle_ordeal(self) -> None:
        state = self.state
        ordeal = state.ordeal
        assert ordeal is not None
        bids = {s.seat: stake_value(s.card, s.blessing) for s in ordeal.stakes}
        plans: dict[PlayerId, tuple[int, bool]] = {}
        for seat in ordeal.waiting:
            hand = self.hands[seat]
            best = max((_FACE[c] for c in hand if _IS_ACTION[c]), default=0)
            if best:
                blessed = any(c in _BLESSINGS for c in hand)
                plans[seat] = (best, blessed)
                bids[seat] = best * (2 if blessed else 1)
        if not bids:
            return
        top = max(bids.values())
        leaders = [seat for seat, bid in bids.items() if bid == top]
        if len(leaders) != 1:
            return
        if top == 0 and ordeal.round == 1 and not state.options.lone_bluff_wins:
            return
        winner = leaders[0]
        if winner in plans:
            value, blessed = plans[winner]
            self._take_actions(winner, (value,))
            if blessed:
                hand = self.hands[winner]
                hand.remove(next(c for c in hand if c in _BLESSINGS))
        self.prestige[winner] += _ORDEAL_SURE * _FACE[ordeal.card]

    def _settle_duel(self) -> None:
        state = self.state
        duel = state.duel
        assert duel is not None
        attack = sum(_FACE[c] for c in duel.attack)
        maletar = MALETAR_DEFENCE + sum(_FACE[c] for c in duel.maletar)
        help_left = sum(
            max((_FACE[c] for c in self.hands[seat] if _IS_ACTION[c]), default=0)
            for seat in duel.waiting
        )
        if attack <= maletar:
            chance = 0.0
        elif attack > maletar + help_left:
            chance = 1.0
        else:
            chance = _UNBLOCKED
        self.duelist_chance = chance
        self._lose_best(state.active)

    def _lose_best(self, seat: PlayerId) -> None:
        state = self.state
        options = loss_options(state.territories, state.won, seat)
        if options:
            card = options[0]
            self.prestige[seat] -= _FACE[card]
            self.targets = [t for t in self.targets if t.card != card]

    # Adding up.

    def _best_attack(self, seat: PlayerId, held: list[int]) -> tuple[float, _Target] | None:
        """The target whose capture gains ``seat`` the most, and that gain, if positive."""
        total = sum(held)
        catapult = any(c in _CATAPULTS for c in self.hands[seat])
        reach = total * 2 if catapult else total
        best: tuple[float, _Target] | None = None
        for target in self.targets:
            if target.owner == seat or target.defence >= reach:
                continue
            cost = _attack_cost(held, catapult, target, 0, 0)
            if cost is None:
                continue
            gain = target.value - cost[0]
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, target)
        return best

    def values(self) -> tuple[float, ...]:
        players = self.state.players
        totals = [self.prestige[seat] + self.bonus[seat] for seat in range(players)]
        helps = [0] * players
        strengths = [0] * players
        for seat, hand in enumerate(self.hands):
            worths = sorted((_CARD_VALUE[c] for c in hand), reverse=True)
            totals[seat] += sum(worths[:HAND_LIMIT]) + _SPARE * sum(worths[HAND_LIMIT:])
            held = sorted(_FACE[c] for c in hand if _IS_ACTION[c])
            if not held:
                continue
            helps[seat] = held[-1]
            strengths[seat] = sum(held)
            best = self._best_attack(seat, held)
            if best is not None:
                share = self.attack_now if seat == self.acting else self.attack_later
                gain, target = best
                totals[seat] += share * gain
                if target.owner is not None:
                    totals[target.owner] -= share * target.value
        duelist = self.state.active if self.duelist_chance is not None else None
        draws = DRAW + players - 1
        spread = math.sqrt(2.0 * draws * _DRAW_VARIANCE)
        all_help = sum(helps)
        for seat in range(players):
            if seat != duelist and self.prestige[seat] >= DUEL_PRESTIGE:
                maletar = MALETAR_DEFENCE + all_help - helps[seat]
                margin = strengths[seat] + draws * _EXPECTED_DRAW - maletar - 0.5
                chance = 0.5 * (1.0 + math.erf(margin / spread))
                totals[seat] += _DUEL_LATER * WIN_VALUE * chance
        if duelist is not None:
            chance = self.duelist_chance or 0.0
            totals[duelist] = chance * WIN_VALUE + (1.0 - chance) * totals[duelist]
        return tuple(totals)

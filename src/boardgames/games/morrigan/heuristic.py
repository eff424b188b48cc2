"""A hand-written Morrigan knight, the game's ``heuristic`` bot.

The bot reads only its observation and follows simple rules, decision by decision:

* **Duel**: declare it when the Action cards in hand, plus the expected Action strength of
  the duel draw, beat Maletar's 5 plus the help each opponent may plausibly give him.
* **Action phase**, in this order: draw cards (Secret Treasure, The King's Favourite); play
  the best Territory; take a Territory or a strong Action card back with Unexpected Ally;
  cast Sorcery on the best-placed opponent holding several cards; fight an Adversary or
  conquer a Territory when the Action cards in hand (doubled by a Catapult in a conquest)
  beat its estimated defence; play an Ordeal when holding a strong Action card; play
  Earthquake when the opponents' Territories hide more reinforcements than one's own;
  otherwise end the phase.
* **Attacks** add the smallest Action card that beats the estimated defence, else the
  largest, and launch as soon as the estimate is beaten. A face-down card of unknown kind
  counts as :data:`UNKNOWN_REINFORCEMENT`.
* **Ordeals**: stake the strongest Action card (with the Blessing if it helps) when the
  Ordeal is one's own or worth it; a lone last staker bluffs with his least useful card.
* **Maletar**: give him the smallest Action card that stops the duelist, if any does.
* **Reinforcement**: put the cards that the hand limit would discard anyway under one's own
  Territories (Action cards first), and discard the least useful cards at the hand limit.

Any decision it does not model gets a random legal action from its generator, so the bot is
deterministic given that generator.

The module also holds :func:`heuristic_value`, the evaluation of a full state that the
greedy bot reads instead of the score (``Morrigan.heuristic_value``); the bot above does not
use it.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterable, Sequence

from boardgames.core.play import Bot
from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan import actions
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
from boardgames.games.morrigan.observation import HoldingView, MorriganObservation
from boardgames.games.morrigan.state import Holding, MorriganState, Phase

__all__ = ["UNKNOWN_REINFORCEMENT", "WIN_VALUE", "MorriganHeuristicBot", "heuristic_value"]

UNKNOWN_REINFORCEMENT = 2.0
"""The defence a face-down card of unknown kind is assumed to add."""

_DECK_SIZE = sum(count for _, count in DECK)
_EXPECTED_DRAW = (
    sum(kind.face_value * count for kind, count in DECK if kind.type is CardType.ACTION)
    / _DECK_SIZE
)
"""The expected Action strength of one card drawn blind (about 1.4)."""

_MALETAR_HELP = 2.5
"""The help each opponent who may hold an Action card is expected to give Maletar."""

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


def _prestige(observation: MorriganObservation, seat: PlayerId) -> int:
    return sum(
        CARD_KINDS[holding.card].face_value for holding in observation.territories[seat]
    ) + sum(CARD_KINDS[card].face_value for card in observation.won[seat])


def _defence(holding: HoldingView, adversary: bool, wide_curse: bool) -> float:
    """Estimate a target's defence: known cards count exactly, unknown ones on average."""
    total = float(CARD_KINDS[holding.card].face_value)
    curses = 0
    for reinforcement in holding.reinforcements:
        if reinforcement.card is None:
            total += UNKNOWN_REINFORCEMENT
            continue
        kind = CARD_KINDS[reinforcement.card]
        if kind.type is CardType.ACTION:
            total += kind.face_value
        elif (
            kind is CardKind.CURSE
            and adversary
            and (reinforcement.in_reinforcement_phase or wide_curse)
        ):
            curses += 1
    return total * (1 << curses)


class MorriganHeuristicBot(Bot[MorriganObservation, Action]):
    """Score prestige, attack what the hand can beat, duel Maletar when the hand is strong.

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
        """Return the rule-based choice, or a random legal action for unmodelled decisions."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        choice = _Knight(observation, legal_actions).choose()
        if choice is None or choice not in legal_actions:
            return legal_actions[rng.randrange(len(legal_actions))]
        return choice


class _Knight:
    """One decision, seen from the observation."""

    def __init__(self, observation: MorriganObservation, legal: Sequence[Action]) -> None:
        self.obs = observation
        self.legal = legal
        self.me = observation.player
        self.kinds = sorted((CARD_KINDS[card] for card in observation.hand), key=_worth)
        self.action_values = sorted(
            (kind.face_value for kind in self.kinds if kind.type is CardType.ACTION),
            reverse=True,
        )

    def choose(self) -> Action | None:
        phase = self.obs.phase
        if phase is Phase.TURN_START:
            return actions.DeclareDuel() if self.duel_wins() else actions.NormalTurn()
        if phase is Phase.ACTION:
            return self.action_phase()
        if phase is Phase.ON_PLAY_REINFORCE or phase is Phase.MALETAR_REINFORCE:
            return self.maletar() if phase is Phase.MALETAR_REINFORCE else actions.Decline()
        if phase is Phase.ORDEAL_STAKE:
            return self.stake()
        if phase is Phase.ATTACK:
            return self.attack()
        if phase is Phase.ALLY_PICK:
            picks = [a for a in self.legal if isinstance(a, actions.TakeFromDiscard)]
            return max(picks, key=lambda a: _worth(a.kind)) if picks else None
        if phase is Phase.REINFORCE_TARGET:
            return self.reinforce_target()
        if phase is Phase.REINFORCE_CARD:
            return self.reinforce_card()
        if phase is Phase.HAND_LIMIT:
            return actions.Discard(self.kinds[0]) if self.kinds else None
        if phase is Phase.DUEL_LOSS:
            return self.lose_card()
        return None

    # The duel.

    def duel_wins(self) -> bool:
        draws = DRAW + self.obs.players - 1
        attack = sum(self.action_values) + draws * _EXPECTED_DRAW
        helpers = sum(
            1
            for seat in range(self.obs.players)
            if seat != self.me and self.obs.hand_sizes[seat] > self.obs.floors[seat]
        )
        return attack > MALETAR_DEFENCE + _MALETAR_HELP * helpers

    def maletar(self) -> Action | None:
        duel = self.obs.duel
        if duel is None:
            return None
        attack = sum(CARD_KINDS[card].face_value for card in duel.attack)
        defence = MALETAR_DEFENCE + sum(CARD_KINDS[card].face_value for card in duel.maletar)
        if defence >= attack:
            return actions.Decline()
        gifts = sorted(
            (a for a in self.legal if isinstance(a, actions.ReinforceMaletar)),
            key=lambda a: a.value,
        )
        for gift in gifts:
            if defence + gift.value >= attack:
                return gift
        return gifts[-1] if gifts else actions.Decline()

    def lose_card(self) -> Action | None:
        # Prefer losing a won card to a Territory (which takes its reinforcements with it).
        territories = {holding.card for holding in self.obs.territories[self.me]}
        losses = [a for a in self.legal if isinstance(a, actions.LoseCard)]
        return min(losses, key=lambda a: a.card in territories) if losses else None

    # The action phase.

    def action_phase(self) -> Action:
        for special in (CardKind.SECRET_TREASURE, CardKind.KINGS_FAVOURITE):
            if actions.PlaySpecial(special) in self.legal:
                return actions.PlaySpecial(special)
        territories = [a for a in self.legal if isinstance(a, actions.PlayTerritory)]
        if territories:
            return max(territories, key=lambda a: a.value)
        if actions.PlaySpecial(CardKind.UNEXPECTED_ALLY) in self.legal and self.discard_has_prize():
            return actions.PlaySpecial(CardKind.UNEXPECTED_ALLY)
        sorcery = self.sorcery()
        if sorcery is not None:
            return sorcery
        attack = self.best_attack()
        if attack is not None:
            return attack
        ordeals = [a for a in self.legal if isinstance(a, actions.PlayOrdeal)]
        if ordeals and self.action_values and self.action_values[0] >= 3:
            return max(ordeals, key=lambda a: a.value)
        adversaries = [a for a in self.legal if isinstance(a, actions.PlayAdversary)]
        if adversaries:
            adversary = min(adversaries, key=lambda a: a.value)
            needed = adversary.value + UNKNOWN_REINFORCEMENT * (self.obs.players - 1)
            if sum(self.action_values) > needed + 2:
                return adversary
        if actions.PlaySpecial(CardKind.EARTHQUAKE) in self.legal and self.quake_helps():
            return actions.PlaySpecial(CardKind.EARTHQUAKE)
        return actions.EndActions()

    def discard_has_prize(self) -> bool:
        return any(
            CARD_KINDS[card].type is CardType.TERRITORY
            or CARD_KINDS[card] in (CardKind.ACTION_4, CardKind.ACTION_5)
            for card in self.obs.discard_pile
        )

    def sorcery(self) -> Action | None:
        targets = [a for a in self.legal if isinstance(a, actions.PlaySorcery)]
        if not targets:
            return None
        best = max(
            targets,
            key=lambda a: (_prestige(self.obs, a.target), self.obs.hand_sizes[a.target]),
        )
        return best if self.obs.hand_sizes[best.target] >= 3 else None

    def quake_helps(self) -> bool:
        mine = sum(len(h.reinforcements) for h in self.obs.territories[self.me])
        theirs = sum(
            len(h.reinforcements)
            for seat, holdings in enumerate(self.obs.territories)
            if seat != self.me
            for h in holdings
        )
        return theirs > mine + 1

    def target_defence(self, card: CardId) -> tuple[float, bool, PlayerId | None]:
        """Return a target's estimated defence, whether it is a Territory, and its owner."""
        wide = self.obs.options.wide_curse
        for holding in self.obs.adversaries:
            if holding.card == card:
                return _defence(holding, True, wide), False, None
        for seat, holdings in enumerate(self.obs.territories):
            for holding in holdings:
                if holding.card == card:
                    return _defence(holding, False, wide), True, seat
        return float("inf"), False, None

    def best_attack(self) -> Action | None:
        strength = sum(self.action_values)
        catapult = CardKind.CATAPULT in self.kinds
        leader = max(
            (_prestige(self.obs, seat) for seat in range(self.obs.players) if seat != self.me),
            default=0,
        )
        best: tuple[float, Action] | None = None
        for action in self.legal:
            if isinstance(action, actions.Fight):
                card = action.adversary
            elif isinstance(action, actions.Conquer):
                card = action.territory
            else:
                continue
            defence, territory, owner = self.target_defence(card)
            power = strength * (2 if territory and catapult else 1)
            if power <= defence:
                continue
            value = float(CARD_KINDS[card].face_value)
            if territory and owner is not None:
                # Taking a Territory also costs its owner, more so if he leads.
                value *= 1.5 if _prestige(self.obs, owner) >= leader else 1.2
            score = value - 0.3 * defence
            if best is None or score > best[0]:
                best = (score, action)
        return None if best is None else best[1]

    def attack(self) -> Action | None:
        attack = self.obs.attack
        if attack is None:
            return None
        defence, _, _ = self.target_defence(attack.target)
        multiplier = 2 ** len(attack.catapults)
        down = sum(CARD_KINDS[card].face_value for card in attack.cards)
        if down * multiplier > defence and actions.Commit() in self.legal:
            return actions.Commit()
        if actions.AddCatapult() in self.legal and down > 0 and down * multiplier * 2 > defence:
            return actions.AddCatapult()
        adds = sorted(
            (a for a in self.legal if isinstance(a, actions.AddAction)), key=lambda a: a.value
        )
        for add in adds:
            if (down + add.value) * multiplier > defence:
                return add
        if adds:
            return adds[-1]
        if actions.AddCatapult() in self.legal and down > 0:
            return actions.AddCatapult()
        return actions.Commit()

    # Ordeals.

    def stake(self) -> Action | None:
        ordeal = self.obs.ordeal
        if ordeal is None:
            return None
        stakes = [a for a in self.legal if isinstance(a, actions.Stake)]
        refuse: Action = (
            actions.Withdraw() if actions.Withdraw() in self.legal else actions.Decline()
        )
        if not stakes:
            return refuse

        def strength(stake: actions.Stake) -> tuple[int, bool]:
            kind = stake.kind
            value = kind.face_value if kind.type is CardType.ACTION else 0
            return value * (2 if stake.blessed else 1), not stake.blessed

        best = max(stakes, key=strength)
        best_value = strength(best)[0]
        worth = CARD_KINDS[ordeal.card].face_value
        own = ordeal.player == self.me
        if best_value >= 4 or (best_value > 0 and (own or worth >= 3)):
            return best
        lone = (
            ordeal.round == 1
            and not ordeal.stakes
            and ordeal.waiting == (self.me,)
            and self.obs.options.lone_bluff_wins
        )
        if lone:
            plain = [s for s in stakes if not s.blessed]
            return min(plain or stakes, key=lambda s: _worth(s.kind))
        return refuse

    # Reinforcement.

    def spare(self) -> list[CardKind]:
        """The cards the hand limit would discard anyway, least useful first."""
        return self.kinds[: max(0, len(self.kinds) - HAND_LIMIT)]

    def reinforce_target(self) -> Action | None:
        targets = [a for a in self.legal if isinstance(a, actions.ChooseTarget)]
        own = {holding.card for holding in self.obs.territories[self.me]}
        mine = [a for a in targets if a.card in own]
        if self.spare() and mine:
            return max(mine, key=lambda a: CARD_KINDS[a.card].face_value)
        return actions.EndReinforcement()

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
    return _Standing(state).values()


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

    def __init__(self, state: MorriganState) -> None:
        self.state = state
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
                share = _ATTACK_NOW if seat == self.acting else _ATTACK_LATER
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

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

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan import actions
from boardgames.games.morrigan.actions import Action
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    DECK,
    DRAW,
    HAND_LIMIT,
    MALETAR_DEFENCE,
    CardId,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.observation import HoldingView, MorriganObservation
from boardgames.games.morrigan.state import Phase

__all__ = ["UNKNOWN_REINFORCEMENT", "MorriganHeuristicBot"]

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


class MorriganHeuristicBot:
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

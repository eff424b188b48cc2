"""The decisions of the Irány a Kincses Sziget! heuristic bot.

:class:`_Captain` answers each pending decision with the legal action of highest worth, as
:mod:`~boardgames.games.kincses_sziget.heuristic` describes, on the estimates of
:class:`~boardgames.games.kincses_sziget._heuristic_worth._Worths`.
"""

from __future__ import annotations

import math
from itertools import combinations

from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget._heuristic_tables import (
    _CASKET,
    _MERCHANT_SALE,
    _PIRATE,
    _UNKNOWN_TREASURE,
    _WEAPON_COLOUR,
    _WEAPON_VALUE,
    _pair_total,
    _set_value,
    _totals,
)
from boardgames.games.kincses_sziget._heuristic_worth import _Worths
from boardgames.games.kincses_sziget.actions import (
    Action,
    AddMission,
    Advance,
    AnchorDiscard,
    AnchorDraw,
    AnchorExchange,
    AnchorMission,
    BattleAdd,
    Challenge,
    Compose,
    CrewFromPile,
    CrewFromRow,
    Decline,
    DiscardCrew,
    DiscardTreasure,
    Done,
    DrawEvent,
    ExchangeWeapon,
    KeepMission,
    MissionFromPile,
    MissionFromRow,
    Move,
    Offer,
    PeekEventTops,
    PeekIsland,
    RejectMission,
    ReplaceMission,
    SellPearls,
    Steal,
    StealTarget,
    StepBack,
    TakeFromTable,
    TakeWeapon,
    Theft,
    TreasureFromPile,
    TreasureFromRow,
)
from boardgames.games.kincses_sziget.components import (
    EVENT_CARDS,
    ISLAND,
    START,
    TREASURE_VALUES,
    CardId,
    Colour,
    EventId,
)
from boardgames.games.kincses_sziget.state import (
    BattleCommitStep,
    BattlePickStep,
    ChestStep,
    CrewSourceStep,
    DiscardStep,
    DuelCommitStep,
    DuelPrizeStep,
    DuelRevealTask,
    DuelTargetStep,
    EventPileStep,
    ExchangeStep,
    IntrigueStep,
    KeepStep,
    MerchantCommitStep,
    MissionDisposeStep,
    MissionSourceStep,
    ParrotStep,
    PearlSaleStep,
    RepairStep,
    RewardStep,
    TelescopeStep,
    TreasureLossStep,
    TreasureSourceStep,
    TurnStep,
)


class _Captain(_Worths):
    """One decision of the bot: its rules of thumb on its estimates."""

    def choose(self) -> Action | None:
        """Return the action for the pending decision (``None``: any legal action)."""
        match self.observation.tasks[-1]:
            case TurnStep():
                return self.turn()
            case DiscardStep():
                return None if self.weakest is None else DiscardCrew(self.weakest[1])
            case CrewSourceStep():
                return self.crew_source()
            case TreasureSourceStep(maximum=maximum):
                return self.treasure_source(maximum)
            case TreasureLossStep():
                return self.lose_treasure()
            case EventPileStep(space=space):
                draws = self.of_type(DrawEvent)
                if not any(action.pile in self.unseen_events[1] for action in draws):
                    return self.best((0.0, action) for action in draws)  # alike
                return self.best((self.pile_worth(action.pile, space), action) for action in draws)
            case ExchangeStep():
                return self.exchange()
            case KeepStep():
                return self.best(
                    (self.mission_value(mission, self.hand), KeepMission(index))
                    for index, mission in enumerate(self.view.known_offer)
                )
            case MissionSourceStep():
                return self.mission_source()
            case MissionDisposeStep():
                return self.mission_dispose()
            case DuelTargetStep(card=card):
                return self.duel_target(card)
            case DuelCommitStep(card=card):
                return self.duel_commit(card)
            case DuelPrizeStep(loser=loser, draw=draw):
                return self.duel_prize(loser, draw=draw)
            case BattleCommitStep(card=card):
                return self.battle_commit(card)
            case BattlePickStep():
                return self.battle_pick()
            case MerchantCommitStep():
                return self.merchant()
            case IntrigueStep():
                return self.intrigue()
            case RewardStep():
                return self.best(
                    (self.advance_worth(self.forward(self.position, action.steps)), action)
                    if action.steps
                    else (0.0, action)
                    for action in self.of_type(Advance)
                )
            case ChestStep():
                return self.chest()
            case RepairStep():
                return self.repair()
            case TelescopeStep():
                return self.telescope()
            case ParrotStep():
                return Decline()
            case PearlSaleStep():
                return SellPearls() if self.treasure_gain(5) > 2.0 else Decline()
        return None

    def turn(self) -> Action | None:
        """Move (by progress and landing) or anchor (by what the hand or missions gain)."""
        scored: list[tuple[float, Action]] = []
        for move in self.of_type(Move):
            target = self.forward(self.position, move.steps)
            worth = self.advance_worth(target)
            if target != ISLAND:
                worth += self.landing_worth(target)
            scored.append((worth, move))
        anchoring = AnchorExchange() in self.legal  # it is legal whenever anchoring is
        gain = self.card_gain(self.hand) if anchoring else 0.0
        if AnchorDraw() in self.legal:
            scored.append((gain, AnchorDraw()))
        weakest = self.weakest
        if weakest is not None:
            if AnchorDiscard() in self.legal:
                scored.append((-weakest[0], AnchorDiscard()))
            if AnchorExchange() in self.legal:  # the new card valued as if added
                scored.append((gain - weakest[0], AnchorExchange()))
        if AnchorMission() in self.legal:
            scored.append((self.mission_anchor_worth(), AnchorMission()))
        return self.best(scored)

    def mission_anchor_worth(self) -> float:
        """Return what drawing the best mission of the row adds (adding or replacing)."""
        offers = [
            self.mission_value(mission, self.hand)
            for mission in self.observation.mission_row
            if mission is not None
        ]
        if not offers:
            return -math.inf
        worst = min(
            (self.mission_value(mission, self.hand) for mission in self.missions), default=0
        )
        best = max(offers)
        return max(best, best - worst, 0.0) - 0.5

    def crew_source(self) -> Action | None:
        """Take the row card of highest worth, or draw blindly if none beats an average card."""
        scored: list[tuple[float, Action]] = []
        for action in self.of_type(CrewFromRow):
            card = self.observation.crew_row[action.slot]
            if card is not None:
                scored.append((self.card_worth(card, (*self.hand, card)), action))
        if CrewFromPile() in self.legal:
            scored.append((self.blind_draw, CrewFromPile()))
        return self.best(scored)

    def treasure_source(self, maximum: int) -> Action | None:
        """Take the treasure value that adds most to the sets (a row card among equals)."""
        mine = self.treasure_values(self.me)
        scored: list[tuple[float, Action]] = []
        for action in self.legal:
            if isinstance(action, TreasureFromRow):
                treasure = self.observation.treasure_rows[TREASURE_VALUES.index(action.value)][
                    action.slot
                ]
                bonus = 10.0 if treasure == _CASKET and self.casket_mission else 0.01
                scored.append((_set_value([*mine, action.value]) + bonus, action))
            elif isinstance(action, TreasureFromPile):
                scored.append((float(_set_value([*mine, action.value])), action))
        return self.best(scored)

    def lose_treasure(self) -> Action | None:
        """Give up the treasure whose loss costs the collection least."""
        mine = self.view.known_treasures
        values = [TREASURE_VALUES[treasure // 12] for treasure in mine]
        scored: list[tuple[float, Action]] = []
        for index, treasure in enumerate(mine):
            kept = float(_set_value(values[:index] + values[index + 1 :]))
            if treasure == _CASKET and self.casket_mission:
                kept -= 20.0
            scored.append((kept, DiscardTreasure(treasure)))
        return self.best(scored)

    def exchange(self) -> Action | None:
        """Exchange a weapon beyond the second that is worth less than an average pirate."""
        exchanges = self.of_type(ExchangeWeapon)
        if not exchanges:
            return Done()
        worth, card = min((self.card_worth(action.card), action.card) for action in exchanges)
        return ExchangeWeapon(card) if worth < 0.5 else Done()

    def mission_source(self) -> Action | None:
        """Take the row mission of highest expected points (a blind draw counts -1)."""
        scored: list[tuple[float, Action]] = []
        for action in self.of_type(MissionFromRow):
            mission = self.observation.mission_row[action.slot]
            if mission is not None:
                scored.append((self.mission_value(mission, self.hand), action))
        if MissionFromPile() in self.legal:
            scored.append((-1.0, MissionFromPile()))
        return self.best(scored)

    def mission_dispose(self) -> Action | None:
        """Add, reject, or swap for a held mission, by expected points."""
        if not self.view.known_drawn:
            return None
        new = self.mission_value(self.view.known_drawn[0], self.hand)
        scored: list[tuple[float, Action]] = [(new, AddMission()), (0.0, RejectMission())]
        for action in self.of_type(ReplaceMission):
            scored.append((new - self.mission_value(action.mission, self.hand), action))
        return self.best(scored)

    def duel_target(self, card: EventId) -> Action | None:
        """Challenge the opponent the bot is likeliest to beat (the leader among equals)."""
        total = self.duel_total(EVENT_CARDS[card].colours[0])
        return self.best(
            (
                self.duel_chance(total, action.opponent, challenged=False)
                + 0.001 * self.estimated_score(action.opponent, arrived=False),
                action,
            )
            for action in self.of_type(Challenge)
        )

    def duel_commit(self, card: EventId) -> Action | None:
        """Compose for the chance of winning times the prize, less the cards' worth."""
        colour = EVENT_CARDS[card].colours[0]
        reveal = next(
            (task for task in reversed(self.observation.tasks) if isinstance(task, DuelRevealTask)),
            None,
        )
        if reveal is None:
            return None
        challenged = reveal.challenged == self.me
        opponent = reveal.challenger if challenged else reveal.challenged
        win = max(self.treasure_gain(3), 3 * self.space_worth)
        win += self.step_back_cost(self.positions[opponent]) / len(self.others)
        lose = self.step_back_cost(self.position)
        scored: list[tuple[float, Action]] = []
        for action in self.of_type(Compose):
            if action.pirate is None:
                chance = 0.0
            else:
                total = _pair_total(action.pirate, action.weapon, colour)
                chance = self.duel_chance(total, opponent, challenged=challenged)
            cards = [card for card in (action.pirate, action.weapon) if card is not None]
            cost = sum(self.card_worth(card) - self.blind_draw for card in cards)
            scored.append((chance * win - (1 - chance) * lose - cost, action))
        return self.best(scored)

    def duel_prize(self, loser: PlayerId, *, draw: bool) -> Action | None:
        """Advance or steal, by the worth of each."""
        scored: list[tuple[float, Action]] = [
            (self.advance_worth(self.forward(self.position, action.steps)), action)
            for action in self.of_type(Advance)
        ]
        if Theft() in self.legal:
            victim = self.seats[loser]
            if not draw and victim.treasure_count >= 3:
                # A random treasure of the loser, who then keeps his place.
                share = 1 / len(self.others)
                worth = _UNKNOWN_TREASURE * (1 + share)
                worth -= self.step_back_cost(victim.position) * share
            else:
                worth = self.treasure_gain(3)
            scored.append((worth, Theft()))
        return self.best(scored)

    def battle_commit(self, card: EventId) -> Action | None:
        """Add the next card of the best composition, in id order, then stop."""
        chosen = self.observation.commit
        for wanted in self.battle_composition(EVENT_CARDS[card].colours):
            if wanted not in chosen:
                action = BattleAdd(wanted)
                if action in self.legal:
                    return action
                break
        if Done() in self.legal:
            return Done()
        # No pirate in hand: the single weapon of least worth.
        return self.best(
            (-self.card_worth(action.card), action) for action in self.of_type(BattleAdd)
        )

    def battle_composition(self, colours: tuple[Colour, ...]) -> tuple[CardId, ...]:
        """Return the battle composition of highest worth, in increasing id order."""
        hand = sorted(self.hand)
        usable = [card for card in hand if _PIRATE[card] or _WEAPON_COLOUR[card] in colours]
        costs = {card: self.card_worth(card) - self.blind_draw for card in usable}
        win = self.treasure_gain(3) + 3 * self.space_worth
        lose = 0.5 * self.step_back_cost(self.position)
        best: tuple[float, tuple[CardId, ...]] = (-math.inf, ())
        for size in (1, 2, 3):
            for cards in combinations(usable, size):
                if not any(_PIRATE[card] for card in cards):
                    continue
                boosted, _ = _totals(cards)
                colours_won, absolute = self.battle_chance([boosted[c] for c in colours])
                worth = absolute * win - (1 - absolute) * lose + 0.3 * colours_won
                worth -= sum(costs[card] for card in cards)
                if worth > best[0] + 1e-9:
                    best = (worth, cards)
        return best[1]

    def battle_pick(self) -> Action | None:
        """Take a played card back if it beats the best card on offer, else decline."""
        scored: list[tuple[float, Action]] = [(self.card_gain(self.hand), Decline())]
        for action in self.of_type(TakeFromTable):
            scored.append((self.card_worth(action.card, (*self.hand, action.card)), action))
        return self.best(scored)

    def merchant(self) -> Action | None:
        """Offer the weapon whose expected pay beats its worth, if any."""
        scored: list[tuple[float, Action]] = [(0.0, Decline())]
        for action in self.of_type(Offer):
            chance, pay = _MERCHANT_SALE[_WEAPON_VALUE[action.weapon]]
            cost = self.card_worth(action.weapon) - self.blind_draw
            scored.append((chance * (self.treasure_gain(pay) - cost), action))
        return self.best(scored)

    def intrigue(self) -> Action | None:
        """Steal a treasure if possible, else a crew card, from the leading opponent."""
        scored: list[tuple[float, Action]] = [(0.0, Decline())]
        for action in self.of_type(Steal):
            lead = 0.001 * self.estimated_score(action.opponent, arrived=False)
            if action.target is StealTarget.TREASURE:
                scored.append((_UNKNOWN_TREASURE + lead, action))
            else:
                scored.append((max(self.blind_draw, 0.2) + lead, action))
        return self.best(scored)

    def chest(self) -> Action | None:
        """Keep the chest weapon of highest worth while it adds something."""
        takes = [
            (self.card_worth(action.card, (*self.hand, action.card)), action)
            for action in self.of_type(TakeWeapon)
        ]
        if not takes:
            return Done()
        worth, action = max(takes, key=lambda entry: entry[0])
        return action if worth > -0.05 else Done()

    def repair(self) -> Action | None:
        """Step back to the space whose landing, less the spaces lost, is worth most."""
        scored: list[tuple[float, Action]] = []
        for action in self.of_type(StepBack):
            target = self.backward(self.position, action.steps)
            worth = self.place_worth(self.position, target)
            if target != START:
                worth += self.landing_worth(target)
            scored.append((worth, action))
        return self.best(scored)

    def telescope(self) -> Action | None:
        """Peek at the nearest unknown face-down island ahead, else at the event piles."""
        unknown = {view.space for view in self.observation.islands if view.island is None}
        ahead = [
            action
            for action in self.of_type(PeekIsland)
            if action.space > self.position and action.space in unknown
        ]
        if ahead:
            return min(ahead, key=lambda action: action.space)
        return PeekEventTops() if PeekEventTops() in self.legal else Decline()

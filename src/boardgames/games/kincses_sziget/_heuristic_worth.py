"""What things are worth to the Irány a Kincses Sziget! heuristic bot, in victory points.

:class:`_Worths` reads one observation once and estimates, with caches for the decision at
hand, the worth of the hand and of each card, of a place on the track and of landing there
(islands, pearl beds, the event cards the bot has not seen), of treasures and missions, and
the chances of the duels and battles it may meet. ``_heuristic_decisions`` builds the
bot's choices on these estimates.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TypeVar

from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget._heuristic_tables import (
    _BATTLE,
    _BATTLE_MEAN,
    _BATTLE_SPREAD,
    _BOOSTED_VALUE,
    _CASKET,
    _CHEST,
    _DUEL,
    _DUEL_MEAN,
    _DUEL_SPREAD,
    _EVENT_KEYS,
    _FEMALE,
    _FIRST_TO_ISLAND,
    _HAND_POINTS,
    _ICON_BIT,
    _INTRIGUE,
    _MEAN_COLOUR,
    _MEAN_FEMALE,
    _MEAN_HAND_POINTS,
    _MEAN_ONE_EYED,
    _MERCHANT,
    _MERCHANT_PAY,
    _MISSION_COLOUR,
    _MISSION_KIND,
    _MISSION_WEAPONS,
    _MOST_FEMALE,
    _MOST_ONE_EYED,
    _MUTINY,
    _ONE_EYED,
    _ORANGE_INDEX,
    _PIRATE,
    _RACE_MISSIONS,
    _REEFS,
    _REPAIR,
    _SECOND_TO_ARRIVE,
    _SECRET_CASKET,
    _STORM,
    _TAILWIND,
    _TELESCOPE,
    _UNKNOWN_TREASURE,
    _VALUES,
    _WEAPON_COLOUR,
    _WEAPON_ICON_BIT,
    _WEAPON_INDEX,
    _WEAPON_MISSION_CHANCE,
    _WEAPON_VALUE,
    _WIN,
    _pair_total,
    _phi,
    _set_value,
    _strength,
    _totals,
)
from boardgames.games.kincses_sziget._sampling import unplaced_events
from boardgames.games.kincses_sziget.actions import Action
from boardgames.games.kincses_sziget.components import (
    ARRIVAL_POINTS,
    EVENT_CARDS,
    HAND_MAX,
    HAND_MIN,
    ISLAND,
    ISLANDS,
    LAST_SPACE,
    MISSIONS,
    START,
    TREASURE_VALUES,
    ZONE_OF,
    ZONE_PENALTY,
    ZONE_POINTS,
    CardId,
    Colour,
    EventId,
    MissionId,
    Space,
)
from boardgames.games.kincses_sziget.observation import KincsesObservation

ActionT = TypeVar("ActionT", bound=Action)


class _Worths:
    """The bot's estimates for one decision: its observation, read once, and its caches."""

    def __init__(
        self,
        observation: KincsesObservation,
        legal: Sequence[Action],
        rng: random.Random,
        *,
        space_worth: float,
        strength_worth: float,
        arrive_margin: float,
    ) -> None:
        self.space_worth = space_worth
        self.strength_worth = strength_worth
        self.arrive_margin = arrive_margin
        self.observation = observation
        self.legal = legal
        self.rng = rng
        self.me = observation.player
        self.seats = observation.seats
        self.view = observation.seats[self.me]
        self.hand = tuple(self.view.known_hand)
        self.position = self.view.position
        self.others = [seat for seat in range(observation.players) if seat != self.me]
        self.positions = [seat.position for seat in self.seats]
        self.missions = self.view.known_missions
        self.hand_missions = [
            mission for mission in self.missions if _MISSION_KIND[mission] not in _RACE_MISSIONS
        ]
        self._hand_worths: dict[tuple[CardId, ...], float] = {}
        self._step_backs: dict[Space, float] = {}
        self._event_terms: dict[EventId, tuple[float, float, float]] = {}
        self._treasure_gains: dict[int, float] = {}
        self._duel_totals: dict[Colour, float] = {}

    # --- helpers ---------------------------------------------------------------------------

    def best(self, scored: Iterable[tuple[float, ActionT]]) -> ActionT | None:
        """Return the action of highest worth, ties broken with the generator."""
        top: list[ActionT] = []
        best = -math.inf
        for worth, action in scored:
            if worth > best + 1e-9:
                best, top = worth, [action]
            elif worth >= best - 1e-9:
                top.append(action)
        if len(top) > 1:
            return top[self.rng.randrange(len(top))]
        return top[0] if top else None

    def of_type(self, cls: type[ActionT]) -> list[ActionT]:
        """Return the legal actions of class ``cls``."""
        return [action for action in self.legal if isinstance(action, cls)]

    # --- the track -------------------------------------------------------------------------

    @cached_property
    def occupied(self) -> frozenset[Space]:
        """The spaces that are not free for this ship: ships, events, occupied islands."""
        taken = {
            space
            for space, event in enumerate(self.observation.board_events)
            if event is not None and not EVENT_CARDS[event].reusable
        }
        taken.update(view.space for view in self.observation.islands if view.owner is not None)
        taken.update(self.positions[seat] for seat in self.others)
        return frozenset(taken)

    def forward(self, start: Space, steps: int) -> Space:
        """Return the ``steps``-th free space after ``start``, or Treasure Island."""
        count = 0
        occupied = self.occupied
        for space in range(start + 1, LAST_SPACE + 1):
            if space not in occupied:
                count += 1
                if count == steps:
                    return space
        return ISLAND

    def backward(self, start: Space, steps: int) -> Space:
        """Return the ``steps``-th free space before ``start``, or START."""
        count = 0
        occupied = self.occupied
        for space in range(min(start, ISLAND) - 1, START, -1):
            if space not in occupied:
                count += 1
                if count == steps:
                    return space
        return START

    def place_worth(self, old: Space, new: Space) -> float:
        """Return the worth of going from ``old`` to ``new`` (neither Treasure Island)."""
        zones = ZONE_POINTS[ZONE_OF[new]] - ZONE_POINTS[ZONE_OF[old]]
        return self.space_worth * (new - old) + zones

    def advance_worth(self, target: Space) -> float:
        """Return the worth of a forward move to ``target`` (perhaps Treasure Island)."""
        if target == ISLAND:
            return self.arrival_worth
        return self.place_worth(self.position, target)

    @cached_property
    def arrival_worth(self) -> float:
        """The worth of ending the game now by reaching Treasure Island."""
        margin = self.estimated_score(self.me, arrived=True) - max(
            self.estimated_score(seat, arrived=False) for seat in self.others
        )
        if margin > self.arrive_margin:
            return _WIN + margin
        return -_WIN / 10 + margin

    def step_back_cost(self, space: Space) -> float:
        """Return the worth lost by a penalty move from ``space``."""
        cost = self._step_backs.get(space)
        if cost is None:
            if space == ISLAND:
                cost = 0.0
            else:
                target = self.backward(space, ZONE_PENALTY[ZONE_OF[space]])
                cost = -self.place_worth(space, target)
            self._step_backs[space] = cost
        return cost

    def storm_cost(self, space: Space) -> float:
        """Return the worth lost by a storm on ``space``."""
        rearmost = self.rearmost
        if space < rearmost:
            return self.step_back_cost(space)
        return self.place_worth(max(rearmost - 1, START), space)

    @cached_property
    def rearmost(self) -> Space:
        """The position of the rearmost other ship."""
        return min(self.positions[seat] for seat in self.others)

    # --- scores ----------------------------------------------------------------------------

    def treasure_values(self, seat: PlayerId) -> list[int]:
        """Return the values of ``seat``'s treasures, as far as the bot knows them."""
        view = self.seats[seat]
        values = [TREASURE_VALUES[treasure // 12] for treasure in view.known_treasures]
        values += view.known_treasure_values
        return values + [_UNKNOWN_TREASURE] * (view.treasure_count - len(values))

    def estimated_score(self, seat: PlayerId, *, arrived: bool) -> float:
        """Return an estimate of ``seat``'s final score (the bot's own is nearly exact)."""
        view = self.seats[seat]
        score = float(ARRIVAL_POINTS if arrived else ZONE_POINTS[ZONE_OF[view.position]])
        score += _set_value(self.treasure_values(seat))
        score += 5 * sum(1 for island in self.observation.islands if island.owner == seat)
        score += view.pearls
        score += sum(_HAND_POINTS[card] for card in view.known_hand)
        score += (view.hand_size - len(view.known_hand)) * _MEAN_HAND_POINTS
        if seat == self.me:
            for mission in self.missions:
                card = MISSIONS[mission]
                if card.kind is _FIRST_TO_ISLAND:
                    chance = 1.0 if arrived else 0.0
                elif card.kind is _SECOND_TO_ARRIVE and arrived:
                    chance = 0.0
                else:
                    chance = self.mission_chance(mission, self.hand)
                score += chance * card.bonus - (1 - chance) * card.penalty
        return score

    # --- missions --------------------------------------------------------------------------

    @cached_property
    def rivals(self) -> tuple[list[float], float, float, float]:
        """What the best other hand is expected to hold at the end, for the majorities.

        Per colour the highest expected total (no multipliers), the spread of that guess
        (wider for more cards the bot does not know), the most female and the most
        one-eyed pirates expected.
        """
        totals = [0.0, 0.0, 0.0, 0.0]
        unknown = female = one_eyed = 0.0
        for seat in self.others:
            view = self.seats[seat]
            hidden = view.hand_size - len(view.known_hand)
            _, plain = _totals(view.known_hand)
            for colour in range(4):
                totals[colour] = max(totals[colour], plain[colour] + hidden * _MEAN_COLOUR)
            seen_female = sum(_FEMALE[card] for card in view.known_hand)
            seen_one_eyed = sum(_ONE_EYED[card] for card in view.known_hand)
            female = max(female, seen_female + hidden * _MEAN_FEMALE)
            one_eyed = max(one_eyed, seen_one_eyed + hidden * _MEAN_ONE_EYED)
            unknown = max(unknown, hidden)
        return totals, 4.0 + 1.5 * unknown, female, one_eyed

    def mission_chance(
        self, mission: MissionId, hand: Sequence[CardId], plain: Sequence[float] | None = None
    ) -> float:
        """Return the chance that ``mission`` is met at the end, holding ``hand``.

        ``plain`` gives the hand's colour totals without multipliers, if already known.
        """
        colour = _MISSION_COLOUR[mission]
        if colour >= 0:
            if plain is None:
                _, plain = _totals(hand)
            totals, spread, _, _ = self.rivals
            return _phi((plain[colour] - totals[colour] - 0.5) / spread)
        colour = _MISSION_WEAPONS[mission]
        if colour >= 0:
            count = sum(1 for card in hand if _WEAPON_INDEX[card] == colour)
            return _WEAPON_MISSION_CHANCE[min(count, 3)]
        kind = _MISSION_KIND[mission]
        if kind is _MOST_FEMALE:
            mine = sum(_FEMALE[card] for card in hand)
            return _phi((mine - self.rivals[2] - 0.5) / 0.8)
        if kind is _MOST_ONE_EYED:
            mine = sum(_ONE_EYED[card] for card in hand)
            return _phi((mine - self.rivals[3] - 0.5) / 0.8)
        if kind is _SECRET_CASKET:
            if _CASKET in self.view.known_treasures:
                return 1.0
            if any(_CASKET in row for row in self.observation.treasure_rows):
                return 0.3
            return 0.1
        others = [self.positions[seat] for seat in self.others]
        if kind is _FIRST_TO_ISLAND:
            return _phi((self.position - max(others)) / 10.0)
        return 0.45 if sum(1 for other in others if other > self.position) == 1 else 0.25

    def mission_value(
        self, mission: MissionId, hand: Sequence[CardId], plain: Sequence[float] | None = None
    ) -> float:
        """Return the expected points of ``mission`` holding ``hand``."""
        card = MISSIONS[mission]
        chance = self.mission_chance(mission, hand, plain)
        return chance * card.bonus - (1 - chance) * card.penalty

    # --- the hand --------------------------------------------------------------------------

    def hand_worth(self, hand: tuple[CardId, ...]) -> float:
        """Return the worth of holding ``hand``: strength, end points and missions."""
        key = tuple(sorted(hand))
        worth = self._hand_worths.get(key)
        if worth is None:
            boosted, plain = _totals(key)
            worth = self.strength_worth * _strength(boosted)
            worth += sum(_HAND_POINTS[card] for card in key)
            for mission in self.hand_missions:
                worth += self.mission_value(mission, key, plain)
            self._hand_worths[key] = worth
        return worth

    def card_worth(self, card: CardId, hand: tuple[CardId, ...] | None = None) -> float:
        """Return what ``card`` adds to ``hand`` (by default the hand, which holds it)."""
        hand = self.hand if hand is None else hand
        rest = tuple(other for other in hand if other != card)
        return self.hand_worth((*rest, card)) - self.hand_worth(rest)

    def draw_worth(self, hand: tuple[CardId, ...]) -> float:
        """Return what a blind draw adds to ``hand``: an average card, estimated."""
        boosted, _ = _totals(hand)
        gained = _strength([total + _MEAN_COLOUR for total in boosted]) - _strength(boosted)
        return self.strength_worth * gained + _MEAN_HAND_POINTS

    @cached_property
    def blind_draw(self) -> float:
        """What a blind draw adds to the hand."""
        return self.draw_worth(self.hand)

    @cached_property
    def boosted(self) -> list[float]:
        """The hand's whole-hand totals per colour, weapons multiplied."""
        return _totals(self.hand)[0]

    @cached_property
    def weakest(self) -> tuple[float, CardId] | None:
        """The card of least worth in hand, with its worth (``None`` for an empty hand)."""
        return min(((self.card_worth(card), card) for card in self.hand), default=None)

    def row_card(self, hand: tuple[CardId, ...]) -> float:
        """Return what the best card of the crew row adds to ``hand``."""
        row = [card for card in self.observation.crew_row if card is not None]
        return max((self.card_worth(card, (*hand, card)) for card in row), default=-math.inf)

    def card_gain(self, hand: tuple[CardId, ...]) -> float:
        """Return what the best crew card on offer (the row or a blind draw) adds to ``hand``."""
        return max(self.row_card(hand), self.draw_worth(hand))

    def crew_loss(self) -> float:
        """Return the worth lost by discarding a crew card (none at 2 cards)."""
        weakest = self.weakest
        if weakest is None or len(self.hand) <= HAND_MIN:
            return 0.0
        return max(weakest[0], 0.3)

    # --- treasures -------------------------------------------------------------------------

    def treasure_gain(self, maximum: int) -> float:
        """Return the most a treasure of value up to ``maximum`` adds to the collection."""
        gain = self._treasure_gains.get(maximum)
        if gain is None:
            mine = self.treasure_values(self.me)
            base = _set_value(mine)
            gain = float(
                max(_set_value([*mine, value]) for value in TREASURE_VALUES if value <= maximum)
                - base
            )
            self._treasure_gains[maximum] = gain
        return gain

    def treasure_loss(self) -> float:
        """Return the least a lost treasure costs the collection."""
        mine = self.treasure_values(self.me)
        if not mine:
            return 0.0
        base = _set_value(mine)
        return float(
            min(base - _set_value(mine[:index] + mine[index + 1 :]) for index in range(len(mine)))
        )

    @cached_property
    def casket_mission(self) -> bool:
        """Whether the bot holds a secret-casket mission."""
        return any(_MISSION_KIND[mission] is _SECRET_CASKET for mission in self.missions)

    # --- conflicts -------------------------------------------------------------------------

    def duel_total(self, colour: Colour) -> float:
        """Return the bot's best duel total in ``colour``."""
        total = self._duel_totals.get(colour)
        if total is None:
            weapons = [None, *(card for card in self.hand if _WEAPON_COLOUR[card] is colour)]
            total = float(
                max(
                    (
                        _pair_total(pirate, weapon, colour)
                        for pirate in self.hand
                        if _PIRATE[pirate]
                        for weapon in weapons
                    ),
                    default=0,
                )
            )
            self._duel_totals[colour] = total
        return total

    def duel_chance(self, total: float, opponent: PlayerId, *, challenged: bool) -> float:
        """Return the chance that a duel total of ``total`` beats ``opponent``."""
        size = min(self.seats[opponent].hand_size, HAND_MAX)
        margin = 0.5 if challenged else -0.5
        return _phi((total - _DUEL_MEAN[size] + margin) / _DUEL_SPREAD)

    def battle_estimate(self, colours: tuple[Colour, ...]) -> list[float]:
        """Return a quick estimate of the bot's battle totals: its 3 best cards per colour."""
        icons = 0
        for card in self.hand:
            icons |= _ICON_BIT[card]
        totals = []
        for colour in colours:
            values = []
            for card in self.hand:
                if _PIRATE[card]:
                    values.append(_VALUES[card][colour])
                elif _WEAPON_COLOUR[card] is colour:
                    boost = _WEAPON_ICON_BIT[card] & icons
                    values.append(_BOOSTED_VALUE[card] if boost else _WEAPON_VALUE[card])
            values.sort(reverse=True)
            totals.append(float(sum(values[:3])))
        return totals

    def battle_chance(self, totals: Sequence[float]) -> tuple[float, float]:
        """Return the expected number of colours won, and the chance of winning two of three."""
        chances = []
        for total in totals:
            chance = 1.0
            for seat in self.others:
                size = min(self.seats[seat].hand_size, HAND_MAX)
                chance *= _phi((total - _BATTLE_MEAN[size] - 0.5) / _BATTLE_SPREAD)
            chances.append(chance)
        a, b, c = chances
        return a + b + c, a * b + a * c + b * c - 2 * a * b * c

    # --- events ----------------------------------------------------------------------------

    @cached_property
    def unseen_events(self) -> tuple[Counter[EventId], dict[int, EventId]]:
        """The event cards the bot has not seen (by representative), and the known pile tops."""
        observation = self.observation
        tops = {pile: card for pile, index, card in observation.event_pile_known if index == 0}
        unseen: Counter[EventId] = Counter()
        for card, count in unplaced_events(observation).items():
            unseen[_EVENT_KEYS[card]] += count
        return unseen, tops

    def event_terms(self, key: EventId) -> tuple[float, float, float]:
        """Return what activating the event card ``key`` is worth, as three terms.

        On a space the worth is ``constant - back * step back - storm * storm cost``, with
        the costs of a penalty move and of a storm from that space.
        """
        terms = self._event_terms.get(key)
        if terms is not None:
            return terms
        event = EVENT_CARDS[key]
        kind = event.kind
        space_worth = self.space_worth
        terms = (0.0, 0.0, 0.0)  # a parrot
        if kind is _DUEL:
            total = self.duel_total(event.colours[0])
            chance = max(self.duel_chance(total, seat, challenged=False) for seat in self.others)
            win = max(self.treasure_gain(3), 3 * space_worth)
            terms = (chance * win, 1 - chance, 0.0)
        elif kind is _BATTLE:
            _, chance = self.battle_chance(self.battle_estimate(event.colours))
            terms = (chance * (self.treasure_gain(3) + 3 * space_worth), 0.5 * (1 - chance), 0.0)
        elif kind is _MERCHANT:
            best = max(
                (
                    _WEAPON_VALUE[card]
                    for card in self.hand
                    if _WEAPON_COLOUR[card] in event.colours
                ),
                default=0,
            )
            terms = (_MERCHANT_PAY[best], 0.0, 0.0)
        elif kind is _INTRIGUE:
            if any(self.seats[seat].treasure_count >= 3 for seat in self.others):
                terms = (2.5, 0.0, 0.0)
            elif len(self.hand) < HAND_MAX:
                terms = (0.8, 0.0, 0.0)
        elif kind is _MUTINY:
            if self.boosted[event.colours[0]] < event.value:
                terms = (-self.crew_loss(), 0.0, 0.0)
            elif len(self.hand) < HAND_MAX:
                terms = (max(self.blind_draw, 0.3), 0.0, 0.0)
        elif kind is _REEFS:
            if self.boosted[_ORANGE_INDEX] >= event.value:
                terms = (3.5 * space_worth, 0.0, 0.0)
            else:
                terms = (0.0, 1.0, 0.0)
        elif kind is _CHEST:
            terms = (1.0 if len(self.hand) < HAND_MAX else 0.0, 0.0, 0.0)
        elif kind is _REPAIR:
            terms = (-0.5 * space_worth, 1.0, 0.0)
        elif kind is _TAILWIND:
            terms = (3.5 * space_worth, 0.0, 0.0)
        elif kind is _TELESCOPE:
            terms = (0.3, 0.0, 0.0)
        elif kind is _STORM:
            terms = (0.0, 0.0, 1.0)
        self._event_terms[key] = terms
        return terms

    def event_worth(self, key: EventId, space: Space) -> float:
        """Return what activating the event card ``key`` on ``space`` is worth."""
        constant, back, storm = self.event_terms(key)
        if back:
            constant -= back * self.step_back_cost(space)
        if storm:
            constant -= storm * self.storm_cost(space)
        return constant

    @cached_property
    def mean_terms(self) -> tuple[float, float, float]:
        """The mean terms of the event cards the bot has not seen."""
        unseen, _ = self.unseen_events
        total = sum(unseen.values())
        if not total:
            return (0.0, 0.0, 0.0)
        constant = back = storm = 0.0
        for key, count in unseen.items():
            terms = self.event_terms(key)
            constant += count * terms[0]
            back += count * terms[1]
            storm += count * terms[2]
        return (constant / total, back / total, storm / total)

    def pile_worth(self, pile: int, space: Space) -> float:
        """Return what drawing from event pile ``pile`` on ``space`` is worth."""
        _, tops = self.unseen_events
        if pile in tops:
            return self.event_worth(_EVENT_KEYS[tops[pile]], space)
        constant, back, storm = self.mean_terms
        return constant - back * self.step_back_cost(space) - storm * self.storm_cost(space)

    def island_chance(self, island: int | None) -> float:
        """Return the chance that the hand takes a face-down island (``None``: not known)."""
        boosted = self.boosted
        if island is not None:
            card = ISLANDS[island]
            return 1.0 if boosted[card.colour] >= card.value else 0.0
        known = {view.island for view in self.observation.islands if view.island is not None}
        candidates = [card for card in ISLANDS if card.id not in known]
        if not candidates:
            return 0.0
        taken = sum(1 for card in candidates if boosted[card.colour] >= card.value)
        return taken / len(candidates)

    def landing_worth(self, space: Space) -> float:
        """Return what ending a move on ``space`` is worth (its activation, not the progress)."""
        observation = self.observation
        for view in observation.islands:
            if view.space == space and view.owner is None:
                chance = self.island_chance(view.island)
                win = 5.0 + self.treasure_gain(5)
                loss = self.step_back_cost(space) + self.treasure_loss() + self.crew_loss()
                return chance * win - (1 - chance) * loss
        worth = 1.0 if observation.board_pearls[space] else 0.0
        event = observation.board_events[space]
        if event is not None:  # a parrot or a telescope
            return worth + (0.3 if EVENT_CARDS[event].kind is _TELESCOPE else 0.0)
        piles = [pile for pile, size in enumerate(observation.event_pile_sizes) if size]
        tops = self.unseen_events[1]
        if any(pile in tops for pile in piles):
            worth += max(self.pile_worth(pile, space) for pile in piles)
        elif piles:  # every pile alike
            worth += self.pile_worth(piles[0], space)
        return worth

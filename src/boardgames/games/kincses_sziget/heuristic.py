"""A hand-written Irány a Kincses Sziget! captain, the game's ``heuristic`` bot.

The bot reads only its observation and the legal actions. Everything it decides rests on
three estimates, all in victory points:

* **The worth of the hand.** The sum of (a) its *strength*: for each colour, how far the
  whole-hand total (weapons multiplied by a pirate showing their icon) climbs from 13
  towards 27, the range of the island, mutiny and reef values, orange counting half again
  (reefs test it too), scaled to ``strength_worth``; (b) the points its pirates would
  score at the end (+1 or -1 each); (c) for every mission held that depends on the hand,
  its chance of being met with this hand times its bonus, minus its penalty otherwise
  (colour majorities, female and one-eyed pirates against what is known or expected of
  the other hands; three weapons of a colour). A card's worth is what it adds to that
  value; a blind draw is worth an average card.
* **The worth of a place.** Each space advanced is worth ``space_worth``, and a new zone
  its difference in zone points. Reaching Treasure Island ends the game: the bot does it
  when its estimate of the final scores (its own nearly exact, the others' from what it
  sees, unknown treasures at 3) puts it more than ``arrive_margin`` ahead, and otherwise
  treats it as worse than any ordinary move.
* **The worth of a landing.** A face-down island counts its chance of being taken with the
  whole hand (over the island cards it may still be) times the 5 points and the best
  treasure, against the treasure, the crew card and the step back a failure costs; a
  pearl bed adds a pearl; a parrot or telescope draws no card; any other space draws an
  event, worth the mean, over the event cards the bot has not seen (or the known top card
  of a pile), of what the card does with this hand on that space: a duel or battle by
  the chance of winning it, a mutiny or reef by whether the hand passes it, a storm or
  repair by the spaces it costs, a tailwind by those it gains, and so on.

It then takes, at each decision, the legal action of highest worth:

1. **Turn**: a move of 1, 2 or 3 by its progress and landing, or an anchoring by what it
   gains: the best card of the row or a blind draw, the card of least worth thrown away,
   both (the exchange), or the mission of the row that adds most (or replaces a held one
   that is likely to fail).
2. **Cards**: it discards the card of least worth; takes the row card of highest worth, or
   draws blindly when none beats an average card; takes back a played battle card that
   beats both; keeps every chest weapon that adds to the hand; at setup exchanges a weapon
   beyond the second that adds less than half a point.
3. **Missions**: it keeps, takes, adds or replaces missions by their expected points.
4. **Conflicts**: it challenges the opponent it is likeliest to beat (the leader among
   equals) and composes each duel or battle for the chance of winning times the prize,
   minus the worth of the cards given up (played cards are replaced by draws, so weak
   cards cost little); it offers the merchant a weapon when the expected pay beats the
   weapon's worth; an intrigue steals a treasure (counted 3) or a crew card (counted as a
   blind draw), whichever is worth more, from the opponent with the best estimated score.
5. **Prizes and penalties**: a treasure of the value that adds most to its collection with
   its sets (the casket first for a casket mission); it gives up the treasure that costs
   least; it sells two pearls when the treasure is worth more than them; a duel prize,
   reward move or repair by the worth of where it leads; an event pile by its known top
   card, if any.
6. **Looking**: a telescope peeks at the nearest face-down island ahead, else at the event
   piles; a parrot is declined.

Ties are broken with the ``rng`` given to
:meth:`~boardgames.games.kincses_sziget.heuristic.KincsesHeuristicBot.choose`, so the bot is
deterministic given it. Every decision the bot can meet is modelled (the one it cannot
meet, where to put an island or pearl bed that a parrot moves, would get a random legal
action). A decision takes about 0.2 ms on average (a turn choice about 0.5 ms).

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property
from itertools import combinations
from typing import TypeVar

from boardgames.core.errors import ConfigurationError
from boardgames.core.play import Bot
from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget._scoring import ranking, score, treasure_points
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
    ARRIVAL_POINTS,
    CREW_CARDS,
    EVENT_CARDS,
    HAND_MAX,
    HAND_MIN,
    ISLAND,
    ISLANDS,
    LAST_SPACE,
    MISSIONS,
    START,
    TREASURE_VALUES,
    WEAPON_MULTIPLIER,
    ZONE_OF,
    ZONE_PENALTY,
    ZONE_POINTS,
    CardId,
    Colour,
    EventId,
    EventKind,
    MissionId,
    MissionKind,
    Pirate,
    Space,
    TreasureId,
    Weapon,
)
from boardgames.games.kincses_sziget.observation import KincsesObservation
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
    KincsesState,
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

__all__ = ["KincsesHeuristicBot", "heuristic_value"]

ActionT = TypeVar("ActionT", bound=Action)

# --- card tables ------------------------------------------------------------------------------

_PIRATE = tuple(isinstance(card, Pirate) for card in CREW_CARDS)
_VALUES = tuple(card.values if isinstance(card, Pirate) else (0, 0, 0, 0) for card in CREW_CARDS)
_ICON = tuple(card.icon if isinstance(card, Pirate) else None for card in CREW_CARDS)
_ICON_BIT = tuple(0 if icon is None else 1 << icon for icon in _ICON)
_WEAPON_COLOUR = tuple(card.colour if isinstance(card, Weapon) else None for card in CREW_CARDS)
_WEAPON_INDEX = tuple(-1 if colour is None else int(colour) for colour in _WEAPON_COLOUR)
_WEAPON_VALUE = tuple(card.value if isinstance(card, Weapon) else 0 for card in CREW_CARDS)
_WEAPON_ICON_BIT = tuple(1 << card.icon if isinstance(card, Weapon) else 0 for card in CREW_CARDS)
_BOOSTED_VALUE = tuple(value * WEAPON_MULTIPLIER[value] if value else 0 for value in _WEAPON_VALUE)
_HAND_POINTS = tuple(card.hand_points if isinstance(card, Pirate) else 0 for card in CREW_CARDS)
_FEMALE = tuple(isinstance(card, Pirate) and card.female for card in CREW_CARDS)
_ONE_EYED = tuple(isinstance(card, Pirate) and card.one_eyed for card in CREW_CARDS)
_CASKET: TreasureId = 0
"""The casket, the value-1 treasure of the secret-casket mission."""

_MEAN_COLOUR = (sum(map(sum, _VALUES)) + sum(_WEAPON_VALUE)) / 4 / len(CREW_CARDS)
"""The mean value of a crew card in one colour (about 4.9), weapons at face value."""
_MEAN_FEMALE = sum(_FEMALE) / len(CREW_CARDS)
_MEAN_ONE_EYED = sum(_ONE_EYED) / len(CREW_CARDS)
_MEAN_HAND_POINTS = sum(_HAND_POINTS) / len(CREW_CARDS)

_STRENGTH_LOW = 13.0
"""A whole-hand total in a colour up to which the hand's strength there counts nothing."""
_STRENGTH_SPAN = 14.0
"""How far above that the strength counts fully (27: the checks ask 17 to 26)."""
_COLOUR_WEIGHT = (1.5 / 4.5, 1.0 / 4.5, 1.0 / 4.5, 1.0 / 4.5)
"""Each colour's share of the strength: orange half again (islands and reefs test it)."""

_DUEL_MEAN = (0.0, 5.5, 7.2, 8.8, 10.4, 11.3, 12.1, 13.1)
"""The mean best duel total, in one colour, of a random hand of 0 to 7 cards (simulated)."""
_DUEL_SPREAD = 4.5
_BATTLE_MEAN = (0.0, 6.5, 9.5, 14.4, 18.7, 21.1, 23.0, 24.5)
"""The mean best battle total (3 cards), in one colour, of a random hand of 0 to 7 cards."""
_BATTLE_SPREAD = 6.0
_UNKNOWN_TREASURE = 3
"""The value assumed for a treasure whose value the bot does not know."""

_MISSION_KIND = tuple(mission.kind for mission in MISSIONS)
_MAJORITY = {
    MissionKind.MOST_ORANGE: int(Colour.ORANGE),
    MissionKind.MOST_BLUE: int(Colour.BLUE),
    MissionKind.MOST_GREEN: int(Colour.GREEN),
    MissionKind.MOST_BLACK: int(Colour.BLACK),
}
_MISSION_COLOUR = tuple(_MAJORITY.get(mission.kind, -1) for mission in MISSIONS)
"""The colour index of each colour-majority mission, -1 for the others."""
_RACE_MISSIONS = (MissionKind.FIRST_TO_ISLAND, MissionKind.SECOND_TO_ARRIVE)
_WEAPON_MISSIONS = {
    MissionKind.THREE_BLACK_WEAPONS: int(Colour.BLACK),
    MissionKind.THREE_GREEN_WEAPONS: int(Colour.GREEN),
}
_MISSION_WEAPONS = tuple(_WEAPON_MISSIONS.get(mission.kind, -1) for mission in MISSIONS)
"""The weapon colour index of each three-weapon mission, -1 for the others."""
_WEAPON_MISSION_CHANCE = (0.03, 0.1, 0.3, 1.0)
"""The chance of holding three weapons of a colour at the end, holding 0, 1, 2 or 3 now."""

_MERCHANT_PAY = {0: 0.0, 3: 0.8, 5: 2.0, 10: 4.0}
"""The worth of a merchant to the bot by the best weapon it could sell him."""
_MERCHANT_SALE = {3: (0.35, 1), 5: (0.6, 3), 10: (0.9, 5)}
"""For a weapon's value: the chance that the merchant buys it and the treasure he pays."""
_WIN = 1000.0
"""The worth of ending the game in the lead: more than anything else on offer."""


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


def _totals(hand: Iterable[CardId]) -> tuple[list[float], list[float]]:
    """Return the whole-hand totals per colour with weapon multipliers, and without."""
    hand = tuple(hand)
    icons = 0
    plain = [0.0, 0.0, 0.0, 0.0]
    for card in hand:
        if _PIRATE[card]:
            icons |= _ICON_BIT[card]
            orange, blue, green, black = _VALUES[card]
            plain[0] += orange
            plain[1] += blue
            plain[2] += green
            plain[3] += black
    boosted = plain.copy()
    for card in hand:
        colour = _WEAPON_INDEX[card]
        if colour >= 0:
            plain[colour] += _WEAPON_VALUE[card]
            boost = _WEAPON_ICON_BIT[card] & icons
            boosted[colour] += _BOOSTED_VALUE[card] if boost else _WEAPON_VALUE[card]
    return boosted, plain


def _strength(boosted: Sequence[float]) -> float:
    """Return a hand's strength, 0 to 1, from its whole-hand totals."""
    strength = 0.0
    for weight, total in zip(_COLOUR_WEIGHT, boosted, strict=True):
        level = (total - _STRENGTH_LOW) / _STRENGTH_SPAN
        strength += weight * (0.0 if level < 0.0 else 1.0 if level > 1.0 else level)
    return strength


def _pair_total(pirate: CardId, weapon: CardId | None, colour: Colour) -> int:
    """Return a duel composition's total in ``colour``."""
    total = _VALUES[pirate][colour]
    if weapon is not None and _WEAPON_COLOUR[weapon] is colour:
        boosted = _WEAPON_ICON_BIT[weapon] & _ICON_BIT[pirate]
        total += _BOOSTED_VALUE[weapon] if boosted else _WEAPON_VALUE[weapon]
    return total


def _set_value(values: Iterable[int]) -> int:
    """Return the points of a collection of treasure values with its best sets."""
    return treasure_points(12 * TREASURE_VALUES.index(value) + 1 for value in values)


def _representative(card: EventId) -> EventId:
    """Return the first event card that does what ``card`` does (its mark aside)."""
    event = EVENT_CARDS[card]
    return next(
        other.id
        for other in EVENT_CARDS
        if (other.kind, other.colours, other.value) == (event.kind, event.colours, event.value)
    )


_EVENT_KEYS = tuple(_representative(card) for card in range(len(EVENT_CARDS)))
"""For each event card, the first card that does the same: the bot values them alike."""


def _number(name: str, value: object, *, least: float | None) -> float:
    """Return ``value`` as a float if it is a finite number of at least ``least``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or (least is not None and value < least)
    ):
        bound = "a finite number" if least is None else f"a finite number of {least:g} or more"
        raise ConfigurationError(f"{name}={value!r} must be {bound}")
    return float(value)


# Enum members bound once: an attribute lookup on an Enum class is slow in the hot paths.
_BATTLE = EventKind.BATTLE
_CHEST = EventKind.CHEST
_DUEL = EventKind.DUEL
_FIRST_TO_ISLAND = MissionKind.FIRST_TO_ISLAND
_INTRIGUE = EventKind.INTRIGUE
_MERCHANT = EventKind.MERCHANT
_MOST_FEMALE = MissionKind.MOST_FEMALE
_MOST_ONE_EYED = MissionKind.MOST_ONE_EYED
_MUTINY = EventKind.MUTINY
_REEFS = EventKind.REEFS
_REPAIR = EventKind.REPAIR
_SECOND_TO_ARRIVE = MissionKind.SECOND_TO_ARRIVE
_SECRET_CASKET = MissionKind.SECRET_CASKET
_STORM = EventKind.STORM
_TAILWIND = EventKind.TAILWIND
_TELESCOPE = EventKind.TELESCOPE
_ORANGE_INDEX = int(Colour.ORANGE)


class KincsesHeuristicBot(Bot[KincsesObservation, Action]):
    """Race for Treasure Island, take the islands the hand can win, collect treasure sets.

    The module documentation says what the bot does at each decision.

    Args:
        space_worth: The victory points one space of progress along the track is worth.
        strength_worth: The victory points of a hand whose whole-hand totals reach 27 in
            every colour (a total of 13 or less counts nothing): how much the bot pays, in
            tempo and cards, for the islands, mutinies and reefs it may pass.
        arrive_margin: How far ahead of the best other estimated score the bot must be to
            end the game by reaching Treasure Island.

    Raises:
        ConfigurationError: A worth is negative, or a parameter is not a finite number.

    >>> import boardgames
    >>> game = boardgames.make("kincses-sziget", players=2)
    >>> bots = [KincsesHeuristicBot(), boardgames.RandomBot()]
    >>> boardgames.play(game, bots, seed=1).ranking
    (1, 2)
    """

    def __init__(
        self,
        *,
        space_worth: float = 0.7,
        strength_worth: float = 4.0,
        arrive_margin: float = 0.0,
    ) -> None:
        self.space_worth = _number("space_worth", space_worth, least=0.0)
        self.strength_worth = _number("strength_worth", strength_worth, least=0.0)
        self.arrive_margin = _number("arrive_margin", arrive_margin, least=None)

    def __repr__(self) -> str:
        return (
            f"KincsesHeuristicBot(space_worth={self.space_worth!r}, "
            f"strength_worth={self.strength_worth!r}, arrive_margin={self.arrive_margin!r})"
        )

    def choose(
        self,
        observation: KincsesObservation,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """Return the legal action of highest estimated worth (ties broken with ``rng``)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        choice = _Captain(self, observation, legal_actions, rng).choose()
        if choice is None or choice not in legal_actions:
            return legal_actions[rng.randrange(len(legal_actions))]
        return choice


class _Captain:
    """One decision of the bot: its observation, read once, and its rules of thumb."""

    def __init__(
        self,
        bot: KincsesHeuristicBot,
        observation: KincsesObservation,
        legal: Sequence[Action],
        rng: random.Random,
    ) -> None:
        self.space_worth = bot.space_worth
        self.strength_worth = bot.strength_worth
        self.arrive_margin = bot.arrive_margin
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
        seen = {event for event in observation.board_events if event is not None}
        seen.update(observation.event_discard)
        tops: dict[int, EventId] = {}
        for pile, index, card in observation.event_pile_known:
            seen.add(card)
            if index == 0:
                tops[pile] = card
        unseen = Counter(_EVENT_KEYS[card] for card in range(len(EVENT_CARDS)) if card not in seen)
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

    # --- the decisions ---------------------------------------------------------------------

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


_PROGRESS_VALUE = 0.5
"""What :func:`heuristic_value` counts for each space of progress, before the end."""
_STRENGTH_VALUE = 4.0
"""What it counts for a hand whose whole-hand totals reach 27 in every colour."""
_WINNER_VALUE = 50.0
"""What it adds, at the end, for first place."""


def heuristic_value(state: KincsesState) -> tuple[float, ...]:
    """Return how well each seat stands: the score now, plus progress and hand strength.

    The game's :func:`~boardgames.games.kincses_sziget.rules.score` is the final scoring
    applied to the table as it stands, so it moves only when a ship enters a new zone and
    says nothing of how a hand will fare at the islands, mutinies and reefs to come; a
    search one decision deep (the greedy bot) then sees most moves as equal. Before the
    end this adds to each seat's score half a point per space of its ship's position and
    4 points times its hand's strength (0 to 1: how far the whole-hand total in each
    colour climbs from 13 to 27, orange counting half again).

    At the end it is the score, plus 50 for the seats in first place (a won game is worth
    more than any lead), plus a hundredth of the position when ties are broken by
    position: it orders the seats as the ranking does.

    >>> import boardgames
    >>> game = boardgames.make("kincses-sziget", players=2)
    >>> state = game.new_game(seed=4)
    >>> heuristic_value(state) == game.heuristic_value(state)
    True

    .. versionadded:: 0.2.0
    """
    points = score(state)
    if not state.tasks:
        tiebreak = 0.01 if state.tiebreak_by_position else 0.0
        return tuple(
            point + (_WINNER_VALUE if place == 1 else 0.0) + tiebreak * position
            for point, place, position in zip(points, ranking(state), state.positions, strict=True)
        )
    return tuple(
        point + _PROGRESS_VALUE * position + _STRENGTH_VALUE * _strength(_totals(hand)[0])
        for point, position, hand in zip(points, state.positions, state.hands, strict=True)
    )

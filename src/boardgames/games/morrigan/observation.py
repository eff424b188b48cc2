"""What one player knows: the observation, and states sampled to agree with it.

A player sees his own hand, the cards he placed face down (reinforcements, his Ordeal
stake), every face-up card, the counts of everything else, and his
:class:`~boardgames.games.morrigan.state.Clue` records: what he saw go into places he
cannot look into. Cards in view carry their public names, the cards only he sees canonical
private names (see :ref:`morrigan-card-names`). Sampling deals every card he cannot place
to the places he cannot see, respecting the counts, the clues, and the public knowledge
that a beaten duelist's remaining cards are not Action cards.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import attrs

from boardgames.core._memo import Recent
from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import shown
from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.games.morrigan._assign import assign
from boardgames.games.morrigan._clue_log import clues_of
from boardgames.games.morrigan._hidden_information import DRAW_PLACE
from boardgames.games.morrigan._names import private_names
from boardgames.games.morrigan.components import CARD_KINDS, CARDS, CardId, CardKind, CardType
from boardgames.games.morrigan.state import (
    Attack,
    Clue,
    Duel,
    Effect,
    HistoryEntry,
    Holding,
    MorriganOptions,
    MorriganState,
    Ordeal,
    Phase,
    Place,
    Reinforcement,
    StakedCard,
    Window,
    Zone,
)

__all__ = [
    "HoldingView",
    "MorriganObservation",
    "OrdealView",
    "ReinforcementView",
    "StakeView",
    "check_observation",
    "observe",
    "sample_state",
]


@attrs.frozen
class ReinforcementView:
    """A card under a Territory or an Adversary, as the observer sees it.

    Args:
        card: The card, if the observer placed it or everyone has seen it; else ``None``.
        placer: Who placed it (everyone sees who puts a card down).
        in_reinforcement_phase: Placed in its placer's reinforcement phase (not on play).
        public: Everyone has seen it (it survived a failed attack).
        known_bluff: Everyone knows this face-down card is not an Action card (it left a
            hand publicly known to hold no Action card; see ``floors``).
    """

    card: CardId | None
    placer: PlayerId
    in_reinforcement_phase: bool
    public: bool
    known_bluff: bool = False


@attrs.frozen
class HoldingView:
    """A Territory or Adversary on the table and the cards under it, as the observer sees them.

    Args:
        card: The Territory's or Adversary's id (face up).
        reinforcements: The cards under it, in the order they were placed.
    """

    card: CardId
    reinforcements: tuple[ReinforcementView, ...]


@attrs.frozen
class StakeView:
    """A stake in the current round of an Ordeal, as the observer sees it.

    Args:
        seat: The participant who staked.
        card: The staked card if it is the observer's own stake, else ``None``.
        blessing: The Blessing played face up with it, if any.
        known_bluff: Everyone knows the staked card is not an Action card (it left a hand
            publicly known to hold no Action card; see ``floors``).
    """

    seat: PlayerId
    card: CardId | None
    blessing: CardId | None
    known_bluff: bool = False


@attrs.frozen
class OrdealView:
    """The Ordeal in progress, as the observer sees it.

    Args:
        card: The Ordeal's id.
        player: Who played it.
        round: The staking round (1 first).
        waiting: The participants still to decide this round, in order.
        stakes: The stakes placed this round, in order (only the observer's card is named).
    """

    card: CardId
    player: PlayerId
    round: int
    waiting: tuple[PlayerId, ...]
    stakes: tuple[StakeView, ...]


@attrs.frozen
class MorriganObservation:
    """One player's view of the table.

    Args:
        player: The observing seat.
        players: The number of seats.
        options: The configuration.
        turn: The number of the current turn.
        active: Whose turn it is.
        phase: The kind of decision pending.
        to_move: Who decides now, ``None`` when the game is over.
        hand: The observer's hand.
        hand_sizes: Every hand's size (public).
        draw_pile_size: Cards in the draw pile.
        discard_pile: The face-up discard pile, oldest first.
        territories: Every player's Territories and the cards under them.
        adversaries: The Adversaries in the centre and the cards under them.
        won: Every player's won Ordeals and defeated Adversaries.
        effects: The Deluges and Glacial Winters in force.
        window: The on-play reinforcement window in progress, if any.
        ordeal: The Ordeal in progress, if any.
        attack: The attack being built (all its cards are face up), if any.
        duel: The duel in progress (all its cards are face up), if any.
        ally: The Unexpected Ally waiting for its pick, if any.
        reinforced: The targets the active player has reinforced this reinforcement phase.
        target: The target chosen for the next reinforcement, if any.
        floors: How many cards of each hand everyone knows are not Action cards.
        clues: What the observer knows about cards he cannot see.
        history: Every decision of the game, face-down cards not named: the very
            :class:`~boardgames.History` object of the observed state, shared, not copied.
        winner: The player who beat Maletar, if any.
        truncated: Whether the game was stopped by ``max_turns``.
    """

    player: PlayerId
    players: int
    options: MorriganOptions
    turn: int
    active: PlayerId
    phase: Phase
    to_move: PlayerId | None
    hand: frozenset[CardId]
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    discard_pile: tuple[CardId, ...]
    territories: tuple[tuple[HoldingView, ...], ...]
    adversaries: tuple[HoldingView, ...]
    won: tuple[tuple[CardId, ...], ...]
    effects: tuple[Effect, ...]
    window: Window | None
    ordeal: OrdealView | None
    attack: Attack | None
    duel: Duel | None
    ally: CardId | None
    reinforced: frozenset[CardId]
    target: CardId | None
    floors: tuple[int, ...]
    clues: tuple[Clue, ...]
    history: History[HistoryEntry]
    winner: PlayerId | None
    truncated: bool


_BARE_VIEWS = tuple(HoldingView(card, ()) for card in range(len(CARDS)))
"""The view of each card on the table with nothing under it, shared by every observation."""


_VIEWS: dict[tuple[int, PlayerId], tuple[Holding, HoldingView]] = {}
"""The views of the holdings observed lately, by ``id`` of the holding and seat (each entry
keeps its holding alive, so that the ``id`` is not reused); emptied when it holds
``_VIEWS_KEPT``. A holding stays the same object from state to state until a move changes
it, so an observation builds the views of the changed holdings only."""
_VIEWS_KEPT = 4096


def _holding_view(holding: Holding, player: PlayerId, names: dict[CardId, CardId]) -> HoldingView:
    if not holding.reinforcements:
        return _BARE_VIEWS[holding.card]
    if any(r.placer == player and not r.public for r in holding.reinforcements):
        return _new_view(holding, player, names)  # it shows private names
    key = (id(holding), player)
    entry = _VIEWS.get(key)
    if entry is not None and entry[0] is holding:
        return entry[1]
    view = _new_view(holding, player, names)
    if len(_VIEWS) >= _VIEWS_KEPT:
        _VIEWS.clear()
    _VIEWS[key] = (holding, view)
    return view


def _new_view(holding: Holding, player: PlayerId, names: dict[CardId, CardId]) -> HoldingView:
    return HoldingView(
        holding.card,
        tuple(
            ReinforcementView(
                r.card if r.public else names.get(r.card, r.card) if r.placer == player else None,
                r.placer,
                r.in_reinforcement_phase,
                r.public,
                r.known_bluff,
            )
            for r in holding.reinforcements
        ),
    )


def _private_names(state: MorriganState, player: PlayerId) -> dict[CardId, CardId]:
    """The names under which ``player`` sees the cards only he sees (see ``_names``)."""
    mine = sorted(state.hands[player])
    for holdings in (*state.territories, state.adversaries):
        for holding in holdings:
            if holding.reinforcements:
                for r in holding.reinforcements:
                    if r.placer == player and not r.public:
                        mine.append(r.card)
    if state.ordeal is not None:
        mine.extend(stake.card for stake in state.ordeal.stakes if stake.seat == player)
    if not mine:
        return {}
    return private_names(state, mine)


def observe(state: MorriganState, player: PlayerId) -> MorriganObservation:
    """Return what ``player`` knows of ``state``.

    Cards in view carry their public names; the cards only ``player`` sees (his hand, his
    face-down cards) are shown under canonical private names (see
    :ref:`morrigan-card-names`), so that no id tells apart copies of a kind
    that a person at the table could not.
    """
    names = _private_names(state, player)
    hand = state.hands[player]
    if names and any(card in names for card in hand):
        hand = frozenset(names.get(card, card) for card in hand)
    ordeal = state.ordeal
    ordeal_view = None
    if ordeal is not None:
        ordeal_view = OrdealView(
            ordeal.card,
            ordeal.player,
            ordeal.round,
            ordeal.waiting,
            tuple(
                StakeView(
                    stake.seat,
                    names.get(stake.card, stake.card) if stake.seat == player else None,
                    stake.blessing,
                    stake.known_bluff,
                )
                for stake in ordeal.stakes
            ),
        )
    return MorriganObservation(
        player=player,
        players=state.players,
        options=state.options,
        turn=state.turn,
        active=state.active,
        phase=state.phase,
        to_move=state.to_move,
        hand=hand,
        hand_sizes=tuple(len(hand) for hand in state.hands),
        draw_pile_size=len(state.draw_pile),
        discard_pile=state.discard_pile,
        territories=tuple(
            tuple(_holding_view(holding, player, names) for holding in holdings)
            for holdings in state.territories
        ),
        adversaries=tuple(_holding_view(holding, player, names) for holding in state.adversaries),
        won=state.won,
        effects=state.effects,
        window=state.window,
        ordeal=ordeal_view,
        attack=state.attack,
        duel=state.duel,
        ally=state.ally,
        reinforced=state.reinforced,
        target=state.target,
        floors=state.floors,
        clues=clues_of(state, player),
        history=state.history,
        winner=state.winner,
        truncated=state.truncated,
    )


def _visible_cards(observation: MorriganObservation) -> set[CardId]:
    """Every card whose place the observer sees."""
    seen: set[CardId] = set(observation.hand)
    seen.update(observation.discard_pile)
    for holdings in (*observation.territories, observation.adversaries):
        for holding in holdings:
            seen.add(holding.card)
            seen.update(r.card for r in holding.reinforcements if r.card is not None)
    for won in observation.won:
        seen.update(won)
    seen.update(effect.card for effect in observation.effects)
    if observation.ordeal is not None:
        seen.add(observation.ordeal.card)
        for stake in observation.ordeal.stakes:
            if stake.card is not None:
                seen.add(stake.card)
            if stake.blessing is not None:
                seen.add(stake.blessing)
    if observation.attack is not None:
        seen.update(observation.attack.cards)
        seen.update(observation.attack.catapults)
    if observation.duel is not None:
        seen.update(observation.duel.attack)
        seen.update(observation.duel.maletar)
    if observation.ally is not None:
        seen.add(observation.ally)
    return seen


def sample_state(observation: MorriganObservation, seed: int) -> MorriganState:
    """Return a state that agrees with everything the observation's player knows.

    The cards he cannot place (other hands, face-down cards he did not place, the other
    stakes, the draw pile) are dealt at random to the places he cannot see, with each
    place's public count, each of his clues, each public count of known non-Action
    cards, and the public fact that a player building an attack with no card down yet
    holds an Action card, respected. The random stream of the result is fresh.

    What does not depend on the seed (the places, the hidden cards, the transport problem
    of the clues, the parts of the table the observer sees whole) is worked out once per
    observation and kept for the next samples of the same observation, as a search draws
    many.

    Raises:
        InvalidStateError: The observation is inconsistent (the cards do not add up, or the
            clues cannot all be satisfied).
    """
    rng = Rng.from_seed(seed).derive(0x3077)
    plan = _plan_of(observation)
    if plan.deal is not None:
        dealt, rng = _deal(plan.deal, rng)
        draw_pile, rng = rng.permuted(dealt.get(DRAW_PLACE, []))
    else:
        # Nothing constrains the deal: cut one random order of the hidden cards into the
        # places. Every place, the draw pile's order too, is then uniformly random.
        order, rng = rng.permuted(plan.pool)
        dealt = {}
        start = 0
        for place, size in zip(plan.places, plan.sizes, strict=True):
            dealt[place] = list(order[start : start + size])
            start += size
        draw_pile = tuple(dealt.get(DRAW_PLACE, ()))
    me = observation.player
    hands = tuple(
        observation.hand if seat == me else frozenset(dealt.get(_HAND_PLACES[seat], ()))
        for seat in range(observation.players)
    )

    def rebuild(holding: Holding | HoldingView) -> Holding:
        if isinstance(holding, Holding):
            return holding
        return Holding(
            holding.card,
            tuple(
                Reinforcement(
                    r.card if r.card is not None else dealt[(Zone.SLOT, holding.card, index)][0],
                    r.placer,
                    r.in_reinforcement_phase,
                    r.public,
                    r.known_bluff,
                )
                for index, r in enumerate(holding.reinforcements)
            ),
        )

    ordeal = plan.ordeal
    if isinstance(ordeal, OrdealView):
        ordeal = _staked(
            ordeal,
            [
                stake.card if stake.card is not None else dealt[_STAKE_PLACES[stake.seat]][0]
                for stake in ordeal.stakes
            ],
        )
    return MorriganState(
        observation.players,
        observation.options,
        observation.turn,
        observation.active,
        observation.phase,
        observation.to_move,
        draw_pile,
        observation.discard_pile,
        hands,
        tuple(tuple(rebuild(holding) for holding in row) for row in plan.territories),
        tuple(rebuild(holding) for holding in plan.adversaries),
        observation.won,
        observation.effects,
        observation.window,
        ordeal,
        observation.attack,
        observation.duel,
        observation.ally,
        observation.reinforced,
        observation.target,
        observation.floors,
        plan.clues,
        observation.history,
        observation.winner,
        observation.truncated,
        rng,
    )


_HAND_PLACES: tuple[Place, ...] = tuple((Zone.HAND, seat, 0) for seat in range(5))
_STAKE_PLACES: tuple[Place, ...] = tuple((Zone.STAKE, seat, 0) for seat in range(5))
_ALL_CARDS = frozenset(range(len(CARDS)))
_IS_ACTION: tuple[bool, ...] = tuple(kind.type is CardType.ACTION for kind in CardKind)


@attrs.frozen
class _Plan:
    """What sampling from one observation needs that does not depend on the seed."""

    places: list[Place]
    """The hidden places, in a fixed order."""
    sizes: list[int]
    """How many cards each place holds."""
    pool: list[CardId]
    """The cards the observer cannot place, sorted."""
    deal: _DealPlan | None
    """The constrained deal, if clues, floors, known bluffs or an attacker constrain it."""
    territories: tuple[tuple[Holding | HoldingView, ...], ...]
    """Each seat's Territories: a holding with no hidden card ready, else its view."""
    adversaries: tuple[Holding | HoldingView, ...]
    """The Adversaries in the centre, likewise."""
    ordeal: Ordeal | OrdealView | None
    """The Ordeal in progress: ready if no stake is hidden, else its view."""
    clues: tuple[tuple[Clue, ...], ...]
    """The sampled state's clues: the observer's, and none for the others."""


_PLANS: Recent[MorriganObservation, _Plan] = Recent(64)
"""The plans of the observations sampled lately."""


def _staked(ordeal: Ordeal | OrdealView, cards: Sequence[CardId]) -> Ordeal:
    """The Ordeal of ``ordeal`` with ``cards`` staked, one for each of its stakes in order."""
    stakes: Sequence[StakedCard | StakeView] = ordeal.stakes
    return Ordeal(
        ordeal.card,
        ordeal.player,
        ordeal.round,
        ordeal.waiting,
        tuple(
            StakedCard(stake.seat, card, stake.blessing, stake.known_bluff)
            for stake, card in zip(stakes, cards, strict=True)
        ),
    )


def _plan_of(observation: MorriganObservation) -> _Plan:
    """Return the plan of ``observation``, made once while it stays among the last few."""
    plan = _PLANS.get(observation)
    if plan is None:
        plan = _make_plan(observation)
        _PLANS.put(observation, plan)
    return plan


def _ready(view: HoldingView) -> Holding | HoldingView:
    """A holding's state form if the observer sees all of it, else its view (dealt later)."""
    if not view.reinforcements:
        return _BARE_HOLDINGS[view.card]
    if any(r.card is None for r in view.reinforcements):
        return view
    return Holding(
        view.card,
        tuple(
            Reinforcement(r.card, r.placer, r.in_reinforcement_phase, r.public, r.known_bluff)
            for r in view.reinforcements
            if r.card is not None
        ),
    )


_BARE_HOLDINGS = tuple(Holding(card, ()) for card in range(len(CARDS)))


def _make_plan(observation: MorriganObservation) -> _Plan:
    """Check ``observation`` as sampling needs, and work out what every sample shares."""
    me = observation.player
    for clue in observation.clues:
        if len(clue.counts) != len(CardKind) or any(
            type(count) is not int or count < 0 for count in clue.counts
        ):
            raise InvalidStateError(f"clue {clue!r} needs {len(CardKind)} counts of 0 or more")
    if len(observation.floors) != observation.players or not 0 <= me < observation.players:
        raise InvalidStateError("the observation's seats and floors do not match its players")
    # The hidden places, each with a capacity, in a fixed order.
    places: list[Place] = []
    sizes: list[int] = []
    bluffs: set[Place] = set()  # face-down places everyone knows hold no Action card
    for seat, size in enumerate(observation.hand_sizes):
        if seat != me and size:
            places.append((Zone.HAND, seat, 0))
            sizes.append(size)
    for holdings in (*observation.territories, observation.adversaries):
        for holding in holdings:
            for index, r in enumerate(holding.reinforcements):
                if r.card is None:
                    places.append((Zone.SLOT, holding.card, index))
                    sizes.append(1)
                    if r.known_bluff:
                        bluffs.add((Zone.SLOT, holding.card, index))
    if observation.ordeal is not None:
        for stake in observation.ordeal.stakes:
            if stake.card is None:
                places.append((Zone.STAKE, stake.seat, 0))
                sizes.append(1)
                if stake.known_bluff:
                    bluffs.add((Zone.STAKE, stake.seat, 0))
    if observation.draw_pile_size:
        places.append((Zone.DRAW, 0, 0))
        sizes.append(observation.draw_pile_size)
    pool = sorted(_ALL_CARDS.difference(_visible_cards(observation)))
    if len(pool) != sum(sizes):
        raise InvalidStateError(
            f"the observation hides {sum(sizes)} cards but {len(pool)} cards are unaccounted for"
        )
    floors = observation.floors
    # Fight and Conquer are offered only with an Action card in hand: until one is down,
    # everybody knows the attacker still holds one.
    acting: Place | None = None
    attack = observation.attack
    if attack is not None and not attack.cards and observation.active != me:
        acting = (Zone.HAND, observation.active, 0)
        if acting not in places:
            raise InvalidStateError("an attack with no card down needs an attacker with cards")
    deal = None
    if (
        observation.clues
        or bluffs
        or acting is not None
        or any(floors[place[1]] for place in places if place[0] == Zone.HAND)
    ):
        deal = _deal_plan(observation, places, sizes, bluffs, acting, pool)
    ordeal: Ordeal | OrdealView | None = observation.ordeal
    if ordeal is not None:
        staked = [stake.card for stake in ordeal.stakes if stake.card is not None]
        if len(staked) == len(ordeal.stakes):
            ordeal = _staked(ordeal, staked)
    return _Plan(
        places,
        sizes,
        pool,
        deal,
        tuple(tuple(_ready(view) for view in row) for row in observation.territories),
        tuple(_ready(view) for view in observation.adversaries),
        ordeal,
        tuple(observation.clues if seat == me else () for seat in range(observation.players)),
    )


_ANY = 0
_OTHERS_ONLY = 1
_ACTIONS_ONLY = 2
_SEEN = 3


@attrs.frozen
class _DealPlan:
    """The transport problem of a constrained deal, less its random orders (see ``_deal``)."""

    pool: list[CardId]
    """The hidden cards, sorted."""
    sinks: list[tuple[Place, int]]
    """Each sink: its place, and which cards it takes (``_ANY``, ``_OTHERS_ONLY``, ...)."""
    capacities: list[int]
    """How many units each sink takes."""
    seen: dict[CardKind, list[int]]
    """The SEEN sinks of each kind."""
    units: list[tuple[CardKind, int, int]]
    """Each clue's cards of one kind: ``(kind, clue number, count)``."""
    unit_sizes: list[int]
    """How many places each unit's clue names: units are placed fewest places first."""
    clue_sinks: list[tuple[list[int], dict[int, list[int]]]]
    """Each clue's real sinks (shuffled per sample), and its SEEN sinks by kind."""
    everywhere: list[int]
    """The sinks unclued cards may go to, in sink order (shuffled per sample)."""
    spare_kinds: list[tuple[CardKind, int]]
    """The kinds with SEEN sinks, sorted, and how many of their units are unclued."""
    free_other: int
    """The unclued non-Action cards of the other kinds."""
    free_action: int
    """The unclued Action cards of the other kinds."""


def _deal_plan(
    observation: MorriganObservation,
    places: list[Place],
    sizes: list[int],
    bluffs: set[Place],
    acting: Place | None,
    pool: list[CardId],
) -> _DealPlan:
    """Set up the transport problem of dealing ``pool`` with clues, floors and the attacker.

    ``bluffs`` are the face-down places (one card each) everyone knows hold no Action card;
    ``acting`` is the hand that everyone knows holds an Action card, if any. Once a clue
    names the draw pile, the pile holds only clue cards (it is the reshuffled discard pile,
    less what was drawn). Each :attr:`~boardgames.games.morrigan.state.Zone.SEEN` place of a
    clue is one more sink that holds exactly one unit of its kind, a clue's or not: a clue
    card that went there was the card seen, and deals no hidden card.
    """
    # Sinks: each place; a hand with a floor is split into a non-Action part and the rest,
    # a known bluff is a non-Action part only, and the acting hand has one Action part.
    sinks: list[tuple[Place, int]] = []  # (place, which cards: _ANY, _OTHERS_ONLY, ...)
    capacities: list[int] = []
    sinks_of: dict[Place, list[int]] = {}
    for place, size in zip(places, sizes, strict=True):
        if place[0] == Zone.HAND:
            floor = observation.floors[place[1]]
        else:
            floor = size if place in bluffs else 0
        floor = min(floor, size)
        action = 1 if place == acting else 0
        if floor + action > size:
            raise InvalidStateError("the attacker's hand is known to hold no Action card")
        indices = []
        if floor:
            indices.append(len(sinks))
            sinks.append((place, _OTHERS_ONLY))
            capacities.append(floor)
        if action:
            indices.append(len(sinks))
            sinks.append((place, _ACTIONS_ONLY))
            capacities.append(1)
        if size > floor + action:
            indices.append(len(sinks))
            sinks.append((place, _ANY))
            capacities.append(size - floor - action)
        sinks_of[place] = indices
    # The SEEN places of one kind that the same clues name are interchangeable: one sink.
    seen: dict[CardKind, list[int]] = defaultdict(list)  # the SEEN sinks of each kind
    seen_cards: dict[CardKind, int] = defaultdict(int)  # how many SEEN places of each kind
    closed = False  # whether the draw pile holds only clue cards
    named_by: dict[Place, list[int]] = defaultdict(list)
    for number, clue in enumerate(observation.clues):
        for place in clue.places:
            if place[0] == Zone.SEEN:
                named_by[place].append(number)
            elif place[0] == Zone.DRAW:
                closed = True
    if closed and observation.draw_pile_size > sum(
        sum(clue.counts) for clue in observation.clues if DRAW_PLACE in clue.places
    ):
        closed = False  # clues written by earlier builds could undercount the pile
    groups: dict[tuple[int, tuple[int, ...]], int] = {}
    for place, numbers in named_by.items():
        kind = _KINDS[place[2]]
        key = (kind, tuple(numbers))
        sink = groups.get(key)
        if sink is None:
            sink = groups[key] = len(sinks)
            seen[kind].append(sink)
            sinks.append((place, _SEEN))
            capacities.append(0)
        capacities[sink] += 1
        seen_cards[kind] += 1
        sinks_of[place] = [sink]
    by_kind: dict[CardKind, int] = defaultdict(int)
    for card in pool:
        by_kind[CARD_KINDS[card]] += 1
    units = [
        (_KINDS[kind], number, count)
        for number, clue in enumerate(observation.clues)
        for kind, count in enumerate(clue.counts)
        if count
    ]
    unit_sizes = [len(observation.clues[number].places) for _, number, _ in units]
    clued: dict[CardKind, int] = defaultdict(int)
    for kind, _, count in units:
        clued[kind] += count
    # Each clue's sinks: (real sinks, SEEN sinks by kind).
    clue_sinks: list[tuple[list[int], dict[int, list[int]]]] = []
    for clue in observation.clues:
        real: list[int] = []
        seen_of: dict[int, list[int]] = defaultdict(list)
        for place in clue.places:
            if place[0] == Zone.SEEN:
                sink = sinks_of[place][0]
                if sink not in seen_of[place[2]]:
                    seen_of[place[2]].append(sink)
            else:
                real.extend(sinks_of.get(place, ()))
        clue_sinks.append((real, seen_of))
    draw_sinks = set(sinks_of.get(DRAW_PLACE, ())) if closed else set()
    everywhere = list(
        range(len(sinks)) if not seen and not closed else _real_sinks(sinks, draw_sinks)
    )
    spare_kinds: list[tuple[CardKind, int]] = []
    free_action = free_other = 0
    for kind in sorted({*by_kind, *seen, *clued}):
        spare = by_kind.get(kind, 0) + seen_cards[kind] - clued[kind]
        if spare < 0:
            raise InvalidStateError(f"the clues name more {kind} cards than can be hidden")
        if kind in seen:
            spare_kinds.append((kind, spare))
        elif _IS_ACTION[kind]:
            free_action += spare
        else:
            free_other += spare
    return _DealPlan(
        pool,
        sinks,
        capacities,
        seen,
        units,
        unit_sizes,
        clue_sinks,
        everywhere,
        spare_kinds,
        free_other,
        free_action,
    )


_KINDS: tuple[CardKind, ...] = tuple(CardKind)


def _deal(plan: _DealPlan, rng: Rng) -> tuple[dict[Place, list[CardId]], Rng]:
    """Deal the plan's pool: a random feasible solution of its transport problem."""
    sinks = plan.sinks
    # Sources: each clue, then the unclued cards of each kind with SEEN sinks, then the other
    # unclued Action cards, then the other unclued cards.
    supplies: list[int] = []
    allowed: list[list[int]] = []
    source_kind: list[CardKind | None] = []
    source_action: list[bool] = []
    source_clued: list[bool] = []
    # Each clue's sinks, in a random order.
    clue_sinks: list[tuple[list[int], dict[int, list[int]]]] = []
    for real, seen_of in plan.clue_sinks:
        shuffled_real, rng = rng.permuted(real)
        clue_sinks.append((list(shuffled_real), seen_of))
    units = plan.units
    order, rng = rng.permuted(range(len(units)))
    for index in sorted(order, key=plan.unit_sizes.__getitem__):
        kind, number, count = units[index]
        action = _IS_ACTION[kind]
        barred = _OTHERS_ONLY if action else _ACTIONS_ONLY
        real, seen_of = clue_sinks[number]
        targets = [sink for sink in real if sinks[sink][1] != barred]
        targets.extend(seen_of.get(kind, ()))
        supplies.append(count)
        allowed.append(targets)
        source_kind.append(kind)
        source_action.append(action)
        source_clued.append(True)
    everywhere, rng = rng.permuted(plan.everywhere)
    for kind, spare in plan.spare_kinds:
        action = _IS_ACTION[kind]
        barred = _OTHERS_ONLY if action else _ACTIONS_ONLY
        sources = plan.seen[kind] + [sink for sink in everywhere if sinks[sink][1] != barred]
        supplies.append(spare)
        allowed.append(sources)
        source_kind.append(kind)
        source_action.append(action)
        source_clued.append(False)
    floors_first = sorted(
        (sink for sink in everywhere if sinks[sink][1] != _ACTIONS_ONLY),
        key=lambda sink: sinks[sink][1] != _OTHERS_ONLY,
    )
    supplies.append(plan.free_other)
    allowed.append(floors_first)
    source_kind.append(None)
    source_action.append(False)
    source_clued.append(False)
    supplies.append(plan.free_action)
    allowed.append([sink for sink in everywhere if sinks[sink][1] != _OTHERS_ONLY])
    source_kind.append(None)
    source_action.append(True)
    source_clued.append(False)
    flows = assign(supplies, allowed, plan.capacities)
    if flows is None:
        raise InvalidStateError("no arrangement of the hidden cards agrees with the clues")
    # Turn unit counts into cards: clued cards first, then the unclued cards of the kinds
    # with SEEN sinks, then the rest by Action or not. A unit in a SEEN sink deals no card.
    order_of_pool, rng = rng.permuted(plan.pool)
    shuffled: dict[CardKind, list[CardId]] = defaultdict(list)
    for card in order_of_pool:
        shuffled[CARD_KINDS[card]].append(card)
    dealt: dict[Place, list[CardId]] = defaultdict(list)
    for clued_pass in (True, False):
        for source, flow in enumerate(flows):
            clue_kind = source_kind[source]
            if clue_kind is None or source_clued[source] is not clued_pass:
                continue
            cards = shuffled[clue_kind]
            for sink, amount in sorted(flow.items()):
                place, which = sinks[sink]
                if which == _SEEN:
                    continue
                hand = dealt[place]
                for _ in range(amount):
                    hand.append(cards.pop())
    unclued = {card for cards in shuffled.values() for card in cards}
    remaining: dict[bool, list[CardId]] = {True: [], False: []}
    for card in order_of_pool:
        if card in unclued:
            remaining[_IS_ACTION[CARD_KINDS[card]]].append(card)
    for source, flow in enumerate(flows):
        if source_kind[source] is not None:
            continue
        cards = remaining[source_action[source]]
        for sink, amount in sorted(flow.items()):
            hand = dealt[sinks[sink][0]]
            for _ in range(amount):
                hand.append(cards.pop())
    return dealt, rng


def _real_sinks(sinks: list[tuple[Place, int]], barred: set[int]) -> list[int]:
    """The sinks unclued cards may go to: not SEEN, and not ``barred`` (a closed pile)."""
    return [sink for sink, (_, which) in enumerate(sinks) if which != _SEEN and sink not in barred]


def check_observation(observation: MorriganObservation) -> None:
    """Check a loaded observation's seats, per-seat lengths, counts and card ids.

    The rest is checked by sampling a state from it (see
    :class:`~boardgames.core.standard.StandardGame`).

    Raises:
        InvalidStateError: The observation is not one a knight can have.
    """
    players = observation.players
    if not 2 <= players <= 5:
        raise InvalidStateError(f"players={shown(players)} is out of range 2 to 5")
    if not 0 <= observation.player < players:
        raise InvalidStateError(f"player={shown(observation.player)} is not a seat")
    for name in ("hand_sizes", "territories", "won", "floors"):
        if len(getattr(observation, name)) != players:
            raise InvalidStateError(f"{name} must have one entry per seat")
    if len(observation.hand) != observation.hand_sizes[observation.player]:
        raise InvalidStateError("the observer's hand does not match its public size")
    cards = len(CARDS)
    counts = (*observation.hand_sizes, observation.draw_pile_size)
    if any(not 0 <= count <= cards for count in counts) or sum(counts) > cards:
        raise InvalidStateError(
            f"the hand and draw pile sizes {shown(counts)} are not counts of the {cards} cards"
        )
    for name in ("active", "to_move", "winner"):
        seat = getattr(observation, name)
        if seat is not None and not 0 <= seat < players:
            raise InvalidStateError(f"{name}={shown(seat)} is not a seat")
    if not all(0 <= card < len(CARDS) for card in observation.hand):
        raise InvalidStateError("the observer's hand holds a card id out of range")
    for holdings in (*observation.territories, observation.adversaries):
        for holding in holdings:
            if not 0 <= holding.card < len(CARDS):
                raise InvalidStateError(f"card {shown(holding.card)} is not a card id")

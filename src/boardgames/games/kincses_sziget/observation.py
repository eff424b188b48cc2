"""What one player knows: the observation, and states sampled to agree with it.

An observation holds everything public (positions, the board, the visible rows, discard
piles, counts, pearls, anchor discs, the task stack and the public history) and, for every
hidden card, whether the observer knows where it is: his own hand,
treasures and missions, cards everyone saw go into a hand, and what he peeked at with the
telescope and still knows (E21). A treasure drawn blindly from a value pile is known to
the drawer only, but its value to everyone: the observation lists the values of the
others' treasures that the observer knows without knowing the cards. For a seat that
exchanged weapons at the setup, it holds the number of exchanges and, while the observer
tracks that seat's setup hand, the setup cards he has seen (the rest are hidden in the
hand and hold, with the seen ones, 2 to ``4 - exchanges`` weapons). Secret compositions
and offers of the others are reduced to the fact that they committed (E4).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import given, shown
from boardgames.core.history import History
from boardgames.core.protocol import OptionSpec, PlayerId
from boardgames.core.rng import Rng
from boardgames.games.kincses_sziget._invariants import (
    INITIAL_EVENT_PILES,
    check_task_fields,
    read_history,
)
from boardgames.games.kincses_sziget._invariants_fields import by_a_copy_s_id
from boardgames.games.kincses_sziget._sampling import (
    _deal_treasures,
    _fill,
    _Orders,
    _plan_of,
    _Planned,
    _sample_commits,
)
from boardgames.games.kincses_sziget._setup_knowledge import (
    draw_setup_groups,
    setup_known,
    weapon_range,
)
from boardgames.games.kincses_sziget._steal_knowledge import check_steals
from boardgames.games.kincses_sziget.actions import MissionFromRow
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    CREW_ROW_SIZE,
    EVENT_CARDS,
    EVENT_COPIES,
    EVENT_ID_IN_PLAY,
    HAND_MAX,
    ISLAND,
    ISLANDS,
    ISLANDS_PER_ZONE,
    LAST_SPACE,
    MISSION_ROW_SIZE,
    MISSIONS,
    PEARL_BEDS,
    START,
    TREASURE_ROW_SIZE,
    TREASURE_VALUES,
    TREASURES,
    CardId,
    EventId,
    IslandId,
    MissionId,
    Space,
    TreasureId,
)
from boardgames.games.kincses_sziget.state import (
    HistoryEntry,
    KincsesState,
    Task,
    _new_state,
)

__all__ = [
    "IslandView",
    "KincsesObservation",
    "SeatView",
    "check_observation",
    "observe",
    "sample_state",
]


@attrs.frozen
class SeatView:
    """What the observer knows of one seat (all of it, for his own seat).

    Args:
        position: The ship's position.
        anchor: The anchor disc: consecutive anchoring turns, 0-2.
        hand_size: Crew cards in hand.
        known_hand: The crew cards the observer knows to be in this hand.
        treasure_count: Treasures held.
        known_treasures: The treasures the observer knows this seat holds.
        known_treasure_values: The values (1, 3 or 5), sorted, of this seat's other
            treasures whose value the observer knows but not the card: cards drawn blindly
            from a value pile (until a random theft from the seat blurs them).
        mission_count: Missions held.
        known_missions: The missions the observer knows this seat holds.
        offer_count: Setup missions drawn and not yet decided.
        known_offer: Those the observer knows, in draw order.
        drawn_count: A mission drawn by anchoring and not yet disposed of (0 or 1).
        known_drawn: That mission, if the observer knows it.
        pearls: Pearls held.
        committed: Whether the seat has committed its secret composition or offer.
        played: Revealed battle cards on the table.
        owed: Crew cards still to replace after a battle.
        exchanges: Weapons the seat exchanged for random pirates at the setup (public).
        setup_known: While the observer tracks the seat's setup hand (its 4 cards after
            its exchanges, holding 2 to ``4 - exchanges`` weapons), the cards of it he has
            seen; the other ``4 - len(setup_known)`` are among the seat's hidden cards.
            ``None`` when he does not track it or has seen it all (see
            :ref:`the game page <kincses-setup-hand>`).
    """

    position: Space
    anchor: int
    hand_size: int
    known_hand: tuple[CardId, ...]
    treasure_count: int
    known_treasures: tuple[TreasureId, ...]
    known_treasure_values: tuple[int, ...]
    mission_count: int
    known_missions: tuple[MissionId, ...]
    offer_count: int
    known_offer: tuple[MissionId, ...]
    drawn_count: int
    known_drawn: tuple[MissionId, ...]
    pearls: int
    committed: bool
    played: tuple[CardId, ...]
    owed: int
    exchanges: int
    setup_known: tuple[CardId, ...] | None


@attrs.frozen
class IslandView:
    """An island card on the board.

    Args:
        space: Where it lies.
        island: Its identity if the observer knows it (flipped once, or peeked), else ``None``.
        owner: The seat that occupies it, or ``None`` while it lies face down.
    """

    space: Space
    island: IslandId | None
    owner: PlayerId | None


@attrs.frozen
class KincsesObservation(_Planned):
    """One player's view of the table.

    Args:
        player: The observing seat.
        players: The number of seats.
        max_turns: The turn limit.
        reveal_shown_cards: Whether passed checks show cards (E7).
        tiebreak_by_position: Whether ties are broken by position.
        round: The round.
        turn: Turns started.
        start_player: The holder of the starting-player marker.
        turn_index: Turns of this round started before the current one.
        seats: What the observer knows of each seat.
        commit: The observer's own secret composition or offer.
        crew_pile_size: Cards in the crew draw pile.
        crew_pile_known: ``(index from the top, card)`` for pile cards the observer knows.
        crew_row: The visible crew row.
        crew_discard: The crew discard pile.
        chest: Chest cards on the table.
        treasure_pile_sizes: Cards in the treasure piles of values 1, 3 and 5.
        treasure_pile_known: ``(pile, index, treasure)`` for known pile cards.
        treasure_rows: The face-up treasures.
        treasure_discard: Discarded treasures.
        mission_pile_size: Cards in the mission pile.
        mission_pile_known: ``(index, mission)`` for known pile cards.
        mission_pile_somewhere: The missions the observer knows to lie somewhere in the
            pile, not where (sorted): each is equally likely at any place he does not know.
        mission_row: The visible missions.
        mission_returned_size: Setup: missions returned and not yet shuffled back.
        mission_returned_known: Those the observer knows.
        event_pile_sizes: Cards in each event pile.
        event_pile_known: ``(pile, index, card)`` for known pile cards (only tops: index 0).
            Event cards are named by their id in play, here and in the discard and on the
            board: identical copies share one id (see
            :data:`~boardgames.games.kincses_sziget.components.EVENT_ID_IN_PLAY`).
        event_discard: Discarded event cards.
        board_events: The event card on each position.
        islands: The island cards on the board, by space.
        board_pearls: The pearls on each position.
        tasks: The task stack (public).
        history: The public history: the very :class:`~boardgames.History` of the
            observed state, shared, not copied.
        steals: ``(victim, thief, candidates, hidden)`` for each random crew steal whose
            victim's cards the observer knew in part: exactly one of the candidates (the
            victim's cards he knew) or of the ``hidden`` others went to the thief, each as
            likely; the other candidates are still the victim's (see
            :ref:`the game page <kincses-steal-knowledge>`).
    """

    player: PlayerId
    players: int
    max_turns: int
    reveal_shown_cards: bool
    tiebreak_by_position: bool
    round: int
    turn: int
    start_player: PlayerId
    turn_index: int
    seats: tuple[SeatView, ...]
    commit: tuple[CardId, ...]
    crew_pile_size: int
    crew_pile_known: tuple[tuple[int, CardId], ...]
    crew_row: tuple[CardId | None, ...]
    crew_discard: tuple[CardId, ...]
    chest: tuple[CardId, ...]
    treasure_pile_sizes: tuple[int, ...]
    treasure_pile_known: tuple[tuple[int, int, TreasureId], ...]
    treasure_rows: tuple[tuple[TreasureId, ...], ...]
    treasure_discard: tuple[TreasureId, ...]
    mission_pile_size: int
    mission_pile_known: tuple[tuple[int, MissionId], ...]
    mission_pile_somewhere: tuple[MissionId, ...]
    mission_row: tuple[MissionId | None, ...]
    mission_returned_size: int
    mission_returned_known: tuple[MissionId, ...]
    event_pile_sizes: tuple[int, ...]
    event_pile_known: tuple[tuple[int, int, EventId], ...]
    event_discard: tuple[EventId, ...]
    board_events: tuple[EventId | None, ...]
    islands: tuple[IslandView, ...]
    board_pearls: tuple[int, ...]
    tasks: tuple[Task, ...]
    history: History[HistoryEntry]
    steals: tuple[tuple[PlayerId, PlayerId, tuple[CardId, ...], int], ...]


def _known(cards: tuple[int, ...], masks: tuple[int, ...], bit: int) -> tuple[int, ...]:
    return tuple(card for card in cards if masks[card] & bit)


def _known_values(state: KincsesState, seat: PlayerId, bit: int) -> tuple[int, ...]:
    """The values of ``seat``'s treasures whose value but not identity ``bit`` knows."""
    return tuple(
        sorted(
            TREASURES[card].value
            for card in state.treasures[seat]
            if state.treasure_value_known[card] & bit and not state.treasure_known[card] & bit
        )
    )


def observe(state: KincsesState, player: PlayerId) -> KincsesObservation:
    """Return what ``player`` knows of ``state``."""
    bit = 1 << player
    seats = tuple(
        SeatView(
            position=state.positions[seat],
            anchor=state.anchors[seat],
            hand_size=len(state.hands[seat]),
            known_hand=_known(state.hands[seat], state.crew_known, bit),
            treasure_count=len(state.treasures[seat]),
            known_treasures=_known(state.treasures[seat], state.treasure_known, bit),
            known_treasure_values=_known_values(state, seat, bit),
            mission_count=len(state.missions[seat]),
            known_missions=_known(state.missions[seat], state.mission_known, bit),
            offer_count=len(state.mission_offers[seat]),
            known_offer=_known(state.mission_offers[seat], state.mission_known, bit),
            drawn_count=len(state.drawn_missions[seat]),
            known_drawn=_known(state.drawn_missions[seat], state.mission_known, bit),
            pearls=state.pearls[seat],
            committed=state.committed[seat],
            played=state.played[seat],
            owed=state.owed[seat],
            exchanges=state.setup_exchanges[seat],
            setup_known=setup_known(state, seat, bit) if state.setup_live[seat] else None,
        )
        for seat in range(state.players)
    )
    return KincsesObservation(
        player=player,
        players=state.players,
        max_turns=state.max_turns,
        reveal_shown_cards=state.reveal_shown_cards,
        tiebreak_by_position=state.tiebreak_by_position,
        round=state.round,
        turn=state.turn,
        start_player=state.start_player,
        turn_index=state.turn_index,
        seats=seats,
        commit=state.commits[player],
        crew_pile_size=len(state.crew_pile),
        crew_pile_known=tuple(
            (index, card)
            for index, card in enumerate(state.crew_pile)
            if state.crew_known[card] & bit
        ),
        crew_row=state.crew_row,
        crew_discard=state.crew_discard,
        chest=state.chest,
        treasure_pile_sizes=tuple(len(pile) for pile in state.treasure_piles),
        treasure_pile_known=tuple(
            (rank, index, card)
            for rank, pile in enumerate(state.treasure_piles)
            for index, card in enumerate(pile)
            if state.treasure_known[card] & bit
        ),
        treasure_rows=state.treasure_rows,
        treasure_discard=state.treasure_discard,
        mission_pile_size=len(state.mission_pile),
        mission_pile_known=tuple(
            (index, mission)
            for index, mission in enumerate(state.mission_pile)
            if state.mission_known[mission] & bit
        ),
        mission_pile_somewhere=tuple(
            sorted(
                mission
                for mission in state.mission_pile
                if state.mission_somewhere[mission] & bit and not state.mission_known[mission] & bit
            )
        ),
        mission_row=state.mission_row,
        mission_returned_size=len(state.mission_returned),
        mission_returned_known=tuple(
            sorted(_known(state.mission_returned, state.mission_known, bit))
        ),
        event_pile_sizes=tuple(len(pile) for pile in state.event_piles),
        event_pile_known=tuple(
            (number, 0, pile[0])
            for number, (pile, known) in enumerate(
                zip(state.event_piles, state.event_tops_known, strict=True)
            )
            if known & bit
        ),
        event_discard=state.event_discard,
        board_events=state.board_events,
        islands=tuple(
            IslandView(
                space,
                island if state.island_known[island] & bit else None,
                state.island_owners[island],
            )
            for space, island in enumerate(state.board_islands)
            if island is not None
        ),
        board_pearls=state.board_pearls,
        tasks=state.tasks,
        history=state.history,
        steals=tuple(record[1:] for record in state.steal_records if record[0] == player),
    )


def sample_state(observation: KincsesObservation, seed: int) -> KincsesState:
    """Return a state that agrees with everything the observation's player knows.

    What he cannot know is drawn at random from ``seed``: the unknown cards of the other
    hands, collections and mission hands (a treasure whose value he knows is drawn from the
    hidden cards of that value; the hidden cards of a tracked setup hand are dealt first,
    under its weapon constraint, uniformly among the deals that meet every constraint),
    the order of every pile where he knows no card, the identity of the face-down islands
    he has not seen, and the secret compositions the others have committed. The others'
    knowledge in the sample is the least consistent with what he knows.
    """
    rng = Rng.from_seed(seed).derive(0x1CA5)
    me = observation.player
    players = observation.players
    everyone = (1 << players) - 1
    mine = 1 << me
    seats = observation.seats

    plan = _plan_of(observation)
    # A random steal's candidates: one (or a hidden card), each as likely, is the thief's.
    fixed: list[list[CardId]] = [[] for _ in range(players)]
    for victim, thief, candidates, hidden_count in observation.steals:
        index, rng = rng.randbelow(len(candidates) + hidden_count)
        for position, card in enumerate(candidates):
            fixed[thief if position == index else victim].append(card)
    # The hidden cards of a tracked setup hand are dealt first, under its constraint.
    groups, pool, rng = draw_setup_groups(seats, plan.crew_unknown, rng)
    # Every unknown order, from one draw: the crew cards left, then the plan's.
    orders = _Orders([math.factorial(len(pool)), *plan.radices], rng)
    rng = orders.rng

    # Crew cards.
    unknown = orders.order(pool)
    taken = 0
    hands: list[tuple[CardId, ...]] = []
    crew_known = [0] * len(CREW_CARDS)
    for card in plan.public_crew:
        crew_known[card] = everyone
    for seat, view in enumerate(seats):
        group = (*fixed[seat], *groups.get(seat, ()))
        extra = view.hand_size - len(view.known_hand) - len(group)
        if extra < 0:
            raise InvalidStateError(f"seat {seat} holds fewer hidden cards than are placed")
        hidden = (*group, *unknown[taken : taken + extra])
        taken += extra
        hands.append(tuple(sorted((*view.known_hand, *hidden))))
        for card in view.known_hand:
            crew_known[card] = mine | (1 << seat)
        for card in hidden:
            crew_known[card] = 1 << seat
    crew_pile, taken = _fill(
        observation.crew_pile_size, dict(observation.crew_pile_known), unknown, taken
    )
    for _, card in observation.crew_pile_known:
        crew_known[card] = mine

    # Treasures: piles are by value; a held card whose value the observer knows is dealt
    # from that value, the other held cards from what is left, of any value.
    treasure_piles, treasures, treasure_known, treasure_value_known = _deal_treasures(
        observation, plan.treasures, orders
    )

    # Missions.
    spare = orders.order(plan.spare_missions)
    somewhere = observation.mission_pile_somewhere
    taken = 0
    mission_known = [0] * len(MISSIONS)
    mission_somewhere = [0] * len(MISSIONS)
    for mission in plan.public_missions:
        mission_known[mission] = everyone
    missions, offers, drawn = [], [], []
    for seat, view in enumerate(seats):
        lists = []
        for count, known_list in (
            (view.mission_count, view.known_missions),
            (view.offer_count, view.known_offer),
            (view.drawn_count, view.known_drawn),
        ):
            extra = count - len(known_list)
            hidden = spare[taken : taken + extra]
            taken += extra
            for mission in known_list:
                mission_known[mission] = mine | (1 << seat)
            for mission in hidden:
                mission_known[mission] = 1 << seat
            lists.append((known_list, hidden))
        missions.append(tuple(sorted((*lists[0][0], *lists[0][1]))))
        offers.append((*lists[1][0], *lists[1][1]))
        drawn.append((*lists[2][0], *lists[2][1]))
    extra = observation.mission_returned_size - len(observation.mission_returned_known)
    returned = (*observation.mission_returned_known, *spare[taken : taken + extra])
    for mission in returned[: len(observation.mission_returned_known)]:
        mission_known[mission] = mine
    taken += extra
    pile_known = dict(observation.mission_pile_known)
    pile_cards: Sequence[MissionId] = spare
    if somewhere:  # they lie at random among the places of the pile he does not know
        unknown_places = observation.mission_pile_size - len(pile_known)
        if unknown_places < len(somewhere):
            raise InvalidStateError("more missions are somewhere in the pile than it has room")
        # ``spare`` is in random order: inserting each card at a uniform place keeps it so.
        cards = list(spare[taken : taken + unknown_places - len(somewhere)])
        bound = 1
        for count in range(len(cards) + 1, len(cards) + len(somewhere) + 1):
            bound *= count
        code, rng = rng.below(bound)
        for mission in somewhere:
            code, place = divmod(code, len(cards) + 1)
            cards.insert(place, mission)
        pile_cards = cards
        taken = 0
        for mission in somewhere:
            mission_somewhere[mission] = mine
    mission_pile, taken = _fill(observation.mission_pile_size, pile_known, pile_cards, taken)
    for _, mission in observation.mission_pile_known:
        mission_known[mission] = mine

    # Events.
    hidden_events = orders.order(plan.hidden_events)
    event_tops_known = [0] * len(observation.event_pile_sizes)
    event_piles = []
    taken = 0
    for number, size in enumerate(observation.event_pile_sizes):
        known = {
            index: card for pile, index, card in observation.event_pile_known if pile == number
        }
        pile, taken = _fill(size, known, hidden_events, taken)
        event_piles.append(pile)
        if known:
            event_tops_known[number] = mine

    # Islands.
    unseen = orders.order(plan.unseen_islands)
    board_islands: list[int | None] = [None] * len(observation.board_events)
    island_owners: list[int | None] = [None] * len(ISLANDS)
    island_known = [0] * len(ISLANDS)
    taken = 0
    for island_view in observation.islands:
        island = island_view.island
        if island is None:
            island = unseen[taken]
            taken += 1
        else:
            island_known[island] = everyone if island_view.owner is not None else mine
        board_islands[island_view.space] = island
        island_owners[island] = island_view.owner

    commits, rng = _sample_commits(observation, hands, rng)
    return _new_state(
        players=players,
        max_turns=observation.max_turns,
        reveal_shown_cards=observation.reveal_shown_cards,
        tiebreak_by_position=observation.tiebreak_by_position,
        round=observation.round,
        turn=observation.turn,
        start_player=observation.start_player,
        turn_index=observation.turn_index,
        positions=tuple(view.position for view in seats),
        anchors=tuple(view.anchor for view in seats),
        hands=tuple(hands),
        treasures=tuple(treasures),
        missions=tuple(missions),
        mission_offers=tuple(offers),
        drawn_missions=tuple(drawn),
        pearls=tuple(view.pearls for view in seats),
        commits=commits,
        committed=tuple(view.committed for view in seats),
        played=tuple(view.played for view in seats),
        owed=tuple(view.owed for view in seats),
        crew_pile=crew_pile,
        crew_row=observation.crew_row,
        crew_discard=observation.crew_discard,
        chest=observation.chest,
        treasure_piles=tuple(treasure_piles),
        treasure_rows=observation.treasure_rows,
        treasure_discard=observation.treasure_discard,
        mission_pile=mission_pile,
        mission_row=observation.mission_row,
        mission_returned=returned,
        event_piles=tuple(event_piles),
        event_discard=observation.event_discard,
        board_events=observation.board_events,
        board_islands=tuple(board_islands),
        island_owners=tuple(island_owners),
        board_pearls=observation.board_pearls,
        crew_known=tuple(crew_known),
        treasure_known=tuple(treasure_known),
        treasure_value_known=tuple(treasure_value_known),
        mission_known=tuple(mission_known),
        event_tops_known=tuple(event_tops_known),
        island_known=tuple(island_known),
        setup_exchanges=tuple(view.exchanges for view in seats),
        setup_hands=tuple(
            tuple(sorted((*view.setup_known, *groups[seat])))
            if view.setup_known is not None
            else ()
            for seat, view in enumerate(seats)
        ),
        setup_live=tuple(mine if view.setup_known is not None else 0 for view in seats),
        mission_somewhere=tuple(mission_somewhere),
        steal_records=tuple((me, *steal) for steal in observation.steals),
        tasks=observation.tasks,
        history=observation.history,
        rng=rng,
    )


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def _count(name: str, value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _fail(f"{name}={shown(value)} is out of range {low} to {high}")
    return value


def _cards(
    name: str, cards: object, count: int, limit: int | None = None, *, distinct: bool = True
) -> tuple[int, ...]:
    """Return ``cards`` if it is a tuple of ids below ``count`` (distinct, at most ``limit``)."""
    if not isinstance(cards, tuple) or any(
        type(card) is not int or not 0 <= card < count for card in cards
    ):
        raise _fail(f"{name} must be a tuple of card ids 0 to {count - 1}, not {shown(cards)}")
    if (distinct and len(set(cards)) != len(cards)) or (limit is not None and len(cards) > limit):
        raise _fail(f"{name} {shown(cards)} names a card twice or too many cards")
    return cards


def _slots(
    name: str, slots: object, size: int, count: int, *, distinct: bool = True
) -> tuple[int, ...]:
    """Return the cards of a row of ``size`` slots (``None`` for an empty slot)."""
    if not isinstance(slots, tuple) or len(slots) != size:
        raise _fail(f"{name} must have {size} slots, not {shown(slots)}")
    cards = tuple(card for card in slots if card is not None)
    return _cards(name, cards, count, distinct=distinct)


def _indexed(
    name: str, known: object, sizes: tuple[int, ...], count: int, piles: bool
) -> list[tuple[int, int]]:
    """Return the ``(pile, card)`` of each known pile card, checking indices and ids."""
    if not isinstance(known, tuple):
        raise _fail(f"{name} must be a tuple")
    found: list[tuple[int, int]] = []
    places: set[tuple[int, int]] = set()
    for item in known:
        width = 3 if piles else 2
        if not isinstance(item, tuple) or len(item) != width:
            raise _fail(f"{name} holds {shown(item)}, not a place and a card")
        pile = item[0] if piles else 0
        index, card = item[-2], item[-1]
        if (
            type(pile) is not int
            or not 0 <= pile < len(sizes)
            or type(index) is not int
            or not 0 <= index < sizes[pile]
            or type(card) is not int
            or not 0 <= card < count
            or (pile, index) in places
        ):
            raise _fail(f"{name} holds {shown(item)}, which is no place in the pile")
        places.add((pile, index))
        found.append((pile, card))
    return found


def _distinct(name: str, cards: list[int]) -> None:
    if len(set(cards)) != len(cards):
        raise _fail(f"the observation shows one of the {name} in two places")


def _in_play(cards: list[int], indices: list[int]) -> None:
    """Event cards shown: ids in play, no more often than the game has copies, pile tops."""
    if any(index for index in indices):
        raise _fail("event_pile_known names a card below the top of a pile, which nobody sees")
    renamed = sorted({card for card in cards if EVENT_ID_IN_PLAY[card] != card})
    if renamed:
        raise _fail(f"the observation names {by_a_copy_s_id(renamed[0])}")
    extra = [card for card, times in Counter(cards).items() if times > EVENT_COPIES[card]]
    if extra:
        raise _fail(
            f"the observation shows event cards {shown(sorted(extra))} more often than the "
            "game has copies of them"
        )


def _check_setup_view(view: SeatView, mine: bool, hidden: int, crew_count: int) -> None:
    """Check a seat's exchange count and, if tracked, its seen setup cards."""
    exchanges = _count("exchanges", view.exchanges, 0, 2)
    seen = view.setup_known
    if seen is None:
        return
    seen = _cards("setup_known", seen, crew_count, 3)
    low, high = weapon_range(exchanges, seen)
    if mine or not exchanges or low > high or 4 - len(seen) > hidden:
        raise _fail(
            f"setup_known {shown(seen)} is no part of a setup hand that was exchanged from "
            "(2 or more weapons, at least as many pirates as exchanges) hidden in the hand"
        )


def check_observation(observation: KincsesObservation) -> None:
    """Check every count and card of a loaded observation against what a state can give.

    Types, ranges and ids; each seat's counts within the rules' bounds (at most 7 crew
    cards, 0 or 2 setup missions, 0 or 1 drawn mission, at most 3 cards on the table) and
    at least as many as the observer knows of; all of his own seat known to him; every
    card shown in one place only, and the counts of hidden cards adding up with the shown
    ones to the 72 crew cards, 36 treasures (12 of each value), 24 missions and 64 event
    cards. From the public history: a crew card it shows going face up into a hand (and
    not leaving it) is known to be there, and a mission just taken from the face-up row is
    known. The rest is checked by sampling a state from it (see
    :class:`~boardgames.core.standard.StandardGame`): that state must pass ``check_state``
    and look the same to the observer.

    Raises:
        InvalidStateError: The observation is not one a captain can have.
    """
    players = _count("players", observation.players, 2, 4)
    me = _count("player", observation.player, 0, players - 1)
    _count("max_turns", observation.max_turns, 1, OptionSpec.MAX_TURN_LIMIT)
    for name in ("round", "turn", "start_player", "turn_index"):
        _count(name, getattr(observation, name), 0, OptionSpec.MAX_TURN_LIMIT + 1)
    for name in ("reveal_shown_cards", "tiebreak_by_position"):
        if type(getattr(observation, name)) is not bool:
            raise _fail(f"{name} must be a bool")
    seats = observation.seats
    if not isinstance(seats, tuple) or len(seats) != players:
        raise _fail("seats must have one entry per seat")
    crew_count, treasure_count = len(CREW_CARDS), len(TREASURES)
    mission_count, event_count = len(MISSIONS), len(EVENT_CARDS)
    pearls = sum(PEARL_BEDS[players])
    named_crew: list[int] = []
    named_treasures: list[int] = []
    named_missions: list[int] = []
    hidden_crew = hidden_treasures = hidden_missions = 0
    values_needed = [0] * len(TREASURE_VALUES)
    for seat, view in enumerate(seats):
        if type(view) is not SeatView:
            raise _fail(f"seat {seat}'s view is {given(view)}, not a SeatView")
        where = f"seat {seat}'s"
        _count(f"{where} position", view.position, START, ISLAND)
        _count(f"{where} anchor", view.anchor, 0, 2)
        _count(f"{where} pearls", view.pearls, 0, pearls)
        _count(f"{where} owed cards", view.owed, 0, 3)
        if type(view.committed) is not bool:
            raise _fail(f"{where} committed flag must be a bool")
        hand = _count(f"{where} hand_size", view.hand_size, 0, HAND_MAX)
        known_hand = _cards(f"{where} known_hand", view.known_hand, crew_count, hand)
        played = _cards(f"{where} played cards", view.played, crew_count, 3)
        held = _count(f"{where} treasure_count", view.treasure_count, 0, treasure_count)
        known = _cards(f"{where} known_treasures", view.known_treasures, treasure_count, held)
        values = view.known_treasure_values
        if (
            not isinstance(values, tuple)
            or any(value not in TREASURE_VALUES or type(value) is not int for value in values)
            or list(values) != sorted(values)
            or len(known) + len(values) > held
        ):
            raise _fail(f"{where} known_treasure_values {shown(values)} are not sorted values")
        missions = _count(f"{where} mission_count", view.mission_count, 0, mission_count)
        offer = _count(f"{where} offer_count", view.offer_count, 0, 2)
        drawn = _count(f"{where} drawn_count", view.drawn_count, 0, 1)
        if offer == 1:
            raise _fail(f"{where} offer_count is 1; the setup offers 2 missions")
        known_missions = _cards(f"{where} known_missions", view.known_missions, mission_count)
        known_offer = _cards(f"{where} known_offer", view.known_offer, mission_count, offer)
        known_drawn = _cards(f"{where} known_drawn", view.known_drawn, mission_count, drawn)
        if len(known_missions) > missions:
            raise _fail(f"{where} known_missions are more than the {missions} held")
        if seat == me and (
            len(known_hand) != hand
            or len(known) != held
            or values
            or len(known_missions) != missions
            or len(known_offer) != offer
            or len(known_drawn) != drawn
        ):
            raise _fail("the observer knows every card of his own seat")
        _check_setup_view(view, seat == me, hand - len(known_hand), crew_count)
        named_crew += [*known_hand, *played]
        named_treasures += known
        named_missions += [*known_missions, *known_offer, *known_drawn]
        hidden_crew += hand - len(known_hand)
        hidden_treasures += held - len(known) - len(values)
        hidden_missions += missions + offer + drawn - len(known_missions) - len(known_offer)
        hidden_missions -= len(known_drawn)
        for value in values:
            values_needed[TREASURE_VALUES.index(value)] += 1
    commit = _cards("commit", observation.commit, crew_count, 3)
    if not set(commit) <= set(seats[me].known_hand):
        raise _fail(f"the observer's commitment {shown(commit)} is not in his hand")

    crew_pile = _count("crew_pile_size", observation.crew_pile_size, 0, crew_count)
    pile_known = _indexed(
        "crew_pile_known", observation.crew_pile_known, (crew_pile,), crew_count, False
    )
    named_crew += [card for _, card in pile_known]
    named_crew += _slots("crew_row", observation.crew_row, CREW_ROW_SIZE, crew_count)
    named_crew += _cards("crew_discard", observation.crew_discard, crew_count)
    named_crew += _cards("chest", observation.chest, crew_count, 3)
    _distinct("crew cards", named_crew)
    if set(check_steals(observation.steals, players, me)) & set(named_crew):
        raise _fail("a steal's candidate is shown in a known place")
    if len(named_crew) + hidden_crew + crew_pile - len(pile_known) != crew_count:
        raise _fail(f"the crew cards shown and counted are not the {crew_count} of the game")

    sizes = observation.treasure_pile_sizes
    if not isinstance(sizes, tuple) or len(sizes) != len(TREASURE_VALUES):
        raise _fail("treasure_pile_sizes must have one size per value")
    for size in sizes:
        _count("a treasure pile size", size, 0, 12 - TREASURE_ROW_SIZE)
    rows = observation.treasure_rows
    if not isinstance(rows, tuple) or len(rows) != len(TREASURE_VALUES):
        raise _fail("treasure_rows must have one row per value")
    known_piles = _indexed(
        "treasure_pile_known", observation.treasure_pile_known, sizes, treasure_count, True
    )
    if any(card // 12 != rank for rank, card in known_piles):
        raise _fail("a treasure pile is shown holding a card of another value")
    named_treasures += [card for _, card in known_piles]
    for rank, row in enumerate(rows):
        cards = _cards("a treasure row", row, treasure_count, TREASURE_ROW_SIZE)
        if any(card // 12 != rank for card in cards):
            raise _fail("a treasure row is shown holding a card of another value")
        named_treasures += cards
    named_treasures += _cards("treasure_discard", observation.treasure_discard, treasure_count)
    _distinct("treasures", named_treasures)
    for rank in range(len(TREASURE_VALUES)):
        hidden = 12 - sum(1 for card in named_treasures if card // 12 == rank)
        in_pile = sizes[rank] - sum(1 for pile, _ in known_piles if pile == rank)
        if in_pile + values_needed[rank] > hidden:
            raise _fail(f"too few hidden treasures of value {TREASURE_VALUES[rank]} for the counts")
    if (
        len(named_treasures) + hidden_treasures + sum(values_needed) + sum(sizes) - len(known_piles)
        != treasure_count
    ):
        raise _fail(f"the treasures shown and counted are not the {treasure_count} of the game")

    mission_pile = _count("mission_pile_size", observation.mission_pile_size, 0, mission_count)
    mission_known = _indexed(
        "mission_pile_known", observation.mission_pile_known, (mission_pile,), mission_count, False
    )
    returned = _count("mission_returned_size", observation.mission_returned_size, 0, players)
    returned_known = _cards(
        "mission_returned_known", observation.mission_returned_known, mission_count, returned
    )
    named_missions += [mission for _, mission in mission_known]
    named_missions += _slots(
        "mission_row", observation.mission_row, MISSION_ROW_SIZE, mission_count
    )
    named_missions += returned_known
    somewhere = _cards(
        "mission_pile_somewhere",
        observation.mission_pile_somewhere,
        mission_count,
        mission_pile - len(mission_known),
    )
    if list(somewhere) != sorted(somewhere) or set(somewhere) & set(named_missions):
        raise _fail("mission_pile_somewhere must be sorted missions shown nowhere else")
    _distinct("missions", named_missions)
    hidden_missions += mission_pile - len(mission_known) + returned - len(returned_known)
    if len(named_missions) + hidden_missions != mission_count:
        raise _fail(f"the missions shown and counted are not the {mission_count} of the game")

    event_sizes = observation.event_pile_sizes
    if not isinstance(event_sizes, tuple) or len(event_sizes) != len(INITIAL_EVENT_PILES):
        raise _fail("event_pile_sizes must have one size per pile")
    for pile, size in enumerate(event_sizes):
        _count(f"event pile {pile}'s size", size, 0, INITIAL_EVENT_PILES[pile])
    events_known = _indexed(
        "event_pile_known", observation.event_pile_known, event_sizes, event_count, True
    )
    named_events = [card for _, card in events_known]
    named_events += _slots(
        "board_events", observation.board_events, LAST_SPACE + 1, event_count, distinct=False
    )
    named_events += _cards("event_discard", observation.event_discard, event_count, distinct=False)
    _in_play(named_events, [item[1] for item in observation.event_pile_known])
    if len(named_events) + sum(event_sizes) - len(events_known) != event_count:
        raise _fail(f"the event cards shown and counted are not the {event_count} of the game")

    islands = observation.islands
    if not isinstance(islands, tuple) or len(islands) != sum(ISLANDS_PER_ZONE):
        raise _fail(f"the board holds {sum(ISLANDS_PER_ZONE)} island cards")
    spaces: set[int] = set()
    seen: list[int] = []
    for island in islands:
        if type(island) is not IslandView:
            raise _fail(f"an island is {given(island)}, not an IslandView")
        spaces.add(_count("an island's space", island.space, 1, LAST_SPACE))
        if island.island is not None:
            seen.append(_count("an island", island.island, 0, len(ISLANDS) - 1))
        if island.owner is not None:
            _count("an island's occupant", island.owner, 0, players - 1)
            if island.island is None:
                raise _fail("an occupied island is face up")
    if len(spaces) != len(islands) or len(set(seen)) != len(seen):
        raise _fail("two islands share a space or a card")
    board_pearls = observation.board_pearls
    if not isinstance(board_pearls, tuple) or len(board_pearls) != LAST_SPACE + 1:
        raise _fail(f"board_pearls must have an entry for each position 0-{LAST_SPACE}")
    for count in board_pearls:
        _count("a space's pearls", count, 0, pearls)
    if not isinstance(observation.tasks, tuple):
        raise _fail("tasks must be a tuple")
    for task in observation.tasks:
        check_task_fields(players, task)

    facts = read_history(observation.history, players, observation.start_player)
    if tuple(view.exchanges for view in seats) != tuple(facts.exchanges):
        raise _fail("the seats' weapon exchanges are not those of the public history")
    for card, seat in facts.public_hands.items():
        if card not in seats[seat].known_hand:
            raise _fail(
                f"the history shows crew card {card} going face up into seat {seat}'s hand "
                "(and not leaving it), but the observation does not know it there"
            )
    for seat, blind in enumerate(facts.blind_values):
        view = seats[seat]
        counted = Counter(TREASURES[card].value for card in view.known_treasures)
        counted.update(view.known_treasure_values)
        if seat != me and Counter(blind) - counted:
            raise _fail(
                f"the history shows seat {seat} drawing treasures of values {shown(blind)} "
                "blindly from their piles, which everyone saw; the observation does not know "
                "them all"
            )
    last = facts.last
    if last is not None and last[1].__class__ is MissionFromRow:
        view = seats[last[0]]
        if view.drawn_count and not view.known_drawn:
            raise _fail("the mission just taken from the face-up row is known to everyone")

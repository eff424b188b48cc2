"""Setting up an Irány a Kincses Sziget! state from a position, and reading a state's position."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from boardgames.core.history import History
from boardgames.core.rng import Rng
from boardgames.core.standard import finish_setup, origin_text, setup_failure
from boardgames.games.kincses_sziget import rules
from boardgames.games.kincses_sziget._invariants_fields import (
    INITIAL_EVENT_PILES,
    by_a_copy_s_id,
)
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    CREW_ROW_SIZE,
    EVENT_CARDS,
    EVENT_ID_IN_PLAY,
    ISLANDS,
    LAST_SPACE,
    MISSION_ROW_SIZE,
    MISSIONS,
    TREASURE_ROW_SIZE,
    TREASURE_VALUES,
    TREASURES,
)
from boardgames.games.kincses_sziget.position import (
    KincsesPosition,
    SeatPosition,
)
from boardgames.games.kincses_sziget.state import ExchangeStep, KeepStep, KincsesState, SetupTask

__all__ = ["parse", "position_of", "setup"]

_PER_VALUE = 12


_fail = setup_failure


# --- the knowledge rule -------------------------------------------------------------------------


def default_masks(state: KincsesState) -> dict[str, list[int]]:
    """The knowledge masks the rule gives each card for where it lies (see the position)."""
    everyone = (1 << state.players) - 1
    crew = [0] * len(CREW_CARDS)
    treasure = [0] * len(TREASURES)
    value = [0] * len(TREASURES)
    missions = [0] * len(MISSIONS)
    islands = [0] * len(ISLANDS)
    for seat in range(state.players):
        for card in state.hands[seat]:
            crew[card] = 1 << seat
        for card in state.treasures[seat]:
            treasure[card] = value[card] = 1 << seat
        for mission in (
            *state.missions[seat],
            *state.mission_offers[seat],
            *state.drawn_missions[seat],
        ):
            missions[mission] = 1 << seat
        for card in state.played[seat]:
            crew[card] = everyone
    for slot in (*state.crew_row, *state.crew_discard, *state.chest):
        if slot is not None:
            crew[slot] = everyone
    for row in state.treasure_rows:
        for card in row:
            treasure[card] = value[card] = everyone
    for card in state.treasure_discard:
        treasure[card] = value[card] = everyone
    for pile in state.treasure_piles:
        for card in pile:
            value[card] = everyone
    for held in state.mission_row:
        if held is not None:
            missions[held] = everyone
    for island, owner in enumerate(state.island_owners):
        if owner is not None:
            islands[island] = everyone
    return {
        "crew": crew,
        "treasure": treasure,
        "treasure-value": value,
        "mission": missions,
        "island": islands,
        "mission-somewhere": [0] * len(MISSIONS),
        "event-top": [0] * len(state.event_piles),
    }


_MASK_FIELDS = {
    "crew": "crew_known",
    "treasure": "treasure_known",
    "treasure-value": "treasure_value_known",
    "mission": "mission_known",
    "island": "island_known",
    "mission-somewhere": "mission_somewhere",
    "event-top": "event_tops_known",
}


# --- reading a state ----------------------------------------------------------------------------


def position_of(state: KincsesState) -> KincsesPosition:
    """Return everything ``state`` shows and hides, as a position (unknown orders aside)."""
    defaults = default_masks(state)
    knowledge = sorted(
        (kind, card, mask)
        for kind, field in _MASK_FIELDS.items()
        for card, (mask, default) in enumerate(
            zip(getattr(state, field), defaults[kind], strict=True)
        )
        if mask != default
    )
    everyone = (1 << state.players) - 1
    seats = tuple(
        SeatPosition(
            space=state.positions[seat],
            anchor=state.anchors[seat],
            pearls=state.pearls[seat],
            exchanges=state.setup_exchanges[seat],
            owed=state.owed[seat],
            committed=state.committed[seat],
            hand=state.hands[seat],
            treasures=state.treasures[seat],
            missions=state.missions[seat],
            offer=state.mission_offers[seat],
            drawn=state.drawn_missions[seat],
            commit=state.commits[seat],
            played=state.played[seat],
            setup_hand=state.setup_hands[seat],
            setup_live=state.setup_live[seat],
        )
        for seat in range(state.players)
    )
    history = state.history
    origin = history.origin
    return KincsesPosition(
        players=state.players,
        round=state.round,
        turn=state.turn,
        start_player=state.start_player,
        turn_index=state.turn_index,
        seats=seats,
        crew_row=state.crew_row,
        crew_pile=tuple(
            (index, card) for index, card in enumerate(state.crew_pile) if state.crew_known[card]
        ),
        crew_discard=state.crew_discard,
        chest=state.chest,
        treasure_rows=state.treasure_rows,
        treasure_piles=tuple(
            (rank, index, card)
            for rank, pile in enumerate(state.treasure_piles)
            for index, card in enumerate(pile)
            if state.treasure_known[card] or state.treasure_value_known[card] != everyone
        ),
        treasure_discard=state.treasure_discard,
        mission_row=state.mission_row,
        mission_pile=tuple(
            (index, mission)
            for index, mission in enumerate(state.mission_pile)
            if state.mission_known[mission]
        ),
        mission_returned=tuple(
            mission if state.mission_known[mission] else None for mission in state.mission_returned
        ),
        event_pile_sizes=tuple(len(pile) for pile in state.event_piles),
        event_piles=tuple(
            (number, 0, pile[0])
            for number, (pile, known) in enumerate(
                zip(state.event_piles, state.event_tops_known, strict=True)
            )
            if known
        ),
        event_discard=state.event_discard,
        board_events=state.board_events,
        islands=tuple(
            (
                space,
                island if state.island_known[island] else None,
                state.island_owners[island],
            )
            for space, island in enumerate(state.board_islands)
            if island is not None
        ),
        board_pearls=state.board_pearls,
        knowledge=tuple(knowledge),
        steals=state.steal_records,
        tasks=state.tasks,
        history=tuple(history),
        origin=KincsesPosition.parse(origin) if origin is not None and len(history) else None,
    )


# --- setting a position up ----------------------------------------------------------------------


class _Pool:
    """The cards of a kind not named anywhere, handed out from a seeded shuffle.

    ``in_play`` gives the id each card is named by in play when identical copies share one
    (event cards): a name then stands for one copy, and the pool holds the copies left.
    """

    def __init__(
        self,
        kind: str,
        count: int,
        named: Iterable[tuple[int, str]],
        rng: Rng,
        in_play: Sequence[int] | None = None,
    ) -> None:
        left = Counter(range(count) if in_play is None else in_play)
        where: dict[int, list[str]] = {}
        for card, place in named:
            if type(card) is not int or not 0 <= card < count:
                raise _fail(f"{place} holds {card!r}, which is no {kind} id (0 to {count - 1})")
            if in_play is not None and in_play[card] != card:
                raise _fail(f"{place} names {by_a_copy_s_id(card)}")
            places = where.setdefault(card, [])
            places.append(place)
            if not left[card] and len(places) == 2:
                raise _fail(f"{kind} card {card} is in two places: {places[0]} and {place}")
            if not left[card]:
                raise _fail(
                    f"{kind} card {card} is in {len(places)} places ({', '.join(places)}); "
                    f"the game has {len(places) - 1} copies"
                )
            left[card] -= 1
        self.kind = kind
        cards, self.rng = rng.shuffled(sorted(left.elements()))
        self.cards = list(cards)

    def draw(self, place: str, allowed: Sequence[int] | None = None) -> int:
        for index, card in enumerate(self.cards):
            if allowed is None or card in allowed:
                return self.cards.pop(index)
        raise _fail(f"no {self.kind} card is left to draw for {place}")

    def fill(self, cards: Sequence[int | None], place: str) -> tuple[int, ...]:
        return tuple(self.draw(place) if card is None else card for card in cards)


def _pile(
    known: Sequence[tuple[int, int]], rest: list[int], name: str, size: int | None = None
) -> tuple[int, ...]:
    """A pile with its known places and ``rest`` (in order) in the others."""
    total = len(known) + len(rest) if size is None else size
    places: dict[int, int] = {}
    for index, card in known:
        if type(index) is not int or not 0 <= index < total:
            raise _fail(f"{name} has {total} cards, so it has no place {index!r}")
        places[index] = card
    if total - len(places) != len(rest):
        raise _fail(
            f"{name} holds {total} cards, {len(places)} of them placed, but {len(rest)} others "
            "are left for it"
        )
    others = iter(rest)
    return tuple(places[index] if index in places else next(others) for index in range(total))


def parse(text: str) -> KincsesPosition:
    """Read a position from its text (``KincsesPosition.parse``)."""
    return KincsesPosition.parse(text)


def setup(
    configuration: tuple[int, int, bool, bool], position: KincsesPosition, seed: int
) -> KincsesState:
    """Build the state of ``position``, drawing what it leaves out from ``seed``.

    What a position leaves out (the order of every pile at the places nobody knows, the
    cards written ``?``, the face-down islands nobody has seen) is drawn as the rules
    allow; every card it names nowhere lies in its pile.

    Raises:
        ConfigurationError: The position is of another player count, or a fact of it
            cannot hold (the message names the first: a card in two places, a pile too
            small for its known places, a pending decision the table cannot have).
    """
    players, max_turns, reveal_shown_cards, tiebreak_by_position = configuration
    seats = position.seats
    if type(seats) is not tuple or len(seats) != players:
        raise _fail(f"it must give exactly one SeatPosition per seat ({players})")
    for number, seat in enumerate(seats):
        if not isinstance(seat, SeatPosition):
            raise _fail(f"seat {number} is {type(seat).__name__}, not a SeatPosition")
    rng = Rng.from_seed(seed)

    # Crew cards.
    named: list[tuple[int, str]] = []
    for number, seat in enumerate(seats):
        named += [(card, f"seat {number}'s hand") for card in seat.hand if card is not None]
        named += [(card, f"seat {number}'s played cards") for card in seat.played]
    named += [(card, "the crew row") for card in position.crew_row or () if card is not None]
    named += [(card, "the crew pile") for _, card in position.crew_pile]
    named += [(card, "the crew discard") for card in position.crew_discard]
    named += [(card, "the chest") for card in position.chest]
    crew = _Pool("crew", len(CREW_CARDS), named, rng)
    hands = []
    for number, seat in enumerate(seats):
        hand = crew.fill(seat.hand, f"seat {number}'s hand")
        if not set(seat.commit) <= set(hand):
            raise _fail(f"seat {number}'s composition {seat.commit!r} is not in his hand")
        hands.append(tuple(sorted(hand)))
    crew_row = position.crew_row
    if crew_row is None:
        crew_row = tuple(crew.draw("the crew row") for _ in range(CREW_ROW_SIZE))
    crew_pile = _pile(position.crew_pile, crew.cards, "the crew pile")

    # Treasures.
    named = []
    for number, seat in enumerate(seats):
        named += [
            (card, f"seat {number}'s treasures") for card in seat.treasures if card is not None
        ]
    for row in position.treasure_rows:
        named += [(card, "a treasure row") for card in row or ()]
    named += [(card, "a treasure pile") for _, _, card in position.treasure_piles]
    named += [(card, "the treasure discard") for card in position.treasure_discard]
    treasures = _Pool("treasure", len(TREASURES), named, crew.rng)
    held = tuple(
        tuple(sorted(treasures.fill(seat.treasures, f"seat {number}'s treasures")))
        for number, seat in enumerate(seats)
    )
    treasure_rows = tuple(
        tuple(
            treasures.draw(
                f"the treasure row of value {value}",
                range(rank * _PER_VALUE, (rank + 1) * _PER_VALUE),
            )
            for _ in range(TREASURE_ROW_SIZE)
        )
        if row is None
        else row
        for rank, (value, row) in enumerate(
            zip(TREASURE_VALUES, position.treasure_rows, strict=True)
        )
    )
    treasure_piles = tuple(
        _pile(
            [(index, card) for pile, index, card in position.treasure_piles if pile == rank],
            [card for card in treasures.cards if card // _PER_VALUE == rank],
            f"the treasure pile of value {value}",
        )
        for rank, value in enumerate(TREASURE_VALUES)
    )

    # Missions: a mission known to lie somewhere in the pile is never drawn into a '?'.
    somewhere = {
        card for kind, card, mask in position.knowledge if kind == "mission-somewhere" and mask
    }
    named = []
    for number, seat in enumerate(seats):
        for field in ("missions", "offer", "drawn"):
            named += [
                (card, f"seat {number}'s {field}")
                for card in getattr(seat, field)
                if card is not None
            ]
    named += [(card, "the mission row") for card in position.mission_row or () if card is not None]
    named += [(card, "the mission pile") for _, card in position.mission_pile]
    named += [
        (card, "the returned missions") for card in position.mission_returned if card is not None
    ]
    missions = _Pool("mission", len(MISSIONS), named, treasures.rng)
    drawable = [card for card in range(len(MISSIONS)) if card not in somewhere]
    lists = []
    for number, seat in enumerate(seats):
        lists.append(
            tuple(
                tuple(
                    missions.draw(f"seat {number}'s {field}", drawable) if card is None else card
                    for card in getattr(seat, field)
                )
                for field in ("missions", "offer", "drawn")
            )
        )
    returned = tuple(
        missions.draw("the returned missions", drawable) if card is None else card
        for card in position.mission_returned
    )
    mission_row = position.mission_row
    if mission_row is None:
        mission_row = tuple(
            missions.draw("the mission row", drawable) for _ in range(MISSION_ROW_SIZE)
        )
    mission_pile = _pile(position.mission_pile, missions.cards, "the mission pile")

    # Event cards.
    named = [(card, "an event pile") for _, _, card in position.event_piles]
    named += [(card, "the board") for card in position.board_events if card is not None]
    named += [(card, "the event discard") for card in position.event_discard]
    events = _Pool("event", len(EVENT_CARDS), named, missions.rng, EVENT_ID_IN_PLAY)
    sizes = position.event_pile_sizes
    if len(sizes) != len(INITIAL_EVENT_PILES) or sum(sizes) - len(position.event_piles) != len(
        events.cards
    ):
        raise _fail(
            f"the event piles hold {sum(sizes)} cards, {len(position.event_piles)} of them "
            f"placed, but {len(events.cards)} event cards are named nowhere"
        )
    event_piles = []
    for pile, size in enumerate(sizes):
        known = [(index, card) for number, index, card in position.event_piles if number == pile]
        rest = [events.cards.pop() for _ in range(size - len(known))]
        event_piles.append(_pile(known, rest, f"event pile {pile}", size))

    # Islands.
    named = [
        (island, f"the island on space {space}")
        for space, island, _ in position.islands
        if island is not None
    ]
    island_pool = _Pool("island", len(ISLANDS), named, events.rng)
    board_islands: list[int | None] = [None] * (LAST_SPACE + 1)
    island_owners: list[int | None] = [None] * len(ISLANDS)
    for space, island, owner in position.islands:
        if (
            type(space) is not int
            or not 1 <= space <= LAST_SPACE
            or board_islands[space] is not None
        ):
            raise _fail(
                f"an island lies on {space!r}, which is no free space from 1 to {LAST_SPACE}"
            )
        card = island_pool.draw(f"space {space}") if island is None else island
        board_islands[space] = card
        island_owners[card] = owner

    state = KincsesState(
        players=players,
        max_turns=max_turns,
        reveal_shown_cards=reveal_shown_cards,
        tiebreak_by_position=tiebreak_by_position,
        round=position.round,
        turn=position.turn,
        start_player=position.start_player,
        turn_index=position.turn_index,
        positions=tuple(seat.space for seat in seats),
        anchors=tuple(seat.anchor for seat in seats),
        hands=tuple(hands),
        treasures=held,
        missions=tuple(tuple(sorted(entry[0])) for entry in lists),
        mission_offers=tuple(entry[1] for entry in lists),
        drawn_missions=tuple(entry[2] for entry in lists),
        pearls=tuple(seat.pearls for seat in seats),
        commits=tuple(seat.commit for seat in seats),
        committed=tuple(seat.committed for seat in seats),
        played=tuple(seat.played for seat in seats),
        owed=tuple(seat.owed for seat in seats),
        crew_pile=crew_pile,
        crew_row=crew_row,
        crew_discard=position.crew_discard,
        chest=position.chest,
        treasure_piles=treasure_piles,
        treasure_rows=treasure_rows,
        treasure_discard=position.treasure_discard,
        mission_pile=mission_pile,
        mission_row=mission_row,
        mission_returned=returned,
        event_piles=tuple(event_piles),
        event_discard=position.event_discard,
        board_events=position.board_events,
        board_islands=tuple(board_islands),
        island_owners=tuple(island_owners),
        board_pearls=position.board_pearls,
        crew_known=(),
        treasure_known=(),
        treasure_value_known=(),
        mission_known=(),
        event_tops_known=(),
        island_known=(),
        setup_exchanges=tuple(seat.exchanges for seat in seats),
        setup_hands=tuple(tuple(sorted(seat.setup_hand)) for seat in seats),
        setup_live=tuple(seat.setup_live for seat in seats),
        mission_somewhere=(),
        steal_records=position.steals,
        tasks=position.pending(),
        history=History(),
        rng=island_pool.rng,
    )
    masks = default_masks(state)
    for kind, card, mask in position.knowledge:
        if kind not in masks or type(card) is not int or not 0 <= card < len(masks[kind]):
            raise _fail(f"the knowledge ({kind!r}, {card!r}, {mask!r}) names no card")
        masks[kind][card] = mask
    state = attrs.evolve(
        state,
        crew_known=tuple(masks["crew"]),
        treasure_known=tuple(masks["treasure"]),
        treasure_value_known=tuple(masks["treasure-value"]),
        mission_known=tuple(masks["mission"]),
        event_tops_known=tuple(masks["event-top"]),
        island_known=tuple(masks["island"]),
        mission_somewhere=tuple(masks["mission-somewhere"]),
    )
    origin = origin_text(
        position, at_deal=_is_deal(state), table=lambda: str(position_of(state).public())
    )
    return finish_setup(state, position.history, origin, rules.check_state)


def _is_deal(state: KincsesState) -> bool:
    """Whether the state is one the deal gives: the first weapon exchange pending."""
    order = tuple((state.start_player + offset) % state.players for offset in range(state.players))
    setup = (
        SetupTask(),
        *(KeepStep(seat) for seat in reversed(order)),
        *(ExchangeStep(seat) for seat in reversed(order)),
    )
    return state.turn == 0 and state.tasks == setup and not any(state.setup_exchanges)

"""The table of a state: seats, every card in exactly one place, the board, and knowledge.

Each check reads the fields of the state alone (not the history nor the task stack).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final, cast

from boardgames.core.guards import shown
from boardgames.games.kincses_sziget._invariants_fields import (
    _fail,
    _int,
    _ints,
    by_a_copy_s_id,
)
from boardgames.games.kincses_sziget._work import (
    _CREW_COUNT,
    _REUSABLE,
    _TREASURE_RANK,
    ANCHOR_LIMIT,
    _bit,
    _zone_spaces,
)
from boardgames.games.kincses_sziget.components import (
    CREW_ROW_SIZE,
    EVENT_CARDS,
    EVENT_COPIES,
    EVENT_ID_IN_PLAY,
    EVENT_PILES,
    FORBIDDEN_ISLAND_SPACES,
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
    Zone,
    event_card_name,
)
from boardgames.games.kincses_sziget.state import (
    KincsesState,
)

__all__ = [
    "check_board",
    "check_cards",
    "check_knowledge",
    "check_seats",
]


def _ids(name: str, cards: object, count: int) -> list[int]:
    if not isinstance(cards, tuple):
        raise _fail(f"{name} must be a tuple, not {shown(cards)}")
    if not _ints(cards, 0, count - 1):
        card = next(card for card in cards if not _int(card, 0, count - 1))
        raise _fail(f"{name} holds {shown(card)}, which is not an id from 0 to {count - 1}")
    return list(cards)


def _listed(name: str, cards: object, count: int) -> list[int]:
    """:func:`_ids` for a zone :func:`_zones_hold_ids` has checked: the cards, as a list."""
    return list(cast("tuple[int, ...]", cards))


def _family_holds_ids(zones: Sequence[object], count: int) -> bool:
    """Whether every zone is a tuple and all their cards are ids from 0 to ``count - 1``."""
    cards: list[object] = []
    for zone in zones:
        if zone.__class__ is not tuple:
            return False
        cards += cast("tuple[object, ...]", zone)
    return _ints(tuple(cards), 0, count - 1)


def _placed(row: object) -> object:
    """The cards of a row with empty slots (``None``), or the row itself if it is no tuple."""
    if row.__class__ is not tuple:
        return row
    return tuple(card for card in cast("tuple[object, ...]", row) if card is not None)


def _zones_hold_ids(state: KincsesState) -> bool:
    """Whether every zone of cards is a tuple of ids of its kind, in one check per kind.

    When it is, :func:`check_cards` need not check each zone's ids again; when it is not,
    the zone-by-zone checks find the first bad one and say what is wrong with it.
    """
    seats = (*state.hands, *state.commits, *state.played, *state.treasures)
    seats += (*state.missions, *state.mission_offers, *state.drawn_missions)
    if any(zone.__class__ is not tuple for zone in seats):
        return False
    piles = (state.treasure_piles, state.treasure_rows, state.event_piles)
    if any(zone.__class__ is not tuple for zone in piles):
        return False
    crew = [*state.hands, *state.commits, *state.played, _placed(state.crew_row)]
    crew += [state.crew_pile, state.crew_discard, state.chest]
    treasures = [*state.treasure_piles, *state.treasure_rows, *state.treasures]
    treasures.append(state.treasure_discard)
    missions = [_placed(state.mission_row), state.mission_pile, state.mission_returned]
    missions += [*state.missions, *state.mission_offers, *state.drawn_missions]
    events = [*state.event_piles, state.event_discard, _placed(state.board_events)]
    return (
        _family_holds_ids(crew, _CREW_COUNT)
        and _family_holds_ids(treasures, len(TREASURES))
        and _family_holds_ids(missions, len(MISSIONS))
        and _family_holds_ids(events, len(EVENT_CARDS))
    )


def _per_seat(state: KincsesState, name: str) -> tuple[Any, ...]:
    values = getattr(state, name)
    if not isinstance(values, tuple) or len(values) != state.players:
        raise _fail(f"{name} must have one entry per seat ({state.players})")
    return values


def _partition(name: str, zones: list[int], count: int) -> None:
    if len(zones) != count or sorted(zones) != list(range(count)):
        missing = sorted(set(range(count)) - set(zones))
        doubled = sorted(card for card, times in Counter(zones).items() if times > 1)
        raise _fail(
            f"the {count} {name} are not each in exactly one place "
            f"(missing {shown(missing)}, in two places {shown(doubled)})"
        )


_IN_PLAY: Final = sorted(EVENT_ID_IN_PLAY)


def _copies(name: str, zones: list[int]) -> None:
    """The event cards by their ids in play: each id as often as the game has copies."""
    if sorted(zones) == _IN_PLAY:
        return
    renamed = sorted({card for card in zones if EVENT_ID_IN_PLAY[card] != card})
    if renamed:
        raise _fail(f"the {name} name {by_a_copy_s_id(renamed[0])}")
    counts = Counter(zones)
    wrong = [
        f"{card} ({event_card_name(card)}) {counts[card]} times, not {EVENT_COPIES[card]}"
        for card in sorted(set(EVENT_ID_IN_PLAY))
        if counts[card] != EVENT_COPIES[card]
    ]
    raise _fail(f"the {len(_IN_PLAY)} {name} are not each in one place: {'; '.join(wrong)}")


def check_seats(state: KincsesState) -> None:
    players = state.players
    for name in (
        "positions",
        "anchors",
        "hands",
        "treasures",
        "missions",
        "mission_offers",
        "drawn_missions",
        "pearls",
        "commits",
        "committed",
        "played",
        "owed",
    ):
        _per_seat(state, name)
    pearls = sum(PEARL_BEDS[players])
    for seat in range(players):
        if not _int(state.positions[seat], START, ISLAND):
            raise _fail(
                f"seat {seat}'s position {shown(state.positions[seat])} is not on the track"
            )
        if not _int(state.anchors[seat], 0, ANCHOR_LIMIT):
            raise _fail(f"seat {seat}'s anchor streak {shown(state.anchors[seat])} is not 0-2")
        if not _int(state.pearls[seat], 0, pearls):
            raise _fail(
                f"seat {seat} holds {shown(state.pearls[seat])} pearls; the {players}-player "
                f"beds hold {pearls} in all"
            )
        if not _int(state.owed[seat], 0, 3):
            raise _fail(f"seat {seat} owes {shown(state.owed[seat])} crew cards; at most 3")
        if type(state.committed[seat]) is not bool:
            raise _fail(f"seat {seat}'s committed flag must be a bool")
    occupied = [p for p in state.positions if START < p < ISLAND]
    if len(occupied) != len(set(occupied)):
        raise _fail("two ships share a space")
    if state.positions.count(ISLAND) > 1:
        raise _fail("only one ship can reach Treasure Island")
    if ISLAND in state.positions and state.tasks:
        raise _fail("the game must be over once a ship has reached Treasure Island")


def check_cards(state: KincsesState) -> list[int]:
    """Check that every card is in exactly one place; return the crew row's cards."""
    players = state.players
    ids = _listed if _zones_hold_ids(state) else _ids
    crew: list[int] = []
    for seat in range(players):
        hand = ids(f"seat {seat}'s hand", state.hands[seat], _CREW_COUNT)
        if hand != sorted(set(hand)):
            raise _fail(f"seat {seat}'s hand must be sorted and distinct")
        if len(hand) > HAND_MAX:
            raise _fail(
                f"seat {seat} holds {len(hand)} crew cards; 'no player may hold more than "
                f"{HAND_MAX}'"
            )
        commit = ids(f"seat {seat}'s commitment", state.commits[seat], _CREW_COUNT)
        if not set(commit) <= set(hand) or len(commit) > 3 or len(set(commit)) != len(commit):
            raise _fail(f"seat {seat}'s commitment {shown(commit)} is not part of the hand")
        played = ids(f"seat {seat}'s played cards", state.played[seat], _CREW_COUNT)
        if len(played) > 3:
            raise _fail(f"seat {seat} has {len(played)} cards on the table; a battle takes 3")
        crew += hand + played
    if not isinstance(state.crew_row, tuple) or len(state.crew_row) != CREW_ROW_SIZE:
        raise _fail(f"the crew row must have {CREW_ROW_SIZE} slots")
    row = [card for card in state.crew_row if card is not None]
    crew += ids("the crew row", tuple(row), _CREW_COUNT)
    crew += ids("the crew pile", state.crew_pile, _CREW_COUNT)
    crew += ids("the crew discard pile", state.crew_discard, _CREW_COUNT)
    chest = ids("the chest", state.chest, _CREW_COUNT)
    if len(chest) > 3:
        raise _fail(f"the chest holds {len(chest)} cards; a chest draws 3")
    crew += chest
    _partition("crew cards", crew, _CREW_COUNT)

    if (
        not isinstance(state.treasure_piles, tuple)
        or not isinstance(state.treasure_rows, tuple)
        or len(state.treasure_piles) != 3
        or len(state.treasure_rows) != 3
    ):
        raise _fail("there must be three treasure piles and three treasure rows")
    treasure: list[int] = []
    for rank in range(3):
        pile = ids(f"treasure pile {rank}", state.treasure_piles[rank], len(TREASURES))
        row_cards = ids(f"treasure row {rank}", state.treasure_rows[rank], len(TREASURES))
        if any(_TREASURE_RANK[card] != rank for card in pile + row_cards):
            raise _fail(
                f"the treasure pile or row of value {TREASURE_VALUES[rank]} holds another value"
            )
        if len(row_cards) > TREASURE_ROW_SIZE or (len(row_cards) < TREASURE_ROW_SIZE and pile):
            raise _fail(f"the treasure row of value {TREASURE_VALUES[rank]} must hold 2 cards")
        treasure += pile + row_cards
    for seat in range(players):
        held = ids(f"seat {seat}'s treasures", state.treasures[seat], len(TREASURES))
        if held != sorted(set(held)):
            raise _fail(f"seat {seat}'s treasures must be sorted and distinct")
        treasure += held
    treasure += ids("the treasure discard pile", state.treasure_discard, len(TREASURES))
    _partition("treasures", treasure, len(TREASURES))

    if not isinstance(state.mission_row, tuple) or len(state.mission_row) != MISSION_ROW_SIZE:
        raise _fail(f"the mission row must have {MISSION_ROW_SIZE} slots")
    mission: list[int] = [m for m in state.mission_row if m is not None]
    ids("the mission row", tuple(mission), len(MISSIONS))
    mission += ids("the mission pile", state.mission_pile, len(MISSIONS))
    mission += ids("the returned missions", state.mission_returned, len(MISSIONS))
    for seat in range(players):
        held = ids(f"seat {seat}'s missions", state.missions[seat], len(MISSIONS))
        if held != sorted(set(held)):
            raise _fail(f"seat {seat}'s missions must be sorted and distinct")
        offer = ids(f"seat {seat}'s setup missions", state.mission_offers[seat], len(MISSIONS))
        drawn = ids(f"seat {seat}'s drawn mission", state.drawn_missions[seat], len(MISSIONS))
        if len(offer) not in (0, 2) or len(drawn) > 1 or (offer and held):
            raise _fail(f"seat {seat}'s setup or drawn missions are malformed")
        mission += held + offer + drawn
    _partition("missions", mission, len(MISSIONS))

    if not isinstance(state.event_piles, tuple) or len(state.event_piles) != EVENT_PILES:
        raise _fail("there must be three event piles")
    for name in ("board_events", "board_islands", "board_pearls"):
        values = getattr(state, name)
        if not isinstance(values, tuple) or len(values) != LAST_SPACE + 1:
            raise _fail(f"{name} must have an entry for each position 0-{LAST_SPACE}")
    events: list[int] = []
    for number in range(EVENT_PILES):
        events += ids(f"event pile {number}", state.event_piles[number], len(EVENT_CARDS))
    events += ids("the event discard pile", state.event_discard, len(EVENT_CARDS))
    on_board = [card for card in state.board_events if card is not None]
    events += ids("the board's event cards", tuple(on_board), len(EVENT_CARDS))
    _copies("event cards", events)
    return row


def check_board(state: KincsesState) -> None:
    players = state.players
    if not isinstance(state.island_owners, tuple) or len(state.island_owners) != len(ISLANDS):
        raise _fail("island_owners must have one entry per island card")
    placed = [island for island in state.board_islands if island is not None]
    _ids("the board's islands", tuple(placed), len(ISLANDS))
    if len(placed) != sum(ISLANDS_PER_ZONE) or len(set(placed)) != len(placed):
        raise _fail(f"the board must hold {sum(ISLANDS_PER_ZONE)} distinct island cards")
    for zone in Zone:
        count = sum(1 for space in _zone_spaces(zone) if state.board_islands[space] is not None)
        if count != ISLANDS_PER_ZONE[zone]:
            raise _fail(f"zone {zone} must hold {ISLANDS_PER_ZONE[zone]} islands, not {count}")
    for island, owner in enumerate(state.island_owners):
        if owner is not None and (not _int(owner, 0, players - 1) or island not in placed):
            raise _fail(f"island {island} has an impossible occupant {shown(owner)}")
    if state.board_events[START] is not None or state.board_islands[START] is not None:
        raise _fail("nothing lies on the start position")
    total = sum(PEARL_BEDS[players])
    if not _ints(state.board_pearls, 0, total):
        raise _fail(f"a space holds more than the {total} pearls of the game, or no number")
    if state.board_pearls[START]:
        raise _fail(
            "the start position holds pearls; pearl beds lie on spaces of zones A to C and "
            "pearls are sold onto the space of a shell card"
        )
    for space in range(START + 1, LAST_SPACE + 1):
        pearls = state.board_pearls[space]
        event = state.board_events[space]
        island_here = state.board_islands[space]
        if island_here is not None and (
            space in FORBIDDEN_ISLAND_SPACES or event is not None or pearls
        ):
            raise _fail(f"the island on space {space} shares it or lies on 40-42")
        if event is not None and pearls and not _REUSABLE[event]:
            raise _fail(f"space {space} holds both pearls and an activated event card")
    total_pearls = sum(state.board_pearls) + sum(state.pearls)
    if total_pearls != total:
        raise _fail(f"there must be {total} pearls, not {total_pearls}")
    for seat, position in enumerate(state.positions):
        if START < position < ISLAND:
            card = state.board_islands[position]
            owner = state.island_owners[card] if card is not None else None
            if owner is not None and owner != seat:
                raise _fail(f"seat {seat}'s ship stands on seat {owner}'s island")


_MASKS: tuple[tuple[str, int], ...] = (
    ("crew_known", _CREW_COUNT),
    ("treasure_known", len(TREASURES)),
    ("treasure_value_known", len(TREASURES)),
    ("mission_known", len(MISSIONS)),
    ("island_known", len(ISLANDS)),
    ("mission_somewhere", len(MISSIONS)),
)
"""The fields of knowledge masks, one mask per card, and the number of cards."""


def check_knowledge(state: KincsesState, row: list[int]) -> None:
    players = state.players
    everyone = (1 << players) - 1
    masks = [getattr(state, name) for name, _ in _MASKS]
    shaped = all(
        field.__class__ is tuple and len(field) == count
        for field, (_, count) in zip(masks, _MASKS, strict=True)
    )
    if not shaped or not _ints(tuple(itertools.chain(*masks)), 0, everyone):
        for name, count in _MASKS:  # find the first bad field, and say what is wrong
            field = getattr(state, name)
            if not isinstance(field, tuple) or len(field) != count:
                raise _fail(f"{name} must have one mask per card ({count})")
            if not _ints(field, 0, everyone):
                raise _fail(f"{name} holds a mask that names no seat set")
    public_crew = row + list(state.crew_discard) + list(state.chest)
    public_crew += [card for cards in state.played for card in cards]
    if any(state.crew_known[card] != everyone for card in public_crew):
        raise _fail("a face-up crew card must be known to everyone")
    for seat in range(players):
        bit = _bit(seat)
        if any(not state.crew_known[card] & bit for card in state.hands[seat]):
            raise _fail(f"seat {seat} must know his own crew cards")
        if any(not state.treasure_known[card] & bit for card in state.treasures[seat]):
            raise _fail(f"seat {seat} must know his own treasures")
        own = state.missions[seat] + state.mission_offers[seat] + state.drawn_missions[seat]
        if any(not state.mission_known[mission] & bit for mission in own):
            raise _fail(f"seat {seat} must know his own missions")
    public_treasure = [card for row_cards in state.treasure_rows for card in row_cards]
    public_treasure += list(state.treasure_discard)
    if any(state.treasure_known[card] != everyone for card in public_treasure):
        raise _fail("a face-up treasure must be known to everyone")
    in_piles = [card for pile_cards in state.treasure_piles for card in pile_cards]
    if any(state.treasure_value_known[card] != everyone for card in public_treasure + in_piles):
        raise _fail("the value of a treasure in a pile or face up must be known to everyone")
    if any(
        known & ~value
        for known, value in zip(state.treasure_known, state.treasure_value_known, strict=True)
    ):
        raise _fail("a seat that knows a treasure must know its value")
    if any(state.mission_known[m] != everyone for m in state.mission_row if m is not None):
        raise _fail("a face-up mission must be known to everyone")
    tops = state.event_tops_known
    if not isinstance(tops, tuple) or len(tops) != EVENT_PILES or not _ints(tops, 0, everyone):
        raise _fail(f"event_tops_known must hold one seat mask per event pile ({EVENT_PILES})")
    if any(known and not pile for known, pile in zip(tops, state.event_piles, strict=True)):
        raise _fail("somebody knows the top card of an empty event pile")
    for island, owner in enumerate(state.island_owners):
        if owner is not None and state.island_known[island] != everyone:
            raise _fail(f"the occupied island {island} must be known to everyone")
    # A telescope shows the top of a pile; nothing else in a pile is seen, except a mission
    # put back under the pile, by the seat that put it there.
    if any(state.crew_known[card] for card in state.crew_pile[1:]):
        raise _fail("a crew card below the top of the pile is known to someone")
    for pile in state.treasure_piles:
        if any(state.treasure_known[card] for card in pile[1:]):
            raise _fail("a treasure below the top of its pile is known to someone")
    if any(state.mission_known[m] & (state.mission_known[m] - 1) for m in state.mission_pile[1:]):
        raise _fail("a mission below the top of the pile is known to more than one seat")
    in_pile = set(state.mission_pile)
    if any(mask and m not in in_pile for m, mask in enumerate(state.mission_somewhere)):
        raise _fail("a mission known to be somewhere in the mission pile is not in it")

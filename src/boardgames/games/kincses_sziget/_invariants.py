"""The invariants of a state and the ranges of an action's fields, checked on untrusted input."""

from __future__ import annotations

from typing import Any, TypeAlias, cast, get_args

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.history import History
from boardgames.games.kincses_sziget._work import (
    _CREW_COUNT,
    _REUSABLE,
    _TREASURE_RANK,
    ANCHOR_LIMIT,
    _bit,
    _zone_spaces,
)
from boardgames.games.kincses_sziget.actions import Action, EventDrawn, PublicAction
from boardgames.games.kincses_sziget.components import (
    CREW_ROW_SIZE,
    EVENT_CARDS,
    EVENT_PILES,
    FORBIDDEN_ISLAND_SPACES,
    HAND_MAX,
    HAND_MIN,
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
    EventKind,
    Zone,
)
from boardgames.games.kincses_sziget.state import (
    BattleCommitStep,
    BattlePickStep,
    BattleRevealTask,
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
    MerchantRevealTask,
    MissionDisposeStep,
    MissionSourceStep,
    ParrotPlaceStep,
    ParrotStep,
    PearlSaleStep,
    RepairStep,
    RewardStep,
    SetupTask,
    TelescopeStep,
    TreasureLossStep,
    TreasureSourceStep,
    TurnStep,
)

_STEP_CLASSES = (
    ExchangeStep,
    KeepStep,
    TurnStep,
    DiscardStep,
    CrewSourceStep,
    MissionSourceStep,
    MissionDisposeStep,
    EventPileStep,
    DuelTargetStep,
    DuelCommitStep,
    DuelPrizeStep,
    TreasureSourceStep,
    BattleCommitStep,
    BattlePickStep,
    MerchantCommitStep,
    IntrigueStep,
    TreasureLossStep,
    RewardStep,
    ChestStep,
    RepairStep,
    TelescopeStep,
    ParrotStep,
    ParrotPlaceStep,
    PearlSaleStep,
)
_EVENT_TASK_KINDS: dict[type, EventKind] = {
    DuelTargetStep: EventKind.DUEL,
    DuelCommitStep: EventKind.DUEL,
    DuelRevealTask: EventKind.DUEL,
    BattleCommitStep: EventKind.BATTLE,
    BattleRevealTask: EventKind.BATTLE,
    MerchantCommitStep: EventKind.MERCHANT,
    MerchantRevealTask: EventKind.MERCHANT,
}


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def _int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _ints(values: tuple[object, ...], low: int, high: int) -> bool:
    """Return whether every value is an ``int`` (not a ``bool``) from ``low`` to ``high``."""
    if not values:
        return True
    if set(map(type, values)) != {int}:
        return False
    numbers = cast("tuple[int, ...]", values)
    return low <= min(numbers) and max(numbers) <= high


def _ids(name: str, cards: object, count: int) -> list[int]:
    if not isinstance(cards, tuple):
        raise _fail(f"{name} must be a tuple")
    if not _ints(cards, 0, count - 1):
        card = next(card for card in cards if not _int(card, 0, count - 1))
        raise _fail(f"{name} holds {card!r}, which is not an id from 0 to {count - 1}")
    return list(cards)


def _per_seat(state: KincsesState, name: str) -> tuple[Any, ...]:
    values = getattr(state, name)
    if not isinstance(values, tuple) or len(values) != state.players:
        raise _fail(f"{name} must have one entry per seat ({state.players})")
    return values


def _partition(name: str, zones: list[int], count: int) -> None:
    if sorted(zones) != list(range(count)):
        missing = sorted(set(range(count)) - set(zones))
        doubled = sorted({card for card in zones if zones.count(card) > 1})
        raise _fail(
            f"the {count} {name} are not each in exactly one place "
            f"(missing {missing}, in two places {doubled})"
        )


def _check_task(state: KincsesState, task: object) -> None:
    players = state.players
    event: int | None = None
    for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(task))):
        value = getattr(task, field.name)
        if field.name in (
            "player",
            "loser",
            "challenger",
            "challenged",
            "initiator",
            "activator",
            "winner",
        ):
            if not _int(value, 0, players - 1):
                raise _fail(f"task {task!r} names {value!r}, which is not a seat")
        elif field.name in ("space", "origin"):
            if not _int(value, 1, LAST_SPACE):
                raise _fail(f"task {task!r} names space {value!r}, not a space 1-42")
        elif field.name == "card":
            if not _int(value, 0, len(EVENT_CARDS) - 1):
                raise _fail(f"task {task!r} names event {value!r}, which does not exist")
            event = value
        elif field.name == "order":
            if not isinstance(value, tuple) or len(set(value)) != len(value):
                raise _fail(f"task {task!r} has a bad seat order")
            for seat in value:
                if not _int(seat, 0, players - 1):
                    raise _fail(f"task {task!r} names {seat!r}, which is not a seat")
        elif field.name == "count":
            if not _int(value, 0, HAND_MAX):
                raise _fail(f"task {task!r} has a bad count")
        elif field.name == "maximum":
            if value not in TREASURE_VALUES:
                raise _fail(f"task {task!r} has a bad treasure value")
        elif field.name == "rank":
            if not _int(value, 0, 2):
                raise _fail(f"task {task!r} has a bad colour rank")
        elif field.name == "minimum" and not _int(value, 0, 1):
            raise _fail(f"task {task!r} has a bad minimum")
    expected = _EVENT_TASK_KINDS.get(type(task))
    if expected is not None and event is not None and EVENT_CARDS[event].kind is not expected:
        raise _fail(f"task {task!r} names an event card that is not a {expected}")


def check_state(state: KincsesState) -> None:
    """Check every invariant of a state (used on untrusted input).

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    players = state.players
    if not _int(players, 2, 4):
        raise _fail(f"players={players!r} is out of range 2 to 4")
    if not _int(state.max_turns, 1, 1 << 62):
        raise _fail(f"max_turns={state.max_turns!r} must be a positive integer")
    everyone = (1 << players) - 1
    if not _int(state.round, 1, 1 << 62) or not _int(state.turn, 0, state.max_turns):
        raise _fail(f"round={state.round!r} or turn={state.turn!r} is out of range")
    if not _int(state.start_player, 0, players - 1):
        raise _fail(f"start_player={state.start_player!r} is not a seat")
    if not _int(state.turn_index, 0, players - 1):
        raise _fail(f"turn_index={state.turn_index!r} is out of range")
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
    for seat in range(players):
        if not _int(state.positions[seat], START, ISLAND):
            raise _fail(f"seat {seat}'s position {state.positions[seat]!r} is not on the track")
        if not _int(state.anchors[seat], 0, ANCHOR_LIMIT):
            raise _fail(f"seat {seat}'s anchor streak {state.anchors[seat]!r} is not 0-2")
        if not _int(state.pearls[seat], 0, 10) or not _int(state.owed[seat], 0, 3):
            raise _fail(f"seat {seat}'s pearls or owed cards are out of range")
        if type(state.committed[seat]) is not bool:
            raise _fail(f"seat {seat}'s committed flag must be a bool")
    occupied = [p for p in state.positions if START < p < ISLAND]
    if len(occupied) != len(set(occupied)):
        raise _fail("two ships share a space")
    if state.positions.count(ISLAND) > 1:
        raise _fail("only one ship can reach Treasure Island")
    if ISLAND in state.positions and state.tasks:
        raise _fail("the game must be over once a ship has reached Treasure Island")

    # Crew cards.
    crew: list[int] = []
    for seat in range(players):
        hand = _ids(f"seat {seat}'s hand", state.hands[seat], _CREW_COUNT)
        if hand != sorted(set(hand)):
            raise _fail(f"seat {seat}'s hand must be sorted and distinct")
        if len(hand) > HAND_MAX:
            raise _fail(f"seat {seat} holds {len(hand)} crew cards; at most {HAND_MAX} allowed")
        commit = _ids(f"seat {seat}'s commitment", state.commits[seat], _CREW_COUNT)
        if not set(commit) <= set(hand) or len(commit) > 3 or len(set(commit)) != len(commit):
            raise _fail(f"seat {seat}'s commitment {commit} is not part of the hand")
        crew += hand
        crew += _ids(f"seat {seat}'s played cards", state.played[seat], _CREW_COUNT)
    if not isinstance(state.crew_row, tuple) or len(state.crew_row) != CREW_ROW_SIZE:
        raise _fail(f"the crew row must have {CREW_ROW_SIZE} slots")
    row = [card for card in state.crew_row if card is not None]
    crew += _ids("the crew row", tuple(row), _CREW_COUNT)
    crew += _ids("the crew pile", state.crew_pile, _CREW_COUNT)
    crew += _ids("the crew discard pile", state.crew_discard, _CREW_COUNT)
    crew += _ids("the chest", state.chest, _CREW_COUNT)
    _partition("crew cards", crew, _CREW_COUNT)

    # Treasures.
    if len(state.treasure_piles) != 3 or len(state.treasure_rows) != 3:
        raise _fail("there must be three treasure piles and three treasure rows")
    treasure: list[int] = []
    for rank in range(3):
        pile = _ids(f"treasure pile {rank}", state.treasure_piles[rank], len(TREASURES))
        row_cards = _ids(f"treasure row {rank}", state.treasure_rows[rank], len(TREASURES))
        if any(_TREASURE_RANK[card] != rank for card in pile + row_cards):
            raise _fail(
                f"the treasure pile or row of value {TREASURE_VALUES[rank]} holds another value"
            )
        if len(row_cards) > TREASURE_ROW_SIZE or (len(row_cards) < TREASURE_ROW_SIZE and pile):
            raise _fail(f"the treasure row of value {TREASURE_VALUES[rank]} must hold 2 cards")
        treasure += pile + row_cards
    for seat in range(players):
        held = _ids(f"seat {seat}'s treasures", state.treasures[seat], len(TREASURES))
        if held != sorted(set(held)):
            raise _fail(f"seat {seat}'s treasures must be sorted and distinct")
        treasure += held
    treasure += _ids("the treasure discard pile", state.treasure_discard, len(TREASURES))
    _partition("treasures", treasure, len(TREASURES))

    # Missions.
    if not isinstance(state.mission_row, tuple) or len(state.mission_row) != MISSION_ROW_SIZE:
        raise _fail(f"the mission row must have {MISSION_ROW_SIZE} slots")
    mission: list[int] = [m for m in state.mission_row if m is not None]
    _ids("the mission row", tuple(mission), len(MISSIONS))
    mission += _ids("the mission pile", state.mission_pile, len(MISSIONS))
    mission += _ids("the returned missions", state.mission_returned, len(MISSIONS))
    setup = any(isinstance(task, SetupTask) for task in state.tasks)
    for seat in range(players):
        held = _ids(f"seat {seat}'s missions", state.missions[seat], len(MISSIONS))
        if held != sorted(set(held)):
            raise _fail(f"seat {seat}'s missions must be sorted and distinct")
        offer = _ids(f"seat {seat}'s setup missions", state.mission_offers[seat], len(MISSIONS))
        drawn = _ids(f"seat {seat}'s drawn mission", state.drawn_missions[seat], len(MISSIONS))
        if len(offer) not in (0, 2) or len(drawn) > 1 or (offer and held):
            raise _fail(f"seat {seat}'s setup or drawn missions are malformed")
        if not setup and (offer or not held):
            raise _fail(f"seat {seat} must hold at least one mission after the setup")
        mission += held + offer + drawn
    _partition("missions", mission, len(MISSIONS))
    if not setup and state.mission_pile and None in state.mission_row:
        raise _fail("the mission row must be full while the mission pile has cards")

    # Events and the board.
    if len(state.event_piles) != EVENT_PILES:
        raise _fail("there must be three event piles")
    for name in ("board_events", "board_islands", "board_pearls"):
        values = getattr(state, name)
        if not isinstance(values, tuple) or len(values) != LAST_SPACE + 1:
            raise _fail(f"{name} must have an entry for each position 0-{LAST_SPACE}")
    events: list[int] = []
    for number in range(EVENT_PILES):
        events += _ids(f"event pile {number}", state.event_piles[number], len(EVENT_CARDS))
    events += _ids("the event discard pile", state.event_discard, len(EVENT_CARDS))
    on_board = [card for card in state.board_events if card is not None]
    events += _ids("the board's event cards", tuple(on_board), len(EVENT_CARDS))
    _partition("event cards", events, len(EVENT_CARDS))
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
            raise _fail(f"island {island} has an impossible occupant {owner!r}")
    if state.board_events[START] is not None or state.board_islands[START] is not None:
        raise _fail("nothing lies on the start position")
    for space in range(START, LAST_SPACE + 1):
        pearls = state.board_pearls[space]
        event = state.board_events[space]
        island_here = state.board_islands[space]
        if not _int(pearls, 0, 10):
            raise _fail(f"space {space} holds {pearls!r} pearls")
        if island_here is not None and (
            space in FORBIDDEN_ISLAND_SPACES or event is not None or pearls
        ):
            raise _fail(f"the island on space {space} shares it or lies on 40-42")
        if event is not None and pearls and not _REUSABLE[event]:
            raise _fail(f"space {space} holds both pearls and an activated event card")
    total_pearls = sum(state.board_pearls) + sum(state.pearls)
    if total_pearls != sum(PEARL_BEDS[players]):
        raise _fail(f"there must be {sum(PEARL_BEDS[players])} pearls, not {total_pearls}")

    # Knowledge.
    for name, count in (
        ("crew_known", _CREW_COUNT),
        ("treasure_known", len(TREASURES)),
        ("treasure_value_known", len(TREASURES)),
        ("mission_known", len(MISSIONS)),
        ("event_known", len(EVENT_CARDS)),
        ("island_known", len(ISLANDS)),
    ):
        masks = getattr(state, name)
        if not isinstance(masks, tuple) or len(masks) != count:
            raise _fail(f"{name} must have one mask per card ({count})")
        if not _ints(masks, 0, everyone):
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
    if any(state.event_known[card] != everyone for card in on_board + list(state.event_discard)):
        raise _fail("an activated event card must be known to everyone")
    for island, owner in enumerate(state.island_owners):
        if owner is not None and state.island_known[island] != everyone:
            raise _fail(f"the occupied island {island} must be known to everyone")

    # Tasks and history.
    if not isinstance(state.tasks, tuple):
        raise _fail("tasks must be a tuple")
    for task in state.tasks:
        if not attrs.has(type(task)):
            raise _fail(f"{task!r} is not a task")
        _check_task(state, task)
    if state.tasks:
        if not isinstance(state.tasks[-1], _STEP_CLASSES):
            raise _fail(f"the top task {state.tasks[-1]!r} is not a decision")
        if state.tasks[-1].__class__ is TurnStep:
            seat = state.tasks[-1].player
            if seat != (state.start_player + state.turn_index) % players:
                raise _fail(f"it is not seat {seat}'s turn in this round")
            if any(state.commits) or any(state.committed) or any(state.played) or state.chest:
                raise _fail("no cards may be committed or on the table between turns")
            supply = bool(state.crew_pile or state.crew_discard or row)
            if supply and any(len(hand) < HAND_MIN for hand in state.hands):
                raise _fail(f"every player must hold at least {HAND_MIN} crew cards")
        top = state.tasks[-1]
        if top.__class__ is MissionDisposeStep and not state.drawn_missions[top.player]:
            raise _fail("a mission decision is pending without a drawn mission")
        if top.__class__ is KeepStep and len(state.mission_offers[top.player]) != 2:
            raise _fail("a mission keep is pending without two missions drawn")
    elif ISLAND not in state.positions and state.turn < state.max_turns:
        raise _fail("the game can only be over when a ship arrived or the turn limit is reached")
    if not isinstance(state.history, History):
        raise _fail(f"the history must be a History, not {type(state.history).__name__}")
    for entry in state.history:
        if not isinstance(entry, tuple) or len(entry) != 2 or not _int(entry[0], 0, players - 1):
            raise _fail(f"the history entry {entry!r} names no seat")
        check_action_fields(entry[1])
    state.rng.check()


_FIELD_RANGES: dict[str, tuple[int, int]] = {
    "card": (0, _CREW_COUNT - 1),
    "pirate": (0, _CREW_COUNT - 1),
    "weapon": (0, _CREW_COUNT - 1),
    "mission": (0, len(MISSIONS) - 1),
    "treasure": (0, len(TREASURES) - 1),
    "slot": (0, CREW_ROW_SIZE - 1),
    "pile": (0, EVENT_PILES - 1),
    "steps": (0, 3),
    "opponent": (0, 3),
    "space": (1, LAST_SPACE),
    "index": (0, 1),
}


_VALUE, _CARDS, _RANGE = 1, 2, 3
"""The kinds of field check: a treasure value, crew card ids, an integer in a range."""

_FieldCheck: TypeAlias = tuple[str, int, int, int]
"""A field's name, the kind of check, and the range of a :data:`_RANGE` check."""


def _field_checks(cls: type[attrs.AttrsInstance]) -> tuple[_FieldCheck, ...]:
    checks: list[_FieldCheck] = []
    for field in attrs.fields(cls):
        name = field.name
        if name == "value":
            checks.append((name, _VALUE, 0, 0))
        elif name == "cards":
            checks.append((name, _CARDS, 0, _CREW_COUNT - 1))
        elif name == "card" and cls is EventDrawn:
            checks.append((name, _RANGE, 0, len(EVENT_CARDS) - 1))
        elif name in _FIELD_RANGES:
            checks.append((name, _RANGE, *_FIELD_RANGES[name]))
    return tuple(checks)


_ACTION_CHECKS: dict[type, tuple[_FieldCheck, ...]] = {
    cls: _field_checks(cls) for cls in (*get_args(Action), *get_args(PublicAction))
}
"""The field checks of every action and history entry class, worked out once."""


def check_action_fields(value: object) -> None:
    """Check the ids and numbers of an action or history entry (used on untrusted input).

    Raises:
        InvalidStateError: A field is out of range, such as a crew card id above 71.
    """
    cls = type(value)
    checks = _ACTION_CHECKS.get(cls)
    if checks is None:
        if not attrs.has(cls):
            raise _fail(f"{value!r} is not an action")
        checks = _field_checks(cls)
    for name, kind, low, high in checks:
        item = getattr(value, name)
        if kind == _RANGE:
            if item is not None and not _int(item, low, high):
                if name == "card" and cls is EventDrawn:
                    raise _fail(f"{value!r}: card must be an event card id 0 to 63")
                raise _fail(f"{value!r}: {name}={item!r} is out of range {low} to {high}")
        elif kind == _CARDS:
            if not isinstance(item, tuple) or not _ints(item, low, high):
                raise _fail(f"{value!r}: cards must be crew card ids 0 to {_CREW_COUNT - 1}")
        elif item not in TREASURE_VALUES:
            raise _fail(f"{value!r}: the treasure value must be 1, 3 or 5")

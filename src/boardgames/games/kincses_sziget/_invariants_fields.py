"""The types and ranges of the fields of tasks, actions and history entries.

The checks shared by every part of :mod:`~boardgames.games.kincses_sziget._invariants`:
:func:`check_task_fields` (seats, spaces, event cards of one task) and
:func:`check_action_fields` (the ids and numbers of an action or history entry), with the
small helpers the other parts build their messages and checks with.
"""

from __future__ import annotations

from typing import TypeAlias, cast, get_args

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import shown
from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget._work import (
    _CREW_COUNT,
)
from boardgames.games.kincses_sziget.actions import (
    Action,
    EventDrawn,
    PublicAction,
)
from boardgames.games.kincses_sziget.components import (
    CREW_ROW_SIZE,
    EVENT_CARDS,
    EVENT_ID_IN_PLAY,
    EVENT_PILES,
    LAST_SPACE,
    MISSIONS,
    TREASURE_VALUES,
    TREASURES,
    EventKind,
)
from boardgames.games.kincses_sziget.state import (
    AfterEventTask,
    BattleCommitStep,
    BattleRevealTask,
    DiscardPurpose,
    DuelCommitStep,
    DuelRevealTask,
    DuelTargetStep,
    MerchantCommitStep,
    MerchantRevealTask,
    PearlSaleStep,
    Task,
)

__all__ = [
    "INITIAL_EVENT_PILES",
    "by_a_copy_s_id",
    "check_action_fields",
    "check_task_fields",
]


_TASK_CLASSES = frozenset(get_args(Task))
_PUBLIC_CLASSES = frozenset(get_args(PublicAction))
_EVENT_TASK_KINDS: dict[type, EventKind] = {
    DuelTargetStep: EventKind.DUEL,
    DuelCommitStep: EventKind.DUEL,
    DuelRevealTask: EventKind.DUEL,
    BattleCommitStep: EventKind.BATTLE,
    BattleRevealTask: EventKind.BATTLE,
    MerchantCommitStep: EventKind.MERCHANT,
    MerchantRevealTask: EventKind.MERCHANT,
}
_SEAT_FIELDS = frozenset(
    {"player", "loser", "challenger", "challenged", "initiator", "activator", "winner"}
)

INITIAL_EVENT_PILES = tuple(
    len(range(pile, len(EVENT_CARDS), EVENT_PILES)) for pile in range(EVENT_PILES)
)
"""The sizes of the three event piles at the start: 22, 21 and 21 (dealt round-robin)."""


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


def _order_from(seat: PlayerId, players: int) -> tuple[PlayerId, ...]:
    return tuple((seat + offset) % players for offset in range(players))


def _turn_seat(first: PlayerId, turn: int, players: int) -> PlayerId:
    """The seat whose turn ``turn`` (from 1) is, when ``first`` held the marker in round 1."""
    return (first + (turn - 1) // players + (turn - 1) % players) % players


def by_a_copy_s_id(card: int) -> str:
    """The words that refuse ``card``: a copy's own id where the id in play belongs."""
    return (
        f"event card {card} by a copy's id; identical copies share the lowest id of theirs, "
        f"{EVENT_ID_IN_PLAY[card]}"
    )


def check_task_fields(players: int, task: object) -> None:
    """Check the types and ranges of one task's fields (seats, spaces, event cards ...).

    Raises:
        InvalidStateError: A field is out of range or of the wrong type.
    """
    if type(task) not in _TASK_CLASSES:
        raise _fail(f"{shown(task)} is not a task")
    event: int | None = None
    for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(task))):
        value = getattr(task, field.name)
        if field.name in _SEAT_FIELDS:
            if not _int(value, 0, players - 1):
                raise _fail(f"task {shown(task)} names {shown(value)}, which is not a seat")
        elif field.name in ("space", "origin"):
            if not _int(value, 1, LAST_SPACE):
                raise _fail(f"task {shown(task)} names space {shown(value)}, not a space 1-42")
        elif field.name == "card":
            if not _int(value, 0, len(EVENT_CARDS) - 1):
                raise _fail(f"task {shown(task)} names event {shown(value)}, which does not exist")
            if EVENT_ID_IN_PLAY[value] != value:
                raise _fail(f"task {shown(task)} names {by_a_copy_s_id(value)}")
            event = value
        elif field.name == "order":
            if not isinstance(value, tuple) or not 2 <= len(value) <= players:
                raise _fail(f"task {shown(task)} has a bad seat order")
            if not _ints(value, 0, players - 1) or len(set(value)) != len(value):
                raise _fail(f"task {shown(task)} has a seat order that is not distinct seats")
        elif field.name == "count":
            if not _int(value, 1, 3):
                raise _fail(f"task {shown(task)} owes {shown(value)} cards; 1 to 3 are owed")
        elif field.name == "maximum":
            if value not in TREASURE_VALUES or type(value) is not int:
                raise _fail(f"task {shown(task)} has a bad treasure value")
        elif field.name == "rank":
            if not _int(value, 0, 2):
                raise _fail(f"task {shown(task)} has a bad colour rank")
        elif field.name == "minimum":
            if not _int(value, 0, 1):
                raise _fail(f"task {shown(task)} has a bad minimum")
        elif field.name == "purpose":
            if not isinstance(value, DiscardPurpose):
                raise _fail(f"task {shown(task)} has no discard purpose")
        elif field.name in ("draw", "island") and type(value) is not bool:
            raise _fail(f"task {shown(task)}: {field.name} must be a bool")
    expected = _EVENT_TASK_KINDS.get(type(task))
    if expected is not None and event is not None and EVENT_CARDS[event].kind is not expected:
        raise _fail(f"task {shown(task)} names an event card that is not a {expected}")
    shell = type(task) in (PearlSaleStep, AfterEventTask)
    if shell and event is not None and not EVENT_CARDS[event].shell:
        raise _fail(f"task {shown(task)} names an event card without a shell")


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

_INT_RANGES: dict[type, tuple[tuple[str, int, int], ...]] = {
    cls: tuple((name, low, high) for name, _, low, high in checks)
    for cls, checks in _ACTION_CHECKS.items()
    if cls in _PUBLIC_CLASSES and all(kind == _RANGE for _, kind, _, _ in checks)
}
"""The history entry classes whose fields are all ints in a range, and the ranges: the
common entries, read without a call each."""


_CARD_LISTS: frozenset[type] = frozenset(
    cls
    for cls, checks in _ACTION_CHECKS.items()
    if cls in _PUBLIC_CLASSES and [kind for _, kind, _, _ in checks] == [_CARDS]
)
"""The history entry classes whose one field is a tuple of crew card ids (the reveals and
shown cards): read with one check of the ids."""


def cards_fine(cards: object) -> bool:
    """Return whether ``cards`` is a tuple of crew card ids (the check of a cards field)."""
    return cards.__class__ is tuple and _ints(cast("tuple[object, ...]", cards), 0, _CREW_COUNT - 1)


def check_action_fields(value: object) -> None:
    """Check the ids and numbers of an action or history entry (used on untrusted input).

    Raises:
        InvalidStateError: A field is out of range, such as a crew card id above 71.
    """
    cls = type(value)
    checks = _ACTION_CHECKS.get(cls)
    if checks is None:
        if not attrs.has(cls):
            raise _fail(f"{shown(value)} is not an action")
        checks = _field_checks(cls)
    for name, kind, low, high in checks:
        item = getattr(value, name)
        if kind == _RANGE:
            if item is not None and not _int(item, low, high):
                if name == "card" and cls is EventDrawn:
                    raise _fail(f"{shown(value)}: card must be an event card id 0 to 63")
                raise _fail(f"{shown(value)}: {name}={shown(item)} is out of range {low} to {high}")
        elif kind == _CARDS:
            if not isinstance(item, tuple) or not _ints(item, low, high):
                raise _fail(f"{shown(value)}: cards must be crew card ids 0 to {_CREW_COUNT - 1}")
        elif item not in TREASURE_VALUES or type(item) is not int:
            raise _fail(f"{shown(value)}: the treasure value must be 1, 3 or 5")

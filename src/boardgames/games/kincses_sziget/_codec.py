"""Fast paths for reading and writing Irány a Kincses Sziget! values as JSON.

The history and the task stack are sequences of small tagged attrs values, and most state
fields are tuples of ints or of tuples of ints; the converter that
:func:`~boardgames.core.codec.make_converter` builds handles them element by element
through several layers of dispatch, which made ``dumps`` and ``loads`` of a late-game
state slow. The hooks here take a quick path for well-formed input and fall back to the
converter's own, fully reported path on anything unexpected. The JSON is the same.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, cast, get_args, get_type_hints

import attrs
import cattrs

from boardgames.core.codec import configure_history_hooks, configure_tagged_action
from boardgames.core.history import History
from boardgames.core.values import trusted_constructor
from boardgames.games.kincses_sziget.actions import PublicAction
from boardgames.games.kincses_sziget.state import HistoryEntry, Task

__all__ = ["configure_fast_paths"]


def configure_fast_paths(converter: cattrs.Converter) -> None:
    """Register the task stack's tagged union and the quick hooks on the game's ``converter``."""
    configure_tagged_action(converter, Task)
    _install_fast_hooks(converter)


_RECENT_HISTORIES = 16

_INT: frozenset[type] = frozenset({int})
_INT_OR_NONE: frozenset[type] = frozenset({int, type(None)})

_SHARED, _ONE, _TWO, _CARDS, _OTHER = 0, 1, 2, 3, 4
"""The shapes of history entries that :func:`_entry_structurer` reads inline (by fields)."""


def _plain(value: object) -> object:
    if value.__class__ is tuple:
        return list(cast("tuple[object, ...]", value))
    if isinstance(value, enum.Enum):
        return value.name.lower()
    return value


def _entry_structurer(untag: Callable[[Any], Any]) -> Callable[[Any], HistoryEntry]:
    """Return a quick, strict structurer of one history entry, from its JSON.

    Nearly every entry has no field, or integer fields only, or a list of card ids: those
    are built directly, by trusted constructors (the classes have no validators; the
    state's check then checks every field), and an entry without fields is shared (it is
    an immutable value); the others go through ``untag``. Anything unexpected raises, so
    that the caller falls back to the generic path and its full error report.
    """
    # Each tag's shape: a shared entry, one int field, two int fields or one list of
    # card ids (read inline, the common cases), or anything else (through ``untag``).
    shapes: dict[str, tuple[int, Any, str, str]] = {}
    for cls in get_args(PublicAction):
        hints = get_type_hints(cls)
        names = tuple(field.name for field in attrs.fields(cls))
        build = trusted_constructor(cls)
        if not names:
            shapes[cls.__name__] = (_SHARED, cls(), "", "")
        elif all(hints[name] is int for name in names) and len(names) <= 2:
            shapes[cls.__name__] = (len(names), build, names[0], names[-1])
        elif len(names) == 1 and hints[names[0]] == tuple[int, ...]:
            shapes[cls.__name__] = (_CARDS, build, names[0], "")
        else:
            shapes[cls.__name__] = (_OTHER, None, "", "")

    def structure_entry(item: Any) -> tuple[int, PublicAction]:
        if item.__class__ is not list or len(item) != 2:
            raise TypeError("an entry must be a list [seat, action]")
        seat, data = item
        if seat.__class__ is not int:
            raise TypeError("an entry's seat must be an integer")
        kind, build, first, second = shapes[data["type"]]
        size = len(data)
        if kind == _ONE:
            value = data[first]
            if value.__class__ is not int or size != 2:
                raise TypeError("fields must be integers")
            return seat, build(value)
        if kind == _SHARED:
            if size != 1:
                raise ValueError("unexpected fields")
            return seat, build
        if kind == _TWO:
            value, other = data[first], data[second]
            if value.__class__ is not int or other.__class__ is not int or size != 3:
                raise TypeError("fields must be integers")
            return seat, build(value, other)
        if kind == _CARDS:
            cards = data[first]
            if cards.__class__ is not list or size != 2 or not set(map(type, cards)) <= _INT:
                raise TypeError("cards must be a list of integers")
            return seat, build(tuple(cards))
        return seat, cast("PublicAction", untag(data))

    return structure_entry


def _install_fast_hooks(converter: cattrs.Converter) -> None:
    """Register quick hooks for the state's bulky fields (same JSON as the generic ones).

    The history and the task stack are sequences of small tagged attrs values, and most
    fields are tuples of ints or of tuples of ints; the generic hooks handle them element
    by element through several layers of dispatch, which made ``dumps`` and ``loads`` of a
    late-game state slow.
    Structuring takes a quick path for well-formed input and falls back to the generic,
    fully reported path on anything unexpected.
    """
    history_type = History[HistoryEntry]
    tasks_type = tuple[Task, ...]
    for union, collection in ((PublicAction, history_type), (Task, tasks_type)):
        classes = get_args(union)
        names = {cls: tuple(field.name for field in attrs.fields(cls)) for cls in classes}
        by_tag = {cls.__name__: cls for cls in classes}
        hooks = {cls: converter.get_structure_hook(cls) for cls in classes}
        slow = converter.get_structure_hook(collection)

        def tagged(value: Any, names: dict[type, tuple[str, ...]] = names) -> dict[str, Any]:
            data = {name: _plain(getattr(value, name)) for name in names[value.__class__]}
            data["type"] = value.__class__.__name__
            return data

        def untag(
            data: Any,
            by_tag: dict[str, type] = by_tag,
            hooks: dict[type, Any] = hooks,
        ) -> Any:
            cls = by_tag[data["type"]]
            return hooks[cls]({key: item for key, item in data.items() if key != "type"}, cls)

        if collection is history_type:
            recent: dict[int, tuple[Any, list[Any]]] = {}

            def unstructure_history(
                values: Any, tagged: Any = tagged, recent: dict[int, Any] = recent
            ) -> list[Any] | None:
                # A state is often written many times in a row (the conformance kit writes
                # it before and after each refused action): remember the last histories.
                hit = recent.get(id(values))
                if hit is not None and hit[0] is values:
                    return list(hit[1])
                data = [[seat, tagged(entry)] for seat, entry in values]
                if len(recent) >= _RECENT_HISTORIES:
                    recent.clear()
                recent[id(values)] = (values, data)
                return list(data)

            configure_history_hooks(
                converter,
                history_type,
                read_entry=_entry_structurer(untag),
                write_history=unstructure_history,
            )
        else:

            def unstructure_tasks(values: Any, tagged: Any = tagged) -> list[Any]:
                return [tagged(task) for task in values]

            def structure_tasks(values: Any, cls: Any, untag: Any = untag, slow: Any = slow) -> Any:
                try:
                    return tuple(untag(task) for task in values)
                except Exception:
                    return slow(values, cls)

            converter.register_unstructure_hook_func(lambda t: t == tasks_type, unstructure_tasks)
            converter.register_structure_hook_func(lambda t: t == tasks_type, structure_tasks)
    nested = tuple[tuple[int, ...], ...]
    optional = tuple[int | None, ...]
    slow_nested = converter.get_structure_hook(nested)
    slow_optional = converter.get_structure_hook(optional)

    def structure_nested(values: Any, cls: Any) -> Any:
        if type(values) is list:
            inners = []
            for inner in values:
                if type(inner) is not list or not set(map(type, inner)) <= _INT:
                    return slow_nested(values, cls)
                inners.append(tuple(inner))
            return tuple(inners)
        return slow_nested(values, cls)

    def structure_optional(values: Any, cls: Any) -> Any:
        if type(values) is list and set(map(type, values)) <= _INT_OR_NONE:
            return tuple(values)
        return slow_optional(values, cls)

    converter.register_unstructure_hook_func(
        lambda t: t == nested, lambda values: [list(inner) for inner in values]
    )
    converter.register_structure_hook_func(lambda t: t == nested, structure_nested)
    converter.register_unstructure_hook_func(lambda t: t == optional, list)
    converter.register_structure_hook_func(lambda t: t == optional, structure_optional)
    for flat, item_type in ((tuple[int, ...], int), (tuple[bool, ...], bool)):
        slow_flat = converter.get_structure_hook(flat)

        def structure_flat(
            values: Any, cls: Any, item_type: type = item_type, slow: Any = slow_flat
        ) -> Any:
            if type(values) is list and (not values or set(map(type, values)) == {item_type}):
                return tuple(values)
            return slow(values, cls)

        def is_flat(candidate: Any, flat: Any = flat) -> bool:
            return bool(candidate == flat)

        converter.register_unstructure_hook_func(is_flat, list)
        converter.register_structure_hook_func(is_flat, structure_flat)

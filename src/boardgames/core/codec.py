"""How a game's values become JSON-ready data and back: one strict cattrs converter per game."""

from __future__ import annotations

import enum
import functools
import itertools
import json
from collections.abc import Callable, Iterable, Mapping
from types import UnionType
from typing import Any, Literal, TypeAlias, Union, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.preconf.json import make_converter as _make_json_converter
from cattrs.strategies import configure_tagged_union

from boardgames.core.history import History

__all__ = [
    "Codec",
    "ValueKind",
    "configure_history_hooks",
    "configure_tagged_action",
    "make_converter",
]

ValueKind: TypeAlias = Literal["state", "action", "observation"]
"""The kinds of game value that :func:`boardgames.dumps` writes, besides records."""


def _structure_int(value: object, _: type) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer, got {type(value).__name__} {value!r}")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, got {type(value).__name__} {value!r}")
    return value


def _structure_str(value: object, _: type) -> str:
    if type(value) is not str:
        raise TypeError(f"expected a string, got {type(value).__name__} {value!r}")
    return value


def _structure_float(value: object, _: type) -> float:
    if type(value) not in (int, float):
        raise TypeError(f"expected a number, got {type(value).__name__} {value!r}")
    assert isinstance(value, int | float)
    return float(value)


def _unstructure_enum(member: enum.Enum) -> str:
    return member.name.lower()


@functools.cache
def _members_by_name(cls: type[enum.Enum]) -> dict[str, enum.Enum]:
    return {member.name.lower(): member for member in cls}


def _structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    members = _members_by_name(cls)
    if type(value) is not str or value not in members:
        raise ValueError(f"expected one of {sorted(members)}, got {value!r}")
    return members[value]


def _is_collection(cls: Any) -> bool:
    return get_origin(cls) in (tuple, frozenset)


def _structure_items(
    value: list[Any], hooks: Iterable[Callable[[object, Any], Any]], types: Iterable[Any], cls: Any
) -> list[Any]:
    """Structure each element, reporting failures by index so error paths name the element."""
    result: list[Any] = []
    errors: list[Exception] = []
    for index, (element, hook, item_type) in enumerate(zip(value, hooks, types, strict=False)):
        try:
            result.append(hook(element, item_type))
        except Exception as error:
            note = IterableValidationNote(f"Structuring {cls} @ index {index}", index, item_type)
            error.__notes__ = [*getattr(error, "__notes__", []), note]
            errors.append(error)
    if errors:
        raise IterableValidationError(f"While structuring {cls!r}", errors, cls)
    return result


_SCALARS: frozenset[Any] = frozenset({int, str, bool})


def _is_exactly(value: object, kind: type) -> bool:
    """Return whether ``value`` has exactly the type ``kind`` (a ``bool`` is not an ``int``)."""
    return type(value) is kind


def _all_of_type(values: list[Any], kind: type) -> bool:
    """Return whether every element of ``values`` has exactly the type ``kind``."""
    return all(type(element) is kind for element in values)


def _collection_structure_factory(
    cls: Any, converter: cattrs.Converter
) -> Callable[[object, type], object]:
    origin = get_origin(cls)
    args = get_args(cls)
    if origin is frozenset:
        (item,) = args
        item_hook = converter.get_structure_hook(item)

        def structure_set(value: object, _: type) -> frozenset[Any]:
            if type(value) is not list:
                raise TypeError(f"expected a list, got {type(value).__name__}")
            if item in _SCALARS and _all_of_type(value, item):
                result = frozenset(value)
                if len(result) == len(value):
                    return result
            items = _structure_items(
                value, itertools.repeat(item_hook), itertools.repeat(item), cls
            )
            result = frozenset(items)
            if len(result) != len(items):
                raise ValueError("expected distinct elements, got duplicates")
            return result

        return structure_set
    if len(args) == 2 and args[1] is Ellipsis:
        item = args[0]
        item_hook = converter.get_structure_hook(item)

        def structure_tuple(value: object, _: type) -> tuple[Any, ...]:
            if type(value) is not list:
                raise TypeError(f"expected a list, got {type(value).__name__}")
            if item in _SCALARS and _all_of_type(value, item):
                return tuple(value)  # the common case, without a hook call per element
            return tuple(
                _structure_items(value, itertools.repeat(item_hook), itertools.repeat(item), cls)
            )

        return structure_tuple
    hooks = [converter.get_structure_hook(arg) for arg in args]
    scalars = all(arg in _SCALARS for arg in args)

    def structure_fixed(value: object, _: type) -> tuple[Any, ...]:
        if type(value) is not list or len(value) != len(args):
            raise TypeError(f"expected a list of {len(args)} items, got {value!r}")
        if scalars and all(map(_is_exactly, value, args)):
            return tuple(value)  # plain ints, strs and bools, without a hook call per element
        return tuple(_structure_items(value, hooks, args, cls))

    return structure_fixed


def _is_history(cls: Any) -> bool:
    return bool(cls is History or get_origin(cls) is History)


def _history_structure_factory(
    cls: Any, converter: cattrs.Converter
) -> Callable[[object, type], History[Any]]:
    args = get_args(cls)
    item = args[0] if args else Any
    item_hook = converter.get_structure_hook(item)

    def structure_history(value: object, _: type) -> History[Any]:
        origin: str | None = None
        if type(value) is dict:
            value, origin = _set_up_history(value)
        if type(value) is not list:
            raise TypeError(f"expected a list, got {type(value).__name__}")
        return History(
            _structure_items(value, itertools.repeat(item_hook), itertools.repeat(item), cls),
            origin,
        )

    return structure_history


def _set_up_history(value: dict[Any, Any]) -> tuple[object, str]:
    """Read the JSON of a history with an origin: ``{"origin": text, "entries": [...]}``."""
    if set(value) != {"origin", "entries"}:
        raise TypeError(
            f"expected a list, or an object with the keys 'origin' and 'entries', got the "
            f"keys {sorted(map(str, value))!r}"
        )
    origin = value["origin"]
    if type(origin) is not str:
        raise TypeError(f"expected the origin as a string, got {type(origin).__name__}")
    return value["entries"], origin


def _history_unstructure_factory(
    cls: Any, converter: cattrs.Converter
) -> Callable[[History[Any]], list[Any] | dict[str, Any]]:
    args = get_args(cls)
    item_hook = converter.get_unstructure_hook(args[0]) if args else converter.unstructure

    def unstructure_history(value: History[Any]) -> list[Any] | dict[str, Any]:
        entries = [item_hook(item) for item in value]
        if value.origin is None:
            return entries
        return {"origin": value.origin, "entries": entries}

    return unstructure_history


def _is_frozenset(cls: Any) -> bool:
    return bool(cls is frozenset or get_origin(cls) is frozenset)


def _sort_key(item: Any) -> tuple[int, Any]:
    if type(item) in (int, float):
        return (0, item)
    return (1, json.dumps(item, sort_keys=True))


def _set_unstructure_factory(cls: Any, converter: cattrs.Converter) -> Callable[[Any], list[Any]]:
    args = get_args(cls)
    item_hook = converter.get_unstructure_hook(args[0]) if args else converter.unstructure

    def unstructure_set(value: frozenset[Any]) -> list[Any]:
        return sorted((item_hook(item) for item in value), key=_sort_key)

    return unstructure_set


def make_converter(*, action_union: Any = None) -> cattrs.Converter:
    """Build a strict JSON converter for one game's values.

    Integers, booleans and strings are never coerced (``"3"`` is not ``3``); enums are
    written by their lowercase member name; frozensets as sorted lists; every tuple and
    :class:`~boardgames.History` must be a JSON list (a history with an origin is the object
    ``{"origin": text, "entries": [...]}``). If ``action_union`` is given, it
    becomes a tagged union whose tag ``"type"`` is the class name of each action.

    Args:
        action_union: The union of the game's action classes (or its one action class), or
            ``None``.

    Returns:
        A converter with detailed validation, so errors carry the path of the bad field.
    """
    converter = _make_json_converter(detailed_validation=True, forbid_extra_keys=True)
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(float, _structure_float)
    # IntEnum and StrEnum are registered by name too, so the int and str hooks do not win.
    for base in (enum.Enum, enum.IntEnum, enum.StrEnum):
        converter.register_unstructure_hook(base, _unstructure_enum)
        converter.register_structure_hook(base, _structure_enum)
    converter.register_structure_hook_factory(
        _is_collection, lambda cls: _collection_structure_factory(cls, converter)
    )
    converter.register_unstructure_hook_factory(
        _is_frozenset, lambda cls: _set_unstructure_factory(cls, converter)
    )
    converter.register_structure_hook_factory(
        _is_history, lambda cls: _history_structure_factory(cls, converter)
    )
    converter.register_unstructure_hook_factory(
        _is_history, lambda cls: _history_unstructure_factory(cls, converter)
    )
    if action_union is not None:
        configure_tagged_action(converter, action_union)
    return converter


def configure_tagged_action(converter: cattrs.Converter, action_type: Any) -> None:
    """Write values of ``action_type`` with a ``"type"`` tag naming their class.

    ``action_type`` is a union of attrs classes or a single attrs class (a game with one
    kind of action); either way the JSON carries ``{"type": "ClassName", ...}``.
    """
    if get_origin(action_type) in (Union, UnionType):
        configure_tagged_union(
            action_type, converter, tag_generator=lambda cls: cls.__name__, tag_name="type"
        )
        return
    name = action_type.__name__
    unstructure_fields = converter.get_unstructure_hook(action_type)
    structure_fields = converter.get_structure_hook(action_type)

    def unstructure(value: Any) -> dict[str, Any]:
        return {**unstructure_fields(value), "type": name}

    def structure(data: Any, _: type) -> Any:
        if type(data) is not dict:
            raise TypeError(f"expected a JSON object, got {type(data).__name__}")
        if data.get("type") != name:
            raise ValueError(f"expected type tag {name!r}, got {data.get('type')!r}")
        return structure_fields(
            {key: value for key, value in data.items() if key != "type"}, action_type
        )

    converter.register_unstructure_hook(action_type, unstructure)
    converter.register_structure_hook(action_type, structure)


def configure_history_hooks(
    converter: cattrs.Converter,
    history_type: Any,
    *,
    read_entry: Callable[[Any], Any],
    write_history: Callable[[History[Any]], list[Any] | None] | None = None,
) -> None:
    """Give ``history_type`` quick hooks, falling back on the converter's strict ones.

    A history is the bulkiest part of a late state, and the generic hooks handle it entry
    by entry through several layers of dispatch. A game that knows the usual shape of its
    entries reads them directly with ``read_entry``; at the first entry it does not
    recognise, the whole history goes to the converter's own hook, so malformed input is
    refused with the same errors and paths as without these hooks. The JSON is unchanged.

    Call it after the converter's other hooks are configured (it captures the generic
    hook of ``history_type`` as the fallback).

    Args:
        converter: The game's converter.
        history_type: The field type, such as ``History[tuple[int, PublicAction]]``.
        read_entry: Returns the entry a JSON item stands for, or ``None`` if the item is
            unusual (or raises: any exception counts the same, and the generic hook then
            reports the error). It must be exactly as strict as the generic hook: an item
            it accepts must be one the generic hook accepts, giving an equal entry.
        write_history: Returns the JSON of a whole history, or ``None`` to leave it to
            the generic hook; ``None`` (the default) always leaves it to the generic hook.

    .. versionadded:: 0.1.0
    """
    structure_generic = converter.get_structure_hook(history_type)

    def structure(value: object, cls: Any) -> History[Any]:
        if type(value) is list:
            try:
                entries = list(map(read_entry, value))
            except Exception:
                pass
            else:
                if None not in entries:
                    return History(entries)
        result: History[Any] = structure_generic(value, cls)
        return result

    def is_history(cls: Any) -> bool:
        return bool(cls == history_type)

    converter.register_structure_hook_func(is_history, structure)
    if write_history is not None:
        unstructure_generic = converter.get_unstructure_hook(history_type)
        write = write_history

        def unstructure(history: History[Any]) -> list[Any] | dict[str, Any]:
            data = None if history.origin is not None else write(history)
            if data is None:
                generic: list[Any] | dict[str, Any] = unstructure_generic(history)
                return generic
            return data

        converter.register_unstructure_hook_func(is_history, unstructure)


@attrs.frozen(eq=False)
class Codec:
    """Everything :func:`boardgames.dumps` and :func:`boardgames.loads` need for one game.

    Args:
        game: The registered name of the game.
        converter: The game's converter, from :func:`~boardgames.core.codec.make_converter`.
        state_type: The class of the game's states.
        observation_type: The class of the game's observations.
        action_type: The union of the game's action classes.
        action_classes: Each class in ``action_type``.
        check: Checks a structured value's invariants; raises
            :class:`~boardgames.InvalidStateError`.
        upgrade: Rewrites the data of a value written in an older envelope format into the
            current shape, called as ``upgrade(data, kind, version)`` before structuring;
            ``None`` when the game's values kept their shape in every format. It raises
            :class:`ValueError` or :class:`TypeError` for data it cannot rewrite.

    .. versionchanged:: 0.1.0
       The ``upgrade`` hook, for envelope format 1.
    """

    game: str
    converter: cattrs.Converter
    state_type: type
    observation_type: type
    action_type: Any
    action_classes: tuple[type, ...]
    check: Callable[[object], None]
    upgrade: Callable[[object, ValueKind, int], object] | None = None

    def kind_of(self, value: object) -> ValueKind | None:
        """Return which kind of this game's value ``value`` is, or ``None`` if none."""
        cls = type(value)
        if cls is self.state_type:
            return "state"
        if cls is self.observation_type:
            return "observation"
        if cls in self.action_classes:
            return "action"
        return None

    def type_of(self, kind: ValueKind) -> Any:
        """Return the type to structure data of ``kind`` into."""
        return {
            "state": self.state_type,
            "observation": self.observation_type,
            "action": self.action_type,
        }[kind]

    def unstructure(self, value: object, kind: ValueKind) -> Any:
        """Turn a game value into JSON-ready data."""
        return self.converter.unstructure(value, self.type_of(kind))

    def structure(self, data: object, kind: ValueKind) -> Any:
        """Turn JSON data into a game value (types are checked; invariants are not).

        Raises:
            ValueError: An action's ``type`` tag names no action of this game.
        """
        if type(data) is not dict:
            raise TypeError(f"expected a JSON object, got {type(data).__name__}")
        if kind == "action":
            tag = data.get("type")
            names = self.action_names()
            if tag not in names:
                raise ValueError(f"unknown action type {tag!r}; expected one of {sorted(names)}")
        return self.converter.structure(data, self.type_of(kind))

    def action_names(self) -> Mapping[str, type]:
        """Return each action class by its tag."""
        return {cls.__name__: cls for cls in self.action_classes}

"""The converter hooks of Morgan's Magic Map's codec: the history in the compact notation.

A state's history holds every decision of the game (about a thousand in a whole game), so
it dominates the cost of :func:`boardgames.dumps` and :func:`boardgames.loads`. It is
written as a JSON list of *tokens*, one string per entry: the seat's digit followed by the
action's :func:`~boardgames.games.morgans_magic_map.actions.notation` (``["3p1", "0t14",
"0c2,-1", "0r3"]``). Each token is read back strictly (it must be the canonical notation
of an action whose fields are in range) into the engine's own entry
(:mod:`~boardgames.games.morgans_magic_map._interned`), and a token met before is a single
dictionary look-up; a list of tokens written lately in the same process reads back as the
history object it was written from. The other fields go through the generic converter,
with quick paths for the bulky collections of ids (:func:`configure_converter` registers
them all).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Final, cast

import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote

from boardgames.core.errors import InvalidStateError
from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.games.morgans_magic_map import _interned, rules
from boardgames.games.morgans_magic_map.actions import (
    NOTATION_SUMMARY,
    Action,
    notation,
    parse_notation,
)
from boardgames.games.morgans_magic_map.geometry import Placement

__all__ = ["configure_converter", "read_token", "write_token"]

_Entry = tuple[PlayerId, Action]
_HISTORY: Final = History[tuple[PlayerId, Action]]
_PLACEMENTS: Final = tuple[Placement, ...]

_TOKEN_OF: Final[dict[int, str]] = {}
"""The token of each engine entry written or read so far, by the entry's id (entries live
forever, so an id is never reused)."""
_ENTRY_OF: Final[dict[str, _Entry]] = {}
"""The engine entry of each canonical token read or written so far."""


def write_token(entry: _Entry) -> str:
    """Return the history token of an entry: the seat's digit, then the action's notation."""
    token = _TOKEN_OF.get(id(entry))
    if token is None:
        seat, action = entry
        token = f"{seat}{notation(action)}"
        if _interned.is_entry(entry):
            _TOKEN_OF[id(entry)] = token
            _ENTRY_OF.setdefault(token, entry)
    return token


def read_token(token: object) -> _Entry:
    """Return the entry a history token stands for (the engine's one for a known token).

    Raises:
        ValueError: ``token`` is not a string, its first character not a seat digit, or
            the rest not the canonical notation of an action with fields in range.
    """
    if type(token) is not str:
        raise ValueError(
            f"invalid history entry {token!r}: expected a string, the seat's digit followed "
            f"by the action's notation (such as '0t14'); the notation allows {NOTATION_SUMMARY}"
        )
    found = _ENTRY_OF.get(token)
    if found is not None:
        return found
    seat_digit, code = token[:1], token[1:]
    if not ("0" <= seat_digit <= "9"):
        raise ValueError(
            f"invalid history entry {token!r}: it must start with the seat's digit, followed "
            f"by the action's notation (such as '0t14')"
        )
    try:
        action = parse_notation(code)
        if notation(action) != code:
            raise ValueError(
                f"invalid action notation {code!r}: not written as the notation writes it "
                f"({notation(action)!r})"
            )
        rules.check_action(action)
    except (ValueError, InvalidStateError) as error:
        raise ValueError(
            f"invalid history entry {token!r}: {error}; the notation allows {NOTATION_SUMMARY}"
        ) from None
    entry = _interned.entry(int(seat_digit), _interned.engine_action(action))
    if _interned.is_entry(entry):
        _ENTRY_OF[token] = entry
        _TOKEN_OF.setdefault(id(entry), token)
    return entry


_WRITTEN: Final[dict[tuple[str | None, tuple[str, ...]], History[_Entry]]] = {}
"""The last histories written, by their origin and tokens: a document read back in the same process
gets the same history object (histories never change), which the state check has read
already (it keeps the reading of the last few history objects)."""
_WRITTEN_SIZE: Final = 32


def _unstructure_history(history: History[_Entry]) -> list[str] | dict[str, object]:
    tokens = _tokens(history)
    if history.origin is None:
        return tokens
    return {"origin": history.origin, "entries": tokens}


def _tokens(history: History[_Entry]) -> list[str]:
    token_of = _TOKEN_OF.get
    tokens = [token_of(id(entry)) for entry in history]
    if None in tokens:
        tokens = [write_token(entry) for entry in history]
    written = tuple(cast("list[str]", tokens))  # no None among them: replaced above
    key = (history.origin, written)
    if key not in _WRITTEN:
        if len(_WRITTEN) >= _WRITTEN_SIZE:
            with contextlib.suppress(KeyError, RuntimeError, StopIteration):  # a thread's race
                del _WRITTEN[next(iter(_WRITTEN))]  # the oldest
        _WRITTEN[key] = history
    return list(written)


def _structure_history(value: object, cls: type) -> History[_Entry]:
    origin: object = None
    if type(value) is dict:
        if set(value) != {"origin", "entries"}:
            raise TypeError(
                "expected a list of history tokens, or an object with the keys 'origin' and "
                f"'entries', got the keys {sorted(map(str, value))!r}"
            )
        origin, value = value["origin"], value["entries"]
        if type(origin) is not str:
            raise TypeError(
                f"expected the history's origin as a string, got {type(origin).__name__}"
            )
    if type(value) is not list:
        raise TypeError(f"expected a list of history tokens, got {type(value).__name__}")
    if all(type(token) is str for token in value):
        written = _WRITTEN.get((origin, tuple(value)))  # type: ignore[arg-type]
        if written is not None:
            return written
    entry_of = _ENTRY_OF.get
    entries = [entry_of(token) if type(token) is str else None for token in value]
    if None in entries:
        for index, token in enumerate(value):
            if entries[index] is None:
                try:
                    entries[index] = read_token(token)
                except ValueError as error:
                    note = IterableValidationNote(f"Structuring {cls} @ index {index}", index, str)
                    error.__notes__ = [note]
                    raise IterableValidationError(
                        f"While structuring {cls!r}", [error], cls
                    ) from None
    origin_text = cast("str | None", origin)
    return History(cast("list[_Entry]", entries), origin_text)  # every None was replaced


_Structure = Callable[[object, type], object]


def _fast_ints(generic: _Structure, kind: type) -> _Structure:
    """A hook for ``tuple[int, ...]`` or ``frozenset[int]``: lists of ints quickly.

    Anything else (or duplicates in a set) goes to ``generic``, which either reads it the
    same way or raises its detailed error with the path of the bad element.
    """

    def structure(value: object, cls: type) -> object:
        if type(value) is list and all(type(item) is int for item in value):
            result = kind(value)
            if len(result) == len(value):
                return result
        return generic(value, cls)

    return structure


def _fast_placements(generic: _Structure) -> _Structure:
    """A hook for the map (``tuple[Placement, ...]``): lists of three ints quickly."""

    def structure(value: object, cls: type) -> object:
        if type(value) is list and all(
            type(item) is list
            and len(item) == 3
            and type(item[0]) is int
            and type(item[1]) is int
            and type(item[2]) is int
            for item in value
        ):
            return tuple(tuple(item) for item in value)
        return generic(value, cls)

    return structure


def _is_history(cls: object) -> bool:
    return cls == _HISTORY


def _is(expected: object) -> Callable[[object], bool]:
    def matches(cls: object) -> bool:
        return cls == expected

    return matches


def _is_int_set(cls: object) -> bool:
    return cls == frozenset[int]


def _sorted_ints(values: frozenset[int]) -> list[int]:
    return sorted(values)


def configure_converter(converter: cattrs.Converter) -> None:
    """Register the history's token hooks and quick paths for the bulky fields.

    The quick paths give the same values as the generic hooks (and leave anything else to
    them, for their detailed errors); they only skip the per-item work.
    """
    # Same output as the generic frozenset hook (sorted), without its per-item sort key:
    # states hold several sets of card ids and are written often.
    converter.register_unstructure_hook_func(_is_int_set, _sorted_ints)
    fast = (
        (tuple[int, ...], _fast_ints(converter.get_structure_hook(tuple[int, ...]), tuple)),
        (frozenset[int], _fast_ints(converter.get_structure_hook(frozenset[int]), frozenset)),
        (_PLACEMENTS, _fast_placements(converter.get_structure_hook(_PLACEMENTS))),
    )
    for cls, hook in fast:
        converter.register_structure_hook_func(_is(cls), hook)
    converter.register_unstructure_hook_func(_is_history, _unstructure_history)
    converter.register_structure_hook_func(_is_history, _structure_history)

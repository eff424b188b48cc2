"""JSON hooks for the public history of a Morrigan state: a list of ``[turn, seat, action]``.

A history holds hundreds of entries drawn from a few hundred distinct public actions (the
objects ``rules._public_actions()`` lists). These hooks write each known action from its
precomputed JSON and read each back as that very object, so that a loaded history shares
its actions like a played one, and ``check_state`` checks each distinct action once.
Anything else goes through the converter's strict hooks, unchanged.
"""

from __future__ import annotations

from typing import Any

import cattrs

from boardgames.core.codec import configure_history_hooks
from boardgames.core.history import History
from boardgames.games.morrigan.actions import PublicAction
from boardgames.games.morrigan.rules import _public_actions
from boardgames.games.morrigan.state import HistoryEntry

__all__ = ["configure_history"]


def _key(data: dict[str, Any]) -> tuple[tuple[str, ...], tuple[type, ...], tuple[Any, ...]]:
    """A hashable form of an action's JSON (in its key order) that tells ``1`` from ``true``."""
    values = tuple(data.values())
    return (tuple(data), tuple(map(type, values)), values)


def _is_entry(cls: Any) -> bool:
    return bool(cls == HistoryEntry)


def configure_history(converter: cattrs.Converter) -> None:
    """Register the hooks of ``History[HistoryEntry]`` and of each entry.

    This is the game's ``converter_hooks`` (see
    :class:`~boardgames.core.standard.GameTypes`), called before the first use of the
    converter on a state or an observation. A history with an entry these hooks do not
    know (an action no rule produces, malformed data) is handed to the converter's own
    hooks, which structure it or report the bad entry's path.

    Args:
        converter: The game's converter, with its tagged union of
            :data:`~boardgames.games.morrigan.actions.PublicAction` configured.
    """
    unstructure_action = converter.get_unstructure_hook(PublicAction)
    structure_action = converter.get_structure_hook(PublicAction)
    written = {id(action): (action, unstructure_action(action)) for action in _public_actions()}
    read = {_key(data): action for action, data in written.values()}

    def unstructure_entry(entry: HistoryEntry) -> list[Any]:
        turn, seat, action = entry
        known = written.get(id(action))
        if known is not None and known[0] is action:
            return [turn, seat, dict(known[1])]
        return [turn, seat, unstructure_action(action)]

    def structure_entry(value: object, _: type) -> HistoryEntry:
        if type(value) is not list or len(value) != 3:
            raise TypeError(f"expected a list [turn, seat, action], got {value!r}")
        turn, seat, data = value
        if type(turn) is not int:
            raise TypeError(f"expected an integer turn, got {type(turn).__name__} {turn!r}")
        if type(seat) is not int:
            raise TypeError(f"expected an integer seat, got {type(seat).__name__} {seat!r}")
        return (turn, seat, structure_action(data, PublicAction))

    def write_history(history: History[HistoryEntry]) -> list[Any]:
        return [unstructure_entry(entry) for entry in history]

    def read_entry(item: object) -> HistoryEntry | None:
        if type(item) is not list or len(item) != 3:
            return None
        turn, seat, data = item
        if type(turn) is not int or type(seat) is not int or type(data) is not dict:
            return None
        action = read.get(_key(data))  # a value that is not hashable raises: not known
        return None if action is None else (turn, seat, action)

    converter.register_unstructure_hook_func(_is_entry, unstructure_entry)
    converter.register_structure_hook_func(_is_entry, structure_entry)
    configure_history_hooks(
        converter, History[HistoryEntry], read_entry=read_entry, write_history=write_history
    )

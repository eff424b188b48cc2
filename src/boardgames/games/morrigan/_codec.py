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
from boardgames.games.morrigan.components import CARD_KINDS
from boardgames.games.morrigan.rules import _public_actions
from boardgames.games.morrigan.state import HistoryEntry, Place

__all__ = ["configure_converter", "configure_history", "configure_places", "upgrade"]


def _key(data: dict[str, Any]) -> tuple[tuple[str, ...], tuple[type, ...], tuple[Any, ...]]:
    """A hashable form of an action's JSON (in its key order) that tells ``1`` from ``true``."""
    values = tuple(data.values())
    return (tuple(data), tuple(map(type, values)), values)


def _is_entry(cls: Any) -> bool:
    return bool(cls == HistoryEntry)


def _is_place(cls: Any) -> bool:
    return bool(cls == Place)


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


def configure_places(converter: cattrs.Converter) -> None:
    """Register the hooks of a :data:`~boardgames.games.morrigan.state.Place`.

    A state's clues name hundreds of places late in a game. A place written as three
    integers is read back as a tuple directly; anything else goes through the converter's
    strict hook, unchanged (so a bad place is reported as before).
    """
    strict = converter.get_structure_hook(Place)

    def structure_place(value: object, cls: Any) -> Place:
        if type(value) is list and len(value) == 3:
            zone, key, index = value
            if type(zone) is int and type(key) is int and type(index) is int:
                return (zone, key, index)
        result: Place = strict(value, cls)
        return result

    def unstructure_place(place: Place) -> list[int]:
        return list(place)

    converter.register_structure_hook_func(_is_place, structure_place)
    converter.register_unstructure_hook_func(_is_place, unstructure_place)


def configure_converter(converter: cattrs.Converter) -> None:
    """Register the game's hooks: the history's (:func:`configure_history`), the places'.

    This is the game's ``converter_hooks`` (see
    :class:`~boardgames.core.standard.GameTypes`).
    """
    configure_history(converter)
    configure_places(converter)


def upgrade(data: object, kind: str, version: int) -> object:
    """Rewrite a value written in envelope format 1 or 2 into the current shape.

    The shapes are unchanged. What changed is which ids an observation shows: the cards only
    the observer sees (his hand, his face-down reinforcements, his stake) now carry their
    private names (the page's section "Card names"), so an older observation's ids for them
    are renamed; the cards in view keep theirs. States and actions are read as they are.

    Raises:
        TypeError: The data is not an object where one is expected.
    """
    if version >= 3 or kind != "observation":
        return data
    if not isinstance(data, dict):
        raise TypeError(f"expected an object, got {type(data).__name__}")
    return _rename_private(data)


def _rename_private(data: dict[str, Any]) -> dict[str, Any]:
    """Give an observation's privately seen cards their private names."""
    holdings = [
        holding
        for row in (*data.get("territories", ()), data.get("adversaries", ()))
        for holding in row
    ]
    ordeal = data.get("ordeal")
    stakes = ordeal.get("stakes", []) if isinstance(ordeal, dict) else []
    own_slots = [
        r for holding in holdings for r in holding.get("reinforcements", ()) if not r["public"]
    ]
    own_slots = [r for r in own_slots if r.get("card") is not None]
    own_stakes = [stake for stake in stakes if stake.get("card") is not None]
    private = [*sorted(data.get("hand", ())), *(r["card"] for r in own_slots)]
    private += [stake["card"] for stake in own_stakes]
    if not all(type(card) is int and 0 <= card < len(CARD_KINDS) for card in private):
        return data  # let the structuring report the bad value
    seen: set[int] = set()
    for card in (
        *data.get("discard_pile", ()),
        *(card for won in data.get("won", ()) for card in won),
    ):
        seen.add(card)
    for holding in holdings:
        seen.add(holding["card"])
        seen.update(r["card"] for r in holding.get("reinforcements", ()) if r["public"])
    for effect in data.get("effects", ()):
        seen.add(effect["card"])
    if isinstance(ordeal, dict):
        seen.add(ordeal["card"])
        seen.update(stake["blessing"] for stake in stakes if stake.get("blessing") is not None)
    for part_name in ("attack", "duel"):
        part = data.get(part_name)
        if isinstance(part, dict):
            for field in ("cards", "catapults", "attack", "maletar"):
                seen.update(part.get(field, ()))
    if data.get("ally") is not None:
        seen.add(data["ally"])
    names: dict[int, int] = {}
    taken = set(seen)
    for card in private:
        name = min(
            other
            for other in range(len(CARD_KINDS))
            if CARD_KINDS[other] is CARD_KINDS[card] and other not in taken
        )
        taken.add(name)
        names[card] = name
    result = dict(data)
    result["hand"] = [names[card] for card in data.get("hand", ())]
    if own_slots or own_stakes:
        result["territories"] = [
            [_renamed_holding(holding, names) for holding in row] for row in data["territories"]
        ]
        result["adversaries"] = [_renamed_holding(h, names) for h in data["adversaries"]]
    if own_stakes:
        assert isinstance(ordeal, dict)
        result["ordeal"] = {
            **ordeal,
            "stakes": [
                {**stake, "card": names[stake["card"]]} if stake.get("card") is not None else stake
                for stake in stakes
            ],
        }
    return result


def _renamed_holding(holding: dict[str, Any], names: dict[int, int]) -> dict[str, Any]:
    return {
        **holding,
        "reinforcements": [
            {**r, "card": names[r["card"]]} if not r["public"] and r.get("card") is not None else r
            for r in holding.get("reinforcements", ())
        ],
    }

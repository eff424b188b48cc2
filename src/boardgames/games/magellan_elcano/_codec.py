"""Fast paths for reading and writing Magellan: Elcano values as JSON.

The converter that :func:`~boardgames.core.codec.make_converter` builds checks every
element of every collection through a generic hook; a mid-game state of five players
holds some seventy history entries and five crews of a dozen collections each. The hooks
here read those two parts straight from their JSON form, checking every type exactly as
strictly, and hand anything unusual to the converter's own hook, so that errors and
their paths are the converter's. Nothing else changes: the JSON is the same.
"""

from __future__ import annotations

from typing import cast

import cattrs

from boardgames.core.codec import ValueKind, configure_history_hooks
from boardgames.core.errors import InvalidStateError
from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.games.magellan_elcano import _history_check, rules
from boardgames.games.magellan_elcano.actions import FaceDownPlayed, Pass, PlayCard, PublicAction
from boardgames.games.magellan_elcano.components import CardId, Colour
from boardgames.games.magellan_elcano.state import _PLACE_SETS, Crew, Place, _new_crew

__all__ = ["configure_fast_paths", "upgrade"]


def configure_fast_paths(converter: cattrs.Converter) -> None:
    """Register the fast hooks for histories and crews on the game's ``converter``."""
    _configure_history(converter)
    _configure_crew(converter)


_ENTRY_TYPE = tuple[PlayerId, PublicAction]
_HISTORY_TYPE = History[_ENTRY_TYPE]


def _configure_history(converter: cattrs.Converter) -> None:
    """Read and write a history's shared entries straight from and to their JSON form.

    Each entry of a history reads as the shared entry that :func:`rules.apply` appends,
    found by its JSON fields, so a loaded history shares its entries with every game and
    ``check_state`` recognises them at once. A history with any other entry takes the
    converter's strict path, with its errors and their paths.
    """
    unstructure_entry = converter.get_unstructure_hook(_ENTRY_TYPE)
    plays: dict[tuple[int, int, str], tuple[PlayerId, PublicAction]] = {}
    others: dict[tuple[int, object], tuple[PlayerId, PublicAction]] = {}
    data_of: dict[int, tuple[PlayerId, dict[str, object]]] = {}
    for entry in rules._shared_entries():
        seat, data = unstructure_entry(entry)
        if data["type"] == "PlayCard":
            plays[(seat, data["card"], data["colour"])] = entry
        else:
            others[(seat, data["type"])] = entry
        data_of[id(entry)] = (seat, data)

    def shared(item: object) -> tuple[PlayerId, PublicAction] | None:
        if type(item) is not list or len(item) != 2:
            return None
        seat, data = item
        if type(seat) is not int or type(data) is not dict:
            return None
        if len(data) == 1:
            tag = data.get("type")
            return others.get((seat, tag)) if type(tag) is str else None
        card, colour = data.get("card"), data.get("colour")
        # Only exact ints and strings: neither true nor 3.0 may stand for card 1 or 3.
        if len(data) != 3 or data.get("type") != "PlayCard":
            return None
        if type(card) is not int or type(colour) is not str:
            return None
        return plays.get((seat, card, colour))

    def write_history(
        history: History[tuple[PlayerId, PublicAction]],
    ) -> list[object] | None:
        shared = list(map(data_of.get, map(id, history)))
        if None in shared:
            return None
        # A fresh dict for each entry: the caller may change what it is given.
        return [
            (seat, {**data}) for seat, data in cast("list[tuple[int, dict[str, object]]]", shared)
        ]

    configure_history_hooks(
        converter, _HISTORY_TYPE, read_entry=shared, write_history=write_history
    )


class _Unusual(Exception):
    """Raised inside a fast hook: the value needs the converter's own hook."""


def _ints(value: object) -> tuple[int, ...]:
    if type(value) is not list:
        raise _Unusual
    for item in value:
        if type(item) is not int:
            raise _Unusual
    return tuple(value)


def _int_set(value: object) -> frozenset[int]:
    items = _ints(value)
    result = frozenset(items)
    if len(result) != len(items):
        raise _Unusual
    return result


def _configure_crew(converter: cattrs.Converter) -> None:
    """Read and write a crew's JSON object directly, as the converter's hooks would.

    Unusual input goes to the converter's own structure hook.
    """
    structure_generic = converter.get_structure_hook(Crew)
    unstructure_place_set = converter.get_unstructure_hook(frozenset[Place])
    place_sets = {tuple(unstructure_place_set(places)): places for places in _PLACE_SETS}
    fields = {field.name for field in Crew.__attrs_attrs__}

    def known_cards(value: object) -> tuple[tuple[CardId, frozenset[Place]], ...]:
        if type(value) is not list:
            raise _Unusual
        result = []
        for item in value:
            if type(item) is not list or len(item) != 2:
                raise _Unusual
            card, names = item
            if type(card) is not int or type(names) is not list:
                raise _Unusual
            places = place_sets.get(tuple(names))
            if places is None:
                raise _Unusual
            result.append((card, places))
        return tuple(result)

    def groups(value: object) -> tuple[tuple[int, frozenset[CardId], int], ...]:
        if type(value) is not list:
            raise _Unusual
        result = []
        for item in value:
            if (
                type(item) is not list
                or len(item) != 3
                or type(item[0]) is not int
                or type(item[2]) is not int
            ):
                raise _Unusual
            result.append((item[0], _int_set(item[1]), item[2]))
        return tuple(result)

    def structure_crew(value: object, cls: type) -> Crew:
        if type(value) is dict and value.keys() == fields:
            try:
                columns = value["columns"]
                if type(columns) is not list or len(columns) != 3:
                    raise _Unusual
                passed = value["passed"]
                if type(passed) is not bool:
                    raise _Unusual
                return _new_crew(
                    _ints(value["deck"]),
                    _int_set(value["hand"]),
                    (_ints(columns[0]), _ints(columns[1]), _ints(columns[2])),
                    _ints(value["storm"]),
                    _ints(value["discard"]),
                    _int_set(value["hidden_discard"]),
                    passed,
                    known_cards(value["known"]),
                    groups(value["face_down_groups"]),
                )
            except _Unusual:
                pass
        generic: Crew = structure_generic(value, cls)
        return generic

    unstructure_generic = converter.get_unstructure_hook(Crew)
    names_of = {places: names for names, places in place_sets.items()}

    def unstructure_crew(crew: Crew) -> dict[str, object]:
        known = []
        for card, places in crew.known:
            names = names_of.get(places)
            if names is None:
                generic: dict[str, object] = unstructure_generic(crew)
                return generic
            known.append((card, list(names)))
        red, blue, green = crew.columns
        return {
            "deck": list(crew.deck),
            "hand": sorted(crew.hand),
            "columns": (list(red), list(blue), list(green)),
            "storm": list(crew.storm),
            "discard": list(crew.discard),
            "hidden_discard": sorted(crew.hidden_discard),
            "passed": crew.passed,
            "known": known,
            "face_down_groups": [
                (size, sorted(cards), never_seen)
                for size, cards, never_seen in crew.face_down_groups
            ],
        }

    converter.register_structure_hook(Crew, structure_crew)
    converter.register_unstructure_hook(Crew, unstructure_crew)


def upgrade(data: object, kind: ValueKind, version: int) -> object:
    """Rewrite a state or observation of envelope format 1 or 2 into the current shape.

    Formats 1 and 2 kept, for each captain, ``in_hidden_discard``: counting constraints
    on his face-down discard, learnt when his storm columns won (they missed what counting
    shows later). Format 3 keeps ``face_down_groups`` instead, the exact knowledge; the
    groups are rebuilt by replaying the public history, which the document holds. A
    document already in the current shape is passed on unchanged.

    Raises:
        ValueError: The history cannot be read or replayed, so the groups cannot be rebuilt.
    """
    if version >= 3 or kind == "action" or type(data) is not dict:
        return data
    crews = data.get("crews")
    if type(crews) is not list or not all(
        type(crew) is dict and "in_hidden_discard" in crew for crew in crews
    ):
        return data  # not the old shape: the structuring judges it
    face_down = any(crew.get("hidden_discard") or crew.get("hidden_discard_size") for crew in crews)
    groups: list[list[object]] = [[] for _ in crews]
    if face_down:
        try:
            history = History(_old_entries(data["history"]))
            replayed = _history_check.replayed_groups(
                history,
                data["players"],
                data["storms"],
                data["round"],
                data["first_player"],
            )
        except (InvalidStateError, TypeError, KeyError, ValueError) as error:
            raise ValueError(
                "its face-down discards must be described by groups rebuilt from its "
                f"history, and the history cannot be replayed: {error}"
            ) from error
        groups = [
            [[size, sorted(cards), never_seen] for size, cards, never_seen in seat]
            for seat in replayed
        ]
    upgraded = []
    for crew, seat_groups in zip(crews, groups, strict=False):
        rest = {key: value for key, value in crew.items() if key != "in_hidden_discard"}
        upgraded.append({**rest, "face_down_groups": seat_groups})
    return {**data, "crews": upgraded}


def _old_entries(value: object) -> list[tuple[PlayerId, PublicAction]]:
    """Read the history entries of a format-1 or 2 document (its JSON list)."""
    if type(value) is not list:
        raise ValueError("the history is not a list")
    entries: list[tuple[PlayerId, PublicAction]] = []
    for item in value:
        if type(item) is not list or len(item) != 2 or type(item[1]) is not dict:
            raise ValueError(f"history entry {item!r} is not [seat, action]")
        seat, action = item
        kind = action.get("type")
        if kind == "PlayCard":
            colour = action.get("colour")
            if type(colour) is not str or colour.upper() not in Colour.__members__:
                raise ValueError(f"history entry {item!r} has no colour")
            entries.append((seat, PlayCard(action.get("card"), Colour[colour.upper()])))
        elif kind == "FaceDownPlayed":
            entries.append((seat, FaceDownPlayed()))
        elif kind == "Pass":
            entries.append((seat, Pass()))
        else:
            raise ValueError(f"history entry {item!r} holds no public action")
    return entries

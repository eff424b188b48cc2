"""Reading states and observations written in older envelope formats.

Formats 1 and 2 lacked the setup-hand knowledge (see
:func:`~boardgames.games.kincses_sziget._setup_knowledge.upgrade`). Formats 1 to 3 named
each event card by its own id, so that identical copies had different ids, and kept one
knowledge mask per event card (``event_known``). Format 4 names every event card by its id
in play, the lowest of its copies
(:data:`~boardgames.games.kincses_sziget.components.EVENT_ID_IN_PLAY`), and keeps one
mask per event pile for its top card (``event_tops_known``): :func:`upgrade` renames the
ids wherever they appear and takes each pile's mask from its top card's.
"""

from __future__ import annotations

import re
from typing import Any

from boardgames.games.kincses_sziget._setup_knowledge import upgrade as _upgrade_setup
from boardgames.games.kincses_sziget.components import EVENT_ID_IN_PLAY
from boardgames.games.kincses_sziget.state import _EVENT_CARD_TASKS

__all__ = ["upgrade"]


_COPY_NUMBER = re.compile(r"\*\d+")
"""A copy number after an event card's name in a format-3 position text (``intrigue*3``)."""


def upgrade(data: object, kind: str, version: int) -> object:
    """Rewrite a state or observation of envelope format 1, 2 or 3 into the current shape.

    A document already in the current shape is passed on unchanged; anything that is not
    an object of this game's shape is passed on for the structuring to judge.

    Raises:
        ValueError: The history of a format 1 or 2 document cannot be read (see
            :func:`~boardgames.games.kincses_sziget._setup_knowledge.upgrade`).
    """
    data = _upgrade_setup(data, kind, version)
    if version >= 4 or kind == "action" or type(data) is not dict:
        return data
    if kind == "state" and "event_known" not in data:
        return data
    return _name_events_in_play(data, kind)


def _card(value: object) -> object:
    if type(value) is int and 0 <= value < len(EVENT_ID_IN_PLAY):
        return EVENT_ID_IN_PLAY[value]
    return value  # not an event card id: the structuring or the check judges it


def _cards(values: object) -> object:
    if type(values) is not list:
        return values
    return [None if value is None else _card(value) for value in values]


def _task(task: object) -> object:
    if type(task) is dict and task.get("type") in _EVENT_CARD_TASKS and "card" in task:
        return {**task, "card": _card(task["card"])}
    return task


def _entry(entry: object) -> object:
    if type(entry) is not list or len(entry) != 2:
        return entry
    seat, action = entry
    if type(action) is dict and action.get("type") == "EventDrawn" and "card" in action:
        return [seat, {**action, "card": _card(action["card"])}]
    return entry


def _name_events_in_play(data: dict[str, Any], kind: str) -> dict[str, Any]:
    upgraded = dict(data)
    for name in ("event_discard", "board_events"):
        if name in data:
            upgraded[name] = _cards(data[name])
    tasks, history = data.get("tasks"), data.get("history")
    if type(tasks) is list:
        upgraded["tasks"] = [_task(task) for task in tasks]
    if type(history) is list:
        upgraded["history"] = [_entry(entry) for entry in history]
    elif type(history) is dict and type(history.get("entries")) is list:
        entries = [_entry(entry) for entry in history["entries"]]
        origin = history.get("origin")
        if type(origin) is str:  # format 3 wrote copy k of an event card NAME*k
            origin = _COPY_NUMBER.sub("", origin)
        upgraded["history"] = {**history, "origin": origin, "entries": entries}
    if kind == "observation":
        known = data.get("event_pile_known")
        if type(known) is list:
            upgraded["event_pile_known"] = [
                [*place[:2], _card(place[2])] if type(place) is list and len(place) == 3 else place
                for place in known
            ]
        return upgraded
    piles, masks = data.get("event_piles"), upgraded.pop("event_known")
    if type(piles) is not list or not all(type(pile) is list for pile in piles):
        return upgraded
    upgraded["event_piles"] = [_cards(pile) for pile in piles]
    upgraded["event_tops_known"] = [_top_mask(pile, masks) if pile else 0 for pile in piles]
    return upgraded


def _top_mask(pile: list[Any], masks: object) -> object:
    """The mask of a pile's top card in the old per-card masks (0 if it cannot be read)."""
    top = pile[0]
    if type(masks) is not list or type(top) is not int or not 0 <= top < len(masks):
        return 0
    return masks[top]

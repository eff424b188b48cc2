"""Reading envelope format 1, which wrote a history as one string in the compact notation.

Format 1 (before :class:`~boardgames.History`) kept the history of a state or an
observation as one string: the tokens of format 2 (the seat's digit followed by the
action's :func:`~boardgames.games.morgans_magic_map.actions.notation`), separated by
spaces, e.g. ``"3p1 0t14 0c2,-1 0r3"``. :func:`upgrade` splits it into the list of tokens
that format 2 writes, before :func:`boardgames.loads` reads, structures and checks it.
"""

from __future__ import annotations

from boardgames.core.codec import ValueKind

__all__ = ["upgrade"]


def upgrade(data: object, kind: ValueKind, version: int) -> object:
    """Rewrite the data of a format-1 state or observation into the current shape.

    Only the history changed: the string becomes the list of its tokens. Anything else is
    passed on unchanged, for the structuring and the checks to judge.

    Raises:
        TypeError: The history of a format-1 state or observation is not a string.
    """
    if version != 1 or kind == "action" or type(data) is not dict or "history" not in data:
        return data
    history = data["history"]
    if type(history) is not str:
        raise TypeError(f"a format-1 history is a string, not {type(history).__name__}")
    return {**data, "history": history.split(" ") if history else []}

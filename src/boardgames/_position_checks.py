"""The conformance kit's checks of positions (see :mod:`boardgames.testing`).

They report through ``expect(condition, message)``, the kit's own checker method.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from boardgames.core.errors import BoardgamesError, ConfigurationError, NotationError
from boardgames.core.protocol import Game, SetsUpPositions

__all__ = ["check_position_arguments", "check_positions"]

Expect = Callable[[bool, str], None]

_NOT_A_SEED: Any = "0"
"""A seed of the wrong type (a str), typed ``Any`` to pass it on."""


def check_positions(game: Game[Any, Any, Any], state: Any, seed: int, expect: Expect) -> int:
    """The position of ``state`` round-trips through its text and sets ``state`` up again.

    Checks, if the game has the :class:`~boardgames.SetsUpPositions` hooks: its text
    reads back as an equal position; ``setup`` from it (with ``seed``) passes
    ``check_state`` and gives back the same position, every seat's observation and the
    legal actions; the same holds, but for the history, for the position without its
    moves (a table set up part-way through). Returns the number of positions set up (0
    for a game without the hooks).
    """
    if not isinstance(game, SetsUpPositions):
        return 0
    position = game.position(state)
    text = str(position)
    try:
        parsed = game.parse_position(text)
    except BoardgamesError as error:
        expect(False, f"parse_position refuses the text of a position: {error}\n{text}")
        return 0
    expect(parsed == position, f"the text of a position reads back differently:\n{text}")
    count = 0
    for candidate, same_history in _candidates(position):
        try:
            again = game.setup(candidate, seed)
            game.check_state(again)
        except BoardgamesError as error:
            expect(False, f"setup refuses the position of a state reached by play: {error}")
            return count
        count += 1
        if same_history:
            expect(game.position(again) == position, "setup(position(s)) has another position")
        for seat in range(game.players):
            mine, theirs = game.observe(again, seat), game.observe(state, seat)
            if not same_history:
                mine = attrs.evolve(mine, history=theirs.history)
            expect(
                mine == theirs,
                f"seat {seat}'s observation of setup(position(s)) differs from that of s",
            )
        expect(
            list(game.legal_actions(again)) == list(game.legal_actions(state)),
            "setup(position(s)) offers other legal actions than s",
        )
    return count


def check_position_arguments(game: Game[Any, Any, Any], state: Any, expect: Expect) -> None:
    """``setup`` and ``parse_position`` refuse what is not a position with the right error.

    Checks, if the game has the hooks: ``setup`` refuses a non-position (the text of a
    position, the state) and a bad seed with :class:`~boardgames.ConfigurationError`, and
    ``parse_position`` refuses an empty text and another game's first line with
    :class:`~boardgames.NotationError`.
    """
    if not isinstance(game, SetsUpPositions):
        return
    position = game.position(state)
    probes: list[tuple[str, Callable[[], object], type[BoardgamesError]]] = [
        ("the text of a position", lambda: game.setup(str(position), 0), ConfigurationError),
        ("a state", lambda: game.setup(state, 0), ConfigurationError),
        ("the seed '0'", lambda: game.setup(position, _NOT_A_SEED), ConfigurationError),
        ("an empty text", lambda: game.parse_position(""), NotationError),
        ("another game's text", lambda: game.parse_position("no-such-game"), NotationError),
    ]
    for what, call, error in probes:
        try:
            call()
        except error:
            continue
        except Exception as other:  # the kit reports any other error
            expect(
                False,
                f"{what} given to the position hooks raises {other!r}, not a {error.__name__}",
            )
            continue
        expect(False, f"the position hooks accept {what}")


def _candidates(position: Any) -> list[tuple[Any, bool]]:
    """The position itself, and (for an attrs position with moves) the same without them."""
    result = [(position, True)]
    if attrs.has(type(position)) and len(getattr(position, "history", ())):
        fields = {field.name for field in attrs.fields(type(position))}
        if "origin" in fields:
            result.append((attrs.evolve(position, history=(), origin=None), False))
    return result

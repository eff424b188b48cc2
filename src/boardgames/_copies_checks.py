"""The conformance kit's check that identical cards cannot be told apart.

See :func:`boardgames.testing.check_copies`.

A game whose components include identical copies must not let any seat tell them apart:
two states that differ only in which copy lies where are, to everyone at the table, the
same game. :func:`compare_copies` plays such a pair side by side and compares everything a
seat is shown; problems are reported through ``fail(message)``, the kit's own error
factory.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from boardgames.core.encoding import encoding_of
from boardgames.core.errors import BoardgamesError
from boardgames.core.protocol import DescribesActions, ExplainsNotation, Game

__all__ = ["compare_copies"]

Fail = Callable[[str], Exception]


def _seen(game: Game[Any, Any, Any], state: Any, *, words: bool) -> list[object]:
    """What the seats are shown of ``state``: observations, legal actions (and ``words``).

    With ``words``, also the texts and numbers made from them: each observation's text
    and vector, and for the seat to move each legal action's name, its explanation and
    its description to every seat, and its number.
    """
    seen: list[object] = []
    mover = game.current_player(state)
    legal = list(game.legal_actions(state))
    encoding = encoding_of(game)
    for seat in range(game.players):
        view = game.observe(state, seat)
        seen.append(view)
        if seat == mover:
            seen.append(legal)
        if not words:
            continue
        seen.append(game.render_observation(view))
        if encoding is not None:
            seen.append(encoding.encode_observation(view))
        if seat != mover:
            continue
        seen.append([str(action) for action in legal])
        if isinstance(game, ExplainsNotation):
            seen += [game.explain_action(view, action) for action in legal]
        if isinstance(game, DescribesActions):
            for viewer in range(game.players):
                seen += [game.describe_action(view, action, viewer) for action in legal]
        if encoding is not None:
            seen.append([encoding.encode_action(action) for action in legal])
    return seen


def _first_difference(one: list[object], other: list[object]) -> str:
    for index, (left, right) in enumerate(zip(one, other, strict=True)):
        if left != right:
            return f"item {index}: {str(left)[:200]!r} against {str(right)[:200]!r}"
    return "the two lists differ in length"


def compare_copies(
    game: Game[Any, Any, Any],
    state: Any,
    relabelled: Any,
    fail: Fail,
    *,
    seed: int,
    steps: int,
    words_every: int,
) -> int:
    """Play ``state`` and ``relabelled`` side by side (:func:`~boardgames.testing.check_copies`)."""
    if state == relabelled:
        raise fail("the relabelled state is the state itself: nothing was exchanged")
    for name, value in (("state", state), ("relabelled state", relabelled)):
        try:
            game.check_state(value)
        except BoardgamesError as error:
            raise fail(f"check_state refuses the {name}: {error}") from error
    choices = random.Random(seed)
    one, other = state, relabelled
    step = 0
    while True:
        over = game.is_terminal(one)
        words = step % words_every == 0 or over
        seen, seen_other = _seen(game, one, words=words), _seen(game, other, words=words)
        if seen != seen_other:
            raise fail(
                f"after {step} decisions (seed {seed}) the seats are shown different things "
                f"in two games that differ only in which identical copy is where: "
                f"{_first_difference(seen, seen_other)}"
            )
        if over or step >= steps:
            break
        legal = list(game.legal_actions(one))
        action = legal[choices.randrange(len(legal))]
        one, other = game.apply(one, action), game.apply(other, action)
        step += 1
    if over and game.score(one) != game.score(other):
        raise fail(
            f"the scores differ at the end (seed {seed}): {game.score(one)} against "
            f"{game.score(other)}"
        )
    return step

"""A seat played by a person at the terminal: the ``human`` bot.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from boardgames.core.play import Bot
from boardgames.core.protocol import ExplainsNotation, Game

__all__ = ["HumanBot"]


class HumanBot(Bot[Any, Any]):
    r"""A seat played by a person: shows the seat's observation and asks for a number.

    The person sees exactly what a bot in that seat would: the rendered observation and the
    numbered legal actions, never the state, each action with what it means where the game
    explains its actions; ``?`` shows the game's legend. A single legal action is played
    without asking. A line that is empty, not a number or out of range is asked again with
    a message.

    Args:
        game: The configured game: its ``render_observation``, and its ``explain_action``
            and ``legend`` if it has them.
        input: Where answers are read from; standard input (at the time of asking) if
            ``None``.
        output: Where the table and prompts are written; standard output if ``None``.

    Raises:
        EOFError: From :meth:`~boardgames.bots.HumanBot.choose`, when the input ends before
            a valid answer.

    >>> import io, random
    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano", players=2)
    >>> state = game.new_game(seed=1)
    >>> legal = game.legal_actions(state)
    >>> bot = HumanBot(game, input=io.StringIO("x\n?\n2\n"), output=io.StringIO())
    >>> bot.choose(game.observe(state, 0), legal, random.Random(0)) == legal[1]
    True
    """

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        input: TextIO | None = None,
        output: TextIO | None = None,
    ) -> None:
        self._game = game
        self._input = input
        self._output = output

    def __repr__(self) -> str:
        return f"HumanBot({self._game!r})"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Show the table and the numbered legal actions, and return the one picked.

        Each choice is shown with what it means when the game explains its actions
        (:class:`~boardgames.ExplainsNotation`), and ``?`` shows the game's legend. A
        single legal action is played at once, and announced.

        Args:
            observation: What this seat knows.
            legal_actions: The actions to choose from.
            rng: Unused: a person chooses.

        Returns:
            The chosen action.

        Raises:
            EOFError: The input ended.
        """
        source = sys.stdin if self._input is None else self._input
        sink = sys.stdout if self._output is None else self._output
        game = self._game
        explainer = game if isinstance(game, ExplainsNotation) else None
        print(game.render_observation(observation), file=sink)

        def meaning(action: Any) -> str:
            if explainer is None:
                return str(action)
            return f"{explainer.explain_action(observation, action)}  [{action}]"

        count = len(legal_actions)
        if count == 1:
            print(f"your only move, played for you: {meaning(legal_actions[0])}", file=sink)
            return legal_actions[0]
        for number, action in enumerate(legal_actions, start=1):
            print(f"  {number:>{len(str(count))}}. {meaning(action)}", file=sink)
        hint = ", ? explains the notation" if explainer is not None else ""
        while True:
            print(f"your move (1-{count}{hint}): ", end="", file=sink, flush=True)
            line = source.readline()
            if not line:
                print(file=sink)
                raise EOFError("input ended before a move was chosen")
            text = line.strip()
            if not source.isatty():  # a script or a pipe: show the answer in the transcript
                print(text, file=sink)
            if text == "?" and explainer is not None:
                print(explainer.legend(), file=sink)
                continue
            if not text:
                print(f"please enter a number from 1 to {count}", file=sink)
                continue
            try:
                number = int(text)
            except ValueError:
                print(f"{text!r} is not a number; enter a number from 1 to {count}", file=sink)
                continue
            if not 1 <= number <= count:
                print(f"{number} is out of range; enter a number from 1 to {count}", file=sink)
                continue
            return legal_actions[number - 1]

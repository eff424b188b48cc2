"""A seat played by a person at the terminal: the ``human`` bot.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from boardgames.core.protocol import Game

__all__ = ["HumanBot"]


class HumanBot:
    r"""A seat played by a person: shows the seat's observation and asks for a number.

    The person sees exactly what a bot in that seat would: the rendered observation and the
    numbered legal actions, never the state. A line that is empty, not a number or out of
    range is asked again with a message.

    Args:
        game: The configured game; only its ``render_observation`` is used.
        input: Where answers are read from; standard input (at the time of asking) if
            ``None``.
        output: Where the table and prompts are written; standard output if ``None``.

    Raises:
        EOFError: From :meth:`~boardgames.bots.HumanBot.choose`, when the input ends before
            a valid answer.

    >>> import io, random
    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano", players=2)
    >>> observation = game.observe(game.new_game(seed=1), 0)
    >>> bot = HumanBot(game, input=io.StringIO("x\n1\n"), output=io.StringIO())
    >>> bot.choose(observation, ["first", "second"], random.Random(0))
    'first'
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
        print(self._game.render_observation(observation), file=sink)
        count = len(legal_actions)
        for number, action in enumerate(legal_actions, start=1):
            print(f"  {number:>{len(str(count))}}. {action}", file=sink)
        while True:
            print(f"your move (1-{count}): ", end="", file=sink, flush=True)
            line = source.readline()
            if not line:
                print(file=sink)
                raise EOFError("input ended before a move was chosen")
            text = line.strip()
            if not source.isatty():  # a script or a pipe: show the answer in the transcript
                print(text, file=sink)
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

"""Reading the text notation of positions: tokens that know where they stand.

A game's position notation is a few lines of whitespace-separated words, such as
``seat 1 red R2/B3 G3/R5``; ``#`` starts a comment, and a line that ends with a comma goes
on on the next one (a long list of cards). :func:`lines` cuts a text into :class:`Line`
values, and each line hands out its tokens one at a time. Every error made
from a token is a :class:`~boardgames.NotationError` that names the token, its line and
its column::

    >>> from boardgames.core.notation import lines
    >>> [line] = lines("round  x   # a comment")
    >>> line.take("a keyword").text
    'round'
    >>> try:
    ...     line.integer("the round", 1, 6)
    ... except ValueError as error:
    ...     print(error, (error.token, error.line, error.column))
    line 1, column 8: expected the round (1 to 6), found 'x' ('x', 1, 8)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import re

import attrs

from boardgames.core.errors import NotationError

__all__ = ["Line", "Token", "header", "lines"]

_WORD = re.compile(r"\S+")


@attrs.frozen
class Token:
    """One word of a position's text, with its place.

    Args:
        text: The word.
        line: Its line, from 1.
        column: The column of its first character, from 1.
    """

    text: str
    line: int
    column: int

    def error(self, message: str) -> NotationError:
        """Return the error ``line L, column C: {message}`` about this token."""
        return NotationError(
            f"line {self.line}, column {self.column}: {message}", self.text, self.line, self.column
        )


class Line:
    """The tokens of one line, handed out in order.

    Args:
        tokens: The line's tokens (at least one).
        end: The column just after the line's last character.
        end_line: The number of the text line it ends on, if it goes on past the first.
    """

    __slots__ = ("_end", "_end_line", "_next", "tokens")

    def __init__(self, tokens: tuple[Token, ...], end: int, end_line: int | None = None) -> None:
        self.tokens = tokens
        self._next = 0
        self._end = end
        self._end_line = tokens[0].line if end_line is None else end_line

    @property
    def number(self) -> int:
        """The line's number, from 1."""
        return self.tokens[0].line

    def done(self) -> bool:
        """Whether every token of the line has been taken."""
        return self._next >= len(self.tokens)

    def peek(self) -> Token | None:
        """Return the next token without taking it, or ``None`` at the end of the line."""
        return None if self.done() else self.tokens[self._next]

    def end_error(self, message: str) -> NotationError:
        """Return the error ``line L, column C: {message}`` about the end of the line."""
        line = self._end_line
        return NotationError(f"line {line}, column {self._end}: {message}", "", line, self._end)

    def take(self, expected: str) -> Token:
        """Take the next token.

        Raises:
            NotationError: The line has ended; the message says ``expected``.
        """
        if self.done():
            raise self.end_error(f"expected {expected}, found the end of the line")
        token = self.tokens[self._next]
        self._next += 1
        return token

    def rest(self) -> tuple[Token, ...]:
        """Take every token left on the line."""
        tokens = self.tokens[self._next :]
        self._next = len(self.tokens)
        return tokens

    def rest_line(self) -> Line | None:
        """Take every token left, as a line of its own (``None`` if none is left).

        For notations that nest one text in another, a prefix word before each line.
        """
        tokens = self.rest()
        return Line(tokens, self._end, self._end_line) if tokens else None

    def integer(self, expected: str, low: int, high: int) -> int:
        """Take the next token as a whole number from ``low`` to ``high``.

        Raises:
            NotationError: The line has ended, or the token is not such a number.
        """
        token = self.take(f"{expected} ({low} to {high})")
        if not token.text.isdecimal() or not low <= int(token.text) <= high:
            raise token.error(f"expected {expected} ({low} to {high}), found {token.text!r}")
        return int(token.text)

    def finish(self) -> None:
        """Check that every token has been taken.

        Raises:
            NotationError: A token is left; the message names it.
        """
        token = self.peek()
        if token is not None:
            raise token.error(f"unexpected {token.text!r} after the end of the line's entry")


def lines(text: str) -> list[Line]:
    r"""Cut ``text`` into its non-empty lines of tokens; ``#`` starts a comment.

    A line whose last token ends with ``,`` goes on with the next non-empty line: the two
    are one :class:`Line` (each token keeps its own line and column)::

        >>> [line] = lines("seat 0 hand Tim Cook,\n    gambling game")
        >>> [(token.text, token.line) for token in line.rest()][-3:]
        [('Cook,', 1), ('gambling', 2), ('game', 2)]

    Raises:
        NotationError: ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position's text must be a str, not {type(text).__name__}")
    result: list[Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0]
        tokens = tuple(
            Token(match.group(), number, match.start() + 1) for match in _WORD.finditer(content)
        )
        if not tokens:
            continue
        end = len(content.rstrip()) + 1
        if result and result[-1].tokens[-1].text.endswith(","):
            result[-1] = Line((*result[-1].tokens, *tokens), end, number)
        else:
            result.append(Line(tokens, end))
    return result


def header(all_lines: list[Line], game: str, low: int, high: int) -> tuple[Line, int]:
    """Read the first line's ``GAME players N``; return that line and ``N``.

    The line's other words (a game's options) are left for the caller, who finishes it::

        >>> line, players = header(lines("nim players 3 misere"), "nim", 2, 4)
        >>> players, line.take("an option").text
        (3, 'misere')

    Raises:
        NotationError: There is no line, or the first does not start ``game players N``
            with ``N`` from ``low`` to ``high``.
    """
    if not all_lines:
        raise NotationError(f"expected a position starting '{game} players N', found no text")
    first = all_lines[0]
    word = first.take("the game's name")
    if word.text != game:
        raise word.error(f"expected the game's name {game!r}, found {word.text!r}")
    keyword = first.take("'players'")
    if keyword.text != "players":
        raise keyword.error(f"expected 'players', found {keyword.text!r}")
    return first, first.integer("the number of players", low, high)

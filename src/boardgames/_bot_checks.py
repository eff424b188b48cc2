"""The conformance kit's check of a bot: :func:`check_bot`, exported by :mod:`boardgames.testing`.

It plays games with the bot in one seat, each game in the next seat, and random bots in the
others. At each of the bot's decisions it asks the bot three times: with the observation and
``rng`` that :func:`~boardgames.play` gives it, again with the same observation and a
generator in the same state, and once more with a copy of the observation sent through
:func:`~boardgames.dumps` and :func:`~boardgames.loads`. The first answer must be legal and
the other two equal to it; a problem is a :class:`~boardgames.testing.ConformanceError`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from boardgames.bots import RandomBot
from boardgames.core.errors import BoardgamesError, ConfigurationError
from boardgames.core.guards import check_seed, require_game, shown
from boardgames.core.play import Bot, play, seat_name
from boardgames.core.protocol import Game
from boardgames.core.record import GameRecord
from boardgames.serialization import dumps, loads

__all__ = ["BotReport", "check_bot"]

Error = Callable[[str], Exception]

_SHOWN = 120  # characters of an action shown in a message


@attrs.frozen
class BotReport:
    """What :func:`~boardgames.testing.check_bot` played and checked.

    Args:
        games: Games played.
        decisions: Decisions of the checked bot, each asked two or three times.
        records: The record of each game, in the order played; game ``i`` has the bot in
            seat ``i % players`` and the seed ``seed + i``.
    """

    games: int
    decisions: int
    records: tuple[GameRecord, ...]


def _label(bot: object) -> str:
    """The bot's ``repr``, or its class name if the ``repr`` is ``object``'s (an address)."""
    if type(bot).__repr__ is object.__repr__:
        return type(bot).__name__
    return shown(bot, 80)


class _CheckedSeat:
    """Stands in for the bot in its seat: answers as the bot does, after checking it."""

    def __init__(self, bot: Bot[Any, Any], where: str, error: Error, round_trip_every: int) -> None:
        self.bot = bot
        self.round_trip_every = round_trip_every
        self.name = seat_name(bot)  # the record names the seat as it would name the bot
        self.where = where
        self.error = error
        self.decisions = 0

    def __repr__(self) -> str:
        return repr(self.bot)

    def fail(self, problem: str) -> Exception:
        name = _label(self.bot)
        return self.error(f"{self.where}, decision {self.decisions} of {name}: {problem}")

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        self.decisions += 1
        options = tuple(legal_actions)
        before = rng.getstate()
        choice = self.bot.choose(observation, legal_actions, rng)
        if choice not in options:
            raise self.fail(
                f"it chose {shown(choice, _SHOWN)}, which is not one of the "
                f"{len(options)} legal actions"
            )
        again = random.Random()
        again.setstate(before)
        second = self.bot.choose(observation, list(options), again)
        if second != choice:
            raise self.fail(
                f"asked again with the same observation and a generator in the same state, "
                f"it chose {shown(second, _SHOWN)} instead of {shown(choice, _SHOWN)}: its "
                "answer must depend only on the observation, the legal actions and the rng "
                "(no other randomness, nothing remembered from earlier decisions)"
            )
        if (self.decisions - 1) % self.round_trip_every:
            return choice
        try:
            copy = loads(dumps(observation))
        except BoardgamesError as error:
            problem = f"its observation does not round-trip through dumps/loads: {error}"
            raise self.fail(problem) from error
        again.setstate(before)
        third = self.bot.choose(copy, list(options), again)
        if third != choice:
            raise self.fail(
                f"for a copy of the observation sent through dumps/loads it chose "
                f"{shown(third, _SHOWN)}, for the observation itself {shown(choice, _SHOWN)}: "
                "its answer must depend on the observation's value, not on the object"
            )
        return choice


def _require_positive(name: str, value: object, *, none: bool) -> None:
    """Refuse ``value`` unless it is a positive int (or, with ``none``, ``None``)."""
    if none and value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        allowed = "a positive int or None" if none else "a positive int"
        raise ConfigurationError(f"{name} must be {allowed}, not {shown(value)}")


def check_bot(
    game: Game[Any, Any, Any],
    bot: Bot[Any, Any],
    *,
    games: int | None = None,
    seed: int = 0,
    max_decisions: int | None = 5_000,
    round_trip_every: int = 1,
) -> BotReport:
    """Play ``games`` games with ``bot`` in each seat in turn and check every answer it gives.

    Game ``i`` is played from the seed ``seed + i`` with the bot in seat ``i % players`` and
    a :class:`~boardgames.RandomBot` in every other seat. At each of the bot's decisions it
    is asked three times: as :func:`~boardgames.play` asks it; again with the same
    observation and a generator in the same state; and (at every ``round_trip_every``-th
    decision, the first included) with a copy of the observation sent through
    :func:`~boardgames.dumps` and :func:`~boardgames.loads`, with the generator in that
    state again. The first answer must be one of the legal actions and the other two
    equal to it: a bot that draws on other randomness (the global ``random`` module, the
    clock), remembers something from one decision to the next, or tells an observation from
    an equal copy of it, fails. (A bot that thinks for a time budget, or learns as it
    plays, is not for this check.) The game goes on with the first answer, so the bot's
    ``rng`` advances as it would in :func:`~boardgames.play`.

    Args:
        game: The configured game to play.
        bot: The bot to check; the same object plays every game.
        games: How many games to play; by default one per seat.
        seed: The seed of the first game.
        max_decisions: Stop a game after this many decisions (of all seats); ``None``
            plays every game to its end.
        round_trip_every: How often (in the bot's decisions) to ask with a copy of the
            observation; loading the copy checks it, which can cost more than the bot.

    Returns:
        A :class:`~boardgames.testing.BotReport`: the games, the bot's decisions, the
        records.

    Raises:
        ~boardgames.testing.ConformanceError: The bot chose an action that is not legal,
            or answered differently the second or the third time; the message names the
            game, the seed, the seat, the decision and both answers.
        ~boardgames.ConfigurationError: ``bot`` has no ``choose`` method, ``games`` is
            not ``None`` or a positive int, ``round_trip_every`` is not a positive int,
            or ``seed`` or ``max_decisions`` is out of range.

    >>> import boardgames
    >>> from boardgames.testing import check_bot
    >>> game = boardgames.make("magellan-elcano", players=3)
    >>> report = check_bot(game, boardgames.make_bot("heuristic", game))
    >>> report.games, report.decisions > 20
    (3, True)

    .. versionadded:: 0.2.0
    """
    from boardgames.testing import ConformanceError  # the kit's error; it imports this module

    require_game(game)
    if not callable(getattr(bot, "choose", None)):
        raise ConfigurationError(
            f"bot={shown(bot, 80)} is not a bot: it needs a "
            "choose(observation, legal_actions, rng) method"
        )
    _require_positive("games", games, none=True)
    _require_positive("round_trip_every", round_trip_every, none=False)
    check_seed(seed)
    count = game.players if games is None else games
    records = []
    decisions = 0
    for index in range(count):
        seat = index % game.players
        where = f"{game.info.name} ({game.players} players) seed {seed + index} seat {seat}"
        checked = _CheckedSeat(bot, where, ConformanceError, round_trip_every)
        bots: list[Bot[Any, Any]] = [RandomBot() for _ in range(game.players)]
        bots[seat] = checked
        records.append(play(game, bots, seed + index, max_decisions=max_decisions))
        decisions += checked.decisions
    return BotReport(games=count, decisions=decisions, records=tuple(records))

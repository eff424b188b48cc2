"""Bots and the loop that lets them play a game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from boardgames.core.errors import ConfigurationError, IllegalActionError
from boardgames.core.guards import check_seed, require_game, shown
from boardgames.core.protocol import Game
from boardgames.core.record import GameRecord
from boardgames.core.rng import Rng

__all__ = ["Bot", "bot_random", "play", "seat_name"]

ObservationT_contra = TypeVar("ObservationT_contra", contravariant=True)
ActionT = TypeVar("ActionT")


class Bot(Protocol[ObservationT_contra, ActionT]):
    """A player program.

    A bot sees only what its seat may see: the observation, the legal actions and a
    random generator of its own. It never receives the state, so it cannot cheat.
    """

    def choose(
        self,
        observation: ObservationT_contra,
        legal_actions: Sequence[ActionT],
        rng: random.Random,
    ) -> ActionT:
        """Return one of ``legal_actions``."""
        ...


def bot_random(seed: int, seat: int) -> random.Random:
    """Return the random generator that :func:`~boardgames.play` gives the bot in ``seat``.

    It is derived from the game seed, so a replay with the same bots makes the same
    choices, but it is independent of the game's own random stream.
    """
    value, _ = Rng.from_seed(seed).derive(0xB075, seat).next64()
    return random.Random(value)


def play(
    game: Game[Any, Any, Any],
    bots: Sequence[Bot[Any, Any]],
    seed: int,
    *,
    max_decisions: int | None = None,
) -> GameRecord:
    """Play one game from ``seed`` with one bot per seat and return its record.

    Args:
        game: The configured game.
        bots: One bot per seat, seat 0 first.
        seed: The game seed; bots get generators derived from it
            (:func:`~boardgames.core.play.bot_random`).
        max_decisions: Stop after this many decisions, leaving the record non-terminal.

    Returns:
        The :class:`~boardgames.GameRecord` of the game.

    Raises:
        ConfigurationError: ``game`` is not a configured game, ``bots`` is not a sequence
            of one bot (an object with a ``choose`` method) per seat, ``seed`` is not an
            int, or ``max_decisions`` is not ``None`` or an int from 0.
        IllegalActionError: A bot chose an action that is not legal.
    """
    require_game(game)
    given_bots: object = bots
    if not isinstance(given_bots, Sequence) or isinstance(given_bots, str):
        raise ConfigurationError(
            f"bots={shown(bots, 80)} must be a list with one bot per seat, seat 0 first"
        )
    for index, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise ConfigurationError(
                f"the bot for seat {index}, {shown(bot, 80)}, is not a bot: it needs a "
                "choose(observation, legal_actions, rng) method"
            )
    check_seed(seed)
    if max_decisions is not None and (type(max_decisions) is not int or max_decisions < 0):
        raise ConfigurationError(
            f"max_decisions={shown(max_decisions, 80)} must be None or an int from 0"
        )
    if len(bots) != game.players:
        raise ConfigurationError(
            f"got {len(bots)} bots for a {game.players}-player game; give one bot per seat"
        )
    rngs = [bot_random(seed, seat) for seat in range(game.players)]
    state = game.new_game(seed)
    actions: list[Any] = []
    while (seat := game.current_player(state)) is not None:
        if max_decisions is not None and len(actions) >= max_decisions:
            break
        legal = game.legal_actions(state)
        action = bots[seat].choose(game.observe(state, seat), legal, rngs[seat])
        try:
            state = game.apply(state, action)
        except IllegalActionError as error:
            raise IllegalActionError(f"bot {bots[seat]!r} in seat {seat}: {error}") from error
        actions.append(action)
    return GameRecord.of(game, seed, actions, state, seats=[seat_name(bot) for bot in bots])


def seat_name(bot: object) -> str:
    """Return the name a record gives the seat ``bot`` played: its ``name``, or its ``repr``.

    >>> from boardgames import RandomBot
    >>> seat_name(RandomBot())
    'RandomBot()'
    """
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else repr(bot)

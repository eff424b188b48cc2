"""Bots and the loop that lets them play a game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from boardgames.core.errors import ConfigurationError, IllegalActionError
from boardgames.core.protocol import Game
from boardgames.core.record import GameRecord
from boardgames.core.rng import Rng

__all__ = ["Bot", "bot_random", "play"]

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
        ConfigurationError: The number of bots is not the number of seats.
        IllegalActionError: A bot chose an action that is not legal.
    """
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
    return GameRecord.of(game, seed, actions, state)

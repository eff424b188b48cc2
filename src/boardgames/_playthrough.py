"""The conformance kit's golden playthroughs (see :func:`boardgames.testing.playthrough`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames.bots import RandomBot
from boardgames.core.play import Bot, play
from boardgames.core.protocol import DescribesActions, Game
from boardgames.serialization import dumps

__all__ = ["playthrough"]


def _bot_label(bot: object) -> str:
    """The bot's ``repr``, or its class name if the ``repr`` is ``object``'s (an address)."""
    if type(bot).__repr__ is object.__repr__:
        return type(bot).__name__
    return repr(bot)


def _table(game: Game[Any, Any, Any], state: Any) -> list[str]:
    """The lines showing ``state`` in full, then as each seat observes it."""
    lines = ["### state", game.render_state(state)]
    for seat in range(game.players):
        observation = game.render_observation(game.observe(state, seat))
        lines += [f"### observation of seat {seat}", observation]
    return lines


def playthrough(
    game: Game[Any, Any, Any],
    seed: int,
    bots: Sequence[Bot[Any, Any]] | None = None,
    *,
    max_decisions: int | None = None,
) -> str:
    """Play ``game`` from ``seed`` and return the whole game as a deterministic text.

    The text is a golden file's content: equal engines give equal texts, and a diff
    between two texts shows where two engines part. It starts with a header (the game's
    name and title, the players, every option, the seed, the bots and ``max_decisions``).
    Then, for each decision: its number and the seat to move, the state
    (``render_state``), the observation of every seat (``render_observation``, so the text
    also pins what each seat may see), the number of legal actions and each of them
    (``str``), numbered from 0, and the chosen one with its number; if the game has the
    :class:`~boardgames.DescribesActions` hook, also what each seat is told of the move.
    It ends with the last state and every seat's observation of it, the scores, the
    ranking, whether the game is over or truncated, and the last state's
    :func:`~boardgames.dumps`.

    Args:
        game: The configured game.
        seed: The game seed, given to :func:`~boardgames.play`.
        bots: One bot per seat, seat 0 first; by default a
            :class:`~boardgames.RandomBot` in every seat. A bot is named by its ``repr``
            (by its class name if that ``repr`` is ``object``'s, which shows an address).
        max_decisions: Stop after this many decisions, to keep the text of a long game
            short; ``None`` plays to the end.

    Returns:
        The text; every line, the last one included, ends with a newline.

    Raises:
        ConfigurationError: ``seed`` is not an int, or the number of bots is not the
            number of seats.
        IllegalActionError: A bot chose an action that is not legal.

    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano", players=2)
    >>> text = playthrough(game, seed=1, max_decisions=2)
    >>> print(text[: text.index("## decision 1")].strip())
    # playthrough of magellan-elcano: Magellan: Elcano
    players: 2
    options: storm_variant=False
    seed: 1
    bots: RandomBot(), RandomBot()
    max_decisions: 2
    >>> text == playthrough(game, seed=1, max_decisions=2)
    True

    .. versionadded:: 0.1.0
    """
    seats = [RandomBot()] * game.players if bots is None else list(bots)
    record = play(game, seats, seed, max_decisions=max_decisions)
    options = [f"{spec.name}={game.options[spec.name]!r}" for spec in game.info.options]
    lines = [
        f"# playthrough of {game.info.name}: {game.info.title}",
        f"players: {game.players}",
        f"options: {', '.join(options) or 'none'}",
        f"seed: {seed}",
        f"bots: {', '.join(_bot_label(bot) for bot in seats)}",
        f"max_decisions: {max_decisions}",
    ]
    state = game.new_game(seed)
    for number, action in enumerate(record.actions, start=1):
        seat = game.current_player(state)
        legal = list(game.legal_actions(state))
        lines += ["", f"## decision {number}: seat {seat} to move", *_table(game, state)]
        lines.append(f"### {len(legal)} legal actions")
        lines += [f"{index}. {option}" for index, option in enumerate(legal)]
        lines.append(f"### chosen: {legal.index(action)}. {action}")
        if isinstance(game, DescribesActions) and seat is not None:
            observation = game.observe(state, seat)
            lines += [
                f"told seat {viewer}: {game.describe_action(observation, action, viewer)}"
                for viewer in range(game.players)
            ]
        state = game.apply(state, action)
    lines += [
        "",
        f"## end after {len(record.actions)} decisions",
        *_table(game, state),
        "### result",
        f"scores: {game.score(state)}",
        f"ranking: {game.ranking(state)}",
        f"terminal: {game.is_terminal(state)}",
        f"truncated: {game.is_truncated(state)}",
        "### dumps of the last state",
        dumps(state),
    ]
    return "\n".join(lines) + "\n"

"""Game records: everything needed to replay a finished game, and the replay itself."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from boardgames.core.errors import ConfigurationError, RecordError
from boardgames.core.guards import check_seed, given, require_game
from boardgames.core.protocol import Game, OptionValue
from boardgames.core.registry import make

__all__ = ["GameRecord", "replay"]


@attrs.frozen
class GameRecord:
    """One played game: its configuration, seed, every action, and the result.

    Args:
        game: The registered game name.
        players: The seat count.
        options: Every option's value, as sorted ``(name, value)`` pairs.
        seed: The seed given to ``new_game``.
        actions: Every action in order, whoever took it.
        scores: The final (or last) score of each seat.
        ranking: The place of each seat, 1 best.
        terminal: Whether the game reached its end (by the rules or by truncation).
        truncated: Whether a turn limit ended the game.
        seats: Who played each seat (a bot's name or spec, ``"human"``), seat 0 first;
            empty when not recorded.

    .. versionchanged:: 0.2.0
       ``seats``.
    """

    game: str
    players: int
    options: tuple[tuple[str, OptionValue], ...]
    seed: int
    actions: tuple[Any, ...]
    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    terminal: bool = True
    truncated: bool = False
    seats: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        game: Game[Any, Any, Any],
        seed: int,
        actions: Sequence[Any],
        state: Any,
        *,
        seats: Sequence[str] = (),
    ) -> GameRecord:
        """Record a game of ``game`` from ``seed`` that reached ``state`` through ``actions``.

        Args:
            game: The configured game.
            seed: The seed given to ``new_game``.
            actions: Every action taken, in order.
            state: The state they reached (the end, or where the game was left).
            seats: Who played each seat, seat 0 first; or empty.

        Raises:
            ConfigurationError: ``game`` is not a configured game, ``seed`` is not an int,
                ``state`` is not a state of ``game``, or ``seats`` is not empty or one
                str per seat.
        """
        require_game(game)
        check_seed(seed)
        names: object = seats
        if (
            not isinstance(names, Sequence)
            or isinstance(names, str)
            or not all(isinstance(name, str) for name in names)
            or len(names) not in (0, game.players)
        ):
            raise ConfigurationError(
                f"seats={given(seats)} must be empty or one str per seat ({game.players})"
            )
        return cls(
            game=game.info.name,
            players=game.players,
            options=tuple(sorted(game.options.items())),
            seed=seed,
            actions=tuple(actions),
            scores=game.score(state),
            ranking=game.ranking(state),
            terminal=game.is_terminal(state),
            truncated=game.is_truncated(state),
            seats=tuple(seats),
        )

    def make_game(self) -> Game[Any, Any, Any]:
        """Build the configured game this record was played with."""
        return make(self.game, self.players, **dict(self.options))


def replay(record: GameRecord) -> Iterator[Any]:
    """Yield every state of a recorded game, from the setup to the last action.

    Each action is checked as it is applied, and the end is checked against the record.

    Raises:
        ConfigurationError: ``record`` is not a :class:`GameRecord` (at once; the other
            errors come as the states are iterated).
        IllegalActionError: A recorded action is not legal where it stands.
        RecordError: The replayed game ends differently from what the record claims.

    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano", players=2)
    >>> record = boardgames.play(game, [boardgames.RandomBot()] * 2, seed=1)
    >>> states = list(boardgames.replay(record))
    >>> len(states) == len(record.actions) + 1
    True
    """
    if not isinstance(record, GameRecord):
        raise ConfigurationError(f"expected a GameRecord, got {given(record)}")
    return _replay(record)


def _replay(record: GameRecord) -> Iterator[Any]:
    game = record.make_game()
    state = game.new_game(record.seed)
    yield state
    for action in record.actions:
        state = game.apply(state, action)
        yield state
    if game.is_terminal(state) != record.terminal:
        raise RecordError(
            f"record says terminal={record.terminal}, but the replayed game "
            f"{'is' if game.is_terminal(state) else 'is not'} over"
        )
    if game.is_truncated(state) != record.truncated:
        raise RecordError(f"record says truncated={record.truncated}, the replay disagrees")
    scores = game.score(state)
    if scores != record.scores:
        raise RecordError(f"record says scores {record.scores}, the replay gives {scores}")
    ranking = game.ranking(state)
    if ranking != record.ranking:
        raise RecordError(f"record says ranking {record.ranking}, the replay gives {ranking}")

"""The values a tournament produces: its configuration, one summary per game, the table."""

from __future__ import annotations

import attrs

from boardgames.core.protocol import OptionValue

__all__ = ["BotStanding", "GameSummary", "TournamentConfig", "TournamentResult"]


@attrs.frozen
class TournamentConfig:
    """What makes two tournaments the same one: a results file belongs to exactly one.

    The number of games is not part of it: a finished tournament can be extended by
    asking for more games with the same configuration and the same output file.

    Args:
        game: The registered game name.
        players: The seat count.
        options: Every option's value, defaults included, as sorted ``(name, value)`` pairs.
        bots: The bot specs, in the order given (the order fixes the seatings).
        seed: The tournament seed, from which every deal's seed is derived.
    """

    game: str
    players: int
    options: tuple[tuple[str, OptionValue], ...]
    bots: tuple[str, ...]
    seed: int

    @property
    def rotations(self) -> int:
        """How many seatings each deal is played with: one per bot."""
        return len(self.bots)


@attrs.frozen
class GameSummary:
    """One finished tournament game: who sat where and how each seat did.

    Two summaries are equal when everything but ``seconds`` is equal, so results from
    different backends or runs compare equal when the games were the same.

    Args:
        deal: The deal number; every rotation of a deal has the same seed.
        rotation: The rotation number, ``0 .. rotations - 1``
            (see :func:`~boardgames.tournaments.seating`).
        seed: The game seed, from :func:`~boardgames.tournaments.deal_seed`; with the
            seating it replays the game through :func:`boardgames.play`.
        seating: The bot spec in each seat, seat 0 first.
        scores: Each seat's final score.
        ranking: Each seat's place (1 best; tied seats share a place).
        decisions: How many decisions the game took.
        terminal: Whether the game reached its end.
        truncated: Whether a turn limit ended it.
        seconds: The wall time of the game, bots included; not compared.
    """

    deal: int
    rotation: int
    seed: int
    seating: tuple[str, ...]
    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    decisions: int
    terminal: bool = True
    truncated: bool = False
    seconds: float = attrs.field(default=0.0, eq=False)


@attrs.frozen
class BotStanding:
    """One bot's row of the summary table.

    Every statistic is taken over the bot's *seat-games*: one per seat it held in a game.
    With as many bots as seats that is one per game.

    Args:
        bot: The bot spec.
        games: The bot's seat-games.
        mean_score: The mean of its seats' final scores.
        mean_rank: The mean of its seats' places (1 best).
        wins: Its win credits: a seat alone in first place earns 1, and ``t`` seats tied
            for first place earn ``1/t`` each.
        win_share: ``wins / games``; with ``n`` seats, equally strong bots share ``1/n``.
        win_share_low: The lower end of the 95% Wilson score interval of ``win_share``.
        win_share_high: The upper end of that interval.
        rating_mu: The Plackett-Luce rating's mean (openskill; 25 before any game).
        rating_sigma: The rating's uncertainty (a standard deviation).
    """

    bot: str
    games: int
    mean_score: float
    mean_rank: float
    wins: float
    win_share: float
    win_share_low: float
    win_share_high: float
    rating_mu: float
    rating_sigma: float

    @property
    def rating_ordinal(self) -> float:
        """A conservative rating, ``mu - 3 * sigma``: the table's sort key."""
        return self.rating_mu - 3 * self.rating_sigma


_HEADERS = ("bot", "games", "mean score", "mean rank", "win share", "95% CI", "rating")


@attrs.frozen
class TournamentResult:
    """Every game of a tournament, sorted by deal and rotation, and the summary table.

    ``str(result)`` is :meth:`format_table`. Two results are equal when their
    configurations, games and standings are, whatever the backend, the run times, or how
    many games were read back from a results file.

    Args:
        config: The tournament's configuration.
        games: One summary per game, sorted by ``(deal, rotation)``.
        standings: One row per bot, best first (by ``rating_ordinal``, then by the order
            of the bots).
        played: How many of the games this run played; the others were read from the
            results file. Not compared.
        seconds: The wall time of this run. Not compared.
    """

    config: TournamentConfig
    games: tuple[GameSummary, ...]
    standings: tuple[BotStanding, ...]
    played: int = attrs.field(default=0, eq=False)
    seconds: float = attrs.field(default=0.0, eq=False)

    def format_table(self) -> str:
        """Render the configuration and the summary table as plain text."""
        config = self.config
        deals = len({game.deal for game in self.games})
        title = f"{config.game}, {config.players} players"
        if config.options:
            title += ", " + ", ".join(f"{name}={_text(value)}" for name, value in config.options)
        title += (
            f", seed {config.seed}: {_count(len(self.games), 'game')} "
            f"({_count(deals, 'deal')} x {_count(config.rotations, 'seating')})"
        )
        rows = [
            (
                standing.bot,
                f"{standing.games}",
                f"{standing.mean_score:.2f}",
                f"{standing.mean_rank:.3f}",
                f"{standing.win_share:.3f}",
                f"{standing.win_share_low:.3f} to {standing.win_share_high:.3f}",
                f"{standing.rating_mu:.2f} ± {standing.rating_sigma:.2f}",
            )
            for standing in self.standings
        ]
        # With fewer bots than seats, a bot holds several seats of a game.
        headers = (
            _HEADERS if config.rotations == config.players else ("bot", "seat-games", *_HEADERS[2:])
        )
        widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]
        lines = [title]
        for row in [headers, *rows]:
            cells = [row[0].ljust(widths[0])]
            cells.extend(cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True))
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format_table()


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)

"""The summary table: mean score and rank, win share with a Wilson interval, and ratings."""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

from boardgames.core.ranking import places_from_keys
from boardgames.tournaments._extras import require
from boardgames.tournaments._results import BotStanding, GameSummary

__all__ = ["check_ratings_available", "summarize", "wilson_interval"]

_Z95 = NormalDist().inv_cdf(0.975)
"""The standard normal quantile of a two-sided 95% interval, about 1.96."""


def wilson_interval(successes: float, trials: int, z: float = _Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion.

    Unlike the normal ("Wald") interval, it stays inside ``[0, 1]`` and does not collapse
    to a point when a bot wins every game or none. Fractional successes (shared wins) are
    used as they are.

    Args:
        successes: The number of successes, possibly fractional.
        trials: The number of trials.
        z: The normal quantile; the default gives a 95% interval.

    Returns:
        ``(low, high)``; ``(0.0, 1.0)`` when there are no trials.

    >>> low, high = wilson_interval(5, 10)
    >>> round(low, 3), round(high, 3)
    (0.237, 0.763)
    """
    if trials <= 0:
        return (0.0, 1.0)
    share = successes / trials
    spread = z * z / trials
    centre = (share + spread / 2) / (1 + spread)
    half = z * math.sqrt(share * (1 - share) / trials + spread / (4 * trials)) / (1 + spread)
    return (max(0.0, centre - half), min(1.0, centre + half))


def check_ratings_available() -> None:
    """Fail early, before any game is played, when openskill is missing.

    Raises:
        ConfigurationError: openskill is not installed.
    """
    require("openskill.models", "tournament", "the tournament summary's ratings")


def summarize(games: Sequence[GameSummary], bots: Sequence[str]) -> tuple[BotStanding, ...]:
    """Compute the summary table of a set of tournament games.

    Each statistic is taken over *seat-games* (one per seat a bot held in a game):

    - mean score and mean rank (place, 1 best);
    - win share: a seat alone in first place earns 1 win, ``t`` seats tied for first earn
      ``1/t`` each; the share is wins per seat-game, with a 95% Wilson score interval.
      The interval treats seat-games as independent, which paired deals and several
      seats of one bot in a game make only approximately true;
    - a Plackett-Luce rating (openskill, default parameters: 25 +- 8.33 before
      any game), updated game by game in ``(deal, rotation)`` order. A bot that holds
      several seats of one game is one team, placed by the mean place of its seats.

    Args:
        games: The games, in any order.
        bots: Every bot spec of the tournament; each gets a row, even without games.

    Returns:
        One :class:`~boardgames.tournaments.BotStanding` per bot, the best rating
        (``mu - 3 * sigma``) first; equal ratings keep the order of ``bots``.

    Raises:
        ConfigurationError: openskill is not installed (``boardgames[tournament]``).
        ValueError: A game seats a bot that is not in ``bots``.
    """
    check_ratings_available()
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in bots}
    scores: dict[str, list[float]] = {bot: [] for bot in bots}
    places: dict[str, list[int]] = {bot: [] for bot in bots}
    wins = dict.fromkeys(bots, 0.0)
    for game in sorted(games, key=lambda game: (game.deal, game.rotation)):
        unknown = sorted(set(game.seating) - set(ratings))
        if unknown:
            raise ValueError(f"game {game.deal}/{game.rotation} seats unknown bot {unknown[0]!r}")
        first = game.ranking.count(1)
        for bot, score, place in zip(game.seating, game.scores, game.ranking, strict=True):
            scores[bot].append(score)
            places[bot].append(place)
            if place == 1:
                wins[bot] += 1 / first
        teams = list(dict.fromkeys(game.seating))
        if len(teams) < 2:
            continue  # one bot in every seat: nothing to learn about relative strength
        seats = list(zip(game.seating, game.ranking, strict=True))
        mean_places = [_mean([place for bot, place in seats if bot == team]) for team in teams]
        ranks = places_from_keys([-place for place in mean_places])
        updated = model.rate([[ratings[team]] for team in teams], ranks=list(ranks))
        for team, (rating,) in zip(teams, updated, strict=True):
            ratings[team] = rating
    standings = []
    for bot in bots:
        count = len(places[bot])
        low, high = wilson_interval(wins[bot], count)
        standings.append(
            BotStanding(
                bot=bot,
                games=count,
                mean_score=_mean(scores[bot]),
                mean_rank=_mean(places[bot]),
                wins=wins[bot],
                win_share=wins[bot] / count if count else math.nan,
                win_share_low=low,
                win_share_high=high,
                rating_mu=ratings[bot].mu,
                rating_sigma=ratings[bot].sigma,
            )
        )
    order = {bot: index for index, bot in enumerate(bots)}
    return tuple(sorted(standings, key=lambda row: (-row.rating_ordinal, order[row.bot])))


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else math.nan

"""Tournaments: bots play every seat of paired deals, in parallel, with a summary table.

>>> from boardgames.tournaments import tournament
>>> result = tournament("magellan-elcano", ["random"], games=2, players=2, workers=1)
>>> len(result.games), result.standings[0].bot
(2, 'random')

:func:`tournament` plans the games (deals times seat rotations), runs them on a backend
(a local process pool, any ``concurrent.futures.Executor``, or Ray), streams each
finished game to a JSON Lines file so that an interrupted run can be resumed, and returns a
:class:`TournamentResult` with every :class:`GameSummary` and one :class:`BotStanding` per
bot. The ratings and the progress bar need the ``boardgames[tournament]`` extra (openskill
and tqdm), and Ray needs ``boardgames[ray]``; importing this module imports neither.

.. versionadded:: 0.1.0
"""

from boardgames.tournaments._backends import BACKENDS as _BACKENDS
from boardgames.tournaments._ladder import LADDER_BOTS, Ladder, LadderRow, ladder
from boardgames.tournaments._results import (
    BotStanding,
    GameSummary,
    TournamentConfig,
    TournamentResult,
)
from boardgames.tournaments._summary import summarize, wilson_interval
from boardgames.tournaments._tournament import tournament
from boardgames.tournaments._work import deal_seed, play_chunk, play_game, seating

BACKENDS = _BACKENDS
"""The backends :func:`tournament` starts by name: ``"process"`` (the default) and ``"ray"``."""

__all__ = [
    "BACKENDS",
    "LADDER_BOTS",
    "BotStanding",
    "GameSummary",
    "Ladder",
    "LadderRow",
    "TournamentConfig",
    "TournamentResult",
    "deal_seed",
    "ladder",
    "play_chunk",
    "play_game",
    "seating",
    "summarize",
    "tournament",
    "wilson_interval",
]

# Document (and pickle) the public objects under this module rather than the private ones.
for _public in (
    BotStanding,
    GameSummary,
    Ladder,
    LadderRow,
    TournamentConfig,
    TournamentResult,
    deal_seed,
    ladder,
    play_chunk,
    play_game,
    seating,
    summarize,
    tournament,
    wilson_interval,
):
    _public.__module__ = __name__
del _public

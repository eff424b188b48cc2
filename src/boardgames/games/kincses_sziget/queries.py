"""Questions about an Irány a Kincses Sziget! position that the rules answer but do not ask.

:func:`score_by_category` splits a seat's score into the headings of the rulebook's
"Scoring" section, as the final scoring would count them if the game ended now; at the
end of the game the parts add up to the seat's score:

>>> import boardgames
>>> game = boardgames.make("kincses-sziget", players=2)
>>> state = game.new_game(seed=2)
>>> breakdown = score_by_category(state, 0)
>>> breakdown.position  # both ships are on START, in zone A
-5
>>> breakdown.total == game.score(state)[0]
True

It takes a state, not an observation: most headings read cards that only their holder
sees (the hand, the treasures, the missions), and a mission of one seat may depend on the
hands of all the others (the majorities), so no observation determines the breakdown of
any seat, its observer's own included.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import attrs

from boardgames.core.errors import ConfigurationError
from boardgames.core.guards import check_seat, given
from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget._scoring import score_breakdown
from boardgames.games.kincses_sziget.state import KincsesState

__all__ = ["ScoreBreakdown", "score_by_category"]


@attrs.frozen
class ScoreBreakdown:
    """A seat's points under each heading of the final scoring.

    Args:
        position: By position: 15 for the ship that reached Treasure Island, else the
            points of its zone (A -5, B 0, C 5, D 10; START is in zone A).
        treasures: By treasures collected: their face values, with the best sets (three
            1s = 5, three 3s = 12, 1-3-5 = 12) in place of their cards' values.
        islands: 5 for each island the seat occupies.
        pearls: 1 for each true pearl the seat holds.
        crew: By pirate cards in hand: +1 for each pirate, or -1 if any of its four values
            is below 5; weapons score nothing.
        missions: By missions: each held mission's bonus if its goal is met, else minus
            its penalty.

    .. versionadded:: 0.2.0
    """

    position: int
    treasures: int
    islands: int
    pearls: int
    crew: int
    missions: int

    @property
    def total(self) -> int:
        """The seat's score: the sum of the six headings."""
        return (
            self.position + self.treasures + self.islands + self.pearls + self.crew + self.missions
        )


def score_by_category(state: KincsesState, seat: PlayerId) -> ScoreBreakdown:
    """Return ``seat``'s points in ``state``, heading by heading, as the final scoring counts.

    The breakdown is that of the final scoring whenever it is asked: during the game it is
    the score the seat would have if the game ended now (missions included). Its
    :attr:`~ScoreBreakdown.total` is the seat's entry in
    :func:`~boardgames.games.kincses_sziget.rules.score`.

    Args:
        state: Any state of the game (the breakdown reads hidden cards, so it takes a state
            and not an observation).
        seat: The seat, 0 to ``state.players - 1``.

    Returns:
        The seat's :class:`ScoreBreakdown`.

    Raises:
        ConfigurationError: ``state`` is not a
            :class:`~boardgames.games.kincses_sziget.state.KincsesState` (an observation,
            say), or ``seat`` is not one of its seats.

    .. versionadded:: 0.2.0
    """
    given_state: object = state
    if not isinstance(given_state, KincsesState):
        raise ConfigurationError(
            f"expected a KincsesState (a state of kincses-sziget), got {given(state)}; "
            "a score breakdown reads hidden cards, so it needs the full state"
        )
    points = score_breakdown(state, check_seat(seat, state.players))
    return ScoreBreakdown(
        position=points["position"],
        treasures=points["treasures"],
        islands=points["islands"],
        pearls=points["pearls"],
        crew=points["crew"],
        missions=points["missions"],
    )

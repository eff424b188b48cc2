"""Irány a Kincses Sziget! (2-4 players): race pirate ships to Treasure Island.

Every rule family of the rulebook is implemented: setup (weapon exchange, mission choice,
islands, pearl beds, event piles, rows), movement and anchoring, all twelve event kinds and
the island cards, pearl beds and pearl sales, the end of the game and the final scoring
with every mission. Card data the rulebook does not print are design defaults (see
:mod:`~boardgames.games.kincses_sziget.components`).

>>> from boardgames.games.kincses_sziget import KincsesSziget
>>> game = KincsesSziget(players=3)
>>> state = game.new_game(seed=7)
>>> game.current_player(state) in (0, 1, 2)
True
"""

from __future__ import annotations

from typing import ClassVar

from boardgames.core.play import Bot
from boardgames.core.protocol import GameInfo, OptionSpec
from boardgames.core.standard import GameTypes, StandardPositions
from boardgames.games.kincses_sziget import (
    _position_setup,
    encoding,
    observation,
    picture,
    render,
    rules,
)
from boardgames.games.kincses_sziget._codec import configure_fast_paths
from boardgames.games.kincses_sziget._formats import upgrade
from boardgames.games.kincses_sziget.actions import Action, PublicAction
from boardgames.games.kincses_sziget.observation import IslandView, KincsesObservation, SeatView
from boardgames.games.kincses_sziget.position import KincsesPosition, SeatPosition
from boardgames.games.kincses_sziget.queries import ScoreBreakdown, score_by_category
from boardgames.games.kincses_sziget.state import HistoryEntry, KincsesState, Phase, Task

__all__ = [
    "Action",
    "HistoryEntry",
    "IslandView",
    "KincsesObservation",
    "KincsesPosition",
    "KincsesState",
    "KincsesSziget",
    "Phase",
    "PublicAction",
    "ScoreBreakdown",
    "SeatPosition",
    "SeatView",
    "Task",
    "score_by_category",
]


class KincsesSziget(
    StandardPositions[
        KincsesState, Action, KincsesObservation, rules.Configuration, KincsesPosition
    ]
):
    """Irány a Kincses Sziget! for 2 to 4 players.

    Args:
        players: The number of pirate captains, 2 to 4.
        max_turns: Turns after which the game stops and is scored as it stands (the game
            has no guaranteed end: A-IRA-47).
        reveal_shown_cards: After a passed island, mutiny or reef check, show a canonical
            minimal set of the cards that reach the value to everyone (E7); with ``False``
            only the outcome is public.
        tiebreak_by_position: Break tied scores by the ship further along the track
            (A-IRA-42); by default tied players share the place.
    """

    rules = rules
    knowledge = observation
    text = render
    picture = picture
    encoder = encoding
    positions = _position_setup

    info: ClassVar[GameInfo] = GameInfo(
        name="kincses-sziget",
        title="Irány a Kincses Sziget!",
        min_players=2,
        max_players=4,
        default_players=4,
        options=(
            OptionSpec.turn_limit("turns after which the game stops and is scored as it stands"),
            OptionSpec(
                name="reveal_shown_cards",
                default=True,
                description="show the cards that pass an island, mutiny or reef check to all",
            ),
            OptionSpec(
                name="tiebreak_by_position",
                default=False,
                description="break tied scores by the ship further along the track",
            ),
        ),
    )
    types: ClassVar[GameTypes] = GameTypes(
        state=KincsesState,
        observation=KincsesObservation,
        action=Action,
        public_action=PublicAction,
        converter_hooks=configure_fast_paths,
        upgrade=upgrade,
        position=KincsesPosition,
    )

    def __init__(
        self,
        *,
        players: int,
        max_turns: int = 500,
        reveal_shown_cards: bool = True,
        tiebreak_by_position: bool = False,
    ) -> None:
        super().__init__(
            players=players,
            max_turns=max_turns,
            reveal_shown_cards=reveal_shown_cards,
            tiebreak_by_position=tiebreak_by_position,
        )

    def heuristic_bot(self) -> Bot[KincsesObservation, Action]:
        """Return the game's heuristic bot (``KincsesHeuristicBot``), the ``heuristic`` bot spec.

        This is the optional hook that ``boardgames.make_bot("heuristic", game)`` calls.

        .. versionadded:: 0.2.0
        """
        from boardgames.games.kincses_sziget.heuristic import KincsesHeuristicBot

        return KincsesHeuristicBot()

    def heuristic_value(self, state: KincsesState) -> tuple[float, ...]:
        """Return each seat's score plus its progress and hand strength (the greedy bot's view).

        See :func:`~boardgames.games.kincses_sziget.heuristic.heuristic_value`; at the end
        of the game it orders the seats as the ranking does.

        .. versionadded:: 0.2.0
        """
        from boardgames.games.kincses_sziget.heuristic import heuristic_value

        return heuristic_value(state)

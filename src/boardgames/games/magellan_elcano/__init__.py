"""Magellan: Elcano (2-5 players): bid crew cards in three colours for ocean cards.

>>> import boardgames
>>> game = boardgames.make("magellan-elcano", players=3)
>>> state = game.new_game(seed=7)
>>> game.current_player(state) in (0, 1, 2)
True
"""

from __future__ import annotations

from typing import ClassVar

from boardgames.core.play import Bot
from boardgames.core.protocol import GameInfo, OptionSpec
from boardgames.core.standard import GameTypes, StandardPositions
from boardgames.games.magellan_elcano import _setup, encoding, observation, picture, render, rules
from boardgames.games.magellan_elcano._codec import configure_fast_paths, upgrade
from boardgames.games.magellan_elcano.actions import (
    Action,
    FaceDownPlayed,
    Pass,
    PlayCard,
    PlayFaceDown,
    PublicAction,
)
from boardgames.games.magellan_elcano.components import Colour
from boardgames.games.magellan_elcano.observation import CrewView, MagellanObservation
from boardgames.games.magellan_elcano.position import MagellanPosition, SeatPosition
from boardgames.games.magellan_elcano.state import Crew, MagellanState, Place

__all__ = [
    "Action",
    "Colour",
    "Crew",
    "CrewView",
    "FaceDownPlayed",
    "MagellanElcano",
    "MagellanObservation",
    "MagellanPosition",
    "MagellanState",
    "Pass",
    "Place",
    "PlayCard",
    "PlayFaceDown",
    "PublicAction",
    "SeatPosition",
]


class MagellanElcano(
    StandardPositions[
        MagellanState, Action, MagellanObservation, rules.Configuration, MagellanPosition
    ]
):
    """Magellan: Elcano for 2 to 5 players, with the storm deck at 5 (or at 4 as a variant).

    Args:
        players: The number of captains, 2 to 5.
        storm_variant: Use the storm deck in a 4-player game. Storms are always used with
            5 players and never with 2 or 3.

    Raises:
        ConfigurationError: ``storm_variant`` with fewer than 4 players.
    """

    rules = rules
    knowledge = observation
    text = render
    picture = picture
    encoder = encoding
    positions = _setup

    info: ClassVar[GameInfo] = GameInfo(
        name="magellan-elcano",
        title="Magellan: Elcano",
        min_players=2,
        max_players=5,
        default_players=4,
        options=(
            OptionSpec(
                name="storm_variant",
                default=False,
                description="use the storm deck with 4 players (always used with 5)",
            ),
        ),
    )
    types: ClassVar[GameTypes] = GameTypes(
        state=MagellanState,
        observation=MagellanObservation,
        action=Action,
        public_action=PublicAction,
        converter_hooks=configure_fast_paths,
        upgrade=upgrade,
        position=MagellanPosition,
    )

    def __init__(self, *, players: int, storm_variant: bool = False) -> None:
        super().__init__(players=players, storm_variant=storm_variant)

    @property
    def storms(self) -> bool:
        """Whether this configuration uses the storm deck."""
        return self.configuration[1]

    def heuristic_bot(self) -> Bot[MagellanObservation, Action]:
        """Return the game's heuristic bot (``MagellanHeuristicBot``), the ``heuristic`` bot spec.

        This is the optional hook that ``boardgames.make_bot("heuristic", game)`` calls.

        .. versionadded:: 0.1.0
        """
        from boardgames.games.magellan_elcano.heuristic import MagellanHeuristicBot

        return MagellanHeuristicBot()

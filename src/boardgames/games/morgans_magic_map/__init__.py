"""Morgan's Magic Map (2-4 players): move map tiles, walk your pirate, dig for treasure.

>>> import boardgames
>>> game = boardgames.make("morgans-magic-map", players=3)
>>> state = game.new_game(seed=7)
>>> game.current_player(state) in (0, 1, 2)
True
"""

from __future__ import annotations

from typing import ClassVar

from boardgames.core.play import Bot
from boardgames.core.protocol import GameInfo, OptionSpec
from boardgames.core.standard import GameTypes, StandardPositions
from boardgames.games.morgans_magic_map import (
    _format1,
    _setup,
    encoding,
    observation,
    picture,
    render,
    rules,
)
from boardgames.games.morgans_magic_map._codec import configure_converter
from boardgames.games.morgans_magic_map.actions import (
    Action,
    ChooseCell,
    ChooseRotation,
    DiscardFromHand,
    EndMapChange,
    EndMove,
    KeepHand,
    PlacePawn,
    PlayMapCard,
    SelectTile,
    Step,
    StopPlaying,
    TakeTreasure,
    UseBonus,
    UsePair,
)
from boardgames.games.morgans_magic_map.components import (
    Corner,
    Direction,
    Symbol,
    Terrain,
    TreasureSet,
)
from boardgames.games.morgans_magic_map.observation import MorganObservation
from boardgames.games.morgans_magic_map.position import MorganPosition, SeatPosition
from boardgames.games.morgans_magic_map.queries import tile_destinations
from boardgames.games.morgans_magic_map.render import render_map, render_map_svg
from boardgames.games.morgans_magic_map.state import MorganState, Phase, Variant

__all__ = [
    "Action",
    "ChooseCell",
    "ChooseRotation",
    "Corner",
    "Direction",
    "DiscardFromHand",
    "EndMapChange",
    "EndMove",
    "KeepHand",
    "MorganObservation",
    "MorganPosition",
    "MorganState",
    "MorgansMagicMap",
    "Phase",
    "PlacePawn",
    "PlayMapCard",
    "SeatPosition",
    "SelectTile",
    "Step",
    "StopPlaying",
    "Symbol",
    "TakeTreasure",
    "Terrain",
    "TreasureSet",
    "UseBonus",
    "UsePair",
    "Variant",
    "render_map",
    "render_map_svg",
    "tile_destinations",
]


class MorgansMagicMap(
    StandardPositions[MorganState, Action, MorganObservation, rules.Configuration, MorganPosition]
):
    """Morgan's Magic Map for 2 to 4 players.

    Args:
        players: The number of pirates, 2 to 4.
        max_turns: Player turns after which the game stops, truncated (players may refuse
            to dig, so the game need not end by itself).
        connectivity_at_end_of_action: Check that the island map is connected only at the
            end of the map change instead of after every tile move (erratum E5).
        shovel_without_play: Allow a dig with shovel bonuses alone, no map card played
            (the literal reading rejected by A-MMM-9).
        exact_bonus_cards: Let the player choose which cards pay for a bonus, instead of
            the engine discarding the lowest ids (A-MMM-13).
        hide_claimed_treasures: Hide the identity of the other players' treasures (only
            their number is known), a memory variant.
    """

    rules = rules
    knowledge = observation
    text = render
    picture = picture
    encoder = encoding
    positions = _setup

    info: ClassVar[GameInfo] = GameInfo(
        name="morgans-magic-map",
        title="Morgan's Magic Map",
        min_players=2,
        max_players=4,
        default_players=4,
        options=(
            OptionSpec.turn_limit("end the game (truncated) after this many player turns"),
            OptionSpec(
                name="connectivity_at_end_of_action",
                default=False,
                description="check the map is connected only when the map change ends (E5)",
            ),
            OptionSpec(
                name="shovel_without_play",
                default=False,
                description="allow a dig with shovel bonuses and no map card played",
            ),
            OptionSpec(
                name="exact_bonus_cards",
                default=False,
                description="choose which play-area cards pay for each bonus",
            ),
            OptionSpec(
                name="hide_claimed_treasures",
                default=False,
                description="hide which treasures the other players took (memory variant)",
            ),
        ),
    )
    types: ClassVar[GameTypes] = GameTypes(
        state=MorganState,
        observation=MorganObservation,
        action=Action,
        converter_hooks=configure_converter,
        upgrade=_format1.upgrade,
        position=MorganPosition,
    )

    def __init__(
        self,
        *,
        players: int,
        max_turns: int = 500,
        connectivity_at_end_of_action: bool = False,
        shovel_without_play: bool = False,
        exact_bonus_cards: bool = False,
        hide_claimed_treasures: bool = False,
    ) -> None:
        super().__init__(
            players=players,
            max_turns=max_turns,
            connectivity_at_end_of_action=connectivity_at_end_of_action,
            shovel_without_play=shovel_without_play,
            exact_bonus_cards=exact_bonus_cards,
            hide_claimed_treasures=hide_claimed_treasures,
        )

    @property
    def variant(self) -> Variant:
        """The options as the rules code reads them."""
        return self.configuration[1]

    def heuristic_bot(self) -> Bot[MorganObservation, Action]:
        """Return the game's heuristic bot (``MorganHeuristicBot``), the ``heuristic`` bot spec.

        This is the optional hook that ``boardgames.make_bot("heuristic", game)`` calls.

        .. versionadded:: 0.2.0
        """
        from boardgames.games.morgans_magic_map.heuristic import MorganHeuristicBot

        return MorganHeuristicBot()

    def heuristic_value(self, state: MorganState) -> tuple[float, ...]:
        """Return how well each seat stands in ``state``, for the greedy bot.

        The score, plus the bonus cards in the play areas and the dig still in reach of
        the seat to move; at the end of the game it orders the seats as the ranking does
        (see :func:`boardgames.games.morgans_magic_map.heuristic.heuristic_value`).

        .. versionadded:: 0.2.0
        """
        from boardgames.games.morgans_magic_map.heuristic import heuristic_value

        return heuristic_value(state)

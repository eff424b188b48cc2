"""Morgan's Magic Map (2-4 players): move map tiles, walk your pirate, dig for treasure.

>>> import boardgames
>>> game = boardgames.make("morgans-magic-map", players=3)
>>> state = game.new_game(seed=7)
>>> game.current_player(state) in (0, 1, 2)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from boardgames.core.codec import Codec
from boardgames.core.guards import (
    check_seat,
    check_seed,
    describe_configuration,
    foreign_state,
    foreign_state_action,
)
from boardgames.core.protocol import GameInfo, OptionSpec, OptionValue, PlayerId
from boardgames.games.morgans_magic_map import rules
from boardgames.games.morgans_magic_map._codec import codec
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
from boardgames.games.morgans_magic_map.observation import (
    MorganObservation,
    observe,
    sample_state,
)
from boardgames.games.morgans_magic_map.render import (
    render_map,
    render_map_svg,
    render_observation,
    render_state,
)
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
    "MorganState",
    "MorgansMagicMap",
    "Phase",
    "PlacePawn",
    "PlayMapCard",
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
]


def _configuration(state: MorganState) -> str:
    """The configuration ``state`` was made for, for error messages."""
    return describe_configuration(state.players, attrs.asdict(state.variant))


class MorgansMagicMap:
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

    info: ClassVar[GameInfo] = GameInfo(
        name="morgans-magic-map",
        title="Morgan's Magic Map",
        min_players=2,
        max_players=4,
        default_players=4,
        options=(
            OptionSpec(
                name="max_turns",
                default=500,
                description="end the game (truncated) after this many player turns",
                minimum=1,
            ),
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
        options = {
            "max_turns": max_turns,
            "connectivity_at_end_of_action": connectivity_at_end_of_action,
            "shovel_without_play": shovel_without_play,
            "exact_bonus_cards": exact_bonus_cards,
            "hide_claimed_treasures": hide_claimed_treasures,
        }
        self.info.resolve(players, options)
        self._players = players
        self._options: dict[str, OptionValue] = dict(options)
        self.variant = Variant(
            max_turns=max_turns,
            connectivity_at_end_of_action=connectivity_at_end_of_action,
            shovel_without_play=shovel_without_play,
            exact_bonus_cards=exact_bonus_cards,
            hide_claimed_treasures=hide_claimed_treasures,
        )
        """The options as the rules code reads them."""

    def __repr__(self) -> str:
        options = ", ".join(f"{name}={value!r}" for name, value in self._options.items())
        return f"MorgansMagicMap(players={self._players}, {options})"

    @property
    def players(self) -> int:
        """The number of pirates."""
        return self._players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The option values of this configuration."""
        return dict(self._options)

    @property
    def codec(self) -> Codec:
        """The serialization codec of Morgan's Magic Map."""
        return codec()

    def new_game(self, seed: int) -> MorganState:
        """Set up a game from ``seed``: map, decks, hands, start player; pawns to place."""
        check_seed(seed)
        return rules.new_game(self._players, self.variant, seed)

    def _matches(self, state: MorganState) -> bool:
        variant = state.variant
        return state.players == self._players and (
            variant is self.variant or variant == self.variant
        )

    def current_player(self, state: MorganState) -> PlayerId | None:
        """Return the seat to decide, or ``None`` when the game is over."""
        return state.to_move

    def legal_actions(self, state: MorganState) -> Sequence[Action]:
        """Return the legal actions of the seat to decide (empty iff the game is over).

        Raises:
            ConfigurationError: ``state`` belongs to another configuration of the game.
        """
        if not self._matches(state):
            raise foreign_state(self, _configuration(state))
        return rules.legal_actions(state)

    def apply(self, state: MorganState, action: Action) -> MorganState:
        """Return the state after ``action``.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state``.
        """
        if not self._matches(state):
            raise foreign_state_action(self, action, _configuration(state))
        return rules.apply(state, action)

    def observe(self, state: MorganState, player: PlayerId) -> MorganObservation:
        """Return what ``player`` knows of ``state``."""
        return observe(state, check_seat(player, state.players))

    def score(self, state: MorganState) -> tuple[float, ...]:
        """Return each pirate's doubloons + set bonuses + treasure values."""
        return rules.score(state)

    def ranking(self, state: MorganState) -> tuple[int, ...]:
        """Return places by score, then by treasure value."""
        return rules.ranking(state)

    def is_terminal(self, state: MorganState) -> bool:
        """Return whether the game is over."""
        return state.to_move is None

    def is_truncated(self, state: MorganState) -> bool:
        """Return whether the game was stopped by ``max_turns`` before the treasure ran out."""
        return rules.is_truncated(state)

    def sample_state(self, observation: MorganObservation, seed: int) -> MorganState:
        """Return a state consistent with what the observation's player knows."""
        return sample_state(observation, seed)

    def check_state(self, state: MorganState) -> None:
        """Check every invariant of ``state``.

        Raises:
            InvalidStateError: An invariant is broken.
        """
        rules.check_state(state)

    def render_state(self, state: MorganState) -> str:
        """Describe a full state as text."""
        return render_state(state)

    def render_observation(self, observation: MorganObservation) -> str:
        """Describe an observation as text."""
        return render_observation(observation)

    def describe_action(
        self, observation: MorganObservation, action: Action, viewer: PlayerId
    ) -> str:
        """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

        Every decision is public: everyone sees the whole action.

        Raises:
            ConfigurationError: ``viewer`` is not a seat.
        """
        check_seat(viewer, self._players)
        return str(action)

"""Magellan: Elcano (2-5 players): bid crew cards in three colours for ocean cards.

>>> import boardgames
>>> game = boardgames.make("magellan-elcano", players=3)
>>> state = game.new_game(seed=7)
>>> game.current_player(state) in (0, 1, 2)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import ClassVar

from boardgames.core.codec import Codec, configure_tagged_action, make_converter
from boardgames.core.errors import ConfigurationError, InvalidStateError
from boardgames.core.guards import (
    check_seat,
    check_seed,
    describe_configuration,
    foreign_state,
    foreign_state_action,
)
from boardgames.core.play import Bot
from boardgames.core.protocol import GameInfo, OptionSpec, OptionValue, PlayerId
from boardgames.games.magellan_elcano import rules
from boardgames.games.magellan_elcano._codec import configure_fast_paths
from boardgames.games.magellan_elcano.actions import (
    Action,
    FaceDownPlayed,
    Pass,
    PlayCard,
    PlayFaceDown,
    PublicAction,
)
from boardgames.games.magellan_elcano.components import CREW_CARDS, Colour
from boardgames.games.magellan_elcano.observation import (
    CrewView,
    MagellanObservation,
    observe,
    sample_state,
)
from boardgames.games.magellan_elcano.render import render_observation, render_state
from boardgames.games.magellan_elcano.state import Crew, MagellanState, Place

__all__ = [
    "Action",
    "Colour",
    "Crew",
    "CrewView",
    "FaceDownPlayed",
    "MagellanElcano",
    "MagellanObservation",
    "MagellanState",
    "Pass",
    "Place",
    "PlayCard",
    "PlayFaceDown",
    "PublicAction",
]

_ACTION_CLASSES = (PlayCard, PlayFaceDown, Pass)


def _check_value(value: object) -> None:
    if isinstance(value, MagellanState):
        rules.check_state(value)
    elif isinstance(value, MagellanObservation):
        _check_observation(value)
    elif isinstance(value, PlayCard | PlayFaceDown):
        if not 0 <= value.card < len(CREW_CARDS):
            raise InvalidStateError(f"card {value.card} is not a crew card id (0 to 14)")
        if isinstance(value, PlayCard) and not CREW_CARDS[value.card].value(value.colour):
            raise InvalidStateError(f"card {CREW_CARDS[value.card]} has no {value.colour} end")


def _check_observation(observation: MagellanObservation) -> None:
    if not 0 <= observation.player < observation.players:
        raise InvalidStateError(f"player={observation.player} is not a seat")
    if len(observation.crews) != observation.players:
        raise InvalidStateError("crews must have one entry per seat")
    view = observation.crews[observation.player]
    if (
        len(observation.hand) != view.hand_size
        or len(observation.storm) != view.storm_size
        or len(observation.hidden_discard) != view.hidden_discard_size
    ):
        raise InvalidStateError("the observer's own cards do not match his public counts")
    for seat, crew in enumerate(observation.crews):
        rules.check_in_hidden_discard(seat, crew.known, crew.in_hidden_discard)
    # The sample checks the rest, the constraints included: they hold in the sampled state.
    rules.check_state(sample_state(observation, 0))


@cache
def _codec() -> Codec:
    converter = make_converter(action_union=Action)
    configure_tagged_action(converter, PublicAction)
    configure_fast_paths(converter)
    return Codec(
        game=MagellanElcano.info.name,
        converter=converter,
        state_type=MagellanState,
        observation_type=MagellanObservation,
        action_type=Action,
        action_classes=_ACTION_CLASSES,
        check=_check_value,
    )


def _configuration(state: MagellanState) -> str:
    """The configuration ``state`` was made for, for error messages."""
    return describe_configuration(state.players, {"storm_variant": state.storms})


class MagellanElcano:
    """Magellan: Elcano for 2 to 5 players, with the storm deck at 5 (or at 4 as a variant).

    Args:
        players: The number of captains, 2 to 5.
        storm_variant: Use the storm deck in a 4-player game. Storms are always used with
            5 players and never with 2 or 3.

    Raises:
        ConfigurationError: ``storm_variant`` with fewer than 4 players.
    """

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

    def __init__(self, *, players: int, storm_variant: bool = False) -> None:
        self.info.resolve(players, {"storm_variant": storm_variant})
        if storm_variant and players < 4:
            raise ConfigurationError(
                f"storm_variant=True needs 4 or 5 players, not {players}; "
                "storms are a 4-player variant and a 5-player rule"
            )
        self._players = players
        self._storm_variant = storm_variant
        self.storms = players == 5 or storm_variant
        """Whether this configuration uses the storm deck."""

    def __repr__(self) -> str:
        return f"MagellanElcano(players={self._players}, storm_variant={self._storm_variant})"

    @property
    def players(self) -> int:
        """The number of captains."""
        return self._players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The option values of this configuration."""
        return {"storm_variant": self._storm_variant}

    @property
    def codec(self) -> Codec:
        """The serialization codec of Magellan: Elcano."""
        return _codec()

    def new_game(self, seed: int) -> MagellanState:
        """Set up a game from ``seed``: start player, crew and ocean decks shuffled, phase A."""
        check_seed(seed)
        return rules.new_game(self._players, self.storms, seed)

    def current_player(self, state: MagellanState) -> PlayerId | None:
        """Return the captain to play or pass, or ``None`` when the game is over."""
        return state.to_move

    def legal_actions(self, state: MagellanState) -> Sequence[Action]:
        """Return the legal actions of the captain to move (empty iff the game is over).

        Raises:
            ConfigurationError: ``state`` belongs to another configuration of the game.
        """
        if state.players != self._players or state.storms != self.storms:
            raise foreign_state(self, _configuration(state))
        return rules.legal_actions(state)

    def apply(self, state: MagellanState, action: Action) -> MagellanState:
        """Return the state after ``action``.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state``.
        """
        if state.players != self._players or state.storms != self.storms:
            raise foreign_state_action(self, action, _configuration(state))
        return rules.apply(state, action)

    def observe(self, state: MagellanState, player: PlayerId) -> MagellanObservation:
        """Return what ``player`` knows of ``state``."""
        return observe(state, check_seat(player, state.players))

    def score(self, state: MagellanState) -> tuple[float, ...]:
        """Return each captain's victory points so far."""
        return rules.score(state)

    def ranking(self, state: MagellanState) -> tuple[int, ...]:
        """Return places by victory points, then by the strength of the hand."""
        return rules.ranking(state)

    def is_terminal(self, state: MagellanState) -> bool:
        """Return whether the game is over."""
        return state.to_move is None

    def is_truncated(self, state: MagellanState) -> bool:
        """Return ``False``: Magellan: Elcano always ends after six rounds."""
        return False

    def sample_state(self, observation: MagellanObservation, seed: int) -> MagellanState:
        """Return a state consistent with what the observation's player knows."""
        return sample_state(observation, seed)

    def check_state(self, state: MagellanState) -> None:
        """Check every invariant of ``state``.

        Raises:
            InvalidStateError: An invariant is broken.
        """
        rules.check_state(state)

    def render_state(self, state: MagellanState) -> str:
        """Describe a full state as text."""
        return render_state(state)

    def render_observation(self, observation: MagellanObservation) -> str:
        """Describe an observation as text."""
        return render_observation(observation)

    def describe_action(
        self, observation: MagellanObservation, action: Action, viewer: PlayerId
    ) -> str:
        """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

        A card played face down is named to its player only.

        Raises:
            ConfigurationError: ``viewer`` is not a seat.
        """
        if check_seat(viewer, self._players) != observation.player and isinstance(
            action, PlayFaceDown
        ):
            return str(FaceDownPlayed())
        return str(action)

    def heuristic_bot(self) -> Bot[MagellanObservation, Action]:
        """Return the game's heuristic bot (``MagellanHeuristicBot``), the ``heuristic`` bot spec.

        This is the optional hook that ``boardgames.make_bot("heuristic", game)`` calls.

        .. versionadded:: 0.1.0
        """
        from boardgames.games.magellan_elcano.heuristic import MagellanHeuristicBot

        return MagellanHeuristicBot()

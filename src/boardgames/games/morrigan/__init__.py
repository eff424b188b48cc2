"""Morrigan (2-5 players): knights gather prestige, then challenge Maletar in a duel.

The rulebook gives no player count; the publisher's listing says 3 to 5. The game is
registered for 2 to 5 players with 4 by default; 2 players is a variant every rule allows.

>>> import boardgames
>>> game = boardgames.make("morrigan", players=3)
>>> state = game.new_game(seed=7)
>>> game.current_player(state) in (0, 1, 2)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import ClassVar

import attrs

from boardgames.core.codec import Codec, configure_tagged_action, make_converter
from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import (
    check_seat,
    check_seed,
    describe_configuration,
    foreign_state,
    foreign_state_action,
)
from boardgames.core.play import Bot
from boardgames.core.protocol import GameInfo, OptionSpec, OptionValue, PlayerId
from boardgames.games.morrigan import rules
from boardgames.games.morrigan._illegal_actions import ACTION_CLASSES
from boardgames.games.morrigan._serialization import configure_history
from boardgames.games.morrigan.actions import (
    Action,
    AddAction,
    AddCatapult,
    ChooseTarget,
    Commit,
    Conquer,
    DeclareDuel,
    Decline,
    Discard,
    EndActions,
    EndReinforcement,
    Fight,
    LoseCard,
    NormalTurn,
    PlayAdversary,
    PlayOrdeal,
    PlaySorcery,
    PlaySpecial,
    PlayTerritory,
    PublicAction,
    Reinforce,
    ReinforcedFaceDown,
    ReinforceMaletar,
    Stake,
    Staked,
    TakeFromDiscard,
    Withdraw,
)
from boardgames.games.morrigan.components import CARDS, CardKind, CardType
from boardgames.games.morrigan.observation import (
    HoldingView,
    MorriganObservation,
    OrdealView,
    ReinforcementView,
    StakeView,
    observe,
    sample_state,
)
from boardgames.games.morrigan.render import render_observation, render_state
from boardgames.games.morrigan.state import (
    Attack,
    Clue,
    Duel,
    Effect,
    Holding,
    MorriganOptions,
    MorriganState,
    Ordeal,
    Phase,
    Reinforcement,
    StakedCard,
    Window,
    Zone,
)

__all__ = [
    "Action",
    "AddAction",
    "AddCatapult",
    "Attack",
    "CardKind",
    "CardType",
    "ChooseTarget",
    "Clue",
    "Commit",
    "Conquer",
    "DeclareDuel",
    "Decline",
    "Discard",
    "Duel",
    "Effect",
    "EndActions",
    "EndReinforcement",
    "Fight",
    "Holding",
    "HoldingView",
    "LoseCard",
    "Morrigan",
    "MorriganObservation",
    "MorriganOptions",
    "MorriganState",
    "NormalTurn",
    "Ordeal",
    "OrdealView",
    "Phase",
    "PlayAdversary",
    "PlayOrdeal",
    "PlaySorcery",
    "PlaySpecial",
    "PlayTerritory",
    "PublicAction",
    "Reinforce",
    "ReinforceMaletar",
    "ReinforcedFaceDown",
    "Reinforcement",
    "ReinforcementView",
    "Stake",
    "StakeView",
    "Staked",
    "StakedCard",
    "TakeFromDiscard",
    "Window",
    "Withdraw",
    "Zone",
]

_ACTION_CLASSES: tuple[type, ...] = ACTION_CLASSES


def _check_observation(observation: MorriganObservation) -> None:
    players = observation.players
    if not 2 <= players <= 5:
        raise InvalidStateError(f"players={players} is out of range 2 to 5")
    if not 0 <= observation.player < players:
        raise InvalidStateError(f"player={observation.player} is not a seat")
    for name in ("hand_sizes", "territories", "won", "floors"):
        if len(getattr(observation, name)) != players:
            raise InvalidStateError(f"{name} must have one entry per seat")
    if len(observation.hand) != observation.hand_sizes[observation.player]:
        raise InvalidStateError("the observer's hand does not match its public size")
    if any(size < 0 for size in observation.hand_sizes) or observation.draw_pile_size < 0:
        raise InvalidStateError("a card count is negative")
    if not all(0 <= card < len(CARDS) for card in observation.hand):
        raise InvalidStateError("the observer's hand holds a card id out of range")
    for holdings in (*observation.territories, observation.adversaries):
        for holding in holdings:
            if not 0 <= holding.card < len(CARDS):
                raise InvalidStateError(f"card {holding.card} is not a card id")
    sampled = sample_state(observation, 0)
    rules.check_state(sampled)
    if observe(sampled, observation.player) != observation:
        raise InvalidStateError("the observation is not one the rules can produce")


def _check_value(value: object) -> None:
    if isinstance(value, MorriganState):
        rules.check_state(value)
    elif isinstance(value, MorriganObservation):
        _check_observation(value)
    elif isinstance(value, _ACTION_CLASSES):
        rules.check_action(value, 5)


@cache
def _codec() -> Codec:
    converter = make_converter(action_union=Action)
    configure_tagged_action(converter, PublicAction)
    configure_history(converter, PublicAction)
    return Codec(
        game=Morrigan.info.name,
        converter=converter,
        state_type=MorriganState,
        observation_type=MorriganObservation,
        action_type=Action,
        action_classes=_ACTION_CLASSES,
        check=_check_value,
    )


def _configuration(state: MorriganState) -> str:
    """The configuration ``state`` was made for, for error messages."""
    return describe_configuration(state.players, attrs.asdict(state.options))


class Morrigan:
    """Morrigan for 2 to 5 players (3 to 5 as published, 2 as a variant).

    Args:
        players: The number of knights, 2 to 5.
        max_turns: Stop the game (truncated) after this many turns, if nobody has beaten
            Maletar by then.
        wide_curse: Let a Curse placed in an on-play window double the Adversary's defence
            too (erratum E3's alternative reading); by default it is then only a bluff.
        lone_bluff_wins: A single staker wins an Ordeal's first staking round even with a
            bluff (erratum E15; the default). If false, the Ordeal is discarded instead.
        ally_top_only: Unexpected Ally takes the top card of the discard pile (A-MOR-12's
            alternative) instead of any card of the player's choice.
    """

    info: ClassVar[GameInfo] = GameInfo(
        name="morrigan",
        title="Morrigan",
        min_players=2,
        max_players=5,
        default_players=4,
        options=(
            OptionSpec(
                name="max_turns",
                default=500,
                description="stop the game (truncated) after this many turns",
                minimum=1,
            ),
            OptionSpec(
                name="wide_curse",
                default=False,
                description="a Curse placed when an Adversary is played doubles it too",
            ),
            OptionSpec(
                name="lone_bluff_wins",
                default=True,
                description="a lone bluff wins an Ordeal's first staking round",
            ),
            OptionSpec(
                name="ally_top_only",
                default=False,
                description="Unexpected Ally takes the top discard instead of any discard",
            ),
        ),
    )

    def __init__(
        self,
        *,
        players: int,
        max_turns: int = 500,
        wide_curse: bool = False,
        lone_bluff_wins: bool = True,
        ally_top_only: bool = False,
    ) -> None:
        self.info.resolve(
            players,
            {
                "max_turns": max_turns,
                "wide_curse": wide_curse,
                "lone_bluff_wins": lone_bluff_wins,
                "ally_top_only": ally_top_only,
            },
        )
        self._players = players
        self._options = MorriganOptions(max_turns, wide_curse, lone_bluff_wins, ally_top_only)

    def __repr__(self) -> str:
        options = self._options
        return (
            f"Morrigan(players={self._players}, max_turns={options.max_turns}, "
            f"wide_curse={options.wide_curse}, lone_bluff_wins={options.lone_bluff_wins}, "
            f"ally_top_only={options.ally_top_only})"
        )

    @property
    def players(self) -> int:
        """The number of knights."""
        return self._players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The option values of this configuration."""
        options = self._options
        return {
            "max_turns": options.max_turns,
            "wide_curse": options.wide_curse,
            "lone_bluff_wins": options.lone_bluff_wins,
            "ally_top_only": options.ally_top_only,
        }

    @property
    def codec(self) -> Codec:
        """The serialization codec of Morrigan."""
        return _codec()

    def new_game(self, seed: int) -> MorriganState:
        """Shuffle, deal 5 cards each, pick the first player from ``seed`` and start."""
        check_seed(seed)
        return rules.new_game(self._players, self._options, seed)

    def _mine(self, state: MorriganState) -> bool:
        options = state.options  # states of this game share its options object
        return state.players == self._players and (
            options is self._options or options == self._options
        )

    def current_player(self, state: MorriganState) -> PlayerId | None:
        """Return the player to decide, or ``None`` when the game is over."""
        return state.to_move

    def legal_actions(self, state: MorriganState) -> Sequence[Action]:
        """Return the legal actions of the player to decide (empty iff the game is over).

        Raises:
            ConfigurationError: ``state`` belongs to another configuration of the game.
        """
        if not self._mine(state):
            raise foreign_state(self, _configuration(state))
        return rules.legal_actions(state)

    def apply(self, state: MorriganState, action: Action) -> MorriganState:
        """Return the state after ``action``.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state``.
        """
        if not self._mine(state):
            raise foreign_state_action(self, action, _configuration(state))
        return rules.apply(state, action)

    def observe(self, state: MorriganState, player: PlayerId) -> MorriganObservation:
        """Return what ``player`` knows of ``state``."""
        return observe(state, check_seat(player, state.players))

    def score(self, state: MorriganState) -> tuple[float, ...]:
        """Return 1 for the winner and 0 for the others, or else everyone's prestige."""
        return rules.score(state)

    def ranking(self, state: MorriganState) -> tuple[int, ...]:
        """Return places: the winner alone first; without a winner, by prestige."""
        return rules.ranking(state)

    def is_terminal(self, state: MorriganState) -> bool:
        """Return whether the game is over."""
        return state.to_move is None

    def is_truncated(self, state: MorriganState) -> bool:
        """Return whether the game was stopped by ``max_turns``."""
        return state.truncated

    def sample_state(self, observation: MorriganObservation, seed: int) -> MorriganState:
        """Return a state consistent with what the observation's player knows."""
        return sample_state(observation, seed)

    def check_state(self, state: MorriganState) -> None:
        """Check every invariant of ``state``.

        Raises:
            InvalidStateError: An invariant is broken.
        """
        rules.check_state(state)

    def render_state(self, state: MorriganState) -> str:
        """Describe a full state as text."""
        return render_state(state)

    def render_observation(self, observation: MorriganObservation) -> str:
        """Describe an observation as text."""
        return render_observation(observation)

    def describe_action(
        self, observation: MorriganObservation, action: Action, viewer: PlayerId
    ) -> str:
        """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

        The card of a reinforcement or a stake is named to its player only.

        Raises:
            ConfigurationError: ``viewer`` is not a seat.
        """
        if check_seat(viewer, self._players) == observation.player:
            return str(action)
        return str(rules.public_action(action))

    def heuristic_bot(self) -> Bot[MorriganObservation, Action]:
        """Return the game's heuristic bot (``MorriganHeuristicBot``), the ``heuristic`` bot spec.

        This is the optional hook that ``boardgames.make_bot("heuristic", game)`` calls.

        .. versionadded:: 0.1.0
        """
        from boardgames.games.morrigan.heuristic import MorriganHeuristicBot

        return MorriganHeuristicBot()

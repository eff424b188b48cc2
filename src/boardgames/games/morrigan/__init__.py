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

from typing import ClassVar

from boardgames.core.play import Bot
from boardgames.core.protocol import GameInfo, OptionSpec
from boardgames.core.standard import GameTypes, StandardPositions
from boardgames.games.morrigan import _setup, encoding, observation, picture, render, rules
from boardgames.games.morrigan._codec import configure_converter, upgrade
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
from boardgames.games.morrigan.components import CardKind, CardType
from boardgames.games.morrigan.observation import (
    HoldingView,
    MorriganObservation,
    OrdealView,
    ReinforcementView,
    StakeView,
)
from boardgames.games.morrigan.position import (
    HoldingPosition,
    MorriganPosition,
    OrdealPosition,
    ReinforcementPosition,
    SeatPosition,
    StakePosition,
)
from boardgames.games.morrigan.queries import DefenceRange
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
    "DefenceRange",
    "Discard",
    "Duel",
    "Effect",
    "EndActions",
    "EndReinforcement",
    "Fight",
    "Holding",
    "HoldingPosition",
    "HoldingView",
    "LoseCard",
    "Morrigan",
    "MorriganObservation",
    "MorriganOptions",
    "MorriganPosition",
    "MorriganState",
    "NormalTurn",
    "Ordeal",
    "OrdealPosition",
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
    "ReinforcementPosition",
    "ReinforcementView",
    "SeatPosition",
    "Stake",
    "StakePosition",
    "StakeView",
    "Staked",
    "StakedCard",
    "TakeFromDiscard",
    "Window",
    "Withdraw",
    "Zone",
]


class Morrigan(
    StandardPositions[
        MorriganState, Action, MorriganObservation, rules.Configuration, MorriganPosition
    ]
):
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

    rules = rules
    knowledge = observation
    text = render
    picture = picture
    encoder = encoding
    positions = _setup

    info: ClassVar[GameInfo] = GameInfo(
        name="morrigan",
        title="Morrigan",
        min_players=2,
        max_players=5,
        default_players=4,
        options=(
            OptionSpec.turn_limit("stop the game (truncated) after this many turns"),
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
    types: ClassVar[GameTypes] = GameTypes(
        state=MorriganState,
        observation=MorriganObservation,
        action=Action,
        public_action=PublicAction,
        converter_hooks=configure_converter,
        upgrade=upgrade,
        position=MorriganPosition,
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
        super().__init__(
            players=players,
            max_turns=max_turns,
            wide_curse=wide_curse,
            lone_bluff_wins=lone_bluff_wins,
            ally_top_only=ally_top_only,
        )

    def heuristic_bot(self) -> Bot[MorriganObservation, Action]:
        """Return the game's heuristic bot (``MorriganHeuristicBot``), the ``heuristic`` bot spec.

        This is the optional hook that ``boardgames.make_bot("heuristic", game)`` calls.

        .. versionadded:: 0.1.0
        """
        from boardgames.games.morrigan.heuristic import MorriganHeuristicBot

        return MorriganHeuristicBot()

    def heuristic_value(self, state: MorriganState) -> tuple[float, ...]:
        """Return how well each seat stands in ``state``: the greedy bot's evaluation.

        The score moves only with prestige and ends at 1 or 0, so a bot looking one
        decision ahead sees a won duel as worth less than a small prestige lead and an
        attack half built as worth nothing; this value adds the hand, the attacks in reach,
        the chance against Maletar and the likely end of a pending choice (see
        :func:`~boardgames.games.morrigan.heuristic.heuristic_value`). At the end of the
        game it orders the seats as :meth:`ranking` does.

        Raises:
            ConfigurationError: ``state`` is not a state of this configuration.

        .. versionadded:: 0.2.0
        """
        from boardgames.games.morrigan.heuristic import heuristic_value

        if state is not self._known:
            self._require(state)
        return heuristic_value(state)

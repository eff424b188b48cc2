"""Goofspiel (2 or 3 players): bid a card face down for each prize; the highest bid wins it.

A complete game built on :class:`~boardgames.core.standard.StandardGame`, laid out as
every game package of the library is: ``components``, ``state``, ``actions``, ``rules``,
``observation``, ``render``, ``picture`` and this module, which holds the game class. The package
imports its own modules relatively, so it works unchanged under any package name.
"""

from __future__ import annotations

from typing import ClassVar

from boardgames import GameInfo, OptionSpec
from boardgames.core.standard import GameTypes, StandardGame

from . import encoding, observation, picture, render, rules
from .actions import Bid
from .components import MAX_CARDS, CardValue
from .observation import GoofspielObservation
from .state import GoofspielState, Round

__all__ = [
    "Bid",
    "CardValue",
    "Goofspiel",
    "GoofspielObservation",
    "GoofspielState",
    "Round",
]


class Goofspiel(StandardGame[GoofspielState, Bid, GoofspielObservation, rules.Configuration]):
    """Goofspiel for 2 or 3 players, each with a suit of ``cards`` cards, ace first.

    Args:
        players: The number of bidders, 2 or 3.
        cards: The cards in each suit, and so the number of rounds: 1 to 13.

    Raises:
        ConfigurationError: ``players`` or ``cards`` is out of range.
    """

    rules = rules
    knowledge = observation
    text = render
    picture = picture
    encoder = encoding

    info: ClassVar[GameInfo] = GameInfo(
        name="goofspiel",
        title="Goofspiel",
        min_players=2,
        max_players=3,
        default_players=2,
        options=(
            OptionSpec(
                name="cards",
                default=MAX_CARDS,
                description="cards in each suit, from the ace up (13: a full suit)",
                minimum=1,
                maximum=MAX_CARDS,
            ),
        ),
    )
    types: ClassVar[GameTypes] = GameTypes(
        state=GoofspielState, observation=GoofspielObservation, action=Bid
    )

    def __init__(self, *, players: int, cards: int = MAX_CARDS) -> None:
        super().__init__(players=players, cards=cards)

    @property
    def cards(self) -> int:
        """The cards in each suit of this configuration."""
        return self.configuration[1]

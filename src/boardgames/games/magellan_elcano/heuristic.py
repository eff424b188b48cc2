"""A hand-written Magellan: Elcano captain, the game's ``heuristic`` bot.

The bot reads only its observation. At each decision it values the table "as if the round
ended now": for each colour (and the storm column), the seat with the unique highest total
would take the pile. A pile it would take counts its points, minus the worth of the crew
cards it would discard to take it; a pile another captain would take counts minus a
share of its points (denial). Cards in a column that does not win come back to the hand,
so only the winning column costs anything.

It then:

1. plays the card (face up in a colour, or face down in the storm column) that most
   improves that value, preferring the card of least worth among equals: the smallest
   sufficient bid, a tie that blocks an opponent, the storm column with its weakest card;
2. if nothing improves it but it leads somewhere and an opponent may still outbid it, it
   *waits*: it plays its least valuable card where the card changes no outcome (it comes
   back after the round), so that it can still answer;
3. otherwise it passes (or, as a first player who must play, makes its best play).

A card's worth is its largest value times a price per point that falls as the game goes
on: cards kept after the last round only break ties.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from boardgames.core.errors import ConfigurationError
from boardgames.core.play import Bot
from boardgames.games.magellan_elcano.actions import Action, Pass, PlayCard, PlayFaceDown
from boardgames.games.magellan_elcano.components import (
    CREW_CARDS,
    OCEAN_CARDS,
    STORM_CARDS,
    CardId,
    Colour,
)
from boardgames.games.magellan_elcano.observation import MagellanObservation
from boardgames.games.magellan_elcano.rules import ROUNDS

__all__ = ["MagellanHeuristicBot"]

_STORM = 3
"""The index of the storm column among the four contests (three colours, then storms)."""

_TIE_BREAK_WORTH = 0.02
"""The worth of a card's point in the last round, when kept cards only break ties."""


class MagellanHeuristicBot(Bot[MagellanObservation, Action]):
    """Bid for the richest piles with the cheapest cards that win them; wait, then pass.

    Args:
        card_price: The worth, in victory points, of one point of a crew card's largest
            value in the first round; it falls linearly to almost nothing in the last.
        denial: How much a pile won by another captain counts against the bot, as a
            fraction of its points; ``None`` for ``1 / (players - 1)``.

    Raises:
        ConfigurationError: A parameter is negative.

    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano", players=3)
    >>> bots = [MagellanHeuristicBot(), boardgames.RandomBot(), boardgames.RandomBot()]
    >>> boardgames.play(game, bots, seed=5).ranking[0]
    1
    """

    def __init__(self, *, card_price: float = 0.5, denial: float | None = None) -> None:
        if card_price < 0 or (denial is not None and denial < 0):
            raise ConfigurationError(
                f"card_price={card_price!r} and denial={denial!r} cannot be negative"
            )
        self.card_price = card_price
        self.denial = denial

    def __repr__(self) -> str:
        return f"MagellanHeuristicBot(card_price={self.card_price}, denial={self.denial})"

    def choose(
        self,
        observation: MagellanObservation,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """Return the best play by the round-ends-now value, a waiting play, or a pass."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        table = _Table(observation, self.card_price, self.denial)
        now = table.now
        plays = [action for action in legal_actions if not isinstance(action, Pass)]
        scored = sorted(
            (
                (table.value_after(action), -table.worth(action.card), index, action)
                for index, action in enumerate(plays)
            ),
            key=lambda entry: (entry[0], entry[1], -entry[2]),
        )
        best_value, _, _, best = scored[-1]
        may_pass = len(plays) < len(legal_actions)
        if best_value > now + 1e-9 or not may_pass:
            return best
        if table.leads_somewhere() and table.opponent_may_answer():
            waiting = [entry for entry in scored if abs(entry[0] - now) <= 1e-9]
            if waiting:
                return max(waiting, key=lambda entry: (entry[1], -entry[2]))[3]
        return Pass()


class _Table:
    """The contests of the round as one captain sees them, and their value to him."""

    def __init__(
        self, observation: MagellanObservation, card_price: float, denial: float | None
    ) -> None:
        self.me = observation.player
        self.players = observation.players
        self.crews = observation.crews
        self.storm = observation.storm
        two_player = observation.players == 2
        self.prizes = [
            float(
                sum(
                    OCEAN_CARDS[card].two_player_points if two_player else OCEAN_CARDS[card].points
                    for card in pile
                )
            )
            for pile in observation.ocean_piles
        ]
        self.prizes.append(float(sum(STORM_CARDS[card].points for card in observation.storm_pile)))
        self.totals = [
            [
                sum(CREW_CARDS[card].value(colour) for card in crew.columns[colour])
                for crew in observation.crews
            ]
            for colour in Colour
        ]
        self.totals.append([crew.storm_size for crew in observation.crews])
        remaining = (ROUNDS - observation.round) / (ROUNDS - 1)
        self.price = card_price * remaining + _TIE_BREAK_WORTH
        self.denial = 1 / (self.players - 1) if denial is None else denial
        self.costs = [
            sum(self.worth(card) for card in observation.crews[self.me].columns[colour])
            for colour in Colour
        ]
        self.costs.append(sum(self.worth(card) for card in observation.storm))
        # The value of the table if the round ended now.
        self.now = sum(
            self._contest(totals, prize, cost)
            for totals, prize, cost in zip(self.totals, self.prizes, self.costs, strict=True)
        )

    def worth(self, card: CardId) -> float:
        """Return what keeping ``card`` for later rounds is worth, in victory points."""
        return self.price * CREW_CARDS[card].highest

    def _contest(self, totals: Sequence[int], prize: float, cost: float) -> float:
        best = max(totals)
        if best <= 0 or totals.count(best) != 1:
            return 0.0
        if totals[self.me] == best:
            return prize - cost
        return -self.denial * prize

    def value_after(self, action: PlayCard | PlayFaceDown) -> float:
        """Return the value of the table after the bot plays ``action``."""
        if isinstance(action, PlayCard):
            contest, added = action.colour.value, CREW_CARDS[action.card].value(action.colour)
        else:
            contest, added = _STORM, 1
        totals = list(self.totals[contest])
        totals[self.me] += added
        before = self._contest(self.totals[contest], self.prizes[contest], self.costs[contest])
        after = self._contest(
            totals, self.prizes[contest], self.costs[contest] + self.worth(action.card)
        )
        return self.now - before + after

    def leads_somewhere(self) -> bool:
        """Return whether the bot would take some pile if the round ended now."""
        return any(
            totals[self.me] > 0
            and totals[self.me] == max(totals)
            and totals.count(totals[self.me]) == 1
            and prize > 0
            for totals, prize in zip(self.totals, self.prizes, strict=True)
        )

    def opponent_may_answer(self) -> bool:
        """Return whether another captain has not passed and still holds cards."""
        return any(
            not crew.passed and crew.hand_size > 0
            for seat, crew in enumerate(self.crews)
            if seat != self.me
        )

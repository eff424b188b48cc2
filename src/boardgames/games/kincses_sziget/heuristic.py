"""A hand-written Irány a Kincses Sziget! captain, the game's ``heuristic`` bot.

The bot reads only its observation and the legal actions. Everything it decides rests on
three estimates, all in victory points:

* **The worth of the hand.** The sum of (a) its *strength*: for each colour, how far the
  whole-hand total (weapons multiplied by a pirate showing their icon) climbs from 13
  towards 27, the range of the island, mutiny and reef values, orange counting half again
  (reefs test it too), scaled to ``strength_worth``; (b) the points its pirates would
  score at the end (+1 or -1 each); (c) for every mission held that depends on the hand,
  its chance of being met with this hand times its bonus, minus its penalty otherwise
  (colour majorities, female and one-eyed pirates against what is known or expected of
  the other hands; three weapons of a colour). A card's worth is what it adds to that
  value; a blind draw is worth an average card.
* **The worth of a place.** Each space advanced is worth ``space_worth``, and a new zone
  its difference in zone points. Reaching Treasure Island ends the game: the bot does it
  when its estimate of the final scores (its own nearly exact, the others' from what it
  sees, unknown treasures at 3) puts it more than ``arrive_margin`` ahead, and otherwise
  treats it as worse than any ordinary move.
* **The worth of a landing.** A face-down island counts its chance of being taken with the
  whole hand (over the island cards it may still be) times the 5 points and the best
  treasure, against the treasure, the crew card and the step back a failure costs; a
  pearl bed adds a pearl; a parrot or telescope draws no card; any other space draws an
  event, worth the mean, over the event cards the bot has not seen (or the known top card
  of a pile), of what the card does with this hand on that space: a duel or battle by
  the chance of winning it, a mutiny or reef by whether the hand passes it, a storm or
  repair by the spaces it costs, a tailwind by those it gains, and so on.

It then takes, at each decision, the legal action of highest worth:

1. **Turn**: a move of 1, 2 or 3 by its progress and landing, or an anchoring by what it
   gains: the best card of the row or a blind draw, the card of least worth thrown away,
   both (the exchange), or the mission of the row that adds most (or replaces a held one
   that is likely to fail).
2. **Cards**: it discards the card of least worth; takes the row card of highest worth, or
   draws blindly when none beats an average card; takes back a played battle card that
   beats both; keeps every chest weapon that adds to the hand; at setup exchanges a weapon
   beyond the second that adds less than half a point.
3. **Missions**: it keeps, takes, adds or replaces missions by their expected points.
4. **Conflicts**: it challenges the opponent it is likeliest to beat (the leader among
   equals) and composes each duel or battle for the chance of winning times the prize,
   minus the worth of the cards given up (played cards are replaced by draws, so weak
   cards cost little); it offers the merchant a weapon when the expected pay beats the
   weapon's worth; an intrigue steals a treasure (counted 3) or a crew card (counted as a
   blind draw), whichever is worth more, from the opponent with the best estimated score.
5. **Prizes and penalties**: a treasure of the value that adds most to its collection with
   its sets (the casket first for a casket mission); it gives up the treasure that costs
   least; it sells two pearls when the treasure is worth more than them; a duel prize,
   reward move or repair by the worth of where it leads; an event pile by its known top
   card, if any.
6. **Looking**: a telescope peeks at the nearest face-down island ahead, else at the event
   piles; a parrot is declined.

Ties are broken with the ``rng`` given to
:meth:`~boardgames.games.kincses_sziget.heuristic.KincsesHeuristicBot.choose`, so the bot is
deterministic given it. Every decision the bot can meet is modelled (the one it cannot
meet, where to put an island or pearl bed that a parrot moves, would get a random legal
action). A decision takes about 0.2 ms on average (a turn choice about 0.5 ms).

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from boardgames.core.errors import ConfigurationError
from boardgames.core.play import Bot
from boardgames.games.kincses_sziget._heuristic_decisions import _Captain
from boardgames.games.kincses_sziget._heuristic_tables import _strength, _totals
from boardgames.games.kincses_sziget._scoring import ranking, score
from boardgames.games.kincses_sziget.actions import Action
from boardgames.games.kincses_sziget.observation import KincsesObservation
from boardgames.games.kincses_sziget.state import KincsesState

__all__ = ["KincsesHeuristicBot", "heuristic_value"]


def _number(name: str, value: object, *, least: float | None) -> float:
    """Return ``value`` as a float if it is a finite number of at least ``least``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or (least is not None and value < least)
    ):
        bound = "a finite number" if least is None else f"a finite number of {least:g} or more"
        raise ConfigurationError(f"{name}={value!r} must be {bound}")
    return float(value)


class KincsesHeuristicBot(Bot[KincsesObservation, Action]):
    """Race for Treasure Island, take the islands the hand can win, collect treasure sets.

    The module documentation says what the bot does at each decision.

    Args:
        space_worth: The victory points one space of progress along the track is worth.
        strength_worth: The victory points of a hand whose whole-hand totals reach 27 in
            every colour (a total of 13 or less counts nothing): how much the bot pays, in
            tempo and cards, for the islands, mutinies and reefs it may pass.
        arrive_margin: How far ahead of the best other estimated score the bot must be to
            end the game by reaching Treasure Island.

    Raises:
        ConfigurationError: A worth is negative, or a parameter is not a finite number.

    >>> import boardgames
    >>> game = boardgames.make("kincses-sziget", players=2)
    >>> bots = [KincsesHeuristicBot(), boardgames.RandomBot()]
    >>> boardgames.play(game, bots, seed=1).ranking
    (1, 2)
    """

    def __init__(
        self,
        *,
        space_worth: float = 0.7,
        strength_worth: float = 4.0,
        arrive_margin: float = 0.0,
    ) -> None:
        self.space_worth = _number("space_worth", space_worth, least=0.0)
        self.strength_worth = _number("strength_worth", strength_worth, least=0.0)
        self.arrive_margin = _number("arrive_margin", arrive_margin, least=None)

    def __repr__(self) -> str:
        return (
            f"KincsesHeuristicBot(space_worth={self.space_worth!r}, "
            f"strength_worth={self.strength_worth!r}, arrive_margin={self.arrive_margin!r})"
        )

    def choose(
        self,
        observation: KincsesObservation,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """Return the legal action of highest estimated worth (ties broken with ``rng``)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        choice = _Captain(
            observation,
            legal_actions,
            rng,
            space_worth=self.space_worth,
            strength_worth=self.strength_worth,
            arrive_margin=self.arrive_margin,
        ).choose()
        if choice is None or choice not in legal_actions:
            return legal_actions[rng.randrange(len(legal_actions))]
        return choice


_PROGRESS_VALUE = 0.5
"""What :func:`heuristic_value` counts for each space of progress, before the end."""
_STRENGTH_VALUE = 4.0
"""What it counts for a hand whose whole-hand totals reach 27 in every colour."""
_WINNER_VALUE = 50.0
"""What it adds, at the end, for first place."""


def heuristic_value(state: KincsesState) -> tuple[float, ...]:
    """Return how well each seat stands: the score now, plus progress and hand strength.

    The game's :func:`~boardgames.games.kincses_sziget.rules.score` is the final scoring
    applied to the table as it stands, so it moves only when a ship enters a new zone and
    says nothing of how a hand will fare at the islands, mutinies and reefs to come; a
    search one decision deep (the greedy bot) then sees most moves as equal. Before the
    end this adds to each seat's score half a point per space of its ship's position and
    4 points times its hand's strength (0 to 1: how far the whole-hand total in each
    colour climbs from 13 to 27, orange counting half again).

    At the end it is the score, plus 50 for the seats in first place (a won game is worth
    more than any lead), plus a hundredth of the position when ties are broken by
    position: it orders the seats as the ranking does.

    >>> import boardgames
    >>> game = boardgames.make("kincses-sziget", players=2)
    >>> state = game.new_game(seed=4)
    >>> heuristic_value(state) == game.heuristic_value(state)
    True

    .. versionadded:: 0.2.0
    """
    points = score(state)
    if not state.tasks:
        tiebreak = 0.01 if state.tiebreak_by_position else 0.0
        return tuple(
            point + (_WINNER_VALUE if place == 1 else 0.0) + tiebreak * position
            for point, place, position in zip(points, ranking(state), state.positions, strict=True)
        )
    return tuple(
        point + _PROGRESS_VALUE * position + _STRENGTH_VALUE * _strength(_totals(hand)[0])
        for point, position, hand in zip(points, state.positions, state.hands, strict=True)
    )

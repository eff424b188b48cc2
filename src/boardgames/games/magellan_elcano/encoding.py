"""Magellan: Elcano for learning agents: one number per action, and a vector per observation.

**Actions.** :func:`numbering` gives each class of
:data:`~boardgames.games.magellan_elcano.actions.Action` a block of numbers, in the
union's order:

* ``PlayCard(card, colour)`` is ``3 * card + colour`` (numbers 0 to 44): every crew card
  id ``0 .. 14`` with every :class:`~boardgames.games.magellan_elcano.components.Colour`.
  The 18 numbers of a card with no end of that colour (for example ``PlayCard(12,
  Colour.BLUE)``: card 12 is the red 7) are never legal, because a numbering gives each
  field its own range;
* ``PlayFaceDown(card)`` is ``45 + card`` (45 to 59), only in storm games (4 players with
  ``storm_variant``, or 5);
* ``Pass()`` is the last number: 45 without storms, 60 with them.

The numbering depends only on whether storms are used, not on the number of players. It
changes if the classes of the union, their fields or the field order change, or if the
crew deck or the colours do.

**Observations.** :func:`observation_layout` lays out the vector (465 numbers for the
default four players, 852 for five); :func:`encode_observation` writes it from the
observation alone. Seats are counted from the observer (0 is him, 1 the captain on his
left, and so on), so that one policy serves every seat. Cards are one-hot by id, since
every crew card and every ocean card differs from the others; storm cards are counted by
their points, since storm cards of equal points are interchangeable. The history is not
encoded move by move: its consequences are all on the table (the columns of this round,
the face-up discards, the known cards, the cards won). The game page's "Action numbering
and observation vector" section tabulates both.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, MutableSequence, Sequence
from typing import get_args

import attrs

from boardgames.core.encoding import ActionNumbering, Segment, segments
from boardgames.games.magellan_elcano import _knowledge
from boardgames.games.magellan_elcano.actions import Action, Pass, PlayCard, PlayFaceDown
from boardgames.games.magellan_elcano.components import (
    CREW_CARDS,
    CREW_DECK_SIZE,
    OCEAN_CARDS,
    STORM_CARDS,
    Colour,
)
from boardgames.games.magellan_elcano.observation import MagellanObservation
from boardgames.games.magellan_elcano.rules import ROUNDS, Configuration
from boardgames.games.magellan_elcano.state import Place

__all__ = ["encode_observation", "numbering", "observation_layout"]

_CARDS = CREW_DECK_SIZE
_OCEAN = len(OCEAN_CARDS)
_COLOURS = len(Colour)
_VALUE = tuple(tuple(float(card.value(colour)) for colour in Colour) for card in CREW_CARDS)
_COLUMN_MAX = max(sum(card.value(colour) for card in CREW_CARDS) for colour in Colour)
"""The largest total a column can reach (33: every card with that colour's end)."""
_STORM_POINTS = sorted({card.points for card in STORM_CARDS})
"""The distinct points of storm cards (1, 2, 3): the storm segments count by these."""
_STORM_SLOT = tuple(_STORM_POINTS.index(card.points) for card in STORM_CARDS)
_STORM_COUNTS = tuple(
    float(sum(1 for card in STORM_CARDS if card.points == points)) for points in _STORM_POINTS
)
"""How many storm cards have each of those points (1, 3, 2): the storm segments' scales."""
_BY_POINTS = (
    f"{', '.join(map(str, _STORM_POINTS))} points, each count over the "
    f"{', '.join(f'{count:g}' for count in _STORM_COUNTS)} cards of those points"
)
_STORMS = "storms: "
"""The mark of a storm segment's description: without storms, the segment is left out."""
_PILE_MAX = max(
    sum(card.points for card in OCEAN_CARDS if card.colour is colour) for colour in Colour
)
"""The most points a face-up ocean pile can hold (27: a whole colour)."""
_PLAIN_PLACES = (Place.HAND,)
_STORM_PLACES = (Place.HAND, Place.STORM, Place.HIDDEN_DISCARD)


@functools.cache
def numbering(configuration: Configuration) -> ActionNumbering[Action]:
    """Number every action of a configuration (see the module docstring).

    Args:
        configuration: ``(players, storms)``, as the rules configure it.

    Returns:
        The classes of :data:`~boardgames.games.magellan_elcano.actions.Action` in their
        order, ``PlayFaceDown`` left out without storms.
    """
    _, storms = configuration
    cards = range(_CARDS)
    domains: dict[type, dict[str, Iterable[object] | type[Colour]] | None] = {
        PlayCard: {"card": cards, "colour": Colour},
        PlayFaceDown: {"card": cards} if storms else None,
        Pass: {},
    }
    return ActionNumbering(
        (cls, fields)
        for cls in get_args(Action)
        if (fields := domains[cls]) is not None  # a KeyError names a new class
    )


def _total_points(players: int, storms: bool) -> float:
    """Every point the cards of a configuration hold: the scale of the scores."""
    ocean = sum(card.two_player_points if players == 2 else card.points for card in OCEAN_CARDS)
    return float(ocean + (sum(card.points for card in STORM_CARDS) if storms else 0))


@functools.cache
def observation_layout(configuration: Configuration) -> tuple[Segment, ...]:
    """Return the slices of the vector: the turn, the observer's cards, the table, the seats.

    Segments marked *storms* are only there when storms are used. A segment "per seat"
    holds one block for each seat, the observer's first, then clockwise.

    Args:
        configuration: ``(players, storms)``, as the rules configure it.
    """
    players, storms = configuration
    places = len(_STORM_PLACES if storms else _PLAIN_PLACES)
    total = int(_total_points(players, storms))
    values = len(_STORM_POINTS)
    parts = [
        ("to_move", players, "1 at the seat to act, from the observer on; all 0 once over"),
        ("first_player", players, "1 at the holder of the Pigafetta card, from the observer on"),
        ("first_has_played", 1, "1 if the first player has played a card this round"),
        ("round", ROUNDS, "1 at the round, 1 to 6"),
        ("hand", _CARDS, "1 at each crew card id in the observer's hand"),
        ("storm", _CARDS, "storms: 1 at each card id in the observer's own storm column"),
        ("hidden_discard", _CARDS, "storms: 1 at each card id in his own face-down discard"),
        ("ocean_piles", _OCEAN, "1 at each ocean card id face up on the table"),
        ("ocean_unseen", _OCEAN, "1 at each ocean card id still in its deck"),
        (
            "pile_points",
            _COLOURS,
            f"the points of each face-up pile, red, blue, green, over {_PILE_MAX}",
        ),
        ("storm_pile", values, f"storms: the face-up storm cards worth {_BY_POINTS}"),
        ("storm_unseen", values, f"storms: the storm deck's cards worth {_BY_POINTS}"),
        (
            "columns",
            players * _COLOURS * _CARDS,
            "per seat, per colour red, blue, green: 1 at each card id in that face-up column",
        ),
        (
            "column_totals",
            players * _COLOURS,
            f"per seat, the total of each column, red, blue, green, over {_COLUMN_MAX}",
        ),
        ("storm_sizes", players, "storms: per seat, the cards in his storm column, over 15"),
        ("discard", players * _CARDS, "per seat, 1 at each card id in his face-up discard"),
        ("hidden_discard_sizes", players, "storms: per seat, his face-down discards, over 15"),
        ("hand_sizes", players, "per seat, the cards in his hand, over 15"),
        ("passed", players, "per seat, 1 if he has passed this round"),
        (
            "known",
            players * places * _CARDS,
            "per seat, per place hand, storm column, face-down discard: 1 at each known card "
            "id (seen face up, hidden again) that may be there"
            if storms
            else "per seat, 1 at each known card id (seen face up, back in his hand)",
        ),
        (
            "in_hidden_discard",
            players * _CARDS,
            "storms: per seat, for each known card id the share of the arrangements "
            "consistent with the public history that put it in his face-down discard",
        ),
        ("won", players * _OCEAN, "per seat, 1 at each ocean card id he has won"),
        ("won_storms", players * values, f"storms: per seat, his storm cards worth {_BY_POINTS}"),
        (
            "scores",
            players,
            f"per seat, his victory points over {total}, the points of all the cards",
        ),
    ]
    return segments(
        *(
            (name, size, description.removeprefix(_STORMS))
            for name, size, description in parts
            if storms or not description.startswith(_STORMS)
        )
    )


@attrs.frozen
class _Plan:
    """Where each segment starts in a configuration's vector, and its scales."""

    start: dict[str, int]
    places: dict[frozenset[Place], tuple[int, ...]]
    """Each set of places as the indices of the encoded places it holds."""
    points: tuple[float, ...]
    """Each ocean card's points in this configuration."""
    total: float


@functools.cache
def _plan(configuration: Configuration) -> _Plan:
    players, storms = configuration
    encoded = _STORM_PLACES if storms else _PLAIN_PLACES
    sets = {
        frozenset(place for place in Place if mask >> (place.value - 1) & 1)
        for mask in range(1, 1 << len(Place))
    }
    return _Plan(
        start={segment.name: segment.start for segment in observation_layout(configuration)},
        places={
            places: tuple(index for index, place in enumerate(encoded) if place in places)
            for places in sets
        },
        points=tuple(
            float(card.two_player_points if players == 2 else card.points) for card in OCEAN_CARDS
        ),
        total=_total_points(players, storms),
    )


def _write_storm_counts(out: MutableSequence[float], base: int, cards: Sequence[int]) -> None:
    """Write how many of ``cards`` are worth each storm value, over the cards of that value."""
    if not cards:
        return  # the buffer holds zeros already
    counts = [0] * len(_STORM_POINTS)
    for card in cards:
        counts[_STORM_SLOT[card]] += 1
    for slot, count in enumerate(counts):
        out[base + slot] = count / _STORM_COUNTS[slot]


def encode_observation(
    configuration: Configuration, observation: MagellanObservation, out: MutableSequence[float]
) -> None:
    """Write ``observation`` into ``out`` (zeroed, of the layout's size).

    Args:
        configuration: ``(players, storms)``, the observation's configuration.
        observation: What one captain knows.
        out: The buffer, all zeros, of :func:`observation_layout`'s size.
    """
    players, storms = configuration
    plan = _plan(configuration)
    start = plan.start
    me = observation.player
    if observation.to_move is not None:
        out[start["to_move"] + (observation.to_move - me) % players] = 1.0
    out[start["first_player"] + (observation.first_player - me) % players] = 1.0
    if observation.first_has_played:
        out[start["first_has_played"]] = 1.0
    out[start["round"] + observation.round - 1] = 1.0
    base = start["hand"]
    for card in observation.hand:
        out[base + card] = 1.0
    points = plan.points
    base = start["ocean_piles"]
    unseen = start["ocean_unseen"]
    totals = start["pile_points"]
    out[unseen : unseen + _OCEAN] = [1.0] * _OCEAN
    for colour, pile in enumerate(observation.ocean_piles):
        for card in pile:
            out[base + card] = 1.0
            out[unseen + card] = 0.0
        out[totals + colour] = sum(points[card] for card in pile) / _PILE_MAX
    for won in observation.won:
        for card in won:
            out[unseen + card] = 0.0
    if storms:
        base = start["storm"]
        for card in observation.storm:
            out[base + card] = 1.0
        base = start["hidden_discard"]
        for card in observation.hidden_discard:
            out[base + card] = 1.0
        _write_storm_counts(out, start["storm_pile"], observation.storm_pile)
        gone = [*observation.storm_pile, *(card for won in observation.won_storms for card in won)]
        unseen_storms = [card for card in range(len(STORM_CARDS)) if card not in gone]
        _write_storm_counts(out, start["storm_unseen"], unseen_storms)
    places = plan.places
    place_count = 3 if storms else 1
    columns = start["columns"]
    column_totals = start["column_totals"]
    discard = start["discard"]
    hand_sizes = start["hand_sizes"]
    passed = start["passed"]
    known = start["known"]
    won_base = start["won"]
    scores = start["scores"]
    for seat, view in enumerate(observation.crews):
        offset = (seat - me) % players
        for colour, column in enumerate(view.columns):
            if column:
                base = columns + (offset * _COLOURS + colour) * _CARDS
                for card in column:
                    out[base + card] = 1.0
                total = sum(_VALUE[card][colour] for card in column)
                out[column_totals + offset * _COLOURS + colour] = total / _COLUMN_MAX
        base = discard + offset * _CARDS
        for card in view.discard:
            out[base + card] = 1.0
        out[hand_sizes + offset] = view.hand_size / _CARDS
        if view.passed:
            out[passed + offset] = 1.0
        base = known + offset * place_count * _CARDS
        for card, where in view.known:
            for index in places[where]:
                out[base + index * _CARDS + card] = 1.0
        base = won_base + offset * _OCEAN
        score = 0.0
        for card in observation.won[seat]:
            out[base + card] = 1.0
            score += points[card]
        if storms:
            out[start["storm_sizes"] + offset] = view.storm_size / _CARDS
            out[start["hidden_discard_sizes"] + offset] = view.hidden_discard_size / _CARDS
            if view.face_down_groups:
                known_cards = [card for card, _ in view.known]
                unseen = _CARDS - len(known_cards) - len(view.discard) - sum(map(len, view.columns))
                shares = _knowledge.discard_share(
                    view.face_down_groups,
                    known_cards,
                    view.hand_size,
                    view.storm_size,
                    unseen,
                )
                base = start["in_hidden_discard"] + offset * _CARDS
                for card, share in shares.items():
                    out[base + card] = share
            won_storms = observation.won_storms[seat]
            base = start["won_storms"] + offset * len(_STORM_POINTS)
            _write_storm_counts(out, base, won_storms)
            score += sum(STORM_CARDS[card].points for card in won_storms)
        out[scores + offset] = score / plan.total

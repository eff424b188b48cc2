"""Fixtures for the Magellan: Elcano rule tests: configured games and hand-made states.

Test modules in this folder are not a package (pytest runs in importlib mode), so the
builders are handed to the tests as session-scoped fixtures that return plain functions.

* ``make_game(players, storm_variant=False)`` builds a game through :func:`boardgames.make`.
* ``make_crew(hand, red, blue, green, *, storm, discard, hidden_discard, passed, known,
  round)`` builds one captain's :class:`Crew`. The draw deck is filled with the lowest unused
  card ids up to the size the round requires (so its top cards are known to the test); any
  card still unused goes to the face-up discard pile.
* ``make_state(crews, *, round, first_player, to_move, piles, won, storm_pile, won_storms,
  storms)`` builds a :class:`MagellanState`; the ocean and storm decks hold the remaining
  cards in id order. By default the ocean piles are the 2-point cards and, with storms
  (five players unless ``storms`` says otherwise), the storm pile holds ids
  ``0 .. round-1``. The result is checked with ``check_table`` (every invariant of
  ``check_state`` but the history's), so a malformed scenario fails loudly instead of
  testing nonsense. Its history is empty: a hand-made table is not one that any history
  leads to, so ``check_state`` and ``loads`` refuse it (tests that need a state they
  accept play one).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pytest

import boardgames
from boardgames.games.magellan_elcano import Crew, MagellanElcano, MagellanState, Place
from boardgames.games.magellan_elcano._invariants import check_table
from boardgames.games.magellan_elcano.components import (
    CREW_DECK_SIZE,
    OCEAN_CARDS_PER_COLOUR,
    STORM_CARDS,
    CardId,
)
from boardgames.games.magellan_elcano.rules import HAND_SIZE

DEFAULT_PILES: tuple[tuple[CardId, ...], ...] = ((0,), (6,), (12,))
"""Round-1 ocean piles: the 2-point card of each colour."""


def build_game(players: int, storm_variant: bool = False) -> MagellanElcano:
    """Return a Magellan: Elcano game built through the public registry."""
    game = boardgames.make("magellan-elcano", players=players, storm_variant=storm_variant)
    assert isinstance(game, MagellanElcano)
    return game


def build_crew(
    hand: Iterable[CardId] = (),
    red: Sequence[CardId] = (),
    blue: Sequence[CardId] = (),
    green: Sequence[CardId] = (),
    *,
    storm: Sequence[CardId] = (),
    discard: Sequence[CardId] = (),
    hidden_discard: Iterable[CardId] = (),
    passed: bool = False,
    known: Sequence[tuple[CardId, frozenset[Place]]] = (),
    round: int = 1,
) -> Crew:
    """Return a crew whose deck holds the lowest unused ids, as many as ``round`` needs."""
    hand = tuple(hand)
    hidden_discard = tuple(hidden_discard)
    used = [*hand, *red, *blue, *green, *storm, *discard, *hidden_discard]
    assert len(used) == len(set(used)), f"a card is in two zones: {used}"
    deck_size = CREW_DECK_SIZE - HAND_SIZE - 2 * (round - 1)
    rest = [card for card in range(CREW_DECK_SIZE) if card not in used]
    assert len(rest) >= deck_size, f"only {len(rest)} cards left for a {deck_size}-card deck"
    return Crew(
        deck=tuple(rest[:deck_size]),
        hand=frozenset(hand),
        columns=(tuple(red), tuple(blue), tuple(green)),
        storm=tuple(storm),
        discard=(*discard, *rest[deck_size:]),
        hidden_discard=frozenset(hidden_discard),
        passed=passed,
        known=tuple(known),
    )


def build_state(
    crews: Sequence[Crew],
    *,
    round: int = 1,
    first_player: int = 0,
    to_move: int | None = 0,
    piles: Sequence[Sequence[CardId]] = DEFAULT_PILES,
    won: Sequence[Sequence[CardId]] | None = None,
    storms: bool | None = None,
    storm_pile: Sequence[CardId] | None = None,
    won_storms: Sequence[Sequence[CardId]] | None = None,
) -> MagellanState:
    """Return a table checked but for its history; decks hold the cards not placed elsewhere."""
    players = len(crews)
    if storms is None:
        storms = players == 5
    won_cards = [tuple(cards) for cards in (won or [()] * players)]
    placed = {card for cards in won_cards for card in cards}
    placed |= {card for pile in piles for card in pile}
    ocean_decks = tuple(
        tuple(
            card
            for card in range(
                colour * OCEAN_CARDS_PER_COLOUR, (colour + 1) * OCEAN_CARDS_PER_COLOUR
            )
            if card not in placed
        )
        for colour in range(3)
    )
    if storm_pile is None:
        storm_pile = tuple(range(round)) if storms else ()
    won_storm_cards = [tuple(cards) for cards in (won_storms or [()] * players)]
    storm_placed = set(storm_pile) | {card for cards in won_storm_cards for card in cards}
    storm_deck = (
        tuple(card for card in range(len(STORM_CARDS)) if card not in storm_placed)
        if storms
        else ()
    )
    first = crews[first_player]
    state = MagellanState(
        players=players,
        storms=storms,
        round=round,
        first_player=first_player,
        to_move=to_move,
        first_has_played=any(first.columns) or bool(first.storm),
        crews=tuple(crews),
        ocean_decks=ocean_decks,
        ocean_piles=tuple(tuple(pile) for pile in piles),
        storm_deck=storm_deck,
        storm_pile=tuple(storm_pile),
        won=tuple(won_cards),
        won_storms=tuple(won_storm_cards),
        history=boardgames.History(),
        rng=boardgames.Rng.from_seed(0),
    )
    check_table(state)
    return state


@pytest.fixture(scope="session")
def make_game() -> Callable[..., MagellanElcano]:
    """Build a configured game: ``make_game(players, storm_variant=False)``."""
    return build_game


@pytest.fixture(scope="session")
def make_crew() -> Callable[..., Crew]:
    """Build one captain's crew cards (see the module docstring)."""
    return build_crew


@pytest.fixture(scope="session")
def make_state() -> Callable[..., MagellanState]:
    """Build a checked hand-made state (see the module docstring)."""
    return build_state

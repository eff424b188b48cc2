"""Fixtures for the Morrigan rule tests: configured games and hand-made states.

Test modules in this folder are not a package (pytest runs in importlib mode), so the
builders are handed to the tests as session-scoped fixtures that return plain functions.

* ``make_game(players=3, **options)`` builds a game through :func:`boardgames.make`.
* ``make_state(players=3, *, hands, territories, adversaries, won, discard, draw, effects,
  active, turn, floors, options, rest)`` builds a :class:`MorriganState` in the active
  player's action phase. Cards are given by kind; each kind takes its lowest unused ids, in
  the order the arguments are listed above (hands seat by seat, then Territories, ...).
  A Territory or Adversary is a kind, or ``(kind, [reinforcement, ...])`` with a
  reinforcement ``(kind, placer)`` or ``(kind, placer, in_reinforcement_phase, public)``.
  ``draw`` gives the top cards of the draw pile; every card not placed goes after them
  (``rest="draw"``, in id order) or to the discard pile (``rest="discard"``). The state is
  checked with ``check_state``, so a malformed scenario fails loudly.
* ``play(game, state, *actions)`` applies the actions in turn, checking every state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeAlias

import pytest

import boardgames
from boardgames.games.morrigan import (
    Action,
    CardKind,
    Effect,
    Holding,
    Morrigan,
    MorriganOptions,
    MorriganState,
    Phase,
    Reinforcement,
)
from boardgames.games.morrigan.components import CARD_KINDS, CARDS, CardId
from boardgames.games.morrigan.rules import check_state

ReinforcementSpec: TypeAlias = tuple[CardKind, int] | tuple[CardKind, int, bool, bool]
HoldingSpec: TypeAlias = CardKind | tuple[CardKind, Sequence[ReinforcementSpec]]


def build_game(players: int = 3, **options: object) -> Morrigan:
    """Return a Morrigan game built through the public registry."""
    game = boardgames.make("morrigan", players=players, **options)
    assert isinstance(game, Morrigan)
    return game


class _Pool:
    """Hands out the lowest unused id of each kind."""

    def __init__(self) -> None:
        self.free: dict[CardKind, list[CardId]] = {kind: [] for kind in CardKind}
        for card in CARDS:
            self.free[card.kind].append(card.id)

    def take(self, kind: CardKind) -> CardId:
        assert self.free[kind], f"the deck has no more {kind} cards"
        return self.free[kind].pop(0)

    def rest(self) -> list[CardId]:
        return sorted(card for cards in self.free.values() for card in cards)


def _holding(pool: _Pool, spec: HoldingSpec) -> Holding:
    if isinstance(spec, CardKind):
        return Holding(pool.take(spec))
    kind, reinforcements = spec
    card = pool.take(kind)
    placed = []
    for item in reinforcements:
        if len(item) == 2:
            under, placer = item
            in_phase, public = True, False
        else:
            under, placer, in_phase, public = item
        placed.append(Reinforcement(pool.take(under), placer, in_phase, public))
    return Holding(card, tuple(placed))


def build_state(
    players: int = 3,
    *,
    hands: Sequence[Sequence[CardKind]] = (),
    territories: Mapping[int, Sequence[HoldingSpec]] | None = None,
    adversaries: Sequence[HoldingSpec] = (),
    won: Mapping[int, Sequence[CardKind]] | None = None,
    discard: Sequence[CardKind] = (),
    draw: Sequence[CardKind] = (),
    effects: Sequence[tuple[CardKind, int]] = (),
    active: int = 0,
    turn: int = 5,
    floors: Sequence[int] | None = None,
    options: MorriganOptions | None = None,
    rest: str = "draw",
) -> MorriganState:
    """Return a checked state in ``active``'s action phase (see the module docstring)."""
    pool = _Pool()
    hand_sets = [frozenset(pool.take(kind) for kind in hand) for hand in hands]
    hand_sets += [frozenset()] * (players - len(hand_sets))
    territory_rows = [
        tuple(_holding(pool, spec) for spec in (territories or {}).get(seat, ()))
        for seat in range(players)
    ]
    centre = tuple(_holding(pool, spec) for spec in adversaries)
    won_rows = [
        tuple(pool.take(kind) for kind in (won or {}).get(seat, ())) for seat in range(players)
    ]
    discard_pile = [pool.take(kind) for kind in discard]
    top = [pool.take(kind) for kind in draw]
    effect_rows = tuple(Effect(pool.take(kind), caster) for kind, caster in effects)
    remaining = pool.rest()
    if rest == "draw":
        draw_pile = (*top, *remaining)
    else:
        draw_pile = tuple(top)
        discard_pile = [*remaining, *discard_pile]
    state = MorriganState(
        players=players,
        options=options or MorriganOptions(),
        turn=turn,
        active=active,
        phase=Phase.ACTION,
        to_move=active,
        draw_pile=draw_pile,
        discard_pile=tuple(discard_pile),
        hands=tuple(hand_sets),
        territories=tuple(territory_rows),
        adversaries=centre,
        won=tuple(won_rows),
        effects=effect_rows,
        window=None,
        ordeal=None,
        attack=None,
        duel=None,
        ally=None,
        reinforced=frozenset(),
        target=None,
        floors=tuple(floors or (0,) * players),
        clues=((),) * players,
        history=boardgames.History(),
        winner=None,
        truncated=False,
        rng=boardgames.Rng.from_seed(0),
    )
    check_state(state)
    return state


def play_actions(game: Morrigan, state: MorriganState, *actions: Action) -> MorriganState:
    """Apply ``actions`` one by one, checking that each is legal and each state valid."""
    for action in actions:
        assert action in game.legal_actions(state), f"{action!r} is not legal in {state.phase}"
        state = game.apply(state, action)
        game.check_state(state)
    return state


def kinds_of(cards: Sequence[CardId] | frozenset[CardId]) -> list[CardKind]:
    """Return the sorted kinds of ``cards``."""
    return sorted(CARD_KINDS[card] for card in cards)


@pytest.fixture(scope="session")
def make_game() -> Callable[..., Morrigan]:
    """Build a configured game: ``make_game(players=3, **options)``."""
    return build_game


@pytest.fixture(scope="session")
def make_state() -> Callable[..., MorriganState]:
    """Build a checked hand-made state (see the module docstring)."""
    return build_state


@pytest.fixture(scope="session")
def play() -> Callable[..., MorriganState]:
    """Apply actions in turn: ``play(game, state, *actions)``."""
    return play_actions


@pytest.fixture(scope="session")
def kinds() -> Callable[[Sequence[CardId] | frozenset[CardId]], list[CardKind]]:
    """Return the sorted kinds of some cards: ``kinds(cards)``."""
    return kinds_of

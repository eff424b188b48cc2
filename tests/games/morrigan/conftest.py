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
  (``rest="draw"``, in id order) or to the discard pile (``rest="discard"``). The state gets
  a public history that can have led to it (see :func:`history_for`) and is checked with
  ``check_state``, so a malformed scenario fails loudly.
* ``play(game, state, *actions)`` applies the actions in turn, checking every state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeAlias

import pytest

import boardgames
from boardgames.games.morrigan import (
    Action,
    AddAction,
    CardKind,
    ChooseTarget,
    Commit,
    Conquer,
    DeclareDuel,
    Effect,
    EndActions,
    EndReinforcement,
    Fight,
    Holding,
    Morrigan,
    MorriganOptions,
    MorriganState,
    Phase,
    PlayAdversary,
    PlayOrdeal,
    PlaySpecial,
    PlayTerritory,
    PublicAction,
    ReinforcedFaceDown,
    Reinforcement,
    Staked,
)
from boardgames.games.morrigan.components import CARD_KINDS, CARD_VALUES, CARDS, CardId
from boardgames.games.morrigan.rules import check_state
from boardgames.games.morrigan.state import HistoryEntry

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


def history_for(
    players: int,
    active: int,
    turn: int,
    territories: Sequence[tuple[Holding, ...]],
    adversaries: Sequence[Holding],
    won: Sequence[tuple[CardId, ...]],
    effects: Sequence[Effect],
    floors: Sequence[int],
) -> boardgames.History[HistoryEntry]:
    """Return a public history that leads to a hand-made position in ``active``'s turn.

    Each seat's past turns (the turns before ``turn``, seats taking turns clockwise up to
    ``active``) play what the seat has on the table: its Territories, the Adversaries in
    the centre (each by a seat that did not reinforce it on play, the others reinforcing
    it then), the Adversaries it defeated and the Ordeals it won; every Deluge and Glacial
    Winter is cast in its caster's last turn; each card under a target placed in a
    reinforcement phase is placed in one of its placer's turns, one per target per turn;
    cards everyone has seen under a target follow an attack on it; a seat with a floor of
    known non-Action cards has lost a duel in his first turn. A seat with no past turn plays
    in the current turn (``active`` only). Fails with ``ValueError`` when ``turn`` leaves too
    few turns for that.
    """
    seat_of = {k: (active - (turn - k)) % players for k in range(1, turn + 1)}
    entries: dict[int, list[tuple[int, PublicAction]]] = {k: [] for k in seat_of}
    reinforcements: dict[int, list[tuple[int, int]]] = {k: [] for k in seat_of}
    duel_turns = set()
    for seat in range(players):
        if floors[seat]:
            mine = [k for k in range(1, turn) if seat_of[k] == seat]
            if not mine:
                raise ValueError(f"seat {seat} has no past turn for his lost duel")
            duel_turns.add(mine[0])
            entries[mine[0]].append((seat, DeclareDuel()))

    def turns_of(seat: int) -> list[int]:
        return [k for k in range(1, turn) if seat_of[k] == seat and k not in duel_turns]

    def play_turn(seat: int) -> int:
        mine = turns_of(seat)
        if mine:
            return mine[0]
        if seat == active:
            return turn
        raise ValueError(f"seat {seat} has no turn before turn {turn} to play his cards")

    def attack(holding: Holding, owner: int | None, action: PublicAction) -> None:
        if holding.reinforcements and holding.reinforcements[0].public:
            seat = next(other for other in range(players) if other != owner)
            entries[play_turn(seat)] += [(seat, action), (seat, AddAction(1)), (seat, Commit())]

    def reinforce(holding: Holding) -> None:
        placed: dict[int, int] = {}
        for r in holding.reinforcements:
            if r.in_reinforcement_phase:
                index = placed.get(r.placer, 0)
                placed[r.placer] = index + 1
                mine = turns_of(r.placer)
                if index >= len(mine):
                    raise ValueError(f"seat {r.placer} has too few turns for his reinforcements")
                reinforcements[mine[index]].append((r.placer, holding.card))

    for seat, holdings in enumerate(territories):
        for holding in holdings:
            entries[play_turn(seat)].append((seat, PlayTerritory(CARD_VALUES[holding.card])))
            attack(holding, seat, Conquer(holding.card))
            reinforce(holding)
    for holding in adversaries:
        on_play = [r.placer for r in holding.reinforcements if not r.in_reinforcement_phase]
        player = next(seat for seat in range(players) if seat not in on_play)
        where = play_turn(player)
        entries[where].append((player, PlayAdversary(CARD_VALUES[holding.card])))
        for placer in sorted(on_play, key=lambda seat: (seat - player) % players):
            entries[where].append((placer, ReinforcedFaceDown()))
        attack(holding, None, Fight(holding.card))
        reinforce(holding)
    for seat, cards in enumerate(won):
        for card in cards:
            value = CARD_VALUES[card]
            if CARDS[card].kind.type is CardKind.ADVERSARY_1.type:
                moves: list[PublicAction] = [PlayAdversary(value), Fight(card), AddAction(5)]
                moves.append(Commit())
            else:
                moves = [PlayOrdeal(value), Staked(False)]
            entries[play_turn(seat)] += [(seat, move) for move in moves]
    for effect in effects:
        cast = max(k for k in seat_of if seat_of[k] == effect.caster)
        if cast <= turn - players or cast in duel_turns:
            raise ValueError(f"seat {effect.caster} has no turn to cast his {CARDS[effect.card]}")
        entries[cast].append((effect.caster, PlaySpecial(CARDS[effect.card].kind)))
    history: list[HistoryEntry] = []
    for k in range(1, turn + 1):
        history += [(k, seat, action) for seat, action in entries[k]]
        if k == turn or k in duel_turns:
            continue
        history.append((k, seat_of[k], EndActions()))
        for seat, target in reinforcements[k]:
            history += [(k, seat, ChooseTarget(target)), (k, seat, ReinforcedFaceDown())]
        history.append((k, seat_of[k], EndReinforcement()))
    return boardgames.History(history)


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
    floor_row = tuple(floors or (0,) * players)
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
        floors=floor_row,
        clues=((),) * players,
        history=history_for(
            players, active, turn, territory_rows, centre, won_rows, effect_rows, floor_row
        ),
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

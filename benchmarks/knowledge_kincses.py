"""Irány a Kincses Sziget!: the cost of ``observe`` and ``sample_state``; sampler checks.

Run with ``python benchmarks/knowledge_kincses.py``. It prints, for mid-game states of
random games (2, 3 and 4 players), the median CPU time (``time.thread_time``) of
``observe`` and of ``sample_state``, and of a random decision (legal actions and apply);
then, as a membership check the unit tests keep short, the number of sampled states that
contradict a blind draw of a peeked pile top (the peeker must find the card with the
drawer), over many random positions. The same figures follow for the first turn after two
or more weapon exchanges, and membership counts for the setup's weapon exchanges (an
exchanger whose hand has only gained cards keeps 2 weapons and as many pirates as it
exchanged) and for random crew steals (a third seat's known cards of the victim stay with
the victim or the thief, at most one with the thief).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import boardgames


def _mid_game(players: int, seed: int) -> tuple[Any, Any]:
    game = boardgames.make("kincses-sziget", players=players)
    rng = random.Random(seed)
    state = game.new_game(seed)
    history = [state]
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])
        history.append(state)
    return game, history[len(history) // 2]


def _median(run: Callable[[], object], rounds: int = 7, repeat: int = 200) -> float:
    times = []
    for _ in range(rounds):
        start = time.thread_time()
        for _ in range(repeat):
            run()
        times.append((time.thread_time() - start) / repeat)
    return statistics.median(times)


def _measure(game: Any, state: Any) -> tuple[float, float, float]:
    """Median CPU seconds of ``observe``, ``sample_state`` and a decision on ``state``."""
    seen = game.observe(state, 0)
    counter = iter(range(10**9))
    return (
        _median(lambda: game.observe(state, 0)),
        _median(lambda: game.sample_state(seen, next(counter))),
        _median(lambda: game.apply(state, game.legal_actions(state)[0])),
    )


def _early(players: int, seed: int) -> tuple[Any, Any]:
    """The first turn of a game whose setup has at least two weapon exchanges."""
    from boardgames.games.kincses_sziget.actions import ExchangeWeapon, WeaponExchanged
    from boardgames.games.kincses_sziget.state import TurnStep

    game = boardgames.make("kincses-sziget", players=players)
    while True:
        state = game.new_game(seed)
        while not isinstance(state.tasks[-1], TurnStep):
            actions = game.legal_actions(state)
            exchanges = [action for action in actions if isinstance(action, ExchangeWeapon)]
            state = game.apply(state, exchanges[0] if exchanges else actions[0])
        if sum(isinstance(entry, WeaponExchanged) for _, entry in state.history) >= 2:
            return game, state
        seed += 100


def _print_medians(where: str, position: Callable[[int, int], tuple[Any, Any]]) -> None:
    """Print the median costs over the positions of seeds 0 to 4 at each player count."""
    for players in (2, 3, 4):
        figures = [_measure(*position(players, seed)) for seed in range(5)]
        columns = zip(*figures, strict=True)
        observe, sample, decision = (statistics.median(column) for column in columns)
        print(
            f"{players} players, {where}: observe {observe * 1e6:6.1f} us, "
            f"sample_state {sample * 1e6:6.1f} us, "
            f"legal_actions+apply {decision * 1e6:6.1f} us"
        )


def timings() -> None:
    """Print the median costs over five mid-game states per player count."""
    _print_medians("mid-game", _mid_game)


def early_timings() -> None:
    """Print the same medians at the first turn after two or more weapon exchanges."""
    _print_medians("first turn after exchanges", _early)


def exchanges_and_steals(games: int = 400, samples: int = 4) -> None:
    """Sample early exchangers' hands and steal victims' known cards; count contradictions."""
    from boardgames.games.kincses_sziget.actions import (
        ExchangeWeapon,
        PeekHand,
        Revealed,
        Showed,
        Steal,
        StealTarget,
        WeaponExchanged,
    )
    from boardgames.games.kincses_sziget.state import TurnStep

    exchange_checked = exchange_wrong = steal_checked = steal_wrong = 0
    for seed in range(games):
        players = 2 + seed % 3
        game = boardgames.make("kincses-sziget", players=players)
        state = game.new_game(seed)
        while not isinstance(state.tasks[-1], TurnStep):
            actions = game.legal_actions(state)
            exchanges = [action for action in actions if isinstance(action, ExchangeWeapon)]
            state = game.apply(state, exchanges[0] if exchanges else actions[0])
        counts = [0] * players
        for seat, entry in state.history:
            counts[seat] += isinstance(entry, WeaponExchanged)
        exchangers = {seat for seat in range(players) if counts[seat]}
        face_up: list[set[int]] = [set() for _ in range(players)]
        steals: list[tuple[int, int, int, frozenset[int]]] = []
        rng = random.Random(seed)
        while not game.is_terminal(state) and len(state.history) < 400:
            actions = game.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            before = (
                [game.observe(state, seat).seats for seat in range(players)]
                if isinstance(action, Steal)
                else []
            )
            row = dict(enumerate(state.crew_row))
            after = game.apply(state, action)
            for seat in range(players):
                if not set(state.hands[seat]) <= set(after.hands[seat]):
                    exchangers.discard(seat)
                    steals = [w for w in steals if seat not in w[1:3]]
            for seat, entry in after.history[len(state.history) :]:
                name = type(entry).__name__
                if name == "CrewFromRow" and row[entry.slot] is not None:
                    face_up[seat].add(row[entry.slot])
                elif name in ("TakeFromTable", "TakeWeapon"):
                    face_up[seat].add(entry.card)
                if isinstance(entry, Showed | Revealed):
                    exchangers.discard(seat)
                    steals = [w for w in steals if seat not in w[1:3]]
                elif isinstance(entry, PeekHand):
                    exchangers.discard(entry.opponent)
                    steals = [w for w in steals if entry.opponent not in w[1:3]]
                elif isinstance(entry, Steal):
                    exchangers.discard(entry.opponent)
                    steals = [w for w in steals if entry.opponent not in w[1:3]]
                    if entry.target is StealTarget.CREW:
                        victim = entry.opponent
                        steals += [
                            (viewer, victim, seat, frozenset(before[viewer][victim].known_hand))
                            for viewer in set(range(players)) - {seat, victim}
                            if before[viewer][victim].known_hand
                        ]
            state = after
            for seat in exchangers:
                for viewer in set(range(players)) - {seat}:
                    seen = game.observe(state, viewer)
                    for offset in range(samples):
                        rest = set(game.sample_state(seen, offset).hands[seat]) - face_up[seat]
                        weapons = sum(1 for card in rest if card >= 48)
                        exchange_checked += 1
                        exchange_wrong += weapons < 2 or len(rest) - weapons < counts[seat]
            for viewer, victim, thief, cards in steals:
                seen = game.observe(state, viewer)
                for offset in range(samples):
                    sample = game.sample_state(seen, offset)
                    steal_checked += 1
                    steal_wrong += (
                        not cards <= set(sample.hands[victim]) | set(sample.hands[thief])
                        or len(cards & set(sample.hands[thief])) > 1
                    )
    print(f"setup exchanges: {exchange_wrong} of {exchange_checked} sampled states contradict one")
    print(f"crew steals: {steal_wrong} of {steal_checked} sampled states misplace a known card")


def peeked_tops(games: int = 60, samples: int = 20) -> None:
    """Sample after every blind draw of a peeked top and check the peeker finds the card."""
    from boardgames.games.kincses_sziget.actions import CrewFromPile, MissionFromPile

    checked = wrong = 0
    for seed in range(games):
        players = 2 + seed % 3
        game = boardgames.make("kincses-sziget", players=players)
        rng = random.Random(seed)
        state = game.new_game(seed)
        while not game.is_terminal(state):
            actions = game.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            drawer = game.current_player(state)
            top = None
            if isinstance(action, CrewFromPile) and state.crew_pile:
                top, known = state.crew_pile[0], state.crew_known[state.crew_pile[0]]
            elif isinstance(action, MissionFromPile):
                top, known = state.mission_pile[0], state.mission_known[state.mission_pile[0]]
            after = game.apply(state, action)
            if top is not None:
                for peeker in range(players):
                    if peeker == drawer or not known >> peeker & 1:
                        continue
                    seen = game.observe(after, peeker)
                    for offset in range(samples):
                        sample = game.sample_state(seen, offset)
                        checked += 1
                        place = (
                            sample.hands[drawer]
                            if isinstance(action, CrewFromPile)
                            else sample.drawn_missions[drawer]
                        )
                        wrong += top not in place
            state = after
    print(f"peeked tops drawn blindly: {wrong} of {checked} sampled states lose the card")


if __name__ == "__main__":
    timings()
    early_timings()
    peeked_tops()
    exchanges_and_steals()

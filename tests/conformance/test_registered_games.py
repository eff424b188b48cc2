"""Every registered game, at every player count and option variant, passes the conformance kit."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.testing import check_edits, check_game


def _configurations() -> list[Any]:
    """Every player count with default options, and each flipped boolean option once.

    The variants run at the game's default player count, which keeps the suite's time in
    proportion to the number of options rather than options times player counts.
    """
    configurations = []
    for name in boardgames.game_names():
        info = boardgames.game_info(name)
        runs: list[tuple[int, dict[str, Any]]] = [
            (players, {}) for players in range(info.min_players, info.max_players + 1)
        ]
        runs.extend(
            (info.default_players, {option.name: not option.default})
            for option in info.options
            if isinstance(option.default, bool)
        )
        for players, options in runs:
            try:
                boardgames.make(name, players, **options)
            except boardgames.ConfigurationError:
                continue
            label = ",".join(f"{key}={value}" for key, value in options.items()) or "default"
            configurations.append(
                pytest.param(name, players, options, id=f"{name}-{players}p-{label}")
            )
    return configurations


@pytest.mark.parametrize(("name", "players", "options"), _configurations())
def test_check_game(name: str, players: int, options: dict[str, Any]) -> None:
    game = boardgames.make(name, players, **options)
    seeds = (11, 12) if not options else (13,)  # variants differ in a few rules only
    report = check_game(game, seeds=seeds)
    assert len(seeds) == report.games
    assert report.decisions > 0
    assert report.samples > 0


@pytest.mark.parametrize("name", boardgames.game_names())
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_check_game_any_seed(name: str, seed: int) -> None:
    info = boardgames.game_info(name)
    game = boardgames.make(name, info.max_players)
    assert 1 == check_game(game, seeds=(seed,), sample_every=11).games


@pytest.mark.parametrize(("name", "players", "options"), _configurations())
def test_check_edits(name: str, players: int, options: dict[str, Any]) -> None:
    """Edited states and observations are refused, or load to values that play on.

    A few hundred documents per configuration here; ``benchmarks/edited_documents.py``
    runs the 100,000 per game of the hardening targets.
    """
    game = boardgames.make(name, players, **options)
    report = check_edits(game, seeds=(21,), documents=150)
    assert 150 == report.documents == report.refused + report.accepted
    assert report.refused > 0

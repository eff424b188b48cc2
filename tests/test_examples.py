"""Every script in ``examples/`` runs to the end, and the template game passes ``check_game``.

``examples/goofspiel/`` is the package that ``docs/howto/add-a-game.md`` walks through. It
is imported the way a reader would use a copy of it: with its folder on ``sys.path``.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import boardgames
from boardgames.testing import ConformanceError, check_edits, check_game, check_sampler

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))

if str(EXAMPLES) not in sys.path:
    sys.path.insert(0, str(EXAMPLES))

from goofspiel import Bid, Goofspiel  # noqa: E402 - needs the path above


def test_the_expected_examples_exist() -> None:
    expected = {"quickstart.py", "run_a_tournament.py", "save_and_replay.py", "write_a_bot.py"}
    assert expected <= {script.name for script in SCRIPTS}
    assert (EXAMPLES / "goofspiel" / "__init__.py").is_file()


NEEDS = {
    "gymnasium_env": ("gymnasium", "numpy"),
    "openspiel_game": ("pyspiel", "numpy"),
    "pettingzoo_env": ("pettingzoo", "numpy"),
    "run_a_tournament": ("openskill",),
}
"""The optional packages each script needs besides the library."""


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.stem for script in SCRIPTS])
def test_example_runs(script: Path) -> None:
    for module in NEEDS.get(script.stem, ()):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"needs the optional package {module} (uv sync --group dev installs it)")
    result = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=EXAMPLES.parent,
    )
    assert 0 == result.returncode, result.stderr
    assert "" == result.stderr
    assert result.stdout.strip()


@pytest.fixture
def registered() -> Iterator[None]:
    """Register the template game for one test (``loads`` finds games by name)."""
    boardgames.register_game(Goofspiel)
    try:
        yield
    finally:
        boardgames.unregister_game(Goofspiel.info.name)


# docs/howto/add-a-game.md shows the fixture above and this test: check_game per player count.
@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize(
    "players", range(Goofspiel.info.min_players, Goofspiel.info.max_players + 1)
)
def test_goofspiel_conforms(players: int) -> None:
    report = check_game(boardgames.make("goofspiel", players=players))
    assert 3 == report.games
    assert 13 * players * report.games == report.decisions


# docs/howto/add-a-game.md shows this test too: edited documents are refused or playable.
@pytest.mark.usefixtures("registered")
def test_goofspiel_refuses_edited_documents() -> None:
    report = check_edits(boardgames.make("goofspiel", players=3), documents=300)
    assert 300 == report.refused + report.accepted
    assert report.accepted > 0


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("cards", [1, 4])
def test_goofspiel_conforms_with_short_suits(cards: int) -> None:
    check_game(Goofspiel(players=3, cards=cards))


def test_a_tied_highest_bid_discards_the_prize() -> None:
    """Rules: "if the highest bid is tied the prize is discarded"."""
    game = Goofspiel(players=3, cards=2)
    state = game.new_game(0)
    for card in (2, 2, 1):
        state = game.apply(state, Bid(card))
    assert (0.0, 0.0, 0.0) == game.score(state)
    assert None is state.history[-1].winner


def test_others_see_a_bid_only_when_the_round_is_revealed() -> None:
    """Rules: "every player bids one card from his hand, face down"."""
    game = Goofspiel(players=2, cards=3)
    state = game.new_game(0)
    first = game.observe(state, 0)
    assert "bid a card face down" == game.describe_action(first, Bid(3), 1)
    state = game.apply(state, Bid(3))
    second = game.observe(state, 1)
    assert None is second.bid
    assert "bid 2" == game.describe_action(second, Bid(2), 0)


@pytest.mark.usefixtures("registered")
def test_loads_refuses_an_observation_no_state_gives() -> None:
    game = Goofspiel(players=2, cards=3)
    observation = game.observe(game.new_game(0), 1)
    text = boardgames.dumps(observation).replace('"hand":[1,2,3]', '"hand":[1,2,4]')
    assert '"hand":[1,2,4]' in text
    with pytest.raises(boardgames.SerializationError, match="cards 1 to 3"):
        boardgames.loads(text)


def _bid_position() -> tuple[Goofspiel, Any, Any]:
    """Two rounds of three seats revealed, then seats 0 and 1 bid face down; seat 2 looks."""
    game = Goofspiel(players=3, cards=5)
    state = game.new_game(11)
    for card in (5, 4, 1, 1, 2, 3, 2, 5):
        state = game.apply(state, Bid(card))
    return game, state, game.observe(state, 2)


def _bid_worlds(cards: int, rounds: list[tuple[int, ...]]) -> set[tuple[int, int]]:
    """A reasoner from the rules alone: each bidder may have bid any card he has not shown.

    "Every player bids one card from his hand, face down", and each card is bid once: after
    the revealed ``rounds``, seat 0 and seat 1 each hold their cards not yet revealed, one of
    which is this round's bid. Both bids are unseen, so every pair is possible.
    """
    left = [set(range(1, cards + 1)) - {round_[seat] for round_ in rounds} for seat in (0, 1)]
    return {(first, second) for first in left[0] for second in left[1]}


def _bids(state: Any) -> tuple[int, int]:
    return (state.bids[0], state.bids[1])


def test_the_template_samples_every_pair_of_hidden_bids_uniformly() -> None:
    """The kit's ``check_sampler`` against an independent reasoner, on the template game."""
    game, state, seen = _bid_position()
    worlds = _bid_worlds(5, [(5, 4, 1), (1, 2, 3)])
    assert (2, 5) == _bids(state)
    report = check_sampler(game, seen, 2, worlds, _bids, samples=900)
    assert 9 == report.worlds == len(report.counts)
    assert 900 == report.samples == sum(report.counts)
    assert report.chi_square < report.threshold


class _LowestBid(Goofspiel):
    """Draws every hidden bid as the lowest card the bidder may hold: one world of nine."""

    def sample_state(self, observation: Any, seed: int) -> Any:
        state = super().sample_state(observation, seed)
        hands, bids = list(state.hands), list(state.bids)
        for seat, bid in enumerate(state.bids):
            held = hands[seat] | {bid}
            bids[seat] = min(held)
            hands[seat] = held - {bids[seat]}
        return attrs.evolve(state, bids=tuple(bids), hands=tuple(hands))


class _ShownBid(Goofspiel):
    """Now and then draws as seat 0's bid a card he has already shown (ruled out)."""

    def sample_state(self, observation: Any, seed: int) -> Any:
        state = super().sample_state(observation, seed)
        if seed % 50 == 7:
            return attrs.evolve(state, bids=(5, *state.bids[1:]))
        return state


class _Lopsided(Goofspiel):
    """Redraws a third of its samples until seat 0's bid is his lowest card (biased)."""

    def sample_state(self, observation: Any, seed: int) -> Any:
        state = super().sample_state(observation, seed)
        redraw = 1_000_000
        while seed % 3 == 0 and state.bids[0] != min(state.hands[0] | {state.bids[0]}):
            redraw += 1
            state = super().sample_state(observation, seed + redraw)
        return state


@pytest.mark.parametrize(
    ("sampler", "complaint"),
    [
        (_LowestBid, "were never drawn"),
        (_ShownBid, "drew a world the reasoner rules out: \\(5, "),
        (_Lopsided, "not uniform over the 9 consistent worlds"),
    ],
)
def test_check_sampler_catches(sampler: type[Goofspiel], complaint: str) -> None:
    _, _, seen = _bid_position()
    game = sampler(players=3, cards=5)
    worlds = _bid_worlds(5, [(5, 4, 1), (1, 2, 3)])
    with pytest.raises(ConformanceError, match=complaint):
        check_sampler(game, seen, 2, worlds, _bids, samples=900)


def test_check_sampler_refuses_bad_arguments() -> None:
    game, _, seen = _bid_position()
    worlds = _bid_worlds(5, [(5, 4, 1), (1, 2, 3)])
    with pytest.raises(boardgames.ConfigurationError, match="seat must be an int from 0 to 2"):
        check_sampler(game, seen, 3, worlds, _bids)
    with pytest.raises(boardgames.ConfigurationError, match="samples must be a positive int"):
        check_sampler(game, seen, 2, worlds, _bids, samples=0)
    with pytest.raises(ConformanceError, match="cannot draw each of the 9"):
        check_sampler(game, seen, 2, worlds, _bids, samples=5)
    with pytest.raises(ConformanceError, match="gave no consistent world"):
        check_sampler(game, seen, 2, [], _bids)

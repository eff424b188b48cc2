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

import pytest

import boardgames
from boardgames.testing import check_edits, check_game

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

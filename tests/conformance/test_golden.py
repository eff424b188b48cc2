"""Golden playthroughs: every registered game replays a seeded game exactly as recorded.

Each game in :data:`GOLDEN` is played by :func:`boardgames.testing.playthrough` (a
``RandomBot`` in every seat) and the text is compared with ``golden/<game>.txt``: every
state, every seat's observation, the legal actions and the choices, so a changed rule, a
changed random stream or a leak into an observation all show up as a diff. After an
intended change, regenerate the files with::

    BOARDGAMES_REGEN_GOLDEN=1 uv run pytest tests/conformance/test_golden.py

and review the diff before committing it. A new game needs a row in :data:`GOLDEN` (pick a
seed whose game shows many of its rules and keeps the file under about 1.5 MB) and then
the same command to write its file.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any

import attrs
import pytest

import boardgames
from boardgames.testing import playthrough

GOLDEN_DIRECTORY = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("BOARDGAMES_REGEN_GOLDEN") == "1"
COMMAND = "BOARDGAMES_REGEN_GOLDEN=1 uv run pytest tests/conformance/test_golden.py"
DIFF_LINES = 40


@attrs.frozen
class Golden:
    """How one game's golden playthrough is played.

    Args:
        players: The seat count.
        seed: The game seed.
        options: Options given to :func:`boardgames.make`.
        max_decisions: Where to cut a long game (``None``: play to the end).
        why: What the seed's game shows, for the reader of the table.
    """

    players: int
    seed: int
    options: dict[str, Any] = attrs.field(factory=dict)
    max_decisions: int | None = None
    why: str = ""


GOLDEN = {
    "kincses-sziget": Golden(players=2, seed=2045),
    "magellan-elcano": Golden(players=3, seed=2026),
    "morgans-magic-map": Golden(
        players=2,
        seed=2032,
        options={"max_turns": 10},
        why="a whole game runs to about a thousand decisions; ten turns have four digs "
        "and two bonuses, and the game ends truncated",
    ),
    "morrigan": Golden(
        players=3,
        seed=216,
        why="Ordeal ties and withdrawals, failed attacks and conquests with a Catapult, "
        "Earthquake, Sorcery, The King's Favourite, Deluge, Glacial Winter, a reshuffle, "
        "a lost duel and a won one",
    ),
}


def golden_path(name: str) -> Path:
    """Return the golden file of the game ``name``."""
    return GOLDEN_DIRECTORY / f"{name}.txt"


def short_diff(expected: str, actual: str, path: Path) -> str:
    """Return the first :data:`DIFF_LINES` lines of the unified diff of two texts."""
    diff = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            fromfile=str(path),
            tofile="playthrough()",
            lineterm="",
        )
    )
    more = len(diff) - DIFF_LINES
    shown = diff[:DIFF_LINES] + ([f"... {more} more diff lines"] if more > 0 else [])
    return "\n".join(shown)


@pytest.mark.parametrize("name", boardgames.game_names())
def test_the_playthrough_matches_the_golden_file(name: str) -> None:
    """The engine replays the recorded game exactly as before (a golden-file test)."""
    if name not in GOLDEN:
        pytest.fail(f"game {name!r} has no golden playthrough; add a row to GOLDEN in {__file__}")
    golden = GOLDEN[name]
    game = boardgames.make(name, golden.players, **golden.options)
    text = playthrough(game, golden.seed, max_decisions=golden.max_decisions)
    path = golden_path(name)
    if REGENERATE:
        GOLDEN_DIRECTORY.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    if not path.exists():
        pytest.fail(f"golden file {str(path)!r} is missing; write it with {COMMAND}")
    expected = path.read_text(encoding="utf-8")
    if expected != text:  # not a bare assert: pytest -vv would print both texts whole
        pytest.fail(
            f"the {name} playthrough differs from {path.name}; if the change is intended, "
            f"regenerate with {COMMAND} and review the diff\n{short_diff(expected, text, path)}"
        )


def test_every_golden_file_belongs_to_a_registered_game() -> None:
    """A golden file left behind by a renamed or removed game is reported, not kept."""
    names = {path.stem for path in GOLDEN_DIRECTORY.glob("*.txt")}
    assert set() == names - set(boardgames.game_names())
    assert set() == set(GOLDEN) - set(boardgames.game_names())


# The generator itself.


def magellan_text(seed: int) -> str:
    """Return four decisions of a 2-player Magellan game from ``seed``."""
    return playthrough(boardgames.make("magellan-elcano", players=2), seed, max_decisions=4)


def test_playthrough_is_deterministic() -> None:
    assert magellan_text(5) == magellan_text(5)


def test_playthrough_differs_with_the_seed() -> None:
    assert magellan_text(5) != magellan_text(6)


def test_playthrough_shows_every_seat_observation_and_the_legal_actions() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    text = playthrough(game, 5, max_decisions=4)
    state = game.new_game(5)
    legal = game.legal_actions(state)
    first = text[text.index("## decision 1:") : text.index("## decision 2:")]
    assert f"### state\n{game.render_state(state)}\n" in first
    for seat in range(2):
        observation = game.render_observation(game.observe(state, seat))
        assert f"### observation of seat {seat}\n{observation}\n" in first
    listed = "\n".join(f"{index}. {action}" for index, action in enumerate(legal))
    assert f"### {len(legal)} legal actions\n{listed}\n### chosen: " in first
    assert 4 == text.count("## decision ")
    assert "\n## end after 4 decisions\n" in text
    assert "\nterminal: False\n" in text


def test_playthrough_records_the_choices_of_the_given_bots() -> None:
    """The chosen actions are the bots' (here: always the first legal action)."""

    class First:
        def choose(self, observation: object, legal_actions: Any, rng: object) -> Any:
            return legal_actions[0]

    game = boardgames.make("magellan-elcano", players=2)
    text = playthrough(game, 5, [First(), First()], max_decisions=3)
    assert "bots: First, First\n" in text
    assert 3 == text.count("### chosen: 0. ")


def test_playthrough_of_a_whole_game_ends_with_the_result() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    record = boardgames.play(game, [boardgames.RandomBot()] * 2, seed=5)
    text = playthrough(game, 5)
    states = list(boardgames.replay(record))
    assert f"\n## end after {len(record.actions)} decisions\n" in text
    assert f"\nscores: {record.scores}\nranking: {record.ranking}\nterminal: True\n" in text
    assert text.endswith(f"\n{boardgames.dumps(states[-1])}\n")


def test_playthrough_refuses_a_wrong_number_of_bots() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    with pytest.raises(boardgames.ConfigurationError, match="got 1 bots"):
        playthrough(game, 5, [boardgames.RandomBot()])


def test_short_diff_is_cut() -> None:
    expected = "".join(f"line {number}\n" for number in range(200))
    actual = expected.replace("line ", "row ")
    diff = short_diff(expected, actual, Path("golden.txt"))
    assert DIFF_LINES + 1 == len(diff.splitlines())
    assert diff.startswith("--- golden.txt\n+++ playthrough()\n")
    assert diff.endswith("more diff lines")

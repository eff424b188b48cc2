"""The JSON Lines results file: streaming, resuming, and refusing what does not belong."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames.bots import specs
from boardgames.tournaments import TournamentResult, tournament

GAME = "magellan-elcano"
BOTS = ["first", "last", "random"]


def run(out: Path, games: int = 9, **settings: Any) -> TournamentResult:
    with ThreadPoolExecutor(1) as executor:
        return tournament(GAME, BOTS, games, executor=executor, out=out, chunk_size=1, **settings)


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


pytestmark = pytest.mark.usefixtures("test_bots")


def test_the_file_has_a_header_then_one_line_per_game(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    result = run(out)
    header, *games = lines(out)
    assert {
        "format": "boardgames-tournament",
        "version": 1,
        "game": GAME,
        "players": 3,
        "options": {"storm_variant": False},
        "bots": BOTS,
        "seed": 0,
        "boardgames": boardgames.__version__,
    } == header
    assert 9 == len(games) == result.played
    assert [(game.deal, game.rotation) for game in result.games] == [
        (line["deal"], line["rotation"]) for line in games
    ]
    first = result.games[0]
    assert {
        "deal": 0,
        "rotation": 0,
        "seed": first.seed,
        "seating": list(first.seating),
        "scores": list(first.scores),
        "ranking": list(first.ranking),
        "decisions": first.decisions,
        "terminal": True,
        "truncated": False,
        "seconds": first.seconds,
    } == games[0]


class _Interrupt:
    """A bot that stops the run (as Ctrl-C would) once a number of games have started."""

    def __init__(self, started: list[int], limit: int, lock: threading.Lock) -> None:
        self.started, self.limit, self.lock = started, limit, lock
        self.counted = False

    def choose(self, observation: object, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if not self.counted:  # a new game
            self.counted = True
            with self.lock:
                self.started[0] += 1
                if self.started[0] > self.limit:
                    raise KeyboardInterrupt
        return legal_actions[rng.randrange(len(legal_actions))]


@pytest.fixture
def interrupt_after() -> list[int]:
    """Register ``stopper``: it plays randomly for ``limit[0]`` games, then interrupts."""
    started, limit, lock = [0], [10**9], threading.Lock()

    def factory(game: boardgames.Game[Any, Any, Any], parameters: Mapping[str, str]) -> _Interrupt:
        return _Interrupt(started, limit[0], lock)

    specs.register_bot("stopper", factory, replace=True)
    return limit


def test_an_interrupted_run_keeps_its_games_and_resumes_without_replaying(
    tmp_path: Path, interrupt_after: list[int]
) -> None:
    bots = ["first", "stopper", "last"]
    out = tmp_path / "results.jsonl"
    interrupt_after[0] = 4  # the stopper sits in every game: the 5th game is interrupted
    with pytest.raises(KeyboardInterrupt), ThreadPoolExecutor(1) as executor:
        tournament(GAME, bots, 12, executor=executor, workers=1, out=out, chunk_size=1)
    kept = len(lines(out)) - 1
    assert 1 <= kept <= 4  # the games that finished before the interrupt was seen

    interrupt_after[0] = 10**9
    with ThreadPoolExecutor(1) as executor:
        resumed = tournament(GAME, bots, 12, executor=executor, out=out, chunk_size=1)
    assert 12 - kept == resumed.played
    with ThreadPoolExecutor(2) as executor:
        fresh = tournament(GAME, bots, 12, executor=executor, out=tmp_path / "fresh.jsonl")
    assert fresh == resumed
    assert 12 == fresh.played
    _header, *games = lines(out)
    assert [(deal, rotation) for deal in range(4) for rotation in range(3)] == [
        (line["deal"], line["rotation"]) for line in games
    ]


def test_a_finished_file_is_read_back_without_playing(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    first = run(out)
    again = run(out)
    assert 0 == again.played
    assert first == again


def test_more_games_extend_the_file(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run(out, games=6)
    extended = run(out, games=9)
    assert 3 == extended.played
    assert run(tmp_path / "fresh.jsonl", games=9) == extended


def test_fewer_games_use_the_first_deals_and_keep_the_file(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run(out, games=9)
    fewer = run(out, games=3)
    assert 0 == fewer.played
    assert [0] == sorted({game.deal for game in fewer.games})
    assert 1 + 9 == len(lines(out))


def test_a_partial_last_line_is_dropped_and_its_game_played_again(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    complete = run(out)
    text = out.read_text(encoding="utf-8")
    kept = text.splitlines(keepends=True)[:5]
    out.write_text("".join(kept) + text.splitlines()[5][:40], encoding="utf-8")
    resumed = run(out)
    assert 5 == resumed.played
    assert complete == resumed
    assert text.count("\n") == out.read_text(encoding="utf-8").count("\n")


def test_without_resume_the_file_starts_afresh(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run(out)
    again = run(out, resume=False)
    assert 9 == again.played
    assert 1 + 9 == len(lines(out))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seed": 1}, "seed"),
        ({"players": 4}, "players"),
        ({"options": {"storm_variant": True}, "players": 4}, "players"),
    ],
)
def test_another_configuration_is_refused(
    tmp_path: Path, change: dict[str, Any], field: str
) -> None:
    out = tmp_path / "results.jsonl"
    run(out)
    with out.open("a", encoding="utf-8") as file:
        file.write('{"deal": 3, "rot')  # even an interrupted write is left alone
    before = out.read_bytes()
    with pytest.raises(boardgames.ConfigurationError, match=f"another tournament: its {field} is"):
        run(out, **change)
    assert before == out.read_bytes()


def test_other_bots_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run(out)
    with (
        pytest.raises(boardgames.ConfigurationError, match="its bots is"),
        ThreadPoolExecutor(1) as executor,
    ):
        tournament(GAME, ["last", "first", "random"], 9, executor=executor, out=out)


def test_other_options_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run(out, players=4, games=3)
    with pytest.raises(boardgames.ConfigurationError, match="its options is"):
        run(out, players=4, games=3, options={"storm_variant": True})


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda line: "{not json", "line 3: not valid JSON"),
        (lambda line: line.replace('"decisions"', '"moves"'), "line 3: missing key 'decisions'"),
        (lambda line: line.replace('"rotation": 1', '"rotation": 5'), "line 3: rotation 5 is not"),
        (lambda line: line.replace('"seed": ', '"seed": 1'), "line 3: seed 1"),
        (lambda line: line.replace('"first"', '"last"', 1), "line 3: seating"),
        (lambda line: line.replace('"terminal": true', '"terminal": 1'), "line 3: terminal 1"),
    ],
)
def test_a_damaged_line_is_refused_with_its_number(
    tmp_path: Path, damage: Any, message: str
) -> None:
    out = tmp_path / "results.jsonl"
    run(out)
    text = out.read_text(encoding="utf-8").splitlines()
    text[2] = damage(text[2])
    out.write_text("\n".join(text) + "\n", encoding="utf-8")
    with pytest.raises(boardgames.SerializationError, match=message):
        run(out)


def test_a_repeated_game_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run(out)
    text = out.read_text(encoding="utf-8").splitlines()
    out.write_text("\n".join([*text, text[4]]) + "\n", encoding="utf-8")
    with pytest.raises(boardgames.SerializationError, match="line 11: deal 1 rotation 0 is"):
        run(out)


def test_a_file_that_is_not_a_results_file_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text('{"hello": 1}\n', encoding="utf-8")
    with pytest.raises(boardgames.SerializationError, match="line 1: not the header"):
        run(out)


@pytest.mark.parametrize("blank", ["\n", "\n\n\n", "  \n\t\n"])
def test_blank_lines_are_skipped_when_resuming(tmp_path: Path, blank: str) -> None:
    """A blank line, such as the one an editor adds at the end, holds no game and no error."""
    out = tmp_path / "results.jsonl"
    complete = run(out)
    text = out.read_text(encoding="utf-8")
    kept = text.splitlines(keepends=True)
    out.write_text("".join(kept[:4]) + blank + "".join(kept[4:6]) + blank, encoding="utf-8")
    resumed = run(out)
    assert 4 == resumed.played
    assert complete == resumed


def test_a_file_of_blank_lines_starts_afresh(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text("\n\n", encoding="utf-8")
    assert 9 == run(out).played
    assert 10 == len(lines(out))

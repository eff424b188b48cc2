"""Playing in the terminal.

Explained choices, the legend, forced moves, abandoned games, ``--version``, ``--html``,
and who played each seat.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path

import pytest

import boardgames
import boardgames.bots
from boardgames._version import __version__
from boardgames.cli import EXIT_ABANDONED, EXIT_OK, EXIT_USAGE, main

GAMES = [
    ("magellan-elcano", "human,random", 3),
    ("morrigan", "human,random", 4),
    ("kincses-sziget", "human,random", 4),
    ("morgans-magic-map", "human,random", 2),
]


class _Script(io.StringIO):
    """Standard input that answers ``?`` and a bad line first, then mostly valid numbers."""

    def __init__(self, answers: str, *, interrupt_after: int | None = None) -> None:
        super().__init__(answers)
        self.read_lines = 0
        self.interrupt_after = interrupt_after

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.interrupt_after is not None and self.read_lines >= self.interrupt_after:
            raise KeyboardInterrupt
        self.read_lines += 1
        return super().readline(-1 if size is None else size)


def _answers(count: int) -> str:
    return "?\nnot a number\n" + "".join(f"{1 + index % 3}\n" for index in range(count))


def _record(path: Path) -> boardgames.GameRecord:
    record = boardgames.loads(path.read_text(encoding="utf-8"))
    assert isinstance(record, boardgames.GameRecord)
    return record


@pytest.mark.parametrize(("name", "seats", "seed"), GAMES, ids=[game[0] for game in GAMES])
def test_a_person_plays_a_whole_game_with_every_choice_explained(
    name: str,
    seats: str,
    seed: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A person plays seat 0 of a whole game from scripted answers.

    The answers are ``?``, a bad line, then numbers in and out of range; the screen shows
    the legend once asked, and every choice with what it means.
    """
    monkeypatch.setattr(sys, "stdin", _Script(_answers(5000)))
    path = tmp_path / "game.json"
    code = main(["play", name, "--players", seats, "--seed", str(seed), "--record", str(path)])
    out = capsys.readouterr().out
    assert EXIT_OK == code
    record = _record(path)
    assert record.terminal
    game = record.make_game()
    assert isinstance(game, boardgames.ExplainsNotation)
    assert game.legend() in out
    assert "'not a number' is not a number" in out
    asked = forced = 0
    for state, action in zip(boardgames.replay(record), record.actions, strict=False):
        if game.current_player(state) != 0:
            continue
        observation = game.observe(state, 0)
        legal = game.legal_actions(state)
        if len(legal) == 1:
            forced += 1
            line = f"your only move, played for you: {game.explain_action(observation, action)}"
            assert line in out
            continue
        asked += 1
        for number, choice in enumerate(legal, start=1):
            meaning = game.explain_action(observation, choice)
            assert re.search(rf"^\s*{number}\. {re.escape(meaning)}  \[", out, re.M), meaning
    assert asked > 0
    assert out.count("your move (1-") >= asked


def test_a_single_legal_move_is_played_without_asking() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    state = game.new_game(seed=1)
    observation = game.observe(state, 0)
    output = io.StringIO()
    bot = boardgames.bots.HumanBot(game, input=io.StringIO(""), output=output)
    action = game.legal_actions(state)[0]
    assert action == bot.choose(observation, [action], random.Random(0))
    assert "your move" not in output.getvalue()
    assert "your only move, played for you: " in output.getvalue()


def test_an_abandoned_game_still_writes_its_record_marked_unfinished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", _Script("1\n" * 5))
    path, page = tmp_path / "game.json", tmp_path / "game.html"
    command = ["play", "magellan-elcano", "--players", "human,random", "--seed", "3"]
    code = main([*command, "--record", str(path), "--html", str(page)])
    captured = capsys.readouterr()
    assert EXIT_ABANDONED == code
    assert "error: input ended; the game was abandoned" in captured.err
    assert "record (unfinished) written to" in captured.out
    record = _record(path)
    assert not record.terminal
    assert record.actions
    assert ("human", "random") == record.seats
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert EXIT_OK == main(["replay", str(path)])
    replayed = capsys.readouterr().out
    assert f"unfinished: the record stops after {len(record.actions)} decisions" in replayed


def test_ctrl_c_also_writes_the_record_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", _Script("1\n" * 50, interrupt_after=4))
    path = tmp_path / "game.json"
    command = ["play", "morrigan", "--players", "human,random", "--seed", "2"]
    assert 130 == main([*command, "--record", str(path)])
    assert "interrupted; the game was abandoned" in capsys.readouterr().err
    record = _record(path)
    assert not record.terminal
    assert list(boardgames.replay(record))


def test_replay_shows_who_played_each_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    command = ["play", "magellan-elcano", "--players", "greedy,random", "--seed", "8"]
    assert EXIT_OK == main([*command, "--record", str(path)])
    capsys.readouterr()
    assert EXIT_OK == main(["replay", str(path)])
    out = capsys.readouterr().out
    assert "seats: 0 greedy, 1 random" in out
    assert re.search(r"^\s+0\s+greedy\s", out, re.M)
    assert re.search(r"^\s+1\s+random\s", out, re.M)


def test_a_record_without_seats_still_loads() -> None:
    """Records written before 0.2.0 have no ``seats`` field."""
    game = boardgames.make("magellan-elcano", players=2)
    record = boardgames.play(game, [boardgames.RandomBot()] * 2, seed=4)
    document = json.loads(boardgames.dumps(record))
    del document["data"]["seats"]
    old = boardgames.loads(json.dumps(document))
    assert isinstance(old, boardgames.GameRecord)
    assert () == old.seats
    assert old.actions == record.actions


def test_a_record_with_bad_seats_is_refused() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    record = boardgames.play(game, [boardgames.RandomBot()] * 2, seed=4)
    document = json.loads(boardgames.dumps(record))
    document["data"]["seats"] = ["random"]
    with pytest.raises(boardgames.SerializationError, match=r"one name .* per seat"):
        boardgames.loads(json.dumps(document))


def test_replay_writes_an_html_page_for_a_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, page = tmp_path / "game.json", tmp_path / "game.html"
    command = ["play", "kincses-sziget", "--players", "random,random,random", "--seed", "1"]
    assert EXIT_OK == main([*command, "--record", str(path)])
    capsys.readouterr()
    assert EXIT_OK == main(["replay", str(path), "--html", str(page), "--seat", "2"])
    assert f"HTML replay written to {page}" in capsys.readouterr().out
    text = page.read_text(encoding="utf-8")
    assert "as seat 2 saw it" in text
    assert EXIT_USAGE == main(["replay", str(path), "--html", str(page), "--seat", "3"])
    assert "--seat 3 is not a seat of this 3-player game (0 to 2)" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert EXIT_OK == main(["--version"])
    assert f"boardgames {__version__}\n" == capsys.readouterr().out

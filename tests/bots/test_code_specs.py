"""Bots named by their code: ``module:Class`` and ``path/to/file.py:Class`` specs."""

from __future__ import annotations

import io
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import boardgames
from boardgames import ConfigurationError, RandomBot, make_bot
from boardgames.bots import BotSpec, parse_bot_spec
from boardgames.cli import EXIT_OK, main
from boardgames.tournaments import tournament

GAME = "magellan-elcano"

BOT_FILE = textwrap.dedent(
    '''
    """A user's bots, in a file of their own."""

    import random
    from collections.abc import Sequence
    from typing import Any


    class FirstBot:
        """Always takes the first legal action; ``offset`` counts from the end instead."""

        def __init__(self, game: Any, offset: str = "") -> None:
            self.players = game.players
            self.offset = int(offset) if offset else None

        def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
            return legal[0] if self.offset is None else legal[-1 - min(self.offset, len(legal) - 1)]


    class NoGameBot:
        def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
            return legal[-1]


    def not_a_bot(game: Any) -> str:
        return "no"
    '''
)


@pytest.fixture
def bot_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "my_bots.py").write_text(BOT_FILE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return "my_bots.py"


def test_a_spec_names_a_file_and_a_class() -> None:
    spec = parse_bot_spec("bots/mine.py:FirstBot:offset=2")
    assert BotSpec("bots/mine.py:FirstBot", (("offset", "2"),)) == spec
    assert "bots/mine.py:FirstBot:offset=2" == str(spec)
    assert "boardgames.bots:RandomBot" == parse_bot_spec("boardgames.bots:RandomBot").name


def test_a_bot_from_a_file_gets_the_game_and_its_parameters(bot_file: str) -> None:
    game = boardgames.make(GAME, players=2)
    bot = make_bot(f"{bot_file}:FirstBot:offset=1", game)
    assert 2 == bot.players  # type: ignore[attr-defined]
    assert 1 == bot.offset  # type: ignore[attr-defined]
    record = boardgames.play(game, [bot, make_bot(f"{bot_file}:NoGameBot", game)], seed=3)
    assert record.terminal


def test_a_bot_from_a_module_needs_no_registration() -> None:
    game = boardgames.make(GAME, players=2)
    assert isinstance(make_bot("boardgames.bots.random_bot:RandomBot", game), RandomBot)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("my_bots.py", "after the module or file 'my_bots.py' comes the name of the bot class"),
        ("my_bots.py:seed=1", "comes the name of the bot class"),
        ("missing.py:FirstBot", "no bot file 'missing.py'"),
        ("my_bots.py:SecondBot", "'my_bots.py' defines no class or function 'SecondBot'"),
        ("my_bots.py:not_a_bot", "gave a str, not a bot"),
        ("my_bots.py:NoGameBot:depth=2", "does not take the parameters depth"),
        ("no_such_module.bots:Bot", "cannot import the bot module 'no_such_module.bots'"),
    ],
)
def test_bad_code_specs_are_explained(bot_file: str, spec: str, message: str) -> None:
    game = boardgames.make(GAME, players=2)
    with pytest.raises(ConfigurationError, match=message):
        make_bot(spec, game)


def test_the_command_line_seats_a_bot_from_a_file(
    bot_file: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    seats = f"{bot_file}:FirstBot,random"
    assert EXIT_OK == main(["play", GAME, "--players", seats, "--seed", "2"])
    out = capsys.readouterr().out
    assert f"seats: 0 {bot_file}:FirstBot, 1 random" in out


def test_a_tournament_seats_a_bot_from_a_file(bot_file: str) -> None:
    pytest.importorskip(
        "openskill", reason="needs the optional package openskill (the tournament extra)"
    )
    with ThreadPoolExecutor(2) as pool:
        result = tournament(GAME, [f"{bot_file}:FirstBot", "random"], 4, executor=pool, workers=2)
    assert {f"{bot_file}:FirstBot", "random"} == {row.bot for row in result.standings}

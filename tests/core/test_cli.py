"""Tests of the ``boardgames`` command line, run in process through ``main``."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import boardgames
import boardgames.bots
from boardgames.cli import EXIT_ABANDONED, EXIT_OK, EXIT_USAGE, HumanBot, main, parse_option_value

GAME = "magellan-elcano"
"""A registered game with a boolean option, for the option tests."""

MOVE = re.compile(r"^seat (\d+): (.+)$")
REPLAYED_MOVE = re.compile(r"^\s*\d+\. seat (\d+): (.+)$")


def moves(text: str, pattern: re.Pattern[str] = MOVE) -> list[tuple[int, str]]:
    found = (pattern.match(line) for line in text.splitlines())
    return [(int(match[1]), match[2]) for match in found if match]


def test_games_lists_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert EXIT_OK == main(["games"])
    out = capsys.readouterr().out
    for name in boardgames.game_names():
        info = boardgames.game_info(name)
        assert f"{info.name}  {info.title}" in out
        assert f"{info.min_players} to {info.max_players} (default {info.default_players})" in out
        for spec in info.options:
            assert spec.name in out
            assert spec.description in out


def test_games_runs_as_a_module() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "boardgames", "games"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert 0 == result.returncode, result.stderr
    for name in boardgames.game_names():
        assert name in result.stdout


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert EXIT_USAGE == main([])
    assert "usage: boardgames" in capsys.readouterr().err


def test_help_exits_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert EXIT_OK == main(["--help"])
    assert "demo" in capsys.readouterr().out


@pytest.mark.parametrize("name", boardgames.game_names())
def test_play_with_random_seats(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    info = boardgames.game_info(name)
    seats = ",".join(["random"] * info.min_players)
    assert EXIT_OK == main(["play", name, "--players", seats, "--seed", "3"])
    out = capsys.readouterr().out
    game = boardgames.make(name, info.min_players)
    record = boardgames.play(game, [boardgames.RandomBot()] * info.min_players, seed=3)
    expected = [(seat, str(action)) for seat, action in _seated(record)]
    assert expected == moves(out)
    assert f"game over after {len(record.actions)} decisions" in out
    for seat, score in enumerate(record.scores):
        assert re.search(rf"^\s+{seat}\s+random\s+{score:g}\s+{record.ranking[seat]}$", out, re.M)


def _seated(record: boardgames.GameRecord) -> list[tuple[int, object]]:
    game = record.make_game()
    states = list(boardgames.replay(record))
    seats = [game.current_player(state) for state in states[:-1]]
    return [
        (seat, action)
        for seat, action in zip(seats, record.actions, strict=True)
        if seat is not None
    ]


def test_play_with_a_human_seat_asks_again_after_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "abc\n0\n999\n\n  \n-1\n" + "1\n" * 1000
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code = main(["play", GAME, "--players", "human,random", "--seed", "5"])
    out = capsys.readouterr().out
    assert EXIT_OK == code
    assert "'abc' is not a number; enter a number from 1 to" in out
    assert "0 is out of range; enter a number from 1 to" in out
    assert "999 is out of range; enter a number from 1 to" in out
    assert "-1 is out of range; enter a number from 1 to" in out
    assert 2 <= out.count("please enter a number from 1 to")
    assert "game over after" in out
    assert "winner" in out or "tied for first" in out


def test_a_human_seat_sees_the_other_seats_moves_as_the_rules_show_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A card a bot plays face down (a storm, five seats) is not named to the person."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 1000))
    seats = "random,human,random,random,random"
    path = tmp_path / "game.json"
    arguments = ["play", GAME, "--players", seats, "--seed", "11", "--record", str(path)]
    assert EXIT_OK == main(arguments)
    played = moves(capsys.readouterr().out.split("game over after")[0])
    record = boardgames.loads(path.read_text(encoding="utf-8"))
    assert isinstance(record, boardgames.GameRecord)
    game = record.make_game()
    assert isinstance(game, boardgames.DescribesActions)
    expected = []
    for state, action in zip(boardgames.replay(record), record.actions, strict=False):
        seat = game.current_player(state)
        assert seat is not None
        text = game.describe_action(game.observe(state, seat), action, 1)
        expected.append((seat, str(action) if seat == 1 else text))
    assert expected == played
    hidden = [text for seat, text in played if seat != 1 and "face down" in text]
    assert hidden, "the seed should make a bot play a card face down"
    assert all(not re.search(r"\d", text) for text in hidden)


def test_without_the_describe_hook_other_seats_moves_are_only_announced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game that cannot say how a move looks to the person gets "moved" printed."""
    from boardgames.core.standard import StandardGame

    monkeypatch.delattr(StandardGame, "describe_action")
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 1000))
    assert EXIT_OK == main(["play", GAME, "--players", "random,human,random", "--seed", "3"])
    played = moves(capsys.readouterr().out.split("game over after")[0])
    assert {"moved"} == {text for seat, text in played if seat != 1}
    assert any(seat == 1 and text != "moved" for seat, text in played)


def test_play_with_bot_specs(capsys: pytest.CaptureFixture[str]) -> None:
    seats = ["ismcts:iterations=5", "greedy", "heuristic", "random"]
    assert EXIT_OK == main(["play", GAME, "--players", ",".join(seats), "--seed", "4"])
    out = capsys.readouterr().out
    game = boardgames.make(GAME, len(seats))
    bots = [boardgames.make_bot(seat, game) for seat in seats]
    record = boardgames.play(game, bots, seed=4)
    assert [(seat, str(action)) for seat, action in _seated(record)] == moves(out)
    assert "seats: 0 ismcts:iterations=5, 1 greedy, 2 heuristic, 3 random" in out
    for seat, score in enumerate(record.scores):
        assert re.search(rf"^\s+{seat}\s+{re.escape(seats[seat])}\s+{score:g}\s", out, re.M)


def test_human_bot_is_the_one_in_the_bots_package() -> None:
    assert boardgames.bots.HumanBot is HumanBot


def test_human_bot_sees_only_the_observation_rendering() -> None:
    game = boardgames.make(GAME, players=3)
    assert isinstance(game, boardgames.ExplainsNotation)
    state = game.new_game(seed=2)
    seat = game.current_player(state)
    assert seat is not None
    observation = game.observe(state, seat)
    output = io.StringIO()
    bot = HumanBot(game, input=io.StringIO("two\n2\n"), output=output)
    legal = game.legal_actions(state)
    assert legal[1] == bot.choose(observation, legal, random.Random(0))
    shown = output.getvalue()
    assert shown.startswith(game.render_observation(observation) + "\n")
    assert game.render_state(state) not in shown
    for number, action in enumerate(legal, start=1):
        assert f"{number}. {game.explain_action(observation, action)}  [{action}]" in shown


def test_human_bot_raises_eof_error_when_input_ends() -> None:
    game = boardgames.make(GAME, players=2)
    state = game.new_game(seed=1)
    seat = game.current_player(state)
    assert seat is not None
    legal = game.legal_actions(state)
    assert len(legal) > 1
    bot = HumanBot(game, input=io.StringIO("999\n"), output=io.StringIO())
    with pytest.raises(EOFError, match="input ended"):
        bot.choose(game.observe(state, seat), legal, random.Random(0))


def test_play_stops_cleanly_at_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("letters\n"))
    code = main(["play", GAME, "--players", "human,random,random", "--seed", "1"])
    captured = capsys.readouterr()
    assert EXIT_ABANDONED == code
    assert "error: input ended; the game was abandoned" in captured.err
    assert "Traceback" not in captured.err


def test_record_then_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    command = ["play", GAME, "--players", "random,random,random", "--seed", "9"]
    assert EXIT_OK == main([*command, "--record", str(path), "--option", "storm_variant=no"])
    played = capsys.readouterr().out
    record = boardgames.loads(path.read_text(encoding="utf-8"))
    assert isinstance(record, boardgames.GameRecord)
    assert 9 == record.seed
    assert EXIT_OK == main(["replay", str(path)])
    replayed = capsys.readouterr().out
    assert moves(played) == moves(replayed, REPLAYED_MOVE)
    assert len(record.actions) == len(moves(replayed, REPLAYED_MOVE))
    final = list(boardgames.replay(record))[-1]
    assert record.make_game().render_state(final) in replayed
    winner = [line for line in played.splitlines() if line.startswith(("winner", "tied"))]
    assert winner == [line for line in replayed.splitlines() if line.startswith(("winner", "tied"))]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json at all", "invalid JSON"),
        ("{}", "missing field 'format'"),
        ('{"format": 1, "game": "no-such-game", "type": "record", "data": {}}', "no-such-game"),
        (b"\xff\xfe\x00garbage", "cannot read"),
    ],
)
def test_replay_of_a_malformed_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    assert EXIT_USAGE == main(["replay", str(path)])
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert message in err
    assert "Traceback" not in err


def test_replay_of_a_tampered_record_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = boardgames.make(GAME, players=2)
    record = boardgames.play(game, [boardgames.RandomBot()] * 2, seed=4)
    path = tmp_path / "tampered.json"
    path.write_text(boardgames.dumps(record).replace('"seed":4', '"seed":5'), encoding="utf-8")
    assert EXIT_USAGE == main(["replay", str(path)])
    assert "is not a valid game record" in capsys.readouterr().err


def test_replay_of_a_state_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "state.json"
    path.write_text(boardgames.dumps(boardgames.make(GAME).new_game(1)), encoding="utf-8")
    assert EXIT_USAGE == main(["replay", str(path)])
    assert "not a game record" in capsys.readouterr().err


def test_replay_of_a_missing_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert EXIT_USAGE == main(["replay", str(tmp_path / "missing.json")])
    assert capsys.readouterr().err.startswith("error: cannot read")


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["play", "no-such-game", "--players", "random,random"], boardgames.game_names()[0]),
        (["play", GAME, "--players", "random"], "allowed {min} to {max}"),
        (["play", GAME, "--players", ",".join(["random"] * 9)], "allowed {min} to {max}"),
        (
            ["play", GAME, "--players", "random,robot"],
            "unknown bot 'robot' in --players; registered bots: "
            + ", ".join(boardgames.bots.bot_names()),
        ),
        (["play", GAME, "--players", "random,ismcts:iterations=0"], "iterations=0 must be"),
        (["play", GAME, "--players", "random,greedy:depth=2"], "allowed parameters: samples"),
        (["play", GAME, "--players", "random,ismcts:seed"], "should read key=value"),
        (["play", GAME, "--players", "random,random", "--option", "colour=red"], "storm_variant"),
        (
            ["play", GAME, "--players", "random,random", "--option", "storm_variant=maybe"],
            "use true/false, yes/no or 1/0",
        ),
        (["play", GAME, "--players", "random,random", "--option", "storms"], "name=value"),
        (
            ["play", GAME, "--players", "random,random", "--option", "storm_variant=true"],
            "needs 4 or 5 players",
        ),
        (["bench", "--games", "no-such-game"], boardgames.game_names()[0]),
    ],
)
def test_bad_arguments_are_usage_errors(
    arguments: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    info = boardgames.game_info(GAME)
    assert EXIT_USAGE == main(arguments)
    captured = capsys.readouterr()
    assert captured.err.startswith("error: ")
    assert expected.format(min=info.min_players, max=info.max_players) in captured.err
    assert "" == captured.out


def test_option_values_are_parsed_by_the_option_type() -> None:
    flag = boardgames.OptionSpec(name="flag", default=False, description="a flag")
    count = boardgames.OptionSpec(
        name="count", default=3, description="a count", minimum=1, maximum=9
    )
    word = boardgames.OptionSpec(name="word", default="a", description="a word", choices=("a",))
    for text in ("true", "YES", "1", "on"):
        assert parse_option_value(flag, text) is True
    for text in ("false", "No", "0", "off"):
        assert parse_option_value(flag, text) is False
    assert 7 == parse_option_value(count, " 7 ")
    assert "b" == parse_option_value(word, "b")
    with pytest.raises(boardgames.ConfigurationError, match="is not an integer; allowed 1 to 9"):
        parse_option_value(count, "many")


def test_demo_plays_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert EXIT_OK == main(["demo", "--seed", "2"])
    out = capsys.readouterr().out
    for name in boardgames.game_names():
        assert f"({name})" in out
        assert boardgames.game_info(name).title in out
    assert len(boardgames.game_names()) == out.count("\n== ") + out.startswith("== ")


def test_demo_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo"])
    first = capsys.readouterr().out
    main(["demo"])
    assert first == capsys.readouterr().out


def test_bench_with_a_tiny_budget(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert EXIT_OK == main(["bench", "--games", GAME, "--seconds", "0.001", "--rounds", "1"])
    out = capsys.readouterr().out
    assert out.startswith("1 rounds, 0.001 CPU s per measurement, CPU clock")
    info = boardgames.game_info(GAME)
    for table in ("Decisions", "Operations (CPU µs per call)", "ISMCTS", "Targets"):
        assert f"\n{table}\n" in out
    decisions = out.split("\nDecisions\n")[1].split("\n\n")[0].splitlines()
    assert ["engine", "game", "players", "decisions/game", "µs/decision"] == decisions[0].split()[
        :5
    ]
    rows = [line.split() for line in decisions[1:]]
    assert [
        ("boardgames", GAME, str(players))
        for players in range(info.min_players, info.max_players + 1)
    ] == [tuple(row[:3]) for row in rows]
    for row in rows:
        assert all(float(cell.rstrip("x").replace(",", "")) > 0 for cell in row[3:])
    assert "needs --compare-openspiel" in out


@pytest.mark.parametrize("value", ["0", "-1", "soon", "inf"])
def test_bench_refuses_a_bad_budget(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert EXIT_USAGE == main(["bench", "--seconds", value])
    assert "--seconds" in capsys.readouterr().err

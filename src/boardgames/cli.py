"""The ``boardgames`` command: list, play, replay, demonstrate and benchmark the games.

Every command goes through the :class:`~boardgames.Game` protocol and the registry
(:func:`~boardgames.game_names`, :func:`~boardgames.game_info`, :func:`~boardgames.make`),
so a newly registered game appears in each of them with no change here::

    boardgames games
    boardgames play magellan-elcano --players human,random,random --seed 7
    boardgames play magellan-elcano --players ismcts:iterations=200,greedy,heuristic,human
    boardgames play magellan-elcano --players random,random --record game.json
    boardgames replay game.json
    boardgames replay game.json --html game.html --seat 0
    boardgames demo
    boardgames bench --games magellan-elcano --rounds 3
    boardgames bench --compare-openspiel --write-page docs/performance.md

Exit codes: 0 on success, 1 when a human player's input ends before the game does (or an
output file cannot be written), 2 for bad arguments or unreadable files, each explained
on standard error as ``error: <message>``; 130 when interrupted (Ctrl-C), 143 when
terminated. An abandoned ``play`` still writes its ``--record`` (marked unfinished: not
terminal) and ``--html`` files.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, TextIO

from boardgames import _bench, _bench_report
from boardgames._version import __version__
from boardgames.bots import HumanBot, RandomBot, bot_names, make_bot, parse_bot_spec
from boardgames.core.errors import BoardgamesError, ConfigurationError
from boardgames.core.play import Bot, play
from boardgames.core.protocol import ExplainsNotation, Game, GameInfo, OptionSpec, OptionValue
from boardgames.core.record import GameRecord, replay
from boardgames.core.registry import game_info, game_names, make
from boardgames.serialization import dumps, loads
from boardgames.tournaments import BACKENDS, LADDER_BOTS, Ladder, ladder, tournament
from boardgames.viewer import replay_html

__all__ = [
    "EXIT_ABANDONED",
    "EXIT_OK",
    "EXIT_USAGE",
    "SEAT_KINDS",
    "HumanBot",
    "main",
    "parse_option_value",
]

EXIT_OK: Final = 0
"""The command did what was asked."""

EXIT_ABANDONED: Final = 1
"""A game was abandoned (a human player's input ended) or a file could not be written."""

EXIT_USAGE: Final = 2
"""Bad arguments, or a file that cannot be read as what the command expects."""

SEAT_KINDS: Final = ("greedy", "heuristic", "human", "ismcts", "random")
"""The built-in bot names that ``boardgames play --players`` accepts as seats.

Each seat is a bot spec (see ``boardgames.make_bot``), such as ``ismcts:iterations=200``;
bots registered by other packages (``boardgames.bots.bot_names()``) are accepted too.
"""

_TRUE: Final = frozenset({"true", "yes", "1", "on"})
_FALSE: Final = frozenset({"false", "no", "0", "off"})
_DEMO_MOVES: Final = 6


class _UsageError(Exception):
    """A command-line argument or input file that the command cannot use."""


class _Announced:
    """Wrap a bot so that each of its moves is printed as ``seat N: <move>``.

    A move described as ``None`` is not printed.
    """

    def __init__(
        self,
        bot: Bot[Any, Any],
        seat: int,
        sink: TextIO,
        describe: Callable[[Any, Any], str | None],
        *,
        name: str,
        taken: list[Any],
    ) -> None:
        self._bot = bot
        self._seat = seat
        self._sink = sink
        self._describe = describe
        self.name = name
        """The seat's spec on the command line, which the record keeps."""
        self._taken = taken

    def __repr__(self) -> str:
        return repr(self._bot)

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        action = self._bot.choose(observation, legal_actions, rng)
        self._taken.append(action)
        text = self._describe(observation, action)
        if text is not None:
            print(f"seat {self._seat}: {text}", file=self._sink, flush=True)
        return action


def parse_option_value(spec: OptionSpec, text: str) -> OptionValue:
    """Convert an option's command-line text to the type of its default.

    Booleans accept ``true/false``, ``yes/no``, ``on/off`` and ``1/0`` (any case); integers
    are decimal. Ranges and choices are checked later, by :func:`boardgames.make`.

    Args:
        spec: The option's specification.
        text: The text after ``=`` in ``--option name=text``.

    Returns:
        The value, typed like ``spec.default``.

    Raises:
        ConfigurationError: The text cannot be read as the option's type.

    >>> spec = OptionSpec(name="storms", default=False, description="use storms")
    >>> parse_option_value(spec, "Yes")
    True
    >>> parse_option_value(OptionSpec(name="rounds", default=6, description="rounds"), "4")
    4
    """
    if isinstance(spec.default, bool):
        word = text.strip().lower()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        raise ConfigurationError(
            f"option {spec.name}={text!r} is not a boolean; use true/false, yes/no or 1/0"
        )
    if isinstance(spec.default, int):
        try:
            return int(text.strip())
        except ValueError:
            allowed = _integer_range(spec)
            raise ConfigurationError(
                f"option {spec.name}={text!r} is not an integer"
                + (f"; allowed {allowed}" if allowed else "")
            ) from None
    return text


def _integer_range(spec: OptionSpec) -> str:
    if spec.minimum is not None and spec.maximum is not None:
        return f"{spec.minimum} to {spec.maximum}"
    if spec.minimum is not None:
        return f"{spec.minimum} or more"
    if spec.maximum is not None:
        return f"{spec.maximum} or less"
    return ""


def _format_value(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _parse_options(info: GameInfo, assignments: Sequence[str]) -> dict[str, OptionValue]:
    specs = {spec.name: spec for spec in info.options}
    options: dict[str, OptionValue] = {}
    for assignment in assignments:
        name, equals, text = assignment.partition("=")
        name = name.strip()
        if not equals or not name:
            raise _UsageError(f"option {assignment!r} must be written name=value")
        if name in options:
            raise _UsageError(f"option {name!r} is given twice")
        # An unknown name is passed on as text: make() names the allowed options.
        options[name] = parse_option_value(specs[name], text) if name in specs else text
    return options


def _describe_game(game: Game[Any, Any, Any], seed: int) -> str:
    info = game.info
    options = ", ".join(f"{name}={_format_value(value)}" for name, value in game.options.items())
    text = f"{info.title} ({info.name}): {game.players} players, seed {seed}"
    return f"{text}, {options}" if options else text


def _result_lines(
    scores: Sequence[float], ranking: Sequence[int], players: Sequence[str] | None = None
) -> list[str]:
    score_texts = [f"{score:g}" for score in scores]
    score_width = max([len("score"), *(len(text) for text in score_texts)])
    player_width = max([len("player"), *(len(kind) for kind in players or ())])
    header = "  seat" + (f"  {'player':<{player_width}}" if players else "")
    lines = [header + f"  {'score':>{score_width}}  place"]
    for seat, (score, place) in enumerate(zip(score_texts, ranking, strict=True)):
        kind = f"  {players[seat]:<{player_width}}" if players else ""
        lines.append(f"  {seat:>4}{kind}  {score:>{score_width}}  {place:>5}")
    winners = [seat for seat, place in enumerate(ranking) if place == 1]
    if len(winners) == 1:
        lines.append(f"winner: seat {winners[0]}")
    else:
        lines.append("tied for first: seats " + ", ".join(map(str, winners)))
    return lines


def _final_state(record: GameRecord) -> Any:
    """Return the last state of a recorded game (replaying and checking it)."""
    *_, state = replay(record)
    return state


def _print_lines(lines: Sequence[str], sink: TextIO) -> None:
    for line in lines:
        print(line, file=sink)


# --- the commands --------------------------------------------------------------------------


def _command_games(arguments: argparse.Namespace) -> int:
    sink = sys.stdout
    for name in game_names():
        info = game_info(name)
        print(f"{info.name}  {info.title}", file=sink)
        players = f"{info.min_players} to {info.max_players} (default {info.default_players})"
        print(f"  players: {players}", file=sink)
        if not info.options:
            print("  options: none", file=sink)
            continue
        print("  options:", file=sink)
        for spec in info.options:
            allowed = ""
            if spec.choices is not None:
                allowed = f" (one of {', '.join(spec.choices)})"
            elif isinstance(spec.default, int) and not isinstance(spec.default, bool):
                bounds = _integer_range(spec)
                allowed = f" ({bounds})" if bounds else ""
            print(
                f"    {spec.name}={_format_value(spec.default)}{allowed}: {spec.description}",
                file=sink,
            )
    return EXIT_OK


def _describer(
    game: Game[Any, Any, Any], seat: int, humans: Sequence[int]
) -> Callable[[Any, Any], str | None]:
    """How ``seat``'s moves are printed: as the people at the table (``humans``) see them.

    Without a person at the table (or with only ``seat``'s own), a move is printed whole:
    to the person who made it, as the game describes it to him (naming, say, the mission
    he kept).
    Otherwise it is printed as the game's ``describe_action`` shows it to the other people,
    or as ``moved`` when they would see it differently or the game lacks the hook: the
    text of an action may name a card played face down. A move that one of them cannot
    see at all (``describe_action`` gives ``None``) is not printed.
    """
    viewers = [human for human in humans if human != seat]
    # The DescribesActions hook, looked up by name (isinstance results are cached per class).
    describe_action: Callable[[Any, Any, int], str | None] | None = getattr(
        game, "describe_action", None
    )
    if not viewers:
        if seat in humans and describe_action is not None:  # his own move, as he knows it
            return lambda observation, action: describe_action(observation, action, seat)
        return lambda observation, action: str(action)
    if describe_action is None:
        return lambda observation, action: "moved"

    def describe(observation: Any, action: Any) -> str | None:
        texts = {describe_action(observation, action, viewer) for viewer in viewers}
        if None in texts:
            return None
        return texts.pop() if len(texts) == 1 else "moved"

    return describe


def _command_play(arguments: argparse.Namespace) -> int:
    sink = sys.stdout
    info = game_info(arguments.name)
    if arguments.players is None:
        seats = ["human"] + ["random"] * (info.default_players - 1)
    else:
        seats = [spec.strip() for spec in arguments.players.split(",")]
    specs = [parse_bot_spec(seat) for seat in seats]
    known = bot_names()
    for spec in specs:
        if spec.name not in known and ":" not in spec.name:  # module:Class is code
            raise _UsageError(
                f"unknown bot {spec.name!r} in --players; registered bots: {', '.join(known)}, "
                "or a bot of your own as module:Class or path/to/file.py:Class"
            )
    game = make(arguments.name, len(seats), **_parse_options(info, arguments.option))
    seed = random.SystemRandom().randrange(1 << 32) if arguments.seed is None else arguments.seed
    humans = [seat for seat, spec in enumerate(specs) if spec.name == "human"]
    taken: list[Any] = []
    bots: list[Bot[Any, Any]] = [
        _Announced(
            make_bot(spec, game),
            seat,
            sink,
            _describer(game, seat, humans),
            name=seats[seat],
            taken=taken,
        )
        for seat, spec in enumerate(specs)
    ]
    print(_describe_game(game, seed), file=sink)
    print("seats: " + ", ".join(f"{seat} {kind}" for seat, kind in enumerate(seats)), file=sink)
    if humans and isinstance(game, ExplainsNotation):
        print("(answer ? at a prompt for what the notation means)", file=sink)
    try:
        record = play(game, bots, seed)
    except (EOFError, KeyboardInterrupt) as stop:
        # The move being chosen when the game stopped was never applied.
        state = game.new_game(seed)
        for action in taken:
            state = game.apply(state, action)
        record = GameRecord.of(game, seed, taken, state, seats=seats)
        interrupted = isinstance(stop, KeyboardInterrupt)
        why = "interrupted" if interrupted else "input ended"
        print(f"error: {why}; the game was abandoned", file=sys.stderr)
        code = _write_outputs(arguments, record, sink)
        if interrupted:
            raise
        return EXIT_ABANDONED if code == EXIT_OK else code
    print(f"game over after {len(record.actions)} decisions", file=sink)
    print(game.render_state(_final_state(record)), file=sink)
    _print_lines(_result_lines(record.scores, record.ranking, seats), sink)
    return _write_outputs(arguments, record, sink)


def _write_file(path: str, text: str, what: str, sink: TextIO) -> bool:
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        print(f"error: cannot write the {what}: {error}", file=sys.stderr)
        return False
    print(f"{what} written to {path}", file=sink)
    return True


def _write_outputs(arguments: argparse.Namespace, record: GameRecord, sink: TextIO) -> int:
    """Write the record and the HTML replay that ``play`` was asked for."""
    written = True
    if arguments.record is not None:
        state = "" if record.terminal else " (unfinished)"
        written = _write_file(arguments.record, dumps(record) + "\n", f"record{state}", sink)
    if arguments.html is not None:
        page = replay_html(record, seat=arguments.seat)
        written = _write_file(arguments.html, page, "HTML replay", sink) and written
    return EXIT_OK if written else EXIT_ABANDONED


def _read_record(path: str) -> GameRecord:
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        raise _UsageError(f"cannot read {path!r}: {error}") from error
    try:
        value = loads(text)
    except BoardgamesError as error:
        where = getattr(error, "path", None)
        raise _UsageError(
            f"{path!r} is not a valid game record: {error}" + (f" (at {where})" if where else "")
        ) from error
    if not isinstance(value, GameRecord):
        raise _UsageError(f"{path!r} holds a {type(value).__name__}, not a game record")
    return value


def _command_replay(arguments: argparse.Namespace) -> int:
    sink = sys.stdout
    record = _read_record(arguments.file)
    game = record.make_game()
    if arguments.seat is not None and not 0 <= arguments.seat < record.players:
        raise _UsageError(
            f"--seat {arguments.seat} is not a seat of this {record.players}-player game "
            f"(0 to {record.players - 1})"
        )
    if arguments.html is not None:
        page = replay_html(record, seat=arguments.seat)
        return EXIT_OK if _write_file(arguments.html, page, "HTML replay", sink) else EXIT_ABANDONED
    print(_describe_game(game, record.seed), file=sink)
    if record.seats:
        print(
            "seats: " + ", ".join(f"{seat} {kind}" for seat, kind in enumerate(record.seats)),
            file=sink,
        )
    state = None
    for number, state in enumerate(replay(record)):
        if number < len(record.actions):
            seat = game.current_player(state)
            print(f"{number + 1:>4}. seat {seat}: {record.actions[number]}", file=sink)
    assert state is not None  # replay always yields the setup
    if not record.terminal:
        print(
            f"unfinished: the record stops after {len(record.actions)} decisions "
            "(the game was abandoned)",
            file=sink,
        )
    elif record.truncated:
        print(f"the game was cut short after {len(record.actions)} decisions", file=sink)
    else:
        print(f"game over after {len(record.actions)} decisions", file=sink)
    print(game.render_state(state), file=sink)
    _print_lines(_result_lines(record.scores, record.ranking, record.seats or None), sink)
    return EXIT_OK


def _command_demo(arguments: argparse.Namespace) -> int:
    sink = sys.stdout
    for index, name in enumerate(game_names()):
        if index:
            print(file=sink)
        game = make(name)
        record = play(game, [RandomBot()] * game.players, arguments.seed)
        print("== " + _describe_game(game, arguments.seed) + ", random bots ==", file=sink)
        states = list(replay(record))
        for number, action in enumerate(record.actions[:_DEMO_MOVES]):
            print(f"  seat {game.current_player(states[number])}: {action}", file=sink)
        remaining = len(record.actions) - _DEMO_MOVES
        if remaining > 0:
            print(f"  ... and {remaining} more decisions", file=sink)
        print(f"game over after {len(record.actions)} decisions", file=sink)
        print(game.render_state(states[-1]), file=sink)
        _print_lines(_result_lines(record.scores, record.ranking), sink)
    return EXIT_OK


def _command_bench(arguments: argparse.Namespace) -> int:
    sink = sys.stdout
    if arguments.games is None:
        names = list(game_names())
    else:
        names = [name.strip() for name in arguments.games.split(",") if name.strip()]
        if not names:
            raise _UsageError("--games needs at least one game name")
    if arguments.write_page is not None and not arguments.compare_openspiel:
        raise _UsageError("--write-page needs --compare-openspiel: the page compares with it")
    infos = [game_info(name) for name in names]
    subjects: list[_bench.Subject] = [
        _bench.GameSubject(make(info.name, players))
        for info in infos
        for players in range(info.min_players, info.max_players + 1)
    ]
    openspiel = None
    if arguments.compare_openspiel:
        from boardgames import _bench_openspiel  # imports open_spiel: only for this flag

        subjects += _bench_openspiel.subjects()
        openspiel = _bench_openspiel.version()
    progress = sys.stderr if sys.stderr.isatty() else None
    run = _bench.run(subjects, budget=arguments.seconds, rounds=arguments.rounds, progress=progress)
    print(_bench_report.text(run), end="", file=sink)
    if arguments.write_page is not None:
        command = "boardgames bench --compare-openspiel --write-page " + arguments.write_page
        if arguments.games is not None:
            command += f" --games {arguments.games}"
        if arguments.seconds != _bench.DEFAULT_SECONDS:
            command += f" --seconds {arguments.seconds:g}"
        if arguments.rounds != _bench.DEFAULT_ROUNDS:
            command += f" --rounds {arguments.rounds}"
        text = _bench_report.page(run, command=command, openspiel=openspiel)
        try:
            with open(arguments.write_page, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as error:
            print(f"error: cannot write the page: {error}", file=sys.stderr)
            return EXIT_ABANDONED
        print(f"page written to {arguments.write_page}", file=sink)
    return EXIT_OK


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so that a tournament stops as on Ctrl-C."""


def _terminate(signum: int, frame: object) -> None:
    raise _Terminated


def _command_tournament(arguments: argparse.Namespace) -> int:
    sink = sys.stdout
    info = game_info(arguments.name)
    bots = [spec.strip() for spec in arguments.bots.split(",") if spec.strip()]
    if not bots:
        raise _UsageError("--bots needs at least one bot spec")
    progress = sys.stderr.isatty() if arguments.progress is None else arguments.progress
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        result = tournament(
            arguments.name,
            bots,
            arguments.games,
            players=arguments.players,
            options=_parse_options(info, arguments.option),
            seed=arguments.seed,
            workers=arguments.workers,
            backend=arguments.backend,
            address=arguments.address,
            out=arguments.out,
            resume=arguments.resume,
            chunk_size=arguments.chunk_size,
            progress=progress,
        )
    except KeyboardInterrupt as interrupt:
        if arguments.out is not None:
            print(
                f"\ninterrupted: the finished games are in {arguments.out}; "
                "run the same command again to play only the missing ones",
                file=sys.stderr,
            )
            return 143 if isinstance(interrupt, _Terminated) else 130
        raise
    except OSError as error:
        print(f"error: cannot read or write the results: {error}", file=sys.stderr)
        return EXIT_ABANDONED
    finally:
        signal.signal(signal.SIGTERM, previous)
    print(result.format_table(), file=sink)
    summary = f"{result.played} games played in {result.seconds:.1f} s"
    if arguments.out is not None:
        summary += f"; all {len(result.games)} games are in {arguments.out}"
    print(summary, file=sink)
    return EXIT_OK


# --- the parser ----------------------------------------------------------------------------


LADDER_BEGIN: Final = "<!-- ladder: begin (boardgames ladder --write-page writes this part) -->"
LADDER_END: Final = "<!-- ladder: end -->"


def _ladder_text(name: str, ladders: Sequence[Ladder], command: str) -> str:
    """The ladder section of a game page: one table per player count, and how it was made."""
    lines = [
        LADDER_BEGIN,
        "",
        f"Made with `{command}` (version {__version__}). Each row is one bot over all its",
        "seats; the win share counts a tie for first as a share of a win.",
    ]
    for result in ladders:
        tables = "one table" if len(result.tables) == 1 else f"{len(result.tables)} tables"
        lines += [
            "",
            f"**{result.players} players** ({tables} of {result.games_per_table} games, "
            f"seats rotated, deals paired; a random seat wins about "
            f"{1 / result.players:.0%}):",
            "",
            result.to_markdown(),
        ]
    lines += ["", LADDER_END]
    return "\n".join(lines)


def _command_ladder(arguments: argparse.Namespace) -> int:
    sink = sys.stdout
    info = game_info(arguments.name)
    counts = arguments.players or list(range(info.min_players, info.max_players + 1))
    bots = [spec.strip() for spec in arguments.bots.split(",")]
    ladders = []
    for players in counts:
        result = ladder(
            arguments.name,
            bots,
            players=players,
            games=arguments.games,
            seed=arguments.seed,
            workers=arguments.workers,
            results=arguments.results,
        )
        ladders.append(result)
        order = "in order" if result.in_order() else "NOT in the order given"
        print(f"{arguments.name}, {players} players ({order}):", file=sink)
        print(result.to_markdown(), file=sink)
    if arguments.write_page is not None:
        path = Path(arguments.write_page)
        page = path.read_text(encoding="utf-8")
        if page.count(LADDER_BEGIN) != 1 or page.count(LADDER_END) != 1:
            raise _UsageError(
                f"{path} needs one line {LADDER_BEGIN!r} and one {LADDER_END!r} around the "
                "ladder section"
            )
        head, rest = page.split(LADDER_BEGIN)
        _, tail = rest.split(LADDER_END)
        players = "".join(f" --players {count}" for count in arguments.players or ())
        command = (
            f"boardgames ladder {arguments.name}{players} --games {arguments.games} "
            f"--bots {','.join(bots)} --seed {arguments.seed}"
        )
        path.write_text(head + _ladder_text(arguments.name, ladders, command) + tail, "utf-8")
        print(f"ladder written to {path}", file=sink)
    return EXIT_OK


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive number of seconds")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardgames",
        description="Play, replay and measure the registered board games.",
        epilog="Start with: boardgames demo",
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}", help="print the version"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    games = commands.add_parser("games", help="list the registered games and their options")
    games.set_defaults(handler=_command_games)

    play_command = commands.add_parser("play", help="play one game with bots and/or humans")
    play_command.add_argument("name", metavar="NAME", help="a game name from 'boardgames games'")
    play_command.add_argument(
        "--players",
        metavar="SEATS",
        help="comma-separated bot specs, seat 0 first, such as "
        "ismcts:iterations=200,greedy,random,human; built-in bots: "
        + ", ".join(SEAT_KINDS)
        + "; or a bot of your own as module:Class or path/to/file.py:Class (this runs that "
        "code) (default: one human, then random bots up to the game's default player count)",
    )
    play_command.add_argument("--seed", type=int, help="the game seed (default: a random one)")
    play_command.add_argument(
        "--record",
        metavar="FILE",
        help="write the game record to FILE (also when the game is abandoned, as unfinished)",
    )
    play_command.add_argument(
        "--html",
        metavar="FILE",
        help="write the game to FILE as an HTML page that steps through it (see replay)",
    )
    play_command.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help="with --html: show the game as seat N saw it (default: the whole table)",
    )
    play_command.add_argument(
        "--option",
        metavar="NAME=VALUE",
        action="append",
        default=[],
        help="set a game option (repeatable); see 'boardgames games'",
    )
    play_command.set_defaults(handler=_command_play)

    replay_command = commands.add_parser("replay", help="print a recorded game move by move")
    replay_command.add_argument("file", metavar="FILE", help="a record written by --record")
    replay_command.add_argument(
        "--html",
        metavar="OUT",
        help="write a self-contained HTML page to OUT that steps through the game with "
        "pictures, instead of printing it",
    )
    replay_command.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help="with --html: show the game as seat N saw it (default: the whole table)",
    )
    replay_command.set_defaults(handler=_command_replay)

    demo = commands.add_parser("demo", help="play one random game of every registered game")
    demo.add_argument("--seed", type=int, default=1, help="the seed of every game (default 1)")
    demo.set_defaults(handler=_command_demo)

    bench = commands.add_parser(
        "bench",
        help="measure decisions, operations, memory and ISMCTS search (optionally against "
        "OpenSpiel)",
    )
    bench.add_argument(
        "--games", metavar="NAME,...", help="comma-separated game names (default: all)"
    )
    bench.add_argument(
        "--seconds",
        type=_positive_float,
        default=_bench.DEFAULT_SECONDS,
        help=f"CPU seconds of each measurement in each round (default {_bench.DEFAULT_SECONDS:g})",
    )
    bench.add_argument(
        "--rounds",
        "--repeats",
        dest="rounds",
        type=_positive_int,
        default=_bench.DEFAULT_ROUNDS,
        help="rounds, each measuring everything once; medians are reported "
        f"(default {_bench.DEFAULT_ROUNDS})",
    )
    bench.add_argument(
        "--compare-openspiel",
        action="store_true",
        help="measure six OpenSpiel games too and report ratios to them (needs the extra "
        "boardgames[bench])",
    )
    bench.add_argument(
        "--write-page",
        metavar="FILE",
        help="with --compare-openspiel: write the Performance page of the docs to FILE",
    )
    bench.set_defaults(handler=_command_bench)

    tournament_command = commands.add_parser(
        "tournament", help="play bots against each other in every seat and rank them"
    )
    tournament_command.add_argument(
        "name", metavar="GAME", help="a game name from 'boardgames games'"
    )
    tournament_command.add_argument(
        "--bots",
        metavar="SPEC,...",
        required=True,
        help="comma-separated bot specs, all different, e.g. ismcts:iterations=200,greedy,random",
    )
    tournament_command.add_argument(
        "--games",
        metavar="N",
        type=_positive_int,
        default=100,
        help="games in all, rounded up to a multiple of the number of bots (default 100)",
    )
    tournament_command.add_argument(
        "--players",
        metavar="N",
        type=_positive_int,
        help="the seat count (default: one seat per bot)",
    )
    tournament_command.add_argument(
        "--option",
        metavar="NAME=VALUE",
        action="append",
        default=[],
        help="set a game option (repeatable); see 'boardgames games'",
    )
    tournament_command.add_argument(
        "--seed", metavar="N", type=int, default=0, help="the tournament seed (default 0)"
    )
    tournament_command.add_argument(
        "--workers",
        metavar="N",
        type=_positive_int,
        help="games run at once (default: the CPU count)",
    )
    tournament_command.add_argument(
        "--backend",
        choices=BACKENDS,
        default="process",
        help="where the games run (default process)",
    )
    tournament_command.add_argument(
        "--address", help="with --backend ray: the Ray cluster to connect to, such as auto"
    )
    tournament_command.add_argument(
        "--out", metavar="FILE", help="stream the results to FILE (JSON Lines) and resume from it"
    )
    tournament_command.add_argument(
        "--no-resume",
        dest="resume",
        action="store_false",
        help="start --out afresh instead of keeping the games already in it",
    )
    tournament_command.add_argument(
        "--chunk-size",
        metavar="N",
        type=_positive_int,
        help="games per task (default: about half a second of games, measured as they finish)",
    )
    tournament_command.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="show a progress bar on standard error (default: when it is a terminal)",
    )
    tournament_command.set_defaults(handler=_command_tournament)

    ladder_command = commands.add_parser(
        "ladder", help="rank bots at each player count, as on the game pages"
    )
    ladder_command.add_argument("name", metavar="GAME", help="a game name from 'boardgames games'")
    ladder_command.add_argument(
        "--bots",
        default=",".join(LADDER_BOTS),
        help="comma-separated bot specs, strongest expected first (default: "
        + ",".join(LADDER_BOTS)
        + ")",
    )
    ladder_command.add_argument(
        "--players",
        type=_positive_int,
        action="append",
        metavar="N",
        help="a player count (repeatable; default: every count the game allows)",
    )
    ladder_command.add_argument(
        "--games",
        type=_positive_int,
        default=100,
        help="games per table, rounded up to a multiple of its bots (default 100)",
    )
    ladder_command.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    ladder_command.add_argument(
        "--workers", type=_positive_int, help="games at once (default: the CPUs)"
    )
    ladder_command.add_argument(
        "--results",
        metavar="DIR",
        help="keep every finished game in DIR, one results file per table, and resume from "
        "the games already there (stop a long ladder with Ctrl-C and run it again)",
    )
    ladder_command.add_argument(
        "--write-page",
        metavar="FILE",
        help="replace the ladder section of FILE (a game page) with the tables",
    )
    ladder_command.set_defaults(handler=_command_ladder)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``boardgames`` command line.

    Args:
        argv: The arguments after the program name; ``sys.argv[1:]`` if ``None``.

    Returns:
        The exit code: :data:`EXIT_OK`, :data:`EXIT_ABANDONED` or :data:`EXIT_USAGE`.

    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()) as output:
    ...     code = main(["games"])
    >>> code, "magellan-elcano" in output.getvalue()
    (0, True)
    """
    parser = _parser()
    try:
        arguments = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, or a usage error argparse has already printed
        if exit_.code is None:
            return EXIT_OK
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    handler: Callable[[argparse.Namespace], int] = arguments.handler
    try:
        return handler(arguments)
    except (BoardgamesError, _UsageError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt as interrupt:
        print("\ninterrupted", file=sys.stderr)
        return 143 if isinstance(interrupt, _Terminated) else 130
    except BrokenPipeError:
        # The reader went away (``boardgames replay game.json | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_ABANDONED

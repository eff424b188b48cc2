"""The conformance kit: one call that checks any :class:`~boardgames.Game` against the protocol.

Use it in the tests of every game, ours or a third party's::

    from boardgames.testing import check_game

    def test_my_game_conforms() -> None:
        check_game(boardgames.make("my-game", players=3))

:func:`check_game` plays random games to the end and, at every decision, checks the
contract the rest of the library relies on: legal actions and terminal states agree, every
legal action applies and illegal ones are refused without side effects, values survive
:func:`~boardgames.dumps` / :func:`~boardgames.loads`, records replay, seeds determine
games, and observations hide exactly what they should (a state resampled from a player's
observation looks the same to that player and offers him the same actions).

:func:`check_bot` checks a bot in the same way: it plays games with the bot in each seat
in turn and asks it every decision twice more, with its generator in the same state and
with a copy of the observation sent through :func:`~boardgames.dumps` and
:func:`~boardgames.loads`; every answer must be legal and the same::

    from boardgames.testing import check_bot

    def test_my_bot_plays_by_the_rules() -> None:
        game = boardgames.make("my-game", players=3)
        check_bot(game, MyBot())

:func:`playthrough` prints a seeded game decision by decision (every state, every seat's
observation, the legal actions and the choice), the text a golden-file test compares with
a file kept in the repository::

    from boardgames.testing import playthrough

    def test_my_game_plays_as_before() -> None:
        text = playthrough(boardgames.make("my-game", players=2), seed=7)
        assert Path("golden/my-game.txt").read_text(encoding="utf-8") == text
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

import attrs

from boardgames._bot_checks import BotReport, check_bot
from boardgames._copies_checks import compare_copies
from boardgames._knowledge_checks import SamplerReport, sample_worlds
from boardgames._playthrough import playthrough
from boardgames._position_checks import check_position_arguments, check_positions
from boardgames._presentation_checks import check_explanations, check_pictures
from boardgames.core.encoding import GameEncoding, encoding_of
from boardgames.core.errors import (
    BoardgamesError,
    ConfigurationError,
    IllegalActionError,
    SerializationError,
)
from boardgames.core.guards import shown
from boardgames.core.protocol import DescribesActions, Game
from boardgames.core.record import GameRecord, replay
from boardgames.serialization import _CHECK_CRASHED, dumps, loads

__all__ = [
    "BotReport",
    "ConformanceError",
    "ConformanceReport",
    "EditReport",
    "SamplerReport",
    "check_bot",
    "check_copies",
    "check_edits",
    "check_game",
    "check_loaded",
    "check_sampler",
    "playthrough",
]


class ConformanceError(BoardgamesError, AssertionError):
    """A game or a bot broke the protocol; the message names the check, the seed and the step."""


@attrs.frozen
class ConformanceReport:
    """What :func:`check_game` exercised.

    Args:
        games: Games played to the end (or to ``max_decisions``).
        decisions: Decisions taken in all games.
        actions_applied: Legal actions applied, chosen or not.
        samples: States drawn with ``sample_state`` and checked.
        max_legal_actions: The longest legal-action list met.
        truncated: Games that ended by a turn limit.
        positions: States set up from positions and checked (0 for a game without the
            :class:`~boardgames.SetsUpPositions` hooks).

    .. versionchanged:: 0.1.0
       ``positions``.
    """

    games: int
    decisions: int
    actions_applied: int
    samples: int
    max_legal_actions: int
    truncated: int
    positions: int = 0


class _Checker:
    def __init__(self, game: Game[Any, Any, Any], seed: int | None) -> None:
        self.game = game
        self.seed = seed  # None: not checking a game played from a seed
        self.step = 0

    def fail(self, message: str) -> ConformanceError:
        where = f"{self.game.info.name} ({self.game.players} players)"
        if self.seed is not None:
            where += f" seed {self.seed} step {self.step}"
        return ConformanceError(f"{where}: {message}")

    def expect(self, condition: bool, message: str) -> None:
        if not condition:
            raise self.fail(message)


def _round_trip(checker: _Checker, value: object, what: str) -> None:
    try:
        text = dumps(value)
        again = loads(text)
    except BoardgamesError as error:
        raise checker.fail(f"{what} does not round-trip through dumps/loads: {error}") from error
    checker.expect(again == value, f"{what} changes in a dumps/loads round-trip")
    checker.expect(dumps(again) == text, f"{what} dumps differently after a round-trip")


def _expect_error(
    checker: _Checker, call: str, run: Callable[[], object], expected: type[BoardgamesError]
) -> None:
    """Check that ``run()`` raises ``expected`` (with a message) and nothing else."""
    try:
        run()
    except expected as error:
        checker.expect(bool(str(error)), f"{call} raised {expected.__name__} without a message")
    except Exception as error:
        raise checker.fail(
            f"{call} raised {type(error).__name__}, not {expected.__name__}"
        ) from error
    else:
        raise checker.fail(f"{call} was accepted; it must raise {expected.__name__}")


def _fields(value: Any) -> tuple[object, ...]:
    """The field values of an attrs instance (nothing for other types)."""
    if not attrs.has(type(value)):
        return ()
    return tuple(getattr(value, field.name) for field in attrs.fields(type(value)))


def _check_rejects(checker: _Checker, state: Any, probes: Iterable[object]) -> None:
    game = checker.game
    before = dumps(state)
    fields = _fields(state)
    tried = []
    for probe in probes:
        tried.append(probe)
        _expect_error(
            checker,
            f"apply({probe!r})",
            functools.partial(game.apply, state, probe),
            IllegalActionError,
        )
        # A cheap check per probe (a field replaced), a full one after all of them.
        checker.expect(
            all(now is then for now, then in zip(_fields(state), fields, strict=True)),
            f"apply({probe!r}) modified its input state",
        )
    checker.expect(
        dumps(state) == before,
        f"apply modified its input state while refusing one of {tried!r}",
    )


def _check_arguments(checker: _Checker, state: Any) -> None:
    """Bad arguments are refused with library errors.

    Bad seeds (of ``new_game`` and ``sample_state``) and seats with
    :class:`~boardgames.ConfigurationError`; a value that is not a state (``None``, an
    observation) where a state is expected with some :class:`~boardgames.BoardgamesError`.
    """
    game = checker.game
    observation = game.observe(state, 0)
    calls: list[tuple[str, Any]] = [
        (f"new_game({seed!r})", lambda seed=seed: game.new_game(seed)) for seed in ("1", 1.0, True)
    ]
    calls.extend(
        (
            f"sample_state(observation, {seed!r})",
            lambda seed=seed: game.sample_state(observation, seed),
        )
        for seed in ("1", 1.0, None, True)
    )
    calls.extend(
        (f"observe(state, {player!r})", lambda player=player: game.observe(state, player))
        for player in (-1, game.players, True, "0")
    )
    for call, run in calls:
        _expect_error(checker, call, run, ConfigurationError)
    action = game.legal_actions(state)[0] if not game.is_terminal(state) else None
    wrongs: tuple[tuple[str, Any], ...] = (("None", None), ("an observation", observation))
    for name, wrong in wrongs:
        methods: list[tuple[str, Callable[[], object]]] = [
            ("current_player", functools.partial(game.current_player, wrong)),
            ("legal_actions", functools.partial(game.legal_actions, wrong)),
            ("apply", functools.partial(game.apply, wrong, action)),
            ("observe", functools.partial(game.observe, wrong, 0)),
            ("score", functools.partial(game.score, wrong)),
            ("check_state", functools.partial(game.check_state, wrong)),
        ]
        for method, run in methods:
            _expect_error(checker, f"{method}({name})", run, BoardgamesError)


def _check_descriptions(
    checker: _Checker, state: Any, legal: Sequence[Any], after: Sequence[Any]
) -> None:
    """``describe_action`` tells no seat more about a move than his next observation.

    Moves that leave a seat the same observation are described alike, and as ``None``
    exactly when that observation is the one before the move.
    """
    game = checker.game
    if not isinstance(game, DescribesActions):
        return
    mover = game.current_player(state)
    if mover is None:
        return
    observation = game.observe(state, mover)
    for viewer in range(game.players):
        said: dict[Any, tuple[Any, str | None]] = {}
        before = game.observe(state, viewer)
        for action, next_state in zip(legal, after, strict=True):
            text = game.describe_action(observation, action, viewer)
            if viewer == mover:
                checker.expect(
                    isinstance(text, str) and bool(text),
                    f"describe_action({action!r}) for its own seat is not a non-empty str",
                )
                continue
            seen = game.observe(next_state, viewer)
            if seen == before:
                checker.expect(
                    text is None,
                    f"describe_action({action!r}) tells seat {viewer} {text!r} about a move "
                    "that leaves his observation unchanged; it must be None",
                )
            else:
                checker.expect(
                    isinstance(text, str) and bool(text),
                    f"describe_action({action!r}) for seat {viewer} is not a non-empty str",
                )
            other, other_text = said.setdefault(seen, (action, text))
            checker.expect(
                other_text == text,
                f"describe_action tells seat {viewer} {other!r} ({other_text!r}) from "
                f"{action!r} ({text!r}), which leave him the same observation",
            )


def _check_numbering(checker: _Checker, encoding: GameEncoding[Any, Any], legal: list[Any]) -> None:
    """Every legal action has its own number, which decodes to it; the mask marks them."""
    size = encoding.num_distinct_actions
    numbers = []
    for action in legal:
        try:
            number = encoding.encode_action(action)
        except BoardgamesError as error:
            raise checker.fail(f"the legal action {action!r} has no number: {error}") from error
        checker.expect(
            type(number) is int and 0 <= number < size,
            f"the legal action {action!r} has number {number!r}, outside 0..{size - 1}",
        )
        decoded = encoding.decode_action(number)
        checker.expect(
            decoded == action and type(decoded) is type(action),
            f"number {number} of {action!r} decodes to {decoded!r}",
        )
        numbers.append(number)
    checker.expect(len(set(numbers)) == len(numbers), "two legal actions share a number")
    mask = encoding.legal_mask(legal)
    checker.expect(
        len(mask) == size and sum(mask) == len(legal) and all(mask[n] == 1 for n in numbers),
        "the legal-action mask does not mark exactly the legal actions",
    )
    for number, action in zip(numbers, legal, strict=True):
        checker.expect(
            encoding.legal_action(legal, number) == action,
            f"legal_action does not give {action!r} for its number {number}",
        )
    illegal = next((number for number in range(size) if not mask[number]), None)
    for probe in (illegal, size, -1):
        if probe is not None:
            _expect_error(
                checker,
                f"legal_action(legal, {probe}) of a number that is not legal now",
                functools.partial(encoding.legal_action, legal, probe),
                IllegalActionError,
            )


def _check_vector(
    checker: _Checker, encoding: GameEncoding[Any, Any], observation: Any, player: int
) -> list[float]:
    """The observation's vector has the documented size and only finite numbers."""
    vector = list(encoding.encode_observation(observation))
    checker.expect(
        len(vector) == encoding.observation_size,
        f"the vector of seat {player}'s observation has {len(vector)} entries, "
        f"not {encoding.observation_size}",
    )
    checker.expect(
        all(isinstance(value, int | float) and math.isfinite(value) for value in vector),
        f"the vector of seat {player}'s observation holds a value that is not a finite number",
    )
    return vector


def _check_samples(checker: _Checker, state: Any, sample_seed: int) -> int:
    game = checker.game
    mover = game.current_player(state)
    encoding = encoding_of(game)
    samples = 0
    for player in range(game.players):
        observation = game.observe(state, player)
        _round_trip(checker, observation, f"the observation of seat {player}")
        vector = None if encoding is None else _check_vector(checker, encoding, observation, player)
        for offset in range(2):
            sampled = game.sample_state(observation, sample_seed + offset)
            samples += 1
            try:
                game.check_state(sampled)
            except BoardgamesError as error:
                raise checker.fail(
                    f"sample_state for seat {player} gave an invalid state: {error}"
                ) from error
            checker.expect(
                game.observe(sampled, player) == observation,
                f"a state sampled from seat {player}'s observation looks different to seat "
                f"{player} (observations leak or sample_state ignores what the player knows)",
            )
            checker.expect(
                game.current_player(sampled) == mover,
                f"a state sampled for seat {player} has a different player to move",
            )
            if player == mover:
                checker.expect(
                    list(game.legal_actions(sampled)) == list(game.legal_actions(state)),
                    f"seat {player}'s legal actions depend on what he cannot see",
                )
            if encoding is not None:
                again = list(encoding.encode_observation(game.observe(sampled, player)))
                checker.expect(
                    again == vector,
                    f"the vector of seat {player}'s observation differs in a state sampled "
                    "from it (the encoding reads something the observation does not fix)",
                )
    return samples


def check_game(
    game: Game[Any, Any, Any],
    *,
    seeds: Sequence[int] = (0, 1, 2),
    max_decisions: int = 5_000,
    sample_every: int = 5,
    picture_every: int = 100,
    position_every: int = 25,
) -> ConformanceReport:
    """Check ``game`` against the protocol by playing random games from ``seeds``.

    First: ``new_game`` and ``sample_state`` refuse a seed that is not an int, and
    ``observe`` a player that is not a seat (a bool included), with
    :class:`~boardgames.ConfigurationError`; ``current_player``, ``legal_actions``,
    ``apply``, ``observe``, ``score`` and ``check_state`` refuse ``None`` and an observation
    in place of a state with a :class:`~boardgames.BoardgamesError`; if the game has the
    optional :class:`~boardgames.SetsUpPositions` hooks, ``setup`` refuses a non-position
    and a bad seed with :class:`~boardgames.ConfigurationError` and ``parse_position``
    refuses a text that is no position with :class:`~boardgames.NotationError`.
    At every decision: ``current_player`` is ``None`` iff ``is_terminal`` iff
    ``legal_actions`` is empty; legal actions are distinct and in a stable order; each one
    applies to a state that passes ``check_state``; actions that are not legal now (and a
    non-action object) raise :class:`~boardgames.IllegalActionError` and leave the state
    unchanged; the state and the chosen action round-trip through ``dumps``/``loads``;
    ``score`` and ``ranking`` have one entry per seat. Every ``sample_every`` decisions, for
    each seat: the observation round-trips, and states drawn by ``sample_state`` pass
    ``check_state``, look the same to that seat and, for the seat to move, offer the same
    legal actions; if the game has an ``encoding`` (a
    :class:`~boardgames.core.encoding.GameEncoding`), every legal action has its own
    number that decodes to it, the mask marks exactly the legal actions, numbers that are
    not legal now are refused, and each observation's vector has the documented size,
    finite numbers only, and is the same for the states sampled from it; and, if the game
    has the optional :class:`~boardgames.DescribesActions` hook, two moves that leave a
    seat with the same observation are described to that seat alike. Every
    ``position_every`` decisions and at the end: if the game has the optional
    :class:`~boardgames.SetsUpPositions` hooks, the state's position reads back from its
    text and sets up a state with the same position, observations and legal actions (and
    so does the position without its moves, but for the history). Every
    ``picture_every`` decisions and at the end: if the game has the
    optional :class:`~boardgames.DrawsPictures` hooks, the pictures of the state and of
    each seat's observation are self-contained SVG documents (no script, no link), and the
    picture of an observation is the same after a JSON round trip of that observation; if
    it has the optional :class:`~boardgames.ExplainsNotation` hooks, the legend and each
    legal action's explanation are non-empty lines that depend only on the mover's
    observation. At the end: the
    record replays to the same states and result, and a second game from the same seed
    with the same actions gives equal states.

    Args:
        game: The configured game to check.
        seeds: One random game is played from each seed.
        max_decisions: Stop a game after this many decisions (a game that has a turn limit
            should reach its end well before).
        sample_every: How often (in decisions) to check observations and ``sample_state``.
        picture_every: How often (in decisions) to check pictures and explanations; they
            are also checked at the end of each game.
        position_every: How often (in decisions) to check positions; they are also
            checked at the end of each game. Setting a position up replays its history, so
            checking every decision costs time quadratic in a game's length.

    Returns:
        A :class:`ConformanceReport` of what was checked.

    Raises:
        ConformanceError: A check failed; the message names the check, the seed and the step.
    """
    games = decisions = applied = samples = longest = truncated = positions = 0
    encoding = encoding_of(game)
    for seed in seeds:
        checker = _Checker(game, seed)
        choices = random.Random(seed)
        state = game.new_game(seed)
        checker.expect(game.new_game(seed) == state, "new_game is not deterministic")
        if not games:
            _check_arguments(checker, state)
            check_position_arguments(game, state, checker.expect)
        states = [state]
        actions: list[Any] = []
        seen: list[Any] = []
        while True:
            checker.step = len(actions)
            try:
                game.check_state(state)
            except BoardgamesError as error:
                raise checker.fail(
                    f"check_state refuses a state reached by play: {error}"
                ) from error
            _round_trip(checker, state, "the state")
            terminal = game.is_terminal(state)
            mover = game.current_player(state)
            legal = list(game.legal_actions(state))
            checker.expect(terminal == (mover is None), "current_player is None iff terminal fails")
            checker.expect(terminal == (not legal), "legal_actions is empty iff terminal fails")
            checker.expect(
                list(game.legal_actions(state)) == legal, "legal_actions is not deterministic"
            )
            checker.expect(len(set(legal)) == len(legal), "legal_actions lists an action twice")
            checker.expect(len(game.score(state)) == game.players, "score needs one entry per seat")
            ranking = game.ranking(state)
            checker.expect(len(ranking) == game.players, "ranking needs one entry per seat")
            checker.expect(
                all(1 <= place <= game.players for place in ranking),
                f"ranking {ranking} has a place outside 1..players",
            )
            if mover is not None:
                checker.expect(0 <= mover < game.players, f"current_player {mover} is no seat")
            if encoding is not None:
                _check_numbering(checker, encoding, legal)
            probes: list[object] = [object(), None]
            probes.extend(action for action in seen[-20:] if action not in legal)
            _check_rejects(checker, state, probes)
            if terminal or len(actions) >= max_decisions:
                check_pictures(game, state, checker.expect)
                positions += check_positions(game, state, seed + len(actions), checker.expect)
                break
            longest = max(longest, len(legal))
            afters = []
            for action in legal:
                try:
                    after = game.apply(state, action)
                except BoardgamesError as error:
                    raise checker.fail(
                        f"legal action {action!r} does not apply: {error}"
                    ) from error
                applied += 1
                checker.expect(after is not state, "apply returned its input state")
                afters.append(after)
            if len(actions) % sample_every == 0:
                samples += _check_samples(checker, state, seed * 1_000_003 + len(actions))
                _check_descriptions(checker, state, legal, afters)
            if len(actions) % position_every == 0:
                positions += check_positions(game, state, seed + len(actions), checker.expect)
            if len(actions) % picture_every == 0:
                check_pictures(game, state, checker.expect)
                check_explanations(game, state, legal, checker.expect)
            seen.extend(legal)
            index = choices.randrange(len(legal))
            action = legal[index]
            _round_trip(checker, action, f"the action {action!r}")
            state = afters[index]
            actions.append(action)
            states.append(state)
        games += 1
        decisions += len(actions)
        truncated += game.is_truncated(state)
        record = GameRecord.of(game, seed, actions, state)
        _round_trip(checker, record, "the game record")
        replayed = list(replay(record))
        checker.expect(replayed == states, "replaying the record gives different states")
    return ConformanceReport(
        games=games,
        decisions=decisions,
        actions_applied=applied,
        samples=samples,
        max_legal_actions=longest,
        truncated=truncated,
        positions=positions,
    )


@attrs.frozen
class EditReport:
    """What :func:`check_edits` exercised.

    Args:
        documents: Edited documents given to :func:`~boardgames.loads`.
        refused: Documents refused (with :class:`~boardgames.SerializationError`).
        accepted: Documents that loaded, and whose values were then checked.
        states_checked: States reached from accepted documents and checked.
    """

    documents: int
    refused: int
    accepted: int
    states_checked: int


_Path = tuple[str | int, ...]


def _nodes(data: Any, path: _Path = ()) -> Iterable[tuple[_Path, Any]]:
    """Every value inside a JSON document, with its path, the document itself first."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _nodes(value, (*path, index))


def _replace_at(data: Any, path: _Path, value: Any) -> Any:
    """A copy of ``data`` with the value at ``path`` replaced (the rest shared)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _replace_at(data[head], rest, value)}
    assert isinstance(head, int)
    copy = list(data)
    copy[head] = _replace_at(data[head], rest, value)
    return copy


def _edited(value: Any, others: Sequence[Any], choices: random.Random) -> tuple[str, Any]:
    """Return one edit of a JSON value, named, and the edited value.

    A nearby or extreme number, a flipped flag, a list cut, repeated or reordered, a field
    dropped, or a value of the same kind from elsewhere in the document.
    """
    options: list[tuple[str, Callable[[], Any]]] = []
    kin = [other for other in others if type(other) is type(value) and other != value]
    if kin:
        options.append(("a value from elsewhere", lambda: choices.choice(kin)))
    if type(value) is bool:
        options += [("flipped", lambda: not value), ("as a number", lambda: int(value))]
    elif type(value) is int:
        options += [
            ("plus one", lambda: value + 1),
            ("minus one", lambda: value - 1),
            ("negated", lambda: -value - 1),
            ("zero", lambda: 0),
            ("plus 1000", lambda: value + 1000),
            ("2**64", lambda: 2**64),
            ("a float", lambda: value + 0.5),
        ]
    elif type(value) is str:
        options += [("emptied", lambda: ""), ("extended", lambda: value + "x")]
    elif value is None:
        options += [("zero", lambda: 0)]
    elif type(value) is list:
        options.append(("emptied", list))
        options.append(("repeated", lambda: value * 3))
        if value:
            index = choices.randrange(len(value))
            options += [
                ("without one entry", lambda: value[:index] + value[index + 1 :]),
                ("with one entry twice", lambda: value[: index + 1] + value[index:]),
                ("reversed", lambda: value[::-1]),
                ("rotated", lambda: value[1:] + value[:1]),
            ]
    elif type(value) is dict and value:
        key = choices.choice(sorted(value))
        options.append((f"without {key!r}", lambda: {k: v for k, v in value.items() if k != key}))
    if not options:
        return "unchanged", value
    name, make_value = choices.choice(options)
    return name, make_value()


def _check_continues(checker: _Checker, state: Any, depth: int, where: str) -> int:
    """Check ``state`` and every state up to ``depth`` legal moves after it.

    Each one must pass ``check_state`` and not be a dead end; returns how many were checked.
    """
    game = checker.game
    frontier = [state]
    checked = 0
    for ply in range(depth + 1):
        following: list[Any] = []
        for current in frontier:
            checked += 1
            try:
                if ply:
                    game.check_state(current)
                terminal = game.is_terminal(current)
                legal = list(game.legal_actions(current))
                if not terminal and ply < depth:
                    following.extend(game.apply(current, action) for action in legal)
            except BoardgamesError as error:
                raise checker.fail(
                    f"{where} loads, but {ply} legal moves later: {type(error).__name__}: {error}"
                ) from error
            except Exception as error:
                raise checker.fail(
                    f"{where} loads, but {ply} legal moves later a bare "
                    f"{type(error).__name__} escapes: {error}"
                ) from error
            checker.expect(
                terminal == (not legal),
                f"{where} loads, but {ply} legal moves later a state is "
                + ("terminal with legal actions" if terminal else "a dead end (no legal action)"),
            )
        frontier = following
    return checked


def _other_configuration(game: Game[Any, Any, Any], state: Any) -> bool:
    """Whether ``state`` is of another configuration of the game (an edited option).

    ``game`` refuses such a state, and the kit has no game object of its configuration.
    """
    try:
        game.current_player(state)
    except ConfigurationError:
        return True
    return False


def check_sampler(
    game: Game[Any, Any, Any],
    observation: object,
    seat: int,
    worlds: Iterable[Hashable],
    world_of: Callable[[Any], Hashable],
    *,
    samples: int | None = None,
    seed: int = 0,
    uniform: bool = True,
) -> SamplerReport:
    """Check ``sample_state`` against the worlds a reasoner of your own says are consistent.

    Write the reasoner from the rules, not from the game's knowledge code: on a small
    position it lists every world (every arrangement of what ``seat`` cannot see) that a
    player with a perfect memory of the public history and of what he was shown cannot rule
    out. This function draws ``samples`` states with
    ``game.sample_state(observation, seed + i)`` and checks that:

    - each one looks to ``seat`` exactly like ``observation``;
    - each one's world, read with ``world_of``, is one of ``worlds`` (the sampler draws
      nothing the player could rule out);
    - every world of ``worlds`` is drawn at least once (the sampler forgets nothing possible);
    - with ``uniform``, Pearson's chi-square statistic of the counts against a uniform draw
      is below its 0.9999 quantile. The seeds are fixed, so the check gives the same answer
      on every run: it cannot flake, and a sampler that is biased by more than a few per cent
      of a world's share fails it with a few thousand samples.

    Args:
        game: The game the observation belongs to.
        observation: What ``seat`` sees.
        seat: The observer.
        worlds: The consistent worlds: any hashable values (a world's description, such as
            the hidden places' contents as sorted tuples of card kinds); repeats count once.
        world_of: Reads the same description from a sampled state.
        samples: How many states to draw; by default 30 per world, at least 200.
        seed: The first sampling seed.
        uniform: Also check that the worlds are drawn equally often. Pass ``False`` where the
            game's chance model does not make the consistent worlds equally likely.

    Returns:
        What was drawn: the counts per world and the chi-square statistic.

    Raises:
        ConformanceError: A check failed; the message names the world and the seed.
        ConfigurationError: ``seat`` or ``samples`` is out of range.

    >>> import boardgames
    >>> from boardgames.testing import check_sampler
    >>> game = boardgames.make("magellan-elcano", players=2)
    >>> seen = game.observe(game.new_game(seed=3), 0)
    >>> report = check_sampler(game, seen, 0, [None], lambda state: None, samples=50)
    >>> report.counts
    (50,)
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ConfigurationError(
            f"seat must be an int from 0 to {game.players - 1}, not {shown(seat)}"
        )
    if samples is not None and (
        isinstance(samples, bool) or not isinstance(samples, int) or samples < 1
    ):
        raise ConfigurationError(f"samples must be a positive int or None, not {shown(samples)}")
    checker = _Checker(game, None)
    return sample_worlds(
        game,
        observation,
        seat,
        worlds,
        world_of,
        samples=samples,
        seed=seed,
        uniform=uniform,
        fail=checker.fail,
    )


def check_copies(
    game: Game[Any, Any, Any],
    state: Any,
    relabelled: Any,
    *,
    seed: int = 0,
    steps: int = 300,
    words_every: int = 5,
) -> int:
    """Check that two states that differ only in which identical copy is where look alike.

    ``relabelled`` is ``state`` with identical copies of a component exchanged (two equal
    cards swapped between hands, or between a hand and a pile): a change no person at the
    table could notice. Both must pass ``check_state``; then the same random legal actions
    (from ``seed``) are applied to both for up to ``steps`` decisions or to the end, and at
    every decision each seat must be shown the same thing in both games: the observation
    and, for the seat to move, the legal actions; every ``words_every`` decisions and at
    the end also the texts and numbers made from them (the observation's text and vector,
    each legal action's name, explanation, description to each seat and number). At the
    end the scores must agree.

    The exchange is the caller's to write, since only the game knows which of its
    components are identical. A game whose ids name kinds rather than copies (identical
    cards share one id) cannot make such a pair, and needs no such check.

    Returns:
        The number of decisions compared.

    Raises:
        ConformanceError: A state is refused, the two states are equal, or a seat is
            shown something different in the two games; the message names the step and
            the first difference.

    .. versionadded:: 0.2.0
    """
    return compare_copies(
        game,
        state,
        relabelled,
        ConformanceError,
        seed=seed,
        steps=steps,
        words_every=words_every,
    )


def check_loaded(game: Game[Any, Any, Any], text: str, *, depth: int = 2) -> int | None:
    """Load one (possibly edited) document of ``game`` and check that it is safe.

    A document is safe if :func:`~boardgames.loads` refuses it with
    :class:`~boardgames.SerializationError`, or if what it loads can be used: a state
    passes ``check_state`` and so does every state up to ``depth`` legal moves after it,
    none of them a dead end (a state that is not terminal but has no legal action); an
    observation gives, with ``sample_state``, states that pass those checks and look like
    the observation to its player. No other exception may escape, and ``loads`` may not
    refuse the document only because the game's own check crashed on it (``loads`` turns
    such a crash into a :class:`~boardgames.SerializationError`, so that users never see
    a bare exception, but it is a bug in the game).

    Args:
        game: The configured game the document belongs to.
        text: The JSON document.
        depth: How many legal moves deep to play from a loaded state.

    Returns:
        ``None`` if the document was refused, else the number of states checked.

    Raises:
        ConformanceError: The document loads to something unsafe, or a bare exception
            escaped.

    .. versionadded:: 0.1.0
    """
    checker = _Checker(game, None)
    try:
        value = loads(text)
    except SerializationError as error:
        if _CHECK_CRASHED in str(error):
            raise checker.fail(f"the game's check crashed on a loaded value: {error}") from error
        return None
    except BoardgamesError as error:
        raise checker.fail(
            f"loads raised {type(error).__name__}, not SerializationError: {error}"
        ) from error
    except Exception as error:
        raise checker.fail(f"loads let a bare {type(error).__name__} escape: {error}") from error
    codec = game.codec
    if type(value) is codec.state_type:
        if _other_configuration(game, value):
            return 0
        return _check_continues(checker, value, depth, "a state")
    if type(value) is codec.observation_type:
        observation: Any = value
        checked = 0
        for seed in range(2):
            try:
                sampled = game.sample_state(observation, seed)
            except ConfigurationError:  # an observation of another configuration
                return 0
            except Exception as error:
                raise checker.fail(
                    f"an observation loads, but sample_state({seed}) fails: "
                    f"{type(error).__name__}: {error}"
                ) from error
            try:
                game.check_state(sampled)
                again = game.observe(sampled, observation.player)
            except Exception as error:
                raise checker.fail(
                    f"an observation loads, but the state sample_state({seed}) gives fails: "
                    f"{type(error).__name__}: {error}"
                ) from error
            checker.expect(
                again == value,
                "an observation loads, but a state sampled from it looks different",
            )
            checked += _check_continues(checker, sampled, depth, "an observation")
        return checked
    return 0


def check_edits(
    game: Game[Any, Any, Any],
    *,
    seeds: Sequence[int] = (0,),
    documents: int = 500,
    depth: int = 2,
) -> EditReport:
    """Edit serialized states and observations of ``game`` and check what loads.

    From each seed a random game is played to its end; its states and their observations
    are serialized, and ``documents`` edited documents are made from them in all (each
    one value changed: a number moved by one or made extreme, a flag flipped, a list
    emptied, cut, repeated or reordered, a field dropped, a value taken from elsewhere in
    the document). Each one must be refused with :class:`~boardgames.SerializationError`
    or be safe to use, as :func:`check_loaded` defines.

    Args:
        game: The configured game to check.
        seeds: The seeds of the games the documents are taken from (and of the edits).
        documents: How many edited documents to check.
        depth: How many legal moves deep to play from each loaded state.

    Returns:
        An :class:`EditReport`.

    Raises:
        ConformanceError: An edited document loaded to something unsafe; the message says
            what was edited and how.

    .. versionadded:: 0.1.0
    """
    refused = accepted = checked = 0
    per_seed = -(-documents // max(len(seeds), 1))
    made = 0
    for seed in seeds:
        choices = random.Random(seed)
        states = [game.new_game(seed)]
        while not game.is_terminal(states[-1]) and len(states) < 5_000:
            states.append(game.apply(states[-1], choices.choice(game.legal_actions(states[-1]))))
        for _ in range(per_seed):
            if made == documents:
                break
            made += 1
            step = choices.randrange(len(states))
            state = states[step]
            if choices.random() < 0.25:
                seat = choices.randrange(game.players)
                value: Any = game.observe(state, seat)
                what = f"seat {seat}'s observation"
            else:
                value, what = state, "the state"
            envelope = json.loads(dumps(value))
            envelope["game"] = game.info.name  # the game's own name, for a game's variant
            nodes = list(_nodes(envelope["data"]))
            path, old = choices.choice(nodes)
            how, new = _edited(old, [node for _, node in nodes], choices)
            envelope["data"] = _replace_at(envelope["data"], path, new)
            text = json.dumps(envelope)
            try:
                result = check_loaded(game, text, depth=depth)
            except ConformanceError as error:
                place = "".join(f"[{part!r}]" for part in path) or "the whole value"
                raise ConformanceError(
                    f"{error}\n(the document: seed {seed} step {step}, {what} with "
                    f"data{place} {how}: {_short(old)} -> {_short(new)})"
                ) from error
            if result is None:
                refused += 1
            else:
                accepted += 1
                checked += result
    return EditReport(documents=made, refused=refused, accepted=accepted, states_checked=checked)


def _short(value: object, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."

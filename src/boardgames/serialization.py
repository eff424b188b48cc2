"""Self-describing JSON for every state, action, observation and game record.

Each document is an envelope::

    {"format": 4, "game": "magellan-elcano", "type": "state", "data": {...}}

``type`` is one of ``state``, ``action``, ``observation`` or ``record``. :func:`~boardgames.loads`
treats its input as untrusted: it checks every type and range and the game's invariants,
and it never evaluates anything.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import UnionType
from typing import Any, Final, Union, get_origin

import cattrs

from boardgames.core.codec import Codec, ValueKind
from boardgames.core.errors import (
    BoardgamesError,
    InvalidStateError,
    SerializationError,
    UnknownGameError,
)
from boardgames.core.guards import shown
from boardgames.core.protocol import GameFactory
from boardgames.core.record import GameRecord, replay
from boardgames.core.registry import _factory, game_names, make

__all__ = ["FORMAT_VERSION", "READABLE_FORMATS", "dumps", "loads"]

FORMAT_VERSION: Final = 4
"""The envelope format that :func:`~boardgames.dumps` writes.

Format 2 writes every game's history as a JSON list of entries (format 1 wrote Morgan's
Magic Map's as one string in a compact notation). Format 3 carries the exact knowledge
models: Magellan: Elcano's crews keep ``face_down_groups`` instead of
``in_hidden_discard``, Morrigan's observations name the observer's own hidden cards by
their canonical private names, and Irány a Kincses Sziget!'s states and observations keep
setup exchanges, steal records and missions known to be in the pile. Format 4 names every
Irány a Kincses Sziget! event card by the lowest id of its identical copies, and keeps one
knowledge mask per event pile (``event_tops_known``) instead of one per card.

.. versionchanged:: 0.1.0
   Format 3.

.. versionchanged:: 0.2.0
   Format 4.
"""

READABLE_FORMATS: Final = (1, 2, 3, 4)
"""The envelope formats that :func:`~boardgames.loads` reads.

Data in an older format is rewritten by the game's ``upgrade`` hook
(:class:`~boardgames.Codec`) before it is checked, so a value loads the same from any of
them. Records gained an optional ``seats`` field (who played each seat) in 0.2.0, within
format 2: a record without it still loads.
"""

_KINDS: tuple[ValueKind, ...] = ("state", "action", "observation")
_RECORD_FIELDS = (
    "game",
    "players",
    "options",
    "seed",
    "actions",
    "scores",
    "ranking",
    "terminal",
    "truncated",
    "seats",
)


_codecs: dict[Any, Codec] = {}


def _factory_codec(factory: GameFactory) -> Codec:
    codec = _codecs.get(factory)
    if codec is None:
        info = factory.info
        game = factory(players=info.default_players, **info.resolve(info.default_players, {}))
        codec = _codecs[factory] = game.codec
    return codec


def _codec(name: str) -> Codec:
    # Cached by factory, not by name, so a game registered again with replace=True is seen.
    return _factory_codec(_factory(name))


_by_type: dict[type, tuple[GameFactory, ValueKind]] = {}
"""The factory whose codec writes each value type, filled as codecs are built."""


def _index(factory: GameFactory, codec: Codec) -> None:
    _by_type[codec.state_type] = (factory, "state")
    _by_type[codec.observation_type] = (factory, "observation")
    for cls in codec.action_classes:
        _by_type[cls] = (factory, "action")


def _registered(factory: GameFactory) -> bool:
    """Whether ``factory`` is still the one registered under its name."""
    try:
        return _factory(factory.info.name) is factory
    except UnknownGameError:
        return False


def _codec_of(value: object) -> tuple[Codec, ValueKind]:
    hit = _by_type.get(type(value))
    if hit is None or not _registered(hit[0]):
        for name in game_names():  # a type not met yet: index every game's types once
            factory = _factory(name)
            _index(factory, _factory_codec(factory))
        hit = _by_type.get(type(value))
    if hit is not None and _registered(hit[0]):
        return _factory_codec(hit[0]), hit[1]
    raise SerializationError(
        f"cannot serialize {type(value).__name__!r}: it is not a state, action, observation "
        "or record of a registered game"
    )


def dumps(value: object, *, indent: int | None = None) -> str:
    """Serialize a state, action, observation or :class:`~boardgames.GameRecord` to JSON.

    The output is deterministic: equal values give identical text on every Python version.

    Args:
        value: The value to write.
        indent: Pretty-print with this indent; compact when ``None``.

    Raises:
        SerializationError: ``value`` is not a value of a registered game.

    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano", players=2)
    >>> state = game.new_game(seed=1)
    >>> boardgames.loads(boardgames.dumps(state)) == state
    True
    """
    if isinstance(value, GameRecord):
        try:
            codec = _codec(value.game)
        except UnknownGameError as error:
            raise SerializationError(f"cannot serialize the record: {error}") from error
        data: Any = {
            "game": value.game,
            "players": value.players,
            "options": dict(value.options),
            "seed": value.seed,
            "actions": [codec.unstructure(action, "action") for action in value.actions],
            "scores": list(value.scores),
            "ranking": list(value.ranking),
            "terminal": value.terminal,
            "truncated": value.truncated,
        }
        if value.seats:
            data["seats"] = list(value.seats)
        kind = "record"
    else:
        codec, kind = _codec_of(value)
        data = codec.unstructure(value, kind)
    envelope = {"format": FORMAT_VERSION, "game": codec.game, "type": kind, "data": data}
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(envelope, indent=indent, separators=separators, allow_nan=False)


def _refuse_constant(name: str) -> None:
    raise SerializationError(f"invalid JSON number {name!r}: NaN and infinities are not allowed")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Build a JSON object, refusing a key that appears twice (JSON would keep the last)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise SerializationError(
                    f"duplicate key {shown(key, 100)} in a JSON object; every key may appear once"
                )
            seen.add(key)
    return data


# How a SerializationError words it when the game's own check of a value crashed: a bug in
# the game, caught so that loads never lets a bare exception out; the conformance kit
# reports such documents as failures.
_CHECK_CRASHED: Final = "the invariant check failed with"


def _describe(error: BaseException, target: Any) -> str:
    """Say what was wrong with one field, in lowercase, for a SerializationError."""
    tagged_union = get_origin(target) in (Union, UnionType)
    if isinstance(error, KeyError):
        key = error.args[0] if error.args else "?"
        return f"unknown or missing type tag {key!r}" if tagged_union else f"missing field {key!r}"
    if tagged_union and isinstance(error, TypeError | AttributeError):
        return "expected a JSON object with a 'type' tag"
    if isinstance(error, cattrs.ForbiddenExtraKeysError):
        return f"unexpected fields {sorted(error.extra_fields)} in {error.cl.__name__}"
    if isinstance(error, AttributeError):
        return "expected a JSON object"
    message = str(error) or type(error).__name__
    return message[:1].lower() + message[1:]


def _cattrs_path(error: Exception) -> tuple[str, str]:
    messages = cattrs.transform_error(error, path="$.data", format_exception=_describe)
    first = messages[0] if messages else str(error)
    message, _, path = first.rpartition(" @ ")
    return (message or first), (path or "$.data")


def _expect(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise SerializationError(f"missing field {key!r}", f"{where}.{key}")
    value = data[key]
    if type(value) is not kind:
        raise SerializationError(
            f"field {key!r} must be {kind.__name__}, got {type(value).__name__} "
            f"{shown(value, 100)}",
            f"{where}.{key}",
        )
    return value


def loads(text: str | bytes) -> Any:
    """Read a value written by :func:`dumps`, validating everything.

    States are checked against the game's invariants; records are replayed and must reach
    the result they claim.

    Args:
        text: The JSON document.

    Returns:
        The state, action, observation or :class:`~boardgames.GameRecord`.

    Raises:
        SerializationError: The text is not valid JSON, not a known envelope, has a field
            of the wrong type or range, or breaks an invariant. ``error.path`` says where.
    """
    try:
        document = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
    except SerializationError:
        raise
    except (ValueError, TypeError, RecursionError) as error:
        raise SerializationError(f"invalid JSON: {error}") from error
    if type(document) is not dict:
        raise SerializationError(f"expected a JSON object, got {type(document).__name__}")
    unknown = sorted(set(document) - {"format", "game", "type", "data"})
    if unknown:
        field = shown(unknown[0], 100)
        raise SerializationError(f"unknown envelope field {field}", f"$.{unknown[0][:100]}")
    version = _expect(document, "format", int, "$")
    if version not in READABLE_FORMATS:
        readable = ", ".join(str(known) for known in READABLE_FORMATS)
        raise SerializationError(
            f"unsupported format version {shown(version, 100)}; this library reads {readable}",
            "$.format",
        )
    name = _expect(document, "game", str, "$")
    kind = _expect(document, "type", str, "$")
    if "data" not in document:
        raise SerializationError("missing field 'data'", "$.data")
    try:
        codec = _codec(name)
    except UnknownGameError as error:
        raise SerializationError(str(error), "$.game") from error
    if kind == "record":
        return _load_record(codec, document["data"])
    if kind not in _KINDS:
        raise SerializationError(
            f"unknown value type {shown(kind, 100)}; expected one of {[*_KINDS, 'record']}",
            "$.type",
        )
    return _load_value(codec, document["data"], version, kind)


def _load_value(codec: Codec, data: object, version: int, kind: ValueKind) -> Any:
    """Upgrade, structure and check the data of a state, action or observation."""
    if version != FORMAT_VERSION and codec.upgrade is not None:
        try:
            data = codec.upgrade(data, kind, version)
        except (ValueError, TypeError, KeyError) as error:
            raise SerializationError(
                f"cannot read this {kind} of format {version}: {error}", "$.data"
            ) from error
    try:
        value = codec.structure(data, kind)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as error:
        message, path = _cattrs_path(error)
        raise SerializationError(f"invalid {kind}: {message}", path) from error
    except Exception as error:  # a game's structure hook that crashes on odd input
        raise SerializationError(
            f"invalid {kind}: {type(error).__name__}: {shown(str(error), 150)}", "$.data"
        ) from error
    try:
        codec.check(value)
    except InvalidStateError as error:
        raise SerializationError(f"invalid {kind}: {error}", "$.data") from error
    except Exception as error:
        # A check that indexes before it has verified a length or an id is a bug in the
        # game, but the input is invalid all the same: never let it escape as a crash.
        raise SerializationError(
            f"invalid {kind}: {_CHECK_CRASHED} {type(error).__name__}: {shown(str(error), 150)}",
            "$.data",
        ) from error
    return value


def _load_record(codec: Codec, data: object) -> GameRecord:
    where = "$.data"
    if type(data) is not dict:
        raise SerializationError("a record must be a JSON object", where)
    unknown = sorted(set(data) - set(_RECORD_FIELDS))
    if unknown:
        raise SerializationError(f"unknown record field {unknown[0]!r}", f"{where}.{unknown[0]}")
    players = _expect(data, "players", int, where)
    options = _expect(data, "options", dict, where)
    seed = _expect(data, "seed", int, where)
    raw_actions = _expect(data, "actions", list, where)
    raw_scores = _expect(data, "scores", list, where)
    raw_ranking = _expect(data, "ranking", list, where)
    terminal = _expect(data, "terminal", bool, where)
    truncated = _expect(data, "truncated", bool, where)
    if _expect(data, "game", str, where) != codec.game:
        raise SerializationError("record game differs from the envelope's game", f"{where}.game")
    try:
        game = make(codec.game, players, **options)
    except (BoardgamesError, TypeError) as error:  # TypeError: an option named "players"
        raise SerializationError(f"invalid record configuration: {error}", where) from error
    seats: tuple[str, ...] = ()
    if "seats" in data:
        raw_seats = _expect(data, "seats", list, where)
        if len(raw_seats) != players or not all(type(name) is str for name in raw_seats):
            raise SerializationError(
                f"seats must list one name (a str) per seat, {players} in all, got "
                f"{shown(raw_seats, 100)}",
                f"{where}.seats",
            )
        seats = tuple(raw_seats)
    actions = []
    for index, raw in enumerate(raw_actions):
        try:
            actions.append(codec.structure(raw, "action"))
        except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as error:
            message, _ = _cattrs_path(error)
            raise SerializationError(
                f"invalid action: {message}", f"{where}.actions[{index}]"
            ) from error
    for field, values, kind in (
        ("scores", raw_scores, (int, float)),
        ("ranking", raw_ranking, (int,)),
    ):
        for index, value in enumerate(values):
            if type(value) not in kind:
                raise SerializationError(
                    f"{field} entries must be numbers, got {shown(value, 100)}",
                    f"{where}.{field}[{index}]",
                )
    record = GameRecord(
        game=codec.game,
        players=players,
        options=tuple(sorted(game.options.items())),
        seed=seed,
        actions=tuple(actions),
        scores=tuple(float(value) for value in raw_scores),
        ranking=tuple(raw_ranking),
        terminal=terminal,
        truncated=truncated,
        seats=seats,
    )
    applied = -1  # states yielded so far, minus one: the index of the next action
    try:
        for _ in replay(record):
            applied += 1
    except BoardgamesError as error:
        path = f"{where}.actions[{applied}]" if 0 <= applied < len(actions) else where
        raise SerializationError(f"record does not replay: {error}", path) from error
    return record

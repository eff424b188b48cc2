"""``dumps`` and ``loads``: self-describing JSON that round-trips, and that is never trusted.

Every malformed document must raise :class:`~boardgames.SerializationError` whose ``path``
names the bad field; no other exception may escape and no corrupt value may be returned.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import cattrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames import GameRecord, SerializationError, dumps, loads, serialization
from boardgames.core.codec import make_converter
from boardgames.games.magellan_elcano import (
    Colour,
    MagellanObservation,
    MagellanState,
    Pass,
    PlayCard,
    PlayFaceDown,
)
from boardgames.games.magellan_elcano import rules as magellan_rules
from boardgames.games.magellan_elcano.components import CREW_CARDS
from boardgames.serialization import FORMAT_VERSION

Document = dict[str, Any]
Mutation = Callable[[Document], None]
Values = tuple[tuple[boardgames.Game[Any, Any, Any], object], ...]


# --- the values the malformed documents are made from ---------------------------------------


@cache
def storm_record() -> GameRecord:
    """A finished 4-player game with the storm variant."""
    game = boardgames.make("magellan-elcano", 4, storm_variant=True)
    return boardgames.play(game, [boardgames.RandomBot()] * 4, seed=4)


@cache
def storm_state() -> MagellanState:
    """A mid-game state in which some card may be in more than one place (two ``Place`` names)."""
    state: MagellanState
    for state in boardgames.replay(storm_record()):
        if any(len(places) > 1 for crew in state.crews for _, places in crew.known):
            return state
    raise AssertionError("the storm game never hides a known card in two possible places")


def base_document(kind: str) -> Document:
    """A fresh, valid document of ``kind`` to break."""
    state = storm_state()
    assert state.to_move is not None
    value: object = {
        "state": state,
        "observation": boardgames.make("magellan-elcano", 4, storm_variant=True).observe(
            state, state.to_move
        ),
        "action": PlayCard(0, Colour.RED),
        "record": storm_record(),
    }[kind]
    document: Document = json.loads(dumps(value))
    return document


def put(*keys_and_value: Any) -> Mutation:
    """Set the field at the given keys (from the envelope down) to the last argument."""
    *keys, value = keys_and_value

    def mutate(document: Document) -> None:
        node: Any = document
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return mutate


def drop(*keys: str | int) -> Mutation:
    """Delete the field at ``keys``."""

    def mutate(document: Document) -> None:
        node: Any = document
        for key in keys[:-1]:
            node = node[key]
        del node[keys[-1]]

    return mutate


def mover(document: Document) -> Document:
    """The crew of the seat to move in a state document (it always holds cards)."""
    crew: Document = document["data"]["crews"][document["data"]["to_move"]]
    return crew


def hand_card_also_in_deck(document: Document) -> None:
    crew = mover(document)
    crew["deck"].append(crew["hand"][0])


def card_duplicated_in_discard(document: Document) -> None:
    crew = mover(document)
    crew["discard"].append(crew["deck"][0])


def deck_card_moved_to_discard(document: Document) -> None:
    crew = mover(document)
    crew["discard"].append(crew["deck"].pop())


def hand_card_also_in_column(document: Document) -> None:
    crew = mover(document)
    card = crew["hand"][0]
    colour = CREW_CARDS[card].values[0][0]
    crew["columns"][colour].append(card)


def ocean_card_missing(document: Document) -> None:
    document["data"]["ocean_decks"][1].pop()


def ocean_card_in_two_places(document: Document) -> None:
    data = document["data"]
    data["ocean_piles"][2].append(data["ocean_decks"][2][0])


def storm_card_missing(document: Document) -> None:
    document["data"]["storm_deck"].pop()


def column_card_without_that_end(document: Document) -> None:
    crew = mover(document)
    card = crew["hand"].pop(0)
    missing = next(colour for colour in Colour if not CREW_CARDS[card].value(colour))
    crew["columns"][missing].append(card)


def observer_hand_too_small(document: Document) -> None:
    document["data"]["hand"].pop()


def one_crew_view_missing(document: Document) -> None:
    document["data"]["crews"].pop()


def two_ocean_piles(document: Document) -> None:
    document["data"]["ocean_piles"].pop()


def won_card_out_of_range(document: Document) -> None:
    document["data"]["won"][0].append(99)


def first_known(document: Document) -> tuple[int, int]:
    """``(seat, index)`` of the first crew with a known card that may be in two places."""
    for seat, crew in enumerate(document["data"]["crews"]):
        for index, (_, places) in enumerate(crew["known"]):
            if len(places) > 1:
                return seat, index
    raise AssertionError("no known card with two possible places")


def place_named(name: str) -> Mutation:
    def mutate(document: Document) -> None:
        seat, index = first_known(document)
        document["data"]["crews"][seat]["known"][index][1][0] = name

    return mutate


def record_score_changed(document: Document) -> None:
    document["data"]["scores"][0] += 1


def record_ranking_reversed(document: Document) -> None:
    document["data"]["ranking"].reverse()


def record_cut_short(document: Document) -> None:
    document["data"]["actions"].pop()


MALFORMED: list[Any] = [
    # The envelope.
    pytest.param(
        "state",
        put("format", 5),
        "$.format",
        "unsupported format version 5; this library reads 1, 2, 3, 4",
        id="format-5",
    ),
    pytest.param(
        "state",
        put("format", "1"),
        "$.format",
        "field 'format' must be int, got str '1'",
        id="format-str",
    ),
    pytest.param(
        "state",
        put("format", True),
        "$.format",
        "field 'format' must be int, got bool True",
        id="format-bool",
    ),
    pytest.param(
        "state",
        put("format", 1.0),
        "$.format",
        "field 'format' must be int, got float 1.0",
        id="format-float",
    ),
    pytest.param(
        "state", drop("format"), "$.format", "missing field 'format'", id="format-missing"
    ),
    pytest.param(
        "state",
        put("game", "chess"),
        "$.game",
        "unknown game 'chess'; registered games: ",
        id="game-unknown",
    ),
    pytest.param("state", put("game", None), "$.game", "field 'game' must be str", id="game-null"),
    pytest.param("state", drop("game"), "$.game", "missing field 'game'", id="game-missing"),
    pytest.param(
        "state",
        put("type", "board"),
        "$.type",
        "unknown value type 'board'; expected one of ['state', 'action', 'observation', 'record']",
        id="type-unknown",
    ),
    pytest.param(
        "state", put("type", "State"), "$.type", "unknown value type 'State'", id="type-capitalised"
    ),
    pytest.param("state", drop("type"), "$.type", "missing field 'type'", id="type-missing"),
    pytest.param("state", drop("data"), "$.data", "missing field 'data'", id="data-missing"),
    pytest.param(
        "state",
        put("comment", "hi"),
        "$.comment",
        "unknown envelope field 'comment'",
        id="envelope-extra",
    ),
    pytest.param(
        "state",
        put("type", "action"),
        "$.data",
        "invalid action: unknown action type None",
        id="state-as-action",
    ),
    pytest.param(
        "action", put("type", "state"), "$.data.players", "invalid state: ", id="action-as-state"
    ),
    # Scalar types in a state are never coerced.
    pytest.param(
        "state",
        put("data", "players", "3"),
        "$.data.players",
        "invalid state: expected an integer, got str '3'",
        id="int-as-str",
    ),
    pytest.param(
        "state",
        put("data", "round", True),
        "$.data.round",
        "expected an integer, got bool True",
        id="int-as-bool",
    ),
    pytest.param(
        "state",
        put("data", "round", 1.0),
        "$.data.round",
        "expected an integer, got float 1.0",
        id="int-as-float",
    ),
    pytest.param(
        "state", put("data", "to_move", "0"), "$.data.to_move", "", id="optional-int-as-str"
    ),
    pytest.param(
        "state",
        put("data", "storms", 1),
        "$.data.storms",
        "expected true or false, got int 1",
        id="bool-as-int",
    ),
    pytest.param(
        "state",
        put("data", "storms", "true"),
        "$.data.storms",
        "expected true or false, got str 'true'",
        id="bool-as-str",
    ),
    pytest.param(
        "state",
        put("data", "crews", 1, "hand", 0, "x"),
        "$.data.crews[1].hand[0]",
        "expected an integer, got str 'x'",
        id="nested-int-as-str",
    ),
    pytest.param(
        "state",
        put("data", "crews", 2, "passed", 0),
        "$.data.crews[2].passed",
        "expected true or false",
        id="nested-bool-as-int",
    ),
    pytest.param(
        "state",
        put("data", "rng", "seed", 1.5),
        "$.data.rng.seed",
        "expected an integer",
        id="rng-seed-float",
    ),
    pytest.param(
        "state",
        put("data", "crews", 0, "columns", [[], []]),
        "$.data.crews[0].columns",
        "expected a list of 3 items",
        id="columns-two",
    ),
    pytest.param(
        "state",
        put("data", "ocean_decks", {"red": []}),
        "$.data.ocean_decks",
        "expected a list, got dict",
        id="list-as-object",
    ),
    pytest.param(
        "state",
        put("data", "crews", 0, "hand", [1, 1]),
        "$.data.crews[0].hand",
        "expected distinct elements, got duplicates",
        id="set-duplicates",
    ),
    pytest.param(
        "state",
        put("data", None),
        "$.data",
        "invalid state: expected a JSON object, got NoneType",
        id="data-null",
    ),
    pytest.param(
        "state",
        put("data", [1, 2]),
        "$.data",
        "invalid state: expected a JSON object, got list",
        id="data-list",
    ),
    pytest.param(
        "state", drop("data", "round"), "$.data.round", "invalid state: ", id="field-missing"
    ),
    pytest.param(
        "state",
        put("data", "comment", 1),
        "$.data",
        "unexpected fields ['comment'] in MagellanState",
        id="field-extra",
    ),
    pytest.param(
        "state",
        put("data", "crews", 3, "comment", 1),
        "$.data.crews[3]",
        "unexpected fields ['comment'] in Crew",
        id="nested-field-extra",
    ),
    # Enum names.
    pytest.param(
        "state",
        place_named("deck"),
        "$.data.crews[",
        "expected one of ['hand', 'hidden_discard', 'storm'], got 'deck'",
        id="enum-unknown",
    ),
    pytest.param("state", place_named("HAND"), "$.data.crews[", "got 'HAND'", id="enum-uppercase"),
    pytest.param(
        "action",
        put("data", "colour", "purple"),
        "$.data.colour",
        "expected one of ['blue', 'green', 'red'], got 'purple'",
        id="colour-unknown",
    ),
    pytest.param(
        "action", put("data", "colour", "RED"), "$.data.colour", "got 'RED'", id="colour-uppercase"
    ),
    pytest.param("action", put("data", "colour", 0), "$.data.colour", "got 0", id="colour-as-int"),
    # Actions.
    pytest.param(
        "action",
        put("data", "card", "3"),
        "$.data.card",
        "invalid action: expected an integer, got str '3'",
        id="card-as-str",
    ),
    pytest.param(
        "action",
        put("data", "card", True),
        "$.data.card",
        "expected an integer, got bool True",
        id="card-as-bool",
    ),
    pytest.param(
        "action",
        put("data", "card", 1.0),
        "$.data.card",
        "expected an integer, got float 1.0",
        id="card-as-float",
    ),
    pytest.param(
        "action",
        put("data", "type", "Fly"),
        "$.data",
        "unknown action type 'Fly'; expected one of ['Pass', 'PlayCard', 'PlayFaceDown']",
        id="tag-unknown",
    ),
    pytest.param(
        "action",
        put("data", "type", "FaceDownPlayed"),
        "$.data",
        "unknown action type 'FaceDownPlayed'",
        id="tag-public-only",
    ),
    pytest.param(
        "action", drop("data", "type"), "$.data", "unknown action type None", id="tag-missing"
    ),
    pytest.param(
        "action",
        put("data", "extra", 1),
        "$.data",
        "unexpected fields ['extra'] in PlayCard",
        id="action-field-extra",
    ),
    pytest.param(
        "action",
        put("data", {"type": "Pass", "card": 1}),
        "$.data",
        "unexpected fields ['card'] in Pass",
        id="pass-with-card",
    ),
    pytest.param(
        "action",
        put("data", "card", 15),
        "$.data",
        "card 15 is not a crew card id (0 to 14)",
        id="card-out-of-range",
    ),
    pytest.param(
        "action",
        put("data", "card", -1),
        "$.data",
        "card -1 is not a crew card id",
        id="card-negative",
    ),
    pytest.param(
        "action",
        put("data", "colour", "green"),
        "$.data",
        "has no green end",
        id="card-without-that-end",
    ),
    pytest.param(
        "action",
        put("data", "hello"),
        "$.data",
        "expected a JSON object, got str",
        id="action-as-str",
    ),
    # Broken invariants of a state.
    pytest.param(
        "state",
        hand_card_also_in_deck,
        "$.data",
        "15 crew cards are not each in exactly one zone",
        id="card-in-hand-and-deck",
    ),
    pytest.param(
        "state",
        card_duplicated_in_discard,
        "$.data",
        "15 crew cards are not each in exactly one zone",
        id="card-in-deck-and-discard",
    ),
    pytest.param(
        "state",
        hand_card_also_in_column,
        "$.data",
        "15 crew cards are not each in exactly one zone",
        id="card-in-hand-and-column",
    ),
    pytest.param(
        "state", deck_card_moved_to_discard, "$.data", "this round it must hold", id="deck-size"
    ),
    pytest.param(
        "state",
        column_card_without_that_end,
        "$.data",
        "column holds card",
        id="column-card-without-that-end",
    ),
    pytest.param(
        "state",
        ocean_card_missing,
        "$.data",
        "the blue ocean deck holds 3 cards; in round 2 it must hold 4",
        id="ocean-card-missing",
    ),
    pytest.param(
        "state",
        ocean_card_in_two_places,
        "$.data",
        "3 green ocean cards are face up or won; in round 2 there must be 2",
        id="ocean-card-twice",
    ),
    pytest.param(
        "state",
        storm_card_missing,
        "$.data",
        "the storm deck holds 3 cards; in round 2 it must hold 4",
        id="storm-card-missing",
    ),
    pytest.param(
        "state", won_card_out_of_range, "$.data", "invalid state: ", id="won-card-out-of-range"
    ),
    pytest.param("state", two_ocean_piles, "$.data", "invalid state: ", id="two-ocean-piles"),
    pytest.param(
        "state",
        put("data", "players", 6),
        "$.data",
        "players=6 is out of range 2 to 5",
        id="players-6",
    ),
    pytest.param(
        "state", put("data", "round", 7), "$.data", "round=7 is out of range 1 to 6", id="round-7"
    ),
    pytest.param(
        "state",
        put("data", "to_move", 4),
        "$.data",
        "to_move=4 is not a seat",
        id="to-move-not-a-seat",
    ),
    pytest.param(
        "state",
        put("data", "first_player", -1),
        "$.data",
        "first_player=-1 is not a seat",
        id="first-player-negative",
    ),
    # Broken invariants of an observation.
    pytest.param(
        "observation",
        observer_hand_too_small,
        "$.data",
        "the observer's own cards do not match his public counts",
        id="observer-hand",
    ),
    pytest.param(
        "observation",
        put("data", "player", 9),
        "$.data",
        "player=9 is not a seat",
        id="observer-not-a-seat",
    ),
    pytest.param(
        "observation",
        one_crew_view_missing,
        "$.data",
        "crews must be a tuple with one entry per seat",
        id="observer-crews",
    ),
    pytest.param(
        "observation",
        two_ocean_piles,
        "$.data",
        "invalid observation: ",
        id="observer-two-ocean-piles",
    ),
    pytest.param(
        "observation",
        put("data", "history", 0, 1, {"type": "PlayFaceDown", "card": 1}),
        "$.data.history[0][1]",
        "invalid observation: ",
        id="observer-sees-a-face-down-card",
    ),
    # Records.
    pytest.param(
        "record", put("data", [1]), "$.data", "a record must be a JSON object", id="record-as-list"
    ),
    pytest.param(
        "record",
        put("data", "comment", "x"),
        "$.data.comment",
        "unknown record field 'comment'",
        id="record-field-extra",
    ),
    pytest.param(
        "record",
        drop("data", "seed"),
        "$.data.seed",
        "missing field 'seed'",
        id="record-seed-missing",
    ),
    pytest.param(
        "record",
        put("data", "seed", "4"),
        "$.data.seed",
        "field 'seed' must be int, got str '4'",
        id="record-seed-as-str",
    ),
    pytest.param(
        "record",
        put("data", "players", 4.0),
        "$.data.players",
        "field 'players' must be int",
        id="record-players-as-float",
    ),
    pytest.param(
        "record",
        put("data", "terminal", 1),
        "$.data.terminal",
        "field 'terminal' must be bool",
        id="record-terminal-as-int",
    ),
    pytest.param(
        "record",
        put("data", "game", "chess"),
        "$.data.game",
        "record game differs from the envelope's game",
        id="record-game-differs",
    ),
    pytest.param(
        "record",
        put("data", "players", 9),
        "$.data",
        "invalid record configuration: players=9 is out of range",
        id="record-players-9",
    ),
    pytest.param(
        "record",
        put("data", "options", {"storms": True}),
        "$.data",
        "invalid record configuration: unknown option 'storms'",
        id="record-option-unknown",
    ),
    pytest.param(
        "record",
        put("data", "options", {"players": 4}),
        "$.data",
        "invalid record configuration: ",
        id="record-option-players",
    ),
    pytest.param(
        "record",
        put("data", "options", {"storm_variant": 1}),
        "$.data",
        "has type int; expected bool",
        id="record-option-type",
    ),
    pytest.param(
        "record",
        put("data", "actions", 3, "type", "Fly"),
        "$.data.actions[3]",
        "invalid action: unknown action type 'Fly'",
        id="record-action-tag",
    ),
    pytest.param(
        "record",
        put("data", "actions", 2, {"type": "PlayCard", "card": "1", "colour": "red"}),
        "$.data.actions[2]",
        "invalid action: expected an integer, got str '1'",
        id="record-action-card-as-str",
    ),
    pytest.param(
        "record",
        put("data", "actions", 0, {"type": "Pass"}),
        "$.data.actions[0]",
        "record does not replay: illegal action Pass()",
        id="record-first-pass",
    ),
    pytest.param(
        "record",
        put("data", "scores", 1, "x"),
        "$.data.scores[1]",
        "scores entries must be numbers, got 'x'",
        id="record-score-as-str",
    ),
    pytest.param(
        "record",
        put("data", "ranking", 0, True),
        "$.data.ranking[0]",
        "ranking entries must be numbers, got True",
        id="record-ranking-as-bool",
    ),
    pytest.param(
        "record",
        put("data", "ranking", 2, 1.0),
        "$.data.ranking[2]",
        "got 1.0",
        id="record-ranking-as-float",
    ),
    pytest.param(
        "record",
        record_score_changed,
        "$.data",
        "record does not replay: record says scores",
        id="record-scores-wrong",
    ),
    pytest.param(
        "record",
        record_ranking_reversed,
        "$.data",
        "record does not replay: record says ranking",
        id="record-ranking-wrong",
    ),
    pytest.param(
        "record",
        put("data", "scores", [0.0]),
        "$.data",
        "record says scores (0.0,)",
        id="record-scores-short",
    ),
    pytest.param(
        "record",
        record_cut_short,
        "$.data",
        "record says terminal=True, but the replayed game is not over",
        id="record-cut-short",
    ),
    pytest.param(
        "record",
        put("data", "truncated", True),
        "$.data",
        "record says truncated=True",
        id="record-truncated-wrong",
    ),
]


@pytest.mark.parametrize(("kind", "mutation", "path", "message"), MALFORMED)
def test_loads_refuses_a_malformed_document(
    kind: str, mutation: Mutation, path: str, message: str
) -> None:
    document = base_document(kind)
    mutation(document)
    with pytest.raises(SerializationError) as caught:
        loads(json.dumps(document))
    assert caught.value.path.startswith(path)
    if not path.endswith("["):
        assert path == caught.value.path
    assert message in str(caught.value)


def test_enum_errors_name_the_place_in_a_known_card() -> None:
    document = base_document("state")
    seat, index = first_known(document)
    place_named("deck")(document)
    with pytest.raises(SerializationError) as caught:
        loads(json.dumps(document))
    assert f"$.data.crews[{seat}].known[{index}][1][0]" == caught.value.path


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "invalid JSON: "),
        ("{", "invalid JSON: "),
        ('{"format": 1,}', "invalid JSON: "),
        ("[" * 100_000, "invalid JSON: "),
        ("1" * 5000, "invalid JSON: "),
        ("[]", "expected a JSON object, got list"),
        ("null", "expected a JSON object, got NoneType"),
        ('"state"', "expected a JSON object, got str"),
        ("3", "expected a JSON object, got int"),
        ('{"format": NaN}', "invalid JSON number 'NaN': NaN and infinities are not allowed"),
        ('{"format": Infinity}', "invalid JSON number 'Infinity'"),
        ('{"format": 1, "data": [-Infinity]}', "invalid JSON number '-Infinity'"),
    ],
)
def test_loads_refuses_text_that_is_no_envelope(text: str, message: str) -> None:
    with pytest.raises(SerializationError) as caught:
        loads(text)
    assert "$" == caught.value.path
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("text", [b"\xff\xfe\x00", None, 3, ["{}"]])
def test_loads_refuses_what_is_not_text(text: Any) -> None:
    with pytest.raises(SerializationError) as caught:
        loads(text)
    assert "$" == caught.value.path


def test_loads_accepts_bytes() -> None:
    state = storm_state()
    assert state == loads(dumps(state).encode())


def test_nan_in_a_record_score_is_refused() -> None:
    text = dumps(storm_record()).replace('"scores":[', '"scores":[NaN,', 1)
    with pytest.raises(SerializationError, match="NaN"):
        loads(text)


@pytest.mark.parametrize("index", [0, 1, 7, 30, -1])
def test_loads_names_the_illegal_action_of_a_record(index: int) -> None:
    """Replace one action by playing a card the mover does not hold at that moment."""
    record = storm_record()
    states = list(boardgames.replay(record))
    position = index % len(record.actions)
    state = states[position]
    seat = state.to_move
    assert seat is not None
    card = min(set(range(len(CREW_CARDS))) - state.crews[seat].hand)
    document = json.loads(dumps(record))
    document["data"]["actions"][position] = json.loads(dumps(PlayFaceDown(card)))["data"]
    with pytest.raises(SerializationError) as caught:
        loads(json.dumps(document))
    assert f"$.data.actions[{position}]" == caught.value.path
    assert f"card {card} is not in seat {seat}'s hand" in str(caught.value)


def test_record_scores_may_be_written_as_integers() -> None:
    """JSON does not distinguish 30 from 30.0; a score is a number either way."""
    record = storm_record()
    document = json.loads(dumps(record))
    document["data"]["scores"] = [int(score) for score in record.scores]
    assert record == loads(json.dumps(document))


def test_record_options_may_be_omitted() -> None:
    """A record without options means the defaults, and is read back with them filled in."""
    game = boardgames.make("magellan-elcano", 3)
    record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=2)
    document = json.loads(dumps(record))
    document["data"]["options"] = {}
    assert record == loads(json.dumps(document))


# --- round trips ----------------------------------------------------------------------------


def test_values_round_trip(magellan_values: Values) -> None:
    for _, value in magellan_values:
        text = dumps(value)
        loaded = loads(text)
        assert value == loaded
        assert type(value) is type(loaded)
        assert text == dumps(loaded)


def test_records_round_trip(magellan_records: tuple[GameRecord, ...]) -> None:
    for record in magellan_records:
        text = dumps(record)
        assert record == loads(text)
        assert text == dumps(loads(text))


@pytest.mark.parametrize("kind", ["state", "observation", "action", "record"])
def test_documents_are_self_describing(kind: str) -> None:
    document = base_document(kind)
    assert ["format", "game", "type", "data"] == list(document)
    assert FORMAT_VERSION == document["format"] == 4
    assert "magellan-elcano" == document["game"]
    assert kind == document["type"]


@pytest.mark.parametrize("kind", ["state", "observation", "action", "record"])
def test_format_1_documents_still_load(kind: str) -> None:
    """Format 2 changed no Magellan value's shape, so a format-1 document reads as it is."""
    document = base_document(kind)
    expected = loads(json.dumps(document))
    document["format"] = 1
    assert expected == loads(json.dumps(document))


def test_an_upgrade_hook_that_refuses_gives_a_serialization_error() -> None:
    codec = boardgames.make("magellan-elcano", 4).codec

    def refuse(data: object, kind: str, version: int) -> object:
        raise ValueError(f"no way to read {kind} data of format {version}")

    document = base_document("state")
    document["format"] = 1
    strict = attrs.evolve(codec, upgrade=refuse)
    with pytest.raises(SerializationError) as caught:
        serialization._load_value(strict, document["data"], 1, "state")
    assert "cannot read this state of format 1: no way to read state data of format 1" == str(
        caught.value.args[0]
    )
    assert "$.data" == caught.value.path


def test_actions_are_tagged_with_their_class_name() -> None:
    assert '{"format":4,"game":"magellan-elcano","type":"action","data":{"type":"Pass"}}' == dumps(
        Pass()
    )
    assert {"card": 3, "colour": "blue", "type": "PlayCard"} == json.loads(
        dumps(PlayCard(3, Colour.BLUE))
    )["data"]
    assert {"card": 14, "type": "PlayFaceDown"} == json.loads(dumps(PlayFaceDown(14)))["data"]


def test_sets_are_sorted_lists_and_enums_are_lowercase_names() -> None:
    state = storm_state()
    data = json.loads(dumps(state))["data"]
    for crew, written in zip(state.crews, data["crews"], strict=True):
        assert sorted(crew.hand) == written["hand"]
        assert sorted(crew.hidden_discard) == written["hidden_discard"]
        for (card, places), (written_card, written_places) in zip(
            crew.known, written["known"], strict=True
        ):
            assert card == written_card
            assert sorted(place.name.lower() for place in places) == written_places
    seat, index = first_known(json.loads(dumps(state)))
    assert ["hand", "storm"] == data["crews"][seat]["known"][index][1]


def test_dumps_is_compact_and_canonical() -> None:
    text = dumps(storm_state())
    assert json.dumps(json.loads(text), separators=(",", ":")) == text
    assert "\n" not in text


def test_dumps_can_indent() -> None:
    state = storm_state()
    text = dumps(state, indent=2)
    assert text.startswith('{\n  "format": 4,\n  "game": "magellan-elcano",')
    assert state == loads(text)
    assert dumps(state) == dumps(loads(text))


def test_equal_values_give_identical_text(magellan_values: Values) -> None:
    for _, value in magellan_values:
        assert dumps(value) == dumps(copy.deepcopy(value))
        assert dumps(value) == dumps(loads(dumps(value)))


@pytest.mark.parametrize("value", [object(), None, 3, "state", {"type": "Pass"}, [Pass()]])
def test_dumps_refuses_what_is_no_game_value(value: object) -> None:
    with pytest.raises(SerializationError) as caught:
        dumps(value)
    assert str(caught.value).startswith(f"cannot serialize {type(value).__name__!r}")


@st.composite
def played_states(draw: st.DrawFn) -> tuple[boardgames.Game[Any, Any, Any], MagellanState]:
    """A state reached by random legal play from a random setup."""
    players, storm_variant = draw(
        st.sampled_from([(2, False), (3, False), (4, False), (4, True), (5, False)])
    )
    game = boardgames.make("magellan-elcano", players, storm_variant=storm_variant)
    state: MagellanState = game.new_game(draw(st.integers()))
    for _ in range(draw(st.integers(min_value=0, max_value=150))):
        legal = game.legal_actions(state)
        if not legal:
            break
        state = game.apply(state, draw(st.sampled_from(legal)))
    return game, state


@given(played_states())
def test_reachable_states_and_observations_round_trip(
    played: tuple[boardgames.Game[Any, Any, Any], MagellanState],
) -> None:
    game, state = played
    assert state == loads(dumps(state))
    for seat in range(game.players):
        observation = game.observe(state, seat)
        loaded = loads(dumps(observation))
        assert isinstance(loaded, MagellanObservation)
        assert observation == loaded
    for action in game.legal_actions(state):
        assert action == loads(dumps(action))


# --- untrusted input: random mutations of valid documents -------------------------------------

FUZZ_SETTINGS = settings(max_examples=5 * settings().max_examples)
"""Five times the examples of the profile in use: the fuzz tests are the cheap, important ones."""

JSON_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-2, max_value=20)
    | st.sampled_from([99, -100, 2**63, 2**64, 2**70])
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(
        ["red", "blue", "green", "hand", "storm", "hidden_discard", "Pass", "PlayCard", "state"]
    )
    | st.text(max_size=4)
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(["type", "card", "colour", "x"]), children, max_size=3)
    ),
    max_leaves=6,
)


def node_paths(node: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """The path of every value in a JSON document, the document itself included."""
    paths = [path]
    if isinstance(node, dict):
        for key, child in node.items():
            paths.extend(node_paths(child, (*path, key)))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            paths.extend(node_paths(child, (*path, index)))
    return paths


def mutate_once(data: st.DataObject, document: object) -> object:
    """Replace, delete or add one value somewhere in ``document`` (a fresh copy)."""
    document = copy.deepcopy(document)
    path = data.draw(st.sampled_from(node_paths(document)))
    if not path:
        return data.draw(JSON_VALUES)
    parent: Any = document
    for key in path[:-1]:
        parent = parent[key]
    operation = data.draw(st.sampled_from(["replace", "replace", "delete", "add"]))
    if operation == "replace":
        parent[path[-1]] = data.draw(JSON_VALUES)
    elif operation == "delete":
        del parent[path[-1]]
    elif isinstance(parent, list):
        assert isinstance(path[-1], int)
        parent.insert(path[-1], data.draw(JSON_VALUES))
    else:
        parent[data.draw(st.sampled_from(["type", "card", "x", "hand"]))] = data.draw(JSON_VALUES)
    return document


def check_loads_is_safe(text: str | bytes) -> None:
    """``loads`` refuses with a path, or returns a value that re-dumps to an equal one."""
    path: str | None
    try:
        value = loads(text)
    except SerializationError as error:
        path = error.path
    else:
        path = None
    if path is not None:
        assert path.startswith("$")
        return
    again = loads(dumps(value))
    assert value == again
    assert dumps(value) == dumps(again)
    if isinstance(value, MagellanState):
        game = boardgames.make("magellan-elcano", value.players, storm_variant=value.storms)
        game.check_state(value)


@cache
def fuzz_documents() -> tuple[str, ...]:
    """Valid documents of every type, from games of every configuration, to mutate."""
    texts = []
    for players, storm_variant in [(2, False), (3, False), (4, True), (5, False)]:
        game = boardgames.make("magellan-elcano", players, storm_variant=storm_variant)
        record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=players + 50)
        texts.append(dumps(record))
        states = list(boardgames.replay(record))
        for index in range(0, len(states), 20):
            texts.append(dumps(states[index]))
            texts.append(dumps(game.observe(states[index], index % players)))
            texts.append(dumps(record.actions[min(index, len(record.actions) - 1)]))
    return tuple(texts)


@FUZZ_SETTINGS
@given(data=st.data())
def test_loads_of_mutated_documents_never_crashes(data: st.DataObject) -> None:
    document = json.loads(data.draw(st.sampled_from(fuzz_documents())))
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        document = mutate_once(data, document)
    check_loads_is_safe(json.dumps(document))


@FUZZ_SETTINGS
@given(data=st.data())
def test_loads_of_mutated_text_never_crashes(data: st.DataObject) -> None:
    text = dumps(storm_state())
    start = data.draw(st.integers(min_value=0, max_value=len(text) - 1))
    end = data.draw(st.integers(min_value=start, max_value=min(len(text), start + 3)))
    replacement = data.draw(st.sampled_from(["", "0", "1", "9", "-", "]", "}", ",", '"', "true"]))
    check_loads_is_safe(text[:start] + replacement + text[end:])


@given(st.binary(max_size=40) | st.text(max_size=40))
def test_loads_of_arbitrary_input_never_crashes(text: str | bytes) -> None:
    check_loads_is_safe(text)


@pytest.mark.parametrize(
    ("kind", "bad", "path"),
    [
        (tuple[int, ...], [1, True, 3], "$[1]"),
        (tuple[int, ...], [1, "2"], "$[1]"),
        (frozenset[int], [4, 5.0], "$[1]"),
        (tuple[str, ...], ["a", 1], "$[1]"),
    ],
)
def test_flat_collections_refuse_look_alike_elements_by_index(
    kind: Any, bad: list[object], path: str
) -> None:
    """The fast path for flat scalar collections still refuses what the strict hooks refuse."""
    converter = make_converter()
    assert converter.structure([1, 2], tuple[int, ...]) == (1, 2)
    with pytest.raises(cattrs.BaseValidationError) as caught:
        converter.structure(bad, kind)
    assert cattrs.transform_error(caught.value)[0].endswith(f"@ {path}")


# --- strict JSON --------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["envelope", "data", "nested"])
def test_a_duplicate_key_is_refused(where: str) -> None:
    """A document whose keys repeat is ambiguous, so it is refused.

    JSON keeps the last of two equal keys: ``{"format": 2, "format": 1, ...}`` used to load.
    """
    text = dumps(storm_state())
    if where == "envelope":
        edited = '{"format":1,' + text[1:]
    elif where == "data":
        edited = text.replace('"data":{', '"data":{"round":3,', 1)
    else:
        edited = text.replace('{"type":', '{"type":"x","type":', 1)
    assert edited != text
    with pytest.raises(SerializationError, match=r"duplicate key '(format|round|type)'"):
        loads(edited)


def test_a_huge_value_in_a_document_gives_a_short_message() -> None:
    envelope = json.loads(dumps(storm_state()))
    for field, value in [("game", "x" * 10_000_000), ("type", "y" * 10_000_000)]:
        edited = {**envelope, field: value}
        with pytest.raises(SerializationError) as raised:
            loads(json.dumps(edited))
        assert len(str(raised.value)) < 300


def test_a_check_that_crashes_on_odd_input_is_still_a_serialization_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Any exception from a game's check comes out as a SerializationError, never bare.

    Such a crash is a bug in the game, but the input is bad all the same.
    """
    text = dumps(storm_state())

    def crash(value: object) -> None:
        raise OverflowError("too many digits in integer")

    monkeypatch.setattr(magellan_rules, "check_state", crash)
    with pytest.raises(SerializationError, match="the invariant check failed with OverflowError"):
        loads(text)

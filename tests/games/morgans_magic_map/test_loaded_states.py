"""What ``loads`` and ``check_state`` refuse: documents no game of the rules can produce.

Each test edits a document written from a random game (``boardgames.dumps``) and loads it
again: an edit the rules could not have made must be refused with a
:class:`~boardgames.SerializationError` naming the broken invariant (never a bare
exception, nor the game's own check crashing on it), and what loads must play on.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import boardgames
from boardgames import History, InvalidStateError, SerializationError
from boardgames.games.morgans_magic_map import (
    Action,
    ChooseCell,
    MorganObservation,
    MorgansMagicMap,
    MorganState,
    Phase,
    SelectTile,
)
from boardgames.games.morgans_magic_map._invariants import check_position
from boardgames.games.morgans_magic_map._map_change import blocked_tiles, repairable
from boardgames.games.morgans_magic_map.geometry import analyse
from boardgames.testing import check_edits, check_loaded

Data = dict[str, Any]


def make(players: int = 3, **options: Any) -> MorgansMagicMap:
    game = boardgames.make("morgans-magic-map", players=players, **options)
    assert isinstance(game, MorgansMagicMap)
    return game


@functools.cache
def playout(players: int = 3, seed: int = 1, **options: Any) -> tuple[MorganState, ...]:
    """Every state of a random game (uniform choices from ``seed``), kept for the module."""
    game = make(players, **options)
    choices = random.Random(seed)
    states = [game.new_game(seed)]
    while not game.is_terminal(states[-1]):
        states.append(game.apply(states[-1], choices.choice(game.legal_actions(states[-1]))))
    return tuple(states)


def first(predicate: Callable[[MorganState], bool], **options: Any) -> MorganState:
    """The first state of ``playout(**options)`` (after the setup) that ``predicate`` likes."""
    return next(
        state
        for state in playout(**options)
        if state.phase is not Phase.PLACE_PAWN and predicate(state)
    )


def edited(value: MorganState | MorganObservation, edit: Callable[[Data], None]) -> str:
    """The JSON document of ``value`` after ``edit`` changed its data in place."""
    document = json.loads(boardgames.dumps(value))
    edit(document["data"])
    return json.dumps(document)


def assert_refused(text: str, message: str, game: MorgansMagicMap | None = None) -> None:
    """``loads`` refuses the document, naming ``message``, and the kit sees no crash."""
    with pytest.raises(SerializationError, match=message):
        boardgames.loads(text)
    assert check_loaded(game or make(), text) is None


# ----------------------------------------------------------------------------- reported


def test_a_treasure_deck_emptied_into_a_seats_treasures_is_refused() -> None:
    """The game goes on only while treasure cards are left to refill the board.

    "The game ends immediately when all cards from the treasure deck have been placed on
    the treasure board": a state whose deck was moved into a seat's treasures while the
    game goes on would take the next treasure with nothing to refill the board (four
    cards left on it).
    """
    state = first(lambda state: state.phase is Phase.DIG_TAKE)

    def empty_the_deck(data: Data) -> None:
        data["treasures"][data["to_move"]] += data["treasure_deck"]
        data["treasure_deck"] = []

    assert_refused(edited(state, empty_the_deck), "the treasure deck is empty but the game goes on")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", -1, "rng seed -1 is not an integer in 0 .. 2\\*\\*64 - 1"),
        ("seed", 2**64, "rng seed 18446744073709551616 is not an integer"),
        ("counter", -(10**30), "rng counter -1000000000000000000000000000000 is not"),
    ],
)
def test_a_random_stream_no_seed_can_start_is_refused(field: str, value: int, message: str) -> None:
    """The stream's seed is 64 bits and its counter counts draws: the reshuffles need it."""
    state = first(lambda state: state.phase is Phase.MOVE_STEP)
    assert_refused(edited(state, lambda data: data["rng"].__setitem__(field, value)), message)


def _in_dig_take(state: MorganState) -> bool:
    return state.phase is Phase.DIG_TAKE and state.cards_played >= 1


COUNTERS: list[tuple[str, Callable[[MorganState], bool], str]] = [
    ("coins", lambda state: True, "the doubloons add up to"),
    ("steps_left", lambda state: state.phase is Phase.MOVE_STEP, "steps_left is"),
    ("map_moves_left", lambda state: state.phase is Phase.MAP_SELECT_TILE, "map_moves_left is"),
    ("shovels", _in_dig_take, "shovels"),
]


@pytest.mark.parametrize("extra", [1, 1000])
@pytest.mark.parametrize(("field", "where", "message"), COUNTERS)
def test_a_counter_beyond_what_the_history_gives_is_refused(
    field: str, where: Callable[[MorganState], bool], message: str, extra: int
) -> None:
    """Doubloons, steps, tile moves and shovels are exactly what the turn's entries give.

    "Each player takes ... 2 doubloons"; doubloons then come from the bank only with a
    doubloons bonus ("2 doubloons for each card") or a level's doubloons, and payments move
    them between pawns. The pirate moves "up to 2 steps", "2 additional steps" per Boots
    bonus; the map change moves "1 map tile", one more per Map bonus; each shovel digs "one
    position" deeper.
    """
    state = first(where)

    def add(data: Data) -> None:
        if field == "coins":
            data["coins"][0] += extra
        else:
            data[field] += extra

    assert_refused(edited(state, add), message)


@pytest.mark.parametrize("kind", ["state", "observation"])
def test_a_tile_far_off_the_map_is_refused_without_a_crash(kind: str) -> None:
    """A tile at x = 2**64 is refused by the map's span bound, before any analysis.

    "The chosen tile must be placed so that at least one edge of the tile is connected to
    an existing tile": a connected map of 20 tiles reaches x + y = 19 at most (normalized).
    """
    state = first(lambda state: state.phase is Phase.MAP_SELECT_TILE)
    value: MorganState | MorganObservation = state
    if kind == "observation":
        value = make().observe(state, 1)
    text = edited(value, lambda data: data["tiles"][14].__setitem__(0, 2**64))
    assert_refused(
        text,
        r"a tile lies at x \+ y = 184467440737095516\d\d; a connected map of 20 tiles",
    )


def test_a_history_emptied_reversed_or_repeated_is_refused() -> None:
    """The history leads to the state: every entry in its place, none missing or extra."""
    state = first(lambda state: state.turn_number == 30)
    assert_refused(
        edited(state, lambda data: data.__setitem__("history", [])),
        "the history leads to PLACE_PAWN in turn 0 with seat 2 to move, but the state is in "
        "MAP_SELECT_TILE in turn 30",
    )
    reversed_text = edited(state, lambda data: data["history"].reverse())
    assert_refused(reversed_text, r"history entry 0 \(1h18: .*\) cannot come there: seat 2 was")
    length = len(state.history)
    repeated = edited(state, lambda data: data.__setitem__("history", data["history"] * 1000))
    assert_refused(repeated, f"history entry {length} \\(.*\\) cannot come there")


def test_a_history_with_a_seat_changed_is_refused() -> None:
    """Every entry is the seat's whose turn it is.

    The pawns are placed "starting with the player to the right of the starting player and
    going around the table counterclockwise", then "players take turns" clockwise.
    """
    state = first(lambda state: state.turn_number == 30)
    for index in range(0, len(state.history), 7):

        def change_seat(data: Data, index: int = index) -> None:
            token = data["history"][index]
            data["history"][index] = f"{(int(token[0]) + 1) % 3}{token[1:]}"

        assert_refused(edited(state, change_seat), f"history entry {index} .* was to move")


def test_a_history_with_a_card_changed_is_refused() -> None:
    """The cards played, discarded and paid for bonuses are where the entries put them.

    Played cards stay "face-up in front of" the player until their bonus is used, which
    puts them "in the discard pile"; a card discarded from hand goes there too.
    """
    state = first(lambda state: state.turn_number == 60)
    tokens = json.loads(boardgames.dumps(state))["data"]["history"]
    changed = 0
    for index, token in enumerate(tokens):
        if token[1] not in "dhb" or "+" in token:
            continue

        def change_card(data: Data, index: int = index, token: str = token) -> None:
            data["history"][index] = f"{token[:2]}{(int(token[2:]) + 1) % 72}"

        assert_refused(edited(state, change_card), "history|play area|discard|hidden")
        changed += 1
    assert changed > 20


@pytest.mark.parametrize(("e5", "cell", "reach"), [(False, "21,0", 20), (True, "2,39", 38)])
def test_a_history_cell_beyond_the_map_is_refused(e5: bool, cell: str, reach: int) -> None:
    """A cell named in the history lies next to the map the rules can make.

    A tile goes where "at least one edge of the tile is connected to an existing tile": the
    cells reach 20, and 38 while E5 lets the map split.
    """
    game = make(connectivity_at_end_of_action=e5)
    state = first(lambda state: state.turn_number == 40, connectivity_at_end_of_action=e5)
    tokens = json.loads(boardgames.dumps(state))["data"]["history"]
    index = next(index for index, token in enumerate(tokens) if token[1] == "c")

    def move_far(data: Data) -> None:
        data["history"][index] = f"{tokens[index][0]}c{cell}"

    message = f"history entry {index} .* a cell next to the map has x and y from -1 to {reach}"
    assert_refused(edited(state, move_far), message, game)


# ----------------------------------------------------------------------------- the map


def _split_by_moving_a_tile_away(state: MorganState, far: int) -> tuple[int, ...] | None:
    """The tile, cell and rotation of a free tile moved ``far`` cells east of the map.

    Only a move that leaves a map one move of another tile rejoins (the E5 test) is
    returned; ``None`` if no tile on the east edge allows one.
    """
    east = max(x for x, _, _ in state.tiles)
    for tile, (x, y, rotation) in enumerate(state.tiles):
        if tile in state.pawns or x != east:
            continue
        tiles = list(state.tiles)
        tiles[tile] = (east + far, y, rotation)
        moved = tuple(tiles)
        if min(x for x, _, _ in moved) == 0 and repairable(moved, blocked_tiles(state)):
            return (tile, *moved[tile])
    return None


def test_a_split_map_is_bounded_by_what_one_map_change_makes() -> None:
    """With E5 the map may be split during a map change, only as far as its moves reach.

    "The island map may be broken into two more or separate parts momentarily while a tile
    is being moved": it is connected when the map change begins, so it is split only after
    a tile moved, and each move puts a tile next to the map ("at least one edge of the tile
    is connected to an existing tile"), widening it by one cell at most.
    """
    game = make(2, connectivity_at_end_of_action=True)
    state = first(
        lambda state: (
            state.phase is Phase.MAP_SELECT_TILE
            and not state.moved_tiles
            and _split_by_moving_a_tile_away(state, 2) is not None
        ),
        players=2,
        connectivity_at_end_of_action=True,
    )
    for far, message in [
        (2, "split before any tile moved"),
        (30, "a tile lies at x \\+ y = .*each of the 0 tiles moved"),
    ]:
        found = _split_by_moving_a_tile_away(state, far)
        assert found is not None
        tile, x, y, rotation = found

        def move(data: Data, placement: tuple[int, ...] = (tile, x, y, rotation)) -> None:
            data["tiles"][placement[0]] = list(placement[1:])

        assert_refused(edited(state, move), message, game)


def test_a_split_map_reached_by_play_loads_and_plays_on() -> None:
    """The bounds hold every split map random E5 games reach: such states load again."""
    game = make(2, connectivity_at_end_of_action=True)
    split = [
        state
        for seed in range(3)
        for state in playout(2, seed, connectivity_at_end_of_action=True)
        if not analyse(state.tiles).connected
    ]
    assert split
    for state in split:
        text = boardgames.dumps(state)
        assert state == boardgames.loads(text)
        assert check_loaded(game, text, depth=1)


# ----------------------------------------------------------------------------- positions


def test_the_dig_counters_are_bounded_by_a_hand_and_the_board(
    make_state: Callable[..., MorganState],
) -> None:
    """A hand of 4 plays 4 cards at most, and no shovel digs below level V.

    A shovel digs "one level deeper" and there are 5 levels, so without
    ``shovel_without_play`` cards and shovels reach 5 at most (A-MMM-11).
    """
    state = make_state(phase=Phase.DIG_TAKE, cards_played=4, shovels=1)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"cards_played": 5}, "cards_played=5: a hand of 4 cards plays 4 at most"),
        ({"shovels": 2}, "shovels=2 with 4 cards played"),
        ({"shovels": 6, "cards_played": 0}, "shovels=6 with 0 cards played"),
    ]
    for changes, message in cases:
        with pytest.raises(InvalidStateError, match=message):
            check_position(attrs.evolve(state, **changes))


def test_a_position_set_up_by_hand_has_no_history_to_load() -> None:
    """A state whose history does not lead to it is refused; a position may lack one.

    ``check_state`` (and so ``loads``) refuses it; ``check_position``, for rule tests,
    checks the rest.
    """
    state = first(lambda state: state.turn_number == 5)
    bare = attrs.evolve(state, history=History())
    check_position(bare)
    with pytest.raises(InvalidStateError, match="the history leads to PLACE_PAWN"):
        make().check_state(bare)


def test_the_cards_and_the_turn_agree_with_the_history() -> None:
    """Moving a card, a treasure or the turn against the history is refused."""
    game = make()
    state = first(
        lambda state: state.turn_number >= 40 and bool(state.treasures[state.to_move or 0])
    )
    seat = state.to_move
    assert seat is not None
    other = (seat + 1) % 3
    treasures = list(state.treasures)
    treasures[other] = (*treasures[other], *treasures[seat])
    treasures[seat] = ()
    deck_card = state.map_deck[-1]
    cases: dict[str, dict[str, Any]] = {
        "the map card discard pile is not the one the history leaves": {
            "map_deck": state.map_deck[:-1],
            "map_discard": (*state.map_discard, deck_card),
            "hidden_groups": tuple(group - {deck_card} for group in state.hidden_groups),
        },
        f"in turn {state.turn_number + 3} with seat {seat} to move": {
            "turn_number": state.turn_number + 3
        },
        f"seat {seat} holds 0 treasures, but the history shows": {"treasures": tuple(treasures)},
    }
    for message, changes in cases.items():
        with pytest.raises(InvalidStateError, match=message):
            game.check_state(attrs.evolve(state, **changes))


def test_doubloons_move_between_seats_only_by_steps() -> None:
    """Doubloons pass between seats only when a pawn enters a tile with other pawns.

    The only payments are the pawns' ("pay 1 doubloon to each player who has already put
    their pirate pawn there", "must pay a doubloon to the other player"): right after the
    setup, before any step, each seat's doubloons are fixed by the corners chosen.
    """
    game = make()
    state = first(lambda state: state.turn_number == 1)
    moved = (state.coins[0] + 1, state.coins[1] - 1, *state.coins[2:])
    with pytest.raises(InvalidStateError, match=r"seat 0 holds \d+ doubloons, but its history"):
        game.check_state(attrs.evolve(state, coins=moved))


# ----------------------------------------------------------------------------- observations


@pytest.mark.parametrize(
    ("field", "change"),
    [
        ("map_deck_size", lambda value: value - 1),
        ("treasure_deck_size", lambda value: value + 1),
        ("hand_sizes", lambda value: [value[0], value[1] + 1, value[2]]),
        ("coins", lambda value: [value[0] + 2, *value[1:]]),
        ("treasure_counts", lambda value: value[::-1]),
        ("steps_left", lambda value: value + 2),
    ],
)
def test_an_observation_with_a_count_changed_is_refused(
    field: str, change: Callable[[Any], Any]
) -> None:
    """An observation loads only if a state the history leads to gives it.

    With ``hide_claimed_treasures`` the others' treasures are only counted; the counts
    still follow the history's takes.
    """
    game = make(hide_claimed_treasures=True)
    state = first(
        lambda state: (
            state.phase is Phase.MOVE_STEP and len({len(cards) for cards in state.treasures}) == 3
        ),
        hide_claimed_treasures=True,
    )
    observation = game.observe(state, 1)

    def edit(data: Data) -> None:
        data[field] = change(data[field])

    assert_refused(edited(observation, edit), "invalid observation", game)


def test_an_observation_with_a_history_changed_is_refused() -> None:
    """An observation's history is checked like a state's: here a seat changed."""
    game = make()
    observation = game.observe(first(lambda state: state.turn_number == 20), 0)

    def change_seat(data: Data) -> None:
        token = data["history"][10]
        data["history"][10] = f"{(int(token[0]) + 1) % 3}{token[1:]}"

    assert_refused(edited(observation, change_seat), "history entry 10 .* was to move", game)


# ----------------------------------------------------------------------------- entries


def test_a_hand_made_history_entry_with_a_look_alike_field_is_refused() -> None:
    """A history entry holds an action of the game, with fields of their own types.

    ``ChooseCell(4.0, 0)`` or ``SelectTile(True)`` is none (floats and bools are no cell
    or tile ids).
    """
    game = make()
    state = first(lambda state: state.turn_number == 2)
    seat = state.to_move
    assert seat is not None
    cases: list[tuple[Action, str]] = [
        (ChooseCell(4.0, 0), "cell \\(4.0, 0\\) is not two ints"),  # type: ignore[arg-type]
        (SelectTile(True), "tile True is not a tile id"),
    ]
    for action, message in cases:
        history = History([*state.history, (seat, action)])
        with pytest.raises(InvalidStateError, match=message):
            game.check_state(attrs.evolve(state, history=history))


# ----------------------------------------------------------------------------- the kit


def test_edited_documents_are_refused_or_play_on() -> None:
    """The conformance kit's edits of E5 states and observations are refused or play on.

    It changes numbers, flags, lists, fields and history entries, one per document.
    """
    report = check_edits(make(3, connectivity_at_end_of_action=True), seeds=(5,), documents=300)
    assert 300 == report.documents == report.refused + report.accepted
    assert report.refused > 250

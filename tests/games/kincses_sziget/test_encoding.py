"""The action numbers and observation vectors of Irány a Kincses Sziget! (``encoding``)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import get_args

import pytest

import boardgames
from boardgames.core.errors import IllegalActionError
from boardgames.games.kincses_sziget import KincsesState, KincsesSziget, encoding
from boardgames.games.kincses_sziget.actions import (
    Action,
    Challenge,
    Compose,
    Decline,
    ExchangeWeapon,
    Move,
    PlaceAt,
    Steal,
    StealTarget,
)
from boardgames.games.kincses_sziget.components import EVENT_CARDS, Colour, DuelMark, EventKind
from boardgames.games.kincses_sziget.state import (
    CrewSourceStep,
    DuelCommitStep,
    DuelRevealTask,
    Step,
    TreasureSourceStep,
)

MakeGame = Callable[..., KincsesSziget]
MakeState = Callable[..., KincsesState]

SIZES = {2: (1781, 2317), 3: (1787, 2616), 4: (1793, 2915)}
"""The number of actions and the vector size at each player count (the docs page's tables)."""


def _segment(game: KincsesSziget, vector: list[float], name: str) -> list[float]:
    segment = next(segment for segment in game.encoding.layout if segment.name == name)
    return vector[segment.start : segment.stop]


def _ones(values: list[float]) -> list[int]:
    return [index for index, value in enumerate(values) if value]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_number_every_legal_action_and_encode_every_observation(
    make_game: MakeGame, players: int
) -> None:
    """Random games: every legal action and every observation is encoded as documented.

    Every legal action has its own number, which decodes to it, and is the only legal
    action with it; other numbers are refused by number; every observation's vector has
    the documented size, finite numbers only, and is the vector of the states sampled
    from the observation.
    """
    game = make_game(players)
    encoding_ = game.encoding
    size = encoding_.num_distinct_actions
    for seed in range(2):
        choices = random.Random(seed)
        state = game.new_game(seed)
        decisions = 0
        while not game.is_terminal(state):
            legal = list(game.legal_actions(state))
            numbers = [encoding_.encode_action(action) for action in legal]
            assert all(type(number) is int and 0 <= number < size for number in numbers)
            assert len(legal) == len(set(numbers))
            for number, action in zip(numbers, legal, strict=True):
                decoded = encoding_.decode_action(number)
                assert action == decoded
                assert type(action) is type(decoded)
                assert action is encoding_.legal_action(legal, number)
            mask = encoding_.legal_mask(legal)
            assert size == len(mask)
            assert sorted(numbers) == [number for number, bit in enumerate(mask) if bit]
            illegal = next(number for number in range(size) if not mask[number])
            for probe in (illegal, size, -1):
                with pytest.raises(IllegalActionError, match=f"action number {probe} "):
                    encoding_.legal_action(legal, probe)
            for player in range(players):
                observation = game.observe(state, player)
                vector = list(encoding_.encode_observation(observation))
                assert encoding_.observation_size == len(vector)
                assert all(map(math.isfinite, vector))
                if player == game.current_player(state):
                    again = encoding_.encode_observation(game.observe(state, player))
                    assert vector == list(again)
                if decisions % 25 == player:
                    sampled = game.sample_state(observation, seed + decisions)
                    again = encoding_.encode_observation(game.observe(sampled, player))
                    assert vector == list(again)
            state = game.apply(state, choices.choice(legal))
            decisions += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sizes_and_layout_per_player_count(make_game: MakeGame, players: int) -> None:
    """The action count and vector size are those documented.

    The segments tile the vector in order, without gaps.
    """
    game = make_game(players)
    assert SIZES[players] == (game.encoding.num_distinct_actions, game.encoding.observation_size)
    position = 0
    for segment in game.encoding.layout:
        assert position == segment.start
        assert segment.size > 0
        position = segment.stop
    assert game.encoding.observation_size == position


def test_the_segments_of_four_players_have_their_documented_sizes(make_game: MakeGame) -> None:
    """Each segment of the default configuration has the size the docs page gives it."""
    expected = {
        "player": 4,
        "clock": 3,
        "options": 2,
        "start_player": 4,
        "turn_index": 4,
        "positions": 4 * 44,
        "anchors": 4 * 3,
        "seat_counts": 4 * 8,
        "treasure_values": 4 * 3,
        "hands": 4 * 72,
        "played": 4 * 72,
        "commit": 72,
        "crew_row": 6 * 72,
        "crew_discard": 72,
        "chest": 72,
        "crew_pile_known": 72,
        "crew_sizes": 2,
        "treasures": 4 * 36,
        "treasure_rows": 2 * 36,
        "treasure_discard": 36,
        "treasure_pile_known": 36,
        "treasure_pile_sizes": 3,
        "missions": 4 * 24,
        "own_offer": 2 * 24,
        "drawn_missions": 4 * 24,
        "mission_row": 3 * 24,
        "mission_pile_known": 24,
        "mission_returned_known": 24,
        "mission_sizes": 2,
        "events_out": 37,
        "event_pile_known": 3 * 37,
        "event_pile_sizes": 3,
        "board": 43 * 4,
        "islands": 4 * (29 + 13 + 5),
        "step": 24,
        "step_player": 4,
        "step_purpose": 5,
        "step_count": 1,
        "step_card": 16,
        "step_loser": 4,
        "step_draw": 1,
        "step_maximum": 3,
        "step_rank": 3,
        "step_minimum": 2,
        "step_space": 43,
        "step_island": 1,
        "stack": 34,
        "stack_depth": 1,
        "conflict": 12,
        "last_entry": 4 + 45,
        "history_length": 1,
    }
    assert expected == {segment.name: segment.size for segment in make_game(4).encoding.layout}


def test_every_number_decodes_to_an_action_that_encodes_back(make_game: MakeGame) -> None:
    """The numbering is a bijection between 0..size-1 and the actions it names."""
    numbering = make_game(3).encoding.numbering
    for number in range(numbering.size):
        assert number == numbering.encode(numbering.decode(number))


def test_blocks_follow_the_action_union_and_pin_known_numbers(make_game: MakeGame) -> None:
    """The blocks are the classes of ``Action`` in order; a few numbers are pinned.

    A change of the numbering shows here (and must be documented on the game's page).
    """
    game = make_game(4)
    numbering = game.encoding.numbering
    assert list(get_args(Action)) == [cls for cls, _, _ in numbering.blocks]
    assert 0 == game.encoding.encode_action(ExchangeWeapon(48))
    assert 26 == game.encoding.encode_action(Move(1))
    blocks = {cls: (start, stop) for cls, start, stop in numbering.blocks}
    assert (194, 1419) == blocks[Compose]  # (None or 48 pirates) x (None or 24 weapons)
    assert 195 == game.encoding.encode_action(Compose(None, 48))
    assert 219 == game.encoding.encode_action(Compose(0, None))
    assert 1598 == game.encoding.encode_action(Steal(2, StealTarget.TREASURE))
    assert (1749, 1791) == blocks[PlaceAt]  # spaces 1-42
    assert 1792 == game.encoding.encode_action(Decline())


def test_the_player_count_moves_the_seat_blocks_and_the_options_change_nothing(
    make_game: MakeGame,
) -> None:
    """Seat fields range over the seats; the options change neither numbers nor layout.

    Each seat added adds a number to each of the five seat blocks (two for ``Steal``);
    ``max_turns`` and the rule options leave the numbering and the layout as they are.
    """
    two, four = make_game(2).encoding, make_game(4).encoding
    assert 4 * 2 + 2 * 2 == four.num_distinct_actions - two.num_distinct_actions
    assert 191 == two.encode_action(Challenge(1))
    assert 191 == four.encode_action(Challenge(1))
    assert 1780 == two.encode_action(Decline())
    other = make_game(4, max_turns=40, reveal_shown_cards=False, tiebreak_by_position=True)
    assert four.numbering.blocks == other.encoding.numbering.blocks
    assert four.layout == other.encoding.layout


def test_numbers_outside_the_domains_are_refused(make_game: MakeGame) -> None:
    """An action whose field the rules never offer in this configuration has no number."""
    game = make_game(2)
    for action in (Challenge(2), ExchangeWeapon(3), Move(4), Compose(48, None)):
        with pytest.raises(IllegalActionError, match="cannot number"):
            game.encoding.encode_action(action)


def test_the_hand_segment_holds_each_seats_known_cards_from_the_observer_on(
    make_game: MakeGame, make_state: MakeState
) -> None:
    """The observer's block of ``hands`` (the first) has ones exactly at his crew cards.

    The other seat's block is empty, since he knows none of its cards.
    """
    game = make_game(2)
    hands = [[0, 1, 2, 50], [4, 5, 6, 60]]
    state = make_state(2, hands=hands)
    for player in range(2):
        vector = list(game.encoding.encode_observation(game.observe(state, player)))
        segment = _segment(game, vector, "hands")
        assert hands[player] == _ones(segment[:72])
        assert [] == _ones(segment[72:])
        assert [player] == _ones(_segment(game, vector, "player"))
        counts = _segment(game, vector, "seat_counts")
        assert [4 / 7, 4 / 7] == [counts[0], counts[8]]


def test_a_pending_duel_composition_is_encoded_with_its_card_and_fighters(
    make_game: MakeGame, make_state: MakeState
) -> None:
    """A duel composition pending for the challenger is encoded with its parameters.

    The step class, the seat, the duel card's colour and cross mark, the two fighters and
    the tasks below it.
    """
    card = next(
        card.id
        for card in EVENT_CARDS
        if card.kind is EventKind.DUEL
        and card.colours == (Colour.BLUE,)
        and card.mark is DuelMark.CROSS
    )
    game = make_game(3)
    tasks = (DuelRevealTask(2, 0, card), DuelCommitStep(0, card), DuelCommitStep(2, card))
    state = make_state(
        3, tasks=tasks, start_player=2, turn_index=0, positions=(0, 0, 3), board_events={3: card}
    )
    vector = list(game.encoding.encode_observation(game.observe(state, 0)))
    step_classes = list(get_args(Step))
    assert [step_classes.index(DuelCommitStep)] == _ones(_segment(game, vector, "step"))
    assert [2] == _ones(_segment(game, vector, "step_player"))  # seat 2, two after seat 0
    assert [Colour.BLUE.value, 12 + 1] == _ones(_segment(game, vector, "step_card"))
    assert [2, 3 + 0] == _ones(_segment(game, vector, "conflict"))
    stack = _segment(game, vector, "stack")
    assert 0.25 == stack[step_classes.index(DuelCommitStep)]
    assert 0.25 == stack[len(step_classes) + 3]  # DuelRevealTask, the 4th automatic task
    assert 2 == len(_ones(stack))
    assert [] == _ones(_segment(game, vector, "step_maximum"))


def test_a_treasure_step_marks_its_highest_value(
    make_game: MakeGame, make_state: MakeState
) -> None:
    """``TreasureSourceStep(maximum=3)`` sets the middle entry of ``step_maximum``."""
    game = make_game(2)
    merchant_pay = (CrewSourceStep(1, 1), TreasureSourceStep(1, 3))  # two sellers: value 3
    state = make_state(2, tasks=merchant_pay, start_player=1)
    vector = list(game.encoding.encode_observation(game.observe(state, 1)))
    assert [0.0, 1.0, 0.0] == _segment(game, vector, "step_maximum")
    assert [0] == _ones(_segment(game, vector, "step_player"))


def test_a_loaded_observation_gives_the_same_vector(make_game: MakeGame) -> None:
    """Equal observations give equal vectors, also after a JSON round trip."""
    game = make_game(4)
    choices = random.Random(3)
    state = game.new_game(3)
    for _ in range(120):
        state = game.apply(state, choices.choice(list(game.legal_actions(state))))
    observation = game.observe(state, 1)
    loaded = boardgames.loads(boardgames.dumps(observation))
    assert observation == loaded
    assert list(game.encoding.encode_observation(observation)) == list(
        game.encoding.encode_observation(loaded)
    )


def test_the_game_is_over_with_no_step_set(make_game: MakeGame) -> None:
    """At the end of a game the ``step`` segment is all zero and nothing is legal."""
    game = make_game(2)
    choices = random.Random(1)
    state = game.new_game(1)
    while not game.is_terminal(state):
        state = game.apply(state, choices.choice(list(game.legal_actions(state))))
    vector = list(game.encoding.encode_observation(game.observe(state, 0)))
    assert [] == _ones(_segment(game, vector, "step"))
    assert [0] * game.encoding.num_distinct_actions == game.encoding.legal_mask(())


def test_the_numbering_is_built_once_per_configuration() -> None:
    """``numbering`` and ``observation_layout`` are cached per configuration."""
    configuration = (3, 500, True, False)
    assert encoding.numbering(configuration) is encoding.numbering(configuration)
    assert encoding.observation_layout(configuration) is encoding.observation_layout(configuration)

"""The play loop, game records, replays, and places from scores."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardgames
from boardgames.core.play import bot_random
from boardgames.core.ranking import places_from_keys
from boardgames.games.magellan_elcano import MagellanObservation, Pass, PlayCard
from boardgames.games.magellan_elcano.components import CREW_CARDS


@attrs.frozen
class FixedBot:
    """Always returns the same answer, legal or not."""

    answer: object

    def choose(self, observation: object, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return self.answer


@attrs.define
class SpyBot:
    """Plays the first legal action and remembers what it was shown."""

    seen: list[tuple[object, tuple[Any, ...]]] = attrs.field(factory=list)

    def choose(self, observation: object, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        self.seen.append((observation, tuple(legal_actions)))
        return legal_actions[0]


def play_magellan(players: int = 3, seed: int = 1, **options: Any) -> boardgames.GameRecord:
    game = boardgames.make("magellan-elcano", players, **options)
    return boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)


@pytest.mark.parametrize("bots", [0, 2, 4])
def test_play_needs_one_bot_per_seat(bots: int) -> None:
    game = boardgames.make("magellan-elcano", 3)
    with pytest.raises(boardgames.ConfigurationError) as caught:
        boardgames.play(game, [boardgames.RandomBot()] * bots, seed=1)
    assert f"got {bots} bots for a 3-player game; give one bot per seat" == str(caught.value)


def test_play_names_the_seat_of_a_bot_that_plays_an_illegal_action() -> None:
    """The first player may not pass before he has played: his bot's ``Pass`` is illegal."""
    game = boardgames.make("magellan-elcano", 3)
    first = game.current_player(game.new_game(seed=4))
    bot = FixedBot(Pass())
    with pytest.raises(boardgames.IllegalActionError) as caught:
        boardgames.play(game, [bot] * 3, seed=4)
    message = str(caught.value)
    assert message.startswith(f"bot {bot!r} in seat {first}: illegal action Pass()")
    assert isinstance(caught.value.__cause__, boardgames.IllegalActionError)


def test_play_refuses_a_bot_answer_that_is_not_an_action() -> None:
    game = boardgames.make("magellan-elcano", 2)
    with pytest.raises(boardgames.IllegalActionError, match=r"in seat \d: illegal action 42"):
        boardgames.play(game, [FixedBot(42)] * 2, seed=4)


def test_play_shows_bots_only_their_observation_and_the_legal_actions() -> None:
    game = boardgames.make("magellan-elcano", 3)
    spies = [SpyBot(), SpyBot(), SpyBot()]
    record = boardgames.play(game, spies, seed=9)
    assert len(record.actions) == sum(len(spy.seen) for spy in spies)
    for seat, spy in enumerate(spies):
        assert spy.seen
        for observation, legal in spy.seen:
            assert isinstance(observation, MagellanObservation)
            assert seat == observation.player
            assert seat == observation.to_move
            assert legal


def test_play_returns_a_complete_record() -> None:
    record = play_magellan(4, seed=12, storm_variant=True)
    game = boardgames.make("magellan-elcano", 4, storm_variant=True)
    final = list(boardgames.replay(record))[-1]
    assert "magellan-elcano" == record.game
    assert 4 == record.players
    assert (("storm_variant", True),) == record.options
    assert 12 == record.seed
    assert record.terminal
    assert not record.truncated
    assert game.score(final) == record.scores
    assert game.ranking(final) == record.ranking
    assert 4 == len(record.scores) == len(record.ranking)


def test_play_with_max_decisions_stops_early() -> None:
    game = boardgames.make("magellan-elcano", 3)
    record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=3, max_decisions=10)
    assert 10 == len(record.actions)
    assert not record.terminal
    assert 11 == len(list(boardgames.replay(record)))


def test_play_is_deterministic() -> None:
    assert play_magellan(5, seed=21) == play_magellan(5, seed=21)
    assert play_magellan(5, seed=21) != play_magellan(5, seed=22)


def test_bot_generators_are_derived_from_seed_and_seat() -> None:
    def draws(seed: int, seat: int) -> list[float]:
        rng = bot_random(seed, seat)
        return [rng.random() for _ in range(3)]

    assert draws(5, 1) == draws(5, 1)
    assert draws(5, 1) != draws(5, 2)
    assert draws(5, 1) != draws(6, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_replay_yields_every_state(players: int) -> None:
    record = play_magellan(players, seed=players + 30)
    game = record.make_game()
    states = list(boardgames.replay(record))
    assert len(record.actions) + 1 == len(states)
    assert game.new_game(record.seed) == states[0]
    for before, action, after in zip(states[:-1], record.actions, states[1:], strict=True):
        assert game.apply(before, action) == after
        game.check_state(after)
    assert game.is_terminal(states[-1])
    assert all(not game.is_terminal(state) for state in states[:-1])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"scores": (1.0, 2.0, 3.0)}, "record says scores (1.0, 2.0, 3.0), the replay gives"),
        ({"ranking": (3, 3, 3)}, "record says ranking (3, 3, 3), the replay gives"),
        ({"terminal": False}, "record says terminal=False, but the replayed game is over"),
        ({"truncated": True}, "record says truncated=True, the replay disagrees"),
    ],
)
def test_replay_refuses_a_tampered_result(change: dict[str, Any], message: str) -> None:
    record = attrs.evolve(play_magellan(3, seed=8), **change)
    with pytest.raises(boardgames.RecordError) as caught:
        list(boardgames.replay(record))
    assert str(caught.value).startswith(message)


def test_replay_refuses_a_changed_score_of_one_seat() -> None:
    record = play_magellan(3, seed=8)
    scores = (record.scores[0] + 1, *record.scores[1:])
    with pytest.raises(boardgames.RecordError, match="record says scores"):
        list(boardgames.replay(attrs.evolve(record, scores=scores)))


def test_replay_refuses_a_cut_short_record() -> None:
    record = play_magellan(3, seed=8)
    with pytest.raises(boardgames.RecordError, match="terminal=True"):
        list(boardgames.replay(attrs.evolve(record, actions=record.actions[:-1])))


def test_replay_refuses_an_illegal_action() -> None:
    record = play_magellan(3, seed=8)
    actions = (Pass(), *record.actions[1:])  # the first player may not open with a pass
    replayed = boardgames.replay(attrs.evolve(record, actions=actions))
    next(replayed)  # the setup is yielded before any action is applied
    with pytest.raises(boardgames.IllegalActionError, match=re.escape("illegal action Pass()")):
        next(replayed)


def test_replay_refuses_an_action_with_a_card_not_in_hand() -> None:
    record = play_magellan(3, seed=8)
    first = next(boardgames.replay(record))
    hand = first.crews[first.to_move].hand
    card = min(set(range(len(CREW_CARDS))) - hand)
    action = PlayCard(card, CREW_CARDS[card].values[0][0])
    with pytest.raises(boardgames.IllegalActionError, match=f"card {card} is not in seat"):
        list(boardgames.replay(attrs.evolve(record, actions=(action, *record.actions[1:]))))


@pytest.mark.parametrize(
    ("keys", "places"),
    [
        ([(10, 3), (12, 0), (10, 3), (4, 9)], (2, 1, 2, 4)),
        ([5, 5, 5], (1, 1, 1)),
        ([1, 2, 3], (3, 2, 1)),
        ([3, 3, 1, 1], (1, 1, 3, 3)),
        ([7], (1,)),
        ([], ()),
        ([(2.0, 1), (2.0, 0), (1.0, 9)], (1, 2, 3)),
    ],
)
def test_places_from_keys_ties_share_places(keys: list[Any], places: tuple[int, ...]) -> None:
    assert places == places_from_keys(keys)


@given(st.lists(st.integers(min_value=0, max_value=5), max_size=8))
def test_places_count_the_strictly_better(keys: list[int]) -> None:
    places = places_from_keys(keys)
    for key, place in zip(keys, places, strict=True):
        assert 1 + sum(other > key for other in keys) == place
    if keys:
        assert 1 == min(places)

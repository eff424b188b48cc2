"""Exact knowledge: a perfect-recall reasoner of its own checks every sample (issue 14).

The reasoner here is written from the rules, not from the engine's knowledge code. It
follows one captain's public history move by move and keeps every *configuration* of his
hidden cards that the history allows: where each card seen face up and hidden again may
be ("H" hand, "S" storm column, "D" face-down discard), and how many cards never seen face
up are in his hand, storm column and face-down discard (the rest of them are in his deck).
A card played face up was in the hand; a face-down card is any card of the hand; a won
storm column goes to the face-down discard, a lost one back to the hand; phase D draws two
never-seen cards. Cards never seen face up are alike to the others: no public event names
one, so any of them can stand for any other, and a configuration stands for every way of
choosing which never-seen cards fill its counts (:func:`worlds`).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator, Sequence

import pytest

import boardgames
from boardgames.games.magellan_elcano import (
    MagellanElcano,
    MagellanObservation,
    MagellanState,
    Pass,
    PlayCard,
)
from boardgames.games.magellan_elcano.components import CREW_DECK_SIZE
from boardgames.testing import check_sampler

Config = tuple[frozenset[tuple[int, str]], int, int, int]
"""Known cards and their places; never-seen cards in the hand, storm column, discard."""

World = tuple[frozenset[int], frozenset[int], frozenset[int]]
"""One captain's hand, storm column (as a set) and face-down discard."""


def game_of(players: int, storm_variant: bool = False) -> MagellanElcano:
    """Return the game of ``players`` captains."""
    game = boardgames.make("magellan-elcano", players=players, storm_variant=storm_variant)
    assert isinstance(game, MagellanElcano)
    return game


def played(game: MagellanElcano, seed: int) -> list[MagellanState]:
    """Every state of a game of random bots from ``seed``."""
    record = boardgames.play(game, [boardgames.RandomBot()] * game.players, seed=seed)
    return list(boardgames.replay(record))


def reasoner(states: Sequence[MagellanState], seat: int) -> list[set[Config]]:
    """Return, after each state, the configurations of ``seat``'s cards a reasoner allows.

    It reads only what everyone sees: the history's entries, and the table (columns,
    face-up discards and the size of the face-down discard) at the end of each round.
    """
    configs: set[Config] = {(frozenset(), 5, 0, 0)}
    result = [configs]
    for before, after in itertools.pairwise(states):
        mover, action = after.history[-1]
        new: set[Config] = set()
        for known_items, hand, storm, discard in configs:
            known = dict(known_items)
            if mover == seat and isinstance(action, PlayCard):
                if action.card in known:
                    if known.pop(action.card) == "H":  # "from their hand"
                        new.add((frozenset(known.items()), hand, storm, discard))
                elif hand:  # a never-seen card from the hand
                    new.add((frozenset(known.items()), hand - 1, storm, discard))
            elif mover == seat and not isinstance(action, Pass):  # "any card face down"
                for card, place in known.items():
                    if place == "H":
                        new.add((frozenset({**known, card: "S"}.items()), hand, storm, discard))
                if hand:
                    new.add((frozenset(known.items()), hand - 1, storm + 1, discard))
            else:
                new.add((frozenset(known.items()), hand, storm, discard))
        if after.round != before.round or after.to_move is None:
            old, crew = before.crews[seat], after.crews[seat]
            on_table = [card for column in old.columns for card in column]
            if mover == seat and isinstance(action, PlayCard):
                on_table.append(action.card)
            returned = [card for card in on_table if card not in crew.discard]
            won = len(crew.hidden_discard) > len(old.hidden_discard)
            draw = 2 if after.to_move is not None else 0
            anchored: set[Config] = set()
            for known_items, hand, storm, discard in new:
                known = {c: ("D" if won else "H") if p == "S" else p for c, p in known_items}
                known.update((card, "H") for card in returned)
                hand, discard = (hand, discard + storm) if won else (hand + storm, discard)
                anchored.add((frozenset(known.items()), hand + draw, 0, discard))
            new = anchored
        configs = new
        result.append(configs)
    return result


def never_seen(state: MagellanState, seat: int, config: Config) -> list[int]:
    """The cards of ``seat`` never seen face up: not on the table, not known."""
    crew = state.crews[seat]
    seen = {card for card, _ in config[0]}.union(crew.discard, *crew.columns)
    return sorted(set(range(CREW_DECK_SIZE)) - seen)


def worlds(state: MagellanState, seat: int, configs: set[Config]) -> Iterator[World]:
    """Every arrangement of ``seat``'s hand, storm column and face-down discard allowed."""
    for config in configs:
        known_items, hand, storm, discard = config
        places: dict[str, list[int]] = {"H": [], "S": [], "D": []}
        for card, place in known_items:
            places[place].append(card)
        unseen = never_seen(state, seat, config)
        for in_discard in itertools.combinations(unseen, discard):
            rest = [card for card in unseen if card not in in_discard]
            for in_storm in itertools.combinations(rest, storm):
                left = [card for card in rest if card not in in_storm]
                for in_hand in itertools.combinations(left, hand):
                    yield (
                        frozenset(places["H"]).union(in_hand),
                        frozenset(places["S"]).union(in_storm),
                        frozenset(places["D"]).union(in_discard),
                    )


def world_count(state: MagellanState, seat: int, configs: set[Config]) -> int:
    """How many arrangements :func:`worlds` lists."""
    total = 0
    for config in configs:
        _, hand, storm, discard = config
        unseen = len(never_seen(state, seat, config))
        total += (
            math.comb(unseen, discard)
            * math.comb(unseen - discard, storm)
            * math.comb(unseen - discard - storm, hand)
        )
    return total


def config_of(sample: MagellanState, seat: int, configs: set[Config]) -> Config | None:
    """Read the configuration of ``seat``'s cards in a sampled state (None: impossible)."""
    crew = sample.crews[seat]
    some = next(iter(configs))
    known_cards = [card for card, _ in some[0]]
    known = []
    for card in known_cards:
        if card in crew.hand:
            known.append((card, "H"))
        elif card in crew.storm:
            known.append((card, "S"))
        elif card in crew.hidden_discard:
            known.append((card, "D"))
        else:
            return None
    unseen = set(never_seen(sample, seat, some))
    return (
        frozenset(known),
        len(unseen & crew.hand),
        len(unseen.intersection(crew.storm)),
        len(unseen & crew.hidden_discard),
    )


def world_of(seat: int) -> object:
    """Read ``seat``'s arrangement from a state."""

    def read(state: MagellanState) -> World:
        crew = state.crews[seat]
        return (crew.hand, frozenset(crew.storm), crew.hidden_discard)

    return read


def check_samples(
    game: MagellanElcano,
    states: Sequence[MagellanState],
    oracles: Sequence[list[set[Config]]],
    index: int,
    observer: int,
    seeds: range,
) -> int:
    """Draw samples of one observation; check each other seat against the reasoner."""
    state = states[index]
    observation: MagellanObservation = game.observe(state, observer)
    checked = 0
    for sample_seed in seeds:
        sample = game.sample_state(observation, sample_seed)
        assert observation == game.observe(sample, observer)
        for seat in range(game.players):
            if seat == observer:
                continue
            configs = oracles[seat][index]
            assert config_of(state, seat, configs) in configs  # the reasoner is sound
            found = config_of(sample, seat, configs)
            assert found in configs, (
                f"sample {sample_seed} of seat {observer}'s view after {index} decisions "
                f"puts seat {seat}'s cards in {found}, which the history rules out"
            )
        checked += 1
    return checked


def test_counting_the_draws_puts_known_cards_in_the_face_down_discard() -> None:
    """4 players with storms, seed 1001, 89 decisions: three known cards are discarded.

    "Each player draws the top two cards from their draw deck", and a card played face up
    was in the hand, so by round 6 the captain of seat 3 has drawn all 15 cards and counting
    the cards he has shown leaves only 6 never-seen cards for his hand of 2 and his 7
    face-down discards: his three known cards (which may be in his hand as far as their own
    history goes) are all in the face-down discard. The old sampler put some in his hand.
    """
    game = game_of(4, storm_variant=True)
    states = played(game, 1001)
    oracles = [reasoner(states, seat) for seat in range(4)]
    ((known, hand, storm, discard),) = oracles[3][89]
    assert {(3, "D"), (8, "D"), (9, "D")} == known
    assert (2, 0, 4) == (hand, storm, discard)
    for observer in range(3):
        assert 200 == check_samples(game, states, oracles, 89, observer, range(200))


POSITIONS = [
    (players, storm_variant, seed)
    for players, storm_variant in ((4, True), (5, False))
    for seed in range(1000, 1012)
]


@pytest.mark.parametrize(("players", "storm_variant", "seed"), POSITIONS)
def test_every_sample_is_a_world_the_reasoner_cannot_rule_out(
    players: int, storm_variant: bool, seed: int
) -> None:
    """Membership: across whole storm games, every sampled world is one the history allows.

    24 games, an observation every other decision, every observer: 14,000 samples and
    more in all, each checked for every other captain (about 50,000 checks). An
    observation holds exactly what a player with a perfect memory knows, and
    ``sample_state`` draws only such worlds.
    """
    game = game_of(players, storm_variant)
    states = played(game, seed)
    oracles = [reasoner(states, seat) for seat in range(players)]
    checked = 0
    for index in range(0, len(states), 2):
        for observer in range(players):
            checked += check_samples(game, states, oracles, index, observer, range(2))
    assert checked >= 10_000 // len(POSITIONS)


def enumerable_positions(
    positions: Sequence[tuple[int, bool, int]] = POSITIONS, *, storms: bool = True
) -> Iterator[tuple[MagellanElcano, MagellanState, int, int, set[Config]]]:
    """Positions where one captain's arrangements are few (and not one).

    With ``storms``, only positions where a known card may be face-down discarded.
    """
    for players, storm_variant, seed in positions:
        game = game_of(players, storm_variant)
        states = played(game, seed)
        oracles = [reasoner(states, seat) for seat in range(players)]
        for index, state in enumerate(states):
            for seat in range(players):
                configs = oracles[seat][index]
                count = world_count(state, seat, configs)
                discarded = any(place == "D" for config in configs for _, place in config[0])
                if 2 <= count <= 60 and (discarded or not storms):
                    yield game, state, seat, (seat + 1) % players, configs


def test_samples_are_uniform_over_the_worlds_of_small_positions() -> None:
    """Every world the reasoner allows is drawn, and all equally often (chi-square).

    The page's sampling distribution: uniform over the arrangements consistent with the
    public history. Positions late in storm games where a known card may be face-down
    discarded, each with a few dozen arrangements of one captain's cards.
    """
    checked = 0
    for game, state, seat, observer, configs in itertools.islice(enumerable_positions(), 6):
        expected = set(worlds(state, seat, configs))
        count = world_count(state, seat, configs)
        assert count == len(expected)
        report = check_sampler(
            game,
            game.observe(state, observer),
            observer,
            expected,
            world_of(seat),  # type: ignore[arg-type]
            seed=checked * 10_000,
        )
        assert report.worlds == count
        checked += 1
    assert 6 == checked


def test_samples_are_uniform_without_storms_too() -> None:
    """Without storms, every deal of the unseen cards is equally likely, and so are samples.

    The page: "Without storms, and for the deck orders, this is the posterior of the uniform
    shuffles: every consistent deal is equally likely." Late positions of 2- and 3-player
    games, where a captain's never-seen cards split between his hand and his deck in a few
    dozen ways; the reasoner lists them, and the samples must cover them evenly.
    """
    positions = [(players, False, seed) for players in (2, 3) for seed in range(1000, 1004)]
    checked = 0
    for game, state, seat, observer, configs in itertools.islice(
        enumerable_positions(positions, storms=False), 0, 60, 10
    ):
        expected = set(worlds(state, seat, configs))
        assert world_count(state, seat, configs) == len(expected)
        report = check_sampler(
            game,
            game.observe(state, observer),
            observer,
            expected,
            world_of(seat),  # type: ignore[arg-type]
            seed=checked * 10_000,
        )
        assert report.worlds == len(expected)
        checked += 1
    assert 6 == checked


def test_a_format_2_document_is_upgraded_with_groups_rebuilt_from_its_history() -> None:
    """A document of the old shape (``in_hidden_discard``) loads as the exact knowledge.

    Formats 1 and 2 kept counting constraints instead of face-down groups; the upgrade
    replays the public history the document holds and rebuilds the groups.
    """
    from boardgames.games.magellan_elcano._codec import upgrade

    game = game_of(4, storm_variant=True)
    states = played(game, 1001)
    for value in (states[89], game.observe(states[89], 0), states[-1]):
        envelope = json.loads(boardgames.dumps(value))
        data = envelope["data"]
        assert any(crew["face_down_groups"] for crew in data["crews"])
        old = {
            **data,
            "crews": [
                {
                    **{key: item for key, item in crew.items() if key != "face_down_groups"},
                    "in_hidden_discard": [],
                }
                for crew in data["crews"]
            ],
        }
        envelope["data"] = upgrade(old, envelope["type"], 2)
        assert value == boardgames.loads(json.dumps(envelope))
        assert data == upgrade(data, envelope["type"], 2)  # the new shape passes unchanged

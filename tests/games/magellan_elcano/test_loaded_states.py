"""What ``loads``, ``check_state`` and ``check_observation`` refuse: values no game gives.

A state or an observation read from untrusted JSON must be one that the rules can reach:
every count within what the rulebook and the components allow, and the history one that
leads to the table shown (``_invariants``). Each test edits a real state or observation
and checks the refusal, directly and through ``loads``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import boardgames
from boardgames.games.magellan_elcano import (
    Colour,
    FaceDownPlayed,
    MagellanElcano,
    MagellanObservation,
    MagellanState,
    Pass,
    PlayCard,
    PlayFaceDown,
)
from boardgames.games.magellan_elcano._invariants import check_table, max_history
from boardgames.games.magellan_elcano.components import CREW_CARDS
from boardgames.games.magellan_elcano.observation import check_observation
from boardgames.games.magellan_elcano.rules import check_state
from boardgames.testing import check_edits, check_loaded

Document = dict[str, Any]


def random_states(game: MagellanElcano, seed: int) -> list[MagellanState]:
    """Play one game with seeded random choices; return every state."""
    choices = random.Random(seed)
    states = [game.new_game(seed)]
    while legal := game.legal_actions(states[-1]):
        states.append(game.apply(states[-1], legal[choices.randrange(len(legal))]))
    return states


def busy_state(game: MagellanElcano, seed: int = 4) -> MagellanState:
    """Return a mid-round state of round 3 or later with cards on the table and discards."""
    for state in random_states(game, seed):
        crews = state.crews
        if (
            state.round >= 3
            and state.to_move is not None
            and any(any(crew.columns) for crew in crews)
            and any(crew.discard for crew in crews)
            and any(crew.known for crew in crews)
            and (not state.storms or any(crew.hidden_discard for crew in crews))
            and (not state.storms or any(crew.storm for crew in crews))
        ):
            return state
    raise AssertionError("no busy state in this game")


def document(value: object) -> Document:
    """Return the JSON envelope of a state or observation as a dict."""
    result: Document = json.loads(boardgames.dumps(value))
    return result


def assert_load_refused(doc: Document, message: str) -> None:
    """Check that ``loads`` refuses the document, saying ``message``."""
    with pytest.raises(boardgames.SerializationError, match=message):
        boardgames.loads(json.dumps(doc))


@pytest.fixture(scope="module")
def five() -> MagellanElcano:
    """The 5-player game (storms always used)."""
    game = boardgames.make("magellan-elcano", players=5)
    assert isinstance(game, MagellanElcano)
    return game


@pytest.fixture(scope="module")
def state(five: MagellanElcano) -> MagellanState:
    """A busy 5-player state: cards on the table, discards, known cards, storms."""
    return busy_state(five)


@pytest.fixture(scope="module")
def observation(five: MagellanElcano, state: MagellanState) -> MagellanObservation:
    """Seat 1's observation of ``state``."""
    return five.observe(state, 1)


# --- the reported observations ------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("storm_deck_size", -1, "the storm deck holds -1 cards"),
        ("storm_deck_size", 4, "the storm deck holds 4 cards"),
        ("ocean_deck_sizes", (5, 5, 5, 5), "must be three ints, one per colour"),
        ("ocean_deck_sizes", (-1, 3, 3), "the red ocean deck holds -1 cards"),
        ("ocean_deck_sizes", (3, 3, 4), "the green ocean deck holds 4 cards"),
        ("ocean_deck_sizes", (3, 2, 3), "the blue ocean deck holds 2 cards"),
    ],
)
def test_an_observation_with_deck_sizes_no_round_gives_is_refused(
    observation: MagellanObservation, field: str, value: object, message: str
) -> None:
    """Deck sizes follow from the round: each phase A turns up one card of every deck.

    Rulebook: "Draw one ocean card from each deck and place it face up on the table" in
    each of the "6 rounds", from "the 3 decks of 6 ocean cards" and "the 6 storm cards":
    in round ``r`` each deck holds ``6 - r`` cards.
    """
    assert 3 == observation.round  # each deck holds 3 cards
    changes: dict[str, Any] = {field: value}
    edited = attrs.evolve(observation, **changes)
    with pytest.raises(boardgames.InvalidStateError, match=re.escape(message)):
        check_observation(edited)
    doc = document(observation)
    doc["data"][field] = list(value) if isinstance(value, tuple) else value
    assert_load_refused(doc, re.escape(message))


@pytest.mark.parametrize(
    ("field", "change", "message"),
    [
        ("hand_size", 1, "zones hold 16 crew cards"),
        ("hand_size", -1, "zones hold 14 crew cards"),
        ("hand_size", 99, "hand_size=.* is not a count from 0 to 15"),
        ("deck_size", 1, "deck holds .* cards; this round it must hold"),
        ("deck_size", -2, "deck holds .* cards; this round it must hold"),
        ("storm_size", 1, "zones hold 16 crew cards"),
        ("hidden_discard_size", -1, "hidden_discard_size=-1 is not a count"),
    ],
)
def test_an_observation_with_counts_no_state_gives_is_refused(
    observation: MagellanObservation, field: str, change: int, message: str
) -> None:
    """Every captain has 15 crew cards: hand, deck, columns, storm column and discards.

    Rulebook: "Each player takes a set of 15 crew cards", draws "the top 5 cards" and, in
    every phase D, "the top two cards": the counts of a captain's zones add up to 15 and
    his deck holds ``10 - 2 (r - 1)`` cards in round ``r``.
    """
    seat = next(
        seat
        for seat, view in enumerate(observation.crews)
        if seat != observation.player and view.storm_size == 0 and view.hidden_discard_size
    )
    views = list(observation.crews)
    view = views[seat]
    value = change if change == 99 else getattr(view, field) + change
    if field == "hidden_discard_size":
        value = -1
    changed: dict[str, Any] = {field: value}
    views[seat] = attrs.evolve(view, **changed)
    edited = attrs.evolve(observation, crews=tuple(views))
    with pytest.raises(boardgames.InvalidStateError, match=message):
        check_observation(edited)
    doc = document(observation)
    doc["data"]["crews"][seat][field] = value
    assert_load_refused(doc, message)


def test_an_observation_with_impossible_cards_on_the_table_is_refused(
    observation: MagellanObservation,
) -> None:
    """A column holds cards of its colour, each card once; discards and known cards agree.

    Rulebook: "All cards in a column must be of the same color/anchor", and each of a
    captain's 15 crew cards is in one place.
    """
    seat, colour = next(
        (seat, colour)
        for seat, view in enumerate(observation.crews)
        for colour in Colour
        if view.columns[colour]
    )
    view = observation.crews[seat]
    column = view.columns[colour]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"columns": _with_column(view.columns, colour, (*column, column[0]))}, "holds a card"),
        ({"columns": _with_column(view.columns, colour, (99,))}, "is not a card id"),
        ({"discard": (*view.discard, column[0])}, "face-up cards hold a card twice"),
    ]
    wrong_colour = next(
        card for card in range(15) if card not in column and not _has_end(card, colour)
    )
    cases.append(
        ({"columns": _with_column(view.columns, colour, (wrong_colour,))}, "with no .* end")
    )
    for changes, message in cases:
        views = list(observation.crews)
        views[seat] = attrs.evolve(view, **changes)
        with pytest.raises(boardgames.InvalidStateError, match=message):
            check_observation(attrs.evolve(observation, crews=tuple(views)))


def _with_column(
    columns: tuple[tuple[int, ...], ...], colour: Colour, column: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return tuple(column if index == colour else cards for index, cards in enumerate(columns))


def _has_end(card: int, colour: Colour) -> bool:
    return bool(CREW_CARDS[card].value(colour))


def test_an_observation_whose_own_cards_disagree_with_the_table_is_refused(
    five: MagellanElcano, state: MagellanState
) -> None:
    """The observer's own hand cannot hold a card he has on the table or in his discard."""
    seat = next(seat for seat, crew in enumerate(state.crews) if crew.discard)
    observation = five.observe(state, seat)
    me = observation.crews[seat]
    face_up = next(card for column in (*me.columns, me.discard) for card in column)
    hand = (observation.hand - {min(observation.hand)}) | {face_up}
    with pytest.raises(boardgames.InvalidStateError, match="not each in exactly one zone"):
        check_observation(attrs.evolve(observation, hand=hand))


# --- the history ----------------------------------------------------------------------------


def _history_edits(state: MagellanState) -> list[tuple[str, list[Any], str]]:
    """Edited copies of a state's history: (name, entries, what the refusal says)."""
    entries = list(state.history)
    seat_index, (seat, action) = next(
        (index, entry) for index, entry in enumerate(entries) if isinstance(entry[1], PlayCard)
    )
    other = (seat + 1) % state.players
    assert isinstance(action, PlayCard)
    changed_card = next(
        card for card in range(15) if card != action.card and _has_end(card, action.colour)
    )
    last_play = max(index for index, entry in enumerate(entries) if isinstance(entry[1], PlayCard))
    _, last = entries[last_play]
    assert isinstance(last, PlayCard)
    last_crew = state.crews[entries[last_play][0]]
    seen = {card for card, _ in last_crew.known} | set(last_crew.discard)
    seen |= {card for column in last_crew.columns for card in column}
    changed_last = next(
        card for card in range(15) if card not in seen and _has_end(card, last.colour)
    )
    return [
        ("emptied", [], "after it the round is 1, but the table shows 3"),
        ("reversed", entries[::-1], r"history entry 0 is by seat \d, but seat \d was to move"),
        ("repeated 1000 times", entries * 1000, "the history has .* entries; a game of 5"),
        ("repeated twice", entries * 2, r"history entry \d+ is by seat \d, but seat \d was"),
        ("cut by one", entries[:-1], "after it the seat to move is"),
        (
            "a seat changed",
            [*entries[:seat_index], (other, action), *entries[seat_index + 1 :]],
            "history entry .* is by seat",
        ),
        (
            "the first card changed",
            [
                *entries[:seat_index],
                (seat, PlayCard(changed_card, action.colour)),
                *entries[seat_index + 1 :],
            ],
            r"history entry \d+: seat \d plays card \d+ face up, but it cannot be in his hand",
        ),
        (
            "the last card changed",
            [
                *entries[:last_play],
                (entries[last_play][0], PlayCard(changed_last, last.colour)),
                *entries[last_play + 1 :],
            ],
            "the history does not lead to this table: after it seat .* column",
        ),
    ]


def test_a_state_whose_history_was_edited_is_refused(
    five: MagellanElcano, state: MagellanState
) -> None:
    """The history must be the one that led to the table: replayed, it ends with the table.

    Emptied, reversed, repeated (1000 times), cut, with a seat or a card changed: each
    edit is refused while the rest of the state is unchanged. Rulebook: "Starting with the
    first player and following clockwise, on their turn the players place one of the crew
    cards from their hand face up on the table", and "the played crew cards are evaluated".
    """
    five.check_state(state)
    for _name, entries, message in _history_edits(state):
        edited = attrs.evolve(state, history=boardgames.History(entries))
        with pytest.raises(boardgames.InvalidStateError, match=message):
            check_state(edited)
        assert_load_refused(document(edited), message)


def test_an_observation_whose_history_was_edited_is_refused(
    observation: MagellanObservation, state: MagellanState
) -> None:
    """The public history of an observation is checked against its table like a state's."""
    for _name, entries, message in _history_edits(state):
        edited = attrs.evolve(observation, history=boardgames.History(entries))
        with pytest.raises(boardgames.InvalidStateError, match=message):
            check_observation(edited)
        assert_load_refused(document(edited), message)


def test_the_history_is_bounded_by_the_cards_each_captain_can_play() -> None:
    """At most 66 entries a captain: in round r he holds at most 5 + 2 (r - 1) cards.

    Rulebook: "draw the top 5 cards from their deck to form their starting hand" and
    "Each player draws the top two cards from their draw deck" in phase D; each card in
    hand is played at most once a round, and "A player who passes cannot play any more
    cards in the current round."
    """
    assert 66 * 5 == max_history(5)
    assert 66 * 2 == max_history(2)
    game = boardgames.make("magellan-elcano", players=5)
    assert isinstance(game, MagellanElcano)
    for states in (random_states(game, seed) for seed in range(3)):
        assert len(states[-1].history) <= max_history(5)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ((0, PlayFaceDown(3)), "holds no public action"),
        ((0, "pass"), "holds no public action"),
        ((0, PlayCard(3, 0)), "impossible play"),  # type: ignore[arg-type]
        ((0, PlayCard(True, Colour.RED)), "impossible play"),
        ((0, PlayCard(12, Colour.BLUE)), "impossible play"),
        ((True, Pass()), "names seat True"),
        ((5, FaceDownPlayed()), "names seat 5"),
        ((0, Pass(), 0), "is not a (seat, action) pair"),
    ],
)
def test_a_history_entry_that_only_looks_like_an_action_is_refused(
    five: MagellanElcano, entry: tuple[object, ...], message: str
) -> None:
    """Only a seat and a public action make an entry: look-alikes are refused.

    A face-down card is never named in the history (ruling A-MAG-7), so ``PlayFaceDown``
    is not a public action; a colour is a ``Colour``, a card an ``int`` with an end of that
    colour, a seat an ``int`` from 0 to 4.
    """
    start = five.new_game(seed=3)
    state = five.apply(start, five.legal_actions(start)[0])
    history: Any = boardgames.History([*state.history, entry])
    with pytest.raises(boardgames.InvalidStateError, match=re.escape(message)):
        check_state(attrs.evolve(state, history=history))


def test_history_entries_the_rules_cannot_have_made_are_refused(five: MagellanElcano) -> None:
    """Each entry is checked as the rules would have taken it, in public.

    Rulebook: "the start player must play at least one card, but may pass thereafter";
    "The placement and orientation of a card may not be changed once it has been played";
    "The game ends immediately if, after phase C (Anchoring), the players have no more crew
    cards to draw".
    """
    start = five.new_game(seed=3)
    first = start.first_player
    play = next(a for a in five.legal_actions(start) if isinstance(a, PlayCard))
    assert isinstance(play, PlayCard)
    state = five.apply(start, play)
    cases: list[tuple[list[Any], str]] = [
        ([(first, Pass())], "the first player, seat .*, passes before playing a card"),
        (
            [(first, play), *[((first + k) % 5, Pass()) for k in (1, 2, 3, 4)], (first, play)],
            "plays card .* face up, but it cannot be in his hand",
        ),
    ]
    for entries, message in cases:
        edited = attrs.evolve(state, history=boardgames.History(entries))
        with pytest.raises(boardgames.InvalidStateError, match=message):
            check_state(edited)
    final = random_states(five, 5)[-1]
    assert final.to_move is None
    longer = boardgames.History([*final.history, (0, Pass())])
    with pytest.raises(boardgames.InvalidStateError, match="comes after the end of the game"):
        check_state(attrs.evolve(final, history=longer))


def test_a_face_up_card_nobody_has_seen_needs_room_in_the_hand() -> None:
    """A card never seen can only be played from a hand that is not all known cards.

    When every card of a hand was seen going back to it, the next card played face up is one
    of those: the players "place one of the crew cards from their hand face up".
    """
    game = boardgames.make("magellan-elcano", players=3)
    assert isinstance(game, MagellanElcano)
    for state in (state for seed in range(20) for state in random_states(game, seed)):
        seat = state.to_move
        if seat is None:
            continue
        crew = state.crews[seat]
        known = {card for card, _ in crew.known}
        if not crew.hand <= known:
            continue
        seen = known | set(crew.discard) | {card for column in crew.columns for card in column}
        unseen = next(card for card in range(15) if card not in seen and _has_end(card, Colour.RED))
        history = state.history.append((seat, PlayCard(unseen, Colour.RED)))
        with pytest.raises(
            boardgames.InvalidStateError, match="every card in his hand is a known card"
        ):
            check_state(attrs.evolve(state, history=history))
        return
    pytest.fail("no hand of only known cards in these games")


def test_a_face_down_discard_constraint_must_be_the_one_the_history_gives() -> None:
    """The constraint learnt when a storm column wins follows from the history alone.

    Ruling A-MAG-7: storm columns stay face down; the public knows what a perfect memory
    knows. Dropping or changing the constraint is refused.
    """
    game = boardgames.make("magellan-elcano", players=4, storm_variant=True)
    state = game.new_game(seed=1)
    while state.round == 1:  # everyone plays his best red card, then passes
        crew = state.crews[state.to_move or 0]
        if not any(crew.columns):
            card = max(
                (card for card in crew.hand if _has_end(card, Colour.RED)),
                key=lambda card: (_red(card), card),
            )
            state = game.apply(state, PlayCard(card, Colour.RED))
        else:
            state = game.apply(state, Pass())
    seat = next(seat for seat in range(4) if state.crews[seat].known)
    while state.round == 2:  # he plays his whole hand face down; one card from the first
        mover = state.to_move or 0
        crew = state.crews[mover]
        if mover == seat:
            state = game.apply(state, PlayFaceDown(min(crew.hand)))
        elif mover == state.first_player and not state.first_has_played:
            play = next(a for a in game.legal_actions(state) if isinstance(a, PlayCard))
            state = game.apply(state, play)
        else:
            state = game.apply(state, Pass())
    constraint = state.crews[seat].face_down_groups
    assert 1 == len(constraint)
    game.check_state(state)
    observer = (seat + 1) % 4
    observation = game.observe(state, observer)
    for changed in ((), (*constraint, constraint[0])):
        crews = list(state.crews)
        crews[seat] = attrs.evolve(crews[seat], face_down_groups=changed)
        with pytest.raises(boardgames.InvalidStateError, match="face-down group"):
            check_state(attrs.evolve(state, crews=tuple(crews)))
        views = list(observation.crews)
        views[seat] = attrs.evolve(views[seat], face_down_groups=changed)
        with pytest.raises(boardgames.InvalidStateError, match="face-down group"):
            check_observation(attrs.evolve(observation, crews=tuple(views)))


def _red(card: int) -> int:
    return CREW_CARDS[card].value(Colour.RED)


def test_hand_made_tables_pass_the_table_checks_but_not_the_history(
    five: MagellanElcano, state: MagellanState
) -> None:
    """``check_table`` checks all but the history: the tests' hand-made tables use it."""
    check_table(state)
    emptied = attrs.evolve(state, history=boardgames.History())
    check_table(emptied)
    with pytest.raises(boardgames.InvalidStateError, match="does not lead to this table"):
        five.check_state(emptied)


# --- counters and the random stream ----------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("round",), 0, "round=0 is out of range 1 to 6"),
        (("round",), 7, "round=7 is out of range 1 to 6"),
        (("round",), 2**64, "is out of range 1 to 6"),
        (("first_player",), 5, "first_player=5 is not a seat"),
        (("first_player",), -1, "first_player=-1 is not a seat"),
        (("to_move",), 5, "to_move=5 is not a seat"),
        (("players",), 6, "players=6 is out of range 2 to 5"),
        (("rng", "seed"), -1, "rng seed -1"),
        (("rng", "seed"), 2**64, "rng seed"),
        (("rng", "counter"), -1, "rng counter -1"),
        (("rng", "counter"), 2**64, "rng counter 18446744073709551616 is not an integer in 0"),
    ],
)
def test_a_state_with_a_counter_out_of_bounds_is_refused(
    state: MagellanState, path: tuple[str, ...], value: int, message: str
) -> None:
    """Counters stay within the rules: 6 rounds, seats 0 to players - 1, a 64-bit RNG.

    Rulebook: "The game is divided into 6 rounds"; "2-4 Player Game", "5-Player Game".
    """
    doc = document(state)
    target = doc["data"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert_load_refused(doc, re.escape(message))


def test_the_random_stream_is_checked(five: MagellanElcano, state: MagellanState) -> None:
    """The RNG counts 64-bit draws: a counter of 2**64 or more is refused."""
    wrapped = attrs.evolve(state, rng=boardgames.Rng(state.rng.seed, 2**64))
    with pytest.raises(
        boardgames.InvalidStateError, match=r"is not an integer in 0 \.\. 2\*\*64 - 1"
    ):
        five.check_state(wrapped)
    with pytest.raises(boardgames.InvalidStateError, match=r"rng must be a boardgames\.Rng"):
        five.check_state(attrs.evolve(state, rng=(state.rng.seed, 0)))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ("a passed flag flipped", "passed flag"),
        ("first_has_played flipped", "first_has_played"),
        ("to_move moved on", "the seat to move is"),
        ("a discard reordered", "face-up discard"),
        ("a won ocean card given to another seat", "ocean cards seat"),
        ("a known card dropped", "known cards"),
    ],
)
def test_a_table_that_disagrees_with_its_history_is_refused(
    state: MagellanState, edit: str, message: str
) -> None:
    """A table must be the one the history leads to; one that differs is refused.

    Who has passed, who is to move, the discards, the ocean cards won and the known cards
    all follow from the history: "A player who passes cannot play any more cards in the
    current round"; "the winning players place the ocean cards in front of them".
    """
    crews = list(state.crews)
    changes: dict[str, Any] = {}
    if edit == "a passed flag flipped":
        seat = next(seat for seat, crew in enumerate(crews) if seat != state.to_move)
        crews[seat] = attrs.evolve(crews[seat], passed=not crews[seat].passed)
    elif edit == "first_has_played flipped":
        changes["first_has_played"] = not state.first_has_played
    elif edit == "to_move moved on":
        assert state.to_move is not None
        changes["to_move"] = next(
            seat
            for offset in range(1, 5)
            if not crews[seat := (state.to_move + offset) % 5].passed and crews[seat].hand
        )
    elif edit == "a discard reordered":
        seat = next(seat for seat, crew in enumerate(crews) if len(set(crew.discard)) > 1)
        crews[seat] = attrs.evolve(crews[seat], discard=crews[seat].discard[::-1])
    elif edit == "a won ocean card given to another seat":
        seat = next(seat for seat, won in enumerate(state.won) if won)
        won = list(state.won)
        won[(seat + 1) % 5] = (*won[(seat + 1) % 5], won[seat][-1])
        won[seat] = won[seat][:-1]
        changes["won"] = tuple(won)
    else:
        seat = next(seat for seat, crew in enumerate(crews) if crew.known)
        crews[seat] = attrs.evolve(crews[seat], known=crews[seat].known[1:])
    edited = attrs.evolve(state, crews=tuple(crews), **changes)
    with pytest.raises(boardgames.InvalidStateError, match=message):
        check_state(edited)


# --- the kit ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "storm_variant"), [(3, False), (4, True)])
def test_edited_documents_load_only_as_values_the_game_can_continue(
    players: int, storm_variant: bool
) -> None:
    """The conformance kit's edits: every document is refused or loads as a usable value."""
    game = boardgames.make("magellan-elcano", players=players, storm_variant=storm_variant)
    report = check_edits(game, seeds=(players,), documents=150)
    assert 150 == report.documents
    assert report.refused > report.accepted
    assert report.accepted > 0


def test_the_unedited_documents_of_a_whole_game_load(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """Every state and observation the game gives loads and passes the kit's checks."""
    game = make_game(4, storm_variant=True)
    for state in random_states(game, 2)[::7]:
        assert check_loaded(game, boardgames.dumps(state), depth=1) is not None
        for seat in range(4):
            observation = game.observe(state, seat)
            assert check_loaded(game, boardgames.dumps(observation), depth=0) is not None

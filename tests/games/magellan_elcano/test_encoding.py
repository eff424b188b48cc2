"""The action numbering and the observation vector of Magellan: Elcano."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import attrs
import pytest

import boardgames
from boardgames.games.magellan_elcano import (
    Colour,
    Crew,
    MagellanElcano,
    MagellanState,
    Pass,
    Place,
    PlayCard,
    PlayFaceDown,
)
from boardgames.games.magellan_elcano.components import CREW_CARDS

CONFIGURATIONS = [(2, False), (3, False), (4, False), (4, True), (5, False)]
"""Every player count, and four players with the storm variant."""

SEEDS = (0, 1)

PILES_2 = ((0, 1), (6, 7), (12, 13))
"""Round-2 ocean piles: the two lowest cards of each colour."""

LAYOUT_4 = {
    "to_move": 4,
    "first_player": 4,
    "first_has_played": 1,
    "round": 6,
    "hand": 15,
    "ocean_piles": 18,
    "ocean_unseen": 18,
    "pile_points": 3,
    "columns": 4 * 45,
    "column_totals": 4 * 3,
    "discard": 4 * 15,
    "hand_sizes": 4,
    "passed": 4,
    "known": 4 * 15,
    "won": 4 * 18,
    "scores": 4,
}
"""The segment sizes of the default game (four players, no storms), as the docs give them."""

LAYOUT_5 = {
    "to_move": 5,
    "first_player": 5,
    "first_has_played": 1,
    "round": 6,
    "hand": 15,
    "storm": 15,
    "hidden_discard": 15,
    "ocean_piles": 18,
    "ocean_unseen": 18,
    "pile_points": 3,
    "storm_pile": 3,
    "storm_unseen": 3,
    "columns": 5 * 45,
    "column_totals": 5 * 3,
    "storm_sizes": 5,
    "discard": 5 * 15,
    "hidden_discard_sizes": 5,
    "hand_sizes": 5,
    "passed": 5,
    "known": 5 * 3 * 15,
    "in_hidden_discard": 5 * 15,
    "won": 5 * 18,
    "won_storms": 5 * 3,
    "scores": 5,
}
"""The segment sizes of a five-player game (storms), as the docs give them."""


def played_states(game: MagellanElcano, seed: int) -> list[MagellanState]:
    """Return every state of a random game from ``seed``."""
    record = boardgames.play(game, [boardgames.RandomBot()] * game.players, seed=seed)
    return list(boardgames.replay(record))


def vector(game: MagellanElcano, state: MagellanState, seat: int) -> list[float]:
    """Return the observation vector of ``seat`` in ``state``."""
    return list(game.encoding.encode_observation(game.observe(state, seat)))


def segment(game: MagellanElcano, values: Sequence[float], name: str) -> list[float]:
    """Return the slice of ``values`` that the layout names ``name``."""
    (found,) = [part for part in game.encoding.layout if part.name == name]
    return list(values[found.start : found.stop])


def ones(values: Sequence[float]) -> list[int]:
    """Return the indices of the entries equal to 1."""
    return [index for index, value in enumerate(values) if value == 1.0]


@pytest.mark.parametrize(("players", "storm_variant"), CONFIGURATIONS)
def test_every_legal_action_has_its_own_number(
    make_game: Callable[..., MagellanElcano], players: int, storm_variant: bool
) -> None:
    """In random games, each legal action's number is in range and decodes to it.

    The mask has a 1 at exactly the legal numbers, ``legal_action`` gives back each legal
    action from its number, and refuses, naming it, a number that is not legal now or is
    out of range.
    """
    game = make_game(players, storm_variant=storm_variant)
    encoding = game.encoding
    size = encoding.num_distinct_actions
    for seed in SEEDS:
        for state in played_states(game, seed):
            legal = game.legal_actions(state)
            numbers = [encoding.encode_action(action) for action in legal]
            for action, number in zip(legal, numbers, strict=True):
                assert 0 <= number < size
                decoded = encoding.decode_action(number)
                assert action == decoded
                assert type(action) is type(decoded)
                assert action is encoding.legal_action(legal, number)
            mask = encoding.legal_mask(legal)
            assert size == len(mask)
            assert sorted(numbers) == [number for number, bit in enumerate(mask) if bit]
            illegal = mask.index(0)
            for number in (illegal, size, -1):
                with pytest.raises(boardgames.IllegalActionError, match=f"number {number} "):
                    encoding.legal_action(legal, number)


@pytest.mark.parametrize(("players", "storm_variant"), CONFIGURATIONS)
def test_a_vector_is_a_function_of_the_observation_alone(
    make_game: Callable[..., MagellanElcano], players: int, storm_variant: bool
) -> None:
    """A vector has ``observation_size`` finite entries, the same for equal observations.

    Equal observations (observed twice, or loaded from their JSON) give equal vectors, and
    so does the observation of a state sampled from an observation: the vector reads
    nothing the observation does not fix.
    """
    game = make_game(players, storm_variant=storm_variant)
    encoding = game.encoding
    for seed in SEEDS:
        states = played_states(game, seed)
        for index, state in enumerate(states[:: max(1, len(states) // 15)]):
            for seat in range(players):
                observation = game.observe(state, seat)
                values = list(encoding.encode_observation(observation))
                assert encoding.observation_size == len(values)
                assert all(math.isfinite(value) for value in values)
                assert values == vector(game, state, seat)
                loaded = boardgames.loads(boardgames.dumps(observation))
                assert values == list(encoding.encode_observation(loaded))
                sampled = game.sample_state(observation, seed=index)
                assert values == vector(game, sampled, seat)


@pytest.mark.parametrize(
    ("players", "storm_variant", "actions", "size"),
    [
        (2, False, 46, 263),
        (3, False, 46, 364),
        (4, False, 46, 465),
        (4, True, 61, 701),
        (5, False, 61, 852),
    ],
)
def test_the_sizes_are_those_the_docs_give(
    make_game: Callable[..., MagellanElcano],
    players: int,
    storm_variant: bool,
    actions: int,
    size: int,
) -> None:
    """The action count and the vector size of each configuration, as the game page says."""
    encoding = make_game(players, storm_variant=storm_variant).encoding
    assert actions == encoding.num_distinct_actions
    assert size == encoding.observation_size


@pytest.mark.parametrize(
    ("players", "storm_variant", "expected"), [(4, False, LAYOUT_4), (5, False, LAYOUT_5)]
)
def test_the_segments_are_those_the_docs_give(
    make_game: Callable[..., MagellanElcano],
    players: int,
    storm_variant: bool,
    expected: dict[str, int],
) -> None:
    """The segments, in order and with their sizes, of the game page's table."""
    layout = make_game(players, storm_variant=storm_variant).encoding.layout
    assert list(expected.items()) == [(part.name, part.size) for part in layout]
    assert all(part.description for part in layout)


def test_the_numbering_follows_card_colour_then_face_down_then_pass(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """``PlayCard(card, colour)`` is ``3 * card + colour``, then face-down plays, then Pass.

    Without storms there is no face-down play, so it has no number.
    """
    plain = make_game(4).encoding
    assert 0 == plain.encode_action(PlayCard(0, Colour.RED))
    assert 3 * 9 + 2 == plain.encode_action(PlayCard(9, Colour.GREEN))
    assert 44 == plain.encode_action(PlayCard(14, Colour.GREEN))
    assert 45 == plain.encode_action(Pass())
    with pytest.raises(boardgames.IllegalActionError, match="cannot number"):
        plain.encode_action(PlayFaceDown(0))
    storms = make_game(4, storm_variant=True).encoding
    assert storms.encode_action(PlayCard(14, Colour.GREEN)) == 44
    assert [45, 59] == [storms.encode_action(PlayFaceDown(card)) for card in (0, 14)]
    assert 60 == storms.encode_action(Pass())


def test_numbers_of_missing_card_ends_are_never_legal(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """The 18 numbers of ``PlayCard`` for a colour the card has no end of are never offered.

    They are exactly the colours a card lacks: one for each two-colour card, two for each
    single-colour seven.
    """
    encoding = make_game(4).encoding
    dead = [number for number in range(45) if not CREW_CARDS[number // 3].value(Colour(number % 3))]
    assert 18 == len(dead)
    plays = {
        encoding.encode_action(PlayCard(card.id, colour))
        for card in CREW_CARDS
        for colour, _ in card.values
    }
    assert set(range(45)) - set(dead) == plays


def test_the_hand_segment_has_ones_exactly_at_the_held_cards(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """The ``hand`` segment is the observer's own hand, one-hot by card id."""
    game = make_game(3)
    state = game.new_game(seed=4)
    for seat in range(3):
        values = vector(game, state, seat)
        hand = segment(game, values, "hand")
        assert sorted(state.crews[seat].hand) == ones(hand)
        assert 5.0 == sum(hand)


def test_seats_are_counted_from_the_observer(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Seat ``s`` is block ``(s - observer) % players`` of each per-seat segment.

    Seat 2's red column holds ``R1/B4`` and ``R7`` (1 + 7 = 8 of 33) and his hand a known
    card, and seat 0 (the first player) has played ``G2/R3`` as red 3. Seat 1 observes and
    is to move, so he is block 0, seat 2 block 1 and seat 0 block 2.
    """
    game = make_game(3)
    crews = [
        make_crew(hand=range(6), red=[9], round=2),
        make_crew(hand=range(7), round=2),
        make_crew(hand=range(1, 6), red=[0, 12], known=[(1, frozenset({Place.HAND}))], round=2),
    ]
    state = make_state(crews, round=2, to_move=1, first_player=0, piles=PILES_2)
    values = vector(game, state, 1)
    columns = segment(game, values, "columns")
    assert [45 + 0, 45 + 12, 90 + 9] == ones(columns)
    totals = segment(game, values, "column_totals")
    assert [0.0, 0.0, 0.0, 8 / 33, 0.0, 0.0, 3 / 33, 0.0, 0.0] == totals
    assert [15 + 1] == ones(segment(game, values, "known"))
    assert [1.0, 0.0, 0.0] == segment(game, values, "to_move")
    assert [0.0, 0.0, 1.0] == segment(game, values, "first_player")
    assert [1.0] == segment(game, values, "first_has_played")
    assert [0.0, 1.0, 0.0, 0.0, 0.0, 0.0] == segment(game, values, "round")
    assert [7 / 15, 5 / 15, 6 / 15] == segment(game, values, "hand_sizes")


def test_hidden_discard_knowledge_is_summarised_per_card(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Each known card shows its share of the arrangements in the face-down discard.

    Seat 0 holds cards 1 and 2 as known cards that may be in his hand or in his face-down
    discard of 2 cards, which holds at most one never-seen card: one or both of them are
    discarded. Of the 225 arrangements (two ways to pick the known card times 10 never-seen
    cards for the discard and 9 for the hand, plus 45 with both discarded), 135 discard
    card 1: 0.6. Seat 1 observes, so seat 0 is block 4 of five.
    """
    game = make_game(5)
    places = frozenset({Place.HAND, Place.HIDDEN_DISCARD})
    owner = attrs.evolve(
        make_crew(hand=[0, 1], hidden_discard=[2, 3], known=[(1, places), (2, places)], round=2),
        face_down_groups=((2, frozenset({1, 2}), 1),),
    )
    others = [make_crew(hand=range(5), round=2) for _ in range(4)]
    state = make_state([owner, *others], round=2, piles=PILES_2)
    values = vector(game, state, 1)
    summary = segment(game, values, "in_hidden_discard")
    assert [0.6, 0.6] == pytest.approx(summary[4 * 15 + 1 : 4 * 15 + 3])
    assert 1.2 == pytest.approx(sum(summary))
    known = segment(game, values, "known")
    block = 4 * 3 * 15
    assert [block + 1, block + 2, block + 30 + 1, block + 30 + 2] == ones(known)
    assert [0.0, 0.0, 0.0, 0.0, 2 / 15] == segment(game, values, "hidden_discard_sizes")
    own = vector(game, state, 0)
    assert [2, 3] == ones(segment(game, own, "hidden_discard"))


def test_storm_cards_of_equal_points_give_equal_vectors(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Storm cards are counted by points: a 2-point storm card is any 2-point storm card.

    The storm segments count one card worth 2 (of three) face up and the rest unseen.
    """
    game = make_game(5)
    crews = [make_crew(hand=range(5)) for _ in range(5)]
    first = make_state(crews, storm_pile=(1,))
    second = make_state(crews, storm_pile=(3,))
    assert game.observe(first, 0) != game.observe(second, 0)
    values = vector(game, first, 0)
    assert values == vector(game, second, 0)
    assert [0.0, 1 / 3, 0.0] == segment(game, values, "storm_pile")
    assert [1.0, 2 / 3, 1.0] == segment(game, values, "storm_unseen")

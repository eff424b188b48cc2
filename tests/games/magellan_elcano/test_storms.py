"""The storm deck and the face-down fourth column (5 players, or 4 with the variant)."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

from boardgames.games.magellan_elcano import (
    Crew,
    FaceDownPlayed,
    MagellanElcano,
    MagellanState,
    Pass,
    Place,
    PlayCard,
    PlayFaceDown,
)
from boardgames.games.magellan_elcano._invariants import check_table
from boardgames.games.magellan_elcano.components import STORM_CARDS, Colour
from boardgames.games.magellan_elcano.rules import column_totals, storm_column_totals
from boardgames.testing import check_copies

RED, BLUE, GREEN = Colour.RED, Colour.BLUE, Colour.GREEN
HAND = (0, 4, 9, 10, 12)  # R1/B4, B1/G4, G2/R3, G3/R5, R7


def storm_round(
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    storms: tuple[tuple[int, ...], ...],
    players: int = 5,
    round: int = 1,
    storm_pile: tuple[int, ...] | None = None,
) -> MagellanState:
    """Return a round where seat ``i`` has ``storms[i]`` face down and seat 0 is to pass.

    Seat 0 starts the round; if he has no face-down card he has played G7 face up.
    """
    size = 5 + 2 * (round - 1)  # the cards not in the deck
    crews = []
    for seat in range(players):
        storm = storms[seat] if seat < len(storms) else ()
        green = [14] if seat == 0 and not storm else []
        hand = [card for card in range(14) if card not in storm][: size - len(storm) - len(green)]
        crews.append(make_crew(hand, green=green, storm=storm, passed=seat != 0, round=round))
    piles = tuple(tuple(range(6 * colour, 6 * colour + round)) for colour in range(3))
    return make_state(crews, round=round, piles=piles, storms=True, storm_pile=storm_pile)


def test_face_down_play_is_offered_for_every_card_in_hand(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """With storms, any hand card, single-colour sevens included, may be played face down.

    Rulebook: "the players, on their turn, can play any card face down in a fourth column."
    """
    game = make_game(5)
    state = make_state([make_crew(HAND) for _ in range(5)])
    face_down = [a for a in game.legal_actions(state) if isinstance(a, PlayFaceDown)]
    assert [PlayFaceDown(card) for card in HAND] == face_down


def test_a_face_down_card_counts_one_whatever_its_values(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """R7 face down adds 1 astrolabe to the storm column and nothing to the red column.

    Rulebook: "The competition to win these cards each round is by bids of value 1 per card
    played face down in a 4th row on the table."
    """
    game = make_game(5)
    state = make_state([make_crew(HAND) for _ in range(5)])
    state = game.apply(state, PlayFaceDown(12))
    for _ in range(4):
        state = game.apply(state, Pass())
    state = game.apply(state, PlayFaceDown(10))
    assert (12, 10) == state.crews[0].storm
    assert (2, 0, 0, 0, 0) == storm_column_totals(state)
    assert (0, 0, 0, 0, 0) == column_totals(state, RED)
    assert ((), (), ()) == state.crews[0].columns


def test_the_most_astrolabes_wins_the_storm_card(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Two face-down cards beat one face-down R7: the count matters, not the values.

    Rulebook: "In each round phase C (Anchoring) the face up storm card is won by the player
    with the most astrolabes in sight (i.e. with the most cards played face down in the
    column)."
    """
    game = make_game(5)
    state = storm_round(make_crew, make_state, ((0, 1), (12,)))
    state = game.apply(state, Pass())
    assert ((0,), (), (), (), ()) == state.won_storms
    assert (1.0, 0.0, 0.0, 0.0, 0.0) == game.score(state)
    assert (1,) == state.storm_pile  # round 2's storm card


def test_the_storm_winner_discards_face_down_and_the_others_take_theirs_back(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """The winning face-down cards go to a face-down discard; seat 1's R7 returns to hand.

    Ruling A-MAG-7: "the winner discards them face down; others take them back unseen."
    """
    game = make_game(5)
    before = storm_round(make_crew, make_state, ((0, 1), (12,)))
    state = game.apply(before, Pass())
    assert frozenset({0, 1}) == state.crews[0].hidden_discard
    assert not {0, 1} & set(state.crews[0].discard)
    assert 12 in state.crews[1].hand
    assert () == state.crews[1].known  # returned unseen: not public knowledge
    view = game.observe(state, 1).crews[0]
    assert (2, ()) == (view.hidden_discard_size, view.known)


def test_a_storm_tie_leaves_the_storm_card_for_the_next_round(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """One face-down card each: nobody wins; both storm cards lie face up in round 2.

    Ruling A-MAG-8: "'All the other rules of phases B and C are applied' → ties carry storm
    cards over exactly like ocean cards."
    """
    game = make_game(5)
    state = storm_round(make_crew, make_state, ((0,), (12,)))
    state = game.apply(state, Pass())
    assert ((),) * 5 == state.won_storms
    assert (0, 1) == state.storm_pile
    assert 0 in state.crews[0].hand
    assert 12 in state.crews[1].hand
    assert frozenset() == state.crews[0].hidden_discard


def test_nobody_face_down_means_no_storm_winner(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """No astrolabes in sight: the storm card stays (ruling A-MAG-6).

    Ruling A-MAG-6: "a colour is won only by a unique maximum > 0; all-zero is a tie → no
    award."
    """
    game = make_game(5)
    state = game.apply(storm_round(make_crew, make_state, ()), Pass())
    assert ((),) * 5 == state.won_storms
    assert (0, 1) == state.storm_pile


def test_carried_over_storm_cards_are_all_won_together(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Three storm cards on the table go to the next storm winner at once: 1 + 2 + 2 VP.

    Rulebook: "All the other rules of phases B and C are applied." (the winner "wins all
    the ocean cards face up of that color - including cards from previous rounds").
    """
    game = make_game(5)
    state = storm_round(make_crew, make_state, ((), (3,)), round=3, storm_pile=(0, 1, 2))
    state = game.apply(state, Pass())
    assert ((), (0, 1, 2), (), (), ()) == state.won_storms
    assert 5.0 == game.score(state)[1]
    assert (3,) == state.storm_pile


def test_storm_cards_score_their_victory_points(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """In a played 5-player game, storm points are part of the score; all 13 are accounted for.

    Rulebook: "Storm cards have lower values: 1 x 1 victory point; 3 x 2 vp; 2 x 3 vp."
    """
    game = make_game(5)
    state = game.new_game(seed=4)
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        state = game.apply(state, actions[(7 * len(state.history)) % len(actions)])
    won_storm_points = sum(STORM_CARDS[c].points for won in state.won_storms for c in won)
    left = sum(STORM_CARDS[c].points for c in state.storm_pile)
    assert 13 == won_storm_points + left
    assert () == state.storm_deck


@pytest.mark.parametrize("tie", [False, True])
def test_a_face_down_card_is_never_revealed(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
    tie: bool,
) -> None:
    """Whether seat 0 plays R7 or R1/B4 face down, no other captain can ever tell (A-MAG-7).

    Ruling A-MAG-7: "Ruling: never revealed; the winner discards them face down; others
    take them back unseen."
    """
    game = make_game(5)
    start = make_state([make_crew(HAND) for _ in range(5)])
    # Seat 1 ties the storm with a face-down card of his own, or passes and seat 0 wins it.
    rival: list[PlayFaceDown | Pass] = [PlayFaceDown(4)] if tie else [Pass()]
    rest: list[PlayFaceDown | Pass] = [Pass()] * (5 if tie else 4)
    timelines = []
    for card in (12, 0):
        states = [game.apply(start, PlayFaceDown(card))]
        for action in [*rival, *rest]:
            states.append(game.apply(states[-1], action))
        assert FaceDownPlayed() == states[-1].history[0][1]
        timelines.append(states)
    assert 2 == timelines[0][-1].round
    assert (not tie) == bool(timelines[0][-1].won_storms[0])
    for first, second in zip(*timelines, strict=True):
        for seat in range(1, 5):
            assert game.observe(first, seat) == game.observe(second, seat)
    assert timelines[0][0] != timelines[1][0]
    assert game.observe(timelines[0][0], 0) != game.observe(timelines[1][0], 0)


def test_a_known_card_played_face_down_stays_hidden(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """A card all saw returning to hand may now be in hand or face down: nobody knows which.

    Ruling A-MAG-7: "Ruling: never revealed; the winner discards them face down; others
    take them back unseen." Knowledge tracking: the observation holds what a perfect memory
    knows (docs/explanation/design.md).
    """
    game = make_game(5)
    in_hand = frozenset({Place.HAND})
    crews = [
        make_crew([0, 1, 2, 3, 4, 5, 10], round=2, known=[(10, in_hand)]),
        *[make_crew([0, 1, 2, 3, 4, 5, 6], round=2) for _ in range(4)],
    ]
    start = make_state(crews, round=2, piles=((0, 1), (6, 7), (12, 13)))
    outcomes = []
    for card in (10, 3):
        state = game.apply(start, PlayFaceDown(card))
        expected = ((10, frozenset({Place.HAND, Place.STORM})),)
        assert expected == game.observe(state, 1).crews[0].known
        outcomes.append(state)
    for seat in range(1, 5):
        assert game.observe(outcomes[0], seat) == game.observe(outcomes[1], seat)
    for index, state in enumerate(outcomes):
        for _ in range(4):
            state = game.apply(state, Pass())
        state = game.apply(state, Pass())  # seat 0 wins the storm alone
        expected = ((10, frozenset({Place.HAND, Place.HIDDEN_DISCARD})),)
        assert expected == state.crews[0].known
        outcomes[index] = state
    for seat in range(1, 5):
        assert game.observe(outcomes[0], seat) == game.observe(outcomes[1], seat)
    check_table(outcomes[0])  # the round-2 start is hand-made: no history leads to it
    check_table(outcomes[1])


def test_the_four_player_storm_variant_plays_by_the_five_player_rules(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """With storm_variant=True, four captains bid face down and win storm cards.

    Rulebook: "Note: the storm cards can also be used as a variant in 4-player games. The
    rules set out for 5-player games are maintained."
    """
    game = make_game(4, storm_variant=True)
    state = storm_round(make_crew, make_state, ((0, 1), (12,)), players=4)
    assert any(isinstance(a, PlayFaceDown) for a in game.legal_actions(state))
    state = game.apply(state, Pass())
    assert ((0,), (), (), ()) == state.won_storms
    assert 1.0 == game.score(state)[0]


def test_a_face_down_play_does_not_name_the_card_in_the_history(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """The public history shows 'play a card face down', not the card (ruling A-MAG-7).

    Hidden information (docs/games/magellan-elcano.md): the others see the storm column's size only.
    """
    game = make_game(5)
    state = make_state([make_crew(HAND) for _ in range(5)])
    state = game.apply(state, PlayFaceDown(12))
    state = game.apply(state, PlayCard(0, BLUE))
    assert ((0, FaceDownPlayed()), (1, PlayCard(0, BLUE))) == tuple(state.history)
    assert "play a card face down" == str(state.history[0][1])
    for seat in range(5):
        observation = game.observe(state, seat)
        assert state.history is observation.history
        assert 1 == observation.crews[0].storm_size
    assert (12,) == game.observe(state, 0).storm
    assert () == game.observe(state, 1).storm


@pytest.mark.parametrize("seed", [3, 11, 2026])
def test_identical_storm_cards_cannot_be_told_apart(seed: int) -> None:
    """Rulebook: "3 x 2 vp; 2 x 3 vp": the storm cards of one value are identical.

    A deal and the same deal with two identical storm cards swapped in the storm deck give
    every seat the same observations and legal actions all game long: the ids of storm
    cards depend only on where their values lie.
    """
    game = MagellanElcano(players=5)
    first = game.new_game(seed)
    deck = first.storm_deck
    twos = [index for index, card in enumerate(deck) if STORM_CARDS[card].points == 2]
    assert len(twos) >= 2
    swapped = list(deck)
    swapped[twos[0]], swapped[twos[1]] = swapped[twos[1]], swapped[twos[0]]
    second = attrs.evolve(first, storm_deck=tuple(swapped))
    assert check_copies(game, first, second, seed=seed, steps=10_000) > 0
    chooser = random.Random(seed)  # the same game again: every storm card is turned up
    state, turned = first, 0
    while not game.is_terminal(state):
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
        turned = max(turned, len(state.storm_pile) + sum(map(len, state.won_storms)))
    assert turned == len(STORM_CARDS)

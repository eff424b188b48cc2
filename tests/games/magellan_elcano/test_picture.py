"""The SVG pictures of states and observations: well-formed, complete, and leak-free."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Callable

import pytest

import boardgames
from boardgames.core.svg import FACE_DOWN
from boardgames.games.magellan_elcano import Crew, MagellanElcano, MagellanState, Place

SVG = "{http://www.w3.org/2000/svg}"
CONFIGURATIONS = [(2, False), (3, False), (4, False), (4, True), (5, False)]
"""Every player count, and the 4-player storm variant."""


def parse(text: str) -> ElementTree.Element:
    """Parse a picture, checking that it is one self-contained SVG document."""
    root = ElementTree.fromstring(text)
    assert f"{SVG}svg" == root.tag
    assert float(root.attrib["width"]) <= 1000
    for element in root.iter():
        assert element.tag.removeprefix(SVG) not in {"script", "image", "use", "foreignObject"}
        assert not [name for name in element.attrib if "href" in name or name.startswith("on")]
    return root


def part(root: ElementTree.Element, label: str) -> ElementTree.Element:
    """Return the group of the picture labelled ``label``."""
    found = [group for group in root.iter(f"{SVG}g") if group.get("aria-label") == label]
    assert 1 == len(found), f"{len(found)} groups labelled {label!r}"
    return found[0]


def texts(element: ElementTree.Element) -> list[str]:
    """Return every text drawn inside ``element``."""
    return [text.text or "" for text in element.iter(f"{SVG}text")]


def backs(element: ElementTree.Element) -> int:
    """Count the face-down cards drawn inside ``element``."""
    return sum(1 for rect in element.iter(f"{SVG}rect") if rect.get("fill") == FACE_DOWN)


def played_states(game: MagellanElcano, seed: int) -> list[MagellanState]:
    """Return every state of a random game from ``seed``."""
    record = boardgames.play(game, [boardgames.RandomBot()] * game.players, seed=seed)
    return list(boardgames.replay(record))


@pytest.mark.parametrize(("players", "storm_variant"), CONFIGURATIONS)
def test_pictures_along_random_games_are_deterministic_self_contained_svg(
    make_game: Callable[..., MagellanElcano], players: int, storm_variant: bool
) -> None:
    """Every state and every seat's view along two random games draws as a proper picture.

    Each parses as SVG without scripts or links, is the same text when drawn again, and
    ``render_svg`` of a state for a seat gives that seat's observation picture.
    """
    game = make_game(players, storm_variant)
    for seed in (1,):
        states = played_states(game, seed)
        for state in [*states[::15], states[-1]]:
            picture = game.render_state_svg(state)
            parse(picture)
            assert picture == game.render_state_svg(state)
            assert picture == boardgames.render_svg(game, state)
            for seat in range(players):
                observation = game.observe(state, seat)
                view = game.render_observation_svg(observation)
                parse(view)
                assert view == game.render_observation_svg(observation)
                assert view == boardgames.render_svg(game, state, seat=seat)


def test_a_mid_game_picture_is_compact(make_game: Callable[..., MagellanElcano]) -> None:
    """A mid-game picture of four captains stays well under 30 KB (one per replay step)."""
    game = make_game(4, True)
    states = played_states(game, 3)
    middle = states[len(states) // 2]
    assert len(game.render_state_svg(middle).encode()) < 25_000
    assert len(game.render_observation_svg(game.observe(middle, 0)).encode()) < 25_000


def hidden_cards_table(
    make_crew: Callable[..., Crew], make_state: Callable[..., MagellanState]
) -> MagellanState:
    """Five captains; seat 1 holds R7 and B7 and has G7 face down in his storm column."""
    crews = [
        make_crew([0, 1, 2, 3], green=[4]),  # R1/B4 R2/B3 R3/B5 R6/B2; B1/G4 as green 4
        make_crew([12, 13, 10, 11], storm=[14]),  # R7 B7 G3/R5 G6/R2; G7 face down
        *[make_crew([5, 6, 7, 8, 9]) for _ in range(3)],
    ]
    return make_state(crews, first_player=0, to_move=2)


def test_the_observation_shows_the_other_hands_and_storm_cards_face_down(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Seat 1's R7, B7 (hand) and G7 (storm) are drawn in the state, not in seat 0's view.

    In seat 0's view seat 1's hand is four backs and his storm column one unnamed back;
    seat 1's own view names all three cards.
    """
    game = make_game(5)
    state = hidden_cards_table(make_crew, make_state)
    whole = parse(game.render_state_svg(state))
    assert {"R7", "B7"} <= set(texts(part(whole, "seat 1 hand")))
    assert "G7" in texts(part(whole, "seat 1 storm column"))
    mine = parse(game.render_observation_svg(game.observe(state, 0)))
    assert not {"R7", "B7", "G7"} & set(texts(mine))
    assert 4 == backs(part(mine, "seat 1 hand"))
    assert 1 == backs(part(mine, "seat 1 storm column"))
    assert "G7" not in texts(part(mine, "seat 1 storm column"))
    assert {"R1", "B4", "R6", "B2"} <= set(texts(part(mine, "seat 0 hand")))
    his = parse(game.render_observation_svg(game.observe(state, 1)))
    assert {"R7", "B7"} <= set(texts(part(his, "seat 1 hand")))
    assert "G7" in texts(part(his, "seat 1 storm column"))
    assert 0 == backs(part(his, "seat 1 hand"))


def test_the_state_picture_marks_hidden_cards_as_hidden(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """Hands sit in dashed outlines labelled hidden; decks are listed as hidden."""
    game = make_game(5)
    state = hidden_cards_table(make_crew, make_state)
    whole = parse(game.render_state_svg(state))
    hand = part(whole, "seat 1 hand")
    assert "hand: 4 cards (hidden)" in texts(hand)
    assert any(rect.get("stroke-dasharray") for rect in hand.iter(f"{SVG}rect"))
    storm = list(part(whole, "seat 1 storm column").iter(f"{SVG}rect"))
    assert any(rect.get("stroke-dasharray") and rect.get("fill") == FACE_DOWN for rect in storm)
    notes = " ".join(texts(part(whole, "seat 1")))
    assert "deck, top first (hidden): " in notes


def test_a_card_seen_going_back_into_a_hand_is_shown_face_up(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """A card everyone saw go back into seat 1's hand shows face up in seat 0's view."""
    game = make_game(3)
    crews = [
        make_crew([0, 1, 2, 3, 4]),
        make_crew([13, 5, 6, 7, 8], known=[(13, frozenset({Place.HAND}))]),
        make_crew([0, 1, 2, 3, 4]),
    ]
    state = make_state(crews, first_player=0, to_move=0)
    mine = parse(game.render_observation_svg(game.observe(state, 0)))
    hand = part(mine, "seat 1 hand")
    assert "B7" in texts(hand)
    assert 4 == backs(hand)
    assert "hand: 5 cards, 1 seen on the table, the rest unknown" in texts(hand)


@pytest.mark.parametrize(("players", "storm_variant"), [(3, False), (5, False)])
def test_states_with_the_same_observation_draw_the_same_observation_picture(
    make_game: Callable[..., MagellanElcano], players: int, storm_variant: bool
) -> None:
    """Worlds sampled from an observation give it the identical picture (and other tables).

    The state pictures of the sampled worlds differ from the true one somewhere, so the
    identical observation pictures are not identical by accident.
    """
    game = make_game(players, storm_variant)
    states = played_states(game, 4)
    differs = False
    for state in states[10::25]:
        for seat in range(players):
            observation = game.observe(state, seat)
            picture = game.render_observation_svg(observation)
            for seed in range(3):
                sampled = game.sample_state(observation, seed)
                assert picture == game.render_observation_svg(game.observe(sampled, seat))
                differs |= game.render_state_svg(sampled) != game.render_state_svg(state)
    assert differs


def test_the_picture_shows_round_mover_columns_piles_points_and_marks(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """The headline, the ocean piles, each column's values and total, the points and marks."""
    game = make_game(3)
    crews = [
        make_crew([0, 1, 2], red=[12, 10], round=3),  # R7 as red 7, G3/R5 as red 5
        make_crew([0, 1, 2, 3], blue=[13], round=3),  # B7 as blue 7
        make_crew([5, 6, 7], passed=True, round=3),
    ]
    state = make_state(
        crews,
        round=3,
        first_player=0,
        to_move=1,
        piles=((0,), (6, 7), (12,)),
        won=((1, 13), (2, 8), (14,)),
    )
    assert (6.0, 8.0, 4.0) == game.score(state)
    for picture in (
        game.render_state_svg(state),
        game.render_observation_svg(game.observe(state, 2)),
    ):
        root = parse(picture)
        title = texts(root)[0]
        assert "round 3 of 6" in title
        assert "seat 1 to move" in title
        assert {"red 7+5 = 12", "7", "5"} <= set(texts(part(root, "seat 0 red column")))
        assert "blue 7 = 7" in texts(part(root, "seat 1 blue column"))
        assert "green -" in texts(part(root, "seat 1 green column"))
        assert "blue ocean: 5 VP on the table" in texts(part(root, "blue ocean"))
        assert {"2", "3"} <= set(texts(part(root, "blue ocean")))
        for seat, points in enumerate(("6 VP", "8 VP", "4 VP")):
            assert points in texts(part(root, f"seat {seat}"))
        assert ["won", "4", "4"] == texts(part(root, "seat 1 won"))  # red 4, blue 4
        assert "Pigafetta · first player" in texts(part(root, "seat 0"))
        assert "▶ to move" in texts(part(root, "seat 1"))
        assert "passed" in texts(part(root, "seat 2"))
        assert "▶ to move" not in texts(part(root, "seat 0"))
        assert not [
            group for group in root.iter(f"{SVG}g") if "storm" in group.get("aria-label", "")
        ]
    view = parse(game.render_observation_svg(game.observe(state, 2)))
    assert "seat 2 (you)" in texts(part(view, "seat 2"))
    assert not [text for text in texts(parse(game.render_state_svg(state))) if "(you)" in text]


def test_storm_games_draw_the_storm_pile_and_every_storm_column(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """With storms the pile of storm cards and each captain's storm column are drawn."""
    game = make_game(5)
    state = hidden_cards_table(make_crew, make_state)
    root = parse(game.render_observation_svg(game.observe(state, 3)))
    assert "storm pile: 1 VP on the table" in texts(part(root, "storm pile"))
    assert "storm = 1 face down" in texts(part(root, "seat 1 storm column"))
    for seat in (0, 2, 3, 4):
        assert "storm = 0 face down" in texts(part(root, f"seat {seat} storm column"))


def test_the_turned_4_1_ocean_card_shows_1_with_two_players(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """The red 4 (ocean card 2) is drawn as 1, labelled 4/1, in a two-player game."""
    game = make_game(2)
    state = make_state([make_crew([0, 1, 2, 3, 4]) for _ in range(2)], piles=((2,), (6,), (12,)))
    pile = texts(part(parse(game.render_state_svg(state)), "red ocean"))
    assert {"1", "4/1", "red ocean: 1 VP on the table"} <= set(pile)


def test_the_end_of_the_game_names_the_winner(make_game: Callable[..., MagellanElcano]) -> None:
    """The last state's headline says the game is over and who won, with his points."""
    game = make_game(3)
    final = played_states(game, 5)[-1]
    ranking = game.ranking(final)
    winners = [seat for seat, place in enumerate(ranking) if place == 1]
    title = texts(parse(game.render_state_svg(final)))[0]
    assert "game over" in title
    assert f"{max(game.score(final)):g} VP" in title
    if len(winners) == 1:
        assert f"seat {winners[0]} wins" in title

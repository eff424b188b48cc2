"""SVG pictures of states and observations: well formed, complete, and hiding what is hidden."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable

import pytest

import boardgames
from boardgames.core.svg import seat_colour
from boardgames.games.morgans_magic_map import (
    ChooseCell,
    ChooseRotation,
    MorganObservation,
    MorgansMagicMap,
    MorganState,
    Phase,
    picture,
    render_map_svg,
)
from boardgames.games.morgans_magic_map.components import MAP_CARDS, TILES, TREASURE_CARDS

SVG = "{http://www.w3.org/2000/svg}"

CONFIGURATIONS: tuple[tuple[int, dict[str, bool], int], ...] = (
    (2, {}, 5),
    (3, {"hide_claimed_treasures": True}, 6),
    (4, {"exact_bonus_cards": True, "shovel_without_play": True}, 7),
    (3, {"connectivity_at_end_of_action": True}, 8),
)
"""Player counts, options and seeds of the random games drawn."""


@functools.cache
def played(players: int, options: tuple[tuple[str, bool], ...], seed: int) -> list[MorganState]:
    """Every state of a random game (RandomBot in each seat), replayed from its record."""
    game = boardgames.make("morgans-magic-map", players=players, **dict(options))
    record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
    return list(boardgames.replay(record))


def states_of(players: int, options: dict[str, bool], seed: int = 5) -> list[MorganState]:
    return played(players, tuple(sorted(options.items())), seed)


def texts(svg: str) -> list[str]:
    """The text of every ``<text>`` and ``<title>`` element, in document order."""
    root = ElementTree.fromstring(svg)
    return [
        "".join(element.itertext())
        for element in root.iter()
        if element.tag in (f"{SVG}text", f"{SVG}title")
    ]


def check_document(svg: str) -> None:
    root = ElementTree.fromstring(svg)
    assert f"{SVG}svg" == root.tag
    assert float(root.get("width", "0")) <= 1000
    for element in root.iter():
        assert not element.tag.endswith("script")
        assert not any("href" in name for name in element.attrib)
    assert "<script" not in svg
    assert "href" not in svg


def game_of(state: MorganState) -> MorgansMagicMap:
    """The default game of ``state``'s player count."""
    game = boardgames.make("morgans-magic-map", players=state.players)
    assert isinstance(game, MorgansMagicMap)
    return game


@pytest.mark.parametrize(("players", "options", "seed"), CONFIGURATIONS)
def test_pictures_of_random_games_are_self_contained_svg(
    players: int, options: dict[str, bool], seed: int
) -> None:
    """At several points of a random game, the state and every observation draw as SVG."""
    game = boardgames.make("morgans-magic-map", players=players, **options)
    states = states_of(players, options, seed)
    for state in states[:: max(1, len(states) // 6)] + states[-1:]:
        svg = picture.svg_state(state)
        check_document(svg)
        assert svg == picture.svg_state(state)
        for seat in range(players):
            observation = game.observe(state, seat)
            drawn = picture.svg_observation(observation)
            check_document(drawn)
            assert drawn == boardgames.render_svg(game, state, seat=seat)
        assert svg == boardgames.render_svg(game, state)


def test_a_mid_game_picture_is_compact() -> None:
    """A mid-game picture of a 4-player table stays well under 30 KB."""
    game = boardgames.make("morgans-magic-map", players=4)
    states = states_of(4, {})
    state = states[len(states) // 2]
    assert len(picture.svg_state(state)) < 30_000
    assert len(picture.svg_observation(game.observe(state, 0))) < 30_000


def test_the_observation_hides_the_other_hands_that_the_state_shows() -> None:
    """Another seat's hand card is named in the state picture, not in seat 0's picture."""
    game = boardgames.make("morgans-magic-map", players=3)
    state = states_of(3, {})[300]
    whole = " | ".join(texts(picture.svg_state(state)))
    mine = " | ".join(texts(picture.svg_observation(game.observe(state, 0))))
    for seat, hand in enumerate(state.hands):
        for card in hand:
            label = f"{MAP_CARDS[card]} ({MAP_CARDS[card].symbol})"
            assert label in whole
            assert (label in mine) == (seat == 0)
    assert "hand: 4 face down" in mine
    assert "hand (hidden):" in whole


def test_hidden_treasures_are_backs_in_the_observation() -> None:
    """With hide_claimed_treasures, seat 0 sees his treasures, not the others'."""
    game = boardgames.make("morgans-magic-map", players=3, hide_claimed_treasures=True)
    state = next(
        state for state in states_of(3, {"hide_claimed_treasures": True}) if all(state.treasures)
    )
    whole = texts(picture.svg_state(state))
    mine = texts(picture.svg_observation(game.observe(state, 0)))
    for seat, taken in enumerate(state.treasures):
        for card in taken:
            label = f"{TREASURE_CARDS[card].name} {TREASURE_CARDS[card].value}"
            assert label in whole
            assert (label in mine) == (seat == 0)
        assert (f"{len(taken)} face down" in mine) == (seat != 0)
    assert any("score ?" in text for text in mine)
    assert "treasures (hidden from the others):" in whole


def test_states_sampled_from_an_observation_draw_the_same_picture() -> None:
    """The observation picture depends on the observation only."""
    for players, options, seed in CONFIGURATIONS[:2]:
        game = boardgames.make("morgans-magic-map", players=players, **options)
        for state in states_of(players, options, seed)[100:700:150]:
            observation = game.observe(state, 1)
            expected = picture.svg_observation(observation)
            for seed in (1, 2, 3):
                sampled = game.sample_state(observation, seed)
                again = game.observe(sampled, 1)
                assert isinstance(again, MorganObservation)
                assert expected == picture.svg_observation(again)


def test_the_picture_shows_scores_tiles_board_and_the_seat_to_move() -> None:
    """Title, seat to move, every tile, the five treasures, doubloons and scores are drawn."""
    game = boardgames.make("morgans-magic-map", players=4)
    state = states_of(4, {})[400]
    mover = state.to_move
    assert mover is not None
    labels = texts(picture.svg_state(state))
    joined = " | ".join(labels)
    assert labels[0].startswith(f"Morgan's Magic Map, 4 players - turn {state.turn_number}")
    assert f"Seat {mover} to move - " in joined
    assert "to move" in labels
    for tile in TILES:
        assert tile.code.strip() in labels or all(word in joined for word in tile.name.split())
    for card in state.treasure_board:
        assert TREASURE_CARDS[card].name in labels
    for seat, points in enumerate(game.score(state)):
        assert f"{state.coins[seat]} doubloons - " in joined
        assert f"score {points:g}" in joined
    mine = texts(picture.svg_observation(game.observe(state, 2)))
    assert "Seat 2 (you)" in mine


def test_the_pawns_are_discs_in_the_seat_colours() -> None:
    """One disc per placed pawn, in its seat's colour, and a ring around the mover's."""
    state = states_of(4, {})[50]
    root = ElementTree.fromstring(picture.svg_state(state))
    fills = [circle.get("fill") for circle in root.iter(f"{SVG}circle")]
    for seat in range(4):
        assert fills.count(seat_colour(seat)) == 2  # pawn and panel
    assert fills.count("none") == 1


def test_the_tile_being_moved_and_its_destinations_are_marked() -> None:
    """While a cell is chosen, every legal cell is drawn with its coordinates."""
    states = states_of(2, {})
    state = next(state for state in states if state.phase is Phase.MAP_SELECT_CELL)
    game = game_of(state)
    labels = texts(picture.svg_observation(game.observe(state, 0)))
    assert "moving" in labels
    cells = [action for action in game.legal_actions(state) if isinstance(action, ChooseCell)]
    assert cells
    for action in cells:
        assert f"{action.x},{action.y}" in labels
    assert state.selected_tile is not None
    assert f"choose the cell {TILES[state.selected_tile]} goes to" in " ".join(labels)


def test_the_rotation_decision_names_the_allowed_turns() -> None:
    """While a rotation is chosen, the chosen cell is marked and the turns are listed."""
    state = next(s for s in states_of(2, {}) if s.phase is Phase.MAP_SELECT_ROTATION)
    game = game_of(state)
    labels = texts(picture.svg_state(state))
    assert "goes here" in labels
    turns = ", ".join(
        str(action.rotation * 90)
        for action in game.legal_actions(state)
        if isinstance(action, ChooseRotation)
    )
    assert any(f"it may be turned {turns} degrees" in label for label in labels)


def test_a_dig_marks_the_levels_in_reach() -> None:
    """While a treasure is taken, the levels the dig reaches are marked "in reach"."""
    state = next(s for s in states_of(2, {}) if s.phase is Phase.DIG_TAKE)
    labels = texts(picture.svg_state(state))
    assert min(state.cards_played + state.shovels, 5) == labels.count("in reach")


def test_the_end_of_the_game_names_the_winner() -> None:
    """The last picture says the game is over, who won and each seat's place."""
    state = states_of(3, {})[-1]
    game = game_of(state)
    joined = " | ".join(texts(picture.svg_state(state)))
    assert "game over after turn" in joined
    winners = [seat for seat, place in enumerate(game.ranking(state)) if place == 1]
    assert f"seat {winners[0]} win" in joined
    assert "place 1" in joined


def test_the_map_alone_is_what_render_map_svg_draws(
    make_state: Callable[..., MorganState],
) -> None:
    """The table's map and render_map_svg share the drawing: the same tile shapes."""
    state = make_state(players=2)
    whole = picture.svg_state(state)
    alone = render_map_svg(state.tiles, state.pawns)
    count = len(re.findall("<polygon", alone))
    assert count == len(re.findall("<polygon", whole))

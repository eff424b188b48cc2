"""The SVG pictures: self-contained, deterministic, and showing what each seat may see."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable

import boardgames
from boardgames.core.svg import FACE_DOWN, seat_colour
from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    ISLANDS,
    MISSIONS,
    TREASURES,
    Pirate,
)
from boardgames.games.kincses_sziget.picture import (
    _event_text,
    _mission_text,
    svg_observation,
    svg_state,
)
from boardgames.games.kincses_sziget.state import KeepStep

_SVG = "{http://www.w3.org/2000/svg}"
_ISLAND_BACK = f'width="26" height="18" rx="2" fill="{FACE_DOWN}"'
"""The start of a face-down island card on the track whose face the viewer does not know."""

VARIANTS: tuple[tuple[int, dict[str, object]], ...] = (
    (2, {}),
    (3, {"reveal_shown_cards": False}),
    (4, {"tiebreak_by_position": True}),
    (3, {"max_turns": 12}),
)
"""Player counts and options of the random games the tests draw."""


@functools.cache
def _games(players: int, options: tuple[tuple[str, object], ...], seed: int) -> list[KincsesState]:
    """Every state of a random game, from its setup to its end."""
    game = boardgames.make("kincses-sziget", players=players, **dict(options))
    record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
    return list(boardgames.replay(record))


def _points(
    variant: tuple[int, dict[str, object]], seed: int, count: int = 5
) -> tuple[KincsesSziget, list[KincsesState]]:
    """A game and ``count`` states spread over one random game (the last one included)."""
    players, options = variant
    game = boardgames.make("kincses-sziget", players=players, **options)
    assert isinstance(game, KincsesSziget)
    states = _games(players, tuple(sorted(options.items())), seed)
    step = max(1, (len(states) - 1) // (count - 1))
    return game, [*states[:-1:step], states[-1]]


def _texts(svg: str) -> list[str]:
    """The text of every ``<text>`` element, in drawing order (tooltips left out)."""
    root = ElementTree.fromstring(svg)
    return [
        (element.text or "") + "".join(child.tail or "" for child in element)
        for element in root.iter(f"{_SVG}text")
    ]


def _tooltips(svg: str) -> list[str]:
    """The text of every tooltip."""
    return [element.text or "" for element in ElementTree.fromstring(svg).iter(f"{_SVG}title")]


def _shows(svg: str, label: str) -> bool:
    """Whether the picture prints ``label`` (a name split over two lines counts)."""
    return label in " ".join(_texts(svg))


def _check_document(svg: str) -> None:
    root = ElementTree.fromstring(svg)
    assert f"{_SVG}svg" == root.tag
    assert float(root.attrib["width"]) <= 1000
    for element in root.iter():
        assert element.tag.removeprefix(_SVG) not in ("script", "image", "use", "foreignObject")
        for name in element.attrib:
            assert "href" not in name
            assert not name.startswith("on")
        assert "url(" not in "".join(element.attrib.values())
    assert "<script" not in svg
    assert "href" not in svg


def test_pictures_are_self_contained_deterministic_svg_documents() -> None:
    """State and observation pictures of random games parse as SVG, link to nothing and repeat."""
    for index, variant in enumerate(VARIANTS):
        game, states = _points(variant, index + 1)
        for number, state in enumerate(states):
            picture = svg_state(state)
            _check_document(picture)
            assert picture == boardgames.render_svg(game, state)
            for seat in range(game.players):
                observation = game.observe(state, seat)
                seen = svg_observation(observation)
                _check_document(seen)
                assert seen == boardgames.render_svg(game, state, seat=seat)
                if number == 2:
                    again = boardgames.loads(boardgames.dumps(observation))
                    assert seen == svg_observation(again)


def test_a_mid_game_picture_is_compact() -> None:
    """A 4-player mid-game picture stays well under 30 KB (it is embedded once per step)."""
    game, states = _points((4, {}), 3, count=3)
    middle = states[1]
    assert len(svg_state(middle).encode()) < 30_000
    assert len(svg_observation(game.observe(middle, 0)).encode()) < 27_000


def test_the_observation_picture_hides_the_others_hidden_cards() -> None:
    """A card another seat holds unseen by seat p is printed in the state picture only.

    Checked for crew cards (their names), treasures and missions (their labels) and
    face-down islands (their names, in the island's tooltip).
    """
    hidden_crew = hidden_treasures = hidden_missions = hidden_islands = 0
    for variant in VARIANTS[:3]:
        game, states = _points(variant, 1)
        for state in states[1:-1]:
            whole = svg_state(state)
            whole_texts, whole_line, whole_tips = (
                _texts(whole),
                " ".join(_texts(whole)),
                _tooltips(whole),
            )
            for seat in range(game.players):
                bit = 1 << seat
                seen = svg_observation(game.observe(state, seat))
                seen_texts, seen_line, seen_tips = (
                    _texts(seen),
                    " ".join(_texts(seen)),
                    _tooltips(seen),
                )
                for other in range(game.players):
                    if other == seat:
                        continue
                    for card in state.hands[other]:
                        if not state.crew_known[card] & bit:
                            hidden_crew += 1
                            assert CREW_CARDS[card].name in whole_line
                            assert CREW_CARDS[card].name not in seen_line
                    for treasure in state.treasures[other]:
                        if not state.treasure_known[treasure] & bit:
                            label = f"{TREASURES[treasure].name} {TREASURES[treasure].value}"
                            hidden_treasures += 1
                            assert label in whole_texts
                            assert label not in seen_texts
                    for mission in state.missions[other]:
                        if not state.mission_known[mission] & bit:
                            hidden_missions += 1
                            assert _mission_text(mission) in whole_texts
                            assert _mission_text(mission) not in seen_texts
                for island in state.board_islands:
                    if island is None or state.island_owners[island] is not None:
                        continue
                    if not state.island_known[island] & bit:
                        hidden_islands += 1
                        assert str(ISLANDS[island]) in whole_tips
                        assert str(ISLANDS[island]) not in seen_tips
    assert hidden_crew > 0
    assert hidden_treasures > 0
    assert hidden_missions > 0
    assert hidden_islands > 0


def test_states_a_seat_cannot_tell_apart_give_the_same_picture() -> None:
    """The observation picture is a function of the observation: sampled states agree."""
    for variant in VARIANTS[:3]:
        game, states = _points(variant, 2, count=4)
        for state in states[:-1]:
            for seat in range(game.players):
                observation = game.observe(state, seat)
                picture = svg_observation(observation)
                for seed in range(3):
                    sampled = game.sample_state(observation, seed)
                    assert picture == svg_observation(game.observe(sampled, seat))


def test_the_picture_shows_the_track_the_scores_and_the_decision() -> None:
    """Ships, events, islands, pearl beds, scores, the seat to move and its decision are drawn."""
    game, states = _points((4, {}), 5)
    for state in states:
        whole = svg_state(state)
        texts = _texts(whole)
        observation = game.observe(state, 0)
        assert f"round {state.round}, turn {state.turn}/{state.max_turns}" in texts[0]
        for seat, points in enumerate(game.score(state)):
            assert f"{points:g} point" in " ".join(texts)
            assert f'fill="{seat_colour(seat)}"' in whole  # the seat's ship and panel
        for event in state.board_events:
            if event is not None:
                assert _event_text(event) in texts
        for pearls in state.board_pearls:
            if pearls:
                assert str(pearls) in texts
        faces_down = sum(
            1 for view in observation.islands if view.owner is None and view.island is None
        )
        seen = svg_observation(observation)
        assert faces_down == len(re.findall(_ISLAND_BACK, seen))
        assert 0 == len(re.findall(_ISLAND_BACK, whole))
        mover = game.current_player(state)
        if mover is None:
            assert "game over" in texts[1]
            assert "▶ to move" not in texts
        else:
            assert texts[1].startswith(f"to move: seat {mover} (")
            assert 1 == texts.count("▶ to move")
        assert "seat 0 (you)" in _texts(seen)
        assert "seat 0 (you)" not in texts


def test_the_mission_offer_is_drawn_for_its_seat_and_as_backs_for_the_others(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """At the setup mission choice (seed 4, 2 players) seat 0 sees its two offered missions."""
    game = make_game(2)
    state = game.new_game(4)
    while not isinstance(state.tasks[-1], KeepStep):
        state = game.apply(state, game.legal_actions(state)[-1])
    mine = svg_observation(game.observe(state, 0))
    theirs = svg_observation(game.observe(state, 1))
    whole = svg_state(state)
    for index, mission in enumerate(state.mission_offers[0]):
        label = f"{index}: {_mission_text(mission)}"
        assert label in _texts(mine)
        assert label in _texts(whole)
        assert label not in _texts(theirs)
    assert "mission offer (keeps one):" in _texts(theirs)
    assert MISSIONS[state.mission_offers[0][0]].title not in theirs


def test_the_crew_row_shows_each_card_with_its_values() -> None:
    """The crew row is drawn face up: each pirate with its four values, a weapon its colour."""
    _, states = _points((2, {}), 1)
    state = states[len(states) // 2]
    whole = svg_state(state)
    texts = _texts(whole)
    cards = [card for card in state.crew_row if card is not None]
    assert cards
    for card in cards:
        crew = CREW_CARDS[card]
        assert _shows(whole, crew.name)
        if isinstance(crew, Pirate):
            assert " ".join(str(value) for value in crew.values) in texts
        else:
            assert f"{crew.colour} {crew.value}" in texts

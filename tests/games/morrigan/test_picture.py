"""The SVG pictures of Morrigan: well-formed, self-contained, and showing what each seat knows."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator

import pytest

import boardgames
from boardgames.games.morrigan import (
    CardKind,
    DeclareDuel,
    EndActions,
    Morrigan,
    MorriganState,
    PlayAdversary,
    Reinforce,
)
from boardgames.games.morrigan.picture import svg_observation, svg_state

K = CardKind
SVG = "{http://www.w3.org/2000/svg}"
CARD_TYPE_WORDS = {"Action", "Ordeal", "Adversary", "Territory"}
SPECIAL_WORDS = {"Sorcery", "Deluge", "Curse", "Blessing", "Catapult", "Favourite", "Ally"}

VARIANTS = [
    (2, {}),
    (3, {"wide_curse": True}),
    (4, {"lone_bluff_wins": False}),
    (5, {"ally_top_only": True}),
]


def parse(svg: str) -> ET.Element:
    """Parse a picture and check that it is one self-contained SVG document."""
    root = ET.fromstring(svg)
    assert f"{SVG}svg" == root.tag
    for element in root.iter():
        assert "script" not in element.tag
        assert not any("href" in name for name in element.attrib)
    assert float(root.attrib["width"]) <= 1000
    return root


def texts(element: ET.Element) -> list[str]:
    """Return the content of every ``<text>`` under ``element``."""
    return ["".join(text.itertext()) for text in element.iter(f"{SVG}text")]


def group(root: ET.Element, label: str) -> ET.Element:
    """Return the group named ``label``."""
    found = [g for g in root.iter(f"{SVG}g") if g.attrib.get("aria-label") == label]
    assert 1 == len(found), label
    return found[0]


def sampled_states(
    players: int, options: dict[str, bool], seed: int, points: int = 6
) -> Iterator[MorriganState]:
    """Play a random game and yield ``points`` states spread over it, and its last state."""
    game = boardgames.make("morrigan", players=players, **options)
    record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
    states = list(boardgames.replay(record))
    step = max(1, len(states) // points)
    yield from states[::step]
    yield states[-1]


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_pictures_of_random_games_are_self_contained_svg_without_card_numbers(
    players: int, options: dict[str, bool]
) -> None:
    """State and observation pictures parse as SVG, with no script, href or card number."""
    game = boardgames.make("morrigan", players=players, **options)
    for state in sampled_states(players, options, seed=players * 7):
        pictures = [boardgames.render_svg(game, state)]
        pictures += [boardgames.render_svg(game, state, seat=seat) for seat in range(players)]
        for svg in pictures:
            words = " ".join(texts(parse(svg)))
            assert re.search(r"#\d", words) is None
            assert len(svg.encode()) < 40_000


def test_pictures_are_deterministic() -> None:
    """The same state, replayed anew, gives the very same state and observation pictures."""
    first = list(sampled_states(3, {}, seed=11))
    second = list(sampled_states(3, {}, seed=11))
    for one, other in zip(first, second, strict=True):
        assert one is not other
        assert svg_state(one) == svg_state(other)
        game = boardgames.make("morrigan", players=3)
        assert svg_observation(game.observe(one, 1)) == svg_observation(game.observe(other, 1))


def test_the_observation_picture_depends_only_on_the_observation() -> None:
    """States sampled from an observation give the very same picture of that observation."""
    game = boardgames.make("morrigan", players=4)
    for state in list(sampled_states(4, {}, seed=5, points=4))[1:-1]:
        for seat in (0, 2):
            observation = game.observe(state, seat)
            picture = svg_observation(observation)
            for seed in (1, 2, 3):
                sampled = game.sample_state(observation, seed)
                assert picture == svg_observation(game.observe(sampled, seat))


def test_other_hands_are_backs_with_counts_in_every_observation_picture() -> None:
    """In seat p's picture another seat's hand shows only its card count, no card face."""
    game = boardgames.make("morrigan", players=3)
    for state in sampled_states(3, {}, seed=23):
        for seat in range(3):
            root = parse(svg_observation(game.observe(state, seat)))
            for other in range(3):
                hand = texts(group(root, f"seat {other} hand"))
                size = len(state.hands[other])
                if other != seat:
                    faces = set(hand) & (CARD_TYPE_WORDS | SPECIAL_WORDS)
                    assert set() == faces
                    assert (str(size) in hand) == (size > 0)


def test_a_hidden_card_shows_in_the_state_picture_only(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Seat 1's Sorcery in hand and seat 2's Curse face down: seat 0 sees neither face."""
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ADVERSARY_3, K.ACTION_1], [K.SORCERY, K.ACTION_2], [K.CURSE, K.ACTION_4]],
    )
    state = play(game, state, PlayAdversary(3), Reinforce(K.ACTION_2), Reinforce(K.CURSE))
    whole = texts(parse(svg_state(state)))
    mine = texts(parse(svg_observation(game.observe(state, 0))))
    theirs = texts(parse(svg_observation(game.observe(state, 2))))
    assert {"Sorcery", "Curse"} <= set(whole)
    assert set() == {"Sorcery", "Curse"} & set(mine)
    assert "Curse" in theirs  # seat 2 placed it and knows it
    assert "Sorcery" not in theirs
    centre = texts(group(parse(svg_observation(game.observe(state, 0))), "centre"))
    assert 2 == centre.count("?")  # two face-down cards under the Adversary
    assert "defence ≥ 3" in centre
    assert "defence 5" in texts(group(parse(svg_state(state)), "centre"))  # 3 + Action 2


def test_the_picture_names_the_turn_the_seat_to_move_and_each_prestige(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """The title has the turn and the decision; each panel its prestige; one is "to move"."""
    game = make_game(3)
    state = make_state(
        3,
        hands=[[], [K.ACTION_1], []],
        territories={0: [K.TERRITORY_4, K.TERRITORY_3]},
        won={2: [K.ORDEAL_5]},
        active=1,
        turn=8,
    )
    for svg in (svg_state(state), svg_observation(game.observe(state, 0))):
        root = parse(svg)
        words = texts(root)
        assert any(w.startswith("Morrigan - 3 players - turn 8, seat 1's turn") for w in words)
        assert any(w.startswith("Now: seat 1's action phase") for w in words)
        for seat, prestige in enumerate((7, 0, 5)):
            assert f"prestige {prestige}" in texts(group(root, f"seat {seat}"))
        assert "to move" in texts(group(root, "seat 1"))
        assert "to move" not in texts(group(root, "seat 0"))
    mine = texts(parse(svg_observation(game.observe(state, 0))))
    assert "seat 0 (you)" in mine
    assert "seat 0 (you)" not in texts(parse(svg_state(state)))


def test_the_duel_with_maletar_is_drawn(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """During a duel the picture shows the duelist's strength and Maletar's defence."""
    game = make_game(3)
    state = make_state(
        3,
        hands=[[], [K.ACTION_5], [K.ACTION_1]],
        territories={0: [K.TERRITORY_5, K.TERRITORY_5, K.TERRITORY_3]},
        won={0: [K.ORDEAL_2]},
        draw=[K.ACTION_3, K.ACTION_4, K.TERRITORY_1, K.ACTION_1],
        active=2,
    )
    state = play(game, state, EndActions(), DeclareDuel())
    root = parse(svg_observation(game.observe(state, 1)))
    duel = texts(group(root, "duel"))
    assert "Duel: seat 0 against Maletar" in duel
    assert "Maletar" in duel
    assert "strength 8" in duel  # Action 3 + Action 4 + Action 1
    assert "defence 5" in duel
    assert any(w.startswith("Now: seat 1 may give Maletar") for w in texts(root))

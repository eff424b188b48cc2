"""Text and SVG pictures of the island map, states and observations."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Callable

from boardgames.games.morgans_magic_map import (
    MorgansMagicMap,
    MorganState,
    render_map,
    render_map_svg,
)
from boardgames.games.morgans_magic_map.components import REFERENCE_LAYOUT, TILES


def test_the_text_map_shows_edges_codes_and_pawns() -> None:
    """Each tile is 8 columns by 3 lines: north edge, west edge + code + east edge, south."""
    text = render_map(REFERENCE_LAYOUT, pawns=(9, None, 9))
    lines = text.splitlines()
    assert 1 + 5 * 3 == len(lines)
    assert "# VOLC ## LIGH ## FALL ~~ SKUL ~" == lines[2].strip()[2:]
    assert "0 ~~~~2" in lines[15]  # seats 0 and 2 on Big Nose Bay, bottom left
    for tile in TILES:
        assert tile.code in text


def test_the_svg_map_is_well_formed() -> None:
    """The SVG has four edge triangles per tile, every name, and a disc per placed pawn."""
    svg = render_map_svg(REFERENCE_LAYOUT, pawns=(2, 2, None))
    root = ElementTree.fromstring(svg)
    namespace = "{http://www.w3.org/2000/svg}"
    assert 4 * 20 == len(root.findall(f"{namespace}polygon"))
    assert 2 == len(root.findall(f"{namespace}circle"))
    texts = " ".join(element.text or "" for element in root.iter(f"{namespace}text"))
    for tile in TILES:
        for word in tile.name.split():
            assert word in texts
    assert "400" == root.get("width")
    assert "500" == root.get("height")


def test_render_state_shows_every_hand_and_render_observation_only_ones_own(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    game = make_game(3)
    state = make_state(hands={0: [8, 13, 7, 2], 1: [40, 41, 42, 43]})
    full = game.render_state(state)
    assert "seat 0 hand: The Lighthouse 2 (shovel), The Oasis 3 (map)" in full
    assert "seat 1 hand: The Volcano 0 (shovel), The Volcano 1 (doubloons)" in full
    mine = game.render_observation(game.observe(state, 0))
    assert "your hand (seat 0): The Lighthouse 2 (shovel)" in mine
    assert "The Volcano 0" not in mine
    assert "treasure board: I Rose Quartz (gems 1)" in mine

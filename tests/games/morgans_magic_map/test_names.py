"""The printed names of the tiles, map cards and treasure cards, looked up and printed back."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import boardgames
from boardgames.games.morgans_magic_map.components import (
    MAP_CARD_NAMES,
    MAP_CARDS,
    TILE_NAMES,
    TILES,
    TREASURE_CARD_NAMES,
    TREASURE_CARDS,
    map_card,
    map_card_name,
    tile,
    tile_name,
    treasure_card,
    treasure_card_name,
)


def test_there_is_one_name_per_component() -> None:
    """Rulebook: "20 map tiles", "72 map cards", "29 treasure cards"; no two are alike.

    Every tile shows its own name, every map card its own reference point and distance,
    every treasure its own name, so each table has one name per physical component.
    """
    assert (20, 72, 29) == (len(TILE_NAMES), len(MAP_CARD_NAMES), len(TREASURE_CARD_NAMES))
    assert [str(t) for t in TILES] == list(TILE_NAMES)
    assert [str(card) for card in MAP_CARDS] == list(MAP_CARD_NAMES)
    assert [str(card) for card in TREASURE_CARDS] == list(TREASURE_CARD_NAMES)


def test_every_tile_name_looks_itself_up() -> None:
    for component in TILES:
        name = tile_name(component)
        assert component.name == name
        assert name == tile_name(component.id)
        assert component is tile(name)


def test_every_map_card_name_looks_itself_up() -> None:
    for component in MAP_CARDS:
        name = map_card_name(component)
        assert f"{TILES[component.reference].name} {component.distance}" == name
        assert name == map_card_name(component.id)
        assert component is map_card(name)


def test_every_treasure_card_name_looks_itself_up() -> None:
    for component in TREASURE_CARDS:
        name = treasure_card_name(component)
        assert component.name == name
        assert name == treasure_card_name(component.id)
        assert component is treasure_card(name)


def test_the_names_the_rulebook_prints_are_found() -> None:
    """The names in the rulebook's text and examples name components.

    Rulebook: "Most contain a reference point (e.g., "The Lighthouse")", "her "2 steps away
    from the Tomb" map card" and "collect the Silver Teapot".
    """
    lighthouse = tile("The Lighthouse")
    assert lighthouse.reference
    card = map_card("The Tomb 2")
    assert (tile("The Tomb").id, 2) == (card.reference, card.distance)
    assert "Silver Teapot" == treasure_card("Silver Teapot").name


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("the lighthouse", "The Lighthouse"),
        ("  THE   3 columns ", "The 3 Columns"),
        ("big nose BAY", "Big Nose Bay"),
        ("open\tsea", "Open Sea"),
    ],
)
def test_a_tile_name_forgives_case_and_spacing(name: str, expected: str) -> None:
    assert expected == tile_name(tile(name))


def test_card_names_forgive_case_and_spacing() -> None:
    assert MAP_CARDS[10] is map_card("  the TOMB   2")
    assert TREASURE_CARDS[28] is treasure_card("JADE   dragon ")


@pytest.mark.parametrize(
    ("lookup", "name", "kind"),
    [
        (tile, "The Lighthous", "tile"),
        (tile, "Skull Rock", "tile"),
        (map_card, "The Tomb 4", "map card"),
        (map_card, "The Tomb", "map card"),
        (map_card, "Open Sea 1", "map card"),  # a tile without a reference point
        (treasure_card, "Golden Teapot", "treasure card"),
    ],
)
def test_an_unknown_name_is_refused_by_name(
    lookup: Callable[[str], object], name: str, kind: str
) -> None:
    with pytest.raises(boardgames.UnknownComponentError) as caught:
        lookup(name)
    message = str(caught.value)
    assert message.startswith(f"unknown {kind} {name!r}")
    assert isinstance(caught.value, LookupError)


def test_an_unknown_name_suggests_the_closest() -> None:
    with pytest.raises(boardgames.UnknownComponentError, match="did you mean 'Jungle'"):
        tile("Jungel")
    with pytest.raises(boardgames.UnknownComponentError, match="did you mean 'Diadem'"):
        treasure_card("Diadeem")


def test_a_lookup_of_no_text_is_refused() -> None:
    with pytest.raises(boardgames.UnknownComponentError, match="has type int; expected str"):
        tile(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [20, -1, True, "The Oasis", MAP_CARDS[0], TREASURE_CARDS[0]])
def test_a_tile_name_needs_a_tile_or_a_tile_id(bad: object) -> None:
    with pytest.raises(boardgames.UnknownComponentError) as caught:
        tile_name(bad)  # type: ignore[arg-type]
    assert repr(bad) in str(caught.value)


@pytest.mark.parametrize("bad", [72, -1, False, TILES[0]])
def test_a_map_card_name_needs_a_map_card_or_its_id(bad: object) -> None:
    with pytest.raises(boardgames.UnknownComponentError) as caught:
        map_card_name(bad)  # type: ignore[arg-type]
    assert repr(bad) in str(caught.value)


@pytest.mark.parametrize("bad", [29, -3, 1.0, MAP_CARDS[28]])
def test_a_treasure_card_name_needs_a_treasure_card_or_its_id(bad: object) -> None:
    with pytest.raises(boardgames.UnknownComponentError) as caught:
        treasure_card_name(bad)  # type: ignore[arg-type]
    assert repr(bad) in str(caught.value)

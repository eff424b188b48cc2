"""The component tables meet the rulebook's counts and constraints (A-MMM-1 to A-MMM-6)."""

from __future__ import annotations

import itertools
from collections import Counter

from boardgames.games.morgans_magic_map.components import (
    LAYOUT_COLUMNS,
    LAYOUT_ROWS,
    LEVEL_DOUBLOONS,
    MAP_CARDS,
    REFERENCE_LAYOUT,
    SET_SIZES,
    TILES,
    TREASURE_CARDS,
    Symbol,
    TreasureSet,
)
from boardgames.games.morgans_magic_map.geometry import edges_match, is_connected


def card(reference: str, distance: int) -> int:
    """Return the id of the map card naming ``reference`` at ``distance``."""
    return next(
        c.id for c in MAP_CARDS if TILES[c.reference].name == reference and c.distance == distance
    )


def test_the_component_counts_are_the_printed_ones() -> None:
    """Rulebook: "20 map tiles", "72 map cards", "29 treasure cards"."""
    assert (20, 72, 29) == (len(TILES), len(MAP_CARDS), len(TREASURE_CARDS))
    assert list(range(20)) == [tile.id for tile in TILES]
    assert list(range(72)) == [c.id for c in MAP_CARDS]
    assert list(range(29)) == [c.id for c in TREASURE_CARDS]


def test_the_treasure_sets_have_the_printed_sizes() -> None:
    """Rulebook: Gems 8, Silver 5, Gold 5, Pearl 4, Jewelry 4, Jade 3."""
    expected = {
        TreasureSet.GEMS: 8,
        TreasureSet.SILVER: 5,
        TreasureSet.GOLD: 5,
        TreasureSet.PEARL: 4,
        TreasureSet.JEWELRY: 4,
        TreasureSet.JADE: 3,
    }
    assert expected == SET_SIZES
    assert expected == Counter(c.set for c in TREASURE_CARDS)


def test_the_named_tiles_and_treasures_exist() -> None:
    """The named tiles and treasures exist.

    The rulebook names the Lighthouse, Tomb, Oasis, Anthill, Swamp, Biting Cave, Green Tree,
    Skull, 3 Columns and Big Nose Bay, and the Silver Teapot (silver), the Diadem and the Jade
    Dragon (jade); each reference point is on exactly one tile (A-MMM-6).
    """
    names = [tile.name for tile in TILES]
    for name in (
        "The Lighthouse",
        "The Tomb",
        "The Oasis",
        "The Anthill",
        "The Swamp",
        "The Biting Cave",
        "The Green Tree",
        "The Skull",
        "The 3 Columns",
        "Big Nose Bay",
    ):
        assert 1 == names.count(name)
        assert TILES[names.index(name)].reference
    treasures = {c.name: c for c in TREASURE_CARDS}
    assert TreasureSet.SILVER == treasures["Silver Teapot"].set
    assert TreasureSet.JADE == treasures["Jade Dragon"].set
    assert "Diadem" in treasures


def test_most_tiles_carry_a_reference_point() -> None:
    """Rulebook: "Most contain a reference point"; the others are never a card's target."""
    assert 18 == sum(tile.reference for tile in TILES)
    assert all(TILES[c.reference].reference for c in MAP_CARDS)


def test_map_cards_include_distance_zero_and_cover_every_reference_and_symbol() -> None:
    """Map cards include distance zero and cover every reference and symbol.

    Rulebook: "Cards with a tile distance of '0' on them indicate that the pirate pawn must
    be standing on the map tile with the reference point." (A-MMM-2: distance-0 cards exist.)
    """
    kinds = Counter((c.reference, c.distance) for c in MAP_CARDS)
    assert {1} == set(kinds.values())
    assert {0, 1, 2, 3} == {c.distance for c in MAP_CARDS}
    assert 18 == sum(1 for c in MAP_CARDS if c.distance == 0)
    assert dict.fromkeys(Symbol, 18) == Counter(c.symbol for c in MAP_CARDS)


def test_the_example_cards_have_the_symbols_the_examples_need() -> None:
    """The example cards have the symbols the examples need.

    Anna discards "The Tomb" 0 card for its shovel; Luke discards "his card with the
    'shovel' symbol and the two cards with the 'doubloons' symbol" among Green Tree 2,
    Biting Cave 0 and Oasis 2; "The Skull" card in his hand would have been a shovel.
    """
    assert Symbol.SHOVEL is MAP_CARDS[card("The Tomb", 0)].symbol
    luke = [
        MAP_CARDS[card(name, d)].symbol
        for name, d in (("The Green Tree", 2), ("The Biting Cave", 0), ("The Oasis", 2))
    ]
    assert [Symbol.DOUBLOONS, Symbol.SHOVEL, Symbol.DOUBLOONS] == luke
    assert any(
        c.symbol is Symbol.SHOVEL for c in MAP_CARDS if TILES[c.reference].name == "The Skull"
    )


def test_the_reference_layout_is_a_legal_4_by_5_rectangle() -> None:
    """The reference layout is a legal 4 by 5 rectangle.

    Setup: "build the island map by randomly connecting all the map tiles in a starting
    rectangle 4 tiles wide and 5 tiles long ... land edges are next to other land edges and
    water edges are next to other water edges." (A-MMM-1: a legal layout exists.)
    """
    cells = {(x, y) for x, y, _ in REFERENCE_LAYOUT}
    assert {(x, y) for x in range(LAYOUT_COLUMNS) for y in range(LAYOUT_ROWS)} == cells
    assert edges_match(REFERENCE_LAYOUT)
    assert is_connected(REFERENCE_LAYOUT)


def test_the_tiles_show_every_kind_of_edge_pattern() -> None:
    """Design default (A-MMM-1): all-water, all-land, and one, two and three land edges."""
    land = Counter(sum(tile.edges) for tile in TILES)
    assert {0, 1, 2, 3, 4} == set(land)
    two = [tile.edges for tile in TILES if sum(tile.edges) == 2]
    assert any(edges[0] == edges[2] for edges in two)  # opposite
    assert any(edges[0] != edges[2] for edges in two)  # adjacent


def test_treasure_ranks_are_unique_and_follow_the_value() -> None:
    """Ruling A-MMM-3: "ranks unique 1..29, increasing with value"."""
    assert list(range(1, 30)) == sorted(c.rank for c in TREASURE_CARDS)
    for first, second in itertools.combinations(TREASURE_CARDS, 2):
        if first.value < second.value:
            assert first.rank < second.rank
    assert "Jade Dragon" == max(TREASURE_CARDS, key=lambda c: c.rank).name


def test_level_bonuses_are_those_of_the_examples() -> None:
    """Level bonuses are those of the examples.

    Examples: level II gives 1 doubloon, III 2 (Silver Teapot), IV 3 (Diadem), V 4 (Jade
    Dragon); level I shows none.
    """
    assert (0, 1, 2, 3, 4) == LEVEL_DOUBLOONS

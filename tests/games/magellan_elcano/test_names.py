"""Cards looked up by their printed names, and printed back."""

from __future__ import annotations

import pytest

from boardgames import UnknownComponentError
from boardgames.games.magellan_elcano import components
from boardgames.games.magellan_elcano.components import CREW_CARDS, OCEAN_CARDS, STORM_CARDS


def test_every_card_looks_itself_up_by_its_printed_name() -> None:
    for crew in CREW_CARDS:
        assert components.crew_card(str(crew)) is crew
    for ocean in OCEAN_CARDS:
        assert components.ocean_card(str(ocean)) is ocean
    for storm in STORM_CARDS:
        copies = components.storm_cards(str(storm))
        assert storm in copies
        assert all(other.points == storm.points for other in copies)


def test_a_storm_name_stands_for_every_identical_copy() -> None:
    """Rulebook: "Storm cards have lower values: 1 x 1 victory point; 3 x 2 vp; 2 x 3 vp."."""
    assert [len(components.storm_cards(f"storm {points}")) for points in (1, 2, 3)] == [1, 3, 2]


def test_names_forgive_case_and_spacing() -> None:
    assert components.crew_card(" g3/r5 ").id == 10
    assert components.ocean_card("BLUE   4").id == 8


@pytest.mark.parametrize(
    ("lookup", "name", "message"),
    [
        (components.crew_card, "R9", r"unknown crew card 'R9'"),
        (components.crew_card, "R2/B4", r"did you mean"),
        (components.ocean_card, "red 8", r"unknown ocean card 'red 8'"),
        (components.storm_cards, "storm 4", r"unknown storm card 'storm 4'"),
    ],
)
def test_an_unknown_name_is_refused_with_the_closest_names(
    lookup: object, name: str, message: str
) -> None:
    assert callable(lookup)
    with pytest.raises(UnknownComponentError, match=message):
        lookup(name)

"""Components looked up by printed name (:mod:`boardgames.core.names`)."""

from __future__ import annotations

import pytest

from boardgames import UnknownComponentError
from boardgames.core.names import ComponentNames

COLOURS = ComponentNames("colour", {"Red": 0, "Blue": 1, "Green": 2})


def test_a_name_looks_up_its_component_and_prints_back() -> None:
    for name in COLOURS:
        assert COLOURS.name(COLOURS.get(name)) == name
    assert list(COLOURS) == ["Red", "Blue", "Green"]
    assert len(COLOURS) == 3


def test_the_lookup_forgives_case_and_spacing() -> None:
    assert COLOURS.get("  rED ") == 0
    assert "green" in COLOURS
    assert "violet" not in COLOURS
    assert 3 not in COLOURS


def test_an_unknown_name_says_what_is_near() -> None:
    with pytest.raises(UnknownComponentError, match=r"unknown colour 'Bleu'; did you mean 'Blue'"):
        COLOURS.get("Bleu")
    with pytest.raises(UnknownComponentError, match="has type int; expected str"):
        COLOURS.get(1)  # type: ignore[arg-type]
    with pytest.raises(UnknownComponentError, match="7 is not a colour"):
        COLOURS.name(7)


def test_a_table_that_names_something_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="given twice"):
        ComponentNames("colour", {"Red": 0, "red ": 1})
    with pytest.raises(ValueError, match="has two names"):
        ComponentNames("colour", {"Red": 0, "Crimson": 0})

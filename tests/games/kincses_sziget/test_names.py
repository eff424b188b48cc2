"""The printed names of the cards: every card looks itself up, and unknown names are refused."""

from __future__ import annotations

import collections
from collections.abc import Callable

import attrs
import pytest

import boardgames
from boardgames.games.kincses_sziget.components import (
    CREW_CARD_NAMES,
    CREW_CARDS,
    EVENT_CARD_NAMES,
    EVENT_CARDS,
    ISLAND_NAMES,
    ISLANDS,
    MISSION_NAMES,
    MISSIONS,
    TREASURE_NAMES,
    TREASURES,
    Colour,
    EventKind,
    Pirate,
    Weapon,
    crew_card,
    crew_card_name,
    event_card_name,
    event_cards_named,
    island_card,
    island_card_name,
    mission,
    mission_name,
    treasure,
    treasure_name,
)

ONE_OF_A_KIND: list[tuple[str, tuple[object, ...], Callable[[str], object], Callable[..., str]]] = [
    ("crew card", CREW_CARDS, crew_card, crew_card_name),
    ("treasure", TREASURES, treasure, treasure_name),
    ("island card", ISLANDS, island_card, island_card_name),
    ("mission", MISSIONS, mission, mission_name),
]
"""The tables whose names each name one card: kind, cards, lookup, name."""

LOOKUPS: list[Callable[[str], object]] = [
    crew_card,
    treasure,
    island_card,
    mission,
    event_cards_named,
]

NAMINGS: list[tuple[str, int, Callable[..., str]]] = [
    ("crew card", len(CREW_CARDS), crew_card_name),
    ("treasure", len(TREASURES), treasure_name),
    ("island card", len(ISLANDS), island_card_name),
    ("mission", len(MISSIONS), mission_name),
    ("event card", len(EVENT_CARDS), event_card_name),
]


@pytest.mark.parametrize(("kind", "cards", "lookup", "naming"), ONE_OF_A_KIND)
def test_every_card_s_name_looks_up_that_card_given_as_itself_or_its_id(
    kind: str,
    cards: tuple[object, ...],
    lookup: Callable[[str], object],
    naming: Callable[..., str],
) -> None:
    """Each crew card, treasure, island and mission has a name of its own that finds it."""
    names = [naming(card) for card in cards]
    assert len(cards) == len(set(names)), kind
    for index, card in enumerate(cards):
        assert naming(card) == naming(index)
        assert card == lookup(naming(card))


def test_the_names_are_the_cards_own_names_or_their_printed_text() -> None:
    """Crew cards, treasures and islands go by their names; missions by text and discs."""
    assert [card.name for card in CREW_CARDS] == list(CREW_CARD_NAMES)
    assert [card.name for card in TREASURES] == list(TREASURE_NAMES)
    assert [card.name for card in ISLANDS] == list(ISLAND_NAMES)
    assert [str(card) for card in MISSIONS] == list(MISSION_NAMES)
    assert "Open the secret casket! (+8/-2)" == mission_name(12)
    assert "Tim Cook" == crew_card_name(40)
    assert "gambling game" == crew_card_name(69)


def test_every_event_card_s_name_looks_up_all_its_identical_copies() -> None:
    """An event name names a kind of card: the ids returned are the cards printing it."""
    for card in EVENT_CARDS:
        copies = event_cards_named(event_card_name(card))
        assert card.id in copies
        assert event_card_name(card) == event_card_name(card.id)
        assert list(copies) == sorted(copies)
        for other in copies:
            assert attrs.evolve(card, id=0) == attrs.evolve(EVENT_CARDS[other], id=0)
    named = [ident for name in EVENT_CARD_NAMES for ident in event_cards_named(name)]
    assert sorted(named) == list(range(len(EVENT_CARDS)))  # each card under exactly one name


def test_identical_event_cards_share_a_name_and_different_ones_do_not() -> None:
    """No name tells identical copies apart, and no name covers two different cards.

    Rulebook (Components): "64 event cards". (Intrigue): "The deck contains 4 intrigue cards
    in total." The four are one name.
    """
    kinds = collections.Counter(attrs.evolve(card, id=0) for card in EVENT_CARDS)
    assert len(kinds) == len(EVENT_CARD_NAMES)
    for kind, count in kinds.items():
        assert count == len(event_cards_named(str(kind)))
    assert (26, 27, 28, 29) == event_cards_named("intrigue")
    assert 5 == len(event_cards_named("repair")) == len(event_cards_named("telescope"))
    assert (30,) == event_cards_named("blue mutiny 19")
    assert (33,) == event_cards_named("blue mutiny 25")


def test_the_rulebook_s_named_cards_are_found_by_their_names() -> None:
    """The cards the rulebook names look up to what it says of them.

    Rulebook (Duel): "Example: Playing Tim Cook with a weapon card depicting a gambling
    game raises his black (influence) value from 11 to 26". (Quick Explanation of the
    Missions): "Of the treasures of value 1, the "casket" is worth much more to you."
    (Scoring note): "the value-3 "gold dragon" can be counted in the total value of the
    treasure cards".
    """
    tim_cook = crew_card("Tim Cook")
    gambling_game = crew_card("gambling game")
    assert isinstance(tim_cook, Pirate)
    assert isinstance(gambling_game, Weapon)
    assert 11 == tim_cook.value(Colour.BLACK)
    assert (Colour.BLACK, 5) == (gambling_game.colour, gambling_game.value)
    assert 1 == treasure("casket").value
    assert 3 == treasure("gold dragon").value


@pytest.mark.parametrize(
    ("lookup", "written", "printed"),
    [
        (crew_card, "tim cook", "Tim Cook"),
        (crew_card, "  GRACE   O'MALLEY ", "Grace O'Malley"),
        (crew_card, "Admiral's Medallion", "admiral's medallion"),
        (treasure, "Gold\tDragon", "gold dragon"),
        (island_card, "port  royal  rock", "Port Royal Rock"),
        (mission, "be the second to arrive! (+6/-2)", "Be the second to arrive! (+6/-2)"),
        (event_cards_named, " Orange  DUEL (double circle) ", "orange duel (double circle)"),
        (event_cards_named, "REEFS 26", "reefs 26"),
    ],
)
def test_lookups_forgive_case_and_spacing(
    lookup: Callable[[str], object], written: str, printed: str
) -> None:
    """A name found in another case or with other spacing is the same card."""
    assert lookup(printed) == lookup(written)


@pytest.mark.parametrize("lookup", LOOKUPS)
@pytest.mark.parametrize("name", ["Blackbeard", "", "reefs 18", "Open the secret casket!"])
def test_an_unknown_name_raises_unknown_component_error_naming_it(
    lookup: Callable[[str], object], name: str
) -> None:
    """No card is printed with these names: the error names the input (and is a LookupError)."""
    with pytest.raises(boardgames.UnknownComponentError, match="unknown") as caught:
        lookup(name)
    assert repr(name) in str(caught.value)
    assert isinstance(caught.value, LookupError)
    assert isinstance(caught.value, boardgames.BoardgamesError)


def test_an_unknown_name_suggests_the_closest_names() -> None:
    """A near miss points at the card meant."""
    with pytest.raises(boardgames.UnknownComponentError, match="did you mean 'Tim Cook'"):
        crew_card("Tim Cok")
    with pytest.raises(boardgames.UnknownComponentError, match="did you mean 'intrigue'"):
        event_cards_named("intrigues")
    with pytest.raises(boardgames.UnknownComponentError, match="did you mean 'casket'"):
        treasure("caskett")


@pytest.mark.parametrize(("kind", "count", "naming"), NAMINGS)
@pytest.mark.parametrize("card", [-1, "count", True, None, "0", 1.0])
def test_naming_a_thing_that_is_no_card_raises_unknown_component_error(
    kind: str, count: int, naming: Callable[..., str], card: object
) -> None:
    """Only the cards of a table and their ids 0 to count - 1 have names."""
    bad = count if card == "count" else card
    with pytest.raises(boardgames.UnknownComponentError, match=kind) as caught:
        naming(bad)
    assert repr(bad) in str(caught.value)


def test_a_card_of_another_table_has_no_name_in_this_one() -> None:
    """A treasure is no crew card, a mission no event card."""
    with pytest.raises(boardgames.UnknownComponentError, match="is not a crew card"):
        crew_card_name(TREASURES[0])  # type: ignore[arg-type]
    with pytest.raises(boardgames.UnknownComponentError, match="is not an event card"):
        event_card_name(MISSIONS[0])  # type: ignore[arg-type]
    forged = attrs.evolve(EVENT_CARDS[0], kind=EventKind.STORM)
    with pytest.raises(boardgames.UnknownComponentError, match="is not an event card"):
        event_card_name(forged)

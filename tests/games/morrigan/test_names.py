"""Printed card names: every kind reads back from its name, forgiving case and spacing."""

from __future__ import annotations

import pytest

import boardgames
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    CARD_NAMES,
    CARDS,
    DECK,
    CardKind,
    CardType,
    card_kind,
    card_kind_name,
    cards_named,
)

K = CardKind


@pytest.mark.parametrize("kind", list(CardKind), ids=str)
def test_every_kind_looks_itself_up_by_its_name(kind: CardKind) -> None:
    """The name of a kind is its ``str``, and it reads back to the kind."""
    name = card_kind_name(kind)
    assert str(kind) == name
    assert kind is card_kind(name)
    assert name in CARD_NAMES


def test_every_card_looks_up_its_kind_and_its_name_gives_its_copies() -> None:
    """Each of the cards of the deck is found, with every copy of its kind, under its name."""
    for card in CARDS:
        name = card_kind_name(card.kind)
        assert card.kind is card_kind(name)
        assert card.id in cards_named(name)


def test_identical_copies_share_one_name_and_no_name_tells_them_apart() -> None:
    """A name names a kind: all its copies, in id order, as many as the deck holds."""
    assert len(CardKind) == len(CARD_NAMES)
    assert [str(kind) for kind in CardKind] == list(CARD_NAMES)
    for kind, count in DECK:
        ids = cards_named(str(kind))
        assert count == len(ids)
        assert sorted(ids) == list(ids)
        assert {kind} == {CARD_KINDS[card] for card in ids}
    every = [card for kind in CardKind for card in cards_named(str(kind))]
    assert [card.id for card in CARDS] == sorted(every)


@pytest.mark.parametrize("card_type", [t for t in CardType if t is not CardType.SPECIAL], ids=str)
def test_each_type_with_a_value_is_named_by_type_and_value(card_type: CardType) -> None:
    """A type's five kinds are named by the type and the value.

    Rulebook (of each of Action, Ordeal, Adversary and Territory cards): "They may have a
    value between 1 and 5."
    """
    for value in range(1, 6):
        kind = card_kind(f"{card_type} {value}")
        assert (card_type, value) == (kind.type, kind.face_value)
    assert f"{card_type} 6" not in CARD_NAMES
    assert f"{card_type} 0" not in CARD_NAMES


def test_the_special_cards_are_named_as_the_rulebook_prints_them() -> None:
    """The ten Special cards go by their English names in the rulebook's list.

    Rulebook: "The Special cards have the following effects: - Unexpected Ally (Allié
    Inattendu): ... - The King's Favourite (Favori du Roi): ... - Secret Treasure (Trésor
    Secret): ... - Sorcery (Sorcellerie): ... - Deluge (Déluge): ... - Glacial Winter
    (Hiver Glacial): ... - Curse (Malédiction): ... - Earthquake (Séisme): ... - Blessing
    (Bénédiction): ... - Catapult (Catapulte): ..."
    """
    printed = {
        "Unexpected Ally": K.UNEXPECTED_ALLY,
        "The King's Favourite": K.KINGS_FAVOURITE,
        "Secret Treasure": K.SECRET_TREASURE,
        "Sorcery": K.SORCERY,
        "Deluge": K.DELUGE,
        "Glacial Winter": K.GLACIAL_WINTER,
        "Curse": K.CURSE,
        "Earthquake": K.EARTHQUAKE,
        "Blessing": K.BLESSING,
        "Catapult": K.CATAPULT,
    }
    assert printed == {name: card_kind(name) for name in printed}
    assert printed == {card_kind_name(kind): kind for kind in printed.values()}
    assert {kind for kind in CardKind if kind.type is CardType.SPECIAL} == set(printed.values())


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("action 3", K.ACTION_3),
        ("ACTION 3", K.ACTION_3),
        ("  Action   3  ", K.ACTION_3),
        ("tErRiToRy\t5", K.TERRITORY_5),
        ("the king's favourite", K.KINGS_FAVOURITE),
        ("THE  KING'S\nFAVOURITE", K.KINGS_FAVOURITE),
        (" glacial winter", K.GLACIAL_WINTER),
    ],
)
def test_names_forgive_case_and_spacing(name: str, kind: CardKind) -> None:
    """Case and runs of white space do not matter."""
    assert kind is card_kind(name)
    assert cards_named(str(kind)) == cards_named(name)


@pytest.mark.parametrize(
    ("name", "close"),
    [
        ("Action 6", "'Action 5'"),
        ("Acton 3", "'Action 3'"),
        ("Kings Favourite", '"The King\'s Favourite"'),
        ("Ordeal3", "'Ordeal 3'"),
    ],
)
def test_an_unknown_name_is_refused_naming_it_and_the_closest_names(name: str, close: str) -> None:
    """A name no card bears raises ``UnknownComponentError``, quoting it and a near name."""
    with pytest.raises(boardgames.UnknownComponentError) as caught:
        card_kind(name)
    message = str(caught.value)
    assert message.startswith(f"unknown card kind {name!r}; did you mean ")
    assert close in message
    with pytest.raises(boardgames.UnknownComponentError, match="unknown card kind"):
        cards_named(name)


def test_a_name_far_from_every_name_lists_some_names() -> None:
    """Without a near name the message says how many names there are, and some of them."""
    with pytest.raises(boardgames.UnknownComponentError) as caught:
        card_kind("Maletar")
    message = str(caught.value)
    assert "did you mean" not in message
    assert "unknown card kind 'Maletar' (30 card kinds: 'Action 1', " in message


def test_unknown_component_error_is_a_lookup_error_and_a_boardgames_error() -> None:
    """Callers may catch it as the library's root error or as the built-in ``LookupError``."""
    with pytest.raises(LookupError):
        card_kind("")
    with pytest.raises(boardgames.BoardgamesError):
        card_kind("")


@pytest.mark.parametrize("name", [3, None, K.ACTION_3, b"Action 3"])
def test_a_name_that_is_not_text_is_refused(name: object) -> None:
    """Only a ``str`` is a name (a kind is not its own name)."""
    with pytest.raises(boardgames.UnknownComponentError, match="expected str"):
        card_kind(name)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", [3, "Action 3", None, CardType.ACTION])
def test_only_a_card_kind_has_a_kind_name(kind: object) -> None:
    """A plain ``int``, a name or a type is not a kind: ``card_kind_name`` refuses it."""
    with pytest.raises(boardgames.UnknownComponentError, match="is not a card kind"):
        card_kind_name(kind)  # type: ignore[arg-type]

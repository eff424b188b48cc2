"""The design-default deck (ruling A-MOR-1) and the card kinds."""

from __future__ import annotations

from collections import Counter

from boardgames.games.morrigan import CardKind, CardType
from boardgames.games.morrigan.components import CARD_KINDS, CARDS, DECK


def test_every_type_shows_every_value_from_1_to_5() -> None:
    """Action, Ordeal, Adversary and Territory cards exist with each value 1 to 5.

    Rulebook: "They may have a value between 1 and 5."
    """
    present = {(card.kind.type, card.kind.face_value) for card in CARDS}
    for card_type in (CardType.ACTION, CardType.ORDEAL, CardType.ADVERSARY, CardType.TERRITORY):
        assert {(card_type, value) for value in range(1, 6)} <= present


def test_action_cards_are_the_most_common() -> None:
    """Half the deck is Action cards.

    Rulebook: "They are the most common cards in the game."
    """
    counts = Counter(card.kind.type for card in CARDS)
    assert CardType.ACTION == counts.most_common(1)[0][0]
    assert 50 == counts[CardType.ACTION]


def test_the_ten_special_cards_exist_once_each() -> None:
    """One copy of each of the ten Special cards the rulebook lists.

    Rulebook: "The Special cards have the following effects:" (ten cards); the design
    default (A-MOR-1) has one of each.
    """
    specials = [card.kind for card in CARDS if card.kind.type is CardType.SPECIAL]
    assert sorted(specials) == [CardKind(kind) for kind in range(20, 30)]
    assert [
        "Unexpected Ally",
        "The King's Favourite",
        "Secret Treasure",
        "Sorcery",
        "Deluge",
        "Glacial Winter",
        "Curse",
        "Earthquake",
        "Blessing",
        "Catapult",
    ] == [str(CardKind(kind)) for kind in range(20, 30)]


def test_the_design_default_deck_has_the_documented_counts() -> None:
    """The deck is the documented design default.

    A-MOR-1: "a 100-card deck: 50 Action 12/12/10/8/8, 10 Ordeal, 15 Adversary, 15
    Territory, 10 Specials x1".
    """
    assert 100 == len(CARDS) == sum(count for _, count in DECK)
    counts = Counter(CARD_KINDS)
    assert [12, 12, 10, 8, 8] == [counts[CardKind(kind)] for kind in range(5)]
    assert [2] * 5 == [counts[CardKind.of(CardType.ORDEAL, value)] for value in range(1, 6)]
    assert [3] * 5 == [counts[CardKind.of(CardType.ADVERSARY, value)] for value in range(1, 6)]
    assert [3] * 5 == [counts[CardKind.of(CardType.TERRITORY, value)] for value in range(1, 6)]


def test_fifteen_prestige_is_reachable_and_five_players_can_be_dealt() -> None:
    """The deck holds far more than 15 prestige and deals five hands with cards to spare.

    Rulebook: "The goal of the game is to be the first knight to obtain 15 points of
    prestige" and "each player is dealt 5 cards".
    """
    scoring = sum(
        card.kind.face_value
        for card in CARDS
        if card.kind.type in (CardType.ORDEAL, CardType.ADVERSARY, CardType.TERRITORY)
    )
    assert 120 == scoring
    assert len(CARDS) - 5 * 5 >= 2 + 4


def test_card_ids_follow_kind_order_and_kinds_read_well() -> None:
    """Ids of one kind are consecutive; kinds print as type and value.

    Cards that are mechanically identical are one kind.
    """
    assert list(CARD_KINDS) == sorted(CARD_KINDS)
    assert CardKind.TERRITORY_3 is CardKind.of(CardType.TERRITORY, 3)
    assert "Territory 3" == str(CardKind.TERRITORY_3)
    assert "Ad4" == CardKind.ADVERSARY_4.short
    assert 0 == CardKind.CURSE.face_value
    assert CardType.SPECIAL is CardKind.CURSE.type

"""The design-default card data satisfies every constraint of the rulebook (A-IRA-6)."""

from __future__ import annotations

import collections
import pathlib

from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    EVENT_CARDS,
    ISLAND,
    ISLANDS,
    MISSIONS,
    PEARL_BED_ZONES,
    PEARL_BEDS,
    PIRATE_COUNT,
    TREASURES,
    ZONE_OF,
    ZONE_PENALTY,
    ZONE_POINTS,
    Colour,
    DuelMark,
    EventKind,
    Icon,
    MissionKind,
    Pirate,
    Weapon,
    Zone,
)
from boardgames.games.kincses_sziget.rules import composition_total

TIM_COOK = 40
GAMBLING_GAME = 69
BLACK_BART = 0
BRASS_COMPASS = 48
DOCS_PAGE = pathlib.Path(__file__).parents[3] / "docs" / "games" / "kincses-sziget.md"


def pirates() -> list[Pirate]:
    return [card for card in CREW_CARDS if isinstance(card, Pirate)]


def weapons() -> list[Weapon]:
    return [card for card in CREW_CARDS if isinstance(card, Weapon)]


def test_the_crew_deck_has_48_pirates_and_24_weapons_of_values_3_5_and_10() -> None:
    """The crew deck has 48 pirates and 24 weapons of values 3 5 and 10.

    Rulebook: "72 crew cards, of which: 48 pirate cards (of different values) 24 weapon cards
    (values 3, 5 and 10)".
    """
    assert 72 == len(CREW_CARDS)
    assert 48 == len(pirates()) == PIRATE_COUNT
    assert 24 == len(weapons())
    assert {3, 5, 10} == {weapon.value for weapon in weapons()}
    assert [card.id for card in CREW_CARDS] == list(range(72))
    assert 72 == len({card.name for card in CREW_CARDS})


def test_every_weapon_has_a_colour_and_an_icon() -> None:
    """Every weapon has a colour and an icon.

    Each weapon needs a colour (to match the duel colour, the battle colours or the merchant
    colours) and an icon (its multiplier); each colour has weapons of every value.
    """
    for colour in Colour:
        values = sorted(weapon.value for weapon in weapons() if weapon.colour is colour)
        assert [3, 3, 3, 5, 5, 10] == values
    for weapon in weapons():
        assert weapon.icon.colour is weapon.colour
    assert 24 == len({(w.colour, w.value, w.icon) for w in weapons()})


def test_the_tim_cook_example() -> None:
    """The tim cook example.

    Rulebook: "Example: Playing Tim Cook with a weapon card depicting a gambling game raises his
    black (influence) value from 11 to 26, because the weapon's value of 5 is tripled and added to
    Tim Cook's base value of 11.".
    """
    tim = CREW_CARDS[TIM_COOK]
    game = CREW_CARDS[GAMBLING_GAME]
    assert isinstance(tim, Pirate)
    assert isinstance(game, Weapon)
    assert "Tim Cook" == tim.name
    assert 11 == tim.value(Colour.BLACK)
    assert Icon.DICE == tim.icon == game.icon
    assert (Colour.BLACK, 5, "gambling game") == (game.colour, game.value, game.name)
    assert 11 == composition_total([TIM_COOK], Colour.BLACK)
    assert 26 == composition_total([TIM_COOK, GAMBLING_GAME], Colour.BLACK)


def test_pirate_values_reach_the_scale_of_the_example_and_score_both_ways() -> None:
    """Pirate values reach the scale of the example and score both ways.

    Values must reach 11 (Tim Cook's black) and many pirates must have all values of 5 or
    more (else every pirate scores -1); rulebook: "Pirate cards held in hand are worth 1 point
    each, except that a card whose value in any colour is below 5 counts as –1 point instead.".
    """  # noqa: RUF002
    plus = [pirate for pirate in pirates() if pirate.hand_points == 1]
    minus = [pirate for pirate in pirates() if pirate.hand_points == -1]
    assert 19 == len(plus)
    assert 29 == len(minus)
    assert all(min(pirate.values) >= 5 for pirate in plus)
    assert max(max(pirate.values) for pirate in pirates()) >= 11
    for colour in Colour:
        specialists = [p for p in pirates() if max(p.values) == p.value(colour)]
        assert len(specialists) >= 12
        assert 322 <= sum(pirate.value(colour) for pirate in pirates()) <= 323


def test_36_pirates_carry_one_icon_of_their_speciality_colour_three_per_icon() -> None:
    """36 pirates carry one icon of their speciality colour, three per icon.

    Rulebook: "Some pirates masterfully use certain tools, whose icon is shown in the upper corner
    of the pirate card." The design default (components.py and the docs page): "36 pirates carry
    one item icon of their speciality colour (3 per icon), 12 carry none". The compass is
    ``Icon.COMPASS == 0``: a falsy icon must still multiply.
    """
    icons = collections.Counter(pirate.icon for pirate in pirates())
    expected: dict[Icon | None, int] = dict.fromkeys(Icon, 3)
    expected[None] = 12
    assert expected == dict(icons)
    for pirate in pirates():
        if pirate.icon is not None:
            assert pirate.value(pirate.icon.colour) == max(pirate.values)
    compass = [pirate.name for pirate in pirates() if pirate.icon is Icon.COMPASS]
    assert ["Black Bart", "Edward Low", "Mary Read"] == compass
    assert 8 + 3 * 3 == composition_total([BLACK_BART, BRASS_COMPASS], Colour.ORANGE)


def test_the_documented_pirate_table_matches_the_card_data() -> None:
    """The documented pirate table matches the card data.

    The docs page: "Every table is read from boardgames.games.kincses_sziget.components"; each
    row shows the pirate's four values, icon (or "–"), female and one-eyed marks and hand points.
    """  # noqa: RUF002
    text = DOCS_PAGE.read_text(encoding="utf-8")
    section = text[text.index("### Pirates") : text.index("### Weapons")]
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("| ") and line[2].isdigit()
    ]
    expected = [
        [
            str(pirate.id),
            pirate.name,
            *(str(value) for value in pirate.values),
            "–" if pirate.icon is None else str(pirate.icon),  # noqa: RUF001
            "yes" if pirate.female else "",
            "yes" if pirate.one_eyed else "",
            f"{pirate.hand_points:+d}",
        ]
        for pirate in pirates()
    ]
    assert expected == rows


def test_female_pirates_are_otherwise_worth_minus_one_and_one_eyed_pirates_exist() -> None:
    """Female pirates are otherwise worth minus one and one eyed pirates exist.

    Rulebook: "Recruit the most female pirates! – Up to 5 female pirates can be collected. (Beware:
    these pirate cards are otherwise worth –1 point in the final scoring!)".
    """  # noqa: RUF002
    female = [pirate for pirate in pirates() if pirate.female]
    one_eyed = [pirate for pirate in pirates() if pirate.one_eyed]
    assert 12 == len(female)
    assert all(pirate.hand_points == -1 for pirate in female)
    assert 10 == len(one_eyed)
    assert any(pirate.female for pirate in one_eyed)
    assert any(not pirate.female for pirate in one_eyed)


def test_the_treasures_are_twelve_of_each_value_and_the_casket_is_worth_one() -> None:
    """The treasures are twelve of each value and the casket is worth one.

    Rulebook: "36 treasure cards (values 1, 3 and 5)" and "Of the treasures of value 1, the "casket"
    is worth much more to you.".
    """
    counts = collections.Counter(treasure.value for treasure in TREASURES)
    assert {1: 12, 3: 12, 5: 12} == counts
    caskets = [treasure for treasure in TREASURES if treasure.name == "casket"]
    assert 1 == len(caskets)
    assert (0, 1) == (caskets[0].id, caskets[0].value)
    names = {treasure.name for treasure in TREASURES if treasure.value == 3}
    assert {"gold dragon", "jade dragon", "marble statue", "painted vase"} <= names


def test_there_are_twelve_islands_three_per_colour() -> None:
    """There are twelve islands three per colour.

    Rulebook: "12 island cards" and "Each island card shows a coloured disc with a number on it.";
    A-IRA-6: island values are calibrated to hand totals (not 1-3).
    """
    assert 12 == len(ISLANDS)
    for colour in Colour:
        assert 3 == sum(1 for island in ISLANDS if island.colour is colour)
    assert min(island.value for island in ISLANDS) >= 11


def test_the_event_deck_has_the_stated_counts() -> None:
    """The event deck has the stated counts.

    Rulebook: "64 event cards"; "The duel deck contains 4 duel cards per colour: 2 with a double
    circle, 1 with a cross, and 1 without a mark"; "The deck contains 4 battle cards in total"; "The
    deck contains 6 merchant cards"; "4 intrigue cards"; "There are 4 mutiny cards"; "There are 4
    reef cards"; "There are 4 chest cards"; "There are 4 tailwind cards"; "There are 4 storm cards";
    "There are 4 parrot cards". Repair and telescope share the remaining 10 (A-IRA-5).
    """
    counts = collections.Counter(card.kind for card in EVENT_CARDS)
    assert 64 == len(EVENT_CARDS)
    assert {
        EventKind.DUEL: 16,
        EventKind.BATTLE: 4,
        EventKind.MERCHANT: 6,
        EventKind.INTRIGUE: 4,
        EventKind.MUTINY: 4,
        EventKind.REEFS: 4,
        EventKind.CHEST: 4,
        EventKind.REPAIR: 5,
        EventKind.TAILWIND: 4,
        EventKind.TELESCOPE: 5,
        EventKind.STORM: 4,
        EventKind.PARROT: 4,
    } == dict(counts)
    for colour in Colour:
        marks = collections.Counter(
            card.mark
            for card in EVENT_CARDS
            if card.kind is EventKind.DUEL and card.colours == (colour,)
        )
        assert {DuelMark.DOUBLE_CIRCLE: 2, DuelMark.CROSS: 1, DuelMark.PLAIN: 1} == marks


def test_only_the_plain_duels_carry_the_shell() -> None:
    """Rulebook: "1 without a mark (the latter also allow the sale of a pearl oyster)"; E23."""
    shells = [card for card in EVENT_CARDS if card.shell]
    assert 4 == len(shells)
    assert all(card.kind is EventKind.DUEL and card.mark is DuelMark.PLAIN for card in shells)


def test_battle_merchant_mutiny_and_reef_cards_have_the_stated_colours() -> None:
    """Battle merchant mutiny and reef cards have the stated colours.

    Rulebook: battle "background is split into three colours"; merchant "Each has 2 colours on its
    background (each colour combination appears once)"; mutiny "A victory in a mutiny may be won in
    the blue, green or black ability"; reefs "only the orange values count".
    """
    for card in EVENT_CARDS:
        if card.kind is EventKind.BATTLE:
            assert 3 == len(set(card.colours))
            assert DuelMark.DOUBLE_CIRCLE is card.mark
        if card.kind is EventKind.MUTINY:
            assert card.colours[0] in (Colour.BLUE, Colour.GREEN, Colour.BLACK)
            assert card.value >= 11
        if card.kind is EventKind.REEFS:
            assert (Colour.ORANGE,) == card.colours
            assert card.value >= 11
    pairs = {frozenset(card.colours) for card in EVENT_CARDS if card.kind is EventKind.MERCHANT}
    assert 6 == len(pairs)
    assert all(2 == len(pair) for pair in pairs)
    orders = {card.colours for card in EVENT_CARDS if card.kind is EventKind.BATTLE}
    assert 4 == len(orders)


def test_the_24_missions_are_built_from_the_eleven_described_missions() -> None:
    """The 24 missions are built from the eleven described missions.

    Rulebook: "24 mission cards" and the eleven missions of "Quick Explanation of the Missions":
    the 24 are built from the described types (A-IRA-6).
    """
    assert 24 == len(MISSIONS)
    assert set(MissionKind) == {mission.kind for mission in MISSIONS}
    assert all(mission.bonus > 0 and mission.penalty > 0 for mission in MISSIONS)
    assert "Be the most influential pirate!" == MISSIONS[6].title


def test_the_pearl_bed_table_and_the_zones() -> None:
    """The pearl bed table and the zones.

    Rulebook: the oyster-bed table (A, B, B, C zones: 2 players 1 2 1 2, 3 players 2 2 2 2, 4
    players 3 2 3 2) and "10 pearl oyster markers"; "1 space in zones A and B, 2 in zone C, and 3 in
    zone D"; "Players in zone D: 10 points each. Players in zone C: 5 points each. Players in zone
    B: no points. Players in zone A: –5 points each.".
    """  # noqa: RUF002
    assert (Zone.A, Zone.B, Zone.B, Zone.C) == PEARL_BED_ZONES
    assert {2: (1, 2, 1, 2), 3: (2, 2, 2, 2), 4: (3, 2, 3, 2)} == PEARL_BEDS
    assert 10 == sum(PEARL_BEDS[4])
    assert (1, 1, 2, 3) == ZONE_PENALTY
    assert (-5, 0, 5, 10) == ZONE_POINTS
    assert Zone.A is ZONE_OF[0]
    assert [Zone.A, Zone.B, Zone.C, Zone.D] == [ZONE_OF[s] for s in (10, 11, 32, 42)]
    assert 43 == ISLAND

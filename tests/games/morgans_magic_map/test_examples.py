"""The rulebook's worked examples, played on hand-made states.

The rulebook's map diagrams are not reproduced tile for tile (its tile edges are not
printed); each example is rebuilt on the design-default tiles so that the same moves,
distances and cards occur. The tile-move examples are in ``test_map_change.py``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames import IllegalActionError
from boardgames.games.morgans_magic_map import (
    ChooseCell,
    ChooseRotation,
    Direction,
    DiscardFromHand,
    EndMove,
    KeepHand,
    MorgansMagicMap,
    MorganState,
    Phase,
    PlayMapCard,
    SelectTile,
    Step,
    StopPlaying,
    TakeTreasure,
    UseBonus,
    UsePair,
)
from boardgames.games.morgans_magic_map.components import (
    MAP_CARDS,
    TILES,
    TREASURE_CARDS,
    Symbol,
    TreasureSet,
)
from boardgames.games.morgans_magic_map.geometry import Placement, analyse, distance
from boardgames.games.morgans_magic_map.rules import set_bonuses, treasure_values

OASIS, TOMB, ANTHILL, TREE, CAVE, SKULL, BAY = 1, 2, 3, 5, 6, 7, 9
WATERFALL, WELL, GALLOWS = 11, 13, 17
ANNA = LUKE = 0


def card(reference: str, distance: int) -> int:
    return next(
        c.id for c in MAP_CARDS if TILES[c.reference].name == reference and c.distance == distance
    )


def treasure(name: str) -> int:
    return next(c.id for c in TREASURE_CARDS if c.name == name)


def annas_dig(make_state: Callable[..., MorganState], board: list[int]) -> MorganState:
    """Anna on Big Nose Bay, the Anthill free to move next to her."""
    hand = [card("The Anthill", 0), card("Big Nose Bay", 1), card("The Tomb", 2), 40]
    return make_state(pawns=(BAY, TREE, OASIS), hands={ANNA: hand}, board=board)


def move_anthill_and_dig(game: MorgansMagicMap, state: MorganState) -> MorganState:
    """Move the Anthill next to Anna, step onto it and play the two cards that fit there."""
    state = game.apply(state, SelectTile(ANTHILL))
    state = game.apply(state, ChooseCell(-1, 4))  # its only rotation follows by itself
    assert Phase.MOVE_STEP is state.phase
    state = game.apply(state, Step(Direction.WEST))
    assert ANTHILL == state.pawns[ANNA]
    state = game.apply(state, EndMove())
    state = game.apply(state, PlayMapCard(card("The Anthill", 0)))
    state = game.apply(state, PlayMapCard(card("Big Nose Bay", 1)))
    return game.apply(state, StopPlaying())


def test_annas_dig_with_two_cards_takes_the_gem_on_level_two(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Annas dig with two cards takes the gem on level two.

    Rulebook: "she could move the Anthill map tile to a spot next to her current
    position, then move her pirate pawn on it during the 'move the pirate' action to use the
    other two map cards in her hand during the 'dig' action. ... Because she used two map
    cards, she can take a single treasure card from either of the first two positions on the
    treasure board. She decides to take the gem treasure card from the second spot. Taking a
    treasure card from this spot gives her a bonus of one doubloon. She places the two map
    cards she just played in front of her, face-up, and the treasure card face-down."
    """
    game = make_game(3)
    board = [
        treasure(name)
        for name in ("Rose Quartz", "Rhodonite", "Silver Teapot", "Gold Idol", "Diadem")
    ]
    state = move_anthill_and_dig(game, annas_dig(make_state, board))
    takes = [action for action in game.legal_actions(state) if isinstance(action, TakeTreasure)]
    assert [TakeTreasure(1), TakeTreasure(2)] == takes
    gem = state.treasure_board[1]
    assert TreasureSet.GEMS is TREASURE_CARDS[gem].set
    state = game.apply(state, TakeTreasure(2))
    assert 3 == state.coins[ANNA]
    assert (gem,) == state.treasures[ANNA]
    assert frozenset({card("The Anthill", 0), card("Big Nose Bay", 1)}) == state.play_areas[ANNA]


def test_a_shovel_card_played_this_turn_reaches_the_silver_teapot(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A shovel card played this turn reaches the silver teapot.

    Rulebook: "Because she used two cards to locate the treasure, she can take a single
    treasure card from either of the first two positions on the treasure board ... she
    discards the map card with the shovel symbol to dig one level deeper and collect the
    Silver Teapot. She also takes 2 doubloons as a bonus for taking a card from the third
    layer below the surface."
    """
    game = make_game(3)
    board = [
        treasure(name)
        for name in ("Rose Quartz", "Rhodonite", "Silver Teapot", "Gold Idol", "Diadem")
    ]
    state = move_anthill_and_dig(game, annas_dig(make_state, board))
    shovel = card("Big Nose Bay", 1)
    assert Symbol.SHOVEL is MAP_CARDS[shovel].symbol
    state = game.apply(state, UseBonus(shovel))
    assert treasure("Silver Teapot") == state.treasure_board[2]
    state = game.apply(state, TakeTreasure(3))
    assert (treasure("Silver Teapot"),) == state.treasures[ANNA]
    assert 4 == state.coins[ANNA]
    assert shovel in state.map_discard
    assert shovel not in state.play_areas[ANNA]


def test_annas_turn_takes_the_diadem_from_level_four(
    make_game: Callable[..., MorgansMagicMap],
    make_state: Callable[..., MorganState],
    layout: Callable[..., tuple[Placement, ...]],
) -> None:
    """Annas turn takes the diadem from level four.

    Rulebook: "she decides to move 'The Oasis' tile ... to a position in the lower left
    next to 'The Swamp' ... move her pirate pawn to 'The Tomb' tile. It is two steps away
    ... Her pawn is 1 step away from the Anthill. Her pirate pawn is standing on the Tomb.
    Her pirate pawn is 3 steps away from the Oasis. ... She decides to discard 'The Tomb' map
    card that she played on this turn immediately. ... This card has a shovel icon on it so
    that she can dig one level deeper than normal. She can take the 'Diadem' treasure card
    plus the 3 doubloons as a bonus for claiming the treasure from that depth. The treasure
    board is refilled and reorganized ... Anna then draws three new map cards from the deck
    and passes the turn."
    """
    game = make_game(3)
    tiles = layout({WELL: (4, 4, 0)})  # an earlier turn moved the Old Well: the Oasis is free
    anthill_1, tomb_0, oasis_3 = card("The Anthill", 1), card("The Tomb", 0), card("The Oasis", 3)
    board = [treasure(name) for name in ("Spinel", "Ruby", "Gold Coins", "Diadem", "Jade Tiger")]
    rest = [c.id for c in TREASURE_CARDS if c.id not in board and c.name != "Pink Agate"]
    state = make_state(
        tiles=tiles,
        pawns=(WATERFALL, GALLOWS, BAY),
        hands={ANNA: [anthill_1, tomb_0, oasis_3, 2]},
        board=board,
        treasure_deck=[treasure("Pink Agate"), *rest],
    )
    state = game.apply(state, SelectTile(OASIS))
    state = game.apply(state, ChooseCell(-1, 2))
    state = game.apply(state, ChooseRotation(2))
    island = analyse(state.tiles)
    assert 1 == distance(island.cell(OASIS), island.cell(4))  # next to the Swamp
    state = game.apply(game.apply(state, Step(Direction.WEST)), Step(Direction.SOUTH))
    assert (TOMB, Phase.DIG_PLAY) == (state.pawns[ANNA], state.phase)
    assert [PlayMapCard(oasis_3), PlayMapCard(tomb_0), PlayMapCard(anthill_1), StopPlaying()] == [
        action for action in game.legal_actions(state) if not isinstance(action, UseBonus)
    ]
    for played in (anthill_1, tomb_0, oasis_3):
        state = game.apply(state, PlayMapCard(played))
    state = game.apply(state, StopPlaying())
    assert 3 == max(a.level for a in game.legal_actions(state) if isinstance(a, TakeTreasure))
    state = game.apply(state, UseBonus(tomb_0))
    assert treasure("Diadem") == state.treasure_board[3]
    state = game.apply(state, TakeTreasure(4))
    assert (treasure("Diadem"),) == state.treasures[ANNA]
    assert 5 == state.coins[ANNA]
    names = [TREASURE_CARDS[c].name for c in state.treasure_board]
    assert ["Pink Agate", "Spinel", "Ruby", "Gold Coins", "Jade Tiger"] == names
    hand_before = state.hands[ANNA]
    state = game.apply(state, KeepHand())
    assert 1 == len(hand_before)
    assert 4 == len(state.hands[ANNA])
    assert 1 == game.current_player(state)


LUKES_MAP: tuple[Placement, ...] = (
    (2, 1, 1), (3, 3, 3), (2, 2, 0), (1, 2, 2), (1, 3, 1), (4, 0, 3), (1, 4, 3), (4, 1, 0),
    (2, 4, 2), (1, 5, 1), (1, 1, 0), (3, 1, 3), (0, 5, 3), (4, 3, 2), (4, 4, 0), (2, 5, 3),
    (3, 5, 2), (4, 5, 1), (3, 4, 0), (2, 3, 2),
)  # fmt: skip
"""A map after some turns: the Green Tree sits above the Skull, and a gap lies between the
Oasis and the Skull's south side."""


def test_lukes_pair_of_doubloons_cards_digs_down_to_the_jade_dragon(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Lukes pair of doubloons cards digs down to the jade dragon.

    Rulebook: "He uses the 'change the island map' action to move 'The Biting Cave' tile
    to a new position. Next, he uses the 'move the pirate' action to move his pirate pawn to
    'The Biting Cave' tile ... His pirate pawn is 2 steps away from the Green Tree. His pirate
    pawn is standing on the Biting Cave. His pirate pawn is 2 steps away from the Oasis. (Note
    that the single empty space to the left of the Biting Cave counts as one step.) ... he
    decides to discard his card with the 'shovel' symbol and the two cards with the
    'doubloons' symbol to turn them into another 'shovel': in this way, he can reach the
    maximum depth on the treasure board and recover the 'Jade Dragon' plus the 4 doubloons
    as a bonus. ... Luke decides to discard the last map card he had left in his hand, then
    draws 4 cards from the deck" and "(Please note Luke could not have discarded 'The Skull'
    map card to dig deeper because this card was in his hand.)"
    """
    game = make_game(3)
    tree_2, cave_0, oasis_2 = (
        card("The Green Tree", 2),
        card("The Biting Cave", 0),
        card("The Oasis", 2),
    )
    skull = card("The Skull", 3)
    state = make_state(
        tiles=LUKES_MAP,
        pawns=(SKULL, BAY, GALLOWS),
        hands={LUKE: [tree_2, cave_0, oasis_2, skull]},
        board=[0, 1, 2, 3, treasure("Jade Dragon")],
    )
    state = game.apply(state, SelectTile(CAVE))
    state = game.apply(state, ChooseCell(4, 2))
    if state.phase is Phase.MAP_SELECT_ROTATION:
        state = game.apply(state, game.legal_actions(state)[0])
    state = game.apply(state, Step(Direction.SOUTH))
    assert CAVE == state.pawns[LUKE]
    island = analyse(state.tiles)
    cave = island.cell(CAVE)
    assert (cave[0] - 1, cave[1]) not in island.at  # the empty space left of the Cave
    assert (2, 2) == (
        distance(cave, island.cell(TREE)),
        distance(cave, island.cell(OASIS)),
    )
    state = game.apply(state, EndMove())
    for played in (tree_2, cave_0, oasis_2):
        state = game.apply(state, PlayMapCard(played))
    state = game.apply(state, StopPlaying())
    with pytest.raises(IllegalActionError, match="play area"):
        game.apply(state, UseBonus(skull))
    state = game.apply(state, UseBonus(cave_0))
    first, second = sorted((tree_2, oasis_2))
    state = game.apply(state, UsePair(first, second, Symbol.SHOVEL))
    assert TakeTreasure(5) in game.legal_actions(state)
    state = game.apply(state, TakeTreasure(5))
    assert (treasure("Jade Dragon"),) == state.treasures[LUKE]
    assert 6 == state.coins[LUKE]
    assert frozenset({skull}) == state.hands[LUKE]
    state = game.apply(state, DiscardFromHand(skull))
    assert 4 == len(state.hands[LUKE])
    assert skull in state.map_discard


def test_the_final_scoring_example(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Anna 63, Beth 63, Connor 59; Anna wins the tie-break 34 to 30.

    Rulebook: "Anna has 18 while Beth has 16, and Connor has 19. ... Gems: Beth has 3 cards,
    Connor has 2 cards, and Anna has 1 card. Beth is awarded 6 doubloons. Silver: Each player
    has one card, so they split the 6 doubloons equally, getting 2 doubloons each. Gold: Anna
    and Connor both have 2 cards; Beth only has one. Anna and Connor each get 3 doubloons.
    Pearl: Beth has 2 cards; Anna and Connor have 1 card each. Beth is awarded 6 doubloons.
    Jewelry: Anna and Connor have 2 cards each; Beth has none. Anna and Connor each receive 3
    doubloons. Jade: Beth and Anna have 1 card each; Connor has none. Anna and Beth split the
    6 doubloons, so each receives 3. Finally, they add up the doubloon values shown on all of
    their cards. Anna has 34, Beth has 30, and Connor has 32. Anna and Beth have tied at 63
    doubloons each. Anna wins the tiebreaker, having 34 in treasure value compared to Beth's
    30. Anna is the winner!"
    """
    game = make_game(3)
    names = {
        "Anna": ["Spinel", "Silver Teapot", "Gold Ring", "Gold Chalice", "Pearl Earrings",
                 "Cameo", "Bangle", "Jade Dragon"],
        "Beth": ["Rose Quartz", "Ruby", "Pink Sapphire", "Silver Spoons", "Gold Idol",
                 "Pearl Bracelet", "Black Pearl", "Jade Tiger"],
        "Connor": ["Pink Agate", "Rhodonite", "Silver Candlestick", "Gold Coins", "Gold Crown",
                   "Pearl Necklace", "Amulet", "Diadem"],
    }  # fmt: skip
    treasures = [[treasure(name) for name in names[player]] for player in names]
    unclaimed = ("Pink Topaz", "Silver Bell", "Silver Goblet", "Pink Diamond", "Jade Mask")
    board = [treasure(name) for name in unclaimed]
    state = make_state(
        phase=Phase.GAME_OVER,
        to_move=None,
        turn_number=60,
        coins=(18, 16, 19),
        treasures=treasures,
        board=board,
        treasure_deck=[],
    )
    assert 24 == sum(len(cards) for cards in state.treasures)
    assert (2 + 3 + 3 + 3, 6 + 2 + 6 + 3, 2 + 3 + 3) == set_bonuses(state)
    assert (34, 30, 32) == treasure_values(state)
    assert (63.0, 63.0, 59.0) == game.score(state)
    assert (1, 2, 3) == game.ranking(state)
    assert game.is_terminal(state)
    assert not game.is_truncated(state)

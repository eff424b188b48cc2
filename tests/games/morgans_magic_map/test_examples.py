"""The rulebook's worked examples, each set up from a position's text.

The rulebook's map diagrams are not reproduced tile for tile (its tile edges are not
printed); each example is rebuilt on the design-default tiles so that the same moves,
distances and cards occur. The tile-move examples are in ``test_map_change.py``.
"""

from __future__ import annotations

import pytest

from boardgames import IllegalActionError
from boardgames.games.morgans_magic_map import (
    Action,
    ChooseCell,
    ChooseRotation,
    Direction,
    DiscardFromHand,
    EndMove,
    KeepHand,
    MorganPosition,
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
    TREASURE_CARDS,
    Symbol,
    TreasureSet,
    map_card,
    treasure_card,
)
from boardgames.games.morgans_magic_map.geometry import analyse, distance
from boardgames.games.morgans_magic_map.rules import set_bonuses, treasure_values

OASIS, TOMB, ANTHILL, SWAMP, TREE, CAVE = 1, 2, 3, 4, 5, 6
ANNA = LUKE = 0

ISLAND = """
    tile The Lighthouse at 1,0 turned 90
    tile The Oasis at 2,2 turned 270
    tile The Tomb at 1,1 turned 0
    tile The Anthill at 0,1 turned 180
    tile The Swamp at 0,2 turned 90
    tile The Green Tree at 2,1 turned 180
    tile The Biting Cave at 0,3 turned 270
    tile The Skull at 3,0 turned 0
    tile The 3 Columns at 1,3 turned 180
    tile Big Nose Bay at 0,4 turned 90
    tile The Volcano at 0,0 turned 0
    tile The Waterfall at 2,0 turned 270
    tile The Shipwreck at 3,1 turned 90
    tile The Old Well at 4,4 turned 0
    tile The Giant Turtle at 3,3 turned 0
    tile Parrot Rock at 1,4 turned 270
    tile The Hanging Bridge at 2,4 turned 180
    tile The Gallows at 3,4 turned 90
    tile Open Sea at 2,3 turned 0
    tile Jungle at 1,2 turned 180
"""
"""The design-default map after an earlier turn moved the Old Well to 4,4, freeing the Oasis."""

LUKES_ISLAND = """
    tile The Lighthouse at 2,1 turned 90
    tile The Oasis at 3,3 turned 270
    tile The Tomb at 2,2 turned 0
    tile The Anthill at 1,2 turned 180
    tile The Swamp at 1,3 turned 90
    tile The Green Tree at 4,0 turned 270
    tile The Biting Cave at 1,4 turned 270
    tile The Skull at 4,1 turned 0
    tile The 3 Columns at 2,4 turned 180
    tile Big Nose Bay at 1,5 turned 90
    tile The Volcano at 1,1 turned 0
    tile The Waterfall at 3,1 turned 270
    tile The Shipwreck at 0,5 turned 270
    tile The Old Well at 4,3 turned 180
    tile The Giant Turtle at 4,4 turned 0
    tile Parrot Rock at 2,5 turned 270
    tile The Hanging Bridge at 3,5 turned 180
    tile The Gallows at 4,5 turned 90
    tile Open Sea at 3,4 turned 0
    tile Jungle at 2,3 turned 180
"""
"""A map after some turns: the Green Tree sits above the Skull, and a gap lies between the
Oasis and the Skull's south side."""


def set_up(text: str, seed: int = 0) -> tuple[MorgansMagicMap, MorganState]:
    """The game and the state of a position's text (what it leaves out drawn from ``seed``)."""
    position = MorganPosition.parse(text)
    game = MorgansMagicMap(players=position.players)
    return game, game.setup(position, seed)


def play(game: MorgansMagicMap, state: MorganState, *actions: Action) -> MorganState:
    """The state after ``actions``, one after the other."""
    for action in actions:
        state = game.apply(state, action)
    return state


def levels(game: MorgansMagicMap, state: MorganState) -> list[int]:
    """The board levels the seat to move may take a treasure from."""
    return [a.level for a in game.legal_actions(state) if isinstance(a, TakeTreasure)]


def card(name: str) -> int:
    return map_card(name).id


def treasure(name: str) -> int:
    return treasure_card(name).id


def test_annas_dig_with_two_cards_takes_the_gem_on_level_two() -> None:
    """Anna moves the Anthill next to her, steps onto it and digs with two cards.

    Rulebook: "she could move the Anthill map tile to a spot next to her current
    position, then move her pirate pawn on it during the 'move the pirate' action to use the
    other two map cards in her hand during the 'dig' action. ... Because she used two map
    cards, she can take a single treasure card from either of the first two positions on the
    treasure board. She decides to take the gem treasure card from the second spot. Taking a
    treasure card from this spot gives her a bonus of one doubloon. She places the two map
    cards she just played in front of her, face-up, and the treasure card face-down."
    """
    game, state = set_up(f"""
        morgans-magic-map players 3
        {ISLAND}
        board Rose Quartz, Rhodonite, Silver Teapot, Gold Idol, Diadem
        seat 0 pawn Big Nose Bay
        seat 0 hand The Anthill 0, Big Nose Bay 1, The Tomb 2, The Volcano 0
        seat 1 pawn The Green Tree
        seat 2 pawn The Oasis
    """)
    state = play(game, state, SelectTile(ANTHILL), ChooseCell(-1, 4))
    assert Phase.MOVE_STEP is state.phase  # the Anthill's only rotation follows by itself
    cards = (card("The Anthill 0"), card("Big Nose Bay 1"))
    state = play(game, state, Step(Direction.WEST), EndMove(), *map(PlayMapCard, cards))
    state = game.apply(state, StopPlaying())
    assert (ANTHILL, [1, 2]) == (state.pawns[ANNA], levels(game, state))
    gem = state.treasure_board[1]
    assert TreasureSet.GEMS is TREASURE_CARDS[gem].set
    state = game.apply(state, TakeTreasure(2))
    assert (3, (gem,)) == (state.coins[ANNA], state.treasures[ANNA])
    assert frozenset(cards) == state.play_areas[ANNA]


def test_a_shovel_card_played_this_turn_reaches_the_silver_teapot() -> None:
    """Anna discards the shovel she just played to take the Silver Teapot from level III.

    Rulebook: "Because she used two cards to locate the treasure, she can take a single
    treasure card from either of the first two positions on the treasure board ... she
    discards the map card with the shovel symbol to dig one level deeper and collect the
    Silver Teapot. She also takes 2 doubloons as a bonus for taking a card from the third
    layer below the surface."
    """
    game, state = set_up("""
        morgans-magic-map players 3
        decision dig-take
        cards-played 2
        board Rose Quartz, Rhodonite, Silver Teapot, Gold Idol, Diadem
        seat 0 hand The Tomb 2, The Volcano 0
        seat 0 played The Anthill 0, Big Nose Bay 1
    """)
    shovel, teapot = card("Big Nose Bay 1"), treasure("Silver Teapot")
    assert Symbol.SHOVEL is MAP_CARDS[shovel].symbol
    state = game.apply(state, UseBonus(shovel))
    assert teapot == state.treasure_board[2]
    state = game.apply(state, TakeTreasure(3))
    assert (4, (teapot,)) == (state.coins[ANNA], state.treasures[ANNA])
    assert shovel in {*state.map_discard} - state.play_areas[ANNA]  # out of her play area


def test_annas_turn_takes_the_diadem_from_level_four() -> None:
    """Anna moves the Oasis, walks to the Tomb, plays three cards and a shovel: the Diadem.

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
    text = f"""
        morgans-magic-map players 3
        {ISLAND}
        board Spinel, Ruby, Gold Coins, Diadem, Jade Tiger
        seat 0 pawn The Waterfall
        seat 0 hand The Anthill 1, The Tomb 0, The Oasis 3, The Lighthouse 2
        seat 1 pawn The Gallows
        seat 2 pawn Big Nose Bay
    """
    game, state = set_up(text, seed=2)  # the seed orders the deck: a level I treasure is next
    anthill_1, tomb_0, oasis_3 = card("The Anthill 1"), card("The Tomb 0"), card("The Oasis 3")
    state = play(game, state, SelectTile(OASIS), ChooseCell(-1, 2), ChooseRotation(2))
    island = analyse(state.tiles)
    assert 1 == distance(island.cell(OASIS), island.cell(SWAMP))
    state = play(game, state, Step(Direction.WEST), Step(Direction.SOUTH))
    assert (TOMB, Phase.DIG_PLAY) == (state.pawns[ANNA], state.phase)
    assert [PlayMapCard(oasis_3), PlayMapCard(tomb_0), PlayMapCard(anthill_1), StopPlaying()] == [
        action for action in game.legal_actions(state) if not isinstance(action, UseBonus)
    ]
    state = play(game, state, *map(PlayMapCard, (anthill_1, tomb_0, oasis_3)), StopPlaying())
    assert [1, 2, 3] == levels(game, state)
    state = game.apply(state, UseBonus(tomb_0))
    assert treasure("Diadem") == state.treasure_board[3]
    state = game.apply(state, TakeTreasure(4))
    assert (5, (treasure("Diadem"),)) == (state.coins[ANNA], state.treasures[ANNA])
    names = [TREASURE_CARDS[c].name for c in state.treasure_board]
    assert ["Pearl Earrings", "Spinel", "Ruby", "Gold Coins", "Jade Tiger"] == names
    assert 1 == len(state.hands[ANNA])
    state = game.apply(state, KeepHand())
    assert (4, 1) == (len(state.hands[ANNA]), game.current_player(state))


def test_lukes_pair_of_doubloons_cards_digs_down_to_the_jade_dragon() -> None:
    """Luke turns two doubloons cards into a second shovel and digs to level V.

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
    game, state = set_up(f"""
        morgans-magic-map players 3
        {LUKES_ISLAND}
        board Rose Quartz, Pink Agate, Rhodonite, Pink Topaz, Jade Dragon
        seat 0 pawn The Skull
        seat 0 hand The Green Tree 2, The Biting Cave 0, The Oasis 2, The Skull 3
        seat 1 pawn Big Nose Bay
        seat 2 pawn The Gallows
    """)
    hand = ("The Green Tree 2", "The Biting Cave 0", "The Oasis 2", "The Skull 3")
    tree_2, cave_0, oasis_2, skull = map(card, hand)
    state = play(game, state, SelectTile(CAVE), ChooseCell(4, 2), Step(Direction.SOUTH))
    assert CAVE == state.pawns[LUKE]
    island = analyse(state.tiles)
    cave = island.cell(CAVE)
    assert (cave[0] - 1, cave[1]) not in island.at  # the empty space left of the Cave
    assert (2, 2) == (distance(cave, island.cell(TREE)), distance(cave, island.cell(OASIS)))
    state = play(game, state, EndMove(), *map(PlayMapCard, (tree_2, cave_0, oasis_2)))
    state = game.apply(state, StopPlaying())
    with pytest.raises(IllegalActionError, match="play area"):
        game.apply(state, UseBonus(skull))
    first, second = sorted((tree_2, oasis_2))
    state = play(game, state, UseBonus(cave_0), UsePair(first, second, Symbol.SHOVEL))
    assert 5 == max(levels(game, state))
    state = game.apply(state, TakeTreasure(5))
    assert (6, (treasure("Jade Dragon"),)) == (state.coins[LUKE], state.treasures[LUKE])
    assert frozenset({skull}) == state.hands[LUKE]
    state = game.apply(state, DiscardFromHand(skull))
    assert 4 == len(state.hands[LUKE])
    assert skull in state.map_discard


def test_the_final_scoring_example() -> None:
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
    game, state = set_up("""
        morgans-magic-map players 3
        turn 60
        decision game-over
        board Pink Topaz, Silver Bell, Silver Goblet, Pink Diamond, Jade Mask
        seat 0 coins 18
        seat 0 treasures Spinel, Silver Teapot, Gold Ring, Gold Chalice, Pearl Earrings, Cameo, Bangle, Jade Dragon
        seat 1 coins 16
        seat 1 treasures Rose Quartz, Ruby, Pink Sapphire, Silver Spoons, Gold Idol, Pearl Bracelet, Black Pearl, Jade Tiger
        seat 2 coins 19
        seat 2 treasures Pink Agate, Rhodonite, Silver Candlestick, Gold Coins, Gold Crown, Pearl Necklace, Amulet, Diadem
    """)  # noqa: E501
    assert 24 == sum(len(cards) for cards in state.treasures)
    assert (2 + 3 + 3 + 3, 6 + 2 + 6 + 3, 2 + 3 + 3) == set_bonuses(state)
    assert (34, 30, 32) == treasure_values(state)
    assert (63.0, 63.0, 59.0) == game.score(state)
    assert (1, 2, 3) == game.ranking(state)
    assert game.is_terminal(state)
    assert not game.is_truncated(state)

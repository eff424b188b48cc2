"""Text and SVG pictures of the island map, states and observations."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable

import pytest

import boardgames
from boardgames.games.morgans_magic_map import (
    Action,
    ChooseCell,
    ChooseRotation,
    DiscardFromHand,
    MorganObservation,
    MorgansMagicMap,
    MorganState,
    PlacePawn,
    PlayMapCard,
    SelectTile,
    Step,
    Symbol,
    TakeTreasure,
    TreasureSet,
    UseBonus,
    UsePair,
    render_map,
    render_map_svg,
)
from boardgames.games.morgans_magic_map.components import (
    CORNERS,
    DIRECTION_OFFSETS,
    MAP_CARDS,
    REFERENCE_LAYOUT,
    TILES,
    TREASURE_CARDS,
    Terrain,
    edge_after_rotation,
)


def test_the_text_map_shows_edges_codes_and_pawns() -> None:
    """Each tile is 8 columns by 3 lines: north edge, west edge + code + east edge, south."""
    text = render_map(REFERENCE_LAYOUT, pawns=(9, None, 9))
    lines = text.splitlines()
    assert 1 + 5 * 3 == len(lines)
    assert "# VOLC ## LIGH ## FALL ~~ SKUL ~" == lines[2].strip()[2:]
    assert "0 ~~~~2" in lines[15]  # seats 0 and 2 on Big Nose Bay, bottom left
    for tile in TILES:
        assert tile.code in text


def test_the_svg_map_is_well_formed() -> None:
    """The SVG has a triangle per land edge, every name, and a disc per placed pawn."""
    svg = render_map_svg(REFERENCE_LAYOUT, pawns=(2, 2, None))
    root = ElementTree.fromstring(svg)
    namespace = "{http://www.w3.org/2000/svg}"
    land = sum(
        edge_after_rotation(TILES[tile], rotation, direction) is Terrain.LAND
        for tile, (_, _, rotation) in enumerate(REFERENCE_LAYOUT)
        for direction in range(4)
    )
    assert land == len(root.findall(f"{namespace}polygon"))
    assert 2 == len(root.findall(f"{namespace}circle"))
    texts = " ".join(element.text or "" for element in root.iter(f"{namespace}text"))
    for tile in TILES:
        for word in tile.name.split():
            assert word in texts
    assert "400" == root.get("width")
    assert "500" == root.get("height")


def test_render_state_shows_every_hand_and_render_observation_only_ones_own(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    game = make_game(3)
    state = make_state(hands={0: [8, 13, 7, 2], 1: [40, 41, 42, 43]})
    full = game.render_state(state)
    assert "seat 0 hand: The Lighthouse 2 (shovel), The Oasis 3 (map)" in full
    assert "seat 1 hand: The Volcano 0 (shovel), The Volcano 1 (doubloons)" in full
    mine = game.render_observation(game.observe(state, 0))
    assert "your hand (seat 0): The Lighthouse 2 (shovel)" in mine
    assert "The Volcano 0" not in mine
    assert "treasure board: I Rose Quartz (gems 1)" in mine


CONFIGURATIONS: tuple[tuple[int, dict[str, bool]], ...] = (
    (2, {}),
    (3, {"exact_bonus_cards": True, "hide_claimed_treasures": True}),
    (4, {"shovel_without_play": True, "connectivity_at_end_of_action": True}),
)


def build(players: int, **options: bool) -> MorgansMagicMap:
    """A configured game, typed as this game's class."""
    game = boardgames.make("morgans-magic-map", players=players, **options)
    assert isinstance(game, MorgansMagicMap)
    return game


def random_states(players: int, options: dict[str, bool], seed: int) -> list[MorganState]:
    """Every state of a random game of the given configuration."""
    game = boardgames.make("morgans-magic-map", players=players, **options)
    record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
    return list(boardgames.replay(record))


def expected_mentions(observation: MorganObservation, action: Action) -> list[str]:
    """What the explanation of ``action`` must name: its card, treasure, tile or cell."""
    mover = observation.to_move
    assert mover is not None
    if isinstance(action, PlacePawn):
        x, y = CORNERS[action.corner]
        tile = next(t for t, (tx, ty, _) in enumerate(observation.tiles) if (tx, ty) == (x, y))
        return [str(action.corner), TILES[tile].name]
    if isinstance(action, SelectTile):
        return [TILES[action.tile].name, TILES[action.tile].code.strip()]
    if isinstance(action, ChooseCell):
        assert observation.selected_tile is not None
        return [TILES[observation.selected_tile].name, f"column {action.x}, row {action.y}"]
    if isinstance(action, ChooseRotation):
        assert observation.selected_tile is not None
        turn = "as printed" if action.rotation == 0 else f"{action.rotation * 90} degrees"
        return [TILES[observation.selected_tile].name, turn]
    if isinstance(action, Step):
        pawn = observation.pawns[mover]
        assert pawn is not None
        x, y, _ = observation.tiles[pawn]
        dx, dy = DIRECTION_OFFSETS[action.direction]
        target = next(
            t for t, (tx, ty, _) in enumerate(observation.tiles) if (tx, ty) == (x + dx, y + dy)
        )
        return [str(action.direction), TILES[target].name]
    if isinstance(action, (PlayMapCard, DiscardFromHand, UseBonus)):
        card = MAP_CARDS[action.card]
        return [f"{card} ({card.symbol})"]
    if isinstance(action, UsePair):
        first, second = MAP_CARDS[action.first], MAP_CARDS[action.second]
        return [str(first), str(second), f"{action.bonus} bonus"]
    if isinstance(action, TakeTreasure):
        treasure = TREASURE_CARDS[observation.treasure_board[action.level - 1]]
        return [
            treasure.name,
            f"worth {treasure.value}",
            f"level {('I', 'II', 'III', 'IV', 'V')[action.level - 1]}",
        ]
    return []


@pytest.mark.parametrize(("players", "options"), CONFIGURATIONS)
def test_explain_action_says_what_each_legal_action_does(
    players: int, options: dict[str, bool]
) -> None:
    """One distinct line per legal action, naming the tile, cell, card or treasure."""
    game = build(players, **options)
    kinds: set[str] = set()
    for state in random_states(players, options, seed=3)[::2]:
        mover = game.current_player(state)
        if mover is None:
            continue
        observation = game.observe(state, mover)
        legal = game.legal_actions(state)
        words = [game.explain_action(observation, action) for action in legal]
        assert len(set(words)) == len(words), words
        for action, line in zip(legal, words, strict=True):
            assert line.strip()
            assert "\n" not in line
            for mention in expected_mentions(observation, action):
                assert mention in line, (action, line)
            kinds.add(type(action).__name__)
    assert {"PlacePawn", "SelectTile", "ChooseCell", "Step", "PlayMapCard"} <= kinds
    assert {"TakeTreasure", "DiscardFromHand", "KeepHand", "UseBonus"} <= kinds


def test_explain_action_depends_on_the_observation_only() -> None:
    """States sampled from the mover's observation give the same explanations."""
    game = build(3)
    for state in random_states(3, {}, seed=8)[50:600:60]:
        mover = game.current_player(state)
        assert mover is not None
        observation = game.observe(state, mover)
        expected = [game.explain_action(observation, a) for a in game.legal_actions(state)]
        sampled = game.observe(game.sample_state(observation, 4), mover)
        assert expected == [game.explain_action(sampled, a) for a in game.legal_actions(state)]


def test_the_legend_explains_every_code_of_the_renderings() -> None:
    """Every tile code, symbol, set, level and marker the text shows is in the legend."""
    game = build(3, hide_claimed_treasures=True)
    legend = game.legend()
    assert 10 <= len(legend.splitlines()) <= 40
    states = random_states(3, {"hide_claimed_treasures": True}, seed=2)
    shown = ""
    for state in states[::40] + states[-1:]:
        shown += game.render_state(state) + "\n"
        shown += game.render_observation(game.observe(state, 1)) + "\n"
        shown += "\n".join(str(action) for action in game.legal_actions(state)) + "\n"
    codes = set(re.findall(r"(?<![A-Za-z])[A-Z0-9]{3,4}(?![A-Za-z])", shown)) - {"500"}
    assert codes
    for code in codes:
        if not code.isdigit():
            assert code in legend
    for tile in TILES:
        assert f"{tile.code.strip()} {tile.name}" in legend
    for word in (*(str(symbol) for symbol in Symbol), *(str(s) for s in TreasureSet)):
        assert word in shown
        assert word in legend
    for marker in ("#", "~", "*", "face down", "play area", "in hand", "score", "set bonuses"):
        assert marker in shown
        assert marker in legend
    for line in shown.splitlines():
        if line.startswith("Morgan's Magic Map"):
            assert "_" not in line  # the decision in words, not a Phase name

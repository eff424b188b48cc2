"""``tile_destinations``: where a tile may be moved to, in every phase, from a state or a view.

The rules are checked on hand-made positions (the reference layout, see
``test_map_change.py`` for its picture), and the query is checked against the engine on
every state of random games: in the map change it must offer exactly what the legal
actions offer, decision by decision; outside it, exactly what the next map change offers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

import boardgames
from boardgames.games.morgans_magic_map import (
    ChooseCell,
    ChooseRotation,
    EndMapChange,
    MorganObservation,
    MorgansMagicMap,
    MorganState,
    Phase,
    SelectTile,
    UseBonus,
    UsePair,
    Variant,
    tile_destinations,
)
from boardgames.games.morgans_magic_map.components import (
    MAP_CARDS,
    TILES,
    Symbol,
    TileId,
    tile,
)
from boardgames.games.morgans_magic_map.geometry import (
    Placement,
    analyse,
    edges_match,
    is_connected,
)
from boardgames.games.morgans_magic_map.queries import Destination

TOMB, TREE, OASIS, BAY, WATERFALL, SHIPWRECK, SKULL = 2, 5, 1, 9, 11, 12, 7
INTERIOR = frozenset({TOMB, TREE, OASIS, 19, 8, 18})
"""The six inner tiles of the reference layout: every side touches a tile."""

MAP_CARD = next(card.id for card in MAP_CARDS if card.symbol is Symbol.MAP)
MAP_PHASES = frozenset({Phase.MAP_SELECT_TILE, Phase.MAP_SELECT_CELL, Phase.MAP_SELECT_ROTATION})

GAMES = (
    (2, (), 1),
    (3, (("connectivity_at_end_of_action", True),), 2),
    (4, (("exact_bonus_cards", True),), 3),
    (3, (("connectivity_at_end_of_action", True), ("exact_bonus_cards", True)), 4),
    (2, (("hide_claimed_treasures", True),), 5),
    (3, (), 6),
)
"""Player counts, options and seeds of the random games (45 turns each)."""


def build(players: int, **options: bool) -> MorgansMagicMap:
    game = boardgames.make("morgans-magic-map", players=players, max_turns=45, **options)
    assert isinstance(game, MorgansMagicMap)
    return game


@functools.cache
def played(
    players: int, options: tuple[tuple[str, bool], ...], seed: int
) -> tuple[MorgansMagicMap, tuple[MorganState, ...]]:
    """A game and every state of a random game of it (RandomBot in each seat)."""
    game = build(players, **dict(options))
    record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
    states = tuple(boardgames.replay(record))
    assert all(isinstance(state, MorganState) for state in states)
    return game, states


def forced_after(before: MorganState, after: MorganState) -> list[object]:
    """The actions the engine applied by itself after the one that led from ``before``."""
    return [action for _, action in after.history[len(before.history) + 1 :]]


def rotations_offered(game: MorgansMagicMap, before: MorganState, after: MorganState) -> set[int]:
    """The rotations offered once the cell is chosen (``after``), or the one forced."""
    forced = forced_after(before, after)
    if forced and isinstance(forced[0], ChooseRotation):
        return {forced[0].rotation}
    assert Phase.MAP_SELECT_ROTATION is after.phase
    legal = game.legal_actions(after)
    assert all(isinstance(action, ChooseRotation) for action in legal)
    return {action.rotation for action in legal if isinstance(action, ChooseRotation)}


def cells_offered(game: MorgansMagicMap, state: MorganState) -> set[Destination]:
    """Every cell and rotation the legal actions offer to the tile in the air."""
    found: set[Destination] = set()
    for action in game.legal_actions(state):
        assert isinstance(action, ChooseCell)
        after = game.apply(state, action)
        cell = (action.x, action.y)
        found.update((cell, rotation) for rotation in rotations_offered(game, state, after))
    return found


_OFFERED: dict[int, tuple[MorganState, dict[TileId, set[Destination]]]] = {}
"""``offered`` of the states met so far, by ``id`` (each kept alive with its answer)."""


def offered(game: MorgansMagicMap, state: MorganState) -> dict[TileId, set[Destination]]:
    """The destinations the legal actions of a map-change state offer, by tile."""
    known = _OFFERED.get(id(state))
    if known is None or known[0] is not state:
        known = _OFFERED[id(state)] = (state, _offered(game, state))
    return known[1]


def _offered(game: MorgansMagicMap, state: MorganState) -> dict[TileId, set[Destination]]:
    if state.phase is Phase.MAP_SELECT_CELL:
        assert state.selected_tile is not None
        return {state.selected_tile: cells_offered(game, state)}
    if state.phase is Phase.MAP_SELECT_ROTATION:
        assert state.selected_tile is not None
        assert state.selected_cell is not None
        rotations = {
            action.rotation
            for action in game.legal_actions(state)
            if isinstance(action, ChooseRotation)
        }
        return {state.selected_tile: {(state.selected_cell, r) for r in rotations}}
    assert Phase.MAP_SELECT_TILE is state.phase
    result: dict[TileId, set[Destination]] = {}
    for action in game.legal_actions(state):
        if not isinstance(action, SelectTile):
            continue
        after = game.apply(state, action)
        forced = forced_after(state, after)
        if forced and isinstance(forced[0], ChooseCell):
            cell = (forced[0].x, forced[0].y)
            rotations = rotations_offered_after_forced_cell(game, state, after, forced)
            result[action.tile] = {(cell, rotation) for rotation in rotations}
        else:
            assert Phase.MAP_SELECT_CELL is after.phase
            result[action.tile] = cells_offered(game, after)
    return result


def rotations_offered_after_forced_cell(
    game: MorgansMagicMap, state: MorganState, after: MorganState, forced: list[object]
) -> set[int]:
    """The rotations after a pick-up whose cell was forced (the rotation may be forced too)."""
    if len(forced) > 1 and isinstance(forced[1], ChooseRotation):
        return {forced[1].rotation}
    assert Phase.MAP_SELECT_ROTATION is after.phase
    return {
        action.rotation
        for action in game.legal_actions(after)
        if isinstance(action, ChooseRotation)
    }


def answers(table: MorganState | MorganObservation) -> dict[TileId, set[Destination]]:
    """The query's answer for every tile that has a destination (each sorted, no repeats)."""
    result = {}
    for tile_id in range(len(TILES)):
        found = tile_destinations(table, tile_id)
        assert sorted(found, key=lambda d: (d[0][1], d[0][0], d[1])) == list(found)
        assert len(set(found)) == len(found)
        if found:
            result[tile_id] = set(found)
    return result


def non_empty(destinations: dict[TileId, set[Destination]]) -> dict[TileId, set[Destination]]:
    return {tile_id: found for tile_id, found in destinations.items() if found}


# ----------------------------------------------------------------------------- rules


def test_a_tile_under_a_pawn_has_no_destination(make_state: Callable[..., MorganState]) -> None:
    """Any pawn pins its tile, in the map change and for the next one.

    Rulebook: "The chosen tile must not be occupied by a pirate pawn. This includes the
    player whose turn it is as well as all other players."
    """
    for phase in (Phase.MAP_SELECT_TILE, Phase.MOVE_STEP, Phase.DIG_PLAY, Phase.DRAW_DISCARD):
        assert tile_destinations(make_state(phase=phase, pawns=(TOMB, TOMB, TOMB)), BAY)
        for seat in range(3):
            pawns = [TOMB, TOMB, TOMB]
            pawns[seat] = BAY
            state = make_state(phase=phase, pawns=pawns)
            assert () == tile_destinations(state, BAY)


def test_a_surrounded_tile_has_no_destination(make_state: Callable[..., MorganState]) -> None:
    """The six inner tiles of the starting rectangle cannot move; the others can.

    Rulebook: "The chosen tile must have at least one edge that is not connected to another
    tile. A tile that is surrounded on all sides by other tiles may not be moved."
    """
    state = make_state(pawns=(TOMB, TOMB, TOMB))
    island = analyse(state.tiles)
    for tile_id in range(len(TILES)):
        found = tile_destinations(state, tile_id)
        assert (tile_id not in INTERIOR) == bool(found)
        assert island.has_free_edge(tile_id) == bool(found)


def test_every_destination_touches_the_map_and_matches_every_edge(
    make_state: Callable[..., MorganState],
) -> None:
    """Each destination is an empty cell next to the map, every edge matching, map joined.

    Rulebook: "The chosen tile must be placed so that at least one edge of the tile is
    connected to an existing tile on the island map." and "land edges must be placed next to
    land edges, and water edges must be placed next to water edges." and "at the end of the
    action, all map tiles must be accessible from all other map tiles."
    """
    state = make_state(pawns=(TOMB, TOMB, TOMB))
    checked = 0
    for tile_id in range(len(TILES)):
        for cell, rotation in tile_destinations(state, tile_id):
            x, y = cell
            others = {(tx, ty) for other, (tx, ty, _) in enumerate(state.tiles) if other != tile_id}
            assert cell not in others
            assert others & {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
            tiles: list[Placement] = list(state.tiles)
            tiles[tile_id] = (x, y, rotation)
            assert edges_match(tiles)
            assert is_connected(tiles)
            checked += 1
    assert checked > 100


def test_a_destination_may_need_a_rotation(make_state: Callable[..., MorganState]) -> None:
    """The Lighthouse fits east of the Skull only turned 180 degrees.

    Rulebook: "A tile could be moved to the spot indicated by the green arrow if the tile is
    properly rotated to connect to the map so that water would connect to water and land to
    land."
    """
    found = tile_destinations(make_state(), tile("The Lighthouse"))
    assert [2] == [rotation for cell, rotation in found if cell == (4, 0)]


def test_a_move_that_splits_the_map_is_no_destination(
    make_state: Callable[..., MorganState], layout: Callable[..., tuple[Placement, ...]]
) -> None:
    """The Waterfall holds the Skull to the map: only the hole keeps the map whole.

    Rulebook: "A tile could not be moved to the spot indicated by the red arrow. This would
    split the island into two parts ... which is not permitted."
    """
    tiles = layout({SHIPWRECK: (4, 2, 0)})
    for phase in (Phase.MAP_SELECT_TILE, Phase.DIG_TAKE):
        state = make_state(tiles=tiles, phase=phase, cards_played=int(phase is Phase.DIG_TAKE))
        found = tile_destinations(state, WATERFALL)
        assert found
        assert {(3, 1)} == {cell for cell, _ in found}


def test_a_split_that_a_later_move_can_join_is_a_destination_with_e5(
    make_state: Callable[..., MorganState], layout: Callable[..., tuple[Placement, ...]]
) -> None:
    """With ``connectivity_at_end_of_action`` a split is allowed while a move is left.

    Rulebook: "The island map may be broken into two more or separate parts momentarily
    while a tile is being moved. However, at the end of the action, all map tiles must be
    accessible from all other map tiles." (Erratum E5.)
    """
    tiles = layout({SHIPWRECK: (4, 2, 0)})
    variant = Variant(connectivity_at_end_of_action=True)
    alone = make_state(tiles=tiles, variant=variant)
    assert (-1, 0) not in {cell for cell, _ in tile_destinations(alone, WATERFALL)}
    two_moves = make_state(tiles=tiles, variant=variant, map_moves_left=2)
    assert (-1, 0) in {cell for cell, _ in tile_destinations(two_moves, WATERFALL)}
    # The next map change of seat 1, whose play area can buy a second move.
    later = make_state(
        tiles=tiles, variant=variant, phase=Phase.DRAW_DISCARD, play_areas={1: [MAP_CARD]}
    )
    assert (-1, 0) in {cell for cell, _ in tile_destinations(later, WATERFALL)}
    mine = make_state(
        tiles=tiles, variant=variant, phase=Phase.DRAW_DISCARD, play_areas={0: [MAP_CARD]}
    )
    assert (-1, 0) not in {cell for cell, _ in tile_destinations(mine, WATERFALL)}


def test_a_tile_moved_in_this_map_change_has_no_destination(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Ruling E10: "Each tile may be moved at most once per map phase"."""
    game = make_game(3)
    state = game.apply(make_state(play_areas={0: [MAP_CARD]}), UseBonus(MAP_CARD))
    state = game.apply(game.apply(state, SelectTile(BAY)), ChooseCell(2, -1))
    if state.phase is Phase.MAP_SELECT_ROTATION:
        state = game.apply(state, ChooseRotation(tile_destinations(state, BAY)[0][1]))
    assert Phase.MAP_SELECT_TILE is state.phase
    assert BAY in state.moved_tiles
    assert () == tile_destinations(state, BAY)
    assert tile_destinations(state, 17)  # the Gallows may still move
    state = game.apply(state, EndMapChange())
    assert tile_destinations(state, BAY)  # the next map change may move it again


def test_while_a_tile_is_moved_only_it_has_destinations(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """A tile in the air has the cells still open to it; no other tile may be picked up.

    Rulebook: "The player may choose to move 1 map tile from the island map and place it
    in any new legal spot on the island map. The tile may be reoriented as part of this
    process."
    """
    game = make_game(3)
    before = make_state(pawns=(TOMB, TOMB, TOMB))
    picked = game.apply(before, SelectTile(BAY))
    assert Phase.MAP_SELECT_CELL is picked.phase
    assert tile_destinations(before, BAY) == tile_destinations(picked, BAY)
    assert {BAY} == {t for t in range(len(TILES)) if tile_destinations(picked, t)}
    cell = (-1, 2)
    turning = game.apply(picked, ChooseCell(*cell))
    assert Phase.MAP_SELECT_ROTATION is turning.phase
    expected = tuple(d for d in tile_destinations(picked, BAY) if d[0] == cell)
    assert len(expected) > 1
    assert expected == tile_destinations(turning, BAY)
    assert {BAY} == {t for t in range(len(TILES)) if tile_destinations(turning, t)}


def test_with_no_move_left_the_answer_is_what_a_map_bonus_opens(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """With no move left, the answer is where the move a Map bonus buys may go.

    Rulebook: "This allows the player to change the position of one additional map tile
    for each map card they discard."
    """
    game = make_game(3)
    spent = make_state(play_areas={0: [MAP_CARD]}, map_moves_left=0)
    assert not any(isinstance(action, SelectTile) for action in game.legal_actions(spent))
    bought = game.apply(spent, UseBonus(MAP_CARD))
    assert non_empty(offered(game, bought)) == answers(spent)


def test_the_answer_is_empty_when_the_game_is_over() -> None:
    _, states = played(*GAMES[0])
    last = states[-1]
    assert Phase.GAME_OVER is last.phase
    assert {} == answers(last)


def test_a_tile_is_given_as_a_tile_or_an_id(make_state: Callable[..., MorganState]) -> None:
    state = make_state()
    assert tile_destinations(state, BAY) == tile_destinations(state, TILES[BAY])


@pytest.mark.parametrize("bad", [20, -1, True, "Big Nose Bay", MAP_CARDS[BAY]])
def test_an_unknown_tile_is_refused(make_state: Callable[..., MorganState], bad: object) -> None:
    with pytest.raises(boardgames.UnknownComponentError) as caught:
        tile_destinations(make_state(), bad)  # type: ignore[arg-type]
    assert repr(bad) in str(caught.value)
    assert "0 to 19" in str(caught.value)


# ----------------------------------------------------------------------------- the engine


@pytest.mark.parametrize("config", GAMES)
def test_in_the_map_change_the_answer_is_what_the_legal_actions_offer(
    config: tuple[int, tuple[tuple[str, bool], ...], int],
) -> None:
    """In the map change the answer is exactly what the legal actions offer.

    In every map-change state with a move left, tile by tile, the query and the engine's
    SelectTile, ChooseCell and ChooseRotation offers name the same destinations.
    """
    game, states = played(*config)
    checked = 0
    for state in states:
        if state.phase not in MAP_PHASES:
            continue
        if state.phase is Phase.MAP_SELECT_TILE and state.map_moves_left < 1:
            continue
        assert non_empty(offered(game, state)) == answers(state)
        checked += 1
    assert checked > 60


def test_with_no_move_left_a_map_bonus_opens_what_the_answer_says() -> None:
    """With no move left, a Map bonus makes the engine offer what the query said.

    Rulebook: "This allows the player to change the position of one additional map tile
    for each map card they discard." The query ignores the moves left; wherever a random
    game could buy a move with a Map bonus, the engine then offers what the query said.
    """
    checked = 0
    for config in GAMES:
        game, states = played(*config)
        for state in states:
            if state.phase is not Phase.MAP_SELECT_TILE or state.map_moves_left:
                continue
            for action in game.legal_actions(state):
                if not is_map_bonus(action):
                    continue
                after = game.apply(state, action)
                if Phase.MAP_SELECT_TILE is after.phase and not forced_after(state, after):
                    assert non_empty(offered(game, after)) == answers(state)
                    checked += 1
    assert checked > 0


def is_map_bonus(action: object) -> bool:
    if isinstance(action, UseBonus):
        return MAP_CARDS[action.card].symbol is Symbol.MAP
    return isinstance(action, UsePair) and action.bonus is Symbol.MAP


@pytest.mark.parametrize("config", GAMES)
def test_outside_the_map_change_the_answer_is_what_the_next_map_change_offers(
    config: tuple[int, tuple[tuple[str, bool], ...], int],
) -> None:
    """Outside the map change the answer is what the next map change offers.

    From the moment the pirate stands where the turn leaves it (the move, the dig, the
    draw), the map and the pawns stay as they are until the next player changes the map:
    the query says then what the legal actions of that map change will offer.

    Rulebook: "During their turn, a player may perform the following 4 actions in this
    order" (the map change first).
    """
    game, states = played(*config)
    checked = 0
    for index, state in enumerate(states):
        if state.phase is not Phase.DRAW_DISCARD:
            continue
        after = states[index + 1]
        forced = forced_after(state, after)
        if Phase.GAME_OVER is after.phase and not forced:
            continue  # the turn limit: no next map change
        if forced:  # nothing could move: the next map change ended by itself
            assert isinstance(forced[0], EndMapChange)
            expected: dict[TileId, set[Destination]] = {}
        else:
            assert Phase.MAP_SELECT_TILE is after.phase
            assert (state.turn_number + 1, 1) == (after.turn_number, after.map_moves_left)
            expected = non_empty(offered(game, after))
        for earlier in reversed(states[: index + 1]):
            if earlier.turn_number != state.turn_number or earlier.phase in MAP_PHASES:
                break
            if earlier.pawns == state.pawns:  # not while the pirate is still on his way
                assert expected == answers(earlier)
                checked += 1
    assert checked > 60


@pytest.mark.parametrize("config", GAMES)
def test_while_the_pawns_are_placed_free_tiles_have_the_first_turns_destinations(
    config: tuple[int, tuple[tuple[str, bool], ...], int],
) -> None:
    """While the pawns are placed, the answer is for the first map change.

    Rulebook: "each player chooses one corner of the island map to place their pirate
    pawn" and "The chosen tile must not be occupied by a pirate pawn." The pawns placed so
    far pin their tiles; every other tile that no pawn will pin has the destinations of
    the first map change.
    """
    game, states = played(*config)
    placing = [state for state in states if state.phase is Phase.PLACE_PAWN]
    assert placing
    index = states.index(placing[-1])
    first = states[index + 1]
    forced = forced_after(placing[-1], first)
    if forced:
        assert isinstance(forced[0], EndMapChange)
        expected: dict[TileId, set[Destination]] = {}
    else:
        assert Phase.MAP_SELECT_TILE is first.phase
        expected = non_empty(offered(game, first))
    for state in placing:
        found = answers(state)
        for tile_id in range(len(TILES)):
            if tile_id in state.pawns:
                assert tile_id not in found
            elif tile_id not in first.pawns:
                assert expected.get(tile_id) == found.get(tile_id)


@pytest.mark.parametrize("config", GAMES)
def test_every_observation_answers_as_the_state(
    config: tuple[int, tuple[tuple[str, bool], ...], int],
) -> None:
    """The query reads only what is on the table, so every seat's view gives its answer."""
    game, states = played(*config)
    for state in states[::3]:
        expected = answers(state)
        for seat in range(state.players):
            assert expected == answers(game.observe(state, seat))

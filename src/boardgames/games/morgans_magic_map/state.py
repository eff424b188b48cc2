"""The state of a game of Morgan's Magic Map."""

from __future__ import annotations

import enum

import attrs

from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.games.morgans_magic_map.actions import Action
from boardgames.games.morgans_magic_map.components import (
    Cell,
    MapCardId,
    TileId,
    TreasureId,
)
from boardgames.games.morgans_magic_map.geometry import IslandMap, Placement

__all__ = ["MorganState", "Phase", "Variant"]


class Phase(enum.Enum):
    """The kind of decision pending, or the end of the game."""

    PLACE_PAWN = 1
    """Setup: the player to move chooses a corner for his pirate pawn."""
    MAP_SELECT_TILE = 2
    """Change the island map: pick a tile to move, use a bonus, or end the map change."""
    MAP_SELECT_CELL = 3
    """Change the island map: choose where the picked-up tile goes."""
    MAP_SELECT_ROTATION = 4
    """Change the island map: choose how the tile is turned there."""
    MOVE_STEP = 5
    """Move the pirate: take one step, use a bonus, or stop."""
    DIG_PLAY = 6
    """Dig: play a map card, use a bonus, or stop playing."""
    DIG_TAKE = 7
    """Dig: take a treasure from the levels reached, or use a bonus to dig deeper."""
    DRAW_DISCARD = 8
    """Draw: discard a card from hand or keep it, then the hand is refilled to 4."""
    GAME_OVER = 9
    """The game has ended (the treasure deck ran out, or the turn limit was reached)."""


@attrs.frozen
class Variant:
    """The options of a game, as the rules code reads them.

    Args:
        max_turns: Player turns after which the game stops (truncated).
        connectivity_at_end_of_action: Check that the map is connected only at the end of
            the map change rather than after each tile move (E5).
        shovel_without_play: Allow a dig with no map card played, by shovel bonuses only
            (A-MMM-9).
        exact_bonus_cards: Offer every card (or pair of cards) that can pay a bonus rather
            than only the lowest ids (A-MMM-13).
        hide_claimed_treasures: Hide which treasures the other players have taken; only
            their number is known (a memory variant).
    """

    max_turns: int = 500
    connectivity_at_end_of_action: bool = False
    shovel_without_play: bool = False
    exact_bonus_cards: bool = False
    hide_claimed_treasures: bool = False


class _Derived:
    """Slots for what the rules derive from a state and keep with it (private, never saved).

    They are no attrs fields: equality, hashing, ``repr``, JSON and pickling ignore them,
    and a state that lacks them (built directly, evolved, loaded or unpickled) gets them on
    first use. Each is a pure function of the state's fields, so keeping it changes nothing
    but speed: ``_island`` is the analysis of the state's map (shared by every state with the
    same map), ``_legal`` the legal actions of the decision pending.
    """

    __slots__ = ("_island", "_legal")

    _island: IslandMap
    _legal: tuple[Action, ...]


@attrs.frozen
class MorganState(_Derived):
    """A full game state, with everything hidden from any player.

    Args:
        players: The number of seats.
        variant: The game's options.
        phase: The kind of decision pending.
        to_move: The seat to decide; ``None`` when the game is over.
        start_player: The seat that takes the first turn.
        turn_number: The current player turn, from 1 (0 while the pawns are placed).
        map_moves_left: Tile moves still allowed in this map change (1, plus 1 per Map bonus).
        moved_tiles: Tiles already moved in this map change (each moves at most once, E10).
        selected_tile: The tile picked up, while its cell and rotation are chosen.
        selected_cell: The cell chosen for it, while its rotation is chosen.
        steps_left: Pirate steps still allowed this turn (2, plus 2 per Boots bonus).
        cards_played: Map cards played in this turn's dig.
        shovels: Shovel bonuses used in this turn's dig.
        tiles: The island map: ``(x, y, rotation)`` of each tile, by tile id.
        pawns: The tile each seat's pirate pawn stands on (``None`` before it is placed).
        coins: Each seat's doubloons.
        hands: Each seat's secret hand of map cards.
        play_areas: Each seat's face-up played map cards, waiting to be used for bonuses.
        map_deck: The face-down map card deck, top card first.
        map_discard: The face-up map card discard pile, oldest first.
        hidden_groups: Public knowledge of the hidden map cards (in hands or the deck): the
            cards of each shuffle that have not been seen since, oldest shuffle first. The
            deck holds only cards of the last group (see the docs page).
        treasure_deck: The face-down treasure deck, top card first.
        treasure_board: The 5 face-up treasures, level I (lowest rank) first.
        treasures: The treasures each seat has taken, in the order taken.
        history: Every action so far, chosen or forced, all public, as ``(seat, action)``
            entries, oldest first. Each state shares it with the states that follow
            (:meth:`~boardgames.History.append`), so it is never copied.
        rng: The random stream (reshuffles of the map card discard pile).
    """

    players: int
    variant: Variant
    phase: Phase
    to_move: PlayerId | None
    start_player: PlayerId
    turn_number: int
    map_moves_left: int
    moved_tiles: frozenset[TileId]
    selected_tile: TileId | None
    selected_cell: Cell | None
    steps_left: int
    cards_played: int
    shovels: int
    tiles: tuple[Placement, ...]
    pawns: tuple[TileId | None, ...]
    coins: tuple[int, ...]
    hands: tuple[frozenset[MapCardId], ...]
    play_areas: tuple[frozenset[MapCardId], ...]
    map_deck: tuple[MapCardId, ...]
    map_discard: tuple[MapCardId, ...]
    hidden_groups: tuple[frozenset[MapCardId], ...]
    treasure_deck: tuple[TreasureId, ...]
    treasure_board: tuple[TreasureId, ...]
    treasures: tuple[tuple[TreasureId, ...], ...]
    history: History[tuple[PlayerId, Action]]
    rng: Rng

"""Positions of Morgan's Magic Map: a table written down as people see it, and read back.

A :class:`MorganPosition` describes what people set up: the island map (each tile's cell
and how it is turned), the pawns, the doubloons, the hands, the cards played in front of
each pirate, the discard pile, the treasure board and the treasures taken, the turn and
the decision pending with its counters, and what everyone remembers of the hidden map
cards (which cards each reshuffle put in the deck, and how many cards of each shuffle each
hand holds). Whatever it leaves out is whatever the rules allow, drawn from the seed of
:meth:`MorgansMagicMap.setup <boardgames.games.morgans_magic_map.MorgansMagicMap.setup>`:
a legal 4 x 5 map without ``tile`` lines, a pawn's tile without its ``pawn`` line (once the
turns have begun), the hand cards written ``?``, the treasure board without its line, the
treasures taken written ``?``, and the order of both decks.

The text notation has one fact a line; ``#`` starts a comment. Components are written by
their printed names (see :mod:`~boardgames.games.morgans_magic_map.components`), lists of
them separated by commas::

    >>> from boardgames.games.morgans_magic_map.position import MorganPosition
    >>> position = MorganPosition.parse('''
    ...     morgans-magic-map players 2
    ...     turn 3
    ...     decision dig-play
    ...     cards-played 1
    ...     seat 0 pawn The Tomb
    ...     seat 0 hand The Anthill 1, The Oasis 3, ?
    ...     seat 0 played The Tomb 0
    ...     board Rose Quartz, Pink Agate, Rhodonite, Diadem, Jade Dragon
    ... ''')
    >>> position.to_move, position.seats[0].hand
    (0, (7, 13, None))
    >>> print(position)
    morgans-magic-map players 2
    start 0
    turn 3
    to-move 0
    decision dig-play
    cards-played 1
    board Rose Quartz, Pink Agate, Rhodonite, Diadem, Jade Dragon
    seat 0 pawn The Tomb
    seat 0 hand The Oasis 3, The Anthill 1, ?
    seat 0 played The Tomb 0

The lines, in the order ``str`` writes them (each at most once but ``tile``,
``reshuffled``, ``moves`` and ``origin``):

* ``morgans-magic-map players N [OPTION ...]``: first, always; the options not at their
  defaults (``max-turns T``, ``connectivity-at-end-of-action``, ``shovel-without-play``,
  ``exact-bonus-cards``, ``hide-claimed-treasures``).
* ``start S``: the start player; ``turn T``: the player turn (0 while the pawns are
  placed); ``to-move S`` (``none`` once the game is over), by default the seat whose turn
  it is (or whose pawn is placed next).
* ``decision NAME``: the decision pending, ``select-tile`` by default (the start of a
  turn): ``place-pawn``, ``select-tile``, ``select-cell TILE`` (the tile picked up),
  ``select-rotation TILE at X,Y`` (and the cell chosen for it), ``move-step``,
  ``dig-play``, ``dig-take``, ``draw-discard`` or ``game-over``.
* ``tile-moves-left N``, ``moved TILE, ...``, ``steps-left N``, ``cards-played N``,
  ``shovels N``: the counters of the turn, where they differ from the decision's defaults
  (1 tile move in the map change, 2 steps before the pirate has moved, 1 card played when
  the treasure is taken, else 0 and none).
* ``tile TILE at X,Y turned DEGREES``: where a tile lies and how it is turned (0, 90, 180
  or 270 degrees clockwise); all 20 tiles or none (a random legal 4 x 5 map).
* ``board TREASURE, ...``: the five treasures on the board (level I first, as the ranks
  order them).
* ``discard CARD, ...``: the face-up discard pile, oldest first.
* ``reshuffled CARD, ...``: one line per reshuffle of the discard pile whose cards nobody
  has seen since, oldest first: the cards of it still hidden (in hands or the deck).
* ``seat S pawn TILE``: the tile the pawn stands on; ``seat S coins N``: the doubloons (2
  by default).
* ``seat S hand CARD|?, ...``: the hand, ``?`` for a card left to the seed (4 by default);
  ``seat S hand-groups N ...``: how many cards of the hand come from each group of hidden
  cards (the hidden cards in no ``reshuffled`` line, if any, then each ``reshuffled``
  line); by default a card named is in its group and every ``?`` in the last group.
* ``seat S played CARD, ...``: the cards in front of the pirate (his play area).
* ``seat S treasures TREASURE|?, ...``: the treasures taken, in the order taken.
* ``moves SEAT+CODE ...``: the public history since the position the lines describe was
  set up, oldest first, in the history's compact notation (``0t14 0c2,-1 0r3``, see
  :mod:`~boardgames.games.morgans_magic_map.actions`).
* ``origin LINE``: a line of the public position the moves start from, when there are
  moves and it is not the deal.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, cast

import attrs

from boardgames.core.errors import ConfigurationError, UnknownComponentError
from boardgames.core.names import ComponentNames
from boardgames.core.notation import Line, Token, header, lines
from boardgames.core.protocol import OptionSpec, PlayerId
from boardgames.core.values import resolve_signature
from boardgames.games.morgans_magic_map._codec import read_token, write_token
from boardgames.games.morgans_magic_map.actions import Action
from boardgames.games.morgans_magic_map.components import (
    MAP_CARD_NAMES,
    MAP_CARDS,
    TILE_NAMES,
    TILES,
    TREASURE_CARD_NAMES,
    TREASURE_CARDS,
    Cell,
    MapCardId,
    TileId,
    TreasureId,
)
from boardgames.games.morgans_magic_map.geometry import Placement
from boardgames.games.morgans_magic_map.state import Phase, Variant

__all__ = ["GAME_NAME", "PHASE_NAMES", "MorganPosition", "SeatPosition"]

GAME_NAME: Final = "morgans-magic-map"
"""The first word of every position's text."""

PHASE_NAMES: Final = {
    Phase.PLACE_PAWN: "place-pawn",
    Phase.MAP_SELECT_TILE: "select-tile",
    Phase.MAP_SELECT_CELL: "select-cell",
    Phase.MAP_SELECT_ROTATION: "select-rotation",
    Phase.MOVE_STEP: "move-step",
    Phase.DIG_PLAY: "dig-play",
    Phase.DIG_TAKE: "dig-take",
    Phase.DRAW_DISCARD: "draw-discard",
    Phase.GAME_OVER: "game-over",
}
"""The word of each decision in the ``decision`` line."""

_PHASES_BY_NAME: Final = {name: phase for phase, name in PHASE_NAMES.items()}
_MAP_PHASES: Final = (Phase.MAP_SELECT_TILE, Phase.MAP_SELECT_CELL, Phase.MAP_SELECT_ROTATION)
_HAND_SIZE: Final = 4
_STEPS: Final = 2
_STARTING_DOUBLOONS: Final = 2
_CARD_COUNT: Final = len(MAP_CARDS)
_RANK: Final = tuple(card.rank for card in TREASURE_CARDS)
_FLAGS: Final = (
    "connectivity_at_end_of_action",
    "shovel_without_play",
    "exact_bonus_cards",
    "hide_claimed_treasures",
)
_DEFAULT_VARIANT: Final = Variant()


def _is_id(value: object, count: int) -> bool:
    return type(value) is int and 0 <= value < count


def _hand(cards: Iterable[MapCardId | None]) -> tuple[MapCardId | None, ...]:
    """Known cards first, by id, then the unknown ones (``None``)."""
    items = tuple(cards)
    if not all(card is None or _is_id(card, _CARD_COUNT) for card in items):
        return items  # setup names the bad card
    known = sorted(card for card in items if card is not None)
    return (*known, *(None for card in items if card is None))


def _board(cards: Iterable[TreasureId] | None) -> tuple[TreasureId, ...] | None:
    """The board as the ranks order it (level I first), or ``None``."""
    if cards is None:
        return None
    items = tuple(cards)
    if not all(_is_id(card, len(TREASURE_CARDS)) for card in items):
        return items  # setup names the bad card
    return tuple(sorted(items, key=lambda card: (_RANK[card], card)))


def _frozenset(values: Iterable[int]) -> frozenset[int]:
    return frozenset(values)


def _groups(values: Iterable[Iterable[MapCardId]]) -> tuple[frozenset[MapCardId], ...]:
    return tuple(frozenset(group) for group in values)


@attrs.frozen
class SeatPosition:
    """One pirate in a position: his pawn, doubloons, cards and treasures.

    Args:
        pawn: The tile the pawn stands on; ``None`` while it is not placed (when the pawns
            are placed) or, once the turns have begun, for a tile drawn from the seed.
        coins: His doubloons.
        hand: His map cards in hand: the ids known, by id, then ``None`` for each card
            left to the seed.
        hand_groups: How many cards of the hand come from each group of hidden cards
            (see :meth:`MorganPosition.hidden_groups`), or ``None`` for the default: a
            card named in its group, each unknown card in the last group.
        played: The map cards face up in front of him (his play area).
        treasures: The treasures taken, in the order taken; ``None`` for a treasure left
            to the seed.
    """

    pawn: TileId | None = None
    coins: int = _STARTING_DOUBLOONS
    hand: tuple[MapCardId | None, ...] = attrs.field(default=(None,) * _HAND_SIZE, converter=_hand)
    hand_groups: tuple[int, ...] | None = None
    played: frozenset[MapCardId] = attrs.field(default=frozenset(), converter=_frozenset)
    treasures: tuple[TreasureId | None, ...] = ()


def _turn_default(position: MorganPosition) -> int:
    return 0 if position.phase is Phase.PLACE_PAWN else 1


def _to_move_default(position: MorganPosition) -> PlayerId | None:
    players, start = position.players, position.start_player
    if type(players) is not int or players < 1 or type(start) is not int:
        return None  # setup names the bad field
    if position.phase is Phase.GAME_OVER:
        return None
    if position.phase is Phase.PLACE_PAWN:
        placed = sum(1 for seat in position.seats if seat.pawn is not None)
        return (start - 1 - placed) % players
    turn = position.turn if type(position.turn) is int else 1
    return (start + turn - 1) % players


def _moves_default(position: MorganPosition) -> int:
    return 1 if position.phase in _MAP_PHASES else 0


def _steps_default(position: MorganPosition) -> int:
    return _STEPS if position.phase in (*_MAP_PHASES, Phase.MOVE_STEP) else 0


def _cards_played_default(position: MorganPosition) -> int:
    return 1 if position.phase is Phase.DIG_TAKE else 0


def _seats_default(position: MorganPosition) -> tuple[SeatPosition, ...]:
    return (SeatPosition(),) * position.players if type(position.players) is int else ()


@attrs.frozen
class MorganPosition:
    """A position of Morgan's Magic Map: the table as people set it up or see it.

    Every field but ``players`` has a default, so a position names only what matters;
    :meth:`~boardgames.games.morgans_magic_map.MorgansMagicMap.setup` checks it and draws
    the rest from its seed. ``str`` gives the text notation (see the module) and
    :meth:`parse` reads it back: ``MorganPosition.parse(str(position)) == position``.

    Args:
        players: The number of pirates, 2 to 4.
        variant: The game's options.
        phase: The decision pending (the start of a turn by default).
        start_player: The seat that took the first turn.
        turn: The player turn, from 1 (0 while the pawns are placed).
        to_move: The seat to decide (``None`` once the game is over); by default the seat
            whose turn it is, or whose pawn is placed next.
        map_moves_left: Tile moves left in the map change.
        moved_tiles: Tiles moved in this map change.
        selected_tile: The tile picked up, while its cell and rotation are chosen.
        selected_cell: The cell chosen for it, while its rotation is chosen.
        steps_left: Pirate steps left this turn.
        cards_played: Map cards played in this turn's dig.
        shovels: Shovel bonuses used in this turn's dig.
        tiles: The island map, ``(x, y, rotation)`` of each tile by id, or ``None`` for
            a legal 4 x 5 layout drawn from the seed.
        seats: Each pirate's pawn, doubloons, cards and treasures.
        discard: The face-up discard pile, oldest first.
        reshuffled: For each reshuffle of the discard pile whose cards are not all seen
            since, oldest first, the cards of it still hidden (see :meth:`hidden_groups`).
        treasure_board: The five treasures on the board, level I first, or ``None`` to
            draw them from the seed.
        history: The public moves since ``origin`` (or since the deal), oldest first.
        origin: The public position the moves start from (``None``: the deal, or no
            moves). Only its public facts count.
    """

    players: int
    variant: Variant = _DEFAULT_VARIANT
    phase: Phase = Phase.MAP_SELECT_TILE
    start_player: PlayerId = 0
    turn: int = attrs.field(default=attrs.Factory(_turn_default, takes_self=True))
    seats: tuple[SeatPosition, ...] = attrs.field(
        default=attrs.Factory(_seats_default, takes_self=True)
    )
    to_move: PlayerId | None = attrs.field(default=attrs.Factory(_to_move_default, takes_self=True))
    map_moves_left: int = attrs.field(default=attrs.Factory(_moves_default, takes_self=True))
    moved_tiles: frozenset[TileId] = attrs.field(default=frozenset(), converter=_frozenset)
    selected_tile: TileId | None = None
    selected_cell: Cell | None = None
    steps_left: int = attrs.field(default=attrs.Factory(_steps_default, takes_self=True))
    cards_played: int = attrs.field(default=attrs.Factory(_cards_played_default, takes_self=True))
    shovels: int = 0
    tiles: tuple[Placement, ...] | None = None
    discard: tuple[MapCardId, ...] = ()
    reshuffled: tuple[frozenset[MapCardId], ...] = attrs.field(default=(), converter=_groups)
    treasure_board: tuple[TreasureId, ...] | None = attrs.field(default=None, converter=_board)
    history: tuple[tuple[PlayerId, Action], ...] = ()
    origin: MorganPosition | None = None

    def face_up(self) -> set[MapCardId]:
        """The map cards everyone sees: in the play areas and the discard pile."""
        cards = set(self.discard)
        for seat in self.seats:
            cards.update(seat.played)
        return cards

    def hidden_groups(self) -> tuple[frozenset[MapCardId], ...]:
        """The groups of hidden map cards, as the state keeps them (oldest first).

        The hidden cards (those neither played nor discarded) that are in no
        ``reshuffled`` group, if there are any, then each ``reshuffled`` group.
        """
        rest = set(range(_CARD_COUNT)) - self.face_up()
        for group in self.reshuffled:
            rest -= group
        return ((frozenset(rest),) if rest else ()) + self.reshuffled

    def hand_counts(self, seat: PlayerId) -> tuple[int, ...]:
        """How many cards of ``seat``'s hand come from each of :meth:`hidden_groups`."""
        position = self.seats[seat]
        if position.hand_groups is not None:
            return position.hand_groups
        groups = self.hidden_groups()
        counts = [0] * len(groups)
        for card in position.hand:
            if card is None:
                if counts:
                    counts[-1] += 1
                continue
            for index, group in enumerate(groups):
                if card in group:
                    counts[index] += 1
        return tuple(counts)

    def public(self) -> MorganPosition:
        """What every pirate sees of the table: hands unknown, no moves, no origin.

        With ``hide_claimed_treasures`` the treasures taken are unknown too (only their
        number is seen).
        """
        seats = []
        hide = self.variant.hide_claimed_treasures
        for number, seat in enumerate(self.seats):
            hand = (None,) * len(seat.hand)
            shown = attrs.evolve(seat, hand=hand, hand_groups=None)
            counts = self.hand_counts(number)
            if (
                attrs.evolve(self, seats=_replaced(self.seats, number, shown)).hand_counts(number)
                != counts
            ):
                shown = attrs.evolve(shown, hand_groups=counts)
            if hide:
                shown = attrs.evolve(shown, treasures=(None,) * len(seat.treasures))
            seats.append(shown)
        return attrs.evolve(self, seats=tuple(seats), history=(), origin=None)

    def __str__(self) -> str:
        return "\n".join(_write(self))

    @classmethod
    def parse(cls, text: str) -> MorganPosition:
        """Read a position from its text notation (see the module).

        Raises:
            NotationError: The text is not a position; the message names the line, the
                column and the token at fault, and what was expected there.
        """
        return _read(lines(text))


resolve_signature(MorganPosition)  # its ``origin`` names the class itself


def _replaced(
    seats: tuple[SeatPosition, ...], index: int, seat: SeatPosition
) -> tuple[SeatPosition, ...]:
    return (*seats[:index], seat, *seats[index + 1 :])


# --- writing ---------------------------------------------------------------------------------


def _names(
    table: ComponentNames[Any], components: tuple[Any, ...], ids: Iterable[int | None]
) -> str:
    return ", ".join("?" if item is None else table.name(components[item]) for item in ids)


def _map_cards(cards: Iterable[MapCardId | None]) -> str:
    return _names(MAP_CARD_NAMES, MAP_CARDS, cards)


def _tile(tile: TileId) -> str:
    return TILE_NAMES.name(TILES[tile])


def _header(position: MorganPosition) -> str:
    words = [GAME_NAME, "players", str(position.players)]
    variant = position.variant
    if variant.max_turns != _DEFAULT_VARIANT.max_turns:
        words += ["max-turns", str(variant.max_turns)]
    words += [flag.replace("_", "-") for flag in _FLAGS if getattr(variant, flag)]
    return " ".join(words)


def _write(position: MorganPosition) -> list[str]:
    out = [_header(position)]
    out.append(f"start {position.start_player}")
    out.append(f"turn {position.turn}")
    out.append(f"to-move {'none' if position.to_move is None else position.to_move}")
    decision = f"decision {PHASE_NAMES[position.phase]}"
    if position.selected_tile is not None:
        decision += f" {_tile(position.selected_tile)}"
        if position.selected_cell is not None:
            decision += f" at {position.selected_cell[0]},{position.selected_cell[1]}"
    out.append(decision)
    if position.map_moves_left != _moves_default(position):
        out.append(f"tile-moves-left {position.map_moves_left}")
    if position.moved_tiles:
        out.append(f"moved {', '.join(_tile(tile) for tile in sorted(position.moved_tiles))}")
    if position.steps_left != _steps_default(position):
        out.append(f"steps-left {position.steps_left}")
    if position.cards_played != _cards_played_default(position):
        out.append(f"cards-played {position.cards_played}")
    if position.shovels:
        out.append(f"shovels {position.shovels}")
    if position.tiles is not None:
        for tile, (x, y, rotation) in enumerate(position.tiles):
            out.append(f"tile {_tile(tile)} at {x},{y} turned {rotation * 90}")
    if position.treasure_board is not None:
        out.append(f"board {_names(TREASURE_CARD_NAMES, TREASURE_CARDS, position.treasure_board)}")
    if position.discard:
        out.append(f"discard {_map_cards(position.discard)}")
    for group in position.reshuffled:
        out.append(f"reshuffled {_map_cards(sorted(group))}")
    for number, seat in enumerate(position.seats):
        head = f"seat {number}"
        if seat.pawn is not None:
            out.append(f"{head} pawn {_tile(seat.pawn)}")
        if seat.coins != _STARTING_DOUBLOONS:
            out.append(f"{head} coins {seat.coins}")
        if seat.hand != (None,) * _HAND_SIZE:
            out.append(f"{head} hand {_map_cards(seat.hand) or '-'}")
        if seat.hand_groups is not None:
            out.append(f"{head} hand-groups {' '.join(map(str, seat.hand_groups)) or '-'}")
        if seat.played:
            out.append(f"{head} played {_map_cards(sorted(seat.played))}")
        if seat.treasures:
            names = _names(TREASURE_CARD_NAMES, TREASURE_CARDS, seat.treasures)
            out.append(f"{head} treasures {names}")
    for start in range(0, len(position.history), 16):
        entries = position.history[start : start + 16]
        out.append("moves " + " ".join(write_token(entry) for entry in entries))
    if position.origin is not None and position.history:
        out.extend(f"origin {line}" for line in _write(position.origin.public()))
    return out


# --- reading ---------------------------------------------------------------------------------


def _items(line: Line, what: str) -> list[Token]:
    """The rest of the line as comma-separated items, each a token of its words.

    ``-`` alone is no item. Each item's token starts where its first word does.

    Raises:
        NotationError: The line has ended, or an item is empty.
    """
    tokens = line.rest()
    if not tokens:
        raise line.end_error(f"expected {what}, found the end of the line")
    if len(tokens) == 1 and tokens[0].text == "-":
        return []
    items: list[Token] = []
    words: list[Token] = []

    def close(at: Token) -> None:
        if not words:
            raise at.error(f"expected {what}: an empty item between commas in {at.text!r}")
        first = words[0]
        items.append(Token(" ".join(word.text for word in words), first.line, first.column))
        words.clear()

    for token in tokens:
        offset = 0
        for index, part in enumerate(token.text.split(",")):
            if index:
                close(token)
            if part:
                words.append(Token(part, token.line, token.column + offset))
            offset += len(part) + 1
    close(tokens[-1])
    return items


def _lookup(token: Token, table: ComponentNames[Any]) -> int:
    try:
        found: int = table.get(token.text).id
    except UnknownComponentError as error:
        raise token.error(str(error)) from None
    return found


def _map_card(token: Token) -> MapCardId:
    return _lookup(token, MAP_CARD_NAMES)


def _map_card_or_unknown(token: Token) -> MapCardId | None:
    return None if token.text == "?" else _map_card(token)


def _treasure(token: Token) -> TreasureId:
    return _lookup(token, TREASURE_CARD_NAMES)


def _treasure_or_unknown(token: Token) -> TreasureId | None:
    return None if token.text == "?" else _treasure(token)


def _tile_name(line: Line, what: str, stop: str | None = None) -> tuple[TileId, bool]:
    """Read a tile's name up to the word ``stop`` (taken too) or the end of the line.

    Returns the tile and whether ``stop`` was met.
    """
    words: list[Token] = []
    while not line.done():
        token = line.take(what)
        if stop is not None and token.text == stop and words:
            break
        words.append(token)
    else:
        if not words:
            raise line.end_error(f"expected {what}, found the end of the line")
        first = words[0]
        name = Token(" ".join(word.text for word in words), first.line, first.column)
        return _lookup(name, TILE_NAMES), False
    first = words[0]
    name = Token(" ".join(word.text for word in words), first.line, first.column)
    return _lookup(name, TILE_NAMES), True


def _cell(token: Token) -> Cell:
    x, comma, y = token.text.partition(",")
    try:
        if not comma:
            raise ValueError(token.text)
        return (int(x), int(y))
    except ValueError:
        raise token.error(f"expected a cell X,Y such as '2,-1', found {token.text!r}") from None


def _count(line: Line, what: str) -> int:
    return line.integer(what, 0, 999)


def _header_fields(all_lines: list[Line]) -> tuple[int, Variant]:
    first, players = header(all_lines, GAME_NAME, 2, 4)
    options: dict[str, Any] = {}
    flags = {flag.replace("_", "-"): flag for flag in _FLAGS}
    while not first.done():
        token = first.take("an option")
        if token.text == "max-turns" and "max_turns" not in options:
            options["max_turns"] = first.integer("the turn limit", 1, OptionSpec.MAX_TURN_LIMIT)
        elif token.text in flags and flags[token.text] not in options:
            options[flags[token.text]] = True
        else:
            allowed = ", ".join(["max-turns", *flags])
            raise token.error(f"expected an option ({allowed}), once each; found {token.text!r}")
    return players, Variant(**options)


def _decision(line: Line) -> tuple[Phase, TileId | None, Cell | None]:
    token = line.take("a decision")
    if token.text not in _PHASES_BY_NAME:
        raise token.error(
            f"expected a decision ({', '.join(_PHASES_BY_NAME)}), found {token.text!r}"
        )
    phase = _PHASES_BY_NAME[token.text]
    if phase not in (Phase.MAP_SELECT_CELL, Phase.MAP_SELECT_ROTATION):
        return phase, None, None
    if phase is Phase.MAP_SELECT_CELL:
        tile, _ = _tile_name(line, "the tile picked up")
        return phase, tile, None
    tile, found = _tile_name(line, "the tile picked up", stop="at")
    if not found:
        raise line.end_error(
            "expected 'at X,Y' after the tile picked up, found the end of the line"
        )
    return phase, tile, _cell(line.take("the cell chosen for it"))


def _tile_line(line: Line) -> tuple[TileId, Placement]:
    tile, found = _tile_name(line, "a tile's name", stop="at")
    if not found:
        raise line.end_error("expected 'at X,Y turned DEGREES' after the tile's name")
    x, y = _cell(line.take("the tile's cell X,Y"))
    word = line.take("'turned'")
    if word.text != "turned":
        raise word.error(f"expected 'turned', found {word.text!r}")
    degrees = line.take("the degrees turned (0, 90, 180 or 270)")
    if degrees.text not in ("0", "90", "180", "270"):
        raise degrees.error(
            f"expected the degrees turned (0, 90, 180 or 270), found {degrees.text!r}"
        )
    return tile, (x, y, int(degrees.text) // 90)


def _to_move(line: Line, players: int) -> PlayerId | None:
    token = line.peek()
    if token is not None and token.text == "none":
        line.take("'none'")
        return None
    return line.integer("the seat to move (or 'none')", 0, players - 1)


_SEAT_KEYS: Final = ("pawn", "coins", "hand", "hand-groups", "played", "treasures")
_TOP_KEYS: Final[dict[str, Callable[[Line, int], object]]] = {
    "start": lambda line, players: line.integer("the start player's seat", 0, players - 1),
    "turn": lambda line, _: _count(line, "the turn"),
    "to-move": _to_move,
    "decision": lambda line, _: _decision(line),
    "tile-moves-left": lambda line, _: _count(line, "the tile moves left"),
    "moved": lambda line, _: frozenset(
        _lookup(item, TILE_NAMES) for item in _items(line, "the tiles moved")
    ),
    "steps-left": lambda line, _: _count(line, "the steps left"),
    "cards-played": lambda line, _: _count(line, "the cards played"),
    "shovels": lambda line, _: _count(line, "the shovels used"),
    "board": lambda line, _: tuple(map(_treasure, _items(line, "the treasures on the board"))),
    "discard": lambda line, _: tuple(map(_map_card, _items(line, "the discarded map cards"))),
}
_FIELDS: Final = {
    "start": "start_player",
    "turn": "turn",
    "to-move": "to_move",
    "tile-moves-left": "map_moves_left",
    "moved": "moved_tiles",
    "steps-left": "steps_left",
    "cards-played": "cards_played",
    "shovels": "shovels",
    "board": "treasure_board",
    "discard": "discard",
}


def _seat_value(key: str, line: Line) -> object:
    if key == "pawn":
        tile, _ = _tile_name(line, "the pawn's tile")
        return tile
    if key == "coins":
        return _count(line, "the doubloons")
    if key == "hand":
        return tuple(map(_map_card_or_unknown, _items(line, "the cards in hand (or '-')")))
    if key == "hand-groups":
        tokens = line.rest()
        if not tokens:
            raise line.end_error("expected the cards of each hidden group in the hand")
        if len(tokens) == 1 and tokens[0].text == "-":
            return ()
        for token in tokens:
            if not token.text.isdecimal():
                raise token.error(f"expected a number of cards, found {token.text!r}")
        return tuple(int(token.text) for token in tokens)
    if key == "played":
        return frozenset(map(_map_card, _items(line, "the map cards played")))
    return tuple(map(_treasure_or_unknown, _items(line, "the treasures taken")))


_SEAT_FIELDS: Final = {
    "pawn": "pawn",
    "coins": "coins",
    "hand": "hand",
    "hand-groups": "hand_groups",
    "played": "played",
    "treasures": "treasures",
}


def _read(all_lines: list[Line]) -> MorganPosition:
    players, variant = _header_fields(all_lines)
    fields: dict[str, object] = {}
    seats: list[dict[str, Any]] = [{} for _ in range(players)]
    tiles: dict[TileId, Placement] = {}
    reshuffled: list[frozenset[MapCardId]] = []
    seen: set[str] = set()
    history: list[tuple[PlayerId, Action]] = []
    origin_lines: list[Line] = []
    first_tile: Token | None = None
    for line in all_lines[1:]:
        token = line.take("a keyword")
        key = token.text
        if key == "origin":
            rest = line.rest_line()
            if rest is None:
                raise line.end_error("expected a line of the origin after 'origin'")
            origin_lines.append(rest)
            continue
        if key == "moves":
            for move in line.rest():
                history.append(_entry(move, players))
            continue
        if key == "seat":
            seat = line.integer("a seat", 0, players - 1)
            name = line.take("what the line says of the seat")
            if name.text not in _SEAT_KEYS:
                raise name.error(
                    f"expected one of {', '.join(_SEAT_KEYS)} after 'seat {seat}', found "
                    f"{name.text!r}"
                )
            key = f"seat {seat} {name.text}"
            if key in seen:
                raise name.error(f"'{key}' is given twice")
            seen.add(key)
            seats[seat][_SEAT_FIELDS[name.text]] = _seat_value(name.text, line)
        elif key == "tile":
            first_tile = first_tile or token
            tile, placement = _tile_line(line)
            if tile in tiles:
                raise token.error(f"tile {_tile(tile)!r} is placed twice")
            tiles[tile] = placement
        elif key == "reshuffled":
            reshuffled.append(frozenset(map(_map_card, _items(line, "the cards of a reshuffle"))))
        elif key in _TOP_KEYS:
            if key in seen:
                raise token.error(f"'{key}' is given twice")
            seen.add(key)
            fields[key] = _TOP_KEYS[key](line, players)
        else:
            allowed = ", ".join([*_TOP_KEYS, "tile", "reshuffled", "seat", "moves", "origin"])
            raise token.error(f"expected a line starting with one of {allowed}; found {key!r}")
        line.finish()
    if tiles and len(tiles) != len(TILES):
        assert first_tile is not None
        missing = next(_tile(tile) for tile in range(len(TILES)) if tile not in tiles)
        raise first_tile.error(
            f"the map names {len(tiles)} tiles; give all {len(TILES)} or none ({missing!r} "
            "is missing)"
        )
    origin = _read(origin_lines) if origin_lines else None
    if origin is not None and not history:
        raise origin_lines[0].tokens[0].error("an origin is given, but no moves start from it")
    keywords: dict[str, Any] = {
        "players": players,
        "variant": variant,
        "seats": tuple(SeatPosition(**seat) for seat in seats),
        "history": tuple(history),
        "origin": origin,
        "reshuffled": tuple(reshuffled),
    }
    if tiles:
        keywords["tiles"] = tuple(tiles[tile] for tile in range(len(TILES)))
    if "decision" in fields:
        decision = cast("tuple[Phase, TileId | None, Cell | None]", fields.pop("decision"))
        keywords.update(phase=decision[0], selected_tile=decision[1], selected_cell=decision[2])
    for key, value in fields.items():
        keywords[_FIELDS[key]] = value
    return MorganPosition(**keywords)


def _entry(token: Token, players: int) -> tuple[PlayerId, Action]:
    try:
        entry = read_token(token.text)
    except ValueError as error:
        raise token.error(f"expected a move SEAT+CODE such as '0t14': {error}") from None
    if entry[0] >= players:
        raise token.error(
            f"expected a move by a seat from 0 to {players - 1}, found {token.text!r}"
        )
    return entry


def _check_variant(position: MorganPosition, variant: Variant) -> None:
    """Check that ``position`` is for this configuration's options.

    Raises:
        ConfigurationError: It is a position of other options.
    """
    if position.variant != variant:
        raise ConfigurationError(
            f"the position is for {position.variant!r}; this game has {variant!r}"
        )

"""The most decisions a game of each built-in configuration can take (no library imported).

OpenSpiel asks every game for its ``max_game_length``, the most decisions (chance nodes
not counted) any one game can take. Each function below derives it from the rules: from
the fixed length of Magellan: Elcano, and from the ``max_turns`` limit of the others. The
reasoning behind each figure is in its docstring and on ``docs/howto/openspiel.md``;
the figures measured in random games are there too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from boardgames.core.protocol import OptionValue

__all__ = ["BOUNDS", "decision_bound"]


def _magellan(players: int, options: Mapping[str, OptionValue]) -> int:
    """Magellan: Elcano: ``players * 66``, exact.

    Only phase B asks anything: the captain to move plays a card from hand or passes, and
    a captain who has passed is not asked again that round. In round ``r`` a hand holds at
    most the ``5 + 2 * (r - 1)`` cards dealt and drawn so far (cards taken back after the
    anchoring are cards drawn before), so a captain decides at most ``5 + 2 * (r - 1) + 1``
    times in round ``r``: 66 times over the 6 rounds.
    """
    from boardgames.games.magellan_elcano.rules import DRAW, HAND_SIZE, ROUNDS

    per_captain = sum(HAND_SIZE + DRAW * (turn - 1) + 1 for turn in range(1, ROUNDS + 1))
    return players * per_captain


KINCSES_SETUP: Final = 4
"""Setup decisions per player in Kincses Sziget: two weapon exchanges, ``Done``, a mission."""
KINCSES_TURN: Final = 250
"""Decisions allowed per turn of Kincses Sziget (the most in 1500 random games: 32)."""


def _kincses(players: int, options: Mapping[str, OptionValue]) -> int:
    """Irány a Kincses Sziget!: ``4 * players + 250 * max_turns``.

    The setup asks each player at most two weapon exchanges (of four cards dealt, those
    beyond the second weapon), ``Done`` and which mission to keep. A turn activates at
    most six events, the first and one more per repair card (5 in the deck; a repair
    lands on a free space further back, which draws a new event). The largest event, a
    four-player battle, asks at most about 35 decisions: four players building up to
    three cards and ``Done``, three picks, the winner's move and treasure, and one
    decision per card replaced. Six such events and the turn's own choices stay under 250.
    """
    return KINCSES_SETUP * players + KINCSES_TURN * int(options["max_turns"])


MORGAN_TURN: Final = 40
"""Decisions allowed per player turn of Morgan's Magic Map (the most in 900 games: 18)."""


def _morgan(players: int, options: Mapping[str, OptionValue]) -> int:
    """Morgan's Magic Map: ``players + 40 * max_turns``.

    Each player places his pawn once. A turn without bonuses asks at most 14 decisions:
    a tile, its cell and rotation and the end of the map change; two steps and the end
    of the move; up to four map cards (a hand holds 4), the end of the play and the
    treasure; the discard. A bonus is one more decision and adds at most three (a tile
    move), and it spends at least one card played in a dig, so the bonuses of a whole
    game are at most the cards played, at most 4 a turn: 14 + 4 * 4 = 30 a turn on
    average, and 40 leaves room.
    """
    return players + MORGAN_TURN * int(options["max_turns"])


MORRIGAN_TURN: Final = 100
"""Decisions allowed per turn of Morrigan (the most in 2000 random games: 36)."""


def _morrigan(players: int, options: Mapping[str, OptionValue]) -> int:
    """Morrigan: ``100 * max_turns``.

    Nearly every decision moves a card out of a hand, and a turn brings few cards in (two
    drawn, a Special's draw or pick), so a turn is short. The rules do not bound a turn,
    though: with the draw pile empty and every other card in a hand or on the table,
    Secret Treasure's draw reshuffles Unexpected Ally (alone in the discard pile) into a
    new draw pile and draws it, and Ally takes Secret Treasure back from the discard pile,
    again and again. The adapter stops such a game at the bound.
    """
    return MORRIGAN_TURN * int(options["max_turns"])


BOUNDS: Final[dict[str, Callable[[int, Mapping[str, OptionValue]], int]]] = {
    "kincses-sziget": _kincses,
    "magellan-elcano": _magellan,
    "morgans-magic-map": _morgan,
    "morrigan": _morrigan,
}
"""Each built-in game's bound, from its player count and every option's value."""


def decision_bound(name: str, players: int, options: Mapping[str, OptionValue]) -> int | None:
    """Return the most decisions a game of this configuration takes, or ``None`` if unknown.

    Args:
        name: The registered name of the game.
        players: The seat count.
        options: Every option's value, defaults included.
    """
    bound = BOUNDS.get(name)
    return None if bound is None else bound(players, options)

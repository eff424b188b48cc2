"""Readable text for states and observations, with the serpentine track drawn as a grid.

The 42 spaces are drawn as six rows of seven, numbered along the serpentine: the first
row runs left to right, the next right to left, and so on; START lies left of space 1 and
Treasure Island below space 42. Each cell shows the space number and zone, then the ships
on it (seat digits), the event card lying there (two letters), an island (``?`` face down,
``I2`` occupied by seat 2) and a pearl bed (``o3`` for three pearls).
"""

from __future__ import annotations

from collections.abc import Iterable

from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget.actions import Action
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    EVENT_CARDS,
    ISLAND,
    ISLANDS,
    LAST_SPACE,
    MISSIONS,
    START,
    TREASURE_VALUES,
    TREASURES,
    ZONE_OF,
    CardId,
    EventKind,
    Pirate,
)
from boardgames.games.kincses_sziget.observation import KincsesObservation, observe
from boardgames.games.kincses_sziget.rules import public_text, score
from boardgames.games.kincses_sziget.state import KincsesState, _pending_step

__all__ = [
    "crew_label",
    "describe_action",
    "render_observation",
    "render_state",
    "render_track",
]

_CODES = {
    EventKind.DUEL: "Du",
    EventKind.BATTLE: "Ba",
    EventKind.MERCHANT: "Me",
    EventKind.INTRIGUE: "In",
    EventKind.MUTINY: "Mu",
    EventKind.REEFS: "Re",
    EventKind.CHEST: "Ch",
    EventKind.REPAIR: "Rp",
    EventKind.TAILWIND: "Tw",
    EventKind.TELESCOPE: "Te",
    EventKind.STORM: "St",
    EventKind.PARROT: "Pa",
}
_ROW = 7


def crew_label(card: CardId) -> str:
    """Return a crew card's name with its values (``O B G K``) and icon."""
    crew = CREW_CARDS[card]
    if isinstance(crew, Pirate):
        values = "/".join(str(value) for value in crew.values)
        icon = f" {crew.icon}" if crew.icon is not None else ""
        return f"{crew.name}({values}{icon})"
    return f"{crew.name}({'OBGK'[crew.colour]}{crew.value} {crew.icon})"


def _crew(cards: Iterable[CardId | None]) -> str:
    labels = [crew_label(card) if card is not None else "-" for card in cards]
    return ", ".join(labels) or "-"


def render_track(observation: KincsesObservation) -> str:
    """Draw the track as the observation's player sees it."""
    islands = {view.space: view for view in observation.islands}
    lines = []
    start = [str(seat) for seat, view in enumerate(observation.seats) if view.position == START]
    lines.append(f"START: {' '.join(start) or '-'}")
    for row in range(LAST_SPACE // _ROW):
        spaces = list(range(row * _ROW + 1, row * _ROW + _ROW + 1))
        arrow = "->"
        if row % 2:
            spaces.reverse()
            arrow = "<-"
        cells = []
        for space in spaces:
            parts = []
            ships = "".join(
                str(seat) for seat, view in enumerate(observation.seats) if view.position == space
            )
            if ships:
                parts.append(ships)
            event = observation.board_events[space]
            if event is not None:
                parts.append(_CODES[EVENT_CARDS[event].kind])
            if space in islands:
                owner = islands[space].owner
                parts.append("?" if owner is None else f"I{owner}")
            if observation.board_pearls[space]:
                parts.append(f"o{observation.board_pearls[space]}")
            cells.append(f"{space:2d}{ZONE_OF[space]}:{' '.join(parts):<7}")
        lines.append(f"{arrow} |" + "|".join(cells) + "|")
    arrived = [str(seat) for seat, view in enumerate(observation.seats) if view.position == ISLAND]
    lines.append(f"TREASURE ISLAND (after 42): {' '.join(arrived) or '-'}")
    return "\n".join(lines)


def _public(observation: KincsesObservation) -> list[str]:
    lines = [
        f"Irány a Kincses Sziget!, {observation.players} players - round {observation.round}, "
        f"turn {observation.turn}/{observation.max_turns}, start player {observation.start_player}",
        render_track(observation),
        f"crew row: {_crew(observation.crew_row)}; pile {observation.crew_pile_size}, "
        f"discards {len(observation.crew_discard)}",
    ]
    rows = []
    for rank, value in enumerate(TREASURE_VALUES):
        cards = ", ".join(TREASURES[card].name for card in observation.treasure_rows[rank])
        rows.append(f"{value}: {cards or '-'} (pile {observation.treasure_pile_sizes[rank]})")
    lines.append("treasures: " + " | ".join(rows))
    missions = ", ".join(
        str(MISSIONS[mission]) if mission is not None else "-"
        for mission in observation.mission_row
    )
    lines.append(f"missions: {missions}; pile {observation.mission_pile_size}")
    lines.append(
        "event piles: "
        + " ".join(str(size) for size in observation.event_pile_sizes)
        + f"; discards {len(observation.event_discard)}"
    )
    if observation.chest:
        lines.append(f"chest: {_crew(observation.chest)}")
    table = [
        f"seat {seat}: {_crew(view.played)}"
        for seat, view in enumerate(observation.seats)
        if view.played
    ]
    if table:
        lines.append("on the table: " + "; ".join(table))
    return lines


def _seat_line(observation: KincsesObservation, seat: int, points: float | None) -> str:
    view = observation.seats[seat]
    to_move = _pending_step(observation.tasks).player if observation.tasks else None
    marks = ("*" if to_move == seat else " ") + ("S" if observation.start_player == seat else " ")
    if view.position == ISLAND:
        where = "Treasure Island"
    elif view.position == START:
        where = "START"
    else:
        where = f"space {view.position} ({ZONE_OF[view.position]})"
    islands = sum(1 for island in observation.islands if island.owner == seat)
    total = f", {points:g} points" if points is not None else ""
    return (
        f"{marks} seat {seat}: {where}, anchor {view.anchor}, hand {view.hand_size}, "
        f"treasures {view.treasure_count}, missions {view.mission_count}, "
        f"pearls {view.pearls}, islands {islands}"
        + (", committed" if view.committed else "")
        + total
    )


def _decision(observation: KincsesObservation) -> str:
    if not observation.tasks:
        return "game over"
    step = _pending_step(observation.tasks)
    return f"to move: seat {step.player} - {step.phase}"


def render_observation(observation: KincsesObservation) -> str:
    """Describe the table as ``observation.player`` sees it."""
    lines = _public(observation)
    lines += [_seat_line(observation, seat, None) for seat in range(observation.players)]
    me = observation.seats[observation.player]
    lines.append(f"your hand (seat {observation.player}): {_crew(me.known_hand)}")
    lines.append(
        "your treasures: " + (", ".join(str(TREASURES[card]) for card in me.known_treasures) or "-")
    )
    lines.append(
        "your missions: " + ("; ".join(str(MISSIONS[m]) for m in me.known_missions) or "-")
    )
    for seat, view in enumerate(observation.seats):
        if seat != observation.player and view.known_hand:
            lines.append(f"you know seat {seat} holds: {_crew(view.known_hand)}")
        if seat != observation.player and (view.known_treasures or view.known_treasure_values):
            treasures = [str(TREASURES[card]) for card in view.known_treasures]
            treasures += [f"a treasure of value {value}" for value in view.known_treasure_values]
            lines.append(f"you know seat {seat}'s treasures: {', '.join(treasures)}")
    known_islands = [
        f"{view.space}: {ISLANDS[view.island]}"
        for view in observation.islands
        if view.island is not None and view.owner is None
    ]
    if known_islands:
        lines.append("face-down islands you know: " + "; ".join(known_islands))
    lines.append(_decision(observation))
    return "\n".join(lines)


def render_state(state: KincsesState) -> str:
    """Describe a full state, every hidden card included."""
    observation = observe(state, 0)
    points = score(state)
    lines = _public(observation)
    for seat in range(state.players):
        lines.append(_seat_line(observation, seat, points[seat]))
        treasures = ", ".join(str(TREASURES[card]) for card in state.treasures[seat]) or "-"
        missions = "; ".join(str(MISSIONS[m]) for m in state.missions[seat]) or "-"
        lines.append(f"    hand: {_crew(state.hands[seat])}")
        lines.append(f"    treasures: {treasures}; missions: {missions}")
    hidden = [
        f"{space}: {ISLANDS[island]}"
        for space, island in enumerate(state.board_islands)
        if island is not None and state.island_owners[island] is None
    ]
    if hidden:
        lines.append("face-down islands: " + "; ".join(hidden))
    lines.append(_decision(observation))
    return "\n".join(lines)


def describe_action(
    observation: KincsesObservation, action: Action, viewer: PlayerId
) -> str | None:
    """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

    Secret choices (weapon exchange, kept missions, battle compositions, merchant offers)
    are named to their player only; the cards added to a battle composition are not even
    announced (``None``), since its size is secret (E4).
    """
    if viewer == observation.player or not observation.tasks:
        return str(action)
    return public_text(observation.tasks[-1], action)

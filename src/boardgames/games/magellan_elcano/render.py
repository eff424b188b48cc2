"""Readable text for states and observations of Magellan: Elcano."""

from __future__ import annotations

from collections.abc import Iterable

from boardgames.core.protocol import PlayerId
from boardgames.games.magellan_elcano.actions import Action, FaceDownPlayed, PlayFaceDown
from boardgames.games.magellan_elcano.components import (
    CREW_CARDS,
    OCEAN_CARDS,
    STORM_CARDS,
    CardId,
    Colour,
)
from boardgames.games.magellan_elcano.observation import CrewView, MagellanObservation, observe
from boardgames.games.magellan_elcano.rules import score
from boardgames.games.magellan_elcano.state import MagellanState

__all__ = ["describe_action", "render_observation", "render_state"]


def _cards(cards: Iterable[CardId]) -> str:
    names = [str(CREW_CARDS[card]) for card in sorted(cards)]
    return " ".join(names) if names else "-"


def _ocean_points(card: CardId, players: int) -> int:
    """The points a face-up ocean card shows: a 4/1 card is turned to 1 with two players."""
    ocean = OCEAN_CARDS[card]
    return ocean.two_player_points if players == 2 else ocean.points


def _column(colour: Colour, cards: tuple[CardId, ...]) -> str:
    values = [CREW_CARDS[card].value(colour) for card in cards]
    return "+".join(map(str, values)) + f"={sum(values)}" if values else "-"


def _table(observation: MagellanObservation, points: tuple[float, ...] | None) -> list[str]:
    lines = [
        f"Magellan: Elcano, {observation.players} players"
        + (", storms" if observation.storms else "")
        + f" - round {observation.round}, first player {observation.first_player}",
    ]
    ocean = []
    for colour in Colour:
        pile = observation.ocean_piles[colour]
        ocean.append(
            f"{colour}: {' '.join(str(_ocean_points(c, observation.players)) for c in pile) or '-'}"
            f" (deck {observation.ocean_deck_sizes[colour]})"
        )
    if observation.storms:
        pile_text = " ".join(str(STORM_CARDS[card].points) for card in observation.storm_pile)
        ocean.append(f"storm: {pile_text or '-'} (deck {observation.storm_deck_size})")
    lines.append("ocean  " + " | ".join(ocean))
    for seat, view in enumerate(observation.crews):
        lines.append(_seat_line(observation, seat, view, points))
    return lines


def _seat_line(
    observation: MagellanObservation, seat: int, view: CrewView, points: tuple[float, ...] | None
) -> str:
    marks = ("*" if observation.to_move == seat else " ") + (
        "P" if observation.first_player == seat else " "
    )
    columns = " ".join(
        f"{colour.name[0]}[{_column(colour, view.columns[colour])}]" for colour in Colour
    )
    if observation.storms:
        columns += f" S[{view.storm_size}]"
    won = " ".join(
        f"{OCEAN_CARDS[card].colour} {_ocean_points(card, observation.players)}"
        for card in observation.won[seat]
    )
    won += "".join(f" {STORM_CARDS[card]}" for card in observation.won_storms[seat])
    state = "passed" if view.passed else ""
    total = f" ({points[seat]:g} VP)" if points is not None else ""
    return (
        f"{marks} seat {seat}: hand {view.hand_size:2d} deck {view.deck_size:2d}  {columns}"
        f"  won: {won.strip() or '-'}{total} {state}".rstrip()
    )


def render_observation(observation: MagellanObservation) -> str:
    """Describe the table as ``observation.player`` sees it."""
    lines = _table(observation, None)
    lines.append(f"your hand (seat {observation.player}): {_cards(observation.hand)}")
    if observation.storms:
        lines.append(f"your storm column: {_cards(observation.storm)}")
    return "\n".join(lines)


def render_state(state: MagellanState) -> str:
    """Describe a full state, every hand included."""
    lines = _table(observe(state, 0), score(state))
    for seat, crew in enumerate(state.crews):
        hidden = f"; storm {_cards(crew.storm)}" if state.storms else ""
        lines.append(f"  seat {seat} hand: {_cards(crew.hand)}{hidden}")
    if state.to_move is None:
        lines.append("game over")
    return "\n".join(lines)


def describe_action(observation: MagellanObservation, action: Action, viewer: PlayerId) -> str:
    """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

    A card played face down is named to its player only.
    """
    if viewer != observation.player and isinstance(action, PlayFaceDown):
        return str(FaceDownPlayed())
    return str(action)

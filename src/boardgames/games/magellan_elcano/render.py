"""Readable text for states and observations of Magellan: Elcano."""

from __future__ import annotations

from collections.abc import Iterable

from boardgames.core.protocol import PlayerId
from boardgames.games.magellan_elcano.actions import (
    Action,
    FaceDownPlayed,
    PlayCard,
    PlayFaceDown,
)
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

__all__ = [
    "describe_action",
    "explain_action",
    "legend",
    "render_observation",
    "render_state",
]


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


_LEGEND = """\
Crew cards
  R1/B4      a crew card: worth 1 in the red column, 4 in the blue one (R red, B blue,
             G green); R7, B7 and G7 have one colour. Every deck holds the same 15 cards.
Table (render_state and render_observation)
  5 players, storms         the storm deck and face-down storm columns are in play
  round 2, first player 1   the round (1 to 6) and the holder of the Pigafetta card,
             who plays first this round
  ocean  red: 2 7 (deck 4)  the red ocean cards face up on the table, by victory points
             (two cards, worth 2 and 7), and the cards left in the red deck; the strongest
             red column wins them all at the anchoring, a tie leaves them there
  storm: 2 (deck 5)         the face-up storm cards, won by the most face-down cards
  *          marks the captain to move;  P  marks the holder of the Pigafetta card
  seat 1: hand 5 deck 10    how many cards captain 1 holds and has left to draw
  R[2+3=5]   his red column: the red values of its cards in play order, then the total;
             B[..] is blue and G[..] green; R[-] is an empty column
  S[2]       his storm column: 2 cards face down, each counts 1
  won: blue 7 storm 2       the ocean and storm cards he has won; - for none
  (9 VP)     (whole table only) his victory points
  passed     he has passed and plays no more cards this round
  seat 0 hand: ...; storm ...   (whole table only) his hidden hand and storm column
  your hand / your storm column   your own hidden cards
  game over  the sixth round has been scored
Actions
  play R1/B4 as blue 4      put R1/B4 face up in your blue column, where it counts 4
  play R1/B4 face down      put R1/B4 face down in your storm column, where it counts 1
  play a card face down     another captain's face-down play, as you are told of it
  pass       play no more cards this round (the first player must play a card first)"""


def legend() -> str:
    """Explain the notation of the text renderings and of the actions.

    .. versionadded:: 0.2.0

    >>> "R[2+3=5]" in legend()
    True
    """
    return _LEGEND


def _prize(noun: str, values: list[int]) -> str:
    """Name the cards at stake: ``the 2 red ocean cards worth 2 + 7 = 9 VP``."""
    if not values:
        return f"no {noun} card is on the table"
    if len(values) == 1:
        return f"the {noun} card worth {values[0]} VP"
    added = " + ".join(map(str, values))
    return f"the {len(values)} {noun} cards worth {added} = {sum(values)} VP"


def _seats(seats: list[int]) -> str:
    """Write ``seat 2`` or ``seats 0, 1 and 4``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _contest(after: int, totals: list[tuple[int, int]], noun: str) -> str:
    """Compare a new total with the other captains' ``(seat, total)``."""
    played = [(seat, total) for seat, total in totals if total > 0]
    if not played:
        return f"no other captain has {noun} yet"
    best = max(total for _, total in played)
    leaders = _seats([seat for seat, total in played if total == best])
    if after > best:
        return f"ahead of the best other, {best} ({leaders})"
    if after == best:
        return f"tied with the best other, {best} ({leaders}): a tie at the anchoring wins nothing"
    return f"behind the best other, {best} ({leaders})"


def _column_total(view: CrewView, colour: Colour) -> int:
    return sum(CREW_CARDS[card].value(colour) for card in view.columns[colour])


def explain_action(observation: MagellanObservation, action: Action) -> str:
    """Say in plain words what ``action`` of ``observation``'s seat does.

    The card's values, the column it goes to, the totals it changes and the prize at stake.

    .. versionadded:: 0.2.0

    >>> from boardgames.games.magellan_elcano import Colour, PlayCard
    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano", players=3)
    >>> observation = game.observe(game.new_game(seed=3), 0)
    >>> text = explain_action(observation, PlayCard(0, Colour.BLUE))
    >>> print(text)  # doctest: +NORMALIZE_WHITESPACE
    play R1/B4 face up in your blue column, where it counts 4 (its red 1 does not count):
    your blue total goes from 0 to 4, no other captain has played blue yet; the strongest
    blue column wins the blue ocean card worth 7 VP
    """
    me = observation.player
    others = [seat for seat in range(observation.players) if seat != me]
    if isinstance(action, PlayCard):
        card = CREW_CARDS[action.card]
        colour = action.colour
        value = card.value(colour)
        unused = [f"{end} {points}" for end, points in card.values if end is not colour]
        other_end = f" (its {unused[0]} does not count)" if unused else ""
        before = _column_total(observation.crews[me], colour)
        totals = [(seat, _column_total(observation.crews[seat], colour)) for seat in others]
        pile = [
            _ocean_points(ocean, observation.players) for ocean in observation.ocean_piles[colour]
        ]
        return (
            f"play {card} face up in your {colour} column, where it counts {value}{other_end}: "
            f"your {colour} total goes from {before} to {before + value}, "
            f"{_contest(before + value, totals, f'played {colour}')}; "
            f"the strongest {colour} column wins {_prize(f'{colour} ocean', pile)}"
        )
    if isinstance(action, PlayFaceDown):
        before = len(observation.storm)
        totals = [(seat, observation.crews[seat].storm_size) for seat in others]
        pile = [STORM_CARDS[storm].points for storm in observation.storm_pile]
        return (
            f"play {CREW_CARDS[action.card]} face down in your storm column, where it counts 1 "
            "whatever its values (the others see only a face-down card): your storm column "
            f"goes from {before} to {before + 1}, "
            f"{_contest(before + 1, totals, 'played face down')}; "
            f"the most face-down cards win {_prize('storm', pile)}"
        )
    # Pass
    view = observation.crews[me]
    columns = ", ".join(f"{colour} {_column_total(view, colour)}" for colour in Colour)
    if observation.storms:
        columns += f", storm {view.storm_size}"
    last = all(observation.crews[seat].passed for seat in others)
    ending = (
        "everyone else has passed, so the columns are scored (anchoring) at once"
        if last
        else "the others play on until they pass too"
    )
    return (
        f"pass: play no more cards this round and keep your {len(observation.hand)} "
        f"cards in hand; your columns stay at {columns}; {ending}"
    )

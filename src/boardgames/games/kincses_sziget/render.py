"""Readable text for states and observations, with the serpentine track drawn as a grid.

The 42 spaces are drawn as six rows of seven, numbered along the serpentine: the first
row runs left to right, the next right to left, and so on; START lies left of space 1 and
Treasure Island below space 42. Each cell shows the space number and zone, then the ships
on it (seat digits), the event card lying there (two letters), an island (``?`` face down,
``I2`` occupied by seat 2) and a pearl bed (``o3`` for three pearls). :func:`legend`
explains every code; :func:`explain_action` says in plain words what a choice does.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget._work import composition_total
from boardgames.games.kincses_sziget.actions import (
    Action,
    AddMission,
    Advance,
    AnchorDiscard,
    AnchorDraw,
    AnchorExchange,
    AnchorMission,
    BattleAdd,
    Challenge,
    Compose,
    CrewFromPile,
    CrewFromRow,
    Decline,
    DiscardCrew,
    DiscardTreasure,
    Done,
    DrawEvent,
    ExchangeWeapon,
    KeepMission,
    MissionFromPile,
    MissionFromRow,
    Move,
    MoveIsland,
    MovePearlBed,
    Offer,
    PeekCrewTop,
    PeekEventTops,
    PeekHand,
    PeekIsland,
    PeekMissions,
    PeekMissionTop,
    PeekTreasures,
    PeekTreasureTops,
    PlaceAt,
    RedealCrewRow,
    RedealMissions,
    RedealTreasures,
    RejectMission,
    ReplaceMission,
    SellPearls,
    Steal,
    StealTarget,
    StepBack,
    TakeFromTable,
    TakeWeapon,
    Theft,
    TreasureFromPile,
    TreasureFromRow,
)
from boardgames.games.kincses_sziget.components import (
    ARRIVAL_POINTS,
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
    ZONE_PENALTY,
    CardId,
    EventKind,
    MissionId,
    MissionKind,
    Pirate,
    Space,
)
from boardgames.games.kincses_sziget.observation import KincsesObservation, observe
from boardgames.games.kincses_sziget.rules import public_text, score
from boardgames.games.kincses_sziget.state import (
    BattleCommitStep,
    BattlePickStep,
    ChestStep,
    CrewSourceStep,
    DiscardPurpose,
    DiscardStep,
    DuelCommitStep,
    DuelPrizeStep,
    DuelTargetStep,
    EventPileStep,
    ExchangeStep,
    IntrigueStep,
    KeepStep,
    KincsesState,
    MerchantCommitStep,
    MissionDisposeStep,
    MissionSourceStep,
    ParrotPlaceStep,
    ParrotStep,
    PearlSaleStep,
    RepairStep,
    RewardStep,
    Step,
    TelescopeStep,
    TreasureLossStep,
    TreasureSourceStep,
    TurnStep,
    _pending_step,
)

__all__ = [
    "crew_label",
    "describe_action",
    "explain_action",
    "legend",
    "mission_words",
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
_ORDINALS = ("first", "second", "third")

_GOALS = {
    MissionKind.MOST_ORANGE: "a higher orange total in hand than every other seat at the end",
    MissionKind.MOST_BLUE: "a higher blue total in hand than every other seat at the end",
    MissionKind.MOST_GREEN: "a higher green total in hand than every other seat at the end",
    MissionKind.MOST_BLACK: "a higher black total in hand than every other seat at the end",
    MissionKind.FIRST_TO_ISLAND: "be the ship that reaches Treasure Island",
    MissionKind.SECOND_TO_ARRIVE: "be second in the final order of the ships",
    MissionKind.SECRET_CASKET: "hold the casket (a value-1 treasure) at the end",
    MissionKind.MOST_FEMALE: "hold more female pirates than every other seat",
    MissionKind.MOST_ONE_EYED: "hold more one-eyed pirates than every other seat",
    MissionKind.THREE_BLACK_WEAPONS: "hold 3 black weapons at the end",
    MissionKind.THREE_GREEN_WEAPONS: "hold 3 green weapons at the end",
}
"""What each mission asks, in plain words (majority totals count weapons at face value)."""

_PURPOSES = {
    DiscardPurpose.ANCHOR: " (anchoring)",
    DiscardPurpose.EXCHANGE: " (anchoring exchange: a draw follows)",
    DiscardPurpose.CROSS: " (the duel card's cross: before the duel)",
    DiscardPurpose.MUTINY: " (the mutiny was lost)",
    DiscardPurpose.ISLAND: " (the island landing failed)",
}


def crew_label(card: CardId) -> str:
    """Return a crew card's name with its values (``O B G K``) and icon."""
    crew = CREW_CARDS[card]
    if isinstance(crew, Pirate):
        values = "/".join(str(value) for value in crew.values)
        icon = f" {crew.icon}" if crew.icon is not None else ""
        return f"{crew.name}({values}{icon})"
    return f"{crew.name}({'OBGK'[crew.colour]}{crew.value} {crew.icon})"


def mission_words(mission: MissionId) -> str:
    """Return a mission's title, what it asks and what it pays, in plain words.

    >>> print(mission_words(10))  # doctest: +NORMALIZE_WHITESPACE
    'Be the second to arrive!' (be second in the final order of the ships;
    +6 if achieved, -2 if not)
    """
    card = MISSIONS[mission]
    return (
        f"'{card.title}' ({_GOALS[card.kind]}; +{card.bonus} if achieved, -{card.penalty} if not)"
    )


def _crew(cards: Iterable[CardId | None]) -> str:
    labels = [crew_label(card) if card is not None else "empty" for card in cards]
    return ", ".join(labels) or "none"


def _missions(missions: Iterable[MissionId]) -> str:
    return "; ".join(str(MISSIONS[mission]) for mission in missions) or "none"


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


def _row(observation: KincsesObservation, slots: tuple[int | None, ...], text: str) -> str:
    """A face-up row, or a note that it is dealt after the setup (the mission choice)."""
    if observation.turn == 0 and all(slot is None for slot in slots):
        return "dealt after the setup"
    return text


def _public(observation: KincsesObservation, me: PlayerId | None) -> list[str]:
    crew_row = _row(observation, observation.crew_row, _crew(observation.crew_row))
    lines = [
        f"Irány a Kincses Sziget!, {observation.players} players - round {observation.round}, "
        f"turn {observation.turn}/{observation.max_turns}, start player {observation.start_player}",
        render_track(observation),
        f"crew row: {crew_row}; pile {observation.crew_pile_size}, "
        f"discards {len(observation.crew_discard)}",
    ]
    rows = []
    for rank, value in enumerate(TREASURE_VALUES):
        cards = ", ".join(TREASURES[card].name for card in observation.treasure_rows[rank])
        rows.append(f"{value}: {cards or 'none'} (pile {observation.treasure_pile_sizes[rank]})")
    lines.append("treasures: " + " | ".join(rows))
    missions = ", ".join(
        str(MISSIONS[mission]) if mission is not None else "empty"
        for mission in observation.mission_row
    )
    missions = _row(observation, observation.mission_row, missions)
    lines.append(f"mission row: {missions}; pile {observation.mission_pile_size}")
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


def _place(position: Space) -> str:
    if position == ISLAND:
        return "Treasure Island"
    if position == START:
        return "START"
    return f"space {position} ({ZONE_OF[position]})"


def _seat_line(
    observation: KincsesObservation, seat: int, points: float | None, me: PlayerId | None
) -> str:
    view = observation.seats[seat]
    to_move = _pending_step(observation.tasks).player if observation.tasks else None
    marks = ("*" if to_move == seat else " ") + ("S" if observation.start_player == seat else " ")
    islands = sum(1 for island in observation.islands if island.owner == seat)
    total = f", {points:g} points" if points is not None else ""
    extra = ""
    if view.offer_count:
        extra += f", choosing 1 of {view.offer_count} missions"
    if view.drawn_count:
        extra += ", 1 mission drawn"
    if view.committed:
        extra += ", committed"
    if view.owed:
        extra += f", owes {_count(view.owed, 'crew card')}"
    you = " (you)" if seat == me else ""
    return (
        f"{marks} seat {seat}{you}: {_place(view.position)}, anchor {view.anchor}, "
        f"hand {view.hand_size}, treasures {view.treasure_count}, missions {view.mission_count}, "
        f"pearls {view.pearls}, islands {islands}" + extra + total
    )


def _step_words(step: Step) -> str:
    """What the seat to move is deciding, in plain words."""
    match step:
        case ExchangeStep():
            return "may exchange each weapon beyond the second for a random pirate"
        case KeepStep():
            return "keeps one of the two missions offered, in secret"
        case TurnStep():
            return "moves 1 to 3 free spaces, or anchors"
        case DiscardStep(purpose=purpose):
            return "discards a crew card" + _PURPOSES[purpose]
        case CrewSourceStep(count=count):
            more = f" ({count} to draw)" if count > 1 else ""
            return "draws a crew card from the row or the pile" + more
        case MissionSourceStep():
            return "takes a mission from the row or the pile"
        case MissionDisposeStep():
            return "adds the drawn mission, replaces a held one with it, or rejects it"
        case EventPileStep(space=space):
            return f"chooses the event pile to draw from for space {space}"
        case DuelTargetStep(card=card):
            return f"chooses whom to challenge to the {EVENT_CARDS[card]}"
        case DuelCommitStep(card=card):
            return f"chooses a secret composition for the {EVENT_CARDS[card]}"
        case DuelPrizeStep(loser=loser, draw=draw):
            how = " (a draw: the challenged seat wins)" if draw else ""
            return f"won the duel against seat {loser}{how}: advances or takes a treasure"
        case TreasureSourceStep(maximum=maximum):
            return f"takes a treasure of value {maximum} or lower"
        case BattleCommitStep(card=card):
            return f"builds a secret composition for the {EVENT_CARDS[card]}"
        case BattlePickStep(rank=rank):
            return (
                f"won the battle's {_ORDINALS[rank]} colour: may take a played card back "
                "from the table"
            )
        case MerchantCommitStep(card=card):
            return f"may offer a weapon to the {EVENT_CARDS[card]}, in secret"
        case IntrigueStep():
            return "may steal a crew card or a treasure blindly from an opponent"
        case TreasureLossStep():
            return "failed to land on the island: discards a treasure"
        case RewardStep(minimum=minimum):
            return f"moves forward {minimum} to 3 free spaces"
        case ChestStep():
            return "keeps weapons from the chest"
        case RepairStep():
            return "moves back for repairs"
        case TelescopeStep():
            return "uses the telescope: chooses what to inspect"
        case ParrotStep():
            return "uses the parrot: chooses what to shuffle or move"
        case ParrotPlaceStep(origin=origin, island=island):
            thing = "island" if island else "pearl bed"
            return f"chooses where the {thing} from space {origin} goes"
        case PearlSaleStep():
            return "may sell two pearls for a treasure of value 5 or lower"


def _decision(observation: KincsesObservation) -> str:
    if not observation.tasks:
        arrived = [seat for seat, view in enumerate(observation.seats) if view.position == ISLAND]
        if arrived:
            return f"game over: seat {arrived[0]} reached Treasure Island"
        return "game over: the turn limit was reached"
    step = _pending_step(observation.tasks)
    return f"to move: seat {step.player} ({step.phase}) - {_step_words(step)}"


def _pile_name(kind: str, pile: int | None, index: int) -> str:
    where = "top" if index == 0 else f"{index + 1} from the top"
    name = kind if pile is None else f"{kind} {pile}"
    return f"{name} ({where})"


def _known_piles(observation: KincsesObservation) -> list[str]:
    """The pile cards the observer knows (telescope peeks, missions put back)."""
    known = [
        f"crew pile ({'top' if index == 0 else f'{index + 1} from the top'}): {crew_label(card)}"
        for index, card in observation.crew_pile_known
    ]
    known += [
        f"{_pile_name('event pile', pile, index)}: {EVENT_CARDS[card]}"
        for pile, index, card in observation.event_pile_known
    ]
    known += [
        f"{_pile_name('treasure pile', TREASURE_VALUES[rank], index)}: {TREASURES[card]}"
        for rank, index, card in observation.treasure_pile_known
    ]
    known += [
        f"{_pile_name('mission pile', None, index)}: {MISSIONS[mission]}"
        for index, mission in observation.mission_pile_known
    ]
    return known


def render_observation(observation: KincsesObservation) -> str:
    """Describe the table as ``observation.player`` sees it."""
    me = observation.player
    lines = _public(observation, me)
    lines += [_seat_line(observation, seat, None, me) for seat in range(observation.players)]
    mine = observation.seats[me]
    lines.append(f"your hand (seat {me}): {_crew(mine.known_hand)}")
    if observation.commit:
        ready = "" if mine.committed else " so far"
        lines.append(f"your secret composition{ready}: {_crew(observation.commit)}")
    lines.append(
        "your treasures: "
        + (", ".join(str(TREASURES[card]) for card in mine.known_treasures) or "none")
    )
    lines.append("your missions: " + _missions(mine.known_missions))
    if mine.known_offer:
        offer = "; ".join(
            f"mission {index}: {MISSIONS[mission]}"
            for index, mission in enumerate(mine.known_offer)
        )
        lines.append(f"your mission offer (keep one, return the other): {offer}")
    if mine.known_drawn:
        lines.append(
            "your drawn mission (add it, replace one of yours with it, or reject it): "
            + _missions(mine.known_drawn)
        )
    for seat, view in enumerate(observation.seats):
        if seat == me:
            continue
        if view.known_hand:
            lines.append(f"you know seat {seat} holds: {_crew(view.known_hand)}")
        if view.known_treasures or view.known_treasure_values:
            treasures = [str(TREASURES[card]) for card in view.known_treasures]
            treasures += [f"a treasure of value {value}" for value in view.known_treasure_values]
            lines.append(f"you know seat {seat}'s treasures: {', '.join(treasures)}")
        missions = (*view.known_missions, *view.known_offer, *view.known_drawn)
        if missions:
            lines.append(f"you know seat {seat}'s missions: {_missions(missions)}")
    known_islands = [
        f"{view.space}: {ISLANDS[view.island]}"
        for view in observation.islands
        if view.island is not None and view.owner is None
    ]
    if known_islands:
        lines.append("face-down islands you know: " + "; ".join(known_islands))
    piles = _known_piles(observation)
    if piles:
        lines.append("pile cards you know: " + "; ".join(piles))
    if observation.mission_returned_known:
        lines.append("returned missions you know: " + _missions(observation.mission_returned_known))
    lines.append(_decision(observation))
    return "\n".join(lines)


def render_state(state: KincsesState) -> str:
    """Describe a full state, every hidden card included."""
    observation = observe(state, 0)
    points = score(state)
    lines = _public(observation, None)
    for seat in range(state.players):
        lines.append(_seat_line(observation, seat, points[seat], None))
        treasures = ", ".join(str(TREASURES[card]) for card in state.treasures[seat]) or "none"
        lines.append(f"    hand: {_crew(state.hands[seat])}")
        lines.append(f"    treasures: {treasures}; missions: {_missions(state.missions[seat])}")
        if state.mission_offers[seat]:
            offer = "; ".join(
                f"mission {index}: {MISSIONS[mission]}"
                for index, mission in enumerate(state.mission_offers[seat])
            )
            lines.append(f"    mission offer: {offer}")
        if state.drawn_missions[seat]:
            lines.append(f"    drawn mission: {_missions(state.drawn_missions[seat])}")
        if state.commits[seat]:
            lines.append(f"    secret composition: {_crew(state.commits[seat])}")
    hidden = [
        f"{space}: {ISLANDS[island]}"
        for space, island in enumerate(state.board_islands)
        if island is not None and state.island_owners[island] is None
    ]
    if hidden:
        lines.append("face-down islands: " + "; ".join(hidden))
    lines.append(_decision(observation))
    return "\n".join(lines)


def _own_text(observation: KincsesObservation, action: Action) -> str:
    """An action as its own player reads it: the ids of secret cards named."""
    mine = observation.seats[observation.player]
    match action:
        case KeepMission(index=index) if index < len(mine.known_offer):
            return f"{action}: {MISSIONS[mine.known_offer[index]]}"
        case ReplaceMission(mission=mission):
            return f"{action} ({MISSIONS[mission]})"
        case DiscardTreasure(treasure=treasure):
            return f"{action} ({TREASURES[treasure]})"
    return str(action)


def describe_action(
    observation: KincsesObservation, action: Action, viewer: PlayerId
) -> str | None:
    """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

    Secret choices (weapon exchange, kept missions, battle compositions, merchant offers)
    are named to their player only, with the mission or treasure an id refers to (``keep
    mission 0: ...``); the cards added to a battle composition are not even announced to
    the others (``None``), since its size is secret (E4).
    """
    if not observation.tasks:
        return str(action)
    if viewer == observation.player:
        return _own_text(observation, action)
    return public_text(observation.tasks[-1], action)


# --- plain words for a choice ---------------------------------------------------------------


def _is_free(observation: KincsesObservation, space: Space, mover: PlayerId) -> bool:
    """Whether ``space`` is free for ``mover`` (the rules' test, on public facts only)."""
    event = observation.board_events[space]
    if event is not None and not EVENT_CARDS[event].reusable:
        return False
    if any(view.space == space and view.owner is not None for view in observation.islands):
        return False
    return not any(
        seat != mover and view.position == space for seat, view in enumerate(observation.seats)
    )


def _ahead(observation: KincsesObservation, steps: int) -> Space:
    """The ``steps``-th free space ahead of the observer's ship, or Treasure Island."""
    me = observation.player
    count = 0
    for space in range(observation.seats[me].position + 1, LAST_SPACE + 1):
        if _is_free(observation, space, me):
            count += 1
            if count == steps:
                return space
    return ISLAND


def _behind(observation: KincsesObservation, steps: int) -> Space:
    """The ``steps``-th free space behind the observer's ship, or START."""
    me = observation.player
    count = 0
    for space in range(min(observation.seats[me].position, ISLAND) - 1, START, -1):
        if _is_free(observation, space, me):
            count += 1
            if count == steps:
                return space
    return START


def _landing(observation: KincsesObservation, space: Space) -> str:
    """What a normal move (or a repair) onto ``space`` sets off."""
    if space == START:
        return ", which activates nothing"
    island = next((view for view in observation.islands if view.space == space), None)
    if island is not None:
        known = f", {ISLANDS[island.island]}" if island.island is not None else ""
        return f", and try to land on the face-down island there{known}"
    text = ""
    pearls = observation.board_pearls[space]
    if pearls:
        text = f", take a pearl from the bed there ({pearls} left)"
    event = observation.board_events[space]
    if event is not None:
        return text + f", and use the {EVENT_CARDS[event].kind} lying there"
    if not any(observation.event_pile_sizes):
        return text + " (the event piles are empty: nothing happens)"
    return text + ", and draw an event card"


def _count(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _spaces(steps: int) -> str:
    return f"{steps} free space" + ("" if steps == 1 else "s")


def _known_top(text: str | None) -> str:
    return f" (you know it is {text})" if text is not None else ""


def _crew_top(observation: KincsesObservation) -> str | None:
    return next(
        (crew_label(card) for index, card in observation.crew_pile_known if index == 0), None
    )


def _drawn(observation: KincsesObservation) -> str:
    mine = observation.seats[observation.player]
    if mine.known_drawn:
        return str(MISSIONS[mine.known_drawn[0]])
    return "the drawn mission"


def _anchor(observation: KincsesObservation, then: str) -> str:
    mine = observation.seats[observation.player]
    return (
        f"anchor on {_place(mine.position)} (anchoring turn {mine.anchor + 1} of at most 2 in a "
        f"row) and {then}"
    )


def _advance(observation: KincsesObservation, steps: int) -> str:
    if steps == 0:
        return f"stay on {_place(observation.seats[observation.player].position)}"
    target = _ahead(observation, steps)
    if target == ISLAND:
        return (
            f"move forward {_spaces(steps)}, past space 42 to Treasure Island: the game ends "
            f"(+{ARRIVAL_POINTS} points)"
        )
    return f"move forward {_spaces(steps)} to {_place(target)} (activates nothing there)"


def _opponent(observation: KincsesObservation, seat: PlayerId) -> str:
    view = observation.seats[seat]
    return (
        f"seat {seat} (on {_place(view.position)}, {_count(view.hand_size, 'crew card')}, "
        f"{_count(view.treasure_count, 'treasure')})"
    )


def _explain_turn(observation: KincsesObservation, action: Action) -> str | None:
    """Turn, anchoring and card-source choices."""
    mine = observation.seats[observation.player]
    match action:
        case ExchangeWeapon(card=card):
            return f"return your weapon {crew_label(card)} to the deck for a random pirate"
        case KeepMission(index=index):
            offer = mine.known_offer
            if index >= len(offer):
                return f"keep mission {index} of the two offered"
            others = [str(MISSIONS[other]) for other in offer if other != offer[index]]
            back = f", and return {others[0]}" if others else ""
            return f"keep mission {index}, {mission_words(offer[index])}{back}"
        case Move(steps=steps):
            target = _ahead(observation, steps)
            if target == ISLAND:
                return (
                    f"sail {_spaces(steps)} forward, past space 42 to Treasure Island: the "
                    f"game ends (+{ARRIVAL_POINTS} points)"
                )
            return (
                f"sail {_spaces(steps)} forward to {_place(target)}{_landing(observation, target)}"
            )
        case AnchorDraw():
            return _anchor(observation, "draw one crew card (from the row or the pile)")
        case AnchorDiscard():
            return _anchor(observation, "discard one crew card of your choice")
        case AnchorExchange():
            return _anchor(observation, "discard one crew card, then draw one")
        case AnchorMission():
            return _anchor(
                observation,
                "draw a mission, then add it, replace one of yours with it or reject it",
            )
        case CrewFromRow(slot=slot):
            offered = observation.crew_row[slot]
            label = crew_label(offered) if offered is not None else "the card"
            return f"take {label} from crew row slot {slot}"
        case CrewFromPile():
            return (
                f"draw the top crew card of the pile blindly ({observation.crew_pile_size} "
                f"cards){_known_top(_crew_top(observation))}"
            )
        case MissionFromRow(slot=slot):
            mission = observation.mission_row[slot]
            words = mission_words(mission) if mission is not None else "the mission"
            return f"take the face-up mission {words} from mission row slot {slot}"
        case MissionFromPile():
            top = next(
                (str(MISSIONS[m]) for index, m in observation.mission_pile_known if index == 0),
                None,
            )
            return (
                f"draw the top mission of the pile blindly ({observation.mission_pile_size} "
                f"cards){_known_top(top)}"
            )
        case AddMission():
            drawn = mine.known_drawn
            words = mission_words(drawn[0]) if drawn else "the drawn mission"
            return f"add {words} to your missions"
        case ReplaceMission(mission=mission):
            return (
                f"keep {_drawn(observation)} and put your mission {MISSIONS[mission]} under "
                "the mission pile"
            )
        case RejectMission():
            return f"put {_drawn(observation)} under the mission pile"
        case TreasureFromRow(value=value, slot=slot):
            row = observation.treasure_rows[TREASURE_VALUES.index(value)]
            name = str(TREASURES[row[slot]]) if slot < len(row) else f"value {value}"
            return f"take the face-up treasure {name} (row {value}, slot {slot})"
        case TreasureFromPile(value=value):
            rank = TREASURE_VALUES.index(value)
            top = next(
                (
                    str(TREASURES[t])
                    for r, index, t in observation.treasure_pile_known
                    if r == rank and index == 0
                ),
                None,
            )
            return (
                f"draw a treasure of value {value} blindly from its pile "
                f"({observation.treasure_pile_sizes[rank]} cards){_known_top(top)}"
            )
        case DiscardTreasure(treasure=treasure):
            return f"give up your treasure {TREASURES[treasure]} (face up onto the discards)"
    return None


def _explain_event(observation: KincsesObservation, action: Action, step: Step | None) -> str:
    """Event choices: duels, battles, merchants, intrigues, chests, telescopes, parrots."""
    match action:
        case DiscardCrew(card=card):
            purpose = _PURPOSES[step.purpose] if isinstance(step, DiscardStep) else ""
            return f"discard {crew_label(card)} face up{purpose}"
        case DrawEvent(pile=pile):
            space = step.space if isinstance(step, EventPileStep) else None
            top = next(
                (
                    str(EVENT_CARDS[c])
                    for p, index, c in observation.event_pile_known
                    if p == pile and index == 0
                ),
                None,
            )
            onto = f" onto space {space}" if space is not None else ""
            return (
                f"draw the top card of event pile {pile} ({observation.event_pile_sizes[pile]} "
                f"cards){onto} and carry it out{_known_top(top)}"
            )
        case Challenge(opponent=opponent):
            duel = f"the {EVENT_CARDS[step.card]}" if isinstance(step, DuelTargetStep) else "a duel"
            return f"challenge {_opponent(observation, opponent)} to {duel}"
        case Compose(pirate=pirate, weapon=weapon):
            cards = [card for card in (pirate, weapon) if card is not None]
            labels = " + ".join(crew_label(card) for card in cards)
            if pirate is None:
                return f"play {labels} alone: no pirate, an invalid composition that loses"
            if isinstance(step, DuelCommitStep):
                colour = EVENT_CARDS[step.card].colours[0]
                total = composition_total(cards, colour)
                return f"fight the duel with {labels}: {colour} total {total}"
            return f"fight the duel with {labels}"
        case Advance(steps=steps):
            text = _advance(observation, steps)
            if isinstance(step, DuelPrizeStep) and not step.draw:
                penalty = ZONE_PENALTY[ZONE_OF[min(observation.seats[step.loser].position, 42)]]
                text += f"; seat {step.loser} moves back {_spaces(penalty)}"
            return text
        case Theft():
            if isinstance(step, DuelPrizeStep):
                held = observation.seats[step.loser].treasure_count
                if not step.draw and held >= 3:
                    return f"steal a treasure blindly from seat {step.loser} ({held} held)"
                why = "a draw" if step.draw else f"seat {step.loser} holds fewer than 3"
                back = "" if step.draw else f"; seat {step.loser} moves back"
                return f"take a treasure of value 3 or lower from the supply ({why}){back}"
            return "steal a treasure"
        case BattleAdd(card=card):
            return f"add {crew_label(card)} to your secret battle composition"
        case Done():
            if isinstance(step, ExchangeStep):
                return "keep your crew cards as they are (no more weapon exchanges)"
            if isinstance(step, BattleCommitStep):
                return f"commit your battle composition: {_crew(observation.commit)}"
            if isinstance(step, ChestStep):
                return "take no more weapons from the chest"
            return "finish"
        case TakeFromTable(card=card):
            return f"take {crew_label(card)} from the table as one of your replacements"
        case Offer(weapon=weapon):
            return f"offer {crew_label(weapon)} to the merchant, in secret"
        case Steal(opponent=opponent, target=target):
            view = observation.seats[opponent]
            if target is StealTarget.CREW:
                return f"draw a crew card blindly from seat {opponent}'s {view.hand_size} in hand"
            return f"draw a treasure blindly from seat {opponent}'s {view.treasure_count} held"
        case TakeWeapon(card=card):
            return f"keep {crew_label(card)} from the chest"
        case StepBack(steps=steps):
            behind = _behind(observation, steps)
            return f"move back {_spaces(steps)} to {_place(behind)}{_landing(observation, behind)}"
        case PeekEventTops():
            return "look at the top card of each event pile"
        case PeekHand(opponent=opponent):
            count = observation.seats[opponent].hand_size
            return f"look at seat {opponent}'s crew cards ({count} in hand)"
        case PeekTreasures(opponent=opponent):
            count = observation.seats[opponent].treasure_count
            return f"look at seat {opponent}'s treasures ({count} held)"
        case PeekIsland(space=space):
            return f"look at the face-down island on space {space}"
        case PeekMissions(opponent=opponent):
            count = observation.seats[opponent].mission_count
            return f"look at seat {opponent}'s missions ({count} held)"
        case PeekCrewTop():
            return "look at the top card of the crew pile"
        case PeekTreasureTops():
            return "look at the top card of each treasure pile"
        case PeekMissionTop():
            return "look at the top card of the mission pile"
        case RedealTreasures(value=value):
            return f"shuffle the face-up treasures of value {value} into their pile and deal two"
        case RedealCrewRow():
            return "shuffle the crew row into the crew pile and deal six new cards"
        case RedealMissions():
            return "shuffle the mission row into the mission pile and deal three new ones"
        case MoveIsland(space=space):
            return f"move the face-down island on space {space} within zone {ZONE_OF[space]}"
        case MovePearlBed(space=space):
            pearls = _count(observation.board_pearls[space], "pearl")
            return f"move the pearl bed on space {space} ({pearls}) within zone {ZONE_OF[space]}"
        case PlaceAt(space=space):
            thing = "it"
            if isinstance(step, ParrotPlaceStep):
                thing = "the island" if step.island else "the pearl bed"
            return f"put {thing} on space {space}"
        case SellPearls():
            held = observation.seats[observation.player].pearls
            return f"pay 2 of your {held} pearls for a treasure of value 5 or lower"
        case Decline():
            return _declined(step)
    return str(action)


def _declined(step: Step | None) -> str:
    match step:
        case IntrigueStep():
            return "steal nothing"
        case TelescopeStep():
            return "inspect nothing"
        case ParrotStep():
            return "shuffle and move nothing"
        case MerchantCommitStep():
            return "offer nothing to the merchant (an empty hand, in secret)"
        case BattlePickStep():
            return "take nothing from the table (replace from the row or the pile)"
        case PearlSaleStep():
            return "keep your pearls"
    return "decline"


def explain_action(observation: KincsesObservation, action: Action) -> str:
    """Say in plain words what ``action``, a legal action of the observer, does.

    The words name what the choice refers to (the mission kept with what it asks and pays,
    the card taken with its values, the space a move reaches and what lies there), from
    the observation alone.
    """
    step = _pending_step(observation.tasks) if observation.tasks else None
    text = _explain_turn(observation, action)
    if text is None:
        text = _explain_event(observation, action, step)
    return text


def legend() -> str:
    """Explain every code of the text renderings and of the actions' names."""
    events = ", ".join(f"{code} {kind}" for kind, code in _CODES.items())
    entries = [
        "Irány a Kincses Sziget! - how to read the table",
        "Track: six rows of seven spaces along the serpentine ('->' rows run left to right, "
        "'<-' rows right to left), from START (before space 1) to TREASURE ISLAND (after 42).",
        "A cell '12B:1 Mu ? o2' is space 12 in zone B, then what lies there:",
        "  digits 0-3: the ships of those seats;",
        f"  the event card activated there: {events};",
        "  ? a face-down island card; I2 an island occupied by seat 2;",
        "  o2 a pearl oyster bed with 2 pearls left.",
        "Zones (free spaces to move back after a failure; points at the end): A 1-10 (1; -5), "
        "B 11-21 (1; 0), C 22-32 (2; +5), D 33-42 (3; +10); Treasure Island +15.",
        "Pirate 'Tim Cook(4/6/5/11 dice)': orange/blue/green/black values (sailing, strength, "
        "dexterity, influence) and the item he masters. Weapon 'gambling game(K5 dice)': "
        "colour (O orange, B blue, G green, K black), value and item; played with a pirate "
        "of its item it counts x3 (value 3 or 5) or x2 (value 10).",
        "Treasure 'gold dragon (3)': name (points; sets 1-1-1 = 5, 3-3-3 = 12, 1-3-5 = 12). "
        "Island 'Gull Rock (orange 17)': the total needed to land. Mission 'Be the second "
        "to arrive! (+6/-2)': points won at the end if achieved, lost if not.",
        "Seat lines: '*' the seat to move, 'S' the round's start player; anchor = anchoring "
        "turns in a row (0-2); committed = a secret composition or offer is ready; owes = "
        "crew cards still to replace.",
        "Rows: crew row slots 0-5, mission row slots 0-2, treasures '1:', '3:', '5:' (the "
        "face-up cards of that value, then the pile's size); 'empty' an empty slot, 'none' "
        "nothing, '-' no ship; event piles: the cards left in piles 0, 1 and 2.",
        "Actions: 'move 2' sails to the 2nd free space ahead; 'advance N' and 'step back N' "
        "count free spaces; 'anchor: ...' stays put; 'keep mission 0' keeps the first "
        "mission offered; 'take the face-up treasure 3/1' is value 3, slot 1; 'discard "
        "treasure 13' and 'replace mission 5' name a card by number (treasures 0-11 are "
        "worth 1, 12-23 worth 3, 24-35 worth 5); 'decline' skips an optional choice; 'done' "
        "ends a weapon exchange, a battle composition or a chest.",
        "Others see secret moves as 'keep a mission', 'commit in secret', 'exchange a weapon "
        "for a random pirate', 'put a mission under the pile'; 'reveal' turns cards face up, "
        "'show' shows the cards that pass a check.",
    ]
    lines: list[str] = []
    for entry in entries:  # wrapped for a terminal, continuation lines indented
        indent = entry[: len(entry) - len(entry.lstrip())]
        lines += textwrap.wrap(entry, width=100, subsequent_indent=indent + "    ")
    return "\n".join(lines)

"""Irány a Kincses Sziget! for learning agents: a number per action, a vector per observation.

**Action numbers.** :func:`numbering` gives every action class of
:data:`~boardgames.games.kincses_sziget.actions.Action` a block of numbers, in the order of
that union, and numbers the actions of a class by their fields (the first field the most
significant digit), each field over the exact range the rules can offer: crew cards 0-71
(weapons 48-71 where only a weapon can be chosen), treasures 0-35, missions 0-23, the row
slots, the treasure values 1, 3 and 5, the seats ``range(players)``, the spaces an island
can lie on (11-39) and the spaces 1-42. The numbering changes only if the order of the
classes in ``Action`` changes, or the order of a class's fields, or a field's range: the
card tables of :mod:`~boardgames.games.kincses_sziget.components` (their sizes, the
weapons' ids, the zones that hold islands) or the player count (the blocks of
:class:`~boardgames.games.kincses_sziget.actions.Challenge`,
:class:`~boardgames.games.kincses_sziget.actions.Steal`, :class:`PeekHand
<boardgames.games.kincses_sziget.actions.PeekHand>`, :class:`PeekTreasures
<boardgames.games.kincses_sziget.actions.PeekTreasures>` and :class:`PeekMissions
<boardgames.games.kincses_sziget.actions.PeekMissions>` have one number per seat, and
every later block moves with them). The options ``max_turns``, ``reveal_shown_cards`` and
``tiebreak_by_position`` change nothing.

**Observation vector.** :func:`observation_layout` lists its segments. It is computed from
the observation alone. Seats are counted from the observer (0 is him, 1 the next seat in
turn order, ...), so that one policy serves every seat; the ``player`` segment gives his
own seat number, by which the action numbers name seats. Cards are one-hot by id (all 72
crew cards are distinct; treasures are kept by id too, since the casket is one of the
value-1 cards and the treasure actions name ids), counts are scaled to about 0 to 1, and the
pending decision is the class of the top of the task stack with its parameters. The
history is summarised by its length and its last entry: what it records that still matters
(cards revealed or shown, event cards turned up, treasure values drawn blindly) is already
in the observation's other fields.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, MutableSequence
from typing import Final, get_args

from boardgames.core.encoding import ActionNumbering, Segment, segments
from boardgames.games.kincses_sziget._work import _TREASURE_RANK
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
    PublicAction,
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
    CREW_CARDS,
    CREW_ROW_SIZE,
    EVENT_CARDS,
    EVENT_COPIES,
    EVENT_ID_IN_PLAY,
    EVENT_IDS_IN_PLAY,
    EVENT_PILES,
    FORBIDDEN_ISLAND_SPACES,
    HAND_MAX,
    ISLAND,
    ISLANDS,
    ISLANDS_PER_ZONE,
    LAST_SPACE,
    MISSION_ROW_SIZE,
    MISSIONS,
    PIRATE_COUNT,
    TREASURE_ROW_SIZE,
    TREASURE_VALUES,
    TREASURES,
    ZONE_SPACES,
    Colour,
    DuelMark,
    EventCard,
    EventKind,
    Zone,
)
from boardgames.games.kincses_sziget.observation import KincsesObservation
from boardgames.games.kincses_sziget.rules import Configuration
from boardgames.games.kincses_sziget.state import (
    AutomaticTask,
    BattleCommitStep,
    BattlePickStep,
    BattleRevealTask,
    CrewSourceStep,
    DiscardPurpose,
    DiscardStep,
    DuelCommitStep,
    DuelPrizeStep,
    DuelRevealTask,
    DuelTargetStep,
    EventPileStep,
    MerchantCommitStep,
    MerchantRevealTask,
    ParrotPlaceStep,
    PearlSaleStep,
    RewardStep,
    Step,
    TreasureSourceStep,
    _pending_step,
)

__all__ = ["encode_observation", "numbering", "observation_layout"]

_CREW: Final = len(CREW_CARDS)
_TREASURES: Final = len(TREASURES)
_MISSIONS: Final = len(MISSIONS)
_EVENTS: Final = len(EVENT_IDS_IN_PLAY)  # one slot per kind of card: copies are identical
_EVENT_SLOT: Final = tuple(EVENT_IDS_IN_PLAY.index(card) for card in EVENT_ID_IN_PLAY)
_EVENT_SHARE: Final = tuple(1.0 / copies for copies in EVENT_COPIES)
_POSITIONS: Final = ISLAND + 1  # START, spaces 1-42, Treasure Island
_BOARD: Final = LAST_SPACE + 1  # the positions that hold cards: START and 1-42
_SPACES: Final = range(1, LAST_SPACE + 1)
_WEAPONS: Final = range(PIRATE_COUNT, _CREW)
_ISLAND_SPACES: Final = tuple(
    space
    for zone in Zone
    if ISLANDS_PER_ZONE[zone]
    for space in range(ZONE_SPACES[zone][0], ZONE_SPACES[zone][1] + 1)
    if space not in FORBIDDEN_ISLAND_SPACES
)
"""The spaces an island card can lie on: its zone's spaces but 40-42 (a parrot moves it
within its zone)."""
_ISLAND_SLOTS: Final = sum(ISLANDS_PER_ZONE)
_ISLAND_SPACE_INDEX: Final = {space: index for index, space in enumerate(_ISLAND_SPACES)}

_STEP_CLASSES: Final = get_args(Step)
_STEP_INDEX: Final = {cls: index for index, cls in enumerate(_STEP_CLASSES)}
_TASK_CLASSES: Final = (*_STEP_CLASSES, *get_args(AutomaticTask))
_TASK_INDEX: Final = {cls: index for index, cls in enumerate(_TASK_CLASSES)}
_PUBLIC_CLASSES: Final = get_args(PublicAction)
_PUBLIC_INDEX: Final = {cls: index for index, cls in enumerate(_PUBLIC_CLASSES)}
_PURPOSE_INDEX: Final = {purpose: index for index, purpose in enumerate(DiscardPurpose)}
_MARK_INDEX: Final = {mark: index for index, mark in enumerate(DuelMark)}
_VALUE_INDEX: Final = {value: index for index, value in enumerate(TREASURE_VALUES)}

_CARD_FEATURES: Final = 3 * len(Colour) + len(DuelMark) + 1


def _card_features(card: EventCard) -> tuple[float, ...]:
    """The colours (in order), the mark and the shell of an event card, as numbers."""
    features = [0.0] * _CARD_FEATURES
    for order, colour in enumerate(card.colours):
        features[order * len(Colour) + colour] = 1.0
    if card.mark is not None:
        features[3 * len(Colour) + _MARK_INDEX[card.mark]] = 1.0
    features[-1] = 1.0 if card.shell else 0.0
    return tuple(features)


_EVENT_FEATURES: Final = tuple(_card_features(card) for card in EVENT_CARDS)
_BOARD_FEATURE: Final = tuple(
    1 if card.kind is EventKind.TELESCOPE else 2 if card.kind is EventKind.PARROT else 0
    for card in EVENT_CARDS
)
"""Which of the first three features of a board position an event card lying there sets."""

_SEAT_COUNTS: Final = 8
_BOARD_FEATURES: Final = 4
_STACK_CAP: Final = 4
_DEPTH_CAP: Final = 16
_HISTORY_SCALE: Final = 500


@functools.cache
def numbering(configuration: Configuration) -> ActionNumbering[Action]:
    """Number every action of a configuration, class by class in the order of ``Action``.

    >>> from boardgames.games.kincses_sziget.actions import Move, Decline
    >>> actions = numbering((4, 500, True, False))
    >>> actions.encode(Move(1)), actions.size - 1 == actions.encode(Decline())
    (26, True)
    """
    seats = range(configuration[0])
    domains: dict[type, dict[str, Iterable[object] | type[enum.Enum]]] = {
        ExchangeWeapon: {"card": _WEAPONS},
        KeepMission: {"index": range(2)},
        Move: {"steps": range(1, 4)},
        AnchorDraw: {},
        AnchorDiscard: {},
        AnchorExchange: {},
        AnchorMission: {},
        DiscardCrew: {"card": range(_CREW)},
        DiscardTreasure: {"treasure": range(_TREASURES)},
        CrewFromRow: {"slot": range(CREW_ROW_SIZE)},
        CrewFromPile: {},
        MissionFromRow: {"slot": range(MISSION_ROW_SIZE)},
        MissionFromPile: {},
        AddMission: {},
        ReplaceMission: {"mission": range(_MISSIONS)},
        RejectMission: {},
        TreasureFromRow: {"value": TREASURE_VALUES, "slot": range(TREASURE_ROW_SIZE)},
        TreasureFromPile: {"value": TREASURE_VALUES},
        DrawEvent: {"pile": range(EVENT_PILES)},
        Challenge: {"opponent": seats},
        Compose: {"pirate": (None, *range(PIRATE_COUNT)), "weapon": (None, *_WEAPONS)},
        Advance: {"steps": range(4)},
        Theft: {},
        BattleAdd: {"card": range(_CREW)},
        Done: {},
        TakeFromTable: {"card": range(_CREW)},
        Offer: {"weapon": _WEAPONS},
        Steal: {"opponent": seats, "target": StealTarget},
        TakeWeapon: {"card": _WEAPONS},
        StepBack: {"steps": range(1, 4)},
        PeekEventTops: {},
        PeekHand: {"opponent": seats},
        PeekTreasures: {"opponent": seats},
        PeekIsland: {"space": _ISLAND_SPACES},
        PeekMissions: {"opponent": seats},
        PeekCrewTop: {},
        PeekTreasureTops: {},
        PeekMissionTop: {},
        RedealTreasures: {"value": TREASURE_VALUES},
        RedealCrewRow: {},
        RedealMissions: {},
        MoveIsland: {"space": _ISLAND_SPACES},
        MovePearlBed: {"space": _SPACES},
        PlaceAt: {"space": _SPACES},
        SellPearls: {},
        Decline: {},
    }
    return ActionNumbering([(cls, domains[cls]) for cls in get_args(Action)])


@functools.cache
def observation_layout(configuration: Configuration) -> tuple[Segment, ...]:
    """Return the segments of the observation vector of a configuration, in order.

    Per-seat segments hold one block per seat, the observer's first, then the seats after
    him in turn order.
    """
    players = configuration[0]
    return segments(
        ("player", players, "1 at the observer's own seat number"),
        (
            "clock",
            3,
            "turns started over max_turns; turns started over 100 and the round over 50, "
            "each at most 1",
        ),
        ("options", 2, "1 if reveal_shown_cards, 1 if tiebreak_by_position"),
        ("start_player", players, "1 at the seat holding the starting-player marker"),
        ("turn_index", players, "1 at the number of turns of this round started before"),
        (
            "positions",
            players * _POSITIONS,
            "per seat, 1 at its ship's position: 0 START, 1-42, 43 Treasure Island",
        ),
        ("anchors", players * 3, "per seat, 1 at its anchor disc (0, 1 or 2 anchorings)"),
        (
            "seat_counts",
            players * _SEAT_COUNTS,
            "per seat: crew cards in hand / 7, treasures / 12, missions / 6, setup missions "
            "undecided / 2, missions drawn by anchoring, pearls / 10, 1 if committed, "
            "cards owed / 3",
        ),
        (
            "treasure_values",
            players * 3,
            "per seat, its treasures of value 1, 3 and 5 whose value the observer knows "
            "(known cards and known values), each / 12",
        ),
        ("hands", players * _CREW, "per seat, 1 at each crew card the observer knows it holds"),
        ("played", players * _CREW, "per seat, 1 at each battle card it has on the table"),
        ("commit", _CREW, "1 at each card of the observer's own secret composition or offer"),
        (
            "crew_row",
            CREW_ROW_SIZE * _CREW,
            "per crew row slot 0-5, 1 at the card lying in it",
        ),
        ("crew_discard", _CREW, "1 at each card of the crew discard pile"),
        ("chest", _CREW, "1 at each chest card on the table"),
        (
            "crew_pile_known",
            _CREW,
            "1 / (1 + depth) at each card the observer knows in the crew pile (1: the top)",
        ),
        ("crew_sizes", 2, "cards in the crew pile / 72, in the crew discard pile / 72"),
        ("treasures", players * _TREASURES, "per seat, 1 at each treasure the observer knows"),
        (
            "treasure_rows",
            TREASURE_ROW_SIZE * _TREASURES,
            "per slot 0-1 of the face-up rows, 1 at the treasure lying in it",
        ),
        ("treasure_discard", _TREASURES, "1 at each discarded treasure"),
        (
            "treasure_pile_known",
            _TREASURES,
            "1 / (1 + depth) at each treasure the observer knows in its pile",
        ),
        ("treasure_pile_sizes", 3, "cards in the piles of value 1, 3 and 5, each / 10"),
        ("missions", players * _MISSIONS, "per seat, 1 at each mission the observer knows"),
        (
            "own_offer",
            2 * _MISSIONS,
            "setup: per position 0-1 of the observer's two drawn missions (KeepMission's "
            "index), 1 at the mission",
        ),
        (
            "drawn_missions",
            players * _MISSIONS,
            "per seat, 1 at the mission it drew by anchoring, if the observer knows it",
        ),
        (
            "mission_row",
            MISSION_ROW_SIZE * _MISSIONS,
            "per mission row slot 0-2, 1 at the mission lying in it",
        ),
        (
            "mission_pile_known",
            _MISSIONS,
            "1 / (1 + depth) at each mission the observer knows in the pile",
        ),
        (
            "mission_returned_known",
            _MISSIONS,
            "setup: 1 at each returned mission the observer knows",
        ),
        ("mission_sizes", 2, "missions in the pile / 24, returned at setup / 24"),
        (
            "events_out",
            _EVENTS,
            "per kind of event card (37, in id order): the share of its copies on the board "
            "or discarded",
        ),
        (
            "event_pile_known",
            EVENT_PILES * _EVENTS,
            "per event pile 0-2, 1 at the kind of its top card if the observer knows it",
        ),
        ("event_pile_sizes", EVENT_PILES, "cards in each event pile / 22"),
        (
            "board",
            _BOARD * _BOARD_FEATURES,
            "per position 0-42: 1 if an activated event card blocks it, 1 if a telescope "
            "lies there, 1 if a parrot lies there, its pearls / 10",
        ),
        (
            "islands",
            _ISLAND_SLOTS * (len(_ISLAND_SPACES) + len(ISLANDS) + 1 + players + 1),
            "per island card on the board, in space order: 1 at its space (11-39), 1 at its "
            "identity or at 'unknown' (after the 12 ids), 1 at its occupant or at 'nobody' "
            "(after the seats)",
        ),
        (
            "step",
            len(_STEP_CLASSES),
            "1 at the class of the pending decision (the top of the task stack), in the "
            "order of state.Step; all 0 once the game is over",
        ),
        ("step_player", players, "1 at the seat that decides"),
        ("step_purpose", len(DiscardPurpose), "DiscardStep: 1 at its purpose"),
        ("step_count", 1, "CrewSourceStep: the cards still to draw / 3"),
        (
            "step_card",
            _CARD_FEATURES,
            "the event card of a duel, battle, merchant or pearl-sale step: 1 at its first, "
            "second and third colour (4 each), 1 at its mark (double circle, cross, plain), "
            "1 if it has the shell",
        ),
        ("step_loser", players, "DuelPrizeStep: 1 at the loser"),
        ("step_draw", 1, "DuelPrizeStep: 1 if the duel was a draw"),
        ("step_maximum", 3, "TreasureSourceStep: 1 at the highest value allowed (1, 3, 5)"),
        ("step_rank", 3, "BattlePickStep: 1 at the rank of the colour won"),
        ("step_minimum", 2, "RewardStep: 1 at the shortest advance allowed (0 or 1)"),
        (
            "step_space",
            _BOARD,
            "1 at the space of an event pile or pearl sale step, or the origin of a parrot move",
        ),
        ("step_island", 1, "ParrotPlaceStep: 1 if an island is moved, 0 for a pearl bed"),
        (
            "stack",
            len(_TASK_CLASSES),
            f"the tasks below the pending decision, per class (the steps of state.Step, "
            f"then the automatic tasks of state.AutomaticTask): count / {_STACK_CAP}, at "
            "most 1",
        ),
        ("stack_depth", 1, f"the tasks on the stack / {_DEPTH_CAP}, at most 1"),
        (
            "conflict",
            3 * players,
            "1 at the challenger, 1 at the challenged seat of a duel being fought, 1 at the "
            "initiator of a battle or merchant being resolved",
        ),
        (
            "last_entry",
            players + len(_PUBLIC_CLASSES),
            "the last history entry: 1 at its seat, 1 at its class (in the order of "
            "actions.PublicAction)",
        ),
        ("history_length", 1, f"history entries / {_HISTORY_SCALE}, at most 1"),
    )


@functools.cache
def _starts(configuration: Configuration) -> dict[str, int]:
    return {segment.name: segment.start for segment in observation_layout(configuration)}


def encode_observation(
    configuration: Configuration, observation: KincsesObservation, out: MutableSequence[float]
) -> None:
    """Write ``observation`` into ``out`` (zeroed, of the layout's size).

    See :func:`observation_layout` for what each segment holds.
    """
    players = configuration[0]
    at = _starts(configuration)
    me = observation.player

    out[at["player"] + me] = 1.0
    turn = observation.turn
    base = at["clock"]
    out[base] = turn / observation.max_turns
    out[base + 1] = min(turn, 100) / 100
    out[base + 2] = min(observation.round, 50) / 50
    base = at["options"]
    out[base] = 1.0 if observation.reveal_shown_cards else 0.0
    out[base + 1] = 1.0 if observation.tiebreak_by_position else 0.0
    out[at["start_player"] + (observation.start_player - me) % players] = 1.0
    out[at["turn_index"] + observation.turn_index] = 1.0

    positions, anchors, counts = at["positions"], at["anchors"], at["seat_counts"]
    values, hands, played = at["treasure_values"], at["hands"], at["played"]
    treasures, missions, drawn = at["treasures"], at["missions"], at["drawn_missions"]
    for seat, view in enumerate(observation.seats):
        relative = (seat - me) % players
        out[positions + relative * _POSITIONS + view.position] = 1.0
        out[anchors + relative * 3 + view.anchor] = 1.0
        base = counts + relative * _SEAT_COUNTS
        out[base : base + _SEAT_COUNTS] = (
            view.hand_size / HAND_MAX,
            view.treasure_count / 12,
            view.mission_count / 6,
            view.offer_count / 2,
            float(view.drawn_count),
            view.pearls / 10,
            1.0 if view.committed else 0.0,
            view.owed / 3,
        )
        if view.treasure_count:
            value_counts = [0, 0, 0]
            for treasure in view.known_treasures:
                value_counts[_TREASURE_RANK[treasure]] += 1
            for value in view.known_treasure_values:
                value_counts[_VALUE_INDEX[value]] += 1
            base = values + relative * 3
            out[base : base + 3] = [count / 12 for count in value_counts]
        base = hands + relative * _CREW
        for card in view.known_hand:
            out[base + card] = 1.0
        base = played + relative * _CREW
        for card in view.played:
            out[base + card] = 1.0
        base = treasures + relative * _TREASURES
        for treasure in view.known_treasures:
            out[base + treasure] = 1.0
        base = missions + relative * _MISSIONS
        for mission in view.known_missions:
            out[base + mission] = 1.0
        base = drawn + relative * _MISSIONS
        for mission in view.known_drawn:
            out[base + mission] = 1.0
    base = at["own_offer"]
    for index, mission in enumerate(observation.seats[me].known_offer[:2]):
        out[base + index * _MISSIONS + mission] = 1.0

    _encode_cards(at, observation, out)
    _encode_board(at, players, me, observation, out)
    _encode_tasks(at, players, me, observation, out)

    history = observation.history
    if len(history):
        seat, entry = history[-1]
        base = at["last_entry"]
        out[base + (seat - me) % players] = 1.0
        out[base + players + _PUBLIC_INDEX[type(entry)]] = 1.0
    out[at["history_length"]] = min(len(history) / _HISTORY_SCALE, 1.0)


def _encode_cards(
    at: dict[str, int], observation: KincsesObservation, out: MutableSequence[float]
) -> None:
    """The rows, piles and discards of crew cards, treasures, missions and events."""
    base = at["commit"]
    for card in observation.commit:
        out[base + card] = 1.0
    base = at["crew_row"]
    for slot, slot_card in enumerate(observation.crew_row):
        if slot_card is not None:
            out[base + slot * _CREW + slot_card] = 1.0
    base = at["crew_discard"]
    for card in observation.crew_discard:
        out[base + card] = 1.0
    base = at["chest"]
    for card in observation.chest:
        out[base + card] = 1.0
    base = at["crew_pile_known"]
    for depth, card in observation.crew_pile_known:
        out[base + card] = 1.0 / (1 + depth)
    base = at["crew_sizes"]
    out[base] = observation.crew_pile_size / _CREW
    out[base + 1] = len(observation.crew_discard) / _CREW

    base = at["treasure_rows"]
    for row in observation.treasure_rows:
        for slot, treasure in enumerate(row[:TREASURE_ROW_SIZE]):
            out[base + slot * _TREASURES + treasure] = 1.0
    base = at["treasure_discard"]
    for treasure in observation.treasure_discard:
        out[base + treasure] = 1.0
    base = at["treasure_pile_known"]
    for _, depth, treasure in observation.treasure_pile_known:
        out[base + treasure] = 1.0 / (1 + depth)
    base = at["treasure_pile_sizes"]
    out[base : base + 3] = [size / 10 for size in observation.treasure_pile_sizes]

    base = at["mission_row"]
    for slot, mission in enumerate(observation.mission_row):
        if mission is not None:
            out[base + slot * _MISSIONS + mission] = 1.0
    base = at["mission_pile_known"]
    for depth, mission in observation.mission_pile_known:
        out[base + mission] = 1.0 / (1 + depth)
    base = at["mission_returned_known"]
    for mission in observation.mission_returned_known:
        out[base + mission] = 1.0
    base = at["mission_sizes"]
    out[base] = observation.mission_pile_size / _MISSIONS
    out[base + 1] = observation.mission_returned_size / _MISSIONS

    base = at["events_out"]
    for card in observation.event_discard:
        out[base + _EVENT_SLOT[card]] += _EVENT_SHARE[card]
    base = at["event_pile_known"]
    for pile, _, card in observation.event_pile_known:  # only tops are ever known
        out[base + pile * _EVENTS + _EVENT_SLOT[card]] = 1.0
    base = at["event_pile_sizes"]
    out[base : base + EVENT_PILES] = [size / 22 for size in observation.event_pile_sizes]


def _encode_board(
    at: dict[str, int],
    players: int,
    me: int,
    observation: KincsesObservation,
    out: MutableSequence[float],
) -> None:
    """The event cards and pearls on the track (and the cards in ``events_out``), the islands."""
    base, events = at["board"], at["events_out"]
    for space, card, pearls in zip(
        range(_BOARD), observation.board_events, observation.board_pearls, strict=True
    ):
        if card is not None:
            out[base + space * _BOARD_FEATURES + _BOARD_FEATURE[card]] = 1.0
            out[events + _EVENT_SLOT[card]] += _EVENT_SHARE[card]
        if pearls:
            out[base + space * _BOARD_FEATURES + 3] = pearls / 10
    base = at["islands"]
    width = len(_ISLAND_SPACES) + len(ISLANDS) + 1 + players + 1
    for slot, view in enumerate(observation.islands[:_ISLAND_SLOTS]):
        start = base + slot * width
        out[start + _ISLAND_SPACE_INDEX[view.space]] = 1.0
        start += len(_ISLAND_SPACES)
        out[start + (len(ISLANDS) if view.island is None else view.island)] = 1.0
        start += len(ISLANDS) + 1
        out[start + (players if view.owner is None else (view.owner - me) % players)] = 1.0


def _encode_tasks(
    at: dict[str, int],
    players: int,
    me: int,
    observation: KincsesObservation,
    out: MutableSequence[float],
) -> None:
    """The pending decision and its parameters, and a summary of the tasks below it."""
    tasks = observation.tasks
    out[at["stack_depth"]] = min(len(tasks) / _DEPTH_CAP, 1.0)
    if not tasks:
        return
    step = _pending_step(tasks)
    out[at["step"] + _STEP_INDEX[type(step)]] = 1.0
    out[at["step_player"] + (step.player - me) % players] = 1.0
    match step:
        case DiscardStep(purpose=purpose):
            out[at["step_purpose"] + _PURPOSE_INDEX[purpose]] = 1.0
        case CrewSourceStep(count=count):
            out[at["step_count"]] = min(count, 3) / 3
        case (
            DuelTargetStep(card=card)
            | DuelCommitStep(card=card)
            | BattleCommitStep(card=card)
            | MerchantCommitStep(card=card)
        ):
            base = at["step_card"]
            out[base : base + _CARD_FEATURES] = _EVENT_FEATURES[card]
        case PearlSaleStep(card=card, space=space):
            base = at["step_card"]
            out[base : base + _CARD_FEATURES] = _EVENT_FEATURES[card]
            out[at["step_space"] + space] = 1.0
        case DuelPrizeStep(loser=loser, draw=draw):
            out[at["step_loser"] + (loser - me) % players] = 1.0
            out[at["step_draw"]] = 1.0 if draw else 0.0
        case TreasureSourceStep(maximum=maximum):
            out[at["step_maximum"] + _VALUE_INDEX[maximum]] = 1.0
        case BattlePickStep(rank=rank):
            out[at["step_rank"] + rank] = 1.0
        case RewardStep(minimum=minimum):
            out[at["step_minimum"] + minimum] = 1.0
        case EventPileStep(space=space):
            out[at["step_space"] + space] = 1.0
        case ParrotPlaceStep(origin=origin, island=island):
            out[at["step_space"] + origin] = 1.0
            out[at["step_island"]] = 1.0 if island else 0.0
        case _:
            pass
    stack, conflict = at["stack"], at["conflict"]
    counts = [0] * len(_TASK_CLASSES)
    for task in tasks[:-1]:
        counts[_TASK_INDEX[type(task)]] += 1
        match task:
            case DuelRevealTask(challenger=challenger, challenged=challenged):
                out[conflict + (challenger - me) % players] = 1.0
                out[conflict + players + (challenged - me) % players] = 1.0
            case BattleRevealTask(initiator=initiator):
                out[conflict + 2 * players + (initiator - me) % players] = 1.0
            case MerchantRevealTask(activator=activator):
                out[conflict + 2 * players + (activator - me) % players] = 1.0
            case _:
                pass
    for index, count in enumerate(counts):
        if count:
            out[stack + index] = min(count / _STACK_CAP, 1.0)

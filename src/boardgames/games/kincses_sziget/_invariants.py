"""The invariants of a state and the ranges of an action's fields, checked on untrusted input.

:func:`check_fields` checks that a state is one the rules can reach, as far as that can be
seen without replaying the game; :func:`~boardgames.games.kincses_sziget.rules.check_state`
adds that the pending decision has a legal action and is not one the engine skips.
Everything here is linear in the size of the state, the history included. It checks:

* **the configuration and the counters**: 2 to 4 seats, a turn limit of 1 to
  :attr:`~boardgames.OptionSpec.MAX_TURN_LIMIT`; during the setup ``turn`` is 0 and
  ``round`` 1; afterwards turn ``t`` is turn ``(t - 1) % players`` of round
  ``(t - 1) // players + 1`` (each player has one turn per round: "When every player has
  had their turn, a new round begins"), and the starting-player marker has passed once per
  round ("after each turn the marker passes to the next player in turn order");
* **every card in exactly one place**, piles and rows of the right sizes and values, hands
  of at most 7 crew cards ("No player may hold more than 7 or fewer than 2 crew cards!"),
  at most 3 cards in a composition or the chest, every pearl on a space of the track or
  with a seat (1 + 2 + 1 + 2 pearls for 2 players, 8 for 3, 10 for 4, as the table of the
  setup prints) and none on the start position, which is no space of a zone;
* **the task stack**: only shapes the engine builds (the setup, one turn choice, or the
  steps of one event, with the seat that landed on the event card standing on it), and the
  fields that belong to a pending decision (secret compositions, the committed flags, cards
  on the table, cards owed, the chest, a drawn mission) set exactly while it is pending;
* **knowledge**: face-up cards known to all, own cards known to their holder, and in the
  piles only a top card known to anyone (a telescope looks at tops; a mission put back
  under the pile is known to the one who put it back);
* **the history**: the setup's weapon exchanges and kept missions in seat order, one turn
  choice per turn started, by the seat whose turn it is, the anchoring streaks it gives
  equal to the anchor discs, every event card drawn (and only those) on the board or
  discarded and each pile as short as its draws say, the discarded treasures in the order
  discarded, as many treasures of each value taken as are held or discarded, and the crew
  cards the history shows going into a hand face up (taken from the table or a chest,
  shown, offered to the merchant and taken back) still in that hand unless it shows them
  leaving it or a theft from that hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, TypeAlias, cast, get_args

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import shown
from boardgames.core.history import History
from boardgames.core.protocol import OptionSpec, PlayerId
from boardgames.games.kincses_sziget._battle import _battle_options
from boardgames.games.kincses_sziget._duel import _duel_compositions
from boardgames.games.kincses_sziget._setup_knowledge import check_setup_knowledge
from boardgames.games.kincses_sziget._steal_knowledge import check_steal_records
from boardgames.games.kincses_sziget._work import (
    _BATTLE_ADD,
    _CREW_COUNT,
    _DONE,
    _REUSABLE,
    _TREASURE_RANK,
    _WEAPON_COLOUR,
    _WEAPON_VALUE,
    ANCHOR_LIMIT,
    _bit,
    _is_pirate,
    _zone_spaces,
)
from boardgames.games.kincses_sziget.actions import (
    Action,
    AddMission,
    AnchorDiscard,
    AnchorDraw,
    AnchorExchange,
    AnchorMission,
    Challenge,
    CrewFromPile,
    CrewFromRow,
    DiscardCrew,
    DiscardTreasure,
    Done,
    EventDrawn,
    MissionFromPile,
    MissionFromRow,
    MissionKept,
    MissionPutBack,
    Move,
    MoveIsland,
    MovePearlBed,
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
    Revealed,
    SellPearls,
    Showed,
    Steal,
    StealTarget,
    StepBack,
    TakeFromTable,
    TakeWeapon,
    Theft,
    TreasureFromPile,
    TreasureFromRow,
    WeaponExchanged,
)
from boardgames.games.kincses_sziget.components import (
    CREW_ROW_SIZE,
    EVENT_CARDS,
    EVENT_PILES,
    FORBIDDEN_ISLAND_SPACES,
    HAND_MAX,
    HAND_MIN,
    ISLAND,
    ISLANDS,
    ISLANDS_PER_ZONE,
    LAST_SPACE,
    MISSION_ROW_SIZE,
    MISSIONS,
    PEARL_BED_ZONES,
    PEARL_BEDS,
    START,
    STARTING_HAND,
    TREASURE_ROW_SIZE,
    TREASURE_VALUES,
    TREASURES,
    ZONE_OF,
    DuelMark,
    EventKind,
    Zone,
)
from boardgames.games.kincses_sziget.state import (
    AfterEventTask,
    BattleCommitStep,
    BattlePickStep,
    BattleRetreatTask,
    BattleRevealTask,
    ChestCleanupTask,
    ChestStep,
    CrewSourceStep,
    DiscardPurpose,
    DiscardStep,
    DuelCommitStep,
    DuelPrizeStep,
    DuelRevealTask,
    DuelTargetStep,
    EventPileStep,
    ExchangeStep,
    IntrigueStep,
    KeepStep,
    KincsesState,
    LandTask,
    MerchantCommitStep,
    MerchantRevealTask,
    MissionDisposeStep,
    MissionSourceStep,
    MoveBackTask,
    ParrotPlaceStep,
    ParrotStep,
    PearlSaleStep,
    RepairStep,
    ReplaceTask,
    RewardStep,
    SetupTask,
    Task,
    TelescopeStep,
    TreasureLossStep,
    TreasureSourceStep,
    TurnStep,
)

__all__ = [
    "INITIAL_EVENT_PILES",
    "HistoryFacts",
    "check_action_fields",
    "check_fields",
    "check_task_fields",
    "read_history",
]

_STEP_CLASSES = (
    ExchangeStep,
    KeepStep,
    TurnStep,
    DiscardStep,
    CrewSourceStep,
    MissionSourceStep,
    MissionDisposeStep,
    EventPileStep,
    DuelTargetStep,
    DuelCommitStep,
    DuelPrizeStep,
    TreasureSourceStep,
    BattleCommitStep,
    BattlePickStep,
    MerchantCommitStep,
    IntrigueStep,
    TreasureLossStep,
    RewardStep,
    ChestStep,
    RepairStep,
    TelescopeStep,
    ParrotStep,
    ParrotPlaceStep,
    PearlSaleStep,
)
_TASK_CLASSES = frozenset(get_args(Task))
_EVENT_TASK_KINDS: dict[type, EventKind] = {
    DuelTargetStep: EventKind.DUEL,
    DuelCommitStep: EventKind.DUEL,
    DuelRevealTask: EventKind.DUEL,
    BattleCommitStep: EventKind.BATTLE,
    BattleRevealTask: EventKind.BATTLE,
    MerchantCommitStep: EventKind.MERCHANT,
    MerchantRevealTask: EventKind.MERCHANT,
}
_SEAT_FIELDS = frozenset(
    {"player", "loser", "challenger", "challenged", "initiator", "activator", "winner"}
)

INITIAL_EVENT_PILES = tuple(
    len(range(pile, len(EVENT_CARDS), EVENT_PILES)) for pile in range(EVENT_PILES)
)
"""The sizes of the three event piles at the start: 22, 21 and 21 (dealt round-robin)."""

_PUBLIC_CLASSES = frozenset(get_args(PublicAction))
_TURN_CHOICES = frozenset({Move, AnchorDraw, AnchorDiscard, AnchorExchange, AnchorMission})
"""The entries that start a turn: the choice of the seat whose turn it is."""
_SETUP_ENTRIES = frozenset({WeaponExchanged, MissionKept})
_TURN_PLAYER_ENTRIES = frozenset(
    {
        DiscardCrew,
        DiscardTreasure,
        MissionFromRow,
        MissionFromPile,
        AddMission,
        MissionPutBack,
        Challenge,
        Done,
        Steal,
        TakeWeapon,
        StepBack,
        PeekEventTops,
        PeekHand,
        PeekTreasures,
        PeekIsland,
        PeekMissions,
        PeekCrewTop,
        PeekTreasureTops,
        PeekMissionTop,
        RedealTreasures,
        RedealCrewRow,
        RedealMissions,
        MoveIsland,
        MovePearlBed,
        PlaceAt,
        SellPearls,
        EventDrawn,
        Showed,
    }
)
"""Entries only the seat whose turn it is can make: every event acts on its activator
(anchoring, drawing the event, the steps of intrigue, chest, repair, telescope, parrot
and pearl sale, the checks of islands, mutinies and reefs, a duel's challenge and cross)."""
_REVEAL_GROUPS = {EventKind.DUEL: 2, EventKind.BATTLE: 0, EventKind.MERCHANT: 0}
"""How many :class:`Revealed` notes a reveal writes (0: one per seat)."""
_REVEAL_LIMITS = {EventKind.DUEL: 2, EventKind.BATTLE: 3, EventKind.MERCHANT: 1, EventKind.CHEST: 3}
_REVEAL_BY_CARD: tuple[tuple[EventKind, int, int] | None, ...] = tuple(
    (card.kind, _REVEAL_LIMITS[card.kind], _REVEAL_GROUPS.get(card.kind, 0))
    if card.kind in _REVEAL_LIMITS
    else None
    for card in EVENT_CARDS
)
"""For each event card that reveals crew cards: its kind, the cards one seat reveals at
most, and how many seats reveal (0: every seat)."""


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def _int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _ints(values: tuple[object, ...], low: int, high: int) -> bool:
    """Return whether every value is an ``int`` (not a ``bool``) from ``low`` to ``high``."""
    if not values:
        return True
    if set(map(type, values)) != {int}:
        return False
    numbers = cast("tuple[int, ...]", values)
    return low <= min(numbers) and max(numbers) <= high


def _ids(name: str, cards: object, count: int) -> list[int]:
    if not isinstance(cards, tuple):
        raise _fail(f"{name} must be a tuple, not {shown(cards)}")
    if not _ints(cards, 0, count - 1):
        card = next(card for card in cards if not _int(card, 0, count - 1))
        raise _fail(f"{name} holds {shown(card)}, which is not an id from 0 to {count - 1}")
    return list(cards)


def _per_seat(state: KincsesState, name: str) -> tuple[Any, ...]:
    values = getattr(state, name)
    if not isinstance(values, tuple) or len(values) != state.players:
        raise _fail(f"{name} must have one entry per seat ({state.players})")
    return values


def _partition(name: str, zones: list[int], count: int) -> None:
    if len(zones) != count or sorted(zones) != list(range(count)):
        missing = sorted(set(range(count)) - set(zones))
        doubled = sorted(card for card, times in Counter(zones).items() if times > 1)
        raise _fail(
            f"the {count} {name} are not each in exactly one place "
            f"(missing {shown(missing)}, in two places {shown(doubled)})"
        )


def _order_from(seat: PlayerId, players: int) -> tuple[PlayerId, ...]:
    return tuple((seat + offset) % players for offset in range(players))


def _turn_seat(first: PlayerId, turn: int, players: int) -> PlayerId:
    """The seat whose turn ``turn`` (from 1) is, when ``first`` held the marker in round 1."""
    return (first + (turn - 1) // players + (turn - 1) % players) % players


def check_task_fields(players: int, task: object) -> None:
    """Check the types and ranges of one task's fields (seats, spaces, event cards ...).

    Raises:
        InvalidStateError: A field is out of range or of the wrong type.
    """
    if type(task) not in _TASK_CLASSES:
        raise _fail(f"{shown(task)} is not a task")
    event: int | None = None
    for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(task))):
        value = getattr(task, field.name)
        if field.name in _SEAT_FIELDS:
            if not _int(value, 0, players - 1):
                raise _fail(f"task {shown(task)} names {shown(value)}, which is not a seat")
        elif field.name in ("space", "origin"):
            if not _int(value, 1, LAST_SPACE):
                raise _fail(f"task {shown(task)} names space {shown(value)}, not a space 1-42")
        elif field.name == "card":
            if not _int(value, 0, len(EVENT_CARDS) - 1):
                raise _fail(f"task {shown(task)} names event {shown(value)}, which does not exist")
            event = value
        elif field.name == "order":
            if not isinstance(value, tuple) or not 2 <= len(value) <= players:
                raise _fail(f"task {shown(task)} has a bad seat order")
            if not _ints(value, 0, players - 1) or len(set(value)) != len(value):
                raise _fail(f"task {shown(task)} has a seat order that is not distinct seats")
        elif field.name == "count":
            if not _int(value, 1, 3):
                raise _fail(f"task {shown(task)} owes {shown(value)} cards; 1 to 3 are owed")
        elif field.name == "maximum":
            if value not in TREASURE_VALUES or type(value) is not int:
                raise _fail(f"task {shown(task)} has a bad treasure value")
        elif field.name == "rank":
            if not _int(value, 0, 2):
                raise _fail(f"task {shown(task)} has a bad colour rank")
        elif field.name == "minimum":
            if not _int(value, 0, 1):
                raise _fail(f"task {shown(task)} has a bad minimum")
        elif field.name == "purpose":
            if not isinstance(value, DiscardPurpose):
                raise _fail(f"task {shown(task)} has no discard purpose")
        elif field.name in ("draw", "island") and type(value) is not bool:
            raise _fail(f"task {shown(task)}: {field.name} must be a bool")
    expected = _EVENT_TASK_KINDS.get(type(task))
    if expected is not None and event is not None and EVENT_CARDS[event].kind is not expected:
        raise _fail(f"task {shown(task)} names an event card that is not a {expected}")
    shell = type(task) in (PearlSaleStep, AfterEventTask)
    if shell and event is not None and not EVENT_CARDS[event].shell:
        raise _fail(f"task {shown(task)} names an event card without a shell")


@attrs.define
class HistoryFacts:
    """What one pass over the public history says happened (see :func:`read_history`).

    Args:
        first: The seat that held the starting-player marker in round 1.
        setup_done: The seats that have finished their weapon exchanges.
        kept: The seats that have kept a mission.
        turns: The turns whose choice (a move or an anchoring) is recorded.
        streaks: Each seat's anchoring streak after its last recorded turn.
        drawn: Each event card drawn, and the seat that drew it.
        pile_draws: The cards drawn from each event pile.
        treasure_discards: The treasures discarded, in order.
        treasures_taken: The treasures taken of each value (by rank: 1, 3, 5).
        public_hands: Crew cards the history shows face up in a hand, and whose hand.
        blind_values: The values of the treasures each seat drew blindly from a value pile
            (everyone saw which pile) and has not lost since, as far as the others can
            tell: a random theft from the seat blurs them.
        revealed: The cards each seat revealed in the last duel or battle of the turn.
        revealed_duel: Whether that was a duel.
        taken_back: The cards each seat has taken back from the table since that battle.
        crew_draws: The crew cards each seat has drawn (from the row or the pile) since.
        anchoring: What the last turn's anchoring has still to record (a card drawn,
            discarded, or a mission drawn and disposed of), and the anchoring chosen.
        last: The last entry, if any.
        exchanges: The weapons each seat exchanged at the setup.
    """

    first: PlayerId
    setup_done: int = 0
    kept: int = 0
    turns: int = 0
    streaks: list[int] = attrs.Factory(list)
    drawn: dict[int, PlayerId] = attrs.Factory(dict)
    pile_draws: list[int] = attrs.Factory(lambda: [0] * EVENT_PILES)
    treasure_discards: list[int] = attrs.Factory(list)
    treasures_taken: list[int] = attrs.Factory(lambda: [0] * len(TREASURE_VALUES))
    public_hands: dict[int, PlayerId] = attrs.Factory(dict)
    blind_values: list[list[int]] = attrs.Factory(list)
    revealed: dict[PlayerId, tuple[int, ...]] = attrs.Factory(dict)
    revealed_duel: bool = False
    taken_back: dict[PlayerId, list[int]] = attrs.Factory(dict)
    crew_draws: dict[PlayerId, int] = attrs.Factory(dict)
    anchoring: tuple[tuple[frozenset[type], ...], type | None] = ((), None)
    last: tuple[PlayerId, PublicAction] | None = None
    exchanges: list[int] = attrs.Factory(list)


def _bad_entry(index: int, entry: object, players: int) -> InvalidStateError:
    if not isinstance(entry, tuple) or len(entry) != 2 or not _int(entry[0], 0, players - 1):
        return _fail(f"history entry {index} ({shown(entry)}) names no seat")
    return _fail(f"history entry {index} ({shown(entry[1])}) is no public action or note")


(
    _PLAIN,
    _SETUP,
    _TURN,
    _ACTIVE,
    _OPPONENT,
    _DRAW_EVENT,
    _LOSE_TREASURE,
    _TAKE_TREASURE,
    _LOSE_CREW,
    _SHOW_CREW,
    _STEAL,
    _REVEAL,
    _THEFT,
    _DRAW_CREW,
) = range(14)
"""What :func:`read_history` does with an entry, by its class."""

_ENTRY_KINDS: dict[type, int] = dict.fromkeys(_PUBLIC_CLASSES, _PLAIN)
_ENTRY_KINDS.update(dict.fromkeys(_TURN_PLAYER_ENTRIES, _ACTIVE))
_ENTRY_KINDS.update(dict.fromkeys(_SETUP_ENTRIES, _SETUP))
_ENTRY_KINDS.update(dict.fromkeys(_TURN_CHOICES, _TURN))
_ENTRY_KINDS.update(dict.fromkeys((Challenge, PeekHand, PeekTreasures, PeekMissions), _OPPONENT))
_ENTRY_KINDS.update(
    {
        EventDrawn: _DRAW_EVENT,
        DiscardTreasure: _LOSE_TREASURE,
        TreasureFromRow: _TAKE_TREASURE,
        TreasureFromPile: _TAKE_TREASURE,
        DiscardCrew: _LOSE_CREW,
        TakeFromTable: _SHOW_CREW,
        TakeWeapon: _SHOW_CREW,
        Showed: _SHOW_CREW,
        Steal: _STEAL,
        Revealed: _REVEAL,
        Theft: _THEFT,
        CrewFromRow: _DRAW_CREW,
        CrewFromPile: _DRAW_CREW,
    }
)
_ACTIVE_CLASSES = frozenset(_TURN_PLAYER_ENTRIES)
"""The entries that only the active seat makes."""

_CREW_DRAWS = frozenset({CrewFromRow, CrewFromPile})
_ANCHORING: dict[type, tuple[frozenset[type], ...]] = {
    Move: (),
    AnchorDraw: (_CREW_DRAWS,),
    AnchorDiscard: (frozenset({DiscardCrew}),),
    AnchorExchange: (frozenset({DiscardCrew}), _CREW_DRAWS),
    AnchorMission: (
        frozenset({MissionFromRow, MissionFromPile}),
        frozenset({AddMission, MissionPutBack}),
    ),
}
"""What an anchoring turn records after its choice, in order, and nothing else: "Draw one
crew card", "Discard one crew card", "Exchange one crew card (discard it, and draw one)",
"Draw one mission card and decide whether to add it ... replace one of them, or simply
discard it" (none of them is ever skipped: each is offered only when it can be done)."""
_MISSION_ENTRIES = frozenset({MissionFromRow, MissionFromPile, AddMission, MissionPutBack})
_CHECKS_AFTER_DRAW = frozenset({EventKind.MUTINY, EventKind.REEFS, EventKind.REPAIR})
"""Event cards right after whose draw a check may show cards (a zone-D repair lands at once)."""


def _read_entry(index: int, raw: object, players: int) -> tuple[PlayerId, PublicAction, int]:
    """Return an entry's seat, its action and the kind of entry, checking its fields."""
    if raw.__class__ is not tuple or len(cast("tuple[object, ...]", raw)) != 2:
        raise _bad_entry(index, raw, players)
    seat, action = cast("tuple[object, object]", raw)
    kind = _ENTRY_KINDS.get(action.__class__)
    if kind is None or not isinstance(seat, int) or seat.__class__ is bool:
        raise _bad_entry(index, raw, players)
    if not 0 <= seat < players:
        raise _bad_entry(index, raw, players)
    check_action_fields(action)
    return seat, cast("PublicAction", action), kind


def read_history(history: object, players: int, start_player: PlayerId) -> HistoryFacts:
    """Read the public history once and check that its entries can follow each other.

    The setup comes first: each seat in turn order from the first starting player
    exchanges up to two weapons ("they may exchange each card beyond 2", of 4 dealt) and
    stops, then each keeps a mission. Then each turn begins with the choice of the seat
    whose turn it is; entries only the active seat makes are his; reveals follow the event
    card that asks for them. The facts gathered are compared with the state by the caller.

    Args:
        history: The history (checked to be a :class:`~boardgames.History`).
        players: The number of seats.
        start_player: The marker's holder now (the first one if the history is empty).

    Raises:
        InvalidStateError: The entries cannot come from one game.
    """
    if not isinstance(history, History):
        raise _fail(f"the history must be a History, not {type(history).__name__}")
    facts = HistoryFacts(
        first=start_player, streaks=[0] * players, blind_values=[[] for _ in range(players)]
    )
    streaks = facts.streaks
    blind_values = facts.blind_values
    public_hands = facts.public_hands
    order: tuple[PlayerId, ...] = ()
    exchanges = facts.exchanges = [0] * players
    current = opponent = event = -1
    anchoring: list[frozenset[type]] = []
    anchored = False
    choice: type | None = None
    group: list[tuple[PlayerId, tuple[int, ...]]] = []
    expected_group = 0
    kinds = _ENTRY_KINDS
    ranges = _INT_RANGES
    chest: list[int] = []
    last: object = None
    entries = enumerate(history)
    for index, raw in entries:  # the setup
        setup_seat, setup_action, setup_kind = _read_entry(index, raw, players)
        last = setup_action
        if index == 0:
            facts.first = setup_seat
            order = _order_from(setup_seat, players)
        if setup_kind == _SETUP or (setup_action.__class__ is Done and facts.setup_done < players):
            _read_setup_entry(facts, index, setup_seat, setup_action, order, exchanges)
            if facts.kept == players:
                break
            continue
        raise _fail(
            f"history entry {index} ({shown(setup_action)}) comes before the setup is over; "
            "the setup's weapon exchanges and kept missions come first"
        )
    turns = 0
    for index, raw in entries:  # the turns
        if raw.__class__ is not tuple or len(raw) != 2:
            raise _bad_entry(index, raw, players)
        seat, action = raw
        cls = action.__class__
        kind = kinds.get(cls)
        if kind is None or seat.__class__ is not int or not 0 <= seat < players:
            raise _bad_entry(index, raw, players)
        fields = ranges.get(cls)
        if fields is None:
            check_action_fields(action)
        else:
            for name, low, high in fields:
                value = getattr(action, name)
                if value.__class__ is not int or not low <= value <= high:
                    check_action_fields(action)
        previous, last = last, action
        if not turns and kind != _TURN:
            raise _fail(
                f"history entry {index} ({shown(action)}) is not in a turn; after the setup "
                "every turn begins with a move or an anchoring"
            )
        if group and kind != _REVEAL:
            raise _fail(f"history entry {index}: a reveal was cut short")
        if kind == _TURN:
            if anchoring:
                raise _fail(f"history entry {index}: the anchoring of turn {turns} is cut short")
            turns += 1
            expected = _turn_seat(facts.first, turns, players)
            if seat != expected:
                raise _fail(
                    f"history entry {index}: turn {turns} is seat {expected}'s, "
                    f"but seat {seat} chose {shown(action)}"
                )
            current, opponent, event = seat, -1, -1
            facts.revealed, facts.taken_back, facts.crew_draws = {}, {}, {}
            anchoring = list(_ANCHORING[cls])
            anchored = bool(anchoring)
            choice = cls
            chest = []
            if cls is Move:
                streaks[seat] = 0
            else:
                streaks[seat] += 1
                if streaks[seat] > ANCHOR_LIMIT:
                    raise _fail(
                        f"history entry {index}: seat {seat} anchors a third time in a row; "
                        "'in the round that follows, they must move'"
                    )
            continue
        if anchoring:
            if cls not in anchoring[0] or seat != current:
                raise _fail(
                    f"history entry {index}: seat {seat} made {shown(action)} where seat "
                    f"{current}'s anchoring records "
                    + " or ".join(sorted(entry.__name__ for entry in anchoring[0]))
                )
            del anchoring[0]
        elif anchored:
            raise _fail(
                f"history entry {index} ({shown(action)}): an anchoring turn records its card "
                "or mission and nothing else"
            )
        elif cls in _MISSION_ENTRIES:
            raise _fail(f"history entry {index} ({shown(action)}): missions are drawn by anchoring")
        if kind == _PLAIN:
            continue
        if kind == _SETUP:
            raise _fail(
                f"history entry {index} ({shown(action)}) is not in a turn; after the setup "
                "every turn begins with a move or an anchoring"
            )
        if cls in _ACTIVE_CLASSES and seat != current:
            raise _fail(
                f"history entry {index}: seat {seat} made {shown(action)} in seat "
                f"{current}'s turn; only the seat whose turn it is can"
            )
        if kind == _DRAW_CREW:
            facts.crew_draws[seat] = facts.crew_draws.get(seat, 0) + 1
        elif kind in (_OPPONENT, _STEAL):
            victim = cast("Challenge | Steal | PeekHand", action).opponent
            if victim == seat or victim >= players:
                raise _fail(f"history entry {index} ({shown(action)}) names no opponent")
            if cls is Challenge:
                opponent = victim
            elif kind == _STEAL:
                target = cast("Steal", action).target
                if not isinstance(target, StealTarget):
                    raise _fail(f"history entry {index} ({shown(action)}) steals nothing")
                if target is StealTarget.CREW:  # the others lose track of the victim's hand
                    for card in [c for c, holder in public_hands.items() if holder == victim]:
                        del public_hands[card]
                else:  # and of the values left in his collection
                    blind_values[victim] = []
        elif kind == _DRAW_EVENT:
            drawn = cast("EventDrawn", action)
            if drawn.card in facts.drawn:
                raise _fail(f"history entry {index}: event card {drawn.card} is drawn twice")
            facts.drawn[drawn.card] = seat
            facts.pile_draws[drawn.pile] += 1
            event = drawn.card
            facts.revealed, facts.taken_back, facts.crew_draws = {}, {}, {}
            chest = []
        elif kind == _LOSE_TREASURE:
            treasure = cast("DiscardTreasure", action).treasure
            facts.treasure_discards.append(treasure)
            if TREASURES[treasure].value in blind_values[seat]:
                blind_values[seat].remove(TREASURES[treasure].value)
        elif kind == _TAKE_TREASURE:
            value = cast("TreasureFromRow | TreasureFromPile", action).value
            facts.treasures_taken[TREASURE_VALUES.index(value)] += 1
            if cls is TreasureFromPile:
                blind_values[seat].append(value)
        elif kind == _THEFT:  # a duel's winner may steal from the other side at random
            if opponent < 0 or seat not in (current, opponent):
                raise _fail(f"history entry {index}: seat {seat} fought no duel to steal after")
            blind_values[opponent if seat == current else current] = []
        elif kind == _LOSE_CREW:
            public_hands.pop(cast("DiscardCrew", action).card, None)
        elif kind == _SHOW_CREW:
            if cls is Showed:
                # A check is made as a mutiny or reefs card is drawn, or as the ship lands on
                # an island by a move or a repair (chosen, or forced in zone D).
                if not (
                    previous.__class__ in (Move, StepBack)
                    or (
                        isinstance(previous, EventDrawn)
                        and EVENT_CARDS[previous.card].kind in _CHECKS_AFTER_DRAW
                    )
                ):
                    raise _fail(
                        f"history entry {index} ({shown(action)}) shows cards for no island, "
                        "mutiny or reefs check"
                    )
                for card in cast("Showed", action).cards:
                    public_hands[card] = seat
            else:
                card = cast("TakeFromTable | TakeWeapon", action).card
                if cls is TakeWeapon:
                    if card not in chest:
                        raise _fail(f"history entry {index}: card {card} is not in the chest")
                    chest.remove(card)
                else:
                    table = [c for cards in facts.revealed.values() for c in cards]
                    taken = [c for cards in facts.taken_back.values() for c in cards]
                    if facts.revealed_duel or card not in table or card in taken:
                        raise _fail(
                            f"history entry {index}: card {card} is not on the battle table"
                        )
                    facts.taken_back.setdefault(seat, []).append(card)
                public_hands[card] = seat
        elif kind == _REVEAL:
            cards = cast("Revealed", action).cards
            reveal = _REVEAL_BY_CARD[event] if event >= 0 else None
            if reveal is None or len(cards) > reveal[1]:
                raise _fail(
                    f"history entry {index} ({shown(action)}) reveals cards no duel, battle, "
                    "merchant or chest of this turn asks for"
                )
            event_kind = reveal[0]
            if event_kind is EventKind.CHEST:
                if seat != current or chest:
                    raise _fail(f"history entry {index}: only seat {current} opens the chest")
                chest = list(cards)
                continue
            if not group:
                expected_group = reveal[2] or players
            if event_kind is EventKind.DUEL:
                expected_seat = (current, opponent)[len(group)]
            else:
                expected_seat = (current + len(group)) % players
            if seat != expected_seat:
                raise _fail(
                    f"history entry {index}: seat {seat} reveals where seat {expected_seat} does"
                )
            group.append((seat, cards))
            if len(group) == expected_group:
                _read_reveal(facts, index, event_kind, event, group)
                group = []
    if group:
        raise _fail("the history ends in the middle of a reveal")
    facts.turns = turns
    facts.anchoring = (tuple(anchoring), choice)
    if len(history):
        facts.last = history[-1]
    return facts


def _read_setup_entry(
    facts: HistoryFacts,
    index: int,
    seat: PlayerId,
    action: PublicAction,
    order: tuple[PlayerId, ...],
    exchanges: list[int],
) -> None:
    players = len(order)
    if facts.setup_done < players:
        expected = order[facts.setup_done]
        if seat != expected or action.__class__ is MissionKept:
            raise _fail(
                f"history entry {index}: seat {seat} made {shown(action)} where seat "
                f"{expected} exchanges weapons (in turn order from the starting player)"
            )
        if action.__class__ is WeaponExchanged:
            exchanges[seat] += 1
            if exchanges[seat] > STARTING_HAND - 2:
                raise _fail(
                    f"history entry {index}: seat {seat} exchanges a third weapon; of "
                    f"{STARTING_HAND} cards only 'each card beyond 2' can be exchanged"
                )
        else:
            facts.setup_done += 1
        return
    expected = order[facts.kept]
    if seat != expected or action.__class__ is not MissionKept:
        raise _fail(
            f"history entry {index}: seat {seat} made {shown(action)} where seat {expected} "
            "keeps a mission (in turn order from the starting player)"
        )
    facts.kept += 1


def _read_reveal(
    facts: HistoryFacts,
    index: int,
    kind: EventKind,
    event: int,
    group: list[tuple[PlayerId, tuple[int, ...]]],
) -> None:
    """Follow the revealed cards: played cards leave hands; merchant offers not bought return."""
    if kind is not EventKind.MERCHANT:
        facts.revealed = dict(group)
        facts.crew_draws = {}
        facts.revealed_duel = kind is EventKind.DUEL
        for _, cards in group:
            for card in cards:
                facts.public_hands.pop(card, None)
        return
    colours = EVENT_CARDS[event].colours
    offers = {seat: cards[0] for seat, cards in group if cards}
    for card in offers.values():
        if _is_pirate(card) or _WEAPON_COLOUR[card] not in colours:
            raise _fail(f"history entry {index}: the merchant is offered card {card}")
    if not offers:
        return
    top = max(_WEAPON_VALUE[card] for card in offers.values())
    for seat, card in offers.items():
        if _WEAPON_VALUE[card] == top:  # bought: discarded
            facts.public_hands.pop(card, None)
        else:  # taken back, seen by everyone
            facts.public_hands[card] = seat


def check_fields(state: KincsesState) -> None:
    """Check every invariant of a state that its fields show (used on untrusted input).

    :func:`~boardgames.games.kincses_sziget.rules.check_state` also checks the pending
    decision's legal actions.

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    players = state.players
    if not _int(players, 2, 4):
        raise _fail(f"players={shown(players)} is out of range 2 to 4")
    if not _int(state.max_turns, 1, OptionSpec.MAX_TURN_LIMIT):
        raise _fail(
            f"max_turns={shown(state.max_turns)} must be an int from 1 to "
            f"{OptionSpec.MAX_TURN_LIMIT}"
        )
    for name in ("reveal_shown_cards", "tiebreak_by_position"):
        if type(getattr(state, name)) is not bool:
            raise _fail(f"{name} must be a bool")
    if not _int(state.round, 1, OptionSpec.MAX_TURN_LIMIT + 1):
        raise _fail(f"round={shown(state.round)} is out of range")
    if not _int(state.turn, 0, state.max_turns):
        raise _fail(f"turn={shown(state.turn)} is out of range 0 to max_turns={state.max_turns}")
    if not _int(state.start_player, 0, players - 1):
        raise _fail(f"start_player={shown(state.start_player)} is not a seat")
    if not _int(state.turn_index, 0, players - 1):
        raise _fail(f"turn_index={shown(state.turn_index)} is out of range")
    if not isinstance(state.tasks, tuple):
        raise _fail("tasks must be a tuple")
    for task in state.tasks:
        check_task_fields(players, task)
    _check_seats(state)
    row = _check_cards(state)
    _check_board(state)
    _check_knowledge(state, row)
    facts = read_history(state.history, players, state.start_player)
    if any(task.__class__ is SetupTask for task in state.tasks):
        _check_setup(state, facts)
    else:
        _check_play(state, facts)
    _check_history_facts(state, facts)
    check_setup_knowledge(state, facts.exchanges)
    check_steal_records(state)
    state.rng.check()


def _check_seats(state: KincsesState) -> None:
    players = state.players
    for name in (
        "positions",
        "anchors",
        "hands",
        "treasures",
        "missions",
        "mission_offers",
        "drawn_missions",
        "pearls",
        "commits",
        "committed",
        "played",
        "owed",
    ):
        _per_seat(state, name)
    pearls = sum(PEARL_BEDS[players])
    for seat in range(players):
        if not _int(state.positions[seat], START, ISLAND):
            raise _fail(
                f"seat {seat}'s position {shown(state.positions[seat])} is not on the track"
            )
        if not _int(state.anchors[seat], 0, ANCHOR_LIMIT):
            raise _fail(f"seat {seat}'s anchor streak {shown(state.anchors[seat])} is not 0-2")
        if not _int(state.pearls[seat], 0, pearls):
            raise _fail(
                f"seat {seat} holds {shown(state.pearls[seat])} pearls; the {players}-player "
                f"beds hold {pearls} in all"
            )
        if not _int(state.owed[seat], 0, 3):
            raise _fail(f"seat {seat} owes {shown(state.owed[seat])} crew cards; at most 3")
        if type(state.committed[seat]) is not bool:
            raise _fail(f"seat {seat}'s committed flag must be a bool")
    occupied = [p for p in state.positions if START < p < ISLAND]
    if len(occupied) != len(set(occupied)):
        raise _fail("two ships share a space")
    if state.positions.count(ISLAND) > 1:
        raise _fail("only one ship can reach Treasure Island")
    if ISLAND in state.positions and state.tasks:
        raise _fail("the game must be over once a ship has reached Treasure Island")


def _check_cards(state: KincsesState) -> list[int]:
    """Check that every card is in exactly one place; return the crew row's cards."""
    players = state.players
    crew: list[int] = []
    for seat in range(players):
        hand = _ids(f"seat {seat}'s hand", state.hands[seat], _CREW_COUNT)
        if hand != sorted(set(hand)):
            raise _fail(f"seat {seat}'s hand must be sorted and distinct")
        if len(hand) > HAND_MAX:
            raise _fail(
                f"seat {seat} holds {len(hand)} crew cards; 'no player may hold more than "
                f"{HAND_MAX}'"
            )
        commit = _ids(f"seat {seat}'s commitment", state.commits[seat], _CREW_COUNT)
        if not set(commit) <= set(hand) or len(commit) > 3 or len(set(commit)) != len(commit):
            raise _fail(f"seat {seat}'s commitment {shown(commit)} is not part of the hand")
        played = _ids(f"seat {seat}'s played cards", state.played[seat], _CREW_COUNT)
        if len(played) > 3:
            raise _fail(f"seat {seat} has {len(played)} cards on the table; a battle takes 3")
        crew += hand + played
    if not isinstance(state.crew_row, tuple) or len(state.crew_row) != CREW_ROW_SIZE:
        raise _fail(f"the crew row must have {CREW_ROW_SIZE} slots")
    row = [card for card in state.crew_row if card is not None]
    crew += _ids("the crew row", tuple(row), _CREW_COUNT)
    crew += _ids("the crew pile", state.crew_pile, _CREW_COUNT)
    crew += _ids("the crew discard pile", state.crew_discard, _CREW_COUNT)
    chest = _ids("the chest", state.chest, _CREW_COUNT)
    if len(chest) > 3:
        raise _fail(f"the chest holds {len(chest)} cards; a chest draws 3")
    crew += chest
    _partition("crew cards", crew, _CREW_COUNT)

    if (
        not isinstance(state.treasure_piles, tuple)
        or not isinstance(state.treasure_rows, tuple)
        or len(state.treasure_piles) != 3
        or len(state.treasure_rows) != 3
    ):
        raise _fail("there must be three treasure piles and three treasure rows")
    treasure: list[int] = []
    for rank in range(3):
        pile = _ids(f"treasure pile {rank}", state.treasure_piles[rank], len(TREASURES))
        row_cards = _ids(f"treasure row {rank}", state.treasure_rows[rank], len(TREASURES))
        if any(_TREASURE_RANK[card] != rank for card in pile + row_cards):
            raise _fail(
                f"the treasure pile or row of value {TREASURE_VALUES[rank]} holds another value"
            )
        if len(row_cards) > TREASURE_ROW_SIZE or (len(row_cards) < TREASURE_ROW_SIZE and pile):
            raise _fail(f"the treasure row of value {TREASURE_VALUES[rank]} must hold 2 cards")
        treasure += pile + row_cards
    for seat in range(players):
        held = _ids(f"seat {seat}'s treasures", state.treasures[seat], len(TREASURES))
        if held != sorted(set(held)):
            raise _fail(f"seat {seat}'s treasures must be sorted and distinct")
        treasure += held
    treasure += _ids("the treasure discard pile", state.treasure_discard, len(TREASURES))
    _partition("treasures", treasure, len(TREASURES))

    if not isinstance(state.mission_row, tuple) or len(state.mission_row) != MISSION_ROW_SIZE:
        raise _fail(f"the mission row must have {MISSION_ROW_SIZE} slots")
    mission: list[int] = [m for m in state.mission_row if m is not None]
    _ids("the mission row", tuple(mission), len(MISSIONS))
    mission += _ids("the mission pile", state.mission_pile, len(MISSIONS))
    mission += _ids("the returned missions", state.mission_returned, len(MISSIONS))
    for seat in range(players):
        held = _ids(f"seat {seat}'s missions", state.missions[seat], len(MISSIONS))
        if held != sorted(set(held)):
            raise _fail(f"seat {seat}'s missions must be sorted and distinct")
        offer = _ids(f"seat {seat}'s setup missions", state.mission_offers[seat], len(MISSIONS))
        drawn = _ids(f"seat {seat}'s drawn mission", state.drawn_missions[seat], len(MISSIONS))
        if len(offer) not in (0, 2) or len(drawn) > 1 or (offer and held):
            raise _fail(f"seat {seat}'s setup or drawn missions are malformed")
        mission += held + offer + drawn
    _partition("missions", mission, len(MISSIONS))

    if not isinstance(state.event_piles, tuple) or len(state.event_piles) != EVENT_PILES:
        raise _fail("there must be three event piles")
    for name in ("board_events", "board_islands", "board_pearls"):
        values = getattr(state, name)
        if not isinstance(values, tuple) or len(values) != LAST_SPACE + 1:
            raise _fail(f"{name} must have an entry for each position 0-{LAST_SPACE}")
    events: list[int] = []
    for number in range(EVENT_PILES):
        events += _ids(f"event pile {number}", state.event_piles[number], len(EVENT_CARDS))
    events += _ids("the event discard pile", state.event_discard, len(EVENT_CARDS))
    on_board = [card for card in state.board_events if card is not None]
    events += _ids("the board's event cards", tuple(on_board), len(EVENT_CARDS))
    _partition("event cards", events, len(EVENT_CARDS))
    return row


def _check_board(state: KincsesState) -> None:
    players = state.players
    if not isinstance(state.island_owners, tuple) or len(state.island_owners) != len(ISLANDS):
        raise _fail("island_owners must have one entry per island card")
    placed = [island for island in state.board_islands if island is not None]
    _ids("the board's islands", tuple(placed), len(ISLANDS))
    if len(placed) != sum(ISLANDS_PER_ZONE) or len(set(placed)) != len(placed):
        raise _fail(f"the board must hold {sum(ISLANDS_PER_ZONE)} distinct island cards")
    for zone in Zone:
        count = sum(1 for space in _zone_spaces(zone) if state.board_islands[space] is not None)
        if count != ISLANDS_PER_ZONE[zone]:
            raise _fail(f"zone {zone} must hold {ISLANDS_PER_ZONE[zone]} islands, not {count}")
    for island, owner in enumerate(state.island_owners):
        if owner is not None and (not _int(owner, 0, players - 1) or island not in placed):
            raise _fail(f"island {island} has an impossible occupant {shown(owner)}")
    if state.board_events[START] is not None or state.board_islands[START] is not None:
        raise _fail("nothing lies on the start position")
    total = sum(PEARL_BEDS[players])
    if not _ints(state.board_pearls, 0, total):
        raise _fail(f"a space holds more than the {total} pearls of the game, or no number")
    if state.board_pearls[START]:
        raise _fail(
            "the start position holds pearls; pearl beds lie on spaces of zones A to C and "
            "pearls are sold onto the space of a shell card"
        )
    for space in range(START + 1, LAST_SPACE + 1):
        pearls = state.board_pearls[space]
        event = state.board_events[space]
        island_here = state.board_islands[space]
        if island_here is not None and (
            space in FORBIDDEN_ISLAND_SPACES or event is not None or pearls
        ):
            raise _fail(f"the island on space {space} shares it or lies on 40-42")
        if event is not None and pearls and not _REUSABLE[event]:
            raise _fail(f"space {space} holds both pearls and an activated event card")
    total_pearls = sum(state.board_pearls) + sum(state.pearls)
    if total_pearls != total:
        raise _fail(f"there must be {total} pearls, not {total_pearls}")
    for seat, position in enumerate(state.positions):
        if START < position < ISLAND:
            card = state.board_islands[position]
            owner = state.island_owners[card] if card is not None else None
            if owner is not None and owner != seat:
                raise _fail(f"seat {seat}'s ship stands on seat {owner}'s island")


def _check_knowledge(state: KincsesState, row: list[int]) -> None:
    players = state.players
    everyone = (1 << players) - 1
    for name, count in (
        ("crew_known", _CREW_COUNT),
        ("treasure_known", len(TREASURES)),
        ("treasure_value_known", len(TREASURES)),
        ("mission_known", len(MISSIONS)),
        ("event_known", len(EVENT_CARDS)),
        ("island_known", len(ISLANDS)),
        ("mission_somewhere", len(MISSIONS)),
    ):
        masks = getattr(state, name)
        if not isinstance(masks, tuple) or len(masks) != count:
            raise _fail(f"{name} must have one mask per card ({count})")
        if not _ints(masks, 0, everyone):
            raise _fail(f"{name} holds a mask that names no seat set")
    public_crew = row + list(state.crew_discard) + list(state.chest)
    public_crew += [card for cards in state.played for card in cards]
    if any(state.crew_known[card] != everyone for card in public_crew):
        raise _fail("a face-up crew card must be known to everyone")
    for seat in range(players):
        bit = _bit(seat)
        if any(not state.crew_known[card] & bit for card in state.hands[seat]):
            raise _fail(f"seat {seat} must know his own crew cards")
        if any(not state.treasure_known[card] & bit for card in state.treasures[seat]):
            raise _fail(f"seat {seat} must know his own treasures")
        own = state.missions[seat] + state.mission_offers[seat] + state.drawn_missions[seat]
        if any(not state.mission_known[mission] & bit for mission in own):
            raise _fail(f"seat {seat} must know his own missions")
    public_treasure = [card for row_cards in state.treasure_rows for card in row_cards]
    public_treasure += list(state.treasure_discard)
    if any(state.treasure_known[card] != everyone for card in public_treasure):
        raise _fail("a face-up treasure must be known to everyone")
    in_piles = [card for pile_cards in state.treasure_piles for card in pile_cards]
    if any(state.treasure_value_known[card] != everyone for card in public_treasure + in_piles):
        raise _fail("the value of a treasure in a pile or face up must be known to everyone")
    if any(
        known & ~value
        for known, value in zip(state.treasure_known, state.treasure_value_known, strict=True)
    ):
        raise _fail("a seat that knows a treasure must know its value")
    if any(state.mission_known[m] != everyone for m in state.mission_row if m is not None):
        raise _fail("a face-up mission must be known to everyone")
    on_board = [card for card in state.board_events if card is not None]
    if any(state.event_known[card] != everyone for card in on_board + list(state.event_discard)):
        raise _fail("an activated event card must be known to everyone")
    for island, owner in enumerate(state.island_owners):
        if owner is not None and state.island_known[island] != everyone:
            raise _fail(f"the occupied island {island} must be known to everyone")
    # A telescope shows the top of a pile; nothing else in a pile is seen, except a mission
    # put back under the pile, by the seat that put it there.
    if any(state.crew_known[card] for card in state.crew_pile[1:]):
        raise _fail("a crew card below the top of the pile is known to someone")
    for pile in state.treasure_piles:
        if any(state.treasure_known[card] for card in pile[1:]):
            raise _fail("a treasure below the top of its pile is known to someone")
    for pile in state.event_piles:
        if any(state.event_known[card] for card in pile[1:]):
            raise _fail("an event card below the top of its pile is known to someone")
    if any(state.mission_known[m] & (state.mission_known[m] - 1) for m in state.mission_pile[1:]):
        raise _fail("a mission below the top of the pile is known to more than one seat")
    in_pile = set(state.mission_pile)
    if any(mask and m not in in_pile for m, mask in enumerate(state.mission_somewhere)):
        raise _fail("a mission known to be somewhere in the mission pile is not in it")


def _check_setup(state: KincsesState, facts: HistoryFacts) -> None:
    """The setup: the deal of the rulebook's "Setup", then the exchanges and kept missions."""
    players = state.players
    if state.turn != 0 or state.round != 1 or state.turn_index != 0:
        raise _fail(
            f"turn={state.turn}, round={state.round}, turn_index={state.turn_index} during the "
            "setup; the first turn has not begun"
        )
    if facts.turns or state.start_player != facts.first:
        raise _fail("the history and the starting player disagree with a setup in progress")
    order = _order_from(state.start_player, players)
    done, kept = facts.setup_done, facts.kept
    expected: tuple[Task, ...] = (
        SetupTask(),
        *(KeepStep(seat) for seat in reversed(order[kept:])),
        *(ExchangeStep(seat) for seat in reversed(order[done:])),
    )
    if state.tasks != expected:
        raise _fail(
            f"the setup stack {shown(state.tasks)} does not follow the {done} weapon exchanges "
            f"and {kept} kept missions of the history"
        )
    if any(state.positions) or any(state.anchors) or any(state.pearls) or any(state.owed):
        raise _fail("every ship starts on START with no anchor, pearl or card owed")
    if any(state.treasures) or state.treasure_discard or any(state.drawn_missions):
        raise _fail("nobody holds a treasure or draws a mission during the setup")
    if any(state.commits) or any(state.committed) or any(state.played) or state.chest:
        raise _fail("no cards are committed or on the table during the setup")
    if any(len(hand) != STARTING_HAND for hand in state.hands):
        raise _fail(f"'each player is dealt {STARTING_HAND} crew cards' and keeps 4 in the setup")
    if any(card is not None for card in state.crew_row) or state.crew_discard:
        raise _fail("the crew row is laid out after the setup's choices")
    if any(card is not None for card in state.mission_row):
        raise _fail("the mission row is laid out after the kept missions")
    if any(len(row) != TREASURE_ROW_SIZE for row in state.treasure_rows):
        raise _fail("each treasure value shows 2 cards at the start")
    if tuple(len(pile) for pile in state.event_piles) != INITIAL_EVENT_PILES:
        raise _fail(f"the event piles must hold {INITIAL_EVENT_PILES} cards before the first turn")
    if len(state.mission_returned) != kept:
        raise _fail(f"{len(state.mission_returned)} missions are returned, not {kept}")
    for offset, seat in enumerate(order):
        has_kept = offset < kept
        if len(state.missions[seat]) != has_kept or bool(state.mission_offers[seat]) == has_kept:
            raise _fail(f"seat {seat} must hold 2 missions to choose from, or the one he kept")
    beds = sorted(
        (ZONE_OF[space], pearls) for space, pearls in enumerate(state.board_pearls) if pearls
    )
    if beds != sorted(zip(PEARL_BED_ZONES, PEARL_BEDS[players], strict=True)):
        raise _fail("the pearl beds must be the setup's: 1 in zone A, 2 in B, 1 in C")
    if any(state.island_known) or any(state.event_known):
        raise _fail("nobody has seen an island or event card during the setup")


def _check_play(state: KincsesState, facts: HistoryFacts) -> None:
    """After the setup: the counters, the stack and what belongs to the pending decision."""
    players = state.players
    if facts.kept < players:
        raise _fail(
            "the history lacks the setup: every seat exchanges weapons and keeps a mission "
            "before the first turn"
        )
    if state.mission_returned or any(state.mission_offers):
        raise _fail("the setup's returned missions are shuffled back when it ends")
    if state.mission_pile and None in state.mission_row:
        raise _fail("the mission row must be full while the mission pile has cards")
    if any(not held for held in state.missions):
        raise _fail("every seat holds at least one mission after the setup")
    turn = state.turn
    limit_reached = not state.tasks and ISLAND not in state.positions
    if limit_reached:
        if turn != state.max_turns:
            raise _fail(
                "the game can only be over when a ship arrived or the turn limit is reached"
            )
        expected_index, expected_round = turn % players, turn // players + 1
    else:
        if turn < 1:
            raise _fail("turn=0 after the setup; the first turn is turn 1")
        expected_index, expected_round = (turn - 1) % players, (turn - 1) // players + 1
    if state.turn_index != expected_index or state.round != expected_round:
        raise _fail(
            f"turn {turn} is turn {expected_index} of round {expected_round}, not "
            f"turn_index={state.turn_index} of round={state.round}: 'when every player has "
            "had their turn, a new round begins'"
        )
    marker = (facts.first + state.round - 1) % players
    if state.start_player != marker:
        raise _fail(
            f"start_player={state.start_player}, but the marker passes once a round: seat "
            f"{facts.first} began round 1, so seat {marker} begins round {state.round}"
        )
    tasks = state.tasks
    seat = (state.start_player + state.turn_index) % players
    pending = _Pending()
    _check_anchoring(state, facts, seat)
    if tasks:
        if tasks[-1].__class__ not in _STEP_CLASSES:
            raise _fail(f"the top task {shown(tasks[-1])} is not a decision")
        if tasks[0].__class__ is TurnStep:
            if tasks != (TurnStep(seat),):
                raise _fail(
                    f"the stack {shown(tasks)} must be the turn choice of seat {seat} alone"
                )
            if (
                None in state.crew_row
                and state.turn_index == 0
                and (state.crew_pile or state.crew_discard)
            ):
                raise _fail("the crew row is refilled in all 6 positions when a round ends")
            row = any(card is not None for card in state.crew_row)
            supply = bool(state.crew_pile or state.crew_discard or row)
            if supply and any(len(hand) < HAND_MIN for hand in state.hands):
                raise _fail(f"every player must hold at least {HAND_MIN} crew cards")
        else:
            _check_turn_stack(state, seat, pending, facts)
    elif not limit_reached and (any(state.owed) or any(state.played)):
        # A duel's or battle's winner advanced onto Treasure Island: the game ended before
        # the played cards were replaced.
        pending.replace = pending.battle_replace = True
        _check_table(state, facts, facts.revealed_duel)
    if pending.reveal is None and (any(state.commits) or any(state.committed)):
        raise _fail("a seat has committed cards, but no duel, battle or merchant awaits them")
    if not pending.battle_replace and any(state.played):
        raise _fail("cards lie on the table, but no battle is being resolved")
    if not pending.replace and any(state.owed):
        raise _fail("a seat owes crew cards, but no duel or battle is being resolved")
    if not pending.chest and state.chest:
        raise _fail("chest cards lie on the table, but no chest is being opened")
    for other in range(players):
        if bool(state.drawn_missions[other]) != (other == pending.mission):
            raise _fail(f"seat {other}'s drawn mission does not match the pending decision")
    if pending.mission >= 0:
        last = facts.last
        drawn_by = (pending.mission, MissionFromRow), (pending.mission, MissionFromPile)
        if last is None or (last[0], last[1].__class__) not in drawn_by:
            raise _fail("a drawn mission must be the last thing recorded")


def _check_anchoring(state: KincsesState, facts: HistoryFacts, seat: PlayerId) -> None:
    """An anchoring still to be recorded is the decision pending, and the other way round."""
    left, choice = facts.anchoring
    expected: Task | None = None
    if left and left[0] is _CREW_DRAWS:
        expected = CrewSourceStep(seat, 1)
    elif left and DiscardCrew in left[0]:
        purpose = DiscardPurpose.ANCHOR if choice is AnchorDiscard else DiscardPurpose.EXCHANGE
        expected = DiscardStep(seat, purpose)
    elif left and MissionFromRow in left[0]:
        expected = MissionSourceStep(seat)
    elif left:
        expected = MissionDisposeStep(seat)
    if expected is not None and state.tasks != (expected,):
        raise _fail(
            f"the history's anchoring waits for {shown(expected)}, but the stack is "
            f"{shown(state.tasks)}"
        )
    anchoring_steps = (
        DiscardStep(seat, DiscardPurpose.ANCHOR),
        DiscardStep(seat, DiscardPurpose.EXCHANGE),
        MissionSourceStep(seat),
        MissionDisposeStep(seat),
    )
    if expected is None and len(state.tasks) == 1 and state.tasks[0] in anchoring_steps:
        raise _fail(f"{shown(state.tasks[0])} is pending, but the history shows no anchoring")


@attrs.define
class _Pending:
    """What the stack says is going on, for the fields that belong to a pending decision."""

    reveal: DuelRevealTask | BattleRevealTask | MerchantRevealTask | None = None
    waiting: tuple[PlayerId, ...] = ()
    replace: bool = False
    battle_replace: bool = False
    chest: bool = False
    mission: PlayerId = -1


def _on_card(state: KincsesState, seat: PlayerId, card: int) -> bool:
    """Whether ``seat``'s ship stands where it activated ``card``.

    The card lies under the ship, or was discarded by the pearl bed the ship stands on.
    """
    space = state.positions[seat]
    if not START < space < ISLAND:
        return False
    here = state.board_events[space]
    if here == card:
        return True
    return here is None and state.board_pearls[space] > 0 and card in state.event_discard


def _on_kind(state: KincsesState, seat: PlayerId, kind: EventKind) -> bool:
    """Whether ``seat``'s ship stands where it activated an event card of ``kind``."""
    space = state.positions[seat]
    if not START < space < ISLAND:
        return False
    here = state.board_events[space]
    if here is not None:
        return EVENT_CARDS[here].kind is kind
    return state.board_pearls[space] > 0 and any(
        EVENT_CARDS[card].kind is kind for card in state.event_discard
    )


def _require(condition: bool, state: KincsesState, what: str) -> None:
    if not condition:
        raise _fail(f"the stack {shown(state.tasks)} is not one the rules build: {what}")


def _check_turn_stack(
    state: KincsesState, seat: PlayerId, pending: _Pending, facts: HistoryFacts
) -> None:
    """Check a stack inside ``seat``'s turn against the shapes the rules push.

    A turn's stack is the steps of the one event or anchoring being carried out (events do
    not nest, except that a repair lands again once its step is taken), above at most one
    pearl sale waiting for a shell card to be resolved.
    """
    tasks = state.tasks
    for task in tasks:
        if task.__class__ in (SetupTask, ExchangeStep, KeepStep, TurnStep, LandTask):
            _require(False, state, f"{shown(task)} cannot wait below a decision in a turn")
    body = tasks
    after: AfterEventTask | None = None
    if isinstance(body[0], AfterEventTask):
        after = body[0]
        body = body[1:]
        _require(after.player == seat, state, "a pearl sale waits for another seat")
        _require(
            state.board_events[after.space] == after.card or after.card in state.event_discard,
            state,
            "the shell card of the pearl sale is not where it was activated",
        )
    _require(bool(body), state, "a pearl sale waits with nothing above it")
    bottom = body[0]
    cls = bottom.__class__
    single = len(body) == 1
    player = getattr(bottom, "player", seat)
    if cls is CrewSourceStep or cls is TreasureSourceStep:
        _check_draws(state, body, seat, after is not None, facts)
        return
    if cls is ReplaceTask:
        _check_replace(state, cast("ReplaceTask", bottom), body[1:], seat, pending, facts)
        return
    if cls is DuelRevealTask or cls is DuelTargetStep:
        card = cast("DuelRevealTask | DuelTargetStep", bottom).card
        _require(_on_card(state, seat, card), state, "the duel card is not under the ship")
        _require(
            EVENT_CARDS[card].shell == (after is not None),
            state,
            "a pearl sale waits exactly below a duel with a shell",
        )
        if cls is DuelTargetStep:
            _require(single and player == seat, state, "the challenge is the activator's alone")
        else:
            _check_duel_commits(state, cast("DuelRevealTask", bottom), body[1:], seat, pending)
        return
    _require(after is None, state, "a pearl sale waits below an event that is no duel")
    if cls is BattleRevealTask or cls is MerchantRevealTask:
        reveal = cast("BattleRevealTask | MerchantRevealTask", bottom)
        step = BattleCommitStep if cls is BattleRevealTask else MerchantCommitStep
        activator = reveal.initiator if isinstance(reveal, BattleRevealTask) else reveal.activator
        order = _order_from(seat, state.players)
        commits = [cast("BattleCommitStep", task) for task in reversed(body[1:])]
        _require(
            all(task.__class__ is step and task.card == reveal.card for task in commits),
            state,
            "only the secret choices for the event card wait above it",
        )
        waiting = tuple(task.player for task in commits)
        _require(
            activator == seat and bool(waiting) and waiting == order[len(order) - len(waiting) :],
            state,
            "the secret choices must wait for the seats after the activator, in turn order",
        )
        _require(_on_card(state, seat, reveal.card), state, "the event card is not under the ship")
        pending.reveal = reveal
        pending.waiting = waiting
        _check_commits(state, reveal, order, waiting)
        return
    if cls is MoveBackTask:  # a failed landing on an island
        _require(
            player == seat
            and len(body) in (2, 3)
            and body[1] == DiscardStep(seat, DiscardPurpose.ISLAND)
            and (len(body) == 2 or body[2] == TreasureLossStep(seat)),
            state,
            "a failed island landing costs a treasure, a crew card and a step back",
        )
        space = state.positions[seat]
        island = state.board_islands[space] if START < space < ISLAND else None
        _require(
            island is not None and state.island_owners[island] is None,
            state,
            "the ship that failed to land is not on the face-down island",
        )
        return
    if cls is ChestCleanupTask:
        _require(body[1:] == (ChestStep(seat),), state, "a chest is opened by its activator")
        _require(_on_kind(state, seat, EventKind.CHEST), state, "the chest is not under the ship")
        pending.chest = True
        return
    _require(single and player == seat, state, f"{shown(bottom)} must be the activator's alone")
    if cls is MissionDisposeStep:
        pending.mission = seat
    elif cls is DiscardStep:
        purpose = cast("DiscardStep", bottom).purpose
        _require(
            purpose in (DiscardPurpose.ANCHOR, DiscardPurpose.EXCHANGE, DiscardPurpose.MUTINY),
            state,
            f"a {purpose} discard belongs with its event",
        )
        if purpose is DiscardPurpose.MUTINY:
            _require(_on_kind(state, seat, EventKind.MUTINY), state, "no mutiny under the ship")
    elif cls is EventPileStep:
        space = cast("EventPileStep", bottom).space
        _require(
            state.positions[seat] == space
            and state.board_events[space] is None
            and state.board_islands[space] is None,
            state,
            "the ship must stand on the empty space where it draws its event card",
        )
    elif cls is RewardStep:
        kind = EventKind.REEFS if cast("RewardStep", bottom).minimum == 0 else EventKind.TAILWIND
        _require(_on_kind(state, seat, kind), state, f"the {kind} is not under the ship")
    elif cls in _STANDING_KINDS:
        kind = _STANDING_KINDS[cls]
        _require(_on_kind(state, seat, kind), state, f"the {kind} is not under the ship")
        if cls is ParrotPlaceStep:
            place = cast("ParrotPlaceStep", bottom)
            island = state.board_islands[place.origin]
            _require(
                (island is not None and state.island_owners[island] is None)
                if place.island
                else state.board_pearls[place.origin] > 0,
                state,
                "the parrot moves a face-down island or a pearl bed that is not there",
            )
    elif cls is PearlSaleStep:
        sale = cast("PearlSaleStep", bottom)
        _require(
            state.board_events[sale.space] == sale.card or sale.card in state.event_discard,
            state,
            "the shell card of the pearl sale is not where it was activated",
        )
    else:
        _require(cls is MissionSourceStep, state, f"{shown(bottom)} cannot be at the bottom")


_STANDING_KINDS: dict[type, EventKind] = {
    IntrigueStep: EventKind.INTRIGUE,
    RepairStep: EventKind.REPAIR,
    TelescopeStep: EventKind.TELESCOPE,
    ParrotStep: EventKind.PARROT,
    ParrotPlaceStep: EventKind.PARROT,
}
"""Single steps taken by the activator standing on the event card of this kind."""


def _check_draws(
    state: KincsesState,
    body: tuple[Task, ...],
    seat: PlayerId,
    after_duel: bool,
    facts: HistoryFacts,
) -> None:
    """Crew cards and treasures still to draw: replacements, a merchant's pay, one prize."""
    _require(
        all(task.__class__ in (CrewSourceStep, TreasureSourceStep) for task in body),
        state,
        "draws must be all that is left of an event",
    )
    treasures = [cast("TreasureSourceStep", task) for task in body[1::2]]
    if not any(task.__class__ is TreasureSourceStep for task in body):
        seats = [cast("CrewSourceStep", task).player for task in body]
        _require(len(set(seats)) == len(seats), state, "a seat draws in two places")
        if facts.revealed:
            _check_replacements(state, facts, body)
        return
    _require(not after_duel, state, "a duel's replacements come after its prize")
    if body == (TreasureSourceStep(seat, 5),):  # an island taken, or pearls sold
        return
    crew = [cast("CrewSourceStep", task) for task in body[0::2]]
    _require(
        all(task.__class__ is CrewSourceStep for task in crew)
        and all(task.__class__ is TreasureSourceStep for task in treasures),
        state,
        "the merchant pays each seller a treasure and a crew card, by the number of sellers",
    )
    prizes = {task.maximum for task in treasures}
    _require(
        all(task.count == 1 for task in crew)
        and all(t.player == c.player for c, t in zip(crew, treasures, strict=False))
        and len({task.player for task in crew}) == len(crew)
        and len(prizes) <= 1
        and len(crew) <= {5: 1, 3: 2, 1: state.players}[next(iter(prizes), 1)],
        state,
        "the merchant pays each seller a treasure and a crew card, by the number of sellers",
    )


def _check_replacements(state: KincsesState, facts: HistoryFacts, body: tuple[Task, ...]) -> None:
    """The crew cards still to draw after a duel or battle are those owed, less those drawn.

    "Each side draws as many crew cards ... as it played." A seat's draws stop only with 7
    cards in hand or nothing left to draw.
    """
    waiting = {
        cast("CrewSourceStep", task).player: cast("CrewSourceStep", task).count for task in body
    }
    supply = bool(
        state.crew_pile or state.crew_discard or any(card is not None for card in state.crew_row)
    )
    for seat in range(state.players):
        owed = len(facts.revealed.get(seat, ())) - len(facts.taken_back.get(seat, ()))
        drawn = facts.crew_draws.get(seat, 0)
        left = waiting.get(seat, 0)
        stopped = len(state.hands[seat]) >= HAND_MAX or not supply
        if drawn + left > owed or (drawn + left < owed and (left or not stopped)):
            raise _fail(
                f"seat {seat} owes {owed} crew cards after the reveal, has drawn {drawn} and "
                f"is to draw {left} more"
            )


def _check_duel_commits(
    state: KincsesState,
    reveal: DuelRevealTask,
    above: tuple[Task, ...],
    seat: PlayerId,
    pending: _Pending,
) -> None:
    card = reveal.card
    other = reveal.challenged
    both = (DuelCommitStep(other, card), DuelCommitStep(seat, card))
    cross = DiscardStep(seat, DiscardPurpose.CROSS)
    _require(
        reveal.challenger == seat
        and other != seat
        and (
            above == both[:1]
            or above == both
            or (above == (*both, cross) and EVENT_CARDS[card].mark is DuelMark.CROSS)
        ),
        state,
        "the challenger and then the challenged choose their compositions",
    )
    waiting = tuple(cast("DuelCommitStep", task).player for task in reversed(above[:2]))
    pending.reveal = reveal
    pending.waiting = waiting
    _check_commits(state, reveal, (seat, other), waiting)


def _check_commits(
    state: KincsesState,
    reveal: DuelRevealTask | BattleRevealTask | MerchantRevealTask,
    participants: tuple[PlayerId, ...],
    waiting: tuple[PlayerId, ...],
) -> None:
    """The committed flags and secret compositions while an event waits for them."""
    event = EVENT_CARDS[reveal.card]
    partial = waiting[0] if reveal.__class__ is BattleRevealTask else -1
    for seat in range(state.players):
        committed = seat in participants and seat not in waiting
        if state.committed[seat] is not committed:
            raise _fail(
                f"seat {seat}'s committed flag is {state.committed[seat]}; it is set once his "
                f"secret choice for the {event} is made"
            )
        commit = state.commits[seat]
        hand = state.hands[seat]
        if reveal.__class__ is DuelRevealTask:
            valid = (
                not commit
                if not committed
                else any(
                    commit == tuple(c for c in (option.pirate, option.weapon) if c is not None)
                    for option in _duel_compositions(hand, event.colours[0])
                )
            )
        elif reveal.__class__ is MerchantRevealTask:
            valid = not commit or (
                committed
                and len(commit) == 1
                and not _is_pirate(commit[0])
                and _WEAPON_COLOUR[commit[0]] in event.colours
            )
        elif committed or seat == partial:
            chosen: tuple[int, ...] = ()
            valid = True
            for card in commit:
                if _BATTLE_ADD[card] not in _battle_options(hand, chosen, event.colours):
                    valid = False
                    break
                chosen = (*chosen, card)
            if valid and committed:
                valid = _DONE in _battle_options(hand, chosen, event.colours)
        else:
            valid = not commit
        if not valid:
            raise _fail(
                f"seat {seat}'s secret choice {shown(commit)} is not one the {event} allows"
            )


def _check_replace(
    state: KincsesState,
    replace: ReplaceTask,
    above: tuple[Task, ...],
    seat: PlayerId,
    pending: _Pending,
    facts: HistoryFacts,
) -> None:
    """A duel's or battle's end: the prize, the cards taken back, then the replacements."""
    _require(bool(above), state, "a replacement waits with nothing above it")
    pending.replace = True
    first = above[0].__class__
    if first in (DuelPrizeStep, MoveBackTask, TreasureSourceStep):  # a duel
        _require(len(replace.order) == 2 and seat in replace.order, state, "a duel has two sides")
        winner, loser = replace.order
        if first is DuelPrizeStep:
            prize = cast("DuelPrizeStep", above[0])
            # "On a draw, the challenged party wins": the challenger (the activator) loses.
            fits = (
                len(above) == 1
                and (prize.player, prize.loser) == (winner, loser)
                and (loser == seat or not prize.draw)
            )
        else:
            fits = above in (
                (TreasureSourceStep(winner, 3),),
                (MoveBackTask(loser), TreasureSourceStep(winner, 3)),
            )
        _require(fits, state, "the duel's winner takes his prize before the cards are replaced")
        if set(facts.revealed) != set(replace.order) or not facts.revealed_duel:
            raise _fail("a duel's cards are replaced after its two sides revealed them")
        _check_table(state, facts, True)
        return
    _require(
        replace.order == _order_from(state.start_player, state.players),
        state,
        "after a battle the cards are replaced in turn order from the starting player",
    )
    pending.battle_replace = True
    ranks = []
    index = 0
    while index < len(above) and above[index].__class__ is BattlePickStep:
        ranks.append(cast("BattlePickStep", above[index]).rank)
        index += 1
    _require(ranks == sorted(set(ranks), reverse=True), state, "the colours are taken in order")
    rest = above[index:]
    if rest:
        first_rest = rest[0]
        winner = first_rest.winner if isinstance(first_rest, BattleRetreatTask) else -1
        shape = (BattleRetreatTask(winner), TreasureSourceStep(winner, 3), RewardStep(winner, 1))
        picks = [cast("BattlePickStep", task).player for task in above[:index]]
        _require(
            rest == shape[: len(rest)] and picks.count(winner) >= 2,
            state,
            "the absolute winner of a battle advances, takes a treasure, and the others retreat",
        )
    if len(facts.revealed) != state.players or facts.revealed_duel:
        raise _fail("a battle's cards are replaced after every seat revealed them")
    _check_table(state, facts, False)


def _check_table(state: KincsesState, facts: HistoryFacts, duel: bool) -> None:
    """The cards on the table and owed are the revealed ones, less those taken back.

    "After the duel is resolved, the played cards are discarded by both sides. Then they
    must be replaced. Each side draws as many crew cards ... as it played." After a battle,
    "the winners of each colour ... are each given the chance to replace one of their
    cards from the played cards lying on the table".
    """
    taken = {card for cards in facts.taken_back.values() for card in cards}
    for seat in range(state.players):
        shown_cards = facts.revealed.get(seat, ())
        if duel:
            played: tuple[int, ...] = ()
            owed = len(shown_cards)
        else:
            played = tuple(card for card in shown_cards if card not in taken)
            owed = len(shown_cards) - len(facts.taken_back.get(seat, ()))
        if state.played[seat] != played or state.owed[seat] != owed:
            raise _fail(
                f"seat {seat} owes {state.owed[seat]} crew cards with {shown(state.played[seat])} "
                f"on the table; the history's reveal leaves {owed} owed and {shown(played)}"
            )


def _check_history_facts(state: KincsesState, facts: HistoryFacts) -> None:
    """Compare what the history says happened with where things are now."""
    tasks = state.tasks
    expected_turns = state.turn - 1 if tasks and tasks[-1].__class__ is TurnStep else state.turn
    if facts.turns != expected_turns:
        raise _fail(
            f"the history records {facts.turns} turns, but turn={state.turn} "
            f"({expected_turns} turn choices made)"
        )
    if tuple(facts.streaks) != state.anchors:
        raise _fail(
            f"the anchor discs {shown(state.anchors)} do not match the anchoring streaks of "
            f"the history {shown(tuple(facts.streaks))}"
        )
    activated = {card for card in state.board_events if card is not None}
    activated |= set(state.event_discard)
    if facts.drawn.keys() != activated:
        raise _fail(
            "the event cards drawn in the history are not the ones on the board and discarded"
        )
    for pile, size in enumerate(INITIAL_EVENT_PILES):
        if len(state.event_piles[pile]) != size - facts.pile_draws[pile]:
            raise _fail(
                f"event pile {pile} holds {len(state.event_piles[pile])} cards; it held {size} "
                f"and the history draws {facts.pile_draws[pile]} from it"
            )
    for seat, position in enumerate(state.positions):
        if START < position < ISLAND:
            card = state.board_events[position]
            if card is not None and not _REUSABLE[card] and facts.drawn[card] != seat:
                raise _fail(
                    f"seat {seat}'s ship stands on event card {card}, which seat "
                    f"{facts.drawn[card]} drew; an activated card occupies its space"
                )
    if facts.treasure_discards != list(state.treasure_discard):
        raise _fail("the discarded treasures are not the ones the history discards")
    held = [0] * len(TREASURE_VALUES)
    for cards in (*state.treasures, state.treasure_discard):
        for card in cards:
            held[_TREASURE_RANK[card]] += 1
    if held != facts.treasures_taken:
        raise _fail(
            f"the history takes {facts.treasures_taken} treasures of values 1, 3 and 5, but "
            f"{held} are held or discarded"
        )
    for card, seat in facts.public_hands.items():
        if card not in state.hands[seat]:
            raise _fail(
                f"crew card {card} went face up into seat {seat}'s hand and has not left it "
                "in the history, but it is not there"
            )


_FIELD_RANGES: dict[str, tuple[int, int]] = {
    "card": (0, _CREW_COUNT - 1),
    "pirate": (0, _CREW_COUNT - 1),
    "weapon": (0, _CREW_COUNT - 1),
    "mission": (0, len(MISSIONS) - 1),
    "treasure": (0, len(TREASURES) - 1),
    "slot": (0, CREW_ROW_SIZE - 1),
    "pile": (0, EVENT_PILES - 1),
    "steps": (0, 3),
    "opponent": (0, 3),
    "space": (1, LAST_SPACE),
    "index": (0, 1),
}


_VALUE, _CARDS, _RANGE = 1, 2, 3
"""The kinds of field check: a treasure value, crew card ids, an integer in a range."""

_FieldCheck: TypeAlias = tuple[str, int, int, int]
"""A field's name, the kind of check, and the range of a :data:`_RANGE` check."""


def _field_checks(cls: type[attrs.AttrsInstance]) -> tuple[_FieldCheck, ...]:
    checks: list[_FieldCheck] = []
    for field in attrs.fields(cls):
        name = field.name
        if name == "value":
            checks.append((name, _VALUE, 0, 0))
        elif name == "cards":
            checks.append((name, _CARDS, 0, _CREW_COUNT - 1))
        elif name == "card" and cls is EventDrawn:
            checks.append((name, _RANGE, 0, len(EVENT_CARDS) - 1))
        elif name in _FIELD_RANGES:
            checks.append((name, _RANGE, *_FIELD_RANGES[name]))
    return tuple(checks)


_ACTION_CHECKS: dict[type, tuple[_FieldCheck, ...]] = {
    cls: _field_checks(cls) for cls in (*get_args(Action), *get_args(PublicAction))
}
"""The field checks of every action and history entry class, worked out once."""

_INT_RANGES: dict[type, tuple[tuple[str, int, int], ...]] = {
    cls: tuple((name, low, high) for name, _, low, high in checks)
    for cls, checks in _ACTION_CHECKS.items()
    if cls in _PUBLIC_CLASSES and all(kind == _RANGE for _, kind, _, _ in checks)
}
"""The history entry classes whose fields are all ints in a range, and the ranges: the
common entries, read without a call each."""


def check_action_fields(value: object) -> None:
    """Check the ids and numbers of an action or history entry (used on untrusted input).

    Raises:
        InvalidStateError: A field is out of range, such as a crew card id above 71.
    """
    cls = type(value)
    checks = _ACTION_CHECKS.get(cls)
    if checks is None:
        if not attrs.has(cls):
            raise _fail(f"{shown(value)} is not an action")
        checks = _field_checks(cls)
    for name, kind, low, high in checks:
        item = getattr(value, name)
        if kind == _RANGE:
            if item is not None and not _int(item, low, high):
                if name == "card" and cls is EventDrawn:
                    raise _fail(f"{shown(value)}: card must be an event card id 0 to 63")
                raise _fail(f"{shown(value)}: {name}={shown(item)} is out of range {low} to {high}")
        elif kind == _CARDS:
            if not isinstance(item, tuple) or not _ints(item, low, high):
                raise _fail(f"{shown(value)}: cards must be crew card ids 0 to {_CREW_COUNT - 1}")
        elif item not in TREASURE_VALUES or type(item) is not int:
            raise _fail(f"{shown(value)}: the treasure value must be 1, 3 or 5")

"""The state of a game of Irány a Kincses Sziget!, and its stack of pending steps.

A turn can nest deeply (a repair moves back and activates another event, which may be a
duel whose winner takes a treasure and whose players then replace their cards, after which
a shell card may let its activator sell pearls), so the state keeps a **task stack**: the
top is the decision now pending (a *step*, with the seat that takes it) and below it lie
the automatic tasks and later steps still to come. Every frame holds only public facts;
secret parts of a pending choice (the two setup missions, a drawn mission, a composition
being built) live in the seat's own zones, so an observation can carry the whole stack.

Knowledge (E21) is kept per card as a bit mask of the seats that know where
the card is: bit ``p`` of ``crew_known[c]`` says that seat ``p`` knows crew card ``c``'s
place (its hand, or its position in a pile). Cards in public places have every bit set.
Treasures have a second mask, ``treasure_value_known``: the seats that know the card's
*value* (1, 3 or 5) in its place, which everyone learns when a card is drawn blindly from a
value pile although only the drawer learns which card it is.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, TypeAlias, cast, get_args

import attrs

from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.core.values import trusted_constructor
from boardgames.games.kincses_sziget.actions import Action, PublicAction
from boardgames.games.kincses_sziget.components import (
    CardId,
    EventId,
    IslandId,
    MissionId,
    Space,
    TreasureId,
)

__all__ = [
    "AfterEventTask",
    "AutomaticTask",
    "BattleCommitStep",
    "BattlePickStep",
    "BattleRetreatTask",
    "BattleRevealTask",
    "ChestCleanupTask",
    "ChestStep",
    "CrewSourceStep",
    "DiscardPurpose",
    "DiscardStep",
    "DuelCommitStep",
    "DuelPrizeStep",
    "DuelRevealTask",
    "DuelTargetStep",
    "EventPileStep",
    "ExchangeStep",
    "HistoryEntry",
    "IntrigueStep",
    "KeepStep",
    "KincsesState",
    "LandTask",
    "MerchantCommitStep",
    "MerchantRevealTask",
    "MissionDisposeStep",
    "MissionSourceStep",
    "MoveBackTask",
    "ParrotPlaceStep",
    "ParrotStep",
    "PearlSaleStep",
    "Phase",
    "RepairStep",
    "ReplaceTask",
    "RewardStep",
    "SetupTask",
    "StealRecord",
    "Step",
    "Task",
    "TelescopeStep",
    "TreasureLossStep",
    "TreasureSourceStep",
    "TurnStep",
]


class Phase(enum.Enum):
    """The kind of decision pending (one per decision point of the turn)."""

    WEAPON_EXCHANGE = 1
    """Setup: exchange weapons beyond the second for random pirates, or stop."""
    MISSION_KEEP = 2
    """Setup: keep one of two missions (secret)."""
    TURN_CHOICE = 3
    """Move 1-3 free spaces, or anchor."""
    DISCARD = 4
    """Choose a crew card to discard."""
    CREW_SOURCE = 5
    """Take a crew card from the row or blindly from the pile."""
    MISSION_SOURCE = 6
    """Take a mission from the row or blindly from the pile."""
    MISSION_DISPOSE = 7
    """Add the drawn mission, replace a held one with it, or reject it."""
    EVENT_PILE = 8
    """Choose the event pile to draw from."""
    DUEL_TARGET = 9
    """Choose the opponent to challenge."""
    DUEL_COMMIT = 10
    """Choose a duel composition (secret)."""
    DUEL_PRIZE = 11
    """The duel winner chooses an advance or a theft."""
    TREASURE_SOURCE = 12
    """Take a treasure up to a value from a row or blindly from a pile."""
    BATTLE_COMMIT = 13
    """Build a battle composition card by card (secret)."""
    BATTLE_PICK = 14
    """A colour winner may take a played card back from the table."""
    MERCHANT_COMMIT = 15
    """Offer a weapon to the merchant or not (secret)."""
    INTRIGUE = 16
    """Steal a card blindly from an opponent, or not."""
    TREASURE_LOSS = 17
    """Choose a treasure to discard after a failed island landing."""
    REWARD_MOVE = 18
    """Choose how far to advance (battle, reefs, tailwind)."""
    CHEST = 19
    """Keep weapons from the chest's three cards."""
    REPAIR = 20
    """Choose how far to move back for repairs."""
    TELESCOPE = 21
    """Choose what to inspect."""
    PARROT = 22
    """Choose what to shuffle or move."""
    PARROT_PLACE = 23
    """Choose where the moved island or pearl bed goes."""
    PEARL_SALE = 24
    """Sell two pearls on a shell card, or not."""

    def __str__(self) -> str:
        return self.name.lower().replace("_", " ")

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class DiscardPurpose(enum.Enum):
    """Why a crew card is being discarded."""

    ANCHOR = 1
    """The anchoring discard."""
    EXCHANGE = 2
    """The anchoring exchange (a draw follows)."""
    CROSS = 3
    """A duel card with a cross: the challenger discards before the duel."""
    MUTINY = 4
    """A lost mutiny."""
    ISLAND = 5
    """A failed island landing."""

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"DiscardPurpose.{self.name}"


# --- decision steps -------------------------------------------------------------------------


@attrs.frozen
class ExchangeStep:
    """Setup: ``player`` may exchange weapons beyond the second (A-IRA-7)."""

    phase: ClassVar[Phase] = Phase.WEAPON_EXCHANGE
    player: PlayerId


@attrs.frozen
class KeepStep:
    """Setup: ``player`` keeps one of the two missions in his offer (secret)."""

    phase: ClassVar[Phase] = Phase.MISSION_KEEP
    player: PlayerId


@attrs.frozen
class TurnStep:
    """``player``'s turn: move or anchor."""

    phase: ClassVar[Phase] = Phase.TURN_CHOICE
    player: PlayerId


@attrs.frozen
class DiscardStep:
    """``player`` discards a crew card, for ``purpose``."""

    phase: ClassVar[Phase] = Phase.DISCARD
    player: PlayerId
    purpose: DiscardPurpose


@attrs.frozen
class CrewSourceStep:
    """``player`` draws ``count`` more crew cards, one decision each (stops at 7 in hand)."""

    phase: ClassVar[Phase] = Phase.CREW_SOURCE
    player: PlayerId
    count: int


@attrs.frozen
class MissionSourceStep:
    """``player`` takes a mission from the row or the pile (anchoring)."""

    phase: ClassVar[Phase] = Phase.MISSION_SOURCE
    player: PlayerId


@attrs.frozen
class MissionDisposeStep:
    """``player`` decides what to do with the mission he has just drawn."""

    phase: ClassVar[Phase] = Phase.MISSION_DISPOSE
    player: PlayerId


@attrs.frozen
class EventPileStep:
    """``player`` landed on ``space`` and chooses the event pile to draw from."""

    phase: ClassVar[Phase] = Phase.EVENT_PILE
    player: PlayerId
    space: Space


@attrs.frozen
class DuelTargetStep:
    """``player`` activated the duel ``card`` and chooses whom to challenge."""

    phase: ClassVar[Phase] = Phase.DUEL_TARGET
    player: PlayerId
    card: EventId


@attrs.frozen
class DuelCommitStep:
    """``player`` chooses his secret composition for the duel ``card``."""

    phase: ClassVar[Phase] = Phase.DUEL_COMMIT
    player: PlayerId
    card: EventId


@attrs.frozen
class DuelPrizeStep:
    """``player`` won the duel against ``loser`` (on a ``draw``, as the challenged player)."""

    phase: ClassVar[Phase] = Phase.DUEL_PRIZE
    player: PlayerId
    loser: PlayerId
    draw: bool


@attrs.frozen
class TreasureSourceStep:
    """``player`` takes a treasure of value at most ``maximum``."""

    phase: ClassVar[Phase] = Phase.TREASURE_SOURCE
    player: PlayerId
    maximum: int


@attrs.frozen
class BattleCommitStep:
    """``player`` builds his secret composition for the battle ``card``."""

    phase: ClassVar[Phase] = Phase.BATTLE_COMMIT
    player: PlayerId
    card: EventId


@attrs.frozen
class BattlePickStep:
    """``player``, winner of the battle colour of ``rank`` (0-2), may take a played card."""

    phase: ClassVar[Phase] = Phase.BATTLE_PICK
    player: PlayerId
    rank: int


@attrs.frozen
class MerchantCommitStep:
    """``player`` offers a weapon to the merchant ``card``, or not (secret)."""

    phase: ClassVar[Phase] = Phase.MERCHANT_COMMIT
    player: PlayerId
    card: EventId


@attrs.frozen
class IntrigueStep:
    """``player`` activated an intrigue."""

    phase: ClassVar[Phase] = Phase.INTRIGUE
    player: PlayerId


@attrs.frozen
class TreasureLossStep:
    """``player`` failed an island landing and discards a treasure."""

    phase: ClassVar[Phase] = Phase.TREASURE_LOSS
    player: PlayerId


@attrs.frozen
class RewardStep:
    """``player`` advances ``minimum`` to 3 spaces (battle and tailwind 1, reefs 0)."""

    phase: ClassVar[Phase] = Phase.REWARD_MOVE
    player: PlayerId
    minimum: int


@attrs.frozen
class ChestStep:
    """``player`` keeps weapons from the chest cards on the table."""

    phase: ClassVar[Phase] = Phase.CHEST
    player: PlayerId


@attrs.frozen
class RepairStep:
    """``player`` moves back for repairs."""

    phase: ClassVar[Phase] = Phase.REPAIR
    player: PlayerId


@attrs.frozen
class TelescopeStep:
    """``player`` uses a telescope."""

    phase: ClassVar[Phase] = Phase.TELESCOPE
    player: PlayerId


@attrs.frozen
class ParrotStep:
    """``player`` uses a parrot."""

    phase: ClassVar[Phase] = Phase.PARROT
    player: PlayerId


@attrs.frozen
class ParrotPlaceStep:
    """``player`` moves the island (``island``) or pearl bed on ``origin`` within its zone."""

    phase: ClassVar[Phase] = Phase.PARROT_PLACE
    player: PlayerId
    origin: Space
    island: bool


@attrs.frozen
class PearlSaleStep:
    """``player`` activated the shell ``card`` on ``space`` and may sell two pearls."""

    phase: ClassVar[Phase] = Phase.PEARL_SALE
    player: PlayerId
    card: EventId
    space: Space


Step: TypeAlias = (
    ExchangeStep
    | KeepStep
    | TurnStep
    | DiscardStep
    | CrewSourceStep
    | MissionSourceStep
    | MissionDisposeStep
    | EventPileStep
    | DuelTargetStep
    | DuelCommitStep
    | DuelPrizeStep
    | TreasureSourceStep
    | BattleCommitStep
    | BattlePickStep
    | MerchantCommitStep
    | IntrigueStep
    | TreasureLossStep
    | RewardStep
    | ChestStep
    | RepairStep
    | TelescopeStep
    | ParrotStep
    | ParrotPlaceStep
    | PearlSaleStep
)
"""A pending decision: the top of a non-terminal state's task stack."""


# --- automatic tasks ------------------------------------------------------------------------


@attrs.frozen
class SetupTask:
    """Finish the setup after the missions are kept: mission and crew rows, first turn."""


@attrs.frozen
class LandTask:
    """``player``'s ship arrived on ``space`` by a normal move or a repair: activate it."""

    player: PlayerId
    space: Space


@attrs.frozen
class AfterEventTask:
    """The shell ``card`` on ``space`` was resolved: offer ``player`` a pearl sale."""

    player: PlayerId
    card: EventId
    space: Space


@attrs.frozen
class DuelRevealTask:
    """Reveal and compare the duel ``card``'s compositions of the two players."""

    challenger: PlayerId
    challenged: PlayerId
    card: EventId


@attrs.frozen
class BattleRevealTask:
    """Reveal and compare the battle ``card``'s compositions of everyone."""

    initiator: PlayerId
    card: EventId


@attrs.frozen
class BattleRetreatTask:
    """Every player but the battle's absolute ``winner`` moves back, rearmost first."""

    winner: PlayerId


@attrs.frozen
class ReplaceTask:
    """Discard the cards left on the table; players in ``order`` replace what they owe."""

    order: tuple[PlayerId, ...]


@attrs.frozen
class MerchantRevealTask:
    """Reveal the offers to the merchant ``card`` activated by ``activator`` and pay."""

    activator: PlayerId
    card: EventId


@attrs.frozen
class MoveBackTask:
    """``player`` moves back his zone's penalty (a penalty move: activates nothing)."""

    player: PlayerId


@attrs.frozen
class ChestCleanupTask:
    """Discard the chest cards nobody kept."""


AutomaticTask: TypeAlias = (
    SetupTask
    | LandTask
    | AfterEventTask
    | DuelRevealTask
    | BattleRevealTask
    | BattleRetreatTask
    | ReplaceTask
    | MerchantRevealTask
    | MoveBackTask
    | ChestCleanupTask
)
"""A task the engine runs by itself when it reaches the top of the stack."""

Task: TypeAlias = Step | AutomaticTask
"""An entry of the task stack."""

_EVENT_CARD_TASKS: frozenset[str] = frozenset(
    cls.__name__
    for cls in get_args(Task)
    if any(field.name == "card" and field.type == "EventId" for field in attrs.fields(cls))
)
"""The names of the tasks whose ``card`` is an event card."""


def _pending_step(tasks: tuple[Task, ...]) -> Step:
    """Return the decision on top of a non-empty task stack.

    The top of a non-empty stack is always a step: the engine runs every automatic task
    that reaches the top before it stops, and ``check_state`` refuses a loaded state whose
    top task is not a step. A tuple's type cannot say so of its last item alone; this
    cast, in this one place, is where the types learn it.
    """
    return cast("Step", tasks[-1])


HistoryEntry: TypeAlias = tuple[PlayerId, PublicAction]
StealRecord: TypeAlias = tuple[PlayerId, PlayerId, PlayerId, tuple[CardId, ...], int]
"""``(observer, victim, thief, candidates, hidden)``: see ``KincsesState.steal_records``."""
"""An entry of the public history: the seat that acted and what everyone saw of it.

In JSON, a list ``[seat, action]``.

.. versionadded:: 0.1.0
"""


class _Derived:
    """A slot for what the rules derive from a state and keep with it (private, never saved).

    It is no attrs field: equality, hashing, ``repr``, JSON and pickling ignore it, and a
    state that lacks it (built directly, evolved, loaded or unpickled) gets it on first
    use; a state a move builds starts with ``None`` there (not listed yet). ``_legal``
    holds the legal actions of the decision pending, a pure function of the state's
    fields, so keeping it changes nothing but speed: a caller lists a state's legal
    actions and then applies one of them to the same state, and
    :func:`~boardgames.games.kincses_sziget.rules.apply` finds the list here.
    """

    __slots__ = ("_legal",)

    _legal: tuple[Action, ...] | None


_keep_legal: Callable[[_Derived, tuple[Action, ...] | None], None] = _Derived.__dict__[
    "_legal"
].__set__
"""Store a state's legal actions (or ``None``: not listed yet) in its ``_legal`` slot."""


@attrs.frozen
class KincsesState(_Derived):
    """A full game state, with everything hidden from any player.

    Per-seat fields are tuples indexed by seat. Pile tuples list the top card first.

    Args:
        players: The number of seats, 2 to 4.
        max_turns: The turn limit.
        reveal_shown_cards: Whether passed checks show a minimal set of cards to all (E7).
        tiebreak_by_position: Whether tied scores are broken by the ship further along.
        round: The round, from 1.
        turn: The number of turns started (0 during setup).
        start_player: The holder of the starting-player marker this round.
        turn_index: How many turns of this round have been started before the current one.
        positions: Each ship's position (0 START, 1-42, 43 Treasure Island).
        anchors: Each seat's anchoring streak, 0-2 (E2, public).
        hands: Each seat's crew cards, sorted.
        treasures: Each seat's treasures, sorted.
        missions: Each seat's missions, sorted.
        mission_offers: Setup: each seat's two drawn missions, until one is kept.
        drawn_missions: The mission a seat has just drawn by anchoring (0 or 1 card).
        pearls: Each seat's pearls.
        commits: Each seat's secret composition or offer (cards still in hand).
        committed: Whether each seat has committed (public).
        played: Each seat's revealed battle cards on the table.
        owed: Crew cards each seat must still replace after a battle or duel.
        crew_pile: The crew draw pile.
        crew_row: The six visible crew slots (``None`` when empty until the round ends).
        crew_discard: The face-up crew discard pile, oldest first.
        chest: The three crew cards a chest turned face up.
        treasure_piles: The face-down treasure piles of values 1, 3 and 5.
        treasure_rows: The face-up treasures of values 1, 3 and 5 (two each when possible).
        treasure_discard: Treasures discarded after failed island landings.
        mission_pile: The mission draw pile.
        mission_row: The three visible missions (``None`` when the pile ran out).
        mission_returned: Setup: the missions returned, before they are shuffled back.
        event_piles: The three event piles, top first. Event cards are named by their id in
            play (:data:`~boardgames.games.kincses_sziget.components.EVENT_ID_IN_PLAY`):
            identical copies share one id, here and in every other event field.
        event_discard: Event cards activated on pearl beds or removed by a pearl sale.
        board_events: The event card on each position 0-42 (``None`` if none).
        board_islands: The island card on each position 0-42 (``None`` if none).
        island_owners: Who occupies each island card (``None`` if nobody).
        board_pearls: The pearls on each position 0-42 (a pearl bed when positive).
        crew_known: For each crew card, the seats that know where it is (bit mask).
        treasure_known: The same for each treasure.
        treasure_value_known: For each treasure, the seats that know the value of the card
            in its place (bit mask): a superset of ``treasure_known``; every seat for a card
            in a pile (its pile shows its value), a row or the discards. A blind draw from
            a value pile keeps the value known to all while only the drawer knows the card;
            a random theft takes it from all but the thief and the victim.
        mission_known: The same for each mission.
        event_tops_known: For each event pile, the seats that know its top card (bit mask):
            a telescope shows the tops, a draw turns the next card up unseen. Event cards on
            the board and discarded are known to everyone; nobody knows a card below a top.
        island_known: The same for each island card.
        setup_exchanges: The weapons each seat exchanged for random pirates at the setup
            (0-2, public: "they may exchange each card beyond 2").
        setup_hands: For each seat that exchanged, its 4 cards right after its last
            exchange (so 2 to ``4 - setup_exchanges`` weapons), while some other seat still
            tracks them (``setup_live``); ``()`` otherwise.
        setup_live: For each seat, the other seats that still know exactly which of its
            hidden cards come from that setup hand and which of its setup cards they have
            seen (bit mask): see :ref:`the game page <kincses-setup-hand>`.
        mission_somewhere: For each mission, the seats that know it lies *somewhere* in
            the mission pile, not where (bit mask): a card whose place in the pile they knew,
            or that lay face up, when the pile was shuffled (their returned setup mission,
            the row cards the parrot redeals, a card put back under the pile). Kept until a
            blind draw from the pile that they did not see could have taken it.
        steal_records: What a seat outside a random crew steal keeps of the victim's
            cards it knew: ``(observer, victim, thief, candidates, hidden)``, the victim's
            cards the observer knew before the steal (sorted) and how many of his cards were
            hidden from him; exactly one of those cards, or of the hidden ones (chances
            ``1`` each against ``hidden``), went to the thief, and the other candidates are
            still with the victim. Kept until the victim's or the thief's hand loses or
            shows a card (see :ref:`the game page <kincses-steal-knowledge>`).
        tasks: The task stack, the pending decision last; empty iff the game is over.
        history: Every decision and public note so far, as everyone saw it, oldest first.
            Each move extends it with :meth:`~boardgames.History.append`, so a state
            shares it with the state before it (and with its observations) and never
            copies it.
        rng: The random stream.
    """

    players: int
    max_turns: int
    reveal_shown_cards: bool
    tiebreak_by_position: bool
    round: int
    turn: int
    start_player: PlayerId
    turn_index: int
    positions: tuple[Space, ...]
    anchors: tuple[int, ...]
    hands: tuple[tuple[CardId, ...], ...]
    treasures: tuple[tuple[TreasureId, ...], ...]
    missions: tuple[tuple[MissionId, ...], ...]
    mission_offers: tuple[tuple[MissionId, ...], ...]
    drawn_missions: tuple[tuple[MissionId, ...], ...]
    pearls: tuple[int, ...]
    commits: tuple[tuple[CardId, ...], ...]
    committed: tuple[bool, ...]
    played: tuple[tuple[CardId, ...], ...]
    owed: tuple[int, ...]
    crew_pile: tuple[CardId, ...]
    crew_row: tuple[CardId | None, ...]
    crew_discard: tuple[CardId, ...]
    chest: tuple[CardId, ...]
    treasure_piles: tuple[tuple[TreasureId, ...], ...]
    treasure_rows: tuple[tuple[TreasureId, ...], ...]
    treasure_discard: tuple[TreasureId, ...]
    mission_pile: tuple[MissionId, ...]
    mission_row: tuple[MissionId | None, ...]
    mission_returned: tuple[MissionId, ...]
    event_piles: tuple[tuple[EventId, ...], ...]
    event_discard: tuple[EventId, ...]
    board_events: tuple[EventId | None, ...]
    board_islands: tuple[IslandId | None, ...]
    island_owners: tuple[PlayerId | None, ...]
    board_pearls: tuple[int, ...]
    crew_known: tuple[int, ...]
    treasure_known: tuple[int, ...]
    treasure_value_known: tuple[int, ...]
    mission_known: tuple[int, ...]
    event_tops_known: tuple[int, ...]
    island_known: tuple[int, ...]
    setup_exchanges: tuple[int, ...]
    setup_hands: tuple[tuple[CardId, ...], ...]
    setup_live: tuple[int, ...]
    mission_somewhere: tuple[int, ...]
    steal_records: tuple[StealRecord, ...]
    tasks: tuple[Task, ...]
    history: History[HistoryEntry]
    rng: Rng


if TYPE_CHECKING:
    _new_state = KincsesState
else:
    # Every move builds one state, and so does every sample: a trusted constructor stores
    # the 50 fields straight into their slots (the value the attrs constructor builds, in
    # less time; the rules compute every field themselves, and attrs runs no checks here).
    _new_state = trusted_constructor(KincsesState)

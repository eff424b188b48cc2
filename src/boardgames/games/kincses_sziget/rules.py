"""The rules of Irány a Kincses Sziget! as pure functions: setup, legal actions, transitions.

:func:`apply` takes the step on top of the task stack, applies the action to a work object
that copies only the fields of the state that the move uses, then runs automatic tasks
(draws, reveals, comparisons, moves, the end of a turn or round) until the next decision or
the end of the game, and builds the new state from the old state's fields and the changed
ones. Nothing of the input state is modified; every unchanged field is shared, and the
history grows by :meth:`~boardgames.History.append`, so a move costs the same late in a
game as early.

This module is the rules' public face and their engine. Each rulebook section lives in a
private module named after its test file (``_setup``, ``_turn``, ``_island``, ``_events``,
``_duel``, ``_battle``, ``_merchant``, ``_pearls``, ``_telescope_parrot``, ``_scoring``,
``_invariants``), where each decision step has one typed entry, a ``StepRule`` holding its
legal actions and their effect; the table here maps each step class to its entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias, TypeGuard, TypeVar

from boardgames.core import guards
from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import find_action, illegal_action, look_alike
from boardgames.core.history import History
from boardgames.core.protocol import OptionValue, PlayerId
from boardgames.core.rng import Rng
from boardgames.games.kincses_sziget._battle import (
    _BATTLE_COMMIT_RULE,
    _BATTLE_PICK_RULE,
    _auto_battle_retreat,
    _auto_battle_reveal,
    _auto_replace,
)
from boardgames.games.kincses_sziget._duel import (
    _DUEL_COMMIT_RULE,
    _DUEL_PRIZE_RULE,
    _DUEL_TARGET_RULE,
    _auto_duel_reveal,
)
from boardgames.games.kincses_sziget._events import (
    _CHEST_RULE,
    _EVENT_PILE_RULE,
    _INTRIGUE_RULE,
    _REPAIR_RULE,
    _auto_chest_cleanup,
    _auto_land,
    _auto_move_back,
)
from boardgames.games.kincses_sziget._invariants import (
    check_action_fields,
    check_fields,
)
from boardgames.games.kincses_sziget._invariants_fields import _PUBLIC_CLASSES
from boardgames.games.kincses_sziget._island import (
    _TREASURE_LOSS_RULE,
    _TREASURE_SOURCE_RULE,
)
from boardgames.games.kincses_sziget._merchant import (
    _MERCHANT_COMMIT_RULE,
    _auto_merchant_reveal,
)
from boardgames.games.kincses_sziget._pearls import (
    _PEARL_SALE_RULE,
    _auto_after_event,
)
from boardgames.games.kincses_sziget._scoring import (
    mission_achieved,
    ranking,
    score,
    score_breakdown,
    treasure_points,
)
from boardgames.games.kincses_sziget._setup import (
    _EXCHANGE_RULE,
    _KEEP_RULE,
    _auto_setup,
)
from boardgames.games.kincses_sziget._telescope_parrot import (
    _PARROT_PLACE_RULE,
    _PARROT_RULE,
    _TELESCOPE_RULE,
)
from boardgames.games.kincses_sziget._turn import (
    _CREW_SOURCE_RULE,
    _DISCARD_RULE,
    _MISSION_DISPOSE_RULE,
    _MISSION_SOURCE_RULE,
    _REWARD_RULE,
    _TURN_RULE,
    _end_turn,
    backward,
    forward,
    is_free,
)
from boardgames.games.kincses_sziget._work import (
    _COMMITTED,
    _CREW_COUNT,
    StepRule,
    _bit,
    _Work,
    _zone_spaces,
    best_total,
    colour_total,
    composition_total,
    shown_cards,
)
from boardgames.games.kincses_sziget.actions import (
    Action,
    BattleAdd,
    Compose,
    Decline,
    Done,
    DrawEvent,
    ExchangeWeapon,
    KeepMission,
    MissionKept,
    MissionPutBack,
    Offer,
    PublicAction,
    RejectMission,
    ReplaceMission,
    WeaponExchanged,
)
from boardgames.games.kincses_sziget.components import (
    CREW_ROW_SIZE,
    EVENT_ID_IN_PLAY,
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
    Zone,
)
from boardgames.games.kincses_sziget.state import (
    AfterEventTask,
    AutomaticTask,
    BattleCommitStep,
    BattleRetreatTask,
    BattleRevealTask,
    ChestCleanupTask,
    DuelRevealTask,
    ExchangeStep,
    KeepStep,
    KincsesState,
    LandTask,
    MerchantCommitStep,
    MerchantRevealTask,
    MoveBackTask,
    ReplaceTask,
    SetupTask,
    Task,
    _keep_legal,
    _pending_step,
)

__all__ = [
    "CREW_ROW_SIZE",
    "EVENT_PILES",
    "HAND_MAX",
    "HAND_MIN",
    "MISSION_ROW_SIZE",
    "STARTING_HAND",
    "TREASURE_ROW_SIZE",
    "Configuration",
    "apply",
    "backward",
    "best_total",
    "check_action",
    "check_action_fields",
    "check_state",
    "colour_total",
    "composition_total",
    "configuration",
    "configure",
    "current_player",
    "describe_configuration",
    "forward",
    "is_free",
    "is_truncated",
    "legal_actions",
    "mission_achieved",
    "new_game",
    "public_text",
    "ranking",
    "score",
    "score_breakdown",
    "shown_cards",
    "treasure_points",
]

Configuration: TypeAlias = tuple[int, int, bool, bool]
"""What a game is configured by: ``(players, max_turns, reveal_shown_cards,
tiebreak_by_position)``, as the state holds them."""


def configure(players: int, options: Mapping[str, OptionValue]) -> Configuration:
    """Return the configuration of ``players`` captains with the given options.

    Every combination of the options is allowed.
    """
    return (
        players,
        int(options["max_turns"]),
        options["reveal_shown_cards"] is True,
        options["tiebreak_by_position"] is True,
    )


def configuration(state: KincsesState) -> Configuration:
    """Return the configuration ``state`` was made for."""
    return (state.players, state.max_turns, state.reveal_shown_cards, state.tiebreak_by_position)


def describe_configuration(configuration: Configuration) -> str:
    """Describe a configuration for error messages."""
    players, max_turns, reveal_shown_cards, tiebreak_by_position = configuration
    return guards.describe_configuration(
        players,
        {
            "max_turns": max_turns,
            "reveal_shown_cards": reveal_shown_cards,
            "tiebreak_by_position": tiebreak_by_position,
        },
    )


def new_game(configuration: Configuration, seed: int) -> KincsesState:
    """Set up a game from ``seed`` and run it to the first decision.

    The start player is drawn at random; each player gets 4 crew cards and 2 missions;
    4 island cards go face down on random spaces (1 in zone B, 2 in C, 1 in D, never on
    40-42); the pearl beds go on random free spaces of their zones; the 64 event cards are
    dealt round-robin into three piles of 22, 21 and 21 (A-IRA-4); each treasure value has
    a pile and two face-up cards. The weapon exchanges and mission choices come first; the
    mission row and the crew row are dealt after them.
    """
    players, max_turns, reveal_shown_cards, tiebreak_by_position = configuration
    rng = Rng.from_seed(seed)
    start, rng = rng.randbelow(players)
    everyone = (1 << players) - 1
    crew, rng = rng.shuffled(range(_CREW_COUNT))
    hands = tuple(
        tuple(sorted(crew[seat * STARTING_HAND : (seat + 1) * STARTING_HAND]))
        for seat in range(players)
    )
    crew_pile = crew[players * STARTING_HAND :]
    crew_known = [0] * _CREW_COUNT
    for seat, hand in enumerate(hands):
        for card in hand:
            crew_known[card] = _bit(seat)
    missions, rng = rng.shuffled(range(len(MISSIONS)))
    offers = tuple(tuple(missions[2 * seat : 2 * seat + 2]) for seat in range(players))
    mission_known = [0] * len(MISSIONS)
    for seat, offer in enumerate(offers):
        for mission in offer:
            mission_known[mission] = _bit(seat)
    islands, rng = rng.shuffled(range(len(ISLANDS)))
    board_islands: list[int | None] = [None] * (LAST_SPACE + 1)
    used: set[int] = set()
    next_island = 0
    for zone in Zone:
        for _ in range(ISLANDS_PER_ZONE[zone]):
            spaces = [
                space
                for space in _zone_spaces(zone)
                if space not in FORBIDDEN_ISLAND_SPACES and space not in used
            ]
            space, rng = rng.choice(spaces)
            used.add(space)
            board_islands[space] = islands[next_island]
            next_island += 1
    board_pearls = [0] * (LAST_SPACE + 1)
    for zone, pearls in zip(PEARL_BED_ZONES, PEARL_BEDS[players], strict=True):
        spaces = [space for space in _zone_spaces(zone) if space not in used]
        space, rng = rng.choice(spaces)
        used.add(space)
        board_pearls[space] = pearls
    events, rng = rng.shuffled(EVENT_ID_IN_PLAY)
    event_piles = tuple(tuple(events[index::EVENT_PILES]) for index in range(EVENT_PILES))
    treasure_known = [0] * len(TREASURES)
    treasure_value_known = [everyone] * len(TREASURES)  # every card lies in its value's pile
    treasure_piles = []
    treasure_rows = []
    for rank in range(len(TREASURE_VALUES)):
        cards, rng = rng.shuffled(range(12 * rank, 12 * rank + 12))
        treasure_rows.append(cards[:TREASURE_ROW_SIZE])
        treasure_piles.append(cards[TREASURE_ROW_SIZE:])
        for card in cards[:TREASURE_ROW_SIZE]:
            treasure_known[card] = everyone
    order = tuple((start + offset) % players for offset in range(players))
    tasks: tuple[Task, ...] = (
        SetupTask(),
        *(KeepStep(seat) for seat in reversed(order)),
        *(ExchangeStep(seat) for seat in reversed(order)),
    )
    state = KincsesState(
        players=players,
        max_turns=max_turns,
        reveal_shown_cards=reveal_shown_cards,
        tiebreak_by_position=tiebreak_by_position,
        round=1,
        turn=0,
        start_player=start,
        turn_index=0,
        positions=(START,) * players,
        anchors=(0,) * players,
        hands=hands,
        treasures=((),) * players,
        missions=((),) * players,
        mission_offers=offers,
        drawn_missions=((),) * players,
        pearls=(0,) * players,
        commits=((),) * players,
        committed=(False,) * players,
        played=((),) * players,
        owed=(0,) * players,
        crew_pile=crew_pile,
        crew_row=(None,) * CREW_ROW_SIZE,
        crew_discard=(),
        chest=(),
        treasure_piles=tuple(treasure_piles),
        treasure_rows=tuple(treasure_rows),
        treasure_discard=(),
        mission_pile=missions[2 * players :],
        mission_row=(None,) * MISSION_ROW_SIZE,
        mission_returned=(),
        event_piles=event_piles,
        event_discard=(),
        board_events=(None,) * (LAST_SPACE + 1),
        board_islands=tuple(board_islands),
        island_owners=(None,) * len(ISLANDS),
        board_pearls=tuple(board_pearls),
        crew_known=tuple(crew_known),
        treasure_known=tuple(treasure_known),
        treasure_value_known=tuple(treasure_value_known),
        mission_known=tuple(mission_known),
        event_tops_known=(0,) * EVENT_PILES,
        island_known=(0,) * len(ISLANDS),
        setup_exchanges=(0,) * players,
        setup_hands=((),) * players,
        setup_live=(0,) * players,
        mission_somewhere=(0,) * len(MISSIONS),
        steal_records=(),
        tasks=tasks,
        history=History(),
        rng=rng,
    )
    work = _Work(state)
    _run(work)
    return work.freeze()


def current_player(state: KincsesState) -> PlayerId | None:
    """Return the seat whose decision is pending, or ``None`` iff the game is over.

    The game is over exactly when the task stack is empty; otherwise its top is a step,
    which names the seat that decides.
    """
    tasks = state.tasks
    if not tasks:
        return None
    return _pending_step(tasks).player


def is_truncated(state: KincsesState) -> bool:
    """Return whether the game stopped at the turn limit with no ship on the island."""
    return not state.tasks and ISLAND not in state.positions


def check_state(state: KincsesState) -> None:
    """Check every invariant of a state (used on untrusted input).

    The fields must be a state the rules can reach, as far as one pass over the state and
    its history can tell (the game's page lists what is refused), and the decision pending
    must be one the engine stops at: not a step it skips because it offers no real choice
    (a forced step), and with at least one legal action.

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    check_fields(state)
    tasks = state.tasks
    if not tasks:
        return
    step = _pending_step(tasks)
    skipped = _SKIPPED.get(step.__class__)
    if skipped is not None and skipped(_Work(state), step):
        raise InvalidStateError(
            f"the pending {guards.shown(step)} offers no choice, and the rules skip such a step"
        )
    if not _legal(state):
        raise InvalidStateError(
            f"the pending {guards.shown(step)} has no legal action; seat {step.player} "
            "could never decide it"
        )


def check_action(action: Action) -> None:
    """Check a loaded action's ids and numbers, as :func:`check_action_fields` does.

    Raises:
        InvalidStateError: A field is out of range, such as a crew card id above 71.
    """
    check_action_fields(action)


_STEP_RULES: dict[type, StepRule[Any, Any]] = {
    rule.step: rule
    for rule in (
        _TURN_RULE,
        _DISCARD_RULE,
        _CREW_SOURCE_RULE,
        _TREASURE_SOURCE_RULE,
        _EVENT_PILE_RULE,
        _EXCHANGE_RULE,
        _KEEP_RULE,
        _MISSION_SOURCE_RULE,
        _MISSION_DISPOSE_RULE,
        _DUEL_TARGET_RULE,
        _DUEL_COMMIT_RULE,
        _DUEL_PRIZE_RULE,
        _BATTLE_COMMIT_RULE,
        _BATTLE_PICK_RULE,
        _MERCHANT_COMMIT_RULE,
        _INTRIGUE_RULE,
        _TREASURE_LOSS_RULE,
        _REWARD_RULE,
        _CHEST_RULE,
        _REPAIR_RULE,
        _TELESCOPE_RULE,
        _PARROT_RULE,
        _PARROT_PLACE_RULE,
        _PEARL_SALE_RULE,
    )
}
"""Each step class's entry: its legal actions, in their fixed order, and their effect.

Each entry is typed on its own (its step class and the actions it offers), where it is
defined; this table, keyed by class, can only hold them as ``StepRule[Any, Any]``.
"""

_SKIPPED: dict[type, Callable[[_Work, Any], bool]] = {
    cls: rule.skipped for cls, rule in _STEP_RULES.items() if rule.skipped is not None
}
"""The steps that are skipped when they offer no real choice (forced steps), with the test.

Only steps whose skipping reveals nothing hidden are ever skipped: a full hand, an empty
supply, a hand of 2, no pearls, no weapon in the chest. The weapon exchange and the secret
commitments are always asked, so that nobody learns a hand from their absence.
"""


def _legal(state: KincsesState) -> tuple[Action, ...]:
    """Return the legal actions of a non-terminal state, computed once and kept with it.

    They are kept in the state's private ``_legal`` slot (see ``state._Derived``): a caller
    nearly always lists a state's legal actions and then applies one of them to the same
    state, and :func:`apply` then finds them there instead of computing them again.
    """
    legal: tuple[Action, ...] | None = getattr(state, "_legal", None)
    if legal is None:
        step = state.tasks[-1]
        legal = tuple(_STEP_RULES[step.__class__].options(state, step))
        _keep_legal(state, legal)
    return legal


def legal_actions(state: KincsesState) -> Sequence[Action]:
    """Return the legal actions of the seat to move, in a fixed order; empty iff over."""
    if not state.tasks:
        return ()
    return _legal(state)


TaskT = TypeVar("TaskT", bound=AutomaticTask)


def _automatic(
    task: type[TaskT], run: Callable[[_Work, TaskT], None]
) -> tuple[type, Callable[[_Work, Any], None]]:
    """Return an entry of :data:`_AUTOMATIC`, checking that ``run`` takes such a task."""
    return task, run


_AUTOMATIC: dict[type, Callable[[_Work, Any], None]] = dict(
    (
        _automatic(SetupTask, _auto_setup),
        _automatic(LandTask, _auto_land),
        _automatic(AfterEventTask, _auto_after_event),
        _automatic(DuelRevealTask, _auto_duel_reveal),
        _automatic(BattleRevealTask, _auto_battle_reveal),
        _automatic(BattleRetreatTask, _auto_battle_retreat),
        _automatic(ReplaceTask, _auto_replace),
        _automatic(MerchantRevealTask, _auto_merchant_reveal),
        _automatic(MoveBackTask, _auto_move_back),
        _automatic(ChestCleanupTask, _auto_chest_cleanup),
    )
)
"""What each automatic task does when it reaches the top of the stack."""


def _run(work: _Work) -> None:
    """Run automatic tasks until a step with a real choice is on top, or the game is over."""
    while True:
        if work.over:
            work.tasks = ()
            return
        if not work.tasks:
            _end_turn(work)
            continue
        task = work.tasks[-1]
        handler = _AUTOMATIC.get(task.__class__)
        if handler is not None:
            work.tasks = work.tasks[:-1]
            handler(work, task)
            continue
        skipped = _SKIPPED.get(task.__class__)
        if skipped is not None and skipped(work, task):
            work.tasks = work.tasks[:-1]
            continue
        return


_SECRET: dict[type, PublicAction | None] = {
    ExchangeWeapon: WeaponExchanged(),
    KeepMission: MissionKept(),
    Compose: _COMMITTED,
    Offer: _COMMITTED,
    ReplaceMission: MissionPutBack(),
    RejectMission: MissionPutBack(),
    BattleAdd: None,
    DrawEvent: None,  # recorded with its card as EventDrawn
}
"""Secret actions and their public form (``None``: not recorded at all)."""


def _is_public(action: object) -> TypeGuard[PublicAction]:
    """Return whether ``action`` is recorded as it is (every action class but the secret ones)."""
    return action.__class__ in _PUBLIC_CLASSES


def _public(step: Task, action: Action) -> PublicAction | None:
    cls = action.__class__
    if cls in _SECRET:
        return _SECRET[cls]
    if cls is Done and step.__class__ is BattleCommitStep:
        return _COMMITTED
    if cls is Decline and step.__class__ is MerchantCommitStep:
        return _COMMITTED
    if _is_public(action):
        return action
    return None


def public_text(task: Task, action: Action) -> str | None:
    """Describe ``action``, taken at the decision ``task``, as the other players see it.

    ``None`` for a card added to a battle composition: the others see only that the
    composition was committed, not how many cards it holds (E4).
    """
    public = _public(task, action)
    if public is not None:
        return str(public)
    if action.__class__ is BattleAdd:
        return None
    return str(action)


def apply(state: KincsesState, action: Action) -> KincsesState:
    """Return the state after the seat to move takes ``action``.

    Raises:
        IllegalActionError: The game is over, or ``action`` is not one of the legal
            actions; the message says what is expected.
    """
    tasks = state.tasks
    if not tasks:
        raise illegal_action(action, "the game is over")
    step = _pending_step(tasks)
    legal = _legal(state)
    index = find_action(legal, action)
    if index < 0:
        kinds = sorted({type(option).__name__ for option in legal})
        reason = (
            f"seat {step.player} must decide on {step.phase} with one of "
            f"{len(legal)} legal actions ({', '.join(kinds)})"
        )
        twin = look_alike(legal, action)
        if twin is not None:
            reason = (
                f"it equals the legal {twin!r}, but a field is of another type; pass "
                f"{twin!r} itself ({reason})"
            )
        raise illegal_action(action, reason)
    action = legal[index]  # the canonical value (never a look-alike such as Move(True))
    work = _Work(state)
    work.tasks = tasks[:-1]
    public = _public(step, action)
    if public is not None:
        work.history = state.history.append((step.player, public))
    _STEP_RULES[step.__class__].apply(work, step, action)
    _run(work)
    return work.freeze()

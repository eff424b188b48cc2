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
``_checks``), where each decision step's legal actions sit next to its effect; the tables
here map each step class to them.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Sequence
from typing import Any

from boardgames.core.errors import IllegalActionError
from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.games.kincses_sziget._battle import (
    _auto_battle_retreat,
    _auto_battle_reveal,
    _auto_replace,
    _battle_commit_options,
    _battle_pick_options,
    _battle_pick_skipped,
    _do_battle_commit,
    _do_battle_pick,
)
from boardgames.games.kincses_sziget._checks import (
    check_action_fields,
    check_state,
)
from boardgames.games.kincses_sziget._duel import (
    _auto_duel_reveal,
    _do_commit,
    _do_duel_prize,
    _do_duel_target,
    _duel_commit_options,
    _duel_prize_options,
    _duel_target_options,
)
from boardgames.games.kincses_sziget._events import (
    _auto_chest_cleanup,
    _auto_land,
    _auto_move_back,
    _chest_options,
    _chest_skipped,
    _do_chest,
    _do_event_pile,
    _do_intrigue,
    _do_repair,
    _event_pile_options,
    _intrigue_skipped,
    _intrigue_step_options,
    _repair_options,
)
from boardgames.games.kincses_sziget._island import (
    _do_treasure_loss,
    _do_treasure_source,
    _treasure_loss_options,
    _treasure_loss_skipped,
    _treasure_source_options,
    _treasure_source_skipped,
)
from boardgames.games.kincses_sziget._merchant import (
    _auto_merchant_reveal,
    _merchant_commit_options,
)
from boardgames.games.kincses_sziget._pearls import (
    _auto_after_event,
    _do_pearl_sale,
    _pearl_sale_options,
    _pearl_sale_skipped,
)
from boardgames.games.kincses_sziget._scoring import (
    mission_achieved,
    ranking,
    score,
    score_breakdown,
    treasure_points,
)
from boardgames.games.kincses_sziget._setup import (
    _auto_setup,
    _do_exchange,
    _do_keep,
    _exchange_options,
    _keep_options,
)
from boardgames.games.kincses_sziget._telescope_parrot import (
    _do_parrot,
    _do_parrot_place,
    _do_telescope,
    _parrot_place_options,
    _parrot_step_options,
    _telescope_step_options,
)
from boardgames.games.kincses_sziget._turn import (
    _crew_source_options,
    _crew_source_skipped,
    _discard_options,
    _discard_skipped,
    _do_crew_source,
    _do_discard,
    _do_mission_dispose,
    _do_mission_source,
    _do_reward,
    _do_turn,
    _end_turn,
    _mission_dispose_options,
    _mission_source_options,
    _reward_options,
    _turn_options,
    backward,
    forward,
    is_free,
)
from boardgames.games.kincses_sziget._work import (
    _COMMITTED,
    _CREW_COUNT,
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
    EVENT_CARDS,
    EVENT_PILES,
    FORBIDDEN_ISLAND_SPACES,
    HAND_MAX,
    HAND_MIN,
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
    BattleCommitStep,
    BattlePickStep,
    BattleRetreatTask,
    BattleRevealTask,
    ChestCleanupTask,
    ChestStep,
    CrewSourceStep,
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
    Step,
    Task,
    TelescopeStep,
    TreasureLossStep,
    TreasureSourceStep,
    TurnStep,
    _keep_legal,
)

__all__ = [
    "CREW_ROW_SIZE",
    "EVENT_PILES",
    "HAND_MAX",
    "HAND_MIN",
    "MISSION_ROW_SIZE",
    "STARTING_HAND",
    "TREASURE_ROW_SIZE",
    "apply",
    "backward",
    "best_total",
    "check_action_fields",
    "check_state",
    "colour_total",
    "composition_total",
    "current_player",
    "forward",
    "is_free",
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


def new_game(
    players: int,
    seed: int,
    *,
    max_turns: int = 500,
    reveal_shown_cards: bool = True,
    tiebreak_by_position: bool = False,
) -> KincsesState:
    """Set up a game from ``seed`` and run it to the first decision.

    The start player is drawn at random; each player gets 4 crew cards and 2 missions;
    4 island cards go face down on random spaces (1 in zone B, 2 in C, 1 in D, never on
    40-42); the pearl beds go on random free spaces of their zones; the 64 event cards are
    dealt round-robin into three piles of 22, 21 and 21 (A-IRA-4); each treasure value has
    a pile and two face-up cards. The weapon exchanges and mission choices come first; the
    mission row and the crew row are dealt after them.
    """
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
    events, rng = rng.shuffled(range(len(EVENT_CARDS)))
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
        event_known=(0,) * len(EVENT_CARDS),
        island_known=(0,) * len(ISLANDS),
        tasks=tasks,
        history=History(),
        rng=rng,
    )
    work = _Work(state)
    _run(work)
    return work.freeze()


def current_player(state: KincsesState) -> PlayerId | None:
    """Return the seat whose decision is pending, or ``None`` when the game is over."""
    if not state.tasks:
        return None
    return state.tasks[-1].player  # type: ignore[union-attr]


_OPTIONS: dict[type, Callable[[KincsesState | _Work, Any], list[Action]]] = {
    TurnStep: _turn_options,
    DiscardStep: _discard_options,
    CrewSourceStep: _crew_source_options,
    TreasureSourceStep: _treasure_source_options,
    EventPileStep: _event_pile_options,
    ExchangeStep: _exchange_options,
    KeepStep: _keep_options,
    MissionSourceStep: _mission_source_options,
    MissionDisposeStep: _mission_dispose_options,
    DuelTargetStep: _duel_target_options,
    DuelCommitStep: _duel_commit_options,
    DuelPrizeStep: _duel_prize_options,
    BattleCommitStep: _battle_commit_options,
    BattlePickStep: _battle_pick_options,
    MerchantCommitStep: _merchant_commit_options,
    IntrigueStep: _intrigue_step_options,
    TreasureLossStep: _treasure_loss_options,
    RewardStep: _reward_options,
    ChestStep: _chest_options,
    RepairStep: _repair_options,
    TelescopeStep: _telescope_step_options,
    ParrotStep: _parrot_step_options,
    ParrotPlaceStep: _parrot_place_options,
    PearlSaleStep: _pearl_sale_options,
}
"""The legal actions of each kind of step, in their fixed order."""


def _legal(state: KincsesState) -> tuple[Action, ...]:
    """Return the legal actions of a non-terminal state, computed once and kept with it.

    They are kept in the state's private ``_legal`` slot (see ``state._Derived``): a caller
    nearly always lists a state's legal actions and then applies one of them to the same
    state, and :func:`apply` then finds them there instead of computing them again.
    """
    legal: tuple[Action, ...] | None = getattr(state, "_legal", None)
    if legal is None:
        step = state.tasks[-1]
        legal = tuple(_OPTIONS[step.__class__](state, step))
        _keep_legal(state, legal)
    return legal


def legal_actions(state: KincsesState) -> Sequence[Action]:
    """Return the legal actions of the seat to move, in a fixed order; empty iff over."""
    if not state.tasks:
        return ()
    return _legal(state)


_SKIPPED: dict[type, Callable[[_Work, Any], bool]] = {
    CrewSourceStep: _crew_source_skipped,
    TreasureSourceStep: _treasure_source_skipped,
    DiscardStep: _discard_skipped,
    BattlePickStep: _battle_pick_skipped,
    IntrigueStep: _intrigue_skipped,
    TreasureLossStep: _treasure_loss_skipped,
    ChestStep: _chest_skipped,
    PearlSaleStep: _pearl_sale_skipped,
}
"""The steps that are skipped when they offer no real choice (§0.3), with the test.

Only steps whose skipping reveals nothing hidden are ever skipped: a full hand, an empty
supply, a hand of 2, no pearls, no weapon in the chest. The weapon exchange and the secret
commitments are always asked, so that nobody learns a hand from their absence.
"""


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


_AUTOMATIC: dict[type, Callable[[_Work, Any], None]] = {
    SetupTask: _auto_setup,
    LandTask: _auto_land,
    AfterEventTask: _auto_after_event,
    DuelRevealTask: _auto_duel_reveal,
    BattleRevealTask: _auto_battle_reveal,
    BattleRetreatTask: _auto_battle_retreat,
    ReplaceTask: _auto_replace,
    MerchantRevealTask: _auto_merchant_reveal,
    MoveBackTask: _auto_move_back,
    ChestCleanupTask: _auto_chest_cleanup,
}
_STEPS: dict[type, Callable[[_Work, Any, Any], None]] = {
    TurnStep: _do_turn,
    DiscardStep: _do_discard,
    CrewSourceStep: _do_crew_source,
    TreasureSourceStep: _do_treasure_source,
    ExchangeStep: _do_exchange,
    KeepStep: _do_keep,
    MissionSourceStep: _do_mission_source,
    MissionDisposeStep: _do_mission_dispose,
    EventPileStep: _do_event_pile,
    DuelTargetStep: _do_duel_target,
    DuelCommitStep: _do_commit,
    DuelPrizeStep: _do_duel_prize,
    BattleCommitStep: _do_battle_commit,
    BattlePickStep: _do_battle_pick,
    MerchantCommitStep: _do_commit,
    IntrigueStep: _do_intrigue,
    TreasureLossStep: _do_treasure_loss,
    RewardStep: _do_reward,
    ChestStep: _do_chest,
    RepairStep: _do_repair,
    TelescopeStep: _do_telescope,
    ParrotStep: _do_parrot,
    ParrotPlaceStep: _do_parrot_place,
    PearlSaleStep: _do_pearl_sale,
}
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


def _public(step: Step, action: Action) -> PublicAction | None:
    cls = action.__class__
    if cls in _SECRET:
        return _SECRET[cls]
    if cls is Done and step.__class__ is BattleCommitStep:
        return _COMMITTED
    if cls is Decline and step.__class__ is MerchantCommitStep:
        return _COMMITTED
    return action  # type: ignore[return-value]


def public_text(task: Task, action: Action) -> str | None:
    """Describe ``action``, taken at the decision ``task``, as the other players see it.

    ``None`` for a card added to a battle composition: the others see only that the
    composition was committed, not how many cards it holds (E4).
    """
    public = _public(task, action)  # type: ignore[arg-type]
    if public is not None:
        return str(public)
    if action.__class__ is BattleAdd:
        return None
    return str(action)


def _illegal(action: object, reason: str) -> IllegalActionError:
    return IllegalActionError(f"illegal action {action!r}: {reason}")


def _find(legal: tuple[Action, ...], action: object) -> int:
    """Return the index of ``action`` among the legal actions, or -1 if it is not one.

    Nearly always ``action`` is one of the listed values itself: it is found by identity,
    without an ``__eq__`` call per listed action, and otherwise by value.
    """
    same = list(map(operator.is_, legal, itertools.repeat(action)))
    if True in same:
        return same.index(True)
    try:
        return legal.index(action)
    except ValueError:
        return -1


def apply(state: KincsesState, action: Action) -> KincsesState:
    """Return the state after the seat to move takes ``action``.

    Raises:
        IllegalActionError: The game is over, or ``action`` is not one of the legal
            actions; the message says what is expected.
    """
    if not state.tasks:
        raise _illegal(action, "the game is over")
    step: Step = state.tasks[-1]  # type: ignore[assignment]
    legal = _legal(state)
    index = _find(legal, action)
    if index < 0:
        kinds = sorted({type(option).__name__ for option in legal})
        raise _illegal(
            action,
            f"seat {step.player} must decide on {step.phase} with one of "
            f"{len(legal)} legal actions ({', '.join(kinds)})",
        )
    action = legal[index]  # the canonical value (never a look-alike such as Move(True))
    work = _Work(state)
    work.tasks = state.tasks[:-1]
    public = _public(step, action)
    if public is not None:
        work.history = state.history.append((step.player, public))
    _STEPS[step.__class__](work, step, action)
    _run(work)
    return work.freeze()

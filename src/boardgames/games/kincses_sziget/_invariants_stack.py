"""The task stack of a state: the shapes the rules push, and the fields of the pending decision.

:func:`check_setup` checks a state during the setup and :func:`check_play` one after it:
the counters, the stack, and the fields set exactly while a decision is pending (secret
compositions, committed flags, cards on the table and owed, the chest, a drawn mission).
"""

from __future__ import annotations

from typing import cast, get_args

import attrs

from boardgames.core.guards import shown
from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget._battle import _battle_options
from boardgames.games.kincses_sziget._duel import _duel_compositions
from boardgames.games.kincses_sziget._invariants_fields import (
    INITIAL_EVENT_PILES,
    _fail,
    _order_from,
)
from boardgames.games.kincses_sziget._invariants_history import (
    _CREW_DRAWS,
    HistoryFacts,
)
from boardgames.games.kincses_sziget._work import (
    _BATTLE_ADD,
    _DONE,
    _WEAPON_COLOUR,
    _is_pirate,
)
from boardgames.games.kincses_sziget.actions import (
    AnchorDiscard,
    DiscardCrew,
    MissionFromPile,
    MissionFromRow,
)
from boardgames.games.kincses_sziget.components import (
    EVENT_CARDS,
    HAND_MAX,
    HAND_MIN,
    ISLAND,
    PEARL_BED_ZONES,
    PEARL_BEDS,
    START,
    STARTING_HAND,
    TREASURE_ROW_SIZE,
    ZONE_OF,
    DuelMark,
    EventKind,
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
    Step,
    Task,
    TelescopeStep,
    TreasureLossStep,
    TreasureSourceStep,
    TurnStep,
)

__all__ = [
    "check_play",
    "check_setup",
]


_STEP_CLASSES = frozenset(get_args(Step))
"""The classes of a pending decision."""


def check_setup(state: KincsesState, facts: HistoryFacts) -> None:
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
    if any(state.island_known) or any(state.event_tops_known):
        raise _fail("nobody has seen an island or event card during the setup")


def check_play(state: KincsesState, facts: HistoryFacts) -> None:
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
        if last is None and facts.from_origin:
            return  # drawn before the table was set up
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

"""Where a history set up part-way through starts: the facts its origin's public table gives.

A state set up from a position (see :mod:`~boardgames.games.kincses_sziget.position`) has a
history whose :attr:`~boardgames.History.origin` is the text of the public table its first
entry was taken in. :func:`read_history` then starts from what that table shows instead of
the deal: the setup done, the turns started, the anchor discs, the event cards drawn, the
cards on the battle table and those owed, the anchoring or event under way. What only the
history before the origin could tell (which seat drew each event card, the values of
treasures drawn blindly, the crew cards seen going into a hand) is not known there, so the
checks of those facts start from the origin, knowing nothing of what came before.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import attrs

from boardgames.core.errors import NotationError
from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget._invariants_fields import INITIAL_EVENT_PILES, _fail
from boardgames.games.kincses_sziget.actions import (
    AnchorDiscard,
    AnchorDraw,
    AnchorExchange,
    AnchorMission,
)
from boardgames.games.kincses_sziget.components import (
    ISLAND,
    START,
)
from boardgames.games.kincses_sziget.state import (
    BattlePickStep,
    BattleRetreatTask,
    ChestStep,
    CrewSourceStep,
    DiscardPurpose,
    DiscardStep,
    DuelPrizeStep,
    ExchangeStep,
    KeepStep,
    MissionDisposeStep,
    MissionSourceStep,
    ReplaceTask,
    TurnStep,
)

if TYPE_CHECKING:
    from boardgames.games.kincses_sziget.position import KincsesPosition

__all__ = ["Start", "origin_start"]


@attrs.frozen
class Start:
    """What a history with an origin starts from (see :func:`origin_start`).

    The dictionaries and lists are shared by every call with the same text: the reader
    copies them before it changes them.
    """

    first: PlayerId
    in_setup: bool
    setup_done: int
    kept: int
    exchanges: tuple[int, ...]
    turns: int
    streaks: tuple[int, ...]
    drawn: tuple[tuple[int, PlayerId], ...]
    pile_draws: tuple[int, ...]
    treasure_discards: tuple[int, ...]
    revealed: tuple[tuple[PlayerId, tuple[int, ...]], ...]
    revealed_duel: bool
    taken_back: tuple[tuple[PlayerId, tuple[int, ...]], ...]
    crew_draws: tuple[tuple[PlayerId, int], ...]
    anchoring: tuple[frozenset[type], ...]
    choice: type | None
    current: PlayerId
    opponent: PlayerId
    event: int
    chest: tuple[int, ...]


def _event_here(position: KincsesPosition, seat: PlayerId) -> int:
    """The event card the active ship activated: the one under it, or the one a bed took."""
    space = position.seats[seat].space
    if not START < space < ISLAND:
        return -1
    card = position.board_events[space]
    if card is not None:
        return card
    if position.board_pearls[space] and position.event_discard:
        return position.event_discard[-1]
    return -1


def _is_duel(position: KincsesPosition) -> bool:
    """Whether the cards revealed are a duel's (not a battle's).

    While the cards are still to be replaced, a battle's picks or its retreat lie above
    the replacement on the stack, and a duel's prize; afterwards (the replacements being
    drawn, or the game over) a duel leaves no card on the table, and a battle leaves its
    cards there until they are replaced.
    """
    tasks = position.pending()
    if any(isinstance(task, (BattlePickStep, BattleRetreatTask)) for task in tasks):
        return False
    if any(isinstance(task, (ReplaceTask, DuelPrizeStep)) for task in tasks):
        return True
    return not any(seat.played for seat in position.seats)


def _anchoring(
    position: KincsesPosition, seat: PlayerId
) -> tuple[tuple[frozenset[type], ...], type | None]:
    """What the anchoring under way has still to record, and the anchoring chosen."""
    from boardgames.games.kincses_sziget._invariants_history import _ANCHORING

    tasks = position.pending()
    if len(tasks) != 1:
        return (), None
    task = tasks[0]
    if task == DiscardStep(seat, DiscardPurpose.ANCHOR):
        return _ANCHORING[AnchorDiscard], AnchorDiscard
    if task == DiscardStep(seat, DiscardPurpose.EXCHANGE):
        return _ANCHORING[AnchorExchange], AnchorExchange
    if task == MissionSourceStep(seat):
        return _ANCHORING[AnchorMission], AnchorMission
    if task == MissionDisposeStep(seat):
        return _ANCHORING[AnchorMission][1:], AnchorMission
    if task == CrewSourceStep(seat, 1) and not any(other.owed for other in position.seats):
        return _ANCHORING[AnchorDraw], AnchorDraw
    return (), None


def _table(
    position: KincsesPosition, duel: bool, replace: ReplaceTask | None
) -> tuple[dict[PlayerId, tuple[int, ...]], dict[PlayerId, tuple[int, ...]], dict[PlayerId, int]]:
    """Revealed cards, cards taken back and crew cards drawn that leave the origin's table.

    Cards taken back before the origin are unknown: stand-ins (negative numbers) stand
    for them, shown by one seat and taken back by another, so that what is left on the
    table and what each seat owes are the origin's. The cards played add up to the cards
    owed, so the stand-ins can always be shared out.
    """
    seats = position.seats
    if not any(seat.played or seat.owed for seat in seats) and replace is None:
        return {}, {}, {}
    if duel and replace is not None:
        taking = replace.order
    elif duel:  # the duel's sides are the seats that owe (the game ended before replacing)
        taking = tuple(number for number, seat in enumerate(seats) if seat.owed)
    else:
        taking = tuple(range(len(seats)))
    revealed: dict[PlayerId, tuple[int, ...]] = {}
    taken: dict[PlayerId, list[int]] = {}
    stand_ins: list[int] = []
    wanted: dict[PlayerId, int] = {}
    for number in taking:
        seat = seats[number]
        if duel:
            revealed[number] = tuple(-1 - 8 * number - index for index in range(seat.owed))
            continue
        extra = max(0, seat.owed - len(seat.played))
        own = [-1 - 8 * number - index for index in range(extra)]
        stand_ins += own
        revealed[number] = (*seat.played, *own)
        wanted[number] = len(seat.played) + extra - seat.owed
    for number, count in wanted.items():
        taken[number] = [stand_ins.pop() for _ in range(min(count, len(stand_ins)))]
    waiting: dict[PlayerId, int] = {}
    for task in position.pending():
        if isinstance(task, CrewSourceStep):
            waiting[task.player] = waiting.get(task.player, 0) + task.count
    draws: dict[PlayerId, int] = {}
    if replace is not None:
        for number in revealed:
            owed = len(revealed[number]) - len(taken.get(number, ()))
            if number in waiting or position.seats[number].owed < owed:
                draws[number] = max(0, owed - waiting.get(number, 0))
    return revealed, {seat: tuple(cards) for seat, cards in taken.items() if cards}, draws


@functools.lru_cache(maxsize=64)
def origin_start(text: str, players: int) -> Start:
    """Read a history's origin: the public table its first entry was taken in.

    Raises:
        InvalidStateError: The origin is not a position of this player count.
    """
    from boardgames.games.kincses_sziget.position import KincsesPosition

    try:
        position = KincsesPosition.parse(text)
    except NotationError as error:
        raise _fail(f"the history's origin is not a position: {error}") from None
    if position.players != players:
        raise _fail(f"the history's origin is a position of {position.players} players")
    tasks = position.pending()
    in_setup = position.turn == 0
    first = (position.start_player - (position.round - 1)) % players
    current = opponent = event = -1
    revealed: dict[PlayerId, tuple[int, ...]] = {}
    taken: dict[PlayerId, tuple[int, ...]] = {}
    draws: dict[PlayerId, int] = {}
    duel = False
    anchoring: tuple[frozenset[type], ...] = ()
    choice: type | None = None
    if in_setup:
        setup_done = players - sum(task.__class__ is ExchangeStep for task in tasks)
        kept = players - sum(task.__class__ is KeepStep for task in tasks)
        turns = 0
    else:
        setup_done = kept = players
        turns = position.turn - (1 if tasks and tasks[-1].__class__ is TurnStep else 0)
        if turns:
            current = (position.start_player + position.turn_index) % players
            event = _event_here(position, current)
            duel = _is_duel(position)
            for task in tasks:
                for name in ("loser", "challenged", "challenger"):
                    other = getattr(task, name, None)
                    if isinstance(other, int) and other != current:
                        opponent = other
            replace = next((task for task in tasks if isinstance(task, ReplaceTask)), None)
            if duel and opponent < 0 and replace is not None:
                opponent = next((seat for seat in replace.order if seat != current), -1)
            revealed, taken, draws = _table(position, duel, replace)
            anchoring, choice = _anchoring(position, current)
    drawn: list[tuple[int, PlayerId]] = []  # identical copies share an id: it may repeat
    standing = {seat.space: number for number, seat in enumerate(position.seats)}
    for space, card in enumerate(position.board_events):
        if card is not None:
            drawn.append((card, standing.get(space, current if current >= 0 else 0)))
    for card in position.event_discard:
        drawn.append((card, current if current >= 0 else 0))
    return Start(
        first=first,
        in_setup=in_setup,
        setup_done=setup_done,
        kept=kept,
        exchanges=tuple(seat.exchanges for seat in position.seats),
        turns=turns,
        streaks=tuple(seat.anchor for seat in position.seats),
        drawn=tuple(drawn),
        pile_draws=tuple(
            initial - size
            for initial, size in zip(INITIAL_EVENT_PILES, position.event_pile_sizes, strict=True)
        ),
        treasure_discards=position.treasure_discard,
        revealed=tuple(revealed.items()),
        revealed_duel=duel and bool(revealed),
        taken_back=tuple(taken.items()),
        crew_draws=tuple(draws.items()),
        anchoring=anchoring,
        choice=choice,
        current=current,
        opponent=opponent,
        event=event,
        chest=position.chest if any(isinstance(task, ChestStep) for task in tasks) else (),
    )

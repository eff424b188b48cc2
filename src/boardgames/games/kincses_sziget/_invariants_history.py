"""The public history of a state: one pass over its entries, and its facts against the state.

:func:`read_history` checks that the entries can follow each other (the setup, then one
turn choice per turn, entries of the active seat, reveals after the card that asks for
them) and gathers :class:`HistoryFacts`; :func:`check_history_facts` compares those facts
with where things are now.
"""

from __future__ import annotations

from collections import Counter
from typing import cast, get_args

import attrs

from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import shown
from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.games.kincses_sziget._history_origin import origin_start
from boardgames.games.kincses_sziget._invariants_fields import (
    _CARD_LISTS,
    _INT_RANGES,
    _PUBLIC_CLASSES,
    INITIAL_EVENT_PILES,
    _fail,
    _int,
    _order_from,
    _turn_seat,
    by_a_copy_s_id,
    cards_fine,
    check_action_fields,
)
from boardgames.games.kincses_sziget._telescope_parrot import ParrotChoice, TelescopeChoice
from boardgames.games.kincses_sziget._work import (
    _REUSABLE,
    _TREASURE_RANK,
    _WEAPON_COLOUR,
    _WEAPON_VALUE,
    ANCHOR_LIMIT,
    _is_pirate,
)
from boardgames.games.kincses_sziget.actions import (
    AddMission,
    AnchorDiscard,
    AnchorDraw,
    AnchorExchange,
    AnchorMission,
    Challenge,
    CrewFromPile,
    CrewFromRow,
    Decline,
    DiscardCrew,
    DiscardTreasure,
    Done,
    EventDrawn,
    MissionFromPile,
    MissionFromRow,
    MissionKept,
    MissionPutBack,
    Move,
    PeekHand,
    PeekMissions,
    PeekTreasures,
    PlaceAt,
    PublicAction,
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
    EVENT_CARDS,
    EVENT_COPIES,
    EVENT_ID_IN_PLAY,
    EVENT_PILES,
    ISLAND,
    START,
    STARTING_HAND,
    TREASURE_VALUES,
    TREASURES,
    EventKind,
)
from boardgames.games.kincses_sziget.state import (
    KincsesState,
    TurnStep,
)

__all__ = [
    "HistoryFacts",
    "check_history_facts",
    "read_history",
]


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
        PlaceAt,
        SellPearls,
        EventDrawn,
        Showed,
        *get_args(TelescopeChoice),
        *get_args(ParrotChoice),
    }
    - {Decline}
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


@attrs.define
class HistoryFacts:
    """What one pass over the public history says happened (see :func:`read_history`).

    Args:
        first: The seat that held the starting-player marker in round 1.
        setup_done: The seats that have finished their weapon exchanges.
        kept: The seats that have kept a mission.
        turns: The turns whose choice (a move or an anchoring) is recorded.
        streaks: Each seat's anchoring streak after its last recorded turn.
        drawn: Each event card drawn (by its id in play), and the seats that drew its copies.
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
        from_origin: Whether the history starts from an origin (a table set up part-way
            through) rather than the deal: then the treasures taken before it are unknown.
    """

    first: PlayerId
    setup_done: int = 0
    kept: int = 0
    turns: int = 0
    streaks: list[int] = attrs.Factory(list)
    drawn: dict[int, list[PlayerId]] = attrs.Factory(dict)
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
    from_origin: bool = False


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
    card_lists = _CARD_LISTS
    chest: list[int] = []
    last: object = None
    entries = enumerate(history)
    turns = 0
    setup_over = False
    if history.origin is not None:  # the history starts from a table set up part-way through
        start = origin_start(history.origin, players)
        facts.from_origin = True
        facts.first = start.first
        order = _order_from(start.first, players)
        facts.setup_done, facts.kept = start.setup_done, start.kept
        exchanges[:] = start.exchanges
        streaks[:] = start.streaks
        facts.drawn = {}
        for card, seat in start.drawn:
            facts.drawn.setdefault(card, []).append(seat)
        facts.pile_draws = list(start.pile_draws)
        facts.treasure_discards = list(start.treasure_discards)
        facts.revealed = dict(start.revealed)
        facts.revealed_duel = start.revealed_duel
        facts.taken_back = {seat: list(cards) for seat, cards in start.taken_back}
        facts.crew_draws = dict(start.crew_draws)
        turns = start.turns
        anchoring = list(start.anchoring)
        anchored = bool(start.anchoring)
        choice = start.choice
        current, opponent, event = start.current, start.opponent, start.event
        chest = list(start.chest)
        setup_over = not start.in_setup
    for index, raw in () if setup_over else entries:  # the setup
        setup_seat, setup_action, setup_kind = _read_entry(index, raw, players)
        last = setup_action
        if index == 0 and history.origin is None:
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
            if cls not in card_lists or not cards_fine(cast("Revealed", action).cards):
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
            if EVENT_ID_IN_PLAY[drawn.card] != drawn.card:
                raise _fail(f"history entry {index} names {by_a_copy_s_id(drawn.card)}")
            drawers = facts.drawn.setdefault(drawn.card, [])
            if len(drawers) >= EVENT_COPIES[drawn.card]:
                raise _fail(
                    f"history entry {index}: event card {drawn.card} is drawn more often than "
                    f"the game has copies of it ({EVENT_COPIES[drawn.card]})"
                )
            drawers.append(seat)
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


def check_history_facts(state: KincsesState, facts: HistoryFacts) -> None:
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
    activated = Counter(card for card in state.board_events if card is not None)
    activated.update(state.event_discard)
    if {card: len(seats) for card, seats in facts.drawn.items() if seats} != activated:
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
            if card is not None and not _REUSABLE[card] and seat not in facts.drawn[card]:
                raise _fail(
                    f"seat {seat}'s ship stands on event card {card}, which seat "
                    f"{' or '.join(map(str, sorted(set(facts.drawn[card]))))} drew; an activated "
                    "card occupies its space"
                )
    if facts.treasure_discards != list(state.treasure_discard):
        raise _fail("the discarded treasures are not the ones the history discards")
    held = [0] * len(TREASURE_VALUES)
    for cards in (*state.treasures, state.treasure_discard):
        for card in cards:
            held[_TREASURE_RANK[card]] += 1
    if held != facts.treasures_taken and not facts.from_origin:
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

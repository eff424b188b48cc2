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

The checks are split by concern: the fields of tasks and actions
(``_invariants_fields``), the table (``_invariants_table``), the history
(``_invariants_history``) and the task stack (``_invariants_stack``); this module runs them
in order and keeps the names the other modules import.
"""

from __future__ import annotations

from boardgames.core.guards import shown
from boardgames.core.protocol import OptionSpec
from boardgames.games.kincses_sziget._invariants_fields import (
    INITIAL_EVENT_PILES,
    _fail,
    _int,
    check_action_fields,
    check_task_fields,
)
from boardgames.games.kincses_sziget._invariants_history import (
    HistoryFacts,
    check_history_facts,
    read_history,
)
from boardgames.games.kincses_sziget._invariants_stack import check_play, check_setup
from boardgames.games.kincses_sziget._invariants_table import (
    check_board,
    check_cards,
    check_knowledge,
    check_seats,
)
from boardgames.games.kincses_sziget._setup_knowledge import check_setup_knowledge
from boardgames.games.kincses_sziget._steal_knowledge import check_steal_records
from boardgames.games.kincses_sziget.state import KincsesState, SetupTask

__all__ = [
    "INITIAL_EVENT_PILES",
    "HistoryFacts",
    "check_action_fields",
    "check_fields",
    "check_task_fields",
    "read_history",
]


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
    check_seats(state)
    row = check_cards(state)
    check_board(state)
    check_knowledge(state, row)
    facts = read_history(state.history, players, state.start_player)
    if any(task.__class__ is SetupTask for task in state.tasks):
        check_setup(state, facts)
    else:
        check_play(state, facts)
    check_history_facts(state, facts)
    check_setup_knowledge(state, facts.exchanges)
    check_steal_records(state)
    state.rng.check()

"""What ``loads`` and ``check_state`` refuse: states and observations no game can reach.

Each test takes a real state or observation of a random game (or a hand-made one), edits
its JSON as a hand-edited or corrupted file would be, and checks that
:func:`boardgames.loads` refuses it with a :class:`~boardgames.SerializationError` naming
the broken invariant. The last test runs the conformance kit's own editor over a few
hundred documents.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import boardgames
from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    AnchorDiscard,
    Challenge,
    EventDrawn,
    Move,
    Revealed,
    TakeFromTable,
    TakeWeapon,
)
from boardgames.games.kincses_sziget.components import EVENT_COPIES, EVENT_ID_IN_PLAY, PIRATE_COUNT
from boardgames.games.kincses_sziget.rules import current_player
from boardgames.games.kincses_sziget.state import (
    BattleCommitStep,
    ChestStep,
    CrewSourceStep,
    DuelCommitStep,
    DuelPrizeStep,
    EventPileStep,
    TurnStep,
)
from boardgames.testing import check_edits

MakeGame = Callable[..., KincsesSziget]
MakeState = Callable[..., KincsesState]

TELESCOPE = 51
"""The first of the reusable event cards (telescopes 51-55, parrots 60-63)."""


def play(game: KincsesSziget, seed: int) -> Iterator[KincsesState]:
    """Yield every state of a random game from ``seed``, the last one terminal."""
    choices = random.Random(seed)
    state = game.new_game(seed)
    yield state
    while not game.is_terminal(state):
        state = game.apply(state, choices.choice(list(game.legal_actions(state))))
        yield state


def find(game: KincsesSziget, test: Callable[[KincsesState], bool]) -> KincsesState:
    """Return the first state of a random game (seeds 0, 1, ...) that passes ``test``."""
    for seed in range(60):
        for state in play(game, seed):
            if test(state):
                return state
    raise AssertionError("no random game reached such a state")


def pending(state: KincsesState) -> type | None:
    """The class of the decision pending, or ``None`` once the game is over."""
    return state.tasks[-1].__class__ if state.tasks else None


def mover(state: KincsesState) -> int:
    """The seat whose decision is pending."""
    seat = current_player(state)
    assert seat is not None
    return seat


def turn_state(game: KincsesSziget, turn: int = 8) -> KincsesState:
    """A state at the turn choice of turn ``turn``, with nothing else pending."""
    return find(game, lambda state: state.turn == turn and pending(state) is TurnStep)


def mid_turn_state(game: KincsesSziget, turn: int = 8) -> KincsesState:
    """A state of turn ``turn`` whose activator chooses the event pile to draw from."""
    return find(game, lambda state: state.turn == turn and pending(state) is EventPileStep)


def document(value: object) -> dict[str, Any]:
    """The JSON document of a value, as a dict to edit."""
    loaded: dict[str, Any] = json.loads(boardgames.dumps(value))
    return loaded


def refused(data: dict[str, Any], match: str) -> None:
    """Assert that ``loads`` refuses the document with a message matching ``match``."""
    with pytest.raises(boardgames.SerializationError, match=match):
        boardgames.loads(json.dumps(data))


def entry(seat: int, action: object) -> list[Any]:
    """The JSON of a history entry."""
    return [seat, {"type": type(action).__name__, **document(action)["data"]}]


# --- the state's counters and fields --------------------------------------------------------


def test_a_committed_flag_outside_a_duel_battle_or_merchant_is_refused(
    make_game: MakeGame,
) -> None:
    """``committed`` is set by a secret composition or offer, and cleared by its reveal.

    "Both sides prepare in secret: they place the cards to be played face down on their
    personal board, then turn them face up on a signal." With no duel, battle or merchant
    waiting for compositions, no seat can have committed; such a state (here while an event
    card is drawn) used to load, to be refused one or two moves later.
    """
    game = make_game(4)
    state = mid_turn_state(game)
    data = document(state)
    data["data"]["committed"][0] = True
    refused(data, "committed cards, but no duel, battle or merchant awaits them")
    observation = document(game.observe(state, 2))
    observation["data"]["seats"][1]["committed"] = True
    refused(observation, "committed cards, but no duel, battle or merchant awaits them")


def test_a_committed_flag_is_set_exactly_for_the_seats_that_chose(make_game: MakeGame) -> None:
    """During a battle, the seats that already chose have committed, the others not.

    "In a battle, unlike a duel, all players take part": they choose in turn order from the
    activator. The flag of the seat still choosing cannot be set, nor can the flag of a
    seat that chose be cleared.
    """
    game = make_game(3)

    def second_choice(state: KincsesState) -> bool:
        return pending(state) is BattleCommitStep and any(state.committed)

    state = find(game, second_choice)
    seat = mover(state)
    choosing = document(state)
    choosing["data"]["committed"][seat] = True
    refused(choosing, f"seat {seat}'s committed flag is True")
    chose = state.committed.index(True)
    cleared = document(state)
    cleared["data"]["committed"][chose] = False
    refused(cleared, f"seat {chose}'s committed flag is False")


def test_a_round_that_does_not_match_the_turn_is_refused(make_game: MakeGame) -> None:
    """Round 1002 in turn 8 is refused; so is any round but the turn's.

    "When every player has had their turn, a new round begins": with 4 players turn 8 is
    the last turn of round 2.
    """
    game = make_game(4)
    state = turn_state(game, 8)
    assert (2, 3) == (state.round, state.turn_index)
    for round_ in (1002, 1, 3):
        data = document(state)
        data["data"]["round"] = round_
        refused(data, "turn 8 is turn 3 of round 2")


def test_a_turn_index_that_does_not_match_the_turn_is_refused(make_game: MakeGame) -> None:
    """``turn_index`` counts the turns of the round before this one: turn 8 of 4 is the 4th."""
    game = make_game(4)
    data = document(mid_turn_state(game, 8))
    data["data"]["turn_index"] = 2
    refused(data, "turn 8 is turn 3 of round 2")


def test_a_starting_player_the_marker_cannot_have_reached_is_refused(
    make_game: MakeGame,
) -> None:
    """The marker passes once a round from the seat that began round 1.

    "The starting-player marker passes to the next player in turn order, who starts the
    new round."
    """
    game = make_game(3)
    state = mid_turn_state(game, 8)
    data = document(state)
    data["data"]["start_player"] = (state.start_player + 1) % 3
    refused(data, "the marker passes once a round")


def test_a_turn_counter_out_of_step_with_the_history_is_refused(make_game: MakeGame) -> None:
    """``turn`` counts the turns started: the history records one choice for each before it.

    The counters are moved together (turn, round, turn index, marker and the seat to move
    agree with each other), but not with the history's turn choices.
    """
    game = make_game(2)
    state = turn_state(game, 8)
    first = state.history[0][0]
    for turn in (7, 9):
        data = document(state)
        round_ = (turn - 1) // 2 + 1
        start = (first + round_ - 1) % 2
        data["data"].update(turn=turn, round=round_, turn_index=(turn - 1) % 2)
        data["data"]["start_player"] = start
        data["data"]["tasks"][-1]["player"] = (start + (turn - 1) % 2) % 2
        refused(data, f"the history records 7 turns, but turn={turn}")


def test_a_turn_limit_beyond_the_option_range_is_refused(make_game: MakeGame) -> None:
    """``max_turns`` is an option from 1 to 1,000,000, as the option itself allows."""
    game = make_game(2)
    data = document(game.new_game(1))
    data["data"]["max_turns"] = 2**62
    refused(data, "max_turns=4611686018427387904 must be an int from 1 to 1000000")


def test_an_anchor_disc_the_history_does_not_show_is_refused(make_game: MakeGame) -> None:
    """The anchor disc counts the owner's anchorings since his last move.

    "The first time, they place the anchor disc in front of them with the 'first' side up.
    If they choose anchoring again the next time, they turn the disc over."
    """
    game = make_game(2)
    state = turn_state(game)
    data = document(state)
    data["data"]["anchors"][0] = (state.anchors[0] + 1) % 3
    refused(data, "anchor discs")
    observation = document(game.observe(state, 1))
    observation["data"]["seats"][0]["anchor"] = (state.anchors[0] + 1) % 3
    refused(observation, "anchor discs")


def test_cards_owed_outside_a_duel_or_battle_are_refused(make_game: MakeGame) -> None:
    """Crew cards are owed only between a duel's or battle's reveal and their replacement.

    "After the duel is resolved, the played cards are discarded by both sides. Then they
    must be replaced." Owing cards at a turn choice is refused; so is owing more than the
    3 cards of a battle composition ("Each player may fight with at most 3 cards").
    """
    game = make_game(3)
    data = document(turn_state(game))
    data["data"]["owed"][1] = 1
    refused(data, "owes crew cards, but no duel or battle is being resolved")
    data["data"]["owed"][1] = 4
    refused(data, "seat 1 owes 4 crew cards; at most 3")


def test_cards_owed_after_a_duel_are_the_cards_its_sides_revealed(make_game: MakeGame) -> None:
    """Each side of a duel owes as many crew cards as the history shows it revealing.

    "Each side draws as many crew cards from the visible row or the draw pile as it
    played." The count is public, so an observation with another count is refused too.
    """
    game = make_game(2)
    state = find(game, lambda s: pending(s) is DuelPrizeStep)
    winner = mover(state)
    owed = state.owed[winner]
    data = document(state)
    data["data"]["owed"][winner] = 3 - owed
    refused(data, f"seat {winner} owes {3 - owed} crew cards")
    observation = document(game.observe(state, 1 - winner))
    observation["data"]["seats"][winner]["owed"] = 3 - owed
    refused(observation, f"seat {winner} owes {3 - owed} crew cards")


def test_a_ship_on_an_event_card_another_seat_drew_is_refused(make_game: MakeGame) -> None:
    """An activated event card occupies its space: only the ship that drew it stands there.

    "An activated card can no longer be moved onto by anyone else; that space counts as
    occupied." (Parrot and telescope cards, which stay free, are not used here.)
    """
    game = make_game(3)

    def free_card(state: KincsesState) -> bool:
        return pending(state) is TurnStep and any(
            card is not None and card < TELESCOPE and space not in state.positions
            for space, card in enumerate(state.board_events)
        )

    state = find(game, free_card)
    space, card = next(
        (space, card)
        for space, card in enumerate(state.board_events)
        if card is not None and card < TELESCOPE and space not in state.positions
    )
    drawers = [
        seat
        for seat, action in state.history
        if isinstance(action, EventDrawn) and action.card == card
    ]
    seat = next(seat for seat in range(3) if seat not in drawers)
    data = document(state)
    data["data"]["positions"][seat] = space
    names = " or ".join(map(str, sorted(set(drawers))))
    refused(data, f"seat {seat}'s ship stands on event card {card}, which seat {names} drew")


def test_pearls_on_the_start_position_are_refused(make_state: MakeState) -> None:
    """No pearl lies on START: it is no space of a zone.

    "Place the pearl oyster markers on the 4 pearl oyster beds, in the following zones, on
    any spaces" (zones A to C); pearls sold are placed "on that space", the space of the
    shell card; a parrot moves a bed "within its zone, to another free space". The start
    space "lies to the left of space 1", and no card is placed there.
    """
    data = document(make_state(2))
    pearls = data["data"]["board_pearls"]
    bed = pearls.index(1)
    pearls[bed], pearls[0] = 0, 1
    refused(data, "the start position holds pearls")


def test_event_piles_the_draws_do_not_leave_are_refused(make_game: MakeGame) -> None:
    """Each event pile is as long as its 22 or 21 cards less the draws the history shows.

    "The event cards are divided into 3 equal-sized piles" (64 cards, dealt round-robin:
    22, 21 and 21).
    """
    game = make_game(2)
    data = document(turn_state(game))
    piles = data["data"]["event_piles"]
    piles[0].append(piles[1].pop())
    refused(data, "event pile 0 holds")


def test_a_chest_of_more_than_three_cards_is_refused(make_game: MakeGame) -> None:
    """The chest turns up 3 crew cards: "The player draws 3 crew cards from the draw pile"."""
    game = make_game(2)
    state = find(game, lambda s: pending(s) is ChestStep and len(s.chest) == 3)
    data = document(state)
    card = data["data"]["crew_pile"].pop()
    data["data"]["chest"].append(card)
    data["data"]["crew_known"][card] = 3  # face up: everyone sees it
    refused(data, "the chest holds 4 cards; a chest draws 3")


def test_setup_hands_must_hold_the_four_cards_dealt(make_game: MakeGame) -> None:
    """During the setup every hand holds 4 crew cards (an exchange gives one for one).

    "Each player is dealt 4 crew cards from the deck."
    """
    game = make_game(3)
    data = document(game.new_game(5))
    card = data["data"]["hands"][0].pop()
    data["data"]["crew_pile"].append(card)
    data["data"]["crew_known"][card] = 0
    refused(data, "each player is dealt 4 crew cards")


def test_a_pending_step_the_engine_would_skip_is_refused(make_game: MakeGame) -> None:
    """The decision pending must offer a real choice: forced steps are skipped.

    A chest is passed over with a full hand ("they may take only as many weapon cards as
    bring their number of crew cards up to 7") or without a weapon among its cards ("If
    there are no weapon cards among the cards drawn, the action fails").
    """
    game = make_game(2)
    state = find(
        game,
        lambda s: pending(s) is ChestStep and len(s.hands[mover(s)]) < 6,
    )
    seat = mover(state)
    full = document(state)
    pile, hand = full["data"]["crew_pile"], full["data"]["hands"][seat]
    while len(hand) < 7:
        card = pile.pop()
        hand.append(card)
        full["data"]["crew_known"][card] = 1 << seat
    hand.sort()
    refused(full, "offers no choice, and the rules skip such a step")
    weaponless = document(state)
    chest, pile = weaponless["data"]["chest"], weaponless["data"]["crew_pile"]
    known = weaponless["data"]["crew_known"]
    pirates = [card for card in pile[1:] if card < PIRATE_COUNT]
    for slot, card in enumerate(chest):
        if card >= PIRATE_COUNT:  # a weapon goes back into the pile, a pirate comes out
            pirate = pirates.pop()
            pile[pile.index(pirate)], chest[slot] = card, pirate
            known[pirate], known[card] = 3, 0
    refused(weaponless, "offers no choice, and the rules skip such a step")


def test_a_stack_the_rules_do_not_build_is_refused(make_game: MakeGame) -> None:
    """Tasks cut, doubled or reordered are refused: the stack is one the rules push.

    "The challenge must be accepted": a duel's compositions are chosen by the challenger
    and then by the challenged; neither choice can be dropped, made twice, or come first.
    """
    game = make_game(2)
    state = find(game, lambda s: pending(s) is DuelCommitStep and len(s.tasks) == 3)
    for edit in ("cut", "doubled", "reversed"):
        data = document(state)
        tasks = data["data"]["tasks"]
        if edit == "cut":
            del tasks[-2]
        elif edit == "doubled":
            tasks.append(tasks[-1])
        else:
            tasks.reverse()
        refused(data, "the stack .* is not one the rules build|is not a decision")


def test_an_anchoring_turn_without_its_card_is_refused(make_game: MakeGame) -> None:
    """An anchoring records its card: "Discard one crew card", "Exchange one crew card".

    A history whose anchoring turn lost its discard (or gained a move's entry) is refused.
    """
    game = make_game(2)

    def after_anchor_discard(state: KincsesState) -> bool:
        history = state.history
        return (
            pending(state) is TurnStep
            and len(history) > 2
            and isinstance(history[-2][1], AnchorDiscard)
        )

    state = find(game, after_anchor_discard)
    data = document(state)
    del data["data"]["history"][-1]  # the DiscardCrew of the anchoring
    refused(data, "the history's anchoring waits for DiscardStep")
    data = document(state)
    data["data"]["history"].insert(-1, entry(state.history[-1][0], Move(1)))
    refused(data, "the anchoring of turn .* is cut short|turn .* is seat")


def test_replacement_draws_that_do_not_match_the_cards_owed_are_refused(
    make_game: MakeGame,
) -> None:
    """After a duel or battle each seat draws what it played, until 7 cards or none left.

    "Each side draws as many crew cards from the visible row or the draw pile as it
    played." A pending draw dropped from the stack, or one card too many, is refused.
    """
    game = make_game(2)

    def replacing(state: KincsesState) -> bool:
        tasks = state.tasks
        return (
            len(tasks) == 2
            and all(task.__class__ is CrewSourceStep for task in tasks)
            and any(isinstance(action, Revealed) for _, action in state.history[-6:])
        )

    state = find(game, replacing)
    dropped = document(state)
    del dropped["data"]["tasks"][0]
    refused(dropped, "owes .* crew cards after the reveal, has drawn")
    more = document(state)
    more["data"]["tasks"][-1]["count"] += 1
    refused(more, "owes .* crew cards after the reveal, has drawn")


# --- observations ---------------------------------------------------------------------------


def test_observed_pile_sizes_no_state_gives_are_refused(make_game: MakeGame) -> None:
    """Every pile size of an observation is bounded by the game's cards.

    72 crew cards; 12 treasures of each value, 2 of them face up beside the pile ("For each
    of the three values, place one face-down draw pile and 2 face-up cards"); 22, 21 and 21
    event cards; 24 missions. Such counts are refused before a state is sampled.
    """
    game = make_game(3)
    observation = document(game.observe(turn_state(game), 0))
    for field, index, value in (
        ("crew_pile_size", None, 2**64),
        ("crew_pile_size", None, -1),
        ("treasure_pile_sizes", 0, 11),
        ("event_pile_sizes", 1, 22),
        ("mission_pile_size", None, 25),
    ):
        data = copy.deepcopy(observation)
        if index is None:
            data["data"][field] = value
        else:
            data["data"][field][index] = value
        refused(data, "is out of range")


def test_observed_counts_that_do_not_add_up_are_refused(make_game: MakeGame) -> None:
    """The counts of hidden cards and the cards shown make up every card of the game.

    One crew card more in the pile, or one treasure more with a seat, is one card the game
    does not have.
    """
    game = make_game(3)
    observation = document(game.observe(turn_state(game), 0))
    data = copy.deepcopy(observation)
    data["data"]["crew_pile_size"] += 1
    refused(data, "the crew cards shown and counted are not the 72 of the game")
    data = copy.deepcopy(observation)
    data["data"]["seats"][1]["treasure_count"] += 1
    refused(data, "the treasures shown and counted are not the 36 of the game")


def test_observed_seat_counts_no_state_gives_are_refused(make_game: MakeGame) -> None:
    """A seat's counts are within the rules' bounds, and the observer knows his own seat.

    "No player may hold more than 7 or fewer than 2 crew cards!"; the setup offers 2
    missions ("Each player draws 2 mission cards, keeps one and returns the other").
    """
    game = make_game(3)
    observation = document(game.observe(turn_state(game), 0))
    for field, value, match in (
        ("hand_size", 8, "hand_size=8 is out of range 0 to 7"),
        ("offer_count", 1, "offer_count is 1; the setup offers 2 missions"),
        ("treasure_count", 2**64, "treasure_count=18446744073709551616 is out of range"),
    ):
        data = copy.deepcopy(observation)
        data["data"]["seats"][1][field] = value
        refused(data, match)
    data = copy.deepcopy(observation)
    data["data"]["seats"][0]["hand_size"] += 1
    refused(data, "the observer knows every card of his own seat")


def test_a_hand_card_everyone_saw_go_in_must_be_known_there(make_game: MakeGame) -> None:
    """A crew card that went face up into a hand is known there until the history shows it go.

    A card taken back from the battle table ("the winners of each colour ... may replace one
    of their cards from the played cards lying on the table") or a chest weapon is taken
    face up: an observation that does not know it in that hand is refused.
    """
    game = make_game(3)

    def just_taken(state: KincsesState) -> bool:
        return bool(state.history) and isinstance(state.history[-1][1], TakeFromTable | TakeWeapon)

    state = find(game, just_taken)
    holder, taken = state.history[-1]
    assert isinstance(taken, TakeFromTable | TakeWeapon)
    observer = (holder + 1) % 3
    data = document(game.observe(state, observer))
    known = data["data"]["seats"][holder]["known_hand"]
    assert taken.card in known
    known.remove(taken.card)
    refused(data, f"crew card {taken.card} going face up into seat {holder}'s hand")


def test_the_value_of_a_blind_treasure_draw_must_be_known(make_game: MakeGame) -> None:
    """Everyone sees which value pile a blind treasure draw comes from.

    "Sort the treasure cards by value (1, 3 and 5). For each of the three values, place one
    face-down draw pile": an observation that forgets the value of another seat's blind
    draw (``known_treasure_values`` emptied) is refused.
    """
    game = make_game(3)

    def blind(state: KincsesState) -> bool:
        view = game.observe(state, 0)
        return pending(state) is TurnStep and bool(view.seats[1].known_treasure_values)

    data = document(game.observe(find(game, blind), 0))
    data["data"]["seats"][1]["known_treasure_values"] = []
    refused(data, "drawing treasures of values .* blindly")


# --- the history ----------------------------------------------------------------------------


def test_an_emptied_history_is_refused(make_game: MakeGame) -> None:
    """A state after the setup has the setup's exchanges and kept missions in its history."""
    game = make_game(2)
    data = document(turn_state(game))
    data["data"]["history"] = []
    refused(data, "the history lacks the setup")


def test_a_reversed_history_is_refused(make_game: MakeGame) -> None:
    """The setup's entries come first: a reversed history begins with a turn's entry."""
    game = make_game(2)
    data = document(turn_state(game))
    data["data"]["history"].reverse()
    refused(data, "history entry 0 .* comes before the setup is over")


def test_a_history_repeated_a_thousand_times_is_refused(make_game: MakeGame) -> None:
    """One setup, then one turn choice per turn: the second copy's setup is refused."""
    game = make_game(2)
    data = document(turn_state(game))
    length = len(data["data"]["history"])
    data["data"]["history"] *= 1000
    refused(data, f"history entry ({length}|{length + 1})\\b")


def test_a_history_entry_of_another_seat_is_refused(make_game: MakeGame) -> None:
    """Each turn's choice is made by the seat whose turn it is; so is its event card's draw.

    "The starting player acts first ... Then the turn passes to the player seated to the
    left." Only the activator draws the event card of his move.
    """
    game = make_game(3)
    state = turn_state(game)
    history = document(state)["data"]["history"]
    choices = {"Move", "AnchorDraw", "AnchorDiscard", "AnchorExchange", "AnchorMission"}
    first_move = next(i for i, (_, action) in enumerate(history) if action["type"] in choices)
    data = document(state)
    data["data"]["history"][first_move][0] = (history[first_move][0] + 1) % 3
    refused(data, f"history entry {first_move}: turn 1 is seat {history[first_move][0]}'s")
    drawn = next(i for i, (_, action) in enumerate(history) if action["type"] == "EventDrawn")
    data = document(state)
    data["data"]["history"][drawn][0] = (history[drawn][0] + 1) % 3
    refused(data, f"history entry {drawn}: .* only the seat whose turn it is can")


def test_a_history_entry_with_another_card_or_pile_is_refused(make_game: MakeGame) -> None:
    """The event cards drawn are the ones activated; each is drawn once, from its pile.

    "Together with their movement, the players draw one event card from the top of one of
    the three event piles, and place it face up on the space they intend to move to."
    """
    game = make_game(2)
    state = turn_state(game)
    history = document(state)["data"]["history"]
    drawn = [i for i, (_, action) in enumerate(history) if action["type"] == "EventDrawn"]
    single = next(card for card in state.event_piles[0] if EVENT_COPIES[card] == 1)
    data = document(state)
    data["data"]["history"][drawn[0]][1]["card"] = single  # one still in a pile
    refused(data, "the event cards drawn in the history are not the ones on the board")
    data = document(state)
    data["data"]["history"][drawn[0]][1]["card"] = single
    data["data"]["history"][drawn[1]][1]["card"] = single
    refused(
        data,
        f"history entry {drawn[1]}: event card {single} is drawn more often than the game has "
        r"copies of it \(1\)",
    )
    copied = next(card for card in range(64) if EVENT_ID_IN_PLAY[card] != card)
    data = document(state)
    data["data"]["history"][drawn[0]][1]["card"] = copied
    refused(data, f"history entry {drawn[0]} names event card {copied} by a copy's id")
    data = document(state)
    first = data["data"]["history"][drawn[0]][1]
    first["pile"] = (first["pile"] + 1) % 3
    refused(data, "event pile . holds .* cards; it held")


def test_a_history_entry_added_or_dropped_is_refused(make_game: MakeGame) -> None:
    """An entry added or dropped no longer fits the turn counter, the seats or the cards."""
    game = make_game(2)
    state = turn_state(game)
    seat = mover(state)
    data = document(state)
    data["data"]["history"].append(entry(seat, Move(1)))
    refused(data, "the history records 8 turns, but turn=8")
    data = document(state)
    data["data"]["history"].append(entry(seat, Challenge(1 - seat)))
    refused(
        data,
        f"seat {seat} made Challenge.* only the seat whose turn it is can|"
        "an anchoring turn records its card or mission and nothing else",
    )
    data = document(state)
    history = data["data"]["history"]
    del history[max(i for i, (_, action) in enumerate(history) if action["type"] == "EventDrawn")]
    refused(data, "the event cards drawn in the history are not the ones")


# --- the kit --------------------------------------------------------------------------------


def test_the_kit_s_edited_documents_are_refused_or_safe(make_game: MakeGame) -> None:
    """Edited states and observations load only if the game can go on from them.

    The conformance kit edits one JSON value per document (a number moved or made extreme,
    a flag flipped, a list cut, repeated or reordered, a field dropped, a value from
    elsewhere) and checks that what loads passes ``check_state`` two moves deep.
    """
    report = check_edits(make_game(3, max_turns=40), seeds=(4,), documents=300)
    assert 300 == report.documents
    assert report.accepted
    assert report.refused


def _as_format_3(data: dict[str, Any], kind: str) -> dict[str, Any]:
    """A format-4 document as format 3 wrote it: each copy its own id, a mask per card."""
    copies = {card: [c for c in range(64) if EVENT_ID_IN_PLAY[c] == card] for card in range(64)}

    def own(card: int) -> int:
        return copies[card].pop(0)

    old = copy.deepcopy(data)
    tops: list[int] = []
    if kind == "state":
        old["event_piles"] = [[own(card) for card in pile] for pile in data["event_piles"]]
        tops = [pile[0] if pile else -1 for pile in old["event_piles"]]
    else:
        old["event_pile_known"] = [[p, i, own(card)] for p, i, card in data["event_pile_known"]]
    renamed = {}
    for space, card in enumerate(data["board_events"]):
        if card is not None:
            renamed[("board", space)] = old["board_events"][space] = own(card)
    old["event_discard"] = [own(card) for card in data["event_discard"]]
    history = old["history"]
    entries = history["entries"] if isinstance(history, dict) else history
    for _, action in entries:
        if action["type"] == "EventDrawn":  # the copies on the board and discarded were drawn
            card = action["card"]
            shown = [c for c in (*old["board_events"], *old["event_discard"]) if c is not None]
            action["card"] = next(c for c in shown if EVENT_ID_IN_PLAY[c] == card)
    if kind == "state":
        everyone = (1 << data["players"]) - 1
        masks = [0] * 64
        for card in (*renamed.values(), *old["event_discard"]):
            masks[card] = everyone
        for top, mask in zip(tops, old.pop("event_tops_known"), strict=True):
            if top >= 0:
                masks[top] = mask
        old["event_known"] = masks
    return old


def test_a_format_3_document_with_a_copy_s_own_id_loads_with_ids_in_play(
    make_game: MakeGame,
) -> None:
    """Format 3 named each event copy by its own id and kept a mask per card; it still loads.

    Rulebook: "The deck contains 4 intrigue cards in total." The copies' ids become the id in
    play, and each pile's top-card mask is kept, so the value loaded is the one written.
    """
    game = make_game(3)
    state = turn_state(game, 12)

    def peeked_with_copies_out(state: KincsesState) -> bool:
        out = [card for card in (*state.board_events, *state.event_discard) if card is not None]
        return any(state.event_tops_known) and len(set(out)) < len(out)

    telescope = find(game, peeked_with_copies_out)
    for value in (state, telescope, game.observe(telescope, 0), game.observe(telescope, 1)):
        kind = "state" if isinstance(value, KincsesState) else "observation"
        data = document(value)
        current = copy.deepcopy(data["data"])
        data["format"] = 3
        data["data"] = _as_format_3(data["data"], kind)
        assert data["data"] != current
        assert boardgames.loads(json.dumps(data)) == value


def test_a_format_3_origin_that_numbers_an_event_copy_loads() -> None:
    """Format 3 wrote copy k of an event card ``NAME*k`` in a history's origin; it loads.

    Rulebook: "The deck contains 4 intrigue cards in total." Copies share one name now, so
    the copy number is dropped and the state loads as the one written.
    """
    game = KincsesSziget(players=2)
    position = game.parse_position(
        """kincses-sziget players 2
        turn 2
        turn-index 1
        seat 0 at 4
        space 4 event intrigue
        space 6 event intrigue
        event-pile 0 20"""
    )
    state = game.setup(position, seed=3)
    state = game.apply(state, game.legal_actions(state)[0])
    origin = state.history.origin
    assert origin is not None
    assert "space 6 event intrigue" in origin
    data = document(state)
    data["format"] = 3
    data["data"]["history"]["origin"] = origin.replace(
        "space 6 event intrigue", "space 6 event intrigue*2"
    )
    data["data"] = _as_format_3(data["data"], "state")
    assert boardgames.loads(json.dumps(data)) == state

"""The battle: everyone fights in three ordered colours; prize, picks and replacement."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    Advance,
    BattleAdd,
    Committed,
    CrewFromPile,
    CrewFromRow,
    Decline,
    Done,
    DrawEvent,
    Move,
    Revealed,
    TakeFromTable,
    TreasureFromPile,
)
from boardgames.games.kincses_sziget.state import (
    BattleCommitStep,
    BattlePickStep,
    CrewSourceStep,
    RewardStep,
    TreasureSourceStep,
    TurnStep,
)

BATTLE = 17  # blue, green, black
HOWELL_DAVIS = 20  # 8/12/3/7 cannon
RACHEL_WALL = 29  # 2/8/10/6 hook
JEANNE = 30  # 3/8/11/7 pistol
TIM_COOK = 40  # 4/6/5/11 dice
CASPAR_KEEL = 44  # 4/7/8/12 medallion
LONG_CANNON = 59  # blue 10 cannon
TWIN_PISTOLS = 63  # green 5 pistol
ADMIRALS_MEDALLION = 71  # black 10 medallion
BRASS_COMPASS = 48  # orange 3
RUSTY_CUTLASS = 54  # blue 3


def start_battle(
    game: KincsesSziget,
    make_state: Callable[..., KincsesState],
    hands: tuple[tuple[int, ...], ...],
    **fields: object,
) -> KincsesState:
    """Seat 0 moves from 2 to 3 and draws the battle card; the pile's top card is 47."""
    fields.setdefault("positions", (2, 13, 31))
    fields.setdefault("crew_pile_top", (47,))
    state = make_state(3, hands=hands, event_pile_tops=((BATTLE,), (), ()), **fields)
    state = game.apply(state, Move(1))
    return game.apply(state, DrawEvent(0))


def commit(game: KincsesSziget, state: KincsesState, cards: tuple[int, ...]) -> KincsesState:
    for card in cards:
        state = game.apply(state, BattleAdd(card))
    return game.apply(state, Done())


ABSOLUTE = (
    (HOWELL_DAVIS, RACHEL_WALL, LONG_CANNON),  # blue 40, green 13, black 13
    (JEANNE, TWIN_PISTOLS),  # blue 8, green 26, black 7
    (TIM_COOK,),  # blue 6, green 5, black 11
)
"""The compositions of a battle that seat 0 wins outright (blue and black)."""
ABSOLUTE_HANDS = (ABSOLUTE[0], (JEANNE, TWIN_PISTOLS, 9), (TIM_COOK, 10))


def test_the_initiator_draws_a_card_and_everyone_must_take_part(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The initiator draws a card and everyone must take part.

    Rulebook: "Before each battle, the initiating player draws one crew card (unless they already
    hold 7 cards)." and "In a battle, unlike a duel, all players take part. Participation is
    compulsory here too.".
    """
    game = make_game(3)
    hands = ((HOWELL_DAVIS, RACHEL_WALL, LONG_CANNON), (JEANNE, TWIN_PISTOLS), (TIM_COOK, 1))
    state = start_battle(game, make_state, hands)
    assert (HOWELL_DAVIS, RACHEL_WALL, 47, LONG_CANNON) == state.hands[0]
    seen = []
    for cards in ((HOWELL_DAVIS,), (JEANNE,), (TIM_COOK,)):
        seen.append(state.tasks[-1])
        assert Decline() not in game.legal_actions(state)
        state = commit(game, state, cards)
    assert [BattleCommitStep(seat, BATTLE) for seat in (0, 1, 2)] == seen
    full = start_battle(game, make_state, (tuple(range(7)), (JEANNE, 8), (TIM_COOK, 9)))
    assert tuple(range(7)) == full.hands[0]


def test_at_most_three_cards_at_least_one_pirate_weapons_only_in_battle_colours(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """At most three cards at least one pirate weapons only in battle colours.

    Rulebook: "Each player may fight with at most 3 cards, at least 1 of which must be a pirate
    card." and "If a player has a pirate card in hand, they must play one." and "Playing a weapon
    card of a different colour is forbidden." (A-IRA-22).
    """
    game = make_game(3)
    hands = ((HOWELL_DAVIS, RACHEL_WALL, BRASS_COMPASS, LONG_CANNON), (JEANNE, 8), (TIM_COOK, 1))
    state = start_battle(game, make_state, hands)
    # Cards are added in increasing id order; a weapon only after a pirate.
    assert [BattleAdd(HOWELL_DAVIS), BattleAdd(RACHEL_WALL), BattleAdd(47)] == list(
        game.legal_actions(state)
    )
    state = game.apply(state, BattleAdd(HOWELL_DAVIS))
    assert [BattleAdd(RACHEL_WALL), BattleAdd(47), BattleAdd(LONG_CANNON), Done()] == list(
        game.legal_actions(state)
    )  # the orange compass is not offered in a blue/green/black battle
    state = game.apply(state, BattleAdd(RACHEL_WALL))
    state = game.apply(state, BattleAdd(LONG_CANNON))
    assert [Done()] == list(game.legal_actions(state))


def test_without_a_pirate_one_weapon_of_any_colour_is_played_and_cannot_win(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Without a pirate one weapon of any colour is played and cannot win.

    Rulebook: "If a player has no pirate card, they may play one (and only one) weapon card of any
    colour. However, that composition is invalid, so the player cannot win the battle." (E18:
    participation stays compulsory; A-IRA-23).
    """
    game = make_game(3)
    hands = ((HOWELL_DAVIS, 1), (JEANNE, 8), (BRASS_COMPASS, ADMIRALS_MEDALLION))
    state = start_battle(game, make_state, hands)
    state = commit(game, state, (HOWELL_DAVIS,))  # blue 12, green 3, black 7
    state = commit(game, state, (JEANNE,))  # blue 8, green 11, black 7
    assert [BattleAdd(BRASS_COMPASS), BattleAdd(ADMIRALS_MEDALLION)] == list(
        game.legal_actions(state)
    )
    state = game.apply(state, BattleAdd(ADMIRALS_MEDALLION))
    assert [Done()] == list(game.legal_actions(state))
    state = game.apply(state, Done())
    # Blue to seat 0 and green to seat 1; black is 7 against 7, a tie: the invalid 10
    # neither wins nor breaks it, so there is no absolute winner.
    picks = [task for task in state.tasks if isinstance(task, BattlePickStep)]
    assert [BattlePickStep(1, 1), BattlePickStep(0, 0)] == picks  # the stack: top last
    assert (3, 13, 31) == state.positions


def test_an_absolute_winner_advances_takes_a_treasure_and_the_losers_step_back(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """An absolute winner advances takes a treasure and the losers step back.

    Rulebook: "Prize: If a player has won in at least 2 colours, they are the absolute winner of the
    battle. For winning, they move forward 1, 2 or 3 spaces (an advantage), and also draw a treasure
    card of value 3 or lower. The losers move back the number of free spaces corresponding to their
    zone.".
    """
    game = make_game(3)
    state = start_battle(game, make_state, ABSOLUTE_HANDS)
    for cards in ABSOLUTE:
        state = commit(game, state, cards)
    assert [(seat, Revealed(cards)) for seat, cards in enumerate(ABSOLUTE)] == list(
        state.history[-3:]
    )
    assert RewardStep(0, 1) == state.tasks[-1]
    state = game.apply(state, Advance(3))
    assert 6 == state.positions[0]
    assert TreasureSourceStep(0, 3) == state.tasks[-1]
    state = game.apply(state, TreasureFromPile(3))
    assert (12, 29) == state.positions[1:]  # B: back 1; C: back 2 (30 is a face-down island)


def test_without_an_absolute_winner_nobody_moves(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Without an absolute winner nobody moves.

    Rulebook: "Draw: If there is no absolute winner, the battle is a draw. No one receives a
    movement advantage or treasure, and there is no step back.".
    """
    game = make_game(3)
    hands = (
        (HOWELL_DAVIS, LONG_CANNON),  # blue 32
        (JEANNE, TWIN_PISTOLS),  # green 26
        (CASPAR_KEEL, ADMIRALS_MEDALLION),  # black 32
    )
    state = start_battle(game, make_state, hands)
    for cards in hands:
        state = commit(game, state, cards)
    assert BattlePickStep(0, 0) == state.tasks[-1]
    assert (3, 13, 31) == state.positions
    assert ((), (), ()) == state.treasures


def test_colour_winners_pick_played_cards_in_the_order_of_the_colours(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Colour winners pick played cards in the order of the colours.

    Rulebook: "before that, the winners of each colour (and the absolute winner, if there is one)
    are each given the chance to replace one of their cards from the played cards lying on the
    table. In doing so, they may even take back their own card. (This is optional ...)" and "First,
    the winner of the first colour may choose one card from those lying on the table, then the
    winner of the second colour follows, and then the winner of the third colour." (A-IRA-24, E19).
    """
    game = make_game(3)
    state = start_battle(game, make_state, ABSOLUTE_HANDS)
    for cards in ABSOLUTE:
        state = commit(game, state, cards)
    state = game.apply(state, Advance(1))
    state = game.apply(state, TreasureFromPile(1))
    assert BattlePickStep(0, 0) == state.tasks[-1]  # blue: seat 0
    table = sorted(card for cards in ABSOLUTE for card in cards)
    assert [*(TakeFromTable(card) for card in table), Decline()] == list(game.legal_actions(state))
    state = game.apply(state, TakeFromTable(TWIN_PISTOLS))  # another player's card
    assert TWIN_PISTOLS in state.hands[0]
    assert (2, 2, 1) == state.owed
    assert BattlePickStep(1, 1) == state.tasks[-1]  # green: seat 1
    state = game.apply(state, TakeFromTable(JEANNE))  # his own card back
    assert BattlePickStep(0, 2) == state.tasks[-1]  # black: seat 0 again
    state = game.apply(state, Decline())
    # The rest is discarded; replacement from the start player: 0, 1, 2.
    assert {HOWELL_DAVIS, RACHEL_WALL, LONG_CANNON, TIM_COOK} <= set(state.crew_discard)
    assert CrewSourceStep(0, 2) == state.tasks[-1]
    state = game.apply(state, CrewFromPile())
    state = game.apply(state, CrewFromPile())
    assert CrewSourceStep(1, 1) == state.tasks[-1]  # seat 1 took one card back
    state = game.apply(state, CrewFromPile())
    assert CrewSourceStep(2, 1) == state.tasks[-1]
    state = game.apply(state, CrewFromPile())
    assert TurnStep(1) == state.tasks[-1]
    assert [4, 3, 2] == [len(hand) for hand in state.hands]


def test_battle_compositions_stay_secret_until_the_reveal(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Battle compositions stay secret until the reveal.

    Rulebook: the battle cards are played like the duel's, in secret; E4: "a later chooser sees only
    *that* an earlier player has committed, not how many cards".
    """
    game = make_game(3)
    state = start_battle(game, make_state, ABSOLUTE_HANDS)
    before = game.observe(state, 1)
    state = game.apply(state, BattleAdd(HOWELL_DAVIS))
    state = game.apply(state, BattleAdd(RACHEL_WALL))
    assert before.history == game.observe(state, 1).history  # adds are not recorded
    state = game.apply(state, Done())
    assert (0, Committed()) == state.history[-1]
    view = game.observe(state, 1)
    assert view.seats[0].committed
    assert 4 == view.seats[0].hand_size  # the cards stay in hand until the reveal
    assert () == view.seats[0].known_hand


def test_an_invalid_composition_still_steps_back_after_an_absolute_win(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """An invalid composition still steps back after an absolute win.

    Rulebook: "The losers move back the number of free spaces corresponding to their zone."
    (A-IRA-23: invalid compositions "still move back if there is an absolute winner").
    """
    game = make_game(3)
    hands = (ABSOLUTE[0], (JEANNE, TWIN_PISTOLS, 9), (BRASS_COMPASS, RUSTY_CUTLASS))
    state = start_battle(game, make_state, hands)
    state = commit(game, state, ABSOLUTE[0])
    state = commit(game, state, ABSOLUTE[1])
    state = commit(game, state, (BRASS_COMPASS,))  # no pirate: one weapon, invalid
    state = game.apply(state, Advance(1))
    state = game.apply(state, TreasureFromPile(1))
    assert (4, 12, 29) == state.positions


def test_replacement_runs_in_turn_order_from_the_start_player_not_from_the_initiator(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Replacement runs in turn order from the start player, not from the initiator.

    Rulebook: "Any further cards are replaced from the draw pile or the visible row, by the players
    in the order of turns, starting with the starting player, and so on. Everyone draws at the same
    time as many cards as they still need to replace." (A-IRA-25, E19: "each player draws all the
    cards he is owed in one go, in turn order from the start player").
    """
    game = make_game(3)
    # Seat 1 holds the start-player marker; seat 0 is third in the round and starts the battle.
    # One card is left in the crew row, so whoever replaces first can take it.
    state = start_battle(
        game,
        make_state,
        ABSOLUTE_HANDS,
        start_player=1,
        turn_index=2,
        crew_row=(None, None, 25, None, None, None),
    )
    commits = []
    for cards in ABSOLUTE:
        commits.append(state.tasks[-1])
        state = commit(game, state, cards)
    assert [BattleCommitStep(seat, BATTLE) for seat in (0, 1, 2)] == commits  # initiator first
    state = game.apply(state, Advance(1))
    state = game.apply(state, TreasureFromPile(1))
    for picker in (0, 1, 0):  # blue, green, black: nobody takes a card from the table
        assert picker == state.tasks[-1].player  # type: ignore[union-attr]
        state = game.apply(state, Decline())
    assert CrewSourceStep(1, 2) == state.tasks[-1]  # the start player, both his cards at once
    assert [CrewFromRow(2), CrewFromPile()] == list(game.legal_actions(state))
    state = game.apply(state, CrewFromRow(2))
    state = game.apply(state, CrewFromPile())
    assert 25 in state.hands[1]
    assert CrewSourceStep(2, 1) == state.tasks[-1]
    assert [CrewFromPile()] == list(game.legal_actions(state))  # the row card is gone
    state = game.apply(state, CrewFromPile())
    assert CrewSourceStep(0, 3) == state.tasks[-1]  # the initiator replaces last
    for _ in range(3):
        state = game.apply(state, CrewFromPile())
    assert [4, 3, 2] == [len(hand) for hand in state.hands]
    assert 25 not in state.hands[0]


def test_the_winner_moves_first_then_the_losers_from_the_rearmost_ship(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The winner moves first, then the losers from the rearmost ship.

    Rulebook: "For winning, they move forward 1, 2 or 3 spaces (an advantage) ... The losers move
    back the number of free spaces corresponding to their zone."; A-IRA-14: "the winner moves
    first; then losers from the rearmost to the frontmost ship (keeps their relative order, as if
    simultaneous)".
    """
    game = make_game(3)
    # Seat 0 moves from 4 onto the pearl bed on 5, which keeps a pearl, so the battle card is
    # discarded and 5 stays free. The losers sit right ahead: seat 2 on 6, seat 1 on 7 (zone A:
    # each steps back one free space).
    state = start_battle(game, make_state, ABSOLUTE_HANDS, positions=(4, 7, 6))
    assert (5, None, 1) == (state.positions[0], state.board_events[5], state.board_pearls[5])
    for cards in ABSOLUTE:
        state = commit(game, state, cards)
    state = game.apply(state, Advance(1))
    assert (8, 7, 6) == state.positions  # 6 and 7 hold ships: the winner's free space is 8
    state = game.apply(state, TreasureFromPile(1))
    # Seat 2 (rearmost) steps back onto the 5 the winner has left, then seat 1 onto 6. The
    # losers before the winner would give (7, 6, 4); the frontmost loser first (or seat order)
    # would give (8, 5, 4).
    assert (8, 6, 5) == state.positions


def test_adjacent_losers_keep_their_order_when_stepping_back(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Adjacent losers keep their order when stepping back.

    A-IRA-14: "then losers from the rearmost to the frontmost ship (keeps their relative order, as
    if simultaneous)"; rulebook: "when an action fails, the player must move back that many free
    spaces".
    """
    game = make_game(3)
    # Seat 2 on 13 and seat 1 on 14, both in zone B (back 1); the winner is far behind.
    state = start_battle(game, make_state, ABSOLUTE_HANDS, positions=(2, 14, 13))
    for cards in ABSOLUTE:
        state = commit(game, state, cards)
    state = game.apply(state, Advance(1))
    state = game.apply(state, TreasureFromPile(1))
    # Rearmost first: 13 -> 12, then 14 -> 13. Seat 1 first would find 13 taken and go to 12,
    # pushing seat 2 to 11.
    assert (4, 13, 12) == state.positions

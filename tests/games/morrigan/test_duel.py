"""The duel against Maletar: eligibility, the draw, Maletar's strength, winning and losing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from boardgames.games.morrigan import (
    CardKind,
    CardType,
    DeclareDuel,
    Decline,
    Discard,
    EndActions,
    LoseCard,
    Morrigan,
    MorriganState,
    NormalTurn,
    Phase,
    PlayOrdeal,
    ReinforceMaletar,
    Stake,
)
from boardgames.games.morrigan.components import CARD_KINDS
from boardgames.games.morrigan.rules import prestige

K = CardKind
FIFTEEN = {0: [K.TERRITORY_5, K.TERRITORY_5, K.TERRITORY_3]}
WON = {0: [K.ORDEAL_2]}


def before_seat_0(
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    game: Morrigan,
    *,
    hands: list[list[CardKind]],
    draw: list[CardKind],
    territories: dict[int, list[object]] | None = None,
    won: dict[int, list[CardKind]] | None = None,
) -> MorriganState:
    """Seat 2 ends his turn (3 players); seat 0's turn starts."""
    state = make_state(
        3,
        hands=[*hands[:2], [K.ACTION_1, *hands[2]]],
        territories=FIFTEEN if territories is None else territories,
        won=WON if won is None else won,
        draw=draw,
        active=2,
    )
    return play(game, state, EndActions())


def test_the_duel_is_offered_at_15_prestige_at_the_start_of_the_turn(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """With 15 prestige seat 0 chooses duel or normal turn; with 14 he just draws.

    Rulebook: "When, at the start of his turn, a player has 15 prestige points or more, he
    may volunteer to face Maletar before the King."
    """
    game = make_game(3)
    state = before_seat_0(make_state, play, game, hands=[[], [], []], draw=[])
    assert 15 == prestige(state, 0)
    assert (Phase.TURN_START, [DeclareDuel(), NormalTurn()]) == (
        state.phase,
        list(game.legal_actions(state)),
    )
    assert 0 == len(state.hands[0])
    normal = play(game, state, NormalTurn())
    assert (Phase.ACTION, 2) == (normal.phase, len(normal.hands[0]))
    state = before_seat_0(make_state, play, game, hands=[[], [], []], draw=[], won={0: []})
    assert 13 == prestige(state, 0)
    assert Phase.ACTION == state.phase


def test_a_won_duel_ends_the_game_with_the_duelist_as_sole_winner(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Seat 0 draws 2 + 2 cards; his Actions total 17 against Maletar 5 + 5 + 4 = 14.

    Rulebook: "the player challenging Maletar draws his two usual cards. He then draws as
    many additional cards as there are opposing players at the table and adds them to his
    hand. He then takes all the Action cards from his new hand and adds up their values."
    and "If the player's attack strength is greater than Maletar's defence value, Maletar
    is defeated. The player has defeated Maletar in the duel and saved Morrigan, and is
    therefore declared the winner of the game."
    """
    game = make_game(3)
    state = before_seat_0(
        make_state,
        play,
        game,
        hands=[[K.ACTION_3, K.ORDEAL_1], [K.ACTION_5, K.CURSE], [K.ACTION_4]],
        draw=[K.ACTION_5, K.ACTION_5, K.ACTION_4, K.TERRITORY_1],
    )
    state = play(game, state, DeclareDuel())
    assert state.duel is not None
    assert [K.ACTION_3, K.ACTION_4, K.ACTION_5, K.ACTION_5] == kinds(state.duel.attack)
    assert [K.ORDEAL_1, K.TERRITORY_1] == kinds(state.hands[0])
    assert (Phase.MALETAR_REINFORCE, 1) == (state.phase, state.to_move)
    assert [ReinforceMaletar(5), Decline()] == list(game.legal_actions(state))
    state = play(game, state, ReinforceMaletar(5))
    assert 2 == state.to_move
    state = play(game, state, ReinforceMaletar(4))
    assert game.is_terminal(state)
    assert (0, False) == (state.winner, game.is_truncated(state))
    assert (1.0, 0.0, 0.0) == game.score(state)
    assert (1, 2, 2) == game.ranking(state)


def test_opponents_may_add_only_action_cards_and_only_one_each(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """An opponent without Action cards may only decline; bluffing is impossible.

    Rulebook: "All opposing players may play ONE of the Action cards they have in hand to
    reinforce Maletar during the duel. Players with no Action cards cannot reinforce
    Maletar. Unlike the usual reinforcement of an Adversary, bluffing is not possible."
    """
    game = make_game(3)
    state = before_seat_0(
        make_state,
        play,
        game,
        hands=[[], [K.CURSE, K.TERRITORY_2], [K.ACTION_2]],
        draw=[K.ACTION_1, K.ACTION_1, K.ACTION_1, K.ACTION_1],
    )
    state = play(game, state, DeclareDuel())
    assert (1, [Decline()]) == (state.to_move, list(game.legal_actions(state)))
    state = play(game, state, Decline())
    assert [ReinforceMaletar(1), ReinforceMaletar(2), Decline()] == list(game.legal_actions(state))


def test_a_lost_duel_costs_the_duel_cards_and_the_best_scoring_card(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Attack 8 against 5 + 3 = 8 loses; seat 0 chooses which Territory 5 to give up.

    Rulebook: "If the player's attack strength is less than or equal to Maletar's defence
    value, the player loses the combat. All the cards used for the Duel are discarded." and
    "The player who has lost the duel against Maletar must discard the card in play that
    gives him the most prestige (his choice in case of a tie). The player's turn ends, and
    the game resumes its normal course."
    """
    game = make_game(3)
    territories: dict[int, list[object]] = {
        0: [(K.TERRITORY_5, [(K.ACTION_2, 0)]), K.TERRITORY_5, K.TERRITORY_3]
    }
    state = before_seat_0(
        make_state,
        play,
        game,
        hands=[[K.CURSE], [K.ACTION_3], []],
        draw=[K.ACTION_4, K.ACTION_4, K.ORDEAL_1, K.SORCERY],
        territories=territories,
    )
    first, second, _ = (holding.card for holding in state.territories[0])
    state = play(game, state, DeclareDuel(), ReinforceMaletar(3), Decline())
    assert Phase.DUEL_LOSS == state.phase
    assert [LoseCard(first), LoseCard(second)] == list(game.legal_actions(state))
    state = play(game, state, LoseCard(first))
    assert [second] == [h.card for h in state.territories[0] if h.card in (first, second)]
    assert 10 == prestige(state, 0)
    assert [K.ACTION_2, K.ACTION_3, K.ACTION_4, K.ACTION_4, K.TERRITORY_5] == kinds(
        state.discard_pile
    )
    assert (1, Phase.ACTION) == (state.active, state.phase)
    assert [K.ORDEAL_1, K.SORCERY, K.CURSE] == kinds(state.hands[0])


def test_the_duelists_remaining_hand_is_publicly_known_to_hold_no_action_card(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """After the reveal everyone knows the duelist's other cards are not Action cards.

    Rulebook: "He then takes all the Action cards from his new hand" (so the rest of the
    hand holds none; the observation keeps that as ``floors``).
    """
    game = make_game(3)
    state = before_seat_0(
        make_state,
        play,
        game,
        hands=[[K.CURSE], [K.ACTION_3], []],
        draw=[K.ACTION_1, K.ACTION_1, K.ORDEAL_1, K.SORCERY],
    )
    state = play(game, state, DeclareDuel())
    assert (3, 0, 0) == state.floors
    view = game.observe(state, 2)
    assert 3 == view.floors[0]
    for seed in range(5):
        sampled = game.sample_state(view, seed)
        assert all(kind.type is not CardType.ACTION for kind in kinds(sampled.hands[0]))


def test_a_lost_duel_still_applies_the_hand_limit_and_allows_a_new_duel(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
    kinds: Callable[..., list[CardKind]],
) -> None:
    """Seat 0 keeps 8 cards after a lost duel, discards 3, and may duel again next turn.

    Rulebook: "If, despite this loss, the player still has 15 or more prestige points at
    the start of his next turn, he may again attempt to face Maletar." and ruling A-MOR-18
    ("the end-of-turn hand limit still applies").
    """
    game = make_game(3)
    state = before_seat_0(
        make_state,
        play,
        game,
        hands=[[K.CURSE, K.ORDEAL_5, K.ORDEAL_5, K.TERRITORY_1], [], []],
        draw=[K.ORDEAL_1, K.ORDEAL_1, K.ORDEAL_4, K.ORDEAL_4],
        territories={0: [K.TERRITORY_5, K.TERRITORY_5, K.TERRITORY_5]},
        won={0: [K.ORDEAL_3, K.ORDEAL_2]},
    )
    assert 20 == prestige(state, 0)
    state = play(game, state, DeclareDuel())  # no Action card at all: attack 0
    assert state.duel is not None
    assert () == state.duel.attack
    state = play(game, state, Decline())  # seat 1 holds nothing; seat 2 declines
    assert Phase.DUEL_LOSS == state.phase
    state = play(game, state, game.legal_actions(state)[0])
    assert (15, Phase.HAND_LIMIT, 8) == (prestige(state, 0), state.phase, len(state.hands[0]))
    state = play(game, state, Discard(K.ORDEAL_5), Discard(K.ORDEAL_5), Discard(K.CURSE))
    assert [K.ORDEAL_1, K.ORDEAL_1, K.ORDEAL_4, K.ORDEAL_4, K.TERRITORY_1] == kinds(state.hands[0])
    state = play(game, state, EndActions(), EndActions())
    assert (0, Phase.TURN_START) == (state.active, state.phase)


def test_prestige_won_in_another_players_turn_counts_for_the_duel(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Seat 0 reaches 15 by winning seat 2's Ordeal; at his own turn he may duel.

    Ruling A-MOR-16: "Prestige can also be gained in others' turns (winning their Ordeals).
    Ruling: only the start-of-own-turn check (≥15) matters."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_5], [], [K.ORDEAL_3, K.ACTION_1]],
        territories={0: [K.TERRITORY_5, K.TERRITORY_5, K.TERRITORY_2]},
        active=2,
    )
    state = play(game, state, PlayOrdeal(3), Stake(K.ACTION_5), Decline())
    assert 15 == prestige(state, 0)
    state = play(game, state, EndActions())
    assert (0, Phase.TURN_START) == (state.active, state.phase)


def test_the_duel_draw_reshuffles_an_empty_draw_pile(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """With no draw pile, the duelist's 2 + 2 cards come from the reshuffled discard pile.

    Ruling A-MOR-15: "Draw pile runs out outside phase 1 (Secret Treasure, duel draws).
    Ruling: same reshuffle whenever a draw is needed". Rulebook: "He then takes all the
    Action cards from his new hand and adds up their values. This total is the player's
    attack strength for the duel."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[], [K.ACTION_1], [K.ACTION_1]],
        territories=FIFTEEN,
        won=WON,
        active=2,
        rest="discard",
    )
    state = play(game, state, EndActions())
    assert (0, Phase.TURN_START) == (state.active, state.phase)
    assert (0, 94) == (len(state.draw_pile), len(state.discard_pile))
    old_discard = Counter(CARD_KINDS[card] for card in state.discard_pile)
    state = play(game, state, DeclareDuel())
    assert state.duel is not None
    assert (90, ()) == (len(state.draw_pile), state.discard_pile)
    drawn = state.hands[0] | frozenset(state.duel.attack)
    assert 4 == len(drawn)
    # The shown cards take public names (ids can change), so compare kinds; the other
    # hands keep their one Action 1 each.
    assert Counter(CARD_KINDS[card] for card in drawn) <= old_discard
    assert [[K.ACTION_1], [K.ACTION_1]] == [
        [CARD_KINDS[card] for card in state.hands[seat]] for seat in (1, 2)
    ]
    drawn_actions = sorted(card for card in drawn if CARD_KINDS[card].type is CardType.ACTION)
    assert drawn_actions == sorted(state.duel.attack)
    assert drawn_actions  # the seeded shuffle deals this duel some Action cards
    assert all(CARD_KINDS[card].type is not CardType.ACTION for card in state.hands[0])
    assert len(state.hands[0]) == state.floors[0]
    assert (Phase.MALETAR_REINFORCE, 1) == (state.phase, state.to_move)

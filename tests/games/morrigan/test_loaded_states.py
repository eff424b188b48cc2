"""What ``loads`` and ``check_state`` refuse: states the game cannot continue, or never reaches.

Every state ``loads`` accepts must be one the game can go on from: a player to move has a
legal action, and every legal move leads to a valid state. Its public history must be one
that leads to it. These tests build such refused states from real positions, each changed
in one way, and check that both ``check_state`` and ``loads`` refuse them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import boardgames
from boardgames import History, SerializationError, dumps, loads
from boardgames.core.errors import InvalidStateError
from boardgames.games.morrigan import (
    AddAction,
    CardKind,
    ChooseTarget,
    Commit,
    DeclareDuel,
    Decline,
    EndActions,
    Fight,
    Morrigan,
    MorriganOptions,
    MorriganState,
    Phase,
    PlayAdversary,
    PlayOrdeal,
    PlaySpecial,
    PlayTerritory,
    Reinforce,
    Reinforcement,
    Stake,
)
from boardgames.games.morrigan.components import CARD_TYPES, CardType
from boardgames.games.morrigan.rules import check_state
from boardgames.testing import check_edits, check_loaded

K = CardKind


def refused(state: MorriganState, reason: str) -> None:
    """Check that ``check_state`` and ``loads`` both refuse ``state``, naming ``reason``."""
    with pytest.raises(InvalidStateError, match=reason):
        check_state(state)
    with pytest.raises(SerializationError, match=reason):
        loads(dumps(state))


def random_states(game: Morrigan, seed: int) -> list[MorriganState]:
    """Every state of a game between random players, from the deal to the end."""
    choices = random.Random(seed)
    states = [game.new_game(seed)]
    while not game.is_terminal(states[-1]):
        states.append(game.apply(states[-1], choices.choice(game.legal_actions(states[-1]))))
    return states


@pytest.fixture(scope="module")
def played() -> list[MorriganState]:
    """The states of one random 3-player game."""
    game = boardgames.make("morrigan", players=3)
    assert isinstance(game, Morrigan)
    return random_states(game, 4)


def mid_game(states: list[MorriganState]) -> MorriganState:
    """A state of the action phase after a few turns, with something played."""
    return next(
        state
        for state in states
        if state.turn >= 6 and state.phase is Phase.ACTION and any(state.territories)
    )


# --------------------------------------------------------------------------------------------
# Decisions with no legal action


def test_an_attack_with_no_card_down_needs_an_action_card_in_hand(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """An attacker with an empty hand and no card down has no legal action: refused.

    Rulebook: "the player places on the table as many Action cards as he wishes"; the
    engine offers Fight only to a player holding an Action card (A-MOR-11: an attack needs
    one), so the attack can always be launched. A state that says otherwise is a dead end.
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ACTION_2, K.ORDEAL_1]], adversaries=[K.ADVERSARY_1])
    state = play(game, state, Fight(state.adversaries[0].card))
    assert Phase.ATTACK == state.phase
    hand = sorted(state.hands[0])
    for kept in ((), (card for card in hand if CARD_TYPES[card] is not CardType.ACTION)):
        left = frozenset(kept)
        dead_end = attrs.evolve(
            state,
            hands=(left, *state.hands[1:]),
            discard_pile=(*state.discard_pile, *(set(hand) - left)),
        )
        refused(dead_end, "needs an Action card in the attacker's hand")


def test_a_sampled_attacker_holds_an_action_card_until_one_is_down(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Everybody knows an attacker with no card down holds an Action card: samples agree.

    An observation of such an attack used to give sampled states in which the attacker
    held none: dead ends. Fight is offered "only to a player holding an Action card"
    (docs, "How the engine models the game").
    """
    game = make_game(4)
    state = make_state(4, hands=[[K.ACTION_1, K.TERRITORY_2]], adversaries=[K.ADVERSARY_1])
    state = play(game, state, Fight(state.adversaries[0].card))
    observation = game.observe(state, 2)
    for seed in range(40):
        sampled = game.sample_state(observation, seed)
        game.check_state(sampled)
        assert any(CARD_TYPES[card] is CardType.ACTION for card in sampled.hands[0])
        assert game.legal_actions(sampled)


def test_the_reported_observation_of_an_attack_is_safe() -> None:
    """The kit's report: seat 3's observation, an entry of its history replaced, loads safely.

    "seat 3's observation with data['history'][64][2] a value from elsewhere
    ({'value': 4, 'type': 'PlayAdversary'} -> {'type': 'EndActions'}) loads, but the sampled
    state is a dead end": an attack being built, and a sampled attacker without an Action
    card. Now the document is refused (the history no longer leads to the state) and the
    same observation unedited samples only attackers who hold one.
    """
    game = boardgames.make("morrigan", players=4)
    assert isinstance(game, Morrigan)
    states = random_states(game, 0)
    state = states[117]
    assert Phase.ATTACK == state.phase
    assert state.attack is not None
    assert not state.attack.cards
    document = json.loads(dumps(game.observe(state, 3)))
    entry = document["data"]["history"][64]
    assert {"type": "PlayAdversary", "value": 4} == entry[2]
    entry[2] = {"type": "EndActions"}
    assert check_loaded(game, json.dumps(document)) is None
    for seed in range(20):
        sampled = game.sample_state(game.observe(state, 3), seed)
        assert game.legal_actions(sampled)


def test_no_unexpected_ally_pick_is_asked_when_it_takes_the_top_card(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """With ``ally_top_only`` the Ally takes the top discard: an Ally pick is refused.

    A-MOR-12: "``ally_top_only=True`` takes the top card instead."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.UNEXPECTED_ALLY]], discard=[K.ACTION_1, K.ORDEAL_2])
    state = play(game, state, PlaySpecial(K.UNEXPECTED_ALLY))
    assert Phase.ALLY_PICK == state.phase
    top_only = attrs.evolve(state, options=MorriganOptions(ally_top_only=True))
    with pytest.raises(InvalidStateError, match="with ally_top_only"):
        check_state(top_only)


def test_every_decision_of_a_loaded_state_has_a_legal_action(
    make_game: Callable[..., Morrigan],
) -> None:
    """A state of any phase whose mover lost his hand is refused or still has a move.

    "A player is never asked a question whose only answer follows from public facts" (docs);
    an emptied hand must never leave the player to move without a legal action.
    """
    game = make_game(4)
    seen = set()
    for seed in range(3):
        for state in random_states(game, seed):
            mover = state.to_move
            if mover is None:
                continue
            seen.add(state.phase)
            emptied = attrs.evolve(
                state,
                hands=tuple(
                    frozenset() if seat == mover else h for seat, h in enumerate(state.hands)
                ),
                discard_pile=(*state.discard_pile, *sorted(state.hands[mover])),
                floors=tuple(0 if seat == mover else f for seat, f in enumerate(state.floors)),
                clues=((),) * state.players,
            )
            try:
                check_state(emptied)
            except InvalidStateError:
                continue
            assert game.legal_actions(emptied), state.phase
    assert len(seen) >= 8


# --------------------------------------------------------------------------------------------
# The history


def test_an_emptied_history_is_refused(played: list[MorriganState]) -> None:
    """A history emptied in a state of turn 6 or later is refused: every turn has a decision."""
    state = mid_game(played)
    refused(attrs.evolve(state, history=History()), "the history is empty")


def test_an_empty_history_is_only_a_new_games(played: list[MorriganState]) -> None:
    """An empty history at turn 1 fits only the deal itself, not a later position of turn 1."""
    after_a_move = next(state for state in played if len(state.history) == 1)
    assert 1 == after_a_move.turn
    check_state(played[0])
    refused(attrs.evolve(after_a_move, history=History()), "not a new game's first decision")


def test_a_reversed_history_is_refused(played: list[MorriganState]) -> None:
    """The entries of a history run from turn 1 on; reversed, they do not."""
    state = mid_game(played)
    refused(attrs.evolve(state, history=History(reversed(state.history))), "from turn 0 to turn")


def test_a_history_repeated_a_thousand_times_is_refused(played: list[MorriganState]) -> None:
    """A history repeated 1000 times goes back to turn 1 after the last turn: refused."""
    state = mid_game(played)
    refused(attrs.evolve(state, history=History(list(state.history) * 1000)), "to turn 1")


def test_a_cut_history_is_refused(played: list[MorriganState]) -> None:
    """A history without its last turns does not reach the state's turn."""
    state = mid_game(played)
    entries = [entry for entry in state.history if entry[0] < state.turn - 2]
    refused(attrs.evolve(state, history=History(entries)), "stops at turn")


def test_a_history_with_a_seat_changed_is_refused(played: list[MorriganState]) -> None:
    """An action-menu decision said to be another seat's is refused: only the active decides."""
    state = mid_game(played)
    entries = list(state.history)
    index = next(i for i, entry in enumerate(entries) if isinstance(entry[2], EndActions))
    turn, seat, action = entries[index]
    entries[index] = (turn, (seat + 1) % state.players, action)
    refused(attrs.evolve(state, history=History(entries)), "which is seat")


def test_a_history_with_a_turn_changed_is_refused(played: list[MorriganState]) -> None:
    """An entry moved to a later turn leaves a turn without its end, or skips a turn."""
    state = mid_game(played)
    entries = list(state.history)
    index = next(i for i, entry in enumerate(entries) if entry[0] == 3)
    turn, seat, action = entries[index]
    entries[index] = (turn + 2, seat, action)
    refused(attrs.evolve(state, history=History(entries)), "the history goes from turn")


def test_a_history_that_does_not_follow_the_phases_is_refused(
    played: list[MorriganState],
) -> None:
    """A turn whose reinforcement phase comes before its action phase is refused."""
    state = mid_game(played)
    entries = list(state.history)
    index = next(i for i, entry in enumerate(entries) if isinstance(entry[2], EndActions))
    turn, seat, _ = entries[index]
    entries.insert(index + 1, (turn, seat, PlayTerritory(1)))
    refused(attrs.evolve(state, history=History(entries)), "cannot follow the action phase")


def test_a_history_with_a_card_changed_is_refused(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """The entries name what was played: a Territory 3 in play was not played as a 4.

    Rulebook: "the player may place a Territory he has in hand in front of him, face up";
    each public entry says which, and the table must hold what they say.
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.TERRITORY_3, K.ACTION_5]], adversaries=[K.ADVERSARY_2])
    adversary = state.adversaries[0].card
    state = play(game, state, PlayTerritory(3), Fight(adversary), AddAction(5), Commit())
    entries = list(state.history)
    for index, changed in (
        (-4, PlayTerritory(4)),  # the Territory played
        (-3, Fight(adversary + 1)),  # the Adversary fought (and won)
        (-2, AddAction(4)),  # nothing to check: the attack is over
    ):
        edited = [*entries]
        turn, seat, _ = edited[index]
        edited[index] = (turn, seat, changed)
        bad = attrs.evolve(state, history=History(edited))
        if index == -2:
            check_state(bad)
        else:
            refused(bad, "never has him play|without fighting it")


def test_the_attack_and_the_window_hold_what_the_history_says(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """The cards of an attack being built, and under an Adversary just played, are the entries'."""
    game = make_game(3)
    state = make_state(3, hands=[[K.ACTION_5, K.ACTION_1]], adversaries=[K.ADVERSARY_2])
    attack = play(game, state, Fight(state.adversaries[0].card), AddAction(5))
    assert attack.attack is not None
    other = next(card for card in attack.hands[0] if CARD_TYPES[card] is CardType.ACTION)
    swapped = attrs.evolve(
        attack,
        attack=attrs.evolve(attack.attack, cards=(other,)),
        hands=(frozenset({attack.attack.cards[0]}), *attack.hands[1:]),
    )
    refused(swapped, "the attack's cards are not the ones the history added")
    state = make_state(
        3,
        hands=[[K.ADVERSARY_4], [K.ACTION_1], [K.ACTION_2, K.ACTION_3]],
    )
    window = play(game, state, PlayAdversary(4), Reinforce(K.ACTION_1))
    assert Phase.ON_PLAY_REINFORCE == window.phase
    entries = list(window.history)
    refused(
        attrs.evolve(window, history=History([*entries[:-1], (*entries[-1][:2], Decline())])),
        "does not hold the cards the history placed",
    )


def test_an_ordeal_holds_the_round_and_stakes_the_history_says(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """The round of an Ordeal in progress is the one its stakes reached, at most 6.

    Rulebook: "In case of a tie between two or more participants, another staking round is
    held, reserved for these players": a tied player out of his turn began with 5 cards at
    most, one staked in each round, so no Ordeal goes past round 6.
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ORDEAL_2, K.ACTION_1], [K.ACTION_3], [K.ACTION_4]])
    state = play(game, state, PlayOrdeal(2), Stake(K.ACTION_3))
    assert state.ordeal is not None
    for round_ in (2, 7):
        bad = attrs.evolve(state, ordeal=attrs.evolve(state.ordeal, round=round_))
        refused(bad, "is not 1 to 6" if round_ == 7 else "is not the round the history reached")


def test_the_effects_in_force_are_the_ones_the_history_cast(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """A Deluge is in force from its casting to its caster's next turn, as the history says.

    A-MOR-5: "the ban starts when the card is played ... and ends at the start of the
    caster's next turn, when the card is discarded."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.DELUGE]])
    state = play(game, state, PlaySpecial(K.DELUGE))
    (effect,) = state.effects
    refused(attrs.evolve(state, effects=(attrs.evolve(effect, caster=1),)), "in force")
    entries = list(state.history)
    no_cast = [*entries[:-1], (*entries[-1][:2], PlaySpecial(K.SECRET_TREASURE))]
    refused(attrs.evolve(state, history=History(no_cast)), "in force")


def test_reinforced_targets_are_the_ones_the_history_chose(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """``reinforced`` holds the targets chosen this turn, and a card was chosen under each.

    Rulebook: "A player may reinforce a particular Territory only once per turn".
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_1, K.ACTION_2, K.ACTION_3]],
        territories={0: [K.TERRITORY_1]},
        adversaries=[K.ADVERSARY_1],
    )
    territory = state.territories[0][0].card
    state = play(game, state, EndActions(), ChooseTarget(territory), Reinforce(K.ACTION_1))
    assert Phase.REINFORCE_TARGET == state.phase
    refused(attrs.evolve(state, reinforced=frozenset()), "reinforced=")
    (holding,) = state.territories[0]
    (placed,) = holding.reinforcements
    extra = min(state.hands[0])
    twice = attrs.evolve(holding, reinforcements=(placed, attrs.evolve(placed, card=extra)))
    bad = attrs.evolve(
        state,
        territories=((twice,), *state.territories[1:]),
        hands=(state.hands[0] - {extra}, *state.hands[1:]),
    )
    refused(bad, "than the history has him choose it")


def test_an_observation_is_checked_like_a_state(played: list[MorriganState]) -> None:
    """An observation whose history, counts or visible cards are changed is refused.

    Its history is the state's (everyone sees every decision), and its counts are those of
    a real table: sampling deals every hidden card, so no count can be off by one.
    """
    game = boardgames.make("morrigan", players=3)
    state = mid_game(played)
    seat = next(seat for seat, hand in enumerate(state.hands) if hand)
    document = json.loads(dumps(game.observe(state, seat)))
    loads(json.dumps(document))
    data = document["data"]
    assert data["discard_pile"]
    edits: list[tuple[str, Any]] = [
        ("history", []),
        ("history", data["history"][::-1]),
        ("history", data["history"] * 3),
        ("draw_pile_size", data["draw_pile_size"] + 1),
        ("hand_sizes", [size + 1 for size in data["hand_sizes"]]),
        ("discard_pile", [*data["discard_pile"][:-1], sorted(data["hand"])[0]]),
        ("turn", data["turn"] + 1),
    ]
    for field, value in edits:
        edited = {**document, "data": {**data, field: value}}
        with pytest.raises(SerializationError):
            loads(json.dumps(edited))


# --------------------------------------------------------------------------------------------
# Counters and the table


def test_the_options_and_the_turn_limit_are_bounded(played: list[MorriganState]) -> None:
    """``max_turns`` is an int from 1 to the shared turn limit's maximum; flags are bools."""
    state = played[10]
    limit = boardgames.OptionSpec.MAX_TURN_LIMIT
    for options in (
        attrs.evolve(state.options, max_turns=limit + 1),
        attrs.evolve(state.options, max_turns=0),
        attrs.evolve(state.options, wide_curse=1),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidStateError, match=r"max_turns=|is not a bool"):
            check_state(attrs.evolve(state, options=options))


@pytest.mark.parametrize(("seed", "counter"), [(-1, 5), (2**64, 5), (0, -1), (True, 5), (1.5, 5)])
def test_the_random_stream_is_checked(played: list[MorriganState], seed: Any, counter: Any) -> None:
    """A generator that ``Rng.from_seed`` and draws cannot make is refused."""
    state = attrs.evolve(played[10], rng=boardgames.Rng(seed, counter))
    with pytest.raises(InvalidStateError, match="rng"):
        check_state(state)
    with pytest.raises(SerializationError):
        loads(dumps(state))


def test_the_turn_is_the_historys_last(played: list[MorriganState]) -> None:
    """The turn counter is the history's last turn, or the one just begun after it."""
    state = mid_game(played)
    for turn in (state.turn + 2, state.turn + 1, state.turn - 1):
        refused(attrs.evolve(state, turn=turn), "the history")


def test_a_turn_starts_with_at_most_five_cards(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """The duel choice comes before the draw, with a hand kept to the limit of 5.

    Rulebook: "At the end of his turn, a player must have 5 cards at most in his hand."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_1], [], [K.ACTION_2]],
        territories={0: [K.TERRITORY_5, K.TERRITORY_5, K.TERRITORY_5]},
        active=2,
    )
    state = play(game, state, EndActions())
    assert Phase.TURN_START == state.phase
    six = frozenset(sorted(state.draw_pile)[:5]) | state.hands[0]
    bad = attrs.evolve(
        state,
        hands=(six, *state.hands[1:]),
        draw_pile=tuple(card for card in state.draw_pile if card not in six),
    )
    refused(bad, "at most 5 cards")


def test_a_duel_shows_every_action_card_and_a_win_beats_maletar(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """During the duel the duelist holds no Action card; a won duel beats Maletar's defence.

    Rulebook: "He then takes all the Action cards from his new hand"; "If the player's
    attack strength is greater than Maletar's defence value, Maletar is defeated."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ORDEAL_1], [K.ACTION_1], [K.ACTION_2]],
        territories={0: [K.TERRITORY_5, K.TERRITORY_5, K.TERRITORY_5]},
        draw=[K.ACTION_5, K.ACTION_5, K.TERRITORY_1, K.ACTION_1],
        active=2,
    )
    state = play(game, state, EndActions(), DeclareDuel())
    assert Phase.MALETAR_REINFORCE == state.phase
    assert state.duel is not None
    kept = next(card for card in state.duel.attack)
    bad = attrs.evolve(
        state,
        duel=attrs.evolve(state.duel, attack=tuple(c for c in state.duel.attack if c != kept)),
        hands=(state.hands[0] | {kept}, *state.hands[1:]),
    )
    refused(bad, "every Action card of the duelist's hand is in his attack")
    won = attrs.evolve(
        state,
        phase=Phase.GAME_OVER,
        to_move=None,
        winner=0,
        duel=attrs.evolve(state.duel, waiting=(), maletar=()),
    )
    weak = attrs.evolve(
        won,
        duel=attrs.evolve(state.duel, waiting=(), maletar=(), attack=state.duel.attack[:1]),
        discard_pile=(*won.discard_pile, *state.duel.attack[1:]),
    )
    refused(weak, "does not beat Maletar's defence")


def test_the_cards_under_a_target_are_in_an_order_the_rules_give(
    make_state: Callable[..., MorriganState],
) -> None:
    """Territories hold their owner's cards; seen cards come first and are never bluffs.

    Rulebook: "A player may place one card from his hand, face down, under the chosen
    Territory card"; after a failed attack "The reinforcement cards remain in play" and
    "The other cards, which served as bluffs, are discarded".
    """
    state = make_state(
        3,
        hands=[[K.ACTION_1]],
        territories={1: [(K.TERRITORY_1, [(K.ACTION_2, 1), (K.ORDEAL_1, 1)])]},
        turn=8,
    )
    (holding,) = state.territories[1]
    first, second = holding.reinforcements

    def with_cards(*cards: Reinforcement) -> MorriganState:
        return attrs.evolve(
            state,
            territories=(
                state.territories[0],
                (attrs.evolve(holding, reinforcements=cards),),
                *state.territories[2:],
            ),
        )

    refused(with_cards(attrs.evolve(first, placer=2), second), "not placed by its owner")
    refused(with_cards(first, attrs.evolve(second, public=True)), "follows a hidden one")
    refused(with_cards(attrs.evolve(second, public=True), first), "a revealed bluff")


def test_an_adversary_holds_one_card_per_other_player_from_its_window(
    make_state: Callable[..., MorriganState],
) -> None:
    """Cards placed on play come first, one per other player at most.

    Rulebook: "The other players now have the opportunity to place one card from their
    hand, face down, under the Adversary played."
    """
    state = make_state(
        3,
        hands=[[K.ACTION_1]],
        adversaries=[(K.ADVERSARY_1, [(K.ACTION_2, 1, False, False), (K.ACTION_3, 2)])],
    )
    (holding,) = state.adversaries
    on_play, in_phase = holding.reinforcements
    for cards, reason in (
        ((in_phase, on_play), "when played come first"),
        (
            (on_play, attrs.evolve(in_phase, placer=1, in_reinforcement_phase=False)),
            "more than one",
        ),
    ):
        bad = attrs.evolve(state, adversaries=(attrs.evolve(holding, reinforcements=cards),))
        refused(bad, reason)


# --------------------------------------------------------------------------------------------
# The kit


def test_edited_documents_load_only_as_states_the_game_can_continue() -> None:
    """The conformance kit's edits of serialized states and observations find nothing."""
    game = boardgames.make("morrigan", players=3)
    report = check_edits(game, seeds=(5,), documents=300)
    assert 300 == report.documents
    assert report.accepted > 0

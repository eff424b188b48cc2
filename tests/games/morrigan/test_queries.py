"""The defence query: what a target's defence is, or can be, to whoever asks."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import boardgames
from boardgames.games.morrigan import (
    AddAction,
    CardKind,
    Commit,
    Conquer,
    DefenceRange,
    Fight,
    HoldingView,
    Morrigan,
    MorriganObservation,
    MorriganOptions,
    MorriganState,
)
from boardgames.games.morrigan.observation import sample_state
from boardgames.games.morrigan.queries import defence
from boardgames.games.morrigan.render import known_defence
from boardgames.games.morrigan.rules import attack_strength

K = CardKind


def _targets(state: MorriganState) -> list[int]:
    return [h.card for h in state.adversaries] + [
        h.card for territories in state.territories for h in territories
    ]


def _views(observation: MorriganObservation) -> list[HoldingView]:
    return [*observation.adversaries, *(h for row in observation.territories for h in row)]


def test_an_adversarys_defence_adds_its_value_and_its_action_reinforcements(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Adversary 3 with an Action 2 and an Ordeal 1 under it: defence 5; an attack of 5 loses.

    Rulebook: "The values of the reinforcements and the prestige value are added together;
    this total is the Adversary's defence value. The other cards, which served as bluffs,
    are discarded." and "If the player's attack strength is less than or equal to the
    Adversary's defence value, the player loses the combat."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_5, K.ACTION_1]],
        adversaries=[(K.ADVERSARY_3, [(K.ACTION_2, 1), (K.ORDEAL_1, 2)])],
    )
    adversary = state.adversaries[0].card
    assert DefenceRange(5, 5) == defence(state, adversary)
    lost = play(game, state, Fight(adversary), AddAction(5), Commit())
    assert adversary in [h.card for h in lost.adversaries]
    won = play(game, state, Fight(adversary), AddAction(5), AddAction(1), Commit())
    assert (adversary,) == won.won[0]


def test_a_territorys_defence_adds_its_value_and_its_action_reinforcements(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Territory 4 with an Action 3 and a Sorcery under it: defence 7; 8 conquers it.

    Rulebook: "The values of the reinforcements and the prestige value are added together;
    this total is the Territory's defence value." and "If the attacking player manages to
    accumulate an attack strength greater than the defence value of the other player's
    Territory, the Territory changes owner."
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_5, K.ACTION_2, K.ACTION_1]],
        territories={1: [(K.TERRITORY_4, [(K.ACTION_3, 1), (K.SORCERY, 1)])]},
        turn=8,
    )
    territory = state.territories[1][0].card
    assert 7 == defence(state, territory).exact
    lost = play(game, state, Conquer(territory), AddAction(5), AddAction(2), Commit())
    assert [territory] == [h.card for h in lost.territories[1]]
    won = play(game, state, Conquer(territory), AddAction(5), AddAction(2), AddAction(1), Commit())
    assert [territory] == [h.card for h in won.territories[0]]


def test_a_curse_doubles_an_adversarys_defence(make_state: Callable[..., MorriganState]) -> None:
    """Adversary 2, an Action 3 and a Curse placed in a reinforcement phase: (2 + 3) x 2.

    Rulebook: "Curse (Malédiction): Double the defence value of an Adversary by placing
    this card as a reinforcement. Playable only during a reinforcement phase."
    """
    state = make_state(3, adversaries=[(K.ADVERSARY_2, [(K.ACTION_3, 1), (K.CURSE, 2)])])
    assert 10 == defence(state, state.adversaries[0].card).exact


@pytest.mark.parametrize(("wide_curse", "expected"), [(False, 5), (True, 10)])
def test_a_curse_placed_on_play_counts_only_with_wide_curse(
    make_state: Callable[..., MorriganState], wide_curse: bool, expected: int
) -> None:
    """A Curse placed when the Adversary was played is a bluff (erratum E3) by default.

    Rulebook: "Curse (Malédiction): ... Playable only during a reinforcement phase."; the
    ``wide_curse`` option takes the other reading, in which it doubles too.
    """
    state = make_state(
        3,
        adversaries=[(K.ADVERSARY_2, [(K.ACTION_3, 1, False, False), (K.CURSE, 2, False, False)])],
        options=MorriganOptions(wide_curse=wide_curse),
    )
    target = state.adversaries[0].card
    assert expected == defence(state, target).exact


def test_a_curse_under_a_territory_is_a_bluff(make_state: Callable[..., MorriganState]) -> None:
    """A Curse under a Territory adds nothing: Territory 3 and an Action 1 make 4.

    Rulebook: "Double the defence value of an Adversary by placing this card as a
    reinforcement" (an Adversary, not a Territory).
    """
    state = make_state(
        3, territories={1: [(K.TERRITORY_3, [(K.ACTION_1, 1), (K.CURSE, 1)])]}, turn=8
    )
    assert DefenceRange(4, 4) == defence(state, state.territories[1][0].card)


def test_a_face_down_card_is_known_to_its_placer_and_a_range_to_the_others(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """Territory 2 of seat 1 over his face-down Action 1: 3 to him, 2 to 7 to the others.

    Rulebook: "A player may place one card from his hand, face down, under the chosen
    Territory card. He may place either an Action card, which really reinforces the
    Territory, or a card of another type, which has only a deterrent effect (bluff)."
    """
    game = make_game(3)
    state = make_state(3, territories={1: [(K.TERRITORY_2, [(K.ACTION_1, 1)])]})
    territory = state.territories[1][0].card
    assert DefenceRange(3, 3) == defence(game.observe(state, 1), territory)
    for seat in (0, 2):
        seen = defence(game.observe(state, seat), territory)
        assert DefenceRange(2, 7) == seen
        assert None is seen.exact


def test_the_most_counts_only_action_cards_the_observer_has_not_seen(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """With every Action 5 in the face-up discard pile, a hidden card adds at most 4.

    Rulebook: "Action cards ... may have a value between 1 and 5."; the discard pile is
    face up (ruling A-MOR-14), so nobody can think a discarded card is under a Territory.
    """
    game = make_game(3)
    state = make_state(
        3,
        territories={1: [(K.TERRITORY_2, [(K.ACTION_1, 1)])]},
        discard=[K.ACTION_5] * 8,
    )
    territory = state.territories[1][0].card
    assert DefenceRange(2, 6) == defence(game.observe(state, 0), territory)


def test_a_hidden_card_placed_in_a_reinforcement_phase_may_be_the_curse(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """A hidden card may double an Adversary's defence instead of adding up to 5 to it.

    Adversary 3 and a seen Action 4 over one hidden card: at most (3 + 4) x 2 = 14, or
    3 + 4 + 5 = 12 once the Curse is in the face-up discard pile. Adversary 3 over two
    hidden cards: at most (3 + 5) x 2 = 16, or 3 + 5 + 5 = 13 if they were placed on play.
    Rulebook: "Curse (Malédiction): Double the defence value of an Adversary by placing
    this card as a reinforcement. Playable only during a reinforcement phase."
    """
    game = make_game(3)
    seen_four = [(K.ACTION_4, 2, True, True), (K.ACTION_1, 1)]
    state = make_state(3, adversaries=[(K.ADVERSARY_3, seen_four)], turn=8)
    target = state.adversaries[0].card
    assert DefenceRange(7, 14) == defence(game.observe(state, 0), target)
    state = make_state(3, adversaries=[(K.ADVERSARY_3, seen_four)], discard=[K.CURSE], turn=8)
    assert DefenceRange(7, 12) == defence(game.observe(state, 0), target)
    state = make_state(3, adversaries=[(K.ADVERSARY_3, [(K.ACTION_1, 1)])])
    assert DefenceRange(3, 8) == defence(game.observe(state, 0), target)
    two = [(K.ACTION_1, 1), (K.ACTION_2, 2)]
    state = make_state(3, adversaries=[(K.ADVERSARY_3, two)], turn=8)
    assert DefenceRange(3, 16) == defence(game.observe(state, 0), target)
    two_on_play = [(K.ACTION_1, 1, False, False), (K.ACTION_2, 2, False, False)]
    state = make_state(3, adversaries=[(K.ADVERSARY_3, two_on_play)])
    assert DefenceRange(3, 13) == defence(game.observe(state, 0), target)


def _as_known_bluffs(observation: MorriganObservation) -> MorriganObservation:
    """``observation`` with every unseen card under a target marked as a known bluff."""

    def marked(view: HoldingView) -> HoldingView:
        return HoldingView(
            view.card,
            tuple(attrs.evolve(r, known_bluff=r.card is None) for r in view.reinforcements),
        )

    return attrs.evolve(
        observation,
        adversaries=tuple(marked(view) for view in observation.adversaries),
        territories=tuple(tuple(marked(view) for view in row) for row in observation.territories),
    )


def test_a_card_known_not_to_be_an_action_card_can_only_be_a_curse(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """A known bluff adds nothing under a Territory, and may double an Adversary as a Curse.

    Rulebook: "a card of another type, which has only a deterrent effect (bluff)" and
    "Curse (Malédiction): Double the defence value of an Adversary by placing this card as
    a reinforcement."
    """
    game = make_game(3)
    state = make_state(
        3,
        territories={1: [(K.TERRITORY_2, [(K.ORDEAL_1, 1)])]},
        adversaries=[(K.ADVERSARY_3, [(K.ORDEAL_2, 1)]), (K.ADVERSARY_4, [(K.ACTION_1, 2)])],
    )
    view = _as_known_bluffs(game.observe(state, 0))
    territory = state.territories[1][0].card
    first, second = (h.card for h in state.adversaries)
    assert DefenceRange(2, 2) == defence(view, territory)
    assert DefenceRange(3, 6) == defence(view, first)
    assert DefenceRange(4, 8) == defence(view, second)


def test_after_a_failed_attack_everyone_knows_the_defence(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Adversary 3 over seat 1's Action 1 beats an attack of 2: then all see defence 4.

    Rulebook: "The Adversary remains in play, but its current defence value is now known
    to all."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ACTION_2]], adversaries=[(K.ADVERSARY_3, [(K.ACTION_1, 1)])])
    target = state.adversaries[0].card
    assert [None, 4, None] == [defence(game.observe(state, s), target).exact for s in range(3)]
    state = play(game, state, Fight(target), AddAction(2), Commit())
    assert [4, 4, 4] == [defence(game.observe(state, s), target).exact for s in range(3)]


@pytest.mark.parametrize("target", [-1, 100, True, "60", None, 1.0])
def test_a_card_that_is_not_a_target_in_play_is_refused(
    make_state: Callable[..., MorriganState], target: object
) -> None:
    """Only an Adversary in the centre or a Territory in play has a defence."""
    state = make_state(3, adversaries=[K.ADVERSARY_1], territories={2: [K.TERRITORY_5]})
    with pytest.raises(boardgames.ConfigurationError) as caught:
        defence(state, target)  # type: ignore[arg-type]
    message = str(caught.value)
    assert message.startswith(f"target {target!r} is not an Adversary in the centre or a ")
    assert message.endswith("targets now: 60 (Adversary 1), 87 (Territory 5)")


def test_a_card_in_a_hand_or_won_is_not_a_target(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """A defeated Adversary and an Adversary in a hand have no defence to ask about.

    Rulebook: "Once played, the Adversary no longer belongs to the player who placed it in
    play. In later turns, anyone may reinforce or fight this Adversary."
    """
    game = make_game(3)
    state = make_state(3, hands=[[K.ADVERSARY_2]], won={1: [K.ADVERSARY_3]})
    for card in (*state.hands[0], *state.won[1]):
        with pytest.raises(boardgames.ConfigurationError, match=r"targets now: none$"):
            defence(game.observe(state, 0), card)


def test_a_defence_range_says_whether_a_strength_beats_it() -> None:
    """An attack must be "greater than" the defence: equal loses, one more wins.

    Rulebook: "If the player's attack strength is greater than the Adversary's defence
    value, the Adversary is defeated."
    """
    assert [False, False, None, None, True] == [
        DefenceRange(3, 5).beaten_by(s) for s in range(2, 7)
    ]
    assert [False, True] == [DefenceRange(4, 4).beaten_by(s) for s in (4, 5)]
    assert ("defence 4", "defence 3 to 5") == (str(DefenceRange(4, 4)), str(DefenceRange(3, 5)))


CONFIGURATIONS = [(2, {}), (3, {}), (4, {}), (5, {}), (3, {"wide_curse": True})]


@pytest.mark.parametrize(("players", "options"), CONFIGURATIONS)
@pytest.mark.parametrize("seed", range(4))
def test_the_defence_is_the_value_the_engine_compares_every_attack_with(
    make_game: Callable[..., Morrigan], players: int, options: dict[str, bool], seed: int
) -> None:
    """In random play every attack wins exactly when its strength beats the state's defence.

    Before the reveal, each seat's range holds that defence, its least is what the seat
    sees (as the text view counts it); after a failed attack every seat knows it.
    Rulebook: "If the player's attack strength is greater than the Adversary's defence
    value, the Adversary is defeated." and "its current defence value is now known to all".
    """
    game = make_game(players, **options)
    record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=1000 * seed + players)
    states = list(boardgames.replay(record))
    commits = 0
    for before, action, after in zip(states, record.actions, states[1:], strict=False):
        if not isinstance(action, Commit):
            continue
        commits += 1
        attack = before.attack
        assert attack is not None
        target = attack.target
        value = defence(before, target).exact
        assert value is not None
        strength = attack_strength(attack.cards, len(attack.catapults))
        if attack.conquest:
            won = target in [h.card for h in after.territories[before.active]]
        else:
            won = target in after.won[before.active]
        assert (strength > value) == won
        for seat in range(players):
            observation = game.observe(before, seat)
            seen = defence(observation, target)
            assert seen.least <= value <= seen.most
            assert seen.beaten_by(strength) in (None, won)
            view = next(h for h in _views(observation) if h.card == target)
            shown, _ = known_defence(view, not attack.conquest, before.options.wide_curse)
            assert shown == seen.least
            if not won:
                assert value == defence(game.observe(after, seat), target).exact
    assert commits > 0


@pytest.mark.parametrize("seed", range(3))
def test_every_state_an_observation_allows_has_a_defence_in_its_range(
    make_game: Callable[..., Morrigan], seed: int
) -> None:
    """States sampled to agree with an observation have defences within the observer's range.

    Hidden information: the range reads only the observation, so it must hold every state
    the observer cannot tell from the true one.
    """
    game = make_game(4)
    record = boardgames.play(game, [boardgames.RandomBot()] * 4, seed=seed)
    states = list(boardgames.replay(record))
    checked = 0
    for index, state in enumerate(states[::7]):
        targets = _targets(state)
        if not targets:
            continue
        seat = index % 4
        observation = game.observe(state, seat)
        ranges = {target: defence(observation, target) for target in targets}
        for sample_seed in range(3):
            sample = sample_state(observation, sample_seed)
            for target, seen in ranges.items():
                assert seen.least <= defence(sample, target).least <= seen.most
                checked += 1
        for target, seen in ranges.items():
            assert seen.least <= defence(state, target).least <= seen.most
    assert checked > 0

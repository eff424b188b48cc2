"""Exact knowledge: an independent perfect-recall reasoner checks ``sample_state``.

The page's section on hidden information. The reasoner here is written from the rules, not
from the engine's knowledge code (clues, floors, the sampler): it replays a game from a
small position in every way the observer cannot tell from the real one and keeps the
worlds (what each hidden place holds, by kind) that show him exactly what he saw. It uses
the rules themselves (``legal_actions`` and ``apply``) to move the cards, and compares only
what the observer sees (his observation without its clues). Each world is one alternative:

* every arrangement of the hidden cards at the start (here the start leaves no freedom:
  the draw pile is empty, so the opponent's hand is what the observer cannot see);
* every action of another seat that looks like the one he took (a face-down card of any
  kind he holds);
* every draw: the cards drawn may be any of the draw pile's cards (a shuffled pile), and
  after a reshuffle any of the old discard pile's.

The start position has an empty draw pile and a small discard pile, so the first draw
reshuffles it: the case where the draw pile holds exactly the old discard pile.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Hashable

import attrs
import pytest

from boardgames.games.morrigan import (
    Action,
    CardKind,
    EndActions,
    EndReinforcement,
    Morrigan,
    MorriganOptions,
    MorriganState,
    PlaySpecial,
)
from boardgames.games.morrigan.components import CARD_KINDS, CardId
from boardgames.games.morrigan.rules import public_action
from boardgames.testing import check_sampler

K = CardKind
OBSERVER = 0

World = tuple[Hashable, ...]


def _start(
    make_state: Callable[..., MorriganState],
    opponent: list[CardKind],
    options: MorriganOptions | None = None,
) -> MorriganState:
    """Seat 0 to act; the draw pile empty; every Action card but the hands' in view."""
    hands = [[K.ACTION_1, K.ACTION_2, K.TERRITORY_1, K.ADVERSARY_1, K.CATAPULT], opponent]
    actions = [K(kind) for kind in range(5) for _ in range((12, 12, 10, 8, 8)[kind])]
    for hand in hands:
        for kind in hand:
            if kind in actions:
                actions.remove(kind)
    adversaries = [K.ADVERSARY_1] * 2 + [K.ADVERSARY_2] * 2
    adversaries += [K.ADVERSARY_3, K.ADVERSARY_4, K.ADVERSARY_5] * 3
    for kind in opponent:
        if kind in adversaries:
            adversaries.remove(kind)
    centre = []
    for index, adversary in enumerate(adversaries):
        count = len(actions) // (len(adversaries) - index)
        under = [(actions.pop(), placer % 2, True, True) for placer in range(count)]
        centre.append((adversary, under))
    territories = [K.TERRITORY_1, K.TERRITORY_2, K.TERRITORY_3, K.TERRITORY_4]
    return make_state(
        2,
        hands=hands,
        adversaries=centre,
        territories={0: territories, 1: territories},
        won={0: [K.ORDEAL_1, K.ORDEAL_2], 1: [K.ORDEAL_1, K.ORDEAL_2]},
        rest="discard",
        turn=12,
        options=options,
    )


def world_of(state: MorriganState) -> World:
    """What the places seat 0 cannot see hold, by kind (the draw pile as a multiset)."""
    slots = tuple(
        (holding.card, index, CARD_KINDS[r.card])
        for holdings in (*state.territories, state.adversaries)
        for holding in holdings
        for index, r in enumerate(holding.reinforcements)
        if not r.public and r.placer != OBSERVER
    )
    stakes: tuple[tuple[int, CardKind], ...] = ()
    if state.ordeal is not None:
        stakes = tuple(
            (stake.seat, CARD_KINDS[stake.card])
            for stake in state.ordeal.stakes
            if stake.seat != OBSERVER
        )
    hands = tuple(
        tuple(sorted(CARD_KINDS[card] for card in hand))
        for seat, hand in enumerate(state.hands)
        if seat != OBSERVER
    )
    return (hands, tuple(sorted(CARD_KINDS[card] for card in state.draw_pile)), slots, stakes)


def _seen(game: Morrigan, state: MorriganState) -> object:
    """What seat 0 sees: his observation without the engine's clues."""
    return attrs.evolve(game.observe(state, OBSERVER), clues=())


def _redraws(before: MorriganState, after: MorriganState) -> list[MorriganState]:
    """``after`` with the cards drawn in the step replaced by every other possible draw.

    The cards a seat drew in the step may be any cards of the draw pile they came from: the
    old pile's (all of them, if it ran out) and then any of the reshuffled pile's.
    """
    gained = [
        Counter(CARD_KINDS[card] for card in after.hands[seat])
        - Counter(CARD_KINDS[card] for card in before.hands[seat])
        for seat in range(after.players)
    ]
    drawers = [seat for seat in range(after.players) if gained[seat]]
    if len(drawers) != 1:
        return [after]
    seat = drawers[0]
    drawn = gained[seat].total()
    old_pile = Counter(CARD_KINDS[card] for card in before.draw_pile)
    if drawn > len(before.draw_pile):  # the pile ran out: all of it, then reshuffled cards
        free = gained[seat] - old_pile
    elif len(before.draw_pile) - len(after.draw_pile) == drawn:
        free = gained[seat]
    else:
        return [after]  # the cards came from elsewhere (an Unexpected Ally pick)
    drawn_ids: list[CardId] = []
    for card in sorted(after.hands[seat]):
        if free[CARD_KINDS[card]]:
            free[CARD_KINDS[card]] -= 1
            drawn_ids.append(card)
    pool = [*drawn_ids, *after.draw_pile]
    chosen: dict[tuple[CardKind, ...], tuple[CardId, ...]] = {}
    for choice in itertools.combinations(pool, len(drawn_ids)):
        chosen.setdefault(tuple(sorted(CARD_KINDS[card] for card in choice)), choice)
    results = []
    for choice in chosen.values():
        hand = after.hands[seat] - set(drawn_ids) | set(choice)
        pile = tuple(card for card in pool if card not in choice)
        hands = tuple(hand if other == seat else old for other, old in enumerate(after.hands))
        results.append(attrs.evolve(after, hands=hands, draw_pile=pile))
    return results


def reason(
    game: Morrigan, start: MorriganState, actions: list[Action]
) -> tuple[MorriganState, set[World]]:
    """Play ``actions`` from ``start``; return the end and every world seat 0 cannot rule out."""
    bare = attrs.evolve(start, clues=((),) * start.players)
    branches = {world_of(bare): bare}
    real = start
    for action in actions:
        mover = real.to_move
        after = game.apply(real, action)
        target = _seen(game, after)
        shown = public_action(action)
        following: dict[World, MorriganState] = {}
        for branch in branches.values():
            if mover == OBSERVER:
                alternatives = [action]
            else:
                alternatives = [
                    other for other in game.legal_actions(branch) if public_action(other) == shown
                ]
            for alternative in alternatives:
                for result in _redraws(branch, game.apply(branch, alternative)):
                    if _seen(game, result) == target:
                        following.setdefault(world_of(result), result)
        assert following, "the real game is one of the worlds"
        branches = following
        real = after
    return real, set(branches)


def _play(game: Morrigan, start: MorriganState, seed: int, steps: int) -> list[Action]:
    """A random sequence of legal actions from ``start`` (never The King's Favourite)."""
    rng = random.Random(seed)
    state = start
    chosen: list[Action] = []
    for _ in range(steps):
        if game.current_player(state) is None:
            break
        legal = [
            action
            for action in game.legal_actions(state)
            if action != PlaySpecial(K.KINGS_FAVOURITE)
        ]
        action = legal[rng.randrange(len(legal))]
        chosen.append(action)
        state = game.apply(state, action)
    return chosen


def test_after_a_reshuffle_samples_draw_only_from_the_old_discard_pile(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """Right after a reshuffle the draw pile is the old discard pile, which everyone saw.

    Rulebook (Draw): "If the draw pile runs out during this phase, the player whose turn it
    is shuffles all the discarded cards together." Seat 1 draws two cards of the new pile:
    the reasoner's worlds are which two, and the sampler draws exactly those worlds (the
    old sampler could put seat 1's own Action cards into the pile).
    """
    game = make_game(2)
    start = _start(make_state, [K.ACTION_3, K.ACTION_3, K.ADVERSARY_2])
    end, worlds = reason(game, start, [EndActions(), EndReinforcement()])
    assert (end.active, len(end.hands[1]), len(end.discard_pile)) == (1, 5, 0)
    assert len(worlds) == 140
    report = check_sampler(
        game, game.observe(end, OBSERVER), OBSERVER, worlds, world_of, uniform=False
    )
    assert report.worlds == len(worlds)


def _scenario(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    seed: int,
    steps: int,
    options: dict[str, bool],
) -> tuple[Morrigan, MorriganState, set[World]]:
    game = make_game(2, **options)
    rng = random.Random(seed)
    opponent = rng.sample([K.ACTION_3, K.ACTION_3, K.ADVERSARY_2, K.ACTION_4, K.ACTION_5], 3)
    start = _start(make_state, opponent, MorriganOptions(**options))
    first: list[Action] = [EndActions(), EndReinforcement()]
    middle = game.apply(game.apply(start, EndActions()), EndReinforcement())
    return (game, *reason(game, start, first + _play(game, middle, seed, steps)))


SCENARIOS = [
    (0, 8, {}),
    (0, 12, {}),
    (1, 12, {}),
    (2, 8, {}),
    (3, 12, {}),
    (4, 8, {}),
    (5, 4, {}),
    (6, 12, {}),
    (7, 4, {}),
    (7, 12, {}),
    (0, 12, {"wide_curse": True}),
    (3, 12, {"ally_top_only": True}),
    (6, 12, {"lone_bluff_wins": False}),
]
"""(seed, steps, options) of the random continuations checked: 770 samples each, 10,010 in
all."""


@pytest.mark.parametrize(("seed", "steps", "options"), SCENARIOS)
def test_no_sample_is_a_world_the_reasoner_rules_out(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    seed: int,
    steps: int,
    options: dict[str, bool],
) -> None:
    """After the reshuffle and some random play, every sample is a world the reasoner keeps.

    The page's hidden information section: the draw pile holds only the reshuffled cards
    not yet drawn, a card seen leaving a hand may or may not be one of them, and face-down
    cards are any the placer could hold. Where the reasoner finds few worlds, every one of
    them is drawn too.
    """
    game, end, worlds = _scenario(make_game, make_state, seed, steps, options)
    view = game.observe(end, OBSERVER)
    if len(worlds) <= 20:
        check_sampler(game, view, OBSERVER, worlds, world_of, uniform=False, seed=seed)
    for sample in range(770):
        state = game.sample_state(view, 10_000 * seed + sample)
        assert world_of(state) in worlds, (seed, steps, sample)
        assert game.observe(state, OBSERVER) == view


def test_with_nothing_known_but_counts_the_deal_is_uniform(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """With no clue, floor or known bluff, each arrangement of the hidden cards is as likely.

    Rulebook (Setup): "The cards are shuffled and each player is dealt 5 cards". Seat 1's
    three cards and the two of the draw pile are five cards seat 0 cannot see: each of the
    ten ways to split them is drawn equally often (chi-square, fixed seeds).
    """
    game = make_game(2)
    hands = [[K.ACTION_1, K.ACTION_2, K.TERRITORY_1, K.ADVERSARY_1, K.CATAPULT]]
    start = make_state(
        2,
        hands=[*hands, [K.ACTION_3, K.ACTION_4, K.ACTION_5]],
        draw=[K.ACTION_3, K.ACTION_4],
        rest="discard",
    )
    view = game.observe(start, OBSERVER)
    assert view.clues == ()
    hidden = sorted(set(start.hands[1]) | set(start.draw_pile))
    worlds = {
        (choice, tuple(card for card in hidden if card not in choice))
        for choice in itertools.combinations(hidden, 3)
    }

    def by_id(state: MorriganState) -> tuple[tuple[CardId, ...], tuple[CardId, ...]]:
        return (tuple(sorted(state.hands[1])), tuple(sorted(state.draw_pile)))

    report = check_sampler(game, view, OBSERVER, worlds, by_id, samples=2000)
    assert report.worlds == 10

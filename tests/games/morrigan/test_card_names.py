"""Card names: no id a seat sees tells apart copies of a kind that a person could not.

The page's section "Card names": cards in view keep their public names while they stay in
view, cards only the observer sees are shown under canonical private names. The test plays
two games that differ only in which copy of a kind is where, and compares everything a seat
can see at every step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import attrs
import pytest

import boardgames
from boardgames.games.morrigan import Morrigan, MorriganState
from boardgames.games.morrigan._codec import upgrade
from boardgames.games.morrigan.components import CARD_KINDS, CardId
from boardgames.testing import check_copies


def _swapped(state: MorriganState, first: CardId, second: CardId) -> MorriganState:
    """``state`` (a new game: cards only in hands and the draw pile) with two ids swapped."""
    swap = {first: second, second: first}
    return attrs.evolve(
        state,
        hands=tuple(frozenset(swap.get(card, card) for card in hand) for hand in state.hands),
        draw_pile=tuple(swap.get(card, card) for card in state.draw_pile),
    )


def _pairs(state: MorriganState, rng: random.Random) -> list[tuple[CardId, CardId]]:
    """A pair of identical cards in different places: two hands, or a hand and the pile."""
    where: dict[CardId, int] = dict.fromkeys(state.draw_pile, -1)
    for seat, hand in enumerate(state.hands):
        where.update(dict.fromkeys(hand, seat))
    pairs = [
        (first, second)
        for first in where
        for second in where
        if first < second
        and CARD_KINDS[first] is CARD_KINDS[second]
        and where[first] != where[second]
        and max(where[first], where[second]) >= 0
    ]
    return rng.sample(pairs, 1)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (3, 2, {"wide_curse": True}),
        (4, 3, {"ally_top_only": True}),
        (5, 4, {"lone_bluff_wins": False}),
        (2, 5, {"max_turns": 60}),
    ],
)
def test_games_that_differ_only_in_which_copy_is_where_look_the_same(
    make_game: Callable[..., Morrigan], players: int, seed: int, options: dict[str, object]
) -> None:
    """Swapping two identical cards of the deal changes nothing any seat sees, ever.

    Rulebook (Setup): "The cards are shuffled and each player is dealt 5 cards": which of
    two identical cards a player was dealt is nothing anyone can know. The observations,
    their text and vectors, the legal actions with their names, explanations,
    descriptions and numbers must agree at every step of the two games (the words and
    numbers are compared every fifth step, to keep the test fast):
    :func:`boardgames.testing.check_copies`.
    """
    game = make_game(players, **options)
    rng = random.Random(seed)
    state = game.new_game(seed)
    for first, second in _pairs(state, rng):
        assert check_copies(game, state, _swapped(state, first, second), seed=seed) > 100


def test_an_older_observation_is_read_under_private_names(
    make_game: Callable[..., Morrigan],
) -> None:
    """An observation written before card names (format 2) loads with its cards renamed.

    The page's section "Card names": the cards only the observer sees carry private names.
    An older document shows them under any ids of their kinds; the codec's upgrade renames
    them, so the document loads as the observation the engine now makes.
    """
    game = make_game(3)
    rng = random.Random(4)
    state = game.new_game(4)
    for _ in range(60):
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    seat = game.current_player(state)
    assert seat is not None
    view = game.observe(state, seat)
    data = json.loads(boardgames.dumps(view))["data"]
    in_view = set(data["discard_pile"]) | {
        holding["card"] for row in (*data["territories"], data["adversaries"]) for holding in row
    }
    # An older build showed the hand under other ids of the same kinds.
    older: list[CardId] = []
    for card in sorted(view.hand):
        copies = [
            other
            for other in range(len(CARD_KINDS))
            if CARD_KINDS[other] is CARD_KINDS[card] and other not in in_view
        ]
        older.append(copies[-1 - len([c for c in older if CARD_KINDS[c] is CARD_KINDS[card]])])
    assert sorted(older) != sorted(view.hand)
    data["hand"] = older
    with pytest.raises(boardgames.SerializationError):  # format 3 must carry the names
        boardgames.loads(
            json.dumps({"format": 3, "game": "morrigan", "type": "observation", "data": data})
        )
    document = {"format": 2, "game": "morrigan", "type": "observation", "data": data}
    assert boardgames.loads(json.dumps(document)) == view
    upgraded = upgrade(data, "observation", 2)
    assert isinstance(upgraded, dict)
    assert sorted(upgraded["hand"]) == sorted(view.hand)

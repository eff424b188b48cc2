"""The action numbering and the observation vector of Morrigan (``morrigan.encoding``)."""

from __future__ import annotations

import math
import random
import typing
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest

import boardgames
from boardgames.core.errors import IllegalActionError
from boardgames.games.morrigan import (
    Action,
    AddAction,
    CardKind,
    ChooseTarget,
    Conquer,
    DeclareDuel,
    Discard,
    EndActions,
    Fight,
    HoldingView,
    LoseCard,
    Morrigan,
    MorriganObservation,
    MorriganState,
    NormalTurn,
    OrdealView,
    PlayOrdeal,
    PlaySorcery,
    PlaySpecial,
    PublicAction,
    ReinforceMaletar,
    Stake,
    StakeView,
    Zone,
)
from boardgames.games.morrigan.components import CARD_KINDS, CARDS, CardId

K = CardKind

SEGMENT_SIZES: dict[str, Callable[[int], int]] = {
    "seat": lambda p: p,
    "phase": lambda p: 12,
    "active": lambda p: p,
    "to_move": lambda p: p,
    "progress": lambda p: 3,
    "options": lambda p: 3,
    "hand": lambda p: 30,
    "unseen": lambda p: 30,
    "discard": lambda p: 30,
    "discard_top": lambda p: 30,
    "seats": lambda p: 14 * p,
    "effects": lambda p: 2 * p,
    "centre": lambda p: 15 * (16 + p),
    "territories": lambda p: p * 15 * (16 + p),
    "window": lambda p: 5 + p,
    "ordeal": lambda p: 37 + 5 * p,
    "attack": lambda p: 20 + p,
    "duel": lambda p: 14 + p,
    "clues": lambda p: 30 * (p + 2),
    "result": lambda p: p + 1,
}
"""Each segment's size for ``p`` players, as the docs page gives it."""


def segment(game: Morrigan, name: str) -> slice:
    """Return the slice of the named segment of ``game``'s vector."""
    for part in game.encoding.layout:
        if part.name == name:
            return slice(part.start, part.stop)
    raise AssertionError(f"no segment {name!r}")


def vector(game: Morrigan, observation: MorriganObservation) -> list[float]:
    """Return the observation vector of ``observation`` as a list."""
    return list(game.encoding.encode_observation(observation))


# --------------------------------------------------------------------------------------------
# Relabelling the copies of each kind


def _rotated_ids() -> tuple[CardId, ...]:
    """A relabelling of the deck that gives each copy of a kind the next id of its kind."""
    by_kind: dict[CardKind, list[CardId]] = {}
    for card in CARDS:
        by_kind.setdefault(card.kind, []).append(card.id)
    mapping = [0] * len(CARDS)
    for ids in by_kind.values():
        for index, old in enumerate(ids):
            mapping[old] = ids[(index + 1) % len(ids)]
    return tuple(mapping)


SWAP = _rotated_ids()


def _card(card: CardId | None) -> CardId | None:
    return None if card is None else SWAP[card]


def _holding(view: HoldingView) -> HoldingView:
    return HoldingView(
        SWAP[view.card],
        tuple(attrs.evolve(r, card=_card(r.card)) for r in view.reinforcements),
    )


def _action(action: PublicAction) -> PublicAction:
    changes = {
        field.name: SWAP[getattr(action, field.name)]
        for field in attrs.fields(type(action))
        if field.name in ("adversary", "territory", "card")
    }
    return attrs.evolve(action, **changes) if changes else action


def relabel(observation: MorriganObservation) -> MorriganObservation:
    """Return ``observation`` with the ids of each kind's copies exchanged among themselves.

    Every card keeps its kind and its place; only which id names which copy changes, as if
    the identical copies had been dealt the other way round.
    """
    ordeal = observation.ordeal
    attack = observation.attack
    duel = observation.duel
    window = observation.window
    return attrs.evolve(
        observation,
        hand=frozenset(SWAP[card] for card in observation.hand),
        discard_pile=tuple(SWAP[card] for card in observation.discard_pile),
        territories=tuple(tuple(map(_holding, row)) for row in observation.territories),
        adversaries=tuple(map(_holding, observation.adversaries)),
        won=tuple(tuple(SWAP[card] for card in row) for row in observation.won),
        effects=tuple(attrs.evolve(e, card=SWAP[e.card]) for e in observation.effects),
        window=None if window is None else attrs.evolve(window, adversary=SWAP[window.adversary]),
        ordeal=None
        if ordeal is None
        else OrdealView(
            SWAP[ordeal.card],
            ordeal.player,
            ordeal.round,
            ordeal.waiting,
            tuple(
                StakeView(s.seat, _card(s.card), _card(s.blessing), s.known_bluff)
                for s in ordeal.stakes
            ),
        ),
        attack=None
        if attack is None
        else attrs.evolve(
            attack,
            target=SWAP[attack.target],
            cards=tuple(SWAP[c] for c in attack.cards),
            catapults=tuple(SWAP[c] for c in attack.catapults),
        ),
        duel=None
        if duel is None
        else attrs.evolve(
            duel,
            attack=tuple(SWAP[c] for c in duel.attack),
            maletar=tuple(SWAP[c] for c in duel.maletar),
        ),
        ally=_card(observation.ally),
        reinforced=frozenset(SWAP[card] for card in observation.reinforced),
        target=_card(observation.target),
        clues=tuple(
            attrs.evolve(
                clue,
                places=tuple(
                    sorted(
                        (zone, SWAP[key] if zone == Zone.SLOT else key, index)
                        for zone, key, index in clue.places
                    )
                ),
            )
            for clue in observation.clues
        ),
        history=boardgames.History(
            (turn, seat, _action(action)) for turn, seat, action in observation.history
        ),
    )


# --------------------------------------------------------------------------------------------
# Random games


def _hidden_kinds(state: MorriganState, seat: int) -> Counter[CardKind]:
    """The kinds of the cards ``seat`` cannot place, read from the full state."""
    cards: list[CardId] = list(state.draw_pile)
    for other, hand in enumerate(state.hands):
        if other != seat:
            cards.extend(hand)
    for holdings in (*state.territories, state.adversaries):
        for holding in holdings:
            cards.extend(
                r.card for r in holding.reinforcements if not r.public and r.placer != seat
            )
    if state.ordeal is not None:
        cards.extend(stake.card for stake in state.ordeal.stakes if stake.seat != seat)
    return Counter(CARD_KINDS[card] for card in cards)


def _check_numbers(game: Morrigan, legal: Sequence[Action]) -> None:
    encoding = game.encoding
    size = encoding.num_distinct_actions
    numbers = []
    for action in legal:
        number = encoding.encode_action(action)
        assert type(number) is int
        assert 0 <= number < size
        decoded = encoding.decode_action(number)
        assert action == decoded
        assert type(action) is type(decoded)
        assert action is encoding.legal_action(legal, number)
        numbers.append(number)
    assert len(set(numbers)) == len(numbers)
    mask = encoding.legal_mask(legal)
    assert size == len(mask)
    assert len(legal) == sum(mask)
    assert all(1 == mask[number] for number in numbers)
    illegal = next(number for number in range(size) if not mask[number])
    for probe in (illegal, size, -1):
        with pytest.raises(IllegalActionError, match=rf"action number {probe}\b"):
            encoding.legal_action(legal, probe)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_number_every_legal_action_and_encode_every_observation(
    make_game: Callable[..., Morrigan], players: int
) -> None:
    """Legal actions have distinct numbers that decode to them; vectors follow observations.

    At every decision: each legal action's number is in range and decodes to it, the mask
    marks exactly the legal numbers, and other numbers are refused by number. At every
    fourth: each seat's vector has the layout's size and finite entries, counts the cards
    he cannot place by kind, is the same for an equal observation (a serialized copy, or
    the observation of a state sampled from it) and for the observation with the ids of
    identical copies exchanged.
    """
    game = make_game(players)
    encoding = game.encoding
    assert 289 + players == encoding.num_distinct_actions
    unseen = segment(game, "unseen")
    for seed in (players, 10 + players):
        rng = random.Random(seed)
        state = game.new_game(seed)
        step = 0
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            _check_numbers(game, legal)
            if step % 4 == 0:
                for seat in range(players):
                    observation = game.observe(state, seat)
                    values = vector(game, observation)
                    assert encoding.observation_size == len(values)
                    assert all(math.isfinite(value) for value in values)
                    hidden = _hidden_kinds(state, seat)
                    assert [float(hidden[kind]) for kind in CardKind] == values[unseen]
                    assert values == vector(game, game.observe(state, seat))
                    assert values == vector(game, relabel(observation))
                    if seat == game.current_player(state) and step % 12 == 0:
                        sampled = game.sample_state(observation, step)
                        assert values == vector(game, game.observe(sampled, seat))
                    if seat == 0 and step % 40 == 0:
                        copy = boardgames.loads(boardgames.dumps(observation))
                        assert values == vector(game, copy)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            step += 1
        values = vector(game, game.observe(state, 0))
        assert 1.0 == sum(values[segment(game, "result")])


# --------------------------------------------------------------------------------------------
# The numbering


def test_the_numbering_follows_the_action_union_in_blocks() -> None:
    """Each class of the Action union has one block, in the union's order.

    The sizes are the docs page's for 4 players: 5 values, 15 Adversaries, 15 Territories,
    6 Specials, 4 seats, 30 kinds, 60 stakes, 30 targets and 40 scoring cards.
    """
    game = Morrigan(players=4)
    blocks = game.encoding.numbering.blocks
    assert list(typing.get_args(Action)) == [cls for cls, _, _ in blocks]
    sizes = {cls.__name__: stop - start for cls, start, stop in blocks}
    assert {
        "DeclareDuel": 1,
        "NormalTurn": 1,
        "PlayTerritory": 5,
        "PlayAdversary": 5,
        "PlayOrdeal": 5,
        "Fight": 15,
        "Conquer": 15,
        "PlaySpecial": 6,
        "PlaySorcery": 4,
        "EndActions": 1,
        "Reinforce": 30,
        "Decline": 1,
        "Stake": 60,
        "Withdraw": 1,
        "AddAction": 5,
        "AddCatapult": 1,
        "Commit": 1,
        "TakeFromDiscard": 30,
        "ChooseTarget": 30,
        "EndReinforcement": 1,
        "Discard": 30,
        "ReinforceMaletar": 5,
        "LoseCard": 40,
    } == sizes


@pytest.mark.parametrize(
    ("players", "action", "number"),
    [
        (4, DeclareDuel(), 0),
        (4, NormalTurn(), 1),
        (4, Fight(60), 17),
        (4, Conquer(89), 46),
        (4, PlaySpecial(K.UNEXPECTED_ALLY), 47),
        (4, PlaySorcery(3), 56),
        (4, EndActions(), 57),
        (4, Stake(K.ACTION_1, False), 89),
        (4, Stake(K.ACTION_1, True), 90),
        (4, Stake(K.CATAPULT, True), 148),
        (4, AddAction(1), 150),
        (4, ChooseTarget(60), 187),
        (4, Discard(K.CATAPULT), 247),
        (4, ReinforceMaletar(5), 252),
        (4, LoseCard(50), 253),
        (4, LoseCard(89), 292),
        (2, PlaySorcery(1), 54),
        (2, EndActions(), 55),
        (5, LoseCard(89), 293),
    ],
)
def test_pinned_action_numbers(players: int, action: Action, number: int) -> None:
    """The numbers of the docs page's table: a later block starts after the Sorcery seats."""
    encoding = Morrigan(players=players).encoding
    assert number == encoding.encode_action(action)
    assert action == encoding.decode_action(number)


@pytest.mark.parametrize(
    "action",
    [Fight(75), Conquer(60), ChooseTarget(50), LoseCard(0), PlaySorcery(4), AddAction(0)],
)
def test_actions_the_rules_never_offer_have_no_number(action: Action) -> None:
    """An action with a field outside what the rules can offer is refused.

    Fight names Adversaries, Conquer Territories, ChooseTarget both, LoseCard scoring
    cards; Sorcery names a seat of the game; Action cards have values 1 to 5.
    """
    encoding = Morrigan(players=4).encoding
    with pytest.raises(IllegalActionError, match="cannot number"):
        encoding.encode_action(action)


# --------------------------------------------------------------------------------------------
# The layout


@pytest.mark.parametrize(("players", "size"), [(2, 1201), (3, 1589), (4, 2007), (5, 2455)])
def test_the_layout_has_the_documented_segments(players: int, size: int) -> None:
    """The segments come in the documented order with the documented sizes, without gaps."""
    game = Morrigan(players=players)
    layout = game.encoding.layout
    assert list(SEGMENT_SIZES) == [part.name for part in layout]
    assert {name: rule(players) for name, rule in SEGMENT_SIZES.items()} == {
        part.name: part.size for part in layout
    }
    assert size == game.encoding.observation_size
    assert all(part.description for part in layout)


def test_the_hand_segment_counts_the_held_kinds(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """The hand segment holds the number of cards of each kind, at the kind's index."""
    game = make_game(3)
    state = make_state(
        3, hands=[[K.ACTION_1, K.ACTION_1, K.CURSE, K.TERRITORY_3], [K.ACTION_5], []]
    )
    hand = vector(game, game.observe(state, 0))[segment(game, "hand")]
    expected = [0.0] * 30
    expected[K.ACTION_1] = 2.0
    expected[K.CURSE] = 1.0
    expected[K.TERRITORY_3] = 1.0
    assert expected == hand
    assert [1.0 if kind is K.ACTION_5 else 0.0 for kind in K] == vector(
        game, game.observe(state, 1)
    )[segment(game, "hand")]


def test_seats_are_counted_from_the_observer(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """Seat 2 sees the active seat 0 one to his left (index 1), but his own seat as 2."""
    game = make_game(3)
    state = make_state(3, hands=[[K.ACTION_1], [], [K.ACTION_2]], territories={0: [K.TERRITORY_4]})
    values = vector(game, game.observe(state, 2))
    assert [0.0, 0.0, 1.0] == values[segment(game, "seat")]
    assert [0.0, 1.0, 0.0] == values[segment(game, "active")]
    seats = values[segment(game, "seats")]
    assert 4 / 15 == seats[14 + 2]  # seat 0's prestige, in the second row
    assert 0.0 == seats[2]


def _centre_rows(game: Morrigan, values: list[float]) -> list[list[float]]:
    centre = values[segment(game, "centre")]
    width = 16 + game.players
    return [centre[start : start + width] for start in range(0, len(centre), width)]


def test_table_copies_fill_their_kinds_slots_whatever_their_ids(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """Two Adversaries 3 fill the two first Adversary 3 slots, the reinforced one first.

    Seat 0 sees seat 1's face-down card under one of them; seat 1 knows it is an Action 5.
    Exchanging the two copies' ids changes the observation, not the vector.
    """
    game = make_game(3)
    state = make_state(
        3,
        hands=[[K.ACTION_1], [K.ACTION_2], [K.ACTION_3]],
        adversaries=[K.ADVERSARY_3, (K.ADVERSARY_3, [(K.ACTION_5, 1)])],
    )
    mine = game.observe(state, 0)
    rows = _centre_rows(game, vector(game, mine))
    third = 2 * 3  # Adversary 3: the third kind, three slots per kind
    reinforced = [1.0, 0, 0, 0, 1.0, 0, 1.0, 0, 0, 3 / 20, 0, 0, 0, 0, 0, 0, 0, 1.0, 0]
    assert reinforced == rows[third]
    assert [1.0, *[0.0] * 8, 3 / 20, *[0.0] * 9] == rows[third + 1]
    assert all(0.0 == sum(row) for index, row in enumerate(rows) if index not in (6, 7))
    placer = _centre_rows(game, vector(game, game.observe(state, 1)))
    assert [1.0, 0.5, 0, 0, 0, 0, 0, 1.0, 0, 8 / 20] == placer[third][:10]
    swapped = relabel(mine)
    assert swapped != mine
    assert [view.card for view in swapped.adversaries] != [view.card for view in mine.adversaries]
    assert vector(game, mine) == vector(game, swapped)


def test_an_ordeal_shows_the_observers_stake_and_the_others_as_staked(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """After seat 1 stakes an Action 4, he sees its kind; seat 2 sees only that he staked."""
    game = make_game(3)
    state = make_state(3, hands=[[K.ORDEAL_2, K.ACTION_1], [K.ACTION_4], [K.ACTION_3]])
    state = play(game, state, PlayOrdeal(2), Stake(K.ACTION_4))
    ordeal = slice(segment(game, "ordeal").start, segment(game, "ordeal").stop)
    staker = vector(game, game.observe(state, 1))[ordeal]
    other = vector(game, game.observe(state, 2))[ordeal]
    assert [1.0, 0.0, 1.0] == staker[:3]  # an Ordeal of value 2
    own_stake = staker[2 + 5 + 5 * 3 :]
    assert [1.0 if kind is K.ACTION_4 else 0.0 for kind in K] == own_stake
    assert 0.0 == sum(other[2 + 5 + 5 * 3 :])
    staked = 1 + 5 + 3 + 1 + 3  # present, value, player, round, waiting
    assert [0.0, 0.0, 1.0] == other[staked : staked + 3]  # seat 1 is to seat 2's right

"""Exact knowledge: perfect-recall reasoners, written from the rules, against ``sample_state``.

Each test plays a short scripted scene, lists with a small reasoner of its own (from the
rules and the true state's public zones, never from the engine's knowledge masks) every
world the observer cannot rule out, projected on the few places the scene is about, and
checks the sampler with :func:`boardgames.testing.check_sampler`: every sample is one of
those worlds, every world is drawn, and the draws are uniform (the scenes involve only
uniform shuffles and blind draws, so every consistent world is equally likely).
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar, cast

import attrs

import boardgames
from boardgames.games.kincses_sziget import KincsesObservation, KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    AnchorDiscard,
    AnchorDraw,
    AnchorMission,
    CrewFromPile,
    CrewFromRow,
    DiscardCrew,
    Done,
    DrawEvent,
    ExchangeWeapon,
    KeepMission,
    MissionFromPile,
    Move,
    PeekCrewTop,
    PeekHand,
    PeekMissionTop,
    RedealMissions,
    Revealed,
    Showed,
    Steal,
    StealTarget,
    TakeFromTable,
    TakeWeapon,
    TreasureFromPile,
    WeaponExchanged,
)
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    MISSIONS,
    PIRATE_COUNT,
    TREASURES,
)
from boardgames.games.kincses_sziget.state import (
    CrewSourceStep,
    ExchangeStep,
    MissionDisposeStep,
    TreasureSourceStep,
    TurnStep,
)
from boardgames.serialization import FORMAT_VERSION
from boardgames.testing import check_sampler

TELESCOPE = 51

World = TypeVar("World", bound=Hashable)


def _telescope(game: KincsesSziget, make_state: Callable[..., KincsesState]) -> KincsesState:
    """Seat 0 of 3 moves from 2 to 3 onto a telescope card."""
    state = make_state(3, positions=(2, 10, 20), event_pile_tops=((TELESCOPE,), (), ()))
    return game.apply(game.apply(state, Move(1)), DrawEvent(0))


def _seen_by(masks: tuple[int, ...], cards: Iterable[int], seat: int) -> tuple[int, ...]:
    """Knowledge masks (one per card, one bit per seat) with ``cards`` marked seen by ``seat``."""
    marked = set(cards)
    return tuple(mask | (1 << seat if card in marked else 0) for card, mask in enumerate(masks))


def _unseen_crew(state: KincsesState, seat: int, peeked: set[int]) -> list[int]:
    """The crew cards ``seat`` has never seen: not his, not face up, not peeked at."""
    seen = set(state.hands[seat]) | set(state.crew_discard) | set(state.chest) | peeked
    seen |= {card for card in state.crew_row if card is not None}
    seen |= {card for played in state.played for card in played}
    return [card for card in range(len(CREW_CARDS)) if card not in seen]


def test_a_peeked_crew_top_drawn_blindly_is_known_in_the_drawers_hand(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A peeked crew top that another player draws blindly is known to be in his hand.

    Rulebook (Telescope): "With its help, you can peek behind the cards." and "the top card of
    the crew card draw pile". Seat 0 peeks at the crew pile's top; seat 1 anchors and draws
    it blindly. The reasoner: seat 1 holds the peeked card (it was on top and he drew the
    top), and the new top is any crew card seat 0 never saw, each equally likely (the pile is
    a uniform shuffle of the unseen cards and the other hands).
    """
    game = make_game(3)
    state = game.apply(_telescope(game, make_state), PeekCrewTop())
    top = state.crew_pile[0]
    state = game.apply(game.apply(state, AnchorDraw()), CrewFromPile())
    assert TurnStep(2) == state.tasks[-1]
    worlds = [(True, card) for card in _unseen_crew(state, 0, {top})]

    def world_of(sample: KincsesState) -> Hashable:
        return (top in sample.hands[1], sample.crew_pile[0])

    report = check_sampler(game, game.observe(state, 0), 0, worlds, world_of)
    assert len(worlds) == report.worlds
    # Seat 2 did not peek: for him the peeked card may be anywhere he cannot see.
    seen_by_2 = game.observe(state, 2)
    places = {
        (top in sample.hands[0], top in sample.hands[1], top in sample.crew_pile)
        for sample in (game.sample_state(seen_by_2, seed) for seed in range(120))
    }
    assert {(True, False, False), (False, True, False), (False, False, True)} == places


def test_a_peeked_treasure_top_drawn_blindly_is_known_in_the_drawers_collection(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A peeked treasure top that another player draws blindly is known to be his.

    Rulebook (Telescope): "the top card of each of the three treasure draw piles". Seat 0
    saw the top of the value-5 pile (a telescope earlier); seat 2, paid by a merchant, takes
    a treasure blindly from that pile. The reasoner: seat 2 holds the peeked card; the
    value-5 pile's new top
    is any value-5 treasure seat 0 never saw, each equally likely.
    """
    game = make_game(3)
    state = make_state(3, tasks=(CrewSourceStep(2, 1), TreasureSourceStep(2, 5)))
    top = state.treasure_piles[2][0]
    state = attrs.evolve(state, treasure_known=_seen_by(state.treasure_known, {top}, 0))
    game.check_state(state)
    state = game.apply(state, TreasureFromPile(5))
    assert top in state.treasures[2]
    seen = set(state.treasure_rows[2]) | set(state.treasure_discard) | {top}
    worlds = [
        (True, card)
        for card in range(len(TREASURES))
        if TREASURES[card].value == 5 and card not in seen
    ]

    def world_of(sample: KincsesState) -> Hashable:
        return (top in sample.treasures[2], sample.treasure_piles[2][0])

    check_sampler(game, game.observe(state, 0), 0, worlds, world_of)
    assert (top,) == game.observe(state, 0).seats[2].known_treasures
    assert () == game.observe(state, 1).seats[2].known_treasures


def test_a_peeked_mission_top_drawn_blindly_is_known_to_the_peeker(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A peeked mission top that another player draws blindly is known to be his.

    Rulebook (Telescope): "the top card of the mission card draw pile". Seat 0 peeks at the
    mission pile's top; seat 1 anchors and draws a mission blindly. The reasoner: seat 1's
    drawn mission is the peeked one, and the pile's new top is any mission seat 0 never saw.
    """
    game = make_game(3)
    state = game.apply(_telescope(game, make_state), PeekMissionTop())
    top = state.mission_pile[0]
    state = game.apply(game.apply(state, AnchorMission()), MissionFromPile())
    assert MissionDisposeStep(1) == state.tasks[-1]
    seen = set(state.missions[0]) | {m for m in state.mission_row if m is not None} | {top}
    worlds = [(top, mission) for mission in range(len(MISSIONS)) if mission not in seen]

    def world_of(sample: KincsesState) -> Hashable:
        return (sample.drawn_missions[1][0], sample.mission_pile[0])

    check_sampler(game, game.observe(state, 0), 0, worlds, world_of)
    assert (top,) == game.observe(state, 0).seats[1].known_drawn
    assert () == game.observe(state, 2).seats[1].known_drawn


# --- The setup's weapon exchanges --------------------------------------------------------


def _weapons_in(cards: Iterable[int]) -> int:
    return sum(1 for card in cards if card >= PIRATE_COUNT)


def _play_setup(game: KincsesSziget, seed: int, wanted: dict[int, int]) -> KincsesState | None:
    """Play the setup of ``new_game(seed)``, each seat exchanging ``wanted`` weapons.

    Returns the state at the first turn, or ``None`` if the deal does not allow it.
    """
    state = game.new_game(seed)
    made = dict.fromkeys(range(game.players), 0)
    while not isinstance(state.tasks[-1], TurnStep):
        step = state.tasks[-1]
        actions = game.legal_actions(state)
        if isinstance(step, ExchangeStep):
            exchanges = [action for action in actions if isinstance(action, ExchangeWeapon)]
            if made[step.player] < wanted.get(step.player, 0):
                if not exchanges:
                    return None
                made[step.player] += 1
                state = game.apply(state, exchanges[0])
                continue
            state = game.apply(state, Done())
        else:
            state = game.apply(state, KeepMission(0))
    return state


def _first_setup(
    game: KincsesSziget,
    wanted: dict[int, int],
    seeds: int,
    where: Callable[[KincsesState], bool] = lambda state: True,
) -> KincsesState:
    """The first of seeds 0 to ``seeds - 1`` whose setup makes the ``wanted`` exchanges.

    Returns the state at the first turn (see :func:`_play_setup`) that ``where`` accepts.
    """
    return next(
        found
        for seed in range(seeds)
        if (found := _play_setup(game, seed, wanted)) is not None and where(found)
    )


def _unseen_pool(state: KincsesState, seat: int) -> list[int]:
    """The crew cards ``seat`` cannot see at the first turn: the others' hands and the pile."""
    seen = set(state.hands[seat]) | {card for card in state.crew_row if card is not None}
    return [card for card in range(len(CREW_CARDS)) if card not in seen]


def _deal_weights(pool: list[int], groups: list[tuple[int, range]]) -> dict[tuple[int, ...], int]:
    """The number of deals of ``pool`` giving each group (size, allowed weapons) each count."""
    weapons = _weapons_in(pool)
    pirates = len(pool) - weapons
    weights: dict[tuple[int, ...], int] = {}
    for counts in itertools.product(*(allowed for _, allowed in groups)):
        weight, left_w, left_p = 1, weapons, pirates
        for (size, _), count in zip(groups, counts, strict=True):
            weight *= math.comb(left_w, count) * math.comb(left_p, size - count)
            left_w, left_p = left_w - count, left_p - (size - count)
        weights[counts] = weight
    return weights


def _chi_square(counts: Mapping[World, int], weights: Mapping[World, int]) -> float:
    total, mass = sum(counts.values()), sum(weights.values())
    return sum(
        (counts.get(world, 0) - total * weight / mass) ** 2 / (total * weight / mass)
        for world, weight in weights.items()
    )


def _check_weapon_counts(
    game: KincsesSziget,
    state: KincsesState,
    hands: dict[int, tuple[int, range]],
    pool: list[int],
    *,
    samples: int,
    below: float,
) -> None:
    """Seat 0's samples give each seat of ``hands`` its weapon counts as often as deals do.

    ``hands`` maps a seat to the size of the part of its hand the reasoner speaks of and the
    weapon counts it allows there; every deal of ``pool``, the cards seat 0 cannot see, that
    gives those counts is equally likely. The worlds are the tuples of weapon counts, seat
    by seat; the draws' chi-square statistic against the deals must stay ``below``.
    """
    seats = list(hands)
    weights = _deal_weights(pool, [hands[seat] for seat in seats])

    def world_of(sample: KincsesState) -> Hashable:
        return tuple(_weapons_in(sample.hands[seat]) for seat in seats)

    report = check_sampler(
        game, game.observe(state, 0), 0, list(weights), world_of, samples=samples, uniform=False
    )
    counts = dict(zip(weights, report.counts, strict=True))
    assert _chi_square(counts, weights) < below


def test_a_weapon_exchange_says_the_hand_kept_two_weapons_and_got_pirates(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """After k exchanges the exchanger's 4 cards hold 2 to 4 - k weapons, and no other deal.

    Rulebook (Setup): "If a player was dealt more than 2 weapon cards (whether the card
    depicts a weapon or another item), they may exchange each card beyond 2 for a randomly
    chosen pirate card."
    Seat 1 exchanges one weapon, so it held 3 or 4 (more than 2) and now holds 2 or
    3 with the pirate it got; a seat that exchanges two held 4 and now holds exactly 2. The
    reasoner lists the weapon counts seat 0 cannot rule out and weighs each by the number
    of deals of the cards seat 0 cannot see that give it (every such deal is drawn equally
    often: the page's distribution); the draws must match (chi-square, fixed seeds).
    """
    game = make_game(2)
    for exchanges in (1, 2):
        state = _first_setup(game, {1: exchanges}, 400)
        allowed = range(2, 4 - exchanges + 1)
        assert _weapons_in(state.hands[1]) in allowed
        pool = _unseen_pool(state, 0)
        # below: the 0.9999 quantile of chi-square, 1 degree of freedom
        _check_weapon_counts(game, state, {1: (4, allowed)}, pool, samples=1500, below=15.14)


def test_the_exchanges_of_two_seats_are_drawn_jointly(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Two exchangers' setup hands are drawn together, from the same unseen cards.

    Rulebook (Setup): "If a player was dealt more than 2 weapon cards (whether the card
    depicts a weapon or another item), they may exchange each card beyond 2 for a randomly
    chosen pirate card."
    Seats 1 and 2 of 3 each exchanged one weapon; seat 0 knows each holds 2 or 3
    weapons. The reasoner weighs each pair of weapon counts by its number of deals of the
    unseen cards; draws, counted by pair, must match those weights.
    """
    game = make_game(3)
    state = _first_setup(game, {1: 1, 2: 1}, 2000)
    allowed = range(2, 4)
    hands = {1: (4, allowed), 2: (4, allowed)}
    pool = _unseen_pool(state, 0)
    # below: the 0.9999 quantile of chi-square, 3 degrees of freedom
    _check_weapon_counts(game, state, hands, pool, samples=2000, below=21.11)


def _greedy_setup(game: KincsesSziget, seed: int) -> KincsesState:
    """Play the setup of ``new_game(seed)``: every seat exchanges every weapon it may."""
    state = game.new_game(seed)
    while not isinstance(state.tasks[-1], TurnStep):
        actions = game.legal_actions(state)
        exchanges = [action for action in actions if isinstance(action, ExchangeWeapon)]
        state = game.apply(state, exchanges[0] if exchanges else actions[0])
    return state


def _exchanges(state: KincsesState) -> list[int]:
    counts = [0] * state.players
    for seat, entry in state.history:
        if isinstance(entry, WeaponExchanged):
            counts[seat] += 1
    return counts


def test_samples_keep_every_exchange_over_random_early_positions(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Over 10,000 samples of random early positions, no exchanger's hand breaks its exchange.

    Rulebook (Setup): "If a player was dealt more than 2 weapon cards (whether the card
    depicts a weapon or another item), they may exchange each card beyond 2 for a randomly
    chosen pirate card."
    The reasoner follows the true game: while an exchanger has only gained cards
    since the setup (blind draws or face-up takes, no card gone, no steal from him, no
    peek at his hand and no cards shown), his setup hand is still in his hand, so in every
    world another seat cannot rule out, his cards other than the ones he took face up
    (which everyone saw) hold at least 2 weapons and at least as many pirates as he
    exchanged weapons. Every sample, from every other seat's view, must agree.
    """
    checked = 0
    seed = 0
    while checked < 10_000:
        seed += 1
        players = 2 + seed % 3
        game = make_game(players)
        state = _greedy_setup(game, seed)
        counts = _exchanges(state)
        if not any(counts):
            continue
        face_up: list[set[int]] = [set() for _ in range(players)]
        watched = {seat for seat in range(players) if counts[seat]}
        rng = random.Random(seed)
        while watched and not game.is_terminal(state):
            actions = game.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            row = dict(enumerate(state.crew_row))
            after = game.apply(state, action)
            for seat in list(watched):
                if not set(state.hands[seat]) <= set(after.hands[seat]):
                    watched.discard(seat)  # a card left: the reasoner stops here
            for seat, entry in after.history[len(state.history) :]:
                if isinstance(entry, CrewFromRow) and row[entry.slot] is not None:
                    face_up[seat].add(cast("int", row[entry.slot]))
                elif isinstance(entry, TakeFromTable | TakeWeapon):
                    face_up[seat].add(entry.card)
                elif isinstance(entry, Showed):
                    watched.discard(seat)
                elif isinstance(entry, PeekHand | Steal):
                    watched.discard(entry.opponent)
            state = after
            for seat in watched:
                for observer in set(range(players)) - {seat}:
                    seen = game.observe(state, observer)
                    for index in range(3):
                        sample = game.sample_state(seen, seed * 1000 + checked + index)
                        rest = set(sample.hands[seat]) - face_up[seat]
                        weapons = _weapons_in(rest)
                        assert weapons >= 2, (seed, seat, observer)
                        assert len(rest) - weapons >= counts[seat], (seed, seat, observer)
                        checked += 1


def test_a_setup_card_discarded_face_up_keeps_the_constraint_on_the_rest(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """A card the exchanger discards before any blind draw was a setup card: the rest adapt.

    Rulebook (Setup): "If a player was dealt more than 2 weapon cards (whether the card
    depicts a weapon or another item), they may exchange each card beyond 2 for a randomly
    chosen pirate card."
    Rulebook (Anchoring): "Discard one crew card (taking care not to be left with
    fewer than 2 cards in hand)." Seat 1 exchanged one weapon (its 4 cards hold 2 or 3
    weapons), then discards a weapon face up before drawing anything: that weapon was one
    of the 4, so seat 0 knows the 3 cards left hold 1 or 2 weapons. The reasoner weighs each
    count by its deals of the cards seat 0 cannot see.
    """
    game = make_game(2)
    state = _first_setup(game, {1: 1}, 400, lambda found: TurnStep(1) == found.tasks[-1])
    weapon = next(card for card in state.hands[1] if card >= PIRATE_COUNT)
    state = game.apply(game.apply(state, AnchorDiscard()), DiscardCrew(weapon))
    assert TurnStep(0) == state.tasks[-1]
    pool = [card for card in _unseen_pool(state, 0) if card != weapon]
    # below: the 0.9999 quantile of chi-square, 1 degree of freedom
    _check_weapon_counts(game, state, {1: (3, range(1, 3))}, pool, samples=1500, below=15.14)


def _old_document(value: object, version: int) -> str:
    """``value``'s JSON as format ``version`` wrote it: without the setup-hand fields.

    Loading calls the game's upgrade for formats other than the current one; a format-2
    document is upgraded here (the envelope's version is 2 until the format is bumped).
    """
    document = json.loads(boardgames.dumps(value))
    data = document["data"]
    for name in (
        "setup_exchanges",
        "setup_hands",
        "setup_live",
        "steal_records",
        "steals",
        "mission_somewhere",
        "mission_pile_somewhere",
    ):
        data.pop(name, None)
    for view in data.get("seats", ()):
        del view["exchanges"], view["setup_known"]
    document["format"] = version
    if version == FORMAT_VERSION:
        from boardgames.games.kincses_sziget._setup_knowledge import upgrade

        kind = "state" if isinstance(value, KincsesState) else "observation"
        document["data"] = upgrade(data, kind, version)
    return json.dumps(document)


def test_a_document_from_before_the_setup_knowledge_still_loads(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """A format-1 or format-2 state or observation without the setup-hand fields loads.

    The exchanges are counted from the document's public history; nobody tracks a setup
    hand (the document did not keep them), so the loaded value knows what it knew then.
    """
    game = make_game(3)
    state = _first_setup(game, {1: 1, 2: 1}, 2000)
    assert state.setup_live[1]
    seen = game.observe(state, 0)
    assert () == seen.seats[1].setup_known
    for version in (1, 2):
        loaded = boardgames.loads(_old_document(state, version))
        assert isinstance(loaded, KincsesState)
        forgotten = attrs.evolve(
            state,
            setup_hands=((),) * 3,
            setup_live=(0,) * 3,
            mission_somewhere=(0,) * len(MISSIONS),
        )
        assert forgotten == loaded
        assert (0, 1, 1) == loaded.setup_exchanges
        old = boardgames.loads(_old_document(seen, version))
        assert isinstance(old, KincsesObservation)
        assert [0, 1, 1] == [view.exchanges for view in old.seats]
        assert all(view.setup_known is None for view in old.seats)


# --- Random steals ---------------------------------------------------------------------------

INTRIGUE = 26


def _where(sample: KincsesState, card: int) -> str:
    if card in sample.hands[0]:
        return "thief"
    return "victim" if card in sample.hands[1] else "elsewhere"


def test_after_a_random_steal_the_victims_known_cards_are_his_or_the_thiefs(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A third seat keeps the victim's cards he knew: exactly one of them may be the thief's.

    Rulebook (Intrigue): "They may also decide to draw a crew card blindly from an
    opponent's hand". Seat 2 knew cards 3 and 4 of seat 1's four (a peek); seat 0 draws one
    of the four blindly. The reasoner: each of the four is drawn with chance 1/4, so card 3
    went to the thief (4 stayed) with chance 1/4, card 4 with 1/4, and a card seat 2 never
    saw with 1/2 (both stayed); nothing else is possible. The draws must match.
    """
    game = make_game(3)
    state = make_state(
        3,
        positions=(2, 36, 37),
        event_pile_tops=((INTRIGUE,), (), ()),
        hands=((0, 1, 2), (3, 4, 5, 6), (7, 8, 9)),
    )
    state = attrs.evolve(state, crew_known=_seen_by(state.crew_known, (3, 4), 2))
    game.check_state(state)
    state = game.apply(game.apply(state, Move(1)), DrawEvent(0))
    state = game.apply(state, Steal(1, StealTarget.CREW))
    weights: dict[tuple[str, ...], int] = {
        ("thief", "victim"): 1,
        ("victim", "thief"): 1,
        ("victim", "victim"): 2,
    }

    def world_of(sample: KincsesState) -> Hashable:
        return (_where(sample, 3), _where(sample, 4))

    seen = game.observe(state, 2)
    report = check_sampler(game, seen, 2, list(weights), world_of, samples=2000, uniform=False)
    assert ((1, 0, (3, 4), 2),) == seen.steals
    counts = dict(zip(weights, report.counts, strict=True))
    assert _chi_square(counts, weights) < 18.42  # the 0.9999 quantile, 2 degrees of freedom
    # The thief and the victim saw the card: they keep no record.
    assert () == game.observe(state, 0).steals == game.observe(state, 1).steals


def test_samples_keep_what_a_third_seat_knew_of_a_victim_over_random_games(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Over random games, no sample puts a victim's known card outside the two hands.

    Rulebook (Intrigue): "They may also decide to draw a crew card blindly from an
    opponent's hand". The reasoner follows the true game: after a random crew steal, each
    other seat knew some of the victim's cards (its observation just before); while the
    victim's and the thief's hands only gain cards (no card gone, shown or revealed, no peek
    at them, no further steal from them), every world that seat cannot rule out has each of those
    cards with the victim or the thief, and at most one of them with the thief.
    """
    checked = 0
    seed = 0
    while checked < 3000:
        seed += 1
        game = make_game(3 + seed % 2)
        rng = random.Random(seed)
        state = game.new_game(seed)
        watched: list[tuple[int, int, int, frozenset[int]]] = []
        while not game.is_terminal(state):
            actions = game.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            before = (
                [game.observe(state, seat).seats for seat in range(game.players)]
                if isinstance(action, Steal)
                else []
            )
            after = game.apply(state, action)
            for seat in range(game.players):
                if not set(state.hands[seat]) <= set(after.hands[seat]):
                    watched = [w for w in watched if seat not in w[1:3]]
            for seat, entry in after.history[len(state.history) :]:
                if isinstance(entry, Showed | Revealed):
                    watched = [w for w in watched if seat not in w[1:3]]
                elif isinstance(entry, PeekHand):
                    watched = [w for w in watched if entry.opponent not in w[1:3]]
                elif isinstance(entry, Steal) and entry.target is StealTarget.CREW:
                    victim = entry.opponent
                    watched = [w for w in watched if victim not in w[1:3]]
                    watched += [
                        (observer, victim, seat, frozenset(before[observer][victim].known_hand))
                        for observer in set(range(game.players)) - {seat, victim}
                        if before[observer][victim].known_hand
                    ]
            state = after
            for observer, victim, thief, cards in watched:
                seen = game.observe(state, observer)
                for index in range(4):
                    sample = game.sample_state(seen, seed * 1000 + checked + index)
                    assert cards <= set(sample.hands[victim]) | set(sample.hands[thief])
                    assert len(cards & set(sample.hands[thief])) <= 1
                    checked += 1


# --- Missions known to be somewhere in the pile ---------------------------------------------


def test_a_returned_setup_mission_is_somewhere_in_the_pile(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Each player knows the mission he returned is in the pile, at a random place.

    Rulebook (Setup): "Each player draws 2 mission cards, keeps one and returns the other.
    The returned cards are shuffled back in with the remaining mission cards, and then 3
    face-up mission cards are placed as a 'visible row'". The reasoner: seat 0's returned
    mission, not in the row, lies in the face-down pile, each place equally likely (a
    uniform shuffle); no other seat can hold it. Then a blind draw from the pile: only the
    drawer, who sees the card, still knows his returned mission is in the pile (if he did
    not draw it); the others cannot tell whether he drew theirs.
    """
    game = make_game(3)
    returned, state = next(
        ([offer[1] for offer in game.new_game(seed).mission_offers], found)
        for seed in range(100)
        if (found := _play_setup(game, seed, {})) is not None
        and game.new_game(seed).mission_offers[0][1] not in found.mission_row
    )
    worlds = list(range(len(state.mission_pile)))

    def world_of(sample: KincsesState) -> Hashable:
        return sample.mission_pile.index(returned[0]) if returned[0] in sample.mission_pile else -1

    check_sampler(game, game.observe(state, 0), 0, worlds, world_of, samples=20 * len(worlds))
    assert (returned[0],) == game.observe(state, 0).mission_pile_somewhere
    drawer = game.current_player(state)
    assert drawer is not None
    state = game.apply(game.apply(state, AnchorMission()), MissionFromPile())
    (drawn,) = state.drawn_missions[drawer]
    for seat in range(3):
        somewhere = game.observe(state, seat).mission_pile_somewhere
        kept = seat == drawer and returned[seat] != drawn and returned[seat] in state.mission_pile
        assert ((returned[seat],) if kept else ()) == somewhere


PARROT = 60


def test_row_missions_the_parrot_redeals_are_somewhere_in_the_pile(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The missions of the row the parrot shuffles back are in the pile for everyone.

    Rulebook (Parrot): "The parrot always mixes everything up. It can confuse an opponent's
    strategy, or refresh the visible rows that were dealt badly." The three face-up
    missions go into the pile, which is shuffled, and a new row is dealt from it. The
    reasoner: every old row mission not dealt again lies in the pile, each at any place
    with the same chance; nowhere else.
    """
    game = make_game(3)
    state = make_state(3, positions=(2, 10, 20), event_pile_tops=((PARROT,), (), ()))
    state = game.apply(game.apply(state, Move(1)), DrawEvent(0))
    old_row = [mission for mission in state.mission_row if mission is not None]
    state = game.apply(state, RedealMissions())
    hidden = [mission for mission in old_row if mission not in state.mission_row]
    assert hidden
    watched = hidden[0]
    worlds = list(range(len(state.mission_pile)))

    def world_of(sample: KincsesState) -> Hashable:
        pile = sample.mission_pile
        return pile.index(watched) if watched in pile else -1

    check_sampler(game, game.observe(state, 1), 1, worlds, world_of, samples=20 * len(worlds))
    for seat in range(3):
        assert tuple(sorted(hidden)) == game.observe(state, seat).mission_pile_somewhere


def test_a_setup_card_stolen_from_a_third_hand_ends_the_tracking_of_those_who_lose_it() -> None:
    """A setup card that left face up and is stolen from its new holder ends the tracking.

    Rulebook (Setup): "If a player was dealt more than 2 weapon cards (whether the card
    depicts a weapon or another item), they may exchange each card beyond 2 for a randomly
    chosen pirate card."
    Rulebook (Intrigue): "steal a randomly chosen crew card or treasure from an opponent."
    Seat 1 exchanged one weapon, then lost Tim Cook, one of its 4 setup cards, face up; seat
    3 holds it. Seat 2 steals a random card from seat 3: seats 0 and 1 no longer know where
    Tim Cook is, so seat 0 can no longer tell which of seat 1's hidden cards the constraint
    is on and stops tracking; seats 2 and 3 (the two who see the card move) still track.
    The state stays one the game can continue and the observations sample.
    """
    game = KincsesSziget(players=4)
    text = """kincses-sziget players 4
        turn 3
        turn-index 2
        seat 1 exchanges 1
        seat 2 at 3
        space 3 event intrigue
        event-pile 0 21
        seat 1 hand gambling game, loaded dice, Flora Burns, ?
        seat 1 setup-hand Tim Cook, Flora Burns, gambling game, loaded dice
        seat 1 setup-live 0+2+3
        seat 3 hand Tim Cook, ?, ?, ?
        known crew 0+1+2+3 Tim Cook
        task IntrigueStep player=2"""
    state = game.setup(game.parse_position(text), seed=5)
    game.check_state(state)
    after = game.apply(state, Steal(3, StealTarget.CREW))
    game.check_state(after)
    assert 0b1100 == after.setup_live[1]
    assert game.observe(after, 0).seats[1].setup_known is None
    assert game.observe(after, 2).seats[1].setup_known is not None
    for observer in range(4):
        for seed in range(20):
            game.check_state(game.sample_state(game.observe(after, observer), seed=seed))

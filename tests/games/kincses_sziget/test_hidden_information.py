"""What each player may see (the page's hidden information), and states sampled from it."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.core.errors import InvalidStateError
from boardgames.games.kincses_sziget import (
    KincsesObservation,
    KincsesState,
    KincsesSziget,
    SeatView,
)
from boardgames.games.kincses_sziget.actions import (
    AddMission,
    AnchorMission,
    BattleAdd,
    Challenge,
    Committed,
    Compose,
    CrewFromPile,
    DiscardCrew,
    DrawEvent,
    EventDrawn,
    KeepMission,
    MissionFromPile,
    Move,
    PeekHand,
    PeekMissions,
    PeekTreasures,
    Revealed,
    Showed,
    Steal,
    StealTarget,
    Theft,
    TreasureFromPile,
)
from boardgames.games.kincses_sziget.components import (
    EVENT_COPIES,
    EVENT_ID_IN_PLAY,
    TREASURES,
)
from boardgames.games.kincses_sziget.observation import check_observation
from boardgames.games.kincses_sziget.state import (
    CrewSourceStep,
    KeepStep,
    MissionDisposeStep,
    TreasureSourceStep,
    TurnStep,
)

INTRIGUE = 26
"""An intrigue event card."""


def random_states(game: KincsesSziget, seed: int, limit: int = 400) -> list[KincsesState]:
    """Return the states of a random game from ``seed`` (at most ``limit`` decisions)."""
    rng = random.Random(seed)
    states = [game.new_game(seed)]
    while not game.is_terminal(states[-1]) and len(states) < limit:
        actions = game.legal_actions(states[-1])
        states.append(game.apply(states[-1], actions[rng.randrange(len(actions))]))
    return states


def test_an_observation_has_no_field_for_hidden_cards() -> None:
    """An observation has no field for hidden cards.

    An observation never holds the random stream, a deck order or a card the player may not see.
    Only sizes and what the observer knows are kept.
    """
    fields = set(attrs.fields_dict(KincsesObservation))
    assert not {"rng", "crew_pile", "hands", "treasures", "missions", "event_piles"} & fields
    assert {"crew_pile_size", "event_pile_sizes", "mission_pile_size"} <= fields
    seat_fields = set(attrs.fields_dict(SeatView))
    assert {"hand_size", "known_hand", "treasure_count", "known_treasures"} <= seat_fields
    assert not {"hand", "treasures", "missions", "commit"} & seat_fields


def test_a_player_sees_his_own_cards_and_only_counts_of_the_others(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """A player sees his own cards and only counts of the others.

    Hidden information: a crew hand and the missions held are seen by their owner, the others
    see their count; face-down islands are hidden; the setup mission offer is private.
    """
    game = make_game(4)
    state = game.new_game(seed=9)
    for seat in range(4):
        view = game.observe(state, seat)
        assert state.hands[seat] == view.seats[seat].known_hand
        assert state.mission_offers[seat] == view.seats[seat].known_offer
        for other in range(4):
            if other != seat:
                assert () == view.seats[other].known_hand
                assert () == view.seats[other].known_offer
                assert 4 == view.seats[other].hand_size
                assert 2 == view.seats[other].offer_count
        assert all(island.island is None for island in view.islands)
        assert () == view.crew_pile_known


def test_hidden_differences_do_not_change_an_observation(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Hidden differences do not change an observation.

    Two states that differ only in what seat 0 cannot see look the same to seat 0: the other hand,
    the other treasures and missions, the pile orders and a face-down island.
    """
    game = make_game(2)
    rows = {
        "crew_row": (40, 41, 42, 43, 44, 45),
        "treasure_rows": ((10, 11), (22, 23), (34, 35)),
        "mission_row": (20, 21, 22),
    }
    first = make_state(hands=((0, 1, 2, 3), (4, 5, 6, 7)), treasures=((), (1,)), **rows)
    second = make_state(
        **rows,
        hands=((0, 1, 2, 3), (30, 31, 32, 33)),
        treasures=((), (2,)),
        missions=((0,), (5,)),
        crew_pile_top=(60, 61),
        event_pile_tops=((63,), (62,), (61,)),
        islands={15: 2, 25: 3, 30: 6, 35: 9},
    )
    assert game.observe(first, 0) == game.observe(second, 0)
    assert game.observe(first, 1) != game.observe(second, 1)


def test_a_committed_duel_composition_is_invisible_to_the_opponent(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Duel and battle compositions are seen by their committer only until the reveal (E4)."""
    game = make_game(2)
    base = make_state(hands=((40, 44, 69, 1), (4, 5, 6, 7)), event_pile_tops=((14,), (), ()))
    for action in (Move(1), DrawEvent(0), Challenge(1), DiscardCrew(1)):
        base = game.apply(base, action)
    tim = game.apply(base, Compose(40, 69))
    caspar = game.apply(base, Compose(44, None))
    assert game.observe(tim, 1) == game.observe(caspar, 1)
    assert (0, Committed()) == tim.history[-1]


def test_the_kept_setup_mission_is_secret(make_game: Callable[..., KincsesSziget]) -> None:
    """The kept setup mission is secret.

    Rulebook: "Mission cards contain each player's individual task." (Missions held are seen by
    their owner only.)
    """
    game = make_game(2)
    state = game.new_game(seed=2)
    while not isinstance(state.tasks[-1], KeepStep):
        state = game.apply(state, game.legal_actions(state)[0])
    seat = state.tasks[-1].player
    other = 1 - seat
    first = game.apply(state, KeepMission(0))
    second = game.apply(state, KeepMission(1))
    assert game.observe(first, other) == game.observe(second, other)


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32))
def test_sampled_states_look_the_same_to_the_observer(players: int, seed: int) -> None:
    """Sampled states look the same to the observer.

    ``sample_state(observation, seed)`` builds a full state that agrees with the observation,
    drawing only what its player cannot know (docs/explanation/design.md).
    """
    game = boardgames.make("kincses-sziget", players)
    assert isinstance(game, KincsesSziget)
    states = random_states(game, seed)
    for state in states[:: max(1, len(states) // 12)]:
        mover = game.current_player(state)
        for seat in range(players):
            observation = game.observe(state, seat)
            sample = game.sample_state(observation, seed + seat)
            game.check_state(sample)
            assert observation == game.observe(sample, seat)
            if seat == mover:
                assert list(game.legal_actions(state)) == list(game.legal_actions(sample))


@attrs.frozen
class _Zone:
    """How to follow one kind of hidden card through a game, from the full states."""

    held: Callable[[KincsesState, int], set[int]]
    """The cards a seat holds."""
    pile: Callable[[KincsesState], set[int]]
    """The cards in the face-down piles."""
    shown: Callable[[KincsesObservation, int], set[int]]
    """The cards an observation says a seat holds."""
    pile_known: Callable[[KincsesObservation], set[int]]
    """The pile cards an observer knows (telescope peeks)."""
    peek: type
    """The telescope action that shows a seat's cards to the peeker."""


_ZONES = {
    "crew": _Zone(
        held=lambda state, seat: set(state.hands[seat]),
        pile=lambda state: set(state.crew_pile),
        shown=lambda view, seat: set(view.seats[seat].known_hand),
        pile_known=lambda view: {card for _, card in view.crew_pile_known},
        peek=PeekHand,
    ),
    "treasure": _Zone(
        held=lambda state, seat: set(state.treasures[seat]),
        pile=lambda state: {card for pile in state.treasure_piles for card in pile},
        shown=lambda view, seat: set(view.seats[seat].known_treasures),
        pile_known=lambda view: {card for _, _, card in view.treasure_pile_known},
        peek=PeekTreasures,
    ),
    "mission": _Zone(
        held=lambda state, seat: {
            *state.missions[seat],
            *state.mission_offers[seat],
            *state.drawn_missions[seat],
        },
        pile=lambda state: set(state.mission_pile),
        shown=lambda view, seat: {
            *view.seats[seat].known_missions,
            *view.seats[seat].known_offer,
            *view.seats[seat].known_drawn,
        },
        pile_known=lambda view: {mission for _, mission in view.mission_pile_known},
        peek=PeekMissions,
    ),
}


def _unseen_cards_stay_unseen(
    game: KincsesSziget, states: list[KincsesState], zone: _Zone, name: str
) -> dict[str, int]:
    """Follow the cards dealt or drawn blindly, and stolen, and check no observation names one.

    The account is built from the full states (where each card physically goes) and the
    public history only, not from the engine's knowledge masks: a card dealt to a seat, or
    drawn blindly from a pile, is unseen by every other seat (but one who peeked at it on
    the pile); a card taken at random from a seat is unseen by all but the thief and the
    victim, and so are the victim's remaining cards. A card stops being followed when it
    leaves its holder or is shown or revealed, and a telescope peek at the holder lets the
    peeker see it. Returns how many cards of each origin were followed.
    """
    players = states[0].players
    seats = set(range(players))
    counts = {"dealt": 0, "blind": 0, "stolen": 0}
    secret: dict[int, tuple[int, set[int]]] = {}  # card -> (holder, seats that have not seen it)
    for seat in seats:
        for card in zone.held(states[0], seat):
            secret[card] = (seat, seats - {seat})
            counts["dealt"] += 1
    views = [game.observe(states[0], seat) for seat in seats]
    for index, state in enumerate(states):
        if index:
            before = states[index - 1]
            for card, (holder, _) in list(secret.items()):
                if card not in zone.held(state, holder):
                    del secret[card]
            entries = state.history[len(before.history) :]
            for seat, entry in entries:
                if name == "crew" and isinstance(entry, Showed | Revealed):
                    for card in entry.cards:
                        secret.pop(card, None)
                if isinstance(entry, zone.peek):
                    for holder, blind in secret.values():
                        if holder == entry.opponent:  # type: ignore[union-attr]
                            blind.discard(seat)
            pile = zone.pile(before)
            for seat in seats:
                for card in zone.held(state, seat) - zone.held(before, seat):
                    if card in pile:
                        peekers = {v for v in seats if card in zone.pile_known(views[v])}
                        secret[card] = (seat, seats - {seat} - peekers)
                        counts["blind"] += 1
                        continue
                    victim = next((q for q in seats if card in zone.held(before, q)), None)
                    if victim is None:
                        continue
                    assert any(isinstance(entry, Steal | Theft) for _, entry in entries)
                    others = seats - {seat, victim}
                    secret[card] = (seat, set(others))
                    for rest in zone.held(state, victim):
                        unseen = secret.get(rest, (victim, set()))[1]
                        secret[rest] = (victim, unseen | others)
                    counts["stolen"] += 1
            views = [game.observe(state, seat) for seat in seats]
        for card, (holder, blind) in secret.items():
            for viewer in blind:
                assert card not in zone.shown(views[viewer], holder), (index, name, card)
        for seat in seats:
            assert views[seat].commit == state.commits[seat]
    return counts


def test_observations_carry_no_opponent_secrets_in_real_games(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Observations carry no opponent secrets in real games.

    Hidden information: a crew hand is seen by its owner, the others see its count; a blind
    draw by the drawer only; a stolen card by the thief and the victim; a blind treasure draw
    or a random steal by the receiver (and the victim); missions held by their owner. An
    account kept from where the cards physically go and from the public history (not from the
    engine's knowledge masks) says which cards each seat has not seen; no observation names one.
    """
    game = make_game(3)
    totals = {(name, origin): 0 for name in _ZONES for origin in ("dealt", "blind", "stolen")}
    for seed in (17, 18, 19):
        states = random_states(game, seed=seed, limit=600)
        for name, zone in _ZONES.items():
            for origin, count in _unseen_cards_stay_unseen(game, states, zone, name).items():
                totals[name, origin] += count
    assert totals["crew", "dealt"]
    assert totals["mission", "dealt"]
    assert all(totals[name, "blind"] for name in _ZONES), totals
    assert totals["crew", "stolen"] + totals["treasure", "stolen"], totals


def _values(state: KincsesState, seat: int) -> tuple[int, ...]:
    return tuple(sorted(TREASURES[card].value for card in state.treasures[seat]))


def test_everyone_knows_the_value_of_a_blind_treasure_draw_and_samples_keep_it(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Everyone knows the value of a blind treasure draw, and sampled states keep it.

    Rulebook: "Sort the treasure cards by value (1, 3 and 5). For each of the three values,
    place one face-down draw pile and 2 face-up cards beside the board." The pile a player
    draws from is public (the history logs its value), the card only he sees (blind
    draws and random steals are private to the receiver). ``sample_state`` draws only what
    its player cannot know: seat 0's card is of value 5 and seat 2's of value 1 in every
    state sampled for seat 1. Seat 0 draws his now (the treasure of a taken island), seat 2
    drew his earlier.
    """
    game = make_game(3)
    state = make_state(3, blind_treasures=((), (), (11,)), tasks=(TreasureSourceStep(0, 5),))
    state = game.apply(state, TreasureFromPile(5))
    assert TurnStep(1) == state.tasks[-1]
    assert ((5,), (), (1,)) == tuple(_values(state, seat) for seat in range(3))
    observation = game.observe(state, 1)
    for seed in range(200):
        sample = game.sample_state(observation, seed)
        assert ((5,), (), (1,)) == tuple(_values(sample, seat) for seat in range(3))
        game.check_state(sample)
        assert observation == game.observe(sample, 1)
    assert ((), (5,)) == (
        observation.seats[0].known_treasures,
        observation.seats[0].known_treasure_values,
    )
    assert ((), (1,)) == (
        observation.seats[2].known_treasures,
        observation.seats[2].known_treasure_values,
    )
    mine = game.observe(state, 0).seats[0]
    assert (state.treasures[0], ()) == (mine.known_treasures, mine.known_treasure_values)
    text = game.render_observation(observation)
    assert "you know seat 0's treasures: a treasure of value 5" in text
    assert "you know seat 2's treasures: a treasure of value 1" in text


def test_a_random_theft_blurs_the_values_the_others_knew(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A random theft blurs the values the others knew.

    Rulebook (intrigue): "to choose a treasure card from that player's collection (also
    blindly)"; random steals are private to the receiver (and the victim). Seat 1 knew
    seat 2 drew a 5, a 3 and a 1; after seat 0 steals one at random, seat 1 no longer knows
    which value went where (the observation may hold less than perfect recall, never more),
    while the thief knows the card he took and the values left, and the victim knows the card
    he lost.
    """
    game = make_game(3)
    state = make_state(
        3,
        positions=(2, 36, 37),
        event_pile_tops=((INTRIGUE,), (), ()),
        blind_treasures=((), (), (11, 23, 35)),  # drawn blindly from the piles of 1, 3 and 5
    )
    assert (1, 3, 5) == game.observe(state, 1).seats[2].known_treasure_values
    assert (1, 3, 5) == game.observe(state, 0).seats[2].known_treasure_values
    for action in (Move(1), DrawEvent(0), Steal(2, StealTarget.TREASURE)):
        state = game.apply(state, action)
    assert (1, 2) == (len(state.treasures[0]), len(state.treasures[2]))
    third = game.observe(state, 1)
    for seat in (0, 2):
        assert ((), ()) == (
            third.seats[seat].known_treasures,
            third.seats[seat].known_treasure_values,
        )
    thief = game.observe(state, 0)
    assert state.treasures[0] == thief.seats[0].known_treasures
    assert _values(state, 2) == thief.seats[2].known_treasure_values
    assert state.treasures[0] == game.observe(state, 2).seats[0].known_treasures
    for seat in range(3):
        observation = game.observe(state, seat)
        for seed in range(20):
            sample = game.sample_state(observation, seed)
            game.check_state(sample)
            assert observation == game.observe(sample, seat)


def test_blind_draws_stay_private_to_the_drawer(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Blind draws stay private to the drawer.

    A blind crew draw is seen by the drawer only, and so is a blind treasure draw; missions held
    are seen by their owner (a mission drawn from the pile is seen by its drawer only;
    A-IRA-34: a mission comes from the row or the pile).
    """
    game = make_game(3)
    # Seat 2 sold the merchant of seat 0's turn the only weapon: a treasure and a crew card.
    state = make_state(3, tasks=(CrewSourceStep(2, 1), TreasureSourceStep(2, 5)))
    treasure = state.treasure_piles[1][0]
    state = game.apply(state, TreasureFromPile(3))
    assert treasure in state.treasures[2]
    assert treasure in game.observe(state, 2).seats[2].known_treasures
    for viewer in (0, 1):
        view = game.observe(state, viewer).seats[2]
        assert ((), (3,)) == (view.known_treasures, view.known_treasure_values)

    card = state.crew_pile[0]
    state = game.apply(state, CrewFromPile())
    assert card in state.hands[2]
    assert card in game.observe(state, 2).seats[2].known_hand
    for viewer in (0, 1):
        assert card not in game.observe(state, viewer).seats[2].known_hand

    mission = state.mission_pile[0]
    state = game.apply(state, AnchorMission())
    state = game.apply(state, MissionFromPile())
    assert MissionDisposeStep(1) == state.tasks[-1]
    assert (mission,) == game.observe(state, 1).seats[1].known_drawn
    for viewer in (0, 2):
        view = game.observe(state, viewer).seats[1]
        assert (1, ()) == (view.drawn_count, view.known_drawn)
    state = game.apply(state, AddMission())
    assert mission in state.missions[1]
    for viewer in (0, 2):
        view = game.observe(state, viewer).seats[1]
        assert (2, ()) == (view.mission_count, view.known_missions)


def test_secret_choices_are_described_to_the_others_as_the_public_history_shows_them(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """The others are told what the public history records of a move; the mover all of it.

    "Everyone prepares for the action in secret": a merchant offer or refusal is only
    "committed". A card added to a battle composition is not recorded, and not described
    at all (E4: the others see "only *that* an earlier player has committed, not how many
    cards").
    """
    game = make_game(3)
    seen_secret = 0
    for seed in (1, 2):
        record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=seed)
        states = list(boardgames.replay(record))
        for state, action, after in zip(states, record.actions, states[1:], strict=False):
            seat = game.current_player(state)
            assert seat is not None
            observation = game.observe(state, seat)
            public: str | None
            if isinstance(action, BattleAdd):
                public = None
            elif isinstance(action, DrawEvent):
                public = str(action)
            else:
                logged_seat, logged = after.history[len(state.history)]
                assert seat == logged_seat
                public = str(logged)
            seen_secret += public is None
            for viewer in range(3):
                text = game.describe_action(observation, action, viewer)
                if viewer == seat:  # the mover's text may name the card he chose
                    assert text is not None
                    assert text.startswith(str(action))
                else:
                    assert public == text
    assert seen_secret


def _event_ids(state: KincsesState) -> list[int]:
    """Every event card id the state names: piles, board, discard and tasks."""
    ids = [card for pile in state.event_piles for card in pile]
    ids += [card for card in state.board_events if card is not None]
    ids += list(state.event_discard)
    named = (getattr(task, "card", None) for task in state.tasks)
    ids += [card for card in named if isinstance(card, int)]
    return ids


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 11), (4, 29)])
def test_identical_event_cards_share_one_id_all_game_long(players: int, seed: int) -> None:
    """Rulebook: "The duel deck contains 4 duel cards per colour: 2 with a double circle".

    The copies of an event card are identical, so nothing may tell them apart: every state,
    observation and history names each event card by the lowest id of its copies, as often
    as the game has copies, from the deal to the end.
    """
    game = KincsesSziget(players=players)
    state = game.new_game(seed)
    chooser = random.Random(seed)
    turned = 0
    while not game.is_terminal(state):
        ids = _event_ids(state)
        assert all(EVENT_ID_IN_PLAY[card] == card for card in ids)
        on_table = [card for pile in state.event_piles for card in pile]
        on_table += [card for card in state.board_events if card is not None]
        assert sorted(on_table + list(state.event_discard)) == sorted(EVENT_ID_IN_PLAY)
        observation = game.observe(state, chooser.randrange(players))
        shown_ids = [card for _, _, card in observation.event_pile_known]
        shown_ids += [card for card in observation.board_events if card is not None]
        assert all(EVENT_ID_IN_PLAY[card] == card for card in shown_ids)
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
        turned = 64 - sum(map(len, state.event_piles))
    drawn = [entry.card for _, entry in state.history if isinstance(entry, EventDrawn)]
    assert all(EVENT_ID_IN_PLAY[card] == card for card in drawn)
    assert len(drawn) == turned > 10
    assert len(set(EVENT_ID_IN_PLAY)) == 37


def test_an_event_card_named_by_a_copy_s_id_is_refused() -> None:
    """Rulebook: "The deck contains 4 intrigue cards in total.".

    A state or an observation that names one copy apart from the others is refused, with
    the id that names it.
    """
    game = KincsesSziget(players=2)
    state = game.new_game(5)
    pile = list(state.event_piles[0])
    where = next(index for index, card in enumerate(pile) if EVENT_COPIES[card] > 1)
    first = pile[where]
    pile[where] = first + 1
    assert EVENT_ID_IN_PLAY[first + 1] == first
    bad = attrs.evolve(state, event_piles=(tuple(pile), *state.event_piles[1:]))
    with pytest.raises(InvalidStateError, match=f"{first + 1}.*copy's id.*{first}"):
        game.check_state(bad)
    observation = game.observe(state, 0)
    shown_bad = attrs.evolve(observation, event_discard=(first + 1,))
    with pytest.raises(InvalidStateError, match="copy's id"):
        check_observation(shown_bad)

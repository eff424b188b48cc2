"""What each player may see (RULINGS §4.2), and states sampled from an observation."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames
from boardgames.games.kincses_sziget import (
    KincsesObservation,
    KincsesState,
    KincsesSziget,
    SeatView,
)
from boardgames.games.kincses_sziget.actions import (
    BattleAdd,
    Challenge,
    Committed,
    Compose,
    DiscardCrew,
    DrawEvent,
    KeepMission,
    Move,
)
from boardgames.games.kincses_sziget.state import KeepStep


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

    RULINGS §0.2: "`observe` never exposes RNG state, deck order or any card a player may not see."
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

    §4.2: crew hand "owner; others see count"; missions held "owner; others see count"; face-down
    islands hidden; the setup mission offer is private.
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
    """§4.2: "duel / battle compositions: committer only ... simultaneous reveal"; E4."""
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

    Rulebook: "Mission cards contain each player's individual task." (§4.2: missions held are seen
    by their owner only).
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

    RULINGS §0.2: "`sample_state(observation, seed)` rebuilds a full state consistent with the
    observation, drawing only what p cannot know.".
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


def test_observations_carry_no_opponent_secrets_in_real_games(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Observations carry no opponent secrets in real games.

    No observation ever lists a card of an opponent's hand, treasures or missions that the observer
    has not been shown, and the secret commitments of others never appear.
    """
    game = make_game(3)
    for state in random_states(game, seed=17, limit=600):
        for seat in range(3):
            view = game.observe(state, seat)
            bit = 1 << seat
            for other in range(3):
                known = set(view.seats[other].known_hand)
                assert known <= set(state.hands[other])
                assert all(state.crew_known[card] & bit for card in known)
                if other != seat:
                    assert known == {c for c in state.hands[other] if state.crew_known[c] & bit}
                    secret = set(state.commits[other]) - known
                    assert not secret & set(view.commit)
            assert view.commit == state.commits[seat]


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
                assert (str(action) if viewer == seat else public) == text
    assert seen_secret

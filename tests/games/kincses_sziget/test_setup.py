"""Setup: ships, marker, crew cards and the weapon exchange, missions, islands, piles, beds."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    Done,
    ExchangeWeapon,
    KeepMission,
    MissionKept,
    WeaponExchanged,
)
from boardgames.games.kincses_sziget.components import (
    EVENT_ID_IN_PLAY,
    FORBIDDEN_ISLAND_SPACES,
    PEARL_BEDS,
    PIRATE_COUNT,
    ZONE_OF,
    Zone,
)
from boardgames.games.kincses_sziget.state import ExchangeStep, KeepStep, TurnStep


def finish_setup(game: KincsesSziget, state: KincsesState) -> KincsesState:
    """Stop every weapon exchange at once and keep the first mission of each offer."""
    while isinstance(state.tasks[-1], ExchangeStep | KeepStep):
        if isinstance(state.tasks[-1], ExchangeStep):
            state = game.apply(state, Done())
        else:
            state = game.apply(state, KeepMission(0))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ships_start_beside_space_one_and_the_start_player_moves_first(
    make_game: Callable[..., KincsesSziget], players: int
) -> None:
    """Ships start beside space one and the start player moves first.

    Rulebook: "Each ship starts from the start position (the ship drawn beside space 1)." and "The
    starting player acts first".
    """
    game = make_game(players)
    state = finish_setup(game, game.new_game(seed=3))
    assert (0,) * players == state.positions
    assert TurnStep(state.start_player) == state.tasks[-1]
    assert 1 == state.turn


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_is_dealt_four_crew_cards(
    make_game: Callable[..., KincsesSziget], players: int
) -> None:
    """Rulebook: "Each player is dealt 4 crew cards from the deck."."""
    game = make_game(players)
    state = game.new_game(seed=11)
    assert [4] * players == [len(hand) for hand in state.hands]
    assert 72 - 4 * players == len(state.crew_pile)


def seed_with_weapons(game: KincsesSziget, weapons: int) -> KincsesState:
    """Return the first new game whose first player was dealt ``weapons`` weapons."""
    for seed in range(1000):
        state = game.new_game(seed)
        seat = state.tasks[-1].player  # type: ignore[union-attr]
        if sum(1 for card in state.hands[seat] if card >= PIRATE_COUNT) == weapons:
            return state
    raise AssertionError("no such seed")


def test_weapons_beyond_two_may_be_exchanged_for_random_pirates(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Weapons beyond two may be exchanged for random pirates.

    Rulebook: "If a player was dealt more than 2 weapon cards (whether the card depicts a weapon or
    another item), they may exchange each card beyond 2 for a randomly chosen pirate card.".
    """
    game = make_game(3)
    state = seed_with_weapons(game, 3)
    seat = state.tasks[-1].player  # type: ignore[union-attr]
    weapons = [card for card in state.hands[seat] if card >= PIRATE_COUNT]
    assert [*(ExchangeWeapon(card) for card in weapons), Done()] == list(game.legal_actions(state))
    after = game.apply(state, ExchangeWeapon(weapons[0]))
    hand = after.hands[seat]
    assert 4 == len(hand)
    assert weapons[0] not in hand
    assert weapons[0] in after.crew_pile
    new = set(hand) - set(state.hands[seat])
    assert 1 == len(new)
    assert next(iter(new)) < PIRATE_COUNT
    assert (seat, WeaponExchanged()) == after.history[-1]
    # Two weapons are left: no more exchanges (each card *beyond 2*).
    assert [Done()] == list(game.legal_actions(after))


def test_a_player_with_two_weapons_may_not_exchange(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """A player with two weapons may not exchange.

    Rulebook: "they may exchange each card beyond 2" (with 2 or fewer there is none). The step is
    still offered (with ``Done`` only), so nobody learns who was dealt more than two weapons.
    """
    game = make_game(2)
    state = seed_with_weapons(game, 2)
    assert [Done()] == list(game.legal_actions(state))


def test_each_player_keeps_one_of_two_missions_and_the_row_holds_three(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Each player keeps one of two missions and the row holds three.

    Rulebook: "Each player draws 2 mission cards, keeps one and returns the other. The returned
    cards are shuffled back in with the remaining mission cards, and then 3 face-up mission cards
    are placed as a "visible row" beside the board".
    """
    game = make_game(4)
    state = game.new_game(seed=5)
    while isinstance(state.tasks[-1], ExchangeStep):
        state = game.apply(state, Done())
    offers = state.mission_offers
    assert [2, 2, 2, 2] == [len(offer) for offer in offers]
    kept = []
    while isinstance(state.tasks[-1], KeepStep):
        seat = state.tasks[-1].player
        assert [KeepMission(0), KeepMission(1)] == list(game.legal_actions(state))
        kept.append(offers[seat][1])
        state = game.apply(state, KeepMission(1))
        assert (seat, MissionKept()) == state.history[-1]
    assert sorted(kept) == sorted(m for held in state.missions for m in held)
    assert 3 == sum(1 for mission in state.mission_row if mission is not None)
    assert 24 - 4 - 3 == len(state.mission_pile)
    returned = {offer[0] for offer in offers}
    assert returned <= set(state.mission_pile) | {m for m in state.mission_row if m is not None}


@pytest.mark.parametrize("seed", range(20))
def test_four_face_down_islands_lie_in_zones_b_c_c_d_but_not_on_40_to_42(
    make_game: Callable[..., KincsesSziget], seed: int
) -> None:
    """Four face down islands lie in zones b c c d but not on 40 to 42.

    Rulebook: "Four island cards are chosen blindly at the start of the game and placed face down
    ... 1 card in zone B 2 cards in zone C 1 card in zone D (Exception: island cards may not be
    placed on spaces 40, 41 and 42.)".
    """
    game = make_game(2)
    state = game.new_game(seed)
    spaces = [space for space, island in enumerate(state.board_islands) if island is not None]
    assert [Zone.B, Zone.C, Zone.C, Zone.D] == sorted(ZONE_OF[space] for space in spaces)
    assert not set(spaces) & FORBIDDEN_ISLAND_SPACES
    assert all(owner is None for owner in state.island_owners)
    assert all(0 == mask for mask in state.island_known)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pearl_beds_follow_the_table_and_avoid_islands(
    make_game: Callable[..., KincsesSziget], players: int
) -> None:
    """Pearl beds follow the table and avoid islands.

    Rulebook: "Place the pearl oyster markers on the 4 pearl oyster beds, in the following zones, on
    any spaces (but not on a space occupied by an island card): 1 set in zone A 2 sets in zone B 1
    set in zone C" and the table by player count.
    """
    game = make_game(players)
    for seed in range(10):
        state = game.new_game(seed)
        beds = [(ZONE_OF[s], n) for s, n in enumerate(state.board_pearls) if n]
        assert sorted(zip((Zone.A, Zone.B, Zone.B, Zone.C), PEARL_BEDS[players], strict=True)) == (
            sorted(beds)
        )
        for space, pearls in enumerate(state.board_pearls):
            if pearls:
                assert state.board_islands[space] is None


def test_the_event_cards_form_three_piles(make_game: Callable[..., KincsesSziget]) -> None:
    """The event cards form three piles.

    Rulebook: "The event cards are divided into 3 equal-sized piles"; 64 cards cannot be split
    equally, so they are dealt round-robin: 22, 21 and 21 (A-IRA-4).
    """
    game = make_game(2)
    state = game.new_game(seed=1)
    assert [22, 21, 21] == [len(pile) for pile in state.event_piles]
    # Identical copies share the lowest id of theirs: each id as often as it has copies.
    assert sorted(EVENT_ID_IN_PLAY) == sorted(card for pile in state.event_piles for card in pile)
    assert 37 == len({card for pile in state.event_piles for card in pile})


def test_six_crew_cards_and_two_treasures_of_each_value_are_face_up(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Six crew cards and two treasures of each value are face up.

    Rulebook: "Draw 6 crew cards from the crew card deck and place them face up in order beside the
    board." and "For each of the three values, place one face-down draw pile and 2 face-up cards
    beside the board.".
    """
    game = make_game(3)
    state = finish_setup(game, game.new_game(seed=2))
    assert 6 == sum(1 for card in state.crew_row if card is not None)
    assert [2, 2, 2] == [len(row) for row in state.treasure_rows]
    assert [10, 10, 10] == [len(pile) for pile in state.treasure_piles]
    for rank, row in enumerate(state.treasure_rows):
        assert all(card // 12 == rank for card in row)

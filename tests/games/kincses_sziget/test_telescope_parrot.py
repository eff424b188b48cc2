"""The telescope (private inspections) and the parrot (redeals and moves); both reusable."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    AnchorDraw,
    CrewFromPile,
    Decline,
    DrawEvent,
    Move,
    MoveIsland,
    MovePearlBed,
    PeekCrewTop,
    PeekEventTops,
    PeekHand,
    PeekIsland,
    PeekMissions,
    PeekMissionTop,
    PeekTreasures,
    PeekTreasureTops,
    PlaceAt,
    RedealCrewRow,
    RedealMissions,
    RedealTreasures,
)
from boardgames.games.kincses_sziget.state import (
    ParrotPlaceStep,
    ParrotStep,
    TelescopeStep,
    TurnStep,
)

TELESCOPE = 51
PARROT = 60


def use(
    game: KincsesSziget,
    make_state: Callable[..., KincsesState],
    card: int,
    **fields: object,
) -> KincsesState:
    """Seat 0 moves from 2 to 3 and draws ``card`` (3 players)."""
    fields.setdefault("positions", (2, 10, 20))
    state = make_state(3, event_pile_tops=((card,), (), ()), **fields)
    state = game.apply(state, Move(1))
    return game.apply(state, DrawEvent(0))


def test_the_telescope_offers_each_inspection(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The telescope offers each inspection.

    Rulebook: "When activated, you may choose, for inspection, one of the following: the top card of
    each of the three event card piles (1 card each); the cards held in hand by any player; the
    treasure cards of any player; any face-down island card; all the mission cards of any player;
    the top card of the crew card draw pile; the top card of each of the three treasure draw piles;
    the top card of the mission card draw pile." (A-IRA-39: the other players).
    """
    game = make_game(3)
    state = use(game, make_state, TELESCOPE, treasures=((), (1,), ()))
    assert TelescopeStep(0) == state.tasks[-1]
    assert [
        PeekEventTops(),
        PeekHand(1),
        PeekHand(2),
        PeekTreasures(1),
        PeekIsland(15),
        PeekIsland(25),
        PeekIsland(30),
        PeekIsland(35),
        PeekMissions(1),
        PeekMissions(2),
        PeekCrewTop(),
        PeekTreasureTops(),
        PeekMissionTop(),
        Decline(),
    ] == list(game.legal_actions(state))


def test_a_peek_is_private_knowledge_of_the_peeker(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A peek is private knowledge of the peeker.

    Rulebook: "The telescope reveals things that remain hidden from others." (E21: a telescope
    peek becomes private knowledge of the peeker).
    """
    game = make_game(3)
    state = use(game, make_state, TELESCOPE)
    hand = game.apply(state, PeekHand(1))
    assert (4, 5, 6, 7) == game.observe(hand, 0).seats[1].known_hand
    assert () == game.observe(hand, 2).seats[1].known_hand
    island = game.apply(state, PeekIsland(25))
    assert 3 == next(v.island for v in game.observe(island, 0).islands if v.space == 25)
    assert None is next(v.island for v in game.observe(island, 1).islands if v.space == 25)
    missions = game.apply(state, PeekMissions(2))
    assert (2,) == game.observe(missions, 0).seats[2].known_missions
    assert () == game.observe(missions, 1).seats[2].known_missions
    tops = game.apply(state, PeekEventTops())
    assert 3 == len(game.observe(tops, 0).event_pile_known)
    assert () == game.observe(tops, 1).event_pile_known
    crew = game.apply(state, PeekCrewTop())
    assert ((0, crew.crew_pile[0]),) == game.observe(crew, 0).crew_pile_known
    treasure = game.apply(state, PeekTreasureTops())
    assert 3 == len(game.observe(treasure, 0).treasure_pile_known)
    mission = game.apply(state, PeekMissionTop())
    assert ((0, mission.mission_pile[0]),) == game.observe(mission, 0).mission_pile_known


def test_peeked_knowledge_lasts_until_the_card_moves(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """Peeked knowledge lasts until the card moves, and a blind draw of a peeked top is seen.

    E21: "Peeked knowledge of a card lasts until that card moves or its pile is shuffled; a change
    elsewhere in the peeked hand does not erase what is still known.". The peeker of the crew
    pile's top sees seat 1 draw it blindly, so he knows it is in seat 1's hand; seat 2 does not.
    """
    game = make_game(3)
    state = use(game, make_state, TELESCOPE)
    state = game.apply(state, PeekCrewTop())
    top = state.crew_pile[0]
    assert TurnStep(1) == state.tasks[-1]
    state = game.apply(state, AnchorDraw())
    state = game.apply(state, CrewFromPile())  # seat 1 draws the peeked card
    assert top in state.hands[1]
    assert (top,) == game.observe(state, 0).seats[1].known_hand
    assert () == game.observe(state, 2).seats[1].known_hand
    again = use(game, make_state, TELESCOPE)
    again = game.apply(again, PeekHand(1))
    again = game.apply(again, AnchorDraw())
    again = game.apply(again, CrewFromPile())  # seat 1 draws: the rest is still known
    assert (4, 5, 6, 7) == game.observe(again, 0).seats[1].known_hand


def test_a_telescope_stays_and_may_be_used_again(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """A telescope stays and may be used again.

    Rulebook: "A telescope card placed on the board may be activated several times." and
    "(Exception: the parrot and telescope cards.)" (the space stays free; A-IRA-10: landing there
    activates the card, no new event is drawn).
    """
    game = make_game(3)
    before = make_state(3, positions=(2, 10, 20), board_events={3: TELESCOPE})
    state = game.apply(before, Move(1))
    assert TelescopeStep(0) == state.tasks[-1]
    assert TELESCOPE == state.board_events[3]
    assert before.event_piles == state.event_piles


def test_the_parrot_offers_its_five_options(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The parrot offers its five options.

    Rulebook: "Shuffle and redeal a group of the visible treasure cards. Shuffle the crew card draw
    pile and redeal the visible row. Shuffle the mission cards and redeal them. Move a still-hidden
    island card, within its own zone, to another free space. Move any pearl oyster bed, within its
    zone, to another free space.".
    """
    game = make_game(3)
    state = use(game, make_state, PARROT)
    assert ParrotStep(0) == state.tasks[-1]
    assert [
        RedealTreasures(1),
        RedealTreasures(3),
        RedealTreasures(5),
        RedealCrewRow(),
        RedealMissions(),
        MoveIsland(15),
        MoveIsland(25),
        MoveIsland(30),
        MoveIsland(35),
        MovePearlBed(5),
        MovePearlBed(12),
        MovePearlBed(18),
        MovePearlBed(28),
        Decline(),
    ] == list(game.legal_actions(state))


def test_the_parrot_redeals_a_row(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The parrot redeals a row.

    Rulebook: "The parrot always mixes everything up. It can confuse an opponent's strategy, or
    refresh the visible rows that were dealt badly." (A-IRA-40: the face-up cards go back into the
    pile, it is shuffled, and the row is dealt again).
    """
    game = make_game(3)
    state = use(game, make_state, PARROT)
    treasures = game.apply(state, RedealTreasures(3))
    assert 2 == len(treasures.treasure_rows[1])
    assert 10 == len(treasures.treasure_piles[1])
    assert state.treasure_piles[1] != treasures.treasure_piles[1]
    crew = game.apply(state, RedealCrewRow())
    assert 6 == sum(1 for card in crew.crew_row if card is not None)
    assert crew.crew_row != state.crew_row
    missions = game.apply(state, RedealMissions())
    assert 3 == sum(1 for m in missions.mission_row if m is not None)
    before = {*state.mission_pile, *state.mission_row}
    assert before == {*missions.mission_pile, *missions.mission_row}


def test_the_parrot_moves_a_hidden_island_or_a_bed_within_its_zone(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The parrot moves a hidden island or a bed within its zone.

    Rulebook: "Move a still-hidden island card, within its own zone, to another free space." (not
    onto 40-42, and it keeps whatever anyone knew about it) and "Move any pearl oyster bed, within
    its zone, to another free space.".
    """
    game = make_game(3)
    state = use(game, make_state, PARROT, island_known={0: 0b010})
    island = game.apply(state, MoveIsland(15))
    assert ParrotPlaceStep(0, 15, True) == island.tasks[-1]
    free_b = [11, 13, 14, 16, 17, 19, 21]  # zone B minus the beds and the ship on 20
    assert [PlaceAt(space) for space in free_b] == list(game.legal_actions(island))
    island = game.apply(island, PlaceAt(21))
    assert 0 == island.board_islands[21]
    assert island.board_islands[15] is None
    assert 0b010 == island.island_known[0]
    spaces_d = [a.space for a in game.legal_actions(game.apply(state, MoveIsland(35)))]  # type: ignore[union-attr]
    assert [33, 34, 36, 37, 38, 39] == spaces_d
    bed = game.apply(state, MovePearlBed(12))
    bed = game.apply(bed, PlaceAt(21))
    assert (0, 2) == (bed.board_pearls[12], bed.board_pearls[21])

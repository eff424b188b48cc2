"""The text rendering: the serpentine track, the rows and what each player sees."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.kincses_sziget import KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.render import crew_label, render_track


def test_the_track_is_drawn_as_a_serpentine(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """The track is drawn as a serpentine.

    Rulebook: "The spaces are numbered along the serpentine, so that at the end of each row the
    numbering continues in the next row in the opposite direction." and "At the bottom of the board,
    after space 42, lies Treasure Island".
    """
    game = make_game(2)
    state = make_state(positions=(0, 8), board_events={9: 56}, island_owners={3: 1})
    lines = render_track(game.observe(state, 0)).splitlines()
    assert "START: 0" == lines[0]
    assert lines[1].startswith("-> | 1A:")
    assert lines[2].startswith("<- |14B:")
    assert "| 8A:1      |" in lines[2]
    assert "| 9A:St     |" in lines[2]
    assert "|15B:?      |" in lines[3]
    assert "|25C:I1     |" in lines[4]
    assert " 5A:o1" in lines[1]
    assert lines[6].startswith("<- |42D:")
    assert "TREASURE ISLAND (after 42): -" == lines[7]


def test_states_and_observations_render_what_their_reader_may_see(
    make_game: Callable[..., KincsesSziget], make_state: Callable[..., KincsesState]
) -> None:
    """render_state shows every hand; render_observation only the observer's own."""
    game = make_game(2)
    state = make_state(hands=((40, 69), (44, 5)))
    full = game.render_state(state)
    assert "Tim Cook(4/6/5/11 dice)" in full
    assert "Caspar Keel(4/7/8/12 medallion)" in full
    assert "face-down islands: 15: Gull Rock (orange 17)" in full
    mine = game.render_observation(game.observe(state, 0))
    assert "your hand (seat 0): Tim Cook(4/6/5/11 dice), gambling game(K5 dice)" in mine
    assert "Caspar Keel" not in mine
    assert "Gull Rock" not in mine
    assert "gambling game(K5 dice)" == crew_label(69)

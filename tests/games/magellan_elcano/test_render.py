"""The text side for people: the legend of the notation and the plain-words choices."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

import boardgames
from boardgames.games.magellan_elcano import (
    Colour,
    Crew,
    MagellanElcano,
    MagellanState,
    Pass,
    PlayCard,
    PlayFaceDown,
)
from boardgames.games.magellan_elcano.components import CREW_CARDS, OCEAN_CARDS, STORM_CARDS

CONFIGURATIONS = [(2, False), (3, False), (4, True), (5, False)]


def played_states(game: MagellanElcano, seed: int) -> list[MagellanState]:
    """Return every state of a random game from ``seed``."""
    record = boardgames.play(game, [boardgames.RandomBot()] * game.players, seed=seed)
    return list(boardgames.replay(record))


@pytest.mark.parametrize(("players", "storm_variant"), CONFIGURATIONS)
def test_every_legal_action_is_explained_in_one_line_naming_what_it_offers(
    make_game: Callable[..., MagellanElcano], players: int, storm_variant: bool
) -> None:
    """Each explanation is one line, different for each action, with the card and prize.

    A face-up play names the card, its colour and value there, and the points of that
    colour's ocean pile; a face-down play names the card and the storm pile's points; a
    pass says so. Worlds sampled from the observation get the same words.
    """
    game = make_game(players, storm_variant)
    for state in played_states(game, 6)[::4]:
        mover = game.current_player(state)
        if mover is None:
            continue
        observation = game.observe(state, mover)
        sampled = game.observe(game.sample_state(observation, 1), observation.player)
        explanations = []
        for action in game.legal_actions(state):
            text = game.explain_action(observation, action)
            assert text.strip()
            assert "\n" not in text
            assert text == game.explain_action(sampled, action)
            explanations.append(text)
            if isinstance(action, PlayCard):
                card = CREW_CARDS[action.card]
                assert text.startswith(f"play {card} face up in your {action.colour} column")
                assert f"counts {card.value(action.colour)}" in text
                pile = observation.ocean_piles[action.colour]
                points = [
                    OCEAN_CARDS[ocean].two_player_points
                    if players == 2
                    else OCEAN_CARDS[ocean].points
                    for ocean in pile
                ]
                assert f"{sum(points)} VP" in text
            elif isinstance(action, PlayFaceDown):
                assert text.startswith(f"play {CREW_CARDS[action.card]} face down")
                storms = sum(STORM_CARDS[storm].points for storm in observation.storm_pile)
                assert f"{storms} VP" in text
            else:
                assert text.startswith("pass: ")
        assert len(set(explanations)) == len(explanations)


def test_a_play_is_compared_with_the_best_other_column(
    make_game: Callable[..., MagellanElcano],
    make_crew: Callable[..., Crew],
    make_state: Callable[..., MagellanState],
) -> None:
    """The explanation says whether the new total leads, ties or trails, and what is at stake."""
    game = make_game(3)
    crews = [
        make_crew([0, 1, 2, 3], blue=[13]),  # blue 7
        make_crew([12, 13, 4, 5, 6]),
        make_crew([0, 1, 2, 3, 4]),
    ]
    state = make_state(crews, first_player=0, to_move=1, piles=((0,), (6,), (12,)))
    observation = game.observe(state, 1)
    assert (
        "play B7 face up in your blue column, where it counts 7: your blue total goes from 0 "
        "to 7, tied with the best other, 7 (seat 0): a tie at the anchoring wins nothing; the "
        "strongest blue column wins the blue ocean card worth 2 VP"
    ) == game.explain_action(observation, PlayCard(13, Colour.BLUE))
    assert (
        "play B1/G4 face up in your green column, where it counts 4 (its blue 1 does not "
        "count): your green total goes from 0 to 4, no other captain has played green yet; "
        "the strongest green column wins the green ocean card worth 2 VP"
    ) == game.explain_action(observation, PlayCard(4, Colour.GREEN))
    assert game.explain_action(observation, Pass()).startswith(
        "pass: play no more cards this round and keep your 5 cards in hand; your columns "
        "stay at red 0, blue 0, green 0"
    )


def test_the_legend_explains_every_code_and_word_of_the_renderings(
    make_game: Callable[..., MagellanElcano],
) -> None:
    """Every bracket code, marker and word that the renderings and actions print is in legend()."""
    legend = make_game(5).legend()
    printed = []
    for players, storm_variant in CONFIGURATIONS:
        game = make_game(players, storm_variant)
        states = played_states(game, 2)
        for state in states[::10] + states[-1:]:
            printed.append(game.render_state(state))
            observation = game.observe(state, 0)
            printed.append(game.render_observation(observation))
            for action in game.legal_actions(state):
                for viewer in range(players):
                    printed.append(game.describe_action(observation, action, viewer) or "")
    text = "\n".join(printed)
    codes = set(re.findall(r"[RBGS]\[", text))
    assert {"R[", "B[", "G[", "S["} == codes
    for code in (*codes, "R[-]", "*", " P ", "VP", "won:", "passed", "game over"):
        assert code in legend
    words = {word.lower() for word in re.findall(r"[A-Za-z]{2,}", text)}
    words -= {"magellan", "elcano"}  # the game's title
    assert [] == sorted(word for word in words if word not in legend.lower())
    for name in ("R1/B4", "R7"):
        assert name in legend

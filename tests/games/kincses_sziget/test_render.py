"""The text rendering, the legend and the plain-words explanation of each choice."""

from __future__ import annotations

import re
from collections.abc import Callable

import boardgames
from boardgames.games.kincses_sziget import KincsesObservation, KincsesState, KincsesSziget
from boardgames.games.kincses_sziget.actions import (
    Action,
    AddMission,
    BattleAdd,
    Challenge,
    Compose,
    CrewFromRow,
    DiscardCrew,
    DiscardTreasure,
    ExchangeWeapon,
    KeepMission,
    MissionFromRow,
    Move,
    MoveIsland,
    Offer,
    PeekHand,
    PeekIsland,
    PlaceAt,
    RejectMission,
    ReplaceMission,
    Steal,
    StepBack,
    TakeFromTable,
    TakeWeapon,
    TreasureFromRow,
)
from boardgames.games.kincses_sziget.components import (
    ISLAND,
    MISSIONS,
    START,
    TREASURE_VALUES,
    TREASURES,
    ZONE_OF,
)
from boardgames.games.kincses_sziget.render import _CODES, crew_label, render_track
from boardgames.games.kincses_sziget.rules import backward, forward
from boardgames.games.kincses_sziget.state import KeepStep


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


def _keep_step_state(game: KincsesSziget, seed: int) -> KincsesState:
    """The state at the first setup mission choice of a new game."""
    state = game.new_game(seed)
    while not isinstance(state.tasks[-1], KeepStep):
        state = game.apply(state, game.legal_actions(state)[-1])
    return state


def test_the_mission_choice_shows_and_explains_the_offered_missions(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """At seed 4 (2 players) seat 0 keeps a mission: the offer is shown, named and explained.

    It used to print ``your missions: -`` and ``keep mission 0`` with no word of which
    missions were offered.
    """
    game = make_game(2)
    state = _keep_step_state(game, 4)
    observation = game.observe(state, 0)
    offer = observation.seats[0].known_offer
    assert 2 == len(offer)
    text = game.render_observation(observation)
    assert (
        "your mission offer (keep one, return the other): "
        f"mission 0: {MISSIONS[offer[0]]}; mission 1: {MISSIONS[offer[1]]}"
    ) in text
    assert "mission row: dealt after the setup; pile 20" in text
    assert "seat 1: START, anchor 0, hand 4, treasures 0, missions 0, pearls 0, islands 0, " in (
        text
    )
    assert "choosing 1 of 2 missions" in text
    actions = list(game.legal_actions(state))
    assert [KeepMission(0), KeepMission(1)] == actions
    for index, action in enumerate(actions):
        kept, returned = MISSIONS[offer[index]], MISSIONS[offer[1 - index]]
        explained = game.explain_action(observation, action)
        assert explained.startswith(f"keep mission {index}, '{kept.title}' (")
        assert f"+{kept.bonus} if achieved, -{kept.penalty} if not" in explained
        assert f"return {returned}" in explained
        assert f"keep mission {index}: {kept}" == game.describe_action(observation, action, 0)
        assert "keep a mission" == game.describe_action(observation, action, 1)
    theirs = game.render_observation(game.observe(state, 1))
    assert MISSIONS[offer[0]].title not in theirs
    assert MISSIONS[offer[1]].title not in theirs
    assert f"mission offer: mission 0: {MISSIONS[offer[0]]}" in game.render_state(state)


def _place(space: int) -> str:
    if space == ISLAND:
        return "Treasure Island"
    return "START" if space == START else f"space {space} ({ZONE_OF[space]})"


def _named(state: KincsesState, observation: KincsesObservation, action: Action) -> list[str]:
    """What the explanation of ``action`` must name: the card, mission, seat or space.

    A move's destination is computed by the rules from the full state.
    """
    seat = observation.player
    mine = observation.seats[seat]
    match action:
        case (
            ExchangeWeapon(card=card)
            | DiscardCrew(card=card)
            | BattleAdd(card=card)
            | TakeFromTable(card=card)
            | TakeWeapon(card=card)
            | Offer(weapon=card)
        ):
            return [crew_label(card)]
        case Compose(pirate=pirate, weapon=weapon):
            return [crew_label(card) for card in (pirate, weapon) if card is not None]
        case CrewFromRow(slot=slot):
            return [crew_label(card) for card in (observation.crew_row[slot],) if card is not None]
        case KeepMission(index=index):
            return [MISSIONS[mine.known_offer[index]].title]
        case MissionFromRow(slot=slot):
            return [MISSIONS[m].title for m in (observation.mission_row[slot],) if m is not None]
        case ReplaceMission(mission=mission):
            return [MISSIONS[mission].title, MISSIONS[mine.known_drawn[0]].title]
        case AddMission() | RejectMission():
            return [MISSIONS[mine.known_drawn[0]].title]
        case TreasureFromRow(value=value, slot=slot):
            return [str(TREASURES[observation.treasure_rows[TREASURE_VALUES.index(value)][slot]])]
        case DiscardTreasure(treasure=treasure):
            return [str(TREASURES[treasure])]
        case Challenge(opponent=seat) | Steal(opponent=seat) | PeekHand(opponent=seat):
            return [f"seat {seat}"]
        case Move(steps=steps):
            return [_place(forward(state, state.positions[seat], steps, seat))]
        case StepBack(steps=steps):
            return [_place(backward(state, state.positions[seat], steps, seat))]
        case PeekIsland(space=space) | MoveIsland(space=space) | PlaceAt(space=space):
            return [f"space {space}"]
    return []


def test_every_choice_is_explained_in_one_distinct_line_naming_what_it_takes(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """explain_action: one non-empty line per legal action, distinct, naming the thing chosen."""
    kinds: set[str] = set()
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        game = make_game(players)
        record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
        for state in boardgames.replay(record):
            seat = game.current_player(state)
            if seat is None:
                continue
            observation = game.observe(state, seat)
            legal = list(game.legal_actions(state))
            texts = [game.explain_action(observation, action) for action in legal]
            assert len(set(texts)) == len(texts), texts
            for action, text in zip(legal, texts, strict=True):
                kinds.add(type(action).__name__)
                assert text.strip()
                assert "\n" not in text
                for name in _named(state, observation, action):
                    assert name in text, (action, text)
    assert {"KeepMission", "Move", "CrewFromRow", "TreasureFromRow", "Compose"} <= kinds


def test_an_explanation_depends_only_on_the_observation(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """States a seat cannot tell apart get the same explanations."""
    game = make_game(3)
    record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=8)
    states = list(boardgames.replay(record))
    for state in states[:-1:25]:
        seat = game.current_player(state)
        assert seat is not None
        observation = game.observe(state, seat)
        texts = [game.explain_action(observation, action) for action in game.legal_actions(state)]
        for seed in range(3):
            again = game.observe(game.sample_state(observation, seed), seat)
            assert texts == [game.explain_action(again, a) for a in game.legal_actions(state)]


def test_the_legend_explains_every_code_the_renderings_print(
    make_game: Callable[..., KincsesSziget],
) -> None:
    """Every cell code of the track (ships, events, islands, pearl beds) and mark is explained."""
    game = make_game(4)
    assert len(game.legend().splitlines()) <= 32
    legend = " ".join(game.legend().split())  # the lines wrapped back into one
    record = boardgames.play(game, [boardgames.RandomBot()] * 4, seed=9)
    tokens: set[str] = set()
    for state in list(boardgames.replay(record))[::10]:
        for line in render_track(game.observe(state, 0)).splitlines()[1:-1]:
            for cell in line.split("|")[1:-1]:
                tokens.update(cell.split(":", 1)[1].split())
    codes = {re.sub(r"\d", "", token) or "digits" for token in tokens}
    assert {"digits", "?", "o"} <= codes
    for token in tokens:
        if token.isdigit():
            assert "digits 0-3: the ships of those seats" in legend
        elif token.startswith("I"):
            assert "I2 an island occupied by seat 2" in legend
        elif token.startswith("o"):
            assert "o2 a pearl oyster bed with 2 pearls left" in legend
        elif token == "?":
            assert "? a face-down island card" in legend
    for kind, code in _CODES.items():
        assert f"{code} {kind}" in legend
    for code in ("'->'", "'<-'", "'*'", "'S'", "O orange", "B blue", "G green", "K black"):
        assert code in legend
    for word in ("'empty'", "'none'", "'-'", "anchor", "committed", "owes", "START"):
        assert word in legend

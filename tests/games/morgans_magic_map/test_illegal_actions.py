"""Illegal actions are refused with a message that says why, and the state is untouched."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import attrs
import pytest

import boardgames
from boardgames import ConfigurationError, History, IllegalActionError, InvalidStateError
from boardgames.games.morgans_magic_map import (
    Action,
    ChooseCell,
    ChooseRotation,
    DiscardFromHand,
    EndMapChange,
    KeepHand,
    MorgansMagicMap,
    MorganState,
    Phase,
    PlacePawn,
    PlayMapCard,
    SelectTile,
    Step,
    TakeTreasure,
    UseBonus,
    UsePair,
)
from boardgames.games.morgans_magic_map.components import MAP_CARDS, Corner, Direction, Symbol

DOUBLOONS = [c.id for c in MAP_CARDS if c.symbol is Symbol.DOUBLOONS]


def refuse(game: MorgansMagicMap, state: MorganState, action: object, reason: str) -> None:
    before = boardgames.dumps(state)
    with pytest.raises(IllegalActionError, match=reason):
        game.apply(state, action)  # type: ignore[arg-type]
    assert before == boardgames.dumps(state)


@pytest.mark.parametrize("probe", [None, object(), "t3", 3, ("SelectTile", 3)])
def test_non_actions_are_refused(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState], probe: object
) -> None:
    refuse(make_game(3), make_state(), probe, "not a Morgan's Magic Map action")


def test_nothing_is_legal_once_the_game_is_over(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    state = make_state(
        phase=Phase.GAME_OVER,
        to_move=None,
        turn_number=9,
        treasure_deck=[],
        treasures=[list(range(5, 29)), [], []],
        board=[0, 1, 2, 3, 4],
    )
    refuse(make_game(3), state, EndMapChange(), "the game is over")


def test_an_action_of_another_phase_is_refused(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    refuse(make_game(3), make_state(), Step(Direction.NORTH), "pick a tile to move")
    refuse(make_game(3), make_state(phase=Phase.MOVE_STEP), PlayMapCard(8), "step the pirate")


def test_unmovable_tiles_are_refused_with_the_reason(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    game = make_game(3)
    state = make_state(pawns=(9, 5, 1))
    refuse(game, state, SelectTile(9), "occupied by a pirate pawn")
    refuse(game, state, SelectTile(2), "surrounded on all sides")
    refuse(game, state, SelectTile(25), "not a tile id")
    no_moves = make_state(map_moves_left=0)
    refuse(game, no_moves, SelectTile(17), "no tile moves left")
    moved = make_state(moved_tiles=[17])
    refuse(game, moved, SelectTile(17), "already moved")


def test_an_illegal_cell_is_refused(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    game = make_game(3)
    state = game.apply(make_state(), SelectTile(10))  # the Volcano
    refuse(game, state, ChooseCell(-1, 1), "match every touching edge")
    refuse(game, state, ChooseCell(7, 7), "must touch the map")


def test_a_step_into_a_gap_or_without_money_is_refused(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    game = make_game(3)
    corner = make_state(phase=Phase.MOVE_STEP, pawns=(10, 5, 1))  # the Volcano, north-west
    refuse(game, corner, Step(Direction.NORTH), "no tile in that direction")
    broke = make_state(phase=Phase.MOVE_STEP, coins=(0, 2, 2))
    refuse(game, broke, Step(Direction.EAST), "cannot pay")
    tired = make_state(phase=Phase.MOVE_STEP, steps_left=0, play_areas={0: DOUBLOONS[:1]})
    refuse(game, tired, Step(Direction.NORTH), "no steps left")


def test_cards_that_do_not_fit_are_refused(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    game = make_game(3)
    state = make_state(phase=Phase.DIG_PLAY, hands={0: [8, 2]})
    refuse(game, state, PlayMapCard(2), "not at the card's distance")
    refuse(game, state, PlayMapCard(30), "not in seat 0's hand")


def test_too_deep_a_take_is_refused(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    state = make_state(phase=Phase.DIG_TAKE, cards_played=2)
    refuse(make_game(3), state, TakeTreasure(3), "reaches level 2 at most")


def test_bad_bonuses_are_refused(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    game = make_game(3)
    state = make_state(
        phase=Phase.DRAW_DISCARD, hands={0: [DOUBLOONS[3]]}, play_areas={0: [*DOUBLOONS[:3], 5]}
    )
    refuse(game, state, UseBonus(DOUBLOONS[3]), "not in seat 0's play area")
    refuse(game, state, UseBonus(DOUBLOONS[1]), "lowest-id cards")
    refuse(game, state, UseBonus(5), "bonus cannot be used now")
    refuse(game, state, UsePair(DOUBLOONS[0], 5, Symbol.DOUBLOONS), "same symbol")
    selecting = game.apply(make_state(play_areas={0: DOUBLOONS[:1]}), SelectTile(9))
    refuse(game, selecting, UseBonus(DOUBLOONS[0]), "middle of a tile move")


def test_corners_that_cannot_be_paid_are_refused(
    make_game: Callable[..., MorgansMagicMap],
) -> None:
    game = make_game(4)
    state = game.new_game(1)
    for _ in range(3):
        state = game.apply(state, PlacePawn(Corner.NORTH_WEST))
    refuse(game, state, PlacePawn(Corner.NORTH_WEST), "cannot pay")


def test_an_equal_action_with_a_field_of_another_type_is_refused(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """Only values with the legal actions' own field types are applied (an int is no Corner)."""
    game = make_game(3)
    cases: list[tuple[MorganState, Action, Action]] = [
        (game.new_game(1), PlacePawn(0), PlacePawn(Corner.NORTH_WEST)),  # type: ignore[arg-type]
        (make_state(), SelectTile(17.0), SelectTile(17)),  # type: ignore[arg-type]
    ]
    for state, look_alike, legal in cases:
        assert legal in game.legal_actions(state)
        assert look_alike == legal
        with pytest.raises(IllegalActionError, match="a field has the wrong type") as caught:
            game.apply(state, look_alike)
        assert caught.value.action is look_alike


def test_a_state_of_another_configuration_is_refused(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    state = make_state()
    refuse(make_game(3, max_turns=9), state, EndMapChange(), "the state is for max_turns=500")
    with pytest.raises(ConfigurationError):
        make_game(4).legal_actions(state)


def test_malformed_states_are_reported_not_crashed_on(
    make_game: Callable[..., MorgansMagicMap], make_state: Callable[..., MorganState]
) -> None:
    """check_state names the broken invariant, even for wrong shapes and ids."""
    game = make_game(3)
    state = make_state()
    cases = {
        "one entry per seat": attrs.evolve(state, coins=(2, 2)),
        "one placement per tile": attrs.evolve(state, tiles=state.tiles[:19]),
        "not a tile id": attrs.evolve(state, pawns=(40, 5, 1)),
        "each in exactly one place": attrs.evolve(state, map_discard=(0,)),
        "share a cell": attrs.evolve(state, tiles=((0, 0, 0),) * 20),
        "different terrain": attrs.evolve(state, tiles=((1, 0, 0), *state.tiles[1:])),
        "not sorted by rank": attrs.evolve(state, treasure_board=state.treasure_board[::-1]),
        "history must be a History": attrs.evolve(state, history="0zz"),  # type: ignore[arg-type]
        "names seat 3": attrs.evolve(state, history=History([(3, KeepHand())])),
        "entry 1 is": attrs.evolve(
            state,
            history=History([(0, KeepHand()), (0,)]),  # type: ignore[list-item]
        ),
        "not a Morgan's Magic Map action": attrs.evolve(
            state,
            history=History([(0, "zz")]),  # type: ignore[list-item]
        ),
        "entry 0: tile 20": attrs.evolve(state, history=History([(0, SelectTile(20))])),
        "exactly when the game is over": attrs.evolve(state, to_move=None),
        "rotation": attrs.evolve(state, tiles=((1, 0, 7), *state.tiles[1:])),
    }
    for message, broken in cases.items():
        with pytest.raises(InvalidStateError, match=message):
            game.check_state(broken)


@functools.cache
def _random_states(seed: int) -> list[MorganState]:
    """Every state of a random 3-player game with ``exact_bonus_cards`` (pairs are listed)."""
    game = boardgames.make("morgans-magic-map", players=3, exact_bonus_cards=True)
    choices = random.Random(seed)
    states = [game.new_game(seed)]
    while not game.is_terminal(states[-1]):
        states.append(game.apply(states[-1], choices.choice(game.legal_actions(states[-1]))))
    return states


_LookAlike = Callable[[Action], Action | None]

LOOK_ALIKES: dict[str, _LookAlike] = {
    "ChooseCell(x=4.0)": lambda action: (
        attrs.evolve(action, x=float(action.x))  # type: ignore[arg-type]
        if isinstance(action, ChooseCell)
        else None
    ),
    "ChooseCell(y=2.0)": lambda action: (
        attrs.evolve(action, y=float(action.y))  # type: ignore[arg-type]
        if isinstance(action, ChooseCell)
        else None
    ),
    "ChooseCell(x=True)": lambda action: (
        attrs.evolve(action, x=True) if isinstance(action, ChooseCell) and action.x == 1 else None
    ),
    "SelectTile(True)": lambda action: (
        SelectTile(True) if isinstance(action, SelectTile) and action.tile == 1 else None
    ),
    "ChooseRotation(True)": lambda action: (
        ChooseRotation(True)
        if isinstance(action, ChooseRotation) and action.rotation == 1
        else None
    ),
    "TakeTreasure(True)": lambda action: (
        TakeTreasure(True) if isinstance(action, TakeTreasure) and action.level == 1 else None
    ),
    "DiscardFromHand(card=float)": lambda action: (
        DiscardFromHand(float(action.card))  # type: ignore[arg-type]
        if isinstance(action, DiscardFromHand)
        else None
    ),
    "UseBonus(card=float)": lambda action: (
        UseBonus(float(action.card)) if isinstance(action, UseBonus) else None  # type: ignore[arg-type]
    ),
    "Step(0), an int for a Direction": lambda action: (
        Step(int(action.direction)) if isinstance(action, Step) else None  # type: ignore[arg-type]
    ),
    "PlacePawn(0), an int for a Corner": lambda action: (
        PlacePawn(int(action.corner)) if isinstance(action, PlacePawn) else None  # type: ignore[arg-type]
    ),
    "UsePair(bonus=3), an int for a Symbol": lambda action: (
        attrs.evolve(action, bonus=int(action.bonus))  # type: ignore[arg-type]
        if isinstance(action, UsePair)
        else None
    ),
}


@pytest.mark.parametrize("name", sorted(LOOK_ALIKES))
def test_a_look_alike_of_a_legal_action_is_refused(name: str) -> None:
    """A value equal to a legal action but with a field of another type is not applied.

    Floats and bools are no ids or coordinates, and plain ints are no ``Direction``,
    ``Corner`` or ``Symbol``: ``apply`` refuses them (``find_action``) and says which legal
    action was meant, and the state is unchanged.
    """
    game = boardgames.make("morgans-magic-map", players=3, exact_bonus_cards=True)
    make_look_alike = LOOK_ALIKES[name]
    for seed in range(3):
        for state in _random_states(seed):
            for legal in game.legal_actions(state):
                look_alike = make_look_alike(legal)
                if look_alike is None:
                    continue
                assert look_alike == legal
                assert type(look_alike) is type(legal)
                before = boardgames.dumps(state)
                with pytest.raises(
                    IllegalActionError, match="a field has the wrong type"
                ) as caught:
                    game.apply(state, look_alike)
                assert caught.value.action is look_alike
                assert before == boardgames.dumps(state)
                return
    pytest.fail(f"no legal action to imitate with {name} in three random games")

"""Setup, the turn's frame (draw, action menu, reinforcement phase, hand limit) and turn order."""

from __future__ import annotations

from boardgames.core.history import History
from boardgames.core.protocol import PlayerId
from boardgames.core.rng import Rng
from boardgames.games.morrigan._end_and_scoring import prestige_of
from boardgames.games.morrigan._names import NONE_IN_VIEW
from boardgames.games.morrigan._table import Table
from boardgames.games.morrigan.actions import (
    Action,
    ChooseTarget,
    Discard,
    PlayTerritory,
    Reinforce,
)
from boardgames.games.morrigan.components import (
    CARDS,
    DRAW,
    DUEL_PRESTIGE,
    HAND_LIMIT,
    HAND_SIZE,
    CardId,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.state import Holding, MorriganOptions, MorriganState, Phase

__all__ = [
    "begin_turn",
    "choose_target",
    "discard",
    "end_actions",
    "end_reinforcement",
    "end_turn",
    "hand_limit",
    "new_game",
    "open_targets",
    "others",
    "play_territory",
    "reinforce",
    "reinforce_next",
    "to_menu",
]


def new_game(players: int, options: MorriganOptions, seed: int) -> MorriganState:
    """Shuffle, deal 5 cards each, choose the first player at random and start his turn."""
    rng = Rng.from_seed(seed)
    first, rng = rng.randbelow(players)
    deck, rng = rng.shuffled(range(len(CARDS)))
    hands = tuple(
        frozenset(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]) for seat in range(players)
    )
    state = MorriganState(
        players=players,
        options=options,
        turn=0,
        active=first,
        phase=Phase.ACTION,
        to_move=first,
        draw_pile=deck[players * HAND_SIZE :],
        discard_pile=(),
        hands=hands,
        territories=((),) * players,
        adversaries=(),
        won=((),) * players,
        effects=(),
        window=None,
        ordeal=None,
        attack=None,
        duel=None,
        ally=None,
        reinforced=frozenset(),
        target=None,
        floors=(0,) * players,
        clues=((),) * players,
        history=History(),
        winner=None,
        truncated=False,
        rng=rng,
    )
    table = Table(state)
    table.public = NONE_IN_VIEW  # every card is in a hand or the draw pile
    begin_turn(table, first)
    return table.freeze()


def to_menu(table: Table) -> None:
    """Go back to the active player's action menu."""
    table.phase = Phase.ACTION
    table.to_move = table.active


def begin_turn(table: Table, seat: PlayerId) -> None:
    """Start ``seat``'s turn: expire his Deluge and Glacial Winter, then duel or draw."""
    table.turn += 1
    table.active = seat
    expired = [effect.card for effect in table.effects if effect.caster == seat]
    if expired:
        table.effects = tuple(effect for effect in table.effects if effect.caster != seat)
        table.discard(expired)
    table.reinforced = frozenset()
    table.target = None
    table.to_move = seat
    if prestige_of(table.territories[seat], table.won[seat]) >= DUEL_PRESTIGE:
        table.phase = Phase.TURN_START
        return
    table.draw(seat, DRAW)
    table.phase = Phase.ACTION


def end_turn(table: Table) -> None:
    """End the active player's turn: the next one begins, or the turn limit ends the game."""
    if table.turn >= table.options.max_turns:
        table.phase = Phase.GAME_OVER
        table.to_move = None
        table.truncated = True
        return
    begin_turn(table, (table.active + 1) % table.players)


def hand_limit(table: Table) -> None:
    """Ask the active player to discard down to 5 cards, or end his turn."""
    seat = table.active
    if len(table.hands[seat]) > HAND_LIMIT:
        table.phase = Phase.HAND_LIMIT
        table.to_move = seat
    else:
        end_turn(table)


def others(table: Table, seat: PlayerId) -> list[PlayerId]:
    """The other players clockwise, starting with the one to the left of ``seat``."""
    return [(seat + offset) % table.players for offset in range(1, table.players)]


def play_territory(table: Table, action: Action) -> None:
    assert isinstance(action, PlayTerritory)
    seat = table.active
    card = table.take_shown(seat, CardKind.of(CardType.TERRITORY, action.value))
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.set_territories(seat, (*table.territories[seat], Holding(card)))
    to_menu(table)


def end_actions(table: Table, action: Action) -> None:
    reinforce_next(table)


def reinforce_next(table: Table) -> None:
    """Offer the next reinforcement, if the active player has a card and a target left."""
    seat = table.active
    table.target = None
    if table.hands[seat] and any(
        holding.card not in table.reinforced
        for holding in (*table.territories[seat], *table.adversaries)
    ):
        table.phase = Phase.REINFORCE_TARGET
        table.to_move = seat
    else:
        hand_limit(table)


def open_targets(state: MorriganState, seat: PlayerId) -> list[CardId]:
    """Own Territories, then centre Adversaries, not yet reinforced this turn."""
    done = state.reinforced
    return [
        holding.card
        for holding in (*state.territories[seat], *state.adversaries)
        if holding.card not in done
    ]


def choose_target(table: Table, action: Action) -> None:
    assert isinstance(action, ChooseTarget)
    table.target = action.card
    table.phase = Phase.REINFORCE_CARD


def end_reinforcement(table: Table, action: Action) -> None:
    hand_limit(table)


def reinforce(table: Table, action: Action) -> None:
    """Put a card face down under the target chosen in the reinforcement phase."""
    assert isinstance(action, Reinforce)
    seat = table.active
    target = table.target
    assert target is not None
    card = table.take(seat, action.kind)
    adversaries = table.adversaries
    if any(holding.card == target for holding in adversaries):
        table.adversaries = tuple(
            table.place_face_down(holding, seat, card, True) if holding.card == target else holding
            for holding in adversaries
        )
    else:
        table.set_territories(
            seat,
            tuple(
                table.place_face_down(holding, seat, card, True)
                if holding.card == target
                else holding
                for holding in table.territories[seat]
            ),
        )
    table.reinforced = table.reinforced | {target}
    reinforce_next(table)


def discard(table: Table, action: Action) -> None:
    """Discard a card for the hand limit."""
    assert isinstance(action, Discard)
    seat = table.active
    card = table.take_shown(seat, action.kind)
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.discard((card,))
    hand_limit(table)

"""Setting up a Morrigan state from a position, and reading a state's position."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from boardgames.core.history import History
from boardgames.core.rng import Rng
from boardgames.core.standard import finish_setup, origin_text, setup_failure
from boardgames.games.morrigan import _invariants
from boardgames.games.morrigan._names import hidden_cards
from boardgames.games.morrigan.components import CARD_TYPES, CARDS, CardId, CardKind, CardType
from boardgames.games.morrigan.position import (
    HoldingPosition,
    MorriganPosition,
    OrdealPosition,
    ReinforcementPosition,
    SeatPosition,
    StakePosition,
    _canonical,
)
from boardgames.games.morrigan.state import (
    Holding,
    MorriganOptions,
    MorriganState,
    Ordeal,
    Phase,
    Reinforcement,
    StakedCard,
)

__all__ = ["parse", "position_of", "setup"]

_ALLY = next(card.id for card in CARDS if card.kind is CardKind.UNEXPECTED_ALLY)
_ANY, _NOT_ACTION, _ACTION = range(3)


_fail = setup_failure


def _check_shape(position: MorriganPosition, players: int, options: MorriganOptions) -> None:
    """The fields the rest of setup reads have the right types and ranges."""
    if type(position.turn) is not int or not 1 <= position.turn <= options.max_turns:
        raise _fail(f"turn {position.turn!r} is not a turn from 1 to max_turns={options.max_turns}")
    if type(position.active) is not int or not 0 <= position.active < players:
        raise _fail(f"active {position.active!r} is not a seat from 0 to {players - 1}")
    if not isinstance(position.phase, Phase):
        raise _fail(f"phase {position.phase!r} is not a Phase")
    if type(position.seats) is not tuple or len(position.seats) != players:
        raise _fail(f"it must give exactly one SeatPosition per seat ({players})")
    for number, seat in enumerate(position.seats):
        if not isinstance(seat, SeatPosition):
            raise _fail(f"seat {number} is {type(seat).__name__}, not a SeatPosition")


def _where(position: MorriganPosition) -> dict[CardId, str]:
    """Every card the position names, with where it is; each checked to be a card, once."""
    where: dict[CardId, str] = {}

    def note(place: str) -> Callable[[CardId | None], CardId | None]:
        def visit(card: CardId | None) -> CardId | None:
            if card is None:
                return None
            if type(card) is not int or not 0 <= card < len(CARDS):
                raise _fail(f"{place} holds {card!r}, which is no card id")
            if card in where:
                raise _fail(
                    f"the card {CARDS[card].kind}#{card} is in two places: {where[card]} and "
                    f"{place}"
                )
            where[card] = place
            return card

        return visit

    for number, card in enumerate(position.discard_pile):
        note(f"the discard pile (card {number + 1})")(card)
    for card in position.draw_pile:
        note("the top of the draw pile")(card)
    for holding in position.adversaries:
        note("the centre")(holding.card)
        for r in holding.reinforcements:
            note(f"the cards under {CARDS[holding.card].kind}")(r.card)
    for effect in position.effects:
        note("the effects in force")(effect.card)
    if position.ordeal is not None:
        note("the Ordeal in progress")(position.ordeal.card)
        for stake in position.ordeal.stakes:
            note(f"seat {stake.seat}'s stake")(stake.card)
            note(f"seat {stake.seat}'s stake's Blessing")(stake.blessing)
    if position.attack is not None:
        for card in (*position.attack.cards, *position.attack.catapults):
            note("the attack")(card)
    if position.duel is not None:
        for card in position.duel.attack:
            note("the duelist's attack")(card)
        for card in position.duel.maletar:
            note("Maletar's reinforcements")(card)
    if position.phase is Phase.ALLY_PICK:
        note("the Unexpected Ally in play")(_ALLY)
    for number, seat in enumerate(position.seats):
        for held in seat.hand or ():
            note(f"seat {number}'s hand")(held)
        for holding in seat.territories:
            note(f"seat {number}'s Territories")(holding.card)
            for r in holding.reinforcements:
                note(f"the cards under seat {number}'s {CARDS[holding.card].kind}")(r.card)
        for card in seat.won:
            note(f"seat {number}'s won cards")(card)
    return where


class _Dealer:
    """Deals the cards a position leaves to the seed: each ``?`` from the cards it names not."""

    def __init__(self, free: list[CardId], rng: Rng) -> None:
        shuffled, self.rng = rng.shuffled(free)
        self.left = list(shuffled)

    def deal(self, need: int, what: str) -> CardId:
        for index, card in enumerate(self.left):
            is_action = CARD_TYPES[card] is CardType.ACTION
            if need == _ANY or (need == _ACTION) == is_action:
                return self.left.pop(index)
        kind = "an Action card" if need == _ACTION else "a card that is no Action card"
        raise _fail(f"{what} must be {kind}, but the deck has none left")


def _hand(
    position: MorriganPosition, number: int, seat: SeatPosition, dealer: _Dealer
) -> frozenset[CardId]:
    cards = seat.hand
    if cards is None:
        cards = (None,) * position.default_hand_size(number)
    known = [card for card in cards if card is not None]
    others = sum(1 for card in known if CARD_TYPES[card] is not CardType.ACTION)
    actions = len(known) - others
    unknown = len(cards) - len(known)
    needs = []
    attacker = (
        position.attack is not None and not position.attack.cards and number == position.active
    )
    if type(seat.floor) is int and seat.floor > others:
        needs += [_NOT_ACTION] * min(seat.floor - others, unknown)
    if attacker and not actions and len(needs) < unknown:
        needs.append(_ACTION)
    needs += [_ANY] * (unknown - len(needs))
    dealt = [dealer.deal(need, f"a card of seat {number}'s hand") for need in needs]
    return frozenset((*known, *dealt))


def _holding(holding: HoldingPosition, dealer: _Dealer) -> Holding:
    return Holding(
        holding.card,
        tuple(
            Reinforcement(
                r.card
                if r.card is not None
                else dealer.deal(
                    _NOT_ACTION if r.known_bluff else _ANY,
                    f"the card under {CARDS[holding.card].kind}",
                ),
                r.placer,
                r.in_reinforcement_phase,
                r.public,
                r.known_bluff,
            )
            for r in holding.reinforcements
        ),
    )


def _is_deal(position: MorriganPosition) -> bool:
    """Whether the position's public table is a new game's first decision."""
    default = SeatPosition()
    return (
        position.turn == 1
        and position.phase is Phase.ACTION
        and not position.discard_pile
        and not position.adversaries
        and not position.effects
        and all(
            attrs.evolve(seat.public(), hand=None) == default
            and len(seat.hand or (None,) * position.default_hand_size(number))
            == position.default_hand_size(number)
            for number, seat in enumerate(position.seats)
        )
        and not any(seat.clues for seat in position.seats)
    )


def parse(text: str) -> MorriganPosition:
    """Read a position from its text (``MorriganPosition.parse``)."""
    return MorriganPosition.parse(text)


def setup(
    configuration: tuple[int, MorriganOptions], position: MorriganPosition, seed: int
) -> MorriganState:
    """Build the state of ``position``, drawing what it leaves out from ``seed``.

    What a position leaves out (the cards written ``?``, a hand without a line, the draw
    pile) is drawn as the rules allow: a hand with a ``floor`` gets that many cards that are
    no Action cards, a known bluff is no Action card, an attacker with no card down holds
    an Action card. The game's options are this game's.

    Raises:
        ConfigurationError: The position is of another player count, or a fact of it
            cannot hold (the message names the first: a card in two places, more cards of
            a kind than the deck holds, a decision the table cannot have pending, a clue
            that lies).
    """
    players, options = configuration
    _check_shape(position, players, options)
    where = _where(position)
    rng = Rng.from_seed(seed)
    dealer = _Dealer(sorted(set(range(len(CARDS))) - set(where)), rng)
    hands = tuple(
        _hand(position, number, seat, dealer) for number, seat in enumerate(position.seats)
    )
    adversaries = tuple(_holding(holding, dealer) for holding in position.adversaries)
    territories = tuple(
        tuple(_holding(holding, dealer) for holding in seat.territories) for seat in position.seats
    )
    ordeal = None
    if position.ordeal is not None:
        source = position.ordeal
        ordeal = Ordeal(
            source.card,
            position.active,
            source.round,
            source.waiting,
            tuple(
                StakedCard(
                    stake.seat,
                    stake.card
                    if stake.card is not None
                    else dealer.deal(
                        _NOT_ACTION if stake.known_bluff else _ANY, f"seat {stake.seat}'s stake"
                    ),
                    stake.blessing,
                    stake.known_bluff,
                )
                for stake in source.stakes
            ),
        )
    rest, rng = dealer.rng.shuffled(dealer.left)
    game_over = position.phase is Phase.GAME_OVER
    state = MorriganState(
        players=players,
        options=options,
        turn=position.turn,
        active=position.active,
        phase=position.phase,
        to_move=position.to_move,
        draw_pile=(*position.draw_pile, *rest),
        discard_pile=position.discard_pile,
        hands=hands,
        territories=territories,
        adversaries=adversaries,
        won=tuple(seat.won for seat in position.seats),
        effects=position.effects,
        window=position.window,
        ordeal=ordeal,
        attack=position.attack,
        duel=position.duel,
        ally=_ALLY if position.phase is Phase.ALLY_PICK else None,
        reinforced=position.reinforced,
        target=position.target,
        floors=tuple(seat.floor for seat in position.seats),
        clues=tuple(seat.clues for seat in position.seats),
        history=History(),
        winner=position.winner,
        truncated=game_over and position.winner is None,
        rng=rng,
    )
    origin = origin_text(
        position, at_deal=_is_deal(position), table=lambda: str(position_of(state).public())
    )
    try:
        return finish_setup(state, position.history, origin, _invariants.check_state)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as error:
        raise _fail(f"a field is malformed ({error})") from None


def position_of(state: MorriganState) -> MorriganPosition:
    """Return everything ``state`` shows and hides, as a position (the draw pile aside).

    The hidden cards are given the lowest ids of their kinds after the cards in view, as
    the notation gives them: the copies of a kind are identical, and nothing anybody sees
    tells them apart.
    """

    def holding(source: Holding) -> HoldingPosition:
        return HoldingPosition(
            source.card,
            tuple(
                ReinforcementPosition(
                    r.card, r.placer, r.in_reinforcement_phase, r.public, r.known_bluff
                )
                for r in source.reinforcements
            ),
        )

    ordeal = None
    if state.ordeal is not None:
        ordeal = OrdealPosition(
            state.ordeal.card,
            state.ordeal.waiting,
            state.ordeal.round,
            tuple(
                StakePosition(stake.seat, stake.card, stake.blessing, stake.known_bluff)
                for stake in state.ordeal.stakes
            ),
        )
    history = state.history
    origin = history.origin
    position = MorriganPosition(
        players=state.players,
        turn=state.turn,
        active=state.active,
        phase=state.phase,
        seats=tuple(
            SeatPosition(
                hand=tuple(state.hands[seat]),
                territories=tuple(map(holding, state.territories[seat])),
                won=state.won[seat],
                floor=state.floors[seat],
                clues=state.clues[seat],
            )
            for seat in range(state.players)
        ),
        discard_pile=state.discard_pile,
        adversaries=tuple(map(holding, state.adversaries)),
        effects=state.effects,
        window=state.window,
        ordeal=ordeal,
        attack=state.attack,
        duel=state.duel,
        reinforced=state.reinforced,
        target=state.target,
        winner=state.winner,
        history=tuple(history),
        origin=MorriganPosition.parse(origin) if origin is not None and len(history) else None,
    )
    hidden = hidden_cards(state)
    return _canonical(position, lambda card: card not in hidden)

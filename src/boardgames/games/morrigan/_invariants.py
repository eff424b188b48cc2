"""The invariants of a state, checked on untrusted input (``check_state``, ``loads``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from boardgames.core.errors import InvalidStateError
from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan._end_and_scoring import loss_options, prestige
from boardgames.games.morrigan._hidden_information import check_clues
from boardgames.games.morrigan._setup_and_turns import open_targets
from boardgames.games.morrigan._specials import SPECIALS_PLAYED_ALONE
from boardgames.games.morrigan.actions import PlaySpecial
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    CARDS,
    DUEL_PRESTIGE,
    HAND_LIMIT,
    CardId,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.components import CARD_TYPES as _TYPE
from boardgames.games.morrigan.state import MorriganState, Phase

__all__ = ["check_parameters", "check_state"]

_KIND = CARD_KINDS
_ACTION = CardType.ACTION
_ALL_CARDS = len(CARDS)
_EVERY_CARD = frozenset(range(_ALL_CARDS))


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def check_parameters(action: object, players: int) -> None:
    """Check that an action's parameters are in range (values, card ids, seats).

    Args:
        action: A Morrigan action or public action.
        players: The number of seats (Sorcery's target must be one).

    Raises:
        InvalidStateError: A parameter is out of range.
    """
    name = type(action).__name__
    value = getattr(action, "value", 1)
    if type(value) is not int or not 1 <= value <= 5:
        raise _fail(f"{name}.value={value!r} is not 1 to 5")
    for field in ("adversary", "territory", "card"):
        card = getattr(action, field, 0)
        if not _is_card(card):
            raise _fail(f"{name}.{field}={card!r} is not a card id")
    target = getattr(action, "target", 0)
    if not _is_seat(target, players):
        raise _fail(f"{name}.target={target!r} is not a seat")
    if isinstance(action, PlaySpecial) and action.special not in SPECIALS_PLAYED_ALONE:
        raise _fail(f"{action.special!r} is not played with PlaySpecial")


def _is_seat(value: object, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def _is_card(value: object) -> bool:
    return type(value) is int and 0 <= value < _ALL_CARDS


def check_state(state: MorriganState) -> None:
    """Check every invariant of a state (used on untrusted input).

    Raises:
        InvalidStateError: An invariant is broken; the message names it.
    """
    players = state.players
    if type(players) is not int or not 2 <= players <= 5:
        raise _fail(f"players={players!r} is out of range 2 to 5")
    options = state.options
    if type(options.max_turns) is not int or options.max_turns < 1:
        raise _fail(f"max_turns={options.max_turns!r} must be an int of at least 1")
    for name in ("hands", "territories", "won", "floors", "clues"):
        if len(getattr(state, name)) != players:
            raise _fail(f"{name} has {len(getattr(state, name))} entries for {players} players")
    if type(state.turn) is not int or not 1 <= state.turn <= options.max_turns:
        raise _fail(f"turn={state.turn!r} is out of range 1 to max_turns={options.max_turns}")
    if not _is_seat(state.active, players):
        raise _fail(f"active={state.active!r} is not a seat")
    state.rng.check()
    _check_cards(state)
    _check_phase(state)
    _check_knowledge(state)


def _check_cards(state: MorriganState) -> None:
    """Every card is in exactly one place, and every place holds the right type of card."""
    players = state.players
    zones: list[tuple[str, Iterable[object], tuple[CardType, ...]]] = [
        ("the draw pile", state.draw_pile, ()),
        ("the discard pile", state.discard_pile, ()),
    ]
    for seat in range(players):
        if seat != state.active and len(state.hands[seat]) > HAND_LIMIT:
            raise _fail(f"seat {seat} holds {len(state.hands[seat])} cards out of his turn")
        zones.append((f"seat {seat}'s hand", state.hands[seat], ()))
        zones.append(
            (
                f"seat {seat}'s Territories",
                [holding.card for holding in state.territories[seat]],
                (CardType.TERRITORY,),
            )
        )
        zones.append(
            (f"seat {seat}'s won cards", state.won[seat], (CardType.ORDEAL, CardType.ADVERSARY))
        )
    zones.append(
        (
            "the centre Adversaries",
            [holding.card for holding in state.adversaries],
            (CardType.ADVERSARY,),
        )
    )
    for holding in (*(h for hs in state.territories for h in hs), *state.adversaries):
        for r in holding.reinforcements:
            if not _is_seat(r.placer, players):
                raise _fail(f"a reinforcement of card {holding.card!r} has placer {r.placer!r}")
            if (
                type(r.public) is not bool
                or type(r.in_reinforcement_phase) is not bool
                or type(r.known_bluff) is not bool
            ):
                raise _fail(f"a reinforcement of card {holding.card!r} has non-bool flags")
            if r.known_bluff and _is_card(r.card) and _TYPE[r.card] is _ACTION:
                raise _fail(
                    f"a reinforcement of card {holding.card!r} is a known bluff but is "
                    f"{CARDS[r.card]}"
                )
        zones.append(
            (
                f"the cards under card {holding.card!r}",
                [r.card for r in holding.reinforcements],
                (),
            )
        )
    special: list[tuple[str, CardId | None, tuple[CardKind, ...]]] = []
    for effect in state.effects:
        if not _is_seat(effect.caster, players):
            raise _fail(f"effect caster {effect.caster!r} is not a seat")
        special.append(
            ("the effects in force", effect.card, (CardKind.DELUGE, CardKind.GLACIAL_WINTER))
        )
    if state.ordeal is not None:
        zones.append(("the Ordeal in progress", (state.ordeal.card,), (CardType.ORDEAL,)))
        for stake in state.ordeal.stakes:
            if type(stake.known_bluff) is not bool:
                raise _fail(f"seat {stake.seat!r}'s stake has a non-bool known_bluff")
            if stake.known_bluff and _is_card(stake.card) and _TYPE[stake.card] is _ACTION:
                raise _fail(
                    f"seat {stake.seat!r}'s stake is a known bluff but is {CARDS[stake.card]}"
                )
            zones.append(("an Ordeal stake", (stake.card,), ()))
            special.append(("an Ordeal stake's Blessing", stake.blessing, (CardKind.BLESSING,)))
    if state.attack is not None:
        zones.append(("the attack", state.attack.cards, (CardType.ACTION,)))
        for card in state.attack.catapults:
            special.append(("the attack's Catapults", card, (CardKind.CATAPULT,)))
    if state.duel is not None:
        zones.append(("the duelist's attack", state.duel.attack, (CardType.ACTION,)))
        zones.append(("Maletar's reinforcements", state.duel.maletar, (CardType.ACTION,)))
    special.append(("the Unexpected Ally in play", state.ally, (CardKind.UNEXPECTED_ALLY,)))
    located: list[CardId] = []
    for name, cards, types in zones:
        for item in cards:
            if not _is_card(item):
                raise _fail(f"{name} holds {item!r}, which is not a card id")
            assert isinstance(item, int)
            if types and _TYPE[item] not in types:
                raise _fail(f"{name} holds {CARDS[item]}, which cannot be there")
            located.append(item)
    for name, special_card, kinds in special:
        if special_card is None:
            continue
        if not _is_card(special_card):
            raise _fail(f"{name} holds {special_card!r}, which is not a card id")
        if _KIND[special_card] not in kinds:
            raise _fail(f"{name} holds {CARDS[special_card]}, which cannot be there")
        located.append(special_card)
    if len(located) != _ALL_CARDS or set(located) != _EVERY_CARD:
        counts = Counter(located)
        twice = sorted(card for card, count in counts.items() if count > 1)
        missing = sorted(_EVERY_CARD - set(counts))
        raise _fail(f"cards are not each in exactly one place: twice {twice}, nowhere {missing}")


def _check_phase(state: MorriganState) -> None:
    """The pending decision, its record and the player to move agree."""
    phase = state.phase
    players = state.players
    active = state.active
    records = {
        "window": (state.window, Phase.ON_PLAY_REINFORCE),
        "ordeal": (state.ordeal, Phase.ORDEAL_STAKE),
        "attack": (state.attack, Phase.ATTACK),
        "ally": (state.ally, Phase.ALLY_PICK),
        "target": (state.target, Phase.REINFORCE_CARD),
    }
    for name, (record, needed) in records.items():
        if (record is not None) != (phase is needed):
            raise _fail(f"{name} must be set exactly in the {needed.name.lower()} phase")
    if phase is Phase.GAME_OVER:
        if state.to_move is not None:
            raise _fail("nobody moves once the game is over")
        if (state.winner is None) == (not state.truncated):
            raise _fail("a finished game has either a winner or is truncated, not both")
        if state.truncated and state.turn != state.options.max_turns:
            raise _fail("a truncated game ends after turn max_turns")
        if (state.duel is not None) != (state.winner is not None):
            raise _fail("the winning duel stays on the table, and only then")
        if state.winner is not None:
            if state.winner != active:
                raise _fail("only the active player can win, by his duel")
            if state.duel is not None and state.duel.waiting:
                raise _fail("a finished duel has nobody waiting")
        return
    if state.winner is not None or state.truncated:
        raise _fail("only a finished game has a winner or is truncated")
    if (state.duel is not None) != (phase is Phase.MALETAR_REINFORCE):
        raise _fail("duel must be set exactly in the maletar_reinforce phase")
    mover = state.to_move
    if not _is_seat(mover, players):
        raise _fail(f"to_move={mover!r} is not a seat")
    waiting: tuple[PlayerId, ...] = ()
    if phase is Phase.ON_PLAY_REINFORCE:
        assert state.window is not None
        waiting = state.window.waiting
        if not any(holding.card == state.window.adversary for holding in state.adversaries):
            raise _fail("the on-play window is for an Adversary that is not in the centre")
    elif phase is Phase.ORDEAL_STAKE:
        assert state.ordeal is not None
        ordeal = state.ordeal
        waiting = ordeal.waiting
        if type(ordeal.round) is not int or ordeal.round < 1:
            raise _fail(f"ordeal round {ordeal.round!r} must be 1 or more")
        if ordeal.player != active:
            raise _fail("the Ordeal in progress was played by somebody else than the active")
        seats = [stake.seat for stake in ordeal.stakes]
        if any(not _is_seat(seat, players) for seat in seats) or len(set(seats)) != len(seats):
            raise _fail("each participant stakes at most one card per round")
        if set(seats) & set(waiting):
            raise _fail("a participant who staked cannot be waiting to stake")
    elif phase is Phase.MALETAR_REINFORCE:
        assert state.duel is not None
        waiting = state.duel.waiting
        if active in waiting:
            raise _fail("the duelist cannot reinforce Maletar")
    if phase in (Phase.ON_PLAY_REINFORCE, Phase.ORDEAL_STAKE, Phase.MALETAR_REINFORCE):
        if any(not _is_seat(seat, players) for seat in waiting) or len(set(waiting)) != len(
            waiting
        ):
            raise _fail(f"the players waiting to decide are not distinct seats: {waiting!r}")
        if not waiting or waiting[0] != mover:
            raise _fail("the player to move must be the first one waiting")
        if not state.hands[mover]:
            raise _fail("a player with no cards is never asked to give one")
        if phase is Phase.ON_PLAY_REINFORCE and active in waiting:
            raise _fail("the player who played the Adversary does not reinforce it on play")
    elif mover != active:
        raise _fail(f"in the {phase.name.lower()} phase the active player moves")
    if phase is Phase.ATTACK:
        _check_attack(state)
    if phase is Phase.REINFORCE_CARD:
        if state.target not in open_targets(state, active):
            raise _fail(f"target {state.target!r} cannot be reinforced now")
        if not state.hands[active]:
            raise _fail("a reinforcement needs a card in hand")
    if phase is Phase.REINFORCE_TARGET and not (
        state.hands[active] and open_targets(state, active)
    ):
        raise _fail("the reinforcement phase is offered only with a card and a target")
    targets = {holding.card for holding in (*state.territories[active], *state.adversaries)}
    if not state.reinforced <= targets:
        raise _fail("only own Territories and centre Adversaries can have been reinforced")
    if phase is Phase.HAND_LIMIT and len(state.hands[active]) <= HAND_LIMIT:
        raise _fail("the hand limit is asked only of a hand of more than 5 cards")
    if phase is Phase.TURN_START and prestige(state, active) < DUEL_PRESTIGE:
        raise _fail("the duel is offered only with 15 prestige or more")
    if phase is Phase.ALLY_PICK and len({_KIND[card] for card in state.discard_pile}) < 2:
        raise _fail("the Unexpected Ally pick is asked only between two kinds or more")
    if phase is Phase.DUEL_LOSS and len(loss_options(state.territories, state.won, active)) < 2:
        raise _fail("the duel-loss choice is asked only between two cards or more")
    _check_history(state)


def _check_history(state: MorriganState) -> None:
    """Every entry names a turn so far, a seat and a well-formed public action.

    Entries share their action objects (every loaded or played history does), so each
    distinct action object is checked once.
    """
    players = state.players
    last = state.turn
    checked: set[int] = set()
    for entry in state.history:
        if len(entry) != 3:
            raise _fail(f"a history entry {entry!r} is not (turn, seat, action)")
        turn, seat, action = entry
        if (
            type(turn) is not int
            or type(seat) is not int
            or not (1 <= turn <= last and 0 <= seat < players)
        ):
            raise _fail(f"the history names turn {turn!r} and seat {seat!r}")
        if id(action) not in checked:
            check_parameters(action, players)
            checked.add(id(action))


def _check_attack(state: MorriganState) -> None:
    attack = state.attack
    assert attack is not None
    owners = [
        seat
        for seat, holdings in enumerate(state.territories)
        for holding in holdings
        if holding.card == attack.target
    ]
    if attack.conquest:
        if owners in ([], [state.active]):
            raise _fail("a conquest targets another player's Territory")
    elif not any(holding.card == attack.target for holding in state.adversaries):
        raise _fail("a fight targets an Adversary in the centre")
    if attack.catapults and not attack.conquest:
        raise _fail("a Catapult is played only in a conquest")


def _check_knowledge(state: MorriganState) -> None:
    """Non-Action floors and clues tell no lie about the hidden cards."""
    for seat, floor in enumerate(state.floors):
        others = sum(1 for card in state.hands[seat] if _TYPE[card] is not _ACTION)
        if type(floor) is not int or not 0 <= floor <= others:
            raise _fail(
                f"seat {seat} is known to hold {floor!r} non-Action cards but holds {others}"
            )
    for observer, clues in enumerate(state.clues):
        if clues:
            check_clues(state, observer, clues)

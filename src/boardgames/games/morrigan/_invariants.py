"""The invariants of a state, checked on untrusted input (``check_state``, ``loads``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import shown
from boardgames.core.protocol import OptionSpec, PlayerId
from boardgames.games.morrigan._end_and_scoring import adds_to_defence, loss_options, prestige
from boardgames.games.morrigan._hidden_information import check_clues
from boardgames.games.morrigan._history import check_history
from boardgames.games.morrigan._setup_and_turns import open_targets
from boardgames.games.morrigan._specials import SPECIALS_PLAYED_ALONE
from boardgames.games.morrigan.actions import PlaySpecial
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    CARDS,
    DRAW,
    DUEL_PRESTIGE,
    HAND_LIMIT,
    MALETAR_DEFENCE,
    CardId,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.components import CARD_TYPES as _TYPE
from boardgames.games.morrigan.components import CARD_VALUES as _VALUE
from boardgames.games.morrigan.state import MorriganState, Phase, Reinforcement

__all__ = ["check_parameters", "check_state"]

_KIND = CARD_KINDS
_ACTION = CardType.ACTION
_ALL_CARDS = len(CARDS)
_EVERY_CARD = frozenset(range(_ALL_CARDS))
_MAX_ROUND = HAND_LIMIT + 1
"""The last staking round an Ordeal can reach: an extra round is among tied stakers, one of
whom is not the active player and so began the Ordeal with at most 5 cards, one staked in
each round before."""


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
        raise _fail(f"players={shown(players)} is out of range 2 to 5")
    options = state.options
    limit = OptionSpec.MAX_TURN_LIMIT
    if type(options.max_turns) is not int or not 1 <= options.max_turns <= limit:
        raise _fail(f"max_turns={shown(options.max_turns)} is not an int from 1 to {limit}")
    for name in ("wide_curse", "lone_bluff_wins", "ally_top_only"):
        if type(getattr(options, name)) is not bool:
            raise _fail(f"{name}={shown(getattr(options, name))} is not a bool")
    for name in ("hands", "territories", "won", "floors", "clues"):
        if len(getattr(state, name)) != players:
            raise _fail(f"{name} has {len(getattr(state, name))} entries for {players} players")
    if type(state.turn) is not int or not 1 <= state.turn <= options.max_turns:
        raise _fail(f"turn={shown(state.turn)} is out of range 1 to max_turns={options.max_turns}")
    if not _is_seat(state.active, players):
        raise _fail(f"active={shown(state.active)} is not a seat")
    if type(state.truncated) is not bool:
        raise _fail(f"truncated={shown(state.truncated)} is not a bool")
    state.rng.check()
    _check_cards(state)
    _check_holdings(state)
    _check_phase(state)
    _check_knowledge(state)
    check_history(state, check_parameters)


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
            _check_duel(state)
        return
    if state.winner is not None or state.truncated:
        raise _fail("only a finished game has a winner or is truncated")
    if (state.duel is not None) != (phase is Phase.MALETAR_REINFORCE):
        raise _fail("duel must be set exactly in the maletar_reinforce phase")
    mover = state.to_move
    if not _is_seat(mover, players):
        raise _fail(f"to_move={shown(mover)} is not a seat")
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
        if type(ordeal.round) is not int or not 1 <= ordeal.round <= _MAX_ROUND:
            raise _fail(f"ordeal round {shown(ordeal.round)} is not 1 to {_MAX_ROUND}")
        if ordeal.player != active:
            raise _fail("the Ordeal in progress was played by somebody else than the active")
        seats = [stake.seat for stake in ordeal.stakes]
        if any(not _is_seat(seat, players) for seat in seats) or len(set(seats)) != len(seats):
            raise _fail("each participant stakes at most one card per round")
        if set(seats) & set(waiting):
            raise _fail("a participant who staked cannot be waiting to stake")
        if any(not _is_seat(seat, players) for seat in waiting) or (
            _increasing([*seats, *waiting], active, players) is None
        ):
            raise _fail(
                "an Ordeal's participants stake clockwise from the left of its player, "
                "who stakes last"
            )
    elif phase is Phase.MALETAR_REINFORCE:
        assert state.duel is not None
        waiting = state.duel.waiting
        if active in waiting:
            raise _fail("the duelist cannot reinforce Maletar")
    if phase in (Phase.ON_PLAY_REINFORCE, Phase.ORDEAL_STAKE, Phase.MALETAR_REINFORCE):
        if any(not _is_seat(seat, players) for seat in waiting) or len(set(waiting)) != len(
            waiting
        ):
            raise _fail(f"the players waiting to decide are not distinct seats: {shown(waiting)}")
        if not waiting or waiting[0] != mover:
            raise _fail("the player to move must be the first one waiting")
        if not state.hands[mover]:
            raise _fail("a player with no cards is never asked to give one")
        if phase is Phase.ON_PLAY_REINFORCE and active in waiting:
            raise _fail("the player who played the Adversary does not reinforce it on play")
        if _increasing(waiting, active, players) is None:
            raise _fail("the players are asked clockwise from the active player's left")
    elif mover != active:
        raise _fail(f"in the {phase.name.lower()} phase the active player moves")
    if phase is Phase.ATTACK:
        _check_attack(state)
    if phase is Phase.REINFORCE_CARD:
        if state.target not in open_targets(state, active):
            raise _fail(f"target {shown(state.target)} cannot be reinforced now")
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
    if phase is Phase.ALLY_PICK and state.options.ally_top_only:
        raise _fail("with ally_top_only the Unexpected Ally takes the top card: nobody picks")
    if phase is Phase.TURN_START and len(state.hands[active]) > HAND_LIMIT:
        raise _fail("a turn starts with at most 5 cards in hand (the hand limit)")
    if state.duel is not None:
        _check_duel(state)


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
    if not attack.cards and not any(_TYPE[card] is _ACTION for card in state.hands[state.active]):
        raise _fail(
            "an attack with no card down yet needs an Action card in the attacker's hand "
            "(Fight and Conquer are offered only with one, and Commit needs one down)"
        )


def _check_duel(state: MorriganState) -> None:
    """The duel draw showed every Action card of the duelist's hand; Maletar's givers."""
    duel = state.duel
    assert duel is not None
    active = state.active
    hand = state.hands[active]
    if any(_TYPE[card] is _ACTION for card in hand) or state.floors[active] != len(hand):
        raise _fail("every Action card of the duelist's hand is in his attack, for all to see")
    drawn = HAND_LIMIT + DRAW + state.players - 1
    if len(duel.attack) + len(hand) > drawn:
        raise _fail(
            f"the duelist holds {len(duel.attack) + len(hand)} cards; a duel starts with at "
            f"most 5 and draws {DRAW} plus one per opponent"
        )
    if len(duel.maletar) + len(duel.waiting) > state.players - 1:
        raise _fail("each opponent gives Maletar at most one Action card")
    if _increasing(duel.waiting, active, state.players) is None:
        raise _fail("the opponents are asked clockwise from the duelist's left")
    if state.winner is not None and sum(_VALUE[card] for card in duel.attack) <= (
        MALETAR_DEFENCE + sum(_VALUE[card] for card in duel.maletar)
    ):
        raise _fail("the duelist won, but his attack does not beat Maletar's defence")


def _increasing(seats: Iterable[PlayerId], active: PlayerId, players: int) -> int | None:
    """Return the last clockwise offset from ``active`` (``active`` last), or ``None``.

    ``None`` if the seats are not in clockwise order from the active player's left, with
    the active player last.
    """
    last = 0
    for seat in seats:
        offset = (seat - active) % players or players
        if offset <= last:
            return None
        last = offset
    return last


def _check_holdings(state: MorriganState) -> None:
    """The cards under each Territory and Adversary are in an order the rules can give.

    A Territory's cards were all placed by its owner in his reinforcement phases (a
    conquered Territory changes hands with nothing under it). An Adversary's cards placed
    on play come first, at most one from each other player. The cards everyone has seen
    (survivors of a failed attack) come before the others and each adds to the defence:
    the bluffs were discarded.
    """
    wide_curse = state.options.wide_curse
    for owner, holdings in enumerate(state.territories):
        for holding in holdings:
            for r in holding.reinforcements:
                if r.placer != owner or not r.in_reinforcement_phase:
                    raise _fail(
                        f"{CARDS[holding.card]} holds a card not placed by its owner in his "
                        "reinforcement phase"
                    )
            _check_revealed(holding.card, holding.reinforcements, False, wide_curse)
    for holding in state.adversaries:
        on_play = [r.placer for r in holding.reinforcements if not r.in_reinforcement_phase]
        if any(r.in_reinforcement_phase for r in holding.reinforcements[: len(on_play)]):
            raise _fail(f"the cards placed on {CARDS[holding.card]} when played come first")
        if len(set(on_play)) != len(on_play) or len(on_play) > state.players - 1:
            raise _fail(
                f"{CARDS[holding.card]} holds more than one card placed on play by a player"
            )
        _check_revealed(holding.card, holding.reinforcements, True, wide_curse)


def _check_revealed(
    card: CardId, reinforcements: Iterable[Reinforcement], adversary: bool, wide_curse: bool
) -> None:
    hidden = False
    for r in reinforcements:
        if not r.public:
            hidden = True
        elif hidden:
            raise _fail(f"a card everyone has seen under {CARDS[card]} follows a hidden one")
        elif not adds_to_defence(r, adversary, wide_curse):
            raise _fail(
                f"{CARDS[r.card]} under {CARDS[card]} was seen, but a revealed bluff is discarded"
            )


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

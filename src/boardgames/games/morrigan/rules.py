"""The rules of Morrigan as pure functions: setup, legal actions, transitions, scoring.

A turn is split into decisions (RULINGS §3.1). Everything else runs inside :func:`apply`
until the next decision: draws and reshuffles, the reveal and resolution of Ordeal stakes,
attacks and duels, Special card effects, skipping players who have no card to give, the
start and end of turns. Which of several identical cards leaves a hand is drawn at random
from the state's generator, so that card ids never tell anybody more than the card kinds.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

import attrs

from boardgames.core.errors import IllegalActionError, InvalidStateError
from boardgames.core.protocol import PlayerId
from boardgames.core.ranking import places_from_keys
from boardgames.core.rng import Rng
from boardgames.games.morrigan._assign import assign
from boardgames.games.morrigan.actions import (
    Action,
    AddAction,
    AddCatapult,
    ChooseTarget,
    Commit,
    Conquer,
    DeclareDuel,
    Decline,
    Discard,
    EndActions,
    EndReinforcement,
    Fight,
    LoseCard,
    NormalTurn,
    PlayAdversary,
    PlayOrdeal,
    PlaySorcery,
    PlaySpecial,
    PlayTerritory,
    PublicAction,
    Reinforce,
    ReinforcedFaceDown,
    ReinforceMaletar,
    Stake,
    Staked,
    TakeFromDiscard,
    Withdraw,
)
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    CARDS,
    DRAW,
    DUEL_PRESTIGE,
    HAND_LIMIT,
    HAND_SIZE,
    MALETAR_DEFENCE,
    CardId,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.state import (
    Attack,
    Clue,
    Duel,
    Effect,
    HistoryEntry,
    Holding,
    MorriganOptions,
    MorriganState,
    Ordeal,
    Phase,
    Place,
    Reinforcement,
    StakedCard,
    Window,
    Zone,
)

__all__ = [
    "SPECIALS_PLAYED_ALONE",
    "apply",
    "attack_strength",
    "check_action",
    "check_state",
    "defence",
    "hidden_places",
    "legal_actions",
    "new_game",
    "prestige",
    "ranking",
    "score",
    "stake_value",
]

SPECIALS_PLAYED_ALONE = (
    CardKind.UNEXPECTED_ALLY,
    CardKind.KINGS_FAVOURITE,
    CardKind.SECRET_TREASURE,
    CardKind.DELUGE,
    CardKind.GLACIAL_WINTER,
    CardKind.EARTHQUAKE,
)
"""The Special cards played with :class:`~boardgames.games.morrigan.actions.PlaySpecial`."""

_KIND = CARD_KINDS
_TYPE = tuple(kind.type for kind in CARD_KINDS)
_VALUE = tuple(kind.face_value for kind in CARD_KINDS)
_KIND_TYPE = tuple(CardKind(kind).type for kind in range(30))
_KIND_VALUE = tuple(CardKind(kind).face_value for kind in range(30))
_ACTION_KINDS = frozenset(kind for kind in CardKind if kind.type is CardType.ACTION)
_ACTION = CardType.ACTION
_DRAW_PLACE: Place = (Zone.DRAW, 0, 0)
_ALL_CARDS = len(CARDS)
_EVERY_CARD = frozenset(range(_ALL_CARDS))

_DECLARE = DeclareDuel()
_NORMAL = NormalTurn()
_END_ACTIONS = EndActions()
_DECLINE = Decline()
_WITHDRAW = Withdraw()
_ADD_CATAPULT = AddCatapult()
_COMMIT = Commit()
_END_REINFORCEMENT = EndReinforcement()
_FACE_DOWN = ReinforcedFaceDown()
_STAKED = (Staked(False), Staked(True))
_PLAY_TERRITORY = {value: PlayTerritory(value) for value in range(1, 6)}
_PLAY_ADVERSARY = {value: PlayAdversary(value) for value in range(1, 6)}
_PLAY_ORDEAL = {value: PlayOrdeal(value) for value in range(1, 6)}
_ADD_ACTION = {value: AddAction(value) for value in range(1, 6)}
_MALETAR = {value: ReinforceMaletar(value) for value in range(1, 6)}
_REINFORCE = {kind: Reinforce(kind) for kind in CardKind}
_STAKE = {kind: Stake(kind, False) for kind in CardKind}
_STAKE_BLESSED = {kind: Stake(kind, True) for kind in CardKind}
_DISCARD = {kind: Discard(kind) for kind in CardKind}
_TAKE = {kind: TakeFromDiscard(kind) for kind in CardKind}
_PLAY_SPECIAL = {kind: PlaySpecial(kind) for kind in SPECIALS_PLAYED_ALONE}

_ClueKey = tuple[CardKind, frozenset[Place]]
_ClueMap = dict[_ClueKey, int]


def _hand_place(seat: PlayerId) -> Place:
    return (Zone.HAND, seat, 0)


def _stake_place(seat: PlayerId) -> Place:
    return (Zone.STAKE, seat, 0)


# --------------------------------------------------------------------------------------------
# The working copy: apply() mutates one of these and freezes it once.


class _Table:
    """A mutable copy of a state, used inside :func:`apply` and :func:`new_game` only."""

    __slots__ = (
        "active",
        "adversaries",
        "ally",
        "attack",
        "clue_maps",
        "clues",
        "discard_pile",
        "draw_pile",
        "duel",
        "effects",
        "floors",
        "hands",
        "history",
        "options",
        "ordeal",
        "phase",
        "players",
        "reinforced",
        "rng",
        "target",
        "territories",
        "to_move",
        "truncated",
        "turn",
        "window",
        "winner",
        "won",
    )

    def __init__(self, state: MorriganState) -> None:
        self.players = state.players
        self.options = state.options
        self.turn = state.turn
        self.active = state.active
        self.phase = state.phase
        self.to_move = state.to_move
        self.draw_pile = state.draw_pile
        self.discard_pile = state.discard_pile
        self.hands = list(state.hands)
        self.territories = list(state.territories)
        self.adversaries = state.adversaries
        self.won = list(state.won)
        self.effects = state.effects
        self.window = state.window
        self.ordeal = state.ordeal
        self.attack = state.attack
        self.duel = state.duel
        self.ally = state.ally
        self.reinforced = state.reinforced
        self.target = state.target
        self.floors = list(state.floors)
        self.clues = state.clues
        self.clue_maps: list[_ClueMap | None] = [None] * state.players
        self.history = state.history
        self.winner = state.winner
        self.truncated = state.truncated
        self.rng = state.rng

    def freeze(self) -> MorriganState:
        clues = self.clues
        if any(clue_map is not None for clue_map in self.clue_maps):
            clues = tuple(
                existing if clue_map is None else _freeze_clues(clue_map)
                for existing, clue_map in zip(self.clues, self.clue_maps, strict=True)
            )
        return MorriganState(
            self.players,
            self.options,
            self.turn,
            self.active,
            self.phase,
            self.to_move,
            self.draw_pile,
            self.discard_pile,
            tuple(self.hands),
            tuple(self.territories),
            self.adversaries,
            tuple(self.won),
            self.effects,
            self.window,
            self.ordeal,
            self.attack,
            self.duel,
            self.ally,
            self.reinforced,
            self.target,
            tuple(self.floors),
            clues,
            self.history,
            self.winner,
            self.truncated,
            self.rng,
        )

    # ---- cards in hand --------------------------------------------------------------------

    def take(self, seat: PlayerId, kind: CardKind) -> CardId:
        """Remove a card of ``kind`` from ``seat``'s hand, a random one of several copies."""
        hand = self.hands[seat]
        copies = sorted(card for card in hand if _KIND[card] is kind)
        card = copies[0]
        if len(copies) > 1:
            index, self.rng = self.rng.randbelow(len(copies))
            card = copies[index]
        self.hands[seat] = hand - {card}
        return card

    def left_hand(self, seat: PlayerId, card: CardId, *, visible: bool) -> bool:
        """Update the public count of known non-Action cards after ``card`` left a hand.

        Call it once ``card`` is out of ``seat``'s hand. Return whether everyone knows
        ``card`` is not an Action card because every card of the hand it left was known to
        be such (the floor equalled the hand's size): a card leaving unseen is then a known
        bluff.
        """
        floor = self.floors[seat]
        known = bool(floor) and floor == len(self.hands[seat]) + 1
        if floor and not (visible and _TYPE[card] is _ACTION):
            self.floors[seat] -= 1
        return known

    def discard(self, cards: Iterable[CardId]) -> None:
        self.discard_pile = (*self.discard_pile, *cards)

    def draw(self, seat: PlayerId, count: int) -> None:
        """Draw ``count`` cards, reshuffling the discard pile whenever the draw pile is empty."""
        hand = self.hands[seat]
        for _ in range(count):
            if not self.draw_pile:
                if not self.discard_pile:
                    break
                self.reshuffle()
            card = self.draw_pile[0]
            self.draw_pile = self.draw_pile[1:]
            hand = hand | {card}
            self.clue_draw(seat, card)
        self.hands[seat] = hand

    def reshuffle(self) -> None:
        cards = self.discard_pile
        self.draw_pile, self.rng = self.rng.shuffled(cards)
        self.discard_pile = ()
        counts = Counter(_KIND[card] for card in cards)
        for observer in range(self.players):
            clue_map = self.clue_map(observer)
            _remove_place(clue_map, _DRAW_PLACE, None)
            for kind, count in counts.items():
                key = (kind, frozenset({_DRAW_PLACE}))
                clue_map[key] = clue_map.get(key, 0) + count

    # ---- what each player knows about cards he cannot see ---------------------------------

    def clue_map(self, observer: PlayerId) -> _ClueMap:
        clue_map = self.clue_maps[observer]
        if clue_map is None:
            clue_map = _thaw_clues(self.clues[observer])
            self.clue_maps[observer] = clue_map
        return clue_map

    def has_clues(self, observer: PlayerId) -> bool:
        clue_map = self.clue_maps[observer]
        return bool(self.clues[observer]) if clue_map is None else bool(clue_map)

    def clue_draw(self, seat: PlayerId, card: CardId) -> None:
        """``seat`` drew ``card``: he saw its kind, the others did not."""
        for observer in range(self.players):
            if self.has_clues(observer):
                if observer == seat:
                    _consume(self.clue_map(observer), _KIND[card], _DRAW_PLACE, 1)
                else:
                    _add_place(self.clue_map(observer), _DRAW_PLACE, _hand_place(seat))

    def clue_hidden(self, seat: PlayerId, place: Place) -> None:
        """``seat`` put a card from his hand face down at ``place``."""
        source = _hand_place(seat)
        for observer in range(self.players):
            if observer != seat and self.has_clues(observer):
                _add_place(self.clue_map(observer), source, place)

    def clue_visible(self, seat: PlayerId, card: CardId) -> None:
        """``card`` left ``seat``'s hand face up: everybody saw its kind."""
        source = _hand_place(seat)
        for observer in range(self.players):
            if observer != seat and self.has_clues(observer):
                _consume(self.clue_map(observer), _KIND[card], source, 1)

    def clue_steal(self, victim: PlayerId, taker: PlayerId, card: CardId) -> None:
        """``taker`` drew ``card`` from ``victim``'s hand: only the two of them saw it."""
        kind = _KIND[card]
        source = _hand_place(victim)
        for observer in range(self.players):
            if observer == victim:
                clue_map = self.clue_map(observer)
                key = (kind, frozenset({_hand_place(taker)}))
                clue_map[key] = clue_map.get(key, 0) + 1
            elif not self.has_clues(observer):
                continue
            elif observer == taker:
                _consume(self.clue_map(observer), kind, source, 1)
            else:
                _add_place(self.clue_map(observer), source, _hand_place(taker))

    def clue_public_gain(self, seat: PlayerId, card: CardId) -> None:
        """Everybody saw ``card`` go into ``seat``'s hand."""
        key = (_KIND[card], frozenset({_hand_place(seat)}))
        for observer in range(self.players):
            if observer != seat:
                clue_map = self.clue_map(observer)
                clue_map[key] = clue_map.get(key, 0) + 1

    def clue_reveal(
        self, place: Place, cards: Iterable[CardId], kinds: frozenset[CardKind] | None = None
    ) -> None:
        """Everybody saw every card at ``place`` (or every card of ``kinds`` there)."""
        revealed = Counter(_KIND[card] for card in cards)
        for observer in range(self.players):
            if self.has_clues(observer):
                clue_map = self.clue_map(observer)
                for kind, count in revealed.items():
                    _consume(clue_map, kind, place, count)
                _remove_place(clue_map, place, kinds)


_NO_COUNTS = (0,) * 30


def _freeze_clues(clue_map: _ClueMap) -> tuple[Clue, ...]:
    """Group a clue map by place set: one :class:`Clue` per set, sorted by places."""
    groups: dict[frozenset[Place], list[int]] = {}
    for (kind, places), count in clue_map.items():
        counts = groups.get(places)
        if counts is None:
            counts = groups[places] = list(_NO_COUNTS)
        counts[kind] += count
    return tuple(
        sorted(
            (Clue(tuple(sorted(places)), tuple(counts)) for places, counts in groups.items()),
            key=lambda clue: clue.places,
        )
    )


_KINDS_BY_INDEX = tuple(CardKind)


def _thaw_clues(clues: tuple[Clue, ...]) -> _ClueMap:
    clue_map: _ClueMap = {}
    kinds = _KINDS_BY_INDEX
    for clue in clues:
        places = frozenset(clue.places)
        for index, count in enumerate(clue.counts):
            if count:
                clue_map[(kinds[index], places)] = count
    return clue_map


def _add_place(clue_map: _ClueMap, source: Place, added: Place) -> None:
    """A hidden card moved from ``source`` to ``added``, unseen: widen every clue there."""
    moved = [(key, count) for key, count in clue_map.items() if source in key[1]]
    for key, _ in moved:
        del clue_map[key]
    for (kind, places), count in moved:
        key = (kind, places | {added})
        clue_map[key] = clue_map.get(key, 0) + count


def _consume(clue_map: _ClueMap, kind: CardKind, source: Place, number: int) -> None:
    """``number`` cards of ``kind`` were seen leaving ``source``: forget as many clues.

    The seen cards may or may not be the ones a clue stands for, so the clues of that kind
    which may be at ``source`` are merged into one over all their places, less ``number``.
    """
    hits = [key for key in clue_map if key[0] is kind and source in key[1]]
    if not hits:
        return
    total = 0
    union: frozenset[Place] = frozenset()
    for key in hits:
        total += clue_map.pop(key)
        union |= key[1]
    if total > number:
        key = (kind, union)
        clue_map[key] = clue_map.get(key, 0) + total - number


def _remove_place(clue_map: _ClueMap, place: Place, kinds: frozenset[CardKind] | None) -> None:
    """No card (of ``kinds``) that a clue stands for is at ``place`` any more."""
    hits = [key for key in clue_map if place in key[1] and (kinds is None or key[0] in kinds)]
    for key in hits:
        count = clue_map.pop(key)
        places = key[1] - {place}
        if not places:
            raise AssertionError(f"a clue about {count} {key[0]} lost its last place {place}")
        new = (key[0], places)
        clue_map[new] = clue_map.get(new, 0) + count


# --------------------------------------------------------------------------------------------
# Setup


def new_game(players: int, options: MorriganOptions, seed: int) -> MorriganState:
    """Shuffle, deal 5 cards each, choose the first player at random and start his turn."""
    rng = Rng.from_seed(seed)
    first, rng = rng.randbelow(players)
    deck, rng = rng.shuffled(range(_ALL_CARDS))
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
        history=(),
        winner=None,
        truncated=False,
        rng=rng,
    )
    table = _Table(state)
    _begin_turn(table, first)
    return table.freeze()


# --------------------------------------------------------------------------------------------
# Queries


def prestige(state: MorriganState, seat: PlayerId) -> int:
    """Return ``seat``'s prestige: his Territories, won Ordeals and defeated Adversaries."""
    return _prestige(state.territories[seat], state.won[seat])


def _prestige(territories: tuple[Holding, ...], won: tuple[CardId, ...]) -> int:
    return sum(_VALUE[holding.card] for holding in territories) + sum(_VALUE[c] for c in won)


def stake_value(card: CardId, blessing: CardId | None) -> int:
    """Return what a revealed Ordeal stake is worth.

    An Action card counts its value, doubled with a Blessing; any other card is a bluff
    worth 0.
    """
    if _TYPE[card] is not _ACTION:
        return 0
    return _VALUE[card] * (2 if blessing is not None else 1)


def attack_strength(cards: Sequence[CardId], catapults: int) -> int:
    """Return the strength of an attack: its Action cards, doubled once per Catapult."""
    return sum(_VALUE[card] for card in cards) << catapults


def _counts(reinforcement: Reinforcement, adversary: bool, wide_curse: bool) -> bool:
    """Whether a revealed reinforcement adds to the defence (else it was a bluff)."""
    kind = _KIND[reinforcement.card]
    if _KIND_TYPE[kind] is _ACTION:
        return True
    return (
        kind is CardKind.CURSE
        and adversary
        and (reinforcement.in_reinforcement_phase or wide_curse)
    )


def defence(state: MorriganState, target: CardId) -> int:
    """Return the defence the target would have if it were attacked now (all cards shown).

    Its value plus its Action reinforcements, doubled once per Curse that counts (placed
    under an Adversary in a reinforcement phase, or on play with ``wide_curse``).

    Raises:
        ValueError: ``target`` is neither an Adversary in the centre nor a Territory in play.
    """
    for holding in state.adversaries:
        if holding.card == target:
            return _defence(holding, True, state.options.wide_curse)
    for territories in state.territories:
        for holding in territories:
            if holding.card == target:
                return _defence(holding, False, state.options.wide_curse)
    raise ValueError(f"card {target!r} is not an Adversary or a Territory in play")


def _defence(holding: Holding, adversary: bool, wide_curse: bool) -> int:
    total = _VALUE[holding.card]
    curses = 0
    for reinforcement in holding.reinforcements:
        if _counts(reinforcement, adversary, wide_curse):
            if _TYPE[reinforcement.card] is _ACTION:
                total += _VALUE[reinforcement.card]
            else:
                curses += 1
    return total << curses


def score(state: MorriganState) -> tuple[float, ...]:
    """Return 1 for the player who beat Maletar and 0 for the others.

    Without a winner (during the game, and after a truncated one) return everyone's
    prestige.
    """
    if state.winner is not None:
        return tuple(1.0 if seat == state.winner else 0.0 for seat in range(state.players))
    return tuple(float(prestige(state, seat)) for seat in range(state.players))


def ranking(state: MorriganState) -> tuple[int, ...]:
    """Return places: the winner first and everybody else second.

    Without a winner, by prestige, ties shared (A-MOR-23).
    """
    return places_from_keys(score(state))


# --------------------------------------------------------------------------------------------
# Legal actions

# The last state asked about and its actions, as one tuple (replaced atomically), so that
# apply() right after legal_actions() on the same state object does not recompute them.
_last_legal: list[tuple[MorriganState | None, tuple[Action, ...]]] = [(None, ())]


def legal_actions(state: MorriganState) -> tuple[Action, ...]:
    """Return the legal actions of the player to move, in a fixed order (empty iff over)."""
    last_state, last_actions = _last_legal[0]
    if last_state is state:
        return last_actions
    actions = _legal(state)
    _last_legal[0] = (state, actions)
    return actions


def _kinds(hand: Iterable[CardId]) -> list[CardKind]:
    return sorted({_KIND[card] for card in hand})


def _legal(state: MorriganState) -> tuple[Action, ...]:
    phase = state.phase
    seat = state.to_move
    if seat is None:
        return ()
    hand = state.hands[seat]
    if phase is Phase.ACTION:
        return _menu(state, seat, hand)
    if phase is Phase.TURN_START:
        return (_DECLARE, _NORMAL)
    if phase is Phase.ON_PLAY_REINFORCE or phase is Phase.REINFORCE_CARD:
        actions: list[Action] = [_REINFORCE[kind] for kind in _kinds(hand)]
        if phase is Phase.ON_PLAY_REINFORCE:
            actions.append(_DECLINE)
        return tuple(actions)
    if phase is Phase.ORDEAL_STAKE:
        return _stakes(state, hand)
    if phase is Phase.ATTACK:
        attack = state.attack
        assert attack is not None
        values = sorted({_VALUE[card] for card in hand if _TYPE[card] is _ACTION})
        actions = [_ADD_ACTION[value] for value in values]
        if attack.conquest and any(_KIND[card] is CardKind.CATAPULT for card in hand):
            actions.append(_ADD_CATAPULT)
        if attack.cards:
            actions.append(_COMMIT)
        return tuple(actions)
    if phase is Phase.REINFORCE_TARGET:
        return (
            *(ChooseTarget(card) for card in _open_targets(state, seat)),
            _END_REINFORCEMENT,
        )
    if phase is Phase.HAND_LIMIT:
        return tuple(_DISCARD[kind] for kind in _kinds(hand))
    if phase is Phase.MALETAR_REINFORCE:
        values = sorted({_VALUE[card] for card in hand if _TYPE[card] is _ACTION})
        return (*(_MALETAR[value] for value in values), _DECLINE)
    if phase is Phase.ALLY_PICK:
        return tuple(_TAKE[kind] for kind in _kinds(state.discard_pile))
    if phase is Phase.DUEL_LOSS:
        return tuple(LoseCard(card) for card in _loss_options(state.territories, state.won, seat))
    return ()


def _menu(state: MorriganState, seat: PlayerId, hand: frozenset[CardId]) -> tuple[Action, ...]:
    kinds = _kinds(hand)
    deluge = glacial = False
    for effect in state.effects:
        if _KIND[effect.card] is CardKind.DELUGE:
            deluge = True
        else:
            glacial = True
    actions: list[Action] = []
    if not deluge:
        actions.extend(
            _PLAY_TERRITORY[_KIND_VALUE[k]] for k in kinds if _KIND_TYPE[k] is CardType.TERRITORY
        )
    actions.extend(
        _PLAY_ADVERSARY[_KIND_VALUE[k]] for k in kinds if _KIND_TYPE[k] is CardType.ADVERSARY
    )
    if not glacial:
        actions.extend(
            _PLAY_ORDEAL[_KIND_VALUE[k]] for k in kinds if _KIND_TYPE[k] is CardType.ORDEAL
        )
    if kinds and _KIND_TYPE[kinds[0]] is _ACTION:  # kinds are sorted: Actions come first
        actions.extend(Fight(holding.card) for holding in state.adversaries)
        for other in range(state.players):
            if other != seat:
                actions.extend(Conquer(holding.card) for holding in state.territories[other])
    for kind in kinds:
        if kind in _PLAY_SPECIAL:
            if kind is CardKind.UNEXPECTED_ALLY and not state.discard_pile:
                continue
            actions.append(_PLAY_SPECIAL[kind])
        elif kind is CardKind.SORCERY:
            actions.extend(PlaySorcery(other) for other in range(state.players) if other != seat)
    actions.append(_END_ACTIONS)
    return tuple(actions)


def _stakes(state: MorriganState, hand: frozenset[CardId]) -> tuple[Action, ...]:
    kinds = _kinds(hand)
    actions: list[Action] = [_STAKE[kind] for kind in kinds]
    blessings = sum(1 for card in hand if _KIND[card] is CardKind.BLESSING)
    if blessings:
        actions.extend(
            _STAKE_BLESSED[kind] for kind in kinds if kind is not CardKind.BLESSING or blessings > 1
        )
    ordeal = state.ordeal
    assert ordeal is not None
    actions.append(_DECLINE if ordeal.round == 1 else _WITHDRAW)
    return tuple(actions)


def _open_targets(state: MorriganState, seat: PlayerId) -> list[CardId]:
    """Own Territories, then centre Adversaries, not yet reinforced this turn."""
    done = state.reinforced
    return [
        holding.card
        for holding in (*state.territories[seat], *state.adversaries)
        if holding.card not in done
    ]


def _loss_options(
    territories: Sequence[tuple[Holding, ...]], won: Sequence[tuple[CardId, ...]], seat: PlayerId
) -> list[CardId]:
    """Return the duelist's scoring cards of the highest value.

    Territories by id (each has its own reinforcements), and one won card per kind (won
    cards of one kind are interchangeable).
    """
    candidates = [holding.card for holding in territories[seat]]
    by_kind: dict[CardKind, CardId] = {}
    for card in won[seat]:
        kind = _KIND[card]
        if kind not in by_kind or card < by_kind[kind]:
            by_kind[kind] = card
    candidates.extend(by_kind.values())
    if not candidates:
        return []
    best = max(_VALUE[card] for card in candidates)
    return sorted(card for card in candidates if _VALUE[card] == best)


# --------------------------------------------------------------------------------------------
# Transitions


def _illegal(action: object, reason: str) -> IllegalActionError:
    return IllegalActionError(f"illegal action {action!r}: {reason}")


_ACTION_CLASSES = (
    DeclareDuel,
    NormalTurn,
    PlayTerritory,
    PlayAdversary,
    PlayOrdeal,
    Fight,
    Conquer,
    PlaySpecial,
    PlaySorcery,
    EndActions,
    Reinforce,
    Decline,
    Stake,
    Withdraw,
    AddAction,
    AddCatapult,
    Commit,
    TakeFromDiscard,
    ChooseTarget,
    EndReinforcement,
    Discard,
    ReinforceMaletar,
    LoseCard,
)

_FIELDS = {cls: tuple(field.name for field in attrs.fields(cls)) for cls in _ACTION_CLASSES}

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.TURN_START: (DeclareDuel, NormalTurn),
    Phase.ACTION: (
        PlayTerritory,
        PlayAdversary,
        PlayOrdeal,
        Fight,
        Conquer,
        PlaySpecial,
        PlaySorcery,
        EndActions,
    ),
    Phase.ON_PLAY_REINFORCE: (Reinforce, Decline),
    Phase.ORDEAL_STAKE: (Stake, Decline, Withdraw),
    Phase.ATTACK: (AddAction, AddCatapult, Commit),
    Phase.ALLY_PICK: (TakeFromDiscard,),
    Phase.REINFORCE_TARGET: (ChooseTarget, EndReinforcement),
    Phase.REINFORCE_CARD: (Reinforce,),
    Phase.HAND_LIMIT: (Discard,),
    Phase.MALETAR_REINFORCE: (ReinforceMaletar, Decline),
    Phase.DUEL_LOSS: (LoseCard,),
    Phase.GAME_OVER: (),
}


def _why_illegal(state: MorriganState, action: object) -> str:
    """Explain why ``action`` is not legal in ``state``."""
    if type(action) not in _ACTION_CLASSES:
        return "not a Morrigan action"
    if state.to_move is None:
        return "the game is over"
    if action in legal_actions(state):
        return "a parameter has the wrong type (values and seats are int, kinds CardKind)"
    seat = state.to_move
    phase = state.phase
    allowed = _PHASE_ACTIONS[phase]
    if type(action) not in allowed:
        names = ", ".join(cls.__name__ for cls in allowed)
        return (
            f"seat {seat} must decide in the {phase.name.lower()} phase, where only "
            f"{names} may be played"
        )
    deluge = any(_KIND[e.card] is CardKind.DELUGE for e in state.effects)
    glacial = any(_KIND[e.card] is CardKind.GLACIAL_WINTER for e in state.effects)
    if isinstance(action, PlayTerritory) and deluge:
        return "a Deluge forbids playing Territory cards until its caster's next turn"
    if isinstance(action, PlayOrdeal) and glacial:
        return "a Glacial Winter forbids playing Ordeal cards until its caster's next turn"
    if isinstance(action, Fight | Conquer) and not any(
        _TYPE[card] is _ACTION for card in state.hands[seat]
    ):
        return f"seat {seat} has no Action card to attack with"
    if isinstance(action, Conquer):
        owner = [
            other
            for other, holdings in enumerate(state.territories)
            for holding in holdings
            if holding.card == action.territory
        ]
        if owner == [seat]:
            return "a player cannot conquer his own Territory"
        if not owner:
            return f"card {action.territory!r} is not a Territory in play"
    if isinstance(action, Fight):
        return f"card {action.adversary!r} is not an Adversary in the centre"
    if isinstance(action, PlaySpecial) and action.special not in _PLAY_SPECIAL:
        return (
            f"{action.special!r} is not played on its own "
            "(Sorcery needs a target; Curse, Blessing and Catapult go with a reinforcement, "
            "a stake and a conquest)"
        )
    if (
        isinstance(action, PlaySpecial)
        and action.special is CardKind.UNEXPECTED_ALLY
        and not state.discard_pile
    ):
        return "the discard pile is empty, so Unexpected Ally has nothing to draw"
    if isinstance(action, PlaySorcery) and action.target == seat:
        return "Sorcery must target another player"
    if isinstance(action, Commit):
        return "an attack needs at least one Action card (A-MOR-11)"
    if isinstance(action, AddCatapult):
        attack = state.attack
        if attack is not None and not attack.conquest:
            return "a Catapult is played only in the conquest of a Territory"
    if isinstance(action, Stake) and action.blessed is True:
        return f"seat {seat} does not hold a Blessing besides the staked card"
    if isinstance(action, Decline) and phase is Phase.ORDEAL_STAKE:
        return "in an extra staking round a tied player withdraws (Withdraw)"
    if isinstance(action, Withdraw):
        return "a player declines (Decline) in the first staking round"
    if isinstance(action, ChooseTarget):
        return (
            f"card {action.card!r} is not an own Territory or a centre Adversary "
            "still to be reinforced this turn"
        )
    if isinstance(action, LoseCard):
        return f"card {action.card!r} is not one of seat {seat}'s most valuable scoring cards"
    if isinstance(action, TakeFromDiscard):
        return f"no {action.kind!s} in the discard pile"
    return f"seat {seat} does not hold the card it needs, or its parameters are out of range"


def _same_types(canonical: Action, action: object) -> bool:
    """Whether ``action`` has exactly the field types of the legal action it equals.

    ``PlayTerritory(True)`` equals ``PlayTerritory(1)`` but is not a legal action.
    """
    if type(action) is not type(canonical):
        return False
    return all(
        type(getattr(action, name)) is type(getattr(canonical, name))
        for name in _FIELDS[type(canonical)]
    )


def apply(state: MorriganState, action: Action) -> MorriganState:
    """Return the state after the player to move takes ``action``.

    Raises:
        IllegalActionError: The game is over, ``action`` is not a Morrigan action, or it is
            not legal now; the message says why.
    """
    legal = legal_actions(state)
    try:
        canonical = legal[legal.index(action)]
    except ValueError:
        canonical = None
    if canonical is None or not _same_types(canonical, action):
        raise _illegal(action, _why_illegal(state, action))
    seat = state.to_move
    assert seat is not None
    table = _Table(state)
    entry: HistoryEntry = (state.turn, seat, public_action(action))
    table.history = (*state.history, entry)
    _HANDLERS[type(action)](table, action)
    return table.freeze()


def public_action(action: Action) -> PublicAction:
    """Return ``action`` as the other players see it: a face-down card is not named."""
    if isinstance(action, Reinforce):
        return _FACE_DOWN
    if isinstance(action, Stake):
        return _STAKED[action.blessed]
    return action


def _to_menu(table: _Table) -> None:
    table.phase = Phase.ACTION
    table.to_move = table.active


def _begin_turn(table: _Table, seat: PlayerId) -> None:
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
    if _prestige(table.territories[seat], table.won[seat]) >= DUEL_PRESTIGE:
        table.phase = Phase.TURN_START
        return
    table.draw(seat, DRAW)
    table.phase = Phase.ACTION


def _end_turn(table: _Table) -> None:
    if table.turn >= table.options.max_turns:
        table.phase = Phase.GAME_OVER
        table.to_move = None
        table.truncated = True
        return
    _begin_turn(table, (table.active + 1) % table.players)


def _hand_limit(table: _Table) -> None:
    seat = table.active
    if len(table.hands[seat]) > HAND_LIMIT:
        table.phase = Phase.HAND_LIMIT
        table.to_move = seat
    else:
        _end_turn(table)


def _others(table: _Table, seat: PlayerId) -> list[PlayerId]:
    """The other players clockwise, starting with the one to the left of ``seat``."""
    return [(seat + offset) % table.players for offset in range(1, table.players)]


# ---- turn start and duel --------------------------------------------------------------------


def _declare_duel(table: _Table, action: Action) -> None:
    seat = table.active
    table.draw(seat, DRAW + table.players - 1)
    hand = table.hands[seat]
    attack = tuple(sorted(card for card in hand if _TYPE[card] is _ACTION))
    table.hands[seat] = hand - set(attack)
    # Everybody sees every Action card of the hand: the rest of it holds none.
    table.clue_reveal(_hand_place(seat), attack, _ACTION_KINDS)
    table.floors[seat] = len(table.hands[seat])
    table.duel = Duel(attack, (), tuple(_others(table, seat)))
    _duel_next(table)


def _normal_turn(table: _Table, action: Action) -> None:
    table.draw(table.active, DRAW)
    _to_menu(table)


def _duel_next(table: _Table) -> None:
    duel = table.duel
    assert duel is not None
    waiting = duel.waiting
    while waiting and not table.hands[waiting[0]]:
        waiting = waiting[1:]
    if waiting:
        table.duel = Duel(duel.attack, duel.maletar, waiting)
        table.phase = Phase.MALETAR_REINFORCE
        table.to_move = waiting[0]
        return
    seat = table.active
    strength = sum(_VALUE[card] for card in duel.attack)
    maletar = MALETAR_DEFENCE + sum(_VALUE[card] for card in duel.maletar)
    if strength > maletar:  # Maletar is defeated: the duel cards stay on the table
        table.duel = Duel(duel.attack, duel.maletar, ())
        table.winner = seat
        table.phase = Phase.GAME_OVER
        table.to_move = None
        return
    table.duel = None
    table.discard((*duel.attack, *duel.maletar))
    options = _loss_options(table.territories, table.won, seat)
    if len(options) > 1:
        table.phase = Phase.DUEL_LOSS
        table.to_move = seat
        return
    if options:
        _lose(table, seat, options[0])
    _hand_limit(table)


def _reinforce_maletar(table: _Table, action: Action) -> None:
    assert isinstance(action, ReinforceMaletar)
    duel = table.duel
    assert duel is not None
    seat = duel.waiting[0]
    card = table.take(seat, CardKind.of(CardType.ACTION, action.value))
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.duel = Duel(duel.attack, (*duel.maletar, card), duel.waiting[1:])
    _duel_next(table)


def _lose(table: _Table, seat: PlayerId, card: CardId) -> None:
    """Discard one of ``seat``'s scoring cards (a Territory with its reinforcements)."""
    won = table.won[seat]
    if card in won:
        table.won[seat] = tuple(other for other in won if other != card)
        table.discard((card,))
        return
    holdings = table.territories[seat]
    holding = next(holding for holding in holdings if holding.card == card)
    table.territories[seat] = tuple(other for other in holdings if other.card != card)
    _reveal_holding(table, holding)
    table.discard((*(r.card for r in holding.reinforcements), card))


def _lose_card(table: _Table, action: Action) -> None:
    assert isinstance(action, LoseCard)
    _lose(table, table.active, action.card)
    _hand_limit(table)


# ---- the action menu ------------------------------------------------------------------------


def _play_territory(table: _Table, action: Action) -> None:
    assert isinstance(action, PlayTerritory)
    seat = table.active
    card = table.take(seat, CardKind.of(CardType.TERRITORY, action.value))
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.territories[seat] = (*table.territories[seat], Holding(card))
    _to_menu(table)


def _play_adversary(table: _Table, action: Action) -> None:
    assert isinstance(action, PlayAdversary)
    seat = table.active
    card = table.take(seat, CardKind.of(CardType.ADVERSARY, action.value))
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.adversaries = (*table.adversaries, Holding(card))
    table.window = Window(card, tuple(_others(table, seat)))
    _window_next(table)


def _window_next(table: _Table) -> None:
    window = table.window
    assert window is not None
    waiting = window.waiting
    while waiting and not table.hands[waiting[0]]:
        waiting = waiting[1:]
    if waiting:
        table.window = Window(window.adversary, waiting)
        table.phase = Phase.ON_PLAY_REINFORCE
        table.to_move = waiting[0]
    else:
        table.window = None
        _to_menu(table)


def _play_ordeal(table: _Table, action: Action) -> None:
    assert isinstance(action, PlayOrdeal)
    seat = table.active
    card = table.take(seat, CardKind.of(CardType.ORDEAL, action.value))
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.ordeal = Ordeal(card, seat, 1, (*_others(table, seat), seat))
    _ordeal_next(table)


def _start_attack(table: _Table, action: Action) -> None:
    if isinstance(action, Fight):
        table.attack = Attack(action.adversary, False)
    else:
        assert isinstance(action, Conquer)
        table.attack = Attack(action.territory, True)
    table.phase = Phase.ATTACK


def _play_special(table: _Table, action: Action) -> None:
    assert isinstance(action, PlaySpecial)
    seat = table.active
    special = action.special
    card = table.take(seat, special)
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    if special is CardKind.UNEXPECTED_ALLY:
        kinds = {_KIND[other] for other in table.discard_pile}
        if table.options.ally_top_only or len(kinds) == 1:
            _take_from_discard(table, seat, table.discard_pile[-1])
            table.discard((card,))
        else:
            table.ally = card
            table.phase = Phase.ALLY_PICK
            return
    elif special is CardKind.KINGS_FAVOURITE:
        for victim in _others(table, seat):
            hand = sorted(table.hands[victim])
            if not hand:
                continue
            index, table.rng = table.rng.randbelow(len(hand))
            stolen = hand[index]
            table.hands[victim] = table.hands[victim] - {stolen}
            table.hands[seat] = table.hands[seat] | {stolen}
            table.clue_steal(victim, seat, stolen)
            if table.left_hand(victim, stolen, visible=False):
                table.floors[seat] += 1  # everyone knows the taker got a non-Action card
        table.discard((card,))
    elif special is CardKind.SECRET_TREASURE:
        table.draw(seat, 2)
        table.discard((card,))
    elif special is CardKind.DELUGE or special is CardKind.GLACIAL_WINTER:
        table.effects = (*table.effects, Effect(card, seat))
    else:
        assert special is CardKind.EARTHQUAKE
        for owner, holdings in enumerate(table.territories):
            if any(holding.reinforcements for holding in holdings):
                for holding in holdings:
                    _reveal_holding(table, holding)
                    table.discard(r.card for r in holding.reinforcements)
                table.territories[owner] = tuple(Holding(holding.card) for holding in holdings)
        table.discard((card,))
    _to_menu(table)


def _take_from_discard(table: _Table, seat: PlayerId, card: CardId) -> None:
    pile = table.discard_pile
    index = len(pile) - 1 - pile[::-1].index(card)
    table.discard_pile = pile[:index] + pile[index + 1 :]
    table.hands[seat] = table.hands[seat] | {card}
    table.clue_public_gain(seat, card)


def _ally_pick(table: _Table, action: Action) -> None:
    assert isinstance(action, TakeFromDiscard)
    pile = table.discard_pile
    card = next(card for card in reversed(pile) if _KIND[card] is action.kind)
    _take_from_discard(table, table.active, card)
    assert table.ally is not None
    table.discard((table.ally,))
    table.ally = None
    _to_menu(table)


def _play_sorcery(table: _Table, action: Action) -> None:
    assert isinstance(action, PlaySorcery)
    seat = table.active
    card = table.take(seat, CardKind.SORCERY)
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    victim = action.target
    lost = tuple(sorted(table.hands[victim]))
    table.hands[victim] = frozenset()
    table.floors[victim] = 0
    table.clue_reveal(_hand_place(victim), lost)
    table.discard((*lost, card))
    _to_menu(table)


def _end_actions(table: _Table, action: Action) -> None:
    _reinforce_next(table)


# ---- Ordeals --------------------------------------------------------------------------------


def _ordeal_next(table: _Table) -> None:
    ordeal = table.ordeal
    assert ordeal is not None
    waiting = ordeal.waiting
    while waiting and not table.hands[waiting[0]]:
        waiting = waiting[1:]  # an empty hand cannot stake: a forced decline
    if waiting:
        table.ordeal = Ordeal(ordeal.card, ordeal.player, ordeal.round, waiting, ordeal.stakes)
        table.phase = Phase.ORDEAL_STAKE
        table.to_move = waiting[0]
        return
    _reveal_stakes(table, ordeal)


def _reveal_stakes(table: _Table, ordeal: Ordeal) -> None:
    """All stakes of the round are turned up at once, discarded, and the round decided."""
    stakes = ordeal.stakes
    for stake in stakes:
        table.clue_reveal(_stake_place(stake.seat), (stake.card,))
    for stake in stakes:
        table.discard((stake.card,) if stake.blessing is None else (stake.card, stake.blessing))
    table.ordeal = None
    if not stakes:
        table.discard((ordeal.card,))  # nobody staked: won by no one
        _to_menu(table)
        return
    values = [stake_value(stake.card, stake.blessing) for stake in stakes]
    best = max(values)
    tied = tuple(stake.seat for stake, value in zip(stakes, values, strict=True) if value == best)
    if len(tied) == 1:
        if best == 0 and ordeal.round == 1 and not table.options.lone_bluff_wins:
            table.discard((ordeal.card,))
        else:
            table.won[tied[0]] = (*table.won[tied[0]], ordeal.card)
        _to_menu(table)
        return
    table.ordeal = Ordeal(ordeal.card, ordeal.player, ordeal.round + 1, tied)
    _ordeal_next(table)


def _stake(table: _Table, action: Action) -> None:
    assert isinstance(action, Stake)
    ordeal = table.ordeal
    assert ordeal is not None
    seat = ordeal.waiting[0]
    blessing: CardId | None = None
    if action.blessed:
        blessing = table.take(seat, CardKind.BLESSING)
        table.clue_visible(seat, blessing)
        table.left_hand(seat, blessing, visible=True)
    card = table.take(seat, action.kind)
    table.clue_hidden(seat, _stake_place(seat))
    known_bluff = table.left_hand(seat, card, visible=False)
    table.ordeal = Ordeal(
        ordeal.card,
        ordeal.player,
        ordeal.round,
        ordeal.waiting[1:],
        (*ordeal.stakes, StakedCard(seat, card, blessing, known_bluff)),
    )
    _ordeal_next(table)


def _decline(table: _Table, action: Action) -> None:
    phase = table.phase
    if phase is Phase.ON_PLAY_REINFORCE:
        window = table.window
        assert window is not None
        table.window = Window(window.adversary, window.waiting[1:])
        _window_next(table)
    elif phase is Phase.ORDEAL_STAKE:
        ordeal = table.ordeal
        assert ordeal is not None
        table.ordeal = Ordeal(
            ordeal.card, ordeal.player, ordeal.round, ordeal.waiting[1:], ordeal.stakes
        )
        _ordeal_next(table)
    else:
        duel = table.duel
        assert duel is not None
        table.duel = Duel(duel.attack, duel.maletar, duel.waiting[1:])
        _duel_next(table)


# ---- attacks --------------------------------------------------------------------------------


def _add_action(table: _Table, action: Action) -> None:
    assert isinstance(action, AddAction)
    attack = table.attack
    assert attack is not None
    seat = table.active
    card = table.take(seat, CardKind.of(CardType.ACTION, action.value))
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.attack = Attack(attack.target, attack.conquest, (*attack.cards, card), attack.catapults)


def _add_catapult(table: _Table, action: Action) -> None:
    attack = table.attack
    assert attack is not None
    seat = table.active
    card = table.take(seat, CardKind.CATAPULT)
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.attack = Attack(attack.target, attack.conquest, attack.cards, (*attack.catapults, card))


def _reveal_holding(table: _Table, holding: Holding) -> None:
    """Turn up the face-down cards under ``holding`` (clues about them are settled)."""
    for index, reinforcement in enumerate(holding.reinforcements):
        if not reinforcement.public:
            table.clue_reveal((Zone.SLOT, holding.card, index), (reinforcement.card,))


def _commit(table: _Table, action: Action) -> None:
    attack = table.attack
    assert attack is not None
    seat = table.active
    target = attack.target
    owner: PlayerId | None = None
    if attack.conquest:
        owner, holding = next(
            (other, holding)
            for other, holdings in enumerate(table.territories)
            for holding in holdings
            if holding.card == target
        )
    else:
        holding = next(holding for holding in table.adversaries if holding.card == target)
    _reveal_holding(table, holding)
    wide_curse = table.options.wide_curse
    survivors = tuple(
        attrs.evolve(r, public=True)
        for r in holding.reinforcements
        if _counts(r, not attack.conquest, wide_curse)
    )
    bluffs = [
        r.card for r in holding.reinforcements if not _counts(r, not attack.conquest, wide_curse)
    ]
    table.discard(bluffs)
    strength = attack_strength(attack.cards, len(attack.catapults))
    kept = Holding(target, survivors)
    table.discard((*attack.cards, *attack.catapults))
    table.attack = None
    if strength > _defence(kept, not attack.conquest, wide_curse):
        table.discard(r.card for r in survivors)
        if owner is not None:
            table.territories[owner] = tuple(
                other for other in table.territories[owner] if other.card != target
            )
            table.territories[seat] = (*table.territories[seat], Holding(target))
        else:
            table.adversaries = tuple(other for other in table.adversaries if other.card != target)
            table.won[seat] = (*table.won[seat], target)
    elif owner is not None:
        table.territories[owner] = tuple(
            kept if other.card == target else other for other in table.territories[owner]
        )
    else:
        table.adversaries = tuple(
            kept if other.card == target else other for other in table.adversaries
        )
    _to_menu(table)


# ---- reinforcement phase and hand limit -----------------------------------------------------


def _reinforce_next(table: _Table) -> None:
    seat = table.active
    table.target = None
    if table.hands[seat] and any(
        holding.card not in table.reinforced
        for holding in (*table.territories[seat], *table.adversaries)
    ):
        table.phase = Phase.REINFORCE_TARGET
        table.to_move = seat
    else:
        _hand_limit(table)


def _choose_target(table: _Table, action: Action) -> None:
    assert isinstance(action, ChooseTarget)
    table.target = action.card
    table.phase = Phase.REINFORCE_CARD


def _end_reinforcement(table: _Table, action: Action) -> None:
    _hand_limit(table)


def _reinforce(table: _Table, action: Action) -> None:
    assert isinstance(action, Reinforce)
    if table.phase is Phase.ON_PLAY_REINFORCE:
        window = table.window
        assert window is not None
        seat = window.waiting[0]
        card = table.take(seat, action.kind)
        table.adversaries = tuple(
            _reinforced(table, holding, seat, card, False)
            if holding.card == window.adversary
            else holding
            for holding in table.adversaries
        )
        table.window = Window(window.adversary, window.waiting[1:])
        _window_next(table)
        return
    seat = table.active
    target = table.target
    assert target is not None
    card = table.take(seat, action.kind)
    adversaries = table.adversaries
    if any(holding.card == target for holding in adversaries):
        table.adversaries = tuple(
            _reinforced(table, holding, seat, card, True) if holding.card == target else holding
            for holding in adversaries
        )
    else:
        table.territories[seat] = tuple(
            _reinforced(table, holding, seat, card, True) if holding.card == target else holding
            for holding in table.territories[seat]
        )
    table.reinforced = table.reinforced | {target}
    _reinforce_next(table)


def _reinforced(
    table: _Table, holding: Holding, seat: PlayerId, card: CardId, in_phase: bool
) -> Holding:
    """Return ``holding`` with ``card`` placed face down under it by ``seat``."""
    table.clue_hidden(seat, (Zone.SLOT, holding.card, len(holding.reinforcements)))
    known_bluff = table.left_hand(seat, card, visible=False)
    return Holding(
        holding.card,
        (*holding.reinforcements, Reinforcement(card, seat, in_phase, False, known_bluff)),
    )


def _discard(table: _Table, action: Action) -> None:
    assert isinstance(action, Discard)
    seat = table.active
    card = table.take(seat, action.kind)
    table.clue_visible(seat, card)
    table.left_hand(seat, card, visible=True)
    table.discard((card,))
    _hand_limit(table)


_HANDLERS = {
    DeclareDuel: _declare_duel,
    NormalTurn: _normal_turn,
    PlayTerritory: _play_territory,
    PlayAdversary: _play_adversary,
    PlayOrdeal: _play_ordeal,
    Fight: _start_attack,
    Conquer: _start_attack,
    PlaySpecial: _play_special,
    PlaySorcery: _play_sorcery,
    EndActions: _end_actions,
    Reinforce: _reinforce,
    Decline: _decline,
    Stake: _stake,
    Withdraw: _decline,
    AddAction: _add_action,
    AddCatapult: _add_catapult,
    Commit: _commit,
    TakeFromDiscard: _ally_pick,
    ChooseTarget: _choose_target,
    EndReinforcement: _end_reinforcement,
    Discard: _discard,
    ReinforceMaletar: _reinforce_maletar,
    LoseCard: _lose_card,
}


# --------------------------------------------------------------------------------------------
# Invariants


def hidden_places(state: MorriganState, observer: PlayerId) -> dict[Place, list[CardId]]:
    """Return the cards in each place ``observer`` cannot look into.

    Places are :data:`~boardgames.games.morrigan.state.Place` tuples.
    """
    places: dict[Place, list[CardId]] = {}
    for seat, hand in enumerate(state.hands):
        if seat != observer:
            places[_hand_place(seat)] = sorted(hand)
    for holdings in (*state.territories, state.adversaries):
        for holding in holdings:
            for index, r in enumerate(holding.reinforcements):
                if not r.public and r.placer != observer:
                    places[(Zone.SLOT, holding.card, index)] = [r.card]
    if state.ordeal is not None:
        for stake in state.ordeal.stakes:
            if stake.seat != observer:
                places[_stake_place(stake.seat)] = [stake.card]
    places[_DRAW_PLACE] = list(state.draw_pile)
    return places


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def check_action(action: object, players: int) -> None:
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
        if state.target not in _open_targets(state, active):
            raise _fail(f"target {state.target!r} cannot be reinforced now")
        if not state.hands[active]:
            raise _fail("a reinforcement needs a card in hand")
    if phase is Phase.REINFORCE_TARGET and not (
        state.hands[active] and _open_targets(state, active)
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
    if phase is Phase.DUEL_LOSS and len(_loss_options(state.territories, state.won, active)) < 2:
        raise _fail("the duel-loss choice is asked only between two cards or more")
    for entry in state.history:
        if len(entry) != 3:
            raise _fail(f"a history entry {entry!r} is not (turn, seat, action)")
        turn, seat, action = entry
        if not _is_seat(seat, players) or type(turn) is not int or not 1 <= turn <= state.turn:
            raise _fail(f"the history names turn {turn!r} and seat {seat!r}")
        check_action(action, players)


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
            _check_clues(state, observer, clues)


def _check_clues(state: MorriganState, observer: PlayerId, clues: tuple[Clue, ...]) -> None:
    """Each clue's cards can be found, distinct, in its places (a transport problem)."""
    hidden = hidden_places(state, observer)
    groups: dict[CardKind, list[tuple[tuple[Place, ...], int]]] = defaultdict(list)
    for clue in clues:
        if len(clue.counts) != 30 or any(
            type(count) is not int or count < 0 for count in clue.counts
        ):
            raise _fail(f"seat {observer}'s clue {clue!r} needs 30 counts of 0 or more")
        if not any(clue.counts) or not clue.places:
            raise _fail(f"seat {observer}'s clue {clue!r} is empty")
        if list(clue.places) != sorted(set(clue.places)):
            raise _fail(f"seat {observer}'s clue places are not sorted and distinct")
        for place in clue.places:
            if place not in hidden:
                raise _fail(f"seat {observer}'s clue names {place!r}, which he can see")
        for kind, count in enumerate(clue.counts):
            if count:
                groups[CardKind(kind)].append((clue.places, count))
    if len({clue.places for clue in clues}) != len(clues):
        raise _fail(f"seat {observer}'s clues are not grouped by place set")
    named = {place for clue in clues for place in clue.places}
    found: dict[Place, Counter[CardKind]] = {
        place: Counter(_KIND[card] for card in hidden[place]) for place in named
    }
    for kind, kind_groups in groups.items():
        if len(kind_groups) == 1:
            places, count = kind_groups[0]
            if count > sum(found[place][kind] for place in places):
                raise _fail(f"seat {observer}'s clues about {kind} contradict the state")
            continue
        order = sorted({place for places, _ in kind_groups for place in places})
        index = {place: position for position, place in enumerate(order)}
        flows = assign(
            [count for _, count in kind_groups],
            [[index[place] for place in places] for places, _ in kind_groups],
            [found[place][kind] for place in order],
        )
        if flows is None:
            raise _fail(f"seat {observer}'s clues about {kind} contradict the state")

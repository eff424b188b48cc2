"""What the setup's weapon exchanges tell the others about a hand, kept exactly.

Rulebook (Setup): "If a player was dealt more than 2 weapon cards ... they may exchange
each card beyond 2 for a randomly chosen pirate card." Everyone sees how many weapons a
seat exchanges (not which), so after ``k`` exchanges (``k`` = 1 or 2) everyone knows that
the seat's 4 cards right after them, its *setup hand*, hold at least 2 weapons (it held
more than 2 before its last exchange) and at least ``k`` pirates: 2 to ``4 - k`` weapons.
A seat that exchanged nothing may have held any 4 cards (it may keep 3 or 4 weapons).

The state keeps each exchanger's setup hand (``setup_hands``) and, per seat, the other
seats that still *track* it (``setup_live``): an observer tracks a setup hand while he
knows exactly which of the seat's cards hidden from him come from it (how many, for he
cannot tell one hidden card from another) and which setup cards he has seen (in the hand,
or leaving it). His observation then lists the seen setup cards (``setup_known``); the
other ``4 - len(setup_known)`` setup cards are among the seat's hidden cards, and they
hold between ``2 - s`` and ``4 - k - s`` weapons, ``s`` being the weapons among the seen.

He stops tracking (the constraint is dropped: his samples may then contradict it) when:

* a card leaves the hand without his seeing it (a random steal by a third seat), a seen
  setup card that has left the hand is stolen at random from its new holder by a third
  seat, or one of the seen setup cards is shuffled face down into the crew pile (the
  discards reshuffled);
* a card hidden from him is shown or leaves the hand while his hidden cards there are
  both setup cards and later blind draws: he cannot tell which of them it was.

Every test is on facts the observer knows, so tracking or not tells him nothing new.
The sampler draws the hidden setup cards of every tracked hand jointly, uniformly among
the deals that satisfy every tracked constraint (see :func:`draw_setup_groups`).
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from math import comb
from typing import TYPE_CHECKING, Any

from boardgames.core.errors import InvalidStateError
from boardgames.core.rng import Rng
from boardgames.games.kincses_sziget.components import (
    CREW_CARDS,
    MISSIONS,
    PIRATE_COUNT,
    STARTING_HAND,
)

if TYPE_CHECKING:
    from boardgames.games.kincses_sziget.observation import SeatView
    from boardgames.games.kincses_sziget.state import KincsesState

__all__ = [
    "check_setup_knowledge",
    "draw_setup_groups",
    "setup_known",
    "upgrade",
]

_MIN_WEAPONS = 2
"""Weapons left in a setup hand after any exchange: "each card beyond 2"."""


def _weapons(cards: tuple[int, ...]) -> int:
    return sum(1 for card in cards if card >= PIRATE_COUNT)


def setup_known(state: KincsesState, seat: int, bit: int) -> tuple[int, ...] | None:
    """The setup cards of ``seat`` the observer ``bit`` has seen, if he tracks the hand.

    ``None`` when he does not track it, or has seen all 4 (nothing hidden is constrained).
    """
    if not state.setup_live[seat] & bit:
        return None
    hand = state.hands[seat]
    known = state.crew_known
    seen = tuple(card for card in state.setup_hands[seat] if card not in hand or known[card] & bit)
    return seen if len(seen) < STARTING_HAND else None


def weapon_range(exchanges: int, seen: tuple[int, ...]) -> tuple[int, int]:
    """The weapons the hidden setup cards can hold, given the seen ones (``lo > hi``: none)."""
    hidden = STARTING_HAND - len(seen)
    weapons = _weapons(seen)
    return max(0, _MIN_WEAPONS - weapons), min(hidden, STARTING_HAND - exchanges - weapons)


def draw_setup_groups(
    seats: tuple[SeatView, ...], pool: list[int], rng: Rng
) -> tuple[dict[int, tuple[int, ...]], list[int], Rng]:
    """Draw the hidden setup cards of each tracked hand from ``pool`` (the unknown cards, sorted).

    Every assignment of the unknown cards to the hidden places that satisfies the tracked
    constraints is equally likely: the weapon counts of the groups are drawn with weights
    the numbers of ways to deal them, then the cards of each count at random (the caller
    deals the cards left in a random order).

    Returns:
        The hidden setup cards by seat, the other unknown cards (sorted), and the stream.

    Raises:
        InvalidStateError: The constraints cannot be met, or a seen setup card is hidden.
    """
    tracked = [(seat, view) for seat, view in enumerate(seats) if view.setup_known is not None]
    if not tracked:
        return {}, pool, rng
    split = bisect_left(pool, PIRATE_COUNT)
    pirates, weapons = pool[:split], pool[split:]
    sizes: list[int] = []
    ranges: list[range] = []
    for seat, view in tracked:
        seen = view.setup_known
        assert seen is not None
        size = STARTING_HAND - len(seen)
        low, high = weapon_range(view.exchanges, seen)
        if low > high or size > view.hand_size - len(view.known_hand):
            raise InvalidStateError(f"no deal gives seat {seat} the setup hand it exchanged from")
        for card in seen:
            index = bisect_left(pool, card)
            if index < len(pool) and pool[index] == card:
                raise InvalidStateError(f"a seen setup card of seat {seat} is hidden")
        sizes.append(size)
        ranges.append(range(low, high + 1))
    choices: list[tuple[int, tuple[int, ...]]] = []
    total = 0
    for counts in itertools.product(*ranges):
        weight = 1
        weapons_left, pirates_left = len(weapons), len(pirates)
        for size, count in zip(sizes, counts, strict=True):
            if count > weapons_left or size - count > pirates_left:
                weight = 0
                break
            weight *= comb(weapons_left, count) * comb(pirates_left, size - count)
            weapons_left -= count
            pirates_left -= size - count
        if weight:
            total += weight
            choices.append((total, counts))
    if not total:
        raise InvalidStateError("too few hidden weapons or pirates for the setup exchanges")
    if len(choices) == 1:
        counts = choices[0][1]
    else:
        pick, rng = rng.below(total)
        counts = next(counts for bound, counts in choices if pick < bound)
    # One draw picks every card: its digits, in the bases of the cards left to pick
    # from, are the indices of the picks (uniform, and independent of the pool's order).
    bound, weapons_left, pirates_left = 1, len(weapons), len(pirates)
    for size, count in zip(sizes, counts, strict=True):
        for _ in range(count):
            bound *= weapons_left
            weapons_left -= 1
        for _ in range(size - count):
            bound *= pirates_left
            pirates_left -= 1
    code, rng = rng.below(bound) if bound > 1 else (0, rng)
    groups: dict[int, tuple[int, ...]] = {}
    for (seat, _), size, count in zip(tracked, sizes, counts, strict=True):
        group = []
        for _ in range(count):
            code, index = divmod(code, len(weapons))
            group.append(weapons.pop(index))
        for _ in range(size - count):
            code, index = divmod(code, len(pirates))
            group.append(pirates.pop(index))
        groups[seat] = tuple(group)
    return groups, pirates + weapons, rng


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def check_setup_knowledge(state: KincsesState, exchanges: list[int]) -> None:
    """Check the setup-hand fields against the history's exchange counts and the cards.

    Raises:
        InvalidStateError: A field is malformed, or disagrees with the history or the hands.
    """
    players = state.players
    everyone = (1 << players) - 1
    counts, hands, live = state.setup_exchanges, state.setup_hands, state.setup_live
    for name, value in (("setup_exchanges", counts), ("setup_hands", hands), ("setup_live", live)):
        if not isinstance(value, tuple) or len(value) != players:
            raise _fail(f"{name} must have one entry per seat")
    if counts != tuple(exchanges):
        raise _fail(
            f"setup_exchanges {counts} are not the weapon exchanges of the history "
            f"{tuple(exchanges)}"
        )
    for seat in range(players):
        mask, setup = live[seat], hands[seat]
        if type(mask) is not int or not 0 <= mask <= everyone or mask & (1 << seat):
            raise _fail(f"setup_live of seat {seat} must name other seats")
        if not isinstance(setup, tuple) or any(
            type(card) is not int or not 0 <= card < len(CREW_CARDS) for card in setup
        ):
            raise _fail(f"seat {seat}'s setup hand must be a tuple of crew card ids")
        if bool(setup) != bool(mask):
            raise _fail(f"seat {seat}'s setup hand is kept exactly while someone tracks it")
        if not setup:
            continue
        low, high = weapon_range(counts[seat], ())
        if (
            len(setup) != STARTING_HAND
            or list(setup) != sorted(set(setup))
            or not counts[seat]
            or not low <= _weapons(setup) <= high
        ):
            raise _fail(
                f"seat {seat}'s setup hand {setup} must be {STARTING_HAND} sorted cards with 2 "
                f"to {STARTING_HAND - counts[seat]} weapons after {counts[seat]} exchanges"
            )
        hand = state.hands[seat]
        if state.turn == 0 and setup != hand:
            raise _fail(f"during the setup seat {seat}'s setup hand is his hand")
        for observer in range(players):
            bit = 1 << observer
            if mask & bit and any(
                card not in hand and not state.crew_known[card] & bit for card in setup
            ):
                raise _fail(
                    f"seat {observer} tracks seat {seat}'s setup hand but lost sight of a card "
                    "that left it"
                )


def _exchange_counts(history: Any, players: int) -> list[int]:
    counts = [0] * players
    for entry in history:
        seat, action = entry
        if isinstance(action, dict) and action.get("type") == "WeaponExchanged":
            counts[seat] += 1
    return counts


def upgrade(data: object, kind: str, version: int) -> object:
    """Rewrite a state or observation of envelope format 1 or 2 into the current shape.

    Formats 1 and 2 had no setup-hand knowledge, no steal records and no missions known to
    be somewhere in the pile: the exchanges are counted from the public history the
    document holds, no seat tracks a setup hand, no steal is recorded and no mission is
    known to be in the pile (the loaded value knows what it knew then: the setup hands, the
    victims' candidates and the shuffled cards were not kept, so they are not rebuilt).
    A document already in the current shape is passed on unchanged.

    Raises:
        ValueError: The history cannot be read to count the exchanges.
    """
    if version >= 3 or kind == "action" or type(data) is not dict:
        return data
    players = data.get("players")
    if type(players) is not int or not 2 <= players <= 4:
        return data  # not a document of this game's shape: the structuring judges it
    try:
        counts = _exchange_counts(data["history"], players)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise ValueError(
            f"its setup exchanges must be counted from its history, which cannot be read: {error}"
        ) from error
    upgraded = dict(data)
    if kind == "state":
        if "setup_exchanges" in data:
            return data
        upgraded["setup_exchanges"] = counts
        upgraded["setup_hands"] = [[] for _ in range(players)]
        upgraded["setup_live"] = [0] * players
        upgraded["steal_records"] = []
        upgraded["mission_somewhere"] = [0] * len(MISSIONS)
        return upgraded
    seats = data.get("seats")
    if type(seats) is not list or not all(type(view) is dict for view in seats):
        return data
    if any("exchanges" in view for view in seats) or len(seats) != players:
        return data
    upgraded["seats"] = [
        {**view, "exchanges": count, "setup_known": None}
        for view, count in zip(seats, counts, strict=True)
    ]
    upgraded["steals"] = []
    upgraded["mission_pile_somewhere"] = []
    return upgraded

"""What the seats outside a random crew steal keep of the victim's cards.

Rulebook (Intrigue): "They may also decide to draw a crew card blindly from an opponent's
hand". The thief takes one of the victim's cards at random, each equally likely; a third
seat sees that a card went, not which. What he knew of the victim's hand stays true in
part: of the cards he knew there (the *candidates*) and the ``hidden`` ones, exactly one,
each with the same chance, is now the thief's; the other candidates are still the
victim's. The state keeps this as a record per observer
(:attr:`~boardgames.games.kincses_sziget.state.KincsesState.steal_records`), and the
observation lists his records as ``steals``. A record lasts while the victim's and the
thief's hands only gain cards; when either loses or shows a card, or is peeked at, or is
stolen from, the record is dropped (the candidates are forgotten, as all cards of a
victim were before records existed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.core.errors import InvalidStateError
from boardgames.games.kincses_sziget.components import CREW_CARDS, HAND_MAX

if TYPE_CHECKING:
    from boardgames.games.kincses_sziget.state import KincsesState

__all__ = ["check_steal_records", "check_steals"]


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def check_steals(steals: object, players: int, me: int) -> list[int]:
    """Check an observation's ``steals`` and return every candidate card.

    Raises:
        InvalidStateError: An entry is malformed, names the observer, or a card twice.
    """
    if not isinstance(steals, tuple):
        raise _fail("steals must be a tuple")
    named: list[int] = []
    for entry in steals:
        if not isinstance(entry, tuple) or len(entry) != 4:
            raise _fail(f"a steal record must be (victim, thief, candidates, hidden): {entry!r}")
        victim, thief, candidates, hidden = entry
        seats = (victim, thief)
        if (
            any(type(seat) is not int or not 0 <= seat < players for seat in seats)
            or victim == thief
            or me in seats
            or type(hidden) is not int
            or not 0 <= hidden <= HAND_MAX
            or not isinstance(candidates, tuple)
            or not candidates
            or len(candidates) + hidden > HAND_MAX
            or any(type(c) is not int or not 0 <= c < len(CREW_CARDS) for c in candidates)
            or list(candidates) != sorted(set(candidates))
        ):
            raise _fail(f"the steal record {entry!r} is not one a steal can leave")
        named += candidates
    if len(set(named)) != len(named):
        raise _fail("two steal records name the same card")
    return named


def check_steal_records(state: KincsesState) -> None:
    """Check the state's steal records against the hands and the knowledge masks.

    Raises:
        InvalidStateError: A record is malformed or no longer true.
    """
    records = state.steal_records
    if not isinstance(records, tuple):
        raise _fail("steal_records must be a tuple")
    players = state.players
    for record in records:
        if not isinstance(record, tuple) or len(record) != 5:
            raise _fail(f"a steal record must have 5 fields: {record!r}")
        observer = record[0]
        if type(observer) is not int or not 0 <= observer < players:
            raise _fail(f"the steal record {record!r} names no observer")
        victim, thief, candidates, hidden = record[1:]
        check_steals(((victim, thief, candidates, hidden),), players, observer)
        with_thief = [card for card in candidates if card in state.hands[thief]]
        if len(with_thief) > 1 or (not with_thief and not hidden):
            raise _fail(f"the steal record {record!r}: exactly one card went to the thief")
        if any(card not in state.hands[victim] and card not in with_thief for card in candidates):
            raise _fail(f"the steal record {record!r}: the other candidates are the victim's")
        if any(state.crew_known[card] & (1 << observer) for card in candidates):
            raise _fail(f"the steal record {record!r}: the observer does not know where they are")
    for observer in range(players):
        mine = [record for record in records if record[0] == observer]
        check_steals(tuple(record[1:] for record in mine), players, observer)

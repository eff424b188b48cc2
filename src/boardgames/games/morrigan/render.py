"""Readable text for states and observations of Morrigan.

Cards are written ``Ac3`` (Action 3), ``Or2`` (Ordeal 2), ``Ad4`` (Adversary 4), ``Te5``
(Territory 5) or by a Special card's short name, with ``#id`` for cards on the table. A card
under a Territory or an Adversary is written ``s2:Ac3`` (placed by seat 2), ``s2:?`` when
the observer cannot see it (``s2:bluff`` when everyone knows it is not an Action card), with
``!`` once everyone has seen it and ``~`` when it was placed in an on-play window rather
than a reinforcement phase. An Ordeal stake the observer cannot see is ``?``, or ``bluff``
likewise.
"""

from __future__ import annotations

from collections.abc import Iterable

from boardgames.core.protocol import PlayerId
from boardgames.games.morrigan.actions import Action
from boardgames.games.morrigan.components import CARD_KINDS, MALETAR_DEFENCE, CardId, CardKind
from boardgames.games.morrigan.observation import HoldingView, MorriganObservation, observe
from boardgames.games.morrigan.rules import attack_strength, public_action, stake_value
from boardgames.games.morrigan.state import Clue, MorriganState, Phase

__all__ = ["describe_action", "render_observation", "render_state"]


def _name(card: CardId) -> str:
    return CARD_KINDS[card].short


def _on_table(card: CardId) -> str:
    return f"{CARD_KINDS[card].short}#{card}"


def _cards(cards: Iterable[CardId]) -> str:
    names = [_name(card) for card in sorted(cards, key=lambda card: (CARD_KINDS[card], card))]
    return " ".join(names) if names else "-"


def _holding(view: HoldingView, names: dict[tuple[CardId, int], str] | None = None) -> str:
    parts = []
    for index, r in enumerate(view.reinforcements):
        if r.card is not None:
            text = _name(r.card)
        elif names is not None:
            text = names[(view.card, index)]
        else:
            text = "bluff" if r.known_bluff else "?"
        marks = ("!" if r.public else "") + ("" if r.in_reinforcement_phase else "~")
        parts.append(f"s{r.placer}:{text}{marks}")
    under = f" [{' '.join(parts)}]" if parts else ""
    return _on_table(view.card) + under


def _prestige(view: MorriganObservation, seat: PlayerId) -> int:
    return sum(CARD_KINDS[h.card].face_value for h in view.territories[seat]) + sum(
        CARD_KINDS[card].face_value for card in view.won[seat]
    )


def _lines(
    view: MorriganObservation,
    hidden: dict[tuple[CardId, int], str] | None,
    stakes: dict[PlayerId, CardId] | None,
) -> list[str]:
    phase = view.phase.name.lower().replace("_", " ")
    who = "game over" if view.to_move is None else f"{phase}: seat {view.to_move} to move"
    lines = [
        f"Morrigan, {view.players} players - turn {view.turn}, seat {view.active}'s turn - {who}"
    ]
    top = " ".join(_name(card) for card in view.discard_pile[-12:])
    more = "... " if len(view.discard_pile) > 12 else ""
    lines.append(
        f"draw pile {view.draw_pile_size} | discard pile {len(view.discard_pile)}"
        + (f" (top last): {more}{top}" if view.discard_pile else "")
    )
    if view.effects:
        lines.append(
            "in force: " + ", ".join(f"{_on_table(e.card)} (seat {e.caster})" for e in view.effects)
        )
    centre = "  ".join(_holding(holding, hidden) for holding in view.adversaries)
    lines.append(f"centre: {centre or '-'}")
    for seat in range(view.players):
        mark = "*" if view.to_move == seat else " "
        territories = "  ".join(_holding(holding, hidden) for holding in view.territories[seat])
        won = " ".join(_on_table(card) for card in view.won[seat])
        floor = f" ({view.floors[seat]} known non-Action)" if view.floors[seat] else ""
        lines.append(
            f"{mark} seat {seat}: prestige {_prestige(view, seat):2d}  "
            f"hand {view.hand_sizes[seat]}{floor}  territories: {territories or '-'}  "
            f"won: {won or '-'}"
        )
    if view.window is not None:
        waiting = ", ".join(map(str, view.window.waiting))
        lines.append(f"on-play window for {_on_table(view.window.adversary)}: waiting {waiting}")
    if view.ordeal is not None:
        ordeal = view.ordeal
        staked = []
        for stake in ordeal.stakes:
            card = stake.card
            if card is None and stakes is not None:
                card = stakes[stake.seat]
            unseen = "bluff" if stake.known_bluff else "?"
            text = f"seat {stake.seat}: " + (_name(card) if card is not None else unseen)
            if stake.blessing is not None:
                text += " + Blessing"
            if card is not None and (stake.card is not None or stakes is not None):
                text += f" (worth {stake_value(card, stake.blessing)})"
            staked.append(text)
        lines.append(
            f"ordeal {_on_table(ordeal.card)} played by seat {ordeal.player}, round "
            f"{ordeal.round}: stakes {'; '.join(staked) or '-'}; waiting "
            f"{', '.join(map(str, ordeal.waiting)) or '-'}"
        )
    if view.attack is not None:
        attack = view.attack
        catapults = f" with {len(attack.catapults)} Catapult" if attack.catapults else ""
        lines.append(
            f"attack on {_on_table(attack.target)}: {_cards(attack.cards)}{catapults} = "
            f"{attack_strength(attack.cards, len(attack.catapults))}"
        )
    if view.duel is not None:
        duel = view.duel
        strength = sum(CARD_KINDS[card].face_value for card in duel.attack)
        maletar = MALETAR_DEFENCE + sum(CARD_KINDS[card].face_value for card in duel.maletar)
        lines.append(
            f"duel: seat {view.active} attacks with {_cards(duel.attack)} = {strength}; "
            f"Maletar 5 + {_cards(duel.maletar)} = {maletar}"
            + (f"; waiting {', '.join(map(str, duel.waiting))}" if duel.waiting else "")
        )
    if view.ally is not None:
        lines.append(f"{_on_table(view.ally)} in play: pick a card from the discard pile")
    if view.phase is Phase.REINFORCE_CARD and view.target is not None:
        lines.append(f"reinforcing {_on_table(view.target)}")
    if view.winner is not None:
        lines.append(f"seat {view.winner} defeated Maletar and wins")
    elif view.truncated:
        lines.append("stopped at the turn limit")
    return lines


def _clue(clue: Clue) -> str:
    places = []
    for zone, key, index in clue.places:
        if zone == 0:
            places.append(f"hand {key}")
        elif zone == 1:
            places.append(f"under #{key} ({index})")
        elif zone == 2:
            places.append(f"stake {key}")
        else:
            places.append("draw pile")
    cards = " ".join(
        f"{count}x{CardKind(kind).short}" for kind, count in enumerate(clue.counts) if count
    )
    return f"{cards} in {' / '.join(places)}"


def render_observation(observation: MorriganObservation) -> str:
    """Describe the table as ``observation.player`` sees it."""
    lines = _lines(observation, None, None)
    lines.append(f"your hand (seat {observation.player}): {_cards(observation.hand)}")
    if observation.clues:
        lines.append("you know of: " + "; ".join(_clue(clue) for clue in observation.clues))
    return "\n".join(lines)


def render_state(state: MorriganState) -> str:
    """Describe a full state, every hand and face-down card included."""
    hidden = {
        (holding.card, index): _name(r.card)
        for holdings in (*state.territories, state.adversaries)
        for holding in holdings
        for index, r in enumerate(holding.reinforcements)
    }
    stakes = {} if state.ordeal is None else {s.seat: s.card for s in state.ordeal.stakes}
    lines = _lines(observe(state, 0), hidden, stakes)
    for seat, hand in enumerate(state.hands):
        lines.append(f"  seat {seat} hand: {_cards(hand)}")
    return "\n".join(lines)


def describe_action(observation: MorriganObservation, action: Action, viewer: PlayerId) -> str:
    """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

    The card of a reinforcement or a stake is named to its player only.
    """
    if viewer == observation.player:
        return str(action)
    return str(public_action(action))

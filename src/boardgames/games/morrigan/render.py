"""Readable text for states and observations of Morrigan, its legend and plain-word choices.

Cards are written ``Ac3`` (Action 3), ``Or2`` (Ordeal 2), ``Ad4`` (Adversary 4), ``Te5``
(Territory 5) or by a Special card's short name, with ``#id`` for cards on the table. A card
under a Territory or an Adversary is written ``s2:Ac3`` (placed by seat 2), ``s2:?`` when
the observer cannot see it (``s2:bluff`` when everyone knows it is not an Action card), with
``!`` once everyone has seen it and ``~`` when it was placed in an on-play window rather
than a reinforcement phase. An Ordeal stake the observer cannot see is ``?``, or ``bluff``
likewise. :func:`legend` explains all of it; :func:`explain_action` says in plain words
what a legal action does.

>>> import boardgames
>>> game = boardgames.make("morrigan", players=3)
>>> observation = game.observe(game.new_game(seed=62), 0)
>>> print(game.explain_action(observation, game.legal_actions(game.new_game(seed=62))[0]))
place your Territory 2 in front of you: +2 prestige at once (you would have 2); \
others may attack it (defence 2 + the Action cards you put under it)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import attrs

from boardgames.core.protocol import PlayerId
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
    Reinforce,
    ReinforceMaletar,
    Stake,
    TakeFromDiscard,
    Withdraw,
)
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    DRAW,
    DUEL_PRESTIGE,
    HAND_LIMIT,
    MALETAR_DEFENCE,
    CardId,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.observation import HoldingView, MorriganObservation, observe
from boardgames.games.morrigan.rules import attack_strength, public_action, stake_value
from boardgames.games.morrigan.state import Clue, MorriganState, Phase, Zone

__all__ = [
    "describe_action",
    "explain_action",
    "known_defence",
    "legend",
    "name_on_table",
    "pending_decision",
    "render_observation",
    "render_state",
]

_DISCARD_SHOWN = 12
"""How many of the top cards of the discard pile the text lists (all of them to pick from)."""


def _name(card: CardId) -> str:
    return CARD_KINDS[card].short


def _on_table(card: CardId) -> str:
    return f"{CARD_KINDS[card].short}#{card}"


def _cards(cards: Iterable[CardId]) -> str:
    names = [_name(card) for card in sorted(cards, key=lambda card: (CARD_KINDS[card], card))]
    return " ".join(names) if names else "-"


def _seats(seats: Iterable[PlayerId]) -> str:
    """Write ``seat 2`` or ``seats 1, 2`` (``nobody`` for none)."""
    names = [str(seat) for seat in seats]
    if not names:
        return "nobody"
    return ("seat " if len(names) == 1 else "seats ") + ", ".join(names)


def _ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number % 10, 'th')}"


def known_defence(view: HoldingView, adversary: bool, wide_curse: bool) -> tuple[int, int]:
    """Return the defence of a Territory or Adversary from what the observer can see.

    The defence is the card's value plus the Action cards under it, doubled once for each
    Curse that counts (under an Adversary, placed in a reinforcement phase, or on play
    with ``wide_curse``). Cards the observer cannot see can only add to it.

    Args:
        view: The Territory or Adversary and the cards under it, as the observer sees them.
        adversary: Whether it is an Adversary in the centre (a Curse counts only there).
        wide_curse: The game's ``wide_curse`` option.

    Returns:
        ``(defence, unseen)``: the defence counting only the cards the observer sees, and
        how many unseen cards under it may still add to it (a card everyone knows is not an
        Action card and that could not be a Curse that counts adds nothing).

    .. versionadded:: 0.2.0
    """
    total = CARD_KINDS[view.card].face_value
    curses = unseen = 0
    for reinforcement in view.reinforcements:
        curse_counts = adversary and (reinforcement.in_reinforcement_phase or wide_curse)
        if reinforcement.card is None:
            if not reinforcement.known_bluff or curse_counts:
                unseen += 1
            continue
        kind = CARD_KINDS[reinforcement.card]
        if kind.type is CardType.ACTION:
            total += kind.face_value
        elif kind is CardKind.CURSE and curse_counts:
            curses += 1
    return total << curses, unseen


def _defence_text(view: HoldingView, adversary: bool, wide_curse: bool) -> str:
    value, unseen = known_defence(view, adversary, wide_curse)
    return f"defence {value}" + (" or more" if unseen else "")


def _holding(
    view: HoldingView,
    adversary: bool,
    wide_curse: bool,
    hidden: dict[tuple[CardId, int], CardId] | None = None,
) -> str:
    if not view.reinforcements:
        return _on_table(view.card)
    if hidden is not None:  # the whole table: every card under it is shown
        view = HoldingView(
            view.card,
            tuple(
                r if r.card is not None else attrs.evolve(r, card=hidden[(view.card, index)])
                for index, r in enumerate(view.reinforcements)
            ),
        )
    parts = []
    for r in view.reinforcements:
        text = _name(r.card) if r.card is not None else "bluff" if r.known_bluff else "?"
        marks = ("!" if r.public else "") + ("" if r.in_reinforcement_phase else "~")
        parts.append(f"s{r.placer}:{text}{marks}")
    defence = _defence_text(view, adversary, wide_curse)
    return f"{_on_table(view.card)} [{' '.join(parts)}] ({defence})"


def _prestige(view: MorriganObservation, seat: PlayerId) -> int:
    return sum(CARD_KINDS[h.card].face_value for h in view.territories[seat]) + sum(
        CARD_KINDS[card].face_value for card in view.won[seat]
    )


def _place_of(view: MorriganObservation, card: CardId) -> tuple[PlayerId | None, int, int]:
    """Return ``(owner, position from 1, copies of its kind there)`` of a card on the table.

    The owner is ``None`` for an Adversary in the centre; a won card counts among the
    owner's won cards.
    """
    kind = CARD_KINDS[card]
    rows: list[tuple[PlayerId | None, list[CardId]]] = [
        (None, [holding.card for holding in view.adversaries])
    ]
    rows += [(seat, [h.card for h in holdings]) for seat, holdings in enumerate(view.territories)]
    rows += [(seat, list(won)) for seat, won in enumerate(view.won)]
    for owner, cards in rows:
        if card in cards:
            same = [other for other in cards if CARD_KINDS[other] is kind]
            return owner, same.index(card) + 1, len(same)
    return None, 1, 1


def name_on_table(view: MorriganObservation, card: CardId, *, own: bool = True) -> str:
    """Name a card on the table in plain words, with its place among identical copies.

    For example ``"the Adversary 3 in the centre (2nd of 2 from the left)"``, ``"seat 1's
    Territory 4"`` or ``"your won Ordeal 2"``: no card number, as a person at the table
    would say it.

    Args:
        view: The observation the words are for.
        card: An Adversary in the centre, or a Territory or won card of a seat.
        own: Call the observer's own cards ``"your"``; if false, ``"seat N's"`` (words
            for every seat alike).

    .. versionadded:: 0.2.0
    """
    owner, position, copies = _place_of(view, card)
    kind = CARD_KINDS[card]
    among = f" ({_ordinal(position)} of {copies} from the left)" if copies > 1 else ""
    if any(holding.card == card for holding in view.adversaries):
        return f"the {kind} in the centre{among}"
    if owner is None:
        return f"the {kind}"
    whose = "your" if own and owner == view.player else f"seat {owner}'s"
    if any(holding.card == card for holding in view.territories[owner]):
        return f"{whose} {kind}{among}"
    won = "won" if kind.type is CardType.ORDEAL else "defeated"
    return f"{whose} {won} {kind}{among}"


def pending_decision(view: MorriganObservation) -> str:
    """Say in plain words who decides now and what about (or how the game ended).

    Args:
        view: Any seat's observation (the words use public facts only).

    .. versionadded:: 0.2.0
    """
    seat = view.to_move
    phase = view.phase
    if seat is None:
        if view.winner is not None:
            return f"game over: seat {view.winner} defeated Maletar and wins"
        return "game over: stopped at the turn limit"
    who = f"seat {seat}"
    if phase is Phase.TURN_START:
        return (
            f"{who} has {_prestige(view, seat)} prestige: challenge Maletar to a duel, "
            "or play a normal turn"
        )
    if phase is Phase.ACTION:
        return f"{who}'s action phase: play a card, fight, conquer, or end the phase"
    if phase is Phase.ON_PLAY_REINFORCE and view.window is not None:
        later = view.window.waiting[1:]
        return (
            f"{who} may put a card face down under the "
            f"{CARD_KINDS[view.window.adversary]} just played"
            + (f" (then {_seats(later)})" if later else "")
        )
    if phase is Phase.ORDEAL_STAKE and view.ordeal is not None:
        ordeal = view.ordeal
        later = ordeal.waiting[1:]
        extra = "" if ordeal.round == 1 else f", tie-break round {ordeal.round}"
        return (
            f"{who} may stake a card face down in the {CARD_KINDS[ordeal.card]}"
            + extra
            + (f" (then {_seats(later)})" if later else "")
        )
    if phase is Phase.ATTACK and view.attack is not None:
        return (
            f"{who} attacks {name_on_table(view, view.attack.target, own=False)}: add Action "
            "cards, "
            "or launch the attack"
        )
    if phase is Phase.ALLY_PICK:
        return f"{who} takes a card of his choice from the discard pile (Unexpected Ally)"
    if phase is Phase.REINFORCE_TARGET:
        return (
            f"{who}'s reinforcement phase: choose a Territory of his or an Adversary "
            "to put a card under, or end the phase"
        )
    if phase is Phase.REINFORCE_CARD and view.target is not None:
        target = name_on_table(view, view.target, own=False)
        return f"{who} chooses the card to put face down under {target}"
    if phase is Phase.HAND_LIMIT:
        return f"{who} holds {view.hand_sizes[seat]} cards and discards down to {HAND_LIMIT}"
    if phase is Phase.MALETAR_REINFORCE:
        return f"{who} may give Maletar one Action card against seat {view.active}'s duel"
    if phase is Phase.DUEL_LOSS:
        return f"{who} lost the duel and chooses which of his most valuable cards to give up"
    return f"{who} to move"


def _lines(
    view: MorriganObservation,
    hidden: dict[tuple[CardId, int], CardId] | None,
    stakes: dict[PlayerId, CardId] | None,
) -> list[str]:
    wide = view.options.wide_curse
    lines = [
        f"Morrigan, {view.players} players - turn {view.turn}, seat {view.active}'s turn - "
        f"now: {pending_decision(view)}"
    ]
    pile = view.discard_pile
    top = " ".join(_name(card) for card in pile[-_DISCARD_SHOWN:])
    more = "... " if len(pile) > _DISCARD_SHOWN else ""
    lines.append(
        f"draw pile {view.draw_pile_size} | discard pile {len(pile)}"
        + (f" (top last): {more}{top}" if pile else "")
    )
    if view.phase is Phase.ALLY_PICK and len(pile) > _DISCARD_SHOWN:
        counts = Counter(CARD_KINDS[card] for card in pile)
        lines.append(
            "the whole discard pile: "
            + " ".join(f"{count}x{kind.short}" for kind, count in sorted(counts.items()))
        )
    if view.effects:
        lines.append(
            "in force: "
            + ", ".join(
                f"{_on_table(e.card)} (seat {e.caster}, until its next turn)" for e in view.effects
            )
        )
    centre = "  ".join(_holding(holding, True, wide, hidden) for holding in view.adversaries)
    lines.append(f"centre (Adversaries): {centre or '-'}")
    for seat in range(view.players):
        mark = "*" if view.to_move == seat else " "
        territories = "  ".join(
            _holding(holding, False, wide, hidden) for holding in view.territories[seat]
        )
        won = " ".join(_on_table(card) for card in view.won[seat])
        floor = f" ({view.floors[seat]} known non-Action)" if view.floors[seat] else ""
        lines.append(
            f"{mark} seat {seat}: prestige {_prestige(view, seat):2d}  "
            f"hand {view.hand_sizes[seat]}{floor}  territories: {territories or '-'}  "
            f"won: {won or '-'}"
        )
    if view.window is not None:
        lines.append(
            f"{_on_table(view.window.adversary)} just played: "
            f"{_seats(view.window.waiting)} may still put a card under it"
        )
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
            f"{ordeal.round}: stakes {'; '.join(staked) or '-'}; still to decide: "
            f"{_seats(ordeal.waiting)}"
        )
    if view.attack is not None:
        attack = view.attack
        catapults = f" with {len(attack.catapults)} Catapult" if attack.catapults else ""
        lines.append(
            f"attack on {_on_table(attack.target)}: {_cards(attack.cards)}{catapults} = "
            f"strength {attack_strength(attack.cards, len(attack.catapults))}"
        )
    if view.duel is not None:
        duel = view.duel
        strength = sum(CARD_KINDS[card].face_value for card in duel.attack)
        maletar = MALETAR_DEFENCE + sum(CARD_KINDS[card].face_value for card in duel.maletar)
        lines.append(
            f"duel: seat {view.active} attacks with {_cards(duel.attack)} = strength "
            f"{strength}; Maletar {MALETAR_DEFENCE} + {_cards(duel.maletar)} = defence {maletar}"
            + (f"; still to decide: {_seats(duel.waiting)}" if duel.waiting else "")
        )
    if view.ally is not None:
        lines.append(f"{_on_table(view.ally)} in play: pick a card from the discard pile")
    if view.reinforced and view.phase in (Phase.REINFORCE_TARGET, Phase.REINFORCE_CARD):
        lines.append(
            "reinforced this turn: " + " ".join(_on_table(card) for card in sorted(view.reinforced))
        )
    if view.phase is Phase.REINFORCE_CARD and view.target is not None:
        lines.append(f"reinforcing {_on_table(view.target)}")
    if view.winner is not None:
        lines.append(f"seat {view.winner} defeated Maletar and wins")
    elif view.truncated:
        lines.append("stopped at the turn limit")
    return lines


def _clue_place(zone: int, key: int, index: int) -> str:
    if zone == Zone.HAND:
        return f"seat {key}'s hand"
    if zone == Zone.SLOT:
        return f"under {_on_table(key)} ({_ordinal(index + 1)} card)"
    if zone == Zone.STAKE:
        return f"seat {key}'s stake"
    if zone == Zone.SEEN:
        return f"the {CardKind(index).short} shown at decision {key // 100}"
    return "the draw pile"


def _clue(clue: Clue) -> str:
    places = [_clue_place(*place) for place in clue.places]
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
        (holding.card, index): r.card
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


_LEGEND = f"""\
Morrigan notation
Cards: Ac = Action (black), Or = Ordeal (red), Ad = Adversary (yellow), Te = Territory
  (blue), then the value 1 to 5: Ad3 is an Adversary worth 3 prestige with defence 3.
Special cards (white) by short name: Ally = Unexpected Ally, Favourite = The King's
  Favourite, Treasure = Secret Treasure, Winter = Glacial Winter, Quake = Earthquake;
  Sorcery, Deluge, Curse, Blessing and Catapult are written in full.
#68 = the number of a card on the table, only to tell identical cards apart (the
  actions "fight Adversary 3 #68", "conquer ...", "reinforce ...", "lose ..." name it).
[s2:Ac3 s0:?] after a Territory or Adversary = the cards face down under it, in the
  order placed: s2 = placed by seat 2; Ac3 = you see the card; ? = you cannot see it;
  bluff = nobody sees it, but everyone knows it is not an Action card.
! = everyone has seen that card (it was turned up by a failed attack).
~ = placed when the Adversary was played, not in a reinforcement phase (a Curse placed
  so is only a bluff, unless the option wide_curse is on).
(defence N) = value + Action cards under it, doubled by each Curse under an Adversary;
  "or more" when cards you cannot see may add to it. An attack needs more than that.
* = the seat to move. prestige = Territories held + Ordeals won + Adversaries
  defeated; with {DUEL_PRESTIGE} at the start of his turn a knight may challenge Maletar.
hand N = cards in hand; (K known non-Action) = K of them everybody knows are not
  Action cards (the rest of a beaten duelist's hand). won: Ordeals and Adversaries won.
draw pile N | discard pile N (top last) = the last card listed is on top; ... = older
  cards left out. 2xAc3 = two Action 3 cards.
in force: a Deluge (no Territory may be played) or Glacial Winter (no Ordeal) and the
  seat that cast it, until that seat's next turn.
ordeal: each stake (? = face down, + Blessing = doubles it, worth = its value); the
  highest Action stake wins the Ordeal; round 2 or more = a tie-break among the tied.
attack on X: the Action cards laid down (a Catapult doubles them) = strength.
duel: the duelist's Action cards = strength; Maletar {MALETAR_DEFENCE} + the cards the opponents
  give him = defence.
you know of: cards you saw go out of sight; each is in one of the places listed.
Actions: "reinforce with Ordeal 2" = put that card face down (Action cards add their
  value, other cards are bluffs); "reinforce Adversary 3 #68" = choose it to put a card
  under next; "stake a face-down card", "reinforce with a face-down card" = what the
  others see of a stake or reinforcement; "launch the attack" = turn up the defence."""


def legend() -> str:
    """Explain every abbreviation and symbol of the renderings and the action names.

    .. versionadded:: 0.2.0
    """
    return _LEGEND


def _hand_kinds(observation: MorriganObservation) -> Counter[CardKind]:
    return Counter(CARD_KINDS[card] for card in observation.hand)


def _action_total(observation: MorriganObservation) -> int:
    return sum(
        CARD_KINDS[card].face_value
        for card in observation.hand
        if CARD_KINDS[card].type is CardType.ACTION
    )


def _holding_view(observation: MorriganObservation, card: CardId) -> tuple[HoldingView, bool]:
    for holding in observation.adversaries:
        if holding.card == card:
            return holding, True
    for holdings in observation.territories:
        for holding in holdings:
            if holding.card == card:
                return holding, False
    return HoldingView(card, ()), False


def _under(observation: MorriganObservation, card: CardId) -> str:
    """Describe the defence of a target: its value and what is known of the cards under it."""
    holding, adversary = _holding_view(observation, card)
    count = len(holding.reinforcements)
    if not count:
        return f"defence {CARD_KINDS[card].face_value}, nothing under it"
    cards = "1 card" if count == 1 else f"{count} cards"
    return f"{_defence_text(holding, adversary, observation.options.wide_curse)}, {cards} under it"


def _reinforce_effect(
    observation: MorriganObservation, kind: CardKind, adversary: bool, on_play: bool
) -> str:
    if kind.type is CardType.ACTION:
        return f"its defence +{kind.face_value}"
    if kind is CardKind.CURSE and adversary and (not on_play or observation.options.wide_curse):
        return "it doubles its defence"
    return "a bluff that adds nothing and is discarded when it is attacked"


def _special(observation: MorriganObservation, kind: CardKind) -> str:
    others = [seat for seat in range(observation.players) if seat != observation.player]
    if kind is CardKind.UNEXPECTED_ALLY:
        pile = observation.discard_pile
        if observation.options.ally_top_only or len({CARD_KINDS[c] for c in pile}) == 1:
            return f"take the top card of the discard pile, a {CARD_KINDS[pile[-1]]}"
        return f"take any card of the discard pile ({len(pile)} cards) into your hand"
    if kind is CardKind.KINGS_FAVOURITE:
        hands = ", ".join(
            f"seat {seat} ({observation.hand_sizes[seat]})"
            for seat in others
            if observation.hand_sizes[seat]
        )
        return f"take one card at random from each other hand: {hands or 'all are empty'}"
    if kind is CardKind.SECRET_TREASURE:
        return f"draw two cards (draw pile {observation.draw_pile_size})"
    if kind is CardKind.DELUGE:
        return "nobody may play a Territory until your next turn"
    if kind is CardKind.GLACIAL_WINTER:
        return "nobody may play an Ordeal until your next turn"
    under = sum(len(h.reinforcements) for holdings in observation.territories for h in holdings)
    mine = sum(len(h.reinforcements) for h in observation.territories[observation.player])
    return f"discard every card under every Territory: {under} cards, {mine} of them under yours"


def explain_action(observation: MorriganObservation, action: Action) -> str:
    """Say in plain words what ``action``, a legal action of the observation's seat, does.

    Only the observation is read (never hidden information): the cards are named by kind
    and value, a target by its owner and, among identical copies, its place from the left.

    Args:
        observation: The observation of the seat to move.
        action: One of that seat's legal actions.

    Returns:
        One line of plain words.

    .. versionadded:: 0.2.0
    """
    me = observation.player
    prestige = _prestige(observation, me)
    match action:
        case DeclareDuel():
            return (
                f"challenge Maletar instead of a normal turn: draw {DRAW} + "
                f"{observation.players - 1} cards, all your Action cards (now worth "
                f"{_action_total(observation)}) attack him against defence "
                f"{MALETAR_DEFENCE} + one Action card from each opponent; win and you win "
                "the game, lose and you give up your most valuable card"
            )
        case NormalTurn():
            return (
                f"play a normal turn (draw {DRAW}, act, reinforce) and keep your {prestige} "
                "prestige for a duel at the start of a later turn"
            )
        case PlayTerritory(value=value):
            return (
                f"place your Territory {value} in front of you: +{value} prestige at once "
                f"(you would have {prestige + value}); others may attack it (defence {value} "
                "+ the Action cards you put under it)"
            )
        case PlayAdversary(value=value):
            return (
                f"put your Adversary {value} in the centre: each other player may put a card "
                f"face down under it; then anyone who beats its defence ({value} + Action "
                f"cards under it) scores {value} prestige"
            )
        case PlayOrdeal(value=value):
            return (
                f"put your Ordeal {value} in the centre: everyone may stake one card face "
                f"down, you last; the highest Action card wins {value} prestige, and every "
                "stake is discarded"
            )
        case Fight(adversary=card):
            return (
                f"fight {name_on_table(observation, card)} - {_under(observation, card)} - with "
                f"Action cards from your hand (worth {_action_total(observation)} in all); "
                f"beat its defence to score {CARD_KINDS[card].face_value} prestige; your "
                "attack cards are discarded either way"
            )
        case Conquer(territory=card):
            owner, _, _ = _place_of(observation, card)
            value = CARD_KINDS[card].face_value
            return (
                f"attack {name_on_table(observation, card)} - {_under(observation, card)} - with "
                f"Action cards (worth {_action_total(observation)} in all"
                + (
                    ", a Catapult doubles them"
                    if CardKind.CATAPULT in _hand_kinds(observation)
                    else ""
                )
                + f"); beat its defence to take it: +{value} prestige for you, -{value} for "
                f"seat {owner}"
            )
        case PlaySpecial(special=kind):
            return f"play {kind}: {_special(observation, kind)}"
        case PlaySorcery(target=seat):
            return (
                f"play Sorcery on seat {seat}: seat {seat} discards his whole hand "
                f"({observation.hand_sizes[seat]} cards)"
            )
        case EndActions():
            return (
                "end your action phase and go on to reinforcing: one card face down under "
                "each of your Territories and each Adversary, if you wish"
            )
        case Reinforce(kind=kind):
            return _explain_reinforce(observation, kind)
        case Decline():
            return _explain_decline(observation)
        case Stake(kind=kind, blessed=blessed):
            return _explain_stake(observation, kind, blessed)
        case Withdraw():
            ordeal = observation.ordeal
            name = "the Ordeal" if ordeal is None else f"the {CARD_KINDS[ordeal.card]}"
            return f"withdraw from {name}: stake nothing more, you can no longer win it"
        case AddAction(value=value):
            return _explain_attack_card(observation, f"your Action {value}", value, 0)
        case AddCatapult():
            return _explain_attack_card(observation, "your Catapult", 0, 1)
        case Commit():
            attack = observation.attack
            if attack is None:
                return "launch the attack"
            strength = attack_strength(attack.cards, len(attack.catapults))
            return (
                f"launch the attack on {name_on_table(observation, attack.target)} with strength "
                f"{strength}: the cards under it are turned up, bluffs discarded; you win if "
                f"{strength} is more than its {_under(observation, attack.target)}"
            )
        case TakeFromDiscard(kind=kind):
            copies = sum(1 for card in observation.discard_pile if CARD_KINDS[card] is kind)
            there = "1 copy" if copies == 1 else f"{copies} copies"
            return f"take one {kind} from the discard pile into your hand ({there} there)"
        case ChooseTarget(card=card):
            return (
                f"reinforce {name_on_table(observation, card)} next - "
                f"{_under(observation, card)} - and choose the card to put under it after this"
            )
        case EndReinforcement():
            size = observation.hand_sizes[me]
            rest = (
                f"then discard down to {HAND_LIMIT} cards (you hold {size})"
                if size > HAND_LIMIT
                else "and your turn ends"
            )
            return f"end the reinforcement phase, {rest}"
        case Discard(kind=kind):
            size = observation.hand_sizes[me]
            return f"discard your {kind} (hand {size} -> {size - 1}, {HAND_LIMIT} may be kept)"
        case ReinforceMaletar(value=value):
            duel = observation.duel
            if duel is None:
                return f"give Maletar your Action {value}"
            strength = sum(CARD_KINDS[card].face_value for card in duel.attack)
            defence = MALETAR_DEFENCE + sum(CARD_KINDS[card].face_value for card in duel.maletar)
            return (
                f"give Maletar your Action {value}, face up: his defence {defence} -> "
                f"{defence + value} against seat {observation.active}'s strength {strength}"
            )
        case LoseCard(card=card):
            value = CARD_KINDS[card].face_value
            holding, _ = _holding_view(observation, card)
            under = (
                f" and the {len(holding.reinforcements)} cards under it"
                if holding.reinforcements
                else ""
            )
            return (
                f"give up {name_on_table(observation, card)}{under}: prestige {prestige} -> "
                f"{prestige - value}"
            )


def _explain_reinforce(observation: MorriganObservation, kind: CardKind) -> str:
    if observation.phase is Phase.ON_PLAY_REINFORCE and observation.window is not None:
        card = observation.window.adversary
        effect = _reinforce_effect(observation, kind, True, True)
        return f"put your {kind} face down under the {CARD_KINDS[card]} just played: {effect}"
    target = observation.target
    if target is None:
        return f"put your {kind} face down"
    _, adversary = _holding_view(observation, target)
    effect = _reinforce_effect(observation, kind, adversary, False)
    return f"put your {kind} face down under {name_on_table(observation, target)}: {effect}"


def _explain_decline(observation: MorriganObservation) -> str:
    phase = observation.phase
    if phase is Phase.ON_PLAY_REINFORCE and observation.window is not None:
        card = observation.window.adversary
        return f"put no card under the {CARD_KINDS[card]} just played"
    if phase is Phase.ORDEAL_STAKE and observation.ordeal is not None:
        return f"take no part in the {CARD_KINDS[observation.ordeal.card]}: stake nothing"
    if phase is Phase.MALETAR_REINFORCE:
        return f"give Maletar no card against seat {observation.active}'s duel"
    return "decline"


def _explain_stake(observation: MorriganObservation, kind: CardKind, blessed: bool) -> str:
    ordeal = observation.ordeal
    name = "the Ordeal" if ordeal is None else f"the {CARD_KINDS[ordeal.card]}"
    with_blessing = " with your Blessing face up" if blessed else ""
    if kind.type is CardType.ACTION:
        worth = kind.face_value * (2 if blessed else 1)
        value = f"worth {worth}"
    else:
        value = "a bluff worth 0" + (" (the Blessing is wasted on it)" if blessed else "")
    round_text = "" if ordeal is None or ordeal.round == 1 else f" (tie-break round {ordeal.round})"
    return f"stake your {kind} face down in {name}{with_blessing}{round_text}: {value}"


def _explain_attack_card(
    observation: MorriganObservation, what: str, value: int, catapults: int
) -> str:
    attack = observation.attack
    if attack is None:
        return f"add {what} to the attack"
    before = attack_strength(attack.cards, len(attack.catapults))
    total = sum(CARD_KINDS[card].face_value for card in attack.cards) + value
    after = total << (len(attack.catapults) + catapults)
    doubles = ", which doubles the Action cards" if catapults else ""
    return (
        f"add {what} to the attack on {name_on_table(observation, attack.target)}{doubles}: "
        f"strength {before} -> {after} against its {_under(observation, attack.target)}"
    )

"""Pictures of Morrigan: the whole table, or what one knight knows of it, as SVG.

The picture shows, from the top: the turn and the decision pending in plain words; the draw
and discard piles and the Deluge or Glacial Winter in force; the centre, with each
Adversary and the cards under it (its defence below it); the Ordeal, attack or duel in
progress; then one panel per knight with his prestige, his hand, his Territories (with the
cards under them) and the Ordeals and Adversaries he has won; at the bottom a key.

Cards are drawn by kind and value only, never by their number: a person at the table cannot
tell two identical cards apart. A face-down card is drawn as a purple back (``?``, or
``bluff`` when everybody knows it is not an Action card); a card that is face down at the
table but shown here (every hidden card in :func:`svg_state`, the seat's own hand and
face-down cards in :func:`svg_observation`) has a dashed purple frame.

>>> import boardgames
>>> game = boardgames.make("morrigan", players=3)
>>> state = game.new_game(seed=62)
>>> svg_observation(game.observe(state, 1)).startswith("<svg")
True

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import attrs

from boardgames.core.protocol import PlayerId
from boardgames.core.svg import FACE_DOWN, INK, PAPER, Drawing, seat_colour
from boardgames.games.morrigan.components import (
    CARD_KINDS,
    MALETAR_DEFENCE,
    CardId,
    CardKind,
    CardType,
)
from boardgames.games.morrigan.observation import HoldingView, MorriganObservation, observe
from boardgames.games.morrigan.render import (
    _seats,
    known_defence,
    name_on_table,
    pending_decision,
)
from boardgames.games.morrigan.rules import attack_strength, stake_value
from boardgames.games.morrigan.state import Clue, MorriganState, Phase, Zone

__all__ = ["svg_observation", "svg_state"]

_WIDTH = 1000
"""The width of every picture."""

_MARGIN = 12
_GAP = 8
_BIG = (50.0, 66.0)
_SMALL = (34.0, 46.0)
_CAPTION = 9.0
_HIGHLIGHT = "#e8590c"
_WHITE = "#ffffff"
_PANEL = "#fbfaf6"
_YOU = "#fff3c4"
_DRAW_SHOWN = 5
_CLUES_SHOWN = 6

_COLOURS = {
    CardType.ACTION: ("#2b2b2b", _WHITE),
    CardType.ORDEAL: ("#b03a2e", _WHITE),
    CardType.ADVERSARY: ("#e8b923", INK),
    CardType.TERRITORY: ("#2e6db4", _WHITE),
    CardType.SPECIAL: (_WHITE, INK),
}
"""Each card type's colour and the colour of the text on it (the rulebook's colours)."""

_SPECIAL_LINES = {
    CardKind.UNEXPECTED_ALLY: ("Unexpected", "Ally"),
    CardKind.KINGS_FAVOURITE: ("King's", "Favourite"),
    CardKind.SECRET_TREASURE: ("Secret", "Treasure"),
    CardKind.SORCERY: ("Sorcery",),
    CardKind.DELUGE: ("Deluge",),
    CardKind.GLACIAL_WINTER: ("Glacial", "Winter"),
    CardKind.CURSE: ("Curse",),
    CardKind.EARTHQUAKE: ("Earth-", "quake"),
    CardKind.BLESSING: ("Blessing",),
    CardKind.CATAPULT: ("Catapult",),
}


def _text_width(text: str, size: float) -> float:
    """Estimate the width of ``text`` in a sans-serif font of ``size``."""
    return len(text) * size * 0.53


# --------------------------------------------------------------------------------------------
# What is shown


@attrs.frozen
class _Reveal:
    """What the picture of a whole state shows beyond any observation: the hidden cards.

    Args:
        hands: Every hand, by kind.
        under: The kind of every card under a Territory or an Adversary, by
            ``(card, index under it)``.
        stakes: The kind of every Ordeal stake, by seat.
        draw_top: The kinds of the top cards of the draw pile.
    """

    hands: tuple[tuple[CardKind, ...], ...]
    under: dict[tuple[CardId, int], CardKind] = attrs.field(hash=False)
    stakes: dict[PlayerId, CardKind] = attrs.field(hash=False)
    draw_top: tuple[CardKind, ...]


@attrs.frozen
class _Face:
    """One card as drawn.

    Args:
        kind: What is printed on it, or ``None`` for the back of a card the viewer cannot see.
        hidden: The card is face down at the table (the others see only its back), but its
            face is shown here: it gets a dashed frame.
        back: What is written on a back: ``?``, ``bluff`` (everybody knows it is not an
            Action card) or a count.
        placer: Who put it face down under a Territory or Adversary, or staked it.
        on_play: Placed when the Adversary was played, not in a reinforcement phase.
    """

    kind: CardKind | None
    hidden: bool = False
    back: str = "?"
    placer: PlayerId | None = None
    on_play: bool = False


def _hand(kinds: Sequence[CardKind], hidden: bool) -> tuple[_Face, ...]:
    return tuple(_Face(kind, hidden) for kind in sorted(kinds))


def _under(holding: HoldingView, reveal: _Reveal | None) -> tuple[tuple[_Face, ...], HoldingView]:
    """Return the cards under ``holding`` as drawn, and the holding with them known."""
    faces = []
    known = []
    for index, r in enumerate(holding.reinforcements):
        card = r.card
        if reveal is not None:
            kind: CardKind | None = reveal.under[(holding.card, index)]
            card = _ID_OF[reveal.under[(holding.card, index)]]
        else:
            kind = None if card is None else CARD_KINDS[card]
        back = "bluff" if r.known_bluff else "?"
        hidden = kind is not None and not r.public
        faces.append(_Face(kind, hidden, back, r.placer, not r.in_reinforcement_phase))
        known.append(attrs.evolve(r, card=card))
    return tuple(faces), HoldingView(holding.card, tuple(known))


_ID_OF = {kind: CARD_KINDS.index(kind) for kind in CardKind}
"""One card id of each kind (enough to compute a defence from kinds)."""


# --------------------------------------------------------------------------------------------
# Boxes: what is drawn, with its size, painted once the layout is known

_Paint = Callable[[Drawing, float, float], None]


@attrs.frozen
class _Box:
    """A part of the picture: its size, and how to paint it with its top left at a point."""

    width: float
    height: float
    paint: _Paint


def _flow(boxes: Sequence[_Box], width: float, gap: float = _GAP) -> _Box:
    """Lay ``boxes`` out left to right, starting a new row where one would pass ``width``."""
    places: list[tuple[float, float, _Box]] = []
    x = y = row = used = 0.0
    for box in boxes:
        if x > 0 and x + box.width > width:
            x, y, row = 0.0, y + row + gap, 0.0
        places.append((x, y, box))
        x += box.width + gap
        row = max(row, box.height)
        used = max(used, x - gap)

    def paint(drawing: Drawing, left: float, top: float) -> None:
        for dx, dy, box in places:
            box.paint(drawing, left + dx, top + dy)

    return _Box(used, y + row, paint)


def _column(boxes: Sequence[_Box], gap: float = 2) -> _Box:
    """Stack ``boxes`` top to bottom."""
    places: list[tuple[float, _Box]] = []
    y = 0.0
    for box in boxes:
        places.append((y, box))
        y += box.height + gap

    def paint(drawing: Drawing, left: float, top: float) -> None:
        for dy, box in places:
            box.paint(drawing, left, top + dy)

    return _Box(max((box.width for box in boxes), default=0), max(y - gap, 0), paint)


def _text(
    content: str,
    size: float = _CAPTION,
    *,
    fill: str = INK,
    bold: bool = False,
    italic: bool = False,
    centre: float | None = None,
) -> _Box:
    """One line of text (centred on ``centre`` if given, else from the left)."""
    width = _text_width(content, size)

    def paint(drawing: Drawing, x: float, y: float) -> None:
        if centre is None:
            drawing.text(
                x, y + size * 0.85, content, size=size, fill=fill, bold=bold, italic=italic
            )
        else:
            drawing.text(
                x + centre,
                y + size * 0.85,
                content,
                size=size,
                fill=fill,
                bold=bold,
                italic=italic,
                anchor="middle",
            )

    return _Box(width if centre is None else 2 * centre, size + 2, paint)


def _wrapped(content: str, width: float, size: float) -> _Box:
    """Text broken into lines that fit ``width``."""
    lines: list[str] = []
    line = ""
    for word in content.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and _text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    lines.append(line)
    return _column([_text(line, size) for line in lines], 1)


def _labelled(label: str, box: _Box, *, fill: str = INK) -> _Box:
    """``box`` with a small bold label above it."""
    return _column([_text(label, _CAPTION + 1, fill=fill, bold=True), box], 3)


def _group(label: str, box: _Box) -> _Box:
    """``box`` inside an SVG group named ``label`` (for screen readers and tests)."""

    def paint(drawing: Drawing, x: float, y: float) -> None:
        with drawing.group(label=label):
            box.paint(drawing, x, y)

    return _Box(box.width, box.height, paint)


# --------------------------------------------------------------------------------------------
# Cards


def _paint_card(drawing: Drawing, x: float, y: float, face: _Face, small: bool) -> None:
    width, height = _SMALL if small else _BIG
    kind = face.kind
    if kind is None:
        drawing.rect(x, y, width, height, fill=FACE_DOWN, stroke=INK, stroke_width=1, rx=4)
        drawing.text(
            x + width / 2,
            y + height / 2 + 4,
            face.back,
            size=16 if len(face.back) < 3 else 10,
            anchor="middle",
            fill=_WHITE,
            bold=True,
        )
    else:
        fill, ink = _COLOURS[kind.type]
        drawing.rect(x, y, width, height, fill=fill, stroke=INK, stroke_width=1, rx=4)
        if kind.type is CardType.SPECIAL:
            lines = (kind.short,) if small else _SPECIAL_LINES[kind]
            size = 7 if small else 8
            first = y + height / 2 - (len(lines) - 1) * (size + 1) / 2 + size * 0.35
            for index, line in enumerate(lines):
                drawing.text(
                    x + width / 2,
                    first + index * (size + 1),
                    line,
                    size=size,
                    anchor="middle",
                    fill=ink,
                    bold=True,
                )
        else:
            drawing.text(
                x + width / 2,
                y + (9 if small else 11),
                str(kind.type),
                size=6.5 if small else 8,
                anchor="middle",
                fill=ink,
            )
            drawing.text(
                x + width / 2,
                y + height / 2 + (7 if small else 10),
                str(kind.face_value),
                size=18 if small else 24,
                anchor="middle",
                fill=ink,
                bold=True,
            )
    if face.hidden:
        drawing.rect(
            x - 2.5,
            y - 2.5,
            width + 5,
            height + 5,
            stroke=FACE_DOWN,
            stroke_width=2,
            dash="4 2",
            rx=5,
        )


def _card(face: _Face, small: bool = False, captions: Sequence[_Box] = ()) -> _Box:
    """A card, with the seat that placed it and any other captions below it."""
    width, height = _SMALL if small else _BIG
    below: list[_Box] = []
    if face.placer is not None:
        below.append(
            _text(
                f"seat {face.placer}", 8, fill=seat_colour(face.placer), bold=True, centre=width / 2
            )
        )
    if face.on_play:
        below.append(_text("on play", 7, italic=True, centre=width / 2))
    below.extend(captions)
    text = _column(below, 0)

    def paint(drawing: Drawing, x: float, y: float) -> None:
        _paint_card(drawing, x, y, face, small)
        text.paint(drawing, x, y + height + 2)

    return _Box(max(width, text.width), height + (2 + text.height if below else 0), paint)


def _cards(faces: Sequence[_Face], width: float, small: bool = False) -> _Box:
    return _flow([_card(face, small) for face in faces], width, 5)


def _holding(
    view: MorriganObservation,
    holding: HoldingView,
    adversary: bool,
    reveal: _Reveal | None,
    marks: dict[CardId, str],
) -> _Box:
    """A Territory or an Adversary, its defence below it and the cards under it beside it.

    ``marks`` names the cards the pending decision is about (framed, with the word below).
    """
    faces, known = _under(holding, reveal)
    defence, unseen = known_defence(known, adversary, view.options.wide_curse)
    captions = [(f"defence {'≥ ' if unseen else ''}{defence}", INK, False)]
    mark = marks.get(holding.card)
    if mark is not None:
        captions.append((mark, _HIGHLIGHT, True))
    left = max(_BIG[0] + 8, *(_text_width(text, _CAPTION) for text, _, _ in captions))
    under = _flow([_card(face, True) for face in faces], 4 * (_SMALL[0] + 4), 4)
    face = _Face(CARD_KINDS[holding.card])

    def paint(drawing: Drawing, x: float, y: float) -> None:
        centre = x + left / 2
        card_x = centre - _BIG[0] / 2
        if mark is not None:
            drawing.rect(
                card_x - 4,
                y - 4,
                _BIG[0] + 8,
                _BIG[1] + 8,
                stroke=_HIGHLIGHT,
                stroke_width=2.5,
                rx=6,
            )
        _paint_card(drawing, card_x, y, face, False)
        for index, (text, fill, bold) in enumerate(captions):
            drawing.text(
                centre,
                y + _BIG[1] + 6 + index * (_CAPTION + 2) + _CAPTION * 0.85,
                text,
                size=_CAPTION,
                anchor="middle",
                fill=fill,
                bold=bold,
            )
        if faces:
            under.paint(drawing, x + left + 6, y)

    height = _BIG[1] + 6 + len(captions) * (_CAPTION + 2)
    if not faces:
        return _Box(left, height, paint)
    return _Box(left + 6 + under.width, max(height, under.height), paint)


# --------------------------------------------------------------------------------------------
# The parts of the table


def _header(view: MorriganObservation, reveal: _Reveal | None, width: float) -> _Box:
    title = f"Morrigan - {view.players} players - turn {view.turn}, seat {view.active}'s turn"
    whose = (
        "the whole table: hidden cards shown, dashed"
        if reveal is not None
        else f"as seat {view.player} sees it"
    )
    status = _wrapped(f"Now: {pending_decision(view)}", width, 13)

    def paint(drawing: Drawing, x: float, y: float) -> None:
        drawing.text(x, y + 15, title, size=17, bold=True)
        drawing.text(x + width, y + 15, whose, size=12, anchor="end", italic=True)
        status.paint(drawing, x, y + 24)

    return _Box(width, 24 + status.height, paint)


def _piles(view: MorriganObservation, reveal: _Reveal | None, width: float) -> _Box:
    boxes = []
    count = view.draw_pile_size
    draw = _card(_Face(None, back=str(count))) if count else _text("empty", 11, italic=True)
    boxes.append(_labelled(f"draw pile: {count}", draw))
    if reveal is not None and reveal.draw_top:
        top = _cards([_Face(kind, True) for kind in reveal.draw_top], width, small=True)
        boxes.append(_labelled(f"its top {len(reveal.draw_top)}, first drawn first", top))
    pile = view.discard_pile
    if pile:
        shown = tuple(_Face(CARD_KINDS[card]) for card in pile[-1:-4:-1])
        discard = _flow([_card(shown[0]), *(_card(face, True) for face in shown[1:])], width, 5)
        label = f"discard pile: {len(pile)}" + (", top first" if len(shown) > 1 else "")
        boxes.append(_labelled(label, discard))
    else:
        boxes.append(_labelled("discard pile: 0", _text("empty", 11, italic=True)))
    for effect in view.effects:
        kind = CARD_KINDS[effect.card]
        forbids = "Territory" if kind is CardKind.DELUGE else "Ordeal"
        card = _card(_Face(kind))
        note = _column(
            [
                _text(f"no {forbids} may be played", 10),
                _text(f"until seat {effect.caster}'s next turn", 10),
            ]
        )
        boxes.append(
            _labelled(f"in force, cast by seat {effect.caster}", _flow([card, note], 400, 6))
        )
    return _group("table", _flow(boxes, width, 22))


def _marks(view: MorriganObservation) -> dict[CardId, str]:
    """The cards on the table the pending decision is about, each with a word."""
    marks: dict[CardId, str] = {}
    if view.phase in (Phase.REINFORCE_TARGET, Phase.REINFORCE_CARD):
        for card in view.reinforced:
            marks[card] = "reinforced"
    if view.window is not None:
        marks[view.window.adversary] = "just played"
    if view.attack is not None:
        marks[view.attack.target] = "under attack"
    if view.phase is Phase.REINFORCE_CARD and view.target is not None:
        marks[view.target] = "reinforcing"
    if view.phase is Phase.DUEL_LOSS:
        seat = view.active
        cards = [h.card for h in view.territories[seat]] + list(view.won[seat])
        best = max((CARD_KINDS[card].face_value for card in cards), default=0)
        for card in cards:
            if CARD_KINDS[card].face_value == best:
                marks[card] = "may be lost"
    return marks


def _centre(
    view: MorriganObservation, reveal: _Reveal | None, marks: dict[CardId, str], width: float
) -> _Box:
    holdings = [_holding(view, holding, True, reveal, marks) for holding in view.adversaries]
    body = _flow(holdings, width, 16) if holdings else _text("no Adversary in play", 11)
    return _group("centre", _labelled("Centre: the Adversaries and the cards under them", body))


def _ordeal(view: MorriganObservation, reveal: _Reveal | None, width: float) -> _Box | None:
    ordeal = view.ordeal
    if ordeal is None:
        return None
    stakes = []
    for stake in ordeal.stakes:
        kind: CardKind | None = None
        if reveal is not None:
            kind = reveal.stakes[stake.seat]
        elif stake.card is not None:
            kind = CARD_KINDS[stake.card]
        back = "bluff" if stake.known_bluff else "?"
        captions = []
        if kind is not None:
            worth = stake_value(_ID_OF[kind], stake.blessing)
            captions.append(_text(f"worth {worth}", 8, centre=_SMALL[0] / 2))
        card = _card(_Face(kind, kind is not None, back, stake.seat), True, captions)
        if stake.blessing is not None:
            blessing = _card(_Face(CardKind.BLESSING), True, [_text("x2", 8, centre=_SMALL[0] / 2)])
            card = _flow([card, blessing], 200, 2)
        stakes.append(card)
    parts = [
        _card(_Face(CARD_KINDS[ordeal.card])),
        _column(
            [
                _text("stakes:" if stakes else "no stake yet", 10),
                _flow(stakes, width - 200, 8) if stakes else _text("", 4),
                _text(f"still to decide: {_seats(ordeal.waiting)}", 10),
            ],
            3,
        ),
    ]
    label = f"Ordeal played by seat {ordeal.player}" + (
        f", tie-break round {ordeal.round}" if ordeal.round > 1 else ""
    )
    return _group("ordeal", _labelled(label, _flow(parts, width, 10), fill=_HIGHLIGHT))


def _attack(view: MorriganObservation, width: float) -> _Box | None:
    attack = view.attack
    if attack is None:
        return None
    faces = [_Face(CARD_KINDS[card]) for card in (*attack.cards, *attack.catapults)]
    strength = attack_strength(attack.cards, len(attack.catapults))
    body = _flow(
        [
            *(_card(face) for face in faces),
            _text(f"strength {strength}", 12, bold=True),
        ],
        width,
        6,
    )
    label = f"Attack by seat {view.active} on {name_on_table(view, attack.target, own=False)}"
    return _group("attack", _labelled(label, body, fill=_HIGHLIGHT))


def _maletar(defence: int) -> _Box:
    def paint(drawing: Drawing, x: float, y: float) -> None:
        drawing.rect(
            x, y, _BIG[0], _BIG[1], fill="#111111", stroke=_HIGHLIGHT, stroke_width=2, rx=4
        )
        drawing.text(x + _BIG[0] / 2, y + 12, "Maletar", size=8.5, anchor="middle", fill=_WHITE)
        drawing.text(
            x + _BIG[0] / 2, y + 42, str(defence), size=24, anchor="middle", fill=_WHITE, bold=True
        )

    return _Box(_BIG[0], _BIG[1], paint)


def _duel(view: MorriganObservation, width: float) -> _Box | None:
    duel = view.duel
    if duel is None:
        return None
    strength = sum(CARD_KINDS[card].face_value for card in duel.attack)
    defence = MALETAR_DEFENCE + sum(CARD_KINDS[card].face_value for card in duel.maletar)
    attack = [_card(_Face(CARD_KINDS[card])) for card in duel.attack]
    given = [
        _card(_Face(CARD_KINDS[card]), captions=[_text("given", 8, centre=_BIG[0] / 2)])
        for card in duel.maletar
    ]
    result = (
        f"still to decide: {_seats(duel.waiting)}"
        if duel.waiting
        else "Maletar is defeated"
        if view.winner is not None
        else ""
    )
    body = _flow(
        [
            *attack,
            _text(f"strength {strength}", 12, bold=True),
            _text("against", 11, italic=True),
            _maletar(MALETAR_DEFENCE),
            *given,
            _text(f"defence {defence}", 12, bold=True),
            _text(result, 11, fill=_HIGHLIGHT, bold=True),
        ],
        width,
        8,
    )
    return _group(
        "duel",
        _labelled(f"Duel: seat {view.active} against Maletar", body, fill=_HIGHLIGHT),
    )


def _ally(view: MorriganObservation, width: float) -> _Box | None:
    if view.ally is None:
        return None
    counts = Counter(CARD_KINDS[card] for card in view.discard_pile)
    choices = [
        _card(_Face(kind), True, [_text(f"x{count}", 8, centre=_SMALL[0] / 2)])
        for kind, count in sorted(counts.items())
    ]
    body = _flow([_card(_Face(CardKind.UNEXPECTED_ALLY)), *choices], width, 5)
    label = f"Unexpected Ally: seat {view.active} takes one card of the discard pile"
    return _group("ally", _labelled(label, body, fill=_HIGHLIGHT))


def _seat(
    view: MorriganObservation,
    seat: PlayerId,
    reveal: _Reveal | None,
    marks: dict[CardId, str],
    width: float,
) -> _Box:
    inner = width - 16
    size = view.hand_sizes[seat]
    floor = view.floors[seat]
    known = f", {floor} known not Action" if floor else ""
    if reveal is not None or seat == view.player:
        kinds = reveal.hands[seat] if reveal is not None else [CARD_KINDS[c] for c in view.hand]
        hand = _cards(_hand(kinds, True), inner) if size else _text("", 4)
        label = f"hand: {size} (hidden from the others{known})" if size else "hand: empty"
    else:
        hand = _card(_Face(None, back=str(size))) if size else _text("", 4)
        cards = "1 card" if size == 1 else f"{size} cards"
        label = f"hand: {cards}{known}" if size else "hand: empty"
    sections = [_group(f"seat {seat} hand", _labelled(label, hand))]
    territories = [
        _holding(view, holding, False, reveal, marks) for holding in view.territories[seat]
    ]
    if territories:
        sections.append(_labelled("territories", _flow(territories, inner, 14)))
    won = []
    for card in view.won[seat]:
        mark = marks.get(card)
        captions = [] if mark is None else [_text(mark, 8, fill=_HIGHLIGHT, bold=True)]
        won.append(_card(_Face(CARD_KINDS[card]), True, captions))
    if won:
        sections.append(_labelled("won", _flow(won, inner, 4)))
    body = _flow(sections, inner, 22)
    prestige = sum(CARD_KINDS[h.card].face_value for h in view.territories[seat]) + sum(
        CARD_KINDS[card].face_value for card in view.won[seat]
    )
    words = [f"seat {seat}" + (" (you)" if seat == view.player and reveal is None else "")]
    badges = []
    if view.winner == seat:
        badges.append("winner")
    if view.to_move == seat:
        badges.append("to move")
    elif view.active == seat and view.to_move is not None:
        badges.append("its turn")
    colour = seat_colour(seat)
    to_move = view.to_move == seat
    you = seat == view.player and reveal is None

    def paint(drawing: Drawing, x: float, y: float) -> None:
        drawing.rect(
            x,
            y,
            width,
            body.height + 38,
            fill=_YOU if you else _PANEL,
            stroke=_HIGHLIGHT if to_move else colour,
            stroke_width=3 if to_move else 1.5,
            rx=6,
        )
        drawing.circle(x + 14, y + 13, 6, fill=colour)
        drawing.text(x + 26, y + 18, words[0], size=14, bold=True, fill=colour)
        left = x + 34 + _text_width(words[0], 14)
        drawing.text(left, y + 18, f"prestige {prestige}", size=14, bold=True)
        left += _text_width(f"prestige {prestige}", 14) + 12
        for badge in badges:
            drawing.text(left, y + 18, badge, size=12, bold=True, fill=_HIGHLIGHT)
            left += _text_width(badge, 12) + 10
        body.paint(drawing, x + 8, y + 28)

    return _group(f"seat {seat}", _Box(width, body.height + 38, paint))


def _place(view: MorriganObservation, zone: int, key: int, index: int) -> str:
    if zone == Zone.HAND:
        return f"seat {key}'s hand"
    if zone == Zone.SLOT:
        return f"card {index + 1} under {name_on_table(view, key)}"
    if zone == Zone.STAKE:
        return f"seat {key}'s stake"
    if zone == Zone.SEEN:
        return f"the {CardKind(index)} shown at decision {key // 100}"
    return "the draw pile"


def _clue(view: MorriganObservation, clue: Clue) -> str:
    cards = ", ".join(
        f"{count} {CardKind(kind)}" for kind, count in enumerate(clue.counts) if count
    )
    places = " or ".join(_place(view, *place) for place in clue.places)
    return f"{cards}: in {places}"


def _clues(view: MorriganObservation, width: float) -> _Box | None:
    if not view.clues:
        return None
    lines = [_wrapped(_clue(view, clue), width, 10) for clue in view.clues[:_CLUES_SHOWN]]
    if len(view.clues) > _CLUES_SHOWN:
        lines.append(_text(f"and {len(view.clues) - _CLUES_SHOWN} more", 10, italic=True))
    label = "What you know of cards you saw go out of sight"
    return _group("clues", _labelled(label, _column(lines, 1)))


def _swatch(kind: CardType | None, text: str, dashed: bool = False, back: str = "?") -> _Box:
    width = 16 + _text_width(text, 9) + 4

    def paint(drawing: Drawing, x: float, y: float) -> None:
        if kind is None:
            drawing.rect(x, y, 12, 16, fill=FACE_DOWN, stroke=INK, stroke_width=0.5, rx=2)
            drawing.text(
                x + 6,
                y + 11,
                back,
                size=7 if len(back) > 1 else 9,
                anchor="middle",
                fill=_WHITE,
                bold=True,
            )
        else:
            fill, _ = _COLOURS[kind]
            drawing.rect(x, y, 12, 16, fill=fill, stroke=INK, stroke_width=0.5, rx=2)
        if dashed:
            drawing.rect(x - 2, y - 2, 16, 20, stroke=FACE_DOWN, stroke_width=1.5, dash="3 2", rx=3)
        drawing.text(x + 17, y + 12, text, size=9)

    return _Box(width, 18, paint)


def _key(reveal: _Reveal | None, width: float) -> _Box:
    entries = [_swatch(kind, str(kind)) for kind in CardType]
    entries.append(
        _swatch(None, "face down: a card you cannot see" if reveal is None else "face down")
    )
    entries.append(_swatch(None, "bluff: face down, known not to be an Action card", back="b"))
    hidden = (
        "hidden at the table, shown here" if reveal is not None else "yours, hidden from the others"
    )
    entries.append(_swatch(CardType.SPECIAL, hidden, dashed=True))

    def frame(drawing: Drawing, x: float, y: float) -> None:
        drawing.rect(x, y, 12, 16, stroke=_HIGHLIGHT, stroke_width=2, rx=2)
        drawing.text(x + 17, y + 12, "what the decision is about", size=9)

    entries.append(_Box(16 + _text_width("what the decision is about", 9), 18, frame))
    notes = [
        "seat N under a card: who placed it; on play: placed when the Adversary was played "
        "(a Curse then only bluffs)",
        "defence: the value + the Action cards under it (x2 per Curse under an Adversary); "
        "≥: unseen cards may add more; an attack must beat it",
        "prestige: Territories + won Ordeals and Adversaries; 15 at the start of a turn lets "
        "a knight challenge Maletar",
    ]
    body = _column([_flow(entries, width, 14), *(_wrapped(note, width, 9) for note in notes)], 3)
    return _group("key", _labelled("Key", body))


# --------------------------------------------------------------------------------------------
# The picture


def _draw(view: MorriganObservation, reveal: _Reveal | None) -> str:
    """Draw ``view`` (with every hidden card face up if ``reveal`` is given)."""
    width = _WIDTH - 2 * _MARGIN
    marks = _marks(view)
    parts: list[_Box] = [_header(view, reveal, width), _piles(view, reveal, width)]
    parts.append(_centre(view, reveal, marks, width))
    events = [
        box
        for box in (
            _ordeal(view, reveal, width),
            _attack(view, width),
            _duel(view, width),
            _ally(view, width),
        )
        if box is not None
    ]
    if events:
        parts.append(_flow(events, width, 30))
    parts.extend(_seat(view, seat, reveal, marks, width) for seat in range(view.players))
    if reveal is None:
        clues = _clues(view, width)
        if clues is not None:
            parts.append(clues)
    parts.append(_key(reveal, width))
    page = _column(parts, 12)
    height = page.height + 2 * _MARGIN
    seen = "the whole table" if reveal is not None else f"seat {view.player}'s view"
    drawing = Drawing(_WIDTH, height, title=f"Morrigan, turn {view.turn}: {seen}")
    drawing.rect(0, 0, _WIDTH, height, fill=PAPER)
    page.paint(drawing, _MARGIN, _MARGIN)
    return drawing.to_svg()


def svg_state(state: MorriganState) -> str:
    """Draw the whole table: every hand, face-down card and stake face up, framed as hidden.

    The top cards of the draw pile are shown too, in the order they will be drawn.

    .. versionadded:: 0.2.0
    """
    reveal = _Reveal(
        hands=tuple(tuple(CARD_KINDS[card] for card in hand) for hand in state.hands),
        under={
            (holding.card, index): CARD_KINDS[r.card]
            for holdings in (*state.territories, state.adversaries)
            for holding in holdings
            for index, r in enumerate(holding.reinforcements)
        },
        stakes={}
        if state.ordeal is None
        else {stake.seat: CARD_KINDS[stake.card] for stake in state.ordeal.stakes},
        draw_top=tuple(CARD_KINDS[card] for card in state.draw_pile[:_DRAW_SHOWN]),
    )
    return _draw(observe(state, 0), reveal)


def svg_observation(observation: MorriganObservation) -> str:
    """Draw what ``observation``'s seat knows: its own hand face up, the others as counts.

    Cards it cannot see are purple backs (``?``); its own face-down cards are face up in a
    dashed frame; its panel is marked "(you)".

    .. versionadded:: 0.2.0
    """
    return _draw(observation, None)

"""The conformance kit's checks of pictures and explanations (see :mod:`boardgames.testing`).

They report through ``expect(condition, message)``, the kit's own checker method.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Sequence
from typing import Any

from boardgames.core.picture import render_svg
from boardgames.core.protocol import DrawsPictures, ExplainsNotation, Game
from boardgames.serialization import dumps, loads

__all__ = ["check_explanations", "check_pictures", "svg_problem"]

Expect = Callable[[bool, str], None]

_SVG = "{http://www.w3.org/2000/svg}"
_LINKS = ("href", "{http://www.w3.org/1999/xlink}href", "src")


def svg_problem(text: object) -> str | None:
    """Say what keeps ``text`` from being one self-contained SVG document (``None``: nothing).

    >>> svg_problem('<svg xmlns="http://www.w3.org/2000/svg"/>') is None
    True
    >>> svg_problem("<svg><script/></svg>")
    'the root element is svg, not an SVG <svg> element (xmlns missing?)'
    """
    if not isinstance(text, str):
        return f"it is a {type(text).__name__}, not a str"
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        return f"it is not well-formed XML: {error}"
    if root.tag != f"{_SVG}svg":
        return f"the root element is {root.tag}, not an SVG <svg> element (xmlns missing?)"
    for element in root.iter():
        name = element.tag.removeprefix(_SVG)
        if name in ("script", "foreignObject", "image", "use"):
            return f"it holds a <{name}> element (a picture is drawn with shapes and text only)"
        for attribute, value in element.attrib.items():
            if attribute in _LINKS or attribute.startswith("on"):
                return f"<{name}> has a {attribute} attribute (a picture links to nothing)"
            if "url(" in value and "url(#" not in value:
                return f"<{name}> {attribute}={value!r} refers outside the picture"
    return None


def check_pictures(game: Game[Any, Any, Any], state: Any, expect: Expect) -> None:
    """The pictures of ``state`` and of each seat's view are self-contained SVG documents.

    The picture of an observation is a function of that observation's value: the same
    after a JSON round trip, and the one :func:`boardgames.render_svg` draws for the seat.
    """
    if not isinstance(game, DrawsPictures):
        return
    whole = game.render_state_svg(state)
    problem = svg_problem(whole)
    expect(problem is None, f"render_state_svg does not give an SVG document: {problem}")
    expect(game.render_state_svg(state) == whole, "render_state_svg is not deterministic")
    for seat in range(game.players):
        observation = game.observe(state, seat)
        picture = game.render_observation_svg(observation)
        problem = svg_problem(picture)
        expect(
            problem is None,
            f"render_observation_svg for seat {seat} does not give an SVG document: {problem}",
        )
        expect(
            game.render_observation_svg(loads(dumps(observation))) == picture,
            f"the picture of seat {seat}'s observation changes in a dumps/loads round trip "
            "(it depends on something besides the observation's value)",
        )
        expect(
            render_svg(game, state, seat=seat) == picture,
            f"render_svg(game, state, seat={seat}) differs from the picture of the observation",
        )


def check_explanations(
    game: Game[Any, Any, Any], state: Any, legal: Sequence[Any], expect: Expect
) -> None:
    """The legend and each legal action's explanation are non-empty lines of text.

    The explanation depends only on the mover's observation: it is the same for a state
    that observation cannot tell from ``state``.
    """
    if not isinstance(game, ExplainsNotation):
        return
    legend = game.legend()
    expect(isinstance(legend, str) and bool(legend.strip()), "legend() is not a non-empty str")
    mover = game.current_player(state)
    if mover is None:
        return
    observation = game.observe(state, mover)
    again = loads(dumps(observation))
    for action in legal:
        text = game.explain_action(observation, action)
        expect(
            isinstance(text, str) and bool(text.strip()) and "\n" not in text,
            f"explain_action({action!r}) is not one non-empty line: {text!r}",
        )
        expect(
            game.explain_action(again, action) == text,
            f"explain_action({action!r}) changes after a dumps/loads round trip of the "
            "observation (it depends on something besides the observation's value)",
        )

"""A small SVG writer shared by every game's pictures.

Each game's ``picture`` module draws its states and observations with a :class:`Drawing`:
shapes and text are added in painting order, and :meth:`Drawing.to_svg` writes one
complete, self-contained ``<svg>`` document (no script, no external image or font), with
numbers written the same way on every platform so that the same value always gives the
same text.

>>> drawing = Drawing(120, 40, title="A card")
>>> drawing.rect(0, 0, 120, 40, fill=PAPER)
>>> drawing.text(60, 25, "R2 & B3", size=14, anchor="middle")
>>> print(drawing.to_svg())  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"
 font-family="sans-serif" role="img"><title>A card</title>
<rect x="0" y="0" width="120" height="40" fill="#f4f1e8"/>
<text x="60" y="25" font-size="14" text-anchor="middle" fill="#222222">R2 &amp; B3</text>
</svg>

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Literal

__all__ = [
    "FACE_DOWN",
    "INK",
    "PAPER",
    "SEAT_COLOURS",
    "Drawing",
    "number",
    "seat_colour",
]

PAPER = "#f4f1e8"
"""The background colour of every picture."""
INK = "#222222"
"""The colour of text and outlines."""
FACE_DOWN = "#6b5b95"
"""The colour of the back of a hidden card or tile."""
SEAT_COLOURS = ("#d62728", "#2ca02c", "#1f77b4", "#e6b400", "#9467bd", "#8c564b")
"""The colour of each seat, by seat number (red, green, blue, yellow, purple, brown)."""

Anchor = Literal["start", "middle", "end"]


def seat_colour(seat: int) -> str:
    """Return the colour of ``seat`` (the colours repeat after six seats).

    >>> seat_colour(0), seat_colour(7)
    ('#d62728', '#2ca02c')
    """
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def number(value: float) -> str:
    """Write a coordinate: at most two decimals, no trailing zeros, no ``-0``.

    >>> number(3.0), number(2.345), number(-0.001), number(1e-7)
    ('3', '2.35', '0', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attributes(pairs: Iterable[tuple[str, object]]) -> str:
    parts = []
    for name, value in pairs:
        if value is None:
            continue
        if isinstance(value, bool):
            raise TypeError(f"attribute {name!r} takes a number or a string, not a bool")
        text = number(value) if isinstance(value, (int, float)) else str(value)
        parts.append(f' {name.replace("_", "-")}="{html.escape(text)}"')
    return "".join(parts)


class Drawing:
    """An SVG picture being drawn: add shapes in painting order, then call :meth:`to_svg`.

    Args:
        width: The picture's width in SVG units (also its ``viewBox``).
        height: Its height.
        title: A title that browsers show as a tooltip and screen readers read.

    Raises:
        ValueError: ``width`` or ``height`` is not positive.
    """

    def __init__(self, width: float, height: float, *, title: str | None = None) -> None:
        if not (width > 0 and height > 0):
            raise ValueError(f"a drawing needs a positive size, got {width} x {height}")
        self.width = width
        self.height = height
        self._parts: list[str] = []
        if title is not None:
            self._parts.append(f"<title>{html.escape(title)}</title>")

    def _add(self, tag: str, attributes: Sequence[tuple[str, object]], tooltip: str | None) -> None:
        head = f"<{tag}{_attributes(attributes)}"
        if tooltip is None:
            self._parts.append(head + "/>")
        else:
            self._parts.append(f"{head}><title>{html.escape(tooltip)}</title></{tag}>")

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float | None = None,
        rx: float | None = None,
        opacity: float | None = None,
        dash: str | None = None,
        tooltip: str | None = None,
    ) -> None:
        """Add a rectangle (``rx`` rounds its corners; ``dash`` is a ``stroke-dasharray``)."""
        self._add(
            "rect",
            [
                ("x", x),
                ("y", y),
                ("width", width),
                ("height", height),
                ("rx", rx),
                ("fill", fill),
                ("fill-opacity", opacity),
                ("stroke", stroke),
                ("stroke-width", stroke_width),
                ("stroke-dasharray", dash),
            ],
            tooltip,
        )

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float | None = None,
        tooltip: str | None = None,
    ) -> None:
        """Add a circle centred on ``(cx, cy)``."""
        self._add(
            "circle",
            [
                ("cx", cx),
                ("cy", cy),
                ("r", r),
                ("fill", fill),
                ("stroke", stroke),
                ("stroke-width", stroke_width),
            ],
            tooltip,
        )

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: str = INK,
        stroke_width: float = 1,
        dash: str | None = None,
    ) -> None:
        """Add a straight line from ``(x1, y1)`` to ``(x2, y2)``."""
        self._add(
            "line",
            [
                ("x1", x1),
                ("y1", y1),
                ("x2", x2),
                ("y2", y2),
                ("stroke", stroke),
                ("stroke-width", stroke_width),
                ("stroke-dasharray", dash),
            ],
            None,
        )

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        *,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float | None = None,
        tooltip: str | None = None,
    ) -> None:
        """Add a closed polygon through ``points``."""
        path = " ".join(f"{number(x)},{number(y)}" for x, y in points)
        self._add(
            "polygon",
            [
                ("points", path),
                ("fill", fill),
                ("stroke", stroke),
                ("stroke-width", stroke_width),
            ],
            tooltip,
        )

    def polyline(
        self,
        points: Sequence[tuple[float, float]],
        *,
        stroke: str = INK,
        stroke_width: float = 1,
        dash: str | None = None,
    ) -> None:
        """Add an open line through ``points``."""
        path = " ".join(f"{number(x)},{number(y)}" for x, y in points)
        self._add(
            "polyline",
            [
                ("points", path),
                ("fill", "none"),
                ("stroke", stroke),
                ("stroke-width", stroke_width),
                ("stroke-dasharray", dash),
            ],
            None,
        )

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float = 12,
        anchor: Anchor = "start",
        fill: str = INK,
        bold: bool = False,
        italic: bool = False,
        tooltip: str | None = None,
    ) -> None:
        """Add one line of text whose baseline starts (or is centred, or ends) at ``(x, y)``."""
        attributes: list[tuple[str, object]] = [("x", x), ("y", y), ("font-size", size)]
        if anchor != "start":
            attributes.append(("text-anchor", anchor))
        if bold:
            attributes.append(("font-weight", "bold"))
        if italic:
            attributes.append(("font-style", "italic"))
        attributes.append(("fill", fill))
        body = html.escape(content, quote=False)
        if tooltip is not None:
            body = f"<title>{html.escape(tooltip)}</title>{body}"
        self._parts.append(f"<text{_attributes(attributes)}>{body}</text>")

    @contextmanager
    def group(
        self,
        *,
        translate: tuple[float, float] | None = None,
        rotate: float | None = None,
        label: str | None = None,
        opacity: float | None = None,
    ) -> Iterator[None]:
        """Group what is drawn inside the ``with`` block, moved and turned as one.

        Args:
            translate: Shift the group by ``(dx, dy)``.
            rotate: Then turn it by this many degrees about its own origin.
            label: A name for the group (its ``aria-label``), for people using screen
                readers and for tests that look for a part of the picture.
            opacity: Draw the whole group this opaque (0 to 1).
        """
        transforms = []
        if translate is not None:
            transforms.append(f"translate({number(translate[0])},{number(translate[1])})")
        if rotate is not None:
            transforms.append(f"rotate({number(rotate)})")
        attributes = [
            ("transform", " ".join(transforms) or None),
            ("aria-label", label),
            ("opacity", opacity),
        ]
        self._parts.append(f"<g{_attributes(attributes)}>")
        try:
            yield
        finally:
            self._parts.append("</g>")

    def to_svg(self) -> str:
        """Return the complete ``<svg>`` document, ending with a newline."""
        width, height = number(self.width), number(self.height)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">'
        )
        return head + "\n".join(self._parts) + "\n</svg>\n"

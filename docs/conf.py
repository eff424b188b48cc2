"""Sphinx configuration for the boardgames documentation.

Build the HTML pages (every warning is an error) and run the doctests with::

    uv run --group dev sphinx-build -n -W --keep-going -b html docs docs/_build/html
    uv run --group dev sphinx-build -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import enum
import os
from importlib.metadata import version as _version
from pathlib import Path

project = "boardgames"
author = "The boardgames developers"
copyright = "The boardgames developers"
release = _version("boardgames")
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
nitpicky = True

# MyST: ``:::`` fences and definition lists; headings down to level 3 get link anchors.
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Autodoc: members in source order, type hints in the signatures.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"

# Napoleon: Google style only, as the source uses.
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_attr_annotations = True

# Doctest: ``-b doctest`` runs the {doctest} and {testcode} blocks of these pages. The
# ``>>>`` examples in docstrings are run by tests/test_docstrings.py in their own modules.
# Sphinx would run them without the module globals they rely on, so it leaves them alone.
doctest_global_setup = "import boardgames"
doctest_test_doctest_blocks = ""

# Intersphinx: the Python, attrs and cattrs inventories are downloaded only when
# BOARDGAMES_DOCS_INTERSPHINX=1 is set, because the build must also work offline. Without
# them, references to those projects are plain text (see ``nitpick_ignore`` below).
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
if os.environ.get("BOARDGAMES_DOCS_INTERSPHINX") == "1":
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable", None),
        "cattrs": ("https://catt.rs/en/stable", None),
    }

# Standard-library and third-party types that appear in signatures. Offline they cannot be
# resolved; with intersphinx they become links. Built-in types need no entry here.
nitpick_ignore = [
    ("py:class", "cattrs.converters.Converter"),
    ("py:class", "cattrs.Converter"),
    ("py:class", "enum.Enum"),
    ("py:class", "concurrent.futures._base.Executor"),
    ("py:class", "os.PathLike"),
    ("py:class", "random.Random"),
]
nitpick_ignore_regex = [
    ("py:class", r"collections\.abc\.\w+"),
    # The type variables of the generic protocols are not documented on their own.
    (
        "py:class",
        r"boardgames\.core\.\w+\.((State|Action|Observation|Configuration|Position)T(_contra)?|_T|T|T_co|C)",
    ),
]

html_theme = "furo"
html_title = f"boardgames {release}"
html_static_path: list[str] = []


def _keep_colons_in_attribute_docstrings(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Stop Napoleon from reading ``Title: text`` in a data docstring as ``type: text``.

    Napoleon takes the first line of an attribute, data or property docstring to be
    ``type: description`` when it holds a colon, which would turn "The serialization codec
    of Magellan: Elcano" into a type named "The serialization codec of Magellan". The source
    never uses that form, so an empty type is given explicitly.
    """
    if what in {"attribute", "data", "property"} and lines and ":" in lines[0]:
        lines[0] = ": " + lines[0]


def _protocol_signature(
    app: object,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Show a protocol's type parameters instead of ``(*args, **kwargs)``; hide ``Enum(value)``."""
    if what == "class" and isinstance(obj, enum.EnumMeta):
        return ("", return_annotation)
    if what == "class" and getattr(obj, "_is_protocol", False):
        parameters = getattr(obj, "__parameters__", ())
        names = ", ".join(parameter.__name__ for parameter in parameters)
        return (f"[{names}]" if names else "", return_annotation)
    return None


# The pictures the game pages embed, drawn by the engines at every build: a random game of
# each, from a fixed seed, stopped at about two fifths of its decisions. Each page shows
# the whole table (``<name>-state.svg``) and seat 0's view of it (``<name>-observation.svg``).
PICTURES = {
    "magellan-elcano": (3, 5),
    "morgans-magic-map": (3, 2),
    "morrigan": (3, 4),
    "kincses-sziget": (3, 6),
}
"""Each game's (players, seed) for its pictures."""


def _draw_pictures(app: object) -> None:
    """Write ``docs/_generated/<name>-state.svg`` and ``-observation.svg`` for each game."""
    import boardgames

    folder = Path(__file__).parent / "_generated"
    folder.mkdir(exist_ok=True)
    for name, (players, seed) in PICTURES.items():
        game = boardgames.make(name, players=players)
        record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
        states = list(boardgames.replay(record))
        state = states[len(states) * 2 // 5]
        pictures = {
            "state": boardgames.render_svg(game, state),
            "observation": boardgames.render_svg(game, state, seat=0),
        }
        if name == "morgans-magic-map":  # the map of the page's section "A map"
            from boardgames.games.morgans_magic_map import render_map_svg

            map_game = boardgames.make(name, players=4)
            bots = [boardgames.RandomBot()] * 4
            map_record = boardgames.play(map_game, bots, seed=7)
            turn = next(s for s in boardgames.replay(map_record) if s.turn_number == 31)
            pictures["map"] = render_map_svg(turn.tiles, turn.pawns)
        for view, picture in pictures.items():
            path = folder / f"{name}-{view}.svg"
            if not path.exists() or path.read_text(encoding="utf-8") != picture:
                path.write_text(picture, encoding="utf-8")


def setup(app: object) -> dict[str, bool]:
    """Register the autodoc hooks (the docstring one before Napoleon's, 500) and the pictures."""
    app.connect("builder-inited", _draw_pictures)  # type: ignore[attr-defined]
    app.connect(  # type: ignore[attr-defined]
        "autodoc-process-docstring", _keep_colons_in_attribute_docstrings, priority=400
    )
    app.connect("autodoc-process-signature", _protocol_signature)  # type: ignore[attr-defined]
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""Every ruling cited anywhere is defined on its game's page, and nothing cites outside files.

**Definitions.** Each game page ``docs/games/<page>.md`` defines the rulings it applies in
its "Rulings" section (the level-2 section whose title starts with "Rulings"). An entry is
a MyST target ``(ruling-<id in lower case>)=`` followed by a heading that starts with the
id, for example::

    (ruling-a-mag-4)=
    ### A-MAG-4: the first player must play a card

and its body gives the rulebook sentence (``**Rulebook**``), what the engine does
(``**Engine:**``) and why (``**Why:**``); a correction (an erratum) also says what it
corrects (``**Correction**``).

**Ids and their games.** Rulings are ``A-MAG-n`` (Magellan: Elcano), ``A-MMM-n`` (Morgan's
Magic Map), ``A-MOR-n`` (Morrigan) and ``A-IRA-n`` (Irány a Kincses Sziget!): the prefix
names the game, wherever the id is mentioned. Corrections are ``En``, without a prefix.
Their numbers are shared by the four games (each number belongs to one game), so an ``En``
is attributed by the file that mentions it: in a file of a game (its page
``docs/games/<page>.md``, its API page ``docs/reference/api/<page>.md``, its package
``src/boardgames/games/<package>/`` or its tests ``tests/games/<package>/``) it must be
defined on that game's page; in any other file, on one of the pages. No ``En`` may be
defined on two pages. A range (``A-MMM-1 to A-MMM-3``, ``E6-E8``, ``A-MAG-1/2``) mentions
every id in it. In Python files a ``# noqa`` comment is not read (its codes are lint codes,
not corrections). The files read are ``docs/**/*.md`` (not the build output), ``src/**/*.py``,
``tests/**/*.py`` and ``examples/**/*.py``.

**Links.** On the game pages and the API pages every mention of an id outside its own entry
(and outside headings and code blocks) is a link to its definition: ``[A-MAG-4](#ruling-a-mag-4)``
on the id's own page, or ``{ref}`A-MAG-4 <ruling-a-mag-4>``` from anywhere.

**Outside files.** The docs, the docstrings and the comments (``docs``, ``src``, ``tests``,
``examples``) never cite the team's working papers nor a path outside the repository:
users do not have them.

A failure names the file, the line and the id (or the citation).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent


class Game(NamedTuple):
    """A game's docs page, package and ruling prefix."""

    page: str
    package: str
    prefix: str


GAMES = (
    Game("magellan-elcano", "magellan_elcano", "A-MAG"),
    Game("morgans-magic-map", "morgans_magic_map", "A-MMM"),
    Game("morrigan", "morrigan", "A-MOR"),
    Game("kincses-sziget", "kincses_sziget", "A-IRA"),
)

_ID = r"(?:A-(?:MAG|MMM|MOR|IRA)-\d+|E\d+)"
_RANGE = r"\s+to\s+|\s*[-\u2013]\s*"  # "A-MMM-1 to A-MMM-3", "E6-E8" (or an en dash)
_MENTION = re.compile(  # also "A-MAG-1/2"
    rf"(?<![\w-])(?P<first>{_ID})(?:(?:{_RANGE})(?P<last>{_ID})|/(?P<number>\d+))?(?![\w-])"
)
_TARGET = re.compile(r"^\((?P<label>[^()\s]+)\)=\s*$")
_HEADING = re.compile(r"^(?P<level>#{1,6})\s+(?P<title>.*?)\s*$")
_NOQA = re.compile(r"#\s*noqa\b.*$")
_LINK = re.compile(
    rf"\[(?P<text>{_ID})\]\((?P<target>[^)\s]*)\)"
    rf"|\{{ref\}}`(?P<ref_text>{_ID}) <(?P<ref_label>[^>]+)>`"
)
_OUTSIDE = (
    re.compile(r"\bRULINGS\b"),
    re.compile(r"rulings(\.md| file)", re.IGNORECASE),
    re.compile(r"(STYLE|INTEROP_NOTES)\.md"),
    re.compile(r"\.\./shared\b|\bshared/rulebooks\b|/work/"),
    re.compile(r"§\s?\d"),  # the working paper's numbered sections
)
_RELATIVE_PATH = re.compile(r"(?:\.\./)+[\w./-]*")


class Mention(NamedTuple):
    """One id mentioned at a place."""

    path: Path
    line: int
    id: str


def label(ruling: str) -> str:
    """The MyST target name of a ruling id: ``A-MAG-4`` -> ``ruling-a-mag-4``."""
    return f"ruling-{ruling.lower()}"


def _kind(ruling: str) -> str:
    return ruling.rsplit("-", 1)[0] if ruling.startswith("A-") else "E"


def _number(ruling: str) -> int:
    return int(ruling.removeprefix("E").rsplit("-", 1)[-1])


def ids_in(text: str) -> Iterator[str]:
    """The ids a piece of text mentions, ranges expanded, in order."""
    for match in _MENTION.finditer(text):
        first, last, number = match["first"], match["last"], match["number"]
        if number is not None:
            last = f"{_kind(first)}-{number}" if first.startswith("A-") else f"E{number}"
        if last is None:
            yield first
            continue
        if _kind(first) != _kind(last):  # two ids next to each other, not a range
            yield from (first, last)
            continue
        low, high = _number(first), _number(last)
        if not 0 < high - low <= 30:
            yield from (first, last)
            continue
        for each in range(low, high + 1):
            yield f"E{each}" if _kind(first) == "E" else f"{_kind(first)}-{each}"


def _files(root: Path) -> Iterator[Path]:
    docs = root / "docs"
    for path in sorted(docs.rglob("*.md")):
        if not {"_build", "_generated"} & set(path.relative_to(docs).parts):
            yield path
    for folder in ("src", "tests", "examples"):
        yield from sorted((root / folder).rglob("*.py"))


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        yield number, _NOQA.sub("", line) if path.suffix == ".py" else line


def mentions(root: Path) -> Iterator[Mention]:
    """Every id mentioned in the docs, the source, the tests and the examples."""
    for path in _files(root):
        for number, line in _lines(path):
            for ruling in ids_in(line):
                yield Mention(path, number, ruling)


def game_of(root: Path, path: Path) -> Game | None:
    """The game a file belongs to (its page, API page, package or tests), if any."""
    relative = path.relative_to(root).as_posix()
    for game in GAMES:
        if relative in (f"docs/games/{game.page}.md", f"docs/reference/api/{game.page}.md"):
            return game
        folders = (f"src/boardgames/games/{game.package}/", f"tests/games/{game.package}/")
        if relative.startswith(folders):
            return game
    return None


class Entry(NamedTuple):
    """One ruling defined on a game page: its id and the lines of its entry."""

    id: str
    line: int
    body: tuple[str, ...]


def entries(page: Path) -> list[Entry]:
    """The rulings a game page defines, in its "Rulings" section, in page order.

    A target ``(ruling-...)=`` whose next line is not a heading starting with its id is
    reported by :func:`malformed_entries`, not returned here.
    """
    if not page.exists():
        return []
    lines = page.read_text(encoding="utf-8").splitlines()
    found = []
    in_rulings = fenced = False
    for index, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        heading = None if fenced else _HEADING.match(line)
        if heading and len(heading["level"]) <= 2:
            in_rulings = len(heading["level"]) == 2 and heading["title"].startswith("Rulings")
        target = _TARGET.match(line)
        if not (in_rulings and target and target["label"].startswith("ruling-")):
            continue
        title = _HEADING.match(lines[index + 1]) if index + 1 < len(lines) else None
        if title is None:
            continue
        ruling = next(ids_in(title["title"]), None)
        if ruling is None or label(ruling) != target["label"]:
            continue
        level = len(title["level"])
        end = index + 2
        while end < len(lines):
            after = _HEADING.match(lines[end])
            if (after and len(after["level"]) <= level) or _TARGET.match(lines[end]):
                break
            end += 1
        found.append(Entry(ruling, index + 1, tuple(lines[index:end])))
    return found


def malformed_entries(page: Path) -> list[str]:
    """Targets ``(ruling-<id>)=`` not followed by a heading that starts with that id."""
    if not page.exists():
        return []
    lines = page.read_text(encoding="utf-8").splitlines()
    problems = []
    for index, line in enumerate(lines):
        target = _TARGET.match(line)
        if not target or not re.fullmatch(rf"ruling-{_ID.lower()}", target["label"]):
            continue
        title = _HEADING.match(lines[index + 1]) if index + 1 < len(lines) else None
        first = next(ids_in(title["title"]), None) if title else None
        if first is None or label(first) != target["label"]:
            problems.append(f"{page}:{index + 1}: {target['label']} is not before its heading")
    return problems


def definitions(root: Path) -> dict[str, set[str]]:
    """The ids each game page defines, by page name."""
    return {
        game.page: {entry.id for entry in entries(root / "docs" / "games" / f"{game.page}.md")}
        for game in GAMES
    }


def undefined(root: Path) -> list[str]:
    """Every mention of an id that its game's page does not define, as ``path:line: id``."""
    defined = definitions(root)
    pages = {game.prefix: game.page for game in GAMES}
    anywhere = {ruling for ids in defined.values() for ruling in ids}
    problems = []
    for path, line, ruling in mentions(root):
        if ruling.startswith("A-"):
            page: str | None = pages[_kind(ruling)]
        else:
            game = game_of(root, path)
            page = game.page if game else None
        known = defined[page] if page else anywhere
        if ruling not in known:
            where = f"docs/games/{page}.md" if page else "any game page"
            relative = path.relative_to(root)
            problems.append(f"{relative}:{line}: {ruling} is not defined on {where}")
    return problems


def defined_twice(root: Path) -> list[str]:
    """Ids defined twice on one page, or (corrections) on two pages."""
    problems = []
    seen: dict[str, str] = {}
    for game in GAMES:
        page = root / "docs" / "games" / f"{game.page}.md"
        for entry in entries(page):
            if entry.id in seen:
                problems.append(f"{entry.id} is defined on {seen[entry.id]} and {game.page}")
            seen[entry.id] = game.page
            if entry.id.startswith("A-") and _kind(entry.id) != game.prefix:
                problems.append(f"{game.page}:{entry.line}: {entry.id} is another game's")
    return problems


def incomplete_entries(root: Path) -> list[str]:
    """Entries that lack one of their parts (rulebook, engine, why; correction for an En)."""
    problems = []
    for game in GAMES:
        page = root / "docs" / "games" / f"{game.page}.md"
        for entry in entries(page):
            text = "\n".join(entry.body)
            parts = ["**Rulebook**", "**Engine:**", "**Why:**"]
            if entry.id.startswith("E"):
                parts.append("**Correction")
            for part in parts:
                if part not in text:
                    problems.append(f"{game.page}:{entry.line}: {entry.id} has no {part}")
    return problems


def unlinked(root: Path) -> list[str]:
    """Mentions on the game and API pages that are not a link to the id's definition."""
    defined = definitions(root)
    problems = []
    for game in GAMES:
        for path in (root / "docs" / "games", root / "docs" / "reference" / "api"):
            page = path / f"{game.page}.md"
            if page.exists():
                problems += _unlinked_on(root, page, game, defined)
    return problems


def _unlinked_on(root: Path, page: Path, game: Game, defined: dict[str, set[str]]) -> list[str]:
    own_page = page == root / "docs" / "games" / f"{game.page}.md"
    spans: dict[int, str] = {}  # line number -> the id whose entry it is in
    if own_page:
        for entry in entries(page):
            for offset in range(len(entry.body)):
                spans[entry.line + offset] = entry.id
    problems = []
    fenced = False
    relative = page.relative_to(root)
    for number, line in _lines(page):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or _HEADING.match(line) or _TARGET.match(line):
            continue
        for link in _LINK.finditer(line):
            text = link["text"] or link["ref_text"]
            target = link["target"] if link["text"] else f"#{link['ref_label']}"
            wanted = f"#{label(text)}"
            if link["text"] and not own_page:
                problems.append(f"{relative}:{number}: [{text}]({target}) only works on its page")
            elif target != wanted:
                problems.append(f"{relative}:{number}: {text} links to {target}, not {wanted}")
        bare = _LINK.sub(" ", line)
        for ruling in ids_in(bare):
            if spans.get(number) != ruling:
                problems.append(f"{relative}:{number}: {ruling} is not a link to its definition")
    return problems


def outside_citations(root: Path) -> list[str]:
    """Citations of the working papers or of paths outside the repository."""
    problems = []
    for path in _files(root):
        if path == Path(__file__).resolve():
            continue  # this file names the patterns it looks for
        relative = path.relative_to(root)
        for number, line in _lines(path):
            for pattern in _OUTSIDE:
                for found in pattern.finditer(line):
                    problems.append(f"{relative}:{number}: cites {found.group()!r}")
            if path.suffix == ".md":
                for found in _RELATIVE_PATH.finditer(line):
                    target = (path.parent / found.group()).resolve()
                    if not target.is_relative_to(root.resolve()):
                        problems.append(f"{relative}:{number}: path {found.group()!r} is outside")
    return problems


# The checks on the repository.


@pytest.mark.parametrize("game", GAMES, ids=[game.page for game in GAMES])
def test_each_game_page_defines_its_rulings(game: Game) -> None:
    page = ROOT / "docs" / "games" / f"{game.page}.md"
    problems = malformed_entries(page)
    assert [] == problems, "\n".join(problems)
    defined = {entry.id for entry in entries(page)}
    assert any(ruling.startswith(game.prefix) for ruling in defined)


def test_every_ruling_mentioned_is_defined() -> None:
    problems = undefined(ROOT)
    assert [] == problems, "\n".join(problems)


def test_no_ruling_is_defined_twice() -> None:
    problems = defined_twice(ROOT)
    assert [] == problems, "\n".join(problems)


def test_every_definition_has_its_parts() -> None:
    problems = incomplete_entries(ROOT)
    assert [] == problems, "\n".join(problems)


def test_game_and_api_pages_link_every_mention() -> None:
    problems = unlinked(ROOT)
    assert [] == problems, "\n".join(problems)


def test_nothing_cites_a_file_outside_the_repository() -> None:
    problems = outside_citations(ROOT)
    assert [] == problems, "\n".join(problems)


# The checks themselves, on a small made-up tree.

_PAGE = """# A game

## Rules summary

The first player must play ([A-MAG-1](#ruling-a-mag-1)), see also A-MAG-2.

(magellan-rulings)=
## Rulings where the rulebook is silent

(ruling-a-mag-1)=
### A-MAG-1: a ruling

**Rulebook** (Somewhere): "a sentence".

**Engine:** what it does, as A-MAG-1 says.

**Why:** a reason.

(ruling-e14)=
### E14: a correction

**Rulebook** (Somewhere): "a sentence".

**Engine:** what it does.

## Hidden information

Nothing here.
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "docs" / "games").mkdir(parents=True)
    (tmp_path / "docs" / "games" / "magellan-elcano.md").write_text(_PAGE, encoding="utf-8")
    package = tmp_path / "src" / "boardgames" / "games" / "magellan_elcano"
    package.mkdir(parents=True)
    (package / "rules.py").write_text(
        '"""Rules (A-MAG-1, E14)."""\n\nX = 1  # A-MAG-1/3\nimport os  # noqa: E402\n',
        encoding="utf-8",
    )
    tests = tmp_path / "tests" / "games" / "morrigan"
    tests.mkdir(parents=True)
    (tests / "test_x.py").write_text('"""Uses E14 and E5-E6."""\n', encoding="utf-8")
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "x.py").write_text("# E14, E7\n", encoding="utf-8")
    return tmp_path


def test_ids_in_expands_ranges() -> None:
    text = "A-MMM-1 to A-MMM-3, E6-E8, A-MAG-1/2, E10 - A-MMM-7, E402x and A-IRA-47"
    expected = ["A-MMM-1", "A-MMM-2", "A-MMM-3", "E6", "E7", "E8", "A-MAG-1", "A-MAG-2"]
    assert [*expected, "E10", "A-MMM-7", "A-IRA-47"] == list(ids_in(text))


def test_the_check_names_each_undefined_id(tree: Path) -> None:
    entry, correction = entries(tree / "docs" / "games" / "magellan-elcano.md")
    assert ("A-MAG-1", 10) == (entry.id, entry.line)
    assert "E14" == correction.id
    assert [
        "docs/games/magellan-elcano.md:5: A-MAG-2 is not defined on docs/games/magellan-elcano.md",
        "examples/x.py:1: E7 is not defined on any game page",
        "src/boardgames/games/magellan_elcano/rules.py:3: A-MAG-2 is not defined on "
        "docs/games/magellan-elcano.md",
        "src/boardgames/games/magellan_elcano/rules.py:3: A-MAG-3 is not defined on "
        "docs/games/magellan-elcano.md",
        "tests/games/morrigan/test_x.py:1: E14 is not defined on docs/games/morrigan.md",
        "tests/games/morrigan/test_x.py:1: E5 is not defined on docs/games/morrigan.md",
        "tests/games/morrigan/test_x.py:1: E6 is not defined on docs/games/morrigan.md",
    ] == sorted(undefined(tree))


def test_the_check_finds_incomplete_and_unlinked_entries(tree: Path) -> None:
    assert ["magellan-elcano:19: E14 has no **Why:**"] == [
        problem for problem in incomplete_entries(tree) if "Why" in problem
    ]
    assert ["magellan-elcano:19: E14 has no **Correction"] == [
        problem for problem in incomplete_entries(tree) if "Correction" in problem
    ]
    assert ["docs/games/magellan-elcano.md:5: A-MAG-2 is not a link to its definition"] == unlinked(
        tree
    )


def test_the_check_finds_a_malformed_target(tree: Path) -> None:
    page = tree / "docs" / "games" / "magellan-elcano.md"
    page.write_text(_PAGE.replace("### A-MAG-1: a ruling", "### A ruling"), encoding="utf-8")
    assert [f"{page}:10: ruling-a-mag-1 is not before its heading"] == malformed_entries(page)
    assert ["E14"] == [entry.id for entry in entries(page)]


def test_the_check_finds_outside_citations(tree: Path) -> None:
    page = tree / "docs" / "games" / "morrigan.md"
    working_paper = "RUL" + "INGS"
    page.write_text(
        f"See {working_paper} §3.2 and [the book](../../../shared/rulebooks/x.txt).\n"
        "In the repository: ../../examples/x.py.\n",
        encoding="utf-8",
    )
    assert [
        f"docs/games/morrigan.md:1: cites '{working_paper}'",
        "docs/games/morrigan.md:1: cites '../shared'",
        "docs/games/morrigan.md:1: cites '§3'",
        "docs/games/morrigan.md:1: path '../../../shared/rulebooks/x.txt' is outside",
    ] == outside_citations(tree)

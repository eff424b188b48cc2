"""The HTML replay in a real browser: Debian's chromium, headless, driven by Playwright.

Skipped when Playwright or ``/usr/bin/chromium`` is missing, unless the environment sets
``BOARDGAMES_REQUIRE_EXTRAS=1`` (as ``.ci/run`` does), which turns the skip into a failure
(see ``tests/conftest.py``).
Each test writes a screenshot to ``build/test-artifacts/``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames.viewer import replay_html

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "test-artifacts"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
GAMES = [
    ("magellan-elcano", 3, 4),
    ("morrigan", 2, 2),
    ("kincses-sziget", 3, 5),
    ("morgans-magic-map", 2, 3),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    pytest.importorskip(
        "playwright.sync_api",
        reason="needs the optional package playwright (uv sync --group dev installs it)",
    )
    if shutil.which(CHROMIUM) is None:
        pytest.skip(f"needs the optional package chromium: {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.mark.parametrize(("name", "players", "seed"), GAMES, ids=[game[0] for game in GAMES])
def test_the_replay_steps_through_a_whole_game(
    browser: Any, tmp_path: Path, name: str, players: int, seed: int
) -> None:
    """The replay of a whole game works in the browser.

    The page loads without console errors or requests; stepping changes the picture and
    the move text; the slider and the arrow keys move too; the last step shows the final
    scores.
    """
    game = boardgames.make(name, players=players)
    record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
    path = tmp_path / f"{name}.html"
    path.write_text(replay_html(record, seat=0), encoding="utf-8")
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    problems: list[str] = []

    def console(message: Any) -> None:
        if message.type in ("error", "warning"):
            problems.append(f"console {message.type}: {message.text}")

    def request(sent: Any) -> None:
        if sent.url != path.as_uri():
            problems.append(f"the page asked for {sent.url}")

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("request", request)
    page.goto(path.as_uri())

    def seen() -> tuple[str, str, str]:
        return (
            page.inner_html("#picture"),
            page.inner_text("#move"),
            page.inner_text("#step"),
        )

    first = seen()
    assert first[0].startswith("<svg")
    assert first[1] == "the game begins"
    assert page.is_disabled("#previous")
    steps = [first]
    for _ in range(3):
        page.click("#next")
        steps.append(seen())
    assert len({picture for picture, _, _ in steps}) > 1, "the picture never changed"
    assert len({move for _, move, _ in steps}) > 1, "the move text never changed"
    page.keyboard.press("ArrowLeft")
    assert seen() == steps[2]
    page.keyboard.press("End")
    assert page.is_disabled("#next")
    ending = page.inner_text("#ending")
    assert ending.startswith("game over")
    assert "seat" in ending
    cells = page.locator("#scores tr").all_inner_texts()
    assert len(cells) == players
    for seat, row in enumerate(cells):
        name_cell, score, place = row.split("\t")
        assert name_cell.startswith(f"seat {seat}")
        assert float(score) == record.scores[seat]
        assert int(place) == record.ranking[seat]
    page.eval_on_selector(
        "#slider", "slider => { slider.value = '1'; slider.dispatchEvent(new Event('input')); }"
    )
    assert seen() == steps[1]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.keyboard.press("End")
    page.screenshot(path=str(ARTIFACTS / f"replay-{name}.png"), full_page=True)
    page.close()
    assert problems == []

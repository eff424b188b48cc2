"""The HTML replay page, read as text: self-contained, and honest about a seat's view."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import boardgames
from boardgames.viewer import replay_html


def _data(page: str) -> dict[str, Any]:
    found = re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found[1])
    return data


def _picture(data: dict[str, Any], frame: dict[str, Any]) -> str:
    return "\n".join(data["lines"][line] for line in data["pictures"][frame["picture"]])


def _record(name: str, players: int, seed: int) -> boardgames.GameRecord:
    game = boardgames.make(name, players=players)
    return boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)


@pytest.mark.parametrize(
    "name", ["magellan-elcano", "morrigan", "kincses-sziget", "morgans-magic-map"]
)
def test_the_page_needs_nothing_from_outside(name: str) -> None:
    page = replay_html(_record(name, 2, 1))
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(
        r"<(link|img|iframe)\b|\bsrc=|@import|https?://(?!www\.w3\.org/2000/svg)", page
    )
    assert 2 == page.count("<script")  # the data and the player, both inline


def test_the_whole_table_shows_every_move_and_the_scores_at_each_step() -> None:
    record = _record("magellan-elcano", 3, 2)
    game = record.make_game()
    data = _data(replay_html(record))
    frames = data["frames"]
    assert len(record.actions) + 1 == len(frames)
    states = list(boardgames.replay(record))
    for frame, state in zip(frames, states, strict=True):
        assert _picture(data, frame) == boardgames.render_svg(game, state)
        assert list(game.score(state)) == frame["scores"]
    assert [frame["move"] for frame in frames[1:]] == [str(action) for action in record.actions]
    assert frames[-1]["last"]
    assert not any(frame["last"] for frame in frames[:-1])


def test_a_seat_sees_its_pictures_the_moves_as_told_and_no_scores_until_the_end() -> None:
    """A seat's replay shows only what the seat was shown.

    In Kincses Sziget cards added to a battle composition are not announced to the others
    (their number is secret), so those moves fold into the step before.
    """
    record = _record("kincses-sziget", 3, 5)
    game = record.make_game()
    assert isinstance(game, boardgames.DescribesActions)
    data = _data(replay_html(record, seat=1))
    frames = data["frames"]
    states = list(boardgames.replay(record))
    told = {}
    for number, (state, action) in enumerate(zip(states, record.actions, strict=False)):
        mover = game.current_player(state)
        assert mover is not None
        told[number + 1] = game.describe_action(game.observe(state, mover), action, 1)
    hidden = [number for number, text in told.items() if text is None]
    assert hidden, "the seed should hide some move from seat 1"
    assert len(frames) < len(states)
    for frame in frames:
        state = states[frame["step"]]
        assert _picture(data, frame) == boardgames.render_svg(game, state, seat=1)
        if frame["step"]:
            assert told[frame["step"]] == frame["move"] or told[frame["step"]] is None
    assert all(frame["scores"] is None for frame in frames[:-1])
    assert list(record.scores) == frames[-1]["scores"]


def test_text_that_could_end_the_script_is_escaped() -> None:
    page = replay_html(_record("magellan-elcano", 2, 1), title="</script><b>x</b>")
    assert "<title>&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;</title>" in page
    assert _data(page)["frames"]


def test_bad_arguments_are_refused() -> None:
    record = _record("magellan-elcano", 2, 1)
    with pytest.raises(boardgames.ConfigurationError, match="expected a GameRecord"):
        replay_html("game.json")  # type: ignore[arg-type]
    with pytest.raises(boardgames.ConfigurationError, match="seat"):
        replay_html(record, seat=2)

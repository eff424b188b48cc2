"""The identity-keyed caches the hot paths share (``boardgames.core._memo``)."""

from __future__ import annotations

import pytest

from boardgames.core._memo import LastOne, Recent


def test_last_one_answers_only_for_the_same_object_and_forgets_the_one_before() -> None:
    last: LastOne[list[int], str] = LastOne()
    first, second = [1], [1]
    assert last.get(first) is None
    last.put(first, "a")
    assert "a" == last.get(first)
    assert last.get(second) is None  # equal, not the same
    last.put(second, "b")
    assert (None, "b") == (last.get(first), last.get(second))


def test_recent_keeps_several_and_starts_again_when_full() -> None:
    recent: Recent[list[int], int] = Recent(2)
    keys = [[0], [1], [2]]
    recent.put(keys[0], 0)
    recent.put(keys[1], 1)
    assert (0, 1) == (recent.get(keys[0]), recent.get(keys[1]))
    assert recent.get([0]) is None
    recent.put(keys[2], 2)  # full: emptied first
    assert (None, None, 2) == tuple(recent.get(key) for key in keys)


def test_recent_keeps_its_keys_alive_so_an_id_is_never_answered_for_another_object() -> None:
    recent: Recent[object, int] = Recent(8)
    for value in range(8):
        recent.put(object(), value)  # each key dies here but for the cache's reference
    assert all(recent.get(object()) is None for _ in range(100))


def test_recent_needs_room_for_one_entry() -> None:
    with pytest.raises(ValueError, match="at least 1 entry, not 0"):
        Recent(0)

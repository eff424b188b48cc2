"""The shared converter pieces: quick history hooks that fall back on the strict ones."""

from __future__ import annotations

from typing import Any

import cattrs
import pytest

from boardgames import History
from boardgames.core.codec import configure_history_hooks, make_converter

_TYPE = History[tuple[int, str]]


def _converter(calls: list[object]) -> cattrs.Converter:
    converter = make_converter()

    def read_entry(item: Any) -> tuple[int, str] | None:
        calls.append(item)
        if type(item) is list and len(item) == 2 and type(item[0]) is int:
            if item[1] == "raise":
                raise ValueError("unusual")
            if type(item[1]) is str:
                return (item[0], item[1])
        return None

    def write_history(history: History[tuple[int, str]]) -> list[Any] | None:
        if any(seat < 0 for seat, _ in history):
            return None
        return [[seat, text.upper()] for seat, text in history]

    configure_history_hooks(converter, _TYPE, read_entry=read_entry, write_history=write_history)
    return converter


def test_usual_entries_are_read_by_the_quick_hook() -> None:
    calls: list[object] = []
    history = _converter(calls).structure([[0, "a"], [1, "b"]], _TYPE)
    assert History([(0, "a"), (1, "b")]) == history
    assert 2 == len(calls)


@pytest.mark.parametrize("item", [[0, 5], [0, "raise"], "x"])
def test_an_unusual_entry_sends_the_whole_history_to_the_strict_hook(item: object) -> None:
    converter = _converter([])
    if item == [0, "raise"]:
        # The strict hook accepts it: the quick hook only declined it.
        assert History([(1, "a"), (0, "raise")]) == converter.structure([[1, "a"], item], _TYPE)
        return
    with pytest.raises(cattrs.IterableValidationError):
        converter.structure([[1, "a"], item], _TYPE)


def test_a_history_that_is_not_a_list_is_refused_by_the_strict_hook() -> None:
    with pytest.raises(TypeError):
        _converter([]).structure({"a": 1}, _TYPE)


def test_writing_uses_the_quick_hook_unless_it_declines() -> None:
    converter = _converter([])
    assert [[0, "A"]] == converter.unstructure(History([(0, "a")]), _TYPE)
    assert [(-1, "a")] == converter.unstructure(History([(-1, "a")]), _TYPE)  # the generic hook

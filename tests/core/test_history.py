"""The persistent history: a read-only sequence, equal and hashed by entries, shared on append."""

from __future__ import annotations

import copy
import json
import pickle

import attrs
import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames import History
from boardgames.core.codec import make_converter
from boardgames.core.history import CHUNK

entries = st.lists(st.integers(-5, 5), max_size=5 * CHUNK)


def grown(items: list[int], origin: str | None = None) -> History[int]:
    history: History[int] = History(origin=origin)
    for item in items:
        history = history.append(item)
    return history


@given(entries)
def test_behaves_as_the_tuple_of_its_entries(items: list[int]) -> None:
    for history in (History(items), grown(items)):
        assert len(items) == len(history)
        assert items == list(history)
        assert items[::-1] == list(reversed(history))
        assert items == [history[index] for index in range(len(items))]
        assert items == [history[index - len(items)] for index in range(len(items))]
        assert tuple(items[3:-2:2]) == history[3:-2:2]
        for probe in (0, 5, 6):
            assert (probe in items) == (probe in history)
            assert items.count(probe) == history.count(probe)


@given(entries, entries)
def test_equal_and_hashed_by_entries_however_built(first: list[int], second: list[int]) -> None:
    built, appended = History(first), grown(first)
    assert built == appended
    assert hash(built) == hash(appended)
    assert (first == second) == (History(first) == History(second))
    assert (first != second) == (History(first) != History(second))


def test_append_leaves_the_original_unchanged_and_shares_its_entries() -> None:
    base = grown(list(range(3 * CHUNK + 2)))
    left, right = base.append(-1), base.append(-2)
    assert list(range(3 * CHUNK + 2)) == list(base)
    assert [*range(3 * CHUNK + 2), -1] == list(left)
    assert [*range(3 * CHUNK + 2), -2] == list(right)
    assert left != right
    # The frozen chunks are the very same objects; the first append writes into the shared
    # buffer, the branch copies the few entries of the last chunk.
    assert left._chunks is base._chunks is right._chunks
    assert left._tail is base._tail
    assert right._tail is not base._tail
    assert [*range(3 * CHUNK + 2), -1, 7] == list(left.append(7))
    assert [*range(3 * CHUNK + 2), -2, 8] == list(right.append(8))
    assert [*range(3 * CHUNK + 2), -1] == list(left)


@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 9)), max_size=60))
def test_any_tree_of_appends_keeps_every_history_intact(steps: list[tuple[int, int]]) -> None:
    """Appending to any earlier history, in any order, never changes what another one holds."""
    histories: list[History[int]] = [History()]
    expected: list[list[int]] = [[]]
    for parent, entry in steps:
        index = parent % len(histories)
        histories.append(histories[index].append(entry))
        expected.append([*expected[index], entry])
        for history, entries in zip(histories, expected, strict=True):
            assert entries == list(history)
            assert History(entries) == history


def test_never_equals_a_tuple_or_list() -> None:
    assert History([1, 2]) != (1, 2)
    assert History([1, 2]) != [1, 2]
    assert History() != ()


@pytest.mark.parametrize("index", [2, -3, 10**20])
def test_index_out_of_range_says_so(index: int) -> None:
    with pytest.raises(IndexError, match=r"history index .* out of range for 2 entries"):
        History([1, 2])[index]


def test_hashing_a_long_history_does_not_recurse() -> None:
    history = History(range(200_000))
    assert hash(history) == hash(History(range(len(history))))


def test_pickles_and_copies_flat() -> None:
    history = grown(list(range(5 * CHUNK + 3)))
    assert history == pickle.loads(pickle.dumps(history))
    assert history == copy.deepcopy(history)
    assert history is copy.copy(history) or history == copy.copy(history)


def test_repr_is_a_constructor_call() -> None:
    assert "History([1, 'a'])" == repr(History([1, "a"]))


@attrs.frozen
class _Holder:
    history: History[tuple[int, str]]


def test_json_is_a_plain_list_of_entries() -> None:
    converter = make_converter()
    holder = _Holder(History([(0, "a"), (1, "b")]))
    data = json.loads(json.dumps(converter.unstructure(holder)))
    assert {"history": [[0, "a"], [1, "b"]]} == data
    assert holder == converter.structure(data, _Holder)


def test_an_origin_is_kept_by_every_append_and_compared() -> None:
    history = History([1], origin="round 3")
    later = grown([1, *range(2 * CHUNK)], origin="round 3")
    assert history.origin == "round 3"
    assert later.origin == "round 3"
    assert history.append(0).origin == "round 3"
    assert History([1]) != history
    assert History([1], origin="round 2") != history
    assert History([1], origin="round 3") == history
    assert hash(History([1], origin="round 3")) == hash(history)
    assert later == pickle.loads(pickle.dumps(later))
    assert "History([1], origin='round 3')" == repr(history)
    assert History().origin is None


def test_json_of_a_history_with_an_origin_is_an_object() -> None:
    converter = make_converter()
    holder = _Holder(History([(0, "a")], origin="round 3"))
    data = json.loads(json.dumps(converter.unstructure(holder)))
    assert {"history": {"origin": "round 3", "entries": [[0, "a"]]}} == data
    assert holder == converter.structure(data, _Holder)


@pytest.mark.parametrize(
    "bad",
    [
        "ab",
        {"0": "a"},
        [[0, 1]],
        [["0", "a"]],
        {"origin": 3, "entries": []},
        {"origin": "x", "entries": {}},
        {"origin": "x"},
    ],
)
def test_json_of_the_wrong_shape_is_refused(bad: object) -> None:
    converter = make_converter()
    with pytest.raises(cattrs.BaseValidationError):
        converter.structure({"history": bad}, _Holder)

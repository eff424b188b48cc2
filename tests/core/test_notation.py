"""The position notation's reader: lines, tokens and where they stand."""

from __future__ import annotations

import pytest

from boardgames import NotationError
from boardgames.core.notation import header, lines
from boardgames.games.kincses_sziget import KincsesSziget
from boardgames.games.morgans_magic_map import MorgansMagicMap


def test_words_keep_their_line_and_column_and_comments_are_dropped() -> None:
    first, second = lines("round 2   # the second\n\n  seat 1 at 3")
    assert [(t.text, t.line, t.column) for t in first.rest()] == [("round", 1, 1), ("2", 1, 7)]
    assert (3, 3) == (second.number, second.take("a keyword").column)


def test_a_line_that_ends_with_a_comma_goes_on_with_the_next_one() -> None:
    [line, last] = lines("hand A,\n  # a comment between\n  B, C\nround 1")
    assert ["hand", "A,", "B,", "C"] == [token.text for token in line.rest()]
    assert (1, 3, 3) == (line.number, line.tokens[2].line, line.tokens[2].column)
    assert "round" == last.take("a keyword").text


def test_the_end_of_a_continued_line_is_on_its_last_text_line() -> None:
    [line] = lines("hand A,\n     B")
    line.rest()
    with pytest.raises(NotationError, match="line 2, column 7: expected a card") as caught:
        line.take("a card")
    assert (2, 7) == (caught.value.line, caught.value.column)


def test_a_text_that_is_no_str_is_refused() -> None:
    with pytest.raises(NotationError, match="must be a str, not bytes"):
        lines(b"round 1")  # type: ignore[arg-type]


def test_a_game_reads_a_list_written_over_two_lines() -> None:
    kincses = KincsesSziget(players=2)
    one = kincses.parse_position("kincses-sziget players 2\nseat 0 hand Tim Cook, gambling game")
    two = kincses.parse_position("kincses-sziget players 2\nseat 0 hand Tim Cook,\n  gambling game")
    assert one == two
    morgan = MorgansMagicMap(players=2)
    text = (
        "morgans-magic-map players 2\nturn 1\nseat 0 played The Biting Cave 0,\n The Green Tree 2"
    )
    assert morgan.parse_position(text) == morgan.parse_position(text.replace(",\n", ","))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected a position starting 'nim players N', found no text"),
        ("chess players 2", "line 1, column 1: expected the game's name 'nim', found 'chess'"),
        ("nim seats 2", "line 1, column 5: expected 'players', found 'seats'"),
        (
            "nim players 9",
            r"line 1, column 13: expected the number of players \(2 to 4\), found '9'",
        ),
        ("nim", "line 1, column 4: expected 'players', found the end of the line"),
    ],
)
def test_the_first_line_must_name_the_game_and_its_players(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        header(lines(text), "nim", 2, 4)


def test_the_first_line_leaves_its_other_words_to_the_game() -> None:
    first, players = header(lines("nim players 2 misere\nheap 3"), "nim", 2, 4)
    assert (2, "misere") == (players, first.take("an option").text)

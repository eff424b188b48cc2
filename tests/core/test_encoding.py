"""The shared action numbering and observation vectors (``boardgames.core.encoding``)."""

from __future__ import annotations

import enum

import attrs
import pytest

import boardgames
from boardgames.core.encoding import (
    ActionNumbering,
    GameEncoding,
    HasEncoding,
    Segment,
    segments,
)


class Suit(enum.Enum):
    RED = 1
    BLUE = 2


@attrs.frozen
class Play:
    card: int
    suit: Suit


@attrs.frozen
class Compose:
    pirate: int | None


@attrs.frozen
class Pass:
    pass


class Index:
    """An integer of another library, such as numpy's ``int32``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __int__(self) -> int:
        return self.value


NUMBERING: ActionNumbering[Play | Compose | Pass] = ActionNumbering(
    [(Play, {"card": range(3), "suit": Suit}), (Compose, {"pirate": (None, 0, 1)}), (Pass, {})]
)


def test_numbers_follow_the_classes_then_the_fields_most_significant_first() -> None:
    assert 10 == NUMBERING.size
    assert [0, 1, 2, 3] == [
        NUMBERING.encode(action)
        for action in (Play(0, Suit.RED), Play(0, Suit.BLUE), Play(1, Suit.RED), Play(1, Suit.BLUE))
    ]
    assert [6, 7, 8, 9] == [
        NUMBERING.encode(action) for action in (Compose(None), Compose(0), Compose(1), Pass())
    ]
    assert ((Play, 0, 6), (Compose, 6, 9), (Pass, 9, 10)) == NUMBERING.blocks


def test_every_number_decodes_to_the_action_that_encodes_to_it() -> None:
    for number in range(NUMBERING.size):
        assert number == NUMBERING.encode(NUMBERING.decode(number))
    assert Play(2, Suit.BLUE) == NUMBERING.decode(Index(5))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Play(True, Suit.RED), "card=True is not one of the 3 values"),
        (Play(1.0, Suit.RED), "card=1.0 is not one of the 3 values"),  # type: ignore[arg-type]
        (Play(3, Suit.RED), "card=3 is not one of the 3 values"),
        (Play(1, 1), "suit=1 is not one of the 2 values"),  # type: ignore[arg-type]
        ("Pass()", "not one of Play, Compose, Pass"),
    ],
)
def test_values_outside_the_domains_have_no_number(action: object, message: str) -> None:
    with pytest.raises(boardgames.IllegalActionError, match=message) as caught:
        NUMBERING.encode(action)  # type: ignore[arg-type]
    assert caught.value.action is action


@pytest.mark.parametrize("number", [-1, 10, True, 1.0, "1", None])
def test_numbers_out_of_range_or_of_another_type_are_refused(number: object) -> None:
    with pytest.raises(boardgames.IllegalActionError, match="action number"):
        NUMBERING.decode(number)  # type: ignore[arg-type]


def test_a_numbering_must_name_every_field_with_a_proper_domain() -> None:
    with pytest.raises(boardgames.ConfigurationError, match="its fields are"):
        ActionNumbering([(Play, {"card": range(3)})])
    with pytest.raises(boardgames.ConfigurationError, match="hold each value once"):
        ActionNumbering([(Compose, {"pirate": (1, 1)})])


def _encoding() -> GameEncoding[Play | Compose | Pass, tuple[int, ...]]:
    def write(observation: tuple[int, ...], out: list[float]) -> None:
        for index, value in enumerate(observation):
            out[index] = float(value)

    return GameEncoding(NUMBERING, segments(("a", 2, "first"), ("b", 1, "second")), write)  # type: ignore[arg-type]


def test_the_mask_and_the_legal_action_of_a_number() -> None:
    encoding = _encoding()
    legal: list[Play | Compose | Pass] = [Pass(), Play(1, Suit.RED)]
    assert [0, 0, 1, 0, 0, 0, 0, 0, 0, 1] == encoding.legal_mask(legal)
    assert legal[1] is encoding.legal_action(legal, 2)
    with pytest.raises(
        boardgames.IllegalActionError, match=r"action number 3 .* legal numbers: 2, 9"
    ):
        encoding.legal_action(legal, 3)


def test_observations_are_written_into_a_buffer_of_the_right_size() -> None:
    encoding = _encoding()
    assert 3 == encoding.observation_size
    assert [1.0, 2.0, 3.0] == encoding.encode_observation((1, 2, 3))
    buffer = [9.0, 9.0, 9.0]
    assert buffer is encoding.encode_observation((4,), buffer)
    assert [4.0, 0.0, 0.0] == buffer  # zeroed first
    with pytest.raises(boardgames.ConfigurationError, match="the buffer has 2 entries"):
        encoding.encode_observation((1,), [0.0, 0.0])


def test_a_layout_has_no_gaps() -> None:
    with pytest.raises(boardgames.ConfigurationError, match="starts at 3, expected 2"):
        GameEncoding(NUMBERING, (Segment("a", 0, 2, ""), Segment("b", 3, 4, "")), print)


@pytest.mark.parametrize(
    "name", ["magellan-elcano", "morrigan", "morgans-magic-map", "kincses-sziget"]
)
def test_every_game_has_an_encoding_built_once(name: str) -> None:
    game = boardgames.make(name)
    assert isinstance(game, HasEncoding)
    assert game.encoding is game.encoding
    assert game.encoding.observation_size == game.encoding.layout[-1].stop


def test_a_numpy_buffer_is_zeroed_and_written_in_place() -> None:
    numpy = pytest.importorskip(
        "numpy", reason="needs the optional package numpy (uv sync --group dev installs it)"
    )
    encoding = _encoding()
    buffer = numpy.full(3, 7.0, dtype=numpy.float32)
    assert buffer is encoding.encode_observation((5,), buffer)
    assert [5.0, 0.0, 0.0] == [float(value) for value in buffer]


def test_an_encoding_pickles_with_its_numbering_and_writer() -> None:
    import pickle

    game = boardgames.make("magellan-elcano", 3)
    assert isinstance(game, HasEncoding)
    copy = pickle.loads(pickle.dumps(game.encoding))
    observation = game.observe(game.new_game(4), 1)
    assert list(copy.encode_observation(observation)) == list(
        game.encoding.encode_observation(observation)
    )
    assert copy.num_distinct_actions == game.encoding.num_distinct_actions

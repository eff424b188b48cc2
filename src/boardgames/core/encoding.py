"""Integer actions and numeric observations: what learning libraries need from a game.

A learning agent sees a game through two fixed-size interfaces:

* an **action space** ``0 .. num_distinct_actions - 1``: every action the game can ever
  offer in this configuration has one number, and a *mask* marks the legal ones;
* an **observation vector** of ``observation_size`` numbers, computed from an
  :class:`Observation <boardgames.core.standard.Knowledge>` alone (so it cannot hold
  anything the player does not know), with a documented *layout*: which slice holds
  which fact.

A game supplies both through its ``encoding`` module (see :class:`Encoder`), and
:attr:`StandardGame.encoding <boardgames.core.standard.StandardGame.encoding>` wraps it
as a :class:`GameEncoding` for one configuration. Most games number their actions with
:class:`ActionNumbering`, which gives each action class a block of numbers and each
field a mixed-radix digit, so the numbering follows from the classes and the ranges of
their fields, in the order given.

Nothing here needs numpy. :meth:`GameEncoding.encode_observation` writes into any
mutable sequence of numbers, a preallocated ``numpy`` array included, so an adapter can
reuse one buffer for every step.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from boardgames.core.errors import ConfigurationError, IllegalActionError

__all__ = [
    "ActionNumbering",
    "Encoder",
    "GameEncoding",
    "HasEncoding",
    "Segment",
    "encoding_of",
    "segments",
]

ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")
ObservationT_contra = TypeVar("ObservationT_contra", contravariant=True)
ConfigurationT_contra = TypeVar("ConfigurationT_contra", contravariant=True)

_MAX_SHOWN = 200


def _shown(value: object) -> str:
    """``repr`` of a value for a message, cut to a readable length."""
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"
    return text if len(text) <= _MAX_SHOWN else text[:_MAX_SHOWN] + "..."


@attrs.frozen
class Segment:
    """One slice of an observation vector and the fact it holds.

    Args:
        name: A short identifier, such as ``"hand"`` or ``"scores"``.
        start: The first index of the slice.
        stop: One past its last index.
        description: What the numbers mean, for the game's docs.
    """

    name: str
    start: int
    stop: int
    description: str

    @property
    def size(self) -> int:
        """The number of entries of the slice."""
        return self.stop - self.start


def _digits(domain: Sequence[object]) -> dict[tuple[type, object], int]:
    return {(type(value), value): index for index, value in enumerate(domain)}


@attrs.frozen(eq=False)
class _Block:
    cls: type
    start: int
    names: tuple[str, ...]
    domains: tuple[tuple[object, ...], ...]
    digits: tuple[dict[tuple[type, object], int], ...]
    size: int


class ActionNumbering(Generic[ActionT]):
    """A numbering of every action of a configuration, class by class and field by field.

    Each action class gets a block of consecutive numbers, in the order given; within a
    block, the action's fields are the digits of a mixed-radix number, the first field
    the most significant, each digit the index of the field's value in its domain. A
    class without fields is one number.

    >>> import attrs
    >>> @attrs.frozen
    ... class Take:
    ...     count: int
    >>> @attrs.frozen
    ... class Pass:
    ...     pass
    >>> numbering = ActionNumbering([(Take, {"count": range(1, 4)}), (Pass, {})])
    >>> numbering.size, numbering.encode(Take(2)), numbering.decode(3)
    (4, 1, Pass())

    A value is found in a domain by its type as well as its value, so ``True`` is not
    the number 1 and ``1.0`` is not 1.

    Args:
        classes: Each action class with the domain of each of its fields (every field
            of the class, by name; an enum class stands for its members in order).

    Raises:
        ConfigurationError: A field is missing or unknown, or a domain is empty or holds
            a value twice.
    """

    def __init__(
        self, classes: Iterable[tuple[type, dict[str, Iterable[object] | type[enum.Enum]]]]
    ) -> None:
        blocks: list[_Block] = []
        start = 0
        for cls, fields in classes:
            names = tuple(field.name for field in attrs.fields(cls))
            if set(names) != set(fields):
                raise ConfigurationError(
                    f"the domains of {cls.__name__} name {sorted(fields)}; "
                    f"its fields are {list(names)}"
                )
            domains = tuple(tuple(fields[name]) for name in names)
            digits = tuple(_digits(domain) for domain in domains)
            for name, domain, digit in zip(names, domains, digits, strict=True):
                if not domain or len(digit) != len(domain):
                    raise ConfigurationError(
                        f"the domain of {cls.__name__}.{name} must be non-empty and "
                        "hold each value once"
                    )
            size = math.prod(len(domain) for domain in domains)
            blocks.append(_Block(cls, start, names, domains, digits, size))
            start += size
        self._blocks = tuple(blocks)
        self._by_class = {block.cls: block for block in blocks}
        self._size = start

    @property
    def size(self) -> int:
        """The number of distinct actions."""
        return self._size

    @property
    def blocks(self) -> tuple[tuple[type, int, int], ...]:
        """Each action class with the first number of its block and one past its last."""
        return tuple((block.cls, block.start, block.start + block.size) for block in self._blocks)

    def encode(self, action: ActionT) -> int:
        """Return the number of ``action``.

        Raises:
            IllegalActionError: ``action`` is not an action of this numbering (another
                class, or a field value outside its domain or of another type).
        """
        block = self._by_class.get(type(action))
        if block is None:
            names = [block.cls.__name__ for block in self._blocks]
            listed = ", ".join(names[:6]) + (
                f" and {len(names) - 6} more" if len(names) > 6 else ""
            )
            raise IllegalActionError(f"cannot number {_shown(action)}: not one of {listed}", action)
        number = 0
        for name, domain, digit in zip(block.names, block.domains, block.digits, strict=True):
            value = getattr(action, name)
            try:
                index = digit[(type(value), value)]
            except (KeyError, TypeError):
                raise IllegalActionError(
                    f"cannot number {_shown(action)}: {name}={_shown(value)} is not one of "
                    f"the {len(domain)} values its field takes",
                    action,
                ) from None
            number = number * len(domain) + index
        return block.start + number

    def decode(self, number: int) -> ActionT:
        """Return the action numbered ``number``.

        Raises:
            IllegalActionError: ``number`` is not an int from 0 to ``size - 1``.
        """
        if type(number) is not int and not _is_integer(number):
            raise IllegalActionError(
                f"action number {_shown(number)} must be an int from 0 to {self._size - 1}",
                number,
            )
        number = int(number)
        if not 0 <= number < self._size:
            raise IllegalActionError(
                f"action number {number} is out of range 0 to {self._size - 1}", number
            )
        for block in self._blocks:
            if number < block.start + block.size:
                break
        rest = number - block.start
        values: list[object] = []
        for domain in reversed(block.domains):
            rest, index = divmod(rest, len(domain))
            values.append(domain[index])
        values.reverse()
        action: ActionT = block.cls(*values)
        return action


def _is_integer(value: object) -> bool:
    """Whether ``value`` is an integer of another library (numpy's), not a bool."""
    index = getattr(type(value), "__index__", None)
    return index is not None and not isinstance(value, bool)


class Encoder(Protocol[ConfigurationT_contra, ActionT, ObservationT_contra]):
    """What a game's ``encoding`` module defines, for one configuration at a time."""

    def numbering(self, configuration: ConfigurationT_contra, /) -> ActionNumbering[ActionT]:
        """Return the action numbering of a configuration (built once and cached)."""
        ...

    def observation_layout(self, configuration: ConfigurationT_contra, /) -> tuple[Segment, ...]:
        """Return the slices of the observation vector, in order, without gaps."""
        ...

    def encode_observation(
        self,
        configuration: ConfigurationT_contra,
        observation: ObservationT_contra,
        out: MutableSequence[float],
        /,
    ) -> None:
        """Write the observation's numbers into ``out`` (zeroed, of the layout's size)."""
        ...


class GameEncoding(Generic[ActionT, ObservationT]):
    """The action numbering and the observation vector of one configured game.

    Build it with :attr:`StandardGame.encoding
    <boardgames.core.standard.StandardGame.encoding>`.

    Args:
        numbering: The action numbering.
        layout: The slices of the observation vector.
        write: Writes an observation into a zeroed buffer of the layout's size.
    """

    def __init__(
        self,
        numbering: ActionNumbering[ActionT],
        layout: tuple[Segment, ...],
        write: Callable[[ObservationT, MutableSequence[float]], None],
    ) -> None:
        position = 0
        for segment in layout:
            if segment.start != position or segment.stop < segment.start:
                raise ConfigurationError(
                    f"segment {segment.name!r} starts at {segment.start}, expected {position}"
                )
            position = segment.stop
        self._numbering = numbering
        self._layout = layout
        self._size = position
        self._write = write

    @property
    def num_distinct_actions(self) -> int:
        """The number of actions of this configuration, legal or not in any one state."""
        return self._numbering.size

    @property
    def numbering(self) -> ActionNumbering[ActionT]:
        """The numbering behind :meth:`encode_action` and :meth:`decode_action`."""
        return self._numbering

    @property
    def observation_size(self) -> int:
        """The length of an observation vector."""
        return self._size

    @property
    def layout(self) -> tuple[Segment, ...]:
        """The slices of an observation vector, in order."""
        return self._layout

    def encode_action(self, action: ActionT) -> int:
        """Return the number of ``action`` (see :meth:`ActionNumbering.encode`)."""
        return self._numbering.encode(action)

    def decode_action(self, number: int) -> ActionT:
        """Return the action numbered ``number`` (see :meth:`ActionNumbering.decode`)."""
        return self._numbering.decode(number)

    def legal_mask(self, legal: Iterable[ActionT]) -> list[int]:
        """Return a list of ``num_distinct_actions`` zeros with a 1 at each legal action.

        Args:
            legal: The legal actions, as ``legal_actions`` gives them.
        """
        if not isinstance(legal, Iterable):
            raise ConfigurationError(
                f"legal_mask takes the legal actions (a list), not {type(legal).__name__}"
            )
        mask = [0] * self._numbering.size
        for action in legal:
            mask[self._numbering.encode(action)] = 1
        return mask

    def legal_action(self, legal: Sequence[ActionT], number: int) -> ActionT:
        """Return the legal action numbered ``number``.

        Raises:
            IllegalActionError: ``number`` is out of range, or names an action that is not
                legal now; the message names the number, the action and what is legal.
        """
        action = self._numbering.decode(number)
        for candidate in legal:
            if candidate == action and type(candidate) is type(action):
                return candidate
        numbers = sorted(self._numbering.encode(candidate) for candidate in legal)
        shown = ", ".join(map(str, numbers[:20])) + (", ..." if len(numbers) > 20 else "")
        raise IllegalActionError(
            f"action number {int(number)} ({action}) is not legal now; legal numbers: "
            f"{shown or 'none (the game is over)'}",
            action,
        )

    def encode_observation(
        self, observation: ObservationT, out: MutableSequence[float] | None = None
    ) -> MutableSequence[float]:
        """Return the observation vector of ``observation``, written into ``out``.

        Args:
            observation: An observation of this configuration.
            out: A buffer of :attr:`observation_size` numbers to overwrite (a list or a
                numpy array), or ``None`` for a new list.

        Raises:
            ConfigurationError: ``out`` has the wrong length.
        """
        if out is None:
            out = [0.0] * self._size
        elif len(out) != self._size:
            raise ConfigurationError(
                f"the buffer has {len(out)} entries; the observation vector has {self._size}"
            )
        else:
            fill = getattr(out, "fill", None)  # a numpy array zeroes itself in place
            if fill is not None:
                fill(0.0)
            else:
                out[:] = [0.0] * self._size
        self._write(observation, out)
        return out


def segments(*parts: tuple[str, int, str]) -> tuple[Segment, ...]:
    """Lay out consecutive segments from ``(name, size, description)`` triples.

    >>> [(s.name, s.start, s.stop) for s in segments(("hand", 3, "cards"), ("turn", 1, "n"))]
    [('hand', 0, 3), ('turn', 3, 4)]
    """
    result = []
    start = 0
    for name, size, description in parts:
        result.append(Segment(name, start, start + size, description))
        start += size
    return tuple(result)


@runtime_checkable
class HasEncoding(Protocol):
    """A game with integer actions and numeric observations (every built-in game).

    The adapters for learning libraries take games that have it; the conformance kit
    checks it whenever a game has it.
    """

    @property
    def encoding(self) -> GameEncoding[Any, Any]:
        """The action numbering and observation vector of the configuration."""
        ...


def encoding_of(game: object) -> GameEncoding[Any, Any] | None:
    """Return ``game.encoding`` if the game has one, else ``None``.

    The one way the kit, the benchmark and the adapters ask. Not
    ``isinstance(game, HasEncoding)``: from Python 3.12 that looks the attribute up
    statically and misses games that delegate their attributes (``__getattr__``).
    """
    encoding = getattr(game, "encoding", None)
    return encoding if isinstance(encoding, GameEncoding) else None

"""Components looked up by their printed names, and printed back.

Each game's ``components`` module builds one :class:`ComponentNames` per kind of
component (crew cards, ocean cards, tiles, events) and offers a function such as
``components.crew_card("R2/B3")`` on top of it. The lookup forgives case and spacing
(``"r2/b3"`` and ``" R2/B3 "`` name the same card) and says which names are near when a
name is unknown::

    >>> from boardgames.core.names import ComponentNames
    >>> colours = ComponentNames("colour", {"red": 0, "blue": 1, "green": 2})
    >>> colours.get("Blue")
    1
    >>> colours.name(2)
    'green'
    >>> try:
    ...     colours.get("bleu")
    ... except LookupError as error:
    ...     print(error)
    unknown colour 'bleu'; did you mean 'blue'? (3 colours: 'red', 'blue', 'green')

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import difflib
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Generic, TypeVar

from boardgames.core.errors import UnknownComponentError

__all__ = ["ComponentNames", "by_id", "normal_name"]

C = TypeVar("C", bound=Hashable)

_SHOWN = 6
"""How many names an error message lists at most."""


def normal_name(text: str) -> str:
    """Return ``text`` as the lookup compares names: lower case, runs of spaces as one.

    >>> normal_name("  Red   5 ")
    'red 5'
    """
    return " ".join(text.split()).lower()


class ComponentNames(Generic[C]):
    """A two-way table between printed names and the components they name.

    Args:
        kind: What the components are, for messages (``"crew card"``).
        names: Each printed name and its component, in the order to list them. Two names
            that are the same once :func:`normal_name` has read them, or two names for one
            component, are a mistake in the table.

    Raises:
        ValueError: The table names something twice.
    """

    __slots__ = ("_by_component", "_by_name", "_kind")

    def __init__(self, kind: str, names: Mapping[str, C]) -> None:
        self._kind = kind
        self._by_name: dict[str, C] = {}
        self._by_component: dict[C, str] = {}
        for name, component in names.items():
            key = normal_name(name)
            if key in self._by_name:
                raise ValueError(f"{kind} name {name!r} is given twice")
            if component in self._by_component:
                raise ValueError(f"{kind} {component!r} has two names")
            self._by_name[key] = component
            self._by_component[component] = name

    @property
    def kind(self) -> str:
        """What the components are (``"crew card"``)."""
        return self._kind

    def get(self, name: str) -> C:
        """Return the component printed as ``name``.

        Raises:
            UnknownComponentError: No component has that name (or ``name`` is not text);
                the message lists the closest names.
        """
        if not isinstance(name, str):
            raise UnknownComponentError(
                f"{self._kind} name {name!r} has type {type(name).__name__}; expected str"
            )
        try:
            return self._by_name[normal_name(name)]
        except KeyError:
            pass
        shown = ", ".join(map(repr, list(self._by_component.values())[:_SHOWN]))
        more = ", ..." if len(self._by_name) > _SHOWN else ""
        close = difflib.get_close_matches(normal_name(name), self._by_name, n=3, cutoff=0.5)
        hint = ""
        if close:
            near = [repr(self._by_component[self._by_name[key]]) for key in close]
            hint = f"; did you mean {' or '.join(near)}?"
        raise UnknownComponentError(
            f"unknown {self._kind} {name[:200]!r}{hint} "
            f"({len(self._by_name)} {self._kind}s: {shown}{more})"
        )

    def name(self, component: C) -> str:
        """Return the printed name of ``component``.

        Raises:
            UnknownComponentError: ``component`` is not in the table.
        """
        try:
            return self._by_component[component]
        except (KeyError, TypeError):
            raise UnknownComponentError(f"{component!r} is not a {self._kind}") from None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and normal_name(name) in self._by_name

    def __iter__(self) -> Iterator[str]:
        """The printed names, in the table's order."""
        return iter(self._by_component.values())

    def __len__(self) -> int:
        return len(self._by_name)

    def __repr__(self) -> str:
        return f"<ComponentNames of {len(self)} {self._kind}s>"


def by_id(kind: str, components: Sequence[C], component: C | int) -> C:
    """Return ``component`` itself, or the component whose id (index) it is, if an ``int``.

    For the name functions of a game that accept a card or its id.

    >>> by_id("colour", ("red", "blue"), 1), by_id("colour", ("red", "blue"), "red")
    ('blue', 'red')

    Raises:
        UnknownComponentError: ``component`` is an ``int`` (or a ``bool``) that is no id.
    """
    if isinstance(component, int):
        if type(component) is int and 0 <= component < len(components):
            return components[component]
        raise UnknownComponentError(
            f"{kind} id {component!r} is not an id from 0 to {len(components) - 1}"
        )
    return component

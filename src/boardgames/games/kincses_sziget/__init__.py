"""Irány a Kincses Sziget! (2-4 players): race pirate ships to Treasure Island.

Every rule family of the rulebook is implemented: setup (weapon exchange, mission choice,
islands, pearl beds, event piles, rows), movement and anchoring, all twelve event kinds and
the island cards, pearl beds and pearl sales, the end of the game and the final scoring
with every mission. Card data the rulebook does not print are design defaults (see
:mod:`~boardgames.games.kincses_sziget.components`).

>>> from boardgames.games.kincses_sziget import KincsesSziget
>>> game = KincsesSziget(players=3)
>>> state = game.new_game(seed=7)
>>> game.current_player(state) in (0, 1, 2)
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, cast, get_args, get_type_hints

import attrs
import cattrs

from boardgames.core.codec import Codec, configure_tagged_action, make_converter
from boardgames.core.errors import InvalidStateError
from boardgames.core.guards import (
    check_seat,
    check_seed,
    describe_configuration,
    foreign_state,
    foreign_state_action,
)
from boardgames.core.history import History
from boardgames.core.protocol import GameInfo, OptionSpec, OptionValue, PlayerId
from boardgames.core.values import trusted_constructor
from boardgames.games.kincses_sziget import rules
from boardgames.games.kincses_sziget.actions import Action, PublicAction
from boardgames.games.kincses_sziget.components import ISLAND
from boardgames.games.kincses_sziget.observation import (
    IslandView,
    KincsesObservation,
    SeatView,
    observe,
    sample_state,
)
from boardgames.games.kincses_sziget.render import render_observation, render_state
from boardgames.games.kincses_sziget.state import HistoryEntry, KincsesState, Phase, Task

__all__ = [
    "Action",
    "HistoryEntry",
    "IslandView",
    "KincsesObservation",
    "KincsesState",
    "KincsesSziget",
    "Phase",
    "PublicAction",
    "SeatView",
    "Task",
]

_ACTION_CLASSES: tuple[type, ...] = get_args(Action)


def _check_observation(observation: KincsesObservation) -> None:
    if not 2 <= observation.players <= 4 or not 0 <= observation.player < observation.players:
        raise InvalidStateError(f"player={observation.player} is not a seat")
    if len(observation.seats) != observation.players:
        raise InvalidStateError("seats must have one entry per seat")
    try:
        state = sample_state(observation, 0)
    except InvalidStateError:
        raise
    except Exception as error:
        raise InvalidStateError(f"the observation is inconsistent: {error}") from error
    rules.check_state(state)


def _check_value(value: object) -> None:
    if isinstance(value, KincsesState):
        rules.check_state(value)
    elif isinstance(value, KincsesObservation):
        _check_observation(value)
    elif type(value) in _ACTION_CLASSES:
        rules.check_action_fields(value)


_RECENT_HISTORIES = 16


def _plain(value: object) -> object:
    if value.__class__ is tuple:
        return list(cast("tuple[object, ...]", value))
    if isinstance(value, enum.Enum):
        return value.name.lower()
    return value


def _entry_structurer(untag: Callable[[Any], Any]) -> Callable[[Any], HistoryEntry]:
    """Return a quick, strict structurer of one history entry, from its JSON.

    Nearly every entry has no field, or integer fields only, or a list of card ids: those
    are built directly, by trusted constructors (the classes have no validators; the
    state's check then checks every field), and an entry without fields is shared (it is
    an immutable value); the others go through ``untag``. Anything unexpected raises, so
    that the caller falls back to the generic path and its full error report.
    """
    shapes: dict[str, tuple[Callable[..., Any], tuple[str, ...], bool]] = {}
    shared: dict[str, PublicAction] = {}
    for cls in get_args(PublicAction):
        hints = get_type_hints(cls)
        names = tuple(field.name for field in attrs.fields(cls))
        build = trusted_constructor(cls)
        if not names:
            shared[cls.__name__] = cls()
        elif all(hints[name] is int for name in names):
            shapes[cls.__name__] = (build, names, False)
        elif len(names) == 1 and hints[names[0]] == tuple[int, ...]:
            shapes[cls.__name__] = (build, names, True)

    def structure_entry(item: Any) -> tuple[int, PublicAction]:
        if type(item) is not list or len(item) != 2 or type(item[0]) is not int:
            raise TypeError("an entry must be a list [seat, action]")
        data = item[1]
        tag = data["type"]
        value = shared.get(tag)
        if value is not None:
            if len(data) != 1:
                raise ValueError("unexpected fields")
            return item[0], value
        shape = shapes.get(tag)
        if shape is None:
            return item[0], cast("PublicAction", untag(data))
        build, names, cards = shape
        if len(data) != len(names) + 1:
            raise ValueError("unexpected fields")
        if len(names) == 1:
            field = data[names[0]]
            if cards:
                if type(field) is not list or not set(map(type, field)) <= {int}:
                    raise TypeError("cards must be a list of integers")
                return item[0], build(tuple(field))
            if type(field) is not int:
                raise TypeError("fields must be integers")
            return item[0], build(field)
        items = list(map(data.__getitem__, names))
        if not set(map(type, items)) <= {int}:
            raise TypeError("fields must be integers")
        return item[0], build(*items)

    return structure_entry


def _install_fast_hooks(converter: cattrs.Converter) -> None:
    """Register quick hooks for the state's bulky fields (same JSON as the generic ones).

    The history and the task stack are sequences of small tagged attrs values, and most
    fields are tuples of ints or of tuples of ints; the generic hooks handle them element
    by element through several layers of dispatch, which made ``dumps`` and ``loads`` of a
    late-game state slow.
    Structuring takes a quick path for well-formed input and falls back to the generic,
    fully reported path on anything unexpected.
    """
    history_type = History[HistoryEntry]
    tasks_type = tuple[Task, ...]
    for union, collection in ((PublicAction, history_type), (Task, tasks_type)):
        classes = get_args(union)
        names = {cls: tuple(field.name for field in attrs.fields(cls)) for cls in classes}
        by_tag = {cls.__name__: cls for cls in classes}
        hooks = {cls: converter.get_structure_hook(cls) for cls in classes}
        slow = converter.get_structure_hook(collection)

        def tagged(value: Any, names: dict[type, tuple[str, ...]] = names) -> dict[str, Any]:
            data = {name: _plain(getattr(value, name)) for name in names[value.__class__]}
            data["type"] = value.__class__.__name__
            return data

        def untag(
            data: Any,
            by_tag: dict[str, type] = by_tag,
            hooks: dict[type, Any] = hooks,
        ) -> Any:
            cls = by_tag[data["type"]]
            return hooks[cls]({key: item for key, item in data.items() if key != "type"}, cls)

        if collection is history_type:
            recent: dict[int, tuple[Any, list[Any]]] = {}

            def unstructure_history(
                values: Any, tagged: Any = tagged, recent: dict[int, Any] = recent
            ) -> list[Any]:
                # A state is often written many times in a row (the conformance kit writes
                # it before and after each refused action): remember the last histories.
                hit = recent.get(id(values))
                if hit is not None and hit[0] is values:
                    return list(hit[1])
                data = [[seat, tagged(entry)] for seat, entry in values]
                if len(recent) >= _RECENT_HISTORIES:
                    recent.clear()
                recent[id(values)] = (values, data)
                return list(data)

            entry = _entry_structurer(untag)

            def structure_history(
                values: Any, cls: Any, entry: Any = entry, slow: Any = slow
            ) -> Any:
                if type(values) is not list:
                    return slow(values, cls)
                try:
                    return History(list(map(entry, values)))
                except Exception:
                    return slow(values, cls)

            converter.register_unstructure_hook_func(
                lambda t: t == history_type, unstructure_history
            )
            converter.register_structure_hook_func(lambda t: t == history_type, structure_history)
        else:

            def unstructure_tasks(values: Any, tagged: Any = tagged) -> list[Any]:
                return [tagged(task) for task in values]

            def structure_tasks(values: Any, cls: Any, untag: Any = untag, slow: Any = slow) -> Any:
                try:
                    return tuple(untag(task) for task in values)
                except Exception:
                    return slow(values, cls)

            converter.register_unstructure_hook_func(lambda t: t == tasks_type, unstructure_tasks)
            converter.register_structure_hook_func(lambda t: t == tasks_type, structure_tasks)
    nested = tuple[tuple[int, ...], ...]
    optional = tuple[int | None, ...]
    slow_nested = converter.get_structure_hook(nested)
    slow_optional = converter.get_structure_hook(optional)

    def structure_nested(values: Any, cls: Any) -> Any:
        if type(values) is list and all(
            type(inner) is list and all(type(item) is int for item in inner) for inner in values
        ):
            return tuple(tuple(inner) for inner in values)
        return slow_nested(values, cls)

    def structure_optional(values: Any, cls: Any) -> Any:
        if type(values) is list and all(item is None or type(item) is int for item in values):
            return tuple(values)
        return slow_optional(values, cls)

    converter.register_unstructure_hook_func(
        lambda t: t == nested, lambda values: [list(inner) for inner in values]
    )
    converter.register_structure_hook_func(lambda t: t == nested, structure_nested)
    converter.register_unstructure_hook_func(lambda t: t == optional, list)
    converter.register_structure_hook_func(lambda t: t == optional, structure_optional)
    for flat, item_type in ((tuple[int, ...], int), (tuple[bool, ...], bool)):
        slow_flat = converter.get_structure_hook(flat)

        def structure_flat(
            values: Any, cls: Any, item_type: type = item_type, slow: Any = slow_flat
        ) -> Any:
            if type(values) is list and (not values or set(map(type, values)) == {item_type}):
                return tuple(values)
            return slow(values, cls)

        def is_flat(candidate: Any, flat: Any = flat) -> bool:
            return bool(candidate == flat)

        converter.register_unstructure_hook_func(is_flat, list)
        converter.register_structure_hook_func(is_flat, structure_flat)


@cache
def _codec() -> Codec:
    converter = make_converter(action_union=Action)
    configure_tagged_action(converter, PublicAction)
    configure_tagged_action(converter, Task)
    _install_fast_hooks(converter)
    return Codec(
        game=KincsesSziget.info.name,
        converter=converter,
        state_type=KincsesState,
        observation_type=KincsesObservation,
        action_type=Action,
        action_classes=_ACTION_CLASSES,
        check=_check_value,
    )


def _configuration(state: KincsesState) -> str:
    """The configuration ``state`` was made for, for error messages."""
    return describe_configuration(
        state.players,
        {
            "max_turns": state.max_turns,
            "reveal_shown_cards": state.reveal_shown_cards,
            "tiebreak_by_position": state.tiebreak_by_position,
        },
    )


class KincsesSziget:
    """Irány a Kincses Sziget! for 2 to 4 players.

    Args:
        players: The number of pirate captains, 2 to 4.
        max_turns: Turns after which the game stops and is scored as it stands (the game
            has no guaranteed end: A-IRA-47).
        reveal_shown_cards: After a passed island, mutiny or reef check, show a canonical
            minimal set of the cards that reach the value to everyone (E7); with ``False``
            only the outcome is public.
        tiebreak_by_position: Break tied scores by the ship further along the track
            (A-IRA-42); by default tied players share the place.
    """

    info: ClassVar[GameInfo] = GameInfo(
        name="kincses-sziget",
        title="Irány a Kincses Sziget!",
        min_players=2,
        max_players=4,
        default_players=4,
        options=(
            OptionSpec(
                name="max_turns",
                default=500,
                description="turns after which the game stops and is scored as it stands",
                minimum=1,
            ),
            OptionSpec(
                name="reveal_shown_cards",
                default=True,
                description="show the cards that pass an island, mutiny or reef check to all",
            ),
            OptionSpec(
                name="tiebreak_by_position",
                default=False,
                description="break tied scores by the ship further along the track",
            ),
        ),
    )

    def __init__(
        self,
        *,
        players: int,
        max_turns: int = 500,
        reveal_shown_cards: bool = True,
        tiebreak_by_position: bool = False,
    ) -> None:
        self._options = self.info.resolve(
            players,
            {
                "max_turns": max_turns,
                "reveal_shown_cards": reveal_shown_cards,
                "tiebreak_by_position": tiebreak_by_position,
            },
        )
        self._players = players
        self._max_turns = max_turns
        self._reveal = reveal_shown_cards
        self._tiebreak = tiebreak_by_position

    def __repr__(self) -> str:
        return (
            f"KincsesSziget(players={self._players}, max_turns={self._max_turns}, "
            f"reveal_shown_cards={self._reveal}, tiebreak_by_position={self._tiebreak})"
        )

    @property
    def players(self) -> int:
        """The number of captains."""
        return self._players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The option values of this configuration."""
        return dict(self._options)

    @property
    def codec(self) -> Codec:
        """The serialization codec of Irány a Kincses Sziget!."""
        return _codec()

    def _matches(self, state: KincsesState) -> bool:
        return (
            state.players == self._players
            and state.max_turns == self._max_turns
            and state.reveal_shown_cards == self._reveal
            and state.tiebreak_by_position == self._tiebreak
        )

    def new_game(self, seed: int) -> KincsesState:
        """Set up a game from ``seed`` and run it to the first decision."""
        check_seed(seed)
        return rules.new_game(
            self._players,
            seed,
            max_turns=self._max_turns,
            reveal_shown_cards=self._reveal,
            tiebreak_by_position=self._tiebreak,
        )

    def current_player(self, state: KincsesState) -> PlayerId | None:
        """Return the seat whose decision is pending, or ``None`` when the game is over."""
        return rules.current_player(state)

    def legal_actions(self, state: KincsesState) -> Sequence[Action]:
        """Return the legal actions of the seat to move (empty iff the game is over).

        Raises:
            ConfigurationError: ``state`` belongs to another configuration of the game.
        """
        if not self._matches(state):
            raise foreign_state(self, _configuration(state))
        return rules.legal_actions(state)

    def apply(self, state: KincsesState, action: Action) -> KincsesState:
        """Return the state after ``action``.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state``.
        """
        if not self._matches(state):
            raise foreign_state_action(self, action, _configuration(state))
        return rules.apply(state, action)

    def observe(self, state: KincsesState, player: PlayerId) -> KincsesObservation:
        """Return what ``player`` knows of ``state``."""
        return observe(state, check_seat(player, state.players))

    def score(self, state: KincsesState) -> tuple[float, ...]:
        """Return each captain's score as the final scoring would count it now."""
        return rules.score(state)

    def ranking(self, state: KincsesState) -> tuple[int, ...]:
        """Return places by score; tied captains share a place unless broken by position."""
        return rules.ranking(state)

    def is_terminal(self, state: KincsesState) -> bool:
        """Return whether the game is over."""
        return not state.tasks

    def is_truncated(self, state: KincsesState) -> bool:
        """Return whether the game stopped at the turn limit with no ship on the island."""
        return not state.tasks and ISLAND not in state.positions

    def sample_state(self, observation: KincsesObservation, seed: int) -> KincsesState:
        """Return a state consistent with what the observation's player knows."""
        return sample_state(observation, seed)

    def check_state(self, state: KincsesState) -> None:
        """Check every invariant of ``state``.

        Raises:
            InvalidStateError: An invariant is broken.
        """
        rules.check_state(state)

    def render_state(self, state: KincsesState) -> str:
        """Describe a full state as text, the track drawn as a grid."""
        return render_state(state)

    def describe_action(
        self, observation: KincsesObservation, action: Action, viewer: PlayerId
    ) -> str | None:
        """Return ``action``, taken by ``observation``'s seat, as ``viewer`` sees it.

        Secret choices (weapon exchange, kept missions, battle compositions, merchant
        offers) are named to their player only; the cards added to a battle composition
        are not even announced (``None``), since its size is secret (E4).

        Raises:
            ConfigurationError: ``viewer`` is not a seat.
        """
        if check_seat(viewer, self._players) == observation.player or not observation.tasks:
            return str(action)
        return rules.public_text(observation.tasks[-1], action)

    def render_observation(self, observation: KincsesObservation) -> str:
        """Describe an observation as text."""
        return render_observation(observation)

"""What the PettingZoo and the Gymnasium adapters share: the game, its spaces, its arrays.

Both adapters see a game through its :class:`~boardgames.core.encoding.GameEncoding`:
the action space is ``Discrete(num_distinct_actions)`` and an observation is the dict
``{"observation": float32 vector, "action_mask": int8 mask}`` of :func:`observation_space`.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeAlias, cast

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from boardgames.adapters._games import require_encoding
from boardgames.core.encoding import GameEncoding, HasEncoding
from boardgames.core.errors import ConfigurationError
from boardgames.core.protocol import Game, PlayerId

__all__ = [
    "HIGH",
    "LOW",
    "RENDER_MODES",
    "ArrayView",
    "Observation",
    "check_render_mode",
]

_FINITE = float(np.finfo(np.float32).max)
LOW = -_FINITE
"""The least number of the observation box: every finite float32 is in it."""
HIGH = _FINITE
"""The greatest number of the observation box (as Gymnasium's CartPole bounds its speeds)."""
RENDER_MODES = ("ansi", "human")
"""``"ansi"``: ``render()`` returns the table as text; ``"human"``: it prints it."""

Observation: TypeAlias = dict[str, NDArray[Any]]
"""``{"observation": the float32 vector, "action_mask": the int8 mask}``."""


def check_render_mode(render_mode: object) -> str | None:
    """Return ``render_mode`` if it is ``None`` or one of :data:`RENDER_MODES`.

    Raises:
        ConfigurationError: Another value.
    """
    if render_mode is None or (isinstance(render_mode, str) and render_mode in RENDER_MODES):
        return render_mode
    raise ConfigurationError(
        f"render_mode={render_mode!r} is not supported; use None, "
        + " or ".join(map(repr, RENDER_MODES))
    )


class ArrayView:
    """One configured game's states as numpy observations, masks and spaces.

    It keeps the legal actions of the last state it was asked about, so that the mask of
    the seat to move and the check of its action read them once per decision.

    Args:
        game: A game with an ``encoding``.

    Raises:
        ConfigurationError: The game has no encoding.
    """

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        encoding = require_encoding(game)
        self._encoded = cast(HasEncoding, game)  # require_encoding has just checked it
        self.actions = encoding.num_distinct_actions
        self.size = encoding.observation_size
        self._state: object = None
        self._legal: Sequence[Any] = ()
        self._numbers: list[int] = []

    @property
    def encoding(self) -> GameEncoding[Any, Any]:
        """The game's encoding (read from the game, which caches it and pickles without it)."""
        return self._encoded.encoding

    def observation_space(self) -> spaces.Dict:
        """Return a new observation space: the vector's and the mask's boxes."""
        return spaces.Dict(
            {
                "observation": spaces.Box(LOW, HIGH, (self.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions,), np.int8),
            }
        )

    def action_space(self) -> spaces.Discrete:
        """Return a new action space: ``Discrete(num_distinct_actions)``."""
        return spaces.Discrete(self.actions)

    def legal(self, state: object) -> Sequence[Any]:
        """Return the legal actions of ``state`` (read once per state)."""
        if state is not self._state:
            legal = self.game.legal_actions(state)
            encode = self.encoding.encode_action
            self._numbers = [encode(action) for action in legal]
            self._legal = legal
            self._state = state
        return self._legal

    def number(self, value: object) -> int:
        """Return ``value`` as an action number, whether it is legal now or not.

        Raises:
            IllegalActionError: ``value`` is not an integer (numpy's included) from 0 to
                ``num_distinct_actions - 1``.
        """
        # decode_action refuses whatever is not an integer in range (so not a bool).
        self.encoding.decode_action(cast(int, value))
        return int(cast(int, value))

    def action(self, state: object, number: object) -> Any:
        """Return the legal action of ``state`` numbered ``number``.

        Raises:
            IllegalActionError: ``number`` is not an integer in range, or not legal now.
        """
        # legal_action refuses whatever is not an integer in range (numpy's pass).
        return self.encoding.legal_action(self.legal(state), cast(int, number))

    def mask(self, state: object, seat: PlayerId) -> NDArray[np.int8]:
        """Return a new mask of ``seat``'s legal actions: all zeros if it is not to move."""
        mask = np.zeros(self.actions, np.int8)
        if self.game.current_player(state) == seat:
            self.legal(state)
            mask[self._numbers] = 1
        return mask

    def vector(self, state: object, seat: PlayerId) -> NDArray[np.float32]:
        """Return a new observation vector of ``seat`` in ``state``.

        Raises:
            ConfigurationError: The game's encoding wrote a number that is not a finite
                float32 (the message names the segment).
        """
        # Written in float64 and rounded once: an encoding that adds into the buffer
        # gives the same float32 numbers as its list of floats would.
        exact = np.zeros(self.size, np.float64)
        # A numpy array is a mutable sequence of numbers in all but its declared type.
        out = cast("MutableSequence[float]", exact)
        self.encoding.encode_observation(self.game.observe(state, seat), out)
        with np.errstate(over="ignore"):  # a number beyond float32's range is refused below
            vector = exact.astype(np.float32)
        if not np.isfinite(vector).all():
            self._not_finite(vector)
        return vector

    def observation(self, state: object, seat: PlayerId) -> Observation:
        """Return ``seat``'s observation dict in ``state``, new arrays each time."""
        return {"observation": self.vector(state, seat), "action_mask": self.mask(state, seat)}

    def _not_finite(self, vector: NDArray[np.float32]) -> None:
        index = int(np.flatnonzero(~np.isfinite(vector))[0])
        segment = next(s for s in self.encoding.layout if s.start <= index < s.stop)
        raise ConfigurationError(
            f"the observation vector of {self.game!r} holds {float(vector[index])!r} at "
            f"index {index} (segment {segment.name!r}); an encoding must write finite "
            "numbers, within float32's range"
        )

"""One entry point for every game's pictures: :func:`~boardgames.render_svg`.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from typing import Any

from boardgames.core.errors import ConfigurationError
from boardgames.core.guards import check_seat, given, require_game
from boardgames.core.protocol import DrawsPictures, Game, PlayerId

__all__ = ["render_svg"]


def render_svg(game: Game[Any, Any, Any], value: object, *, seat: PlayerId | None = None) -> str:
    """Draw a state or an observation of ``game`` as one self-contained SVG document.

    Args:
        game: A configured game that draws pictures (every built-in game does; see
            :class:`~boardgames.DrawsPictures`).
        value: A state of ``game``, or an observation of it.
        seat: For a state, draw it as this seat sees it (its observation) instead of the
            whole table; ``None`` draws everything, hidden parts face up. For an
            observation, ``None`` or the observation's own seat.

    Returns:
        The ``<svg>`` document, ending with a newline: write it to a ``.svg`` file, or put
        it inline in HTML.

    Raises:
        ConfigurationError: ``game`` draws no pictures, ``value`` is neither a state nor an
            observation of it, or ``seat`` is not a seat (or, for an observation, another
            seat than its own).

    >>> import boardgames
    >>> game = boardgames.make("magellan-elcano", players=2)
    >>> state = game.new_game(seed=1)
    >>> boardgames.render_svg(game, state, seat=0).startswith("<svg")
    True
    """
    require_game(game)
    if not isinstance(game, DrawsPictures):
        raise ConfigurationError(
            f"{game.info.name} draws no pictures (it has no render_state_svg and "
            "render_observation_svg methods)"
        )
    codec = game.codec
    if type(value) is codec.state_type:
        if seat is None:
            return game.render_state_svg(value)
        return game.render_observation_svg(game.observe(value, check_seat(seat, game.players)))
    if type(value) is codec.observation_type:
        if seat is not None:
            owner = getattr(value, "player", None)
            if check_seat(seat, game.players) != owner:
                raise ConfigurationError(
                    f"this observation is seat {owner}'s; seat {seat} cannot draw it "
                    "(give the state to draw another seat's view)"
                )
        return game.render_observation_svg(value)
    raise ConfigurationError(
        f"expected a state or an observation of {game.info.name}, got {given(value)}"
    )

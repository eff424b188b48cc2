"""Typed, rule-exact engines for tabletop games, behind one protocol.

>>> import boardgames
>>> game = boardgames.make("magellan-elcano", players=3)
>>> record = boardgames.play(game, [boardgames.RandomBot()] * 3, seed=7)
>>> record.terminal
True
"""

from boardgames.bots import GreedyBot, ISMCTSBot, RandomBot, make_bot
from boardgames.core.codec import Codec
from boardgames.core.errors import (
    BoardgamesError,
    ConfigurationError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
    PluginError,
    RecordError,
    SerializationError,
    UnknownComponentError,
    UnknownGameError,
)
from boardgames.core.history import History
from boardgames.core.picture import render_svg
from boardgames.core.play import Bot, play
from boardgames.core.protocol import (
    DescribesActions,
    DrawsPictures,
    ExplainsNotation,
    Game,
    GameFactory,
    GameInfo,
    OptionSpec,
    OptionValue,
    PlayerId,
    SetsUpPositions,
)
from boardgames.core.record import GameRecord, replay
from boardgames.core.registry import (
    game_info,
    game_names,
    make,
    plugin_errors,
    register_game,
    unregister_game,
)
from boardgames.core.rng import Rng
from boardgames.serialization import dumps, loads
from boardgames.tournaments import TournamentResult, tournament

__all__ = [
    "BoardgamesError",
    "Bot",
    "Codec",
    "ConfigurationError",
    "DescribesActions",
    "DrawsPictures",
    "ExplainsNotation",
    "Game",
    "GameFactory",
    "GameInfo",
    "GameRecord",
    "GreedyBot",
    "History",
    "ISMCTSBot",
    "IllegalActionError",
    "InvalidStateError",
    "NotationError",
    "OptionSpec",
    "OptionValue",
    "PlayerId",
    "PluginError",
    "RandomBot",
    "RecordError",
    "Rng",
    "SerializationError",
    "SetsUpPositions",
    "TournamentResult",
    "UnknownComponentError",
    "UnknownGameError",
    "dumps",
    "game_info",
    "game_names",
    "loads",
    "make",
    "make_bot",
    "play",
    "plugin_errors",
    "register_game",
    "render_svg",
    "replay",
    "tournament",
    "unregister_game",
]

from boardgames._version import __version__ as __version__

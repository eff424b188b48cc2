"""Bots: programs that play any registered game through the public protocol only.

Every bot here sees only its own observation; the ones that look ahead build full states
with ``game.sample_state``. ``make_bot`` builds them from named specs such as
``"ismcts:iterations=400"``.
"""

from boardgames.bots.greedy import GreedyBot, HasHeuristicValue
from boardgames.bots.human import HumanBot
from boardgames.bots.ismcts import ISMCTSBot, SearchResult, rank_utilities, value_utilities
from boardgames.bots.random_bot import RandomBot
from boardgames.bots.specs import (
    BOT_ENTRY_POINT_GROUP,
    BotFactory,
    BotSpec,
    HasHeuristicBot,
    bot_names,
    make_bot,
    parse_bot_spec,
    register_bot,
)

__all__ = [
    "BOT_ENTRY_POINT_GROUP",
    "BotFactory",
    "BotSpec",
    "GreedyBot",
    "HasHeuristicBot",
    "HasHeuristicValue",
    "HumanBot",
    "ISMCTSBot",
    "RandomBot",
    "SearchResult",
    "bot_names",
    "make_bot",
    "parse_bot_spec",
    "rank_utilities",
    "register_bot",
    "value_utilities",
]

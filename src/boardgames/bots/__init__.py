"""Bots: programs that play any registered game through the public protocol only."""

from boardgames.bots.random_bot import RandomBot
from boardgames.bots.specs import (
    BOT_ENTRY_POINT_GROUP,
    BotFactory,
    BotSpec,
    bot_names,
    make_bot,
    parse_bot_spec,
    register_bot,
)

__all__ = [
    "BOT_ENTRY_POINT_GROUP",
    "BotFactory",
    "BotSpec",
    "RandomBot",
    "bot_names",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
]

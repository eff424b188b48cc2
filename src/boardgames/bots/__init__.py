"""Bots: programs that play any registered game through the public protocol only."""

from boardgames.bots.random_bot import RandomBot

__all__ = ["RandomBot"]

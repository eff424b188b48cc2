"""The game-independent core: protocol, errors, random numbers, registry, records and play.

Nothing in :mod:`boardgames.core` knows any particular game.
"""

"""The game engines shipped with :mod:`boardgames`, one package per game."""

"""Every game as an environment of a reinforcement-learning library.

Each adapter is a module of its own, which imports its library; importing
:mod:`boardgames` or this package imports none of them:

* :mod:`boardgames.adapters.pettingzoo`: an AEC environment of PettingZoo, one agent per
  seat (``pip install "boardgames[pettingzoo]"``);
* :mod:`boardgames.adapters.gymnasium`: a single-agent Gymnasium environment for one
  seat, bots in the others (``pip install "boardgames[gymnasium]"``);
* :mod:`boardgames.adapters.openspiel`: a ``pyspiel`` game for OpenSpiel's algorithms,
  bots and tests (``pip install "boardgames[openspiel]"``).

The adapters need a game with an ``encoding``
(:class:`~boardgames.core.encoding.HasEncoding`): every built-in game has one.

.. versionadded:: 0.1.0
"""

"""Fixtures for the tournament tests: in-process test bots and one local Ray instance.

* ``test_bots``: registers two deterministic bots, ``first`` (always the first legal action)
  and ``last`` (always the last), for tournaments run on a thread pool; the registry is
  restored afterwards. Bots registered at run time exist only in this process, so process
  pools and Ray use the built-in bots.
* ``ray_instance``: one local Ray instance for the whole session (2 CPUs, no dashboard,
  usage statistics off, a temporary directory, token authentication with a throw-away
  token), shut down at the end. Ray is imported only when a test asks for it.
"""

from __future__ import annotations

import importlib.util
import logging
import random
import secrets
import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames.bots import specs

GAME = "magellan-elcano"
"""The game every tournament test plays: its random games take about 2 ms."""


class FirstBot:
    """Always take the first legal action."""

    def choose(self, observation: object, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[0]


class LastBot:
    """Always take the last legal action."""

    def choose(self, observation: object, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[-1]


def _first(game: boardgames.Game[Any, Any, Any], parameters: Mapping[str, str]) -> FirstBot:
    return FirstBot()


def _last(game: boardgames.Game[Any, Any, Any], parameters: Mapping[str, str]) -> LastBot:
    return LastBot()


@pytest.fixture
def test_bots() -> Iterator[None]:
    """Register the ``first`` and ``last`` bots in this process for one test."""
    specs.bot_names()  # discover the entry-point bots before the snapshot
    saved = dict(specs._factories)
    specs.register_bot("first", _first, replace=True)
    specs.register_bot("last", _last, replace=True)
    yield
    specs._factories.clear()
    specs._factories.update(saved)


@pytest.fixture(scope="session")
def ray_instance() -> Iterator[Any]:
    """Start one local Ray instance for the session and return the ``ray`` module."""
    temporary = tempfile.mkdtemp(prefix="bgray")  # Ray's socket paths must stay short
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_USAGE_STATS_ENABLED", "0")
        # Under `uv run`, Ray would otherwise run its workers through `uv run` in a copy of
        # the working directory; the workers of this test use this interpreter directly.
        patch.setenv("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
        patch.setenv("RAY_AUTH_MODE", "token")
        patch.setenv("RAY_AUTH_TOKEN", secrets.token_hex(32))  # not written to ~/.ray
        import ray

        ray.init(
            num_cpus=2,
            include_dashboard=False,
            _temp_dir=temporary,
            logging_level=logging.WARNING,
            log_to_driver=False,
        )
        try:
            yield ray
        finally:
            ray.shutdown()
            shutil.rmtree(temporary, ignore_errors=True)


_HERE = Path(__file__).resolve().parent
_MISSING = (
    None
    if importlib.util.find_spec("openskill") is not None
    else "needs the optional package openskill (the tournament extra; every tournament "
    "rates its bots with it)"
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip this folder's tests when the tournament extra is missing."""
    if _MISSING is None:
        return
    for item in items:
        if _HERE in item.path.parents:
            item.add_marker(pytest.mark.skip(reason=_MISSING))

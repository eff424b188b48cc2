"""Configuration shared by every test: the Hypothesis profiles.

Choose one with the ``HYPOTHESIS_PROFILE`` environment variable:

* ``dev`` (the default): few examples, for a fast local run;
* ``ci``: many more examples, for the continuous-integration run.

Neither profile has a deadline: a game that is slow on a loaded CI machine is not a bug.

Tests that need an optional package (the adapters' libraries, OpenSpiel, Ray, the
tournament extras, Playwright) skip with a reason that starts with :data:`NEEDS` when it
is missing, as after a plain ``uv run pytest``; ``uv sync --group dev`` installs them all.
With ``BOARDGAMES_REQUIRE_EXTRAS=1`` in the environment (``.ci/run`` sets it) such a skip
is a failure instead, so that CI runs every test.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=300, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


NEEDS = "needs the optional package"
"""How the reason of every skip for a missing optional package begins: test modules call
``pytest.importorskip(module, reason="needs the optional package ...")``."""


def _strict(report: pytest.CollectReport | pytest.TestReport) -> None:
    if os.environ.get("BOARDGAMES_REQUIRE_EXTRAS") != "1" or not report.skipped:
        return
    reason = str(report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr)
    if NEEDS in reason:
        report.outcome = "failed"
        report.longrepr = f"BOARDGAMES_REQUIRE_EXTRAS=1, but {reason}"


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, Any]:
    report = yield
    _strict(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, Any]:
    report = yield
    _strict(report)
    return report

"""Every ``>>>`` example in the package's docstrings runs as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import boardgames

MODULES = sorted(info.name for info in pkgutil.walk_packages(boardgames.__path__, "boardgames."))


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_run(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is None or error.name.startswith("boardgames"):
            raise
        pytest.skip(f"needs the optional package {error.name} ({name} imports it)")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} fail"

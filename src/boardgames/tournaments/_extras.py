"""Importing the optional libraries of the tournament runner, lazily and with a clear error."""

from __future__ import annotations

import importlib
from types import ModuleType

from boardgames.core.errors import ConfigurationError

__all__ = ["require"]


def require(module: str, extra: str, purpose: str) -> ModuleType:
    """Import ``module``, or say which extra of ``boardgames`` to install.

    Args:
        module: The module to import, such as ``"openskill.models"``.
        extra: The ``boardgames`` extra that installs it, such as ``"tournament"``.
        purpose: What needs it, for the message: ``"the ray backend"``.

    Raises:
        ConfigurationError: The module cannot be imported.
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ConfigurationError(
            f"{purpose} requires the package {module.partition('.')[0]!r}, which is not "
            f"installed; install the extra boardgames[{extra}] "
            f"(pip install 'boardgames[{extra}]')"
        ) from error

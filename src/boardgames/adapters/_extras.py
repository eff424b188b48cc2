"""The error an adapter raises when its library is not installed (no library imported here)."""

from __future__ import annotations

from boardgames.core.errors import ConfigurationError

__all__ = ["missing_extra"]


def missing_extra(error: ImportError, extra: str, purpose: str) -> ConfigurationError:
    """Return the error that names the extra of ``boardgames`` to install.

    Args:
        error: The failed import.
        extra: The extra that installs the missing package, such as ``"pettingzoo"``.
        purpose: What needs it, for the message: ``"boardgames.adapters.pettingzoo"``.
    """
    package = (error.name or "the library").partition(".")[0]
    return ConfigurationError(
        f"{purpose} requires the package {package!r}, which is not installed; install the "
        f"extra boardgames[{extra}] (pip install 'boardgames[{extra}]')"
    )

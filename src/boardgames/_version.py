"""The version of the package, in one place that every module can import without cycles."""

__version__ = "0.1.0.dev0"

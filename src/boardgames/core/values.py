"""Trusted constructors for the frozen values a game's rules build on every move.

An attrs frozen class sets each field through ``object.__setattr__`` looked up by name,
because its own ``__setattr__`` refuses assignment. A game's rules build a new state (and
often a new part of it) on every decision, so :func:`trusted_constructor` generates, once
per class, a function that stores the fields straight into their slots instead: the same
value, made in about half the time. It is only for values the rules compute themselves; a
class with validators, converters or a post-init hook is refused, so nothing is skipped.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["replaced", "resolve_signature", "trusted_constructor"]

T = TypeVar("T")


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """Return ``values`` with the item at ``index`` replaced by ``value``.

    The one way the rules change one seat's entry of a per-seat tuple in a new state.

    >>> replaced((1, 2, 3), 1, 9)
    (1, 9, 3)

    .. versionadded:: 0.1.0
    """
    return (*values[:index], value, *values[index + 1 :])


def trusted_constructor(cls: type[T]) -> Callable[..., T]:
    """Return a function that builds ``cls`` from its fields, as ``cls(...)`` would.

    The function takes the same arguments as the attrs ``__init__`` (positional or by
    name, with the same defaults) and returns an equal value of exactly ``cls``.

    Args:
        cls: A slotted attrs class (``@attrs.frozen`` makes one).

    Returns:
        The constructor; build it once, at import time, and keep it.

    Raises:
        TypeError: ``cls`` is not a slotted attrs class, or a field has a validator, a
            converter, a factory default or ``init=False``, or the class has a
            post-init hook: the generated function would skip them.
    """
    if not attrs.has(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a slotted attrs class")
    if hasattr(cls, "__attrs_pre_init__") or hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"{cls.__name__} has an init hook that a trusted constructor skips")
    # The generated code's own names start with ``_trusted_``; attrs arguments are the
    # fields' aliases (``_x`` is passed as ``x``), which never start with an underscore.
    namespace: dict[str, Any] = {"_trusted_new_": object.__new__, "_trusted_cls_": cls}
    parameters = []
    body = ["    _trusted_value_ = _trusted_new_(_trusted_cls_)"]
    for index, field in enumerate(attrs.fields(cls)):
        if (
            field.validator is not None
            or field.converter is not None
            or not field.init
            or isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
        ):
            raise TypeError(
                f"{cls.__name__}.{field.name} needs its attrs __init__ (validator, "
                "converter, factory or init=False)"
            )
        argument = field.alias or field.name
        if argument.startswith("_trusted_"):
            raise TypeError(
                f"{cls.__name__}.{field.name}: argument names starting with "
                "'_trusted_' are reserved by the trusted constructor"
            )
        if field.default is attrs.NOTHING:
            parameters.append(argument)
        else:
            namespace[f"_trusted_default_{index}"] = field.default
            parameters.append(f"{argument}=_trusted_default_{index}")
        namespace[f"_trusted_set_{index}"] = cls.__dict__[field.name].__set__
        body.append(f"    _trusted_set_{index}(_trusted_value_, {argument})")
    body.append("    return _trusted_value_")
    source = f"def build_{cls.__name__}({', '.join(parameters)}):\n" + "\n".join(body)
    exec(compile(source, f"<trusted constructor of {cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., T] = namespace[f"build_{cls.__name__}"]
    build.__doc__ = f"Build a {cls.__name__} from its fields, without per-field checks."
    return build


def resolve_signature(cls: type) -> None:
    """Resolve the annotations of an attrs class's generated ``__init__``.

    attrs compiles ``__init__`` with the module's globals as they stood before the class was
    bound to its name, so the annotation of a field that names the class itself (a
    position's ``origin``) cannot be read there, and nothing that reads the signature
    (``typing.get_type_hints``, the documentation) resolves any of it. Call this right
    after the class: it stores the resolved types.
    """
    init: Any = vars(cls)["__init__"]
    init.__annotations__.update(typing.get_type_hints(cls))

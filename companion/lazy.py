"""Package exports imported when first asked for (PEP 562), so that importing one light module of
a package (`companion.engine.errors`, `companion.content.errors`) does not import the whole
package: every command starts without pydantic, networkx or numpy unless it uses them."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def exports(package: str, where: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's `__getattr__` and `__dir__`: name -> the module (relative to `package`) holding it."""
    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        setattr(importlib.import_module(package), name, value)  # asked once
        return value

    def __dir__() -> list[str]:
        return sorted(where)

    return __getattr__, __dir__

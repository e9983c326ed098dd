"""Optional dependencies: an adapter whose extra is not installed says which extra to install,
instead of a bare ``ModuleNotFoundError`` from inside the package; the adapters load on first
use."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from types import ModuleType


def require(module: str, extra: str, feature: str) -> None:
    """Raises ``ImportError`` naming the extra when ``module`` cannot be imported."""
    if importlib.util.find_spec(module) is None:
        raise ImportError(
            f"{feature} needs the {module!r} package: pip install 'kumite[{extra}]' "
            f"(from a checkout: pip install '.[{extra}]')",
            name=module,
        )


def lazy_submodules(package: str, names: tuple[str, ...]) -> Callable[[str], ModuleType]:
    """A module ``__getattr__`` that imports the submodules ``names`` of ``package`` on first
    use, so the documented spellings (``kumite.envs.openspiel.register()``) work after a plain
    ``import kumite`` without loading every optional package up front."""

    def __getattr__(name: str) -> ModuleType:
        if name in names:
            module = importlib.import_module(f"{package}.{name}")
            setattr(sys.modules[package], name, module)
            return module
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__

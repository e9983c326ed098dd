"""Optional dependencies: an adapter whose extra is not installed says which extra to install,
instead of a bare ``ModuleNotFoundError`` from inside the package; the adapters load on first
use."""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import shlex
import sys
from collections.abc import Callable
from types import ModuleType


def install_hint(extra: str) -> str:
    """The command that installs ``extra`` into the running Python, wherever kumite came from:
    ``pip install 'kumite[extra]'`` fails for a kumite installed from a checkout (no index has
    it), so the hint names the extra's own requirements, as the installed kumite declares them."""
    try:
        declared = importlib.metadata.requires("kumite") or []
    except importlib.metadata.PackageNotFoundError:
        declared = []
    marker = f"extra == '{extra}'"
    wanted = [r.split(";")[0].strip() for r in declared if marker in r]
    packages = " ".join(shlex.quote(w) for w in wanted) or shlex.quote(f"kumite[{extra}]")
    return f"install it with: {shlex.quote(sys.executable)} -m pip install {packages}"


def require(module: str, extra: str, feature: str) -> None:
    """Raises ``ImportError`` naming the extra and how to install it when ``module`` cannot be
    imported."""
    if importlib.util.find_spec(module) is None:
        raise ImportError(f"{feature} needs the {module!r} package of the {extra!r} extra; {install_hint(extra)}", name=module)


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

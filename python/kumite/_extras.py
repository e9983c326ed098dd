"""Optional dependencies: an adapter whose extra is not installed says which extra to install,
instead of a bare ``ModuleNotFoundError`` from inside the package."""

from __future__ import annotations

import importlib.util


def require(module: str, extra: str, feature: str) -> None:
    """Raises ``ImportError`` naming the extra when ``module`` cannot be imported."""
    if importlib.util.find_spec(module) is None:
        raise ImportError(
            f"{feature} needs the {module!r} package: pip install 'kumite[{extra}]' "
            f"(from a checkout: pip install '.[{extra}]')",
            name=module,
        )

"""The documentation site (`make docs`): Sphinx with MyST Markdown (myst-nb) and the Furo theme.

The per-game pages are written from the engine itself when the build starts
(`scripts/docs_pages.py`), and the API reference is read from the package's sources and the
extension's typed stubs by sphinx-autoapi, so neither can drift from the code. Warnings are
errors (`-W`): a broken link, a missing page or a missing reference fails the build, and so does
a tutorial cell that raises.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import docs_pages  # noqa: E402

project = "kumite"
author = "the kumite developers"
# napoleon: the adapters inherit Gymnasium's and PettingZoo's Google-style docstrings.
# myst_nb reads MyST Markdown, and runs the notebook pages (the tutorial) at every build.
extensions = ["myst_nb", "autoapi.extension", "sphinx.ext.napoleon"]
nb_execution_mode = "cache"
# The executed-notebook cache lives with the build output, outside the sources.
nb_execution_cache_path = str(ROOT / "target" / "docs-jupyter-cache")
nb_execution_raise_on_error = True
nb_execution_timeout = 600
exclude_patterns = ["_build", "balance/*/README.md", "jupyter_execute", ".jupyter_cache"]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
html_theme = "furo"
html_title = "kumite"
html_static_path: list[str] = []
# Each game page links its animated replay, a self-contained page the viewer writes.
html_extra_path = [str(docs_pages.EXTRA)]

autoapi_dirs = [str(ROOT / "python" / "kumite")]
autoapi_root = "reference"
autoapi_file_patterns = ["*.pyi", "*.py"]
autoapi_ignore = ["*/viewer/static/*", "*/content_examples/*"]
autoapi_options = ["members", "undoc-members", "show-inheritance", "imported-members"]
autoapi_keep_files = False
autoapi_member_order = "groupwise"
suppress_warnings = ["autoapi.python_import_resolution"]

docs_pages.generate()

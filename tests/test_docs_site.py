"""The documentation site's generated pages say what the engine says (`make docs` builds the
site itself with warnings as errors)."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

import kumite

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import docs_pages  # type: ignore[import-not-found]  # noqa: E402  # scripts/ is not a package

SETUPS = [("tekken", {}), ("ufs", {}), ("senjutsu", {"players": 4}), ("fatal_fight", {"players": 3}), ("fatal_fight", {"players": 1})]


@pytest.mark.parametrize(("name", "options"), SETUPS)
def test_the_observation_layout_covers_the_vector(name: str, options: dict[str, int]) -> None:
    game = kumite.load(name, **options)
    layout = game.observation_layout()
    at = 0
    for block in layout:
        assert block["start"] == at and block["size"] > 0 and block["name"], block
        at += block["size"]
    assert at == game.observation_shape[0]


@pytest.mark.parametrize("name", kumite.games())
def test_each_game_page_is_generated_from_the_engine(name: str) -> None:
    game = kumite.load(name)
    page = docs_pages.page(name)
    assert f"| actions (`num_actions`) | {game.num_actions} |" in page
    assert f"`{game.observation_shape}` float32" in page
    for block in game.observation_layout():
        assert f"| {block['size']} | {block['name']} |" in page
    for option in game.options:
        assert f"| `{option}` |" in page
    assert (docs_pages.EXTRA / "games" / f"{name}-replay.html").stat().st_size > 1000


DOCS = Path(__file__).resolve().parent.parent / "docs"
# Pages Sphinx writes itself: a source page of the same name would be overwritten by it (a
# docs/search.md once was, by the search page, and `-W` said nothing).
SPHINX_PAGES = {"search", "genindex", "py-modindex"}


def source_pages() -> dict[str, str]:
    """Each docs page (its path without `.md`, as the site names it) and its title, the text of
    its first `# ` heading with the Markdown's backquotes left out."""
    pages = {}
    for path in sorted(DOCS.rglob("*.md")):
        rel = path.relative_to(DOCS).with_suffix("").as_posix()
        if rel.split("/")[0] in ("_build", "jupyter_execute") or path.name == "README.md":
            continue
        title = next(line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("# "))
        pages[rel] = title[2:].replace("`", "").strip()
    return pages


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: docs/_build when `make docs` built it after the last change under docs/,
    else a fresh build (the tutorial's executed cells come from the build's cache)."""
    built = DOCS / "_build" / "index.html"
    sources = [p for p in DOCS.rglob("*") if p.is_file() and not p.is_relative_to(DOCS / "_build")
               and not p.is_relative_to(DOCS / "jupyter_execute")]
    if built.exists() and built.stat().st_mtime > max(p.stat().st_mtime for p in sources):
        return built.parent
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(DOCS), str(out)],
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def test_every_docs_page_is_in_the_built_site_under_its_title(site: Path) -> None:
    """Issue 54: "`docs/search.md` builds to `search.html`, which Sphinx's own search page
    overwrites, so the sidebar and the index link open an empty page; `-W` does not catch it."
    Each page's title is its built page's title, and the sidebar links it."""
    pages = source_pages()
    assert "searching" in pages and not SPHINX_PAGES & set(pages), sorted(pages)
    index = (site / "index.html").read_text(encoding="utf-8")
    for rel, title in pages.items():
        page = (site / f"{rel}.html").read_text(encoding="utf-8")
        found = re.search(r"<title>(.*?)</title>", page)
        expected = title if title == "kumite" else f"{title} - kumite"  # the site's own name is not repeated
        assert found and html.unescape(found.group(1)) == expected, (rel, found and found.group(1))
        if rel != "index":
            assert f'href="{rel}.html"' in index, f"the sidebar does not link {rel}"

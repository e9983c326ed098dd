"""Every code block of the README and the docs runs as written, so a snippet cannot rot.

Python blocks run in order, one fresh interpreter per file (a later block may use an earlier
one's names, as a reader does), in an empty working directory; shell blocks run with the venv's
commands first on PATH. A block that cannot run here says why in a ``doc-test`` comment before
it (``tests/mdblocks.py``), and smaller budgets are set there too, visible to a reader of the
source. JSON blocks must parse. The C and C++ blocks are compiled and run by tests/test_ffi.py,
the README's Rust block is a doctest of the crate, and the tutorial's cells run in the docs build.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from mdblocks import REPO, Block, all_blocks, blocks, markdown_files

BIN = Path(sys.executable).parent

PY_FILES = [p for p in markdown_files() if any(b.lang == "python" for b in blocks(p))]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env["MPLBACKEND"] = "Agg"
    env["KUMITE_REPO"] = str(REPO)
    env.setdefault("KUMITE_FFI_LIBDIR", str(REPO / "target" / "ci"))
    return env


def _program(file_blocks: list[Block]) -> str:
    """One script running each block in a shared namespace, naming the failing block."""
    parts = ["import traceback, sys\n_ns = {'__name__': '__main__'}\n"]
    for b in file_blocks:
        parts.append(
            f"try:\n"
            f"    exec(compile({b.setup!r}, {b.where + ' (setup)'!r}, 'exec'), _ns)\n"
            f"    exec(compile({b.runnable()!r}, {b.where!r}, 'exec'), _ns)\n"
            f"except BaseException:\n"
            f"    traceback.print_exc()\n"
            f"    sys.exit(f'the block at {b.where} failed')\n"
        )
    return "".join(parts)


@pytest.mark.parametrize("path", PY_FILES, ids=[str(p.relative_to(REPO)) for p in PY_FILES])
def test_python_blocks_run(path: Path, tmp_path: Path) -> None:
    runnable = [b for b in blocks(path) if b.lang == "python" and b.skip is None]
    if not runnable:
        pytest.skip("; ".join(f"{b.where}: {b.skip}" for b in blocks(path) if b.lang == "python"))
    done = subprocess.run([sys.executable, "-c", _program(runnable)], cwd=tmp_path, env=_env(),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{done.stderr[-4000:]}\n{done.stdout[-2000:]}"


SH = all_blocks("sh", "bash", "console")


@pytest.mark.parametrize("block", SH, ids=[b.where for b in SH])
def test_shell_blocks_run(block: Block, tmp_path: Path) -> None:
    if block.skip is not None:
        pytest.skip(block.skip)
    script = "set -euo pipefail\n" + block.setup + block.runnable()
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{block.where}:\n{textwrap.indent(script, '  ')}\n{done.stderr[-4000:]}"


JSON = all_blocks("json")


@pytest.mark.parametrize("block", JSON, ids=[b.where for b in JSON])
def test_json_blocks_parse(block: Block) -> None:
    if block.skip is not None:
        pytest.skip(block.skip)
    try:
        json.loads(block.code)
    except json.JSONDecodeError:  # examples one per line (JSON Lines)
        for line in block.code.splitlines():
            if line.strip():
                json.loads(line)


def test_every_code_block_is_covered() -> None:
    """A block in a language nothing runs would rot unseen: each language has its runner."""
    covered = {"python", "sh", "bash", "console", "json",  # here
               "c", "cpp",  # tests/test_ffi.py
               "rust",  # the crate's doctest of the README (rust/kumite/src/lib.rs)
               "text",  # program output shown to the reader, not code
               "{toctree}", "{code-cell}", "{literalinclude}", "{include}"}  # the docs build: structure, the tutorial's cells, generated screens
    found = {(b.lang, b.where) for p in markdown_files() for b in blocks(p)}
    strays = sorted(where for lang, where in found if lang not in covered and lang)
    assert not strays, f"blocks in a language no test runs: {strays}"
    rust = [b.where for b in all_blocks("rust")]
    assert all(w.startswith("README.md") for w in rust), f"only the README's Rust blocks are doctests: {rust}"


def test_every_test_a_rules_doc_names_exists() -> None:
    """Each rules doc names the tests that show its clauses; a renamed or deleted test must not
    leave its old name behind. A test name here is a backticked snake_case name of four words or
    more (option and field names are shorter), and it must be a Rust `fn` or a Python `def`."""
    sources = [*(REPO / "rust").rglob("*.rs"), *(REPO / "tests").rglob("*.py"), *(REPO / "python").rglob("*.py")]
    defined: set[str] = set()
    for path in sources:
        defined.update(re.findall(r"\b(?:fn|def) ([a-z0-9_]+)", path.read_text(encoding="utf-8")))
    missing = []
    for doc in sorted((REPO / "docs" / "rules").glob("*.md")):
        for name in re.findall(r"`([a-z][a-z0-9]*(?:_[a-z0-9]+){3,})`", doc.read_text(encoding="utf-8")):
            if name not in defined:
                missing.append(f"{doc.name}: {name}")
    assert not missing, "tests named by the rules docs that do not exist:\n" + "\n".join(sorted(set(missing)))


def _json_state_section(game: str) -> str:
    text = (REPO / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    start = text.index("\n## JSON state")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else len(text)]


@pytest.mark.parametrize("game", ["tekken", "senjutsu", "fatal_fight", "ufs"])
def test_the_json_state_docs_name_every_field(game: str) -> None:
    """Each rules doc's "JSON state" section names, in backticks, every field `to_json` writes
    for a state in play: the envelope's, the state's, and those of each per-player record; a
    field added to the state without its doc fails here."""
    import kumite

    g = kumite.load(game)
    state = g.new_state(seed=3)
    for i in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[i % len(legal)])
    envelope = json.loads(state.to_json())
    section = _json_state_section(game)
    named = {word for span in re.findall(r"`([^`]+)`", section) for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", span)}
    fields = set(envelope) | set(envelope["state"])
    for value in envelope["state"].values():
        records = value if isinstance(value, list) else [value]
        for record in records:
            if isinstance(record, dict) and len(record) > 3:
                fields |= set(record)
    assert not sorted(fields - named), f"docs/rules/{game}.md, JSON state, does not name {sorted(fields - named)}"

"""The fenced code blocks of the repository's Markdown, for the tests that run them.

A block may be preceded by one HTML comment (invisible on GitHub and in the docs site) that tells
the runner what it needs:

- ``<!-- doc-test: skip REASON -->``: not run, for the reason given (shown in the test report);
- ``<!-- doc-test: budget OLD => NEW -->``: run with the text ``OLD`` replaced by ``NEW`` (a
  smaller number of games, say), repeatable with ``;`` between pairs;
- ``<!-- doc-test: setup CODE -->``: ``CODE`` (Python, or a shell line for a shell block) runs
  first, to make the files the block reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^(`{3,})([\w+{}-]*)[^\n]*$")
DIRECTIVE = re.compile(r"^<!--\s*doc-test:\s*(skip|budget|setup)\b(.*?)-->\s*$")


@dataclass
class Block:
    path: Path
    line: int  # of the opening fence, 1-based
    lang: str
    code: str
    skip: str | None = None
    budget: list[tuple[str, str]] = field(default_factory=list)
    setup: str = ""

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(REPO)}:{self.line}"

    def runnable(self) -> str:
        code = self.code
        for old, new in self.budget:
            if old not in code:
                raise AssertionError(f"{self.where}: the budget names {old!r}, which the block no longer has")
            code = code.replace(old, new)
        return code


def markdown_files() -> list[Path]:
    """The README and every hand-written Markdown page (generated pages and builds left out)."""
    docs = [p for p in sorted((REPO / "docs").rglob("*.md"))
            if not {"_build", "jupyter_execute", "games"} & set(p.relative_to(REPO / "docs").parts[:-1])]
    others = [REPO / "README.md", REPO / "CHANGELOG.md", REPO / "bench" / "README.md", *sorted((REPO / "examples").rglob("*.md"))]
    return [p for p in others if p.exists()] + docs


def blocks(path: Path) -> list[Block]:
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, lang = m.group(1), m.group(2)
        end = i + 1
        while end < len(lines) and not lines[end].startswith(fence):
            end += 1
        block = Block(path, i + 1, lang, "\n".join(lines[i + 1:end]) + "\n")
        j = i - 1
        while j >= 0 and (d := DIRECTIVE.match(lines[j].strip())):
            kind, arg = d.group(1), d.group(2).strip()
            if kind == "skip":
                block.skip = arg or "no reason given"
            elif kind == "setup":
                block.setup = arg + "\n" + block.setup
            else:
                for pair in arg.split(";"):
                    old, sep, new = pair.partition("=>")
                    if not sep:
                        raise AssertionError(f"{path}:{j + 1}: a budget is OLD => NEW, not {pair!r}")
                    block.budget.append((old.strip(), new.strip()))
            j -= 1
        out.append(block)
        i = end + 1
    return out


def all_blocks(*langs: str) -> list[Block]:
    return [b for p in markdown_files() for b in blocks(p) if b.lang in langs]

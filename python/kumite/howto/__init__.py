"""How to play each game, written for players (the documentation site's "How to play" pages
include these files; the play page's "how to play" link renders them and the terminal's ``?``
shows them)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import kumite

__all__ = ["howto_html", "howto_path", "howto_plain", "howto_text"]


def howto_path(game: str) -> Path:
    """The packaged Markdown file of ``game``'s how-to-play page."""
    if game not in kumite.games():
        raise ValueError(f"no how-to-play page for {game!r}: one of {', '.join(kumite.games())}")
    return Path(str(resources.files("kumite.howto").joinpath(f"{game}.md")))


def howto_text(game: str) -> str:
    """``game``'s how-to-play page as Markdown."""
    return howto_path(game).read_text(encoding="utf-8")


def howto_html(game: str) -> str:
    """``game``'s how-to-play page as an HTML fragment, rendered by markdown-it-py (CommonMark
    and tables, the parser the documentation site's MyST uses); raw HTML in the text is escaped."""
    from markdown_it import MarkdownIt

    rendered: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(howto_text(game))
    return rendered


_EMPHASIS = re.compile(r"\*\*(.+?)\*\*|\*(\S.*?)\*", re.DOTALL)


def howto_plain(game: str) -> str:
    """``game``'s how-to-play page for a terminal: the Markdown without its emphasis marks, each
    heading underlined (code in backquotes, tables and lists read as they are)."""
    lines = []
    text = _EMPHASIS.sub(lambda m: next(g for g in m.groups() if g is not None), howto_text(game))
    for line in text.splitlines():
        heading = re.match(r"(#+) (.*)", line)
        if heading:
            title = heading.group(2)
            lines += [title, ("=" if len(heading.group(1)) == 1 else "-") * len(title)]
        else:
            lines.append(line)
    return "\n".join(lines)

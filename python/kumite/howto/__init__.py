"""How to play each game, written for players (the documentation site's "How to play" pages
include these files; the play page's "how to play" link and the terminal's ``help`` serve them)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import kumite

__all__ = ["howto_path", "howto_text"]


def howto_path(game: str) -> Path:
    """The packaged Markdown file of ``game``'s how-to-play page."""
    if game not in kumite.games():
        raise ValueError(f"no how-to-play page for {game!r}: one of {', '.join(kumite.games())}")
    return Path(str(resources.files("kumite.howto").joinpath(f"{game}.md")))


def howto_text(game: str) -> str:
    """``game``'s how-to-play page as Markdown."""
    return howto_path(game).read_text(encoding="utf-8")

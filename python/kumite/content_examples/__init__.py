"""Example content folders, one per game, for the ``content_dir`` option (``docs/content.md``
describes every field):

>>> import kumite, kumite.content_examples
>>> game = kumite.load("tekken", content_dir=kumite.content_examples.path("tekken"),
...                    characters=["mira", "rook"], stage="courtyard")
"""

from __future__ import annotations

import pathlib

from kumite._kumite import games


def path(game: str) -> str:
    """The example ``content_dir`` of ``game``."""
    if game not in games():
        raise ValueError(f"unknown game {game!r}: use one of {', '.join(games())}")
    return str(pathlib.Path(__file__).parent / game)

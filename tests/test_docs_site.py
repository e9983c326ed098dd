"""The documentation site's generated pages say what the engine says (`make docs` builds the
site itself with warnings as errors)."""

from __future__ import annotations

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

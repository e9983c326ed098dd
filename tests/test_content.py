"""User content: card files loaded from `content_dir`, good ones playable, bad ones clear errors."""

from __future__ import annotations

import pathlib
import random
import tempfile

from hypothesis import given, settings
from hypothesis import strategies as st

import kumite

DATA = pathlib.Path(__file__).parent.parent / "rust/kumite/src/games/tekken/data"


def renamed_kaito(new_id: str) -> str:
    text = (DATA / "characters/kaito.toml").read_text()
    return text.replace('id = "kaito"', f'id = "{new_id}"').replace('"kaito.', f'"{new_id}.').replace(
        'deck = "kaito"', f'deck = "{new_id}"'
    )


def test_a_users_character_and_stage_play(tmp_path: pathlib.Path) -> None:
    (tmp_path / "characters").mkdir()
    (tmp_path / "stages").mkdir()
    (tmp_path / "characters/ronin.toml").write_text(renamed_kaito("ronin"))
    stage = (DATA / "stages/moonlit_dojo.toml").read_text().replace('id = "moonlit_dojo"', 'id = "cellar"')
    (tmp_path / "stages/cellar.toml").write_text(stage)
    game = kumite.load("tekken", content_dir=str(tmp_path), characters=("ronin", "rook"), stage="cellar")
    rng = random.Random(0)
    state = game.new_state(seed=1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert kumite.from_record(state.to_record()) == state


@settings(max_examples=150, deadline=None)
@given(cut=st.integers(min_value=0, max_value=4000), junk=st.text(max_size=12))
def test_mangled_card_files_are_clear_errors(cut: int, junk: str) -> None:
    """Whatever the damage, loading either works or raises CardDataError naming the file."""
    text = renamed_kaito("mangled")
    mangled = text[:cut] + junk + text[cut + len(junk) :]
    with tempfile.TemporaryDirectory() as root:
        path = pathlib.Path(root) / "characters"
        path.mkdir()
        (path / "mangled.toml").write_text(mangled)
        try:
            kumite.load("tekken", content_dir=root)
        except kumite.CardDataError as e:
            assert e.problems and all(p["file"].endswith("mangled.toml") for p in e.problems)

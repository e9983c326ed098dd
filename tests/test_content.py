"""User content: card files loaded from `content_dir`, good ones playable, bad ones clear errors."""

from __future__ import annotations

import json
import pathlib
import random
import tempfile
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kumite
import kumite.content_examples
from kumite.cli import main

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


# The example folders shipped in the package, each loaded with the options docs/content.md gives.
EXAMPLES: dict[str, dict[str, Any]] = {
    "tekken": {"characters": ["mira", "rook"], "stage": "courtyard"},
    "fatal_fight": {"characters": ["sol", "dex"], "campaign": "night_shift"},
    "senjutsu": {"samurai": ["river_monk", "old_master"], "battlefield": "crossing"},
    "ufs": {"decks": ["kara", "brann"]},
}


def test_every_game_ships_an_example() -> None:
    assert sorted(EXAMPLES) == sorted(kumite.games())


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_shipped_examples_load_and_play(name: str) -> None:
    folder = kumite.content_examples.path(name)
    game = kumite.load(name, content_dir=folder, **EXAMPLES[name])
    rng = random.Random(0)
    for seed in range(5):
        state = game.new_state(seed=seed)
        for _ in range(game.max_game_length):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        assert kumite.from_record(state.to_record()) == state
    # What the example adds is listed with the built-in content.
    built_in = kumite.load(name).content()
    listed = game.content()
    added = {kind: {e["id"] for e in entries} - {e["id"] for e in built_in.get(kind, [])} for kind, entries in listed.items()}
    for value in EXAMPLES[name].values():
        ids = value if isinstance(value, list) else [value]
        assert any(i in ids_of_kind for ids_of_kind in added.values() for i in ids), (value, added)


def test_an_unknown_example_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        kumite.content_examples.path("chess")


@pytest.mark.parametrize("name", kumite.games())
def test_content_lists_ids_names_and_texts(name: str) -> None:
    listing = kumite.load(name).content()
    assert listing and all(listing.values())
    for entries in listing.values():
        ids = [e["id"] for e in entries]
        assert len(ids) == len(set(ids))
        assert all(set(e) == {"id", "name", "text"} and all(e.values()) for e in entries)


def test_the_listed_ids_are_what_options_name() -> None:
    tekken = kumite.load("tekken").content()
    for character in tekken["characters"]:
        kumite.load("tekken", characters=[character["id"], "rook"])
    for stage in tekken["stages"]:
        kumite.load("tekken", stage=stage["id"])
    senjutsu = kumite.load("senjutsu").content()
    for field in senjutsu["battlefields"]:
        kumite.load("senjutsu", battlefield=field["id"])
    ff = kumite.load("fatal_fight", players=4).content()
    kumite.load("fatal_fight", players=4, characters=[c["id"] for c in ff["characters"]])
    folder = kumite.content_examples.path("fatal_fight")
    for campaign in kumite.load("fatal_fight", content_dir=folder).content()["campaigns"]:
        kumite.load("fatal_fight", content_dir=folder, campaign=campaign["id"])
    for deck in kumite.load("ufs").content()["decks"]:
        kumite.load("ufs", decks=[deck["id"], "brann"])


def test_ufs_card_ids_from_the_listing_make_a_legal_decklist() -> None:
    """The issue: no API listed the card ids a UFS decklist needs. The listing does."""
    cards = kumite.load("ufs").content()["cards"]
    character = next(c["id"] for c in cards if "[character" in c["text"])
    others = [c["id"] for c in cards if "[character" not in c["text"] and "unique" not in c["text"]]
    deck = [character] + [card for card in others[:15] for _ in range(4)]
    kumite.ufs_validate_deck(deck, character=character)


def test_kumite_content_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "ufs", "--kind", "decks"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("decks (4)") and "brann" in out and "cards" not in out.splitlines()[0][5:]
    folder = kumite.content_examples.path("ufs")
    assert main(["content", "ufs", "-o", f"content_dir={folder}", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert {"kara_voss", "squall_kick", "updraft"} <= {c["id"] for c in listing["cards"]}
    assert "kara" in {d["id"] for d in listing["decks"]}
    with pytest.raises(SystemExit, match="ufs has no content kind 'stages'; it has cards, decks"):
        main(["content", "ufs", "--kind", "stages"])
    with pytest.raises(SystemExit, match="invalid option \"colour\""):
        main(["content", "tekken", "-o", "colour=red"])

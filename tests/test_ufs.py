"""Universal Fighting System specifics: decks by preset or by list, deck validation errors that
name the card and the rule, and the options where players could disagree."""

from __future__ import annotations

import pathlib
import random
from collections.abc import Callable

import pytest
import tomllib

import kumite

DATA = pathlib.Path(__file__).parent.parent / "rust/kumite/src/games/ufs/data"


def preset(deck_id: str) -> list[str]:
    """A preset deck of the built-in decks.toml as a plain list of card ids (copies repeated)."""
    decks = tomllib.loads((DATA / "decks.toml").read_text())["deck"]
    deck = next(d for d in decks if d["id"] == deck_id)
    return [card for card, copies in deck["cards"] for _ in range(copies)]


def play_out(game: kumite.Game, seed: int) -> kumite.State:
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_presets_and_lists_play() -> None:
    for a, b in [("brann", "isolde"), ("vex", "tamsin")]:
        state = play_out(kumite.load("ufs", decks=(a, b)), 3)
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    mine = preset("vex")
    game = kumite.load("ufs", decks=(mine, "tamsin"), first_player=1)
    state = play_out(game, 5)
    assert kumite.from_record(state.to_record()) == state


def test_validate_deck_accepts_a_legal_list() -> None:
    kumite.ufs_validate_deck(preset("brann"))
    kumite.ufs_validate_deck(preset("isolde"), sideboard=["ember_wraps"] * 4 + ["wind_step"] * 4)


def test_every_game_answers_validate_deck() -> None:
    """`Game.validate_deck` is the one way in (`kumite.ufs_validate_deck` loads UFS and calls
    it): UFS and Senjutsu check decklists against their rules, the games without decklists say
    so by the option's name."""
    kumite.load("ufs").validate_deck(preset("brann"))
    with pytest.raises(kumite.CardDataError) as err:
        kumite.load("senjutsu").validate_deck(["no_such_card"], sideboard=["x"])
    text = str(err.value)
    assert "no such card" in text and "no sideboard" in text and "name the samurai" in text
    for name in ("tekken", "fatal_fight"):
        with pytest.raises(kumite.InvalidOptionError, match=f"{name} has no decklists"):
            kumite.load(name).validate_deck([])


@pytest.mark.parametrize(
    ("change", "card", "rule"),
    [
        (lambda d: d[:59], "decklist", "UF-2.1"),
        (lambda d: d + ["quick_jab"], "quick_jab", "UF-2.2"),
        (lambda d: [c for c in d if not c.startswith("brann_")] + ["tidal_focus"] * 4, "decklist", "UF-2.3"),
        (lambda d: d + ["no_such_card"], "no_such_card", "no such card"),
    ],
)
def test_validate_deck_names_the_card_and_the_rule(
    change: Callable[[list[str]], list[str]], card: str, rule: str
) -> None:
    deck = change(preset("brann"))
    with pytest.raises(kumite.CardDataError) as info:
        kumite.ufs_validate_deck(deck)
    assert any(p["card"] == card and rule in p["reason"] for p in info.value.problems), info.value.problems


def test_validate_deck_sideboard_rules() -> None:
    with pytest.raises(kumite.CardDataError, match="UF-2.4"):
        kumite.ufs_validate_deck(preset("brann"), sideboard=["wind_step"] * 3)
    with pytest.raises(kumite.CardDataError, match="UF-2.2"):
        kumite.ufs_validate_deck(preset("brann"), sideboard=["quick_jab"] + ["wind_step"] * 4 + ["tidal_focus"] * 3)
    with pytest.raises(kumite.CardDataError, match="UF-4.1"):
        kumite.ufs_validate_deck(preset("brann"), character="quick_jab")
    with pytest.raises(TypeError):
        kumite.ufs_validate_deck("brann")  # type: ignore[arg-type]


def test_load_refuses_an_illegal_deck() -> None:
    with pytest.raises(kumite.CardDataError, match="UF-2.1"):
        kumite.load("ufs", decks=(preset("brann")[:40], "vex"))
    with pytest.raises(kumite.InvalidOptionError, match="known: brann"):
        kumite.load("ufs", decks=("nobody", "vex"))


def test_the_turn_limit_is_a_variant_off_by_default() -> None:
    # The seed has no turn limit (UFX-8 is a variant): the default is null, and so is an explicit null.
    assert kumite.load("ufs").options["max_turns"] is None
    assert kumite.load("ufs", max_turns=None).options["max_turns"] is None
    assert kumite.load("ufs", max_turns=50).options["max_turns"] == 50
    with pytest.raises(kumite.InvalidOptionError, match="max_turns"):
        kumite.load("ufs", max_turns=1)


def test_options_where_players_disagree() -> None:
    game = kumite.load("ufs", symbol_match="every", infinity=("chaos", None), max_turns=50, first_player=0)
    assert game.options["symbol_match"] == "every"
    assert game.options["infinity"] == ["chaos", None]
    assert play_out(game, 1).is_terminal()
    with pytest.raises(kumite.InvalidOptionError):
        kumite.load("ufs", symbol_match="some")
    with pytest.raises(kumite.InvalidOptionError):
        kumite.load("ufs", infinity=("infinity", None))

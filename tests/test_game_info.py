"""What a game says about itself (`kumite.game_info`, `Game.info()`: its metadata, written in its
`game.rs`): plain values, the same through the module and the game, and what the balance lab,
`make agents` and the terminal read instead of tables of their own."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import kumite
from kumite import balance
from kumite.balance import plans
from kumite.terminal import Legend, board_marks, hex_board

GAMES = [g for g in kumite.games() if g != "toy"]


@pytest.mark.parametrize("name", kumite.games())
def test_every_game_says_what_it_is_in_plain_values(name: str) -> None:
    info = kumite.game_info(name)
    assert json.loads(json.dumps(info)) == info  # plain values only
    game = kumite.load(name)
    assert game.info() == info
    assert info["name"] == name and info["display_name"]
    assert info["min_players"] <= game.num_players <= info["max_players"]
    assert info["utility"] == game.utility
    assert balance.default_bots(name) == info["default_bots"]
    assert set(info["conformance"]) == {"secrets", "layouts", "knowledge", "seats_seed"}


def test_an_unknown_game_has_no_metadata() -> None:
    with pytest.raises(kumite.UnknownGameError, match="chess"):
        kumite.game_info("chess")


def test_the_metadata_says_what_the_tables_said() -> None:
    """The values the Python tables held before they moved into the games, and the changes since."""
    assert {g: kumite.game_info(g)["default_bots"] for g in GAMES} == {
        "tekken": ["mcts:100"], "fatal_fight": ["mcts:1000:heuristic"], "senjutsu": ["mcts:100"], "ufs": ["mcts:100"]}
    assert {g: kumite.game_info(g)["recipe"] for g in GAMES} == {
        "tekken": {"simulations": 32, "warmup_values": "heuristic", "warmup_priors": True, "value_mix": 0.5},
        "senjutsu": {"simulations": 32},
        # Since: Fatal Fight's second stage, the 1,000-simulation teacher ("A fixed opponent, ...").
        "fatal_fight": {"simulations": 128, "warmup_values": "heuristic", "warmup_priors": True,
                        "schedule": "30:warmup_simulations=1000,value_mix=0.5", "eval_every": 10, "eval_games": 20},
        # Since: UFS's network-valued second stage (docs/agents.md, "Net-guided self-play").
        "ufs": {"simulations": 64, "warmup": 0.45, "warmup_simulations": 32, "warmup_priors": True, "value_mix": 0.5},
    }
    marks = board_marks()
    assert marks[("terrain", "water")]["mark"] == "~" and not marks[("terrain", "water")]["passable"]
    assert marks[("terrain", "hazard")]["passable"]
    assert [k for k in marks if k[0] == "terrain"] == [
        ("terrain", t) for t in ["hazard", "cracked", "red_mark", "cracked_red", "blocked", "water", "forest"]]


@pytest.mark.parametrize("name", kumite.games())
def test_every_recipe_sets_training_settings(name: str) -> None:
    trainer = pytest.importorskip("kumite.learn.trainer")
    fields = {f.name for f in dataclasses.fields(trainer.TrainConfig)}
    recipe = kumite.game_info(name)["recipe"]
    assert set(recipe) <= fields
    # Every stage a run of the recipe plays is one a run takes (as `kumite train` checks it).
    cfg = trainer.TrainConfig(game=name, out="runs/x", **recipe)
    stages = [at for at, _ in trainer.parse_schedule(cfg.schedule)] if cfg.schedule else []
    for at in [0, *stages]:
        trainer.check(trainer.stage(cfg, at))


def _cells(plan: plans.Plan) -> list[tuple[Any, ...]]:
    return [(c.key, c.table, c.labels, json.dumps(c.options, sort_keys=True), c.players, c.sides, c.alternate)
            for c in plan.cells]


def test_the_balance_plans_are_the_ones_the_lab_played() -> None:
    """Keys (the cells' seeds), options and sides of every game's plan, as `plans.py` laid them
    out per game before the plans became data."""
    fatal = plans.plan(kumite.load("fatal_fight"), 3)
    ids = [c["id"] for c in kumite.load("fatal_fight").content()["characters"]]
    assert fatal.cooperative and fatal.campaign == ("stage", "round", 4)
    assert [t.name for t in fatal.tables] == ["party", "pair"]
    assert _cells(fatal)[:4] == [(f"party/{p}", "party", (str(p),), json.dumps({"characters": [], "players": p}),
                                  p, (0,) * p, None) for p in range(1, 5)]
    assert len(fatal.cells) == 4 + len(ids) * (len(ids) - 1) // 2
    assert fatal.cells[4].key == f"pair/{ids[0]}/{ids[1]}" and fatal.cells[4].sides == (0, 0)
    assert fatal.tables[0].names == fatal.tables[1].names == {
        c["id"]: c["name"] for c in kumite.load("fatal_fight").content()["characters"]}
    ufs = plans.plan(kumite.load("ufs"), 3)
    assert ufs.first_option == "first_player" and ufs.cells[0].alternate == ("first_player", (0, 1))
    senjutsu = plans.plan(kumite.load("senjutsu"), 3)
    first = senjutsu.cells[0]
    assert first.options == {"players": 2, "samurai": list(first.labels), "decks": [], "teams": None}
    seats = [c for c in senjutsu.cells if c.table == "seats"]
    assert [c.key for c in seats] == ["seats/2", "seats/3", "seats/4", "seats/4/teams"]
    assert seats[-1].labels == ("4 players, teams 0+2 against 1+3",)
    tekken = plans.plan(kumite.load("tekken"), 3)
    assert tekken.cells[1].options == {"characters": list(tekken.cells[1].labels)} and not tekken.cooperative


def test_the_terminal_explains_each_games_marks() -> None:
    legend = Legend()
    board = {"cells": [{"q": 0, "r": 0, "terrain": "water"}, {"q": 1, "r": 0, "label": "S"},
                       {"q": 0, "r": 1, "terrain": "lava"}]}
    hex_board(board, legend)
    assert legend.entries["~~~~"] == "water: no entry"
    assert legend.entries["Sq,rS"].startswith("start hex")
    assert legend.entries["?q,r?"] == "lava terrain"

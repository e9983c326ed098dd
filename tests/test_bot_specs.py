"""One bot vocabulary: wherever a bot is accepted, a spec string works too, read by one grammar
(`kumite.BotSpec`, docs/bots.md), and a bad spec is one error naming what was expected wherever
it is typed (issue 53: "today `az:x` reads 'cannot import 'az'', `mcts:0` 'unknown bot'")."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import kumite
from kumite.arena import play_out
from kumite.bots import as_bot
from kumite.cli import main

GRAMMAR = ("random, mcts:N[:heuristic], policy[:PATH], az:N[:PATH], azp:N[:PATH], azh:N[:PATH], "
           "azm:N:LAMBDA[:PATH] or module:attr (your own bot)")
BAD = {
    "mcts:0": "N (the iterations) must be a whole number from 1 to 4294967295, not '0'",
    "az:x": "N (the iterations) must be a whole number from 1 to 4294967295, not 'x'",
    "mcts:10:greedy": "mcts's leaves are valued by random playouts or heuristic, not 'greedy'",
    "greedy": "unknown bot 'greedy'",
    "random:3": "random takes nothing after it",
    "azm:200:1.5": "LAMBDA (the playouts' share of a leaf's value) must be a number above 0 and at most 1, not '1.5'",
    "azm:200:nan": "LAMBDA (the playouts' share of a leaf's value) must be a number above 0 and at most 1, not 'nan'",
    "azm:200": "azm needs N, the iterations, and LAMBDA, the playouts' share (azm:N:LAMBDA[:PATH])",
}


def expected(spec: str) -> str:
    return re.escape(f"bot spec '{spec}': {BAD[spec]}; expected one of {GRAMMAR}")


def test_play_match_takes_specs_and_bots() -> None:
    game = kumite.load("tekken")
    result = kumite.play_match(game, ["mcts:4", kumite.RandomBot(3)], n_games=2, seed=1)
    assert result.names == ["mcts:4", "RandomBot()"]
    again = kumite.play_match(game, ["mcts:4", kumite.RandomBot(3)], n_games=2, seed=1)
    assert (result.returns == again.returns).all()


def test_as_bot_passes_bots_through_and_makes_specs() -> None:
    game = kumite.load("ufs")
    bot = kumite.RandomBot(1)
    assert as_bot(bot, game, 0) is bot
    assert isinstance(as_bot("random", game, 0), kumite.RandomBot)
    assert isinstance(as_bot("mcts:3:heuristic", game, 0), kumite.MCTS)
    with pytest.raises(ValueError, match=expected("greedy")):
        as_bot("greedy", game, 0)


def test_every_form_parses_and_prints_back() -> None:
    for text, kind, iterations, net in [
        ("random", "random", None, None), ("mcts:200", "mcts", 200, None),
        ("mcts:200:heuristic", "mcts", 200, None), ("policy", "policy", None, None),
        ("policy:runs/t/net.safetensors", "policy", None, "runs/t/net.safetensors"), ("az:8", "az", 8, None),
        ("azp:8:a:b.safetensors", "azp", 8, "a:b.safetensors"), ("azh:30", "azh", 30, None),
        ("azm:30:0.5", "azm", 30, None), ("azm:8:0.25:a:b.safetensors", "azm", 8, "a:b.safetensors"),
        ("mybots:first", "custom", None, None),
    ]:
        spec = kumite.BotSpec.parse(text)
        assert (str(spec), spec.kind, spec.iterations, spec.net) == (text, kind, iterations, net)
        assert spec.leaf_mix == ({"azm:30:0.5": 0.5, "azm:8:0.25:a:b.safetensors": 0.25}.get(text))
        assert spec == kumite.BotSpec.parse(str(spec)) and hash(spec) == hash(kumite.BotSpec.parse(text))
    assert kumite.BotSpec.GRAMMAR == GRAMMAR


@pytest.mark.parametrize("spec", sorted(BAD))
def test_a_bad_spec_is_one_error_naming_what_was_expected(spec: str) -> None:
    game = kumite.load("tekken")
    with pytest.raises(kumite.BotSpecError, match=expected(spec)):
        kumite.BotSpec.parse(spec)
    with pytest.raises(kumite.BotSpecError, match=expected(spec)):
        kumite.make_bot(spec, game)
    with pytest.raises(ValueError, match=expected(spec)):
        kumite.play_match(game, [spec, "random"], n_games=1)


@pytest.mark.parametrize("spec", ["mcts:0", "az:x"])
def test_the_command_line_says_the_same(spec: str) -> None:
    with pytest.raises(SystemExit, match="^error: " + expected(spec) + "$"):
        main(["arena", "tekken", "--bots", spec, "random", "--games", "1"])
    with pytest.raises(SystemExit, match="^error: seat 1: " + expected(spec) + ", or human$"):
        main(["play", "tekken", "--p1", spec, "--record", ""])
    with pytest.raises(SystemExit, match="^error: seat 2: " + expected(spec)):
        main(["play", "senjutsu", "-o", "players=4", "--seat", f"2={spec}", "--record", ""])


def test_the_play_server_says_the_same() -> None:
    from kumite.viewer.server import App, BadRequest, seat_bot

    game = kumite.load("tekken")
    for spec in ("mcts:0", "az:x"):
        with pytest.raises(BadRequest, match=expected(spec)):
            seat_bot(spec, game, 0)
        with pytest.raises(BadRequest, match=expected(spec)):
            App().api("/api/new", {"game": "tekken", "seats": ["human", spec], "seed": 1})
    with pytest.raises(BadRequest, match="the page seats the shipped networks only"):
        seat_bot("az:5:/etc/passwd", game, 0)
    with pytest.raises(BadRequest, match="at most 200000 iterations"):
        seat_bot("mcts:200001", game, 0)
    assert isinstance(seat_bot("mcts:5:heuristic", game, 0), kumite.MCTS)


def test_arena_with_too_few_bots_is_an_error_line() -> None:
    """Issue 54: "`arena tekken --bots mcts:10` says 'tekken needs 2 bots, got 1' without `error:`"."""
    with pytest.raises(SystemExit, match=r"^error: tekken needs 2 bots \(one per seat\), got 1$"):
        main(["arena", "tekken", "--bots", "mcts:10"])
    with pytest.raises(SystemExit, match="^error: option 'stage' is not key=value$"):
        main(["arena", "tekken", "--bots", "random", "random", "-o", "stage"])


def test_a_seat_named_twice_is_refused() -> None:
    """Issue 54: "`--seat 1=human --seat 1=random` silently keeps the last"."""
    with pytest.raises(SystemExit, match=r"^error: seat 1 is named twice \(--seat 1=human and --seat 1=random\)"):
        main(["play", "tekken", "--seat", "1=human", "--seat", "1=random"])


def test_make_bot_seeds_with_0_by_default() -> None:
    """Issue 54: "`kumite.make_bot(game, spec)` needs a seed (default one)"."""
    game = kumite.load("ufs")
    state = game.new_state(seed=4)
    for spec in ("random", "mcts:12"):
        a, b = kumite.make_bot(spec, game), kumite.make_bot(spec, game, seed=0)
        assert [a.choose(state) for _ in range(3)] == [b.choose(state) for _ in range(3)]


def test_a_spec_plays_the_moves_its_search_always_played() -> None:
    """The spec's search is the one `MCTS` built by hand before: same seed, same moves."""
    game = kumite.load("tekken")
    net = kumite.bots.load_net(game)
    pairs = [
        ("mcts:40", dict()),
        ("mcts:40:heuristic", dict(evaluator="heuristic")),
        ("az:24", dict(evaluator=net, exploration=1.25)),
        ("azp:24", dict(evaluator=net, exploration=1.25, leaf_values="playout")),
        ("azh:24", dict(evaluator=net, exploration=1.25, leaf_values="heuristic")),
    ]
    for spec, kwargs in pairs:
        state = game.new_state(seed=2)
        for _ in range(6):
            iterations = kumite.BotSpec.parse(spec).iterations
            by_spec = kumite.make_bot(spec, game, seed=9, threads=2).search(state)  # type: ignore[attr-defined]
            by_hand = kumite.MCTS(game, iterations=iterations, seed=9, threads=2, **kwargs).search(state)  # type: ignore[arg-type]
            assert by_spec.best == by_hand.best and np.array_equal(by_spec.visits, by_hand.visits), spec
            state.apply(by_spec.best)


def test_a_mixed_leaf_bot_plays_a_game_with_the_shipped_network() -> None:
    """Issue 52: "Valuing it by both, `(1 − λ)·v_net + λ·z_playout` ... Add it as a bot spec".
    λ = 1 is all playout: the same search as `azp`; λ = 0.5 another."""
    game = kumite.load("tekken")
    state = game.new_state(seed=2)
    mixed = kumite.make_bot("azm:24:1", game, seed=9, threads=2).search(state)  # type: ignore[attr-defined]
    playout = kumite.make_bot("azp:24", game, seed=9, threads=2).search(state)  # type: ignore[attr-defined]
    assert mixed.best == playout.best and np.array_equal(mixed.visits, playout.visits)
    state = game.new_state(seed=3)
    play_out(state, [kumite.make_bot("azm:8:0.5", game, seed=1, threads=1), kumite.RandomBot(2)])
    assert state.is_terminal()


def test_a_shipped_network_for_other_options_says_to_pass_a_path() -> None:
    """Issue 54: "a shipped net on 4-player Senjutsu says 'another obs_len' without saying to
    pass `az:N:PATH`"."""
    with pytest.raises(kumite.NetMismatchError, match=r"shipped for tekken are for the default options: .*az:N:DIR/net\.safetensors"):
        kumite.make_bot("az:10", kumite.load("tekken", hp=25))
    with pytest.raises(ValueError, match=r"kumite train senjutsu --out DIR.*\(az:N:DIR/net\.safetensors\)"):
        kumite.make_bot("az:10", kumite.load("senjutsu", players=4))
    with pytest.raises(SystemExit, match=r"^error: seat 1: this network was made for another obs_len: .*"
                                         r"kumite train senjutsu --out DIR.*\(az:N:DIR/net\.safetensors\)$"):
        main(["play", "senjutsu", "-o", "players=4", "--p1", "az:10", "--record", ""])


def test_a_game_with_no_shipped_network_says_to_train_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 54's message where no network ships at all (every game ships one in this build, so an
    empty folder of networks stands in)."""
    import kumite.bots

    monkeypatch.setattr(kumite.bots, "NETS", tmp_path)
    with pytest.raises(SystemExit, match=r"^error: seat 1: no network is shipped for senjutsu .*net\.safetensors\)$"):
        main(["play", "senjutsu", "-o", "players=4", "--p1", "az:10", "--record", ""])


def test_one_play_loop_stops_at_its_bound_and_applies_through_the_caller() -> None:
    game = kumite.load("tekken")
    state = game.new_state(seed=1)
    seen: list[int] = []

    def apply(s: kumite.State, action: int) -> None:
        seen.append(action)
        s.apply(action)

    assert play_out(state, [kumite.RandomBot(1), kumite.RandomBot(2)], max_steps=7, apply=apply) == 7
    assert len(seen) == 7 and len(state.history()) == 7
    assert play_out(state, [kumite.RandomBot(1), kumite.RandomBot(2)]) > 0 and state.is_terminal()

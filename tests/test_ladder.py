"""The rating ladder: Bradley–Terry on synthetic results with a known order, and a small real
ladder through the command."""

from __future__ import annotations

import json

import numpy as np
import pytest

import kumite
from kumite.cli import main
from kumite.ladder import ELO, Pairing, bradley_terry, play_ladder, rate


def synthetic(strength: list[float], games: int, seed: int) -> list[Pairing]:
    """Games drawn from a Bradley–Terry model with these log-strengths."""
    rng = np.random.default_rng(seed)
    pairings = []
    for i in range(len(strength)):
        for j in range(i + 1, len(strength)):
            p = 1 / (1 + np.exp(strength[j] - strength[i]))
            pairings.append(Pairing(i, j, (rng.random(games) < p).astype(np.float64)))
    return pairings


def test_known_order_is_recovered() -> None:
    truth = [0.0, 1.5, -1.0, 0.7]
    ladder = rate(["a", "b", "c", "d"], synthetic(truth, 2000, seed=1), bootstrap=100)
    assert ladder.order() == [1, 3, 0, 2]
    assert ladder.rating[0] == 0.0
    # 6,000 games a bot: the estimate's standard error is near 15 Elo points.
    assert np.abs(ladder.rating - ELO * np.array(truth)) == pytest.approx(np.zeros(4), abs=45)
    assert ((ladder.ci95[1:, 0] < ladder.rating[1:]) & (ladder.rating[1:] < ladder.ci95[1:, 1])).all()


def test_even_results_rate_equal_and_draws_count_half() -> None:
    draws = [Pairing(0, 1, np.full(50, 0.5))]
    half = [Pairing(0, 1, np.array([1.0, 0.0] * 25))]
    assert bradley_terry(2, draws) == pytest.approx([0.0, 0.0], abs=1e-8)
    assert bradley_terry(2, half) == pytest.approx([0.0, 0.0], abs=1e-8)


def test_a_bot_that_never_wins_has_a_finite_rating() -> None:
    ladder = rate(["strong", "weak"], [Pairing(0, 1, np.ones(20))], bootstrap=20)
    assert np.isfinite(ladder.rating).all() and ladder.rating[1] < -300


def test_real_ladder_puts_search_above_random() -> None:
    game = kumite.load("tekken")
    ladder = play_ladder(game, ["random", "mcts:50"], games=20, seed=3, threads=1, bootstrap=50)
    assert ladder.rating[0] == 0.0
    assert ladder.rating[1] > 0 and ladder.ci95[1][0] > 0, str(ladder)
    again = play_ladder(game, ["random", "mcts:50"], games=20, seed=3, threads=1, bootstrap=50)
    assert (again.pairings[0].scores == ladder.pairings[0].scores).all()


def test_command_prints_json_and_refuses_bad_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "tekken", "--bots", "random", "mcts:20", "--games", "4", "--threads", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["anchor"] == "random" and [b["name"] for b in out["bots"]] == ["random", "mcts:20"]
    assert out["pairings"][0]["games"] + out["pairings"][0]["truncated"] == 4
    with pytest.raises(SystemExit, match="unknown bot"):
        main(["ladder", "tekken", "--bots", "random", "nobody"])
    with pytest.raises(SystemExit, match="cooperative"):
        main(["ladder", "fatal_fight", "--bots", "random", "mcts:5", "--games", "2", "--threads", "1"])
    with pytest.raises(SystemExit, match="at least two"):
        main(["ladder", "tekken", "--bots", "random"])

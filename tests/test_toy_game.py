"""The toy game (`rust/kumite/src/games/toy/`, the `toy` feature) is picked up from its folder
and its registry line alone: the CLI, the balance lab, the adapters (Gymnasium, PettingZoo,
OpenSpiel) and self-play play it with nothing added in Python. It runs against the extension
built with the feature (`make test-toy`); the package's usual build has no toy, and skips it."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

import kumite

pytestmark = pytest.mark.skipif("toy" not in kumite.games(), reason="the extension is built without the toy game")


def test_the_cli_lists_and_plays_it(capsys: pytest.CaptureFixture[str]) -> None:
    from kumite.cli import main

    assert main(["content", "toy", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert [c["id"] for c in listing["characters"]] == ["short", "long"]
    assert main(["arena", "toy", "--bots", "random", "mcts:20", "--games", "10"]) == 0
    assert "10 games" in capsys.readouterr().out


def test_the_balance_lab_plays_its_plan_with_its_bots(tmp_path: Path) -> None:
    from kumite import balance
    from kumite.cli import main

    assert balance.default_bots("toy") == ["mcts:20"]
    assert main(["balance", "toy", "--games", "2", "--workers", "1", "--out", str(tmp_path)]) == 0
    report = json.loads((tmp_path / "balance.json").read_text())
    assert report["bots"] == ["mcts:20"]
    table = report["tables"][0]
    assert (table["kind"], table["entries"]) == ("matrix", ["short", "long"])
    assert len(table["arms"]["default"]["cells"]) == 4


def test_the_adapters_pass_their_checkers() -> None:
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, parallel_api_test  # type: ignore[import-untyped]

    from kumite.envs import aec_env, gym_env, parallel_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(gym_env("toy"), skip_render_check=True)
        api_test(aec_env("toy"), num_cycles=50, verbose_progress=False)
        parallel_api_test(parallel_env("toy"), num_cycles=50)


def test_openspiel_registers_and_plays_it() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from kumite.envs import openspiel

    assert "kumite_toy" in openspiel.register()
    pyspiel.random_sim_test(pyspiel.load_game("kumite_toy"), num_sims=5, serialize=False, verbose=False)


def test_self_play_plays_it() -> None:
    data = kumite.selfplay(kumite.load("toy"), games=3, simulations=8, seed=1, threads=1)
    assert len(data["game_returns"]) == 3 and len(data["policy"]) >= 3 * 3  # a game takes 3 turns or more

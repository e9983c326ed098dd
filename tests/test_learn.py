"""Learned agents: the network file, its Rust evaluation against the JAX forward pass, self-play
data, the training loop end to end on every game, and the bots that use a network."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import kumite
from kumite.bots import make_bot
from kumite.results import SelfPlayData

learn = pytest.importorskip("kumite.learn")
REPO = Path(__file__).resolve().parent.parent


def assert_same_data(a: SelfPlayData, b: SelfPlayData) -> None:
    """Two self-play runs gave the same arrays, key by key."""
    assert list(a) == list(b)
    for (key, x), y in zip(a.items(), b.values()):
        np.testing.assert_array_equal(x, y, err_msg=key)


def perturbed(game: kumite.Game, seed: int = 0, hidden: int = 24, blocks: int = 2) -> dict[str, np.ndarray]:
    """Initial parameters with every tensor non-zero, so each layer shows in the output."""
    params = learn.init_params(seed, game.observation_shape[0], game.num_actions, game.num_players, hidden, blocks)
    rng = np.random.default_rng(seed + 1)
    return {k: (v + rng.normal(scale=0.05, size=v.shape)).astype(np.float32) for k, v in params.items()}


def positions(game: kumite.Game, n: int = 40) -> tuple[np.ndarray, np.ndarray]:
    state = game.new_state(seed=3)
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    rng = np.random.default_rng(0)
    while len(obs) < n and state.current_player is not None:
        obs.append(state.observation(state.current_player))
        masks.append(state.legal_action_mask())
        state.apply(int(rng.choice(state.legal_actions())))
    return np.array(obs, np.float32), np.array(masks)


@pytest.mark.parametrize("name", kumite.games())
def test_rust_and_jax_agree(name: str, tmp_path: Path) -> None:
    game = kumite.load(name)
    params = perturbed(game)
    net = learn.save_net(params, game, tmp_path / "net.safetensors")
    obs, masks = positions(game)
    priors, values = net.evaluate(obs, masks)
    log_priors, jax_values = learn.forward(params, obs, masks)
    jax_priors = np.where(masks, np.exp(np.asarray(log_priors)), 0.0)
    np.testing.assert_allclose(priors, jax_priors, atol=1e-5)
    np.testing.assert_allclose(values, np.asarray(jax_values), atol=1e-5)
    # Fewer than 8 rows take Rust's dot-product path instead of sgemm: the same numbers.
    for k in (1, 3, 7):
        few_priors, few_values = net.evaluate(obs[:k], masks[:k])
        np.testing.assert_allclose(few_priors, jax_priors[:k], atol=1e-5)
        np.testing.assert_allclose(few_values, np.asarray(jax_values)[:k], atol=1e-5)
    assert np.all(priors[~masks] == 0) and np.allclose(priors.sum(axis=1), 1, atol=1e-5)


def test_a_net_for_another_game_or_content_is_refused(tmp_path: Path) -> None:
    tekken = kumite.load("tekken")
    net = learn.save_net(perturbed(tekken), tekken, tmp_path / "t.safetensors")
    net.check(tekken)
    assert net.metadata["game"] == "tekken" and net.metadata["fingerprint"] == tekken.fingerprint()
    with pytest.raises(kumite.NetMismatchError) as err:
        net.check(kumite.load("tekken", hp=30))
    assert err.value.field == "fingerprint"
    with pytest.raises(kumite.NetMismatchError) as err:
        kumite.MCTS(kumite.load("ufs"), iterations=10, evaluator=net)
    assert err.value.field == "game" and err.value.expected == "ufs" and err.value.found == "tekken"
    with pytest.raises(kumite.NetMismatchError):
        kumite.selfplay(kumite.load("tekken", stage="moonlit_dojo"), net)
    data = (tmp_path / "t.safetensors").read_bytes()
    for bad in (data[:-8], b"\x08" + data[1:], b"{}"):
        with pytest.raises(kumite.DeserializationError):
            kumite.Net.from_bytes(bad)


def test_selfplay_is_the_same_whatever_the_thread_count(tmp_path: Path) -> None:
    game = kumite.load("senjutsu")
    net = learn.save_net(perturbed(game), game, tmp_path / "s.safetensors")
    runs = [kumite.selfplay(game, net, games=3, simulations=16, seed=7, threads=t, max_steps=400) for t in (1, 2)]
    assert_same_data(*runs)
    data = runs[0]
    n = len(data["player"])
    assert data["observations"].shape == (n, game.observation_shape[0]) and data["masks"].shape == (n, game.num_actions)
    np.testing.assert_allclose(data["policy"].sum(axis=1), 1, atol=1e-5)
    assert not np.any(data["policy"][~data["masks"]])
    assert data["game_returns"].shape == (3, 2)
    low, high = game.return_bounds
    assert data["root_value"].shape == (n,) and np.all((low <= data["root_value"]) & (data["root_value"] <= high))


@pytest.mark.parametrize("name", ["tekken", "fatal_fight", "senjutsu"])
def test_value_targets_mix_the_outcome_with_the_searchs_value(name: str) -> None:
    """`value_mix`: the mover's target is the share-weighted mean of the outcome and the search's
    value; the other seats follow the rules' tie to the mover (two-player zero-sum: its
    opposite; co-op: the same) and keep the outcome where there is none (Senjutsu's three
    players)."""
    from kumite.learn.targets import mix_values

    game = kumite.load(name, **({"players": 3, "samurai": [], "decks": []} if name == "senjutsu" else
                                {"players": 2} if name == "fatal_fight" else {}))
    data = kumite.selfplay(game, None, games=2, simulations=8, seed=3, max_steps=200)
    rows = np.arange(len(data["player"]))
    z, q = data["values"], data["root_value"]
    np.testing.assert_array_equal(mix_values(data, game, 0.0), z)
    half = mix_values(data, game, 0.5)
    np.testing.assert_allclose(half[rows, data["player"]], 0.5 * z[rows, data["player"]] + 0.5 * q, atol=1e-6)
    other = (data["player"] + 1) % game.num_players
    expected = {"tekken": -q, "fatal_fight": q}.get(name)
    if expected is None:
        np.testing.assert_array_equal(half[rows, other], z[rows, other])
    else:
        np.testing.assert_allclose(half[rows, other], 0.5 * z[rows, other] + 0.5 * expected, atol=1e-6)
    with pytest.raises(ValueError, match="value_mix is a share"):
        learn.train(learn.TrainConfig(game=name, out="unused", value_mix=1.5))


def spy_selfplay(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """`kumite.selfplay` still runs, and each call's keyword arguments are kept in the list returned."""
    calls: list[dict[str, object]] = []
    real = kumite.selfplay

    def spy(*args: object, **kwargs: object) -> SelfPlayData:
        calls.append(kwargs)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kumite, "selfplay", spy)
    return calls


def test_the_warmup_searches_with_its_own_simulations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """UFS's recipe joins two stages in one run: a rollout-valued warmup at `warmup_simulations`,
    then the network-valued search at `simulations`; the learning curve's `az:N` is self-play's
    search of the moment, and the recipe records both."""
    from kumite.learn.trainer import Trainer

    calls = spy_selfplay(monkeypatch)
    cfg = learn.TrainConfig(game="tekken", out=str(tmp_path), simulations=6, warmup_simulations=3, warmup=0.5,
                            games_per_iteration=1, max_steps=40, iterations=2, hidden=8, blocks=1)
    trainer = Trainer(cfg, log=lambda _: None)
    seen = []
    for _ in range(2):
        seen.append((trainer.warm(), [str(s) for s in trainer.eval_specs()]))
        trainer.selfplay()
        trainer.iteration += 1
    assert [(c["simulations"], c["leaf_values"]) for c in calls] == [(3, "playout"), (6, "evaluator")]
    assert seen == [(True, ["az:3"]), (False, ["az:6"])]
    assert " warmup=0.5 warmup_simulations=3 " in trainer.recipe()
    assert " warmup_simulations" not in Trainer(learn.TrainConfig(game="tekken", out=str(tmp_path)), log=print).recipe()


def test_an_opponent_takes_a_seat_in_its_share_of_the_self_play_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 52's lab notes: Senjutsu's self-play on its network's values settles into level games
    while `mcts:2000` kills its samurai; "self-play against ... `mcts`". `TrainConfig.opponent`
    (`kumite train --opponent SPEC --opponent-share SHARE`) seats that search in a share of the
    games, its moves unrecorded, and the recipe records it."""
    from kumite.learn.trainer import Trainer

    calls = spy_selfplay(monkeypatch)
    cfg = learn.TrainConfig(game="senjutsu", out=str(tmp_path), simulations=4, games_per_iteration=2, max_steps=400,
                            iterations=1, hidden=8, blocks=1, opponent="mcts:8", opponent_share=0.5)
    trainer = Trainer(cfg, log=lambda _: None)
    trainer.selfplay()
    assert [(c["opponent"], c["opponent_share"]) for c in calls] == [("mcts:8", 0.5)]
    assert trainer.recipe().endswith(" opponent=mcts:8 opponent_share=0.5")
    assert "opponent" not in Trainer(learn.TrainConfig(game="senjutsu", out=str(tmp_path)), log=print).recipe()
    # Game 1 of the two seats the opponent in seat 0: its rows are all seat 1's.
    data = kumite.selfplay(kumite.load("senjutsu"), None, games=2, simulations=4, seed=1, threads=1, max_steps=400,
                           opponent="mcts:8", opponent_share=0.5)
    assert set(data["player"][data["game"] == 1].tolist()) == {1}
    assert set(data["player"][data["game"] == 0].tolist()) == {0, 1}
    with pytest.raises(ValueError, match="not a search without a network"):
        kumite.selfplay(kumite.load("senjutsu"), None, opponent="az:8")
    with pytest.raises(ValueError, match="above 0 and at most 1"):
        kumite.selfplay(kumite.load("senjutsu"), None, opponent="mcts:8", opponent_share=0.0)


def test_leaf_mix_values_the_self_play_search_after_the_warmup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 52: "Valuing it by both, `(1 − λ)·v_net + λ·z_playout` ... Add it as a bot spec and a
    self-play option": `TrainConfig.leaf_mix` (`kumite train --leaf-mix`) reaches the self-play
    search once the warmup is over, and the recipe records it."""
    from kumite.cli import main
    from kumite.learn.trainer import TrainConfig, Trainer

    calls = spy_selfplay(monkeypatch)
    for warmup, leaf_mix in ((1.0, None), (0.0, 0.5)):
        cfg = learn.TrainConfig(game="tekken", out=str(tmp_path), simulations=4, games_per_iteration=1, max_steps=40,
                                iterations=1, warmup=warmup, leaf_mix=0.5, hidden=8, blocks=1)
        trainer = Trainer(cfg, log=lambda _: None)
        trainer.export("net.safetensors")
        trainer.selfplay()
        assert (calls[-1]["leaf_values"], calls[-1]["leaf_mix"]) == ("playout" if warmup else "evaluator", leaf_mix)
        assert trainer.recipe().endswith(" value_mix=0 leaf_mix=0.5")
    for bad in (0.0, 1.5, float("nan")):
        with pytest.raises(ValueError, match=r"leaf_mix \(λ, the playouts' share of a leaf's value\) is in \(0, 1\]"):
            learn.train(learn.TrainConfig(game="tekken", out=str(tmp_path), leaf_mix=bad))
    with pytest.raises(ValueError, match="leaf_mix: λ .* must be above 0 and at most 1, not 2"):
        kumite.selfplay(kumite.load("tekken"), None, leaf_mix=2.0)
    with pytest.raises(ValueError, match="leaf_values must stay 'evaluator', not 'playout'"):
        kumite.selfplay(kumite.load("tekken"), None, leaf_values="playout", leaf_mix=0.5)
    configs: list[TrainConfig] = []

    def train(cfg: TrainConfig, **_: object) -> dict[str, object]:
        configs.append(cfg)
        return {"out": cfg.out, "iterations": 0, "minutes": 0, "selfplay_games": 0}

    monkeypatch.setattr(learn, "train", train)
    assert main(["train", "tekken", "--out", str(tmp_path), "--leaf-mix", "0.5"]) == 0
    assert configs[-1].leaf_mix == 0.5
    assert main(["train", "tekken", "--out", str(tmp_path)]) == 0
    assert configs[-1].leaf_mix is None
    with pytest.raises(SystemExit):
        main(["train", "tekken", "--out", str(tmp_path), "--leaf-mix", "0"])


@pytest.mark.parametrize("name", kumite.games())
def test_gumbel_root_searches_and_self_plays(name: str, tmp_path: Path) -> None:
    """Gumbel root selection: legal choices, an improved policy that is a distribution over the
    legal actions, self-play equal on 1 and 2 threads with policy targets over the legal only."""
    game = kumite.load(name)
    net = learn.save_net(perturbed(game), game, tmp_path / "g.safetensors")
    bot = kumite.MCTS(game, iterations=24, evaluator=net, gumbel=16, threads=1, seed=3)
    state = game.new_state(seed=5)
    for _ in range(30):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        policy = bot.policy(state)
        assert abs(policy.sum() - 1) < 1e-5 and set(np.flatnonzero(policy)) <= set(legal)
        action = bot.choose(state)
        assert action in legal
        state.apply(action)
    runs = [kumite.selfplay(game, net, games=2, simulations=12, seed=1, threads=t, max_steps=120, gumbel=8) for t in (1, 2)]
    assert_same_data(*runs)
    np.testing.assert_allclose(runs[0]["policy"].sum(axis=1), 1, atol=1e-5)
    assert not np.any(runs[0]["policy"][~runs[0]["masks"]])


def test_gumbel_needs_priors_and_a_sensible_count() -> None:
    game = kumite.load("tekken")
    state = game.new_state(seed=2)
    # Without priors (random playouts) the root rule is not read: the same search as without it.
    plain = kumite.MCTS(game, iterations=50, threads=1, seed=1).search(state)
    with_gumbel = kumite.MCTS(game, iterations=50, threads=1, seed=1, gumbel=16).search(state)
    np.testing.assert_array_equal(plain.visits, with_gumbel.visits)
    for bad in (0, 70_000):
        with pytest.raises(ValueError, match="gumbel"):
            kumite.MCTS(game, gumbel=bad)


@pytest.mark.parametrize("name", kumite.games())
def test_the_training_loop_runs_end_to_end(name: str, tmp_path: Path) -> None:
    # A few self-play games, gradient steps, export, reload in Rust, a search with the network,
    # a learning-curve point, a checkpoint that resumes.
    cfg = learn.TrainConfig(
        game=name, out=str(tmp_path), simulations=8, games_per_iteration=2, steps_per_iteration=2, batch_size=32,
        iterations=1, eval_every=1, eval_games=2, eval_opponents=("random",), hidden=16, blocks=1, max_steps=300,
    )
    lines: list[str] = []
    summary = learn.train(cfg, log=lines.append)
    assert summary["iterations"] == 1 and "ETA" in lines[0]
    for f in ("net.safetensors", "checkpoint.pkl", "curve.json", "curve.png", "summary.json"):
        assert (tmp_path / f).stat().st_size > 0, f
    net = kumite.Net.load(tmp_path / "net.safetensors")
    assert net.metadata["selfplay_games"] == "2" and net.metadata["seed"] == "0" and net.metadata["options"] == "{}"
    assert net.metadata["recipe"] == "gumbel=16 warmup=1 warmup_values=playout warmup_priors=false value_mix=0"
    game = kumite.load(name)
    state = game.new_state(seed=1)
    assert kumite.MCTS(game, iterations=16, evaluator=net, seed=0).choose(state) in state.legal_actions()
    cfg.iterations = 2
    assert learn.train(cfg, resume=True, log=lines.append)["iterations"] == 2
    # docs/agents.md's curve rows come from this file by scripts/curve_table.py.
    table = subprocess.run([sys.executable, str(REPO / "scripts" / "curve_table.py"), str(tmp_path / "curve.json"),
                            "--from-minute", "0"], capture_output=True, text=True, check=True).stdout
    assert "policy" in table and " % (" in table, table
    empty = subprocess.run([sys.executable, str(REPO / "scripts" / "curve_table.py"), str(tmp_path / "curve.json"),
                            "--from-minute", "0", "--to-minute", "-1"], capture_output=True, text=True)
    assert empty.returncode == 2 and "no point between minutes 0 and -1" in empty.stderr, empty.stderr


def test_a_run_shorter_than_a_curve_point_draws_what_there_is(tmp_path: Path) -> None:
    """Issue 54: "`kumite train --budget 1` writes `"curve": null` ... draw what there is, and
    say when a run is too short for a curve." A budget that ends before the first point (every 5
    iterations) still measures the network it ends with, draws it, and says so."""
    cfg = learn.TrainConfig(
        game="tekken", out=str(tmp_path), budget_minutes=1e-4, simulations=4, games_per_iteration=1,
        steps_per_iteration=1, batch_size=8, eval_games=2, eval_opponents=("random",), hidden=8, blocks=0, max_steps=200,
    )
    lines: list[str] = []
    summary = learn.train(cfg, log=lines.append)
    assert summary["iterations"] == 1 and summary["curve_points"] == 1
    assert summary["curve"] is not None and summary["curve"]["iteration"] == 1 and "policy vs random" in summary["curve"]
    assert (tmp_path / "curve.png").stat().st_size > 0
    assert any(line.startswith("too short for a learning curve: 1 point, after iteration 1") for line in lines), lines
    assert any(line.endswith("(what --resume needs; the network alone is net.safetensors)") for line in lines), lines


def test_policy_and_az_bots_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = kumite.load("ufs")
    path = tmp_path / "u.safetensors"
    learn.save_net(perturbed(game), game, path)
    # An untrained policy can stall a game for its whole run bound: cut at 300 actions.
    result = kumite.play_match(game, [f"policy:{path}", f"az:8:{path}"], n_games=2, seed=1, max_steps=300)
    assert result.names == [f"policy:{path}", f"az:8:{path}"] and len(result.returns) == 2
    monkeypatch.setattr(kumite.bots, "NETS", tmp_path / "no-nets")
    with pytest.raises(ValueError, match="no network is shipped"):
        make_bot("policy", kumite.load("tekken"), 0)
    with pytest.raises(kumite.NetMismatchError):
        make_bot(f"az:10:{path}", kumite.load("tekken"), 0)


def test_the_shipped_networks_play_and_refuse_other_options() -> None:
    """Every network shipped in the package (`make agents`) loads for its game and the options it
    names (the defaults, or a party size of its own), plays as `policy` and `az:N`, records how it
    was trained, and is refused by a game built with other options (its fingerprint differs)."""
    shipped = sorted(kumite.bots.NETS.glob("*.safetensors"))
    assert shipped, "no network is shipped"
    other: dict[str, dict[str, object]] = {"tekken": {"hp": 25}, "senjutsu": {"battlefield": "open_field"},
                                           "ufs": {"first_player": 1}}
    for f in shipped:
        net = kumite.Net.load(f)
        name, options = net.metadata["game"], kumite.bots.net_options(net)
        assert f.name == kumite.bots.shipped_net_name(name, options)
        game = kumite.load(name, **options)
        state = game.new_state(seed=1)
        for spec in ("policy", "az:8"):
            assert make_bot(spec, game, 0).choose(state) in state.legal_actions()
        assert net.metadata["command"].startswith(f"make agents GAMES={name}") and float(net.metadata["cpu_minutes"]) > 0
        # Fatal Fight's other party: the next size (a network is tied to its party's size).
        elsewhere = other.get(name, {"players": int(options.get("players", 2)) % 4 + 1})
        with pytest.raises(kumite.NetMismatchError):
            net.check(kumite.load(name, **{**options, **elsewhere}))


def test_each_party_size_plays_its_own_shipped_network(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 52: "Fatal Fight per party size: one network for each of 1–4 players". The shipped
    file for a party size other than the default is named by its options; `az` and `policy`
    without a path take the shipped file whose fingerprint fits the game, and a party with none
    is refused with the sizes that have one."""
    monkeypatch.setattr(kumite.bots, "NETS", tmp_path)
    for options in ({}, {"players": 3}):
        game = kumite.load("fatal_fight", **options)
        name = kumite.bots.shipped_net_name("fatal_fight", options)
        learn.save_net(perturbed(game), game, tmp_path / name, {"options": json.dumps(options)})
    assert [f.name for f in kumite.bots.shipped_nets("fatal_fight")] == [
        "fatal_fight.safetensors", "fatal_fight.players-3.safetensors"]
    for players in (2, 3):
        game = kumite.load("fatal_fight", players=players)
        net = kumite.bots.load_net(game)
        assert net.metadata["obs_len"] == str(game.observation_shape[0])
        state = game.new_state(seed=1)
        assert make_bot("az:8", game, 0).choose(state) in state.legal_actions()
    with pytest.raises(kumite.NetMismatchError, match="are for the default options; players=3: for these options"):
        make_bot("policy", kumite.load("fatal_fight", players=4), 0)
    with pytest.raises(ValueError, match="does not make a file name"):
        kumite.bots.shipped_net_name("fatal_fight", {"content_dir": "/tmp/x"})


def value_head_twins(tmp_path: Path) -> tuple[kumite.Game, kumite.Net, kumite.Net, kumite.State]:
    """Two Tekken networks that differ only in their value heads, and a position in play."""
    game = kumite.load("tekken")
    params = perturbed(game)
    other = dict(params, **{"value.weight": -3 * params["value.weight"], "value.bias": params["value.bias"] + 1})
    a = learn.save_net(params, game, tmp_path / "a.safetensors")
    b = learn.save_net(other, game, tmp_path / "b.safetensors")
    state = game.new_state(seed=4)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    return game, a, b, state


def visits(game: kumite.Game, state: kumite.State, net: kumite.Net, values: str) -> np.ndarray:
    bot = kumite.MCTS(game, iterations=200, evaluator=net, threads=1, seed=2, leaf_values=values)  # type: ignore[arg-type]
    return bot.search(state).visits


def test_playout_leaf_values_keep_the_priors_and_ignore_the_value_head(tmp_path: Path) -> None:
    """leaf_values="playout": the network's priors guide the search and playouts value the
    leaves, so two networks that differ only in their value heads search alike, and a search
    with the value head reads differently."""
    game, a, b, state = value_head_twins(tmp_path)
    np.testing.assert_array_equal(visits(game, state, a, "playout"), visits(game, state, b, "playout"))
    assert not np.array_equal(visits(game, state, a, "evaluator"), visits(game, state, b, "evaluator"))
    with pytest.raises(ValueError, match="leaf_values"):
        kumite.MCTS(game, leaf_values="playout")
    with pytest.raises(ValueError, match="leaf_values"):
        kumite.MCTS(game, evaluator=a, leaf_values="net")  # type: ignore[arg-type]
    runs = [kumite.selfplay(game, a, games=2, simulations=12, seed=1, threads=t, max_steps=150, leaf_values="playout")
            for t in (1, 2)]
    assert_same_data(*runs)
    result = kumite.play_match(game, [f"azp:8:{tmp_path / 'a.safetensors'}", "random"], n_games=2, seed=1, max_steps=300)
    assert result.names[0] == f"azp:8:{tmp_path / 'a.safetensors'}"


def test_heuristic_leaf_values_keep_the_priors_and_read_the_game_heuristic(tmp_path: Path) -> None:
    """leaf_values="heuristic": the priors (uniform without a net) guide the search and the
    game's heuristic values the leaves, as `mcts:N:heuristic` does; two networks that differ
    only in their value heads search alike; self-play with it is the same on 1 and 2 threads."""
    game, a, b, state = value_head_twins(tmp_path)
    np.testing.assert_array_equal(visits(game, state, a, "heuristic"), visits(game, state, b, "heuristic"))
    assert not np.array_equal(visits(game, state, a, "heuristic"), visits(game, state, a, "playout"))
    with pytest.raises(ValueError, match="leaf_values='heuristic' keeps an evaluator's priors"):
        kumite.MCTS(game, evaluator="heuristic", leaf_values="heuristic")
    # Fatal Fight, the game it is for: random playouts lose its campaigns and run a hundred times longer.
    game = kumite.load("fatal_fight")
    ff = learn.save_net(perturbed(game), game, tmp_path / "ff.safetensors")
    for net in (None, ff):
        runs = [kumite.selfplay(game, net, games=2, simulations=16, seed=1, threads=t, leaf_values="heuristic")
                for t in (1, 2)]
        assert_same_data(*runs)
    playout = kumite.selfplay(game, None, games=2, simulations=16, seed=1, max_steps=60, leaf_values="playout")
    assert not np.array_equal(runs[0]["policy"][:10], playout["policy"][:10])
    result = kumite.play_match(game, [f"azh:8:{tmp_path / 'ff.safetensors'}"] * 2, n_games=2, seed=1)
    assert result.names[0] == f"azh:8:{tmp_path / 'ff.safetensors'} #0"  # a team of one spec, numbered


def test_the_play_server_seats_no_network_from_a_path() -> None:
    from kumite.viewer.server import App, BadRequest

    for spec in ("policy:/etc/passwd", "az:8:/etc/passwd", "azp:8:/etc/passwd", "azh:8:/etc/passwd"):
        with pytest.raises(BadRequest, match="shipped networks only"):
            App().api("/api/new", {"game": "ufs", "seats": ["human", spec]})

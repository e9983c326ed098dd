"""Issue 53: "the network's layout named once" (the tensor names, metadata keys and format of
`kumite-net-1` are the Rust reader's, and the trainer reads them) and "the trainer's evaluation
MCTS is built from a bot spec" with the same searches as before."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

import kumite
from kumite.bots import AZ_EXPLORATION

learn = pytest.importorskip("kumite.learn")
safetensors_numpy = pytest.importorskip("safetensors.numpy")
from kumite.learn.trainer import Trainer  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
LEARN = REPO / "python" / "kumite" / "learn"


def test_the_layout_is_the_rust_readers() -> None:
    layers = kumite.Net.layout(5, 3, 2, 4, 2)
    assert [(w, b) for w, b, _, _ in layers] == [
        (f"{name}.weight", f"{name}.bias")
        for name in ("input", "blocks.0.fc1", "blocks.0.fc2", "blocks.1.fc1", "blocks.1.fc2", "policy", "value")]
    assert [(out, inp) for _, _, out, inp in layers] == [(4, 5), (4, 4), (4, 4), (4, 4), (4, 4), (3, 4), (2, 4)]
    params = learn.init_params(0, 5, 3, 2, 4, 2)
    assert {k: v.shape for k, v in params.items()} == {
        k: shape for w, b, out, inp in layers for k, shape in ((w, (out, inp)), (b, (out,)))}


def test_the_metadata_keys_and_format_are_the_rust_readers(tmp_path: Path) -> None:
    game = kumite.load("tekken")
    params = learn.init_params(0, game.observation_shape[0], game.num_actions, game.num_players, 8, 1)
    net = learn.save_net(params, game, tmp_path / "n.safetensors", {"seed": 0})
    stated = kumite.Net.metadata_for(game, 8, 1)
    assert list(stated) == ["format", "game", "obs_len", "num_actions", "num_players", "hidden", "blocks", "fingerprint"]
    assert stated["format"] == kumite.Net.FORMAT == "kumite-net-1"
    assert net.metadata == {**stated, "seed": "0"}
    net.check(game)


def string_literals(path: Path) -> set[str]:
    """Every string constant of a module but its docstrings."""
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
                  and isinstance(node.body[0], ast.Expr)}
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings}


@pytest.mark.parametrize("module", ["model.py", "export.py"])
def test_the_python_side_writes_no_layout_name(module: str) -> None:
    # The tensors' names (a bare layer name such as "policy" is also a self-play data key).
    names = {name for w, b, _, _ in kumite.Net.layout(1, 1, 1, 1, 1) for name in (w, b)}
    keys = set(kumite.Net.metadata_for(kumite.load("tekken"), 1, 1)) | {kumite.Net.FORMAT}
    # A name itself, or a piece of one an f-string would join ("blocks.", ".fc1", ".weight").
    found = {s for s in string_literals(LEARN / module)
             if s in names | keys or ("." in s and len(s) > 1 and any(s in n for n in names))}
    assert not found, found


def test_the_shipped_network_loads_and_writes_back_bit_identically(tmp_path: Path) -> None:
    """No format change: the shipped file's tensors, read by the Rust reader and by the JAX twin,
    give the same priors and values, and written again they are the same bits."""
    path = REPO / "python" / "kumite" / "nets" / "tekken.safetensors"
    params = safetensors_numpy.load_file(path)
    net = kumite.Net.load(path)
    game = kumite.load("tekken")
    state, obs, masks = game.new_state(seed=4), [], []
    for _ in range(12):
        assert state.current_player is not None
        obs.append(state.observation(state.current_player))
        masks.append(state.legal_action_mask())
        state.apply(state.legal_actions()[0])
    o, m = np.array(obs, np.float32), np.array(masks)
    priors, values = net.evaluate(o, m)
    log_priors, jax_values = learn.forward(params, o, m)
    np.testing.assert_allclose(priors, np.where(m, np.exp(np.asarray(log_priors)), 0.0), atol=1e-5)
    np.testing.assert_allclose(values, np.asarray(jax_values), atol=1e-5)
    provenance = {k: v for k, v in net.metadata.items() if k not in kumite.Net.metadata_for(game, 1, 1)}
    again = learn.net_bytes(params, game, provenance)
    for key, tensor in safetensors_numpy.load(again).items():
        assert tensor.tobytes() == params[key].tobytes(), key
    rewritten = kumite.Net.from_bytes(again).metadata
    assert {**rewritten, "fingerprint": ""} == {**net.metadata, "fingerprint": ""}


def trainer(tmp_path: Path, **settings: object) -> Trainer:
    cfg = learn.TrainConfig(game="tekken", out=str(tmp_path), simulations=6, hidden=8, blocks=1, eval_games=2,
                            eval_opponents=("random",), max_steps=60, **settings)  # type: ignore[arg-type]
    t = Trainer(cfg, log=lambda _: None)
    t.export("net.safetensors")
    return t


@pytest.mark.parametrize(("values", "specs"), [("playout", ["az:6"]), ("heuristic", ["az:6", "azh:6"])])
@pytest.mark.parametrize("gumbel", [16, None])
def test_the_evaluation_searches_are_bot_specs_searching_as_before(
        values: str, specs: list[str], gumbel: int | None, tmp_path: Path) -> None:
    """The curve's searches are `az:N` (and `azh:N` after a heuristic warmup) at self-play's
    simulations, built by `MCTS.from_spec`: the same moves as the search built by hand before
    (the net, AZ_EXPLORATION, one thread, the run's seed, its Gumbel root) and the same names."""
    t = trainer(tmp_path, warmup_values=values, gumbel=gumbel, seed=3)
    assert [str(s) for s in t.eval_specs()] == specs
    game = t.game
    for spec in t.eval_specs():
        built = kumite.MCTS.from_spec(game, spec, seed=3, threads=1, net=t.net, gumbel=gumbel)
        by_hand = kumite.MCTS(game, iterations=6, evaluator=t.net, exploration=AZ_EXPLORATION, threads=1, seed=3,
                              gumbel=gumbel, leaf_values="heuristic" if spec.kind == "azh" else "evaluator")
        state = game.new_state(seed=2)
        for _ in range(8):
            np.testing.assert_array_equal(built.policy(state), by_hand.policy(state))
            action = built.choose(state)
            assert action == by_hand.choose(state)
            state.apply(action)
    point = t.evaluate()
    suffix = f" gumbel:{gumbel}" if gumbel else ""
    assert [k for k in point if " vs " in k] == ["policy vs random"] + [f"{s}{suffix} vs random" for s in specs]

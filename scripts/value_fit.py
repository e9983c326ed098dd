"""How well a network of a given shape and loss fits a training run's replay buffer, on its
training positions and on games it has not seen (docs/agents.md, "Value heads that fit their
games"): the replay buffer its checkpoint names is read as `--resume` reads it, its last tenth
of chunks (its newest iterations' games) is held out, each
shape trains on the rest from the same start (``kumite train``'s initial weights, AdamW, batches
of 256), and ten times a run it prints the policy and value losses on both, beside the held-out
value loss of predicting every position the mean outcome (the floor a value head must beat).

    python scripts/value_fit.py RUN_FOLDER GAME STEPS HIDDEN:BLOCKS:WEIGHT_DECAY:VALUE_WEIGHT ...

Game options are not taken: the run must be of the game's default options."""

from __future__ import annotations

import argparse
import pickle
import time
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax  # type: ignore[import-untyped]  # optax ships no type information

import kumite
from kumite.learn.buffer import FIELDS, Chunk, ReplayBuffer
from kumite.learn.model import init_params, loss_fn
from kumite.learn.trainer import CHECKPOINT


def shape(text: str) -> tuple[int, int, float, float]:
    hidden, blocks, decay, weight = text.split(":")
    return int(hidden), int(blocks), float(decay), float(weight)


def buffer_chunks(run: Path) -> list[Chunk]:
    """The replay buffer's chunks as the run's checkpoint names them (the rows each keeps)."""
    with open(run / CHECKPOINT, "rb") as f:
        state = pickle.load(f)  # noqa: S301 - a training run's own file, named by the user
    buffer = ReplayBuffer(run, state["config"]["buffer_rows"])
    buffer.load(state["buffer_chunks"], state["iteration"])
    return buffer.chunks


def rows_of(chunks: list[Chunk]) -> dict[str, np.ndarray]:
    return {k: np.concatenate([c.rows[k] for c in chunks]) for k in FIELDS}


def losses(params: Any, data: dict[str, np.ndarray], rows: int = 20_000) -> tuple[float, float]:
    idx = np.arange(min(rows, len(data["truncated"])))
    _, parts = loss_fn(params, {k: jnp.asarray(v[idx]) for k, v in data.items()})
    return float(parts["policy_loss"]), float(parts["value_loss"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("game")
    parser.add_argument("steps", type=int)
    parser.add_argument("shapes", nargs="+", type=shape, metavar="HIDDEN:BLOCKS:WEIGHT_DECAY:VALUE_WEIGHT")
    args = parser.parse_args()
    chunks = buffer_chunks(args.run)
    held = max(1, len(chunks) // 10)
    train, test = rows_of(chunks[:-held]), rows_of(chunks[-held:])
    print(f"{args.run}: {len(train['truncated'])} training rows, {len(test['truncated'])} held out ({held} chunks)")
    game = kumite.load(args.game)
    rng = np.random.default_rng(0)
    known = ~test["truncated"]
    mean = train["values"][~train["truncated"]].mean(0)
    print(f"held-out value loss of the mean outcome: {float(np.mean((test['values'][known] - mean) ** 2)):.4f}")
    for hidden, blocks, decay, weight in args.shapes:
        params = {k: jnp.asarray(v) for k, v in init_params(
            0, game.observation_shape[0], game.num_actions, game.num_players, hidden, blocks).items()}
        optimizer = optax.adamw(1e-3, weight_decay=decay)
        state = optimizer.init(params)

        @jax.jit
        def step(params: Any, state: Any, batch: dict[str, Any], weight: float = weight) -> tuple[Any, Any]:
            (_, _), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch, weight)
            updates, state = optimizer.update(grads, state, params)
            return optax.apply_updates(params, updates), state

        start, n = time.time(), len(train["truncated"])
        for s in range(1, args.steps + 1):
            idx = rng.integers(0, n, 256)
            params, state = step(params, state, {k: jnp.asarray(v[idx]) for k, v in train.items()})
            if s % max(1, args.steps // 10) == 0:
                (tp, tv), (hp, hv) = losses(params, train), losses(params, test)
                print(f"{hidden}x{blocks} weight decay {decay:g} value weight {weight:g} step {s}: training policy "
                      f"{tp:.3f} value {tv:.4f} | held out policy {hp:.3f} value {hv:.4f} | {time.time() - start:.0f} s",
                      flush=True)


if __name__ == "__main__":
    main()

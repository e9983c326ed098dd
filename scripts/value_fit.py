"""How well a network of a given shape and loss fits a training run's replay buffer, on its
training positions and on games it has not seen (docs/agents.md, "Value heads that fit their
games"): the replay buffer its checkpoint names is read as `--resume` reads it, its last tenth
of chunks (its newest iterations' games) is held out, each
shape trains on the rest from the same start (``kumite train``'s initial weights, AdamW, batches
of 256), and ten times a run it prints the policy and value losses on both, beside the held-out
value loss of predicting every position the mean outcome (the floor a value head must beat).

    python scripts/value_fit.py RUN_FOLDER GAME STEPS HIDDEN:BLOCKS:WEIGHT_DECAY:VALUE_WEIGHT[:SEAT_WIDTH] ...

A fifth field above 0 tries a per-entity input instead of the flat one (docs/agents.md, "A
network that sees the seats"): one encoder, its weights shared by every seat, turns each
player's part of the observation (the layout's blocks named "P0…", "P1…", each seat's the same
features) into SEAT_WIDTH units, and the network reads those beside the rest of the observation.
Such a network has no Rust reader and no file format: this script only measures whether the
shared weights predict unseen games better.

Game options are not taken: the run must be of the game's default options."""

from __future__ import annotations

import argparse
import pickle
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax  # type: ignore[import-untyped]  # optax ships no type information

import kumite
from kumite.learn.buffer import FIELDS, Chunk, ReplayBuffer
from kumite.learn.model import Params, init_params, loss_fn
from kumite.learn.trainer import CHECKPOINT


def shape(text: str) -> tuple[int, int, float, float, int]:
    hidden, blocks, decay, weight, *seat = text.split(":")
    return int(hidden), int(blocks), float(decay), float(weight), int(seat[0]) if seat else 0


def seat_ranges(game: kumite.Game) -> list[tuple[int, int]]:
    """Each seat's part of the observation, ``(start, end)``, from the layout's blocks named for
    the seat ("P0's counters", "P1 (the same features)")."""
    ranges = []
    for p in range(game.num_players):
        blocks = [b for b in game.observation_layout() if re.match(rf"P{p}\b", b["name"])]
        start, end = blocks[0]["start"], blocks[-1]["start"] + blocks[-1]["size"]
        if sum(b["size"] for b in blocks) != end - start:
            raise SystemExit(f"{game.name}: P{p}'s blocks are not contiguous")
        ranges.append((start, end))
    if len({e - s for s, e in ranges}) != 1:
        raise SystemExit(f"{game.name}: the seats' parts differ in size: {ranges}")
    return ranges


def seat_input(game: kumite.Game, width: int) -> tuple[int, Callable[[Params, Any], Any], Params]:
    """The per-entity input: the flat network's input length, a function making that input from
    the encoder's parameters and an observation batch, and the encoder's initial parameters."""
    seats = seat_ranges(game)
    rest = np.ones(game.observation_shape[0], bool)
    for s, e in seats:
        rest[s:e] = False
    rest_idx = jnp.asarray(np.flatnonzero(rest))
    size = seats[0][1] - seats[0][0]
    rng = np.random.default_rng(1)
    encoder = {"w": (rng.standard_normal((width, size)) * np.sqrt(2.0 / size)).astype(np.float32),
               "b": np.zeros(width, np.float32)}

    def transform(enc: Params, obs: Any) -> Any:
        parts = [obs[:, rest_idx]] + [jax.nn.relu(obs[:, s:e] @ enc["w"].T + enc["b"]) for s, e in seats]
        return jnp.concatenate(parts, axis=1)

    return int(rest.sum()) + width * len(seats), transform, encoder


def buffer_chunks(run: Path) -> list[Chunk]:
    """The replay buffer's chunks as the run's checkpoint names them (the rows each keeps)."""
    with open(run / CHECKPOINT, "rb") as f:
        state = pickle.load(f)  # noqa: S301 - a training run's own file, named by the user
    buffer = ReplayBuffer(run, state["config"]["buffer_rows"])
    buffer.load(state["buffer_chunks"], state["iteration"])
    return buffer.chunks


def rows_of(chunks: list[Chunk]) -> dict[str, np.ndarray]:
    return {k: np.concatenate([c.rows[k] for c in chunks]) for k in FIELDS}


def losses(loss: Callable[..., Any], params: Any, data: dict[str, np.ndarray], rows: int = 20_000) -> tuple[float, float]:
    idx = np.arange(min(rows, len(data["truncated"])))
    _, parts = loss(params, {k: jnp.asarray(v[idx]) for k, v in data.items()})
    return float(parts["policy_loss"]), float(parts["value_loss"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("game")
    parser.add_argument("steps", type=int)
    parser.add_argument("shapes", nargs="+", type=shape, metavar="HIDDEN:BLOCKS:WEIGHT_DECAY:VALUE_WEIGHT[:SEAT_WIDTH]")
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
    for hidden, blocks, decay, weight, seat_width in args.shapes:
        encoder: Params = {}
        inputs, transform = game.observation_shape[0], lambda _, obs: obs
        if seat_width:
            inputs, transform, encoder = seat_input(game, seat_width)
        net = init_params(0, inputs, game.num_actions, game.num_players, hidden, blocks)
        params = {"net": net, "encoder": encoder}
        params = jax.tree_util.tree_map(jnp.asarray, params)
        optimizer = optax.adamw(1e-3, weight_decay=decay)
        state = optimizer.init(params)

        def loss(params: Any, batch: dict[str, Any], weight: float = weight,
                 transform: Callable[[Params, Any], Any] = transform) -> Any:
            return loss_fn(params["net"], {**batch, "observations": transform(params["encoder"], batch["observations"])},
                           weight)

        @jax.jit
        def step(params: Any, state: Any, batch: dict[str, Any], loss: Callable[..., Any] = loss) -> tuple[Any, Any]:
            (_, _), grads = jax.value_and_grad(loss, has_aux=True)(params, batch)
            updates, state = optimizer.update(grads, state, params)
            return optax.apply_updates(params, updates), state

        start, n = time.time(), len(train["truncated"])
        for s in range(1, args.steps + 1):
            idx = rng.integers(0, n, 256)
            params, state = step(params, state, {k: jnp.asarray(v[idx]) for k, v in train.items()})
            if s % max(1, args.steps // 10) == 0:
                (tp, tv), (hp, hv) = losses(loss, params, train), losses(loss, params, test)
                what = f"seats encoded to {seat_width}, " if seat_width else ""
                print(f"{what}{hidden}x{blocks} weight decay {decay:g} value weight {weight:g} step {s}: training policy "
                      f"{tp:.3f} value {tv:.4f} | held out policy {hp:.3f} value {hv:.4f} | {time.time() - start:.0f} s",
                      flush=True)


if __name__ == "__main__":
    main()

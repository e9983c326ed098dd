"""How well a network of a given shape and loss fits a training run's replay buffer, on its
training positions and on games it has not seen (docs/agents.md, "Value heads that fit their
games"): the replay buffer its checkpoint names is read as `--resume` reads it, its last tenth
of chunks (its newest iterations' games) is held out, each
shape trains on the rest from the same start (``kumite train``'s initial weights, AdamW, batches
of 256), and ten times a run it prints the policy and value losses on both, beside the held-out
value loss of predicting every position the mean outcome (the floor a value head must beat).

    python scripts/value_fit.py RUN_FOLDER GAME STEPS HIDDEN:BLOCKS:WEIGHT_DECAY:VALUE_WEIGHT[:SEAT_WIDTH[:CARD_WIDTH]]
        ... [--more RUN_FOLDER ...] [--every K]

The last two fields try per-entity inputs instead of the flat one (docs/agents.md, "Networks
that see seats and cards"). SEAT_WIDTH above 0: one encoder, its weights shared by every seat,
turns each player's part of the observation (the layout's blocks named "P0…", "P1…", each
seat's the same features) into SEAT_WIDTH units, read beside the rest of the observation.
CARD_WIDTH above 0: every zone counted per card (the layout's blocks named "per card", cut into
rows of one count per card) is the sum of its cards' embeddings, CARD_WIDTH numbers a card from
one table for every zone, read beside the rest. Such networks have no Rust reader and no file
format: this script only measures whether the shared weights predict unseen games better.

Game options are not taken: the run must be of the game's default options."""

from __future__ import annotations

import argparse
import math
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


def shape(text: str) -> tuple[int, int, float, float, int, int]:
    hidden, blocks, decay, weight, *entities = text.split(":")
    seat, card = [int(e) for e in entities] + [0] * (2 - len(entities))
    return int(hidden), int(blocks), float(decay), float(weight), seat, card


def seat_ranges(game: kumite.Game) -> list[tuple[int, int]]:
    """Each seat's part of the observation, ``(start, end)``, from the layout's blocks named for
    the seat ("P0's counters", "P1 (the same features)")."""
    ranges = []
    for p in range(game.num_players):
        blocks = [b for b in game.observation_layout() if re.match(rf"P{p}\b", b["name"])]
        if not blocks:
            raise SystemExit(f"{game.name}: the observation's layout names no block for P{p}, so its seats cannot "
                             "share an encoder")
        start, end = blocks[0]["start"], blocks[-1]["start"] + blocks[-1]["size"]
        if sum(b["size"] for b in blocks) != end - start:
            raise SystemExit(f"{game.name}: P{p}'s blocks are not contiguous")
        ranges.append((start, end))
    if len({e - s for s, e in ranges}) != 1:
        raise SystemExit(f"{game.name}: the seats' parts differ in size: {ranges}")
    return ranges


def entity_input(game: kumite.Game, rows: np.ndarray, width: int, encode: Callable[[Params, Any], Any],
                 encoder: Params) -> tuple[int, Callable[[Params, Any], Any], Params]:
    """A per-entity input: each row of `rows` (an entity's observation indices) goes through
    `encode` into `width` numbers, read beside the observation's other entries as they are. The
    flat network's input length, the function making that input from the encoder's parameters and
    an observation batch, and the encoder's initial parameters."""
    rest = np.ones(game.observation_shape[0], bool)
    rest[rows.ravel()] = False
    rest_idx, rows_idx = jnp.asarray(np.flatnonzero(rest)), jnp.asarray(rows)

    def transform(enc: Params, obs: Any) -> Any:
        entities = encode(enc, obs[:, rows_idx])  # (batch, entities, width)
        return jnp.concatenate([obs[:, rest_idx], entities.reshape(obs.shape[0], -1)], axis=1)

    return int(rest.sum()) + width * len(rows), transform, encoder


def seat_input(game: kumite.Game, width: int) -> tuple[int, Callable[[Params, Any], Any], Params]:
    """Each seat's part of the observation through one encoder (a ReLU layer) shared by the seats."""
    rows = np.array([np.arange(s, e) for s, e in seat_ranges(game)])
    size = rows.shape[1]
    rng = np.random.default_rng(1)
    encoder = {"w": (rng.standard_normal((width, size)) * np.sqrt(2.0 / size)).astype(np.float32),
               "b": np.zeros(width, np.float32)}
    return entity_input(game, rows, width, lambda enc, x: jax.nn.relu(x @ enc["w"].T + enc["b"]), encoder)


def card_input(game: kumite.Game, width: int) -> tuple[int, Callable[[Params, Any], Any], Params]:
    """Each zone's row of per-card counts (the blocks named "per card", as many numbers a row as
    the gcd of their sizes) as the sum of its cards' embeddings, one table for all."""
    blocks = [b for b in game.observation_layout() if "per card" in b["name"]]
    kinds = math.gcd(*(b["size"] for b in blocks))
    if kinds < 2:
        raise SystemExit(f"{game.name}: the layout's blocks named 'per card' share no row of cards "
                         f"({[b['size'] for b in blocks]} numbers)")
    rows = np.array([[b["start"] + r * kinds + k for k in range(kinds)] for b in blocks for r in range(b["size"] // kinds)])
    table = (np.random.default_rng(2).standard_normal((kinds, width)) * np.sqrt(1.0 / kinds)).astype(np.float32)
    print(f"{len(rows)} zones of {kinds} cards embedded in {width} numbers; "
          f"{game.observation_shape[0] - rows.size} inputs read as they are")
    return entity_input(game, rows, width, lambda enc, x: x @ enc["cards"], {"cards": table})


def buffer_chunks(run: Path) -> list[Chunk]:
    """The replay buffer's chunks as the run's checkpoint names them (the rows each keeps)."""
    with open(run / CHECKPOINT, "rb") as f:
        state = pickle.load(f)  # noqa: S301 - a training run's own file, named by the user
    buffer = ReplayBuffer(run, state["config"]["buffer_rows"])
    buffer.load(state["buffer_chunks"], state["iteration"])
    return buffer.chunks


def rows_of(chunks: list[Chunk], every: int = 1) -> dict[str, np.ndarray]:
    """The chunks' rows, every `every`-th of each chunk's (a game's positions are alike, so a
    share of them keeps about all a buffer tells while more games fit in memory)."""
    return {k: np.concatenate([c.rows[k][::every] for c in chunks]) for k in FIELDS}


def losses(loss: Callable[..., Any], params: Any, data: dict[str, np.ndarray], rows: int = 20_000) -> tuple[float, float]:
    idx = np.arange(min(rows, len(data["truncated"])))
    _, parts = loss(params, {k: jnp.asarray(v[idx]) for k, v in data.items()})
    return float(parts["policy_loss"]), float(parts["value_loss"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("game")
    parser.add_argument("steps", type=int)
    parser.add_argument("shapes", nargs="+", type=shape, metavar="HIDDEN:BLOCKS:WEIGHT_DECAY:VALUE_WEIGHT[:SEAT_WIDTH[:CARD_WIDTH]]")
    parser.add_argument("--more", type=Path, action="append", default=[], metavar="RUN",
                        help="another run of the same game whose whole buffer trains too (the held-out games stay "
                             "the first run's)")
    parser.add_argument("--every", type=int, default=1, metavar="K", help="train on every K-th position only")
    args = parser.parse_args()
    if args.every < 1:
        parser.error(f"--every is at least 1, not {args.every}")
    chunks = buffer_chunks(args.run)
    held = max(1, len(chunks) // 10)
    more = [c for run in args.more for c in buffer_chunks(run)]
    widths = {c.rows["observations"].shape[1] for c in chunks + more}
    if len(widths) > 1:
        parser.error(f"the runs' observations differ in length ({sorted(widths)}): --more takes runs of the same game")
    train, test = rows_of(chunks[:-held] + more, args.every), rows_of(chunks[-held:])
    print(f"{args.run}{''.join(f' + {r}' for r in args.more)}: {len(train['truncated'])} training rows"
          f"{f' (one position in {args.every})' if args.every > 1 else ''}, {len(test['truncated'])} held out "
          f"({held} chunks)")
    game = kumite.load(args.game)
    rng = np.random.default_rng(0)
    known = ~test["truncated"]
    mean = train["values"][~train["truncated"]].mean(0)
    print(f"held-out value loss of the mean outcome: {float(np.mean((test['values'][known] - mean) ** 2)):.4f}")
    for hidden, blocks, decay, weight, seat_width, card_width in args.shapes:
        if seat_width and card_width:
            parser.error("one per-entity input at a time: SEAT_WIDTH or CARD_WIDTH")
        encoder: Params = {}
        inputs, transform = game.observation_shape[0], lambda _, obs: obs
        if seat_width:
            inputs, transform, encoder = seat_input(game, seat_width)
        if card_width:
            inputs, transform, encoder = card_input(game, card_width)
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
                what = (f"seats encoded to {seat_width}, " if seat_width else "") + (
                    f"cards embedded in {card_width}, " if card_width else "")
                print(f"{what}{hidden}x{blocks} weight decay {decay:g} value weight {weight:g} step {s}: training policy "
                      f"{tp:.3f} value {tv:.4f} | held out policy {hp:.3f} value {hv:.4f} | {time.time() - start:.0f} s",
                      flush=True)


if __name__ == "__main__":
    main()

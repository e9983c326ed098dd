"""Self-play speed (the figures of docs/agents.md): a random-initialised network of 128 hidden
units and 2 blocks, 32 simulations a move, 4 games of at most 400 actions, on 1 and 2 threads;
the network's cost per leaf in batches of 16 of the observations self-play recorded, through
`Net.evaluate`, and so its share of a one-thread self-play simulation; and, beside them,
rollout MCTS (random playouts, no network) on one thread from the same starting positions.
Needs the learn extra.

    .venv/bin/python bench/selfplay_bench.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import numpy as np

import kumite
from kumite.learn import init_params, save_net


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name in kumite.games():
            game = kumite.load(name)
            params = init_params(0, game.observation_shape[0], game.num_actions, game.num_players, 128, 2)
            net = save_net(params, game, Path(tmp) / f"{name}.safetensors")
            rates = []
            for threads in (1, 2):
                start = time.perf_counter()
                data = kumite.selfplay(game, net, games=4, simulations=32, seed=0, max_steps=400, threads=threads)
                rates.append(data["simulations"] / (time.perf_counter() - start))
            # Observations and masks the games recorded: the sparse inputs the search feeds the net.
            obs = np.ascontiguousarray(data["observations"][:16], dtype=np.float32)
            masks = np.ascontiguousarray(data["masks"][:16], dtype=bool)
            start = time.perf_counter()
            for _ in range(200):
                net.evaluate(obs, masks)
            per_leaf = (time.perf_counter() - start) / 3200 * 1e6
            # A simulation evaluates one leaf; the Python call adds a little over the Rust batch.
            share = per_leaf * 1e-6 * rates[0]
            state = game.new_state(0)
            bot = kumite.MCTS(game, iterations=2000, threads=1, seed=0)
            start = time.perf_counter()
            bot.search(state)
            rollout_rate = 2000 / (time.perf_counter() - start)
            print(f"{name}: {rates[0]:,.0f} / {rates[1]:,.0f} simulations/s on 1 / 2 threads; net {per_leaf:.1f} µs a leaf, "
                  f"at most {share:.0%} of a simulation; rollout MCTS {rollout_rate:,.0f} iterations/s on 1 thread")


if __name__ == "__main__":
    main()

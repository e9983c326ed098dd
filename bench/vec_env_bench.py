"""VecEnv throughput: steps/s (environment steps, i.e. actions; time inside `env.step` only, not
the action choice: `env.sample_actions()` by default, `--policy argmax` for numpy over random
scores) at several batch sizes, on one thread and on all cores, with and without observations.
Also the share of a step's time spent encoding observations, and, from the Rust report
(`--rust-json`, default `target/bench/report.json`, run once if missing): steps/s ÷ the Rust
random-playout rate, and the Python overhead at N = 1024 on one thread (the Rust `VecEnv` the
binding wraps, measured by the report the same way, ÷ this)."""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
from common import ForeignLoad, fmt_rate, load_rust, machine, markdown

import kumite


def rate(game: kumite.Game, n: int, threads: int | None, observations: bool, budget: float, policy: str) -> float:
    env = kumite.VecEnv(game, n, seed=0, threads=threads, observations=observations)
    batch = env.reset()
    rng = np.random.default_rng(0)
    # `argmax`: a policy's view of the batch, pre-drawn scores over every action (it reads and
    # writes num_envs × num_actions floats between steps, as a network's logits would).
    scores = rng.random((64, n, game.num_actions), dtype=np.float32) if policy == "argmax" else None
    steps, k, stepping = 0, 0, 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        if scores is None:
            actions = env.sample_actions()
        else:
            actions = np.argmax(scores[k % 64] + batch.legal_mask, axis=1)
        t = time.perf_counter()
        batch = env.step(actions)
        stepping += time.perf_counter() - t
        steps += n
        k += 1
    # Only the time inside env.step counts: choosing actions is the caller's business.
    return steps / stepping


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 64, 1024, 8192])
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--policy", choices=["sample", "argmax"], default="sample",
                        help="how actions are chosen: env.sample_actions() or numpy argmax over random scores")
    parser.add_argument("--games", nargs="*", default=None, help="default: every game")
    parser.add_argument("--rust-json", help="JSON written by the Rust report bench")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    rust = load_rust(args.rust_json)
    print(f"machine: {machine()}; actions: {args.policy}")
    for name in args.games or kumite.games():
        game = kumite.load(name)
        rows = []
        load = ForeignLoad()
        for n in args.sizes:
            for threads in sorted({1, cores}):
                with_obs = rate(game, n, threads, True, args.budget, args.policy)
                without = rate(game, n, threads, False, args.budget, args.policy)
                obs_share = max(0.0, 1.0 - with_obs / without)
                r = rust.get(name, {})
                one = threads == 1 and bool(r.get("steps_per_sec"))
                vs_rust = f"{without / r['steps_per_sec']:.0%}" if one else "-"
                same = one and n == r.get("vec_env_n") and bool(r.get("vec_env_with_obs_steps_per_sec"))
                overhead = (
                    f"{r['vec_env_without_obs_steps_per_sec'] / without:.2f}x / {r['vec_env_with_obs_steps_per_sec'] / with_obs:.2f}x"
                    if same else "-"
                )
                rows.append([name, str(n), str(threads), fmt_rate(without), fmt_rate(with_obs), f"{obs_share:.0%}", vs_rust, overhead])
        print(markdown(
            ["game", "N", "threads", "steps/s without obs", "steps/s with obs", "obs share of step",
             "without obs ÷ Rust playout (1 thread)", "Rust VecEnv ÷ Python VecEnv, without / with obs"],
            rows,
        ))
        foreign = load.cores()
        if foreign is not None:
            print(f"other processes used {foreign:.2f} cores on average during the run")


if __name__ == "__main__":
    main()

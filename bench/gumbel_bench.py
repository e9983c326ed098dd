"""Gumbel root selection against PUCT at small budgets (docs/agents.md, "Search made for a
network"): the same network inside both searches, `az:N` with PUCT against `az:N` with Gumbel
(16 considered actions), N simulations a move each, seats swapped every game, one search thread
each; the Gumbel side's win rate (draws half) with its Wilson 95 % interval.

    .venv/bin/python bench/gumbel_bench.py NET.safetensors --games 200 --budgets 16 50 200
"""

from __future__ import annotations

import argparse
import time

import kumite
from kumite.bots import AZ_EXPLORATION


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("net", help="a network file (kumite train writes one)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budgets", type=int, nargs="+", default=[16, 50, 200])
    parser.add_argument("--considered", type=int, default=16)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    net = kumite.Net.load(args.net)
    game = kumite.load(net.metadata["game"], **dict(o.split("=", 1) for o in args.option))
    print(f"{game.name}: {args.games} games per budget, seats swapped, net {args.net}")
    print("| simulations | Gumbel wins (draws half) | 95 % interval | truncated | minutes |")
    print("|---:|---:|---|---:|---:|")
    for n in args.budgets:
        puct = kumite.MCTS(game, iterations=n, evaluator=net, exploration=AZ_EXPLORATION, threads=1, seed=args.seed)
        gumbel = kumite.MCTS(game, iterations=n, evaluator=net, exploration=AZ_EXPLORATION, threads=1,
                             seed=args.seed + 1, gumbel=args.considered)
        start = time.perf_counter()
        r = kumite.play_match(game, [gumbel, puct], n_games=args.games, seed=args.seed, names=["gumbel", "puct"],
                              progress=False)
        low, high = r.ci95[0]
        print(f"| {n} | {r.win_rate[0]:.1%} | [{low:.1%}, {high:.1%}] | {int(r.truncated.sum())} | "
              f"{(time.perf_counter() - start) / 60:.1f} |", flush=True)


if __name__ == "__main__":
    main()

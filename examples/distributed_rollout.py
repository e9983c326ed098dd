"""Random rollouts and an MCTS match over Ray. Runs unchanged on a laptop (a local Ray instance)
or a cluster: `python examples/distributed_rollout.py --address auto` (or ray://host:10001)."""

from __future__ import annotations

import argparse
import time

import kumite
from kumite import distributed

parser = argparse.ArgumentParser()
parser.add_argument("--address", default=None, help="Ray address; default starts a local instance")
parser.add_argument("--games", type=int, default=100_000)
args = parser.parse_args()

game = kumite.load("tekken")
start = time.perf_counter()
result = distributed.rollout(game, args.games, seed=0, address=args.address)
seconds = time.perf_counter() - start
print(f"{args.games} random games over Ray in {seconds:.1f}s: {args.games / seconds:,.0f} games/s, "
      f"{result.lengths.sum() / seconds / 1e6:.2f} M steps/s")
print(distributed.play_match(game, ["mcts:200", "random"], n_games=20, address=args.address))

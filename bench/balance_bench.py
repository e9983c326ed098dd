"""The balance lab's throughput against ``kumite.play_match`` on the same bots.

    .venv/bin/python bench/balance_bench.py [--game tekken] [--bots mcts:100] [--games 10] [--workers 2]

The lab plays its whole matrix (``--games`` per cell) in ``--workers`` processes, each search on
one thread; ``play_match`` plays the same number of games, one after another, in this process,
its searches on every core (the bots' default). Both report games per second of wall time, and
the load average before and after, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import time

import kumite
from kumite import balance


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="tekken")
    parser.add_argument("--bots", default="mcts:100")
    parser.add_argument("--games", type=int, default=10, help="games per cell of the lab's matrix")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    start = time.perf_counter()
    report = balance.run(args.game, bots=[args.bots], games=args.games, workers=args.workers, progress=False)
    lab = time.perf_counter() - start
    played = sum(c["games"] for t in report["tables"] for c in t["arms"]["default"]["cells"])
    game = kumite.load(args.game)
    start = time.perf_counter()
    kumite.play_match(game, [args.bots] * game.num_players, n_games=played, progress=False)
    match = time.perf_counter() - start
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print("| what | games | wall s | games/s |\n|---|---:|---:|---:|")
    print(f"| `kumite balance {args.game}`, {args.workers} workers, `{args.bots}` | {played} | {lab:.1f} | {played / lab:.2f} |")
    print(f"| `kumite.play_match`, `{args.bots}` both seats, searches on every core | {played} | {match:.1f} | {played / match:.2f} |")


if __name__ == "__main__":
    main()

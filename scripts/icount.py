"""Instructions per action of uniformly random games, and per iteration of a search, for every
game (``make icount``): machine-independent figures, so any change can show its cost however
loaded the machine is. Each figure is the difference of two cachegrind runs of
``examples/random_games.rs`` (the default seeds and none), so the start-up (content, tables)
cancels, divided by the actions (iterations) played."""

from __future__ import annotations

import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "target" / "release" / "examples" / "random_games"
GAMES = ["tekken", "senjutsu", "fatal_fight", "ufs"]


def cachegrind(game: str, mode: str, seeds: int | None) -> tuple[int, int]:
    """The instructions of one run and the count it printed."""
    argv = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
            str(EXAMPLE), game, mode] + ([str(seeds)] if seeds is not None else [])
    run = subprocess.run(argv, capture_output=True, text=True, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if refs is None:
        raise SystemExit(f"no instruction count from cachegrind:\n{run.stderr}")
    return int(refs.group(1).replace(",", "")), int(run.stdout.split()[1])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--mcts", action="store_true", help="also a search workload (slower)")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "-q", "--release", "-p", "kumite", "--example", "random_games"],
                   cwd=ROOT, check=True)
    modes = ["play", "mcts"] if args.mcts else ["play"]
    print("| game | workload | count | instructions | per action (per iteration) |")
    print("|---|---|---:|---:|---:|")
    for game in args.games:
        for mode in modes:
            total, count = cachegrind(game, mode, None)
            base, _ = cachegrind(game, mode, 0)
            unit = "actions" if mode == "play" else "iterations"
            print(f"| {game} | {'random games, seeds 0..100' if mode == 'play' else 'MCTS 1,000 iterations x 5'} "
                  f"| {count:,} {unit} | {total - base:,} | {(total - base) / max(count, 1):,.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

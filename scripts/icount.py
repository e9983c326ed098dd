"""Instructions per action of uniformly random games, and per iteration of a search, for every
game (``make icount``): machine-independent figures, so any change can show its cost however
loaded the machine is. Each figure is the difference of two cachegrind runs of
``examples/random_games.rs`` (the default seeds and none), so the start-up (content, tables)
cancels, divided by the actions (iterations) played. With ``--functions N`` it prints instead each
game's N costliest functions per action (callgrind on the ``profiling`` build, inlined code counted
in the function it was inlined into, the start-up run subtracted function by function)."""

from __future__ import annotations

import argparse
import collections
import pathlib
import re
import subprocess
import sys
import tempfile

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


PROFILED = ROOT / "target" / "profiling" / "examples" / "random_games"


def short(symbol: str) -> str:
    """A Rust symbol as a reader names it: `<TekkenState as State>::legal_actions`,
    `Board::path_distance`, `zones::draw`."""
    symbol = re.sub(r"<impl [\w:]*?(\w+)(<[^>]*>)? for [\w:]*?(\w+)>", r"<\3 as \1>", symbol)
    symbol = re.sub(r"<impl [\w:]*?(\w+)>", r"\1", symbol)
    symbol = re.sub(r"\b(?:[a-z_]\w*::)+(?=[A-Z<])", "", symbol)
    return re.sub(r"\b(?:[a-z_]\w*::)+([a-z_]\w*::[a-z_]\w*)\b", r"\1", symbol)


def functions(game: str, mode: str, seeds: int | None) -> tuple[collections.Counter[str], int]:
    """Instructions by function of one callgrind run, and the count it printed."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", str(PROFILED), game, mode]
        run = subprocess.run(argv + ([str(seeds)] if seeds is not None else []), capture_output=True, text=True,
                             check=True)
        table = subprocess.run(["callgrind_annotate", "--threshold=100", "--auto=no", "--show-percs=no", out.name],
                               capture_output=True, text=True, check=True).stdout
    costs: collections.Counter[str] = collections.Counter()
    for line in table.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\S*?:(.+?)(?: \[.*\])?$", line)
        if m and "PROGRAM TOTALS" not in line:
            costs[short(m.group(2))] += int(m.group(1).replace(",", ""))
    return costs, int(run.stdout.split()[1])


def top_functions(games: list[str], modes: list[str], n: int) -> None:
    subprocess.run(["cargo", "build", "-q", "--profile", "profiling", "-p", "kumite", "--example", "random_games"],
                   cwd=ROOT, check=True)
    for game in games:
        for mode in modes:
            total, count = functions(game, mode, None)
            base, _ = functions(game, mode, 0)
            total.subtract(base)
            all_of = sum(v for v in total.values() if v > 0)
            unit = "action" if mode == "play" else "iteration"
            print(f"\n{game}, {'random games' if mode == 'play' else 'MCTS'}: {all_of / count:,.0f} instructions "
                  f"per {unit}\n")
            print(f"| function | per {unit} | share |")
            print("|---|---:|---:|")
            for name, v in total.most_common(n):
                print(f"| `{name}` | {v / count:,.0f} | {100 * v / all_of:.1f} % |")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--mcts", action="store_true", help="also a search workload (slower)")
    parser.add_argument("--functions", type=int, metavar="N", help="each game's N costliest functions instead")
    args = parser.parse_args()
    if args.functions:
        top_functions(args.games, ["play", "mcts"] if args.mcts else ["play"], args.functions)
        return 0
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

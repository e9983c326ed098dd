"""Instructions per action of uniformly random games, and per iteration of a search, for every
game (``make icount``): machine-independent figures, so any change can show its cost however
loaded the machine is. Each figure is the difference of two cachegrind runs of
``examples/random_games.rs`` (the default seeds and none), so the start-up (content, tables)
cancels, divided by the actions (iterations) played. With ``--functions N`` it prints instead each
game's N costliest functions per action (callgrind on the ``profiling`` build, inlined code counted
in the function it was inlined into, the start-up run subtracted function by function). With
``--lines FUNCTION`` it prints the source lines costliest inside the functions whose name holds
FUNCTION, inlined code under its own file and line (callgrind ``--dump-instr=yes``)."""

from __future__ import annotations

import argparse
import collections
import linecache
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


def line_costs(game: str, mode: str, seeds: int | None, function: str) -> tuple[collections.Counter[tuple[str, int]], int]:
    """Self instructions by (file, line) inside the functions whose name holds `function`, from
    one callgrind run of the profiling build, and the count it printed. The costs of a call are
    its callee's, not the calling line's."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        argv = ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-pos=no", "--compress-strings=no",
                f"--callgrind-out-file={out.name}", str(PROFILED), game, mode]
        run = subprocess.run(argv + ([str(seeds)] if seeds is not None else []), capture_output=True, text=True,
                             check=True)
        costs: collections.Counter[tuple[str, int]] = collections.Counter()
        fn = file = inlined = ""
        after_call = False
        for line in pathlib.Path(out.name).read_text().splitlines():
            if after_call:  # the inclusive cost of the call just named
                after_call = False
            elif line.startswith("fl="):
                file, inlined = line[3:], ""
            elif line.startswith(("fi=", "fe=")):
                inlined = line[3:]
            elif line.startswith("fn="):
                fn, inlined = line[3:], ""
            elif line.startswith("calls="):
                after_call = True
            elif line.startswith("0x") and function in fn:
                parts = line.split()
                if len(parts) >= 3:
                    costs[(inlined or file, int(parts[1]))] += int(parts[2])
    return costs, int(run.stdout.split()[1])


def where(file: str) -> str:
    """A source file as a reader finds it: this repository's relative to it, the standard
    library's from `library/`, a crate's from its folder in the registry."""
    if file.startswith(str(ROOT)):
        return str(pathlib.Path(file).relative_to(ROOT))
    for mark in ("/library/", "/registry/src/"):
        if mark in file:
            rest = file.split(mark, 1)[1]
            return rest.split("/", 1)[1] if mark == "/registry/src/" else rest
    return file


def top_lines(games: list[str], modes: list[str], function: str, n: int) -> None:
    subprocess.run(["cargo", "build", "-q", "--profile", "profiling", "-p", "kumite", "--example", "random_games"],
                   cwd=ROOT, check=True)
    for game in games:
        for mode in modes:
            total, count = line_costs(game, mode, None, function)
            base, _ = line_costs(game, mode, 0, function)
            total.subtract(base)
            unit = "action" if mode == "play" else "iteration"
            print(f"\n{game}, {'random games' if mode == 'play' else 'MCTS'}: functions matching {function!r}, "
                  f"{sum(v for v in total.values() if v > 0) / max(count, 1):,.1f} instructions per {unit}\n")
            print(f"| line | per {unit} | source |")
            print("|---|---:|---|")
            for (file, line), v in total.most_common(n):
                # Line 0 is code the compiler made without a line of its own (loop control, spills);
                # the standard library's lines (slice iterators, bounds checks) have no source here.
                source = linecache.getline(file, line).strip() if line else ""
                print(f"| `{where(file)}:{line}` | {v / max(count, 1):,.1f} | {f'`{source[:90]}`' if source else ''} |")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--mcts", action="store_true", help="also a search workload (slower)")
    parser.add_argument("--functions", type=int, metavar="N", help="each game's N costliest functions instead")
    parser.add_argument("--lines", metavar="FUNCTION",
                        help="instead, the costliest source lines inside the functions whose name holds FUNCTION "
                             "(as callgrind names them, e.g. 'UfsState>::enhance_actions'); --functions N sets how many")
    args = parser.parse_args()
    if args.lines:
        top_lines(args.games, ["play", "mcts"] if args.mcts else ["play"], args.lines, args.functions or 20)
        return 0
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

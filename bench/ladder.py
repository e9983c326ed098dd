"""Strength ladder: MCTS against random, and MCTS against itself at fewer iterations.

    .venv/bin/python bench/ladder.py [--games tekken] [--pairs mcts:1000/random mcts:4000/mcts:500]
                                     [--n-games 200] [--minutes M] [--seed 0] [--workers 2]
                                     [--out target/bench/ladder]

Not a test: it takes minutes. For every 2-player game (or `--games`) and every pair `A/B` (bot
specs as in `kumite arena`: `random`, `mcts:N`, `mcts:N:heuristic`), plays `--n-games` games with
seats swapped (A sits in seat `g % 2` of game `g`), prints the `play_match` table and writes
`ladder.json` and `ladder.md` to `--out`.

Games are split over `--workers` processes, one game per task. Every game is independent of the
others and of the worker that plays it: game `g` is `play_match(game, bots, n_games=1,
seed=seed + g)` with bots built afresh for that game (their seeds derive from `seed` and `g`), and
each MCTS bot searches on one thread. The combined returns are therefore the same for any worker
count; only the wall time changes.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ForeignLoad, machine  # noqa: E402

import kumite  # noqa: E402
from kumite.arena import summarize  # noqa: E402
from kumite.bots import make_bot  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PAIRS = ["mcts:1000/random", "mcts:4000/mcts:500"]


def play_one(task: tuple[str, str, str, int, int]) -> tuple[int, list[float], int, bool, float, float]:
    """Game `g` of a pair: (g, returns by bot [A, B], length, truncated, seconds, CPU seconds)."""
    name, spec_a, spec_b, seed, g = task
    game = kumite.load(name)
    # Fresh bots per game, seeded from the game's index: a RandomBot's stream would otherwise
    # depend on which games its worker played before.
    bots = [make_bot(spec_a, game, seed=seed * 1_000_003 + 2 * g, threads=1),
            make_bot(spec_b, game, seed=seed * 1_000_003 + 2 * g + 1, threads=1)]
    swap = g % 2 == 1
    t0, c0 = time.perf_counter(), time.process_time()
    r = kumite.play_match(game, bots[::-1] if swap else bots, n_games=1, seed=seed + g, swap_seats=False, progress=False)
    secs, cpu = time.perf_counter() - t0, time.process_time() - c0
    ret = [float(x) for x in r.returns[0]]
    if swap:
        ret = ret[::-1]
    return g, ret, int(r.lengths[0]), bool(r.truncated[0]), secs, cpu


def played(tasks: list[tuple[str, str, str, int, int]], pool: ProcessPoolExecutor | None, workers: int,
           deadline: float | None) -> Iterator[tuple[int, list[float], int, bool, float, float]]:
    """Plays tasks in order, `workers` at a time. After `deadline` no new game starts except to
    make the count even (each bot then sits in each seat equally often): the games played are
    always 0..k-1, so a time budget changes how many games run, never their results."""
    if pool is None:
        for i, t in enumerate(tasks):
            if deadline is not None and time.perf_counter() >= deadline and i % 2 == 0:
                return
            yield play_one(t)
        return
    pending: set[Future[tuple[int, list[float], int, bool, float, float]]] = set()
    submitted = 0
    while True:
        while submitted < len(tasks) and len(pending) < workers and not (
                deadline is not None and time.perf_counter() >= deadline and submitted % 2 == 0):
            pending.add(pool.submit(play_one, tasks[submitted]))
            submitted += 1
        if not pending:
            return
        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
        for f in finished:
            yield f.result()


def run_pair(name: str, pair: str, n_games: int, seed: int, pool: ProcessPoolExecutor | None, workers: int,
             minutes: float | None) -> dict[str, Any]:
    spec_a, sep, spec_b = pair.partition("/")
    if not sep:
        raise SystemExit(f"a pair is A/B, got {pair!r}")
    tasks = [(name, spec_a, spec_b, seed, g) for g in range(n_games)]
    returns = np.zeros((n_games, 2), np.float32)
    lengths = np.zeros(n_games, np.int32)
    truncated = np.zeros(n_games, np.bool_)
    game_secs = np.zeros(n_games)
    load = ForeignLoad()
    t0 = time.perf_counter()
    deadline = t0 + 60 * minutes if minutes else None
    done = 0
    workers_cpu = 0.0
    for g, ret, length, cut, secs, cpu in played(tasks, pool, workers, deadline):
        returns[g] = ret
        lengths[g] = length
        truncated[g] = cut
        game_secs[g] = secs
        if pool is not None:
            workers_cpu += cpu
        done += 1
        el = time.perf_counter() - t0
        sys.stderr.write(f"\r[ladder] {name} {pair}: {done}/{n_games} games, {el:.0f} s, "
                         f"{game_secs[:done].sum() / done if done else 0:.1f} s per game per worker")
        sys.stderr.flush()
    sys.stderr.write("\n")
    wall = time.perf_counter() - t0
    n_games = done
    returns, lengths, game_secs = returns[:done], lengths[:done], game_secs[:done]
    truncated = truncated[:done]
    match = summarize([spec_a, spec_b], returns, lengths, truncated, kumite.load(name).max_game_length)
    win_rate, ci95 = match.win_rate, match.ci95
    # Truncated games have no result: they count in neither the rates nor wins/draws/losses.
    finished = returns[~truncated]
    scores = (np.sign(returns) + 1.0) / 2.0
    # Seat split: A is in seat 0 in even games.
    even = scores[0::2, 0][~truncated[0::2]]
    odd = scores[1::2, 0][~truncated[1::2]]
    return {
        "game": name, "pair": pair, "a": spec_a, "b": spec_b, "n_games": n_games, "seed": seed,
        "n_games_asked": len(tasks), "time_budget_minutes": minutes,
        "win_rate_a": float(win_rate[0]), "ci95_a": [float(x) for x in ci95[0]],
        "wins_a": int((finished[:, 0] > finished[:, 1]).sum()),
        "draws": int((finished[:, 0] == finished[:, 1]).sum()),
        "losses_a": int((finished[:, 0] < finished[:, 1]).sum()),
        "truncated": int(truncated.sum()),
        "win_rate_a_seat0": float(even.mean()) if len(even) else None,
        "win_rate_a_seat1": float(odd.mean()) if len(odd) else None,
        "mean_length": float(lengths.mean()),
        "wall_seconds": wall, "cpu_seconds_per_game": float(game_secs.mean()),
        "foreign_cores": load.cores(own_children_seconds=workers_cpu),
        "returns": returns.tolist(), "lengths": lengths.tolist(), "truncated_games": truncated.tolist(),
        "table": str(match),
    }


def to_markdown(results: list[dict[str, Any]], workers: int) -> str:
    lines = ["| game | A | B | games | A wins / draws / losses / truncated | A win rate (draw = 1/2) | 95% interval | "
             "A as seat 0 / seat 1 | mean length | wall time | s per game (one worker) |",
             "|---|---|---|---:|---|---:|---|---|---:|---:|---:|"]
    for r in results:
        lo, hi = r["ci95_a"]
        lines.append(
            f"| {r['game']} | {r['a']} | {r['b']} | {r['n_games']} | {r['wins_a']} / {r['draws']} / {r['losses_a']} / {r['truncated']} "
            f"| {r['win_rate_a']:.1%} | [{lo:.1%}, {hi:.1%}] | {r['win_rate_a_seat0']:.1%} / {r['win_rate_a_seat1']:.1%} "
            f"| {r['mean_length']:.0f} | {r['wall_seconds'] / 60:.1f} min ({workers} workers) | {r['cpu_seconds_per_game']:.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="*", help="games (default: every 2-player game in kumite.games())")
    ap.add_argument("--pairs", nargs="*", default=DEFAULT_PAIRS, help="A/B bot specs (default: %(default)s)")
    ap.add_argument("--n-games", type=int, default=200, help="games per pair (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    ap.add_argument("--minutes", type=float,
                    help="per pair: start no new game after this many minutes (the count stays even; games "
                         "0..k-1 are played, so results for a given count never depend on the time or workers)")
    ap.add_argument("--out", default=str(ROOT / "target" / "bench" / "ladder"),
                    help="directory for ladder.json and ladder.md")
    args = ap.parse_args(argv)

    names = args.games or [n for n in kumite.games() if kumite.load(n).num_players == 2]
    results = []
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for name in names:
            for pair in args.pairs:
                r = run_pair(name, pair, args.n_games, args.seed, pool, args.workers, args.minutes)
                results.append(r)
                cut = f" of {r['n_games_asked']} asked, time budget {args.minutes} min" if r["n_games"] < r["n_games_asked"] else ""
                print(f"## {name}: {pair} ({r['n_games']} games{cut}, seats swapped, seed {args.seed})\n")
                print(r["table"])
                print(f"wall time {r['wall_seconds'] / 60:.1f} min on {args.workers} workers; "
                      f"{r['cpu_seconds_per_game']:.1f} s per game on one worker")
                fc = r["foreign_cores"]
                if fc is not None:
                    print(f"other processes used {fc:.2f} cores on average during the run")
                print()
    finally:
        if pool:
            pool.shutdown()
    md = to_markdown(results, args.workers)
    print(md)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "ladder.json").write_text(json.dumps(
        {"machine": machine(), "kumite": kumite.__version__, "workers": args.workers, "results": results}, indent=1))
    (out / "ladder.md").write_text(md + "\n")
    print(f"[ladder] wrote {out / 'ladder.json'} and {out / 'ladder.md'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Throughput of kumite seen from Python, beside the Rust figures.

    .venv/bin/python bench/python_bench.py [--rust-json target/bench/report.json] [--json OUT]

For every game in `kumite.games()`:
  * a plain Python loop: `legal_actions()` + `apply(random.choice(...))` until terminal;
  * `kumite.rollout` games/s and steps/s (sum of lengths / wall time) on 1 thread and all threads;
  * `kumite.MCTS(...).search(state)` iterations/s (wall clock) on 1 thread and on all threads,
    with random rollouts and with `evaluator="heuristic"`, from fixed mid-game states;
  * the Python loop's per-call split (legal_actions, apply, is_terminal, random.choice) and clone µs;
  * ratios against the Rust report (`cargo bench -p kumite --bench report -- --json PATH`): the
    rollout rate over the Rust rate, and the Python overhead (Python-loop step time over the
    Rust monomorphised step time).

The Rust figures come from `--rust-json`; without it, `target/bench/report.json` is used, and if
that is missing the report bench is run once (needs cargo).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ForeignLoad, fmt_rate, load_rust, machine, markdown, timed  # noqa: E402

import kumite  # noqa: E402


def python_loop(game: kumite.Game, budget: float) -> dict[str, float]:
    """Random games driven step by step from Python, the way a user's own agent loop would."""
    rng = random.Random(0)
    seeds = iter(range(1 << 62))
    games = 0

    def one_game() -> int:
        nonlocal games
        state = game.new_state(seed=next(seeds))
        n = 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            n += 1
        games += 1
        return n

    one_game()  # warm up
    games = 0
    steps, secs = timed(budget, one_game)
    return {"steps_per_sec": steps / secs, "games_per_sec": games / secs, "avg_len": steps / games}


def positions(game: kumite.Game, n_games: int) -> list[tuple[kumite.State, int]]:
    """(state, the action the random player took there) over every step of `n_games` games."""
    rng = random.Random(1)
    out = []
    for seed in range(n_games):
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            a = rng.choice(state.legal_actions())
            out.append((state.clone(), a))
            state.apply(a)
    return out


def per_call(game: kumite.Game, budget: float) -> dict[str, float]:
    """Cost of each call the Python loop makes, in µs, over positions from real games."""
    pos = positions(game, 10)
    states = [s for s, _ in pos]
    legal = [s.legal_actions() for s in states]
    rng = random.Random(2)
    each = budget / 6

    def per_item(fn) -> float:
        fn()
        work, secs = timed(each, lambda: fn() or len(pos))
        return secs / work * 1e6

    out: dict[str, float] = {}
    out["legal_actions_us"] = per_item(lambda: [s.legal_actions() for s in states] and None)
    out["is_terminal_us"] = per_item(lambda: [s.is_terminal() for s in states] and None)
    out["random_choice_us"] = per_item(lambda: [rng.choice(la) for la in legal] and None)
    out["clone_us"] = per_item(lambda: [s.clone() for s in states] and None)

    def clone_apply() -> None:
        for s, a in pos:
            c = s.clone()
            c.apply(a)

    out["apply_us"] = max(per_item(clone_apply) - out["clone_us"], 0.0)
    start = game.new_state(seed=0)
    work, secs = timed(each / 2, lambda: len([start.clone() for _ in range(1000)]))
    out["clone_new_state_us"] = secs / work * 1e6
    mid = states[len(states) // 2]
    work, secs = timed(each / 2, lambda: len([mid.clone() for _ in range(1000)]))
    out["clone_mid_game_us"] = secs / work * 1e6
    out["mid_game_history_len"] = len(mid.history())
    return out


def rollouts(game: kumite.Game, budget: float) -> dict[str, float]:
    kumite.rollout(game, 64, seed=0, threads=1)  # warm up
    t0 = time.perf_counter()
    kumite.rollout(game, 256, seed=1, threads=1)
    per_game = (time.perf_counter() - t0) / 256
    n = max(256, int(budget / 2 / per_game))
    out: dict[str, float] = {"n_games": n}
    for label, threads in (("1t", 1), ("all", None)):
        t0 = time.perf_counter()
        r = kumite.rollout(game, n, seed=7, threads=threads)
        secs = time.perf_counter() - t0
        out[f"rollout_{label}_games_per_sec"] = n / secs
        out[f"rollout_{label}_steps_per_sec"] = float(r.lengths.sum()) / secs
    out["avg_len"] = float(r.lengths.mean())
    return out


MCTS_POSITIONS = 8
MCTS_PLY = 100
MCTS_ITERATIONS = 2000


def mcts_positions(game: kumite.Game) -> list[kumite.State]:
    """The state after min(`MCTS_PLY`, half the game) random actions of games with seeds 0, 1, ...
    (Python's own random stream, so not the Rust report's exact states; the same kind of state)."""
    out = []
    for seed in range(MCTS_POSITIONS):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        actions = state.history()
        state = game.new_state(seed=seed)
        for a in actions[: min(MCTS_PLY, len(actions) // 2)]:
            state.apply(a)
        if not state.is_terminal():
            out.append(state)
    return out


def mcts(game: kumite.Game, budget: float) -> dict[str, float]:
    """`kumite.MCTS(...).search(state)` iterations per wall-clock second, whole searches; the
    search releases the GIL, so this is the Rust search plus the binding's per-call cost."""
    states = mcts_positions(game)
    all_threads = os.cpu_count() or 1
    out: dict[str, float] = {"threads": all_threads, "iterations_per_search": MCTS_ITERATIONS}
    for evaluator in ("random", "heuristic"):
        for label, threads in (("1t", 1), ("all", all_threads)):
            bots = [kumite.MCTS(game, iterations=MCTS_ITERATIONS, threads=threads, seed=i,
                                evaluator=None if evaluator == "random" else evaluator)
                    for i in range(len(states))]
            inside = 0.0

            def one_pass() -> int:
                nonlocal inside
                n = 0
                for bot, state in zip(bots, states):
                    r = bot.search(state)
                    n += r.iterations
                    inside += r.seconds
                return n

            one_pass()
            inside = 0.0
            iterations, secs = timed(budget / 4, one_pass)
            out[f"{evaluator}_{label}_iterations_per_sec"] = iterations / secs
            # The search's own clock over the wall clock: what the binding adds per call.
            out[f"{evaluator}_{label}_inside_share"] = inside / secs
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rust-json", help="JSON written by the Rust report bench")
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--seconds", type=float, default=3.0, help="time budget per measurement")
    ap.add_argument("--games", nargs="*", help="games to measure (default: all)")
    args = ap.parse_args(argv)

    rust = load_rust(args.rust_json)
    names = args.games or kumite.games()
    results = []
    for name in names:
        print(f"[python_bench] measuring {name} ...", file=sys.stderr)
        game = kumite.load(name)
        load = ForeignLoad()
        row: dict[str, Any] = {"game": name}
        row["python_loop"] = python_loop(game, args.seconds)
        row["per_call"] = per_call(game, args.seconds)
        row["rollout"] = rollouts(game, args.seconds)
        row["mcts"] = mcts(game, args.seconds)
        row["foreign_cores"] = load.cores()
        row["rust"] = rust.get(name)
        results.append(row)

    threads = os.cpu_count()
    table = []
    for r in results:
        loop, roll, rs = r["python_loop"], r["rollout"], r["rust"] or {}
        rust_steps = rs.get("steps_per_sec")
        rust_roll_1t = rs.get("rollout_1t_steps_per_sec")
        table.append([
            r["game"],
            fmt_rate(loop["steps_per_sec"]),
            f"{loop['games_per_sec']:.1f}",
            f"{1e6 / loop['steps_per_sec']:.2f}",
            fmt_rate(roll["rollout_1t_games_per_sec"]),
            fmt_rate(roll["rollout_1t_steps_per_sec"]),
            fmt_rate(roll["rollout_all_games_per_sec"]),
            fmt_rate(roll["rollout_all_steps_per_sec"]),
            f"{roll['rollout_all_games_per_sec'] / roll['rollout_1t_games_per_sec']:.2f}x",
            fmt_rate(rust_steps),
            f"{roll['rollout_1t_steps_per_sec'] / rust_roll_1t:.2f}" if rust_roll_1t else "n/a",
            f"{roll['rollout_1t_steps_per_sec'] / rust_steps:.2f}" if rust_steps else "n/a",
            f"{rust_steps / loop['steps_per_sec']:.0f}x" if rust_steps else "n/a",
            f"{r['per_call']['clone_mid_game_us']:.2f}",
        ])
    print(markdown(
        ["game", "Python loop steps/s", "Python loop games/s", "Python loop µs/step",
         "kumite.rollout games/s (1 thread)", "kumite.rollout steps/s (1 thread)",
         f"kumite.rollout games/s (all {threads})", f"kumite.rollout steps/s (all {threads})", "scaling",
         "Rust steps/s (1 thread, monomorphised)", "rollout / Rust rollout_batch (1 thread)",
         "rollout / Rust loop (1 thread)", "Python overhead (loop step time / Rust step time)",
         "clone µs (mid-game)"],
        table,
    ))
    print()
    split = []
    for r in results:
        pc, loop = r["per_call"], r["python_loop"]
        rs = r["rust"] or {}
        step_us = 1e6 / loop["steps_per_sec"]
        parts = pc["legal_actions_us"] + pc["apply_us"] + pc["is_terminal_us"] + pc["random_choice_us"]
        split.append([
            r["game"],
            f"{step_us:.3f}",
            f"{pc['legal_actions_us']:.3f}",
            f"{pc['apply_us']:.3f}",
            f"{pc['is_terminal_us']:.3f}",
            f"{pc['random_choice_us']:.3f}",
            f"{step_us - parts:.3f}",
            f"{(rs.get('legal_actions_ns') or float('nan')) / 1e3:.3f}",
            f"{(rs.get('apply_ns') or float('nan')) / 1e3:.3f}",
            f"{pc['clone_new_state_us']:.3f} / {pc['clone_mid_game_us']:.3f} (history {pc['mid_game_history_len']})",
        ])
    print(markdown(
        ["game", "Python loop µs/step", "legal_actions() µs", "apply() µs", "is_terminal() µs",
         "random.choice µs", "loop rest µs", "Rust legal_actions µs", "Rust apply µs",
         "clone() µs: new state / mid-game"],
        split,
    ))
    print()
    mrows = []
    for r in results:
        m = r["mcts"]
        rm = (r["rust"] or {}).get("mcts") or {}
        cells = [r["game"]]
        for ev in ("random", "heuristic"):
            one, all_ = m[f"{ev}_1t_iterations_per_sec"], m[f"{ev}_all_iterations_per_sec"]
            rust_one = rm.get(f"{ev}_1t_iterations_per_sec")
            cells += [fmt_rate(one), fmt_rate(all_), f"{all_ / one:.2f}x",
                      f"{one / rust_one:.2f}" if rust_one else "n/a",
                      f"{m[f'{ev}_1t_inside_share']:.0%} / {m[f'{ev}_all_inside_share']:.0%}"]
        mrows.append(cells)
    print(f"kumite.MCTS(game, iterations={MCTS_ITERATIONS}, threads=1 | {threads}).search(state) from "
          f"{MCTS_POSITIONS} states after min({MCTS_PLY}, half the game) random actions; iterations per wall-clock second.")
    print()
    print(markdown(
        ["game", "MCTS it/s, random rollout, 1 thread", f"random, all {threads}", "scaling",
         "1 thread ÷ Rust report", "search's own time ÷ wall (1 / all)",
         "MCTS it/s, heuristic, 1 thread", f"heuristic, all {threads}", "scaling",
         "1 thread ÷ Rust report", "search's own time ÷ wall (1 / all)"],
        mrows,
    ))
    print()
    for r in results:
        fc = r["foreign_cores"]
        if fc is not None:
            note = " (figures unreliable: the machine was busy)" if fc > 0.25 else ""
            print(f"{r['game']}: other processes used {fc:.2f} cores on average during the run{note}")
    if args.json:
        out = {"machine": machine(), "kumite": kumite.__version__, "games": results}
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(out, indent=2))
        print(f"[python_bench] wrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""kumite beside OpenSpiel, measured in the same run on the same machine.

    .venv/bin/python bench/peers.py [--seconds 3] [--json OUT]

OpenSpiel (`pyspiel`, the `open_spiel` wheel) is measured on goofspiel (13 cards, random point
order, imperfect information) and leduc_poker, two ways:

  * C++ loop: `pyspiel.evaluate_bots(state, [uniform_random_bot, ...], seed)` plays one whole game
    in C++ (chance sampled, each random bot calls `LegalActions` and picks uniformly), so there is
    one Python call per game and no Python per step. The wheel exposes no batch playout call
    (`RandomRolloutEvaluator.Evaluate` is not bound), so the per-game Python cost (the call plus
    `new_initial_state()`, measured separately) is still inside the raw rate; the table also gives
    the rate with that cost taken out.
  * Python loop: `state.legal_actions()` + `state.apply_action(random.choice(...))`, chance
    nodes sampled from `state.chance_outcomes()` — the loop a user writes.

kumite is measured on tekken the same two ways (`kumite.rollout(threads=1)` for the Rust loop).
The games differ: Tekken's rules do far more per step than goofspiel's or Leduc's, so per-step
ratios compare the engines' cost per step of the game they run, not the same game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ForeignLoad, fmt_rate, machine, markdown, timed  # noqa: E402
from python_bench import python_loop, rollouts  # noqa: E402

import kumite  # noqa: E402

try:
    import pyspiel
except ImportError:  # pragma: no cover - peers.sh installs it
    sys.exit("pyspiel is not installed: run `bash bench/peers.sh` (it installs open_spiel into .venv)")

PEERS: list[tuple[str, str, dict[str, Any]]] = [
    ("goofspiel", "goofspiel(num_cards=13, imp_info=True, points_order=random)",
     {"num_cards": 13, "imp_info": True, "points_order": "random"}),
    ("leduc_poker", "leduc_poker", {}),
]


def spiel_python_loop(game: Any, budget: float) -> dict[str, float]:
    rng = random.Random(0)
    games = 0

    def one_game() -> int:
        nonlocal games
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        games += 1
        return n

    one_game()
    games = 0
    steps, secs = timed(budget, one_game)
    return {"steps_per_sec": steps / secs, "games_per_sec": games / secs, "avg_len": steps / games}


def spiel_cpp_loop(game: Any, budget: float, avg_len: float) -> dict[str, float]:
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]
    seed = 0

    def batch() -> int:
        nonlocal seed
        for _ in range(100):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
            seed += 1
        return 100

    batch()
    games, secs = timed(budget, batch)
    # The Python cost per game: the call on a finished state (its loop does nothing) plus a new state.
    done = game.new_initial_state()
    pyspiel.evaluate_bots(done, bots, 0)
    n, t_call = timed(budget / 6, lambda: [pyspiel.evaluate_bots(done, bots, 0) for _ in range(1000)] and 1000)
    m, t_new = timed(budget / 6, lambda: [game.new_initial_state() for _ in range(1000)] and 1000)
    per_game_python = t_call / n + t_new / m
    per_game = secs / games
    cpp_only = max(per_game - per_game_python, 1e-12)
    return {
        "games_per_sec": games / secs,
        "steps_per_sec": games * avg_len / secs,
        "python_us_per_game": per_game_python * 1e6,
        "games_per_sec_cpp_only": 1 / cpp_only,
        "steps_per_sec_cpp_only": avg_len / cpp_only,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0, help="time budget per measurement")
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args(argv)

    load = ForeignLoad()
    rows: list[dict[str, Any]] = []
    print("[peers] measuring kumite tekken ...", file=sys.stderr)
    tk = kumite.load("tekken")
    loop = python_loop(tk, args.seconds)
    roll = rollouts(tk, args.seconds)
    rows.append({
        "engine": f"kumite {kumite.__version__}", "game": "tekken", "avg_len": loop["avg_len"],
        "py_steps_per_sec": loop["steps_per_sec"],
        "native_steps_per_sec": roll["rollout_1t_steps_per_sec"],
        "native_games_per_sec": roll["rollout_1t_games_per_sec"],
        "native_how": "kumite.rollout(threads=1)",
    })
    for name, label, params in PEERS:
        print(f"[peers] measuring OpenSpiel {name} ...", file=sys.stderr)
        game = pyspiel.load_game(name, params)
        ploop = spiel_python_loop(game, args.seconds)
        cpp = spiel_cpp_loop(game, args.seconds, ploop["avg_len"])
        rows.append({
            "engine": f"OpenSpiel {pyspiel_version()}", "game": label, "avg_len": ploop["avg_len"],
            "py_steps_per_sec": ploop["steps_per_sec"],
            "native_steps_per_sec": cpp["steps_per_sec"],
            "native_games_per_sec": cpp["games_per_sec"],
            "native_steps_per_sec_cpp_only": cpp["steps_per_sec_cpp_only"],
            "python_us_per_game": cpp["python_us_per_game"],
            "native_how": "pyspiel.evaluate_bots, one call per game",
        })
    foreign = load.cores()

    kp = rows[0]
    table = []
    for r in rows:
        cpp_only = r.get("native_steps_per_sec_cpp_only")
        table.append([
            r["engine"], r["game"], f"{r['avg_len']:.1f}",
            fmt_rate(r["py_steps_per_sec"]), f"{1e6 / r['py_steps_per_sec']:.2f}",
            fmt_rate(r["native_steps_per_sec"]), fmt_rate(r["native_games_per_sec"]),
            fmt_rate(cpp_only) if cpp_only else "-",
            f"{r['native_steps_per_sec'] / r['py_steps_per_sec']:.1f}x",
            "-" if r is kp else f"{kp['py_steps_per_sec'] / r['py_steps_per_sec']:.2f}x",
            "-" if r is kp else f"{kp['native_steps_per_sec'] / (cpp_only or r['native_steps_per_sec']):.2f}x",
        ])
    print(markdown(
        ["engine", "game", "avg length (actions)", "Python loop steps/s", "Python loop µs/step",
         "native loop steps/s (1 thread)", "native loop games/s", "native steps/s, per-game Python cost removed",
         "native / Python loop", "kumite Python loop ÷ this Python loop (steps/s)",
         "kumite.rollout ÷ this native loop (steps/s, cost removed)"],
        table,
    ))
    print()
    print("native loop: kumite = kumite.rollout(threads=1) (Rust, no Python per step); "
          "OpenSpiel = pyspiel.evaluate_bots with uniform random C++ bots, one Python call per game.")
    if foreign is not None:
        note = " (figures unreliable: the machine was busy)" if foreign > 0.25 else ""
        print(f"other processes used {foreign:.2f} cores on average during the run{note}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({"machine": machine(), "rows": rows}, indent=2))
        print(f"[peers] wrote {args.json}", file=sys.stderr)
    return 0


def pyspiel_version() -> str:
    try:
        from importlib.metadata import version

        return version("open_spiel")
    except Exception:  # noqa: BLE001 - only a label
        return "?"


if __name__ == "__main__":
    sys.exit(main())

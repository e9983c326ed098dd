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

MCTS, in the same run (`--skip-mcts` leaves it out): simulations (iterations) per second of
  * OpenSpiel's Python `open_spiel.python.algorithms.mcts.MCTSBot` with `RandomRolloutEvaluator`,
  * OpenSpiel's C++ `pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, seed), ...)`,
both timed over `bot.step(state)` with a fixed `max_simulations`, on goofspiel as a turn-based game
(`pyspiel.load_game_as_turn_based`: both MCTS bots refuse simultaneous-move games with "Game must
have sequential turns"; the wrapper makes the bids sequential, and plain MCTS then searches the
true state, including the bid already made), and `pyspiel.ISMCTSBot` (C++ information-set MCTS,
the algorithm kumite uses) on leduc_poker (it needs `ResampleFromInfostate`, which goofspiel lacks);
beside `kumite.MCTS(...).search(state)` on tekken. A goofspiel playout is at most 26 actions, a
Tekken one about 250 (both given in the table), so iterations/s favour the short game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ForeignLoad, fmt_rate, machine, markdown, timed  # noqa: E402
from python_bench import mcts_positions, python_loop, rollouts  # noqa: E402

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


MCTS_SIMULATIONS_CPP = 1000
MCTS_SIMULATIONS_PY = 200
UCT_C = 2.0


def spiel_search_states(game: Any, n: int = 8, moves: int = 4) -> list[Any]:
    """States after `moves` random actions (chance included), from seeds 0..n-1."""
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        state = game.new_initial_state()
        k = 0
        while not state.is_terminal() and (k < moves or state.is_chance_node()):
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                k += 1
        if not state.is_terminal():
            out.append(state)
    return out


def spiel_actions_left(states: list[Any], reps: int = 50) -> float:
    """Mean length of a random playout from the search states (an upper bound on a search's)."""
    rng = random.Random(3)
    total = 0
    for _ in range(reps):
        for s0 in states:
            s = s0.clone()
            while not s.is_terminal():
                if s.is_chance_node():
                    actions, probs = zip(*s.chance_outcomes())
                    s.apply_action(rng.choices(actions, probs)[0])
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
                total += 1
    return total / (reps * len(states))


def time_steps(budget: float, bots: list[Any], states: list[Any], sims: int) -> float:
    """Simulations per second over `bot.step(state)` calls (one bot per state, so each call
    searches from scratch in the way the bot is built to)."""
    def one_pass() -> int:
        for bot, state in zip(bots, states):
            bot.step(state)
        return sims * len(states)

    one_pass()
    n, secs = timed(budget, one_pass)
    return n / secs


def spiel_mcts(budget: float) -> list[dict[str, Any]]:
    import numpy as np
    from open_spiel.python.algorithms import mcts as py_mcts

    params = dict(PEERS[0][2])
    goof = pyspiel.load_game_as_turn_based("goofspiel", params)
    goof_label = "turn-based goofspiel(num_cards=13, imp_info=True, points_order=random)"
    states = spiel_search_states(goof)
    left = spiel_actions_left(states)
    rows = []
    cpp = [pyspiel.MCTSBot(goof, pyspiel.RandomRolloutEvaluator(1, i), UCT_C, MCTS_SIMULATIONS_CPP, 1000, False, i, False)
           for i in range(len(states))]
    rows.append({"engine": f"OpenSpiel {pyspiel_version()} C++ MCTSBot", "game": goof_label,
                 "iterations_per_sec": time_steps(budget, cpp, states, MCTS_SIMULATIONS_CPP),
                 "simulations": MCTS_SIMULATIONS_CPP, "actions_left": left,
                 "how": "pyspiel.MCTSBot + pyspiel.RandomRolloutEvaluator(1), bot.step(state)"})
    py_bots = []
    for i in range(len(states)):
        rng = np.random.RandomState(i)
        py_bots.append(py_mcts.MCTSBot(goof, UCT_C, MCTS_SIMULATIONS_PY, py_mcts.RandomRolloutEvaluator(1, rng),
                                       random_state=rng))
    rows.append({"engine": f"OpenSpiel {pyspiel_version()} Python MCTSBot", "game": goof_label,
                 "iterations_per_sec": time_steps(budget, py_bots, states, MCTS_SIMULATIONS_PY),
                 "simulations": MCTS_SIMULATIONS_PY, "actions_left": left,
                 "how": "open_spiel.python.algorithms.mcts.MCTSBot + RandomRolloutEvaluator(1), bot.step(state)"})
    leduc = pyspiel.load_game("leduc_poker")
    lstates = spiel_search_states(leduc, moves=1)
    ismcts = [pyspiel.ISMCTSBot(i, pyspiel.RandomRolloutEvaluator(1, i), UCT_C, MCTS_SIMULATIONS_CPP, -1,
                                pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False)
              for i in range(len(lstates))]
    rows.append({"engine": f"OpenSpiel {pyspiel_version()} C++ ISMCTSBot", "game": "leduc_poker",
                 "iterations_per_sec": time_steps(budget, ismcts, lstates, MCTS_SIMULATIONS_CPP),
                 "simulations": MCTS_SIMULATIONS_CPP, "actions_left": spiel_actions_left(lstates),
                 "how": "pyspiel.ISMCTSBot + pyspiel.RandomRolloutEvaluator(1), bot.step(state)"})
    return rows


def kumite_mcts(budget: float) -> list[dict[str, Any]]:
    game = kumite.load("tekken")
    states = mcts_positions(game)
    rng = random.Random(3)
    total = 0
    for _ in range(5):
        for s0 in states:
            s = s0.clone()
            while not s.is_terminal():
                s.apply(rng.choice(s.legal_actions()))
                total += 1
    left = total / (5 * len(states))
    rows = []
    iterations = 2000
    for threads in (1, None):
        bots = [kumite.MCTS(game, iterations=iterations, threads=threads, seed=i) for i in range(len(states))]

        def one_pass() -> int:
            return sum(bot.search(state).iterations for bot, state in zip(bots, states))

        one_pass()
        n, secs = timed(budget, one_pass)
        label = "1 thread" if threads == 1 else f"all {os.cpu_count()} threads"
        rows.append({"engine": f"kumite {kumite.__version__} MCTS ({label})", "game": "tekken",
                     "iterations_per_sec": n / secs, "simulations": iterations, "actions_left": left,
                     "how": f"kumite.MCTS(iterations={iterations}, threads={threads}).search(state), IS-MCTS, random rollout"})
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0, help="time budget per measurement")
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--skip-mcts", action="store_true", help="only the random-playout figures")
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
    mcts_rows: list[dict[str, Any]] = []
    if not args.skip_mcts:
        print("[peers] measuring MCTS ...", file=sys.stderr)
        mcts_rows = kumite_mcts(args.seconds) + spiel_mcts(args.seconds)
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
    if mcts_rows:
        print()
        k1 = mcts_rows[0]["iterations_per_sec"]
        print(markdown(
            ["engine / search", "game", "simulations per search",
             "actions left in the searched states (random play, chance included)",
             "iterations/s", "kumite MCTS (1 thread) ÷ this",
             "iterations/s × actions left (a bound on playout steps/s)"],
            [[r["engine"], r["game"], str(r["simulations"]), f"{r['actions_left']:.1f}",
              fmt_rate(r["iterations_per_sec"]), f"{k1 / r['iterations_per_sec']:.2f}x",
              fmt_rate(r["iterations_per_sec"] * r["actions_left"])] for r in mcts_rows],
        ))
        print()
        print("MCTS: kumite searches Tekken states after min(100, half the game) random actions (IS-MCTS, a determinization per "
              "iteration); OpenSpiel's MCTSBot searches turn-based goofspiel after 4 random bids (plain MCTS on "
              "the true state), its ISMCTSBot leduc_poker after 1 action. Different games: a Tekken playout is "
              "~10x as long as a goofspiel one.")
    print()
    print("native loop: kumite = kumite.rollout(threads=1) (Rust, no Python per step); "
          "OpenSpiel = pyspiel.evaluate_bots with uniform random C++ bots, one Python call per game.")
    if foreign is not None:
        note = " (figures unreliable: the machine was busy)" if foreign > 0.25 else ""
        print(f"other processes used {foreign:.2f} cores on average during the run{note}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({"machine": machine(), "rows": rows, "mcts": mcts_rows}, indent=2))
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

"""Measures the shipped networks and writes each game's part of docs/agents.md's strength
tables (``make agents-docs``), between ``<!-- agents:GAME:begin -->`` and
``<!-- agents:GAME:end -->`` (so one game can be measured at a time), with its pictures in
docs/images/agents/. Per two-player game: the network alone against random; ``az:N`` against
``mcts:N`` with random playouts and with the heuristic, both seat orders (every match swaps
seats each game), with Wilson 95 % intervals; the goal match ``az:200`` against ``mcts:2000``,
and ``azp:200`` and the mixed leaf values ``azm:200:λ`` beside it; a skill-depth picture (win rate against ``mcts:1000`` by search budget
for both bot families); a ladder of the shipped bots; and the training cost from the network's
metadata. Fatal Fight, a team game: campaign win rates of ``mcts:2000:heuristic`` teams by party
size, and of ``az:200`` teams where a shipped network fits the party size.

Games run in worker processes (``--workers``, default every core); every game's bots are made
from the match seed and the game's index, so the figures do not depend on the worker count.
Each finished game is kept in target/agents-docs/ under a key of the match and the installed
package's bytes (code, extension, networks), so a stopped run picks up where it stopped and
nothing is reused once the engine or a network changes."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

import kumite
from kumite.arena import MatchResult, play_games, summarize
from kumite.bots import load_net, make_bot
from kumite.ladder import Pairing, rate

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "agents.md"
IMAGES = ROOT / "docs" / "images" / "agents"

AZ = (50, 200, 800)
MCTS = (200, 1000, 4000)
# The skill-depth picture's budgets for both families, from 10 to 4,000 simulations a move (the
# tables' matches against the reference are reused where the budgets meet).
DEPTH = (10, 50, 200, 800, 4000)
HEURISTIC = "mcts:1000:heuristic"
GOAL = ("az:200", "mcts:2000")
# The network's priors with random-playout leaf values, measured beside the goal: whether the
# value head or the priors limit the search.
PRIORS_ONLY = ("azp:200", "mcts:2000")
# AlphaGo's mixed leaf values against the same opponent, `azm:200:λ` with λ the playouts' share
# (λ = 0 is `az:200`, the network's value alone; λ = 1 the playouts alone, as `azp:200`).
LAMBDAS = (0.25, 0.5, 0.75)
REFERENCE = "mcts:1000"
# Fatal Fight's defaults, so that `make agents-docs GAMES=fatal_fight` fits a session on 2 cores
# (83 minutes on 2026-12-07): 50 campaigns a party size, and the skill-depth curve up to 200
# simulations. Its teams of `az:800` and `az:4000` play many campaigns to the game's bound of
# 22,100 actions, hours a point; `--games-per-match` and `--depth-max` ask for more.
FF_CAMPAIGNS = 50
FF_DEPTH_MAX = 200
STORE = ROOT / "target" / "agents-docs"
# Each game of a two-player match is cut after this many actions and counted apart. A game's own
# bound is what play never reaches (UFS's is 15.7 M actions: its rules let both players pass turn
# after turn for ever, which `az:50` against `mcts:1000:heuristic` did, hours a game); a finished
# game takes a few hundred. Fatal Fight's campaigns keep the game's bound (22,100 actions).
MAX_STEPS = 5_000
LADDER = ("random", "mcts:200", "mcts:1000", "policy", "az:200")


def _play_one(job: tuple[str, dict[str, Any], tuple[str, ...], int, int, int | None]) -> tuple[np.ndarray, int, bool]:
    name, options, specs, g, seed, max_steps = job
    game = kumite.load(name, **options)
    bots = [make_bot(spec, game, seed + 7919 * g + 1000 * b, threads=1) for b, spec in enumerate(specs)]
    returns, lengths, truncated = play_games(game, bots, range(g, g + 1), seed, max_steps=max_steps)
    return returns[0], int(lengths[0]), bool(truncated[0])


def package_digest() -> str:
    """The installed package's bytes: a kept game is reused only by the same code and networks."""
    digest = hashlib.sha256()
    root = Path(kumite.__file__).resolve().parent
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


class Runner:
    def __init__(self, workers: int, games: int, seed: int, max_steps: int | None = MAX_STEPS) -> None:
        self.pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"))
        self.games, self.seed, self.max_steps = games, seed, max_steps
        self.package = package_digest()
        self.kept = 0  # games read back from the store instead of played (a stopped run's, or the same match's)

    def match(self, name: str, specs: tuple[str, ...], games: int | None = None, options: dict[str, Any] | None = None) -> MatchResult:
        n = games or self.games
        start = time.time()
        # A team game's campaigns run to the game's own bound.
        bound = None if kumite.game_info(name)["utility"] == "identical" else self.max_steps
        # A network named by path (--net) is keyed by its bytes too.
        files = [hashlib.sha256(Path(part).read_bytes()).hexdigest() for spec in specs for part in spec.split(":")
                 if Path(part).is_file()]
        key = json.dumps([self.package, name, options or {}, specs, files, self.seed, bound])
        STORE.mkdir(parents=True, exist_ok=True)
        store = STORE / f"{hashlib.sha256(key.encode()).hexdigest()[:24]}.jsonl"
        rows: dict[int, tuple[np.ndarray, int, bool]] = {}
        if store.exists():
            for line in store.read_text().splitlines():
                try:
                    g, returns, length, truncated = json.loads(line)
                except ValueError:
                    continue  # a line cut short when a run was stopped
                rows[g] = (np.array(returns, np.float32), length, truncated)
        kept = sum(g < n for g in rows)
        self.kept += kept
        with store.open("a") as out:
            futures = {self.pool.submit(_play_one, (name, options or {}, specs, g, self.seed, bound)): g
                       for g in range(n) if g not in rows}
            for future in as_completed(futures):
                g = futures[future]
                returns, length, truncated = future.result()
                rows[g] = (returns, length, truncated)
                out.write(json.dumps([g, returns.tolist(), length, truncated]) + "\n")
                out.flush()
        result = summarize(list(specs), np.stack([rows[g][0] for g in range(n)]),
                           np.array([rows[g][1] for g in range(n)], np.int32),
                           np.array([rows[g][2] for g in range(n)], np.bool_))
        reused = f" ({kept} read back from the store)" if kept else ""
        print(f"{name}: {' vs '.join(specs)}: {result.win_rate[0]:.1%} over {n} games in {time.time() - start:.0f} s{reused}",
              file=sys.stderr, flush=True)
        return result

    def ladder(self, name: str, specs: tuple[str, ...], games: int) -> str:
        """A round robin rated as `kumite ladder` rates it (seats swapped every game), its games
        spread over the workers; each pair plays the match seeds, not the ladder command's."""
        pairings = []
        for i in range(len(specs)):
            for j in range(i + 1, len(specs)):
                r = self.match(name, (specs[i], specs[j]), games)
                finished = r.returns[~r.truncated]
                scores = (np.sign(finished[:, 0] - finished[:, 1]) + 1.0) / 2.0
                pairings.append(Pairing(i, j, scores.astype(np.float64), r.n_truncated))
        return str(rate(list(specs), pairings, seed=self.seed))


def cell(r: MatchResult, b: int = 0) -> str:
    low, high = r.ci95[b]
    cut = f", {r.n_truncated} cut" if r.n_truncated else ""
    return f"{r.win_rate[b]:.1%} [{low:.1%}, {high:.1%}]{cut}"


def count(value: str | None) -> str:
    return f"{int(value):,}" if value and value.isdigit() else value or "?"


def provenance(net: kumite.Net) -> str:
    m = net.metadata
    recipe = f" (self-play {m['recipe']})" if "recipe" in m else ""
    return (f"Trained by `{m.get('command', '?')}` at commit {m.get('commit', '?')} (seed {m.get('seed', '?')}): "
            f"{m.get('cpu_minutes', '?')} minutes on this machine's 2 cores, {count(m.get('iterations'))} iterations, "
            f"{count(m.get('selfplay_games'))} self-play games at {m.get('simulations', '?')} simulations a move{recipe}; "
            f"{m.get('hidden', '?')} hidden units, {m.get('blocks', '?')} residual blocks")


def depth_picture(name: str, points: dict[str, list[tuple[int, float, float, float]]],
                  ylabel: str = f"win rate against {REFERENCE}") -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.6), layout="constrained")
    for family, rows in points.items():
        x = [r[0] for r in rows]
        ax.errorbar(x, [r[1] for r in rows], yerr=[[r[1] - r[2] for r in rows], [r[3] - r[1] for r in rows]],
                    marker="o", capsize=3, label=family)
    ax.set_xscale("log")
    ax.set_ylim(0, 1)
    ax.axhline(0.5, color="grey", lw=0.5)
    ax.set_xlabel("search simulations a move")
    ax.set_ylabel(ylabel)
    ax.set_title(f"{name}: skill depth")
    ax.legend(fontsize=8)
    IMAGES.mkdir(parents=True, exist_ok=True)
    path = IMAGES / f"{name}-depth.png"
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return f"images/agents/{path.name}"


def goal_line(run: Runner, name: str, games: int, path: str = "") -> str:
    goal = run.match(name, (GOAL[0] + path, GOAL[1]), games=games)
    low = goal.ci95[0][0]
    verdict = "met" if low > 0.55 else f"missed: the interval's low end is {low:.1%}, {0.55 - low:.1%} short of 55 %"
    # Won, level and lost, so a miss says whether the network loses or only fails to win.
    done = goal.returns[~goal.truncated]
    won, lost = int((done[:, 0] > done[:, 1]).sum()), int((done[:, 0] < done[:, 1]).sum())
    outcomes = f"{won} won, {len(done) - won - lost} level, {lost} lost"
    return f"Goal, `{GOAL[0]}` against `{GOAL[1]}` over {games} games: {cell(goal)}, {outcomes} ({verdict})."


def lambda_line(run: Runner, name: str, path: str = "") -> str:
    cells = [f"λ = {lam:g}: {cell(run.match(name, (f'azm:200:{lam:g}' + path, GOAL[1])))}" for lam in LAMBDAS]
    return (f"Leaf values mixed, `azm:200:λ` (λ the random playout's share of a leaf's value) against "
            f"`{GOAL[1]}`, {run.games} games each: " + "; ".join(cells) + ".")


def two_player(run: Runner, name: str, net: kumite.Net, goal_games: int, ladder_games: int) -> list[str]:
    out = [provenance(net) + ".", ""]
    policy = run.match(name, ("policy", "random"))
    out += [f"The network alone (`policy`) against `random`: {cell(policy)}.", ""]
    opponents = [f"mcts:{m}" for m in MCTS] + [HEURISTIC]
    out += ["| | " + " | ".join(f"`{o}`" for o in opponents) + " |", "|---|" + "---|" * len(opponents)]
    depth: dict[str, list[tuple[int, float, float, float]]] = {"az:N (network + PUCT)": [], "mcts:N (random playouts)": []}
    for n in AZ:
        row = []
        for o in opponents:
            r = run.match(name, (f"az:{n}", o))
            row.append(cell(r))
            if o == REFERENCE:
                depth["az:N (network + PUCT)"].append((n, r.win_rate[0], *r.ci95[0]))
        out.append(f"| `az:{n}` | " + " | ".join(row) + " |")
    for n in DEPTH:
        if n not in AZ:
            r = run.match(name, (f"az:{n}", REFERENCE))
            depth["az:N (network + PUCT)"].append((n, r.win_rate[0], *r.ci95[0]))
    for m in sorted(set(DEPTH) | set(MCTS)):
        if f"mcts:{m}" == REFERENCE:
            depth["mcts:N (random playouts)"].append((m, 0.5, 0.5, 0.5))
            continue
        r = run.match(name, (f"mcts:{m}", REFERENCE))
        depth["mcts:N (random playouts)"].append((m, r.win_rate[0], *r.ci95[0]))
    for rows in depth.values():
        rows.sort()
    out += ["", goal_line(run, name, goal_games),
            f"Beside it, `{PRIORS_ONLY[0]}` (the network's priors, random-playout values) against `{PRIORS_ONLY[1]}`: "
            f"{cell(run.match(name, PRIORS_ONLY, games=goal_games))}.", lambda_line(run, name), ""]
    out += [f"![{name}: win rate against {REFERENCE} by search budget]({depth_picture(name, depth)})", ""]
    ladder = run.ladder(name, LADDER, ladder_games)
    out += [f"Ladder of the shipped bots ({ladder_games} games a pair, seats swapped):", "", "```text", str(ladder), "```", ""]
    return out


def fatal_fight(run: Runner, games: int, depth_max: int) -> list[str]:
    out = ["Campaign win rates of whole teams of one bot (a team game: every seat shares the result).", ""]
    out += ["| party | `az:200` team | `mcts:2000:heuristic` team |", "|---:|---|---|"]
    trained: list[str] = []
    for players in (1, 2, 3, 4):
        options = {"players": players}
        game = kumite.load("fatal_fight", **options)
        try:
            net = load_net(game)
        except (ValueError, kumite.NetMismatchError) as e:
            # A network is tied to its party size; the search team's row still shows the bar.
            az_cell = f"no shipped network for this party size ({str(e).splitlines()[0]})"
        else:
            az_cell = cell(run.match("fatal_fight", ("az:200",) * players, games, options))
            text = provenance(net)
            trained.append(f"for {players} players, {text[0].lower()}{text[1:]}")
        mcts = run.match("fatal_fight", ("mcts:2000:heuristic",) * players, games, options)
        out.append(f"| {players} | {az_cell} | {cell(mcts)} |")
    out += ["", "Goal: 2-player `az:200` teams win at least 80 % of campaigns.", ""]
    # Skill depth: 2-player campaigns won by teams of each family as their budget grows.
    depth: dict[str, list[tuple[int, float, float, float]]] = {"mcts:N:heuristic": []}
    two = kumite.load("fatal_fight", players=2)
    if trained:
        depth["az:N (network + PUCT)"] = []
    for n in (n for n in DEPTH if n <= depth_max):
        for family in depth:
            spec = f"mcts:{n}:heuristic" if family.startswith("mcts") else f"az:{n}"
            r = run.match("fatal_fight", (spec,) * two.num_players, games, {"players": 2})
            depth[family].append((n, r.win_rate[0], *r.ci95[0]))
    out += [f"![fatal_fight: 2-player campaigns won by search budget]"
            f"({depth_picture('fatal_fight', depth, 'campaigns won, 2 players')})", ""]
    if trained:
        out += ["The networks: " + "; ".join(trained) + ".", ""]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="default: every game with a shipped network")
    parser.add_argument("--games-per-match", type=int, metavar="N",
                        help=f"games a match (default 100; Fatal Fight's campaigns a party size: {FF_CAMPAIGNS})")
    parser.add_argument("--goal-games", type=int, default=400)
    parser.add_argument("--ladder-games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-steps", type=int, default=MAX_STEPS, metavar="N",
                        help=f"cut each two-player game after N actions, counted apart (default {MAX_STEPS:,}; Fatal "
                             "Fight's campaigns run to the game's bound)")
    parser.add_argument("--depth-max", type=int, metavar="N",
                        help=f"end Fatal Fight's skill-depth curve at N simulations (default {FF_DEPTH_MAX}: its "
                             f"az:800 and az:4000 teams play campaigns for hours on 2 cores; {DEPTH[-1]} draws it all)")
    parser.add_argument("--net", metavar="PATH", default="",
                        help="with --goal-only: measure this network file instead of the shipped one")
    parser.add_argument("--lambdas", action="store_true",
                        help="with --goal-only: also play the mixed leaf values, azm:200:λ against the goal's opponent")
    parser.add_argument("--goal-only", action="store_true",
                        help="play only each two-player game's goal matches (the network alone against random, and "
                             "the goal match; the same games as the full run) and print them; docs/agents.md is "
                             "left as it is")
    args = parser.parse_args()
    if args.max_steps < 1:
        parser.error(f"--max-steps is at least 1, not {args.max_steps}")
    if args.depth_max is not None and args.depth_max < DEPTH[0]:
        parser.error(f"--depth-max is at least {DEPTH[0]} (the curve's first budget), not {args.depth_max}")
    if args.games_per_match is not None and args.games_per_match < 1:
        parser.error(f"--games-per-match is at least 1, not {args.games_per_match}")
    run = Runner(args.workers, args.games_per_match or 100, args.seed, args.max_steps)
    if args.net and not args.goal_only:
        parser.error("--net goes with --goal-only (the docs describe the shipped networks)")
    if args.goal_only:
        path = f":{args.net}" if args.net else ""
        for name in args.games or [g for g in kumite.games() if g != "fatal_fight"]:
            alone = run.match(name, ("policy" + path, "random"))
            print(f"{name}: the network alone (`policy`) against `random`: {cell(alone)}.")
            print(goal_line(run, name, args.goal_games, path), flush=True)
            if args.lambdas:
                print(lambda_line(run, name, path), flush=True)
        run.pool.shutdown()
        return 0
    for name in args.games or kumite.games():
        start = time.time()
        load = os.getloadavg()[0]
        run.kept = 0
        if name == "fatal_fight":
            campaigns, depth_max = args.games_per_match or FF_CAMPAIGNS, args.depth_max or FF_DEPTH_MAX
            body = fatal_fight(run, campaigns, depth_max)
        else:
            try:
                net = load_net(kumite.load(name))
            except (ValueError, kumite.NetMismatchError) as e:
                body = [f"No shipped network: {e}", ""]
            else:
                body = two_player(run, name, net, args.goal_games, args.ladder_games)
        if name == "fatal_fight":
            how = (f"{campaigns} campaigns a party size, seed {args.seed}, default options otherwise; "
                   "a campaign cut at the game's bound has no result and is counted apart; the skill-depth curve up to "
                   f"{depth_max:,} simulations.")
        else:
            how = (f"{run.games} games a match ({args.goal_games} for the goal match), seats swapped every "
                   f"game, seed {args.seed}, default options; draws count half; a game cut at {args.max_steps:,} actions "
                   "has no result and is counted apart.")
        head = [f"#### {name}", "",
                f"`{command(name)}` on {time.strftime('%Y-%m-%d')}: {how} "
                f"Measured in {(time.time() - start) / 60:.0f} minutes with {args.workers} worker processes"
                f"{f' ({run.kept:,} games read back from the store of finished games, not played again)' if run.kept else ''} "
                f"(load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end).", ""]
        write_part(name, head + body)
    run.pool.shutdown()
    return 0


def command(name: str) -> str:
    """The command that measured `name`'s part: the make target, or the script with its options."""
    options = [a for a in sys.argv[1:] if a not in kumite.games()]
    return f"scripts/agents_docs.py {name} {' '.join(options)}" if options else f"make agents-docs GAMES={name}"


def write_part(name: str, lines: list[str]) -> None:
    begin, end = f"<!-- agents:{name}:begin -->", f"<!-- agents:{name}:end -->"
    text = DOC.read_text()
    if begin not in text or end not in text:
        raise SystemExit(f"{DOC} has no {begin} ... {end} markers")
    part = "\n".join([begin, *lines]).rstrip("\n") + "\n" + end
    DOC.write_text(re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: part, text, flags=re.S))


if __name__ == "__main__":
    sys.exit(main())

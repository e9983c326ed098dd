"""Trains the networks shipped in the package (``make agents``): for each game named (default
every game), the self-play loop of ``kumite train`` runs with the game's recipe (its metadata) into
``target/agents/<game>/``, and its final network is copied to
``python/kumite/nets/<game>.safetensors`` with its learning curve beside the docs
(``docs/images/agents/<game>-curve.png``). With game options (``--option players=3``, or
``AGENT_OPTIONS="players=3"``) the run, the network and the curve are named by them
(``fatal_fight.players-3``): Fatal Fight ships a network per party size. The network's metadata records the command, the
commit, the seed, the budget, the CPU minutes and the self-play games; ``make agents-docs``
measures what came out.

A network is tied to the rules and content it learned (its fingerprint), so the shipped ones are
retrained after every change of either: ``kumite.load_net`` refuses a stale one by name."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

import kumite
from kumite.bots import load_net, shipped_net_name
from kumite.cli import parse_options
from kumite.learn.trainer import TrainConfig, train

ROOT = Path(__file__).resolve().parent.parent
NETS = ROOT / "python" / "kumite" / "nets"
CURVES = ROOT / "docs" / "images" / "agents"

# Per game, what differs from `kumite train`'s defaults is the game's own training recipe
# (`kumite.game_info(name)["recipe"]`, with why beside it in the game's metadata). The budget is
# the most a baseline may take on a 2-core machine (the learned-agents issue's goal); `--minutes`
# overrides it.
MINUTES = 120.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="default: every game")
    parser.add_argument("--minutes", type=float, default=float(os.environ.get("AGENT_MINUTES", MINUTES)),
                        help=f"training budget per game (default {MINUTES:g}, or AGENT_MINUTES)")
    parser.add_argument("--threads", type=int, default=int(os.environ.get("AGENT_THREADS", 0)) or None,
                        help="self-play threads (default every core, or AGENT_THREADS): 1 lets two runs share 2 cores")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--resume", action="store_true", help="continue each game's run from its checkpoint")
    parser.add_argument("--option", "-o", action="append", default=os.environ.get("AGENT_OPTIONS", "").split(),
                        metavar="KEY=VALUE", help="a game option (default none, or AGENT_OPTIONS): Fatal Fight's players")
    args = parser.parse_args()
    options = parse_options(args.option)
    unknown = sorted(set(args.games) - set(kumite.games()))
    if unknown:
        parser.error(f"unknown games {unknown}; the games are {kumite.games()}")
    NETS.mkdir(parents=True, exist_ok=True)
    CURVES.mkdir(parents=True, exist_ok=True)
    for name in args.games or kumite.games():
        stem = shipped_net_name(name, options).removesuffix(".safetensors")
        out = ROOT / "target" / "agents" / stem
        command = f"make agents GAMES={name} AGENT_MINUTES={args.minutes:g}" + (
            f" AGENT_THREADS={args.threads}" if args.threads else "") + (
            f" AGENT_OPTIONS=\"{' '.join(args.option)}\"" if options else "")
        cfg = TrainConfig(game=name, out=str(out), options=options, budget_minutes=args.minutes, seed=args.seed,
                          command=command, threads=args.threads, **kumite.game_info(name)["recipe"])
        print(f"{stem}: training for {args.minutes:g} min into {out}", flush=True)
        def log(line: str, run: str = stem) -> None:
            print(f"{run}: {line}", flush=True)

        summary = train(cfg, resume=args.resume, log=log)
        shutil.copyfile(out / "net.safetensors", NETS / f"{stem}.safetensors")
        if (out / "curve.png").exists():
            shutil.copyfile(out / "curve.png", CURVES / f"{stem}-curve.png")
        print(f"{stem}: {json.dumps(summary)}", flush=True)
        # The copy loads for its game and options the way the installed package loads it.
        load_net(kumite.load(name, **options))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How self-play games end under one self-play setting: how many are decided, drawn or cut, and
their mean length. A value head learns from these outcomes, so a setting whose games mostly end
level leaves it little to learn (docs/agents.md, "Net-guided self-play on Senjutsu and UFS").

    .venv/bin/python scripts/selfplay_outcomes.py senjutsu --net NET --simulations 64
    .venv/bin/python scripts/selfplay_outcomes.py senjutsu --leaf-values playout --simulations 32
"""

from __future__ import annotations

import argparse
import sys

import kumite
from kumite.argtypes import mix_weight, positive
from kumite.bots import AZ_EXPLORATION
from kumite.training import TrainConfig

# The trainer's self-play settings, so the games are the ones a run would play.
TRAINER = TrainConfig(game="", out="")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--net", help="a network file (default: none; uniform priors and random playout values)")
    parser.add_argument("--leaf-values", choices=("evaluator", "playout", "heuristic"), default="evaluator",
                        help="what values the search's leaves (as kumite.selfplay; default evaluator: the net's value)")
    parser.add_argument("--leaf-mix", type=mix_weight, metavar="LAMBDA", help="a random playout's share of a leaf's value")
    parser.add_argument("--simulations", type=positive, default=64)
    parser.add_argument("--games", type=positive, default=32)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--max-steps", type=positive, default=TRAINER.max_steps,
                        help="a game still live after this many actions is cut")
    args = parser.parse_args()
    game = kumite.load(args.game)
    net = kumite.Net.load(args.net) if args.net else None
    data = kumite.selfplay(game, net, games=args.games, simulations=args.simulations, seed=args.seed, threads=1,
                           max_steps=args.max_steps, gumbel=TRAINER.gumbel, temperature_moves=TRAINER.temperature_moves,
                           exploration=AZ_EXPLORATION, leaf_values=args.leaf_values, leaf_mix=args.leaf_mix)
    cut = data["game_truncated"]
    # Level: nobody won or lost (every return 0; a cut game's are 0 too, so it is counted apart).
    level = (data["game_returns"] == 0).all(axis=1) & ~cut
    decided = int((~level & ~cut).sum())
    print(f"{args.game}: {args.games} self-play games, {args.simulations} simulations a move "
          f"(net {args.net or 'none'}, leaf values {args.leaf_values}"
          + (f", leaf mix {args.leaf_mix:g}" if args.leaf_mix is not None else "") + f", seed {args.seed}): "
          f"{decided} decided, {int(level.sum())} level, {int(cut.sum())} cut; "
          f"{float(data['game_length'].mean()):.0f} actions a game on average")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How often a random game's legal-action listing is the one before it (bench/README, "Issue
55's goals, where they stand"): the share of calls a listing kept between calls could hand back
as it was. Uniformly random games, seeds 0..GAMES, each game's default options.

    python scripts/listing_changes.py [GAME ...] [--games N]"""

from __future__ import annotations

import argparse
import random

import kumite


def count(name: str, games: int) -> tuple[int, int]:
    """Listings equal to the one before them, and listings after the first, over `games` games."""
    game = kumite.load(name)
    same = total = 0
    for seed in range(games):
        state, rng, before = game.new_state(seed), random.Random(seed), None
        while not state.is_terminal():
            legal = list(state.legal_actions())
            if before is not None:
                same, total = same + (legal == before), total + 1
            before = legal
            state.apply(rng.choice(legal))
    return same, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", default=kumite.games())
    parser.add_argument("--games", dest="count", type=int, default=100, metavar="N")
    args = parser.parse_args()
    if args.count < 1:
        parser.error(f"--games is at least 1, not {args.count}")
    for name in args.games:
        same, total = count(name, args.count)
        print(f"{name}: {same:,} of {total:,} listings the same as the one before ({same / max(total, 1):.1%})")


if __name__ == "__main__":
    main()

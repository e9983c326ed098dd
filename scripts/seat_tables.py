"""Regenerates the seat table of every docs/rules/<game>.md (``make seat-tables``): the output of
``kumite seats <game>`` replaces what stands between the ``<!-- seats:begin -->`` and
``<!-- seats:end -->`` markers. Games may be named on the command line (default: every game
with a table); ``--mcts-games N`` and ``--mcts N`` pass through."""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
import time

import kumite
from kumite import seats

DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs" / "rules"
BEGIN, END = "<!-- seats:begin -->", "<!-- seats:end -->"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--games-per-seating", type=int, default=2000)
    parser.add_argument("--mcts", type=int, default=200)
    parser.add_argument("--mcts-games", type=int, default=100)
    args = parser.parse_args()
    names = args.games or [n for n in kumite.games() if BEGIN in (DOCS / f"{n}.md").read_text()]
    unfair = 0
    for name in names:
        path = DOCS / f"{name}.md"
        text = path.read_text()
        if BEGIN not in text:
            raise SystemExit(f"{path} has no {BEGIN} marker")
        start = time.time()
        rows = seats.measure(kumite.load(name), args.games_per_seating, args.mcts, args.mcts_games, 0)
        table = seats.markdown(rows)
        note = (f"`make seat-tables`: {args.games_per_seating} random games and {args.mcts_games} MCTS games "
                f"({args.mcts} iterations a move, every seat alike) per seating, seed 0, default content.\n\n")
        body = f"{BEGIN}\n{note}{table}{END}"
        path.write_text(re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: body, text, flags=re.S))
        for f in seats.failures(rows):
            print(f"{name}: unfair: {f}", file=sys.stderr)
            unfair += 1
        print(f"{name}: {len(rows)} rows in {time.time() - start:.0f} s", file=sys.stderr)
    return 1 if unfair else 0


if __name__ == "__main__":
    sys.exit(main())

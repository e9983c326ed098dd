"""Regenerates the seat table of every docs/rules/<game>.md (``make seat-tables``): the output of
``kumite seats <game>`` replaces what stands between the ``<!-- seats:begin -->`` and
``<!-- seats:end -->`` markers. Games may be named on the command line (default: every game
with a table); ``--mcts-games N`` and ``--mcts N`` pass through, and ``--mcts 0`` leaves the MCTS
rows out (the default for the games in ``RANDOM_ONLY``)."""

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
# Games whose MCTS rows are left out unless `--mcts N` asks for them, and why.
RANDOM_ONLY = {"ufs": "the MCTS rows, 100 games a seating at 200 iterations, take more than 40 minutes on 2 cores"}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--games-per-seating", type=int, default=2000)
    parser.add_argument("--mcts", type=int, default=None, help="iterations a move (default 200; 0: no MCTS rows)")
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
        mcts = args.mcts if args.mcts is not None else (0 if name in RANDOM_ONLY else 200)
        rows = seats.measure(kumite.load(name), args.games_per_seating, mcts or None, args.mcts_games, 0)
        table = seats.markdown(rows)
        if mcts:
            note = (f"`make seat-tables`: {args.games_per_seating} random games and {args.mcts_games} MCTS games "
                    f"({mcts} iterations a move, every seat alike) per seating, seed 0, default content.\n\n")
        else:
            why = RANDOM_ONLY.get(name, "no MCTS rows were asked for")
            note = (f"`make seat-tables`: {args.games_per_seating} random games per seating, seed 0, default "
                    f"content (random rows only: {why}; `scripts/seat_tables.py {name} --mcts 200` adds them).\n\n")
        body = f"{BEGIN}\n{note}{table}{END}"
        path.write_text(re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: body, text, flags=re.S))
        for f in seats.failures(rows):
            print(f"{name}: unfair: {f}", file=sys.stderr)
            unfair += 1
        print(f"{name}: {len(rows)} rows in {time.time() - start:.0f} s", file=sys.stderr)
    return 1 if unfair else 0


if __name__ == "__main__":
    sys.exit(main())

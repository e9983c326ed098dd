"""The learning-curve rows of docs/agents.md ("Shipped networks and their strength") from a
training run's ``curve.json``: for each curve (a candidate against an opponent, or a team), the
mean win rate over the points from ``--from-minute`` on (up to ``--to-minute``, if given), with the lowest and highest point.

    .venv/bin/python scripts/curve_table.py target/agents/ufs/curve.json --from-minute 12
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

COUNTERS = ("iteration", "minutes", "selfplay_games")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("curve", type=Path, help="a run's curve.json (make agents: target/agents/<game>/curve.json)")
    parser.add_argument("--from-minute", type=float, default=12.0, help="leave out the points before (default 12)")
    parser.add_argument("--to-minute", type=float, default=float("inf"),
                        help="leave out the points after (to compare runs over the same minutes)")
    args = parser.parse_args()
    curve = json.loads(args.curve.read_text())
    points = [p for p in curve if args.from_minute <= p["minutes"] <= args.to_minute]
    if not points:
        parser.error(f"no point between minutes {args.from_minute:g} and {args.to_minute:g}")
    print(f"{len(points)} points from minute {args.from_minute:g} (the last at {points[-1]['minutes']} min)")
    # A run resumed with other settings names some curves anew (`az:64` after `az:32`): each
    # curve over the points that have it.
    for key in dict.fromkeys(k for p in points for k in p if k not in COUNTERS):
        rates = [100 * p[key] for p in points if key in p]
        print(f"{key}: {sum(rates) / len(rates):.0f} % ({min(rates):.0f}–{max(rates):.0f}, {len(rates)} points)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

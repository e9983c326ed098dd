"""The learning-curve rows of docs/agents.md ("Shipped networks and their strength") from a
training run's ``curve.json``: for each curve (a candidate against an opponent, or a team), the
mean win rate over the points from ``--from-minute`` on, with the lowest and highest point.

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
    args = parser.parse_args()
    curve = json.loads(args.curve.read_text())
    points = [p for p in curve if p["minutes"] >= args.from_minute]
    if not points:
        parser.error(f"no point at or after minute {args.from_minute:g}")
    print(f"{len(points)} points from minute {args.from_minute:g} (the last at {curve[-1]['minutes']} min)")
    for key in (k for k in curve[0] if k not in COUNTERS):
        rates = [100 * p[key] for p in points]
        print(f"{key}: {sum(rates) / len(rates):.0f} % ({min(rates):.0f}–{max(rates):.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

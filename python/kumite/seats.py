"""Seat tables: who wins each seating of a game (``kumite seats <game>``, and the "Seats"
section of each ``docs/rules/<game>.md``). The measuring is the engine's (``kumite.seat_shares``);
this module formats it."""

from __future__ import annotations

from collections.abc import Sequence
from statistics import NormalDist

import kumite
from kumite.arena import wilson
from kumite.results import SeatRow

# The chance that a fair table is called unfair at least once, over all its intervals.
FAMILY_FALSE_ALARM = 0.05


def measure(
    game: kumite.Game, games: int, mcts_iterations: int | None, mcts_games: int, seed: int
) -> list[SeatRow]:
    """The random rows of every seating, then (unless `mcts_iterations` is None) its MCTS rows."""
    rows = kumite.seat_shares(game, games=games, seed=seed)
    if mcts_iterations:
        rows += kumite.seat_shares(game, games=mcts_games, seed=seed, mcts_iterations=mcts_iterations)
    return rows


def _seat(row: SeatRow, p: int, verdict: list[str]) -> str:
    if p >= row["players"]:
        return ""
    cell = f"{100 * row['shares'][p]:.1f} % [{100 * row['low'][p]:.1f}, {100 * row['high'][p]:.1f}]"
    if any(f.startswith(f"seat {p} ") for f in verdict):
        cell += " **unfair**"
    return cell


def markdown(rows: Sequence[SeatRow]) -> str:
    """A markdown table: one line per seating and play, each seat's win share (draws half) with
    its 95 % interval (marked when the verdict calls it unfair), and the rule behind any edge."""
    most = max((r["players"] for r in rows), default=2)
    marks = verdicts(rows)
    head = ["seating", "play", "games", "draws"] + [f"seat {p}" for p in range(most)] + ["edge"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * 2 + "---:|" * 2 + "---|" * (most + 1)]
    for r, verdict in zip(rows, marks):
        teams = ""
        if r["sides"] != list(range(r["players"])):
            teams = " (sides " + "".join(str(s) for s in r["sides"]) + ")"
        draws = str(r["draws"] + r["truncated"])
        edge = r["edge"] or ("none (mirror)" if r["mirror"] else "not a mirror")
        cells = [r["seating"] + teams, r["play"], str(r["games"]), draws] + [_seat(r, p, verdict) for p in range(most)] + [edge]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def tested(rows: Sequence[SeatRow]) -> list[tuple[int, int]]:
    """The (row index, seat) intervals a verdict tests: every seat of a mirror, except under
    search when a rule names the edge (its size then is free)."""
    return [(i, p) for i, r in enumerate(rows) if r["mirror"] and not (r["edge"] and r["play"] != "random")
            for p in range(r["players"])]


def corrected_z(tests: int, false_alarm: float = FAMILY_FALSE_ALARM) -> float:
    """The two-sided `z` that keeps the chance of any false alarm among `tests` intervals below
    `false_alarm` (Bonferroni)."""
    return NormalDist().inv_cdf(1 - false_alarm / (2 * max(tests, 1)))


def verdicts(rows: Sequence[SeatRow]) -> list[list[str]]:
    """For each row, its mirror seats whose interval misses what they should win, at the
    table's corrected level: each cell is shown at 95 %, but over a table of many cells some 95 %
    intervals miss by chance, so the verdict widens them until a fair table fails less than 1
    time in 20."""
    pairs = tested(rows)
    z = corrected_z(len(pairs))
    out: list[list[str]] = [[] for _ in rows]
    for i, p in pairs:
        r = rows[i]
        low, high = wilson(r["shares"][p] * r["games"], r["games"], z)
        want = r["expected"][p]
        if not low <= want <= high:
            out[i].append(f"seat {p} wins {r['shares'][p]:.3f} [{low:.3f}, {high:.3f} at the corrected level] of "
                          f"{r['games']} {r['play']} games of {r['seating']!r}, not {want:.3f}")
    return out


def failures(rows: Sequence[SeatRow]) -> list[str]:
    """Every row's verdict (:func:`verdicts`), in order."""
    return [f for verdict in verdicts(rows) for f in verdict]

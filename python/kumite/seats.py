"""Seat tables: who wins each seating of a game (``kumite seats <game>``, and the "Seats"
section of each ``docs/rules/<game>.md``). The measuring is the engine's (``kumite.seat_shares``);
this module formats it."""

from __future__ import annotations

from typing import Any

import kumite


def measure(
    game: kumite.Game, games: int, mcts_iterations: int | None, mcts_games: int, seed: int
) -> list[dict[str, Any]]:
    """The random rows of every seating, then (unless `mcts_iterations` is None) its MCTS rows."""
    rows = kumite.seat_shares(game, games=games, seed=seed)
    if mcts_iterations:
        rows += kumite.seat_shares(game, games=mcts_games, seed=seed, mcts_iterations=mcts_iterations)
    return rows


def _seat(row: dict[str, Any], p: int) -> str:
    if p >= row["players"]:
        return ""
    cell = f"{100 * row['shares'][p]:.1f} % [{100 * row['low'][p]:.1f}, {100 * row['high'][p]:.1f}]"
    if any(f.startswith(f"seat {p} ") for f in row["failures"]):
        cell += " **unfair**"
    return cell


def markdown(rows: list[dict[str, Any]]) -> str:
    """A markdown table: one line per seating and play, each seat's win share (draws half) with
    its 95 % interval, and the rule behind any edge."""
    most = max((r["players"] for r in rows), default=2)
    head = ["seating", "play", "games", "draws"] + [f"seat {p}" for p in range(most)] + ["edge"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * 2 + "---:|" * 2 + "---|" * (most + 1)]
    for r in rows:
        teams = ""
        if r["sides"] != list(range(r["players"])):
            teams = " (sides " + "".join(str(s) for s in r["sides"]) + ")"
        draws = str(r["draws"] + r["truncated"])
        edge = r["edge"] or ("none (mirror)" if r["mirror"] else "not a mirror")
        cells = [r["seating"] + teams, r["play"], str(r["games"]), draws] + [_seat(r, p) for p in range(most)] + [edge]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def failures(rows: list[dict[str, Any]]) -> list[str]:
    return [f for r in rows for f in r["failures"]]

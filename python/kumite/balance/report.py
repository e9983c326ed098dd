"""A balance report as files: ``balance.md`` (tables a person reads), ``balance.json`` (every
cell's counts and intervals, the command and the commit) and ``balance.png`` (heatmaps and bars
with the intervals drawn; needs matplotlib, ``pip install 'kumite[balance]'``)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROUND_COLUMNS = 12  # the falls histogram: rounds 1..12, then "13+"


def _pct(x: float | None) -> str:
    return "–" if x is None or math.isnan(x) else f"{100 * x:.0f} %"


def _share(s: dict[str, Any]) -> str:
    if not s["games"]:
        return "no finished game"
    return f"{_pct(s['rate'])} [{100 * s['low']:.0f}, {100 * s['high']:.0f}]"


def _diff(d: dict[str, Any], unit: str = " pp", scale: float = 100.0, digits: int = 0) -> str:
    if d["diff"] is None:
        return "–"
    f = f"+.{digits}f"
    return f"{scale * d['diff']:{f}}{unit} [{scale * d['low']:{f}}, {scale * d['high']:{f}}]"


def _games(c: dict[str, Any]) -> str:
    text = f"n {c['finished']}, {c['mean_length']:.0f} actions" if c["mean_length"] is not None else f"n {c['finished']}"
    return text + (f", {c['draws']} drawn" if c["draws"] else "") + (f", {c['truncated']} cut" if c["truncated"] else "")


def _name(table: dict[str, Any], entry: str) -> str:
    names: dict[str, str] = table["names"]
    if "+" in entry and entry not in names:
        return " + ".join(names.get(e, e) for e in entry.split("+"))
    return names.get(entry, entry)


def _grid(head: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return lines


def _square(table: dict[str, Any], corner: str, cell: Callable[[str, str], str],
            last: Callable[[str], str] | None = None, mirrors: bool = True) -> list[str]:
    """A matrix as a markdown table: a row and a column per entry, ``cell(row, col)`` in each
    ("mirror" on the diagonal when ``mirrors``), and ``last(row)`` in an "overall" column when
    given."""
    entries = table["entries"]
    head = [corner] + [_name(table, e) for e in entries] + (["overall"] if last else [])
    rows = [[f"**{_name(table, r)}**"] + ["mirror" if mirrors and r == c else cell(r, c) for c in entries]
            + ([last(r)] if last else []) for r in entries]
    return _grid(head, rows)


def _matrix(table: dict[str, Any], arm: dict[str, Any]) -> list[str]:
    pooled = {(p["row"], p["col"]): p for p in arm["pooled"]}
    cells = {(c["row"], c["col"]): c for c in arm["cells"]}
    overall = {o["entry"]: o for o in arm["overall"]}
    noun = table["noun"]
    out = [f"Row {noun} against column {noun}, both seat orders pooled: the row's win rate (a draw counts "
           f"half) with its 95 % interval; the last column is the row against every other {noun}.", ""]
    out += _square(table, "", lambda r, c: f"{_share(pooled[(r, c)])}<br>n {pooled[(r, c)]['games']}",
                   lambda r: _share(overall[r]))
    if any(p["draws"] for p in arm["pooled"]):
        out += ["", "The same games without the draws: the row's share of the games some side won, with the "
                    "number of draws.", ""]
        out += _square(table, "", lambda r, c:
                       f"{_share(pooled[(r, c)]['decided'])}<br>{pooled[(r, c)]['draws']} of {pooled[(r, c)]['games']} drawn",
                       lambda r: _share(overall[r]["decided"]))
    out += ["", f"Row {noun} in seat 0, column {noun} in seat 1: seat 0's win rate, finished games, mean length "
                f"in actions, games no one won (drawn) and games cut at the run's bound (counted apart).", ""]
    out += _square(table, "seat 0 \\ seat 1", lambda r, c: f"{_share(cells[(r, c)]['seat0'])}<br>{_games(cells[(r, c)])}",
                   mirrors=False)
    seat = arm["seat"]
    out += ["", f"**Seat advantage:** seat 0 wins {_share(seat['seat0'])} of {seat['seat0']['games']} finished games; "
                f"in the mirrors {_share(seat['mirrors'])} of {seat['mirrors']['games']}."]
    if "first_player" in arm:
        out.append("")
        out.append(f"**First player:** the player who goes first wins {_share(arm['first_player'])} of "
                   f"{arm['first_player']['games']} finished games.")
    return out


def _matrix_difference(table: dict[str, Any], diff: dict[str, Any]) -> list[str]:
    pooled = {(p["row"], p["col"]): p for p in diff["pooled"]}
    overall = {o["entry"]: o for o in diff["overall"]}
    out = ["Variant minus default, both seat orders pooled, in percentage points with the 95 % interval of the "
           "difference:", ""]
    out += _square(table, "", lambda r, c: _diff(pooled[(r, c)]), lambda r: _diff(overall[r]))
    out += ["", f"**Seat 0:** {_diff(diff['seat']['seat0'])}; in the mirrors {_diff(diff['seat']['mirrors'])}."]
    if "first_player" in diff:
        out += ["", f"**First player:** {_diff(diff['first_player'])}."]
    return out


def _seats(table: dict[str, Any], arm: dict[str, Any]) -> list[str]:
    most = max(c["players"] for c in arm["cells"])
    out = ["Each seat's win share (a game no side won counts 1 / the number of sides to each; teammates share "
           "their side's result) with its 95 % interval; a fair seat holds 1 / the number of sides.", ""]
    rows = []
    for c in arm["cells"]:
        seats = [_share(s) if p < c["players"] else "" for p, s in enumerate(c["seats"] + [None] * (most - c["players"]))]
        rows.append([c["seating"], str(c["finished"]), str(c["draws"]), str(c["truncated"]),
                     f"{c['mean_length']:.0f}" if c["mean_length"] is not None else "–"] + seats)
    return out + _grid(["seating", "games", "no side won", "cut", "mean length"] + [f"seat {p}" for p in range(most)], rows)


def _seats_difference(diff: dict[str, Any]) -> list[str]:
    most = max(len(c["seats"]) for c in diff["cells"])
    rows = [[c["seating"]] + [_diff(d) for d in c["seats"]] + [""] * (most - len(c["seats"])) for c in diff["cells"]]
    return ["Variant minus default, each seat's share in percentage points:", ""] + \
        _grid(["seating"] + [f"seat {p}" for p in range(most)], rows)


def _falls(cells: list[dict[str, Any]]) -> list[str]:
    counts = [[0] * (ROUND_COLUMNS + 1) for _ in range(4)]
    for c in cells:
        for key, n in c["falls"].items():
            stage, rnd = (int(x) for x in key.split("/"))
            counts[min(max(stage, 1), 4) - 1][min(max(rnd, 1), ROUND_COLUMNS + 1) - 1] += n
    head = ["stage \\ round"] + [str(r) for r in range(1, ROUND_COLUMNS + 1)] + [f"{ROUND_COLUMNS + 1}+"]
    rows = [[f"stage {s + 1}"] + [str(n) if n else "·" for n in counts[s]] for s in range(4)]
    return ["Where the lost campaigns ended (all rows of this table together): stage × round of that stage.", ""] + \
        _grid(head, rows)


def _campaign(table: dict[str, Any], arm: dict[str, Any]) -> list[str]:
    rows = []
    for c in arm["cells"]:
        score = f"{c['mean_score']:.1f}" if c["mean_score"] is not None else "–"
        stage = f"{c['mean_stage']:.2f}" if c["mean_stage"] is not None else "–"
        rows.append([_name(table, c["entry"]), str(c["finished"]), _share(c["team"]), stage, score,
                     f"{c['mean_length']:.0f}" if c["mean_length"] is not None else "–", str(c["truncated"])])
    out = ["The team's win rate with its 95 % interval, the mean stage reached (1–4; a won campaign reached 4), "
           "the mean score (gold left) of the won campaigns, the mean length in actions and the campaigns cut at "
           "the run's bound (counted apart).", ""]
    out += _grid([table["noun"], "campaigns", "win rate", "mean stage", "mean score", "mean length", "cut"], rows)
    if "by_character" in arm:
        out += ["", "Each character over the pairs it plays in:", ""]
        out += _grid(["character", "campaigns", "win rate"],
                     [[_name(table, b["entry"]), str(b["games"]), _share(b)] for b in arm["by_character"]])
    out += [""] + _falls(arm["cells"])
    return out


def _campaign_difference(table: dict[str, Any], diff: dict[str, Any]) -> list[str]:
    rows = [[_name(table, c["entry"]), _diff(c["team"]), _diff(c["mean_stage"], unit="", scale=1.0, digits=2)] for c in diff["cells"]]
    return ["Variant minus default: the win rate in percentage points, the mean stage reached in stages, "
            "with their 95 % intervals:", ""] + _grid([table["noun"], "win rate", "mean stage"], rows)


def _options(options: dict[str, Any] | None) -> str:
    if not options:
        return "none"
    return ", ".join(f"`{k}={json.dumps(v)}`" for k, v in options.items())


def _commit(commit: str) -> str:
    return commit[:12] + ("-dirty" if commit.endswith("-dirty") else "")


def markdown(result: dict[str, Any]) -> str:
    """The report as markdown."""
    lines = [f"# Balance: {result['game']}", ""]
    bots = ", ".join(f"`{b}`" for b in result["bots"])
    lines.append(f"Bots {bots} (cycled over the seats), {result['games_per_cell']} games per cell, seed "
                 f"{result['seed']}, options {_options(result['options'])}, games cut at {result['max_steps']} "
                 f"actions. Command: `{result['command'] or 'kumite.balance.run'}`"
                 + (f", commit `{_commit(result['commit'])}`" if result["commit"] else "") + ".")
    if result["cooperative"]:
        lines += ["", "Co-operative: every player shares the team's result, so no seat has an edge to measure."]
    variant = result["variant"]
    if variant:
        lines += ["", f"Variant: {_options(variant)}, played on the same seeds as the default."]
    for table in result["tables"]:
        lines += ["", f"## {table['title']}", ""]
        arms = table["arms"]
        for arm in arms:
            if variant:
                lines += [f"### {'Default' if arm == 'default' else 'Variant ' + _options(variant)}", ""]
            if table["kind"] == "matrix":
                lines += _matrix(table, arms[arm])
            elif table["kind"] == "seats":
                lines += _seats(table, arms[arm])
            else:
                lines += _campaign(table, arms[arm])
            lines.append("")
        if "difference" in table:
            lines += ["### Difference", ""]
            if table["kind"] == "matrix":
                lines += _matrix_difference(table, table["difference"])
            elif table["kind"] == "seats":
                lines += _seats_difference(table["difference"])
            else:
                lines += _campaign_difference(table, table["difference"])
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def write(result: dict[str, Any], out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "balance.md", out / "balance.json"]
    paths[0].write_text(markdown(result), encoding="utf-8")
    paths[1].write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    try:
        from kumite.balance import picture
    except ImportError:
        return paths
    paths.append(picture.draw(result, out / "balance.png"))
    return paths

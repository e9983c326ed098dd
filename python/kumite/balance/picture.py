"""``balance.png``: one panel per table, intervals drawn. Matrices are heatmaps whose cells print
the rate and its 95 % interval, outlined where the interval leaves 50 %; seat tables and
campaigns are bars with their intervals as error bars; a variant adds its differences."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from kumite.balance.report import _name  # noqa: E402


def _heatmap(ax: Axes, table: dict[str, Any], values: dict[tuple[str, str], dict[str, Any]], title: str,
             diff: bool = False, mirrors: bool = False) -> None:
    entries = table["entries"]
    n = len(entries)
    grid = np.full((n, n), np.nan)
    for i, r in enumerate(entries):
        for j, c in enumerate(entries):
            v = values.get((r, c))
            key = "diff" if diff else "rate"
            if v is not None and v.get(key) is not None:
                grid[i, j] = v[key]
    span = max(0.05, float(np.nanmax(np.abs(grid))) if np.isfinite(grid).any() else 0.05)
    if diff:
        image = ax.imshow(grid, cmap="PuOr", vmin=-span, vmax=span)
    else:
        image = ax.imshow(grid, cmap="RdBu", vmin=0.0, vmax=1.0)
    ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    for i, r in enumerate(entries):
        for j, c in enumerate(entries):
            v = values.get((r, c))
            if v is None or (v.get("diff" if diff else "rate") is None):
                ax.text(j, i, "mirror" if r == c and not mirrors else "–", ha="center", va="center", fontsize=8)
                continue
            if diff:
                text = f"{100 * v['diff']:+.0f}\n[{100 * v['low']:+.0f}, {100 * v['high']:+.0f}]"
                outside = v["low"] > 0 or v["high"] < 0
            else:
                text = f"{100 * v['rate']:.0f}%\n[{100 * v['low']:.0f}, {100 * v['high']:.0f}]"
                outside = v["low"] > 0.5 or v["high"] < 0.5
            strong = abs(v["diff"]) / span > 0.6 if diff else abs(v["rate"] - 0.5) > 0.3
            ax.text(j, i, text, ha="center", va="center", fontsize=7, color="white" if strong else "black")
            if outside:
                ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, lw=2.0, ec="black"))
    labels = [_name(table, e) for e in entries]
    ax.set_xticks(range(n), labels, rotation=30, ha="right", fontsize=7)
    ax.set_yticks(range(n), labels, fontsize=7)
    ax.set_title(title, fontsize=9)


def _bars(ax: Axes, labels: list[str], shares: list[dict[str, Any]], title: str, fair: list[float] | None = None) -> None:
    x = np.arange(len(labels))
    rate = np.array([s["rate"] if s["rate"] is not None else np.nan for s in shares])
    # A cell with no finished games (or a difference with nothing to compare) has no interval.
    low = np.array([s["low"] if s["low"] is not None else np.nan for s in shares], dtype=float)
    high = np.array([s["high"] if s["high"] is not None else np.nan for s in shares], dtype=float)
    ax.bar(x, rate, color="#4c72b0")
    ax.errorbar(x, rate, yerr=[np.clip(rate - low, 0, None), np.clip(high - rate, 0, None)], fmt="none", ecolor="black",
                capsize=3)
    if fair is not None:
        for k, f in enumerate(fair):
            ax.hlines(f, k - 0.4, k + 0.4, colors="grey", linestyles="dashed")
    ax.set_xticks(x, labels, rotation=30, ha="right", fontsize=7)
    ax.set_ylim(0, 1)
    ax.set_title(title, fontsize=9)


def _panels(result: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    """(what, table, arm) per panel."""
    panels = []
    for table in result["tables"]:
        for arm in table["arms"]:
            panels.append(("main", table, arm))
            if table["kind"] == "matrix":
                if any(p.get("draws") for p in table["arms"][arm]["pooled"]):
                    panels.append(("decided", table, arm))
                panels.append(("seats", table, arm))
            if table["kind"] == "campaign" and table["noun"] == "players":
                panels.append(("falls", table, arm))
        if "difference" in table:
            panels.append(("difference", table, "variant"))
    return panels


def _draw_panel(ax: Axes, what: str, table: dict[str, Any], arm_name: str, variant: bool) -> None:
    suffix = f" ({arm_name})" if variant and what != "difference" else ""
    arm = table["arms"][arm_name]
    if table["kind"] == "matrix":
        if what == "main":
            values = {(p["row"], p["col"]): p for p in arm["pooled"]}
            _heatmap(ax, table, values, f"{table['title']}: row's win rate, seat orders pooled{suffix}")
        elif what == "decided":
            values = {(p["row"], p["col"]): p["decided"] for p in arm["pooled"]}
            _heatmap(ax, table, values, f"The same, the decided games only (draws left out){suffix}")
        elif what == "seats":
            values = {(c["row"], c["col"]): c["seat0"] for c in arm["cells"]}
            _heatmap(ax, table, values, f"Row in seat 0 against column in seat 1: seat 0's win rate{suffix}",
                     mirrors=True)
        else:
            values = {(p["row"], p["col"]): p for p in table["difference"]["pooled"]}
            _heatmap(ax, table, values, "Variant minus default (percentage points), seat orders pooled", diff=True)
    elif table["kind"] == "seats":
        if what == "difference":
            cells = table["difference"]["cells"]
            labels = [f"{c['seating']}: seat {p}" for c in cells for p in range(len(c["seats"]))]
            diffs = [d for c in cells for d in c["seats"]]
            shares = [{"rate": d["diff"], "low": d["low"], "high": d["high"]} for d in diffs]
            _bars(ax, labels, shares, "Seats: variant minus default")
            ax.set_ylim(-0.5, 0.5)
            ax.axhline(0, color="grey", lw=0.8)
            return
        labels = [f"{c['seating']}: seat {p}" for c in arm["cells"] for p in range(c["players"])]
        shares = [s for c in arm["cells"] for s in c["seats"]]
        fair = [1.0 / len(set(c["sides"])) for c in arm["cells"] for _ in range(c["players"])]
        _bars(ax, labels, shares, f"{table['title']}{suffix}", fair)
    else:
        if what == "falls":
            counts = np.zeros((4, 13))
            for c in arm["cells"]:
                for key, n in c["falls"].items():
                    s, r = (int(x) for x in key.split("/"))
                    counts[min(max(s, 1), 4) - 1, min(max(r, 1), 13) - 1] += n
            image = ax.imshow(counts, cmap="Reds", aspect="auto")
            ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
            ax.set_xticks(range(13), [str(r) for r in range(1, 13)] + ["13+"], fontsize=7)
            ax.set_yticks(range(4), [f"stage {s}" for s in range(1, 5)], fontsize=7)
            ax.set_xlabel("round of the stage", fontsize=8)
            ax.set_title(f"Where lost campaigns ended{suffix}", fontsize=9)
            return
        cells = table["difference"]["cells"] if what == "difference" else arm["cells"]
        labels = [_name(table, c["entry"]) for c in cells]
        if what == "difference":
            shares = [{"rate": c["team"]["diff"], "low": c["team"]["low"], "high": c["team"]["high"]} for c in cells]
            _bars(ax, labels, shares, "Win rate: variant minus default")
            ax.set_ylim(-1, 1)
            ax.axhline(0, color="grey", lw=0.8)
        else:
            _bars(ax, labels, [c["team"] for c in cells], f"{table['title']}: win rate{suffix}")


def draw(result: dict[str, Any], path: Path) -> Path:
    panels = _panels(result)
    cols = 2
    rows = -(-len(panels) // cols)
    # The constrained layout keeps the figure's title clear of the first row's on a tall figure
    # (tight_layout let them run together).
    fig, axes = plt.subplots(rows, cols, figsize=(6.5 * cols, 5.2 * rows), squeeze=False, layout="constrained")
    variant = bool(result["variant"])
    for ax, (what, table, arm) in zip(axes.flat, panels):
        _draw_panel(ax, what, table, arm, variant)
    for ax in list(axes.flat)[len(panels):]:
        ax.axis("off")
    bots = ", ".join(result["bots"])
    fig.suptitle(f"kumite balance {result['game']}: {bots}, {result['games_per_cell']} games per cell, seed {result['seed']}",
                 fontsize=11)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path

"""The balance lab (``kumite balance <game>``): matchup tables, seat advantage and rule variants,
measured with bots and reported with 95 % intervals (``docs/balance.md``).

>>> from kumite import balance
>>> report = balance.run("tekken", bots=["mcts:100"], games=100, workers=2)
>>> balance.write(report, "out/")          # balance.md, balance.json, balance.png

Each game names its tables in its metadata (``Game.info()["balance"]``), laid out by
``kumite.balance.plans``: Tekken and UFS a matrix of characters or
preset decks in both seat orders (UFS also first player against second), Senjutsu samurai
against samurai and a seat table for 2-4 players with and without teams, Fatal Fight campaigns
by party size and by pair of characters. With ``variant`` every cell is also played under the
variant's options, on the same seeds, and each figure's difference is reported with its
interval.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

import kumite
from kumite.arena import split_games, step_bound
from kumite.balance import plans, report
from kumite.balance.play import Outcome, Piece, run_pieces
from kumite.balance.tally import Arm, Share, difference, mean_difference
from kumite.bots import make_bot
from kumite.progress import Progress

__all__ = ["DEFAULT_GAMES", "SCHEMA", "default_bots", "run", "write"]

SCHEMA = "kumite-balance/1"
DEFAULT_GAMES = 100
# Games per piece of work: small enough that the progress bar moves and the workers stay busy.
PIECE = 5


def default_bots(game: str) -> list[str]:
    """The bots every seat plays unless told: the game's own choice (its metadata, with why)."""
    return list(kumite.game_info(game)["default_bots"])


def _commit() -> str | None:
    """The checkout's commit when the package runs from one (a wheel has none), with ``-dirty``
    when the checkout has uncommitted changes."""
    here = str(Path(__file__).resolve().parent)
    try:
        # The package's own files must be tracked: a wheel installed in a venv inside some other
        # repository is not that repository's commit.
        tracked = subprocess.run(["git", "-C", here, "ls-files", "--error-unmatch", "__init__.py"],
                                 capture_output=True, text=True, timeout=10)
        head = subprocess.run(["git", "-C", here, "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10)
        if tracked.returncode != 0 or head.returncode != 0 or not head.stdout.strip():
            return None
        status = subprocess.run(["git", "-C", here, "status", "--porcelain", "--untracked-files=no"],
                                capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("-dirty" if status.stdout.strip() else "")


def _check(base: kumite.Game, plan: plans.Plan, options: dict[str, Any], variant: dict[str, Any] | None,
           specs: Sequence[str]) -> None:
    """Fails before any game is played: an option a table sets, a cell whose options do not
    load (under the default or the variant), a bot spec that does not make a bot."""
    for what, given in (("option", options), ("variant option", variant or {})):
        for cell in plan.cells:
            clash = sorted(set(given) & set(cell.options))
            if clash:
                raise ValueError(f"{what} {clash[0]!r} cannot be set: the {cell.table!r} table of {base.name} "
                                 f"sets it for each of its cells")
    for spec in dict.fromkeys(specs):
        make_bot(spec, base, 0, threads=1)
    arms = {"default": options} if variant is None else {"default": options, "variant": {**options, **variant}}
    seen: set[str] = set()
    for cell in plan.cells:
        for arm, arm_options in arms.items():
            for value in cell.alternate[1] if cell.alternate else (None,):
                merged = {**arm_options, **cell.options}
                if cell.alternate is not None:
                    merged[cell.alternate[0]] = value
                text = json.dumps(merged, sort_keys=True)
                if text in seen:
                    continue
                seen.add(text)
                try:
                    kumite.load(base.name, **merged)
                except kumite.KumiteError as e:
                    raise ValueError(f"cell {cell.key!r} ({arm}): {e}") from None


def run(
    game: str,
    bots: Sequence[str] | None = None,
    games: int = DEFAULT_GAMES,
    workers: int | None = None,
    address: str | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    variant: dict[str, Any] | None = None,
    max_steps: int | None = None,
    progress: bool = True,
    command: str | None = None,
) -> dict[str, Any]:
    """Measures ``game``'s tables: ``games`` games per cell, every seat played by ``bots``
    (specs, cycled over the seats; default ``default_bots(game)``), in ``workers`` processes
    (default: every core) or as Ray tasks on the cluster at ``address``. ``options`` apply to
    every cell; ``variant`` (options) adds a second arm played on the same seeds. A game still
    live after ``max_steps`` actions (default the game's ``max_game_length``) is cut and counted
    truncated, apart from the results. Returns the report as a JSON-ready dict (its schema is
    ``kumite/balance/schema.json``); the same seed gives the same figures whatever the workers."""
    options = dict(options or {})
    if variant is not None and not variant:
        variant = None
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    specs = list(bots) if bots else default_bots(game)
    base = kumite.load(game, **options)
    bound = step_bound(base, max_steps)
    plan = plans.plan(base, games)
    _check(base, plan, options, variant, specs)
    workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
    arms = {"default": options} if variant is None else {"default": options, "variant": {**options, **variant}}
    pieces: list[tuple[str, int, range, Piece]] = []
    for arm, arm_options in arms.items():
        for c, cell in enumerate(plan.cells):
            seat_specs = tuple(specs[s % len(specs)] for s in range(cell.players))
            for r in split_games(cell.games, math.ceil(cell.games / PIECE)):
                piece = Piece(base.name, {**arm_options, **cell.options}, cell.alternate, seat_specs, seed, cell.key,
                              r.start, len(r), bound, plan.campaign)
                pieces.append((arm, c, r, piece))
    played: dict[tuple[str, int], list[tuple[int, Outcome]]] = {}
    bar = Progress(sum(len(p[2]) for p in pieces), enabled=progress)

    def done(i: int, outcome: Outcome) -> None:
        arm, c, r, _ = pieces[i]
        played.setdefault((arm, c), []).append((r.start, outcome))
        bar.advance(len(r))

    commit = _commit()  # the code that plays the games, whatever is edited while they play
    start = time.monotonic()
    run_pieces([p[3] for p in pieces], workers, address, done)
    elapsed = time.monotonic() - start
    results: dict[str, list[Arm]] = {}
    for arm in arms:
        results[arm] = []
        for c, cell in enumerate(plan.cells):
            parts = [o for _, o in sorted(played[(arm, c)], key=lambda x: x[0])]
            outcome = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
            first = None
            if cell.alternate is not None and cell.alternate[0] == plan.first_option:
                values = cell.alternate[1]
                first = np.array([int(values[g % len(values)]) for g in range(cell.games)], np.int64)
            results[arm].append(Arm(outcome, cell.sides, first))
    tables = [_table(plan, t, results) for t in plan.tables]
    return {
        "schema": SCHEMA,
        "game": base.name,
        "command": command,
        "commit": commit,
        "kumite_version": kumite.__version__,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "seed": seed,
        "games_per_cell": games,
        "bots": specs,
        "options": options,
        "variant": variant,
        "max_steps": bound,
        "workers": "ray" if address is not None else workers,
        "elapsed_seconds": round(elapsed, 1),
        "cooperative": plan.cooperative,
        "tables": tables,
    }


def _cells(plan: plans.Plan, table: plans.Table, arm: list[Arm]) -> list[tuple[plans.Cell, Arm]]:
    return [(cell, a) for cell, a in zip(plan.cells, arm) if cell.table == table.name]


def _matrix_arm(plan: plans.Plan, table: plans.Table, arm: list[Arm]) -> dict[str, Any]:
    cells = _cells(plan, table, arm)
    by = {(c.labels[0], c.labels[1]): a for c, a in cells}
    out: dict[str, Any] = {"cells": [], "pooled": [], "overall": []}
    shares: dict[str, dict[Any, Share]] = {"cells": {}, "pooled": {}, "overall": {}}
    for (r, c), a in by.items():
        s = a.seat(0)
        shares["cells"][(r, c)] = s
        entry = {"row": r, "col": c, "seat0": s.to_json(), **a.summary()}
        if a.first is not None:
            entry["first_player"] = a.first_mover().to_json()
        out["cells"].append(entry)
    for r in table.entries:
        total = won = Share(0.0, 0)
        for c in table.entries:
            if r == c:
                continue
            s = by[(r, c)].seat(0) + by[(c, r)].seat(1)
            decided = by[(r, c)].decided(0) + by[(c, r)].decided(1)
            shares["pooled"][(r, c)] = s
            total = total + s
            won = won + decided
            out["pooled"].append({"row": r, "col": c, **s.to_json(), "draws": s.n - decided.n,
                                  "decided": decided.to_json()})
        shares["overall"][r] = total
        out["overall"].append({"entry": r, **total.to_json(), "decided": won.to_json()})
    seat0 = sum((a.seat(0) for _, a in cells), Share(0.0, 0))
    mirrors = sum((by[(e, e)].seat(0) for e in table.entries), Share(0.0, 0))
    out["seat"] = {"seat0": seat0.to_json(), "mirrors": mirrors.to_json()}
    shares["seat"] = {"seat0": seat0, "mirrors": mirrors}
    if any(a.first is not None for _, a in cells):
        first = sum((a.first_mover() for _, a in cells), Share(0.0, 0))
        out["first_player"] = first.to_json()
        shares["first_player"] = {"all": first}
    out["_shares"] = shares
    return out


def _matrix_difference(v: dict[str, Any], d: dict[str, Any]) -> dict[str, Any]:
    sv, sd = v.pop("_shares"), d.pop("_shares")
    out: dict[str, Any] = {
        "cells": [{"row": r, "col": c, **difference(sv["cells"][(r, c)], sd["cells"][(r, c)])} for r, c in sd["cells"]],
        "pooled": [{"row": r, "col": c, **difference(sv["pooled"][(r, c)], sd["pooled"][(r, c)])} for r, c in sd["pooled"]],
        "overall": [{"entry": e, **difference(sv["overall"][e], sd["overall"][e])} for e in sd["overall"]],
        "seat": {k: difference(sv["seat"][k], sd["seat"][k]) for k in sd["seat"]},
    }
    if "first_player" in sd:
        out["first_player"] = difference(sv["first_player"]["all"], sd["first_player"]["all"])
    return out


def _seats_arm(plan: plans.Plan, table: plans.Table, arm: list[Arm]) -> dict[str, Any]:
    cells = []
    for cell, a in _cells(plan, table, arm):
        cells.append({
            "seating": cell.labels[0],
            "players": cell.players,
            "sides": list(cell.sides),
            "seats": [a.seat(s).to_json() for s in range(cell.players)],
            **a.summary(),
        })
    return {"cells": cells}


def _seats_difference(plan: plans.Plan, table: plans.Table, v: list[Arm], d: list[Arm]) -> dict[str, Any]:
    cells = []
    for (cell, av), (_, ad) in zip(_cells(plan, table, v), _cells(plan, table, d)):
        cells.append({"seating": cell.labels[0],
                      "seats": [difference(av.seat(s), ad.seat(s)) for s in range(cell.players)]})
    return {"cells": cells}


def _campaign_arm(plan: plans.Plan, table: plans.Table, arm: list[Arm]) -> dict[str, Any]:
    cells = [{"entry": cell.labels[0], "players": cell.players, **a.campaign(), **a.summary()}
             for cell, a in _cells(plan, table, arm)]
    out: dict[str, Any] = {"cells": cells}
    if table.noun == "pair":
        # Each character over the pairs it plays in.
        out["by_character"] = [
            {"entry": ch, **sum((a.team() for c, a in _cells(plan, table, arm) if ch in c.labels[0].split("+")),
                                Share(0.0, 0)).to_json()}
            for ch in table.names
        ]
    return out


def _campaign_difference(plan: plans.Plan, table: plans.Table, v: list[Arm], d: list[Arm]) -> dict[str, Any]:
    cells = []
    for (cell, av), (_, ad) in zip(_cells(plan, table, v), _cells(plan, table, d)):
        sv, sd = av.outcome["stage"][av.finished], ad.outcome["stage"][ad.finished]
        cells.append({"entry": cell.labels[0], "team": difference(av.team(), ad.team()),
                      "mean_stage": mean_difference(sv, sd)})
    return {"cells": cells}


def _table(plan: plans.Plan, table: plans.Table, results: dict[str, list[Arm]]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": table.name, "kind": table.kind, "title": table.title, "noun": table.noun,
                           "entries": table.entries, "names": table.names, "arms": {}}
    if table.kind == plans.MATRIX:
        arms = {k: _matrix_arm(plan, table, v) for k, v in results.items()}
        if "variant" in arms:
            out["difference"] = _matrix_difference(arms["variant"], arms["default"])
        for a in arms.values():
            a.pop("_shares", None)
        out["arms"] = arms
    elif table.kind == plans.SEATS:
        out["arms"] = {k: _seats_arm(plan, table, v) for k, v in results.items()}
        if "variant" in results:
            out["difference"] = _seats_difference(plan, table, results["variant"], results["default"])
    else:
        out["arms"] = {k: _campaign_arm(plan, table, v) for k, v in results.items()}
        if "variant" in results:
            out["difference"] = _campaign_difference(plan, table, results["variant"], results["default"])
    return out


def write(result: dict[str, Any], out: str | os.PathLike[str]) -> list[Path]:
    """Writes ``balance.md``, ``balance.json`` and (with matplotlib installed) ``balance.png``
    into the folder ``out``; returns the paths written."""
    return report.write(result, Path(out))

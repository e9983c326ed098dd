"""What ``kumite balance`` measures for each game: its tables and their cells, laid out by the
game's own metadata (``Game.info()["balance"]``, written beside its rules).

A cell is one configuration (the game's options) played ``games`` times; a table groups cells
the way a reader compares them. Cell keys are stable across runs (they seed the cell's games), so
a cell plays the same games whatever else the run measures, and a variant plays each cell on the
same seeds as the default (common random numbers: the difference is sharper).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import kumite

# Matrix: row in seat 0 against column in seat 1, every ordered pair, mirrors included.
MATRIX = "matrix"
# Seats: one cell per seating; each seat's (or side's) share.
SEATS = "seats"
# Campaign: a co-operative team's results (win rate, stage reached, where it falls).
CAMPAIGN = "campaign"


@dataclass(frozen=True)
class Cell:
    """One configuration of a table. ``options`` are set over the run's options; with
    ``alternate = (option, values)`` game ``g`` also sets ``option`` to ``values[g % len]`` (UFS
    alternates who goes first). ``sides[s]`` is seat ``s``'s side (teams share one)."""

    key: str
    table: str
    labels: tuple[str, ...]
    options: dict[str, Any]
    players: int
    games: int
    sides: tuple[int, ...]
    alternate: tuple[str, tuple[Any, ...]] | None = None


@dataclass(frozen=True)
class Table:
    name: str
    kind: str
    title: str
    # The ids a matrix's rows and columns name, or a campaign table's rows; a seats table's
    # seatings.
    entries: list[str]
    names: dict[str, str] = field(default_factory=dict)
    # Matrix: what an entry is ("character", "samurai", "deck"); campaign: what a row varies.
    noun: str = ""


@dataclass(frozen=True)
class Plan:
    tables: list[Table]
    cells: list[Cell]
    cooperative: bool = False
    # The option whose value says who moved first (UFS), for a first-player line.
    first_option: str | None = None
    # Where a campaign's progress is in the JSON state: its stage and round fields, and the
    # number of stages (cooperative games).
    campaign: tuple[str, str, int] | None = None


def _ids(game: kumite.Game, kind: str) -> tuple[list[str], dict[str, str]]:
    entries = game.content()[kind]
    return [e["id"] for e in entries], {e["id"]: e["name"] for e in entries}


def _matrix(spec: dict[str, Any], game: kumite.Game, games: int) -> tuple[Table, list[Cell]]:
    """Every ordered pair of the content's entries, row in seat 0 against column in seat 1."""
    name, ids_names = spec["name"], _ids(game, spec["content"])
    ids, names = ids_names
    alternate = spec["alternate"]
    alt = None if alternate is None else (alternate[0], tuple(alternate[1]))
    cells = [
        Cell(f"{name}/{a}/{b}", name, (a, b), {spec["option"]: [a, b], **spec["fixed"]}, 2, games, (0, 1), alt)
        for a in ids
        for b in ids
    ]
    return Table(name, MATRIX, spec["title"], ids, names, spec["noun"]), cells


def _teams(teams: list[int]) -> str:
    """``[0, 1, 0, 1]`` as "teams 0+2 against 1+3"."""
    sides: dict[int, list[str]] = {}
    for seat, team in enumerate(teams):
        sides.setdefault(team, []).append(str(seat))
    return "teams " + " against ".join("+".join(seats) for seats in sides.values())


def _seats(spec: dict[str, Any], game: kumite.Game, games: int) -> tuple[Table, list[Cell]]:
    """The game's own mirrors (`Game.seatings`: every seat the same entry, so only the seat
    differs) of the content's first entry."""
    ids, names = _ids(game, spec["content"])
    first = ids[0]
    seatings = []
    cells = []
    for seating in game.seatings():
        options = seating["options"]
        if not seating["mirror"] or options.get(spec["content"], [None])[0] != first:
            continue
        players, teams = options["players"], options.get("teams")
        label = f"{players} players, " + (_teams(teams) if teams else "free-for-all")
        seatings.append(label)
        sides = tuple(seating["sides"]) or tuple(range(players))
        key = f"{spec['name']}/{players}" + ("/teams" if teams else "")
        cells.append(Cell(key, spec["name"], (label,), options, players, games, sides))
    return Table(spec["name"], SEATS, f"Seats: {names.get(first, first)} on every seat", seatings, names), cells


def _party(spec: dict[str, Any], game: kumite.Game, games: int) -> tuple[Table, list[Cell]]:
    """Campaigns by party size, every seat on the one team."""
    name, sizes = spec["name"], spec["sizes"]
    _, names = _ids(game, spec["content"])
    cells = [Cell(f"{name}/{p}", name, (str(p),), {"players": p, **spec["fixed"]}, p, games, (0,) * p) for p in sizes]
    return Table(name, CAMPAIGN, spec["title"], [str(p) for p in sizes], names, spec["noun"]), cells


def _pairs(spec: dict[str, Any], game: kumite.Game, games: int) -> tuple[Table, list[Cell]]:
    """Campaigns of two players, one per unordered pair of the content's entries."""
    name = spec["name"]
    ids, names = _ids(game, spec["content"])
    cells = [
        Cell(f"{name}/{a}/{b}", name, (f"{a}+{b}",), {"players": 2, spec["option"]: [a, b]}, 2, games, (0, 0))
        for a, b in combinations(ids, 2)
    ]
    pairs = [f"{a}+{b}" for a, b in combinations(ids, 2)]
    return Table(name, CAMPAIGN, spec["title"], pairs, names, spec["noun"]), cells


TABLES = {"matrix": _matrix, "seats": _seats, "party": _party, "pairs": _pairs}


def plan(game: kumite.Game, games: int) -> Plan:
    """The tables and cells of ``game`` (loaded with the run's options, so a ``content_dir``'s
    characters, samurai and decks take part), ``games`` games per cell, as the game's metadata
    (``Game.info()["balance"]``) lays them out."""
    spec = game.info()["balance"]
    if not spec["tables"]:
        raise ValueError(f"kumite balance has no tables for {game.name!r}")
    tables: list[Table] = []
    cells: list[Cell] = []
    for table_spec in spec["tables"]:
        table, table_cells = TABLES[table_spec["kind"]](table_spec, game, games)
        tables.append(table)
        cells.extend(table_cells)
    campaign = spec["campaign"]
    progress = None if campaign is None else (campaign["stage"], campaign["round"], campaign["stages"])
    return Plan(tables, cells, spec["cooperative"], spec["first_option"], progress)

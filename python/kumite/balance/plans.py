"""What ``kumite balance`` measures for each game: its tables and their cells.

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


def _ids(game: kumite.Game, kind: str) -> tuple[list[str], dict[str, str]]:
    entries = game.content()[kind]
    return [e["id"] for e in entries], {e["id"]: e["name"] for e in entries}


def _matrix(name: str, title: str, noun: str, ids: list[str], names: dict[str, str], games: int,
            options: Any, alternate: tuple[str, tuple[Any, ...]] | None = None) -> tuple[Table, list[Cell]]:
    cells = [
        Cell(f"{name}/{a}/{b}", name, (a, b), options(a, b), 2, games, (0, 1), alternate)
        for a in ids
        for b in ids
    ]
    return Table(name, MATRIX, title, ids, names, noun), cells


def tekken(game: kumite.Game, games: int) -> Plan:
    ids, names = _ids(game, "characters")
    table, cells = _matrix("characters", "Character against character", "character", ids, names, games,
                           lambda a, b: {"characters": [a, b]})
    return Plan([table], cells)


def ufs(game: kumite.Game, games: int) -> Plan:
    ids, names = _ids(game, "decks")
    # Half of each pairing's games with each player first (UF-4.3 flips a coin): the matrix and
    # the first-player line come from the same games.
    table, cells = _matrix("decks", "Preset deck against preset deck", "deck", ids, names, games,
                           lambda a, b: {"decks": [a, b]}, ("first_player", (0, 1)))
    return Plan([table], cells, first_option="first_player")


def senjutsu(game: kumite.Game, games: int) -> Plan:
    ids, names = _ids(game, "samurai")
    table, cells = _matrix("samurai", "Samurai against samurai, 2 players, each with its preset deck", "samurai",
                           ids, names, games, lambda a, b: {"players": 2, "samurai": [a, b], "decks": [], "teams": None})
    # The seat table: the game's own mirrors (`Game.seatings`: every seat the same samurai, so
    # only the seat differs) of the content's first samurai, for 2, 3 and 4 players
    # free-for-all and 4 players in teams 0+2 against 1+3.
    samurai = ids[0]
    seatings = []
    seat_cells = []
    for seating in game.seatings():
        options = seating["options"]
        if not seating["mirror"] or options.get("samurai", [None])[0] != samurai:
            continue
        players, teams = options["players"], options.get("teams")
        label = f"{players} players, " + ("teams 0+2 against 1+3" if teams else "free-for-all")
        seatings.append(label)
        sides = tuple(seating["sides"]) or tuple(range(players))
        key = f"seats/{players}" + ("/teams" if teams else "")
        seat_cells.append(Cell(key, "seats", (label,), options, players, games, sides))
    seats = Table("seats", SEATS, f"Seats: {names.get(samurai, samurai)} on every seat", seatings, names)
    return Plan([table, seats], cells + seat_cells)


def fatal_fight(game: kumite.Game, games: int) -> Plan:
    ids, names = _ids(game, "characters")
    sizes = [str(p) for p in range(1, 5)]
    party_cells = [
        Cell(f"party/{p}", "party", (str(p),), {"players": p, "characters": []}, p, games, (0,) * p)
        for p in range(1, 5)
    ]
    party = Table("party", CAMPAIGN, "Campaigns by party size (characters in content order)", sizes, names,
                  "players")
    pairs = [f"{a}+{b}" for a, b in combinations(ids, 2)]
    pair_cells = [
        Cell(f"pair/{a}/{b}", "pair", (f"{a}+{b}",), {"players": 2, "characters": [a, b]}, 2, games, (0, 0))
        for a, b in combinations(ids, 2)
    ]
    pair = Table("pair", CAMPAIGN, "Campaigns of two players, by pair of characters", pairs, names, "pair")
    return Plan([party, pair], party_cells + pair_cells, cooperative=True)


PLANS = {"tekken": tekken, "ufs": ufs, "senjutsu": senjutsu, "fatal_fight": fatal_fight}


def plan(game: kumite.Game, games: int) -> Plan:
    """The tables and cells of ``game`` (loaded with the run's options, so a ``content_dir``'s
    characters, samurai and decks take part), ``games`` games per cell."""
    if game.name not in PLANS:
        raise ValueError(f"kumite balance has no plan for {game.name!r}; it knows {', '.join(PLANS)}")
    return PLANS[game.name](game, games)

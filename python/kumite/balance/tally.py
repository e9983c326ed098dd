"""From played games to shares, intervals and differences.

A game's score per seat: the sides holding the highest return share the win (a draw between two
sides is half a win each, as everywhere in kumite); a game cut at the run's bound (truncated) has
no result and is counted apart. Intervals are Wilson 95 % score intervals; a difference between
the variant and the default is Newcombe's hybrid score interval built from the two Wilson
intervals (Newcombe 1998, method 10).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from kumite.arena import wilson
from kumite.balance.play import Outcome

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Share:
    """A share (wins, draws counting by the sides sharing them) over ``n`` finished games."""

    score: float
    n: int

    @property
    def rate(self) -> float:
        return self.score / self.n if self.n else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.n)

    def __add__(self, other: Share) -> Share:
        return Share(self.score + other.score, self.n + other.n)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"rate": _num(self.rate), "low": low, "high": high, "score": self.score, "games": self.n}


def _num(x: float) -> float | None:
    return None if math.isnan(x) else x


def difference(variant: Share, default: Share) -> dict[str, Any]:
    """``variant - default`` with Newcombe's interval; ``None`` figures when either is empty."""
    if not variant.n or not default.n:
        return {"diff": None, "low": None, "high": None}
    (l1, u1), (l2, u2) = variant.interval, default.interval
    p1, p2 = variant.rate, default.rate
    d = p1 - p2
    return {
        "diff": d,
        "low": d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        "high": d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    }


def mean_difference(a: npt.NDArray[Any], b: npt.NDArray[Any]) -> dict[str, Any]:
    """A difference of means with its normal 95 % interval (Welch), for stages reached."""
    if len(a) < 2 or len(b) < 2:
        return {"diff": None, "low": None, "high": None}
    d = float(a.mean() - b.mean())
    half = Z95 * math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    return {"diff": d, "low": d - half, "high": d + half}


def scores(returns: npt.NDArray[np.float32], sides: tuple[int, ...]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """Per game and seat the score (a winning side's seats get 1 / the number of winning
    sides), and per game whether no side won."""
    n_sides = len(set(sides))
    out = np.zeros(returns.shape, np.float64)
    draws = np.zeros(len(returns), np.bool_)
    side = np.array(sides)
    for k, row in enumerate(returns):
        best = row.max()
        winning = set(side[row == best].tolist())
        draws[k] = len(winning) == n_sides
        out[k] = np.where(np.isin(side, list(winning)), 1.0 / len(winning), 0.0)
    return out, draws


@dataclass
class Arm:
    """One cell's games in one arm (the default or the variant)."""

    outcome: Outcome
    sides: tuple[int, ...]
    first: npt.NDArray[np.int64] | None = None  # per game, the seat that moved first (UFS)

    @property
    def finished(self) -> npt.NDArray[np.bool_]:
        return ~self.outcome["truncated"]

    def seat_scores(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        keep = self.finished
        return scores(self.outcome["returns"][keep], self.sides)

    def seat(self, s: int) -> Share:
        sc, _ = self.seat_scores()
        return Share(float(sc[:, s].sum()), len(sc))

    def decided(self, s: int) -> Share:
        """Seat ``s``'s wins over the games some side won (two sides: a draw is half a win
        each, so the wins are the score less half the draws)."""
        sc, draws = self.seat_scores()
        return Share(float(sc[~draws, s].sum()), int((~draws).sum()))

    def first_mover(self) -> Share:
        assert self.first is not None
        sc, _ = self.seat_scores()
        first = self.first[self.finished]
        return Share(float(sc[np.arange(len(sc)), first].sum()), len(sc))

    def team(self) -> Share:
        """A co-operative team's wins over its finished campaigns."""
        won = self.outcome["returns"][self.finished][:, 0] > 0
        return Share(float(won.sum()), int(len(won)))

    def summary(self) -> dict[str, Any]:
        o = self.outcome
        _, draws = self.seat_scores()
        return {
            "games": int(len(o["lengths"])),
            "finished": int(self.finished.sum()),
            "truncated": int(o["truncated"].sum()),
            "draws": int(draws.sum()),
            # Over the finished games: a cut game's length is the bound, not the game's.
            "mean_length": _num(float(o["lengths"][self.finished].mean())) if self.finished.any() else None,
        }

    def campaign(self) -> dict[str, Any]:
        """Win rate, mean stage reached (1-4; a won campaign reached 4), mean score of the wins
        (the gold left: a win returns 1 + score / 100), and where lost campaigns ended."""
        o = self.outcome
        keep = self.finished
        won = o["returns"][keep][:, 0] > 0
        stage = o["stage"][keep]
        falls: dict[str, int] = {}
        for s, r in zip(stage[~won].tolist(), o["round"][keep][~won].tolist()):
            falls[f"{s}/{r}"] = falls.get(f"{s}/{r}", 0) + 1
        gold = np.round((o["returns"][keep][won, 0] - 1.0) * 100.0)
        return {
            "team": self.team().to_json(),
            "mean_stage": _num(float(stage.mean())) if len(stage) else None,
            "mean_score": _num(float(gold.mean())) if len(gold) else None,
            "falls": dict(sorted(falls.items(), key=lambda kv: tuple(int(x) for x in kv[0].split("/")))),
        }

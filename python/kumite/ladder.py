"""A rating ladder (``kumite ladder <game> --bots A B C``): every pair of bots plays a match with
the seats swapped every game, and all bots are rated on one scale by Bradley–Terry.

The ratings are Elo points (400 points = 10:1 odds of winning a game), fitted by Hunter's MM
algorithm over every finished game, a draw counting as half a win to each side. Each bot also
gets one virtual draw against every other bot (a weak prior), so a bot that never wins still
has a finite rating. The first bot listed is the anchor: its rating is 0. The 95 % interval of
a rating is the 2.5–97.5 percentile over bootstrap refits, each resampling every pair's games
with replacement. Truncated games (cut at the step bound) have no result and are left out."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from kumite._kumite import Game
from kumite.arena import play_games, step_bound
from kumite.bots import make_bot
from kumite.progress import reporter

ELO = 400 / math.log(10)  # Elo points per natural-log unit of strength


@dataclass(frozen=True)
class Pairing:
    """The games of bot ``a`` against bot ``b``: ``scores`` holds ``a``'s result of each
    finished game (1 win, 0.5 draw, 0 loss); ``truncated`` counts the games cut unfinished."""

    a: int
    b: int
    scores: npt.NDArray[np.float64]
    truncated: int = 0


@dataclass(frozen=True)
class Ladder:
    """Ratings (Elo points, ``names[0]`` at 0) with their bootstrap 95 % intervals."""

    names: list[str]
    pairings: list[Pairing]
    rating: npt.NDArray[np.float64]
    ci95: npt.NDArray[np.float64]
    games: npt.NDArray[np.int64] = field(repr=False)
    score: npt.NDArray[np.float64] = field(repr=False)

    def order(self) -> list[int]:
        """Bots from the highest rating down."""
        return sorted(range(len(self.names)), key=lambda i: -self.rating[i])

    def __str__(self) -> str:
        width = max(len("bot"), *(len(n) for n in self.names))
        lines = [f"rank  {'bot':<{width}}  rating  95% interval    games  score", "-" * (width + 44)]
        for rank, i in enumerate(self.order(), 1):
            low, high = self.ci95[i]
            lines.append(f"{rank:>4}  {self.names[i]:<{width}}  {self.rating[i]:>+6.0f}  [{low:>+5.0f}, {high:>+5.0f}]"
                         f"  {self.games[i]:>6}  {self.score[i]:>5.1%}")
        cut = sum(p.truncated for p in self.pairings)
        note = f"; {cut} truncated games left out" if cut else ""
        lines.append(f"Bradley-Terry in Elo points, {self.names[0]} = 0; intervals by bootstrap over games{note}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "method": "bradley-terry (MM), draws half, one virtual draw per pair; Elo points; bootstrap 95 %",
            "anchor": self.names[0],
            "bots": [{"name": self.names[i], "rating": float(self.rating[i]), "ci95": [float(x) for x in self.ci95[i]],
                      "games": int(self.games[i]), "score": float(self.score[i])} for i in range(len(self.names))],
            "pairings": [{"a": self.names[p.a], "b": self.names[p.b], "games": len(p.scores),
                          "a_score": float(p.scores.sum()), "truncated": p.truncated} for p in self.pairings],
        }


def bradley_terry(n: int, pairings: Sequence[Pairing], iterations: int = 10_000, tol: float = 1e-10) -> npt.NDArray[np.float64]:
    """Strengths (natural log, bot 0 at 0) by the MM algorithm (Hunter 2004), each pair with one
    virtual draw added."""
    wins = np.zeros(n)
    games = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            games[i, j] = games[j, i] = 1.0
            wins[i] += 0.5
            wins[j] += 0.5
    for p in pairings:
        games[p.a, p.b] += len(p.scores)
        games[p.b, p.a] += len(p.scores)
        wins[p.a] += p.scores.sum()
        wins[p.b] += len(p.scores) - p.scores.sum()
    gamma = np.ones(n)
    for _ in range(iterations):
        new = wins / (games / (gamma[:, None] + gamma[None, :])).sum(axis=1)
        new /= math.exp(np.log(new).mean())
        done = np.abs(new - gamma).max() < tol
        gamma = new
        if done:
            break
    strength: npt.NDArray[np.float64] = np.log(gamma) - math.log(gamma[0])
    return strength


def rate(names: Sequence[str], pairings: Sequence[Pairing], bootstrap: int = 200, seed: int = 0) -> Ladder:
    """Ratings of ``names`` from their pairings, with bootstrap intervals."""
    n = len(names)
    rating = ELO * bradley_terry(n, pairings)
    rng = np.random.default_rng(seed)
    samples = np.empty((bootstrap, n))
    for k in range(bootstrap):
        resampled = [Pairing(p.a, p.b, p.scores[rng.integers(0, len(p.scores), len(p.scores))]) for p in pairings]
        samples[k] = ELO * bradley_terry(n, resampled)
    ci95 = np.stack([np.percentile(samples, 2.5, axis=0), np.percentile(samples, 97.5, axis=0)], axis=1)
    games = np.zeros(n, np.int64)
    points = np.zeros(n)
    for p in pairings:
        games[[p.a, p.b]] += len(p.scores)
        points[p.a] += p.scores.sum()
        points[p.b] += len(p.scores) - p.scores.sum()
    score = np.divide(points, games, out=np.zeros(n), where=games > 0)
    return Ladder(list(names), list(pairings), rating, ci95, games, score)


def play_ladder(
    game: Game,
    specs: Sequence[str],
    games: int = 100,
    seed: int = 0,
    threads: int | None = None,
    max_steps: int | None = None,
    bootstrap: int = 200,
    progress: bool | Callable[[int, int], None] | None = None,
) -> Ladder:
    """Round robin of bot specs on a two-player competitive game (a cooperative game, where both
    seats share the result, is refused): ``games`` games per pair, seats swapped
    every game (so each pair plays both seat orders equally often). Pair ``k`` plays with the
    seeds ``seed + k * games`` on, and its bots are made with seeds derived from the same.
    ``progress`` as in :func:`kumite.play_match`, counted in pairs."""
    if game.num_players != 2:
        raise ValueError(f"the ladder rates two-player games; {game.name} has {game.num_players} players")
    if len(specs) < 2:
        raise ValueError("the ladder needs at least two bots")
    if len(set(specs)) < len(specs):
        raise ValueError("each bot appears once in a ladder")
    bound = step_bound(game, max_steps)
    pairs = [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))]
    pairings = []
    report = reporter(progress, len(pairs), unit="pairs")
    for k, (i, j) in enumerate(pairs):
        start = seed + k * games
        bots = [make_bot(specs[i], game, start, threads), make_bot(specs[j], game, start + 1000, threads)]
        returns, _, truncated = play_games(game, bots, range(start, start + games), seed=0, max_steps=bound)
        finished = returns[~truncated]
        if ((finished[:, 0] == finished[:, 1]) & (finished[:, 0] != 0)).any():
            raise ValueError(f"{game.name}: both seats shared a win or a loss (a cooperative game): no bot beats the other")
        scores = (np.sign(finished[:, 0] - finished[:, 1]) + 1.0) / 2.0
        pairings.append(Pairing(i, j, scores.astype(np.float64), int(truncated.sum())))
        if report is not None:
            report(k + 1, len(pairs))
    return rate(specs, pairings, bootstrap, seed)

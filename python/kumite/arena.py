"""Matches between bots: win rates with confidence intervals, seats swapped for fairness."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from kumite._kumite import Game
from kumite.bots import Bot


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a win rate (draws count half)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class MatchResult:
    """`returns[g, b]` is bot `b`'s return in game `g` (bots, not seats: swaps are undone).

    `win_rate[b]` counts a win as 1 and a draw as 1/2; for a cooperative game every bot shares
    the team's result. `ci95[b]` is its 95% Wilson interval.
    """

    names: list[str]
    returns: npt.NDArray[np.float32]
    win_rate: npt.NDArray[np.float64]
    ci95: npt.NDArray[np.float64]
    lengths: npt.NDArray[np.int32]

    def __str__(self) -> str:
        width = max(len(n) for n in self.names)
        lines = [f"{'bot':<{width}}  win rate  95% interval    mean return", "-" * (width + 44)]
        for b, name in enumerate(self.names):
            low, high = self.ci95[b]
            lines.append(
                f"{name:<{width}}  {self.win_rate[b]:>7.1%}  [{low:5.1%}, {high:5.1%}]  {self.returns[:, b].mean():>+10.3f}"
            )
        lines.append(f"{len(self.returns)} games, mean length {self.lengths.mean():.0f} actions")
        return "\n".join(lines)


def play_games(
    game: Game,
    bots: Sequence[Bot],
    games: range,
    seed: int = 0,
    swap_seats: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int32]]:
    """Plays games `games` of a match: game `g` uses seed `seed + g` and, with `swap_seats`, bot
    `b` sits in seat `(b + g) % players`. Returns per-bot returns `(len(games), players)` and
    lengths. A match split into ranges (across processes) plays the same games."""
    players = game.num_players
    if len(bots) != players:
        raise ValueError(f"{game.name} needs {players} bots, got {len(bots)}")
    returns = np.zeros((len(games), players), np.float32)
    lengths = np.zeros(len(games), np.int32)
    for k, g in enumerate(games):
        shift = g % players if swap_seats else 0
        seat_bot = [(seat - shift) % players for seat in range(players)]
        state = game.new_state(seed=seed + g)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat_bot[seat]].choose(state))
        seat_returns = state.returns()
        for seat in range(players):
            returns[k, seat_bot[seat]] = seat_returns[seat]
        lengths[k] = len(state.history())
        if progress is not None:
            progress(k + 1, len(games))
    return returns, lengths


def summarize(names: Sequence[str], returns: npt.NDArray[np.float32], lengths: npt.NDArray[np.int32]) -> MatchResult:
    """Win rates (a draw counts half) and their Wilson intervals from per-bot returns."""
    n_games, players = returns.shape
    scores = (np.sign(returns) + 1.0) / 2.0  # win 1, draw 1/2, loss 0
    win_rate = scores.mean(axis=0) if n_games else np.zeros(players)
    ci95 = np.array([wilson(float(scores[:, b].sum()), n_games) for b in range(players)])
    names = list(names)
    if len(set(names)) < len(names):
        names = [f"{name} #{b}" for b, name in enumerate(names)]
    return MatchResult(names, returns, win_rate.astype(np.float64), ci95, lengths)


def play_match(
    game: Game,
    bots: Sequence[Bot],
    n_games: int = 200,
    seed: int = 0,
    swap_seats: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Plays `n_games` games; with `swap_seats` bot `b` sits in seat `(b + g) % players` in game
    `g`, so every bot plays every seat equally often. Game `g` uses seed `seed + g`."""
    returns, lengths = play_games(game, bots, range(n_games), seed, swap_seats, progress)
    return summarize([repr(b) for b in bots], returns, lengths)


def progress_bar(done: int, total: int) -> None:
    """A one-line progress bar on stderr."""
    filled = 30 * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()

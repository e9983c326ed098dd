"""Matches between bots: win rates with confidence intervals, seats swapped for fairness."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from kumite._kumite import Game, State
from kumite.bots import Bot, as_bot
from kumite.progress import reporter


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

    `truncated[g]` says game `g` was cut at the match's step bound (`max_steps` actions) before
    its rules ended it: it has no result, its `returns` row is what the game gives at the cut
    (its running returns, 0 where it has none), and it counts in neither the win rates nor the
    mean returns. `win_rate[b]` counts a win as 1 and a draw as 1/2 over the finished games; for
    a cooperative game every bot shares the team's result. `ci95[b]` is its 95% Wilson interval.
    """

    names: list[str]
    returns: npt.NDArray[np.float32]
    win_rate: npt.NDArray[np.float64]
    ci95: npt.NDArray[np.float64]
    lengths: npt.NDArray[np.int32]
    truncated: npt.NDArray[np.bool_]
    max_steps: int | None = None

    @property
    def n_truncated(self) -> int:
        return int(self.truncated.sum())

    def __str__(self) -> str:
        width = max(len(n) for n in self.names)
        finished = self.returns[~self.truncated]
        lines = [f"{'bot':<{width}}  win rate  95% interval    mean return", "-" * (width + 44)]
        for b, name in enumerate(self.names):
            low, high = self.ci95[b]
            mean = finished[:, b].mean() if len(finished) else float("nan")
            lines.append(f"{name:<{width}}  {self.win_rate[b]:>7.1%}  [{low:5.1%}, {high:5.1%}]  {mean:>+10.3f}")
        mean_length = f"{self.lengths.mean():.0f}" if len(self.lengths) else "-"
        line = f"{len(self.returns)} games, mean length {mean_length} actions"
        if self.n_truncated:
            bound = f" at {self.max_steps} actions" if self.max_steps is not None else ""
            line += f"; {self.n_truncated} truncated{bound} (no result: not counted as draws or in the rates)"
        lines.append(line)
        return "\n".join(lines)


def step_bound(game: Game, max_steps: int | None) -> int:
    """A match's step bound per game: `max_steps`, or the game's `max_game_length`."""
    bound = game.max_game_length if max_steps is None else int(max_steps)
    if bound < 1:
        raise ValueError(f"max_steps must be at least 1, not {max_steps}")
    return bound


def split_games(n: int, parts: int) -> list[range]:
    """``parts`` near-equal ranges covering games ``0 .. n``: how ``kumite.distributed`` and
    ``kumite balance`` split a batch of games into tasks."""
    size = max(1, -(-n // max(1, parts)))
    return [range(a, min(n, a + size)) for a in range(0, n, size)]


def play_out(
    state: State,
    seats: Sequence[Bot],
    max_steps: int | None = None,
    apply: Callable[[State, int], object] | None = None,
) -> int:
    """Plays ``state`` on, the bot in the seat to move (``seats[seat]``) choosing each action,
    until the game ends or ``max_steps`` actions are played (``None``: until it ends); returns
    the actions played. ``apply(state, action)`` applies each (default ``State.apply``; a caller
    that shows the events applies with them). Every match, balance game, distributed task and
    ``kumite play`` game is played by this loop."""
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        seat = state.current_player
        assert seat is not None
        action = seats[seat].choose(state)
        if apply is None:
            state.apply(action)
        else:
            apply(state, action)
        steps += 1
    return steps


def play_games(
    game: Game,
    bots: Sequence[Bot],
    games: range,
    seed: int = 0,
    swap_seats: bool = True,
    progress: Callable[[int, int], None] | None = None,
    max_steps: int | None = None,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int32], npt.NDArray[np.bool_]]:
    """Plays games `games` of a match: game `g` uses seed `seed + g` and, with `swap_seats`, bot
    `b` sits in seat `(b + g) % players`. A game still live after `max_steps` actions (default
    the game's `max_game_length`) is cut there and marked truncated. Returns per-bot returns
    `(len(games), players)`, lengths and the truncated flags. A match split into ranges (across
    processes) plays the same games."""
    players = game.num_players
    if len(bots) != players:
        raise ValueError(f"{game.name} needs {players} bots, got {len(bots)}")
    bound = step_bound(game, max_steps)
    returns = np.zeros((len(games), players), np.float32)
    lengths = np.zeros(len(games), np.int32)
    truncated = np.zeros(len(games), np.bool_)
    for k, g in enumerate(games):
        shift = g % players if swap_seats else 0
        seat_bot = [(seat - shift) % players for seat in range(players)]
        state = game.new_state(seed=seed + g)
        steps = play_out(state, [bots[b] for b in seat_bot], bound)
        seat_returns = state.returns()
        for seat in range(players):
            returns[k, seat_bot[seat]] = seat_returns[seat]
        lengths[k] = steps
        truncated[k] = not state.is_terminal()
        if progress is not None:
            progress(k + 1, len(games))
    return returns, lengths, truncated


def summarize(
    names: Sequence[str],
    returns: npt.NDArray[np.float32],
    lengths: npt.NDArray[np.int32],
    truncated: npt.NDArray[np.bool_] | None = None,
    max_steps: int | None = None,
) -> MatchResult:
    """Win rates (a draw counts half) and their Wilson intervals from per-bot returns, over the
    games that finished (truncated games have no result)."""
    n_games, players = returns.shape
    cut = np.zeros(n_games, np.bool_) if truncated is None else np.asarray(truncated, np.bool_)
    finished = returns[~cut]
    scores = (np.sign(finished) + 1.0) / 2.0  # win 1, draw 1/2, loss 0
    win_rate = scores.mean(axis=0) if len(finished) else np.zeros(players)
    ci95 = np.array([wilson(float(scores[:, b].sum()), len(finished)) for b in range(players)])
    names = list(names)
    if len(set(names)) < len(names):
        names = [f"{name} #{b}" for b, name in enumerate(names)]
    return MatchResult(names, returns, win_rate.astype(np.float64), ci95, lengths, cut, max_steps)


def play_match(
    game: Game,
    bots: Sequence[Bot | str],
    n_games: int = 200,
    seed: int = 0,
    swap_seats: bool = True,
    progress: bool | Callable[[int, int], None] | None = None,
    max_steps: int | None = None,
    names: Sequence[str] | None = None,
) -> MatchResult:
    """Plays `n_games` games; with `swap_seats` bot `b` sits in seat `(b + g) % players` in game
    `g`, so every bot plays every seat equally often. Game `g` uses seed `seed + g`. A game
    still live after `max_steps` actions (default the game's `max_game_length`) is cut and
    counted truncated, apart from the draws. A bot may be given by its spec (``"mcts:200"``,
    as :func:`kumite.make_bot` reads it; bot `b`'s seed is ``seed + 1000 * b``).

    `progress`: ``None`` (default) draws a bar with an ETA on stderr when stderr is a terminal,
    ``True`` always, ``False`` never; a callable gets ``(done, total)`` after each game. `names`
    label the bots in the result (default their specs, or their ``repr``)."""
    bound = step_bound(game, max_steps)
    players = [as_bot(b, game, seed + 1000 * i) for i, b in enumerate(bots)]
    if names is None:
        names = [b if isinstance(b, str) else repr(b) for b in bots]
    elif len(names) != len(bots):
        raise ValueError(f"{len(names)} names for {len(bots)} bots")
    report = reporter(progress, n_games)
    returns, lengths, truncated = play_games(game, players, range(n_games), seed, swap_seats, report, bound)
    return summarize(list(names), returns, lengths, truncated, bound)



"""Value targets from self-play data: AlphaZero's (the game's outcome), or shaped by the search's
own value of each position (``root_value``, for the player to move): mixed with the outcome
(``--value-mix``) or as TD(λ) returns over the positions that follow (``--value-td``); the
outcome itself mixed with how far the game got by the game's heuristic (``--value-shaped``); and
a truncated game's positions valued by their search (``--truncated-values search``)."""

from __future__ import annotations

import numpy as np

import kumite
from kumite.results import SelfPlayData


def searched_values(data: SelfPlayData, game: kumite.Game) -> np.ndarray:
    """Each row's search value for every seat, `(rows, players)`: the mover's is `root_value`;
    the other seats' follow where the game ties them to it (two-player zero-sum: the opposite;
    cooperative: the same) and are the outcome otherwise (the search values only the mover's
    return)."""
    searched = data["values"].astype(np.float32)
    rows = np.arange(len(searched))
    q = data["root_value"].astype(np.float32)
    if game.utility == "identical":
        searched[:] = q[:, None]
    elif game.utility == "zero_sum" and game.num_players == 2:
        searched[:] = -q[:, None]
        searched[rows, data["player"]] = q
    else:
        searched[rows, data["player"]] = q
    return searched


def shaped_outcomes(data: SelfPlayData, share: float) -> np.ndarray:
    """Each row's outcome with `share` of it replaced by its game's heuristic value of the last
    position before the end (``game_heuristic``): a lost campaign that reached the last stage
    is told from one lost in the first, a level game from a near win. A truncated game's rows
    stay without an outcome (0; the loss leaves them out)."""
    outcome = data["values"].astype(np.float32)
    shaped = (1.0 - share) * outcome + share * data["game_heuristic"][data["game"]]
    cut = data["truncated"].astype(bool)
    shaped[cut] = outcome[cut]
    return shaped.astype(np.float32)


def mix_values(data: SelfPlayData, game: kumite.Game, share: float) -> np.ndarray:
    """Each row's value target: `1 - share` of the game's outcome and `share` of the search's
    value of the position (:func:`searched_values`). A truncated game's rows stay without a
    value target (the loss leaves them out)."""
    outcome = data["values"].astype(np.float32)
    return ((1.0 - share) * outcome + share * searched_values(data, game)).astype(np.float32)


def td_values(data: SelfPlayData, game: kumite.Game, lam: float) -> np.ndarray:
    """Each row's value target as the TD(λ) return over its game's following positions: with
    `v[t]` position t's :func:`searched_values` and `z` the outcome, the last position's target
    is `z` and position t's is `(1 - λ)·v[t + 1] + λ·target[t + 1]`, so λ = 1 is the outcome
    (AlphaZero's target) and λ = 0 the next position's search value. A game's rows are
    consecutive and in move order (``kumite.selfplay``'s order); a truncated game's rows keep
    their value of 0 (no target: the loss leaves them out)."""
    outcome = data["values"].astype(np.float64)
    searched = searched_values(data, game).astype(np.float64)
    games = data["game"]
    n = len(games)
    # Each row's distance to its game's last row; the rows `left` positions from the end are
    # filled together, from the end back.
    last = np.append(games[1:] != games[:-1], True)
    index = np.arange(n)
    end = np.minimum.accumulate(np.where(last, index, n)[::-1])[::-1]
    left = end - index
    target = outcome.copy()
    for k in range(1, int(left.max(initial=0)) + 1):
        t = np.flatnonzero(left == k)
        target[t] = (1.0 - lam) * searched[t + 1] + lam * target[t + 1]
    cut = data["truncated"]
    target[cut] = outcome[cut]
    return target.astype(np.float32)


def bootstrap_truncated(data: SelfPlayData, game: kumite.Game, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``values`` with every row of a truncated game given its position's search value
    (:func:`searched_values`) as its target, and the rows' ``truncated`` flags cleared, so the
    loss counts them: a cut game has no outcome, but each of its positions was searched."""
    cut = data["truncated"].astype(bool)
    out = values.astype(np.float32).copy()
    out[cut] = searched_values(data, game)[cut]
    return out, np.zeros_like(cut)

"""Rollouts, matches and self-play data as Ray tasks (``pip install kumite[ray]``). Games and
states pickle cheaply (a game as its name and options), so tasks ship them as they are.

``address`` is passed to ``ray.init`` when Ray is not running yet: ``None`` starts (or joins) a
local instance, ``"auto"`` or ``"ray://host:10001"`` joins a cluster. Results are gathered into
numpy arrays and do not depend on how many workers ran them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from kumite._extras import require

require("ray", "ray", "kumite.distributed")

import numpy as np
import numpy.typing as npt
import ray

import kumite
from kumite.arena import MatchResult, play_games, play_out, split_games, step_bound, summarize
from kumite.bots import make_bot


def _connect(address: str | None) -> None:
    if not ray.is_initialized():
        try:
            ray.init(address=address, ignore_reinit_error=True, include_dashboard=False, log_to_driver=False)
        except ConnectionError as e:  # Ray's own message names the address and RAY_ADDRESS
            raise ConnectionError(f"no Ray cluster to join at address {address!r}: {e}") from None


T = TypeVar("T")
R = TypeVar("R")


def map_tasks(
    fn: Callable[[T], R], items: Sequence[T], address: str | None = None, on_done: Callable[[int, R], None] | None = None
) -> list[R]:
    """``[fn(x) for x in items]`` as one Ray task per item; ``on_done(index, result)`` is called
    as each finishes (in the order they finish), for progress. ``fn`` must be importable on the
    workers (a module's function); ``kumite balance --address`` plays its games this way."""
    _connect(address)
    task = ray.remote(fn)
    refs = [task.remote(x) for x in items]
    index = {ref: i for i, ref in enumerate(refs)}
    out: list[Any] = [None] * len(refs)
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            i = index[ref]
            out[i] = ray.get(ref)
            if on_done is not None:
                on_done(i, out[i])
    return out


def _parts(chunks: int | None) -> int:
    if chunks is not None:
        return chunks
    cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
    return max(1, 4 * int(cpus))


@ray.remote
def _rollout_task(game: kumite.Game, first: int, n: int, seed: int, max_steps: int | None) -> tuple[Any, Any, Any]:
    result = kumite.rollout(game, n, seed=seed, threads=1, first=first, max_steps=max_steps)
    return result.returns, result.lengths, result.truncated


def rollout(
    game: kumite.Game,
    n_games: int,
    seed: int = 0,
    address: str | None = None,
    chunks: int | None = None,
    max_steps: int | None = None,
) -> kumite.RolloutResult:
    """Exactly `kumite.rollout(game, n_games, seed, max_steps=max_steps)`, played by Ray tasks
    of `chunks` ranges (default: 4 per CPU of the cluster)."""
    _connect(address)
    parts = split_games(n_games, _parts(chunks))
    pieces = ray.get([_rollout_task.remote(game, r.start, len(r), seed, max_steps) for r in parts])
    players = game.num_players
    returns = np.concatenate([p[0] for p in pieces]) if pieces else np.zeros((0, players), np.float32)
    lengths = np.concatenate([p[1] for p in pieces]) if pieces else np.zeros(0, np.int32)
    truncated = np.concatenate([p[2] for p in pieces]) if pieces else np.zeros(0, np.bool_)
    return kumite.RolloutResult(returns, lengths, truncated)


@ray.remote
def _match_task(
    game: kumite.Game, specs: Sequence[str], first: int, n: int, seed: int, swap_seats: bool, max_steps: int
) -> tuple[Any, Any, Any]:
    bots = [make_bot(spec, game, seed + 1000 * b, threads=1) for b, spec in enumerate(specs)]
    return play_games(game, bots, range(first, first + n), seed, swap_seats, max_steps=max_steps)


def play_match(
    game: kumite.Game,
    bots: Sequence[str],
    n_games: int = 200,
    seed: int = 0,
    swap_seats: bool = True,
    address: str | None = None,
    chunks: int | None = None,
    max_steps: int | None = None,
) -> MatchResult:
    """`kumite.play_match` over Ray tasks. Bots are given as specs (docs/bots.md), built in
    each task; game `g` uses seed `seed + g` as locally, and
    games are cut at `max_steps` (default the game's `max_game_length`) as locally."""
    _connect(address)
    bound = step_bound(game, max_steps)
    parts = split_games(n_games, _parts(chunks))
    pieces = ray.get([_match_task.remote(game, list(bots), r.start, len(r), seed, swap_seats, bound) for r in parts])
    returns = np.concatenate([p[0] for p in pieces])
    lengths = np.concatenate([p[1] for p in pieces])
    truncated = np.concatenate([p[2] for p in pieces])
    return summarize(list(bots), returns, lengths, truncated, bound)


@dataclass(frozen=True)
class SelfPlayData:
    """One row per decision: the mover's observation, the search's visit distribution, the
    mover, and the mover's final return (the value target); `game` indexes the game."""

    observations: npt.NDArray[np.float32]
    policies: npt.NDArray[np.float32]
    players: npt.NDArray[np.int32]
    values: npt.NDArray[np.float32]
    game: npt.NDArray[np.int32]


class _Sampler:
    """Self-play's player in every seat: records each decision (the mover's observation and
    the search's policy) and plays an action drawn from the policy sharpened by `temperature`."""

    def __init__(self, search: kumite.MCTS, rng: np.random.Generator, temperature: float) -> None:
        self.search, self.rng, self.temperature = search, rng, temperature
        self.obs: list[npt.NDArray[np.float32]] = []
        self.policies: list[npt.NDArray[np.float32]] = []
        self.players: list[int] = []

    def choose(self, state: kumite.State) -> int:
        mover = state.current_player
        assert mover is not None
        policy = self.search.policy(state)
        self.obs.append(state.observation(mover))
        self.policies.append(policy)
        self.players.append(mover)
        t = self.temperature
        weights = policy ** (1.0 / t) if t > 0 else (policy == policy.max()).astype(np.float32)
        return int(self.rng.choice(len(policy), p=weights / weights.sum()))


@ray.remote
def _self_play_task(game: kumite.Game, first: int, n: int, seed: int, iterations: int, temperature: float) -> tuple[Any, ...]:
    obs: list[npt.NDArray[np.float32]] = []
    policies: list[npt.NDArray[np.float32]] = []
    players: list[int] = []
    values: list[float] = []
    index: list[int] = []
    for g in range(first, first + n):
        search = kumite.MCTS(game, iterations=iterations, seed=seed + g, threads=1)
        sampler = _Sampler(search, np.random.default_rng([seed, g]), temperature)
        state = game.new_state(seed=seed + g)
        play_out(state, [sampler] * game.num_players)
        final = state.returns()
        obs += sampler.obs
        policies += sampler.policies
        players += sampler.players
        values.extend(float(final[p]) for p in sampler.players)
        index.extend([g] * len(sampler.players))
    shape = (0, *game.observation_shape)
    return (
        np.array(obs, np.float32).reshape(-1, *game.observation_shape) if obs else np.zeros(shape, np.float32),
        np.array(policies, np.float32).reshape(-1, game.num_actions),
        np.array(players, np.int32),
        np.array(values, np.float32),
        np.array(index, np.int32),
    )


def self_play(
    game: kumite.Game,
    n_games: int,
    iterations: int = 200,
    seed: int = 0,
    temperature: float = 1.0,
    address: str | None = None,
    chunks: int | None = None,
) -> SelfPlayData:
    """MCTS self-play games as Ray tasks: training data for AlphaZero-style learning. Moves are
    sampled from the visit distribution sharpened by `temperature` (0: the most visited)."""
    _connect(address)
    parts = split_games(n_games, _parts(chunks))
    pieces = ray.get([_self_play_task.remote(game, r.start, len(r), seed, iterations, temperature) for r in parts])
    return SelfPlayData(*(np.concatenate([p[k] for p in pieces]) for k in range(5)))

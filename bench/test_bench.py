"""pytest-benchmark figures for the Python API (run by `make bench`, never by `make test`):

    .venv/bin/python -m pytest bench/test_bench.py

One whole random game through the Python loop, `kumite.rollout` on one thread and on all threads,
and the single calls the loop is made of (legal_actions, apply, is_terminal, clone). The `extra_info`
of each benchmark holds steps, so steps/s can be read off the JSON.
"""

from __future__ import annotations

import random

import pytest

import kumite

GAMES = kumite.games()
ROLLOUT_GAMES = 200


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> kumite.Game:
    return kumite.load(request.param)


@pytest.fixture(scope="module")
def mid_game(game: kumite.Game) -> tuple[kumite.State, int]:
    """A state halfway through a random game, and a legal action there."""
    rng = random.Random(0)
    state = game.new_state(seed=0)
    trail = []
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        trail.append((state.clone(), a))
        state.apply(a)
    return trail[len(trail) // 2]


def test_python_loop_one_game(benchmark, game: kumite.Game) -> None:
    rng = random.Random(0)
    seeds = iter(range(1 << 62))

    def one_game() -> int:
        state = game.new_state(seed=next(seeds))
        n = 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            n += 1
        return n

    steps = benchmark(one_game)
    assert steps > 0
    benchmark.extra_info["steps_last_game"] = steps


@pytest.mark.parametrize("threads", [1, None], ids=["1thread", "all_threads"])
def test_rollout(benchmark, game: kumite.Game, threads: int | None) -> None:
    result = benchmark.pedantic(
        kumite.rollout, args=(game, ROLLOUT_GAMES), kwargs={"seed": 0, "threads": threads},
        rounds=5, iterations=1, warmup_rounds=1,
    )
    assert len(result) == ROLLOUT_GAMES
    benchmark.extra_info["games_per_call"] = ROLLOUT_GAMES
    benchmark.extra_info["steps_per_call"] = int(result.lengths.sum())


def test_legal_actions(benchmark, mid_game: tuple[kumite.State, int]) -> None:
    state, _ = mid_game
    assert benchmark(state.legal_actions)


def test_is_terminal(benchmark, mid_game: tuple[kumite.State, int]) -> None:
    state, _ = mid_game
    assert benchmark(state.is_terminal) is False


def test_clone(benchmark, mid_game: tuple[kumite.State, int]) -> None:
    state, _ = mid_game
    assert benchmark(state.clone) == state


def test_apply(benchmark, mid_game: tuple[kumite.State, int]) -> None:
    """`apply` on a fresh clone each round (the clone is setup, not timed)."""
    state, action = mid_game
    benchmark.pedantic(
        lambda s: s.apply(action), setup=lambda: ((state.clone(),), {}), rounds=2000, warmup_rounds=10,
    )

"""Ray: rollouts, matches and self-play as tasks on a local instance, results gathered as numpy."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
import ray

import kumite
from kumite import distributed

# Ray starts its processes through `subprocess`, which forks and execs at once in C; when another
# module of the same pytest worker has imported JAX, JAX warns at every fork about its threads,
# which a child that runs no Python before `exec` cannot deadlock on.
pytestmark = pytest.mark.filterwarnings("ignore:os.fork\\(\\) was called:RuntimeWarning")


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("name", kumite.games())
@pytest.mark.parametrize("chunks", [1, 3, 16])
def test_rollout_equals_the_local_one(name: str, chunks: int) -> None:
    game = kumite.load(name)
    remote = distributed.rollout(game, 500, seed=11, chunks=chunks)
    local = kumite.rollout(game, 500, seed=11)
    assert np.array_equal(remote.returns, local.returns)
    assert np.array_equal(remote.lengths, local.lengths)
    assert remote.num_players == local.num_players and len(remote) == 500


def test_match_split_over_tasks_plays_the_same_games() -> None:
    game = kumite.load("tekken", rounds_to_win=1)
    specs = ["mcts:10", "mcts:30"]
    a = distributed.play_match(game, specs, n_games=6, seed=2, chunks=1)
    b = distributed.play_match(game, specs, n_games=6, seed=2, chunks=3)
    assert np.array_equal(a.returns, b.returns) and np.array_equal(a.lengths, b.lengths)
    assert a.win_rate.sum() == pytest.approx(1.0)
    assert "mcts:30" in str(a)


def test_self_play_data() -> None:
    game = kumite.load("tekken", rounds_to_win=1)
    data = distributed.self_play(game, 2, iterations=8, seed=1, chunks=2)
    rows = len(data.players)
    assert rows > 0
    assert data.observations.shape == (rows, *game.observation_shape)
    assert data.policies.shape == (rows, game.num_actions)
    assert np.allclose(data.policies.sum(axis=1), 1.0)
    assert set(np.unique(data.game)) == {0, 1}
    assert set(np.unique(data.values)) <= {-1.0, 0.0, 1.0}

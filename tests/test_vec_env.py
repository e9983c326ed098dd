"""Batched environments: `kumite.VecEnv` steps many games per call in Rust."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

import kumite

GAMES = kumite.games()


def random_actions(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    # A uniformly random legal action per row: argmax of random scores on legal entries.
    scores = rng.random(mask.shape) + mask
    return np.argmax(scores, axis=1).astype(np.int64)


@pytest.mark.parametrize("name", GAMES)
def test_batch_shapes_and_dtypes(name: str) -> None:
    game = kumite.load(name)
    env = kumite.VecEnv(game, 16, seed=1)
    batch = env.reset()
    assert batch.observations is not None
    assert batch.observations.shape == (16, *game.observation_shape) and batch.observations.dtype == np.float32
    assert batch.rewards.shape == (16, game.num_players) and batch.rewards.dtype == np.float32
    assert batch.terminated.shape == (16,) and batch.terminated.dtype == np.bool_
    assert batch.legal_mask.shape == (16, game.num_actions) and batch.legal_mask.dtype == np.bool_
    assert batch.current_player.shape == (16,) and batch.current_player.dtype == np.int32
    assert env.num_envs == 16 and not batch.terminated.any()


@pytest.mark.parametrize("name", GAMES)
def test_rows_match_the_states_and_games_reset(name: str) -> None:
    game = kumite.load(name)
    env = kumite.VecEnv(game, 8, seed=2, threads=1)
    batch = env.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(2000):
        batch = env.step(random_actions(batch.legal_mask, rng))
        ended += int(batch.terminated.sum())
        for i in (0, 7):
            state = env.state(i)
            player = state.current_player
            assert player is not None and player == batch.current_player[i]
            assert np.array_equal(state.legal_action_mask(), batch.legal_mask[i])
            assert batch.observations is not None
            assert np.array_equal(state.observation(player), batch.observations[i])
        assert np.all(batch.rewards[~batch.terminated] == 0)
    assert ended > 0, "games ended and were reset in place"


@pytest.mark.parametrize("name", GAMES)
def test_results_depend_on_seed_not_threads(name: str) -> None:
    game = kumite.load(name)

    def run(threads: int | None) -> tuple[float, int, npt.NDArray[np.float32]]:
        env = kumite.VecEnv(game, 256, seed=9, threads=threads)
        batch = env.reset()
        rng = np.random.default_rng(1)
        total, ends = 0.0, 0
        for _ in range(300):
            batch = env.step(random_actions(batch.legal_mask, rng))
            total += float(batch.rewards[:, 0].sum())
            ends += int(batch.terminated.sum())
        assert batch.observations is not None
        return total, ends, batch.observations.copy()

    one = run(1)
    two = run(2)
    assert one[:2] == two[:2] and np.array_equal(one[2], two[2])


def test_reset_with_a_seed_repeats_games() -> None:
    game = kumite.load("tekken")
    env = kumite.VecEnv(game, 4, seed=0)
    first = env.reset(seed=5).legal_mask.copy()
    env.step(random_actions(first, np.random.default_rng(0)))
    assert np.array_equal(env.reset(seed=5).legal_mask, first)


def test_illegal_actions_step_nothing() -> None:
    game = kumite.load("tekken")
    env = kumite.VecEnv(game, 4, seed=0)
    batch = env.reset()
    before = [env.state(i).to_json() for i in range(4)]
    actions = random_actions(batch.legal_mask, np.random.default_rng(0))
    actions[2] = int(np.flatnonzero(~batch.legal_mask[2])[0])
    with pytest.raises(kumite.IllegalActionError) as info:
        env.step(actions)
    assert getattr(info.value, "env") == 2  # noqa: B009 - VecEnv sets it; the stub's exception has no `env`
    assert [env.state(i).to_json() for i in range(4)] == before
    with pytest.raises(kumite.IllegalActionError):
        env.step([-1, 0, 0, 0])
    with pytest.raises(kumite.InvalidOptionError):
        env.step([0, 0])


@pytest.mark.parametrize("name", GAMES)
def test_sample_actions_are_legal_and_seeded(name: str) -> None:
    env = kumite.VecEnv(kumite.load(name), 32, seed=3, observations=False)

    def play() -> list[list[int]]:
        batch = env.reset(seed=4)
        taken = []
        for _ in range(200):
            actions = env.sample_actions()
            assert actions.dtype == np.int64 and actions.shape == (32,)
            assert batch.legal_mask[np.arange(32), actions].all()
            taken.append(actions.tolist())
            batch = env.step(actions)
        return taken

    assert play() == play(), "reset(seed) restarts the sampler too"


def test_actions_of_any_integer_type() -> None:
    env = kumite.VecEnv(kumite.load("tekken"), 4, seed=0)
    env.reset(seed=0)
    actions = env.sample_actions()
    env.step(actions)
    expected = [env.state(i).to_json() for i in range(4)]
    reversed_view = actions[::-1].copy()[::-1]
    assert not reversed_view.flags.c_contiguous
    for variant in (actions.astype(np.int32), actions.tolist(), reversed_view):
        env.reset(seed=0)
        env.step(variant)
        assert [env.state(i).to_json() for i in range(4)] == expected, type(variant)
    with pytest.raises(ValueError):
        env.step(np.zeros((2, 2), dtype=np.int64))


def test_without_observations() -> None:
    env = kumite.VecEnv(kumite.load("tekken"), 4, observations=False)
    batch = env.reset()
    assert batch.observations is None
    env.step(random_actions(batch.legal_mask, np.random.default_rng(0)))


def test_bad_arguments() -> None:
    game = kumite.load("tekken")
    with pytest.raises(ValueError):
        kumite.VecEnv(game, 0)
    with pytest.raises(ValueError):
        kumite.VecEnv(game, 2, threads=0)
    with pytest.raises(ValueError):
        kumite.VecEnv(game, 2).state(5)


@pytest.mark.parametrize("name", GAMES)
def test_max_steps_truncates_and_resets_rows(name: str) -> None:
    game = kumite.load(name)
    bound = 6  # far below any game's length: every row is cut at each multiple of it
    env = kumite.VecEnv(game, 5, seed=3, threads=1, max_steps=bound)
    assert env.max_steps == bound
    batch = env.reset()
    assert batch.truncated.shape == (5,) and batch.truncated.dtype == np.bool_ and not batch.truncated.any()
    rng = np.random.default_rng(1)
    for step in range(1, 3 * bound + 1):
        batch = env.step(random_actions(batch.legal_mask, rng))
        cut = step % bound == 0
        assert (batch.truncated == cut).all(), step
        assert not batch.terminated.any() and (batch.rewards == 0).all()
        for i in range(5):
            state = env.state(i)
            assert np.flatnonzero(batch.legal_mask[i]).tolist() == state.legal_actions()
            assert batch.current_player[i] == state.current_player
            assert batch.observations is not None
            assert np.array_equal(batch.observations[i], state.observation(batch.current_player[i]))
            if cut:
                assert len(state.legal_actions()) > 0  # the row already holds its next game


@pytest.mark.parametrize("name", GAMES)
def test_truncation_does_not_depend_on_threads(name: str) -> None:
    game = kumite.load(name)

    def run(threads: int | None) -> list[npt.NDArray[np.bool_]]:
        env = kumite.VecEnv(game, 200, seed=4, threads=threads, observations=False, max_steps=9)
        env.reset()
        return [env.step(env.sample_actions()).truncated.copy() for _ in range(30)]

    one = run(1)
    assert all(np.array_equal(a, b) for a, b in zip(one, run(2)))
    assert sum(int(t.sum()) for t in one) == 200 * 3


def test_truncated_and_terminated_rows_are_apart() -> None:
    game = kumite.load("tekken", rounds_to_win=1)
    n, bound = 64, 120
    env = kumite.VecEnv(game, n, seed=2, threads=1, observations=False, max_steps=bound)
    batch = env.reset()
    since = np.zeros(n, np.int64)
    ended = cut = 0
    for _ in range(1500):
        batch = env.step(env.sample_actions())
        since += 1
        assert not (batch.terminated & batch.truncated).any()
        assert np.array_equal(batch.truncated, (since == bound) & ~batch.terminated)
        assert (batch.rewards[batch.truncated] == 0).all()
        assert (batch.rewards[batch.terminated].sum(axis=1) == 0).all()
        ended += int(batch.terminated.sum())
        cut += int(batch.truncated.sum())
        since[batch.terminated | batch.truncated] = 0
    assert ended > 0 and cut > 0


def test_without_max_steps_nothing_is_truncated() -> None:
    env = kumite.VecEnv(kumite.load("tekken", rounds_to_win=1), 16, seed=0, threads=1, observations=False)
    assert env.max_steps is None
    env.reset()
    for _ in range(800):
        assert not env.step(env.sample_actions()).truncated.any()


def test_max_steps_must_be_positive() -> None:
    with pytest.raises(ValueError, match="max_steps"):
        kumite.VecEnv(kumite.load("tekken"), 2, max_steps=0)

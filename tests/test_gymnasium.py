"""Gymnasium conventions: registered ids for every game, finite observation bounds that every
observation keeps, the render modes, and bot specs as opponents."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st

import kumite
import kumite.envs
from kumite.envs import GYM_IDS, gym_env

GAMES = kumite.games()


def test_every_game_has_a_registered_id() -> None:
    assert sorted(GYM_IDS) == sorted(GAMES)
    assert GYM_IDS["tekken"] == "kumite/Tekken-v0"
    assert GYM_IDS["fatal_fight"] == "kumite/FatalFight-v0"
    assert GYM_IDS["ufs"] == "kumite/UFS-v0"
    for env_id in GYM_IDS.values():
        assert env_id in gymnasium.registry


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_make_with_max_episode_steps(name: str) -> None:
    # make() wraps the env in Gymnasium's own checker and TimeLimit: both must pass quietly.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make(GYM_IDS[name], max_episode_steps=4)
        obs, info = env.reset(seed=3)
        steps, done = 0, False
        while not done:
            obs, reward, terminated, truncated, info = env.step(env.action_space.sample(mask=info["action_mask"]))
            steps += 1
            done = terminated or truncated
    assert steps <= 4
    assert env.observation_space.contains(obs)
    env.close()


def test_gymnasium_make_passes_options_and_env_arguments() -> None:
    env = gymnasium.make("kumite/Tekken-v0", heat=False, seat=1, opponent="mcts:4")
    base = env.unwrapped
    assert isinstance(base, kumite.envs.gymnasium_env.KumiteGymEnv)
    assert base.game.options["heat"] is False and base.seat == 1
    assert type(base.opponent).__name__ == "MCTS"
    # The module spelling imports kumite.envs itself.
    ufs = gymnasium.make("kumite.envs:kumite/UFS-v0").unwrapped
    assert isinstance(ufs, kumite.envs.gymnasium_env.KumiteGymEnv) and ufs.game.name == "ufs"


@pytest.mark.parametrize("name", GAMES)
def test_observation_spaces_are_finite_and_check_env_is_quiet(name: str) -> None:
    env = gym_env(name)
    box = env.observation_space["observation"]  # type: ignore[index]
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    low, high = env.game.observation_bounds
    assert (box.low == low).all() and (box.high == high).all() and low < high
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env, skip_render_check=True)


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
def test_every_observation_lies_within_the_bounds(name: str, seed: int) -> None:
    """Random games: every player's observation after every action lies in the game's bounds."""
    options = {"players": 4} if name in ("fatal_fight", "senjutsu") and seed % 2 else {}
    game = kumite.load(name, **options)
    low, high = game.observation_bounds
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    for _ in range(min(game.max_game_length, 1500)):
        for p in range(game.num_players):
            o = state.observation(p)
            assert o.min() >= low and o.max() <= high, (p, o.min(), o.max())
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))


def test_render_human_prints_the_text_view(capsys: pytest.CaptureFixture[str]) -> None:
    env = gym_env("tekken", render_mode="human")
    _, info = env.reset(seed=1)
    first = capsys.readouterr().out
    assert env.state is not None and env.state.render() in first
    env.step(env.action_space.sample(mask=info["action_mask"]))
    assert capsys.readouterr().out.strip()
    assert env.render() is None


def test_an_unknown_render_mode_lists_the_modes() -> None:
    with pytest.raises(ValueError, match=r"'rgb_array' is not supported: use one of 'ansi', 'human' or None"):
        gym_env("tekken", render_mode="rgb_array")


def test_a_spec_opponent_is_remade_from_the_episodes_seed() -> None:
    def episode(env: kumite.envs.gymnasium_env.KumiteGymEnv, seed: int) -> list[int]:
        _, info = env.reset(seed=seed)
        assert env.state is not None
        rng = random.Random(0)
        while True:
            legal = [a for a, ok in enumerate(info["action_mask"]) if ok]
            _, _, terminated, truncated, info = env.step(rng.choice(legal))
            if terminated or truncated:
                return env.state.history()

    a, b = gym_env("tekken", opponent="mcts:8", max_steps=60), gym_env("tekken", opponent="mcts:8", max_steps=60)
    assert episode(a, 5) == episode(b, 5)
    assert type(a.opponent).__name__ == "MCTS"


def test_a_bad_opponent_is_refused_up_front() -> None:
    with pytest.raises(ValueError, match=r"bot spec 'mcts:lots': N \(the iterations\) must be a whole number"):
        gym_env("tekken", opponent="mcts:lots")
    with pytest.raises(TypeError, match="choose"):
        gym_env("tekken", opponent=42)  # type: ignore[arg-type]

"""Gymnasium and PettingZoo adapters pass those libraries' own checkers, for every game."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # type: ignore[import-untyped]

import kumite
from kumite.envs import aec_env, gym_env, parallel_env

GAMES = kumite.games()


@pytest.fixture(autouse=True)
def quiet() -> None:
    # The checkers warn about unbounded Box spaces and dict observations; both are by design.
    warnings.simplefilter("ignore", UserWarning)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env(name: str) -> None:
    check_env(gym_env(name), skip_render_check=True)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_episodes_end_with_the_agents_return(name: str) -> None:
    env = gym_env(name, seat=1, render_mode="ansi")
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        done, reward = False, 0.0
        while not done:
            action = env.action_space.sample(mask=info["action_mask"])
            obs, r, done, truncated, info = env.step(action)
            reward = float(r)
            assert not truncated
        assert env.state is not None and reward == env.state.returns()[1]
        assert isinstance(env.render(), str)


def test_gymnasium_illegal_action_modes() -> None:
    env = gym_env("tekken", illegal="lose")
    obs, info = env.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(bad)
    assert done and reward == -1.0 and info["illegal_action"] == bad
    env = gym_env("tekken", illegal="random")
    env.reset(seed=0)
    env.step(bad)
    env = gym_env("tekken", illegal="raise")
    env.reset(seed=0)
    with pytest.raises(kumite.IllegalActionError):
        env.step(bad)
    with pytest.raises(ValueError):
        gym_env("tekken", illegal="maybe")


def test_gymnasium_reset_seed_is_deterministic() -> None:
    a, b = gym_env("tekken"), gym_env("tekken")
    oa, _ = a.reset(seed=3)
    ob, _ = b.reset(seed=3)
    assert np.array_equal(oa["observation"], ob["observation"])


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name: str) -> None:
    api_test(aec_env(name), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda render_mode=None: aec_env(name), num_cycles=300)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_parallel_api_test(name: str) -> None:
    parallel_api_test(parallel_env(name), num_cycles=300)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_parallel_seed_test(name: str) -> None:
    # The checker samples actions without masks: illegal ones are replaced, reproducibly.
    parallel_seed_test(lambda render_mode=None: parallel_env(name, illegal="random"), num_cycles=300)


def test_parallel_env_senjutsu_selection_is_one_simultaneous_step() -> None:
    # SJ-13.3: the four samurai select together; each sees only its own hand in its mask.
    env = parallel_env("senjutsu", players=4, setup="fixed")
    obs, _ = env.reset(seed=5)
    assert env.state is not None
    assert env.state.simultaneous_players == [0, 1, 2, 3]
    masks = {a: o["action_mask"] for a, o in obs.items()}
    assert all(m.dtype == np.int8 and m.any() for m in masks.values())
    before = {a: o["observation"].copy() for a, o in obs.items()}
    actions = {a: int(np.flatnonzero(m)[0]) for a, m in masks.items()}
    obs, _, _, _, _ = env.step(actions)
    # All four selections were applied in one step, and the cards are now revealed to all.
    assert env.state.simultaneous_players != [0, 1, 2, 3] or env.state.is_terminal()
    assert all("selects" not in e for e in env.state.render().splitlines()[:1])
    assert any(not np.array_equal(before[a], obs[a]["observation"]) for a in obs)


def test_parallel_env_rejects_a_missing_or_illegal_action() -> None:
    env = parallel_env("senjutsu", setup="fixed", illegal="raise")
    obs, _ = env.reset(seed=1)
    with pytest.raises(ValueError):
        env.step({"player_0": int(np.flatnonzero(obs["player_0"]["action_mask"])[0])})
    env.reset(seed=1)
    with pytest.raises(kumite.IllegalActionError):
        env.step({"player_0": 0, "player_1": 0})
    env = parallel_env("senjutsu", setup="fixed")
    env.reset(seed=1)
    _, rewards, terminated, _, infos = env.step({"player_0": 0, "player_1": 0})
    assert rewards == {"player_0": -1.0, "player_1": 0.0} and all(terminated.values()) and not env.agents
    assert infos["player_0"] == {"illegal_action": 0}


def test_the_three_adapters_share_bounds_names_and_the_illegal_policy() -> None:
    # One core: the same observation bounds, the same run bound's name and default, and an
    # illegal action ends the game with -1 for the offender by default in all three.
    game = kumite.load("tekken")
    low, high = game.observation_bounds
    gym, aec, par = gym_env("tekken"), aec_env("tekken"), parallel_env("tekken")
    for space in (gym.observation_space, aec.observation_space("player_0"), par.observation_space("player_1")):
        box: Any = space["observation"]  # type: ignore[index]
        assert box.low.min() == low and box.high.max() == high
    assert gym.max_steps == aec.max_steps == par.max_steps == game.max_game_length
    for make in (gym_env, aec_env, parallel_env):
        with pytest.raises(ValueError, match="illegal must be"):
            make("tekken", illegal="maybe")
    aec.reset(seed=0)
    mover = aec.agent_selection
    bad = int(np.flatnonzero(aec.observe(mover)["action_mask"] == 0)[0])
    aec.step(bad)
    assert all(aec.terminations.values()) and aec.infos[mover] == {"illegal_action": bad}
    assert {a: aec.rewards[a] for a in aec.agents} == {a: -1.0 if a == mover else 0.0 for a in aec.agents}
    aec = aec_env("tekken", illegal="random")
    aec.reset(seed=0)
    aec.step(bad)
    assert not any(aec.terminations.values()) and aec.table.steps == 1
    aec = aec_env("tekken", illegal="raise")
    aec.reset(seed=0)
    with pytest.raises(kumite.IllegalActionError):
        aec.step(bad)


def test_pettingzoo_mask_is_int8_and_only_for_the_agent_to_move() -> None:
    env = aec_env("tekken")
    env.reset(seed=1)
    mover = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert mask.any() == (agent == mover)


# ---------------------------------------------------------------------------------------------
# Truncation: a limit on how long an episode runs belongs to the run. The bounds here are far
# below any game's length, so every episode is cut; no game's own timer is relied on.


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_max_steps_truncates_after_the_games_actions(name: str) -> None:
    # max_steps counts the game's actions, all seats', as the PettingZoo adapters and VecEnv do.
    env = gym_env(name, max_steps=4)
    assert gym_env(name).max_steps == env.game.max_game_length
    for episode in range(2):
        obs, info = env.reset(seed=episode)
        truncated = False
        while not truncated:
            assert env.table.steps < 4
            obs, reward, terminated, truncated, info = env.step(env.action_space.sample(mask=info["action_mask"]))
            assert not terminated
        assert env.table.steps >= 4 and reward == 0.0
        with pytest.raises(RuntimeError, match="over"):
            env.step(0)
    check_env(gym_env(name, max_steps=50), skip_render_check=True)
    with pytest.raises(ValueError, match="max_steps"):
        gym_env(name, max_steps=0)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_aec_max_steps_truncates_every_agent(name: str) -> None:
    env = aec_env(name, max_steps=7)
    assert aec_env(name).max_steps == env.game.max_game_length
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        assert not terminated
        if truncated:
            assert steps == 7 and reward == 0.0
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
        steps += 1
        if steps == 7:
            assert all(env.truncations.values()) and not any(env.terminations.values())
    assert steps == 7 and not env.agents


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_peers_checkers_pass_with_truncation(name: str) -> None:
    api_test(aec_env(name, max_steps=15), num_cycles=60, verbose_progress=False)
    seed_test(lambda render_mode=None: aec_env(name, max_steps=15), num_cycles=60)
    parallel_api_test(parallel_env(name, max_steps=15), num_cycles=60)
    parallel_seed_test(lambda render_mode=None: parallel_env(name, illegal="random", max_steps=15), num_cycles=60)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_parallel_max_steps_truncates_every_agent(name: str) -> None:
    env = parallel_env(name, max_steps=5)
    assert parallel_env(name).max_steps == env.game.max_game_length
    obs, _ = env.reset(seed=2)
    applied = 0
    while env.agents:
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0 for a, o in obs.items()}
        acting = len(env.state.simultaneous_players) if env.state is not None else 0
        obs, rewards, terminated, truncated, _ = env.step(actions)
        applied += acting
        assert not any(terminated.values())
        assert all(truncated.values()) == (applied >= 5) and len(set(truncated.values())) == 1
        if all(truncated.values()):
            assert all(r == 0.0 for r in rewards.values())
    assert applied >= 5

"""The public/private observation split, through every API: the public part is the same for
every seat and the head of each seat's observation, the private part its tail, the layouts name
every block, and the texts determine the information string. The engine's own checks are in the
games' Rust tests; these hold the bindings, the adapters and the C ABI to them."""

from __future__ import annotations

import json
import warnings
from typing import Any

import numpy as np
import pytest
from conftest import random_trajectory

import kumite

GAMES = kumite.games()


def split_states(game: kumite.Game, seeds: range, steps: int = 400) -> list[kumite.State]:
    return [s.clone() for seed in seeds for s in random_trajectory(game, seed, steps)]


@pytest.mark.parametrize("name", GAMES)
def test_observation_is_public_then_private_for_every_seat(name: str) -> None:
    game = kumite.load(name)
    (n_public,), (n_private,) = game.public_observation_shape, game.private_observation_shape
    assert n_public + n_private == int(np.prod(game.observation_shape))
    for state in split_states(game, range(3), 200)[::5]:
        public = state.public_observation()
        assert public.dtype == np.float32 and public.shape == (n_public,)
        text = state.public_observation_string()
        for p in range(game.num_players):
            private = state.private_observation(p)
            assert private.dtype == np.float32 and private.shape == (n_private,)
            np.testing.assert_array_equal(state.observation(p).ravel(), np.concatenate([public, private]))
            assert isinstance(state.private_observation_string(p), str)
        # The same for every seat: nothing of the viewer's enters the public part.
        assert state.public_observation_string() == text
        np.testing.assert_array_equal(state.public_observation(), public)


@pytest.mark.parametrize("name", GAMES)
def test_the_layouts_name_every_block_public_then_private(name: str) -> None:
    game = kumite.load(name)
    public, private, whole = game.public_observation_layout(), game.private_observation_layout(), game.observation_layout()
    n_public = game.public_observation_shape[0]
    shifted = [{**b, "start": b["start"] + n_public} for b in private]
    assert whole == public + shifted
    for blocks, size in ((public, n_public), (private, game.private_observation_shape[0])):
        assert sum(b["size"] for b in blocks) == size
        assert all(b["name"] and b["size"] > 0 for b in blocks)
        starts = [b["start"] for b in blocks]
        assert starts == sorted(starts) and (not blocks or starts[0] == 0)


@pytest.mark.parametrize("name", GAMES)
def test_public_and_private_texts_determine_the_information_string(name: str) -> None:
    game = kumite.load(name)
    seen: dict[tuple[str, str], str] = {}
    for state in split_states(game, range(4), 300):
        for p in range(game.num_players):
            key = (state.public_observation_string(), state.private_observation_string(p))
            assert seen.setdefault(key, state.information_state_string(p)) == state.information_state_string(p)


def test_tekken_splits_its_observation() -> None:
    game = kumite.load("tekken")
    state = game.new_state(seed=3)
    assert game.public_observation_shape[0] > 0
    assert game.private_observation_layout()[0]["name"] == "my seat one-hot"
    assert any(b["name"].startswith("my hand, slot by slot") for b in game.private_observation_layout())
    assert any(b["name"].startswith("positions, seat 0 then seat 1") for b in game.public_observation_layout())
    for p in range(2):
        assert state.information_state_string(p) == state.public_observation_string() + state.private_observation_string(p)
        assert state.private_observation(p)[p] == 1.0
    assert state.render() == state.public_observation_string()
    with pytest.raises(kumite.InvalidPlayerError):
        state.private_observation(2)
    with pytest.raises(kumite.InvalidPlayerError):
        state.private_observation_string(-3)


# --- the adapters ------------------------------------------------------------------------


def test_pettingzoo_split_observations() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, parallel_api_test  # type: ignore[import-untyped]

    from kumite.envs import aec_env, parallel_env

    warnings.simplefilter("ignore", UserWarning)
    api_test(aec_env("tekken", split_observation=True), num_cycles=200, verbose_progress=False)
    parallel_api_test(parallel_env("tekken", split_observation=True), num_cycles=200)
    env = aec_env("tekken", split_observation=True)
    env.reset(seed=5)
    whole = aec_env("tekken")
    whole.reset(seed=5)
    observations = [env.observe(a) for a in env.possible_agents]
    assert set(observations[0]) == {"public_observation", "private_observation", "action_mask"}
    np.testing.assert_array_equal(observations[0]["public_observation"], observations[1]["public_observation"])
    for agent, obs in zip(env.possible_agents, observations):
        joined = np.concatenate([obs["public_observation"], obs["private_observation"]])
        np.testing.assert_array_equal(joined, whole.observe(agent)["observation"])
        assert env.observation_space(agent).contains(obs)


def test_openspiel_public_and_private_observers() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation  # type: ignore[import-untyped]

    from kumite.envs import openspiel

    openspiel.register()
    game = pyspiel.load_game("kumite_tekken", {"seed": 2})
    kgame = game.kumite_game
    kinds = pyspiel.PrivateInfoType
    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=kinds.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=False, private_info=kinds.SINGLE_PLAYER))
    both = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=kinds.SINGLE_PLAYER))
    every = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=kinds.ALL_PLAYERS))
    assert public.tensor.shape == kgame.public_observation_shape
    assert private.tensor.shape == kgame.private_observation_shape
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(40):
        if state.is_terminal():
            break
        ks = state.kumite_state
        for p in range(2):
            for o in (public, private, both, every):
                o.set_from(state, p)
            np.testing.assert_array_equal(public.tensor, ks.public_observation())
            np.testing.assert_array_equal(private.tensor, ks.private_observation(p))
            np.testing.assert_array_equal(both.tensor, ks.observation(p).ravel())
            np.testing.assert_array_equal(
                every.tensor, np.concatenate([ks.public_observation(), ks.private_observation(0), ks.private_observation(1)])
            )
            assert public.string_from(state, p) == ks.public_observation_string()
            assert private.string_from(state, p) == ks.private_observation_string(p)
            assert both.string_from(state, p) == ks.information_state_string(p)
        # The default observation is unchanged: the whole observation and the information string.
        np.testing.assert_array_equal(np.asarray(state.observation_tensor(0)), ks.observation(0).ravel())
        state.apply_action(int(rng.choice(state.legal_actions())))


# --- the C ABI ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def c() -> Any:
    pytest.importorskip("cffi")
    from kumite_cffi import CLib

    return CLib()


@pytest.mark.parametrize("name", GAMES)
def test_the_c_abi_gives_the_same_split(c: Any, name: str) -> None:
    game = kumite.load(name)
    cgame = c.game(name, json.dumps(game.options))
    assert cgame.public_observation_size == game.public_observation_shape[0]
    assert cgame.private_observation_size == game.private_observation_shape[0]
    assert cgame.public_observation_layout() == game.public_observation_layout()
    assert cgame.private_observation_layout() == game.private_observation_layout()
    for state in split_states(game, range(2), 150)[::7]:
        cs = cgame.state_from_json(state.to_json())
        np.testing.assert_array_equal(np.array(cs.public_observation(), np.float32), state.public_observation())
        assert cs.public_observation_string() == state.public_observation_string()
        for p in range(game.num_players):
            np.testing.assert_array_equal(np.array(cs.private_observation(p), np.float32), state.private_observation(p))
            assert cs.private_observation_string(p) == state.private_observation_string(p)
    with pytest.raises(Exception, match="player"):
        cs.private_observation(game.num_players)

"""The conformance suite, twice: the engine's own (in Rust) run through the binding, and a
per-step check written here in Python against the public API, so the binding's copies, pickles
and arrays are checked too.

`cargo test` runs the engine's suite at full size (10,000 random games per configuration) on
every game; here it runs on other seeds at a tenth of that size, to show the binding reaches it
(as a user's `content_dir` would). `make soak` runs it here at full size too (the `slow` mark)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

import kumite

# Every game with its default options, plus the variants whose rules differ most.
CONFIGS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in kumite.games()]
if "tekken" in kumite.games():
    CONFIGS += [("tekken", {"heat": False}), ("tekken", {"stage": "moonlit_dojo"})]


def _config_id(config: tuple[str, dict[str, Any]]) -> str:
    name, options = config
    return "-".join([name] + [f"{k}={v}" for k, v in options.items()])


@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_engine_conformance_suite(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = kumite.load(name, **options)
    checked = kumite.conformance(game, games=1_000, seed=1, deep_games=30)
    assert checked > 1_000


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_engine_conformance_suite_full_size(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = kumite.load(name, **options)
    checked = kumite.conformance(game)  # 10,000 games, the first 300 with the deep checks
    assert checked > 10_000


PY_GAMES = 100


@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_python_per_step_conformance(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = kumite.load(name, **options)
    players = range(game.num_players)
    for g in range(PY_GAMES):
        seed = 1000 + g
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        step = 0

        def where() -> str:
            return f"{_config_id(config)}, game seed {seed}, step {step}"

        while True:
            legal = state.legal_actions()
            assert legal == sorted(set(legal)), where()
            assert np.flatnonzero(state.legal_action_mask()).tolist() == legal, where()
            assert (state.current_player is None) == (not legal) == state.is_terminal(), where()

            assert pickle.loads(pickle.dumps(state)) == state, where()
            assert game.state_from_json(state.to_json()) == state, where()

            for p in players:
                obs = state.observation(p)
                assert obs.dtype == np.float32 and obs.shape == game.observation_shape, where()
                assert np.isfinite(obs).all(), where()
                info = state.information_state_string(p)
                other = state.determinize(p, rng.randrange(2**64))
                assert np.array_equal(other.observation(p), obs), f"{where()}: player {p}'s observation"
                assert other.information_state_string(p) == info, f"{where()}: player {p}'s info string"

            illegal = next((a for a in range(game.num_actions) if a not in set(legal)), None)
            for bad in [illegal, game.num_actions]:
                if bad is None:
                    continue
                before = state.clone()
                with pytest.raises(kumite.IllegalActionError):
                    state.apply(bad)
                assert state == before, f"{where()}: illegal action {bad} changed the state"

            if not legal:
                break
            if step >= game.max_game_length:
                # The run's bound: a defect where the rules are said to end every game within
                # it, otherwise a truncated run (every check above ran up to here).
                assert not game.length_bounded_by_rules, f"{where()}: longer than max_game_length"
                break
            state.apply(rng.choice(legal))
            step += 1

        returns = state.returns()
        assert returns.shape == (game.num_players,) and np.isfinite(returns).all(), where()
        assert kumite.from_record(state.to_record()) == state, where()

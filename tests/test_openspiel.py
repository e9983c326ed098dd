"""kumite games registered as OpenSpiel games: OpenSpiel's own test and algorithms run on them."""

from __future__ import annotations

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # type: ignore[import-untyped]

import kumite
from kumite.envs import openspiel

NAMES = openspiel.register()


def test_every_game_is_registered() -> None:
    assert NAMES == [f"kumite_{name}" for name in kumite.games()]
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=5, serialize=False, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_tensors_and_resampling(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        tensor = np.asarray(state.information_state_tensor(player))
        assert tensor.shape == (game.information_state_tensor_size(),)
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(np.asarray(other.information_state_tensor(player)), tensor)
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_options_and_seed_pass_through() -> None:
    game = pyspiel.load_game("kumite_tekken", {"options": '{"heat": false, "rounds_to_win": 1}'})
    assert game.kumite_game.options["heat"] is False
    a, b = (pyspiel.load_game("kumite_tekken", {"seed": 4}).new_initial_state() for _ in range(2))
    assert str(a) == str(b) and a.kumite_state == b.kumite_state


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_mcts_and_evaluate_bots(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(0)
    bots = [mcts.MCTSBot(game, 2.0, 10, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)]
    bots += [pyspiel.make_uniform_random_bot(p, 7) for p in range(1, game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == game.num_players()


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_ismcts_plays_legal_moves(name: str) -> None:
    # OpenSpiel's IS-MCTS samples worlds through resample_from_infostate (kumite's determinize).
    # It has no restart_at, so evaluate_bots cannot drive it: step it by hand.
    game = pyspiel.load_game(name, {"seed": 3})
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 20, random_state=rng)
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("name", NAMES)
def test_a_game_cut_at_max_game_length_is_terminal_with_running_returns(name: str) -> None:
    assert pyspiel.load_game(name).max_game_length() == pyspiel.load_game(name).kumite_game.max_game_length
    game = pyspiel.load_game(name, {"seed": 1, "max_game_length": 12})
    assert game.max_game_length() == 12
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(12):
        assert not state.is_terminal() and not state.kumite_truncated
        state.apply_action(int(rng.choice(state.legal_actions())))
    # Far below any game's length: cut, and terminal for OpenSpiel.
    assert state.is_terminal() and state.kumite_truncated and not state.kumite_state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []
    assert state.returns() == [float(r) for r in state.kumite_state.returns()] == [0.0] * game.num_players()
    clone = state.clone()
    assert clone.is_terminal() and clone.kumite_truncated
    with pytest.raises((ValueError, pyspiel.SpielError), match="max_game_length"):
        pyspiel.load_game(name, {"max_game_length": 0})


@pytest.mark.parametrize(
    ("name", "options", "utility"),
    [
        ("tekken", {}, pyspiel.GameType.Utility.ZERO_SUM),
        ("ufs", {}, pyspiel.GameType.Utility.ZERO_SUM),
        ("fatal_fight", {"players": 3}, pyspiel.GameType.Utility.IDENTICAL),
        ("senjutsu", {}, pyspiel.GameType.Utility.ZERO_SUM),
        ("senjutsu", {"players": 4, "teams": [0, 1, 0, 1]}, pyspiel.GameType.Utility.ZERO_SUM),
        ("senjutsu", {"players": 3}, pyspiel.GameType.Utility.GENERAL_SUM),
    ],
)
def test_openspiel_is_told_each_games_own_utility_and_bounds(name: str, options: dict[str, object], utility: object) -> None:
    # The game answers (`Game.utility`, `Game.return_bounds`); the adapter only translates.
    import json

    game = pyspiel.load_game(f"kumite_{name}", {"options": json.dumps(options)})
    assert game.get_type().utility == utility
    low, high = kumite.load(name, **options).return_bounds
    assert (game.min_utility(), game.max_utility()) == pytest.approx((low, high))
    if utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert game.utility_sum() == 0.0

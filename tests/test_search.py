"""Search from Python: MCTS bots, evaluators, matches and the arena command (issue: search)."""

from __future__ import annotations

import json
import random
import zlib

import numpy as np
import numpy.typing as npt
import pytest

import kumite
from kumite.cli import main as cli_main

GAMES = kumite.games()


def random_states(game: kumite.Game, n: int, seed: int) -> list[kumite.State]:
    rng = random.Random(seed)
    out: list[kumite.State] = []
    while len(out) < n:
        state = game.new_state(seed=rng.randrange(2**32))
        for _ in range(rng.randrange(300)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            out.append(state)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_choices_are_legal_on_many_states(name: str) -> None:
    game = kumite.load(name)
    for i, state in enumerate(random_states(game, 1000, 1)):
        bot = kumite.MCTS(game, iterations=8, seed=i, threads=1)
        assert bot.choose(state) in state.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_and_threads_same_choice(name: str) -> None:
    game = kumite.load(name)
    for state in random_states(game, 10, 2):
        for threads in (1, 2):
            a = kumite.MCTS(game, iterations=300, seed=5, threads=threads).search(state)
            b = kumite.MCTS(game, iterations=300, seed=5, threads=threads).search(state)
            assert (a.best, a.actions, list(a.visits)) == (b.best, b.actions, list(b.visits))
            assert a.iterations == 300


@pytest.mark.parametrize("name", GAMES)
def test_does_not_peek_at_hidden_information(name: str) -> None:
    game = kumite.load(name)
    for state in random_states(game, 20, 3):
        player = state.current_player
        assert player is not None
        other = state.determinize(player, seed=99)
        bot = lambda: kumite.MCTS(game, iterations=200, seed=1, threads=1)  # noqa: E731
        assert np.array_equal(bot().policy(state), bot().policy(other))
        assert bot().choose(state) == bot().choose(other)


def test_policy_is_a_distribution_over_legal_actions() -> None:
    game = kumite.load("tekken")
    state = random_states(game, 1, 4)[0]
    policy = kumite.MCTS(game, iterations=500, threads=1).policy(state)
    assert policy.dtype == np.float32 and policy.shape == (game.num_actions,)
    assert policy.sum() == pytest.approx(1.0)
    assert set(np.flatnonzero(policy)) <= set(state.legal_actions())


def lethal_combo_state(game: kumite.Game) -> kumite.State:
    """Kaito to resolve with One-Two (strike 1, strike 1) pending, Rook on 2 HP at 0-2 rounds."""
    state = game.new_state(seed=5)
    state.apply("rage card Dragon Rage")
    state.apply("rage card Titan Rage")
    doc = json.loads(state.to_json())
    s = doc["state"]
    s["attacker"] = 0
    kaito, rook = s["fighters"]
    kaito["pos"], rook["pos"] = {"q": 0, "r": 0}, {"q": 1, "r": 0}
    rook["hp"] = 2
    s["wins"] = [2, 0]
    card = kaito["hand"].pop()
    kaito["slots"][0] = {"card": {"card": card, "revealed": True, "unpunishable": False}}
    s["phase"] = "resolve"
    s["string"].update(slot=0, card_done=True, combos_pending=1)
    doc["seed"], doc["history"] = None, []
    return game.state_from_json(json.dumps(doc))


@pytest.mark.parametrize("evaluator", [None, "heuristic"])
def test_finds_the_lethal_combo(evaluator: str | None) -> None:
    game = kumite.load("tekken", stage="moonlit_dojo")
    state = lethal_combo_state(game)
    bot = kumite.MCTS(game, iterations=400, threads=1, evaluator=evaluator)
    assert state.action_to_string(bot.choose(state)).startswith("combo One-Two")


class UniformEvaluator:
    """Uniform priors over legal actions and value 0: PUCT on counts alone."""

    batch_size = 8

    def __init__(self, game: kumite.Game) -> None:
        self.obs_shape = tuple(game.observation_shape)
        self.calls = 0
        self.leaves = 0

    def __call__(
        self, obs: npt.NDArray[np.float32], players: npt.NDArray[np.int32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        self.calls += 1
        self.leaves += len(players)
        assert obs.dtype == np.float32 and obs.shape[1:] == self.obs_shape
        assert masks.dtype == np.bool_ and masks.any(axis=1).all()
        priors = masks.astype(np.float32) / masks.sum(axis=1, keepdims=True)
        return priors, np.zeros((len(players), 2), np.float32)


def test_python_evaluator_is_called_in_batches() -> None:
    game = kumite.load("tekken")
    evaluator = UniformEvaluator(game)
    # Near the start no leaf of a 256-iteration search is terminal, so every batch is called.
    state = game.new_state(seed=6)
    result = kumite.MCTS(game, iterations=256, threads=1, evaluator=evaluator).search(state)
    assert result.iterations == 256
    assert evaluator.calls >= 256 // 8 and evaluator.leaves <= 256
    assert result.best in state.legal_actions()


def test_evaluator_errors_reach_the_caller() -> None:
    game = kumite.load("tekken")

    def broken(obs: object, players: object, masks: object) -> object:
        raise RuntimeError("network down")

    with pytest.raises(RuntimeError, match="network down"):
        kumite.MCTS(game, iterations=10, evaluator=broken).choose(game.new_state(seed=0))

    def wrong_shape(obs: npt.NDArray[np.float32], players: object, masks: object) -> object:
        return np.zeros((1, 1), np.float32), np.zeros((1, 1), np.float32)

    with pytest.raises(ValueError, match="shapes"):
        kumite.MCTS(game, iterations=10, evaluator=wrong_shape).choose(game.new_state(seed=0))


def test_bad_arguments_are_clear_errors() -> None:
    game = kumite.load("tekken")
    with pytest.raises(ValueError):
        kumite.MCTS(game, iterations=0)
    with pytest.raises(ValueError):
        kumite.MCTS(game, threads=0)
    with pytest.raises(TypeError):
        kumite.MCTS(game, evaluator=3)  # type: ignore[arg-type]
    state = game.new_state(seed=0)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with pytest.raises(kumite.InvalidOptionError, match="over"):
        kumite.MCTS(game).choose(state)


def test_time_limit_stops_early() -> None:
    game = kumite.load("tekken")
    result = kumite.MCTS(game, iterations=10**9, time_limit=0.05, threads=1).search(game.new_state(seed=0))
    assert result.seconds < 1.0
    assert 0 < result.iterations < 10**9


def test_tree_reuse_keeps_searching_the_same_game() -> None:
    game = kumite.load("tekken")
    bot = kumite.MCTS(game, iterations=100, threads=1, reuse_tree=True)
    state = game.new_state(seed=3)
    for _ in range(10):
        state.apply(bot.choose(state))


def test_play_match_swaps_seats_and_reports() -> None:
    game = kumite.load("tekken", rounds_to_win=1)
    result = kumite.play_match(game, [kumite.RandomBot(1), kumite.RandomBot(2)], n_games=20, seed=0)
    assert result.returns.shape == (20, 2)
    assert np.all(result.returns.sum(axis=1) == 0)
    assert result.win_rate.sum() == pytest.approx(1.0)
    assert all(low <= rate <= high for rate, (low, high) in zip(result.win_rate, result.ci95))
    assert "win rate" in str(result)
    with pytest.raises(ValueError):
        kumite.play_match(game, [kumite.RandomBot()], n_games=1)


def test_mcts_beats_random() -> None:
    game = kumite.load("tekken", rounds_to_win=1)
    bots: list[kumite.Bot] = [kumite.MCTS(game, iterations=200, threads=1, evaluator="heuristic"), kumite.RandomBot(0)]
    result = kumite.play_match(game, bots, n_games=20, seed=0)
    assert result.win_rate[0] >= 0.7, str(result)


def test_arena_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["arena", "tekken", "--bots", "mcts:20", "random", "--games", "4", "-o", "rounds_to_win=1", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert "mcts:20 " in out and "random " in out  # labelled by the specs typed


@pytest.mark.parametrize("name", GAMES)
def test_mcts_playout_cap(name: str) -> None:
    game = kumite.load(name)
    assert kumite.MCTS(game).max_playout_steps is None
    for state in random_states(game, 3, 7):
        # A playout capped at 0 actions scores its leaf by the game's heuristic (every game here
        # has one): the same search as the heuristic evaluator, visit for visit.
        capped = kumite.MCTS(game, iterations=300, seed=1, threads=1, max_playout_steps=0)
        assert capped.max_playout_steps == 0
        a = capped.search(state)
        b = kumite.MCTS(game, iterations=300, seed=1, threads=1, evaluator="heuristic").search(state)
        assert a.actions == b.actions and np.array_equal(a.visits, b.visits) and np.array_equal(a.values, b.values)
        # A cap no playout reaches changes nothing.
        c = kumite.MCTS(game, iterations=100, seed=2, threads=1, max_playout_steps=10**9).search(state)
        d = kumite.MCTS(game, iterations=100, seed=2, threads=1).search(state)
        assert np.array_equal(c.visits, d.visits) and np.array_equal(c.values, d.values)
    with pytest.raises(ValueError):
        kumite.MCTS(game, max_playout_steps=-1)


class PositionBot:
    """A random-looking choice that depends on the position only (no stream of its own), so a
    game plays the same whatever the games before it did."""

    def choose(self, state: kumite.State) -> int:
        legal = state.legal_actions()
        return legal[zlib.crc32(state.to_json().encode()) % len(legal)]


def test_play_match_counts_truncated_games_apart_from_draws() -> None:
    game = kumite.load("tekken", rounds_to_win=1)
    bots = [PositionBot(), PositionBot()]
    full = kumite.play_match(game, bots, n_games=12, seed=0)
    assert not full.truncated.any() and full.max_steps == game.max_game_length
    # Far below a one-round game's length: every game is cut, none is a draw.
    cut = kumite.play_match(game, bots, n_games=6, seed=0, max_steps=30)
    assert cut.truncated.all() and cut.n_truncated == 6 and (cut.lengths == 30).all()
    assert (cut.returns == 0).all() and (cut.win_rate == 0).all()
    assert "6 truncated at 30 actions" in str(cut)
    # A bound between the games' lengths: the finished games alone make the rates.
    bound = int(np.median(full.lengths))
    mixed = kumite.play_match(game, bots, n_games=12, seed=0, max_steps=bound)
    assert np.array_equal(mixed.truncated, full.lengths > bound)
    done = ~mixed.truncated
    assert 0 < done.sum() < 12
    assert np.array_equal(mixed.returns[done], full.returns[done])
    expect = ((np.sign(full.returns[done]) + 1) / 2).mean(axis=0)
    assert np.allclose(mixed.win_rate, expect)
    with pytest.raises(ValueError):
        kumite.play_match(game, bots, n_games=1, max_steps=0)


def test_arena_command_reports_truncated_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "tekken", "--bots", "random", "random", "--games", "4", "-o", "rounds_to_win=1", "--max-steps", "25"]
    assert cli_main(args) == 0
    assert "4 truncated at 25 actions" in capsys.readouterr().out

"""The Python API contract: every item works, with the documented types, shapes and errors.
Game-generic tests run for every game in `kumite.games()`; a few at the end use Tekken's options."""

from __future__ import annotations

import copy
import json
import pickle
import threading
import time

import numpy as np
import pytest
from conftest import first_illegal, play_to, random_trajectory

import kumite

# ---------------------------------------------------------------------------------------------
# Package and errors


def test_package_exports() -> None:
    assert isinstance(kumite.__version__, str) and kumite.__version__
    assert isinstance(kumite.FORMAT_VERSION, int)
    for name in kumite.__all__:
        assert hasattr(kumite, name), name
    assert kumite.games() == sorted(set(kumite.games())) or len(kumite.games()) == len(set(kumite.games()))
    assert "tekken" in kumite.games()
    assert all(isinstance(n, str) for n in kumite.games())


@pytest.mark.parametrize(
    "error",
    [
        kumite.IllegalActionError,
        kumite.InvalidOptionError,
        kumite.UnknownGameError,
        kumite.DeserializationError,
        kumite.CardDataError,
        kumite.InvalidPlayerError,
        kumite.ConformanceError,
        kumite.InternalError,
    ],
)
def test_errors_are_value_errors(error: type[Exception]) -> None:
    assert issubclass(error, kumite.KumiteError)
    assert issubclass(kumite.KumiteError, ValueError)
    assert error.__module__ == "kumite"
    assert getattr(kumite, error.__name__) is error


def test_a_rust_panic_is_an_internal_error_not_a_base_exception() -> None:
    with pytest.raises(kumite.InternalError, match="boom"):
        kumite._kumite._panic_for_tests("boom")
    try:
        kumite._kumite._panic_for_tests("boom")
    except Exception as e:  # noqa: BLE001 - the point is that `Exception` catches it
        assert isinstance(e, ValueError)


def test_unknown_game() -> None:
    with pytest.raises(kumite.UnknownGameError) as info:
        kumite.load("chess")
    assert info.value.name == "chess"
    assert info.value.known == kumite.games()
    assert isinstance(info.value, ValueError)


def test_errors_pickle_with_their_fields(game: kumite.Game) -> None:
    state = game.new_state(seed=1)
    with pytest.raises(kumite.IllegalActionError) as info:
        state.apply(game.num_actions)
    back = pickle.loads(pickle.dumps(info.value))
    assert type(back) is kumite.IllegalActionError and str(back) == str(info.value)
    assert (back.action, back.text, back.legal) == (info.value.action, info.value.text, info.value.legal)


def test_unknown_option(game_name: str) -> None:
    with pytest.raises(kumite.InvalidOptionError) as info:
        kumite.load(game_name, definitely_not_an_option=1)
    assert info.value.option == "definitely_not_an_option"
    assert info.value.reason


# ---------------------------------------------------------------------------------------------
# Game


def test_game_properties(game: kumite.Game, game_name: str) -> None:
    assert game.name == game_name
    assert isinstance(game.num_players, int) and game.num_players >= 1
    assert isinstance(game.num_actions, int) and game.num_actions >= 1
    assert isinstance(game.observation_shape, tuple) and all(isinstance(d, int) for d in game.observation_shape)
    assert isinstance(game.max_game_length, int) and game.max_game_length >= 1
    assert isinstance(game.options, dict)
    # Options are the whole configuration: loading with them gives an equal game.
    again = kumite.load(game_name, **game.options)
    assert again == game and hash(again) == hash(game)
    assert again.options == game.options
    assert game != "not a game"
    assert repr(game).startswith(f"kumite.load({game_name!r}")
    assert eval(repr(game), {"kumite": kumite}) == game


def test_game_pickles_and_copies(game: kumite.Game) -> None:
    back = pickle.loads(pickle.dumps(game))
    assert back == game and back.options == game.options
    assert copy.copy(game) is game and copy.deepcopy(game) is game  # immutable


# ---------------------------------------------------------------------------------------------
# State basics


def test_new_state(game: kumite.Game) -> None:
    state = game.new_state(seed=7)
    assert state.game is game
    assert state.seed == 7
    assert state.history() == []
    assert state.current_player in range(game.num_players)
    assert not state.is_terminal()
    assert game.new_state(seed=7) == state
    assert game.new_state() == game.new_state(seed=0)


def test_legal_actions_and_mask(game: kumite.Game) -> None:
    for state in random_trajectory(game, seed=1, max_steps=200):
        legal = state.legal_actions()
        assert isinstance(legal, list) and all(isinstance(a, int) for a in legal)
        assert legal == sorted(set(legal))
        mask = state.legal_action_mask()
        assert isinstance(mask, np.ndarray) and mask.dtype == np.bool_ and mask.shape == (game.num_actions,)
        assert np.flatnonzero(mask).tolist() == legal


def test_apply_and_history(game: kumite.Game) -> None:
    state = game.new_state(seed=3)
    played = []
    for _ in range(30):
        if state.is_terminal():
            break
        action = state.legal_actions()[-1]
        state.apply(action)
        played.append(action)
    assert state.history() == played
    # The history replays to an equal state.
    replay = game.new_state(seed=3)
    for a in state.history():
        replay.apply(a)
    assert replay == state


def test_legal_action_texts_are_unique(game: kumite.Game) -> None:
    """Apply-by-text needs every legal action to have its own text."""
    for state in random_trajectory(game, seed=11, max_steps=300):
        texts = [state.action_to_string(a).strip().lower() for a in state.legal_actions()]
        duplicates = sorted({t for t in texts if texts.count(t) > 1})
        assert not duplicates, (
            f"seed 11, step {len(state.history())}: legal actions share a text: "
            + ", ".join(f"{t!r} = {[a for a in state.legal_actions() if state.action_to_string(a).strip().lower() == t]}" for t in duplicates)
        )


def test_apply_by_text(game: kumite.Game) -> None:
    # Texts shared by several legal actions are the subject of the test above; here each text
    # that names one action must play exactly that action.
    for state in random_trajectory(game, seed=11, max_steps=60):
        if state.is_terminal():
            break
        texts = [state.action_to_string(a).strip().lower() for a in state.legal_actions()]
        for action in state.legal_actions():
            text = state.action_to_string(action)
            assert isinstance(text, str) and text
            if texts.count(text.strip().lower()) > 1:
                continue
            by_int, by_text, by_odd_text = state.clone(), state.clone(), state.clone()
            by_int.apply(action)
            by_text.apply(text)
            by_odd_text.apply(f"  {text.upper()} ")  # case and surrounding space are ignored
            assert by_text == by_int and by_odd_text == by_int
            assert by_text.history()[-1] == action


def test_apply_accepts_numpy_integers(game: kumite.Game) -> None:
    a, b = game.new_state(seed=5), game.new_state(seed=5)
    action = a.legal_actions()[0]
    a.apply(np.int64(action))
    b.apply(action)
    assert a == b
    assert a.observation(np.uint8(0)).shape == game.observation_shape


def test_apply_with_events(game: kumite.Game) -> None:
    state, twin = game.new_state(seed=9), game.new_state(seed=9)
    saw_events = False
    for _ in range(100):
        if state.is_terminal():
            break
        action = state.legal_actions()[0]
        events = state.apply_with_events(action)
        twin.apply(action)
        assert isinstance(events, list) and all(isinstance(e, str) for e in events)
        saw_events |= bool(events)
        assert state == twin  # events cost nothing in the result
    assert saw_events


def test_illegal_action_leaves_state_unchanged(game: kumite.Game) -> None:
    state = play_to(game, seed=2, steps=10)
    before = state.clone()
    illegal = first_illegal(state)
    assert illegal is not None
    with pytest.raises(kumite.IllegalActionError) as info:
        state.apply(illegal)
    assert state == before
    assert info.value.action == illegal
    assert isinstance(info.value.text, str)
    assert info.value.legal == state.legal_actions()
    with pytest.raises(kumite.IllegalActionError):
        state.apply_with_events(illegal)
    assert state == before


def test_unknown_action_text(game: kumite.Game) -> None:
    state = game.new_state(seed=1)
    before = state.clone()
    with pytest.raises(kumite.IllegalActionError) as info:
        state.apply("no such action anywhere")
    assert state == before
    assert info.value.action is None
    assert info.value.text == "no such action anywhere"
    assert info.value.legal == [state.action_to_string(a) for a in state.legal_actions()]


@pytest.mark.parametrize("action", [-1, 65535, 65536, 2**63, 2**64, -(2**80), 2**200])
def test_out_of_range_actions(game: kumite.Game, action: int) -> None:
    state = game.new_state(seed=1)
    before = state.clone()
    with pytest.raises(kumite.IllegalActionError) as info:
        state.apply(action)
    assert info.value.action == action
    assert str(action) in str(info.value)
    assert state == before
    with pytest.raises(kumite.IllegalActionError):
        state.action_to_string(action)
    with pytest.raises(kumite.IllegalActionError):
        state.action_to_string(game.num_actions)


def test_non_integer_action_is_a_type_error(game: kumite.Game) -> None:
    state = game.new_state(seed=1)
    for bad in [1.0, None, [1], b"x"]:
        with pytest.raises(TypeError):
            state.apply(bad)  # type: ignore[arg-type]


def test_returns_and_terminal(game: kumite.Game) -> None:
    state = game.new_state(seed=4)
    r = state.returns()
    assert isinstance(r, np.ndarray) and r.dtype == np.float32 and r.shape == (game.num_players,)
    for state in random_trajectory(game, seed=4):  # noqa: B007 - the last state is the one kept
        pass
    assert state.is_terminal() and state.current_player is None
    assert state.legal_actions() == [] and not state.legal_action_mask().any()
    r = state.returns()
    assert r.dtype == np.float32 and r.shape == (game.num_players,) and np.isfinite(r).all()
    with pytest.raises(kumite.IllegalActionError):
        state.apply(0)


def test_observation(game: kumite.Game) -> None:
    state = play_to(game, seed=6, steps=20)
    for p in range(game.num_players):
        obs = state.observation(p)
        assert isinstance(obs, np.ndarray) and obs.dtype == np.float32
        assert obs.shape == game.observation_shape and np.isfinite(obs).all()
        assert isinstance(state.information_state_string(p), str)


@pytest.mark.parametrize("player", [-1, 2**70, -(2**70)])
def test_invalid_players(game: kumite.Game, player: int) -> None:
    state = game.new_state(seed=1)
    for call in (state.observation, state.information_state_string, lambda p: state.determinize(p, 0)):
        with pytest.raises(kumite.InvalidPlayerError) as info:
            call(player)
        assert info.value.player == player
        assert info.value.num_players == game.num_players
    with pytest.raises(kumite.InvalidPlayerError):
        state.observation(game.num_players)


def test_determinize_keeps_what_the_observer_knows(game: kumite.Game) -> None:
    for steps in (0, 5, 25, 80):
        state = play_to(game, seed=8, steps=steps)
        for p in range(game.num_players):
            for seed in range(3):
                other = state.determinize(p, seed)
                assert isinstance(other, kumite.State) and other.game is game
                assert np.array_equal(other.observation(p), state.observation(p))
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.current_player == state.current_player
                assert other.history() == state.history()
                assert other.seed is None
                with pytest.raises(kumite.DeserializationError):
                    other.to_record()  # no seed, so no record can replay it


def test_render_str_repr(game: kumite.Game) -> None:
    state = play_to(game, seed=2, steps=5)
    text = state.render()
    assert isinstance(text, str) and text
    assert str(state) == text
    assert "\n" not in repr(state) and len(repr(state)) < 120


# ---------------------------------------------------------------------------------------------
# Copies, pickles, JSON, records


def test_clone_copy_deepcopy_pickle_are_equal_and_independent(game: kumite.Game) -> None:
    state = play_to(game, seed=12, steps=15)
    assert not state.is_terminal()
    copies = [state.clone(), copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))]
    for c in copies:
        assert c == state and c is not state
        assert c.game == game
        c.apply(c.legal_actions()[0])
        assert c != state
    assert state.history() == copies[0].history()[:-1]


def test_states_are_unhashable(game: kumite.Game) -> None:
    with pytest.raises(TypeError):
        hash(game.new_state(seed=0))


def test_pickle_protocols(game: kumite.Game) -> None:
    state = play_to(game, seed=13, steps=7)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(state, protocol=protocol)) == state
        assert pickle.loads(pickle.dumps(game, protocol=protocol)) == game


def test_json_round_trip(game: kumite.Game) -> None:
    for steps in (0, 10, 40):
        state = play_to(game, seed=14, steps=steps)
        text = state.to_json()
        doc = json.loads(text)
        assert doc["game"] == game.name and doc["version"] == kumite.FORMAT_VERSION
        back = game.state_from_json(text)
        assert back == state and back.history() == state.history() and back.seed == state.seed
        assert game.state_from_json(text.encode()) == state
        # The loaded state plays on exactly like the original.
        if not state.is_terminal():
            a = state.legal_actions()[0]
            back.apply(a)
            state.apply(a)
            assert back == state


def test_bad_json_is_a_deserialization_error(game: kumite.Game) -> None:
    bad_texts: list[str | bytes] = ["", "{", "[]", "null", '{"game": 1}', "\xff", b"\xff\xfe"]
    for bad in bad_texts:
        with pytest.raises(kumite.DeserializationError) as info:
            game.state_from_json(bad)
        assert info.value.reason


def test_record_round_trip(game: kumite.Game) -> None:
    for steps in (0, 17, 10_000):
        state = play_to(game, seed=15, steps=steps)
        record = state.to_record()
        doc = json.loads(record)
        assert doc["actions"] == state.history() and doc["seed"] == 15
        replayed = kumite.from_record(record)
        assert replayed == state
        assert replayed.game == game
        assert kumite.from_record(record.encode()) == state


# ---------------------------------------------------------------------------------------------
# Batch work


def test_rollout_shapes(game: kumite.Game) -> None:
    result = kumite.rollout(game, 50, seed=1)
    assert isinstance(result, kumite.RolloutResult)
    assert len(result) == 50 and result.num_players == game.num_players
    assert result.returns.dtype == np.float32 and result.returns.shape == (50, game.num_players)
    assert result.lengths.dtype == np.int32 and result.lengths.shape == (50,)
    assert np.isfinite(result.returns).all()
    assert (result.lengths > 0).all() and (result.lengths <= game.max_game_length).all()
    empty = kumite.rollout(game, 0)
    assert empty.returns.shape == (0, game.num_players) and empty.lengths.shape == (0,)


def test_returns_are_what_the_game_says_its_utility_is(game: kumite.Game) -> None:
    # Game.utility and Game.return_bounds are the game's own answer (OpenSpiel's adapter uses
    # them); random games' returns bear them out.
    expected = {"tekken": "zero_sum", "ufs": "zero_sum", "senjutsu": "zero_sum", "fatal_fight": "identical"}
    assert game.utility == expected[game.name]
    low, high = game.return_bounds
    returns = kumite.rollout(game, 200, seed=3).returns
    assert (returns >= low).all() and (returns <= high).all()
    if game.utility == "zero_sum":
        assert np.abs(returns.sum(axis=1)).max() <= 1e-4
    else:
        assert (returns == returns[:, :1]).all()
    assert kumite.load("senjutsu", players=3).utility == "general_sum"
    assert kumite.load("senjutsu", players=4, teams=[0, 1, 1, 0]).utility == "zero_sum"
    assert kumite.load("senjutsu", players=4, teams=[0, 1, 1, 1]).utility == "general_sum"


def test_a_rollout_result_is_built_from_arrays_played_elsewhere(game: kumite.Game) -> None:
    # kumite.distributed returns the same class, built from its tasks' arrays.
    r = kumite.rollout(game, 20, seed=2)
    copy = kumite.RolloutResult(r.returns, r.lengths, r.truncated)
    assert len(copy) == 20 and copy.num_players == game.num_players
    for field in ("returns", "lengths", "truncated"):
        np.testing.assert_array_equal(getattr(copy, field), getattr(r, field))
    with pytest.raises(ValueError, match="one per game"):
        kumite.RolloutResult(r.returns, r.lengths[:-1], r.truncated)
    with pytest.raises(TypeError):
        kumite.RolloutResult(r.returns.astype(np.float64), r.lengths, r.truncated)


def test_rollout_depends_on_seed_only(game: kumite.Game) -> None:
    one = kumite.rollout(game, 300, seed=42, threads=1)
    two = kumite.rollout(game, 300, seed=42, threads=2)
    every = kumite.rollout(game, 300, seed=42)
    for other in (two, every):
        assert np.array_equal(one.returns, other.returns)
        assert np.array_equal(one.lengths, other.lengths)
    different = kumite.rollout(game, 300, seed=43, threads=2)
    assert not np.array_equal(one.lengths, different.lengths)


def test_rollout_arguments(game: kumite.Game) -> None:
    with pytest.raises(ValueError):
        kumite.rollout(game, -1)
    with pytest.raises(ValueError):
        kumite.rollout(game, 10, threads=0)
    with pytest.raises(ValueError):
        kumite.rollout(game, 10, seed=-1)


def _progress_while(work: object) -> int:
    """Counts Python loop iterations in this thread while `work()` runs in another one."""
    done = threading.Event()

    def run() -> None:
        try:
            work()  # type: ignore[operator]
        finally:
            done.set()

    thread = threading.Thread(target=run)
    thread.start()
    ticks = 0
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    thread.join()
    return ticks


def test_rollout_and_conformance_release_the_gil(game: kumite.Game) -> None:
    # Held GIL: this thread could not run at all until the work ends (a few ticks at most).
    assert _progress_while(lambda: kumite.rollout(game, 4000, seed=0, threads=1)) > 20
    assert _progress_while(lambda: kumite.conformance(game, games=1500, deep_games=0)) > 20


def test_conformance_small(game: kumite.Game) -> None:
    checked = kumite.conformance(game, games=50, seed=3, deep_games=10)
    assert isinstance(checked, int) and checked > 0


# ---------------------------------------------------------------------------------------------
# Tekken options


def test_tekken_options() -> None:
    game = kumite.load("tekken", characters=("kaito", "rook"), stage="fault_line", heat=True, rounds_to_win=3)
    assert game.options["characters"] == ["kaito", "rook"]  # tuples become lists
    assert game.options["stage"] == "fault_line" and game.options["heat"] is True
    assert game.options["rounds_to_win"] == 3
    assert kumite.load("tekken", heat=False) != kumite.load("tekken")
    assert kumite.load("tekken", stage="moonlit_dojo").options["stage"] == "moonlit_dojo"


def test_tekken_card_data_error(tmp_path: object) -> None:
    import pathlib

    root = pathlib.Path(str(tmp_path))
    (root / "characters").mkdir()
    (root / "characters" / "broken.toml").write_text("id = 3\n")
    with pytest.raises(kumite.CardDataError) as info:
        kumite.load("tekken", content_dir=root)  # os.PathLike options become strings
    problems = info.value.problems
    assert problems and all(set(p) == {"file", "card", "field", "reason"} for p in problems)
    assert any("broken.toml" in p["file"] for p in problems)


def test_states_of_different_options_do_not_mix() -> None:
    heat, no_heat = kumite.load("tekken", heat=True), kumite.load("tekken", heat=False)
    with pytest.raises(kumite.DeserializationError):
        no_heat.state_from_json(heat.new_state(seed=1).to_json())
    assert heat.new_state(seed=1) != no_heat.new_state(seed=1)


def test_game_says_whether_its_rules_bound_its_length(game: kumite.Game) -> None:
    assert isinstance(game.length_bounded_by_rules, bool)


def test_rollout_truncates_at_max_steps(game: kumite.Game) -> None:
    full = kumite.rollout(game, 40, seed=3, threads=1, max_steps=10**9)
    assert full.truncated.dtype == np.bool_ and full.truncated.shape == (40,)
    assert not full.truncated.any(), "random games end"
    bound = int(full.lengths.min())
    assert bound > 1
    cut = kumite.rollout(game, 40, seed=3, threads=1, max_steps=bound - 1)
    # Every game is longer than the bound: each is cut there, with the returns at the cut (0
    # for every player in games without running returns), and none counts as finished.
    assert (cut.lengths == bound - 1).all() and cut.truncated.all()
    assert (cut.returns == 0).all()
    exact = kumite.rollout(game, 40, seed=3, threads=1, max_steps=bound)
    ends = full.lengths == bound
    assert (exact.truncated == ~ends).all(), "a game that ends exactly at the bound is not truncated"
    assert np.array_equal(exact.returns[ends], full.returns[ends])
    # No bound given: the game's run bound, max_game_length.
    default = kumite.rollout(game, 40, seed=3, threads=2)
    bounded = kumite.rollout(game, 40, seed=3, threads=1, max_steps=game.max_game_length)
    assert np.array_equal(default.lengths, bounded.lengths) and np.array_equal(default.truncated, bounded.truncated)
    assert (default.lengths <= game.max_game_length).all()
    with pytest.raises(ValueError):
        kumite.rollout(game, 1, max_steps=-1)

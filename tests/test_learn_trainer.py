"""The trainer's replay buffer apart from its checkpoint, its learning curve on every core and its
TD(λ) value targets (issue 52: "Write the replay buffer apart from the checkpoint so the
trainer's clock is the wall clock", "evaluating the learning curve on both cores", "Try n-step
or TD(λ) targets from the search's root values")."""

from __future__ import annotations

import json
import pickle
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import safetensors.numpy as safetensors_numpy

import kumite
from kumite.results import SelfPlayData

learn = pytest.importorskip("kumite.learn")
from kumite.learn.buffer import FIELDS, ReplayBuffer  # noqa: E402
from kumite.learn.targets import shaped_outcomes, td_values  # noqa: E402
from kumite.learn.trainer import CHECKPOINT, Trainer  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def data(players: list[int], root_value: list[float], games: list[int], outcomes: dict[int, list[float]],
         truncated: frozenset[int] = frozenset()) -> SelfPlayData:
    """Self-play data by hand: the rows' movers, search values and games (consecutive, in move
    order, as `kumite.selfplay` gives them), each game's outcome (0 for a truncated game)."""
    n = len(players)
    values = np.array([[0.0] * len(outcomes[g]) if g in truncated else outcomes[g] for g in games], np.float32)
    return {  # type: ignore[typeddict-item]  # only the fields the targets read
        "values": values, "root_value": np.array(root_value, np.float32), "player": np.array(players, np.int32),
        "game": np.array(games, np.int32), "truncated": np.array([g in truncated for g in games]),
        "observations": np.zeros((n, 1), np.float32),
    }


@pytest.mark.parametrize(("lam", "first_game"), [
    (1.0, [[1, -1], [1, -1], [1, -1]]),
    (0.0, [[0.5, -0.5], [0.75, -0.75], [1, -1]]),
    (0.5, [[0.6875, -0.6875], [0.875, -0.875], [1, -1]]),
])
def test_td_targets_of_a_two_player_zero_sum_game(lam: float, first_game: list[list[float]]) -> None:
    """Issue 52: TD(λ) targets "from the search's root values". The target of position t is
    `(1 - λ)·v[t + 1] + λ·target[t + 1]`, the last position's the outcome; in Tekken (two-player
    zero-sum) the other seat's value is the mover's opposite. Game 0: three positions, seat 0
    wins; game 1 was cut (no target); game 2 has one position (its target is the outcome)."""
    game = kumite.load("tekken")
    d = data(players=[0, 1, 0, 0, 1, 1], root_value=[0.25, -0.5, 0.75, 0.5, 0.5, 0.25], games=[0, 0, 0, 1, 1, 2],
             outcomes={0: [1, -1], 1: [1, -1], 2: [-1, 1]}, truncated=frozenset({1}))
    expected = np.array([*first_game, [0, 0], [0, 0], [-1, 1]], np.float32)
    np.testing.assert_array_equal(td_values(d, game, lam), expected)


@pytest.mark.parametrize(("lam", "expected"), [
    (1.0, [[1, 1], [1, 1]]),
    (0.0, [[-0.25, -0.25], [1, 1]]),
    (0.5, [[0.375, 0.375], [1, 1]]),
])
def test_td_targets_of_a_cooperative_game(lam: float, expected: list[list[float]]) -> None:
    """Fatal Fight's seats share one return: a position's search value is every seat's."""
    game = kumite.load("fatal_fight", players=2)
    d = data(players=[0, 1], root_value=[0.5, -0.25], games=[4, 4], outcomes={4: [1, 1]})
    np.testing.assert_array_equal(td_values(d, game, lam), np.array(expected, np.float32))


@pytest.mark.parametrize(("lam", "expected"), [
    (1.0, [[1, -1, 0], [1, -1, 0], [1, -1, 0]]),
    (0.0, [[1, 0.25, 0], [1, -1, -0.5], [1, -1, 0]]),
    (0.5, [[1, -0.375, -0.125], [1, -1, -0.25], [1, -1, 0]]),
])
def test_td_targets_where_the_search_values_only_the_mover(lam: float, expected: list[list[float]]) -> None:
    """Senjutsu with three players: a position's search value is only the mover's; the other
    seats' values there are the outcome, as `value_mix` keeps them."""
    game = kumite.load("senjutsu", players=3, samurai=[], decks=[])
    d = data(players=[0, 1, 2], root_value=[0.5, 0.25, -0.5], games=[0, 0, 0], outcomes={0: [1, -1, 0]})
    np.testing.assert_array_equal(td_values(d, game, lam), np.array(expected, np.float32))


def test_shaped_outcomes_mix_the_heuristic_of_each_games_last_position() -> None:
    """`--value-shaped SHARE`: a finished game's outcome with SHARE of it replaced by its
    `game_heuristic`; a cut game's rows keep no target. Game 0 is lost by seat 0 after getting
    to a heuristic of -0.5 for it; game 1 was cut; game 2 is level, seat 1 near a win."""
    d = data(players=[0, 1, 0, 1], root_value=[0, 0, 0, 0], games=[0, 0, 1, 2],
             outcomes={0: [-1, 1], 1: [1, -1], 2: [0, 0]}, truncated=frozenset({1}))
    d["game_heuristic"] = np.array([[-0.5, 0.5], [0.25, -0.25], [-0.75, 0.75]], np.float32)
    expected = [[-0.75, 0.75], [-0.75, 0.75], [0, 0], [-0.375, 0.375]]
    np.testing.assert_array_equal(shaped_outcomes(d, 0.5), np.array(expected, np.float32))
    np.testing.assert_array_equal(shaped_outcomes(d, 0.0), d["values"])


def test_value_shaped_reaches_the_buffer_before_value_mix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--value-shaped SHARE` (`TrainConfig.value_shaped`): Fatal Fight's self-play rows learn
    the shaped outcome, `--value-mix` mixes the search's values into it, the recipe records it,
    and a share outside 0..1 is refused."""
    from kumite.cli import main
    from kumite.learn.targets import mix_values

    seen, _ = spy_selfplay(monkeypatch)
    settings = {"game": "fatal_fight", "options": {"players": 2}, "max_steps": 3_000, "warmup_values": "heuristic"}
    trainer = Trainer(config(tmp_path, value_shaped=0.5, value_mix=0.5, **settings), log=lambda _: None)
    trainer.selfplay()
    (chunk,) = trainer.buffer.chunks
    played = seen[0]
    assert not played["truncated"].all() and (played["game_heuristic"] > -1).any()
    shaped = shaped_outcomes(played, 0.5)
    assert not np.array_equal(shaped, played["values"]), "the campaigns' progress tells them apart"
    np.testing.assert_array_equal(chunk.rows["values"], mix_values({**played, "values": shaped}, trainer.game, 0.5))
    assert " value_mix=0.5 value_shaped=0.5" in trainer.recipe()
    with pytest.raises(ValueError, match=r"value_shaped is a share in 0 \.\. 1, not 1\.5"):
        Trainer(config(tmp_path, value_shaped=1.5))
    with pytest.raises(SystemExit):
        main(["train", "tekken", "--out", str(tmp_path), "--value-shaped", "2"])


def config(tmp_path: Path, **settings: Any) -> Any:
    return learn.TrainConfig(**{"game": "tekken", "out": str(tmp_path), "simulations": 4, "games_per_iteration": 2,
                                "steps_per_iteration": 2, "batch_size": 16, "hidden": 8, "blocks": 1, "max_steps": 80,
                                "eval_games": 0, **settings})


def spy_selfplay(monkeypatch: pytest.MonkeyPatch) -> tuple[list[SelfPlayData], list[dict[str, Any]]]:
    """`kumite.selfplay` recorded: each call's data and its keyword arguments, in call order."""
    data: list[SelfPlayData] = []
    calls: list[dict[str, Any]] = []
    real = kumite.selfplay

    def spy(*args: Any, **kwargs: Any) -> SelfPlayData:
        calls.append(kwargs)
        data.append(real(*args, **kwargs))
        return data[-1]

    monkeypatch.setattr(kumite, "selfplay", spy)
    return data, calls


def test_value_td_reaches_the_buffer_and_is_not_taken_with_value_mix(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """`--value-td LAMBDA` (`TrainConfig.value_td`): the self-play rows' value targets are
    `td_values` of the iteration's games, the recipe records it, and it is refused beside
    `--value-mix` (both shape the targets from the search's values) or outside 0..1."""
    from kumite.cli import main

    seen, _ = spy_selfplay(monkeypatch)
    trainer = Trainer(config(tmp_path, value_td=0.5, max_steps=2_000), log=lambda _: None)
    trainer.selfplay()
    (chunk,) = trainer.buffer.chunks
    assert not seen[0]["truncated"].all()
    np.testing.assert_array_equal(chunk.rows["values"], td_values(seen[0], trainer.game, 0.5))
    assert not np.array_equal(chunk.rows["values"], seen[0]["values"])
    assert trainer.recipe().endswith(" value_mix=0 value_td=0.5")
    with pytest.raises(ValueError, match="value_td and value_mix both shape the value targets"):
        Trainer(config(tmp_path, value_td=0.5, value_mix=0.5))
    with pytest.raises(ValueError, match=r"value_td \(TD\(λ\)'s λ\) is in 0 \.\. 1, not 1\.5"):
        Trainer(config(tmp_path, value_td=1.5))
    with pytest.raises(SystemExit, match="value_td and value_mix"):
        main(["train", "tekken", "--out", str(tmp_path), "--value-td", "0.5", "--value-mix", "0.5"])
    with pytest.raises(SystemExit):
        main(["train", "tekken", "--out", str(tmp_path), "--value-td", "2"])


def test_truncated_values_search_gives_a_cut_games_positions_their_search_values(tmp_path: Path,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """`--truncated-values search`: the rows of a game cut at `max_steps` learn their position's
    search value (the mover's `root_value`, the opponent's its negation in a two-player zero-sum
    game) instead of no value; finished games keep their targets; the recipe records it."""
    seen, _ = spy_selfplay(monkeypatch)
    trainer = Trainer(config(tmp_path, games_per_iteration=8, max_steps=400, truncated_values="search"), log=lambda _: None)
    trainer.selfplay()
    d, (chunk,) = seen[0], trainer.buffer.chunks
    cut = d["truncated"]
    assert cut.any() and not cut.all()
    assert not chunk.rows["truncated"].any()
    rows = np.flatnonzero(cut)
    np.testing.assert_array_equal(chunk.rows["values"][rows, d["player"][rows]], d["root_value"][rows])
    np.testing.assert_array_equal(chunk.rows["values"][rows, 1 - d["player"][rows]], -d["root_value"][rows])
    np.testing.assert_array_equal(chunk.rows["values"][~cut], d["values"][~cut])
    assert trainer.recipe().endswith(" value_mix=0 truncated_values=search")


def test_the_value_weight_scales_the_value_loss_and_the_new_games_are_scored_before_learning(tmp_path: Path) -> None:
    """`--value-weight W`: the value loss counts W times beside the policy loss (at 0 the value
    head does not move, without weight decay); each iteration's progress line gives the losses
    on its own new games before the network learns from them (games it has not seen)."""
    from kumite.learn.model import loss_fn

    lines: list[str] = []
    trainer = Trainer(config(tmp_path, value_weight=0.0, weight_decay=0.0, iterations=1), log=lines.append)
    before = {k: np.asarray(v) for k, v in trainer.params.items()}
    trainer.selfplay()
    rows = trainer.buffer.chunks[-1].rows
    unseen = trainer.unseen_losses()
    _, parts = loss_fn(trainer.params, {k: v[:4096] for k, v in rows.items()})
    assert unseen == pytest.approx({k: float(parts[k]) for k in ("policy_loss", "value_loss")}, rel=1e-5)
    trainer.learn()
    np.testing.assert_array_equal(np.asarray(trainer.params["value.weight"]), before["value.weight"])
    assert not np.array_equal(np.asarray(trainer.params["policy.weight"]), before["policy.weight"])
    assert trainer.recipe().endswith(" value_mix=0 value_weight=0")
    learn.train(config(tmp_path / "run", iterations=1), log=lines.append)
    assert re.search(r"on the new games before learning them: policy \d+\.\d+, value \d+\.\d+\)", lines[0]), lines[0]
    with pytest.raises(ValueError, match="value_weight is a finite number of at least 0, not -1"):
        Trainer(config(tmp_path, value_weight=-1.0))


def rows(start: int, n: int) -> dict[str, np.ndarray]:
    """`n` distinguishable rows numbered from `start`."""
    ids = np.arange(start, start + n, dtype=np.float32)
    return {"observations": ids[:, None] * np.ones(3, np.float32), "masks": np.ones((n, 2), bool),
            "policy": np.full((n, 2), 0.5, np.float32), "values": np.stack([ids, -ids], 1),
            "truncated": ids % 2 == 0}


def test_the_buffer_keeps_the_last_rows_in_one_folder_per_iteration(tmp_path: Path) -> None:
    """Each iteration's rows go to `buffer/<iteration>/` once; the buffer keeps the last
    `capacity` rows (the oldest chunk cut, chunks out of the window dropped), samples them in
    order, and a checkpoint's list of chunks reads them back; folders no chunk names are deleted
    only when told (once a checkpoint that no longer lists them is written)."""
    buffer = ReplayBuffer(tmp_path, capacity=10)
    for i, n in enumerate((4, 5, 3, 4)):
        buffer.add(i, rows(100 * i, n))
    assert sorted(p.name for p in (tmp_path / "buffer").iterdir()) == [f"00000{i}" for i in range(4)]
    kept = np.concatenate([np.arange(100 * i, 100 * i + n) for i, n in enumerate((4, 5, 3, 4))])[-10:]
    assert len(buffer) == 10 and [c.iteration for c in buffer.chunks] == [1, 2, 3]
    batch = buffer.sample(np.arange(10)[::-1])
    np.testing.assert_array_equal(batch["observations"][:, 0], kept[::-1])
    np.testing.assert_array_equal(batch["values"][:, 1], -kept[::-1])
    assert batch["observations"].dtype == np.float32 and batch["truncated"].dtype == np.bool_
    assert buffer.manifest() == [{"iteration": 1, "name": "000001", "rows": 3},
                                 {"iteration": 2, "name": "000002", "rows": 3},
                                 {"iteration": 3, "name": "000003", "rows": 4}]
    again = ReplayBuffer(tmp_path, capacity=10)
    again.load(buffer.manifest(), before=4)
    for key in FIELDS:
        np.testing.assert_array_equal(again.sample(np.arange(10))[key], buffer.sample(np.arange(10))[key])
    # An iteration interrupted after its self-play is played again on resuming: its chunk is left out.
    again.load(buffer.manifest(), before=3)
    assert [c.iteration for c in again.chunks] == [1, 2]
    buffer.prune()
    assert sorted(p.name for p in (tmp_path / "buffer").iterdir()) == ["000001", "000002", "000003"]
    # A run interrupted before its first self-play has no buffer folder to prune.
    ReplayBuffer(tmp_path / "new", capacity=10).prune()
    (tmp_path / "buffer" / "000002" / "policy.npy").unlink()
    with pytest.raises(ValueError, match=r"000002: a chunk of the checkpoint's replay buffer cannot be read"):
        again.load(buffer.manifest(), before=4)


def net_tensors(path: Path) -> dict[str, np.ndarray]:
    return safetensors_numpy.load(path.read_bytes())


def test_a_run_started_from_a_network_takes_its_weights_and_names_it(tmp_path: Path) -> None:
    """`--init PATH` starts a run from a network file's weights instead of random ones (a run
    whose folder is gone goes on from its network); the new network's metadata names the file
    and the commit and command that made it, and its recipe has `init=`."""
    learn.train(config(tmp_path / "a", iterations=1), log=lambda _: None)
    first = tmp_path / "a" / "net.safetensors"
    trainer = Trainer(config(tmp_path / "b", iterations=1, init=str(first), seed=5))
    trainer.start_from_init()
    for key, value in net_tensors(first).items():
        np.testing.assert_array_equal(np.asarray(trainer.params[key]), value, err_msg=key)
    learn.train(config(tmp_path / "b", iterations=1, init=str(first), seed=5), log=lambda _: None)
    made = kumite.Net.load(str(tmp_path / "b" / "net.safetensors")).metadata
    assert made["init"].startswith("net.safetensors (commit ") and "kumite.learn.train" in made["init"]
    assert made["recipe"].endswith(f" init={first}")
    # Resumed, the run takes its checkpoint's weights: the file it started from may be gone.
    first.unlink()
    learn.train(config(tmp_path / "b", iterations=2, init=str(first), seed=5), resume=True, log=lambda _: None)
    assert kumite.Net.load(str(tmp_path / "b" / "net.safetensors")).metadata["init"] == made["init"]


def test_a_run_starts_from_the_shipped_network_of_its_game_and_options(tmp_path: Path) -> None:
    """`--init shipped` is the file the bots load for the game and its options."""
    shipped = Path(kumite.__file__).parent / "nets" / "tekken.safetensors"
    trainer = Trainer(config(tmp_path, init="shipped", hidden=128, blocks=2))
    trainer.start_from_init()
    for key, value in net_tensors(shipped).items():
        np.testing.assert_array_equal(np.asarray(trainer.params[key]), value, err_msg=key)


def test_a_network_of_another_shape_or_game_is_refused_before_the_selfplay(tmp_path: Path) -> None:
    """The network must be the run's shape (the error says which flags fit it) and made for the
    run's game and options (the bots' `NetMismatchError`)."""
    learn.train(config(tmp_path / "a", iterations=1), log=lambda _: None)
    first = str(tmp_path / "a" / "net.safetensors")
    with pytest.raises(ValueError, match="8 hidden units and 1 blocks, this run's of 16 and 1: pass --hidden 8 --blocks 1"):
        Trainer(config(tmp_path / "b", init=first, hidden=16)).start_from_init()
    with pytest.raises(kumite.NetMismatchError):
        Trainer(config(tmp_path / "c", init=first, game="senjutsu")).start_from_init()
    with pytest.raises(ValueError, match="cannot read the network"):
        Trainer(config(tmp_path / "d", init=str(tmp_path / "missing.safetensors"))).start_from_init()


@pytest.mark.parametrize("buffer_rows", [200_000, 100])
def test_a_resumed_run_trains_as_an_unbroken_one_and_its_checkpoint_is_small(buffer_rows: int, tmp_path: Path) -> None:
    """A run stopped after one iteration and resumed for a second ends with the same weights as
    a run of two iterations: the checkpoint's chunks give back the same replay buffer (also when
    it keeps fewer rows than an iteration adds). The checkpoint holds no rows (a few hundred kB
    for this net)."""
    whole = learn.train(config(tmp_path / "whole", iterations=2, buffer_rows=buffer_rows), log=lambda _: None)
    learn.train(config(tmp_path / "split", iterations=1, buffer_rows=buffer_rows), log=lambda _: None)
    state = pickle.loads((tmp_path / "split" / CHECKPOINT).read_bytes())  # noqa: S301 - written just above
    assert "buffer" not in state and [c["iteration"] for c in state["buffer_chunks"]] == [0]
    assert (tmp_path / "split" / CHECKPOINT).stat().st_size < 200_000
    split = learn.train(config(tmp_path / "split", iterations=2, buffer_rows=buffer_rows), resume=True, log=lambda _: None)
    assert whole["positions"] == split["positions"] > 2 * 100  # an iteration adds more than 100 rows
    a, b = (net_tensors(tmp_path / run / "net.safetensors") for run in ("whole", "split"))
    for key in a:
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)
    kept = ["000001"] if buffer_rows == 100 else ["000000", "000001"]
    assert sorted(p.name for p in (tmp_path / "split" / "buffer").iterdir()) == kept


def test_a_schedule_changes_the_selfplay_settings_from_its_iteration_on(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """`--schedule ITER:KEY=VALUE,...`: self-play searches with the run's settings for ITER
    iterations and with the stage's after them (Fatal Fight's recipe: 128 simulations for 30
    iterations, then a 1,000-simulation teacher and half of each value target from it); the
    stage's targets reach the buffer, the recipe records the schedule, and a run stopped at the
    stage and resumed ends with the weights of an unbroken one."""
    _, seen = spy_selfplay(monkeypatch)
    schedule = "1:simulations=8,value_mix=0.5;2:gumbel=0"
    trainer = Trainer(config(tmp_path / "whole", iterations=3, schedule=schedule), log=lambda _: None)
    trainer.run()
    assert [(k["simulations"], k["gumbel"]) for k in seen] == [(4, 16), (8, 16), (8, None)]
    assert trainer.now().value_mix == 0.5 and trainer.cfg.value_mix == 0.0
    assert trainer.recipe().endswith(" value_mix=0 schedule=" + schedule)
    first, second = (chunk.rows for chunk in trainer.buffer.chunks[:2])
    assert set(np.abs(first["values"]).ravel()) <= {0.0, 1.0}  # the outcome alone: Tekken's returns
    assert set(np.abs(second["values"]).ravel()) - {0.0, 1.0}  # half of it the search's value
    learn.train(config(tmp_path / "split", iterations=1), log=lambda _: None)
    learn.train(config(tmp_path / "split", iterations=3, schedule=schedule), resume=True, log=lambda _: None)
    a, b = (net_tensors(tmp_path / run / "net.safetensors") for run in ("whole", "split"))
    for key in a:
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)


@pytest.mark.parametrize(("schedule", "error"), [
    ("30", "'30' is not ITER:KEY=VALUE"),
    ("x:simulations=8", "'x:simulations=8' is not ITER:KEY=VALUE"),
    ("30:hidden=4", "'hidden=4' is not KEY=VALUE with KEY one of simulations, gumbel"),
    ("30:simulations", "'simulations' is not KEY=VALUE"),
    ("30:simulations=0", "schedule: simulations: must be at least 1, not 0"),
    ("30:warmup_priors=yes", "warmup_priors is true or false, not 'yes'"),
    ("30:warmup_values=net", "warmup_values is one of playout, heuristic, not 'net'"),
    ("30:simulations=8,simulations=9", "stage 30 sets simulations twice"),
    ("30:value_mix=0.5;20:value_mix=0", "stage 20 follows stage 30"),
])
def test_a_bad_schedule_is_refused_naming_what_is_wrong(schedule: str, error: str, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from kumite.cli import main

    with pytest.raises(ValueError, match=re.escape(error)):
        Trainer(config(tmp_path, schedule=schedule))
    with pytest.raises(SystemExit) as exit:
        main(["train", "tekken", "--out", str(tmp_path), "--schedule", schedule])
    assert exit.value.code == 2 and error in capsys.readouterr().err


def test_a_schedule_that_makes_a_stage_no_run_takes_is_refused_before_the_run(tmp_path: Path) -> None:
    """Each stage's settings are checked as the run's are, when the run is set up: TD(λ) targets
    from iteration 5 on beside the run's value mix are refused at once, naming the stage."""
    with pytest.raises(ValueError, match=re.escape("choose one (from iteration 5 on, by the schedule)")):
        Trainer(config(tmp_path, value_mix=0.5, schedule="5:value_td=0.5"))
    assert Trainer(config(tmp_path, value_mix=0.5, schedule="5:value_td=0.5,value_mix=0")).now().value_mix == 0.5
    assert Trainer(config(tmp_path, leaf_mix=0.5, schedule="1:leaf_mix=none")).cfg.leaf_mix == 0.5


def test_a_checkpoint_with_the_buffer_inside_still_resumes(tmp_path: Path) -> None:
    """The runs saved before the chunks (their checkpoint holds the buffer's rows) resume: the
    rows become one chunk, and the next checkpoint lists it."""
    trainer = Trainer(config(tmp_path, iterations=1), log=lambda _: None)
    trainer.run()
    n = len(trainer.buffer)
    old = trainer.buffer.sample(np.arange(n))
    state = pickle.loads((tmp_path / CHECKPOINT).read_bytes())  # noqa: S301 - written just above
    del state["buffer_chunks"]
    state["buffer"] = old
    (tmp_path / CHECKPOINT).write_bytes(pickle.dumps(state))
    resumed = Trainer(config(tmp_path, iterations=2), log=lambda _: None)
    assert resumed.load_checkpoint() and resumed.iteration == 1 and len(resumed.buffer) == n
    for key in FIELDS:
        np.testing.assert_array_equal(resumed.buffer.sample(np.arange(n))[key], old[key])
    resumed.run()
    state = pickle.loads((tmp_path / CHECKPOINT).read_bytes())  # noqa: S301 - written just above
    assert [c["name"] for c in state["buffer_chunks"]] == ["000001-resumed", "000001"]
    assert state["buffer_chunks"][0]["rows"] == n and state["iteration"] == 2
    # The first run's chunk, which the old-format checkpoint did not list, is gone.
    assert sorted(p.name for p in (tmp_path / "buffer").iterdir()) == ["000001", "000001-resumed"]


def test_the_learning_curve_is_the_same_on_one_thread_and_two(tmp_path: Path) -> None:
    """The curve's games are played on `threads` (every core by default), each game with bots of
    its own seeded by the game, so a point does not depend on the thread count."""
    points = []
    for threads in (1, 2):
        cfg = config(tmp_path / str(threads), threads=threads, eval_games=4, eval_opponents=("random", "mcts:16"))
        trainer = Trainer(cfg, log=lambda _: None)
        trainer.export("net.safetensors")
        points.append(trainer.evaluate())
    assert points[0] == points[1]
    assert list(points[0]) == ["iteration", "minutes", "selfplay_games", "policy vs random", "policy vs mcts:16",
                               "az:4 gumbel:16 vs random", "az:4 gumbel:16 vs mcts:16"]


def test_a_run_resumed_with_more_simulations_draws_its_curve(tmp_path: Path) -> None:
    """`--resume` with another `--simulations` names the search's curve lines anew (`az:8` after
    `az:4`): the run goes on and its picture draws each line where its points are."""
    pytest.importorskip("matplotlib")
    first = config(tmp_path, iterations=1, eval_every=1, eval_games=2, eval_opponents=("random",))
    learn.train(first, log=lambda _: None)
    learn.train(config(tmp_path, iterations=2, eval_every=1, eval_games=2, eval_opponents=("random",), simulations=8),
                resume=True, log=lambda _: None)
    curve = json.loads((tmp_path / "curve.json").read_text())
    assert "az:4 gumbel:16 vs random" in curve[0] and "az:8 gumbel:16 vs random" in curve[-1]
    assert (tmp_path / "curve.png").stat().st_size > 0
    # scripts/curve_table.py averages each curve over the points that have it.
    table = subprocess.run([sys.executable, str(REPO / "scripts" / "curve_table.py"), str(tmp_path / "curve.json"),
                            "--from-minute", "0"], capture_output=True, text=True, check=True).stdout
    assert "az:4 gumbel:16 vs random" in table and "az:8 gumbel:16 vs random" in table and "1 points" in table, table


def test_value_fit_scores_each_shape_on_held_out_games(tmp_path: Path) -> None:
    """scripts/value_fit.py (docs/agents.md's "Value heads that fit their games"): a run's newest
    chunks held out, each shape's losses on the training rows and the held-out ones, beside the
    mean outcome's."""
    learn.train(config(tmp_path, iterations=2), log=lambda _: None)
    out = subprocess.run([sys.executable, str(REPO / "scripts" / "value_fit.py"), str(tmp_path), "tekken", "10",
                          "8:0:0.0001:1", "8:1:0:0.1"], capture_output=True, text=True, check=True).stdout
    assert "(1 chunks)" in out and "held-out value loss of the mean outcome: " in out, out
    assert len(re.findall(r"^8x0 weight decay 0.0001 value weight 1 step \d+: training policy", out, re.M)) == 10, out
    assert re.search(r"^8x1 weight decay 0 value weight 0.1 step 10: .* held out policy \d\.\d+ value \d\.\d+", out, re.M), out
    # Tekken's layout names no seat blocks and no zones counted per card: both inputs refused.
    for entities in ("8:1:0:1:4", "8:1:0:1:0:4"):
        done = subprocess.run([sys.executable, str(REPO / "scripts" / "value_fit.py"), str(tmp_path), "tekken", "1",
                               entities], capture_output=True, text=True)
        assert done.returncode == 1 and "tekken: the" in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_value_fit_tries_networks_that_share_weights_between_seats_and_cards(tmp_path: Path) -> None:
    """scripts/value_fit.py's per-entity inputs (docs/agents.md's "Networks that see seats and
    cards"): UFS's two seats through one encoder, its 29 zones counted per card as sums of one
    card table's embeddings, and a second run's games trained on beside the first's."""
    learn.train(config(tmp_path / "a", game="ufs", iterations=2, max_steps=60), log=lambda _: None)
    learn.train(config(tmp_path / "b", game="ufs", iterations=1, max_steps=60, seed=1), log=lambda _: None)
    out = subprocess.run([sys.executable, str(REPO / "scripts" / "value_fit.py"), str(tmp_path / "a"), "ufs", "2",
                          "8:1:0:1:4", "8:1:0:1:0:3", "--more", str(tmp_path / "b"), "--every", "2"],
                         capture_output=True, text=True, check=True).stdout
    assert " + " in out and "(one position in 2)" in out, out
    assert "29 zones of 30 cards embedded in 3 numbers" in out, out
    assert re.search(r"^seats encoded to 4, 8x1 .* step 2: .* held out policy \d\.\d+ value \d\.\d+", out, re.M), out
    assert re.search(r"^cards embedded in 3, 8x1 .* step 2: .* held out policy \d\.\d+ value \d\.\d+", out, re.M), out
    both = subprocess.run([sys.executable, str(REPO / "scripts" / "value_fit.py"), str(tmp_path / "a"), "ufs", "2",
                           "8:1:0:1:4:3"], capture_output=True, text=True)
    assert both.returncode == 2 and "one per-entity input at a time" in both.stderr, both.stderr


@pytest.mark.parametrize(("game", "args"), [("tekken", ["--simulations", "4"]),
                                            ("senjutsu", ["--leaf-values", "playout", "--simulations", "2"]),
                                            ("fatal_fight", ["--leaf-values", "heuristic", "--simulations", "2"])])
def test_selfplay_outcomes_counts_every_game_once(game: str, args: list[str]) -> None:
    """scripts/selfplay_outcomes.py (docs/agents.md's draw counts): decided, level and cut games
    add up to the games played, in a two-player and a cooperative game."""
    out = subprocess.run([sys.executable, str(REPO / "scripts" / "selfplay_outcomes.py"), game, "--games", "3",
                          "--max-steps", "300", *args], capture_output=True, text=True, check=True).stdout
    decided, level, cut = (int(n) for n in re.findall(r"(\d+) (?:decided|level|cut)", out))
    assert decided + level + cut == 3, out


def test_the_goal_line_counts_won_level_and_lost_games() -> None:
    """docs/agents.md's goal line (scripts/agents_docs.py) says how the games ended, so a miss says
    whether the network loses or only fails to win (Senjutsu's: "its samurai is killed")."""
    import importlib.util

    from kumite.arena import summarize

    spec = importlib.util.spec_from_file_location("agents_docs", REPO / "scripts" / "agents_docs.py")
    assert spec and spec.loader
    agents_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(agents_docs)
    returns = np.array([[1, -1], [0, 0], [-1, 1], [-1, 1], [0, 0]], np.float32)
    result = summarize(["az:200", "mcts:2000"], returns, np.full(5, 100, np.int32),
                       np.array([False, False, False, False, True]))

    class Runner:
        def match(self, *_: object, **__: object) -> Any:
            return result

    line = agents_docs.goal_line(Runner(), "senjutsu", 5)
    assert "over 5 games: 37.5% [" in line and ", 1 cut, 1 won, 1 level, 2 lost (missed:" in line, line


def test_a_stopped_strength_run_picks_up_its_finished_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`make agents-docs` takes hours: each finished game is kept, so a run stopped at the end of
    a session goes on where it stopped, with the same figures as one run start to end; a game is
    never reused once the package (code, extension, networks) changes."""
    monkeypatch.syspath_prepend(str(REPO / "scripts"))
    import agents_docs  # type: ignore[import-not-found]

    monkeypatch.setattr(agents_docs, "STORE", tmp_path)
    run = agents_docs.Runner(1, 3, seed=5)
    try:
        first = run.match("tekken", ("random", "mcts:20"))
        assert run.kept == 0 and len(list(tmp_path.glob("*.jsonl"))) == 1
        more = run.match("tekken", ("random", "mcts:20"), games=5)  # 3 kept, 2 played
        assert run.kept == 3
        np.testing.assert_array_equal(more.returns[:3], first.returns)
        np.testing.assert_array_equal(more.lengths[:3], first.lengths)
        run.package = "another build"
        fresh = run.match("tekken", ("random", "mcts:20"), games=5)
        assert run.kept == 3 and len(list(tmp_path.glob("*.jsonl"))) == 2
        np.testing.assert_array_equal(fresh.returns, more.returns)
        np.testing.assert_array_equal(fresh.lengths, more.lengths)
    finally:
        run.pool.shutdown()


def test_the_make_target_plays_fatal_fights_part_as_docs_agents_shows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """`make agents-docs GAMES=fatal_fight` regenerates docs/agents.md's Fatal Fight part as it
    stands (issue 52: every figure there regenerates with a make target): 50 campaigns a party
    size and the skill-depth curve up to 200 simulations, its header naming the make target."""
    from kumite.arena import summarize

    monkeypatch.syspath_prepend(str(REPO / "scripts"))
    import agents_docs  # type: ignore[import-not-found]

    played: list[tuple[tuple[str, ...], int]] = []
    written: dict[str, list[str]] = {}

    class Runner:
        def __init__(self, workers: int, games: int, *_: object) -> None:
            self.games, self.kept, self.pool = games, 0, type("Pool", (), {"shutdown": lambda self: None})()

        def match(self, name: str, specs: tuple[str, ...], games: int, options: dict[str, Any]) -> Any:
            played.append((specs, games))
            n = len(specs)
            return summarize(list(specs), np.ones((games, n), np.float32), np.full(games, 9, np.int32),
                             np.zeros(games, bool))

    monkeypatch.setattr(agents_docs, "Runner", Runner)
    monkeypatch.setattr(agents_docs, "depth_picture", lambda *_: "images/agents/fatal_fight-depth.png")
    monkeypatch.setattr(agents_docs, "write_part", lambda name, lines: written.__setitem__(name, lines))
    monkeypatch.setattr(sys, "argv", ["agents_docs.py", "fatal_fight"])
    assert agents_docs.main() == 0
    assert {games for _, games in played} == {50}
    budgets = {int(spec.split(":")[1]) for specs, _ in played for spec in specs}
    assert budgets == {10, 50, 200, 2000}, budgets  # the curve to 200, the table's az:200 and mcts:2000
    assert "`make agents-docs GAMES=fatal_fight` on " in written["fatal_fight"][2]
    assert "50 campaigns a party size" in written["fatal_fight"][2]
    assert "the skill-depth curve up to 200 simulations" in written["fatal_fight"][2]

"""The balance lab (`kumite balance`): every game on a tiny budget through the command line, the
JSON schema, the same answer whatever the workers (processes or Ray), variants with known
effects, and clear errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from conftest import interruptible

import kumite
from kumite import balance
from kumite.balance import plans
from kumite.cli import main

SCHEMA = json.loads((Path(balance.__file__).parent / "schema.json").read_text())
# A tiny budget per game: searches that finish a game in well under a second.
TINY = {"tekken": "mcts:4", "senjutsu": "mcts:4", "ufs": "mcts:4", "fatal_fight": "mcts:8:heuristic"}


@pytest.mark.parametrize("name", kumite.games())
def test_the_command_writes_every_output_for_every_game(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["balance", name, "--games", "2", "--bots", TINY[name], "--workers", "1", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "ETA" in captured.err and "games" in captured.err  # the progress bar
    assert captured.out.startswith(f"# Balance: {name}")
    report = json.loads((out / "balance.json").read_text())
    jsonschema.validate(report, SCHEMA)
    assert report["command"].startswith(f"kumite balance {name} --games 2")
    assert (out / "balance.md").read_text() == captured.out
    assert (out / "balance.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    kinds = [t["kind"] for t in report["tables"]]
    assert kinds == {"tekken": ["matrix"], "ufs": ["matrix"], "senjutsu": ["matrix", "seats"],
                     "fatal_fight": ["campaign", "campaign"]}[name]
    for table in report["tables"]:
        for cell in table["arms"]["default"]["cells"]:
            assert cell["games"] == 2 and cell["finished"] + cell["truncated"] == 2


def test_a_matrix_has_every_ordered_pair_and_its_seat_line() -> None:
    report = balance.run("tekken", bots=["random"], games=6, workers=1, progress=False)
    table = report["tables"][0]
    ids = [e["id"] for e in kumite.load("tekken").content()["characters"]]
    assert table["entries"] == ids
    arm = table["arms"]["default"]
    assert {(c["row"], c["col"]) for c in arm["cells"]} == {(a, b) for a in ids for b in ids}
    assert len(arm["pooled"]) == len(ids) * (len(ids) - 1)
    # Pooled a-b and b-a are the same games seen from both sides: the two rates add up to 1.
    pooled = {(p["row"], p["col"]): p for p in arm["pooled"]}
    for (a, b), p in pooled.items():
        assert p["games"] == pooled[(b, a)]["games"] == 12
        assert p["score"] + pooled[(b, a)]["score"] == pytest.approx(12)
    assert arm["seat"]["seat0"]["games"] == 6 * len(ids) ** 2


def test_ufs_reports_the_first_player() -> None:
    report = balance.run("ufs", bots=["random"], games=4, workers=1, progress=False)
    arm = report["tables"][0]["arms"]["default"]
    assert arm["first_player"]["games"] == sum(c["finished"] for c in arm["cells"])
    assert all("first_player" in c for c in arm["cells"])


def test_senjutsus_seat_table_plays_the_games_own_mirrors() -> None:
    """One source of seatings: the lab's Senjutsu seat cells are the game's own mirrors of its
    first samurai (`Game.seatings`, what `kumite seats` measures), options and sides alike."""
    game = kumite.load("senjutsu")
    cells = [c for c in plans.plan(game, 2).cells if c.table == "seats"]
    first = game.content()["samurai"][0]["id"]
    mirrors = [s for s in game.seatings() if s["mirror"] and s["options"]["samurai"][0] == first]
    assert [c.options for c in cells] == [s["options"] for s in mirrors]
    assert [c.players for c in cells] == [2, 3, 4, 4]
    assert cells[-1].sides == (0, 1, 0, 1) and cells[1].sides == (0, 1, 2)
    assert all(not s["mirror"] or s["edge"] is None or s["edge"]["rule"] for s in game.seatings())


def _figures(report: dict[str, Any]) -> list[Any]:
    return report["tables"]


def test_the_same_seed_gives_the_same_answer_whatever_the_workers() -> None:
    one = balance.run("senjutsu", bots=["mcts:3"], games=3, workers=1, seed=5, progress=False)
    two = balance.run("senjutsu", bots=["mcts:3"], games=3, workers=2, seed=5, progress=False)
    assert _figures(one) == _figures(two)
    other = balance.run("senjutsu", bots=["mcts:3"], games=3, workers=1, seed=6, progress=False)
    assert _figures(other) != _figures(one)


def test_ray_plays_the_same_games_as_local_workers() -> None:
    ray = pytest.importorskip("ray")
    local = balance.run("tekken", bots=["mcts:3", "random"], games=2, workers=2, seed=3, progress=False)
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = balance.run("tekken", bots=["mcts:3", "random"], games=2, address="auto", seed=3, progress=False)
    finally:
        if started:
            ray.shutdown()
    assert remote["workers"] == "ray"
    assert _figures(remote) == _figures(local)


def test_a_variant_without_effect_differs_by_exactly_nothing() -> None:
    # Friendly fire (SJX-9) needs allies: in a 2-player game and a free-for-all it changes
    # nothing, and the variant plays the same seeds, so those differences are exactly 0.
    report = balance.run("senjutsu", bots=["random"], games=20, workers=1, progress=False,
                         variant={"friendly_fire": True})
    jsonschema.validate(report, SCHEMA)
    matrix, seats = report["tables"]
    assert matrix["arms"]["variant"] == matrix["arms"]["default"]
    # Random Senjutsu games are mostly common falls: the decided view leaves the draws out.
    pooled = matrix["arms"]["default"]["pooled"]
    assert sum(p["draws"] for p in pooled) > 0
    for p in pooled:
        assert p["decided"]["games"] + p["draws"] == p["games"]
        assert p["decided"]["score"] + p["draws"] / 2 == pytest.approx(p["score"])
    for d in matrix["difference"]["pooled"] + matrix["difference"]["cells"]:
        assert d["diff"] == 0.0 and d["low"] < 0.0 < d["high"]
    for cell in seats["difference"]["cells"]:
        if "teams" not in cell["seating"]:
            assert all(d["diff"] == 0.0 for d in cell["seats"])


def test_a_variant_with_a_known_effect_shows_it() -> None:
    # Starting the campaign at stage 4 (FFX-16): every campaign reaches stage 4, while uniformly
    # random teams rarely clear stage 2, so the mean stage reached rises to 4 exactly. (Since the
    # enemy pile no longer refills mid-stage, FF-15.3, and cards have text effects, FFX-17, a random
    # team of four clears stage 1 about nine times in ten and stage 2 one time in twenty: over 400
    # campaigns the default's mean stages are 1.0, 1.15, 1.49 and 1.87 for teams of one to four, so
    # 20 campaigns of four can average 2.0; the difference's interval lies above 1.5.)
    report = balance.run("fatal_fight", bots=["random"], games=20, workers=1, progress=False,
                         variant={"start_stage": 4})
    jsonschema.validate(report, SCHEMA)
    for table in report["tables"]:
        default, variant = table["arms"]["default"]["cells"], table["arms"]["variant"]["cells"]
        assert all(1.0 <= c["mean_stage"] < 2.5 for c in default)
        assert all(c["mean_stage"] == 4.0 for c in variant)
        for d, c in zip(table["difference"]["cells"], default):
            assert d["mean_stage"]["diff"] == pytest.approx(4.0 - c["mean_stage"])
            assert d["mean_stage"]["low"] > 1.5
    md = balance.report.markdown(report)
    assert "Variant `start_stage=4`" in md and "### Difference" in md


def test_a_variant_shows_in_the_picture_and_the_tables(tmp_path: Path) -> None:
    report = balance.run("tekken", bots=["random"], games=4, workers=1, progress=False, variant={"hp": 7})
    paths = balance.write(report, tmp_path)
    assert [p.name for p in paths] == ["balance.md", "balance.json", "balance.png"]
    jsonschema.validate(json.loads(paths[1].read_text()), SCHEMA)
    # Shorter rounds (7 HP instead of 20): shorter games, a known effect.
    default = report["tables"][0]["arms"]["default"]["cells"]
    variant = report["tables"][0]["arms"]["variant"]["cells"]
    assert sum(c["mean_length"] for c in variant) < sum(c["mean_length"] for c in default)


def test_the_picture_draws_a_difference_without_an_interval(tmp_path: Path) -> None:
    """A campaign cell that one arm never finished (every campaign cut at the bound, as the
    variant's solo row of the docs run) has a difference with no interval; the picture draws it
    empty instead of failing after the run."""
    report = balance.run("fatal_fight", bots=["random"], games=1, workers=1, progress=False,
                         variant={"start_gold": 0}, max_steps=30)
    cells = [c for table in report["tables"] for c in table["difference"]["cells"]]
    assert any(c["team"]["low"] is None for c in cells), "campaigns cut at 30 actions finish nothing"
    paths = balance.write(report, tmp_path)
    assert paths[-1].name == "balance.png" and paths[-1].stat().st_size > 0


@pytest.mark.parametrize(
    "argv, message",
    [
        (["balance", "tekken", "-o", 'characters=["rook","vessa"]'], "'characters' cannot be set: the 'characters' table"),
        (["balance", "tekken", "--variant", "hp=3"], "hp"),
        (["balance", "tekken", "--variant", "no_such_option=1"], "no_such_option"),
        (["balance", "tekken", "--bots", "mcts:lots"], "bot spec 'mcts:lots': N (the iterations) must be a whole number"),
        (["balance", "fatal_fight", "--variant", "players=3"], "'players' cannot be set"),
    ],
)
def test_bad_input_is_a_clear_error_before_any_game(argv: list[str], message: str, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as e:
        main(argv + ["--out", str(tmp_path), "-q"])
    assert message in str(e.value)
    assert not (tmp_path / "balance.json").exists()


def test_games_must_be_positive() -> None:
    with pytest.raises(SystemExit):
        main(["balance", "tekken", "--games", "0"])
    with pytest.raises(ValueError, match="games must be at least 1"):
        balance.run("tekken", games=0)


def test_a_game_cut_at_the_bound_is_counted_apart() -> None:
    report = balance.run("tekken", bots=["random"], games=2, workers=1, progress=False, max_steps=5)
    cells = report["tables"][0]["arms"]["default"]["cells"]
    assert all(c["truncated"] == 2 and c["finished"] == 0 and c["seat0"]["rate"] is None for c in cells)
    assert "no finished game" in balance.report.markdown(report)


def test_a_bot_of_your_own_plays_in_the_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Worker processes are spawned with this process's import path, so `module:attr` bots work.
    (tmp_path / "first_legal_bot.py").write_text(
        "class First:\n"
        "    def __init__(self, game, seed):\n"
        "        pass\n"
        "    def choose(self, state):\n"
        "        return state.legal_actions()[0]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    one = balance.run("ufs", bots=["first_legal_bot:First", "random"], games=2, workers=1, progress=False)
    two = balance.run("ufs", bots=["first_legal_bot:First", "random"], games=2, workers=2, progress=False)
    assert _figures(one) == _figures(two)
    assert one["bots"] == ["first_legal_bot:First", "random"]


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:  # it ended since it was listed
        return b""


def test_a_workers_error_reaches_the_caller_and_the_workers_stop() -> None:
    # A piece that cannot load its game fails in its worker process: the caller gets that error,
    # with its type, and no worker is left running.
    from kumite.balance.play import Piece, run_pieces

    good = Piece("tekken", {}, None, ("random", "random"), 0, "good", 0, 2, 1000, None)
    bad = Piece("tekken", {"no_such_option": 1}, None, ("random", "random"), 0, "bad", 0, 2, 1000, None)
    with pytest.raises(kumite.InvalidOptionError, match="no_such_option"):
        run_pieces([good, good, bad, good], 2, None, lambda i, o: None)
    assert not [c for c in _children(os.getpid()) if b"spawn_main" in _cmdline(c)]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_stopping_the_command_stops_its_workers(signum: int, tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "kumite.cli", "balance", "tekken", "--bots", "mcts:50", "--games", "50",
         "--workers", "2", "--out", str(tmp_path)],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, preexec_fn=interruptible,
    )
    assert proc.stderr is not None
    assert "games" in proc.stderr.readline()  # the progress bar: the workers are starting
    deadline = time.monotonic() + 60
    while len(_children(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = _children(proc.pid)
    assert workers
    proc.send_signal(signum)
    assert proc.wait(timeout=60) == 130
    assert "interrupted" in proc.stderr.read()
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)
    assert not (tmp_path / "balance.json").exists()

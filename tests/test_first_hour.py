"""What a newcomer types in the first hour, each a mistake or a habit that once broke: every
command ends with one ``error:`` line (never a traceback) and a usage error's status, nothing a
command refuses is overwritten, and the small inconsistencies a first read finds are gone."""

from __future__ import annotations

import io
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import kumite
from kumite import seats
from kumite._extras import install_hint
from kumite.progress import Progress, reporter
from kumite.results import SeatRow

KUMITE = str(Path(sys.executable).parent / "kumite")  # the console script, as a user runs it


def cli(*args: str, cwd: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([KUMITE, *args], capture_output=True, text=True, cwd=cwd, timeout=timeout)


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert lines and (lines[-1].startswith("error:") or "error:" in lines[-1]), done.stderr
    return done.stderr


@pytest.mark.parametrize("command", [["arena", "tekken", "--bots", "random", "random"], ["play", "tekken"],
                                     ["seats", "tekken"], ["balance", "tekken"], ["ladder", "tekken", "--bots", "random", "mcts:2"]])
def test_a_negative_seed_is_a_usage_error(command: list[str]) -> None:
    done = cli(*command, "--seed", "-1")
    assert done.returncode == 2
    assert "a seed is a whole number in 0 .. 2**64 - 1, not -1" in one_error_line(done)


def test_balance_on_a_ray_cluster_that_is_not_there_says_so_in_one_line(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    done = cli("balance", "tekken", "--address", "auto", "--games", "1", "--out", str(tmp_path / "out"), timeout=300)
    assert done.returncode == 1
    assert "no Ray cluster to join at address 'auto'" in one_error_line(done)
    assert not (tmp_path / "out").exists()


@pytest.fixture
def record(tmp_path: Path) -> Path:
    state = kumite.load("tekken").new_state(seed=1)
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(state.to_record())
    return path


def test_replay_into_a_folder_that_does_not_exist_is_one_line(record: Path, tmp_path: Path) -> None:
    done = cli("replay", str(record), "--html", str(tmp_path / "nowhere" / "x.html"))
    assert done.returncode == 1
    assert "cannot write" in one_error_line(done) and "No such file or directory" in done.stderr


def test_a_bad_viewpoint_leaves_the_output_file_alone(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "mine.html"
    out.write_text("my page")
    done = cli("replay", str(record), "--html", str(out), "--viewpoint", "5")
    assert done.returncode == 1
    assert "--viewpoint: viewpoint '5' is not one of all, 0, 1" in one_error_line(done)
    assert out.read_text() == "my page"


def test_output_into_a_closed_pipe_ends_quietly() -> None:
    done = subprocess.run(f"'{KUMITE}' content ufs | head -1; '{KUMITE}' content ufs --json | head -c 10",
                          shell=True, capture_output=True, text=True, timeout=120)
    assert done.stderr == ""
    assert done.stdout.startswith("characters") or done.stdout.splitlines()[0]


def test_seats_named_with_seat_leave_seat_0_to_a_bot(tmp_path: Path) -> None:
    """The README's own line: `--seat 3=human --seat 2=mcts:200` seats one human, in seat 3;
    the seats not named get random bots, seat 0 too."""
    done = subprocess.run([KUMITE, "play", "senjutsu", "-o", "players=4", "--seat", "3=human", "--seat", "2=mcts:5"],
                          input="q\n", capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.stdout.splitlines()[0] == "senjutsu: P0 random, P1 random, P2 mcts:5, P3 human"


BOTS = "class First:\n    def choose(self, state):\n        return state.legal_actions()[0]\n\nfirst = First()\n"


def test_arena_imports_bots_from_the_current_folder_and_labels_them_by_spec(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(BOTS)
    done = cli("arena", "tekken", "--bots", "mybots:first", "random", "--games", "2", "-o", "rounds_to_win=1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "mybots:first" in done.stdout and "object at 0x" not in done.stdout


def test_an_extra_hint_names_what_installs_from_here() -> None:
    hint = install_hint("balance")
    assert sys.executable in hint and "-m pip install" in hint and "matplotlib" in hint
    assert "kumite[" not in hint  # a checkout's kumite is on no index


def test_seats_verdict_corrects_for_the_number_of_intervals() -> None:
    """Ten fair mirror cells at 95 % miss by chance about 40 % of the time; the verdict uses the
    Bonferroni-corrected level, so a cell just outside its 95 % interval is not called unfair,
    while a seat far from its share still is."""
    def row(share: float) -> SeatRow:
        return {"seating": "m", "mirror": True, "edge": None, "play": "random", "players": 2, "games": 2000,
                "draws": 0, "truncated": 0, "sides": [0, 1], "shares": [share, 1 - share], "low": [0.0, 0.0],
                "high": [1.0, 1.0], "expected": [0.5, 0.5], "failures": []}
    rows = [row(0.5)] * 9 + [row(0.525)]  # seat 0: 1,050 of 2,000, outside its 95 % interval
    assert not kumite.arena.wilson(0.525 * 2000, 2000)[0] <= 0.5
    assert seats.failures(rows) == []
    assert seats.corrected_z(20) > 3.0
    unfair_rows = [row(0.5)] * 9 + [row(0.56)]
    unfair = seats.failures(unfair_rows)
    assert len(unfair) == 2 and unfair[0].startswith("seat 0 wins 0.560")
    assert seats.verdicts(unfair_rows)[-1] == unfair and "**unfair**" in seats.markdown(unfair_rows)


def test_mcts_iterations_and_players_say_their_ranges_alike() -> None:
    game = kumite.load("tekken")
    for bad in (0, -5, 2**32):
        with pytest.raises(ValueError, match=rf"iterations must be in 1 \.\. 2\*\*32 - 1, not {bad}"):
            kumite.MCTS(game, iterations=bad)
    with pytest.raises(kumite.InvalidPlayerError, match=r"this game's players are 0 to 1\)"):
        game.new_state(seed=0).observation(2)


def test_ansi_rendering_gives_no_warning() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    import kumite.envs  # noqa: F401  (registers the ids)

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make("kumite/Tekken-v0", render_mode="ansi")
        env.reset(seed=0)
        assert isinstance(env.render(), str)


def test_progress_has_an_eta_and_no_carriage_returns_in_a_log() -> None:
    log = io.StringIO()
    bar = Progress(20, stream=log)
    for _ in range(20):
        bar.advance(1)
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and len(lines) == 11  # the start and each tenth
    assert "ETA" in lines[1] and lines[-1].startswith("[" + "#" * 30 + "] 20/20 games")
    assert reporter(False, 3) is None and reporter(None, 3) is None  # stderr is not a terminal here


def test_play_match_reports_progress_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    kumite.play_match(kumite.load("tekken", rounds_to_win=1), ["random", "random"], n_games=4, progress=True)
    err = capsys.readouterr().err
    assert "4/4 games" in err and "ETA" in err

"""Hostile input at the entry points around the games: search and environment parameters, Python
evaluators, booleans as actions, requests to `kumite serve`, and names that end up inside a
replay page. Each test is a case that once hung, aborted or crashed (the trust issue's list)."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import kumite
from kumite.viewer import page_html
from kumite.viewer.server import make_server

GAME_NAMES = kumite.games()


def test_a_bool_is_not_an_action_a_player_or_a_seed() -> None:
    game = kumite.load("tekken")
    state = game.new_state(seed=1)
    before = state.clone()
    for call in (state.apply, state.action_to_string, state.observation, lambda b: game.new_state(seed=b)):
        with pytest.raises(TypeError, match="not bool"):
            call(True)
    assert state == before


def test_a_time_limit_past_the_clock_is_refused_or_harmless() -> None:
    game = kumite.load("tekken")
    with pytest.raises(ValueError, match="time_limit"):
        kumite.MCTS(game, time_limit=1e20)
    for t in (float("inf"), float("nan"), 0.0, -1.0):
        with pytest.raises(ValueError, match="time_limit"):
            kumite.MCTS(game, time_limit=t)
    # The largest accepted limit is no limit: the iteration budget ends the search.
    bot = kumite.MCTS(game, iterations=50, time_limit=1.8e19, seed=1)
    assert bot.search(game.new_state(seed=1)).iterations == 50


class Evaluator:
    def __init__(self, game: kumite.Game, bad: str, batch_size: int = 4) -> None:
        self.game, self.bad, self.batch_size = game, bad, batch_size

    def __call__(self, obs: np.ndarray, players: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n = len(players)
        priors = np.ones((n, self.game.num_actions), np.float32)
        values = np.zeros((n, self.game.num_players), np.float32)
        if self.bad == "nan values":
            values[:] = np.nan
        elif self.bad == "inf priors":
            priors[:] = np.inf
        return priors, values

    def __repr__(self) -> str:
        return f"Evaluator({self.bad!r})"


@pytest.mark.parametrize("bad", ["nan values", "inf priors"])
@pytest.mark.parametrize("threads", [1, 2])
def test_an_evaluator_with_non_finite_numbers_is_named(bad: str, threads: int) -> None:
    game = kumite.load("tekken")
    bot = kumite.MCTS(game, iterations=64, threads=threads, evaluator=Evaluator(game, bad), seed=1)
    with pytest.raises(ValueError, match=rf"evaluator Evaluator\('{bad}'\) returned (priors|values)\[0, 0\] = (NaN|inf)"):
        bot.choose(game.new_state(seed=1))


def test_a_huge_evaluator_batch_is_clamped_or_refused() -> None:
    game = kumite.load("tekken")
    # A batch never holds more leaves than the iterations, so this is an ordinary search ...
    bot = kumite.MCTS(game, iterations=32, evaluator=Evaluator(game, "", batch_size=2**40), seed=1)
    assert bot.search(game.new_state(seed=1)).iterations == 32
    # ... and one whose iterations would make it huge is refused with the size asked for.
    with pytest.raises(MemoryError, match="batches of 1099511627776 leaves"):
        kumite.MCTS(game, iterations=2**32 - 1, evaluator=Evaluator(game, "", batch_size=2**40))


def test_a_vec_env_larger_than_memory_is_refused() -> None:
    with pytest.raises(MemoryError, match="a VecEnv of 16777216 ufs environments needs about"):
        kumite.VecEnv(kumite.load("ufs"), 1 << 24)


UNDER_A_LIMIT = """
import resource, sys
import kumite
game = kumite.load("tekken")
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # `ulimit -v`, as a container may set
for make in (lambda: kumite.VecEnv(game, 4_000_000, threads=1), lambda: kumite.rollout(game, 200_000_000, threads=1)):
    try:
        make()
    except MemoryError as e:
        print("MemoryError:", e)
"""


@pytest.mark.parametrize(
    ("entries", "refusal"),
    [
        # The repro: about 3 MB, refused by the file's size before it is parsed.
        (70_000, r"\d+ bytes; a content file holds at most 1048576 bytes"),
        # Under 1 MiB, refused by the list's length before any check works through it.
        (2_000, "2000 entries; a list holds at most 1024"),
    ],
)
def test_a_content_list_of_70000_entries_is_refused_at_once(tmp_path: Path, entries: int, refusal: str) -> None:
    """A character whose first card has 70,000 extensions took minutes to refuse; a list past
    the content files' capacity is refused as it is read, with the capacity named."""
    import shutil
    import time

    import kumite.content_examples

    folder = tmp_path / "big"
    shutil.copytree(kumite.content_examples.path("tekken"), folder)
    mira = folder / "characters" / "mira.toml"
    one = 'extensions = [{ height = "high", symbols = ["strike 1"] }]'
    text = mira.read_text()
    assert one in text
    mira.write_text(text.replace(one, "extensions = [" + ", ".join(['{ height = "high", symbols = ["strike 1"] }'] * entries) + "]", 1))
    start = time.monotonic()
    with pytest.raises(kumite.CardDataError, match=refusal):
        kumite.load("tekken", content_dir=str(folder), characters=["mira", "rook"])
    assert time.monotonic() - start < 10


def test_a_content_file_past_one_mebibyte_is_refused_before_parsing(tmp_path: Path) -> None:
    """Parsing is where a huge file costs time (a 17 MB character file took 0.9 s to refuse by
    its list length); a file past the capacity is refused by its size alone."""
    import time

    (tmp_path / "characters").mkdir()
    (tmp_path / "characters" / "big.toml").write_text("# padding\n" * 200_000)
    start = time.monotonic()
    with pytest.raises(kumite.CardDataError, match="2000000 bytes; a content file holds at most 1048576 bytes"):
        kumite.load("tekken", content_dir=str(tmp_path))
    assert time.monotonic() - start < 1


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_content_dir_that_is_not_a_folder_is_refused(tmp_path: Path, name: str) -> None:
    """Every game reads `content_dir` through one helper: a file or a missing path is an option
    error naming `content_dir`, never an empty folder silently played."""
    (tmp_path / "file.toml").write_text("")
    for path in (tmp_path / "file.toml", tmp_path / "missing"):
        with pytest.raises(kumite.InvalidOptionError, match="content_dir.*not a directory"):
            kumite.load(name, content_dir=str(path))


# A card renamed to a name already in use where the two can meet in one list of legal actions:
# (game, file in the example folder, the name replaced, the name it takes, the entry it repeats).
SAME_NAME = [
    ("ufs", "cards/kara_voss.toml", "Squall Kick", "Brace", "brace"),
    ("tekken", "characters/mira.toml", "Step In", "Snap Jab", "mira.snap_jab"),
    ("senjutsu", "cards/river_monk.toml", "Monk's Palm", "Straight Cut", "straight_cut"),
]


@pytest.mark.parametrize(("name", "file", "old", "new", "first"), SAME_NAME)
def test_two_cards_with_one_name_are_refused_naming_both(tmp_path: Path, name: str, file: str, old: str, new: str, first: str) -> None:
    """A second card named "Brace" loaded, and two legal actions read "discard Brace": action
    text is how humans, logs and `apply("…")` name actions, so the loader refuses the name."""
    import shutil

    import kumite.content_examples

    folder = tmp_path / name
    shutil.copytree(kumite.content_examples.path(name), folder)
    path = folder / file
    text = path.read_text()
    assert f'name = "{old}"' in text
    path.write_text(text.replace(f'name = "{old}"', f'name = "{new}"', 1))
    with pytest.raises(kumite.CardDataError, match=f'"{new}" is already the name of "{first}"'):
        kumite.load(name, content_dir=str(folder))


def test_two_fatal_fight_cards_with_one_name_are_refused(tmp_path: Path) -> None:
    """Fatal Fight's cards all meet in the shop: two cards named "Jab" would make two "buy Jab"."""
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "mine.toml").write_text('[[card]]\nid = "my_jab"\nname = "Jab"\nkind = "starter"\nguard = 1\n')
    with pytest.raises(kumite.CardDataError, match='"Jab" is already the name of "jab"'):
        kumite.load("fatal_fight", content_dir=str(tmp_path))


def test_an_address_space_limit_gives_memory_error_not_an_abort() -> None:
    """Under `ulimit -v` the machine's free memory is not what the process may use: a VecEnv or
    a rollout past the limit is a MemoryError naming its size, never an abort (SIGABRT)."""
    done = subprocess.run([sys.executable, "-c", UNDER_A_LIMIT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert len(lines) == 2, done.stdout
    assert lines[0].startswith("MemoryError: a VecEnv of 4000000 tekken environments needs about")
    assert lines[1].startswith("MemoryError: storing the results of 200000000 games needs about")


def test_a_vec_env_refuses_a_second_thread_instead_of_deadlocking() -> None:
    env = kumite.VecEnv(kumite.load("ufs"), 4096, seed=1, threads=1)
    env.reset()
    errors: list[str] = []
    stepped = [0]

    def run() -> None:
        for _ in range(40):
            try:
                env.step(env.sample_actions())
                stepped[0] += 1
            except RuntimeError as e:
                errors.append(str(e))

    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "the interpreter deadlocked"
    assert stepped[0] > 0
    assert all("another thread" in e for e in errors)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_reused_trees_report_only_legal_actions(name: str) -> None:
    game = kumite.load(name)
    bot = kumite.MCTS(game, iterations=200, reuse_tree=True, threads=1, seed=3)
    state = game.new_state(seed=5)
    for _ in range(40):
        if state.is_terminal():
            break
        legal = set(state.legal_actions())
        result = bot.search(state)
        assert set(result.actions) <= legal and result.best in legal
        policy = bot.policy(state)
        assert set(np.flatnonzero(policy)) <= legal
        state.apply(result.best)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_one_iteration_policy_is_a_distribution(name: str) -> None:
    game = kumite.load(name)
    state = game.new_state(seed=2)
    policy = kumite.MCTS(game, iterations=1, seed=0).policy(state)
    assert policy.sum() == pytest.approx(1.0)
    assert set(np.flatnonzero(policy)) <= set(state.legal_actions())


def test_embedded_json_cannot_open_a_comment_or_close_the_script() -> None:
    hostile = {"content": "<!--<script>", "dir": "</script><b>x</b>", "lone": "\ud800"}
    page = page_html("t", "<main></main>", hostile, [])
    data = page.split('id="kumite-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data
    assert json.loads(data) == hostile


# ---------------------------------------------------------------------------------------------
# kumite serve


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    srv = make_server(port=0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield srv.server_address[1]
    finally:
        srv.shutdown()
        srv.server_close()


def request(port: int, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """A raw request (urllib would fix the headers this test breaks on purpose)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    sent = {"Host": f"127.0.0.1:{port}", "Content-Length": str(len(body)), **(headers or {})}
    for k, v in sent.items():
        conn.putheader(k, v)
    conn.endheaders()
    conn.send(body)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    try:
        return response.status, json.loads(data)
    except ValueError:
        return response.status, data


def new_game(port: int, **body: Any) -> tuple[int, Any]:
    return request(port, "POST", "/api/new", json.dumps({"game": "tekken", "seats": ["human", "random"], **body}).encode())


def test_bad_client_input_is_a_4xx(port: int) -> None:
    assert new_game(port, seed=2**64)[0] == 400
    assert new_game(port, seed=2**64 - 1)[0] == 200
    assert new_game(port, seed=True)[0] == 400
    status, body = new_game(port, seats=["human", "mcts:²"])
    assert status == 400 and "bot spec 'mcts:²': N (the iterations) must be a whole number" in body["error"]
    status, body = new_game(port, seats=["human", "mcts:4000000000"])
    assert status == 400 and "at most 200000 iterations" in body["error"]
    lone = b'{"game": "tekken\\ud800", "seats": ["human", "random"]}'
    status, body = request(port, "POST", "/api/new", lone)
    assert status == 400 and "surrogate" in body["error"]
    nested = b"[" * 100_000 + b"]" * 100_000
    for path in ("/api/new", "/replay"):
        assert request(port, "POST", path, nested)[0] == 400
    for length in ("abc", "-5", "1e3", "+5"):
        status, body = request(port, "POST", "/api/new", b"{}", {"Content-Length": length})
        assert status == 400 and "Content-Length" in body["error"]


def test_only_loopback_hosts_and_same_origin_writes(port: int) -> None:
    here = f"http://127.0.0.1:{port}"
    assert request(port, "GET", "/")[0] == 200
    assert request(port, "GET", "/", headers={"Host": f"localhost:{port}"})[0] == 200
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", ""):
        status, body = request(port, "GET", "/", headers={"Host": host})
        assert status == 403 and "Host" in body["error"]
    game = json.dumps({"game": "tekken", "seats": ["human", "random"]}).encode()
    assert request(port, "POST", "/api/new", game, {"Origin": here})[0] == 200
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"},
                    {"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"}):
        status, body = request(port, "POST", "/api/new", game, headers)
        assert status == 403 and "refused" in body["error"]

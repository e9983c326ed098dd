"""The C ABI (`rust/kumite-ffi`, `include/kumite.h`): through cffi it plays every game exactly as
the pyo3 API does (same seeds and actions, same JSON, values, texts and MCTS choices); bad input
is an error code with a message, never a crash; and C and C++ programs built against the header
(the example, a hostile-input program, a C++ RAII smoke test, a static link) run cleanly, under
valgrind too."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kumite_cffi import HEADER, REPO, CLib, CState, KumiteFFIError, library_dir
from mdblocks import all_blocks

import kumite

C_TESTS = REPO / "rust" / "kumite-ffi" / "tests" / "c"
VALGRIND = [
    "valgrind",
    "--quiet",
    "--leak-check=full",
    "--show-leak-kinds=definite,indirect",
    "--errors-for-leak-kinds=definite,indirect",
    "--error-exitcode=99",
    f"--suppressions={REPO / 'rust' / 'kumite-ffi' / 'tests' / 'valgrind.supp'}",
]


@pytest.fixture(scope="module")
def libdir() -> Path:
    return library_dir()


@pytest.fixture(scope="module")
def c(libdir: Path) -> CLib:
    return CLib()


def tool(name: str) -> str:
    """The path of a build or check tool; CI must have it (the suite would otherwise pass while
    checking nothing), a developer without it gets a skip."""
    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is not installed")
        pytest.skip(f"{name} is not installed")
    return path


def run(cmd: list[str], timeout: float = 300) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{cmd} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


# --- the header and the library agree ---------------------------------------------------------


def test_header_functions_are_all_exported(c: CLib) -> None:
    names = set(_declared_functions())
    assert {"kumite_version", "kumite_last_error", "kumite_game_new", "kumite_mcts_choose"} <= names
    for name in names:
        assert callable(getattr(c.lib, name)), name


def _declared_functions() -> Iterator[str]:
    for line in HEADER.read_text().splitlines():
        if not line.startswith(("//", "#", " ", "}", "typedef")) and "(" in line:
            yield line.split("(")[0].split()[-1].lstrip("*")


def test_versions(c: CLib) -> None:
    version = c.ffi.string(c.lib.kumite_version()).decode()
    assert version == kumite.__version__
    assert c.defines["KUMITE_VERSION"] == f'"{version}"'
    major, minor, patch = version.split(".")
    assert (c.defines["KUMITE_VERSION_MAJOR"], c.defines["KUMITE_VERSION_MINOR"], c.defines["KUMITE_VERSION_PATCH"]) == (
        major,
        minor,
        patch,
    )
    assert c.lib.kumite_abi_version() == int(c.defines["KUMITE_ABI_VERSION"])


def test_error_codes_are_distinct_and_negative(c: CLib) -> None:
    codes = {name: getattr(c.lib, name) for name in dir(c.lib) if name.startswith("KUMITE_ERR_")}
    assert {"KUMITE_ERR_NULL", "KUMITE_ERR_ILLEGAL_ACTION", "KUMITE_ERR_JSON", "KUMITE_ERR_PANIC"} <= set(codes)
    assert c.lib.KUMITE_OK == 0
    assert len(set(codes.values())) == len(codes)
    assert all(v < -1 for v in codes.values()), "-1 is KUMITE_TERMINAL, never an error"
    for code in codes.values():
        assert c.ffi.string(c.lib.kumite_status_string(code)).decode() != "unknown status"


def test_games_are_the_same_list(c: CLib) -> None:
    n = c.lib.kumite_games_count()
    assert [c.ffi.string(c.lib.kumite_games_name(i)).decode() for i in range(n)] == kumite.games()
    assert c.lib.kumite_games_name(n) == c.ffi.NULL


# --- the C ABI plays exactly like the pyo3 API ----------------------------------------------


def assert_same(cs: CState, ps: kumite.State, game: kumite.Game) -> None:
    assert cs.to_json() == ps.to_json()
    assert cs.current_player() == ps.current_player
    legal = ps.legal_actions()
    assert cs.legal_actions() == legal
    assert cs.legal_action_mask() == ps.legal_action_mask().tolist()
    assert cs.returns() == ps.returns().tolist()
    assert [cs.action_to_string(a) for a in legal] == [ps.action_to_string(a) for a in legal]
    for player in range(game.num_players):
        np.testing.assert_array_equal(np.array(cs.observation(player), np.float32), ps.observation(player).ravel())


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_same_seeds_and_actions_give_the_same_states(c: CLib, game_name: str, seed: int) -> None:
    game = kumite.load(game_name)
    cgame = c.game(game_name, json.dumps(game.options))
    assert (cgame.num_players, cgame.num_actions) == (game.num_players, game.num_actions)
    assert cgame.observation_size == int(np.prod(game.observation_shape))
    assert cgame.max_game_length == game.max_game_length
    assert cgame.length_bounded_by_rules == game.length_bounded_by_rules
    rng = random.Random(seed)
    ps, cs = game.new_state(seed=seed), cgame.new_state(seed)
    for _ in range(game.max_game_length):
        assert_same(cs, ps, game)
        if ps.is_terminal():
            break
        action = rng.choice(ps.legal_actions())
        ps.apply(action)
        cs.apply(action)
    assert ps.is_terminal()
    assert_same(cs, ps, game)


def test_json_states_cross_between_the_apis(c: CLib, game_name: str) -> None:
    game = kumite.load(game_name)
    cgame = c.game(game_name)
    rng = random.Random(5)
    cs = cgame.new_state(5)
    for step in range(60):
        if step % 20 == 0:
            ps = game.state_from_json(cs.to_json())
            back = cgame.state_from_json(ps.to_json())
            assert back.to_json() == cs.to_json()
        legal = cs.legal_actions()
        if not legal:
            break
        cs.apply(rng.choice(legal))


def test_mcts_choose_matches_python_mcts(c: CLib, game_name: str) -> None:
    game = kumite.load(game_name)
    cgame = c.game(game_name)
    rng = random.Random(3)
    ps, cs = game.new_state(seed=3), cgame.new_state(3)
    for step in range(0, 40):
        if ps.is_terminal():
            break
        if step % 8 == 0:
            bot = kumite.MCTS(game, iterations=100, seed=step, threads=1)
            assert cs.mcts_choose(100, step) == bot.choose(ps)
        action = rng.choice(ps.legal_actions())
        ps.apply(action)
        cs.apply(action)


def test_clone_is_independent(c: CLib) -> None:
    s = c.game("tekken").new_state(1)
    copy = s.clone()
    s.apply(s.legal_actions()[0])
    assert copy.to_json() != s.to_json()
    assert copy.to_json() == kumite.load("tekken").new_state(seed=1).to_json()


# --- bad input: error codes and messages, never a crash --------------------------------------


def test_null_handles_and_bad_arguments(c: CLib) -> None:
    lib, NULL = c.lib, c.ffi.NULL
    assert lib.kumite_game_new(NULL, NULL) == NULL
    assert lib.kumite_last_error_code() == lib.KUMITE_ERR_NULL and "name is NULL" in (c.last_error() or "")
    for call in [
        lambda: lib.kumite_game_num_players(NULL),
        lambda: lib.kumite_game_num_actions(NULL),
        lambda: lib.kumite_game_observation_size(NULL),
        lambda: lib.kumite_game_max_game_length(NULL),
        lambda: lib.kumite_game_length_bounded_by_rules(NULL),
        lambda: lib.kumite_state_current_player(NULL),
        lambda: lib.kumite_state_is_terminal(NULL),
        lambda: lib.kumite_state_legal_actions(NULL, NULL, 0),
        lambda: lib.kumite_state_legal_action_mask(NULL, NULL, 0),
        lambda: lib.kumite_state_apply(NULL, 0),
        lambda: lib.kumite_state_returns(NULL, NULL, 0),
        lambda: lib.kumite_state_observation(NULL, 0, NULL, 0),
        lambda: lib.kumite_state_parse_action(NULL, b"x"),
        lambda: lib.kumite_mcts_choose(NULL, 10, 0),
    ]:
        assert call() == lib.KUMITE_ERR_NULL
        assert c.last_error()
    for pointer_call in [
        lambda: lib.kumite_game_name(NULL),
        lambda: lib.kumite_game_options_json(NULL),
        lambda: lib.kumite_state_new(NULL, 0),
        lambda: lib.kumite_state_clone(NULL),
        lambda: lib.kumite_state_to_json(NULL),
        lambda: lib.kumite_state_render(NULL),
        lambda: lib.kumite_state_action_to_string(NULL, 0),
        lambda: lib.kumite_state_from_json(NULL, b"{}"),
    ]:
        assert pointer_call() == NULL
        assert lib.kumite_last_error_code() == lib.KUMITE_ERR_NULL
    lib.kumite_game_free(NULL)
    lib.kumite_state_free(NULL)
    lib.kumite_string_free(NULL)


@pytest.mark.parametrize(
    ("name", "options", "code"),
    [
        (b"chess", None, "KUMITE_ERR_UNKNOWN_GAME"),
        (b"\xff", None, "KUMITE_ERR_INVALID_ARGUMENT"),
        (b"tekken", b"{", "KUMITE_ERR_JSON"),
        (b"tekken", b"[]", "KUMITE_ERR_INVALID_OPTION"),
        (b"tekken", b'{"no_such_option": 1}', "KUMITE_ERR_INVALID_OPTION"),
        (b"tekken", b'{"rounds_to_win": -4}', "KUMITE_ERR_INVALID_OPTION"),
    ],
)
def test_bad_games_are_errors(c: CLib, name: bytes, options: bytes | None, code: str) -> None:
    assert c.lib.kumite_game_new(name, c.ffi.NULL if options is None else options) == c.ffi.NULL
    assert c.lib.kumite_last_error_code() == getattr(c.lib, code), c.last_error()
    assert c.last_error()


def test_options_are_honoured(c: CLib) -> None:
    g = c.game("tekken", '{"heat": true, "rounds_to_win": 3}')
    options = json.loads(c.take_string(c.lib.kumite_game_options_json(g.ptr)))
    assert options == kumite.load("tekken", heat=True, rounds_to_win=3).options


def test_illegal_actions_leave_the_state_unchanged(c: CLib, game_name: str) -> None:
    cs = c.game(game_name).new_state(4)
    before = cs.to_json()
    legal = set(cs.legal_actions())
    n = c.lib.kumite_game_num_actions(c.game(game_name).ptr)
    for action in [-1, -(2**31), n, 2**31 - 1, 65535, 65536, *(a for a in range(n) if a not in legal)]:
        assert c.lib.kumite_state_apply(cs.ptr, action) == c.lib.KUMITE_ERR_ILLEGAL_ACTION
        assert "illegal action" in (c.last_error() or "")
    assert cs.to_json() == before


def test_small_buffers_get_the_full_count(c: CLib) -> None:
    cs = c.game("tekken").new_state(2)
    legal = cs.legal_actions()
    out = c.ffi.new("int32_t[]", [-7] * 4)
    assert c.lib.kumite_state_legal_actions(cs.ptr, out, 1) == len(legal)
    assert list(out) == [legal[0], -7, -7, -7]
    assert c.lib.kumite_state_legal_actions(cs.ptr, c.ffi.NULL, 1) == c.lib.KUMITE_ERR_NULL
    assert c.lib.kumite_state_legal_actions(cs.ptr, out, -1) == c.lib.KUMITE_ERR_INVALID_ARGUMENT
    obs = c.ffi.new("float[]", [9.0] * 3)
    full = cs.observation(0)
    assert c.lib.kumite_state_observation(cs.ptr, 0, obs, 2) == len(full)
    assert list(obs) == [full[0], full[1], 9.0]
    assert c.lib.kumite_state_observation(cs.ptr, 2, obs, 3) == c.lib.KUMITE_ERR_INVALID_ARGUMENT


def test_finished_games(c: CLib) -> None:
    game = kumite.load("tekken")
    ps = game.new_state(seed=8)
    rng = random.Random(8)
    while not ps.is_terminal():
        ps.apply(rng.choice(ps.legal_actions()))
    cs = c.game("tekken").state_from_json(ps.to_json())
    assert cs.current_player() is None and c.lib.kumite_state_is_terminal(cs.ptr) == 1
    assert cs.legal_actions() == []
    assert c.lib.kumite_mcts_choose(cs.ptr, 10, 0) == c.lib.KUMITE_ERR_INVALID_ARGUMENT
    assert c.lib.kumite_state_apply(cs.ptr, 0) == c.lib.KUMITE_ERR_ILLEGAL_ACTION


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)))
def test_hostile_json_is_an_error(c: CLib, data: bytes) -> None:
    g = c.game("tekken")
    p = c.lib.kumite_state_from_json(g.ptr, data.replace(b"\0", b""))
    assert p == c.ffi.NULL
    assert c.lib.kumite_last_error_code() in (c.lib.KUMITE_ERR_JSON, c.lib.KUMITE_ERR_INVALID_ARGUMENT)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 10**6), byte=st.integers(0x20, 0x7E))
def test_mangled_states_are_errors_or_valid(c: CLib, cut: int, byte: int) -> None:
    g = c.game("tekken")
    text = bytearray(g.new_state(6).to_json().encode())
    text[cut % len(text)] = byte
    p = c.lib.kumite_state_from_json(g.ptr, bytes(text))
    if p == c.ffi.NULL:
        assert c.lib.kumite_last_error_code() == c.lib.KUMITE_ERR_JSON, c.last_error()
    else:
        c.lib.kumite_state_free(p)


def test_last_error_is_per_thread(c: CLib) -> None:
    assert c.lib.kumite_state_apply(c.ffi.NULL, 0) == c.lib.KUMITE_ERR_NULL
    seen: list[str | None] = []

    def other() -> None:
        seen.append(c.last_error())
        c.lib.kumite_game_new(b"nope", c.ffi.NULL)
        seen.append(c.last_error())

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert seen[0] is None and "unknown game" in (seen[1] or "")
    assert "state is NULL" in (c.last_error() or "")
    c.game("tekken")
    assert c.last_error() is None, "a successful call clears the last error"


def test_errors_raise_with_the_message(c: CLib) -> None:
    with pytest.raises(KumiteFFIError, match="unknown game"):
        c.game("nope")


# --- C and C++ programs -------------------------------------------------------------------


@pytest.fixture(scope="module")
def c_example(libdir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/c built by its own Makefile (as `make c-example` does), with -Werror."""
    tool("cc")
    build = tmp_path_factory.mktemp("c-example")
    run(["make", "-s", "-C", str(REPO / "examples" / "c"), f"BUILD={build}", f"LIBDIR={libdir}"])
    return build / "play"


def test_c_example_plays_a_full_game(c_example: Path) -> None:
    out = run([str(c_example), "3", "200"])
    assert "game over after" in out and "result: MCTS" in out
    assert out == run([str(c_example), "3", "200"]), "the same seed plays the same game"


def test_c_example_under_valgrind(c_example: Path) -> None:
    valgrind = tool("valgrind")
    out = run([valgrind, *VALGRIND[1:], str(c_example), "5", "30"], timeout=600)
    assert "result: MCTS" in out


def compile_c(source: Path, out: Path, libdir: Path, *, static: bool = False, cxx: bool = False) -> Path:
    compiler = tool("c++" if cxx else "cc")
    std = "-std=c++17" if cxx else "-std=c99"
    cmd = [compiler, std, "-g", "-Wall", "-Wextra", "-pedantic", "-Werror", f"-I{REPO / 'include'}", str(source)]
    if static:
        # What `cargo rustc --crate-type staticlib -- --print native-static-libs` lists on Linux.
        cmd += [str(libdir / "libkumite_ffi.a"), "-lpthread", "-ldl", "-lm"]
    else:
        cmd += [f"-L{libdir}", "-lkumite_ffi", f"-Wl,-rpath,{libdir}"]
    run([*cmd, "-o", str(out)])
    return out


def test_hostile_c_program_under_valgrind(libdir: Path, tmp_path: Path) -> None:
    exe = compile_c(C_TESTS / "hostile.c", tmp_path / "hostile", libdir)
    assert "hostile: ok" in run([str(exe)])
    assert "hostile: ok" in run([tool("valgrind"), *VALGRIND[1:], str(exe)], timeout=600)


def test_json_round_trips_of_every_game_under_valgrind(libdir: Path, tmp_path: Path) -> None:
    """The optimised library's state loaders under valgrind (its one suppression is explained
    in docs/embedding.md)."""
    exe = compile_c(C_TESTS / "roundtrip.c", tmp_path / "roundtrip", libdir)
    assert run([tool("valgrind"), *VALGRIND[1:], str(exe)], timeout=900).strip() == "ok"


def test_static_library_links(libdir: Path, tmp_path: Path) -> None:
    exe = compile_c(C_TESTS / "hostile.c", tmp_path / "hostile-static", libdir, static=True)
    assert "hostile: ok" in run([str(exe)])


def test_cpp_uses_the_header(libdir: Path, tmp_path: Path) -> None:
    exe = compile_c(C_TESTS / "smoke.cpp", tmp_path / "smoke", libdir, cxx=True)
    assert "c++: ok" in run([str(exe)])


def test_the_docs_c_and_cpp_blocks_compile_and_run(libdir: Path, tmp_path: Path) -> None:
    """docs/embedding.md's programs as a reader copies them: the C one plays a game and prints
    its JSON state; the C++ one's `play` does the same from a main added here."""
    (c_block,) = all_blocks("c")
    (cpp_block,) = all_blocks("cpp")
    c_source = tmp_path / "doc.c"
    c_source.write_text(c_block.runnable())
    out = run([str(compile_c(c_source, tmp_path / "doc-c", libdir))], timeout=600)
    assert json.loads(out)["game"] == "tekken"
    cpp_source = tmp_path / "doc.cpp"
    cpp_source.write_text(cpp_block.runnable() + '\n#include <cstdio>\nint main() { std::puts(play(7).c_str()); return 0; }\n')
    out = run([str(compile_c(cpp_source, tmp_path / "doc-cpp", libdir, cxx=True))])
    assert json.loads(out)["game"] == "tekken"

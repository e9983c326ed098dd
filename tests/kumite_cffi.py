"""kumite's C ABI from Python through cffi (ABI mode: no compiler needed): the declarations come
from the committed `include/kumite.h`, the library from `cargo build --release -p kumite-ffi`.
`tests/test_ffi.py` uses it to hold the C ABI to the same behaviour as the pyo3 API; it is also
the cffi example of `docs/embedding.md`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import cffi  # type: ignore[import-untyped, unused-ignore]

REPO = Path(__file__).resolve().parent.parent
HEADER = REPO / "include" / "kumite.h"


def header_cdef(text: str) -> str:
    """The header as cffi's `cdef` reads it: no preprocessor lines, no `extern "C"` braces
    (cffi drops the comments itself)."""
    keep = [
        line
        for line in text.splitlines()
        if not line.startswith("#") and not line.startswith('extern "C"') and not line.startswith('}  // extern "C"')
    ]
    return "\n".join(keep)


def header_defines(text: str) -> dict[str, str]:
    """`#define NAME value` lines of the header (the versions and `KUMITE_TERMINAL`)."""
    return dict(re.findall(r"^#define (KUMITE_\w+) (.+)$", text, re.MULTILINE))


def library_dir() -> Path:
    """Where `libkumite_ffi` is: `$KUMITE_FFI_LIBDIR`, or built here (a no-op when up to date)."""
    given = os.environ.get("KUMITE_FFI_LIBDIR")
    if given:
        return Path(given)
    cargo = os.environ.get("CARGO", "cargo")
    subprocess.run([cargo, "build", "--release", "--quiet", "-p", "kumite-ffi"], cwd=REPO, check=True)
    return Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target")) / "release"


def shared_library_name() -> str:
    if sys.platform == "darwin":
        return "libkumite_ffi.dylib"
    if sys.platform == "win32":
        return "kumite_ffi.dll"
    return "libkumite_ffi.so"


class KumiteFFIError(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(f"{message} (status {code})")
        self.code = code
        self.message = message


class CLib:
    """The loaded library: `ffi` and `lib` for raw calls, and checked helpers."""

    def __init__(self, path: Path | None = None) -> None:
        text = HEADER.read_text()
        self.defines = header_defines(text)
        self.ffi = cffi.FFI()
        self.ffi.cdef(header_cdef(text))
        self.lib: Any = self.ffi.dlopen(str(path or library_dir() / shared_library_name()))

    def last_error(self) -> str | None:
        p = self.lib.kumite_last_error()
        return None if p == self.ffi.NULL else str(self.ffi.string(p).decode())

    def error(self, code: int | None = None) -> KumiteFFIError:
        return KumiteFFIError(self.lib.kumite_last_error_code() if code is None else code, self.last_error() or "")

    def check(self, code: int) -> int:
        """`code` if it is not an error, else raises with the thread's message."""
        if code < 0:
            raise self.error(code)
        return code

    def take_string(self, p: Any) -> str:
        """The text of a `char *` kumite returned, freed."""
        if p == self.ffi.NULL:
            raise self.error()
        try:
            return str(self.ffi.string(p).decode())
        finally:
            self.lib.kumite_string_free(p)

    def game(self, name: str, options_json: str | None = None) -> CGame:
        opts = self.ffi.NULL if options_json is None else options_json.encode()
        p = self.lib.kumite_game_new(name.encode(), opts)
        if p == self.ffi.NULL:
            raise self.error()
        return CGame(self, self.ffi.gc(p, self.lib.kumite_game_free))


class CGame:
    def __init__(self, c: CLib, ptr: Any) -> None:
        self.c, self.ptr = c, ptr

    @property
    def num_players(self) -> int:
        return self.c.check(self.c.lib.kumite_game_num_players(self.ptr))

    @property
    def num_actions(self) -> int:
        return self.c.check(self.c.lib.kumite_game_num_actions(self.ptr))

    @property
    def observation_size(self) -> int:
        return self.c.check(self.c.lib.kumite_game_observation_size(self.ptr))

    @property
    def public_observation_size(self) -> int:
        return self.c.check(self.c.lib.kumite_game_public_observation_size(self.ptr))

    @property
    def private_observation_size(self) -> int:
        return self.c.check(self.c.lib.kumite_game_private_observation_size(self.ptr))

    def public_observation_layout(self) -> Any:
        return json.loads(self.c.take_string(self.c.lib.kumite_game_public_observation_layout_json(self.ptr)))

    def private_observation_layout(self) -> Any:
        return json.loads(self.c.take_string(self.c.lib.kumite_game_private_observation_layout_json(self.ptr)))

    @property
    def max_game_length(self) -> int:
        return self.c.check(self.c.lib.kumite_game_max_game_length(self.ptr))

    @property
    def length_bounded_by_rules(self) -> bool:
        return bool(self.c.check(self.c.lib.kumite_game_length_bounded_by_rules(self.ptr)))

    def new_state(self, seed: int) -> CState:
        return CState(self.c, self.c.lib.kumite_state_new(self.ptr, seed))

    def state_from_json(self, text: str) -> CState:
        return CState(self.c, self.c.lib.kumite_state_from_json(self.ptr, text.encode()))


class CState:
    def __init__(self, c: CLib, ptr: Any) -> None:
        if ptr == c.ffi.NULL:
            raise c.error()
        self.c, self.ptr = c, c.ffi.gc(ptr, c.lib.kumite_state_free)

    def current_player(self) -> int | None:
        p = self.c.lib.kumite_state_current_player(self.ptr)
        if p == int(self.c.defines["KUMITE_TERMINAL"]):
            return None
        return self.c.check(p)

    def legal_actions(self) -> list[int]:
        n = self.c.check(self.c.lib.kumite_state_legal_actions(self.ptr, self.c.ffi.NULL, 0))
        out = self.c.ffi.new("int32_t[]", max(n, 1))
        assert self.c.lib.kumite_state_legal_actions(self.ptr, out, n) == n
        return list(out[0:n])

    def legal_action_mask(self) -> list[bool]:
        n = self.c.check(self.c.lib.kumite_state_legal_action_mask(self.ptr, self.c.ffi.NULL, 0))
        out = self.c.ffi.new("uint8_t[]", n)
        assert self.c.lib.kumite_state_legal_action_mask(self.ptr, out, n) == n
        return [bool(b) for b in out[0:n]]

    def apply(self, action: int) -> None:
        self.c.check(self.c.lib.kumite_state_apply(self.ptr, action))

    def returns(self) -> list[float]:
        n = self.c.check(self.c.lib.kumite_state_returns(self.ptr, self.c.ffi.NULL, 0))
        out = self.c.ffi.new("float[]", n)
        assert self.c.lib.kumite_state_returns(self.ptr, out, n) == n
        return list(out[0:n])

    def observation(self, player: int) -> list[float]:
        n = self.c.check(self.c.lib.kumite_state_observation(self.ptr, player, self.c.ffi.NULL, 0))
        out = self.c.ffi.new("float[]", n)
        assert self.c.lib.kumite_state_observation(self.ptr, player, out, n) == n
        return list(out[0:n])

    def public_observation(self) -> list[float]:
        n = self.c.check(self.c.lib.kumite_state_public_observation(self.ptr, self.c.ffi.NULL, 0))
        out = self.c.ffi.new("float[]", max(n, 1))
        assert self.c.lib.kumite_state_public_observation(self.ptr, out, n) == n
        return list(out[0:n])

    def private_observation(self, player: int) -> list[float]:
        n = self.c.check(self.c.lib.kumite_state_private_observation(self.ptr, player, self.c.ffi.NULL, 0))
        out = self.c.ffi.new("float[]", max(n, 1))
        assert self.c.lib.kumite_state_private_observation(self.ptr, player, out, n) == n
        return list(out[0:n])

    def public_observation_string(self) -> str:
        return self.c.take_string(self.c.lib.kumite_state_public_observation_string(self.ptr))

    def private_observation_string(self, player: int) -> str:
        return self.c.take_string(self.c.lib.kumite_state_private_observation_string(self.ptr, player))

    def action_to_string(self, action: int) -> str:
        return self.c.take_string(self.c.lib.kumite_state_action_to_string(self.ptr, action))

    def to_json(self) -> str:
        return self.c.take_string(self.c.lib.kumite_state_to_json(self.ptr))

    def clone(self) -> CState:
        return CState(self.c, self.c.lib.kumite_state_clone(self.ptr))

    def mcts_choose(self, iterations: int, seed: int) -> int:
        return self.c.check(self.c.lib.kumite_mcts_choose(self.ptr, iterations, seed))

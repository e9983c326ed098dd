"""The examples run as a new user would run them (small settings, so the suite stays fast)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).parent.parent


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_learning_example_writes_its_curve(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "curve.png"
    text = run("examples/learn_vec_env.py", "--iterations", "2", "--envs", "16", "--steps", "150", "--out", str(out))
    assert "win rate" in text
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

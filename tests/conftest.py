"""Shared fixtures: every suite is parametrized over `kumite.games()`, so a game added to the
registry is covered by the API, conformance and hostile-input tests without editing them."""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Iterator

import pytest
from hypothesis import settings

import kumite

GAME_NAMES = kumite.games()

# CI runs the same examples every time (a red CI must be reproducible); local runs explore.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def interruptible() -> None:
    """In a child before it runs a command: Ctrl-C interrupts it, as in a user's shell. A test
    runner started in the background (`make test &`) has SIGINT ignored, and a library loaded by
    an earlier test may have blocked it; a child inherits both."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@pytest.fixture(params=GAME_NAMES)
def game_name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def game(game_name: str) -> kumite.Game:
    return kumite.load(game_name)


def random_trajectory(game: kumite.Game, seed: int, max_steps: int | None = None) -> Iterator[kumite.State]:
    """Yields the state before every action of a random game (and the final state), choosing
    actions with Python's `random` so the test does not trust the engine's own rollout code."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    limit = game.max_game_length if max_steps is None else max_steps
    for _ in range(limit):
        yield state
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
    yield state


def play_to(game: kumite.Game, seed: int, steps: int) -> kumite.State:
    """The state after `steps` random actions (or the end of the game, if sooner)."""
    state = game.new_state(seed=seed)
    for state in random_trajectory(game, seed, steps):  # noqa: B007 - the last state is the one kept
        pass
    return state.clone()


def first_illegal(state: kumite.State) -> int | None:
    """The smallest action number in the action space that is not legal now."""
    legal = set(state.legal_actions())
    return next((a for a in range(state.game.num_actions) if a not in legal), None)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Says where the viewer tests left their screenshots (kept as artefacts, git-ignored)."""
    from pathlib import Path

    shots = Path(__file__).parent / "artifacts" / "viewer"
    if shots.is_dir() and any(shots.glob("*.png")):
        terminalreporter.write_line(f"viewer screenshots: {shots} ({len(list(shots.glob('*.png')))} files)")

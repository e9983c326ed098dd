"""The measurement scripts bench/README quotes, on small settings."""

from __future__ import annotations

import pathlib
import random
import subprocess
import sys

import kumite

ROOT = pathlib.Path(__file__).parent.parent


def test_listing_changes_counts_every_listing_after_the_first() -> None:
    """scripts/listing_changes.py (bench/README, issue 55's goals): per game, how many random
    games' listings are the one before them, out of every listing after each game's first."""
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "listing_changes.py"), "tekken", "ufs", "--games", "2"],
                         capture_output=True, text=True, check=True).stdout
    for name in ("tekken", "ufs"):
        game = kumite.load(name)
        games = []  # each game's listings, in order
        for seed in range(2):
            state, rng, listings = game.new_state(seed), random.Random(seed), []
            while not state.is_terminal():
                listings.append(list(state.legal_actions()))
                state.apply(rng.choice(listings[-1]))
            games.append(listings)
        same = sum(a == b for listings in games for a, b in zip(listings, listings[1:]))
        after_first = sum(len(listings) - 1 for listings in games)
        assert after_first > 0, out
        assert f"{name}: {same:,} of {after_first:,} listings the same as the one before (" in out, out


def test_listing_changes_refuses_no_games() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "listing_changes.py"), "--games", "0"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "--games is at least 1, not 0" in done.stderr, done.stderr

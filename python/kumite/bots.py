"""Bots: anything with ``choose(state) -> action`` plays. Search bots live in the Rust core."""

from __future__ import annotations

import random
from typing import Protocol

from kumite._kumite import State


class Bot(Protocol):
    def choose(self, state: State) -> int: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded stream."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State) -> int:
        return self._rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"

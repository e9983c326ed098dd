"""Bots: anything with ``choose(state) -> action`` plays. Search bots live in the Rust core."""

from __future__ import annotations

import random
import re
from typing import Protocol

from kumite._kumite import MCTS, Game, State


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


BOT_SPECS = "random, mcts:N or mcts:N:heuristic"


def make_bot(
    spec: str, game: Game, seed: int, threads: int | None = None, max_iterations: int | None = None
) -> Bot:
    """A bot from its spec, as the command line and the play server write it: ``random``,
    ``mcts:N`` (N iterations, random playouts) or ``mcts:N:heuristic``. ``max_iterations`` caps N
    (a server caps it so that one request cannot search for hours). A bad spec is a ``ValueError``
    that says what is accepted."""
    kind, _, rest = spec.partition(":")
    if kind == "random" and not rest:
        return RandomBot(seed)
    if kind == "mcts":
        iterations, _, evaluator = rest.partition(":")
        # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
        if re.fullmatch(r"[0-9]{1,18}", iterations) and int(iterations) > 0 and evaluator in ("", "random", "heuristic"):
            n = int(iterations)
            if max_iterations is not None and n > max_iterations:
                raise ValueError(f"bot {spec!r}: at most {max_iterations} iterations here")
            return MCTS(game, iterations=n, seed=seed, threads=threads, evaluator=evaluator or None)
    raise ValueError(f"unknown bot {spec!r}: use {BOT_SPECS}")


def as_bot(bot: Bot | str, game: Game, seed: int) -> Bot:
    """What every API that takes a bot accepts: a bot (anything with ``choose``) as it is, or a
    spec string made into one by :func:`make_bot`."""
    if isinstance(bot, str):
        return make_bot(bot, game, seed)
    if not callable(getattr(bot, "choose", None)):
        raise TypeError(f"a bot has a choose(state) method, or is a spec ({BOT_SPECS}); got {bot!r}")
    return bot

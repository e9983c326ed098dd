"""Bots: anything with ``choose(state) -> action`` plays. Search bots live in the Rust core."""

from __future__ import annotations

import importlib
import random
import re
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np

from kumite._kumite import MCTS, Game, Net, State


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


BOT_SPECS = ("random, mcts:N, mcts:N:heuristic, policy[:PATH], az:N[:PATH], azp:N[:PATH], azh:N[:PATH] "
             "or module:attr (your own bot)")

# The networks shipped with the package, one per game (`make agents` trains them).
NETS = Path(__file__).resolve().parent / "nets"
# PUCT's c for a search guided by a network (AlphaZero's range; `MCTS`'s default 1.4 is UCB1's).
AZ_EXPLORATION = 1.25
# What values a network-guided bot's leaves: its value head (`az`), random playouts (`azp`) or
# the game's heuristic (`azh`); the network's priors guide all three.
LEAF_VALUES: dict[str, Literal["evaluator", "playout", "heuristic"]] = {
    "az": "evaluator", "azp": "playout", "azh": "heuristic"}


def load_net(game: Game, path: str = "") -> Net:
    """The network at ``path``, or the one shipped for ``game``; checked against the game (a
    network made for other options or content raises ``NetMismatchError``)."""
    if not path:
        shipped = NETS / f"{game.name}.safetensors"
        if not shipped.exists():
            raise ValueError(
                f"no network is shipped for {game.name} in this build: train one with "
                f"`kumite train {game.name} --out DIR` and name it (policy:DIR/net.safetensors)"
            )
        path = str(shipped)
    try:
        net = Net.load(path)
    except OSError as e:
        raise ValueError(f"cannot read the network {path!r}: {e}") from None
    net.check(game)
    return net


class PolicyBot:
    """The network alone: the legal action with the highest prior (no search)."""

    def __init__(self, net: Net, label: str = "policy") -> None:
        self.net, self.label = net, label

    def choose(self, state: State) -> int:
        player = state.current_player
        if player is None:
            raise ValueError("the game is over: there is nothing to choose")
        mask = state.legal_action_mask()[None, :]
        priors, _ = self.net.evaluate(state.observation(player)[None, :], mask)
        return int(np.argmax(np.where(mask[0], priors[0], -1.0)))

    def __repr__(self) -> str:
        return self.label

# `package.module:attr`: Python identifiers joined by dots, then one attribute name.
CUSTOM_SPEC = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*:[A-Za-z_][A-Za-z0-9_]*")


def custom_bot(spec: str, game: Game, seed: int) -> Bot:
    """A user's bot from ``module:attr``: ``attr`` is either an object with ``choose(state)``
    (used as it is) or a factory (a class or function) called as ``attr(game, seed)`` that
    returns one. Any failure is a ``ValueError`` that names the spec."""
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise ValueError(f"bot {spec!r}: cannot import {module_name!r} ({e})") from None
    obj: Any = getattr(module, attr, None)
    if obj is None:
        raise ValueError(f"bot {spec!r}: module {module_name!r} has no attribute {attr!r}")
    if not isinstance(obj, type) and callable(getattr(obj, "choose", None)):
        return obj  # type: ignore[no-any-return]
    if not callable(obj):
        raise ValueError(f"bot {spec!r}: {attr} has no choose(state) and is not a factory taking (game, seed)")
    try:
        bot = obj(game, seed)
    except TypeError as e:
        raise ValueError(f"bot {spec!r}: calling {attr}(game, seed) failed: {e}") from None
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"bot {spec!r}: {attr}(game, seed) returned {type(bot).__name__}, which has no choose(state)")
    return bot  # type: ignore[no-any-return]


def make_bot(
    spec: str,
    game: Game,
    seed: int,
    threads: int | None = None,
    max_iterations: int | None = None,
    custom: bool = True,
) -> Bot:
    """A bot from its spec, as the command line and the play server write it: ``random``,
    ``mcts:N`` (N iterations, random playouts), ``mcts:N:heuristic``, ``policy[:PATH]`` (a
    network alone: the shipped one of the game, or the file at PATH), ``az:N[:PATH]`` (that
    network guiding N iterations of PUCT search), ``azp:N[:PATH]`` (the network's priors guiding
    the search, random playouts valuing its leaves), ``azh:N[:PATH]`` (the same with the game's
    heuristic valuing them), or ``module:attr`` for a
    bot of your own (``custom_bot``; refused when ``custom`` is false). ``max_iterations`` caps
    N (a server caps it so that one request cannot search for hours). A bad spec is a
    ``ValueError`` that says what is accepted."""
    kind, _, rest = spec.partition(":")
    if kind == "random" and not rest:
        return RandomBot(seed)
    if kind == "policy":
        return PolicyBot(load_net(game, rest), spec)
    if kind in LEAF_VALUES:
        iterations, _, path = rest.partition(":")
        if re.fullmatch(r"[0-9]{1,18}", iterations) and int(iterations) > 0:
            n = int(iterations)
            if max_iterations is not None and n > max_iterations:
                raise ValueError(f"bot {spec!r}: at most {max_iterations} iterations here")
            net = load_net(game, path)
            return MCTS(game, iterations=n, seed=seed, threads=threads, evaluator=net, exploration=AZ_EXPLORATION,
                        leaf_values=LEAF_VALUES[kind])
    if kind == "mcts":
        iterations, _, evaluator = rest.partition(":")
        # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
        if re.fullmatch(r"[0-9]{1,18}", iterations) and int(iterations) > 0 and evaluator in ("", "random", "heuristic"):
            n = int(iterations)
            if max_iterations is not None and n > max_iterations:
                raise ValueError(f"bot {spec!r}: at most {max_iterations} iterations here")
            return MCTS(game, iterations=n, seed=seed, threads=threads, evaluator=evaluator or None)
    elif custom and CUSTOM_SPEC.fullmatch(spec):
        return custom_bot(spec, game, seed)
    raise ValueError(f"unknown bot {spec!r}: use {BOT_SPECS}")


def as_bot(bot: Bot | str, game: Game, seed: int) -> Bot:
    """What every API that takes a bot accepts: a bot (anything with ``choose``) as it is, or a
    spec string made into one by :func:`make_bot`."""
    if isinstance(bot, str):
        return make_bot(bot, game, seed)
    if not callable(getattr(bot, "choose", None)):
        raise TypeError(f"a bot has a choose(state) method, or is a spec ({BOT_SPECS}); got {bot!r}")
    return bot

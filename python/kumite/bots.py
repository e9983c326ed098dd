"""Bots: anything with ``choose(state) -> action`` plays. Search bots live in the Rust core."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from kumite._kumite import MCTS, BotSpec, BotSpecError, Game, Net, NetMismatchError, State


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


# Every form of a bot spec, as errors and help texts list them (the grammar is the engine's:
# `BotSpec`, documented in docs/bots.md).
BOT_SPECS = BotSpec.GRAMMAR

# The networks shipped with the package, one per game (`make agents` trains them).
NETS = Path(__file__).resolve().parent / "nets"
# PUCT's c for a search guided by a network, as the `az` bots search.
AZ_EXPLORATION = BotSpec.AZ_EXPLORATION


def load_net(game: Game, path: str | None = None) -> Net:
    """The network at ``path``, or the one shipped for ``game``; checked against the game (a
    network made for other options or content raises ``NetMismatchError``, which for the
    shipped network says to train one for these options and name it)."""
    train = f"train one with `kumite train {game.name} --out DIR` and name it (az:N:DIR/net.safetensors)"
    shipped = not path
    if not path:
        net_file = NETS / f"{game.name}.safetensors"
        if not net_file.exists():
            raise ValueError(f"no network is shipped for {game.name} in this build: {train}")
        path = str(net_file)
    try:
        net = Net.load(path)
    except OSError as e:
        raise ValueError(f"cannot read the network {path!r}: {e}") from None
    try:
        net.check(game)
    except NetMismatchError as e:
        if shipped:
            e.args = (f"{e.args[0]}. The network shipped for {game.name} plays its default options only: "
                      f"for these options, {train}",)
        raise
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
    spec: str | BotSpec,
    game: Game,
    seed: int = 0,
    threads: int | None = None,
    max_iterations: int | None = None,
    custom: bool = True,
) -> Bot:
    """A bot from its spec (``BotSpec``: the grammar of docs/bots.md), as the command line and
    the play server write it: ``random``, ``mcts:N[:heuristic]``, ``policy[:PATH]``,
    ``az:N[:PATH]``, ``azp:N[:PATH]``, ``azh:N[:PATH]``, ``azm:N:LAMBDA[:PATH]``, or ``module:attr`` for a bot of your own
    (``custom_bot``; refused when ``custom`` is false). ``seed`` (default 0) seeds the bot's
    search or random choices: the same seed plays the same moves. ``threads=None`` searches on
    every core. ``max_iterations`` caps N (a server caps it so that one request cannot search
    for hours). A bad spec raises ``BotSpecError`` (a ``ValueError``) that says what is wrong
    and lists every form."""
    parsed = BotSpec.parse(spec) if isinstance(spec, str) else spec
    n = parsed.iterations
    if max_iterations is not None and n is not None and n > max_iterations:
        raise BotSpecError(f"bot spec {str(spec)!r}: at most {max_iterations} iterations here")
    if parsed.kind == "random":
        return RandomBot(seed)
    if parsed.kind == "custom":
        if not custom:
            raise BotSpecError(f"bot spec {str(spec)!r}: a bot of your own (module:attr) is not offered here")
        return custom_bot(str(parsed), game, seed)
    net = load_net(game, parsed.net) if parsed.uses_net else None
    if parsed.kind == "policy":
        assert net is not None
        return PolicyBot(net, str(spec))
    return MCTS.from_spec(game, parsed, seed=seed, threads=threads, net=net)


def as_bot(bot: Bot | str, game: Game, seed: int = 0) -> Bot:
    """What every API that takes a bot accepts: a bot (anything with ``choose``) as it is, or a
    spec string made into one by :func:`make_bot`."""
    if isinstance(bot, str):
        return make_bot(bot, game, seed)
    if not callable(getattr(bot, "choose", None)):
        raise TypeError(f"a bot has a choose(state) method, or is a spec ({BOT_SPECS}); got {bot!r}")
    return bot

"""Bots: anything with ``choose(state) -> action`` plays. Search bots live in the Rust core."""

from __future__ import annotations

import importlib
import json
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

# The networks shipped with the package (`make agents` trains them): `<game>.safetensors` for the
# game's default options, `<game>.<key>-<value>….safetensors` for others (`shipped_net_name`).
NETS = Path(__file__).resolve().parent / "nets"
# PUCT's c for a search guided by a network, as the `az` bots search.
AZ_EXPLORATION = BotSpec.AZ_EXPLORATION


def shipped_net_name(game: str, options: dict[str, Any] | None = None) -> str:
    """The file name of the network shipped for ``game`` built with ``options`` (the options
    that differ from its defaults): ``fatal_fight.safetensors``, ``fatal_fight.players-3.safetensors``."""
    parts = [f"{key}-{json.dumps(value) if not isinstance(value, str) else value}" for key, value in sorted((options or {}).items())]
    for part in parts:
        if not part.replace("-", "").replace("_", "").isalnum():
            raise ValueError(f"option {part!r} does not make a file name: a shipped network's options are words and numbers")
    return ".".join([game, *parts, "safetensors"])


def shipped_nets(game: str) -> list[Path]:
    """The networks shipped for ``game``: the one for its default options first."""
    default = NETS / shipped_net_name(game)
    return [p for p in [default, *sorted(NETS.glob(f"{game}.*.safetensors"))] if p.is_file()]


def net_options(net: Net) -> dict[str, Any]:
    """The game options a network was trained with (its metadata's ``options``; a file without
    them was trained with the defaults)."""
    options: dict[str, Any] = json.loads(net.metadata.get("options", "{}"))
    return options


def load_net(game: Game, path: str | None = None) -> Net:
    """The network at ``path``, or the one shipped for ``game`` and its options (each shipped
    file is checked; the first that fits plays); checked against the game (a network made for
    other options or content raises ``NetMismatchError``, which for the shipped networks says
    to train one for these options and name it)."""
    if not path:
        return shipped_net(game)[1]
    net = _read_net(path)
    net.check(game)
    return net


def shipped_net(game: Game) -> tuple[Path, Net]:
    """The file shipped for ``game`` and its options, and the network in it (``load_net``
    without a path)."""
    train = f"train one with `kumite train {game.name} --out DIR` and name it (az:N:DIR/net.safetensors)"
    candidates = shipped_nets(game.name)
    if not candidates:
        raise ValueError(f"no network is shipped for {game.name} in this build: {train}")
    first: NetMismatchError | None = None
    tried: list[Net] = []
    for net_file in candidates:
        tried.append(_read_net(str(net_file)))
        try:
            tried[-1].check(game)
            return net_file, tried[-1]
        except NetMismatchError as e:
            first = first or e
    assert first is not None
    shipped = "; ".join(_options_text(net) for net in tried)
    first.args = (f"{first.args[0]}. The networks shipped for {game.name} are for {shipped}: "
                  f"for these options, {train}",)
    raise first


def _read_net(path: str) -> Net:
    try:
        return Net.load(path)
    except OSError as e:
        raise ValueError(f"cannot read the network {path!r}: {e}") from None


def _options_text(net: Net) -> str:
    options = net_options(net)
    return "the default options" if not options else " ".join(f"{k}={v}" for k, v in sorted(options.items()))


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

"""The settings of a training run, stated once: :class:`TrainConfig` (``kumite.learn.TrainConfig``).
A field that ``kumite train`` takes carries its flag in its metadata (help, value type, metavar),
and the command's options are generated from here (:func:`add_flags`, :func:`from_flags`), so a
new setting is one field. No JAX here: the command line reads it without the learn extra."""

from __future__ import annotations

import argparse
import typing
from collections.abc import Callable
from dataclasses import Field, dataclass, field, fields, replace
from typing import Any, Literal

from kumite import argtypes
from kumite.argtypes import count, games_share, mix_weight, positive, search_spec, share, weight, whole_number


@dataclass(frozen=True)
class Flag:
    """How ``kumite train`` takes a setting: ``--`` and the field's name with dashes (or
    ``name``), ``help`` followed by the field's default (and ``default_note`` after it), values
    read by ``type`` (else the field's type; a ``bool`` is a switch, a ``Literal`` its choices),
    and ``to_config`` turning the command line's value into the field's."""

    help: str
    metavar: str | None = None
    type: Callable[[str], Any] | None = None
    name: str | None = None
    default_note: str | None = None
    to_config: Callable[[Any], Any] | None = None


def setting(default: Any, flag: Flag) -> Any:
    """A field ``kumite train`` takes as ``flag``."""
    return field(default=default, metadata={"flag": flag})


# What a schedule may change: how self-play searches and what it learns from; not the network's
# shape, the optimizer, the run's length or the warmup's share (which is of the whole run).
SCHEDULED = ("simulations", "gumbel", "warmup_simulations", "warmup_priors", "warmup_values", "value_shaped",
             "value_mix", "value_td", "truncated_values", "leaf_mix", "opponent", "opponent_share")


def schedule_text(text: str) -> str:
    """An argparse type: a schedule :func:`parse_schedule` reads, kept as written."""
    try:
        parse_schedule(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


@dataclass
class TrainConfig:
    """A training run: the game and its options, the folder it writes, and every setting of the
    loop (those with a flag are ``kumite train``'s options)."""

    game: str
    out: str
    options: dict[str, Any] = field(default_factory=dict)
    budget_minutes: float = setting(60.0, Flag("training time", metavar="MINUTES", name="--budget"))
    simulations: int = setting(32, Flag("search iterations per self-play move", metavar="N", type=positive))
    # Gumbel root selection with this many actions considered (None: PUCT with visit counts). With
    # a few dozen simulations PUCT's greedy moves let a net that values everything alike stall a
    # game until it is cut; Gumbel's sampled root and improved policy keep self-play finishing.
    gumbel: int | None = setting(16, Flag(
        "Gumbel root selection with K actions considered; 0 for PUCT", metavar="K",
        type=whole_number(0, 65535, "the actions considered are 0 .. 65535 (0: PUCT)"), to_config=lambda k: k or None))
    # The first `warmup` share of the budget (or of `iterations`) self-plays with random-playout
    # values instead of the network's. All of it by default: on Tekken the policy learned from
    # rollout search beat mcts:200 about half the time within ten minutes, and collapsed once
    # the network's own values guided the search (docs/agents.md, "The recipe").
    warmup: float = setting(1.0, Flag(
        "the first SHARE (0..1) of the budget self-plays with random-playout values, not the net's",
        metavar="SHARE", type=share, default_note="all of it; 0 is AlphaZero's recipe"))
    # Search iterations per self-play move during the warmup (None: `simulations`). A rollout-
    # valued warmup plays more games an hour at fewer simulations; the network-valued search
    # after it gains from more (UFS's recipe: 32, then 64).
    warmup_simulations: int | None = setting(None, Flag(
        "search iterations per self-play move during the warmup", metavar="N", type=positive,
        default_note="--simulations"))
    # During the warmup, once a network exists, its priors guide the rollout-valued search
    # (leaf_values="playout") instead of uniform priors; its value head is still not read.
    warmup_priors: bool = setting(False, Flag(
        "during the warmup, the latest net's priors guide the rollout-valued search (not uniform priors)"))
    # What values the warmup's leaves: "playout" (a random playout) or "heuristic" (the game's
    # own estimate, `mcts:N:heuristic`'s): for Fatal Fight, whose random playouts lose nearly
    # every campaign and take a hundred times longer than the heuristic.
    warmup_values: Literal["playout", "heuristic"] = setting("playout", Flag(
        "what values the warmup search's leaves: random playouts or the game's heuristic"))
    # The share of each finished game's outcome replaced by the game's heuristic value of its
    # last position before the end (`game_heuristic`): a shaped target that tells a campaign
    # lost in the last stage from one lost in the first (Fatal Fight's self-play loses most), or
    # a level game from a near win (Senjutsu's). Applied to the outcome before --value-mix or
    # --value-td read it. 0: the outcome alone.
    value_shaped: float = setting(0.0, Flag(
        "the share (0..1) of each finished game's outcome replaced by the game's heuristic value of its last "
        "position before the end", metavar="SHARE", type=share, default_note="the outcome alone"))
    # The share of each position's value target taken from the self-play search's own value of
    # it (`root_value`) rather than the game's outcome: 0 is AlphaZero's target, the outcome
    # alone; 0.5 the mean of the two, a target with less noise in long games.
    value_mix: float = setting(0.0, Flag(
        "the share (0..1) of each value target taken from the search's value of the position instead of the "
        "game's outcome", metavar="SHARE", type=share, default_note="the outcome alone"))
    # TD(λ) value targets: each position's target is the λ-return over its game's following
    # positions' search values (`root_value`, turned to every seat as `value_mix` does), the
    # outcome at the end; 1 is the outcome alone, 0 the next position's search value. Not with
    # `value_mix` (both shape the target from the search's values). None: off.
    value_td: float | None = setting(None, Flag(
        "each value target the TD(LAMBDA) return over the game's following positions' search values, the outcome "
        "at the end (not with --value-mix)", metavar="LAMBDA", type=share, default_note="off"))
    # What a truncated self-play game's positions learn for values: "none" (no value target, the
    # loss leaves them out: AlphaZero's, whose games end) or "search" (each position's search
    # value, as a truncated episode is bootstrapped from its value estimate). Half of Fatal
    # Fight's self-play positions were in campaigns cut at `max_steps`, without value targets;
    # learning their search values made its teams stall more, not less (run M, docs/agents.md).
    truncated_values: Literal["none", "search"] = setting("none", Flag(
        "value targets of a truncated self-play game's positions: none, or each position's search value"))
    # The value loss's weight beside the policy's. A game's positions share one outcome, so a
    # buffer of 200,000 positions holds a few thousand independent value targets: with weight 1
    # Senjutsu's and UFS's value heads fit their training positions (squared error 0.04-0.05) and
    # barely beat the mean outcome on games they had not seen (0.23 against 0.28, 0.35 against
    # 0.39); at 0.1 they fit less and predict better (0.19, 0.32), though Senjutsu's search
    # played no better with it (docs/agents.md, "Value heads that fit their games").
    value_weight: float = setting(1.0, Flag(
        "the value loss's weight beside the policy loss's", metavar="W", type=weight))
    # After the warmup, each leaf of the self-play search is valued `(1 - leaf_mix)·` the net's
    # value `+ leaf_mix·` a random playout's from it (AlphaGo's mix, λ in (0, 1]; the search's
    # leaf values, not the value targets `value_mix` shapes). None: the net's value alone.
    leaf_mix: float | None = setting(None, Flag(
        "after the warmup, value each search leaf (1 - LAMBDA) by the net and LAMBDA by a random playout, as "
        "AlphaGo did; 0 < LAMBDA <= 1", metavar="LAMBDA", type=mix_weight, default_note="the net alone"))
    # A fixed search (`mcts:N[:heuristic]`) that takes one seat in `opponent_share` of the
    # self-play games; its moves are not learned from. Self-play on the network's values can
    # settle into games that never meet what beats it (Senjutsu's level endings, while
    # `mcts:2000` kills its samurai): an opponent that plays differently shows the value head
    # those positions. None: every game is self-play.
    opponent: str | None = setting(None, Flag(
        "a search without a network (mcts:N[:heuristic]) taking one seat in a share of the self-play games, its "
        "moves not learned from", metavar="SPEC", type=search_spec, default_note="self-play only"))
    opponent_share: float = setting(0.5, Flag(
        "the share (above 0, at most 1) of the self-play games with --opponent in a seat", metavar="SHARE",
        type=games_share))
    # Self-play settings that change part way through the run: `ITER:KEY=VALUE,...` (stages joined
    # by `;`), each KEY one of `SCHEDULED` taking VALUE from the iteration after ITER on. Fatal
    # Fight's recipe: 30 cheap iterations give the 1,000-simulation teacher priors to search with
    # and many campaigns a minute; the teacher from the start made three fifths as many
    # campaigns in the same minutes, and its network's teams ended 23 of 100 (docs/agents.md).
    schedule: str | None = setting(None, Flag(
        "self-play settings from the iteration after ITER on: ITER:KEY=VALUE,..., KEY one of " + ", ".join(SCHEDULED)
        + " ('none' clears an optional one), stages joined by ';' in increasing ITER", metavar="ITER:KEY=VALUE,...",
        type=schedule_text,
        default_note="none"))
    # The weights a new run starts from: a network file of this game and options (a shipped one
    # with `shipped`), so a run can go on from a network whose run folder is gone, with other
    # settings. None: random weights. A resumed run takes its checkpoint's weights instead.
    init: str | None = setting(None, Flag(
        "start from this network's weights (a file made for this game and options, or 'shipped' for the one "
        "this package ships) instead of random ones; its width and blocks are the run's", metavar="PATH", type=str,
        default_note="random weights"))
    seed: int = setting(0, Flag("the seed of the initial weights, self-play, sampling and evaluation", type=argtypes.seed))
    hidden: int = setting(128, Flag("the network's width", type=positive))
    blocks: int = setting(2, Flag("residual blocks"))
    games_per_iteration: int = setting(32, Flag("self-play games per iteration", type=positive))
    steps_per_iteration: int = 64
    batch_size: int = 256
    buffer_rows: int = 200_000
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    temperature_moves: int = 30
    # A self-play game still live after this many actions is cut (truncated: no value target).
    max_steps: int = 2_000
    eval_every: int = setting(5, Flag("learning-curve point every N iterations", metavar="N", type=positive))
    eval_games: int = setting(40, Flag(
        "games per opponent at each learning-curve point; 0 draws no curve", metavar="N", type=count))
    eval_opponents: tuple[str, ...] = ("random", "mcts:200")
    # Minutes of training between checkpoints (one is also written when the run ends or is
    # interrupted). The replay buffer is not in them (each iteration's rows are written once,
    # to `buffer/`), so a checkpoint is the weights and the optimizer's state; writing it counts
    # in the training clock.
    checkpoint_minutes: float = setting(10.0, Flag(
        "training minutes between checkpoints; one is also written at the end and on Ctrl-C", metavar="MINUTES"))
    # Stop after this many iterations whatever the budget (`None`: the budget decides).
    iterations: int | None = setting(None, Flag(
        "stop after N iterations whatever the budget", metavar="N", type=positive))
    threads: int | None = None
    # How the run was started, recorded in the network's provenance (default: this process's
    # `kumite train` command line).
    command: str | None = None


def parse_schedule(text: str) -> list[tuple[int, dict[str, Any]]]:
    """A schedule's stages, ``[(ITER, {field: value})]`` in increasing ITER, each value read as
    ``kumite train`` reads the setting's flag (``true``/``false`` for a switch, ``none`` clearing
    an optional setting); a ValueError names what is wrong."""
    flags = {f.name: (f, flag) for f, flag in flagged()}
    hints = typing.get_type_hints(TrainConfig)
    stages: list[tuple[int, dict[str, Any]]] = []
    for part in text.split(";"):
        at, colon, body = part.strip().partition(":")
        if not colon or not at.strip().isdigit() or not body.strip():
            raise ValueError(f"schedule: {part.strip()!r} is not ITER:KEY=VALUE,...")
        if stages and int(at) <= stages[-1][0]:
            raise ValueError(f"schedule: stage {int(at)} follows stage {stages[-1][0]}: stages go in increasing ITER")
        values: dict[str, Any] = {}
        for item in body.split(","):
            key, equals, value = (t.strip() for t in item.partition("="))
            if key not in SCHEDULED or not equals:
                raise ValueError(f"schedule: {item.strip()!r} is not KEY=VALUE with KEY one of {', '.join(SCHEDULED)}")
            if key in values:
                raise ValueError(f"schedule: stage {int(at)} sets {key} twice")
            values[key] = scheduled_value(key, value, *flags[key], hints[key])
        stages.append((int(at), values))
    return stages


def scheduled_value(key: str, text: str, f: Field[Any], flag: Flag, hint: Any) -> Any:
    if text == "none" and f.default is None:
        return None
    if hint is bool:
        if text not in ("true", "false"):
            raise ValueError(f"schedule: {key} is true or false, not {text!r}")
        return text == "true"
    if typing.get_origin(hint) is Literal:
        if text not in typing.get_args(hint):
            raise ValueError(f"schedule: {key} is one of {', '.join(typing.get_args(hint))}, not {text!r}")
        return text
    try:
        value = (flag.type or hint)(text)
    except (argparse.ArgumentTypeError, ValueError) as e:
        raise ValueError(f"schedule: {key}: {e}") from None
    return (flag.to_config or (lambda v: v))(value)


def stage(cfg: TrainConfig, iteration: int) -> TrainConfig:
    """The settings the run plays its iteration after ``iteration`` with: ``cfg`` with every
    schedule stage up to ``iteration`` applied in turn."""
    if not cfg.schedule:
        return cfg
    changes: dict[str, Any] = {}
    for at, values in parse_schedule(cfg.schedule):
        if at <= iteration:
            changes.update(values)
    return replace(cfg, **changes)


def flagged() -> list[tuple[Field[Any], Flag]]:
    """The settings ``kumite train`` takes, in TrainConfig's order, with their flags."""
    return [(f, f.metadata["flag"]) for f in fields(TrainConfig) if "flag" in f.metadata]


def flag_name(f: Field[Any], flag: Flag) -> str:
    return flag.name or "--" + f.name.replace("_", "-")


def add_flags(parser: argparse.ArgumentParser) -> None:
    """Adds every flagged setting to ``parser``, its destination the field's name."""
    hints = typing.get_type_hints(TrainConfig)
    for f, flag in flagged():
        name, default, hint = flag_name(f, flag), f.default, hints[f.name]
        if hint is bool:
            parser.add_argument(name, dest=f.name, action="store_true", help=flag.help)
            continue
        if default is None:
            shown = f" (default: {flag.default_note})" if flag.default_note else ""
        else:
            value = f"{default:g}" if isinstance(default, float) else str(default)
            shown = f" (default {value}" + (f": {flag.default_note}" if flag.default_note else "") + ")"
        kwargs: dict[str, Any] = {"dest": f.name, "default": default, "metavar": flag.metavar, "help": flag.help + shown}
        if typing.get_origin(hint) is Literal:
            kwargs["choices"] = typing.get_args(hint)
        else:
            kwargs["type"] = flag.type or hint
        parser.add_argument(name, **kwargs)


def from_flags(args: argparse.Namespace, **given: Any) -> TrainConfig:
    """The TrainConfig that ``args`` (parsed by a parser :func:`add_flags` set up) names, with
    the fields the command takes otherwise (``game``, ``out``, ``options``) in ``given``."""
    values = {f.name: (flag.to_config or (lambda v: v))(getattr(args, f.name)) for f, flag in flagged()}
    return TrainConfig(**given, **values)

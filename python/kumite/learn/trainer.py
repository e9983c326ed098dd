"""The AlphaZero loop of ``kumite train``: self-play in Rust with the current network, a replay
buffer, gradient steps in JAX, export to the file the Rust search reads, and again; with
checkpoints, resume, progress with an ETA, and a learning curve against fixed opponents."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax  # type: ignore[import-untyped]  # optax ships no type information

import kumite
from kumite.arena import play_games, step_bound, summarize
from kumite.bots import AZ_EXPLORATION, Bot, PolicyBot, make_bot
from kumite.learn.buffer import FOLDER, ReplayBuffer
from kumite.learn.export import read_params, save_net
from kumite.learn.model import Params, init_params, loss_fn
from kumite.learn.targets import bootstrap_truncated, mix_values, shaped_outcomes, td_values
from kumite.training import TrainConfig as TrainConfig  # stated without JAX; imported from here too
from kumite.training import parse_schedule, stage

CHECKPOINT = "checkpoint.pkl"
# A learning-curve point's fields that are not win rates.
COUNTERS = ("iteration", "minutes", "selfplay_games")


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=10,
                             cwd=Path(__file__).resolve().parent)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def check(cfg: TrainConfig, where: str = "") -> None:
    """Refuses settings no run takes, ``where`` said after the reason."""
    for name in ("warmup", "value_mix", "value_shaped"):
        if not 0.0 <= getattr(cfg, name) <= 1.0:
            raise ValueError(f"{name} is a share in 0 .. 1, not {getattr(cfg, name)!r}" + where)
    if cfg.value_td is not None:
        if not 0.0 <= cfg.value_td <= 1.0:
            raise ValueError(f"value_td (TD(λ)'s λ) is in 0 .. 1, not {cfg.value_td!r}" + where)
        if cfg.value_mix:
            raise ValueError("value_td and value_mix both shape the value targets from the search's values: choose one" + where)
    if cfg.leaf_mix is not None and not 0.0 < cfg.leaf_mix <= 1.0:
        raise ValueError(f"leaf_mix (λ, the playouts' share of a leaf's value) is in (0, 1], not {cfg.leaf_mix!r}" + where)
    if cfg.warmup_values not in ("playout", "heuristic"):
        raise ValueError(f"warmup_values is 'playout' or 'heuristic', not {cfg.warmup_values!r}" + where)
    if not 0.0 <= cfg.value_weight < float("inf"):
        raise ValueError(f"value_weight is a finite number of at least 0, not {cfg.value_weight!r}" + where)
    if cfg.truncated_values not in ("none", "search"):
        raise ValueError(f"truncated_values is 'none' or 'search', not {cfg.truncated_values!r}" + where)


class Trainer:
    def __init__(self, cfg: TrainConfig, log: Callable[[str], None] = print) -> None:
        check(cfg)
        for at, _ in parse_schedule(cfg.schedule) if cfg.schedule else []:
            check(stage(cfg, at), f" (from iteration {at} on, by the schedule)")
        self.cfg, self.log = cfg, log
        self.out = Path(cfg.out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.game = kumite.load(cfg.game, **cfg.options)
        g = self.game
        self.optimizer = optax.adamw(cfg.learning_rate, weight_decay=cfg.weight_decay)
        self.params: Params = {k: jnp.asarray(v) for k, v in init_params(
            cfg.seed, g.observation_shape[0], g.num_actions, g.num_players, cfg.hidden, cfg.blocks).items()}
        # Where the first weights came from (`start_from_init`), for the metadata: the file and
        # that network's own commit and command (its run may be gone).
        self.init_from = ""
        self.opt_state = self.optimizer.init(self.params)
        self.iteration = 0
        self.elapsed = 0.0
        self.selfplay_games = 0
        self.positions = 0
        self.simulations_run = 0
        self.selfplay_seconds = 0.0
        self.buffer = ReplayBuffer(self.out, cfg.buffer_rows)
        self.curve: list[dict[str, Any]] = []
        self.net: kumite.Net | None = None
        self.rng = np.random.default_rng(cfg.seed)

        optimizer, value_weight = self.optimizer, cfg.value_weight

        @jax.jit
        def step(params: Params, opt_state: Any, batch: dict[str, Any]) -> tuple[Params, Any, Any, dict[str, Any]]:
            (loss, parts), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch, value_weight)
            updates, opt_state = optimizer.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), opt_state, loss, parts

        self._step = step
        self._losses = jax.jit(lambda params, batch: loss_fn(params, batch)[1])

    def start_from_init(self) -> None:
        """A new run's first weights from ``cfg.init`` (a resumed run takes its checkpoint's, so
        the file need not outlive the run's start)."""
        if not self.cfg.init:
            return
        params, path, net = read_params(self.cfg.init, self.game, self.cfg.hidden, self.cfg.blocks)
        self.params = {k: jnp.asarray(v) for k, v in params.items()}
        self.opt_state = self.optimizer.init(self.params)
        made = net.metadata
        self.init_from = f"{path.name} (commit {made.get('commit', '?')}: {made.get('command', '?')})"

    # Checkpoints hold everything needed to go on: weights, optimizer, curve, counters, and the
    # list of the replay buffer's chunks (the rows are in their own files, written once).
    def save_checkpoint(self) -> None:
        state = {
            "config": asdict(self.cfg),
            "params": jax.device_get(self.params),
            "opt_state": jax.device_get(self.opt_state),
            "iteration": self.iteration,
            "elapsed": self.elapsed,
            "selfplay_games": self.selfplay_games,
            "positions": self.positions,
            "simulations_run": self.simulations_run,
            "selfplay_seconds": self.selfplay_seconds,
            "buffer_chunks": self.buffer.manifest(),
            "curve": self.curve,
            "rng": self.rng.bit_generator.state,
            "init_from": self.init_from,
        }
        tmp = self.out / (CHECKPOINT + ".tmp")
        with open(tmp, "wb") as f:
            pickle.dump(state, f)
        tmp.replace(self.out / CHECKPOINT)
        self.buffer.prune()

    def load_checkpoint(self) -> bool:
        path = self.out / CHECKPOINT
        if not path.exists():
            return False
        with open(path, "rb") as f:
            state = pickle.load(f)  # noqa: S301 - the trainer's own file in the user's own folder
        saved = state["config"]
        for key in ("game", "options", "hidden", "blocks"):
            if saved[key] != asdict(self.cfg)[key]:
                raise ValueError(f"{path} was made with {key}={saved[key]!r}, not {asdict(self.cfg)[key]!r}: use another --out")
        self.params = jax.tree_util.tree_map(jnp.asarray, state["params"])
        self.opt_state = jax.tree_util.tree_map(jnp.asarray, state["opt_state"])
        for key in ("iteration", "elapsed", "selfplay_games", "positions", "simulations_run", "selfplay_seconds", "curve"):
            setattr(self, key, state[key])
        if "buffer" in state:
            # A checkpoint from before the chunks holds the rows: they become one chunk.
            if state["buffer"]:
                self.buffer.add(self.iteration - 1, state["buffer"], f"{self.iteration:06d}-resumed")
        else:
            self.buffer.load(state["buffer_chunks"], self.iteration)
        self.rng.bit_generator.state = state["rng"]
        self.init_from = state.get("init_from", "")
        self.export("net.safetensors")
        return True

    def provenance(self) -> dict[str, Any]:
        return {
            "commit": _commit(),
            # The game options it learned (the fingerprint ties it to them; this names them).
            "options": json.dumps(self.cfg.options, sort_keys=True),
            "seed": self.cfg.seed,
            "budget_minutes": self.cfg.budget_minutes,
            "simulations": self.cfg.simulations,
            "recipe": self.recipe(),
            "iterations": self.iteration,
            "selfplay_games": self.selfplay_games,
            "cpu_minutes": round(self.elapsed / 60, 2),
            "command": self.cfg.command or (" ".join(["kumite", *sys.argv[1:]]) if sys.argv and "kumite" in sys.argv[0] else "kumite.learn.train"),
            **({"init": self.init_from} if self.init_from else {}),
            "created": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        }

    def recipe(self) -> str:
        """The self-play choices that shape what the network learns, as `kumite train` options."""
        cfg = self.cfg
        return (f"gumbel={cfg.gumbel or 0} warmup={cfg.warmup:g}"
                + (f" warmup_simulations={cfg.warmup_simulations}" if cfg.warmup_simulations else "")
                + f" warmup_values={cfg.warmup_values} "
                f"warmup_priors={str(cfg.warmup_priors).lower()} value_mix={cfg.value_mix:g}"
                + (f" value_shaped={cfg.value_shaped:g}" if cfg.value_shaped else "")
                + (f" leaf_mix={cfg.leaf_mix:g}" if cfg.leaf_mix is not None else "")
                + (f" value_td={cfg.value_td:g}" if cfg.value_td is not None else "")
                + (f" truncated_values={cfg.truncated_values}" if cfg.truncated_values != "none" else "")
                + (f" value_weight={cfg.value_weight:g}" if cfg.value_weight != 1.0 else "")
                + (f" opponent={cfg.opponent} opponent_share={cfg.opponent_share:g}" if cfg.opponent else "")
                + (f" schedule={cfg.schedule}" if cfg.schedule else "")
                + (f" init={cfg.init}" if cfg.init else ""))

    def export(self, name: str) -> kumite.Net:
        self.net = save_net(jax.device_get(self.params), self.game, self.out / name, self.provenance())
        return self.net

    def warm(self) -> bool:
        """Whether the run is in its warmup share (of the iterations, else of the budget)."""
        cfg = self.cfg
        done = self.iteration / cfg.iterations if cfg.iterations else self.elapsed / (cfg.budget_minutes * 60)
        return done < cfg.warmup

    def now(self) -> TrainConfig:
        """The settings of the next iteration: the run's, with its schedule's stages so far."""
        return stage(self.cfg, self.iteration)

    def simulations(self) -> int:
        """Self-play's search iterations a move now: `warmup_simulations` during the warmup."""
        cfg = self.now()
        return cfg.warmup_simulations if cfg.warmup_simulations and self.warm() else cfg.simulations

    def selfplay(self) -> None:
        cfg = self.now()
        start = time.perf_counter()
        warm = self.warm()
        net = self.net if not warm or cfg.warmup_priors else None
        data = kumite.selfplay(
            self.game, net, games=cfg.games_per_iteration, simulations=self.simulations(),
            seed=cfg.seed * 1_000_003 + self.iteration, threads=cfg.threads, max_steps=cfg.max_steps,
            temperature_moves=cfg.temperature_moves, exploration=AZ_EXPLORATION, gumbel=cfg.gumbel,
            leaf_values=cfg.warmup_values if warm else "evaluator", leaf_mix=None if warm else cfg.leaf_mix,
            opponent=cfg.opponent, opponent_share=cfg.opponent_share,
        )
        self.selfplay_seconds += time.perf_counter() - start
        self.selfplay_games += cfg.games_per_iteration
        self.simulations_run += int(data["simulations"])
        if cfg.value_shaped:
            # A copy: the targets below read the shaped outcome, the caller's data stays as played.
            data = {**data, "values": shaped_outcomes(data, cfg.value_shaped)}
        rows = {k: data[k] for k in ("observations", "masks", "policy", "values", "truncated")}
        if cfg.value_mix:
            rows["values"] = mix_values(data, self.game, cfg.value_mix)
        if cfg.value_td is not None:
            rows["values"] = td_values(data, self.game, cfg.value_td)
        if cfg.truncated_values == "search":
            rows["values"], rows["truncated"] = bootstrap_truncated(data, self.game, rows["values"])
        self.positions += len(rows["truncated"])
        self.buffer.add(self.iteration, rows)

    def unseen_losses(self) -> dict[str, float]:
        """The policy and value losses on the newest iteration's positions before the network
        learns from them: games it has not seen, so a value loss far above the training one
        says the value head fits its games rather than learning positions (at most 4,096 rows)."""
        rows = self.buffer.chunks[-1].rows
        idx = np.arange(min(4096, len(rows["truncated"])))
        parts = self._losses(self.params, {k: jnp.asarray(v[idx]) for k, v in rows.items()})
        return {"policy_loss": float(parts["policy_loss"]), "value_loss": float(parts["value_loss"])}

    def learn(self) -> dict[str, float]:
        n = len(self.buffer)
        losses: list[tuple[float, float, float]] = []
        for _ in range(self.cfg.steps_per_iteration):
            idx = self.rng.integers(0, n, size=min(self.cfg.batch_size, n))
            batch = {k: jnp.asarray(v) for k, v in self.buffer.sample(idx).items()}
            self.params, self.opt_state, loss, parts = self._step(self.params, self.opt_state, batch)
            losses.append((float(loss), float(parts["policy_loss"]), float(parts["value_loss"])))
        mean = np.mean(losses, axis=0)
        return {"loss": float(mean[0]), "policy_loss": float(mean[1]), "value_loss": float(mean[2])}

    def eval_specs(self) -> list[kumite.BotSpec]:
        """The searches with the network the learning curve measures besides the network alone:
        `az:N` at self-play's simulations, and with heuristic warmup values also `azh:N`, the
        search self-play ran (the net's priors, the game's heuristic values)."""
        kinds = ["az"] + (["azh"] if self.now().warmup_values == "heuristic" else [])
        return [kumite.BotSpec.parse(f"{kind}:{self.simulations()}") for kind in kinds]

    def evaluate(self) -> dict[str, Any]:
        """Win rates (draws half, seats swapped) of the network alone and of the network inside
        the search against each fixed opponent; in games of more than two seats the candidate
        takes one seat and the opponent every other. In a cooperative game there is no
        opponent: a team of the candidate in every seat plays, and its win rate is the point.
        Games are played on `threads` (default every core), one search thread each: each game
        has bots of its own, seeded by the game, so a point does not depend on the threads."""
        assert self.net is not None
        cfg, g = self.cfg, self.game
        point: dict[str, Any] = {"iteration": self.iteration, "minutes": round(self.elapsed / 60, 2),
                                 "selfplay_games": self.selfplay_games}
        net = self.net
        candidates: dict[str, Callable[[int], Bot]] = {"policy": lambda _: PolicyBot(net, "policy")}
        gumbel = self.now().gumbel
        for spec in self.eval_specs():
            name = str(spec) + (f" gumbel:{gumbel}" if gumbel else "")
            candidates[name] = partial(self._search_bot, spec)
        matches: dict[str, list[Callable[[int], Bot]]] = {}
        for name, make in candidates.items():
            if g.utility == "identical":
                matches[f"{name} team"] = [make] * g.num_players
                continue
            for opponent in cfg.eval_opponents:
                matches[f"{name} vs {opponent}"] = [make] + [partial(make_bot, opponent, g, threads=1)] * (g.num_players - 1)
        seed = 10_000 + self.iteration
        # Cut like self-play: an untrained net can stall a game for its whole run bound.
        bound = step_bound(g, cfg.max_steps)

        def play(task: tuple[str, int]) -> tuple[Any, Any, Any]:
            name, k = task
            seeds = np.random.SeedSequence((seed, k)).generate_state(g.num_players)
            bots = [build(int(s)) for build, s in zip(matches[name], seeds)]
            return play_games(g, bots, range(k, k + 1), seed, max_steps=bound)

        tasks = [(name, k) for name in matches for k in range(cfg.eval_games)]
        pool = ThreadPoolExecutor(cfg.threads or os.cpu_count() or 1)
        try:
            games = dict(zip(tasks, pool.map(play, tasks)))
        finally:
            pool.shutdown(cancel_futures=True)  # on Ctrl-C, only the games under way are finished
        for name in matches:
            returns, lengths, truncated = (np.concatenate(part) for part in zip(*(games[name, k] for k in range(cfg.eval_games))))
            point[name] = round(float(summarize([name] * g.num_players, returns, lengths, truncated).win_rate[0]), 4)
        return point

    def _search_bot(self, spec: kumite.BotSpec, _seed: int) -> Bot:
        """The network inside the search: its moves depend on the run's seed and each game's
        progress, as `MCTS.from_spec` searches are."""
        return kumite.MCTS.from_spec(self.game, spec, seed=self.cfg.seed, threads=1, net=self.net, gumbel=self.now().gumbel)

    def write_curve(self) -> None:
        (self.out / "curve.json").write_text(json.dumps(self.curve, indent=1))
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            return
        fig, ax = plt.subplots(figsize=(7, 4), layout="constrained")
        # A run resumed with other settings (more simulations: `az:64` for `az:32`) draws new
        # lines from its own points on; each line is drawn where its points are.
        keys = list(dict.fromkeys(k for p in self.curve for k in p if k not in COUNTERS))
        for k in keys:
            points = [p for p in self.curve if k in p]
            ax.plot([p["minutes"] for p in points], [p[k] for p in points], marker="o", label=k)
        ax.set_xlabel("training minutes")
        ax.set_ylabel("win rate (draws half, seats swapped)")
        ax.set_ylim(0, 1)
        ax.set_title(f"{self.cfg.game}: learning curve" + (" (one point: a run too short for a curve)" if len(self.curve) < 2 else ""))
        ax.legend(fontsize=8)
        fig.savefig(self.out / "curve.png", dpi=100)
        plt.close(fig)

    def run(self) -> dict[str, Any]:
        cfg = self.cfg
        budget = cfg.budget_minutes * 60
        saved_at = self.elapsed
        try:
            self._loop(budget, saved_at)
        except KeyboardInterrupt:
            self.checkpoint()
            self.log(f"interrupted: checkpoint at iteration {self.iteration} in {self.out / CHECKPOINT}")
            raise
        self.final_point()
        self.checkpoint()
        size = (self.out / CHECKPOINT).stat().st_size
        chunks = self.buffer.bytes_on_disk()
        self.log(f"{self.out / CHECKPOINT} ({size / 1e6:.1f} MB) and the replay buffer's {len(self.buffer):,} positions in "
                 f"{self.out / FOLDER} ({chunks / 1e6:.0f} MB) (what --resume needs; the network alone is net.safetensors)")
        self.export("net.safetensors")
        summary = {"out": str(self.out / "net.safetensors"), "iterations": self.iteration,
                   "minutes": round(self.elapsed / 60, 2), "selfplay_games": self.selfplay_games,
                   "positions": self.positions, "simulations_per_second": round(self.simulations_run / max(1e-9, self.selfplay_seconds)),
                   "curve": self.curve[-1] if self.curve else None, "curve_points": len(self.curve)}
        (self.out / "summary.json").write_text(json.dumps(summary, indent=1))
        return summary

    def final_point(self) -> None:
        """The network the run ends with is measured (a run that ended between two points, as a
        short budget does, still gets one: the curve draws what there is), and a run too short
        for a curve says so."""
        cfg = self.cfg
        if not cfg.eval_games:
            return
        if self.iteration == 0:
            self.log("no learning curve: the budget ended before the first iteration did (try a larger --budget)")
            return
        if not self.curve or self.curve[-1]["iteration"] != self.iteration:
            start = time.perf_counter()
            self.curve.append(self.evaluate())
            self.elapsed += time.perf_counter() - start
            self.write_curve()
        if len(self.curve) < 2:
            self.log(f"too short for a learning curve: {len(self.curve)} point, after iteration {self.iteration} "
                     f"(a point every {cfg.eval_every} iterations and one at the end); "
                     f"{self.out / 'curve.png'} shows it as a point")

    def checkpoint(self) -> float:
        """Writes the checkpoint, its time counted in the training clock; returns the clock."""
        start = time.perf_counter()
        self.save_checkpoint()
        self.elapsed += time.perf_counter() - start
        return self.elapsed

    def _loop(self, budget: float, saved_at: float) -> None:
        cfg = self.cfg
        # Until the first export `self.net` is None: the first round searches with uniform priors.
        while True:
            if cfg.iterations is not None and self.iteration >= cfg.iterations:
                break
            if cfg.iterations is None and self.elapsed >= budget:
                break
            start = time.perf_counter()
            self.selfplay()
            unseen = self.unseen_losses()
            losses = self.learn()
            self.iteration += 1
            self.elapsed += time.perf_counter() - start
            self.export("net.safetensors")
            last = cfg.iterations is not None and self.iteration == cfg.iterations
            if cfg.eval_games and (self.iteration % cfg.eval_every == 0 or last):
                eval_start = time.perf_counter()
                self.curve.append(self.evaluate())
                self.elapsed += time.perf_counter() - eval_start
                self.write_curve()
            if self.elapsed - saved_at >= cfg.checkpoint_minutes * 60:
                saved_at = self.checkpoint()
            rate = self.simulations_run / max(1e-9, self.selfplay_seconds)
            left = (f"{(cfg.iterations - self.iteration) * self.elapsed / self.iteration / 60:.1f} min" if cfg.iterations
                    else f"{max(0.0, budget - self.elapsed) / 60:.1f} min")
            self.log(
                f"iteration {self.iteration} | {self.elapsed / 60:.1f} min | {self.selfplay_games} games, "
                f"{self.positions:,} positions | loss {losses['loss']:.3f} (policy {losses['policy_loss']:.3f}, "
                f"value {losses['value_loss']:.3f}; on the new games before learning them: policy "
                f"{unseen['policy_loss']:.3f}, value {unseen['value_loss']:.3f}) | {rate:,.0f} simulations/s | ETA {left}"
                + (f" | {', '.join(f'{k} {v:.0%}' for k, v in self.curve[-1].items() if k not in COUNTERS)}"
                   if self.curve and self.curve[-1]["iteration"] == self.iteration else "")
            )


def train(cfg: TrainConfig, resume: bool = False, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Runs the loop into ``cfg.out`` (``net.safetensors``, ``checkpoint.pkl``, ``buffer/``,
    ``curve.json``, ``curve.png``, ``summary.json``); with ``resume`` it continues from the
    folder's checkpoint."""
    trainer = Trainer(cfg, log)
    if resume and trainer.load_checkpoint():
        log(f"resumed at iteration {trainer.iteration} ({trainer.elapsed / 60:.1f} min done)")
    else:
        trainer.start_from_init()
    return trainer.run()

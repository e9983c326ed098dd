"""Playing a run's games: pieces (a range of one cell's games) played here, in worker processes,
or as Ray tasks through ``kumite.distributed``.

A game's result depends only on the run's seed, its cell's key and its index: game ``g`` of a
cell is seeded from those three, and its bots are made for that game alone, seeded from the
game's seed. So the answer is the same however the games are split (one worker or many, a Ray
cluster or none).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import kumite
from kumite.arena import play_out
from kumite.bots import make_bot

SEED_MASK = (1 << 63) - 1


def game_seed(run_seed: int, key: str, g: int) -> int:
    """Game ``g`` of the cell ``key``: a 63-bit seed from the three (stable across versions)."""
    digest = hashlib.blake2b(f"{run_seed}/{key}/{g}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") & SEED_MASK


@dataclass(frozen=True)
class Piece:
    """Games ``first .. first + count`` of one cell, in one arm (the default or the variant)."""

    game: str
    options: dict[str, Any]
    alternate: tuple[str, tuple[Any, ...]] | None
    specs: tuple[str, ...]
    run_seed: int
    key: str
    first: int
    count: int
    max_steps: int
    # A campaign's stage and round fields in the JSON state and its number of stages
    # (`Plan.campaign`), or None.
    campaign: tuple[str, str, int] | None


Outcome = dict[str, npt.NDArray[Any]]


def _load(piece: Piece, g: int, cache: dict[Any, kumite.Game]) -> kumite.Game:
    options = dict(piece.options)
    if piece.alternate is not None:
        name, values = piece.alternate
        options[name] = values[g % len(values)]
    text = json.dumps(options, sort_keys=True)
    if text not in cache:
        cache[text] = kumite.load(piece.game, **options)
    return cache[text]


def play_piece(piece: Piece) -> Outcome:
    """Plays a piece: per game the returns (seat order), the length, whether it was cut at the
    run's bound, and for a campaign the stage (1-based) and the round it ended in."""
    cache: dict[Any, kumite.Game] = {}
    players = _load(piece, piece.first, cache).num_players
    n = piece.count
    returns = np.zeros((n, players), np.float32)
    lengths = np.zeros(n, np.int32)
    truncated = np.zeros(n, np.bool_)
    stage = np.zeros(n, np.int32)
    rounds = np.zeros(n, np.int32)
    everyone_random = all(spec == "random" for spec in piece.specs)
    for k in range(n):
        g = piece.first + k
        game = _load(piece, g, cache)
        seed = game_seed(piece.run_seed, piece.key, g)
        if everyone_random and piece.campaign is None:
            # Uniformly random seats are the engine's rollout: the same play, without Python.
            result = kumite.rollout(game, 1, seed=seed, threads=1, max_steps=piece.max_steps)
            returns[k], lengths[k], truncated[k] = result.returns[0], result.lengths[0], result.truncated[0]
            continue
        bots = [make_bot(spec, game, (seed + 1 + s) & SEED_MASK, threads=1)
                for s, spec in enumerate(piece.specs[:players])]
        state = game.new_state(seed=seed)
        lengths[k] = play_out(state, bots, piece.max_steps)
        returns[k] = state.returns()
        truncated[k] = not state.is_terminal()
        if piece.campaign is not None:
            inner = json.loads(state.to_json())["state"]
            stage_field, round_field, stages = piece.campaign
            stage[k] = min(int(inner[stage_field]), stages - 1) + 1
            rounds[k] = int(inner[round_field])
    return {"returns": returns, "lengths": lengths, "truncated": truncated, "stage": stage, "round": rounds}


def run_pieces(
    pieces: Sequence[Piece],
    workers: int,
    address: str | None,
    on_done: Callable[[int, Outcome], None],
) -> None:
    """Plays every piece: here (``workers`` 1), in ``workers`` processes, or as Ray tasks on the
    cluster at ``address``; ``on_done(index, outcome)`` is called as each finishes."""
    if address is not None:
        from kumite import distributed

        distributed.map_tasks(play_piece, list(pieces), address=address, on_done=on_done)
        return
    if workers <= 1:
        for i, piece in enumerate(pieces):
            on_done(i, play_piece(piece))
        return
    # Spawned, not forked: the engine's thread pool may already run in this process. On any
    # exception (Ctrl-C, SIGTERM in the command) the workers are killed, not left playing.
    pool = multiprocessing.get_context("spawn").Pool(workers)
    try:
        for i, outcome in pool.imap_unordered(_play_indexed, list(enumerate(pieces))):
            on_done(i, outcome)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _play_indexed(item: tuple[int, Piece]) -> tuple[int, Outcome]:
    return item[0], play_piece(item[1])

"""The replay buffer of ``kumite train``: the last ``capacity`` self-play rows, one chunk per
iteration. Each chunk is written once, when its iteration adds it, to ``buffer/<iteration>.npz``
in the run folder (uncompressed: writing is the cost that matters), so the checkpoint only names
the chunks (:meth:`ReplayBuffer.manifest`) and stays small."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

# The fields a row holds: what the gradient step reads.
FIELDS = ("observations", "masks", "policy", "values", "truncated")
FOLDER = "buffer"


@dataclass
class Chunk:
    """One iteration's rows (the oldest chunk's first rows may have left the window), and the
    file under ``buffer/`` that holds them all."""

    iteration: int
    file: str
    rows: dict[str, np.ndarray]

    def __len__(self) -> int:
        return len(self.rows["truncated"])


def _write(path: Path, rows: dict[str, np.ndarray]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    arrays: dict[str, Any] = {k: rows[k] for k in FIELDS}  # savez's stubs type its keywords as its own flag's
    with open(tmp, "wb") as f:
        np.savez(f, **arrays)
    tmp.replace(path)


class ReplayBuffer:
    def __init__(self, out: Path, capacity: int) -> None:
        self.folder = out / FOLDER
        self.capacity = capacity
        self.chunks: list[Chunk] = []

    def __len__(self) -> int:
        return sum(len(c) for c in self.chunks)

    def add(self, iteration: int, rows: dict[str, np.ndarray], file: str | None = None) -> None:
        """Writes ``rows`` to their chunk's file and keeps the last ``capacity`` rows."""
        self.folder.mkdir(parents=True, exist_ok=True)
        chunk = Chunk(iteration, file or f"{iteration:06d}.npz", {k: rows[k] for k in FIELDS})
        _write(self.folder / chunk.file, chunk.rows)
        self.chunks.append(chunk)
        self._trim()

    def _trim(self) -> None:
        excess = len(self) - self.capacity
        while self.chunks and excess >= len(self.chunks[0]):
            excess -= len(self.chunks.pop(0))
        if excess > 0 and self.chunks:
            first = self.chunks[0]
            first.rows = {k: v[excess:] for k, v in first.rows.items()}

    def sample(self, index: np.ndarray) -> dict[str, np.ndarray]:
        """The rows at ``index`` (0 the oldest row kept), field by field, in ``index``'s order;
        observations as float32 whatever a chunk holds."""
        sizes = np.array([len(c) for c in self.chunks])
        starts = np.cumsum(sizes) - sizes
        which = np.searchsorted(starts, index, side="right") - 1
        local = index - starts[which]
        batch: dict[str, np.ndarray] = {}
        for key in FIELDS:
            first = self.chunks[0].rows[key]
            out = np.empty((len(index), *first.shape[1:]), np.float32 if key == "observations" else first.dtype)
            for c in np.unique(which):
                rows = which == c
                out[rows] = self.chunks[c].rows[key][local[rows]]
            batch[key] = out
        return batch

    def manifest(self) -> list[dict[str, Any]]:
        """What a checkpoint records: each chunk's iteration, file and the rows kept (its last)."""
        return [{"iteration": c.iteration, "file": c.file, "rows": len(c)} for c in self.chunks]

    def load(self, manifest: list[dict[str, Any]], before: int) -> None:
        """Reads the chunks a checkpoint names, leaving out those of iterations from ``before``
        on: an iteration interrupted after its self-play is played again on resuming."""
        self.chunks = []
        for entry in manifest:
            if entry["iteration"] >= before:
                continue
            path = self.folder / entry["file"]
            try:
                with np.load(path) as saved:
                    rows = {k: saved[k] for k in FIELDS}
                if any(len(v) < entry["rows"] for v in rows.values()):
                    raise ValueError(f"fewer rows than the {entry['rows']} it lists")
                rows = {k: v[len(v) - entry["rows"]:] for k, v in rows.items()}
            except (OSError, KeyError, ValueError) as e:
                raise ValueError(f"{path}: a chunk of the checkpoint's replay buffer cannot be read ({e})") from None
            self.chunks.append(Chunk(entry["iteration"], entry["file"], rows))
        self._trim()

    def prune(self) -> None:
        """Deletes the chunk files no chunk kept names: called once a checkpoint that no longer
        lists them is written, so the previous checkpoint stays resumable until then."""
        kept = {c.file for c in self.chunks}
        for path in self.folder.glob("*.npz"):
            if path.name not in kept:
                path.unlink()

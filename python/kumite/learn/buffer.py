"""The replay buffer of ``kumite train``: the last ``capacity`` self-play rows, one chunk per
iteration. Each chunk is written once, when its iteration adds it, to ``buffer/<iteration>/``
in the run folder (a ``.npy`` file per field: uncompressed, read back at disk speed), so the
checkpoint only names the chunks (:meth:`ReplayBuffer.manifest`) and stays small."""

from __future__ import annotations

import shutil
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
    folder under ``buffer/`` that holds them all."""

    iteration: int
    name: str
    rows: dict[str, np.ndarray]

    def __len__(self) -> int:
        return len(self.rows["truncated"])


def _write(path: Path, rows: dict[str, np.ndarray]) -> None:
    # Written aside and renamed: a folder is either whole or absent.
    tmp = path.with_name(path.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    for key in FIELDS:
        np.save(tmp / f"{key}.npy", rows[key])
    shutil.rmtree(path, ignore_errors=True)
    tmp.rename(path)


class ReplayBuffer:
    def __init__(self, out: Path, capacity: int) -> None:
        self.folder = out / FOLDER
        self.capacity = capacity
        self.chunks: list[Chunk] = []

    def __len__(self) -> int:
        return sum(len(c) for c in self.chunks)

    def add(self, iteration: int, rows: dict[str, np.ndarray], name: str | None = None) -> None:
        """Writes ``rows`` to their chunk's folder (``name``, default the iteration's) and keeps
        the last ``capacity`` rows."""
        self.folder.mkdir(parents=True, exist_ok=True)
        chunk = Chunk(iteration, name or f"{iteration:06d}", {k: rows[k] for k in FIELDS})
        _write(self.folder / chunk.name, chunk.rows)
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
        """The rows at ``index`` (0 the oldest row kept), field by field, in ``index``'s order."""
        sizes = np.array([len(c) for c in self.chunks])
        starts = np.cumsum(sizes) - sizes
        which = np.searchsorted(starts, index, side="right") - 1
        local = index - starts[which]
        batch: dict[str, np.ndarray] = {}
        for key in FIELDS:
            first = self.chunks[0].rows[key]
            out = np.empty((len(index), *first.shape[1:]), first.dtype)
            for c in np.unique(which):
                rows = which == c
                out[rows] = self.chunks[c].rows[key][local[rows]]
            batch[key] = out
        return batch

    def bytes_on_disk(self) -> int:
        return sum(f.stat().st_size for c in self.chunks for f in (self.folder / c.name).iterdir())

    def manifest(self) -> list[dict[str, Any]]:
        """What a checkpoint records: each chunk's iteration, folder and the rows kept (its last)."""
        return [{"iteration": c.iteration, "name": c.name, "rows": len(c)} for c in self.chunks]

    def load(self, manifest: list[dict[str, Any]], before: int) -> None:
        """Reads the chunks a checkpoint names, leaving out those of iterations from ``before``
        on: an iteration interrupted after its self-play is played again on resuming."""
        self.chunks = []
        for entry in manifest:
            if entry["iteration"] >= before:
                continue
            path = self.folder / entry["name"]
            try:
                rows = {k: np.load(path / f"{k}.npy") for k in FIELDS}
                if any(len(v) < entry["rows"] for v in rows.values()):
                    raise ValueError(f"fewer rows than the {entry['rows']} it lists")
                rows = {k: v[len(v) - entry["rows"]:] for k, v in rows.items()}
            except (OSError, KeyError, ValueError) as e:
                raise ValueError(f"{path}: a chunk of the checkpoint's replay buffer cannot be read ({e})") from None
            self.chunks.append(Chunk(entry["iteration"], entry["name"], rows))
        self._trim()

    def prune(self) -> None:
        """Deletes the chunk folders no chunk kept names: called once a checkpoint that no longer
        lists them is written, so the previous checkpoint stays resumable until then."""
        if not self.folder.exists():
            return
        kept = {c.name for c in self.chunks}
        for path in self.folder.iterdir():
            if path.is_dir() and path.name not in kept:
                shutil.rmtree(path)

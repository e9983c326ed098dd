"""Writing a network as a `kumite-net-1` safetensors file, which `kumite.Net.load` reads, and
reading one's weights back to start a run from (``--init``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from safetensors.numpy import load_file, save

import kumite
from kumite.bots import load_net, shipped_net
from kumite.learn.model import Params, blocks_of, layers


def net_bytes(params: Params, game: kumite.Game, provenance: dict[str, Any] | None = None) -> bytes:
    """The file's bytes: every tensor as float32, and the metadata that ties the network to
    ``game`` (its name, shapes and fingerprint, as `kumite.Net.metadata_for` states them) plus
    ``provenance`` (commit, seed, budget…)."""
    tensors = {k: np.ascontiguousarray(np.asarray(v, dtype=np.float32)) for k, v in params.items()}
    (first, _), *_ = layers(tensors)
    metadata = {
        **kumite.Net.metadata_for(game, first.shape[0], blocks_of(tensors)),
        **{k: str(v) for k, v in (provenance or {}).items()},
    }
    return save(tensors, metadata=metadata)


def save_net(params: Params, game: kumite.Game, path: str | Path, provenance: dict[str, Any] | None = None) -> kumite.Net:
    """Writes the file (atomically: a reader never sees half of it) and returns it loaded."""
    data = net_bytes(params, game, provenance)
    path = Path(path)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return kumite.Net.from_bytes(data)


def read_params(spec: str, game: kumite.Game, hidden: int, blocks: int) -> tuple[Params, Path, kumite.Net]:
    """The weights of the network ``spec`` names (a file, or ``shipped``: the one the package
    ships for ``game`` and its options), its path and the network as read: checked against the
    game as the bots check it (a network made for other options or content raises
    ``NetMismatchError``), and against the run's shape, which must be the network's."""
    path, net = shipped_net(game) if spec == "shipped" else (Path(spec), load_net(game, spec))
    params: Params = load_file(path)
    (first, _), *_ = layers(params)
    shape = (first.shape[0], blocks_of(params))
    if shape != (hidden, blocks):
        raise ValueError(f"{path} is a network of {shape[0]} hidden units and {shape[1]} blocks, this run's of "
                         f"{hidden} and {blocks}: pass --hidden {shape[0]} --blocks {shape[1]} to start from it")
    return params, path, net

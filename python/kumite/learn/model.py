"""The network of `kumite.Net` in JAX: the same residual MLP, with parameters named and laid
out as in the `kumite-net-1` file (PyTorch's ``nn.Linear`` layout, ``[out, in]``), so exporting
is writing the arrays as they are."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

Params = dict[str, Any]


def layer_shapes(obs_len: int, num_actions: int, num_players: int, hidden: int, blocks: int) -> list[tuple[str, int, int]]:
    """``(name, outputs, inputs)`` of every linear layer, in file order."""
    layers = [("input", hidden, obs_len)]
    for b in range(blocks):
        layers += [(f"blocks.{b}.fc1", hidden, hidden), (f"blocks.{b}.fc2", hidden, hidden)]
    return layers + [("policy", num_actions, hidden), ("value", num_players, hidden)]


def init_params(seed: int, obs_len: int, num_actions: int, num_players: int, hidden: int, blocks: int) -> Params:
    """He-initialised weights, zero biases; each block's second layer starts at zero, so every
    block starts as the identity (the usual residual start)."""
    rng = np.random.default_rng(seed)
    params: Params = {}
    for name, out, inp in layer_shapes(obs_len, num_actions, num_players, hidden, blocks):
        scale = 0.0 if name.endswith("fc2") else np.sqrt(2.0 / inp) * (0.1 if name in ("policy", "value") else 1.0)
        params[f"{name}.weight"] = (rng.standard_normal((out, inp)) * scale).astype(np.float32)
        params[f"{name}.bias"] = np.zeros(out, np.float32)
    return params


def blocks_of(params: Params) -> int:
    return sum(1 for k in params if k.endswith(".fc1.weight"))


def forward(params: Params, observations: Any, masks: Any) -> tuple[Any, Any]:
    """``(log_priors, values)``: log-softmax over the legal actions (a large negative number
    elsewhere) and ``tanh`` values per seat, exactly as the Rust evaluator computes them."""

    def linear(name: str, x: Any) -> Any:
        return x @ params[f"{name}.weight"].T + params[f"{name}.bias"]

    h = jax.nn.relu(linear("input", observations))
    for b in range(blocks_of(params)):
        h = jax.nn.relu(h + linear(f"blocks.{b}.fc2", jax.nn.relu(linear(f"blocks.{b}.fc1", h))))
    logits = jnp.where(masks, linear("policy", h), -1e9)
    return jax.nn.log_softmax(logits, axis=-1), jnp.tanh(linear("value", h))


def loss_fn(params: Params, batch: dict[str, Any], value_weight: float = 1.0) -> tuple[Any, dict[str, Any]]:
    """Cross-entropy of the priors against the search's visit distribution, plus the squared
    error of every seat's value against the game's result (rows of truncated games, which have
    no result, count for the policy only)."""
    log_priors, values = forward(params, batch["observations"], batch["masks"])
    policy_loss = -jnp.mean(jnp.sum(batch["policy"] * jnp.where(batch["masks"], log_priors, 0.0), axis=-1))
    known = 1.0 - batch["truncated"].astype(jnp.float32)
    value_loss = jnp.sum(known[:, None] * (values - batch["values"]) ** 2) / jnp.maximum(1.0, jnp.sum(known) * values.shape[1])
    return policy_loss + value_weight * value_loss, {"policy_loss": policy_loss, "value_loss": value_loss}

"""The network of `kumite.Net` in JAX: the same residual MLP, with parameters named and laid
out as in the `kumite-net-1` file (PyTorch's ``nn.Linear`` layout, ``[out, in]``), so exporting
is writing the arrays as they are. The names and shapes are the Rust reader's
(`kumite.Net.layout`), written there once."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

import kumite

Params = dict[str, Any]


def init_params(seed: int, obs_len: int, num_actions: int, num_players: int, hidden: int, blocks: int) -> Params:
    """He-initialised weights, zero biases; each block's second layer starts at zero, so every
    block starts as the identity (the usual residual start)."""
    rng = np.random.default_rng(seed)
    params: Params = {}
    layers = kumite.Net.layout(obs_len, num_actions, num_players, hidden, blocks)
    for i, (weight, bias, out, inp) in enumerate(layers):
        # File order: the input layer, each block's fc1 and fc2, then the policy and value heads.
        head, fc2 = i >= len(layers) - 2, 0 < i < len(layers) - 2 and i % 2 == 0
        scale = 0.0 if fc2 else np.sqrt(2.0 / inp) * (0.1 if head else 1.0)
        params[weight] = (rng.standard_normal((out, inp)) * scale).astype(np.float32)
        params[bias] = np.zeros(out, np.float32)
    return params


def blocks_of(params: Params) -> int:
    """The residual blocks of a network: two tensors a layer, two layers a block, and three
    layers besides (input, policy, value)."""
    return (len(params) // 2 - 3) // 2


def layers(params: Params) -> list[tuple[Any, Any]]:
    """Each linear layer's ``(weight, bias)`` in file order (the sizes do not change the names)."""
    return [(params[w], params[b]) for w, b, _, _ in kumite.Net.layout(0, 0, 0, 0, blocks_of(params))]


def forward(params: Params, observations: Any, masks: Any) -> tuple[Any, Any]:
    """``(log_priors, values)``: log-softmax over the legal actions (a large negative number
    elsewhere) and ``tanh`` values per seat, exactly as the Rust evaluator computes them."""

    def linear(layer: tuple[Any, Any], x: Any) -> Any:
        weight, bias = layer
        return x @ weight.T + bias

    first, *residual, policy, value = layers(params)
    h = jax.nn.relu(linear(first, observations))
    for fc1, fc2 in zip(residual[::2], residual[1::2]):
        h = jax.nn.relu(h + linear(fc2, jax.nn.relu(linear(fc1, h))))
    logits = jnp.where(masks, linear(policy, h), -1e9)
    return jax.nn.log_softmax(logits, axis=-1), jnp.tanh(linear(value, h))


def loss_fn(params: Params, batch: dict[str, Any], value_weight: float = 1.0) -> tuple[Any, dict[str, Any]]:
    """Cross-entropy of the priors against the search's visit distribution, plus the squared
    error of every seat's value against the game's result (rows of truncated games, which have
    no result, count for the policy only)."""
    log_priors, values = forward(params, batch["observations"], batch["masks"])
    policy_loss = -jnp.mean(jnp.sum(batch["policy"] * jnp.where(batch["masks"], log_priors, 0.0), axis=-1))
    known = 1.0 - batch["truncated"].astype(jnp.float32)
    value_loss = jnp.sum(known[:, None] * (values - batch["values"]) ** 2) / jnp.maximum(1.0, jnp.sum(known) * values.shape[1])
    return policy_loss + value_weight * value_loss, {"policy_loss": policy_loss, "value_loss": value_loss}

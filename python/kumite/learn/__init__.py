"""Training policy-value networks by self-play (``kumite train``): the network the Rust search
evaluates (:class:`kumite.Net`), its JAX twin for the gradient step, and the AlphaZero loop.
Needs the ``learn`` extra (JAX, optax, safetensors)."""

from kumite._extras import require

for _module in ("jax", "optax", "safetensors"):
    require(_module, "learn", "kumite.learn")

from kumite.learn.export import net_bytes, save_net  # noqa: E402
from kumite.learn.model import forward, init_params, loss_fn  # noqa: E402
from kumite.learn.trainer import train  # noqa: E402
from kumite.training import TrainConfig  # noqa: E402

__all__ = ["TrainConfig", "forward", "init_params", "loss_fn", "net_bytes", "save_net", "train"]

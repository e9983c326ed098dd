"""Adapters to the ecosystem's environment interfaces. Each needs its optional extra:
the ``gym`` extra for :func:`gym_env`, ``pettingzoo`` for :func:`aec_env` and :func:`parallel_env`,
``openspiel`` for :mod:`kumite.envs.openspiel` (from a checkout: ``pip install '.[gym]'``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kumite.envs.gymnasium_env import KumiteGymEnv
    from kumite.envs.pettingzoo_env import KumiteAECEnv
    from kumite.envs.pettingzoo_parallel import KumiteParallelEnv


def gym_env(
    game: str,
    opponent: Any = None,
    seat: int = 0,
    illegal: str = "lose",
    render_mode: str | None = None,
    max_episode_steps: int | None = None,
    **options: Any,
) -> KumiteGymEnv:
    """A single-agent Gymnasium env: the agent plays `seat`, `opponent` (a bot, default random)
    plays every other seat. Episodes are truncated after `max_episode_steps` agent steps
    (default the game's `max_game_length`)."""
    from kumite.envs.gymnasium_env import KumiteGymEnv

    return KumiteGymEnv(
        game, opponent=opponent, seat=seat, illegal=illegal, render_mode=render_mode, max_episode_steps=max_episode_steps, **options
    )


def aec_env(game: str, render_mode: str | None = None, max_steps: int | None = None, **options: Any) -> KumiteAECEnv:
    """A PettingZoo AEC env: one agent per seat, acting in the game's turn order. After
    `max_steps` actions (default the game's `max_game_length`) every agent is truncated."""
    from kumite.envs.pettingzoo_env import KumiteAECEnv

    return KumiteAECEnv(game, render_mode=render_mode, max_steps=max_steps, **options)


def parallel_env(game: str, render_mode: str | None = None, max_steps: int | None = None, **options: Any) -> KumiteParallelEnv:
    """A PettingZoo parallel env: the players a game lets choose at the same time act in one
    step (Senjutsu's face-down selection); otherwise the player to move acts alone. After
    `max_steps` actions of the game (default its `max_game_length`) every agent is truncated."""
    from kumite.envs.pettingzoo_parallel import KumiteParallelEnv

    return KumiteParallelEnv(game, render_mode=render_mode, max_steps=max_steps, **options)


__all__ = ["aec_env", "gym_env", "parallel_env"]

# The adapter modules load on first use, each needing its extra: `kumite.envs.openspiel` works
# after `import kumite` alone.
_LAZY = ("gymnasium_env", "openspiel", "pettingzoo_env", "pettingzoo_parallel")


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        module = importlib.import_module(f"kumite.envs.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module 'kumite.envs' has no attribute {name!r}")

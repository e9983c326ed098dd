"""Adapters to the ecosystem's environment interfaces. Each needs its optional extra:
the ``gym`` extra for :func:`gym_env`, ``pettingzoo`` for :func:`aec_env` and :func:`parallel_env`,
``openspiel`` for :mod:`kumite.envs.openspiel` (from a checkout: ``pip install '.[gym]'``).
The three Gymnasium and PettingZoo adapters share one core (:mod:`kumite.envs.table`): the same
observation bounds, the same run bound ``max_steps`` (the game's actions, all seats') and the same
``illegal`` policy (``"lose"`` by default, ``"random"``, ``"raise"``).

Importing this module registers every game with Gymnasium (when it is installed) as
``kumite/<Game>-v0`` (:data:`GYM_IDS`), so ``gymnasium.make("kumite/Tekken-v0")`` works after
``import kumite.envs``, as after ``import ale_py`` for Atari; ``gymnasium.make(
"kumite.envs:kumite/Tekken-v0")`` imports it itself."""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

from kumite._extras import lazy_submodules
from kumite._kumite import games
from kumite.bots import Bot

if TYPE_CHECKING:
    from kumite.envs.gymnasium_env import KumiteGymEnv
    from kumite.envs.pettingzoo_env import KumiteAECEnv
    from kumite.envs.pettingzoo_parallel import KumiteParallelEnv


def gym_env(
    game: str,
    opponent: Bot | str | None = "random",
    seat: int = 0,
    illegal: str = "lose",
    render_mode: str | None = None,
    max_steps: int | None = None,
    **options: Any,
) -> KumiteGymEnv:
    """A single-agent Gymnasium env: the agent plays `seat`, `opponent` (a bot or a bot spec as
    :func:`kumite.make_bot` reads it, default ``"random"``) plays every other seat. An episode is
    truncated once the game has run `max_steps` actions, all seats' (default the game's
    `max_game_length`)."""
    from kumite.envs.gymnasium_env import KumiteGymEnv

    return KumiteGymEnv(game, opponent=opponent, seat=seat, illegal=illegal, render_mode=render_mode, max_steps=max_steps, **options)


def aec_env(
    game: str,
    render_mode: str | None = None,
    illegal: str = "lose",
    max_steps: int | None = None,
    split_observation: bool = False,
    **options: Any,
) -> KumiteAECEnv:
    """A PettingZoo AEC env: one agent per seat, acting in the game's turn order. After
    `max_steps` actions (default the game's `max_game_length`) every agent is truncated. With
    `split_observation` observations hold the public and the private part apart."""
    from kumite.envs.pettingzoo_env import KumiteAECEnv

    return KumiteAECEnv(
        game, render_mode=render_mode, illegal=illegal, max_steps=max_steps, split_observation=split_observation, **options
    )


def parallel_env(
    game: str,
    render_mode: str | None = None,
    illegal: str = "lose",
    max_steps: int | None = None,
    split_observation: bool = False,
    **options: Any,
) -> KumiteParallelEnv:
    """A PettingZoo parallel env: the players a game lets choose at the same time act in one
    step (Senjutsu's face-down selection); otherwise the player to move acts alone. After
    `max_steps` actions of the game (default its `max_game_length`) every agent is truncated.
    With `split_observation` observations hold the public and the private part apart."""
    from kumite.envs.pettingzoo_parallel import KumiteParallelEnv

    return KumiteParallelEnv(
        game, render_mode=render_mode, illegal=illegal, max_steps=max_steps, split_observation=split_observation, **options
    )


def gym_id(game: str) -> str:
    """The Gymnasium id of a game: ``kumite/`` and its name in CamelCase (``fatal_fight`` ->
    ``kumite/FatalFight-v0``), an acronym in capitals (``ufs`` -> ``kumite/UFS-v0``)."""
    words = [w.upper() if len(game) <= 3 else w.capitalize() for w in game.split("_")]
    return f"kumite/{''.join(words)}-v0"


# Every game's Gymnasium id, by game name.
GYM_IDS = {name: gym_id(name) for name in games()}


def _register_with_gymnasium() -> None:
    """Registers the ids; keyword arguments of ``gymnasium.make`` other than Gymnasium's own go
    to :func:`gym_env` (``opponent``, ``seat``, ``illegal`` and the game's options)."""
    if importlib.util.find_spec("gymnasium") is None:
        return
    import gymnasium

    for name, env_id in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="kumite.envs.gymnasium_env:KumiteGymEnv", kwargs={"game": name})


_register_with_gymnasium()

__all__ = ["GYM_IDS", "aec_env", "gym_env", "gym_id", "parallel_env"]

# The adapter modules load on first use, each needing its extra: `kumite.envs.openspiel` works
# after `import kumite` alone.
_LAZY = ("gymnasium_env", "openspiel", "pettingzoo_env", "pettingzoo_parallel", "table", "text")

__getattr__ = lazy_submodules("kumite.envs", _LAZY)

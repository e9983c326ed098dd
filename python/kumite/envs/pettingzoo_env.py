"""kumite games as PettingZoo AEC environments: one agent per seat, in the game's turn order."""

from __future__ import annotations

from typing import Any

from kumite._extras import require

require("pettingzoo", "pettingzoo", "kumite.envs.aec_env")

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import kumite


class KumiteAECEnv(AECEnv):  # type: ignore[misc]
    """Agents are ``"player_0"``… Observations are ``{"observation": float32, "action_mask":
    int8}`` as that player sees the game (the mask is all zeros when it is not its turn). Rewards
    are the game's returns, given when the game ends; then every agent is terminated. After
    ``max_steps`` actions (default the game's ``max_game_length``) a game its rules have not
    ended is cut: every agent is truncated (not terminated), with the game's running returns at
    the cut as rewards (0 where the game has none)."""

    metadata = {"render_modes": ["ansi"], "name": "kumite", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, max_steps: int | None = None, **options: Any) -> None:
        super().__init__()
        self.game = kumite.load(game, **options)
        self.max_steps = self.game.max_game_length if max_steps is None else int(max_steps)
        if self.max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self._steps = 0
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (only 'ansi')")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"kumite_{game}"}
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, self.game.observation_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.game.num_actions) for a in self.possible_agents}
        self._seed_rng = np.random.default_rng()
        self.state: kumite.State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        assert self.state is not None
        p = self._index[agent]
        mine = self.state.current_player == p
        mask = self.state.legal_action_mask().astype(np.int8) if mine else np.zeros(self.game.num_actions, np.int8)
        return {"observation": self.state.observation(p), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self.state = self.game.new_state(seed=int(self._seed_rng.integers(2**63)))
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.state is not None
        player = self.state.current_player
        if player is not None:
            self.agent_selection = self.possible_agents[player]

    def step(self, action: int | None) -> None:
        assert self.state is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.state.apply(int(action))  # type: ignore[arg-type]
        self._steps += 1
        ended = self.state.is_terminal()
        if ended or self._steps >= self.max_steps:
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._index[a]])
                if ended:
                    self.terminations[a] = True
                else:
                    self.truncations[a] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.state is not None:
            return self.state.render()
        return None

    def close(self) -> None:
        pass

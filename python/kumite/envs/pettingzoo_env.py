"""kumite games as PettingZoo AEC environments: one agent per seat, in the game's turn order."""

from __future__ import annotations

from typing import Any

from kumite._extras import require

require("pettingzoo", "pettingzoo", "kumite.envs.aec_env")

from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import kumite
from kumite.envs.table import Obs, Table


class KumiteAECEnv(AECEnv):  # type: ignore[misc]
    """Agents are ``"player_0"``… Observations are ``{"observation": float32, "action_mask":
    int8}`` as that player sees the game (the observation ``Box`` bounded by the game's
    ``observation_bounds``; the mask all zeros when it is not its turn). Rewards are the game's
    returns, given when the game ends; then every agent is terminated. An illegal action is
    handled by ``illegal``: ``"lose"`` (default, as PettingZoo's classic environments do) ends the
    game with -1 for the offender and 0 for the others, every agent terminated; ``"random"`` plays
    a random legal action from the env's seeded generator; ``"raise"`` raises
    ``kumite.IllegalActionError``. After ``max_steps`` actions (default the game's
    ``max_game_length``) a game its rules have not ended is cut: every agent is truncated (not
    terminated), with the game's running returns at the cut as rewards (0 where the game has
    none). With ``split_observation=True`` each observation is instead
    ``{"public_observation", "private_observation", "action_mask"}``: what every agent sees
    alike (the same array for all) and what this agent alone knows; the two concatenated are
    ``"observation"``."""

    metadata = {"render_modes": ["ansi"], "name": "kumite", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        illegal: str = "lose",
        max_steps: int | None = None,
        split_observation: bool = False,
        **options: Any,
    ) -> None:
        super().__init__()
        self.table = Table(game, options, max_steps, illegal, render_mode, ("ansi",), split_observation)
        self.game = self.table.game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"kumite_{game}"}
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: self.table.observation_space for a in self.possible_agents}
        self.action_spaces = {a: self.table.action_space for a in self.possible_agents}

    @property
    def state(self) -> kumite.State | None:
        return self.table.state

    @property
    def max_steps(self) -> int:
        return self.table.max_steps

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Obs:
        return self.table.observe(self._index[agent])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
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
        state = self.state
        assert state is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        legal = self.table.play(action)
        if not legal:
            self.infos[agent]["illegal_action"] = int(action)  # type: ignore[arg-type]
        ended = not legal or state.is_terminal()
        if ended or self.table.cut:
            returns = self.table.returns(offender=None if legal else self._index[agent])
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
        return self.table.render(self.render_mode)

    def close(self) -> None:
        pass

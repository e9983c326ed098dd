"""kumite games as PettingZoo parallel environments: the players a game lets choose at the same
time (``State.simultaneous_players``: Senjutsu's face-down selection) act in one step; otherwise
the player to move acts alone and the others wait with an all-zero action mask."""

from __future__ import annotations

from typing import Any

from kumite._extras import require

require("pettingzoo", "pettingzoo", "kumite.envs.parallel_env")

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

import kumite
from kumite.envs.table import Obs, Table


class KumiteParallelEnv(ParallelEnv):  # type: ignore[misc]
    """Agents are ``"player_0"``… Each step takes an action from every live agent and applies
    those of the acting players (in seat order); the others' actions are ignored. Observations are
    ``{"observation": float32, "action_mask": int8}`` (the observation ``Box`` bounded by the
    game's ``observation_bounds``); the mask is all zeros for a player who is not acting. Rewards
    are the game's returns, given when the game ends; then every agent is terminated. An illegal
    action from an acting player is handled by ``illegal``: ``"lose"`` (default, as PettingZoo's
    classic environments do) ends the episode with reward −1 for the offender and 0 for the
    others; ``"random"`` plays a random legal action instead (drawn from the env's seeded
    generator, so runs stay reproducible); ``"raise"`` raises ``kumite.IllegalActionError``. After
    ``max_steps`` actions of the game (default its ``max_game_length``; a step applies one action
    per acting player) a game its rules have not ended is cut: every agent is truncated (not
    terminated), with the game's running returns at the cut as rewards (0 where the game has
    none). With ``split_observation=True`` each observation is instead
    ``{"public_observation", "private_observation", "action_mask"}``: what every agent sees
    alike (the same array for all) and what this agent alone knows; the two concatenated are
    ``"observation"``."""

    metadata = {"render_modes": ["ansi"], "name": "kumite_parallel"}

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        illegal: str = "lose",
        max_steps: int | None = None,
        split_observation: bool = False,
        **options: Any,
    ) -> None:
        self.table = Table(game, options, max_steps, illegal, render_mode, ("ansi",), split_observation)
        self.game = self.table.game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"kumite_{game}_parallel"}
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players)]
        self.agents: list[str] = []

    @property
    def state(self) -> kumite.State | None:
        return self.table.state

    @property
    def max_steps(self) -> int:
        return self.table.max_steps

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.action_space

    def _masks(self) -> dict[int, npt.NDArray[np.int8]]:
        """Legal actions of each acting player. Later players' sets do not depend on earlier
        choices (the `simultaneous_players` contract), so they are read after any legal choice."""
        assert self.state is not None
        masks: dict[int, npt.NDArray[np.int8]] = {}
        probe = self.state.clone()
        for p in self.state.simultaneous_players:
            assert probe.current_player == p, "simultaneous players act in seat order"
            masks[p] = probe.legal_action_mask().astype(np.int8)
            probe.apply(probe.legal_actions()[0])
        return masks

    def _observe(self, over: bool = False) -> dict[str, Obs]:
        assert self.state is not None
        masks = {} if over or self.state.is_terminal() else self._masks()
        zeros = np.zeros(self.game.num_actions, np.int8)
        return {a: self.table.observe(p, masks.get(p, zeros)) for p, a in enumerate(self.possible_agents) if a in self.agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        return self._observe(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        state = self.state
        assert state is not None
        acting = state.simultaneous_players
        missing = [self.possible_agents[p] for p in acting if self.possible_agents[p] not in actions]
        if missing:
            raise ValueError(f"{', '.join(missing)} must act this step (acting players: {acting})")
        offender: int | None = None
        for p in acting:
            if not self.table.play(actions[self.possible_agents[p]]):
                offender = p
                break
        ended = offender is not None or state.is_terminal()
        cut = not ended and self.table.cut
        done = ended or cut
        returns = self.table.returns(offender) if done else np.zeros(self.game.num_players, np.float32)
        obs = self._observe(over=done)
        rewards = {a: float(returns[p]) for p, a in enumerate(self.possible_agents) if a in self.agents}
        terminated = {a: ended for a in self.agents}
        truncated = {a: cut for a in self.agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if offender is not None:
            infos[self.possible_agents[offender]]["illegal_action"] = int(actions[self.possible_agents[offender]])
        if done:
            self.agents = []
        return obs, rewards, terminated, truncated, infos

    def render(self) -> str | None:
        return self.table.render(self.render_mode)

    def close(self) -> None:
        pass

"""kumite games as single-agent Gymnasium environments (the other seats played by a bot)."""

from __future__ import annotations

from typing import Any, SupportsFloat

from kumite._extras import require

require("gymnasium", "gym", "kumite.envs.gym_env")

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import kumite
from kumite.bots import Bot, as_bot

Obs = dict[str, npt.NDArray[Any]]


class KumiteGymEnv(gymnasium.Env[Obs, np.int64]):
    """Observations are ``{"observation": float32 (*observation_shape), "action_mask": int8
    (num_actions,)}`` for the agent's seat; the mask is also in ``info["action_mask"]`` (for
    ``action_space.sample(mask=...)``). The reward is the agent's return when the game ends.

    An illegal action is handled by ``illegal``: ``"lose"`` (default) ends the episode with the
    worst return, -1; ``"random"`` plays a random legal action instead; ``"raise"`` raises
    ``kumite.IllegalActionError``. The opponent is a bot or a bot spec (``"random"``, the
    default, ``"mcts:200"``, ``"mcts:200:heuristic"``: :func:`kumite.make_bot`); a spec's bot is
    made afresh at every ``reset`` from the episode's seed, so ``reset(seed=...)`` reproduces the
    episode, while a bot you pass keeps its own randomness.

    Render modes: ``"ansi"`` (``render()`` returns the text view) and ``"human"`` (the text view is
    printed after ``reset`` and every ``step``, as Gymnasium's convention has it).

    Truncation: after ``max_episode_steps`` agent steps (default the game's ``max_game_length``,
    as a registered env carries one), or once the game has run ``max_game_length`` actions in all
    (so the other seats cannot play on forever), an episode the rules have not ended stops with
    ``terminated=False, truncated=True``; its reward is the agent's running return at the cut (0
    where the game has none).
    """

    # render_fps: the frame rate "human" mode is meant to be watched at (Gymnasium asks for one).
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        opponent: Bot | str | None = "random",
        seat: int = 0,
        illegal: str = "lose",
        render_mode: str | None = None,
        max_episode_steps: int | None = None,
        **options: Any,
    ) -> None:
        self.game = kumite.load(game, **options)
        self.max_episode_steps = self.game.max_game_length if max_episode_steps is None else int(max_episode_steps)
        if self.max_episode_steps < 1:
            raise ValueError(f"max_episode_steps must be at least 1, not {max_episode_steps}")
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat {seat} is not in 0..{self.game.num_players}")
        if illegal not in ("lose", "random", "raise"):
            raise ValueError(f"illegal must be 'lose', 'random' or 'raise', not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(repr(m) for m in self.metadata["render_modes"])
            raise ValueError(f"render_mode {render_mode!r} is not supported: use one of {modes} or None")
        self.seat, self.illegal, self.render_mode = seat, illegal, render_mode
        if opponent is None:  # the default's spelling before specs
            opponent = "random"
        self._spec = opponent if isinstance(opponent, str) else None
        # A bad spec fails here, not at the first reset.
        self.opponent: Bot = as_bot(opponent, self.game, 0)
        low, high = self.game.observation_bounds
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(low, high, self.game.observation_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.state: kumite.State | None = None
        self._agent_steps = self._game_steps = 0
        self._over = False

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        assert self.state is not None
        mask = self.state.legal_action_mask().astype(np.int8) if self.state.current_player == self.seat else np.zeros(self.game.num_actions, np.int8)
        obs: Obs = {"observation": self.state.observation(self.seat), "action_mask": mask}
        return obs, {"action_mask": mask}

    def _others_play(self) -> None:
        assert self.state is not None
        while not self.state.is_terminal() and self.state.current_player != self.seat and self._game_steps < self.game.max_game_length:
            self.state.apply(self.opponent.choose(self.state))
            self._game_steps += 1

    def _cut(self) -> bool:
        return self._agent_steps >= self.max_episode_steps or self._game_steps >= self.game.max_game_length

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """A new game (its seed drawn from the env's generator, seeded by ``seed``), played by the
        opponents up to the agent's first turn; returns ``(observation, info)``."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        if self._spec is not None:
            self.opponent = as_bot(self._spec, self.game, game_seed)
        self.state = self.game.new_state(seed=game_seed)
        self._agent_steps = self._game_steps = 0
        self._over = False
        self._others_play()
        self._show()
        return self._observe()

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Plays the agent's ``action``, then the opponents up to the agent's next turn; returns
        ``(observation, reward, terminated, truncated, info)``. The reward is the agent's return
        when the game ends, else 0; an illegal action is handled by the ``illegal`` policy."""
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self.state.is_terminal() or self._over:
            raise RuntimeError("the episode is over: call reset()")
        action = int(action)
        if action not in self.state.legal_actions():
            if self.illegal == "raise":
                self.state.apply(action)  # raises IllegalActionError
            if self.illegal == "lose":
                obs, info = self._observe()
                info["illegal_action"] = action
                return obs, -1.0, True, False, info
            action = int(self.np_random.choice(self.state.legal_actions()))
        self.state.apply(action)
        self._agent_steps += 1
        self._game_steps += 1
        self._others_play()
        obs, info = self._observe()
        terminated = self.state.is_terminal()
        truncated = not terminated and self._cut()
        self._over = terminated or truncated
        reward = float(self.state.returns()[self.seat]) if self._over else 0.0
        self._show()
        return obs, reward, terminated, truncated, info

    def _show(self) -> None:
        if self.render_mode == "human" and self.state is not None:
            print(self.state.render(), flush=True)

    def render(self) -> str | None:
        """The position as text (``"ansi"``), or printed (``"human"``)."""
        if self.render_mode == "human":
            self._show()
        elif self.render_mode == "ansi" and self.state is not None:
            return self.state.render()
        return None

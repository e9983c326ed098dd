"""kumite games as single-agent Gymnasium environments (the other seats played by a bot)."""

from __future__ import annotations

from typing import Any, SupportsFloat

from kumite._extras import require

require("gymnasium", "gym", "kumite.envs.gym_env")

import gymnasium
import numpy as np

import kumite
from kumite.bots import Bot, as_bot
from kumite.envs.table import Obs, Table


class KumiteGymEnv(gymnasium.Env[Obs, np.int64]):
    """Observations are ``{"observation": float32 (*observation_shape), "action_mask": int8
    (num_actions,)}`` for the agent's seat, the observation ``Box`` bounded by the game's
    ``observation_bounds``; the mask is also in ``info["action_mask"]`` (for
    ``action_space.sample(mask=...)``). The reward is the agent's return when the game ends.

    An illegal action is handled by ``illegal``, as in every kumite adapter: ``"lose"`` (default)
    ends the episode with the worst return, -1; ``"random"`` plays a random legal action instead;
    ``"raise"`` raises ``kumite.IllegalActionError``. The opponent is a bot or a bot spec
    (``"random"``, the default, ``"mcts:200"``, ``"mcts:200:heuristic"``: :func:`kumite.make_bot`);
    a spec's bot is made afresh at every ``reset`` from the episode's seed, so ``reset(seed=...)``
    reproduces the episode, while a bot you pass keeps its own randomness.

    Render modes: ``"ansi"`` (``render()`` returns the text view) and ``"human"`` (the text view is
    printed after ``reset`` and every ``step``, as Gymnasium's convention has it).

    Truncation: once the game has run ``max_steps`` actions, all seats' (default its
    ``max_game_length``, the bound every kumite adapter and ``VecEnv`` count the same way), an
    episode the rules have not ended stops with ``terminated=False, truncated=True``; its reward
    is the agent's running return at the cut (0 where the game has none). A bound on the agent's
    own steps is Gymnasium's ``TimeLimit``: ``gymnasium.make(id, max_episode_steps=N)``.
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
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        self.table = Table(game, options, max_steps, illegal, render_mode, self.metadata["render_modes"])
        self.game = self.table.game
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat {seat} is not in 0..{self.game.num_players - 1}")
        self.seat, self.render_mode = seat, render_mode
        if opponent is None:  # the default's spelling before specs
            opponent = "random"
        self._spec = opponent if isinstance(opponent, str) else None
        # A bad spec fails here, not at the first reset.
        self.opponent: Bot = as_bot(opponent, self.game, 0)
        self.observation_space = self.table.observation_space  # type: ignore[assignment]
        self.action_space = self.table.action_space
        self._over = False

    @property
    def state(self) -> kumite.State | None:
        return self.table.state

    @property
    def max_steps(self) -> int:
        return self.table.max_steps

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        obs = self.table.observe(self.seat)
        return obs, {"action_mask": obs["action_mask"]}

    def _others_play(self) -> None:
        state = self.table.state
        assert state is not None
        while not state.is_terminal() and state.current_player != self.seat and not self.table.cut:
            self.table.play(self.opponent.choose(state))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """A new game (its seed drawn from the env's generator, seeded by ``seed``), played by the
        opponents up to the agent's first turn; returns ``(observation, info)``."""
        super().reset(seed=seed)
        self.table.rng = self.np_random
        game_seed = int(self.np_random.integers(2**63))
        if self._spec is not None:
            self.opponent = as_bot(self._spec, self.game, game_seed)
        self.table.reset_with(game_seed)
        self._over = False
        self._others_play()
        self._show()
        return self._observe()

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Plays the agent's ``action``, then the opponents up to the agent's next turn; returns
        ``(observation, reward, terminated, truncated, info)``. The reward is the agent's return
        when the game ends, else 0; an illegal action is handled by the ``illegal`` policy."""
        state = self.table.state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if state.is_terminal() or self._over:
            raise RuntimeError("the episode is over: call reset()")
        if not self.table.play(action):
            self._over = True
            obs, info = self._observe()
            info["illegal_action"] = int(action)
            return obs, float(self.table.returns(offender=self.seat)[self.seat]), True, False, info
        self._others_play()
        obs, info = self._observe()
        terminated = state.is_terminal()
        truncated = self.table.cut
        self._over = terminated or truncated
        reward = float(self.table.returns()[self.seat]) if self._over else 0.0
        self._show()
        return obs, reward, terminated, truncated, info

    def _show(self) -> None:
        if self.render_mode == "human":
            text = self.table.render("human")
            if text is not None:
                print(text, flush=True)

    def render(self) -> str | None:
        """The position as text (``"ansi"``), or printed (``"human"``)."""
        if self.render_mode == "human":
            self._show()
            return None
        return self.table.render(self.render_mode)

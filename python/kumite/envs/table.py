"""The core the Gymnasium and PettingZoo adapters share: one game in play with its spaces, its
run bound, observations with their masks, and the illegal-action policy, so the three adapters
agree on bounds, names and what an illegal action does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kumite._extras import require

require("gymnasium", "gym", "kumite.envs.table")

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import kumite

Obs = dict[str, npt.NDArray[Any]]

# What an illegal action does, in every adapter: "lose" (the default, as PettingZoo's classic
# environments do with their TerminateIllegalWrapper) ends the episode with -1 for the offender
# and 0 for the others; "random" plays a random legal action instead, drawn from the env's seeded
# generator; "raise" raises kumite.IllegalActionError.
ILLEGAL = ("lose", "random", "raise")


class Table:
    """A game loaded from its name and options, cut after ``max_steps`` of its actions (all
    seats; default the game's ``max_game_length``), with ``illegal`` as above. With ``split``
    an observation is ``{"public_observation", "private_observation", "action_mask"}``: the
    part every seat sees alike and the seat's own, whose concatenation is ``"observation"``."""

    def __init__(
        self,
        game: str,
        options: dict[str, Any],
        max_steps: int | None,
        illegal: str,
        render_mode: str | None,
        render_modes: Sequence[str],
        split: bool = False,
    ) -> None:
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be 'lose', 'random' or 'raise', not {illegal!r}")
        if render_mode is not None and render_mode not in render_modes:
            modes = ", ".join(repr(m) for m in render_modes)
            raise ValueError(f"render_mode {render_mode!r} is not supported: use one of {modes} or None")
        self.game = kumite.load(game, **options)
        self.max_steps = self.game.max_game_length if max_steps is None else int(max_steps)
        if self.max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.illegal = illegal
        low, high = self.game.observation_bounds
        self.split = split
        g = self.game
        parts = (
            {
                "public_observation": spaces.Box(low, high, g.public_observation_shape, np.float32),
                "private_observation": spaces.Box(low, high, g.private_observation_shape, np.float32),
            }
            if split
            else {"observation": spaces.Box(low, high, g.observation_shape, np.float32)}
        )
        self.observation_space = spaces.Dict({**parts, "action_mask": spaces.Box(0, 1, (g.num_actions,), np.int8)})
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.rng = np.random.default_rng()
        self.state: kumite.State | None = None
        self.steps = 0

    def reset(self, seed: int | None) -> kumite.State:
        """A new game whose seed comes from the table's generator, reseeded by ``seed``."""
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        return self.reset_with(int(self.rng.integers(2**63)))

    def reset_with(self, game_seed: int) -> kumite.State:
        self.state = self.game.new_state(seed=game_seed)
        self.steps = 0
        return self.state

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The seat's legal actions as int8, all zeros when it is not to move."""
        assert self.state is not None
        if self.state.current_player == seat:
            return self.state.legal_action_mask().astype(np.int8)
        return np.zeros(self.game.num_actions, np.int8)

    def observe(self, seat: int, mask: npt.NDArray[np.int8] | None = None) -> Obs:
        assert self.state is not None
        mask = self.mask(seat) if mask is None else mask
        if self.split:
            return {
                "public_observation": self.state.public_observation(),
                "private_observation": self.state.private_observation(seat),
                "action_mask": mask,
            }
        return {"observation": self.state.observation(seat), "action_mask": mask}

    def play(self, action: Any) -> bool:
        """Plays the mover's ``action`` under the illegal-action policy; False when the action
        was illegal and the policy is "lose" (nothing is applied: the offender has lost)."""
        assert self.state is not None
        action = int(action)
        legal = self.state.legal_actions()
        if action not in legal:
            if self.illegal == "lose":
                return False
            if self.illegal == "random":
                action = legal[int(self.rng.integers(len(legal)))]
            # "raise": the engine refuses it with IllegalActionError, naming the action.
        self.state.apply(action)
        self.steps += 1
        return True

    @property
    def cut(self) -> bool:
        """The run's bound is reached in a game its rules have not ended."""
        assert self.state is not None
        return not self.state.is_terminal() and self.steps >= self.max_steps

    def returns(self, offender: int | None = None) -> npt.NDArray[np.float32]:
        """The game's returns (running returns at a cut), or -1 for an offender and 0 for the rest."""
        assert self.state is not None
        if offender is None:
            return np.asarray(self.state.returns(), np.float32)
        out = np.zeros(self.game.num_players, np.float32)
        out[offender] = -1.0
        return out

    def render(self, render_mode: str | None) -> str | None:
        if render_mode in ("ansi", "human") and self.state is not None:
            return self.state.render()
        return None

"""kumite games as OpenSpiel (pyspiel) Python games, so OpenSpiel's algorithms and tests run on
them unchanged. ``register()`` adds ``kumite_<name>`` for every game; load one with
``pyspiel.load_game("kumite_tekken")`` (options as a JSON string: ``{"options": '{"heat": false}'}``;
``"seed"`` fixes the stream that seeds each new game, -1 by default for a random one).

Chance is resolved inside kumite states, so the games are ``SAMPLED_STOCHASTIC`` with no chance
nodes. Information-state tensors and strings are kumite's observation and information-state
string: they describe what the player knows now (Markov), not the full history.
``resample_from_infostate`` is ``determinize``.

Observers (``make_py_observer``, ``open_spiel.python.observation.make_observation``) follow the
``pyspiel.IIGObservationType`` asked for: ``public_info`` with ``private_info`` ``NONE`` gives
kumite's public observation (tensor and string, the same for every player);
``public_info=False`` with ``SINGLE_PLAYER`` the player's private observation; both (the default)
the whole observation, public then private; ``ALL_PLAYERS`` adds every player's private part in
seat order. ``perfect_recall`` changes nothing: kumite's observations are already what the
player knows.

``max_game_length`` is the run's bound, kumite's ``Game.max_game_length`` unless the
``"max_game_length"`` parameter gives another: a game its rules have not ended after that many
actions is cut there, and OpenSpiel sees it as terminal, with the
game's running returns at the cut (``State.returns()``: 0 for every player where the game has
none). ``State.kumite_truncated`` tells a cut game from one the rules ended.
"""

from __future__ import annotations

import json
import random
from typing import Any

from kumite._extras import require

require("pyspiel", "openspiel", "kumite.envs.openspiel")

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import kumite

# The game's own `utility`, in OpenSpiel's words.
_UTILITY = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "identical": pyspiel.GameType.Utility.IDENTICAL,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}
_registered: set[str] = set()


def _game_type(name: str, game: kumite.Game) -> Any:
    return pyspiel.GameType(
        short_name=f"kumite_{name}",
        long_name=f"kumite {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITY[game.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.num_players,
        min_num_players=game.num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"options": "{}", "seed": -1, "max_game_length": -1},
    )


class KumiteSpielGame(pyspiel.Game):  # type: ignore[misc]
    """Base of the per-game classes `register` makes (pyspiel registers classes)."""

    kumite_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.kumite_name
        params = dict(params or {})
        options = json.loads(params.get("options", "{}"))
        self.kumite_game = kumite.load(name, **options)
        g = self.kumite_game
        bound = int(params.get("max_game_length", -1))
        # The run's bound: the game's own unless a (positive) one is given.
        self.max_length = g.max_game_length if bound < 0 else bound
        if self.max_length < 1:
            raise ValueError(f"max_game_length must be at least 1 (or -1 for the game's own), not {bound}")
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_actions,
            max_chance_outcomes=0,
            num_players=g.num_players,
            min_utility=g.return_bounds[0],
            max_utility=g.return_bounds[1],
            utility_sum=0.0 if g.utility == "zero_sum" else None,
            max_game_length=self.max_length,
        )
        seed = int(params.get("seed", -1))
        # Each new game draws its kumite seed from this stream: fixed with `seed` >= 0.
        self._seeds = random.Random(seed if seed >= 0 else None)
        super().__init__(
            _game_type(name, g), info, {"options": params.get("options", "{}"), "seed": seed, "max_game_length": bound}
        )

    def new_initial_state(self) -> KumiteSpielState:
        return KumiteSpielState(self, self.kumite_game.new_state(seed=self._seeds.getrandbits(63)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> KumiteObserver:
        return KumiteObserver(self.kumite_game, iig_obs_type)


class KumiteSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: KumiteSpielGame, state: kumite.State, steps: int = 0) -> None:
        super().__init__(game)
        self.kumite_state = state
        # Actions applied through this state, against the run's bound.
        self.kumite_steps = steps
        self._bound = game.max_game_length()

    @property
    def kumite_truncated(self) -> bool:
        """The game was cut at `max_game_length` before its rules ended it."""
        return self.kumite_steps >= self._bound and not self.kumite_state.is_terminal()

    def current_player(self) -> int:
        p = self.kumite_state.current_player
        return pyspiel.PlayerId.TERMINAL if p is None or self.kumite_truncated else p

    def _legal_actions(self, player: int) -> list[int]:
        return self.kumite_state.legal_actions() if player == self.current_player() else []

    def _apply_action(self, action: int) -> None:
        if self.kumite_truncated:
            raise RuntimeError(f"the game was cut at max_game_length ({self._bound} actions)")
        self.kumite_state.apply(int(action))
        self.kumite_steps += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return self.kumite_state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self.kumite_state.is_terminal() or self.kumite_truncated

    def returns(self) -> list[float]:
        return [float(r) for r in self.kumite_state.returns()]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> KumiteSpielState:
        seed = int(sampler() * 2**63) if callable(sampler) else random.getrandbits(63)
        return KumiteSpielState(self.get_game(), self.kumite_state.determinize(player, seed), self.kumite_steps)

    def __str__(self) -> str:
        return self.kumite_state.render()


class KumiteObserver:
    """The PyObserver interface: a flat tensor and a string of the parts ``iig_obs_type`` asks
    for (``None``: the whole observation and the information-state string)."""

    def __init__(self, game: kumite.Game, iig_obs_type: Any = None) -> None:
        public = iig_obs_type is None or bool(iig_obs_type.public_info)
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        self.public = public
        self.private = {
            pyspiel.PrivateInfoType.NONE: "none",
            pyspiel.PrivateInfoType.SINGLE_PLAYER: "single",
            pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
        }[private]
        self.num_players = game.num_players
        size = game.public_observation_shape[0] if public else 0
        private_size = game.private_observation_shape[0]
        size += {"none": 0, "single": private_size, "all": private_size * game.num_players}[self.private]
        self.tensor = np.zeros(size, np.float32)
        if public and self.private == "single":
            self.dict = {"observation": self.tensor.reshape(game.observation_shape)}
        else:
            self.dict = {"observation": self.tensor}

    def _private_seats(self, player: int) -> list[int]:
        return {"none": [], "single": [player], "all": list(range(self.num_players))}[self.private]

    def set_from(self, state: KumiteSpielState, player: int) -> None:
        s = state.kumite_state
        parts = [s.public_observation()] if self.public else []
        parts += [s.private_observation(p) for p in self._private_seats(player)]
        if parts:
            self.tensor[:] = np.concatenate(parts)

    def string_from(self, state: KumiteSpielState, player: int) -> str:
        s = state.kumite_state
        if self.public and self.private == "single":
            return s.information_state_string(player)
        parts = [s.public_observation_string()] if self.public else []
        parts += [s.private_observation_string(p) for p in self._private_seats(player)]
        return "".join(parts)


def register() -> list[str]:
    """Registers every kumite game with pyspiel; returns the registered names."""
    names = []
    for name in kumite.games():
        short = f"kumite_{name}"
        if short not in _registered:
            game_type = _game_type(name, kumite.load(name))
            cls = type(f"Kumite{name.title().replace('_', '')}Game", (KumiteSpielGame,), {"kumite_name": name})
            pyspiel.register_game(game_type, cls)
            _registered.add(short)
        names.append(short)
    return names

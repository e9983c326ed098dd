# Hand-written stubs for the Rust extension `kumite._kumite` (rust/kumite-py).
# `make stubtest` checks them against the compiled module.

import os
from collections.abc import Callable
from typing import Any, ClassVar, Literal, SupportsIndex, final

import numpy as np
import numpy.typing as npt

from kumite.results import DeadTextReport, LayoutBlock, Seating, SeatRow, SecretCheck, SelfPlayData

__all__ = [
    "_load_json",
    "_panic_for_tests",
    "from_record",
    "game_info",
    "games",
    "load",
    "conformance",
    "check_secrets",
    "check_seats",
    "dead_text",
    "seat_shares",
    "rollout",
    "selfplay",
    "RolloutResult",
    "MCTS",
    "SearchResult",
    "VecEnv",
    "Batch",
    "BotSpec",
    "BotSpecError",
    "CardDataError",
    "ConformanceError",
    "DeserializationError",
    "IllegalActionError",
    "InternalError",
    "InvalidOptionError",
    "InvalidPlayerError",
    "KumiteError",
    "NetMismatchError",
    "UnknownGameError",
    "Net",
    "Game",
    "State",
    "__version__",
    "FORMAT_VERSION",
]

__version__: str
FORMAT_VERSION: int

# An action is its number in `0..game.num_actions` or its text (as `action_to_string` gives it,
# case and surrounding space ignored).
_Action = SupportsIndex | str

class KumiteError(ValueError):
    """Base class of every error kumite raises."""

class IllegalActionError(KumiteError):
    """An action that is not legal here (or no legal action has that text). The state is unchanged."""

    # The action's number; None when the action was given as a text that names no legal action.
    action: int | None
    # What the action is (or the text that was given).
    text: str
    # The legal actions: numbers, or their texts when `action` is None.
    legal: list[int] | list[str]

class InvalidOptionError(KumiteError):
    """A game option with a bad name, type or value."""

    option: str
    reason: str

class UnknownGameError(KumiteError):
    """No game has that name."""

    name: str
    known: list[str]

class NetMismatchError(KumiteError):
    """A network made for another game, observation layout, action space, player count or
    content: `field` names what differs, `expected` is the game's, `found` the network's."""

    field: str
    expected: str
    found: str

class DeserializationError(KumiteError):
    """A JSON state or game record that cannot be read or replayed."""

    reason: str
    # Every problem found, one sentence each (a loaded state's checks report them all at once);
    # `reason` is them joined with "; ".
    problems: list[str]

class BotSpecError(KumiteError):
    """A bot spec that does not read, or names a bot that cannot be made here: the message says
    what is wrong and lists every form."""

class CardDataError(KumiteError):
    """Card or content files with problems."""

    # One dict per problem, with the keys "file", "card", "field" and "reason".
    problems: list[dict[str, str]]

class InvalidPlayerError(KumiteError):
    """A player index outside 0..num_players."""

    player: int
    num_players: int

class ConformanceError(KumiteError):
    """The conformance suite found a violation of the game contract (an engine bug)."""

    # "game G, step S: what went wrong"
    violation: str

class InternalError(KumiteError):
    """A bug inside kumite (a Rust panic). The state it happened in is unusable afterwards."""

@final
class Game:
    @property
    def name(self) -> str: ...
    @property
    def num_players(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, ...]: ...
    @property
    def public_observation_shape(self) -> tuple[int, ...]:
        """`(n,)`: the length of `State.public_observation`, the head of every observation."""
    @property
    def private_observation_shape(self) -> tuple[int, ...]:
        """`(n,)`: the length of `State.private_observation`, the rest of a seat's observation."""
    @property
    def observation_bounds(self) -> tuple[float, float]:
        """`(low, high)`: every value of every observation lies in `low..=high` (most in 0..=1)."""
    @property
    def max_game_length(self) -> int:
        """The run's bound: after this many actions a rollout, a search playout or an episode cuts
        the game short and reports it truncated."""
    @property
    def length_bounded_by_rules(self) -> bool:
        """Whether the rules alone end every game within `max_game_length` actions."""
    @property
    def utility(self) -> Literal["zero_sum", "identical", "general_sum"]:
        """How the returns of a finished game relate: `"zero_sum"` (they add up to 0),
        `"identical"` (a cooperative game: everyone gets the same) or `"general_sum"`."""
    @property
    def return_bounds(self) -> tuple[float, float]:
        """`(least, greatest)`: every player's return lies in between."""
    @property
    def options(self) -> dict[str, Any]:
        """Every option with its value, defaults included."""
    def info(self) -> dict[str, Any]:
        """What the game says about itself, the same for every option set (`kumite.game_info`)."""
    def content(self) -> dict[str, list[dict[str, str]]]:
        """The content this game was built with (built in and from `content_dir`), by kind
        (`characters`, `stages`, `cards`, `decks`, `battlefields`…, as the game has them): lists
        of `{"id", "name", "text"}` in content order. The ids are what options and decklists
        name."""
    def validate_deck(
        self, cards: list[str], sideboard: list[str] | None = None, character: str | None = None
    ) -> None:
        """Checks a decklist of card ids against this game's deck rules and its content, as the
        `decks` option takes it (`character`: the character or samurai it is built for). Raises
        `CardDataError` listing every problem, each naming the card (or "decklist") and the rule;
        `InvalidOptionError` for a game without decklists."""
    def seatings(self) -> list[Seating]:
        """The seatings the seat check measures (`kumite seats`), from the game itself: its
        mirrors and its configured pairing, each `{"name", "options", "mirror", "sides", "edge"}`
        (`options` to set over this game's own; `sides` empty when each seat is its own side;
        `edge` the rule that gives a seat an edge, `{"rule", "random_shares"}`, or `None`)."""
    def fingerprint(self) -> str:
        """A hash of everything a trained network depends on: the game, its options and content,
        its action and observation layout, and its rules' behaviour on a few seeded games. A
        network records the fingerprint it was trained on (`Net.check`)."""
    def observation_layout(self) -> list[LayoutBlock]:
        """The observation vector's named blocks in order, read from the code that writes it:
        `[{"name", "start", "size"}, …]`, covering `0..observation_shape[0]` without gaps."""
    def public_observation_layout(self) -> list[LayoutBlock]:
        """The public observation's named blocks, like `observation_layout` (its head)."""
    def private_observation_layout(self) -> list[LayoutBlock]:
        """The private observation's named blocks, starting at 0 (`observation_layout`'s tail)."""
    def new_state(self, seed: SupportsIndex = 0) -> State:
        """A new game from the start, with all chance driven by `seed`."""
    def state_from_json(self, text: str | bytes) -> State:
        """Reads a state written by `State.to_json` (possibly edited) for this game."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[str, str]]: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: dict[Any, Any], /) -> Game: ...

@final
class State:
    @property
    def game(self) -> Game:
        """The game this state belongs to."""
    @property
    def current_player(self) -> int | None:
        """The player to move, or `None` when the game is over."""
    @property
    def simultaneous_players(self) -> list[int]:
        """The players who now choose simultaneously (Senjutsu's face-down selection), in seat
        order, starting with the player to move; just the player to move otherwise."""
    @property
    def seed(self) -> int | None:
        """The seed given to `new_state`, or `None` for a determinized state."""
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list[int]:
        """The legal actions, sorted ascending; empty when the game is over."""
    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A `bool` array of shape `(num_actions,)`, true at each legal action."""
    def apply(self, action: _Action) -> None:
        """Plays an action (its number or its text). An illegal action raises
        `IllegalActionError` and leaves the state unchanged."""
    def apply_with_events(self, action: _Action) -> list[str]:
        """Like `apply`, returning what happened as a list of event texts."""
    def apply_with_event_dicts(self, action: _Action) -> list[dict[str, Any]]:
        """Like `apply`, returning each event as a dict: its fields (`kind`, `player`, `text`)
        and `line`, the text `apply_with_events` gives."""
    def view(self, viewer: SupportsIndex | None = None) -> dict[str, Any]:
        """What `viewer` may see as drawing data (`docs/viewer.md`); `None` sees everything."""
    def action_to_string(self, action: _Action) -> str: ...
    def returns(self) -> npt.NDArray[np.float32]:
        """Per-player returns, `float32` of shape `(num_players,)` (all zero before the end)."""
    def observation(self, player: SupportsIndex) -> npt.NDArray[np.float32]:
        """What `player` may know, `float32` of shape `game.observation_shape`."""
    def public_observation(self) -> npt.NDArray[np.float32]:
        """What the table shows every seat alike, `float32` of shape
        `game.public_observation_shape`: the head of every seat's observation."""
    def private_observation(self, player: SupportsIndex) -> npt.NDArray[np.float32]:
        """What `player` alone knows, `float32` of shape `game.private_observation_shape`: the
        rest of its observation."""
    def public_observation_string(self) -> str:
        """The public observation as text, the same for every seat."""
    def private_observation_string(self, player: SupportsIndex) -> str:
        """The private observation of `player` as text; with the public one it determines
        `information_state_string(player)`."""
    def information_state_string(self, player: SupportsIndex) -> str: ...
    def determinize(self, observer: SupportsIndex, seed: SupportsIndex) -> State:
        """A new state with everything `observer` cannot see resampled from `seed`."""
    def history(self) -> list[int]:
        """The actions applied since `new_state`."""
    def render(self) -> str: ...
    def to_json(self) -> str:
        """The state as readable, versioned JSON; `game.state_from_json` reads it back."""
    def to_record(self) -> str:
        """The game record (game, options, seed, actions) that `kumite.from_record` replays."""
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: dict[Any, Any], /) -> State: ...
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]

@final
class RolloutResult:
    def __new__(
        cls, returns: npt.NDArray[np.float32], lengths: npt.NDArray[np.int32], truncated: npt.NDArray[np.bool_]
    ) -> RolloutResult:
        """The results of games played elsewhere (e.g. `kumite.distributed.rollout`'s Ray tasks),
        copied; one row per game in each array."""
    @property
    def num_players(self) -> int: ...
    @property
    def returns(self) -> npt.NDArray[np.float32]:
        """`float32` of shape `(n_games, num_players)`."""
    @property
    def lengths(self) -> npt.NDArray[np.int32]:
        """`int32` of shape `(n_games,)`: the number of actions in each game."""
    @property
    def truncated(self) -> npt.NDArray[np.bool_]:
        """`bool` of shape `(n_games,)`: the game was cut at `max_steps` (it has no result; its
        returns are those at the cut: the game's running returns, 0 where it has none)."""
    def __len__(self) -> int: ...

@final
class SearchResult:
    """Root statistics of one search."""

    @property
    def actions(self) -> list[int]: ...
    @property
    def visits(self) -> npt.NDArray[np.uint32]: ...
    @property
    def values(self) -> npt.NDArray[np.float32]:
        """Mean value of each action for the player to move."""
    @property
    def iterations(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def best(self) -> int: ...

@final
class BotSpec:
    """A bot spec read once: `random`, `mcts:N[:heuristic]`, `policy[:PATH]`, `az:N[:PATH]`,
    `azp:N[:PATH]`, `azh:N[:PATH]`, `azm:N:LAMBDA[:PATH]` or `module:attr`. `str(spec)` writes
    it back."""

    GRAMMAR: ClassVar[str]
    AZ_EXPLORATION: ClassVar[float]
    @staticmethod
    def parse(text: str) -> BotSpec:
        """Reads a spec; a bad one raises `BotSpecError` naming what is wrong and every form."""
    @property
    def kind(self) -> Literal["random", "mcts", "policy", "az", "azp", "azh", "azm", "custom"]: ...
    @property
    def iterations(self) -> int | None:
        """The search's iterations per move (`None` for a bot that does not search)."""
    @property
    def leaf_mix(self) -> float | None:
        """`azm`'s λ, the random playouts' share of a leaf's value (`None` for the other kinds)."""
    @property
    def uses_net(self) -> bool:
        """Whether the bot is made from a network (`policy`, `az`, `azp`, `azh`, `azm`)."""
    @property
    def net(self) -> str | None:
        """The network file named (`None`: the game's shipped network, or none)."""
    @property
    def module(self) -> str | None: ...
    @property
    def attr(self) -> str | None: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class MCTS:
    """Monte Carlo tree search as a bot; information-set MCTS (determinization) by default.

    `evaluator` is None or "random" (random playouts), "heuristic" (the game's own estimate), or
    a callable `f(observations, players, masks) -> (priors, values)` over numpy batches (float32
    `(n, *observation_shape)`, int32 `(n,)`, bool `(n, num_actions)` in; float32
    `(n, num_actions)` and `(n, num_players)` out), called with `batch_size` leaves at a time
    (its `batch_size` attribute, default 1); with a callable the search selects by PUCT. A `Net`
    is evaluated in Rust in batches of 16 leaves with no Python at all (PUCT too); one made for
    another game or content raises `NetMismatchError`.

    A playout plays at most `max_playout_steps` actions from the leaf (`None`: the game's
    `max_game_length`); one cut there scores the position reached by the game's heuristic, or 0
    where the game has none.

    With priors (a `Net` or a callable), `gumbel=K` replaces PUCT at the root by Gumbel root
    selection with sequential halving from `K` considered actions (as DeepMind's mctx; 16 is its
    default): made for budgets of a few dozen simulations; `choose` plays the halving's
    survivor and `policy` is the improved policy. Ignored without priors.

    `leaf_values="playout"` keeps the evaluator's priors (a `Net` or a callable) and values the
    leaves by random playouts instead of its values: a young network's policy already guides a
    search its value head would mislead. `leaf_values="heuristic"` keeps the priors too and
    values the leaves by the game's heuristic (as `evaluator="heuristic"` does).
    """

    def __new__(
        cls,
        game: Game,
        iterations: int = 2000,
        time_limit: float | None = None,
        exploration: float = 1.4,
        threads: int | None = None,
        seed: int = 0,
        evaluator: str | Net | Callable[..., Any] | None = None,
        determinize: bool = True,
        reuse_tree: bool = False,
        max_playout_steps: int | None = None,
        gumbel: int | None = None,
        leaf_values: Literal["evaluator", "playout", "heuristic"] = "evaluator",
    ) -> MCTS: ...
    @staticmethod
    def from_spec(
        game: Game,
        spec: BotSpec,
        seed: int = 0,
        threads: int | None = None,
        net: Net | None = None,
        gumbel: int | None = None,
    ) -> MCTS:
        """The search a bot spec names (`mcts:N[:heuristic]`, or `az`/`azp`/`azh:N`/`azm:N:LAMBDA`
        guided by `net`), as `kumite.make_bot` builds it; `threads=None` searches on every core;
        `gumbel=K` selects at the root as `MCTS(gumbel=K)` does."""
    @property
    def iterations(self) -> int: ...
    @property
    def max_playout_steps(self) -> int | None: ...
    def choose(self, state: State) -> int:
        """A legal action for the player to move."""
    def policy(self, state: State) -> npt.NDArray[np.float32]:
        """The search's policy over `game.num_actions`: the root's visit shares, or with `gumbel`
        the improved policy."""
    def search(self, state: State) -> SearchResult: ...

@final
class Batch:
    """Views of a `VecEnv`'s own buffers, overwritten by its next `reset` or `step`."""

    @property
    def observations(self) -> npt.NDArray[np.float32] | None:
        """`(num_envs, *observation_shape)`, each row seen by its player to move."""
    @property
    def rewards(self) -> npt.NDArray[np.float32]:
        """`(num_envs, num_players)`: returns on the step a game ended, else 0."""
    @property
    def terminated(self) -> npt.NDArray[np.bool_]:
        """`(num_envs,)`: the game ended on this step; the row already shows the next game."""
    @property
    def truncated(self) -> npt.NDArray[np.bool_]:
        """`(num_envs,)`: the game was cut at `max_steps` on this step (not ended by its rules);
        the row already shows the next game."""
    @property
    def legal_mask(self) -> npt.NDArray[np.bool_]: ...
    @property
    def current_player(self) -> npt.NDArray[np.int32]: ...

@final
class VecEnv:
    """`num_envs` games stepped together in Rust (GIL released), auto-reset in the same step."""

    def __new__(
        cls,
        game: Game,
        num_envs: int,
        seed: int = 0,
        threads: int | None = None,
        observations: bool = True,
        max_steps: int | None = None,
    ) -> VecEnv: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def game(self) -> Game: ...
    @property
    def max_steps(self) -> int | None:
        """The step bound per game (`None`: games run until their rules end them)."""
    def reset(self, seed: int | None = None) -> Batch: ...
    def step(self, actions: Any) -> Batch:
        """One action per environment; an illegal one raises `IllegalActionError` with `.env`."""
    def sample_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action per environment, from the env's own seeded stream."""
    def state(self, i: int) -> State:
        """A copy of environment `i`'s state."""

def games() -> list[str]:
    """The names `load` accepts."""

def game_info(name: str) -> dict[str, Any]:
    """What the game `name` says about itself, without loading it: its names, seats, utility,
    default bots, balance plan, training recipe, board legend and conformance option sets, as
    plain values. Unknown names raise `UnknownGameError`."""

def load(name: str, /, **options: Any) -> Game:
    """A game by name; keyword arguments are its options (tuples become lists)."""

def from_record(text: str | bytes) -> State:
    """Replays a game record written by `State.to_record`."""

@final
class Net:
    """A policy-value network in the `kumite-net-1` safetensors format (see the agents guide):
    priors over the actions and one value per seat from the observation of the player to move,
    evaluated in Rust. Use it as `MCTS(game, evaluator=net)`, in `selfplay`, or as the bots
    `policy:PATH` and `az:N:PATH`."""

    FORMAT: ClassVar[str]
    @staticmethod
    def layout(
        obs_len: int, num_actions: int, num_players: int, hidden: int, blocks: int
    ) -> list[tuple[str, str, int, int]]:
        """The format's linear layers for these sizes, in file order (`input`, each block's `fc1`
        and `fc2`, `policy`, `value`): `(weight, bias, outputs, inputs)`, the tensors' names and the
        weight's shape `[outputs, inputs]` (the bias is `[outputs]`)."""
    @staticmethod
    def metadata_for(game: Game, hidden: int, blocks: int) -> dict[str, str]:
        """The metadata a file for `game` with `hidden` units and `blocks` residual blocks carries,
        `format` first: what `check` compares with the game."""
    @staticmethod
    def load(path: str | os.PathLike[str]) -> Net:
        """Reads a network file; a malformed one raises `DeserializationError` saying what is wrong."""
    @staticmethod
    def from_bytes(data: bytes) -> Net:
        """The same from the file's bytes."""
    @property
    def metadata(self) -> dict[str, str]:
        """The file's metadata: `format`, `game`, `obs_len`, `num_actions`, `num_players`, `hidden`,
        `blocks`, `fingerprint`, and whatever provenance the trainer recorded."""
    def check(self, game: Game) -> None:
        """Raises `NetMismatchError` (naming the field) unless the network was made for this game,
        with these options and content."""
    def evaluate(
        self, observations: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The forward pass: `observations` `(n, obs_len)` and legal `masks` `(n, num_actions)` give
        `(priors, values)`: `(n, num_actions)` (a softmax over the legal actions, 0 elsewhere) and
        `(n, num_players)` (one value per seat, in -1..1)."""

def selfplay(
    game: Game,
    net: Net | None = None,
    games: SupportsIndex = 1,
    simulations: SupportsIndex = 64,
    seed: SupportsIndex = 0,
    threads: SupportsIndex | None = None,
    max_steps: SupportsIndex | None = None,
    temperature_moves: SupportsIndex = 30,
    exploration: float = 1.25,
    gumbel: SupportsIndex | None = None,
    leaf_values: Literal["evaluator", "playout", "heuristic"] = "evaluator",
    leaf_mix: float | None = None,
    opponent: str | None = None,
    opponent_share: float = 0.5,
) -> SelfPlayData:
    """Self-play: `games` games in which every seat plays the search guided by `net` (`None`:
    uniform priors and random playout values, the first round of training) with `simulations` iterations a
    decision; the first `temperature_moves` decisions of a game are drawn in proportion to the
    visits. With `gumbel=K` the root is Gumbel's (K actions considered): its survivor is played
    and `policy` is its improved policy. Returns numpy arrays, one row per decision:
    `observations`, `masks`, `policy` (the visit distribution, or Gumbel's improved policy), `values` (the game's final returns, per seat; 0 for a truncated game),
    `player`, `game`, `truncated`; and per game `game_returns`, `game_heuristic` (every seat's
    heuristic value of its last position before the end; its returns where the game has no
    heuristic), `game_truncated`, `game_length`;
    and `simulations` (iterations run in all). The same seed gives the same arrays whatever
    `threads`. With `leaf_values="playout"` or `"heuristic"` the net's priors (uniform ones
    without a net) guide the search and random playouts or the game's heuristic value its
    leaves (the net's value head is not read). With `leaf_mix=λ` (in (0, 1]) each leaf is valued
    `(1 − λ)·` the net's value `+ λ·` a random playout's from it, as AlphaGo did (a playout's
    alone without a net); `leaf_values` stays "evaluator". With `opponent="mcts:N"` (or
    `"mcts:N:heuristic"`) that search takes one seat in `opponent_share` of the games (evenly
    spread, its seat alternating): its moves are played and not recorded, so every row is the
    learner's."""

def rollout(
    game: Game,
    n_games: SupportsIndex,
    seed: SupportsIndex = 0,
    threads: SupportsIndex | None = None,
    first: SupportsIndex = 0,
    max_steps: SupportsIndex | None = None,
) -> RolloutResult:
    """Plays `n_games` uniformly random games (GIL released, results depend on `seed` only),
    each cut after `max_steps` actions (`None`: the game's `max_game_length`) and then reported in
    `.truncated`."""

def conformance(
    game: Game,
    games: SupportsIndex = 10000,
    seed: SupportsIndex = 0,
    deep_games: SupportsIndex = 300,
) -> int:
    """Runs the engine's conformance suite; returns the number of actions checked."""

def check_secrets(game: Game, games: SupportsIndex = 40, seed: SupportsIndex = 0) -> SecretCheck:
    """The secret check alone: in `games` random games every alternative of each secret
    decision (`State.secrecy` in Rust) is played and compared as the other players see it.
    Returns `{"decisions", "reveals", "unseen"}`; raises `ConformanceError` on a leak."""

def seat_shares(
    game: Game,
    games: SupportsIndex = 2000,
    seed: SupportsIndex = 0,
    mcts_iterations: SupportsIndex | None = None,
    z: float = 1.959963984540054,
) -> list[SeatRow]:
    """Each seating of `game` (its mirrors and its configured pairing) played `games` times,
    uniformly random or MCTS against MCTS with `mcts_iterations` each: one dict per seating
    (`seating`, `mirror`, `players`, `play`, `games`, `draws`, `truncated`, `sides`, `shares`,
    `low`, `high`, `expected`, `edge`, `failures`), intervals Wilson's at `z`."""

def check_seats(game: Game, games: SupportsIndex = 2000, seed: SupportsIndex = 0) -> list[SeatRow]:
    """The bounded seat-fairness check: `games` random games per seating, intervals wide enough
    to keep false alarms below 1 in 1,000 runs. Returns the rows of `seat_shares`; raises
    `ConformanceError` naming every unfair seat."""

def dead_text(
    game: Game,
    games: SupportsIndex = 1000,
    mcts_games: SupportsIndex = 2,
    mcts_iterations: SupportsIndex = 30,
    seed: SupportsIndex = 0,
) -> DeadTextReport:
    """The dead-text report: `games` random games and `mcts_games` MCTS games, counting how often
    each printed effect of the cards in play took effect. `{"games", "effects": [{"card",
    "index", "text", "times", "games"}, ...], "dead": [the effects that never did]}`."""

def _load_json(name: str, options: str) -> Game: ...
def _panic_for_tests(message: str) -> None: ...

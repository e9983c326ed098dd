"""The shapes of the dicts kumite's functions return, as ``TypedDict``s: a type checker knows
each key and its type, and at run time they are plain dicts (JSON-ready where they hold no
arrays). Import them to annotate your own code: ``from kumite.results import SelfPlayData``."""

from __future__ import annotations

from typing import Any, TypedDict

import numpy as np
import numpy.typing as npt


class LayoutBlock(TypedDict):
    """One named block of the observation vector (`Game.observation_layout`)."""

    name: str
    start: int
    size: int


class SelfPlayData(TypedDict):
    """What `kumite.selfplay` returns: one row per decision, then one per game."""

    observations: npt.NDArray[np.float32]
    """`(rows, observation length)`: the observation of the player to move."""
    masks: npt.NDArray[np.bool_]
    """`(rows, num_actions)`: the legal actions."""
    policy: npt.NDArray[np.float32]
    """`(rows, num_actions)`: the visit distribution (or Gumbel's improved policy)."""
    values: npt.NDArray[np.float32]
    """`(rows, num_players)`: the game's final returns per seat; 0 for a truncated game."""
    root_value: npt.NDArray[np.float32]
    """`(rows,)`: the search's value of the position for the player to move (the visit-weighted
    mean of its root actions' values, in the game's return scale)."""
    player: npt.NDArray[np.int32]
    """`(rows,)`: the seat that decided."""
    game: npt.NDArray[np.int32]
    """`(rows,)`: the game the row belongs to."""
    truncated: npt.NDArray[np.bool_]
    """`(rows,)`: the row's game was cut at the run's bound."""
    game_returns: npt.NDArray[np.float32]
    """`(games, num_players)`: each game's returns."""
    game_heuristic: npt.NDArray[np.float32]
    """`(games, num_players)`: each game's heuristic value (`State.heuristic`) of its last
    position before the end (where its last action was chosen, or where it was cut); its
    returns where the game has no heuristic."""
    game_truncated: npt.NDArray[np.bool_]
    """`(games,)`: each game was cut at the run's bound."""
    game_length: npt.NDArray[np.int32]
    """`(games,)`: each game's actions."""
    simulations: int
    """Search iterations run in all."""


class SecretCheck(TypedDict):
    """What `kumite.check_secrets` counted."""

    decisions: int
    """Secret decisions checked."""
    reveals: int
    """Pairs of secret alternatives that later showed different things to the others."""
    unseen: int
    """Of those, the pairs the player they were hidden from could still not tell apart."""


class SeatEdge(TypedDict):
    """An edge the rules give some seats, with its size measured in random games."""

    rule: str
    random_shares: list[float]


class Seating(TypedDict):
    """One seating of a game (`Game.seatings`): what the seat check and the balance lab play."""

    name: str
    options: dict[str, Any]
    """Options set over the game's own (the others, a `content_dir` among them, stay)."""
    mirror: bool
    """Every seat plays the same, so only the seat differs."""
    sides: list[int]
    """The side of each seat (teammates share one); empty when each seat is its own."""
    edge: SeatEdge | None


class SeatRow(TypedDict):
    """One seating, played one way (`kumite.seat_shares`, `kumite.check_seats`)."""

    seating: str
    mirror: bool
    players: int
    play: str
    """``"random"`` or ``"mcts:N"``."""
    games: int
    draws: int
    truncated: int
    sides: list[int]
    """The side of each seat (teammates share one)."""
    shares: list[float]
    """Each seat's win share, draws half."""
    low: list[float]
    high: list[float]
    expected: list[float]
    """Each seat's share if the seats were fair (or as the rules' edge gives it)."""
    edge: str | None
    """The rule that gives some seats an edge here, if any."""
    failures: list[str]
    """Each seat whose interval misses its expected share, in words."""


class Effect(TypedDict):
    """One printed effect of the content and how often it took effect (`kumite.dead_text`)."""

    card: str
    index: int
    text: str
    times: int
    games: int


class DeadTextReport(TypedDict):
    """What `kumite.dead_text` found: every effect of the cards in play, and the ones that never
    took effect."""

    games: int
    effects: list[Effect]
    dead: list[Effect]

"""kumite: a fast rules engine for fighting card and board games.

>>> import kumite
>>> game = kumite.load("tekken", heat=True)
>>> state = game.new_state(seed=7)
>>> state.apply(state.legal_actions()[0])

Everything here is implemented in Rust (the private extension ``kumite._kumite``); this package
re-exports it. Errors are ``KumiteError`` subclasses, themselves ``ValueError``\\ s.
"""

from __future__ import annotations

import os

from kumite._extras import lazy_submodules
from kumite._kumite import (
    FORMAT_VERSION,
    MCTS,
    Batch,
    BotSpec,
    BotSpecError,
    CardDataError,
    ConformanceError,
    DeserializationError,
    Game,
    IllegalActionError,
    InternalError,
    InvalidOptionError,
    InvalidPlayerError,
    KumiteError,
    Net,
    NetMismatchError,
    RolloutResult,
    SearchResult,
    State,
    UnknownGameError,
    VecEnv,
    __version__,
    check_seats,
    check_secrets,
    conformance,
    dead_text,
    from_record,
    game_info,
    games,
    load,
    rollout,
    seat_shares,
    selfplay,
)
from kumite.arena import MatchResult, play_match
from kumite.bots import Bot, RandomBot, make_bot

__all__ = [
    "FORMAT_VERSION",
    "BotSpec",
    "BotSpecError",
    "CardDataError",
    "ConformanceError",
    "DeserializationError",
    "Game",
    "IllegalActionError",
    "InternalError",
    "InvalidOptionError",
    "InvalidPlayerError",
    "KumiteError",
    "MCTS",
    "MatchResult",
    "Net",
    "NetMismatchError",
    "Bot",
    "RandomBot",
    "RolloutResult",
    "SearchResult",
    "VecEnv",
    "Batch",
    "State",
    "UnknownGameError",
    "__version__",
    "check_seats",
    "check_secrets",
    "conformance",
    "dead_text",
    "from_record",
    "game_info",
    "games",
    "load",
    "make_bot",
    "play_match",
    "rollout",
    "seat_shares",
    "selfplay",
    "ufs_validate_deck",
]



def ufs_validate_deck(
    cards: list[str],
    sideboard: list[str] | None = None,
    character: str | None = None,
    content_dir: str | os.PathLike[str] | None = None,
) -> None:
    """Checks a Universal Fighting System decklist (card ids, copies repeated) against the deck
    rules; raises `CardDataError` naming the card and the rule broken. The same as
    ``kumite.load("ufs", content_dir=...).validate_deck(...)``, which every game with decklists
    has."""
    options = {} if content_dir is None else {"content_dir": os.fspath(content_dir)}
    load("ufs", **options).validate_deck(cards, sideboard, character)


# The adapters and tools import optional packages, so they load on first use:
# `kumite.envs.gym_env(...)` works after a plain `import kumite`.
_LAZY = ("arena", "balance", "bots", "cli", "distributed", "envs", "viewer")

__getattr__ = lazy_submodules("kumite", _LAZY)

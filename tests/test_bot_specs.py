"""One bot vocabulary: wherever a bot is accepted, a spec string works too."""

from __future__ import annotations

import pytest

import kumite
from kumite.bots import as_bot


def test_play_match_takes_specs_and_bots() -> None:
    game = kumite.load("tekken")
    result = kumite.play_match(game, ["mcts:4", kumite.RandomBot(3)], n_games=2, seed=1)
    assert result.names == ["mcts:4", "RandomBot()"]
    again = kumite.play_match(game, ["mcts:4", kumite.RandomBot(3)], n_games=2, seed=1)
    assert (result.returns == again.returns).all()


def test_as_bot_passes_bots_through_and_makes_specs() -> None:
    game = kumite.load("ufs")
    bot = kumite.RandomBot(1)
    assert as_bot(bot, game, 0) is bot
    assert isinstance(as_bot("random", game, 0), kumite.RandomBot)
    assert isinstance(as_bot("mcts:3:heuristic", game, 0), kumite.MCTS)
    with pytest.raises(ValueError, match=r"use random, mcts:N, mcts:N:heuristic, policy\[:PATH\], az:N\[:PATH\], azp:N\[:PATH\], azh:N\[:PATH\] or module:attr"):
        as_bot("greedy", game, 0)

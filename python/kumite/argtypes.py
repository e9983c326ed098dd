"""argparse value types of the ``kumite`` command and of the training settings it generates
flags from (:mod:`kumite.training`): each reads a value or ends with a one-line usage error."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable


def whole_number(low: int, high: int | None, range_text: str) -> Callable[[str], int]:
    """An argparse type: an integer in ``low .. high`` (no upper bound for ``None``), else a
    usage error saying ``range_text``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{range_text}, not {value}")
        return value

    return parse


seed = whole_number(0, (1 << 64) - 1, "a seed is a whole number in 0 .. 2**64 - 1")
port = whole_number(0, 65535, "a port is 0 .. 65535")
count = whole_number(0, None, "must be at least 0")
positive = whole_number(1, None, "must be at least 1")


def real(ok: Callable[[float], bool], what: str) -> Callable[[str], float]:
    """An argparse type: a number for which ``ok`` holds, else a usage error saying ``what``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not ok(value):
            raise argparse.ArgumentTypeError(f"{what}, not {text!r}")
        return value

    return parse


def above_zero_at_most_one(what: str) -> Callable[[str], float]:
    """An argparse type: a number in (0, 1], else a usage error naming ``what``."""
    return real(lambda v: 0.0 < v <= 1.0, f"{what} is a number above 0 and at most 1")


# λ, a random playout's share of a leaf's value.
mix_weight = above_zero_at_most_one("λ")
# A share of the self-play games.
games_share = above_zero_at_most_one("a share of the games")
# A number in 0..1.
share = real(lambda v: 0.0 <= v <= 1.0, "a share is a number in 0 .. 1")
# A loss's weight.
weight = real(lambda v: 0.0 <= v < math.inf, "a weight is a finite number of at least 0")


def search_spec(text: str) -> str:
    """An argparse type: a bot spec of a search without a network (``mcts:N[:heuristic]``)."""
    from kumite._kumite import BotSpec, BotSpecError

    try:
        spec = BotSpec.parse(text)
    except BotSpecError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    if spec.kind != "mcts":
        raise argparse.ArgumentTypeError(f"{text!r}: a search without a network (mcts:N or mcts:N:heuristic)")
    return text

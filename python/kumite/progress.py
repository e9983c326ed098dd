"""Progress of a long run on stderr, with the time spent and an estimate of the time left: one
line redrawn on a terminal; elsewhere (a log, CI) a line at each tenth of the way, so a log holds
no carriage returns."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


class Progress:
    """A progress bar counting ``unit`` (games, pairs) with the time spent and an estimate of the
    time left."""

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool = True, unit: str = "games") -> None:
        self.total, self.done, self.enabled, self.unit = total, 0, enabled, unit
        self.stream = stream if stream is not None else sys.stderr
        self.tty = self.stream.isatty()
        self.tenth = -1
        self.start = time.monotonic()
        self._draw()

    @staticmethod
    def clock(seconds: float) -> str:
        s = int(round(seconds))
        return f"{s // 3600}h{s // 60 % 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s"

    def _draw(self) -> None:
        if not self.enabled:
            return
        tenth = 10 * self.done // max(self.total, 1)
        if not self.tty and tenth == self.tenth:
            return
        self.tenth = tenth
        elapsed = time.monotonic() - self.start
        filled = 30 * self.done // max(self.total, 1)
        eta = "ETA --" if self.done == 0 else f"ETA {self.clock(elapsed * (self.total - self.done) / self.done)}"
        line = (f"[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} {self.unit}, "
                f"{self.clock(elapsed)} spent, {eta}")
        if self.tty:
            self.stream.write(f"\r{line} " + ("\n" if self.done >= self.total else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def advance(self, count: int) -> None:
        self.done += count
        self._draw()


def reporter(progress: bool | Callable[[int, int], None] | None, total: int, unit: str = "games") -> Callable[[int, int], None] | None:
    """What an API's ``progress`` argument means: a callable ``(done, total)`` as it is, ``True`` a
    :class:`Progress` bar, ``False`` nothing, ``None`` a bar only when stderr is a terminal."""
    if callable(progress):
        return progress
    if progress is None:
        progress = sys.stderr.isatty()
    if not progress:
        return None
    bar = Progress(total, unit=unit)
    return lambda done, _total: bar.advance(done - bar.done)

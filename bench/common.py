"""Helpers shared by the Python benchmarks: timing, machine facts, and a meter for CPU that other
processes used during a measurement (the figures mean little on a busy machine, so we say so)."""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_RUST_JSON = ROOT / "target" / "bench" / "report.json"


def machine() -> dict[str, object]:
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "nproc": os.cpu_count(),
        "cpu": model,
        "python": platform.python_version(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


def _busy_jiffies() -> tuple[int, int] | None:
    """(busy jiffies of the whole machine, jiffies of this process), or None off Linux."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
        # user nice system idle iowait irq softirq steal ...
        busy = sum(fields[:3]) + sum(fields[5:8])
        with open("/proc/self/stat") as f:
            own = f.read().rsplit(")", 1)[1].split()
        mine = int(own[11]) + int(own[12])  # utime, stime (fields 14 and 15)
        return busy, mine
    except (OSError, ValueError, IndexError):
        return None


class ForeignLoad:
    """Measures how many cores' worth of CPU *other* processes used between start and stop."""

    def __init__(self) -> None:
        self.hz = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        self.start = _busy_jiffies()
        self.t0 = time.perf_counter()

    def cores(self, own_children_seconds: float = 0.0) -> float | None:
        """`own_children_seconds`: CPU seconds our own worker processes used meanwhile (they are
        not in this process's counters until waited for), so they are not counted as foreign."""
        end = _busy_jiffies()
        if self.start is None or end is None:
            return None
        secs = time.perf_counter() - self.t0
        foreign = (end[0] - self.start[0]) - (end[1] - self.start[1]) - own_children_seconds * self.hz
        return max(foreign, 0) / self.hz / max(secs, 1e-9)


def timed(budget: float, step: Callable[[], int]) -> tuple[int, float]:
    """Calls `step` (which returns a work count) until `budget` seconds pass; (work, seconds)."""
    work = 0
    t0 = time.perf_counter()
    while True:
        work += step()
        took = time.perf_counter() - t0
        if took >= budget:
            return work, took


def fmt_rate(x: float | None) -> str:
    if x is None:
        return "n/a"
    if x >= 1e6:
        return f"{x / 1e6:.2f} M"
    if x >= 1e3:
        return f"{x / 1e3:.1f} k"
    return f"{x:.0f}"


def markdown(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def load_rust(path: str | None) -> dict[str, dict[str, Any]]:
    """The Rust report's figures per game (`cargo bench -p kumite --bench report -- --json`),
    running the report once when the default file is missing."""
    target = Path(path) if path else DEFAULT_RUST_JSON
    if not target.exists() and path is None:
        print(f"[bench] {target} missing: running the Rust report bench once", file=sys.stderr)
        try:
            subprocess.run(
                ["cargo", "bench", "-q", "-p", "kumite", "--bench", "report", "--", "--json", str(target)],
                cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
            )
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"[bench] could not run the Rust report ({e}); Rust ratios are n/a", file=sys.stderr)
            return {}
    if not target.exists():
        print(f"[bench] no Rust report at {target}; Rust ratios are n/a", file=sys.stderr)
        return {}
    data = json.loads(target.read_text())
    return {g["game"]: g for g in data["games"]}

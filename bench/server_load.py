"""Load test of the play server (`kumite serve`), on loopback only: the server runs in its own
process, and `--clients` client threads each play whole games as the human seat against random
bots (a random legal action at each turn, the bots' moves fetched one step at a time as the page
does), sending what they have drawn of the log (`since`) as the page does. Reports requests/s,
errors, latency percentiles and the mean response size.

    .venv/bin/python bench/server_load.py [--clients 16] [--seconds 60] [--games tekken,...]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import threading
import time
import urllib.error
import urllib.request
from typing import Any


def run_server(queue: Any) -> None:
    from kumite.viewer.server import make_server

    server = make_server(0)
    queue.put(server.server_address[1])
    server.serve_forever()


def client(base: str, games: list[str], seed: int, stop: float, out: list[tuple[float, int, bool]]) -> None:
    rng = random.Random(seed)

    def post(path: str, body: dict[str, Any]) -> dict[str, Any] | None:
        data = json.dumps(body).encode()
        request = urllib.request.Request(base + path, data=data, method="POST", headers={"Content-Type": "application/json"})
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(request, timeout=30) as r:
                raw = r.read()
            out.append((time.perf_counter() - start, len(raw), True))
            return json.loads(raw)  # type: ignore[no-any-return]
        except (urllib.error.URLError, OSError, ValueError):
            out.append((time.perf_counter() - start, 0, False))
            return None

    while time.perf_counter() < stop:
        name = rng.choice(games)
        frame = post("/api/new", {"game": name, "seats": ["human", "random"], "seed": rng.randrange(2**32)})
        while frame is not None and not frame["terminal"] and time.perf_counter() < stop:
            body = {"id": frame["id"], "since": frame["step"], "viewpoint": frame["viewpoint"]}
            if frame["legal"]:
                frame = post("/api/act", {**body, "action": rng.choice(frame["legal"])["action"]})
            else:
                frame = post("/api/step", body)


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def measure(clients: int, seconds: float, games: list[str]) -> dict[str, float]:
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    server = ctx.Process(target=run_server, args=(queue,), daemon=True)
    server.start()
    try:
        base = f"http://127.0.0.1:{queue.get(timeout=60)}"
        results: list[tuple[float, int, bool]] = []
        stop = time.perf_counter() + seconds
        threads = [threading.Thread(target=client, args=(base, games, k, stop, results)) for k in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        server.terminate()
        server.join()
    latencies = sorted(r[0] for r in results if r[2])
    ok = [r for r in results if r[2]]
    return {
        "clients": clients,
        "seconds": seconds,
        "requests": len(results),
        "errors": len(results) - len(ok),
        "requests_per_s": len(results) / seconds,
        "p50_ms": 1000 * percentile(latencies, 0.50),
        "p99_ms": 1000 * percentile(latencies, 0.99),
        "max_ms": 1000 * latencies[-1],
        "mean_kib": sum(r[1] for r in ok) / max(1, len(ok)) / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--games", default="tekken,senjutsu,fatal_fight,ufs")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    figures = measure(args.clients, args.seconds, args.games.split(","))
    print(
        f"{figures['clients']} clients, {figures['seconds']:.0f} s: {figures['requests_per_s']:.0f} requests/s, "
        f"{figures['errors']} errors, p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms, "
        f"max {figures['max_ms']:.0f} ms, {figures['mean_kib']:.1f} KiB a response"
    )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=1)


if __name__ == "__main__":
    main()

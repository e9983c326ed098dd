"""kumite's main demo: a full Tekken match, MCTS (information-set search, 1000 iterations a move)
against a random bot, told play by play; then the engine's random-rollout throughput here."""

from __future__ import annotations

import json
import os
import time

import kumite


def play_match(seed: int) -> None:
    game = kumite.load("tekken", characters=("kaito", "rook"), stage="fault_line")
    state = game.new_state(seed=seed)
    bots: list[kumite.Bot] = [kumite.MCTS(game, iterations=1000, seed=1), kumite.RandomBot(seed=2)]
    names = [f"{game.options['characters'][p]} ({bots[p]!r})" for p in range(2)]
    print(f"=== TEKKEN: P0 {names[0]} vs P1 {names[1]}, seed {seed} ===")
    print(state.render())
    while not state.is_terminal():
        mover = state.current_player
        assert mover is not None
        events = state.apply_with_events(bots[mover].choose(state))
        for event in events:
            print(f"  {event}")
        if state.is_terminal():
            break
        if any(" begins;" in e for e in events):  # a new round: redraw the stage
            print()
            print(state.render())
        elif any(e.endswith("hands are refilled") for e in events):
            fighters = json.loads(state.to_json())["state"]["fighters"]
            print(f"  -- HP {fighters[0]['hp']} : {fighters[1]['hp']} --")
    print()
    print(state.render())
    returns = state.returns()
    print(f"Final returns: P0 {returns[0]:+.0f}, P1 {returns[1]:+.0f} after {len(state.history())} actions")


def throughput() -> None:
    game = kumite.load("tekken")
    threads = os.cpu_count() or 1
    for n_threads in sorted({1, threads}):
        n_games = 4000 * n_threads
        start = time.perf_counter()
        result = kumite.rollout(game, n_games, seed=0, threads=n_threads)
        seconds = time.perf_counter() - start
        steps = int(result.lengths.sum())
        print(
            f"kumite.rollout on {n_threads} thread(s): {n_games / seconds:,.0f} games/s, "
            f"{steps / seconds / 1e6:.2f} M steps/s ({n_games} random games, {steps:,} actions)"
        )


if __name__ == "__main__":
    play_match(seed=7)
    print()
    throughput()

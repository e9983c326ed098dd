"""The ``kumite`` command: ``kumite play <game>`` against bots in the terminal."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import kumite
from kumite.bots import Bot, RandomBot


class Human:
    """Asks at the terminal: the player's view, then numbered legal actions."""

    def __init__(self, player: int) -> None:
        self.player = player

    def choose(self, state: kumite.State) -> int:
        print()
        print(state.information_state_string(self.player))
        legal = state.legal_actions()
        for i, a in enumerate(legal):
            print(f"  {i:>2}) {state.action_to_string(a)}")
        while True:
            try:
                answer = input(f"P{self.player} choose [0-{len(legal) - 1}, or the action's text, q quits]: ").strip()
            except EOFError:
                raise SystemExit("\nbye") from None
            if answer in ("q", "quit"):
                raise SystemExit("bye")
            if answer.isdigit() and int(answer) < len(legal):
                return legal[int(answer)]
            matches = [a for a in legal if state.action_to_string(a).lower() == answer.lower()]
            if matches:
                return matches[0]
            print("not a legal choice")


def make_player(spec: str, player: int, seed: int) -> Bot | Human:
    if spec == "human":
        return Human(player)
    if spec == "random":
        return RandomBot(seed + 1000 * player)
    raise SystemExit(f"unknown player kind {spec!r}: use human or random")


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs; values are read as JSON when they parse, else as strings."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"option {pair!r} is not key=value")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def play(args: argparse.Namespace) -> int:
    try:
        game = kumite.load(args.game, **parse_options(args.option))
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None
    players = [make_player(spec, p, args.seed) for p, spec in enumerate(args.players(game.num_players))]
    state = game.new_state(seed=args.seed)
    while not state.is_terminal():
        mover = state.current_player
        assert mover is not None
        # Events are public: printing them never shows a human the bot's face-down choices.
        for event in state.apply_with_events(players[mover].choose(state)):
            print(f"  {event}")
    print()
    print(state.render())
    returns = state.returns()
    print("returns:", ", ".join(f"P{p} {r:+.0f}" for p, r in enumerate(returns)))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kumite", description="kumite: fighting card and board games")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a game in the terminal")
    p.add_argument("game", choices=kumite.games())
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--p0", default="human", help="human or random (default human)")
    p.add_argument("--p1", default="random", help="human or random (default random)")
    p.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                   help='game option, e.g. -o stage=moonlit_dojo -o \'characters=["vessa","rook"]\'')
    args = parser.parse_args(argv)
    args.players = lambda n: [getattr(args, f"p{i}", "random") for i in range(n)]
    if args.command == "play":
        return play(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())

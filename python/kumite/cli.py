"""The ``kumite`` command: ``kumite play <game>`` against bots in the terminal, ``kumite arena``
for bot matches, ``kumite replay RECORD --html out.html`` and ``kumite serve`` for the browser
viewer (``docs/viewer.md``), ``kumite content <game>`` for the ids of its content
(``docs/content.md``), ``kumite seats <game>`` for seat win shares, ``kumite balance <game>``
for matchup tables, seat advantage and rule variants (``docs/balance.md``), ``kumite ladder
<game> --bots A B C`` for ratings of any set of bots on one scale (``docs/agents.md``)."""

from __future__ import annotations

import argparse
import errno
import json
import os
import secrets
import signal
import sys
import threading
from typing import Any

import kumite
from kumite import bots, training
from kumite._extras import install_hint
from kumite.arena import play_match, play_out
from kumite.argtypes import port, positive, seed, whole_number
from kumite.bots import BOT_SPECS, Bot
from kumite.terminal import Human, Quit, screen


def bot_or_exit(spec: str, game: kumite.Game, seed: int, threads: int | None = None) -> Bot:
    """``kumite.make_bot``, with a bad spec ending the command with its message."""
    try:
        return bots.make_bot(spec, game, seed, threads)
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None


def make_player(spec: str, player: int, game: kumite.Game, seed: int, compact: bool = False) -> Bot | Human:
    """A seat's player: ``human``, or a bot by its spec (a bad one ends the command, naming the
    seat and every form a seat takes)."""
    if spec == "human":
        return Human(player, compact)
    try:
        return bots.make_bot(spec, game, seed + 1000 * player)
    except ValueError as e:
        # A spec that does not read ends with the grammar, which a seat extends.
        extends = str(e).endswith(BOT_SPECS)
        raise SystemExit(f"error: seat {player}: {e}" + (", or human" if extends else "")) from None


class Thinking:
    """A bot that says, while it searches, that it is thinking (on a terminal a human plays at)."""

    def __init__(self, bot: Bot, label: str) -> None:
        self.bot, self.label = bot, label

    def choose(self, state: kumite.State) -> int:
        print(f"  {self.label} thinking…", end="\r", flush=True)
        action = self.bot.choose(state)
        print("\x1b[K", end="")  # erase the line
        return action


def seat_specs(args: argparse.Namespace, n: int) -> list[str]:
    """Who sits where: ``--p0``/``--p1``, then every ``--seat N=SPEC``; seats left unnamed get
    random bots. With no seat named at all, seat 0 is the human."""
    p0 = args.p0 if args.p0 is not None else ("random" if args.seat else "human")
    specs = [p0, args.p1] + ["random"] * max(0, n - 2)
    specs = specs[:n]
    named: dict[int, str] = {}
    for item in args.seat:
        number, sep, spec = item.partition("=")
        if not sep or not number.isascii() or not number.isdigit() or not spec:
            raise SystemExit(f"error: --seat {item!r} is not N=SPEC (e.g. --seat 2=human or --seat 3=mcts:200)")
        seat = int(number)
        if seat >= n:
            raise SystemExit(f"error: --seat {item!r}: this game has seats 0..{n - 1}")
        if seat in named:
            raise SystemExit(f"error: seat {seat} is named twice (--seat {named[seat]} and --seat {item}): name each seat once")
        named[seat] = item
        specs[seat] = spec
    return specs


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs; values are read as JSON when they parse, else as strings."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"error: option {pair!r} is not key=value")
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
    specs = seat_specs(args, game.num_players)
    # A new deal each time unless --seed names one; printed, so a game can be dealt again.
    game_seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    players = [make_player(spec, p, game, game_seed, args.compact) for p, spec in enumerate(specs)]
    print(f"{game.name}: " + ", ".join(f"P{p} {spec}" for p, spec in enumerate(specs)))
    print(f"seed {game_seed} (--seed {game_seed} deals this game again)")
    humans = [p for p, spec in enumerate(specs) if spec == "human"]
    record = args.record if args.record is not None else (f"kumite-{game.name}-seed{game_seed}.json" if humans else "")
    fresh = args.record is None  # a default name never overwrites an earlier game's record
    state = game.new_state(seed=game_seed)
    if hasattr(signal, "SIGHUP") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGHUP, _interrupt)  # a closed terminal leaves as Ctrl-C does
    if humans and sys.stdout.isatty():
        players = [Thinking(p, f"P{s} ({specs[s]})") if specs[s] not in ("human", "random") else p
                   for s, p in enumerate(players)]

    def show(state: kumite.State, action: int) -> None:
        # Events are public: printing them never shows a human the bot's face-down choices.
        for event in state.apply_with_events(action):
            if args.compact:  # shown on each human's next screen
                for p in players:
                    if isinstance(p, Human):
                        p.recent.append(str(event))
            else:
                print(f"  {event}")

    try:
        play_out(state, players, apply=show)
    except Quit:
        save_record(state, record, fresh)
        print("bye")
        return 0
    except BaseException:
        # Ctrl-C, SIGTERM, a closed terminal or a bot's error: the game so far is kept all the same.
        print()
        save_record(state, record, fresh)
        raise
    print()
    print(screen(state.view(humans[0] if len(humans) == 1 else None))[0])
    returns = state.returns()
    print("returns:", ", ".join(f"P{p} {r:+.0f}" for p, r in enumerate(returns)))
    save_record(state, record, fresh)
    return 0


def free_name(path: str) -> str:
    """``path``, or with ``-2``, ``-3``… before its extension when a file has that name."""
    stem, ext = os.path.splitext(path)
    n = 1
    while os.path.exists(path):
        n += 1
        path = f"{stem}-{n}{ext}"
    return path


def save_record(state: kumite.State, path: str, fresh: bool = False) -> None:
    """Writes the game so far as a record (``--record``; nothing for an empty path; ``fresh``:
    under a name no file has yet) and says how to replay it; a record that cannot be written is
    reported, the game is not lost for it."""
    if not path:
        return
    if fresh:
        path = free_name(path)
    try:
        with open(path, "x" if fresh else "w", encoding="utf-8") as f:
            f.write(state.to_record())
    except OSError as e:
        print(f"the game record was not saved: cannot write {path}: {e.strerror or e}", file=sys.stderr)
        return
    print(f"game record: {path} (replay it: kumite replay {path} --html replay.html)", flush=True)


def arena(args: argparse.Namespace) -> int:
    try:
        game = kumite.load(args.game, **parse_options(args.option))
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None
    if len(args.bots) != game.num_players:
        raise SystemExit(f"error: {game.name} needs {game.num_players} bots (one per seat), got {len(args.bots)}")
    bots = [bot_or_exit(spec, game, args.seed + 1000 * b, args.threads) for b, spec in enumerate(args.bots)]
    result = play_match(game, bots, n_games=args.games, seed=args.seed, progress=True, max_steps=args.max_steps,
                        names=args.bots)
    print(result)
    return 0


def replay(args: argparse.Namespace) -> int:
    """Writes the replay page; for a record that cannot be replayed, writes a page that says why
    (so nobody opens a blank file) and fails with the same message."""
    from kumite.viewer import ReplayError, ViewpointError, error_html, replay_html

    try:
        with open(args.record, "rb") as f:
            text = f.read()
    except OSError as e:
        raise SystemExit(f"error: cannot read {args.record}: {e.strerror}") from None
    try:
        page = replay_html(text, viewpoint=args.viewpoint)
    except ViewpointError as e:  # the command line's mistake, not the record's: nothing written
        raise SystemExit(f"error: --viewpoint: {e}") from None
    except ReplayError as e:
        write_text(args.html, error_html(f"{args.record}: {e}"))
        raise SystemExit(f"error: {args.record} cannot be replayed: {e}\n(wrote an error page to {args.html})") from None
    write_text(args.html, page)
    print(f"wrote {args.html}")
    return 0


def write_text(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise SystemExit(f"error: cannot write {path}: {e.strerror or e}") from None


def content(args: argparse.Namespace) -> int:
    """Lists the ids of the game's content, with names and texts: what options (``-o
    stage=...``) and decklists name. ``-o content_dir=DIR`` lists a folder's additions too."""
    try:
        game = kumite.load(args.game, **parse_options(args.option))
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None
    listing = game.content()
    unknown = [k for k in args.kind if k not in listing]
    if unknown:
        raise SystemExit(f"error: {game.name} has no content kind {unknown[0]!r}; it has {', '.join(listing)}")
    if args.kind:
        listing = {k: v for k, v in listing.items() if k in args.kind}
    if args.json:
        print(json.dumps(listing, indent=2, ensure_ascii=False))
        return 0
    for kind, entries in listing.items():
        print(f"{kind} ({len(entries)})")
        width = max((len(entry["id"]) for entry in entries), default=0)
        for entry in entries:
            print(f"  {entry['id']:<{width}}  {entry['name']}: {entry['text']}")
    return 0


def serve(args: argparse.Namespace) -> int:
    from kumite.viewer.server import serve as run

    try:
        run(args.port, custom_bots=args.bot)
    except OSError as e:
        raise SystemExit(f"error: cannot listen on 127.0.0.1:{args.port}: {e.strerror or e}"
                         + (" (another program uses this port: choose another with --port N)" if e.errno == errno.EADDRINUSE else "")) from None
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None
    return 0


def mcp(args: argparse.Namespace) -> int:
    try:
        from kumite.mcp_server import serve as run

        run(args.bot, args.content_dir)
    except (ImportError, ValueError) as e:
        raise SystemExit(f"error: {e}") from None
    return 0


def train(args: argparse.Namespace) -> int:
    try:
        from kumite.learn import train as run
    except ImportError as e:
        raise SystemExit(f"error: {e}") from None
    if args.budget_minutes <= 0 or args.blocks < 0 or not args.checkpoint_minutes >= 0:
        raise SystemExit("error: --budget must be positive, --blocks and --checkpoint-minutes at least 0")
    cfg = training.from_flags(args, game=args.game, out=args.out, options=parse_options(args.option))
    try:
        kumite.load(args.game, **cfg.options)
        summary = run(cfg, resume=args.resume, log=lambda line: print(line, flush=True))
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None
    print(f"wrote {summary['out']} ({summary['iterations']} iterations, {summary['minutes']} min, "
          f"{summary['selfplay_games']} self-play games)")
    return 0


def seats(args: argparse.Namespace) -> int:
    """Prints the seat table (markdown); fails when a mirror seat wins more than its share
    without a rule naming its edge."""
    from kumite import seats as table

    try:
        game = kumite.load(args.game, **parse_options(args.option))
        rows = table.measure(game, args.games, args.mcts, args.mcts_games, args.seed)
    except kumite.KumiteError as e:
        raise SystemExit(f"error: {e}") from None
    print(table.markdown(rows), end="")
    for f in table.failures(rows):
        print(f"unfair: {f}", file=sys.stderr)
    return 1 if table.failures(rows) else 0


def dead_text(args: argparse.Namespace) -> int:
    """Prints how often each printed effect of the cards in play took effect, rarest first;
    fails when one never did."""
    try:
        game = kumite.load(args.game, **parse_options(args.option))
        report = kumite.dead_text(game, games=args.games, mcts_games=args.mcts_games,
                                  mcts_iterations=args.mcts, seed=args.seed)
    except (kumite.KumiteError, ValueError) as e:
        raise SystemExit(f"error: {e}") from None
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        n = report["games"]
        print("| card | # | effect | games it took effect in | times |\n|---|---:|---|---:|---:|")
        for row in sorted(report["effects"], key=lambda r: r["games"]):
            share = 100 * row["games"] / max(n, 1)
            print(f"| {row['card']} | {row['index']} | {row['text']} | {row['games']} of {n} ({share:.1f} %) "
                  f"| {row['times']} |")
    for row in report["dead"]:
        print(f"dead: {row['card']} #{row['index']} \"{row['text']}\" never took effect in {report['games']} games",
              file=sys.stderr)
    return 1 if report["dead"] else 0


def balance(args: argparse.Namespace) -> int:
    """Measures the game's balance tables, writes balance.md, .json and .png into ``--out`` and
    prints the markdown."""
    import shlex

    from kumite import balance as lab

    options = parse_options(args.option)
    variant = parse_options(args.variant) if args.variant else None
    out = args.out or f"balance-{args.game}"
    command = "kumite " + " ".join(shlex.quote(a) for a in args.argv)
    try:
        result = lab.run(args.game, bots=args.bots, games=args.games, workers=args.workers, address=args.address,
                         seed=args.seed, options=options, variant=variant, max_steps=args.max_steps,
                         progress=not args.quiet, command=command)
    except (ValueError, ImportError, ConnectionError) as e:
        raise SystemExit(f"error: {e}") from None
    try:
        paths = lab.write(result, out)
    except OSError as e:
        raise SystemExit(f"error: cannot write into {out}: {e.strerror or e}") from None
    print(lab.report.markdown(result), end="")
    print(f"\nwrote {', '.join(str(p) for p in paths)}", file=sys.stderr)
    if not any(p.suffix == ".png" for p in paths):
        print(f"balance.png not drawn: it needs matplotlib ({install_hint('balance')})", file=sys.stderr)
    return 0


def ladder(args: argparse.Namespace) -> int:
    """Rates the bots by a round robin; exit status 0, or 1 with a message for a bad game,
    option or bot spec (2 for a usage error, 130 when interrupted, as every command)."""
    from kumite.ladder import play_ladder

    try:
        game = kumite.load(args.game, **parse_options(args.option))
        result = play_ladder(game, args.bots, games=args.games, seed=args.seed, threads=args.threads,
                             max_steps=args.max_steps, bootstrap=args.bootstrap,
                             progress=not (args.json or args.quiet))
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None
    print(json.dumps(result.to_json(), indent=2) if args.json else result)
    return 0


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kumite", description="kumite: fighting card and board games")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a game in the terminal")
    p.add_argument("game", choices=kumite.games())
    p.add_argument("--seed", type=seed, default=None, help="the deal (default: a new one each game, printed)")
    p.add_argument("--p0", default=None,
                   help=f"seat 0: human or a bot ({BOT_SPECS}); default human, or random when --seat names the seats")
    p.add_argument("--p1", default="random", help="seat 1, the same way; default random")
    p.add_argument("--seat", action="append", default=[], metavar="N=SPEC",
                   help="who sits in seat N (any seat, e.g. --seat 2=human --seat 3=mcts:200); "
                        "seats not named get random bots")
    p.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                   help='game option, e.g. -o stage=moonlit_dojo -o \'characters=["vessa","rook"]\'')
    p.add_argument("--compact", action="store_true",
                   help="one screen of the terminal's size (80x24 is enough), redrawn in place at each move: "
                        "status, players, your hand, what happened since your move, the choices; v shows the full view")
    p.add_argument("--record", default=None, metavar="FILE",
                   help="where the game record goes when the game ends or you leave it (q, Ctrl-C), "
                        "default, when a human plays: kumite-GAME-seedN.json here, -2, -3... added rather than "
                        "overwrite a file; --record '' saves none")
    a = sub.add_parser("arena", help="play bots against each other and report win rates")
    a.add_argument("game", choices=kumite.games())
    a.add_argument("--bots", nargs="+", required=True, help=f"one per seat: {BOT_SPECS}")
    a.add_argument("--games", type=positive, default=200, help="games to play (at least 1; default 200)")
    a.add_argument("--seed", type=seed, default=0)
    a.add_argument("--threads", type=positive, default=None, help="search threads per bot (default: all cores)")
    a.add_argument("--max-steps", type=positive, default=None, metavar="N",
                   help="cut a game after N actions and count it truncated, apart from the draws "
                        "(default: the game's max_game_length)")
    a.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    r = sub.add_parser("replay", help="write a game record as a self-contained HTML replay")
    r.add_argument("record", help="a record file written by State.to_record (or the play page)")
    r.add_argument("--html", required=True, metavar="OUT.html", help="where to write the page")
    r.add_argument("--viewpoint", default="all", metavar="all|N",
                   help="what the page shows first: everything (default) or what player N sees")
    c = sub.add_parser("content", help="list the ids of characters, stages, cards, decks, ... with their text")
    c.add_argument("game", choices=kumite.games())
    c.add_argument("--kind", action="append", default=[], metavar="KIND",
                   help="only this kind (characters, stages, cards, decks, ...); repeatable")
    c.add_argument("--json", action="store_true", help="print the listing as JSON")
    c.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                   help="game option, e.g. -o content_dir=DIR to list a folder's content too")
    s = sub.add_parser("serve", help="play in the browser against bots, on http://127.0.0.1:PORT/")
    s.add_argument("--port", type=port, default=8765, help="0 picks a free port (default 8765)")
    s.add_argument("--bot", action="append", default=[], metavar="MODULE:ATTR",
                   help="offer your own bot in the seat menus (repeatable)")
    m = sub.add_parser("mcp", help="a Model Context Protocol server on stdin/stdout: a language model plays against bots "
                                   "(needs the mcp extra; docs/mcp.md)")
    m.add_argument("--bot", action="append", default=[], metavar="MODULE:ATTR",
                   help="let matches seat your own bot as an opponent (repeatable)")
    m.add_argument("--content-dir", action="append", default=[], metavar="DIR",
                   help="let matches name this content folder in their options (repeatable)")
    t = sub.add_parser("seats", help="who wins each seating: seat win shares, random and MCTS against MCTS",
                       description="Seat win shares with 95 % intervals. Exit status 1 when a mirror seat misses its "
                                   "fair share at the table's Bonferroni-corrected level (a fair table fails less than "
                                   "1 time in 20), else 0.")
    t.add_argument("game", choices=kumite.games())
    t.add_argument("--games", type=positive, default=2000, help="random games per seating (default 2000)")
    t.add_argument("--mcts", type=int, default=200, metavar="N",
                   help="MCTS iterations per move, every seat alike; 0 skips the MCTS rows (default 200)")
    t.add_argument("--mcts-games", type=positive, default=100, help="MCTS games per seating (default 100)")
    t.add_argument("--seed", type=seed, default=0)
    t.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                   help="game option (a content_dir, say): its seatings are measured")
    x = sub.add_parser("dead-text", help="how often each printed effect of the cards in play takes effect",
                       description="Plays random and MCTS games and counts, for every printed effect of the cards in "
                                   "play (each symbol, ability effect, text effect, skill), the games it took effect "
                                   "in. Exit status 1 when one never did (text the rules cannot make work, or too "
                                   "few games to reach it), else 0.")
    x.add_argument("game", choices=kumite.games())
    x.add_argument("--games", type=positive, default=1000, help="random games (default 1000)")
    x.add_argument("--mcts-games", type=whole_number(0, None, "must be at least 0"), default=2, metavar="N",
                   help="MCTS games (default 2)")
    x.add_argument("--mcts", type=positive, default=30, metavar="N", help="MCTS iterations per move (default 30)")
    x.add_argument("--seed", type=seed, default=0)
    x.add_argument("--json", action="store_true", help="print the report as JSON")
    x.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                   help="game option: the characters, decks or content_dir whose cards are in play")
    # argparse formats help with %: a literal percent sign is written %%.
    b = sub.add_parser("balance", help="matchup tables, seat advantage and rule variants, with 95 %% intervals")
    b.add_argument("game", choices=kumite.games())
    b.add_argument("--bots", nargs="+", default=None, metavar="SPEC",
                   help=f"who plays, cycled over the seats ({BOT_SPECS}); default mcts:100, "
                        "mcts:1000:heuristic for fatal_fight")
    b.add_argument("--games", type=positive, default=100, help="games per cell (default 100)")
    b.add_argument("--workers", type=positive, default=None, help="worker processes (default: every core)")
    b.add_argument("--address", default=None, metavar="RAY",
                   help="play the games on this Ray cluster (auto, ray://host:10001) through kumite.distributed")
    b.add_argument("--seed", type=seed, default=0)
    b.add_argument("--out", default=None, metavar="DIR", help="where balance.md, .json, .png go (default balance-GAME)")
    b.add_argument("--max-steps", type=positive, default=None, metavar="N",
                   help="cut a game after N actions and count it apart (default: the game's max_game_length)")
    b.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                   help="game option for every cell (a content_dir, a stage, ...)")
    b.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE",
                   help="measure the tables again with these options (repeatable: one variant of them all) "
                        "and report each difference with its interval")
    b.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    tr = sub.add_parser("train", help="train a policy-value network by self-play (needs the learn extra)")
    tr.add_argument("game", choices=kumite.games())
    tr.add_argument("--out", required=True, metavar="DIR",
                    help="where net.safetensors, checkpoint.pkl, buffer/, curve.json/.png and summary.json go")
    # Every setting of the run is a TrainConfig field, its flag generated from the field.
    training.add_flags(tr)
    tr.add_argument("--resume", action="store_true", help="continue from DIR's checkpoint")
    tr.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE", help="game option")
    d = sub.add_parser("ladder", help="rate bots on one scale: round robin, Bradley-Terry ratings with 95 %% intervals")
    d.add_argument("game", choices=kumite.games())
    d.add_argument("--bots", nargs="+", required=True, metavar="SPEC", help=f"two or more: {BOT_SPECS}; the first is rated 0")
    d.add_argument("--games", type=positive, default=100, help="games per pair, seats swapped every game (default 100)")
    d.add_argument("--seed", type=seed, default=0)
    d.add_argument("--threads", type=positive, default=None, help="search threads per bot (default: all cores)")
    d.add_argument("--max-steps", type=positive, default=None, metavar="N",
                   help="cut a game after N actions; cut games are left out (default: the game's max_game_length)")
    d.add_argument("--bootstrap", type=positive, default=200, metavar="B", help="bootstrap refits for the intervals (default 200)")
    d.add_argument("--json", action="store_true", help="print the ratings and pairings as JSON")
    d.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    d.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    if argv is None and threading.current_thread() is threading.main_thread():
        # A command stopped with SIGTERM cleans up as on Ctrl-C (the balance lab's workers stop).
        signal.signal(signal.SIGTERM, _interrupt)
    commands = {"play": play, "arena": arena, "replay": replay, "serve": serve, "content": content, "seats": seats,
                "dead-text": dead_text, "balance": balance, "train": train, "ladder": ladder}
    commands["mcp"] = mcp
    # `module:attr` bots import from the current directory, as `python -m` would.
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        return commands[args.command](args)
    except BrokenPipeError:
        # Output piped into a reader that stopped (`kumite content ufs | head`): end quietly, and
        # keep Python from failing again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        # Ctrl-C ends a command quietly, with the shell's status for an interrupt.
        print("\ninterrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())

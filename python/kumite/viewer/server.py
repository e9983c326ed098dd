"""``kumite serve``: a local page to play any game against bots, on the standard library's
``http.server`` (no framework, no JavaScript build). It listens on 127.0.0.1 only.

The server holds the games; the page gets, after each action, only what the viewing seat may
see (``State.view``), the legal actions as buttons when a human is to move, and the public
events. Texts of other players' actions are withheld, since they can name face-down cards.
"""

from __future__ import annotations

import html
import importlib
import itertools
import json
import random
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

import kumite
from kumite.bots import Bot
from kumite.howto import howto_html as howto_fragment
from kumite.terminal import screen
from kumite.viewer import ReplayError, error_html, page_html, replay_html

__all__ = ["Session", "make_server", "serve"]

MAX_SESSIONS = 100
# A bot seat's search budget: a larger one would hold its game's lock for minutes per move.
MAX_BOT_ITERATIONS = 200_000
# Bodies above this are refused: records of the longest games are far smaller.
MAX_BODY = 16 * 1024 * 1024


class BadRequest(ValueError):
    pass


def seat_bot(spec: str, game: kumite.Game, seed: int, custom: tuple[str, ...] = ()) -> Bot:
    """A seat's bot, with its search budget capped: the page waits for each bot move. A page may
    seat a bot of the user's own (``module:attr``) only when the server was started with it, so
    no request can make the server import a module."""
    try:
        parsed = kumite.BotSpec.parse(spec)
        if parsed.kind == "custom" and spec not in custom:
            raise BadRequest(f"bot spec {spec!r}: a bot of your own is seated only when offered: "
                             f"start the server with --bot {spec}")
        if parsed.net is not None:
            # A request may not name a file on the server's machine: the shipped networks only.
            raise BadRequest(f"bot spec {spec!r}: the page seats the shipped networks only (policy, az:N, azp:N, azh:N, azm:N:LAMBDA)")
        return kumite.make_bot(parsed, game, seed, max_iterations=MAX_BOT_ITERATIONS, custom=spec in custom)
    except ValueError as e:
        raise BadRequest(str(e)) from None


def _check_text(value: Any) -> None:
    """Refuses what JSON can carry but nothing downstream can use: lone surrogates (not UTF-8).
    Iterative, since the body may be nested as deep as the JSON parser allows."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                raise BadRequest("the request holds text that is not valid Unicode (a lone surrogate)") from None
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


def _loopback_host(host: str) -> bool:
    """Whether a ``Host`` header (or an origin's host part) names this machine's loopback."""
    name = host.rsplit("]", 1)[0] + "]" if host.startswith("[") else host.rsplit(":", 1)[0]
    return name.lower() in ("127.0.0.1", "localhost", "[::1]")


class Session:
    """One game on the page: the state, who sits in each seat, and the log of steps."""

    def __init__(self, sid: str, game: kumite.Game, seats: list[str], seed: int, custom: tuple[str, ...] = ()) -> None:
        if len(seats) != game.num_players:
            raise BadRequest(f"{game.name} with these options has {game.num_players} seats, got {len(seats)}")
        self.id = sid
        self.game = game
        self.seats = seats
        self.state = game.new_state(seed=seed)
        self.bots: dict[int, Bot] = {
            p: seat_bot(spec, game, (seed + 1000 * (p + 1)) % 2**64, custom) for p, spec in enumerate(seats) if spec != "human"
        }
        self.log: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        humans = [p for p, s in enumerate(seats) if s == "human"]
        self.viewpoint: int | None = humans[0] if humans else None

    def _apply(self, action: int) -> None:
        player = self.state.current_player
        text = self.state.action_to_string(action)
        events = self.state.apply_with_event_dicts(action)
        self.log.append({"player": player, "text": text, "events": [str(e.get("line", "")) for e in events]})

    def act(self, action: int) -> None:
        """A human's action; it must be a human's turn and the action legal."""
        mover = self.state.current_player
        if mover is None:
            raise BadRequest("the game is over")
        if mover in self.bots:
            raise BadRequest(f"P{mover} is a bot ({self.seats[mover]}); it is not your turn")
        if action not in self.state.legal_actions():
            raise BadRequest(f"action {action} is not legal here")
        self._apply(action)

    def step_bot(self) -> None:
        """One move by the bot to move (the page calls this in a loop, to show each move)."""
        mover = self.state.current_player
        if mover is None or mover not in self.bots:
            return
        self._apply(self.bots[mover].choose(self.state))

    def frame(self, since: int = 0, drawn_for: int | None = None) -> dict[str, Any]:
        """What the page shows: the view of the viewing seat (the human to move, else the first
        human seat; a spectator sees everything when nobody is human), and the log from step
        ``since`` on (``log_from``): a page that has drawn the first ``since`` steps for the same
        viewpoint (``drawn_for``) gets only what is new, so a response stays small however long
        the game. Otherwise (another viewpoint withholds other texts) the whole log again."""
        mover = self.state.current_player
        human_to_move = mover is not None and mover not in self.bots
        if human_to_move:
            self.viewpoint = mover
        vp = self.viewpoint
        legal = []
        if human_to_move:
            legal = [{"action": a, "text": self.state.action_to_string(a)} for a in self.state.legal_actions()]
        if drawn_for != vp or not 0 <= since <= len(self.log):
            since = 0
        log = [
            # Another seat's choice may name a face-down card: only its (public) events are sent.
            {**s, "text": s["text"] if vp is None or s["player"] == vp else None} for s in self.log[since:]
        ]
        view = self.state.view(vp)
        return {
            "id": self.id,
            "game": self.game.name,
            "seats": self.seats,
            "viewpoint": vp,
            "view": view,
            "to_move": mover,
            "legal": legal,
            "log_from": since,
            "log": log,
            "step": len(self.log),
            "terminal": mover is None,
            "result": view.get("result"),
            "returns": [float(r) for r in self.state.returns()],
        }


_PLAY_BODY = """<header class="bar"><h1>kumite · play</h1>
<span id="who"></span>
<a id="howto" target="_blank" rel="noopener">how to play</a>
<label>bot speed <select id="speed"><option value="600">slow</option><option value="200" selected>normal</option><option value="10">fast</option></select></label>
<a id="download" download style="display:none">download record</a>
<label style="margin-left:auto">open a record <input id="record-file" type="file" accept=".json,application/json"></label>
</header>
<main class="layout play"><div class="main-col">
<div class="view-scroll" id="view-scroll"><div class="error-box" id="error" style="display:none"></div>
<div id="view"><div class="panel">Choose a game, seats and options, then start.</div></div></div>
<div class="hand-dock" id="hand-dock"></div></div>
<aside class="side">
<details class="panel setup" id="setup" open><summary><h2>New game</h2></summary>
<label>game <select id="game"></select></label>
<div id="options-form" class="options-form"></div>
<label>seats</label><div id="seats"></div>
<label>seed <input id="seed" type="number" value="0" min="0"></label>
<p><button id="start">start</button></p></details>
<div class="panel"><h2>Your move</h2><div class="legal" id="legal"></div><div class="view-result" id="result"></div>
<div id="rematch-box" style="display:none"><button id="rematch">rematch</button> <button id="rematch-swap" title="the same game with every seat moved one place on">rematch, seats turned</button></div></div>
<div class="panel log-panel"><h2>Log</h2><ol class="log" id="log"></ol></div>
</aside></main>"""


def howto_html(game: str) -> str:
    """The how-to-play page of ``game`` (its packaged Markdown rendered as HTML) and a position
    drawn by the engine as the terminal shows it."""
    g = kumite.load(game)
    state = g.new_state(seed=1)
    rng = random.Random(1)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    player = state.current_player if state.current_player is not None else 0
    body = (f"<main class=\"howto\"><article class=\"howto-text\">{howto_fragment(game)}</article>"
            f"<h2>What the screen shows</h2><p>A position 12 random actions into a game, as <code>kumite play {game}</code> "
            f"draws it for P{player}:</p><pre class=\"kumite-text\">{html.escape(screen(state.view(player))[0])}</pre></main>")
    return page_html(f"How to play {game}", body, {}, [])


class App:
    """The sessions of one server."""

    def __init__(self, custom_bots: tuple[str, ...] = ()) -> None:
        self.custom_bots = custom_bots
        self.sessions: dict[str, Session] = {}
        self.counter = itertools.count(1)
        self.lock = threading.Lock()

    def page(self) -> str:
        games = []
        for name in kumite.games():
            g = kumite.load(name)
            games.append({"name": name, "num_players": g.num_players, "options": g.options, "content": g.content()})
        return page_html("kumite · play", _PLAY_BODY, {"format": 1, "kind": "play", "games": games, "custom_bots": list(self.custom_bots)}, ["play.js"])

    def load(self, body: dict[str, Any]) -> kumite.Game:
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise BadRequest("options must be a JSON object")
        return kumite.load(str(body.get("game")), **options)

    def session(self, body: dict[str, Any]) -> Session:
        with self.lock:
            s = self.sessions.get(str(body.get("id")))
        if s is None:
            raise BadRequest("no such game (the server may have restarted): start a new one")
        return s

    def api(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        if path == "/api/describe":
            g = self.load(body)
            return {"num_players": g.num_players, "options": g.options}
        if path == "/api/new":
            g = self.load(body)
            seats = body.get("seats")
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise BadRequest("seats must be a list of texts: human, random, mcts:N")
            seed = body.get("seed", 0)
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
                raise BadRequest("seed must be an integer in 0..2**64")
            sid = str(next(self.counter))
            s = Session(sid, g, seats, seed, self.custom_bots)
            with self.lock:
                self.sessions[sid] = s
                # A local page: keep the most recent games, so a long-running server stays small.
                while len(self.sessions) > MAX_SESSIONS:
                    del self.sessions[next(iter(self.sessions))]
            return s.frame()
        if path in ("/api/act", "/api/step"):
            s = self.session(body)
            since, drawn_for = body.get("since", 0), body.get("viewpoint")
            if not isinstance(since, int) or isinstance(since, bool):
                raise BadRequest("since must be the number of log steps the page has drawn")
            if drawn_for is not None and (not isinstance(drawn_for, int) or isinstance(drawn_for, bool)):
                raise BadRequest("viewpoint must be the seat the page's log was drawn for, or null")
            with s.lock:
                if path == "/api/act":
                    action = body.get("action")
                    if not isinstance(action, int) or isinstance(action, bool):
                        raise BadRequest("action must be an integer")
                    s.act(action)
                else:
                    s.step_bot()
                return s.frame(since, drawn_for)
        raise BadRequest(f"no API {path}")


def make_handler(app: App) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "kumite"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
            pass

        def send(self, status: int, body: str | bytes, ctype: str, extra: dict[str, str] | None = None) -> None:
            data = body.encode("utf-8") if isinstance(body, str) else body
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            for k, v in (extra or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)

        def send_json(self, status: int, value: Any) -> None:
            self.send(status, json.dumps(value), "application/json")

        def read_body(self) -> bytes:
            text = self.headers.get("Content-Length") or "0"
            if not text.isascii() or not text.isdigit():
                raise BadRequest(f"Content-Length must be a byte count, not {text!r}")
            length = int(text)
            if length > MAX_BODY:
                raise BadRequest("request too large")
            return self.rfile.read(length)

        def refuse_foreign(self, write: bool) -> bool:
            """Answers 403 and returns True for a request another site may have made: a ``Host``
            that is not loopback (DNS rebinding), or, for a write, an ``Origin`` or fetch
            metadata from another origin (a cross-site form or ``text/plain`` POST)."""
            host = self.headers.get("Host") or ""
            reason = None
            if not _loopback_host(host):
                reason = f"this server answers only on 127.0.0.1, not for Host {host!r}"
            elif write:
                origin = self.headers.get("Origin")
                if origin is not None and origin != f"http://{host}":
                    reason = f"writes from another origin ({origin}) are refused"
                elif self.headers.get("Sec-Fetch-Site") not in (None, "same-origin", "none"):
                    reason = "writes from another site are refused"
            if reason is None:
                return False
            self.send_json(403, {"error": reason})
            return True

        def do_GET(self) -> None:
            if self.refuse_foreign(write=False):
                return
            url = urlparse(self.path)
            if url.path in ("/", "/index.html"):
                self.send(200, app.page(), "text/html; charset=utf-8")
            elif url.path.startswith("/howto/") and url.path[len("/howto/"):] in kumite.games():
                self.send(200, howto_html(url.path[len("/howto/"):]), "text/html; charset=utf-8")
            elif url.path == "/api/record":
                sid = parse_qs(url.query).get("id", [""])[0]
                with app.lock:
                    s = app.sessions.get(sid)
                if s is None:
                    self.send_json(404, {"error": "no such game"})
                    return
                with s.lock:
                    record = s.state.to_record()
                name = f"kumite-{s.game.name}-{sid}.json"
                self.send(200, record, "application/json", {"Content-Disposition": f'attachment; filename="{name}"'})
            else:
                self.send_json(404, {"error": f"nothing at {url.path}"})

        def do_POST(self) -> None:
            if self.refuse_foreign(write=True):
                return
            path = urlparse(self.path).path
            try:
                raw = self.read_body()
                if path == "/replay":
                    try:
                        self.send(200, replay_html(raw), "text/html; charset=utf-8")
                    except ReplayError as e:
                        self.send(400, error_html(str(e)), "text/html; charset=utf-8")
                    return
                try:
                    body = json.loads(raw or b"{}")
                except (json.JSONDecodeError, UnicodeDecodeError) as e:
                    raise BadRequest(f"the request is not JSON: {e}") from None
                except RecursionError:
                    raise BadRequest("the request's JSON is nested too deeply") from None
                if not isinstance(body, dict):
                    raise BadRequest("the request must be a JSON object")
                _check_text(body)
                self.send_json(200, app.api(path, body))
            except (BadRequest, kumite.KumiteError) as e:
                self.send_json(400, {"error": str(e)})
            except RecursionError:
                self.send_json(400, {"error": "the request is nested too deeply"})
            except Exception as e:  # the page shows it; the server keeps serving
                self.send_json(500, {"error": f"internal error: {type(e).__name__}: {e}"})

    return Handler


def check_custom_bots(specs: list[str]) -> tuple[str, ...]:
    """The user's bots offered on the page, each checked to import now (a ``ValueError`` says
    which does not), so a typo fails at start rather than at the first game."""
    for spec in specs:
        try:
            custom = kumite.BotSpec.parse(spec).kind == "custom"
        except ValueError:
            custom = False
        if not custom:
            raise ValueError(f"--bot {spec!r} is not module:attr")
        module, _, attr = spec.partition(":")
        try:
            found = hasattr(importlib.import_module(module), attr)
        except ImportError as e:
            raise ValueError(f"--bot {spec!r}: cannot import {module!r} ({e})") from None
        if not found:
            raise ValueError(f"--bot {spec!r}: module {module!r} has no attribute {attr!r}")
    return tuple(specs)


class _Server(ThreadingHTTPServer):
    # The standard library listens with a backlog of 5: with more clients connecting at once
    # the kernel drops their SYNs, and each drop costs a client a 1 s retransmission (that was
    # the p99 of 1 s at 16 clients).
    request_queue_size = 128


def make_server(port: int = 8765, host: str = "127.0.0.1", custom_bots: list[str] | None = None) -> ThreadingHTTPServer:
    """A server for the play page (port 0 picks a free one: ``server.server_address[1]``);
    ``custom_bots`` are ``module:attr`` specs the page may seat."""
    server = _Server((host, port), make_handler(App(check_custom_bots(custom_bots or []))))
    server.daemon_threads = True
    return server


def serve(port: int = 8765, custom_bots: list[str] | None = None) -> None:
    server = make_server(port, custom_bots=custom_bots)
    print(f"kumite: play at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()

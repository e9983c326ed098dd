"""``kumite mcp``: a Model Context Protocol server over stdio, so a language model (through any
MCP client) plays any game against bots. Needs the ``mcp`` extra.

Each match is a :class:`kumite.envs.text.TextEnv`: the model's seat gets the text that
environment gives (its view of the table, what the others showed, its choices with the text of
the cards they name), and answers with a choice's text. Several matches run at once, each named
by an id. A response for a match carries only what its seat may see; the record, which replays
every hidden card, is given once the match is over.
"""

from __future__ import annotations

from kumite._extras import require

require("mcp", "mcp", "kumite mcp")

import functools
import io
import itertools
import json
import random
import sys
import threading
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.resources import TextResource
from mcp.types import CallToolResult, TextContent

import kumite
from kumite.bots import BOT_SPECS
from kumite.envs.text import IllegalText, TextEnv
from kumite.howto import howto_text
from kumite.viewer.server import check_custom_bots, seat_bot

__all__ = ["Match", "Matches", "make_server", "serve"]

# The matches a server keeps; starting one more forgets the oldest.
MAX_MATCHES = 100
# The rules docs, in a checkout (an installed wheel has the how-to pages only).
RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"

INSTRUCTIONS = f"""Plays kumite's fighting card and board games ({", ".join(kumite.games())}) against bots.
list_games gives each game's seats and options; start_match(game, seat, opponents) starts one and
answers with your seat's view and your numbered choices; act(match_id, action) plays one choice,
named by its text as listed (or its number), and answers with what happened and your next view;
observe shows the view again; result gives the outcome and, once the match is over, its record.
Opponents are bot specs: {BOT_SPECS}. The how-to pages (kumite://howto/GAME) and rules docs
(kumite://rules/GAME) are resources."""


class Match:
    """One match: its text environment and the lock that keeps its calls in order."""

    def __init__(self, match_id: str, env: TextEnv, seed: int, opponents: list[str]) -> None:
        self.id, self.env, self.seed, self.opponents = match_id, env, seed, opponents
        self.lock = threading.Lock()

    def answer(self, text: str) -> CallToolResult:
        """``text`` for the model, and the same with the match's state as structured content."""
        info = self.env.info()
        data = {"match_id": self.id, "game": self.env.game.name, "seat": self.env.seat, "over": self.env.over,
                "observation": text, **info}
        return CallToolResult(content=[TextContent(type="text", text=f"match {self.id}\n{text}")], structured_content=data)


class Matches:
    """The matches of one server, by id; every method is a tool's body, raising `ToolError` with
    a one-line reason (or the reason and the choices, for an illegal action)."""

    def __init__(self, custom_bots: tuple[str, ...] = (), content_dirs: tuple[Path, ...] = ()) -> None:
        self.custom_bots = custom_bots
        self.content_dirs = content_dirs
        self.matches: dict[str, Match] = {}
        self.counter = itertools.count(1)
        self.lock = threading.Lock()

    def get(self, match_id: str) -> Match:
        with self.lock:
            match = self.matches.get(match_id)
            known = ", ".join(self.matches) or "none"
        if match is None:
            raise ToolError(f"no match {match_id!r} (matches here: {known}): start one with start_match")
        return match

    def start(self, game: str, seat: int, opponents: list[str] | str, options: dict[str, Any] | None,
              seed: int | None) -> CallToolResult:
        if seed is None:
            seed = random.getrandbits(63)
        folder = (options or {}).get("content_dir")
        if folder is not None and (not isinstance(folder, str) or Path(folder).resolve() not in self.content_dirs):
            raise ToolError(f"content_dir {folder!r} is not a folder this server was started with "
                            "(kumite mcp --content-dir DIR): a request cannot make the server read a folder")
        try:
            env = TextEnv(kumite.load(game, **(options or {})), opponents, seat=seat, illegal="raise",
                          make_bot=functools.partial(seat_bot, custom=self.custom_bots))
            env.reset(seed=seed)
        except (ValueError, TypeError) as e:
            raise ToolError(str(e)) from None
        with self.lock:
            match = Match(f"m{next(self.counter)}", env, seed, [str(spec) for spec in env.specs])
            self.matches[match.id] = match
            while len(self.matches) > MAX_MATCHES:
                del self.matches[next(iter(self.matches))]
        return match.answer(env.observe())

    def observe(self, match_id: str) -> CallToolResult:
        match = self.get(match_id)
        with match.lock:
            return match.answer(match.env.observe())

    def act(self, match_id: str, action: str) -> CallToolResult:
        match = self.get(match_id)
        with match.lock:
            env = match.env
            if env.over:
                raise ToolError(f"match {match_id} is over ({env.info().get('result') or 'no result'}): "
                                "result gives its record; start_match starts another")
            try:
                obs, *_ = env.step(action)
            except IllegalText as e:
                raise ToolError(f"{e}\nNothing was played; it is still your move.") from None
            except ValueError as e:  # a bot of the user's that refuses the position, say
                raise ToolError(str(e)) from None
            return match.answer(obs)

    def result(self, match_id: str) -> CallToolResult:
        match = self.get(match_id)
        with match.lock:
            env = match.env
            state = env.state
            assert state is not None
            data: dict[str, Any] = {"match_id": match.id, "game": env.game.name, "seat": env.seat, "over": env.over,
                                    "steps": env.steps, "seed": match.seed, "opponents": match.opponents}
            if not env.over:
                text = f"match {match.id} is not over: P{state.current_player} is to move"
                return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)
            info = env.info()
            data.update(result=info["result"], returns=info["returns"], truncated=not state.is_terminal(),
                        record=json.loads(state.to_record()))
            text = (f"match {match.id} is over: {info['result'] or 'cut before the end, no result'}; "
                    f"returns {info['returns']} (you are P{env.seat})\nrecord: {state.to_record()}")
            return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)

    def list(self) -> list[dict[str, Any]]:
        with self.lock:
            matches = list(self.matches.values())
        return [{"match_id": m.id, "game": m.env.game.name, "seat": m.env.seat, "opponents": m.opponents,
                 "over": m.env.over} for m in matches]


def games() -> dict[str, Any]:
    """Every game with its seats, options (defaults given) and the ids its options name."""
    out = []
    for name in kumite.games():
        g = kumite.load(name)
        content = {kind: [e["id"] for e in entries] for kind, entries in g.content().items() if kind != "cards"}
        out.append({"name": name, "players": g.num_players, "options": g.options, "content": content,
                    "howto": f"kumite://howto/{name}"})
    return {"games": out, "bots": BOT_SPECS}


def make_server(custom_bots: tuple[str, ...] = (), content_dirs: tuple[Path, ...] = ()) -> MCPServer:
    """The server, its tools and resources; ``custom_bots`` are the ``module:attr`` bots it may
    seat and ``content_dirs`` the content folders a match may name (none by default: a request
    cannot make the server import a module or read a folder)."""
    server: MCPServer = MCPServer("kumite", instructions=INSTRUCTIONS, version=kumite.__version__, log_level="WARNING")
    matches = Matches(custom_bots, content_dirs)

    @server.tool()
    def list_games() -> dict[str, Any]:
        """The games: seats (players), options with their defaults (give any of them to
        start_match), and the ids of the content options name (characters, stages, decks...)."""
        return games()

    @server.tool()
    def start_match(game: str, seat: int = 0, opponents: list[str] | str | None = None,
                    options: dict[str, Any] | None = None, seed: int | None = None) -> CallToolResult:
        """Starts a match of `game` with you in `seat` (0 = first); `opponents` are bot specs, one
        per other seat in seat order, or one for them all (default "random"); `options` are the
        game's (see list_games); `seed` fixes the deal (default random). Answers with the match id
        and your view."""
        return matches.start(game, seat, opponents or "random", options, seed)

    @server.tool()
    def observe(match_id: str) -> CallToolResult:
        """Your seat's view of a match: the table, your cards with their text, what the others
        showed since your last move, and your numbered choices."""
        return matches.observe(match_id)

    @server.tool()
    def act(match_id: str, action: str) -> CallToolResult:
        """Plays one of your choices, named by its text as listed (or its number); the bots then
        play until it is your move again or the match is over. An action that is not a choice
        is answered with why and the choices, and nothing is played."""
        return matches.act(match_id, action)

    @server.tool()
    def result(match_id: str) -> CallToolResult:
        """Whether a match is over; once it is, its result, every seat's return and its game record
        (the JSON `kumite replay` and kumite.from_record read, which shows every hidden card)."""
        return matches.result(match_id)

    @server.tool()
    def list_matches() -> dict[str, Any]:
        """The matches this server holds: id, game, your seat, opponents, whether over."""
        return {"matches": matches.list()}

    for name in kumite.games():
        server.add_resource(TextResource(uri=f"kumite://howto/{name}", name=f"howto-{name}", title=f"How to play {name}",
                                         mime_type="text/markdown", text=howto_text(name)))
        rules = RULES / f"{name}.md"
        if rules.is_file():
            server.add_resource(TextResource(uri=f"kumite://rules/{name}", name=f"rules-{name}", title=f"Rules of {name}",
                                             mime_type="text/markdown", text=rules.read_text(encoding="utf-8")))
    return server


def serve(custom_bots: list[str] | None = None, content_dirs: list[str] | None = None) -> None:
    """Serves on stdin and stdout until the client closes them; ``custom_bots`` (``module:attr``
    specs, each checked to import now) are the user's bots matches may seat, ``content_dirs`` the
    content folders their options may name."""
    server = make_server(check_custom_bots(custom_bots or []), tuple(Path(d).resolve() for d in content_dirs or []))
    # While serving, the SDK points fd 1 at stderr and writes the protocol to a copy of it; a line
    # printed by a user's bot reaches fd 1 at once, so it lands on stderr, not later on the wire.
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    server.run("stdio")


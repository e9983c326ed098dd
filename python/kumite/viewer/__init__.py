"""The browser viewer: self-contained replay files and the local play page (``docs/viewer.md``).

The engine draws nothing here and no rule is re-implemented: Python replays a record with the
engine, asks it for each step's view (``State.view``) from every viewpoint and for the events of
each action, and embeds them as JSON in one HTML file whose inline scripts only draw them.

>>> from kumite.viewer import replay_html
>>> html = replay_html(state.to_record())
"""

from __future__ import annotations

import html
import json
from importlib import resources
from typing import Any

import kumite

__all__ = ["VIEWER_FORMAT", "ReplayError", "ViewpointError", "replay_data", "replay_html", "error_html", "page_html"]

# Version of the data embedded in replay files; replay.js refuses any other.
VIEWER_FORMAT = 1

# Stylesheet and drawing modules inlined into every page, in order.
_STYLE = "viewer.css"
_DRAWING = ["draw.js", "faces.js", "board_hex.js", "board_grid.js"]


class ReplayError(ValueError):
    """A record that cannot be replayed: not JSON, another format version, an unknown game or
    options, or an action that is not legal where it was played."""


class ViewpointError(ReplayError):
    """A viewpoint the record's game does not have."""


def _asset(name: str) -> str:
    return resources.files("kumite.viewer").joinpath("static", name).read_text(encoding="utf-8")


def _script_json(value: Any) -> str:
    # Inside <script>, "</" closes the element and "<!--" opens a comment that swallows the rest
    # of the page, so no "<" is written raw (`\u003c` is the same JSON text). ASCII output also
    # carries a lone surrogate (from hostile input) as its escape instead of failing to encode.
    return json.dumps(value, separators=(",", ":")).replace("<", "\\u003c")


def page_html(title: str, body: str, data: Any, scripts: list[str]) -> str:
    """One self-contained page: the stylesheet, ``body``, ``data`` as JSON, then the drawing
    modules and ``scripts``, all inline."""
    js = "\n".join(_asset(name) for name in _DRAWING + scripts)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{html.escape(title)}</title>\n<style>\n{_asset(_STYLE)}</style>\n</head>\n<body>\n{body}\n"
        f"<script type=\"application/json\" id=\"kumite-data\">{_script_json(data)}</script>\n"
        f"<script>\n{js}\n</script>\n</body>\n</html>\n"
    )


def error_html(message: str, title: str = "This replay cannot be shown") -> str:
    """A page that says what is wrong, for a record that cannot be replayed."""
    body = (
        f"<div class=\"error-page\" id=\"error\"><h1>{html.escape(title)}</h1>"
        f"<pre>{html.escape(message)}</pre>"
        f"<p>kumite {html.escape(kumite.__version__)} reads records of format version {kumite.FORMAT_VERSION}.</p></div>"
    )
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<title>{html.escape(title)}</title>\n<style>\n{_asset(_STYLE)}</style>\n</head>\n"
        f"<body data-error=\"1\">\n{body}\n</body>\n</html>\n"
    )


class _Parts:
    """Interns view fragments so a replay stores each distinct one once: a view becomes its
    top-level keys (and each zone) as indices into one shared list."""

    def __init__(self) -> None:
        self.parts: list[Any] = []
        self.index: dict[str, int] = {}

    def add(self, value: Any) -> int:
        key = json.dumps(value, sort_keys=True, separators=(",", ":"))
        if key not in self.index:
            self.index[key] = len(self.parts)
            self.parts.append(value)
        return self.index[key]

    def pack(self, view: dict[str, Any]) -> dict[str, Any]:
        packed: dict[str, Any] = {"p": {k: self.add(v) for k, v in view.items() if k != "zones"}}
        if isinstance(view.get("zones"), list):
            packed["z"] = [self.add(z) for z in view["zones"]]
        elif "zones" in view:
            packed["p"]["zones"] = self.add(view["zones"])
        return packed


def viewpoints(game: kumite.Game, state: kumite.State) -> list[dict[str, Any]]:
    """``all`` (the spectator) and one entry per player, named after the player when the view
    names it."""
    names: dict[int, str] = {}
    for i, p in enumerate(state.view(None).get("players") or []):
        if isinstance(p, dict) and p.get("name"):
            names[int(p.get("id", i))] = str(p["name"])
    out = [{"id": "all", "name": "Everything"}]
    for p in range(game.num_players):
        out.append({"id": str(p), "name": f"P{p} {names.get(p, '')}".rstrip()})
    return out


def replay_data(record: str | bytes) -> dict[str, Any]:
    """Replays ``record`` and returns what the replay page embeds: every step's view from every
    viewpoint (interned), each action with its text and events, and the final returns."""
    try:
        final = kumite.from_record(record)
    except kumite.KumiteError as e:
        raise ReplayError(f"{type(e).__name__}: {e}") from e
    game = final.game
    seed = final.seed
    assert seed is not None, "a state replayed from a record has its seed"
    state = game.new_state(seed=seed)
    vps = viewpoints(game, state)
    viewers: list[tuple[str, int | None]] = [(v["id"], None if v["id"] == "all" else int(v["id"])) for v in vps]
    parts = _Parts()
    views: dict[str, list[dict[str, Any]]] = {vid: [parts.pack(state.view(who))] for vid, who in viewers}
    steps: list[dict[str, Any]] = []
    for action in final.history():
        player = state.current_player
        text = state.action_to_string(action)
        events = state.apply_with_event_dicts(action)
        steps.append({"player": player, "action": action, "text": text,
                      "events": [{"line": e.get("line", ""), "kind": e.get("kind"), "player": e.get("player")} for e in events]})
        for vid, who in viewers:
            views[vid].append(parts.pack(state.view(who)))
    return {
        "format": VIEWER_FORMAT,
        "kind": "replay",
        "kumite_version": kumite.__version__,
        "game": game.name,
        "options": game.options,
        "seed": seed,
        "num_players": game.num_players,
        "record": final.to_record(),
        "viewpoints": vps,
        "parts": parts.parts,
        "views": views,
        "steps": steps,
        "returns": [float(r) for r in state.returns()],
    }


_REPLAY_BODY = """<header class="bar">
<h1 id="title">kumite replay</h1>
<button id="first" title="first (Home)">|◀</button><button id="prev" title="back (←)">◀</button>
<button id="play" title="play / pause (space)">▶ play</button>
<button id="next" title="forward (→)">▶</button><button id="last" title="last (End)">▶|</button>
<input id="slider" type="range" min="0" value="0" style="flex:1 1 12em">
<span id="counter"></span>
<label>speed <select id="speed"><option value="1000">slow</option><option value="400" selected>normal</option><option value="100">fast</option></select></label>
<label>viewpoint <select id="viewpoint"></select></label>
<span class="keys">← → PgUp PgDn Home End · space · v</span>
</header>
<main class="layout"><div id="view"></div>
<aside class="panel log-panel"><h2>Events</h2><ol class="log" id="log"></ol></aside></main>"""


def replay_html(record: str | bytes, viewpoint: str = "all") -> str:
    """The self-contained replay page of ``record``, opening on ``viewpoint`` (``"all"`` or a
    player number); raises ``ReplayError`` when the record cannot be replayed (``error_html``
    makes the page that says why)."""
    data = replay_data(record)
    ids = [v["id"] for v in data["viewpoints"]]
    if viewpoint not in ids:
        raise ViewpointError(f"viewpoint {viewpoint!r} is not one of {', '.join(ids)}")
    data["initial_viewpoint"] = viewpoint
    return page_html(f"kumite replay: {data['game']} seed {data['seed']}", _REPLAY_BODY, data, ["replay.js"])

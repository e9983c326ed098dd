"""The documentation site's generated pages (written by `docs/conf.py` when the build starts).

For each game: a researcher's page with the facts read from the engine itself (players, action
space, observation shape and bounds, options, content, length bounds), the sections of the
game's rules doc that describe the observation, the hidden information, the seats and the
length (quoted from `docs/rules/<game>.md`, which the tests keep true), a play-by-play of a
seeded game, and an animated replay (the viewer's replay page of that game).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import kumite
from kumite.viewer import replay_html

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
# Generated, never committed: the game pages, and the replays the site serves as they are.
PAGES = DOCS / "games"
EXTRA = ROOT / "target" / "docs-extra"
TITLES = {
    "tekken": "TEKKEN: The Board Game",
    "senjutsu": "Senjutsu: Battle for Japan",
    "fatal_fight": "Fatal Fight",
    "ufs": "Universal Fighting System",
}
# The rules doc's sections shown on the game's page, by how their heading starts.
SECTIONS = ("Secrets", "Seats", "Game length", "Actions", "Observation")
REPLAY_ACTIONS = 120
PLAY_BY_PLAY = 12


def sections(markdown: str) -> dict[str, str]:
    """The rules doc's `## ` sections by heading, each with its text (their `### ` subheadings
    stay under the page's `## ` heading as they are)."""
    out: dict[str, str] = {}
    for block in re.split(r"^## ", markdown, flags=re.M)[1:]:
        heading, _, body = block.partition("\n")
        out[heading.strip()] = body.strip()
    return out


def section(found: dict[str, str], prefix: str) -> tuple[str, str] | None:
    for heading, body in found.items():
        if heading.startswith(prefix):
            return heading, body
    return None


def module_doc(name: str) -> tuple[str, dict[str, str]]:
    """The game module's opening statement and its option table's meanings, by option."""
    source = (ROOT / "rust" / "kumite" / "src" / "games" / name / "mod.rs").read_text(encoding="utf-8")
    doc = [line[3:].strip() if len(line) > 3 else "" for line in source.splitlines() if line.startswith("//!")]
    statement = " ".join(doc[: doc.index("")] if "" in doc else doc)
    statement = re.sub(r" \(seed `[^`]*`(, ([^)]*))?\)", lambda m: f" ({m.group(2)})" if m.group(2) else "", statement)
    statement = re.sub(r" Rule ids .*$", "", statement)
    meanings = {}
    for line in doc:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            meanings[cells[0].strip("`")] = cells[2]
    return statement, meanings


def ids(items: list[dict[str, str]], shown: int = 12) -> str:
    listed = ", ".join(f"`{item['id']}`" for item in items[:shown])
    return listed + (" …" if len(items) > shown else "")


def value(v: object) -> str:
    return "—" if v is None else f"`{json.dumps(v, ensure_ascii=False)}`"


def sample_game(game: kumite.Game, seed: int, actions: int = REPLAY_ACTIONS) -> tuple[kumite.State, list[str]]:
    """A seeded game with uniformly random choices (at most ``actions`` of them), and its first
    actions as text."""
    import random

    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    lines: list[str] = []
    while not state.is_terminal() and len(state.history()) < actions:
        player = state.current_player
        action = rng.choice(state.legal_actions())
        if len(lines) < PLAY_BY_PLAY:
            lines.append(f"{'chance' if player is None else f'player {player}'}: {state.action_to_string(action)}")
        state.apply(action)
    return state, lines


def page(name: str) -> str:
    game = kumite.load(name)
    rules = (DOCS / "rules" / f"{name}.md").read_text(encoding="utf-8")
    found = sections(rules)
    intro, meanings = module_doc(name)
    state, lines = sample_game(game, seed=1)
    (EXTRA / "games").mkdir(parents=True, exist_ok=True)
    (EXTRA / "games" / f"{name}-replay.html").write_text(replay_html(state.to_record()), encoding="utf-8")
    content = game.content()
    out = [
        f"# {TITLES.get(name, name)}",
        "",
        intro,
        "",
        f"The full rules, every clause with its test: [rules/{name}.md](../rules/{name}.md).",
        "",
        "## Usage",
        "",
        "```python",
        "import kumite",
        f'state = kumite.load("{name}").new_state(seed=0)',
        "state.apply(state.legal_actions()[0])",
        "```",
        "",
        "## At a glance (read from the engine)",
        "",
        "| | |",
        "|---|---|",
        f"| players (default options) | {game.num_players} |",
        f"| actions (`num_actions`) | {game.num_actions} |",
        f"| observation shape | `{game.observation_shape}` float32 |",
        f"| observation bounds | `{game.observation_bounds}` |",
        f"| run bound (`max_game_length`) | {game.max_game_length:,} actions |",
        f"| the rules alone end every game within it | {'yes' if game.length_bounded_by_rules else 'no'} |",
        "",
        "### Options (defaults)",
        "",
        "| option | default | meaning |",
        "|---|---|---|",
        *(f"| `{k}` | {value(v)} | {meanings.get(k, '')} |" for k, v in game.options.items()),
        "",
        "### Content",
        "",
        "| kind | count | ids |",
        "|---|---|---|",
        *(f"| {kind} | {len(items)} | {ids(items)} |" for kind, items in content.items()),
        "",
        "## A game",
        "",
        f"The first {len(lines)} actions of a seeded game between two uniformly random players, as the",
        f'engine names them, and <a href="{name}-replay.html">the animated replay of its first '
        f"{len(state.history())} actions</a> (the viewer's replay page).",
        "",
        "```text",
        *lines,
        "```",
        "",
    ]
    out += [
        "## Observation layout (read from the engine)",
        "",
        f"Player *p*'s observation, {game.observation_shape[0]} float32 values with the default options, in",
        "these blocks (`Game.observation_layout()`, recorded from the code that writes the vector;",
        "blocks whose size depends on the content or the player count change with the options):",
        "",
        "| entries | size | block |",
        "|---|---|---|",
        *(f"| {s['start']}–{s['start'] + s['size'] - 1} | {s['size']} | {s['name']} |" for s in game.observation_layout()),
        "",
    ]
    picture = DOCS / "images" / f"viewer-{name}.png"
    if picture.exists():
        out += [f"![The viewer showing a game of {TITLES.get(name, name)}](../images/viewer-{name}.png)", ""]
    for prefix in SECTIONS:
        hit = section(found, prefix)
        if hit:
            heading, body = hit
            # Relative links in the rules doc point from docs/rules/.
            body = re.sub(r"\]\((?!https?:|#)([^)]+)\)", r"](../rules/\1)", body)
            out += [f"## {heading}", "", f"*From the rules doc, [{heading}](../rules/{name}.md).*", "", body, ""]
    return "\n".join(out)


def screen_text(name: str) -> str:
    """The terminal screen of a position 12 random actions into a seeded game, as the player
    to move sees it: the picture of the how-to-play page."""
    from kumite.terminal import screen

    game = kumite.load(name)
    state, _ = sample_game(game, seed=3, actions=12)
    player = state.current_player
    return screen(state.view(player))[0] + "\n"


def generate() -> None:
    PAGES.mkdir(exist_ok=True)
    for name in kumite.games():
        for target, text in ((PAGES / f"{name}-screen.txt", screen_text(name)), (PAGES / f"{name}.md", page(name))):
            # Rewritten only when it changed, so Sphinx rebuilds only what moved.
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                target.write_text(text, encoding="utf-8")


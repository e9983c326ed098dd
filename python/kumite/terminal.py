"""The terminal screen of ``kumite play``: a player's view (``State.view``) drawn as text, with
every card's text in words, boards labelled with the coordinates and square names the actions
use, and a legend of the marks on screen. Like the browser viewer, it draws what the engine
gives and computes no rule."""

from __future__ import annotations

import functools
import math
import shutil
import sys
from typing import Any

import kumite
from kumite.howto import howto_plain

# A hex cell with no terrain: the viewer vocabulary's default (docs/viewer.md). Every other
# terrain and cell label is explained by the game that draws it (its metadata's legend).
OPEN = (" ", "open hex")
# Facing in sixths of a turn clockwise from east (the hex::Direction numbering).
ARROWS = ["→", "↘", "↙", "←", "↖", "↗"]
DIRECTIONS = ["east", "south-east", "south-west", "west", "north-west", "north-east"]


def _arrow(facing: Any) -> str:
    if not isinstance(facing, (int, float)):
        return ""
    return ARROWS[int(math.floor(float(facing) + 0.5)) % 6]


def _face(card: dict[str, Any]) -> dict[str, Any]:
    """A card's face data (Senjutsu and UFS cards have one), or an empty one."""
    face = card.get("face")
    return face if isinstance(face, dict) else {}


def card_line(card: dict[str, Any], legend: Legend | None = None, tags: bool = True) -> str:
    """One card in words: its name, what it does, and its chips (``tags``)."""
    if card.get("hidden"):
        marks = card.get("tags") or []
        return "a face-down card" + (f" ({', '.join(marks)})" if marks else "")
    if card.get("empty"):
        return "(empty)"
    name = str(card.get("name", "?"))
    # The card in words where the game writes them (Senjutsu, UFS), else its text.
    text = str(card.get("words") or card.get("text") or "")
    if _face(card).get("layout") == "senjutsu" and legend is not None:
        legend.add("front, back…", "a Senjutsu card's hexes and moves are relative to where its samurai faces")
    # Some games' texts start with the name already.
    if text.startswith(name):
        text = text[len(name):].lstrip(" :·-")
    line = name + (f" — {text}" if text else "")
    chips = card.get("tags") or []
    if chips and tags:
        line += f"  [{', '.join(chips)}]"
    return line


def explained(texts: list[str], view: dict[str, Any]) -> list[str]:
    """Each choice with the words of the card it names (the longest name of a face-up card in
    the view found in its text), so a card is read before it is chosen, wherever it lies."""
    cards = {str(c["name"]): c for z in view.get("zones") or [] for c in z.get("cards") or []
             if isinstance(c, dict) and c.get("name") and not c.get("hidden") and len(str(c["name"])) > 2}
    out = []
    for t in texts:
        named = max((n for n in cards if n in t), key=len, default=None)
        words = card_line(cards[named], tags=False) if named else ""
        out.append(f"{t}  ({words})" if words and words != named else t)
    return out


class Legend:
    """What the marks on screen mean, collected while drawing so only the marks shown are listed."""

    def __init__(self) -> None:
        self.entries: dict[str, str] = {}

    def add(self, mark: str, meaning: str) -> None:
        self.entries.setdefault(mark, meaning)

    def lines(self) -> list[str]:
        if not self.entries:
            return []
        width = max(len(m) for m in self.entries)
        return ["Legend:"] + [f"  {m:<{width}}  {v}" for m, v in self.entries.items()]


@functools.cache
def board_marks() -> dict[tuple[str, str], dict[str, Any]]:
    """The board marks every game declares (``kumite.game_info(name)["legend"]``), by kind
    (``terrain``, ``label``) and value: ``{"mark", "meaning", "passable"}``."""
    return {(m["kind"], m["value"]): m for name in kumite.games() for m in kumite.game_info(name)["legend"]}


def _terrain(terrain: str) -> tuple[str, str, bool]:
    """A terrain's frame mark, its meaning and whether a piece can stand there."""
    if terrain == "open":
        return OPEN[0], OPEN[1], True
    mark = board_marks().get(("terrain", terrain))
    if mark is None:
        return "?", f"{terrain} terrain", True
    return str(mark["mark"]), str(mark["meaning"]), bool(mark["passable"])


def hex_board(board: dict[str, Any], legend: Legend) -> list[str]:
    """Pointy-top axial hexes, rows going down; each open cell shows its ``q,r`` (the
    coordinates actions name, as in "dash to (1, 0)"), a piece shows its label and an arrow."""
    cells = [c for c in board.get("cells") or [] if isinstance(c, dict)]
    if not cells:
        return []
    pieces = {(p.get("q"), p.get("r")): p for p in board.get("pieces") or [] if isinstance(p, dict)}
    texts: dict[tuple[int, int], tuple[str, str]] = {}
    labels: dict[str, list[str]] = {}  # cell labels (a hazard's damage) by frame mark
    for c in cells:
        q, r = int(c.get("q", 0)), int(c.get("r", 0))
        terrain = str(c.get("terrain", "open"))
        frame, meaning, passable = _terrain(terrain)
        label = str(c.get("label") or "")
        piece = pieces.get((q, r))
        if not passable:
            core = ""  # filled with the frame mark below, across the cell
            legend.add(frame * 4, meaning)
        else:
            core = f"{q},{r}"
            marked = board_marks().get(("label", label)) if label else None
            if marked is not None:
                frame, meaning = str(marked["mark"]), str(marked["meaning"])
            elif label:
                labels.setdefault(frame, []).append(f"{label} at {q},{r}")
            if frame != " ":
                legend.add(f"{frame}q,r{frame}", meaning)
        if piece is not None:
            core = f"{piece.get('label', '?')}{_arrow(piece.get('facing'))}"
            legend.add(str(piece.get("label", "?")), str(piece.get("name", "a piece"))
                       + (f", at {q},{r}" if terrain == "open" else f", at {q},{r} ({meaning})"))
        texts[(q, r)] = (frame, core)
    for frame, found in labels.items():
        legend.entries[f"{frame}q,r{frame}"] += ": " + ", ".join(found)
    core_width = max(4, max(len(core) for _, core in texts.values()))
    core_width += core_width % 2
    texts = {k: (frame, core or frame * core_width) for k, (frame, core) in texts.items()}
    half = (core_width + 2) // 2
    xs = {k: (2 * k[0] + k[1]) * half for k in texts}
    left = min(xs.values())
    lines = []
    for r in sorted({k[1] for k in texts}):
        line = ""
        for k in sorted((k for k in texts if k[1] == r), key=lambda k: xs[k]):
            frame, core = texts[k]
            line = line.ljust(xs[k] - left) + f"{frame}{core:^{core_width}}{frame}"
        lines.append("  " + line.rstrip())
    if pieces:
        legend.add("→ ↘ ↙ ← ↖ ↗", "where a piece faces: east, south-east, south-west, west, north-west, north-east")
    legend.add("q,r", "a hex's coordinates, as the actions name them: (q, r)")
    return lines


def grid_board(board: dict[str, Any], legend: Legend) -> list[str]:
    """Named squares (rows × columns), each with its fighters and enemies, one square a line."""
    lines = []
    cells = sorted((c for c in board.get("cells") or [] if isinstance(c, dict)), key=lambda c: (c.get("row", 0), c.get("col", 0)))
    width = max((len(str(c.get("label", ""))) for c in cells), default=0)
    for c in cells:
        words = []
        group = None
        for item in c.get("items") or []:
            text = str(item.get("label", "?"))
            kind = item.get("kind")
            if "value" in item:
                text += f" ♥{item['value']}"
                legend.add("♥N", "life left (fighters) or life (enemies, the boss)")
            if item.get("text") and kind == "enemy":
                text += f" ({item['text']})"
            tags = item.get("tags") or []
            if tags:
                text += f" [{', '.join(tags)}]"
            if kind == "marker":
                words.append(f"«{text}»")
                legend.add("«…»", "pending damage on the group")
                continue
            if item.get("group") and item.get("group") != group:
                group = item.get("group")
                text = f"{group}: {text}"
            words.append(text)
        lines.append(f"  {str(c.get('label', '')):<{width}} | " + ("; ".join(words) if words else "-"))
    legend.add("[head]", "the enemy at the head of its group (attacks hit it first)")
    return lines


def zones_lines(zones: list[dict[str, Any]], players: list[dict[str, Any]], legend: Legend, full: bool = True) -> list[str]:
    """Each owner's zones and cards; a pile shows its count, and its face-up cards in the
    ``full`` view (a Tekken character board's combos, a discard pile)."""
    names = {int(p.get("id", i)): f"P{p.get('id', i)} {p.get('name', '')}".rstrip() for i, p in enumerate(players)}
    out: list[str] = []
    owners: list[Any] = []
    for z in zones:
        if z.get("owner") not in owners:
            owners.append(z.get("owner"))
    for owner in owners:
        rows: list[str] = []
        for z in (z for z in zones if z.get("owner") == owner):
            cards = [c for c in z.get("cards") or [] if isinstance(c, dict)]
            count = z.get("count", len(cards))
            name = str(z.get("name") or z.get("id"))
            if z.get("layout") == "pile":
                shown = [c for c in cards if c.get("name") and not c.get("hidden")]
                if not (full and shown):
                    rows.append(f"  {name}: {count} card{'s' if count != 1 else ''}" + (" (v lists them)" if shown else ""))
                    continue
            if not cards:
                continue
            backs = sum(1 for c in cards if c.get("hidden"))
            if backs == len(cards):
                rows.append(f"  {name}: {backs} face-down card{'s' if backs != 1 else ''}")
                continue
            rows.append(f"  {name}:")
            rows.extend(f"    - {card_line(c, legend)}" for c in cards)
        if rows:
            out.append(names.get(owner, "Table") if owner is not None else "Table")
            out.extend(rows)
    return out


def player_line(p: dict[str, Any], i: int, to_move: Any) -> str:
    pid = p.get("id", i)
    parts = []
    for s in p.get("stats") or []:
        label = s.get("label") or s.get("key")
        value = f"{s.get('value')}/{s['max']}" if isinstance(s.get("max"), (int, float)) and s["max"] > 0 else str(s.get("value"))
        parts.append(f"{label} {value}")
    tags = p.get("tags") or []
    mark = "▶ " if to_move == pid else "  "
    return f"{mark}P{pid} {p.get('name', '')}: " + ", ".join(parts) + (f"  [{', '.join(tags)}]" if tags else "")


def screen(view: dict[str, Any], full: bool = True) -> tuple[str, Legend]:
    """The screen for one view, and the legend of what it shows; the cards of face-up piles
    are listed in the ``full`` view only (the screen at each move counts them)."""
    legend = Legend()
    if view.get("kind") != "scene":
        return str(view.get("text", "")), legend
    lines = [f"== {view.get('title', '')} =="]
    if view.get("status"):
        lines.append(str(view["status"]))
    if view.get("result"):
        lines.append(f"*** {view['result']} ***")
    players = list(view.get("players") or [])
    lines.extend(player_line(p, i, view.get("to_move")) for i, p in enumerate(players))
    if players:
        legend.add("▶", "the player to move")
    board = view.get("board")
    if isinstance(board, dict):
        lines.append("")
        if board.get("type") == "hex":
            lines.extend(hex_board(board, legend))
        elif board.get("type") == "grid":
            lines.extend(grid_board(board, legend))
    for i in view.get("info") or []:
        lines.append(f"{i.get('label')}: {i.get('value')}")
    zones = list(view.get("zones") or [])
    if zones:
        lines.append("")
        lines.extend(zones_lines(zones, players, legend, full))
    if view.get("text"):
        lines.append(str(view["text"]))
    return "\n".join(lines), legend


def hand_cards(view: dict[str, Any], player: int) -> list[dict[str, Any]]:
    """The cards ``player`` holds and sees."""
    out: list[dict[str, Any]] = []
    for z in view.get("zones") or []:
        if z.get("owner") == player and str(z.get("id", "")).endswith(".hand"):
            out.extend(c for c in z.get("cards") or [] if isinstance(c, dict) and c.get("name"))
    return out


def unplayable(view: dict[str, Any], player: int, legal_texts: list[str]) -> list[str]:
    """Why each card ``player`` holds is not a choice now: either no action of this step plays a
    card, or the card's own rules keep it out (the scene's ``why_not``, written by the game)."""
    cards = hand_cards(view, player)
    if not cards:
        return []
    named = [c for c in cards if any(str(c["name"]) in t for t in legal_texts)]
    status = str(view.get("status") or "this step")
    lines = []
    seen: set[str] = set()
    for c in cards:
        name = str(c["name"])
        if c in named or name in seen:
            continue
        seen.add(name)
        # The game says what the card's own rules forbid; the step's choices say the rest.
        said = [str(c["why_not"])] if c.get("why_not") else []
        if not named:
            reason = f"no card from the hand is chosen in this step ({status})"
        else:
            reason = f"not among this step's choices ({status})"
        if said:
            reason += "; " + "; ".join(said)
        elif named:
            reason += f"; the card: {card_line(c)}"
        lines.append(f"  {name}: {reason}")
    return lines


HELP = """Commands:
  N           play choice number N
  TEXT        play the choice with this text (e.g. "pass")
  help, ?     this help: the commands, how to play the game, the legend, and why held cards
              cannot be chosen now
  v, view     the full view: board, every zone and every card's text
  all         every choice (the compact screen may show only the first)
  q, quit     leave the game"""

CLEAR = "\x1b[H\x1b[2J"


def page(text: str) -> None:
    """Prints ``text``, a screen at a time where it is longer than the terminal (Enter shows
    the next screen, q goes back to the game); all at once when the output is not a terminal."""
    size = shutil.get_terminal_size()
    lines = text.splitlines()
    if not sys.stdout.isatty():
        print(text)
        return
    rows = max(5, size.lines - 1)
    shown = 0  # screen rows used since the last pause: a long line wraps onto several
    for i, line in enumerate(lines):
        height = max(1, -(-len(line) // max(1, size.columns)))
        if shown + height > rows:
            try:
                more = input(f"-- more: line {i + 1} of {len(lines)} (Enter: the next screen, q: back to the game) --")
            except EOFError:
                return
            if more.strip().lower() in ("q", "quit"):
                return
            shown = 0
        print(line)
        shown += height


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def compact_screen(view: dict[str, Any], player: int, recent: list[str], texts: list[str],
                   width: int = 80, height: int = 24) -> list[str]:
    """A screen that fits ``width`` × ``height`` with the prompt: the status, each player's
    line, the names of the cards ``player`` holds, what happened since its last move, and as
    many numbered choices as fit (in columns); the board and the cards' texts are one ``v``
    away."""
    lines = [clip(f"== {view.get('title', '')} ==", width)]
    if view.get("status"):
        lines.append(clip(str(view["status"]), width))
    players = list(view.get("players") or [])
    lines.extend(clip(player_line(p, i, view.get("to_move")), width) for i, p in enumerate(players))
    hand = [str(c["name"]) for c in hand_cards(view, player)]
    if hand:
        lines.append(clip("Hand: " + ", ".join(hand), width))
    if recent:
        lines.append("Since your last move:")
        last = recent[-4:]
        if len(recent) > len(last):
            lines.append(f"  … {len(recent) - len(last)} earlier")
        lines.extend(clip(f"  {e}", width) for e in last)
    room = height - len(lines) - 2  # the header of the choices and the prompt
    numbered = [f"{i:>2}) {t}" for i, t in enumerate(texts)]
    columns = 2 if max((len(n) for n in numbered), default=0) < width // 2 - 1 and len(numbered) > room else 1
    col = width // columns
    per_column = max(1, -(-len(numbered) // columns))
    rows = min(per_column, max(1, room))
    shown = rows * columns
    lines.append("Your choices (v: the full view, ?: help):" if len(numbered) <= shown
                 else f"Your choices, {shown - 1} of {len(numbered)} (all: every one, v: the full view):")
    if len(numbered) > shown:
        numbered = numbered[: shown - 1] + [f"   … {len(texts) - (shown - 1)} more"]
        per_column = rows
    for r in range(rows):
        cells = [numbered[c * per_column + r] for c in range(columns) if c * per_column + r < len(numbered)]
        lines.append("".join(clip(cell, col - 1).ljust(col) for cell in cells).rstrip())
    return lines


class Human:
    """A seat played at the terminal: the screen of what this player sees, then the numbered
    legal actions; ``help`` or ``?`` explain, ``q`` quits. ``compact`` redraws one screen of
    the terminal's size in place at each move (``recent`` holds what happened since), with
    the full view on ``v``."""

    def __init__(self, player: int, compact: bool = False) -> None:
        self.player = player
        self.compact = compact
        self.recent: list[str] = []
        self.explained: set[str] = set()

    def __repr__(self) -> str:
        return f"Human(P{self.player})"

    def choose(self, state: kumite.State) -> int:
        view = state.view(self.player)
        text, legend = screen(view, full=False)
        full_text, full_legend = screen(view)
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        choices = explained(texts, view)
        if self.compact:
            size = shutil.get_terminal_size()
            if sys.stdout.isatty():
                print(CLEAR, end="")
            print("\n".join(compact_screen(view, self.player, self.recent, texts, size.columns, size.lines)))
            self.recent.clear()
        else:
            print()
            print(text)
            # The legend comes with the first screen, and again whenever new marks appear.
            if not set(legend.entries) <= self.explained:
                print("\n".join(legend.lines()))
                self.explained |= set(legend.entries)
            print()
            self.print_choices(choices)
        while True:
            try:
                answer = input(f"P{self.player} choose [0-{len(legal) - 1}; ? for help, q quits]: ").strip()
            except EOFError:
                raise Quit() from None
            if answer.lower() in ("q", "quit", "exit"):
                raise Quit()
            if answer.lower() in ("v", "view"):
                print(full_text)
                print("\n".join(full_legend.lines()))
                continue
            if answer.lower() == "all":
                self.print_choices(choices)
                continue
            if answer.lower() in ("?", "h", "help"):
                print(HELP)
                print()
                page(howto_plain(state.game.name))
                print()
                print("\n".join(legend.lines()))
                why = unplayable(view, self.player, texts)
                if why:
                    print("Cards you hold that are not a choice now:")
                    print("\n".join(why))
                continue
            if answer.isascii() and answer.isdigit() and int(answer) < len(legal):
                return legal[int(answer)]
            matches = [a for a, t in zip(legal, texts) if t.lower() == answer.lower()]
            if matches:
                return matches[0]
            print(f"{answer!r} is not one of the choices: type its number (0-{len(legal) - 1}), its text, ? for help or q to quit")


    def print_choices(self, texts: list[str]) -> None:
        print(f"P{self.player}, your choices:")
        for i, t in enumerate(texts):
            print(f"  {i:>2}) {t}")


class Quit(Exception):
    """The human left the game (``q`` or end of input)."""

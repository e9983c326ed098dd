"""`kumite play` as a player meets it: driven through a pseudo-terminal (the standard library's
`pty`), for every game. The screen must show card text and a legend, `help`/`?` must explain,
`--seat` must seat anyone anywhere, and `q` and Ctrl-C must end cleanly. Also the other
commands' exits and argument errors, and custom bots (`module:attr`)."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import kumite
from kumite.howto import howto_plain
from kumite.terminal import card_line, compact_screen

GAMES = kumite.games()
# Options that give a game four seats, for seating a human and a bot in seat 3.
FOUR_SEATS = {"senjutsu": ["-o", "players=4"], "fatal_fight": ["-o", "players=4"]}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# Run before the command on its terminal: make it the controlling terminal, let Ctrl-C interrupt
# (a test runner started in the background has SIGINT ignored), then become `python -m kumite.cli`.
ON_TERMINAL = (
    "import fcntl, os, signal, sys, termios;"
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0);"
    "signal.signal(signal.SIGINT, signal.SIG_DFL);"
    "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT});"
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
)


class Terminal:
    """A command on a pseudo-terminal: what it printed so far, and a line typed at it."""

    def __init__(self, args: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> None:
        # Not pty.fork(): forking a process that has threads (JAX, loaded by an earlier test, has
        # some) can deadlock the child. A fresh interpreter takes the terminal as its controlling
        # one (so Ctrl-C reaches it) and becomes the command.
        self.fd, child = pty.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", ON_TERMINAL, "-m", "kumite.cli", *args],
            stdin=child, stdout=child, stderr=child, start_new_session=True,
            env={**os.environ, **(env or {})}, cwd=cwd,
        )
        os.close(child)
        self.pid = self.proc.pid
        self.out = ""
        self.status: int | None = None

    def read(self, timeout: float = 0.2) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the command ended and closed the terminal
            return False
        if not data:
            return False
        self.out += ANSI.sub("", data.decode("utf-8", "replace").replace("\r\n", "\n"))
        return True

    def expect(self, pattern: str, timeout: float = 60) -> re.Match[str]:
        """Waits until `pattern` appears after what an earlier expect matched."""
        deadline = time.monotonic() + timeout
        start = getattr(self, "_mark", 0)
        while True:
            m = re.compile(pattern).search(self.out, start)
            if m:
                self._mark = m.end()
                return m
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} did not appear; the screen:\n{self.out[-3000:]}")
            self.read()

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def wait(self, timeout: float = 30) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.read(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while self.read(0.05):
                    pass
                self.status = os.waitstatus_to_exitcode(status)
                return self.status
        os.kill(self.pid, signal.SIGKILL)
        raise AssertionError(f"the command did not end; the screen:\n{self.out[-3000:]}")

    def close(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        os.close(self.fd)


Start = Callable[..., Terminal]


@pytest.fixture
def term(tmp_path: Path) -> Iterator[Start]:
    """Commands on terminals, run in an empty folder (where a game record is saved)."""
    opened: list[Terminal] = []

    def start(*args: str, env: dict[str, str] | None = None) -> Terminal:
        t = Terminal(list(args), env, cwd=tmp_path)
        opened.append(t)
        return t

    yield start
    for t in opened:
        t.close()


def face_up_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = []
    for z in view.get("zones") or []:
        if z.get("layout") != "pile":
            cards.extend(c for c in z.get("cards") or [] if c.get("name") and c.get("text"))
    return cards


def first_prompt(name: str, seed: int) -> kumite.State:
    """The state at P0's first prompt: the other seats are the command's random bots (seeded
    seed + 1000 * seat), replayed here."""
    game = kumite.load(name)
    state = game.new_state(seed=seed)
    bots = {p: kumite.RandomBot(seed + 1000 * p) for p in range(1, game.num_players)}
    while (mover := state.current_player) != 0:
        assert mover is not None
        state.apply(bots[mover].choose(state))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_the_screen_shows_card_text_and_a_legend_and_q_exits_0(term: Start, name: str) -> None:
    t = term("play", name, "--seed", "1", "--p1", "random")
    t.expect(r"P0 choose \[")
    # What P0 sees, from the engine: every face-up card is on screen with its text in words.
    state = first_prompt(name, 1)
    screen = t.out
    assert "Legend:" in screen
    cards = face_up_cards(state.view(0))
    assert cards
    for c in cards[:8]:
        assert card_line(c) in screen, f"{c['name']} is not shown with its text"
    assert " — " in screen, "cards are shown with what they do"
    t.send("q\n")
    assert t.wait() == 0
    assert "Traceback" not in t.out


def read_howto(t: Terminal, lines: list[str]) -> None:
    """Reads the how-to text off the screen, pressing Enter at each "-- more" (the pty is 24
    lines high): every line of it is shown, in order, in screens of at most 23 lines."""
    pages = 0
    for line in lines:
        if not line.strip():
            continue
        m = t.expect(rf"{re.escape(line)}|-- more: line \d+ of {len(lines)} ")
        while m.group(0).startswith("-- more"):
            pages += 1
            t.send("\n")
            m = t.expect(rf"{re.escape(line)}|-- more: line \d+ of {len(lines)} ")
    assert pages >= (len(lines) - 1) // 23


@pytest.mark.parametrize("name", GAMES)
def test_help_and_question_mark_explain(term: Start, name: str) -> None:
    t = term("play", name, "--seed", "2")
    t.expect(r"P0 choose \[")
    howto = howto_plain(name).splitlines()
    for command in ("help", "?"):
        t.send(command + "\n")
        t.expect("Commands:")
        read_howto(t, howto)
        t.expect("Legend:")
        t.expect(r"P0 choose \[")
    assert "is not one of the choices" not in t.out
    state = first_prompt(name, 2)
    hand = [c for z in state.view(0)["zones"] if z["id"] == "p0.hand" for c in z["cards"] if c.get("name")]
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    if any(not any(c["name"] in x for x in legal) for c in hand):
        assert "Cards you hold that are not a choice now:" in t.out
    t.send("nonsense\n")
    t.expect("is not one of the choices")
    t.send("q\n")
    assert t.wait() == 0


@pytest.mark.parametrize("name", GAMES)
def test_seat_puts_a_human_and_a_bot_anywhere(term: Start, name: str) -> None:
    game = kumite.load(name, **({"players": 4} if name in FOUR_SEATS else {}))
    last = game.num_players - 1
    args = ["play", name, "--seed", "3", *FOUR_SEATS.get(name, []), "--p0", "random", f"--seat={last}=human"]
    if last >= 3:
        args.append("--seat=2=mcts:20")
    t = term(*args)
    t.expect(rf"P{last} human")
    if last >= 3:
        assert "P2 mcts:20" in t.out
    t.expect(rf"P{last} choose \[", timeout=120)
    assert "P0 choose [" not in t.out
    t.send("q\n")
    assert t.wait() == 0


def test_seat_3_of_a_two_player_game_is_refused() -> None:
    done = subprocess.run([sys.executable, "-m", "kumite.cli", "play", "tekken", "--seat", "3=human"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "this game has seats 0..1" in done.stderr
    done = subprocess.run([sys.executable, "-m", "kumite.cli", "play", "tekken", "--seat", "human"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "is not N=SPEC" in done.stderr


def test_ctrl_c_ends_without_a_traceback(term: Start) -> None:
    t = term("play", "tekken", "--seed", "1")
    t.expect(r"P0 choose \[.*: ")
    time.sleep(0.5)  # a player presses Ctrl-C at the waiting prompt
    t.send("\x03")
    assert t.wait() == 130
    assert "Traceback" not in t.out and "interrupted" in t.out


def test_ctrl_c_and_a_closed_terminal_save_the_record(term: Start, tmp_path: Path) -> None:
    """Issue 54: "Ctrl-C in `kumite play` prints "interrupted" and saves no record, though the
    README says the record is saved "when you leave": save it on every way out."""
    t = term("play", "tekken", "--seed", "1")
    t.expect(r"P0 choose \[.*: ")
    t.send("0\n")
    t.expect(r"P0 choose \[.*: ", timeout=120)
    time.sleep(0.5)
    t.send("\x03")
    assert t.wait() == 130
    assert "game record: kumite-tekken-seed1.json" in t.out and "interrupted" in t.out
    record = kumite.from_record((tmp_path / "kumite-tekken-seed1.json").read_text())
    assert len(record.history()) >= 1
    # SIGHUP (the terminal window closed) and SIGTERM leave the same way, under a new name.
    for sig, name in ((signal.SIGHUP, "kumite-tekken-seed1-2.json"), (signal.SIGTERM, "kumite-tekken-seed1-3.json")):
        t = term("play", "tekken", "--seed", "1")
        t.expect(r"P0 choose \[.*: ")
        time.sleep(0.5)
        os.kill(t.pid, sig)
        assert t.wait() == 130
        assert (tmp_path / name).exists(), (name, t.out)
        assert "Traceback" not in t.out


def test_each_game_is_a_new_deal_and_records_never_overwrite(tmp_path: Path) -> None:
    """Issue 54: "The default seed is always 0, so `kumite play senjutsu` deals the same game every
    time and overwrites `kumite-senjutsu-seed0.json`: a random seed, printed, and record names
    that never overwrite." """
    def play(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "kumite.cli", "play", "senjutsu", *args], input="q\n",
                              capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        return done.stdout

    seeds = []
    for _ in range(3):
        out = play()
        seed = int(re.search(r"^seed (\d+) \(--seed \1 deals this game again\)$", out, re.M).group(1))  # type: ignore[union-attr]
        seeds.append(seed)
        assert f"game record: kumite-senjutsu-seed{seed}" in out
    assert len(set(seeds)) > 1, seeds  # three draws from a million
    # The same seed twice: the second record takes the next free name.
    first, second = play("--seed", "7"), play("--seed", "7")
    assert "game record: kumite-senjutsu-seed7.json " in first and "game record: kumite-senjutsu-seed7-2.json " in second
    assert (tmp_path / "kumite-senjutsu-seed7.json").read_text() and (tmp_path / "kumite-senjutsu-seed7-2.json").read_text()
    # A record file named by --record is the player's choice: written there.
    play("--seed", "7", "--record", "mine.json")
    play("--seed", "8", "--record", "mine.json")
    assert kumite.from_record((tmp_path / "mine.json").read_text()).to_record() != ""


def test_a_choice_shows_what_it_plays_and_v_lists_the_character_board(term: Start) -> None:
    """Issue 54: "a rage choice shows only the card's name ("rage card Dragon Rage") until it is
    chosen, and the character's combo board reads "Character board: 5 cards" even in the full
    view." Each choice naming a card now carries its words; `v` lists the board's cards."""
    t = term("play", "tekken", "--seed", "3", "--record", "")
    t.expect(r"P0 choose \[.*: ")
    state = first_prompt("tekken", 3)
    board = next(z for z in state.view(0)["zones"] if z["id"] == "p0.board")
    assert "Character board: 5 cards (v lists them)" in t.out
    rage = [c for c in board["cards"] if "rage card" in (c.get("tags") or [])]
    assert len(rage) == 2
    for c in rage:
        assert f"rage card {c['name']}  ({card_line(c, tags=False)})" in t.out, c
    t.send("v\n")
    for c in board["cards"]:
        t.expect(re.escape(card_line(c)))
    t.send("q\n")
    assert t.wait() == 0


def test_a_game_plays_to_the_end_at_the_terminal(term: Start) -> None:
    """A human answering every prompt with the first choice reaches the final screen."""
    t = term("play", "tekken", "--seed", "4", "-o", "rounds_to_win=1")
    for _ in range(400):
        t.expect(r"(P0 choose \[|returns:)")
        if "returns:" in t.out[-200:]:
            break
        t.send("0\n")
    assert t.wait() == 0
    assert "returns: P0" in t.out


@pytest.mark.parametrize("name", GAMES)
def test_the_compact_screen_fits_80_by_24(name: str) -> None:
    """Every screen of a random game, four players where the game seats them, fits the prompt
    in 80 columns and 24 lines, whatever the number of choices."""
    game = kumite.load(name, **({"players": 4} if name in FOUR_SEATS else {}))
    for seed in range(3):
        state = game.new_state(seed=seed)
        recent = [f"event {i} " + "x" * 100 for i in range(9)]
        for step in range(200):
            if state.is_terminal():
                break
            player = state.current_player
            assert player is not None
            legal = state.legal_actions()
            texts = [state.action_to_string(a) for a in legal]
            lines = compact_screen(state.view(player), player, recent, texts)
            assert len(lines) <= 23, (step, lines)
            assert max(len(line) for line in lines) <= 80, lines
            shown = sum(line.count(")") for line in lines[-(len(texts) + 1):])
            assert shown >= min(len(texts), 10), lines
            state.apply(legal[(seed * 7 + step) % len(legal)])


def test_compact_play_redraws_and_shows_the_full_view_on_request(term: Start) -> None:
    t = term("play", "senjutsu", "--seed", "1", "--compact", "--record", "")
    t.expect(r"Your choices")
    t.expect(r"P0 choose \[")
    t.send("v\n")
    t.expect(r"Legend:")
    t.send("all\n")
    t.expect(r"P0, your choices:")
    t.send("0\n")
    t.expect(r"P0 choose \[", timeout=120)
    assert "Since your last move:" in t.out
    t.send("q\n")
    assert t.wait() == 0


def test_the_game_record_is_saved_on_quit_and_replays(term: Start, tmp_path: Path) -> None:
    """Quitting keeps the game: its record is saved where the player is, and `kumite replay`
    opens it."""
    t = term("play", "tekken", "--seed", "2", "--p1", "mcts:30")
    t.expect(r"P0 choose \[")
    t.send("0\n")
    t.expect(r"P0 choose \[", timeout=120)
    t.send("q\n")
    assert t.wait() == 0
    path = tmp_path / "kumite-tekken-seed2.json"
    assert f"game record: {path.name}" in t.out
    record = kumite.from_record(path.read_text())
    assert not record.is_terminal() and len(record.history()) >= 1
    done = subprocess.run([sys.executable, "-m", "kumite.cli", "replay", str(path), "--html", str(tmp_path / "r.html")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_searching_bot_says_it_is_thinking(term: Start) -> None:
    t = term("play", "tekken", "--seed", "2", "--p0", "mcts:3000", "--seat", "1=human", "--record", "")
    t.expect(r"P0 \(mcts:3000\) thinking…")
    t.expect(r"P1 choose \[", timeout=120)
    t.send("q\n")
    assert t.wait() == 0
    assert "game record" not in t.out


BOT_MODULE = '''
class First:
    """An object with choose(state)."""
    def choose(self, state):
        return state.legal_actions()[0]

first = First()

class Seeded:
    """A factory: called with the game and a seed."""
    def __init__(self, game, seed):
        self.seed = seed
    def choose(self, state):
        legal = state.legal_actions()
        return legal[self.seed % len(legal)]

def nothing(game, seed):
    return 42
'''


@pytest.fixture
def bot_path(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "mybots.py").write_text(BOT_MODULE)
    return {"PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}


def test_custom_bots_play_in_arena_and_make_bot(bot_path: dict[str, str]) -> None:
    env = {**os.environ, **bot_path}
    done = subprocess.run([sys.executable, "-m", "kumite.cli", "arena", "tekken", "--bots", "mybots:first", "mybots:Seeded",
                           "--games", "2", "-o", "rounds_to_win=1"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "2 games" in done.stdout
    for spec, message in [("mybots:nothing", "has no choose(state)"), ("mybots:missing", "has no attribute 'missing'"),
                          ("nosuchmodule:Bot", "cannot import 'nosuchmodule'")]:
        done = subprocess.run([sys.executable, "-m", "kumite.cli", "arena", "tekken", "--bots", spec, "random", "--games", "1"],
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode != 0 and message in done.stderr and "Traceback" not in done.stderr


def test_make_bot_accepts_module_attr(bot_path: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(bot_path["PYTHONPATH"].split(os.pathsep)[0])
    game = kumite.load("tekken")
    state = game.new_state(seed=1)
    assert kumite.make_bot("mybots:first", game, seed=0).choose(state) == state.legal_actions()[0]
    bot = kumite.make_bot("mybots:Seeded", game, seed=1)
    assert bot.choose(state) == state.legal_actions()[1 % len(state.legal_actions())]
    with pytest.raises(ValueError, match=r"bot spec 'mybots:first': a bot of your own \(module:attr\) is not offered here"):
        kumite.make_bot("mybots:first", game, seed=0, custom=False)


def test_custom_bot_in_a_play_seat(term: Start, bot_path: dict[str, str]) -> None:
    t = term("play", "ufs", "--seed", "1", "--p0", "mybots:first", "--seat", "1=human", env=bot_path)
    t.expect(r"P1 choose \[")
    t.send("q\n")
    assert t.wait() == 0


def test_arena_needs_at_least_one_game() -> None:
    done = subprocess.run([sys.executable, "-m", "kumite.cli", "arena", "tekken", "--bots", "random", "random", "--games", "0"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--games: must be at least 1, not 0" in done.stderr
    assert "nan" not in (done.stdout + done.stderr).lower()


def test_serve_on_a_busy_port_says_so() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "kumite.cli", "serve", "--port", str(port)],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr and "another program uses this port" in done.stderr
    assert "Traceback" not in done.stderr


def test_serve_refuses_a_custom_bot_that_does_not_import() -> None:
    done = subprocess.run([sys.executable, "-m", "kumite.cli", "serve", "--port", "0", "--bot", "nosuchmodule:Bot"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "cannot import 'nosuchmodule'" in done.stderr


def test_the_play_server_seats_only_the_custom_bots_it_was_started_with(bot_path: dict[str, str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from kumite.viewer.server import App, BadRequest, check_custom_bots

    monkeypatch.syspath_prepend(bot_path["PYTHONPATH"].split(os.pathsep)[0])
    body = {"game": "tekken", "seats": ["human", "mybots:first"], "seed": 1}
    with pytest.raises(BadRequest, match="bot spec 'mybots:first': .* start the server with --bot mybots:first"):
        App().api("/api/new", body)
    frame = App(check_custom_bots(["mybots:first"])).api("/api/new", body)
    assert frame["seats"] == ["human", "mybots:first"]
    with pytest.raises(ValueError, match="has no attribute 'nope'"):
        check_custom_bots(["mybots:nope"])

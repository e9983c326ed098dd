"""The browser viewer (docs/viewer.md): `State.view` data, `kumite replay --html` and
`kumite serve`, checked in a real headless Chromium driven by selenium.

Every registered game is covered (`kumite.games()`): a game whose state only has the default
text view must still pass the generic checks (step counter, event log, drawn text, result).
Screenshots go to tests/artifacts/viewer/ (git-ignored); the path is printed at the end of the
run. `make browser` installs Chromium and chromedriver when they are missing.
"""

from __future__ import annotations

import html
import json
import random
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import kumite
from kumite.viewer import ReplayError, _Parts, page_html, replay_data, replay_html
from kumite.viewer.server import make_server

GAME_NAMES = kumite.games()
ARTIFACTS = Path(__file__).parent / "artifacts" / "viewer"
# Shorter games for the play-through-buttons test (the replay test plays full default games).
QUICK_OPTIONS: dict[str, dict[str, Any]] = {"tekken": {"rounds_to_win": 1}}
# Steps checked in detail in each replay (besides the first and the last).
SAMPLES = 8


def random_record(game: kumite.Game, seed: int) -> tuple[str, list[kumite.State]]:
    """A full random game's record and the state after every step (index k: after k actions)."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    states = [state.clone()]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return state.to_record(), states


def players_of(view: dict[str, Any]) -> list[dict[str, Any]]:
    return list(view.get("players") or [])


# --- engine side: views and events, no browser ------------------------------------------------


def test_view_is_json_and_checks_the_viewer(game: kumite.Game) -> None:
    state = game.new_state(seed=1)
    for viewer in [None, *range(game.num_players)]:
        view = state.view(viewer)
        assert view["kind"] in ("scene", "text")
        json.dumps(view)
    with pytest.raises(kumite.InvalidPlayerError):
        state.view(game.num_players)


def test_views_never_change_with_what_the_viewer_cannot_see(game: kumite.Game) -> None:
    """Resampling everything hidden from a player (determinize) leaves its view unchanged."""
    _, states = random_record(game, 4)
    for state in states[:: max(1, len(states) // 25)]:
        for p in range(game.num_players):
            assert state.determinize(p, seed=9).view(p) == state.view(p)


def test_event_dicts_match_event_texts(game: kumite.Game) -> None:
    a, b = game.new_state(seed=2), game.new_state(seed=2)
    rng = random.Random(2)
    for _ in range(60):
        if a.is_terminal():
            break
        action = rng.choice(a.legal_actions())
        dicts = a.apply_with_event_dicts(action)
        assert [d["line"] for d in dicts] == b.apply_with_events(action)
        assert all("kind" in d and "text" in d for d in dicts)


def test_tekken_view_hides_hands_and_face_down_cards() -> None:
    game = kumite.load("tekken")
    _, states = random_record(game, 5)
    seen_face_down = False
    for state in states:
        raw = json.loads(state.to_json())["state"]
        for viewer in (0, 1):
            zones = {z["id"]: z for z in state.view(viewer)["zones"]}
            other = 1 - viewer
            assert all(c.get("hidden") and "name" not in c for c in zones[f"p{other}.hand"]["cards"])
            assert zones[f"p{viewer}.deck"]["cards"] == [] and zones[f"p{other}.deck"]["cards"] == []
            for slot, card in zip(raw["fighters"][other]["slots"], zones[f"p{other}.slots"]["cards"]):
                if isinstance(slot, dict) and not slot["card"]["revealed"]:
                    seen_face_down = True
                    assert card.get("hidden") and "name" not in card
    assert seen_face_down


def test_replay_html_is_self_contained() -> None:
    record, _ = random_record(kumite.load("tekken"), 1)
    page = replay_html(record)
    for external in ("<script src", "<link", "url(", "@import", "https://", "http://localhost"):
        assert external not in page
    # The only URL is the SVG namespace, which is a name, never fetched.
    assert page.count("http://") == page.count("http://www.w3.org/2000/svg")


@pytest.mark.parametrize(
    "text, reason",
    [
        ("{not json", "DeserializationError"),
        ('{"game": "tekken", "version": 99, "options": {}, "seed": 1, "actions": []}', "format version 99"),
        ('{"game": "chess", "version": 1, "options": {}, "seed": 1, "actions": []}', "UnknownGameError"),
        ('{"game": "tekken", "version": 1, "options": {}, "seed": 1, "actions": [9999]}', "cannot be replayed"),
    ],
)
def test_bad_records_raise_replay_error(text: str, reason: str) -> None:
    with pytest.raises(ReplayError, match=reason):
        replay_data(text)


# --- the browser --------------------------------------------------------------------------------


def _chrome_paths() -> tuple[str, str]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        pytest.fail("headless Chromium and chromedriver are needed: `make browser` installs them")
    return chromium, driver


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    chromium, driver_path = _chrome_paths()
    options = Options()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(30)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        yield driver
    finally:
        driver.quit()


def shot(driver: Any, name: str) -> None:
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


# One round trip that reads what the page shows.
SNAPSHOT_JS = """
const q = (s, root) => Array.from((root || document).querySelectorAll(s));
const view = document.getElementById('view');
const stats = {};
q('.player', view).forEach(p => { stats[p.dataset.player] = {};
  q('.stat', p).forEach(s => { stats[p.dataset.player][s.dataset.stat] = s.querySelector('.stat-value').textContent; }); });
const zones = {};
q('#view .zone, #hand-dock .zone').forEach(z => { zones[z.dataset.zone] = {count: Number(z.dataset.count),
  cards: q(':scope > .cards > .card', z).map(c => c.dataset.hidden ? '?' : (c.dataset.empty ? '' : c.dataset.name))}; });
const log = q('#log > li').filter(li => getComputedStyle(li).display !== 'none');
const last = log.length ? log[log.length - 1] : null;
const result = document.getElementById('view-result');
const text = view.querySelector('pre.kumite-text');
return {
  step: document.body.dataset.step, viewpoint: document.body.dataset.viewpoint || null,
  kind: (view.querySelector('.view') || {dataset: {}}).dataset.kind || null,
  drawError: !!document.getElementById('draw-error'),
  stats: stats, zones: zones, logCount: log.length,
  lastEvents: last ? q(':scope > ul > li', last).map(e => e.textContent) : [],
  result: result ? result.textContent : null, text: text ? text.textContent : null,
  pieces: q('.board g.piece', view).map(g => ({player: Number(g.dataset.player), q: Number(g.dataset.q), r: Number(g.dataset.r)})),
  gridItems: q('.board g.cell', view).flatMap(c => q('g.item', c).map(i =>
    ({row: Number(c.dataset.row), col: Number(c.dataset.col), kind: i.dataset.kind, player: i.dataset.player}))),
};
"""


def snapshot(driver: Any) -> dict[str, Any]:
    result: dict[str, Any] = driver.execute_script(SNAPSHOT_JS)
    return result


def check_shown(shown: dict[str, Any], view: dict[str, Any]) -> None:
    """What the page draws for one view, against the view the engine gives for that step."""
    assert not shown["drawError"]
    assert shown["kind"] == view["kind"]
    if view["kind"] == "text":
        assert shown["text"] == view["text"]
    for i, player in enumerate(players_of(view)):
        pid = str(player.get("id", i))
        for stat in player.get("stats", []):
            value = f"{stat['value']}/{stat['max']}" if isinstance(stat.get("max"), (int, float)) and stat["max"] > 0 else str(stat["value"])
            assert shown["stats"][pid][stat.get("key", stat.get("label"))] == value
    for zone in view.get("zones") or []:
        if zone.get("layout") == "pile":
            continue
        want = ["?" if c.get("hidden") else ("" if c.get("empty") else c.get("name", "")) for c in zone.get("cards", [])]
        assert shown["zones"][zone.get("id", zone.get("name"))]["cards"] == want
    assert shown["result"] == view.get("result")


def check_game_specific(name: str, shown: dict[str, Any], state: kumite.State, viewer: int | None) -> None:
    """Values read straight from the engine's JSON state, not from the view: HP, positions."""
    raw = json.loads(state.to_json())["state"]
    if name == "tekken":
        for p, f in enumerate(raw["fighters"]):
            assert shown["stats"][str(p)]["hp"].split("/")[0] == str(f["hp"])
            assert {"player": p, "q": f["pos"]["q"], "r": f["pos"]["r"]} in shown["pieces"]
        for p, f in enumerate(raw["fighters"]):
            slots = shown["zones"][f"p{p}.slots"]["cards"]
            for slot, drawn in zip(f["slots"], slots):
                if slot == "empty":
                    assert drawn == ""
                elif isinstance(slot, dict):
                    hidden = not slot["card"]["revealed"] and viewer not in (None, p)
                    assert (drawn == "?") == hidden
            hand = shown["zones"][f"p{p}.hand"]["cards"]
            assert len(hand) == len(f["hand"])
            if viewer in (None, p):
                assert "?" not in hand
            else:
                assert all(c == "?" for c in hand)
    elif name == "fatal_fight":
        for p in range(state.game.num_players):
            pl = raw["players"][p]
            assert shown["stats"][str(p)]["life"].split("/")[0] == str(pl["life"])
            row, col = pl["square"] % 3, pl["square"] // 3
            assert {"row": row, "col": col, "kind": "fighter", "player": str(p)} in shown["gridItems"]


def winner_text_matches(name: str, shown_result: str | None, returns: list[float]) -> None:
    """The games that draw a scene name the winner; a game still on the text view says it in
    its text, which `check_shown` compares."""
    if name in ("tekken", "fatal_fight"):
        assert shown_result, "the last step shows the result"
    if name == "tekken":
        assert shown_result is not None
        if returns[0] == returns[1]:
            assert "draw" in shown_result
        else:
            assert shown_result.startswith(f"P{returns.index(max(returns))} ")
    elif name == "fatal_fight":
        assert shown_result is not None
        assert ("wins" in shown_result) == (returns[0] > 0)


def go_to(driver: Any, k: int) -> None:
    from selenium.webdriver.common.keys import Keys

    keys = [Keys.HOME] + [Keys.PAGE_DOWN] * (k // 10) + [Keys.ARROW_RIGHT] * (k % 10)
    driver.find_element("tag name", "body").send_keys(*keys)


def set_viewpoint(driver: Any, vp: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "viewpoint")).select_by_value(vp)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_replay_in_the_browser(browser: Any, name: str, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    game = kumite.load(name)
    record, states = random_record(game, 11)
    record_file = tmp_path / "game.json"
    record_file.write_text(record)
    out = tmp_path / f"{name}.html"
    done = subprocess.run([sys.executable, "-m", "kumite.cli", "replay", str(record_file), "--html", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    n = len(states) - 1
    # The events of every step, from a separate replay through the engine.
    replay = game.new_state(seed=json.loads(record)["seed"])
    events: list[list[str]] = [[]] + [replay.apply_with_events(a) for a in json.loads(record)["actions"]]

    browser.get(out.as_uri())
    assert browser.find_element("tag name", "body").get_attribute("data-ready") == "1"
    shown = snapshot(browser)
    assert shown["step"] == "0" and shown["viewpoint"] == "all"
    check_shown(shown, states[0].view(None))
    shot(browser, f"replay-{name}-start")

    # Step through the whole game one key press at a time.
    browser.find_element("tag name", "body").send_keys(*([Keys.ARROW_RIGHT] * n))
    shown = snapshot(browser)
    assert shown["step"] == str(n) and shown["logCount"] == n
    check_shown(shown, states[n].view(None))
    winner_text_matches(name, shown["result"], [float(r) for r in states[n].returns()])
    shot(browser, f"replay-{name}-end")

    rng = random.Random(3)
    samples = sorted({0, n, n // 2, *(rng.randrange(n + 1) for _ in range(SAMPLES))})
    viewpoints = ["all", *(str(p) for p in range(game.num_players))]
    for vp in viewpoints:
        set_viewpoint(browser, vp)
        viewer = None if vp == "all" else int(vp)
        for k in samples:
            go_to(browser, k)
            shown = snapshot(browser)
            assert shown["step"] == str(k) and shown["viewpoint"] == vp and shown["logCount"] == k
            assert shown["lastEvents"] == events[k]
            check_shown(shown, states[k].view(viewer))
            check_game_specific(name, shown, states[k], viewer)
        go_to(browser, n // 2)
        shot(browser, f"replay-{name}-middle-viewpoint-{vp}")

    # Play runs to the end by itself.
    go_to(browser, max(0, n - 3))
    browser.find_element("id", "speed").send_keys("fast")
    browser.find_element("id", "play").click()
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 10).until(lambda d: d.find_element("tag name", "body").get_attribute("data-step") == str(n))


def test_text_fallback_and_unknown_boards_are_drawn(browser: Any, tmp_path: Path) -> None:
    """A game that has not written its view yet (the default text view), an unknown view kind
    and an unknown board type: the page draws something readable for each, never a blank."""
    data = replay_data(random_record(kumite.load("tekken"), 2)[0])
    texts: list[dict[str, Any]] = [{"kind": "text", "text": "P0 HP 20\n<b>not markup</b>"},
             {"kind": "hologram", "beams": 3},
             {"kind": "scene", "title": "odd board", "board": {"type": "hyperbolic", "cells": [1, 2]},
              "players": [{"id": 0, "name": "Solo", "stats": [{"key": "wounds", "label": "Wounds", "value": 2, "max": 5}]}],
              "zones": [{"id": "pool", "name": "Card pool", "cards": [{"name": "Foot Sweep", "text": "speed 4"}, {"hidden": True}]}]}]
    parts = _Parts()
    packed = [parts.pack(v) for v in texts]
    data["parts"] = parts.parts
    n = len(data["steps"])
    data["views"] = {v["id"]: [packed[min(k, 2)] for k in range(n + 1)] for v in data["viewpoints"]}
    page = tmp_path / "fallback.html"
    page.write_text(page_html("fallback", _replay_body(), data, ["replay.js"]))
    browser.get(page.as_uri())
    shown = snapshot(browser)
    assert shown["kind"] == "text" and shown["text"] == "P0 HP 20\n<b>not markup</b>"
    shot(browser, "fallback-text")
    go_to(browser, 1)
    assert "hologram" in browser.find_element("id", "view").text
    go_to(browser, 2)
    shown = snapshot(browser)
    assert shown["stats"]["0"]["wounds"] == "2/5" and shown["zones"]["pool"]["cards"] == ["Foot Sweep", "?"]
    assert "hyperbolic" in browser.find_element("id", "view").text
    shot(browser, "fallback-unknown-board")


def _replay_body() -> str:
    from kumite import viewer

    return viewer._REPLAY_BODY


@pytest.mark.parametrize(
    "text, reason",
    [
        ("{not json", "DeserializationError"),
        ('{"game": "tekken", "version": 99, "options": {}, "seed": 1, "actions": []}', "format version 99"),
        ('{"game": "tekken", "version": 1, "options": {}, "seed": 1, "actions": [9999]}', "cannot be replayed"),
    ],
    ids=["malformed", "other-version", "illegal-action"],
)
def test_bad_record_gets_an_error_page(browser: Any, tmp_path: Path, text: str, reason: str) -> None:
    record = tmp_path / "bad.json"
    record.write_text(text)
    out = tmp_path / "bad.html"
    done = subprocess.run([sys.executable, "-m", "kumite.cli", "replay", str(record), "--html", str(out)],
                          capture_output=True, text=True)
    assert done.returncode != 0 and reason in done.stderr and "cannot be replayed" in done.stderr
    browser.get(out.as_uri())
    error = browser.find_element("id", "error").text
    assert "This replay cannot be shown" in error and reason in error
    shot(browser, f"error-{reason.split()[0].lower()}")


def test_replay_data_from_another_viewer_version_shows_an_error(browser: Any, tmp_path: Path) -> None:
    data = replay_data(random_record(kumite.load("tekken"), 2)[0])
    data["format"] = 2
    page = tmp_path / "v2.html"
    page.write_text(page_html("v2", _replay_body(), data, ["replay.js"]))
    browser.get(page.as_uri())
    assert "format 2 is not supported" in browser.find_element("id", "error").text


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    srv = make_server(port=0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_play_a_game_through_the_buttons(browser: Any, server: str, name: str) -> None:
    from selenium.webdriver.support.ui import Select, WebDriverWait

    game = kumite.load(name)
    browser.get(server + "/")
    Select(browser.find_element("id", "game")).select_by_value(name)
    if name in QUICK_OPTIONS:  # typed into the options' boxes, as a user would
        options = {**game.options, **QUICK_OPTIONS[name]}
        for key, value in QUICK_OPTIONS[name].items():
            built = browser.find_element("id", "seats").get_attribute("data-built")
            box = browser.find_element("id", f"opt-{key}")
            box.clear()
            box.send_keys(str(value), "\t")
            WebDriverWait(browser, 10, poll_frequency=0.01).until(
                lambda d: d.find_element("id", "seats").get_attribute("data-built") != built)
        game = kumite.load(name, **options)
    seats = browser.find_elements("css selector", "#seats select")
    assert len(seats) == game.num_players
    for p, seat in enumerate(seats):
        Select(seat).select_by_value("human" if p == 0 else ("mcts:50" if p == 1 else "random"))
    Select(browser.find_element("id", "speed")).select_by_value("10")
    browser.find_element("id", "seed").clear()
    browser.find_element("id", "seed").send_keys("7")
    browser.find_element("id", "start").click()
    rng = random.Random(7)
    clicks = 0
    last_step = -1

    def ready(d: Any) -> Any:
        # One round trip: the page has drawn a newer frame with buttons, or the end.
        return d.execute_script(
            "const b = document.body, step = Number(b.dataset.step || -1);"
            "const over = b.dataset.terminal === '1';"
            "return step > arguments[0] && (over || document.querySelector('#legal button')) ? [step, over] : false;",
            last_step,
        )

    while True:
        last_step, over = WebDriverWait(browser, 30, poll_frequency=0.01).until(ready)
        if over:
            break
        if clicks % 25 == 0:
            shown = snapshot(browser)
            assert not shown["drawError"]
            assert [s for s in shown["stats"]] == [str(p) for p in range(game.num_players)] or not shown["stats"]
        if clicks == 0:
            shot(browser, f"play-{name}-start")
            if name == "tekken":  # the human sees its own hand, never the bot's
                assert all(c != "?" for c in shown["zones"]["p0.hand"]["cards"])
                assert all(c == "?" for c in shown["zones"]["p1.hand"]["cards"])
        buttons = browser.find_elements("css selector", "#legal button")
        rng.choice(buttons).click()
        clicks += 1
        assert clicks < 3000, "the game did not end"
        if clicks == 20:
            shot(browser, f"play-{name}-middle")
    shot(browser, f"play-{name}-end")
    shown = snapshot(browser)
    href = browser.find_element("id", "download").get_attribute("href")
    with urllib.request.urlopen(href) as response:
        assert "attachment" in response.headers["Content-Disposition"]
        record = response.read().decode()
    final = kumite.from_record(record)
    assert final.is_terminal() and len(final.history()) == last_step
    # The log came in pieces (each response carries only the new steps): all of it is drawn.
    assert len(browser.find_elements("css selector", "#log > li")) == last_step
    assert final.game == game
    assert shown["result"] == final.view(0).get("result")
    returns = ", ".join(f"P{p} {float(r):g}" for p, r in enumerate(final.returns()))
    assert returns.replace(".0", "") in browser.find_element("id", "result").text.replace(".0", "")
    winner_text_matches(name, shown["result"], [float(r) for r in final.returns()])


def test_play_page_opens_a_record(browser: Any, server: str, tmp_path: Path) -> None:
    record, states = random_record(kumite.load("fatal_fight"), 3)
    path = tmp_path / "ff.json"
    path.write_text(record)
    browser.get(server + "/")
    browser.find_element("id", "record-file").send_keys(str(path))
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 10).until(lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1"
                                     and bool(d.find_elements("id", "viewpoint")))
    assert snapshot(browser)["step"] == "0"
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    browser.get(server + "/")
    browser.find_element("id", "record-file").send_keys(str(bad))
    WebDriverWait(browser, 10).until(lambda d: bool(d.find_elements("id", "error")) and d.find_element("id", "error").text)
    assert "cannot be shown" in browser.find_element("id", "error").text


def test_bad_requests_get_clear_errors(server: str) -> None:
    def post(path: str, body: Any) -> tuple[int, dict[str, Any]]:
        req = urllib.request.Request(server + path, data=json.dumps(body).encode(), method="POST")
        try:
            with urllib.request.urlopen(req) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    assert post("/api/new", {"game": "chess", "seats": []})[0] == 400
    status, body = post("/api/new", {"game": "tekken", "options": {"hp": 3}, "seats": ["human", "random"]})
    assert status == 400 and "hp" in body["error"]
    assert post("/api/new", {"game": "tekken", "seats": ["human", "alien"]})[0] == 400
    status, frame = post("/api/new", {"game": "tekken", "seats": ["human", "random"], "seed": 1})
    assert status == 200 and frame["viewpoint"] == 0
    illegal = next(a for a in range(kumite.load("tekken").num_actions) if a not in {x["action"] for x in frame["legal"]})
    assert post("/api/act", {"id": frame["id"], "action": illegal})[0] == 400
    assert post("/api/act", {"id": "nope", "action": 0})[0] == 400


def test_responses_carry_only_the_new_log_steps() -> None:
    from kumite.viewer.server import App

    app = App()
    frame = app.api("/api/new", {"game": "tekken", "seats": ["human", "random"], "seed": 2})
    drawn, sizes = len(frame["log"]), []
    for _ in range(60):
        if frame["terminal"]:
            break
        body = {"id": frame["id"], "since": drawn, "viewpoint": frame["viewpoint"]}
        if frame["legal"]:
            frame = app.api("/api/act", {**body, "action": frame["legal"][0]["action"]})
        else:
            frame = app.api("/api/step", body)
        assert frame["log_from"] == drawn and frame["step"] == drawn + len(frame["log"])
        drawn = frame["step"]
        sizes.append(len(json.dumps(frame["log"])))
    assert drawn > 20 and max(sizes) < 2000
    session = app.sessions[frame["id"]]
    # A page that drew its log for another viewpoint (or claims more than exists) gets it all.
    for since, viewpoint in [(drawn, None), (drawn + 5, 0), (-1, 0)]:
        full = session.frame(since, viewpoint)
        assert full["log_from"] == 0 and len(full["log"]) == drawn
    with pytest.raises(ValueError, match="since"):
        app.api("/api/step", {"id": frame["id"], "since": "all"})


def test_the_load_test_plays_without_errors() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    import server_load  # type: ignore[import-not-found]  # bench/ is not a package

    figures = server_load.measure(clients=4, seconds=2.0, games=["tekken", "ufs"])
    assert figures["requests"] > 20 and figures["errors"] == 0


def test_replay_opens_on_the_chosen_viewpoint(browser: Any, tmp_path: Path) -> None:
    record, states = random_record(kumite.load("tekken"), 6)
    path = tmp_path / "t.json"
    path.write_text(record)
    out = tmp_path / "t.html"
    cli = [sys.executable, "-m", "kumite.cli", "replay", str(path), "--html", str(out)]
    assert subprocess.run([*cli, "--viewpoint", "1"], capture_output=True).returncode == 0
    browser.get(out.as_uri())
    shown = snapshot(browser)
    assert shown["viewpoint"] == "1"
    assert shown["zones"]["p0.hand"]["cards"] and all(c == "?" for c in shown["zones"]["p0.hand"]["cards"])
    assert all(c != "?" for c in shown["zones"]["p1.hand"]["cards"])
    check_shown(shown, states[0].view(1))
    done = subprocess.run([*cli, "--viewpoint", "7"], capture_output=True, text=True)
    assert done.returncode != 0 and "viewpoint '7' is not one of all, 0, 1" in done.stderr


# --- deep links, card faces, the log panel ------------------------------------------------------

FRAME_READY_JS = (
    "const b = document.body; return b.dataset.step !== undefined && (b.dataset.terminal === '1' "
    "|| !!document.querySelector('#legal button')) ? [Number(b.dataset.step)] : false;"
)


def open_link(browser: Any, server: str, query: str) -> int:
    """Opens a deep link and waits until the game it starts waits for the human (or is over)."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{server}/?{query}")
    ready: list[int] = WebDriverWait(browser, 60, poll_frequency=0.05).until(lambda d: d.execute_script(FRAME_READY_JS))
    return ready[0]


def link_state(name: str, seed: int, seats: list[str], options: dict[str, Any] | None = None) -> kumite.State:
    """What the server holds after a deep link, replayed: the bots' moves before the human's turn
    (the server seeds seat p's bot with seed + 1000 * (p + 1))."""
    game = kumite.load(name, **(options or {}))
    state = game.new_state(seed=seed)
    bots = {p: kumite.make_bot(s, game, seed + 1000 * (p + 1)) for p, s in enumerate(seats) if s != "human"}
    while (mover := state.current_player) is not None and mover in bots:
        state.apply(bots[mover].choose(state))
    return state


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_deep_link_opens_each_game(browser: Any, server: str, name: str) -> None:
    from urllib.parse import quote

    link_options: dict[str, dict[str, Any]] = {"senjutsu": {"battlefield": "temple_court"}, "tekken": {"rounds_to_win": 1}}
    options = link_options.get(name, {})
    query = f"game={name}&seed=3&p0=human&p1=random&options={quote(json.dumps(options))}"
    step = open_link(browser, server, query)
    state = link_state(name, 3, ["human"] + ["random"] * (kumite.load(name, **options).num_players - 1), options)
    assert step == len(state.history())
    assert browser.find_element("id", "game").get_attribute("value") == name
    shown = snapshot(browser)
    check_shown(shown, state.view(0))
    for key, value in options.items():
        assert browser.find_element("id", f"opt-{key}").get_attribute("value") == str(value)
    shot(browser, f"deep-link-{name}")


def test_a_deep_link_with_an_unknown_game_says_so(browser: Any, server: str) -> None:
    browser.get(f"{server}/?game=chess")
    assert "Unknown game \"chess\"" in browser.find_element("id", "error").text


def test_a_senjutsu_card_holds_a_drawn_grid(browser: Any, server: str) -> None:
    open_link(browser, server, "game=senjutsu&seed=3&p0=human&p1=mcts:20")
    state = link_state("senjutsu", 3, ["human", "mcts:20"])
    hand = next(z for z in state.view(0)["zones"] if z["id"] == "p0.hand")["cards"]
    drawn = browser.execute_script("""
      return Array.from(document.querySelectorAll('.zone[data-zone="p0.hand"] > .cards > .card')).map(c => ({
        name: c.dataset.name, init: (c.querySelector('.sj-init') || {}).textContent, type: (c.querySelector('.sj-type') || {dataset: {}}).dataset.type,
        grids: c.querySelectorAll('svg.sj-grid').length, arrows: c.querySelectorAll('svg.sj-grid .sj-arrow').length,
        attack: Array.from(c.querySelectorAll('.sj-part[data-part="0"] .sj-cell[data-kind="attack"]')).map(x => Number(x.dataset.wounds)),
        wounds: c.querySelectorAll('.sj-part[data-part="0"] .sj-wound').length,
        defend: c.querySelectorAll('.sj-part[data-part="0"] .sj-cell[data-kind="defend"]').length,
        covers: c.querySelectorAll('.sj-part[data-part="0"] .sj-cover').length,
        moves: Array.from(c.querySelectorAll('.sj-part[data-part="0"] .sj-move')).map(m => m.classList.contains('forced')),
        bonus: Array.from(c.querySelectorAll('.sj-bonus')).map(b => b.dataset.zone)}));
    """)
    assert [d["name"] for d in drawn] == [c["name"] for c in hand]
    grids = 0
    for card, d in zip(hand, drawn):
        face = card["face"]
        assert d["type"] == face["type"]
        assert d["init"] == (" | ".join(map(str, face["initiative"])) or "=")
        ops = face["parts"][0]["ops"]
        attack = [c["wounds"] for o in ops if o["op"] == "attack" for c in o["cells"]]
        defend = {(c["q"], c["r"]) for o in ops if o["op"] == "defend" for c in o["cells"]} - {
            (c["q"], c["r"]) for o in ops if o["op"] == "attack" for c in o["cells"]}
        assert sorted(d["attack"]) == sorted(attack) and d["wounds"] == sum(attack)
        assert d["defend"] == len(defend) and d["covers"] == len(defend)
        assert sorted(d["moves"]) == sorted(o["forced"] for o in ops if o["op"] == "move" for _ in o["dirs"])
        assert d["bonus"] == [b["zone"] for b in face["bonus"]]
        assert d["arrows"] == d["grids"], "each grid has the samurai's arrow"
        grids += d["grids"]
    assert grids > 0, "some card in the hand has a grid"
    shot(browser, "senjutsu-card-grids")


def test_a_ufs_card_shows_its_icons(browser: Any, server: str) -> None:
    open_link(browser, server, "game=ufs&seed=3&p0=human&p1=random")
    state = link_state("ufs", 3, ["human", "random"])
    zones = {z["id"]: z for z in state.view(0)["zones"]}
    drawn = browser.execute_script("""
      const q = (c, s) => c.querySelector(s);
      return Array.from(document.querySelectorAll('.zone[data-zone="p0.hand"] > .cards > .card, .zone[data-zone="p0.character"] > .cards > .card')).map(c => ({
        name: c.dataset.name, committed: c.classList.contains('committed'),
        difficulty: q(c, '.ufs-difficulty').textContent, control: q(c, '.ufs-control').textContent,
        symbols: Array.from(c.querySelectorAll('.ufs-symbol')).map(s => s.dataset.symbol),
        attack: q(c, '.ufs-attack') ? [q(c, '.ufs-attack').dataset.speed, q(c, '.ufs-attack').dataset.zone, q(c, '.ufs-attack').dataset.damage] : null,
        block: q(c, '.ufs-block') ? [q(c, '.ufs-block').dataset.modifier, q(c, '.ufs-block').dataset.zone] : null,
        abilities: Array.from(c.querySelectorAll('.ufs-ability')).map(a => a.textContent)}));
    """)
    cards = zones["p0.character"]["cards"] + zones["p0.hand"]["cards"]
    assert [d["name"] for d in drawn] == [c["name"] for c in cards]
    for card, d in zip(cards, drawn):
        f = card["face"]
        assert (d["difficulty"], d["control"]) == (str(f["difficulty"]), str(f["control"]))
        assert d["symbols"] == f["symbols"] and len(d["symbols"]) == 3
        assert d["attack"] == (None if f["attack"] is None else [str(f["attack"]["speed"]), f["attack"]["zone"], str(f["attack"]["damage"])])
        assert d["block"] == (None if f["block"] is None else [str(f["block"]["modifier"]), f["block"]["zone"]])
        assert d["abilities"][-len(f["abilities"]):] == f["abilities"] or not f["abilities"]
        assert d["committed"] == ("committed" in (card.get("tags") or [])), "committed cards are marked"
    assert any(d["attack"] for d in drawn) and any(d["block"] for d in drawn)
    shot(browser, "ufs-card-icons")


def test_the_window_does_not_scroll_on_bot_steps(browser: Any, server: str) -> None:
    """Bots play while the log grows: the log scrolls inside its panel, the window never moves and
    the title and HP bars stay in sight."""
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get(f"{server}/?game=tekken&seed=5&p0=random&p1=random")
    Select(browser.find_element("id", "speed")).select_by_value("10")
    seen = []
    for target in (10, 40, 80):
        WebDriverWait(browser, 60, poll_frequency=0.02).until(
            lambda d: d.execute_script("return Number(document.body.dataset.step || 0) >= arguments[0] || document.body.dataset.terminal === '1'", target))
        seen.append(browser.execute_script("""
          const log = document.getElementById('log'), title = document.querySelector('.view-title');
          return {scrollY: window.scrollY, overflow: document.scrollingElement.scrollHeight - window.innerHeight,
                  logScroll: log.scrollTop, logOverflow: log.scrollHeight - log.clientHeight,
                  titleTop: title ? title.getBoundingClientRect().top : null};"""))
    assert all(s["scrollY"] == 0 and s["overflow"] <= 0 for s in seen), seen
    assert all(s["titleTop"] is not None and 0 <= s["titleTop"] < 200 for s in seen), seen
    last = seen[-1]
    assert last["logOverflow"] > 0 and last["logScroll"] >= last["logOverflow"] - 2, "the log scrolls to its newest step"
    shot(browser, "log-scrolls-in-its-panel")


def test_fatal_fight_shows_the_other_players_moves_by_their_events(browser: Any, server: str) -> None:
    open_link(browser, server, "game=fatal_fight&seed=3&p0=human&p1=random")
    for _ in range(4):
        step = browser.execute_script("return document.body.dataset.step")
        browser.find_elements("css selector", "#legal button")[-1].click()
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(browser, 30, poll_frequency=0.05).until(
            lambda d: d.execute_script("return document.body.dataset.step") != step and d.execute_script(FRAME_READY_JS) is not False)
    log = browser.find_element("id", "log").text
    assert "(acts)" not in log
    assert "P1 buys" in log or "P1 leaves" in log or "P1 " in log


# --- what a player reads: printed boards, the kamae tree, how to play ---------------------------


def test_tekken_view_prints_both_character_boards() -> None:
    """The character board is printed and public: every viewer sees both fighters' combos and
    rage cards (TK: each round a fighter picks one of its two rage cards in secret; which one is
    secret, what the two say is not), so a rage card can be read before it is chosen."""
    game = kumite.load("tekken")
    content = {c["name"]: c["text"] for c in game.content()["characters"]}
    state = game.new_state(seed=3)
    for viewer in (None, 0, 1):
        zones = {z["id"]: z for z in state.view(viewer)["zones"]}
        for p, player in enumerate(state.view(viewer)["players"]):
            board = zones[f"p{p}.board"]
            assert board["owner"] == p and board["layout"] == "pile" and board["count"] == len(board["cards"])
            printed = content[player["name"]]
            combos = [c for c in board["cards"] if c["tags"] == ["combo"]]
            rage = [c for c in board["cards"] if c["tags"] == ["rage card"]]
            assert len(rage) == 2 and combos
            for c in combos:  # "One-Two (yellow then yellow: strike 1, strike 1)" in the listing
                assert f"{c['name']} ({c['text'].removeprefix('combo · ')})" in printed
            for c in rage:
                assert f"{c['name']} ({c['text'].removeprefix('rage card · ')})" in printed


def test_senjutsu_view_draws_each_kamae_tree() -> None:
    """SJ-3.4 「構えツリー」: each player's scene carries its tree as printed, nodes in the order of
    the samurai's listing, the branches, and the ring on the current kamae (SJ-3.5: it starts on
    the gate; SJ-9.2: it moves along the branches)."""
    game = kumite.load("senjutsu", setup="fixed")
    listing = {s["name"]: s["text"] for s in game.content()["samurai"]}
    state = game.new_state(seed=2)
    rng = random.Random(2)
    moved = False
    while not state.is_terminal() and not moved:
        for player in state.view(None)["players"]:
            graph = player["graph"]
            nodes = [f"{n['label']} ({n['group']})" for n in graph["nodes"]]
            kamae = listing[player["name"]].split("; kamae ")[1].split("; core card")[0]
            assert ", ".join(nodes) == kamae
            current = [n for n in graph["nodes"] if n["current"]]
            assert len(current) == 1
            assert f"{current[0]['label']} kamae ({current[0]['group']})" in player["tags"]
            assert all(0 <= a < b < len(nodes) for a, b in graph["links"])
            moved |= current[0]["group"] != "gate"
        state.apply(rng.choice(state.legal_actions()))
    assert moved, "some samurai left the gate"
    old_master = next(pl for pl in game.new_state(seed=2).view(None)["players"] if pl["name"] == "The Old Master")
    # samurai.toml: links = ["gate-still_water", "gate-flowing_river", "still_water-flowing_river",
    # "flowing_river-falling_rock", "falling_rock-gate"], nodes gate, still water, flowing river, falling rock
    assert old_master["graph"]["links"] == [[0, 1], [0, 2], [0, 3], [1, 2], [2, 3]]


def test_how_to_play_is_served_and_linked(server: str) -> None:
    from kumite.howto import howto_text

    for name in GAME_NAMES:
        with urllib.request.urlopen(f"{server}/howto/{name}") as response:
            page = response.read().decode()
        # The Markdown's title, rendered (tests/test_play_page_text.py checks the whole page).
        first = howto_text(name).splitlines()[0]
        assert f"<h1>{html.escape(first.removeprefix('# '), quote=False)}</h1>" in page and "What the screen shows" in page
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(f"{server}/howto/chess")
    assert e.value.code == 404


# --- the play page at a laptop's window (1366x768) ----------------------------------------------


@pytest.fixture()
def laptop(browser: Any) -> Iterator[Any]:
    browser.set_window_size(1366, 768)
    try:
        yield browser
    finally:
        browser.set_window_size(1400, 1000)


GEOMETRY_JS = """
const r = e => { if (!e) return null; const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, height: b.height}; };
const sc = document.getElementById('view-scroll');
return {board: r(document.querySelector('#view .board svg')), legend: r(document.querySelector('#view .board .legend')),
        players: r(document.querySelector('#view .players')), dock: r(document.getElementById('hand-dock')),
        scroll: r(sc), scrollTop: sc.scrollTop, firstButton: r(document.querySelector('#legal button')),
        windowScroll: document.scrollingElement.scrollHeight - innerHeight, inner: innerHeight,
        dockZone: (document.querySelector('#hand-dock .zone') || {dataset: {}}).dataset.zone || null};
"""


@pytest.mark.parametrize("name", GAME_NAMES)
def test_board_and_hand_in_sight_at_a_laptops_window(laptop: Any, server: str, name: str) -> None:
    """The board (or, without one, the players) and the viewing seat's hand are in sight together,
    with the first choice, and nothing scrolls: the hand is pinned under the view."""
    from selenium.webdriver.support.ui import WebDriverWait

    open_link(laptop, server, f"game={name}&seed=3&p0=human&p1=random")
    for move in range(6):
        g = laptop.execute_script(GEOMETRY_JS)
        assert g["windowScroll"] <= 0 and g["scrollTop"] == 0, g
        assert g["dockZone"] == "p0.hand", g
        assert 0 <= g["dock"]["top"] and g["dock"]["bottom"] <= g["inner"], g
        top = g["board"] or g["players"]
        assert g["scroll"]["top"] <= top["top"] and (g["legend"] or top)["bottom"] <= g["scroll"]["bottom"] + 1, g
        if g["board"]:
            assert g["board"]["height"] >= 150, g
        if g["firstButton"]:
            assert g["firstButton"]["bottom"] <= g["inner"], g
        if move == 0:
            shot(laptop, f"laptop-{name}")
        buttons = laptop.find_elements("css selector", "#legal button")
        if not buttons:
            break
        step = laptop.execute_script("return document.body.dataset.step")
        buttons[0].click()
        WebDriverWait(laptop, 30, poll_frequency=0.02).until(
            lambda d: d.execute_script("return document.body.dataset.step") != step and d.execute_script(FRAME_READY_JS) is not False)
    state = link_state(name, 3, ["human", "random"])
    hand = next(z for z in state.view(0)["zones"] if z["id"] == "p0.hand")
    assert hand["owner"] == 0


def test_buttons_and_cards_say_what_they_do(laptop: Any, server: str) -> None:
    """Each choice names what it does on hover: a rage card's symbols before it is chosen (from
    the printed character board), a player's name its character's combos; a tap on a card shows
    its text beside it."""
    open_link(laptop, server, "game=tekken&seed=3&p0=human&p1=random")
    state = link_state("tekken", 3, ["human", "random"])
    board = {c["name"]: c["text"] for z in state.view(0)["zones"] if z["id"] == "p0.board" for c in z["cards"]}
    buttons = laptop.find_elements("css selector", "#legal button")
    rage = [b for b in buttons if b.text.startswith("rage card ")]
    assert len(rage) == 2, [b.text for b in buttons]
    for b in rage:
        name = b.text.removeprefix("rage card ")
        assert b.get_attribute("title") == f"{b.text}\n{name}: {board[name]}"
    assert all(b.get_attribute("title") for b in buttons)
    title = laptop.find_element("css selector", '#view .player[data-player="0"] .name').get_attribute("title")
    assert "combos" in title and "rage" in title
    card = laptop.find_element("css selector", "#hand-dock .card")
    card.click()
    assert laptop.find_element("id", "tip").text == card.get_attribute("title").strip()
    laptop.find_element("id", "who").click()
    assert not laptop.find_elements("id", "tip")
    # A long press (a touch screen's context menu) on a choice shows its text without playing it.
    step = laptop.execute_script("return document.body.dataset.step")
    laptop.execute_script("arguments[0].dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}))", rage[0])
    assert laptop.find_element("id", "tip").text == rage[0].get_attribute("title")
    assert laptop.execute_script("return document.body.dataset.step") == step


@pytest.mark.parametrize("name", GAME_NAMES)
def test_options_are_menus_of_the_content(browser: Any, server: str, name: str) -> None:
    """Every option naming content is a menu of `game.content()`: one per seat for a list."""
    from selenium.webdriver.support.ui import Select

    game = kumite.load(name)
    content = game.content()
    browser.get(server + "/")
    Select(browser.find_element("id", "game")).select_by_value(name)
    menus = 0
    for key, value in game.options.items():
        cat = key if key in content else f"{key}s" if f"{key}s" in content else None
        if cat is None or not (isinstance(value, str) or (isinstance(value, list) and all(v is None or isinstance(v, str) for v in value))):
            continue
        ids = [e["id"] for e in content[cat]]
        selects = browser.find_elements("css selector", f'select[data-option="{key}"]')
        assert selects, key
        for sel in selects:
            offered = [o.get_attribute("value") for o in Select(sel).options]
            assert [o for o in offered if o] == ids, (key, offered)
        menus += 1
    assert menus >= 1
    assert browser.find_element("id", "howto").get_attribute("href").endswith(f"/howto/{name}")


def test_content_chosen_from_menus_plays(browser: Any, server: str) -> None:
    """Choosing a stage and two characters from the menus starts that game; a party size changes
    the seats and the characters' menus."""
    from selenium.webdriver.support.ui import Select, WebDriverWait

    def choose(menu: str, value: str) -> None:
        """A menu's choice; the form is built again after it (the engine says the seats), so the
        next menu is found in the new form."""
        built = browser.find_element("id", "seats").get_attribute("data-built")
        Select(browser.find_element("id", menu)).select_by_value(value)
        WebDriverWait(browser, 10, poll_frequency=0.01).until(
            lambda d: d.find_element("id", "seats").get_attribute("data-built") != built)

    browser.get(server + "/")
    Select(browser.find_element("id", "game")).select_by_value("tekken")
    choose("opt-stage", "moonlit_dojo")
    choose("opt-characters-0", "vessa")
    choose("opt-characters-1", "marrow")
    browser.find_element("id", "start").click()
    WebDriverWait(browser, 30, poll_frequency=0.05).until(lambda d: d.execute_script(FRAME_READY_JS))
    assert browser.find_element("css selector", ".view-title").text.startswith("Moonlit Dojo")
    names = [e.text for e in browser.find_elements("css selector", "#view .player .name")]
    assert names[0].startswith("P0 Vessa Roan") and names[1].startswith("P1 Marrow")

    browser.find_element("css selector", "#setup > summary").click()  # folded away during a game
    Select(browser.find_element("id", "game")).select_by_value("fatal_fight")
    built = browser.find_element("id", "seats").get_attribute("data-built")
    box = browser.find_element("id", "opt-players")
    box.clear()
    box.send_keys("3", "\t")
    WebDriverWait(browser, 10, poll_frequency=0.01).until(lambda d: d.find_element("id", "seats").get_attribute("data-built") != built)
    assert len(browser.find_elements("css selector", "#seats select")) == 3
    chosen = [Select(s).first_selected_option.get_attribute("value")
              for s in browser.find_elements("css selector", 'select[data-option="characters"]')]
    assert len(chosen) == 3 and len(set(chosen)) == 3


def test_rematch_with_the_seats_turned(browser: Any, server: str) -> None:
    from selenium.webdriver.support.ui import Select, WebDriverWait

    open_link(browser, server, 'game=tekken&seed=3&p0=random&p1=mcts:20&options={"rounds_to_win":1}')
    Select(browser.find_element("id", "speed")).select_by_value("10")
    WebDriverWait(browser, 120, poll_frequency=0.05).until(lambda d: d.execute_script("return document.body.dataset.terminal === '1'"))
    first = browser.find_element("id", "log").get_attribute("data-game")
    assert browser.find_element("id", "rematch").is_displayed()
    browser.find_element("id", "rematch-swap").click()
    WebDriverWait(browser, 30, poll_frequency=0.05).until(lambda d: d.find_element("id", "log").get_attribute("data-game") != first)
    assert browser.find_element("id", "seed").get_attribute("value") == "4"
    assert [Select(s).first_selected_option.get_attribute("value") for s in browser.find_elements("css selector", "#seats select")] == ["mcts:20", "random"]
    assert browser.find_element("id", "opt-rounds_to_win").get_attribute("value") == "1"
    assert not browser.find_element("id", "rematch").is_displayed()


def test_the_kamae_tree_is_drawn(browser: Any, server: str) -> None:
    open_link(browser, server, "game=senjutsu&seed=3&p0=human&p1=random")
    state = link_state("senjutsu", 3, ["human", "random"])
    drawn = browser.execute_script("""
      return Array.from(document.querySelectorAll('#view .player')).map(p => ({
        nodes: Array.from(p.querySelectorAll('svg.graph g.node')).map(n => n.dataset.label),
        current: Array.from(p.querySelectorAll('svg.graph g.node.current')).map(n => n.dataset.label),
        lines: p.querySelectorAll('svg.graph line').length}));""")
    players = state.view(0)["players"]
    assert len(drawn) == len(players)
    for d, pl in zip(drawn, players):
        g = pl["graph"]
        assert d["nodes"] == [n["label"] for n in g["nodes"]]
        assert d["current"] == [n["label"] for n in g["nodes"] if n["current"]]
        assert d["lines"] == len(g["links"])
    shot(browser, "senjutsu-kamae-tree")


def test_ufs_committed_cards_read_upright(browser: Any, tmp_path: Path) -> None:
    """A committed card lies sideways at the table; on the page it stays upright so its text
    reads (marked by its band), in the replay as in play."""
    game = kumite.load("ufs")
    record, states = random_record(game, 5)
    k = next(i for i, s in enumerate(states) if any("committed" in (c.get("tags") or [])
                                                     for z in s.view(None)["zones"] for c in z.get("cards", [])))
    page = tmp_path / "ufs.html"
    page.write_text(replay_html(record))
    browser.get(page.as_uri())
    go_to(browser, k)
    cards = browser.execute_script("""
      return Array.from(document.querySelectorAll('#view .card.committed')).map(c => {
        const n = c.querySelector('.card-name').getBoundingClientRect();
        return {mode: getComputedStyle(c).writingMode, band: getComputedStyle(c, '::before').content,
                nameWide: n.width >= n.height};});""")
    assert cards
    assert all(c["mode"] == "horizontal-tb" and "committed" in c["band"] and c["nameWide"] for c in cards), cards

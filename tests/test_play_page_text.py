"""The rules where people play, in the browser (issue 54): the how-to pages are rendered HTML at
a laptop's window, and every option of the play page is a control, none a JSON box holding
`null`. Chromium as tests/test_viewer.py drives it (its fixtures)."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from test_viewer import FRAME_READY_JS, browser, laptop, link_state, open_link, server, shot  # noqa: F401  (fixtures)

import kumite
from kumite.howto import howto_text

HOWTO_JS = """
const a = document.querySelector('main.howto .howto-text');
return {tag: a ? a.tagName : null, text: a ? a.innerText : '', h1: (a.querySelector('h1') || {}).textContent,
        h2: a.querySelectorAll('h2').length, strong: a.querySelectorAll('strong').length,
        rows: a.querySelectorAll('table tr').length, pre: document.querySelectorAll('pre.howto-text').length,
        scrollX: document.scrollingElement.scrollWidth - innerWidth, width: a.getBoundingClientRect().width,
        screen: (document.querySelector('pre.kumite-text') || {}).textContent || ''};
"""


@pytest.mark.parametrize("name", kumite.games())
def test_how_to_play_is_rendered_html_at_a_laptops_window(laptop: Any, server: str, name: str) -> None:  # noqa: F811
    """Issue 54: "The browser's `/howto/<game>` shows the Markdown source in a `<pre>` block (`#`,
    `**`, table pipes visible) ... render it as HTML in the page." """
    laptop.get(f"{server}/howto/{name}")
    page = laptop.execute_script(HOWTO_JS)
    source = howto_text(name)
    assert page["tag"] == "ARTICLE" and page["pre"] == 0, page
    assert page["h1"] == source.splitlines()[0].removeprefix("# ")
    assert page["h2"] == source.count("\n## ") and page["strong"] == source.count("**") // 2, page
    if "\n|" in source:
        assert page["rows"] == sum(1 for line in source.splitlines() if line.startswith("|") and "---" not in line)
    text = page["text"]
    assert "**" not in text and "\n#" not in text and "|---" not in text and not text.startswith("#"), text[:500]
    # Every word of the source is there (the marks aside), and the page fits the window's width.
    words = [w.strip("*`|#") for w in source.split()]
    plain = [w for w in words if w.strip("-|") and not re.fullmatch(r"\d+\.", w) and "*" not in w and "`" not in w]
    assert [w for w in plain if w not in text] == []
    assert page["scrollX"] <= 0 and 300 < page["width"] <= 1366, page
    assert "P0" in page["screen"] or "P1" in page["screen"]
    shot(laptop, f"howto-{name}")


OPTIONS_JS = """
const f = k => { const e = document.getElementById('opt-' + k); return e && {tag: e.tagName, type: e.type || null,
  value: e.value, json: e.hasAttribute('data-json'), placeholder: e.getAttribute('placeholder'),
  options: e.tagName === 'SELECT' ? Array.from(e.options).map(o => [o.value, o.text]) : null}; };
return Object.fromEntries(arguments[0].map(k => [k, f(k)]));
"""


@pytest.mark.parametrize("name", kumite.games())
def test_no_option_is_a_json_box_holding_null(browser: Any, server: str, name: str) -> None:  # noqa: F811
    """Issue 54: "Tekken's play-page options "content dir", "first attacker", "round strings" are
    text boxes holding `null`: controls like the others." Every game's option off by default
    (null) is a control that reads empty as off."""
    from selenium.webdriver.support.ui import Select

    game = kumite.load(name)
    browser.get(server + "/")
    Select(browser.find_element("id", "game")).select_by_value(name)
    fields = browser.execute_script(OPTIONS_JS, list(game.options))
    for key, value in game.options.items():
        f = fields[key]
        assert f is not None, key
        assert f["value"] != "null", (key, f)
        if value is None:
            assert not f["json"], (key, f)
            if key.startswith("first_"):
                assert f["tag"] == "SELECT" and f["options"] == [["", "coin flip"], ["0", "P0"], ["1", "P1"]], f
            elif key == "content_dir":
                assert f["type"] == "text" and f["value"] == "" and f["placeholder"].startswith("none"), f
            elif key == "teams":
                assert f["type"] == "text" and f["value"] == "" and f["placeholder"] == "free-for-all", f
            else:
                assert f["type"] == "number" and f["value"] == "" and f["placeholder"].startswith("off"), f


def record_options(base: str, driver: Any) -> dict[str, Any]:
    sid = driver.find_element("id", "log").get_attribute("data-game")
    with urllib.request.urlopen(f"{base}/api/record?id={sid}") as response:
        options: dict[str, Any] = json.loads(response.read())["options"]
    return options


def test_tekkens_open_options_play_as_chosen(browser: Any, server: str) -> None:  # noqa: F811
    """The seat menu, the number box and the folder box reach the engine: P1 opens, ten strings a
    round; left empty they are the defaults (null); a number out of range is the engine's error."""
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get(server + "/")
    Select(browser.find_element("id", "game")).select_by_value("tekken")
    start = browser.find_element("id", "start")
    start.click()
    WebDriverWait(browser, 30, poll_frequency=0.05).until(lambda d: d.execute_script(FRAME_READY_JS))
    options = record_options(server, browser)
    assert options["first_attacker"] is None and options["round_strings"] is None and options["content_dir"] is None

    def change(key: str, set_value: Callable[[Any], None]) -> None:
        """Sets an option; the form is built again (the engine says the seats), so wait for it."""
        built = browser.find_element("id", "seats").get_attribute("data-built")
        set_value(browser.find_element("id", f"opt-{key}"))
        WebDriverWait(browser, 10, poll_frequency=0.01).until(
            lambda d: d.find_element("id", "seats").get_attribute("data-built") != built)

    def typed(text: str) -> Callable[[Any], None]:
        return lambda box: browser.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", box, text)

    browser.find_element("css selector", "#setup > summary").click()
    change("first_attacker", lambda e: Select(e).select_by_value("1"))
    change("round_strings", typed("10"))
    game_id = browser.find_element("id", "log").get_attribute("data-game")
    start.click()
    WebDriverWait(browser, 30, poll_frequency=0.05).until(
        lambda d: d.find_element("id", "log").get_attribute("data-game") != game_id and d.execute_script(FRAME_READY_JS))
    options = record_options(server, browser)
    assert options["first_attacker"] == 1 and options["round_strings"] == 10
    p1 = browser.find_element("css selector", '#view .player[data-player="1"]').text
    assert "attacker" in p1

    browser.find_element("css selector", "#setup > summary").click()
    typed("3")(browser.find_element("id", "opt-round_strings"))  # the engine refuses it at once
    WebDriverWait(browser, 10, poll_frequency=0.05).until(lambda d: d.find_element("id", "error").text)
    assert "round_strings" in browser.find_element("id", "error").text


def test_a_senjutsu_card_reads_in_the_words_the_log_uses(browser: Any, server: str) -> None:  # noqa: F811
    """Issue 54's one notation, on the page: a held card's text is its words (as its reveal in
    the log reads, tests/test_rules_text.py), not the content files' notation."""
    open_link(browser, server, "game=senjutsu&seed=3&p0=human&p1=random")
    state = link_state("senjutsu", 3, ["human", "random"])
    hand = {c["name"]: c["words"] for z in state.view(0)["zones"] if z["id"] == "p0.hand" for c in z["cards"] if c.get("words")}
    assert len(hand) >= 3
    shown = {c.get_attribute("data-name"): c.get_attribute("title") for c in browser.find_elements("css selector", "#hand-dock .card")}
    for name, words in hand.items():
        assert shown[name] == f"{name}\n{words}", (name, shown[name])

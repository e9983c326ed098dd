"""Screenshots of each game's play page for docs/viewer.md: starts `kumite serve` in-process,
opens a deep link per game in headless Chromium (selenium), lets the seats play a few moves and
saves docs/images/viewer-<game>.png, at a laptop's window (1366x768).

    .venv/bin/python scripts/viewer-screenshots.py [--out docs/images] [--steps 12]

Needs Chromium and chromedriver (`make browser`).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import kumite
from kumite.viewer.server import make_server

# Per game: the link's options and seats, chosen so the shot shows the game's cards and board.
LINKS: dict[str, dict[str, Any]] = {
    "tekken": {"seed": 3, "p0": "human", "p1": "random"},
    "senjutsu": {"seed": 3, "p0": "human", "p1": "random"},
    "fatal_fight": {"seed": 3, "p0": "human", "p1": "random"},
    "ufs": {"seed": 3, "p0": "human", "p1": "random"},
}


def link(base: str, game: str, options: dict[str, Any] | None = None) -> str:
    """The deep link that opens `game` directly (docs/viewer.md, "Deep links")."""
    query = {"game": game, **{k: str(v) for k, v in LINKS.get(game, {}).items()}}
    if options:
        query["options"] = json.dumps(options)
    return f"{base}/?{urlencode(query)}"


def browser(width: int = 1366, height: int = 768) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        raise SystemExit("error: Chromium and chromedriver are needed (`make browser` installs them)")
    options = Options()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(driver), options=options)


def play_some(driver: Any, steps: int) -> None:
    """Clicks the first legal action `steps` times, waiting for the bots between clicks."""
    from selenium.webdriver.support.ui import WebDriverWait

    for _ in range(steps):
        WebDriverWait(driver, 30, poll_frequency=0.05).until(
            lambda d: d.execute_script("return document.body.dataset.terminal === '1' || !!document.querySelector('#legal button')"))
        buttons = driver.find_elements("css selector", "#legal button")
        if not buttons:
            return
        step = driver.execute_script("return document.body.dataset.step")
        buttons[0].click()
        WebDriverWait(driver, 30, poll_frequency=0.05).until(lambda d: d.execute_script("return document.body.dataset.step") != step)
    time.sleep(0.3)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "docs" / "images"))
    parser.add_argument("--steps", type=int, default=12, help="your moves before the shot (default 12)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    driver = browser()
    try:
        for game in kumite.games():
            driver.get(link(base, game))
            play_some(driver, args.steps)
            path = out / f"viewer-{game}.png"
            driver.save_screenshot(str(path))
            print(f"wrote {path}")
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

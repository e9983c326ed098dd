"""What the games' texts tell a player (issue 54, "the rules where people play"): a card reads one
way wherever it is, and the shop says who left it and why a player is back in it. Tekken's
choices with their card's words and the terminal's how-to are in tests/test_terminal.py, the
browser's in tests/test_play_page_text.py."""

from __future__ import annotations

import random
import re

import kumite

# Senjutsu's compact card notation (content files): hexes as F, FL, F.F..., wounds as F:2.
NOTATION = re.compile(r"\b(?:F|FL|FR|B|BL|BR|C)(?:[.:]\w+)*\b")


def all_words(state: kumite.State) -> dict[str, str]:
    """Every face-up card's words, by name, from the view that sees everything."""
    return {str(c["name"]): str(c["words"]) for z in state.view(None)["zones"] for c in z.get("cards") or []
            if c.get("name") and c.get("words")}


def test_a_senjutsu_card_reads_the_same_in_hand_and_on_the_table() -> None:
    """Issue 54: "a hand card reads "attack front (2 wounds)", the same card revealed "attack
    F:2" — one notation." A revealed card, an instant and an attack read in the hand's words."""
    game = kumite.load("senjutsu", players=3)
    reveals = attacks = 0
    for seed in range(3):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and reveals < 60:
            words = all_words(state)
            for line in (str(e) for e in state.apply_with_events(rng.choice(state.legal_actions()))):
                card = re.match(r"P\d (?:reveals|plays the instant) (.+?): (.*)$", line)
                if card:
                    reveals += 1
                    assert card.group(2) == words[card.group(1)], line
                if " attacks " in line:
                    attacks += 1
                if card or " attacks " in line:
                    assert not NOTATION.search(line), line
    assert reveals >= 60 and attacks >= 10, (reveals, attacks)


def play(state: kumite.State, text: str) -> list[str]:
    action = next(a for a in state.legal_actions() if state.action_to_string(a).startswith(text))
    return [str(e) for e in state.apply_with_events(action)]


def test_the_shop_says_who_left_and_why_a_player_is_back() -> None:
    """Issue 54: ""leave the shop" prints no event, and a player returned to the shop after a
    teammate bought is not told why (FF-3.6's order-free shop): say it." """
    state = kumite.load("fatal_fight", players=2).new_state(seed=7)
    first = state.current_player
    assert first is not None and state.view(first)["status"].startswith(f"P{first} shops")
    events = play(state, "leave the shop")
    assert events == [f"P{first} leaves the shop (it closes once every player has left in a row)"]
    other = state.current_player
    assert other == 1 - first
    events = play(state, "buy ")
    assert len(events) == 2 and events[0].startswith(f"P{other} buys ")
    assert events[1] == (f"P{first} may shop again: the shop is shared and order-free, so it closes only once every "
                         "player has left it in a row (FF-3.6)")
    play(state, "leave the shop")
    assert state.current_player == first  # back in the shop, and told why above
    events = play(state, "leave the shop")
    assert events[0] == f"P{first} leaves the shop: everyone has left in a row, so it closes", events

"""Text people read (events, renders, errors) says things in words: no debug formatting, no
internal ids, plurals that agree, and a problem found many times reported once with its count."""

from __future__ import annotations

import random
import re

import pytest

import kumite

# What the issue found, and the debug shapes behind it: a Rust `Debug` struct or list, a bool
# printed as such, content keys with underscores, a count that does not agree.
BAD = [
    # ("push 1 hits the air" is a verb.)
    (re.compile(r"\b1 (cards|wounds|enemies)\b|\b1 hits\b(?! the)"), "a plural after 1"),
    (re.compile(r"game over \["), "returns as a list"),
    (re.compile(r"\{ \w+: "), "a Debug struct"),
    (re.compile(r": (true|false)\b"), "a bool"),
    (re.compile(r"\b[a-z]+_[a-z_]+ kamae\b|kamae [a-z]+_[a-z_]+"), "a kamae key"),
    (re.compile(r"\buses (strip_guard|damage_all|pierce_all|damage_line|summon)\b"), "a boss skill id"),
    (re.compile(r"gimmick none"), "an empty gimmick"),
    (re.compile(r"mass \[\d"), "mass damage as a list"),
]


def texts(name: str, seed: int, **options: object) -> list[str]:
    game = kumite.load(name, **options)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    out: list[str] = []
    for step in range(game.max_game_length):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        out.append(state.action_to_string(action))
        out.extend(str(e) for e in state.apply_with_events(action))
        if step % 7 == 0:
            out.append(state.render())
            out.append(state.information_state_string(0))
    out.append(state.render())
    return out


@pytest.mark.parametrize(
    "name, options",
    [("tekken", {}), ("fatal_fight", {"players": 3}), ("fatal_fight", {"start_stage": 4}), ("senjutsu", {"players": 3}), ("ufs", {})],
)
def test_game_text_has_no_debug_shapes(name: str, options: dict[str, object]) -> None:
    for seed in range(6):
        for text in texts(name, seed, **options):
            for pattern, what in BAD:
                assert not pattern.search(text), f"{what} in {name} text: {text!r}"


def test_senjutsu_game_over_reads_as_returns() -> None:
    game = kumite.load("senjutsu")
    rng = random.Random(2)
    state = game.new_state(seed=2)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    first = state.render().splitlines()[0]
    assert re.search(r"game over: P0 [+-]\d+, P1 [+-]\d+$", first), first


def test_a_problem_found_many_times_is_reported_once() -> None:
    with pytest.raises(kumite.CardDataError) as e:
        kumite.ufs_validate_deck(["zzz"] * 60)
    problems = [p for p in e.value.problems if p["card"] == "zzz"]
    assert len(problems) == 1 and problems[0]["reason"].endswith("(60 times)"), problems
    assert str(e.value).count("zzz") == 1

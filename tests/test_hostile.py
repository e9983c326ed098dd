"""Bad input never crashes the process, never corrupts a state, and always gets a clear kumite
error: random bytes and mangled JSON states, records with bad actions, options of the wrong
type, and absurd integers where actions, players and seeds go."""

from __future__ import annotations

import json
import math
import os
from typing import Any

import pytest
from conftest import GAME_NAMES, play_to
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kumite

# `make hostile` runs these with KUMITE_HOSTILE_SCALE times the examples.
SCALE = int(os.environ.get("KUMITE_HOSTILE_SCALE", "1"))
HOSTILE = settings(max_examples=150 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# A few real states per game to mangle: the start, mid-game, and the end.
SAMPLES: dict[str, list[str]] = {}


def samples(name: str) -> list[str]:
    if name not in SAMPLES:
        game = kumite.load(name)
        SAMPLES[name] = [play_to(game, seed, steps).to_json() for seed, steps in [(1, 0), (2, 30), (3, 120), (4, 10**6)]]
    return SAMPLES[name]


def check_usable(state: kumite.State) -> None:
    """A state that loaded must behave like any other: every query works and play goes on."""
    game = state.game
    for p in range(game.num_players):
        state.observation(p)
        state.information_state_string(p)
    state.render()
    state.returns()
    assert game.state_from_json(state.to_json()) == state
    for _ in range(20):
        legal = state.legal_actions()
        assert sorted(legal) == legal
        if not legal:
            break
        state.apply(legal[len(legal) // 2])


def load_or_deserialization_error(game: kumite.Game, text: str | bytes) -> None:
    try:
        state = game.state_from_json(text)
    except kumite.DeserializationError as e:
        assert e.reason
        assert e.problems and "; ".join(e.problems) == e.reason
        return
    check_usable(state)


def test_a_state_reports_every_problem_it_has() -> None:
    """The loader lists every problem of a state, each on its own, not only the first."""
    game = kumite.load("tekken")
    doc = json.loads(game.new_state(0).to_json())
    for fighter in doc["state"]["fighters"]:
        fighter["hp"] = 99
    with pytest.raises(kumite.DeserializationError) as caught:
        game.state_from_json(json.dumps(doc))
    assert caught.value.problems == [
        "player 0's hp 99 is above the starting 20",
        "player 1's hp 99 is above the starting 20",
    ]


# ---------------------------------------------------------------------------------------------
# JSON states


@pytest.mark.parametrize("name", GAME_NAMES)
@HOSTILE
@given(data=st.binary(max_size=4000))
def test_random_bytes(name: str, data: bytes) -> None:
    game = kumite.load(name)
    with pytest.raises(kumite.DeserializationError):
        game.state_from_json(data)
    with pytest.raises(kumite.DeserializationError):
        game.state_from_json(data.decode("utf-8", "replace"))


@pytest.mark.parametrize("name", GAME_NAMES)
@HOSTILE
@given(which=st.integers(0, 3), cut=st.floats(0, 1, exclude_max=True))
def test_truncated_json(name: str, which: int, cut: float) -> None:
    text = samples(name)[which]
    with pytest.raises(kumite.DeserializationError):
        kumite.load(name).state_from_json(text[: int(len(text) * cut)])


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.sampled_from([0, 1, -1, 255, 256, 65535, 65536, 2**31, 2**32, 2**63 - 1, 2**64 - 1])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=10,
)


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every position in a JSON document, the root excluded."""
    out = []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.append(prefix + (k,))
            out += paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.append(prefix + (i,))
            out += paths(v, prefix + (i,))
    return out


def mutate(doc: Any, path: tuple[Any, ...], how: str, value: Any) -> None:
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == "replace":
        parent[key] = value
    elif how == "delete":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif how == "nudge" and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] += 1 if value is None else -1
    elif how == "add" and isinstance(parent, dict):
        parent["unexpected_" + str(key)] = value
    else:
        parent[key] = value


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=1000 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_json(name: str, data: st.DataObject) -> None:
    """Edited states either load into a fully usable state or raise DeserializationError."""
    game = kumite.load(name)
    doc = json.loads(data.draw(st.sampled_from(samples(name)), label="sample"))
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        all_paths = paths(doc)
        if not all_paths:
            break
        path = data.draw(st.sampled_from(all_paths), label="path")
        how = data.draw(st.sampled_from(["replace", "delete", "duplicate", "nudge", "add"]), label="how")
        mutate(doc, path, how, data.draw(JSON_VALUES, label="value"))
    load_or_deserialization_error(game, json.dumps(doc))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_pathological_json(name: str) -> None:
    game = kumite.load(name)
    deep = "[" * 100_000 + "]" * 100_000
    for text in [deep, '{"a":' * 50_000, "9" * 100_000, '"' + "x" * 1_000_000 + '"', "\x00", "\ud800"]:
        with pytest.raises(kumite.DeserializationError):
            game.state_from_json(text)
    doc = json.loads(samples(name)[1])
    for key in [k for k in doc if k != "seed"]:  # seed may be absent: determinized states have none
        broken = dict(doc)
        del broken[key]
        with pytest.raises(kumite.DeserializationError):
            game.state_from_json(json.dumps(broken))
    for key, value in [("version", 999), ("game", "not_a_game"), ("history", [10**6]), ("history", [-1])]:
        with pytest.raises(kumite.DeserializationError):
            game.state_from_json(json.dumps({**doc, key: value}))


# ---------------------------------------------------------------------------------------------
# The loader's guarantee (docs/states.md): every accepted state plays on. Each case was found by
# hostile input; the Rust regressions are in rust/kumite/tests/loader_cases.rs.


def edited(game: kumite.Game, state: kumite.State, edit: Any) -> str:
    doc = json.loads(state.to_json())
    edit(doc["state"])
    return json.dumps(doc)


def refused(game: kumite.Game, text: str, field: str) -> None:
    with pytest.raises(kumite.DeserializationError, match=field.replace("[", "\\[").replace("]", "\\]")):
        game.state_from_json(text)


def find(game: kumite.Game, want: Any, seeds: int = 200) -> kumite.State:
    """The first state of a random game (seeds 0, 1, ...) whose JSON `want` picks."""
    for seed in range(seeds):
        state = game.new_state(seed=seed)
        rng = __import__("random").Random(seed)
        while True:
            if want(json.loads(state.to_json())["state"]):
                return state
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(rng.choice(legal))
    raise AssertionError("no random game reached the wanted position")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_stalled_rng_is_refused(name: str) -> None:
    # PCG needs an odd increment: state 0 with increment 0 gives 0 forever, and the next shuffle
    # (a new Tekken round, UFS deck-out relief) would never end.
    game = kumite.load(name)
    state = play_to(game, seed=3, steps=20)
    refused(game, edited(game, state, lambda s: s.update(rng={"state": 0, "increment": 0})), "rng.increment")
    check_usable(game.state_from_json(edited(game, state, lambda s: s.update(rng={"state": 0, "increment": 1}))))


def test_tekken_loader_cases() -> None:
    game = kumite.load("tekken")
    mid = find(game, lambda s: s["phase"] == "resolve")
    refused(game, edited(game, mid, lambda s: s["floor"].update(side=2)), "floor.side")
    refused(game, edited(game, mid, lambda s: s["string"].update(extension_from=9999)), "string.extension_from")
    refused(game, edited(game, mid, lambda s: s["string"].update(combos_pending=128)), "string.combos_pending")
    refused(game, edited(game, mid, lambda s: s.update(attacker=1 - s["attacker"])), "slots")
    refused(game, edited(game, mid, lambda s: s["fighters"][0].update(hp=0)), "fighters[0].hp")
    refused(game, edited(game, mid, lambda s: s["fighters"][1].update(punish_tokens=255)), "punish_tokens")
    over = play_to(game, seed=1, steps=10**6)
    refused(game, edited(game, over, lambda s: s.update(result=[5, 5])), "result")


def test_senjutsu_loader_cases() -> None:
    game = kumite.load("senjutsu")
    mid = find(game, lambda s: s["phase"]["phase"] == "resolve" and s["round"] >= 2)
    refused(game, edited(game, mid, lambda s: s["advantage"].__setitem__(0, 33)), "advantage")
    refused(game, edited(game, mid, lambda s: s["stack"][0].update(pushes=[0, 0, 1, 0])), "pushes[2]")
    refused(game, edited(game, mid, lambda s: s["samurai"][0].update(init=200)), "samurai[0].init")
    for phase in ["place", "face", "select", "discard", "instant_declare", "declare"]:
        refused(game, edited(game, mid, lambda s: s.update(phase={"phase": phase, "player": 0})), f"phase {phase}")


def test_fatal_fight_loader_cases() -> None:
    game = kumite.load("fatal_fight")
    turn = find(game, lambda s: isinstance(s["phase"], dict) and "turn" in s["phase"])
    refused(game, edited(game, turn, lambda s: s["mass"].__setitem__(0, 60)), "mass[0]")
    # A player holds 15 cards at the start, so 16 in `played` needs bought cards, which random
    # games rarely reach: `loader_cases.rs` builds that position directly.


def test_ufs_loader_cases() -> None:
    game = kumite.load("ufs")
    over = play_to(game, seed=2, steps=10**6)
    refused(game, edited(game, over, lambda s: s.update(result=[7, 7])), "result")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_records_replay_into_states_that_play_on(name: str) -> None:
    # A record replays from its seed through the rules, so what it gives is reachable: the
    # state, and every state after it, loads again and plays on.
    game = kumite.load(name)
    for seed, steps in [(1, 5), (2, 60), (3, 10**6)]:
        record = play_to(game, seed, steps).to_record()
        check_usable(kumite.from_record(record))


# ---------------------------------------------------------------------------------------------
# Records


@pytest.mark.parametrize("name", GAME_NAMES)
def test_records_with_bad_actions(name: str) -> None:
    game = kumite.load(name)
    state = play_to(game, seed=5, steps=40)
    record = json.loads(state.to_record())
    n = len(record["actions"])
    assert n > 10
    for index in [0, n // 2, n - 1]:
        for bad in [game.num_actions, 65535]:
            broken = {**record, "actions": record["actions"][:index] + [bad] + record["actions"][index + 1 :]}
            with pytest.raises(kumite.DeserializationError, match=f"#{index}"):
                kumite.from_record(json.dumps(broken))
    # An action that exists but is illegal where it is played.
    replay = game.new_state(seed=record["seed"])
    for index, action in enumerate(record["actions"]):
        illegal = next(a for a in range(game.num_actions) if a not in replay.legal_actions())
        broken = {**record, "actions": record["actions"][:index] + [illegal]}
        with pytest.raises(kumite.DeserializationError, match=f"#{index} \\({illegal}\\)"):
            kumite.from_record(json.dumps(broken))
        replay.apply(action)
        if index > 12:
            break
    for actions in [[-1], [2**16], [2**80], ["x"], [1.5], None, "0"]:
        with pytest.raises(kumite.DeserializationError):
            kumite.from_record(json.dumps({**record, "actions": actions}))
    for key, value in [("seed", -1), ("seed", 2**64), ("version", 0), ("options", [])]:
        with pytest.raises(kumite.DeserializationError):
            kumite.from_record(json.dumps({**record, key: value}))
    with pytest.raises(kumite.UnknownGameError):
        kumite.from_record(json.dumps({**record, "game": "not_a_game"}))
    with pytest.raises(kumite.InvalidOptionError):
        kumite.from_record(json.dumps({**record, "options": {"not_an_option": 1}}))


@HOSTILE
@given(data=st.binary(max_size=2000))
def test_random_bytes_as_records(data: bytes) -> None:
    with pytest.raises(kumite.DeserializationError):
        kumite.from_record(data)


# ---------------------------------------------------------------------------------------------
# Options


class Unconvertible:
    pass


def cyclic() -> list[Any]:
    cycle: list[Any] = []
    cycle.append(cycle)
    return cycle


@pytest.mark.parametrize("name", GAME_NAMES)
def test_options_of_wrong_types(name: str) -> None:
    defaults = kumite.load(name).options
    for option, default in defaults.items():
        if isinstance(default, bool):
            wrong: list[Any] = ["yes", 1.5, [True]]
        elif isinstance(default, int):
            wrong = ["3", 1.5, [3], 2**70, -(2**70), True]
        elif isinstance(default, str):
            wrong = [12345, ["x"], True]
        elif isinstance(default, list):
            wrong = [7, "x", [[[]]]]
        elif isinstance(default, dict):
            wrong = [7, "x"]
        else:  # null by default
            wrong = [{"unexpected": [1, 2]}]
        wrong += [Unconvertible(), {1, 2}, math.nan, math.inf, cyclic(), {1: "non-string key"}]
        for value in wrong:
            with pytest.raises(kumite.InvalidOptionError) as info:
                kumite.load(name, **{option: value})
            assert info.value.option == option, (option, value, str(info.value))


def test_tekken_option_values() -> None:
    bad: list[tuple[str, Any]] = [
        ("characters", ("kaito",)),
        ("characters", ("kaito", "rook", "vessa")),
        ("characters", ("kaito", "nobody")),
        ("stage", "nowhere"),
        ("rounds_to_win", 0),
        ("rounds_to_win", 6),
        ("hp", -1),
        ("hp", 1),
        ("hp", 256),
        ("hand_size", 99),
        ("first_attacker", 2),
        ("first_attacker", -1),
        ("content_dir", "/nonexistent/kumite/content"),
    ]
    for option, value in bad:
        with pytest.raises(kumite.InvalidOptionError) as info:
            kumite.load("tekken", **{option: value})
        assert info.value.option == option, (option, value, str(info.value))


# ---------------------------------------------------------------------------------------------
# Absurd integers

ABSURD = [-1, -(2**15), 2**15, 2**16, 2**31, -(2**31) - 1, 2**63 - 1, -(2**63), 2**63, 2**64, 2**1000, -(2**1000)]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_absurd_actions(name: str) -> None:
    game = kumite.load(name)
    state = play_to(game, seed=3, steps=20)
    before = state.clone()
    for action in ABSURD + [game.num_actions, 65535]:
        for apply in (state.apply, state.apply_with_events, state.action_to_string):
            with pytest.raises(kumite.IllegalActionError) as info:
                apply(action)
            assert info.value.action == action
        assert state == before


@pytest.mark.parametrize("name", GAME_NAMES)
@HOSTILE
@given(action=st.integers() | st.text(max_size=40))
def test_any_action_is_played_or_refused(name: str, action: int | str) -> None:
    game = kumite.load(name)
    state = play_to(game, seed=4, steps=15)
    before = state.clone()
    legal = state.legal_actions()
    try:
        state.apply(action)
    except kumite.IllegalActionError:
        assert state == before
        assert action not in legal
    else:
        assert state != before
        assert state.history()[-1] in legal


@pytest.mark.parametrize("name", GAME_NAMES)
def test_absurd_players(name: str) -> None:
    game = kumite.load(name)
    state = game.new_state(seed=1)
    for player in ABSURD + [game.num_players]:
        for call in (state.observation, state.information_state_string, lambda p: state.determinize(p, 1)):
            with pytest.raises(kumite.InvalidPlayerError) as info:
                call(player)
            assert info.value.player == player
            assert str(player) in str(info.value)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_absurd_seeds_and_counts(name: str) -> None:
    game = kumite.load(name)
    assert game.new_state(seed=2**64 - 1).seed == 2**64 - 1
    for seed in [-1, 2**64, 2**1000, -(2**1000)]:
        with pytest.raises(ValueError):
            game.new_state(seed=seed)
        with pytest.raises(ValueError):
            game.new_state(seed=1).determinize(0, seed)
        with pytest.raises(ValueError):
            kumite.rollout(game, 1, seed=seed)
        with pytest.raises(ValueError):
            kumite.conformance(game, games=1, seed=seed)
    for count in [-1, -(2**70), 2**70]:
        with pytest.raises(ValueError):
            kumite.rollout(game, count)
        with pytest.raises(ValueError):
            kumite.rollout(game, 1, threads=count)
        with pytest.raises(ValueError):
            kumite.conformance(game, games=count)
    with pytest.raises(TypeError):
        game.new_state(seed=1.0)  # type: ignore[arg-type]
    # Results that cannot fit in memory are refused up front, not a crash.
    with pytest.raises(MemoryError):
        kumite.rollout(game, 2**50)

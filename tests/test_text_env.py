"""The text environment (`kumite.envs.text`, issue 54: "observation and action as text,
Gymnasium-style reset and step, that evaluation harnesses can wrap"): full games of every game
played by a policy that answers with the choices' texts, the three illegal-answer policies,
numbered answers, seeding, the run bound and bad arguments."""

from __future__ import annotations

import random

import pytest

import kumite
from kumite.envs.text import IllegalText, TextEnv


def play_out(env: TextEnv, seed: int, answer_seed: int = 0) -> tuple[list[str], float, bool, bool, dict]:
    """Plays a whole episode answering with a random choice's text; returns the observations."""
    obs, info = env.reset(seed=seed)
    rng = random.Random(answer_seed)
    seen = [obs]
    reward, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        assert info["legal_actions"], obs
        # Every choice is listed in the observation, numbered, as it is answered.
        for i, text in enumerate(info["legal_actions"]):
            assert f"  {i}) {text}" in obs
        obs, reward, terminated, truncated, info = env.step(rng.choice(info["legal_actions"]))
        seen.append(obs)
    return seen, reward, terminated, truncated, info


@pytest.mark.parametrize("name", kumite.games())
@pytest.mark.parametrize("seat", [0, 1])
def test_a_text_policy_plays_every_game_to_its_end(name: str, seat: int) -> None:
    env = TextEnv(name, "random", seat=seat)
    seen, reward, terminated, truncated, info = play_out(env, seed=11)
    state = env.state
    assert state is not None and state.is_terminal() and terminated and not truncated
    assert reward == pytest.approx(float(state.returns()[seat]))
    assert info["returns"] == pytest.approx([float(r) for r in state.returns()])
    assert info["legal_actions"] == [] and env.over
    assert "The game is over" in seen[-1] and f"you are P{seat}" in seen[0]
    # The seat is told what its opponents showed, never their action texts.
    assert any("Since your last move:" in o for o in seen[1:])
    # The record replays to the same end.
    assert kumite.from_record(state.to_record()) == state


def test_the_same_seed_and_answers_give_the_same_episode() -> None:
    a, *_ = play_out(TextEnv("senjutsu", "random", seat=1), seed=5)
    b, *_ = play_out(TextEnv("senjutsu", "random", seat=1), seed=5)
    assert a == b
    env = TextEnv("tekken", ["mcts:5"])
    first, _ = env.reset(seed=3)
    env.reset()
    assert env.reset(seed=3)[0] == first


def test_an_illegal_answer_is_retried_by_default_with_why_and_the_choices() -> None:
    """Issue 54: "an illegal one answered with why and the legal list"."""
    env = TextEnv("tekken", "random", seat=0)
    obs, info = env.reset(seed=2)
    state = env.state
    assert state is not None
    before = state.to_json()
    obs2, reward, terminated, truncated, info2 = env.step("play Palm")
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert state.to_json() == before and info2["legal_actions"] == info["legal_actions"]
    assert obs2.startswith(obs.split("\n")[0]) and "Not played: 'play Palm' is not one of your choices now" in obs2
    assert "to choose a rage card" in info2["error"]
    for text in info["legal_actions"]:
        assert text in info2["error"]
    assert info2["illegal_action"] == "play Palm" and info2["illegal_answers"] == 1
    # The answer is then played as usual.
    env.step(info["legal_actions"][0])
    assert state.to_json() != before


def test_a_near_miss_names_the_closest_choice_and_a_held_card_says_why_it_is_not_one() -> None:
    env = TextEnv("tekken", "random", seat=0)
    env.reset(seed=2)
    while True:  # to the first step that plays a card from the hand
        legal = env.legal_actions()
        if any(t.startswith("play ") for t in legal):
            break
        env.step(legal[0])
    state = env.state
    assert state is not None
    held = [c["name"] for z in state.view(0)["zones"] if z["id"] == "p0.hand" for c in z["cards"]]
    playable = [t for t in legal if t.startswith("play ")]
    with pytest.raises(IllegalText) as e:
        env.illegal = "raise"
        env.step(playable[0].upper() + "!")
    assert f"Closest: {playable[0]!r}" in str(e.value)
    assert e.value.legal == legal
    not_held = [n for n in held if not any(n in t for t in legal)]
    if not_held:
        with pytest.raises(IllegalText, match=f"{not_held[0]}: "):
            env.step(f"play {not_held[0]}")


def test_lose_and_raise_policies() -> None:
    env = TextEnv("ufs", "random", illegal="lose")
    env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step("resign")
    assert (reward, terminated, truncated) == (-1.0, True, False) and info["returns"][0] == -1.0
    assert "the game is lost" in obs and env.over
    with pytest.raises(RuntimeError, match="over"):
        env.step("anything")
    env = TextEnv("ufs", "random", illegal="raise")
    env.reset(seed=1)
    with pytest.raises(IllegalText) as e:
        env.step("resign")
    assert isinstance(e.value, ValueError) and e.value.text == "resign" and e.value.legal == env.legal_actions()


def test_choices_are_answered_by_text_in_any_case_by_number_or_both() -> None:
    env = TextEnv("fatal_fight", "random")
    env.reset(seed=4)
    state = env.state
    assert state is not None
    for form in ("{i}", "{i}) {t}", "  {T}  "):
        legal = env.legal_actions()
        i = len(legal) - 1
        expected = state.history() + [state.legal_actions()[i]]
        env.step(form.format(i=i, t=legal[i], T=legal[i].upper()))
        assert state.history()[: len(expected)] == expected


def test_choices_carry_the_text_of_the_cards_they_name() -> None:
    """Issue 54: "the legal actions with their explanations"."""
    env = TextEnv("tekken", "random")
    obs, info = env.reset(seed=2)
    assert info["legal_actions"][0].startswith("rage card ")
    line = next(x for x in obs.splitlines() if x.startswith("  0) rage card"))
    name = info["legal_actions"][0].removeprefix("rage card ")
    assert f"— {name}: " in line and "strike" in line


def test_the_run_bound_truncates() -> None:
    env = TextEnv("senjutsu", "random", max_steps=12)
    obs, info = env.reset(seed=0)
    truncated = False
    while not truncated:
        obs, reward, terminated, truncated, info = env.step(info["legal_actions"][0])
        assert not terminated
    assert env.steps == 12 and "The run was cut after 12 actions" in obs and "returns" in info


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"seat": 2}, "seat 2 is not a seat of tekken"),
        ({"opponents": ["random", "random"]}, "has 1 other seat"),
        ({"opponents": "mcts:x"}, "unknown bot 'mcts:x'"),
        ({"illegal": "ignore"}, "illegal must be one of"),
        ({"hp": -3}, "hp"),
    ],
)
def test_bad_arguments_are_value_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TextEnv("tekken", **kwargs)


def test_opponents_one_per_seat_and_bot_objects() -> None:
    env = TextEnv("senjutsu", ["random", kumite.RandomBot(3), "mcts:3"], seat=2, players=4)
    _, info = env.reset(seed=1)
    assert info["to_move"] == 2 and len(env.bots) == 3
    with pytest.raises(TypeError):
        TextEnv("tekken", [object()])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)

"""The conformance suite, twice: the engine's own (in Rust) run through the binding, and a
per-step check written here in Python against the public API, so the binding's copies, pickles
and arrays are checked too.

`cargo test` runs the engine's suite at full size (10,000 random games per configuration) on
every game; here it runs on other seeds at a tenth of that size, to show the binding reaches it
(as a user's `content_dir` would). `make soak` runs it here at full size too (the `slow` mark).
Then the secret-choice and seat-fairness checks through the binding, on default and on a
user's content."""

from __future__ import annotations

import pathlib
import pickle
import random
from typing import Any

import numpy as np
import pytest

import kumite

# Every game with its default options, plus the variants whose rules differ most.
CONFIGS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in kumite.games()]
if "tekken" in kumite.games():
    CONFIGS += [("tekken", {"heat": False}), ("tekken", {"stage": "moonlit_dojo"})]


def _config_id(config: tuple[str, dict[str, Any]]) -> str:
    name, options = config
    return "-".join([name] + [f"{k}={v}" for k, v in options.items()])


@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_engine_conformance_suite(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = kumite.load(name, **options)
    checked = kumite.conformance(game, games=1_000, seed=1, deep_games=30)
    assert checked > 1_000


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_engine_conformance_suite_full_size(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = kumite.load(name, **options)
    checked = kumite.conformance(game)  # 10,000 games, the first 300 with the deep checks
    assert checked > 10_000


PY_GAMES = 100


@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_python_per_step_conformance(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = kumite.load(name, **options)
    players = range(game.num_players)
    for g in range(PY_GAMES):
        seed = 1000 + g
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        step = 0

        def where() -> str:
            return f"{_config_id(config)}, game seed {seed}, step {step}"

        while True:
            legal = state.legal_actions()
            assert legal == sorted(set(legal)), where()
            assert np.flatnonzero(state.legal_action_mask()).tolist() == legal, where()
            assert (state.current_player is None) == (not legal) == state.is_terminal(), where()

            assert pickle.loads(pickle.dumps(state)) == state, where()
            assert game.state_from_json(state.to_json()) == state, where()

            for p in players:
                obs = state.observation(p)
                assert obs.dtype == np.float32 and obs.shape == game.observation_shape, where()
                assert np.isfinite(obs).all(), where()
                info = state.information_state_string(p)
                other = state.determinize(p, rng.randrange(2**64))
                assert np.array_equal(other.observation(p), obs), f"{where()}: player {p}'s observation"
                assert other.information_state_string(p) == info, f"{where()}: player {p}'s info string"

            illegal = next((a for a in range(game.num_actions) if a not in set(legal)), None)
            for bad in [illegal, game.num_actions]:
                if bad is None:
                    continue
                before = state.clone()
                with pytest.raises(kumite.IllegalActionError):
                    state.apply(bad)
                assert state == before, f"{where()}: illegal action {bad} changed the state"

            if not legal:
                break
            if step >= game.max_game_length:
                # The run's bound: a defect where the rules are said to end every game within
                # it, otherwise a truncated run (every check above ran up to here).
                assert not game.length_bounded_by_rules, f"{where()}: longer than max_game_length"
                break
            state.apply(rng.choice(legal))
            step += 1

        returns = state.returns()
        assert returns.shape == (game.num_players,) and np.isfinite(returns).all(), where()
        assert kumite.from_record(state.to_record()) == state, where()


# The games whose rules hide a choice from the other players (face-down cards, secret choices).
SECRET_GAMES = {"tekken", "senjutsu", "fatal_fight"}


@pytest.mark.parametrize("name", kumite.games())
def test_every_secret_choice_stays_hidden(name: str) -> None:
    """Every alternative of each secret decision looks the same to the players it is hidden
    from, up to what the rules reveal (raises ConformanceError otherwise)."""
    tally = kumite.check_secrets(kumite.load(name), games=4, seed=5)
    assert set(tally) == {"decisions", "reveals", "unseen"}
    assert (tally["decisions"] > 0) == (name in SECRET_GAMES), tally


@pytest.mark.parametrize("name", kumite.games())
def test_mirror_seats_are_fair_in_random_play(name: str) -> None:
    """The bounded check of `make test`: 2,000 random games per seating, tolerance for fewer
    than 1 false alarm in 1,000 runs."""
    rows = kumite.check_seats(kumite.load(name), games=2000, seed=9)
    assert all(not r["failures"] for r in rows)
    # A cooperative game (Fatal Fight) has no seating: every seat shares one result.
    assert bool(rows) == (name != "fatal_fight")
    for r in rows:
        assert len(r["shares"]) == r["players"] and abs(sum(r["shares"]) - r["players"] / len(set(r["sides"]))) < 1e-9


def test_a_users_content_gets_its_own_mirror(tmp_path: pathlib.Path) -> None:
    from test_content import renamed_kaito

    (tmp_path / "characters").mkdir()
    (tmp_path / "characters/ronin.toml").write_text(renamed_kaito("ronin"))
    game = kumite.load("tekken", content_dir=str(tmp_path))
    rows = kumite.check_seats(game, games=300, seed=1)
    assert "ronin against ronin" in [r["seating"] for r in rows]
    assert kumite.check_secrets(game, games=2)["decisions"] > 0


def test_seat_table_under_mcts_and_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from kumite import cli

    rows = kumite.seat_shares(kumite.load("tekken", rounds_to_win=1), games=4, mcts_iterations=8)
    assert {r["play"] for r in rows} == {"mcts:8"} and all(r["games"] == 4 for r in rows)
    assert cli.main(["seats", "ufs", "--games", "200", "--mcts", "4", "--mcts-games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("| seating | play | games | draws | seat 0 | seat 1 | edge |")
    assert "| brann against brann | random | 200 |" in out and "| brann against brann | mcts:4 | 2 |" in out


@pytest.mark.parametrize("name", kumite.games())
def test_dead_text_reports_every_printed_effect_of_the_cards_in_play(name: str) -> None:
    # The dead-text check through the binding: every printed effect listed once with its rate;
    # the engine's tests run it at full size over option sets that hold every shipped card.
    report = kumite.dead_text(kumite.load(name), games=200, mcts_games=0, seed=3)
    assert report["games"] == 200
    effects = report["effects"]
    assert effects and len({(e["card"], e["index"]) for e in effects}) == len(effects)
    assert all(0 <= e["games"] <= 200 and e["times"] >= e["games"] for e in effects)
    assert report["dead"] == [e for e in effects if e["times"] == 0]
    assert sum(e["games"] > 0 for e in effects) > len(effects) // 2
    with pytest.raises(ValueError, match="mcts_iterations"):
        kumite.dead_text(kumite.load(name), games=1, mcts_iterations=0)


def test_dead_text_from_the_cli_and_big_vinnies_fixed_skill(capsys: pytest.CaptureFixture[str]) -> None:
    # Big Vinnie printed `summon 1`, which never took effect: stage 1's enemy pile is always
    # empty when he appears (FFX-13), so the dead-text check found it; he now deals 1 on his line.
    from kumite import cli

    report = kumite.dead_text(kumite.load("fatal_fight", players=1), games=100, mcts_games=0, seed=1)
    keys = {(e["card"], e["index"]) for e in report["effects"]}
    assert ("boss big_vinnie", 1) in keys
    row = next(e for e in report["effects"] if e["card"] == "boss big_vinnie" and e["index"] == 1)
    assert row["text"] == "damage_line 1"
    status = cli.main(["dead-text", "tekken", "--games", "300", "--mcts-games", "0"])
    out = capsys.readouterr()
    assert out.out.startswith("| card | # | effect | games it took effect in | times |")
    assert status == (1 if "dead: " in out.err else 0)
    assert cli.main(["dead-text", "tekken", "--games", "5", "--mcts-games", "0", "--json"]) in (0, 1)
    assert '"effects"' in capsys.readouterr().out

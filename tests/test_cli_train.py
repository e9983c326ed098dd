"""`kumite train`'s flags are TrainConfig's fields (issue 53: "Training settings from one
source"): every flag a field's, with the field's default and help, and the flag names of before."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from kumite import cli, training
from kumite.training import TrainConfig

# Every flag `kumite train` took before its flags were generated from TrainConfig, and the ones added
# since (`--warmup-simulations`, `--opponent`, `--opponent-share`, `--schedule`, `--truncated-values`, `--value-weight`).
FLAGS = ["--budget", "--simulations", "--gumbel", "--warmup", "--warmup-simulations", "--warmup-priors", "--warmup-values", "--value-shaped", "--value-mix",
         "--leaf-mix", "--value-td", "--truncated-values", "--value-weight", "--opponent", "--opponent-share", "--iterations", "--hidden", "--blocks", "--games-per-iteration", "--eval-every",
         "--eval-games", "--schedule", "--init", "--seed", "--checkpoint-minutes"]


def parsed(monkeypatch: pytest.MonkeyPatch, *flags: str) -> argparse.Namespace:
    """What `kumite train tekken --out runs/t FLAGS` parses to (the run itself left out)."""
    seen: list[argparse.Namespace] = []

    def train(args: argparse.Namespace) -> int:
        seen.append(args)
        return 0

    monkeypatch.setattr(cli, "train", train)
    assert cli.main(["train", "tekken", "--out", "runs/t", *flags]) == 0
    return seen[0]


def test_the_flags_are_the_flagged_fields_and_their_defaults_are_the_fields(monkeypatch: pytest.MonkeyPatch) -> None:
    assert sorted(training.flag_name(f, flag) for f, flag in training.flagged()) == sorted(FLAGS)
    args = parsed(monkeypatch)
    # Besides the settings: what the run is of, where it goes, and whether it resumes.
    assert set(vars(args)) - {f.name for f, _ in training.flagged()} == {
        "command", "argv", "game", "out", "option", "resume"}
    assert training.from_flags(args, game="tekken", out="runs/t") == TrainConfig(game="tekken", out="runs/t")


def test_every_flag_reaches_its_field(monkeypatch: pytest.MonkeyPatch) -> None:
    args = parsed(monkeypatch, "--budget", "5", "--simulations", "4", "--gumbel", "0", "--warmup", "0.5",
                  "--warmup-simulations", "2", "--warmup-priors", "--warmup-values", "heuristic", "--value-mix", "0.25", "--truncated-values", "search", "--value-weight", "0.1", "--leaf-mix", "0.75",
                  "--opponent", "mcts:40:heuristic", "--opponent-share", "0.25", "--iterations", "3", "--hidden", "8", "--blocks", "0", "--games-per-iteration", "2",
                  "--eval-every", "1", "--eval-games", "0", "--schedule", "2:simulations=8;4:leaf_mix=none", "--init", "shipped",
                  "--seed", "7", "--checkpoint-minutes", "0")
    assert training.from_flags(args, game="tekken", out="runs/t") == TrainConfig(
        game="tekken", out="runs/t", budget_minutes=5.0, simulations=4, gumbel=None, warmup=0.5, warmup_simulations=2,
        warmup_priors=True,
        warmup_values="heuristic", value_mix=0.25, truncated_values="search", value_weight=0.1, leaf_mix=0.75, opponent="mcts:40:heuristic", opponent_share=0.25, iterations=3, hidden=8, blocks=0,
        games_per_iteration=2, eval_every=1, eval_games=0, schedule="2:simulations=8;4:leaf_mix=none", init="shipped",
        seed=7, checkpoint_minutes=0.0)


@pytest.mark.parametrize("flags", [["--warmup", "2"], ["--value-mix", "-0.1"], ["--leaf-mix", "0"], ["--gumbel", "70000"],
                                   ["--simulations", "0"], ["--warmup-simulations", "0"], ["--eval-games", "-1"], ["--seed", "-1"],
                                   ["--warmup-values", "net"], ["--truncated-values", "outcome"], ["--value-weight", "-1"], ["--value-weight", "inf"], ["--budget", "soon"], ["--opponent", "az:40"],
                                   ["--opponent", "mcts:0"], ["--opponent-share", "0"], ["--opponent-share", "1.5"]])
def test_a_bad_value_is_a_usage_error(flags: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["train", "tekken", "--out", "runs/t", *flags])
    assert exit.value.code == 2 and f"argument {flags[0]}" in capsys.readouterr().err


def test_the_help_is_the_fields_help_with_their_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["train", "--help"])
    text = re.sub(r"\s+", " ", capsys.readouterr().out)
    for f, flag in training.flagged():
        assert flag.help in text, f.name
    for shown in ("training time (default 60)", "0 for PUCT (default 16)", "(default 1: all of it; 0 is AlphaZero's "
                  "recipe)", "(default playout)", "(default 0: the outcome alone)", "(default: the net alone)",
                  "the network's width (default 128)", "residual blocks (default 2)", "on Ctrl-C (default 10)",
                  "(default: random weights)"):
        assert shown in text, shown


def test_the_defaults_the_agents_guide_states_are_trainconfigs() -> None:
    """The guide names a few defaults in its prose ("every `--eval-every` (5) iterations",
    "Defaults: 128 hidden units, 2 blocks"): they are the fields' (the one source)."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "agents.md").read_text()
    defaults = {training.flag_name(f, flag): f.default for f, flag in training.flagged()}
    stated = re.findall(r"`(--[a-z-]+)` \((\d+)\)", text)
    assert stated, "the guide states no default"
    for flag, value in stated:
        assert float(value) == defaults[flag], flag
    hidden, blocks = re.findall(r"Defaults: (\d+) hidden units, (\d+) blocks", text)[0]
    assert (int(hidden), int(blocks)) == (TrainConfig.hidden, TrainConfig.blocks)

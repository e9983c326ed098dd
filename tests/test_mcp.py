"""`kumite mcp` (issue 54: "a Model Context Protocol server over stdio ... Tests drive the server
with the mcp package's own client over stdio and play full games of all four games (a scripted
policy choosing legal actions by text), plus bad calls (unknown match, illegal text, wrong seat)",
and "hidden information stays hidden (the conformance secret checks run over what the server
sends a seat)")."""

from __future__ import annotations

import asyncio
import collections
import json
import random
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.types import CallToolResult, TextContent

import kumite
from kumite.envs.text import TextEnv
from kumite.mcp_server import Match

# The command a desktop client runs (docs/mcp.md), through the module so the test needs no script.
SERVER = StdioServerParameters(command=sys.executable, args=["-m", "kumite.cli", "mcp"])
CHOICE = re.compile(r"  (\d+)\) (.*)")


def run(session: Callable[[Client], Awaitable[None]]) -> None:
    async def main() -> None:
        async with Client(SERVER) as client:
            await session(client)

    asyncio.run(main())


def text(result: CallToolResult) -> str:
    block = result.content[0]
    assert isinstance(block, TextContent)
    return block.text


def choices(observation: str) -> list[str]:
    """The choices as the text lists them (each with the text of the card it names, if any)."""
    return [m[2].split("  — ")[0] for m in map(CHOICE.fullmatch, observation.splitlines()) if m]


async def ok(client: Client, tool: str, **arguments: Any) -> CallToolResult:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, text(result)
    return result


def test_a_scripted_policy_plays_all_four_games_at_once_over_stdio() -> None:
    """Four matches at once, one per game, each answered by its text until it ends; then each
    match's result and record, which replays to the same returns."""

    async def session(client: Client) -> None:
        tools = {t.name for t in (await client.list_tools()).tools}
        assert tools == {"list_games", "start_match", "observe", "act", "result", "list_matches"}
        listed = (await ok(client, "list_games")).structured_content
        assert [g["name"] for g in listed["games"]] == kumite.games()
        assert listed["games"][0]["options"] == kumite.load("tekken").options

        rng = random.Random(0)
        live: dict[str, str] = {}
        for seat, game in enumerate(kumite.games()):
            seat %= 2
            start = await ok(client, "start_match", game=game, seat=seat, opponents=["random"], seed=7)
            data = start.structured_content
            assert data["seat"] == seat and data["game"] == game and data["to_move"] == seat
            assert f"you are P{seat}" in text(start)
            live[data["match_id"]] = text(start)
        assert len(live) == 4
        listed_matches = (await ok(client, "list_matches")).structured_content["matches"]
        assert [m["match_id"] for m in listed_matches] == list(live)
        finished: dict[str, dict[str, Any]] = {}
        while live:
            for match_id in list(live):  # one move in each match in turn
                options = choices(live[match_id])
                assert options, live[match_id]
                played = await ok(client, "act", match_id=match_id, action=rng.choice(options))
                data = played.structured_content
                assert choices(text(played)) == data["legal_actions"]
                if data["over"]:
                    assert "The game is over" in text(played)
                    finished[match_id] = data
                    del live[match_id]
                else:
                    live[match_id] = text(played)
        for match_id, data in finished.items():
            again = await ok(client, "observe", match_id=match_id)
            assert again.structured_content["over"] and "The game is over" in text(again)
            outcome = (await ok(client, "result", match_id=match_id)).structured_content
            assert outcome["over"] and not outcome["truncated"] and outcome["returns"] == data["returns"]
            state = kumite.from_record(json.dumps(outcome["record"]))
            assert state.is_terminal() and [float(r) for r in state.returns()] == outcome["returns"]
            assert state.game.name == outcome["game"] and outcome["record"]["seed"] == 7

        # The how-to pages and rules docs are resources.
        uris = {str(r.uri) for r in (await client.list_resources()).resources}
        assert {f"kumite://howto/{g}" for g in kumite.games()} <= uris
        assert {f"kumite://rules/{g}" for g in kumite.games()} <= uris
        howto = (await client.read_resource("kumite://howto/senjutsu")).contents[0]
        assert getattr(howto, "text", "").startswith("# How to play")

    run(session)


def test_bad_calls_are_answered_with_a_reason() -> None:
    async def session(client: Client) -> None:
        async def refused(tool: str, reason: str, **arguments: Any) -> str:
            result = await client.call_tool(tool, arguments)
            assert result.is_error, text(result)
            assert reason in text(result), text(result)
            return text(result)

        await refused("observe", "no match 'm9' (matches here: none): start one with start_match", match_id="m9")
        # Wrong seats and opponents.
        await refused("start_match", "seat 2 is not a seat of tekken with these options: 0..1", game="tekken", seat=2)
        await refused("start_match", "seat -1 is not a seat", game="ufs", seat=-1)
        await refused("start_match", "has 1 other seat(s)", game="tekken", opponents=["random", "random"])
        await refused("start_match", "unknown bot 'mcts:lots'", game="tekken", opponents=["mcts:lots"])
        await refused("start_match", "the shipped networks only", game="tekken", opponents=["policy:/etc/passwd"])
        await refused("start_match", "unknown bot 'os:system'", game="tekken", opponents=["os:system"])
        await refused("start_match", "at most 200000 iterations", game="tekken", opponents=["mcts:999999999"])
        await refused("start_match", "unknown game", game="chess")
        await refused("start_match", "hp", game="tekken", options={"hp": -1})
        await refused("start_match", "seed", game="tekken", seed=-5)
        # A request cannot make the server read a folder it was not started with.
        await refused("start_match", "content_dir '/etc' is not a folder this server was started with", game="tekken",
                      options={"content_dir": "/etc"})

        start = await ok(client, "start_match", game="tekken", opponents="mcts:5", seed=2)
        assert start.structured_content["match_id"] == "m1"
        listed = (await ok(client, "list_matches")).structured_content["matches"]
        assert listed == [{"match_id": "m1", "game": "tekken", "seat": 0, "opponents": ["mcts:5"], "over": False}]
        match_id = start.structured_content["match_id"]
        legal = start.structured_content["legal_actions"]
        why = await refused("act", "'play Palm' is not one of your choices now", match_id=match_id, action="play Palm")
        assert all(t in why for t in legal) and "Nothing was played; it is still your move." in why
        # The match goes on after the refusal.
        assert (await ok(client, "observe", match_id=match_id)).structured_content["legal_actions"] == legal
        await refused("act", "no match 'm99'", match_id="m99", action=legal[0])
        not_over = (await ok(client, "result", match_id=match_id)).structured_content
        assert not not_over["over"] and "record" not in not_over
        data = start.structured_content
        while not data["over"]:
            data = (await ok(client, "act", match_id=match_id, action="0")).structured_content
        await refused("act", f"match {match_id} is over", match_id=match_id, action="0")

    run(session)


def server_response(match: Match, state: kumite.State, recent: list[str]) -> tuple[list[str], list[str], dict[str, Any]]:
    """What the server sends the match's seat for ``state`` after ``recent`` events: the lines it
    was told since its last move, the rest of the text, and the structured content."""
    match.env.state, match.env.recent = state, list(recent)
    result = match.answer(match.env.observe())
    lines = text(result).splitlines()
    start = lines.index("Since your last move:") + 1 if "Since your last move:" in lines else 0
    end = lines.index("", start) if start else 0
    data = {k: v for k, v in (result.structured_content or {}).items() if k not in ("observation", "events")}
    return lines[start:end], lines[:start] + lines[end:], data


def until_a_reveal(events: list[str]) -> list[str]:
    """The events up to the first card revealed to everyone: a pick revealed at once and then
    forgotten by the position (a hit that ends the round deals new hands) shows in the events
    alone, so what follows a reveal may differ where the positions do not."""
    n = next((i for i, e in enumerate(events) if " reveals " in e), len(events))
    return events[:n]


@pytest.mark.parametrize("name", kumite.games())
def test_what_the_server_sends_a_seat_depends_only_on_what_it_may_see(name: str) -> None:
    """The conformance secret check, over the server's responses: (1) at the seat's turns, the
    real state and its determinizations (the same table with every card the seat cannot see dealt
    again) give the same response; (2) at another seat's decision whose every alternative leaves
    the seat the same information while the mover's own differs (a secret pick), the
    alternatives give the seat the same response."""
    secret_pairs = 0
    for seat, seed in ((0, 1), (1, 2)):
        env = TextEnv(name, "random", seat=seat, illegal="raise")
        match = Match("m1", env, seed, ["random"])
        state = env.game.new_state(seed=seed)
        rng = random.Random(seed)
        recent: list[str] = []
        for _ in range(300):
            if state.is_terminal():
                break
            mover = state.current_player
            assert mover is not None
            if mover == seat:
                real = server_response(match, state, recent)
                for k in range(2):
                    assert server_response(match, state.determinize(seat, k), recent) == real
            else:
                after: dict[tuple[str, bytes], list[tuple[str, tuple[list[str], list[str], dict[str, Any]]]]] = (
                    collections.defaultdict(list))
                for action in state.legal_actions():
                    alt = state.clone()
                    events = env.told(alt, action)
                    seen = (alt.information_state_string(seat), alt.observation(seat).tobytes())
                    after[seen].append((alt.information_state_string(mover), server_response(match, alt, recent + events)))
                if len(after) == 1:
                    (first_mine, first), *others = next(iter(after.values()))
                    for mine, response in others:
                        if mine != first_mine:
                            secret_pairs += 1
                            assert until_a_reveal(response[0]) == until_a_reveal(first[0])
                            assert response[1:] == first[1:]
            action = rng.choice(state.legal_actions())
            if mover == seat:
                recent = [f"you: {state.action_to_string(action)}"] + [f"  {e}" for e in state.apply_with_events(action)]
            else:
                recent += env.told(state, action)
    # The check saw secret picks where the game has them (tests/test_conformance.py's SECRET_GAMES).
    assert (secret_pairs > 0) == (name in {"tekken", "senjutsu", "fatal_fight"}), secret_pairs


NOISY_BOT = '''
import random


class Noisy:
    """A user's bot that prints while it thinks."""

    def __init__(self, game, seed):
        self.rng = random.Random(seed)

    def choose(self, state):
        print("thinking")
        return self.rng.choice(state.legal_actions())
'''


def test_a_bot_of_the_users_seats_when_the_server_is_started_with_it_and_its_prints_miss_the_wire(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "noisy_bot.py").write_text(NOISY_BOT, encoding="utf-8")
    server = StdioServerParameters(command=sys.executable, args=["-m", "kumite.cli", "mcp", "--bot", "noisy_bot:Noisy"],
                                   cwd=str(tmp_path))

    async def main() -> None:
        async with Client(server) as client:
            data = (await ok(client, "start_match", game="tekken", opponents=["noisy_bot:Noisy"], seed=1)).structured_content
            while not data["over"]:
                data = (await ok(client, "act", match_id=data["match_id"], action="0")).structured_content
            assert data["result"]

    asyncio.run(main())
    assert not [r for r in caplog.records if "parse" in r.getMessage()]

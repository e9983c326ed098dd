"""A text environment: one seat of a game played through text, the other seats by bots, for
programs that read and write text (a language model, an evaluation harness). The observation is
what the terminal shows that seat (``kumite.terminal.screen`` of ``State.view(seat)``: board,
players, every visible card with its text), what happened since its last move, and its choices
with the text of the cards they name; the action is one of those choices' texts (or its number).

The interface is Gymnasium's, without needing Gymnasium: ``reset() -> (obs, info)`` and
``step(text) -> (obs, reward, terminated, truncated, info)``. ``kumite mcp`` serves its matches
through this class, so both send a seat the same text.

Hidden information stays hidden: everything sent is drawn from the seat's view and the public
events; another seat's action text is never sent (it can name a face-down card), only the events
it caused.
"""

from __future__ import annotations

import difflib
import random
import re
from collections.abc import Callable, Sequence
from typing import Any, Union

import kumite
from kumite.bots import Bot, make_bot
from kumite.terminal import card_line, hand_cards, screen, unplayable

__all__ = ["ILLEGAL", "IllegalText", "TextEnv", "seat_text"]

# What an illegal text does: "retry" (the default) answers with why and leaves the turn to the
# agent; "lose" ends the episode with the worst return; "raise" raises `IllegalText`.
ILLEGAL = ("retry", "lose", "raise")

# "3) move E to (0, 0)": a choice copied with its number.
NUMBERED = re.compile(r"\s*(\d+)\)\s*(.*)", re.DOTALL)

Opponent = Union[Bot, str]


class IllegalText(ValueError):
    """A text that is none of the seat's choices now; the message says why and lists them."""

    def __init__(self, message: str, text: str, legal: list[str]) -> None:
        super().__init__(message)
        self.text, self.legal = text, legal


def explain(text: str, cards: list[dict[str, Any]]) -> str:
    """A choice with the text of the card it names (the longest visible card name in it), so a
    reader need not look the card up; the choice alone when it names none."""
    named = [c for c in cards if str(c["name"]) and str(c["name"]).lower() in text.lower()]
    if not named:
        return text
    card = max(named, key=lambda c: len(str(c["name"])))
    line = card_line(card).removeprefix(str(card["name"])).lstrip(" —")
    return f"{text}  — {card['name']}: {line}" if line else text


def visible_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every face-up card in a view, each name once."""
    seen: dict[str, dict[str, Any]] = {}
    for z in view.get("zones") or []:
        for c in z.get("cards") or []:
            if isinstance(c, dict) and c.get("name") and not c.get("hidden"):
                seen.setdefault(str(c["name"]), c)
    return list(seen.values())


def seat_text(state: kumite.State, seat: int, recent: Sequence[str] = (), note: str = "", live: bool = True) -> str:
    """What ``seat`` is told: ``note`` (an answer to a bad action), what happened since its last
    move, the screen of its view with the legend, and its numbered choices with the text of the
    cards they name (none once the run has ended: ``live`` false), or the result once the game is
    over. A function of what the seat may see: its view, its own choices and the public events in
    ``recent``."""
    view = state.view(seat)
    players = view.get("players") or []
    name = next((str(p.get("name", "")) for p in players if p.get("id") == seat), "")
    lines = [f"kumite {state.game.name}: you are P{seat}" + (f" ({name})" if name else "")]
    if note:
        lines += ["", note]
    if recent:
        lines += ["", "Since your last move:"] + [f"  {e}" for e in recent]
    text, legend = screen(view)
    lines += ["", text, ""] + legend.lines()
    if state.is_terminal():
        result = view.get("result") or "the game is over"
        lines += ["", f"The game is over: {result}. Your return: {float(state.returns()[seat]):+g}"]
        return "\n".join(lines)
    if not live:
        return "\n".join(lines)
    if state.current_player != seat:
        lines += ["", f"P{state.current_player} is to move."]
        return "\n".join(lines)
    texts = choices(state)
    # Held cards that are not a choice are explained where the step plays cards from the hand.
    held = [str(c["name"]).lower() for c in hand_cards(view, seat)]
    why = unplayable(view, seat, texts) if any(n in t.lower() for n in held for t in texts) else []
    if why:
        lines += ["", "Cards you hold that are not a choice now:"] + why
    cards = visible_cards(view)
    lines += ["", "Your choices (answer with one text as written, or its number):"]
    lines += [f"  {i}) {explain(t, cards)}" for i, t in enumerate(texts)]
    return "\n".join(lines)


def choices(state: kumite.State) -> list[str]:
    """The texts of the legal actions, in action order."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def resolve(state: kumite.State, seat: int, answer: str) -> int:
    """The legal action ``answer`` names: a choice's text (case and surrounding space ignored),
    its number, or both as listed ("3) pass"). Raises `IllegalText` saying why not."""
    legal = state.legal_actions()
    texts = [state.action_to_string(a) for a in legal]
    wanted = answer.strip().lower()
    for a, t in zip(legal, texts):
        if t.lower() == wanted:
            return a
    numbered = NUMBERED.fullmatch(answer)
    if numbered and int(numbered[1]) < len(legal) and numbered[2].strip().lower() in ("", texts[int(numbered[1])].lower()):
        return legal[int(numbered[1])]
    if wanted.isascii() and wanted.isdigit() and int(wanted) < len(legal):
        return legal[int(wanted)]
    raise IllegalText(why_illegal(state, seat, answer, texts), answer, texts)


def why_illegal(state: kumite.State, seat: int, answer: str, texts: list[str]) -> str:
    """Why ``answer`` is not played: what the step asks, the closest choices, what the rules say
    of a held card it names, and every choice."""
    view = state.view(seat)
    lines = [f"{answer!r} is not one of your choices now ({view.get('status') or 'this step'})."]
    lowered = {t.lower(): t for t in texts}
    close = [lowered[t] for t in difflib.get_close_matches(answer.strip().lower(), list(lowered), n=3, cutoff=0.6)]
    if close:
        lines.append("Closest: " + "; ".join(repr(t) for t in close) + ".")
    named = [str(c["name"]) for c in hand_cards(view, seat) if str(c["name"]).lower() in answer.lower()]
    lines += [w.strip() for w in unplayable(view, seat, texts) if any(w.strip().startswith(f"{n}:") for n in named)]
    lines.append("Your choices: " + "; ".join(f"{i}) {t}" for i, t in enumerate(texts)))
    return "\n".join(lines)


class TextEnv:
    """One seat of ``game`` through text; ``opponents`` (bots or bot specs as
    :func:`kumite.make_bot` reads them: one per other seat in seat order, or one for them all)
    play the rest. A spec's bot is made afresh at each ``reset`` from the game's seed (by
    ``make_bot``, default :func:`kumite.make_bot`), so ``reset(seed=N)`` replays the same game for
    the same answers.

    ``reset(seed=None) -> (observation, info)``; ``step(text) -> (observation, reward,
    terminated, truncated, info)``. The reward is the seat's return when the game ends (its
    running return when the run is cut after ``max_steps`` actions, all seats', default the
    game's ``max_game_length``), else 0. ``info`` holds ``legal_actions`` (the choices' texts),
    ``events`` (what happened since the seat's last move), ``to_move``, ``steps``, and once over
    ``returns`` and ``result``; after an illegal text, ``error`` and ``illegal_action``.

    An illegal text is handled by ``illegal``: ``"retry"`` (default: the observation again, the
    reason on top, reward 0, the turn still the seat's), ``"lose"`` (the episode ends with the
    worst return) or ``"raise"`` (:class:`IllegalText`, a ``ValueError``)."""

    def __init__(
        self,
        game: str | kumite.Game,
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int = 0,
        illegal: str = "retry",
        max_steps: int | None = None,
        make_bot: Callable[[str, kumite.Game, int], Bot] = make_bot,
        **options: Any,
    ) -> None:
        self.game = game if isinstance(game, kumite.Game) else kumite.load(game, **options)
        n = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat {seat!r} is not a seat of {self.game.name} with these options: 0..{n - 1}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        given = [opponents] if isinstance(opponents, str) or not isinstance(opponents, Sequence) else list(opponents)
        if len(given) == 1:
            given = given * (n - 1)
        if len(given) != n - 1:
            raise ValueError(f"{self.game.name} with these options has {n - 1} other seat(s): "
                             f"give one opponent for each, or one for them all (got {len(given)})")
        for bot in given:
            if not isinstance(bot, str) and not callable(getattr(bot, "choose", None)):
                raise TypeError(f"an opponent is a bot (with choose(state)) or a bot spec, not {bot!r}")
        self.seat, self.illegal = seat, illegal
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps must be a positive integer or None, not {max_steps!r}")
        self.max_steps = self.game.max_game_length if max_steps is None else max_steps
        self.specs: list[Opponent] = given
        self.make_bot = make_bot
        # Bad specs fail here, not at the first reset.
        self.bots = self._bots(0)
        self.state: kumite.State | None = None
        self.recent: list[str] = []
        self.illegal_answers = 0
        self._rng = random.Random()
        self._lost = False
        # Actions played in this episode, all seats' (the run bound counts them).
        self.steps = 0

    def _bots(self, game_seed: int) -> dict[int, Bot]:
        others = [p for p in range(self.game.num_players) if p != self.seat]
        return {p: self.make_bot(spec, self.game, (game_seed + 1000 * (p + 1)) % 2**64) if isinstance(spec, str) else spec
                for p, spec in zip(others, self.specs)}

    @property
    def over(self) -> bool:
        """Whether the episode has ended (by the rules, the run bound, or a lost illegal answer)."""
        s = self.state
        return s is not None and (s.is_terminal() or self._lost or self.steps >= self.max_steps)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        """A new game, played by the opponents up to the seat's first turn. ``seed`` is the game's
        seed (the record's); without one the next seed of the env's stream (itself seeded by the
        last ``seed`` given). ``options`` is accepted for Gymnasium's signature and unused."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
                raise ValueError(f"seed must be an integer in 0..2**64, not {seed!r}")
            self._rng = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._rng.getrandbits(63)
        self.bots = self._bots(game_seed)
        self.state = self.game.new_state(seed=game_seed)
        self.recent, self.illegal_answers, self._lost, self.steps = [], 0, False, 0
        self._others_play()
        return self.observe(), self.info()

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        """Plays the seat's choice named by ``action`` (its text or number), then the opponents up
        to the seat's next turn or the end."""
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if self.over:
            raise RuntimeError("the episode is over: call reset()")
        try:
            chosen = resolve(state, self.seat, str(action))
        except IllegalText as e:
            self.illegal_answers += 1
            if self.illegal == "raise":
                raise
            self._lost = self.illegal == "lose"
            info = {**self.info(), "error": str(e), "illegal_action": str(action)}
            if self._lost:
                return self.observe(f"Not played, and the game is lost: {e}"), self.game.return_bounds[0], True, False, info
            return self.observe(f"Not played: {e}"), 0.0, False, False, info
        text = state.action_to_string(chosen)
        self.recent = [f"you: {text}"] + [f"  {e['line']}" for e in state.apply_with_event_dicts(chosen)]
        self.steps += 1
        self._others_play()
        terminated, truncated = state.is_terminal(), not state.is_terminal() and self.over
        reward = float(state.returns()[self.seat]) if terminated or truncated else 0.0
        return self.observe(), reward, terminated, truncated, self.info()

    def _others_play(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_terminal() and state.current_player != self.seat and self.steps < self.max_steps:
            mover = state.current_player
            assert mover is not None
            self.recent += self.told(state, self.bots[mover].choose(state))
            self.steps += 1

    def told(self, state: kumite.State, action: int) -> list[str]:
        """Plays another seat's ``action`` on ``state`` and returns what the seat is told of it.
        Its text can name a face-down card: only the public events it caused are told."""
        mover = state.current_player
        lines = [str(e["line"]) for e in state.apply_with_event_dicts(action)]
        return lines or [f"P{mover} chose (nothing shown)"]

    def observe(self, note: str = "") -> str:
        """The seat's observation now (see :func:`seat_text`)."""
        if self.state is None:
            raise RuntimeError("call reset() first")
        text = seat_text(self.state, self.seat, self.recent, note, live=not self.over)
        if self.over and not self.state.is_terminal() and not self._lost:
            text += f"\n\nThe run was cut after {self.max_steps} actions: the game has no result."
        return text

    def legal_actions(self) -> list[str]:
        """The seat's choices now, as texts (empty when it is not to move)."""
        s = self.state
        return choices(s) if s is not None and not self.over and s.current_player == self.seat else []

    def info(self) -> dict[str, Any]:
        s = self.state
        assert s is not None
        out: dict[str, Any] = {"seat": self.seat, "to_move": s.current_player, "steps": self.steps,
                               "legal_actions": self.legal_actions(), "events": list(self.recent),
                               "illegal_answers": self.illegal_answers}
        if self.over:
            returns = [float(r) for r in s.returns()]
            if self._lost:  # the worst return for the seat that lost by its answer, 0 for the rest
                returns = [self.game.return_bounds[0] if p == self.seat else 0.0 for p in range(len(returns))]
            out["returns"] = returns
            out["result"] = s.view(self.seat).get("result")
        return out

    def render(self) -> str:
        """The observation text (Gymnasium's ``"ansi"``)."""
        return self.observe()

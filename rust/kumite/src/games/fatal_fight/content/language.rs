//! The cards' text effects as written in a card file (`"on hit: draw 1"`, FFX-17): parsed into a
//! `TextEffect` and printed back.

use super::*;

impl TextEffect {
    /// Reads `"[hit: ]verb [N][ if condition]"`: `"move 1"`, `"hit: throw"`, `"draw 1 if centre"`.
    pub fn parse(text: &str) -> Result<TextEffect, String> {
        let (when, rest) = match text.trim().strip_prefix("hit:") {
            Some(r) => (When::Hit, r.trim()),
            None => (When::Play, text.trim()),
        };
        let (verb_text, cond_text) = match rest.split_once(" if ") {
            Some((v, c)) => (v.trim(), Some(c.trim())),
            None => (rest, None),
        };
        let (name, n) = word_number(verb_text)
            .ok_or_else(|| format!("cannot read {text:?}: expected \"[hit: ]verb [1..9][ if condition]\""))?;
        let need = |n: Option<u8>| n.ok_or_else(|| format!("{name} needs an amount 1..=9"));
        let verb = match name {
            "move" => Verb::Move(need(n)?),
            "draw" => Verb::Draw(need(n)?),
            "guard" => Verb::Guard(need(n)?),
            "heal" => Verb::Heal(need(n)?),
            "action" => Verb::Action(need(n)?),
            "throw" if n.is_none() => Verb::Throw,
            "throw" => return Err("throw takes no amount".into()),
            v => return Err(format!("unknown effect {v:?} (move, draw, guard, heal, action, throw)")),
        };
        let cond = match cond_text {
            None => Cond::Always,
            Some("centre") => Cond::Centre,
            Some("side") => Cond::Side,
            Some("top") => Cond::Line(0),
            Some("middle") => Cond::Line(1),
            Some("bottom") => Cond::Line(2),
            Some("cqb") => Cond::Cqb,
            Some(c) => return Err(format!("unknown condition {c:?} (centre, side, top, middle, bottom, cqb)")),
        };
        if when == When::Play && (verb == Verb::Throw || cond == Cond::Cqb) {
            return Err(format!("{text:?}: throw and cqb need a hit (\"hit: …\")"));
        }
        Ok(TextEffect { when, verb, cond })
    }

    /// The content files' spelling, which is also how people read it.
    pub fn text(self) -> String {
        let verb = match self.verb {
            Verb::Move(n) => format!("move {n}"),
            Verb::Draw(n) => format!("draw {n}"),
            Verb::Guard(n) => format!("guard {n}"),
            Verb::Heal(n) => format!("heal {n}"),
            Verb::Action(n) => format!("action {n}"),
            Verb::Throw => "throw".into(),
        };
        let cond = match self.cond {
            Cond::Always => "",
            Cond::Centre => " if centre",
            Cond::Side => " if side",
            Cond::Line(0) => " if top",
            Cond::Line(1) => " if middle",
            Cond::Line(_) => " if bottom",
            Cond::Cqb => " if cqb",
        };
        let when = if self.when == When::Hit { "hit: " } else { "" };
        format!("{when}{verb}{cond}")
    }
}

/// `"word"` or `"word N"` with N in 1..=9.
pub(super) fn word_number(text: &str) -> Option<(&str, Option<u8>)> {
    let mut words = text.split_whitespace();
    let name = words.next()?;
    let n = match words.next() {
        None => None,
        Some(w) => Some(w.parse::<u8>().ok().filter(|n| (1..=9).contains(n))?),
    };
    if words.next().is_some() {
        return None;
    }
    Some((name, n))
}

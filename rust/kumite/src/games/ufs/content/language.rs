//! The ability language: an effect as written in a card file (`speed 2`, `zone high`) parsed and
//! printed back, and an ability's whole text.

use std::fmt;

use super::*;

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Effect::Speed(n) => write!(f, "speed {n:+}"),
            Effect::Damage(n) => write!(f, "damage {n:+}"),
            Effect::SetZone(z) => write!(f, "zone {}", z.name()),
            Effect::Draw(n) => write!(f, "draw {n}"),
            Effect::Heal(n) => write!(f, "heal {n}"),
            Effect::Momentum(n) => write!(f, "momentum {n}"),
            Effect::Breaker(n) => write!(f, "breaker {n}"),
            Effect::Control(n) => write!(f, "control {n}"),
            Effect::Ready(n) => write!(f, "ready {n}"),
            Effect::Stun(n) => write!(f, "stun {n}"),
            Effect::Shatter => write!(f, "shatter"),
        }
    }
}

impl Effect {
    pub(super) fn parse(text: &str) -> Result<Effect, String> {
        let mut words = text.split_whitespace();
        let name = words.next().unwrap_or("");
        let arg = words.next();
        if words.next().is_some() {
            return Err(format!("{text:?}: trailing words"));
        }
        let signed = || arg.and_then(|a| a.parse::<i8>().ok()).filter(|n| (-9..=9).contains(n) && *n != 0);
        let count = || arg.and_then(|a| a.parse::<u8>().ok()).filter(|n| (1..=9).contains(n));
        let e = match name {
            "speed" => signed().map(Effect::Speed),
            "damage" => signed().map(Effect::Damage),
            "zone" => match arg {
                Some("high") => Some(Effect::SetZone(Zone::High)),
                Some("mid") => Some(Effect::SetZone(Zone::Mid)),
                Some("low") => Some(Effect::SetZone(Zone::Low)),
                _ => None,
            },
            "draw" => count().map(Effect::Draw),
            "heal" => count().map(Effect::Heal),
            "momentum" => count().map(Effect::Momentum),
            "breaker" => count().map(Effect::Breaker),
            "control" => count().map(Effect::Control),
            "ready" => count().map(Effect::Ready),
            "stun" => count().map(Effect::Stun),
            "shatter" if arg.is_none() => Some(Effect::Shatter),
            _ => None,
        };
        e.ok_or_else(|| {
            format!(
                "{text:?} is not an effect (speed N, damage N with N in -9..=9 not 0; zone high|mid|low; \
                 draw, heal, momentum, breaker, control, ready, stun N with N in 1..=9; shatter)"
            )
        })
    }
}

impl Ability {
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if self.condition.desperation {
            parts.push("Desperation".to_string());
        }
        if !self.condition.combo.is_empty() {
            parts.push(format!("Combo ({})", self.condition.combo.join(", ")));
        }
        let mut costs = Vec::new();
        if self.cost.commit {
            costs.push("commit".to_string());
        }
        if self.cost.surge > 0 {
            costs.push(format!("Surge {}", self.cost.surge));
        }
        if self.cost.destroy {
            costs.push("destroy".to_string());
        }
        let effects: Vec<String> = self.effects.iter().map(|e| e.to_string()).collect();
        let mut s = self.trigger.name().to_string();
        if let Some(w) = self.attack {
            s.push_str(&format!(" ({})", w.text()));
        }
        if !parts.is_empty() {
            s.push_str(&format!(" [{}]", parts.join(", ")));
        }
        if !costs.is_empty() {
            s.push_str(&format!(" {}:", costs.join(", ")));
        } else {
            s.push(':');
        }
        s.push(' ');
        s.push_str(&effects.join(", "));
        s
    }
}

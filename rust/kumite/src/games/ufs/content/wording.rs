//! A card in words, for players reading it (the terminal, the viewer's card text) and for the
//! one-line descriptions of views.

use super::*;

impl Card {
    /// The card in words, for players reading it (the terminal, the viewer's card text): kind,
    /// difficulty and control, resource symbols, attack or block, a character's vitality and
    /// hand size, and each ability.
    pub fn words(&self) -> String {
        let mut words = vec![
            self.kind.name().to_string(),
            format!("difficulty {}, control {}", self.difficulty, self.control),
            format!("symbols {}", self.symbols.iter().map(|s| s.name()).collect::<Vec<_>>().join("/")),
        ];
        if let Some(a) = self.attack {
            words.push(format!("{} attack: speed {}, damage {}", a.zone.name(), a.speed, a.damage));
        }
        if let Some(b) = self.block {
            words.push(format!("blocks {} {:+}", b.zone.name(), b.modifier));
        }
        if self.kind == Kind::Character {
            words.push(format!("vitality {}, hand size {}", self.vitality, self.hand_size));
        }
        if self.breaker > 0 {
            words.push(format!("Breaker {}", self.breaker));
        }
        if self.unique {
            words.push("unique".into());
        }
        if !self.traits.is_empty() {
            words.push(format!("traits {}", self.traits.join(", ")));
        }
        words.extend(self.abilities.iter().map(|a| format!("ability: {}", a.text())));
        words.join(" · ")
    }

    /// A one-line description for people.
    pub fn describe(&self) -> String {
        let mut s = format!("{} [{} d{} c{}", self.name, self.kind.name(), self.difficulty, self.control);
        let syms: Vec<&str> = self.symbols.iter().map(|s| s.name()).collect();
        s.push_str(&format!(" {}", syms.join("/")));
        if let Some(a) = self.attack {
            s.push_str(&format!(" {} spd{} dmg{}", a.zone.name(), a.speed, a.damage));
        }
        if let Some(b) = self.block {
            s.push_str(&format!(" block {}{:+}", b.zone.name(), b.modifier));
        }
        if self.kind == Kind::Character {
            s.push_str(&format!(" vit{} hand{}", self.vitality, self.hand_size));
        }
        if self.unique {
            s.push_str(" unique");
        }
        if self.breaker > 0 {
            s.push_str(&format!(" Breaker {}", self.breaker));
        }
        s.push(']');
        for a in &self.abilities {
            s.push_str(&format!(" {{{}}}", a.text()));
        }
        s
    }
}

//! Cards, skills and gimmicks in words: the content files' spelling (`text`) and what they do
//! for people (`label`, `describe`).

use super::*;

impl Card {
    /// The name, with the card's text effects in brackets when it has any (FFX-17): what the
    /// information string shows of a card.
    pub fn label(&self) -> String {
        if self.text.is_empty() {
            return self.name.clone();
        }
        let text: Vec<String> = self.text.iter().map(|t| t.text()).collect();
        format!("{} [{}]", self.name, text.join(", "))
    }

    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if self.attack {
            parts.push(format!("AP {}", self.ap));
        }
        for (n, w) in [(self.guard, "guard"), (self.draw, "draw"), (self.heal, "heal")] {
            if n > 0 {
                parts.push(format!("{w} {n}"));
            }
        }
        for (b, w) in [
            (self.area, "area"),
            (self.pierce, "pierce"),
            (self.launch, "launch"),
            (self.exile, "exile"),
            (self.carry, "carry"),
            (self.always, "always"),
        ] {
            if b {
                parts.push(w.into());
            }
        }
        parts.extend(self.text.iter().map(|t| t.text()));
        parts.join(", ")
    }
}

impl EnemySkill {
    /// What the enemy does while heading its group, for people.
    pub fn describe(self) -> String {
        match self {
            EnemySkill::None => "no skill".into(),
            EnemySkill::Strike(n) => format!("strikes {n} on its line"),
            EnemySkill::Pierce(n) => format!("strikes {n} on its line, guard ignored"),
            EnemySkill::Rally => "rallies the next enemy of the pile".into(),
        }
    }
}

impl Special {
    /// The character's special, for people.
    pub fn describe(self) -> &'static str {
        match self {
            Special::Brawler => "Brawler: +1 AP on the first attack card of each own turn",
            Special::Sprinter => "Sprinter: two free moves per turn",
            Special::Guardian => "Guardian: 1 GP at every round start",
            // With the default `save_actions` 2; the listing gives the game's cost (FFX-23).
            Special::Medic => "Medic: saving costs 1 action and 1 face-down card",
        }
    }
}

impl BossSkill {
    pub fn text(self) -> String {
        match self {
            BossSkill::DamageAll(n) => format!("damage_all {n}"),
            BossSkill::PierceAll(n) => format!("pierce_all {n}"),
            BossSkill::DamageLine(n) => format!("damage_line {n}"),
            BossSkill::Summon(n) => format!("summon {n}"),
            BossSkill::StripGuard => "strip_guard".into(),
        }
    }
    /// What the skill does, for people (`text` is the content files' spelling).
    pub fn describe(self) -> String {
        match self {
            BossSkill::DamageAll(n) => format!("{n} damage to every player"),
            BossSkill::PierceAll(n) => format!("{n} damage to every player, guard ignored"),
            BossSkill::DamageLine(n) => format!("{n} damage to every player on its line"),
            BossSkill::Summon(1) => "summons an enemy".into(),
            BossSkill::Summon(n) => format!("summons {n} enemies"),
            BossSkill::StripGuard => "strips every player's guard".into(),
        }
    }
}

impl Gimmick {
    pub fn text(self) -> String {
        match self {
            Gimmick::None => "none".into(),
            Gimmick::Hazard(n) => format!("hazard {n}"),
            Gimmick::Supply(n) => format!("supply {n}"),
            Gimmick::Cheer(n) => format!("cheer {n}"),
            Gimmick::Rush(n) => format!("rush {n}"),
            Gimmick::Dark => "dark".into(),
        }
    }
    /// The gimmick for people: "no gimmick", "gimmick hazard 1".
    pub fn describe(self) -> String {
        match self {
            Gimmick::None => "no gimmick".into(),
            g => format!("gimmick {}", g.text()),
        }
    }
}

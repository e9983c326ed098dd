//! Reading content: the TOML files into plain `Raw*` structs, then every check into the
//! tables the rules use (the built-in content is read the same way), one campaign played.

use std::collections::HashMap;

use serde::Deserialize;

use super::language::word_number;
use super::*;
use crate::cards::{parse_toml, RawCards};
use crate::core::{GameError, ProblemKind, ProblemList};

/// Each card's place among the cards with `keep`, in order (`u8::MAX` for the others), and
/// how many have it.
fn slots(cards: &[Card], keep: impl Fn(&Card) -> bool) -> (Vec<u8>, usize) {
    let mut next = 0u8;
    let slots = cards
        .iter()
        .map(|c| {
            if keep(c) {
                next += 1;
                next - 1
            } else {
                u8::MAX
            }
        })
        .collect();
    (slots, usize::from(next))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    name: String,
    kind: Kind,
    copies: Option<u8>,
    #[serde(default)]
    attack: bool,
    #[serde(default)]
    ap: u8,
    #[serde(default)]
    guard: u8,
    #[serde(default)]
    draw: u8,
    #[serde(default)]
    heal: u8,
    #[serde(default)]
    area: bool,
    #[serde(default)]
    pierce: bool,
    #[serde(default)]
    launch: bool,
    #[serde(default)]
    exile: bool,
    #[serde(default)]
    carry: bool,
    #[serde(default)]
    always: bool,
    #[serde(default)]
    text: Vec<String>,
    line: Option<String>,
    step: Option<u8>,
    #[serde(default)]
    cost: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCharacters {
    /// FF-2.2: the four stats every character shares (optional past the first file).
    stats: Option<RawStats>,
    character: Vec<RawCharacter>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStats {
    life: u8,
    actions: u8,
    max_hand: u8,
    max_carry: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCharacter {
    id: String,
    name: String,
    /// Per-character stats: a content variant (FFX-18) replacing the shared ones.
    life: Option<u8>,
    actions: Option<u8>,
    max_hand: Option<u8>,
    max_carry: Option<u8>,
    order: u8,
    special: Special,
    deck: Vec<(String, u8)>,
}

/// One campaign file: its enemies, bosses and stage cards.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCampaign {
    name: String,
    enemy: Vec<RawEnemy>,
    boss: Vec<RawBoss>,
    stage: Vec<RawStage>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEnemy {
    id: String,
    name: String,
    stage: u8,
    copies: u8,
    life: u8,
    #[serde(default)]
    guard: u8,
    #[serde(default)]
    carrier: u8,
    #[serde(default)]
    cross: bool,
    #[serde(default)]
    skill: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoss {
    id: String,
    name: String,
    stage: u8,
    life: u8,
    skills: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStage {
    id: String,
    name: String,
    stage: u8,
    boss: bool,
    respawn: [u8; RESPAWNS],
    #[serde(default)]
    extra: Vec<(u8, u8)>,
    gimmick: String,
}

/// The built-in content files: (the name problems give, text).
pub const CARDS: (&str, &str) = ("cards.toml", include_str!("../data/cards.toml"));
pub const CHARACTERS: (&str, &str) = ("characters.toml", include_str!("../data/characters.toml"));
pub const CAMPAIGNS: [(&str, &str); 1] = [("campaigns/streets.toml", include_str!("../data/campaigns/streets.toml"))];
/// The campaign played unless the `campaign` option names another.
pub const DEFAULT_CAMPAIGN: &str = "streets";

/// A campaign's id: its file's name without the folder and `.toml`.
fn campaign_id(file: &str) -> &str {
    std::path::Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or(file)
}

impl Content {
    pub fn builtin() -> Content {
        Content::read(&[CARDS], &[CHARACTERS], &CAMPAIGNS, DEFAULT_CAMPAIGN)
            .unwrap_or_else(|e| panic!("built-in Fatal Fight content is invalid: {e}"))
    }

    /// Reads content files, each as (file, text): every cards file, then every characters file
    /// (a character's deck names cards of any cards file), then every campaign file, keeping the
    /// one whose id is `campaign`. Every problem of every file is reported; ids are unique across
    /// files, and so are campaign ids.
    pub fn read(
        cards: &[(&str, &str)],
        characters: &[(&str, &str)],
        campaigns: &[(&str, &str)],
        campaign: &str,
    ) -> Result<Content, GameError> {
        let mut content = Content::default();
        let mut all = ProblemList::in_file("");
        let mut lines = HashMap::new();
        for &(file, text) in cards {
            match parse_toml::<RawCards<RawCard>>(file, text) {
                Ok(raw) => all.merge(content.read_cards(file, raw, &mut lines)),
                Err(e) => all.merge_error(e),
            }
        }
        content.link_lines(&lines, &mut all);
        let mut shared = None;
        for &(file, text) in characters {
            match parse_toml::<RawCharacters>(file, text) {
                Ok(raw) => all.merge(content.read_characters(file, raw, &mut shared)),
                Err(e) => all.merge_error(e),
            }
        }
        let mut chosen = None;
        for (k, &(file, text)) in campaigns.iter().enumerate() {
            let id = campaign_id(file);
            if campaigns[..k].iter().any(|&(f, _)| campaign_id(f) == id) {
                let mut p = ProblemList::in_file(file);
                p.add_card(
                    ProblemKind::Duplicate,
                    id,
                    "",
                    "a campaign of this id is already loaded (built in or earlier): ids must be new",
                );
                all.merge(p);
                continue;
            }
            let raw = match parse_toml::<RawCampaign>(file, text) {
                Ok(raw) => raw,
                Err(e) => {
                    all.merge_error(e);
                    continue;
                }
            };
            content.campaigns.push((id.to_string(), raw.name.clone()));
            let (one, p) = Campaign::read(file, id, raw);
            all.merge(p);
            if id == campaign {
                chosen = Some(one);
            }
        }
        all.into_result()?;
        let Some(one) = chosen else {
            let known: Vec<&str> = content.campaigns.iter().map(|(id, _)| id.as_str()).collect();
            return Err(GameError::option(
                "campaign",
                format!("unknown campaign {campaign:?}; known: {}", known.join(", ")),
            ));
        };
        content.campaign = campaign.to_string();
        (content.enemies, content.bosses, content.stages) = (one.enemies, one.bosses, one.stages);
        (content.carry_slot, content.carry_types) = slots(&content.cards, |c| c.carry);
        (content.unique_slot, content.unique_types) = slots(&content.cards, |c| c.kind == Kind::Unique);
        Ok(content)
    }

    /// Reads one cards file after the earlier ones; `lines` gathers every file's upgrade lines,
    /// (line, step) → (card index, file), for [`Content::link_lines`].
    fn read_cards(
        &mut self,
        file: &str,
        raw: RawCards<RawCard>,
        lines: &mut HashMap<(String, u8), (usize, String)>,
    ) -> ProblemList {
        let mut p = ProblemList::in_file(file);
        p.require_card(
            self.cards.len() + raw.card.len() <= MAX_CARD_TYPES,
            ProblemKind::OutOfRange,
            "",
            "card",
            || format!("at most {MAX_CARD_TYPES} cards in all files"),
        );
        // Every card can meet every other in the shop.
        p.distinct_names(
            self.cards.iter().map(|c| (c.id.as_str(), c.name.as_str())),
            raw.card.iter().map(|c| (c.id.as_str(), c.name.as_str())),
        );
        for c in raw.card.iter() {
            let i = self.cards.len();
            let id = c.id.as_str();
            p.require_card(self.card_index(id).is_none(), ProblemKind::Duplicate, id, "id", || {
                "already used, by a built-in card or an earlier one: ids must be new".into()
            });
            p.require_card(c.attack == (c.ap > 0), ProblemKind::OutOfRange, id, "ap", || {
                "attack cards need ap in 1..=9, others ap 0".into()
            });
            p.require_card(
                c.ap <= 9 && c.guard <= 9 && c.draw <= 9 && c.heal <= 9,
                ProblemKind::OutOfRange,
                id,
                "ap",
                || "values at most 9".into(),
            );
            p.require_card(!c.always || c.carry, ProblemKind::Invalid, id, "always", || "always needs carry".into());
            p.require_card(!(c.carry && c.attack), ProblemKind::Invalid, id, "carry", || {
                "carried items cannot attack".into()
            });
            p.require_card(!(c.carry && c.kind == Kind::Starter), ProblemKind::Invalid, id, "carry", || {
                "starting decks hold no items".into()
            });
            p.require_card(
                c.attack || c.guard + c.draw + c.heal > 0 || !c.text.is_empty(),
                ProblemKind::Invalid,
                id,
                "attack",
                || "a card needs an attack, a guard, draw or heal effect, or a text effect".into(),
            );
            // FF-2.4: commons come in 4 copies each, uniques in 1.
            let copies = match c.kind {
                Kind::Starter => 0,
                Kind::Common => 4,
                Kind::Unique => 1,
            };
            p.require_card(
                c.kind != Kind::Common || c.copies.is_none_or(|n| n == 4),
                ProblemKind::Invalid,
                id,
                "copies",
                || "commons have 4 copies".into(),
            );
            p.require_card(
                c.kind != Kind::Unique || c.copies.is_none_or(|n| n == 1),
                ProblemKind::Invalid,
                id,
                "copies",
                || "uniques have 1 copy".into(),
            );
            p.require_card(c.kind != Kind::Starter || c.copies.is_none(), ProblemKind::Invalid, id, "copies", || {
                "starters have no shop copies".into()
            });
            p.require_card(c.kind == Kind::Starter || c.cost >= 1, ProblemKind::OutOfRange, id, "cost", || {
                "supply cards cost at least 1".into()
            });
            let mut text = Vec::new();
            for (k, t) in c.text.iter().enumerate() {
                match TextEffect::parse(t) {
                    Ok(e) => text.push(e),
                    Err(e) => p.add_card(ProblemKind::Invalid, id, format!("text[{k}]"), e),
                }
            }
            p.require_card(c.text.len() <= MAX_TEXT, ProblemKind::OutOfRange, id, "text", || {
                format!("at most {MAX_TEXT} text effects")
            });
            p.require_card(c.text.is_empty() || !c.carry, ProblemKind::Invalid, id, "text", || {
                "carried items have no text effects".into()
            });
            p.require_card(
                c.attack || text.iter().all(|e| e.when == When::Play),
                ProblemKind::Invalid,
                id,
                "text",
                || "\"hit: …\" effects need an attack card".into(),
            );
            match (&c.line, c.step) {
                (Some(l), Some(s)) => {
                    p.require_card((1..=5).contains(&s), ProblemKind::OutOfRange, id, "step", || {
                        "step in 1..=5".into()
                    });
                    p.require_card(c.kind == Kind::Common, ProblemKind::Invalid, id, "line", || {
                        "only commons form upgrade lines".into()
                    });
                    p.require_card(
                        lines.insert((l.clone(), s), (i, file.to_string())).is_none(),
                        ProblemKind::Duplicate,
                        id,
                        "step",
                        || format!("line {l} has two step {s} cards"),
                    );
                }
                (None, None) => {}
                _ => p.add_card(ProblemKind::Invalid, id, "line", "line and step go together"),
            }
            self.cards.push(Card {
                id: c.id.clone(),
                name: c.name.clone(),
                kind: c.kind,
                copies,
                attack: c.attack,
                ap: c.ap,
                guard: c.guard,
                draw: c.draw,
                heal: c.heal,
                area: c.area,
                pierce: c.pierce,
                launch: c.launch,
                exile: c.exile,
                carry: c.carry,
                always: c.always,
                text,
                next: None,
                later_step: c.step.is_some_and(|s| s > 1),
                cost: c.cost,
            });
        }
        p
    }

    /// Links each upgrade line's steps, whichever files they came from (FF-4.6).
    fn link_lines(&mut self, lines: &HashMap<(String, u8), (usize, String)>, all: &mut ProblemList) {
        for ((line, step), (i, file)) in lines {
            if let Some(&(n, _)) = lines.get(&(line.clone(), step + 1)) {
                self.cards[*i].next = Some(CardId(n as u16));
            }
            if *step > 1 && !lines.contains_key(&(line.clone(), step - 1)) {
                let mut p = ProblemList::in_file(file);
                p.add_card(
                    ProblemKind::Invalid,
                    &self.cards[*i].id,
                    "step",
                    format!("line {line} has no step {}", step - 1),
                );
                all.merge(p);
            }
        }
    }

    /// Reads one characters file after the earlier ones. A file without `[stats]` takes the
    /// shared stats of the first file that gave them (the built-in file's, FF-2.2).
    fn read_characters(&mut self, file: &str, raw: RawCharacters, shared: &mut Option<RawStats>) -> ProblemList {
        let mut p = ProblemList::in_file(file);
        if shared.is_none() {
            *shared = raw.stats;
        }
        let Some(shared) = raw.stats.or(*shared) else {
            p.add_card(ProblemKind::Invalid, "", "stats", "no [stats] here or in an earlier characters file");
            return p;
        };
        for c in raw.character {
            let id = c.id.as_str();
            let life = c.life.unwrap_or(shared.life);
            let actions = c.actions.unwrap_or(shared.actions);
            let max_hand = c.max_hand.unwrap_or(shared.max_hand);
            let max_carry = c.max_carry.unwrap_or(shared.max_carry);
            p.require_card((1..=20).contains(&life), ProblemKind::OutOfRange, id, "life", || "life in 1..=20".into());
            p.require_card((1..=5).contains(&actions), ProblemKind::OutOfRange, id, "actions", || {
                "actions in 1..=5".into()
            });
            p.require_card((1..=8).contains(&max_hand), ProblemKind::OutOfRange, id, "max_hand", || {
                "max_hand in 1..=8".into()
            });
            // One slot above the maximum: an item bought there waits to be discarded (FF-4.9).
            p.require_card(usize::from(max_carry) < MAX_CARRY, ProblemKind::OutOfRange, id, "max_carry", || {
                format!("max_carry at most {}", MAX_CARRY - 1)
            });
            p.require_card(
                self.characters.iter().all(|o| o.order != c.order),
                ProblemKind::Duplicate,
                id,
                "order",
                || "turn orders must be unique across every characters file".into(),
            );
            p.require_card(self.characters.iter().all(|o| o.id != c.id), ProblemKind::Duplicate, id, "id", || {
                "already used, by a built-in character or an earlier one: ids must be new".into()
            });
            let mut deck = Vec::new();
            for (i, (card, n)) in c.deck.iter().enumerate() {
                match self.cards.iter().position(|x| &x.id == card) {
                    Some(k) if !self.cards[k].carry => {
                        deck.extend(std::iter::repeat_n(CardId(k as u16), usize::from(*n)))
                    }
                    Some(_) => {
                        p.add_card(ProblemKind::Invalid, id, format!("deck[{i}]"), format!("{card} is a carried item"))
                    }
                    None => {
                        p.add_card(ProblemKind::UnknownId, id, format!("deck[{i}]"), format!("unknown card {card}"))
                    }
                }
            }
            p.require_card(deck.len() == 12, ProblemKind::OutOfRange, id, "deck", || {
                format!("a starting deck has 12 cards, found {}", deck.len())
            });
            self.characters.push(Character {
                id: c.id.clone(),
                name: c.name,
                life,
                actions,
                max_hand,
                max_carry,
                order: c.order,
                special: c.special,
                deck,
            });
        }
        p
    }

    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[usize::from(id.0)]
    }
    pub fn enemy(&self, id: CardId) -> &Enemy {
        &self.enemies[usize::from(id.0)]
    }
    pub fn card_index(&self, id: &str) -> Option<CardId> {
        self.cards.iter().position(|c| c.id == id).map(|i| CardId(i as u16))
    }
    pub fn character(&self, id: &str) -> Option<usize> {
        self.characters.iter().position(|c| c.id == id)
    }
}

/// One campaign file's enemies, bosses and stage cards: every file is read and checked, the
/// chosen one is played.
#[derive(Default)]
struct Campaign {
    enemies: Vec<Enemy>,
    bosses: Vec<Boss>,
    stages: Vec<StageCard>,
}

impl Campaign {
    fn read(file: &str, id: &str, raw: RawCampaign) -> (Campaign, ProblemList) {
        let mut one = Campaign::default();
        let mut p = ProblemList::in_file(file);
        p.require_card(!raw.name.trim().is_empty(), ProblemKind::Invalid, id, "name", || "empty name".into());
        p.merge(one.read_enemies(file, raw.enemy, raw.boss));
        p.merge(one.read_stages(file, raw.stage));
        (one, p)
    }

    fn read_enemies(&mut self, file: &str, enemies: Vec<RawEnemy>, raw_bosses: Vec<RawBoss>) -> ProblemList {
        let mut p = ProblemList::in_file(file);
        p.require_card(enemies.len() <= MAX_ENEMY_TYPES, ProblemKind::OutOfRange, "", "enemy", || {
            format!("at most {MAX_ENEMY_TYPES} enemies")
        });
        for e in enemies {
            let id = e.id.as_str();
            p.require_card((1..=4).contains(&e.stage), ProblemKind::OutOfRange, id, "stage", || {
                "stage in 1..=4".into()
            });
            p.require_card((1..=6).contains(&e.copies), ProblemKind::OutOfRange, id, "copies", || {
                "copies in 1..=6".into()
            });
            p.require_card((1..=20).contains(&e.life), ProblemKind::OutOfRange, id, "life", || "life in 1..=20".into());
            p.require_card(e.guard <= 9 && e.carrier <= 9, ProblemKind::OutOfRange, id, "guard", || {
                "guard and carrier at most 9".into()
            });
            let skill = match e.skill.as_deref().map(word_number) {
                None => EnemySkill::None,
                Some(Some(("none", None))) => EnemySkill::None,
                Some(Some(("strike", Some(n)))) => EnemySkill::Strike(n),
                Some(Some(("pierce", Some(n)))) => EnemySkill::Pierce(n),
                Some(Some(("rally", None))) => EnemySkill::Rally,
                _ => {
                    p.add_card(
                        ProblemKind::OutOfRange,
                        id,
                        "skill",
                        "one of none, strike N, pierce N, rally (N in 1..=9)",
                    );
                    EnemySkill::None
                }
            };
            self.enemies.push(Enemy {
                id: e.id.clone(),
                name: e.name,
                stage: e.stage,
                copies: e.copies,
                life: e.life,
                guard: e.guard,
                carrier: e.carrier,
                cross: e.cross,
                skill,
            });
        }
        for st in 1..=4u8 {
            p.require_card(self.enemies.iter().any(|e| e.stage == st), ProblemKind::Invalid, "", "enemy", || {
                format!("stage {st} has no enemies")
            });
        }
        let mut bosses: Vec<Option<Boss>> = vec![None; STAGES];
        for b in raw_bosses {
            let id = b.id.as_str();
            let want = if b.stage == 4 { 6 } else { 3 };
            p.require_card(b.skills.len() == want, ProblemKind::OutOfRange, id, "skills", || {
                format!("this boss needs {want} skills")
            });
            p.require_card((1..=30).contains(&b.life), ProblemKind::OutOfRange, id, "life", || "life in 1..=30".into());
            let mut skills = Vec::new();
            for (i, s) in b.skills.iter().enumerate() {
                let skill = match word_number(s) {
                    Some(("damage_all", Some(n))) => BossSkill::DamageAll(n),
                    Some(("pierce_all", Some(n))) => BossSkill::PierceAll(n),
                    Some(("damage_line", Some(n))) => BossSkill::DamageLine(n),
                    Some(("summon", Some(n))) => BossSkill::Summon(n),
                    Some(("strip_guard", None)) => BossSkill::StripGuard,
                    _ => {
                        p.add_card(
                            ProblemKind::Invalid,
                            id,
                            format!("skills[{i}]"),
                            "one of damage_all N, pierce_all N, damage_line N, summon N, strip_guard",
                        );
                        continue;
                    }
                };
                skills.push(skill);
            }
            match bosses.get_mut(usize::from(b.stage).wrapping_sub(1)) {
                Some(slot @ None) => *slot = Some(Boss { id: b.id.clone(), name: b.name, life: b.life, skills }),
                Some(Some(_)) => p.add_card(ProblemKind::Invalid, id, "stage", "two bosses for one stage"),
                None => p.add_card(ProblemKind::OutOfRange, id, "stage", "stage in 1..=4"),
            }
        }
        for (i, b) in bosses.into_iter().enumerate() {
            match b {
                Some(b) => self.bosses.push(b),
                None => p.add_card(ProblemKind::Invalid, "", "boss", format!("stage {} has no boss", i + 1)),
            }
        }
        p
    }

    fn read_stages(&mut self, file: &str, stages: Vec<RawStage>) -> ProblemList {
        let mut p = ProblemList::in_file(file);
        for s in stages {
            let id = s.id.as_str();
            p.require_card((1..=4).contains(&s.stage), ProblemKind::OutOfRange, id, "stage", || {
                "stage in 1..=4".into()
            });
            p.require_card(s.respawn.iter().all(|&n| n <= 3), ProblemKind::OutOfRange, id, "respawn", || {
                "at most 3 enemies per respawn".into()
            });
            p.require_card(s.extra.len() <= 2, ProblemKind::OutOfRange, id, "extra", || {
                "at most 2 extra enemies".into()
            });
            for (i, &(r, n)) in s.extra.iter().enumerate() {
                p.require_card(
                    (1..=6).contains(&r) && (1..=4).contains(&n),
                    ProblemKind::OutOfRange,
                    id,
                    &format!("extra[{i}]"),
                    || "[respawn 1..=6, min_players 1..=4]".into(),
                );
            }
            let gimmick = match word_number(&s.gimmick) {
                Some(("none", None)) => Gimmick::None,
                Some(("hazard", Some(n))) => Gimmick::Hazard(n),
                Some(("supply", Some(n))) => Gimmick::Supply(n),
                Some(("cheer", Some(n))) => Gimmick::Cheer(n),
                Some(("rush", Some(n))) => Gimmick::Rush(n),
                Some(("dark", None)) => Gimmick::Dark,
                _ => {
                    p.add_card(
                        ProblemKind::Invalid,
                        id,
                        "gimmick",
                        "one of none, hazard N, supply N, cheer N, rush N, dark",
                    );
                    Gimmick::None
                }
            };
            self.stages.push(StageCard {
                id: s.id.clone(),
                name: s.name,
                stage: s.stage,
                boss: s.boss,
                respawn: s.respawn,
                extra: s.extra.iter().map(|&(r, n)| (r.saturating_sub(1), n)).collect(),
                gimmick,
            });
        }
        for st in 1..=4u8 {
            let normal = self.stages.iter().filter(|s| s.stage == st && !s.boss).count();
            let boss = self.stages.iter().filter(|s| s.stage == st && s.boss).count();
            p.require_card(normal == 6 && boss == 1, ProblemKind::OutOfRange, "", "stage", || {
                format!("stage {st} needs 6 normal and 1 boss stage card, found {normal} and {boss}")
            });
        }
        p
    }
}

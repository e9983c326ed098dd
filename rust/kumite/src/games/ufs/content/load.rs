//! Reading content: the TOML files into plain `Raw*` structs, then every check into the
//! tables the rules use (the built-in content is read the same way), and the deck rules.

use super::*;
use crate::cards::{parse_toml, RawCards};
use crate::core::{GameError, ProblemKind, ProblemList};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBlock {
    modifier: i8,
    zone: Zone,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbility {
    trigger: Trigger,
    #[serde(default)]
    cost: Vec<String>,
    #[serde(default)]
    effect: Vec<String>,
    #[serde(default)]
    combo: Vec<String>,
    #[serde(default)]
    desperation: bool,
    attack: Option<Whose>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    name: String,
    #[serde(rename = "type")]
    kind: Kind,
    difficulty: u8,
    control: u8,
    symbols: Vec<String>,
    block: Option<RawBlock>,
    speed: Option<u8>,
    zone: Option<Zone>,
    damage: Option<u8>,
    vitality: Option<u8>,
    hand_size: Option<u8>,
    person: Option<String>,
    #[serde(default)]
    unique: bool,
    #[serde(default)]
    traits: Vec<String>,
    #[serde(default)]
    breaker: u8,
    #[serde(default)]
    ability: Vec<RawAbility>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDecks {
    #[serde(default)]
    deck: Vec<RawDeck>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    id: String,
    character: Option<String>,
    /// `[card id, copies]` pairs.
    cards: Vec<(String, u8)>,
    #[serde(default)]
    sideboard: Vec<(String, u8)>,
}

pub const BUILTIN: [(&str, &str); 2] =
    [("cards.toml", include_str!("../data/cards.toml")), ("decks.toml", include_str!("../data/decks.toml"))];

fn parse_ability(raw: &RawAbility, kind: Kind, p: &mut ProblemList, card: &str, k: usize) -> Option<Ability> {
    let field = |f: &str| format!("ability[{k}].{f}");
    let mut cost = Cost::default();
    for c in &raw.cost {
        let mut w = c.split_whitespace();
        match (w.next(), w.next(), w.next()) {
            (Some("commit"), None, _) if !cost.commit => cost.commit = true,
            (Some("destroy"), None, _) if !cost.destroy => cost.destroy = true,
            (Some("surge"), Some(n), None) if cost.surge == 0 => match n.parse::<u8>() {
                Ok(n @ 1..=9) => cost.surge = n,
                _ => p.add_card(
                    ProblemKind::OutOfRange,
                    card,
                    field("cost"),
                    format!("{c:?}: surge takes a number in 1..=9"),
                ),
            },
            _ => p.add_card(
                ProblemKind::Invalid,
                card,
                field("cost"),
                format!("{c:?} is not a cost (commit, destroy, surge N; each once)"),
            ),
        }
    }
    let mut effects = Vec::new();
    for e in &raw.effect {
        match Effect::parse(e) {
            Ok(e) => effects.push(e),
            Err(msg) => p.add_card(ProblemKind::Invalid, card, field("effect"), msg),
        }
    }
    p.require_card(!raw.effect.is_empty(), ProblemKind::OutOfRange, card, &field("effect"), || {
        "an ability needs at least one effect".into()
    });
    p.require_card(raw.effect.len() <= MAX_EFFECTS, ProblemKind::OutOfRange, card, &field("effect"), || {
        format!("at most {MAX_EFFECTS} effects")
    });
    p.require_card(raw.combo.len() <= MAX_COMBO, ProblemKind::OutOfRange, card, &field("combo"), || {
        format!("at most {MAX_COMBO} combo steps")
    });
    p.require_card(
        raw.combo.is_empty() || matches!(kind, Kind::Attack | Kind::Action),
        ProblemKind::Invalid,
        card,
        &field("combo"),
        || "Combo reads the cards before this one in the card pool: only attacks and actions can have it".into(),
    );
    p.require_card(raw.combo.iter().all(|t| !t.trim().is_empty()), ProblemKind::Invalid, card, &field("combo"), || {
        "empty combo step".into()
    });
    p.require_card(raw.trigger.chosen() || cost.is_free(), ProblemKind::Invalid, card, &field("cost"), || {
        format!("a {} ability fires by itself and cannot have a cost", raw.trigger.name())
    });
    p.require_card(
        !(cost.destroy && kind != Kind::Foundation && kind != Kind::Asset),
        ProblemKind::Invalid,
        card,
        &field("cost"),
        || "destroy is a cost for foundations and assets in play".into(),
    );
    p.require_card(
        !(cost.commit && matches!(kind, Kind::Attack | Kind::Action)),
        ProblemKind::Invalid,
        card,
        &field("cost"),
        || "commit is a cost for cards in play (characters, foundations, assets)".into(),
    );
    p.require_card(
        !(raw.trigger == Trigger::Form && matches!(kind, Kind::Attack | Kind::Action)),
        ProblemKind::Invalid,
        card,
        &field("trigger"),
        || "form abilities belong to cards in play; attacks and actions use play or enhance".into(),
    );
    let on_attack = effects.iter().any(|e| e.on_attack());
    p.require_card(on_attack == raw.attack.is_some(), ProblemKind::Invalid, card, &field("attack"), || {
        if on_attack {
            "speed, damage and zone effects need `attack = \"yours\"` or `\"theirs\"`: whose attack they change".into()
        } else {
            "`attack` names whose attack speed, damage and zone effects change; this ability has none".into()
        }
    });
    Some(Ability {
        trigger: raw.trigger,
        attack: raw.attack,
        cost,
        condition: Condition { combo: raw.combo.clone(), desperation: raw.desperation },
        effects,
    })
}

impl Content {
    pub fn builtin() -> Content {
        let mut c = Content::default();
        c.add_cards(BUILTIN[0].0, BUILTIN[0].1).expect("built-in cards are valid");
        c.add_decks(BUILTIN[1].0, BUILTIN[1].1).expect("built-in decks are valid");
        c
    }

    pub fn card_index(&self, id: &str) -> Option<CardId> {
        self.index.get(id).copied()
    }

    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[usize::from(id.0)]
    }

    pub fn deck(&self, id: &str) -> Option<&Preset> {
        self.decks.iter().find(|d| d.id == id)
    }

    /// Adds the cards of one TOML file; an id already known is an error.
    pub fn add_cards(&mut self, file: &str, text: &str) -> Result<(), GameError> {
        let raw: RawCards<RawCard> = parse_toml(file, text)?;
        let mut p = ProblemList::in_file(file);
        let mut new = Vec::new();
        for r in &raw.card {
            let id = r.id.as_str();
            p.require_card(!id.trim().is_empty(), ProblemKind::Invalid, id, "id", || "empty id".into());
            p.require_card(
                !self.index.contains_key(id) && !new.iter().any(|c: &Card| c.id == id),
                ProblemKind::Duplicate,
                id,
                "id",
                || "already used, by a built-in entry or an earlier one: ids must be new".into(),
            );
            p.require_card(!r.name.trim().is_empty(), ProblemKind::Invalid, id, "name", || "empty name".into());
            p.require_card(r.difficulty <= MAX_PRINTED, ProblemKind::OutOfRange, id, "difficulty", || {
                format!("must be in 0..={MAX_PRINTED}")
            });
            p.require_card((1..=MAX_PRINTED).contains(&r.control), ProblemKind::OutOfRange, id, "control", || {
                format!("must be in 1..={MAX_PRINTED}")
            });
            let mut symbols = Vec::new();
            for s in &r.symbols {
                match Symbol::parse(s) {
                    Some(sym) if !symbols.contains(&sym) => symbols.push(sym),
                    Some(_) => p.add_card(ProblemKind::Duplicate, id, "symbols", format!("{s:?} listed twice")),
                    None => p.add_card(ProblemKind::Invalid, id, "symbols", format!("{s:?} is not a resource symbol (air, all, chaos, death, earth, evil, fire, good, life, order, void, water, infinity)")),
                }
            }
            p.require_card(r.symbols.len() == 3, ProblemKind::OutOfRange, id, "symbols", || {
                format!(
                    "UF-7.3: a card shows its resource symbols as a set of three, this one lists {}",
                    r.symbols.len()
                )
            });
            let block = r.block.as_ref().map(|b| BlockIcon { modifier: b.modifier, zone: b.zone });
            if let Some(b) = block {
                p.require_card((-5..=9).contains(&b.modifier), ProblemKind::OutOfRange, id, "block.modifier", || {
                    "must be in -5..=9".into()
                });
            }
            let is_attack = r.kind == Kind::Attack;
            let attack = match (r.speed, r.zone, r.damage) {
                (Some(speed), Some(zone), Some(damage)) if is_attack => {
                    p.require_card(speed <= 9, ProblemKind::OutOfRange, id, "speed", || "must be in 0..=9".into());
                    p.require_card((1..=12).contains(&damage), ProblemKind::OutOfRange, id, "damage", || {
                        "must be in 1..=12".into()
                    });
                    Some(AttackIcon { speed, zone, damage })
                }
                (None, None, None) if !is_attack => None,
                _ if is_attack => {
                    p.add_card(ProblemKind::Invalid, id, "speed/zone/damage", "an attack needs speed, zone and damage");
                    None
                }
                _ => {
                    p.add_card(
                        ProblemKind::Invalid,
                        id,
                        "speed/zone/damage",
                        "only attacks have speed, zone and damage",
                    );
                    None
                }
            };
            let is_char = r.kind == Kind::Character;
            let (vitality, hand_size, person) = match (r.vitality, r.hand_size, &r.person) {
                (Some(v), Some(h), person) if is_char => {
                    p.require_card((1..=MAX_VITALITY).contains(&v), ProblemKind::OutOfRange, id, "vitality", || {
                        format!("must be in 1..={MAX_VITALITY}")
                    });
                    p.require_card((1..=MAX_HAND_SIZE).contains(&h), ProblemKind::OutOfRange, id, "hand_size", || {
                        format!("must be in 1..={MAX_HAND_SIZE}")
                    });
                    (v, h, person.clone().unwrap_or_else(|| r.id.clone()))
                }
                (None, None, None) if !is_char => (0, 0, String::new()),
                _ if is_char => {
                    p.add_card(
                        ProblemKind::Invalid,
                        id,
                        "vitality/hand_size",
                        "a character needs vitality and hand_size",
                    );
                    (1, 1, String::new())
                }
                _ => {
                    p.add_card(
                        ProblemKind::Invalid,
                        id,
                        "vitality/hand_size/person",
                        "only characters have vitality, hand_size and person",
                    );
                    (0, 0, String::new())
                }
            };
            p.require_card(r.breaker <= 9, ProblemKind::OutOfRange, id, "breaker", || "must be in 0..=9".into());
            p.require_card(r.breaker == 0 || block.is_some(), ProblemKind::Invalid, id, "breaker", || {
                "Breaker works after a block: the card needs a block icon".into()
            });
            p.require_card(
                r.ability.len() + usize::from(r.breaker > 0) <= MAX_ABILITIES,
                ProblemKind::OutOfRange,
                id,
                "ability",
                || format!("at most {MAX_ABILITIES} abilities (Breaker counts as one)"),
            );
            p.require_card(
                r.traits.iter().all(|t| !t.trim().is_empty() && !t.contains(',')),
                ProblemKind::Invalid,
                id,
                "traits",
                || "empty trait or comma".into(),
            );
            let mut abilities: Vec<Ability> =
                r.ability.iter().enumerate().filter_map(|(k, a)| parse_ability(a, r.kind, &mut p, id, k)).collect();
            for (k, a) in r.ability.iter().enumerate() {
                if a.trigger == Trigger::Block {
                    p.require_card(block.is_some(), ProblemKind::Invalid, id, &format!("ability[{k}].trigger"), || {
                        "block abilities need a block icon".into()
                    });
                }
            }
            if r.breaker > 0 {
                abilities.push(Ability {
                    trigger: Trigger::Block,
                    attack: None,
                    cost: Cost::default(),
                    condition: Condition::default(),
                    effects: vec![Effect::Breaker(r.breaker)],
                });
            }
            new.push(Card {
                id: r.id.clone(),
                name: r.name.clone(),
                kind: r.kind,
                difficulty: r.difficulty,
                control: r.control,
                symbols,
                block,
                attack,
                vitality,
                hand_size,
                person,
                unique: r.unique,
                traits: r.traits.clone(),
                breaker: r.breaker,
                triggers: abilities.iter().fold(0, |m, a| m | a.trigger.bit()),
                abilities,
            });
        }
        // Every card but a character can be in one deck, so in one hand.
        fn named(c: &Card) -> Option<(&str, &str)> {
            (c.kind != Kind::Character).then_some((c.id.as_str(), c.name.as_str()))
        }
        p.distinct_names(self.cards.iter().filter_map(named), new.iter().filter_map(named));
        p.require_card(self.cards.len() + new.len() <= MAX_CARDS, ProblemKind::OutOfRange, "", "card", || {
            format!("at most {MAX_CARDS} cards in all")
        });
        p.into_result()?;
        for c in new {
            self.index.insert(c.id.clone(), CardId(self.cards.len() as u16));
            self.cards.push(c);
        }
        Ok(())
    }

    /// Adds the preset decks of one TOML file; each must be a legal deck (UF-2).
    pub fn add_decks(&mut self, file: &str, text: &str) -> Result<(), GameError> {
        let raw: RawDecks = parse_toml(file, text)?;
        let mut p = ProblemList::in_file(file);
        let mut new = Vec::new();
        for d in &raw.deck {
            let id = d.id.as_str();
            p.require_card(!id.trim().is_empty(), ProblemKind::Invalid, id, "id", || "empty id".into());
            p.require_card(
                self.deck(id).is_none() && !new.iter().any(|x: &Preset| x.id == id),
                ProblemKind::Duplicate,
                id,
                "id",
                || "already used, by a built-in entry or an earlier one: ids must be new".into(),
            );
            let expand = |list: &[(String, u8)]| -> Vec<String> {
                list.iter().flat_map(|(c, n)| std::iter::repeat_n(c.clone(), usize::from(*n))).collect()
            };
            let cards = expand(&d.cards);
            let sideboard = expand(&d.sideboard);
            let mut deck_problems = ProblemList::in_file(file);
            if let Some(v) = self.check_deck(&cards, &sideboard, d.character.as_deref(), id, &mut deck_problems) {
                new.push(Preset { id: d.id.clone(), character: v.0, cards: v.1, sideboard: v.2 });
            }
            p.merge(deck_problems);
        }
        p.into_result()?;
        self.decks.extend(new);
        Ok(())
    }

    /// Checks a decklist (UF-2.1..UF-2.4, UFX-11) and resolves it: the starting character, the
    /// deck and the sideboard as card ids. Problems name `deck` (or the card) and the rule.
    pub fn check_deck(
        &self,
        cards: &[String],
        sideboard: &[String],
        character: Option<&str>,
        deck: &str,
        p: &mut ProblemList,
    ) -> Option<(CardId, Vec<CardId>, Vec<CardId>)> {
        if cards.len() > MAX_LEGAL_DECK || sideboard.len() > MAX_LEGAL_DECK {
            p.add_card(ProblemKind::OutOfRange, deck, "cards", format!(
                "UF-2.2: a deck of {} cards holds more than 4 copies of some card: the content holds at most {MAX_CARDS} cards, so a deck at most {MAX_LEGAL_DECK}",
                cards.len().max(sideboard.len())
            ));
            return None;
        }
        let before = p.is_empty();
        let mut ok = true;
        let mut resolve = |list: &[String], field: &str| -> Vec<CardId> {
            let mut out = Vec::new();
            for c in list {
                match self.card_index(c) {
                    Some(i) => out.push(i),
                    None => {
                        p.add_card(ProblemKind::UnknownId, c.as_str(), field, format!("deck {deck:?}: no such card"));
                        ok = false;
                    }
                }
            }
            out
        };
        let ids = resolve(cards, "cards");
        let side = resolve(sideboard, "sideboard");
        if cards.len() < 60 {
            p.add_card(
                ProblemKind::OutOfRange,
                deck,
                "cards",
                format!("UF-2.1: a deck has at least 60 cards, this one has {}", cards.len()),
            );
        }
        if !sideboard.is_empty() && sideboard.len() != 8 {
            p.add_card(
                ProblemKind::OutOfRange,
                deck,
                "sideboard",
                format!("UF-2.4: a sideboard has 0 or exactly 8 cards, this one has {}", sideboard.len()),
            );
        }
        let mut counts: Vec<(CardId, usize)> = Vec::new();
        for &c in ids.iter().chain(side.iter()) {
            match counts.iter_mut().find(|(x, _)| *x == c) {
                Some((_, n)) => *n += 1,
                None => counts.push((c, 1)),
            }
        }
        for &(c, n) in &counts {
            if n > 4 {
                p.add_card(
                    ProblemKind::OutOfRange,
                    self.card(c).id.as_str(),
                    "copies",
                    format!(
                        "deck {deck:?}: UF-2.2: at most 4 copies of a card (deck and sideboard together), found {n}"
                    ),
                );
            }
        }
        let chars: Vec<CardId> = ids.iter().copied().filter(|&c| self.card(c).kind == Kind::Character).collect();
        let start = match character {
            Some(name) => match self.card_index(name) {
                Some(c) if chars.contains(&c) => Some(c),
                Some(_) => {
                    p.add_card(
                        ProblemKind::Invalid,
                        name,
                        "character",
                        format!("deck {deck:?}: UF-4.1: the starting character must be a character card of the deck"),
                    );
                    None
                }
                None => {
                    p.add_card(ProblemKind::UnknownId, name, "character", format!("deck {deck:?}: no such card"));
                    None
                }
            },
            None => {
                if chars.is_empty() && ok {
                    p.add_card(
                        ProblemKind::OutOfRange,
                        deck,
                        "cards",
                        "UF-2.3: a deck needs at least one character card for the start",
                    );
                }
                chars.first().copied()
            }
        };
        if !(ok && before && p.is_empty()) {
            return None;
        }
        let start = start?;
        let mut rest = ids;
        let at = rest.iter().position(|&c| c == start)?;
        rest.remove(at);
        Some((start, rest, side))
    }
}

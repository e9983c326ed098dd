//! Reading content: the TOML files into plain `Raw*` structs, then every check into the
//! tables the rules use (the built-in content is read the same way).

use std::collections::HashMap;

use serde::Deserialize;

use super::language::{draws, parse_map, parse_ops};
use super::*;
use crate::cards::{parse_toml, RawCards};
use crate::core::{GameError, ProblemKind, ProblemList};

// ----- raw forms -------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPart {
    #[serde(default)]
    initiative: Option<toml::Value>,
    #[serde(rename = "do")]
    ops: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBonus {
    zone: Zone,
    #[serde(rename = "do")]
    ops: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    /// Also read as `key`, the name before ids were called `id` in every game.
    #[serde(alias = "key")]
    id: String,
    name: String,
    number: u16,
    rank: u8,
    #[serde(rename = "type")]
    ty: CardType,
    initiative: Vec<u8>,
    #[serde(default)]
    instant: Instant,
    #[serde(default)]
    requires: Option<Zone>,
    #[serde(default)]
    owner: Option<String>,
    copies: u8,
    #[serde(rename = "do")]
    ops: Vec<String>,
    #[serde(default, rename = "then")]
    parts: Vec<RawPart>,
    #[serde(default)]
    bonus: Vec<RawBonus>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNode {
    /// Also read as `key`, the name before ids were called `id` in every game.
    #[serde(alias = "key")]
    id: String,
    zone: Zone,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTree {
    nodes: Vec<RawNode>,
    /// `"a-b"`: a branch between two nodes, usable both ways (SJ-3.5).
    links: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCore {
    name: String,
    #[serde(rename = "do")]
    ops: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSamurai {
    /// Also read as `key`, the name before ids were called `id` in every game.
    #[serde(alias = "key")]
    id: String,
    name: String,
    wound_limit: u8,
    advantage: u8,
    hand_limit: u8,
    kamae: RawTree,
    core: RawCore,
    /// Card key → copies: the preset deck.
    deck: HashMap<String, u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSamuraiFile {
    samurai: Vec<RawSamurai>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBattlefield {
    /// Also read as `key`, the name before ids were called `id` in every game.
    #[serde(alias = "key")]
    id: String,
    name: String,
    map: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBattlefieldFile {
    battlefield: Vec<RawBattlefield>,
}

// ----- validation ------------------------------------------------------------------------------

impl Content {
    pub fn builtin() -> Content {
        Content::from_texts(
            include_str!("../data/cards.toml"),
            include_str!("../data/samurai.toml"),
            include_str!("../data/battlefields.toml"),
        )
        .expect("built-in content is valid")
    }

    /// Content from the texts of the three built-in files (cards, samurai, battlefields).
    pub fn from_texts(cards: &str, samurai: &str, battlefields: &str) -> Result<Content, GameError> {
        let mut c = Content { cards: Vec::new(), samurai: Vec::new(), battlefields: Vec::new(), stun: CardId(0) };
        c.add_cards("senjutsu/cards.toml", cards)?;
        c.add_samurai("senjutsu/samurai.toml", samurai)?;
        c.add_battlefields("senjutsu/battlefields.toml", battlefields)?;
        c.check_owners()?;
        Ok(c)
    }

    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[usize::from(id.0)]
    }
    pub fn card_by_id(&self, key: &str) -> Option<CardId> {
        self.cards.iter().position(|c| c.id == key).map(|i| CardId(i as u16))
    }
    pub fn samurai_by_id(&self, key: &str) -> Option<usize> {
        self.samurai.iter().position(|s| s.id == key)
    }
    pub fn battlefield_by_id(&self, key: &str) -> Option<usize> {
        self.battlefields.iter().position(|b| b.id == key)
    }

    /// Adds pool cards. Samurai files name cards, so cards come first; the stun card is always
    /// the last kind (re-added after each file).
    pub fn add_cards(&mut self, file: &str, text: &str) -> Result<(), GameError> {
        let raw: RawCards<RawCard> = parse_toml(file, text)?;
        let mut p = ProblemList::in_file(file);
        // The stun card is re-added at the end.
        if let Some(i) = self.cards.iter().position(|c| c.ty == CardType::Stun) {
            self.cards.remove(i);
        }
        let mut new = Vec::new();
        for r in raw.card {
            if let Some(card) = self.build_card(r, &mut p, &new) {
                new.push(card);
            }
        }
        // Any two kinds can meet in one hand (decks are built from the whole pool).
        let known = self.cards.iter().map(|c| (c.id.as_str(), c.name.as_str())).chain([("stun", "Stun")]);
        p.distinct_names(known, new.iter().map(|c| (c.id.as_str(), c.name.as_str())));
        p.require_card(self.cards.len() + new.len() < MAX_KINDS, ProblemKind::OutOfRange, "", "card", || {
            format!("at most {} card kinds in all", MAX_KINDS - 1)
        });
        p.into_result()?;
        self.cards.extend(new);
        self.push_stun();
        Ok(())
    }

    fn push_stun(&mut self) {
        self.stun = CardId(self.cards.len() as u16);
        self.cards.push(Card {
            id: "stun".into(),
            name: "Stun".into(),
            number: 0,
            rank: 0,
            ty: CardType::Stun,
            initiative: vec![0],
            instant: Instant::None,
            requires: None,
            owner: None,
            copies: 0,
            parts: Vec::new(),
            bonus: Vec::new(),
            text: "Stun: no effect; leaves the hand only when played".into(),
        });
    }

    fn build_card(&self, r: RawCard, p: &mut ProblemList, new: &[Card]) -> Option<Card> {
        let k = r.id.clone();
        let before = p.len();
        p.require_card(!r.id.is_empty() && r.id != "stun", ProblemKind::Invalid, &k, "id", || {
            "must be a non-empty key other than \"stun\"".into()
        });
        let dup = self.cards.iter().chain(new).any(|c| c.id == r.id);
        p.require_card(!dup, ProblemKind::Duplicate, &k, "id", || {
            "already used, by a built-in entry or an earlier one: ids must be new".into()
        });
        let dup_number = self.cards.iter().chain(new).any(|c| c.number == r.number && c.ty != CardType::Core);
        p.require_card(!dup_number && r.number > 0, ProblemKind::OutOfRange, &k, "number", || {
            "card numbers must be unique and positive".into()
        });
        p.require_card((1..=3).contains(&r.rank), ProblemKind::OutOfRange, &k, "rank", || "rank must be 1..=3".into());
        p.require_card(
            matches!(r.ty, CardType::Defense | CardType::Attack | CardType::Meditation),
            ProblemKind::Invalid,
            &k,
            "type",
            || "pool cards are defense, attack or meditation".into(),
        );
        // An add instant with no initiative is `[=]`: it resolves right after its host (SJ-12.5).
        let attached = r.initiative.is_empty() && r.instant == Instant::Add;
        p.require_card(
            (attached || (1..=2).contains(&r.initiative.len()))
                && r.initiative.len() <= 2
                && r.initiative.iter().all(|&i| i <= MAX_INITIATIVE)
                && r.initiative.windows(2).all(|w| w[0] < w[1]),
            ProblemKind::OutOfRange,
            &k,
            "initiative",
            || "one or two increasing values in 0..=9 ([] only for an add instant: [=])".into(),
        );
        p.require_card((1..=4).contains(&r.copies), ProblemKind::OutOfRange, &k, "copies", || {
            "copies must be 1..=4".into()
        });
        let mut card = self.finish_card(
            &k,
            r.name,
            r.number,
            r.rank,
            r.ty,
            r.initiative,
            r.instant,
            &r.ops,
            &r.parts,
            &r.bonus,
            p,
        );
        card.requires = r.requires;
        card.copies = r.copies;
        card.text = card.describe();
        // A samurai key; samurai load later, so `check_owners` resolves it.
        card.owner = r.owner;
        card.id = r.id;
        (p.len() == before).then_some(card)
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_card(
        &self,
        k: &str,
        name: String,
        number: u16,
        rank: u8,
        ty: CardType,
        initiative: Vec<u8>,
        instant: Instant,
        ops: &[String],
        parts: &[RawPart],
        bonus: &[RawBonus],
        p: &mut ProblemList,
    ) -> Card {
        let first = if initiative.is_empty() { Timing::Same } else { Timing::Card };
        let mut all = vec![Part { timing: first, ops: parse_ops(ops, p, k, "do") }];
        p.require_card(!ops.is_empty(), ProblemKind::OutOfRange, k, "do", || "a card needs at least one action".into());
        p.require_card(parts.len() < MAX_PARTS, ProblemKind::OutOfRange, k, "then", || {
            format!("at most {} later parts", MAX_PARTS - 1)
        });
        for (i, part) in parts.iter().enumerate() {
            let field = format!("then[{i}]");
            let timing = match &part.initiative {
                Some(toml::Value::String(s)) if s == "=" => Timing::Same,
                Some(toml::Value::Integer(x)) if (0..=i64::from(MAX_INITIATIVE)).contains(x) => Timing::At(*x as u8),
                _ => {
                    p.add_card(ProblemKind::OutOfRange, k, &field, "initiative must be \"=\" or 0..=9");
                    Timing::Same
                }
            };
            p.require_card(!part.ops.is_empty(), ProblemKind::OutOfRange, k, &field, || {
                "a part needs at least one action".into()
            });
            all.push(Part { timing, ops: parse_ops(&part.ops, p, k, &field) });
        }
        let mut bonuses = Vec::new();
        for (i, b) in bonus.iter().enumerate() {
            let field = format!("bonus[{i}]");
            p.require_card(b.zone != Zone::Gate, ProblemKind::Invalid, k, &field, || {
                "bonus zones are aggression, balance or resolve".into()
            });
            bonuses.push((b.zone, parse_ops(&b.ops, p, k, &field)));
        }
        let all_ops = all.iter().flat_map(|p| p.ops.iter()).chain(bonuses.iter().flat_map(|b| b.1.iter()));
        let total_draw: u32 = all_ops.clone().map(|o| draws(std::slice::from_ref(o))).sum();
        p.require_card(total_draw <= u32::from(MAX_CARD_DRAW), ProblemKind::OutOfRange, k, "do", || {
            format!("a card draws at most {MAX_CARD_DRAW}")
        });
        let zones = [Zone::Aggression, Zone::Balance, Zone::Resolve];
        if zones.iter().any(|z| bonuses.iter().filter(|b| b.0 == *z).count() > 1) {
            p.add_card(ProblemKind::Invalid, k, "bonus", "one bonus per zone");
        }
        if bonuses.iter().any(|b| b.1.len() + all[0].ops.len() > MAX_OPS) {
            p.add_card(
                ProblemKind::OutOfRange,
                k,
                "bonus",
                format!("first part plus bonus is at most {MAX_OPS} actions"),
            );
        }
        // A `choose` option counts as the card's action: the type must cover every option.
        let flat = all_ops.clone().flat_map(|o| match o {
            Op::Choose(opts) => opts.iter().collect::<Vec<_>>(),
            o => vec![o],
        });
        let attacks = flat.clone().any(|o| matches!(o, Op::Attack { .. }));
        let defends = flat.clone().any(|o| matches!(o, Op::Defend { .. }));
        match ty {
            CardType::Attack => p.require_card(attacks, ProblemKind::Invalid, k, "type", || {
                "an attack card needs an attack action".into()
            }),
            CardType::Defense => p.require_card(defends, ProblemKind::Invalid, k, "type", || {
                "a defense card needs a defend action".into()
            }),
            _ => p.require_card(!attacks && !defends, ProblemKind::Invalid, k, "type", || {
                "only attack and defense cards attack or defend".into()
            }),
        }
        if instant != Instant::Add {
            p.require_card(
                all.iter().skip(1).all(|x| x.timing != Timing::Card),
                ProblemKind::Invalid,
                k,
                "then",
                || "later parts resolve at \"=\" or their own initiative".into(),
            );
        }
        Card {
            id: k.to_string(),
            name,
            number,
            rank,
            ty,
            initiative,
            instant,
            requires: None,
            owner: None,
            copies: 0,
            parts: all,
            bonus: bonuses,
            text: String::new(),
        }
    }

    pub fn add_samurai(&mut self, file: &str, text: &str) -> Result<(), GameError> {
        let raw: RawSamuraiFile = parse_toml(file, text)?;
        let mut p = ProblemList::in_file(file);
        let stun = self.cards.pop().expect("the stun card is last");
        for r in raw.samurai {
            let k = r.id.clone();
            let before = p.len();
            p.require_card(self.samurai_by_id(&k).is_none(), ProblemKind::Duplicate, &k, "id", || {
                "already used, by a built-in entry or an earlier one: ids must be new".into()
            });
            p.require_card(
                (3..=MAX_WOUND_LIMIT).contains(&r.wound_limit),
                ProblemKind::OutOfRange,
                &k,
                "wound_limit",
                || format!("must be 3..={MAX_WOUND_LIMIT}"),
            );
            p.require_card((1..=9).contains(&r.advantage), ProblemKind::OutOfRange, &k, "advantage", || {
                "must be 1..=9".into()
            });
            p.require_card(
                (3..=MAX_HAND_LIMIT).contains(&r.hand_limit),
                ProblemKind::OutOfRange,
                &k,
                "hand_limit",
                || format!("must be 3..={MAX_HAND_LIMIT}"),
            );
            let tree = build_tree(&r.kamae, &mut p, &k);
            let index = self.samurai.len();
            let core_id = CardId(self.cards.len() as u16);
            let mut core = self.finish_card(
                &format!("{k}.core"),
                r.core.name.clone(),
                0,
                0,
                CardType::Core,
                vec![0],
                Instant::None,
                &r.core.ops,
                &[],
                &[],
                &mut p,
            );
            core.owner = Some(k.clone());
            core.text = core.describe();
            let known = self.cards.iter().chain([&stun]).map(|c| (c.id.as_str(), c.name.as_str()));
            p.distinct_names(known, [(core.id.as_str(), core.name.as_str())]);
            if p.len() > before {
                continue;
            }
            self.cards.push(core);
            let samurai = Samurai {
                id: r.id.clone(),
                name: r.name,
                wound_limit: r.wound_limit,
                advantage: r.advantage,
                hand_limit: r.hand_limit,
                tree,
                core: core_id,
                deck: Vec::new(),
            };
            self.samurai.push(samurai);
            let mut deck: Vec<(String, u8)> = r.deck.into_iter().collect();
            deck.sort();
            let mut cards = Vec::new();
            for (key, n) in deck {
                match self.card_by_id(&key) {
                    Some(id) => cards.extend(std::iter::repeat_n(id, usize::from(n))),
                    None => p.add_card(ProblemKind::UnknownId, &k, "deck", format!("unknown card {key:?}")),
                }
            }
            self.samurai[index].deck = cards;
        }
        self.cards.push(stun);
        self.stun = CardId((self.cards.len() - 1) as u16);
        for i in 0..self.samurai.len() {
            if let Err(e) = self.validate_deck(i, &self.samurai[i].deck) {
                p.add_card(ProblemKind::Invalid, &self.samurai[i].id, "deck", e);
            }
        }
        p.require_card(self.cards.len() <= MAX_KINDS, ProblemKind::OutOfRange, "", "card", || {
            format!("at most {MAX_KINDS} card kinds in all")
        });
        p.into_result()
    }

    /// The preset deck of samurai `preset` for samurai `seat`: the preset's signature cards are
    /// swapped one for one for the seat's own, in the order of the seat's preset (SJX-12).
    pub fn preset_for(&self, preset: usize, seat: usize) -> Result<Vec<CardId>, String> {
        let key = &self.samurai[seat].id;
        let own = |c: &CardId| self.card(*c).owner.as_ref() == Some(key);
        let mut deck: Vec<CardId> =
            self.samurai[preset].deck.iter().filter(|c| self.card(**c).owner.is_none() || own(c)).copied().collect();
        let missing = self.samurai[preset].deck.len() - deck.len();
        let mine: Vec<CardId> = self.samurai[seat].deck.iter().filter(|c| own(c)).copied().collect();
        if mine.len() < missing {
            return Err(format!(
                "the {} preset holds {missing} signature cards, but {key}'s own preset only {}",
                self.samurai[preset].id,
                mine.len()
            ));
        }
        deck.extend(&mine[..missing]);
        Ok(deck)
    }

    /// Every signature card names a samurai that exists (called once all files are read).
    pub fn check_owners(&self) -> Result<(), GameError> {
        let mut p = ProblemList::in_file("senjutsu content");
        for c in &self.cards {
            if let Some(o) = &c.owner {
                p.require_card(self.samurai_by_id(o).is_some(), ProblemKind::UnknownId, &c.id, "owner", || {
                    format!("unknown samurai {o:?}")
                });
            }
        }
        p.into_result()
    }

    /// The cards a decklist names by id, in order, or every name that is no card.
    pub fn cards_by_id(&self, names: &[String]) -> Result<Vec<CardId>, Vec<String>> {
        let unknown: Vec<String> = names.iter().filter(|k| self.card_by_id(k).is_none()).cloned().collect();
        if unknown.is_empty() {
            Ok(names.iter().filter_map(|k| self.card_by_id(k)).collect())
        } else {
            Err(unknown)
        }
    }

    /// Every way `deck` breaks the deck rules for `samurai` (SJ-4.1, SJX-12): 40 cards, deck
    /// cards only, no other samurai's signature cards, no more copies than the pool holds, at
    /// most 8 of rank 3. Empty when it keeps them all.
    pub fn deck_problems(&self, samurai: usize, deck: &[CardId]) -> Vec<String> {
        let mut problems = Vec::new();
        if deck.len() != DECK_SIZE {
            problems.push(format!("a deck holds exactly {DECK_SIZE} ability cards, not {}", deck.len()));
        }
        let mut counts = vec![0u8; self.cards.len()];
        for &id in deck {
            let Some(card) = self.cards.get(usize::from(id.0)) else {
                problems.push(format!("card id {} does not exist", id.0));
                continue;
            };
            if !matches!(card.ty, CardType::Attack | CardType::Defense | CardType::Meditation) {
                problems.push(format!("{}: {} cards are not deck cards", card.id, card.ty.name()));
            }
            if let Some(o) = card.owner.as_ref().filter(|&o| *o != self.samurai[samurai].id) {
                problems.push(format!("{}: a signature card of {o}", card.id));
            }
            let n = &mut counts[usize::from(id.0)];
            *n = n.saturating_add(1);
            if *n == card.copies.saturating_add(1) {
                let held = deck.iter().filter(|&&d| d == id).count();
                problems.push(format!("{}: {held} copies, the pool has {}", card.id, card.copies));
            }
        }
        let rank3 = deck.iter().filter(|&&id| self.cards.get(usize::from(id.0)).is_some_and(|c| c.rank == 3)).count();
        if rank3 > 8 {
            problems.push(format!("{rank3} rank-3 cards; a deck holds at most 8"));
        }
        problems
    }

    /// [`Content::deck_problems`] as one message.
    pub fn validate_deck(&self, samurai: usize, deck: &[CardId]) -> Result<(), String> {
        let problems = self.deck_problems(samurai, deck);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    pub fn add_battlefields(&mut self, file: &str, text: &str) -> Result<(), GameError> {
        let raw: RawBattlefieldFile = parse_toml(file, text)?;
        let mut p = ProblemList::in_file(file);
        for r in raw.battlefield {
            let k = r.id.clone();
            if self.battlefield_by_id(&k).is_some() {
                p.add_card(
                    ProblemKind::Duplicate,
                    &k,
                    "id",
                    "already used, by a built-in entry or an earlier one: ids must be new",
                );
                continue;
            }
            match parse_map(&r.map) {
                Ok((cells, blocked, starts, terrain, rows)) => match Board::new(&cells, &blocked) {
                    Ok(board) => {
                        let far =
                            starts.iter().enumerate().all(|(i, a)| starts[..i].iter().all(|b| a.distance_to(*b) >= 3));
                        p.require_card(far, ProblemKind::OutOfRange, &k, "map", || {
                            "start hexes must be at least 3 apart".into()
                        });
                        p.require_card(cells.len() <= MAX_CELLS, ProblemKind::OutOfRange, &k, "map", || {
                            format!("at most {MAX_CELLS} hexes")
                        });
                        p.require_card((4..=6).contains(&starts.len()), ProblemKind::OutOfRange, &k, "map", || {
                            "4..=6 start hexes (S)".into()
                        });
                        self.battlefields.push(Battlefield { id: r.id, name: r.name, board, starts, terrain, rows });
                    }
                    Err(e) => p.add_card(ProblemKind::Invalid, &k, "map", e),
                },
                Err(e) => p.add_card(ProblemKind::Invalid, &k, "map", e),
            }
        }
        p.into_result()
    }
}

fn build_tree(raw: &RawTree, p: &mut ProblemList, k: &str) -> Tree {
    let nodes: Vec<(String, Zone)> = raw.nodes.iter().map(|n| (n.id.clone(), n.zone)).collect();
    p.require_card((2..=MAX_NODES).contains(&nodes.len()), ProblemKind::OutOfRange, k, "kamae.nodes", || {
        format!("2..={MAX_NODES} nodes")
    });
    p.require_card(
        nodes.first().is_some_and(|n| n.1 == Zone::Gate) && nodes.iter().skip(1).all(|n| n.1 != Zone::Gate),
        ProblemKind::Invalid,
        k,
        "kamae.nodes",
        || "the first node, and only it, is the gate".into(),
    );
    let mut links = vec![0u8; nodes.len()];
    if nodes.len() > MAX_NODES {
        // Refused above; a link bit per node fits only MAX_NODES of them.
        return Tree { nodes, links };
    }
    let find = |key: &str| nodes.iter().position(|n| n.0 == key);
    // SJ-3.5: the branches are 「相互につながった黒い線」 (lines connected to each other): a link
    // works both ways.
    for l in &raw.links {
        let Some((a, b)) = l.split_once('-') else {
            p.add_card(
                ProblemKind::Invalid,
                k,
                "kamae.links",
                format!("{l:?}: write \"a-b\" (branches work both ways)"),
            );
            continue;
        };
        match (find(a.trim()), find(b.trim())) {
            (Some(a), Some(b)) if a != b => {
                links[a] |= 1 << b;
                links[b] |= 1 << a;
            }
            _ => p.add_card(ProblemKind::UnknownId, k, "kamae.links", format!("{l:?}: unknown or equal nodes")),
        }
    }
    // Every stance must be reachable from the gate.
    let mut seen = 1u8;
    let mut frontier = 1u8;
    while frontier != 0 {
        let mut next = 0u8;
        for (i, &l) in links.iter().enumerate() {
            if frontier & (1 << i) != 0 {
                next |= l & !seen;
            }
        }
        seen |= next;
        frontier = next;
    }
    let all = if nodes.len() >= 8 { u8::MAX } else { (1u8 << nodes.len()) - 1 };
    p.require_card(seen == all, ProblemKind::Invalid, k, "kamae.links", || {
        "every node must be reachable from the gate".into()
    });
    Tree { nodes, links }
}
